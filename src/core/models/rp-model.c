/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-model.c: the scenario's model, resolved from the catalog's presets */

#include "config.h"

#include "rp-model.h"

#include "rp-error.h"
#include "rp-fields.h"

#include <glib/gi18n-lib.h>

/* ---- public API ----------------------------------------------------- */

gboolean
rp_model_resolve (const RpModelSpec *spec,
                  const RpCatalog   *catalog,
                  RpModelArch       *out,
                  GError           **error)
{
  g_return_val_if_fail (spec != NULL && catalog != NULL && out != NULL, FALSE);

  rp_model_arch_init_defaults (out);
  if (spec->preset != NULL)
    {
      const RpModelPreset *preset = rp_catalog_lookup_model (catalog, spec->preset);

      if (preset == NULL)
        {
          rp_error_set_key (error, RP_ERROR_UNKNOWN_MODEL, "model.preset",
                            _("“%s” is in no model catalog"), spec->preset);
          return FALSE;
        }
      *out = preset->arch;
    }
  else if ((spec->overridden & RP_ARCH_KIND) == 0 && spec->overridden == 0)
    {
      rp_error_set_key (error, RP_ERROR_MISSING_FIELD, "model",
                        _("give a preset or the architecture"));
      return FALSE;
    }
  /* most scenarios name a preset and change nothing of it */
  rp_fields_copy_arch (out, &spec->arch, spec->overridden);
  /* Changing the shape of a preset invalidates its published count. */
  if (spec->preset != NULL && (spec->overridden & RP_ARCH_PARAMS) == 0 &&
      (spec->overridden & ~(guint32) (RP_ARCH_INPUT_SIZE | RP_ARCH_ACT_BYTES | RP_ARCH_GFLOPS |
                                      RP_ARCH_ACT_BYTES_RECOMPUTE | RP_ARCH_RECOMPUTE_PEAK)) != 0 &&
      rp_model_kind_is_transformer (out->kind))
    out->params = 0;
  if ((spec->overridden & RP_ARCH_HEADS) && !(spec->overridden & RP_ARCH_KV_HEADS) &&
      out->kv_heads > out->heads)
    out->kv_heads = out->heads;
  return rp_model_arch_validate (out, "model", error);
}

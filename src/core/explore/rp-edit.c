/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-edit.c: one way to change a scenario (see rp-edit.h) */

#include "config.h"

#include "rp-edit.h"

#include "rp-error.h"
#include "rp-explore.h"
#include "rp-model.h"
#include "rp-prices.h"
#include "rp-units.h"

#include <glib/gi18n-lib.h>
#include <math.h>

/* ---- helpers -------------------------------------------------------- */

static gboolean
is_machine_field (const RpField *f)
{
  return f->ref == RP_FIELD_REF_GPU ||
         f->offset == G_STRUCT_OFFSET (RpScenario, hardware.gpus_per_node) ||
         f->offset == G_STRUCT_OFFSET (RpScenario, hardware.nodes);
}

/* @s on @gpu_id × @per × @nodes, moved as a whole; an unknown GPU is an
 * error, the scenario's own unknown GPU is only renumbered. */
static RpScenario *
move_machine (const RpScenario *s,
              const RpCatalog *catalog,
              const char      *gpu_id,
              guint            per,
              guint            nodes,
              const char      *key,
              GError         **error)
{
  const RpGpu *gpu = rp_catalog_lookup_gpu (catalog, gpu_id);
  RpScenario *moved;

  if (gpu == NULL && g_strcmp0 (gpu_id, s->hardware.gpu) != 0)
    {
      rp_error_set_key (error, RP_ERROR_UNKNOWN_GPU, key, _("no GPU “%s” in the catalog"),
                        gpu_id != NULL ? gpu_id : "");
      return NULL;
    }
  if (gpu == NULL)
    {
      moved = rp_scenario_copy (s);
      moved->hardware.gpus_per_node = per;
      moved->hardware.nodes = nodes;
      return moved;
    }
  moved = rp_explore_move (s, catalog, gpu, per, nodes);
  if (moved == NULL)
    rp_error_set_key (error, RP_ERROR_INVALID_VALUE, key,
                      _("the global batch cannot feed that many GPUs"));
  return moved;
}

/* Every money field of @s converted into @currency. */
static void
change_currency (RpScenario      *s,
                 const RpCatalog *catalog,
                 RpCurrency       currency)
{
  double rate = rp_prices_usd_to_cny (s, catalog);

  for (guint i = 0; i < rp_fields_n (); i++)
    {
      const RpField *f = rp_fields_get (i);
      double v;

      if (!(f->flags & RP_FIELD_MONEY))
        continue;
      v = rp_field_get_number (f, s);
      if (!isnan (v))
        rp_field_set_number (f, s, rp_units_convert_money (v, s->budget.currency, currency, rate));
    }
  s->budget.currency = currency;
}

/* A preset gives the whole architecture; none ("Custom") keeps what the
 * preset gave, now as the user's own. */
static gboolean
set_preset (RpScenario      *s,
            const RpCatalog *catalog,
            const char      *preset,
            GError         **error)
{
  RpModelSpec *spec = &s->model;
  RpModelArch arch;

  if (preset != NULL)
    {
      if (rp_catalog_lookup_model (catalog, preset) == NULL)
        {
          rp_error_set_key (error, RP_ERROR_UNKNOWN_MODEL, "model.preset",
                            _("“%s” is in no model catalog"), preset);
          return FALSE;
        }
      spec->overridden = 0;
    }
  else if (spec->preset != NULL && rp_model_resolve (spec, catalog, &arch, NULL))
    {
      spec->arch = arch;
      for (guint i = 0; i < rp_fields_n (); i++)
        spec->overridden |= rp_fields_get (i)->arch_bit;
      spec->arch.params = (guint64) rp_model_params (&arch);
    }
  rp_scenario_set_preset (s, preset);
  return TRUE;
}

/* Sets one field that is not the machine's on @s. */
static gboolean
set_field (RpScenario      *s,
           const RpCatalog *catalog,
           const RpField   *f,
           double           value,
           const char      *text,
           GError         **error)
{
  if (f->type == RP_FIELD_STRING)
    {
      char **slot = rp_field_member (f, s);

      if (text != NULL && *text == '\0' && f->section != RP_SECTION_NONE)
        text = NULL;
      if (f->ref == RP_FIELD_REF_MODEL)
        return set_preset (s, catalog, text, error);
      g_free (*slot);
      *slot = g_strdup (text);
      return TRUE;
    }
  if (f->arch_bit != 0 && isnan (value))
    {
      s->model.overridden &= ~f->arch_bit;
      return TRUE;
    }
  if (!rp_field_check (f, value, error))
    return FALSE;
  if (f->offset == G_STRUCT_OFFSET (RpScenario, budget.currency) && f->arch_bit == 0)
    change_currency (s, catalog, (RpCurrency) value);
  else if (f->arch_bit != 0)
    {
      s->model.overridden |= f->arch_bit;
      rp_field_set_number (f, &s->model.arch, value);
    }
  else
    rp_field_set_number (f, s, value);
  return TRUE;
}

/* Sets every change of @changes that is not the machine's on @s, in order. */
static gboolean
set_other_fields (RpScenario      *s,
                  const RpCatalog *catalog,
                  const GArray    *changes,
                  GError         **error)
{
  for (guint i = 0; i < changes->len; i++)
    {
      const RpChange *c = &g_array_index (changes, RpChange, i);
      const RpField *f = rp_fields_lookup (c->key);

      if (!is_machine_field (f) && !set_field (s, catalog, f, c->to, c->to_text, error))
        return FALSE;
    }
  return TRUE;
}

/* ---- public API ----------------------------------------------------- */

RpScenario *
rp_scenario_edit (const RpScenario *scenario,
                  const RpCatalog  *catalog,
                  const char       *key,
                  double            value,
                  const char       *text,
                  GError          **error)
{
  g_autoptr(GArray) changes = NULL;
  RpChange c = { .key = key, .from = NAN, .to = value, .to_text = (char *) text };

  g_return_val_if_fail (scenario != NULL && catalog != NULL && key != NULL, NULL);

  changes = g_array_new (FALSE, TRUE, sizeof (RpChange));
  g_array_append_val (changes, c);
  return rp_scenario_edit_all (scenario, catalog, changes, error);
}

RpScenario *
rp_scenario_edit_all (const RpScenario *scenario,
                      const RpCatalog  *catalog,
                      const GArray     *changes,
                      GError          **error)
{
  g_autoptr(RpScenario) out = NULL, moved = NULL;
  const char *gpu, *machine_key = NULL;
  guint per, nodes;

  g_return_val_if_fail (scenario != NULL && catalog != NULL && changes != NULL, NULL);

  gpu = scenario->hardware.gpu;
  per = scenario->hardware.gpus_per_node;
  nodes = scenario->hardware.nodes;

  /* the machine first, as one move: its parts are not independent */
  for (guint i = 0; i < changes->len; i++)
    {
      const RpChange *c = &g_array_index (changes, RpChange, i);
      const RpField *f = rp_fields_lookup (c->key);

      g_return_val_if_fail (f != NULL, NULL);
      if (!is_machine_field (f))
        continue;
      if (f->ref != RP_FIELD_REF_GPU && !rp_field_check (f, c->to, error))
        return NULL;
      if (f->ref == RP_FIELD_REF_GPU)
        gpu = c->to_text;
      else if (f->offset == G_STRUCT_OFFSET (RpScenario, hardware.gpus_per_node))
        per = (guint) c->to;
      else
        nodes = (guint) c->to;
      machine_key = c->key;
    }
  out = rp_scenario_copy (scenario);
  if (!set_other_fields (out, catalog, changes, error))
    return NULL;
  if (machine_key == NULL)
    return g_steal_pointer (&out);
  /* the move sees the new batch and split; what it derives for the new
   * machine gives way to what @changes say */
  moved = move_machine (out, catalog, gpu, per, nodes, machine_key, error);
  if (moved == NULL || !set_other_fields (moved, catalog, changes, error))
    return NULL;
  return g_steal_pointer (&moved);
}

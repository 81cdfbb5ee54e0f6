/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-accuracy.c: reading data/catalogs/accuracy.json
 *
 * Each entry of "bands" is one group's spread of the signed error of one
 * quantity over the published cases, as tools/accuracy/accuracy.py
 * computed it (docs/accuracy.md shows the same cases one by one). */

#include "config.h"

#include "rp-accuracy.h"
#include "rp-accuracy-private.h"

#include "rp-error.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* ---- private structs ------------------------------------------------ */

/* What a group names: "framework:NAME", "kind:NAME", or a plain name
 * ("all"). */
typedef enum
{
  SCOPE_PLAIN,
  SCOPE_FRAMEWORK,
  SCOPE_KIND,
} Scope;

typedef struct
{
  RpAccuracyQuantity quantity;
  RpAccuracyBand     band;
  char              *group;     /* owned; band.group points at it */
  Scope              scope;     /* the group's prefix, read once at load */
  const char        *name;      /* in group, after its prefix */
} Entry;

struct _RpAccuracy
{
  GPtrArray *entries;           /* Entry*, owned */
  /* rp_accuracy_lookup() of each stack and model kind, resolved at load:
   * every estimate asks twice, and a string scan costs it hundreds of
   * instructions */
  const RpAccuracyBand *index[RP_N_ACCURACY_QUANTITIES][RP_N_FRAMEWORKS][RP_N_MODEL_KINDS];
};

static const char *const quantity_names[RP_N_ACCURACY_QUANTITIES] = { "memory", "throughput" };

/* ---- helpers -------------------------------------------------------- */

static void
entry_free (gpointer data)
{
  Entry *e = data;

  g_free (e->group);
  g_free (e);
}

static gboolean
read_entry (const cJSON *item,
            guint        index,
            Entry       *out,
            GError     **error)
{
  g_autofree char *path = g_strdup_printf ("bands[%u]", index);
  g_autofree char *quantity = NULL;
  double n = 0;
  guint q;

  if (!rp_json_read_string (item, path, "quantity", TRUE, &quantity, error) ||
      !rp_json_read_string (item, path, "group", TRUE, &out->group, error) ||
      !rp_json_read_number (item, path, "n", TRUE, 1, 1e6, &n, error) ||
      !rp_json_read_number (item, path, "p10", TRUE, -0.99, 100, &out->band.p10, error) ||
      !rp_json_read_number (item, path, "p90", TRUE, -0.99, 100, &out->band.p90, error) ||
      !rp_json_read_number (item, path, "median", TRUE, -0.99, 100, &out->band.median, error))
    return FALSE;
  for (q = 0; q < RP_N_ACCURACY_QUANTITIES; q++)
    if (strcmp (quantity, quantity_names[q]) == 0)
      break;
  if (q == RP_N_ACCURACY_QUANTITIES)
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "quantity",
                        _("%s.quantity: “%s” is neither “memory” nor “throughput”"), path,
                        quantity);
      return FALSE;
    }
  if (out->band.p10 > out->band.p90)
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "p10",
                        _("%s.p10: above p90"), path);
      return FALSE;
    }
  out->quantity = q;
  out->band.n = (guint) n;
  out->band.group = out->group;
  out->scope = SCOPE_PLAIN;
  out->name = out->group;
  if (g_str_has_prefix (out->group, "framework:"))
    {
      out->scope = SCOPE_FRAMEWORK;
      out->name = out->group + strlen ("framework:");
    }
  else if (g_str_has_prefix (out->group, "kind:"))
    {
      out->scope = SCOPE_KIND;
      out->name = out->group + strlen ("kind:");
    }
  return TRUE;
}

/* The band of the group "@scope:@name" (SCOPE_FRAMEWORK, "megatron"); no
 * allocation and one string compared per entry of the scope: every
 * estimate asks. */
static const RpAccuracyBand *
find (const RpAccuracy   *self,
      RpAccuracyQuantity  quantity,
      Scope               scope,
      const char         *name)
{
  for (guint i = 0; i < self->entries->len; i++)
    {
      const Entry *e = g_ptr_array_index (self->entries, i);

      if (e->quantity == quantity && e->scope == scope && strcmp (e->name, name) == 0)
        return &e->band;
    }
  return NULL;
}

/* ---- public API ----------------------------------------------------- */

RpAccuracy *
rp_accuracy_load (const cJSON *root,
                  GError     **error)
{
  g_autoptr(RpAccuracy) self = g_new0 (RpAccuracy, 1);
  const cJSON *bands, *item;
  guint i = 0;

  g_return_val_if_fail (root != NULL, NULL);

  self->entries = g_ptr_array_new_with_free_func (entry_free);
  bands = cJSON_GetObjectItemCaseSensitive (root, "bands");
  if (!cJSON_IsArray (bands))
    {
      rp_error_set_key (error, RP_ERROR_MISSING_FIELD, "bands",
                        _("bands: expected an array of error bands"));
      return NULL;
    }
  cJSON_ArrayForEach (item, bands)
    {
      Entry *e = g_new0 (Entry, 1);

      g_ptr_array_add (self->entries, e);
      if (!read_entry (item, i++, e, error))
        return NULL;
    }
  for (guint q = 0; q < RP_N_ACCURACY_QUANTITIES; q++)
    for (guint f = 0; f < RP_N_FRAMEWORKS; f++)
      for (guint k = 0; k < RP_N_MODEL_KINDS; k++)
        self->index[q][f][k] = rp_accuracy_lookup (self, q, rp_framework_to_string (f),
                                                   rp_model_kind_to_string (k));
  return g_steal_pointer (&self);
}

void
rp_accuracy_free (RpAccuracy *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->entries, g_ptr_array_unref);
  g_free (self);
}

const RpAccuracyBand *
rp_accuracy_lookup (const RpAccuracy   *self,
                    RpAccuracyQuantity  quantity,
                    const char         *framework,
                    const char         *kind)
{
  const RpAccuracyBand *band = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail ((guint) quantity < RP_N_ACCURACY_QUANTITIES, NULL);

  if (framework != NULL)
    band = find (self, quantity, SCOPE_FRAMEWORK, framework);
  if (band == NULL && kind != NULL)
    band = find (self, quantity, SCOPE_KIND, kind);
  if (band == NULL)
    band = find (self, quantity, SCOPE_PLAIN, "all");
  return band;
}

const RpAccuracyBand *
rp_accuracy_lookup_for (const RpAccuracy   *self,
                        RpAccuracyQuantity  quantity,
                        RpFramework         framework,
                        RpModelKind         kind)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail ((guint) quantity < RP_N_ACCURACY_QUANTITIES, NULL);

  if ((guint) framework >= RP_N_FRAMEWORKS || (guint) kind >= RP_N_MODEL_KINDS)
    return rp_accuracy_lookup (self, quantity, rp_framework_to_string (framework),
                               rp_model_kind_to_string (kind));
  return self->index[quantity][framework][kind];
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-server-shapes.c: the machines a GPU is sold in (servers.json) and
 * the whole-server quotes of purchases.json
 *
 * An expert buys GPUs as the machines vendors sell: an SXM module comes
 * on an HGX baseboard of 4 or 8 (NVIDIA, "Introducing NVIDIA HGX A100",
 * 2020: the 8-GPU baseboard with NVSwitch and the 4-GPU one with NVLink),
 * a GeForce card in a workstation or a 4U server.  The shape decides the
 * GPUs a node may hold and the platform price around them. */

#include "config.h"

#include "rp-market-private.h"

#include "rp-age.h"
#include "rp-units.h"

#include <string.h>

/* ---- helpers -------------------------------------------------------- */

static const RpIdList *
shapes_of (const RpCatalog *self)
{
  return &rp_catalog_get_market_data (self)->shapes;
}

static guint
largest_count (const RpServerShape *shape)
{
  return shape->counts[shape->n_counts - 1];
}

/* Whether @a is the better machine than @b for a node: the one with
 * fewer GPU slots (a workstation for two cards, not an 8-slot server);
 * for a cluster (@rack), a rack-mounted one before a workstation. */
static gboolean
smaller_machine (const RpServerShape *a,
                 const RpServerShape *b,
                 gboolean             rack)
{
  gboolean a_desk = a->kind == RP_SHAPE_WORKSTATION, b_desk = b->kind == RP_SHAPE_WORKSTATION;

  if (rack && a_desk != b_desk)
    return !a_desk;
  return largest_count (a) < largest_count (b);
}

static int
compare_uint (gconstpointer a,
              gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : x > y;
}

/* ---- public API ----------------------------------------------------- */

guint
rp_catalog_n_server_shapes (const RpCatalog *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return shapes_of (self)->live->len;
}

const RpServerShape *
rp_catalog_get_server_shape (const RpCatalog *self,
                             guint            i)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (i < shapes_of (self)->live->len, NULL);
  return g_ptr_array_index (shapes_of (self)->live, i);
}

const RpServerShape *
rp_catalog_lookup_server_shape (const RpCatalog *self,
                                const char      *id)
{
  g_return_val_if_fail (self != NULL, NULL);
  return rp_id_list_lookup (shapes_of (self), id);
}

gboolean
rp_server_shape_takes (const RpServerShape *shape,
                       const char          *gpu_id)
{
  g_return_val_if_fail (shape != NULL, FALSE);
  return rp_market_ids_contain (shape->gpus, gpu_id);
}

gboolean
rp_server_shape_allows (const RpServerShape *shape,
                        guint                gpus_per_node)
{
  g_return_val_if_fail (shape != NULL, FALSE);

  for (guint i = 0; i < shape->n_counts; i++)
    if (shape->counts[i] == gpus_per_node)
      return TRUE;
  return FALSE;
}

GPtrArray *
rp_catalog_server_shapes_for_gpu (const RpCatalog *self,
                                  const char      *gpu_id)
{
  GPtrArray *out = g_ptr_array_new ();

  g_return_val_if_fail (self != NULL, out);

  for (guint i = 0; i < rp_catalog_n_server_shapes (self); i++)
    {
      const RpServerShape *shape = rp_catalog_get_server_shape (self, i);

      if (rp_server_shape_takes (shape, gpu_id))
        g_ptr_array_add (out, (gpointer) shape);
    }
  return out;
}

RpShapeFit
rp_catalog_shape_for (const RpCatalog      *self,
                      const char           *gpu_id,
                      guint                 gpus_per_node,
                      guint                 nodes,
                      const RpServerShape **out)
{
  if (out != NULL)
    *out = NULL;
  g_return_val_if_fail (self != NULL, RP_SHAPE_FIT_UNKNOWN);

  return rp_gpu_market_shape_for (rp_market_data_for_gpu (rp_catalog_get_market_data (self),
                                                          gpu_id),
                                  gpus_per_node, nodes, out);
}

RpShapeFit
rp_gpu_market_shape_for (const RpGpuMarket    *m,
                         guint                 gpus_per_node,
                         guint                 nodes,
                         const RpServerShape **out)
{
  const RpServerShape *exact = NULL, *larger = NULL;
  gboolean any = FALSE;

  if (out != NULL)
    *out = NULL;
  /* every estimate asks: no allocation */
  for (guint i = 0; m != NULL && i < m->shapes->len; i++)
    {
      const RpServerShape *s = g_ptr_array_index (m->shapes, i);

      any = TRUE;
      if (rp_server_shape_allows (s, gpus_per_node))
        {
          if (exact == NULL || smaller_machine (s, exact, nodes > 1))
            exact = s;
        }
      else if (largest_count (s) > gpus_per_node &&
               (larger == NULL || smaller_machine (s, larger, nodes > 1)))
        larger = s;
    }
  if (!any)
    return RP_SHAPE_FIT_UNKNOWN;
  if (out != NULL)
    *out = exact != NULL ? exact : larger;
  return exact != NULL ? RP_SHAPE_FIT_OK : RP_SHAPE_FIT_NOT_SOLD;
}

guint *
rp_catalog_purchasable_counts (const RpCatalog *self,
                               const char      *gpu_id,
                               guint           *n_out)
{
  g_autoptr(GPtrArray) shapes = NULL;
  g_autoptr(GArray) counts = NULL;

  g_return_val_if_fail (self != NULL && n_out != NULL, NULL);

  *n_out = 0;
  shapes = rp_catalog_server_shapes_for_gpu (self, gpu_id);
  if (shapes->len == 0)
    return NULL;
  counts = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < shapes->len; i++)
    {
      const RpServerShape *s = g_ptr_array_index (shapes, i);

      for (guint c = 0; c < s->n_counts; c++)
        g_array_append_val (counts, s->counts[c]);
    }
  g_array_sort (counts, compare_uint);
  for (guint i = 1; i < counts->len;)
    if (g_array_index (counts, guint, i) == g_array_index (counts, guint, i - 1))
      g_array_remove_index (counts, i);
    else
      i++;
  *n_out = counts->len;
  return (guint *) g_array_free (g_steal_pointer (&counts), FALSE);
}

guint
rp_catalog_purchasable_gpus_per_node (const RpCatalog *self,
                                      const char      *gpu_id,
                                      guint            want)
{
  g_autofree guint *counts = NULL;
  guint n = 0;

  g_return_val_if_fail (self != NULL, want);

  counts = rp_catalog_purchasable_counts (self, gpu_id, &n);
  if (counts == NULL)
    return want;        /* not known: nothing to round to */
  for (guint i = 0; i < n; i++)
    if (counts[i] >= want)
      return counts[i];
  return 0;
}

const RpShapePrice *
rp_server_shape_find_price (const RpServerShape *shape,
                            RpCurrency           preferred)
{
  const RpShapePrice *best = NULL;

  g_return_val_if_fail (shape != NULL, NULL);

  for (guint i = 0; i < shape->n_prices; i++)
    {
      const RpShapePrice *p = &shape->prices[i];
      gboolean p_preferred = p->currency == preferred;

      if (best == NULL ||
          (p_preferred && best->currency != preferred) ||
          (p_preferred == (best->currency == preferred) &&
           rp_as_of_compare (p->as_of, best->as_of) > 0))
        best = p;
    }
  return best;
}

const char *
rp_server_shape_get_name (const RpServerShape *shape)
{
  g_return_val_if_fail (shape != NULL, NULL);

  if (shape->name_zh != NULL && rp_units_reads_chinese ())
    return shape->name_zh;
  return shape->name;
}

const char *
rp_shape_fit_to_string (RpShapeFit fit)
{
  static const char *const names[RP_N_SHAPE_FITS] = { "unknown", "ok", "not-sold" };

  g_return_val_if_fail ((guint) fit < RP_N_SHAPE_FITS, NULL);
  return names[fit];
}

const RpPurchasePrice *
rp_catalog_find_server_purchase (const RpCatalog *self,
                                 const char      *gpu_id,
                                 guint            gpus_per_server,
                                 RpCondition      condition,
                                 RpCurrency       preferred)
{
  const RpPurchasePrice *best = NULL;

  g_return_val_if_fail (self != NULL, NULL);

  for (guint i = 0; i < rp_catalog_n_purchases (self); i++)
    {
      const RpPurchasePrice *p = rp_catalog_get_purchase (self, i);
      gboolean p_preferred = p->currency == preferred;

      if (!p->server || p->gpus_per_server != gpus_per_server || p->condition != condition ||
          g_strcmp0 (p->gpu, gpu_id) != 0)
        continue;
      if (best == NULL ||
          (p_preferred && best->currency != preferred) ||
          (p_preferred == (best->currency == preferred) &&
           rp_as_of_compare (p->as_of, best->as_of) > 0))
        best = p;
    }
  return best;
}

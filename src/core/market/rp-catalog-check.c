/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-catalog-check.c: every hole in the catalogs */

#include "config.h"

#include "rp-catalog-check.h"

#include "rp-age.h"

#include <string.h>

static const char *const kind_names[RP_N_HOLE_KINDS] = {
  "unknown-figure", "unknown-support", "derived", "no-rent", "no-purchase", "stale",
  "unsourced", "listing", "unknown-provider", "shape-unstated",
};

static const char *const entry_names[RP_N_HOLE_ENTRIES] = {
  "gpu", "offer", "purchase", "region",
};

/* The precisions "catalog check" reads, and their rate fields. */
static const RpPrecision checked_precisions[] = {
  RP_PRECISION_FP32, RP_PRECISION_FP16_MIXED, RP_PRECISION_BF16_MIXED, RP_PRECISION_FP8_MIXED,
};

/* ---- helpers -------------------------------------------------------- */

static RpCatalogHole *
add (GArray      *holes,
     RpHoleEntry  entry,
     const char  *id,
     RpHoleKind   kind,
     const char  *key)
{
  RpCatalogHole hole = { 0 };

  hole.entry = entry;
  hole.id = id;
  hole.kind = kind;
  hole.key = key;
  g_array_append_val (holes, hole);
  return &g_array_index (holes, RpCatalogHole, holes->len - 1);
}

static void
check_age (GArray      *holes,
           RpHoleEntry  entry,
           const char  *id,
           const char  *key,
           const char  *as_of,
           GDate       *today)
{
  double months = 0;
  RpCatalogHole *hole;

  if (!rp_price_is_stale (as_of, today) || !rp_as_of_months (as_of, today, &months))
    return;
  hole = add (holes, entry, id, RP_HOLE_STALE, key);
  hole->age_months = months;
  hole->as_of = as_of;
}

static void
check_source (GArray      *holes,
              RpHoleEntry  entry,
              const char  *id,
              const char  *source,
              const char  *source_kind)
{
  if (source == NULL || *source == '\0')
    add (holes, entry, id, RP_HOLE_UNSOURCED, "source");
  else if (source_kind == NULL || *source_kind == '\0')
    add (holes, entry, id, RP_HOLE_UNSOURCED, "source_kind");
  else if (strstr (source_kind, "listing") != NULL)
    add (holes, entry, id, RP_HOLE_LISTING, "source_kind");
}

/* The precision an estimate on @gpu trains in by default: BF16, or FP16
 * where a source says the GPU lacks BF16 (Volta, Turing). */
static RpPrecision
usual_precision (const RpGpu *gpu)
{
  return rp_gpu_precision_support (gpu, RP_PRECISION_BF16_MIXED) == RP_SUPPORT_NO
         ? RP_PRECISION_FP16_MIXED : RP_PRECISION_BF16_MIXED;
}

static gboolean
can_buy (const RpCatalog *catalog,
         const RpGpu     *gpu)
{
  if (gpu->price_usd > 0)
    return TRUE;
  for (guint i = 0; i < rp_catalog_n_purchases (catalog); i++)
    if (g_strcmp0 (rp_catalog_get_purchase (catalog, i)->gpu, gpu->id) == 0)
      return TRUE;
  return FALSE;
}

static void
check_gpu (const RpCatalog *catalog,
           const RpGpu     *gpu,
           GDate           *today,
           GArray          *holes)
{
  RpPrecision usual = usual_precision (gpu);
  RpCatalogHole *hole;

  /* what stops a time or a power draw */
  if (!(gpu->memory_bandwidth_gb_s > 0))
    add (holes, RP_HOLE_GPU, gpu->id, RP_HOLE_UNKNOWN_FIGURE,
         "memory_bandwidth_gb_s")->blocking = TRUE;
  if (!(gpu->tdp_w > 0))
    add (holes, RP_HOLE_GPU, gpu->id, RP_HOLE_UNKNOWN_FIGURE, "tdp_w")->blocking = TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (checked_precisions); i++)
    {
      RpPrecision p = checked_precisions[i];
      RpSupport support = rp_gpu_precision_support (gpu, p);
      gboolean blocks = p == usual;

      if (support == RP_SUPPORT_UNKNOWN)
        {
          hole = add (holes, RP_HOLE_GPU, gpu->id, RP_HOLE_UNKNOWN_SUPPORT, "precisions");
          hole->precision = p;
          hole->blocking = blocks;
        }
      else if (support == RP_SUPPORT_YES && !(rp_gpu_peak_tflops (gpu, p) > 0))
        {
          hole = add (holes, RP_HOLE_GPU, gpu->id, RP_HOLE_UNKNOWN_FIGURE,
                      rp_gpu_field_to_key (rp_gpu_precision_field (p)));
          hole->precision = p;
          hole->blocking = blocks;
        }
    }
  /* what is shown, not estimated with */
  if (gpu->stack == RP_STACK_CUDA && gpu->compute_capability == NULL)
    add (holes, RP_HOLE_GPU, gpu->id, RP_HOLE_UNKNOWN_FIGURE, "stack.compute_capability");
  if (gpu->pcie_gen == 0)
    add (holes, RP_HOLE_GPU, gpu->id, RP_HOLE_UNKNOWN_FIGURE, "pcie_gen");
  for (guint b = 0; b < RP_N_GPU_FIELDS; b++)
    {
      const RpGpuDerivation *d = rp_gpu_field_derivation (gpu, 1u << b);

      if (d == NULL)
        continue;
      hole = add (holes, RP_HOLE_GPU, gpu->id, RP_HOLE_DERIVED, rp_gpu_field_to_key (1u << b));
      hole->from = d->from_gpu;
    }
  if (rp_catalog_gpu_offers (catalog, gpu->id) == NULL)
    add (holes, RP_HOLE_GPU, gpu->id, RP_HOLE_NO_RENT, "offers");
  if (!can_buy (catalog, gpu))
    add (holes, RP_HOLE_GPU, gpu->id, RP_HOLE_NO_PURCHASE, "price_usd");
  else if (gpu->price_usd > 0)
    {
      if (g_strcmp0 (gpu->price_kind, "listing") == 0)
        add (holes, RP_HOLE_GPU, gpu->id, RP_HOLE_LISTING, "price_kind");
      check_age (holes, RP_HOLE_GPU, gpu->id, "price_as_of", gpu->price_as_of, today);
    }
  check_source (holes, RP_HOLE_GPU, gpu->id, gpu->source, gpu->source_kind);
}

static void
check_offer (const RpCloudOffer *offer,
             GDate              *today,
             GArray             *holes)
{
  check_age (holes, RP_HOLE_OFFER, offer->id, "as_of", offer->as_of, today);
  check_source (holes, RP_HOLE_OFFER, offer->id, offer->source, offer->source_kind);
  if (!rp_cloud_offer_provider_known (offer))
    add (holes, RP_HOLE_OFFER, offer->id, RP_HOLE_UNKNOWN_PROVIDER, "provider");
  if (offer->billing == RP_BILLING_GPU && offer->max_gpus_per_node == 0)
    add (holes, RP_HOLE_OFFER, offer->id, RP_HOLE_SHAPE_UNSTATED, "max_gpus_per_node");
}

/* ---- public API ----------------------------------------------------- */

GArray *
rp_catalog_check (const RpCatalog *catalog,
                  GDate           *today)
{
  GArray *holes;

  g_return_val_if_fail (catalog != NULL && today != NULL, NULL);

  holes = g_array_new (FALSE, TRUE, sizeof (RpCatalogHole));
  for (guint i = 0; i < rp_catalog_n_gpus (catalog); i++)
    check_gpu (catalog, rp_catalog_get_gpu (catalog, i), today, holes);
  for (guint i = 0; i < rp_catalog_n_clouds (catalog); i++)
    check_offer (rp_catalog_get_cloud (catalog, i), today, holes);
  for (guint i = 0; i < rp_catalog_n_purchases (catalog); i++)
    {
      const RpPurchasePrice *p = rp_catalog_get_purchase (catalog, i);

      check_age (holes, RP_HOLE_PURCHASE, p->id, "as_of", p->as_of, today);
      check_source (holes, RP_HOLE_PURCHASE, p->id, p->source, p->source_kind);
    }
  for (guint i = 0; i < rp_catalog_n_regions (catalog); i++)
    {
      const RpRegion *r = rp_catalog_get_region (catalog, i);

      if (!(r->electricity_per_kwh > 0))
        add (holes, RP_HOLE_REGION, r->id, RP_HOLE_UNKNOWN_FIGURE, "electricity_per_kwh");
      else
        check_age (holes, RP_HOLE_REGION, r->id, "as_of", r->as_of, today);
      check_source (holes, RP_HOLE_REGION, r->id, r->source, r->source_kind);
    }
  return holes;
}

guint
rp_catalog_check_n_blocking (GArray *holes)
{
  guint n = 0;

  g_return_val_if_fail (holes != NULL, 0);

  for (guint i = 0; i < holes->len; i++)
    n += g_array_index (holes, RpCatalogHole, i).blocking;
  return n;
}

const char *
rp_hole_kind_to_string (RpHoleKind kind)
{
  g_return_val_if_fail ((guint) kind < RP_N_HOLE_KINDS, NULL);
  return kind_names[kind];
}

const char *
rp_hole_entry_to_string (RpHoleEntry entry)
{
  g_return_val_if_fail ((guint) entry < RP_N_HOLE_ENTRIES, NULL);
  return entry_names[entry];
}

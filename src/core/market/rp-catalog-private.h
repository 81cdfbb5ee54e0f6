/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-catalog-private.h: what the catalog's loader files share; only
 * rp-catalog.c and rp-catalog-market.c include this. */
#pragma once

#include "rp-catalog.h"
#include "rp-json-private.h"

G_BEGIN_DECLS

/* rp-catalog.c: "id" (a–z, 0–9, "-", "_", "."), and "source", "as_of"
 * (required) and "notes" (optional). */
gboolean               rp_catalog_read_id          (const cJSON  *item,
                                                    const char   *path,
                                                    char        **out,
                                                    GError      **error);
gboolean               rp_catalog_read_provenance  (const cJSON  *item,
                                                    const char   *path,
                                                    char        **source,
                                                    char        **as_of,
                                                    char        **notes,
                                                    GError      **error);

/* The largest price per GPU-hour and purchase price a file may hold. */
#define RP_CATALOG_MAX_PER_GPU_HOUR 1e6
#define RP_CATALOG_MAX_PURCHASE     1e10

/* rp-catalog.c: the key of @kind in an offer's "per_gpu_hour". */
const char            *rp_catalog_rent_kind_key    (RpRentKind    kind);

/* rp-catalog-market.c: entries of purchases.json, "prices". */
gboolean               rp_purchase_read            (const cJSON  *item,
                                                    const char   *path,
                                                    gpointer     *out,
                                                    GError      **error);
void                   rp_purchase_free            (gpointer      data);
/* rp-catalog-market.c: entries of regions.json, "regions". */
gboolean               rp_region_read              (const cJSON  *item,
                                                    const char   *path,
                                                    gpointer     *out,
                                                    GError      **error);
void                   rp_region_free              (gpointer      data);
/* rp-catalog.c: a region's "tariff" object (RpTariff), and its strings'
 * release (rp_region_read, rp_region_free). */
gboolean               rp_region_read_tariff       (const cJSON  *item,
                                                    const char   *path,
                                                    RpRegion     *region,
                                                    GError      **error);
void                   rp_region_clear_tariff      (RpRegion     *region);
/* rp_catalog_find_purchase () over @prices (RpPurchasePrice*). */
const RpPurchasePrice *rp_purchases_find           (GPtrArray    *prices,
                                                    const char   *gpu_id,
                                                    RpCondition   condition,
                                                    RpCurrency    preferred);

G_END_DECLS

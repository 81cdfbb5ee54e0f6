/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-market-private.h: what the market files share (rp-market.c,
 * rp-server-shapes.c, rp-availability.c) and the catalog's hook into
 * them (rp-catalog.c). */
#pragma once

#include "rp-market.h"

#include <cjson/cJSON.h>

G_BEGIN_DECLS

/* Entries in catalog order with their ids hashed.  A later file's entry
 * with the same id takes the old one's place; the old one stays owned,
 * unlisted, until the catalog is freed (estimates borrow its strings). */
typedef struct
{
  GPtrArray  *owned;            /* every entry read; frees them */
  GPtrArray  *live;             /* the listed ones, borrowed from @owned */
  GHashTable *index;            /* id (borrowed) → position in @live + 1 */
} RpIdList;

/* What the market data says of one GPU, in catalog order: every estimate
 * asks, so it is found by one hash lookup, not by comparing ids. */
typedef struct
{
  GPtrArray *shapes;            /* RpServerShape* that take it, borrowed */
  GPtrArray *availability;      /* RpAvailabilityEntry* naming it, borrowed */
} RpGpuMarket;

typedef struct _RpMarketData
{
  RpIdList shapes;              /* RpServerShape* */
  RpIdList markets;             /* RpMarket* */
  RpIdList rules;               /* RpMarketRule* */
  RpIdList availability;        /* RpAvailabilityEntry* */
  RpIdList licences;            /* RpLicenceTerm* */
  GHashTable *by_gpu;           /* GPU id (borrowed) → RpGpuMarket*, remade by each load */
} RpMarketData;

/* rp-market.c */
RpMarketData *rp_market_data_new      (void);
void          rp_market_data_free     (RpMarketData *data);
/* Whether @format ("rigplan-servers", "rigplan-market") is read here. */
gboolean      rp_market_data_handles  (const char   *format);
/* Reads one file of @format; a file with an error adds nothing. */
gboolean      rp_market_data_load     (RpMarketData *data,
                                       const cJSON  *root,
                                       const char   *format,
                                       GError      **error);
gpointer      rp_id_list_lookup       (const RpIdList *list,
                                       const char     *id);
/* The shapes and availability entries of @gpu_id; NULL when it has none. */
const RpGpuMarket *rp_market_data_for_gpu (const RpMarketData *data,
                                           const char         *gpu_id);

/* rp_catalog_availability_in() and rp_catalog_shape_for() of the GPU
 * whose rp_market_data_for_gpu() is @gpu_market (may be NULL): one
 * lookup serves both (rp_prices_resolve, every estimate). */
void          rp_gpu_market_availability_in (const RpCatalog      *self,
                                             const RpGpuMarket    *gpu_market,
                                             const RpMarket       *market,
                                             RpCondition           condition,
                                             RpAvailability       *out);
RpShapeFit    rp_gpu_market_shape_for (const RpGpuMarket    *gpu_market,
                                       guint                 gpus_per_node,
                                       guint                 nodes,
                                       const RpServerShape **out);

/* rp-catalog.c: the catalog's market data (never NULL). */
RpMarketData *rp_catalog_get_market_data (const RpCatalog *self);

/* Whether NULL-terminated @ids holds @id. */
gboolean      rp_market_ids_contain   (char *const  *ids,
                                       const char   *id);

G_END_DECLS

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

typedef struct _RpMarketData
{
  RpIdList shapes;              /* RpServerShape* */
  RpIdList markets;             /* RpMarket* */
  RpIdList rules;               /* RpMarketRule* */
  RpIdList availability;        /* RpAvailabilityEntry* */
  RpIdList licences;            /* RpLicenceTerm* */
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

/* rp-catalog.c: the catalog's market data (never NULL). */
RpMarketData *rp_catalog_get_market_data (const RpCatalog *self);

/* Whether NULL-terminated @ids holds @id. */
gboolean      rp_market_ids_contain   (char *const  *ids,
                                       const char   *id);

G_END_DECLS

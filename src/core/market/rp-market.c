/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-market.c: the catalog's markets, dated rules and licence terms
 * (read by rp-market-data.c) */

#include "config.h"

#include "rp-market-private.h"

#include "rp-age.h"
#include "rp-catalog-private.h"
#include "rp-error.h"
#include "rp-units.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* ---- public API: markets -------------------------------------------- */

guint
rp_catalog_n_markets (const RpCatalog *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return rp_catalog_get_market_data (self)->markets.live->len;
}

const RpMarket *
rp_catalog_get_market (const RpCatalog *self,
                       guint            i)
{
  const RpIdList *list;

  g_return_val_if_fail (self != NULL, NULL);
  list = &rp_catalog_get_market_data (self)->markets;
  g_return_val_if_fail (i < list->live->len, NULL);
  return g_ptr_array_index (list->live, i);
}

const RpMarket *
rp_catalog_lookup_market (const RpCatalog *self,
                          const char      *id)
{
  g_return_val_if_fail (self != NULL, NULL);
  return rp_id_list_lookup (&rp_catalog_get_market_data (self)->markets, id);
}

const RpMarket *
rp_catalog_market_for (const RpCatalog *self,
                       const char      *region_id,
                       RpCurrency       currency)
{
  const RpRegion *region;
  const RpMarket *fallback = NULL, *by_currency = NULL;
  GPtrArray *markets;

  g_return_val_if_fail (self != NULL, NULL);

  region = rp_catalog_lookup_region (self, region_id);
  /* every estimate asks: the list itself, not a checked call per market */
  markets = rp_catalog_get_market_data (self)->markets.live;
  for (guint i = 0; i < markets->len; i++)
    {
      const RpMarket *m = g_ptr_array_index (markets, i);

      if (region != NULL && region->country != NULL)
        for (guint c = 0; m->countries[c] != NULL; c++)
          if (g_ascii_strcasecmp (m->countries[c], region->country) == 0)
            return m;
      if (m->is_default && fallback == NULL)
        fallback = m;
      if (m->currency == currency && by_currency == NULL)
        by_currency = m;
    }
  if ((region == NULL || region->country == NULL) && by_currency != NULL)
    return by_currency;
  if (fallback != NULL)
    return fallback;
  return rp_catalog_n_markets (self) > 0 ? rp_catalog_get_market (self, 0) : NULL;
}

const char *
rp_market_get_name (const RpMarket *market)
{
  g_return_val_if_fail (market != NULL, NULL);

  if (market->name_zh != NULL && rp_units_reads_chinese ())
    return market->name_zh;
  return market->name;
}

guint
rp_catalog_n_market_rules (const RpCatalog *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return rp_catalog_get_market_data (self)->rules.live->len;
}

const RpMarketRule *
rp_catalog_get_market_rule (const RpCatalog *self,
                            guint            i)
{
  const RpIdList *list;

  g_return_val_if_fail (self != NULL, NULL);
  list = &rp_catalog_get_market_data (self)->rules;
  g_return_val_if_fail (i < list->live->len, NULL);
  return g_ptr_array_index (list->live, i);
}

const RpMarketRule *
rp_catalog_lookup_market_rule (const RpCatalog *self,
                               const char      *id)
{
  g_return_val_if_fail (self != NULL, NULL);
  return rp_id_list_lookup (&rp_catalog_get_market_data (self)->rules, id);
}

/* ---- public API: licence terms -------------------------------------- */

guint
rp_catalog_n_licence_terms (const RpCatalog *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return rp_catalog_get_market_data (self)->licences.live->len;
}

const RpLicenceTerm *
rp_catalog_get_licence_term (const RpCatalog *self,
                             guint            i)
{
  const RpIdList *list;

  g_return_val_if_fail (self != NULL, NULL);
  list = &rp_catalog_get_market_data (self)->licences;
  g_return_val_if_fail (i < list->live->len, NULL);
  return g_ptr_array_index (list->live, i);
}

const RpLicenceTerm *
rp_catalog_datacenter_licence (const RpCatalog *self,
                               const RpGpu     *gpu)
{
  g_return_val_if_fail (self != NULL && gpu != NULL, NULL);

  for (guint i = 0; i < rp_catalog_n_licence_terms (self); i++)
    {
      const RpLicenceTerm *term = rp_catalog_get_licence_term (self, i);

      if (term->segment == gpu->segment && gpu->vendor != NULL &&
          g_ascii_strcasecmp (term->vendor, gpu->vendor) == 0)
        return term;
    }
  return NULL;
}

gboolean
rp_gpu_datacenter_licence_restricted (const RpCatalog *self,
                                      const RpGpu     *gpu)
{
  return rp_catalog_datacenter_licence (self, gpu) != NULL;
}

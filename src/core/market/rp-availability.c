/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-availability.c: whether a market sells a GPU, new or used, on a
 * date (market.json "availability")
 *
 * What can be bought where changed with each export-control rule since
 * 2022 (US Commerce BIS, 2022-10-07 and 2023-10-17; the H20 licence of
 * 2025-04 and its reversal in 2025-07/08; China's own guidance of 2025)
 * and with each product's end of production.  Each status is an entry
 * dated from when it holds; the newest one in force answers. */

#include "config.h"

#include "rp-market-private.h"

#include "rp-age.h"

#include <string.h>

static const char *const status_names[RP_N_AVAILABILITIES] = {
  "unknown", "new", "grey", "used-only", "rent-only", "not-sold",
};

/* ---- helpers -------------------------------------------------------- */

/* The entry of @m (a GPU's market entries, may be NULL) whose market is
 * @market_id (NULL: entries for every market) with the latest "from" not
 * after @date (NULL: any). */
static const RpAvailabilityEntry *
entry_in_force (const RpGpuMarket *m,
                const char        *market_id,
                const char        *date)
{
  const RpAvailabilityEntry *best = NULL;

  for (guint i = 0; m != NULL && i < m->availability->len; i++)
    {
      const RpAvailabilityEntry *e = g_ptr_array_index (m->availability, i);

      if (g_strcmp0 (e->market, market_id) != 0)
        continue;
      if (date != NULL && rp_as_of_compare (e->from, date) > 0)
        continue;
      /* on the same date, the later entry in the file wins */
      if (best == NULL || rp_as_of_compare (e->from, best->from) >= 0)
        best = e;
    }
  return best;
}

/* ---- public API ----------------------------------------------------- */

guint
rp_catalog_n_availability (const RpCatalog *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return rp_catalog_get_market_data (self)->availability.live->len;
}

const RpAvailabilityEntry *
rp_catalog_get_availability (const RpCatalog *self,
                             guint            i)
{
  const RpIdList *list;

  g_return_val_if_fail (self != NULL, NULL);
  list = &rp_catalog_get_market_data (self)->availability;
  g_return_val_if_fail (i < list->live->len, NULL);
  return g_ptr_array_index (list->live, i);
}

gboolean
rp_availability_allows (RpAvailabilityStatus status,
                        RpCondition          condition)
{
  switch (status)
    {
    case RP_AVAILABILITY_UNKNOWN:
    case RP_AVAILABILITY_NEW:
      return TRUE;
    case RP_AVAILABILITY_GREY:
    case RP_AVAILABILITY_USED_ONLY:
      /* cards already in the country change hands second-hand */
      return condition != RP_CONDITION_NEW;
    case RP_AVAILABILITY_RENT_ONLY:
    case RP_AVAILABILITY_NOT_SOLD:
    case RP_N_AVAILABILITIES:
    default:
      return FALSE;
    }
}

/* rp_catalog_availability() once the market is known: @market_id is its
 * id, or the id asked for when the catalog has no such market. */
static void
availability_of (const RpCatalog   *self,
                 const RpGpuMarket *m,
                 const RpMarket    *market,
                 const char        *market_id,
                 RpCondition        condition,
                 const char        *date,
                 RpAvailability    *out)
{
  const RpAvailabilityEntry *entry = NULL;

  memset (out, 0, sizeof *out);
  out->allowed = TRUE;
  out->market = market;
  /* the market's own entries first: a rule for China outranks a product's
   * worldwide end of sale */
  if (market_id != NULL)
    entry = entry_in_force (m, market_id, date);
  if (entry == NULL)
    entry = entry_in_force (m, NULL, date);
  if (entry == NULL)
    return;
  out->entry = entry;
  out->status = entry->status;
  out->rule = rp_catalog_lookup_market_rule (self, entry->rule);
  out->allowed = rp_availability_allows (entry->status, condition);
}

void
rp_catalog_availability (const RpCatalog *self,
                         const char      *gpu_id,
                         const char      *market_id,
                         RpCondition      condition,
                         const char      *date,
                         RpAvailability  *out)
{
  g_return_if_fail (out != NULL);
  memset (out, 0, sizeof *out);
  out->allowed = TRUE;
  g_return_if_fail (self != NULL);

  availability_of (self, rp_market_data_for_gpu (rp_catalog_get_market_data (self), gpu_id),
                   rp_catalog_lookup_market (self, market_id), market_id, condition, date, out);
}

void
rp_catalog_availability_in (const RpCatalog *self,
                            const char      *gpu_id,
                            const RpMarket  *market,
                            RpCondition      condition,
                            const char      *date,
                            RpAvailability  *out)
{
  g_return_if_fail (out != NULL);
  memset (out, 0, sizeof *out);
  out->allowed = TRUE;
  g_return_if_fail (self != NULL);

  availability_of (self, rp_market_data_for_gpu (rp_catalog_get_market_data (self), gpu_id),
                   market, market != NULL ? market->id : NULL, condition, date, out);
}

void
rp_gpu_market_availability_in (const RpCatalog   *self,
                               const RpGpuMarket *gpu_market,
                               const RpMarket    *market,
                               RpCondition        condition,
                               RpAvailability    *out)
{
  g_return_if_fail (self != NULL && out != NULL);

  availability_of (self, gpu_market, market, market != NULL ? market->id : NULL, condition,
                   NULL, out);
}

const char *
rp_availability_status_to_string (RpAvailabilityStatus status)
{
  g_return_val_if_fail ((guint) status < RP_N_AVAILABILITIES, NULL);
  return status_names[status];
}

gboolean
rp_availability_status_from_string (const char           *s,
                                    RpAvailabilityStatus *out)
{
  g_return_val_if_fail (out != NULL, FALSE);

  for (guint i = 0; i < RP_N_AVAILABILITIES; i++)
    if (g_strcmp0 (s, status_names[i]) == 0)
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

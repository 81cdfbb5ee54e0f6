/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-catalog-market.c: the buying side of the catalog: dated purchase
 * prices of cards and servers (purchases.json) and the electricity
 * price and PUE of regions (regions.json) */

#include "config.h"

#include "rp-catalog.h"

#include "rp-age.h"
#include "rp-catalog-private.h"
#include "rp-error.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* A server of more GPUs than this is surely a typo. */
static const guint max_gpus_per_server = 64;

/* ---- helpers -------------------------------------------------------- */

static gboolean
kind_from_string (const char *s,
                  gpointer    out)
{
  if (g_strcmp0 (s, "card") == 0 || g_strcmp0 (s, "server") == 0)
    {
      *(gboolean *) out = strcmp (s, "server") == 0;
      return TRUE;
    }
  return FALSE;
}

/* A server needs its GPU count; a card is one GPU. */
static gboolean
read_purchase_size (const cJSON     *item,
                    const char      *path,
                    RpPurchasePrice *price,
                    GError         **error)
{
  price->gpus_per_server = 1;
  price->platform_included = TRUE;
  if (!rp_json_read_enum (item, path, "kind", FALSE, kind_from_string, "card, server",
                          &price->server, error))
    return FALSE;
  if (!price->server)
    return TRUE;
  return rp_json_read_uint (item, path, "gpus_per_server", TRUE, 1, max_gpus_per_server,
                            &price->gpus_per_server, error) &&
         rp_json_read_bool (item, path, "platform_included", FALSE, &price->platform_included,
                            error);
}

/* ---- private API ---------------------------------------------------- */

void
rp_region_free (gpointer data)
{
  RpRegion *region = data;

  g_free (region->id);
  g_free (region->name);
  g_free (region->name_zh);
  g_free (region->country);
  g_free (region->electricity_fallback);
  g_free (region->source);
  g_free (region->as_of);
  g_free (region->source_kind);
  g_free (region->notes);
  rp_region_clear_tariff (region);
  g_free (region);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpRegion, rp_region_free)

gboolean
rp_region_read (const cJSON *item,
                const char  *path,
                gpointer    *out,
                GError     **error)
{
  g_autoptr(RpRegion) region = g_new0 (RpRegion, 1);

  if (!rp_catalog_read_id (item, path, &region->id, error) ||
      !rp_json_read_string (item, path, "name", TRUE, &region->name, error) ||
      !rp_json_read_string (item, path, "name_zh", FALSE, &region->name_zh, error) ||
      !rp_json_read_string (item, path, "country", FALSE, &region->country, error) ||
      !rp_json_read_enum (item, path, "currency", TRUE,
                          (RpJsonEnumParser) rp_currency_from_string, "USD, CNY",
                          &region->currency, error) ||
      !rp_json_read_number (item, path, "electricity_per_kwh", FALSE, 0, 100,
                            &region->electricity_per_kwh, error) ||
      !rp_json_read_number (item, path, "pue", FALSE, 1, 5, &region->pue, error) ||
      !rp_json_read_string (item, path, "electricity_fallback", FALSE,
                            &region->electricity_fallback, error) ||
      !rp_catalog_read_provenance (item, path, &region->source, &region->as_of,
                                   &region->notes, error) ||
      !rp_json_read_string (item, path, "source_kind", FALSE, &region->source_kind, error) ||
      !rp_region_read_tariff (item, path, region, error))
    return FALSE;
  *out = g_steal_pointer (&region);
  return TRUE;
}

void
rp_purchase_free (gpointer data)
{
  RpPurchasePrice *price = data;

  g_free (price->id);
  g_free (price->gpu);
  g_free (price->source);
  g_free (price->as_of);
  g_free (price->source_kind);
  g_free (price->notes);
  g_free (price->risk);
  g_free (price);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpPurchasePrice, rp_purchase_free)

gboolean
rp_purchase_read (const cJSON *item,
                  const char  *path,
                  gpointer    *out,
                  GError     **error)
{
  g_autoptr(RpPurchasePrice) price = g_new0 (RpPurchasePrice, 1);

  if (!rp_catalog_read_id (item, path, &price->id, error) ||
      !rp_json_read_string (item, path, "gpu", TRUE, &price->gpu, error) ||
      !read_purchase_size (item, path, price, error) ||
      !rp_json_read_enum (item, path, "condition", TRUE,
                          (RpJsonEnumParser) rp_condition_from_string, "new, used, ex-mining",
                          &price->condition, error) ||
      !rp_json_read_enum (item, path, "currency", TRUE,
                          (RpJsonEnumParser) rp_currency_from_string, "USD, CNY",
                          &price->currency, error) ||
      !rp_json_read_number (item, path, "price", TRUE, 1e-6, RP_CATALOG_MAX_PURCHASE,
                            &price->price, error) ||
      !rp_catalog_read_provenance (item, path, &price->source, &price->as_of, &price->notes,
                                   error) ||
      !rp_json_read_string (item, path, "source_kind", FALSE, &price->source_kind, error) ||
      !rp_json_read_string (item, path, "risk", FALSE, &price->risk, error) ||
      !rp_json_read_bool (item, path, "user", FALSE, &price->user, error))
    return FALSE;
  *out = g_steal_pointer (&price);
  return TRUE;
}

const RpPurchasePrice *
rp_purchases_find (GPtrArray   *prices,
                   const char  *gpu_id,
                   RpCondition  condition,
                   RpCurrency   preferred)
{
  const RpPurchasePrice *best = NULL;

  for (guint i = 0; i < prices->len; i++)
    {
      const RpPurchasePrice *p = g_ptr_array_index (prices, i);
      gboolean p_preferred = p->currency == preferred;

      if (p->server || p->condition != condition || g_strcmp0 (p->gpu, gpu_id) != 0)
        continue;
      if (best == NULL ||
          (p_preferred && best->currency != preferred) ||
          (p_preferred == (best->currency == preferred) &&
           rp_as_of_compare (p->as_of, best->as_of) > 0))
        best = p;
    }
  return best;
}

/* ---- public API ----------------------------------------------------- */

const char *
rp_condition_to_string (RpCondition v)
{
  g_return_val_if_fail ((guint) v < RP_N_CONDITIONS, NULL);
  return rp_enum_info_get_name (&rp_condition_info, v);
}

gboolean
rp_condition_from_string (const char  *s,
                          RpCondition *out)
{
  guint i = 0;

  g_return_val_if_fail (out != NULL, FALSE);

  if (!rp_enum_info_lookup (&rp_condition_info, s, &i))
    return FALSE;
  *out = (RpCondition) i;
  return TRUE;
}

gboolean
rp_region_read_tariff (const cJSON *item,
                       const char  *path,
                       RpRegion    *region,
                       GError     **error)
{
  g_autofree char *where = rp_json_join_path (path, "tariff");
  const cJSON *tariff = NULL;
  RpTariff *t = &region->tariff;

  if (!rp_json_read_object (item, path, "tariff", FALSE, &tariff, error))
    return FALSE;
  if (tariff == NULL)
    return TRUE;
  return rp_json_read_string (tariff, where, "structure", FALSE, &t->structure, error) &&
         rp_json_read_string (tariff, where, "voltage", FALSE, &t->voltage, error) &&
         rp_json_read_number (tariff, where, "flat", FALSE, 0, 100, &t->flat, error) &&
         rp_json_read_number (tariff, where, "peak", FALSE, 0, 100, &t->peak, error) &&
         rp_json_read_number (tariff, where, "valley", FALSE, 0, 100, &t->valley, error) &&
         rp_json_read_number (tariff, where, "sharp", FALSE, 0, 100, &t->sharp, error) &&
         rp_json_read_string (tariff, where, "period", FALSE, &t->period, error);
}

void
rp_region_clear_tariff (RpRegion *region)
{
  g_clear_pointer (&region->tariff.structure, g_free);
  g_clear_pointer (&region->tariff.voltage, g_free);
  g_clear_pointer (&region->tariff.period, g_free);
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-pricing.c: the default prices file ("rigplan-pricing") */

#include "config.h"

#include "rp-pricing.h"

#include "rp-age.h"
#include "rp-error.h"
#include "rp-pricing-private.h"

#include <math.h>

struct _RpPricing
{
  RpCurrency      currency;
  RpPricingValue *values[RP_N_PRICING_KEYS];   /* owned; NULL = unknown */
};

typedef struct
{
  const char *key;              /* in "values" */
  double      min;              /* accepted range, to catch typos */
  double      max;
} KeyInfo;

static const KeyInfo keys[RP_N_PRICING_KEYS] = {
  [RP_PRICING_SERVER_PER_GPU_SLOT] = { "server_per_gpu_slot", 0, 1e7 },
  [RP_PRICING_SWITCH_PORT] = { "switch_port", 0, 1e6 },
  [RP_PRICING_SWITCH_PORTS_PER_GPU] = { "switch_ports_per_gpu", 0, 64 },
  [RP_PRICING_SERVER_POWER_PER_GPU_TDP] = { "server_power_per_gpu_tdp", 1, 20 },
  [RP_PRICING_TRAINING_POWER_FRACTION] = { "training_power_fraction", 0.01, 1 },
  [RP_PRICING_ELECTRICITY_PER_KWH] = { "electricity_per_kwh", 0, 100 },
  [RP_PRICING_PUE] = { "pue", 1, 5 },
  [RP_PRICING_DEPRECIATION_YEARS] = { "depreciation_years", 0.1, 50 },
  [RP_PRICING_VALUE_DECAY_OOMS_PER_YEAR] = { "value_decay_ooms_per_year", 0, 2 },
  [RP_PRICING_USD_TO_CNY] = { "usd_to_cny", 1, 50 },
  [RP_PRICING_FAILURE_PCT_YEAR_NEW] = { "failure_pct_year_new", 0, 100 },
  [RP_PRICING_FAILURE_PCT_YEAR_USED] = { "failure_pct_year_used", 0, 100 },
  [RP_PRICING_FAILURE_PCT_YEAR_EX_MINING] = { "failure_pct_year_ex_mining", 0, 100 },
};

/* ---- helpers -------------------------------------------------------- */

static void
value_free (RpPricingValue *v)
{
  if (v == NULL)
    return;
  g_free (v->unit);
  g_free (v->source);
  g_free (v->as_of);
  g_free (v->notes);
  g_free (v->source_kind);
  g_free (v);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpPricingValue, value_free)

static gboolean
read_value (const cJSON     *values,
            const char      *values_path,
            RpPricingKey     key,
            RpPricingValue **out,
            GError         **error)
{
  const KeyInfo *info = &keys[key];
  g_autofree char *path = rp_json_join_path (values_path, info->key);
  g_autoptr(RpPricingValue) v = NULL;
  const cJSON *item = NULL;

  if (!rp_json_read_object (values, values_path, info->key, FALSE, &item, error))
    return FALSE;
  if (item == NULL)
    return TRUE;    /* not given: keep what we had */
  v = g_new0 (RpPricingValue, 1);
  if (!rp_json_read_number (item, path, "value", TRUE, info->min, info->max, &v->value, error) ||
      !rp_json_read_string (item, path, "unit", TRUE, &v->unit, error) ||
      !rp_json_read_string (item, path, "source", TRUE, &v->source, error) ||
      !rp_json_read_string (item, path, "as_of", TRUE, &v->as_of, error) ||
      !rp_as_of_check (v->as_of, path, "as_of", error) ||
      !rp_json_read_string (item, path, "notes", FALSE, &v->notes, error) ||
      !rp_json_read_string (item, path, "source_kind", FALSE, &v->source_kind, error))
    return FALSE;
  *out = g_steal_pointer (&v);
  return TRUE;
}

/* ---- private API ---------------------------------------------------- */

gboolean
rp_pricing_load_json (RpPricing    *self,
                      const cJSON  *root,
                      GError      **error)
{
  RpPricingValue *read[RP_N_PRICING_KEYS] = { NULL, };
  RpCurrency currency = RP_CURRENCY_USD;
  const cJSON *values = NULL;
  gboolean ok;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (root != NULL, FALSE);

  ok = rp_json_read_enum (root, "", "currency", TRUE,
                          (RpJsonEnumParser) rp_currency_from_string, "USD, CNY",
                          &currency, error) &&
       rp_json_read_object (root, "", "values", TRUE, &values, error);
  for (guint k = 0; ok && k < RP_N_PRICING_KEYS; k++)
    ok = read_value (values, "values", k, &read[k], error);
  if (ok && currency != self->currency)
    {
      /* Mixing currencies inside one table would need an exchange rate
       * here; a file in another currency replaces every money value. */
      for (guint k = 0; k < RP_N_PRICING_KEYS; k++)
        if (k == RP_PRICING_SERVER_PER_GPU_SLOT || k == RP_PRICING_SWITCH_PORT ||
            k == RP_PRICING_ELECTRICITY_PER_KWH)
          g_clear_pointer (&self->values[k], value_free);
      self->currency = currency;
    }
  for (guint k = 0; k < RP_N_PRICING_KEYS; k++)
    {
      if (!ok)
        value_free (read[k]);
      else if (read[k] != NULL)
        {
          value_free (self->values[k]);
          self->values[k] = read[k];
        }
    }
  return ok;
}

/* ---- public API ----------------------------------------------------- */

RpPricing *
rp_pricing_new (void)
{
  return g_new0 (RpPricing, 1);
}

void
rp_pricing_free (RpPricing *self)
{
  if (self == NULL)
    return;
  for (guint k = 0; k < RP_N_PRICING_KEYS; k++)
    value_free (self->values[k]);
  g_free (self);
}

RpCurrency
rp_pricing_get_currency (const RpPricing *self)
{
  g_return_val_if_fail (self != NULL, RP_CURRENCY_USD);
  return self->currency;
}

const RpPricingValue *
rp_pricing_get_entry (const RpPricing *self,
                      RpPricingKey     key)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail ((guint) key < RP_N_PRICING_KEYS, NULL);
  return self->values[key];
}

gboolean
rp_pricing_lookup (const RpPricing *self,
                   RpPricingKey     key,
                   double          *out)
{
  g_return_val_if_fail ((guint) key < RP_N_PRICING_KEYS, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (self == NULL || self->values[key] == NULL)
    return FALSE;
  *out = self->values[key]->value;
  return TRUE;
}

/* The cost model asks on every estimate, nearly always for the same
 * period and rate: the last answer is kept, per thread.  It depends on
 * the two numbers alone (equal doubles are the same number; +0 and -0
 * give the same power). */
static _Thread_local struct
{
  gboolean valid;
  double   decay_ooms;
  double   years;
  double   pct;
} last_resale;

gboolean
rp_pricing_resale_pct (const RpPricing *self,
                       double           years,
                       double          *out_pct)
{
  double decay_ooms = 0;

  g_return_val_if_fail (years >= 0, FALSE);
  g_return_val_if_fail (out_pct != NULL, FALSE);

  if (!rp_pricing_lookup (self, RP_PRICING_VALUE_DECAY_OOMS_PER_YEAR, &decay_ooms))
    return FALSE;
  if (!last_resale.valid || last_resale.decay_ooms != decay_ooms || last_resale.years != years)
    {
      /* Epoch: price-performance of ML GPUs improves decay_ooms orders
       * of magnitude a year, so old hardware keeps 10^(-decay × years). */
      last_resale.pct = 100.0 * pow (10.0, -decay_ooms * years);
      last_resale.decay_ooms = decay_ooms;
      last_resale.years = years;
      last_resale.valid = TRUE;
    }
  *out_pct = last_resale.pct;
  return TRUE;
}

const char *
rp_pricing_key_to_string (RpPricingKey key)
{
  g_return_val_if_fail ((guint) key < RP_N_PRICING_KEYS, NULL);
  return keys[key].key;
}

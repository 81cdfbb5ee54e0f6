/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-pricing.h: the default prices and physical constants the cost model
 * falls back on (data/catalogs/pricing.json, "format": "rigplan-pricing")
 *
 * Each value carries its unit, source and date, so the app can show where
 * a default comes from.  A value the file does not give is unknown, and the
 * cost model then leaves the part that needs it unavailable. */
#pragma once

#include "rp-types.h"

G_BEGIN_DECLS

typedef enum
{
  RP_PRICING_SERVER_PER_GPU_SLOT,       /* money per GPU slot, without GPUs */
  RP_PRICING_SWITCH_PORT,               /* money per switch port */
  RP_PRICING_SWITCH_PORTS_PER_GPU,      /* ports per GPU, multi-node */
  RP_PRICING_SERVER_POWER_PER_GPU_TDP,  /* server peak W per W of GPU TDP */
  RP_PRICING_TRAINING_POWER_FRACTION,   /* share of peak drawn in training */
  RP_PRICING_ELECTRICITY_PER_KWH,       /* money per kWh */
  RP_PRICING_PUE,                       /* facility / IT power */
  RP_PRICING_DEPRECIATION_YEARS,
  RP_PRICING_VALUE_DECAY_OOMS_PER_YEAR, /* resale proxy */
  RP_PRICING_USD_TO_CNY,                /* exchange rate, CNY per USD */
  /* GPUs failing per year, % of the cards, by condition (RpCondition order) */
  RP_PRICING_FAILURE_PCT_YEAR_NEW,
  RP_PRICING_FAILURE_PCT_YEAR_USED,
  RP_PRICING_FAILURE_PCT_YEAR_EX_MINING,
  RP_N_PRICING_KEYS
} RpPricingKey;

typedef struct
{
  double  value;
  char   *unit;
  char   *source;
  char   *as_of;
  char   *notes;                        /* derivation; may be NULL */
  char   *source_kind;                  /* "dataset", "press", …; may be NULL */
} RpPricingValue;

typedef struct _RpPricing RpPricing;

RpPricing            *rp_pricing_new            (void);
void                  rp_pricing_free           (RpPricing       *self);

/* The currency of the money values (RP_PRICING_SERVER_PER_GPU_SLOT,
 * RP_PRICING_SWITCH_PORT, RP_PRICING_ELECTRICITY_PER_KWH). */
RpCurrency            rp_pricing_get_currency   (const RpPricing *self);
/* The entry for @key, or NULL when no pricing file gave it.  Borrowed. */
const RpPricingValue *rp_pricing_get_entry      (const RpPricing *self,
                                                 RpPricingKey     key);
/* Sets *@out and returns TRUE when @key is known; leaves *@out alone
 * otherwise.  @self may be NULL (nothing is known). */
gboolean              rp_pricing_lookup         (const RpPricing *self,
                                                 RpPricingKey     key,
                                                 double          *out);
/* The share of the purchase price a GPU keeps after @years, by the
 * price-performance decay proxy: 100 × 10^(−decay × years) percent.
 * FALSE when the decay rate is unknown. */
gboolean              rp_pricing_resale_pct     (const RpPricing *self,
                                                 double           years,
                                                 double          *out_pct);
/* The JSON key of @key ("server_per_gpu_slot", …). */
const char           *rp_pricing_key_to_string  (RpPricingKey     key);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpPricing, rp_pricing_free)

G_END_DECLS

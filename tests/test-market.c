/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-market.c: where a plan buys and rents: regions, the offers of a
 * market, the condition of the cards and the age of prices
 *
 * Expected values are worked out by hand from the bundled catalog's
 * figures, quoted beside each with its source: the PBOC fixing of
 * 2026-01-23 (6.9929 CNY per USD, pricing.json), China's 2024 industrial
 * average of 0.088 USD/kWh (China Briefing, regions.json "cn-average"),
 * Guizhou's 0.35 CNY/kWh (Xinhua via Chosun Biz, 2026-04-11), the
 * national PUE target of 1.5 (NDRC/MIIT plan of 2024-07-23) and the
 * US defaults 0.0826 USD/kWh (Epoch/EIA) and PUE 1.58 (Uptime 2023). */

#include "config.h"

#include "rp-age.h"
#include "rp-catalog.h"
#include "rp-cost-model.h"
#include "rp-error.h"
#include "rp-estimate.h"
#include "rp-fields.h"
#include "rp-fix.h"
#include "rp-memory-model.h"
#include "rp-prices.h"
#include "rp-pricing.h"
#include "rp-scenario.h"
#include "rp-test-core.h"
#include "rp-units.h"
#include "rp-words.h"

#include <math.h>
#include <string.h>

static const double usd_to_cny = 6.9929;      /* PBOC fixing, 2026-01-23 */

/* ---- helpers -------------------------------------------------------- */

static void
assert_near (double value,
             double expected)
{
  g_assert_cmpfloat_with_epsilon (value, expected, 1e-6 * MAX (1, fabs (expected)));
}

/* The price of renting one GPU of @o for @s, in @s's currency. */
static double
offer_cost (const RpScenario   *s,
            const RpCloudOffer *o)
{
  return rp_units_convert_money (o->per_gpu_hour[s->budget.rent_kind], o->currency,
                                 s->budget.currency, usd_to_cny);
}

/* ---- regions -------------------------------------------------------- */

/* A new plan under a Chinese locale (the translation's default currency
 * is CNY) is in yuan, priced at China's national average electricity and
 * PUE, and rents from a cloud billed in yuan. */
static void
test_starter_cny (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_bundled_catalog ();
  g_autoptr(RpScenario) s = rp_scenario_new_starter_in (RP_CURRENCY_CNY);
  g_autoptr(RpEstimate) est = rp_test_estimate (catalog, s);
  const RpPrices *p = &est->cost.prices;

  g_assert_cmpint (s->budget.currency, ==, RP_CURRENCY_CNY);
  g_assert_cmpstr (s->budget.region, ==, "cn-average");
  /* 0.088 USD/kWh × 6.9929 = 0.6153752 CNY/kWh */
  g_assert_cmpint (p->power.origin, ==, RP_PRICE_CATALOG);
  assert_near (p->power.value, 0.6153752);
  g_assert_nonnull (p->power_region);
  g_assert_cmpstr (p->power_region->id, ==, "cn-average");
  assert_near (p->pue.value, 1.5);
  g_assert_nonnull (p->offer);
  g_assert_cmpint (p->offer->currency, ==, RP_CURRENCY_CNY);
  g_assert_false (rp_estimate_has_warning (est, "rent-offer-abroad"));
}

/* Without a region (a USD plan): pricing.json's US defaults. */
static void
test_starter_usd (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_bundled_catalog ();
  g_autoptr(RpScenario) s = rp_scenario_new_starter_in (RP_CURRENCY_USD);
  g_autoptr(RpEstimate) est = rp_test_estimate (catalog, s);
  const RpPrices *p = &est->cost.prices;

  g_assert_null (s->budget.region);
  g_assert_cmpint (p->power.origin, ==, RP_PRICE_DEFAULT);
  assert_near (p->power.value, 0.0826);
  assert_near (p->pue.value, 1.58);
  g_assert_null (p->power_region);
  g_assert_cmpint (p->offer->currency, ==, RP_CURRENCY_USD);
}

/* A region gives electricity and PUE unless the user typed them; a
 * province without a tariff takes its fallback's, a region with neither
 * leaves buying unpriced and says why. */
static void
test_region_power (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_bundled_catalog ();
  g_autoptr(RpScenario) s = rp_scenario_new_starter_in (RP_CURRENCY_CNY);
  g_autoptr(RpEstimate) est = NULL;
  const RpPrices *p;

  rp_scenario_set_region (s, "cn-guizhou");
  est = rp_test_estimate (catalog, s);
  p = &est->cost.prices;
  assert_near (p->power.value, 0.35);
  g_assert_cmpstr (p->power.as_of, ==, "2026-04-11");
  assert_near (p->pue.value, 1.5);

  /* the same region in a dollar plan: 0.35 / 6.9929 = 0.0500508 USD */
  s->budget.currency = RP_CURRENCY_USD;
  g_clear_pointer (&est, rp_estimate_free);
  est = rp_test_estimate (catalog, s);
  assert_near (est->cost.prices.power.value, 0.35 / usd_to_cny);
  s->budget.currency = RP_CURRENCY_CNY;

  /* Beijing: State Grid's 1-10 kV two-part table of July 2024, flat
   * 0.681335 CNY/kWh (peak and valley average to it around the clock) */
  rp_scenario_set_region (s, "cn-beijing");
  g_clear_pointer (&est, rp_estimate_free);
  est = rp_test_estimate (catalog, s);
  p = &est->cost.prices;
  g_assert_cmpstr (p->power_region->id, ==, "cn-beijing");
  assert_near (p->power.value, 0.681335);
  g_assert_cmpstr (p->power.as_of, ==, "2024-07");
  g_assert_cmpstr (p->region->tariff.voltage, ==, "1-10 kV");
  assert_near (p->region->tariff.valley, 0.435829);

  /* Shanghai states no tariff: the national average stands in, named */
  rp_scenario_set_region (s, "cn-shanghai");
  g_clear_pointer (&est, rp_estimate_free);
  est = rp_test_estimate (catalog, s);
  p = &est->cost.prices;
  g_assert_cmpstr (p->region->id, ==, "cn-shanghai");
  g_assert_nonnull (p->power_region);
  g_assert_cmpstr (p->power_region->id, ==, "cn-average");
  assert_near (p->power.value, 0.6153752);
  g_assert_true (est->cost.buy_available);

  /* typed prices win over the region's */
  s->budget.power_price_kwh = 1.1;
  s->budget.pue = 1.25;
  g_clear_pointer (&est, rp_estimate_free);
  est = rp_test_estimate (catalog, s);
  g_assert_cmpint (est->cost.prices.power.origin, ==, RP_PRICE_USER);
  assert_near (est->cost.prices.power.value, 1.1);
  assert_near (est->cost.prices.pue.value, 1.25);
  s->budget.power_price_kwh = NAN;
  s->budget.pue = NAN;

  /* "other" has no price and no fallback */
  rp_scenario_set_region (s, "other");
  g_clear_pointer (&est, rp_estimate_free);
  est = rp_test_estimate (catalog, s);
  g_assert_cmpint (est->cost.prices.power.origin, ==, RP_PRICE_UNKNOWN);
  g_assert_false (est->cost.buy_available);
  g_assert_true (rp_estimate_has_warning (est, "buy-price-missing"));
}

static void
test_unknown_region (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_bundled_catalog ();
  g_autoptr(RpScenario) s = rp_scenario_new_starter_in (RP_CURRENCY_CNY);
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  g_autoptr(GError) error = NULL;

  rp_scenario_set_region (s, "atlantis");
  g_assert_false (rp_fix_estimate (s, catalog, est, &error));
  g_assert_error (error, RP_ERROR, RP_ERROR_INVALID_VALUE);
  g_assert_cmpstr (rp_error_get_key (error), ==, "budget.region");
}

/* ---- offers of a market --------------------------------------------- */

/* Offers billed in the plan's market come first, even when one abroad is
 * cheaper: a dollar plan rents the RTX 4090 at a dollar offer although
 * yuan offers cost less, and a yuan plan rents in yuan. */
static void
test_market_first (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_bundled_catalog ();
  g_autoptr(RpScenario) s = rp_scenario_new_starter_in (RP_CURRENCY_USD);
  const RpCloudOffer *chosen;
  gboolean cheaper_abroad = FALSE;

  chosen = rp_prices_cheapest_offer (s, catalog, "rtx-4090", 1);
  g_assert_nonnull (chosen);
  g_assert_cmpint (chosen->currency, ==, RP_CURRENCY_USD);
  for (guint i = 0; i < rp_catalog_n_clouds (catalog); i++)
    {
      const RpCloudOffer *o = rp_catalog_get_cloud (catalog, i);

      if (!rp_prices_offer_allowed (s, o))
        continue;
      if (o->currency == RP_CURRENCY_USD)
        g_assert_cmpfloat (offer_cost (s, chosen), <=, offer_cost (s, o));
      else if (offer_cost (s, o) < offer_cost (s, chosen))
        cheaper_abroad = TRUE;
    }
  g_assert_true (cheaper_abroad);

  /* a region decides the market, not the currency shown: a Chinese
   * region in a dollar plan rents in yuan */
  rp_scenario_set_region (s, "cn-shanghai");
  g_assert_cmpint (rp_prices_market_currency (s, catalog), ==, RP_CURRENCY_CNY);
  chosen = rp_prices_cheapest_offer (s, catalog, "rtx-4090", 1);
  g_assert_cmpint (chosen->currency, ==, RP_CURRENCY_CNY);
  rp_scenario_set_region (s, "us");
  g_assert_cmpint (rp_prices_market_currency (s, catalog), ==, RP_CURRENCY_USD);
  s->budget.currency = RP_CURRENCY_CNY;
  g_assert_cmpint (rp_prices_market_currency (s, catalog), ==, RP_CURRENCY_USD);
}

/* No cloud in China rents the H100 SXM in the catalog: the rent is priced
 * abroad, and the advice says so. */
static void
test_offer_abroad (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_bundled_catalog ();
  g_autoptr(RpScenario) s = rp_scenario_new_starter_in (RP_CURRENCY_CNY);
  g_autoptr(RpEstimate) est = NULL;

  rp_scenario_set_gpu (s, "h100-sxm");
  est = rp_test_estimate (catalog, s);
  g_assert_nonnull (est->cost.prices.offer);
  g_assert_cmpint (est->cost.prices.offer->currency, ==, RP_CURRENCY_USD);
  g_assert_true (rp_estimate_has_warning (est, "rent-offer-abroad"));

  /* an offer the user chose is theirs: no advice about it */
  rp_scenario_set_rent_offer (s, est->cost.prices.offer->id);
  g_clear_pointer (&est, rp_estimate_free);
  est = rp_test_estimate (catalog, s);
  g_assert_false (rp_estimate_has_warning (est, "rent-offer-abroad"));
}

/* ---- the condition of the cards --------------------------------------- */

/* Llama 3 (arXiv:2407.21783, Table 5): 148 faulty-GPU and 72 HBM3
 * interruptions in 54 days on 16,384 H100s: 220 / 16,384 × 365.25 / 54
 * = 9.08 % a year; used and ex-mining are 1.5× and 2× that, marked as
 * modelling assumptions. */
static void
test_failure_rates (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_bundled_catalog ();
  const RpPricing *pricing = rp_catalog_get_pricing (catalog);
  const RpPricingValue *used;
  double value = 0;

  g_assert_true (rp_pricing_lookup (pricing, RP_PRICING_FAILURE_PCT_YEAR_NEW, &value));
  g_assert_cmpfloat_with_epsilon (value, 220.0 / 16384 * 365.25 / 54 * 100, 0.05);
  g_assert_true (rp_pricing_lookup (pricing, RP_PRICING_FAILURE_PCT_YEAR_USED, &value));
  g_assert_cmpfloat_with_epsilon (value, 1.5 * 9.1, 0.01);
  g_assert_true (rp_pricing_lookup (pricing, RP_PRICING_FAILURE_PCT_YEAR_EX_MINING, &value));
  g_assert_cmpfloat_with_epsilon (value, 2 * 9.1, 0.01);
  used = rp_pricing_get_entry (pricing, RP_PRICING_FAILURE_PCT_YEAR_USED);
  g_assert_cmpstr (used->source_kind, ==, "modelling assumption");
}

/* Spares are the expected failures rounded up to whole cards. */
static void
test_spare_gpus (void)
{
  /* 8 × 13.65 % × 3 years = 3.276 → 4 */
  g_assert_cmpuint (rp_cost_spare_gpus (8, 13.65, 3), ==, 4);
  /* 1 × 18.2 % × 3 = 0.546 → 1: one card, one spare */
  g_assert_cmpuint (rp_cost_spare_gpus (1, 18.2, 3), ==, 1);
  /* 10 × 10 % × 1 = 1 exactly: one, not two */
  g_assert_cmpuint (rp_cost_spare_gpus (10, 10, 1), ==, 1);
  g_assert_cmpuint (rp_cost_spare_gpus (8, 0, 5), ==, 0);
}

/* Capital with spares: (8 + 4) × 5,000 + 1 × 10,000 = 70,000. */
static void
test_capital_with_spares (void)
{
  RpCostInputs in = { 0 };
  RpCostEstimate out = { 0 };
  g_autoptr(GError) error = NULL;

  in.gpus = 8;
  in.buy_known = TRUE;
  in.gpu_price = 5000;
  in.spare_gpus = 4;
  in.server_price = 10000;
  in.nodes = 1;
  in.pue = 1.5;
  in.years = 3;
  in.utilization_pct = 50;
  g_assert_true (rp_cost_compute (&in, &out, &error));
  g_assert_no_error (error);
  assert_near (out.buy_capital, 70000);
  assert_near (out.buy_capital_spares, 20000);
  g_assert_cmpuint (out.buy_spare_gpus, ==, 4);
  rp_cost_estimate_clear (&out);
}

/* Used RTX 3090s: the dated used price (¥5,000, 2024-07-07 market quote),
 * spares at 13.65 % a year, the risk and what to test; ex-mining takes
 * its own price (¥13,000, 2022-04-05); a used card the catalog has no
 * price for is unpriced, not priced as new. */
static void
test_condition (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_bundled_catalog ();
  g_autoptr(RpScenario) s = rp_scenario_new_starter_in (RP_CURRENCY_CNY);
  g_autoptr(RpEstimate) est = NULL;
  const RpCostEstimate *c;
  guint spares;

  rp_scenario_set_gpu (s, "rtx-3090");
  s->hardware.gpus_per_node = 8;
  s->training.global_batch = 64;
  s->budget.years = 3;
  est = rp_test_estimate (catalog, s);
  g_assert_cmpuint (est->cost.buy_spare_gpus, ==, 0);
  g_assert_false (rp_estimate_has_warning (est, "used-card-risk"));

  s->budget.condition = RP_CONDITION_USED;
  g_clear_pointer (&est, rp_estimate_free);
  est = rp_test_estimate (catalog, s);
  c = &est->cost;
  assert_near (c->prices.gpu.value, 5000);
  g_assert_cmpstr (c->prices.gpu.as_of, ==, "2024-07-07");
  assert_near (c->prices.failure.value, 13.65);
  /* 8 × 13.65 % × 3 = 3.276 → 4 spares of ¥5,000 */
  g_assert_cmpuint (c->buy_spare_gpus, ==, 4);
  assert_near (c->buy_capital_spares, 20000);
  assert_near (c->buy_capital_gpus, 40000);
  g_assert_true (rp_estimate_has_warning (est, "used-card-risk"));
  g_assert_true (rp_estimate_has_warning (est, "used-card-checks"));

  /* the user's own failure rate: 8 × 5 % × 3 = 1.2 → 2 */
  s->budget.failure_pct_year = 5;
  g_clear_pointer (&est, rp_estimate_free);
  est = rp_test_estimate (catalog, s);
  g_assert_cmpint (est->cost.prices.failure.origin, ==, RP_PRICE_USER);
  g_assert_cmpuint (est->cost.buy_spare_gpus, ==, 2);
  s->budget.failure_pct_year = NAN;

  s->budget.condition = RP_CONDITION_EX_MINING;
  g_clear_pointer (&est, rp_estimate_free);
  est = rp_test_estimate (catalog, s);
  assert_near (est->cost.prices.gpu.value, 13000);
  /* 8 × 18.2 % × 3 = 4.368 → 5 */
  spares = est->cost.buy_spare_gpus;
  g_assert_cmpuint (spares, ==, 5);

  /* no used RTX 4090 price in the catalog */
  rp_scenario_set_gpu (s, "rtx-4090");
  s->budget.condition = RP_CONDITION_USED;
  g_clear_pointer (&est, rp_estimate_free);
  est = rp_test_estimate (catalog, s);
  g_assert_cmpint (est->cost.prices.gpu.origin, ==, RP_PRICE_UNKNOWN);
  g_assert_false (est->cost.buy_available);
  g_assert_true (rp_estimate_has_warning (est, "buy-price-missing"));
}

/* The words: the risk names the spares, the checks name a memory stress
 * test and the temperatures; nothing for new cards. */
static void
test_condition_words (void)
{
  g_autofree char *risk = rp_words_condition_risk ("RTX 3090", RP_CONDITION_EX_MINING, 8, 5,
                                                   18.2, 3);
  g_autofree char *checks = rp_words_condition_checks (RP_CONDITION_USED);
  g_autofree char *mining = rp_words_condition_checks (RP_CONDITION_EX_MINING);

  g_test_message ("%s", risk);
  g_assert_nonnull (strstr (risk, "RTX 3090"));
  g_assert_nonnull (strstr (risk, "5 spare cards"));
  g_assert_nonnull (strstr (checks, "memory stress test"));
  g_assert_nonnull (strstr (checks, "temperatures"));
  g_assert_nonnull (strstr (mining, "BIOS"));
  g_assert_null (rp_words_condition_checks (RP_CONDITION_NEW));
}

/* ---- the age of prices ----------------------------------------------- */

static void
test_price_origin_words (void)
{
  g_autoptr(GDate) today = g_date_new_dmy (1, G_DATE_DECEMBER, 2026);
  RpPrice fresh = { 1.98, RP_PRICE_CATALOG, "s", "2026-10-04", RP_CURRENCY_CNY, 1.98 };
  RpPrice old = { 0.088, RP_PRICE_CATALOG, "s", "2024", RP_CURRENCY_USD, 0.088 };
  RpPrice mine = { 2, RP_PRICE_USER, NULL, NULL, RP_CURRENCY_CNY, 2 };
  g_autofree char *a = rp_words_price_origin (&fresh, "AutoDL RTX 4090", TRUE, today);
  g_autofree char *b = rp_words_price_origin (&old, "China", TRUE, today);
  g_autofree char *c = rp_words_price_origin (&old, "China", FALSE, today);
  g_autofree char *d = rp_words_price_origin (&mine, NULL, TRUE, today);

  g_assert_cmpstr (a, ==, "From AutoDL RTX 4090, 2026-10-04");
  g_assert_cmpstr (b, ==, "From China, 2024 — the price may be stale");
  /* a PUE does not go stale */
  g_assert_cmpstr (c, ==, "From China, 2024");
  g_assert_cmpstr (d, ==, "Yours");
}

/* The CNY starter on 2026-12-01: China's 2024 electricity average is
 * older than six months; typed, it is no longer in the list. */
static void
test_stale_prices (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_bundled_catalog ();
  g_autoptr(RpScenario) s = rp_scenario_new_starter_in (RP_CURRENCY_CNY);
  g_autoptr(RpEstimate) est = rp_test_estimate (catalog, s);
  g_autoptr(GDate) today = g_date_new_dmy (1, G_DATE_DECEMBER, 2026);
  g_autoptr(GDate) then = g_date_new_dmy (1, G_DATE_MARCH, 2024);
  g_autofree char *words = rp_words_stale_prices (est, today);
  g_autofree char *fresh = NULL;
  g_autofree char *typed = NULL;

  g_test_message ("%s", words);
  g_assert_nonnull (words);
  g_assert_nonnull (strstr (words, "electricity (China (national industrial average), 2024, 35 "
                                   "months old)"));
  /* in March 2024 a 2024 price is two months old */
  fresh = rp_words_stale_prices (est, then);
  g_assert_true (fresh == NULL || strstr (fresh, "electricity") == NULL);

  s->budget.power_price_kwh = 0.7;
  g_clear_pointer (&est, rp_estimate_free);
  est = rp_test_estimate (catalog, s);
  typed = rp_words_stale_prices (est, today);
  g_assert_true (typed == NULL || strstr (typed, "electricity") == NULL);
}

/* The prices keep the last buyer's market and server shape per thread;
 * a later file (a user's market.json, a rule that changed) must still
 * change the answer: an A100 bought new in China is grey (market.json,
 * 2022-08-26) until an entry of a later date says it is sold new. */
static void
test_availability_reloaded (void)
{
  static const char later[] =
    "{\"format\": \"rigplan-market\", \"version\": 1, \"availability\": [{"
    " \"id\": \"test-a100-cn-new\", \"gpus\": [\"a100-80gb-sxm\"], \"market\": \"cn\","
    " \"from\": \"2030-01-01\", \"status\": \"new\", \"source\": \"a test\","
    " \"as_of\": \"2030-01-01\"}]}";
  g_autoptr(GBytes) bytes = g_bytes_new_static (later, strlen (later));
  g_autoptr(RpCatalog) catalog = rp_test_load_bundled_catalog ();
  g_autoptr(RpCatalog) other = rp_test_load_bundled_catalog ();
  g_autoptr(RpScenario) s = rp_scenario_new_starter_in (RP_CURRENCY_CNY);
  const RpGpu *gpu;
  RpPrices prices;

  rp_scenario_set_gpu (s, "a100-80gb-sxm");
  s->budget.condition = RP_CONDITION_NEW;
  gpu = rp_catalog_lookup_gpu (catalog, "a100-80gb-sxm");
  rp_prices_resolve (s, catalog, gpu, 0, &prices);
  g_assert_cmpint (prices.availability.status, ==, RP_AVAILABILITY_GREY);
  rp_prices_resolve (s, catalog, gpu, 0, &prices);
  g_assert_cmpint (prices.availability.status, ==, RP_AVAILABILITY_GREY);
  g_assert_true (rp_catalog_load_bytes (catalog, bytes, "market.json", NULL));
  rp_prices_resolve (s, catalog, gpu, 0, &prices);
  g_assert_cmpint (prices.availability.status, ==, RP_AVAILABILITY_NEW);
  g_assert_true (prices.availability.allowed);
  /* the other catalog, not reloaded, still says grey */
  rp_prices_resolve (s, other, rp_catalog_lookup_gpu (other, "a100-80gb-sxm"), 0, &prices);
  g_assert_cmpint (prices.availability.status, ==, RP_AVAILABILITY_GREY);
}

static gboolean
same_number (double a,
             double b)
{
  return (isnan (a) && isnan (b)) || a == b;
}

static void
assert_same_price (const RpPrice *a,
                   const RpPrice *b,
                   const char    *what)
{
  if (!same_number (a->value, b->value) || a->origin != b->origin ||
      a->currency != b->currency || !same_number (a->original, b->original))
    g_error ("%s: %g (%d) kept, %g (%d) resolved", what, a->value, a->origin, b->value,
             b->origin);
}

/* @a and @b resolved on two loads of the same files. */
static void
assert_same_prices (const RpPrices *a,
                    const RpPrices *b,
                    const char     *what)
{
  const RpPrice *pa[] = { &a->usd_to_cny, &a->gpu, &a->server, &a->network, &a->rent,
                          &a->power, &a->pue, &a->years, &a->failure };
  const RpPrice *pb[] = { &b->usd_to_cny, &b->gpu, &b->server, &b->network, &b->rent,
                          &b->power, &b->pue, &b->years, &b->failure };

  for (guint i = 0; i < G_N_ELEMENTS (pa); i++)
    assert_same_price (pa[i], pb[i], what);
  g_assert_cmpstr (a->offer != NULL ? a->offer->id : NULL, ==,
                   b->offer != NULL ? b->offer->id : NULL);
  g_assert_cmpuint (a->rent_billed_gpus, ==, b->rent_billed_gpus);
  g_assert_cmpuint (a->rent_flags, ==, b->rent_flags);
  g_assert_cmpint (a->availability.status, ==, b->availability.status);
  g_assert_cmpint (a->availability.allowed, ==, b->availability.allowed);
  g_assert_cmpint (a->shape_fit, ==, b->shape_fit);
  g_assert_cmpstr (a->region != NULL ? a->region->id : NULL, ==,
                   b->region != NULL ? b->region->id : NULL);
}

/* @s resolved on @kept just after @base was (its last prices are
 * @base's), and on @fresh, whose own were never asked. */
static void
assert_kept_follows (const RpScenario *base,
                     const RpScenario *s,
                     RpCatalog        *kept,
                     RpCatalog        *fresh,
                     const char       *what)
{
  RpPrices primed, a, b;

  rp_prices_resolve (base, kept, rp_catalog_lookup_gpu (kept, base->hardware.gpu), 0, &primed);
  rp_prices_resolve (s, kept, rp_catalog_lookup_gpu (kept, s->hardware.gpu), 0, &a);
  rp_prices_resolve (s, fresh, rp_catalog_lookup_gpu (fresh, s->hardware.gpu), 0, &b);
  assert_same_prices (&a, &b, what);
}

/* The prices are kept per thread under every value they read: each
 * budget and hardware number of the field table, set to another value
 * of its range, gives the prices a catalog not asked before gives (a
 * value read but left out of the key would give the kept ones). */
static void
test_prices_kept (void)
{
  g_autoptr(RpCatalog) kept = rp_test_load_bundled_catalog ();
  g_autoptr(RpCatalog) fresh = rp_test_load_bundled_catalog ();
  RpCurrency currencies[] = { RP_CURRENCY_CNY, RP_CURRENCY_USD };

  for (guint c = 0; c < G_N_ELEMENTS (currencies); c++)
    {
      g_autoptr(RpScenario) base = rp_scenario_new_starter_in (currencies[c]);
      RpScenario *named = NULL;
      guint checked = 0;

      for (guint i = 0; i < rp_fields_n (); i++)
        {
          const RpField *f = rp_fields_get (i);
          double now, candidates[4];

          if ((f->section != RP_SECTION_BUDGET && f->section != RP_SECTION_HARDWARE) ||
              f->arch_bit != 0 || !rp_field_is_number (f))
            continue;
          now = rp_field_get_number (f, base);
          candidates[0] = f->def;
          candidates[1] = f->min;
          candidates[2] = f->max;
          candidates[3] = (f->min + f->max) / 2;
          for (guint k = 0; k < G_N_ELEMENTS (candidates); k++)
            {
              g_autoptr(RpScenario) s = NULL;

              if (same_number (candidates[k], now) || !isfinite (candidates[k]) ||
                  !rp_field_check (f, candidates[k], NULL))
                continue;
              s = rp_scenario_copy (base);
              rp_field_set_number (f, s, candidates[k]);
              assert_kept_follows (base, s, kept, fresh, f->key);
              checked++;
            }
        }
      /* the ids, which the field table holds as strings */
      for (guint r = 0; r < rp_catalog_n_regions (kept); r++)
        {
          g_autoptr(RpScenario) s = rp_scenario_copy (base);

          rp_scenario_set_region (s, rp_catalog_get_region (kept, r)->id);
          assert_kept_follows (base, s, kept, fresh, "budget.region");
        }
      /* from one named offer to another, too */
      for (guint o = 0; o < rp_catalog_n_clouds (kept); o++)
        {
          const RpCloudOffer *offer = rp_catalog_get_cloud (kept, o);
          g_autoptr(RpScenario) s = NULL;

          if (g_strcmp0 (offer->gpu, base->hardware.gpu) != 0)
            continue;
          s = rp_scenario_copy (base);
          rp_scenario_set_rent_offer (s, offer->id);
          assert_kept_follows (base, s, kept, fresh, "budget.rent_offer");
          if (named == NULL)
            named = g_steal_pointer (&s);
          else
            assert_kept_follows (named, s, kept, fresh, "budget.rent_offer");
        }
      g_clear_pointer (&named, rp_scenario_free);
      g_assert_cmpuint (checked, >, 20);
    }
}

/* ---- growth ------------------------------------------------------------ */

/* 100 % a year for one year doubles the model; 40 % for 3 years is
 * 1.4³ = 2.744. */
static void
test_growth_factor (void)
{
  assert_near (rp_memory_growth_factor (100, 1), 2);
  assert_near (rp_memory_growth_factor (40, 3), 2.744);
  assert_near (rp_memory_growth_factor (0, 5), 1);
}

/* "Need 40 GB, buy 80 GB": a run of 40 GiB, 0.5 GiB of it the CUDA
 * context, with a model twice as large needs 0.5 + 39.5 × 2 = 79.5 GiB. */
static void
test_grown_bytes (void)
{
  RpMemoryEstimate m = { 0 };
  double gib = 1024.0 * 1024.0 * 1024.0;

  m.total_bytes = 40 * gib;
  m.cuda_context_bytes = 0.5 * gib;
  assert_near (rp_memory_grown_bytes (&m, 2) / gib, 79.5);
  assert_near (rp_memory_grown_bytes (&m, 1) / gib, 40);
}

/* Llama 3 8B LoRA on one RTX 4090 (18.6 GiB of 24) bought for 3 years
 * of models growing 40 % a year: the grown run does not fit the 90 %
 * usable; the fix buys a larger card, and the runtime headroom check is
 * the same as without growth. */
static void
test_growth_constraint (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_bundled_catalog ();
  g_autoptr(RpScenario) s = rp_scenario_new_starter_in (RP_CURRENCY_CNY);
  g_autoptr(RpEstimate) est = NULL;
  g_autoptr(RpEstimate) before = NULL;
  g_autoptr(RpEstimate) after = NULL;
  g_autoptr(RpScenario) fixed = NULL;
  const RpConstraint *c;
  const RpMemoryEstimate *m;
  double fixed_bytes, expected;
  RpConstraintCode code;

  s->budget.years = 3;
  /* growth, judged on the estimate itself (band_scale 0): the starter's
   * memory band (tests/test-bands.c) does not move what follows */
  s->hardware.band_scale = 0;
  before = rp_test_estimate (catalog, s);
  g_assert_false (before->constraints[RP_CONSTRAINT_GROWTH].judged);

  s->budget.growth_pct_year = 40;
  est = rp_test_estimate (catalog, s);
  c = &est->constraints[RP_CONSTRAINT_GROWTH];
  m = &est->memory;
  g_assert_true (c->judged);
  g_assert_false (c->ok);
  g_assert_cmpstr (c->key, ==, "budget.growth_pct_year");
  fixed_bytes = m->cuda_context_bytes + m->workspace_bytes + m->nccl_bytes;
  expected = fixed_bytes + (m->total_bytes - fixed_bytes) * 1.4 * 1.4 * 1.4;
  assert_near (c->needed, expected);
  assert_near (c->available, m->capacity_bytes * 0.9);
  /* the runtime headroom stays as it is */
  g_assert_true (est->constraints[RP_CONSTRAINT_VRAM].ok);
  assert_near (est->constraints[RP_CONSTRAINT_VRAM].needed,
               before->constraints[RP_CONSTRAINT_VRAM].needed);
  g_assert_true (rp_estimate_get_worst (est, &code) == c);
  g_assert_cmpint (code, ==, RP_CONSTRAINT_GROWTH);

  /* the fix for buying: a card with more memory, which then holds */
  g_assert_cmpint (est->fix.status, ==, RP_FIX_FOUND);
  g_assert_cmpint (est->fix.constraint, ==, RP_CONSTRAINT_GROWTH);
  g_assert_cmpint (est->fix.steps[0], ==, RP_FIX_STEP_LARGER_GPU);
  fixed = rp_fix_apply (s, catalog, &est->fix, NULL);
  after = rp_test_estimate (catalog, fixed);
  g_test_message ("fix: %s", fixed->hardware.gpu);
  g_assert_true (after->constraints[RP_CONSTRAINT_GROWTH].judged);
  g_assert_true (after->constraints[RP_CONSTRAINT_GROWTH].ok);
  g_assert_cmpfloat (after->memory.capacity_bytes * 0.9, >=, c->needed * 0.95);

  /* renting moves to larger GPUs as models grow: not judged */
  s->budget.acquire = RP_ACQUIRE_RENT;
  g_clear_pointer (&est, rp_estimate_free);
  est = rp_test_estimate (catalog, s);
  g_assert_false (est->constraints[RP_CONSTRAINT_GROWTH].judged);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/market/starter-cny", test_starter_cny);
  g_test_add_func ("/core/market/starter-usd", test_starter_usd);
  g_test_add_func ("/core/market/region-power", test_region_power);
  g_test_add_func ("/core/market/unknown-region", test_unknown_region);
  g_test_add_func ("/core/market/market-first", test_market_first);
  g_test_add_func ("/core/market/offer-abroad", test_offer_abroad);
  g_test_add_func ("/core/market/failure-rates", test_failure_rates);
  g_test_add_func ("/core/market/spare-gpus", test_spare_gpus);
  g_test_add_func ("/core/market/capital-with-spares", test_capital_with_spares);
  g_test_add_func ("/core/market/condition", test_condition);
  g_test_add_func ("/core/market/condition-words", test_condition_words);
  g_test_add_func ("/core/market/price-origin-words", test_price_origin_words);
  g_test_add_func ("/core/market/stale-prices", test_stale_prices);
  g_test_add_func ("/core/market/availability-reloaded", test_availability_reloaded);
  g_test_add_func ("/core/market/prices-kept", test_prices_kept);
  g_test_add_func ("/core/growth/factor", test_growth_factor);
  g_test_add_func ("/core/growth/grown-bytes", test_grown_bytes);
  g_test_add_func ("/core/growth/constraint", test_growth_constraint);
  return g_test_run ();
}

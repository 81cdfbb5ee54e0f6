/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cost-model.c: rent versus buy, worked by hand
 *
 * Every expected value is worked out in the comment beside it from the
 * formulas in rp-cost-model.c's header comment; none is computed by
 * calling the code under test.  A month is 730 h (8,760 h / 12). */

#include "config.h"

#include "rp-catalog.h"
#include "rp-cost-model.h"
#include "rp-fix.h"
#include "rp-error.h"
#include "rp-estimate.h"
#include "rp-estimate-json.h"
#include "rp-prices.h"
#include "rp-pricing.h"
#include "rp-scenario.h"
#include "rp-test-core.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <string.h>

#define EPS 1e-6
/* Relative tolerance for figures the comments round to 4–6 digits. */
#define assert_near(a, b) g_assert_cmpfloat_with_epsilon ((a), (b), 1e-6 * MAX (1.0, fabs ((double) (b))))

/* ---- fixtures ------------------------------------------------------- */

/* Example B, buying 8 GPUs:
 *   capital C = 8 × 20,000 + 1 × 32,000 + 8,000 = 200,000
 *   4 years: N = 48 months; residual 20 %: R = 40,000
 *   fixed per month: maintenance 200,000 × 6 % / 12 = 1,000
 *                    ops 24,000 / 12 = 2,000, colocation 500
 *                    capital cost (200,000 + 40,000) / 2 × 6 % / 12 = 600
 *                    fixed = 4,100
 *   power 10 kW IT × PUE 1.5 = 15 kW; 0.10 per kWh → 1.5 per busy hour
 *   renting: 8 GPUs × 4.00 = 32 per busy hour, billed exactly */
static RpCostInputs
example_b (double utilization_pct)
{
  RpCostInputs in = { 0, };

  in.run_known = TRUE;
  in.run_hours = 100;
  in.gpus = 8;
  in.rent_known = TRUE;
  in.rent_per_gpu_hour = 4.00;
  in.gpus_per_instance = 1;
  in.buy_known = TRUE;
  in.gpu_price = 20000;
  in.server_price = 32000;
  in.nodes = 1;
  in.network_price = 8000;
  in.it_power_w = 10000;
  in.pue = 1.5;
  in.power_price_kwh = 0.10;
  in.years = 4;
  in.residual_pct = 20;
  in.maintenance_pct_year = 6;
  in.ops_cost_year = 24000;
  in.colocation_per_month = 500;
  in.cost_of_capital_pct = 6;
  in.utilization_pct = utilization_pct;
  in.grid_kg_co2_per_kwh = 0.5;
  return in;
}

/* One RTX 4090 in CNY, like data/examples/lora-llama3-8b-rtx4090.rigplan. */
static RpScenario *
scenario_4090 (void)
{
  RpScenario *s = rp_scenario_new ();
  RpBudget *b = &s->budget;

  rp_scenario_set_gpu (s, "rtx-4090");
  b->currency = RP_CURRENCY_CNY;
  b->usd_to_cny = 7.1;
  b->rent_price_per_gpu_hour = 2.0;
  b->gpu_price = 15000;
  b->server_price = 12000;
  b->power_price_kwh = 0.8;
  b->pue = 1.3;
  b->years = 3;
  b->residual_pct = 30;
  b->maintenance_pct_year = 5;
  b->utilization_pct = 60;
  b->grid_kg_co2_per_kwh = 0.4;
  return s;
}

/* The time model's result, set by hand so that these tests do not depend
 * on it: 100 h, one 16 GB checkpoint. */
static void
fake_run (RpEstimate *est,
          double      hours,
          guint       gpus)
{
  est->compute.computed = TRUE;
  est->compute.hours = hours;
  est->compute.gpu_hours = hours * gpus;
  est->compute.checkpoint_bytes = 16e9;
}

/* ---- pure arithmetic ------------------------------------------------ */

typedef struct
{
  double run_hours;
  double granularity_s;
  double billed_hours;
  const char *why;
} BilledCase;

static void
test_billed_hours (void)
{
  static const BilledCase cases[] = {
    { 0.25, 3600, 1.0, "15 min on hourly billing: one whole hour (shorter than one unit)" },
    { 1.0, 3600, 1.0, "exactly one hour: no second unit" },
    { 1.0001, 3600, 2.0, "0.36 s into the second hour: two hours" },
    { 1.5, 60, 1.5, "90 min by the minute: 90 units = 1.5 h" },
    { 0.01, 60, 1.0 / 60.0, "36 s by the minute: one 60 s unit = 1/60 h" },
    { 0, 3600, 0, "no run, nothing billed" },
    { 2.3, 0, 2.3, "granularity 0: billed exactly" },
    { 10, 86400, 24, "capacity block of a day: 10 h cost 24 h" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s", cases[i].why);
      g_assert_cmpfloat_with_epsilon (rp_cost_billed_hours (cases[i].run_hours,
                                                            cases[i].granularity_s),
                                      cases[i].billed_hours, EPS);
    }
}

/* Example A, renting 8 GPUs at 2.00 per GPU-hour, hourly billing:
 *   run 10.25 h → 11 billed hours; compute 8 × 11 × 2.00 = 176.00
 *   checkpoints 73 GB × 2 kept = 146 GB at 0.10 per GB-month for
 *   11 / 730 months: 146 × 0.10 × 11 / 730 = 0.22
 *   egress 100 GB × 0.05 = 5.00; total 181.22
 *   per month at 50 %: 8 × 365 h × 2.00 = 5,840 */
static void
test_rent_worked (void)
{
  RpCostInputs in = { 0, };
  RpCostEstimate out = { 0, };
  g_autoptr(GError) error = NULL;

  in.run_known = TRUE;
  in.run_hours = 10.25;
  in.checkpoint_bytes = 73e9;
  in.checkpoints_kept = 2;
  in.gpus = 8;
  in.rent_known = TRUE;
  in.rent_per_gpu_hour = 2.00;
  in.gpus_per_instance = 8;
  in.billing_granularity_s = 3600;
  in.storage_price_gb_month = 0.10;
  in.egress_gb = 100;
  in.egress_price_gb = 0.05;
  in.utilization_pct = 50;

  g_assert_true (rp_cost_compute (&in, &out, &error));
  g_assert_no_error (error);
  g_assert_true (out.computed && out.rent_available && out.run_available);
  g_assert_false (out.buy_available);
  g_assert_cmpuint (out.rent_billed_gpus, ==, 8);
  assert_near (out.rent_billed_hours, 11);
  assert_near (out.rent_compute, 176.00);
  assert_near (out.rent_storage, 0.22);
  assert_near (out.rent_egress, 5.00);
  assert_near (out.rent_total, 181.22);
  assert_near (out.rent_per_month, 5840);
  /* Without a purchase price there is no break-even and no buy curve. */
  g_assert_cmpfloat (out.break_even_months, <, 0);
  g_assert_true (isnan (rp_cost_buy_cumulative (&out, 0)));
  assert_near (rp_cost_rent_cumulative (&out, 0), 0);
  rp_cost_estimate_clear (&out);

  /* 3 GPUs on an 8-GPU instance: the whole instance is billed, 8 × 11 ×
   * 2.00 = 176.00 as before. */
  in.gpus = 3;
  g_assert_true (rp_cost_compute (&in, &out, NULL));
  g_assert_cmpuint (out.rent_billed_gpus, ==, 8);
  assert_near (out.rent_compute, 176.00);
  rp_cost_estimate_clear (&out);
}

/* Spot with a 10 % interruption allowance, 8 single-GPU instances at 1.00:
 *   10.25 h × 1.10 = 11.275 h → 12 billed hours; 8 × 12 × 1.00 = 96.00
 *   per month at 50 %: 8 × 365 × 1.00 × 1.10 = 3,212 */
static void
test_spot_allowance (void)
{
  RpCostInputs in = { 0, };
  RpCostEstimate out = { 0, };

  in.run_known = TRUE;
  in.run_hours = 10.25;
  in.gpus = 8;
  in.rent_known = TRUE;
  in.rent_per_gpu_hour = 1.00;
  in.gpus_per_instance = 1;
  in.billing_granularity_s = 3600;
  in.spot_allowance_pct = 10;
  in.utilization_pct = 50;

  g_assert_true (rp_cost_compute (&in, &out, NULL));
  assert_near (out.rent_billed_hours, 12);
  assert_near (out.rent_total, 96.00);
  assert_near (out.rent_per_month, 3212);
  rp_cost_estimate_clear (&out);
}

/* Example B at 50 % utilization: busy 365 h a month.
 *   depreciation (200,000 − 40,000) / 48 = 3,333.333…
 *   electricity 365 h × 1.5 = 547.50
 *   per month 3,333.333 + 4,100 + 547.50 = 7,980.833…
 *   renting 8 × 365 × 4.00 = 11,680 a month
 *   break-even 200,000 / (11,680 − 4,647.50) = 28.439389 months
 *   payback utilization: the capital paid back from the monthly saving
 *     within N: (C + N × fixed) / (N × 730 × (32 − 1.5))
 *     = (200,000 + 196,800) / 1,068,720 = 37.128528 %
 *   the run (100 h): owning over the period 356,800 spread over 48 × 365
 *     = 17,520 busy hours → 356,800 × 100 / 17,520 = 2,036.529680
 *     + electricity 15 kW × 100 h × 0.10 = 150 → 2,186.529680
 *   energy 15 kW × 100 h = 1,500 kWh; CO₂ 1,500 × 0.5 = 750 kg
 *   curves: rent(12) = 12 × 11,680 = 140,160; buy(0) = 200,000;
 *     buy(12) = 200,000 + 12 × 4,647.50 = 255,770;
 *     buy(48) = 200,000 + 48 × 4,647.50 − 40,000 = 383,080 */
static void
test_buy_worked (void)
{
  RpCostInputs in = example_b (50);
  RpCostEstimate out = { 0, };
  g_autoptr(GError) error = NULL;

  g_assert_true (rp_cost_compute (&in, &out, &error));
  g_assert_no_error (error);
  assert_near (out.buy_capital, 200000);
  assert_near (out.buy_capital_gpus, 160000);
  assert_near (out.buy_capital_servers, 32000);
  assert_near (out.buy_capital_network, 8000);
  assert_near (out.buy_residual, 40000);
  assert_near (out.buy_depreciation_per_month, 160000.0 / 48.0);
  assert_near (out.buy_maintenance_per_month, 1000);
  assert_near (out.buy_ops_per_month, 2000);
  assert_near (out.buy_colocation_per_month, 500);
  assert_near (out.buy_capital_cost_per_month, 600);
  assert_near (out.buy_energy_per_month, 547.50);
  assert_near (out.buy_per_month, 7980.833333);
  assert_near (out.rent_per_month, 11680);
  assert_near (out.break_even_months, 28.439389);
  assert_near (out.break_even_utilization_pct, 37.128528);
  assert_near (out.buy_total, 2186.529680);
  assert_near (out.buy_run_energy, 150);
  assert_near (out.energy_kwh, 1500);
  assert_near (out.co2_kg, 750);
  assert_near (out.power_w, 15000);
  assert_near (out.rent_total, 3200);   /* 8 GPUs × 100 h × 4.00 */

  g_assert_cmpuint (out.n_months, ==, 48);
  assert_near (rp_cost_rent_cumulative (&out, 0), 0);
  assert_near (rp_cost_rent_cumulative (&out, 12), 140160);
  assert_near (rp_cost_buy_cumulative (&out, 0), 200000);
  assert_near (rp_cost_buy_cumulative (&out, 12), 255770);
  assert_near (rp_cost_buy_cumulative (&out, 48), 383080);
  rp_cost_estimate_clear (&out);
  g_assert_true (isnan (rp_cost_rent_cumulative (&out, 0)));
}

/* Example B at 0 %: the machine is never busy.
 *   renting 0 a month; owning 3,333.333 + 4,100 = 7,433.333 a month
 *   break-even never; the utilization it needs is still 37.128528 %
 *   the run is the machine's only use: 356,800 + 150 = 356,950 */
static void
test_zero_utilization (void)
{
  RpCostInputs in = example_b (0);
  RpCostEstimate out = { 0, };

  g_assert_true (rp_cost_compute (&in, &out, NULL));
  assert_near (out.rent_per_month, 0);
  assert_near (out.buy_energy_per_month, 0);
  assert_near (out.buy_per_month, 7433.333333);
  g_assert_cmpfloat (out.break_even_months, <, 0);
  assert_near (out.break_even_utilization_pct, 37.128528);
  assert_near (out.buy_total, 356950);
  assert_near (rp_cost_rent_cumulative (&out, 48), 0);
  assert_near (rp_cost_buy_cumulative (&out, 1), 204100);   /* 200,000 + 4,100 */
  g_assert_cmpfloat (out.break_even_by_utilization[0], <, 0);
  rp_cost_estimate_clear (&out);
}

/* Example B at 100 %: busy 730 h a month.
 *   renting 8 × 730 × 4.00 = 23,360; electricity 730 × 1.5 = 1,095
 *   owning 3,333.333 + 4,100 + 1,095 = 8,528.333 a month
 *   break-even 200,000 / (23,360 − 5,195) = 11.010184 months
 *   the run: 356,800 × 100 / (48 × 730) + 150 = 1,018.264840 + 150 */
static void
test_full_utilization (void)
{
  RpCostInputs in = example_b (100);
  RpCostEstimate out = { 0, };

  g_assert_true (rp_cost_compute (&in, &out, NULL));
  assert_near (out.rent_per_month, 23360);
  assert_near (out.buy_energy_per_month, 1095);
  assert_near (out.buy_per_month, 8528.333333);
  assert_near (out.break_even_months, 11.010184);
  assert_near (out.buy_total, 1168.264840);
  assert_near (out.break_even_by_utilization[RP_COST_N_UTILIZATION_STEPS - 1], 11.010184);
  /* 50 % is step 5: the 28.439389 months of test_buy_worked. */
  assert_near (out.break_even_by_utilization[5], 28.439389);
  rp_cost_estimate_clear (&out);
}

/* Example B at 35 %: busy 255.5 h a month.
 *   renting 8 × 255.5 × 4.00 = 8,176; running 4,100 + 255.5 × 1.5 = 4,483.25
 *   payback 200,000 / 3,692.75 = 54.2 months > 48: not within the period
 *   over the period, resale counted: 48 × 8,176 − (200,000 − 40,000 +
 *   48 × 4,483.25) = 392,448 − 375,196 = 17,252 saved by buying.
 * The resale makes buying cheaper over the whole period but is not a
 * payback: break-even must not collapse onto month 48 (it did before). */
static void
test_resale_is_not_payback (void)
{
  RpCostInputs in = example_b (35);
  RpCostEstimate out = { 0, };

  g_assert_cmpfloat (rp_cost_break_even_months (&in, 35), <, 0);
  g_assert_true (rp_cost_compute (&in, &out, NULL));
  g_assert_cmpfloat (out.break_even_months, <, 0);
  assert_near (out.period_saving, 17252);
  assert_near (rp_cost_buy_cumulative (&out, 48), 200000 + 48 * 4483.25 - 40000);
  rp_cost_estimate_clear (&out);
}

/* Renting at 0.20: the margin per busy hour is 8 × 0.20 − 1.5 = 0.10, so
 * paying off 356,800 needs 356,800 / (48 × 730 × 0.10) = 101.8 % busy:
 * never.  At 100 %: renting 1,168 a month against 5,195 running: never. */
static void
test_never_pays (void)
{
  RpCostInputs in = example_b (100);

  in.rent_per_gpu_hour = 0.20;
  g_assert_cmpfloat (rp_cost_break_even_utilization (&in), <, 0);
  g_assert_cmpfloat (rp_cost_break_even_months (&in, 100), <, 0);
}

/* Prices of zero.
 * Renting free: rent 0, nothing to break even against (never).
 * Buying free hardware (C = 0, so R = 0, maintenance and capital cost 0):
 *   fixed = ops 2,000 + colocation 500 = 2,500
 *   at 50 %: renting 11,680 ≥ running 2,500 + 547.50 → break-even at 0
 *   utilization needed: 48 × 2,500 / (48 × 730 × 30.5) = 11.228385 % */
static void
test_zero_price (void)
{
  RpCostInputs in = example_b (50);
  RpCostEstimate out = { 0, };

  in.rent_per_gpu_hour = 0;
  g_assert_true (rp_cost_compute (&in, &out, NULL));
  assert_near (out.rent_total, 0);
  assert_near (out.rent_per_month, 0);
  g_assert_cmpfloat (out.break_even_months, <, 0);
  g_assert_cmpfloat (out.break_even_utilization_pct, <, 0);
  rp_cost_estimate_clear (&out);

  in = example_b (50);
  in.gpu_price = 0;
  in.server_price = 0;
  in.network_price = 0;
  g_assert_true (rp_cost_compute (&in, &out, NULL));
  assert_near (out.buy_capital, 0);
  assert_near (out.buy_depreciation_per_month, 0);
  assert_near (out.break_even_months, 0);
  assert_near (out.break_even_utilization_pct, 11.228385);
  rp_cost_estimate_clear (&out);
}

/* A resale value above the price is rejected, in the arithmetic and in
 * the scenario; 100 % (sold for what it cost) is allowed. */
static void
test_residual_above_price (void)
{
  RpCostInputs in = example_b (50);
  RpCostEstimate out = { 0, };
  g_autoptr(GError) error = NULL;
  g_autoptr(RpScenario) scenario = scenario_4090 ();
  RpScenario *loaded;
  static const char file[] =
    "{ \"format\": \"rigplan-scenario\", \"version\": 1,"
    "  \"model\": { \"preset\": \"gpt2\" },"
    "  \"hardware\": { \"gpu\": \"rtx-4090\" },"
    "  \"budget\": { \"residual_pct\": 120 } }";

  in.residual_pct = 120;
  g_assert_false (rp_cost_inputs_validate (&in, &error));
  g_assert_error (error, RP_ERROR, RP_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message, "residual_pct"));
  g_clear_error (&error);
  g_assert_false (rp_cost_compute (&in, &out, &error));
  g_assert_error (error, RP_ERROR, RP_ERROR_INVALID_VALUE);
  g_assert_true (isnan (rp_cost_buy_cumulative (&out, 0)));
  g_assert_false (out.computed);
  g_clear_error (&error);

  in.residual_pct = 100;
  g_assert_true (rp_cost_inputs_validate (&in, NULL));

  scenario->budget.residual_pct = 150;
  g_assert_false (rp_scenario_validate (scenario, &error));
  g_assert_error (error, RP_ERROR, RP_ERROR_INVALID_VALUE);
  g_clear_error (&error);

  loaded = rp_scenario_load_data (file, strlen (file), &error);
  g_assert_null (loaded);
  g_assert_error (error, RP_ERROR, RP_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message, "budget.residual_pct"));
}

/* Other bad inputs name their field. */
static void
test_invalid_inputs (void)
{
  RpCostInputs in = example_b (50);
  g_autoptr(GError) error = NULL;

  in.utilization_pct = 101;
  g_assert_false (rp_cost_inputs_validate (&in, &error));
  g_assert_error (error, RP_ERROR, RP_ERROR_INVALID_VALUE);
  g_clear_error (&error);

  in = example_b (50);
  in.pue = 0.9;
  g_assert_false (rp_cost_inputs_validate (&in, &error));
  g_assert_error (error, RP_ERROR, RP_ERROR_INVALID_VALUE);
  g_clear_error (&error);

  in = example_b (50);
  in.rent_per_gpu_hour = -1;
  g_assert_false (rp_cost_inputs_validate (&in, &error));
  g_assert_error (error, RP_ERROR, RP_ERROR_INVALID_VALUE);
}

/* ---- catalog and scenario ------------------------------------------- */

/* pricing.json's values, re-derived from the facts they cite:
 *   DGX H100 non-GPU BOM 32,010 / 8 GPU slots = 4,001.25
 *   NDR switch 36,000 / 64 ports = 562.5
 *   DGX H100 10,200 W / (8 × 700 W) = 1.821429 (the file rounds to 1.8214)
 *   resale proxy after 5 years: 100 × 10^(−0.14 × 5) = 19.952623 % */
static void
test_pricing_file (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_catalog ();
  const RpPricing *pricing = rp_catalog_get_pricing (catalog);
  double v = 0;

  g_assert_nonnull (pricing);
  g_assert_cmpint (rp_pricing_get_currency (pricing), ==, RP_CURRENCY_USD);
  g_assert_true (rp_pricing_lookup (pricing, RP_PRICING_SERVER_PER_GPU_SLOT, &v));
  assert_near (v, 32010.0 / 8.0);
  g_assert_true (rp_pricing_lookup (pricing, RP_PRICING_SWITCH_PORT, &v));
  assert_near (v, 36000.0 / 64.0);
  g_assert_true (rp_pricing_lookup (pricing, RP_PRICING_SERVER_POWER_PER_GPU_TDP, &v));
  g_assert_cmpfloat_with_epsilon (v, 10200.0 / 5600.0, 1e-4);
  g_assert_true (rp_pricing_resale_pct (pricing, 5, &v));
  assert_near (v, 19.952623);
  /* 0.14 OOMs a year: 10^-0.42 after 3 years; the answer kept for 5
   * years is not taken for 3 */
  g_assert_true (rp_pricing_resale_pct (pricing, 3, &v));
  assert_near (v, 38.018940);
  g_assert_true (rp_pricing_resale_pct (pricing, 5, &v));
  assert_near (v, 19.952623);
  for (guint k = 0; k < RP_N_PRICING_KEYS; k++)
    {
      const RpPricingValue *entry = rp_pricing_get_entry (pricing, k);

      g_test_message ("%s", rp_pricing_key_to_string (k));
      g_assert_nonnull (entry);
      g_assert_nonnull (entry->source);
      g_assert_nonnull (entry->as_of);
      g_assert_nonnull (entry->unit);
    }
  g_assert_false (rp_pricing_lookup (NULL, RP_PRICING_PUE, &v));
}

/* A user file overrides only the keys it gives; a bad one names the key
 * and changes nothing. */
static void
test_pricing_override (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_catalog ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) good = NULL, bad_range = NULL, no_source = NULL;
  static const char good_text[] =
    "{ \"format\": \"rigplan-pricing\", \"version\": 1, \"currency\": \"USD\","
    "  \"values\": { \"pue\": { \"value\": 1.2, \"unit\": \"ratio\","
    "  \"source\": \"our facility's meter\", \"as_of\": \"2026-01\" } } }";
  static const char bad_range_text[] =
    "{ \"format\": \"rigplan-pricing\", \"version\": 1, \"currency\": \"USD\","
    "  \"values\": { \"pue\": { \"value\": 0.5, \"unit\": \"ratio\","
    "  \"source\": \"x\", \"as_of\": \"2026\" } } }";
  static const char no_source_text[] =
    "{ \"format\": \"rigplan-pricing\", \"version\": 1, \"currency\": \"USD\","
    "  \"values\": { \"switch_port\": { \"value\": 100, \"unit\": \"USD\","
    "  \"as_of\": \"2026\" } } }";
  double v = 0;

  good = g_bytes_new_static (good_text, strlen (good_text));
  g_assert_true (rp_catalog_load_bytes (catalog, good, "user.json", &error));
  g_assert_no_error (error);
  g_assert_true (rp_pricing_lookup (rp_catalog_get_pricing (catalog), RP_PRICING_PUE, &v));
  assert_near (v, 1.2);
  g_assert_true (rp_pricing_lookup (rp_catalog_get_pricing (catalog),
                                    RP_PRICING_SERVER_PER_GPU_SLOT, &v));
  assert_near (v, 4001.25);

  bad_range = g_bytes_new_static (bad_range_text, strlen (bad_range_text));
  g_assert_false (rp_catalog_load_bytes (catalog, bad_range, "bad.json", &error));
  g_assert_error (error, RP_ERROR, RP_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message, "values.pue.value"));
  g_clear_error (&error);
  g_assert_true (rp_pricing_lookup (rp_catalog_get_pricing (catalog), RP_PRICING_PUE, &v));
  assert_near (v, 1.2);

  no_source = g_bytes_new_static (no_source_text, strlen (no_source_text));
  g_assert_false (rp_catalog_load_bytes (catalog, no_source, "bad.json", &error));
  g_assert_error (error, RP_ERROR, RP_ERROR_MISSING_FIELD);
  g_assert_nonnull (strstr (error->message, "values.switch_port.source"));
}

/* One RTX 4090 in CNY with a 100 h run (scenario_4090, fake_run):
 *   IT power 450 W × 1.8214 × 0.75 = 614.7225 W; × PUE 1.3 = 799.13925 W
 *   renting 100 h × 2.00 = 200.00 (custom price: billed exactly)
 *   capital 15,000 + 12,000 = 27,000; residual 30 % = 8,100; N = 36
 *   depreciation 18,900 / 36 = 525; maintenance 27,000 × 5 % / 12 = 112.50
 *   electricity at 60 % (438 h): 0.79913925 kW × 438 × 0.8 = 280.018393
 *   per month 525 + 112.50 + 280.018393 = 917.518393
 *   run energy 0.79913925 × 100 = 79.913925 kWh; CO₂ × 0.4 = 31.96557 kg
 *   run share (18,900 + 36 × 112.50) × 100 / (36 × 438) = 145.547945
 *     + electricity 79.913925 × 0.8 = 63.93114 → 209.479085
 *   utilization to pay back within 36 months:
 *     (27,000 + 36 × 112.50) / (36 × 730 × (2 − 0.79913925 × 0.8))
 *     = 31,050 / 35,758.935 = 86.831539 % — above 60 %, so "rent-first" */
static void
test_scenario_custom_price (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_catalog ();
  g_autoptr(RpScenario) scenario = scenario_4090 ();
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  const RpCostEstimate *c = &est->cost;

  fake_run (est, 100, 1);
  rp_cost_model_run (scenario, catalog, est);
  g_assert_true (c->computed && c->run_available && c->rent_available && c->buy_available);
  g_assert_cmpint (c->currency, ==, RP_CURRENCY_CNY);
  g_assert_null (c->rent_offer);
  assert_near (c->rent_total, 200.00);
  assert_near (c->buy_capital, 27000);
  assert_near (c->buy_depreciation_per_month, 525);
  assert_near (c->buy_maintenance_per_month, 112.50);
  assert_near (c->power_w, 799.13925);
  assert_near (c->buy_energy_per_month, 280.018393);
  assert_near (c->buy_per_month, 917.518393);
  assert_near (c->energy_kwh, 79.913925);
  assert_near (c->co2_kg, 31.96557);
  assert_near (c->buy_total, 209.479085);
  assert_near (c->break_even_utilization_pct, 86.831539);
  g_assert_cmpfloat (c->break_even_months, <, 0);
  g_assert_cmpuint (c->n_months, ==, 36);
  /* RTX 4090: 165.2 dense bf16 TFLOP/s / 450 W = 0.367111 */
  assert_near (c->tflops_per_w, 0.367111);

  g_assert_true (rp_estimate_has_warning (est, "rent-first"));
  g_assert_true (rp_estimate_has_warning (est, "ops-cost"));
  g_assert_true (rp_estimate_has_warning (est, "consumer-card-long-run"));
  g_assert_true (rp_estimate_has_warning (est, "backup-checkpoints"));
  g_assert_false (rp_estimate_has_warning (est, "used-card-risk"));
  /* 30 % resale after 3 years is below the 38.0 % price-performance proxy. */
  g_assert_false (rp_estimate_has_warning (est, "residual-optimistic"));

  /* ¥5,000 for a card the catalog lists at ¥10,062 is a low price, not a
   * condition: only budget.condition makes a card used.  An ops cost
   * silences "ops-cost". */
  rp_estimate_clear (est);
  fake_run (est, 100, 1);
  scenario->budget.gpu_price = 5000;
  scenario->budget.limit = 100;
  scenario->budget.ops_cost_year = 1200;
  scenario->budget.utilization_pct = 80;
  rp_cost_model_run (scenario, catalog, est);
  g_assert_false (rp_estimate_has_warning (est, "used-card-risk"));
  g_assert_false (rp_estimate_has_warning (est, "ops-cost"));
}

/* Before the time model has run, the capital, the monthly costs and the
 * curves are there; the run's own costs are unavailable, and null in
 * JSON. */
static void
test_run_unknown (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_catalog ();
  g_autoptr(RpScenario) scenario = scenario_4090 ();
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  cJSON *root, *cost, *monthly, *by_u;

  rp_scenario_set_preset (scenario, "llama-3-8b");
  g_assert_true (rp_fix_estimate (scenario, catalog, est, &error));
  g_assert_no_error (error);
  est->compute.computed = FALSE;   /* whatever the time model did */
  est->n_warnings = 0;
  rp_cost_model_run (scenario, catalog, est);
  g_assert_true (est->cost.computed);
  g_assert_false (est->cost.run_available);
  assert_near (est->cost.buy_capital, 27000);
  assert_near (est->cost.rent_per_month, 876);  /* 438 h × 2.00 */
  g_assert_false (rp_estimate_has_warning (est, "backup-checkpoints"));

  text = rp_estimate_to_json (scenario, catalog, est, NULL);
  root = cJSON_Parse (text);
  g_assert_nonnull (root);
  cost = cJSON_GetObjectItem (root, "cost");
  g_assert_true (cJSON_IsObject (cost));
  g_assert_cmpstr (cJSON_GetObjectItem (cost, "currency")->valuestring, ==, "CNY");
  g_assert_true (cJSON_IsNull (cJSON_GetObjectItem (cost, "rent_total")));
  g_assert_true (cJSON_IsNull (cJSON_GetObjectItem (cost, "buy_total")));
  g_assert_true (cJSON_IsNull (cJSON_GetObjectItem (cost, "energy_kwh")));
  g_assert_true (cJSON_IsNull (cJSON_GetObjectItem (cost, "break_even_months")));
  g_assert_cmpfloat_with_epsilon (cJSON_GetObjectItem (cost, "buy_capital")->valuedouble,
                                  27000, EPS);
  monthly = cJSON_GetObjectItem (cost, "monthly");
  g_assert_cmpint (cJSON_GetArraySize (cJSON_GetObjectItem (monthly, "rent_cumulative")),
                   ==, 37);
  g_assert_cmpint (cJSON_GetArraySize (cJSON_GetObjectItem (monthly, "buy_cumulative")),
                   ==, 37);
  by_u = cJSON_GetObjectItem (cost, "break_even_by_utilization");
  g_assert_cmpint (cJSON_GetArraySize (by_u), ==, RP_COST_N_UTILIZATION_STEPS);
  cJSON_Delete (root);
}

/* An offer in USD for a CNY scenario, at 7.0 CNY per USD.
 * Azure ND96amsr A100 v4: 3.67 USD on demand = 25.69 CNY, 8 GPUs per
 * instance, billed per 60 s.  10.005 h = 36,018 s → 601 minutes =
 * 10.016667 h; 8 × 10.016667 × 25.69 = 2,058.625333.
 * Reserved 3 years: 2.27 USD = 15.89 CNY.  It has no spot price.
 * Buying at catalog prices in the US market (a new A100 is not sold in
 * China: market.json): 8 × 17,348.56 USD + 8 × 4,001.25 USD server share
 * (servers.json has no HGX A100 platform price, so the pricing.json
 * rule) = 170,798.48 USD × 7.0 = 1,195,589.36 CNY. */
static void
test_offer_currency (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_catalog ();
  g_autoptr(RpScenario) scenario = rp_scenario_new ();
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  const RpCostEstimate *c = &est->cost;

  rp_scenario_set_gpu (scenario, "a100-80gb-sxm");
  rp_scenario_set_rent_offer (scenario, "azure-nd96amsr-a100-v4");
  scenario->hardware.gpus_per_node = 8;
  scenario->budget.currency = RP_CURRENCY_CNY;
  scenario->budget.usd_to_cny = 7.0;
  rp_scenario_set_region (scenario, "us");
  fake_run (est, 10.005, 8);

  rp_cost_model_run (scenario, catalog, est);
  g_assert_nonnull (c->rent_offer);
  assert_near (c->rent_per_gpu_hour, 25.69);
  assert_near (c->rent_billed_hours, 10.016667);
  assert_near (c->rent_compute, 2058.625333);
  assert_near (c->buy_capital, 1195589.36);

  rp_estimate_clear (est);
  fake_run (est, 10.005, 8);
  scenario->budget.rent_kind = RP_RENT_RESERVED_3Y;
  rp_cost_model_run (scenario, catalog, est);
  assert_near (c->rent_per_gpu_hour, 15.89);

  rp_estimate_clear (est);
  fake_run (est, 10.005, 8);
  scenario->budget.rent_kind = RP_RENT_SPOT;
  rp_cost_model_run (scenario, catalog, est);
  g_assert_false (c->rent_available);
  g_assert_true (c->buy_available);
  g_assert_true (rp_estimate_has_warning (est, "rent-kind-unavailable"));
}

/* The estimate looks budget.rent_offer up once and the prices take it
 * from there: the same offer as the catalog lookup, and for every cloud
 * offer the same prices as when looked up again; an offer of another id
 * (an estimate of another scenario) is not taken. */
static void
test_offer_looked_up_once (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_catalog ();
  g_autoptr(RpScenario) example = rp_test_load_example ("full-finetune-llama2-7b-8xa100.rigplan");
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  guint n = rp_catalog_n_clouds (catalog);

  g_assert_nonnull (example->budget.rent_offer);
  g_assert_true (rp_estimate_compute (example, catalog, est, NULL));
  g_assert_true (est->rent_offer == rp_catalog_lookup_cloud (catalog, example->budget.rent_offer));
  for (guint i = 0; i < n; i++)
    {
      const RpCloudOffer *offer = rp_catalog_get_cloud (catalog, i);
      const RpCloudOffer *other = rp_catalog_get_cloud (catalog, (i + 1) % n);
      const RpGpu *gpu = rp_catalog_lookup_gpu (catalog, offer->gpu);
      g_autoptr(RpScenario) scenario = rp_scenario_new ();
      RpPrices looked_up, given, stale;

      g_assert_nonnull (gpu);
      rp_scenario_set_gpu (scenario, offer->gpu);
      rp_scenario_set_rent_offer (scenario, offer->id);
      scenario->hardware.gpus_per_node = 8;
      rp_prices_resolve (scenario, catalog, gpu, 0, &looked_up);
      rp_prices_resolve_with_offer (scenario, catalog, gpu, 0, offer, &given);
      rp_prices_resolve_with_offer (scenario, catalog, gpu, 0, other, &stale);
      g_assert_true (looked_up.offer == offer);
      g_assert_cmpmem (&looked_up, sizeof looked_up, &given, sizeof given);
      g_assert_cmpmem (&looked_up, sizeof looked_up, &stale, sizeof stale);
    }
}

/* Two nodes on InfiniBand NDR, 16 GPUs, no bill of materials yet: one
 * switch port per GPU, 16 × 562.5 = 9,000 USD.  With a bill of materials
 * naming 20 ports: 20 × 562.5 = 11,250. */
static void
test_network_default (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_catalog ();
  g_autoptr(RpScenario) scenario = rp_scenario_new ();
  g_autoptr(RpEstimate) est = rp_estimate_new ();

  rp_scenario_set_gpu (scenario, "h100-sxm");
  scenario->hardware.gpus_per_node = 8;
  scenario->hardware.nodes = 2;
  scenario->hardware.network = RP_NETWORK_IB_NDR;
  rp_cost_model_run (scenario, catalog, est);
  assert_near (est->cost.buy_capital_network, 9000);
  /* 2 servers × 8 slots × 4,001.25 = 64,020 */
  assert_near (est->cost.buy_capital_servers, 64020);

  rp_estimate_clear (est);
  est->bom.computed = TRUE;
  est->bom.switch_ports = 20;
  rp_cost_model_run (scenario, catalog, est);
  assert_near (est->cost.buy_capital_network, 11250);
}

/* Performance per watt, dense peak / TDP (catalog datasheet figures):
 *   H100 SXM bf16 989.4 / 700 W = 1.413429
 *   A100 80GB SXM has no fp8: 0 */
static void
test_perf_per_watt (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_catalog ();
  const RpGpu *h100 = rp_catalog_lookup_gpu (catalog, "h100-sxm");
  const RpGpu *a100 = rp_catalog_lookup_gpu (catalog, "a100-80gb-sxm");

  assert_near (rp_cost_model_perf_per_watt (h100, RP_PRECISION_BF16_MIXED), 1.413429);
  g_assert_cmpfloat (rp_cost_model_perf_per_watt (a100, RP_PRECISION_FP8_MIXED), ==, 0);
}

/* ---- main ----------------------------------------------------------- */

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/cost-model/billed-hours", test_billed_hours);
  g_test_add_func ("/core/cost-model/offer-looked-up-once", test_offer_looked_up_once);
  g_test_add_func ("/core/cost-model/rent-worked", test_rent_worked);
  g_test_add_func ("/core/cost-model/spot-allowance", test_spot_allowance);
  g_test_add_func ("/core/cost-model/buy-worked", test_buy_worked);
  g_test_add_func ("/core/cost-model/zero-utilization", test_zero_utilization);
  g_test_add_func ("/core/cost-model/full-utilization", test_full_utilization);
  g_test_add_func ("/core/cost-model/resale-is-not-payback", test_resale_is_not_payback);
  g_test_add_func ("/core/cost-model/never-pays", test_never_pays);
  g_test_add_func ("/core/cost-model/zero-price", test_zero_price);
  g_test_add_func ("/core/cost-model/residual-above-price", test_residual_above_price);
  g_test_add_func ("/core/cost-model/invalid-inputs", test_invalid_inputs);
  g_test_add_func ("/core/cost-model/pricing-file", test_pricing_file);
  g_test_add_func ("/core/cost-model/pricing-override", test_pricing_override);
  g_test_add_func ("/core/cost-model/scenario-custom-price", test_scenario_custom_price);
  g_test_add_func ("/core/cost-model/run-unknown", test_run_unknown);
  g_test_add_func ("/core/cost-model/offer-currency", test_offer_currency);
  g_test_add_func ("/core/cost-model/network-default", test_network_default);
  g_test_add_func ("/core/cost-model/perf-per-watt", test_perf_per_watt);
  return g_test_run ();
}

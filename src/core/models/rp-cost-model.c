/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-cost-model.c: rent versus buy, energy and break-even
 *
 * Symbols: G GPUs (G_b billed: whole instances), p price per GPU-hour,
 * t run hours, g billing unit (h), s spot allowance, u utilization (0..1),
 * b = 730 u busy hours per month, C capital, R = C r resale value,
 * N = 12 × years months, P IT power while training (W), e price per kWh.
 *
 * Rent (cloud pricing pages bill started units: AWS EC2 On-Demand and
 * Spot per second, Azure per minute, AutoDL per hour):
 *   billed hours  h_b = ceil (t (1 + s) / g) g
 *   run           G_b h_b p + storage + egress
 *   per month     G_b b p (1 + s)
 * Buy (straight-line depreciation, IAS 16 §62; cost of capital on the
 * average investment (C + R) / 2, the accounting-rate-of-return
 * convention, e.g. Horngren, "Cost Accounting", ch. 21):
 *   capital       C = (G + S) × GPU price + nodes × server + network, where
 *                 S = ceil (G × f × years) spare cards for used and
 *                 ex-mining GPUs (no warranty replaces them), f their
 *                 yearly failure rate (pricing.json: the Llama 3 paper's
 *                 rate for new GPUs, scaled by an assumption for the others);
 *                 new cards fail too, but their warranty replaces them
 *   depreciation  (C − R) / N per month
 *   maintenance   C m / 12, ops  O / 12, colocation  L
 *   capital cost  (C + R) / 2 × k / 12
 *   energy        P × PUE / 1000 × b × e          (PUE: The Green Grid WP #49)
 *   per month     sum of the above
 *   run           (C − R + N × fixed) × t / max (N b, t) + P PUE t e / 1000
 *                 (the run's share of the busy hours over the period; at
 *                 u = 0 the run is the machine's only use and carries all)
 * Curves (cash): rent(m) = m × rent per month; buy(m) = C + m × running
 * (everything but depreciation), minus R at the last month, when the
 * machines are sold (rp-results.c computes them when read).
 * Break-even is the payback period of the capital from the monthly saving,
 * m* = C / (rent − running), counted only within N (the resale is not
 * part of it, so it does not collapse onto N when the resale alone closes
 * the gap; see Horngren, "Cost Accounting", ch. 21, payback method); the
 * utilization where it pays back within N solves
 * 730 u (G_b p (1+s) − P PUE e / 1000) = C / N + fixed.  The whole
 * period's saving, resale counted, is reported beside it:
 * N × rent − (C − R + N × running).
 * Power (Epoch AI, cost_analysis_standalone.py, via pricing.json):
 * P = G × TDP × server_power_per_gpu_tdp × training_power_fraction, or the
 * bill of materials' node power × training_power_fraction.  Idle draw in the
 * machine's idle hours is not counted (no source), so energy is a floor.
 * CO₂ = kWh × the grid's kg CO₂ per kWh.
 */

#include "config.h"

#include "rp-cost-model.h"

#include "rp-error.h"
#include "rp-prices.h"
#include "rp-pricing.h"
#include "rp-scenario.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* Cloud storage is billed per decimal GB (AWS S3/EBS pricing pages). */
static const double bytes_per_gb = 1e9;
/* Advice thresholds.  These are Rigplan policy choices, not measured
 * figures: a week of continuous load is where consumer-card failures and
 * the missing datacenter support start to cost real time; half-time use
 * over years is the same exposure for an owned card. */
static const double long_run_hours = 7 * 24;
static const double long_use_utilization_pct = 50;

typedef struct
{
  double rent_per_month;
  double running_per_month;     /* buying, without depreciation */
  double fixed_per_month;       /* running without energy */
  double capital;
  double residual;
  double months;                /* N */
  double rent_per_busy_hour;    /* G_b p (1 + s) */
  double energy_per_busy_hour;  /* P PUE e / 1000 */
} Monthly;

/* ---- helpers -------------------------------------------------------- */

static guint
billed_gpus (const RpCostInputs *in)
{
  guint per_instance = MAX (in->gpus_per_instance, 1);

  if (in->billed_gpus > 0)
    return in->billed_gpus;

  return (in->gpus + per_instance - 1) / per_instance * per_instance;
}

static double
spot_factor (const RpCostInputs *in)
{
  return 1.0 + in->spot_allowance_pct / 100.0;
}

static double
facility_kw (const RpCostInputs *in)
{
  return in->it_power_w * in->pue / 1000.0;
}

/* The monthly figures that do not depend on the utilization; the two
 * that do are set by at_utilization(). */
static void
compute_fixed (const RpCostInputs *in,
               Monthly            *out)
{
  memset (out, 0, sizeof *out);
  out->months = in->years * 12.0;
  if (in->rent_known)
    out->rent_per_busy_hour = billed_gpus (in) * in->rent_per_gpu_hour * spot_factor (in);
  if (in->buy_known)
    {
      out->capital = (in->gpus + in->spare_gpus) * in->gpu_price +
                     in->nodes * in->server_price + in->network_price;
      out->residual = out->capital * in->residual_pct / 100.0;
      out->fixed_per_month = out->capital * in->maintenance_pct_year / 100.0 / 12.0 +
                             in->ops_cost_year / 12.0 +
                             in->colocation_per_month +
                             (out->capital + out->residual) / 2.0 *
                             in->cost_of_capital_pct / 100.0 / 12.0;
      out->energy_per_busy_hour = facility_kw (in) * in->power_price_kwh;
    }
}

static void
at_utilization (const RpCostInputs *in,
                double              utilization_pct,
                Monthly            *m)
{
  double busy_h = RP_COST_HOURS_PER_MONTH * utilization_pct / 100.0;

  if (in->rent_known)
    m->rent_per_month = m->rent_per_busy_hour * busy_h;
  if (in->buy_known)
    m->running_per_month = m->fixed_per_month + m->energy_per_busy_hour * busy_h;
}

/* Whether there is a payback to compute: renting and buying priced,
 * over a period. */
static gboolean
can_pay_back (const RpCostInputs *in)
{
  return in->rent_known && in->buy_known && in->years > 0;
}

/* rp_cost_break_even_months() from compute_fixed()'s @fixed, when
 * can_pay_back(): the sweep over utilizations computes the fixed part
 * once (at_utilization()'s products, without the copy). */
static double
payback_months (const Monthly *fixed,
                double         utilization_pct)
{
  double busy_h = RP_COST_HOURS_PER_MONTH * utilization_pct / 100.0;
  double rent = fixed->rent_per_busy_hour * busy_h;
  double running = fixed->fixed_per_month + fixed->energy_per_busy_hour * busy_h;
  double gain = rent - running;

  if (fixed->capital <= 0)
    return gain >= 0 ? 0 : -1;
  /* payback from the monthly saving; the resale is not counted here */
  if (gain > 0 && fixed->capital / gain <= fixed->months)
    return fixed->capital / gain;
  return -1;
}

/* rp_cost_break_even_utilization() from @fixed, when can_pay_back(). */
static double
payback_utilization (const Monthly *fixed)
{
  /* the payback condition C / (saving per month) <= N, solved for u */
  double need = fixed->capital + fixed->months * fixed->fixed_per_month;
  double margin = fixed->rent_per_busy_hour - fixed->energy_per_busy_hour;
  double u;

  if (need <= 0)
    return 0;
  if (margin <= 0)
    return -1;
  u = need / (fixed->months * RP_COST_HOURS_PER_MONTH * margin);
  return u <= 1.0 ? 100.0 * u : -1;
}

static gboolean
invalid_input (GError    **error,
               const char *field,
               const char *what)
{
  rp_error_set_key (error, RP_ERROR_INVALID_VALUE, field, "%s", what);
  return FALSE;
}

static const RpGpu *
scenario_gpu (const RpScenario *scenario,
              const RpCatalog  *catalog,
              const RpEstimate *est)
{
  if (est->gpu != NULL)
    return est->gpu;
  return rp_catalog_lookup_gpu (catalog, scenario->hardware.gpu);
}

/* The switch ports the prices are resolved with (0: the pricing rule's). */
static guint
switch_ports (const RpEstimate *est)
{
  return est->bom.computed ? est->bom.switch_ports : 0;
}

static void
gather_prices (const RpScenario *scenario,
               const RpPrices   *prices,
               RpCostInputs     *in)
{
  const RpBudget *b = &scenario->budget;
  const RpCloudOffer *offer = prices->offer;

  in->rent_known = prices->rent.origin != RP_PRICE_UNKNOWN;
  in->rent_per_gpu_hour = prices->rent.value;
  /* a custom price is billed exactly, by the GPU */
  in->gpus_per_instance = prices->rent.origin == RP_PRICE_CATALOG && offer != NULL
                          ? offer->gpus_per_instance : 1;
  in->billing_granularity_s = prices->rent.origin == RP_PRICE_CATALOG && offer != NULL
                              ? offer->billing_granularity_s : 0;
  in->billed_gpus = prices->rent.origin == RP_PRICE_CATALOG ? prices->rent_billed_gpus : 0;
  in->spot_allowance_pct = b->rent_kind == RP_RENT_SPOT ? b->spot_interruption_pct : 0;
  in->storage_price_gb_month = b->storage_price_gb_month;
  in->egress_gb = b->egress_gb;
  in->egress_price_gb = b->egress_price_gb;

  in->gpu_price = prices->gpu.value;
  in->server_price = prices->server.value;
  in->network_price = prices->network.value;
  in->nodes = scenario->hardware.nodes;
  in->pue = prices->pue.origin != RP_PRICE_UNKNOWN ? prices->pue.value : 0;
  in->power_price_kwh = prices->power.value;
  in->years = prices->years.origin != RP_PRICE_UNKNOWN ? prices->years.value : 0;
  in->residual_pct = b->residual_pct;
  in->maintenance_pct_year = b->maintenance_pct_year;
  in->ops_cost_year = b->ops_cost_year;
  in->colocation_per_month = b->colocation_per_month;
  in->cost_of_capital_pct = b->cost_of_capital_pct;
  in->buy_known = prices->gpu.origin != RP_PRICE_UNKNOWN &&
                  prices->server.origin != RP_PRICE_UNKNOWN &&
                  prices->network.origin != RP_PRICE_UNKNOWN &&
                  prices->power.origin != RP_PRICE_UNKNOWN &&
                  in->pue >= 1 && in->years > 0 && in->it_power_w > 0;
  if (!in->buy_known)
    {
      /* unknown parts are NAN: keep the arithmetic finite */
      in->gpu_price = isnan (in->gpu_price) ? 0 : in->gpu_price;
      in->server_price = isnan (in->server_price) ? 0 : in->server_price;
      in->network_price = isnan (in->network_price) ? 0 : in->network_price;
      in->power_price_kwh = isnan (in->power_price_kwh) ? 0 : in->power_price_kwh;
    }
  if (!in->rent_known)
    in->rent_per_gpu_hour = 0;
  /* spares for the cards no warranty replaces */
  if (b->condition != RP_CONDITION_NEW && prices->failure.origin != RP_PRICE_UNKNOWN &&
      in->years > 0)
    in->spare_gpus = rp_cost_spare_gpus (in->gpus, prices->failure.value, in->years);
}

static double
gather_power (const RpScenario *scenario,
              const RpCatalog  *catalog,
              const RpEstimate *est,
              const RpGpu      *gpu)
{
  const RpPricing *pricing = rp_catalog_get_pricing (catalog);
  double fraction = 0, ratio = 0;

  if (!rp_pricing_lookup (pricing, RP_PRICING_TRAINING_POWER_FRACTION, &fraction))
    return 0;
  /* The bill of materials' node power is the node's peak (PSU sizing). */
  if (est->bom.computed && est->bom.power_kw_per_node > 0)
    return scenario->hardware.nodes * est->bom.power_kw_per_node * 1000.0 * fraction;
  if (!rp_pricing_lookup (pricing, RP_PRICING_SERVER_POWER_PER_GPU_TDP, &ratio))
    return 0;
  return rp_scenario_n_gpus (scenario) * gpu->tdp_w * ratio * fraction;
}

static void
advise_prices (const RpScenario   *scenario,
               const RpCatalog    *catalog,
               const RpCostInputs *in,
               RpEstimate         *est)
{
  const RpBudget *b = &scenario->budget;
  const RpCloudOffer *offer = est->cost.prices.offer;

  if (b->acquire != RP_ACQUIRE_BUY)
    {
      if ((est->cost.prices.rent_flags & RP_RENT_FLAG_SHAPE_TOO_SMALL) != 0)
        rp_estimate_advise (est, RP_ADVICE_RENT_OFFER_TOO_SMALL);
      else if (!in->rent_known && b->rent_offer != NULL && offer != NULL)
        rp_estimate_advise (est, RP_ADVICE_RENT_KIND_UNAVAILABLE);
      else if (!in->rent_known)
        rp_estimate_advise (est, RP_ADVICE_RENT_PRICE_MISSING);
    }
  if (!in->buy_known && b->acquire != RP_ACQUIRE_RENT)
    rp_estimate_advise (est, RP_ADVICE_BUY_PRICE_MISSING);
  if (in->rent_known && b->rent_offer == NULL && offer != NULL &&
      offer->currency != rp_prices_market_currency (scenario, catalog))
    rp_estimate_advise (est, RP_ADVICE_RENT_OFFER_ABROAD);
  if (in->rent_known && billed_gpus (in) > in->gpus)
    rp_estimate_advise (est, RP_ADVICE_RENT_WHOLE_INSTANCE);
  /* the buyer's quote, a provider of unknown standing, a host size not stated */
  if (in->rent_known && est->cost.prices.rent_flags != 0)
    rp_estimate_advise (est, RP_ADVICE_RENT_OFFER_CHOICE);
  if (in->rent_known && b->rent_kind == RP_RENT_SPOT && b->spot_interruption_pct <= 0)
    rp_estimate_advise (est, RP_ADVICE_SPOT_NO_ALLOWANCE);
}

static void
advise_buying (const RpScenario   *scenario,
               const RpCatalog    *catalog,
               const RpGpu        *gpu,
               const RpCostInputs *in,
               RpEstimate         *est)
{
  const RpBudget *b = &scenario->budget;
  const RpCostEstimate *c = &est->cost;
  double resale_pct = 0;

  if (in->rent_known && in->buy_known && b->acquire == RP_ACQUIRE_COMPARE &&
      (c->break_even_utilization_pct < 0 || b->utilization_pct < c->break_even_utilization_pct))
    rp_estimate_advise_with (est, RP_ADVICE_RENT_FIRST, c->break_even_utilization_pct < 0 ? 0 : 1,
                             NAN, NULL);
  if (in->buy_known && b->ops_cost_year <= 0)
    rp_estimate_advise (est, RP_ADVICE_OPS_COST);
  /* NVIDIA GeForce software licence §2.1.3: "not licensed for datacenter
   * deployment". */
  if (gpu->segment == RP_SEGMENT_CONSUMER && in->run_known && in->run_hours >= long_run_hours)
    rp_estimate_advise_with (est, RP_ADVICE_CONSUMER_CARD_LONG_RUN, 0, NAN, NULL);
  else if (gpu->segment == RP_SEGMENT_CONSUMER && in->buy_known &&
           b->utilization_pct >= long_use_utilization_pct)
    rp_estimate_advise_with (est, RP_ADVICE_CONSUMER_CARD_LONG_RUN, 1, NAN, NULL);
  if (b->condition != RP_CONDITION_NEW && b->acquire != RP_ACQUIRE_RENT)
    {
      rp_estimate_advise (est, RP_ADVICE_USED_CARD_RISK);
      rp_estimate_advise (est, RP_ADVICE_USED_CARD_CHECKS);
    }
  if (in->buy_known && est->memory.computed && est->memory.verdict != RP_VERDICT_FITS)
    rp_estimate_advise (est, RP_ADVICE_BUY_HEADROOM);
  if (in->buy_known &&
      rp_pricing_resale_pct (rp_catalog_get_pricing (catalog), in->years, &resale_pct) &&
      in->residual_pct > resale_pct + 0.5)
    rp_estimate_advise_with (est, RP_ADVICE_RESIDUAL_OPTIMISTIC, 0, resale_pct, NULL);
}

static void
advise_run (const RpCostInputs *in,
            RpEstimate         *est)
{
  if (in->run_known && in->checkpoint_bytes > 0)
    rp_estimate_advise (est, RP_ADVICE_BACKUP_CHECKPOINTS);
  if (!est->cost.energy_available)
    rp_estimate_advise (est, RP_ADVICE_POWER_UNKNOWN);
}

/* ---- public API: arithmetic ----------------------------------------- */

guint
rp_cost_spare_gpus (guint  gpus,
                    double failure_pct_year,
                    double years)
{
  double expected;

  g_return_val_if_fail (failure_pct_year >= 0 && years >= 0, 0);

  expected = gpus * failure_pct_year / 100.0 * years;
  /* less float noise: 10 cards at 10 % for 1 year is one spare, not two */
  return (guint) ceil (round (expected * 1e6) / 1e6);
}

gboolean
rp_cost_inputs_validate (const RpCostInputs *in,
                         GError            **error)
{
  g_return_val_if_fail (in != NULL, FALSE);

  if (!(in->utilization_pct >= 0 && in->utilization_pct <= 100))
    return invalid_input (error, "utilization_pct", _("must be from 0 to 100"));
  if (in->run_known && !(isfinite (in->run_hours) && in->run_hours >= 0 &&
                         in->checkpoint_bytes >= 0))
    return invalid_input (error, "run_hours", _("must not be negative"));
  if (in->rent_known &&
      !(in->rent_per_gpu_hour >= 0 && in->billing_granularity_s >= 0 &&
        in->spot_allowance_pct >= 0 && in->storage_price_gb_month >= 0 &&
        in->egress_gb >= 0 && in->egress_price_gb >= 0))
    return invalid_input (error, "rent_per_gpu_hour",
                          _("prices, amounts and the billing unit must not be negative"));
  if (in->buy_known)
    {
      if (!(in->gpu_price >= 0 && in->server_price >= 0 && in->network_price >= 0 &&
            in->power_price_kwh >= 0 && in->maintenance_pct_year >= 0 &&
            in->ops_cost_year >= 0 && in->colocation_per_month >= 0 &&
            in->cost_of_capital_pct >= 0))
        return invalid_input (error, "gpu_price", _("prices must not be negative"));
      if (!(in->residual_pct >= 0 && in->residual_pct <= 100))
        return invalid_input (error, "residual_pct",
                              _("the resale value cannot exceed the price"));
      if (!(in->years > 0))
        return invalid_input (error, "years", _("the period must be longer than 0"));
      if (!(in->pue >= 1))
        return invalid_input (error, "pue", _("must be at least 1"));
    }
  if (!(in->it_power_w >= 0 && in->grid_kg_co2_per_kwh >= 0))
    return invalid_input (error, "it_power_w", _("must not be negative"));
  if (in->it_power_w > 0 && !(in->pue >= 1))
    return invalid_input (error, "pue", _("must be at least 1"));
  return TRUE;
}

double
rp_cost_billed_hours (double run_hours,
                      double granularity_s)
{
  double units;

  g_return_val_if_fail (run_hours >= 0, 0);
  g_return_val_if_fail (granularity_s >= 0, 0);

  if (granularity_s <= 0)
    return run_hours;
  /* Round first so that 3600.0000001 s of float noise is not a 2nd hour. */
  units = ceil (round (run_hours * 3600.0 / granularity_s * 1e6) / 1e6);
  return units * granularity_s / 3600.0;
}

void
rp_cost_estimate_clear (RpCostEstimate *self)
{
  g_return_if_fail (self != NULL);

  memset (self, 0, sizeof *self);
}

double
rp_cost_break_even_months (const RpCostInputs *in,
                           double              utilization_pct)
{
  Monthly fixed;

  g_return_val_if_fail (in != NULL, -1);

  if (!can_pay_back (in))
    return -1;
  compute_fixed (in, &fixed);
  return payback_months (&fixed, utilization_pct);
}

double
rp_cost_break_even_utilization (const RpCostInputs *in)
{
  Monthly fixed;

  g_return_val_if_fail (in != NULL, -1);

  if (!can_pay_back (in))
    return -1;
  compute_fixed (in, &fixed);
  return payback_utilization (&fixed);
}

/* The prices close the estimate, so that the model can resolve them in
 * place and clear only the figures before it (compute_figures). */
G_STATIC_ASSERT (G_STRUCT_OFFSET (RpCostEstimate, prices) + sizeof (RpPrices) ==
                 sizeof (RpCostEstimate));

/* rp_cost_compute() without touching out->prices; FALSE with out's
 * figures cleared when the inputs are invalid. */
static gboolean
compute_figures (const RpCostInputs *in,
                 RpCostEstimate     *out,
                 GError            **error)
{
  Monthly fixed, m;
  double busy_h, spot;
  gboolean pay_back;

  memset (out, 0, G_STRUCT_OFFSET (RpCostEstimate, prices));
  if (!rp_cost_inputs_validate (in, error))
    return FALSE;

  compute_fixed (in, &fixed);
  m = fixed;
  at_utilization (in, in->utilization_pct, &m);
  busy_h = RP_COST_HOURS_PER_MONTH * in->utilization_pct / 100.0;
  spot = spot_factor (in);
  out->utilization_pct = in->utilization_pct;
  out->run_available = in->run_known;
  out->rent_available = in->rent_known;
  out->buy_available = in->buy_known;
  out->energy_available = in->it_power_w > 0;
  out->computed = in->rent_known || in->buy_known;
  if (out->energy_available)
    out->power_w = in->it_power_w * in->pue;
  if (in->run_known && out->energy_available)
    {
      out->energy_kwh = facility_kw (in) * in->run_hours;
      out->co2_kg = out->energy_kwh * in->grid_kg_co2_per_kwh;
    }

  if (in->rent_known)
    {
      out->rent_per_gpu_hour = in->rent_per_gpu_hour;
      out->billing_granularity_s = in->billing_granularity_s;
      out->spot_allowance_pct = in->spot_allowance_pct;
      out->rent_billed_gpus = billed_gpus (in);
      out->rent_per_month = m.rent_per_month;
      if (in->run_known)
        {
          double stored_gb = in->checkpoint_bytes * MAX (in->checkpoints_kept, 1) / bytes_per_gb;

          out->rent_billed_hours = rp_cost_billed_hours (in->run_hours * spot,
                                                         in->billing_granularity_s);
          out->rent_compute = out->rent_billed_gpus * out->rent_billed_hours *
                              in->rent_per_gpu_hour;
          out->rent_storage = stored_gb * in->storage_price_gb_month *
                              out->rent_billed_hours / RP_COST_HOURS_PER_MONTH;
          out->rent_egress = in->egress_gb * in->egress_price_gb;
          out->rent_total = out->rent_compute + out->rent_storage + out->rent_egress;
        }
    }

  if (in->buy_known)
    {
      out->buy_capital_gpus = in->gpus * in->gpu_price;
      out->buy_spare_gpus = in->spare_gpus;
      out->buy_capital_spares = in->spare_gpus * in->gpu_price;
      out->buy_capital_servers = in->nodes * in->server_price;
      out->buy_capital_network = in->network_price;
      out->buy_capital = m.capital;
      out->buy_residual = m.residual;
      out->buy_depreciation_per_month = (m.capital - m.residual) / m.months;
      out->buy_maintenance_per_month = m.capital * in->maintenance_pct_year / 100.0 / 12.0;
      out->buy_ops_per_month = in->ops_cost_year / 12.0;
      out->buy_colocation_per_month = in->colocation_per_month;
      out->buy_capital_cost_per_month = (m.capital + m.residual) / 2.0 *
                                        in->cost_of_capital_pct / 100.0 / 12.0;
      out->buy_energy_per_month = m.energy_per_busy_hour * busy_h;
      out->buy_running_per_month = m.running_per_month;
      out->buy_per_month = out->buy_depreciation_per_month + m.running_per_month;
      if (in->run_known)
        {
          double life_busy_h = m.months * busy_h;
          double owned = m.capital - m.residual + m.months * m.fixed_per_month;

          out->buy_run_energy = m.energy_per_busy_hour * in->run_hours;
          out->buy_total = out->buy_run_energy;
          if (in->run_hours > 0)
            out->buy_total += owned * in->run_hours / MAX (life_busy_h, in->run_hours);
        }
    }

  out->period_saving = NAN;
  if (in->rent_known && in->buy_known)
    out->period_saving = m.months * m.rent_per_month -
                         (m.capital - m.residual + m.months * m.running_per_month);
  pay_back = can_pay_back (in);
  out->break_even_months = pay_back ? payback_months (&fixed, in->utilization_pct) : -1;
  out->break_even_utilization_pct = pay_back ? payback_utilization (&fixed) : -1;
  for (guint i = 0; i < RP_COST_N_UTILIZATION_STEPS; i++)
    out->break_even_by_utilization[i] =
      pay_back ? payback_months (&fixed, 100.0 * i / (RP_COST_N_UTILIZATION_STEPS - 1)) : -1;

  /* ceil (N), less float noise: 5 years are 60 months, not 61.  The
   * curves over them are computed when read (rp_cost_rent_cumulative). */
  if (out->computed)
    out->n_months = (guint) ceil (round (m.months * 1e6) / 1e6);
  return TRUE;
}

gboolean
rp_cost_compute (const RpCostInputs *in,
                 RpCostEstimate     *out,
                 GError            **error)
{
  g_return_val_if_fail (in != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  memset (&out->prices, 0, sizeof out->prices);
  return compute_figures (in, out, error);
}

/* ---- public API: the model ------------------------------------------ */

gboolean
rp_cost_model_gather_inputs (const RpScenario *scenario,
                             const RpCatalog  *catalog,
                             const RpEstimate *est,
                             RpPrices         *prices,
                             RpCostInputs     *out)
{
  const RpGpu *gpu;

  g_return_val_if_fail (scenario != NULL, FALSE);
  g_return_val_if_fail (catalog != NULL, FALSE);
  g_return_val_if_fail (est != NULL, FALSE);
  g_return_val_if_fail (prices != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  gpu = scenario_gpu (scenario, catalog, est);
  if (gpu == NULL)
    return FALSE;
  out->gpus = rp_scenario_n_gpus (scenario);
  out->utilization_pct = scenario->budget.utilization_pct;
  out->grid_kg_co2_per_kwh = scenario->budget.grid_kg_co2_per_kwh;
  if (est->compute.computed)
    {
      out->run_known = TRUE;
      out->run_hours = est->compute.hours;
      out->checkpoint_bytes = est->compute.checkpoint_bytes;
      out->checkpoints_kept = scenario->training.checkpoints_kept;
    }
  out->it_power_w = gather_power (scenario, catalog, est, gpu);
  rp_prices_resolve_with_offer (scenario, catalog, gpu, switch_ports (est), est->rent_offer,
                                prices);
  gather_prices (scenario, prices, out);
  if (out->pue < 1)
    out->it_power_w = 0;    /* without a PUE the facility's energy is unknown */
  return TRUE;
}

void
rp_cost_model_run (const RpScenario *scenario,
                   const RpCatalog  *catalog,
                   RpEstimate       *est)
{
  g_autoptr(GError) error = NULL;
  RpCostEstimate *c;
  RpCostInputs in;
  const RpGpu *gpu;

  g_return_if_fail (scenario != NULL && catalog != NULL && est != NULL);

  c = &est->cost;
  gpu = scenario_gpu (scenario, catalog, est);
  /* the prices go straight where they are kept: gathering reads none of
   * est->cost, and compute_figures() leaves them */
  if (!rp_cost_model_gather_inputs (scenario, catalog, est, &c->prices, &in))
    {
      rp_cost_estimate_clear (c);
      return;
    }
  if (!compute_figures (&in, c, &error))
    {
      rp_cost_estimate_clear (c);
      rp_estimate_advise_with (est, RP_ADVICE_COST_INVALID, 0, NAN,
                               g_intern_string (rp_error_get_key (error)));
      return;
    }
  c->currency = scenario->budget.currency;
  c->rent_kind = scenario->budget.rent_kind;
  c->rent_offer = in.rent_known && c->prices.rent.origin == RP_PRICE_CATALOG
                  ? c->prices.offer : NULL;
  c->tflops_per_w = rp_cost_model_perf_per_watt (gpu, scenario->training.precision);

  advise_prices (scenario, catalog, &in, est);
  advise_buying (scenario, catalog, gpu, &in, est);
  advise_run (&in, est);
}

double
rp_cost_model_perf_per_watt (const RpGpu *gpu,
                             RpPrecision  precision)
{
  g_return_val_if_fail (gpu != NULL, 0);

  if (gpu->tdp_w <= 0)
    return 0;
  return rp_gpu_peak_tflops (gpu, precision) / gpu->tdp_w;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-cost-model.h: rent versus buy, energy and break-even
 *
 * Two layers.  rp_cost_compute() and the functions beside it are pure
 * arithmetic over an RpCostInputs in one currency, so that tests can
 * check them against hand calculations.  rp_cost_model_run() gathers those
 * inputs from the scenario, the catalog (prices, offers, pricing.json) and
 * the other models' results, then adds the cost advice. */
#pragma once

#include "rp-results.h"

G_BEGIN_DECLS

/* Average hours in a month: 8,760 h in a 365-day year / 12. */
#define RP_COST_HOURS_PER_MONTH 730.0

/* Everything the arithmetic needs; money in one currency. */
typedef struct
{
  /* the run; ignored unless run_known */
  gboolean  run_known;
  double    run_hours;                /* wall clock */
  double    checkpoint_bytes;         /* one checkpoint */
  double    checkpoints_kept;
  guint     gpus;
  /* renting; ignored unless rent_known */
  gboolean  rent_known;
  double    rent_per_gpu_hour;
  guint     gpus_per_instance;        /* whole instances are billed; 0 = 1 */
  guint     billed_gpus;              /* the offer's instances as sold (market/
                                       * rp_cloud_offer_billed_gpus); 0 = by
                                       * gpus_per_instance */
  double    billing_granularity_s;    /* 0 = billed exactly */
  double    spot_allowance_pct;       /* extra time for preemptions; 0 off spot */
  double    storage_price_gb_month;
  double    egress_gb;
  double    egress_price_gb;
  /* buying; ignored unless buy_known */
  gboolean  buy_known;
  double    gpu_price;                /* per GPU */
  guint     spare_gpus;               /* bought beside the GPUs, for failures */
  double    server_price;             /* per node, without GPUs */
  guint     nodes;
  double    network_price;            /* NICs, switch ports: the total */
  double    pue;                      /* >= 1 */
  double    power_price_kwh;
  double    years;                    /* depreciation period, > 0 */
  double    residual_pct;             /* resale value, % of capital */
  double    maintenance_pct_year;     /* % of capital per year */
  double    ops_cost_year;            /* people running it */
  double    colocation_per_month;
  double    cost_of_capital_pct;      /* per year */
  /* both */
  double    it_power_w;               /* machine while training, before PUE; 0 = unknown */
  double    utilization_pct;          /* busy share of the owned machine, 0..100 */
  double    grid_kg_co2_per_kwh;
} RpCostInputs;

/* Checks what no caller should pass: negative prices, a PUE below 1, a
 * period of 0 years, a utilization outside 0..100 and a resale value
 * above the price.  The error (RP_ERROR_INVALID_VALUE) names the field. */
gboolean rp_cost_inputs_validate        (const RpCostInputs *in,
                                         GError            **error);

/* @run_hours rounded up to whole billing units of @granularity_s
 * (0 = no rounding). */
double   rp_cost_billed_hours           (double              run_hours,
                                         double              granularity_s);

/* Fills @out (money in the inputs' currency; out->currency is left to
 * the caller) from @in.  FALSE with an error when
 * rp_cost_inputs_validate() fails; @out is then cleared. */
gboolean rp_cost_compute                (const RpCostInputs *in,
                                         RpCostEstimate     *out,
                                         GError            **error);

/* The payback month of buying at @utilization_pct: the capital over the
 * monthly saving against renting (resale not counted); -1 when that is
 * not within the period (or renting or buying is not known). */
double   rp_cost_break_even_months      (const RpCostInputs *in,
                                         double              utilization_pct);
/* The lowest utilization (percent) at which buying pays off within the
 * period; -1 when not even 100 % does. */
double   rp_cost_break_even_utilization (const RpCostInputs *in);

/* The spare cards to buy with @gpus cards that fail @failure_pct_year %
 * a year over @years: the expected failures, rounded up to whole cards. */
guint    rp_cost_spare_gpus             (guint               gpus,
                                         double              failure_pct_year,
                                         double              years);

/* Zeroes @self. */
void     rp_cost_estimate_clear         (RpCostEstimate     *self);

/* Gathers the inputs for @scenario: the prices (rp_prices_resolve, into
 * *@prices), the run from est->compute and the machine from est->bom when
 * those were computed.  Returns FALSE when the GPU is not in the catalog. */
gboolean rp_cost_model_gather_inputs    (const RpScenario   *scenario,
                                         const RpCatalog    *catalog,
                                         const RpEstimate   *est,
                                         RpPrices           *prices,
                                         RpCostInputs       *out);

/* Fills est->cost (and cost advice) from the scenario, the catalog and
 * est->compute / est->bom / est->memory when those were computed.  Pure. */
void     rp_cost_model_run              (const RpScenario   *scenario,
                                         const RpCatalog    *catalog,
                                         RpEstimate         *est);
/* Dense peak TFLOP/s at @precision per watt of TDP (the seed's 能效比);
 * 0 when the TDP or the precision is unknown. */
double   rp_cost_model_perf_per_watt    (const RpGpu        *gpu,
                                         RpPrecision         precision);

G_END_DECLS

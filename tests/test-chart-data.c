/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-chart-data.c: the charts' series are core's results, point for point
 *
 * Each chart is checked against direct calls to rp-explore and the cost
 * model, not against the chart's own code, so that a change to either
 * side shows: the VRAM chart's GPUs by name, the time chart's days at
 * each GPU count and the network its subtitle names, the break-even
 * chart's months at each utilization. */

#include "config.h"

#include "rp-catalog.h"
#include "rp-chart.h"
#include "rp-cost-model.h"
#include "rp-estimate.h"
#include "rp-explore.h"
#include "rp-scenario.h"
#include "rp-test-core.h"
#include "rp-units.h"

#include <math.h>
#include <string.h>

static RpCatalog *catalog;

/* ---- helpers -------------------------------------------------------- */

/* The GPU a series is for: its label is the GPU's name, followed by
 * " · network" on a time chart whose GPUs get different networks. */
static const RpGpu *
series_gpu (const RpChartData *data,
            guint              series)
{
  const char *label = rp_chart_data_get_series_label (data, series);
  const char *dot = strstr (label, " · ");
  g_autofree char *name = g_strndup (label, dot != NULL ? (gsize) (dot - label) : strlen (label));

  for (guint i = 0; i < rp_catalog_n_gpus (catalog); i++)
    {
      const RpGpu *gpu = rp_catalog_get_gpu (catalog, i);

      if (g_strcmp0 (gpu->name, name) == 0)
        return gpu;
    }
  g_error ("no GPU is named “%s”", name);
}

static double
stack_gib (const RpChartData *data,
           guint              category)
{
  double sum = 0;

  for (guint s = 0; s < rp_chart_data_get_n_series (data); s++)
    {
      double v = rp_chart_data_get_value (data, s, category);

      if (isfinite (v))
        sum += v;
    }
  return sum;
}

/* ---- tests ---------------------------------------------------------- */

static void
test_kinds (void)
{
  RpChartKind kind = RP_CHART_TIME;

  for (guint k = 0; k < RP_N_CHARTS; k++)
    {
      RpChartKind back = RP_N_CHARTS;

      g_assert_true (rp_chart_kind_from_string (rp_chart_kind_to_string (k), &back));
      g_assert_cmpuint (back, ==, k);
      g_assert_cmpstr (rp_chart_kind_get_title (k), !=, "");
    }
  g_assert_false (rp_chart_kind_from_string ("pie", &kind));
  g_assert_false (rp_chart_kind_from_string (NULL, &kind));
  g_assert_cmpuint (kind, ==, RP_CHART_TIME);
  g_assert_true (rp_chart_kind_from_string ("Break-Even", &kind));
  g_assert_cmpuint (kind, ==, RP_CHART_BREAK_EVEN);
}

static void
test_unavailable (void)
{
  g_autoptr(RpScenario) scenario = rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan");
  g_autoptr(RpEstimate) est = rp_estimate_new ();  /* nothing computed */

  for (guint kind = 0; kind < RP_N_CHARTS; kind++)
    {
      g_autoptr(RpChartData) data = rp_chart_data_new (kind, scenario, catalog, est);

      g_assert_nonnull (rp_chart_data_get_message (data));
      g_assert_cmpuint (rp_chart_data_get_n_series (data), ==, 0);
    }
}

/* The LoRA example's VRAM chart: its RTX 4090, the two next larger
 * consumer cards (32 GB, then the 48 GB vendor boards, one per size),
 * no smaller card (no consumer card has less than 24 GB), then the next
 * larger sizes of any segment: 40, 64 (the Ascend 910B, whose BF16 rate
 * is its FP16 rate) and 80 GB.  Six in all, by size
 * (rp_explore_pick_gpus). */
static void
test_vram_categories (void)
{
  static const char *const expected[] = {
    "NVIDIA GeForce RTX 4090",
    "NVIDIA GeForce RTX 5090",
    "NVIDIA A100 40GB PCIe",
    "GeForce RTX 4090 48GB (vendor board)",
    "Huawei Ascend 910B",
    "NVIDIA H100 SXM5 80GB",
  };
  g_autoptr(RpScenario) scenario = rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan");
  g_autoptr(RpEstimate) est = rp_test_estimate (catalog, scenario);
  g_autoptr(RpChartData) data = rp_chart_data_new (RP_CHART_VRAM, scenario, catalog, est);

  g_assert_null (rp_chart_data_get_message (data));
  g_assert_true (rp_chart_data_is_categorical (data));
  g_assert_cmpuint (rp_chart_data_get_n_categories (data), ==, G_N_ELEMENTS (expected));
  for (guint c = 0; c < G_N_ELEMENTS (expected); c++)
    g_assert_cmpstr (rp_chart_data_get_category_label (data, c), ==, expected[c]);
  g_assert_cmpint (rp_chart_data_get_highlight (data), ==, 0);
  g_assert_cmpstr (rp_chart_data_get_y_label (data), ==, "VRAM (GiB)");
  /* Capacity and usable margin: one of each per GPU. */
  g_assert_cmpuint (rp_chart_data_get_n_category_marks (data), ==, 2 * G_N_ELEMENTS (expected));
}

/* Each bar is the scenario moved to that GPU (same count) and estimated
 * by rp_explore_estimate_on; the own bar is the estimate itself. */
static void
test_vram_stacks (void)
{
  g_autoptr(RpScenario) scenario = rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan");
  g_autoptr(RpEstimate) est = rp_test_estimate (catalog, scenario);
  g_autoptr(RpChartData) data = rp_chart_data_new (RP_CHART_VRAM, scenario, catalog, est);

  g_assert_cmpfloat_with_epsilon (stack_gib (data, 0),
                                  rp_units_bytes_to_gib (est->memory.total_bytes), 1e-9);
  for (guint c = 1; c < rp_chart_data_get_n_categories (data); c++)
    {
      const char *name = rp_chart_data_get_category_label (data, c);
      const RpGpu *gpu = NULL;
      g_autoptr(RpEstimate) moved = NULL;

      for (guint i = 0; i < rp_catalog_n_gpus (catalog) && gpu == NULL; i++)
        if (g_strcmp0 (rp_catalog_get_gpu (catalog, i)->name, name) == 0)
          gpu = rp_catalog_get_gpu (catalog, i);
      g_assert_nonnull (gpu);
      moved = rp_explore_estimate_on (scenario, catalog, gpu, 1, 1);
      g_assert_nonnull (moved);
      g_test_message ("%s: %.3f GiB", name, stack_gib (data, c));
      g_assert_cmpfloat_with_epsilon (stack_gib (data, c),
                                      rp_units_bytes_to_gib (moved->memory.total_bytes), 1e-9);
    }
}

/* The LoRA example's time chart: five GPUs (its own first), each at 1, 2,
 * 4 … 32 GPUs; 64 would give each GPU less than one sample of the
 * global batch of 32.  Every point is the days of the scenario moved to
 * that machine (rp_explore_move) and estimated.  The 48 GB RTX 4090
 * board is timed on the RTX 4090's memory bandwidth (the same AD102 and
 * memory bus, gpus.json "derived"), the Ascend 910B in BF16 at its FP16
 * rate. */
static void
test_time_points (void)
{
  static const char *const expected[] = {
    "NVIDIA GeForce RTX 4090",
    "NVIDIA GeForce RTX 5090",
    "NVIDIA A100 40GB PCIe",
    "GeForce RTX 4090 48GB (vendor board)",
    "Huawei Ascend 910B",
  };
  static const guint counts[] = { 1, 2, 4, 8, 16, 32 };
  g_autoptr(RpScenario) scenario = rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan");
  g_autoptr(RpEstimate) est = rp_test_estimate (catalog, scenario);
  g_autoptr(RpChartData) data = rp_chart_data_new (RP_CHART_TIME, scenario, catalog, est);

  g_assert_null (rp_chart_data_get_message (data));
  for (guint s = 0; s < rp_chart_data_get_n_series (data); s++)
    g_test_message ("series %u: %s", s, series_gpu (data, s)->name);
  g_assert_cmpuint (rp_chart_data_get_n_series (data), ==, G_N_ELEMENTS (expected));
  for (guint s = 0; s < G_N_ELEMENTS (expected); s++)
    {
      const RpGpu *gpu = series_gpu (data, s);

      g_assert_cmpstr (gpu->name, ==, expected[s]);
      g_assert_cmpuint (rp_chart_data_get_n_points (data, s), ==, G_N_ELEMENTS (counts));
      for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
        {
          guint n = counts[i];
          g_autoptr(RpScenario) moved = rp_explore_move (scenario, catalog, gpu, MIN (n, 8),
                                                         MAX (n / 8, 1));
          g_autoptr(RpEstimate) direct = rp_estimate_new ();

          g_assert_true (rp_estimate_compute (moved, catalog, direct, NULL));
          g_assert_cmpfloat (rp_chart_data_get_x (data, s, i), ==, n);
          g_assert_cmpfloat_with_epsilon (rp_chart_data_get_y (data, s, i), direct->compute.days,
                                          1e-12);
        }
    }
}

/* The subtitle names the network each GPU's moved scenario gets between
 * servers (rp_network_for_cluster through rp_explore_move: 100 GbE for
 * GeForce cards, InfiniBand HDR for Ampere and the Ascend 910B), and as
 * they differ, each line's legend names its own. */
static void
test_time_network (void)
{
  g_autoptr(RpScenario) scenario = rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan");
  g_autoptr(RpEstimate) est = rp_test_estimate (catalog, scenario);
  g_autoptr(RpChartData) data = rp_chart_data_new (RP_CHART_TIME, scenario, catalog, est);
  const char *subtitle = rp_chart_data_get_subtitle (data);

  g_test_message ("%s", subtitle);
  g_assert_cmpstr (subtitle, ==, "Llama 3 8B LoRA on one 4090 · between servers: 100 GbE, "
                                 "InfiniBand HDR");
  for (guint s = 0; s < rp_chart_data_get_n_series (data); s++)
    {
      const RpGpu *gpu = series_gpu (data, s);
      g_autoptr(RpScenario) moved = rp_explore_move (scenario, catalog, gpu, 8, 2);
      const char *network = rp_enum_info_get_label (&rp_network_info, moved->hardware.network);

      g_assert_true (g_str_has_suffix (rp_chart_data_get_series_label (data, s), network));
    }

  /* A scenario that names its network keeps it everywhere: one network,
   * said once, and legends that are only the GPUs' names. */
  {
    g_autoptr(RpChartData) named = NULL;
    g_autoptr(RpEstimate) est2 = NULL;

    scenario->hardware.network = RP_NETWORK_25GBE;
    est2 = rp_test_estimate (catalog, scenario);
    named = rp_chart_data_new (RP_CHART_TIME, scenario, catalog, est2);
    g_assert_true (g_str_has_suffix (rp_chart_data_get_subtitle (named), ": 25 GbE"));
    g_assert_cmpstr (rp_chart_data_get_series_label (named, 0), ==, "NVIDIA GeForce RTX 4090");
  }
}

/* Four nodes of two A100s and no network: the estimate's time (the time
 * model, which times such a cluster on the fabric it would be built
 * with) sits on the chart's own line, whose point is the scenario moved
 * with that network named.  The "This plan" marker is on its curve.  At
 * 1,024 tokens a sample the run waits on the network (42 h on InfiniBand
 * HDR, 28 h on NDR), so the fabric shows in the figure. */
static void
test_time_marker_on_curve (void)
{
  g_autoptr(RpScenario) scenario = rp_test_load_example ("full-finetune-llama2-7b-8xa100.rigplan");
  g_autoptr(RpEstimate) est = NULL;
  g_autoptr(RpEstimate) moved = NULL;
  g_autoptr(RpChartData) data = NULL;
  double x = 0, y = 0;
  gboolean seen = FALSE;

  scenario->hardware.gpus_per_node = 2;
  scenario->hardware.nodes = 4;
  scenario->hardware.network = RP_NETWORK_NONE;
  scenario->training.seq_len = 1024;
  est = rp_test_estimate (catalog, scenario);
  moved = rp_explore_estimate_on (scenario, catalog, est->gpu, 2, 4);
  g_assert_cmpint (moved->compute.bottleneck, ==, RP_BOTTLENECK_NETWORK);
  data = rp_chart_data_new (RP_CHART_TIME, scenario, catalog, est);
  g_assert_cmpuint (rp_chart_data_get_n_markers (data), ==, 1);
  rp_chart_data_get_marker (data, 0, &x, &y, NULL);
  g_assert_cmpfloat (x, ==, 8);
  g_assert_cmpfloat (y, ==, est->compute.days);
  for (guint i = 0; i < rp_chart_data_get_n_points (data, 0); i++)
    if (rp_chart_data_get_x (data, 0, i) == 8)
      {
        g_assert_cmpfloat_with_epsilon (rp_chart_data_get_y (data, 0, i), y, 1e-12);
        seen = TRUE;
      }
  g_assert_true (seen);
  g_assert_nonnull (strstr (rp_chart_data_get_subtitle (data), "InfiniBand HDR"));
}

/* Payback by utilization, every 5 %: the cost model's arithmetic on the
 * estimate's own inputs (rp_cost_break_even_months), a gap where buying
 * does not pay back within the period, and the estimate's own break-even
 * at its utilization. */
static void
test_break_even_points (void)
{
  g_autoptr(RpScenario) scenario = rp_test_load_example ("full-finetune-llama2-7b-8xa100.rigplan");
  g_autoptr(RpEstimate) est = rp_test_estimate (catalog, scenario);
  g_autoptr(RpChartData) data = rp_chart_data_new (RP_CHART_BREAK_EVEN, scenario, catalog, est);
  RpCostInputs in;
  RpPrices prices;
  guint n_finite = 0;

  g_assert_true (rp_cost_model_gather_inputs (scenario, catalog, est, &prices, &in));
  g_assert_null (rp_chart_data_get_message (data));
  g_assert_cmpuint (rp_chart_data_get_n_series (data), ==, 1);
  g_assert_cmpuint (rp_chart_data_get_n_points (data, 0), ==, 21);
  for (guint i = 0; i <= 20; i++)
    {
      double pct = 5.0 * i;
      double months = rp_cost_break_even_months (&in, pct);
      double y = rp_chart_data_get_y (data, 0, i);

      g_assert_cmpfloat (rp_chart_data_get_x (data, 0, i), ==, pct);
      if (months < 0)
        g_assert_true (isnan (y));
      else
        {
          g_assert_cmpfloat_with_epsilon (y, months, 1e-9);
          n_finite++;
        }
      if (pct == scenario->budget.utilization_pct)
        g_assert_cmpfloat_with_epsilon (y, est->cost.break_even_months, 1e-9);
    }
  g_test_message ("%u of 21 utilizations pay back", n_finite);
  g_assert_cmpuint (n_finite, >=, 5);
  g_assert_cmpuint (n_finite, <, 21);
}

/* What break-even means is said on the charts: payback from the monthly
 * saving, resale not counted; the cost chart's buy line drops at the end
 * by the resale. */
static void
test_break_even_words (void)
{
  g_autoptr(RpScenario) scenario = rp_test_load_example ("full-finetune-llama2-7b-8xa100.rigplan");
  g_autoptr(RpEstimate) est = rp_test_estimate (catalog, scenario);
  g_autoptr(RpChartData) be = rp_chart_data_new (RP_CHART_BREAK_EVEN, scenario, catalog, est);
  g_autoptr(RpChartData) cost = rp_chart_data_new (RP_CHART_COST, scenario, catalog, est);
  guint n = rp_chart_data_get_n_points (cost, 1);

  g_assert_nonnull (strstr (rp_chart_data_get_subtitle (be), "saving against renting repays "
                                                             "the purchase, resale not counted"));
  g_assert_nonnull (strstr (rp_chart_data_get_series_label (be, 0), "resale not counted"));
  g_assert_nonnull (strstr (rp_chart_data_get_series_label (cost, 1), "sold at the end"));
  g_assert_cmpfloat (rp_chart_data_get_y (cost, 1, n - 1), <, rp_chart_data_get_y (cost, 1, n - 2));
}

static void
test_cost (void)
{
  g_autoptr(RpScenario) scenario = rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan");
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  g_autoptr(RpChartData) data = NULL;
  g_autoptr(RpChartData) never = NULL;
  double x, y;

  /* A hand-made cost section: rent 100 a month, buy 1000 + 20 a month;
   * they cross at 1000 / 80 = 12.5 months. */
  est->cost.computed = TRUE;
  est->cost.rent_available = TRUE;
  est->cost.buy_available = TRUE;
  est->cost.currency = RP_CURRENCY_CNY;
  est->cost.n_months = 24;
  est->cost.break_even_months = 12.5;
  est->cost.rent_per_month = 100;
  est->cost.buy_capital = 1000;
  est->cost.buy_running_per_month = 20;
  data = rp_chart_data_new (RP_CHART_COST, scenario, catalog, est);
  g_assert_null (rp_chart_data_get_message (data));
  g_assert_cmpuint (rp_chart_data_get_n_series (data), ==, 2);
  g_assert_cmpuint (rp_chart_data_get_n_points (data, 0), ==, 25);
  g_assert_cmpfloat (rp_chart_data_get_y (data, 1, 24), ==, 1480);
  g_assert_cmpuint (rp_chart_data_get_currency (data), ==, RP_CURRENCY_CNY);
  g_assert_cmpuint (rp_chart_data_get_n_markers (data), ==, 1);
  rp_chart_data_get_marker (data, 0, &x, &y, NULL);
  g_assert_cmpfloat_with_epsilon (x, 12.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (y, 1250, 1e-9);
  g_assert_nonnull (strstr (rp_chart_data_get_y_label (data), "CNY"));

  /* Never breaking even: no marker. */
  est->cost.break_even_months = -1;
  never = rp_chart_data_new (RP_CHART_COST, scenario, catalog, est);
  g_assert_cmpuint (rp_chart_data_get_n_markers (never), ==, 0);
}

/* Values are written by rp-units (grouped digits, no bare printf), with
 * a no-break space between the number and its unit. */
static void
test_format_value (void)
{
  g_autoptr(RpChartData) data = rp_chart_data_new_empty (RP_CHART_TIME, "t", "x", "y",
                                                         RP_CHART_UNIT_GPUS, RP_CHART_UNIT_DAYS);
  static const struct
  {
    RpChartUnit unit;
    double      value;
    const char *text;
  } cases[] = {
    { RP_CHART_UNIT_GPUS, 1, "1\u00a0GPU" },
    { RP_CHART_UNIT_GPUS, 1024, "1,024\u00a0GPUs" },
    { RP_CHART_UNIT_MONTHS, 36, "36\u00a0months" },
    { RP_CHART_UNIT_MONTHS, 9.26, "9.3\u00a0months" },
    { RP_CHART_UNIT_PERCENT, 60, "60\u00a0%" },
    { RP_CHART_UNIT_GIB, 20.1, "20.1\u00a0GiB" },
    { RP_CHART_UNIT_NONE, 12345.6, "12,346" },
    { RP_CHART_UNIT_NONE, -1.5, "−1.50" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = rp_chart_data_format_value (data, cases[i].unit, cases[i].value);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* The accessible description states the figures: every bar's total and
 * capacity; every line's points, then the rules and markers. */
static void
test_describe (void)
{
  g_autoptr(RpScenario) scenario = rp_test_load_example ("full-finetune-llama2-7b-8xa100.rigplan");
  g_autoptr(RpEstimate) est = rp_test_estimate (catalog, scenario);
  g_autoptr(RpChartData) vram = rp_chart_data_new (RP_CHART_VRAM, scenario, catalog, est);
  g_autoptr(RpChartData) time = rp_chart_data_new (RP_CHART_TIME, scenario, catalog, est);
  g_autofree char *vram_text = rp_chart_data_describe (vram);
  g_autofree char *time_text = rp_chart_data_describe (time);
  g_autofree char *own = g_strdup_printf ("NVIDIA A100 80GB SXM4 %.1f\u00a0GiB of 80.0\u00a0GiB",
                                          rp_units_bytes_to_gib (est->memory.total_bytes));
  g_autofree char *own_days = rp_chart_data_format_value (time, RP_CHART_UNIT_DAYS,
                                                         est->compute.days);
  g_autofree char *days = g_strdup_printf (", 8\u00a0GPUs %s,", own_days);

  g_test_message ("%s", vram_text);
  g_test_message ("%s", time_text);
  g_assert_true (g_str_has_prefix (vram_text, "VRAM headroom: "));
  g_assert_nonnull (strstr (vram_text, own));
  g_assert_nonnull (strstr (time_text, "NVIDIA A100 80GB SXM4 · InfiniBand HDR: 2\u00a0GPUs "));
  g_assert_nonnull (strstr (time_text, days));
  g_assert_nonnull (strstr (time_text, "; Deadline: 14.0\u00a0days"));
  g_assert_nonnull (strstr (time_text, "; This plan: 8\u00a0GPUs "));
  g_assert_true (g_str_has_suffix (time_text, own_days));
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  catalog = rp_test_load_catalog ();

  g_test_add_func ("/chart/data/kinds", test_kinds);
  g_test_add_func ("/chart/data/unavailable", test_unavailable);
  g_test_add_func ("/chart/data/vram-categories", test_vram_categories);
  g_test_add_func ("/chart/data/vram-stacks", test_vram_stacks);
  g_test_add_func ("/chart/data/time-points", test_time_points);
  g_test_add_func ("/chart/data/time-network", test_time_network);
  g_test_add_func ("/chart/data/time-marker-on-curve", test_time_marker_on_curve);
  g_test_add_func ("/chart/data/break-even-points", test_break_even_points);
  g_test_add_func ("/chart/data/break-even-words", test_break_even_words);
  g_test_add_func ("/chart/data/cost", test_cost);
  g_test_add_func ("/chart/data/format-value", test_format_value);
  g_test_add_func ("/chart/data/describe", test_describe);

  status = g_test_run ();
  rp_catalog_unref (catalog);
  return status;
}

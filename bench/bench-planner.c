/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-planner.c: time of a full estimate and of the planner
 *
 * 1. The mean time of rp_estimate_compute() (memory + time + cost with
 *    advice) over the bundled examples: the app recomputes on every
 *    keystroke and has 16 ms for estimate and redraw (budget 1 ms).
 * 2. Configurations per second: the exhaustive planner (every setting of
 *    every machine estimated, memory model and, where it fits, time
 *    model) over every example; budget at least 1,000,000 a second,
 *    single-threaded.
 * 3. The default plan of every example (pruned search): wall time,
 *    settings estimated of the space; budget 250 ms each.
 * 4. Catalogs of 32 … 2,048 GPU types (the bundled ones and generated
 *    variants, each with a purchase price): doubling the GPU list may at
 *    most multiply the time by 2.2; and a 20,000-GPU catalog in under 2 s.
 *
 * Times are the thread's CPU time (the machine is shared: other jobs
 * stretch the wall clock, not the work), the best of a few runs; the
 * wall time is printed beside it.  Exits 1 when a budget is missed. */

#include "config.h"

#include "bench-common.h"

#include "rp-catalog.h"
#include "rp-estimate.h"
#include "rp-fix.h"
#include "rp-planner.h"
#include "rp-scenario.h"
#include "rp-test-core.h"

#include <math.h>
#include <stdio.h>
#include <time.h>

static const double estimate_budget_us = 1000.0;
static const double min_configurations_per_s = 1e6;
static const double example_budget_s = 0.25;
static const double doubling_budget = 2.2;
static const double big_catalog_budget_s = 2.0;
static const guint big_catalog_gpus = 20000;
static const guint runs = 3;

static double
cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static double last_wall_s;

/* The best CPU time of a few plans (last_wall_s: that run's wall time);
 * *@plan_out keeps the last plan. */
static double
time_plan (const RpScenario *scenario,
           const RpCatalog  *catalog,
           gboolean          exhaustive,
           RpPlan          **plan_out)
{
  double best = INFINITY;

  for (guint r = 0; r < runs; r++)
    {
      g_autoptr(GError) error = NULL;
      RpPlanOptions options;
      gint64 start;
      double cpu;
      RpPlan *plan;

      rp_plan_options_init (&options);
      options.exhaustive = exhaustive;
      start = g_get_monotonic_time ();
      cpu = cpu_seconds ();
      plan = rp_plan_compute (scenario, catalog, &options, NULL, NULL, NULL, &error);
      cpu = cpu_seconds () - cpu;
      if (cpu < best)
        {
          best = cpu;
          last_wall_s = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
        }
      g_assert_no_error (error);
      if (r + 1 < runs)
        rp_plan_free (plan);
      else
        *plan_out = plan;
    }
  return best;
}

/* The bundled GPUs the synthetic ones are drawn from: the catalog when
 * the 20,000-type budget was set, so that the workload stays the same as
 * the catalog grows (two parts added later made the search visit 36 %
 * more machines with no change in the planner). */
static const char *const synthetic_bases[] = {
  "mi250x", "mi300x", "mi325x", "ascend-910b", "gaudi2", "gaudi3", "v100-pcie-16gb",
  "v100-sxm2-16gb", "v100-pcie-32gb", "v100-sxm2-32gb", "t4", "a100-40gb-sxm", "a100-40gb-pcie",
  "rtx-3090", "a40", "rtx-a6000", "a100-80gb-sxm", "a10", "a16", "a30", "a100-80gb-pcie",
  "h100-pcie", "h100-sxm", "rtx-4090", "rtx-6000-ada", "l4", "l40s", "h200-sxm", "h100-nvl",
  "b200", "rtx-5090", "gb200-per-gpu", "a800-80gb-sxm", "a800-80gb-pcie", "a800-40gb-pcie",
  "h800-sxm", "h20", "l20", "rtx-4090d", "rtx-4090-48gb", "rtx-4090d-48gb",
};

/* A GPU catalog file of @n variants of the bundled GPUs: memory, peak,
 * bandwidth and price scaled by deterministic factors, so that the
 * catalog looks like a large user catalog of real-looking cards. */
static GBytes *
synthetic_gpus (const RpCatalog *base,
                guint            n)
{
  GString *out = g_string_new ("{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": [");
  GRand *rand = g_rand_new_with_seed (2026);
  guint made = 0;

  for (guint i = 0; made < n; i++)
    {
      const RpGpu *g = rp_catalog_lookup_gpu (base, synthetic_bases[i % G_N_ELEMENTS (synthetic_bases)]);

      g_assert_nonnull (g);
      double scale = g_rand_double_range (rand, 0.5, 2.0);
      double memory = round (g->memory_gib * g_rand_double_range (rand, 0.5, 2.0));
      char b1[G_ASCII_DTOSTR_BUF_SIZE], b2[G_ASCII_DTOSTR_BUF_SIZE];
      char b3[G_ASCII_DTOSTR_BUF_SIZE], b4[G_ASCII_DTOSTR_BUF_SIZE];

      if (!(g->tflops_bf16 > 0) || !(g->memory_bandwidth_gb_s > 0) || !(g->tdp_w > 0))
        continue;
      g_string_append_printf (out,
                              "%s{\"id\": \"synthetic-%u\", \"name\": \"Synthetic %u\", "
                              "\"vendor\": \"%s\", \"generation\": \"%s\", \"segment\": \"%s\", "
                              "\"memory_gib\": %s, \"memory_bandwidth_gb_s\": %s, "
                              "\"tflops\": {\"bf16\": %s, \"fp16\": %s}, "
                              "\"precisions\": [\"bf16\", \"fp16\"], \"tdp_w\": %.0f, "
                              "\"pcie_gen\": 4, \"price_usd\": %s, \"source\": \"generated "
                              "for bench-planner\", \"as_of\": \"2026\"}",
                              made > 0 ? ", " : "", made, made, g->vendor,
                              g->generation != NULL ? g->generation : "ampere",
                              g->segment == RP_SEGMENT_CONSUMER ? "consumer" : "datacenter",
                              g_ascii_dtostr (b1, sizeof b1, MAX (memory, 8)),
                              g_ascii_dtostr (b2, sizeof b2,
                                              round (g->memory_bandwidth_gb_s * scale)),
                              g_ascii_dtostr (b3, sizeof b3, round (g->tflops_bf16 * scale)),
                              g_ascii_dtostr (b3, sizeof b3, round (g->tflops_bf16 * scale)),
                              g->tdp_w,
                              g_ascii_dtostr (b4, sizeof b4, round (1500 + 20000 * scale *
                                                                     g_rand_double_range (rand, 0.5, 1.5))));
      made++;
    }
  g_string_append (out, "]}");
  g_rand_free (rand);
  return g_string_free_to_bytes (out);
}

static RpCatalog *
catalog_with (guint n_synthetic)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = rp_catalog_load_default (&error);
  g_autoptr(GBytes) bytes = NULL;

  g_assert_no_error (error);
  if (n_synthetic == 0)
    return g_steal_pointer (&catalog);
  bytes = synthetic_gpus (catalog, n_synthetic);
  if (!rp_catalog_load_bytes (catalog, bytes, "synthetic-gpus.json", &error))
    g_error ("%s", error->message);
  return g_steal_pointer (&catalog);
}

static gboolean
bench_estimate (const RpCatalog *catalog,
                RpScenario     **scenarios)
{
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  const guint iterations = 20000;
  gint64 start = g_get_monotonic_time ();
  double us;

  for (guint i = 0; i < iterations; i++)
    {
      gboolean computed = rp_fix_estimate (scenarios[i % G_N_ELEMENTS (rp_test_examples)],
                                               catalog, est, NULL);
      g_assert_true (computed);
    }
  us = (double) (g_get_monotonic_time () - start) / iterations;
  printf ("full estimate (memory + time + cost + advice): %.1f µs mean over %u examples "
          "(budget %.0f µs)\n", us, (guint) G_N_ELEMENTS (rp_test_examples), estimate_budget_us);
  return us < estimate_budget_us;
}

/* Every setting of every machine: what one estimate of a configuration
 * costs inside the planner. */
static gboolean
bench_configurations (const RpCatalog *catalog,
                      RpScenario     **scenarios)
{
  guint64 evaluated = 0;
  double seconds = 0, rate;

  for (guint i = 0; i < G_N_ELEMENTS (rp_test_examples); i++)
    {
      g_autoptr(RpPlan) plan = NULL;

      scenarios[i]->budget.acquire = RP_ACQUIRE_COMPARE;
      seconds += time_plan (scenarios[i], catalog, TRUE, &plan);
      evaluated += plan->n_evaluated;
    }
  rate = evaluated / seconds;
  printf ("exhaustive search: %" G_GUINT64_FORMAT " configurations in %.3f s CPU = %.0f a "
          "second (budget %.0f)\n", evaluated, seconds, rate, min_configurations_per_s);
  bench_emit ("planner", "planner_configs_per_s", rate, "1/s");
  return rate >= min_configurations_per_s;
}

static gboolean
bench_examples (const RpCatalog *catalog,
                RpScenario     **scenarios)
{
  double worst = 0;

  for (guint i = 0; i < G_N_ELEMENTS (rp_test_examples); i++)
    {
      g_autoptr(RpPlan) plan = NULL;
      double s = time_plan (scenarios[i], catalog, FALSE, &plan);

      printf ("plan %-40s %7" G_GUINT64_FORMAT " of %8" G_GUINT64_FORMAT " settings, "
              "%3u of %3u machines, %.3f s CPU (%.3f s wall)\n", rp_test_examples[i],
              plan->n_evaluated, plan->n_space, plan->n_searched, plan->n_machines, s,
              last_wall_s);
      worst = MAX (worst, s);
    }
  printf ("slowest example plan: %.3f s (budget %.3f s)\n", worst, example_budget_s);
  bench_emit ("planner", "slowest_example_plan_s", worst, "s");
  return worst < example_budget_s;
}

static double
time_catalog (const RpScenario *scenario,
              guint             n_gpus,
              guint            *n_types)
{
  g_autoptr(RpCatalog) catalog = NULL;
  g_autoptr(RpPlan) plan = NULL;
  guint bundled;
  double s;

  {
    g_autoptr(RpCatalog) base = catalog_with (0);

    bundled = rp_catalog_n_gpus (base);
  }
  catalog = catalog_with (n_gpus > bundled ? n_gpus - bundled : 0);
  s = time_plan (scenario, catalog, FALSE, &plan);
  *n_types = rp_catalog_n_gpus (catalog);
  printf ("  %6u GPU types: %5u machines, %4u searched, %9" G_GUINT64_FORMAT " settings of %10"
          G_GUINT64_FORMAT ", %.3f s CPU (%.3f s wall)\n", *n_types, plan->n_machines,
          plan->n_searched, plan->n_evaluated, plan->n_space, s, last_wall_s);
  return s;
}

static gboolean
bench_scaling (RpScenario *scenario)
{
  static const guint sizes[] = { 64, 128, 256, 512, 1024, 2048 };
  double previous = 0, worst_ratio = 0, big;
  guint types = 0;

  printf ("catalog size (%s):\n", scenario->name);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      double s = time_catalog (scenario, sizes[i], &types);

      if (previous > 0)
        worst_ratio = MAX (worst_ratio, s / previous);
      previous = s;
    }
  printf ("worst time ratio for twice the GPU types: %.2f (budget %.1f)\n", worst_ratio,
          doubling_budget);
  big = time_catalog (scenario, big_catalog_gpus, &types);
  printf ("%u GPU types: %.3f s (budget %.1f s)\n", types, big, big_catalog_budget_s);
  bench_emit ("planner", "doubling_gpu_types_ratio", worst_ratio, "x");
  bench_emit ("planner", "big_catalog_plan_s", big, "s");
  return worst_ratio <= doubling_budget && big < big_catalog_budget_s;
}

int
main (void)
{
  g_autoptr(RpCatalog) catalog = catalog_with (0);
  RpScenario *scenarios[G_N_ELEMENTS (rp_test_examples)];
  gboolean ok = TRUE;

  for (guint i = 0; i < G_N_ELEMENTS (rp_test_examples); i++)
    scenarios[i] = rp_test_load_example (rp_test_examples[i]);
  ok &= bench_estimate (catalog, scenarios);
  ok &= bench_examples (catalog, scenarios);
  ok &= bench_configurations (catalog, scenarios);
  scenarios[1]->budget.acquire = RP_ACQUIRE_COMPARE;
  ok &= bench_scaling (scenarios[1]);
  for (guint i = 0; i < G_N_ELEMENTS (scenarios); i++)
    rp_scenario_free (scenarios[i]);
  return ok ? 0 : 1;
}

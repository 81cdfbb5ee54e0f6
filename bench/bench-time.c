/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-time.c: time of the time model and of a scaling curve
 *
 * Prints the mean time of rp_time_model_run() over the bundled example
 * scenarios and of rp_time_model_scaling_curve() for eleven GPU counts
 * (1 … 1024) on two GPUs, and fails when one run takes 10 µs or more or
 * one curve 200 µs or more: the app recomputes on every edit and draws the
 * curve for each candidate GPU. */

#include "config.h"

#include "bench-common.h"

#include "rp-catalog.h"
#include "rp-estimate.h"
#include "rp-explore.h"
#include "rp-model.h"
#include "rp-scenario.h"
#include "rp-time-model.h"

#include <math.h>
#include <stdio.h>

static const double run_budget_us = 10.0;
static const double curve_budget_us = 200.0;
static const guint gpu_counts[] = { 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024 };

typedef struct
{
  RpScenario  *scenario;      /* owned */
  RpModelArch  arch;
  const RpGpu *gpu;
} Case;

static double
time_runs (const Case      *cases,
           guint            n_cases,
           const RpCatalog *catalog,
           guint            iterations)
{
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  gint64 start = g_get_monotonic_time ();
  volatile double sink = 0.0;

  for (guint i = 0; i < iterations; i++)
    {
      const Case *c = &cases[i % n_cases];

      rp_estimate_clear (est);
      est->arch = c->arch;
      est->gpu = c->gpu;
      rp_time_model_run (c->scenario, catalog, est);
      sink += est->compute.step_s;
    }
  (void) sink;
  return (double) (g_get_monotonic_time () - start) / iterations;
}

static double
time_curves (const Case      *cases,
             guint            n_cases,
             const RpCatalog *catalog,
             guint            iterations)
{
  static const char *const gpus[] = { "a100-80gb-sxm", "h100-sxm" };
  double days[G_N_ELEMENTS (gpu_counts)];
  gint64 start = g_get_monotonic_time ();

  for (guint i = 0; i < iterations; i++)
    {
      const RpGpu *gpu = rp_catalog_lookup_gpu (catalog, gpus[i % G_N_ELEMENTS (gpus)]);

      rp_explore_days_by_count (cases[i % n_cases].scenario, catalog, gpu, gpu_counts,
                                G_N_ELEMENTS (gpu_counts), days);
    }
  return (double) (g_get_monotonic_time () - start) / iterations;
}

static GArray *
load_cases (const RpCatalog *catalog)
{
  g_autoptr(GArray) cases = g_array_new (FALSE, TRUE, sizeof (Case));
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GError) error = NULL;
  const char *examples = g_getenv ("RIGPLAN_EXAMPLES");
  const char *name;

  dir = g_dir_open (examples, 0, &error);
  if (dir == NULL)
    g_error ("%s", error->message);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (examples, name, NULL);
      Case c = { 0 };

      if (!g_str_has_suffix (name, ".rigplan"))
        continue;
      c.scenario = rp_scenario_load_file (path, &error);
      if (c.scenario == NULL || !rp_model_resolve (&c.scenario->model, catalog, &c.arch, &error))
        g_error ("%s", error->message);
      c.gpu = rp_catalog_lookup_gpu (catalog, c.scenario->hardware.gpu);
      g_array_append_val (cases, c);
    }
  return g_steal_pointer (&cases);
}

int
main (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = rp_catalog_load_default (&error);
  g_autoptr(GArray) cases = NULL;
  double run_us, curve_us;

  if (catalog == NULL)
    g_error ("%s", error->message);
  cases = load_cases (catalog);
  time_runs ((Case *) cases->data, cases->len, catalog, 1000);   /* warm up */
  run_us = time_runs ((Case *) cases->data, cases->len, catalog, 200000);
  curve_us = time_curves ((Case *) cases->data, cases->len, catalog, 2000);
  printf ("time model run: %.2f µs (budget %.0f µs)\n", run_us, run_budget_us);
  printf ("scaling curve, %u counts: %.1f µs (budget %.0f µs)\n",
          (guint) G_N_ELEMENTS (gpu_counts), curve_us, curve_budget_us);
  bench_emit ("time", "time_model_us", run_us, "us");
  bench_emit ("time", "scaling_curve_us", curve_us, "us");
  for (guint i = 0; i < cases->len; i++)
    rp_scenario_free (g_array_index (cases, Case, i).scenario);
  return run_us < run_budget_us && curve_us < curve_budget_us ? 0 : 1;
}

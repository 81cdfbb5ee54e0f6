/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-memory.c: time of one memory estimate
 *
 * Prints the mean time of rp_memory_model_estimate() (the breakdown) and
 * of rp_memory_model_run() (breakdown, warnings and the fix search) over
 * the bundled example scenarios, and fails when the plain estimate takes
 * 2 µs or more, or the run with the fix search 16 ms or more (issue 3). */

#include "config.h"

#include "bench-common.h"

#include "rp-catalog.h"
#include "rp-estimate.h"
#include "rp-memory-model.h"
#include "rp-model.h"
#include "rp-scenario.h"

#include <stdio.h>

static const double estimate_budget_us = 2.0;
static const double run_budget_us = 16000.0;

typedef struct
{
  RpScenario  *scenario;      /* owned */
  RpModelArch  arch;
  const RpGpu *gpu;
} Case;

static double
time_estimates (const Case *cases,
                guint       n_cases,
                const RpCatalog *catalog,
                guint       iterations)
{
  RpMemoryEstimate m;
  gint64 start = g_get_monotonic_time ();
  volatile double sink = 0.0;

  for (guint i = 0; i < iterations; i++)
    {
      const Case *c = &cases[i % n_cases];

      rp_memory_model_estimate (c->scenario, &c->arch, c->gpu, catalog, &m);
      sink += m.total_bytes;
    }
  (void) sink;
  return (double) (g_get_monotonic_time () - start) / iterations;
}

static double
time_runs (const Case      *cases,
           guint            n_cases,
           const RpCatalog *catalog,
           guint            iterations,
           double          *worst_us)
{
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  gint64 total = 0;

  *worst_us = 0.0;
  for (guint i = 0; i < iterations; i++)
    {
      const Case *c = &cases[i % n_cases];
      gint64 start;

      rp_estimate_clear (est);
      est->arch = c->arch;
      est->gpu = c->gpu;
      start = g_get_monotonic_time ();
      rp_memory_model_run (c->scenario, catalog, est);
      total += g_get_monotonic_time () - start;
      *worst_us = MAX (*worst_us, (double) (g_get_monotonic_time () - start));
    }
  return (double) total / iterations;
}

/* A scenario that does not fit anywhere cheap: the whole fix search runs. */
static RpScenario *
hopeless_scenario (void)
{
  RpScenario *s = rp_scenario_new ();

  rp_scenario_set_preset (s, "llama-3.1-405b");
  rp_scenario_set_gpu (s, "rtx-4090");
  s->training.method = RP_METHOD_PRETRAIN;
  s->training.seq_len = 8192;
  return s;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = rp_catalog_load_default (&error);
  const char *dir = g_getenv ("RIGPLAN_EXAMPLES");
  g_autoptr(GDir) examples = NULL;
  g_autoptr(GArray) cases = g_array_new (FALSE, TRUE, sizeof (Case));
  const char *name;
  double estimate_us, run_us, worst_us;
  guint n_estimates = 1000000;

  if (catalog == NULL)
    {
      fprintf (stderr, "bench-memory: %s\n", error->message);
      return 1;
    }
  examples = dir != NULL ? g_dir_open (dir, 0, &error) : NULL;
  while (examples != NULL && (name = g_dir_read_name (examples)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      Case c = { 0 };

      if (!g_str_has_suffix (name, ".rigplan"))
        continue;
      c.scenario = rp_scenario_load_file (path, NULL);
      if (c.scenario == NULL)
        continue;
      c.gpu = rp_catalog_lookup_gpu (catalog, c.scenario->hardware.gpu);
      if (c.gpu == NULL || !rp_model_resolve (&c.scenario->model, catalog, &c.arch, NULL))
        {
          rp_scenario_free (c.scenario);
          continue;
        }
      g_array_append_val (cases, c);
    }
  {
    Case c = { hopeless_scenario (), { 0 }, NULL };

    c.gpu = rp_catalog_lookup_gpu (catalog, c.scenario->hardware.gpu);
    g_assert (rp_model_resolve (&c.scenario->model, catalog, &c.arch, NULL));
    g_array_append_val (cases, c);
  }

  estimate_us = time_estimates ((Case *) cases->data, cases->len, catalog, n_estimates);
  run_us = time_runs ((Case *) cases->data, cases->len, catalog, 2000, &worst_us);
  printf ("memory estimate (breakdown only): %.3f µs mean over %u scenarios (budget %.1f µs)\n",
          estimate_us, cases->len, estimate_budget_us);
  printf ("memory run (warnings + fix search): %.1f µs mean, %.1f µs worst (budget %.0f µs)\n",
          run_us, worst_us, run_budget_us);
  bench_emit ("memory", "memory_estimate_us", estimate_us, "us");
  for (guint i = 0; i < cases->len; i++)
    rp_scenario_free (g_array_index (cases, Case, i).scenario);
  return estimate_us < estimate_budget_us && worst_us < run_budget_us ? 0 : 1;
}

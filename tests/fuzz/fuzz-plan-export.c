/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-plan-export.c: a scenario that loads must survive the planner and
 * every export: each chart as PNG, SVG and PDF and the PDF plan, all in
 * memory.  Hostile numbers reach the layout and Cairo this way.
 *
 * Built as a libFuzzer target with -Dfuzzing=true (clang, with the chart
 * layer); otherwise fuzz-driver.c replays the corpus as a regular test. */

#include "config.h"

#include "rp-catalog.h"
#include "rp-chart.h"
#include "rp-estimate.h"
#include "rp-planner.h"
#include "rp-scenario.h"

#include <math.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const guint8 *data,
                            size_t        size);

/* Small enough for hundreds of runs a second, large enough that the
 * planner tries several nodes, tensor and pipeline sizes. */
static const guint fuzz_max_gpus = 16;
static const double png_width = 240;
static const double png_height = 160;

static RpCatalog *
shared_catalog (void)
{
  static RpCatalog *catalog = NULL;

  if (catalog == NULL)
    catalog = rp_catalog_load_default (NULL);
  return catalog;
}

static void
check_plan (const RpPlan *plan)
{
  g_autofree char *json = NULL;

  g_assert (plan->recommended < (gint) plan->candidates->len);
  for (guint i = 0; i < plan->candidates->len; i++)
    {
      const RpPlanCandidate *c = g_ptr_array_index (plan->candidates, i);

      g_assert (c->scenario != NULL && c->gpu != NULL);
      g_assert (c->n_gpus >= 1 && c->n_gpus <= fuzz_max_gpus);
      g_assert (isfinite (c->total_bytes) && isfinite (c->days) && isfinite (c->cost));
    }
  json = rp_plan_to_json (plan, 0);
  g_assert (json != NULL && strstr (json, "nan") == NULL && strstr (json, "inf") == NULL);
}

/* Every export succeeds or says why; in memory it has no other reason to
 * fail than a Cairo error, which is a finding. */
static void
export_all (const RpScenario *scenario,
            const RpCatalog  *catalog,
            const RpEstimate *est)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) report = rp_chart_export_report_bytes (scenario, catalog, est, &error);

  g_assert (report != NULL);
  for (guint kind = 0; kind < RP_N_CHARTS; kind++)
    {
      g_autoptr(RpChartData) data = rp_chart_data_new (kind, scenario, catalog, est);

      for (guint format = RP_CHART_FORMAT_PNG; format <= RP_CHART_FORMAT_PDF; format++)
        {
          g_autoptr(GBytes) bytes = rp_chart_export_bytes (data, format, png_width, png_height,
                                                           NULL, &error);

          if (bytes == NULL)
            g_error ("chart %u as format %u: %s", kind, format, error->message);
        }
    }
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RpScenario) scenario = rp_scenario_load_data ((const char *) data, size, &error);
  g_autoptr(RpEstimate) est = NULL;
  g_autoptr(RpPlan) plan = NULL;
  RpCatalog *catalog = shared_catalog ();
  RpPlanOptions options;

  if (scenario == NULL || catalog == NULL)
    return 0;
  est = rp_estimate_new ();
  if (!rp_estimate_compute (scenario, catalog, est, &error))
    {
      g_assert (error != NULL && *error->message != '\0');
      return 0;
    }
  export_all (scenario, catalog, est);
  rp_plan_options_init (&options);
  options.max_gpus = fuzz_max_gpus;
  options.all_gpus = FALSE;
  plan = rp_plan_compute (scenario, catalog, &options, &error);
  if (plan != NULL)
    check_plan (plan);
  else
    g_assert (error != NULL && *error->message != '\0');
  return 0;
}

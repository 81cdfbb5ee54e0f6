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
#include "rp-decision.h"
#include "rp-estimate.h"
#include "rp-fix.h"
#include "rp-json-private.h"
#include "rp-plan-json.h"
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
check_plan (const RpScenario *scenario,
            const RpPlan     *plan,
            const RpCatalog  *catalog,
            const RpEstimate *est)
{
  g_autofree char *json = NULL;
  g_autoptr(RpDecision) decision = rp_decision_new (scenario, catalog, est, plan, NULL, NULL);

  for (guint k = 0; k < RP_N_PLAN_ANSWERS; k++)
    {
      const RpPlanAnswer *a = &plan->answers[k];

      if (a->rows == NULL)
        continue;
      g_assert (a->recommended < (gint) a->rows->len);
      for (guint i = 0; i < a->rows->len; i++)
        {
          const RpPlanRow *r = g_ptr_array_index (a->rows, i);

          g_assert (r->scenario != NULL && r->gpu != NULL);
          g_assert (r->n_gpus >= 1 && r->n_gpus <= fuzz_max_gpus);
          g_assert (isfinite (r->total_bytes) && isfinite (r->days) && isfinite (r->cost));
        }
    }
  /* the decision on a plan of a scenario that estimates: owned GPUs that
   * do not parse are refused by validation before */
  g_assert (decision != NULL);
  json = rp_plan_to_json (plan, catalog, decision, 0);
  /* well-formed JSON by the strict RFC 8259 parser (cJSON writes a
   * non-finite number as null, so no "nan" can appear: the rows' numbers
   * are checked finite above) */
  g_assert (json != NULL);
  {
    cJSON *root = rp_json_parse (json, strlen (json), NULL);

    g_assert (root != NULL);
    cJSON_Delete (root);
  }
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
  if (!rp_fix_estimate (scenario, catalog, est, &error))
    {
      g_assert (error != NULL && *error->message != '\0');
      return 0;
    }
  export_all (scenario, catalog, est);
  rp_plan_options_init (&options);
  /* a bounded search: the planner's own filter, as a user sets it */
  scenario->planner.max_gpus = fuzz_max_gpus;
  plan = rp_plan_compute (scenario, catalog, &options, NULL, NULL, NULL, &error);
  if (plan != NULL)
    check_plan (scenario, plan, catalog, est);
  else
    g_assert (error != NULL && *error->message != '\0');
  return 0;
}

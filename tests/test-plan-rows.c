/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-plan-rows.c: every row a plan shows is the estimate of that row
 *
 * A buyer who takes a row ("Use this machine", `plan --apply`) must get
 * what the row said: the scenario with the row's machine and settings,
 * estimated, gives the row's memory per GPU, days, rent of this run
 * (rent rows) and capital (buy rows) within 0.5 %, and fits.  And the
 * plan of a scenario that took the recommendation recommends the same
 * machine again. */

#include "config.h"

#include "rp-decision.h"
#include "rp-fix.h"
#include "rp-planner.h"
#include "rp-scenario.h"
#include "rp-test-core.h"
#include "rp-units.h"

#include <math.h>
#include <string.h>

static RpCatalog *catalog;

/* ---- helpers -------------------------------------------------------- */

static gboolean
close_to (double a,
          double b)
{
  if (isnan (a) || isnan (b))
    return isnan (a) && isnan (b);
  return fabs (a - b) <= 0.005 * MAX (fabs (a), fabs (b)) + 1e-9;
}

static RpPlan *
plan_of (const RpScenario *s)
{
  g_autoptr(GError) error = NULL;
  RpPlanOptions options;
  RpPlan *plan;

  rp_plan_options_init (&options);
  plan = rp_plan_compute (s, catalog, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return plan;
}

static void
check_row (const RpScenario *s,
           const RpPlanRow  *row,
           guint            *n_checked)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RpScenario) applied = rp_plan_apply_row (s, catalog, row, &error);
  g_autoptr(RpEstimate) est = NULL;
  const char *what = row->kind == RP_PLAN_RENT ? "rent" : "buy";

  if (applied == NULL)
    g_error ("%s: %s row %s × %u: %s", s->name, what, row->gpu->id, row->n_gpus, error->message);
  est = rp_test_estimate (catalog, applied);

  if (!close_to (est->memory.total_bytes, row->total_bytes) ||
      !close_to (est->compute.days, row->days) ||
      (row->kind == RP_PLAN_RENT && !close_to (est->cost.rent_total, row->rent_total)) ||
      (row->kind == RP_PLAN_BUY && !close_to (est->cost.buy_capital, row->capital)) ||
      est->memory.verdict != RP_VERDICT_FITS)
    g_error ("%s: %s row %u × %s says %.1f GiB, %.2f days, %.0f; applied it gives %.1f GiB, "
             "%.2f days, rent %.0f, capital %.0f (%s)", s->name, what, row->n_gpus, row->gpu->id,
             row->total_bytes / RP_GIB, row->days, row->cost, est->memory.total_bytes / RP_GIB,
             est->compute.days, est->cost.rent_total, est->cost.buy_capital,
             rp_verdict_to_string (est->memory.verdict));
  (*n_checked)++;
}

/* ---- tests ---------------------------------------------------------- */

static void
test_rows_are_estimates (void)
{
  g_autoptr(GPtrArray) scenarios = rp_test_all_scenarios ();
  guint n_checked = 0;

  for (guint i = 0; i < scenarios->len; i++)
    {
      const RpScenario *s = g_ptr_array_index (scenarios, i);
      g_autoptr(RpPlan) plan = plan_of (s);

      for (guint a = 0; a < RP_N_PLAN_ANSWERS; a++)
        for (guint r = 0; r < plan->answers[a].rows->len; r++)
          check_row (s, g_ptr_array_index (plan->answers[a].rows, r), &n_checked);
    }
  g_test_message ("%u rows applied and estimated", n_checked);
  g_assert_cmpuint (n_checked, >, 100);
}

static void
test_recommendation_is_stable (void)
{
  g_autoptr(GPtrArray) scenarios = rp_test_all_scenarios ();

  for (guint i = 0; i < scenarios->len; i++)
    for (guint a = 0; a < RP_N_PLAN_ANSWERS; a++)
      {
        const RpScenario *s = g_ptr_array_index (scenarios, i);
        g_autoptr(RpPlan) plan = plan_of (s);
        const RpPlanRow *row = rp_plan_get_recommended (plan, (gint) a);
        g_autoptr(RpScenario) applied = NULL;
        g_autoptr(RpPlan) again = NULL;
        const RpPlanRow *second;

        if (row == NULL)
          continue;
        applied = rp_plan_apply_row (s, catalog, row, NULL);
        again = plan_of (applied);
        second = rp_plan_get_recommended (again, (gint) a);
        if (second == NULL || second->gpu != row->gpu || second->n_gpus != row->n_gpus ||
            second->scenario->hardware.nodes != row->scenario->hardware.nodes)
          g_error ("%s: the %s answer recommends %u × %s; once adopted, %u × %s", s->name,
                   rp_plan_answer_kind_to_string (a), row->n_gpus, row->gpu->id,
                   second != NULL ? second->n_gpus : 0, second != NULL ? second->gpu->id : "none");
      }
}

/* "Use this machine" on the decision's recommendation, then decide
 * again: the same machine is recommended (the buyer is not sent round
 * in circles), and every choice is its own scenario's estimate. */
static void
test_decision_is_stable (void)
{
  g_autoptr(GPtrArray) scenarios = rp_test_all_scenarios ();
  g_autoptr(GDate) today = g_date_new_dmy (1, G_DATE_DECEMBER, 2026);
  guint n_checked = 0;

  for (guint i = 0; i < scenarios->len; i++)
    {
      const RpScenario *s = g_ptr_array_index (scenarios, i);
      g_autoptr(RpEstimate) est = rp_estimate_new ();
      g_autoptr(RpEstimate) est2 = rp_estimate_new ();
      g_autoptr(RpDecision) d = NULL;
      g_autoptr(RpDecision) again = NULL;
      g_autoptr(RpScenario) applied = NULL;
      g_autoptr(GError) error = NULL;
      const RpChoice *rec, *second;

      g_assert_true (rp_fix_estimate (s, catalog, est, &error));
      d = rp_decision_compute (s, catalog, est, today, NULL, &error);
      g_assert_no_error (error);
      for (guint c = 0; c < d->n_choices; c++)
        {
          g_autoptr(RpEstimate) e = rp_test_estimate (catalog, d->choices[c].scenario);

          if (!close_to (e->memory.total_bytes, d->choices[c].memory_bytes) ||
              !close_to (e->compute.days, d->choices[c].days))
            g_error ("%s: choice %s says %.1f GiB, %.2f days; estimated %.1f GiB, %.2f days",
                     s->name, rp_choice_kind_to_string (d->choices[c].kind),
                     d->choices[c].memory_bytes / RP_GIB, d->choices[c].days,
                     e->memory.total_bytes / RP_GIB, e->compute.days);
        }
      rec = rp_decision_get_recommended (d);
      if (rec == NULL)
        continue;
      applied = rp_decision_apply (d, s, catalog, NULL, "recommended", &error);
      g_assert_no_error (error);
      g_assert_true (rp_fix_estimate (applied, catalog, est2, &error));
      again = rp_decision_compute (applied, catalog, est2, today, NULL, &error);
      g_assert_no_error (error);
      second = rp_decision_get_recommended (again);
      if (second == NULL || second->gpu != rec->gpu || second->gpus != rec->gpus ||
          second->nodes != rec->nodes || rp_choice_is_bought (second) != rp_choice_is_bought (rec))
        g_error ("%s: the decision recommends %s %u × %s; once adopted, %s %u × %s", s->name,
                 rp_choice_kind_to_string (rec->kind), rec->gpus, rec->gpu->id,
                 second != NULL ? rp_choice_kind_to_string (second->kind) : "-",
                 second != NULL ? second->gpus : 0, second != NULL ? second->gpu->id : "none");
      n_checked++;
    }
  g_test_message ("%u recommendations adopted and decided again", n_checked);
  g_assert_cmpuint (n_checked, >, 10);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  catalog = rp_test_load_bundled_catalog ();
  g_test_add_func ("/core/plan-rows/rows-are-estimates", test_rows_are_estimates);
  g_test_add_func ("/core/plan-rows/recommendation-is-stable", test_recommendation_is_stable);
  g_test_add_func ("/core/plan-rows/decision-is-stable", test_decision_is_stable);
  return g_test_run ();
}

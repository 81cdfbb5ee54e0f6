/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-chart-plan.c: the plan's machines as a chart
 *
 * Days against money for each answer's Pareto front: renting priced at
 * the cost of this run, buying at the capital, each in its own colour and
 * named as such, so that the two are never read as one quantity.  The
 * planner computed every point; this only lays them out. */

#include "config.h"

#include "rp-chart.h"
#include "rp-chart-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>

/* Days and money span decades: log axes once the front does. */
static const double log_axis_ratio = 20;

static void
add_front (RpChartData        *data,
           const RpPlanAnswer *answer,
           const char         *label,
           double             *lo,
           double             *hi)
{
  guint series = rp_chart_data_add_series (data, label);

  for (guint i = 0; i < answer->rows->len; i++)
    {
      const RpPlanRow *r = g_ptr_array_index (answer->rows, i);

      if (!r->pareto || !(r->days > 0) || !(r->cost > 0))
        continue;
      rp_chart_data_add_point (data, series, r->days, r->cost);
      lo[0] = MIN (lo[0], r->days);
      hi[0] = MAX (hi[0], r->days);
      lo[1] = MIN (lo[1], r->cost);
      hi[1] = MAX (hi[1], r->cost);
    }
}

RpChartData *
rp_chart_data_new_plan (const RpPlan *plan)
{
  RpChartData *data;
  double lo[2] = { INFINITY, INFINITY }, hi[2] = { 0, 0 };
  gboolean any = FALSE;

  g_return_val_if_fail (plan != NULL, NULL);

  data = rp_chart_data_new_empty (RP_CHART_TIME,
                                  /* TRANSLATORS: the title of the plan's chart */
                                  _("The fastest machine for each price"),
                                  _("Time (days)"), _("Cost"), RP_CHART_UNIT_DAYS,
                                  RP_CHART_UNIT_MONEY);
  rp_chart_data_set_currency (data, plan->currency);
  rp_chart_data_set_scatter (data, TRUE);
  for (guint a = 0; a < RP_N_PLAN_ANSWERS; a++)
    {
      const RpPlanAnswer *answer = &plan->answers[a];

      if (answer->status == RP_PLAN_STATUS_NOT_ASKED)
        continue;
      add_front (data, answer, a == RP_PLAN_RENT
                 /* TRANSLATORS: legend of the plan's chart */
                 ? _("Rent: cost of this run")
                 /* TRANSLATORS: legend of the plan's chart */
                 : _("Buy: price of the machine"), lo, hi);
      any |= answer->rows->len > 0;
    }
  if (!any)
    rp_chart_data_set_message (data, _("No machine to show: see the answers below."));
  if (isfinite (plan->current_days) && isfinite (plan->current_rent))
    /* TRANSLATORS: a marker on the plan's chart: the scenario as it is, rented */
    rp_chart_data_add_marker (data, plan->current_days, plan->current_rent, _("Yours, rented"));
  if (isfinite (plan->current_days) && isfinite (plan->current_capital))
    /* TRANSLATORS: a marker on the plan's chart: the scenario as it is, bought */
    rp_chart_data_add_marker (data, plan->current_days, plan->current_capital,
                              _("Yours, bought"));
  if (isfinite (plan->deadline_days))
    rp_chart_data_add_rule (data, TRUE, plan->deadline_days, RP_CHART_INK_DANGER,
                            _("Deadline"));
  rp_chart_data_set_log_scale (data, TRUE, hi[0] / lo[0] > log_axis_ratio);
  rp_chart_data_set_log_scale (data, FALSE, hi[1] / lo[1] > log_axis_ratio);
  return data;
}

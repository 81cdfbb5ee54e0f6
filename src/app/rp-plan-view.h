/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-plan-view.h: the Plan view — the machine to rent and to buy
 *
 * Plans the document's scenario and decides on the plan (rp-decision.h)
 * in a worker thread, cancelable, with progress, whenever the scenario
 * changes.  Shows the decision (the recommendation, why, the
 * alternatives), the filters of the scenario's planner section as form
 * controls, the two answers' Pareto fronts as a chart, and each answer's
 * ranked machines with one sentence of why; "Use this machine" applies a
 * choice or a row to the document.  The "decision" property (notified)
 * is the decision on the plan shown, NULL while planning. */
#pragma once

#include <gtk/gtk.h>

#include "rp-decision.h"
#include "rp-planner.h"
#include "rp-scenario-document.h"

G_BEGIN_DECLS

#define RP_TYPE_PLAN_VIEW (rp_plan_view_get_type ())

G_DECLARE_FINAL_TYPE (RpPlanView, rp_plan_view, RP, PLAN_VIEW, GtkWidget)

GtkWidget    *rp_plan_view_new           (void);
/* Binds the view to @document (once; the window owns both). */
void          rp_plan_view_set_document  (RpPlanView         *self,
                                          RpScenarioDocument *document);
/* Starts planning now (cancelling a run under way). */
void          rp_plan_view_start         (RpPlanView         *self);
/* Stops a run under way; the last plan stays. */
void          rp_plan_view_cancel        (RpPlanView         *self);
gboolean      rp_plan_view_is_running    (RpPlanView         *self);
/* The plan shown, or NULL before the first. */
const RpPlan *rp_plan_view_get_plan      (RpPlanView         *self);
/* The status line ("113 of 252 machines searched …", an error). */
const char   *rp_plan_view_get_status    (RpPlanView         *self);
/* The decision on the plan shown (rp-decision.h), or NULL while planning
 * (or when the scenario cannot be decided on). */
const RpDecision *rp_plan_view_get_decision (RpPlanView      *self);
/* What "Use this machine" does for row @index of answer @kind: applies
 * the row to the document.  FALSE when there is no such row. */
gboolean      rp_plan_view_use_row       (RpPlanView         *self,
                                          RpPlanAnswerKind    kind,
                                          guint               index);
/* What "Use this machine" does for choice @index of the decision (0: the
 * recommendation when there is one): applies its machine and settings to
 * the document.  FALSE when there is no such choice. */
gboolean      rp_plan_view_use_choice    (RpPlanView         *self,
                                          guint               index);
/* The "Use this machine" button of row @index of answer @kind, or NULL. */
GtkWidget    *rp_plan_view_get_use_button (RpPlanView        *self,
                                          RpPlanAnswerKind    kind,
                                          guint               index);
/* The chart of the fronts (an RpChartView). */
GtkWidget    *rp_plan_view_get_chart     (RpPlanView         *self);
/* The filter control bound to the document property @property ("gpu-types",
 * "max-gpus", "acquire", …), or NULL. */
GtkWidget    *rp_plan_view_get_control   (RpPlanView         *self,
                                          const char         *property);

/* "Plan Buying Too" (@kind RP_PLAN_BUY), "Plan Renting Too": shown when
 * that answer was not asked for. */
GtkWidget          *rp_plan_view_get_too_button (RpPlanView       *self,
                                                 RpPlanAnswerKind  kind);

G_END_DECLS

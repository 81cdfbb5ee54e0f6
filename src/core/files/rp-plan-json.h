/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-plan-json.h: the plan as JSON for scripts */
#pragma once

#include "rp-decision.h"
#include "rp-planner.h"

G_BEGIN_DECLS

/* The plan as JSON: evaluated, seconds, the two answers with their
 * first @top rows (0: all) and their fronts, the "decision" on it
 * (rp-decision-json.h; null when @decision is NULL) and "recommended",
 * the decision's recommendation (null with "reason" when there is none).
 * Words only for the rows written. */
char         *rp_plan_to_json       (const RpPlan        *plan,
                                     const RpCatalog     *catalog,
                                     const RpDecision    *decision,
                                     guint                top);

G_END_DECLS

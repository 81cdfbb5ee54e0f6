/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-planner-private.h: the planner's parts the tests check alone */
#pragma once

#include "rp-planner.h"

G_BEGIN_DECLS

/* Sets each row's pareto flag: no other row of @rows (RpPlanRow*) is at
 * least as fast and as cheap and strictly better in one.  O(n log n). */
void rp_plan_mark_front (GPtrArray *rows);

G_END_DECLS

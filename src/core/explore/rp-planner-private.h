/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-planner-private.h: the planner's parts the tests check alone */
#pragma once

#include "rp-planner.h"

G_BEGIN_DECLS

/* Sets each row's pareto flag: no other row of @rows (RpPlanRow*) is at
 * least as fast and as cheap and strictly better in one.  O(n log n). */
void rp_plan_mark_front (GPtrArray *rows);

/* What the memory figures shared between GPUs of a kind (rp-plan-memo.h)
 * were checked against: the model run on each. */
typedef struct
{
  guint64 n_shared;             /* settings answered from another GPU's figures */
  guint64 n_differ;             /* of those, the model's figures or verdict differ */
  guint64 n_time_shared;        /* ZeRO-2 settings timed from ZeRO-1's hours */
  guint64 n_time_differ;        /* of those, the time model's hours differ */
} RpPlanMemoCheck;

/* rp_plan_compute (), running the memory model on every setting the
 * shared figures answer too, and the time model on every setting given
 * another's hours, and counting into @check. */
RpPlan *rp_plan_compute_checked (const RpScenario    *scenario,
                                 const RpCatalog     *catalog,
                                 const RpPlanOptions *options,
                                 RpPlanMemoCheck     *check,
                                 GError             **error);

G_END_DECLS

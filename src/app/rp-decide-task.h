/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-decide-task.h: the decisions on several scenarios, in a thread
 *
 * Compare shows each scenario's one decision (rp-decision.h); planning
 * takes a tenth of a second to a second a scenario, so it runs beside
 * the main loop, on copies. */
#pragma once

#include <gio/gio.h>

#include "rp-decision.h"

G_BEGIN_DECLS

/* Estimates (with the fix), plans and decides copies of @scenarios
 * (RpScenario*) against @catalog in a thread, dated today; then calls
 * @callback on the calling thread's main context. */
void         rp_decide_task_run    (GPtrArray           *scenarios,
                                    RpCatalog           *catalog,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data);
/* The decisions, one per scenario given (NULL where there is none),
 * transfer full, for rp_compare_add_decisions(); *@n_out gets their
 * number.  NULL with an error when cancelled. */
RpDecision **rp_decide_task_finish (GAsyncResult        *result,
                                    guint               *n_out,
                                    GError             **error);

G_END_DECLS

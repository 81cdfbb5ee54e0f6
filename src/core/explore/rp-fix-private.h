/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-fix-private.h: the fix search's shortcuts, and the search without
 * them that the tests hold the shortcuts to */
#pragma once

#include "rp-fix.h"
#include "rp-memory-model.h"

G_BEGIN_DECLS

/* rp_fix_search() without its shortcuts: every step of the constraint
 * tried and every variant estimated in full, as the search was before it
 * was made fast.  The tests compare the two on every scenario; a
 * shortcut that changes a fix is a bug of the shortcut. */
void     rp_fix_search_exhaustive (const RpScenario *scenario,
                                   const RpCatalog  *catalog,
                                   RpEstimate       *est);

/* Whether @scenario, a change of a plan whose resolved architecture is
 * @arch, may fit its GPU: FALSE only when the memory model, run as
 * rp_estimate_compute() runs it, says that it does not fit with the
 * required headroom, so that its estimate fails the memory constraint
 * and cannot fix anything.  @scratch is overwritten. */
gboolean rp_fix_may_fit           (const RpScenario  *scenario,
                                   const RpCatalog   *catalog,
                                   const RpModelArch *arch,
                                   RpMemoryEstimate  *scratch);

/* rp_estimate_compute() of @scenario, a change of the plan estimated in
 * @base that keeps its machine and model (its GPU, offer, region, owned
 * GPUs and model are @base's), as far as the fix search reads it: the
 * memory, time and cost models and the constraints, not the checklist.
 * What @base settled (the GPU, the architecture, the catalog checks) is
 * taken from it, and the memory model runs on @prepared, the plan's
 * machine prepared once (rp_memory_prepared_new() of the plan, @base's
 * architecture and GPU).  FALSE where rp_estimate_compute() fails, and
 * where the memory model says the change does not fit (rp_fix_may_fit()),
 * which is known before the time and cost models run.  @out is
 * overwritten. */
gboolean rp_fix_estimate_change   (const RpScenario       *scenario,
                                   const RpCatalog        *catalog,
                                   const RpEstimate       *base,
                                   const RpMemoryPrepared *prepared,
                                   RpEstimate             *out);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-fix-private.h: the fix search's shortcuts, and the search without
 * them that the tests hold the shortcuts to */
#pragma once

#include "rp-fix.h"

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

G_END_DECLS

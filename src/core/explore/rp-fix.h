/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-fix.h: the change an experienced engineer would make to a plan that
 * does not hold
 *
 * For the worst unmet constraint, the search tries the changes in the
 * order an engineer would, the cheapest for the user first (for memory:
 * a smaller micro batch, recomputation, a chunked or cut cross-entropy
 * loss, an 8-bit optimizer, pure BF16
 * where the model allows, ZeRO sharding over several GPUs, LoRA then
 * QLoRA for fine-tuning, CPU offload, more GPUs, a larger GPU), then
 * pairs of them when no single change suffices.  A change is proposed
 * only when the estimate after it meets the constraint and warns about
 * nothing new; among those of the same step it takes the fastest, then
 * the one with most headroom, then the cheapest.  The fix carries the
 * scenario edits and the figures of the scenario they give, so that
 * applying it (rp_fix_apply) gives exactly what it promised. */
#pragma once

#include "rp-estimate.h"

G_BEGIN_DECLS

/* Fills est->fix for @scenario as estimated in @est (its constraints
 * judged).  RP_FIX_NONE when every constraint holds or the worst one has
 * no change to make (the budget: the words say what to do). */
void        rp_fix_search (const RpScenario *scenario,
                           const RpCatalog  *catalog,
                           RpEstimate       *est);

/* rp_estimate_compute() and then rp_fix_search(): the estimate a front
 * end shows, with its fix.  Fails as rp_estimate_compute() does. */
gboolean    rp_fix_estimate (const RpScenario *scenario,
                             const RpCatalog  *catalog,
                             RpEstimate       *out,
                             GError          **error);

/* @scenario with @fix's changes made by core's edit (rp-edit.h): the
 * function behind the window's "Apply fix", `rigplan-cli fix` and the
 * tests.  Transfer full; NULL with @error when an edit is refused. */
RpScenario *rp_fix_apply  (const RpScenario *scenario,
                           const RpCatalog  *catalog,
                           const RpFix      *fix,
                           GError          **error);

G_END_DECLS

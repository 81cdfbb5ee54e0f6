/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-explore-private.h: moving a scenario without copying it, for the
 * searches of the explore room that look at many machines */
#pragma once

#include "rp-explore.h"

G_BEGIN_DECLS

/* @scenario on @gpus_per_node × @nodes GPUs of @gpu as rp_explore_move()
 * puts it, into @out, a flat copy (transfer none: its strings stay
 * @scenario's, its GPU id is @gpu's): every number and choice that
 * rp_explore_move() sets; only the typed prices, which it drops, are
 * left as they were.  @arch is the scenario's resolved architecture
 * (what rp_explore_move() resolves; NULL when there is none).  FALSE
 * where rp_explore_move() gives NULL.  To look at a machine (its memory,
 * say) before paying for the copy. */
gboolean rp_explore_place (RpScenario        *out,
                           const RpScenario  *scenario,
                           const RpModelArch *arch,
                           const RpGpu       *gpu,
                           guint              gpus_per_node,
                           guint              nodes);

G_END_DECLS

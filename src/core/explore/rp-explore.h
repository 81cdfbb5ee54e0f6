/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-explore.h: "what if" — one room for putting a scenario on another
 * machine and for the sweeps the charts draw
 *
 * Moving a scenario to another GPU type or count is done here and only
 * here: the fix search, the planner, the charts and the window all call
 * rp_explore_move(), so they agree on the link, the network, the prices
 * and the parallel split a machine gets. */
#pragma once

#include "rp-estimate.h"

G_BEGIN_DECLS

/* The link between the GPUs of one node of @gpu: its NVLink or Infinity
 * Fabric where that joins every GPU of the node (NVSwitch and OAM
 * baseboards: link_scope "node"), NVLink only between bridged pairs of
 * PCIe cards ("pair": PCIe for more than two), else the card's PCIe
 * generation ("none", or no link the catalog names). */
RpLink      rp_explore_gpu_link            (const RpGpu      *gpu,
                                            guint             gpus_per_node);

/* How @count GPUs of a machine are laid out: the scenario's own layout
 * for its own count, else servers of up to eight (HGX/DGX baseboards,
 * 8-slot chassis).  FALSE when @count does not fill whole servers. */
gboolean    rp_explore_layout              (const RpScenario *scenario,
                                            guint             count,
                                            guint            *gpus_per_node,
                                            guint            *nodes);

/* @scenario on @gpus_per_node × @nodes GPUs of @gpu (transfer full), or
 * NULL when its global batch cannot feed that many data-parallel GPUs.
 *
 * What follows the machine: a new GPU gets its own link and catalog
 * prices (the user's typed prices belong to the GPU they were typed for,
 * so they become null); a new node size drops a typed server price;
 * several nodes get the scenario's network, or the one such clusters are
 * built with (rp_network_for_cluster); the tensor and pipeline split is
 * kept when it still divides the GPUs and fits a node, else reset; the
 * micro batch shrinks when the data-parallel GPUs need it.  The site
 * (power price, PUE) and everything else stay. */
RpScenario *rp_explore_move                (const RpScenario *scenario,
                                            const RpCatalog  *catalog,
                                            const RpGpu      *gpu,
                                            guint             gpus_per_node,
                                            guint             nodes);

/* rp_explore_move() estimated (no fix search); NULL where the move or
 * the estimate is impossible.  Transfer full. */
RpEstimate *rp_explore_estimate_on         (const RpScenario *scenario,
                                            const RpCatalog  *catalog,
                                            const RpGpu      *gpu,
                                            guint             gpus_per_node,
                                            guint             nodes);

/* The scenario's GPU and a handful of relevant others for a side-by-side
 * look: the next larger sizes of its segment, one smaller one when the
 * run fits, then larger sizes of any segment; one GPU per memory size,
 * each computing in the scenario's precision.  Sorted by memory, at most
 * @max_n; transfer container (the GPUs are the catalog's). */
GPtrArray  *rp_explore_pick_gpus           (const RpScenario *scenario,
                                            const RpCatalog  *catalog,
                                            const RpGpu      *own,
                                            gboolean          own_fits,
                                            guint             max_n);

/* Days the run takes on each of the @n GPU counts of @gpu
 * (rp_explore_layout, rp_explore_move); NAN where the count cannot be
 * laid out, the batch cannot feed it or the run does not fit. */
void        rp_explore_days_by_count       (const RpScenario *scenario,
                                            const RpCatalog  *catalog,
                                            const RpGpu      *gpu,
                                            const guint      *counts,
                                            guint             n,
                                            double           *out_days);

/* The payback month of buying at each of the @n utilizations (percent)
 * for the scenario as estimated in @est (its prices and machine); -1
 * where buying does not pay back within the period or a price is
 * missing.  FALSE when the cost cannot be computed at all. */
gboolean    rp_explore_break_even_by_utilization (const RpScenario *scenario,
                                                  const RpCatalog  *catalog,
                                                  const RpEstimate *est,
                                                  const double     *utilization_pcts,
                                                  guint             n,
                                                  double           *out_months);

G_END_DECLS

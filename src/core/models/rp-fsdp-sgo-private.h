/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-fsdp-sgo-private.h: FSDP's SHARD_GRAD_OP (ZeRO-2 under FSDP)
 *
 * training.framework "pytorch-fsdp" with zero_stage 1 or 2 is FSDP's
 * SHARD_GRAD_OP, FSDP2's fully_shard(reshard_after_forward=False): the
 * weights, gradients and optimizer states are sharded as under
 * FULL_SHARD, but the unsharded 16-bit weights gathered for the forward
 * stay until each layer's backward.  rp-fsdp-sgo.c says when that
 * applies and what its communication costs; rp-stack.c, the memory and
 * the time model ask it.  Private to src/core/models. */
#pragma once

#include "rp-types.h"

G_BEGIN_DECLS

/* Whether @framework with @zero_stage runs SHARD_GRAD_OP. */
gboolean rp_fsdp_sgo_applies   (RpFramework framework,
                                guint       zero_stage);

/* The data-parallel communication of @micro_batches micro-batches, each
 * gathering the weights once (@all_gather_s) and reduce-scattering the
 * gradients once (@reduce_scatter_s), prefetched behind that
 * micro-batch's share of @compute_s as FULL_SHARD's collectives are. */
void     rp_fsdp_sgo_comm      (double      all_gather_s,
                                double      reduce_scatter_s,
                                guint       micro_batches,
                                double      compute_s,
                                double     *total_s,
                                double     *exposed_s);

G_END_DECLS

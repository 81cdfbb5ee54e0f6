/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-fsdp-sgo-private.h: FSDP's SHARD_GRAD_OP (ZeRO-2 under FSDP)
 *
 * training.framework "pytorch-fsdp" with zero_stage 1 or 2 is FSDP's
 * SHARD_GRAD_OP, FSDP2's fully_shard(reshard_after_forward=False): the
 * weights, gradients and optimizer states are sharded as under
 * FULL_SHARD, but the unsharded 16-bit weights gathered for the forward
 * stay until each layer's backward.  rp-fsdp-sgo.c says when that
 * applies (its communication is FULL_SHARD's less the backward's
 * gather, rp-time-model.c); rp-stack.c, the memory and
 * the time model ask it.  Private to src/core/models. */
#pragma once

#include "rp-types.h"

G_BEGIN_DECLS

/* Whether @framework with @zero_stage runs SHARD_GRAD_OP. */
gboolean rp_fsdp_sgo_applies   (RpFramework framework,
                                guint       zero_stage);

G_END_DECLS

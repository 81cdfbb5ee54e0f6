/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-deepspeed-private.h: the ZeRO sizes DeepSpeed runs with, per stack
 *
 * DeepSpeed's own defaults hold where the config leaves a size out (a
 * config written by accelerate, or by hand); the HF Trainer's ZeRO-3
 * template sets three of them to "auto", which the Trainer fills from
 * the model's hidden size (rp-deepspeed.c).  Private to
 * src/core/models. */
#pragma once

#include "rp-stack.h"
#include "rp-zero3-private.h"

G_BEGIN_DECLS

/* Elements of one ZeRO reduce bucket (reduce_bucket_size). */
double rp_deepspeed_reduce_bucket_elems (const RpStack     *stack,
                                         const RpModelArch *arch);

/* The coordinator's limits for ZeRO-3 (stage3_max_live_parameters,
 * stage3_max_reuse_distance, stage3_prefetch_bucket_size) into @stage. */
void   rp_deepspeed_zero3_limits        (const RpStack     *stack,
                                         const RpModelArch *arch,
                                         RpZero3Stage      *stage);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-zero3-private.h: what DeepSpeed ZeRO-3 keeps gathered at the peak
 *
 * The memory model (rp-memory-model.c) describes one rank's stage in
 * numbers; rp-zero3.c says, from DeepSpeed's own parameter coordinator,
 * how many of its bytes are unsharded at the turn from the forward to
 * the backward, where a step's activations peak.  Private to
 * src/core/models. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* One rank's stage as DeepSpeed sees it.  "numel" is what DeepSpeed
 * counts (Parameter.ds_numel): a parameter's elements in the dtype it
 * is stored in, so bitsandbytes' 4-bit weights packed into bf16
 * (bnb_4bit_quant_storage) count a quarter of their parameters;
 * "bytes" is what the gathered copy takes. */
typedef struct
{
  double layer_numel;         /* one layer, after tensor parallelism */
  double layer_bytes;
  double head_numel;          /* the output layer (a tied embedding's weight) */
  double head_bytes;
  double stage_numel;         /* every parameter of the stage */
  double stage_bytes;
  double ends_numel;          /* embedding, final norm and output layer */
  double leaf_numel;          /* the largest module with parameters of its own */
  double recompute_numel;     /* frozen weights a recomputed layer fetches, held
                               * for its backward (LoRA with checkpointing), else 0 */
  double dequant_bytes;       /* a 16-bit copy of that module's weight made per
                               * matmul (QLoRA), else 0 */
  double max_reuse_numel;     /* stage3_max_reuse_distance */
  double max_live_numel;      /* stage3_max_live_parameters */
  double prefetch_numel;      /* stage3_prefetch_bucket_size */
} RpZero3Stage;

/* DeepSpeed's zero_optimization defaults (deepspeed/runtime/zero/
 * config.py), which hold when the config leaves them out, as the one
 * accelerate writes does (accelerate/utils/dataclasses.py,
 * DeepSpeedPlugin). */
void   rp_zero3_deepspeed_defaults      (RpZero3Stage       *stage);

/* Bytes DeepSpeed ZeRO-3 holds gathered at the turn from the forward to
 * the backward. */
double rp_zero3_deepspeed_gathered_bytes (const RpZero3Stage *stage);

G_END_DECLS

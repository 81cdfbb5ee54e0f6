/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-zero3.c: what DeepSpeed ZeRO-3 keeps gathered at the peak
 *
 * DeepSpeed gathers parameters module by module, not layer by layer:
 * its coordinator fetches the parameters a module owns itself (a
 * Linear, an Embedding) when the module runs, and releases them when it
 * returns (deepspeed/runtime/zero/partitioned_param_coordinator.py,
 * fetch_sub_module and release_sub_module, iter_params(module,
 * recurse=False)).  What is unsharded at a moment is then:
 *
 * - the module running;
 * - what it prefetches: on each fetch, the next parameters of the
 *   recorded trace up to min(stage3_max_live_parameters − available,
 *   stage3_prefetch_bucket_size) elements (same file, "kick off all
 *   gather for params in the next few submodules");
 * - what it does not release: a parameter whose module recurs in the
 *   trace within stage3_max_reuse_distance elements of modules
 *   traversed (__params_to_release).  The trace runs through the
 *   forward and then the backward, so at the turn the output layer
 *   (and a tied embedding's weight, the same parameter), used last in
 *   the forward and first in the backward, stays however large, and a
 *   module k layers from the end of the forward, reached again after
 *   its own layer, the 2k layers between and the output layer twice,
 *   stays while that is within the distance: the forward's tail within
 *   (distance − 2 × output layer) / 2 elements.  A stage whose forward
 *   and backward both fit in the distance stays whole.
 *
 * The elements DeepSpeed counts are those of the tensors it
 * partitions: QLoRA under ZeRO-3 stores bitsandbytes' packed 4-bit
 * weights as bf16 tensors (bnb_4bit_quant_storage; PEFT documentation,
 * "Use PEFT QLoRA and DeepSpeed with ZeRO3"), a quarter as many
 * elements as parameters, so the same distance covers four times the
 * parameters; bitsandbytes then dequantizes each gathered weight to a
 * 16-bit copy for its matmul, forward and backward (bitsandbytes/
 * autograd/_functions.py, MatMul4Bit: F.dequantize_4bit).  A LoRA base
 * is gathered in the dtype the engine cast the module to, as the full
 * model is.
 *
 * Frozen weights differ under activation checkpointing: the forward
 * that a checkpointed layer runs again in the backward attributes every
 * frozen parameter it fetches to the backward module then active
 * (fetch_sub_module: "Only frozen params need recompute attribution;
 * trainable ones release via their backward hook",
 * update_recompute_parameters; DeepSpeed PR #8148), and releases them
 * only with that module, so a LoRA or QLoRA run holds its recomputed
 * layer's whole frozen base gathered, where full fine-tuning holds one
 * module.
 */

#include "config.h"

#include "rp-zero3-private.h"

#include <math.h>

/* DeepSpeed's zero_optimization defaults (deepspeed/runtime/zero/
 * config.py: stage3_max_live_parameters 1e9, stage3_max_reuse_distance
 * 1e9, stage3_prefetch_bucket_size 5e7). */
static const double deepspeed_max_live_numel = 1e9;
static const double deepspeed_max_reuse_numel = 1e9;
static const double deepspeed_prefetch_numel = 5e7;

void
rp_zero3_deepspeed_defaults (RpZero3Stage *stage)
{
  g_return_if_fail (stage != NULL);

  stage->max_live_numel = deepspeed_max_live_numel;
  stage->max_reuse_numel = deepspeed_max_reuse_numel;
  stage->prefetch_numel = deepspeed_prefetch_numel;
}

double
rp_zero3_deepspeed_gathered_bytes (const RpZero3Stage *s)
{
  double per_numel, layers, tail, working, prefetch;

  g_return_val_if_fail (s != NULL, 0.0);

  if (s->layer_numel <= 0 || s->layer_bytes <= 0)
    return 0.0;
  per_numel = s->layer_bytes / s->layer_numel;
  /* forward and backward within the distance: nothing is released */
  if (2 * s->stage_numel <= s->max_reuse_numel)
    return s->stage_bytes + s->dequant_bytes;
  layers = MAX (s->stage_numel - s->ends_numel, 0.0);
  /* the forward's tail that recurs within the distance (__params_to_release) */
  tail = CLAMP (s->max_reuse_numel / 2 - s->head_numel, 0.0, layers);
  /* the first backward module beyond the tail is fetched on its own;
   * a recomputed layer's frozen weights stay together */
  working = MAX (tail, MIN (MAX (s->leaf_numel, s->recompute_numel), layers));
  /* then the prefetch, within the live limit (fetch_sub_module) */
  prefetch = CLAMP (s->max_live_numel - s->head_numel - working, 0.0, s->prefetch_numel);
  prefetch = MIN (prefetch, layers - MIN (working, layers));
  return s->head_bytes + (working + prefetch) * per_numel + s->dequant_bytes;
}

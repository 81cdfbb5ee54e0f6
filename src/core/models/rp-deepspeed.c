/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-deepspeed.c: the ZeRO sizes DeepSpeed runs with, per stack
 *
 * The HF Trainer runs ZeRO through DeepSpeed: TrainingArguments(
 * deepspeed=...) hands its config to deepspeed.initialize
 * (transformers/integrations/deepspeed.py, deepspeed_init).  Its ZeRO-3
 * template, which the documentation recommends for the sizes that
 * depend on the model, writes "auto" for reduce_bucket_size,
 * stage3_prefetch_bucket_size and stage3_param_persistence_threshold
 * and 1e9 for stage3_max_live_parameters and stage3_max_reuse_distance
 * (transformers docs/source/en/deepspeed.md, "ZeRO configuration",
 * ZeRO-3); the Trainer fills the "auto" ones from the model's
 * config.hidden_size h (the largest of hidden_sizes): h², 0.9·h² and
 * 10·h (HfTrainerDeepSpeedConfig.trainer_config_finalize).  Its ZeRO-1
 * and ZeRO-2 templates write no "auto" size (reduce_bucket_size 5e8),
 * so DeepSpeed's defaults hold there, as they do for the config
 * accelerate builds from its own plugin, which writes no size at all
 * (accelerate/utils/dataclasses.py, DeepSpeedPlugin.__post_init__).
 *
 * The persistence threshold keeps parameters smaller than it whole on
 * every rank (deepspeed/runtime/zero/parameter_offload.py,
 * DeepSpeedZeRoOffload.mark_persistent_parameters): norms and biases,
 * and under LoRA the attention adapters of small ranks; 10·h (81,920
 * elements for h = 8,192) and DeepSpeed's default 1e5 keep about the
 * same few tens of MB whole, which Rigplan leaves out.
 */

#include "config.h"

#include "rp-deepspeed-private.h"

/* transformers/integrations/deepspeed.py, trainer_config_finalize:
 * fill_only("zero_optimization.stage3_prefetch_bucket_size",
 * 0.9 * hidden_size * hidden_size) */
static const double hf_auto_prefetch_per_hidden2 = 0.9;

/* The hidden size the Trainer reads, or 0 where the model has none
 * (the Trainer then refuses "auto" and the user writes a number:
 * DeepSpeed's defaults are counted). */
static double
hf_hidden (const RpStack     *stack,
           const RpModelArch *arch)
{
  if (!stack->hf_auto_sizes || arch == NULL || arch->hidden == 0)
    return 0.0;
  return arch->hidden;
}

double
rp_deepspeed_reduce_bucket_elems (const RpStack     *stack,
                                  const RpModelArch *arch)
{
  double h;

  g_return_val_if_fail (stack != NULL, 0.0);

  h = hf_hidden (stack, arch);
  /* trainer_config_finalize: reduce_bucket_size = hidden_size² */
  return h > 0 ? h * h : stack->reduce_bucket_elems;
}

void
rp_deepspeed_zero3_limits (const RpStack     *stack,
                           const RpModelArch *arch,
                           RpZero3Stage      *z)
{
  double h;

  g_return_if_fail (stack != NULL && z != NULL);

  rp_zero3_deepspeed_defaults (z);
  z->max_reuse_numel = stack->zero3_reuse_params;
  h = hf_hidden (stack, arch);
  if (h > 0)
    z->prefetch_numel = hf_auto_prefetch_per_hidden2 * h * h;
}

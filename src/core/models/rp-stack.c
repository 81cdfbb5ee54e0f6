/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-stack.c: what the chosen training stack does by default
 *
 * Each default is the stack's own, read in its code or documentation
 * (snapshots of August 2026 unless a date is given):
 *
 * Gradient type, for the 16-bit "mixed" recipes (weights in 16 bits, an
 * fp32 copy for the optimizer):
 *   DeepSpeed   16-bit: the gradient accumulation dtype defaults to the
 *               model's (deepspeed/runtime/engine.py, get_data_types:
 *               grad_accum_dtype = model_dtype when unset).
 *   Megatron    fp32 with bf16: "bfloat16 requires gradient accumulation
 *               and all-reduce to be done in fp32" (megatron/training/
 *               arguments.py; --main-grads-dtype defaults to fp32), and
 *               its own estimate counts 18 bytes per parameter
 *               (megatron/training/theoretical_memory_usage.py); fp16
 *               keeps 16-bit gradients unless
 *               --accumulate-allreduce-grads-in-fp32.
 *   FSDP2       the fp32 shards are the optimizer's parameters;
 *               MixedPrecisionPolicy(param_dtype=bf16) gathers them in
 *               bf16 and reduce-scatters gradients in reduce_dtype, fp32
 *               in torchtitan (torchtitan/config/configs.py:
 *               mixed_precision_param "bfloat16", mixed_precision_reduce
 *               "float32"); the gradient shards are fp32.  With ZeRO 1
 *               or 2 pytorch-fsdp is SHARD_GRAD_OP, sharded the same
 *               way (rp-fsdp-sgo.c); ZeRO 0 is NO_SHARD, DDP + autocast.
 *   HF Trainer  bf16=True is torch.autocast over fp32 weights (the AMP
 *               recipe); with a DeepSpeed config, DeepSpeed's rules.
 *   torchtune   trains in pure bf16: "Currently, we don't support
 *               mixed-precision training in torchtune" (docs/source/
 *               tutorials/memory_optimizations.rst).
 *   custom      the ZeRO paper's 2 + 2 + 12 bytes (Rajbhandari et al. 2020).
 *   pytorch     a plain loop runs torch.autocast over fp32 weights (nanoGPT
 *               train.py: torch.amp.autocast(device_type, dtype=ptdtype)
 *               around an fp32 model); with ZeRO-3 it is FSDP2, as above.
 *
 * Loss:
 *   HF          ForCausalLMLoss upcasts the logits, logits.float()
 *               (transformers/src/transformers/loss/loss_utils.py).
 *   torchtitan  cross_entropy(pred.float(), ...) (torchtitan/components/
 *               loss.py, cross_entropy_loss).
 *   DeepSpeed   runs the model's own loss: HF models' full fp32 logits.
 *   Megatron    vocab_parallel_cross_entropy on logits.float(): the fp32
 *               softmax is computed in place and saved, its gradient
 *               written over it (megatron/core/tensor_parallel/
 *               cross_entropy.py).
 *   torchtune   LinearCrossEntropyLoss, num_output_chunks = 8: each chunk
 *               projected and upcast on its own (recipes/configs/
 *               llama3_1/8B_full.yaml; torchtune/modules/loss/
 *               cross_entropy_loss.py); compiled only with compile: True,
 *               which the recipes leave off.
 *
 * FSDP with pipeline parallelism: torchtitan's "default" reshard policy
 *   does not reshard after forward when pipelining, "to avoid
 *   per-microbatch all-gathers" (torchtitan/distributed/fsdp.py,
 *   get_fsdp_reshard_after_forward_policy): the stage's weights stay
 *   gathered for the whole step.  The pipeline stage runs every backward
 *   but the last with set_requires_gradient_sync(False) and
 *   set_reshard_after_backward(False) (torch/distributed/pipelining/
 *   stage.py, backward_maybe_with_nosync), so FSDP2 accumulates the
 *   stage's unsharded gradients, upcast to the reduce dtype
 *   (torch/distributed/fsdp/_fully_shard/_fsdp_param.py,
 *   to_accumulated_grad_if_needed), until the last micro-batch, and
 *   reduce-scatters them once per step.
 *
 * Plain PyTorch: the loop nanoGPT (train.py) and PyTorch's DDP tutorial
 *   write: DistributedDataParallel with its default bucket copies,
 *   F.cross_entropy on the logits (model.py), optimizer.zero_grad(
 *   set_to_none=True) after each step, the caching allocator untouched,
 *   and the model's own eager kernels unless torch.compile is on
 *   (nanoGPT's compile = True is a setting: training.compile).  The
 *   "custom" stack stays what Rigplan always counted: fused kernels
 *   (norms, rotary, SwiGLU, the loss), gradients kept between steps, as
 *   in hand-fused code such as llm.c.
 *
 * Gradient lifetime: PyTorch's optimizers free the gradients between
 *   steps, zero_grad(set_to_none=True) being the default since PyTorch
 *   2.0 (torch.optim.Optimizer.zero_grad documentation); torchtune's
 *   recipes call zero_grad(set_to_none=True), torchtitan and the HF
 *   Trainer (model.zero_grad()) take the default, and FSDP2 assigns the
 *   reduced gradient shard to .grad in each layer's post-backward.  So
 *   the gradients of a step are made during its backward, layer by
 *   layer, as that layer's activations are freed.  Megatron keeps one
 *   contiguous main_grad buffer for the whole run (megatron/core/
 *   distributed/param_and_grad_buffer.py) and DeepSpeed its flat
 *   gradient partitions (stage_1_and_2.py, stage3.py): there the
 *   gradients are alive during the forward too.
 *
 * Elementwise kernels: Megatron-LM runs Transformer Engine's fused
 *   RMSNorm/LayerNorm, fused rotary embedding (apply_rope_fusion) and
 *   fused bias-SwiGLU (megatron/core/fusions/); Rigplan's custom recipe
 *   has always counted those.  The PyTorch-native stacks run the
 *   model's eager code unless compiled: torchtitan's llama3 models
 *   (norm_type "rmsnorm", rotary by complex multiplication, F.silu(w1)
 *   * w3; compile off in train_configs/llama3_8b.toml of Dec. 2024),
 *   torchtune's RMSNorm and RotaryPositionalEmbeddings (compile: False
 *   in its recipes), and the HF models (LlamaRMSNorm, rotate_half,
 *   ACT2FN) under the Trainer and DeepSpeed.
 *
 * Frozen base dtype (LoRA's base, a DPO reference copy): what the user's
 *   script loads, so a field (training.base_dtype); by default 16-bit
 *   whenever the run computes in 16 bits, as the stacks' recipes load
 *   today's bf16 checkpoints:
 *   HF Trainer  transformers v5 from_pretrained defaults to dtype "auto",
 *               the checkpoint's (huggingface/transformers#42805);
 *               LLaMA-Factory passes torch_dtype "auto" (src/llamafactory/
 *               model/loader.py) and upcasts only the trainable
 *               parameters to fp32 (model/adapter.py,
 *               cast_trainable_params_to_fp32), as PEFT's
 *               autocast_adapter_dtype does.  TRL's command line alone
 *               defaults to float32 (trl/trainer/model_config.py, dtype).
 *   FSDP        accelerate's FSDP2 upcasts only the parameters that
 *               require grad (accelerate/utils/fsdp_utils.py,
 *               fsdp2_prepare_model); torchtitan's LoRA keeps its fp32
 *               model (torchtitan/components/lora.py): set fp32 there.
 *   DeepSpeed,  the engine casts the whole module to bf16/fp16
 *   Megatron    (the mixed recipes' 16-bit weights), torchtune trains in
 *   torchtune   bf16: the base is 16-bit already.
 *
 * Allocator: torchtitan's launcher sets PYTORCH_ALLOC_CONF=
 *   "expandable_segments:True" (run_train.sh); the others leave
 *   PyTorch's default caching allocator.
 *
 * Communication buffers:
 *   PyTorch DDP copies gradients into its buckets unless
 *   gradient_as_bucket_view=True (DistributedDataParallel documentation);
 *   accelerate and the HF Trainer keep that default.  Megatron's buckets
 *   are views into one contiguous gradient buffer (megatron/core/
 *   distributed/param_and_grad_buffer.py, _ParamAndGradBucket).
 *   DeepSpeed: reduce_bucket_size 5e8 elements (deepspeed/runtime/zero/
 *   config.py), allocated per dtype for ZeRO-3 (stage3.py, IPG buffers);
 *   ZeRO-3 does not release a gathered parameter that is used again
 *   within stage3_max_reuse_distance = 1e9 elements
 *   (partitioned_param_coordinator.py, __params_to_release); what stays
 *   gathered at the turn from forward to backward is rp-zero3.c's.
 */

#include "config.h"

#include "rp-stack.h"
#include "rp-fsdp-sgo-private.h"

#include <math.h>
#include <string.h>

/* ---- constants ------------------------------------------------------ */

/* DeepSpeed zero_optimization defaults (deepspeed/runtime/zero/config.py). */
static const double deepspeed_reduce_bucket_elems = 5e8;
static const double deepspeed_max_reuse_distance = 1e9;

/* Zero Bubble (Qi et al. 2024, arXiv:2401.10241, §2): ZB-H1's bubble is
 * (p − 1)(T_F + T_B − T_W) against 1F1B's (p − 1)(T_F + T_B + T_W); with
 * the paper's T_F ≈ T_B ≈ T_W it is a third of 1F1B's, at 1F1B's peak
 * activation memory. */
static const double zero_bubble_h1_fraction = 1.0 / 3.0;

/* ---- helpers -------------------------------------------------------- */

static gboolean
is_mixed (RpPrecision p)
{
  return p == RP_PRECISION_BF16_MIXED || p == RP_PRECISION_FP16_MIXED ||
         p == RP_PRECISION_FP8_MIXED;
}

/* Stacks whose ZeRO-3 is PyTorch's own FSDP2 (fully_shard). */
static gboolean
is_fsdp2 (RpFramework f)
{
  return f == RP_FRAMEWORK_PYTORCH_FSDP || f == RP_FRAMEWORK_PYTORCH;
}

static RpPrecision
autocast_of (RpPrecision p)
{
  return p == RP_PRECISION_FP16_MIXED ? RP_PRECISION_AMP_FP16 : RP_PRECISION_AMP_BF16;
}

/* The recipe a stack runs when asked for @p. */
static RpPrecision
stack_precision (RpFramework       f,
                 const RpTraining *t)
{
  RpPrecision p = t->precision;

  /* DeepSpeed's ZeRO optimizers keep fp32 master weights, gradients for
   * the step and optimizer states unless bf16_master_weights_and_
   * gradients and bf16_optimizer_states are set (deepspeed/runtime/
   * base_optimizer.py, _configure_master_weights; ZeRO-0's bf16 runs
   * BF16_Optimizer over fp32 partitions, runtime/bf16_optimizer.py):
   * bf16 under DeepSpeed, and under the HF Trainer with ZeRO, is the
   * mixed recipe */
  if (p == RP_PRECISION_BF16_PURE &&
      (f == RP_FRAMEWORK_DEEPSPEED || (f == RP_FRAMEWORK_HF_TRAINER && t->zero_stage > 0)))
    return RP_PRECISION_BF16_MIXED;
  if (!is_mixed (p) || p == RP_PRECISION_FP8_MIXED)
    return p;
  if (f == RP_FRAMEWORK_HF_TRAINER && t->zero_stage == 0)
    return autocast_of (p);
  if ((f == RP_FRAMEWORK_PYTORCH_FSDP || f == RP_FRAMEWORK_PYTORCH) && t->zero_stage < 3 &&
      !rp_fsdp_sgo_applies (f, t->zero_stage))
    return autocast_of (p);   /* without sharding FSDP2 is DDP + autocast */
  if (f == RP_FRAMEWORK_TORCHTUNE)
    return RP_PRECISION_BF16_PURE;
  return p;
}

static double
default_grad_bytes (RpFramework f,
                    RpPrecision recipe,
                    guint       zero_stage)
{
  if (!is_mixed (recipe))
    return rp_precision_weight_bytes (recipe);
  switch (f)
    {
    case RP_FRAMEWORK_MEGATRON:
      return recipe == RP_PRECISION_FP16_MIXED ? 2 : 4;
    case RP_FRAMEWORK_PYTORCH_FSDP:
    case RP_FRAMEWORK_PYTORCH:
      return zero_stage == 3 || rp_fsdp_sgo_applies (f, zero_stage) ? 4 : 2;
    case RP_FRAMEWORK_CUSTOM:
    case RP_FRAMEWORK_DEEPSPEED:
    case RP_FRAMEWORK_HF_TRAINER:
    case RP_FRAMEWORK_TORCHTUNE:
    case RP_N_FRAMEWORKS:
    default:
      return 2;
    }
}

static RpLoss
default_loss (RpFramework f,
              RpPrecision recipe)
{
  switch (f)
    {
    case RP_FRAMEWORK_MEGATRON:
      return RP_LOSS_FUSED;
    case RP_FRAMEWORK_TORCHTUNE:
      return RP_LOSS_CHUNKED;
    case RP_FRAMEWORK_PYTORCH:
    case RP_FRAMEWORK_PYTORCH_FSDP:
    case RP_FRAMEWORK_DEEPSPEED:
    case RP_FRAMEWORK_HF_TRAINER:
      return RP_LOSS_FULL;
    case RP_FRAMEWORK_CUSTOM:
    case RP_N_FRAMEWORKS:
    default:
      /* Rigplan's recipes before stacks were named: the mixed recipes
       * were Megatron's fused kernels */
      return is_mixed (recipe) ? RP_LOSS_FUSED : RP_LOSS_FULL;
    }
}

static RpBuckets
default_buckets (RpFramework f,
                 RpPrecision recipe,
                 guint       zero_stage)
{
  if (f == RP_FRAMEWORK_MEGATRON)
    return RP_BUCKETS_NONE;
  if (f == RP_FRAMEWORK_DEEPSPEED)
    return RP_BUCKETS_REDUCE;
  if (rp_fsdp_sgo_applies (f, zero_stage))
    return RP_BUCKETS_NONE;   /* the layer's unsharded gradient is the buffer */
  if (zero_stage == 1 || zero_stage == 2 || (f == RP_FRAMEWORK_HF_TRAINER && zero_stage >= 3))
    return RP_BUCKETS_REDUCE;
  if (zero_stage == 0)
    /* custom mixed recipes used a contiguous buffer, as before */
    return f == RP_FRAMEWORK_CUSTOM && is_mixed (recipe) ? RP_BUCKETS_NONE
                                                          : RP_BUCKETS_DDP_COPY;
  return RP_BUCKETS_NONE;
}

/* ---- public API ----------------------------------------------------- */

void
rp_stack_resolve (const RpScenario *scenario,
                  RpStack          *out)
{
  g_return_if_fail (scenario != NULL && out != NULL);

  rp_stack_resolve_training (&scenario->training, out);
}

/* The training fields a stack is resolved from (stack_key). */
typedef struct
{
  RpFramework framework;
  RpPrecision precision;
  guint       zero_stage;
  gboolean    pipelined;
  RpGradDtype grad_dtype;
  RpLoss      loss;
  RpAllocator allocator;
  gboolean    compile;
  RpBaseDtype base_dtype;
  guint64     comm_buffer_bits;  /* the double's bits: NAN equals NAN */
} StackKey;

static void
stack_key (const RpTraining *t,
           StackKey         *key)
{
  memset (key, 0, sizeof *key);
  key->framework = t->framework;
  key->precision = t->precision;
  key->zero_stage = t->zero_stage;
  key->pipelined = t->pipeline_parallel > 1;
  key->grad_dtype = t->grad_dtype;
  key->loss = t->loss;
  key->allocator = t->allocator;
  key->compile = t->compile;
  key->base_dtype = t->base_dtype;
  memcpy (&key->comm_buffer_bits, &t->comm_buffer_bytes, sizeof key->comm_buffer_bits);
}

static void
resolve (const RpTraining *t,
         RpStack          *out)
{
  RpFramework f;

  f = (guint) t->framework < RP_N_FRAMEWORKS ? t->framework : RP_FRAMEWORK_CUSTOM;
  memset (out, 0, sizeof *out);
  out->framework = f;
  out->precision = stack_precision (f, t);
  out->precision_mapped = out->precision != t->precision;
  out->shard_grad_op = rp_fsdp_sgo_applies (f, t->zero_stage);
  out->fp32_shards = is_fsdp2 (f) && (t->zero_stage == 3 || out->shard_grad_op) &&
                     is_mixed (out->precision);
  out->grad_bytes = default_grad_bytes (f, out->precision, t->zero_stage);
  if (t->grad_dtype == RP_GRAD_DTYPE_FP32)
    out->grad_bytes = 4;
  else if (t->grad_dtype == RP_GRAD_DTYPE_16BIT)
    out->grad_bytes = 2;
  out->loss = t->loss != RP_LOSS_FRAMEWORK && (guint) t->loss < RP_N_LOSSES
              ? t->loss : default_loss (f, out->precision);
  out->expandable_segments = t->allocator == RP_ALLOCATOR_EXPANDABLE ||
                             (t->allocator == RP_ALLOCATOR_FRAMEWORK &&
                              f == RP_FRAMEWORK_PYTORCH_FSDP);
  out->buckets = default_buckets (f, out->precision, t->zero_stage);
  out->reduce_bucket_elems = deepspeed_reduce_bucket_elems;
  /* the HF Trainer with ZeRO is DeepSpeed underneath (transformers/
   * integrations/deepspeed.py, deepspeed_init): its ZeRO-3 template
   * keeps the reuse distance at 1e9 and sizes its buckets "auto" */
  out->zero3_reuse_params = f == RP_FRAMEWORK_DEEPSPEED ||
                            (f == RP_FRAMEWORK_HF_TRAINER && t->zero_stage >= 3)
                            ? deepspeed_max_reuse_distance : 0;
  out->hf_auto_sizes = f == RP_FRAMEWORK_HF_TRAINER && t->zero_stage >= 3;
  out->comm_buffer_bytes = t->comm_buffer_bytes;
  out->zero3_keeps_stage = is_fsdp2 (f) && t->zero_stage == 3 && t->pipeline_parallel > 1;
  /* the HF Trainer with ZeRO is DeepSpeed underneath */
  out->grads_freed = f == RP_FRAMEWORK_PYTORCH_FSDP || f == RP_FRAMEWORK_TORCHTUNE ||
                     f == RP_FRAMEWORK_PYTORCH ||
                     (f == RP_FRAMEWORK_HF_TRAINER && t->zero_stage == 0);
  out->fused_elementwise = f == RP_FRAMEWORK_MEGATRON || f == RP_FRAMEWORK_CUSTOM || t->compile;
  /* compile: True compiles the loss too: torchtune's recipes
   * (training.compile_loss), torchtitan since 2025 (torchtitan/
   * components/loss.py, build_cross_entropy_loss; its train.py of
   * Dec. 2024 left it commented out).  An explicitly chosen full loss is
   * counted as the eager one. */
  out->loss_compiled = t->compile && t->loss != RP_LOSS_FULL &&
                       (out->loss == RP_LOSS_FULL || out->loss == RP_LOSS_CHUNKED) &&
                       (f == RP_FRAMEWORK_TORCHTUNE || f == RP_FRAMEWORK_PYTORCH_FSDP);
  /* torch's context_parallel (torchtitan, and any PyTorch-native loop)
   * rotates by all-gather (torch/distributed/tensor/experimental/
   * _attention.py, _ContextParallelOptions.rotate_method = ALL_GATHER),
   * and its async TP decomposes collectives through symmetric memory;
   * Megatron's Transformer Engine passes a ring (cp_comm_type "p2p") and
   * overlaps through userbuffers */
  out->torch_native = f == RP_FRAMEWORK_PYTORCH || f == RP_FRAMEWORK_PYTORCH_FSDP ||
                      f == RP_FRAMEWORK_TORCHTUNE || f == RP_FRAMEWORK_HF_TRAINER;
  if (t->base_dtype == RP_BASE_DTYPE_FP32)
    out->base_bytes = 4;
  else if (t->base_dtype == RP_BASE_DTYPE_16BIT)
    out->base_bytes = 2;
  else
    out->base_bytes = out->precision == RP_PRECISION_FP32 ? 4 : 2;
}

/* One estimate asks the memory model, the time model and the checklist
 * for the same stack several times, and the planner for a handful over
 * thousands of settings: the last ones resolved are kept, per thread.
 * Four, since a fix search weighs each loss and ZeRO stage against the
 * plan's own stack in turn. */
#define N_KEPT_STACKS 4

static _Thread_local struct
{
  guint    n_valid;
  guint    next;                      /* the slot the next new stack takes */
  StackKey keys[N_KEPT_STACKS];
  RpStack  stacks[N_KEPT_STACKS];
} kept;

void
rp_stack_resolve_training (const RpTraining *t,
                           RpStack          *out)
{
  StackKey key;
  guint i;

  g_return_if_fail (t != NULL && out != NULL);

  stack_key (t, &key);
  for (i = 0; i < kept.n_valid; i++)
    if (memcmp (&key, &kept.keys[i], sizeof key) == 0)
      {
        *out = kept.stacks[i];
        return;
      }
  /* the oldest makes room */
  i = kept.next;
  kept.next = (kept.next + 1) % N_KEPT_STACKS;
  kept.n_valid = MIN (kept.n_valid + 1, N_KEPT_STACKS);
  resolve (t, &kept.stacks[i]);
  memcpy (&kept.keys[i], &key, sizeof key);   /* padding too, for memcmp */
  *out = kept.stacks[i];
}

double
rp_stack_virtual_stages (const RpTraining *training)
{
  g_return_val_if_fail (training != NULL, 1);

  if (training->pipeline_parallel <= 1 ||
      training->pipeline_schedule != RP_PIPELINE_INTERLEAVED)
    return 1;
  return MAX (training->virtual_stages, 1);
}

/* Narayanan et al. 2021 (arXiv:2104.04473) §2.2: the bubble takes
 * (p − 1)/m of the ideal time with 1F1B and GPipe, (p − 1)/(v·m) with v
 * interleaved chunks per GPU. */
double
rp_stack_bubble_over_ideal (const RpTraining *training,
                            double            micro_batches)
{
  double p, m;

  g_return_val_if_fail (training != NULL, 0);

  p = MAX (training->pipeline_parallel, 1);
  m = MAX (micro_batches, 1);
  if (p <= 1)
    return 0;
  if (training->pipeline_schedule == RP_PIPELINE_ZERO_BUBBLE)
    return zero_bubble_h1_fraction * (p - 1) / m;
  return (p - 1) / (rp_stack_virtual_stages (training) * m);
}

/* The first stage holds the most (Korthikanti et al. 2022,
 * arXiv:2205.05198, §4.2.3): 1F1B and ZB-H1 keep min(p, m) micro-batches
 * of its layers; interleaving multiplies that by 1 + (p − 1)/(p·v), but
 * never past all m micro-batches: its warm-up is capped at the m·v chunk
 * forwards there are (torch/distributed/pipelining/schedules.py,
 * ScheduleInterleaved1F1B get_rank_warmup_ops; Megatron-LM
 * forward_backward_pipelining_with_interleaving, all_warmup_microbatches),
 * so with m = p every forward runs before the first backward;
 * GPipe keeps every micro-batch (Huang et al. 2019, §2.3). */
double
rp_stack_pipeline_in_flight (const RpTraining *training,
                             double            micro_batches)
{
  double p, m, v;

  g_return_val_if_fail (training != NULL, 1);

  p = MAX (training->pipeline_parallel, 1);
  m = MAX (micro_batches, 1);
  if (p <= 1)
    return 1;
  switch (training->pipeline_schedule)
    {
    case RP_PIPELINE_GPIPE:
      return m;
    case RP_PIPELINE_INTERLEAVED:
      v = rp_stack_virtual_stages (training);
      return MIN (m, MIN (p, m) * (1 + (p - 1) / (p * v)));
    case RP_PIPELINE_1F1B:
    case RP_PIPELINE_ZERO_BUBBLE:
    case RP_N_PIPELINES:
    default:
      return MIN (p, m);
    }
}

guint
rp_stack_context_parallel (const RpTraining *training)
{
  g_return_val_if_fail (training != NULL, 1);
  return MAX (training->context_parallel, 1);
}

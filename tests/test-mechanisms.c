/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-mechanisms.c: how real training stacks hold memory and spend
 * time: sharded weight copies, offloaded gradients, the training stack's
 * defaults, recomputation policies, pipeline schedules, context and
 * expert parallelism, the loss implementation and goodput.  Each case
 * cites the code or paper the expected number comes from. */

#include "config.h"

#include "rp-catalog.h"
#include "rp-estimate.h"
#include "rp-fix.h"
#include "rp-json-private.h"
#include "rp-links.h"
#include "rp-memory-model.h"
#include "rp-model.h"
#include "rp-scenario.h"
#include "rp-stack.h"
#include "rp-test-core.h"
#include "rp-time-model.h"
#include "rp-units.h"

#include <math.h>
#include <string.h>

static RpCatalog *catalog;

/* ---- helpers -------------------------------------------------------- */

static const RpGpu *
gpu (const char *id)
{
  const RpGpu *g = rp_catalog_lookup_gpu (catalog, id);

  g_assert_nonnull (g);
  return g;
}

/* A preset on @gpus H100s, 8 per node, bf16-mixed AdamW, ZeRO @stage. */
static RpScenario *
preset_scenario (const char *preset,
                 guint       gpus,
                 guint       stage)
{
  RpScenario *s = rp_scenario_new ();

  rp_scenario_set_preset (s, preset);
  rp_scenario_set_gpu (s, "h100-sxm");
  s->hardware.gpus_per_node = MIN (gpus, 8);
  s->hardware.nodes = MAX (gpus / 8, 1);
  s->hardware.intra_link = RP_LINK_NVLINK4;
  s->hardware.network = gpus > 8 ? RP_NETWORK_IB_NDR : RP_NETWORK_NONE;
  s->training.precision = RP_PRECISION_BF16_MIXED;
  s->training.zero_stage = stage;
  s->training.seq_len = 4096;
  s->training.micro_batch = 1;
  s->training.global_batch = MAX (gpus, 8) * 4;
  s->training.recompute = RP_RECOMPUTE_FULL;
  return s;
}

static void
memory (const RpScenario *s,
        RpMemoryEstimate *m)
{
  g_autoptr(GError) error = NULL;
  RpModelArch arch;

  g_assert_true (rp_model_resolve (&s->model, catalog, &arch, &error));
  g_assert_no_error (error);
  rp_memory_model_estimate (s, &arch, gpu (s->hardware.gpu), catalog, m);
}

/* Llama 3.2 3B (its config.json: 28 layers, h 3072, 24/8 heads, SwiGLU
 * 8192, vocabulary 128,256, tied embeddings) in pure bf16 on an A100
 * 80GB, batch 2 in one micro-batch: torchtune's optimization table. */
static RpScenario *
llama32_3b_on_a100 (void)
{
  RpScenario *s = rp_scenario_new ();

  s->model.arch = (RpModelArch) { .kind = RP_MODEL_KIND_DECODER, .layers = 28, .hidden = 3072,
                                  .heads = 24, .kv_heads = 8, .ffn = 8192,
                                  .ffn_act = RP_FFN_ACT_SWIGLU, .vocab = 128256,
                                  .tied_embeddings = TRUE, .norm = RP_NORM_RMSNORM };
  s->model.overridden = RP_ARCH_KIND | RP_ARCH_LAYERS | RP_ARCH_HIDDEN | RP_ARCH_HEADS |
                        RP_ARCH_KV_HEADS | RP_ARCH_FFN | RP_ARCH_FFN_ACT | RP_ARCH_VOCAB |
                        RP_ARCH_TIED | RP_ARCH_NORM;
  rp_scenario_set_gpu (s, "a100-80gb-sxm");
  s->training.precision = RP_PRECISION_BF16_PURE;
  s->training.micro_batch = 2;
  s->training.global_batch = 2;
  return s;
}

/* Weights used in matmuls, per layer and over all layers (the output
 * layer included), from the resolved architecture. */
static void
linear_params (const RpScenario *s,
               double           *per_layer,
               double           *all)
{
  RpModelArch arch;
  guint64 frozen = 0;

  g_assert_true (rp_model_resolve (&s->model, catalog, &arch, NULL));
  rp_model_lora_shape (&arch, RP_LORA_TARGETS_ALL_LINEAR, NULL, &frozen);
  *per_layer = (double) frozen / rp_model_total_layers (&arch);
  *all = (double) frozen + (double) arch.vocab * arch.hidden;
}

/* ---- bugs: sharding, gathering, offload ------------------------------ */

/* Transformer Engine keeps an fp8 copy and its transpose of each linear
 * weight for the backward pass, and under FSDP scatters that saved copy
 * over the data-parallel group like the weight itself
 * (NVIDIA/TransformerEngine transformer_engine/pytorch/module/linear.py,
 * _Linear forward: "Scatter intermediate/activation tensors saved for the
 * backward pass", _fsdp_scatter_tensors (fsdp_group, saved_inputmat,
 * weightmat)).  Llama 3 8B, fp8-mixed, ZeRO-3 on 8 and 128 H100: the
 * copies shrink with the shard, 2 bytes × linear weights / Nd. */
static void
test_fp8_copies_sharded (void)
{
  g_autoptr(RpScenario) s8 = preset_scenario ("llama-3-8b", 8, 3);
  g_autoptr(RpScenario) s128 = preset_scenario ("llama-3-8b", 128, 3);
  RpMemoryEstimate m8, m128;
  double layer, all;

  s8->training.precision = RP_PRECISION_FP8_MIXED;
  s128->training.precision = RP_PRECISION_FP8_MIXED;
  memory (s8, &m8);
  memory (s128, &m128);
  linear_params (s8, &layer, &all);
  g_test_message ("fp8 copies: %.2f GiB on 8, %.2f GiB on 128",
                  m8.weight_copies_bytes / RP_GIB, m128.weight_copies_bytes / RP_GIB);
  g_assert_cmpfloat_with_epsilon (m8.weight_copies_bytes, 2.0 * all / 8, 1e-6 * all);
  g_assert_cmpfloat_with_epsilon (m128.weight_copies_bytes, 2.0 * all / 128, 1e-6 * all);
  g_assert_cmpfloat_with_epsilon (m8.weights_bytes / m128.weights_bytes, 16.0, 1e-9);
}

/* ZeRO-3 gathers each layer in the dtype it is stored in: QLoRA's
 * frozen linear weights as packed NF4 (Dettmers et al. 2023,
 * arXiv:2305.14314 §3: 4.127 bits with double quantization; FSDP with
 * bnb_4bit_quant_storage, Answer.AI "FSDP+QLoRA" 2024), and a frozen
 * weight gets no gradient, so only the adapters' full gradient waits for
 * its reduce-scatter.  Llama 3.1 405B on 128 H100. */
static void
test_zero3_gather_lora (void)
{
  g_autoptr(RpScenario) s = preset_scenario ("llama-3.1-405b", 128, 3);
  RpMemoryEstimate full, lora, qlora;
  double layer, all, per_layer_params, adapters, nf4 = 4.127 / 8;
  guint64 io = 0;
  RpModelArch arch;

  memory (s, &full);
  s->training.method = RP_METHOD_LORA;
  s->training.lora_rank = 16;
  memory (s, &lora);
  s->training.method = RP_METHOD_QLORA;
  memory (s, &qlora);
  g_test_message ("gathered: full %.2f GiB, LoRA %.2f GiB, QLoRA %.2f GiB",
                  full.gathered_bytes / RP_GIB, lora.gathered_bytes / RP_GIB,
                  qlora.gathered_bytes / RP_GIB);
  g_assert_true (rp_model_resolve (&s->model, catalog, &arch, NULL));
  linear_params (s, &layer, &all);
  rp_model_lora_shape (&arch, RP_LORA_TARGETS_ALL_LINEAR, &io, NULL);
  adapters = 16.0 * io;
  /* a full layer: two layers of bf16 weights in flight and one gradient */
  per_layer_params = full.gathered_bytes / (2 * 2 + 2);
  /* LoRA: the same two layers, and only the adapters' gradient */
  g_assert_cmpfloat_with_epsilon (lora.gathered_bytes,
                                  2 * 2 * (per_layer_params + adapters) + 2 * adapters,
                                  1e-6 * lora.gathered_bytes);
  /* QLoRA: the linear weights in NF4, norms and adapters in bf16 */
  g_assert_cmpfloat_with_epsilon (qlora.gathered_bytes,
                                  2 * (layer * nf4 + (per_layer_params - layer) * 2 +
                                       adapters * 2) + 2 * adapters,
                                  1e-3 * qlora.gathered_bytes);
  g_assert_cmpfloat (qlora.gathered_bytes, <, 0.3 * full.gathered_bytes);
}

/* Offloading the optimizer moves the gradients to the host too: ZeRO-
 * Offload keeps the fp32 gradient partition on the CPU (Ren et al. 2021,
 * arXiv:2101.06840 §4.1; DeepSpeed deepspeed/runtime/zero/
 * stage_1_and_2.py: self.device is 'cpu' with cpu_offload, and
 * offload_gradient_dict holds "the averaged gradients required by this
 * partition"), FSDP's CPUOffload "offloads gradients to CPU as well"
 * (torch/distributed/fsdp/api.py, CPUOffload.offload_params).  Llama 3
 * 70B full fine-tune, ZeRO-3 on 8 GPUs. */
static void
test_offload_gradients (void)
{
  g_autoptr(RpScenario) s = preset_scenario ("llama-3-70b", 8, 3);
  RpMemoryEstimate none, opt, both;

  s->training.method = RP_METHOD_FULL_FINETUNE;
  memory (s, &none);
  s->training.offload = RP_OFFLOAD_OPTIMIZER;
  memory (s, &opt);
  s->training.offload = RP_OFFLOAD_OPTIMIZER_AND_PARAMS;
  memory (s, &both);
  g_test_message ("gradients: %.2f GiB without offload, %.2f / %.2f GiB with",
                  none.gradients_bytes / RP_GIB, opt.gradients_bytes / RP_GIB,
                  both.gradients_bytes / RP_GIB);
  g_assert_cmpfloat (none.gradients_bytes, >, 10 * RP_GIB);
  g_assert_cmpfloat (opt.gradients_bytes, ==, 0);
  g_assert_cmpfloat (both.gradients_bytes, ==, 0);
  /* the host holds them instead (fp32, the partition of this GPU) */
  g_assert_cmpfloat (both.cpu_offload_bytes, >=,
                     none.optimizer_bytes + none.weights_bytes + none.gradients_bytes);
  /* the layer being reduce-scattered still holds a full gradient */
  g_assert_cmpfloat (both.gathered_bytes, ==, none.gathered_bytes);
}


/* ---- the training stack ---------------------------------------------- */

/* A custom-architecture model of @params parameters (no activations to
 * speak of), so that model states alone are compared. */
static RpScenario *
states_scenario (double params,
                 guint  gpus)
{
  RpScenario *s = rp_scenario_new ();

  s->model.arch.kind = RP_MODEL_KIND_CUSTOM;
  s->model.arch.params = (guint64) params;
  s->model.overridden = RP_ARCH_KIND | RP_ARCH_PARAMS;
  s->training.precision = RP_PRECISION_BF16_MIXED;
  s->training.optimizer = RP_OPTIMIZER_ADAMW;
  s->training.global_batch = gpus;
  s->hardware.gpus_per_node = gpus;
  rp_scenario_set_gpu (s, "h100-sxm");
  return s;
}

static double
states_bytes (const RpMemoryEstimate *m)
{
  return m->weights_bytes + m->gradients_bytes + m->optimizer_bytes;
}

/* Megatron-LM keeps fp32 main gradients with bf16 ("bfloat16 requires
 * gradient accumulation and all-reduce to be done in fp32",
 * megatron/training/arguments.py) and counts 18 bytes per parameter, or
 * 6 + 12/d with the distributed optimizer (megatron/training/
 * theoretical_memory_usage.py, num_bytes_per_parameter).  DeepSpeed
 * accumulates in the model's dtype unless told otherwise
 * (deepspeed/runtime/engine.py, get_data_types): the ZeRO paper's 16. */
static void
test_megatron_18_bytes (void)
{
  g_autoptr(RpScenario) s = states_scenario (1e9, 8);
  RpMemoryEstimate m;

  s->training.framework = RP_FRAMEWORK_MEGATRON;
  memory (s, &m);
  g_assert_cmpfloat_with_epsilon (states_bytes (&m) / 1e9, 18.0, 1e-9);
  s->training.zero_stage = 1;   /* --use-distributed-optimizer */
  memory (s, &m);
  g_assert_cmpfloat_with_epsilon (states_bytes (&m) / 1e9, 6.0 + 12.0 / 8, 1e-9);
  /* fp16 keeps 16-bit gradients unless --accumulate-allreduce-grads-in-fp32 */
  s->training.zero_stage = 0;
  s->training.precision = RP_PRECISION_FP16_MIXED;
  memory (s, &m);
  g_assert_cmpfloat_with_epsilon (states_bytes (&m) / 1e9, 16.0, 1e-9);
  /* the user's gradient type wins */
  s->training.grad_dtype = RP_GRAD_DTYPE_FP32;
  memory (s, &m);
  g_assert_cmpfloat_with_epsilon (states_bytes (&m) / 1e9, 18.0, 1e-9);
  s->training.framework = RP_FRAMEWORK_DEEPSPEED;
  s->training.grad_dtype = RP_GRAD_DTYPE_FRAMEWORK;
  s->training.precision = RP_PRECISION_BF16_MIXED;
  memory (s, &m);
  g_assert_cmpfloat_with_epsilon (states_bytes (&m) / 1e9, 16.0, 1e-9);
}

/* FSDP2 keeps fp32 shards, which the optimizer updates directly, and
 * gathers them in bf16 (torchtitan mixed_precision_param "bfloat16",
 * mixed_precision_reduce "float32"): 4 + 4 + 8 bytes per parameter over
 * Nd, no master copy, and 16-bit gathered layers. */
static void
test_fsdp2_fp32_shards (void)
{
  g_autoptr(RpScenario) s = preset_scenario ("llama-3-8b", 8, 3);
  RpMemoryEstimate deepspeed, fsdp;
  RpModelArch arch;
  double n, layer;

  g_assert_true (rp_model_resolve (&s->model, catalog, &arch, NULL));
  n = (double) rp_model_params (&arch);
  s->training.framework = RP_FRAMEWORK_PYTORCH_FSDP;
  memory (s, &fsdp);
  g_assert_cmpfloat_with_epsilon (fsdp.weights_bytes, 4 * n / 8, 1e-6 * n);
  g_assert_cmpfloat_with_epsilon (fsdp.gradients_bytes, 4 * n / 8, 1e-6 * n);
  g_assert_cmpfloat_with_epsilon (fsdp.optimizer_bytes, 8 * n / 8, 1e-6 * n);
  s->training.framework = RP_FRAMEWORK_CUSTOM;
  memory (s, &deepspeed);
  /* the same two layers in flight, both gathered in bf16; at the turn
   * to backward torchtitan's root unit (embedding, final norm and
   * output layer: 2 × 128,256 × 4,096 + 4,096) is gathered beside them,
   * more than a layer's fp32 gradient (apply_fsdp wraps each block,
   * then the root) */
  layer = (n - 2.0 * 128256 * 4096 - 4096) / 32;
  g_assert_cmpfloat_with_epsilon (fsdp.gathered_bytes,
                                  2 * layer * 2 + (2.0 * 128256 * 4096 + 4096) * 2, 1e3);
  g_assert_cmpfloat_with_epsilon (deepspeed.gathered_bytes, 2 * layer * 2 + layer * 2, 1e3);
}

/* DeepSpeed ZeRO-3 keeps gathered every parameter used again within
 * stage3_max_reuse_distance = 1e9 parameters and reduces through a
 * reduce_bucket_size = 5e8-element bucket (deepspeed/runtime/zero/
 * config.py; partitioned_param_coordinator.py; stage3.py IPG buffers).
 * At the turn to backward the output layer (128,256 × 4,096) is reused
 * at once and stays; a layer of the tail is reached again only after
 * the output layer twice, 1.05e9 > 1e9 parameters, so only the module
 * computed (the MLP's 4,096 × 14,336 Linear: DeepSpeed gathers module
 * by module) and one prefetch bucket (stage3_prefetch_bucket_size,
 * 5e7 elements) stay with it, in bf16 (src/core/models/rp-zero3.c);
 * and 5e8 × 2 bytes of bucket for an 8B model. */
static void
test_deepspeed_zero3_buffers (void)
{
  g_autoptr(RpScenario) s = preset_scenario ("llama-3-8b", 8, 3);
  RpModelArch arch;
  RpMemoryEstimate m;
  double head = 128256.0 * 4096, layer;

  s->training.framework = RP_FRAMEWORK_DEEPSPEED;
  g_assert_true (rp_model_resolve (&s->model, catalog, &arch, NULL));
  layer = ((double) rp_model_params (&arch) - 2 * head - 4096) / 32;
  memory (s, &m);
  g_assert_cmpfloat (layer, >, 4096.0 * 14336 + 5e7);
  g_assert_cmpfloat_with_epsilon (m.gathered_bytes, (head + 4096.0 * 14336 + 5e7) * 2,
                                  1e-3 * 2e9);
  g_assert_cmpfloat_with_epsilon (m.ddp_bucket_bytes, 5e8 * 2, 1.0);
  /* the user's buffer figure replaces the bucket */
  s->training.comm_buffer_bytes = 256.0 * 1024 * 1024;
  memory (s, &m);
  g_assert_cmpfloat (m.ddp_bucket_bytes, ==, 256.0 * 1024 * 1024);
}

/* Megatron's buckets are views into its contiguous gradient buffer
 * (megatron/core/distributed/param_and_grad_buffer.py); PyTorch DDP
 * copies each gradient into its buckets unless
 * gradient_as_bucket_view=True, and accelerate keeps that default. */
static void
test_ddp_buckets (void)
{
  g_autoptr(RpScenario) s = states_scenario (1e9, 8);
  RpMemoryEstimate m;

  s->training.framework = RP_FRAMEWORK_MEGATRON;
  memory (s, &m);
  g_assert_cmpfloat (m.ddp_bucket_bytes, ==, 0);
  s->training.framework = RP_FRAMEWORK_HF_TRAINER;
  memory (s, &m);
  /* HF Trainer's bf16 is autocast: fp32 gradients, copied once more */
  g_assert_cmpfloat_with_epsilon (m.ddp_bucket_bytes, 4e9, 1.0);
  g_assert_cmpfloat_with_epsilon (m.gradients_bytes, 4e9, 1.0);
}

/* The loss as each stack computes it, for Llama 3 8B at 4096 tokens
 * (vocabulary 128,256): HF upcasts the logits (ForCausalLMLoss:
 * logits.float()) and keeps the fp32 log-softmax, T·V·4; Megatron keeps
 * its fp32 softmax and writes the gradient over it (T·V·2 more at the
 * cast); torchtune's eager chunked loss keeps every chunk's fp32
 * log-softmax but upcasts 1/8 at a time (tests/data/measured/
 * mechanisms-cpu.json); Cut Cross-Entropy keeps a log-sum-exp per token
 * (Wijmans et al. 2025 §4). */
static void
test_loss_implementations (void)
{
  g_autoptr(RpScenario) s = preset_scenario ("llama-3-8b", 1, 0);
  RpMemoryEstimate full, fused, chunked, cut;
  double tv = 4096.0 * 128256;

  s->training.recompute = RP_RECOMPUTE_FULL;
  s->training.loss = RP_LOSS_FULL;
  memory (s, &full);
  s->training.loss = RP_LOSS_FUSED;
  memory (s, &fused);
  s->training.loss = RP_LOSS_CHUNKED;
  memory (s, &chunked);
  s->training.loss = RP_LOSS_CUT;
  memory (s, &cut);
  g_assert_cmpfloat_with_epsilon (full.logits_bytes, tv * 4, 1.0);
  g_assert_cmpfloat_with_epsilon (full.logits_transient_bytes, tv * 8, 1.0);
  g_assert_cmpfloat_with_epsilon (fused.logits_bytes, tv * 4, 1.0);
  g_assert_cmpfloat_with_epsilon (fused.logits_transient_bytes, tv * 2, 1.0);
  g_assert_cmpfloat_with_epsilon (chunked.logits_bytes, tv * 4, 1.0);
  g_assert_cmpfloat_with_epsilon (chunked.logits_transient_bytes, tv / 8 * 8, 1.0);
  g_assert_cmpfloat_with_epsilon (cut.logits_bytes, 4096.0 * 4, 1.0);
  g_assert_cmpfloat (cut.logits_transient_bytes, ==, 0);
  /* torchtune's default is its chunked loss */
  s->training.loss = RP_LOSS_FRAMEWORK;
  s->training.framework = RP_FRAMEWORK_TORCHTUNE;
  s->training.precision = RP_PRECISION_BF16_PURE;
  memory (s, &chunked);
  g_assert_cmpfloat_with_epsilon (chunked.logits_transient_bytes, tv / 8 * 8, 1.0);
}

/* torchtitan launches with expandable segments (run_train.sh:
 * PYTORCH_ALLOC_CONF="expandable_segments:True"); fragmentation then
 * falls to the plain 5 % even with ZeRO-3 and recomputation, where the
 * caching allocator is counted 15 % (GMLake, Guo et al. 2024 §2.3). */
static void
test_allocator (void)
{
  g_autoptr(RpScenario) s = preset_scenario ("llama-3-8b", 8, 3);
  RpMemoryEstimate caching, expandable;
  double dynamic;

  s->training.allocator = RP_ALLOCATOR_CACHING;
  memory (s, &caching);
  s->training.allocator = RP_ALLOCATOR_EXPANDABLE;
  memory (s, &expandable);
  /* of what changes every step, the parts alive together at the peak */
  dynamic = caching.gradients_peak_bytes + caching.activations_peak_bytes +
            caching.logits_peak_bytes + caching.gathered_bytes + caching.weight_copies_bytes;
  g_assert_cmpfloat_with_epsilon (dynamic + caching.released_bytes,
                                  caching.gradients_bytes + caching.activations_bytes +
                                  caching.recompute_bytes + caching.logits_bytes +
                                  caching.logits_transient_bytes + caching.gathered_bytes +
                                  caching.weight_copies_bytes, 1.0);
  g_assert_cmpfloat_with_epsilon (caching.fragmentation_bytes, 0.15 * dynamic, 1.0);
  g_assert_cmpfloat_with_epsilon (expandable.fragmentation_bytes, 0.05 * dynamic, 1.0);
  s->training.allocator = RP_ALLOCATOR_FRAMEWORK;
  s->training.framework = RP_FRAMEWORK_PYTORCH_FSDP;
  {
    RpStack stack;

    rp_stack_resolve (s, &stack);
    g_assert_true (stack.expandable_segments);
  }
}

/* ---- pipeline schedules ------------------------------------------------ */

/* Estimate of @s: memory and time from one call.  A scenario built here
 * without a dataset gets one (1e9 tokens): without data there is no
 * time, and these tests read per-step figures, which do not depend on
 * it. */
static RpEstimate *
estimate (const RpScenario *s)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RpScenario) fed = rp_scenario_copy (s);
  RpEstimate *est = rp_estimate_new ();

  if (fed->training.dataset_tokens == 0 && fed->training.dataset_samples == 0)
    fed->training.dataset_tokens = 1e9;
  g_assert_true (rp_fix_estimate (fed, catalog, est, &error));
  g_assert_no_error (error);
  return est;
}

/* GPT-3 175B as Korthikanti et al. 2022 ran it (Table 3: t = 8, p = 8,
 * sequence parallel, selective recomputation, micro batch 1). */
static RpScenario *
gpt3_175b (void)
{
  RpScenario *s = rp_scenario_new ();
  RpModelArch *a = &s->model.arch;

  a->kind = RP_MODEL_KIND_DECODER;
  a->params = 175000000000ull;
  a->layers = 96;
  a->hidden = 12288;
  a->heads = 96;
  a->kv_heads = 96;
  a->ffn = 4 * 12288;
  a->vocab = 51200;
  a->norm = RP_NORM_LAYERNORM;
  s->model.overridden = RP_ARCH_KIND | RP_ARCH_PARAMS | RP_ARCH_LAYERS | RP_ARCH_HIDDEN |
                        RP_ARCH_HEADS | RP_ARCH_KV_HEADS | RP_ARCH_FFN | RP_ARCH_VOCAB |
                        RP_ARCH_NORM;
  rp_scenario_set_gpu (s, "a100-80gb-sxm");
  s->hardware.gpus_per_node = 8;
  s->hardware.nodes = 8;
  s->hardware.intra_link = RP_LINK_NVLINK3;
  s->hardware.network = RP_NETWORK_IB_HDR;
  s->training.precision = RP_PRECISION_FP16_MIXED;
  s->training.framework = RP_FRAMEWORK_MEGATRON;
  s->training.seq_len = 2048;
  s->training.micro_batch = 1;
  s->training.global_batch = 64;
  s->training.tensor_parallel = 8;
  s->training.pipeline_parallel = 8;
  s->training.sequence_parallel = TRUE;
  s->training.recompute = RP_RECOMPUTE_SELECTIVE;
  s->training.flash_attention = FALSE;
  s->training.dropout = TRUE;
  s->training.zero_stage = 1;
  s->training.dataset_tokens = 300e9;   /* GPT-3's training tokens (Brown et al. 2020) */
  return s;
}

/* Memory and time follow the same schedule.  1F1B: the first stage holds
 * p micro-batches of its L/p layers and the bubble is (p − 1)/m of the
 * ideal step.  Interleaved with v chunks: the held activations grow by
 * 1 + (p − 1)/(p·v) (Korthikanti et al. 2022 §4.2.3) and the bubble
 * shrinks to (p − 1)/(v·m) (Narayanan et al. 2021 §2.2.2).  At the 175B
 * configuration with v = 3 (12 layers per stage, 4 per chunk) that is
 * 96 × 34·s·b·h/t × (1 + 7/24) = 12.35 GiB of layer activations. */
static void
test_pipeline_schedules (void)
{
  g_autoptr(RpScenario) s = gpt3_175b ();
  g_autoptr(RpEstimate) plain = NULL;
  g_autoptr(RpEstimate) inter = NULL;
  g_autoptr(RpEstimate) zb = NULL;
  double per_layer = 34.0 * 2048 * 12288 / 8, m = 64;

  plain = estimate (s);
  s->training.pipeline_schedule = RP_PIPELINE_INTERLEAVED;
  s->training.virtual_stages = 3;
  inter = estimate (s);
  s->training.pipeline_schedule = RP_PIPELINE_ZERO_BUBBLE;
  zb = estimate (s);
  g_test_message ("175B t8 p8: layer activations %.2f GiB 1F1B, %.2f GiB interleaved v=3",
                  plain->memory.activations_per_layer_bytes * 96 / RP_GIB,
                  inter->memory.pipeline_batches_held * 12 *
                  inter->memory.activations_per_layer_bytes / RP_GIB);
  /* Korthikanti's per-layer figure, within LayerNorm's fp32 statistics */
  g_assert_cmpfloat (fabs (plain->memory.activations_per_layer_bytes / per_layer - 1), <, 0.002);
  g_assert_cmpfloat_with_epsilon (plain->memory.pipeline_batches_held, 8, 1e-12);
  g_assert_cmpfloat_with_epsilon (inter->memory.pipeline_batches_held, 8 * (1 + 7.0 / 24), 1e-12);
  g_assert_cmpfloat_with_epsilon (inter->memory.pipeline_batches_held * 12 * per_layer / RP_GIB,
                                  12.35, 0.005);
  /* the time model charges the same schedule's bubble */
  g_assert_cmpfloat_with_epsilon (plain->compute.bubble_s / plain->compute.compute_s,
                                  7.0 / m, 1e-9);
  g_assert_cmpfloat_with_epsilon (inter->compute.bubble_s / inter->compute.compute_s,
                                  7.0 / (3 * m), 1e-9);
  /* ZB-H1: a third of 1F1B's bubble at 1F1B's memory (Qi et al. 2024) */
  g_assert_cmpfloat_with_epsilon (zb->compute.bubble_s / zb->compute.compute_s,
                                  7.0 / (3 * m), 1e-9);
  g_assert_cmpfloat_with_epsilon (zb->memory.pipeline_batches_held, 8, 1e-12);
}

/* GPipe runs every forward before any backward (Huang et al. 2019):
 * all m micro-batches are held. */
static void
test_pipeline_gpipe (void)
{
  g_autoptr(RpScenario) s = gpt3_175b ();
  g_autoptr(RpEstimate) est = NULL;

  s->training.global_batch = 16;
  s->training.pipeline_schedule = RP_PIPELINE_GPIPE;
  est = estimate (s);
  g_assert_cmpfloat (est->memory.pipeline_batches_held, ==, 16);
  g_assert_cmpfloat_with_epsilon (est->compute.bubble_s / est->compute.compute_s, 7.0 / 16,
                                  1e-9);
}


/* ---- recomputation policies -------------------------------------------- */

/* Version-2 files wrote "selective" for Megatron-LM's attention-core
 * recomputation; it loads as that policy and is written back by its
 * unambiguous name. */
static void
test_selective_alias (void)
{
  static const char v2[] =
    "{\"format\": \"rigplan-scenario\", \"version\": 2, \"name\": \"v2\","
    " \"model\": {\"preset\": \"llama-3-8b\"},"
    " \"training\": {\"recompute\": \"selective\"},"
    " \"hardware\": {\"gpu\": \"h100-sxm\"}}";
  g_autoptr(GError) error = NULL;
  g_autoptr(RpScenario) s = rp_scenario_load_data (v2, strlen (v2), &error);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (s->training.recompute, ==, RP_RECOMPUTE_SELECTIVE);
  text = rp_scenario_to_json (s);
  g_assert_nonnull (strstr (text, "\"recompute\":\t\"selective-attention\""));
  g_assert_null (strstr (text, "\"selective\""));
}

/* Op-level selective checkpointing as torchtitan applies it
 * (torchtitan/distributed/activation_checkpoint.py, SelectiveAC: save
 * compute-intensive ops' outputs "except every second mm/linear"): a
 * Llama 3 8B block keeps its input, q (1st matmul), v (3rd), the
 * attention output and log-sum-exp, the gate (5th) and the down
 * projection's output (7th); k, o and up are recomputed. */
static void
test_op_selective (void)
{
  g_autoptr(RpScenario) s = preset_scenario ("llama-3-8b", 1, 0);
  RpModelArch arch;
  double T = 4096, h = 4096, kv = 1024, f = 14336, want, got, flops_none, flops_ops;

  s->training.recompute = RP_RECOMPUTE_SELECTIVE_OPS;
  s->training.flash_attention = TRUE;
  g_assert_true (rp_model_resolve (&s->model, catalog, &arch, NULL));
  got = rp_memory_model_layer_activations (s, &arch);
  want = T * h * 2 + T * (h + kv) * 2 + (T * h * 2 + 32 * T * 4) + T * f * 2 + T * h * 2;
  g_assert_cmpfloat_with_epsilon (got, want, 1.0);
  /* the FLOPs: k, o and up once more, 2 FLOPs per weight and token */
  {
    g_autoptr(RpEstimate) none = NULL;
    g_autoptr(RpEstimate) ops = NULL;

    ops = estimate (s);
    s->training.recompute = RP_RECOMPUTE_NONE;
    none = estimate (s);
    flops_none = none->compute.flops_per_step;
    flops_ops = ops->compute.flops_per_step;
    g_assert_cmpfloat_with_epsilon ((flops_ops - flops_none) / s->training.global_batch / T,
                                    2 * (h * kv + h * h + h * f) * 32, 1e3);
  }
}

/* Every n-th layer checkpointed whole: one layer in n keeps its input,
 * the others everything; the forward is repeated for 1/n of the layers
 * (torchtitan's former selective_ac_option "n"; Megatron-LM
 * --recompute-method block keeps the same share per stage). */
static void
test_every_nth_layer (void)
{
  g_autoptr(RpScenario) s = preset_scenario ("llama-3-8b", 1, 0);
  g_autoptr(RpEstimate) none = NULL;
  g_autoptr(RpEstimate) full = NULL;
  g_autoptr(RpEstimate) nth = NULL;
  RpModelArch arch;
  double a_none, a_full, a_nth;

  g_assert_true (rp_model_resolve (&s->model, catalog, &arch, NULL));
  s->training.recompute = RP_RECOMPUTE_NONE;
  a_none = rp_memory_model_layer_activations (s, &arch);
  none = estimate (s);
  s->training.recompute = RP_RECOMPUTE_FULL;
  a_full = rp_memory_model_layer_activations (s, &arch);
  full = estimate (s);
  s->training.recompute = RP_RECOMPUTE_EVERY_NTH;
  s->training.recompute_interval = 4;
  a_nth = rp_memory_model_layer_activations (s, &arch);
  nth = estimate (s);
  g_assert_cmpfloat_with_epsilon (a_nth, (a_full + 3 * a_none) / 4, 1.0);
  g_assert_cmpfloat_with_epsilon (nth->compute.flops_per_step - none->compute.flops_per_step,
                                  (full->compute.flops_per_step -
                                   none->compute.flops_per_step) / 4,
                                  1e-9 * full->compute.flops_per_step);
}

/* ---- context parallelism ------------------------------------------------ */

/* Context parallelism gives each rank s/cp of the tokens: with
 * FlashAttention every saved activation scales by 1/cp (Megatron-Core
 * context parallel documentation: "activation memory ... reduced by CP
 * times"); ZeRO shards over dp × cp, and data parallel is GPUs over
 * tp × pp × cp.  Llama 3 405B at 131,072 tokens, TP 8, PP 16, CP 16,
 * the Llama 3 paper's long-context row (Table 4). */
static void
test_context_parallel (void)
{
  g_autoptr(RpScenario) s = preset_scenario ("llama-3.1-405b", 2048, 1);
  g_autoptr(RpEstimate) one = NULL;
  g_autoptr(RpEstimate) sixteen = NULL;
  RpModelArch arch;
  double a1, a16;

  s->training.framework = RP_FRAMEWORK_MEGATRON;
  s->training.seq_len = 131072;
  s->training.tensor_parallel = 8;
  s->training.pipeline_parallel = 16;
  s->training.sequence_parallel = TRUE;
  s->training.recompute = RP_RECOMPUTE_NONE;
  s->training.global_batch = 16;
  g_assert_true (rp_model_resolve (&s->model, catalog, &arch, NULL));
  a1 = rp_memory_model_layer_activations (s, &arch);
  one = estimate (s);
  s->training.context_parallel = 16;
  a16 = rp_memory_model_layer_activations (s, &arch);
  sixteen = estimate (s);
  g_assert_cmpuint (rp_scenario_data_parallel (s), ==, 1);
  g_assert_cmpfloat_with_epsilon (a16, a1 / 16, 1e-6 * a1);
  /* the distributed optimizer shards over the 16 context ranks as it
   * did over 16 data-parallel ones */
  g_assert_cmpfloat_with_epsilon (sixteen->memory.optimizer_bytes, one->memory.optimizer_bytes,
                                  1e-6 * one->memory.optimizer_bytes);
  /* the ring's sends are mostly hidden behind the long attention */
  g_assert_cmpfloat (sixteen->compute.cp_comm_s, >=, 0);
  g_assert_cmpfloat (sixteen->compute.cp_comm_s, <, 0.05 * sixteen->compute.compute_s);
  /* and the same FLOPs spread over 16 × the GPUs per sequence */
  g_assert_cmpfloat_with_epsilon (sixteen->compute.flops_per_step, one->compute.flops_per_step,
                                  1e-9 * one->compute.flops_per_step);
}


/* ---- QLoRA, optimizer in backward, goodput ----------------------------- */

/* QLoRA dequantizes its NF4 weights to bf16 for the forward, the
 * backward's activation gradient and a recomputed forward (Dettmers et
 * al. 2023 §3), reading 4.127 bits and writing 2 bytes per weight each
 * time: Llama 2 70B on one A100 80GB (2,039 GB/s) at micro batch 1,
 * 8 micro-batches, full recomputation: 8 × 3 × linear weights × 2.516 /
 * 2.039e12 s. */
static void
test_qlora_dequant (void)
{
  g_autoptr(RpScenario) s = rp_scenario_new ();
  g_autoptr(RpEstimate) q = NULL;
  g_autoptr(RpEstimate) l = NULL;
  RpModelArch arch;
  guint64 frozen = 0;
  const RpGpu *a100 = gpu ("a100-80gb-sxm");

  rp_scenario_set_preset (s, "llama-2-70b");
  rp_scenario_set_gpu (s, "a100-80gb-sxm");
  s->training.method = RP_METHOD_QLORA;
  s->training.recompute = RP_RECOMPUTE_FULL;
  s->training.seq_len = 2048;
  s->training.micro_batch = 1;
  s->training.global_batch = 8;
  g_assert_true (rp_model_resolve (&s->model, catalog, &arch, NULL));
  rp_model_lora_shape (&arch, RP_LORA_TARGETS_ALL_LINEAR, NULL, &frozen);
  q = estimate (s);
  g_assert_cmpfloat_with_epsilon (q->compute.dequant_s,
                                  8 * 3 * (double) frozen * (4.127 / 8 + 2) /
                                  (a100->memory_bandwidth_gb_s * 1e9), 1e-9);
  s->training.method = RP_METHOD_LORA;
  l = estimate (s);
  g_assert_cmpfloat (l->compute.dequant_s, ==, 0);
  g_assert_cmpfloat (q->compute.step_s, >, l->compute.step_s);
}

/* torchtune's optimizer_in_bwd frees each gradient as its weight is
 * updated: of Llama 3.2 3B's bf16 gradients (6.4 GB) only the largest
 * tensor's remains, the tied 128,256 × 3,072 embedding (0.79 GB). */
static void
test_optimizer_in_backward (void)
{
  g_autoptr(RpScenario) s = llama32_3b_on_a100 ();
  g_autoptr(RpEstimate) est = NULL;
  RpMemoryEstimate m;

  s->training.optimizer_in_backward = TRUE;
  memory (s, &m);
  g_assert_cmpfloat_with_epsilon (m.gradients_bytes, 128256.0 * 3072 * 2, 1.0);
  /* accumulating over micro-batches is what it cannot do */
  s->training.global_batch = 8;
  est = estimate (s);
  g_assert_true (rp_estimate_has_warning (est, "optimizer-in-backward-accumulates"));
}

/* Unfused elementwise kernels (rp-time-model.c): torchtitan's eager
 * Llama 3.1 8B (FSDP on 8 H100, local batch 2 × 8192, op-level
 * selective checkpointing) moves, per token and layer over fused
 * kernels, 2 × (28 + 2·2)·4096 bytes in its RMSNorms, 8·2·(4096 + 1024)
 * in rotary and 2·2·14336 in SwiGLU, three times for forward and
 * backward and once more to recompute, at 3,350 GB/s.  Compiled, or
 * under Megatron's fused kernels, none.  The torchtitan benchmark page
 * (benchmarks/llama3_h100_202412_torchtitan.md, Table 1) measures
 * 5,762 tokens/s eager and 6,667 compiled (+15.7 %), torchtune's README
 * 7,075 and 8,998 for Llama 3.2 3B (+27.2 %): compile fuses more than
 * these kernels, so Rigplan's gain is real but smaller. */
static void
test_unfused_elementwise (void)
{
  g_autoptr(RpScenario) s = preset_scenario ("llama-3-8b", 8, 3);
  g_autoptr(RpEstimate) eager = NULL;
  g_autoptr(RpEstimate) compiled = NULL;
  g_autoptr(RpEstimate) megatron = NULL;
  double per_token = 2 * (28 + 2 * 2) * 4096.0 + 8 * 2 * (4096.0 + 1024) + 2 * 2 * 14336.0;
  double gain;

  s->training.framework = RP_FRAMEWORK_PYTORCH_FSDP;
  s->training.seq_len = 8192;
  s->training.micro_batch = 2;
  s->training.global_batch = 16;
  s->training.recompute = RP_RECOMPUTE_SELECTIVE_OPS;
  s->training.flash_attention = TRUE;
  eager = estimate (s);
  g_assert_cmpfloat_with_epsilon (eager->compute.elementwise_s,
                                  per_token * 4 * 8192 * 32 * 2 / 3350e9, 1e-9);
  s->training.compile = TRUE;
  compiled = estimate (s);
  g_assert_cmpfloat (compiled->compute.elementwise_s, ==, 0);
  gain = eager->compute.step_s / compiled->compute.step_s - 1;
  g_assert_cmpfloat (gain, >, 0.05);
  g_assert_cmpfloat (gain, <, 6667.0 / 5762 - 1);
  s->training.compile = FALSE;
  s->training.framework = RP_FRAMEWORK_MEGATRON;
  megatron = estimate (s);
  g_assert_cmpfloat (megatron->compute.elementwise_s, ==, 0);
}

/* Preference training's frozen reference model (TRL DPOTrainer): a whole
 * bf16 copy of Llama 3 8B on every GPU under ZeRO-1 (TRL's
 * _prepare_deepspeed initializes it "with ZeRO disabled" unless stage
 * 3), an eighth of it under ZeRO-3 on 8 GPUs, none with LoRA (the
 * policy with its adapters disabled); its forward adds 2N FLOPs per
 * token of hardware work to the 6N of training. */
static void
test_reference_model (void)
{
  g_autoptr(RpScenario) s = preset_scenario ("llama-3-8b", 8, 1);
  g_autoptr(RpEstimate) plain = NULL;
  g_autoptr(RpEstimate) dpo = NULL;
  RpMemoryEstimate m;
  RpModelArch arch;
  double n;

  g_assert_true (rp_model_resolve (&s->model, catalog, &arch, NULL));
  n = (double) rp_model_params (&arch);
  s->training.recompute = RP_RECOMPUTE_NONE;
  plain = estimate (s);
  s->training.reference_model = RP_REFERENCE_ON_GPU;
  memory (s, &m);
  g_assert_cmpfloat_with_epsilon (m.reference_bytes, 2 * n, 1e-6 * n);
  dpo = estimate (s);
  g_assert_cmpfloat_with_epsilon (dpo->memory.total_bytes - plain->memory.total_bytes, 2 * n,
                                  0.01 * n);
  /* hardware FLOPs: forward 2N + backward 4N, and the reference's 2N */
  g_assert_cmpfloat (fabs (dpo->compute.flops_per_step / plain->compute.flops_per_step - 4.0 / 3),
                     <, 0.01);
  g_assert_cmpfloat (dpo->compute.model_flops_per_step, ==, plain->compute.model_flops_per_step);
  s->training.zero_stage = 3;
  memory (s, &m);
  g_assert_cmpfloat_with_epsilon (m.reference_bytes, 2 * n / 8, 1e-6 * n);
  s->training.method = RP_METHOD_LORA;
  memory (s, &m);
  g_assert_cmpfloat (m.reference_bytes, ==, 0);
  /* precomputed: the same forward work, nothing kept on the GPU */
  s->training.method = RP_METHOD_FULL_FINETUNE;
  s->training.zero_stage = 1;
  s->training.reference_model = RP_REFERENCE_PRECOMPUTED;
  {
    g_autoptr(RpEstimate) pre = estimate (s);

    g_assert_cmpfloat (pre->memory.reference_bytes, ==, 0);
    g_assert_cmpfloat_with_epsilon (pre->compute.flops_per_step, dpo->compute.flops_per_step,
                                    1e-9 * dpo->compute.flops_per_step);
  }
}

/* Gradient lifetime (rp-stack.c): torchtune frees gradients between
 * steps (zero_grad(set_to_none=True)), so with activation checkpointing
 * its Llama 3.2 3B step has no gradient alive at the turn from forward
 * to backward and no activations at the end; torchtune's optimization
 * table has 24.9 GiB of peak active memory (README, "Optimization
 * flags", + Activation Checkpointing) where the parts' sum is 31.  Megatron's contiguous
 * gradient buffer, and any run accumulating micro-batches, keeps them
 * through the forward. */
static void
test_gradient_lifetime (void)
{
  g_autoptr(RpScenario) s = llama32_3b_on_a100 ();
  RpMemoryEstimate tune, accumulating, megatron;
  double states, active;

  s->training.framework = RP_FRAMEWORK_TORCHTUNE;
  s->training.flash_attention = TRUE;
  s->training.seq_len = 4096;
  s->training.recompute = RP_RECOMPUTE_FULL;
  memory (s, &tune);
  /* the two ends are within 0.2 GiB; the turn (checkpoints and the
   * chunked loss's 4.9 GiB) is the higher, with no gradient alive */
  g_assert_false (tune.peak_at_backward_end);
  g_assert_cmpfloat (tune.gradients_peak_bytes, ==, 0);
  g_assert_cmpfloat (tune.released_bytes, >=, tune.gradients_bytes + tune.recompute_bytes);
  states = tune.weights_bytes + tune.optimizer_bytes;
  active = tune.total_bytes - tune.cuda_context_bytes - tune.workspace_bytes -
           tune.fragmentation_bytes;
  g_assert_cmpfloat (fabs (active / (24.9 * RP_GIB) - 1), <, 0.03);
  g_assert_cmpfloat (active, <, states + tune.gradients_bytes + tune.activations_bytes);
  /* four micro-batches per step: the gradients live through forwards */
  s->training.global_batch = 8;
  memory (s, &accumulating);
  g_assert_false (accumulating.peak_at_backward_end);
  g_assert_cmpfloat (accumulating.gradients_peak_bytes, ==, accumulating.gradients_bytes);
  g_assert_cmpfloat (accumulating.logits_peak_bytes, >, 0);
  s->training.global_batch = 2;
  s->training.framework = RP_FRAMEWORK_MEGATRON;
  memory (s, &megatron);
  g_assert_cmpfloat (megatron.gradients_peak_bytes, ==, megatron.gradients_bytes);
  g_assert_false (megatron.peak_at_backward_end);
}

/* Whole-run GPU-hours after goodput: the BLOOM and Llama 3.1 runs give
 * 0.87–0.91 of their steady-state rate (rp-time-model.c derives them);
 * BLOOM's: 366e9 tokens at 150e12 / 1.436e12 tokens/s per GPU over the
 * 1,082,990 GPU-hours reported. */
static void
test_goodput (void)
{
  g_autoptr(RpScenario) s = preset_scenario ("llama-3-8b", 8, 0);
  g_autoptr(RpEstimate) est = NULL;
  double bloom_per_token = 96.0 * 70 * 14336.0 * 14336 *
                           (1 + 2048.0 / (6 * 14336) + 250880.0 / (16.0 * 70 * 14336));
  double bloom_hours = 366e9 / (150e12 / bloom_per_token) / 3600;

  g_assert_cmpfloat_with_epsilon (bloom_hours / 1082990, 0.90, 0.005);
  s->training.dataset_tokens = 1e9;
  est = estimate (s);
  g_assert_cmpfloat (est->compute.goodput_low, ==, 0.87);
  g_assert_cmpfloat (est->compute.goodput_high, ==, 0.91);
  g_assert_cmpfloat_with_epsilon (est->compute.gpu_hours_expected_high,
                                  est->compute.gpu_hours / 0.87, 1e-9);
  s->training.goodput_pct = 60;
  g_clear_pointer (&est, rp_estimate_free);
  est = estimate (s);
  g_assert_cmpfloat_with_epsilon (est->compute.gpu_hours_expected_low,
                                  est->compute.gpu_hours / 0.6, 1e-9);
  g_assert_cmpfloat (est->compute.gpu_hours_expected_low, ==,
                     est->compute.gpu_hours_expected_high);
}

/* ---- mixture of experts ------------------------------------------------ */

/* Shared experts see every token (DeepSeekMoE, Dai et al. 2024 §3.2):
 * they add 3·h·f weights per layer to the total and to the active count
 * alike.  Capacity factor C pads each routed expert to C × its even
 * share of tokens (Switch Transformer §2.2): C − 1 more routed-expert
 * FLOPs and activations. */
static void
test_moe_shared_and_capacity (void)
{
  g_autoptr(RpScenario) s = rp_scenario_new ();
  g_autoptr(RpEstimate) base = NULL;
  g_autoptr(RpEstimate) padded = NULL;
  RpModelArch arch, shared;
  double h, f, layers, extra;

  rp_scenario_set_preset (s, "mixtral-8x7b");
  rp_scenario_set_gpu (s, "h100-sxm");
  s->hardware.gpus_per_node = 8;
  s->training.expert_parallel = 8;
  s->training.global_batch = 8;
  s->training.seq_len = 4096;
  s->training.zero_stage = 1;
  g_assert_true (rp_model_resolve (&s->model, catalog, &arch, NULL));
  h = arch.hidden;
  f = arch.ffn;
  layers = arch.layers;
  s->model.arch.shared_experts = 1;
  s->model.overridden |= RP_ARCH_SHARED_EXPERTS;
  g_assert_true (rp_model_resolve (&s->model, catalog, &shared, NULL));
  g_assert_cmpuint (rp_model_count_params (&shared) - rp_model_count_params (&arch), ==,
                    (guint64) (3 * h * f * layers));
  g_assert_cmpuint (rp_model_active_params (&shared) - rp_model_active_params (&arch), ==,
                    (guint64) (3 * h * f * layers));
  s->model.overridden &= ~RP_ARCH_SHARED_EXPERTS;
  base = estimate (s);
  s->training.capacity_factor = 1.25;
  padded = estimate (s);
  extra = 6.0 * 2 * 3 * h * f * layers * 0.25 * 4096 * 8;
  g_assert_cmpfloat_with_epsilon (padded->compute.flops_per_step - base->compute.flops_per_step,
                                  extra, 1e-9 * extra);
  g_assert_cmpfloat_with_epsilon (padded->compute.model_flops_per_step,
                                  base->compute.model_flops_per_step, 1.0);
  g_assert_cmpfloat (padded->memory.activations_bytes, >, base->memory.activations_bytes);
}

/* The expert all-to-all reaches peers in the node over NVLink and the
 * rest over the NICs at the same time (Megatron-Core's dispatcher):
 * expert parallel 16 over two 8-GPU nodes sends half the bytes over
 * InfiniBand NDR (50 GB/s per GPU at line rate, rp-links.c's NCCL
 * efficiency applied) and 7/16 over NVLink 4, so the NIC share sets
 * the time; before, 15/16 of the bytes went over the NIC. */
static void
test_moe_all_to_all (void)
{
  g_autoptr(RpScenario) s = rp_scenario_new ();
  g_autoptr(RpEstimate) est = NULL;
  RpModelArch arch;
  double bytes, want;

  rp_scenario_set_preset (s, "mixtral-8x7b");
  rp_scenario_set_gpu (s, "h100-sxm");
  s->hardware.gpus_per_node = 8;
  s->hardware.nodes = 2;
  s->hardware.intra_link = RP_LINK_NVLINK4;
  s->hardware.network = RP_NETWORK_IB_NDR;
  s->model.arch.experts = 16;
  s->model.overridden |= RP_ARCH_EXPERTS;
  s->training.expert_parallel = 16;
  s->training.global_batch = 16;
  s->training.seq_len = 4096;
  s->training.zero_stage = 1;
  g_assert_true (rp_model_resolve (&s->model, catalog, &arch, NULL));
  est = estimate (s);
  bytes = 4096.0 * arch.hidden * 2 * 2;   /* tokens × h × bf16 × k = 2 */
  want = 1 * arch.layers * 4 * (8.0 / 16) * bytes /
         (rp_network_node_busbw_bytes_s (RP_NETWORK_IB_NDR, 8) / 8);
  g_assert_cmpfloat_with_epsilon (est->compute.ep_comm_s, want, 1e-6 * want);
  g_assert_cmpfloat (est->compute.moe_s, >, 0);
}


/* ---- the loss as a fix -------------------------------------------------- */

/* Llama 3 8B LoRA in pure bf16 at 8,192 tokens on one RTX 4090 under the
 * HF Trainer (full fp32 logits): micro batch 1 and full recomputation
 * already, so the next step in the engineer's order is the loss, before
 * an 8-bit optimizer or QLoRA.  The eager chunked cross-entropy still
 * needs 25.0 GiB; Cut Cross-Entropy keeps 4 × 8,192 bytes instead of
 * 4 × 8,192 × 128,256 and fits.  Applying the fix gives its promise. */
static void
test_loss_fix (void)
{
  g_autoptr(RpScenario) s = rp_scenario_new ();
  g_autoptr(RpScenario) fixed = NULL;
  g_autoptr(RpEstimate) est = NULL;
  g_autoptr(RpEstimate) after = NULL;

  rp_scenario_set_preset (s, "llama-3-8b");
  rp_scenario_set_gpu (s, "rtx-4090");
  s->training.method = RP_METHOD_LORA;
  s->training.precision = RP_PRECISION_BF16_PURE;
  s->training.framework = RP_FRAMEWORK_HF_TRAINER;
  s->training.seq_len = 8192;
  s->training.micro_batch = 1;
  s->training.global_batch = 8;
  s->training.recompute = RP_RECOMPUTE_FULL;
  /* the order of the steps, not the error band (tests/test-bands.c):
   * judged on the estimate itself */
  s->hardware.band_scale = 0;
  est = estimate (s);
  g_assert_cmpint (est->memory.verdict, ==, RP_VERDICT_DOES_NOT_FIT);
  g_assert_cmpint (est->fix.status, ==, RP_FIX_FOUND);
  g_assert_cmpuint (est->fix.n_steps, ==, 1);
  g_assert_cmpint (est->fix.steps[0], ==, RP_FIX_STEP_LOSS);
  g_assert_cmpuint (est->fix.values[0], ==, RP_LOSS_CUT);
  fixed = rp_fix_apply (s, catalog, &est->fix, NULL);
  g_assert_cmpint (fixed->training.loss, ==, RP_LOSS_CUT);
  after = estimate (fixed);
  g_assert_cmpint (after->memory.verdict, ==, RP_VERDICT_FITS);
  g_assert_cmpfloat_with_epsilon (after->memory.total_bytes, est->fix.memory_total_bytes, 1.0);
  g_assert_cmpfloat (after->memory.logits_bytes, ==, 8192.0 * 4);
}


/* bitsandbytes' paged 8-bit AdamW keeps its states in unified memory
 * that the driver pages to the host when the GPU is short (bitsandbytes
 * "Paged optimizers"; torchtune's 8B_full_single_device recipe runs
 * Llama 3.1 8B full fine-tuning on one RTX 4090 with it): the states
 * need host room, 2 bytes per parameter (+ block absmax), not GPU room,
 * and when they do not fit beside the rest they cross PCIe both ways
 * each step. */
static void
test_paged_optimizer (void)
{
  g_autoptr(RpScenario) s = preset_scenario ("llama-3-8b", 1, 0);
  g_autoptr(RpEstimate) paged = NULL;
  g_autoptr(RpEstimate) plain = NULL;
  RpModelArch arch;
  double n;

  rp_scenario_set_gpu (s, "rtx-4090");
  s->hardware.intra_link = RP_LINK_PCIE4;
  s->training.precision = RP_PRECISION_BF16_PURE;
  s->training.optimizer = RP_OPTIMIZER_ADAMW_8BIT_PAGED;
  s->training.seq_len = 2048;
  s->training.micro_batch = 2;
  s->training.global_batch = 2;
  s->training.dataset_tokens = 1e8;
  g_assert_true (rp_model_resolve (&s->model, catalog, &arch, NULL));
  n = (double) rp_model_params (&arch);
  paged = estimate (s);
  g_assert_cmpfloat (paged->memory.optimizer_bytes, ==, 0);
  g_assert_cmpfloat_with_epsilon (paged->memory.cpu_offload_bytes, n * 2 * (1 + 4.0 / 2048),
                                  1e-6 * n);
  s->training.optimizer = RP_OPTIMIZER_ADAMW_8BIT;
  plain = estimate (s);
  g_assert_cmpfloat_with_epsilon (plain->memory.optimizer_bytes, n * 2 * (1 + 4.0 / 2048),
                                  1e-6 * n);
  /* 16 GB of states do not fit beside 15 GiB of weights on 24 GiB */
  g_assert_cmpfloat (paged->compute.optimizer_s, >, plain->compute.optimizer_s + 0.5);
}


/* ---- against CPU measurements ----------------------------------------- */


static double
jnum (const cJSON *obj,
      const char  *key)
{
  const cJSON *item = cJSON_GetObjectItemCaseSensitive (obj, key);

  g_assert_true (cJSON_IsNumber (item));
  return item->valuedouble;
}

/* A one-layer RMSNorm/SwiGLU decoder in pure bf16 with FlashAttention. */
static RpScenario *
tiny_decoder (guint hidden,
              guint heads,
              guint kv_heads,
              guint ffn,
              guint vocab,
              guint seq,
              guint batch)
{
  RpScenario *s = rp_scenario_new ();
  RpModelArch *a = &s->model.arch;

  *a = (RpModelArch) { .kind = RP_MODEL_KIND_DECODER, .layers = 1, .hidden = hidden,
                       .heads = heads, .kv_heads = kv_heads, .ffn = ffn,
                       .ffn_act = RP_FFN_ACT_SWIGLU, .vocab = vocab, .norm = RP_NORM_RMSNORM };
  s->model.overridden = RP_ARCH_KIND | RP_ARCH_LAYERS | RP_ARCH_HIDDEN | RP_ARCH_HEADS |
                        RP_ARCH_KV_HEADS | RP_ARCH_FFN | RP_ARCH_FFN_ACT | RP_ARCH_VOCAB |
                        RP_ARCH_NORM;
  rp_scenario_set_gpu (s, "h100-sxm");
  s->training.precision = RP_PRECISION_BF16_PURE;
  s->training.flash_attention = TRUE;
  s->training.seq_len = seq;
  s->training.micro_batch = batch;
  s->training.global_batch = batch;
  return s;
}

/* tools/measure/measure_mechanisms.py, tests/data/measured/
 * mechanisms-cpu.json "op_sac": a bf16 Llama block under torchtitan's
 * op-level policy keeps its input, q, v, the attention output and
 * log-sum-exp, the gate and the down projection's output — byte for
 * byte what Rigplan counts for selective-ops — and only its input under
 * whole-block checkpointing. */
static void
test_measured_op_sac (void)
{
  g_autoptr(cJSON) root = rp_test_load_data ("measured", "mechanisms-cpu.json");
  const cJSON *c;
  guint n = 0;

  cJSON_ArrayForEach (c, cJSON_GetObjectItemCaseSensitive (root, "op_sac"))
    {
      const cJSON *cfg = cJSON_GetObjectItemCaseSensitive (c, "config");
      g_autoptr(RpScenario) s = tiny_decoder (jnum (cfg, "hidden"), jnum (cfg, "heads"),
                                              jnum (cfg, "kv_heads"), jnum (cfg, "ffn"), 32000,
                                              jnum (cfg, "seq"), jnum (cfg, "batch"));
      RpModelArch arch;
      double ops, full;

      g_assert_cmpfloat (jnum (cJSON_GetObjectItemCaseSensitive (c, "selective_ops"),
                               "max_relative_grad_difference"), <, 1e-2);
      g_assert_true (rp_model_resolve (&s->model, catalog, &arch, NULL));
      s->training.recompute = RP_RECOMPUTE_SELECTIVE_OPS;
      ops = rp_memory_model_layer_activations (s, &arch);
      s->training.recompute = RP_RECOMPUTE_FULL;
      full = rp_memory_model_layer_activations (s, &arch);
      g_assert_cmpfloat (ops, ==, jnum (cJSON_GetObjectItemCaseSensitive (c, "selective_ops"),
                                        "saved_bytes"));
      g_assert_cmpfloat (full, ==, jnum (cJSON_GetObjectItemCaseSensitive (c, "full"),
                                         "saved_bytes"));
      n++;
    }
  g_assert_cmpuint (n, >=, 2);
}

/* "loss": torchtune's chunked loss run eagerly saves every chunk's fp32
 * log-softmax, T·V·4 bytes, the same as the full loss (within the labels
 * and per-chunk scalars). */
static void
test_measured_loss (void)
{
  g_autoptr(cJSON) root = rp_test_load_data ("measured", "mechanisms-cpu.json");
  const cJSON *c;

  cJSON_ArrayForEach (c, cJSON_GetObjectItemCaseSensitive (root, "loss"))
    {
      double T = jnum (c, "tokens"), V = jnum (c, "vocab");
      g_autoptr(RpScenario) s = tiny_decoder (jnum (c, "hidden"), 4, 4, 4 * jnum (c, "hidden"),
                                              V, T, 1);
      RpMemoryEstimate m;

      s->training.loss = RP_LOSS_FULL;
      memory (s, &m);
      g_assert_cmpfloat (fabs (m.logits_bytes / jnum (cJSON_GetObjectItemCaseSensitive (c, "full"),
                                                     "saved_bytes") - 1), <, 1e-3);
      s->training.loss = RP_LOSS_CHUNKED;
      memory (s, &m);
      g_assert_cmpfloat (fabs (m.logits_bytes /
                               jnum (cJSON_GetObjectItemCaseSensitive (c, "chunked"),
                                     "saved_bytes") - 1), <, 1e-3);
    }
}

/* "schedules": the first stage's held micro-batches, simulated op by op
 * (1F1B's warm-up, Megatron-LM's interleaved warm-up of (p − 1)·2 +
 * (v − 1)·p chunks, GPipe, ZB-H1), against rp_stack_pipeline_in_flight. */
static void
test_measured_schedules (void)
{
  g_autoptr(cJSON) root = rp_test_load_data ("measured", "mechanisms-cpu.json");
  const cJSON *c;
  guint n = 0;

  cJSON_ArrayForEach (c, cJSON_GetObjectItemCaseSensitive (root, "schedules"))
    {
      RpTraining t = { 0 };
      const char *name = cJSON_GetObjectItemCaseSensitive (c, "schedule")->valuestring;

      g_assert_true (rp_pipeline_schedule_from_string (name, &t.pipeline_schedule));
      t.pipeline_parallel = (guint) jnum (c, "pipeline");
      t.virtual_stages = (guint) jnum (c, "virtual_stages");
      g_assert_cmpfloat_with_epsilon (rp_stack_pipeline_in_flight (&t, jnum (c, "micro_batches")),
                                      jnum (c, "held"), 1e-9);
      n++;
    }
  g_assert_cmpuint (n, >=, 10);
}


/* FSDP under a pipeline: torchtitan's default reshard policy keeps the
 * stage's weights gathered for the whole step "to avoid per-microbatch
 * all-gathers" (torchtitan/distributed/fsdp.py): Llama 3 8B on 16 GPUs,
 * PP 2, FSDP 8: the gathered line holds a stage (16 layers, bf16), not
 * two layers, and the weights are gathered once per step. */
static void
test_fsdp_with_pipeline (void)
{
  g_autoptr(RpScenario) s = preset_scenario ("llama-3-8b", 16, 3);
  g_autoptr(RpEstimate) custom = NULL;
  g_autoptr(RpEstimate) fsdp = NULL;
  RpModelArch arch;
  double layer;

  s->training.pipeline_parallel = 2;
  s->training.global_batch = 64;
  g_assert_true (rp_model_resolve (&s->model, catalog, &arch, NULL));
  custom = estimate (s);
  s->training.framework = RP_FRAMEWORK_PYTORCH_FSDP;
  fsdp = estimate (s);
  /* per layer, as both count it: bf16 weights and one layer's gradient */
  layer = (custom->memory.gathered_bytes) / (2 * 2 + 2);
  /* the whole first stage (its 16 layers and the embedding) in bf16,
   * and one layer's fp32 gradient (FSDP2 reduces in fp32) */
  g_assert_cmpfloat_with_epsilon (fsdp->memory.gathered_bytes,
                                  fsdp->memory.params_per_gpu * 2 + 4 * layer,
                                  1e-6 * fsdp->memory.gathered_bytes);
  g_assert_cmpfloat (fsdp->memory.gathered_bytes, >, 16 * 2 * layer);
  g_assert_cmpfloat (fsdp->compute.dp_comm_s, <, custom->compute.dp_comm_s);
}

/* torchtitan's tensor parallelism (rp-loss-parallel.c): Llama 3 70B as
 * its Dec. 2024 2D row ran it, TP 8 with sequence parallelism, FSDP 32,
 * 16 × 8192 tokens per micro-batch, fp8 linears.  loss_parallel()'s
 * backward holds zeros_like (x), exp (x) and their sum beside the saved
 * fp32 log-softmax shard (T × V/8 × 4 bytes): three shards where aten's
 * unfused backward holds two; and the output layer, left in bf16 by
 * torchtitan's Float8 filter, saves the gathered sequence (T × h × 2
 * bytes) where Megatron saves its fp8 shard (T × h / 8). */
static void
test_tp_loss_parallel (void)
{
  g_autoptr(RpScenario) s = preset_scenario ("llama-3-70b", 256, 3);
  RpMemoryEstimate tt, plain;
  double T = 16.0 * 8192, shard = T * 128256 / 8 * 4, head = T * 8192 * (2 - 1.0 / 8);

  s->training.tensor_parallel = 8;
  s->training.sequence_parallel = TRUE;
  s->training.micro_batch = 16;
  s->training.seq_len = 8192;
  s->training.global_batch = 512;
  s->training.precision = RP_PRECISION_FP8_MIXED;
  s->training.loss = RP_LOSS_FULL;
  s->training.framework = RP_FRAMEWORK_PYTORCH_FSDP;
  memory (s, &tt);
  g_assert_cmpfloat_with_epsilon (tt.logits_bytes, shard, 1e-9 * shard);
  g_assert_cmpfloat_with_epsilon (tt.logits_transient_bytes, 3 * shard, 1e-9 * shard);
  /* a plain PyTorch loop with the same split runs neither */
  s->training.framework = RP_FRAMEWORK_PYTORCH;
  memory (s, &plain);
  g_assert_cmpfloat_with_epsilon (plain.logits_transient_bytes, 2 * shard, 1e-9 * shard);
  g_assert_cmpfloat_with_epsilon (tt.activations_bytes - plain.activations_bytes, head,
                                  1e-9 * head);
  /* without tensor parallelism the loss is aten's */
  s->training.framework = RP_FRAMEWORK_PYTORCH_FSDP;
  s->training.tensor_parallel = 1;
  memory (s, &tt);
  g_assert_cmpfloat_with_epsilon (tt.logits_transient_bytes, 2 * tt.logits_bytes,
                                  1e-9 * tt.logits_bytes);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  catalog = rp_test_load_catalog ();

  g_test_add_func ("/core/mechanisms/fp8-copies-sharded", test_fp8_copies_sharded);
  g_test_add_func ("/core/mechanisms/zero3-gather-lora", test_zero3_gather_lora);
  g_test_add_func ("/core/mechanisms/offload-gradients", test_offload_gradients);
  g_test_add_func ("/core/mechanisms/megatron-18-bytes", test_megatron_18_bytes);
  g_test_add_func ("/core/mechanisms/fsdp2-fp32-shards", test_fsdp2_fp32_shards);
  g_test_add_func ("/core/mechanisms/deepspeed-zero3-buffers", test_deepspeed_zero3_buffers);
  g_test_add_func ("/core/mechanisms/ddp-buckets", test_ddp_buckets);
  g_test_add_func ("/core/mechanisms/loss", test_loss_implementations);
  g_test_add_func ("/core/mechanisms/allocator", test_allocator);
  g_test_add_func ("/core/mechanisms/pipeline-schedules", test_pipeline_schedules);
  g_test_add_func ("/core/mechanisms/pipeline-gpipe", test_pipeline_gpipe);
  g_test_add_func ("/core/mechanisms/selective-alias", test_selective_alias);
  g_test_add_func ("/core/mechanisms/op-selective", test_op_selective);
  g_test_add_func ("/core/mechanisms/every-nth-layer", test_every_nth_layer);
  g_test_add_func ("/core/mechanisms/context-parallel", test_context_parallel);
  g_test_add_func ("/core/mechanisms/qlora-dequant", test_qlora_dequant);
  g_test_add_func ("/core/mechanisms/optimizer-in-backward", test_optimizer_in_backward);
  g_test_add_func ("/core/mechanisms/goodput", test_goodput);
  g_test_add_func ("/core/mechanisms/gradient-lifetime", test_gradient_lifetime);
  g_test_add_func ("/core/mechanisms/reference-model", test_reference_model);
  g_test_add_func ("/core/mechanisms/unfused-elementwise", test_unfused_elementwise);
  g_test_add_func ("/core/mechanisms/moe-shared-capacity", test_moe_shared_and_capacity);
  g_test_add_func ("/core/mechanisms/moe-all-to-all", test_moe_all_to_all);
  g_test_add_func ("/core/mechanisms/loss-fix", test_loss_fix);
  g_test_add_func ("/core/mechanisms/paged-optimizer", test_paged_optimizer);
  g_test_add_func ("/core/mechanisms/fsdp-with-pipeline", test_fsdp_with_pipeline);
  g_test_add_func ("/core/mechanisms/measured-op-sac", test_measured_op_sac);
  g_test_add_func ("/core/mechanisms/measured-loss", test_measured_loss);
  g_test_add_func ("/core/mechanisms/measured-schedules", test_measured_schedules);
  g_test_add_func ("/core/mechanisms/tp-loss-parallel", test_tp_loss_parallel);
  status = g_test_run ();
  rp_catalog_unref (catalog);
  return status;
}

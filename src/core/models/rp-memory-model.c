/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-memory-model.c: per-GPU memory of a training run
 *
 * total = weights + weight copies + gradients + optimizer states
 *       + activations (+ one re-materialised layer) + logits
 *       + ZeRO-3/FSDP gathered layers + overhead lines
 *
 * Model states follow Rajbhandari et al. 2020 (ZeRO, arXiv:1910.02054,
 * §3.1 and §5): mixed-precision Adam keeps 2 + 2 + 12 bytes per parameter
 * (16-bit weights, 16-bit gradients, fp32 master + two fp32 moments);
 * ZeRO-1 shards the 12, ZeRO-2 also the gradients, ZeRO-3 also the
 * weights, each over the data-parallel size Nd.
 *
 * Activations per transformer layer follow Korthikanti et al. 2022
 * (arXiv:2205.05198, §4): sbh(34 + 5as/h) bytes without recomputation,
 * 34sbh with selective recomputation, 2sbh (the layer input) with full
 * recomputation; tensor parallel t splits all but 10sbh, sequence
 * parallel splits everything.  We write the same sum term by term with
 * each tensor's element size, so that it also reproduces what PyTorch
 * eager saves (fp32 residual under autocast, one bf16 input copy per
 * linear layer, RMSNorm's fp32 intermediates, fp32 softmax and loss in
 * Llama-style code, GQA, SwiGLU, LoRA) — checked against exact
 * measurements in tests/data/measured/memory-cpu.json (see
 * tools/measure/ANALYSIS.md and tests/test-memory-model.c).
 *
 * Pipeline parallel uses the 1F1B schedule (Narayanan et al. 2021,
 * arXiv:2104.04473, §2.2): the first stage keeps the activations of
 * min(p, m) micro-batches, the last one of one micro-batch.
 */

#include "config.h"

#include "rp-memory-model.h"

#include "rp-bands.h"
#include "rp-calibrated.h"
#include "rp-catalog.h"
#include "rp-loss-parallel-private.h"
#include "rp-model.h"
#include "rp-scenario.h"
#include "rp-stack.h"
#include "rp-units.h"
#include "rp-deepspeed-private.h"
#include "rp-peft-private.h"
#include "rp-zero3-private.h"

#include <math.h>
#include <string.h>

/* ---- constants ------------------------------------------------------ */

/* QLoRA NF4 with double quantization (Dettmers et al. 2023,
 * arXiv:2305.14314, §3): 4 bits per weight, an 8-bit absmax per block of
 * 64 and an fp32 constant per 256 absmax values: 4 + 8/64 + 32/(64·256)
 * bits = 4.127 bits. */
static const double nf4_dq_bytes_per_param = (4.0 + 8.0 / 64.0 + 32.0 / (64.0 * 256.0)) / 8.0;

/* bitsandbytes 8-bit optimizers (Dettmers et al. 2022, arXiv:2110.02861,
 * §2.1): one byte per moment element plus an fp32 absmax per block of
 * 2048 elements. */
static const double adam8bit_bytes_per_moment = 1.0 + 4.0 / 2048.0;

/* PyTorch CUDA context with lazy module loading (default since PyTorch
 * 1.13, pytorch/pytorch#86509: 287,047,680 bytes measured after the first
 * tensor; ptrblck in pytorch/pytorch#109888: "around 400MB").  The Ada
 * figure is a PyTorch 2.10 measurement on an RTX 6000 Ada
 * (unslothai/unsloth-zoo#1053: 426 MiB); the context grows with the SM
 * count (per-SM local memory reservation), so Hopper/Blackwell and the
 * big AMD parts are given more.  Older generations: the 287 MB figure. */
static const double cuda_context_small_bytes = 287047680.0;
static const double cuda_context_ada_bytes = 426.0 * 1024 * 1024;
static const double cuda_context_large_bytes = 512.0 * 1024 * 1024;

/* cuBLAS workspace per handle: 32 MiB on Hopper and later, 4 MiB before
 * (cuBLAS documentation, cublasSetWorkspace(), recommended sizes). */
static const double cublas_workspace_hopper_bytes = 32.0 * 1024 * 1024;
static const double cublas_workspace_bytes = 4.0 * 1024 * 1024;

/* NCCL_BUFFSIZE defaults to 4 MiB per channel and direction (NCCL user
 * guide, Environment Variables).  Channel counts are the ones NCCL
 * typically selects per transport (NCCL_DEBUG=INFO logs): up to 32 over
 * NVLink 4/5, 24 over NVLink 3, 16 over NVLink 2, 4 over PCIe. */
static const double nccl_buffsize_bytes = 4.0 * 1024 * 1024;

/* Huawei HCCL: each communicator takes 2 × HCCL_BUFFSIZE, default 200 MB
 * (CANN documentation, HCCL_BUFFSIZE). */
static const double hccl_buffsize_bytes = 200.0 * 1024 * 1024;

/* PyTorch caching-allocator fragmentation (reserved but unused).  GMLake
 * (Guo et al., ASPLOS 2024, arXiv:2401.08156, §2.3 and §6) measures on
 * average 15 % (up to 33 %) when recomputation, ZeRO or offload are used,
 * and little for plain training; we take 5 % of the memory that changes
 * every step for plain runs and 15 % with those techniques. */
static const double fragmentation_plain = 0.05;
static const double fragmentation_techniques = 0.15;

/* FSDP keeps at most two all-gathers in flight (limit_all_gathers,
 * PyTorch FSDP documentation), i.e. the current and the prefetched layer. */
static const double zero3_layers_in_flight = 2.0;

/* The default runtime: PyTorch ≥ 2.1 on a GPU.  CUDA autocast runs
 * softmax in fp32 and CUDA layer_norm keeps fp32 statistics (PyTorch AMP
 * op reference); torch ≥ 2.1's mean(dim) backward needs only sizes
 * (derivatives.yaml: sym_numel), torch 1.13's saved its input
 * (tools/measure/ANALYSIS.md, "Norms"). */
static const RpMemoryRuntime default_runtime = { FALSE, FALSE, FALSE };

/* ---- precision recipes ---------------------------------------------- */

typedef struct
{
  double   weight_bytes;        /* per parameter, the copy the GPU computes with */
  double   grad_bytes;
  double   master_bytes;        /* fp32 master copy kept by the optimizer */
  double   state_bytes;         /* one optimizer moment element */
  double   act_bytes;           /* matmul outputs, attention probabilities */
  double   residual_bytes;      /* residual stream and norm inputs */
  double   linear_in_bytes;     /* what a linear layer keeps of its input */
  double   weight_copy_bytes;   /* per linear weight: cast cache / fp8 copies */
  gboolean autocast;            /* each op casts its fp32 input itself */
  gboolean fused_kernels;       /* Megatron/TE: fused norms and softmax */
  double   gather_bytes;        /* a ZeRO-3 gathered weight; 0: weight_bytes */
} Recipe;

/* rp-types.h "Precision recipes".  AMP: torch.autocast keeps fp32 weights
 * and the fp32 residual stream, and caches a bf16 copy of each weight for
 * the forward pass (PyTorch AMP documentation, "Autocast op reference").
 * *_MIXED: Megatron-LM/DeepSpeed (ZeRO paper §3.1).  FP8: Transformer
 * Engine keeps bf16 weights plus an fp8 copy and its transpose per linear
 * weight (2 × 1 byte) and saves fp8 linear inputs (TE user guide, "FP8
 * primer"). */
static const Recipe recipes[RP_N_PRECISIONS] = {
  [RP_PRECISION_FP32]       = { 4, 4, 0, 4, 4, 4, 4, 0, FALSE, FALSE },
  [RP_PRECISION_AMP_BF16]   = { 4, 4, 0, 4, 2, 4, 2, 2, TRUE,  FALSE },
  [RP_PRECISION_AMP_FP16]   = { 4, 4, 0, 4, 2, 4, 2, 2, TRUE,  FALSE },
  [RP_PRECISION_BF16_MIXED] = { 2, 2, 4, 4, 2, 2, 2, 0, FALSE, TRUE },
  [RP_PRECISION_FP16_MIXED] = { 2, 2, 4, 4, 2, 2, 2, 0, FALSE, TRUE },
  [RP_PRECISION_BF16_PURE]  = { 2, 2, 0, 2, 2, 2, 2, 0, FALSE, FALSE },
  [RP_PRECISION_FP8_MIXED]  = { 2, 2, 4, 4, 2, 2, 1, 2, FALSE, TRUE },
};

/* The recipe the stack runs (rp-stack.c): its gradient type; FSDP2's
 * fp32 shards are the optimizer's own parameters and are gathered in
 * 16 bits; only Megatron (and Rigplan's mixed recipes before stacks
 * were named) runs fused norm and softmax kernels. */
static void
effective_recipe (const RpStack *stack,
                  Recipe        *out)
{
  *out = recipes[stack->precision];
  out->gather_bytes = out->weight_bytes;
  out->grad_bytes = stack->grad_bytes;
  if (stack->fp32_shards)
    {
      out->weight_bytes = 4;
      out->master_bytes = 0;
    }
  if (stack->framework != RP_FRAMEWORK_MEGATRON && stack->framework != RP_FRAMEWORK_CUSTOM)
    out->fused_kernels = FALSE;
}

/* A LoRA base loaded in 16 bits under autocast: its embedding writes a
 * 16-bit residual stream, so every activation is 16-bit, as in the pure
 * recipe, while the fp32 adapters keep their fp32 gradients and states
 * (tools/measure/measure_plain.py measures both loads on CPU). */
static void
frozen_base_recipe (const RpScenario *scenario,
                    const RpStack    *stack,
                    Recipe           *recipe)
{
  if (scenario->training.method == RP_METHOD_LORA && recipe->autocast && stack->base_bytes < 4)
    recipe->residual_bytes = stack->base_bytes;
}

/* ---- private structs ------------------------------------------------ */

/* Parameters held by one GPU before ZeRO sharding, split into the dense
 * part (sharded over Nd) and the MoE experts (sharded over Nd / ep). */
typedef struct
{
  double dense;
  double expert;
  double trainable_dense;
  double trainable_expert;
  double frozen_linear;       /* frozen layer weights (QLoRA: NF4) */
  double linear;              /* weights used in matmuls (cast copies) */
  double head_linear;         /* the output layer's share of linear */
  double ends;                /* embedding, final norm and output layer held here */
  double embed;               /* the embedding's share of ends */
  double layer;               /* one layer (ZeRO-3 gather unit) */
  double layer_trainable;     /* its trainable part (LoRA: the adapters) */
  double layer_linear;        /* its frozen-able linear weights (QLoRA: NF4) */
  double adafactor_elems;     /* factored second-moment elements */
  double largest_tensor;      /* the largest single weight's elements */
} ParamShare;

/* Everything one transformer layer's activations depend on. */
typedef struct
{
  const Recipe *recipe;
  const RpMemoryRuntime *runtime;
  double        seq;
  double        q_seq;        /* queries on this rank: seq / context parallel */
  double        batch;
  double        tokens;       /* seq × batch */
  double        hidden;
  double        q_width;      /* heads × head_dim */
  double        kv_width;     /* what QK^T and AV hold of K and V */
  double        heads;
  double        ffn;
  double        split;        /* tensor-parallel divisor of the split terms */
  double        replicated;   /* divisor of the replicated terms (t with SP) */
  double        experts_active;   /* expert passes per token (MoE), else 1 */
  double        experts;
  double        lora_rank;
  RpFfnAct      ffn_act;
  RpNorm        norm;
  RpRecompute   recompute;
  guint         recompute_interval;
  gboolean      flash;
  gboolean      dropout;
  gboolean      fp32_softmax; /* the code upcasts attention probabilities */
  gboolean      lora;
  gboolean      lora_dropout; /* PEFT's lora_dropout (rp-peft.c) */
  guint         qkv_adapters; /* LoRA adapters on q, k, v */
  gboolean      k_adapter;
  guint         o_adapters;
  guint         mlp_in_adapters;
  guint         down_adapters;
} LayerShape;

/* What the model derives from the architecture and the scenario's
 * method and LoRA fields alone: the costly counts every setting shares
 * (rp-memory-model.h, "prepared"). */
typedef struct
{
  /* key: what these figures are computed from */
  RpModelArch   arch;
  RpMethod      method;
  RpLoraTargets lora_targets;
  guint         lora_rank;
  /* figures */
  gboolean      transformer;      /* rp_model_kind_is_transformer */
  gboolean      counted;          /* … with a layer count (share_transformer) */
  guint64       params;           /* rp_model_params */
  guint         total_layers;     /* rp_model_total_layers */
  guint         layers_max;       /* MAX (total_layers, 1) */
  guint         head_dim;         /* rp_model_head_dim */
  double        embed;            /* split_transformer_params */
  double        head;
  double        per_layer;
  double        expert_per_layer;
  double        matrix_io;        /* layer_matrix_io */
  double        frozen_linear;    /* all-linear frozen weights */
  double        lora_per_layer;   /* lora_params_per_layer; LoRA only */
  double        lora_uncast;      /* lora_first_layer_uncast; LoRA only */
} ArchPart;

/* What it derives from the GPU and the catalog: the same for every
 * setting of one machine. */
typedef struct
{
  const RpGpu         *gpu;
  const RpCatalog     *catalog;
  double               cuda_context;
  double               workspace;
  const RpModelPreset *preset;    /* the opaque models' reference size */
  const RpCalibration *calibration;
  RpBand               band;      /* rp_bands_memory's, before it is applied */
  /* the scenario fields these were read from (fixed_fields_match) */
  RpFramework          framework;
  RpPrecision          precision;
  guint                n_gpus;
  const char          *preset_id;
  const RpCalibration *given_calibration;
  double               band_scale;
} MachinePart;

struct _RpMemoryPrepared
{
  ArchPart    a;
  MachinePart m;
};

typedef struct
{
  const RpScenario  *scenario;
  const RpModelArch *arch;
  const RpGpu       *gpu;
  const ArchPart    *ap;
  const MachinePart *mp;
  const Recipe      *recipe;  /* points at own_recipe */
  Recipe             own_recipe;
  RpStack            stack;
  const RpMemoryRuntime *runtime;
  double             nd;      /* ranks ZeRO shards over: data × context parallel */
  double             cp;
  double             tp;
  double             pp;
  double             ep;
  gboolean           lora;
  gboolean           qlora;
  double             micro_batches; /* per optimizer step and pipeline */
} Ctx;

/* ---- helpers: parameters -------------------------------------------- */

static gboolean
is_gated (RpFfnAct act)
{
  return act == RP_FFN_ACT_SWIGLU || act == RP_FFN_ACT_GEGLU;
}

static gboolean
is_lora (RpMethod method)
{
  return method == RP_METHOD_LORA || method == RP_METHOD_QLORA;
}

static double
norm_param_count (const RpModelArch *arch)
{
  return arch->norm == RP_NORM_LAYERNORM ? 2.0 * arch->hidden : arch->hidden;
}

/* Σ(in + out) over the matrices of one layer (Adafactor's factored
 * second moment keeps one row and one column vector per matrix,
 * Shazeer & Stern 2018, arXiv:1804.04235, §3). */
static double
layer_matrix_io (const RpModelArch *arch)
{
  guint64 io = 0;

  rp_model_lora_shape (arch, RP_LORA_TARGETS_ALL_LINEAR, &io, NULL);
  return (double) io;
}

/* Parameters of the embeddings, the output layer and the final norm, and
 * of one layer, from the counted architecture scaled to the count in use
 * (the published one when the preset has it). */
static void
split_transformer_params (const RpModelArch *arch,
                          double            *embed,
                          double            *head,
                          double            *per_layer,
                          double            *expert_per_layer)
{
  double counted = (double) rp_model_count_params (arch);
  double scale = counted > 0 ? (double) rp_model_params (arch) / counted : 1.0;
  double h = arch->hidden;
  double layers = MAX (rp_model_total_layers (arch), 1);
  double e = ((double) arch->vocab + arch->max_positions + arch->type_vocab) * h;
  double o = (arch->tied_embeddings ? 0.0 : (double) arch->vocab * h) + norm_param_count (arch);

  if (arch->kind == RP_MODEL_KIND_VIT)
    e = o = 0.0;                /* patch embedding and classifier are tiny */
  *embed = e * scale;
  *head = o * scale;
  *per_layer = MAX (counted - e - o, 0.0) / layers * scale;
  *expert_per_layer = 0.0;
  if (arch->kind == RP_MODEL_KIND_MOE)
    *expert_per_layer = (is_gated (arch->ffn_act) ? 3.0 : 2.0) * h * arch->ffn *
                        arch->experts * scale;
}

/* LoRA adapters on one layer: rank × Σ(in + out) of the targeted matrices
 * (Hu et al. 2021, arXiv:2106.09685, §4). */
static double
lora_params_per_layer (const RpModelArch *arch,
                       const RpTraining  *t)
{
  guint64 io = 0;

  rp_model_lora_shape (arch, t->lora_targets, &io, NULL);
  return (double) t->lora_rank * (double) io;
}

/* Under LoRA the first layer's input needs no gradient, so its frozen
 * q/k/v weights and the A matrices of their adapters are not kept (cast)
 * for backward (tools/measure/ANALYSIS.md, "LoRA"). */
static double
lora_first_layer_uncast (const RpModelArch *arch,
                         const RpTraining  *t)
{
  double d = rp_model_head_dim (arch), h = arch->hidden;
  double qkv = h * arch->heads * d + 2 * h * arch->kv_heads * d;
  guint adapters = t->lora_targets == RP_LORA_TARGETS_QV ? 2 : 3;

  return qkv + adapters * (double) t->lora_rank * h;
}

static double
layers_on_stage (const Ctx *ctx)
{
  return ceil (ctx->ap->layers_max / ctx->pp);
}

/* Parameters one GPU holds for @first / @last stage roles (both with pp 1):
 * layers split by tp, experts by ep, the embedding on the first stage and
 * the output layer on the last (a tied embedding is duplicated there when
 * pp > 1, as Megatron-LM does). */
static void
share_transformer (const Ctx  *ctx,
                   gboolean    first,
                   gboolean    last,
                   ParamShare *out)
{
  const RpModelArch *arch = ctx->arch;
  const ArchPart *ap = ctx->ap;
  double embed = ap->embed, head = ap->head, per_layer = ap->per_layer;
  double expert_layer = ap->expert_per_layer, layers = layers_on_stage (ctx);
  double ends = 0.0, io = ap->matrix_io;

  if (first)
    ends += embed;
  if (last)
    ends += head + (arch->tied_embeddings && !first ? (double) arch->vocab * arch->hidden : 0);
  out->dense = (layers * (per_layer - expert_layer) + ends) / ctx->tp;
  out->expert = layers * expert_layer / ctx->tp / ctx->ep;
  out->layer = (per_layer - expert_layer + expert_layer / ctx->ep) / ctx->tp;
  out->frozen_linear = ap->frozen_linear / ap->layers_max * layers / ctx->tp;
  out->layer_linear = ap->frozen_linear / ap->layers_max / ctx->tp;
  out->layer_trainable = out->layer;
  out->head_linear = last ? (double) arch->vocab * arch->hidden / ctx->tp : 0;
  out->ends = ends / ctx->tp;
  out->embed = first ? embed / ctx->tp : 0;
  out->largest_tensor = MAX ((double) arch->vocab * arch->hidden,
                             (double) arch->hidden * MAX (arch->ffn, arch->hidden)) / ctx->tp;
  if (ctx->lora)
    out->largest_tensor = (double) ctx->scenario->training.lora_rank *
                          MAX (arch->ffn, arch->hidden) / ctx->tp;
  out->linear = out->frozen_linear + out->head_linear;
  if (ctx->lora && first)
    out->linear -= ap->lora_uncast / ctx->tp;
  out->adafactor_elems = (layers * io + (first ? embed / MAX (arch->hidden, 1) + arch->hidden : 0) +
                          (last && head > 0 ? arch->vocab + arch->hidden : 0)) / ctx->tp;
  if (ctx->lora)
    {
      double adapters = layers * ap->lora_per_layer / ctx->tp;

      out->trainable_dense = adapters;
      out->trainable_expert = 0.0;
      out->dense += adapters;
      out->linear += adapters;
      out->layer += ap->lora_per_layer / ctx->tp;
      out->layer_trainable = ap->lora_per_layer / ctx->tp;
      /* each adapter matrix factors into (r + in) and (out + r) */
      out->adafactor_elems = layers * io / ctx->tp;
    }
  else
    {
      out->trainable_dense = out->dense;
      out->trainable_expert = out->expert;
    }
}

/* CNN, UNet and custom models have a parameter count only: split evenly
 * over tp × pp; without layer structure FSDP gathers the model as one
 * unit (no auto-wrap policy), and Adafactor is counted unfactored. */
static void
share_opaque (const Ctx  *ctx,
              ParamShare *out)
{
  double params = (double) ctx->ap->params / (ctx->tp * ctx->pp);

  out->dense = params;
  out->layer = params;
  out->layer_trainable = params;
  out->largest_tensor = params;
  out->linear = params;
  out->adafactor_elems = params;
  out->trainable_dense = params;
  if (ctx->lora)
    {
      /* no adapter shapes without an architecture: ~1 % of the weights,
       * the LoRA paper's GPT-3 r=4 ratio order (Hu et al. 2021, Table 4) */
      out->trainable_dense = params * 0.01;
      out->dense += out->trainable_dense;
      out->layer_trainable = out->trainable_dense;
      out->layer += out->trainable_dense;
      out->adafactor_elems = out->trainable_dense;
    }
}

static void
share_params (const Ctx  *ctx,
              gboolean    first,
              gboolean    last,
              ParamShare *out)
{
  memset (out, 0, sizeof *out);
  if (ctx->ap->counted)
    share_transformer (ctx, first, last, out);
  else
    share_opaque (ctx, out);
}

/* ---- helpers: model states ------------------------------------------ */

/* Optimizer bytes per trainable parameter, moments and master copy. */
static double
optimizer_bytes_per_param (const Ctx *ctx)
{
  const Recipe *r = ctx->recipe;

  switch (ctx->scenario->training.optimizer)
    {
    case RP_OPTIMIZER_ADAMW:              /* Loshchilov & Hutter 2019: m and v */
      return 2 * r->state_bytes + r->master_bytes;
    case RP_OPTIMIZER_ADAMW_8BIT:
    case RP_OPTIMIZER_ADAMW_8BIT_PAGED:
      return 2 * adam8bit_bytes_per_moment + r->master_bytes;
    case RP_OPTIMIZER_SGD:
      return r->master_bytes;
    case RP_OPTIMIZER_SGD_MOMENTUM:       /* one momentum buffer */
    case RP_OPTIMIZER_LION:               /* Chen et al. 2023, arXiv:2302.06675: one momentum */
      return r->state_bytes + r->master_bytes;
    case RP_OPTIMIZER_ADAFACTOR:          /* factored part added by the caller */
      return r->master_bytes;
    case RP_N_OPTIMIZERS:
    default:
      g_assert_not_reached ();
    }
  return 0.0;
}

/* Bytes of the frozen base weights and the trainable weights. */
static double
weight_bytes (const Ctx        *ctx,
              const ParamShare *share)
{
  double trainable = share->trainable_dense + share->trainable_expert;
  double all = share->dense + share->expert;
  double frozen = all - trainable;

  if (!ctx->lora)
    return all * ctx->recipe->weight_bytes;
  if (!ctx->qlora)
    /* the base as the script loaded it (rp-stack.c, base_bytes) */
    return frozen * ctx->stack.base_bytes + trainable * ctx->recipe->weight_bytes;
  if (ctx->qlora)
    {
      double frozen_linear = MIN (share->frozen_linear, frozen);

      /* QLoRA: NF4 linear weights, the rest (embeddings, norms, head) in
       * bf16 (Dettmers et al. 2023, §3) */
      return frozen_linear * nf4_dq_bytes_per_param + (frozen - frozen_linear) * 2.0 +
             trainable * ctx->recipe->weight_bytes;
    }
  return all * ctx->recipe->weight_bytes;
}

static double
shard (double   value,
       double   nd,
       gboolean sharded)
{
  return sharded ? value / MAX (nd, 1.0) : value;
}

/* One ZeRO-3/FSDP gather unit as it travels: each part in the dtype it
 * is stored in, so QLoRA gathers its frozen linear weights packed in NF4
 * (Dettmers et al. 2023 §3; FSDP+QLoRA stores them in a bf16 container
 * of the same bytes, bnb_4bit_quant_storage). */
static double
gathered_layer_bytes (const Ctx        *ctx,
                      const ParamShare *s)
{
  double frozen = s->layer - s->layer_trainable;
  double linear = MIN (s->layer_linear, frozen);

  if (!ctx->qlora)
    return s->layer * ctx->recipe->gather_bytes;
  return linear * nf4_dq_bytes_per_param + (frozen - linear) * 2.0 +
         s->layer_trainable * ctx->recipe->gather_bytes;
}

typedef struct
{
  double weights;
  double weight_copies;
  double gradients;
  double optimizer;
  double gathered;
  double buckets;
  double cpu;
  double embed_gradients;     /* made last in backward, after the first layer's */
  double reference;           /* the frozen reference model's weights */
} StateBytes;

/* Parameters FSDP gathers for the output layer's backward, at the turn
 * from forward to backward (beside the last layer, which torchtitan
 * does not reshard after forward, and the prefetched one): torchtitan
 * wraps each block and then the root module, so the root's embedding,
 * final norm and output layer travel as one unit (torchtitan/
 * distributed/parallelize_llama.py, apply_fsdp); torchtune's recipes
 * shard the output layer on its own (custom_sharded_layers:
 * ['tok_embeddings', 'output'] in recipes/configs/llama3_1). */
static double
fsdp_head_unit (const Ctx        *ctx,
                const ParamShare *s)
{
  if (s->head_linear <= 0)
    return 0.0;
  if (ctx->stack.framework == RP_FRAMEWORK_TORCHTUNE)
    return s->head_linear;
  if (ctx->stack.framework == RP_FRAMEWORK_PYTORCH_FSDP)
    return s->ends;
  return 0.0;
}

/* DeepSpeed ZeRO-3 at the turn from forward to backward: the output
 * layer, the forward's tail within the reuse distance, the module
 * running and its prefetch (rp-zero3.c, from DeepSpeed's coordinator).
 * QLoRA's NF4 weights count as DeepSpeed counts their bf16 storage,
 * four to an element, and are dequantized per matmul. */
static double
deepspeed_kept_bytes (const Ctx        *ctx,
                      const ParamShare *s,
                      double            per_layer)
{
  const RpModelArch *a = ctx->arch;
  double packed = ctx->qlora ? 0.75 * MIN (s->layer_linear, s->layer - s->layer_trainable) : 0;
  double leaf = s->layer;
  RpZero3Stage z = { 0 };

  if (rp_model_kind_is_transformer (a->kind) && a->hidden > 0)
    leaf = MIN ((double) a->hidden * MAX (a->ffn, a->heads * ctx->ap->head_dim) / ctx->tp,
                s->layer);
  rp_deepspeed_zero3_limits (&ctx->stack, a, &z);
  z.layer_numel = s->layer - packed;
  z.layer_bytes = per_layer;
  z.head_numel = s->head_linear;
  z.head_bytes = s->head_linear * ctx->recipe->gather_bytes;
  z.ends_numel = s->ends;
  z.stage_numel = s->ends + (s->dense + s->expert - s->ends) / s->layer * z.layer_numel;
  z.stage_bytes = s->ends * ctx->recipe->gather_bytes +
                  (s->dense + s->expert - s->ends) / s->layer * per_layer;
  z.leaf_numel = ctx->qlora ? leaf / 4 : leaf;
  z.dequant_bytes = ctx->qlora ? leaf * 2.0 : 0.0;
  if (ctx->lora && (ctx->scenario->training.recompute == RP_RECOMPUTE_FULL ||
                    ctx->scenario->training.recompute == RP_RECOMPUTE_EVERY_NTH))
    z.recompute_numel = s->layer - s->layer_trainable - packed;
  return rp_zero3_deepspeed_gathered_bytes (&z);
}

/* ZeRO-3/FSDP: the layer being computed and the prefetched one,
 * unsharded, plus the full gradient of its trainable part before the
 * reduce-scatter (frozen weights get none) and its fp8 weight copies.
 * DeepSpeed keeps what it reuses soon gathered (deepspeed_kept_bytes),
 * and reduces through its bucket (the buckets line). */
static double
zero3_gathered_bytes (const Ctx        *ctx,
                      const ParamShare *s)
{
  const Recipe *r = ctx->recipe;
  double per_layer = gathered_layer_bytes (ctx, s);
  double copies = s->layer_linear * r->weight_copy_bytes;
  double stage_params = s->dense + s->expert;

  if ((ctx->stack.zero3_keeps_stage || ctx->stack.shard_grad_op) && s->layer > 0)
    /* FSDP under a pipeline keeps the stage gathered (rp-stack.c), and
     * SHARD_GRAD_OP every layer from its forward on (rp-fsdp-sgo.c) */
    return stage_params / s->layer * per_layer + s->layer_trainable * r->grad_bytes + copies;
  if (ctx->stack.zero3_reuse_params <= 0 || s->layer <= 0)
    return zero3_layers_in_flight * per_layer + copies +
           MAX (s->layer_trainable * r->grad_bytes, fsdp_head_unit (ctx, s) * r->gather_bytes);
  return deepspeed_kept_bytes (ctx, s, per_layer) + copies;
}

/* Data-parallel gradient buckets, or the user's figure. */
static double
bucket_bytes (const Ctx        *ctx,
              const ParamShare *s)
{
  double trainable = s->trainable_dense + s->trainable_expert;

  if (!isnan (ctx->stack.comm_buffer_bytes))
    return ctx->nd > 1 ? ctx->stack.comm_buffer_bytes : 0.0;
  if (ctx->nd <= 1)
    return 0.0;
  if (ctx->scenario->training.zero_stage >= 3 && ctx->stack.zero3_reuse_params <= 0)
    return 0.0;   /* FSDP: the gathered layer's gradient is the buffer */
  switch (ctx->stack.buckets)
    {
    case RP_BUCKETS_DDP_COPY:
      return trainable * ctx->recipe->grad_bytes;
    case RP_BUCKETS_REDUCE:
      if (ctx->scenario->training.zero_stage >= 3)
        /* ZeRO-3 allocates its whole bucket per gradient dtype, however
         * few parameters train (stage3.py, ipg_buckets: torch.empty
         * (self.reduce_bucket_size)) */
        return rp_deepspeed_reduce_bucket_elems (&ctx->stack, ctx->arch) * ctx->recipe->grad_bytes;
      return MIN (trainable, rp_deepspeed_reduce_bucket_elems (&ctx->stack, ctx->arch)) *
             ctx->recipe->grad_bytes;
    case RP_BUCKETS_NONE:
    default:
      return 0.0;
    }
}

/* Preference training's frozen reference model (TRL's DPOTrainer,
 * trl/trainer/dpo_trainer.py): a second copy of the model, in the dtype
 * it computes in, split like the policy over tensor and pipeline ranks;
 * sharded with ZeRO-3/FSDP, otherwise whole on every data-parallel rank
 * ("If ZeRO-3 is used, we shard both the active and reference model.
 * Otherwise ... initialized on each device with ZeRO disabled",
 * _prepare_deepspeed).  A PEFT model needs none: the reference is the
 * policy with its adapters disabled (null_ref_context). */
static double
reference_bytes (const Ctx        *ctx,
                 const ParamShare *s)
{
  const RpTraining *t = &ctx->scenario->training;
  double params;

  if (t->reference_model != RP_REFERENCE_ON_GPU || ctx->lora)
    return 0.0;
  params = s->dense + s->expert;
  return shard (params * MIN (ctx->recipe->gather_bytes, ctx->stack.base_bytes), ctx->nd,
                t->zero_stage >= 3);
}

static void
model_states (const Ctx        *ctx,
              const ParamShare *s,
              StateBytes       *out)
{
  const RpTraining *t = &ctx->scenario->training;
  const Recipe *r = ctx->recipe;
  /* SHARD_GRAD_OP shards as FULL_SHARD does (rp-fsdp-sgo.c) */
  guint stage = ctx->stack.shard_grad_op ? 3 : MIN (t->zero_stage, 3);
  double nd_expert = MAX (ctx->nd / ctx->ep, 1.0);
  double w = weight_bytes (ctx, s);
  double expert_share = s->dense + s->expert > 0 ? s->expert / (s->dense + s->expert) : 0;
  double opt_pp = optimizer_bytes_per_param (ctx);
  double opt_dense = s->trainable_dense * opt_pp, opt_expert = s->trainable_expert * opt_pp;
  double adafactor = 0.0;
  gboolean offload_opt = t->offload != RP_OFFLOAD_NONE;
  gboolean offload_params = t->offload == RP_OFFLOAD_OPTIMIZER_AND_PARAMS && stage == 3;

  memset (out, 0, sizeof *out);
  if (t->optimizer == RP_OPTIMIZER_ADAFACTOR)
    adafactor = s->adafactor_elems * r->state_bytes;
  /* weights: ZeRO-3 shards them (ZeRO §5.3) */
  out->weights = shard (w * (1 - expert_share), ctx->nd, stage == 3) +
                 shard (w * expert_share, nd_expert, stage == 3);
  out->weight_copies = s->linear * r->weight_copy_bytes;
  if (r->autocast && t->recompute == RP_RECOMPUTE_FULL)
    /* the blocks' casts are made again while recomputing: only the
     * output layer's copy stays alive (tools/measure/ANALYSIS.md,
     * "Autocast") */
    out->weight_copies = s->head_linear * r->weight_copy_bytes;
  if (r->autocast && ctx->lora && !ctx->qlora && ctx->stack.base_bytes < 4)
    /* autocast casts only fp32 weights: a 16-bit base needs no copy,
     * the fp32 adapters do (their casts too are remade when recomputing) */
    out->weight_copies = t->recompute == RP_RECOMPUTE_FULL
                         ? 0.0 : s->trainable_dense * r->weight_copy_bytes;
  /* Transformer Engine scatters the fp8 copy it saves for backward over
   * the FSDP group like the weight (TransformerEngine
   * transformer_engine/pytorch/module/linear.py, _fsdp_scatter_tensors
   * on weightmat); the layer being computed holds its whole copy. */
  if (stage == 3)
    out->weight_copies = shard (out->weight_copies, ctx->nd, TRUE);
  /* gradients: ZeRO-2 and -3 shard them (§5.2); FSDP2 under a pipeline
   * accumulates the stage's whole gradients until its last micro-batch
   * (rp-stack.c) */
  out->gradients = shard (s->trainable_dense * r->grad_bytes, ctx->nd, stage >= 2) +
                   shard (s->trainable_expert * r->grad_bytes, nd_expert, stage >= 2);
  if (ctx->stack.zero3_keeps_stage)
    out->gradients = (s->trainable_dense + s->trainable_expert) * r->grad_bytes;
  /* The optimizer step fused into backward frees each gradient once its
   * weight is updated (torchtune optimizer_in_bwd; PyTorch tutorial
   * "How to save memory by fusing the optimizer step into the backward
   * pass"): the largest single gradient is what remains. */
  if (t->optimizer_in_backward)
    out->gradients = MIN (out->gradients, s->largest_tensor * r->grad_bytes);
  if (!ctx->lora)
    out->embed_gradients = MIN (shard (s->embed * r->grad_bytes, ctx->nd, stage >= 2),
                                out->gradients);
  /* optimizer states: every ZeRO stage shards them (§5.1) */
  out->optimizer = shard (opt_dense + adafactor, ctx->nd, stage >= 1) +
                   shard (opt_expert, nd_expert, stage >= 1);
  if (stage == 3)
    out->gathered = zero3_gathered_bytes (ctx, s);
  out->buckets = bucket_bytes (ctx, s);
  out->reference = reference_bytes (ctx, s);
  /* ZeRO-Offload (Ren et al. 2021, arXiv:2101.06840, §4): optimizer
   * states, master weights and an fp32 gradient copy live in host RAM */
  if (offload_opt)
    {
      out->cpu += out->optimizer + shard ((s->trainable_dense + s->trainable_expert) * 4.0,
                                          ctx->nd, stage >= 1);
      out->optimizer = 0.0;
      /* the reduced gradients go to that host copy as each bucket is
       * done (DeepSpeed stage_1_and_2.py: offload_gradient_dict; FSDP
       * CPUOffload "offloads gradients to CPU as well"); what stays on
       * the GPU is the bucket or the gathered layer's gradient */
      if (stage >= 1)
        out->gradients = out->embed_gradients = 0.0;
    }
  if (offload_params)
    {
      out->cpu += out->weights;
      out->weights = 0.0;
    }
}

/* bitsandbytes' paged optimizers keep their states in CUDA unified
 * memory, which the driver moves to the host only when the GPU runs
 * short (bitsandbytes documentation, "Paged optimizers"; Dettmers et al.
 * 2023 §3): the states stay on the GPU while everything fits, and what
 * would not fit is paged out, up to the whole of them.  The time model
 * moves that part over PCIe every step (rp-time-model.c, paging_s). */
static void
page_optimizer (const Ctx        *ctx,
                RpMemoryEstimate *m)
{
  double capacity = (double) rp_gpu_memory_bytes (ctx->gpu), paged;

  if (ctx->scenario->training.optimizer != RP_OPTIMIZER_ADAMW_8BIT_PAGED ||
      ctx->scenario->training.offload != RP_OFFLOAD_NONE || capacity <= 0)
    return;
  paged = CLAMP (m->total_bytes - capacity, 0.0, m->optimizer_bytes);
  m->optimizer_bytes -= paged;
  m->cpu_offload_bytes += paged;
  m->total_bytes -= paged;
}

/* ---- helpers: activations ------------------------------------------- */

/* What a norm keeps for backward (its output is counted by its users).
 * Fused kernels (Megatron, Apex, TE) and torch's native layer_norm keep
 * the input and fp32 statistics.  HF's eager RMSNorm (modeling_llama)
 * keeps an fp32 copy of x, the per-token rsqrt and, when its weight
 * trains, the normalised x in the input dtype. */
static double
norm_bytes (const LayerShape *a,
            gboolean          input_needs_grad,
            gboolean          weight_trains)
{
  double T = a->tokens, h = a->hidden, r = a->recipe->residual_bytes, n;

  if (!input_needs_grad && !weight_trains)
    return 0.0;
  if (a->recipe->fused_kernels || a->norm == RP_NORM_LAYERNORM)
    return T * (r * h + 2 * (a->runtime->cpu_norm_stats ? r : 4));
  n = T * (4 * h + 4);
  if (weight_trains)
    n += T * h * r;
  if (a->runtime->mean_saves_input)
    n += T * 4 * h;     /* x², kept by mean(dim) */
  return n;
}

/* Bytes of the input copies that @n linear layers sharing one input keep:
 * under autocast an fp32 input is cast by each layer on its own. */
static double
linear_inputs (const LayerShape *a,
               guint             n,
               gboolean          input_fp32,
               double            width)
{
  const Recipe *r = a->recipe;
  guint copies = (r->autocast && input_fp32) ? n : MIN (n, 1);

  return copies * a->tokens * width * r->linear_in_bytes;
}

/* The s² terms: softmax output, dropout mask and output, or the cast of
 * the probabilities back to the compute dtype (Korthikanti §4.1: 5as²b). */
static double
attention_scores_bytes (const LayerShape *a)
{
  double elems = a->heads * a->q_seq * a->seq * a->batch;
  double p = a->recipe->act_bytes;
  double sm = a->fp32_softmax ? 4.0 : p;
  double n = elems * sm;

  if (a->dropout)
    n += elems * (1.0 + p);   /* bool mask + dropped probabilities */
  else if (sm != p)
    n += elems * p;           /* probabilities cast back for AV */
  return n;
}

/* One attention block; adds to *rep (replicated under TP) and *split. */
static void
attention_block (const LayerShape *a,
                 gboolean          first,
                 double           *rep,
                 double           *split)
{
  const Recipe *r = a->recipe;
  double T = a->tokens, p = r->act_bytes, li = r->linear_in_bytes;
  guint qkv = a->lora ? a->qkv_adapters : 3, o = a->lora ? a->o_adapters : 1;
  gboolean input_grad = !(a->lora && first);

  *rep += norm_bytes (a, input_grad, !a->lora);
  *rep += linear_inputs (a, qkv, r->residual_bytes == 4 && li < 4, a->hidden);
  /* Q and K for QK^T, V for AV (flash keeps the same three) */
  if (input_grad || a->k_adapter)
    *split += T * a->q_width * p;
  *split += 2 * T * a->kv_width * p;
  if (a->flash)
    /* FlashAttention keeps its output O and the fp32 log-sum-exp
     * (Dao et al. 2022, arXiv:2205.14135, Alg. 2) */
    *split += T * a->q_width * p + a->heads * T * 4;
  else if (a->recompute != RP_RECOMPUTE_SELECTIVE)
    *split += attention_scores_bytes (a);
  if (!a->flash || li != p)
    *split += linear_inputs (a, o, FALSE, a->q_width);
  if (a->lora)
    *split += (qkv + o) * T * a->lora_rank * p;   /* each adapter's r-wide middle */
  /* PEFT's dropped-out inputs: the norm's output, the attention's (rp-peft.c) */
  *rep += rp_peft_lora_dropout_bytes (a->lora_dropout, T, a->hidden, qkv, r->residual_bytes);
  *split += rp_peft_lora_dropout_bytes (a->lora_dropout, T, a->q_width, o, p);
  if (a->dropout)
    *rep += T * a->hidden;                          /* output dropout mask */
}

/* One MLP block (× active experts for MoE, plus the fp32 router). */
static void
mlp_block (const LayerShape *a,
           double           *rep,
           double           *split)
{
  const Recipe *r = a->recipe;
  double T = a->tokens, f = a->ffn, p = r->act_bytes, li = r->linear_in_bytes;
  gboolean gated = is_gated (a->ffn_act);
  guint in = a->lora ? a->mlp_in_adapters : (gated ? 2 : 1);
  guint down = a->lora ? a->down_adapters : 1;
  double inner;

  *rep += norm_bytes (a, TRUE, !a->lora);
  *rep += linear_inputs (a, in, r->residual_bytes == 4 && li < 4, a->hidden) * a->experts_active;
  if (gated)
    inner = 3 * T * f * p;    /* gate output, its activation, up output */
  else if (a->ffn_act == RP_FFN_ACT_RELU && li == p)
    inner = 0.0;              /* ReLU keeps its output, the down input */
  else
    inner = T * f * p;        /* GELU input (Korthikanti: 8sbh at f = 4h) */
  inner += linear_inputs (a, down, FALSE, f);
  if (a->lora)
    inner += (in + down) * T * a->lora_rank * p;
  /* PEFT's dropped-out inputs (rp-peft.c) */
  *rep += rp_peft_lora_dropout_bytes (a->lora_dropout, T, a->hidden, in, r->residual_bytes) *
          a->experts_active;
  inner += rp_peft_lora_dropout_bytes (a->lora_dropout, T, f, down, p);
  *split += inner * a->experts_active;
  if (a->experts > 1)
    *rep += T * a->experts * (4 + p);   /* router logits and fp32 probabilities */
  if (a->dropout)
    *rep += T * a->hidden;
}

/* PyTorch op-level selective checkpointing as torchtitan applies it
 * (torchtitan/distributed/activation_checkpoint.py, SelectiveAC): the
 * block's input, the outputs of the attention kernel and of every odd
 * matmul in the block's order (q, k, v, o, then gate/up/down) are saved;
 * every even matmul and all else (norms, rotary, activations) is
 * recomputed.  For an MLP without a gate that is q, v, the attention
 * output and the first MLP matmul. */
static double
op_selective_bytes (const LayerShape *a)
{
  double T = a->tokens, p = a->recipe->act_bytes, rep, split;
  double attention;

  rep = T * a->hidden * a->recipe->residual_bytes;
  /* q and v (the 1st and 3rd matmuls) */
  split = T * (a->q_width + a->kv_width) * p;
  if (a->flash)
    attention = T * a->q_width * p + a->heads * T * 4;   /* O and log-sum-exp */
  else
    attention = T * a->q_width * p + attention_scores_bytes (a);
  split += attention;
  /* the 5th matmul: gate (or the only up projection), × active experts */
  split += T * a->ffn * p * a->experts_active;
  /* the 7th, a gated MLP's down projection, leaves a full-width output */
  if (is_gated (a->ffn_act))
    rep += T * a->hidden * p;
  return rep / a->replicated + split / a->split;
}

static double
layer_bytes (const LayerShape *a,
             gboolean          first)
{
  double rep = 0.0, split = 0.0;

  switch (a->recompute)
    {
    case RP_RECOMPUTE_FULL:
      return a->tokens * a->hidden * a->recipe->residual_bytes / a->replicated;
    case RP_RECOMPUTE_SELECTIVE_OPS:
      return op_selective_bytes (a);
    case RP_RECOMPUTE_EVERY_NTH:
      {
        /* one layer in n keeps only its input, the others everything */
        LayerShape none = *a, full = *a;
        double n = MAX (a->recompute_interval, 1);

        none.recompute = RP_RECOMPUTE_NONE;
        full.recompute = RP_RECOMPUTE_FULL;
        return (layer_bytes (&full, first) + (n - 1) * layer_bytes (&none, first)) / n;
      }
    case RP_RECOMPUTE_NONE:
    case RP_RECOMPUTE_SELECTIVE:
    case RP_N_RECOMPUTES:
    default:
      break;
    }
  attention_block (a, first, &rep, &split);
  mlp_block (a, &rep, &split);
  return rep / a->replicated + split / a->split;
}

static void
lora_adapter_counts (const RpTraining *t,
                     const RpModelArch *arch,
                     LayerShape        *a)
{
  gboolean gated = is_gated (arch->ffn_act);

  a->qkv_adapters = t->lora_targets == RP_LORA_TARGETS_QV ? 2 : 3;
  a->k_adapter = t->lora_targets != RP_LORA_TARGETS_QV;
  a->o_adapters = t->lora_targets == RP_LORA_TARGETS_QV ? 0 : 1;
  a->mlp_in_adapters = t->lora_targets == RP_LORA_TARGETS_ALL_LINEAR ? (gated ? 2 : 1) : 0;
  a->down_adapters = t->lora_targets == RP_LORA_TARGETS_ALL_LINEAR ? 1 : 0;
}

/* Vision transformers see (input / patch)² + 1 tokens. */
static double
sequence_length (const RpScenario  *scenario,
                 const RpModelArch *arch)
{
  if (arch->kind == RP_MODEL_KIND_VIT && arch->patch_size > 0)
    {
      double grid = floor ((double) arch->input_size / arch->patch_size);
      return grid * grid + 1;
    }
  return MAX (scenario->training.seq_len, 1);
}

static void
layer_shape (const RpScenario      *scenario,
             const RpModelArch     *arch,
             guint                  head_dim,
             const Recipe          *recipe,
             const RpMemoryRuntime *runtime,
             LayerShape            *a)
{
  const RpTraining *t = &scenario->training;
  double d = head_dim, tp = MAX (t->tensor_parallel, 1);

  memset (a, 0, sizeof *a);
  a->recipe = recipe;
  a->runtime = runtime;
  a->seq = sequence_length (scenario, arch);
  a->batch = MAX (t->micro_batch, 1);
  /* context parallelism gives each rank s/cp of the queries and, in
   * turn, every key block (ring attention, Liu et al. 2023,
   * arXiv:2310.01889; Megatron-Core context parallel) */
  a->q_seq = a->seq / rp_stack_context_parallel (t);
  a->tokens = a->q_seq * a->batch;
  a->hidden = arch->hidden;
  a->heads = arch->heads;
  a->q_width = arch->heads * d;
  /* Eager attention repeats K and V to all heads (HF repeat_kv, Megatron
   * before its baddbmm); with one KV head and one sequence the repeat
   * stays a stride-0 view.  FlashAttention-2 reads grouped K/V as is. */
  if (t->flash_attention || (arch->kv_heads == 1 && a->batch == 1))
    a->kv_width = arch->kv_heads * d;
  else
    a->kv_width = a->q_width;
  a->ffn = arch->ffn;
  a->ffn_act = arch->ffn_act;
  a->norm = arch->norm;
  a->split = tp;
  a->replicated = t->sequence_parallel ? tp : 1.0;
  a->recompute = t->recompute;
  a->recompute_interval = MAX (t->recompute_interval, 1);
  a->flash = t->flash_attention;
  a->dropout = t->dropout;
  /* fp32 probabilities: fp32 runs, CUDA autocast (softmax is on its
   * fp32 list), and Llama-family code (RMSNorm models) that calls
   * softmax(..., dtype=torch.float32) in eager attention (HF
   * modeling_llama).  Megatron's fused softmax writes 16 bits. */
  a->fp32_softmax = a->recipe->act_bytes == 4 ||
                    (a->recipe->autocast && !runtime->cpu_autocast) ||
                    (!a->recipe->fused_kernels && arch->norm == RP_NORM_RMSNORM);
  /* expert passes per token: the routed ones, padded to the capacity
   * factor when one is set (Fedus et al. 2022, Switch §2.2: each expert
   * takes capacity_factor × tokens/experts), and the shared ones */
  a->experts_active = 1;
  if (arch->kind == RP_MODEL_KIND_MOE)
    a->experts_active = MAX (arch->experts_active, 1) *
                        (isnan (t->capacity_factor) ? 1.0 : t->capacity_factor) +
                        arch->shared_experts;
  a->experts = arch->kind == RP_MODEL_KIND_MOE ? arch->experts : 0;
  a->lora = is_lora (t->method);
  a->lora_rank = t->lora_rank;
  a->lora_dropout = a->lora && t->lora_dropout;
  if (a->lora)
    lora_adapter_counts (t, arch, a);
}

/* ---- helpers: stages ------------------------------------------------ */

typedef struct
{
  double activations;
  double recompute;
  double logits;
  double logits_transient;
  double per_layer;
  double in_flight;           /* micro-batches held, interleaving included */
} ActBytes;

/* Element size of the saved log-softmax: fp32 unless a pure 16-bit run
 * whose code does not upcast (HF Llama calls logits.float(); autocast
 * puts log_softmax on its fp32 list; Megatron's cross entropy is fp32). */
static double
logit_bytes (const LayerShape *a)
{
  const Recipe *r = a->recipe;

  if (r->act_bytes == 4 || r->autocast || r->fused_kernels || a->norm == RP_NORM_RMSNORM)
    return 4.0;
  return r->act_bytes;
}

/* Torchtune's chunked loss projects and upcasts one chunk at a time
 * (LinearCrossEntropyLoss, num_output_chunks = 8). */
static const double loss_chunks = 8;

/* The saved and the transient bytes of the loss over @T tokens and
 * @vocab classes, by implementation (rp-stack.c cites each stack):
 * full:    the log-softmax (fp32 after the upcast) is saved; in
 *          backward nll_loss's gradient and log_softmax's gradient
 *          (aten _log_softmax_backward_data writes a new tensor) are
 *          alive together beside it; the 16-bit cast comes after the
 *          first of them is freed, so two fp32 logits are transient.
 * fused:   Megatron's vocab-parallel cross-entropy saves the fp32 softmax
 *          and writes the gradient over it; only the 16-bit cast is new.
 * chunked: each chunk is projected and upcast on its own; run eagerly
 *          (torchtune's default, compile off) every chunk's fp32
 *          log-softmax is still saved, but only one chunk's two
 *          gradients are alive at a time
 *          (tools/measure/measure_mechanisms.py measures both).
 * cut:     Cut Cross-Entropy (Wijmans et al. 2025, arXiv:2411.09009,
 *          §4) keeps only the log-sum-exp and recomputes logits block by
 *          block in on-chip memory. */
static void
loss_bytes (const Ctx        *ctx,
            const LayerShape *a,
            double            T,
            double            vocab,
            ActBytes         *out)
{
  double p = a->recipe->act_bytes, tv = T * vocab / ctx->tp;

  switch (ctx->stack.loss)
    {
    case RP_LOSS_FUSED:
      out->logits = tv * 4.0;
      out->logits_transient = tv * p;
      break;
    case RP_LOSS_CHUNKED:
      out->logits = tv * logit_bytes (a);
      out->logits_transient = tv / loss_chunks * 2.0 * logit_bytes (a);
      break;
    case RP_LOSS_CUT:
      out->logits = T * 4.0;
      out->logits_transient = 0.0;
      break;
    case RP_LOSS_FULL:
    case RP_LOSS_FRAMEWORK:
    case RP_N_LOSSES:
    default:
      out->logits = tv * logit_bytes (a);
      out->logits_transient = tv * 2.0 * logit_bytes (a);
      /* torchtitan's loss_parallel() fuses the two gradients into three
       * fp32 shards (rp-loss-parallel.c) */
      if (rp_loss_parallel_enabled (&ctx->stack, &ctx->scenario->training))
        out->logits_transient = rp_loss_parallel_transient_bytes (out->logits);
      break;
    }
  /* A compiled loss (rp-stack.c): Inductor's min-cut partitioner
   * (torch/_functorch/partitioners.py, min_cut_rematerialization_
   * partition) saves the smallest cut, the 16-bit logits and the fp32
   * log-sum-exp per token, remakes the upcast and the softmax in
   * backward and writes the 16-bit gradient of the logits in one kernel
   * (one chunk at a time when chunked); torchtune's table has compile
   * alone take its Llama 3.2 3B step from 60.0 to 51.0 GiB. */
  if (ctx->stack.loss_compiled && p < 4)
    {
      out->logits = tv * p + T * 4.0;
      out->logits_transient = ctx->stack.loss == RP_LOSS_CHUNKED ? tv / loss_chunks * p : tv * p;
    }
}

static void
transformer_activations (const Ctx *ctx,
                         gboolean   first,
                         gboolean   last,
                         ActBytes  *out)
{
  const RpModelArch *arch = ctx->arch;
  LayerShape a;
  double layers = layers_on_stage (ctx), T, ends = 0.0, vocab, one;
  gboolean decoder_stack = arch->kind == RP_MODEL_KIND_ENCODER_DECODER;

  layer_shape (ctx->scenario, arch, ctx->ap->head_dim, ctx->recipe, ctx->runtime, &a);
  T = a.tokens;
  out->per_layer = layer_bytes (&a, FALSE);
  if (decoder_stack)
    {
      /* T5 decoder layers add a cross-attention block; spread over layers */
      double rep = 0.0, split = 0.0, dec = arch->decoder_layers, all = layers * ctx->pp;

      if (a.recompute != RP_RECOMPUTE_FULL)
        attention_block (&a, FALSE, &rep, &split);
      out->per_layer += (rep / a.replicated + split / a.split) * dec / MAX (all, 1);
    }
  one = out->per_layer;
  if (first)
    {
      if (!a.lora)
        ends += T * 8 + (arch->max_positions > 0 ? a.seq * 8 : 0);   /* int64 ids */
      if (!a.lora && a.dropout)
        ends += T * a.hidden;
      /* the first layer under LoRA: its input needs no gradient */
      ends += layer_bytes (&a, a.lora) - one;
    }
  out->in_flight = first ? rp_stack_pipeline_in_flight (&ctx->scenario->training,
                                                       ctx->micro_batches) : 1;
  out->activations = out->in_flight * (layers * one + ends);
  if (last)
    {
      vocab = arch->kind == RP_MODEL_KIND_VIT ? arch->num_classes : arch->vocab;
      out->activations += norm_bytes (&a, TRUE, !a.lora) / a.replicated + T * 8;
      if (!a.lora)
        {
          double head_in = T * a.hidden * a.recipe->linear_in_bytes / a.replicated;

          /* PyTorch's TP saves the gathered sequence in bf16 (rp-loss-parallel.c) */
          out->activations += head_in +
            rp_loss_parallel_head_input_extra (&ctx->stack, &ctx->scenario->training, T,
                                               a.hidden, a.recipe->act_bytes, head_in);
        }
      loss_bytes (ctx, &a, T, vocab, out);
    }
  /* Backward re-runs one layer's forward at a time (Chen et al. 2016,
   * arXiv:1604.06174); selective recomputation re-runs its attention core. */
  if (a.recompute != RP_RECOMPUTE_NONE)
    {
      LayerShape full = a;

      full.recompute = RP_RECOMPUTE_NONE;
      out->recompute = layer_bytes (&full, FALSE) - layer_bytes (&a, FALSE);
    }
}

/* Whether the opaque (CNN, UNet, custom) model has a measured figure for
 * recompute full.  Only full counts: these presets are measured with
 * every block checkpointed (diffusers' enable_gradient_checkpointing,
 * torch.utils.checkpoint per ResNet Bottleneck), and no framework offers
 * a "selective" mode for them; with flash attention a UNet saves no
 * N x N scores that selective recomputation (Korthikanti 2022) would
 * drop.  So selective is treated as none, which is also what the time
 * model charges for it (no attention layers, no extra FLOPs). */
gboolean
rp_memory_model_recompute_counts (const RpScenario  *scenario,
                                  const RpModelArch *arch)
{
  guint32 overridden = scenario->model.overridden;

  if (scenario->training.recompute != RP_RECOMPUTE_FULL ||
      arch->activation_bytes_per_sample_recompute <= 0)
    return FALSE;
  /* A scenario's own no-recompute figure makes the preset's checkpointed
   * one meaningless unless it gives that one too. */
  return (overridden & RP_ARCH_ACT_BYTES) == 0 || (overridden & RP_ARCH_ACT_BYTES_RECOMPUTE) != 0;
}

/* CNN, UNet, custom: the preset's bytes per sample at its input size,
 * scaled by pixels and by the activation element size (presets are
 * stated for 16-bit activations).  With recompute full and a measured
 * checkpointed figure, that figure is what stays saved, and one block's
 * recomputed activations come back during backward (the recompute
 * line); without the figure, recompute is ignored as before. */
static void
opaque_activations (const Ctx *ctx,
                    ActBytes  *out)
{
  const RpModelArch *arch = ctx->arch;
  const RpModelPreset *preset = ctx->mp->preset;
  double per_sample = arch->activation_bytes_per_sample, scale = 1.0, factor;
  guint32 overridden = ctx->scenario->model.overridden;
  gboolean recomputes = rp_memory_model_recompute_counts (ctx->scenario, arch);
  /* a figure the scenario gives is at its own input size: not scaled */
  guint32 own = recomputes ? RP_ARCH_ACT_BYTES_RECOMPUTE : RP_ARCH_ACT_BYTES;

  if (preset != NULL && (overridden & own) == 0 &&
      preset->arch.input_size > 0 && arch->input_size > 0)
    {
      double ratio = (double) arch->input_size / preset->arch.input_size;
      scale = ratio * ratio;
    }
  out->per_layer = 0.0;
  out->in_flight = rp_stack_pipeline_in_flight (&ctx->scenario->training, ctx->micro_batches);
  factor = scale * MAX (ctx->scenario->training.micro_batch, 1) * ctx->recipe->act_bytes / 2.0 /
           (ctx->tp * ctx->pp);
  out->recompute = 0.0;
  if (recomputes)
    {
      per_sample = arch->activation_bytes_per_sample_recompute;
      /* one block at a time, for the micro batch being backpropagated */
      out->recompute = arch->recompute_peak_bytes_per_sample * factor;
    }
  out->activations = per_sample * factor * out->in_flight;
  out->logits = MAX (ctx->scenario->training.micro_batch, 1) * (double) arch->num_classes * 4;
}

/* ---- helpers: overheads --------------------------------------------- */

static double
cuda_context_bytes (const RpGpu *gpu)
{
  /* a CPU has no device runtime to load */
  if (gpu->stack == RP_STACK_CPU)
    return 0;
  if (rp_gpu_generation_is (gpu, RP_GPU_GEN_HOPPER) ||
      rp_gpu_generation_is (gpu, RP_GPU_GEN_BLACKWELL) ||
      rp_gpu_generation_is (gpu, RP_GPU_GEN_CDNA3) ||
      rp_gpu_generation_is (gpu, RP_GPU_GEN_CDNA2) || gpu->stack != RP_STACK_CUDA)
    return cuda_context_large_bytes;
  if (rp_gpu_generation_is (gpu, RP_GPU_GEN_ADA) || rp_gpu_generation_is (gpu, RP_GPU_GEN_AMPERE))
    return cuda_context_ada_bytes;
  return cuda_context_small_bytes;
}

static double
workspace_bytes (const RpGpu *gpu)
{
  if (gpu->stack == RP_STACK_CPU)
    return 0;
  if (rp_gpu_generation_is (gpu, RP_GPU_GEN_HOPPER) ||
      rp_gpu_generation_is (gpu, RP_GPU_GEN_BLACKWELL))
    return cublas_workspace_hopper_bytes;
  return cublas_workspace_bytes;
}

static double
nccl_channels (RpLink link)
{
  switch (link)
    {
    case RP_LINK_NVLINK4:
    case RP_LINK_NVLINK5:
      return 32;
    case RP_LINK_NVLINK3:
      return 24;
    case RP_LINK_NVLINK2:
    case RP_LINK_INFINITY_FABRIC:
      return 16;
    case RP_LINK_PCIE3:
    case RP_LINK_PCIE4:
    case RP_LINK_PCIE5:
    case RP_N_LINKS:
    default:
      return 4;
    }
}

/* One communicator per parallel dimension in use (data, tensor,
 * pipeline, expert), each with send and receive buffers per channel. */
static double
nccl_bytes (const Ctx *ctx)
{
  double comms = (ctx->nd > 1) + (ctx->tp > 1) + (ctx->pp > 1) + (ctx->ep > 1) +
                 (ctx->cp > 1);

  if (rp_scenario_n_gpus (ctx->scenario) <= 1)
    return 0.0;
  if (ctx->gpu->stack == RP_STACK_CANN)
    return comms * 2 * hccl_buffsize_bytes;
  return comms * 2 * nccl_buffsize_bytes * nccl_channels (ctx->scenario->hardware.intra_link);
}

/* Expandable segments map physical pages into one growing virtual range
 * (PyTorch CUDA semantics notes, "expandable_segments"), which is what
 * GMLake's virtual-memory stitching does to remove the extra
 * fragmentation it measured under recomputation, ZeRO and offload
 * (Guo et al. 2024, §6): such runs are counted as plain ones. */
static double
fragmentation_fraction (const Ctx *ctx)
{
  const RpTraining *t = &ctx->scenario->training;

  if (ctx->stack.expandable_segments)
    return fragmentation_plain;
  if (t->recompute != RP_RECOMPUTE_NONE || t->zero_stage > 0 ||
      t->offload != RP_OFFLOAD_NONE || is_lora (t->method))
    return fragmentation_techniques;
  return fragmentation_plain;
}

/* FSDP2's communication streams (torch/distributed/fsdp/_fully_shard/
 * _fsdp_collectives.py): the all-gather output is allocated on the
 * copy-in stream and the reduce-scatter output, of which the sharded
 * gradients are views, on the reduce-scatter stream.  The caching
 * allocator keeps one pool per stream and gives a freed block only to
 * its own stream (c10/cuda/CUDACachingAllocator.cpp: blocks and
 * expandable segments carry their stream; "memory cannot be reused by
 * the default stream outside of that spike", pytorch/pytorch#129721).
 * So reserved memory keeps, beside what the compute stream peaks at,
 * the gradients freed between steps (zero_grad) and the largest pair of
 * all-gathers in flight (the previous one is freed only when the next
 * is issued, FSDPParamGroup.wait_for_unshard), of which the peak above
 * already counts the prefetched layer.  Reserved, not allocated: the
 * accuracy tool's "active" figures leave it out with fragmentation. */
static double
fsdp2_stream_pool_bytes (const Ctx              *ctx,
                         const ParamShare       *s,
                         double                  gradients,
                         const RpMemoryEstimate *m)
{
  RpFramework f = ctx->stack.framework;
  double per_layer, all_gathers, sharded_grads, counted;

  if ((f != RP_FRAMEWORK_PYTORCH_FSDP && f != RP_FRAMEWORK_PYTORCH &&
       f != RP_FRAMEWORK_TORCHTUNE) ||
      (ctx->scenario->training.zero_stage < 3 && !ctx->stack.shard_grad_op) || ctx->nd <= 1 ||
      ctx->scenario->training.offload != RP_OFFLOAD_NONE ||
      ctx->gpu->stack == RP_STACK_CPU || s->layer <= 0)
    return 0.0;
  per_layer = gathered_layer_bytes (ctx, s);
  all_gathers = MAX (2 * per_layer, per_layer + fsdp_head_unit (ctx, s) * ctx->recipe->gather_bytes);
  /* under a pipeline the stage's gradients accumulate unsharded on the
   * compute stream and are reduce-scattered once (rp-stack.c) */
  sharded_grads = ctx->stack.zero3_keeps_stage ? gradients / ctx->nd : gradients;
  counted = ctx->stack.zero3_keeps_stage ? 0.0 : m->gradients_peak_bytes;
  return MAX (sharded_grads - counted, 0.0) + (all_gathers - per_layer);
}

/* torchtitan frees its 16-bit logits before backward (train.py: "del
 * pred  # need to free to before bwd to avoid peaking memory"), and the
 * fp32 upcast beside them was freed once log_softmax had read it.  In
 * backward nll_loss's and log_softmax's fp32 gradients are made one
 * after the other: the caching allocator gives the first the smallest
 * free block that holds it, split at its start (c10/cuda/
 * CUDACachingAllocator.cpp, get_free_block and alloc_found_block), so it
 * takes the upcast's block, and the remainder the size of the 16-bit
 * logits holds no second one, which is mapped anew: a block of the
 * 16-bit logits' size stays reserved beside the backward peak (a loop
 * that keeps its logits, as an HF model's outputs do, holds the same
 * block allocated).  A pipeline's schedule keeps the stage output until
 * its backward. */
static double
logits_hole_bytes (const Ctx              *ctx,
                   const RpMemoryEstimate *m)
{
  const Recipe *r = ctx->recipe;
  gboolean upcast = r->autocast || r->fused_kernels || ctx->arch->norm == RP_NORM_RMSNORM;

  if (ctx->stack.framework != RP_FRAMEWORK_PYTORCH_FSDP || ctx->stack.loss != RP_LOSS_FULL ||
      ctx->stack.loss_compiled || ctx->pp > 1 || r->act_bytes >= 4 || !upcast ||
      m->logits_peak_bytes <= 0 || ctx->gpu->stack == RP_STACK_CPU)
    return 0.0;
  /* the saved log-softmax is the logits in fp32 (logit_bytes) */
  return m->logits_bytes / 4.0 * r->act_bytes;
}

/* ---- helpers: one stage --------------------------------------------- */

/* Which parts are alive together at the peak.  Backward runs the loss
 * first and frees its logits before it recomputes the last layer, so
 * the logits and the recomputed layer never coexist.  Where the stack
 * frees gradients between steps (rp-stack.c) and a step is one forward
 * and one backward (no accumulation, no pipeline), each layer's
 * gradient is made as its activations are freed: what is alive goes
 * linearly from all activations and no gradients at the turn to all
 * gradients and the first layer's activations at the end, so the peak
 * is at one of the two ends (tools/measure/measure_mechanisms.py
 * measures both on CPU; torchtune's optimization table has its Llama 3.2
 * 3B step with activation checkpointing at 24.9 GiB, where its parts
 * add up to 31). */
static void
peak_parts (const Ctx        *ctx,
            double            embed_gradients,
            RpMemoryEstimate *m)
{
  double logits = m->logits_bytes + m->logits_transient_bytes;
  double turn_extra = MAX (logits, m->recompute_bytes);
  double turn = m->activations_bytes + turn_extra, end, sum;
  gboolean freed = ctx->stack.grads_freed && ctx->micro_batches <= 1 && ctx->pp <= 1;

  sum = m->gradients_bytes + m->activations_bytes + m->recompute_bytes + logits;
  m->peak_at_backward_end = FALSE;
  m->gradients_peak_bytes = freed ? 0.0 : m->gradients_bytes;
  m->activations_peak_bytes = m->activations_bytes +
                              (m->recompute_bytes > logits ? m->recompute_bytes : 0.0);
  m->logits_peak_bytes = m->recompute_bytes > logits ? 0.0 : logits;
  /* the first layer's backward, with its saved and recomputed
   * activations, comes before the embedding's gradient is made */
  end = m->gradients_bytes +
        MAX (MIN (m->activations_per_layer_bytes, m->activations_bytes) + m->recompute_bytes -
             embed_gradients, 0.0);
  if (freed && end > turn)
    {
      m->peak_at_backward_end = TRUE;
      m->gradients_peak_bytes = m->gradients_bytes;
      m->activations_peak_bytes = end - m->gradients_bytes;
      m->logits_peak_bytes = 0.0;
    }
  m->released_bytes = sum - m->gradients_peak_bytes - m->activations_peak_bytes -
                      m->logits_peak_bytes;
}

static void
stage_memory (const Ctx        *ctx,
              gboolean          first,
              gboolean          last,
              RpMemoryEstimate *m)
{
  ParamShare share;
  StateBytes states;
  ActBytes acts = { 0 };
  double dynamic;

  share_params (ctx, first, last, &share);
  model_states (ctx, &share, &states);
  if (ctx->ap->transformer)
    transformer_activations (ctx, first, last, &acts);
  else
    opaque_activations (ctx, &acts);

  m->weights_bytes = states.weights;
  m->weight_copies_bytes = states.weight_copies;
  m->gradients_bytes = states.gradients;
  m->optimizer_bytes = states.optimizer;
  m->gathered_bytes = states.gathered;
  m->reference_bytes = states.reference;
  m->ddp_bucket_bytes = states.buckets;
  m->cpu_offload_bytes = states.cpu;
  m->activations_bytes = acts.activations;
  m->recompute_bytes = acts.recompute;
  m->logits_bytes = acts.logits;
  m->logits_transient_bytes = acts.logits_transient;
  m->activations_per_layer_bytes = acts.per_layer;
  m->micro_batches_in_flight = (guint) ceil (acts.in_flight - 1e-9);
  m->pipeline_batches_held = acts.in_flight;
  m->params_per_gpu = share.dense + share.expert;

  m->cuda_context_bytes = ctx->mp->cuda_context;
  m->workspace_bytes = ctx->mp->workspace;
  m->nccl_bytes = nccl_bytes (ctx);
  peak_parts (ctx, states.embed_gradients, m);
  dynamic = m->gradients_peak_bytes + m->activations_peak_bytes + m->logits_peak_bytes +
            m->gathered_bytes + m->weight_copies_bytes;
  m->fragmentation_bytes = dynamic * fragmentation_fraction (ctx) +
                          fsdp2_stream_pool_bytes (ctx, &share, states.gradients, m) +
                          logits_hole_bytes (ctx, m);
  m->overhead_bytes = m->cuda_context_bytes + m->workspace_bytes + m->nccl_bytes +
                      m->ddp_bucket_bytes + m->fragmentation_bytes;
  m->total_bytes = m->weights_bytes + m->weight_copies_bytes + m->gradients_peak_bytes +
                   m->optimizer_bytes + m->activations_peak_bytes + m->logits_peak_bytes +
                   m->gathered_bytes + m->reference_bytes + m->overhead_bytes;
  page_optimizer (ctx, m);
}

/* "Fits" only when the high end of the memory band (rp-bands.c) leaves
 * the required headroom; "tight" when the figure fits but its band or
 * the headroom does not. */
static void
headroom (const RpScenario  *scenario,
          const MachinePart *mp,
          RpMemoryEstimate  *m)
{
  double usable;

  m->capacity_bytes = (double) rp_gpu_memory_bytes (mp->gpu);
  m->free_bytes = m->capacity_bytes - m->total_bytes;
  m->headroom_pct = m->capacity_bytes > 0 ? 100.0 * m->free_bytes / m->capacity_bytes : -100.0;
  m->required_headroom_pct = scenario->hardware.headroom_pct;
  /* rp_bands_memory (): the band, prepared, applied to this total */
  m->band = mp->band;
  rp_bands_apply_memory (m);
  usable = m->capacity_bytes * (1 - m->required_headroom_pct / 100);
  if (m->free_bytes < 0)
    m->verdict = RP_VERDICT_DOES_NOT_FIT;
  else if (m->total_high_bytes > usable || m->headroom_pct < m->required_headroom_pct)
    m->verdict = RP_VERDICT_TIGHT;
  else
    m->verdict = RP_VERDICT_FITS;
}

static void
init_ctx (const RpScenario       *scenario,
          const ArchPart         *ap,
          const MachinePart      *mp,
          const RpMemoryRuntime  *runtime,
          Ctx                    *ctx)
{
  const RpTraining *t = &scenario->training;
  const RpModelArch *arch = &ap->arch;
  double step_samples;

  ctx->scenario = scenario;
  ctx->arch = arch;
  ctx->gpu = mp->gpu;
  ctx->ap = ap;
  ctx->mp = mp;
  rp_stack_resolve (scenario, &ctx->stack);
  effective_recipe (&ctx->stack, &ctx->own_recipe);
  frozen_base_recipe (scenario, &ctx->stack, &ctx->own_recipe);
  ctx->recipe = &ctx->own_recipe;
  ctx->runtime = runtime != NULL ? runtime : &default_runtime;
  /* ZeRO and the distributed optimizer shard over the data- and
   * context-parallel ranks together (Megatron-Core: the data-parallel
   * group "with context parallel"; torchtitan: FSDP over dp_shard × cp) */
  ctx->cp = rp_stack_context_parallel (t);
  ctx->nd = (double) rp_scenario_data_parallel (scenario) * ctx->cp;
  ctx->tp = MAX (t->tensor_parallel, 1);
  ctx->pp = MAX (t->pipeline_parallel, 1);
  ctx->ep = arch->kind == RP_MODEL_KIND_MOE ? MAX (t->expert_parallel, 1) : 1;
  ctx->lora = is_lora (t->method);
  ctx->qlora = t->method == RP_METHOD_QLORA;
  step_samples = MAX (t->micro_batch, 1) * ctx->nd / ctx->cp;
  ctx->micro_batches = floor (MAX (t->global_batch, 1) / step_samples);
}

/* ---- helpers: warnings ---------------------------------------------- */

static void
add_warnings (const RpScenario *scenario,
              RpEstimate       *est)
{
  const RpTraining *t = &scenario->training;
  RpStack stack;
  double dp = rp_scenario_data_parallel (scenario);

  rp_stack_resolve (scenario, &stack);
  if (stack.precision_mapped)
    rp_estimate_advise (est, RP_ADVICE_PRECISION_OF_STACK);
  if (t->optimizer_in_backward &&
      (double) t->global_batch / (MAX (t->micro_batch, 1) * dp) > 1)
    rp_estimate_advise (est, RP_ADVICE_OPTIMIZER_IN_BACKWARD_ACCUMULATES);
  /* fitting, headroom and host RAM are constraints (rp-constraints.c) */
  if (t->offload == RP_OFFLOAD_OPTIMIZER_AND_PARAMS && t->zero_stage < 3)
    rp_estimate_advise (est, RP_ADVICE_OFFLOAD_PARAMS_NEEDS_ZERO3);
  if (!rp_model_kind_is_transformer (est->arch.kind) && est->arch.activation_bytes_per_sample <= 0)
    rp_estimate_advise (est, RP_ADVICE_ACTIVATIONS_UNKNOWN);
  /* ZeRO-Infinity offloads parameters through stage 3 on one GPU too */
  if (t->zero_stage > 0 &&
      rp_scenario_data_parallel (scenario) * rp_stack_context_parallel (t) < 2 &&
      t->offload != RP_OFFLOAD_OPTIMIZER_AND_PARAMS)
    rp_estimate_advise (est, RP_ADVICE_ZERO_SINGLE_GPU);
}

/* ---- helpers: prepared once per machine ----------------------------- */

static gboolean
arch_part_matches (const ArchPart   *ap,
                   const RpScenario *scenario,
                   const RpModelArch *arch)
{
  const RpTraining *t = &scenario->training;

  return ap->method == t->method && ap->lora_targets == t->lora_targets &&
         ap->lora_rank == t->lora_rank && memcmp (&ap->arch, arch, sizeof *arch) == 0;
}

/* Each figure as the per-setting code computed it before the split, so
 * that results stay bit-identical. */
static void
prepare_arch (const RpScenario  *scenario,
              const RpModelArch *arch,
              ArchPart          *ap)
{
  const RpTraining *t = &scenario->training;
  guint64 frozen_linear = 0;

  memset (ap, 0, sizeof *ap);
  memcpy (&ap->arch, arch, sizeof *arch);   /* padding too, for memcmp */
  ap->method = t->method;
  ap->lora_targets = t->lora_targets;
  ap->lora_rank = t->lora_rank;
  ap->transformer = rp_model_kind_is_transformer (arch->kind);
  ap->counted = ap->transformer && rp_model_count_params (arch) > 0;
  ap->params = rp_model_params (arch);
  ap->total_layers = rp_model_total_layers (arch);
  ap->layers_max = MAX (ap->total_layers, 1);
  ap->head_dim = rp_model_head_dim (arch);
  if (ap->counted)
    {
      split_transformer_params (arch, &ap->embed, &ap->head, &ap->per_layer,
                                &ap->expert_per_layer);
      ap->matrix_io = layer_matrix_io (arch);
      rp_model_lora_shape (arch, RP_LORA_TARGETS_ALL_LINEAR, NULL, &frozen_linear);
      ap->frozen_linear = (double) frozen_linear;
    }
  if (is_lora (t->method) && ap->transformer)
    {
      ap->lora_per_layer = lora_params_per_layer (arch, t);
      ap->lora_uncast = lora_first_layer_uncast (arch, t);
    }
}

/* The estimates of one thread ask for the same architecture over and
 * over (one estimate, a fix search, a planner's settings): its part is
 * kept, per thread, as rp-stack.c keeps the last stack.  Two are kept
 * (the one used last is asked first): a fix search weighs the plan's
 * method and QLoRA in turn, and the next estimate is the plan's again. */
static _Thread_local struct
{
  gboolean valid[2];
  guint    last;              /* the index used last */
  ArchPart parts[2];
} last_arch;

static const ArchPart *
cached_arch_part (const RpScenario  *scenario,
                  const RpModelArch *arch)
{
  guint i = last_arch.last;

  if (!last_arch.valid[i] || !arch_part_matches (&last_arch.parts[i], scenario, arch))
    {
      /* the other one, or it makes room */
      i = 1 - i;
      if (!last_arch.valid[i] || !arch_part_matches (&last_arch.parts[i], scenario, arch))
        {
          prepare_arch (scenario, arch, &last_arch.parts[i]);
          last_arch.valid[i] = TRUE;
        }
      last_arch.last = i;
    }
  return &last_arch.parts[i];
}

static void
prepare_machine (const RpScenario  *scenario,
                 const RpModelArch *arch,
                 const RpGpu       *gpu,
                 const RpCatalog   *catalog,
                 MachinePart       *mp)
{
  RpMemoryEstimate scratch;

  memset (mp, 0, sizeof *mp);
  mp->gpu = gpu;
  mp->catalog = catalog;
  mp->framework = scenario->training.framework;
  mp->precision = scenario->training.precision;
  mp->n_gpus = rp_scenario_n_gpus (scenario);
  mp->preset_id = scenario->model.preset;
  mp->given_calibration = scenario->hardware.calibration;
  mp->band_scale = scenario->hardware.band_scale;
  mp->cuda_context = cuda_context_bytes (gpu);
  mp->workspace = workspace_bytes (gpu);
  if (!rp_model_kind_is_transformer (arch->kind) && scenario->model.preset != NULL &&
      catalog != NULL)
    mp->preset = rp_catalog_lookup_model (catalog, scenario->model.preset);
  mp->calibration = rp_calibration_for (catalog, scenario, gpu);
  /* the band depends on no figure: resolved on a blank estimate */
  memset (&scratch, 0, sizeof scratch);
  rp_bands_memory (scenario, arch, gpu, catalog, &scratch);
  mp->band = scratch.band;
}

/* Whether @scenario reads as the one @mp was prepared from. */
static gboolean
machine_part_matches (const MachinePart *mp,
                      const RpScenario  *scenario)
{
  double scale = scenario->hardware.band_scale;

  return mp->framework == scenario->training.framework &&
         mp->precision == scenario->training.precision &&
         mp->n_gpus == rp_scenario_n_gpus (scenario) &&
         g_strcmp0 (mp->preset_id, scenario->model.preset) == 0 &&
         mp->given_calibration == scenario->hardware.calibration &&
         (isnan (scale) ? isnan (mp->band_scale) : scale == mp->band_scale);
}

/* The one path every entry point takes: @scenario's setting on the
 * prepared parts. */
static void
estimate_prepared (const RpScenario      *scenario,
                   const ArchPart        *ap,
                   const MachinePart     *mp,
                   const RpMemoryRuntime *runtime,
                   RpMemoryEstimate      *out)
{
  Ctx ctx;
  RpMemoryEstimate last;

  memset (out, 0, sizeof *out);
  init_ctx (scenario, ap, mp, runtime, &ctx);
  if (ctx.pp > 1 && ap->transformer)
    {
      stage_memory (&ctx, TRUE, FALSE, out);
      memset (&last, 0, sizeof last);
      stage_memory (&ctx, FALSE, TRUE, &last);
      if (last.total_bytes > out->total_bytes)
        {
          *out = last;
          out->pipeline_stage = (guint) ctx.pp - 1;
        }
    }
  else
    stage_memory (&ctx, TRUE, TRUE, out);
  out->total_params = (double) ap->params;
  out->trainable_params = out->total_params;
  if (ctx.lora)
    out->trainable_params = ap->transformer ?
      ap->lora_per_layer * ap->total_layers : out->total_params * 0.01;
  /* the user's measurement on this GPU and stack, if any */
  rp_calibration_apply_memory (mp->calibration, out);
  headroom (scenario, mp, out);
  out->computed = TRUE;
}

/* ---- public API ----------------------------------------------------- */

void
rp_memory_model_estimate (const RpScenario  *scenario,
                          const RpModelArch *arch,
                          const RpGpu       *gpu,
                          const RpCatalog   *catalog,
                          RpMemoryEstimate  *out)
{
  rp_memory_model_estimate_runtime (scenario, arch, gpu, catalog, NULL, out);
}

void
rp_memory_model_estimate_runtime (const RpScenario      *scenario,
                                  const RpModelArch     *arch,
                                  const RpGpu           *gpu,
                                  const RpCatalog       *catalog,
                                  const RpMemoryRuntime *runtime,
                                  RpMemoryEstimate      *out)
{
  MachinePart mp;

  g_return_if_fail (scenario != NULL && arch != NULL && gpu != NULL && out != NULL);
  g_return_if_fail ((guint) scenario->training.precision < RP_N_PRECISIONS);

  prepare_machine (scenario, arch, gpu, catalog, &mp);
  estimate_prepared (scenario, cached_arch_part (scenario, arch), &mp, runtime, out);
}

double
rp_memory_model_layer_activations (const RpScenario  *scenario,
                                   const RpModelArch *arch)
{
  LayerShape a;
  RpStack stack;
  Recipe recipe;

  g_return_val_if_fail (scenario != NULL && arch != NULL, 0.0);
  g_return_val_if_fail ((guint) scenario->training.precision < RP_N_PRECISIONS, 0.0);

  if (!rp_model_kind_is_transformer (arch->kind))
    return 0.0;
  rp_stack_resolve (scenario, &stack);
  effective_recipe (&stack, &recipe);
  frozen_base_recipe (scenario, &stack, &recipe);
  layer_shape (scenario, arch, rp_model_head_dim (arch), &recipe, &default_runtime, &a);
  return layer_bytes (&a, FALSE);
}

void
rp_memory_model_run (const RpScenario *scenario,
                     const RpCatalog  *catalog,
                     RpEstimate       *est)
{
  g_return_if_fail (scenario != NULL && catalog != NULL && est != NULL);
  g_return_if_fail (est->gpu != NULL);

  rp_memory_model_estimate (scenario, &est->arch, est->gpu, catalog, &est->memory);
  add_warnings (scenario, est);
}

void
rp_memory_model_advise (const RpScenario *scenario,
                        RpEstimate       *est)
{
  g_return_if_fail (scenario != NULL && est != NULL);

  add_warnings (scenario, est);
}

RpMemoryPrepared *
rp_memory_prepared_new (const RpScenario  *scenario,
                        const RpCatalog   *catalog,
                        const RpModelArch *arch,
                        const RpGpu       *gpu)
{
  RpMemoryPrepared *prep;

  g_return_val_if_fail (scenario != NULL && arch != NULL && gpu != NULL, NULL);

  prep = g_new0 (RpMemoryPrepared, 1);
  /* the estimate of @scenario before it has most likely prepared it */
  memcpy (&prep->a, cached_arch_part (scenario, arch), sizeof prep->a);   /* padding too */
  prepare_machine (scenario, &prep->a.arch, gpu, catalog, &prep->m);
  return prep;
}

void
rp_memory_prepared_free (RpMemoryPrepared *prep)
{
  g_free (prep);
}

void
rp_memory_prepared_estimate (const RpMemoryPrepared *prep,
                             const RpScenario       *scenario,
                             RpMemoryEstimate       *out)
{
  g_return_if_fail (prep != NULL && scenario != NULL && out != NULL);
  g_return_if_fail ((guint) scenario->training.precision < RP_N_PRECISIONS);

  /* a scenario that differs in a field of the machine's part is
   * estimated whole; one that differs only in the method or its LoRA
   * fields (QLoRA for a fix) keeps the machine's part, which
   * prepare_machine() makes from none of them */
  if (!machine_part_matches (&prep->m, scenario))
    rp_memory_model_estimate (scenario, &prep->a.arch, prep->m.gpu, prep->m.catalog, out);
  else if (!arch_part_matches (&prep->a, scenario, &prep->a.arch))
    estimate_prepared (scenario, cached_arch_part (scenario, &prep->a.arch), &prep->m, NULL,
                       out);
  else
    estimate_prepared (scenario, &prep->a, &prep->m, NULL, out);
}

void
rp_memory_model_gpu_fixed (const RpGpu *gpu,
                           RpLink       link,
                           guint        n_gpus,
                           double      *context_out,
                           double      *workspace_out,
                           double      *comm_out)
{
  g_return_if_fail (gpu != NULL && context_out != NULL && workspace_out != NULL &&
                    comm_out != NULL);

  *context_out = cuda_context_bytes (gpu);
  *workspace_out = workspace_bytes (gpu);
  /* nccl_bytes () per communicator */
  *comm_out = n_gpus <= 1 ? 0.0
                : gpu->stack == RP_STACK_CANN ? 2 * hccl_buffsize_bytes
                : 2 * nccl_buffsize_bytes * nccl_channels (link);
}

double
rp_memory_growth_factor (double growth_pct_year,
                         double years)
{
  g_return_val_if_fail (growth_pct_year >= 0 && years >= 0, 1);
  return pow (1.0 + growth_pct_year / 100.0, years);
}

double
rp_memory_grown_bytes (const RpMemoryEstimate *memory,
                       double                  factor)
{
  double fixed;

  g_return_val_if_fail (memory != NULL && factor >= 0, 0);

  fixed = memory->cuda_context_bytes + memory->workspace_bytes + memory->nccl_bytes;
  return fixed + (memory->total_bytes - fixed) * factor;
}

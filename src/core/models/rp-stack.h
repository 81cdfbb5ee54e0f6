/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-stack.h: what the chosen training stack does by default
 *
 * The memory and time models ask here which gradient type, loss,
 * allocator, communication buffers, recipe and pipeline schedule a run
 * uses, so that both count the same thing.  The scenario's own settings
 * (training.grad_dtype, base_dtype, loss, allocator, comm_buffer_bytes) win over the
 * stack's defaults; rp-stack.c cites each default from the stack's code
 * or documentation. */
#pragma once

#include "rp-types.h"

G_BEGIN_DECLS

/* How data-parallel gradient buckets hold memory. */
typedef enum
{
  RP_BUCKETS_NONE,              /* views of a contiguous gradient buffer */
  RP_BUCKETS_DDP_COPY,          /* PyTorch DDP copies every gradient into its buckets */
  RP_BUCKETS_REDUCE,            /* one reduce bucket of reduce_bucket_elems */
} RpBuckets;

typedef struct
{
  RpFramework framework;
  RpPrecision precision;          /* the recipe this stack runs for the chosen one */
  gboolean    precision_mapped;   /* precision differs from the scenario's */
  double      grad_bytes;         /* a gradient element as kept between steps */
  gboolean    fp32_shards;        /* FSDP2: the fp32 shards are the optimizer's params */
  RpLoss      loss;               /* never RP_LOSS_FRAMEWORK */
  gboolean    expandable_segments;
  RpBuckets   buckets;
  double      reduce_bucket_elems;
  double      zero3_reuse_params; /* DeepSpeed: parameters kept gathered for reuse;
                                   * 0: FSDP's current and prefetched layer */
  gboolean    hf_auto_sizes;      /* the HF Trainer's ZeRO-3 template: the reduce and
                                   * prefetch buckets from the hidden size
                                   * (rp-deepspeed.c) */
  double      comm_buffer_bytes;  /* the user's figure; NAN: the stack's */
  gboolean    zero3_keeps_stage;  /* ZeRO-3 leaves the stage's weights gathered, and its
                                   * gradients unsharded, from the first forward to the
                                   * last backward of a step (FSDP2 under a pipeline) */
  gboolean    shard_grad_op;      /* FSDP SHARD_GRAD_OP: sharded like ZeRO-3, every layer's
                                   * 16-bit weights kept from its forward to its
                                   * backward (rp-fsdp-sgo.c) */
  gboolean    grads_freed;        /* gradients are freed between steps and made again
                                   * in backward (zero_grad(set_to_none=True)) */
  gboolean    fused_elementwise;  /* norms, rotary and gated activations run as fused
                                   * kernels (Megatron/TE, or torch.compile) */
  gboolean    loss_compiled;      /* the stack compiles its loss: the 16-bit logits and
                                   * the log-sum-exp are saved, the fp32 ones remade */
  gboolean    torch_native;       /* PyTorch's own parallelism: async TP through
                                   * symmetric memory, context_parallel gathering keys
                                   * and values at once (not TE's ring) */
  double      base_bytes;         /* a frozen base weight (LoRA, a DPO reference) as
                                   * the script loads it: 2 or 4 */
} RpStack;

void     rp_stack_resolve            (const RpScenario *scenario,
                                      RpStack          *out);
/* The same from the training fields alone (the stack reads no other). */
void     rp_stack_resolve_training   (const RpTraining *training,
                                      RpStack          *out);

/* The pipeline schedule's chunks per GPU (1 unless interleaved), and
 * the idle share of the ideal step: (p − 1)/m for 1F1B and GPipe,
 * (p − 1)/(v·m) interleaved, (p − 1)/(3m) for ZB-H1 (Qi et al. 2024). */
double   rp_stack_virtual_stages     (const RpTraining *training);
double   rp_stack_bubble_over_ideal  (const RpTraining *training,
                                      double            micro_batches);
/* Micro-batches' activations the first stage holds at its peak, in
 * units of one micro-batch over all its layers' chunks. */
double   rp_stack_pipeline_in_flight (const RpTraining *training,
                                      double            micro_batches);

/* Ranks that split each sequence (context parallel). */
guint    rp_stack_context_parallel   (const RpTraining *training);

G_END_DECLS

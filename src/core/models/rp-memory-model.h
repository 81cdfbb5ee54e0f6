/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-memory-model.h: per-GPU memory of a training run */
#pragma once

#include "rp-results.h"

G_BEGIN_DECLS

/* The framework behaviours that change what is saved for backward.  The
 * default (all FALSE) is PyTorch ≥ 2.1 on a GPU; the CPU measurements in
 * tests/data/measured/ were taken under other rules (ANALYSIS.md there). */
typedef struct
{
  gboolean cpu_autocast;        /* CPU autocast op lists: softmax stays 16-bit */
  gboolean cpu_norm_stats;      /* CPU layer_norm keeps mean/rstd in the input dtype */
  gboolean mean_saves_input;    /* torch < 2.1: mean(dim) saves its input */
} RpMemoryRuntime;

/* Fills est->memory (and memory advice) from the scenario, the resolved
 * architecture in est->arch and the GPU in est->gpu.  Pure. */
void     rp_memory_model_run                (const RpScenario  *scenario,
                                             const RpCatalog   *catalog,
                                             RpEstimate        *est);

/* The advice rp_memory_model_run() adds to @est, whose est->memory and
 * est->arch are @scenario's already (the fix search estimates the memory
 * of a change first, to rule it out before the other models). */
void     rp_memory_model_advise             (const RpScenario  *scenario,
                                             RpEstimate        *est);

/* The breakdown alone, without advice.  @arch is the resolved architecture; @catalog is used
 * only for the preset's reference input size.  Pure and allocation-free. */
void     rp_memory_model_estimate           (const RpScenario  *scenario,
                                             const RpModelArch *arch,
                                             const RpGpu       *gpu,
                                             const RpCatalog   *catalog,
                                             RpMemoryEstimate  *out);

/* The same under explicit framework rules (@runtime NULL: the default). */
void     rp_memory_model_estimate_runtime   (const RpScenario      *scenario,
                                             const RpModelArch     *arch,
                                             const RpGpu           *gpu,
                                             const RpCatalog       *catalog,
                                             const RpMemoryRuntime *runtime,
                                             RpMemoryEstimate      *out);

/* ---- prepared once per machine, many settings estimated on it ---------
 *
 * What the memory model derives from the architecture (parameter
 * counts, the LoRA shape, each layer's parameters), from the GPU (the
 * runtime's fixed bytes) and from the catalog (the calibration, the
 * band, a preset's reference size) is the same for every parallel
 * setting of one scenario on one machine: it is computed once, into an
 * RpMemoryPrepared, and each setting costs only its own arithmetic.
 * rp_memory_model_estimate() and _runtime() run the same code on a part
 * prepared on the spot (the architecture's part kept per thread), so
 * the results are bit-identical.
 *
 * A setting may differ from the scenario prepared in any training field
 * but framework and precision, and in no hardware field but the
 * headroom; a scenario that differs in one of those (or in its preset,
 * GPU count, calibration or band scale) is estimated whole, as
 * rp_memory_model_estimate() does.  One that differs in its method,
 * lora_rank or lora_targets keeps the machine's part and has its
 * architecture's part prepared again (kept per thread). */
typedef struct _RpMemoryPrepared RpMemoryPrepared;

/* @arch is copied; @gpu and @catalog are borrowed and must outlive the
 * result.  Safe to share read-only between threads once built. */
RpMemoryPrepared *rp_memory_prepared_new      (const RpScenario       *scenario,
                                               const RpCatalog        *catalog,
                                               const RpModelArch      *arch,
                                               const RpGpu            *gpu);
void              rp_memory_prepared_free     (RpMemoryPrepared       *prep);
/* rp_memory_model_estimate() of @scenario on the prepared machine:
 * allocation-free, the planner's inner loop. */
void              rp_memory_prepared_estimate (const RpMemoryPrepared *prep,
                                               const RpScenario       *scenario,
                                               RpMemoryEstimate       *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpMemoryPrepared, rp_memory_prepared_free)

/* Bytes one transformer layer saves for backward for one micro-batch of
 * the scenario's seq_len (after tensor/sequence parallel splitting):
 * what rp_memory_model_estimate() uses for activations_per_layer_bytes. */
double   rp_memory_model_layer_activations  (const RpScenario  *scenario,
                                             const RpModelArch *arch);

/* For a model that is not a transformer (CNN, UNet, custom): whether
 * the scenario's recompute setting changes its activations, which takes
 * recompute "full" and a measured checkpointed figure (selective is
 * none for them). */
gboolean rp_memory_model_recompute_counts   (const RpScenario  *scenario,
                                             const RpModelArch *arch);

/* What the memory model reads of @gpu, beyond its capacity, on a machine
 * of @n_gpus joined by @link: the device runtime's context, the math
 * library's workspace and each communicator's buffers (0 on one GPU).
 * GPUs alike in these (and in stack) hold the same bytes at every
 * setting: the planner shares their figures (rp-plan-memo.c). */
void     rp_memory_model_gpu_fixed          (const RpGpu       *gpu,
                                             RpLink             link,
                                             guint              n_gpus,
                                             double            *context_out,
                                             double            *workspace_out,
                                             double            *comm_out);

/* How much larger the models trained on a bought machine get over its
 * life: (1 + @growth_pct_year / 100) ^ @years. */
double   rp_memory_growth_factor            (double             growth_pct_year,
                                             double             years);
/* Per-GPU memory of the same run with a model @factor times larger: the
 * parts the model drives (weights, gradients, optimizer states,
 * activations, logits, buckets, fragmentation) scaled by @factor, the
 * fixed runtime cost (CUDA context, cuBLAS workspace, NCCL buffers) not.
 * Activations grow with width × depth, which grows at most as fast as the
 * parameters, so this errs on the side of buying enough. */
double   rp_memory_grown_bytes              (const RpMemoryEstimate *memory,
                                             double             factor);

G_END_DECLS

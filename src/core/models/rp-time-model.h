/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-time-model.h: training time, throughput and the bill of materials */
#pragma once

#include "rp-results.h"

G_BEGIN_DECLS

/* Fills est->compute and est->bom (and their warnings); needs est->arch
 * and est->gpu resolved (rp_estimate_compute does that).  Pure. */
void      rp_time_model_run              (const RpScenario  *scenario,
                                          const RpCatalog   *catalog,
                                          RpEstimate        *est);

/* est->compute alone, without advice or the bill of materials: what the
 * planner's inner loop needs.  @arch and @gpu are resolved.  FALSE (and
 * @out zeroed) when the run cannot be timed.  Pure, allocation-free. */
gboolean  rp_time_model_estimate         (const RpScenario  *scenario,
                                          const RpCatalog   *catalog,
                                          const RpModelArch *arch,
                                          const RpGpu       *gpu,
                                          RpComputeEstimate *out);

/* The hours of rp_time_model_estimate (@out->hours) alone, without the
 * band: what a search over settings ranks them by (the planner).  FALSE
 * where the run is not timed. */
gboolean  rp_time_model_hours            (const RpScenario  *scenario,
                                          const RpCatalog   *catalog,
                                          const RpModelArch *arch,
                                          const RpGpu       *gpu,
                                          double            *hours);

/* A lower bound on the GPU-hours of the run on @gpu, whatever the
 * parallel split, micro batch, ZeRO stage and recomputation: the model
 * FLOPs at the utilization the model gives that GPU (the planner's
 * pruning).  NAN when the run cannot be timed on @gpu. */
double    rp_time_model_min_gpu_hours    (const RpScenario  *scenario,
                                          const RpCatalog   *catalog,
                                          const RpModelArch *arch,
                                          const RpGpu       *gpu);

/* Model FLOPs per token of a transformer, without recomputation:
 * 6·N + 12·L·h·s (Kaplan et al. 2020 §2.1; PaLM, Chowdhery et al. 2022,
 * App. B), with LoRA's 4·N + 6·N_adapter for frozen weights. */
double    rp_time_model_flops_per_token  (const RpModelArch *arch,
                                          const RpTraining  *training);

/* Share of a pipelined step lost to the bubble, (p − 1) / (v·m + p − 1)
 * (Narayanan et al. 2021 §2.2: bubble time (p − 1)/(v·m) of the ideal). */
double    rp_time_model_bubble_fraction  (guint              pipeline,
                                          double             micro_batches,
                                          double             virtual_stages);

G_END_DECLS

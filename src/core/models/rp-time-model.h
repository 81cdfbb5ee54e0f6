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

/* ---- a machine prepared once, many settings timed on it --------------
 *
 * The planner times many settings of one scenario on one machine.  What
 * the time model derives from the scenario and the machine (the GPU,
 * GPUs per node, nodes, links, network, storage, CPU, MFU override and
 * the calibration) and from the model and the run (the FLOPs per sample,
 * the utilization, the dataset) is the same for every setting: it is
 * computed once, into an RpTimePrepared, and each setting then costs
 * only its own step arithmetic.  The results are bit-identical to
 * rp_time_model_hours / rp_time_model_estimate on the scenario with the
 * setting applied (both paths run the same code).
 *
 * A setting is a training whose fields may differ from the scenario's
 * the part was prepared from in: tensor_parallel, pipeline_parallel,
 * sequence_parallel, context_parallel, expert_parallel, zero_stage,
 * offload, recompute, recompute_interval, micro_batch, global_batch,
 * optimizer, optimizer_in_backward, pipeline_schedule, virtual_stages,
 * tp_overlap, ep_overlap, flash_attention, checkpoints_kept and
 * goodput_pct.  Every other training field (method, LoRA, precision,
 * framework and the stack's fields, seq_len, reference_model,
 * capacity_factor, dataset_tokens, dataset_samples,
 * dataset_bytes_per_sample, epochs) and the
 * hardware must be those of the scenario it was prepared from;
 * precision, method and seq_len are checked (a critical warning and
 * FALSE otherwise). */
typedef struct _RpTimePrepared RpTimePrepared;

/* Prepares @scenario on @gpu (the scenario's hardware is the machine:
 * gpus_per_node, nodes, network, links…).  @arch, @gpu and @catalog are
 * borrowed and must outlive the result; @scenario is not kept.  Never
 * NULL for valid arguments: a run that cannot be timed gives a part
 * whose timings return FALSE (rp_time_prepared_timed).  Not thread-safe
 * to build, safe to share read-only between threads once built. */
RpTimePrepared *rp_time_prepared_new     (const RpScenario     *scenario,
                                          const RpCatalog      *catalog,
                                          const RpModelArch    *arch,
                                          const RpGpu          *gpu);
void      rp_time_prepared_free          (RpTimePrepared       *prep);
/* FALSE where no setting can be timed (no peak at the precision, no
 * MFU parameters, no bandwidth, no FLOPs, no data). */
gboolean  rp_time_prepared_timed         (const RpTimePrepared *prep);
/* rp_time_model_hours of the scenario with @training's setting:
 * allocation-free, the planner's inner loop. */
gboolean  rp_time_prepared_hours         (const RpTimePrepared *prep,
                                          const RpTraining     *training,
                                          double               *hours);
/* Every figure of rp_time_model_estimate but the band (@out->band and
 * the *_low / *_high figures stay 0, @out->computed FALSE). */
gboolean  rp_time_prepared_figures       (const RpTimePrepared *prep,
                                          const RpTraining     *training,
                                          RpComputeEstimate    *out);
/* rp_time_model_min_gpu_hours: it depends on no setting field. */
double    rp_time_prepared_min_gpu_hours (const RpTimePrepared *prep,
                                          const RpTraining     *training);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpTimePrepared, rp_time_prepared_free)

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

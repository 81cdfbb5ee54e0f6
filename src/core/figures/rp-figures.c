/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-figures.c: one table of the result figures
 *
 * Each row says once what a figure is; the models fill the estimate and
 * never name a figure, the writers (JSON, CLI, PDF, window, Compare) name
 * them only through this table. */

#include "config.h"

#include "rp-figures.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

/* ---- private structs ------------------------------------------------ */

typedef enum
{
  VALUE_DOUBLE,
  VALUE_GUINT,
} ValueType;

struct _RpFigure
{
  const char     *key;
  const char     *label;        /* N_() */
  RpFigureUnit    unit;
  int             digits;
  RpFigureBetter  better;
  RpFigureWhen    when;
  gboolean        needs_run;
  /* where the estimate holds it: a member, or a function for a sum */
  double        (*get) (const RpEstimate *est);
  gsize           offset;
  ValueType       type;
  /* a figure with a band (rp-bands.c): where its low and high ends are,
   * and where the band itself is; 0: none */
  gsize           low_offset;
  gsize           high_offset;
  gsize           band_offset;
};

#define BAND(section, low, high) \
  .low_offset = offsetof (RpEstimate, section.low), \
  .high_offset = offsetof (RpEstimate, section.high), \
  .band_offset = offsetof (RpEstimate, section.band)

/* ---- derived figures ------------------------------------------------ */

/* What the loss holds: its saved log-probabilities and the gradient of
 * the logits (two lines of the breakdown). */
static double
memory_logits (const RpEstimate *est)
{
  return est->memory.logits_bytes + est->memory.logits_transient_bytes;
}

/* ---- the table ------------------------------------------------------ */

static const RpFigure figures[] = {
  { "memory.weights", N_("Weights"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.weights_bytes), .type = VALUE_DOUBLE },
  { "memory.weight_copies", N_("Weight copies (AMP/FP8)"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.weight_copies_bytes), .type = VALUE_DOUBLE },
  { "memory.gradients", N_("Gradients"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.gradients_bytes), .type = VALUE_DOUBLE },
  { "memory.optimizer", N_("Optimizer states"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.optimizer_bytes), .type = VALUE_DOUBLE },
  { "memory.activations", N_("Activations"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.activations_bytes), .type = VALUE_DOUBLE },
  { "memory.recompute", N_("Recomputed layer"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.recompute_bytes), .type = VALUE_DOUBLE },
  { "memory.logits", N_("Logits and loss"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .get = memory_logits },
  { "memory.logits_saved", N_("Saved log-probabilities"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.logits_bytes), .type = VALUE_DOUBLE },
  { "memory.logits_transient", N_("Logits gradient"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.logits_transient_bytes), .type = VALUE_DOUBLE },
  { "memory.gathered", N_("Gathered layers (ZeRO-3)"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.gathered_bytes), .type = VALUE_DOUBLE },
  { "memory.overhead_lines.cuda_context", N_("CUDA context"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.cuda_context_bytes), .type = VALUE_DOUBLE },
  { "memory.overhead_lines.workspace", N_("cuBLAS workspace"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.workspace_bytes), .type = VALUE_DOUBLE },
  { "memory.overhead_lines.nccl", N_("NCCL buffers"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.nccl_bytes), .type = VALUE_DOUBLE },
  { "memory.overhead_lines.ddp_buckets", N_("Gradient buckets"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.ddp_bucket_bytes), .type = VALUE_DOUBLE },
  { "memory.overhead_lines.fragmentation", N_("Allocator fragmentation"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.fragmentation_bytes), .type = VALUE_DOUBLE },
  { "memory.overhead_lines.calibration", N_("Your calibration"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.calibration_bytes), .type = VALUE_DOUBLE },
  { "memory.overhead", N_("Framework overhead"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.overhead_bytes), .type = VALUE_DOUBLE },
  { "memory.reference", N_("Reference model (frozen)"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.reference_bytes), .type = VALUE_DOUBLE },
  { "memory.released", N_("Not alive at the peak"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.released_bytes), .type = VALUE_DOUBLE },
  { "memory.total", N_("VRAM per GPU"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_LOWER, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.total_bytes), .type = VALUE_DOUBLE,
    BAND (memory, total_low_bytes, total_high_bytes) },
  { "memory.total_low", N_("VRAM per GPU, low end"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.total_low_bytes), .type = VALUE_DOUBLE },
  { "memory.total_high", N_("VRAM per GPU, high end"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.total_high_bytes), .type = VALUE_DOUBLE },
  { "memory.capacity", N_("GPU memory"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.capacity_bytes), .type = VALUE_DOUBLE },
  { "memory.free", N_("Free"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.free_bytes), .type = VALUE_DOUBLE },
  { "memory.headroom_pct", N_("Headroom"),
    RP_FIGURE_UNIT_PERCENT, 0, RP_FIGURE_BETTER_HIGHER, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.headroom_pct), .type = VALUE_DOUBLE },
  { "memory.required_headroom_pct", N_("Headroom required"),
    RP_FIGURE_UNIT_PERCENT, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.required_headroom_pct), .type = VALUE_DOUBLE },
  { "memory.trainable_params", N_("Trainable parameters"),
    RP_FIGURE_UNIT_COUNT, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.trainable_params), .type = VALUE_DOUBLE },
  { "memory.total_params", N_("Parameters"),
    RP_FIGURE_UNIT_COUNT, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.total_params), .type = VALUE_DOUBLE },
  { "memory.params_per_gpu", N_("Parameters per GPU"),
    RP_FIGURE_UNIT_COUNT, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.params_per_gpu), .type = VALUE_DOUBLE },
  { "memory.cpu_offload", N_("Offloaded to CPU RAM"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.cpu_offload_bytes), .type = VALUE_DOUBLE },
  { "memory.activations_per_layer", N_("Activations per layer"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.activations_per_layer_bytes), .type = VALUE_DOUBLE },
  { "memory.pipeline_stage", N_("Pipeline stage shown"),
    RP_FIGURE_UNIT_NUMBER, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.pipeline_stage), .type = VALUE_GUINT },
  { "memory.micro_batches_in_flight", N_("Micro-batches in flight"),
    RP_FIGURE_UNIT_NUMBER, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.micro_batches_in_flight), .type = VALUE_GUINT },
  { "memory.pipeline_batches_held", N_("Micro-batches held"),
    RP_FIGURE_UNIT_NUMBER, 1, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_MEMORY, FALSE,
    .offset = offsetof (RpEstimate, memory.pipeline_batches_held), .type = VALUE_DOUBLE },
  { "compute.flops", N_("Training FLOPs"),
    RP_FIGURE_UNIT_FLOPS, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.flops), .type = VALUE_DOUBLE },
  { "compute.flops_per_step", N_("FLOPs per step"),
    RP_FIGURE_UNIT_FLOPS, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.flops_per_step), .type = VALUE_DOUBLE },
  { "compute.model_flops_per_step", N_("Model FLOPs per step"),
    RP_FIGURE_UNIT_FLOPS, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.model_flops_per_step), .type = VALUE_DOUBLE },
  { "compute.tokens_per_s", N_("Tokens per second"),
    RP_FIGURE_UNIT_PER_SECOND, 0, RP_FIGURE_BETTER_HIGHER, RP_FIGURE_WHEN_TOKENS, TRUE,
    .offset = offsetof (RpEstimate, compute.tokens_per_s), .type = VALUE_DOUBLE,
    BAND (compute, tokens_per_s_low, tokens_per_s_high) },
  { "compute.tokens_per_s_low", N_("Tokens per second, low end"),
    RP_FIGURE_UNIT_PER_SECOND, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TOKENS, FALSE,
    .offset = offsetof (RpEstimate, compute.tokens_per_s_low), .type = VALUE_DOUBLE },
  { "compute.tokens_per_s_high", N_("Tokens per second, high end"),
    RP_FIGURE_UNIT_PER_SECOND, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TOKENS, FALSE,
    .offset = offsetof (RpEstimate, compute.tokens_per_s_high), .type = VALUE_DOUBLE },
  { "compute.samples_per_s", N_("Samples per second"),
    RP_FIGURE_UNIT_PER_SECOND, 1, RP_FIGURE_BETTER_HIGHER, RP_FIGURE_WHEN_TIMED, TRUE,
    .offset = offsetof (RpEstimate, compute.samples_per_s), .type = VALUE_DOUBLE,
    BAND (compute, samples_per_s_low, samples_per_s_high) },
  { "compute.samples_per_s_low", N_("Samples per second, low end"),
    RP_FIGURE_UNIT_PER_SECOND, 1, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.samples_per_s_low), .type = VALUE_DOUBLE },
  { "compute.samples_per_s_high", N_("Samples per second, high end"),
    RP_FIGURE_UNIT_PER_SECOND, 1, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.samples_per_s_high), .type = VALUE_DOUBLE },
  { "compute.mfu", N_("Model FLOPs utilization"),
    RP_FIGURE_UNIT_FRACTION, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.mfu), .type = VALUE_DOUBLE },
  { "compute.hfu", N_("Hardware FLOPs utilization"),
    RP_FIGURE_UNIT_FRACTION, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.hfu), .type = VALUE_DOUBLE },
  { "compute.efficiency", N_("Compute efficiency"),
    RP_FIGURE_UNIT_FRACTION, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.efficiency), .type = VALUE_DOUBLE },
  { "compute.peak_tflops", N_("Peak per GPU"),
    RP_FIGURE_UNIT_TFLOPS, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.peak_tflops), .type = VALUE_DOUBLE },
  { "compute.step_s", N_("Step"),
    RP_FIGURE_UNIT_SECONDS, 3, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.step_s), .type = VALUE_DOUBLE,
    BAND (compute, step_s_low, step_s_high) },
  { "compute.step_s_low", N_("Step, low end"),
    RP_FIGURE_UNIT_SECONDS, 3, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.step_s_low), .type = VALUE_DOUBLE },
  { "compute.step_s_high", N_("Step, high end"),
    RP_FIGURE_UNIT_SECONDS, 3, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.step_s_high), .type = VALUE_DOUBLE },
  { "compute.gpu_step_s", N_("Step on the GPUs"),
    RP_FIGURE_UNIT_SECONDS, 3, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.gpu_step_s), .type = VALUE_DOUBLE },
  { "compute.compute_s", N_("compute"),
    RP_FIGURE_UNIT_SECONDS, 3, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.compute_s), .type = VALUE_DOUBLE },
  { "compute.comm_s", N_("communication"),
    RP_FIGURE_UNIT_SECONDS, 3, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.comm_s), .type = VALUE_DOUBLE },
  { "compute.comm_exposed_s", N_("communication (exposed)"),
    RP_FIGURE_UNIT_SECONDS, 3, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.comm_exposed_s), .type = VALUE_DOUBLE },
  { "compute.bubble_s", N_("pipeline bubble"),
    RP_FIGURE_UNIT_SECONDS, 3, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.bubble_s), .type = VALUE_DOUBLE },
  { "compute.data_s", N_("reading data"),
    RP_FIGURE_UNIT_SECONDS, 3, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.data_s), .type = VALUE_DOUBLE },
  { "compute.comm_parts.tensor_parallel_s", N_("tensor-parallel collectives"),
    RP_FIGURE_UNIT_SECONDS, 3, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.tp_comm_s), .type = VALUE_DOUBLE },
  { "compute.comm_parts.data_parallel_s", N_("data-parallel collectives"),
    RP_FIGURE_UNIT_SECONDS, 3, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.dp_comm_s), .type = VALUE_DOUBLE },
  { "compute.comm_parts.pipeline_s", N_("pipeline sends"),
    RP_FIGURE_UNIT_SECONDS, 3, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.pp_comm_s), .type = VALUE_DOUBLE },
  { "compute.comm_parts.expert_parallel_s", N_("expert all-to-all"),
    RP_FIGURE_UNIT_SECONDS, 3, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.ep_comm_s), .type = VALUE_DOUBLE },
  { "compute.comm_parts.context_parallel_s", N_("context-parallel exchange"),
    RP_FIGURE_UNIT_SECONDS, 3, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.cp_comm_s), .type = VALUE_DOUBLE },
  { "compute.comm_exposed_parts.tensor_parallel_s", N_("tensor-parallel collectives, exposed"),
    RP_FIGURE_UNIT_SECONDS, 3, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.tp_exposed_s), .type = VALUE_DOUBLE },
  { "compute.comm_exposed_parts.data_parallel_s", N_("data-parallel collectives, exposed"),
    RP_FIGURE_UNIT_SECONDS, 3, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.dp_exposed_s), .type = VALUE_DOUBLE },
  { "compute.comm_exposed_parts.pipeline_s", N_("pipeline sends, exposed"),
    RP_FIGURE_UNIT_SECONDS, 3, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.pp_exposed_s), .type = VALUE_DOUBLE },
  { "compute.comm_exposed_parts.expert_parallel_s", N_("expert all-to-all, exposed"),
    RP_FIGURE_UNIT_SECONDS, 3, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.ep_exposed_s), .type = VALUE_DOUBLE },
  { "compute.comm_exposed_parts.context_parallel_s", N_("context-parallel exchange, exposed"),
    RP_FIGURE_UNIT_SECONDS, 3, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.cp_exposed_s), .type = VALUE_DOUBLE },
  { "compute.bubble_fraction", N_("Pipeline bubble share"),
    RP_FIGURE_UNIT_FRACTION, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.bubble_fraction), .type = VALUE_DOUBLE },
  { "compute.micro_batches", N_("Micro-batches per step"),
    RP_FIGURE_UNIT_NUMBER, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.micro_batches), .type = VALUE_DOUBLE },
  { "compute.optimizer_s", N_("optimizer"),
    RP_FIGURE_UNIT_SECONDS, 3, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.optimizer_s), .type = VALUE_DOUBLE },
  { "compute.moe_s", N_("experts (routing)"),
    RP_FIGURE_UNIT_SECONDS, 3, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.moe_s), .type = VALUE_DOUBLE },
  { "compute.host_s", N_("waiting on the host (many experts)"),
    RP_FIGURE_UNIT_SECONDS, 3, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.host_s), .type = VALUE_DOUBLE },
  { "compute.elementwise_s", N_("of it, unfused kernels"),
    RP_FIGURE_UNIT_SECONDS, 3, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.elementwise_s), .type = VALUE_DOUBLE },
  { "compute.dequant_s", N_("4-bit dequantization"),
    RP_FIGURE_UNIT_SECONDS, 3, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.dequant_s), .type = VALUE_DOUBLE },
  { "compute.steps", N_("Steps"),
    RP_FIGURE_UNIT_COUNT, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.steps), .type = VALUE_DOUBLE },
  { "compute.samples_total", N_("Samples, all epochs"),
    RP_FIGURE_UNIT_COUNT, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.samples_total), .type = VALUE_DOUBLE },
  { "compute.tokens_total", N_("Tokens, all epochs"),
    RP_FIGURE_UNIT_COUNT, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TOKENS, FALSE,
    .offset = offsetof (RpEstimate, compute.tokens_total), .type = VALUE_DOUBLE },
  { "compute.hours", N_("Training time"),
    RP_FIGURE_UNIT_HOURS, 1, RP_FIGURE_BETTER_LOWER, RP_FIGURE_WHEN_TIMED, TRUE,
    .offset = offsetof (RpEstimate, compute.hours), .type = VALUE_DOUBLE,
    BAND (compute, hours_low, hours_high) },
  { "compute.hours_low", N_("Training time, low end"),
    RP_FIGURE_UNIT_HOURS, 1, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.hours_low), .type = VALUE_DOUBLE },
  { "compute.hours_high", N_("Training time, high end"),
    RP_FIGURE_UNIT_HOURS, 1, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.hours_high), .type = VALUE_DOUBLE },
  { "compute.days", N_("Training time"),
    RP_FIGURE_UNIT_DAYS, 1, RP_FIGURE_BETTER_LOWER, RP_FIGURE_WHEN_TIMED, TRUE,
    .offset = offsetof (RpEstimate, compute.days), .type = VALUE_DOUBLE,
    BAND (compute, days_low, days_high) },
  { "compute.days_low", N_("Training time, low end"),
    RP_FIGURE_UNIT_DAYS, 1, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.days_low), .type = VALUE_DOUBLE },
  { "compute.days_high", N_("Training time, high end"),
    RP_FIGURE_UNIT_DAYS, 1, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.days_high), .type = VALUE_DOUBLE },
  { "compute.gpu_hours", N_("GPU-hours"),
    RP_FIGURE_UNIT_GPU_HOURS, 0, RP_FIGURE_BETTER_LOWER, RP_FIGURE_WHEN_TIMED, TRUE,
    .offset = offsetof (RpEstimate, compute.gpu_hours), .type = VALUE_DOUBLE,
    BAND (compute, gpu_hours_low, gpu_hours_high) },
  { "compute.gpu_hours_low", N_("GPU-hours, low end"),
    RP_FIGURE_UNIT_GPU_HOURS, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.gpu_hours_low), .type = VALUE_DOUBLE },
  { "compute.gpu_hours_high", N_("GPU-hours, high end"),
    RP_FIGURE_UNIT_GPU_HOURS, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.gpu_hours_high), .type = VALUE_DOUBLE },
  { "compute.goodput_low", N_("Goodput, low"),
    RP_FIGURE_UNIT_FRACTION, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.goodput_low), .type = VALUE_DOUBLE },
  { "compute.goodput_high", N_("Goodput, high"),
    RP_FIGURE_UNIT_FRACTION, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.goodput_high), .type = VALUE_DOUBLE },
  { "compute.gpu_hours_expected_low", N_("Expected GPU-hours, low"),
    RP_FIGURE_UNIT_GPU_HOURS, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.gpu_hours_expected_low), .type = VALUE_DOUBLE },
  { "compute.gpu_hours_expected_high", N_("Expected GPU-hours, high"),
    RP_FIGURE_UNIT_GPU_HOURS, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.gpu_hours_expected_high), .type = VALUE_DOUBLE },
  { "compute.checkpoint_s", N_("Checkpoint save"),
    RP_FIGURE_UNIT_SECONDS, 1, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.checkpoint_s), .type = VALUE_DOUBLE },
  { "compute.checkpoint_bytes", N_("Checkpoint size"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.checkpoint_bytes), .type = VALUE_DOUBLE },
  { "compute.cpu_cores_needed", N_("CPU cores needed per node"),
    RP_FIGURE_UNIT_NUMBER, 1, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.cpu_cores_needed), .type = VALUE_DOUBLE },
  { "compute.storage_read_mb_s_needed", N_("Storage reads needed per node"),
    RP_FIGURE_UNIT_MB_S, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.storage_read_mb_s_needed), .type = VALUE_DOUBLE },
  { "compute.data_pipeline.storage_read_mb_s_available", N_("Storage reads per node"),
    RP_FIGURE_UNIT_MB_S, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.storage_read_mb_s_available), .type = VALUE_DOUBLE },
  { "compute.data_pipeline.cpu_s", N_("decoding on the CPU"),
    RP_FIGURE_UNIT_SECONDS, 3, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.cpu_s), .type = VALUE_DOUBLE },
  { "compute.data_pipeline.slowdown_pct", N_("Slowdown from data and CPU"),
    RP_FIGURE_UNIT_PERCENT, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_TIMED, FALSE,
    .offset = offsetof (RpEstimate, compute.slowdown_pct), .type = VALUE_DOUBLE },
  { "cost.utilization_pct", N_("Utilization"),
    RP_FIGURE_UNIT_PERCENT, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_COST, FALSE,
    .offset = offsetof (RpEstimate, cost.utilization_pct), .type = VALUE_DOUBLE },
  { "cost.rent_total", N_("Rent, this run"),
    RP_FIGURE_UNIT_MONEY, 0, RP_FIGURE_BETTER_LOWER, RP_FIGURE_WHEN_RENT_RUN, TRUE,
    .offset = offsetof (RpEstimate, cost.rent_total), .type = VALUE_DOUBLE },
  { "cost.rent_per_gpu_hour", N_("Rent per GPU-hour"),
    RP_FIGURE_UNIT_MONEY_PER_GPU_HOUR, 2, RP_FIGURE_BETTER_LOWER, RP_FIGURE_WHEN_RENT, TRUE,
    .offset = offsetof (RpEstimate, cost.rent_per_gpu_hour), .type = VALUE_DOUBLE },
  { "cost.rent_per_month", N_("Rent, per month"),
    RP_FIGURE_UNIT_MONEY_PER_MONTH, 0, RP_FIGURE_BETTER_LOWER, RP_FIGURE_WHEN_RENT, TRUE,
    .offset = offsetof (RpEstimate, cost.rent_per_month), .type = VALUE_DOUBLE },
  { "cost.buy_total", N_("Owning, this run’s share"),
    RP_FIGURE_UNIT_MONEY, 0, RP_FIGURE_BETTER_LOWER, RP_FIGURE_WHEN_BUY_RUN, TRUE,
    .offset = offsetof (RpEstimate, cost.buy_total), .type = VALUE_DOUBLE },
  { "cost.buy_capital", N_("Capital outlay"),
    RP_FIGURE_UNIT_MONEY, 0, RP_FIGURE_BETTER_LOWER, RP_FIGURE_WHEN_BUY, TRUE,
    .offset = offsetof (RpEstimate, cost.buy_capital), .type = VALUE_DOUBLE },
  { "cost.buy_per_month", N_("Owning, per month"),
    RP_FIGURE_UNIT_MONEY_PER_MONTH, 0, RP_FIGURE_BETTER_LOWER, RP_FIGURE_WHEN_BUY, TRUE,
    .offset = offsetof (RpEstimate, cost.buy_per_month), .type = VALUE_DOUBLE },
  { "cost.break_even_months", N_("Payback of buying"),
    RP_FIGURE_UNIT_MONTHS, 1, RP_FIGURE_BETTER_LOWER, RP_FIGURE_WHEN_PAYBACK, TRUE,
    .offset = offsetof (RpEstimate, cost.break_even_months), .type = VALUE_DOUBLE },
  { "cost.break_even_utilization_pct", N_("Buying pays back from"),
    RP_FIGURE_UNIT_PERCENT, 0, RP_FIGURE_BETTER_LOWER, RP_FIGURE_WHEN_PAYBACK, TRUE,
    .offset = offsetof (RpEstimate, cost.break_even_utilization_pct), .type = VALUE_DOUBLE },
  { "cost.period_saving", N_("Saving by buying, whole period"),
    RP_FIGURE_UNIT_MONEY, 0, RP_FIGURE_BETTER_HIGHER, RP_FIGURE_WHEN_BOTH, TRUE,
    .offset = offsetof (RpEstimate, cost.period_saving), .type = VALUE_DOUBLE },
  { "cost.energy_kwh", N_("Energy, this run"),
    RP_FIGURE_UNIT_KWH, 0, RP_FIGURE_BETTER_LOWER, RP_FIGURE_WHEN_ENERGY_RUN, TRUE,
    .offset = offsetof (RpEstimate, cost.energy_kwh), .type = VALUE_DOUBLE },
  { "cost.co2_kg", N_("CO₂, this run"),
    RP_FIGURE_UNIT_KG_CO2, 0, RP_FIGURE_BETTER_LOWER, RP_FIGURE_WHEN_ENERGY_RUN, TRUE,
    .offset = offsetof (RpEstimate, cost.co2_kg), .type = VALUE_DOUBLE },
  { "cost.power_w", N_("Power, incl. PUE"),
    RP_FIGURE_UNIT_WATTS, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_POWER, FALSE,
    .offset = offsetof (RpEstimate, cost.power_w), .type = VALUE_DOUBLE },
  { "cost.tflops_per_w", N_("Performance per watt"),
    RP_FIGURE_UNIT_TFLOPS_PER_W, 2, RP_FIGURE_BETTER_HIGHER, RP_FIGURE_WHEN_POSITIVE, FALSE,
    .offset = offsetof (RpEstimate, cost.tflops_per_w), .type = VALUE_DOUBLE },
  { "cost.rent.per_gpu_hour", N_("Rent per GPU-hour"),
    RP_FIGURE_UNIT_MONEY_PER_GPU_HOUR, 2, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_RENT, FALSE,
    .offset = offsetof (RpEstimate, cost.rent_per_gpu_hour), .type = VALUE_DOUBLE },
  { "cost.rent.billing_granularity_s", N_("Billing unit"),
    RP_FIGURE_UNIT_SECONDS, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_RENT, FALSE,
    .offset = offsetof (RpEstimate, cost.billing_granularity_s), .type = VALUE_DOUBLE },
  { "cost.rent.spot_allowance_pct", N_("Spot interruption allowance"),
    RP_FIGURE_UNIT_PERCENT, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_RENT, FALSE,
    .offset = offsetof (RpEstimate, cost.spot_allowance_pct), .type = VALUE_DOUBLE },
  { "cost.rent.billed_gpus", N_("GPUs billed"),
    RP_FIGURE_UNIT_NUMBER, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_RENT, FALSE,
    .offset = offsetof (RpEstimate, cost.rent_billed_gpus), .type = VALUE_GUINT },
  { "cost.rent.billed_hours", N_("Hours billed per GPU"),
    RP_FIGURE_UNIT_HOURS, 1, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_RENT_RUN, FALSE,
    .offset = offsetof (RpEstimate, cost.rent_billed_hours), .type = VALUE_DOUBLE },
  { "cost.rent.compute", N_("Rented GPU time"),
    RP_FIGURE_UNIT_MONEY, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_RENT_RUN, FALSE,
    .offset = offsetof (RpEstimate, cost.rent_compute), .type = VALUE_DOUBLE },
  { "cost.rent.storage", N_("Checkpoint storage"),
    RP_FIGURE_UNIT_MONEY, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_RENT_RUN, FALSE,
    .offset = offsetof (RpEstimate, cost.rent_storage), .type = VALUE_DOUBLE },
  { "cost.rent.egress", N_("Data egress"),
    RP_FIGURE_UNIT_MONEY, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_RENT_RUN, FALSE,
    .offset = offsetof (RpEstimate, cost.rent_egress), .type = VALUE_DOUBLE },
  { "cost.rent.total", N_("Rent, this run"),
    RP_FIGURE_UNIT_MONEY, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_RENT_RUN, FALSE,
    .offset = offsetof (RpEstimate, cost.rent_total), .type = VALUE_DOUBLE },
  { "cost.rent.per_month", N_("Rent, per month"),
    RP_FIGURE_UNIT_MONEY_PER_MONTH, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_RENT, FALSE,
    .offset = offsetof (RpEstimate, cost.rent_per_month), .type = VALUE_DOUBLE },
  { "cost.buy.capital", N_("Capital outlay"),
    RP_FIGURE_UNIT_MONEY, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BUY, FALSE,
    .offset = offsetof (RpEstimate, cost.buy_capital), .type = VALUE_DOUBLE },
  { "cost.buy.capital_gpus", N_("GPUs"),
    RP_FIGURE_UNIT_MONEY, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BUY, FALSE,
    .offset = offsetof (RpEstimate, cost.buy_capital_gpus), .type = VALUE_DOUBLE },
  { "cost.buy.spare_gpus", N_("Spare GPUs"),
    RP_FIGURE_UNIT_NUMBER, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BUY, FALSE,
    .offset = offsetof (RpEstimate, cost.buy_spare_gpus), .type = VALUE_GUINT },
  { "cost.buy.capital_spares", N_("Spare GPUs"),
    RP_FIGURE_UNIT_MONEY, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BUY, FALSE,
    .offset = offsetof (RpEstimate, cost.buy_capital_spares), .type = VALUE_DOUBLE },
  { "cost.buy.capital_servers", N_("Servers"),
    RP_FIGURE_UNIT_MONEY, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BUY, FALSE,
    .offset = offsetof (RpEstimate, cost.buy_capital_servers), .type = VALUE_DOUBLE },
  { "cost.buy.capital_network", N_("Network"),
    RP_FIGURE_UNIT_MONEY, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BUY, FALSE,
    .offset = offsetof (RpEstimate, cost.buy_capital_network), .type = VALUE_DOUBLE },
  { "cost.buy.residual", N_("Resale value"),
    RP_FIGURE_UNIT_MONEY, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BUY, FALSE,
    .offset = offsetof (RpEstimate, cost.buy_residual), .type = VALUE_DOUBLE },
  { "cost.buy.per_month", N_("Owning, per month"),
    RP_FIGURE_UNIT_MONEY_PER_MONTH, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BUY, FALSE,
    .offset = offsetof (RpEstimate, cost.buy_per_month), .type = VALUE_DOUBLE },
  { "cost.buy.per_month_lines.depreciation", N_("Depreciation"),
    RP_FIGURE_UNIT_MONEY_PER_MONTH, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BUY, FALSE,
    .offset = offsetof (RpEstimate, cost.buy_depreciation_per_month), .type = VALUE_DOUBLE },
  { "cost.buy.per_month_lines.maintenance", N_("Maintenance"),
    RP_FIGURE_UNIT_MONEY_PER_MONTH, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BUY, FALSE,
    .offset = offsetof (RpEstimate, cost.buy_maintenance_per_month), .type = VALUE_DOUBLE },
  { "cost.buy.per_month_lines.ops", N_("Operations"),
    RP_FIGURE_UNIT_MONEY_PER_MONTH, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BUY, FALSE,
    .offset = offsetof (RpEstimate, cost.buy_ops_per_month), .type = VALUE_DOUBLE },
  { "cost.buy.per_month_lines.colocation", N_("Colocation"),
    RP_FIGURE_UNIT_MONEY_PER_MONTH, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BUY, FALSE,
    .offset = offsetof (RpEstimate, cost.buy_colocation_per_month), .type = VALUE_DOUBLE },
  { "cost.buy.per_month_lines.cost_of_capital", N_("Cost of capital"),
    RP_FIGURE_UNIT_MONEY_PER_MONTH, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BUY, FALSE,
    .offset = offsetof (RpEstimate, cost.buy_capital_cost_per_month), .type = VALUE_DOUBLE },
  { "cost.buy.per_month_lines.electricity", N_("Electricity"),
    RP_FIGURE_UNIT_MONEY_PER_MONTH, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BUY, FALSE,
    .offset = offsetof (RpEstimate, cost.buy_energy_per_month), .type = VALUE_DOUBLE },
  { "cost.buy.run_electricity", N_("Electricity, this run"),
    RP_FIGURE_UNIT_MONEY, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BUY_RUN, FALSE,
    .offset = offsetof (RpEstimate, cost.buy_run_energy), .type = VALUE_DOUBLE },
  { "cost.buy.total", N_("Owning, this run’s share"),
    RP_FIGURE_UNIT_MONEY, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BUY_RUN, FALSE,
    .offset = offsetof (RpEstimate, cost.buy_total), .type = VALUE_DOUBLE },
  { "bom.gpus_per_node", N_("GPUs per node"),
    RP_FIGURE_UNIT_NUMBER, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BOM, FALSE,
    .offset = offsetof (RpEstimate, bom.gpus_per_node), .type = VALUE_GUINT },
  { "bom.nodes", N_("Nodes"),
    RP_FIGURE_UNIT_NUMBER, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BOM, FALSE,
    .offset = offsetof (RpEstimate, bom.nodes), .type = VALUE_GUINT },
  { "bom.cpu_cores_per_node", N_("CPU cores per node"),
    RP_FIGURE_UNIT_NUMBER, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BOM, FALSE,
    .offset = offsetof (RpEstimate, bom.cpu_cores_per_node), .type = VALUE_GUINT },
  { "bom.cpu_sockets", N_("CPU sockets"),
    RP_FIGURE_UNIT_NUMBER, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BOM, FALSE,
    .offset = offsetof (RpEstimate, bom.cpu_sockets), .type = VALUE_GUINT },
  { "bom.cpu_cores_for_data", N_("CPU cores for the data pipeline"),
    RP_FIGURE_UNIT_NUMBER, 1, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BOM, FALSE,
    .offset = offsetof (RpEstimate, bom.cpu_cores_for_data), .type = VALUE_DOUBLE },
  { "bom.cpu_cores_platform", N_("CPU cores of the platform"),
    RP_FIGURE_UNIT_NUMBER, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BOM, FALSE,
    .offset = offsetof (RpEstimate, bom.cpu_cores_platform), .type = VALUE_GUINT },
  { "bom.cpu_cores_entered", N_("CPU cores entered"),
    RP_FIGURE_UNIT_NUMBER, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BOM, FALSE,
    .offset = offsetof (RpEstimate, bom.cpu_cores_entered), .type = VALUE_GUINT },
  { "bom.ram_gb_per_node", N_("RAM per node"),
    RP_FIGURE_UNIT_GB, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BOM, FALSE,
    .offset = offsetof (RpEstimate, bom.ram_gb_per_node), .type = VALUE_GUINT },
  { "bom.ram_gb_entered", N_("RAM entered"),
    RP_FIGURE_UNIT_GB, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BOM, FALSE,
    .offset = offsetof (RpEstimate, bom.ram_gb_entered), .type = VALUE_GUINT },
  { "bom.nvme_tb_per_node", N_("NVMe per node"),
    RP_FIGURE_UNIT_TB, 1, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BOM, FALSE,
    .offset = offsetof (RpEstimate, bom.nvme_tb_per_node), .type = VALUE_DOUBLE },
  { "bom.nics_per_node", N_("NICs per node"),
    RP_FIGURE_UNIT_NUMBER, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BOM, FALSE,
    .offset = offsetof (RpEstimate, bom.nics_per_node), .type = VALUE_GUINT },
  { "bom.nic_gbit_s", N_("Each NIC"),
    RP_FIGURE_UNIT_GBIT_S, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BOM, FALSE,
    .offset = offsetof (RpEstimate, bom.nic_gbit_s), .type = VALUE_DOUBLE },
  { "bom.switch_ports", N_("Switch ports"),
    RP_FIGURE_UNIT_NUMBER, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BOM, FALSE,
    .offset = offsetof (RpEstimate, bom.switch_ports), .type = VALUE_GUINT },
  { "bom.power_kw_per_node", N_("Peak power per node"),
    RP_FIGURE_UNIT_KW, 1, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BOM, FALSE,
    .offset = offsetof (RpEstimate, bom.power_kw_per_node), .type = VALUE_DOUBLE },
  { "bom.psus_per_node", N_("Power supplies per node"),
    RP_FIGURE_UNIT_NUMBER, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BOM, FALSE,
    .offset = offsetof (RpEstimate, bom.psus_per_node), .type = VALUE_GUINT },
  { "bom.psu_kw", N_("Each power supply"),
    RP_FIGURE_UNIT_KW, 1, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BOM, FALSE,
    .offset = offsetof (RpEstimate, bom.psu_kw), .type = VALUE_DOUBLE },
  { "bom.pcie_lanes_per_node", N_("PCIe lanes per node"),
    RP_FIGURE_UNIT_NUMBER, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BOM, FALSE,
    .offset = offsetof (RpEstimate, bom.pcie_lanes_per_node), .type = VALUE_GUINT },
  { "bom.sizing.dataset_bytes", N_("Dataset on each node"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BOM, FALSE,
    .offset = offsetof (RpEstimate, bom.dataset_bytes), .type = VALUE_DOUBLE },
  { "bom.sizing.checkpoints_bytes", N_("Checkpoints kept"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BOM, FALSE,
    .offset = offsetof (RpEstimate, bom.checkpoints_bytes), .type = VALUE_DOUBLE },
  /* TRANSLATORS: one copy of the dataset and the kept checkpoints; the
   * 3-2-1 backup rule keeps three */
  { "bom.sizing.backup_bytes", N_("Backup (one 3-2-1 copy)"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BOM, FALSE,
    .offset = offsetof (RpEstimate, bom.backup_bytes), .type = VALUE_DOUBLE },
  { "bom.sizing.backup_per_month", N_("Off-site backup, per month"),
    RP_FIGURE_UNIT_MONEY_PER_MONTH, 2, RP_FIGURE_BETTER_LOWER, RP_FIGURE_WHEN_BOM, FALSE,
    .offset = offsetof (RpEstimate, bom.backup_per_month), .type = VALUE_DOUBLE },
  { "bom.sizing.pinned_ram_bytes", N_("Pinned RAM per node"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BOM, FALSE,
    .offset = offsetof (RpEstimate, bom.pinned_ram_bytes), .type = VALUE_DOUBLE },
  { "bom.sizing.offload_ram_bytes", N_("Offload RAM per node"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BOM, FALSE,
    .offset = offsetof (RpEstimate, bom.offload_ram_bytes), .type = VALUE_DOUBLE },
  { "bom.sizing.ram_needed_bytes", N_("RAM needed per node"),
    RP_FIGURE_UNIT_BYTES, 0, RP_FIGURE_BETTER_NONE, RP_FIGURE_WHEN_BOM, FALSE,
    .offset = offsetof (RpEstimate, bom.ram_needed_bytes), .type = VALUE_DOUBLE },
};

/* ---- helpers -------------------------------------------------------- */

static gboolean
holds (const RpFigure   *f,
       const RpEstimate *est,
       double            value)
{
  const RpCostEstimate *c = &est->cost;
  gboolean both = c->computed && c->rent_available && c->buy_available;

  switch (f->when)
    {
    case RP_FIGURE_WHEN_MEMORY:
      return est->memory.computed;
    case RP_FIGURE_WHEN_TIMED:
      return est->compute.computed;
    case RP_FIGURE_WHEN_TOKENS:
      return est->compute.computed && est->compute.tokens_per_s > 0;
    case RP_FIGURE_WHEN_COST:
      return c->computed;
    case RP_FIGURE_WHEN_RENT:
      return c->computed && c->rent_available;
    case RP_FIGURE_WHEN_RENT_RUN:
      return c->computed && c->rent_available && c->run_available;
    case RP_FIGURE_WHEN_BUY:
      return c->computed && c->buy_available;
    case RP_FIGURE_WHEN_BUY_RUN:
      return c->computed && c->buy_available && c->run_available;
    case RP_FIGURE_WHEN_BOTH:
      return both;
    case RP_FIGURE_WHEN_PAYBACK:
      /* < 0: buying does not pay back within the period */
      return both && value >= 0;
    case RP_FIGURE_WHEN_POWER:
      return c->computed && c->energy_available;
    case RP_FIGURE_WHEN_ENERGY_RUN:
      return c->computed && c->energy_available && c->run_available;
    case RP_FIGURE_WHEN_POSITIVE:
      return c->computed && value > 0;
    case RP_FIGURE_WHEN_BOM:
      return est->bom.computed;
    default:
      g_return_val_if_reached (FALSE);
    }
}

static double
raw_value (const RpFigure   *f,
           const RpEstimate *est)
{
  const char *base = (const char *) est + f->offset;

  if (f->get != NULL)
    return f->get (est);
  if (f->type == VALUE_GUINT)
    return *(const guint *) base;
  return *(const double *) base;
}

/* ---- public API ----------------------------------------------------- */

guint
rp_figures_n (void)
{
  return G_N_ELEMENTS (figures);
}

const RpFigure *
rp_figures_get (guint i)
{
  g_return_val_if_fail (i < G_N_ELEMENTS (figures), NULL);
  return &figures[i];
}

/* The figure of @key by hashing its text: once per key's address, below */
static const RpFigure *
lookup_by_text (const char *key)
{
  static GHashTable *by_key;     /* key → RpFigure*, made once, never freed */

  if (g_once_init_enter (&by_key))
    {
      GHashTable *table = g_hash_table_new (g_str_hash, g_str_equal);

      for (guint i = 0; i < G_N_ELEMENTS (figures); i++)
        g_hash_table_insert (table, (gpointer) figures[i].key, (gpointer) &figures[i]);
      g_once_init_leave (&by_key, table);
    }
  return g_hash_table_lookup (by_key, key);
}

/* A power of two: the keys the writers name, most of them literals. */
#define N_SEEN 512

const RpFigure *
rp_figures_lookup (const char *key)
{
  /* by the key's address: 1 + the index of the figure last found there,
   * 0 for none.  Each slot is one atomic int, checked against the table
   * (which never changes), so threads may race on it. */
  static gint seen[N_SEEN];
  guint64 h;
  guint slot;
  gint index;
  const RpFigure *figure;

  g_return_val_if_fail (key != NULL, NULL);

  /* every table row of every estimate asks by key: Fibonacci hashing of
   * the address (Knuth, TAOCP vol. 3, 6.4) */
  h = (guint64) (guintptr) key * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
  slot = (guint) (h >> 55) & (N_SEEN - 1);
  index = g_atomic_int_get (&seen[slot]) - 1;
  if (index >= 0 && (figures[index].key == key || strcmp (figures[index].key, key) == 0))
    return &figures[index];
  figure = lookup_by_text (key);
  if (figure != NULL)
    g_atomic_int_set (&seen[slot], (gint) (figure - figures) + 1);
  return figure;
}

const char *
rp_figure_get_key (const RpFigure *figure)
{
  g_return_val_if_fail (figure != NULL, NULL);
  return figure->key;
}

const char *
rp_figure_get_label (const RpFigure *figure)
{
  g_return_val_if_fail (figure != NULL, NULL);
  return figure->label;
}

RpFigureUnit
rp_figure_get_unit (const RpFigure *figure)
{
  g_return_val_if_fail (figure != NULL, RP_FIGURE_UNIT_NONE);
  return figure->unit;
}

int
rp_figure_get_digits (const RpFigure *figure)
{
  g_return_val_if_fail (figure != NULL, 0);
  return figure->digits;
}

RpFigureBetter
rp_figure_get_better (const RpFigure *figure)
{
  g_return_val_if_fail (figure != NULL, RP_FIGURE_BETTER_NONE);
  return figure->better;
}

gboolean
rp_figure_needs_run (const RpFigure *figure)
{
  g_return_val_if_fail (figure != NULL, FALSE);
  return figure->needs_run;
}

gboolean
rp_figure_get (const RpFigure   *figure,
               const RpEstimate *est,
               double           *out_value)
{
  double value;

  g_return_val_if_fail (figure != NULL && est != NULL && out_value != NULL, FALSE);

  value = raw_value (figure, est);
  *out_value = NAN;
  if (!holds (figure, est, value) || !isfinite (value))
    return FALSE;
  *out_value = value;
  return TRUE;
}

gboolean
rp_figure_get_band (const RpFigure   *figure,
                    const RpEstimate *est,
                    double           *out_low,
                    double           *out_high)
{
  const RpBand *band;
  double value;

  g_return_val_if_fail (figure != NULL && est != NULL, FALSE);
  g_return_val_if_fail (out_low != NULL && out_high != NULL, FALSE);

  *out_low = *out_high = NAN;
  if (figure->band_offset == 0 || !rp_figure_get (figure, est, &value))
    return FALSE;
  band = (const RpBand *) ((const char *) est + figure->band_offset);
  if (!band->known)
    return FALSE;
  *out_low = *(const double *) ((const char *) est + figure->low_offset);
  *out_high = *(const double *) ((const char *) est + figure->high_offset);
  return isfinite (*out_low) && isfinite (*out_high);
}

const RpBand *
rp_figure_peek_band (const RpFigure   *figure,
                     const RpEstimate *est)
{
  g_return_val_if_fail (figure != NULL && est != NULL, NULL);

  if (figure->band_offset == 0)
    return NULL;
  return (const RpBand *) ((const char *) est + figure->band_offset);
}

double
rp_figures_value (const RpEstimate *est,
                  const char       *key)
{
  const RpFigure *figure = rp_figures_lookup (key);
  double value = NAN;

  g_return_val_if_fail (figure != NULL, NAN);
  rp_figure_get (figure, est, &value);
  return value;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-mfu.h: the utilisation parameters of the time model (data/catalogs/mfu.json,
 * "format": "rigplan-mfu")
 *
 * The file holds, per GPU generation, the end-to-end MFU of large published
 * runs (mfu_max) and the kernel efficiency before communication; and the
 * width, sequence-length, pipeline and vision terms fitted on published runs.
 * Every value and its source is in the file; this module only reads it. */
#pragma once

#include "rp-types.h"

G_BEGIN_DECLS

typedef struct _RpMfuParams RpMfuParams;

/* The GPU generations mfu.json and the models name (RpGpu.gen),
 * resolved from the generation string once, when a catalog loads, so
 * that an estimate compares numbers rather than strings.
 * RP_GPU_GEN_OTHER: another name, none, or a GPU made without the
 * loader: the string is read instead (rp_gpu_generation_is). */
typedef enum
{
  RP_GPU_GEN_OTHER,
  RP_GPU_GEN_VOLTA,
  RP_GPU_GEN_TURING,
  RP_GPU_GEN_AMPERE,
  RP_GPU_GEN_ADA,
  RP_GPU_GEN_HOPPER,
  RP_GPU_GEN_BLACKWELL,
  RP_GPU_GEN_CDNA2,
  RP_GPU_GEN_CDNA3,
  RP_GPU_GEN_GAUDI,
  RP_GPU_GEN_GAUDI2,
  RP_GPU_GEN_GAUDI3,
  RP_GPU_GEN_ASCEND,
  RP_N_GPU_GENS
} RpGpuGen;

/* The generation named exactly @generation ("hopper"; case-sensitive,
 * as mfu.json's keys are matched), else RP_GPU_GEN_OTHER. */
RpGpuGen rp_gpu_gen_from_string         (const char        *generation);
/* Its name ("hopper"); NULL for RP_GPU_GEN_OTHER. */
const char *rp_gpu_gen_to_string        (RpGpuGen           gen);

void    rp_mfu_params_free              (RpMfuParams       *self);

/* Kernel efficiency (fraction of dense peak) of @generation at @precision,
 * at infinite width: kernel_efficiency.per_generation, else mfu_max ×
 * default_over_mfu_max, else default_mfu × default_over_mfu_max.  For fp8
 * it is scaled by the generation's fp8/bf16 MFU ratio. */
double  rp_mfu_kernel_efficiency        (const RpMfuParams *self,
                                         const char        *generation,
                                         RpPrecision        precision);
/* The same for a class of cards: kernel_efficiency.per_class for
 * "@generation/@segment" ("ada/consumer") where the file measures that
 * class, else rp_mfu_kernel_efficiency(). */
double  rp_mfu_kernel_efficiency_class  (const RpMfuParams *self,
                                         const char        *generation,
                                         const char        *segment,
                                         RpPrecision        precision);
/* The same three for a GPU whose generation was resolved (@gen; the
 * string @generation is read where @gen is RP_GPU_GEN_OTHER): the same
 * figures, without comparing strings. */
double  rp_mfu_kernel_efficiency_gen    (const RpMfuParams *self,
                                         RpGpuGen           gen,
                                         const char        *generation,
                                         const char        *segment,
                                         RpPrecision        precision);
double  rp_mfu_width_half_point_gen     (const RpMfuParams *self,
                                         RpGpuGen           gen,
                                         const char        *generation,
                                         double             ridge);
double  rp_mfu_seq_factor_gen           (const RpMfuParams *self,
                                         RpGpuGen           gen,
                                         const char        *generation,
                                         double             seq_len);
/* H of the width factor h / (h + H) for a part of @generation whose
 * 16-bit ridge point (peak FLOP/s over memory bytes/s) is @ridge: the
 * generation's own, else the fitted generation's nearest in ridge scaled
 * by the ratio, else (@ridge 0) the shared width_half_point (rp-mfu.c). */
double  rp_mfu_width_half_point         (const RpMfuParams *self,
                                         const char        *generation,
                                         double             ridge);
/* f^log2(s / s_ref) above s_ref, 1 below; f per generation, else the
 * geometric mean of the listed generations. */
double  rp_mfu_seq_factor               (const RpMfuParams *self,
                                         const char        *generation,
                                         double             seq_len);
/* Interleaved pipeline chunks per GPU assumed (pipeline_bubble.virtual_stages). */
double  rp_mfu_virtual_stages           (const RpMfuParams *self);
/* FLOPs per byte of memory traffic of convolutional training. */
double  rp_mfu_cnn_intensity            (const RpMfuParams *self);
/* Of the tensor-parallel communication that overlapping could hide behind
 * the matmuls it feeds, the share PyTorch's async TP does hide
 * (tp_overlap.hidden_share; 1 when the file has none). */
double  rp_mfu_tp_overlap_hidden_share  (const RpMfuParams *self);
/* Host seconds to issue one eager kernel (host_launch.op_s; 0 when the
 * file has none). */
double  rp_mfu_host_op_s                (const RpMfuParams *self);
/* Passes over the 16-bit attention scores per layer without FlashAttention. */
double  rp_mfu_attention_score_passes   (const RpMfuParams *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpMfuParams, rp_mfu_params_free)

G_END_DECLS

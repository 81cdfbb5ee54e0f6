/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-arch.h: a model architecture as a value: parameter counting and
 * validation (no catalog; models/rp-model.h resolves presets) */
#pragma once

#include "rp-types.h"

G_BEGIN_DECLS

/* Parameters counted from the architecture (not the override in
 * arch->params); 0 for kinds that have no counted architecture. */
guint64  rp_model_count_params       (const RpModelArch *arch);
/* The count every estimate uses: arch->params when set, else counted. */
guint64  rp_model_params             (const RpModelArch *arch);
/* Head dimension: head_dim, or hidden / heads. */
guint    rp_model_head_dim           (const RpModelArch *arch);
/* Parameters active per token (MoE: only the routed experts). */
guint64  rp_model_active_params      (const RpModelArch *arch);
/* Parameters in the per-layer linear projections that LoRA can target:
 * used for adapter sizes; sets *in_plus_out to Σ(in + out) over the
 * targeted matrices of one layer. */
void     rp_model_lora_shape         (const RpModelArch *arch,
                                      RpLoraTargets      targets,
                                      guint64           *in_plus_out_per_layer,
                                      guint64           *frozen_linear_params);
guint    rp_model_total_layers       (const RpModelArch *arch);

gboolean rp_model_arch_validate      (const RpModelArch *arch,
                                      const char        *path,
                                      GError           **error);
void     rp_model_arch_init_defaults (RpModelArch       *arch);

G_END_DECLS

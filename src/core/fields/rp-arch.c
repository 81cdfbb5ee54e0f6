/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-arch.c: model architectures and parameter counting
 *
 * Parameter counts follow the module structure of the reference
 * implementations (Hugging Face transformers' modeling_gpt2, modeling_llama,
 * modeling_bert, modeling_t5, modeling_vit, modeling_mixtral) so that they
 * reproduce the published counts exactly; tests/test-model.c checks them.
 *
 *   embeddings = (vocab + max_positions + type_vocab) * h
 *   attention  = h*heads*d + 2*h*kv*d + heads*d*h   (+ biases)
 *   mlp        = 2*h*ffn, or 3*h*ffn when gated     (+ biases); MoE: × experts + router h*experts
 *   norms      = 2 per layer (3 in a T5 decoder layer) + 1 final
 *                (LayerNorm: weight and bias; RMSNorm: weight)
 *   lm head    = vocab*h unless tied; encoders and ViT have none
 *
 * Counts saturate at G_MAXUINT64 instead of wrapping (an MoE of 65,536
 * experts of 16M-wide FFNs wrapped to 4.47e17 for a true 3.46e23), and
 * rp_model_arch_validate() refuses more than 2^53, the largest count a
 * double (JSON, the models' arithmetic) holds exactly.
 */

#include "config.h"

#include "rp-arch.h"
#include "rp-arch-private.h"

#include "rp-error.h"
#include "rp-fields-private.h"

#include <glib/gi18n-lib.h>
#include <stddef.h>
#include <string.h>

/* 2^53: beyond it a count is no longer exact in a double. */
static const guint64 max_exact_params = G_GUINT64_CONSTANT (1) << 53;

/* ---- helpers -------------------------------------------------------- */

/* a × b and a + b, stopping at G_MAXUINT64 rather than wrapping */
static guint64
sat_mul (guint64 a,
         guint64 b)
{
  guint64 product;

  return g_uint64_checked_mul (&product, a, b) ? product : G_MAXUINT64;
}

static guint64
sat_add (guint64 a,
         guint64 b)
{
  guint64 sum;

  return g_uint64_checked_add (&sum, a, b) ? sum : G_MAXUINT64;
}

static gboolean
is_gated (RpFfnAct act)
{
  return act == RP_FFN_ACT_SWIGLU || act == RP_FFN_ACT_GEGLU;
}

static guint64
norm_params (const RpModelArch *arch)
{
  return arch->norm == RP_NORM_LAYERNORM ? 2ull * arch->hidden : arch->hidden;
}

/* The q, k, v and output projections: h·q + 2·h·kv + q·h. */
static guint64
attention_linear_params (const RpModelArch *arch)
{
  guint64 h = arch->hidden, d = rp_model_head_dim (arch);
  guint64 q = sat_mul (arch->heads, d), kv = sat_mul (arch->kv_heads, d);

  return sat_mul (2 * h, sat_add (q, kv));
}

static guint64
attention_params (const RpModelArch *arch)
{
  guint64 d = rp_model_head_dim (arch);
  guint64 q = sat_mul (arch->heads, d), kv = sat_mul (arch->kv_heads, d);
  guint64 n = attention_linear_params (arch);

  if (arch->biases == RP_BIASES_ALL)
    n = sat_add (n, sat_add (sat_add (q, 2 * kv), arch->hidden));
  else if (arch->biases == RP_BIASES_QKV)
    n = sat_add (n, sat_add (q, 2 * kv));
  return n;
}

/* One expert's (or the dense) MLP weights: 2·h·ffn, 3·h·ffn when gated. */
static guint64
mlp_linear_params (const RpModelArch *arch)
{
  return sat_mul (is_gated (arch->ffn_act) ? 3 : 2, sat_mul (arch->hidden, arch->ffn));
}

static guint64
mlp_params (const RpModelArch *arch,
            guint              experts)
{
  guint64 h = arch->hidden, f = arch->ffn;
  guint64 one = mlp_linear_params (arch);

  if (arch->biases == RP_BIASES_ALL)
    one = sat_add (one, (is_gated (arch->ffn_act) ? 2 * f : f) + h);
  if (arch->kind != RP_MODEL_KIND_MOE)
    return one;
  /* shared experts (Dai et al. 2024, DeepSeekMoE §3.2) see every token;
   * the router has one logit per routed expert */
  return sat_add (sat_mul (one, sat_add (experts, arch->shared_experts)),
                  sat_mul (h, arch->experts));
}

static guint64
count_vit_extras (const RpModelArch *arch)
{
  guint64 h = arch->hidden;
  guint64 grid = arch->patch_size > 0 ? arch->input_size / arch->patch_size : 0;
  guint64 patch = sat_add (sat_mul (sat_mul (arch->image_channels, arch->patch_size),
                                    sat_mul (arch->patch_size, h)), h);
  guint64 tokens = sat_add (sat_mul (grid, grid), 1);     /* patches + [CLS] */
  guint64 classifier = arch->num_classes > 0 ?
    sat_add (sat_mul (h, arch->num_classes), arch->num_classes) : 0;

  return sat_add (sat_add (patch, h), sat_add (sat_mul (tokens, h), classifier));
}

static guint64
count_transformer (const RpModelArch *arch,
                   guint              experts)
{
  guint64 h = arch->hidden;
  guint64 layer = sat_add (sat_add (attention_params (arch), mlp_params (arch, experts)),
                           2 * norm_params (arch));
  guint64 layers = sat_mul (arch->layers, layer);
  guint64 embeddings = sat_mul ((guint64) arch->vocab + arch->max_positions + arch->type_vocab,
                                h);
  guint64 head = arch->tied_embeddings ? 0 : sat_mul (arch->vocab, h);

  switch (arch->kind)
    {
    case RP_MODEL_KIND_DECODER:
    case RP_MODEL_KIND_MOE:
      return sat_add (sat_add (embeddings, layers), sat_add (norm_params (arch), head));
    case RP_MODEL_KIND_ENCODER:
      /* BERT: a LayerNorm on the embeddings; the optional pooler dense layer */
      return sat_add (sat_add (embeddings, norm_params (arch)),
                      sat_add (layers, arch->pooler ? sat_add (sat_mul (h, h), h) : 0));
    case RP_MODEL_KIND_ENCODER_DECODER:
      {
        /* T5: decoder layers add cross-attention and a third norm;
         * each stack has relative position buckets and a final norm. */
        guint64 dec_layer = sat_add (sat_add (layer, attention_params (arch)), norm_params (arch));
        guint64 buckets = 2ull * arch->relative_attention_buckets * arch->heads;
        return sat_add (sat_add (sat_add (embeddings, layers),
                                 sat_mul (arch->decoder_layers, dec_layer)),
                        sat_add (sat_add (buckets, 2 * norm_params (arch)), head));
      }
    case RP_MODEL_KIND_VIT:
      return sat_add (sat_add (count_vit_extras (arch), layers), norm_params (arch));
    case RP_MODEL_KIND_CNN:
    case RP_MODEL_KIND_DIFFUSION_UNET:
    case RP_MODEL_KIND_CUSTOM:
    case RP_N_MODEL_KINDS:
    default:
      return 0;
    }
}

/* The key to blame for a count beyond 2^53: the one behind the largest
 * part of the model, so the window can mark that field. */
static const char *
largest_part_key (const RpModelArch *arch)
{
  guint64 embeddings = sat_mul ((guint64) arch->vocab + arch->max_positions, arch->hidden);
  guint64 attention = sat_mul (rp_model_total_layers (arch), attention_params (arch));
  guint64 one_mlp = sat_mul (rp_model_total_layers (arch), mlp_params (arch, 1));
  guint64 mlp = sat_mul (rp_model_total_layers (arch), mlp_params (arch, arch->experts));

  if (arch->kind == RP_MODEL_KIND_VIT && count_vit_extras (arch) > max_exact_params)
    return "patch_size";
  if (embeddings >= attention && embeddings >= mlp)
    return "vocab";
  if (attention >= mlp)
    return "hidden";
  if (arch->kind == RP_MODEL_KIND_MOE && one_mlp <= max_exact_params)
    return "experts";
  return "ffn";
}

static gboolean
arch_invalid (GError    **error,
              const char *path,
              const char *key,
              const char *what)
{
  g_autofree char *where = rp_json_join_path (path, key);

  rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where, "%s", what);
  return FALSE;
}

/* ---- public API ----------------------------------------------------- */

guint
rp_model_head_dim (const RpModelArch *arch)
{
  g_return_val_if_fail (arch != NULL, 0);
  if (arch->head_dim > 0)
    return arch->head_dim;
  return arch->heads > 0 ? arch->hidden / arch->heads : 0;
}

guint64
rp_model_count_params (const RpModelArch *arch)
{
  g_return_val_if_fail (arch != NULL, 0);
  if (!rp_model_kind_is_transformer (arch->kind))
    return 0;
  return count_transformer (arch, arch->experts);
}

guint64
rp_model_params (const RpModelArch *arch)
{
  g_return_val_if_fail (arch != NULL, 0);
  return arch->params > 0 ? arch->params : rp_model_count_params (arch);
}

guint64
rp_model_active_params (const RpModelArch *arch)
{
  guint64 all, counted_all, counted_active;

  g_return_val_if_fail (arch != NULL, 0);
  all = rp_model_params (arch);
  if (arch->kind != RP_MODEL_KIND_MOE || arch->experts == 0)
    return all;
  /* Take the counted difference between all and the active experts from
   * the published total; a total given smaller than that difference
   * (made up by hand) is scaled instead, rather than wrapping around. */
  counted_all = count_transformer (arch, arch->experts);
  counted_active = count_transformer (arch, arch->experts_active);
  if (counted_all - counted_active < all)
    return all - (counted_all - counted_active);
  return (guint64) ((double) all * counted_active / counted_all);
}

guint
rp_model_total_layers (const RpModelArch *arch)
{
  g_return_val_if_fail (arch != NULL, 0);
  return arch->layers + arch->decoder_layers;
}

void
rp_model_lora_shape (const RpModelArch *arch,
                     RpLoraTargets      targets,
                     guint64           *in_plus_out_per_layer,
                     guint64           *frozen_linear_params)
{
  guint64 h, q, kv, f, mlp_io, attn_io;
  guint experts;

  g_return_if_fail (arch != NULL);

  h = arch->hidden;
  q = sat_mul (arch->heads, rp_model_head_dim (arch));
  kv = sat_mul (arch->kv_heads, rp_model_head_dim (arch));
  f = arch->ffn;
  experts = arch->kind == RP_MODEL_KIND_MOE ? MAX (arch->experts, 1) + arch->shared_experts : 1;
  /* LoRA (Hu et al. 2021): ΔW = B·A with A: r×in, B: out×r, so r·(in+out) each.
   * Sizes are below 2^40 here (field bounds); the products saturate. */
  if (targets == RP_LORA_TARGETS_QV)
    attn_io = (h + q) + (h + kv);
  else
    attn_io = (h + q) + 2 * (h + kv) + (q + h);
  mlp_io = (is_gated (arch->ffn_act) ? 3 : 2) * (h + f);
  if (in_plus_out_per_layer != NULL)
    *in_plus_out_per_layer =
      sat_add (attn_io, targets == RP_LORA_TARGETS_ALL_LINEAR ? sat_mul (mlp_io, experts) : 0);
  if (frozen_linear_params != NULL)
    *frozen_linear_params =
      sat_mul (sat_add (attention_linear_params (arch), sat_mul (mlp_linear_params (arch), experts)),
               rp_model_total_layers (arch));
}

void
rp_model_arch_init_defaults (RpModelArch *arch)
{
  g_return_if_fail (arch != NULL);
  memset (arch, 0, sizeof *arch);
  arch->kind = RP_MODEL_KIND_DECODER;
  arch->ffn_act = RP_FFN_ACT_GELU;
  arch->norm = RP_NORM_LAYERNORM;
  arch->biases = RP_BIASES_NONE;
  arch->image_channels = 3;
}

gboolean
rp_model_arch_validate (const RpModelArch *arch,
                        const char        *path,
                        GError           **error)
{
  g_return_val_if_fail (arch != NULL, FALSE);

  if (!rp_model_kind_is_transformer (arch->kind))
    {
      if (arch->params == 0)
        return arch_invalid (error, path, "params",
                             _("a model of this kind needs its parameter count"));
      return TRUE;
    }
  if (arch->layers == 0)
    return arch_invalid (error, path, "layers", _("must be at least 1"));
  if (arch->hidden == 0)
    return arch_invalid (error, path, "hidden", _("must be at least 1"));
  if (arch->heads == 0)
    return arch_invalid (error, path, "heads", _("must be at least 1"));
  if (arch->head_dim == 0 && arch->hidden % arch->heads != 0)
    return arch_invalid (error, path, "heads", _("must divide hidden (or give head_dim)"));
  if (arch->kv_heads == 0)
    {
      /* a custom architecture that does not say: GQA or not is not a guess */
      g_autofree char *key = rp_json_join_path (path, "kv_heads");

      rp_error_set_key (error, RP_ERROR_MISSING_FIELD, key,
                        _("required: the key/value heads (as many as the attention heads "
                          "without grouped-query attention)"));
      return FALSE;
    }
  if (arch->kv_heads > arch->heads || arch->heads % arch->kv_heads != 0)
    return arch_invalid (error, path, "kv_heads", _("must divide heads"));
  if (arch->ffn == 0)
    return arch_invalid (error, path, "ffn", _("must be at least 1"));
  if (arch->kind == RP_MODEL_KIND_VIT)
    {
      if (arch->patch_size == 0 || arch->input_size < arch->patch_size)
        return arch_invalid (error, path, "patch_size",
                             _("must be at least 1 and no larger than input_size"));
    }
  else if (arch->vocab == 0)
    return arch_invalid (error, path, "vocab", _("must be at least 1"));
  if (arch->kind == RP_MODEL_KIND_MOE &&
      (arch->experts == 0 || arch->experts_active == 0 || arch->experts_active > arch->experts))
    return arch_invalid (error, path, "experts_active",
                         _("a mixture of experts needs 1 ≤ experts_active ≤ experts"));
  if (arch->kind == RP_MODEL_KIND_ENCODER_DECODER && arch->decoder_layers == 0)
    return arch_invalid (error, path, "decoder_layers", _("must be at least 1"));
  if (rp_model_count_params (arch) > max_exact_params)
    return arch_invalid (error, path, largest_part_key (arch),
                         _("the model would have more than 2^53 (9.0e15) parameters, "
                           "the most Rigplan counts exactly"));
  return TRUE;
}

gboolean
rp_model_arch_read_json (const cJSON *obj,
                         const char  *path,
                         RpModelArch *arch,
                         guint32     *overridden,
                         GError     **error)
{
  g_return_val_if_fail (arch != NULL, FALSE);

  if (!rp_fields_read_arch (obj, path, arch, overridden, error))
    return FALSE;
  /* Without GQA the key/value heads are the attention heads. */
  if (arch->kv_heads == 0)
    arch->kv_heads = arch->heads;
  return TRUE;
}

void
rp_model_arch_write_json (cJSON             *obj,
                          const RpModelArch *arch,
                          guint32            fields)
{
  g_return_if_fail (obj != NULL && arch != NULL);
  if (fields != 0)
    rp_fields_write_arch (obj, arch, fields);
}


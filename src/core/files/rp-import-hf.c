/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-import-hf.c: a Hugging Face model from its config.json
 *
 * Each family's keys follow its transformers configuration class
 * (configuration_llama.py, configuration_qwen2.py, …) and its parameter
 * layout the modeling file, so that the count matches the checkpoint.
 * What RpModelArch cannot express (per-head q/k norms, shared experts,
 * latent attention, dense layers in a mixture of experts, one norm per
 * parallel block) is counted exactly in "params" and said in the report;
 * the architecture then drives activations and FLOPs as the nearest
 * shape Rigplan has.  Beside the config, a model.safetensors.index.json
 * and the safetensors headers give the checkpoint's own count. */

#include "config.h"

#include "rp-import-private.h"

#include "rp-error.h"
#include "rp-model.h"
#include "rp-safetensors-private.h"
#include "rp-units.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* An index lists every tensor: large models have tens of thousands. */
static const gsize max_index_bytes = 64 * 1024 * 1024;

typedef struct
{
  RpImportFile *f;
  const cJSON  *root;
  const char   *model_type;
  RpModelArch   arch;
  guint32       bits;
  gint64        extra;          /* parameters the architecture cannot express */
  guint64       exact;          /* a count made outside rp-model (DeepSeek), or 0 */
  char         *exclude_prefix; /* owned: checkpoint tensors not counted (MTP) */
} Hf;

typedef gboolean (*HfReader) (Hf *hf, GError **error);

/* ---- helpers: keys -------------------------------------------------- */

/* Sets architecture field @key ("model.hidden") after the table's check. */
static gboolean
set_arch (Hf         *hf,
          const char *key,
          double      value,
          const char *source_key,
          GError    **error)
{
  const RpField *field = rp_fields_lookup (key);

  g_assert (field != NULL && field->arch_bit != 0);
  if (!rp_import_check (hf->f, key, value, source_key, error))
    return FALSE;
  rp_field_set_number (field, &hf->arch, value);
  hf->bits |= field->arch_bit;
  return TRUE;
}

/* The first of @names present (a NULL-terminated list), as a count.
 * *@which names it; absent: *@found FALSE. */
static gboolean
read_any (Hf                *hf,
          const char *const *names,
          guint64           *out,
          const char       **which,
          gboolean          *found,
          GError           **error)
{
  *found = FALSE;
  for (guint i = 0; names[i] != NULL; i++)
    {
      if (!rp_import_read_count (hf->f, hf->root, NULL, names[i], out, found, error))
        return FALSE;
      if (*found)
        {
          *which = names[i];
          return TRUE;
        }
    }
  return TRUE;
}

/* A count for @key from the first of @names; @fallback (G_MAXUINT64:
 * required) when none is present. */
static gboolean
read_arch (Hf                *hf,
           const char        *key,
           const char *const *names,
           guint64            fallback,
           GError           **error)
{
  const char *which = names[0];
  guint64 value = 0;
  gboolean found = FALSE;

  if (!read_any (hf, names, &value, &which, &found, error))
    return FALSE;
  if (!found && fallback == G_MAXUINT64)
    return rp_import_fail_error (hf->f, NULL, names[0], error,
                                 _("missing: Rigplan needs it for %s"), key);
  return set_arch (hf, key, found ? (double) value : (double) fallback, which, error);
}

#define NAMES(...) ((const char *const[]) { __VA_ARGS__, NULL })

static gboolean
read_one (Hf         *hf,
          const char *key,
          const char *name,
          guint64     fallback,
          GError    **error)
{
  return read_arch (hf, key, NAMES (name), fallback, error);
}

static gboolean
read_flag (Hf         *hf,
           const char *name,
           gboolean    fallback,
           gboolean   *out,
           GError    **error)
{
  gboolean found = FALSE;

  *out = fallback;
  return rp_import_read_bool (hf->f, hf->root, NULL, name, out, &found, error);
}

static const char *
read_text (Hf         *hf,
           const char *name)
{
  const char *value = NULL;
  gboolean found = FALSE;

  if (!rp_import_read_string (hf->f, hf->root, NULL, name, &value, &found, NULL))
    return NULL;
  return found ? value : NULL;
}

static void
set_const (Hf         *hf,
           const char *key,
           double      value)
{
  const RpField *field = rp_fields_lookup (key);

  g_assert (field != NULL && field->arch_bit != 0);
  rp_field_set_number (field, &hf->arch, value);
  hf->bits |= field->arch_bit;
}

static void
set_enum (Hf         *hf,
          const char *key,
          const char *name)
{
  const RpField *field = rp_fields_lookup (key);
  guint index = 0;

  g_assert (field != NULL && field->choices != NULL);
  if (!rp_enum_info_lookup (field->choices, name, &index))
    g_assert_not_reached ();
  set_const (hf, key, index);
}

static char *
count_text (double n)
{
  return rp_units_format_number (n, 0);
}

/* ---- helpers: counting what the architecture cannot express --------- */

/* One layer's parameters as rp-model counts them, for @arch. */
static guint64
layer_params (const RpModelArch *arch)
{
  RpModelArch one = *arch, none = *arch;

  one.layers = 1;
  none.layers = 0;
  return rp_model_count_params (&one) - rp_model_count_params (&none);
}

/* Layers of a mixture of experts that are dense (Qwen's mlp_only_layers
 * and decoder_sparse_step, DeepSeek's first_k_dense_replace): the
 * architecture keeps the sparse layers, and the dense ones go into the
 * extra count, so that the routed experts that sit idle are exact. */
static void
move_dense_layers (Hf     *hf,
                   guint   n_dense,
                   guint64 dense_ffn)
{
  RpModelArch dense = hf->arch;
  g_autofree char *n = NULL;

  if (n_dense == 0)
    return;
  dense.kind = RP_MODEL_KIND_DECODER;
  dense.ffn = (guint) dense_ffn;
  hf->arch.layers -= n_dense;
  hf->extra += (gint64) (n_dense * layer_params (&dense));
  n = count_text (n_dense);
  rp_import_note (hf->f, RP_IMPORT_NOTE_APPROXIMATED,
                  /* TRANSLATORS: %s is a count of layers */
                  _("%s dense layers (a feed-forward block instead of experts) are counted "
                    "exactly in the parameters; the architecture holds only the expert "
                    "layers, so activations are a little low"), n);
}

/* Qwen2-MoE and Qwen3-MoE: which layers are sparse
 * (modeling_qwen2_moe.py, Qwen2MoeDecoderLayer). */
static gboolean
count_dense_qwen_layers (Hf     *hf,
                         guint  *n_dense,
                         GError **error)
{
  const cJSON *only = rp_import_get (hf->f, hf->root, NULL, "mlp_only_layers");
  guint64 step = 1;
  gboolean found = FALSE;

  *n_dense = 0;
  if (!rp_import_read_count (hf->f, hf->root, NULL, "decoder_sparse_step", &step, &found,
                             error))
    return FALSE;
  if (only != NULL && !cJSON_IsArray (only))
    return rp_import_fail_error (hf->f, NULL, "mlp_only_layers", error,
                                 _("expected a list of layer numbers"));
  for (guint i = 0; i < hf->arch.layers; i++)
    {
      gboolean listed = FALSE;
      const cJSON *item;

      cJSON_ArrayForEach (item, only)
        listed |= cJSON_IsNumber (item) && item->valuedouble == i;
      if (listed || step == 0 || (i + 1) % step != 0)
        (*n_dense)++;
    }
  return TRUE;
}

static void
add_extra (Hf         *hf,
           gint64      params,
           const char *why)
{
  g_autofree char *n = count_text ((double) ABS (params));

  hf->extra += params;
  /* TRANSLATORS: the first %s is a feature, the second a parameter count */
  rp_import_note (hf->f, RP_IMPORT_NOTE_APPROXIMATED,
                  params >= 0 ? _("%s: %s parameters Rigplan’s architecture has no place for "
                                  "are added to the count")
                              : _("%s: %s parameters Rigplan’s architecture would count are "
                                  "taken off"), why, n);
}

/* ---- the families --------------------------------------------------- */

/* "silu" in Llama-like models names the gated SwiGLU block; "gelu" in
 * Gemma the gated GeGLU one. */
static void
set_gated_act (Hf         *hf,
               const char *act)
{
  set_enum (hf, "model.ffn_act",
            act != NULL && g_str_has_prefix (act, "gelu") ? "geglu" : "swiglu");
}

static gboolean
read_decoder_core (Hf      *hf,
                   gboolean tied_default,
                   GError **error)
{
  gboolean tied = tied_default;

  if (!read_one (hf, "model.hidden", "hidden_size", G_MAXUINT64, error) ||
      !read_one (hf, "model.layers", "num_hidden_layers", G_MAXUINT64, error) ||
      !read_one (hf, "model.heads", "num_attention_heads", G_MAXUINT64, error) ||
      !read_one (hf, "model.kv_heads", "num_key_value_heads", hf->arch.heads, error) ||
      !read_one (hf, "model.vocab", "vocab_size", G_MAXUINT64, error) ||
      !read_one (hf, "model.head_dim", "head_dim", 0, error) ||
      !read_flag (hf, "tie_word_embeddings", tied_default, &tied, error))
    return FALSE;
  set_const (hf, "model.tied_embeddings", tied);
  set_enum (hf, "model.norm", "rmsnorm");
  set_enum (hf, "model.kind", "decoder");
  set_const (hf, "model.max_positions", 0);   /* rotary */
  return TRUE;
}

static gboolean
read_gated_act (Hf      *hf,
                GError **error)
{
  const char *act = read_text (hf, "hidden_activation");

  if (act == NULL)
    act = read_text (hf, "hidden_act");
  set_gated_act (hf, act);
  return TRUE;
}

/* Llama, Mistral, Phi-3 (fused projections, same count), Gemma. */
static gboolean
read_llama (Hf      *hf,
            GError **error)
{
  gboolean gemma = g_str_has_prefix (hf->model_type, "gemma");
  gboolean attention_bias = FALSE, mlp_bias = FALSE;

  if (!read_decoder_core (hf, gemma, error) ||
      !read_one (hf, "model.ffn", "intermediate_size", G_MAXUINT64, error) ||
      !read_gated_act (hf, error) ||
      !read_flag (hf, "attention_bias", FALSE, &attention_bias, error) ||
      !read_flag (hf, "mlp_bias", FALSE, &mlp_bias, error))
    return FALSE;
  set_enum (hf, "model.biases", attention_bias ? "qkv" : "none");
  if (attention_bias)
    add_extra (hf, (gint64) hf->arch.layers * hf->arch.hidden,
               _("attention_bias also puts a bias on the output projection"));
  if (mlp_bias)
    add_extra (hf, (gint64) hf->arch.layers * (2 * hf->arch.ffn + hf->arch.hidden),
               _("mlp_bias (biases on the feed-forward projections)"));
  /* Gemma 2: RMSNorms before and after both blocks (modeling_gemma2.py) */
  if (strcmp (hf->model_type, "gemma2") == 0)
    add_extra (hf, 2 * (gint64) hf->arch.layers * hf->arch.hidden,
               _("Gemma 2’s extra norms after attention and after the feed-forward block"));
  return TRUE;
}

/* Per-head RMSNorms on queries and keys (Qwen3Attention q_norm, k_norm). */
static void
add_qk_norm (Hf *hf)
{
  add_extra (hf, 2 * (gint64) hf->arch.layers * rp_model_head_dim (&hf->arch),
             _("the per-head query and key norms"));
}

static gboolean
read_qwen (Hf      *hf,
           GError **error)
{
  gboolean qwen3 = g_str_has_prefix (hf->model_type, "qwen3");
  gboolean attention_bias = FALSE;

  if (!read_decoder_core (hf, FALSE, error) ||
      !read_one (hf, "model.ffn", "intermediate_size", G_MAXUINT64, error) ||
      !read_gated_act (hf, error) ||
      !read_flag (hf, "attention_bias", FALSE, &attention_bias, error))
    return FALSE;
  /* Qwen2 always biases q, k and v (Qwen2Attention); Qwen3 by attention_bias */
  set_enum (hf, "model.biases", !qwen3 || attention_bias ? "qkv" : "none");
  if (qwen3 && attention_bias)
    add_extra (hf, (gint64) hf->arch.layers * hf->arch.hidden,
               _("attention_bias also puts a bias on the output projection"));
  if (qwen3)
    add_qk_norm (hf);
  return TRUE;
}

static gboolean
read_moe_experts (Hf         *hf,
                  const char *experts_key,
                  const char *ffn_key,
                  GError    **error)
{
  set_enum (hf, "model.kind", "moe");
  return read_one (hf, "model.experts", experts_key, G_MAXUINT64, error) &&
         read_one (hf, "model.experts_active", "num_experts_per_tok", G_MAXUINT64, error) &&
         read_one (hf, "model.ffn", ffn_key, G_MAXUINT64, error);
}

static gboolean
read_mixtral (Hf      *hf,
              GError **error)
{
  if (!read_decoder_core (hf, FALSE, error) || !read_gated_act (hf, error))
    return FALSE;
  set_enum (hf, "model.biases", "none");
  return read_moe_experts (hf, "num_local_experts", "intermediate_size", error);
}

/* Qwen2-MoE (shared expert with a sigmoid gate) and Qwen3-MoE. */
static gboolean
read_qwen_moe (Hf      *hf,
               GError **error)
{
  gboolean qwen3 = g_str_has_prefix (hf->model_type, "qwen3");
  guint64 shared = 0, dense_ffn = 0;
  gboolean found = FALSE;
  guint n_dense = 0;

  if (!read_qwen (hf, error))
    return FALSE;
  dense_ffn = hf->arch.ffn;
  if (!read_moe_experts (hf, "num_experts", "moe_intermediate_size", error) ||
      !rp_import_read_count (hf->f, hf->root, NULL, "shared_expert_intermediate_size",
                             &shared, &found, error) ||
      !count_dense_qwen_layers (hf, &n_dense, error))
    return FALSE;
  if (!qwen3 && shared > 0)
    {
      guint64 sparse_layers = hf->arch.layers - n_dense;

      /* gate, up, down of hidden × shared, and a hidden → 1 gate */
      add_extra (hf, (gint64) (sparse_layers * (3 * hf->arch.hidden * shared + hf->arch.hidden)),
                 _("the shared expert every token passes through (its activations are not "
                   "in the estimate)"));
    }
  move_dense_layers (hf, n_dense, dense_ffn);
  return TRUE;
}

/* DeepSeek-V2/V3 (modeling_deepseek_v3.py): multi-head latent attention,
 * shared experts, first_k_dense_replace dense layers.  Counted here in
 * full; the architecture keeps the expert layers with ordinary attention
 * of qk_nope + qk_rope wide heads. */
typedef struct
{
  guint64 h, vocab, layers, heads, q_rank, kv_rank, nope, rope, v;
  guint64 ffn, moe_ffn, routed, shared, top_k, dense, mtp;
} DeepSeek;

static guint64
deepseek_attention (const DeepSeek *d)
{
  guint64 qk = d->nope + d->rope;
  guint64 q = d->q_rank > 0 ? d->h * d->q_rank + d->q_rank + d->q_rank * d->heads * qk
                            : d->h * d->heads * qk;

  return q + d->h * (d->kv_rank + d->rope) + d->kv_rank +
         d->kv_rank * d->heads * (d->nope + d->v) + d->heads * d->v * d->h;
}

static guint64
deepseek_moe (const DeepSeek *d,
              gboolean        score_bias)
{
  return d->routed * 3 * d->h * d->moe_ffn + d->routed * d->h + (score_bias ? d->routed : 0) +
         3 * d->h * d->moe_ffn * d->shared;
}

static gboolean
read_deepseek_keys (Hf       *hf,
                    DeepSeek *d,
                    GError  **error)
{
  struct { const char *key; guint64 *out; guint64 fallback; } keys[] = {
    { "q_lora_rank", &d->q_rank, 0 }, { "kv_lora_rank", &d->kv_rank, G_MAXUINT64 },
    { "qk_nope_head_dim", &d->nope, G_MAXUINT64 }, { "qk_rope_head_dim", &d->rope, G_MAXUINT64 },
    { "v_head_dim", &d->v, G_MAXUINT64 }, { "intermediate_size", &d->ffn, G_MAXUINT64 },
    { "moe_intermediate_size", &d->moe_ffn, G_MAXUINT64 },
    { "n_routed_experts", &d->routed, G_MAXUINT64 }, { "n_shared_experts", &d->shared, 0 },
    { "first_k_dense_replace", &d->dense, 0 }, { "num_nextn_predict_layers", &d->mtp, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      gboolean found = FALSE;

      if (!rp_import_read_count (hf->f, hf->root, NULL, keys[i].key, keys[i].out, &found,
                                 error))
        return FALSE;
      if (!found && keys[i].fallback == G_MAXUINT64)
        return rp_import_fail_error (hf->f, NULL, keys[i].key, error,
                                     _("missing: needed to count DeepSeek’s parameters"));
      if (!found)
        *keys[i].out = keys[i].fallback;
    }
  return TRUE;
}

static gboolean
read_deepseek (Hf      *hf,
               GError **error)
{
  DeepSeek d = { 0 };
  const char *topk = NULL;
  gboolean score_bias;
  g_autofree char *mtp = NULL;
  guint64 mtp_params;

  if (!read_decoder_core (hf, FALSE, error) || !read_gated_act (hf, error) ||
      !read_deepseek_keys (hf, &d, error))
    return FALSE;
  topk = read_text (hf, "topk_method");
  /* V3's aux-loss-free routing keeps a bias per expert (e_score_correction_bias) */
  score_bias = topk != NULL && strcmp (topk, "noaux_tc") == 0;
  d.h = hf->arch.hidden;
  d.vocab = hf->arch.vocab;
  d.layers = hf->arch.layers;
  d.heads = hf->arch.heads;
  if (d.dense > d.layers)
    return rp_import_fail_error (hf->f, NULL, "first_k_dense_replace", error,
                                 _("more dense layers than layers"));
  hf->exact = d.dense * (deepseek_attention (&d) + 3 * d.h * d.ffn + 2 * d.h) +
              (d.layers - d.dense) * (deepseek_attention (&d) + deepseek_moe (&d, score_bias) +
                                      2 * d.h) +
              d.h + d.vocab * d.h * (hf->arch.tied_embeddings ? 1 : 2);
  set_enum (hf, "model.kind", "moe");
  set_enum (hf, "model.biases", "none");
  set_const (hf, "model.kv_heads", d.heads);
  if (!set_arch (hf, "model.head_dim", d.nope + d.rope, "qk_nope_head_dim", error) ||
      !set_arch (hf, "model.ffn", d.moe_ffn, "moe_intermediate_size", error) ||
      !set_arch (hf, "model.experts", d.routed, "n_routed_experts", error) ||
      !read_one (hf, "model.experts_active", "num_experts_per_tok", G_MAXUINT64, error))
    return FALSE;
  hf->arch.layers -= d.dense;
  rp_import_note (hf->f, RP_IMPORT_NOTE_APPROXIMATED, "%s",
                  _("multi-head latent attention (low-rank query and key/value projections) "
                    "and the shared experts are counted exactly in the parameters; "
                    "activations and FLOPs are those of ordinary attention with heads as wide "
                    "as qk_nope_head_dim + qk_rope_head_dim, and of the routed experts"));
  if (d.dense > 0)
    rp_import_note (hf->f, RP_IMPORT_NOTE_APPROXIMATED,
                    _("the first %u dense layers are counted exactly in the parameters; the "
                      "architecture holds the %u expert layers"),
                    (guint) d.dense, (guint) (d.layers - d.dense));
  if (d.mtp == 0)
    return TRUE;
  /* The multi-token-prediction module the checkpoint also holds (its own
   * embedding and head copies, two norms, a 2h → h projection and a layer):
   * Hugging Face transformers does not load it, so it is not counted. */
  mtp_params = d.mtp * (deepseek_attention (&d) + deepseek_moe (&d, score_bias) + 2 * d.h +
                        3 * d.h + 2 * d.h * d.h + 2 * d.vocab * d.h);
  mtp = count_text ((double) mtp_params);
  hf->exclude_prefix = g_strdup_printf ("model.layers.%u.", (guint) d.layers);
  rp_import_note (hf->f, RP_IMPORT_NOTE_APPROXIMATED,
                  _("the checkpoint also holds a multi-token-prediction module "
                    "(num_nextn_predict_layers, %s parameters by this count) that Hugging Face "
                    "transformers does not load; it is not counted"), mtp);
  return TRUE;
}

/* GPT-2 (configuration_gpt2.py): fused attention, learned positions. */
static gboolean
read_gpt2 (Hf      *hf,
           GError **error)
{
  gboolean tied = TRUE;

  if (!read_one (hf, "model.hidden", "n_embd", G_MAXUINT64, error) ||
      !read_one (hf, "model.layers", "n_layer", G_MAXUINT64, error) ||
      !read_one (hf, "model.heads", "n_head", G_MAXUINT64, error) ||
      !read_one (hf, "model.vocab", "vocab_size", G_MAXUINT64, error) ||
      !read_one (hf, "model.max_positions", "n_positions", 1024, error) ||
      !read_one (hf, "model.ffn", "n_inner", 4ull * hf->arch.hidden, error) ||
      !read_flag (hf, "tie_word_embeddings", TRUE, &tied, error))
    return FALSE;
  read_text (hf, "activation_function");
  set_const (hf, "model.kv_heads", hf->arch.heads);
  set_const (hf, "model.tied_embeddings", tied);
  set_enum (hf, "model.kind", "decoder");
  set_enum (hf, "model.ffn_act", "gelu");
  set_enum (hf, "model.norm", "layernorm");
  set_enum (hf, "model.biases", "all");
  return TRUE;
}

/* GPT-NeoX / Pythia: biased fused attention, rotary, untied. */
static gboolean
read_gpt_neox (Hf      *hf,
               GError **error)
{
  gboolean tied = FALSE, bias = TRUE;

  if (!read_one (hf, "model.hidden", "hidden_size", G_MAXUINT64, error) ||
      !read_one (hf, "model.layers", "num_hidden_layers", G_MAXUINT64, error) ||
      !read_one (hf, "model.heads", "num_attention_heads", G_MAXUINT64, error) ||
      !read_one (hf, "model.vocab", "vocab_size", G_MAXUINT64, error) ||
      !read_one (hf, "model.ffn", "intermediate_size", 4ull * hf->arch.hidden, error) ||
      !read_flag (hf, "tie_word_embeddings", FALSE, &tied, error) ||
      !read_flag (hf, "attention_bias", TRUE, &bias, error))
    return FALSE;
  read_text (hf, "hidden_act");
  set_const (hf, "model.kv_heads", hf->arch.heads);
  set_const (hf, "model.tied_embeddings", tied);
  set_const (hf, "model.max_positions", 0);
  set_enum (hf, "model.kind", "decoder");
  set_enum (hf, "model.ffn_act", "gelu");
  set_enum (hf, "model.norm", "layernorm");
  set_enum (hf, "model.biases", "all");
  if (!bias)
    add_extra (hf, -(gint64) hf->arch.layers * (3 * hf->arch.hidden + hf->arch.hidden),
               _("attention_bias false: no biases on the attention projections"));
  return TRUE;
}

/* Falcon (configuration_falcon.py): multi-query or grouped attention; the
 * parallel block of Falcon-7B has one LayerNorm per layer. */
static gboolean
read_falcon (Hf      *hf,
             GError **error)
{
  gboolean new_arch = FALSE, multi_query = TRUE, parallel = TRUE, bias = FALSE, tied = TRUE;
  guint64 kv = 0;
  gboolean found = FALSE;

  if (!read_one (hf, "model.hidden", "hidden_size", G_MAXUINT64, error) ||
      !read_one (hf, "model.layers", "num_hidden_layers", G_MAXUINT64, error) ||
      !read_one (hf, "model.heads", "num_attention_heads", G_MAXUINT64, error) ||
      !read_one (hf, "model.vocab", "vocab_size", G_MAXUINT64, error) ||
      !read_one (hf, "model.ffn", "ffn_hidden_size", 4ull * hf->arch.hidden, error) ||
      !read_flag (hf, "new_decoder_architecture", FALSE, &new_arch, error) ||
      !read_flag (hf, "multi_query", TRUE, &multi_query, error) ||
      !read_flag (hf, "parallel_attn", TRUE, &parallel, error) ||
      !read_flag (hf, "bias", FALSE, &bias, error) ||
      !read_flag (hf, "tie_word_embeddings", TRUE, &tied, error) ||
      !rp_import_read_count (hf->f, hf->root, NULL, "num_kv_heads", &kv, &found, error))
    return FALSE;
  if (!new_arch)
    kv = multi_query ? 1 : hf->arch.heads;
  else if (!found)
    kv = hf->arch.heads;
  if (!set_arch (hf, "model.kv_heads", kv, new_arch ? "num_kv_heads" : "multi_query", error))
    return FALSE;
  set_const (hf, "model.tied_embeddings", tied);
  set_const (hf, "model.max_positions", 0);
  set_enum (hf, "model.kind", "decoder");
  set_enum (hf, "model.ffn_act", "gelu");
  set_enum (hf, "model.norm", "layernorm");
  set_enum (hf, "model.biases", bias ? "all" : "none");
  if (!new_arch && parallel)
    add_extra (hf, -2 * (gint64) hf->arch.layers * hf->arch.hidden,
               _("one LayerNorm per parallel attention/MLP block instead of two"));
  return TRUE;
}

/* BERT, RoBERTa, XLM-RoBERTa: counted as the base model with its pooler
 * (BertModel); pretraining heads are replaced when fine-tuning. */
static gboolean
read_bert (Hf      *hf,
           GError **error)
{
  const char *position = NULL;

  if (!read_one (hf, "model.hidden", "hidden_size", G_MAXUINT64, error) ||
      !read_one (hf, "model.layers", "num_hidden_layers", G_MAXUINT64, error) ||
      !read_one (hf, "model.heads", "num_attention_heads", G_MAXUINT64, error) ||
      !read_one (hf, "model.ffn", "intermediate_size", G_MAXUINT64, error) ||
      !read_one (hf, "model.vocab", "vocab_size", G_MAXUINT64, error) ||
      !read_one (hf, "model.max_positions", "max_position_embeddings", 512, error) ||
      !read_one (hf, "model.type_vocab", "type_vocab_size", 2, error))
    return FALSE;
  read_text (hf, "hidden_act");
  position = read_text (hf, "position_embedding_type");
  set_const (hf, "model.kv_heads", hf->arch.heads);
  set_const (hf, "model.pooler", TRUE);
  set_const (hf, "model.tied_embeddings", FALSE);
  set_enum (hf, "model.kind", "encoder");
  set_enum (hf, "model.ffn_act", "gelu");
  set_enum (hf, "model.norm", "layernorm");
  set_enum (hf, "model.biases", "all");
  if (position != NULL && strcmp (position, "absolute") != 0)
    rp_import_note (hf->f, RP_IMPORT_NOTE_APPROXIMATED,
                    _("position_embedding_type %s: its relative-position tables are not "
                      "counted"), position);
  rp_import_note (hf->f, RP_IMPORT_NOTE_APPROXIMATED, "%s",
                  _("counted as the base model with its pooler: the pretraining heads in "
                    "the checkpoint are not, since fine-tuning puts a task head in their "
                    "place"));
  return TRUE;
}

/* T5, mT5, Flan-T5 (configuration_t5.py). */
static gboolean
read_t5 (Hf      *hf,
         GError **error)
{
  const char *proj = NULL;
  gboolean tied = TRUE;

  if (!read_one (hf, "model.hidden", "d_model", G_MAXUINT64, error) ||
      !read_one (hf, "model.layers", "num_layers", G_MAXUINT64, error) ||
      !read_one (hf, "model.decoder_layers", "num_decoder_layers", hf->arch.layers, error) ||
      !read_one (hf, "model.heads", "num_heads", G_MAXUINT64, error) ||
      !read_one (hf, "model.head_dim", "d_kv", 64, error) ||
      !read_one (hf, "model.ffn", "d_ff", G_MAXUINT64, error) ||
      !read_one (hf, "model.vocab", "vocab_size", G_MAXUINT64, error) ||
      !read_one (hf, "model.relative_attention_buckets", "relative_attention_num_buckets", 32,
                 error) ||
      !read_flag (hf, "tie_word_embeddings", TRUE, &tied, error))
    return FALSE;
  proj = read_text (hf, "feed_forward_proj");
  set_const (hf, "model.kv_heads", hf->arch.heads);
  set_const (hf, "model.tied_embeddings", tied);
  set_enum (hf, "model.kind", "encoder-decoder");
  set_enum (hf, "model.norm", "rmsnorm");
  set_enum (hf, "model.biases", "none");
  if (proj == NULL || strcmp (proj, "relu") == 0)
    set_enum (hf, "model.ffn_act", "relu");
  else if (g_str_has_prefix (proj, "gated-"))
    set_enum (hf, "model.ffn_act", "geglu");
  else
    set_enum (hf, "model.ffn_act", "gelu");
  return TRUE;
}

/* ViT (configuration_vit.py), as ViTForImageClassification. */
static gboolean
read_vit (Hf      *hf,
          GError **error)
{
  const cJSON *labels = rp_import_get (hf->f, hf->root, NULL, "id2label");
  guint64 classes = cJSON_IsObject (labels) ? (guint64) cJSON_GetArraySize (labels) : 0;
  gboolean bias = TRUE;

  if (!read_one (hf, "model.hidden", "hidden_size", G_MAXUINT64, error) ||
      !read_one (hf, "model.layers", "num_hidden_layers", G_MAXUINT64, error) ||
      !read_one (hf, "model.heads", "num_attention_heads", G_MAXUINT64, error) ||
      !read_one (hf, "model.ffn", "intermediate_size", G_MAXUINT64, error) ||
      !read_one (hf, "model.input_size", "image_size", 224, error) ||
      !read_one (hf, "model.patch_size", "patch_size", 16, error) ||
      !read_one (hf, "model.image_channels", "num_channels", 3, error) ||
      !read_one (hf, "model.num_classes", "num_labels", classes, error) ||
      !read_flag (hf, "qkv_bias", TRUE, &bias, error))
    return FALSE;
  read_text (hf, "hidden_act");
  set_const (hf, "model.kv_heads", hf->arch.heads);
  set_const (hf, "model.vocab", 0);
  set_enum (hf, "model.kind", "vit");
  set_enum (hf, "model.ffn_act", "gelu");
  set_enum (hf, "model.norm", "layernorm");
  set_enum (hf, "model.biases", "all");
  if (!bias)
    add_extra (hf, -3 * (gint64) hf->arch.layers * hf->arch.hidden,
               _("qkv_bias false: no biases on queries, keys and values"));
  return TRUE;
}

/* An architecture Rigplan does not know: the keys most configs share. */
static gboolean
read_generic (Hf      *hf,
              GError **error)
{
  const char *act = NULL;
  gboolean tied = TRUE, rms;

  if (!read_arch (hf, "model.hidden", NAMES ("hidden_size", "n_embd", "d_model"), G_MAXUINT64,
                  error) ||
      !read_arch (hf, "model.layers", NAMES ("num_hidden_layers", "n_layer", "num_layers"),
                  G_MAXUINT64, error) ||
      !read_arch (hf, "model.heads", NAMES ("num_attention_heads", "n_head", "num_heads"),
                  G_MAXUINT64, error) ||
      !read_arch (hf, "model.kv_heads", NAMES ("num_key_value_heads", "num_kv_heads"),
                  hf->arch.heads, error) ||
      !read_arch (hf, "model.ffn", NAMES ("intermediate_size", "n_inner", "ffn_dim", "d_ff"),
                  4ull * hf->arch.hidden, error) ||
      !read_arch (hf, "model.vocab", NAMES ("vocab_size"), G_MAXUINT64, error) ||
      !read_one (hf, "model.head_dim", "head_dim", 0, error) ||
      !read_flag (hf, "tie_word_embeddings", TRUE, &tied, error))
    return FALSE;
  act = read_text (hf, "hidden_act");
  rms = cJSON_GetObjectItemCaseSensitive (hf->root, "rms_norm_eps") != NULL;
  set_const (hf, "model.tied_embeddings", tied);
  set_enum (hf, "model.kind", "decoder");
  set_enum (hf, "model.norm", rms ? "rmsnorm" : "layernorm");
  set_enum (hf, "model.biases", "none");
  set_enum (hf, "model.ffn_act", act != NULL && (strcmp (act, "silu") == 0 ||
                                                 strcmp (act, "swish") == 0)
                                 ? "swiglu" : "gelu");
  rp_import_note (hf->f, RP_IMPORT_NOTE_APPROXIMATED,
                  _("model_type “%s” is not one Rigplan knows: read as a decoder from its "
                    "hidden size, layers, heads, feed-forward size and vocabulary, assuming "
                    "%s, %s, no biases and %s embeddings; without a checkpoint beside it the "
                    "count may be off"), hf->model_type, rms ? "RMSNorm" : "LayerNorm",
                  act != NULL && (strcmp (act, "silu") == 0 || strcmp (act, "swish") == 0)
                  ? _("a gated SwiGLU block") : _("a GELU block"),
                  tied ? _("tied") : _("untied"));
  return TRUE;
}

typedef struct
{
  const char *model_type;
  HfReader    read;
} Family;

static const Family families[] = {
  { "llama", read_llama }, { "mistral", read_llama }, { "phi3", read_llama },
  { "gemma", read_llama }, { "gemma2", read_llama },
  { "qwen2", read_qwen }, { "qwen3", read_qwen },
  { "mixtral", read_mixtral }, { "qwen2_moe", read_qwen_moe }, { "qwen3_moe", read_qwen_moe },
  { "deepseek_v2", read_deepseek }, { "deepseek_v3", read_deepseek },
  { "gpt2", read_gpt2 }, { "gpt_neox", read_gpt_neox }, { "falcon", read_falcon },
  { "bert", read_bert }, { "roberta", read_bert }, { "xlm-roberta", read_bert },
  { "t5", read_t5 }, { "mt5", read_t5 }, { "vit", read_vit },
};

/* Keys that change nothing Rigplan estimates (token ids, dropout,
 * numerical epsilons, rotary settings, routing details). */
static const char *const ignored_keys[] = {
  "_name_or_path", "architectures", "model_type", "torch_dtype", "dtype",
  "transformers_version", "*token_id", "*token_ids", "initializer_range", "initializer_factor",
  "*dropout*", "*_pdrop", "*_eps", "layer_norm_epsilon", "rope_*", "rope_scaling.*",
  "rope_parameters.*", "rotary_*", "partial_rotary_factor", "use_cache", "max_position_embeddings",
  "original_max_position_embeddings", "auto_map", "auto_map.*", "sliding_window*", "n_positions",
  "use_sliding_window", "max_window_layers", "layer_types", "output_*", "return_dict",
  "use_return_dict", "torchscript", "problem_type", "label2id", "label2id.*", "id2label",
  "id2label.*", "task_specific_params", "task_specific_params.*", "finetuning_task",
  "is_encoder_decoder", "pretraining_tp", "router_*", "norm_topk_prob", "n_ctx",
  "summary_*", "scale_attn_*", "reorder_and_upcast_attn", "attn_logit_softcapping",
  "final_logit_softcapping", "query_pre_attn_scalar", "cache_implementation", "use_mrope",
  "use_parallel_residual", "apply_residual_connection_post_layernorm", "alibi",
  "routed_scaling_factor", "scoring_func", "topk_method", "n_group", "topk_group", "ep_size",
  "moe_layer_freq", "aux_loss_alpha", "seq_aux", "quantization_config", "quantization_config.*",
  "dense_act_fn", "is_gated_act", "relative_attention_max_distance", "gradient_checkpointing",
  "encoder_stride", "bos_token", "eos_token", "tokenizer_class", "prefix", "num_labels",
  "classifier_dropout", "pad_vocab_size_multiple", "use_flash_attn", "embedding_multiplier",
  "prompt_lookup_num_tokens", "head_dim", "hidden_act", "hidden_activation",
  "activation_function", "feed_forward_proj", "position_embedding_type", "qkv_bias",
  "attention_bias", "mlp_bias", "tie_word_embeddings",
  NULL
};

/* ---- the checkpoint beside the config ------------------------------- */

static guint
dtype_bytes (const char *name)
{
  if (name == NULL)
    return 0;
  if (strcmp (name, "float32") == 0)
    return 4;
  if (strcmp (name, "float16") == 0 || strcmp (name, "bfloat16") == 0)
    return 2;
  return 0;
}

static gboolean
is_plain_name (const char *name)
{
  return name[0] != '\0' && name[0] != '.' && strchr (name, '/') == NULL &&
         strchr (name, '\\') == NULL;
}

/* The shard names of an index's weight_map, once each (sorted). */
static GPtrArray *
index_shards (Hf          *hf,
              const char  *path,
              const cJSON *index,
              GError     **error)
{
  const cJSON *map = cJSON_GetObjectItemCaseSensitive (index, "weight_map");
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) shards = g_ptr_array_new_with_free_func (g_free);
  const cJSON *item;

  if (!cJSON_IsObject (map))
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "weight_map", _("expected an object"));
      g_prefix_error (error, "%s: ", path);
      return NULL;
    }
  cJSON_ArrayForEach (item, map)
    {
      if (!cJSON_IsString (item) || !is_plain_name (item->valuestring))
        {
          g_autofree char *key = g_strconcat ("weight_map.", item->string, NULL);

          rp_error_set_key (error, RP_ERROR_INVALID_VALUE, key,
                            _("expected the name of a file in the same directory"));
          g_prefix_error (error, "%s: ", path);
          return NULL;
        }
      if (!g_hash_table_contains (seen, item->valuestring))
        {
          g_hash_table_add (seen, item->valuestring);
          g_ptr_array_add (shards, g_strdup (item->valuestring));
        }
    }
  g_ptr_array_sort (shards, (GCompareFunc) g_strcmp0);
  return g_steal_pointer (&shards);
}

/* Counts every shard of @shards under @dir: FALSE with no error when one
 * is missing (a download of the config alone). */
static gboolean
count_shards (Hf                 *hf,
              GPtrArray          *shards,
              RpSafetensorsCount *count,
              gboolean           *complete,
              GError            **error)
{
  *complete = FALSE;
  for (guint i = 0; i < shards->len; i++)
    {
      g_autofree char *shard = g_build_filename (hf->f->dir,
                                                 (char *) g_ptr_array_index (shards, i), NULL);

      if (!g_file_test (shard, G_FILE_TEST_IS_REGULAR))
        return TRUE;
    }
  for (guint i = 0; i < shards->len; i++)
    {
      g_autofree char *shard = g_build_filename (hf->f->dir,
                                                 (char *) g_ptr_array_index (shards, i), NULL);

      if (!rp_safetensors_count_file (shard, hf->exclude_prefix, count, error))
        return FALSE;
    }
  *complete = TRUE;
  return TRUE;
}

/* The checkpoint's count: 0 when there is none to read; *@how says where
 * it came from. */
static gboolean
checkpoint_count (Hf       *hf,
                  guint64  *params,
                  char    **how,
                  GError  **error)
{
  g_autofree char *index_path = g_build_filename (hf->f->dir, "model.safetensors.index.json",
                                                  NULL);
  g_autofree char *single = g_build_filename (hf->f->dir, "model.safetensors", NULL);
  RpSafetensorsCount count = { 0 };
  g_autoptr(cJSON) index = NULL;
  g_autoptr(GPtrArray) shards = NULL;
  const char *dtype = read_text (hf, "torch_dtype");
  g_autofree char *total_text = NULL;
  gboolean complete = FALSE;
  double total = 0;

  *params = 0;
  if (dtype == NULL)
    dtype = read_text (hf, "dtype");
  if (!g_file_test (index_path, G_FILE_TEST_IS_REGULAR))
    {
      if (!g_file_test (single, G_FILE_TEST_IS_REGULAR))
        return TRUE;
      if (!rp_safetensors_count_file (single, hf->exclude_prefix, &count, error))
        return FALSE;
      *params = count.params;
      *how = g_strdup_printf (_("the safetensors header of model.safetensors (%u tensors)"),
                              count.n_tensors);
      return TRUE;
    }
  index = rp_json_load_file_full (index_path, max_index_bytes, RP_IMPORT_MAX_CONFIG_VALUES, error);
  if (index == NULL)
    {
      g_prefix_error (error, "%s: ", index_path);
      return FALSE;
    }
  shards = index_shards (hf, index_path, index, error);
  if (shards == NULL || !count_shards (hf, shards, &count, &complete, error))
    return FALSE;
  if (complete)
    {
      *params = count.params;
      *how = g_strdup_printf (_("the safetensors headers of %u files (%u tensors)"),
                              shards->len, count.n_tensors);
      return TRUE;
    }
  total = cJSON_GetNumberValue (cJSON_GetObjectItemCaseSensitive (
                                  cJSON_GetObjectItemCaseSensitive (index, "metadata"),
                                  "total_size"));
  if (isnan (total) || total <= 0 || dtype_bytes (dtype) == 0 ||
      rp_import_get (hf->f, hf->root, NULL, "quantization_config") != NULL ||
      fmod (total, dtype_bytes (dtype)) != 0)
    return TRUE;
  *params = (guint64) (total / dtype_bytes (dtype));
  total_text = count_text (total);
  *how = g_strdup_printf (_("model.safetensors.index.json: total_size %s bytes ÷ %u bytes per "
                            "%s weight (the shards are not here to read)"),
                          total_text, dtype_bytes (dtype), dtype);
  return TRUE;
}

static gboolean
settle_count (Hf      *hf,
              GError **error)
{
  guint64 counted = rp_model_count_params (&hf->arch);
  guint64 exact = hf->exact > 0 ? hf->exact : (guint64) ((gint64) counted + hf->extra);
  guint64 checkpoint = 0;
  g_autofree char *how = NULL;
  g_autofree char *exact_text = count_text ((double) exact);

  if (!checkpoint_count (hf, &checkpoint, &how, error))
    return FALSE;
  if (checkpoint != 0 && checkpoint != exact)
    {
      g_autofree char *ck = count_text ((double) checkpoint);

      rp_import_note (hf->f, RP_IMPORT_NOTE_COUNT,
                      /* TRANSLATORS: two parameter counts, then where the second came from */
                      _("the config counts %s parameters but the checkpoint holds %s (%s); "
                        "Rigplan uses the checkpoint’s"), exact_text, ck, how);
      exact = checkpoint;
    }
  else if (checkpoint != 0)
    rp_import_note (hf->f, RP_IMPORT_NOTE_COUNT,
                    _("%s parameters, equal to the checkpoint’s count from %s"), exact_text,
                    how);
  else
    rp_import_note (hf->f, RP_IMPORT_NOTE_COUNT,
                    _("%s parameters, counted from the config (no safetensors checkpoint "
                      "beside it to check against)"), exact_text);
  if (exact != counted)
    return set_arch (hf, "model.params", (double) exact, "config.json", error);
  return TRUE;
}

/* ---- private API ---------------------------------------------------- */

gboolean
rp_import_looks_like_hf (const cJSON *root)
{
  return cJSON_IsString (cJSON_GetObjectItemCaseSensitive (root, "model_type")) ||
         cJSON_IsArray (cJSON_GetObjectItemCaseSensitive (root, "architectures"));
}

gboolean
rp_import_read_hf_config (RpImportFile *f,
                          const cJSON  *root,
                          GError      **error)
{
  Hf hf = { f, root, NULL };
  HfReader read = read_generic;
  const char *name = NULL;
  g_autofree char *label = NULL;
  g_autofree char *kind = NULL;
  gboolean ok;

  hf.model_type = read_text (&hf, "model_type");
  if (hf.model_type == NULL)
    hf.model_type = "?";
  rp_model_arch_init_defaults (&hf.arch);
  for (guint i = 0; i < G_N_ELEMENTS (families); i++)
    if (strcmp (families[i].model_type, hf.model_type) == 0)
      read = families[i].read;
  /* TRANSLATORS: %s is a Hugging Face model_type, "qwen2" */
  kind = g_strdup_printf (_("Hugging Face model config (%s)"), hf.model_type);
  rp_import_note (f, RP_IMPORT_NOTE_SOURCE, "%s", kind);
  ok = read (&hf, error);
  if (ok && !rp_model_arch_validate (&hf.arch, "model", error))
    {
      g_prefix_error (error, "%s: ", f->path);
      ok = FALSE;
    }
  ok = ok && settle_count (&hf, error);
  g_free (hf.exclude_prefix);
  if (!ok)
    return FALSE;
  name = read_text (&hf, "_name_or_path");
  label = name != NULL && *name != '\0' ? g_path_get_basename (name) : g_path_get_basename (f->dir);
  rp_import_set_model (f, NULL, &hf.arch, hf.bits, TRUE, label);
  rp_import_list_unknown (f, root, ignored_keys);
  return TRUE;
}

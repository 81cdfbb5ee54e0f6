/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-types.c: string names of the enums, as written in files */

#include "config.h"

#include "rp-types.h"

#include "rp-gettext.h"

#include <string.h>

/* ---- name tables ---------------------------------------------------- */

/* Each enum once: the names written in files and the words people read
 * (the form's drop-downs, the CLI, the PDF), in the enum's order. */

#define ENUM_INFO(var, ...) \
  static const char *const var##_names[] = { __VA_ARGS__ }; \
  static const char *const var##_labels[G_N_ELEMENTS (var##_names)]
#define INFO(var) { var##_names, var##_labels, G_N_ELEMENTS (var##_names), NULL }

ENUM_INFO (model_kind, "decoder", "encoder", "encoder-decoder", "moe", "cnn", "vit",
           "diffusion-unet", "custom") = {
  N_("Decoder (GPT, Llama)"), N_("Encoder (BERT)"), N_("Encoder–decoder (T5)"),
  N_("Mixture of experts"), N_("Convolutional network"), N_("Vision transformer"),
  N_("Diffusion U-Net"), N_("Custom"),
};
ENUM_INFO (ffn_act, "gelu", "relu", "swiglu", "geglu") = {
  N_("GELU"), N_("ReLU"), N_("SwiGLU"), N_("GeGLU"),
};
ENUM_INFO (norm, "layernorm", "rmsnorm") = { N_("LayerNorm"), N_("RMSNorm") };
ENUM_INFO (biases, "none", "qkv", "all") = {
  N_("None"), N_("Query, key and value only"), N_("Every linear layer"),
};
ENUM_INFO (method, "pretrain", "full-finetune", "lora", "qlora") = {
  N_("Pretraining"), N_("Full fine-tune"), N_("LoRA"), N_("QLoRA (4-bit base)"),
};
ENUM_INFO (precision, "fp32", "amp-bf16", "amp-fp16", "bf16-mixed", "fp16-mixed", "bf16",
           "fp8-mixed") = {
  N_("FP32"), N_("AMP BF16"), N_("AMP FP16"), N_("BF16 mixed"), N_("FP16 mixed"),
  N_("Pure BF16"), N_("FP8 mixed"),
};
ENUM_INFO (optimizer, "adamw", "adamw-8bit", "sgd", "sgd-momentum", "adafactor", "lion",
           "adamw-8bit-paged") = {
  N_("AdamW"), N_("8-bit AdamW"), N_("SGD"), N_("SGD with momentum"), N_("Adafactor"),
  N_("Lion"), N_("Paged 8-bit AdamW"),
};
ENUM_INFO (recompute, "none", "selective-attention", "selective-ops", "every-nth-layer",
           "full") = {
  N_("None"),
  /* TRANSLATORS: Megatron-LM's selective recomputation */
  N_("Selective: attention core (Megatron-LM)"),
  /* TRANSLATORS: PyTorch's per-operator selective activation checkpointing */
  N_("Selective: save matmul outputs (PyTorch op-level)"),
  N_("Full, every n-th layer"),
  N_("Full"),
};
/* Version-2 files wrote "selective" for Megatron-LM's attention-core
 * recomputation, the only selective policy Rigplan then knew. */
static const char *const recompute_aliases[] = { "selective", "selective-attention", NULL };
ENUM_INFO (framework, "custom", "pytorch", "pytorch-fsdp", "deepspeed", "megatron",
           "hf-trainer", "torchtune") = {
  N_("Custom (fused kernels)"), N_("Plain PyTorch"),
  N_("PyTorch FSDP2 / torchtitan"), N_("DeepSpeed"),
  N_("Megatron-LM / NeMo"), N_("Hugging Face Trainer (PEFT)"), N_("torchtune"),
};
ENUM_INFO (grad_dtype, "framework", "fp32", "16-bit") = {
  N_("As the training stack does"), N_("FP32"), N_("16-bit, as the weights"),
};
ENUM_INFO (base_dtype, "framework", "fp32", "16-bit") = {
  N_("As the training stack loads it"), N_("FP32"), N_("16-bit (BF16 or FP16)"),
};
ENUM_INFO (loss, "framework", "full", "fused", "chunked", "cut") = {
  N_("As the training stack does"), N_("Full FP32 logits"),
  N_("Fused cross-entropy (Megatron)"), N_("Chunked cross-entropy (torchtune)"),
  N_("Cut cross-entropy: no logits kept"),
};
ENUM_INFO (allocator, "framework", "caching", "expandable") = {
  N_("As the training stack does"), N_("Caching allocator"), N_("Expandable segments"),
};
ENUM_INFO (pipeline_schedule, "1f1b", "interleaved", "zero-bubble", "gpipe") = {
  N_("1F1B"), N_("Interleaved 1F1B"), N_("Zero bubble (ZB-H1)"), N_("GPipe"),
};
ENUM_INFO (zero_stage, "0", "1", "2", "3") = {
  N_("0 — off"), N_("1 — optimizer states"), N_("2 — and gradients"),
  N_("3 — and weights (FSDP)"),
};
ENUM_INFO (offload, "none", "optimizer", "optimizer+params") = {
  N_("None"), N_("Optimizer states"), N_("Optimizer states and weights"),
};
ENUM_INFO (reference, "none", "on-gpu", "precomputed") = {
  N_("None"), N_("Frozen copy on the GPU"), N_("Log-probabilities computed first"),
};
ENUM_INFO (lora_targets, "attention", "qv", "all-linear") = {
  N_("Attention (q, k, v, o)"), N_("Only q and v"), N_("All linear layers"),
};
ENUM_INFO (link, "pcie3", "pcie4", "pcie5", "nvlink2", "nvlink3", "nvlink4", "nvlink5",
           "infinity-fabric") = {
  N_("PCIe 3.0"), N_("PCIe 4.0"), N_("PCIe 5.0"), N_("NVLink 2"), N_("NVLink 3"),
  N_("NVLink 4"), N_("NVLink 5"), N_("Infinity Fabric"),
};
ENUM_INFO (network, "none", "10gbe", "25gbe", "100gbe", "200gbe", "400gbe", "ib-hdr",
           "ib-ndr", "4x100g") = {
  N_("None (one node)"), N_("10 GbE"), N_("25 GbE"), N_("100 GbE"), N_("200 GbE"),
  N_("400 GbE"), N_("InfiniBand HDR"), N_("InfiniBand NDR"),
  N_("4 × 100 Gb/s (AWS EFA)"),
};
ENUM_INFO (storage, "hdd", "sata-ssd", "nvme-gen3", "nvme-gen4", "nvme-gen5", "network") = {
  N_("Hard disk"), N_("SATA SSD"), N_("NVMe Gen3"), N_("NVMe Gen4"), N_("NVMe Gen5"),
  N_("Network storage"),
};
ENUM_INFO (currency, "USD", "CNY") = { N_("US dollar ($)"), N_("Chinese yuan (¥)") };
ENUM_INFO (rent_kind, "on-demand", "reserved-1y", "reserved-3y", "spot", "daily", "monthly",
           "capacity-block") = {
  N_("On demand"), N_("Reserved, 1 year"), N_("Reserved, 3 years"), N_("Spot"), N_("Daily"),
  N_("Monthly"), N_("Capacity block"),
};
ENUM_INFO (acquire, "compare", "rent", "buy") = {
  N_("Compare renting and buying"), N_("Rent"), N_("Buy"),
};
/* TRANSLATORS: the state of the GPUs bought */
ENUM_INFO (condition, "new", "used", "ex-mining") = {
  N_("New"), N_("Used"), N_("Ex-mining"),
};

G_STATIC_ASSERT (G_N_ELEMENTS (model_kind_names) == RP_N_MODEL_KINDS);
G_STATIC_ASSERT (G_N_ELEMENTS (ffn_act_names) == RP_N_FFN_ACTS);
G_STATIC_ASSERT (G_N_ELEMENTS (norm_names) == RP_N_NORMS);
G_STATIC_ASSERT (G_N_ELEMENTS (biases_names) == RP_N_BIASES);
G_STATIC_ASSERT (G_N_ELEMENTS (method_names) == RP_N_METHODS);
G_STATIC_ASSERT (G_N_ELEMENTS (precision_names) == RP_N_PRECISIONS);
G_STATIC_ASSERT (G_N_ELEMENTS (optimizer_names) == RP_N_OPTIMIZERS);
G_STATIC_ASSERT (G_N_ELEMENTS (recompute_names) == RP_N_RECOMPUTES);
G_STATIC_ASSERT (G_N_ELEMENTS (offload_names) == RP_N_OFFLOADS);
G_STATIC_ASSERT (G_N_ELEMENTS (reference_names) == RP_N_REFERENCES);
G_STATIC_ASSERT (G_N_ELEMENTS (framework_names) == RP_N_FRAMEWORKS);
G_STATIC_ASSERT (G_N_ELEMENTS (grad_dtype_names) == RP_N_GRAD_DTYPES);
G_STATIC_ASSERT (G_N_ELEMENTS (base_dtype_names) == RP_N_BASE_DTYPES);
G_STATIC_ASSERT (G_N_ELEMENTS (loss_names) == RP_N_LOSSES);
G_STATIC_ASSERT (G_N_ELEMENTS (allocator_names) == RP_N_ALLOCATORS);
G_STATIC_ASSERT (G_N_ELEMENTS (pipeline_schedule_names) == RP_N_PIPELINES);
G_STATIC_ASSERT (G_N_ELEMENTS (lora_targets_names) == RP_N_LORA_TARGETS);
G_STATIC_ASSERT (G_N_ELEMENTS (link_names) == RP_N_LINKS);
G_STATIC_ASSERT (G_N_ELEMENTS (network_names) == RP_N_NETWORKS);
G_STATIC_ASSERT (G_N_ELEMENTS (storage_names) == RP_N_STORAGES);
G_STATIC_ASSERT (G_N_ELEMENTS (currency_names) == RP_N_CURRENCIES);
G_STATIC_ASSERT (G_N_ELEMENTS (rent_kind_names) == RP_N_RENT_KINDS);
G_STATIC_ASSERT (G_N_ELEMENTS (acquire_names) == RP_N_ACQUIRES);
G_STATIC_ASSERT (G_N_ELEMENTS (condition_names) == RP_N_CONDITIONS);

const RpEnumInfo rp_model_kind_info = INFO (model_kind);
const RpEnumInfo rp_ffn_act_info = INFO (ffn_act);
const RpEnumInfo rp_norm_info = INFO (norm);
const RpEnumInfo rp_biases_info = INFO (biases);
const RpEnumInfo rp_method_info = INFO (method);
const RpEnumInfo rp_precision_info = INFO (precision);
const RpEnumInfo rp_optimizer_info = INFO (optimizer);
const RpEnumInfo rp_recompute_info = { recompute_names, recompute_labels,
                                        G_N_ELEMENTS (recompute_names), recompute_aliases };
const RpEnumInfo rp_framework_info = INFO (framework);
const RpEnumInfo rp_grad_dtype_info = INFO (grad_dtype);
const RpEnumInfo rp_base_dtype_info = INFO (base_dtype);
const RpEnumInfo rp_loss_info = INFO (loss);
const RpEnumInfo rp_allocator_info = INFO (allocator);
const RpEnumInfo rp_pipeline_schedule_info = INFO (pipeline_schedule);
const RpEnumInfo rp_zero_stage_info = INFO (zero_stage);
const RpEnumInfo rp_offload_info = INFO (offload);
const RpEnumInfo rp_reference_info = INFO (reference);
const RpEnumInfo rp_lora_targets_info = INFO (lora_targets);
const RpEnumInfo rp_link_info = INFO (link);
const RpEnumInfo rp_network_info = INFO (network);
const RpEnumInfo rp_storage_info = INFO (storage);
const RpEnumInfo rp_currency_info = INFO (currency);
const RpEnumInfo rp_rent_kind_info = INFO (rent_kind);
const RpEnumInfo rp_acquire_info = INFO (acquire);
const RpEnumInfo rp_condition_info = INFO (condition);

/* ---- public API: any enum ------------------------------------------- */

const char *
rp_enum_info_get_name (const RpEnumInfo *info,
                       guint             value)
{
  g_return_val_if_fail (info != NULL, NULL);
  g_return_val_if_fail (value < info->n, NULL);
  return info->names[value];
}

const char *
rp_enum_info_get_label (const RpEnumInfo *info,
                        guint             value)
{
  g_return_val_if_fail (info != NULL, NULL);
  g_return_val_if_fail (value < info->n, NULL);
  return rp_gettext_static (info->labels[value]);
}

gboolean
rp_enum_info_lookup (const RpEnumInfo *info,
                     const char       *name,
                     guint            *out)
{
  g_return_val_if_fail (info != NULL, FALSE);

  if (name == NULL)
    return FALSE;
  for (guint i = 0; i < info->n; i++)
    if (strcmp (info->names[i], name) == 0)
      {
        if (out != NULL)
          *out = i;
        return TRUE;
      }
  for (guint i = 0; info->aliases != NULL && info->aliases[i] != NULL; i += 2)
    if (strcmp (info->aliases[i], name) == 0)
      return rp_enum_info_lookup (info, info->aliases[i + 1], out);
  return FALSE;
}

char *
rp_enum_info_list_names (const RpEnumInfo *info)
{
  GString *list = g_string_new (NULL);

  g_return_val_if_fail (info != NULL, NULL);

  for (guint i = 0; i < info->n; i++)
    g_string_append_printf (list, "%s%s", i > 0 ? ", " : "", info->names[i]);
  return g_string_free (list, FALSE);
}

/* ---- public API: each enum ------------------------------------------ */

#define DEFINE_ENUM_NAMES(Type, prefix)                              \
  const char *                                                       \
  prefix##_to_string (Type v)                                        \
  {                                                                  \
    return rp_enum_info_get_name (&prefix##_info, (guint) v);        \
  }                                                                  \
  gboolean                                                           \
  prefix##_from_string (const char *s,                               \
                        Type       *out)                             \
  {                                                                  \
    guint i;                                                         \
    if (!rp_enum_info_lookup (&prefix##_info, s, &i))                \
      return FALSE;                                                  \
    *out = (Type) i;                                                 \
    return TRUE;                                                     \
  }

DEFINE_ENUM_NAMES (RpModelKind, rp_model_kind)
DEFINE_ENUM_NAMES (RpFfnAct, rp_ffn_act)
DEFINE_ENUM_NAMES (RpNorm, rp_norm)
DEFINE_ENUM_NAMES (RpBiases, rp_biases)
DEFINE_ENUM_NAMES (RpMethod, rp_method)
DEFINE_ENUM_NAMES (RpPrecision, rp_precision)
DEFINE_ENUM_NAMES (RpOptimizer, rp_optimizer)
DEFINE_ENUM_NAMES (RpRecompute, rp_recompute)
DEFINE_ENUM_NAMES (RpOffload, rp_offload)
DEFINE_ENUM_NAMES (RpReference, rp_reference)
DEFINE_ENUM_NAMES (RpFramework, rp_framework)
DEFINE_ENUM_NAMES (RpPipelineSchedule, rp_pipeline_schedule)
DEFINE_ENUM_NAMES (RpLoraTargets, rp_lora_targets)
DEFINE_ENUM_NAMES (RpLink, rp_link)
DEFINE_ENUM_NAMES (RpNetwork, rp_network)
DEFINE_ENUM_NAMES (RpStorage, rp_storage)
DEFINE_ENUM_NAMES (RpCurrency, rp_currency)
DEFINE_ENUM_NAMES (RpRentKind, rp_rent_kind)
DEFINE_ENUM_NAMES (RpAcquire, rp_acquire)

gboolean
rp_model_kind_is_transformer (RpModelKind kind)
{
  return kind == RP_MODEL_KIND_DECODER || kind == RP_MODEL_KIND_ENCODER ||
         kind == RP_MODEL_KIND_ENCODER_DECODER || kind == RP_MODEL_KIND_MOE ||
         kind == RP_MODEL_KIND_VIT;
}

guint
rp_precision_weight_bytes (RpPrecision p)
{
  switch (p)
    {
    case RP_PRECISION_FP32:
    case RP_PRECISION_AMP_BF16:
    case RP_PRECISION_AMP_FP16:
      return 4;
    case RP_PRECISION_BF16_MIXED:
    case RP_PRECISION_FP16_MIXED:
    case RP_PRECISION_BF16_PURE:
    case RP_PRECISION_FP8_MIXED:
      return 2;
    case RP_N_PRECISIONS:
    default:
      g_return_val_if_reached (4);
    }
}

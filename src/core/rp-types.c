/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-types.c: string names of the enums, as written in files */

#include "config.h"

#include "rp-types.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* ---- name tables ---------------------------------------------------- */

static const char *const model_kind_names[RP_N_MODEL_KINDS] = {
  "decoder", "encoder", "encoder-decoder", "moe", "cnn", "vit", "diffusion-unet", "custom",
};
static const char *const ffn_act_names[RP_N_FFN_ACTS] = { "gelu", "relu", "swiglu", "geglu" };
static const char *const norm_names[RP_N_NORMS] = { "layernorm", "rmsnorm" };
static const char *const biases_names[RP_N_BIASES] = { "none", "qkv", "all" };
static const char *const method_names[RP_N_METHODS] = {
  "pretrain", "full-finetune", "lora", "qlora",
};
static const char *const precision_names[RP_N_PRECISIONS] = {
  "fp32", "amp-bf16", "amp-fp16", "bf16-mixed", "fp16-mixed", "bf16", "fp8-mixed",
};
static const char *const optimizer_names[RP_N_OPTIMIZERS] = {
  "adamw", "adamw-8bit", "sgd", "sgd-momentum", "adafactor", "lion",
};
static const char *const recompute_names[RP_N_RECOMPUTES] = { "none", "selective", "full" };
static const char *const offload_names[RP_N_OFFLOADS] = { "none", "optimizer", "optimizer+params" };
static const char *const lora_targets_names[RP_N_LORA_TARGETS] = { "attention", "qv", "all-linear" };
static const char *const link_names[RP_N_LINKS] = {
  "pcie3", "pcie4", "pcie5", "nvlink2", "nvlink3", "nvlink4", "nvlink5", "infinity-fabric",
};
static const char *const network_names[RP_N_NETWORKS] = {
  "none", "10gbe", "25gbe", "100gbe", "200gbe", "400gbe", "ib-hdr", "ib-ndr",
};
static const char *const storage_names[RP_N_STORAGES] = {
  "hdd", "sata-ssd", "nvme-gen3", "nvme-gen4", "nvme-gen5", "network",
};
static const char *const currency_names[RP_N_CURRENCIES] = { "USD", "CNY" };
static const char *const rent_kind_names[RP_N_RENT_KINDS] = {
  "on-demand", "reserved-1y", "reserved-3y", "spot", "daily", "monthly",
};

/* ---- helpers -------------------------------------------------------- */

static gboolean
lookup_name (const char *const *names,
             guint              n_names,
             const char        *s,
             guint             *out)
{
  if (s == NULL)
    return FALSE;
  for (guint i = 0; i < n_names; i++)
    if (strcmp (names[i], s) == 0)
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

#define DEFINE_ENUM_NAMES(Type, prefix, table, n)                    \
  const char *                                                       \
  prefix##_to_string (Type v)                                        \
  {                                                                  \
    g_return_val_if_fail ((guint) v < (n), NULL);                    \
    return table[v];                                                 \
  }                                                                  \
  gboolean                                                           \
  prefix##_from_string (const char *s,                               \
                        Type       *out)                             \
  {                                                                  \
    guint i;                                                         \
    if (!lookup_name (table, (n), s, &i))                            \
      return FALSE;                                                  \
    *out = (Type) i;                                                 \
    return TRUE;                                                     \
  }

/* ---- public API ----------------------------------------------------- */

DEFINE_ENUM_NAMES (RpModelKind, rp_model_kind, model_kind_names, RP_N_MODEL_KINDS)
DEFINE_ENUM_NAMES (RpFfnAct, rp_ffn_act, ffn_act_names, RP_N_FFN_ACTS)
DEFINE_ENUM_NAMES (RpNorm, rp_norm, norm_names, RP_N_NORMS)
DEFINE_ENUM_NAMES (RpBiases, rp_biases, biases_names, RP_N_BIASES)
DEFINE_ENUM_NAMES (RpMethod, rp_method, method_names, RP_N_METHODS)
DEFINE_ENUM_NAMES (RpPrecision, rp_precision, precision_names, RP_N_PRECISIONS)
DEFINE_ENUM_NAMES (RpOptimizer, rp_optimizer, optimizer_names, RP_N_OPTIMIZERS)
DEFINE_ENUM_NAMES (RpRecompute, rp_recompute, recompute_names, RP_N_RECOMPUTES)
DEFINE_ENUM_NAMES (RpOffload, rp_offload, offload_names, RP_N_OFFLOADS)
DEFINE_ENUM_NAMES (RpLoraTargets, rp_lora_targets, lora_targets_names, RP_N_LORA_TARGETS)
DEFINE_ENUM_NAMES (RpLink, rp_link, link_names, RP_N_LINKS)
DEFINE_ENUM_NAMES (RpNetwork, rp_network, network_names, RP_N_NETWORKS)
DEFINE_ENUM_NAMES (RpStorage, rp_storage, storage_names, RP_N_STORAGES)
DEFINE_ENUM_NAMES (RpCurrency, rp_currency, currency_names, RP_N_CURRENCIES)
DEFINE_ENUM_NAMES (RpRentKind, rp_rent_kind, rent_kind_names, RP_N_RENT_KINDS)

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

const char *
rp_network_get_label (RpNetwork v)
{
  /* the same words as the hardware form's drop-down */
  static const char *const labels[RP_N_NETWORKS] = {
    N_("None (one node)"), N_("10 GbE"), N_("25 GbE"), N_("100 GbE"), N_("200 GbE"),
    N_("400 GbE"), N_("InfiniBand HDR"), N_("InfiniBand NDR"),
  };

  g_return_val_if_fail ((guint) v < RP_N_NETWORKS, NULL);
  return _(labels[v]);
}

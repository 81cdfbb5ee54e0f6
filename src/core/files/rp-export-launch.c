/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-export-launch.c: DeepSpeed, accelerate and torchrun files for a plan
 *
 * Keys follow the tools' documentation (deepspeed.ai/docs/config-json;
 * huggingface.co/docs/accelerate, the file `accelerate config` writes;
 * docs.pytorch.org/docs/stable/elastic/run.html) and the NCCL variables
 * its environment-variable guide (docs.nvidia.com/deeplearning/nccl/
 * user-guide/docs/env.html).  Each writer pairs with a reader in
 * rp-import-train.c: tests/test-import.c exports and imports back. */

#include "config.h"

#include "rp-export-launch.h"
#include "rp-words-checklist.h"

#include "rp-error.h"
#include "rp-fields.h"
#include "rp-file.h"
#include "rp-json-private.h"
#include "rp-measure.h"

#include <glib/gi18n-lib.h>
#include <string.h>

typedef struct
{
  const RpScenario *s;
  RpCatalog        *catalog;      /* borrowed, may be NULL */
  GPtrArray        *notes;        /* owned: char* */
  guint             n_gpus;
  guint             dp;           /* data-parallel GPUs */
  guint             accumulation; /* gradient accumulation steps */
  guint             global;       /* micro × accumulation × dp, as written */
} Launch;

static const char *const format_names[RP_N_LAUNCH_FORMATS] = {
  "deepspeed", "accelerate", "torchrun", "howto", "probe",
};
static const char *const format_labels[RP_N_LAUNCH_FORMATS] = {
  N_("DeepSpeed config"), N_("accelerate config"), N_("torchrun launch script"),
  N_("How to run this plan"), N_("rigplan-probe input"),
};
static const char *const file_names[RP_N_LAUNCH_FORMATS] = {
  "ds_config.json", "accelerate.yaml", "run.sh", "how-to-run.txt", "probe.json",
};

/* ---- helpers -------------------------------------------------------- */

static void
note (Launch     *l,
      const char *format,
      ...) G_GNUC_PRINTF (2, 3);

static void
note (Launch     *l,
      const char *format,
      ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (l->notes, g_strdup_vprintf (format, args));
  va_end (args);
}

static gboolean
is_bf16 (RpPrecision p)
{
  return p == RP_PRECISION_AMP_BF16 || p == RP_PRECISION_BF16_MIXED ||
         p == RP_PRECISION_BF16_PURE;
}

static gboolean
is_fp16 (RpPrecision p)
{
  return p == RP_PRECISION_AMP_FP16 || p == RP_PRECISION_FP16_MIXED;
}

static gboolean
is_amp (RpPrecision p)
{
  return p == RP_PRECISION_AMP_BF16 || p == RP_PRECISION_AMP_FP16;
}

/* Whether the plan needs DeepSpeed's engine: sharding, offload or its
 * 16-bit weights with fp32 master copies. */
static gboolean
uses_deepspeed (const RpScenario *s)
{
  const RpTraining *t = &s->training;

  return t->zero_stage > 0 || t->offload != RP_OFFLOAD_NONE ||
         t->precision == RP_PRECISION_BF16_MIXED || t->precision == RP_PRECISION_FP16_MIXED;
}

static const char *
enum_label (const char *key,
            guint       value)
{
  return rp_enum_info_get_label (rp_fields_lookup (key)->choices, value);
}

static char *
one_line (const char *text)
{
  return g_strdelimit (g_strdup (text != NULL ? text : ""), "\r\n", ' ');
}

static const char *
gpu_name (Launch *l)
{
  const RpGpu *gpu = l->catalog != NULL ? rp_catalog_lookup_gpu (l->catalog, l->s->hardware.gpu)
                                        : NULL;

  return gpu != NULL ? gpu->name : l->s->hardware.gpu;
}

static gboolean
launch_init (Launch           *l,
             const RpScenario *s,
             RpCatalog        *catalog,
             GError          **error)
{
  const RpTraining *t = &s->training;
  guint per_step;

  if (!rp_scenario_validate (s, error))
    return FALSE;
  l->s = s;
  l->catalog = catalog;
  l->notes = g_ptr_array_new_with_free_func (g_free);
  l->n_gpus = rp_scenario_n_gpus (s);
  l->dp = rp_scenario_data_parallel (s);
  per_step = t->micro_batch * l->dp;
  /* DeepSpeed asserts train_batch_size = micro × accumulation × GPUs */
  l->accumulation = MAX ((t->global_batch + per_step - 1) / per_step, 1);
  l->global = per_step * l->accumulation;
  if (l->global != t->global_batch)
    note (l, _("the global batch %u is not a multiple of micro batch %u × %u data-parallel GPUs; "
               "written as %u (%u accumulation steps)"),
          t->global_batch, t->micro_batch, l->dp, l->global, l->accumulation);
  return TRUE;
}

static void
note_method (Launch *l)
{
  if (l->s->training.method == RP_METHOD_LORA || l->s->training.method == RP_METHOD_QLORA)
    note (l, _("LoRA (rank %u, %s) is set up by your training script (PEFT), not by this file"),
          l->s->training.lora_rank,
          enum_label ("training.lora_targets", l->s->training.lora_targets));
}

/* ---- DeepSpeed ------------------------------------------------------ */

static void
ds_precision (Launch *l,
              cJSON  *root)
{
  RpPrecision p = l->s->training.precision;

  if (is_bf16 (p) || p == RP_PRECISION_FP8_MIXED)
    cJSON_AddBoolToObject (cJSON_AddObjectToObject (root, "bf16"), "enabled", TRUE);
  else if (is_fp16 (p))
    cJSON_AddBoolToObject (cJSON_AddObjectToObject (root, "fp16"), "enabled", TRUE);
  if (is_amp (p) || p == RP_PRECISION_BF16_PURE || p == RP_PRECISION_FP8_MIXED)
    note (l, _("DeepSpeed keeps 16-bit weights with fp32 master copies: %s is written as its "
               "16-bit mixed precision"), enum_label ("training.precision", p));
}

static void
ds_zero (Launch *l,
         cJSON  *root)
{
  const RpTraining *t = &l->s->training;
  cJSON *zero = cJSON_AddObjectToObject (root, "zero_optimization");

  cJSON_AddNumberToObject (zero, "stage", t->zero_stage);
  if (t->offload != RP_OFFLOAD_NONE)
    {
      cJSON *opt = cJSON_AddObjectToObject (zero, "offload_optimizer");

      cJSON_AddStringToObject (opt, "device", "cpu");
      cJSON_AddBoolToObject (opt, "pin_memory", TRUE);
      if (t->zero_stage == 0)
        note (l, "%s", _("DeepSpeed offloads only with ZeRO stage 1 or higher: raise the stage"));
    }
  if (t->offload == RP_OFFLOAD_OPTIMIZER_AND_PARAMS)
    {
      cJSON *par = cJSON_AddObjectToObject (zero, "offload_param");

      cJSON_AddStringToObject (par, "device", "cpu");
      cJSON_AddBoolToObject (par, "pin_memory", TRUE);
      if (t->zero_stage < 3)
        note (l, "%s", _("DeepSpeed offloads parameters only with ZeRO stage 3"));
    }
  /* the settings of DeepSpeed's own ZeRO-2/3 examples */
  if (t->zero_stage >= 2)
    {
      cJSON_AddBoolToObject (zero, "overlap_comm", TRUE);
      cJSON_AddBoolToObject (zero, "contiguous_gradients", TRUE);
    }
}

static void
ds_optimizer (Launch *l,
              cJSON  *root)
{
  RpOptimizer o = l->s->training.optimizer;
  cJSON *opt, *params;

  if (o != RP_OPTIMIZER_ADAMW && o != RP_OPTIMIZER_LION)
    {
      note (l, _("%s is created by your training script: a DeepSpeed config names only "
                 "DeepSpeed’s own optimizers"), enum_label ("training.optimizer", o));
      return;
    }
  opt = cJSON_AddObjectToObject (root, "optimizer");
  cJSON_AddStringToObject (opt, "type", o == RP_OPTIMIZER_LION ? "Lion" : "AdamW");
  /* "auto": the Hugging Face Trainer and accelerate fill these in */
  params = cJSON_AddObjectToObject (opt, "params");
  cJSON_AddStringToObject (params, "lr", "auto");
  cJSON_AddStringToObject (params, "weight_decay", "auto");
}

static char *
export_deepspeed (Launch *l)
{
  const RpTraining *t = &l->s->training;
  g_autoptr(cJSON) root = cJSON_CreateObject ();
  char *text, *copy;

  cJSON_AddNumberToObject (root, "train_batch_size", l->global);
  cJSON_AddNumberToObject (root, "train_micro_batch_size_per_gpu", t->micro_batch);
  cJSON_AddNumberToObject (root, "gradient_accumulation_steps", l->accumulation);
  ds_precision (l, root);
  ds_zero (l, root);
  if (t->recompute != RP_RECOMPUTE_NONE)
    {
      cJSON *ckpt = cJSON_AddObjectToObject (root, "activation_checkpointing");

      cJSON_AddBoolToObject (ckpt, "partition_activations", FALSE);
      cJSON_AddBoolToObject (ckpt, "contiguous_memory_optimization", FALSE);
      if (t->recompute == RP_RECOMPUTE_SELECTIVE)
        note (l, "%s", _("selective recomputation is chosen in the model code; this section "
                         "turns on checkpointing, which reads back as full"));
    }
  ds_optimizer (l, root);
  if (t->tensor_parallel > 1 || t->pipeline_parallel > 1)
    note (l, _("tensor parallel %u and pipeline parallel %u are set in Megatron-LM or the "
               "model code, not in a DeepSpeed config"), t->tensor_parallel,
          t->pipeline_parallel);
  note_method (l);
  text = cJSON_Print (root);
  copy = g_strconcat (text, "\n", NULL);
  cJSON_free (text);
  return copy;
}

/* ---- accelerate ----------------------------------------------------- */

typedef enum
{
  ACC_NO,
  ACC_MULTI_GPU,
  ACC_DEEPSPEED,
  ACC_FSDP,
  ACC_MEGATRON,
} AccType;

static AccType
acc_type (const Launch *l)
{
  const RpTraining *t = &l->s->training;

  if (t->tensor_parallel > 1 || t->pipeline_parallel > 1)
    return ACC_MEGATRON;
  if (!uses_deepspeed (l->s))
    return l->n_gpus > 1 ? ACC_MULTI_GPU : ACC_NO;
  if (is_amp (t->precision) && t->zero_stage >= 2)
    return ACC_FSDP;
  return ACC_DEEPSPEED;
}

static const char *
acc_precision (Launch *l,
               AccType type)
{
  RpPrecision p = l->s->training.precision;
  gboolean engine = type == ACC_DEEPSPEED || type == ACC_MEGATRON;

  if (p == RP_PRECISION_BF16_PURE ||
      (engine && is_amp (p)) || (!engine && (p == RP_PRECISION_BF16_MIXED ||
                                             p == RP_PRECISION_FP16_MIXED)))
    note (l, _("accelerate cannot state %s: written as %s’s 16-bit mode"),
          enum_label ("training.precision", p),
          engine ? (type == ACC_MEGATRON ? "Megatron-LM" : "DeepSpeed") : _("autocast"));
  if (p == RP_PRECISION_FP32)
    return "'no'";
  if (p == RP_PRECISION_FP8_MIXED)
    return "fp8";
  return is_fp16 (p) ? "fp16" : "bf16";
}

static void
acc_deepspeed (Launch  *l,
               GString *out)
{
  const RpTraining *t = &l->s->training;

  g_string_append (out, "distributed_type: DEEPSPEED\ndeepspeed_config:\n");
  g_string_append_printf (out, "  gradient_accumulation_steps: %u\n", l->accumulation);
  g_string_append_printf (out, "  offload_optimizer_device: %s\n",
                          t->offload != RP_OFFLOAD_NONE ? "cpu" : "none");
  g_string_append_printf (out, "  offload_param_device: %s\n",
                          t->offload == RP_OFFLOAD_OPTIMIZER_AND_PARAMS ? "cpu" : "none");
  g_string_append_printf (out, "  zero3_init_flag: %s\n", t->zero_stage == 3 ? "true" : "false");
  g_string_append_printf (out, "  zero_stage: %u\n", t->zero_stage);
  if (t->recompute != RP_RECOMPUTE_NONE)
    note (l, "%s", _("accelerate’s DeepSpeed settings have no activation checkpointing: turn "
                     "it on in your script (model.gradient_checkpointing_enable())"));
}

static void
acc_fsdp (Launch  *l,
          GString *out)
{
  const RpTraining *t = &l->s->training;

  g_string_append (out, "distributed_type: FSDP\nfsdp_config:\n");
  g_string_append_printf (out, "  fsdp_activation_checkpointing: %s\n",
                          t->recompute != RP_RECOMPUTE_NONE ? "true" : "false");
  g_string_append (out, "  fsdp_auto_wrap_policy: TRANSFORMER_BASED_WRAP\n");
  g_string_append_printf (out, "  fsdp_offload_params: %s\n",
                          t->offload != RP_OFFLOAD_NONE ? "true" : "false");
  g_string_append_printf (out, "  fsdp_sharding_strategy: %s\n",
                          t->zero_stage == 3 ? "FULL_SHARD" : "SHARD_GRAD_OP");
  g_string_append (out, "  fsdp_state_dict_type: SHARDED_STATE_DICT\n");
  if (t->offload == RP_OFFLOAD_OPTIMIZER)
    note (l, "%s", _("FSDP offloads parameters with the optimizer, never the optimizer alone: "
                     "this reads back as both offloaded"));
  if (t->recompute == RP_RECOMPUTE_SELECTIVE)
    note (l, "%s", _("FSDP checkpoints whole layers: selective recomputation reads back as "
                     "full"));
  if (l->accumulation > 1)
    note (l, _("%u gradient accumulation steps are set in your script "
               "(Accelerator(gradient_accumulation_steps=…))"), l->accumulation);
}

static void
acc_megatron (Launch  *l,
              GString *out)
{
  const RpTraining *t = &l->s->training;

  g_string_append (out, "distributed_type: MEGATRON_LM\nmegatron_lm_config:\n");
  g_string_append_printf (out, "  megatron_lm_num_micro_batches: %u\n", l->accumulation);
  g_string_append_printf (out, "  megatron_lm_pp_degree: %u\n", t->pipeline_parallel);
  g_string_append_printf (out, "  megatron_lm_recompute_activations: %s\n",
                          t->recompute != RP_RECOMPUTE_NONE ? "true" : "false");
  g_string_append_printf (out, "  megatron_lm_sequence_parallelism: %s\n",
                          t->sequence_parallel ? "true" : "false");
  g_string_append_printf (out, "  megatron_lm_tp_degree: %u\n", t->tensor_parallel);
  g_string_append_printf (out, "  megatron_lm_use_distributed_optimizer: %s\n",
                          t->zero_stage > 0 ? "true" : "false");
  if (t->recompute == RP_RECOMPUTE_FULL)
    note (l, "%s", _("accelerate’s Megatron-LM switch recomputes selectively: full "
                     "recomputation reads back as selective"));
  if (t->zero_stage > 1 || t->offload != RP_OFFLOAD_NONE)
    note (l, "%s", _("with Megatron-LM, only the distributed optimizer (ZeRO stage 1) and no "
                     "offload can be stated"));
}

static void
acc_plain (Launch  *l,
           AccType  type,
           GString *out)
{
  g_string_append_printf (out, "distributed_type: %s\n", type == ACC_NO ? "'NO'" : "MULTI_GPU");
  if (l->s->training.recompute != RP_RECOMPUTE_NONE)
    note (l, "%s", _("activation checkpointing is turned on in your script "
                     "(model.gradient_checkpointing_enable())"));
  if (l->accumulation > 1)
    note (l, _("%u gradient accumulation steps are set in your script "
               "(Accelerator(gradient_accumulation_steps=…))"), l->accumulation);
}

static char *
export_accelerate (Launch *l)
{
  const RpHardware *hw = &l->s->hardware;
  g_autofree char *name = one_line (l->s->name);
  GString *out = g_string_new (NULL);
  AccType type = acc_type (l);
  const char *precision = acc_precision (l, type);

  /* TRANSLATORS: the first line of an exported accelerate config; %s is the plan's name */
  g_string_append_printf (out, _("# accelerate config for “%s”, written by Rigplan\n"), name);
  g_string_append (out, "compute_environment: LOCAL_MACHINE\n");
  if (type == ACC_DEEPSPEED)
    acc_deepspeed (l, out);
  else if (type == ACC_FSDP)
    acc_fsdp (l, out);
  else if (type == ACC_MEGATRON)
    acc_megatron (l, out);
  else
    acc_plain (l, type, out);
  g_string_append (out, "machine_rank: 0\n");
  if (hw->nodes > 1)
    {
      g_string_append_printf (out, "main_process_ip: null  # %s\n",
                              _("the first machine’s address; machine_rank 1, 2, … on the "
                                "others"));
      g_string_append (out, "main_process_port: 29500\n");
    }
  g_string_append (out, "main_training_function: main\n");
  g_string_append_printf (out, "mixed_precision: %s\n", precision);
  g_string_append_printf (out, "num_machines: %u\n", hw->nodes);
  g_string_append_printf (out, "num_processes: %u\n", l->n_gpus);
  g_string_append (out, "rdzv_backend: static\nsame_network: true\nuse_cpu: false\n");
  note_method (l);
  if (type != ACC_DEEPSPEED)
    note (l, _("the micro batch (%u per GPU) is set in your script’s data loader"),
          l->s->training.micro_batch);
  return g_string_free (out, FALSE);
}

/* ---- torchrun and the how-to ---------------------------------------- */

/* NCCL's variables for the network between the nodes, as shell lines
 * with why each is there. */
static void
append_nccl_env (Launch     *l,
                 GString    *out,
                 const char *prefix)
{
  RpNetwork network = l->s->hardware.network;

  if (l->s->hardware.nodes < 2)
    return;
  g_string_append_printf (out, "%sexport NCCL_DEBUG=WARN\n", prefix);
  g_string_append_printf (out,
                          "%sexport NCCL_SOCKET_IFNAME=\"${NCCL_SOCKET_IFNAME:-eth0}\"  # %s\n",
                          prefix, _("the interface the nodes reach each other on"));
  if (network == RP_NETWORK_IB_HDR || network == RP_NETWORK_IB_NDR)
    {
      g_string_append_printf (out, "%sexport NCCL_IB_DISABLE=0\n", prefix);
      g_string_append_printf (out, "%sexport NCCL_IB_HCA=\"${NCCL_IB_HCA:-mlx5}\"  # %s\n",
                              prefix, _("the adapters ibv_devinfo lists"));
      return;
    }
  if (network == RP_NETWORK_NONE)
    {
      note (l, "%s", _("several nodes but no network chosen: set the NCCL variables for yours"));
      return;
    }
  g_string_append_printf (out, "%sexport NCCL_IB_DISABLE=1  # %s\n", prefix,
                          _("plain TCP; keep 0 on RoCE adapters"));
  if (network >= RP_NETWORK_100GBE)
    g_string_append_printf (out, "%sexport NCCL_SOCKET_NTHREADS=4  # %s\n", prefix,
                            _("NCCL’s advice for 100G networks"));
}

static void
append_torchrun (Launch     *l,
                 GString    *out,
                 const char *indent)
{
  const RpHardware *hw = &l->s->hardware;

  g_string_append_printf (out, "%sexec torchrun \\\n", indent);
  g_string_append_printf (out, "%s  --nnodes %u \\\n", indent, hw->nodes);
  g_string_append_printf (out, "%s  --nproc-per-node %u \\\n", indent, hw->gpus_per_node);
  if (hw->nodes > 1)
    {
      g_string_append_printf (out, "%s  --node-rank \"${NODE_RANK:-0}\" \\\n", indent);
      g_string_append_printf (out, "%s  --master-addr \"${MASTER_ADDR:-127.0.0.1}\" \\\n", indent);
      g_string_append_printf (out, "%s  --master-port \"${MASTER_PORT:-29500}\" \\\n", indent);
    }
  else
    g_string_append_printf (out, "%s  --standalone \\\n", indent);
  g_string_append_printf (out, "%s  \"${TRAIN_SCRIPT:-train.py}\"%s \"$@\"\n", indent,
                          uses_deepspeed (l->s) ? " --deepspeed ds_config.json" : "");
}

/* The software the GPU needs and the attention kernel to load on it
 * (checklist.json), one line each; nothing when the catalog says none. */
static void
append_software (Launch     *l,
                 GString    *out,
                 const char *prefix)
{
  const RpGpu *gpu = l->catalog != NULL ? rp_catalog_lookup_gpu (l->catalog, l->s->hardware.gpu)
                                        : NULL;
  g_autofree char *stack = gpu != NULL ? rp_words_software_stack (l->catalog, gpu) : NULL;
  g_autofree char *kernel = NULL;

  if (stack == NULL)
    return;
  /* TRANSLATORS: "Software: CUDA 12.8 or newer (Linux driver 570.26 or newer), PyTorch 2.7…" */
  g_string_append_printf (out, _("%sSoftware: %s.\n"), prefix, stack);
  if (l->s->training.flash_attention)
    kernel = rp_words_attention_kernel (l->catalog, gpu);
  if (kernel != NULL)
    /* TRANSLATORS: the attention kernel to load: "Attention: PyTorch SDPA (…)" */
    g_string_append_printf (out, _("%sAttention: %s.\n"), prefix, kernel);
}

static char *
describe_machines (Launch *l)
{
  const RpHardware *hw = &l->s->hardware;

  if (hw->nodes > 1)
    /* TRANSLATORS: "2 nodes × 8 NVIDIA H100 SXM (16 GPUs); NVLink 4 inside a node,
     * InfiniBand NDR between nodes" */
    return g_strdup_printf (_("%u nodes × %u %s (%u GPUs); %s inside a node, %s between nodes"),
                            hw->nodes, hw->gpus_per_node, gpu_name (l), l->n_gpus,
                            enum_label ("hardware.intra_link", hw->intra_link),
                            enum_label ("hardware.network", hw->network));
  if (hw->gpus_per_node == 1)
    /* TRANSLATORS: the machine of a plan with one GPU: "one NVIDIA H100 SXM5 80GB" */
    return g_strdup_printf (_("one %s"), gpu_name (l));
  return g_strdup_printf (_("one node with %u %s; %s between them"), hw->gpus_per_node,
                          gpu_name (l), enum_label ("hardware.intra_link", hw->intra_link));
}

static char *
export_torchrun (Launch *l)
{
  g_autofree char *name = one_line (l->s->name);
  g_autofree char *machines = describe_machines (l);
  GString *out = g_string_new ("#!/bin/sh\n");

  /* TRANSLATORS: comment lines of the exported launch script */
  g_string_append_printf (out, _("# Launch for “%s”, written by Rigplan.\n"), name);
  g_string_append_printf (out, "# %s.\n", machines);
  append_software (l, out, "# ");
  if (l->s->hardware.nodes > 1)
    g_string_append (out, _("# Run it on every node: NODE_RANK=0 on the first, 1, 2, … on the "
                            "others,\n# and MASTER_ADDR set to the first node’s address.\n"));
  g_string_append (out, _("# TRAIN_SCRIPT is your training script (default train.py).\n"));
  if (uses_deepspeed (l->s))
    g_string_append (out, _("# It must accept --deepspeed (the Hugging Face Trainer does); "
                            "ds_config.json is\n# rigplan-cli export … --format deepspeed.\n"));
  g_string_append (out, "set -eu\n");
  append_nccl_env (l, out, "");
  append_torchrun (l, out, "");
  note_method (l);
  return g_string_free (out, FALSE);
}

static char *
describe_parallelism (Launch *l)
{
  const RpTraining *t = &l->s->training;
  const char *offload =
    t->offload == RP_OFFLOAD_NONE ? ""
    : t->offload == RP_OFFLOAD_OPTIMIZER ? _(", optimizer states in host memory")
    : _(", optimizer states and parameters in host memory");

  /* TRANSLATORS: "data parallel 16 × tensor 1 × pipeline 1; ZeRO stage 3, …; BF16 mixed;
   * recomputation Full" */
  return g_strdup_printf (_("data parallel %u × tensor %u × pipeline %u; ZeRO stage %u%s; %s; "
                            "recomputation: %s"),
                          l->dp, t->tensor_parallel, t->pipeline_parallel, t->zero_stage, offload,
                          enum_label ("training.precision", t->precision),
                          enum_label ("training.recompute", t->recompute));
}

typedef char *(*Writer) (Launch *l);

/* What the three files cannot say, once each, in @l's notes' order. */
static GPtrArray *
collect_notes (Launch *l)
{
  Writer writers[] = { export_deepspeed, export_accelerate, export_torchrun };
  GPtrArray *all = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < l->notes->len; i++)
    g_ptr_array_add (all, g_strdup (g_ptr_array_index (l->notes, i)));
  for (guint w = 0; w < G_N_ELEMENTS (writers); w++)
    {
      Launch sub = *l;

      sub.notes = g_ptr_array_new_with_free_func (g_free);
      g_free (writers[w] (&sub));
      for (guint i = 0; i < sub.notes->len; i++)
        {
          const char *text = g_ptr_array_index (sub.notes, i);

          if (!g_ptr_array_find_with_equal_func (all, text, g_str_equal, NULL))
            g_ptr_array_add (all, g_strdup (text));
        }
      g_ptr_array_unref (sub.notes);
    }
  return all;
}

static char *
export_howto (Launch *l)
{
  const RpTraining *t = &l->s->training;
  g_autofree char *name = one_line (l->s->name);
  g_autofree char *machines = describe_machines (l);
  g_autofree char *parallel = describe_parallelism (l);
  g_autoptr(GPtrArray) notes = NULL;
  GString *out = g_string_new (NULL);

  /* TRANSLATORS: the title of the exported "how to run this plan" text */
  g_string_append_printf (out, _("How to run “%s”\n\n"), name);
  g_string_append_printf (out, _("Machines: %s.\n"), machines);
  g_string_append_printf (out, _("Parallelism: %s.\n"), parallel);
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE,
                                            "Batch: micro batch %u per GPU × %u accumulation "
                                            "steps × %u data-parallel GPU = global batch %u.\n\n",
                                            "Batch: micro batch %u per GPU × %u accumulation "
                                            "steps × %u data-parallel GPUs = global batch %u.\n\n",
                                            l->dp),
                          t->micro_batch, l->accumulation, l->dp, l->global);
  append_software (l, out, "");
  if (out->str[out->len - 1] == '\n' && out->str[out->len - 2] != '\n')
    g_string_append_c (out, '\n');
  g_string_append (out, _("Files (rigplan-cli export FILE.rigplan --format NAME -o FILE):\n"));
  for (guint f = 0; f < RP_LAUNCH_HOWTO; f++)
    g_string_append_printf (out, "  %-16s --format %-10s  %s\n", file_names[f], format_names[f],
                            _(format_labels[f]));
  g_string_append_printf (out, "\n%s\n", _("On every node, in the directory of these files:"));
  append_nccl_env (l, out, "  ");
  if (l->s->hardware.nodes > 1)
    g_string_append (out, "  NODE_RANK=0 MASTER_ADDR=<first node> sh run.sh\n");
  else
    g_string_append (out, "  sh run.sh\n");
  notes = collect_notes (l);
  if (notes->len > 0)
    g_string_append_printf (out, "\n%s\n", _("What these files leave to you:"));
  for (guint i = 0; i < notes->len; i++)
    g_string_append_printf (out, "  - %s\n", (const char *) g_ptr_array_index (notes, i));
  return g_string_free (out, FALSE);
}

/* ---- public API ----------------------------------------------------- */

const char *
rp_launch_format_to_string (RpLaunchFormat format)
{
  g_return_val_if_fail ((guint) format < RP_N_LAUNCH_FORMATS, NULL);
  return format_names[format];
}

gboolean
rp_launch_format_from_string (const char     *name,
                              RpLaunchFormat *out)
{
  g_return_val_if_fail (out != NULL, FALSE);

  for (guint i = 0; name != NULL && i < RP_N_LAUNCH_FORMATS; i++)
    if (g_ascii_strcasecmp (name, format_names[i]) == 0)
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

const char *
rp_launch_format_get_label (RpLaunchFormat format)
{
  g_return_val_if_fail ((guint) format < RP_N_LAUNCH_FORMATS, NULL);
  return _(format_labels[format]);
}

const char *
rp_launch_format_file_name (RpLaunchFormat format)
{
  g_return_val_if_fail ((guint) format < RP_N_LAUNCH_FORMATS, NULL);
  return file_names[format];
}

char *
rp_launch_export (const RpScenario  *scenario,
                  RpCatalog         *catalog,
                  RpLaunchFormat     format,
                  char            ***notes,
                  GError           **error)
{
  Launch l = { 0 };
  char *text = NULL;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail ((guint) format < RP_N_LAUNCH_FORMATS, NULL);

  if (format == RP_LAUNCH_PROBE)
    {
      /* the probe's input says itself what one device leaves out */
      if (notes != NULL)
        *notes = g_new0 (char *, 1);
      return catalog != NULL ? rp_probe_input_to_json (scenario, catalog, error) : NULL;
    }
  if (!launch_init (&l, scenario, catalog, error))
    return NULL;
  switch (format)
    {
    case RP_LAUNCH_DEEPSPEED:
      text = export_deepspeed (&l);
      break;
    case RP_LAUNCH_ACCELERATE:
      text = export_accelerate (&l);
      break;
    case RP_LAUNCH_TORCHRUN:
      text = export_torchrun (&l);
      break;
    case RP_LAUNCH_HOWTO:
    case RP_LAUNCH_PROBE:
    case RP_N_LAUNCH_FORMATS:
    default:
      text = export_howto (&l);
      break;
    }
  if (notes != NULL)
    {
      g_ptr_array_add (l.notes, NULL);
      *notes = (char **) g_ptr_array_free (g_steal_pointer (&l.notes), FALSE);
    }
  else
    g_ptr_array_unref (l.notes);
  return text;
}

gboolean
rp_launch_export_file (const RpScenario  *scenario,
                       RpCatalog         *catalog,
                       RpLaunchFormat     format,
                       const char        *path,
                       char            ***notes,
                       GError           **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (path != NULL, FALSE);

  text = rp_launch_export (scenario, catalog, format, notes, error);
  if (text == NULL || !rp_file_write_atomic (path, text, strlen (text), error))
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  return TRUE;
}

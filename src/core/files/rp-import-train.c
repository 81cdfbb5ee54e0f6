/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-import-train.c: training configs (DeepSpeed, accelerate, axolotl,
 * torchtune) and torchrun launch scripts
 *
 * Each key follows the tool's own documentation:
 *   DeepSpeed   deepspeed.ai/docs/config-json
 *   accelerate  huggingface.co/docs/accelerate/package_reference/cli
 *               (the config file `accelerate config` writes)
 *   axolotl     docs.axolotl.ai/docs/config-reference.html
 *   torchtune   the recipe configs under recipes/configs/ and
 *               docs/source/tutorials/memory_optimizations.rst
 *   torchrun    docs.pytorch.org/docs/stable/elastic/run.html */

#include "config.h"

#include "rp-import-private.h"

#include "rp-error.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* ---- helpers -------------------------------------------------------- */

static gboolean
set_count (RpImportFile *f,
           const cJSON  *obj,
           const char   *path,
           const char   *name,
           const char   *key,
           GError      **error)
{
  g_autofree char *where = rp_json_join_path (path != NULL ? path : "", name);
  guint64 value = 0;
  gboolean found = FALSE;

  if (!rp_import_read_count (f, obj, path, name, &value, &found, error))
    return FALSE;
  return !found || rp_import_set (f, key, (double) value, where, error);
}

static gboolean
set_flag (RpImportFile *f,
          const cJSON  *obj,
          const char   *path,
          const char   *name,
          const char   *key,
          GError      **error)
{
  g_autofree char *where = rp_json_join_path (path != NULL ? path : "", name);
  gboolean value = FALSE, found = FALSE;

  if (!rp_import_read_bool (f, obj, path, name, &value, &found, error))
    return FALSE;
  return !found || rp_import_set (f, key, value, where, error);
}

static gboolean
read_accumulation (RpImportFile *f,
                   const cJSON  *obj,
                   const char   *path,
                   const char   *name,
                   GError      **error)
{
  g_autofree char *where = rp_json_join_path (path != NULL ? path : "", name);
  guint64 steps = 0;
  gboolean found = FALSE;

  if (!rp_import_read_count (f, obj, path, name, &steps, &found, error))
    return FALSE;
  if (found && (steps == 0 || steps > G_MAXUINT))
    return rp_import_fail_error (f, path, name, error, _("expected a whole number of at least 1"));
  if (found)
    rp_import_set_accumulation (f, (guint) steps, where);
  return TRUE;
}

static const char *
text_of (RpImportFile *f,
         const cJSON  *obj,
         const char   *path,
         const char   *name,
         GError      **error,
         gboolean     *ok)
{
  const char *value = NULL;
  gboolean found = FALSE;

  *ok = rp_import_read_string (f, obj, path, name, &value, &found, error);
  return found ? value : NULL;
}

/* A string list (YAML sequence) as a NULL-terminated array of borrowed
 * strings; NULL when absent, an error when not a list of strings. */
static const char **
string_list (RpImportFile *f,
             const cJSON  *obj,
             const char   *path,
             const char   *name,
             GError      **error,
             gboolean     *ok)
{
  const cJSON *list = rp_import_get (f, obj, path, name);
  g_autofree const char **out = NULL;
  const cJSON *item;
  guint n = 0;

  *ok = TRUE;
  if (list == NULL)
    return NULL;
  if (cJSON_IsString (list))
    {
      out = g_new0 (const char *, 2);
      out[0] = list->valuestring;
      return g_steal_pointer (&out);
    }
  if (!cJSON_IsArray (list))
    {
      *ok = rp_import_fail_error (f, path, name, error, _("expected a list of names"));
      return NULL;
    }
  out = g_new0 (const char *, cJSON_GetArraySize (list) + 1);
  cJSON_ArrayForEach (item, list)
    {
      if (!cJSON_IsString (item))
        {
          *ok = rp_import_fail_error (f, path, name, error, _("expected a list of names"));
          return NULL;
        }
      out[n++] = item->valuestring;
    }
  return g_steal_pointer (&out);
}

static gboolean
unknown_value (RpImportFile *f,
               const char   *path,
               const char   *name,
               const char   *value,
               const char   *accepted,
               GError      **error)
{
  /* TRANSLATORS: a config value Rigplan does not know, then the ones it does */
  return rp_import_fail_error (f, path, name, error, _("unknown value “%s” (expected %s)"),
                               value, accepted);
}

/* Offload from where the optimizer states and the parameters go
 * ("none", "cpu", "nvme"). */
static gboolean
set_offload (RpImportFile *f,
             const char   *optimizer,
             const char   *params,
             const char   *source_key,
             GError      **error)
{
  gboolean opt = optimizer != NULL && g_ascii_strcasecmp (optimizer, "none") != 0;
  gboolean par = params != NULL && g_ascii_strcasecmp (params, "none") != 0;

  if ((optimizer != NULL && g_ascii_strcasecmp (optimizer, "nvme") == 0) ||
      (params != NULL && g_ascii_strcasecmp (params, "nvme") == 0))
    rp_import_note (f, RP_IMPORT_NOTE_APPROXIMATED,
                    _("%s: NVMe offload is counted as offload to host memory (its host RAM "
                      "and PCIe traffic, not the disk’s)"), source_key);
  if (par && !opt)
    rp_import_note (f, RP_IMPORT_NOTE_APPROXIMATED,
                    _("%s: parameters offloaded without the optimizer states: counted as both "
                      "offloaded, the nearest Rigplan has"), source_key);
  return rp_import_set (f, "training.offload",
                        par ? RP_OFFLOAD_OPTIMIZER_AND_PARAMS
                            : opt ? RP_OFFLOAD_OPTIMIZER : RP_OFFLOAD_NONE,
                        source_key, error);
}

/* ---- DeepSpeed ------------------------------------------------------ */

static gboolean
read_ds_precision (RpImportFile *f,
                   const cJSON  *root,
                   GError      **error)
{
  const cJSON *bf16 = rp_import_get (f, root, NULL, "bf16");
  const cJSON *fp16 = rp_import_get (f, root, NULL, "fp16");
  const cJSON *amp = rp_import_get (f, root, NULL, "amp");
  gboolean b = FALSE, h = FALSE, a = FALSE, fb = FALSE, fh = FALSE, fa = FALSE;

  if (!rp_import_read_bool (f, bf16, "bf16", "enabled", &b, &fb, error) ||
      !rp_import_read_bool (f, fp16, "fp16", "enabled", &h, &fh, error) ||
      !rp_import_read_bool (f, amp, "amp", "enabled", &a, &fa, error))
    return FALSE;
  if (b && h)
    return rp_import_fail_error (f, "fp16", "enabled", error,
                                 _("bf16 and fp16 cannot both be enabled"));
  if (b)
    return rp_import_set (f, "training.precision", RP_PRECISION_BF16_MIXED, "bf16.enabled", error);
  if (h)
    return rp_import_set (f, "training.precision", RP_PRECISION_FP16_MIXED, "fp16.enabled", error);
  if (a)
    return rp_import_set (f, "training.precision", RP_PRECISION_AMP_FP16, "amp.enabled", error);
  /* "auto" in any of them: the trainer decides */
  if ((bf16 != NULL && !fb) || (fp16 != NULL && !fh))
    return TRUE;
  rp_import_note (f, RP_IMPORT_NOTE_DERIVED, "%s",
                  _("neither bf16 nor fp16 is enabled: DeepSpeed trains in fp32"));
  return rp_import_set (f, "training.precision", RP_PRECISION_FP32, "bf16", error);
}

static gboolean
read_ds_zero (RpImportFile *f,
              const cJSON  *root,
              GError      **error)
{
  const char *zpath = "zero_optimization";
  const cJSON *zero = rp_import_get (f, root, NULL, zpath);
  const cJSON *opt = rp_import_get (f, zero, zpath, "offload_optimizer");
  const cJSON *par = rp_import_get (f, zero, zpath, "offload_param");
  const char *opt_device = NULL, *par_device = NULL;
  gboolean ok = TRUE, legacy = FALSE, found = FALSE;

  if (zero == NULL)
    return TRUE;
  if (!set_count (f, zero, zpath, "stage", "training.zero_stage", error))
    return FALSE;
  opt_device = text_of (f, opt, "zero_optimization.offload_optimizer", "device", error, &ok);
  if (ok)
    par_device = text_of (f, par, "zero_optimization.offload_param", "device", error, &ok);
  /* DeepSpeed before 0.3.x: "cpu_offload": true offloaded the optimizer */
  if (!ok || !rp_import_read_bool (f, zero, zpath, "cpu_offload", &legacy, &found, error))
    return FALSE;
  if (legacy && opt_device == NULL)
    opt_device = "cpu";
  if (opt == NULL && par == NULL && !found)
    return rp_import_set (f, "training.offload", RP_OFFLOAD_NONE, "zero_optimization", error);
  return set_offload (f, opt_device, par_device, "zero_optimization.offload_optimizer", error);
}

/* DeepSpeed's optimizer "type" (deepspeed.ai/docs/config-json,
 * "Optimizer Parameters"); torch optimizers by class name. */
static gboolean
read_ds_optimizer (RpImportFile *f,
                   const cJSON  *root,
                   GError      **error)
{
  const cJSON *opt = rp_import_get (f, root, NULL, "optimizer");
  const cJSON *params = rp_import_get (f, opt, "optimizer", "params");
  const char *type = NULL;
  RpOptimizer optimizer;
  gboolean ok = TRUE;
  double momentum = 0;
  gboolean has_momentum = FALSE;

  type = text_of (f, opt, "optimizer", "type", error, &ok);
  if (!ok)
    return FALSE;
  if (type == NULL)
    return TRUE;
  if (!rp_import_read_number (f, params, "optimizer.params", "momentum", &momentum,
                              &has_momentum, error))
    return FALSE;
  if (g_ascii_strcasecmp (type, "lion") == 0)
    optimizer = RP_OPTIMIZER_LION;
  else if (g_ascii_strcasecmp (type, "sgd") == 0)
    optimizer = has_momentum && momentum > 0 ? RP_OPTIMIZER_SGD_MOMENTUM : RP_OPTIMIZER_SGD;
  else if (g_ascii_strcasecmp (type, "adafactor") == 0)
    optimizer = RP_OPTIMIZER_ADAFACTOR;
  else if (strstr (type, "Adam") != NULL || strstr (type, "adam") != NULL)
    optimizer = RP_OPTIMIZER_ADAMW;
  else if (strstr (type, "Lamb") != NULL || strstr (type, "lamb") != NULL)
    {
      rp_import_note (f, RP_IMPORT_NOTE_APPROXIMATED,
                      _("optimizer.type %s keeps two states per parameter like AdamW, and is "
                        "counted as AdamW"), type);
      optimizer = RP_OPTIMIZER_ADAMW;
    }
  else
    return unknown_value (f, "optimizer", "type", type,
                          "Adam, AdamW, OneBitAdam, ZeroOneAdam, Lamb, OneBitLamb, Lion, SGD",
                          error);
  return rp_import_set (f, "training.optimizer", optimizer, "optimizer.type", error);
}

static const char *const ds_ignored[] = {
  "gradient_clipping", "steps_per_print", "wall_clock_breakdown", "scheduler", "scheduler.*",
  "optimizer.params.*", "prescale_gradients", "gradient_predivide_factor",
  "zero_allow_untested_optimizer", "zero_force_ds_cpu_optimizer", "fp16.*", "bf16.*", "amp.*",
  "communication_data_type", "flops_profiler*", "tensorboard*", "wandb*", "csv_monitor*",
  "comms_logger*", "dump_state", "memory_breakdown", "checkpoint*", "data_types*",
  "seq_parallel_communication_data_type", "activation_checkpointing.*", "aio*",
  "autotuning*", "compression_training*", "data_efficiency*", "elasticity*", "sparse_attention*",
  "zero_optimization.overlap_comm", "zero_optimization.contiguous_gradients",
  "zero_optimization.reduce_bucket_size", "zero_optimization.allgather_*",
  "zero_optimization.reduce_scatter", "zero_optimization.stage3_*",
  "zero_optimization.sub_group_size", "zero_optimization.max_live_parameters",
  "zero_optimization.max_reuse_distance", "zero_optimization.gather_16bit_weights_on_model_save",
  "zero_optimization.round_robin_gradients", "zero_optimization.offload_*.*",
  "zero_optimization.ignore_unused_parameters", "zero_optimization.load_from_fp32_weights",
  "zero_optimization.elastic_checkpoint", "zero_optimization.zero_*",
  "zero_optimization.mics_*", "zero_optimization.use_multi_rank_bucket_allreduce",
  "zero_optimization.memory_efficient_linear", "zero_optimization.cpu_offload_*",
  "gradient_accumulation_dtype", "torch_autocast*", "zero_quantized_*", "mics_*",
  NULL
};

gboolean
rp_import_looks_like_deepspeed (const cJSON *root)
{
  static const char *const keys[] = {
    "zero_optimization", "train_micro_batch_size_per_gpu", "train_batch_size",
    "zero_allow_untested_optimizer", "activation_checkpointing",
  };

  if (!cJSON_IsObject (root))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (cJSON_GetObjectItemCaseSensitive (root, keys[i]) != NULL)
      return TRUE;
  return cJSON_IsObject (cJSON_GetObjectItemCaseSensitive (root, "bf16")) ||
         cJSON_IsObject (cJSON_GetObjectItemCaseSensitive (root, "fp16"));
}

gboolean
rp_import_read_deepspeed (RpImportFile *f,
                          const cJSON  *root,
                          GError      **error)
{
  const cJSON *ckpt;

  if (!set_count (f, root, NULL, "train_micro_batch_size_per_gpu", "training.micro_batch",
                  error) ||
      !set_count (f, root, NULL, "train_batch_size", "training.global_batch", error) ||
      !read_accumulation (f, root, NULL, "gradient_accumulation_steps", error) ||
      !read_ds_precision (f, root, error) || !read_ds_zero (f, root, error) ||
      !read_ds_optimizer (f, root, error))
    return FALSE;
  ckpt = rp_import_get (f, root, NULL, "activation_checkpointing");
  if (ckpt != NULL)
    {
      rp_import_note (f, RP_IMPORT_NOTE_APPROXIMATED, "%s",
                      _("activation_checkpointing: counted as full recomputation of every "
                        "layer (DeepSpeed checkpoints the layers the model code wraps)"));
      if (!rp_import_set (f, "training.recompute", RP_RECOMPUTE_FULL, "activation_checkpointing",
                          error))
        return FALSE;
    }
  rp_import_list_unknown (f, root, ds_ignored);
  return TRUE;
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

/* A word that YAML 1.1 may have read as a boolean: an unquoted NO or no
 * is false to PyYAML, and accelerate quotes it ('NO') for that reason. */
static const char *
word_of (RpImportFile *f,
         const cJSON  *obj,
         const char   *name,
         GError      **error,
         gboolean     *ok)
{
  const cJSON *item = cJSON_GetObjectItemCaseSensitive (obj, name);

  if (cJSON_IsFalse (item))
    {
      rp_import_get (f, obj, NULL, name);
      *ok = TRUE;
      return "no";
    }
  return text_of (f, obj, NULL, name, error, ok);
}

static gboolean
read_acc_type (RpImportFile *f,
               const cJSON  *root,
               AccType      *type,
               GError      **error)
{
  static const char *const names[] = { "NO", "MULTI_GPU", "DEEPSPEED", "FSDP", "MEGATRON_LM" };
  gboolean ok = TRUE;
  const char *name = word_of (f, root, "distributed_type", error, &ok);

  *type = ACC_NO;
  if (!ok)
    return FALSE;
  if (name == NULL)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_ascii_strcasecmp (name, names[i]) == 0)
      {
        *type = i;
        return TRUE;
      }
  return unknown_value (f, NULL, "distributed_type", name,
                        "NO, MULTI_GPU, DEEPSPEED, FSDP, MEGATRON_LM", error);
}

static gboolean
read_acc_gpus (RpImportFile *f,
               const cJSON  *root,
               GError      **error)
{
  guint64 machines = 1, processes = 0;
  gboolean has_machines = FALSE, has_processes = FALSE;

  if (!rp_import_read_count (f, root, NULL, "num_machines", &machines, &has_machines, error) ||
      !rp_import_read_count (f, root, NULL, "num_processes", &processes, &has_processes, error))
    return FALSE;
  if (has_machines && !rp_import_set (f, "hardware.nodes", machines, "num_machines", error))
    return FALSE;
  if (!has_processes)
    return TRUE;
  if (machines == 0 || processes % machines != 0)
    {
      /* counts as text: xgettext cannot see through G_GUINT64_FORMAT */
      g_autofree char *p = g_strdup_printf ("%" G_GUINT64_FORMAT, processes);
      g_autofree char *m = g_strdup_printf ("%" G_GUINT64_FORMAT, machines);

      return rp_import_fail_error (f, NULL, "num_processes", error,
                                   _("%s processes do not divide into %s machines"), p, m);
    }
  return rp_import_set (f, "hardware.gpus_per_node", processes / machines, "num_processes",
                        error);
}

/* accelerate's mixed_precision is PyTorch autocast (fp32 weights) unless
 * DeepSpeed or Megatron-LM run the step with their 16-bit weights. */
static gboolean
read_acc_precision (RpImportFile *f,
                    const cJSON  *root,
                    AccType       type,
                    gboolean      ds_file,
                    GError      **error)
{
  gboolean ok = TRUE, engine = type == ACC_DEEPSPEED || type == ACC_MEGATRON;
  const char *mp = word_of (f, root, "mixed_precision", error, &ok);
  RpPrecision precision;

  if (!ok)
    return FALSE;
  if (mp == NULL || (type == ACC_DEEPSPEED && ds_file))
    return TRUE;      /* a DeepSpeed config file states its own precision */
  if (g_ascii_strcasecmp (mp, "no") == 0)
    precision = RP_PRECISION_FP32;
  else if (g_ascii_strcasecmp (mp, "bf16") == 0)
    precision = engine ? RP_PRECISION_BF16_MIXED : RP_PRECISION_AMP_BF16;
  else if (g_ascii_strcasecmp (mp, "fp16") == 0)
    precision = engine ? RP_PRECISION_FP16_MIXED : RP_PRECISION_AMP_FP16;
  else if (g_ascii_strcasecmp (mp, "fp8") == 0)
    precision = RP_PRECISION_FP8_MIXED;
  else
    return unknown_value (f, NULL, "mixed_precision", mp, "no, fp16, bf16, fp8", error);
  return rp_import_set (f, "training.precision", precision, "mixed_precision", error);
}

static gboolean
read_acc_deepspeed (RpImportFile *f,
                    const cJSON  *root,
                    gboolean     *ds_file,
                    GError      **error)
{
  const char *path = "deepspeed_config";
  const cJSON *ds = rp_import_get (f, root, NULL, path);
  const char *file, *opt, *par;
  gboolean ok = TRUE;

  *ds_file = FALSE;
  file = text_of (f, ds, path, "deepspeed_config_file", error, &ok);
  if (!ok)
    return FALSE;
  if (file != NULL)
    {
      *ds_file = TRUE;
      return rp_import_follow (f, file, "deepspeed_config.deepspeed_config_file", error);
    }
  opt = text_of (f, ds, path, "offload_optimizer_device", error, &ok);
  par = ok ? text_of (f, ds, path, "offload_param_device", error, &ok) : NULL;
  if (!ok || !set_count (f, ds, path, "zero_stage", "training.zero_stage", error) ||
      !read_accumulation (f, ds, path, "gradient_accumulation_steps", error))
    return FALSE;
  return set_offload (f, opt != NULL ? opt : "none", par != NULL ? par : "none",
                      "deepspeed_config.offload_optimizer_device", error);
}

/* FSDP1 strategies by name or number (torch ShardingStrategy) and FSDP2's
 * reshard_after_forward, as ZeRO stages. */
static gboolean
read_acc_fsdp (RpImportFile *f,
               const cJSON  *root,
               guint         stage,
               const char   *source,
               GError      **error)
{
  static const struct { const char *name; guint stage; gboolean hybrid; } strategies[] = {
    { "FULL_SHARD", 3 }, { "SHARD_GRAD_OP", 2 }, { "NO_SHARD", 0 },
    { "HYBRID_SHARD", 3, TRUE }, { "HYBRID_SHARD_ZERO2", 2, TRUE },
  };
  const char *path = "fsdp_config";
  const cJSON *fsdp = rp_import_get (f, root, NULL, path);
  const cJSON *strategy = rp_import_get (f, fsdp, path, "fsdp_sharding_strategy");
  gboolean reshard = TRUE, has_reshard = FALSE, offload = FALSE, has_offload = FALSE;
  gboolean ckpt = FALSE, has_ckpt = FALSE;

  if (!rp_import_read_bool (f, fsdp, path, "fsdp_reshard_after_forward", &reshard,
                            &has_reshard, error) ||
      !rp_import_read_bool (f, fsdp, path, "fsdp_offload_params", &offload, &has_offload,
                            error) ||
      !rp_import_read_bool (f, fsdp, path, "fsdp_activation_checkpointing", &ckpt, &has_ckpt,
                            error))
    return FALSE;
  if (has_reshard)
    {
      stage = reshard ? 3 : 2;
      source = "fsdp_config.fsdp_reshard_after_forward";
    }
  else if (strategy != NULL)
    {
      guint i;

      for (i = 0; i < G_N_ELEMENTS (strategies); i++)
        if ((cJSON_IsString (strategy) &&
             g_ascii_strcasecmp (strategy->valuestring, strategies[i].name) == 0) ||
            (cJSON_IsNumber (strategy) && strategy->valuedouble == i + 1))
          break;
      if (i == G_N_ELEMENTS (strategies))
        return unknown_value (f, path, "fsdp_sharding_strategy",
                              cJSON_IsString (strategy) ? strategy->valuestring : "?",
                              "FULL_SHARD, SHARD_GRAD_OP, NO_SHARD, HYBRID_SHARD, "
                              "HYBRID_SHARD_ZERO2 (or 1–5)", error);
      stage = strategies[i].stage;
      source = "fsdp_config.fsdp_sharding_strategy";
      if (strategies[i].hybrid)
        rp_import_note (f, RP_IMPORT_NOTE_APPROXIMATED, "%s",
                        _("a hybrid FSDP strategy shards within each node and replicates "
                          "across nodes: counted as sharding across every GPU"));
    }
  if (!rp_import_set (f, "training.zero_stage", stage, source, error))
    return FALSE;
  if (has_offload &&
      !rp_import_set (f, "training.offload",
                      offload ? RP_OFFLOAD_OPTIMIZER_AND_PARAMS : RP_OFFLOAD_NONE,
                      "fsdp_config.fsdp_offload_params", error))
    return FALSE;
  return !has_ckpt || rp_import_set (f, "training.recompute",
                                     ckpt ? RP_RECOMPUTE_FULL : RP_RECOMPUTE_NONE,
                                     "fsdp_config.fsdp_activation_checkpointing", error);
}

static gboolean
read_acc_megatron (RpImportFile *f,
                   const cJSON  *root,
                   GError      **error)
{
  const char *path = "megatron_lm_config";
  const cJSON *m = rp_import_get (f, root, NULL, path);
  gboolean recompute = FALSE, has_recompute = FALSE, dist = FALSE, has_dist = FALSE;

  if (!set_count (f, m, path, "megatron_lm_tp_degree", "training.tensor_parallel", error) ||
      !set_count (f, m, path, "megatron_lm_pp_degree", "training.pipeline_parallel", error) ||
      !set_flag (f, m, path, "megatron_lm_sequence_parallelism", "training.sequence_parallel",
                 error) ||
      !read_accumulation (f, m, path, "megatron_lm_num_micro_batches", error) ||
      !rp_import_read_bool (f, m, path, "megatron_lm_recompute_activations", &recompute,
                            &has_recompute, error) ||
      !rp_import_read_bool (f, m, path, "megatron_lm_use_distributed_optimizer", &dist,
                            &has_dist, error))
    return FALSE;
  /* accelerate documents this switch as selective recomputation */
  if (has_recompute &&
      !rp_import_set (f, "training.recompute",
                      recompute ? RP_RECOMPUTE_SELECTIVE : RP_RECOMPUTE_NONE,
                      "megatron_lm_config.megatron_lm_recompute_activations", error))
    return FALSE;
  if (has_dist && dist)
    rp_import_note (f, RP_IMPORT_NOTE_APPROXIMATED, "%s",
                    _("Megatron’s distributed optimizer shards the optimizer states across "
                      "data-parallel GPUs: counted as ZeRO stage 1"));
  return !has_dist || rp_import_set (f, "training.zero_stage", dist ? 1 : 0,
                                     "megatron_lm_config.megatron_lm_use_distributed_optimizer",
                                     error);
}

static const char *const acc_ignored[] = {
  "compute_environment", "debug", "downcast_bf16", "machine_rank", "main_process_ip",
  "main_process_port", "main_training_function", "rdzv_backend", "same_network", "tpu_*",
  "use_cpu", "gpu_ids", "enable_cpu_affinity", "dynamo_config", "dynamo_config.*",
  "fsdp_config", "deepspeed_config", "megatron_lm_config",
  "fsdp_config.*", "deepspeed_config.*", "megatron_lm_config.*", "fp8_config", "fp8_config.*",
  "ipex_config*", "mpirun_config*", "num_cpu_threads_per_process", "commands", "command_file",
  NULL
};

gboolean
rp_import_looks_like_accelerate (const cJSON *root)
{
  return cJSON_GetObjectItemCaseSensitive (root, "distributed_type") != NULL ||
         cJSON_GetObjectItemCaseSensitive (root, "compute_environment") != NULL;
}

gboolean
rp_import_read_accelerate (RpImportFile *f,
                           const cJSON  *root,
                           GError      **error)
{
  AccType type = ACC_NO;
  gboolean ds_file = FALSE;

  if (!read_acc_type (f, root, &type, error) || !read_acc_gpus (f, root, error))
    return FALSE;
  switch (type)
    {
    case ACC_DEEPSPEED:
      if (!read_acc_deepspeed (f, root, &ds_file, error))
        return FALSE;
      break;
    case ACC_FSDP:
      /* accelerate's default strategy is FULL_SHARD */
      if (!read_acc_fsdp (f, root, 3, "distributed_type", error))
        return FALSE;
      break;
    case ACC_MEGATRON:
      if (!read_acc_megatron (f, root, error))
        return FALSE;
      break;
    case ACC_NO:
    case ACC_MULTI_GPU:
    default:
      /* DDP keeps a whole copy of everything on each GPU */
      if (!rp_import_set (f, "training.zero_stage", 0, "distributed_type", error) ||
          !rp_import_set (f, "training.offload", RP_OFFLOAD_NONE, "distributed_type", error))
        return FALSE;
      break;
    }
  if (!read_acc_precision (f, root, type, ds_file, error))
    return FALSE;
  rp_import_list_unknown (f, root, acc_ignored);
  return TRUE;
}

/* ---- axolotl and torchtune: the model ------------------------------- */

/* A model named by a Hugging Face id or a local path: a directory with a
 * config.json is read exactly; a name is matched against the catalog. */
static gboolean
set_named_model (RpImportFile *f,
                 const char   *name,
                 const char   *source_key,
                 GError      **error)
{
  g_autofree char *local = g_path_is_absolute (name) ? g_strdup (name)
                                                     : g_build_filename (f->dir, name, NULL);
  g_autofree char *config = g_build_filename (local, "config.json", NULL);
  const RpModelPreset *preset;

  if (g_file_test (config, G_FILE_TEST_IS_REGULAR))
    return rp_import_follow (f, local, source_key, error);
  preset = rp_import_find_preset_by_hf_id (f, name);
  if (preset == NULL)
    {
      rp_import_note (f, RP_IMPORT_NOTE_IGNORED,
                      /* TRANSLATORS: a model name a training config gives */
                      _("%s: %s is not in Rigplan’s model catalog: import its config.json (or "
                        "its directory) too"), source_key, name);
      return TRUE;
    }
  rp_import_set_model (f, preset->id, NULL, 0, FALSE, preset->name);
  rp_import_note (f, RP_IMPORT_NOTE_DERIVED, _("%s %s: the catalog’s %s"), source_key, name,
                  preset->id);
  return TRUE;
}

/* "bf16: true" loads the model in bfloat16 and trains it so (axolotl's
 * normalize_config sets torch_dtype); under DeepSpeed its own mixed
 * precision keeps fp32 master weights. */
static gboolean
read_axolotl_precision (RpImportFile *f,
                        const cJSON  *root,
                        gboolean      deepspeed,
                        GError      **error)
{
  const cJSON *bf16 = rp_import_get (f, root, NULL, "bf16");
  const cJSON *fp16 = rp_import_get (f, root, NULL, "fp16");
  gboolean on16 = cJSON_IsTrue (fp16) ||
                  (cJSON_IsString (fp16) && g_ascii_strcasecmp (fp16->valuestring, "true") == 0);
  gboolean onb = cJSON_IsTrue (bf16) ||
                 (cJSON_IsString (bf16) && (g_ascii_strcasecmp (bf16->valuestring, "auto") == 0 ||
                                            g_ascii_strcasecmp (bf16->valuestring, "full") == 0 ||
                                            g_ascii_strcasecmp (bf16->valuestring, "true") == 0));

  if (cJSON_IsString (bf16) && g_ascii_strcasecmp (bf16->valuestring, "auto") == 0)
    rp_import_note (f, RP_IMPORT_NOTE_DERIVED, "%s",
                    _("bf16: auto is taken as bf16, which every GPU since Ampere has"));
  if (onb)
    return rp_import_set (f, "training.precision",
                          deepspeed ? RP_PRECISION_BF16_MIXED : RP_PRECISION_BF16_PURE, "bf16",
                          error);
  if (on16)
    {
      rp_import_note (f, RP_IMPORT_NOTE_APPROXIMATED, "%s",
                      _("fp16: counted as autocast fp16 with fp32 weights"));
      return rp_import_set (f, "training.precision",
                            deepspeed ? RP_PRECISION_FP16_MIXED : RP_PRECISION_AMP_FP16, "fp16",
                            error);
    }
  if (bf16 != NULL || fp16 != NULL)
    return rp_import_set (f, "training.precision", RP_PRECISION_FP32, "bf16", error);
  return TRUE;
}

/* HF Trainer optimizer names (transformers' OptimizerNames), as axolotl
 * passes them on. */
static gboolean
set_optimizer_name (RpImportFile *f,
                    const char   *name,
                    const char   *source_key,
                    GError      **error)
{
  g_autofree char *lower = g_ascii_strdown (name, -1);
  RpOptimizer optimizer;

  if (strstr (lower, "lion") != NULL)
    optimizer = RP_OPTIMIZER_LION;
  else if (strstr (lower, "adafactor") != NULL)
    optimizer = RP_OPTIMIZER_ADAFACTOR;
  else if (strstr (lower, "adam") != NULL && (strstr (lower, "8bit") != NULL ||
                                              strstr (lower, "4bit") != NULL))
    optimizer = RP_OPTIMIZER_ADAMW_8BIT;
  else if (strstr (lower, "adam") != NULL)
    optimizer = RP_OPTIMIZER_ADAMW;
  else if (strstr (lower, "sgd") != NULL)
    optimizer = RP_OPTIMIZER_SGD;
  else
    {
      rp_import_note (f, RP_IMPORT_NOTE_IGNORED,
                      _("%s: the optimizer %s is not one Rigplan models; AdamW is kept"),
                      source_key, name);
      return TRUE;
    }
  if (strstr (lower, "4bit") != NULL || (optimizer == RP_OPTIMIZER_LION &&
                                          strstr (lower, "8bit") != NULL))
    rp_import_note (f, RP_IMPORT_NOTE_APPROXIMATED,
                    _("%s: %s is counted as %s, the nearest Rigplan has"), source_key, name,
                    rp_enum_info_get_label (&rp_optimizer_info, optimizer));
  return rp_import_set (f, "training.optimizer", optimizer, source_key, error);
}

/* ---- axolotl -------------------------------------------------------- */

static gboolean
read_axolotl_adapter (RpImportFile *f,
                      const cJSON  *root,
                      GError      **error)
{
  gboolean ok = TRUE, b4 = FALSE, f4 = FALSE, b8 = FALSE, f8 = FALSE, linear = FALSE;
  gboolean has_linear = FALSE;
  const char *adapter = text_of (f, root, NULL, "adapter", error, &ok);
  g_autofree const char **modules = NULL;

  if (!ok || !rp_import_read_bool (f, root, NULL, "load_in_4bit", &b4, &f4, error) ||
      !rp_import_read_bool (f, root, NULL, "load_in_8bit", &b8, &f8, error))
    return FALSE;
  if (adapter == NULL)
    return rp_import_set (f, "training.method", RP_METHOD_FULL_FINETUNE, "adapter", error);
  if (g_ascii_strcasecmp (adapter, "qlora") != 0 && g_ascii_strcasecmp (adapter, "lora") != 0)
    return unknown_value (f, NULL, "adapter", adapter, "lora, qlora", error);
  if (!rp_import_set (f, "training.method",
                      g_ascii_strcasecmp (adapter, "qlora") == 0 || b4 ? RP_METHOD_QLORA
                                                                      : RP_METHOD_LORA,
                      "adapter", error) ||
      !set_count (f, root, NULL, "lora_r", "training.lora_rank", error) ||
      !rp_import_read_bool (f, root, NULL, "lora_target_linear", &linear, &has_linear, error))
    return FALSE;
  if (b8)
    rp_import_note (f, RP_IMPORT_NOTE_APPROXIMATED, "%s",
                    _("load_in_8bit: an 8-bit base model is counted as LoRA on a 16-bit one, "
                      "an overestimate of its weights"));
  modules = string_list (f, root, NULL, "lora_target_modules", error, &ok);
  if (!ok)
    return FALSE;
  if (linear)
    return rp_import_set (f, "training.lora_targets", RP_LORA_TARGETS_ALL_LINEAR,
                          "lora_target_linear", error);
  if (modules != NULL)
    return rp_import_set_lora_targets (f, modules, FALSE, "lora_target_modules", error);
  return TRUE;
}

static gboolean
read_axolotl_parallel (RpImportFile *f,
                       const cJSON  *root,
                       gboolean     *deepspeed,
                       GError      **error)
{
  gboolean ok = TRUE;
  const char *ds = text_of (f, root, NULL, "deepspeed", error, &ok);
  g_autofree const char **fsdp = NULL;
  guint64 cp = 1;
  gboolean has_cp = FALSE;

  *deepspeed = ds != NULL;
  if (!ok || (ds != NULL && !rp_import_follow (f, ds, "deepspeed", error)))
    return FALSE;
  fsdp = string_list (f, root, NULL, "fsdp", error, &ok);
  if (!ok)
    return FALSE;
  if (fsdp != NULL || rp_import_get (f, root, NULL, "fsdp_config") != NULL)
    {
      gboolean grad_op = fsdp != NULL && g_strv_contains (fsdp, "shard_grad_op");

      if (!read_acc_fsdp (f, root, grad_op ? 2 : 3, "fsdp", error))
        return FALSE;
    }
  if (!set_count (f, root, NULL, "tensor_parallel_size", "training.tensor_parallel", error) ||
      !rp_import_read_count (f, root, NULL, "context_parallel_size", &cp, &has_cp, error))
    return FALSE;
  if (has_cp && cp > 1)
    rp_import_note (f, RP_IMPORT_NOTE_APPROXIMATED,
                    _("context_parallel_size %u splits each sequence across GPUs; Rigplan does "
                      "not model context parallelism, so activations are counted whole"),
                    (guint) cp);
  return TRUE;
}

static gboolean
read_axolotl_attention (RpImportFile *f,
                        const cJSON  *root,
                        GError      **error)
{
  gboolean ok = TRUE, flash = FALSE, found = FALSE, sdp = FALSE, xf = FALSE, f2 = FALSE;
  const char *impl = text_of (f, root, NULL, "attn_implementation", error, &ok);

  if (!ok || !rp_import_read_bool (f, root, NULL, "flash_attention", &flash, &found, error) ||
      !rp_import_read_bool (f, root, NULL, "sdp_attention", &sdp, &f2, error) ||
      !rp_import_read_bool (f, root, NULL, "xformers_attention", &xf, &f2, error))
    return FALSE;
  if (impl != NULL)
    return rp_import_set (f, "training.flash_attention", strcmp (impl, "eager") != 0,
                          "attn_implementation", error);
  if (sdp || xf)
    {
      rp_import_note (f, RP_IMPORT_NOTE_APPROXIMATED, "%s",
                      _("SDPA or xFormers attention keeps no attention matrix either: counted "
                        "as flash attention"));
      return rp_import_set (f, "training.flash_attention", TRUE,
                            sdp ? "sdp_attention" : "xformers_attention", error);
    }
  return !found || rp_import_set (f, "training.flash_attention", flash, "flash_attention",
                                  error);
}

static const char *const axolotl_ignored[] = {
  "model_type", "tokenizer_type", "tokenizer_*", "hub_*", "datasets", "dataset_*",
  "test_datasets", "val_set_size", "output_dir", "wandb_*", "mlflow_*", "lr_scheduler*",
  "learning_rate", "warmup_*", "evals_per_epoch", "saves_per_epoch", "save_*", "eval_*",
  "weight_decay", "special_tokens", "special_tokens.*", "tokens", "logging_steps",
  "resume_from_checkpoint", "lora_alpha", "lora_dropout", "lora_model_dir", "lora_fan_in_fan_out",
  "sample_packing", "pad_to_sequence_len", "train_on_inputs", "group_by_length",
  "early_stopping_patience", "local_rank", "tf32", "gradient_checkpointing_kwargs",
  "gradient_checkpointing_kwargs.*", "trust_remote_code", "strict", "chat_template*",
  "max_grad_norm", "seed", "debug", "plugins", "liger_*", "model_config", "model_config.*",
  "bnb_config_kwargs*", "fsdp_config.*", "ddp_*", "torch_compile*", "shuffle_*",
  "max_steps", "adam_*", "optim_args*", "loss_watchdog_*", "sequence_parallel_degree",
  "flash_attn_*", "s2_attention", "embeddings_skip_upcast", "use_tensorboard", "profiler_steps",
  "include_tokens_per_second", "dataloader_*", "remove_unused_columns", "fp32_norms",
  "lora_on_cpu", "peft_*", "relora_*", "neftune_*", "noisy_embedding_alpha", "rl", "rl_*",
  "dpo_*", "kto_*", "orpo_*", "trl", "trl.*", "default_system_message",
  NULL
};

gboolean
rp_import_looks_like_axolotl (const cJSON *root)
{
  return cJSON_GetObjectItemCaseSensitive (root, "base_model") != NULL ||
         (cJSON_GetObjectItemCaseSensitive (root, "micro_batch_size") != NULL &&
          cJSON_GetObjectItemCaseSensitive (root, "sequence_len") != NULL);
}

gboolean
rp_import_read_axolotl (RpImportFile *f,
                        const cJSON  *root,
                        GError      **error)
{
  const char *base = NULL;
  gboolean ok = TRUE, deepspeed = FALSE;
  g_autofree const char **unfrozen = NULL;

  base = text_of (f, root, NULL, "base_model", error, &ok);
  if (!ok || (base != NULL && !set_named_model (f, base, "base_model", error)) ||
      !read_axolotl_adapter (f, root, error) ||
      !read_axolotl_parallel (f, root, &deepspeed, error) ||
      !set_count (f, root, NULL, "sequence_len", "training.seq_len", error) ||
      !set_count (f, root, NULL, "micro_batch_size", "training.micro_batch", error) ||
      !read_accumulation (f, root, NULL, "gradient_accumulation_steps", error) ||
      !set_count (f, root, NULL, "num_epochs", "training.epochs", error) ||
      !read_axolotl_precision (f, root, deepspeed, error) ||
      !read_axolotl_attention (f, root, error))
    return FALSE;
  {
    const char *opt = text_of (f, root, NULL, "optimizer", error, &ok);
    gboolean ckpt = FALSE, found = FALSE;

    if (!ok || (opt != NULL && !set_optimizer_name (f, opt, "optimizer", error)) ||
        !rp_import_read_bool (f, root, NULL, "gradient_checkpointing", &ckpt, &found, error) ||
        (found && !rp_import_set (f, "training.recompute",
                                  ckpt ? RP_RECOMPUTE_FULL : RP_RECOMPUTE_NONE,
                                  "gradient_checkpointing", error)))
      return FALSE;
  }
  unfrozen = string_list (f, root, NULL, "unfrozen_parameters", error, &ok);
  if (!ok)
    return FALSE;
  if (unfrozen != NULL)
    rp_import_note (f, RP_IMPORT_NOTE_APPROXIMATED, "%s",
                    _("unfrozen_parameters trains only some tensors: counted as a full "
                      "fine-tune, an overestimate of gradients and optimizer states"));
  if (rp_import_get (f, root, NULL, "lora_modules_to_save") != NULL)
    rp_import_note (f, RP_IMPORT_NOTE_APPROXIMATED, "%s",
                    _("lora_modules_to_save trains those modules fully beside the adapters; "
                      "their gradients and optimizer states are not counted"));
  rp_import_list_unknown (f, root, axolotl_ignored);
  return TRUE;
}

/* ---- torchtune ------------------------------------------------------ */

/* torchtune's model builders (torchtune.models.*) and the presets of the
 * same architecture. */
static const struct { const char *builder; const char *preset; } torchtune_models[] = {
  { "llama2_7b", "llama-2-7b" }, { "llama2_13b", "llama-2-13b" },
  { "llama2_70b", "llama-2-70b" }, { "llama3_8b", "llama-3-8b" },
  { "llama3_70b", "llama-3-70b" }, { "llama3_1_8b", "llama-3-8b" },
  { "llama3_1_70b", "llama-3-70b" }, { "llama3_3_70b", "llama-3-70b" },
  { "llama3_1_405b", "llama-3.1-405b" }, { "mistral_7b", "mistral-7b" },
  { "qwen2_5_7b_base", "qwen2.5-7b" }, { "qwen2_5_7b_instruct", "qwen2.5-7b" },
  { "qwen2_5_7b", "qwen2.5-7b" }, { "qwen2_5_72b_base", "qwen2.5-72b" },
  { "qwen2_5_72b_instruct", "qwen2.5-72b" },
};

static gboolean
read_torchtune_model (RpImportFile *f,
                      const cJSON  *root,
                      GError      **error)
{
  const cJSON *model = rp_import_get (f, root, NULL, "model");
  gboolean ok = TRUE, mlp = FALSE, found = FALSE, out = FALSE, has_out = FALSE;
  const char *component = text_of (f, model, "model", "_component_", error, &ok);
  const char *builder;
  RpMethod method = RP_METHOD_FULL_FINETUNE;
  g_autofree const char **attn = NULL;

  if (!ok || component == NULL)
    return ok ? rp_import_fail_error (f, "model", "_component_", error,
                                      _("missing: the model builder")) : FALSE;
  builder = strrchr (component, '.') != NULL ? strrchr (component, '.') + 1 : component;
  if (g_str_has_prefix (builder, "qlora_"))
    {
      method = RP_METHOD_QLORA;
      builder += strlen ("qlora_");
    }
  else if (g_str_has_prefix (builder, "lora_"))
    {
      method = RP_METHOD_LORA;
      builder += strlen ("lora_");
    }
  if (!rp_import_set (f, "training.method", method, "model._component_", error))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (torchtune_models); i++)
    if (strcmp (torchtune_models[i].builder, builder) == 0)
      {
        RpCatalog *catalog = rp_import_get_catalog (f);
        const RpModelPreset *preset = catalog != NULL
          ? rp_catalog_lookup_model (catalog, torchtune_models[i].preset) : NULL;

        rp_import_set_model (f, torchtune_models[i].preset, NULL, 0, FALSE,
                             preset != NULL ? preset->name : torchtune_models[i].preset);
        rp_import_note (f, RP_IMPORT_NOTE_DERIVED, _("model._component_ %s: the catalog’s %s"),
                        component, torchtune_models[i].preset);
        builder = NULL;
        break;
      }
  if (builder != NULL)
    rp_import_note (f, RP_IMPORT_NOTE_IGNORED,
                    _("model._component_: %s has no preset in Rigplan’s catalog: import the "
                      "model’s config.json (or its checkpoint directory) too"), component);
  if (method == RP_METHOD_FULL_FINETUNE)
    return TRUE;
  attn = string_list (f, model, "model", "lora_attn_modules", error, &ok);
  if (!ok || !set_count (f, model, "model", "lora_rank", "training.lora_rank", error) ||
      !rp_import_read_bool (f, model, "model", "apply_lora_to_mlp", &mlp, &found, error) ||
      !rp_import_read_bool (f, model, "model", "apply_lora_to_output", &out, &has_out, error))
    return FALSE;
  if (out)
    rp_import_note (f, RP_IMPORT_NOTE_APPROXIMATED, "%s",
                    _("apply_lora_to_output: the adapter on the output layer is not counted"));
  return attn == NULL ||
         rp_import_set_lora_targets (f, attn, mlp, "model.lora_attn_modules", error);
}

static gboolean
read_torchtune_optimizer (RpImportFile *f,
                          const cJSON  *root,
                          GError      **error)
{
  const cJSON *opt = rp_import_get (f, root, NULL, "optimizer");
  gboolean ok = TRUE, found = FALSE;
  const char *component = text_of (f, opt, "optimizer", "_component_", error, &ok);
  double momentum = 0;

  if (!ok || component == NULL)
    return ok;
  if (!rp_import_read_number (f, opt, "optimizer", "momentum", &momentum, &found, error))
    return FALSE;
  if (g_str_has_suffix (component, ".SGD"))
    return rp_import_set (f, "training.optimizer",
                          found && momentum > 0 ? RP_OPTIMIZER_SGD_MOMENTUM : RP_OPTIMIZER_SGD,
                          "optimizer._component_", error);
  return set_optimizer_name (f, component, "optimizer._component_", error);
}

static gboolean
read_torchtune_memory (RpImportFile *f,
                       const cJSON  *root,
                       GError      **error)
{
  gboolean ckpt = FALSE, found = FALSE, offload = FALSE, has_offload = FALSE, act = FALSE;
  gboolean has_act = FALSE, ok = TRUE;
  const char *dtype = text_of (f, root, NULL, "dtype", error, &ok);

  if (!ok || !rp_import_read_bool (f, root, NULL, "enable_activation_checkpointing", &ckpt,
                                   &found, error) ||
      !rp_import_read_bool (f, root, NULL, "fsdp_cpu_offload", &offload, &has_offload, error) ||
      !rp_import_read_bool (f, root, NULL, "enable_activation_offloading", &act, &has_act,
                            error))
    return FALSE;
  if (found && !rp_import_set (f, "training.recompute",
                               ckpt ? RP_RECOMPUTE_FULL : RP_RECOMPUTE_NONE,
                               "enable_activation_checkpointing", error))
    return FALSE;
  if (act)
    rp_import_note (f, RP_IMPORT_NOTE_APPROXIMATED, "%s",
                    _("enable_activation_offloading moves saved activations to host memory; "
                      "Rigplan still counts them on the GPU"));
  /* the distributed recipes shard with FSDP2 (fully_shard) */
  if (has_offload || rp_import_get (f, root, NULL, "custom_sharded_layers") != NULL ||
      rp_import_get (f, root, NULL, "fsdp_reshard_after_forward") != NULL)
    {
      if (!rp_import_set (f, "training.zero_stage", 3,
                          has_offload ? "fsdp_cpu_offload" : "custom_sharded_layers", error))
        return FALSE;
      if (has_offload &&
          !rp_import_set (f, "training.offload",
                          offload ? RP_OFFLOAD_OPTIMIZER_AND_PARAMS : RP_OFFLOAD_NONE,
                          "fsdp_cpu_offload", error))
        return FALSE;
    }
  if (dtype == NULL)
    return TRUE;
  /* torchtune trains "full bf16": weights, gradients and optimizer states */
  if (strcmp (dtype, "bf16") == 0)
    return rp_import_set (f, "training.precision", RP_PRECISION_BF16_PURE, "dtype", error);
  if (strcmp (dtype, "fp32") == 0)
    return rp_import_set (f, "training.precision", RP_PRECISION_FP32, "dtype", error);
  return unknown_value (f, NULL, "dtype", dtype, "bf16, fp32", error);
}

static const char *const torchtune_ignored[] = {
  "output_dir", "tokenizer._component_", "tokenizer.path", "tokenizer.*", "checkpointer",
  "checkpointer.*", "dataset", "dataset.*", "dataset_val", "dataset_val.*", "seed", "shuffle",
  "lr_scheduler", "lr_scheduler.*", "loss", "loss.*", "max_steps_per_epoch", "clip_grad_norm",
  "compile", "metric_logger", "metric_logger.*", "log_*", "profiler", "profiler.*", "device",
  "resume_from_checkpoint", "save_adapter_weights_only", "optimizer.*", "model.lora_alpha",
  "model.lora_dropout", "model.*", "run_val_every_n_steps", "batch_size_val", "optimizer_in_bwd",
  "custom_sharded_layers", "fsdp_reshard_after_forward", "tensor_parallel_*", "data_parallel_*",
  "cudnn_*", "use_dora", "quantizer", "quantizer.*", "teacher_*", "kd_*",
  NULL
};

gboolean
rp_import_looks_like_torchtune (const cJSON *root)
{
  const cJSON *model = cJSON_GetObjectItemCaseSensitive (root, "model");

  return cJSON_IsObject (model) && cJSON_GetObjectItemCaseSensitive (model, "_component_") != NULL;
}

gboolean
rp_import_read_torchtune (RpImportFile *f,
                          const cJSON  *root,
                          GError      **error)
{
  const cJSON *tokenizer = rp_import_get (f, root, NULL, "tokenizer");
  gboolean in_bwd = FALSE, found = FALSE;

  if (!read_torchtune_model (f, root, error) ||
      !set_count (f, tokenizer, "tokenizer", "max_seq_len", "training.seq_len", error) ||
      !set_count (f, root, NULL, "tensor_parallel_dim", "training.tensor_parallel", error) ||
      !set_count (f, root, NULL, "batch_size", "training.micro_batch", error) ||
      !read_accumulation (f, root, NULL, "gradient_accumulation_steps", error) ||
      !set_count (f, root, NULL, "epochs", "training.epochs", error) ||
      !read_torchtune_optimizer (f, root, error) || !read_torchtune_memory (f, root, error) ||
      !rp_import_read_bool (f, root, NULL, "optimizer_in_bwd", &in_bwd, &found, error))
    return FALSE;
  if (in_bwd)
    rp_import_note (f, RP_IMPORT_NOTE_APPROXIMATED, "%s",
                    _("optimizer_in_bwd steps each parameter as its gradient is ready, so "
                      "gradients are never all held at once; Rigplan counts them all"));
  rp_import_list_unknown (f, root, torchtune_ignored);
  return TRUE;
}

/* ---- torchrun ------------------------------------------------------- */

/* The launch line, with backslash continuations joined; NULL if none.
 * One pass over the text, a line at a time: a 4 MiB config of 400,000
 * lines is not split into as many strings first. */
static char *
launch_line (const char *text)
{
  g_autoptr(GString) line = NULL;
  const char *end = text + strlen (text);

  for (const char *p = text; p <= end;)
    {
      const char *eol = memchr (p, '\n', (gsize) (end - p));
      const char *next = eol != NULL ? eol + 1 : end + 1;
      g_autofree char *stripped = g_strstrip (g_strndup (p, (eol != NULL ? eol : end) - p));
      gboolean more = g_str_has_suffix (stripped, "\\");

      p = next;
      if (more)
        stripped[strlen (stripped) - 1] = ' ';
      if (line == NULL && stripped[0] != '#' &&
          (strstr (stripped, "torchrun") != NULL ||
           strstr (stripped, "torch.distributed.run") != NULL))
        line = g_string_new (NULL);
      if (line != NULL)
        {
          g_string_append (line, stripped);
          if (!more)
            break;
        }
    }
  return line != NULL ? g_string_free (g_steal_pointer (&line), FALSE) : NULL;
}

/* "--name value" or "--name=value"; torchrun spells options with "-" or
 * "_" alike.  Returns the index past what was read, or @i. */
static guint
option_value (char       **argv,
              guint        i,
              const char  *name,
              const char **value)
{
  g_autofree char *dashed = g_strdelimit (g_strdup (name), "_", '-');
  g_autofree char *arg = g_strdelimit (g_strdup (argv[i]), "_", '-');
  gsize n = strlen (dashed);

  if (strncmp (arg, dashed, n) != 0)
    return i;
  if (arg[n] == '=')
    {
      *value = argv[i] + n + 1;
      return i + 1;
    }
  if (arg[n] == '\0' && argv[i + 1] != NULL)
    {
      *value = argv[i + 1];
      return i + 2;
    }
  return i;
}

static gboolean
set_launch_count (RpImportFile *f,
                  const char   *value,
                  const char   *option,
                  const char   *key,
                  GError      **error)
{
  guint64 n = 0;
  const char *colon = strchr (value, ':');

  /* elastic "MIN:MAX" nodes: plan for the most */
  if (!g_ascii_string_to_unsigned (colon != NULL ? colon + 1 : value, 10, 1, G_MAXUINT, &n,
                                   NULL))
    {
      rp_import_note (f, RP_IMPORT_NOTE_IGNORED, _("%s %s: not a number of GPUs or nodes"),
                      option, value);
      return TRUE;
    }
  return rp_import_set (f, key, (double) n, option, error);
}

gboolean
rp_import_looks_like_torchrun (const char *text)
{
  g_autofree char *line = launch_line (text);

  return line != NULL;
}

gboolean
rp_import_read_torchrun (RpImportFile *f,
                         const char   *text,
                         GError      **error)
{
  g_autofree char *line = launch_line (text);
  g_auto(GStrv) argv = NULL;
  g_autoptr(GError) local = NULL;

  if (line == NULL)
    return TRUE;
  if (!g_shell_parse_argv (line, NULL, &argv, &local))
    return rp_import_fail_error (f, NULL, "torchrun", error, "%s", local->message);
  for (guint i = 0; argv[i] != NULL;)
    {
      const char *value = NULL;
      guint next;

      if ((next = option_value (argv, i, "--nnodes", &value)) > i)
        {
          if (!set_launch_count (f, value, "--nnodes", "hardware.nodes", error))
            return FALSE;
        }
      else if ((next = option_value (argv, i, "--nproc-per-node", &value)) > i)
        {
          if (!set_launch_count (f, value, "--nproc-per-node", "hardware.gpus_per_node", error))
            return FALSE;
        }
      else if ((next = option_value (argv, i, "--deepspeed", &value)) > i ||
               (next = option_value (argv, i, "--deepspeed-config", &value)) > i)
        {
          if (!rp_import_follow (f, value, "--deepspeed", error))
            return FALSE;
        }
      else if ((next = option_value (argv, i, "--config-file", &value)) > i)
        {
          if (!rp_import_follow (f, value, "--config_file", error))
            return FALSE;
        }
      else
        next = i + 1;
      i = next;
    }
  return TRUE;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-test-core.c: helpers shared by the tests and benchmarks */

#include "config.h"

#include "rp-test-core.h"

#include "rp-fix.h"
#include "rp-json-private.h"

#include <glib/gstdio.h>

const char *const rp_test_examples[] = {
  "lora-llama3-8b-rtx4090.rigplan",
  "full-finetune-llama2-7b-8xa100.rigplan",
  "pretrain-1b-decoder-32xh100.rigplan",
  "resnet50-imagenet-8xa100.rigplan",
  "qlora-llama2-70b-a100.rigplan",
  "sdxl-finetune-8xa100.rigplan",
  "lora-llama2-13b-rtx3090.rigplan",
};

char *
rp_test_example_path (const char *name)
{
  return g_build_filename (g_getenv ("RIGPLAN_EXAMPLES"), name, NULL);
}

RpScenario *
rp_test_load_example (const char *name)
{
  g_autofree char *path = rp_test_example_path (name);
  g_autoptr(GError) error = NULL;
  RpScenario *s = rp_scenario_load_file (path, &error);

  g_assert_no_error (error);
  return s;
}

char *
rp_test_tight_path (void)
{
  return g_test_build_filename (G_TEST_DIST, "data", "tight", "lora-llama3-8b-rtx4090-3k.rigplan",
                                NULL);
}

RpScenario *
rp_test_load_tight (void)
{
  g_autofree char *path = rp_test_tight_path ();
  g_autoptr(GError) error = NULL;
  RpScenario *s = rp_scenario_load_file (path, &error);

  g_assert_no_error (error);
  return s;
}

RpEstimate *
rp_test_estimate (const RpCatalog  *catalog,
                  const RpScenario *s)
{
  g_autoptr(GError) error = NULL;
  RpEstimate *est = rp_estimate_new ();

  g_assert_true (rp_fix_estimate (s, catalog, est, &error));
  g_assert_no_error (error);
  return est;
}

RpCatalog *
rp_test_load_catalog (void)
{
  g_autoptr(GError) error = NULL;
  RpCatalog *catalog = rp_catalog_load_default (&error);

  g_assert_no_error (error);
  g_assert_nonnull (catalog);
  return catalog;
}

RpCatalog *
rp_test_load_bundled_catalog (void)
{
  g_autoptr(GError) error = NULL;
  RpCatalog *catalog = rp_catalog_new_empty ();

  g_assert_true (rp_catalog_load_dir (catalog, rp_catalog_default_dir (), TRUE, &error));
  g_assert_no_error (error);
  return catalog;
}

char *
rp_test_make_dir (const char *tmpl)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp (tmpl, &error);

  g_assert_no_error (error);
  return dir;
}

guint
rp_test_count_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (d != NULL && g_dir_read_name (d) != NULL)
    n++;
  return n;
}

void
rp_test_remove_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_remove (path);
    }
  g_rmdir (dir);
}

struct cJSON *
rp_test_load_data (const char *dir,
                   const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", dir, name, NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  gsize len = 0;
  cJSON *root;

  g_assert_true (g_file_get_contents (path, &text, &len, &error));
  g_assert_no_error (error);
  root = rp_json_parse (text, len, &error);
  g_assert_no_error (error);
  return root;
}

/* ---- measured fixtures ---------------------------------------------- */

static const char *
json_str (const cJSON *obj,
          const char  *key)
{
  const cJSON *item = cJSON_GetObjectItemCaseSensitive (obj, key);

  return cJSON_IsString (item) ? item->valuestring : NULL;
}

static double
json_num (const cJSON *obj,
          const char  *key)
{
  const cJSON *item = cJSON_GetObjectItemCaseSensitive (obj, key);

  g_assert_true (cJSON_IsNumber (item) || cJSON_IsBool (item));
  return cJSON_IsBool (item) ? cJSON_IsTrue (item) : item->valuedouble;
}

/* The measured runs' precision names onto ours: "bf16" (weights cast to
 * bf16, no autocast) is our pure bf16. */
static RpPrecision
measured_precision (const char *name)
{
  if (g_strcmp0 (name, "fp32") == 0)
    return RP_PRECISION_FP32;
  if (g_strcmp0 (name, "amp-bf16") == 0)
    return RP_PRECISION_AMP_BF16;
  if (g_strcmp0 (name, "amp-fp16") == 0)
    return RP_PRECISION_AMP_FP16;
  g_assert_cmpstr (name, ==, "bf16");
  return RP_PRECISION_BF16_PURE;
}

static RpOptimizer
measured_optimizer (const char *name)
{
  if (g_strcmp0 (name, "adamw") == 0)
    return RP_OPTIMIZER_ADAMW;
  if (g_strcmp0 (name, "sgd") == 0)
    return RP_OPTIMIZER_SGD;
  if (g_strcmp0 (name, "sgd_momentum") == 0)
    return RP_OPTIMIZER_SGD_MOMENTUM;
  g_assert_cmpstr (name, ==, "lion");
  return RP_OPTIMIZER_LION;
}

void
rp_test_measured_scenario (const cJSON *arch_json,
                           const cJSON *train_json,
                           RpScenario  *s)
{
  RpModelArch *a = &s->model.arch;
  RpTraining *t = &s->training;
  const char *targets = json_str (train_json, "lora_targets");

  a->kind = RP_MODEL_KIND_DECODER;
  a->layers = json_num (arch_json, "layers");
  a->hidden = json_num (arch_json, "hidden");
  a->heads = json_num (arch_json, "heads");
  a->kv_heads = json_num (arch_json, "kv_heads");
  a->ffn = json_num (arch_json, "ffn");
  g_assert_true (rp_ffn_act_from_string (json_str (arch_json, "ffn_act"), &a->ffn_act));
  a->vocab = json_num (arch_json, "vocab");
  a->max_positions = json_num (arch_json, "max_positions");
  a->tied_embeddings = json_num (arch_json, "tied_embeddings");
  g_assert_true (rp_norm_from_string (json_str (arch_json, "norm"), &a->norm));
  g_assert_true (rp_biases_from_string (json_str (arch_json, "biases"), &a->biases));
  s->model.overridden = RP_ARCH_KIND | RP_ARCH_LAYERS | RP_ARCH_HIDDEN | RP_ARCH_HEADS |
                        RP_ARCH_KV_HEADS | RP_ARCH_FFN | RP_ARCH_FFN_ACT | RP_ARCH_VOCAB |
                        RP_ARCH_MAX_POSITIONS | RP_ARCH_TIED | RP_ARCH_NORM | RP_ARCH_BIASES;

  t->precision = measured_precision (json_str (train_json, "precision"));
  /* measure_memory.py builds the model in fp32 and casts it to bf16 only
   * for the pure-bf16 cases: a LoRA base is loaded as the weights are */
  t->base_dtype = t->precision == RP_PRECISION_BF16_PURE ? RP_BASE_DTYPE_16BIT
                                                         : RP_BASE_DTYPE_FP32;
  t->optimizer = measured_optimizer (json_str (train_json, "optimizer"));
  t->seq_len = json_num (train_json, "seq_len");
  t->micro_batch = json_num (train_json, "micro_batch");
  t->global_batch = t->micro_batch;
  g_assert_true (rp_recompute_from_string (json_str (train_json, "recompute"), &t->recompute));
  t->dropout = json_num (train_json, "dropout") > 0;
  g_assert_cmpstr (json_str (train_json, "attention"), ==, "eager");
  t->flash_attention = FALSE;
  if (g_strcmp0 (json_str (train_json, "method"), "lora") == 0)
    {
      g_autofree char *ours = g_strdelimit (g_strdup (targets), "_", '-');

      t->method = RP_METHOD_LORA;
      t->lora_rank = json_num (train_json, "lora_rank");
      g_assert_true (rp_lora_targets_from_string (ours, &t->lora_targets));
    }
  else
    t->method = RP_METHOD_PRETRAIN;
  /* the base as loaded: measure_plain.py states it, measure_memory.py
   * loads it as the weights are */
  if (g_strcmp0 (json_str (train_json, "base_dtype"), "bf16") == 0)
    t->base_dtype = RP_BASE_DTYPE_16BIT;
  else if (g_strcmp0 (json_str (train_json, "base_dtype"), "fp32") == 0)
    t->base_dtype = RP_BASE_DTYPE_FP32;
  rp_scenario_set_gpu (s, "h100-sxm");
}

static void
add_scenarios_of (GPtrArray  *out,
                  const char *dir_path)
{
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".rigplan"))
      {
        g_autofree char *path = g_build_filename (dir_path, name, NULL);
        g_autoptr(GError) error = NULL;
        RpScenario *s = rp_scenario_load_file (path, &error);

        g_assert_no_error (error);
        g_ptr_array_add (out, s);
      }
}

GPtrArray *
rp_test_all_scenarios (void)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) rp_scenario_free);
  g_autofree char *stories = g_test_build_filename (G_TEST_DIST, "data", "stories", NULL);

  for (guint i = 0; i < RP_TEST_N_EXAMPLES; i++)
    g_ptr_array_add (out, rp_test_load_example (rp_test_examples[i]));
  g_assert_nonnull (g_getenv ("RIGPLAN_GUIDE"));
  add_scenarios_of (out, g_getenv ("RIGPLAN_GUIDE"));
  add_scenarios_of (out, stories);
  return out;
}

void
rp_test_set_decoder (RpScenario *s,
                     guint       layers,
                     guint       hidden,
                     guint       heads,
                     guint       kv_heads,
                     guint       ffn,
                     guint       vocab,
                     gboolean    tied)
{
  RpModelArch *a = &s->model.arch;

  a->kind = RP_MODEL_KIND_DECODER;
  a->layers = layers;
  a->hidden = hidden;
  a->heads = heads;
  a->kv_heads = kv_heads;
  a->ffn = ffn;
  a->ffn_act = RP_FFN_ACT_SWIGLU;
  a->norm = RP_NORM_RMSNORM;
  a->vocab = vocab;
  a->tied_embeddings = tied;
  s->model.overridden |= RP_ARCH_KIND | RP_ARCH_LAYERS | RP_ARCH_HIDDEN | RP_ARCH_HEADS |
                         RP_ARCH_KV_HEADS | RP_ARCH_FFN | RP_ARCH_FFN_ACT | RP_ARCH_NORM |
                         RP_ARCH_VOCAB | RP_ARCH_TIED;
}

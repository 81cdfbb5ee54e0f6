/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-import.c: model and training configs in, launch configs out
 *
 * Fixtures: tests/data/import (README.md there cites each one). */

#include "config.h"

#include "rp-catalog.h"
#include "rp-error.h"
#include "rp-export-launch.h"
#include "rp-fields.h"
#include "rp-import.h"
#include "rp-model.h"
#include "rp-safetensors-private.h"
#include "rp-scenario.h"
#include "rp-test-core.h"
#include "rp-yaml-private.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>

static RpCatalog *catalog;
static GPtrArray *temp_dirs;    /* removed at the end */

static char *
make_temp_dir (const char *pattern)
{
  char *dir = g_dir_make_tmp (pattern, NULL);

  g_assert_nonnull (dir);
  g_ptr_array_add (temp_dirs, g_strdup (dir));
  return dir;
}

static void
remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  if (dir != NULL)
    g_dir_close (dir);
  g_rmdir (path);
}

/* ---- helpers -------------------------------------------------------- */

static char *
fixture (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "import", name, NULL);
}

/* Imports the fixtures named (NULL-terminated); asserts it works. */
static RpScenario *
import_ok (RpImport  **out,
           const char *first,
           ...)
{
  g_autoptr(RpImport) import = rp_import_new (catalog);
  g_autoptr(GError) error = NULL;
  RpScenario *scenario;
  const char *name = first;
  va_list args;

  va_start (args, first);
  for (; name != NULL; name = va_arg (args, const char *))
    {
      g_autofree char *path = fixture (name);

      rp_import_add_path (import, path, &error);
      g_assert_no_error (error);
    }
  va_end (args);
  scenario = rp_import_finish (import, &error);
  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  if (out != NULL)
    *out = g_steal_pointer (&import);
  return scenario;
}

/* The error importing @name alone; asserts there is one. */
static GError *
import_error (const char *name)
{
  g_autoptr(RpImport) import = rp_import_new (catalog);
  g_autofree char *path = fixture (name);
  GError *error = NULL;

  if (rp_import_add_path (import, path, &error))
    {
      g_autoptr(RpScenario) s = rp_import_finish (import, &error);

      g_assert_null (s);
    }
  g_assert_nonnull (error);
  g_test_message ("%s → %s", name, error->message);
  return error;
}

static gboolean
report_has (RpImport   *import,
            const char *text)
{
  g_autofree char *report = rp_import_dup_report (import);

  return strstr (report, text) != NULL;
}

static double
field (const RpScenario *s,
       const char       *key)
{
  const RpField *f = rp_fields_lookup (key);

  g_assert_nonnull (f);
  if (f->arch_bit != 0)
    {
      RpModelArch arch;
      g_autoptr(GError) error = NULL;

      g_assert_true (rp_model_resolve (&s->model, catalog, &arch, &error));
      return rp_field_get_number (f, &arch);
    }
  return rp_field_get_number (f, s);
}

static double
enum_value (const char *key,
            const char *name)
{
  guint index = 0;

  g_assert_true (rp_enum_info_lookup (rp_fields_lookup (key)->choices, name, &index));
  return index;
}

static guint64
params_of (const RpScenario *s)
{
  RpModelArch arch;
  g_autoptr(GError) error = NULL;

  g_assert_true (rp_model_resolve (&s->model, catalog, &arch, &error));
  g_assert_no_error (error);
  return rp_model_params (&arch);
}

/* ---- Hugging Face configs: published counts ------------------------- */

typedef struct
{
  const char *dir;
  guint64     published;
  const char *source;
} Published;

/* Parameter counts of the checkpoints as their publishers state them. */
static const Published published[] = {
  { "hf/Qwen2.5-7B", 7615616512,
    "huggingface.co/Qwen/Qwen2.5-7B safetensors metadata (7,615,616,512); index total_size "
    "15,231,233,024 bytes of bf16" },
  { "hf/Qwen2.5-0.5B", 494032768, "huggingface.co/Qwen/Qwen2.5-0.5B: 0.49B (494,032,768)" },
  { "hf/Mixtral-8x7B-v0.1", 46702792704,
    "huggingface.co/mistralai/Mixtral-8x7B-v0.1 safetensors metadata (46,702,792,704)" },
  { "hf/Meta-Llama-3-8B", 8030261248,
    "huggingface.co/meta-llama/Meta-Llama-3-8B safetensors metadata (8,030,261,248)" },
  { "hf/Llama-2-7b-hf", 6738415616,
    "huggingface.co/meta-llama/Llama-2-7b-hf safetensors metadata (6,738,415,616)" },
  { "hf/Mistral-7B-v0.1", 7241732096,
    "huggingface.co/mistralai/Mistral-7B-v0.1 safetensors metadata (7,241,732,096)" },
  { "hf/Qwen3-8B", 8190735360, "huggingface.co/Qwen/Qwen3-8B safetensors metadata (8.19B)" },
  { "hf/Qwen3-30B-A3B", 30532122624,
    "huggingface.co/Qwen/Qwen3-30B-A3B: 30.5B in total, 3.3B activated" },
  { "hf/Qwen1.5-MoE-A2.7B", 14315784192,
    "huggingface.co/Qwen/Qwen1.5-MoE-A2.7B: 14.3B in total, 2.7B activated" },
  { "hf/gemma-7b", 8537680896, "huggingface.co/google/gemma-7b safetensors metadata (8.54B)" },
  { "hf/gemma-2-9b", 9241705984, "huggingface.co/google/gemma-2-9b safetensors metadata (9.24B)" },
  { "hf/Phi-3-mini-4k-instruct", 3821079552,
    "huggingface.co/microsoft/Phi-3-mini-4k-instruct safetensors metadata (3.82B)" },
  { "hf/gpt2", 124439808, "huggingface.co/openai-community/gpt2 safetensors metadata" },
  { "hf/pythia-160m", 162322944,
    "Biderman et al. 2023, Pythia, Table 1: 160M has 162,322,944 parameters" },
  /* FalconForCausalLM by hand: 32 × (4544·(71+2)·64 + 4544² + 2·4544·18176 + 2·4544)
   * + 65024·4544 + 2·4544 (lm_head tied, one LayerNorm per parallel block) */
  { "hf/falcon-7b", 6921720704, "tiiuae/falcon-7b config and modeling_falcon.py, by hand" },
  { "hf/bert-base-uncased", 109482240,
    "BertModel of google-bert/bert-base-uncased (109,482,240), as the catalog's bert-base" },
  { "hf/roberta-base", 124645632,
    "RobertaModel of FacebookAI/roberta-base (124,645,632; fairseq: 125M)" },
  { "hf/t5-base", 222903552, "huggingface.co/google-t5/t5-base safetensors metadata" },
  { "hf/flan-t5-base", 247577856, "huggingface.co/google/flan-t5-base: 248M (247,577,856)" },
  { "hf/vit-base-patch16-224", 86567656,
    "huggingface.co/google/vit-base-patch16-224 safetensors metadata (86,567,656)" },
  { "hf/DeepSeek-V2-Lite", 15706484224,
    "huggingface.co/deepseek-ai/DeepSeek-V2-Lite: 15.7B in total, 2.4B activated" },
  { "hf/DeepSeek-V3", 671026419200,
    "DeepSeek-V3 technical report (arXiv:2412.19437): 671B in total, 37B activated; the "
    "14B multi-token-prediction module is not counted" },
};

static void
test_published_counts (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (published); i++)
    {
      g_autoptr(RpScenario) s = import_ok (NULL, published[i].dir, NULL);

      g_test_message ("%s: %s", published[i].dir, published[i].source);
      g_assert_cmpuint (params_of (s), ==, published[i].published);
    }
}

/* DeepSeek-V2-Lite by hand from its config (modeling_deepseek.py):
 * attention (no q_lora): 2048·16·192 + 2048·576 + 512 + 512·16·256 + 16·128·2048
 *   = 13,763,072; dense layer: + 3·2048·10944 + 2·2048 = 81,007,104;
 * MoE layer: + 64·3·2048·1408 + 64·2048 + 2·3·2048·1408 + 2·2048 = 584,847,872;
 * 81,007,104 + 26·584,847,872 + 2·102400·2048 + 2048 = 15,706,484,224. */
static void
test_deepseek_by_hand (void)
{
  g_autoptr(RpImport) import = NULL;
  g_autoptr(RpScenario) s = import_ok (&import, "hf/DeepSeek-V2-Lite", NULL);
  guint64 layer_attn = 2048ull * 16 * 192 + 2048ull * 576 + 512 + 512ull * 16 * 256 +
                       16ull * 128 * 2048;
  guint64 dense = layer_attn + 3ull * 2048 * 10944 + 2 * 2048;
  guint64 moe = layer_attn + 64ull * 3 * 2048 * 1408 + 64ull * 2048 + 2ull * 3 * 2048 * 1408 +
                2 * 2048;

  g_assert_cmpuint (dense + 26 * moe + 2ull * 102400 * 2048 + 2048, ==, 15706484224);
  g_assert_cmpuint (params_of (s), ==, dense + 26 * moe + 2ull * 102400 * 2048 + 2048);
  /* the architecture keeps the 26 expert layers: the idle routed experts are exact */
  g_assert_cmpfloat (field (s, "model.layers"), ==, 26);
  g_assert_cmpfloat (field (s, "model.head_dim"), ==, 192);
  g_assert_true (report_has (import, "latent attention"));
  g_assert_true (report_has (import, "dense layers"));
}

/* Mixtral activates 2 of 8 experts: 12,879,925,248 (as test-model.c);
 * Qwen3-30B-A3B 8 of 128: 3,353,032,704 ("3.3B activated", its model card;
 * the exact figure as llama.cpp and others report it). */
static void
test_moe_active (void)
{
  g_autoptr(RpScenario) s = import_ok (NULL, "hf/Mixtral-8x7B-v0.1", NULL);
  g_autoptr(RpScenario) q = import_ok (NULL, "hf/Qwen3-30B-A3B", NULL);
  RpModelArch arch;

  g_assert_true (rp_model_resolve (&q->model, catalog, &arch, NULL));
  g_assert_cmpuint (rp_model_active_params (&arch), ==, 3353032704);

  g_assert_true (rp_model_resolve (&s->model, catalog, &arch, NULL));
  g_assert_cmpuint (rp_model_active_params (&arch), ==, 12879925248);
  g_assert_cmpfloat (field (s, "model.kind"), ==, enum_value ("model.kind", "moe"));
  g_assert_cmpfloat (field (s, "model.experts"), ==, 8);
  g_assert_cmpfloat (field (s, "model.experts_active"), ==, 2);
}

/* ---- Hugging Face configs: field by field --------------------------- */

typedef struct
{
  const char *key;
  double      value;          /* NAN: compare by name */
  const char *name;
} Expect;

static void
check_fields (const char   *dir,
              const Expect *expect,
              guint         n)
{
  g_autoptr(RpScenario) s = import_ok (NULL, dir, NULL);

  for (guint i = 0; i < n; i++)
    {
      double want = expect[i].name != NULL ? enum_value (expect[i].key, expect[i].name)
                                           : expect[i].value;

      g_test_message ("%s %s", dir, expect[i].key);
      g_assert_cmpfloat (field (s, expect[i].key), ==, want);
    }
}

#define E(k, v) { k, v, NULL }
#define N(k, n) { k, NAN, n }

static void
test_fields_qwen (void)
{
  const Expect e[] = {
    N ("model.kind", "decoder"), E ("model.hidden", 3584), E ("model.layers", 28),
    E ("model.heads", 28), E ("model.kv_heads", 4), E ("model.ffn", 18944),
    E ("model.vocab", 152064), N ("model.biases", "qkv"), N ("model.norm", "rmsnorm"),
    N ("model.ffn_act", "swiglu"), E ("model.tied_embeddings", 0), E ("model.max_positions", 0),
  };

  check_fields ("hf/Qwen2.5-7B", e, G_N_ELEMENTS (e));
}

static void
test_fields_others (void)
{
  const Expect gpt2[] = {
    E ("model.hidden", 768), E ("model.layers", 12), E ("model.ffn", 3072),
    E ("model.max_positions", 1024), N ("model.biases", "all"), N ("model.norm", "layernorm"),
    N ("model.ffn_act", "gelu"), E ("model.tied_embeddings", 1),
  };
  const Expect t5[] = {
    N ("model.kind", "encoder-decoder"), E ("model.layers", 12), E ("model.decoder_layers", 12),
    E ("model.head_dim", 64), E ("model.relative_attention_buckets", 32),
    N ("model.ffn_act", "geglu"), E ("model.tied_embeddings", 0),
  };
  const Expect vit[] = {
    N ("model.kind", "vit"), E ("model.input_size", 224), E ("model.patch_size", 16),
    E ("model.image_channels", 3), E ("model.num_classes", 1000),
  };
  const Expect bert[] = {
    N ("model.kind", "encoder"), E ("model.type_vocab", 2), E ("model.pooler", 1),
    E ("model.max_positions", 512), E ("model.vocab", 30522),
  };
  const Expect falcon[] = {
    E ("model.kv_heads", 1), E ("model.heads", 71), N ("model.biases", "none"),
    E ("model.tied_embeddings", 1),
  };
  const Expect gemma[] = {
    E ("model.head_dim", 256), N ("model.ffn_act", "geglu"), E ("model.tied_embeddings", 1),
  };

  check_fields ("hf/gpt2", gpt2, G_N_ELEMENTS (gpt2));
  check_fields ("hf/flan-t5-base", t5, G_N_ELEMENTS (t5));
  check_fields ("hf/vit-base-patch16-224", vit, G_N_ELEMENTS (vit));
  check_fields ("hf/bert-base-uncased", bert, G_N_ELEMENTS (bert));
  check_fields ("hf/falcon-7b", falcon, G_N_ELEMENTS (falcon));
  check_fields ("hf/gemma-7b", gemma, G_N_ELEMENTS (gemma));
}

/* What the architecture cannot express is said, never silently. */
static void
test_approximations_said (void)
{
  static const struct { const char *dir; const char *text; } said[] = {
    { "hf/Qwen3-8B", "query and key norms" },
    { "hf/Qwen1.5-MoE-A2.7B", "shared expert" },
    { "hf/gemma-2-9b", "Gemma 2" },
    { "hf/falcon-7b", "one LayerNorm per parallel" },
    { "hf/DeepSeek-V3", "multi-token-prediction" },
    { "hf/bert-base-uncased", "pretraining heads" },
    { "hf/stablelm-2-1_6b", "is not one Rigplan knows" },
    { "hf/stablelm-2-1_6b", "not understood, so not used: qk_layernorm, use_qkv_bias" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (said); i++)
    {
      g_autoptr(RpImport) import = NULL;
      g_autoptr(RpScenario) s = import_ok (&import, said[i].dir, NULL);

      g_test_message ("%s: %s", said[i].dir, said[i].text);
      g_assert_true (report_has (import, said[i].text));
      g_assert_nonnull (strstr (s->notes, said[i].text));
    }
}

/* Names, notes and the defaults no file sets. */
static void
test_name_and_notes (void)
{
  g_autoptr(RpImport) import = NULL;
  g_autoptr(RpScenario) s = import_ok (&import, "hf/Qwen2.5-7B", "train/ds_zero2_batch.json",
                                       NULL);

  g_assert_cmpstr (s->name, ==, "Qwen2.5-7B + ds_zero2_batch.json");
  g_assert_nonnull (strstr (s->notes, "Hugging Face model config (qwen2)"));
  g_assert_nonnull (strstr (s->notes, "DeepSpeed config"));
  g_assert_nonnull (strstr (s->notes, "hardware.gpu = rtx-4090"));
  g_assert_nonnull (strstr (s->notes, "dataset_tokens = 0"));
  /* the notes survive a save and a load */
  {
    g_autofree char *json = rp_scenario_to_json (s);
    g_autoptr(GError) error = NULL;
    g_autoptr(RpScenario) back = rp_scenario_load_data (json, strlen (json), &error);

    g_assert_no_error (error);
    g_assert_cmpstr (back->notes, ==, s->notes);
  }
}

/* ---- checkpoints ---------------------------------------------------- */

/* tiny-llama: V=64, h=16, L=2, heads 4 (d=4), kv 2, ffn 32, untied:
 * 64·16 + 2·(16·16 + 2·16·8 + 16·16 + 3·16·32 + 2·16) + 16 + 64·16 = 6,736. */
static void
test_checkpoint_counts (void)
{
  g_autoptr(RpImport) a = NULL, b = NULL, c = NULL;
  g_autoptr(RpScenario) single = import_ok (&a, "tiny-llama", NULL);
  g_autoptr(RpScenario) sharded = import_ok (&b, "tiny-sharded", NULL);
  g_autoptr(RpScenario) mismatch = import_ok (&c, "tiny-mismatch", NULL);

  g_assert_cmpuint (params_of (single), ==, 6736);
  g_assert_true (report_has (a, "equal to the checkpoint’s count"));
  g_assert_cmpuint (params_of (sharded), ==, 6736);
  g_assert_true (report_has (b, "headers of 2 files (21 tensors)"));
  /* a third layer in the checkpoint: 16·16 + 2·16·8 + 16·16 + 3·16·32 + 2·16 = 2,336 more */
  g_assert_cmpuint (params_of (mismatch), ==, 6736 + 2336);
  g_assert_true (report_has (c, "Rigplan uses the checkpoint’s"));
}

static void
test_index_total_size (void)
{
  g_autoptr(RpImport) import = NULL;
  g_autoptr(RpScenario) s = import_ok (&import, "hf/Qwen2.5-7B", NULL);

  g_assert_true (report_has (import, "total_size 15,231,233,024 bytes"));
  g_assert_true (report_has (import, "7,615,616,512 parameters, equal to the checkpoint"));
}

static char *
write_temp (const char *name,
            const void *data,
            gsize       len)
{
  g_autofree char *dir = make_temp_dir ("rigplan-import-XXXXXX");
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, data, (gssize) len, NULL));
  return path;
}

static char *
safetensors_file (guint64     header_len,
                  const char *header,
                  gsize       data_len)
{
  gsize len = 8 + strlen (header) + data_len;
  g_autofree guint8 *buf = g_malloc0 (len);

  for (int i = 0; i < 8; i++)
    buf[i] = (header_len >> (8 * i)) & 0xff;
  memcpy (buf + 8, header, strlen (header));
  return write_temp ("model.safetensors", buf, len);
}

/* A hostile or broken file is an error naming it, never an allocation of
 * what it claims. */
static void
test_hostile_safetensors (void)
{
  static const struct { guint64 len; const char *header; gsize data; const char *says; } cases[] = {
    { G_GUINT64_CONSTANT (0x4000000000000000), "{}", 0, "header length" },
    { 1000, "{}", 0, "header length" },
    { 2, "[]", 0, "expected a JSON object" },
    { 9, "{\"a\": 1,", 0, "header" },
    { 64, "{\"w\":{\"dtype\":\"BF16\",\"shape\":[4,4],\"data_offsets\":[0,32]}}", 8,
      "outside the file" },
    { 63, "{\"w\":{\"dtype\":\"F32\",\"shape\":[4,4],\"data_offsets\":[0,32]}}", 32,
      "does not match" },
    { 60, "{\"w\":{\"dtype\":\"F32\",\"shape\":[-4],\"data_offsets\":[0,0]}}", 0,
      "not a list of sizes" },
    /* a dtype the format does not have was counted as if it were one */
    { 61, "{\"w\":{\"dtype\":\"Q128\",\"shape\":[4],\"data_offsets\":[0,64]}}", 64,
      "w: dtype “Q128” is not one of the safetensors format" },
    /* packed: three 4-bit values are not whole bytes */
    { 60, "{\"w\":{\"dtype\":\"F4\",\"shape\":[3],\"data_offsets\":[0,2]}}", 2,
      "does not match" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *header = g_strdup (cases[i].header);
      guint64 len = cases[i].len;
      g_autofree char *path = NULL;
      g_autoptr(GError) error = NULL;
      RpSafetensorsCount count = { 0 };

      if (len < 1000 && len != strlen (header))
        len = strlen (header);
      path = safetensors_file (len, header, cases[i].data);
      g_assert_false (rp_safetensors_count_file (path, NULL, &count, &error));
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, path));
      g_assert_nonnull (strstr (error->message, cases[i].says));
    }
  {
    /* packed dtypes count their elements: four 4-bit values in 2 bytes */
    const char *header = "{\"w\":{\"dtype\":\"F4\",\"shape\":[2,2],\"data_offsets\":[0,2]}}";
    g_autofree char *path = safetensors_file (strlen (header), header, 2);
    g_autoptr(GError) error = NULL;
    RpSafetensorsCount count = { 0 };

    g_assert_true (rp_safetensors_count_file (path, NULL, &count, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (count.params, ==, 4);
  }
  {
    /* a FIFO named like a checkpoint is refused at once, not waited on */
    g_autofree char *dir = make_temp_dir ("rigplan-fifo-XXXXXX");
    g_autofree char *path = g_build_filename (dir, "model.safetensors", NULL);
    g_autoptr(GError) error = NULL;
    RpSafetensorsCount count = { 0 };

    g_assert_cmpint (mkfifo (path, 0644), ==, 0);
    g_assert_false (rp_safetensors_count_file (path, NULL, &count, &error));
    g_assert_nonnull (strstr (error->message, "not a regular file"));
    g_unlink (path);
    g_rmdir (dir);
  }
  {
    g_autoptr(GError) error = import_error ("bad/accelerate_bad_tp.yaml");

    g_assert_cmpstr (rp_error_get_key (error), ==, "training.tensor_parallel");
    g_assert_nonnull (strstr (error->message, "megatron_lm_config.megatron_lm_tp_degree)"));
  }
}

/* An index that names a file outside the model's directory is refused. */
static void
test_index_escape (void)
{
  g_autofree char *dir = make_temp_dir ("rigplan-index-XXXXXX");
  g_autofree char *config = g_build_filename (dir, "config.json", NULL);
  g_autofree char *index = g_build_filename (dir, "model.safetensors.index.json", NULL);
  g_autofree char *source = fixture ("tiny-llama/config.json");
  g_autofree char *text = NULL;
  g_autoptr(RpImport) import = rp_import_new (catalog);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (source, &text, NULL, NULL));
  g_assert_true (g_file_set_contents (config, text, -1, NULL));
  g_assert_true (g_file_set_contents (index, "{\"weight_map\": {\"w\": \"../../etc/x\"}}", -1,
                                      NULL));
  g_assert_false (rp_import_add_path (import, dir, &error));
  g_assert_error (error, RP_ERROR, RP_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message, "weight_map.w"));
  g_assert_nonnull (strstr (error->message, index));
}

/* A config that names a device or a pipe is refused, not read forever. */
static void
test_not_a_file (void)
{
  g_autofree char *dir = make_temp_dir ("rigplan-device-XXXXXX");
  g_autofree char *yaml = g_build_filename (dir, "axolotl.yml", NULL);
  g_autoptr(RpImport) import = rp_import_new (catalog);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (yaml, "base_model: x/y\ndeepspeed: /dev/zero\n", -1,
                                      NULL));
  g_assert_false (rp_import_add_path (import, yaml, &error));
  g_assert_nonnull (strstr (error->message, "/dev/zero: not a file"));
}

/* ---- training configs ----------------------------------------------- */

static void
test_deepspeed (void)
{
  g_autoptr(RpImport) import = NULL;
  g_autoptr(RpScenario) s = import_ok (&import, "train/ds_zero3_offload.json", NULL);
  g_autoptr(RpScenario) b = import_ok (NULL, "train/ds_zero2_batch.json", NULL);

  g_assert_cmpfloat (field (s, "training.zero_stage"), ==, 3);
  g_assert_cmpfloat (field (s, "training.offload"), ==,
                     RP_OFFLOAD_OPTIMIZER_AND_PARAMS);
  g_assert_cmpfloat (field (s, "training.precision"), ==,
                     RP_PRECISION_FP16_MIXED);
  g_assert_true (report_has (import, "train_micro_batch_size_per_gpu, train_batch_size"));

  g_assert_cmpfloat (field (b, "training.zero_stage"), ==, 2);
  g_assert_cmpfloat (field (b, "training.offload"), ==,
                     RP_OFFLOAD_OPTIMIZER);
  g_assert_cmpfloat (field (b, "training.precision"), ==,
                     RP_PRECISION_BF16_MIXED);
  g_assert_cmpfloat (field (b, "training.micro_batch"), ==, 4);
  g_assert_cmpfloat (field (b, "training.global_batch"), ==, 256);
  g_assert_cmpfloat (field (b, "training.recompute"), ==, RP_RECOMPUTE_FULL);
}

static void
test_accelerate (void)
{
  g_autoptr(RpScenario) ds = import_ok (NULL, "train/accelerate_deepspeed.yaml", NULL);
  g_autoptr(RpScenario) fsdp = import_ok (NULL, "train/accelerate_fsdp.yaml", NULL);
  g_autoptr(RpScenario) meg = import_ok (NULL, "train/accelerate_megatron.yaml", NULL);
  g_autoptr(RpScenario) multi = import_ok (NULL, "train/accelerate_multi_node.yaml", NULL);
  g_autoptr(RpScenario) file = import_ok (NULL, "train/accelerate_ds_file.yaml", NULL);

  g_assert_cmpfloat (field (ds, "training.zero_stage"), ==, 2);
  g_assert_cmpfloat (field (ds, "hardware.gpus_per_node"), ==, 2);
  /* DeepSpeed runs fp16 with fp32 master weights */
  g_assert_cmpfloat (field (ds, "training.precision"), ==,
                     RP_PRECISION_FP16_MIXED);
  /* FSDP's mixed precision is autocast over fp32 shards */
  g_assert_cmpfloat (field (fsdp, "training.zero_stage"), ==, 3);
  g_assert_cmpfloat (field (fsdp, "training.precision"), ==,
                     RP_PRECISION_AMP_BF16);
  g_assert_cmpfloat (field (meg, "training.tensor_parallel"), ==, 2);
  g_assert_cmpfloat (field (meg, "training.pipeline_parallel"), ==, 2);
  g_assert_cmpfloat (field (meg, "training.sequence_parallel"), ==, 1);
  g_assert_cmpfloat (field (meg, "training.recompute"), ==,
                     RP_RECOMPUTE_SELECTIVE);
  g_assert_cmpfloat (field (meg, "training.zero_stage"), ==, 1);
  g_assert_cmpfloat (field (multi, "hardware.nodes"), ==, 2);
  g_assert_cmpfloat (field (multi, "hardware.gpus_per_node"), ==, 4);
  g_assert_cmpfloat (field (multi, "training.zero_stage"), ==, 0);
  /* the DeepSpeed file it names: 4 × 8 accumulation × 8 GPUs = 256 */
  g_assert_cmpfloat (field (file, "hardware.gpus_per_node"), ==, 8);
  g_assert_cmpfloat (field (file, "training.global_batch"), ==, 256);
  g_assert_cmpfloat (field (file, "training.zero_stage"), ==, 2);
}

static void
test_axolotl (void)
{
  g_autoptr(RpImport) import = NULL, deep = NULL;
  g_autoptr(RpScenario) lora = import_ok (&import, "train/axolotl_lora_8b.yml", NULL);
  g_autoptr(RpScenario) qlora = import_ok (NULL, "train/axolotl_qlora_fsdp_70b.yaml", NULL);
  g_autoptr(RpScenario) ds = import_ok (&deep, "train/axolotl_ds_zero3.yaml", NULL);

  g_assert_cmpstr (lora->model.preset, ==, "llama-3-8b");
  g_assert_cmpfloat (field (lora, "training.method"), ==, RP_METHOD_LORA);
  g_assert_cmpfloat (field (lora, "training.lora_rank"), ==, 32);
  g_assert_cmpfloat (field (lora, "training.lora_targets"), ==,
                     RP_LORA_TARGETS_ALL_LINEAR);
  g_assert_cmpfloat (field (lora, "training.seq_len"), ==, 4096);
  g_assert_cmpfloat (field (lora, "training.micro_batch"), ==, 2);
  g_assert_cmpfloat (field (lora, "training.global_batch"), ==, 8);
  g_assert_cmpfloat (field (lora, "training.epochs"), ==, 4);
  g_assert_cmpfloat (field (lora, "training.optimizer"), ==,
                     RP_OPTIMIZER_ADAMW_8BIT);
  g_assert_cmpfloat (field (lora, "training.precision"), ==,
                     RP_PRECISION_BF16_PURE);
  g_assert_cmpfloat (field (lora, "training.recompute"), ==,
                     RP_RECOMPUTE_FULL);
  g_assert_true (report_has (import, "load_in_8bit"));

  g_assert_cmpfloat (field (qlora, "training.method"), ==, RP_METHOD_QLORA);
  g_assert_cmpfloat (field (qlora, "training.zero_stage"), ==, 3);
  g_assert_cmpfloat (field (qlora, "training.offload"), ==,
                     RP_OFFLOAD_OPTIMIZER_AND_PARAMS);

  /* the DeepSpeed JSON it names decides the precision: fp32 master weights */
  g_assert_cmpfloat (field (ds, "training.zero_stage"), ==, 3);
  g_assert_cmpfloat (field (ds, "training.precision"), ==,
                     RP_PRECISION_BF16_MIXED);
  g_assert_true (report_has (deep, "zero3_bf16_cpuoffload_params.json — DeepSpeed config"));
  g_assert_true (report_has (deep, "Mixtral-8x22B-v0.1 is not in Rigplan’s model catalog"));
}

static void
test_torchtune (void)
{
  g_autoptr(RpImport) import = NULL;
  g_autoptr(RpScenario) lora = import_ok (&import, "train/torchtune_8B_lora_single_device.yaml",
                                          NULL);
  g_autoptr(RpScenario) full = import_ok (NULL, "train/torchtune_70B_full.yaml", NULL);

  g_assert_cmpstr (lora->model.preset, ==, "llama-3-8b");
  g_assert_cmpfloat (field (lora, "training.lora_rank"), ==, 8);
  g_assert_cmpfloat (field (lora, "training.micro_batch"), ==, 2);
  g_assert_cmpfloat (field (lora, "training.global_batch"), ==, 16);
  /* torchtune trains in full bf16 (docs: memory_optimizations.rst) */
  g_assert_cmpfloat (field (lora, "training.precision"), ==,
                     RP_PRECISION_BF16_PURE);
  /* q, v and output projections plus the MLP: all-linear, said to be near */
  g_assert_cmpfloat (field (lora, "training.lora_targets"), ==,
                     RP_LORA_TARGETS_ALL_LINEAR);
  g_assert_true (report_has (import, "leaves some out"));

  g_assert_cmpstr (full->model.preset, ==, "llama-3-70b");
  g_assert_cmpfloat (field (full, "training.method"), ==,
                     RP_METHOD_FULL_FINETUNE);
  g_assert_cmpfloat (field (full, "training.zero_stage"), ==, 3);
  g_assert_cmpfloat (field (full, "training.offload"), ==,
                     RP_OFFLOAD_OPTIMIZER_AND_PARAMS);
}

/* Two files that disagree: reported, and the later wins. */
static void
test_conflict (void)
{
  g_autoptr(RpImport) import = NULL;
  g_autoptr(RpScenario) s = import_ok (&import, "train/ds_zero3_offload.json",
                                       "train/ds_zero2_batch.json", NULL);

  g_assert_cmpfloat (field (s, "training.zero_stage"), ==, 2);
  g_assert_true (report_has (import, "training.zero_stage: 3 in"));
  g_assert_true (report_has (import, "the later file’s 2 is used"));
}

/* ---- malformed input ------------------------------------------------ */

static void
test_malformed (void)
{
  static const struct { const char *file; const char *says; } cases[] = {
    { "bad/ds_bad_stage.json", "zero_optimization.stage: expected a whole number from 0 to 3" },
    { "bad/ds_bad_type.json", "train_micro_batch_size_per_gpu: expected a number" },
    { "bad/ds_both_precisions.json", "fp16.enabled: bf16 and fp16 cannot both be enabled" },
    { "bad/accelerate_bad_processes.yaml", "num_processes: 3 processes do not divide" },
    { "bad/accelerate_bad_type.yaml", "distributed_type: unknown value “SOMETIMES”" },
    { "bad/yaml_syntax.yaml", "line 3" },
    { "bad/yaml_alias_bomb.yaml", "repeated aliases" },
    { "bad/axolotl_bad_adapter.yml", "adapter: unknown value “prefix-tuning”" },
    { "bad/config_bad_hidden", "hidden_size: expected a whole number" },
    { "bad/config_missing_layers", "num_hidden_layers: missing" },
    { "bad/config_not_json", "not valid JSON" },
    { "bad/config_heads_indivisible", "model.heads" },
    /* the words are rp_scenario_validate()'s; the file and key are ours */
    { "bad/accelerate_bad_tp.yaml",
      "(set by " G_DIR_SEPARATOR_S },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = import_error (cases[i].file);
      g_autofree char *path = fixture (cases[i].file);

      g_assert_nonnull (strstr (error->message, path));
      g_assert_nonnull (strstr (error->message, cases[i].says));
    }
  {
    /* packed dtypes count their elements: four 4-bit values in 2 bytes */
    const char *header = "{\"w\":{\"dtype\":\"F4\",\"shape\":[2,2],\"data_offsets\":[0,2]}}";
    g_autofree char *path = safetensors_file (strlen (header), header, 2);
    g_autoptr(GError) error = NULL;
    RpSafetensorsCount count = { 0 };

    g_assert_true (rp_safetensors_count_file (path, NULL, &count, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (count.params, ==, 4);
  }
  {
    /* a FIFO named like a checkpoint is refused at once, not waited on */
    g_autofree char *dir = make_temp_dir ("rigplan-fifo-XXXXXX");
    g_autofree char *path = g_build_filename (dir, "model.safetensors", NULL);
    g_autoptr(GError) error = NULL;
    RpSafetensorsCount count = { 0 };

    g_assert_cmpint (mkfifo (path, 0644), ==, 0);
    g_assert_false (rp_safetensors_count_file (path, NULL, &count, &error));
    g_assert_nonnull (strstr (error->message, "not a regular file"));
    g_unlink (path);
    g_rmdir (dir);
  }
  {
    g_autoptr(GError) error = import_error ("bad/accelerate_bad_tp.yaml");

    g_assert_cmpstr (rp_error_get_key (error), ==, "training.tensor_parallel");
    g_assert_nonnull (strstr (error->message, "megatron_lm_config.megatron_lm_tp_degree)"));
  }
}

/* A key out of range carries the key of the file, for the window. */
static void
test_error_key (void)
{
  g_autoptr(GError) error = import_error ("bad/ds_bad_stage.json");

  g_assert_error (error, RP_ERROR, RP_ERROR_INVALID_VALUE);
  g_assert_cmpstr (rp_error_get_key (error), ==, "zero_optimization.stage");
  g_assert_nonnull (strstr (error->message, "training.zero_stage"));
}

static void
test_yaml (void)
{
  static const char text[] =
    "a: yes\nb: off\nc: ~\nd: 12\ne: 1.5e3\nf: '12'\ng: [1, two]\nh: {i: null}\nj: 0x10\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(cJSON) root = rp_yaml_parse (text, strlen (text), &error);

  g_assert_no_error (error);
  g_assert_true (cJSON_IsTrue (cJSON_GetObjectItem (root, "a")));
  g_assert_true (cJSON_IsFalse (cJSON_GetObjectItem (root, "b")));
  g_assert_true (cJSON_IsNull (cJSON_GetObjectItem (root, "c")));
  g_assert_cmpfloat (cJSON_GetNumberValue (cJSON_GetObjectItem (root, "d")), ==, 12);
  g_assert_cmpfloat (cJSON_GetNumberValue (cJSON_GetObjectItem (root, "e")), ==, 1500);
  g_assert_cmpstr (cJSON_GetStringValue (cJSON_GetObjectItem (root, "f")), ==, "12");
  g_assert_cmpint (cJSON_GetArraySize (cJSON_GetObjectItem (root, "g")), ==, 2);
  g_assert_true (cJSON_IsNull (cJSON_GetObjectItem (cJSON_GetObjectItem (root, "h"), "i")));
  g_assert_cmpfloat (cJSON_GetNumberValue (cJSON_GetObjectItem (root, "j")), ==, 16);

  g_assert_null (rp_yaml_parse ("a: 1\na: 2\n", 10, &error));
  g_assert_nonnull (strstr (error->message, "twice"));
}

/* ---- export and back ------------------------------------------------ */

/* A scenario with @model's architecture and every other field default
 * but the GPU: the base an export is imported over. */
static char *
write_base (const RpScenario *from,
            const char       *dir)
{
  g_autoptr(RpScenario) base = rp_scenario_new ();
  char *path = g_build_filename (dir, "base.rigplan", NULL);

  rp_scenario_set_name (base, "base");
  rp_scenario_set_preset (base, from->model.preset);
  base->model.arch = from->model.arch;
  base->model.overridden = from->model.overridden;
  rp_scenario_set_gpu (base, from->hardware.gpu);
  g_assert_true (rp_scenario_save_file (base, path, NULL));
  return path;
}

static RpScenario *
export_import (const RpScenario *s,
               RpLaunchFormat    format)
{
  g_autofree char *dir = make_temp_dir ("rigplan-roundtrip-XXXXXX");
  g_autofree char *base = write_base (s, dir);
  g_autofree char *path = g_build_filename (dir, rp_launch_format_file_name (format), NULL);
  g_autoptr(RpImport) import = rp_import_new (catalog);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) notes = NULL;
  RpScenario *back;

  g_assert_true (rp_launch_export_file (s, catalog, format, path, &notes, &error));
  g_assert_no_error (error);
  for (guint i = 0; notes[i] != NULL; i++)
    g_test_message ("%s: %s", rp_launch_format_to_string (format), notes[i]);
  g_assert_true (rp_import_add_path (import, base, &error));
  g_assert_true (rp_import_add_path (import, path, &error));
  g_assert_no_error (error);
  back = rp_import_finish (import, &error);
  g_assert_no_error (error);
  return back;
}

static void
assert_same (const RpScenario  *a,
             const RpScenario  *b,
             const char *const *keys)
{
  for (guint i = 0; keys[i] != NULL; i++)
    {
      g_test_message ("%s", keys[i]);
      g_assert_cmpfloat (field (a, keys[i]), ==, field (b, keys[i]));
    }
}

/* Each format read back gives the fields it carries. */
static void
test_round_trip (void)
{
  const char *const ds_keys[] = {
    "training.precision", "training.zero_stage", "training.offload", "training.micro_batch",
    "training.global_batch", "training.recompute", "training.optimizer", NULL
  };
  const char *const acc_keys[] = {
    "hardware.nodes", "hardware.gpus_per_node", "training.precision", "training.zero_stage",
    "training.offload", NULL
  };
  const char *const run_keys[] = { "hardware.nodes", "hardware.gpus_per_node", NULL };
  g_autoptr(RpScenario) s = rp_test_load_example ("pretrain-1b-decoder-32xh100.rigplan");
  RpTraining *t = &s->training;

  /* 4 nodes × 8 H100, bf16 mixed: and with ZeRO-3, offload and recomputation */
  t->zero_stage = 3;
  t->offload = RP_OFFLOAD_OPTIMIZER_AND_PARAMS;
  t->recompute = RP_RECOMPUTE_FULL;
  t->micro_batch = 4;
  t->global_batch = 512;
  for (RpLaunchFormat f = RP_LAUNCH_DEEPSPEED; f <= RP_LAUNCH_TORCHRUN; f++)
    {
      g_autoptr(RpScenario) back = export_import (s, f);

      assert_same (s, back, f == RP_LAUNCH_DEEPSPEED ? ds_keys
                            : f == RP_LAUNCH_ACCELERATE ? acc_keys : run_keys);
    }
}

/* Megatron-LM, FSDP and DDP through accelerate. */
static void
test_round_trip_accelerate (void)
{
  const char *const meg_keys[] = {
    "hardware.nodes", "hardware.gpus_per_node", "training.precision",
    "training.tensor_parallel", "training.pipeline_parallel", "training.sequence_parallel",
    "training.recompute", "training.zero_stage", NULL
  };
  const char *const fsdp_keys[] = {
    "hardware.gpus_per_node", "training.precision", "training.zero_stage", "training.offload",
    "training.recompute", NULL
  };
  g_autoptr(RpScenario) s = rp_test_load_example ("full-finetune-llama2-7b-8xa100.rigplan");
  RpTraining *t = &s->training;

  t->tensor_parallel = 2;
  t->pipeline_parallel = 2;
  t->sequence_parallel = TRUE;
  t->recompute = RP_RECOMPUTE_SELECTIVE;
  t->zero_stage = 1;
  t->offload = RP_OFFLOAD_NONE;
  t->precision = RP_PRECISION_BF16_MIXED;
  {
    g_autoptr(RpScenario) back = export_import (s, RP_LAUNCH_ACCELERATE);

    assert_same (s, back, meg_keys);
  }
  t->tensor_parallel = t->pipeline_parallel = 1;
  t->precision = RP_PRECISION_AMP_BF16;
  t->zero_stage = 3;
  t->offload = RP_OFFLOAD_OPTIMIZER_AND_PARAMS;
  t->recompute = RP_RECOMPUTE_FULL;
  {
    g_autoptr(RpScenario) back = export_import (s, RP_LAUNCH_ACCELERATE);

    assert_same (s, back, fsdp_keys);
  }
  t->zero_stage = 0;
  t->offload = RP_OFFLOAD_NONE;
  t->recompute = RP_RECOMPUTE_NONE;
  {
    g_autoptr(RpScenario) back = export_import (s, RP_LAUNCH_ACCELERATE);

    assert_same (s, back, fsdp_keys);
  }
}

/* All three files together, imported over the base as a user would. */
static void
test_round_trip_together (void)
{
  g_autofree char *dir = make_temp_dir ("rigplan-together-XXXXXX");
  g_autoptr(RpScenario) s = rp_test_load_example ("pretrain-1b-decoder-32xh100.rigplan");
  g_autofree char *base = write_base (s, dir);
  g_autoptr(RpImport) import = rp_import_new (catalog);
  g_autoptr(RpScenario) back = NULL;
  g_autoptr(GError) error = NULL;
  const char *const keys[] = {
    "hardware.nodes", "hardware.gpus_per_node", "training.precision", "training.zero_stage",
    "training.offload", "training.micro_batch", "training.global_batch", "training.recompute",
    "training.optimizer", "training.tensor_parallel", "training.pipeline_parallel", NULL
  };

  for (RpLaunchFormat f = RP_LAUNCH_DEEPSPEED; f <= RP_LAUNCH_TORCHRUN; f++)
    {
      g_autofree char *path = g_build_filename (dir, rp_launch_format_file_name (f), NULL);

      g_assert_true (rp_launch_export_file (s, catalog, f, path, NULL, &error));
    }
  g_assert_true (rp_import_add_path (import, base, &error));
  {
    g_autofree char *run = g_build_filename (dir, "run.sh", NULL);
    g_autofree char *acc = g_build_filename (dir, "accelerate.yaml", NULL);

    /* run.sh names ds_config.json, which comes along */
    g_assert_true (rp_import_add_path (import, run, &error));
    g_assert_true (rp_import_add_path (import, acc, &error));
  }
  back = rp_import_finish (import, &error);
  g_assert_no_error (error);
  assert_same (s, back, keys);
  g_assert_false (report_has (import, "Conflicts"));
}

/* The launch files say what they cannot carry; the NCCL lines follow the
 * network. */
static void
test_export_words (void)
{
  g_autoptr(RpScenario) s = rp_test_load_example ("pretrain-1b-decoder-32xh100.rigplan");
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) notes = NULL;
  g_autofree char *run = NULL, *howto = NULL, *eth = NULL;

  run = rp_launch_export (s, catalog, RP_LAUNCH_TORCHRUN, NULL, &error);
  g_assert_nonnull (strstr (run, "--nnodes 4"));
  g_assert_nonnull (strstr (run, "--nproc-per-node 8"));
  g_assert_nonnull (strstr (run, "NCCL_IB_DISABLE=0"));
  s->hardware.network = RP_NETWORK_100GBE;
  eth = rp_launch_export (s, catalog, RP_LAUNCH_TORCHRUN, NULL, &error);
  g_assert_nonnull (strstr (eth, "NCCL_IB_DISABLE=1"));
  g_assert_nonnull (strstr (eth, "NCCL_SOCKET_NTHREADS=4"));
  s->training.method = RP_METHOD_LORA;
  s->training.optimizer = RP_OPTIMIZER_ADAMW_8BIT;
  g_free (rp_launch_export (s, catalog, RP_LAUNCH_DEEPSPEED, &notes, &error));
  g_assert_true (g_strv_length (notes) >= 2);
  howto = rp_launch_export (s, catalog, RP_LAUNCH_HOWTO, NULL, &error);
  g_assert_nonnull (strstr (howto, "PEFT"));
  g_assert_nonnull (strstr (howto, "4 nodes × 8 NVIDIA H100"));
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  temp_dirs = g_ptr_array_new_with_free_func (g_free);
  catalog = rp_test_load_catalog ();
  g_test_add_func ("/core/import/published-counts", test_published_counts);
  g_test_add_func ("/core/import/deepseek-by-hand", test_deepseek_by_hand);
  g_test_add_func ("/core/import/moe-active", test_moe_active);
  g_test_add_func ("/core/import/fields-qwen", test_fields_qwen);
  g_test_add_func ("/core/import/fields-others", test_fields_others);
  g_test_add_func ("/core/import/approximations-said", test_approximations_said);
  g_test_add_func ("/core/import/name-and-notes", test_name_and_notes);
  g_test_add_func ("/core/import/checkpoint-counts", test_checkpoint_counts);
  g_test_add_func ("/core/import/index-total-size", test_index_total_size);
  g_test_add_func ("/core/import/hostile-safetensors", test_hostile_safetensors);
  g_test_add_func ("/core/import/index-escape", test_index_escape);
  g_test_add_func ("/core/import/not-a-file", test_not_a_file);
  g_test_add_func ("/core/import/deepspeed", test_deepspeed);
  g_test_add_func ("/core/import/accelerate", test_accelerate);
  g_test_add_func ("/core/import/axolotl", test_axolotl);
  g_test_add_func ("/core/import/torchtune", test_torchtune);
  g_test_add_func ("/core/import/conflict", test_conflict);
  g_test_add_func ("/core/import/malformed", test_malformed);
  g_test_add_func ("/core/import/error-key", test_error_key);
  g_test_add_func ("/core/import/yaml", test_yaml);
  g_test_add_func ("/core/export/round-trip", test_round_trip);
  g_test_add_func ("/core/export/round-trip-accelerate", test_round_trip_accelerate);
  g_test_add_func ("/core/export/round-trip-together", test_round_trip_together);
  g_test_add_func ("/core/export/words", test_export_words);
  status = g_test_run ();
  for (guint i = 0; i < temp_dirs->len; i++)
    remove_tree (g_ptr_array_index (temp_dirs, i));
  g_ptr_array_unref (temp_dirs);
  rp_catalog_unref (catalog);
  return status;
}

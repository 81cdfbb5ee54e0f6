/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-model.c: parameter counting against published counts */

#include "config.h"

#include "rp-catalog.h"
#include "rp-error.h"
#include "rp-model.h"

#include <string.h>

typedef struct
{
  const char *preset;
  guint64     published;
  const char *source;
} PublishedCount;

/* Each count is the number of elements in the official checkpoint as
 * published; the source says where it is stated. */
static const PublishedCount published_counts[] = {
  { "gpt2", 124439808, "HF openai-community/gpt2 safetensors metadata (124,439,808)" },
  { "gpt2-medium", 354823168, "HF gpt2-medium safetensors metadata" },
  { "gpt2-large", 774030080, "HF gpt2-large safetensors metadata" },
  { "gpt2-xl", 1557611200, "HF gpt2-xl safetensors metadata" },
  { "llama-2-7b", 6738415616, "HF meta-llama/Llama-2-7b-hf safetensors metadata (6,738,415,616)" },
  { "llama-2-13b", 13015864320, "HF meta-llama/Llama-2-13b-hf safetensors metadata" },
  { "llama-2-70b", 68976648192, "HF meta-llama/Llama-2-70b-hf safetensors metadata" },
  { "llama-3-8b", 8030261248, "HF meta-llama/Meta-Llama-3-8B safetensors metadata (8,030,261,248)" },
  { "llama-3-70b", 70553706496, "HF meta-llama/Meta-Llama-3-70B safetensors metadata" },
  { "mistral-7b", 7241732096, "HF mistralai/Mistral-7B-v0.1 safetensors metadata" },
  { "mixtral-8x7b", 46702792704, "HF mistralai/Mixtral-8x7B-v0.1 safetensors metadata" },
  { "bert-base", 109482240, "HF google-bert/bert-base-uncased BertModel (109,482,240)" },
  { "t5-base", 222903552, "HF google-t5/t5-base safetensors metadata" },
  { "vit-b-16", 86567656, "HF google/vit-base-patch16-224 safetensors metadata" },
};

static void
test_published_counts (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = rp_catalog_load_default (&error);

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (published_counts); i++)
    {
      const PublishedCount *c = &published_counts[i];
      const RpModelPreset *preset = rp_catalog_lookup_model (catalog, c->preset);

      g_test_message ("%s: %s", c->preset, c->source);
      g_assert_nonnull (preset);
      g_assert_cmpuint (preset->published_params, ==, c->published);
      g_assert_cmpuint (rp_model_count_params (&preset->arch), ==, c->published);
    }
}

/* Every transformer preset in the bundled catalog must reproduce its own
 * published count from its architecture. */
static void
test_every_preset_counts (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = rp_catalog_load_default (&error);
  guint counted = 0;

  g_assert_no_error (error);
  for (guint i = 0; i < rp_catalog_n_models (catalog); i++)
    {
      const RpModelPreset *preset = rp_catalog_get_model (catalog, i);

      if (!rp_model_kind_is_transformer (preset->arch.kind))
        continue;
      g_test_message ("%s", preset->id);
      g_assert_cmpuint (rp_model_count_params (&preset->arch), ==, preset->published_params);
      counted++;
    }
  g_assert_cmpuint (counted, >=, 15);
}

/* GPT-2 small by hand (Radford et al. 2019; HF config): V=50257, P=1024,
 * h=768, L=12, all biases, LayerNorm, tied:
 * (50257+1024)·768 + 12·(4·768²+4·768 + 2·768·3072+3072+768 + 4·768) + 2·768
 * = 39,383,808 + 12·7,087,872 + 1,536 = 124,439,808 */
static void
test_gpt2_by_hand (void)
{
  RpModelArch arch;

  rp_model_arch_init_defaults (&arch);
  arch.kind = RP_MODEL_KIND_DECODER;
  arch.layers = 12;
  arch.hidden = 768;
  arch.heads = 12;
  arch.kv_heads = 12;
  arch.ffn = 3072;
  arch.vocab = 50257;
  arch.max_positions = 1024;
  arch.tied_embeddings = TRUE;
  arch.biases = RP_BIASES_ALL;
  g_assert_cmpuint (rp_model_count_params (&arch), ==, 124439808);
  /* untying adds the head: 50257·768 */
  arch.tied_embeddings = FALSE;
  g_assert_cmpuint (rp_model_count_params (&arch), ==, 124439808 + 50257ull * 768);
}

/* Mixtral 8x7B activates 2 of 8 experts: 12.9B active parameters
 * (Jiang et al. 2024, "Mixtral of Experts": "13B active parameters";
 * by count 12,879,925,248). */
static void
test_moe_active (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = rp_catalog_load_default (&error);
  const RpModelPreset *mixtral;

  g_assert_no_error (error);
  mixtral = rp_catalog_lookup_model (catalog, "mixtral-8x7b");
  g_assert_nonnull (mixtral);
  g_assert_cmpuint (rp_model_active_params (&mixtral->arch), ==, 12879925248);
}

static void
test_resolve_overrides (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = rp_catalog_load_default (&error);
  RpModelSpec spec = { 0 };
  RpModelArch arch;

  g_assert_no_error (error);
  spec.preset = (char *) "llama-2-7b";
  g_assert_true (rp_model_resolve (&spec, catalog, &arch, &error));
  g_assert_cmpuint (rp_model_params (&arch), ==, 6738415616);

  /* changing the depth drops the published count; the counter takes over:
   * 16 layers of 202,383,360 + 2·32000·4096 + 4096 */
  spec.arch.layers = 16;
  spec.overridden = RP_ARCH_LAYERS;
  g_assert_true (rp_model_resolve (&spec, catalog, &arch, &error));
  g_assert_cmpuint (rp_model_params (&arch), ==, 16ull * 202383360 + 2ull * 32000 * 4096 + 4096);

  spec.preset = (char *) "no-such-model";
  g_assert_false (rp_model_resolve (&spec, catalog, &arch, &error));
  g_assert_error (error, RP_ERROR, RP_ERROR_UNKNOWN_MODEL);
}

static void
test_validate (void)
{
  g_autoptr(GError) error = NULL;
  RpModelArch arch;

  rp_model_arch_init_defaults (&arch);
  arch.layers = 2;
  arch.hidden = 100;
  arch.heads = 3;               /* does not divide 100 */
  arch.kv_heads = 3;
  arch.ffn = 400;
  arch.vocab = 10;
  g_assert_false (rp_model_arch_validate (&arch, "model", &error));
  g_assert_nonnull (strstr (error->message, "model.heads"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/model/published-counts", test_published_counts);
  g_test_add_func ("/core/model/every-preset", test_every_preset_counts);
  g_test_add_func ("/core/model/gpt2-by-hand", test_gpt2_by_hand);
  g_test_add_func ("/core/model/moe-active", test_moe_active);
  g_test_add_func ("/core/model/resolve-overrides", test_resolve_overrides);
  g_test_add_func ("/core/model/validate", test_validate);
  return g_test_run ();
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-catalog.c: the bundled catalogs, user overrides and bad files */

#include "config.h"

#include "rp-age.h"
#include "rp-catalog.h"
#include "rp-error.h"
#include "rp-checklist-private.h"
#include "rp-gpu-index.h"
#include "rp-market.h"
#include "rp-test-core.h"

#include <cjson/cJSON.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void
test_bundled_sizes (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_catalog ();

  g_assert_cmpuint (rp_catalog_n_gpus (catalog), >=, 25);
  g_assert_cmpuint (rp_catalog_n_models (catalog), >=, 20);
  g_assert_cmpuint (rp_catalog_n_clouds (catalog), >=, 20);
}

/* The kinds of source an entry may name (README, "Catalogs"). */
static const char *const source_kinds[] = {
  "list price", "market quote", "datasheet", "spec database", "press", "policy", "dataset",
  "survey", "paper", "model config", "documentation", "analyst estimate",
  "modelling assumption", "listing", NULL,
};

static void
check_entry_provenance (const cJSON *entry,
                        const char  *where,
                        GDate       *today)
{
  const cJSON *source = cJSON_GetObjectItemCaseSensitive (entry, "source");
  const cJSON *as_of = cJSON_GetObjectItemCaseSensitive (entry, "as_of");
  const cJSON *kind = cJSON_GetObjectItemCaseSensitive (entry, "source_kind");
  double months = 0;

  if (!cJSON_IsString (source) || strlen (source->valuestring) < 8 ||
      !cJSON_IsString (as_of) || !rp_as_of_months (as_of->valuestring, today, &months) ||
      !cJSON_IsString (kind) || !g_strv_contains (source_kinds, kind->valuestring))
    g_error ("%s: needs a source, an as_of of YYYY[-MM[-DD]] and a known source_kind", where);
  /* a date in the future is a typo */
  g_assert_cmpfloat (months, >=, 0);
}

/* The entries of a catalog file: the objects in its lists and in its
 * "values" table, or else the file itself (mfu.json). */
static guint
check_file_provenance (const char *path,
                       GDate      *today)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  cJSON *root, *member, *entry;
  guint n = 0;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  root = cJSON_Parse (text);
  g_assert_nonnull (root);
  cJSON_ArrayForEach (member, root)
    {
      if (!cJSON_IsArray (member) && g_strcmp0 (member->string, "values") != 0)
        continue;
      cJSON_ArrayForEach (entry, member)
        {
          g_autofree char *where = g_strdup_printf ("%s: %s[%u]", path, member->string, n);

          if (!cJSON_IsObject (entry))
            continue;
          check_entry_provenance (entry, where, today);
          n++;
        }
    }
  if (n == 0)
    check_entry_provenance (root, path, today);
  cJSON_Delete (root);
  return MAX (n, 1);
}

/* Every entry of every bundled catalog file says where its numbers come
 * from, when, and what kind of source that is. */
static void
test_bundled_provenance (void)
{
  const char *dir_path = rp_catalog_default_dir ();
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  g_autoptr(GDate) today = g_date_new_dmy (1, G_DATE_DECEMBER, 2026);
  const char *name;
  guint files = 0, entries = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir_path, name, NULL);

      if (!g_str_has_suffix (name, ".json"))
        continue;
      entries += check_file_provenance (path, today);
      files++;
    }
  g_test_message ("%u entries in %u files", entries, files);
  g_assert_cmpuint (files, >=, 7);
  g_assert_cmpuint (entries, >=, 190);
}

/* Datasheet facts: H100 SXM5 80 GB, 989.4 dense BF16 TFLOP/s, 700 W
 * (NVIDIA H100 datasheet); V100 and T4 have no bf16 (Volta/Turing
 * whitepapers); fp8 only from Hopper/Ada; RTX 4090 trains at 165.2 dense
 * FP16/BF16 TFLOP/s with FP32 accumulate (Ada whitepaper, appendix A). */
static void
test_datasheet_facts (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_catalog ();
  const RpGpu *h100 = rp_catalog_lookup_gpu (catalog, "h100-sxm");
  const RpGpu *v100 = rp_catalog_lookup_gpu (catalog, "v100-sxm2-32gb");
  const RpGpu *t4 = rp_catalog_lookup_gpu (catalog, "t4");
  const RpGpu *a100 = rp_catalog_lookup_gpu (catalog, "a100-80gb-sxm");
  const RpGpu *rtx4090 = rp_catalog_lookup_gpu (catalog, "rtx-4090");

  g_assert_nonnull (h100);
  g_assert_cmpfloat (h100->memory_gib, ==, 80);
  g_assert_cmpfloat_with_epsilon (h100->tflops_bf16, 989.4, 0.1);
  g_assert_cmpfloat (h100->tdp_w, ==, 700);
  g_assert_true (rp_gpu_supports_precision (h100, RP_PRECISION_FP8_MIXED));
  g_assert_cmpuint (rp_gpu_memory_bytes (h100), ==, 80ull << 30);

  g_assert_false (rp_gpu_supports_precision (v100, RP_PRECISION_BF16_MIXED));
  g_assert_true (rp_gpu_supports_precision (v100, RP_PRECISION_FP16_MIXED));
  g_assert_false (rp_gpu_supports_precision (t4, RP_PRECISION_AMP_BF16));
  g_assert_false (rp_gpu_supports_precision (a100, RP_PRECISION_FP8_MIXED));
  g_assert_cmpfloat_with_epsilon (rp_gpu_peak_tflops (a100, RP_PRECISION_BF16_MIXED), 312, 0.01);

  g_assert_cmpfloat_with_epsilon (rtx4090->tflops_bf16, 165.2, 0.05);
  g_assert_cmpint (rtx4090->stack, ==, RP_STACK_CUDA);
  g_assert_cmpstr (rtx4090->compute_capability, ==, "8.9");
}

static gboolean
has_alias (const RpGpu *gpu,
           const char  *word)
{
  return g_strv_contains ((const char *const *) gpu->aliases, word);
}

/* The cards sold in China, with the figures their sources state:
 * - H20: 96 GB, 4.0 TB/s, BF16 148 and FP8 296 dense TFLOP/s (Tom's Hardware,
 *   "New Nvidia AI GPUs designed to get around US export bans come to China",
 *   2024), 400 W (huggingface.co/hardware/h20), NVLink 900 GB/s (1cnz.cn).
 * - L20: 48 GB, 864 GB/s, BF16 119.5, FP8 239 (same article), 275 W (topcpu.net).
 * - RTX 4090 D: 24 GB, 1,008 GB/s, 425 W (evertiq.com news 54972, besthub.dev),
 *   147.09 BF16 TFLOP/s dense with FP32 accumulate (hmc-tech.com spec page).
 * - A800 PCIe: 311.87 BF16 TFLOP/s dense, 250 W (hmc-tech.com spec pages).
 * - A800 SXM4: 80 GB, 400 W, NVLink 400 GB/s (Global Times 2022-11-08,
 *   huggingface.co/hardware/a800); the rest is the A100 80GB SXM4's, the
 *   same GA100 chip (Reuters: only NVLink differs): 2,039 GB/s, 312 BF16.
 * - H800 SXM5: 80 GB, 3.35 TB/s, 700 W, NVLink 400 GB/s (philisun.com,
 *   huggingface.co/hardware/h800, tumgag.com); its FP8/FP16/BF16 compute
 *   matches the H100 SXM5's (the same GH100): 989.4 BF16, 1,979 FP8.
 * - RTX 4090 48 GB boards: the RTX 4090's 165.2 BF16 TFLOP/s (Ada whitepaper
 *   appendix A) on 48 GB (tomshw.it 2025-03-27); the same AD102 and memory
 *   bus: the 4090's 1,008 GB/s and 450 W.
 * - H20 and L20: compute capability 9.0 and 8.9 (PyTorch on the cards, in
 *   SageAttention issue 260 and FlowFormer issue 49). */
static void
test_china_gpus (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_catalog ();
  const RpGpu *h20 = rp_catalog_lookup_gpu (catalog, "h20");
  const RpGpu *l20 = rp_catalog_lookup_gpu (catalog, "l20");
  const RpGpu *d4090 = rp_catalog_lookup_gpu (catalog, "rtx-4090d");
  const RpGpu *a800_pcie = rp_catalog_lookup_gpu (catalog, "a800-80gb-pcie");
  const RpGpu *a800_40 = rp_catalog_lookup_gpu (catalog, "a800-40gb-pcie");
  const RpGpu *a800_sxm = rp_catalog_lookup_gpu (catalog, "a800-80gb-sxm");
  const RpGpu *h800 = rp_catalog_lookup_gpu (catalog, "h800-sxm");
  const RpGpu *big4090 = rp_catalog_lookup_gpu (catalog, "rtx-4090-48gb");
  const RpGpu *big4090d = rp_catalog_lookup_gpu (catalog, "rtx-4090d-48gb");

  g_assert_cmpfloat (h20->memory_gib, ==, 96);
  g_assert_cmpfloat (h20->memory_bandwidth_gb_s, ==, 4000);
  g_assert_cmpfloat (h20->tflops_bf16, ==, 148);
  g_assert_cmpfloat (h20->tflops_fp8, ==, 296);
  g_assert_cmpfloat (h20->tdp_w, ==, 400);
  g_assert_cmpfloat (h20->interconnect_gb_s, ==, 900);

  g_assert_cmpfloat (l20->memory_gib, ==, 48);
  g_assert_cmpfloat (l20->memory_bandwidth_gb_s, ==, 864);
  g_assert_cmpfloat (l20->tflops_bf16, ==, 119.5);
  g_assert_cmpfloat (l20->tflops_fp8, ==, 239);
  g_assert_cmpfloat (l20->tdp_w, ==, 275);

  g_assert_cmpfloat (d4090->memory_gib, ==, 24);
  g_assert_cmpfloat (d4090->memory_bandwidth_gb_s, ==, 1008);
  g_assert_cmpfloat (d4090->tflops_bf16, ==, 147.09);
  g_assert_cmpfloat (d4090->tdp_w, ==, 425);
  g_assert_true (has_alias (d4090, "4090D"));

  g_assert_cmpfloat (a800_pcie->memory_gib, ==, 80);
  g_assert_cmpfloat (a800_pcie->tflops_bf16, ==, 311.87);
  g_assert_cmpfloat (a800_pcie->tdp_w, ==, 250);
  g_assert_cmpfloat (a800_40->memory_gib, ==, 40);

  g_assert_cmpfloat (a800_sxm->memory_gib, ==, 80);
  g_assert_cmpfloat (a800_sxm->tdp_w, ==, 400);
  g_assert_cmpfloat (a800_sxm->interconnect_gb_s, ==, 400);
  g_assert_true (rp_gpu_supports_precision (a800_sxm, RP_PRECISION_BF16_MIXED));
  g_assert_cmpfloat (a800_sxm->tflops_bf16, ==, 312);
  g_assert_cmpfloat (a800_sxm->memory_bandwidth_gb_s, ==, 2039);
  g_assert_cmpstr (rp_gpu_field_derivation (a800_sxm, RP_GPU_FIELD_TFLOPS_BF16)->from_gpu, ==,
                   "a100-80gb-sxm");
  /* its own figures are its own: the NVLink rate is not the A100's */
  g_assert_null (rp_gpu_field_derivation (a800_sxm, RP_GPU_FIELD_INTERCONNECT));
  g_assert_cmpfloat (a800_pcie->memory_bandwidth_gb_s, ==, 1935);
  g_assert_cmpfloat (a800_40->memory_bandwidth_gb_s, ==, 1555);

  g_assert_cmpfloat (h800->memory_gib, ==, 80);
  g_assert_cmpfloat (h800->memory_bandwidth_gb_s, ==, 3350);
  g_assert_cmpfloat (h800->tdp_w, ==, 700);
  g_assert_cmpfloat (h800->interconnect_gb_s, ==, 400);
  g_assert_true (rp_gpu_supports_precision (h800, RP_PRECISION_FP8_MIXED));
  g_assert_cmpfloat (h800->tflops_bf16, ==, 989.4);
  g_assert_cmpfloat (h800->tflops_fp8, ==, 1979);
  /* no source gives its FP32 rate: unknown, not 0 "no" */
  g_assert_cmpint (rp_gpu_precision_support (h800, RP_PRECISION_FP32), ==, RP_SUPPORT_YES);
  g_assert_false (rp_gpu_supports_precision (h800, RP_PRECISION_FP32));

  g_assert_cmpstr (h20->compute_capability, ==, "9.0");
  g_assert_cmpstr (l20->compute_capability, ==, "8.9");

  g_assert_cmpfloat (big4090->memory_gib, ==, 48);
  g_assert_cmpfloat (big4090->tflops_bf16, ==, 165.2);
  g_assert_cmpfloat (big4090->tdp_w, ==, 450);
  g_assert_cmpfloat (big4090->memory_bandwidth_gb_s, ==, 1008);
  g_assert_cmpfloat (big4090d->tdp_w, ==, 425);
  g_assert_true (has_alias (big4090, "魔改4090"));
  g_assert_cmpfloat (big4090d->memory_gib, ==, 48);
  g_assert_cmpint (big4090d->segment, ==, RP_SEGMENT_CONSUMER);
}

static void
test_clouds_reference_gpus (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_catalog ();

  for (guint i = 0; i < rp_catalog_n_clouds (catalog); i++)
    {
      const RpCloudOffer *o = rp_catalog_get_cloud (catalog, i);
      g_assert_nonnull (rp_catalog_lookup_gpu (catalog, o->gpu));
      g_assert_cmpuint (o->gpus_per_instance, >=, 1);
    }
}

/* Every offer says who sells it and what kind of source its price is. */
static void
test_provider_classes (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_catalog ();
  const RpCloudOffer *vast = rp_catalog_lookup_cloud (catalog, "vast-ai-rtx-4090-marketplace");
  const RpCloudOffer *aws = rp_catalog_lookup_cloud (catalog, "aws-p5-48xlarge");
  const RpCloudOffer *lambda = rp_catalog_lookup_cloud (catalog, "lambda-h100-sxm-on-demand");
  RpProviderClass cls = RP_PROVIDER_HYPERSCALER;

  g_assert_cmpint (vast->provider_class, ==, RP_PROVIDER_MARKETPLACE);
  g_assert_nonnull (vast->reliability);
  g_assert_cmpint (aws->provider_class, ==, RP_PROVIDER_HYPERSCALER);
  g_assert_cmpint (lambda->provider_class, ==, RP_PROVIDER_GPU_CLOUD);
  for (guint i = 0; i < rp_catalog_n_clouds (catalog); i++)
    g_assert_nonnull (rp_catalog_get_cloud (catalog, i)->source_kind);

  g_assert_true (rp_provider_class_from_string ("gpu-cloud", &cls));
  g_assert_cmpint (cls, ==, RP_PROVIDER_GPU_CLOUD);
  g_assert_false (rp_provider_class_from_string ("broker", &cls));
  g_assert_cmpstr (rp_provider_class_to_string (RP_PROVIDER_MARKETPLACE), ==, "marketplace");
}

/* Search words load; a GPU without any has an empty list, never NULL. */
static void
test_gpu_aliases (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_catalog ();
  const RpGpu *ascend = rp_catalog_lookup_gpu (catalog, "ascend-910b");

  g_assert_true (has_alias (ascend, "昇腾"));
  g_assert_true (has_alias (ascend, "910B"));
  g_assert_false (has_alias (ascend, "910"));
  for (guint i = 0; i < rp_catalog_n_gpus (catalog); i++)
    {
      const RpGpu *gpu = rp_catalog_get_gpu (catalog, i);

      g_assert_nonnull (gpu->aliases);
      g_assert_nonnull (gpu->source_kind);
    }
}

/* A GPU no source states a throughput for loads when it claims no
 * precision, and then supports none; claiming one without a figure is a
 * typo and is refused. */
static void
test_gpu_without_throughput (void)
{
  static const char known_nothing[] =
    "{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": [{\"id\": \"x\","
    " \"name\": \"X\", \"vendor\": \"V\", \"memory_gib\": 80, \"tflops\": {\"bf16\": null},"
    " \"source\": \"s\", \"as_of\": \"2023\"}]}";
  static const char claims_bf16[] =
    "{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": [{\"id\": \"x\","
    " \"name\": \"X\", \"vendor\": \"V\", \"memory_gib\": 80, \"tflops\": {\"bf16\": null},"
    " \"precisions\": [\"bf16\"], \"source\": \"s\", \"as_of\": \"2023\"}]}";
  g_autoptr(RpCatalog) catalog = rp_catalog_new_empty ();
  g_autoptr(GBytes) good = g_bytes_new_static (known_nothing, strlen (known_nothing));
  g_autoptr(GBytes) bad = g_bytes_new_static (claims_bf16, strlen (claims_bf16));
  g_autoptr(GError) error = NULL;
  const RpGpu *gpu;

  g_assert_true (rp_catalog_load_bytes (catalog, good, "good.json", &error));
  g_assert_no_error (error);
  gpu = rp_catalog_lookup_gpu (catalog, "x");
  g_assert_false (rp_gpu_supports_precision (gpu, RP_PRECISION_BF16_MIXED));
  g_assert_false (rp_gpu_supports_precision (gpu, RP_PRECISION_FP32));
  g_assert_nonnull (gpu->aliases);
  g_assert_null (gpu->aliases[0]);

  g_assert_false (rp_catalog_load_bytes (catalog, bad, "bad.json", &error));
  g_assert_error (error, RP_ERROR, RP_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message, "gpus[0].tflops"));
}

/* Issue 15: yuan prices from at least five domestic providers, each dated. */
static void
test_cny_providers (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_catalog ();
  g_autoptr(GHashTable) providers = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GDate) today = g_date_new_dmy (1, G_DATE_DECEMBER, 2026);
  const RpCloudOffer *autodl;

  for (guint i = 0; i < rp_catalog_n_clouds (catalog); i++)
    {
      const RpCloudOffer *o = rp_catalog_get_cloud (catalog, i);
      double months = 0;

      if (o->currency != RP_CURRENCY_CNY)
        continue;
      g_assert_true (rp_as_of_months (o->as_of, today, &months));
      g_assert_nonnull (o->provider_zh);
      g_hash_table_add (providers, o->provider);
    }
  g_assert_cmpuint (g_hash_table_size (providers), >=, 5);
  g_assert_true (g_hash_table_contains (providers, "AutoDL"));
  autodl = rp_catalog_lookup_cloud (catalog, "autodl-rtx-4090");
  g_assert_cmpfloat (autodl->per_gpu_hour[RP_RENT_MONTHLY], ==, 1.4611); /* 1,052 / 720 h */
}

/* Issue 28: every dated yuan offer the sources give is in the catalog (52
 * from 11 providers); an "A100" or "A800" without a memory size is the 40 GB
 * PCIe part, never an NVLink node; large clouds' dedicated machines are the
 * stale 2022 table. */
static void
test_cny_market (void)
{
  static const struct
  {
    const char *id;
    const char *gpu;
    double      on_demand;
  } added[] = {
    { "autodl-v100-32gb", "v100-pcie-32gb", 1.98 },      /* AutoDL homepage, 2026-10-04 */
    { "gongji-a800", "a800-40gb-pcie", 7.80 },           /* gongjiyun.com/pricing */
    { "compshare-a800-2026", "a800-40gb-pcie", 6.23 },   /* 2026 guide */
    { "zhixingyun-a100-2026", "a100-40gb-pcie", 5.8 },
    { "gpushare-a100-2026", "a100-40gb-pcie", 6.0 },
    { "alibaba-a100-2026", "a100-40gb-pcie", 14.0 },
    { "tencent-a100-2026", "a100-40gb-pcie", 14.0 },
  };
  g_autoptr(RpCatalog) catalog = rp_test_load_catalog ();
  g_autoptr(GHashTable) providers = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GDate) today = g_date_new_dmy (1, G_DATE_DECEMBER, 2026);
  guint n_cny = 0;
  const RpCloudOffer *o;

  for (guint i = 0; i < rp_catalog_n_clouds (catalog); i++)
    {
      o = rp_catalog_get_cloud (catalog, i);
      if (o->currency != RP_CURRENCY_CNY)
        continue;
      n_cny++;
      g_hash_table_add (providers, o->provider);
    }
  g_assert_cmpuint (n_cny, >=, 52);
  g_assert_cmpuint (g_hash_table_size (providers), >=, 11);

  for (guint i = 0; i < G_N_ELEMENTS (added); i++)
    {
      o = rp_catalog_lookup_cloud (catalog, added[i].id);
      g_assert_nonnull (o);
      g_assert_cmpstr (o->gpu, ==, added[i].gpu);
      g_assert_cmpuint (o->currency, ==, RP_CURRENCY_CNY);
      g_assert_cmpuint (o->gpus_per_instance, ==, 1);
      g_assert_cmpfloat (o->per_gpu_hour[RP_RENT_ON_DEMAND], ==, added[i].on_demand);
    }
  /* the two list prices of October 2026 are current; the guide's, dated by
   * its year only, count from 2026-01-01 and are stale by December */
  g_assert_false (rp_price_is_stale (rp_catalog_lookup_cloud (catalog, "autodl-v100-32gb")->as_of,
                                     today));
  g_assert_false (rp_price_is_stale (rp_catalog_lookup_cloud (catalog, "gongji-a800")->as_of,
                                     today));
  g_assert_true (rp_price_is_stale (rp_catalog_lookup_cloud (catalog, "zhixingyun-a100-2026")
                                    ->as_of, today));
  /* the guide's "~14 元/时" is a third party's figure for a hyperscaler */
  o = rp_catalog_lookup_cloud (catalog, "alibaba-a100-2026");
  g_assert_cmpuint (o->provider_class, ==, RP_PROVIDER_HYPERSCALER);
  g_assert_cmpstr (o->source_kind, ==, "market quote");
  /* the large clouds' machines are still the 2022 table, marked stale */
  o = rp_catalog_lookup_cloud (catalog, "huawei-v100-32gb-8x-2022");
  g_assert_true (rp_price_is_stale (o->as_of, today));
  /* a guide's older price for an offer the provider lists itself is not
   * a second entry: Compshare's RTX 4090 is 1.92 (its price list) */
  g_assert_cmpfloat (rp_catalog_lookup_cloud (catalog, "compshare-rtx-4090")
                     ->per_gpu_hour[RP_RENT_ON_DEMAND], ==, 1.92);
}

/* The bundled purchase prices: every GPU is known, servers have a size. */
static void
test_bundled_purchases (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_catalog ();
  const RpPurchasePrice *p;
  guint servers = 0;

  g_assert_cmpuint (rp_catalog_n_purchases (catalog), >=, 15);
  for (guint i = 0; i < rp_catalog_n_purchases (catalog); i++)
    {
      p = rp_catalog_get_purchase (catalog, i);
      g_assert_nonnull (rp_catalog_lookup_gpu (catalog, p->gpu));
      g_assert_cmpfloat (p->price, >, 0);
      g_assert_cmpuint (p->gpus_per_server, ==, p->server ? 8 : 1);
      if (p->condition != RP_CONDITION_NEW)
        g_assert_nonnull (p->risk);
      servers += p->server;
    }
  g_assert_cmpuint (servers, >=, 5);

  /* The newest CNY price of a new RTX 4090: the 2025 e-commerce listing of
   * 22,559 CNY (woter.ai), not the 2023-10 ones (13,000 to 26,000). */
  p = rp_catalog_find_purchase (catalog, "rtx-4090", RP_CONDITION_NEW, RP_CURRENCY_CNY);
  g_assert_cmpfloat (p->price, ==, 22559);
  /* No USD price: the newest in any currency. */
  g_assert_true (rp_catalog_find_purchase (catalog, "rtx-4090", RP_CONDITION_NEW,
                                           RP_CURRENCY_USD) == p);
  /* A card, not the 8-GPU servers that are dated later. */
  p = rp_catalog_find_purchase (catalog, "h20", RP_CONDITION_NEW, RP_CURRENCY_CNY);
  g_assert_false (p->server);
  g_assert_cmpfloat (p->price, ==, 110000);
  p = rp_catalog_find_purchase (catalog, "rtx-3090", RP_CONDITION_EX_MINING, RP_CURRENCY_CNY);
  g_assert_cmpfloat (p->price, ==, 13000);
  g_assert_null (rp_catalog_find_purchase (catalog, "rtx-4090", RP_CONDITION_USED,
                                           RP_CURRENCY_CNY));

  /* Issue 28: the yuan prices of parts China buys: a used V100 (900, 2024),
   * the A100 and A800 on e-commerce (2023), an 8 × A800 server at the 2023
   * shortage's peak (2.3 M, the low end) */
  p = rp_catalog_find_purchase (catalog, "v100-pcie-16gb", RP_CONDITION_USED, RP_CURRENCY_CNY);
  g_assert_nonnull (p);
  g_assert_cmpfloat (p->price, ==, 900);
  g_assert_nonnull (p->risk);
  p = rp_catalog_find_purchase (catalog, "a100-40gb-pcie", RP_CONDITION_NEW, RP_CURRENCY_CNY);
  g_assert_cmpfloat (p->price, ==, 125000);
  g_assert_cmpuint (p->currency, ==, RP_CURRENCY_CNY);
  p = rp_catalog_find_purchase (catalog, "a800-40gb-pcie", RP_CONDITION_NEW, RP_CURRENCY_CNY);
  g_assert_cmpfloat (p->price, ==, 108000);
  p = rp_catalog_find_server_purchase (catalog, "a800-80gb-sxm", 8, RP_CONDITION_NEW,
                                       RP_CURRENCY_CNY);
  g_assert_nonnull (p);
  g_assert_cmpfloat (p->price, ==, 2300000);
}

/* A lookup by id answers for the catalog asked as it is now: after a
 * later file replaces the entry, in another catalog, and for another id,
 * whatever the lookup before it found (the last entry found is kept per
 * thread). */
static void
test_lookup_again (void)
{
  static const char first[] =
    "{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": [{\"id\": \"x\","
    " \"name\": \"X\", \"vendor\": \"V\", \"memory_gib\": 80, \"tflops\": {\"bf16\": null}, \"source\": \"s\","
    " \"as_of\": \"2023\"}, {\"id\": \"y\", \"name\": \"Y\", \"vendor\": \"V\","
    " \"memory_gib\": 40, \"tflops\": {\"bf16\": null}, \"source\": \"s\", \"as_of\": \"2023\"}]}";
  static const char again[] =
    "{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": [{\"id\": \"x\","
    " \"name\": \"X2\", \"vendor\": \"V\", \"memory_gib\": 96, \"tflops\": {\"bf16\": null}, \"source\": \"s\","
    " \"as_of\": \"2024\"}]}";
  g_autoptr(GBytes) first_bytes = g_bytes_new_static (first, strlen (first));
  g_autoptr(GBytes) again_bytes = g_bytes_new_static (again, strlen (again));
  RpCatalog *one = rp_catalog_new_empty ();
  RpCatalog *two = rp_catalog_new_empty ();
  g_autofree char *id = g_strdup ("x");
  const RpGpu *gpu;

  g_assert_true (rp_catalog_load_bytes (one, first_bytes, "first.json", NULL));
  g_assert_true (rp_catalog_load_bytes (two, first_bytes, "first.json", NULL));
  g_assert_cmpstr (rp_catalog_lookup_gpu (one, "x")->name, ==, "X");
  g_assert_cmpstr (rp_catalog_lookup_gpu (one, id)->name, ==, "X");
  g_assert_cmpstr (rp_catalog_lookup_gpu (one, "y")->name, ==, "Y");
  g_assert_null (rp_catalog_lookup_gpu (one, "z"));
  g_assert_null (rp_catalog_lookup_gpu (one, NULL));
  gpu = rp_catalog_lookup_gpu (one, "x");
  g_assert_true (rp_catalog_lookup_gpu (two, "x") != gpu);
  g_assert_true (rp_catalog_lookup_gpu (two, "x") == rp_catalog_get_gpu (two, 0));
  /* a later file replaces x in one, just found: the lookup finds the
   * new entry */
  g_assert_cmpstr (rp_catalog_lookup_gpu (one, "x")->name, ==, "X");
  g_assert_true (rp_catalog_load_bytes (one, again_bytes, "again.json", NULL));
  g_assert_cmpstr (rp_catalog_lookup_gpu (one, "x")->name, ==, "X2");
  g_assert_cmpfloat (rp_catalog_lookup_gpu (one, "x")->memory_gib, ==, 96);
  g_assert_cmpstr (rp_catalog_lookup_gpu (two, "x")->name, ==, "X");
  /* a catalog freed and another made in its place */
  rp_catalog_unref (one);
  one = rp_catalog_new_empty ();
  g_assert_null (rp_catalog_lookup_gpu (one, "x"));
  g_assert_true (rp_catalog_load_bytes (one, again_bytes, "again.json", NULL));
  g_assert_cmpstr (rp_catalog_lookup_gpu (one, "x")->name, ==, "X2");
  g_assert_null (rp_catalog_lookup_gpu (one, "y"));
  rp_catalog_unref (one);
  rp_catalog_unref (two);
}

/* What the index answers for @gpu equals the lookups by id. */
static void
assert_index_answers (const RpCatalog *catalog,
                      const RpGpu     *gpu)
{
  g_assert_true (rp_catalog_gpu_market (catalog, gpu) ==
                 rp_market_data_for_gpu (rp_catalog_get_market_data (catalog), gpu->id));
  g_assert_true (rp_catalog_lookup_software (catalog, gpu) ==
                 rp_checklist_data_find_software (rp_catalog_get_checklist_data (catalog), gpu));
  for (guint c = 0; c < RP_N_CONDITIONS; c++)
    for (guint m = 0; m < RP_N_CURRENCIES; m++)
      g_assert_true (rp_catalog_find_gpu_purchase (catalog, gpu, c, m) ==
                     rp_catalog_find_purchase (catalog, gpu->id, c, m));
}

/* Every catalog GPU's index (RpGpu.index) gives what the lookups by id
 * give, after each load; a copy, or a GPU another catalog lists, is
 * looked up by id and gets the same answers. */
static void
test_gpu_index (void)
{
  static const char later[] =
    "{\"format\": \"rigplan-purchases\", \"version\": 1, \"prices\": ["
    " {\"id\": \"h100-used-mine\", \"gpu\": \"h100-sxm\", \"condition\": \"used\","
    "  \"currency\": \"CNY\", \"price\": 150000, \"source\": \"s\", \"as_of\": \"2099-01\"}]}";
  g_autoptr(RpCatalog) catalog = rp_test_load_catalog ();
  g_autoptr(RpCatalog) other = rp_test_load_catalog ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (later, strlen (later));
  g_autoptr(GError) error = NULL;
  guint n_found = 0;

  for (guint pass = 0; pass < 2; pass++)
    {
      for (guint i = 0; i < rp_catalog_n_gpus (catalog); i++)
        {
          const RpGpu *gpu = rp_catalog_get_gpu (catalog, i);
          RpGpu copy = *gpu;

          g_assert_nonnull (rp_catalog_gpu_index (catalog, gpu));
          g_assert_null (rp_catalog_gpu_index (catalog, &copy));
          g_assert_null (rp_catalog_gpu_index (other, gpu));
          assert_index_answers (catalog, gpu);
          assert_index_answers (catalog, &copy);
          assert_index_answers (other, gpu);
          n_found += rp_catalog_gpu_market (catalog, gpu) != NULL;
          n_found += rp_catalog_find_gpu_purchase (catalog, gpu, RP_CONDITION_NEW,
                                                   RP_CURRENCY_USD) != NULL;
          n_found += rp_catalog_lookup_software (catalog, gpu) != NULL;
        }
      /* a later file's price: the index follows it */
      g_assert_true (rp_catalog_load_bytes (catalog, bytes, "later.json", &error));
      g_assert_no_error (error);
    }
  g_assert_cmpstr (rp_catalog_find_gpu_purchase (catalog,
                                                 rp_catalog_lookup_gpu (catalog, "h100-sxm"),
                                                 RP_CONDITION_USED, RP_CURRENCY_CNY)->id,
                   ==, "h100-used-mine");
  /* the answers are there to compare: most GPUs have each */
  g_assert_cmpuint (n_found, >, rp_catalog_n_gpus (catalog) * 2);
}

/* find_purchase prefers the asked currency, then the newest date. */
static void
test_find_purchase (void)
{
  static const char text[] =
    "{\"format\": \"rigplan-purchases\", \"version\": 1, \"prices\": ["
    " {\"id\": \"usd-old\", \"gpu\": \"l20\", \"condition\": \"new\", \"currency\": \"USD\","
    "  \"price\": 3000, \"source\": \"s\", \"as_of\": \"2024-01\"},"
    " {\"id\": \"usd-new\", \"gpu\": \"l20\", \"condition\": \"new\", \"currency\": \"USD\","
    "  \"price\": 2800, \"source\": \"s\", \"as_of\": \"2024-06-30\"},"
    " {\"id\": \"usd-year\", \"gpu\": \"l20\", \"condition\": \"new\", \"currency\": \"USD\","
    "  \"price\": 2900, \"source\": \"s\", \"as_of\": \"2024\"},"
    " {\"id\": \"cny\", \"gpu\": \"l20\", \"condition\": \"new\", \"currency\": \"CNY\","
    "  \"price\": 21000, \"source\": \"s\", \"as_of\": \"2025-05\"},"
    " {\"id\": \"used\", \"gpu\": \"l20\", \"condition\": \"used\", \"currency\": \"USD\","
    "  \"price\": 1000, \"source\": \"s\", \"as_of\": \"2026-01\"},"
    " {\"id\": \"rack\", \"kind\": \"server\", \"gpus_per_server\": 8, \"gpu\": \"l20\","
    "  \"condition\": \"new\", \"currency\": \"USD\", \"price\": 40000, \"source\": \"s\","
    "  \"as_of\": \"2026-02\"}]}";
  static const char later[] =
    "{\"format\": \"rigplan-purchases\", \"version\": 1, \"prices\": ["
    " {\"id\": \"cny\", \"gpu\": \"l20\", \"condition\": \"new\", \"currency\": \"CNY\","
    "  \"price\": 20000, \"source\": \"s\", \"as_of\": \"2025-06\"},"
    " {\"id\": \"mined\", \"gpu\": \"l20\", \"condition\": \"ex-mining\","
    "  \"currency\": \"USD\", \"price\": 900, \"source\": \"s\", \"as_of\": \"2026-01\"}]}";
  g_autoptr(RpCatalog) catalog = rp_test_load_catalog ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (text, strlen (text));
  g_autoptr(GError) error = NULL;

  g_assert_true (rp_catalog_load_bytes (catalog, bytes, "mine.json", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (rp_catalog_find_purchase (catalog, "l20", RP_CONDITION_NEW,
                                             RP_CURRENCY_USD)->id, ==, "usd-new");
  g_assert_cmpstr (rp_catalog_find_purchase (catalog, "l20", RP_CONDITION_NEW,
                                             RP_CURRENCY_CNY)->id, ==, "cny");
  g_assert_cmpstr (rp_catalog_find_purchase (catalog, "l20", RP_CONDITION_USED,
                                             RP_CURRENCY_CNY)->id, ==, "used");
  g_assert_null (rp_catalog_find_purchase (catalog, "l20", RP_CONDITION_EX_MINING,
                                           RP_CURRENCY_USD));
  /* a later file's price of the same id replaces it: the lookup's index
   * is rebuilt with every load */
  g_clear_pointer (&bytes, g_bytes_unref);
  bytes = g_bytes_new_static (later, strlen (later));
  g_assert_true (rp_catalog_load_bytes (catalog, bytes, "later.json", &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (rp_catalog_find_purchase (catalog, "l20", RP_CONDITION_NEW,
                                               RP_CURRENCY_CNY)->price, ==, 20000);
  g_assert_cmpstr (rp_catalog_find_purchase (catalog, "l20", RP_CONDITION_EX_MINING,
                                             RP_CURRENCY_USD)->id, ==, "mined");
  g_assert_cmpint (rp_as_of_compare ("2024", "2024-01-01"), ==, 0);
  g_assert_cmpint (rp_as_of_compare ("2024-06-30", "2024-06"), >, 0);
  g_assert_cmpint (rp_as_of_compare ("garbled", "1999"), <, 0);
}

/* Electricity and PUE by region, as their sources state them:
 * Guizhou about 0.35 CNY/kWh (biz.chosun.com 2026-04-11, citing Xinhua);
 * Zhongwei, Ningxia 0.36 CNY/kWh at PUE 1.1 (China Daily 2020-11-16);
 * US industrial 0.0826 USD/kWh for 2025 (Epoch, EIA-derived) at PUE 1.58
 * (Uptime Institute 2023); Beijing's is State Grid's agency-purchase
 * table for July 2024 (1-10 kV, two-part); Shanghai's is unknown. */
static void
test_regions (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_catalog ();
  static const char *const provinces[] = {
    "cn-beijing", "cn-shanghai", "cn-guangdong", "cn-inner-mongolia", "cn-guizhou", "cn-ningxia",
  };
  const RpRegion *guizhou = rp_catalog_lookup_region (catalog, "cn-guizhou");
  const RpRegion *ningxia = rp_catalog_lookup_region (catalog, "cn-ningxia");
  const RpRegion *us = rp_catalog_lookup_region (catalog, "us");
  const RpRegion *beijing = rp_catalog_lookup_region (catalog, "cn-beijing");

  for (guint i = 0; i < G_N_ELEMENTS (provinces); i++)
    {
      const RpRegion *r = rp_catalog_lookup_region (catalog, provinces[i]);

      g_assert_nonnull (r);
      g_assert_cmpstr (r->country, ==, "CN");
      g_assert_nonnull (r->name_zh);
      g_assert_cmpfloat (r->pue, >=, 1);
    }
  g_assert_cmpfloat (guizhou->electricity_per_kwh, ==, 0.35);
  g_assert_cmpint (guizhou->currency, ==, RP_CURRENCY_CNY);
  g_assert_cmpfloat (ningxia->electricity_per_kwh, ==, 0.36);
  g_assert_cmpfloat (ningxia->pue, ==, 1.1);
  g_assert_cmpfloat (us->electricity_per_kwh, ==, 0.0826);
  g_assert_cmpint (us->currency, ==, RP_CURRENCY_USD);
  g_assert_cmpfloat (us->pue, ==, 1.58);
  /* State Grid Beijing's 1-10 kV two-part table of July 2024 */
  g_assert_cmpfloat (beijing->electricity_per_kwh, ==, 0.681335);
  g_assert_cmpfloat (beijing->tariff.peak, ==, 0.926841);
  g_assert_cmpfloat (beijing->tariff.sharp, ==, 1.057777);
  g_assert_cmpstr (beijing->tariff.period, ==, "2024-07");
  g_assert_cmpfloat (rp_catalog_lookup_region (catalog, "cn-shanghai")->electricity_per_kwh,
                     ==, 0);
  g_assert_nonnull (rp_catalog_lookup_region (catalog, "other"));
  g_assert_null (rp_catalog_lookup_region (catalog, "atlantis"));
}

/* The default exchange rate is the PBOC central parity of 2026-01-23,
 * 6.9929 CNY per USD (Reuters via devdiscourse.com), with its date. */
static void
test_usd_to_cny (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_catalog ();
  const RpPricing *pricing = rp_catalog_get_pricing (catalog);
  const RpPricingValue *rate = rp_pricing_get_entry (pricing, RP_PRICING_USD_TO_CNY);
  double v = 0;

  g_assert_true (rp_pricing_lookup (pricing, RP_PRICING_USD_TO_CNY, &v));
  g_assert_cmpfloat (v, ==, 6.9929);
  g_assert_cmpstr (rate->as_of, ==, "2026-01-23");
  g_assert_cmpstr (rate->source_kind, ==, "press");
  g_assert_cmpstr (rp_pricing_key_to_string (RP_PRICING_USD_TO_CNY), ==, "usd_to_cny");
}

static char *
write_temp (const char *dir,
            const char *name,
            const char *text)
{
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  return path;
}

/* A user file overrides a bundled GPU by id and adds a new one. */
static void
test_user_override (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_catalog ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rigplan-test-XXXXXX", &error);
  g_autofree char *path = NULL;
  guint n_before = rp_catalog_n_gpus (catalog);

  g_assert_no_error (error);
  path = write_temp (dir, "mine.json",
    "{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": ["
    " {\"id\": \"rtx-4090\", \"name\": \"My 4090 (48 GB mod)\", \"vendor\": \"NVIDIA\","
    "  \"memory_gib\": 48, \"tflops\": {\"bf16\": 165.2}, \"source\": \"me\", \"as_of\": \"2026\"},"
    " {\"id\": \"my-card\", \"name\": \"Lab card\", \"vendor\": \"X\", \"memory_gib\": 12,"
    "  \"tflops\": {\"fp32\": 10}, \"source\": \"me\", \"as_of\": \"2026\"}]}");
  g_assert_true (rp_catalog_load_dir (catalog, dir, FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (rp_catalog_n_gpus (catalog), ==, n_before + 1);
  g_assert_cmpfloat (rp_catalog_lookup_gpu (catalog, "rtx-4090")->memory_gib, ==, 48);
  g_assert_nonnull (rp_catalog_lookup_gpu (catalog, "my-card"));
  g_unlink (path);
  g_rmdir (dir);
}

/* 包日 and 包月 prices are read into their own rent kinds, per GPU-hour. */
static void
test_daily_monthly_prices (void)
{
  static const char text[] =
    "{\"format\": \"rigplan-clouds\", \"version\": 1, \"offers\": [{\"id\": \"lab\","
    " \"provider\": \"Lab\", \"gpu\": \"rtx-4090\", \"currency\": \"CNY\","
    " \"per_gpu_hour\": {\"daily\": 1.75, \"monthly\": 1.4611}, \"source\": \"s\","
    " \"as_of\": \"2026-10\"}]}";
  g_autoptr(RpCatalog) catalog = rp_test_load_catalog ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = g_bytes_new_static (text, strlen (text));
  const RpCloudOffer *offer;

  g_assert_true (rp_catalog_load_bytes (catalog, bytes, "lab.json", &error));
  g_assert_no_error (error);
  offer = rp_catalog_lookup_cloud (catalog, "lab");
  g_assert_cmpfloat (offer->per_gpu_hour[RP_RENT_DAILY], ==, 1.75);
  g_assert_cmpfloat (offer->per_gpu_hour[RP_RENT_MONTHLY], ==, 1.4611);
  g_assert_cmpfloat (offer->per_gpu_hour[RP_RENT_ON_DEMAND], ==, 0);
  g_assert_cmpstr (rp_rent_kind_to_string (RP_RENT_MONTHLY), ==, "monthly");
}

/* Ages counted by hand from 2026-12-01 in 30.436875-day months (365.2425 / 12):
 * 2026-06-01 is 183 days back, 6.012 months; 2026-06-02 is 182 days, 5.980. */
static void
test_as_of_months (void)
{
  static const struct { const char *as_of; double months; } good[] = {
    { "2026-12-01", 0 },
    { "2026-06-01", 183 / 30.436875 },
    { "2026-06-02", 182 / 30.436875 },
    { "2026-10", 61 / 30.436875 },       /* from its first day */
    { "2026", 334 / 30.436875 },
    { "2022-07", 1614 / 30.436875 },
    { "2027-01-01", -31 / 30.436875 },   /* a date in the future */
  };
  static const char *const bad[] = {
    "", "d", "2023-H2", "2026-13", "2026-02-30", "26-01-01", "2026-1-1", "2026-10-04x",
  };
  g_autoptr(GDate) today = g_date_new_dmy (1, G_DATE_DECEMBER, 2026);

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      double months = -1000;

      g_assert_true (rp_as_of_months (good[i].as_of, today, &months));
      g_assert_cmpfloat_with_epsilon (months, good[i].months, 1e-9);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      double months = -1000;

      g_assert_false (rp_as_of_months (bad[i], today, &months));
      g_assert_cmpfloat (months, ==, -1000);
    }
  g_assert_false (rp_as_of_months (NULL, today, &(double){ 0 }));
}

/* Older than six months is stale; so is a date in the future (it is
 * wrong, and a wrong date is not fresh), past a day of grace for the
 * time zones.  A fresh price and an unreadable date are not. */
static void
test_price_is_stale (void)
{
  g_autoptr(GDate) today = g_date_new_dmy (1, G_DATE_DECEMBER, 2026);

  g_assert_true (rp_price_is_stale ("2026-06-01", today));
  g_assert_true (rp_price_is_stale ("2022-07", today));
  g_assert_true (rp_price_is_stale ("2026", today));
  g_assert_false (rp_price_is_stale ("2026-06-02", today));
  g_assert_false (rp_price_is_stale ("2026-10-04", today));
  g_assert_false (rp_price_is_stale ("2026-12-02", today));
  g_assert_true (rp_price_is_stale ("2026-12-03", today));
  g_assert_true (rp_price_is_stale ("2027-03", today));
  g_assert_true (rp_price_is_stale ("9999-12-31", today));
  g_assert_true (rp_as_of_is_future ("9999-12-31", today));
  g_assert_false (rp_as_of_is_future ("2026-12-01", today));
  g_assert_false (rp_price_is_stale ("unknown", today));
  g_assert_false (rp_price_is_stale (NULL, today));
}

/* A catalog date is a real day in one of the three forms. */
static void
test_as_of_check (void)
{
  static const char *const good[] = { "2026", "2026-02", "2026-02-28", "2024-02-29", "1900",
                                      "9999-12-31" };
  static const char *const bad[] = { "2026-13-45", "yesterday", "2023-02-29", "26-01-01",
                                     "2026-1-1", "1899-12", "2026-10-04x", "", "d" };

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    g_assert_true (rp_as_of_check (good[i], "gpus[0]", "as_of", NULL));
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (rp_as_of_check (bad[i], "gpus[0]", "as_of", &error));
      g_assert_error (error, RP_ERROR, RP_ERROR_INVALID_VALUE);
      g_assert_cmpstr (rp_error_get_key (error), ==, "gpus[0].as_of");
      g_assert_nonnull (strstr (error->message, "is not a date"));
    }
}

typedef struct
{
  const char *text;
  int         code;
  const char *in_message;       /* the key path the message must name */
} BadCatalog;

static const BadCatalog bad_catalogs[] = {
  { "", RP_ERROR_PARSE, "empty" },
  { "{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": [", RP_ERROR_PARSE, "line 1" },
  { "[1, 2]", RP_ERROR_PARSE, "object" },
  { "{\"format\": \"rigplan-gpus\", \"version\": 9, \"gpus\": []}", RP_ERROR_UNSUPPORTED_VERSION,
    "version" },
  { "{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": [{\"id\": \"x\", \"name\": \"X\","
    " \"vendor\": \"V\", \"memory_gib\": -4, \"tflops\": {\"fp32\": 1}, \"source\": \"s\","
    " \"as_of\": \"2026-01\"}]}", RP_ERROR_INVALID_VALUE, "gpus[0].memory_gib" },
  { "{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": [{\"id\": \"x\", \"name\": \"X\","
    " \"vendor\": \"V\", \"memory_gib\": 8, \"tflops\": {\"fp32\": \"fast\"}, \"source\": \"s\","
    " \"as_of\": \"2026-01\"}]}", RP_ERROR_INVALID_VALUE, "gpus[0].tflops.fp32" },
  { "{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": [{\"id\": \"x\", \"name\": \"X\","
    " \"vendor\": \"V\", \"memory_gib\": 8, \"tflops\": {\"fp32\": 1}, \"as_of\": \"2026-01\"}]}",
    RP_ERROR_MISSING_FIELD, "gpus[0].source" },
  { "{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": [{\"id\": \"Bad Id\"}]}",
    RP_ERROR_INVALID_VALUE, "gpus[0].id" },
  { "{\"format\": \"rigplan-clouds\", \"version\": 1, \"offers\": [{\"id\": \"o\","
    " \"provider\": \"P\", \"gpu\": \"h100-sxm\", \"currency\": \"EUR\", \"per_gpu_hour\":"
    " {\"on_demand\": 1}, \"source\": \"s\", \"as_of\": \"2026-01\"}]}", RP_ERROR_INVALID_VALUE,
    "offers[0].currency" },
  { "{\"format\": \"rigplan-purchases\", \"version\": 1, \"prices\": [{\"id\": \"p\","
    " \"gpu\": \"h20\", \"condition\": \"refurbished\", \"currency\": \"CNY\", \"price\": 1,"
    " \"source\": \"s\", \"as_of\": \"2026-01\"}]}", RP_ERROR_INVALID_VALUE, "prices[0].condition" },
  { "{\"format\": \"rigplan-purchases\", \"version\": 1, \"prices\": [{\"id\": \"p\","
    " \"kind\": \"server\", \"gpu\": \"h20\", \"condition\": \"new\", \"currency\": \"CNY\","
    " \"price\": 1, \"source\": \"s\", \"as_of\": \"2026-01\"}]}", RP_ERROR_MISSING_FIELD,
    "prices[0].gpus_per_server" },
  { "{\"format\": \"rigplan-clouds\", \"version\": 1, \"offers\": [{\"id\": \"o\","
    " \"provider\": \"P\", \"provider_class\": \"broker\", \"gpu\": \"h100-sxm\","
    " \"currency\": \"USD\", \"per_gpu_hour\": {\"on_demand\": 1}, \"source\": \"s\","
    " \"as_of\": \"2026-01\"}]}", RP_ERROR_INVALID_VALUE, "offers[0].provider_class" },
  { "{\"format\": \"rigplan-clouds\", \"version\": 1, \"offers\": [{\"id\": \"o\","
    " \"provider\": \"P\", \"gpu\": \"h100-sxm\", \"network\": \"efa\","
    " \"currency\": \"USD\", \"per_gpu_hour\": {\"on_demand\": 1}, \"source\": \"s\","
    " \"as_of\": \"2026-01\"}]}", RP_ERROR_INVALID_VALUE, "offers[0].network" },
  { "{\"format\": \"rigplan-models\", \"version\": 1, \"models\": [{\"id\": \"m\", \"name\": \"M\","
    " \"kind\": \"decoder\", \"params\": 1, \"layers\": 2, \"hidden\": 64, \"heads\": 3,"
    " \"ffn\": 256, \"vocab\": 100, \"source\": \"s\", \"as_of\": \"2026-01\"}]}",
    RP_ERROR_INVALID_VALUE, "models[0].heads" },
  { "{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": [{\"id\": \"x\", \"name\": \"X\","
    " \"vendor\": \"V\", \"memory_gib\": 8, \"tflops\": {\"fp32\": 1}, \"aliases\": [\"ok\", 4],"
    " \"source\": \"s\", \"as_of\": \"2026-01\"}]}", RP_ERROR_INVALID_VALUE, "gpus[0].aliases" },
  { "{\"format\": \"rigplan-regions\", \"version\": 1, \"regions\": [{\"id\": \"r\","
    " \"name\": \"R\", \"currency\": \"CNY\", \"pue\": 0.5, \"source\": \"s\","
    " \"as_of\": \"2026-01\"}]}", RP_ERROR_INVALID_VALUE, "regions[0].pue" },
  { "{\"format\": \"something-else\", \"version\": 1}", RP_ERROR_INVALID_VALUE, "format" },
};

static void
test_bad_files (void)
{
  g_autoptr(GError) dir_error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rigplan-test-XXXXXX", &dir_error);

  g_assert_no_error (dir_error);
  for (guint i = 0; i < G_N_ELEMENTS (bad_catalogs); i++)
    {
      g_autoptr(RpCatalog) catalog = rp_catalog_new_empty ();
      g_autoptr(GError) error = NULL;
      g_autofree char *path = write_temp (dir, "bad.json", bad_catalogs[i].text);

      g_assert_false (rp_catalog_load_file (catalog, path, &error));
      g_test_message ("%s", error->message);
      g_assert_error (error, RP_ERROR, bad_catalogs[i].code);
      /* the message names the file and the key */
      g_assert_nonnull (strstr (error->message, path));
      g_assert_nonnull (strstr (error->message, bad_catalogs[i].in_message));
      g_unlink (path);
    }
  g_rmdir (dir);
}

/* An offer whose GPU no catalog knows is refused with both ids named. */
static void
test_dangling_offer (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_catalog ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rigplan-test-XXXXXX", &error);
  g_autofree char *path = write_temp (dir, "offers.json",
    "{\"format\": \"rigplan-clouds\", \"version\": 1, \"offers\": [{\"id\": \"lab\","
    " \"provider\": \"Lab\", \"gpu\": \"warp-drive\", \"currency\": \"CNY\","
    " \"per_gpu_hour\": {\"on_demand\": 3}, \"source\": \"s\", \"as_of\": \"2026-01\"}]}");

  g_assert_false (rp_catalog_load_dir (catalog, dir, FALSE, &error));
  g_assert_error (error, RP_ERROR, RP_ERROR_UNKNOWN_GPU);
  g_assert_nonnull (strstr (error->message, "warp-drive"));
  /* the file and the JSON path, as for any other error in a file */
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_cmpstr (rp_error_get_key (error), ==, "offers[0].gpu");
  g_unlink (path);
  g_rmdir (dir);
}

/* A purchase price whose GPU no catalog knows is refused like an offer. */
static void
test_dangling_purchase (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_catalog ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rigplan-test-XXXXXX", &error);
  g_autofree char *path = write_temp (dir, "prices.json",
    "{\"format\": \"rigplan-purchases\", \"version\": 1, \"prices\": [{\"id\": \"p\","
    " \"gpu\": \"warp-drive\", \"condition\": \"used\", \"currency\": \"CNY\", \"price\": 9,"
    " \"source\": \"s\", \"as_of\": \"2026\"}]}");

  g_assert_false (rp_catalog_load_dir (catalog, dir, FALSE, &error));
  g_assert_error (error, RP_ERROR, RP_ERROR_UNKNOWN_GPU);
  g_assert_nonnull (strstr (error->message, "warp-drive"));
  g_unlink (path);
  g_rmdir (dir);
}

#define GPU(id) "{\"id\": \"" id "\", \"name\": \"N\", \"vendor\": \"V\", \"memory_gib\": 12," \
                " \"tflops\": {\"fp32\": 10}, \"source\": \"s\", \"as_of\": \"2026-01\"}"
#define OFFER(id, gpu) "{\"id\": \"" id "\", \"provider\": \"Lab\", \"gpu\": \"" gpu "\"," \
                       " \"currency\": \"CNY\", \"per_gpu_hour\": {\"on_demand\": 3}," \
                       " \"source\": \"s\", \"as_of\": \"2026-01\"}"

/* One bad file among the user's catalogs must not stop the rest: the
 * good files load (with references across files, clouds.json naming a
 * GPU of gpus.json), each bad file and bad offer is one problem naming
 * the file and the key, and hidden files (editor locks, AppleDouble
 * files), dangling links, directories and FIFOs named *.json are skipped
 * without a word. */
static void
test_user_dir_problems (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rigplan-test-XXXXXX", &error);
  g_autofree char *lock = g_build_filename (dir, ".#gpus.json", NULL);
  g_autofree char *dangling = g_build_filename (dir, "dangling.json", NULL);
  g_autofree char *subdir = g_build_filename (dir, "x.json", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo.json", NULL);
  g_autofree char *clouds = write_temp (dir, "clouds.json",
    "{\"format\": \"rigplan-clouds\", \"version\": 1, \"offers\": ["
    OFFER ("lab-a", "my-card") ", " OFFER ("lab-b", "rtx-4090") ", "
    OFFER ("lab-c", "warp-drive") "]}");
  g_autofree char *gpus = write_temp (dir, "gpus.json",
    "{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": [" GPU ("my-card") "]}");
  /* a good entry, then a bad one: the file adds nothing */
  g_autofree char *half = write_temp (dir, "half.json",
    "{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": [" GPU ("half-good")
    ", {\"id\": \"half-bad\"}]}");
  g_autofree char *broken = write_temp (dir, "broken.json", "{\"format\": ");
  /* macOS leaves AppleDouble files beside a copied file */
  g_autofree char *apple = write_temp (dir, "._gpus.json", "\x05\x16\x07");
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(RpCatalog) catalog = NULL;
  g_autoptr(RpCatalog) strict = NULL;
  const GError *p;

  g_assert_cmpint (symlink ("/nonexistent", lock), ==, 0);
  g_assert_cmpint (symlink ("/nonexistent", dangling), ==, 0);
  g_assert_cmpint (g_mkdir (subdir, 0755), ==, 0);
  g_assert_cmpint (mkfifo (fifo, 0644), ==, 0);
  g_setenv ("RIGPLAN_USER_DATADIR", dir, TRUE);
  catalog = rp_catalog_load_default_full (&problems, &error);
  g_assert_no_error (error);
  g_assert_nonnull (catalog);
  for (guint i = 0; i < problems->len; i++)
    g_test_message ("%s", ((GError *) g_ptr_array_index (problems, i))->message);
  /* sorted: broken.json, clouds.json's offer (after all files), half.json */
  g_assert_cmpuint (problems->len, ==, 3);
  p = g_ptr_array_index (problems, 0);
  g_assert_true (g_str_has_prefix (p->message, broken));
  g_assert_error (p, RP_ERROR, RP_ERROR_PARSE);
  p = g_ptr_array_index (problems, 1);
  g_assert_true (g_str_has_prefix (p->message, half));
  g_assert_cmpstr (rp_error_get_key (p), ==, "gpus[1].name");
  p = g_ptr_array_index (problems, 2);
  g_assert_true (g_str_has_prefix (p->message, clouds));
  g_assert_error (p, RP_ERROR, RP_ERROR_UNKNOWN_GPU);
  g_assert_cmpstr (rp_error_get_key (p), ==, "offers[2].gpu");
  g_assert_nonnull (strstr (p->message, "“lab-c”"));

  g_assert_nonnull (rp_catalog_lookup_gpu (catalog, "my-card"));
  g_assert_nonnull (rp_catalog_lookup_cloud (catalog, "lab-a"));
  g_assert_nonnull (rp_catalog_lookup_cloud (catalog, "lab-b"));
  g_assert_null (rp_catalog_lookup_cloud (catalog, "lab-c"));
  g_assert_null (rp_catalog_lookup_gpu (catalog, "half-good"));
  g_assert_nonnull (rp_catalog_lookup_gpu (catalog, "h100-sxm"));

  /* the strict form fails on the first problem */
  strict = rp_catalog_load_default (&error);
  g_assert_null (strict);
  g_assert_error (error, RP_ERROR, RP_ERROR_PARSE);
  g_setenv ("RIGPLAN_USER_DATADIR", "/nonexistent", TRUE);
  for (const char *const *path = (const char *const[]) { lock, dangling, fifo, clouds, gpus,
                                                         half, broken, apple, NULL };
       *path; path++)
    g_unlink (*path);
  g_rmdir (subdir);
  g_rmdir (dir);
}

/* A replaced entry keeps its place and the lookups find the new one. */
static void
test_lookup_after_replace (void)
{
  g_autoptr(RpCatalog) catalog = rp_catalog_new_empty ();
  g_autoptr(GBytes) first = g_bytes_new_static (
    "{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": [" GPU ("a") ", " GPU ("b") "]}",
    strlen ("{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": [" GPU ("a") ", " GPU ("b") "]}"));
  g_autoptr(GBytes) second = g_bytes_new_static (
    "{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": [" GPU ("a") "]}",
    strlen ("{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": [" GPU ("a") "]}"));
  g_autoptr(GError) error = NULL;

  g_assert_true (rp_catalog_load_bytes (catalog, first, "first.json", &error));
  g_assert_cmpstr (rp_catalog_lookup_gpu (catalog, "a")->source, ==, "s");
  g_assert_true (rp_catalog_load_bytes (catalog, second, "second.json", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (rp_catalog_n_gpus (catalog), ==, 2);
  g_assert_true (rp_catalog_get_gpu (catalog, 0) == rp_catalog_lookup_gpu (catalog, "a"));
  g_assert_cmpstr (rp_catalog_get_gpu (catalog, 1)->id, ==, "b");
  g_assert_true (rp_catalog_lookup_gpu (catalog, "b") == rp_catalog_get_gpu (catalog, 1));
  g_assert_null (rp_catalog_lookup_gpu (catalog, "c"));
  g_assert_null (rp_catalog_lookup_gpu (catalog, NULL));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/catalog/bundled-sizes", test_bundled_sizes);
  g_test_add_func ("/core/catalog/bundled-provenance", test_bundled_provenance);
  g_test_add_func ("/core/catalog/datasheet-facts", test_datasheet_facts);
  g_test_add_func ("/core/catalog/china-gpus", test_china_gpus);
  g_test_add_func ("/core/catalog/clouds-reference-gpus", test_clouds_reference_gpus);
  g_test_add_func ("/core/catalog/provider-classes", test_provider_classes);
  g_test_add_func ("/core/catalog/cny-providers", test_cny_providers);
  g_test_add_func ("/core/catalog/cny-market", test_cny_market);
  g_test_add_func ("/core/catalog/bundled-purchases", test_bundled_purchases);
  g_test_add_func ("/core/catalog/gpu-index", test_gpu_index);
  g_test_add_func ("/core/catalog/lookup-again", test_lookup_again);
  g_test_add_func ("/core/catalog/find-purchase", test_find_purchase);
  g_test_add_func ("/core/catalog/regions", test_regions);
  g_test_add_func ("/core/catalog/usd-to-cny", test_usd_to_cny);
  g_test_add_func ("/core/catalog/gpu-aliases", test_gpu_aliases);
  g_test_add_func ("/core/catalog/gpu-without-throughput", test_gpu_without_throughput);
  g_test_add_func ("/core/catalog/user-override", test_user_override);
  g_test_add_func ("/core/catalog/daily-monthly-prices", test_daily_monthly_prices);
  g_test_add_func ("/core/catalog/as-of-months", test_as_of_months);
  g_test_add_func ("/core/catalog/price-is-stale", test_price_is_stale);
  g_test_add_func ("/core/catalog/as-of-check", test_as_of_check);
  g_test_add_func ("/core/catalog/bad-files", test_bad_files);
  g_test_add_func ("/core/catalog/dangling-offer", test_dangling_offer);
  g_test_add_func ("/core/catalog/dangling-purchase", test_dangling_purchase);
  g_test_add_func ("/core/catalog/user-dir-problems", test_user_dir_problems);
  g_test_add_func ("/core/catalog/lookup-after-replace", test_lookup_after_replace);
  return g_test_run ();
}

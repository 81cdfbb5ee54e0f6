/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-catalog.c: the bundled catalogs, user overrides and bad files */

#include "config.h"

#include "rp-catalog.h"
#include "rp-error.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static RpCatalog *
load_bundled (void)
{
  g_autoptr(GError) error = NULL;
  RpCatalog *catalog = rp_catalog_load_default (&error);

  g_assert_no_error (error);
  g_assert_nonnull (catalog);
  return catalog;
}

static void
test_bundled_sizes (void)
{
  g_autoptr(RpCatalog) catalog = load_bundled ();

  g_assert_cmpuint (rp_catalog_n_gpus (catalog), >=, 25);
  g_assert_cmpuint (rp_catalog_n_models (catalog), >=, 20);
  g_assert_cmpuint (rp_catalog_n_clouds (catalog), >=, 20);
}

/* Every entry carries where its numbers come from. */
static void
test_bundled_provenance (void)
{
  g_autoptr(RpCatalog) catalog = load_bundled ();

  for (guint i = 0; i < rp_catalog_n_gpus (catalog); i++)
    {
      const RpGpu *g = rp_catalog_get_gpu (catalog, i);
      g_assert_nonnull (g->source);
      g_assert_nonnull (g->as_of);
    }
  for (guint i = 0; i < rp_catalog_n_clouds (catalog); i++)
    g_assert_nonnull (rp_catalog_get_cloud (catalog, i)->source);
  for (guint i = 0; i < rp_catalog_n_models (catalog); i++)
    g_assert_nonnull (rp_catalog_get_model (catalog, i)->source);
}

/* Datasheet facts: H100 SXM5 80 GB, 989.4 dense BF16 TFLOP/s, 700 W
 * (NVIDIA H100 datasheet); V100 and T4 have no bf16 (Volta/Turing
 * whitepapers); fp8 only from Hopper/Ada; RTX 4090 trains at 165.2 dense
 * FP16/BF16 TFLOP/s with FP32 accumulate (Ada whitepaper, appendix A). */
static void
test_datasheet_facts (void)
{
  g_autoptr(RpCatalog) catalog = load_bundled ();
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

static void
test_clouds_reference_gpus (void)
{
  g_autoptr(RpCatalog) catalog = load_bundled ();

  for (guint i = 0; i < rp_catalog_n_clouds (catalog); i++)
    {
      const RpCloudOffer *o = rp_catalog_get_cloud (catalog, i);
      g_assert_nonnull (rp_catalog_lookup_gpu (catalog, o->gpu));
      g_assert_cmpuint (o->gpus_per_instance, >=, 1);
    }
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
  g_autoptr(RpCatalog) catalog = load_bundled ();
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
    " \"as_of\": \"d\"}]}", RP_ERROR_INVALID_VALUE, "gpus[0].memory_gib" },
  { "{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": [{\"id\": \"x\", \"name\": \"X\","
    " \"vendor\": \"V\", \"memory_gib\": 8, \"tflops\": {\"fp32\": \"fast\"}, \"source\": \"s\","
    " \"as_of\": \"d\"}]}", RP_ERROR_INVALID_VALUE, "gpus[0].tflops.fp32" },
  { "{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": [{\"id\": \"x\", \"name\": \"X\","
    " \"vendor\": \"V\", \"memory_gib\": 8, \"tflops\": {\"fp32\": 1}, \"as_of\": \"d\"}]}",
    RP_ERROR_MISSING_FIELD, "gpus[0].source" },
  { "{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": [{\"id\": \"Bad Id\"}]}",
    RP_ERROR_INVALID_VALUE, "gpus[0].id" },
  { "{\"format\": \"rigplan-clouds\", \"version\": 1, \"offers\": [{\"id\": \"o\","
    " \"provider\": \"P\", \"gpu\": \"h100-sxm\", \"currency\": \"EUR\", \"per_gpu_hour\":"
    " {\"on_demand\": 1}, \"source\": \"s\", \"as_of\": \"d\"}]}", RP_ERROR_INVALID_VALUE,
    "offers[0].currency" },
  { "{\"format\": \"rigplan-models\", \"version\": 1, \"models\": [{\"id\": \"m\", \"name\": \"M\","
    " \"kind\": \"decoder\", \"params\": 1, \"layers\": 2, \"hidden\": 64, \"heads\": 3,"
    " \"ffn\": 256, \"vocab\": 100, \"source\": \"s\", \"as_of\": \"d\"}]}",
    RP_ERROR_INVALID_VALUE, "models[0].heads" },
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
  g_autoptr(RpCatalog) catalog = load_bundled ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rigplan-test-XXXXXX", &error);
  g_autofree char *path = write_temp (dir, "offers.json",
    "{\"format\": \"rigplan-clouds\", \"version\": 1, \"offers\": [{\"id\": \"lab\","
    " \"provider\": \"Lab\", \"gpu\": \"warp-drive\", \"currency\": \"CNY\","
    " \"per_gpu_hour\": {\"on_demand\": 3}, \"source\": \"s\", \"as_of\": \"d\"}]}");

  g_assert_false (rp_catalog_load_dir (catalog, dir, FALSE, &error));
  g_assert_error (error, RP_ERROR, RP_ERROR_UNKNOWN_GPU);
  g_assert_nonnull (strstr (error->message, "warp-drive"));
  /* the file and the JSON path, as for any other error in a file */
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_cmpstr (rp_error_get_key (error), ==, "offers[0].gpu");
  g_unlink (path);
  g_rmdir (dir);
}

#define GPU(id) "{\"id\": \"" id "\", \"name\": \"N\", \"vendor\": \"V\", \"memory_gib\": 12," \
                " \"tflops\": {\"fp32\": 10}, \"source\": \"s\", \"as_of\": \"d\"}"
#define OFFER(id, gpu) "{\"id\": \"" id "\", \"provider\": \"Lab\", \"gpu\": \"" gpu "\"," \
                       " \"currency\": \"CNY\", \"per_gpu_hour\": {\"on_demand\": 3}," \
                       " \"source\": \"s\", \"as_of\": \"d\"}"

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
  g_test_add_func ("/core/catalog/clouds-reference-gpus", test_clouds_reference_gpus);
  g_test_add_func ("/core/catalog/user-override", test_user_override);
  g_test_add_func ("/core/catalog/bad-files", test_bad_files);
  g_test_add_func ("/core/catalog/dangling-offer", test_dangling_offer);
  g_test_add_func ("/core/catalog/user-dir-problems", test_user_dir_problems);
  g_test_add_func ("/core/catalog/lookup-after-replace", test_lookup_after_replace);
  return g_test_run ();
}

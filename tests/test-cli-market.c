/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-market.c: rigplan-cli and the user's prices, regions, used
 * cards and price ages */

#include "config.h"

#include "rp-catalog.h"
#include "rp-test-cli.h"
#include "rp-test-core.h"
#include "rp-user-catalog.h"

#include <cjson/cJSON.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

/* ---- helpers -------------------------------------------------------- */

/* Runs rigplan-cli with @args and RIGPLAN_USER_DATADIR=@user_dir (NULL:
 * the test's); returns its exit status, stdout and stderr. */
static int
run_cli (const char        *user_dir,
         const char *const *args,
         char             **out,
         char             **err)
{
  const char *const env[] = { "RIGPLAN_USER_DATADIR", user_dir, NULL };
  RpTestCliResult r = { 0 };

  rp_test_run_cliv (&r, user_dir != NULL ? env : NULL, args);
  *out = r.out;
  *err = r.err;
  return r.status;
}

static const cJSON *
find_id (const cJSON *list,
         const char  *id)
{
  const cJSON *item;

  cJSON_ArrayForEach (item, list)
    if (g_strcmp0 (cJSON_GetObjectItem (item, "id")->valuestring, id) == 0)
      return item;
  return NULL;
}

/* ---- tests ---------------------------------------------------------- */

/* A price edited into the user's catalog is listed by `catalog clouds
 * --currency CNY`, marked as the user's, in place of the bundled one. */
static void
test_user_prices_listed (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rigplan-cli-user-XXXXXX", &error);
  g_autoptr(RpCatalog) catalog = rp_catalog_new_empty ();
  g_autoptr(GDate) today = g_date_new ();
  g_autofree char *out = NULL, *err = NULL, *json = NULL, *json_err = NULL;
  g_autofree char *bundled = NULL, *bundled_err = NULL;
  g_autoptr(cJSON) list = NULL;
  g_autoptr(cJSON) bundled_list = NULL;
  const cJSON *entry;
  const char *line;
  const char *const table[] = { "catalog", "clouds", "--currency", "CNY", NULL };
  const char *const as_json[] = { "catalog", "clouds", "--currency", "CNY", "--json", NULL };

  g_assert_no_error (error);
  g_date_set_time_t (today, time (NULL));
  g_assert_true (rp_catalog_load_dir (catalog, rp_catalog_default_dir (), TRUE, &error));
  g_assert_true (rp_user_catalog_set_offer_price (catalog, dir, "autodl-rtx-4090",
                                                  RP_RENT_ON_DEMAND, 1.55, today, &error));
  g_assert_no_error (error);

  g_assert_cmpint (run_cli (dir, table, &out, &err), ==, 0);
  line = strstr (out, "autodl-rtx-4090 ");
  g_assert_nonnull (line);
  {
    g_autofree char *row = g_strndup (line, strcspn (line, "\n"));

    g_test_message ("%s", row);
    g_assert_nonnull (strstr (row, "1.55"));
    g_assert_true (g_str_has_suffix (row, " yours"));
  }

  g_assert_cmpint (run_cli (dir, as_json, &json, &json_err), ==, 0);
  g_assert_cmpint (run_cli (NULL, as_json, &bundled, &bundled_err), ==, 0);
  list = rp_test_parse_catalog_json (json, "clouds");
  bundled_list = rp_test_parse_catalog_json (bundled, "clouds");
  g_assert_nonnull (list);
  /* replaced, not added */
  g_assert_cmpint (cJSON_GetArraySize (list), ==, cJSON_GetArraySize (bundled_list));
  entry = find_id (list, "autodl-rtx-4090");
  g_assert_nonnull (entry);
  g_assert_true (cJSON_IsTrue (cJSON_GetObjectItem (entry, "user")));
  g_assert_cmpfloat (cJSON_GetObjectItem (cJSON_GetObjectItem (entry, "per_gpu_hour"),
                                          "on_demand")->valuedouble, ==, 1.55);
  g_assert_false (cJSON_IsTrue (cJSON_GetObjectItem (find_id (list, "gongji-rtx-4090"),
                                                     "user")));
  g_assert_false (cJSON_IsTrue (cJSON_GetObjectItem (find_id (bundled_list, "autodl-rtx-4090"),
                                                     "user")));
  rp_test_remove_dir (dir);
}

/* A user file that cannot be read is skipped with a warning naming it;
 * the bundled catalog still lists. */
static void
test_bad_user_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rigplan-cli-user-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, RP_USER_CLOUDS_FILE, NULL);
  g_autofree char *out = NULL, *err = NULL;
  const char *const args[] = { "catalog", "clouds", NULL };

  g_assert_true (g_file_set_contents (path, "{\"format\": \"rigplan-clouds\"", -1, NULL));
  g_assert_cmpint (run_cli (dir, args, &out, &err), ==, 0);
  g_assert_nonnull (strstr (err, RP_USER_CLOUDS_FILE));
  g_assert_nonnull (strstr (out, "autodl-rtx-4090"));
  rp_test_remove_dir (dir);
}

/* Used RTX 3090s in Beijing: spares in the capital, the risk and the
 * checks in the advice, the electricity from China's average (older
 * than six months: marked) and the region in JSON, all printed beside a
 * tight verdict (exit status 3). */
static void
test_estimate_market (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rigplan-cli-scenario-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "used.rigplan", NULL);
  g_autofree char *out = NULL, *err = NULL, *json = NULL, *json_err = NULL;
  g_autoptr(cJSON) root = NULL;
  const cJSON *prices, *buy;
  const char *scenario =
    "{ \"format\": \"rigplan-scenario\", \"version\": 2, \"name\": \"used 3090s\","
    "  \"model\": { \"preset\": \"llama-3-8b\" },"
    "  \"training\": { \"method\": \"lora\", \"recompute\": \"full\", \"seq_len\": 3072,"
    "                  \"dataset_tokens\": 2e8, \"global_batch\": 64 },"
    "  \"hardware\": { \"gpu\": \"rtx-3090\", \"gpus_per_node\": 8 },"
    "  \"budget\": { \"currency\": \"CNY\", \"region\": \"cn-beijing\","
    "                \"condition\": \"used\", \"years\": 3 } }";
  const char *const text_args[] = { "estimate", path, NULL };
  const char *const json_args[] = { "estimate", path, "--json", NULL };

  g_assert_true (g_file_set_contents (path, scenario, -1, NULL));
  /* 3: at 3,072 tokens, 19.5 GiB of 24 leaves the 10 % headroom, but
   * the memory band's high end does not: tight (as tests/data/tight,
   * under the bands before and after DeepSpeed's rows) */
  g_assert_cmpint (run_cli (NULL, text_args, &out, &err), ==, 3);
  g_assert_nonnull (strstr (out, "but tight"));
  g_assert_nonnull (strstr (out, "4 spares"));
  g_assert_nonnull (strstr (out, "[used-card-risk]"));
  g_assert_nonnull (strstr (out, "[used-card-checks]"));
  g_assert_nonnull (strstr (out, "may be stale"));
  g_assert_nonnull (strstr (out, "Prices older than six months"));

  g_assert_cmpint (run_cli (NULL, json_args, &json, &json_err), ==, 3);
  root = cJSON_Parse (json);
  prices = cJSON_GetObjectItem (cJSON_GetObjectItem (root, "cost"), "prices");
  buy = cJSON_GetObjectItem (cJSON_GetObjectItem (root, "cost"), "buy");
  g_assert_cmpstr (cJSON_GetObjectItem (prices, "region")->valuestring, ==, "cn-beijing");
  g_assert_cmpstr (cJSON_GetObjectItem (prices, "power_region")->valuestring, ==, "cn-beijing");
  g_assert_cmpint (cJSON_GetObjectItem (buy, "spare_gpus")->valueint, ==, 4);
  rp_test_remove_dir (dir);
}

/* `catalog check`: every hole of the bundled catalogs, none blocking
 * (exit 0); --json for scripts. */
static void
test_catalog_check (void)
{
  const char *const args[] = { "catalog", "check", NULL };
  const char *const json_args[] = { "catalog", "check", "--json", NULL };
  g_autofree char *out = NULL, *err = NULL, *json = NULL, *json_err = NULL;
  g_autoptr(cJSON) root = NULL;
  const cJSON *holes, *hole;
  gboolean derived = FALSE;

  g_assert_cmpint (run_cli (NULL, args, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "holes; none blocks an estimate."));
  g_assert_nonnull (strstr (out, "tflops.fp32: unknown"));
  g_assert_null (strstr (out, "blocks an estimate]"));

  g_assert_cmpint (run_cli (NULL, json_args, &json, &json_err), ==, 0);
  root = cJSON_Parse (json);
  g_assert_cmpstr (cJSON_GetObjectItem (root, "format")->valuestring, ==,
                   "rigplan-catalog-check");
  g_assert_cmpint (cJSON_GetObjectItem (root, "n_blocking")->valueint, ==, 0);
  holes = cJSON_GetObjectItem (root, "holes");
  g_assert_cmpint (cJSON_GetArraySize (holes), ==,
                   cJSON_GetObjectItem (root, "n_holes")->valueint);
  cJSON_ArrayForEach (hole, holes)
    if (g_strcmp0 (cJSON_GetObjectItem (hole, "id")->valuestring, "a800-80gb-sxm") == 0 &&
        g_strcmp0 (cJSON_GetObjectItem (hole, "kind")->valuestring, "derived") == 0)
      {
        g_assert_cmpstr (cJSON_GetObjectItem (hole, "from")->valuestring, ==, "a100-80gb-sxm");
        derived = TRUE;
      }
  g_assert_true (derived);
}

/* A user GPU without memory bandwidth blocks an estimate: exit 1, named. */
static void
test_catalog_check_blocking (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rigplan-cli-check-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "gpus.json", NULL);
  const char *const args[] = { "catalog", "check", NULL };
  g_autofree char *out = NULL, *err = NULL;

  g_assert_true (g_file_set_contents (path,
    "{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": [{\"id\": \"bare\","
    " \"name\": \"Bare\", \"vendor\": \"NVIDIA\", \"memory_gib\": 24, \"tdp_w\": 100,"
    " \"tflops\": {\"bf16\": 100}, \"source\": \"test\", \"as_of\": \"2026\"}]}", -1, NULL));
  g_assert_cmpint (run_cli (dir, args, &out, &err), ==, 1);
  g_assert_nonnull (strstr (out, "memory_bandwidth_gb_s: unknown  [blocks an estimate]"));
  g_assert_nonnull (strstr (out, "1 blocks an estimate."));
  rp_test_remove_dir (dir);
}

/* `catalog import-prices`: a list comes into the user's catalog and the
 * estimate rents at the quote; a bad list fails with the row named and
 * writes nothing. */
static void
test_import_prices (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rigplan-cli-import-XXXXXX", &error);
  g_autofree char *csv = g_build_filename (dir, "quotes.csv", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.csv", NULL);
  g_autofree char *user = g_build_filename (dir, RP_USER_CLOUDS_FILE, NULL);
  g_autofree char *scenario = g_build_filename (dir, "s.rigplan", NULL);
  const char *const import_args[] = { "catalog", "import-prices", csv, NULL };
  const char *const bad_args[] = { "catalog", "import-prices", bad, NULL };
  const char *const estimate_args[] = { "estimate", scenario, "--json", NULL };
  g_autofree char *out = NULL, *err = NULL, *bad_out = NULL, *bad_err = NULL;
  g_autofree char *json = NULL, *json_err = NULL;
  g_autoptr(cJSON) root = NULL;
  const cJSON *rent;

  g_assert_true (g_file_set_contents (bad,
    "provider,gpu,term,price,currency,as_of,source\n"
    "Example Cloud,l20,on-demand,-1,CNY,2026-11-01,quote\n", -1, NULL));
  g_assert_cmpint (run_cli (dir, bad_args, &bad_out, &bad_err), ==, 1);
  g_assert_nonnull (strstr (bad_err, "bad.csv:2: column “price”"));
  g_assert_false (g_file_test (user, G_FILE_TEST_EXISTS));

  g_assert_true (g_file_set_contents (csv,
    "provider,gpu,term,price,currency,as_of,source\n"
    "Example Cloud,L20,on-demand,2.2,CNY,2026-11-01,quote by mail\n", -1, NULL));
  g_assert_cmpint (run_cli (dir, import_args, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "Imported 1 price into"));
  g_assert_true (g_file_test (user, G_FILE_TEST_IS_REGULAR));

  g_assert_true (g_file_set_contents (scenario,
    "{ \"format\": \"rigplan-scenario\", \"version\": 2, \"name\": \"quoted L20\","
    "  \"model\": { \"preset\": \"llama-3-8b\" },"
    "  \"training\": { \"method\": \"lora\", \"dataset_tokens\": 2e8 },"
    "  \"hardware\": { \"gpu\": \"l20\" },"
    "  \"budget\": { \"currency\": \"CNY\" } }", -1, NULL));
  g_assert_cmpint (run_cli (dir, estimate_args, &json, &json_err), ==, 0);
  root = cJSON_Parse (json);
  rent = cJSON_GetObjectItem (cJSON_GetObjectItem (root, "cost"), "rent");
  g_assert_nonnull (rent);
  g_assert_cmpfloat (cJSON_GetObjectItem (rent, "per_gpu_hour")->valuedouble, ==, 2.2);
  g_assert_true (g_str_has_prefix (cJSON_GetObjectItem (rent, "offer")->valuestring,
                                   "quote-example-cloud-l20"));
  rp_test_remove_dir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/market/catalog-check", test_catalog_check);
  g_test_add_func ("/cli/market/catalog-check-blocking", test_catalog_check_blocking);
  g_test_add_func ("/cli/market/import-prices", test_import_prices);
  g_test_add_func ("/cli/market/user-prices-listed", test_user_prices_listed);
  g_test_add_func ("/cli/market/bad-user-file", test_bad_user_file);
  g_test_add_func ("/cli/market/estimate", test_estimate_market);
  return g_test_run ();
}

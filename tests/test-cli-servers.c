/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-servers.c: "rigplan-cli catalog servers" and "catalog market",
 * as a script reads them
 *
 * Figures from the bundled files: the HGX H100-class platform is the DGX
 * H100's non-GPU bill of materials (32,010 USD, SemiAnalysis via Epoch,
 * 2023-05); a workstation's parts cost 2,630 USD (a receipt of
 * 2019-01-31 less its cards); the A100 needs a US licence for China
 * since 2022-08-26; the H20 has not been sold there since 2025-08-22. */

#include "config.h"

#include "rp-test-cli.h"

#include <string.h>

static const cJSON *
find_by (const cJSON *list,
         const char  *key,
         const char  *value,
         const char  *key2,
         const char  *value2)
{
  const cJSON *item;

  cJSON_ArrayForEach (item, list)
    {
      const cJSON *a = cJSON_GetObjectItemCaseSensitive (item, key);
      const cJSON *b = key2 != NULL ? cJSON_GetObjectItemCaseSensitive (item, key2) : NULL;

      if (cJSON_IsString (a) && strcmp (a->valuestring, value) == 0 &&
          (key2 == NULL || (cJSON_IsString (b) && strcmp (b->valuestring, value2) == 0)))
        return item;
    }
  return NULL;
}

static void
test_servers (void)
{
  g_auto(RpTestCliResult) table = { 0 };
  g_auto(RpTestCliResult) json = { 0 };
  g_autoptr(cJSON) list = NULL;
  const cJSON *shape, *prices, *counts;
  const char *line;

  rp_test_run_cli (&table, NULL, "catalog", "servers", NULL);
  g_assert_cmpint (table.status, ==, 0);
  line = strstr (table.out, "hgx-h100-8");
  g_assert_nonnull (line);
  g_assert_nonnull (g_strstr_len (line, strcspn (line, "\n"), "32010"));
  g_assert_nonnull (strstr (table.out, "gb200-nvl72"));

  rp_test_run_cli (&json, NULL, "catalog", "servers", "--json", NULL);
  g_assert_cmpint (json.status, ==, 0);
  list = rp_test_parse_catalog_json (json.out, "servers");
  shape = find_by (list, "id", "workstation-4", NULL, NULL);
  g_assert_nonnull (shape);
  prices = cJSON_GetObjectItemCaseSensitive (shape, "platform_prices");
  g_assert_cmpint (cJSON_GetArraySize (prices), ==, 1);
  g_assert_cmpfloat (cJSON_GetObjectItemCaseSensitive (cJSON_GetArrayItem (prices, 0),
                                                       "price")->valuedouble, ==, 2630);
  /* a shape with no public price lists none: unknown, not 0 */
  shape = find_by (list, "id", "hgx-h100-4", NULL, NULL);
  g_assert_cmpint (cJSON_GetArraySize (cJSON_GetObjectItemCaseSensitive (shape,
                                                                         "platform_prices")),
                   ==, 0);
  counts = cJSON_GetObjectItemCaseSensitive (shape, "counts");
  g_assert_cmpint (cJSON_GetArraySize (counts), ==, 1);
  g_assert_cmpint (cJSON_GetArrayItem (counts, 0)->valueint, ==, 4);
}

static void
test_market (void)
{
  g_auto(RpTestCliResult) table = { 0 };
  g_auto(RpTestCliResult) json = { 0 };
  g_auto(RpTestCliResult) currency = { 0 };
  g_autoptr(cJSON) root = NULL;
  const cJSON *status, *row, *licences;
  const char *line;

  rp_test_run_cli (&table, NULL, "catalog", "market", NULL);
  g_assert_cmpint (table.status, ==, 0);
  line = strstr (table.out, "\nh20 ");
  g_assert_nonnull (line);
  g_assert_nonnull (g_strstr_len (line, strcspn (line + 1, "\n") + 1, "2025-08-22"));
  g_assert_nonnull (strstr (table.out, "us-2022-08-is-informed"));
  g_assert_nonnull (strstr (table.out, "2.1.3"));

  rp_test_run_cli (&json, NULL, "catalog", "market", "--json", NULL);
  g_assert_cmpint (json.status, ==, 0);
  root = cJSON_Parse (json.out);
  g_assert_nonnull (root);
  g_assert_cmpstr (cJSON_GetObjectItemCaseSensitive (root, "format")->valuestring, ==,
                   "rigplan-catalog-market");
  status = cJSON_GetObjectItemCaseSensitive (root, "status");
  row = find_by (status, "gpu", "a100-80gb-sxm", "market", "cn");
  g_assert_nonnull (row);
  g_assert_cmpstr (cJSON_GetObjectItemCaseSensitive (row, "status")->valuestring, ==, "grey");
  g_assert_cmpstr (cJSON_GetObjectItemCaseSensitive (row, "rule")->valuestring, ==,
                   "us-2022-08-is-informed");
  g_assert_true (cJSON_IsFalse (cJSON_GetObjectItemCaseSensitive (row, "new_allowed")));
  g_assert_true (cJSON_IsTrue (cJSON_GetObjectItemCaseSensitive (row, "used_allowed")));
  row = find_by (status, "gpu", "rtx-4090", "market", "global");
  g_assert_true (cJSON_IsTrue (cJSON_GetObjectItemCaseSensitive (row,
                                                                  "datacenter_licence_restricted")));
  licences = cJSON_GetObjectItemCaseSensitive (root, "licences");
  g_assert_cmpint (cJSON_GetArraySize (licences), >=, 1);

  rp_test_run_cli (&currency, NULL, "catalog", "market", "--currency", "CNY", NULL);
  g_assert_cmpint (currency.status, ==, 2);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/catalog-servers", test_servers);
  g_test_add_func ("/cli/catalog-market", test_market);
  return g_test_run ();
}

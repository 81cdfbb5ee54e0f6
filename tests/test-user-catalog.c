/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-user-catalog.c: prices the user edits land in their own catalog,
 * whole or not at all, and replace the bundled entry */

#include "config.h"

#include "rp-catalog.h"
#include "rp-error.h"
#include "rp-test-core.h"
#include "rp-user-catalog.h"

#include <cjson/cJSON.h>
#include <glib/gstdio.h>
#include <string.h>

G_DEFINE_AUTOPTR_CLEANUP_FUNC (cJSON, cJSON_Delete)

/* ---- helpers -------------------------------------------------------- */

static cJSON *
read_json (const char *dir,
           const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return cJSON_Parse (text);
}

/* ---- tests ---------------------------------------------------------- */

/* An edited rent: the file holds a dated copy marked as the user's, the
 * catalog uses it at once, and what an estimate borrowed before stays
 * readable; a second edit replaces the entry and keeps what the first
 * one replaced. */
static void
test_offer_price (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_bundled_catalog ();
  g_autofree char *dir = rp_test_make_dir ("rigplan-user-XXXXXX");
  g_autoptr(GDate) today = g_date_new_dmy (1, G_DATE_DECEMBER, 2026);
  g_autoptr(GError) error = NULL;
  g_autoptr(cJSON) root = NULL;
  const RpCloudOffer *before = rp_catalog_lookup_cloud (catalog, "autodl-rtx-4090");
  const char *before_as_of = before->as_of;
  const RpCloudOffer *after;
  const cJSON *offers, *entry;
  guint n_clouds = rp_catalog_n_clouds (catalog);

  g_assert_false (before->user);
  g_assert_true (rp_user_catalog_set_offer_price (catalog, dir, "autodl-rtx-4090",
                                                  RP_RENT_ON_DEMAND, 1.5, today, &error));
  g_assert_no_error (error);
  after = rp_catalog_lookup_cloud (catalog, "autodl-rtx-4090");
  g_assert_true (after->user);
  g_assert_cmpfloat (after->per_gpu_hour[RP_RENT_ON_DEMAND], ==, 1.5);
  g_assert_cmpstr (after->as_of, ==, "2026-12-01");
  g_assert_cmpstr (after->source_kind, ==, "user entry");
  g_assert_cmpstr (after->provider, ==, "AutoDL");
  g_assert_cmpuint (rp_catalog_n_clouds (catalog), ==, n_clouds);
  /* the replaced entry still holds its strings */
  g_assert_cmpstr (before_as_of, ==, "2026-10-04");

  root = read_json (dir, RP_USER_CLOUDS_FILE);
  g_assert_cmpstr (cJSON_GetObjectItem (root, "format")->valuestring, ==, "rigplan-clouds");
  offers = cJSON_GetObjectItem (root, "offers");
  g_assert_cmpint (cJSON_GetArraySize (offers), ==, 1);
  entry = cJSON_GetArrayItem (offers, 0);
  g_assert_true (cJSON_IsTrue (cJSON_GetObjectItem (entry, "user")));
  g_assert_nonnull (strstr (cJSON_GetObjectItem (entry, "notes")->valuestring, "2026-10-04"));

  /* again: one entry, the new price, the first catalog price in the notes */
  g_clear_pointer (&root, cJSON_Delete);
  g_assert_true (rp_user_catalog_set_offer_price (catalog, dir, "autodl-rtx-4090",
                                                  RP_RENT_ON_DEMAND, 1.6, today, &error));
  g_assert_no_error (error);
  root = read_json (dir, RP_USER_CLOUDS_FILE);
  offers = cJSON_GetObjectItem (root, "offers");
  g_assert_cmpint (cJSON_GetArraySize (offers), ==, 1);
  entry = cJSON_GetArrayItem (offers, 0);
  g_assert_nonnull (strstr (cJSON_GetObjectItem (entry, "notes")->valuestring, "2026-10-04"));
  g_assert_cmpfloat (rp_catalog_lookup_cloud (catalog, "autodl-rtx-4090")->
                     per_gpu_hour[RP_RENT_ON_DEMAND], ==, 1.6);
  /* only the file: no temporary file left beside it */
  g_assert_cmpuint (rp_test_count_files (dir), ==, 1);

  /* a fresh catalog from the bundled and the user's directory agrees */
  {
    g_autoptr(RpCatalog) fresh = rp_test_load_bundled_catalog ();

    g_assert_true (rp_catalog_load_dir (fresh, dir, FALSE, &error));
    g_assert_no_error (error);
    g_assert_true (rp_catalog_lookup_cloud (fresh, "autodl-rtx-4090")->user);
  }
  rp_test_remove_dir (dir);
}

static void
test_purchase_price (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_bundled_catalog ();
  g_autofree char *dir = rp_test_make_dir ("rigplan-user-XXXXXX");
  g_autoptr(GDate) today = g_date_new_dmy (1, G_DATE_DECEMBER, 2026);
  g_autoptr(GError) error = NULL;
  const RpPurchasePrice *p;

  g_assert_true (rp_user_catalog_set_purchase_price (catalog, dir, "rtx-3090-used-2024-07",
                                                     4200, today, &error));
  g_assert_no_error (error);
  p = rp_catalog_find_purchase (catalog, "rtx-3090", RP_CONDITION_USED, RP_CURRENCY_CNY);
  g_assert_true (p->user);
  g_assert_cmpfloat (p->price, ==, 4200);
  g_assert_cmpstr (p->as_of, ==, "2026-12-01");
  rp_test_remove_dir (dir);
}

/* Bad input leaves everything as it was and says what is wrong. */
static void
test_refusals (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_bundled_catalog ();
  g_autofree char *dir = rp_test_make_dir ("rigplan-user-XXXXXX");
  g_autofree char *path = g_build_filename (dir, RP_USER_CLOUDS_FILE, NULL);
  g_autoptr(GDate) today = g_date_new_dmy (1, G_DATE_DECEMBER, 2026);
  g_autofree char *text = NULL;
  const char *other = "{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": []}";

  {
    g_autoptr(GError) error = NULL;

    g_assert_false (rp_user_catalog_set_offer_price (catalog, dir, "autodl-rtx-4090",
                                                     RP_RENT_ON_DEMAND, -1, today, &error));
    g_assert_error (error, RP_ERROR, RP_ERROR_INVALID_VALUE);
    g_assert_cmpstr (rp_error_get_key (error), ==, "per_gpu_hour.on_demand");
    g_assert_cmpuint (rp_test_count_files (dir), ==, 0);
  }
  {
    g_autoptr(GError) error = NULL;

    g_assert_false (rp_user_catalog_set_offer_price (catalog, dir, "no-such-offer",
                                                     RP_RENT_ON_DEMAND, 1, today, &error));
    g_assert_error (error, RP_ERROR, RP_ERROR_INVALID_VALUE);
  }
  {
    g_autoptr(GError) error = NULL;

    /* a file of another kind under the name is not overwritten */
    g_assert_true (g_file_set_contents (path, other, -1, NULL));
    g_assert_false (rp_user_catalog_set_offer_price (catalog, dir, "autodl-rtx-4090",
                                                     RP_RENT_ON_DEMAND, 1, today, &error));
    g_assert_nonnull (error);
    g_assert_nonnull (strstr (error->message, path));
    g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
    g_assert_cmpstr (text, ==, other);
  }
  {
    g_autoptr(GError) error = NULL;

    g_assert_true (g_file_set_contents (path, "{ not json", -1, NULL));
    g_assert_false (rp_user_catalog_set_offer_price (catalog, dir, "autodl-rtx-4090",
                                                     RP_RENT_ON_DEMAND, 1, today, &error));
    g_assert_nonnull (error);
  }
  rp_test_remove_dir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/user-catalog/offer-price", test_offer_price);
  g_test_add_func ("/core/user-catalog/purchase-price", test_purchase_price);
  g_test_add_func ("/core/user-catalog/refusals", test_refusals);
  return g_test_run ();
}

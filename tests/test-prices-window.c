/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-prices-window.c: the Prices window and the market rows of the form
 * under Xvfb: filters, an edited price that reaches the user's catalog
 * and the plan, regions and conditions chosen in the form
 *
 * With RIGPLAN_PRICES_PNG=FILE, /ui/prices/render also writes the window
 * as a PNG (the screenshots of the Prices window come from it). */

#include "config.h"

#include "rp-prices-window.h"
#include "rp-scenario-form.h"
#include "rp-test-core.h"
#include "rp-test-ui.h"
#include "rp-window.h"

#include <cjson/cJSON.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

static RpCatalog *catalog = NULL;
static GSettings *settings = NULL;
static char *user_datadir = NULL;   /* the test's RIGPLAN_USER_DATADIR, may be NULL */

/* ---- helpers -------------------------------------------------------- */

/* The rows the catalog has for @currency (-1: all): each priced term of
 * each offer, and each purchase price. */
static guint
count_rows (const RpCatalog *c,
            int              currency,
            const char      *provider,
            const char      *gpu_part)
{
  guint n = 0;

  for (guint i = 0; i < rp_catalog_n_clouds (c); i++)
    {
      const RpCloudOffer *o = rp_catalog_get_cloud (c, i);

      if ((currency >= 0 && (int) o->currency != currency) ||
          (provider != NULL && g_strcmp0 (o->provider, provider) != 0) ||
          (gpu_part != NULL && strstr (o->gpu, gpu_part) == NULL))
        continue;
      for (guint k = 0; k < RP_N_RENT_KINDS; k++)
        n += o->per_gpu_hour[k] > 0;
    }
  for (guint i = 0; provider == NULL && i < rp_catalog_n_purchases (c); i++)
    {
      const RpPurchasePrice *p = rp_catalog_get_purchase (c, i);

      if ((currency < 0 || (int) p->currency == currency) &&
          (gpu_part == NULL || strstr (p->gpu, gpu_part) != NULL))
        n++;
    }
  return n;
}

static guint
dropdown_index (GtkDropDown *dd,
                const char  *label)
{
  GListModel *model = gtk_drop_down_get_model (dd);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);

      if (g_str_equal (gtk_string_object_get_string (item), label))
        return i;
    }
  g_assert_not_reached ();
}

/* A click as the button's own handler gets it (gtk_widget_activate
 * animates the press for a quarter second first). */
static void
click (GtkButton *button)
{
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (button)));
  g_signal_emit_by_name (button, "clicked");
  rp_test_ui_drain ();
}

static void
on_changed_cb (GtkWidget *win,
               guint     *count)
{
  (*count)++;
}

/* ---- the Prices window ------------------------------------------------ */

/* Every priced term and purchase is a row; the GPU, provider and
 * currency filters each narrow them as the catalog says. */
static void
test_filters (void)
{
  g_autoptr(RpCatalog) c = rp_test_load_bundled_catalog ();
  g_autofree char *dir = rp_test_make_dir ("rigplan-prices-XXXXXX");
  RpPricesWindow *win = rp_prices_window_new (NULL, c, dir);
  GtkDropDown *currency = rp_prices_window_get_currency_filter (win);
  GtkDropDown *provider = rp_prices_window_get_provider_filter (win);
  guint n;

  gtk_window_present (GTK_WINDOW (win));
  rp_test_ui_drain ();
  g_assert_cmpuint (rp_prices_window_get_n_shown (win), ==, count_rows (c, -1, NULL, NULL));
  g_assert_cmpuint (rp_prices_window_get_n_shown (win), >=, 100);

  gtk_drop_down_set_selected (currency, dropdown_index (currency, "CNY"));
  n = rp_prices_window_get_n_shown (win);
  g_test_message ("CNY rows: %u", n);
  g_assert_cmpuint (n, ==, count_rows (c, RP_CURRENCY_CNY, NULL, NULL));
  for (guint i = 0; i < n; i++)
    g_assert_nonnull (strstr (rp_prices_window_get_text (win, i, RP_PRICES_COLUMN_PRICE), "¥"));

  gtk_editable_set_text (rp_prices_window_get_gpu_filter (win), "4090");
  rp_test_ui_drain ();
  n = rp_prices_window_get_n_shown (win);
  g_assert_cmpuint (n, ==, count_rows (c, RP_CURRENCY_CNY, NULL, "4090"));
  for (guint i = 0; i < n; i++)
    g_assert_nonnull (strstr (rp_prices_window_get_text (win, i, RP_PRICES_COLUMN_GPU), "4090"));

  gtk_drop_down_set_selected (provider, dropdown_index (provider, "AutoDL"));
  n = rp_prices_window_get_n_shown (win);
  g_assert_cmpuint (n, ==, count_rows (c, RP_CURRENCY_CNY, "AutoDL", "4090"));
  g_assert_cmpuint (n, >=, 2);
  for (guint i = 0; i < n; i++)
    g_assert_cmpstr (rp_prices_window_get_text (win, i, RP_PRICES_COLUMN_FROM), ==, "AutoDL");

  /* nothing matches: the window says what to do */
  g_assert_false (rp_prices_window_says_empty (win));
  gtk_editable_set_text (rp_prices_window_get_gpu_filter (win), "no-such-gpu");
  rp_test_ui_drain ();
  g_assert_cmpuint (rp_prices_window_get_n_shown (win), ==, 0);
  g_assert_true (rp_prices_window_says_empty (win));

  /* back to all */
  gtk_drop_down_set_selected (provider, 0);
  gtk_drop_down_set_selected (currency, 0);
  gtk_editable_set_text (rp_prices_window_get_gpu_filter (win), "");
  rp_test_ui_drain ();
  g_assert_cmpuint (rp_prices_window_get_n_shown (win), ==, count_rows (c, -1, NULL, NULL));
  g_assert_false (rp_prices_window_says_empty (win));
  rp_test_ui_destroy (win);
  rp_test_remove_dir (dir);
}

/* A new price for the RTX 4090 at AutoDL: written to the user's catalog,
 * marked as the user's in the list and in the catalog, and announced. */
static void
test_edit_price (void)
{
  g_autoptr(RpCatalog) c = rp_test_load_bundled_catalog ();
  g_autofree char *dir = rp_test_make_dir ("rigplan-prices-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "user-clouds.json", NULL);
  g_autofree char *text = NULL;
  RpPricesWindow *win = rp_prices_window_new (NULL, c, dir);
  GtkDropDown *provider = rp_prices_window_get_provider_filter (win);
  const RpCloudOffer *offer;
  guint changed = 0;
  cJSON *root;

  g_signal_connect (win, "prices-changed", G_CALLBACK (on_changed_cb), &changed);
  gtk_window_present (GTK_WINDOW (win));
  gtk_editable_set_text (rp_prices_window_get_gpu_filter (win), "rtx-4090");
  gtk_drop_down_set_selected (provider, dropdown_index (provider, "AutoDL"));
  rp_test_ui_drain ();
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (rp_prices_window_get_save_button (win))));
  rp_prices_window_select (win, 0);
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (rp_prices_window_get_save_button (win))));
  g_assert_cmpstr (rp_prices_window_get_text (win, 0, RP_PRICES_COLUMN_AGE), ==, "");

  /* a price of 0 is refused, and nothing is written */
  gtk_editable_set_text (GTK_EDITABLE (rp_prices_window_get_price_spin (win)), "0");
  click (rp_prices_window_get_save_button (win));
  rp_test_ui_drain ();
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_test_message ("refused: %s", rp_prices_window_get_status (win));
  g_assert_nonnull (strstr (rp_prices_window_get_status (win), "above 0"));
  g_assert_cmpuint (changed, ==, 0);

  gtk_editable_set_text (GTK_EDITABLE (rp_prices_window_get_price_spin (win)), "1.45");
  click (rp_prices_window_get_save_button (win));
  rp_test_ui_drain ();
  g_test_message ("%s", rp_prices_window_get_status (win));
  g_assert_cmpuint (changed, ==, 1);
  g_assert_nonnull (strstr (rp_prices_window_get_status (win), dir));
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  root = cJSON_Parse (text);
  g_assert_true (cJSON_IsTrue (cJSON_GetObjectItem (cJSON_GetArrayItem (
    cJSON_GetObjectItem (root, "offers"), 0), "user")));
  cJSON_Delete (root);
  offer = rp_catalog_lookup_cloud (c, "autodl-rtx-4090");
  g_assert_true (offer->user);
  g_assert_cmpfloat_with_epsilon (offer->per_gpu_hour[RP_RENT_ON_DEMAND], 1.45, 1e-9);
  /* the list shows it as the user's, still selected */
  g_assert_nonnull (strstr (rp_prices_window_get_text (win, 0, RP_PRICES_COLUMN_AGE),
                            _("yours")));
  g_assert_nonnull (strstr (rp_prices_window_get_text (win, 0, RP_PRICES_COLUMN_PRICE), "1.45"));
  rp_test_ui_destroy (win);
  rp_test_remove_dir (dir);
}

/* From the plan's menu: the Prices window of the plan's catalog; an
 * edited rent prices the plan at once. */
static void
test_from_plan_window (void)
{
  g_autoptr(RpCatalog) c = rp_test_load_bundled_catalog ();
  g_autofree char *dir = rp_test_make_dir ("rigplan-prices-XXXXXX");
  RpWindow *win;
  RpPricesWindow *prices;
  RpScenarioDocument *doc;
  const RpEstimate *est;
  const char *offer_id;
  GtkDropDown *provider;
  const RpCloudOffer *offer;

  g_setenv ("RIGPLAN_USER_DATADIR", dir, TRUE);
  win = rp_window_new (NULL, c, settings);
  gtk_window_present (GTK_WINDOW (win));
  rp_test_ui_drain ();
  doc = rp_window_get_document (win);
  est = rp_scenario_document_get_estimate (doc);
  g_assert_nonnull (est->cost.prices.offer);
  offer_id = est->cost.prices.offer->id;
  g_test_message ("the plan rents at %s", offer_id);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (win), "win.prices", NULL));
  rp_test_ui_drain ();
  prices = g_object_get_data (G_OBJECT (win), "rp-prices-window");
  g_assert_true (RP_IS_PRICES_WINDOW (prices));
  offer = rp_catalog_lookup_cloud (c, offer_id);
  provider = rp_prices_window_get_provider_filter (prices);
  gtk_drop_down_set_selected (provider, dropdown_index (provider, offer->provider));
  gtk_editable_set_text (rp_prices_window_get_gpu_filter (prices), offer->gpu);
  rp_test_ui_drain ();
  for (guint i = 0; i < rp_prices_window_get_n_shown (prices); i++)
    if (g_str_has_prefix (rp_prices_window_get_text (prices, i, RP_PRICES_COLUMN_TERMS),
                          rp_enum_info_get_label (&rp_rent_kind_info, RP_RENT_ON_DEMAND)))
      {
        rp_prices_window_select (prices, i);
        break;
      }
  gtk_editable_set_text (GTK_EDITABLE (rp_prices_window_get_price_spin (prices)), "0.31");
  click (rp_prices_window_get_save_button (prices));
  rp_test_ui_drain ();
  est = rp_scenario_document_get_estimate (doc);
  g_assert_cmpfloat_with_epsilon (est->cost.rent_per_gpu_hour, 0.31, 1e-9);
  g_assert_true (est->cost.prices.offer->user);

  /* closed, it is forgotten; the menu opens a new one */
  rp_test_ui_destroy (prices);
  g_assert_null (g_object_get_data (G_OBJECT (win), "rp-prices-window"));
  rp_scenario_document_set_modified (doc, FALSE);
  rp_test_ui_destroy (win);
  if (user_datadir != NULL)
    g_setenv ("RIGPLAN_USER_DATADIR", user_datadir, TRUE);
  else
    g_unsetenv ("RIGPLAN_USER_DATADIR");
  rp_test_remove_dir (dir);
}

/* Import Quotes…: a list with a bad row shows every bad row and writes
 * nothing; the fixed list comes in as the user's rows, announced. */
static void
test_import (void)
{
  static const char bad[] =
    "供应商,显卡,计费方式,价格,币种,日期,来源\n"
    "Example Cloud,RTX 4090,按量,1.55,元,2026-11-20,报价单\n"
    "Example Cloud,RTX 4090,包年,1.10,元,2026-13-40,报价单\n";
  static const char good[] =
    "供应商,显卡,计费方式,价格,币种,日期,来源\n"
    "Example Cloud,RTX 4090,按量,1.55,元,2026-11-20,报价单\n"
    "Example Cloud,RTX 4090,包年,1.10,元,2026-11-20,报价单\n";
  g_autoptr(RpCatalog) c = rp_test_load_bundled_catalog ();
  g_autofree char *dir = rp_test_make_dir ("rigplan-prices-XXXXXX");
  g_autofree char *csv = g_build_filename (dir, "quotes.csv", NULL);
  g_autofree char *user = g_build_filename (dir, "user-clouds.json", NULL);
  RpPricesWindow *win = rp_prices_window_new (NULL, c, dir);
  GtkDropDown *provider = rp_prices_window_get_provider_filter (win);
  guint changed = 0, before;

  g_signal_connect (win, "prices-changed", G_CALLBACK (on_changed_cb), &changed);
  gtk_window_present (GTK_WINDOW (win));
  rp_test_ui_drain ();
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (rp_prices_window_get_import_button (win))));
  before = rp_prices_window_get_n_shown (win);

  g_assert_true (g_file_set_contents (csv, bad, -1, NULL));
  g_assert_false (rp_prices_window_import (win, csv));
  g_test_message ("%s", rp_prices_window_get_status (win));
  g_assert_nonnull (strstr (rp_prices_window_get_status (win), "quotes.csv:3:"));
  g_assert_false (g_file_test (user, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (changed, ==, 0);
  g_assert_cmpuint (rp_prices_window_get_n_shown (win), ==, before);

  g_assert_true (g_file_set_contents (csv, good, -1, NULL));
  g_assert_true (rp_prices_window_import (win, csv));
  g_assert_cmpuint (changed, ==, 1);
  g_assert_true (g_file_test (user, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpuint (rp_prices_window_get_n_shown (win), ==, before + 2);
  gtk_drop_down_set_selected (provider, dropdown_index (provider, "Example Cloud"));
  rp_test_ui_drain ();
  g_assert_cmpuint (rp_prices_window_get_n_shown (win), ==, 2);
  g_assert_nonnull (strstr (rp_prices_window_get_text (win, 0, RP_PRICES_COLUMN_AGE),
                            _("yours")));
  rp_test_ui_destroy (win);
  rp_test_remove_dir (dir);
}

static void
test_render (void)
{
  g_autoptr(RpCatalog) c = rp_test_load_bundled_catalog ();
  g_autofree char *dir = rp_test_make_dir ("rigplan-prices-XXXXXX");
  RpPricesWindow *win = rp_prices_window_new (NULL, c, dir);
  GtkDropDown *currency = rp_prices_window_get_currency_filter (win);

  gtk_window_set_default_size (GTK_WINDOW (win), 1200, 700);
  gtk_window_present (GTK_WINDOW (win));
  /* the RTX 3090 in yuan: rents, and new, used and ex-mining prices */
  gtk_drop_down_set_selected (currency, dropdown_index (currency, "CNY"));
  gtk_editable_set_text (rp_prices_window_get_gpu_filter (win), "3090");
  rp_test_ui_drain ();
  rp_prices_window_select (win, rp_prices_window_get_n_shown (win) - 2);
  rp_test_ui_drain ();
  rp_test_ui_render (GTK_WIDGET (win), 800, "RIGPLAN_PRICES_PNG");
  rp_test_ui_destroy (win);
  rp_test_remove_dir (dir);
}

/* ---- the form's market rows ------------------------------------------ */

/* Choosing Guizhou in the form prices the electricity there, and the
 * caption names it; choosing used cards shows their advice. */
static void
test_form_region_condition (void)
{
  RpWindow *win = rp_window_new (NULL, catalog, settings);
  RpScenarioForm *form = RP_SCENARIO_FORM (rp_window_get_form (win));
  RpScenarioDocument *doc = rp_window_get_document (win);
  GtkDropDown *region, *condition;
  const char *origin;
  const RpRegion *guizhou = rp_catalog_lookup_region (catalog, "cn-guizhou");

  gtk_window_present (GTK_WINDOW (win));
  rp_test_ui_drain ();
  region = GTK_DROP_DOWN (rp_scenario_form_get_control (form, "region"));
  g_assert_true (GTK_IS_DROP_DOWN (region));
  gtk_drop_down_set_selected (region, dropdown_index (region, guizhou->name));
  rp_test_ui_drain ();
  g_assert_cmpstr (rp_scenario_document_get_scenario (doc)->budget.region, ==, "cn-guizhou");
  origin = rp_scenario_form_get_field_origin (form, "power-price-kwh");
  g_test_message ("power: %s", origin);
  g_assert_nonnull (origin);
  g_assert_nonnull (strstr (origin, guizhou->name));
  g_assert_nonnull (strstr (origin, "2026-04-11"));

  condition = GTK_DROP_DOWN (rp_scenario_form_get_control (form, "condition"));
  gtk_drop_down_set_selected (condition, RP_CONDITION_USED);
  rp_test_ui_drain ();
  g_assert_cmpint (rp_scenario_document_get_scenario (doc)->budget.condition, ==,
                   RP_CONDITION_USED);
  g_assert_true (rp_estimate_has_warning (rp_scenario_document_get_estimate (doc),
                                          "used-card-checks"));
  rp_scenario_document_set_modified (doc, FALSE);
  rp_test_ui_destroy (win);
}

int
main (int    argc,
      char **argv)
{
  int status;

  rp_test_ui_bind_messages ();
  if (!rp_test_ui_init (&argc, &argv, &status))
    return status;
  user_datadir = g_strdup (g_getenv ("RIGPLAN_USER_DATADIR"));
  catalog = rp_test_load_catalog ();
  settings = g_settings_new (APP_ID);

  g_test_add_func ("/ui/prices/filters", test_filters);
  g_test_add_func ("/ui/prices/edit-price", test_edit_price);
  g_test_add_func ("/ui/prices/from-plan-window", test_from_plan_window);
  g_test_add_func ("/ui/prices/import", test_import);
  g_test_add_func ("/ui/prices/render", test_render);
  g_test_add_func ("/ui/form/region-condition", test_form_region_condition);

  status = g_test_run ();
  g_clear_object (&settings);
  g_clear_pointer (&catalog, rp_catalog_unref);
  g_free (user_datadir);
  return status;
}

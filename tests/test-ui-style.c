/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-style.c: the application follows the desktop's dark and
 * high-contrast preference (libadwaita's style manager, fed here by the
 * GSettings that the settings portal falls back to) */

#include "config.h"

#include "rp-about.h"
#include "rp-application.h"
#include "rp-scenario-form.h"
#include "rp-test-core.h"
#include "rp-test-ui.h"
#include "rp-window.h"

#include <adwaita.h>
#include <string.h>

static RpCatalog *catalog = NULL;
static GSettings *settings = NULL;

/* ---- helpers -------------------------------------------------------- */

static GSettings *
desktop_settings (const char *schema_id,
                  const char *key)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  schema = source != NULL ? g_settings_schema_source_lookup (source, schema_id, TRUE) : NULL;
  if (schema == NULL || !g_settings_schema_has_key (schema, key))
    return NULL;
  return g_settings_new (schema_id);
}

/* The relative luminance of the text colour of @widget, 0 to 1. */
static double
text_luminance (GtkWidget *widget)
{
  GdkRGBA c;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &c);
  G_GNUC_END_IGNORE_DEPRECATIONS
  /* ITU-R BT.709 luma weights, as WCAG's relative luminance uses */
  return 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue;
}

/* ---- tests ---------------------------------------------------------- */

static void
test_application_is_adwaita (void)
{
  g_autoptr(RpApplication) app = rp_application_new ();

  g_assert_true (ADW_IS_APPLICATION (app));
}

/* The desktop asks for dark: the window turns dark at once, and light
 * again when asked. */
static void
test_follows_dark_preference (void)
{
  g_autoptr(GSettings) desktop = desktop_settings ("org.gnome.desktop.interface",
                                                   "color-scheme");
  AdwStyleManager *style = adw_style_manager_get_default ();
  RpWindow *win;

  if (desktop == NULL)
    {
      g_test_skip ("org.gnome.desktop.interface has no color-scheme (gsettings-desktop-schemas)");
      return;
    }
  win = rp_test_ui_new_window (catalog, settings, 1024, 700);
  g_settings_set_string (desktop, "color-scheme", "default");
  rp_test_ui_drain ();
  g_assert_false (adw_style_manager_get_dark (style));
  g_assert_cmpfloat (text_luminance (GTK_WIDGET (win)), <, 0.5);

  g_settings_set_string (desktop, "color-scheme", "prefer-dark");
  rp_test_ui_wait_ms (100);
  g_assert_true (adw_style_manager_get_system_supports_color_schemes (style));
  g_assert_true (adw_style_manager_get_dark (style));
  g_assert_cmpfloat (text_luminance (GTK_WIDGET (win)), >, 0.5);

  g_settings_set_string (desktop, "color-scheme", "default");
  rp_test_ui_wait_ms (100);
  g_assert_false (adw_style_manager_get_dark (style));
  rp_test_ui_destroy (win);
}

static void
test_follows_high_contrast (void)
{
  g_autoptr(GSettings) a11y = desktop_settings ("org.gnome.desktop.a11y.interface",
                                                "high-contrast");
  AdwStyleManager *style = adw_style_manager_get_default ();

  if (a11y == NULL)
    {
      g_test_skip ("org.gnome.desktop.a11y.interface has no high-contrast");
      return;
    }
  g_settings_set_boolean (a11y, "high-contrast", TRUE);
  rp_test_ui_wait_ms (100);
  g_assert_true (adw_style_manager_get_high_contrast (style));
  g_settings_set_boolean (a11y, "high-contrast", FALSE);
  rp_test_ui_wait_ms (100);
  g_assert_false (adw_style_manager_get_high_contrast (style));
}

/* The form's values start at one x in every section, and its switches
 * are as wide as a switch, not as the column. */
static void
test_form_columns (void)
{
  static const char *const controls[] = {
    "layers", "seq-len", "micro-batch", "gpus-per-node", "nodes", "limit", "deadline-days",
    "utilization-pct", "rent-price-per-gpu-hour", "gpu-price", "currency", "acquire",
    "pue", "years", "residual-pct", "power-price-kwh", "recompute", "zero-stage",
  };
  static const char *const switches[] = { "flash-attention", "sequence-parallel" };
  RpWindow *win = rp_test_ui_new_window (catalog, settings, 1024, 700);
  RpScenarioForm *form = RP_SCENARIO_FORM (rp_window_get_form (win));
  double x0 = 0;

  /* a typed rent price: its row has a reset button in the last column */
  rp_test_ui_open_example (win, "lora-llama3-8b-rtx4090.rigplan", 20);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (win));
  rp_test_ui_drain ();
  for (guint i = 0; i < G_N_ELEMENTS (controls); i++)
    {
      GtkWidget *w = rp_scenario_form_get_control (form, controls[i]);
      graphene_rect_t bounds;

      g_assert_nonnull (w);
      if (!gtk_widget_get_mapped (w))
        {
          g_test_message ("%s is not shown", controls[i]);
          continue;
        }
      g_assert_true (gtk_widget_compute_bounds (w, GTK_WIDGET (form), &bounds));
      g_test_message ("%s at x = %.0f", controls[i], bounds.origin.x);
      if (i == 0)
        x0 = bounds.origin.x;
      else
        g_assert_cmpfloat_with_epsilon (bounds.origin.x, x0, 1.0);
    }
  for (guint i = 0; i < G_N_ELEMENTS (switches); i++)
    {
      GtkWidget *sw = rp_scenario_form_get_control (form, switches[i]);
      GtkWidget *plain = g_object_ref_sink (gtk_switch_new ());
      int natural = 0;

      g_assert_true (GTK_IS_SWITCH (sw));
      /* a switch's own width, beside no size group */
      gtk_widget_measure (plain, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
      g_object_unref (plain);
      g_test_message ("%s: %d px wide, natural %d", switches[i], gtk_widget_get_width (sw),
                      natural);
      g_assert_cmpint (gtk_widget_get_width (sw), <=, natural);
    }
  rp_test_ui_destroy (win);
}

/* About Rigplan is libadwaita's About window, and its release notes are
 * the metainfo's newest release. */
static void
test_about_release_notes (void)
{
  static const char metainfo[] =
    "<component><releases>"
    "<release version=\"0.2.0\"><description><p>Undo &amp; redo,\n   toasts.</p>"
    "<ul><li>Help on F1</li></ul></description></release>"
    "<release version=\"0.1.0\"><description><p>Old.</p></description></release>"
    "</releases></component>";
  g_autofree char *version = NULL;
  g_autofree char *notes = rp_about_release_notes (metainfo, -1, &version);
  GtkWidget *about;

  g_assert_cmpstr (notes, ==, "<p>Undo &amp; redo, toasts.</p><ul><li>Help on F1</li></ul>");
  g_assert_cmpstr (version, ==, "0.2.0");

  about = rp_about_window_new (NULL);
  g_assert_true (ADW_IS_ABOUT_WINDOW (about));
  g_assert_nonnull (strstr (adw_about_window_get_release_notes (ADW_ABOUT_WINDOW (about)),
                            "<p>First version:"));
  g_assert_cmpstr (adw_about_window_get_version (ADW_ABOUT_WINDOW (about)), ==, PACKAGE_VERSION);
  gtk_window_destroy (GTK_WINDOW (about));
}

int
main (int    argc,
      char **argv)
{
  int status;

  rp_test_ui_bind_messages ();
  if (!rp_test_ui_init (&argc, &argv, &status))
    return status;

  catalog = rp_test_load_catalog ();
  settings = g_settings_new (APP_ID);

  g_test_add_func ("/ui/style/application-is-adwaita", test_application_is_adwaita);
  g_test_add_func ("/ui/style/follows-dark-preference", test_follows_dark_preference);
  g_test_add_func ("/ui/style/follows-high-contrast", test_follows_high_contrast);
  g_test_add_func ("/ui/about/release-notes", test_about_release_notes);
  g_test_add_func ("/ui/form/columns", test_form_columns);

  status = g_test_run ();
  g_clear_object (&settings);
  g_clear_pointer (&catalog, rp_catalog_unref);
  return status;
}

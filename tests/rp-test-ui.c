/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-test-ui.c: helpers shared by the tests of the app's windows */

#include "config.h"

#include "rp-test-core.h"
#include "rp-test-ui.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>

void
rp_test_ui_bind_messages (void)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("RIGPLAN_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

gboolean
rp_test_ui_init (int    *argc,
                 char ***argv,
                 int    *status)
{
  g_autofree char *name = NULL;

  g_test_init (argc, argv, NULL);
  if (gtk_init_check ())
    {
      /* the windows are libadwaita's, as in the app (AdwApplication) */
      adw_init ();
      return TRUE;
    }
  if (g_strcmp0 (g_getenv ("CI"), "true") == 0)
    {
      name = g_path_get_basename (g_get_prgname ());
      g_printerr ("%s: no display under CI; run the suite under xvfb-run\n", name);
      *status = 1;
      return FALSE;
    }
  g_print ("1..0 # SKIP no display (run under xvfb-run -a)\n");
  *status = 0;
  return FALSE;
}

void
rp_test_ui_drain (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

gboolean
rp_test_ui_timeout_cb (gpointer flag)
{
  *(gboolean *) flag = TRUE;
  return G_SOURCE_REMOVE;
}

void
rp_test_ui_wait_ms (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, rp_test_ui_timeout_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

RpWindow *
rp_test_ui_new_window (RpCatalog *catalog,
                       GSettings *settings,
                       int        width,
                       int        height)
{
  RpWindow *win = rp_window_new (NULL, catalog, settings);

  gtk_window_set_default_size (GTK_WINDOW (win), width, height);
  gtk_window_present (GTK_WINDOW (win));
  return win;
}

void
rp_test_ui_open_and_wait (RpWindow   *win,
                          const char *path,
                          guint       timeout_s)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  RpScenarioDocument *doc = rp_window_get_document (win);
  gboolean timed_out = FALSE;
  guint id = g_timeout_add_seconds (timeout_s, rp_test_ui_timeout_cb, &timed_out);

  rp_window_open_file (win, file);
  while (!timed_out && rp_window_get_error_dialog (win) == NULL &&
         (rp_scenario_document_get_file (doc) == NULL ||
          !g_file_equal (rp_scenario_document_get_file (doc), file)))
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (id);
  rp_test_ui_drain ();
}

RpWindow *
rp_test_ui_open_example (RpWindow   *win,
                         const char *name,
                         guint       timeout_s)
{
  g_autofree char *path = rp_test_example_path (name);

  rp_test_ui_open_and_wait (win, path, timeout_s);
  g_assert_null (rp_window_get_error_dialog (win));
  return win;
}

void
rp_test_ui_render (GtkWidget  *widget,
                   int         min_width,
                   const char *png_variable)
{
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GskRenderer) renderer = gsk_cairo_renderer_new ();
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GError) error = NULL;
  const char *png = g_getenv (png_variable);
  int width, height;

  gtk_test_widget_wait_for_draw (widget);
  paintable = gtk_widget_paintable_new (widget);
  width = gdk_paintable_get_intrinsic_width (paintable);
  height = gdk_paintable_get_intrinsic_height (paintable);
  g_assert_cmpint (width, >=, min_width);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  g_assert_true (gsk_renderer_realize (renderer, NULL, &error));
  g_assert_no_error (error);
  texture = gsk_renderer_render_texture (renderer, node, NULL);
  g_assert_nonnull (texture);
  if (png != NULL)
    g_assert_true (gdk_texture_save_to_png (texture, png));
  gsk_renderer_unrealize (renderer);
}

void
rp_test_ui_destroy (gpointer window)
{
  g_assert_true (GTK_IS_WINDOW (window));
  if (RP_IS_WINDOW (window))
    rp_scenario_document_set_modified (rp_window_get_document (RP_WINDOW (window)), FALSE);
  gtk_window_destroy (GTK_WINDOW (window));
  rp_test_ui_drain ();
}

void
rp_test_ui_answer (GtkWidget  *dialog,
                   const char *response)
{
  g_assert_true (ADW_IS_MESSAGE_DIALOG (dialog));
  g_assert_true (adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (dialog), response));
  /* a closed dialog answers its close response: the click's answer */
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), response);
  gtk_window_close (GTK_WINDOW (dialog));
  rp_test_ui_drain ();
}

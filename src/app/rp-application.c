/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-application.c: the single-instance application */

#include "config.h"

#include "rp-application.h"

#include "rp-about.h"
#include "rp-app-options.h"

#include "rp-autosave.h"
#include "rp-compare-window.h"
#include "rp-startup.h"
#include "rp-window.h"

#include <glib/gi18n.h>

/* ---- private structs ------------------------------------------------ */

struct _RpApplication
{
  AdwApplication parent_instance;

  /* owned */
  RpCatalog *catalog;
  GSettings *settings;
  GError    *catalog_error;
  GPtrArray *catalog_problems; /* GError*: the user's files that were skipped */

  /* state */
  gboolean   recovery_offered;
};

G_DEFINE_FINAL_TYPE (RpApplication, rp_application, ADW_TYPE_APPLICATION)

/* ---- helpers -------------------------------------------------------- */

static void
on_fatal_response_cb (AdwMessageDialog *dialog,
                      const char       *response,
                      RpApplication    *self)
{
  g_application_release (G_APPLICATION (self));
}

/* Without its catalogs Rigplan can estimate nothing: say why and quit. */
static void
show_catalog_error (RpApplication *self)
{
  GtkWidget *dialog;

  dialog = adw_message_dialog_new (NULL, _("Rigplan cannot read its catalogs"),
                                   self->catalog_error->message);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_set_application (GTK_WINDOW (dialog), GTK_APPLICATION (self));
  g_application_hold (G_APPLICATION (self));
  g_signal_connect (dialog, "response", G_CALLBACK (on_fatal_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* One bad user catalog file never stops the app (issue 17): the window
 * says which were skipped and opens their folder. */
static void
show_catalog_problems (RpApplication *self,
                       RpWindow      *window)
{
  const GError *first;
  g_autofree char *text = NULL;
  g_autoptr(GFile) folder = NULL;
  g_autofree char *dir = rp_catalog_user_dir ();
  guint more;

  if (self->catalog_problems == NULL || self->catalog_problems->len == 0)
    return;
  first = g_ptr_array_index (self->catalog_problems, 0);
  more = self->catalog_problems->len - 1;
  if (more == 0)
    /* TRANSLATORS: %s is "FILE: KEY: problem" */
    text = g_strdup_printf (_("Part of your catalog was skipped: %s"), first->message);
  else
    /* TRANSLATORS: %s is "FILE: KEY: problem", %u how many more */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Part of your catalog was skipped: %s (and %u more problem)",
                                         "Part of your catalog was skipped: %s (and %u more problems)",
                                         more), first->message, more);
  folder = g_file_new_for_path (dir);
  rp_window_show_notice (window, text, folder);
}

static RpWindow *
new_window (RpApplication *self)
{
  RpWindow *window = rp_window_new (GTK_APPLICATION (self), self->catalog, self->settings);

  show_catalog_problems (self, window);
  rp_startup_mark ("window-built");
  rp_startup_watch_first_frame (GTK_WINDOW (window), G_APPLICATION (self));
  return window;
}

/* Once per start, over the first window: the changes a Rigplan that
 * stopped without closing left behind (rp-autosave.h). */
static void
offer_recovery (RpApplication *self,
                GtkWindow     *parent)
{
  g_autofree char *dir = NULL;
  g_autoptr(GPtrArray) found = NULL;

  if (self->recovery_offered)
    return;
  self->recovery_offered = TRUE;
  dir = rp_autosave_dir ();
  found = rp_autosave_find (dir);
  if (found->len > 0)
    rp_autosave_offer (parent, GTK_APPLICATION (self), self->catalog, self->settings,
                       g_steal_pointer (&found));
}

static gboolean
is_comparison (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);

  return name != NULL && g_str_has_suffix (name, ".rigplan-compare");
}

/* A comparison opens in a Compare window: the empty one, else a new one. */
static GtkWindow *
open_comparison (RpApplication *self,
                 GFile         *file)
{
  RpCompareWindow *window = rp_compare_window_find ();

  if (window == NULL || rp_compare_window_get_n_columns (window) > 0 ||
      rp_compare_window_get_file (window) != NULL)
    window = rp_compare_window_new (GTK_APPLICATION (self), self->catalog, self->settings);
  rp_compare_window_open_file (window, file);
  gtk_window_present (GTK_WINDOW (window));
  return GTK_WINDOW (window);
}

/* ---- action handlers ------------------------------------------------ */

static void
app_open_recent_action (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       user_data)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  g_application_open (G_APPLICATION (user_data), &file, 1, "");
}

static void
app_quit_action (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  RpApplication *self = user_data;
  g_autoptr(GList) windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));

  /* Each window asks about its own unsaved changes. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
}

static void
app_about_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  RpApplication *self = user_data;

  gtk_window_present (GTK_WINDOW (
    rp_about_window_new (gtk_application_get_active_window (GTK_APPLICATION (self)))));
}

/* Help ▸ Help (F1): the user guide, in Yelp (installed as Mallard pages
 * under help/C and help/zh_CN; its first page's id is "index"). */
static void
app_help_action (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (user_data));

  gtk_show_uri (window, RP_APPLICATION_HELP_URI, GDK_CURRENT_TIME);
}

static void
app_shortcuts_action (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (user_data));

  if (window != NULL)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL);
}

static const GActionEntry app_actions[] = {
  { "quit", app_quit_action, NULL, NULL, NULL, { 0 } },
  { "about", app_about_action, NULL, NULL, NULL, { 0 } },
  { "help", app_help_action, NULL, NULL, NULL, { 0 } },
  { "shortcuts", app_shortcuts_action, NULL, NULL, NULL, { 0 } },
  { "open-recent", app_open_recent_action, "s", NULL, NULL, { 0 } },
};

/* ---- vfunc overrides ------------------------------------------------ */

static void
rp_application_startup (GApplication *application)
{
  RpApplication *self = RP_APPLICATION (application);
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  static const char *quit_accels[] = { "<Primary>q", NULL };
  static const char *shortcuts_accels[] = { "<Primary>question", NULL };
  static const char *help_accels[] = { "F1", NULL };

  G_APPLICATION_CLASS (rp_application_parent_class)->startup (application);
  rp_startup_mark ("gtk-started");

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions, G_N_ELEMENTS (app_actions),
                                   self);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.show-help-overlay",
                                         shortcuts_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.help", help_accels);

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  if (schema != NULL)
    self->settings = g_settings_new (APP_ID);
  else
    g_message ("The GSettings schema %s is not installed; settings are not kept", APP_ID);

  self->catalog = rp_catalog_load_default_full (&self->catalog_problems, &self->catalog_error);
  rp_startup_mark ("catalog-loaded");
  gtk_window_set_default_icon_name (APP_ID);
}

static void
rp_application_activate (GApplication *application)
{
  RpApplication *self = RP_APPLICATION (application);
  GtkWindow *window;

  if (self->catalog == NULL)
    {
      show_catalog_error (self);
      return;
    }
  window = gtk_application_get_active_window (GTK_APPLICATION (self));
  if (window == NULL)
    window = GTK_WINDOW (new_window (self));
  gtk_window_present (window);
  offer_recovery (self, window);
}

static void
rp_application_open (GApplication  *application,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  RpApplication *self = RP_APPLICATION (application);

  if (self->catalog == NULL)
    {
      show_catalog_error (self);
      return;
    }
  for (int i = 0; i < n_files; i++)
    {
      GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (self));
      RpWindow *window;

      if (is_comparison (files[i]))
        {
          offer_recovery (self, open_comparison (self, files[i]));
          continue;
        }
      if (active != NULL && RP_IS_WINDOW (active) && rp_window_is_pristine (RP_WINDOW (active)))
        window = RP_WINDOW (active);
      else
        window = new_window (self);
      rp_window_open_file (window, files[i]);
      gtk_window_present (GTK_WINDOW (window));
      offer_recovery (self, GTK_WINDOW (window));
    }
}

/* `rigplan --version` answers without a window or a display. */
static int
rp_application_handle_local_options (GApplication *application,
                                     GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("rigplan %s\n", PACKAGE_VERSION);
      return 0;
    }
  return G_APPLICATION_CLASS (rp_application_parent_class)->handle_local_options (application,
                                                                                   options);
}

static void
rp_application_dispose (GObject *object)
{
  RpApplication *self = RP_APPLICATION (object);

  g_clear_object (&self->settings);
  g_clear_pointer (&self->catalog, rp_catalog_unref);
  g_clear_error (&self->catalog_error);
  g_clear_pointer (&self->catalog_problems, g_ptr_array_unref);
  G_OBJECT_CLASS (rp_application_parent_class)->dispose (object);
}

/* ---- class_init / init ---------------------------------------------- */

static void
rp_application_class_init (RpApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = rp_application_dispose;
  app_class->startup = rp_application_startup;
  app_class->activate = rp_application_activate;
  app_class->open = rp_application_open;
  app_class->handle_local_options = rp_application_handle_local_options;
}

static void
rp_application_init (RpApplication *self)
{
  GApplication *app = G_APPLICATION (self);

  g_application_add_main_option_entries (app, rp_app_option_entries);
  g_application_set_option_context_parameter_string (app, _(rp_app_parameter));
  g_application_set_option_context_summary (app, _(rp_app_summary));
}

/* ---- public API ----------------------------------------------------- */

RpApplication *
rp_application_new (void)
{
  return g_object_new (RP_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/rigplan/Rigplan",
                       NULL);
}

RpCatalog *
rp_application_get_catalog (RpApplication *self)
{
  g_return_val_if_fail (RP_IS_APPLICATION (self), NULL);
  return self->catalog;
}

GSettings *
rp_application_get_settings (RpApplication *self)
{
  g_return_val_if_fail (RP_IS_APPLICATION (self), NULL);
  return self->settings;
}

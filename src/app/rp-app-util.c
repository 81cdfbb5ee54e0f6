/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-app-util.c: files and dialogs, as the windows share them */

#include "config.h"

#include "rp-app-util.h"

#include <glib/gi18n.h>

GtkFileChooserNative *
rp_app_file_chooser_new (GtkWindow            *parent,
                         const char           *title,
                         GtkFileChooserAction  action,
                         const char           *accept,
                         GFile                *folder)
{
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new (title, parent, action, accept,
                                                               _("_Cancel"));

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  if (folder != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
  return chooser;
}

GFile *
rp_app_last_folder (GSettings *settings)
{
  g_autofree char *last = NULL;

  if (settings == NULL)
    return NULL;
  last = g_settings_get_string (settings, "last-folder");
  if (last == NULL || *last == '\0' || !g_file_test (last, G_FILE_TEST_IS_DIR))
    return NULL;
  return g_file_new_for_path (last);
}

GtkFileFilter *
rp_app_file_filter (const char *name,
                    const char *mime,
                    const char *pattern)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_mime_type (filter, mime);
  gtk_file_filter_add_pattern (filter, pattern);
  return filter;
}

GFile *
rp_app_chooser_take_file (GtkNativeDialog *chooser,
                          int              response)
{
  GFile *file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
  return file;
}

GPtrArray *
rp_app_chooser_take_files (GtkNativeDialog *chooser,
                           int              response)
{
  g_autoptr(GListModel) list = NULL;
  GPtrArray *files = g_ptr_array_new_with_free_func (g_object_unref);

  if (response == GTK_RESPONSE_ACCEPT)
    list = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
  for (guint i = 0; list != NULL && i < g_list_model_get_n_items (list); i++)
    g_ptr_array_add (files, g_list_model_get_item (list, i));
  return files;
}

GPtrArray *
rp_app_dropped_files (const GValue *value)
{
  GPtrArray *files = g_ptr_array_new ();
  GSList *list;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return files;
  list = gdk_file_list_get_files (g_value_get_boxed (value));
  for (GSList *l = list; l != NULL; l = l->next)
    g_ptr_array_add (files, l->data);
  g_slist_free (list);
  return files;
}

GtkWidget *
rp_app_show_message (GtkWindow      *parent,
                     GtkMessageType  type,
                     const char     *primary,
                     const char     *secondary)
{
  GtkWidget *dialog = adw_message_dialog_new (parent, primary, secondary);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

GtkWidget *
rp_app_question_new (GtkWindow  *parent,
                     const char *heading,
                     const char *body)
{
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent, heading, body));

  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "discard", _("_Discard"),
                                    "save", _("_Save"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (dialog, "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "save");
  adw_message_dialog_set_close_response (dialog, "cancel");
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  return GTK_WIDGET (dialog);
}

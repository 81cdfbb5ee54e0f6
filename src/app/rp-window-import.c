/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-window-import.c: configs in (File ▸ Import…, files dropped on the
 * window) and launch configs out (Export Launch Config)
 *
 * Thin: core's rp-import.h reads and rp-export-launch.h writes.  The
 * import runs in a GTask thread (an index of a large checkpoint is tens
 * of megabytes) with the window's cancellable; what it approximated is
 * shown in a dialog and kept in the scenario's notes. */

#include "config.h"

#include "rp-window-private.h"

#include "rp-app-util.h"
#include "rp-export-launch.h"
#include "rp-import.h"

#include <glib/gi18n.h>

typedef struct
{
  char      **paths;            /* owned */
  RpCatalog  *catalog;          /* owned ref */
} ImportJob;

typedef struct
{
  RpScenario *scenario;         /* owned */
  char       *report;           /* owned */
} ImportResult;

/* ---- helpers -------------------------------------------------------- */

static void
import_job_free (gpointer data)
{
  ImportJob *job = data;

  g_strfreev (job->paths);
  rp_catalog_unref (job->catalog);
  g_free (job);
}

static void
import_result_free (gpointer data)
{
  ImportResult *result = data;

  rp_scenario_free (result->scenario);
  g_free (result->report);
  g_free (result);
}

static GtkFileFilter *
configs_filter (void)
{
  static const char *const patterns[] = {
    "*.json", "*.yaml", "*.yml", "*.sh", "*.rigplan", "*.safetensors",
  };
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Model and training configs"));
  for (guint i = 0; i < G_N_ELEMENTS (patterns); i++)
    gtk_file_filter_add_pattern (filter, patterns[i]);
  return filter;
}

/* ---- the import ----------------------------------------------------- */

static void
import_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ImportJob *job = task_data;
  g_autoptr(RpImport) import = rp_import_new (job->catalog);
  g_autoptr(GError) error = NULL;
  ImportResult *result;

  for (guint i = 0; job->paths[i] != NULL; i++)
    if (!rp_import_add_path (import, job->paths[i], &error))
      {
        g_task_return_error (task, g_steal_pointer (&error));
        return;
      }
  result = g_new0 (ImportResult, 1);
  result->scenario = rp_import_finish (import, &error);
  if (result->scenario == NULL)
    {
      import_result_free (result);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  result->report = rp_import_dup_report (import);
  g_task_return_pointer (task, result, import_result_free);
}

static void
import_done_cb (GObject      *source,
                GAsyncResult *res,
                gpointer      user_data)
{
  RpWindow *self = RP_WINDOW (source);
  RpWindow *target = self;
  g_autoptr(GError) error = NULL;
  ImportResult *result = g_task_propagate_pointer (G_TASK (res), &error);
  g_autofree char *primary = NULL;

  if (result == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        rp_window_show_error (self, _("Could not import"), error->message);
      return;
    }
  /* Into this window when it holds nothing yet, else into a new one. */
  if (!rp_window_is_pristine (self))
    {
      target = rp_window_new (gtk_window_get_application (GTK_WINDOW (self)), self->catalog,
                              self->settings);
      gtk_window_present (GTK_WINDOW (target));
    }
  /* TRANSLATORS: %s is the imported scenario's name */
  primary = g_strdup_printf (_("Imported “%s”"), result->scenario->name);
  if (target == self)
    /* into the scenario open here: one step Ctrl+Z takes back */
    rp_scenario_document_replace (target->document, g_steal_pointer (&result->scenario));
  else
    {
      rp_scenario_document_set_scenario (target->document, g_steal_pointer (&result->scenario),
                                         NULL);
      rp_scenario_document_set_modified (target->document, TRUE);
    }
  g_object_set_data_full (G_OBJECT (target), "rp-import-report",
                          g_steal_pointer (&result->report), g_free);
  rp_app_show_message (GTK_WINDOW (target), GTK_MESSAGE_INFO, primary,
                       g_object_get_data (G_OBJECT (target), "rp-import-report"));
  import_result_free (result);
}

static void
on_import_response_cb (GtkNativeDialog *chooser,
                       int              response,
                       gpointer         user_data)
{
  g_autoptr(RpWindow) self = user_data;
  g_autoptr(GPtrArray) files = rp_app_chooser_take_files (chooser, response);

  if (files->len > 0)
    rp_window_import_files (self, (GFile *const *) files->pdata, files->len);
}

/* ---- drag and drop -------------------------------------------------- */

static gboolean
on_drop_cb (GtkDropTarget *target,
            const GValue  *value,
            double         x,
            double         y,
            gpointer       user_data)
{
  RpWindow *self = user_data;
  g_autoptr(GPtrArray) files = rp_app_dropped_files (value);
  g_autofree char *name = NULL;

  if (files->len == 0)
    return FALSE;
  name = g_file_get_basename (g_ptr_array_index (files, 0));
  /* one scenario dropped is opened like File ▸ Open; anything else imported */
  if (files->len == 1 && g_str_has_suffix (name, ".rigplan"))
    {
      RpWindow *window = self;

      if (!rp_window_is_pristine (self))
        {
          window = rp_window_new (gtk_window_get_application (GTK_WINDOW (self)), self->catalog,
                                  self->settings);
          gtk_window_present (GTK_WINDOW (window));
        }
      rp_window_open_file (window, g_ptr_array_index (files, 0));
      return TRUE;
    }
  rp_window_import_files (self, (GFile *const *) files->pdata, files->len);
  return TRUE;
}

/* ---- export launch configs ------------------------------------------ */

static void
on_export_launch_response_cb (GtkNativeDialog *chooser,
                              int              response,
                              gpointer         user_data)
{
  g_autoptr(RpWindow) self = user_data;
  RpLaunchFormat format = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (chooser),
                                                               "rp-format"));
  g_autoptr(GFile) file = rp_app_chooser_take_file (chooser, response);

  if (file != NULL)
    rp_window_export_launch_file (self, format, file);
}

/* ---- action handlers ------------------------------------------------ */

void
rp_window_import_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  RpWindow *self = RP_WINDOW (widget);
  GtkFileChooserNative *chooser;
  GtkFileFilter *all = gtk_file_filter_new ();

  chooser = rp_app_file_chooser_new (GTK_WINDOW (self), _("Import Model and Training Configs"),
                                     GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"), NULL);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), configs_filter ());
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), all);
  g_signal_connect (chooser, "response", G_CALLBACK (on_import_response_cb),
                    g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

void
rp_window_export_launch_action (GtkWidget  *widget,
                                const char *action_name,
                                GVariant   *parameter)
{
  RpWindow *self = RP_WINDOW (widget);
  RpLaunchFormat format;
  GtkFileChooserNative *chooser;
  g_autofree char *title = NULL;

  if (!rp_launch_format_from_string (g_variant_get_string (parameter, NULL), &format))
    g_return_if_reached ();
  /* TRANSLATORS: %s is "DeepSpeed config", "torchrun launch script", … */
  title = g_strdup_printf (_("Export %s"), rp_launch_format_get_label (format));
  chooser = rp_app_file_chooser_new (GTK_WINDOW (self), title, GTK_FILE_CHOOSER_ACTION_SAVE,
                                     _("_Export"), NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser),
                                     rp_launch_format_file_name (format));
  g_object_set_data (G_OBJECT (chooser), "rp-format", GUINT_TO_POINTER (format));
  g_signal_connect (chooser, "response", G_CALLBACK (on_export_launch_response_cb),
                    g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* ---- internal API --------------------------------------------------- */

void
rp_window_init_import (RpWindow *self)
{
  GtkDropTarget *target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_signal_connect_object (target, "drop", G_CALLBACK (on_drop_cb), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
}

/* ---- public API ----------------------------------------------------- */

void
rp_window_import_files (RpWindow     *self,
                        GFile *const *files,
                        guint         n_files)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  ImportJob *job;

  g_return_if_fail (RP_IS_WINDOW (self));
  g_return_if_fail (files != NULL || n_files == 0);

  for (guint i = 0; i < n_files; i++)
    {
      char *path = g_file_get_path (files[i]);

      if (path == NULL)
        {
          g_autofree char *uri = g_file_get_uri (files[i]);

          rp_window_show_error (self, _("Could not import"), uri);
          return;
        }
      g_ptr_array_add (paths, path);
    }
  g_ptr_array_add (paths, NULL);
  job = g_new0 (ImportJob, 1);
  job->paths = (char **) g_ptr_array_free (g_steal_pointer (&paths), FALSE);
  job->catalog = rp_catalog_ref (self->catalog);
  task = g_task_new (self, self->cancellable, import_done_cb, NULL);
  g_task_set_source_tag (task, rp_window_import_files);
  g_task_set_task_data (task, job, import_job_free);
  g_task_run_in_thread (task, import_thread);
}

const char *
rp_window_get_import_report (RpWindow *self)
{
  g_return_val_if_fail (RP_IS_WINDOW (self), NULL);
  return g_object_get_data (G_OBJECT (self), "rp-import-report");
}

gboolean
rp_window_export_launch_file (RpWindow       *self,
                              RpLaunchFormat  format,
                              GFile          *file)
{
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  g_autofree char *primary = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) notes = NULL;

  g_return_val_if_fail (RP_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  name = g_file_get_basename (file);
  if (path == NULL)
    g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                 _("Rigplan can only export to local files."));
  if (path == NULL ||
      !rp_launch_export_file (rp_scenario_document_get_scenario (self->document), self->catalog,
                              format, path, &notes, &error))
    {
      primary = g_strdup_printf (_("Could not export “%s”"), name);
      rp_window_show_error (self, primary, error->message);
      return FALSE;
    }
  /* TRANSLATORS: %s is a file name */
  primary = g_strdup_printf (_("Exported “%s”."), name);
  rp_window_show_notice (self, primary, file);
  if (notes != NULL && notes[0] != NULL)
    {
      g_autofree char *joined = g_strjoinv ("\n", notes);
      /* TRANSLATORS: heading of what an exported launch config cannot say */
      g_autofree char *secondary = g_strdup_printf (_("What the file leaves to you:\n%s"), joined);

      rp_app_show_message (GTK_WINDOW (self), GTK_MESSAGE_INFO, primary, secondary);
    }
  return TRUE;
}

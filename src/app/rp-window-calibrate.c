/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-window-calibrate.c: File ▸ Import Measurement… and Remove
 * Calibration
 *
 * Thin: core's rp-measure.h reads the rigplan-probe measurements,
 * calibrates the scenario from them and stores the calibration (and a
 * device the catalog lacked) in the user's data; the window then puts
 * the scenario on the measured device, as "Use this machine" does, and
 * every open window estimates again.  Calibrating is a few estimates and
 * two small files: it runs here, not in a thread. */

#include "config.h"

#include "rp-window-private.h"

#include "rp-app-util.h"
#include "rp-calibration-view.h"
#include "rp-measure.h"

#include <glib/gi18n.h>

/* ---- helpers -------------------------------------------------------- */

static GtkFileFilter *
measure_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("rigplan-probe measurements"));
  gtk_file_filter_add_pattern (filter, "*.rigplan-measure");
  return filter;
}

/* The catalog changed under every window: each estimates again. */
static void
flush_all (RpWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  GList *windows = app != NULL ? gtk_application_get_windows (app) : NULL;

  rp_scenario_document_flush (self->document);
  for (GList *l = windows; l != NULL; l = l->next)
    if (RP_IS_WINDOW (l->data) && l->data != self)
      rp_scenario_document_flush (RP_WINDOW (l->data)->document);
}

/* Puts the document's scenario on @scenario's GPU (one modification). */
static void
move_to (RpWindow         *self,
         const RpScenario *scenario)
{
  const RpScenario *now = rp_scenario_document_get_scenario (self->document);
  g_autoptr(GArray) changes = NULL;

  if (g_strcmp0 (now->hardware.gpu, scenario->hardware.gpu) == 0)
    return;
  changes = rp_scenario_diff (now, scenario);
  rp_scenario_document_apply_changes (self->document, changes);
}

static void
on_measurement_response_cb (GtkNativeDialog *chooser,
                            int              response,
                            gpointer         user_data)
{
  g_autoptr(RpWindow) self = user_data;
  g_autoptr(GPtrArray) files = rp_app_chooser_take_files (chooser, response);

  if (files->len > 0)
    rp_window_import_measurements (self, (GFile *const *) files->pdata, files->len);
}

/* ---- action handlers ------------------------------------------------ */

void
rp_window_import_measurement_action (GtkWidget  *widget,
                                     const char *action_name,
                                     GVariant   *parameter)
{
  RpWindow *self = RP_WINDOW (widget);
  GtkFileChooserNative *chooser;

  chooser = rp_app_file_chooser_new (GTK_WINDOW (self), _("Import rigplan-probe Measurements"),
                                     GTK_FILE_CHOOSER_ACTION_OPEN, _("_Calibrate"), NULL);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), measure_filter ());
  g_signal_connect (chooser, "response", G_CALLBACK (on_measurement_response_cb),
                    g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

void
rp_window_remove_calibration_action (GtkWidget  *widget,
                                     const char *action_name,
                                     GVariant   *parameter)
{
  RpWindow *self = RP_WINDOW (widget);
  const RpEstimate *est = rp_scenario_document_get_shown_estimate (self->document);
  g_autofree char *dir = rp_catalog_user_dir ();
  g_autofree char *id = NULL;
  g_autofree char *notice = NULL;
  g_autoptr(GError) error = NULL;

  if (est == NULL || est->calibration == NULL)
    return;
  id = g_strdup (est->calibration->id);
  if (!rp_user_calibration_remove (self->catalog, dir, id, &error))
    {
      rp_window_show_error (self, _("Could not remove the calibration"), error->message);
      return;
    }
  /* TRANSLATORS: %s is a calibration's id ("rtx-4090/custom/bf16-mixed") */
  notice = g_strdup_printf (_("Removed the calibration %s: estimates on that GPU use the "
                              "models’ own figures again."), id);
  flush_all (self);
  rp_window_show_notice (self, notice, NULL);
}

/* ---- internal API --------------------------------------------------- */

void
rp_window_update_calibration (RpWindow         *self,
                              const RpEstimate *shown)
{
  const RpCalibration *cal = shown != NULL ? shown->calibration : NULL;

  rp_calibration_view_set_estimate (RP_CALIBRATION_VIEW (self->calibration_view), shown);
  gtk_widget_set_visible (GTK_WIDGET (self->calibrated_badge), cal != NULL);
  if (cal != NULL)
    {
      g_autofree char *badge = rp_words_calibration_badge (cal);
      g_autofree char *sentence = rp_words_calibrated (cal, shown->gpu);

      gtk_label_set_text (self->calibrated_badge, badge);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->calibrated_badge), sentence);
    }
}

/* ---- public API ----------------------------------------------------- */

gboolean
rp_window_import_measurements (RpWindow     *self,
                               GFile *const *files,
                               guint         n_files)
{
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *dir = rp_catalog_user_dir ();
  g_autoptr(GError) error = NULL;
  g_autofree char *notice = NULL;
  g_autofree char *stack = NULL;
  RpCalibrateResult result = { 0 };
  const RpGpu *gpu;

  g_return_val_if_fail (RP_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (files != NULL && n_files > 0, FALSE);

  for (guint i = 0; i < n_files; i++)
    {
      char *path = g_file_get_path (files[i]);

      if (path == NULL)
        {
          g_autofree char *uri = g_file_get_uri (files[i]);

          rp_window_show_error (self, _("Could not calibrate"), uri);
          return FALSE;
        }
      g_ptr_array_add (paths, path);
    }
  if (!rp_calibrate_files (rp_scenario_document_get_scenario (self->document), self->catalog,
                           (const char *const *) paths->pdata, paths->len, NULL, dir, &result,
                           &error))
    {
      rp_window_show_error (self, _("Could not calibrate"), error->message);
      return FALSE;
    }
  gpu = rp_catalog_lookup_gpu (self->catalog, result.gpu);
  stack = rp_words_calibration_stack (result.calibration);
  if (result.gpu_added != NULL)
    /* TRANSLATORS: the device, the stack and precision */
    notice = g_strdup_printf (_("Calibrated to your measurement on the %s (%s). The catalog "
                                "lacked this device: it is added to your GPUs, marked as "
                                "measured."), gpu != NULL ? gpu->name : result.gpu, stack);
  else
    /* TRANSLATORS: the GPU, the stack and precision */
    notice = g_strdup_printf (_("Calibrated to your measurement on the %s (%s)."),
                              gpu != NULL ? gpu->name : result.gpu, stack);
  move_to (self, result.output);
  flush_all (self);
  rp_window_show_notice (self, notice, NULL);
  rp_calibrate_result_clear (&result);
  return TRUE;
}

RpCalibrationView *
rp_window_get_calibration_view (RpWindow *self)
{
  g_return_val_if_fail (RP_IS_WINDOW (self), NULL);
  return RP_CALIBRATION_VIEW (self->calibration_view);
}

const char *
rp_window_get_calibrated_badge (RpWindow *self)
{
  g_return_val_if_fail (RP_IS_WINDOW (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->calibrated_badge))
         ? gtk_label_get_text (self->calibrated_badge) : NULL;
}

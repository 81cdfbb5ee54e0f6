/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-window-actions.c: the window's actions: new, open, save, export, print, prices,
 * close (import and launch configs: rp-window-import.c)
 *
 * Files go through GtkFileChooserNative (GTK 4.8 has no GtkFileDialog)
 * and async GFile I/O with the window's cancellable.  Errors are shown in
 * a GtkMessageDialog that names the file, the key and the problem. */

#include "config.h"

#include "rp-window-private.h"

#include "rp-app-util.h"
#include "rp-chart-view.h"
#include "rp-compare-window.h"
#include "rp-document-flow.h"
#include "rp-error.h"
#include "rp-estimate-json.h"
#include "rp-guide-window.h"
#include "rp-plan-view.h"
#include "rp-prices-window.h"
#include "rp-recent.h"
#include "rp-report.h"

#include <glib/gi18n.h>

/* ---- helpers -------------------------------------------------------- */

/* Where a chooser opens: the scenario's folder, else the last one used.
 * Transfer full; may be NULL. */
static GFile *
start_folder (RpWindow *self)
{
  return rp_document_flow_dup_folder (self->flow);
}

static void
remember_folder (RpWindow *self,
                 GFile    *file)
{
  rp_document_flow_remember_folder (self->flow, file);
}

static char *
display_name (GFile *file)
{
  return g_file_get_basename (file);
}

static char *
suggested_name (RpWindow   *self,
                const char *extension)
{
  g_autofree char *title = rp_scenario_document_dup_title (self->document);

  g_strdelimit (title, "/\\:", '-');
  return g_strconcat (title, extension, NULL);
}

static GtkFileChooserNative *
new_save_chooser (RpWindow   *self,
                  const char *title,
                  const char *accept,
                  const char *name)
{
  g_autoptr(GFile) folder = start_folder (self);
  GtkFileChooserNative *chooser;

  chooser = rp_app_file_chooser_new (GTK_WINDOW (self), title, GTK_FILE_CHOOSER_ACTION_SAVE,
                                     accept, folder);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  return chooser;
}

/* ---- open ----------------------------------------------------------- */

static void
load_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(RpWindow) self = user_data;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  file = g_object_steal_data (G_OBJECT (self), "rp-loading-file");
  if (!rp_scenario_document_load_finish (RP_SCENARIO_DOCUMENT (source), result, &error))
    {
      g_autofree char *name = file != NULL ? display_name (file) : g_strdup ("?");
      g_autofree char *primary = NULL;

      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      /* TRANSLATORS: %s is a file name */
      primary = g_strdup_printf (_("Could not open “%s”"), name);
      rp_window_show_error (self, primary, error->message);
      return;
    }
  if (file != NULL)
    {
      remember_folder (self, file);
      rp_recent_add (file, RP_RECENT_SCENARIOS);
    }
}

/* Opens into this window when it holds nothing yet, else into a new one. */
static void
open_in (GtkWindow *window,
         GFile     *file)
{
  RpWindow *self = RP_WINDOW (window);
  RpWindow *target = self;

  if (!rp_window_is_pristine (self))
    {
      target = rp_window_new (gtk_window_get_application (window), self->catalog,
                              self->settings);
      gtk_window_present (GTK_WINDOW (target));
    }
  rp_window_open_file (target, file);
}

/* ---- open, save, close: the document flow --------------------------- */

static GFile *
kind_get_file (GObject *document)
{
  return rp_scenario_document_get_file (RP_SCENARIO_DOCUMENT (document));
}

static gboolean
kind_needs_saving (GObject *document)
{
  return rp_scenario_document_get_modified (RP_SCENARIO_DOCUMENT (document));
}

static char *
kind_dup_title (GObject *document)
{
  return rp_scenario_document_dup_title (RP_SCENARIO_DOCUMENT (document));
}

static void
kind_save_async (GObject             *document,
                 GFile               *file,
                 GCancellable        *cancellable,
                 GAsyncReadyCallback  callback,
                 gpointer             user_data)
{
  rp_scenario_document_save_async (RP_SCENARIO_DOCUMENT (document), file, cancellable,
                                   callback, user_data);
}

static gboolean
kind_save_finish (GObject       *document,
                  GAsyncResult  *result,
                  GError       **error)
{
  return rp_scenario_document_save_finish (RP_SCENARIO_DOCUMENT (document), result, error);
}

static void
kind_show_error (GtkWindow  *window,
                 const char *primary,
                 const char *secondary)
{
  rp_window_show_error (RP_WINDOW (window), primary, secondary);
}

static const RpDocumentKind scenario_kind = {
  .get_file = kind_get_file,
  .needs_saving = kind_needs_saving,
  .dup_title = kind_dup_title,
  .save_async = kind_save_async,
  .save_finish = kind_save_finish,
  .open = open_in,
  .show_error = kind_show_error,
  .open_title = N_("Open Scenario"),
  .save_title = N_("Save Scenario"),
  .filter_name = N_("Rigplan scenarios"),
  .mime = "application/x-rigplan",
  .pattern = "*.rigplan",
  .extension = ".rigplan",
  .recent = RP_RECENT_SCENARIOS,
};

/* ---- export --------------------------------------------------------- */

/* What File ▸ Export… writes, by the file's extension or the chooser's
 * "Format" choice. */
typedef enum
{
  EXPORT_PDF,
  EXPORT_PNG,
  EXPORT_SVG,
  EXPORT_CSV,
  EXPORT_JSON,
  N_EXPORTS
} ExportKind;

static const struct
{
  const char *id;
  const char *extension;
  const char *label;
} exports[N_EXPORTS] = {
  /* TRANSLATORS: the choices of File ▸ Export… */
  [EXPORT_PDF] = { "pdf", ".pdf", N_("PDF report") },
  [EXPORT_PNG] = { "png", ".png", N_("Chart as PNG") },
  [EXPORT_SVG] = { "svg", ".svg", N_("Chart as SVG") },
  [EXPORT_CSV] = { "csv", ".csv", N_("Estimate as CSV") },
  [EXPORT_JSON] = { "json", ".json", N_("Estimate as JSON") },
};

static gboolean
export_kind_from_name (const char *name,
                       ExportKind *out)
{
  g_autofree char *lower = g_ascii_strdown (name, -1);

  for (guint k = 0; k < N_EXPORTS; k++)
    if (g_str_has_suffix (lower, exports[k].extension))
      {
        *out = k;
        return TRUE;
      }
  return FALSE;
}

static gboolean
export_chart (RpWindow    *self,
              const char  *path,
              ExportKind   kind,
              GError     **error)
{
  GtkWidget *view = gtk_stack_get_visible_child (self->chart_stack);
  const RpChartData *data = rp_chart_view_get_data (RP_CHART_VIEW (view));

  if (data == NULL)
    {
      g_set_error_literal (error, RP_ERROR, RP_ERROR_EXPORT_FAILED, _("No chart is shown."));
      return FALSE;
    }
  /* PNG in pixels, SVG in points (A4 landscape) */
  if (kind == EXPORT_PNG)
    return rp_chart_export_png (data, path, 1600, 1000, NULL, error);
  return rp_chart_export_svg (data, path, 842, 595, NULL, error);
}

static void
on_export_response_cb (GtkNativeDialog *chooser,
                       int              response,
                       gpointer         user_data)
{
  g_autoptr(RpWindow) self = user_data;
  const char *choice = gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (chooser), "format");
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) named = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  ExportKind kind = EXPORT_PDF;

  for (guint k = 0; choice != NULL && k < N_EXPORTS; k++)
    if (g_str_equal (choice, exports[k].id))
      kind = k;
  file = rp_app_chooser_take_file (chooser, response);
  if (file == NULL)
    return;
  path = g_file_get_path (file);
  name = display_name (file);
  /* a name without a known extension gets the chosen format's */
  if (path != NULL && !export_kind_from_name (path, &(ExportKind) { 0 }))
    {
      char *longer = g_strconcat (path, exports[kind].extension, NULL);

      g_free (path);
      path = longer;
    }
  if (path == NULL)
    g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                 _("Rigplan can only export to local files."));
  else if (rp_window_export (self, path, &error))
    {
      /* TRANSLATORS: %s is a file name */
      g_autofree char *text = NULL;

      named = g_file_new_for_path (path);
      g_free (name);
      name = display_name (named);
      text = g_strdup_printf (_("Exported “%s”."), name);
      remember_folder (self, named);
      rp_window_show_notice (self, text, named);
      return;
    }
  {
    g_autofree char *primary = g_strdup_printf (_("Could not export “%s”"), name);

    rp_window_show_error (self, primary, error->message);
  }
}

static void
export (RpWindow   *self,
        ExportKind  kind)
{
  g_autofree char *name = suggested_name (self, exports[kind].extension);
  const char *ids[N_EXPORTS + 1] = { NULL };
  const char *labels[N_EXPORTS + 1] = { NULL };
  GtkFileChooserNative *chooser;

  for (guint k = 0; k < N_EXPORTS; k++)
    {
      ids[k] = exports[k].id;
      labels[k] = _(exports[k].label);
    }
  chooser = new_save_chooser (self, _("Export"), _("_Export"), name);
  /* TRANSLATORS: the file chooser's choice of what to export */
  gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (chooser), "format", _("Format"), ids, labels);
  gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (chooser), "format", exports[kind].id);
  g_signal_connect (chooser, "response", G_CALLBACK (on_export_response_cb),
                    g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* ---- print ---------------------------------------------------------- */

/* The plan laid out for the printer's page when printing begins. */
typedef struct
{
  RpDoc *doc;                   /* owned */
} PrintJob;

static void
print_job_free (PrintJob *job)
{
  g_clear_pointer (&job->doc, rp_doc_free);
  g_free (job);
}

static void
on_begin_print_cb (GtkPrintOperation *operation,
                   GtkPrintContext   *context,
                   PrintJob          *job)
{
  PangoContext *pango = gtk_print_context_create_pango_context (context);

  rp_doc_layout (job->doc, pango, gtk_print_context_get_width (context),
                 gtk_print_context_get_height (context));
  g_object_unref (pango);
  gtk_print_operation_set_n_pages (operation, (int) rp_doc_get_n_pages (job->doc));
}

static void
on_draw_page_cb (GtkPrintOperation *operation,
                 GtkPrintContext   *context,
                 int                page,
                 PrintJob          *job)
{
  rp_doc_paint_page (job->doc, gtk_print_context_get_cairo_context (context), (guint) page);
}

static void
on_print_done_cb (GtkPrintOperation       *operation,
                  GtkPrintOperationResult  result,
                  gpointer                 user_data)
{
  RpWindow *self = user_data;
  g_autoptr(GError) error = NULL;

  if (result != GTK_PRINT_OPERATION_RESULT_ERROR)
    return;
  gtk_print_operation_get_error (operation, &error);
  rp_window_show_error (self, _("Could not print the plan"),
                        error != NULL ? error->message : "");
}

/* A print operation of the plan on the locale's paper, its whole sheet
 * (the plan keeps its own margins); NULL without an estimate. */
static GtkPrintOperation *
new_print_operation (RpWindow *self)
{
  const RpEstimate *est = rp_scenario_document_get_estimate (self->document);
  const RpScenario *scenario = rp_scenario_document_get_scenario (self->document);
  GtkPrintOperation *operation;
  g_autoptr(GtkPageSetup) setup = gtk_page_setup_new ();
  g_autoptr(GtkPaperSize) paper = NULL;
  RpReportOptions options;
  PrintJob *job;

  if (est == NULL)
    return NULL;
  rp_report_options_init (&options);
  paper = gtk_paper_size_new (options.paper == RP_PAPER_LETTER ? GTK_PAPER_NAME_LETTER
                                                               : GTK_PAPER_NAME_A4);
  gtk_page_setup_set_paper_size_and_default_margins (setup, paper);
  job = g_new0 (PrintJob, 1);
  job->doc = rp_report_new_doc (scenario, self->catalog, est, &options);
  operation = gtk_print_operation_new ();
  gtk_print_operation_set_default_page_setup (operation, setup);
  gtk_print_operation_set_use_full_page (operation, TRUE);
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_job_name (operation, scenario->name != NULL && *scenario->name != '\0'
                                               ? scenario->name : "Rigplan");
  g_signal_connect (operation, "begin-print", G_CALLBACK (on_begin_print_cb), job);
  g_signal_connect (operation, "draw-page", G_CALLBACK (on_draw_page_cb), job);
  g_object_set_data_full (G_OBJECT (operation), "rp-print-job", job,
                          (GDestroyNotify) print_job_free);
  return operation;
}

static void
print (RpWindow *self)
{
  g_autoptr(GtkPrintOperation) operation = new_print_operation (self);
  g_autoptr(GError) error = NULL;

  if (operation == NULL)
    return;
  gtk_print_operation_set_allow_async (operation, TRUE);
  g_signal_connect_object (operation, "done", G_CALLBACK (on_print_done_cb), self, 0);
  if (gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                               GTK_WINDOW (self), &error) == GTK_PRINT_OPERATION_RESULT_ERROR)
    rp_window_show_error (self, _("Could not print the plan"), error->message);
}

/* ---- action handlers ------------------------------------------------ */

static void
win_new_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  RpWindow *self = RP_WINDOW (widget);
  RpWindow *window = rp_window_new (gtk_window_get_application (GTK_WINDOW (self)),
                                    self->catalog, self->settings);

  gtk_window_present (GTK_WINDOW (window));
}

static void
win_open_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  rp_document_flow_open (RP_WINDOW (widget)->flow);
}

static void
win_save_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  rp_document_flow_save (RP_WINDOW (widget)->flow);
}

static void
win_save_as_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  rp_document_flow_save_as (RP_WINDOW (widget)->flow);
}

static void
win_export_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  export (RP_WINDOW (widget), EXPORT_PDF);
}

static void
win_export_pdf_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  export (RP_WINDOW (widget), EXPORT_PDF);
}

static void
win_export_png_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  export (RP_WINDOW (widget), EXPORT_PNG);
}

static void
win_print_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  print (RP_WINDOW (widget));
}

static void
win_apply_fix_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  RpWindow *self = RP_WINDOW (widget);

  rp_scenario_document_apply_fix (self->document);
}

/* Adds this scenario to the Compare window (one per application), which
 * then follows its edits. */
static void
win_compare_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  RpWindow *self = RP_WINDOW (widget);
  RpCompareWindow *compare = rp_compare_window_find ();

  if (compare == NULL)
    compare = rp_compare_window_new (gtk_window_get_application (GTK_WINDOW (self)),
                                     self->catalog, self->settings);
  rp_compare_window_add_document (compare, self->document);
  gtk_window_present (GTK_WINDOW (compare));
}

static void
win_close_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  gtk_window_close (GTK_WINDOW (widget));
}

/* ---- internal API --------------------------------------------------- */

/* ---- prices --------------------------------------------------------- */

static void
on_prices_changed_cb (RpWindow *self)
{
  /* the catalog changed under the plan: estimate it again */
  rp_scenario_document_flush (self->document);
}

static void
on_prices_destroy_cb (RpWindow *self)
{
  g_object_set_data (G_OBJECT (self), "rp-prices-window", NULL);
}

/* One Prices window per plan window, kept as object data
 * "rp-prices-window" while it is open. */
static void
win_prices_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  RpWindow *self = RP_WINDOW (widget);
  GtkWindow *prices = g_object_get_data (G_OBJECT (self), "rp-prices-window");

  if (prices == NULL)
    {
      prices = GTK_WINDOW (rp_prices_window_new (GTK_WINDOW (self), self->catalog, NULL));
      gtk_window_set_destroy_with_parent (prices, TRUE);
      g_signal_connect_object (prices, "prices-changed", G_CALLBACK (on_prices_changed_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (prices, "destroy", G_CALLBACK (on_prices_destroy_cb), self,
                               G_CONNECT_SWAPPED);
      g_object_set_data (G_OBJECT (self), "rp-prices-window", prices);
    }
  gtk_window_present (prices);
}

static void
win_show_plan_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  RpWindow *self = RP_WINDOW (widget);

  gtk_stack_set_visible_child_name (self->chart_stack, "plan");
}

/* "Use This Machine" under the verdict: the decision's recommendation,
 * as the Plan view's button on it does. */
static void
win_use_recommended_action (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  RpWindow *self = RP_WINDOW (widget);
  RpPlanView *plan_view = RP_PLAN_VIEW (self->plan_view);
  const RpDecision *d = rp_plan_view_get_decision (plan_view);

  if (d != NULL && rp_decision_get_recommended (d) != NULL)
    rp_plan_view_use_choice (plan_view, 0);
}

static void
win_guide_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  RpWindow *self = RP_WINDOW (widget);
  const RpScenario *s = rp_scenario_document_get_scenario (self->document);
  GtkWidget *guide = rp_guide_window_new (self->catalog, s->budget.currency);

  gtk_window_set_transient_for (GTK_WINDOW (guide), GTK_WINDOW (self));
  gtk_window_set_destroy_with_parent (GTK_WINDOW (guide), TRUE);
  gtk_window_present (GTK_WINDOW (guide));
}

void
rp_window_class_init_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.new", NULL, win_new_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, win_open_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, win_save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, win_save_as_action);
  gtk_widget_class_install_action (widget_class, "win.export", NULL, win_export_action);
  gtk_widget_class_install_action (widget_class, "win.export-pdf", NULL, win_export_pdf_action);
  gtk_widget_class_install_action (widget_class, "win.export-png", NULL, win_export_png_action);
  gtk_widget_class_install_action (widget_class, "win.print", NULL, win_print_action);
  gtk_widget_class_install_action (widget_class, "win.close", NULL, win_close_action);
  gtk_widget_class_install_action (widget_class, "win.apply-fix", NULL, win_apply_fix_action);
  gtk_widget_class_install_action (widget_class, "win.prices", NULL, win_prices_action);
  gtk_widget_class_install_action (widget_class, "win.compare", NULL, win_compare_action);
  gtk_widget_class_install_action (widget_class, "win.show-plan", NULL, win_show_plan_action);
  gtk_widget_class_install_action (widget_class, "win.use-recommended", NULL,
                                   win_use_recommended_action);
  gtk_widget_class_install_action (widget_class, "win.guide", NULL, win_guide_action);
  gtk_widget_class_install_action (widget_class, "win.import", NULL, rp_window_import_action);
  gtk_widget_class_install_action (widget_class, "win.import-measurement", NULL,
                                   rp_window_import_measurement_action);
  gtk_widget_class_install_action (widget_class, "win.remove-calibration", NULL,
                                   rp_window_remove_calibration_action);
  gtk_widget_class_install_action (widget_class, "win.export-launch", "s",
                                   rp_window_export_launch_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK, "win.new", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "win.save",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_i, GDK_CONTROL_MASK, "win.import",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK,
                                       "win.export", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "win.print",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "win.close",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.apply-fix", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.compare", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.show-plan", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_g,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.guide", NULL);
}

void
rp_window_update_actions (RpWindow *self)
{
  const RpEstimate *est = rp_scenario_document_get_estimate (self->document);
  gboolean has_estimate = est != NULL;
  gboolean has_fix = est != NULL && est->fix.status == RP_FIX_FOUND;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export", has_estimate);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.print", has_estimate);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-pdf", has_estimate);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-png", has_estimate);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-launch", has_estimate);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.apply-fix", has_fix);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.remove-calibration",
                                 est != NULL && est->calibration != NULL);
  gtk_widget_set_visible (self->fix_button, has_fix);
}

void
rp_window_show_error (RpWindow   *self,
                      const char *primary,
                      const char *secondary)
{
  if (self->error_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->error_dialog));
  self->error_dialog = rp_app_show_message (GTK_WINDOW (self), GTK_MESSAGE_ERROR, primary,
                                            secondary);
  g_object_add_weak_pointer (G_OBJECT (self->error_dialog), (gpointer *) &self->error_dialog);
}

gboolean
rp_window_confirm_close (RpWindow *self)
{
  g_autofree char *title = rp_scenario_document_dup_title (self->document);
  /* TRANSLATORS: %s is the scenario's name */
  g_autofree char *heading = g_strdup_printf (_("Save changes to “%s” before closing?"), title);

  return rp_document_flow_may_close (self->flow, heading,
                                     _("If you don’t save, your changes will be lost."));
}

void
rp_window_init_flow (RpWindow *self)
{
  self->flow = rp_document_flow_new (GTK_WINDOW (self), G_OBJECT (self->document),
                                     &scenario_kind, self->settings, self->cancellable);
}

void
rp_window_open_file (RpWindow *self,
                     GFile    *file)
{
  g_return_if_fail (RP_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  g_object_set_data_full (G_OBJECT (self), "rp-loading-file", g_object_ref (file),
                          g_object_unref);
  rp_scenario_document_load_async (self->document, file, self->cancellable, load_cb,
                                   g_object_ref (self));
}

gboolean
rp_window_export (RpWindow    *self,
                  const char  *path,
                  GError     **error)
{
  const RpEstimate *est;
  const RpScenario *scenario;
  ExportKind kind;

  g_return_val_if_fail (RP_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  est = rp_scenario_document_get_estimate (self->document);
  scenario = rp_scenario_document_get_scenario (self->document);
  if (!export_kind_from_name (path, &kind))
    {
      g_set_error_literal (error, RP_ERROR, RP_ERROR_EXPORT_FAILED,
                           _("The name must end in .pdf, .png, .svg, .csv or .json."));
      return FALSE;
    }
  if (est == NULL)
    {
      const GError *why = rp_scenario_document_get_error (self->document);

      g_set_error_literal (error, RP_ERROR, RP_ERROR_EXPORT_FAILED,
                           why != NULL ? why->message : "");
      return FALSE;
    }
  switch (kind)
    {
    case EXPORT_PDF:
      {
        RpReportOptions options;

        rp_report_options_init (&options);
        options.decision = rp_plan_view_get_decision (RP_PLAN_VIEW (self->plan_view));
        return rp_report_write_pdf (scenario, self->catalog, est, &options, path, error);
      }
    case EXPORT_PNG:
    case EXPORT_SVG:
      return export_chart (self, path, kind, error);
    case EXPORT_CSV:
    case EXPORT_JSON:
    case N_EXPORTS:
    default:
      return rp_estimate_write_file (scenario, self->catalog, est,
                                     rp_plan_view_get_decision (RP_PLAN_VIEW (self->plan_view)),
                                     kind == EXPORT_CSV ? RP_ESTIMATE_FORMAT_CSV
                                                        : RP_ESTIMATE_FORMAT_JSON,
                                     path, error);
    }
}

gboolean
rp_window_print_to_file (RpWindow    *self,
                         const char  *path,
                         guint       *out_pages,
                         GError     **error)
{
  g_autoptr(GtkPrintOperation) operation = NULL;
  PrintJob *job;

  g_return_val_if_fail (RP_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  operation = new_print_operation (self);
  if (operation == NULL)
    {
      g_set_error_literal (error, RP_ERROR, RP_ERROR_EXPORT_FAILED,
                           _("This scenario cannot be estimated"));
      return FALSE;
    }
  gtk_print_operation_set_export_filename (operation, path);
  if (gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_EXPORT, GTK_WINDOW (self),
                               error) == GTK_PRINT_OPERATION_RESULT_ERROR)
    return FALSE;
  job = g_object_get_data (G_OBJECT (operation), "rp-print-job");
  if (out_pages != NULL)
    *out_pages = rp_doc_get_n_pages (job->doc);
  return TRUE;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-window.h: the main window: forms, verdict, key figures and charts */
#pragma once

#include <gtk/gtk.h>

#include "rp-autosave.h"
#include "rp-calibration-view.h"
#include "rp-chart.h"
#include "rp-export-launch.h"
#include "rp-scenario-document.h"

G_BEGIN_DECLS

#define RP_TYPE_WINDOW (rp_window_get_type ())

G_DECLARE_FINAL_TYPE (RpWindow, rp_window, RP, WINDOW, GtkApplicationWindow)

/* @application may be NULL (tests); @settings may be NULL (no schema). */
RpWindow           *rp_window_new               (GtkApplication *application,
                                                 RpCatalog      *catalog,
                                                 GSettings      *settings);
RpScenarioDocument *rp_window_get_document      (RpWindow       *self);
/* Loads @file into this window; errors go to a dialog. */
void                rp_window_open_file         (RpWindow       *self,
                                                 GFile          *file);
/* Imports model and training configs (rp-import.h) in a thread: into this
 * window when it is pristine, else into a new one, modified and unnamed;
 * a dialog shows what was read and approximated.  Errors go to a dialog. */
void                rp_window_import_files      (RpWindow       *self,
                                                 GFile *const   *files,
                                                 guint           n_files);
/* The notes of the last import this window shows, or NULL. */
const char         *rp_window_get_import_report (RpWindow       *self);
/* Writes @format for the scenario to @file, then says so (and what the
 * file cannot carry); errors go to a dialog.  What Export Launch Config
 * does after its file chooser. */
gboolean            rp_window_export_launch_file (RpWindow      *self,
                                                  RpLaunchFormat format,
                                                  GFile         *file);
/* TRUE when the document is untouched and unnamed (a new window). */
gboolean            rp_window_is_pristine       (RpWindow       *self);

/* What the user sees, for tests and the debug timing. */
GtkWidget          *rp_window_get_form          (RpWindow       *self);
const char         *rp_window_get_verdict_title (RpWindow       *self);
const char         *rp_window_get_verdict_detail (RpWindow      *self);
/* "fits", "tight", "does-not-fit", "error" or "unknown". */
const char         *rp_window_get_verdict_class (RpWindow       *self);
/* Whether the "Apply Fix" button is offered. */
gboolean            rp_window_offers_fix        (RpWindow       *self);
/* The checks list: how many rows, and how many show an unmet constraint. */
guint               rp_window_get_n_checks      (RpWindow       *self,
                                                 guint          *n_failed);
/* Whether the results are marked as those of the last valid scenario. */
gboolean            rp_window_shows_stale       (RpWindow       *self);
/* Shows @text in the bar above the results, with an Open button for
 * @file when not NULL (an export, the catalog folder). */
void                rp_window_show_notice       (RpWindow       *self,
                                                 const char     *text,
                                                 GFile          *file);
/* The notice above the results, or NULL when none is shown. */
const char         *rp_window_get_notice        (RpWindow       *self);
/* The window's autosave of its document (tests).  Borrowed. */
RpAutosave         *rp_window_get_autosave      (RpWindow       *self);
/* Whether the form and the results are pages of one column (narrow). */
gboolean            rp_window_is_narrow         (RpWindow       *self);
/* @figure: "vram", "headroom", "time", "throughput", "rent", "capital",
 * "monthly", "payback". */
const char         *rp_window_get_figure        (RpWindow       *self,
                                                 const char     *figure,
                                                 gboolean        detail);
const char         *rp_window_get_recommendation (RpWindow      *self);
guint               rp_window_get_n_advice      (RpWindow       *self);
/* The chart view of @kind, with its data brought up to date. */
GtkWidget          *rp_window_get_chart_view    (RpWindow       *self,
                                                 RpChartKind     kind);
/* Writes the plan (.pdf), the shown chart (.png, .svg) or the estimate
 * (.csv, .json) to @path, as File ▸ Export… does. */
gboolean            rp_window_export            (RpWindow       *self,
                                                 const char     *path,
                                                 GError        **error);
/* Prints the plan into the PDF @path through GtkPrintOperation, with the
 * pages File ▸ Print… sends to a printer; *@out_pages: how many. */
gboolean            rp_window_print_to_file     (RpWindow       *self,
                                                 const char     *path,
                                                 guint          *out_pages,
                                                 GError        **error);
/* The decision under the verdict: the recommendation, or "Planning…". */
const char         *rp_window_get_decision_text (RpWindow       *self);
/* The Plan page's view (an RpPlanView). */
GtkWidget          *rp_window_get_plan_view     (RpWindow       *self);
/* The error dialog on screen, or NULL. */
GtkWidget          *rp_window_get_error_dialog  (RpWindow       *self);
/* The text of the toast shown (what Apply Fix or "Use this machine"
 * changed), or NULL. */
const char         *rp_window_get_toast         (RpWindow       *self);

/* File ▸ Import Measurement…: calibrates the scenario from the
 * rigplan-probe measurements @files (rp_calibrate_files), puts it on the
 * measured device and estimates every window again; an error is shown in
 * a dialog (FALSE), and nothing is stored then. */
gboolean            rp_window_import_measurements (RpWindow           *self,
                                                   GFile *const       *files,
                                                   guint               n_files);
/* The calibration card (rp-calibration-view.h). */
RpCalibrationView  *rp_window_get_calibration_view (RpWindow          *self);
/* The badge beside the verdict ("Calibrated 2026-12-01"), or NULL when
 * the estimate shown is not calibrated. */
const char         *rp_window_get_calibrated_badge (RpWindow          *self);

G_END_DECLS

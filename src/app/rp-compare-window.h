/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-compare-window.h: the Compare view: 2 to 6 scenarios as columns
 *
 * A window of its own.  Its columns are scenarios: from files (the file
 * chooser takes several, and .rigplan files can be dropped on it), from
 * the editor windows (linked: an edit there shows here), or variants
 * (a copy with one field changed, edited in the column's head).  The
 * table is core's RpCompare, the charts the chart layer's overlaid
 * ones; the window computes nothing itself.  A comparison is saved as a
 * *.rigplan-compare file (rp-compare-set.h). */
#pragma once

#include <gtk/gtk.h>

#include "rp-chart.h"
#include "rp-compare-document.h"
#include "rp-compare.h"
#include "rp-scenario-document.h"

G_BEGIN_DECLS

#define RP_TYPE_COMPARE_WINDOW (rp_compare_window_get_type ())

G_DECLARE_FINAL_TYPE (RpCompareWindow, rp_compare_window, RP, COMPARE_WINDOW,
                      GtkApplicationWindow)

/* @application may be NULL (tests); @settings may be NULL. */
RpCompareWindow *rp_compare_window_new           (GtkApplication     *application,
                                                  RpCatalog          *catalog,
                                                  GSettings          *settings);
/* The Compare window already open among the toplevels, or NULL. */
RpCompareWindow *rp_compare_window_find          (void);
/* What the window shows: its columns, file and undo. */
RpCompareDocument *rp_compare_window_get_document (RpCompareWindow   *self);

/* The calls below are the document's, with the window's cancellable
 * and the recent files. */

/* Adds a column (copied); @file is where it was read from (NULL: held
 * inline when saved).  FALSE, with a notice, when the view is full. */
gboolean         rp_compare_window_add_scenario  (RpCompareWindow    *self,
                                                  const RpScenario   *scenario,
                                                  GFile              *file);
/* Adds a column that follows @document: its edits show here, and
 * opening the column presents its window.  A document already shown is
 * not added twice.  FALSE when the view is full. */
gboolean         rp_compare_window_add_document  (RpCompareWindow    *self,
                                                  RpScenarioDocument *document);
/* Reads scenario files (*.rigplan) into columns, or a comparison
 * (*.rigplan-compare), in a thread; errors become the notice. */
void             rp_compare_window_add_files     (RpCompareWindow    *self,
                                                  GFile             **files,
                                                  guint               n_files);
/* Opens a *.rigplan-compare file into this (empty) window. */
void             rp_compare_window_open_file     (RpCompareWindow    *self,
                                                  GFile              *file);
/* Writes the comparison to @file; @callback gets the result through
 * rp_compare_window_save_finish(). */
void             rp_compare_window_save_async    (RpCompareWindow    *self,
                                                  GFile              *file,
                                                  GAsyncReadyCallback callback,
                                                  gpointer            user_data);
gboolean         rp_compare_window_save_finish   (RpCompareWindow    *self,
                                                  GAsyncResult       *result,
                                                  GError            **error);

/* Column operations, as the column's buttons do them. */
void             rp_compare_window_remove_column (RpCompareWindow    *self,
                                                  guint               column);
void             rp_compare_window_move_column   (RpCompareWindow    *self,
                                                  guint               column,
                                                  int                 delta);
/* A new column after @column: its scenario with @key ("hardware.gpu",
 * "training.micro_batch", …) changed in the column's head.  FALSE when
 * the view is full or @key cannot be varied. */
gboolean         rp_compare_window_duplicate_as_variant (RpCompareWindow *self,
                                                  guint               column,
                                                  const char         *key);
/* Sets the variant @column's value as a person types it ("2", "H100"
 * by GPU id); FALSE, with the editor marked, when it is not valid. */
gboolean         rp_compare_window_set_variant_value (RpCompareWindow *self,
                                                  guint               column,
                                                  const char         *text);
/* Opens column @column in an editor window (presents a linked one). */
GtkWindow       *rp_compare_window_edit_column   (RpCompareWindow    *self,
                                                  guint               column);

/* What the user sees, for tests. */
guint            rp_compare_window_get_n_columns (RpCompareWindow    *self);
/* NULL while the window has fewer than one scenario. */
const RpCompare *rp_compare_window_get_compare   (RpCompareWindow    *self);
/* The text of the cell of row @key in @column, or NULL when there is no
 * such row; whether it is marked best; whether an input row is marked
 * as differing. */
const char      *rp_compare_window_get_cell      (RpCompareWindow    *self,
                                                  const char         *key,
                                                  guint               column);
gboolean         rp_compare_window_cell_is_best  (RpCompareWindow    *self,
                                                  const char         *key,
                                                  guint               column);
gboolean         rp_compare_window_row_differs   (RpCompareWindow    *self,
                                                  const char         *key);
/* The column head's verdict class: "fits", "tight", "does-not-fit",
 * "error". */
const char      *rp_compare_window_get_column_class (RpCompareWindow *self,
                                                  guint               column);
GtkWidget       *rp_compare_window_get_chart_view (RpCompareWindow   *self,
                                                  RpChartKind         kind);
const char      *rp_compare_window_get_notice    (RpCompareWindow    *self);
GFile           *rp_compare_window_get_file      (RpCompareWindow    *self);
gboolean         rp_compare_window_get_modified  (RpCompareWindow    *self);
/* Whether the add/load thread is still running. */
gboolean         rp_compare_window_is_busy       (RpCompareWindow    *self);

/* Takes back the last change to the columns (added, removed, moved, a
 * variant made or changed), or does again the last one taken back;
 * FALSE when there is none. */
gboolean         rp_compare_window_undo          (RpCompareWindow    *self);
gboolean         rp_compare_window_redo          (RpCompareWindow    *self);

G_END_DECLS

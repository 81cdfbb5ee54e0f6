/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-window-private.h: shared between rp-window.c and rp-window-actions.c */
#pragma once

#include "rp-autosave.h"
#include "rp-document-flow.h"
#include "rp-window.h"
#include "rp-words.h"

#include <adwaita.h>

G_BEGIN_DECLS

struct _RpWindow
{
  GtkApplicationWindow parent_instance;

  /* template children */
  GtkListBox      *advice_list;
  GtkWidget       *break_even_chart;
  GtkLabel        *calibrated_badge;
  GtkWidget       *calibration_view;
  GtkStack        *chart_stack;
  GtkListBox      *checks_list;
  GtkExpander     *checks_expander;
  GtkWidget       *cost_chart;
  GtkLabel        *decision_label;
  GtkWidget       *decision_row;
  GtkWidget       *decision_use_button;
  GtkFlowBox      *figures_box;
  GtkWidget       *fix_button;
  GtkWidget       *form;
  GtkWidget       *form_scroller;
  GtkStack        *layout_stack;
  GtkStack        *narrow_stack;
  GtkWidget       *narrow_switcher;
  GtkWidget       *notice_label;
  GtkWidget       *notice_open;
  GtkRevealer     *notice_revealer;
  GtkPaned        *paned;
  GtkWidget       *plan_view;
  GtkLabel        *recommendation_label;
  GMenu           *recent_section;
  GtkWidget       *results_scroller;
  GtkWidget       *stale_label;
  GtkLabel        *subtitle_label;
  GtkWidget       *time_chart;
  GtkLabel        *title_label;
  AdwToastOverlay *toast_overlay;
  GtkWidget       *verdict_box;
  GtkLabel        *verdict_detail;
  GtkImage        *verdict_icon;
  GtkLabel        *verdict_title;
  GtkWidget       *vram_chart;

  /* owned */
  RpCatalog          *catalog;
  GSettings          *settings;           /* may be NULL */
  RpScenarioDocument *document;
  RpDocumentFlow     *flow;               /* open, save, close */
  RpAutosave         *autosave;           /* keeps unsaved changes on disk */
  GCancellable       *cancellable;
  GFile              *notice_file;        /* what "Open" in the notice opens */

  /* borrowed: the figure cards' labels */
  GtkLabel           *figure_value[RP_WORDS_N_FIGURES];
  GtkLabel           *figure_detail[RP_WORDS_N_FIGURES];
  GtkWidget          *error_dialog;       /* weak pointer */
  AdwToast           *toast;              /* the toast shown; cleared when dismissed */
  char               *toast_text;         /* owned: its title */

  /* state */
  const char         *verdict_class;
  gboolean            chart_stale[RP_N_CHARTS];
  gboolean            narrow;
  guint               layout_idle_id;
  guint               n_advice;
};

/* rp-window-actions.c */
void rp_window_class_init_actions (GtkWidgetClass *widget_class);
void rp_window_show_error         (RpWindow       *self,
                                   const char     *primary,
                                   const char     *secondary);
gboolean rp_window_confirm_close  (RpWindow       *self);
void rp_window_init_flow          (RpWindow       *self);
void rp_window_update_actions     (RpWindow       *self);

/* rp-window-calibrate.c: File ▸ Import Measurement…, Remove Calibration */
void rp_window_import_measurement_action (GtkWidget  *widget,
                                          const char *action_name,
                                          GVariant   *parameter);
void rp_window_remove_calibration_action (GtkWidget  *widget,
                                          const char *action_name,
                                          GVariant   *parameter);
void rp_window_update_calibration        (RpWindow         *self,
                                          const RpEstimate *shown);

/* rp-window-undo.c: win.undo, win.redo, the toast after Apply Fix */
void rp_window_class_init_undo (GtkWidgetClass *widget_class);
void rp_window_init_undo       (RpWindow       *self);

/* rp-window-import.c */
void rp_window_init_import          (RpWindow       *self);
void rp_window_import_action        (GtkWidget      *widget,
                                     const char     *action_name,
                                     GVariant       *parameter);
void rp_window_export_launch_action (GtkWidget      *widget,
                                     const char     *action_name,
                                     GVariant       *parameter);

G_END_DECLS

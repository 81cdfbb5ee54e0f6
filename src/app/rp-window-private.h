/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-window-private.h: shared between rp-window.c and rp-window-actions.c */
#pragma once

#include "rp-window.h"

G_BEGIN_DECLS

struct _RpWindow
{
  GtkApplicationWindow parent_instance;

  /* template children */
  GtkListBox      *advice_list;
  GtkWidget       *break_even_chart;
  GtkLabel        *break_even_detail;
  GtkLabel        *break_even_value;
  GtkLabel        *buy_detail;
  GtkLabel        *buy_value;
  GtkStack        *chart_stack;
  GtkWidget       *cost_chart;
  GtkWidget       *form;
  GtkLabel        *gpu_hours_detail;
  GtkLabel        *gpu_hours_value;
  GtkLabel        *headroom_detail;
  GtkLabel        *headroom_value;
  GtkPaned        *paned;
  GtkLabel        *recommendation_label;
  GtkLabel        *rent_detail;
  GtkLabel        *rent_value;
  GtkLabel        *subtitle_label;
  GtkLabel        *throughput_detail;
  GtkLabel        *throughput_value;
  GtkWidget       *time_chart;
  GtkLabel        *time_detail;
  GtkLabel        *time_value;
  GtkLabel        *title_label;
  GtkWidget       *verdict_box;
  GtkLabel        *verdict_detail;
  GtkImage        *verdict_icon;
  GtkLabel        *verdict_title;
  GtkWidget       *vram_chart;
  GtkLabel        *vram_detail;
  GtkLabel        *vram_value;

  /* owned */
  RpCatalog          *catalog;
  GSettings          *settings;           /* may be NULL */
  RpScenarioDocument *document;
  GCancellable       *cancellable;

  /* borrowed */
  GtkWidget          *error_dialog;       /* weak pointer */

  /* state */
  const char         *verdict_class;
  gboolean            chart_stale[RP_N_CHARTS];
  gboolean            close_confirmed;
  gboolean            close_after_save;
  guint               n_advice;
};

/* rp-window-actions.c */
void rp_window_class_init_actions (GtkWidgetClass *widget_class);
void rp_window_show_error         (RpWindow       *self,
                                   const char     *primary,
                                   const char     *secondary);
gboolean rp_window_confirm_close  (RpWindow       *self);
void rp_window_update_actions     (RpWindow       *self);

G_END_DECLS

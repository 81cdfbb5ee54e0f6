/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-guide-window.h: the sizing guide, computed live in its own window
 *
 * A table from kind of training to the machine to rent and the machine
 * to buy, every row planned when the window opens (and when the deadline
 * or budget changes) from the bundled guide scenarios (rp-guide.h), in a
 * worker thread. */
#pragma once

#include <gtk/gtk.h>

#include "rp-guide.h"

G_BEGIN_DECLS

#define RP_TYPE_GUIDE_WINDOW (rp_guide_window_get_type ())

G_DECLARE_FINAL_TYPE (RpGuideWindow, rp_guide_window, RP, GUIDE_WINDOW, GtkWindow)

/* A guide over @catalog, with money in @currency. */
GtkWidget     *rp_guide_window_new          (RpCatalog     *catalog,
                                             RpCurrency     currency);
/* Plans every row again with the window's deadline and budget. */
void           rp_guide_window_start        (RpGuideWindow *self);
gboolean       rp_guide_window_is_running   (RpGuideWindow *self);
/* The guide shown, or NULL before the first run ends. */
const RpGuide *rp_guide_window_get_guide    (RpGuideWindow *self);
/* The text shown in @column (0 kind, 1 rent, 2 buy) of row @row, or NULL. */
const char    *rp_guide_window_get_cell     (RpGuideWindow *self,
                                             guint          row,
                                             guint          column);
/* The deadline control (days) and the budget control (money). */
GtkWidget     *rp_guide_window_get_deadline (RpGuideWindow *self);
GtkWidget     *rp_guide_window_get_budget   (RpGuideWindow *self);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-calibration-view.h: the user's calibration of the estimate shown
 *
 * A card in the results: the sentence of the calibration
 * the estimate used (rp-calibrated.h), the table of measured, predicted
 * and calibrated figures it was made from, part by part, and the button
 * that removes it (win.remove-calibration).  Hidden when the estimate is
 * not calibrated. */
#pragma once

#include <gtk/gtk.h>

#include "rp-estimate.h"

G_BEGIN_DECLS

#define RP_TYPE_CALIBRATION_VIEW (rp_calibration_view_get_type ())

G_DECLARE_FINAL_TYPE (RpCalibrationView, rp_calibration_view, RP, CALIBRATION_VIEW, GtkWidget)

GtkWidget  *rp_calibration_view_new           (void);
/* Shows @est's calibration, or hides the card (@est NULL or uncalibrated). */
void        rp_calibration_view_set_estimate  (RpCalibrationView *self,
                                               const RpEstimate  *est);
/* For tests: the table's rows (the heading not counted) and the text of
 * a cell (column 0 the part, 1 measured, 2 predicted, 3 calibrated). */
guint       rp_calibration_view_get_n_rows    (RpCalibrationView *self);
const char *rp_calibration_view_get_cell      (RpCalibrationView *self,
                                               guint              row,
                                               guint              column);
const char *rp_calibration_view_get_sentence  (RpCalibrationView *self);

G_END_DECLS

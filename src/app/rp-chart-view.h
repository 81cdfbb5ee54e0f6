/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-chart-view.h: a widget that shows one chart of the chart layer */
#pragma once

#include <gtk/gtk.h>

#include "rp-chart.h"

G_BEGIN_DECLS

#define RP_TYPE_CHART_VIEW (rp_chart_view_get_type ())

G_DECLARE_FINAL_TYPE (RpChartView, rp_chart_view, RP, CHART_VIEW, GtkWidget)

GtkWidget         *rp_chart_view_new            (void);
/* Takes @data (transfer full, may be NULL); the layout is recomputed on
 * the next frame. */
void               rp_chart_view_set_data       (RpChartView   *self,
                                                 RpChartData   *data);
const RpChartData *rp_chart_view_get_data       (RpChartView   *self);
/* The cached layout for the current size, computing it if needed; NULL
 * before the widget has a size or data. */
const RpChartLayout *rp_chart_view_get_layout   (RpChartView   *self);
/* The hover read-out's text for (@x, @y), or NULL; transfer full. */
char              *rp_chart_view_get_readout    (RpChartView   *self,
                                                 double         x,
                                                 double         y);
/* The read-out drawn now: the pointer's item, else the bar or point the
 * keyboard moved to (Left, Right, Home, End; actions chart.previous,
 * chart.next, chart.first, chart.last); NULL when none.  Transfer none. */
const RpChartReadout *rp_chart_view_get_shown_readout (RpChartView *self);
/* Lays out (if needed) and paints onto @cr at the widget's size, as
 * snapshot does; returns the microseconds it took. */
gint64             rp_chart_view_paint          (RpChartView   *self,
                                                 cairo_t       *cr);

G_END_DECLS

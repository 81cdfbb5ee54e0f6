/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-chart-compare.h: the charts of a comparison, scenarios overlaid
 *
 * The same four charts as one scenario's (RpChartKind), with every
 * column of an RpCompare on one plot: the VRAM bars side by side, one
 * time-projection line per scenario on its own GPU type, each scenario's
 * rent (solid) and buy (dashed) curves, one break-even curve each.
 * Column i is drawn in series colour i in every chart, and the legends
 * and categories name it by its letter ("A · Llama 3 8B LoRA…").  Money
 * is in the comparison's currency.  The chart layer never estimates: the
 * curves come from rp-explore, as for one scenario. */
#pragma once

#include "rp-chart.h"
#include "rp-compare.h"

G_BEGIN_DECLS

/* Never NULL; a chart no column can be drawn in carries a message.
 * Transfer full. */
RpChartData *rp_chart_data_new_compare (RpChartKind      kind,
                                        const RpCompare *compare,
                                        const RpCatalog *catalog);

G_END_DECLS

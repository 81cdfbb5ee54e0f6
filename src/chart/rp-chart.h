/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-chart.h: the chart layer — estimates → chart data → layout → paint
 *
 * The pipeline has one step per function (STYLE.md §9):
 *
 *   RpChartData   *data   = rp_chart_data_new (kind, scenario, catalog, est);
 *   RpChartLayout *layout = rp_chart_layout_compute (data, w, h, style,
 *                                                    measure, user_data);
 *   rp_chart_paint (cr, layout, style);
 *
 * Data holds series in display units (GiB, days, currency, months, %).
 * The layout is pure: it measures text only through @measure, so tests run
 * it with fake metrics.  Painting reads only its arguments.  All text is
 * drawn with PangoCairo.  Nothing here needs GTK.
 */
#pragma once

#include <cairo.h>
#include <glib.h>
#include <pango/pango.h>

#include "rp-catalog.h"
#include "rp-estimate.h"
#include "rp-planner.h"
#include "rp-scenario.h"

G_BEGIN_DECLS

/* ------------------------------------------------------------------ */
/* Kinds and units                                                     */
/* ------------------------------------------------------------------ */

typedef enum
{
  RP_CHART_VRAM,                /* stacked memory bars per candidate GPU */
  RP_CHART_TIME,                /* days versus GPU count, per GPU type */
  RP_CHART_COST,                /* cumulative cost over months, rent vs buy */
  RP_CHART_BREAK_EVEN,          /* break-even months versus utilization */
  RP_N_CHARTS
} RpChartKind;

/* How a value is written in tick labels and hover read-outs. */
typedef enum
{
  RP_CHART_UNIT_NONE,           /* plain number */
  RP_CHART_UNIT_GIB,            /* "12.3 GiB" */
  RP_CHART_UNIT_DAYS,           /* "5.4 days" */
  RP_CHART_UNIT_MONTHS,         /* "18 months" */
  RP_CHART_UNIT_PERCENT,        /* "60 %" */
  RP_CHART_UNIT_GPUS,           /* "8 GPUs" */
  RP_CHART_UNIT_MONEY,          /* in RpChartData's currency */
  RP_N_CHART_UNITS
} RpChartUnit;

/* What colour of the style an element is drawn in: the layout decides the
 * meaning, the paint step maps it to RpChartStyle.  RP_CHART_INK_SERIES + i
 * is the colour of series i. */
typedef enum
{
  RP_CHART_INK_FG,
  RP_CHART_INK_MUTED,
  RP_CHART_INK_ACCENT,
  RP_CHART_INK_DANGER,
  RP_CHART_INK_WARNING,
  RP_CHART_INK_GOOD,
  RP_CHART_INK_GRID,
  RP_CHART_INK_SERIES,
} RpChartInk;

/* "vram", "time", "cost", "break-even" (the CLI's --chart names). */
const char *rp_chart_kind_to_string   (RpChartKind  kind);
gboolean    rp_chart_kind_from_string (const char  *s,
                                       RpChartKind *out);
/* Translated title, "VRAM headroom" … */
const char *rp_chart_kind_get_title   (RpChartKind  kind);

/* ------------------------------------------------------------------ */
/* Data                                                                */
/* ------------------------------------------------------------------ */

typedef struct _RpChartData RpChartData;

/* Builds the chart of @kind for an estimated scenario.  The chart layer
 * never estimates: the VRAM and time charts show @scenario moved to a few
 * other machines by rp-explore (rp_explore_pick_gpus,
 * rp_explore_estimate_on, rp_explore_days_by_count), the break-even chart
 * the cost model's payback by utilization
 * (rp_explore_break_even_by_utilization).  Never NULL: when the estimate lacks the needed section, the data carries
 * a translated message (rp_chart_data_get_message()) and no series.
 * Transfer full. */
RpChartData *rp_chart_data_new            (RpChartKind        kind,
                                           const RpScenario  *scenario,
                                           const RpCatalog   *catalog,
                                           const RpEstimate  *estimate);
/* As rp_chart_data_new(), with @also among the VRAM and time charts'
 * GPUs beside the scenario's own: the machine the reader asked about
 * when the chart details another plan (the report's recommendation).
 * A GPU that fits at no count is named in the time chart's legend,
 * without a line. */
RpChartData *rp_chart_data_new_also       (RpChartKind        kind,
                                           const RpScenario  *scenario,
                                           const RpCatalog   *catalog,
                                           const RpEstimate  *estimate,
                                           const RpGpu       *also);
/* The GPUs the VRAM and time charts set beside the scenario's own (and
 * it), for the report's sources; transfer container. */
GPtrArray   *rp_chart_compared_gpus       (const RpScenario  *scenario,
                                           const RpCatalog   *catalog,
                                           const RpEstimate  *estimate);
/* An empty chart to fill by hand (tests, compare view).  Labels are
 * copied.  Transfer full. */
RpChartData *rp_chart_data_new_empty      (RpChartKind        kind,
                                           const char        *title,
                                           const char        *x_label,
                                           const char        *y_label,
                                           RpChartUnit        x_unit,
                                           RpChartUnit        y_unit);
void         rp_chart_data_free           (RpChartData       *self);

/* Building.  The VRAM chart is categorical: a point's x is its category
 * index and series stack on top of each other.  The other kinds are XY
 * lines.  NaN and infinite values are kept but never drawn. */
guint        rp_chart_data_add_category   (RpChartData       *self,
                                           const char        *label);
guint        rp_chart_data_add_series     (RpChartData       *self,
                                           const char        *label);
void         rp_chart_data_add_point      (RpChartData       *self,
                                           guint              series,
                                           double             x,
                                           double             y);
/* Series @series in the style's series colour @color (by default its own
 * index), and, for a line, dashed: how the comparison's charts give each
 * scenario one colour, its rent line solid and its buy line dashed. */
void         rp_chart_data_set_series_style (RpChartData     *self,
                                           guint              series,
                                           guint              color,
                                           gboolean           dashed);
/* A short mark across one category's bar (capacity, required margin). */
void         rp_chart_data_add_category_mark (RpChartData    *self,
                                           guint              category,
                                           double             y,
                                           RpChartInk         ink,
                                           const char        *label);
/* A rule across the whole plot: horizontal at y (deadline) when
 * @vertical is FALSE, vertical at x (current utilization) otherwise. */
void         rp_chart_data_add_rule       (RpChartData       *self,
                                           gboolean           vertical,
                                           double             value,
                                           RpChartInk         ink,
                                           const char        *label);
/* A labelled point (the break-even). */
void         rp_chart_data_add_marker     (RpChartData       *self,
                                           double             x,
                                           double             y,
                                           const char        *label);
void         rp_chart_data_set_subtitle   (RpChartData       *self,
                                           const char        *subtitle);
void         rp_chart_data_set_message    (RpChartData       *self,
                                           const char        *message);
void         rp_chart_data_set_currency   (RpChartData       *self,
                                           RpCurrency         currency);
/* Highlights a category (the scenario's own GPU); -1 for none. */
void         rp_chart_data_set_highlight  (RpChartData       *self,
                                           int                category);
/* Draws the axis logarithmically (the time chart's GPU counts). */
void         rp_chart_data_set_log_scale  (RpChartData       *self,
                                           gboolean           x_axis,
                                           gboolean           log_scale);

/* Draws the XY points alone, not joined (the plan's machines). */
void         rp_chart_data_set_scatter    (RpChartData       *self,
                                           gboolean           scatter);
/* The plan's machines: days against the cost of each answer's Pareto
 * front (rent: this run; buy: the capital), on log axes, with the
 * scenario as it is marked.  Transfer full. */
RpChartData *rp_chart_data_new_plan       (const RpPlan      *plan);
/* Reading (tests, the app's read-outs). */
RpChartKind  rp_chart_data_get_kind       (const RpChartData *self);
const char  *rp_chart_data_get_title      (const RpChartData *self);
const char  *rp_chart_data_get_subtitle   (const RpChartData *self);
const char  *rp_chart_data_get_x_label    (const RpChartData *self);
const char  *rp_chart_data_get_y_label    (const RpChartData *self);
RpChartUnit  rp_chart_data_get_x_unit     (const RpChartData *self);
RpChartUnit  rp_chart_data_get_y_unit     (const RpChartData *self);
RpCurrency   rp_chart_data_get_currency   (const RpChartData *self);
/* NULL when the chart is available; else why not (translated). */
const char  *rp_chart_data_get_message    (const RpChartData *self);
/* Whether the chart has anything to draw: a finite point or bar (a chart
 * that is only a message has not). */
gboolean     rp_chart_data_draws          (const RpChartData *self);
gboolean     rp_chart_data_is_categorical (const RpChartData *self);
guint        rp_chart_data_get_n_categories (const RpChartData *self);
const char  *rp_chart_data_get_category_label (const RpChartData *self,
                                           guint              category);
guint        rp_chart_data_get_n_series   (const RpChartData *self);
const char  *rp_chart_data_get_series_label (const RpChartData *self,
                                           guint              series);
guint        rp_chart_data_get_series_color (const RpChartData *self,
                                           guint              series,
                                           gboolean          *out_dashed);
guint        rp_chart_data_get_n_points   (const RpChartData *self,
                                           guint              series);
double       rp_chart_data_get_x          (const RpChartData *self,
                                           guint              series,
                                           guint              i);
double       rp_chart_data_get_y          (const RpChartData *self,
                                           guint              series,
                                           guint              i);
/* The value of @series in @category (bars); NaN when it has none. */
double       rp_chart_data_get_value      (const RpChartData *self,
                                           guint              series,
                                           guint              category);
guint        rp_chart_data_get_n_rules    (const RpChartData *self);
double       rp_chart_data_get_rule       (const RpChartData *self,
                                           guint              i,
                                           gboolean          *out_vertical,
                                           const char       **out_label);
guint        rp_chart_data_get_n_markers  (const RpChartData *self);
void         rp_chart_data_get_marker     (const RpChartData *self,
                                           guint              i,
                                           double            *out_x,
                                           double            *out_y,
                                           const char       **out_label);
guint        rp_chart_data_get_n_category_marks (const RpChartData *self);
int          rp_chart_data_get_highlight  (const RpChartData *self);
gboolean     rp_chart_data_get_log_scale  (const RpChartData *self,
                                           gboolean           x_axis);
gboolean     rp_chart_data_get_scatter    (const RpChartData *self);
/* Writes @value in @unit ("12.3 GiB") through rp-units, with a no-break
 * space (U+00A0) wherever the text has a space, so that a number never
 * parts from its unit; transfer full. */
char        *rp_chart_data_format_value   (const RpChartData *self,
                                           RpChartUnit        unit,
                                           double             value);
/* A bar in words: "NVIDIA A100 80GB 20.1 GiB of 80.0 GiB" (its stacked
 * total and its capacity mark); transfer full. */
char        *rp_chart_data_describe_category (const RpChartData *self,
                                           guint              category);
/* The chart's figures in words, for its accessible description: the
 * title, then each bar ("…; …") or each line with its points, then the
 * rules and markers; or the title and why the chart is not available.
 * Transfer full. */
char        *rp_chart_data_describe       (const RpChartData *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpChartData, rp_chart_data_free)

/* ------------------------------------------------------------------ */
/* Style                                                               */
/* ------------------------------------------------------------------ */

/* Same layout as GdkRGBA but in doubles (GdkRGBA is floats and GTK). */
typedef struct
{
  double red;
  double green;
  double blue;
  double alpha;
} RpChartRgba;

#define RP_CHART_N_SERIES_COLORS 8

typedef struct
{
  RpChartRgba fg;               /* text, axes */
  RpChartRgba bg;               /* filled behind the chart when paint_bg */
  RpChartRgba muted;            /* secondary text (subtitles, tick labels) */
  RpChartRgba grid;
  RpChartRgba accent;           /* highlight of the scenario's own choice */
  RpChartRgba danger;           /* capacity, over budget */
  RpChartRgba warning;          /* required margin, deadline */
  RpChartRgba good;             /* break-even marker */
  RpChartRgba series[RP_CHART_N_SERIES_COLORS];
  char        font_family[64];  /* "Sans" */
  double      font_size;        /* base size in user units (px or pt) */
  double      line_width;       /* data lines */
  double      grid_width;
  double      rule_width;       /* deadline, capacity */
  double      padding;          /* outer margin */
  gboolean    paint_bg;
} RpChartStyle;

/* Both palettes hold WCAG 2.1 level AA against their background: 4.5:1
 * for the inks text is written in (fg, muted, accent, danger, warning,
 * good), 3:1 for the series colours, also over the highlight band.  */

/* A light palette for PDF, PNG and SVG. */
void rp_chart_style_init_print  (RpChartStyle      *style);
/* From the widget's colours: @fg is the text colour, @bg the view's
 * background, @accent the accent colour; @dark picks series colours that
 * read on a dark background.  paint_bg is FALSE (the widget paints it). */
void rp_chart_style_init_screen (RpChartStyle      *style,
                                 const RpChartRgba *fg,
                                 const RpChartRgba *bg,
                                 const RpChartRgba *accent,
                                 gboolean           dark);

/* WCAG 2.1 relative luminance of an sRGB colour, 0 (black) to 1 (white);
 * alpha is ignored. */
double rp_chart_relative_luminance (const RpChartRgba *color);
/* WCAG 2.1 contrast ratio of two opaque colours, 1 to 21. */
double rp_chart_contrast_ratio     (const RpChartRgba *a,
                                    const RpChartRgba *b);

/* ------------------------------------------------------------------ */
/* Layout                                                              */
/* ------------------------------------------------------------------ */

/* Measures @text in @font_family at @font_size (user units) and writes its
 * logical width and height. */
typedef void (*RpMeasureText) (const char *text,
                               const char *font_family,
                               double      font_size,
                               gboolean    bold,
                               double     *out_width,
                               double     *out_height,
                               gpointer    user_data);

/* The real RpMeasureText: @user_data is a PangoContext (for example from
 * pango_cairo_create_context() or gtk_widget_create_pango_context()). */
void rp_chart_measure_text_pango (const char *text,
                                  const char *font_family,
                                  double      font_size,
                                  gboolean    bold,
                                  double     *out_width,
                                  double     *out_height,
                                  gpointer    user_data);

typedef struct
{
  double x;
  double y;
  double width;
  double height;
} RpChartRect;

typedef enum
{
  RP_CHART_LABEL_TITLE,
  RP_CHART_LABEL_SUBTITLE,
  RP_CHART_LABEL_AXIS_TITLE,
  RP_CHART_LABEL_X_TICK,
  RP_CHART_LABEL_Y_TICK,
  RP_CHART_LABEL_LEGEND,
  RP_CHART_LABEL_RULE,          /* deadline, capacity … */
  RP_CHART_LABEL_MARKER,        /* break-even */
  RP_CHART_LABEL_VALUE,         /* the total above a bar */
  RP_CHART_LABEL_MESSAGE,       /* "not available" */
  RP_CHART_LABEL_READOUT,       /* a line of a hover or keyboard read-out */
  RP_N_CHART_LABELS
} RpChartLabelRole;

typedef struct
{
  RpChartLabelRole role;
  char            *text;        /* owned by the layout; already elided */
  RpChartRect      box;         /* bounding box after rotation */
  double           x;           /* where the unrotated text's top-left goes */
  double           y;
  double           angle;       /* radians, 0 or -π/4 (rotated categories) */
  double           font_size;
  gboolean         bold;
  RpChartInk       ink;
} RpChartLabel;

typedef struct _RpChartLayout RpChartLayout;

/* "Nice" ticks (1, 2, 5 × 10ⁿ) covering [@min, @max] with about @target
 * intervals: writes the first and last tick and the step. */
void           rp_chart_nice_ticks       (double              min,
                                          double              max,
                                          guint               target,
                                          double             *out_lo,
                                          double             *out_hi,
                                          double             *out_step);

/* Pure: the plot rectangle, nice (1-2-5) ticks, tick labels, legend,
 * bars, lines and hit regions for a @width × @height area.  Labels of the
 * same role never overlap each other or the plot: ticks are thinned,
 * categories rotated or elided as needed.  Transfer full. */
RpChartLayout *rp_chart_layout_compute   (const RpChartData  *data,
                                          double              width,
                                          double              height,
                                          const RpChartStyle *style,
                                          RpMeasureText       measure,
                                          gpointer            user_data);
void           rp_chart_layout_free      (RpChartLayout      *self);

double         rp_chart_layout_get_width (const RpChartLayout *self);
double         rp_chart_layout_get_height (const RpChartLayout *self);
/* FALSE when there is no plot (message only, or too small). */
gboolean       rp_chart_layout_get_plot_rect (const RpChartLayout *self,
                                          RpChartRect        *out_rect);
guint          rp_chart_layout_get_n_labels (const RpChartLayout *self);
const RpChartLabel *rp_chart_layout_get_label (const RpChartLayout *self,
                                          guint               i);
/* Ticks of the value axis (y) or the x axis (line charts). */
guint          rp_chart_layout_get_n_ticks (const RpChartLayout *self,
                                          gboolean            x_axis);
double         rp_chart_layout_get_tick  (const RpChartLayout *self,
                                          gboolean            x_axis,
                                          guint               i,
                                          double             *out_position);
guint          rp_chart_layout_get_n_legend_items (const RpChartLayout *self);
void           rp_chart_layout_get_legend_item (const RpChartLayout *self,
                                          guint               i,
                                          RpChartRect        *out_swatch,
                                          RpChartRect        *out_label);
/* Data items (bar segments and line points) for hit testing. */
guint          rp_chart_layout_get_n_items (const RpChartLayout *self);
void           rp_chart_layout_get_item  (const RpChartLayout *self,
                                          guint               i,
                                          guint              *out_series,
                                          guint              *out_index,
                                          RpChartRect        *out_rect);

/* The hover read-out for the item under (@x, @y), e.g. "H100 80GB —
 * Activations: 21.4 GiB".  Returns FALSE and leaves the outs alone when
 * nothing is there.  @out_text (transfer full), @out_series and @out_index
 * may be NULL. */
gboolean       rp_chart_layout_hit       (const RpChartLayout *self,
                                          double              x,
                                          double              y,
                                          char              **out_text);
gboolean       rp_chart_layout_hit_item  (const RpChartLayout *self,
                                          double              x,
                                          double              y,
                                          guint              *out_series,
                                          guint              *out_index);

/* The item under (@x, @y) for rp_chart_layout_get_item(), or -1. */
gint           rp_chart_layout_find_item (const RpChartLayout *self,
                                          double              x,
                                          double              y);
/* Its hover read-out, "H100 80GB — Activations: 21.4 GiB". */
const char    *rp_chart_layout_get_item_text (const RpChartLayout *self,
                                          guint               i);

/* Keyboard stops, in reading order: one per bar of a bar chart (its
 * whole stack, read as "NVIDIA A100 80GB 20.1 GiB of 80.0 GiB"), one per
 * drawn point of a line chart, line after line, left to right (read as
 * its hover read-out). */
guint          rp_chart_layout_get_n_stops (const RpChartLayout *self);
/* Stop @i's read-out text and the rectangle it is about. */
const char    *rp_chart_layout_get_stop  (const RpChartLayout *self,
                                          guint               i,
                                          RpChartRect        *out_anchor);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpChartLayout, rp_chart_layout_free)

/* ------------------------------------------------------------------ */
/* Read-outs                                                           */
/* ------------------------------------------------------------------ */

typedef struct _RpChartReadout RpChartReadout;

/* Lays out the read-out @text about @anchor (an item's or a stop's
 * rectangle) for @layout: a box inside the plot, so never over the
 * axis labels, beside the anchor on the right, flipped to the left near
 * the right edge, else above or below it.  The text wraps only at
 * ordinary spaces, so a value written by rp_chart_data_format_value()
 * stays on one line with its unit.  Pure, like rp_chart_layout_compute();
 * NULL when the layout has no plot.  Transfer full. */
RpChartReadout *rp_chart_readout_compute (const RpChartLayout *layout,
                                          const RpChartRect   *anchor,
                                          const char          *text,
                                          const RpChartStyle  *style,
                                          RpMeasureText        measure,
                                          gpointer             user_data);
void            rp_chart_readout_free    (RpChartReadout      *self);
void            rp_chart_readout_get_box (const RpChartReadout *self,
                                          RpChartRect         *out_box);
guint           rp_chart_readout_get_n_lines (const RpChartReadout *self);
const RpChartLabel *rp_chart_readout_get_line (const RpChartReadout *self,
                                          guint               i);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpChartReadout, rp_chart_readout_free)

/* ------------------------------------------------------------------ */
/* Paint                                                               */
/* ------------------------------------------------------------------ */

/* Draws @layout at the origin of @cr's user space.  Reads only its
 * arguments; all text through PangoCairo. */
void rp_chart_paint         (cairo_t              *cr,
                             const RpChartLayout  *layout,
                             const RpChartStyle   *style);
/* Draws a read-out over a painted chart: a box in the background colour
 * with a muted border, its lines in the text colour. */
void rp_chart_paint_readout (cairo_t              *cr,
                             const RpChartReadout *readout,
                             const RpChartStyle   *style);

/* ------------------------------------------------------------------ */
/* Export                                                              */
/* ------------------------------------------------------------------ */

typedef enum
{
  RP_CHART_FORMAT_PNG,
  RP_CHART_FORMAT_SVG,
  RP_CHART_FORMAT_PDF,
} RpChartFormat;

/* Each writes with an RpFileWriter (rp-file.h): never half a file, every
 * write error detected (a full disk fails the export and keeps the old
 * file), a symbolic link stays a link, permissions stay, a read-only
 * file is refused.  @width and @height are pixels for PNG (drawn at a
 * scale that keeps text readable on large images; at most 32767 a side
 * and 100 million pixels) and points for PDF and SVG (1 to 32768).
 * @style may be NULL for the print palette.  Errors:
 * RP_ERROR_EXPORT_FAILED naming @path. */
gboolean rp_chart_export_png        (const RpChartData  *data,
                                     const char         *path,
                                     double              width,
                                     double              height,
                                     const RpChartStyle *style,
                                     GError            **error);
gboolean rp_chart_export_svg        (const RpChartData  *data,
                                     const char         *path,
                                     double              width,
                                     double              height,
                                     const RpChartStyle *style,
                                     GError            **error);
gboolean rp_chart_export_pdf        (const RpChartData  *data,
                                     const char         *path,
                                     double              width,
                                     double              height,
                                     const RpChartStyle *style,
                                     GError            **error);
/* Picks PNG, SVG or PDF from @path's extension (case-insensitive). */
gboolean rp_chart_export_file       (const RpChartData  *data,
                                     const char         *path,
                                     double              width,
                                     double              height,
                                     const RpChartStyle *style,
                                     GError            **error);
/* The plan as a PDF document (rp-report.h) on the locale's paper, dated
 * today: summary, inputs, memory, time, cost, the machine, advice and
 * sources, with the four charts. */
gboolean rp_chart_export_report_pdf (const RpScenario   *scenario,
                                     const RpCatalog    *catalog,
                                     const RpEstimate   *estimate,
                                     const char         *path,
                                     GError            **error);
/* The format @path's extension names (case-insensitive); FALSE if none. */
gboolean rp_chart_format_from_path  (const char         *path,
                                     RpChartFormat      *out);

/* The same files in memory (for a clipboard, a preview or a test).
 * Errors: RP_ERROR_EXPORT_FAILED with the reason alone. */
GBytes  *rp_chart_export_bytes        (const RpChartData  *data,
                                       RpChartFormat       format,
                                       double              width,
                                       double              height,
                                       const RpChartStyle *style,
                                       GError            **error);
GBytes  *rp_chart_export_report_bytes (const RpScenario   *scenario,
                                       const RpCatalog    *catalog,
                                       const RpEstimate   *estimate,
                                       GError            **error);

G_END_DECLS

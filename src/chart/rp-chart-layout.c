/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-chart-layout.c: where everything goes, measured but not drawn
 *
 * Top to bottom: title, subtitle, legend (flowed into rows), plot, x tick
 * labels, x axis title; the y axis title and tick labels sit left of the
 * plot.  Ticks are "nice" numbers (1, 2, 5 × 10ⁿ; Heckbert, "Nice numbers
 * for graph labels", Graphics Gems, 1990), thinned until their labels keep
 * a gap.  Category names wrap onto up to three lines and are elided when a
 * word is wider than its slot.  Labels inside the plot (rules, markers,
 * bar totals) try a few positions and are left out when none is free.
 */

#include "config.h"

#include "rp-chart.h"
#include "rp-chart-private.h"
#include "rp-units.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* Sizes relative to the style's font size. */
static const double title_scale = 1.35;
static const double tick_scale = 0.92;
static const double legend_scale = 0.92;
static const double small_scale = 0.85;
/* Gap between neighbouring tick labels, in ems. */
static const double tick_gap_em = 0.8;
static const guint max_category_lines = 3;
static const guint max_subtitle_lines = 3;
static const guint max_ticks = 12;
static const double min_plot_size = 24;

/* ---- private structs ------------------------------------------------ */

typedef struct
{
  const RpChartData  *data;
  const RpChartStyle *style;
  RpMeasureText       measure;
  gpointer            user_data;
  RpChartLayout      *out;
  double              fs;         /* base font size */
  GArray             *placed;     /* RpChartRect: labels inside the plot */
  double              x_label_gap; /* plot bottom to the x tick labels */
} Ctx;

typedef struct
{
  double   lo;
  double   hi;
  gboolean log;
  double   p0;                    /* pixel of lo */
  double   p1;                    /* pixel of hi */
} Axis;

typedef struct
{
  double  value;
  char   *text;
  double  width;
  double  height;
} TickText;

/* ---- helpers: text -------------------------------------------------- */

static void
measure (Ctx        *ctx,
         const char *text,
         double      size,
         gboolean    bold,
         double     *w,
         double     *h)
{
  double mw = 0, mh = 0;

  ctx->measure (text, ctx->style->font_family, size, bold, &mw, &mh, ctx->user_data);
  *w = isfinite (mw) && mw > 0 ? mw : 0;
  *h = isfinite (mh) && mh > 0 ? mh : size * 1.2;
}

/* @text cut to fit @max_w, ending in "…"; transfer full. */
static char *
elide (Ctx        *ctx,
       const char *text,
       double      size,
       gboolean    bold,
       double      max_w)
{
  glong n_chars = g_utf8_strlen (text, -1);
  glong lo = 0, hi = n_chars;
  double w, h;

  measure (ctx, text, size, bold, &w, &h);
  if (w <= max_w)
    return g_strdup (text);
  /* The longest prefix that fits with the ellipsis (binary search). */
  while (lo < hi)
    {
      glong mid = (lo + hi + 1) / 2;
      const char *end = g_utf8_offset_to_pointer (text, mid);
      g_autofree char *candidate = g_strdup_printf ("%.*s…", (int) (end - text), text);

      measure (ctx, candidate, size, bold, &w, &h);
      if (w <= max_w)
        lo = mid;
      else
        hi = mid - 1;
    }
  if (lo == 0)
    {
      measure (ctx, "…", size, bold, &w, &h);
      return w <= max_w ? g_strdup ("…") : g_strdup ("");
    }
  return g_strdup_printf ("%.*s…", (int) (g_utf8_offset_to_pointer (text, lo) - text), text);
}

static const RpChartLabel *
add_label (Ctx              *ctx,
           RpChartLabelRole  role,
           const char       *text,
           double            x,
           double            y,
           double            w,
           double            h,
           double            size,
           gboolean          bold,
           RpChartInk        ink)
{
  RpChartLabel label = {
    .role = role,
    .text = g_strdup (text),
    .box = { x, y, w, h },
    .x = x,
    .y = y,
    .angle = 0,
    .font_size = size,
    .bold = bold,
    .ink = ink,
  };

  g_array_append_val (ctx->out->labels, label);
  return &g_array_index (ctx->out->labels, RpChartLabel, ctx->out->labels->len - 1);
}

/* Word-wraps @text into at most @max_lines lines of @max_w; the last line
 * is elided.  Transfer full (NULL-terminated). */
static char **
wrap_text (Ctx        *ctx,
           const char *text,
           double      size,
           gboolean    bold,
           double      max_w,
           guint       max_lines)
{
  g_auto(GStrv) words = g_strsplit (text, " ", -1);
  GPtrArray *lines = g_ptr_array_new ();
  GString *line = g_string_new (NULL);
  guint i = 0;

  while (words[i] != NULL && lines->len + 1 < max_lines)
    {
      g_autofree char *candidate = NULL;
      double w, h;

      if (*words[i] == '\0')
        {
          i++;
          continue;
        }
      candidate = line->len == 0 ? g_strdup (words[i])
                                 : g_strdup_printf ("%s %s", line->str, words[i]);
      measure (ctx, candidate, size, bold, &w, &h);
      if (w <= max_w || line->len == 0)
        {
          if (w > max_w)
            {
              /* One word wider than the slot: it gets a line, elided. */
              g_ptr_array_add (lines, elide (ctx, candidate, size, bold, max_w));
              g_string_truncate (line, 0);
            }
          else
            g_string_assign (line, candidate);
          i++;
        }
      else
        {
          g_ptr_array_add (lines, g_string_free (line, FALSE));
          line = g_string_new (NULL);
        }
    }
  /* The rest goes on the last line. */
  for (; words[i] != NULL; i++)
    {
      if (*words[i] == '\0')
        continue;
      if (line->len > 0)
        g_string_append_c (line, ' ');
      g_string_append (line, words[i]);
    }
  if (line->len > 0 || lines->len == 0)
    g_ptr_array_add (lines, elide (ctx, line->str, size, bold, max_w));
  g_string_free (line, TRUE);
  g_ptr_array_add (lines, NULL);
  return (char **) g_ptr_array_free (lines, FALSE);
}

static gboolean
rect_inside (const RpChartRect *inner,
             const RpChartRect *outer)
{
  return inner->x >= outer->x - 0.01 && inner->y >= outer->y - 0.01 &&
         inner->x + inner->width <= outer->x + outer->width + 0.01 &&
         inner->y + inner->height <= outer->y + outer->height + 0.01;
}

/* Places a label inside the plot at the first of @candidates (top-left
 * corners) where it overlaps no other placed label.  FALSE if none. */
static gboolean
place_in_plot (Ctx              *ctx,
               RpChartLabelRole  role,
               const char       *text,
               double            size,
               gboolean          bold,
               RpChartInk        ink,
               const double     *candidates,
               guint             n_candidates,
               double            w,
               double            h)
{
  for (guint i = 0; i < n_candidates; i++)
    {
      RpChartRect r = { candidates[2 * i], candidates[2 * i + 1], w, h };
      gboolean free_spot = rect_inside (&r, &ctx->out->plot);

      for (guint j = 0; free_spot && j < ctx->placed->len; j++)
        if (rp_chart_rects_overlap (&r, &g_array_index (ctx->placed, RpChartRect, j)))
          free_spot = FALSE;
      if (free_spot)
        {
          add_label (ctx, role, text, r.x, r.y, w, h, size, bold, ink);
          g_array_append_val (ctx->placed, r);
          return TRUE;
        }
    }
  return FALSE;
}

/* ---- helpers: numbers ----------------------------------------------- */

static int
decimals_for_step (double step)
{
  if (!(step > 0) || step >= 1)
    return 0;
  return CLAMP ((int) ceil (-log10 (step) - 1e-9), 0, 6);
}

static char *
format_plain (double value,
              int    decimals)
{
  if (fabs (value) < 1e-12)
    value = 0;                  /* no "-0" */
  return rp_units_format_number (value, decimals);
}

/* @value / @divisor with the step's digits and @suffix_format ("%sk"). */
static char *
format_scaled (double      value,
               double      step,
               double      divisor,
               const char *suffix_format)
{
  g_autofree char *n = NULL;

  if (value == 0)
    return format_plain (0, 0);
  n = format_plain (value / divisor, decimals_for_step (step / divisor));
  return g_strdup_printf (suffix_format, n);
}

/* Tick labels carry no unit (the axis title has it); money is compact,
 * with one scale for the whole axis: @span is its largest tick. */
static char *
format_tick (RpChartUnit unit,
             double      value,
             double      step,
             double      span)
{
  if (unit != RP_CHART_UNIT_MONEY || fabs (span) < 1e4)
    return format_plain (value, decimals_for_step (step));
  if (rp_units_count_in_wan ())
    {
      if (fabs (span) >= 1e8)
        /* TRANSLATORS: a compact amount of money in 亿 (10⁸), only
         * used where "yuan-in-wan:yes" is the translation */
        return format_scaled (value, step, 1e8, _("%s亿"));
      /* TRANSLATORS: a compact amount of money in 万 (10⁴), only used
       * where "yuan-in-wan:yes" is the translation */
      return format_scaled (value, step, 1e4, _("%s万"));
    }
  if (fabs (span) >= 1e6)
    /* TRANSLATORS: a compact amount of money in millions, "1.5M" */
    return format_scaled (value, step, 1e6, _("%sM"));
  /* TRANSLATORS: a compact amount of money in thousands, "20k" */
  return format_scaled (value, step, 1e3, _("%sk"));
}

static double
axis_map (const Axis *axis,
          double      v)
{
  double t;

  if (axis->log)
    {
      if (!(v > 0))
        return NAN;
      t = (log (v) - log (axis->lo)) / (log (axis->hi) - log (axis->lo));
    }
  else
    t = (v - axis->lo) / (axis->hi - axis->lo);
  return axis->p0 + t * (axis->p1 - axis->p0);
}

static void
tick_texts_free (GArray *ticks)
{
  for (guint i = 0; i < ticks->len; i++)
    g_free (g_array_index (ticks, TickText, i).text);
  g_array_unref (ticks);
}

static GArray *
tick_texts_new (void)
{
  return g_array_new (FALSE, TRUE, sizeof (TickText));
}

static void
tick_texts_add (Ctx        *ctx,
                GArray     *ticks,
                RpChartUnit unit,
                double      value,
                double      step,
                double      span)
{
  TickText t = { value, format_tick (unit, value, step, span), 0, 0 };

  measure (ctx, t.text, ctx->fs * tick_scale, FALSE, &t.width, &t.height);
  g_array_append_val (ticks, t);
}

/* Linear ticks for [min, max] with about @target intervals; sets the
 * axis range to the outer ticks. */
static GArray *
linear_ticks (Ctx        *ctx,
              Axis       *axis,
              RpChartUnit unit,
              double      min,
              double      max,
              guint       target,
              gboolean    exact)
{
  GArray *ticks = tick_texts_new ();
  double lo, hi, step;

  rp_chart_nice_ticks (min, max, target, &lo, &hi, &step);
  if (unit == RP_CHART_UNIT_MONTHS && step >= 2 && max > min)
    {
      /* Months read best in quarters, half years and years. */
      static const double month_steps[] = { 3, 6, 12, 24, 36, 60, 120, 240 };
      double raw = (max - min) / MAX (target, 1);

      for (guint i = 0; i < G_N_ELEMENTS (month_steps); i++)
        {
          step = month_steps[i];
          if (step >= raw)
            break;
        }
      lo = floor (min / step + 1e-9) * step;
      hi = ceil (max / step - 1e-9) * step;
    }
  axis->log = FALSE;
  if (exact && max > min)
    {
      /* The axis spans the data; ticks are the nice values inside it. */
      axis->lo = min;
      axis->hi = max;
      lo = ceil (min / step - 1e-9) * step;
      hi = max;
    }
  else
    {
      axis->lo = lo;
      axis->hi = hi;
    }
  for (guint i = 0; i <= max_ticks * 2; i++)
    {
      double v = lo + i * step;

      if (v > hi + step * 1e-6)
        break;
      tick_texts_add (ctx, ticks, unit, v, step, MAX (fabs (lo), fabs (hi)));
    }
  return ticks;
}

/* Log ticks: @base 10 uses 1, 2, 5 × 10ⁿ at @level 0, 10ⁿ at level 1,
 * every other decade at level 2…; @base 2 uses 2ⁿ, 4ⁿ, 16ⁿ…  Each tick
 * is its own step, so it keeps only the digits it has ("5M", "0.02"). */
static GArray *
log_ticks (Ctx        *ctx,
           Axis       *axis,
           RpChartUnit unit,
           double      min,
           double      max,
           double      base,
           guint       level)
{
  GArray *ticks = tick_texts_new ();
  double e_lo, e_hi;
  guint every = 1;

  if (!(min > 0))
    min = 1;
  if (!(max > min))
    max = min * base;
  e_lo = floor (log (min) / log (base) + 1e-9);
  e_hi = ceil (log (max) / log (base) - 1e-9);
  if (e_hi <= e_lo)
    e_hi = e_lo + 1;
  axis->lo = pow (base, e_lo);
  axis->hi = pow (base, e_hi);
  axis->log = TRUE;
  if (base == 10 && level == 0)
    {
      for (double e = e_lo; e <= e_hi; e++)
        {
          static const double mantissas[] = { 1, 2, 5 };

          for (guint m = 0; m < G_N_ELEMENTS (mantissas); m++)
            {
              double v = mantissas[m] * pow (10, e);

              /* each tick is its own decade's step: "1M", "200k", not
               * "1.0000M" (a step of 1 in millions) */
              if (v <= axis->hi * (1 + 1e-9))
                tick_texts_add (ctx, ticks, unit, v, v, v);
            }
        }
      return ticks;
    }
  if (base == 10)
    level--;
  for (guint l = 0; l < level; l++)
    every *= 2;
  for (double e = e_lo; e <= e_hi; e += every)
    {
      double v = pow (base, e);

      tick_texts_add (ctx, ticks, unit, v, v, v);
    }
  return ticks;
}

/* Data range of one axis over series, rules and markers. */
static void
data_range (const RpChartData *data,
            gboolean           x_axis,
            gboolean           positive_only,
            double            *out_min,
            double            *out_max)
{
  double min = INFINITY, max = -INFINITY;

  for (guint s = 0; s < data->series->len; s++)
    {
      const RpChartSeries *series = g_ptr_array_index (data->series, s);

      for (guint i = 0; i < series->xs->len; i++)
        {
          double x = g_array_index (series->xs, double, i);
          double y = g_array_index (series->ys, double, i);
          double v = x_axis ? x : y;

          /* A gap (y NaN) still belongs to the x range: the break-even
           * chart shows where buying never pays off. */
          if (!isfinite (x) || (!x_axis && !isfinite (y)))
            continue;
          if (positive_only && !(v > 0))
            continue;
          if (data->x_log && !(x > 0))
            continue;
          if (data->y_log && isfinite (y) && !(y > 0))
            continue;
          min = MIN (min, v);
          max = MAX (max, v);
        }
    }
  for (guint i = 0; i < data->rules->len; i++)
    {
      const RpChartRule *r = &g_array_index (data->rules, RpChartRule, i);

      if (r->vertical == x_axis && isfinite (r->value) && (!positive_only || r->value > 0))
        {
          min = MIN (min, r->value);
          max = MAX (max, r->value);
        }
    }
  for (guint i = 0; i < data->markers->len; i++)
    {
      const RpChartMarker *m = &g_array_index (data->markers, RpChartMarker, i);
      double v = x_axis ? m->x : m->y;

      if (isfinite (m->x) && isfinite (m->y) && (!positive_only || v > 0))
        {
          min = MIN (min, v);
          max = MAX (max, v);
        }
    }
  *out_min = min;
  *out_max = max;
}

/* The value range of the stacked bars and their marks. */
static double
bars_max (const RpChartData *data)
{
  double max = 0;

  for (guint c = 0; c < data->categories->len; c++)
    {
      double sum = 0;

      for (guint s = 0; s < data->series->len; s++)
        {
          double v = rp_chart_data_get_value (data, s, c);

          if (isfinite (v) && v > 0)
            sum += v;
        }
      max = MAX (max, sum);
    }
  for (guint i = 0; i < data->marks->len; i++)
    {
      const RpChartMark *m = &g_array_index (data->marks, RpChartMark, i);

      if (isfinite (m->y))
        max = MAX (max, m->y);
    }
  return max;
}

static gboolean
has_drawable_data (const RpChartData *data)
{
  for (guint s = 0; s < data->series->len; s++)
    {
      const RpChartSeries *series = g_ptr_array_index (data->series, s);

      for (guint i = 0; i < series->xs->len; i++)
        if (isfinite (g_array_index (series->xs, double, i)) &&
            isfinite (g_array_index (series->ys, double, i)))
          return TRUE;
    }
  return FALSE;
}

/* ---- layout steps --------------------------------------------------- */

static double
layout_message (Ctx        *ctx,
                const char *message,
                double      top)
{
  RpChartLayout *L = ctx->out;
  double pad = ctx->style->padding;
  double avail_w = L->width - 2 * pad;
  double w, h, total_h = 0, y;
  g_auto(GStrv) lines = NULL;

  if (avail_w <= 0)
    return top;
  lines = wrap_text (ctx, message, ctx->fs, FALSE, avail_w, 4);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      measure (ctx, lines[i], ctx->fs, FALSE, &w, &h);
      total_h += h;
    }
  y = MAX (top, top + (L->height - pad - top - total_h) / 2);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      measure (ctx, lines[i], ctx->fs, FALSE, &w, &h);
      if (y + h > L->height)
        break;
      add_label (ctx, RP_CHART_LABEL_MESSAGE, lines[i], (L->width - w) / 2, y, w, h,
                 ctx->fs, FALSE, RP_CHART_INK_MUTED);
      y += h;
    }
  return y;
}

/* Title and subtitle; returns the y below them. */
static double
layout_header (Ctx *ctx)
{
  const RpChartData *data = ctx->data;
  RpChartLayout *L = ctx->out;
  double pad = ctx->style->padding;
  double avail_w = L->width - 2 * pad;
  double y = pad;
  double w, h;

  if (avail_w <= 0)
    return y;
  if (data->title != NULL && *data->title != '\0')
    {
      g_autofree char *t = elide (ctx, data->title, ctx->fs * title_scale, TRUE, avail_w);

      measure (ctx, t, ctx->fs * title_scale, TRUE, &w, &h);
      if (y + h <= L->height && *t != '\0')
        {
          add_label (ctx, RP_CHART_LABEL_TITLE, t, pad, y, w, h, ctx->fs * title_scale, TRUE,
                     RP_CHART_INK_FG);
          y += h;
        }
    }
  if (data->subtitle != NULL && *data->subtitle != '\0')
    {
      /* The subtitle carries what the chart assumes (the network, what
       * break-even means): wrapped, not cut. */
      g_auto(GStrv) lines = wrap_text (ctx, data->subtitle, ctx->fs, FALSE, avail_w,
                                       max_subtitle_lines);

      for (guint i = 0; lines[i] != NULL; i++)
        {
          measure (ctx, lines[i], ctx->fs, FALSE, &w, &h);
          if (y + h > L->height || *lines[i] == '\0')
            break;
          add_label (ctx, RP_CHART_LABEL_SUBTITLE, lines[i], pad, y, w, h, ctx->fs, FALSE,
                     RP_CHART_INK_MUTED);
          y += h;
        }
    }
  return y + ctx->fs * 0.6;
}

/* The legend, flowed left to right into rows; returns the y below it. */
static double
layout_legend (Ctx   *ctx,
               double top)
{
  const RpChartData *data = ctx->data;
  RpChartLayout *L = ctx->out;
  double pad = ctx->style->padding;
  double size = ctx->fs * legend_scale;
  double avail_w = L->width - 2 * pad;
  double swatch_w = size * 1.6;
  double gap = size * 0.4;
  double item_gap = size * 1.4;
  double x = pad, y = top, row_h = 0;
  g_autoptr(GPtrArray) seen = g_ptr_array_new ();
  guint n_entries = data->series->len + data->marks->len;

  for (guint i = 0; i < n_entries; i++)
    {
      const char *text;
      RpChartSwatchKind kind;
      RpChartInk ink;
      g_autofree char *shown = NULL;
      RpChartLegendItem item;
      double w, h, item_w;

      if (i < data->series->len)
        {
          const RpChartSeries *s = g_ptr_array_index (data->series, i);

          text = s->label;
          kind = L->categorical ? RP_CHART_SWATCH_BOX
                 : s->dashed ? RP_CHART_SWATCH_DASH
                 : data->scatter ? RP_CHART_SWATCH_DOT : RP_CHART_SWATCH_LINE;
          ink = RP_CHART_INK_SERIES + s->color;
        }
      else
        {
          const RpChartMark *m = &g_array_index (data->marks, RpChartMark,
                                                 i - data->series->len);
          gboolean dup = FALSE;

          for (guint j = 0; j < seen->len; j++)
            if (g_str_equal (g_ptr_array_index (seen, j), m->label))
              dup = TRUE;
          if (dup || *m->label == '\0')
            continue;
          g_ptr_array_add (seen, m->label);
          text = m->label;
          kind = m->ink == RP_CHART_INK_DANGER ? RP_CHART_SWATCH_LINE : RP_CHART_SWATCH_DASH;
          ink = m->ink;
        }
      if (avail_w <= swatch_w + gap)
        break;
      shown = elide (ctx, text, size, FALSE, avail_w - swatch_w - gap);
      measure (ctx, shown, size, FALSE, &w, &h);
      item_w = swatch_w + gap + w;
      if (x > pad && x + item_w > pad + avail_w)
        {
          x = pad;
          y += row_h + size * 0.3;
          row_h = 0;
        }
      if (y + h > L->height)
        break;                  /* no room; the plot will not fit either */
      row_h = MAX (row_h, h);
      item.kind = kind;
      item.ink = ink;
      item.swatch = (RpChartRect) { x, y + h * 0.2, swatch_w, h * 0.6 };
      item.label = (RpChartRect) { x + swatch_w + gap, y, w, h };
      g_array_append_val (L->legend, item);
      add_label (ctx, RP_CHART_LABEL_LEGEND, shown, item.label.x, y, w, h, size, FALSE,
                 RP_CHART_INK_FG);
      x += item_w + item_gap;
    }
  return row_h > 0 ? y + row_h + ctx->fs * 0.8 : top;
}

/* Y ticks for a plot of @plot_h: thinned until the labels keep a gap. */
static GArray *
compute_y_ticks (Ctx    *ctx,
                 Axis   *axis,
                 double  min,
                 double  max,
                 double  plot_h)
{
  const RpChartData *data = ctx->data;
  double label_h = ctx->fs * tick_scale * 1.25;
  double need = label_h * (1 + tick_gap_em * 0.5);

  if (data->y_log && min > 0)
    {
      for (guint level = 0; level < 6; level++)
        {
          GArray *ticks = log_ticks (ctx, axis, data->y_unit, min, max, 10, level);
          double min_gap = INFINITY;

          axis->p0 = plot_h;
          axis->p1 = 0;
          for (guint i = 1; i < ticks->len; i++)
            min_gap = MIN (min_gap, fabs (axis_map (axis, g_array_index (ticks, TickText, i).value) -
                                          axis_map (axis, g_array_index (ticks, TickText, i - 1).value)));
          if (min_gap >= need || level == 5 || ticks->len <= 2)
            return ticks;
          tick_texts_free (ticks);
        }
    }
  for (guint target = CLAMP ((guint) (plot_h / (label_h * 2.4)), 1, max_ticks); ; target--)
    {
      GArray *ticks = linear_ticks (ctx, axis, data->y_unit, min, max, target, FALSE);
      double spacing = ticks->len > 1 ? plot_h / (ticks->len - 1) : INFINITY;

      if (spacing >= need || target <= 1)
        return ticks;
      tick_texts_free (ticks);
    }
}

/* X ticks of a line chart over @plot_w starting at @x0: thinned until the
 * labels, centred on their ticks, keep a gap. */
static GArray *
compute_x_ticks (Ctx    *ctx,
                 Axis   *axis,
                 double  min,
                 double  max,
                 double  x0,
                 double  plot_w)
{
  const RpChartData *data = ctx->data;
  double gap = ctx->fs * tick_gap_em;
  guint target = CLAMP ((guint) (plot_w / (ctx->fs * 5)), 1, max_ticks);

  for (guint attempt = 0; attempt < 40; attempt++)
    {
      GArray *ticks;
      gboolean ok = TRUE;
      double prev_right = -INFINITY;
      guint n_target = attempt < target ? target - attempt : 1;

      if (data->x_log && min > 0)
        ticks = log_ticks (ctx, axis, data->x_unit, min, max, 2, attempt);
      else
        ticks = linear_ticks (ctx, axis, data->x_unit, min, max, n_target, TRUE);
      axis->p0 = x0;
      axis->p1 = x0 + plot_w;
      for (guint i = 0; i < ticks->len && ok; i++)
        {
          const TickText *t = &g_array_index (ticks, TickText, i);
          double cx = axis_map (axis, t->value);

          if (cx - t->width / 2 < prev_right + gap)
            ok = FALSE;
          prev_right = cx + t->width / 2;
        }
      if (ok || ticks->len <= 2 || (!(data->x_log && min > 0) && n_target <= 1))
        return ticks;
      tick_texts_free (ticks);
    }
  g_assert_not_reached ();
}

static double
max_tick_height (GArray *ticks)
{
  double h = 0;

  for (guint i = 0; i < ticks->len; i++)
    h = MAX (h, g_array_index (ticks, TickText, i).height);
  return h;
}

static double
max_tick_width (GArray *ticks)
{
  double w = 0;

  for (guint i = 0; i < ticks->len; i++)
    w = MAX (w, g_array_index (ticks, TickText, i).width);
  return w;
}

/* Category labels wrapped into their slots; returns the tallest. */
static double
category_label_height (Ctx    *ctx,
                       double  slot_w,
                       GPtrArray *out_lines)
{
  const RpChartData *data = ctx->data;
  double size = ctx->fs * tick_scale;
  double tallest = 0;

  for (guint c = 0; c < data->categories->len; c++)
    {
      const char *label = g_ptr_array_index (data->categories, c);
      gboolean bold = (int) c == data->highlight;
      char **lines = wrap_text (ctx, label, size, bold, MAX (slot_w - ctx->fs * 0.5, 1),
                                max_category_lines);
      double total = 0;

      for (guint i = 0; lines[i] != NULL; i++)
        {
          double w, h;

          measure (ctx, lines[i], size, bold, &w, &h);
          total += h;
        }
      tallest = MAX (tallest, total);
      if (out_lines != NULL)
        g_ptr_array_add (out_lines, lines);
      else
        g_strfreev (lines);
    }
  return tallest;
}

static void
add_segment (GArray     *array,
             double      x0,
             double      y0,
             double      x1,
             double      y1,
             RpChartInk  ink,
             gboolean    dashed,
             double      width_scale)
{
  RpChartSegment s = { x0, y0, x1, y1, ink, dashed, width_scale };

  g_array_append_val (array, s);
}

static void
add_item (RpChartLayout     *L,
          guint              series,
          guint              index,
          const RpChartRect *rect,
          char              *text)
{
  RpChartItem item = { series, index, *rect, text };

  g_array_append_val (L->items, item);
}

/* A keyboard stop pointing at @rect; takes @text. */
static void
add_stop (RpChartLayout     *L,
          const RpChartRect *rect,
          char              *text)
{
  RpChartStop stop = { *rect, text };

  g_array_append_val (L->stops, stop);
}

static void
layout_bars (Ctx        *ctx,
             const Axis *y_axis,
             GPtrArray  *category_lines)
{
  const RpChartData *data = ctx->data;
  RpChartLayout *L = ctx->out;
  guint n = data->categories->len;
  double slot_w = L->plot.width / MAX (n, 1);
  double bar_w = MIN (slot_w * 0.62, ctx->fs * 8);
  double size = ctx->fs * tick_scale;
  double value_size = ctx->fs * small_scale;

  for (guint c = 0; c < n; c++)
    {
      double cx = L->plot.x + (c + 0.5) * slot_w;
      double acc = 0, top_y = y_axis->p0, y;
      char **lines = g_ptr_array_index (category_lines, c);
      gboolean highlighted = (int) c == data->highlight;
      const char *category = g_ptr_array_index (data->categories, c);
      double capacity = NAN;

      if (highlighted)
        {
          RpChartBox band = { { L->plot.x + c * slot_w + slot_w * 0.06, L->plot.y,
                                slot_w * 0.88, L->plot.height }, RP_CHART_INK_ACCENT };

          g_array_append_val (L->bands, band);
        }

      for (guint s = 0; s < data->series->len; s++)
        {
          double v = rp_chart_data_get_value (data, s, c);
          double y0, y1;
          RpChartBox bar;
          g_autofree char *value = NULL;

          if (!isfinite (v) || v <= 0)
            continue;
          y0 = axis_map (y_axis, acc);
          y1 = axis_map (y_axis, acc + v);
          acc += v;
          bar = (RpChartBox) { { cx - bar_w / 2, y1, bar_w, y0 - y1 },
                               RP_CHART_INK_SERIES +
                               ((const RpChartSeries *) g_ptr_array_index (data->series, s))->color };
          g_array_append_val (L->bars, bar);
          top_y = y1;
          value = rp_chart_data_format_value (data, data->y_unit, v);
          add_item (L, s, c, &bar.rect,
                    /* TRANSLATORS: hover read-out: category — series: value */
                    g_strdup_printf (_("%s — %s: %s"), category,
                                     rp_chart_data_get_series_label (data, s), value));
        }
      add_stop (L, &(RpChartRect) { cx - bar_w / 2, top_y, bar_w, y_axis->p0 - top_y },
                rp_chart_data_describe_category (data, c));

      for (guint i = 0; i < data->marks->len; i++)
        {
          const RpChartMark *m = &g_array_index (data->marks, RpChartMark, i);

          if (m->category != c || !isfinite (m->y))
            continue;
          y = axis_map (y_axis, m->y);
          add_segment (L->rules, cx - bar_w * 0.75, y, cx + bar_w * 0.75, y, m->ink,
                       m->ink != RP_CHART_INK_DANGER, 1);
          if (m->ink == RP_CHART_INK_DANGER)
            capacity = m->y;
        }

      /* The total above the bar, when it fits. */
      if (acc > 0)
        {
          g_autofree char *total = rp_chart_data_format_value (data, data->y_unit, acc);
          double w, h;
          RpChartInk ink = isfinite (capacity) && acc > capacity ? RP_CHART_INK_DANGER
                                                                : RP_CHART_INK_FG;
          double candidates[4];

          measure (ctx, total, value_size, TRUE, &w, &h);
          candidates[0] = cx - w / 2;
          candidates[1] = top_y - h - ctx->fs * 0.15;
          candidates[2] = cx - w / 2;
          candidates[3] = isfinite (capacity) ? axis_map (y_axis, capacity) - h - ctx->fs * 0.3
                                              : candidates[1];
          if (w <= slot_w - ctx->fs * 0.3)
            {
              /* Keep it off the mark lines. */
              for (guint i = 0; i < data->marks->len; i++)
                {
                  const RpChartMark *m = &g_array_index (data->marks, RpChartMark, i);
                  RpChartRect line;

                  if (m->category != c || !isfinite (m->y))
                    continue;
                  line = (RpChartRect) { cx - bar_w * 0.75, axis_map (y_axis, m->y) - 1.5,
                                         bar_w * 1.5, 3 };
                  g_array_append_val (ctx->placed, line);
                }
              place_in_plot (ctx, RP_CHART_LABEL_VALUE, total, value_size, TRUE, ink,
                             candidates, 2, w, h);
            }
        }

      /* The category name under its slot, one label per line. */
      y = L->plot.y + L->plot.height + ctx->x_label_gap;
      for (guint i = 0; lines[i] != NULL; i++)
        {
          double w, h;

          measure (ctx, lines[i], size, highlighted, &w, &h);
          if (*lines[i] != '\0')
            add_label (ctx, RP_CHART_LABEL_X_TICK, lines[i], cx - w / 2, y, w, h, size,
                       highlighted, highlighted ? RP_CHART_INK_ACCENT : RP_CHART_INK_FG);
          y += h;
        }
    }
}

static void
layout_lines (Ctx        *ctx,
              const Axis *x_axis,
              const Axis *y_axis)
{
  const RpChartData *data = ctx->data;
  RpChartLayout *L = ctx->out;
  double hit = MAX (6, ctx->fs * 0.55);
  double radius = MAX (2.5, ctx->fs * 0.25);

  for (guint s = 0; s < data->series->len; s++)
    {
      const RpChartSeries *series = g_ptr_array_index (data->series, s);
      RpChartPolyline *line = g_new0 (RpChartPolyline, 1);
      double min_dx = INFINITY, prev_x = NAN;
      guint first_dot = L->dots->len;

      line->ink = RP_CHART_INK_SERIES + series->color;
      line->dashed = series->dashed;
      /* The first series (the scenario's own choice) is drawn last, on
       * top, and a little wider: equal curves must not hide it. */
      line->width_scale = s == 0 && data->series->len > 1 ? 1.4 : 1;
      line->points = g_array_new (FALSE, FALSE, sizeof (double));
      g_ptr_array_insert (L->lines, 0, line);
      for (guint i = 0; i < series->xs->len; i++)
        {
          double x = g_array_index (series->xs, double, i);
          double y = g_array_index (series->ys, double, i);
          double px = axis_map (x_axis, x);
          double py = axis_map (y_axis, y);
          g_autofree char *xs = NULL;
          g_autofree char *ys = NULL;
          RpChartRect rect;
          RpChartDot dot;

          if (!isfinite (x) || !isfinite (y) || !isfinite (px) || !isfinite (py))
            {
              double br[2] = { NAN, NAN };

              g_array_append_vals (line->points, br, 2);
              continue;
            }
          g_array_append_val (line->points, px);
          g_array_append_val (line->points, py);
          if (data->scatter)
            {
              double br[2] = { NAN, NAN };

              /* a break after every point: dots, no segments */
              g_array_append_vals (line->points, br, 2);
            }
          if (isfinite (prev_x))
            min_dx = MIN (min_dx, fabs (px - prev_x));
          prev_x = px;
          dot = (RpChartDot) { px, py, radius, RP_CHART_INK_SERIES + series->color, FALSE };
          g_array_append_val (L->dots, dot);
          rect = (RpChartRect) { px - hit, py - hit, 2 * hit, 2 * hit };
          xs = rp_chart_data_format_value (data, data->x_unit, x);
          ys = rp_chart_data_format_value (data, data->y_unit, y);
          add_item (L, s, i, &rect,
                    /* TRANSLATORS: hover read-out of a line chart: series —
                     * x value: y value, "H100 — 64 GPUs: 3.2 days" */
                    g_strdup_printf (_("%s — %s: %s"), series->label, xs, ys));
          add_stop (L, &rect, g_strdup (g_array_index (L->items, RpChartItem,
                                                       L->items->len - 1).text));
        }
      /* Dense lines read better without a dot on every point. */
      if (min_dx < radius * 8 && !data->scatter)
        g_array_set_size (L->dots, first_dot);
    }
}

/* Where a horizontal rule's label @w × @h may go so that it does not
 * stack on the labels of the rules placed before (@placed; NULL: any
 * place): above or below its line at @y, from the plot's right end
 * leftwards, never in the columns of a label less than two label
 * heights away.  Pairs of x, y; transfer full. */
static GArray *
unstacked_candidates (const RpChartRect *p,
                      const GArray      *placed,
                      double             w,
                      double             h,
                      double             gap,
                      double             y)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (double));

  for (double x = p->x + p->width - w - gap; x >= p->x + gap - 0.01; x -= MAX (w / 8, gap))
    for (guint below = 0; below < 2; below++)
      {
        double top = below ? y + gap * 0.5 : y - h - gap * 0.5;
        gboolean ok = TRUE;

        for (guint j = 0; ok && placed != NULL && j < placed->len; j++)
          {
            const RpChartRect *r = &g_array_index (placed, RpChartRect, j);

            ok = x + w + gap <= r->x || r->x + r->width + gap <= x ||
                 fabs (r->y - top) >= 2 * h;
          }
        if (ok)
          {
            g_array_append_val (out, x);
            g_array_append_val (out, top);
          }
      }
  return out;
}

static void
layout_rules_and_markers (Ctx        *ctx,
                          const Axis *x_axis,
                          const Axis *y_axis)
{
  const RpChartData *data = ctx->data;
  RpChartLayout *L = ctx->out;
  const RpChartRect *p = &L->plot;
  double size = ctx->fs * small_scale;
  double gap = ctx->fs * 0.3;
  /* the horizontal rules' labels placed so far */
  g_autoptr(GArray) stacked = g_array_new (FALSE, FALSE, sizeof (RpChartRect));

  for (guint i = 0; i < data->rules->len; i++)
    {
      const RpChartRule *r = &g_array_index (data->rules, RpChartRule, i);
      g_autofree char *text = NULL;
      double w, h;

      if (!isfinite (r->value))
        continue;
      if (r->vertical)
        {
          double x = L->categorical ? NAN : axis_map (x_axis, r->value);

          if (!isfinite (x))
            continue;
          add_segment (L->rules, x, p->y, x, p->y + p->height, r->ink, TRUE, 1);
          if (*r->label == '\0')
            continue;
          text = elide (ctx, r->label, size, FALSE, MAX (p->x + p->width - x, x - p->x) - 2 * gap);
          measure (ctx, text, size, FALSE, &w, &h);
          {
            double candidates[] = {
              x + gap, p->y + gap,
              x - gap - w, p->y + gap,
              x + gap, p->y + gap + h * 1.2,
              x - gap - w, p->y + gap + h * 1.2,
              x + gap, p->y + p->height - h - gap,
              x - gap - w, p->y + p->height - h - gap,
            };

            place_in_plot (ctx, RP_CHART_LABEL_RULE, text, size, FALSE, r->ink,
                           candidates, G_N_ELEMENTS (candidates) / 2, w, h);
          }
        }
      else
        {
          double y = axis_map (y_axis, r->value);

          if (!isfinite (y))
            continue;
          add_segment (L->rules, p->x, y, p->x + p->width, y, r->ink, TRUE, 1);
          if (*r->label == '\0')
            continue;
          text = elide (ctx, r->label, size, FALSE, p->width - 2 * gap);
          measure (ctx, text, size, FALSE, &w, &h);
          {
            double candidates[] = {
              p->x + p->width - w - gap, y - h - gap * 0.5,
              p->x + p->width - w - gap, y + gap * 0.5,
              p->x + gap, y - h - gap * 0.5,
              p->x + gap, y + gap * 0.5,
              p->x + (p->width - w) / 2, y - h - gap * 0.5,
              p->x + (p->width - w) / 2, y + gap * 0.5,
            };
            g_autoptr(GArray) apart = unstacked_candidates (p, stacked, w, h, gap, y);
            g_autoptr(GArray) any = unstacked_candidates (p, NULL, w, h, gap, y);

            /* apart from the others' labels; else anywhere along the line */
            if ((apart->len > 0 &&
                 place_in_plot (ctx, RP_CHART_LABEL_RULE, text, size, FALSE, r->ink,
                                (const double *) apart->data, apart->len / 2, w, h)) ||
                place_in_plot (ctx, RP_CHART_LABEL_RULE, text, size, FALSE, r->ink,
                               candidates, G_N_ELEMENTS (candidates) / 2, w, h) ||
                (any->len > 0 &&
                 place_in_plot (ctx, RP_CHART_LABEL_RULE, text, size, FALSE, r->ink,
                                (const double *) any->data, any->len / 2, w, h)))
              g_array_append_val (stacked, g_array_index (ctx->placed, RpChartRect,
                                                          ctx->placed->len - 1));
          }
        }
    }

  for (guint i = 0; i < data->markers->len; i++)
    {
      const RpChartMarker *m = &g_array_index (data->markers, RpChartMarker, i);
      double x = L->categorical ? NAN : axis_map (x_axis, m->x);
      double y = axis_map (y_axis, m->y);
      double radius = MAX (4, ctx->fs * 0.45);
      RpChartDot dot;
      g_autofree char *text = NULL;
      double w, h, d;

      if (!isfinite (x) || !isfinite (y))
        continue;
      dot = (RpChartDot) { x, y, radius, RP_CHART_INK_FG, TRUE };
      g_array_append_val (L->dots, dot);
      {
        /* The marker itself is not to be covered by labels. */
        RpChartRect self_rect = { x - radius, y - radius, 2 * radius, 2 * radius };

        g_array_append_val (ctx->placed, self_rect);
      }
      if (*m->label == '\0')
        continue;
      text = elide (ctx, m->label, size, TRUE, p->width - 2 * gap);
      measure (ctx, text, size, TRUE, &w, &h);
      d = radius + gap;
      {
        double candidates[] = {
          x + d, y - d - h,
          x - d - w, y - d - h,
          x + d, y + d,
          x - d - w, y + d,
          x - w / 2, y - d - h * 2.2,
          x - w / 2, y + d + h * 1.2,
        };

        place_in_plot (ctx, RP_CHART_LABEL_MARKER, text, size, TRUE, RP_CHART_INK_FG,
                       candidates, G_N_ELEMENTS (candidates) / 2, w, h);
      }
    }
}

static void
tick_list_from (GArray     *out,
                GArray     *ticks,
                const Axis *axis)
{
  for (guint i = 0; i < ticks->len; i++)
    {
      const TickText *t = &g_array_index (ticks, TickText, i);
      RpChartTick tick = { t->value, axis_map (axis, t->value) };

      g_array_append_val (out, tick);
    }
}

static void
layout_plot (Ctx    *ctx,
             double  top)
{
  const RpChartData *data = ctx->data;
  RpChartLayout *L = ctx->out;
  double pad = ctx->style->padding;
  double fs = ctx->fs;
  double tick_size = fs * tick_scale;
  double axis_w = 0, x_title_h = 0, y_title_h = 0;
  double y_min, y_max, x_min = 0, x_max = 1;
  double plot_x = 0, plot_y, plot_w = 0, plot_h = 0, below_h;
  double right_pad = pad;
  GArray *y_ticks = NULL;
  GArray *x_ticks = NULL;
  g_autoptr(GPtrArray) category_lines = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  Axis x_axis = { 0, 1, FALSE, 0, 1 };
  Axis y_axis = { 0, 1, FALSE, 0, 1 };

  if (*data->x_label != '\0')
    measure (ctx, data->x_label, fs, FALSE, &axis_w, &x_title_h);
  if (*data->y_label != '\0')
    measure (ctx, data->y_label, fs, FALSE, &axis_w, &y_title_h);

  /* Value ranges. */
  if (L->categorical)
    {
      y_min = 0;
      y_max = bars_max (data);
    }
  else
    {
      data_range (data, TRUE, data->x_log, &x_min, &x_max);
      data_range (data, FALSE, data->y_log, &y_min, &y_max);
      if (!isfinite (x_min))
        {
          x_min = data->x_log ? 1 : 0;
          x_max = data->x_log ? 2 : 1;
        }
      if (!data->y_log && y_min > 0)
        y_min = 0;              /* an honest baseline */
      /* Lines and their labels need a little air under the top edge. */
      if (!data->y_log && isfinite (y_min) && isfinite (y_max) && y_max > y_min)
        y_max += (y_max - y_min) * 0.04;
    }
  if (!isfinite (y_min) || !isfinite (y_max))
    {
      y_min = data->y_log ? 1 : 0;
      y_max = data->y_log ? 10 : 1;
    }
  if (y_max <= y_min)
    y_max = y_min + (y_min != 0 ? fabs (y_min) * 0.5 : 1);
  if (x_max <= x_min)
    x_max = x_min + (x_min != 0 ? fabs (x_min) * 0.5 : 1);

  plot_y = top + tick_size * 0.7;  /* half a tick label above the top tick */
  below_h = tick_size * 1.3 + (x_title_h > 0 ? x_title_h + fs * 0.5 : 0);

  /* Left margin depends on the y ticks, which depend on the plot height,
   * which depends on how tall the x labels are: iterate to a fixed point. */
  for (guint pass = 0; pass < 6; pass++)
    {
      double x_labels_h, old_below_h = below_h, old_plot_x = plot_x, old_right_pad = right_pad;

      plot_h = L->height - pad - below_h - plot_y;
      if (plot_h < min_plot_size)
        break;
      g_clear_pointer (&y_ticks, tick_texts_free);
      y_ticks = compute_y_ticks (ctx, &y_axis, y_min, y_max, plot_h);
      /* The lowest y label hangs half below the plot: keep the x labels
       * clear of it. */
      ctx->x_label_gap = MAX (fs * 0.35, max_tick_height (y_ticks) / 2 + fs * 0.2);
      plot_x = pad + (y_title_h > 0 ? y_title_h + fs * 0.5 : 0) + max_tick_width (y_ticks) +
               fs * 0.5;
      if (!L->categorical)
        {
          /* Room for half of the last x tick label on the right. */
          g_clear_pointer (&x_ticks, tick_texts_free);
          x_ticks = compute_x_ticks (ctx, &x_axis, x_min, x_max, plot_x,
                                     L->width - right_pad - plot_x);
          right_pad = pad + (x_ticks->len > 0
                             ? g_array_index (x_ticks, TickText, x_ticks->len - 1).width / 2 : 0);
        }
      plot_w = L->width - right_pad - plot_x;
      if (plot_w < min_plot_size)
        break;
      if (L->categorical)
        x_labels_h = category_label_height (ctx, plot_w / MAX (data->categories->len, 1), NULL);
      else
        x_labels_h = x_ticks->len > 0 ? max_tick_height (x_ticks) : 0;
      below_h = ctx->x_label_gap + x_labels_h + (x_title_h > 0 ? x_title_h + fs * 0.4 : 0);
      if (fabs (below_h - old_below_h) < 0.01 && fabs (plot_x - old_plot_x) < 0.01 &&
          fabs (right_pad - old_right_pad) < 0.01)
        break;
    }
  if (y_ticks == NULL || plot_h < min_plot_size || plot_w < min_plot_size ||
      L->height - pad - below_h - plot_y < min_plot_size)
    {
      g_clear_pointer (&y_ticks, tick_texts_free);
      g_clear_pointer (&x_ticks, tick_texts_free);
      return;
    }
  if (L->height - pad - below_h - plot_y < plot_h - 0.01)
    {
      /* Not settled: shrink to the room left and keep every label clear,
       * at the price of a little space. */
      double tick_w = max_tick_width (y_ticks);

      plot_h = L->height - pad - below_h - plot_y;
      tick_texts_free (y_ticks);
      y_ticks = compute_y_ticks (ctx, &y_axis, y_min, y_max, plot_h);
      plot_x += MAX (0, max_tick_width (y_ticks) - tick_w);
      plot_w = L->width - right_pad - plot_x;
      if (plot_w < min_plot_size)
        {
          g_clear_pointer (&y_ticks, tick_texts_free);
          g_clear_pointer (&x_ticks, tick_texts_free);
          return;
        }
      if (!L->categorical)
        {
          tick_texts_free (x_ticks);
          x_ticks = compute_x_ticks (ctx, &x_axis, x_min, x_max, plot_x, plot_w);
        }
    }

  L->has_plot = TRUE;
  L->plot = (RpChartRect) { plot_x, plot_y, plot_w, plot_h };
  y_axis.p0 = plot_y + plot_h;
  y_axis.p1 = plot_y;
  x_axis.p0 = plot_x;
  x_axis.p1 = plot_x + plot_w;

  /* Axes, grid and tick labels. */
  add_segment (L->axes, plot_x, plot_y + plot_h, plot_x + plot_w, plot_y + plot_h,
               RP_CHART_INK_MUTED, FALSE, 1);
  add_segment (L->axes, plot_x, plot_y, plot_x, plot_y + plot_h, RP_CHART_INK_MUTED, FALSE, 1);
  tick_list_from (L->y_ticks, y_ticks, &y_axis);
  for (guint i = 0; i < y_ticks->len; i++)
    {
      const TickText *t = &g_array_index (y_ticks, TickText, i);
      double y = axis_map (&y_axis, t->value);

      if (fabs (y - (plot_y + plot_h)) > 0.5)
        add_segment (L->grid, plot_x, y, plot_x + plot_w, y, RP_CHART_INK_GRID, FALSE, 1);
      add_label (ctx, RP_CHART_LABEL_Y_TICK, t->text, plot_x - fs * 0.5 - t->width,
                 y - t->height / 2, t->width, t->height, tick_size, FALSE, RP_CHART_INK_MUTED);
    }
  if (x_ticks != NULL)
    {
      tick_list_from (L->x_ticks, x_ticks, &x_axis);
      for (guint i = 0; i < x_ticks->len; i++)
        {
          const TickText *t = &g_array_index (x_ticks, TickText, i);
          double x = axis_map (&x_axis, t->value);

          if (fabs (x - plot_x) > 0.5)
            add_segment (L->grid, x, plot_y, x, plot_y + plot_h, RP_CHART_INK_GRID, FALSE, 1);
          add_label (ctx, RP_CHART_LABEL_X_TICK, t->text, x - t->width / 2,
                     plot_y + plot_h + ctx->x_label_gap, t->width, t->height, tick_size, FALSE,
                     RP_CHART_INK_MUTED);
        }
    }

  /* Axis titles. */
  if (x_title_h > 0)
    {
      g_autofree char *t = elide (ctx, data->x_label, fs, FALSE, plot_w);
      double w, h;

      measure (ctx, t, fs, FALSE, &w, &h);
      add_label (ctx, RP_CHART_LABEL_AXIS_TITLE, t, plot_x + (plot_w - w) / 2,
                 L->height - pad - h, w, h, fs, FALSE, RP_CHART_INK_FG);
    }
  if (y_title_h > 0)
    {
      g_autofree char *t = elide (ctx, data->y_label, fs, FALSE, plot_h);
      double w, h;
      RpChartLabel *label;

      measure (ctx, t, fs, FALSE, &w, &h);
      /* Rotated a quarter turn: it reads bottom to top; (x, y) is where
       * the text's top-left corner goes, its bottom-left on screen. */
      label = (RpChartLabel *) add_label (ctx, RP_CHART_LABEL_AXIS_TITLE, t, pad,
                                          plot_y + (plot_h + w) / 2, w, h, fs, FALSE,
                                          RP_CHART_INK_FG);
      label->angle = -G_PI / 2;
      label->box = (RpChartRect) { pad, plot_y + (plot_h - w) / 2, h, w };
    }

  if (L->categorical)
    {
      category_label_height (ctx, plot_w / MAX (data->categories->len, 1), category_lines);
      layout_bars (ctx, &y_axis, category_lines);
    }
  else
    layout_lines (ctx, &x_axis, &y_axis);
  layout_rules_and_markers (ctx, &x_axis, &y_axis);

  tick_texts_free (y_ticks);
  g_clear_pointer (&x_ticks, tick_texts_free);
}

static void
polyline_free (gpointer data)
{
  RpChartPolyline *line = data;

  g_array_unref (line->points);
  g_free (line);
}

static void
label_clear (gpointer data)
{
  RpChartLabel *label = data;

  g_free (label->text);
}

static void
item_clear (gpointer data)
{
  RpChartItem *item = data;

  g_free (item->text);
}

static void
stop_clear (gpointer data)
{
  RpChartStop *stop = data;

  g_free (stop->text);
}

/* ---- public API ----------------------------------------------------- */

gboolean
rp_chart_rects_overlap (const RpChartRect *a,
                        const RpChartRect *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width &&
         a->y < b->y + b->height && b->y < a->y + a->height;
}

void
rp_chart_nice_ticks (double  min,
                     double  max,
                     guint   target,
                     double *out_lo,
                     double *out_hi,
                     double *out_step)
{
  double raw, mag, r, nice, step, lo, hi;

  g_return_if_fail (out_lo != NULL && out_hi != NULL && out_step != NULL);

  if (!isfinite (min) || !isfinite (max))
    {
      min = 0;
      max = 1;
    }
  if (max < min)
    {
      double t = min;

      min = max;
      max = t;
    }
  if (max == min)
    {
      double d = min != 0 ? fabs (min) * 0.5 : 1;

      min -= min != 0 && min > 0 ? 0 : d;
      max += d;
    }
  target = MAX (target, 1);
  raw = (max - min) / target;
  mag = pow (10, floor (log10 (raw)));
  r = raw / mag;
  if (r <= 1 + 1e-9)
    nice = 1;
  else if (r <= 2 + 1e-9)
    nice = 2;
  else if (r <= 5 + 1e-9)
    nice = 5;
  else
    nice = 10;
  step = nice * mag;
  lo = floor (min / step + 1e-9) * step;
  hi = ceil (max / step - 1e-9) * step;
  if (hi <= lo)
    hi = lo + step;
  *out_lo = lo;
  *out_hi = hi;
  *out_step = step;
}

RpChartLayout *
rp_chart_layout_compute (const RpChartData  *data,
                         double              width,
                         double              height,
                         const RpChartStyle *style,
                         RpMeasureText       measure_text,
                         gpointer            user_data)
{
  RpChartLayout *L;
  Ctx ctx = { 0 };
  double top;

  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (style != NULL, NULL);
  g_return_val_if_fail (measure_text != NULL, NULL);

  L = g_new0 (RpChartLayout, 1);
  L->width = isfinite (width) ? MAX (width, 0) : 0;
  L->height = isfinite (height) ? MAX (height, 0) : 0;
  L->categorical = rp_chart_data_is_categorical (data);
  L->labels = g_array_new (FALSE, TRUE, sizeof (RpChartLabel));
  g_array_set_clear_func (L->labels, label_clear);
  L->x_ticks = g_array_new (FALSE, TRUE, sizeof (RpChartTick));
  L->y_ticks = g_array_new (FALSE, TRUE, sizeof (RpChartTick));
  L->grid = g_array_new (FALSE, TRUE, sizeof (RpChartSegment));
  L->axes = g_array_new (FALSE, TRUE, sizeof (RpChartSegment));
  L->bands = g_array_new (FALSE, TRUE, sizeof (RpChartBox));
  L->bars = g_array_new (FALSE, TRUE, sizeof (RpChartBox));
  L->lines = g_ptr_array_new_with_free_func (polyline_free);
  L->rules = g_array_new (FALSE, TRUE, sizeof (RpChartSegment));
  L->dots = g_array_new (FALSE, TRUE, sizeof (RpChartDot));
  L->legend = g_array_new (FALSE, TRUE, sizeof (RpChartLegendItem));
  L->items = g_array_new (FALSE, TRUE, sizeof (RpChartItem));
  g_array_set_clear_func (L->items, item_clear);
  L->stops = g_array_new (FALSE, TRUE, sizeof (RpChartStop));
  g_array_set_clear_func (L->stops, stop_clear);

  ctx.data = data;
  ctx.style = style;
  ctx.measure = measure_text;
  ctx.user_data = user_data;
  ctx.out = L;
  ctx.fs = style->font_size > 0 ? style->font_size : 13;
  ctx.placed = g_array_new (FALSE, FALSE, sizeof (RpChartRect));

  top = layout_header (&ctx);
  if (data->message != NULL)
    layout_message (&ctx, data->message, top);
  else if (!has_drawable_data (data))
    layout_message (&ctx, _("Nothing to show."), top);
  else
    {
      top = layout_legend (&ctx, top);
      layout_plot (&ctx, top);
    }

  g_array_unref (ctx.placed);
  return L;
}

void
rp_chart_layout_free (RpChartLayout *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->labels);
  g_array_unref (self->x_ticks);
  g_array_unref (self->y_ticks);
  g_array_unref (self->grid);
  g_array_unref (self->axes);
  g_array_unref (self->bands);
  g_array_unref (self->bars);
  g_ptr_array_unref (self->lines);
  g_array_unref (self->rules);
  g_array_unref (self->dots);
  g_array_unref (self->legend);
  g_array_unref (self->items);
  g_array_unref (self->stops);
  g_free (self);
}

double
rp_chart_layout_get_width (const RpChartLayout *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->width;
}

double
rp_chart_layout_get_height (const RpChartLayout *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->height;
}

gboolean
rp_chart_layout_get_plot_rect (const RpChartLayout *self,
                               RpChartRect         *out_rect)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (out_rect != NULL)
    *out_rect = self->plot;
  return self->has_plot;
}

guint
rp_chart_layout_get_n_labels (const RpChartLayout *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->labels->len;
}

const RpChartLabel *
rp_chart_layout_get_label (const RpChartLayout *self,
                           guint                i)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (i < self->labels->len, NULL);
  return &g_array_index (self->labels, RpChartLabel, i);
}

guint
rp_chart_layout_get_n_ticks (const RpChartLayout *self,
                             gboolean             x_axis)
{
  g_return_val_if_fail (self != NULL, 0);
  return x_axis ? self->x_ticks->len : self->y_ticks->len;
}

double
rp_chart_layout_get_tick (const RpChartLayout *self,
                          gboolean             x_axis,
                          guint                i,
                          double              *out_position)
{
  GArray *ticks;
  const RpChartTick *t;

  g_return_val_if_fail (self != NULL, NAN);
  ticks = x_axis ? self->x_ticks : self->y_ticks;
  g_return_val_if_fail (i < ticks->len, NAN);

  t = &g_array_index (ticks, RpChartTick, i);
  if (out_position != NULL)
    *out_position = t->position;
  return t->value;
}

guint
rp_chart_layout_get_n_legend_items (const RpChartLayout *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->legend->len;
}

void
rp_chart_layout_get_legend_item (const RpChartLayout *self,
                                 guint                i,
                                 RpChartRect         *out_swatch,
                                 RpChartRect         *out_label)
{
  const RpChartLegendItem *item;

  g_return_if_fail (self != NULL);
  g_return_if_fail (i < self->legend->len);

  item = &g_array_index (self->legend, RpChartLegendItem, i);
  if (out_swatch != NULL)
    *out_swatch = item->swatch;
  if (out_label != NULL)
    *out_label = item->label;
}

guint
rp_chart_layout_get_n_items (const RpChartLayout *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->items->len;
}

void
rp_chart_layout_get_item (const RpChartLayout *self,
                          guint                i,
                          guint               *out_series,
                          guint               *out_index,
                          RpChartRect         *out_rect)
{
  const RpChartItem *item;

  g_return_if_fail (self != NULL);
  g_return_if_fail (i < self->items->len);

  item = &g_array_index (self->items, RpChartItem, i);
  if (out_series != NULL)
    *out_series = item->series;
  if (out_index != NULL)
    *out_index = item->index;
  if (out_rect != NULL)
    *out_rect = item->rect;
}

/* The item under (x, y): the one whose centre is nearest, since the hit
 * areas of neighbouring points may overlap. */
static const RpChartItem *
find_item (const RpChartLayout *self,
           double               x,
           double               y)
{
  const RpChartItem *best = NULL;
  double best_d = INFINITY;

  for (guint i = 0; i < self->items->len; i++)
    {
      const RpChartItem *item = &g_array_index (self->items, RpChartItem, i);
      const RpChartRect *r = &item->rect;
      double dx, dy, d;

      if (x < r->x || x > r->x + r->width || y < r->y || y > r->y + r->height)
        continue;
      dx = x - (r->x + r->width / 2);
      dy = y - (r->y + r->height / 2);
      d = self->categorical ? 0 : dx * dx + dy * dy;
      if (best == NULL || d < best_d)
        {
          best = item;
          best_d = d;
        }
    }
  return best;
}

gboolean
rp_chart_layout_hit (const RpChartLayout  *self,
                     double                x,
                     double                y,
                     char                **out_text)
{
  const RpChartItem *item;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (out_text == NULL || *out_text == NULL, FALSE);

  item = find_item (self, x, y);
  if (item == NULL)
    return FALSE;
  if (out_text != NULL)
    *out_text = g_strdup (item->text);
  return TRUE;
}

gboolean
rp_chart_layout_hit_item (const RpChartLayout *self,
                          double               x,
                          double               y,
                          guint               *out_series,
                          guint               *out_index)
{
  const RpChartItem *item;

  g_return_val_if_fail (self != NULL, FALSE);

  item = find_item (self, x, y);
  if (item == NULL)
    return FALSE;
  if (out_series != NULL)
    *out_series = item->series;
  if (out_index != NULL)
    *out_index = item->index;
  return TRUE;
}

gint
rp_chart_layout_find_item (const RpChartLayout *self,
                           double               x,
                           double               y)
{
  const RpChartItem *item;

  g_return_val_if_fail (self != NULL, -1);

  item = find_item (self, x, y);
  return item != NULL ? (gint) (item - &g_array_index (self->items, RpChartItem, 0)) : -1;
}

const char *
rp_chart_layout_get_item_text (const RpChartLayout *self,
                               guint                i)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (i < self->items->len, NULL);

  return g_array_index (self->items, RpChartItem, i).text;
}

guint
rp_chart_layout_get_n_stops (const RpChartLayout *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->stops->len;
}

const char *
rp_chart_layout_get_stop (const RpChartLayout *self,
                          guint                i,
                          RpChartRect         *out_anchor)
{
  const RpChartStop *stop;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (i < self->stops->len, NULL);

  stop = &g_array_index (self->stops, RpChartStop, i);
  if (out_anchor != NULL)
    *out_anchor = stop->anchor;
  return stop->text;
}

/* ---- public API: read-outs ------------------------------------------ */

/* @r moved the least so that it lies inside @area (or at its top-left
 * corner when larger). */
static RpChartRect
clamp_rect (RpChartRect        r,
            const RpChartRect *area)
{
  r.x = MAX (area->x, MIN (r.x, area->x + area->width - r.width));
  r.y = MAX (area->y, MIN (r.y, area->y + area->height - r.height));
  return r;
}

/* Where a @w × @h read-out for @anchor goes inside @plot: beside the
 * anchor on the right, else on the left (near the right edge), else
 * above, else below, vertically or horizontally centred on it and kept
 * inside the plot; when no side is free of the anchor, the right-hand
 * place moved into the plot. */
static RpChartRect
place_readout (const RpChartRect *plot,
               const RpChartRect *anchor,
               double             w,
               double             h,
               double             gap)
{
  double cx = anchor->x + anchor->width / 2;
  double cy = anchor->y + anchor->height / 2;
  RpChartRect sides[] = {
    { anchor->x + anchor->width + gap, cy - h / 2, w, h },
    { anchor->x - gap - w, cy - h / 2, w, h },
    { cx - w / 2, anchor->y - gap - h, w, h },
    { cx - w / 2, anchor->y + anchor->height + gap, w, h },
  };

  for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
    {
      /* Sliding along the side keeps it beside the anchor. */
      RpChartRect r = clamp_rect (sides[i], plot);
      gboolean along_ok = i < 2 ? fabs (r.x - sides[i].x) < 0.01 : fabs (r.y - sides[i].y) < 0.01;

      if (along_ok && !rp_chart_rects_overlap (&r, anchor))
        return r;
    }
  return clamp_rect (sides[0], plot);
}

RpChartReadout *
rp_chart_readout_compute (const RpChartLayout *layout,
                          const RpChartRect   *anchor,
                          const char          *text,
                          const RpChartStyle  *style,
                          RpMeasureText        measure_text,
                          gpointer             user_data)
{
  Ctx ctx = { 0 };
  RpChartReadout *self;
  g_auto(GStrv) lines = NULL;
  double size, pad, gap, line_h, max_w, w = 0, h = 0;
  guint max_lines;

  g_return_val_if_fail (layout != NULL && anchor != NULL && text != NULL, NULL);
  g_return_val_if_fail (style != NULL && measure_text != NULL, NULL);

  if (!layout->has_plot)
    return NULL;
  ctx.style = style;
  ctx.measure = measure_text;
  ctx.user_data = user_data;
  ctx.fs = style->font_size > 0 ? style->font_size : 13;
  size = ctx.fs * tick_scale;
  pad = ctx.fs * 0.4;
  gap = ctx.fs * 0.5;
  measure (&ctx, "0", size, FALSE, &w, &line_h);
  max_w = layout->plot.width - 2 * pad;
  max_lines = (guint) MAX (1, floor ((layout->plot.height - 2 * pad) / line_h));
  if (max_w <= 0)
    return NULL;
  /* Breaks only at ordinary spaces: numbers and units are joined by
   * no-break spaces (rp_chart_data_format_value). */
  lines = wrap_text (&ctx, text, size, FALSE, max_w, max_lines);

  self = g_new0 (RpChartReadout, 1);
  self->lines = g_array_new (FALSE, TRUE, sizeof (RpChartLabel));
  g_array_set_clear_func (self->lines, label_clear);
  w = 0;
  for (guint i = 0; lines[i] != NULL; i++)
    {
      RpChartLabel label = { RP_CHART_LABEL_READOUT, g_strdup (lines[i]), { 0 }, 0, 0, 0, size,
                             FALSE, RP_CHART_INK_FG };
      double lw, lh;

      measure (&ctx, lines[i], size, FALSE, &lw, &lh);
      label.box = (RpChartRect) { 0, h, lw, lh };
      g_array_append_val (self->lines, label);
      w = MAX (w, lw);
      h += lh;
    }
  self->box = place_readout (&layout->plot, anchor, MIN (w + 2 * pad, layout->plot.width),
                             MIN (h + 2 * pad, layout->plot.height), gap);
  for (guint i = 0; i < self->lines->len; i++)
    {
      RpChartLabel *label = &g_array_index (self->lines, RpChartLabel, i);

      label->box.x = self->box.x + pad;
      label->box.y += self->box.y + pad;
      label->x = label->box.x;
      label->y = label->box.y;
    }
  return self;
}

void
rp_chart_readout_free (RpChartReadout *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->lines);
  g_free (self);
}

void
rp_chart_readout_get_box (const RpChartReadout *self,
                          RpChartRect          *out_box)
{
  g_return_if_fail (self != NULL && out_box != NULL);
  *out_box = self->box;
}

guint
rp_chart_readout_get_n_lines (const RpChartReadout *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->lines->len;
}

const RpChartLabel *
rp_chart_readout_get_line (const RpChartReadout *self,
                           guint                 i)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (i < self->lines->len, NULL);
  return &g_array_index (self->lines, RpChartLabel, i);
}

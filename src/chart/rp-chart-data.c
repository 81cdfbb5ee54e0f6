/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-chart-data.c: series and categories in display units, and how their
 * values are written
 *
 * The container every chart fills (rp-chart-kinds.c fills it from an
 * estimate; tests and the compare view by hand).  Values are written
 * through rp-units, the formatter the window, the CLI and the PDF share.
 */

#include "config.h"

#include "rp-chart.h"
#include "rp-chart-private.h"
#include "rp-units.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* ---- helpers -------------------------------------------------------- */

static void
series_free (gpointer data)
{
  RpChartSeries *s = data;

  g_free (s->label);
  g_array_unref (s->xs);
  g_array_unref (s->ys);
  g_free (s);
}

static void
rule_clear (gpointer data)
{
  RpChartRule *r = data;

  g_free (r->label);
}

static void
mark_clear (gpointer data)
{
  RpChartMark *m = data;

  g_free (m->label);
}

static void
marker_clear (gpointer data)
{
  RpChartMarker *m = data;

  g_free (m->label);
}

/* ---- public API ----------------------------------------------------- */

static const char *const kind_names[RP_N_CHARTS] = {
  "vram", "time", "cost", "break-even",
};

static const char *const kind_titles[RP_N_CHARTS] = {
  N_("VRAM headroom"),
  N_("Training-time projection"),
  N_("Rent versus buy"),
  N_("Break-even versus utilization"),
};

const char *
rp_chart_kind_to_string (RpChartKind kind)
{
  g_return_val_if_fail (kind < RP_N_CHARTS, NULL);
  return kind_names[kind];
}

gboolean
rp_chart_kind_from_string (const char  *s,
                           RpChartKind *out)
{
  g_return_val_if_fail (out != NULL, FALSE);

  if (s == NULL)
    return FALSE;
  for (guint i = 0; i < RP_N_CHARTS; i++)
    if (g_ascii_strcasecmp (s, kind_names[i]) == 0)
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

const char *
rp_chart_kind_get_title (RpChartKind kind)
{
  g_return_val_if_fail (kind < RP_N_CHARTS, NULL);
  return _(kind_titles[kind]);
}

RpChartData *
rp_chart_data_new_empty (RpChartKind  kind,
                         const char  *title,
                         const char  *x_label,
                         const char  *y_label,
                         RpChartUnit  x_unit,
                         RpChartUnit  y_unit)
{
  RpChartData *self;

  g_return_val_if_fail (kind < RP_N_CHARTS, NULL);
  g_return_val_if_fail (x_unit < RP_N_CHART_UNITS && y_unit < RP_N_CHART_UNITS, NULL);

  self = g_new0 (RpChartData, 1);
  self->kind = kind;
  self->title = g_strdup (title != NULL ? title : "");
  self->x_label = g_strdup (x_label != NULL ? x_label : "");
  self->y_label = g_strdup (y_label != NULL ? y_label : "");
  self->x_unit = x_unit;
  self->y_unit = y_unit;
  self->currency = RP_CURRENCY_USD;
  self->highlight = -1;
  self->categories = g_ptr_array_new_with_free_func (g_free);
  self->series = g_ptr_array_new_with_free_func (series_free);
  self->rules = g_array_new (FALSE, TRUE, sizeof (RpChartRule));
  g_array_set_clear_func (self->rules, rule_clear);
  self->marks = g_array_new (FALSE, TRUE, sizeof (RpChartMark));
  g_array_set_clear_func (self->marks, mark_clear);
  self->markers = g_array_new (FALSE, TRUE, sizeof (RpChartMarker));
  g_array_set_clear_func (self->markers, marker_clear);
  return self;
}

void
rp_chart_data_free (RpChartData *self)
{
  if (self == NULL)
    return;
  g_free (self->title);
  g_free (self->subtitle);
  g_free (self->x_label);
  g_free (self->y_label);
  g_free (self->message);
  g_ptr_array_unref (self->categories);
  g_ptr_array_unref (self->series);
  g_array_unref (self->rules);
  g_array_unref (self->marks);
  g_array_unref (self->markers);
  g_free (self);
}

guint
rp_chart_data_add_category (RpChartData *self,
                            const char  *label)
{
  g_return_val_if_fail (self != NULL, 0);

  g_ptr_array_add (self->categories, g_strdup (label != NULL ? label : ""));
  return self->categories->len - 1;
}

guint
rp_chart_data_add_series (RpChartData *self,
                          const char  *label)
{
  RpChartSeries *s;

  g_return_val_if_fail (self != NULL, 0);

  s = g_new0 (RpChartSeries, 1);
  s->label = g_strdup (label != NULL ? label : "");
  s->xs = g_array_new (FALSE, FALSE, sizeof (double));
  s->ys = g_array_new (FALSE, FALSE, sizeof (double));
  s->color = self->series->len;
  g_ptr_array_add (self->series, s);
  return self->series->len - 1;
}

void
rp_chart_data_set_series_style (RpChartData *self,
                                guint        series,
                                guint        color,
                                gboolean     dashed)
{
  RpChartSeries *s;

  g_return_if_fail (self != NULL);
  g_return_if_fail (series < self->series->len);

  s = g_ptr_array_index (self->series, series);
  s->color = color;
  s->dashed = dashed;
}

void
rp_chart_data_add_point (RpChartData *self,
                         guint        series,
                         double       x,
                         double       y)
{
  RpChartSeries *s;

  g_return_if_fail (self != NULL);
  g_return_if_fail (series < self->series->len);

  s = g_ptr_array_index (self->series, series);
  g_array_append_val (s->xs, x);
  g_array_append_val (s->ys, y);
}

void
rp_chart_data_add_category_mark (RpChartData *self,
                                 guint        category,
                                 double       y,
                                 RpChartInk   ink,
                                 const char  *label)
{
  RpChartMark m;

  g_return_if_fail (self != NULL);
  g_return_if_fail (category < self->categories->len);

  m = (RpChartMark) { category, y, ink, g_strdup (label != NULL ? label : "") };
  g_array_append_val (self->marks, m);
}

void
rp_chart_data_add_rule (RpChartData *self,
                        gboolean     vertical,
                        double       value,
                        RpChartInk   ink,
                        const char  *label)
{
  RpChartRule r;

  g_return_if_fail (self != NULL);

  r = (RpChartRule) { vertical, value, ink, g_strdup (label != NULL ? label : "") };
  g_array_append_val (self->rules, r);
}

void
rp_chart_data_add_marker (RpChartData *self,
                          double       x,
                          double       y,
                          const char  *label)
{
  RpChartMarker m;

  g_return_if_fail (self != NULL);

  m = (RpChartMarker) { x, y, g_strdup (label != NULL ? label : "") };
  g_array_append_val (self->markers, m);
}

void
rp_chart_data_set_subtitle (RpChartData *self,
                            const char  *subtitle)
{
  g_return_if_fail (self != NULL);

  g_free (self->subtitle);
  self->subtitle = g_strdup (subtitle);
}

void
rp_chart_data_set_message (RpChartData *self,
                           const char  *message)
{
  g_return_if_fail (self != NULL);

  g_free (self->message);
  self->message = g_strdup (message);
}

void
rp_chart_data_set_currency (RpChartData *self,
                            RpCurrency   currency)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (currency < RP_N_CURRENCIES);

  self->currency = currency;
}

void
rp_chart_data_set_highlight (RpChartData *self,
                             int          category)
{
  g_return_if_fail (self != NULL);

  self->highlight = category;
}

void
rp_chart_data_set_log_scale (RpChartData *self,
                             gboolean     x_axis,
                             gboolean     log_scale)
{
  g_return_if_fail (self != NULL);

  if (x_axis)
    self->x_log = log_scale;
  else
    self->y_log = log_scale;
}

void
rp_chart_data_set_scatter (RpChartData *self,
                           gboolean     scatter)
{
  g_return_if_fail (self != NULL);
  self->scatter = scatter;
}

gboolean
rp_chart_data_get_scatter (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->scatter;
}

RpChartKind
rp_chart_data_get_kind (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, RP_CHART_VRAM);
  return self->kind;
}

const char *
rp_chart_data_get_title (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->title;
}

const char *
rp_chart_data_get_subtitle (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->subtitle;
}

const char *
rp_chart_data_get_x_label (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->x_label;
}

const char *
rp_chart_data_get_y_label (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->y_label;
}

RpChartUnit
rp_chart_data_get_x_unit (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, RP_CHART_UNIT_NONE);
  return self->x_unit;
}

RpChartUnit
rp_chart_data_get_y_unit (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, RP_CHART_UNIT_NONE);
  return self->y_unit;
}

RpCurrency
rp_chart_data_get_currency (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, RP_CURRENCY_USD);
  return self->currency;
}

const char *
rp_chart_data_get_message (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->message;
}

gboolean
rp_chart_data_draws (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  for (guint s = 0; s < rp_chart_data_get_n_series (self); s++)
    {
      if (rp_chart_data_is_categorical (self))
        {
          for (guint c = 0; c < rp_chart_data_get_n_categories (self); c++)
            if (isfinite (rp_chart_data_get_value (self, s, c)))
              return TRUE;
          continue;
        }
      for (guint i = 0; i < rp_chart_data_get_n_points (self, s); i++)
        if (isfinite (rp_chart_data_get_x (self, s, i)) &&
            isfinite (rp_chart_data_get_y (self, s, i)))
          return TRUE;
    }
  return FALSE;
}

gboolean
rp_chart_data_is_categorical (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->kind == RP_CHART_VRAM;
}

guint
rp_chart_data_get_n_categories (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->categories->len;
}

const char *
rp_chart_data_get_category_label (const RpChartData *self,
                                  guint              category)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (category < self->categories->len, NULL);
  return g_ptr_array_index (self->categories, category);
}

guint
rp_chart_data_get_n_series (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->series->len;
}

const char *
rp_chart_data_get_series_label (const RpChartData *self,
                                guint              series)
{
  const RpChartSeries *s;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (series < self->series->len, NULL);

  s = g_ptr_array_index (self->series, series);
  return s->label;
}

guint
rp_chart_data_get_series_color (const RpChartData *self,
                                guint              series,
                                gboolean          *out_dashed)
{
  const RpChartSeries *s;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (series < self->series->len, 0);

  s = g_ptr_array_index (self->series, series);
  if (out_dashed != NULL)
    *out_dashed = s->dashed;
  return s->color;
}

guint
rp_chart_data_get_n_points (const RpChartData *self,
                            guint              series)
{
  const RpChartSeries *s;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (series < self->series->len, 0);

  s = g_ptr_array_index (self->series, series);
  return s->xs->len;
}

double
rp_chart_data_get_x (const RpChartData *self,
                     guint              series,
                     guint              i)
{
  const RpChartSeries *s;

  g_return_val_if_fail (self != NULL, NAN);
  g_return_val_if_fail (series < self->series->len, NAN);
  s = g_ptr_array_index (self->series, series);
  g_return_val_if_fail (i < s->xs->len, NAN);

  return g_array_index (s->xs, double, i);
}

double
rp_chart_data_get_y (const RpChartData *self,
                     guint              series,
                     guint              i)
{
  const RpChartSeries *s;

  g_return_val_if_fail (self != NULL, NAN);
  g_return_val_if_fail (series < self->series->len, NAN);
  s = g_ptr_array_index (self->series, series);
  g_return_val_if_fail (i < s->ys->len, NAN);

  return g_array_index (s->ys, double, i);
}

double
rp_chart_data_get_value (const RpChartData *self,
                         guint              series,
                         guint              category)
{
  const RpChartSeries *s;

  g_return_val_if_fail (self != NULL, NAN);
  g_return_val_if_fail (series < self->series->len, NAN);

  s = g_ptr_array_index (self->series, series);
  for (guint i = 0; i < s->xs->len; i++)
    if (g_array_index (s->xs, double, i) == (double) category)
      return g_array_index (s->ys, double, i);
  return NAN;
}

guint
rp_chart_data_get_n_rules (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->rules->len;
}

double
rp_chart_data_get_rule (const RpChartData *self,
                        guint              i,
                        gboolean          *out_vertical,
                        const char       **out_label)
{
  const RpChartRule *r;

  g_return_val_if_fail (self != NULL, NAN);
  g_return_val_if_fail (i < self->rules->len, NAN);

  r = &g_array_index (self->rules, RpChartRule, i);
  if (out_vertical != NULL)
    *out_vertical = r->vertical;
  if (out_label != NULL)
    *out_label = r->label;
  return r->value;
}

guint
rp_chart_data_get_n_markers (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->markers->len;
}

void
rp_chart_data_get_marker (const RpChartData *self,
                          guint              i,
                          double            *out_x,
                          double            *out_y,
                          const char       **out_label)
{
  const RpChartMarker *m;

  g_return_if_fail (self != NULL);
  g_return_if_fail (i < self->markers->len);

  m = &g_array_index (self->markers, RpChartMarker, i);
  if (out_x != NULL)
    *out_x = m->x;
  if (out_y != NULL)
    *out_y = m->y;
  if (out_label != NULL)
    *out_label = m->label;
}

guint
rp_chart_data_get_n_category_marks (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->marks->len;
}

int
rp_chart_data_get_highlight (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, -1);
  return self->highlight;
}

gboolean
rp_chart_data_get_log_scale (const RpChartData *self,
                             gboolean           x_axis)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return x_axis ? self->x_log : self->y_log;
}

static char *
format_value (const RpChartData *self,
              RpChartUnit        unit,
              double             value)
{
  g_autofree char *number = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (unit < RP_N_CHART_UNITS, NULL);

  if (!isfinite (value))
    return g_strdup ("—");
  switch (unit)
    {
    case RP_CHART_UNIT_GIB:
      return rp_units_format_bytes (value * RP_GIB);
    case RP_CHART_UNIT_DAYS:
      return rp_units_format_hours (value * 24);
    case RP_CHART_UNIT_MONTHS:
      /* whole months without a decimal: "36 months", "9.3 months" */
      number = rp_units_format_number (value, fabs (value - round (value)) < 0.05 ? 0 : 1);
      /* TRANSLATORS: a duration in months; %s is the number, "9.3" */
      return g_strdup_printf (_("%s months"), number);
    case RP_CHART_UNIT_PERCENT:
      return rp_units_format_percent (value, 0);
    case RP_CHART_UNIT_GPUS:
      number = rp_units_format_number (value, 0);
      /* TRANSLATORS: a number of GPUs; %s is the number */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s GPU", "%s GPUs",
                                           (gulong) CLAMP (round (value), 0, G_MAXUINT)),
                              number);
    case RP_CHART_UNIT_MONEY:
      return rp_units_format_money (value, self->currency);
    case RP_CHART_UNIT_NONE:
    case RP_N_CHART_UNITS:
    default:
      /* three significant digits or so */
      return rp_units_format_number (value, fabs (value) >= 100 ? 0 : fabs (value) >= 10 ? 1 : 2);
    }
}

/* @text with every space made a no-break space (U+00A0), so that no line
 * break falls between a number and its unit; transfer full. */
static char *
keep_together (char *text)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == ' ')
        g_string_append (out, "\u00a0");
      else
        g_string_append_c (out, *p);
    }
  g_free (text);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

char *
rp_chart_data_format_value (const RpChartData *self,
                            RpChartUnit        unit,
                            double             value)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (unit < RP_N_CHART_UNITS, NULL);

  return keep_together (format_value (self, unit, value));
}

/* The capacity mark of @category (the danger ink), NAN when none. */
static double
category_capacity (const RpChartData *self,
                   guint              category)
{
  for (guint i = 0; i < self->marks->len; i++)
    {
      const RpChartMark *m = &g_array_index (self->marks, RpChartMark, i);

      if (m->category == category && m->ink == RP_CHART_INK_DANGER && isfinite (m->y))
        return m->y;
    }
  return NAN;
}

char *
rp_chart_data_describe_category (const RpChartData *self,
                                 guint              category)
{
  g_autofree char *total = NULL;
  g_autofree char *capacity = NULL;
  const char *label;
  double sum = 0, cap;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (category < self->categories->len, NULL);

  label = g_ptr_array_index (self->categories, category);
  for (guint s = 0; s < self->series->len; s++)
    {
      double v = rp_chart_data_get_value (self, s, category);

      if (isfinite (v) && v > 0)
        sum += v;
    }
  total = rp_chart_data_format_value (self, self->y_unit, sum);
  cap = category_capacity (self, category);
  if (!isfinite (cap))
    /* TRANSLATORS: a bar read aloud: its name and its total, "RTX 4090 18.6 GiB" */
    return g_strdup_printf (_("%s %s"), label, total);
  capacity = rp_chart_data_format_value (self, self->y_unit, cap);
  /* TRANSLATORS: a bar read aloud: its name, its total and the
   * capacity, "NVIDIA A100 80GB 20.1 GiB of 80.0 GiB" */
  return g_strdup_printf (_("%s %s of %s"), label, total, capacity);
}

/* "H100 SXM: 1 GPU 3.2 days, 2 GPUs 1.7 days" */
static void
describe_series (const RpChartData *self,
                 guint              series,
                 GString           *out)
{
  const RpChartSeries *s = g_ptr_array_index (self->series, series);
  guint n = 0;

  g_string_append_printf (out, "%s:", s->label);
  for (guint i = 0; i < s->xs->len; i++)
    {
      double x = g_array_index (s->xs, double, i);
      double y = g_array_index (s->ys, double, i);
      g_autofree char *xs = NULL;
      g_autofree char *ys = NULL;

      if (!isfinite (x) || !isfinite (y))
        continue;
      xs = rp_chart_data_format_value (self, self->x_unit, x);
      ys = rp_chart_data_format_value (self, self->y_unit, y);
      g_string_append_printf (out, "%s %s %s", n++ > 0 ? "," : "", xs, ys);
    }
}

/* The rules' and markers' own words ("Deadline: 14 days"), with the
 * marker's place when its label has no figure of its own. */
static void
describe_notes (const RpChartData *self,
                GString           *out)
{
  for (guint i = 0; i < self->rules->len; i++)
    {
      const RpChartRule *r = &g_array_index (self->rules, RpChartRule, i);

      if (*r->label != '\0')
        g_string_append_printf (out, "; %s", r->label);
    }
  for (guint i = 0; i < self->markers->len; i++)
    {
      const RpChartMarker *m = &g_array_index (self->markers, RpChartMarker, i);
      g_autofree char *xs = rp_chart_data_format_value (self, self->x_unit, m->x);
      g_autofree char *ys = rp_chart_data_format_value (self, self->y_unit, m->y);

      if (*m->label == '\0')
        continue;
      if (strpbrk (m->label, "0123456789") != NULL)
        g_string_append_printf (out, "; %s", m->label);
      else
        g_string_append_printf (out, "; %s: %s %s", m->label, xs, ys);
    }
}

char *
rp_chart_data_describe (const RpChartData *self)
{
  GString *out;

  g_return_val_if_fail (self != NULL, NULL);

  out = g_string_new (self->title);
  if (self->message != NULL)
    {
      g_string_append_printf (out, ": %s", self->message);
      return g_string_free (out, FALSE);
    }
  g_string_append (out, ": ");
  if (rp_chart_data_is_categorical (self))
    for (guint c = 0; c < self->categories->len; c++)
      {
        g_autofree char *text = rp_chart_data_describe_category (self, c);

        g_string_append_printf (out, "%s%s", c > 0 ? "; " : "", text);
      }
  else
    for (guint s = 0; s < self->series->len; s++)
      {
        if (s > 0)
          g_string_append (out, "; ");
        describe_series (self, s, out);
      }
  describe_notes (self, out);
  return g_string_free (out, FALSE);
}

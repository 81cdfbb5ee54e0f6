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
  g_ptr_array_add (self->series, s);
  return self->series->len - 1;
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

char *
rp_chart_data_format_value (const RpChartData *self,
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

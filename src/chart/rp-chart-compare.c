/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-chart-compare.c: the charts of a comparison, scenarios overlaid */

#include "config.h"

#include "rp-chart-compare.h"

#include "rp-chart-private.h"
#include "rp-explore.h"
#include "rp-units.h"
#include "rp-words.h"

#include <glib/gi18n-lib.h>
#include <math.h>

/* ---- helpers -------------------------------------------------------- */

/* "A · Llama 3 8B LoRA on one 4090", or "A · Rent". Transfer full. */
static char *
column_label (const RpCompare *cmp,
              guint            i,
              const char      *what)
{
  return g_strdup_printf ("%s · %s", rp_compare_get_letter (cmp, i),
                          what != NULL ? what : rp_words_compare_name (cmp, i));
}

static RpChartData *
unavailable (RpChartKind  kind,
             const char  *message)
{
  RpChartData *self = rp_chart_data_new_empty (kind, rp_chart_kind_get_title (kind), NULL, NULL,
                                               RP_CHART_UNIT_NONE, RP_CHART_UNIT_NONE);

  rp_chart_data_set_message (self, message);
  return self;
}

/* A series for column @i, in its colour. */
static guint
add_column_series (RpChartData     *self,
                   const RpCompare *cmp,
                   guint            i,
                   const char      *what,
                   gboolean         dashed)
{
  g_autofree char *label = column_label (cmp, i, what);
  guint s = rp_chart_data_add_series (self, label);

  rp_chart_data_set_series_style (self, s, i, dashed);
  return s;
}

/* Lines get a logarithmic value axis above this max/min ratio, as one
 * scenario's time chart does. */
static const double log_axis_ratio = 30.0;

static void
set_log_if_wide (RpChartData *self)
{
  double lo = INFINITY, hi = 0;

  for (guint s = 0; s < rp_chart_data_get_n_series (self); s++)
    for (guint k = 0; k < rp_chart_data_get_n_points (self, s); k++)
      {
        double y = rp_chart_data_get_y (self, s, k);

        if (isfinite (y) && y > 0)
          {
            lo = MIN (lo, y);
            hi = MAX (hi, y);
          }
      }
  for (guint r = 0; r < rp_chart_data_get_n_rules (self); r++)
    {
      gboolean vertical = FALSE;
      double y = rp_chart_data_get_rule (self, r, &vertical, NULL);

      if (!vertical && y > 0)
        {
          lo = MIN (lo, y);
          hi = MAX (hi, y);
        }
    }
  if (isfinite (lo) && hi / lo > log_axis_ratio)
    rp_chart_data_set_log_scale (self, FALSE, TRUE);
}

/* ---- VRAM ----------------------------------------------------------- */

static RpChartData *
vram_new (const RpCompare *cmp)
{
  guint n = rp_compare_get_n_columns (cmp);
  guint n_parts = rp_chart_memory_n_parts ();
  g_autofree guint *series = g_new (guint, n_parts);
  RpChartData *self = rp_chart_data_new_empty (RP_CHART_VRAM,
                                               rp_chart_kind_get_title (RP_CHART_VRAM),
                                               _("Scenario"), _("VRAM (GiB)"),
                                               RP_CHART_UNIT_NONE, RP_CHART_UNIT_GIB);
  guint n_drawn = 0;

  /* the parts as in one scenario's chart; a part no column has is left out */
  for (guint p = 0; p < n_parts; p++)
    {
      gboolean any = FALSE;

      for (guint i = 0; i < n; i++)
        {
          const RpEstimate *est = rp_compare_get_estimate (cmp, i);

          any |= est != NULL && est->memory.computed &&
                 rp_chart_memory_part_bytes (&est->memory, p) > 0;
        }
      series[p] = any ? rp_chart_data_add_series (self, rp_chart_memory_part_label (p))
                      : G_MAXUINT;
    }
  for (guint i = 0; i < n; i++)
    {
      const RpEstimate *est = rp_compare_get_estimate (cmp, i);
      g_autofree char *label = column_label (cmp, i, NULL);
      guint c = rp_chart_data_add_category (self, label);

      if (est == NULL || !est->memory.computed)
        continue;
      n_drawn++;
      for (guint p = 0; p < n_parts; p++)
        if (series[p] != G_MAXUINT)
          rp_chart_data_add_point (self, series[p], c,
                                   rp_units_bytes_to_gib (rp_chart_memory_part_bytes (&est->memory,
                                                                                      p)));
      rp_chart_data_add_category_mark (self, c, rp_units_bytes_to_gib (est->memory.capacity_bytes),
                                       RP_CHART_INK_DANGER, _("Capacity"));
    }
  if (n_drawn == 0)
    rp_chart_data_set_message (self, _("No scenario has a memory estimate."));
  return self;
}

/* ---- time ----------------------------------------------------------- */

/* Deadline rules, one per distinct deadline, naming the columns. */
static void
time_add_deadlines (RpChartData     *self,
                    const RpCompare *cmp)
{
  guint n = rp_compare_get_n_columns (cmp);
  g_autofree gboolean *done = g_new0 (gboolean, n);

  for (guint i = 0; i < n; i++)
    {
      double deadline = rp_compare_get_scenario (cmp, i)->budget.deadline_days;
      g_autoptr(GString) letters = g_string_new (NULL);
      g_autofree char *days = NULL;
      g_autofree char *label = NULL;

      guint sharing = 0;

      if (done[i] || !(deadline > 0))
        continue;
      for (guint j = i; j < n; j++)
        if (rp_compare_get_scenario (cmp, j)->budget.deadline_days == deadline)
          {
            done[j] = TRUE;
            sharing++;
            g_string_append_printf (letters, "%s%s", letters->len > 0 ? ", " : "",
                                    rp_compare_get_letter (cmp, j));
          }
      days = rp_chart_data_format_value (self, RP_CHART_UNIT_DAYS, deadline);
      /* TRANSLATORS: a line on the compared time chart: the scenarios'
       * letters ("A, C"), then a duration ("7.0 days") */
      label = g_strdup_printf (_("Deadline of %s: %s"), letters->str, days);
      /* one scenario's deadline in its line's colour (add_column_series);
       * one that several share in the deadline's own */
      rp_chart_data_add_rule (self, FALSE, deadline,
                              sharing == 1 ? RP_CHART_INK_SERIES + i : RP_CHART_INK_WARNING,
                              label);
    }
}

static gboolean
time_add_column (RpChartData     *self,
                 const RpCompare *cmp,
                 const RpCatalog *catalog,
                 guint            i)
{
  const RpScenario *scenario = rp_compare_get_scenario (cmp, i);
  const RpEstimate *est = rp_compare_get_estimate (cmp, i);
  g_autoptr(GArray) counts = NULL;
  g_autofree double *days = NULL;
  guint s = G_MAXUINT;

  if (est == NULL || est->gpu == NULL || !est->compute.computed)
    return FALSE;
  counts = rp_chart_time_counts (scenario);
  days = g_new (double, counts->len);
  rp_explore_days_by_count (scenario, catalog, est->gpu, (const guint *) counts->data,
                            counts->len, days);
  for (guint k = 0; k < counts->len; k++)
    {
      g_autofree char *what = NULL;

      if (!isfinite (days[k]))
        continue;
      if (s == G_MAXUINT)
        {
          what = g_strdup_printf ("%s · %s", rp_words_compare_name (cmp, i), est->gpu->name);
          s = add_column_series (self, cmp, i, what, FALSE);
        }
      rp_chart_data_add_point (self, s, g_array_index (counts, guint, k), days[k]);
    }
  if (s != G_MAXUINT && est->compute.days > 0 &&
      est->memory.verdict != RP_VERDICT_DOES_NOT_FIT)
    rp_chart_data_add_marker (self, rp_scenario_n_gpus (scenario), est->compute.days,
                              rp_compare_get_letter (cmp, i));
  return s != G_MAXUINT;
}

static RpChartData *
time_new (const RpCompare *cmp,
          const RpCatalog *catalog)
{
  RpChartData *self = rp_chart_data_new_empty (RP_CHART_TIME,
                                               rp_chart_kind_get_title (RP_CHART_TIME),
                                               _("Number of GPUs"), _("Time (days)"),
                                               RP_CHART_UNIT_GPUS, RP_CHART_UNIT_DAYS);
  guint drawn = 0;

  rp_chart_data_set_log_scale (self, TRUE, TRUE);
  /* TRANSLATORS: under the compared time chart's title */
  rp_chart_data_set_subtitle (self, _("each scenario on its own GPU type; the dots are the "
                                      "plans"));
  for (guint i = 0; i < rp_compare_get_n_columns (cmp); i++)
    drawn += time_add_column (self, cmp, catalog, i);
  time_add_deadlines (self, cmp);
  if (drawn == 0)
    rp_chart_data_set_message (self, _("No scenario has a training-time estimate."));
  set_log_if_wide (self);
  return self;
}

/* ---- cost ----------------------------------------------------------- */

static RpChartData *
cost_new (const RpCompare *cmp)
{
  RpCurrency currency = rp_compare_get_currency (cmp);
  g_autofree char *y_label = NULL;
  RpChartData *self;
  guint drawn = 0;

  /* TRANSLATORS: axis title; %s is a currency code such as USD or CNY */
  y_label = g_strdup_printf (_("Total cost (%s)"), rp_currency_to_string (currency));
  self = rp_chart_data_new_empty (RP_CHART_COST, rp_chart_kind_get_title (RP_CHART_COST),
                                  _("Months"), y_label, RP_CHART_UNIT_MONTHS,
                                  RP_CHART_UNIT_MONEY);
  rp_chart_data_set_currency (self, currency);
  /* TRANSLATORS: under the compared rent-vs-buy chart's title */
  rp_chart_data_set_subtitle (self, _("solid: renting; dashed: buying, at each scenario’s "
                                      "utilization"));
  for (guint i = 0; i < rp_compare_get_n_columns (cmp); i++)
    {
      const RpEstimate *est = rp_compare_get_estimate (cmp, i);
      const RpCostEstimate *c = est != NULL ? &est->cost : NULL;
      guint rent, buy;

      if (c == NULL || !c->computed || c->n_months == 0 || !c->rent_available ||
          !c->buy_available)
        continue;
      drawn++;
      rent = add_column_series (self, cmp, i, _("Rent"), FALSE);
      buy = add_column_series (self, cmp, i, _("Buy"), TRUE);
      for (guint m = 0; m <= c->n_months; m++)
        {
          double r = rp_cost_rent_cumulative (c, m);
          double b = rp_cost_buy_cumulative (c, m);

          rp_chart_data_add_point (self, rent, m, rp_compare_convert_money (cmp, i, r));
          rp_chart_data_add_point (self, buy, m, rp_compare_convert_money (cmp, i, b));
        }
    }
  if (drawn == 0)
    rp_chart_data_set_message (self, _("No scenario has a cost estimate."));
  set_log_if_wide (self);
  return self;
}

/* ---- break-even ----------------------------------------------------- */

static gboolean
break_even_add_column (RpChartData     *self,
                       const RpCompare *cmp,
                       const RpCatalog *catalog,
                       guint            i)
{
  const RpEstimate *est = rp_compare_get_estimate (cmp, i);
  guint step = rp_chart_break_even_step_pct ();
  guint n = 100 / step + 1;
  g_autofree double *pcts = g_new (double, n);
  g_autofree double *months = g_new (double, n);
  double own_pct;
  guint s;

  if (est == NULL || !est->cost.computed)
    return FALSE;
  for (guint k = 0; k < n; k++)
    pcts[k] = k * step;
  if (!rp_explore_break_even_by_utilization (rp_compare_get_scenario (cmp, i), catalog, est,
                                             pcts, n, months))
    return FALSE;
  s = add_column_series (self, cmp, i, NULL, FALSE);
  for (guint k = 0; k < n; k++)
    rp_chart_data_add_point (self, s, pcts[k],
                             months[k] >= 0 && isfinite (months[k]) ? months[k] : NAN);
  own_pct = est->cost.utilization_pct;
  if (est->cost.break_even_months >= 0 && own_pct >= 0 && own_pct <= 100)
    rp_chart_data_add_marker (self, own_pct, est->cost.break_even_months,
                              rp_compare_get_letter (cmp, i));
  return TRUE;
}

static RpChartData *
break_even_new (const RpCompare *cmp,
                const RpCatalog *catalog)
{
  RpChartData *self = rp_chart_data_new_empty (RP_CHART_BREAK_EVEN,
                                               rp_chart_kind_get_title (RP_CHART_BREAK_EVEN),
                                               _("Utilization of the bought GPUs (%)"),
                                               _("Payback (months)"),
                                               RP_CHART_UNIT_PERCENT, RP_CHART_UNIT_MONTHS);
  guint drawn = 0;

  /* TRANSLATORS: under the compared break-even chart's title */
  rp_chart_data_set_subtitle (self, _("payback: months until the monthly saving against "
                                      "renting repays the purchase; the dots are each "
                                      "scenario’s utilization"));
  for (guint i = 0; i < rp_compare_get_n_columns (cmp); i++)
    drawn += break_even_add_column (self, cmp, catalog, i);
  if (drawn == 0)
    rp_chart_data_set_message (self, _("No scenario has a cost estimate."));
  set_log_if_wide (self);
  return self;
}

/* ---- public API ----------------------------------------------------- */

RpChartData *
rp_chart_data_new_compare (RpChartKind      kind,
                           const RpCompare *compare,
                           const RpCatalog *catalog)
{
  g_return_val_if_fail (kind < RP_N_CHARTS, NULL);
  g_return_val_if_fail (compare != NULL, NULL);
  g_return_val_if_fail (catalog != NULL, NULL);

  switch (kind)
    {
    case RP_CHART_VRAM:
      return vram_new (compare);
    case RP_CHART_TIME:
      return time_new (compare, catalog);
    case RP_CHART_COST:
      return cost_new (compare);
    case RP_CHART_BREAK_EVEN:
      return break_even_new (compare, catalog);
    case RP_N_CHARTS:
    default:
      g_return_val_if_reached (unavailable (kind, ""));
    }
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-chart-layout.c: chart data and layout geometry under fake metrics
 *
 * The fake font is monospaced: every character is 0.6 em wide and a line
 * is 1.2 em tall, so expected positions can be worked out by hand. */

#include "config.h"

#include "rp-chart.h"
#include "rp-units.h"

#include <math.h>
#include <string.h>

/* ---- helpers -------------------------------------------------------- */

static void
fake_measure (const char *text,
              const char *font_family,
              double      font_size,
              gboolean    bold,
              double     *out_width,
              double     *out_height,
              gpointer    user_data)
{
  guint *calls = user_data;

  if (calls != NULL)
    (*calls)++;
  *out_width = g_utf8_strlen (text, -1) * font_size * (bold ? 0.65 : 0.6);
  *out_height = font_size * 1.2;
}

static RpChartLayout *
layout_fake (const RpChartData *data,
             double             width,
             double             height)
{
  RpChartStyle style;

  rp_chart_style_init_print (&style);
  return rp_chart_layout_compute (data, width, height, &style, fake_measure, NULL);
}

static gboolean
overlap (const RpChartRect *a,
         const RpChartRect *b)
{
  /* Touching edges are not an overlap. */
  return a->x < b->x + b->width - 0.01 && b->x < a->x + a->width - 0.01 &&
         a->y < b->y + b->height - 0.01 && b->y < a->y + a->height - 0.01;
}

static RpChartData *
bars_data (guint n_categories)
{
  static const char *const names[] = {
    "NVIDIA GeForce RTX 4090", "NVIDIA RTX 6000 Ada Generation", "NVIDIA A100 80GB SXM",
    "NVIDIA H100 NVL", "NVIDIA H200 SXM", "NVIDIA B200", "AMD Instinct MI300X",
  };
  RpChartData *data = rp_chart_data_new_empty (RP_CHART_VRAM, "VRAM headroom", "GPU",
                                               "Memory per GPU (GiB)", RP_CHART_UNIT_NONE,
                                               RP_CHART_UNIT_GIB);
  guint weights = rp_chart_data_add_series (data, "Weights");
  guint activations = rp_chart_data_add_series (data, "Activations");
  guint overhead = rp_chart_data_add_series (data, "Overhead");

  rp_chart_data_set_subtitle (data, "Llama 3 8B LoRA on one 4090");
  for (guint c = 0; c < n_categories; c++)
    {
      double capacity = 24.0 * (c + 1);

      rp_chart_data_add_category (data, names[c % G_N_ELEMENTS (names)]);
      rp_chart_data_add_point (data, weights, c, 15);
      rp_chart_data_add_point (data, activations, c, 2 + c);
      rp_chart_data_add_point (data, overhead, c, 0.8);
      rp_chart_data_add_category_mark (data, c, capacity, RP_CHART_INK_DANGER, "Capacity");
      rp_chart_data_add_category_mark (data, c, capacity * 0.9, RP_CHART_INK_WARNING,
                                       "Usable with 10 % free");
    }
  rp_chart_data_set_highlight (data, 0);
  return data;
}

static RpChartData *
time_data (void)
{
  RpChartData *data = rp_chart_data_new_empty (RP_CHART_TIME, "Training-time projection",
                                               "Number of GPUs", "Training time (days)",
                                               RP_CHART_UNIT_GPUS, RP_CHART_UNIT_DAYS);
  const char *gpus[] = { "RTX 4090", "A100 80GB", "H100 SXM", "H200 SXM" };

  rp_chart_data_set_log_scale (data, TRUE, TRUE);
  for (guint g = 0; g < G_N_ELEMENTS (gpus); g++)
    {
      guint s = rp_chart_data_add_series (data, gpus[g]);

      for (guint n = 1; n <= 512; n *= 2)
        rp_chart_data_add_point (data, s, n, 900.0 / (g + 1) / pow (n, 0.9));
    }
  rp_chart_data_set_log_scale (data, FALSE, TRUE);
  rp_chart_data_add_rule (data, FALSE, 30, RP_CHART_INK_WARNING, "Deadline: 30 days");
  rp_chart_data_add_marker (data, 8, 900.0 / pow (8, 0.9), "This plan");
  return data;
}

static RpChartData *
cost_data (void)
{
  RpChartData *data = rp_chart_data_new_empty (RP_CHART_COST, "Rent versus buy", "Months",
                                               "Cumulative cost (USD)", RP_CHART_UNIT_MONTHS,
                                               RP_CHART_UNIT_MONEY);
  guint rent = rp_chart_data_add_series (data, "Rent");
  guint buy = rp_chart_data_add_series (data, "Buy");

  for (guint m = 0; m <= 36; m++)
    {
      rp_chart_data_add_point (data, rent, m, 52000.0 * m);
      rp_chart_data_add_point (data, buy, m, 400000.0 + 9000.0 * m);
    }
  rp_chart_data_add_marker (data, 400000 / 43000.0, 52000.0 * 400000 / 43000.0,
                            "Break-even: 9.3 months");
  return data;
}

static RpChartData *
break_even_data (void)
{
  RpChartData *data = rp_chart_data_new_empty (RP_CHART_BREAK_EVEN, "Break-even versus utilization",
                                               "Utilization of the bought GPUs (%)",
                                               "Break-even (months)", RP_CHART_UNIT_PERCENT,
                                               RP_CHART_UNIT_MONTHS);
  guint s = rp_chart_data_add_series (data, "Months until buying is cheaper");

  for (guint pct = 10; pct <= 100; pct += 5)
    rp_chart_data_add_point (data, s, pct, pct < 25 ? NAN : 1800.0 / pct);
  rp_chart_data_add_rule (data, TRUE, 60, RP_CHART_INK_ACCENT, "Your utilization: 60 %");
  rp_chart_data_add_rule (data, FALSE, 36, RP_CHART_INK_MUTED, "Depreciation period: 36 months");
  return data;
}

static RpChartData *
make_data (RpChartKind kind)
{
  switch (kind)
    {
    case RP_CHART_VRAM:
      return bars_data (6);
    case RP_CHART_TIME:
      return time_data ();
    case RP_CHART_COST:
      return cost_data ();
    case RP_CHART_BREAK_EVEN:
    case RP_N_CHARTS:
    default:
      return break_even_data ();
    }
}

/* Every label inside the area, no two labels overlapping, tick labels
 * outside the plot and in-plot labels inside it. */
static void
assert_labels_clean (const RpChartLayout *layout,
                     double               width,
                     double               height)
{
  RpChartRect area = { 0, 0, width, height };
  RpChartRect plot;
  gboolean has_plot = rp_chart_layout_get_plot_rect (layout, &plot);
  guint n = rp_chart_layout_get_n_labels (layout);

  for (guint i = 0; i < n; i++)
    {
      const RpChartLabel *a = rp_chart_layout_get_label (layout, i);

      g_assert_nonnull (a->text);
      g_assert_cmpfloat (a->box.x, >=, area.x - 0.01);
      g_assert_cmpfloat (a->box.y, >=, area.y - 0.01);
      g_assert_cmpfloat (a->box.x + a->box.width, <=, area.width + 0.01);
      g_assert_cmpfloat (a->box.y + a->box.height, <=, area.height + 0.01);
      if (has_plot && (a->role == RP_CHART_LABEL_X_TICK || a->role == RP_CHART_LABEL_Y_TICK ||
                       a->role == RP_CHART_LABEL_LEGEND || a->role == RP_CHART_LABEL_TITLE ||
                       a->role == RP_CHART_LABEL_AXIS_TITLE))
        {
          if (overlap (&a->box, &plot))
            g_error ("label “%s” (role %d) overlaps the plot", a->text, a->role);
        }
      if (has_plot && (a->role == RP_CHART_LABEL_RULE || a->role == RP_CHART_LABEL_MARKER ||
                       a->role == RP_CHART_LABEL_VALUE))
        {
          g_assert_cmpfloat (a->box.x, >=, plot.x - 0.01);
          g_assert_cmpfloat (a->box.x + a->box.width, <=, plot.x + plot.width + 0.01);
        }
      for (guint j = i + 1; j < n; j++)
        {
          const RpChartLabel *b = rp_chart_layout_get_label (layout, j);

          if (overlap (&a->box, &b->box))
            g_error ("labels “%s” and “%s” overlap at %g×%g", a->text, b->text, width, height);
        }
    }
}

/* ---- tests ---------------------------------------------------------- */

static void
test_nice_ticks (void)
{
  /* Each expected row is worked out by hand: step = 1, 2 or 5 × 10ⁿ just
   * above (max - min) / target; lo and hi are the multiples of the step
   * around the range. */
  static const struct
  {
    double min, max;
    guint target;
    double lo, hi, step;
  } cases[] = {
    { 0, 1, 5, 0, 1, 0.2 },
    { 0, 24, 5, 0, 25, 5 },
    { 0, 141, 6, 0, 150, 50 },
    { 3, 97, 10, 0, 100, 10 },
    { -7, 13, 4, -10, 15, 5 },
    { 0.001, 0.0042, 3, 0, 0.006, 0.002 },
    { 0, 2.4e6, 5, 0, 2.5e6, 5e5 },
    { 0, 36, 6, 0, 40, 10 },
    { 5, 5, 4, 5, 8, 1 },        /* empty range: widened upwards from 5 */
    { 0, 0, 4, -1, 1, 0.5 },     /* zero range around 0 */
    { 10, 2, 4, 2, 10, 2 },      /* reversed */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      double lo, hi, step;

      rp_chart_nice_ticks (cases[i].min, cases[i].max, cases[i].target, &lo, &hi, &step);
      g_test_message ("case %u: lo %g hi %g step %g", i, lo, hi, step);
      g_assert_cmpfloat_with_epsilon (step, cases[i].step, cases[i].step * 1e-9);
      g_assert_cmpfloat_with_epsilon (lo, cases[i].lo, cases[i].step * 1e-9);
      g_assert_cmpfloat_with_epsilon (hi, cases[i].hi, cases[i].step * 1e-9);
    }

  /* Whatever the input, the ticks cover the range with a 1-2-5 step. */
  for (double max = 0.37; max < 1e7; max *= 3.7)
    for (guint target = 1; target <= 12; target++)
      {
        double lo, hi, step, mantissa;

        rp_chart_nice_ticks (0, max, target, &lo, &hi, &step);
        g_assert_cmpfloat (lo, <=, 0);
        g_assert_cmpfloat (hi, >=, max);
        g_assert_cmpfloat (step, >, 0);
        g_assert_cmpfloat ((hi - lo) / step, <=, 2.0 * target + 1);
        mantissa = step / pow (10, floor (log10 (step) + 1e-9));
        g_assert_true (fabs (mantissa - 1) < 1e-6 || fabs (mantissa - 2) < 1e-6 ||
                       fabs (mantissa - 5) < 1e-6);
      }

  /* NaN in, something sane out. */
  {
    double lo, hi, step;

    rp_chart_nice_ticks (NAN, INFINITY, 5, &lo, &hi, &step);
    g_assert_true (isfinite (lo) && isfinite (hi) && step > 0 && hi > lo);
  }
}

static void
test_layout_ticks (void)
{
  g_autoptr(RpChartData) data = bars_data (3);
  g_autoptr(RpChartLayout) layout = layout_fake (data, 1024, 700);
  RpChartRect plot;
  guint n = rp_chart_layout_get_n_ticks (layout, FALSE);
  double prev_pos = INFINITY, first, last;

  g_assert_true (rp_chart_layout_get_plot_rect (layout, &plot));
  g_assert_cmpuint (n, >=, 3);
  g_assert_cmpuint (n, <=, 13);
  /* Bars start at zero and the axis reaches the largest capacity, 72 GiB. */
  first = rp_chart_layout_get_tick (layout, FALSE, 0, NULL);
  last = rp_chart_layout_get_tick (layout, FALSE, n - 1, NULL);
  g_assert_cmpfloat (first, ==, 0);
  g_assert_cmpfloat (last, >=, 72);
  for (guint i = 0; i < n; i++)
    {
      double pos;

      rp_chart_layout_get_tick (layout, FALSE, i, &pos);
      g_assert_cmpfloat (pos, <, prev_pos);     /* y grows upwards */
      g_assert_cmpfloat (pos, >=, plot.y - 0.01);
      g_assert_cmpfloat (pos, <=, plot.y + plot.height + 0.01);
      prev_pos = pos;
    }
  /* No x ticks on a categorical chart. */
  g_assert_cmpuint (rp_chart_layout_get_n_ticks (layout, TRUE), ==, 0);

  /* The time chart's log x axis ticks at powers of two. */
  {
    g_autoptr(RpChartData) time = time_data ();
    g_autoptr(RpChartLayout) tl = layout_fake (time, 1024, 700);

    g_assert_cmpuint (rp_chart_layout_get_n_ticks (tl, TRUE), >=, 3);
    for (guint i = 0; i < rp_chart_layout_get_n_ticks (tl, TRUE); i++)
      {
        double v = rp_chart_layout_get_tick (tl, TRUE, i, NULL);

        g_assert_cmpfloat (fabs (log2 (v) - round (log2 (v))), <, 1e-9);
      }
    g_assert_cmpfloat (rp_chart_layout_get_tick (tl, TRUE, 0, NULL), <=, 1);
    g_assert_cmpfloat (rp_chart_layout_get_tick (tl, TRUE, rp_chart_layout_get_n_ticks (tl, TRUE) - 1, NULL),
                       >=, 512);
  }
}

static void
test_layout_no_overlap (void)
{
  static const double sizes[][2] = {
    { 320, 240 }, { 480, 320 }, { 1024, 700 }, { 1200, 700 }, { 1920, 1080 }, { 3840, 2160 },
    { 3840, 400 }, { 400, 2160 },
  };

  for (guint kind = 0; kind < RP_N_CHARTS; kind++)
    for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
      {
        g_autoptr(RpChartData) data = make_data (kind);
        g_autoptr(RpChartLayout) layout = layout_fake (data, sizes[i][0], sizes[i][1]);
        guint n_x = 0, n_y = 0;

        g_test_message ("%s at %g×%g", rp_chart_kind_to_string (kind), sizes[i][0], sizes[i][1]);
        assert_labels_clean (layout, sizes[i][0], sizes[i][1]);
        if (sizes[i][0] >= 1024 && sizes[i][1] >= 700)
          {
            g_assert_true (rp_chart_layout_get_plot_rect (layout, NULL));
            for (guint l = 0; l < rp_chart_layout_get_n_labels (layout); l++)
              {
                const RpChartLabel *label = rp_chart_layout_get_label (layout, l);

                n_x += label->role == RP_CHART_LABEL_X_TICK;
                n_y += label->role == RP_CHART_LABEL_Y_TICK;
              }
            g_assert_cmpuint (n_x, >=, 2);
            g_assert_cmpuint (n_y, >=, 3);
          }
      }
}

static void
test_layout_legend (void)
{
  static const double widths[] = { 320, 1024, 3840 };

  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      g_autoptr(RpChartData) data = bars_data (6);
      g_autoptr(RpChartLayout) layout = layout_fake (data, widths[i], 700);
      guint n = rp_chart_layout_get_n_legend_items (layout);
      RpChartRect plot;

      /* Three series and two distinct mark labels (not one per bar). */
      g_assert_cmpuint (n, ==, 5);
      g_assert_true (rp_chart_layout_get_plot_rect (layout, &plot));
      for (guint j = 0; j < n; j++)
        {
          RpChartRect swatch, label;

          rp_chart_layout_get_legend_item (layout, j, &swatch, &label);
          g_assert_cmpfloat (swatch.x, >=, 0);
          g_assert_cmpfloat (label.x + label.width, <=, widths[i] + 0.01);
          g_assert_cmpfloat (swatch.x + swatch.width, <=, label.x);
          g_assert_false (overlap (&swatch, &plot));
          g_assert_false (overlap (&label, &plot));
          for (guint k = 0; k < n; k++)
            {
              RpChartRect other_swatch, other_label;

              if (k == j)
                continue;
              rp_chart_layout_get_legend_item (layout, k, &other_swatch, &other_label);
              g_assert_false (overlap (&swatch, &other_label));
              g_assert_false (overlap (&label, &other_label));
            }
        }
    }
}

static void
test_layout_hit (void)
{
  g_autoptr(RpChartData) data = rp_chart_data_new_empty (RP_CHART_VRAM, "t", "GPU", "GiB",
                                                         RP_CHART_UNIT_NONE, RP_CHART_UNIT_GIB);
  g_autoptr(RpChartLayout) layout = NULL;
  guint s0 = rp_chart_data_add_series (data, "Weights");
  guint s1 = rp_chart_data_add_series (data, "Activations");
  guint found_series = 99, found_index = 99;
  g_autofree char *text = NULL;
  RpChartRect plot, rect = { 0 };
  gboolean seen = FALSE;

  rp_chart_data_add_category (data, "Small GPU");
  rp_chart_data_add_category (data, "Big GPU");
  rp_chart_data_add_point (data, s0, 0, 10);
  rp_chart_data_add_point (data, s1, 0, 5);
  rp_chart_data_add_point (data, s0, 1, 20);
  rp_chart_data_add_point (data, s1, 1, 8);
  layout = layout_fake (data, 800, 600);
  g_assert_true (rp_chart_layout_get_plot_rect (layout, &plot));
  g_assert_cmpuint (rp_chart_layout_get_n_items (layout), ==, 4);

  for (guint i = 0; i < rp_chart_layout_get_n_items (layout); i++)
    {
      guint s, idx;

      rp_chart_layout_get_item (layout, i, &s, &idx, &rect);
      if (s == s1 && idx == 1)
        {
          seen = TRUE;
          break;
        }
    }
  g_assert_true (seen);
  /* The activations segment of "Big GPU" sits on its weights segment: 8
   * GiB tall, in the right half of the plot. */
  g_assert_cmpfloat (rect.x, >, plot.x + plot.width / 2);
  g_assert_true (rp_chart_layout_hit_item (layout, rect.x + rect.width / 2,
                                           rect.y + rect.height / 2, &found_series, &found_index));
  g_assert_cmpuint (found_series, ==, s1);
  g_assert_cmpuint (found_index, ==, 1);
  g_assert_true (rp_chart_layout_hit (layout, rect.x + rect.width / 2, rect.y + rect.height / 2,
                                      &text));
  g_assert_nonnull (strstr (text, "Big GPU"));
  g_assert_nonnull (strstr (text, "Activations"));
  g_assert_nonnull (strstr (text, "8.0"));
  /* Just below it is the weights segment. */
  g_assert_true (rp_chart_layout_hit_item (layout, rect.x + rect.width / 2,
                                           rect.y + rect.height + 2, &found_series, &found_index));
  g_assert_cmpuint (found_series, ==, s0);
  g_assert_cmpuint (found_index, ==, 1);
  /* Above the bar, and outside the chart, nothing. */
  g_assert_false (rp_chart_layout_hit (layout, rect.x + rect.width / 2, rect.y - 5, NULL));
  g_assert_false (rp_chart_layout_hit (layout, -10, -10, NULL));

  /* Lines: the point nearest the pointer. */
  {
    g_autoptr(RpChartData) time = time_data ();
    g_autoptr(RpChartLayout) tl = layout_fake (time, 1024, 700);
    g_autofree char *line_text = NULL;
    RpChartRect r;
    guint s, idx;

    g_assert_cmpuint (rp_chart_layout_get_n_items (tl), ==, 4 * 10);
    rp_chart_layout_get_item (tl, 13, &s, &idx, &r);
    g_assert_cmpuint (s, ==, 1);
    g_assert_cmpuint (idx, ==, 3);
    g_assert_true (rp_chart_layout_hit_item (tl, r.x + r.width / 2 + 1, r.y + r.height / 2,
                                             &found_series, &found_index));
    g_assert_cmpuint (found_series, ==, 1);
    g_assert_cmpuint (found_index, ==, 3);
    g_assert_true (rp_chart_layout_hit (tl, r.x + r.width / 2, r.y + r.height / 2, &line_text));
    g_assert_nonnull (strstr (line_text, "A100 80GB"));
    g_assert_nonnull (strstr (line_text, "8\u00a0GPUs"));
  }
}

static void
test_layout_degenerate (void)
{
  /* No series at all: a message, no plot. */
  {
    g_autoptr(RpChartData) data = rp_chart_data_new_empty (RP_CHART_TIME, "Empty", "x", "y",
                                                           RP_CHART_UNIT_NONE, RP_CHART_UNIT_NONE);
    g_autoptr(RpChartLayout) layout = layout_fake (data, 800, 600);
    gboolean message = FALSE;

    g_assert_false (rp_chart_layout_get_plot_rect (layout, NULL));
    for (guint i = 0; i < rp_chart_layout_get_n_labels (layout); i++)
      message |= rp_chart_layout_get_label (layout, i)->role == RP_CHART_LABEL_MESSAGE;
    g_assert_true (message);
    g_assert_cmpuint (rp_chart_layout_get_n_items (layout), ==, 0);
  }

  /* An unavailable chart shows its message, wrapped, inside the area. */
  {
    g_autoptr(RpChartData) data = bars_data (3);
    g_autoptr(RpChartLayout) layout = NULL;
    guint lines = 0;

    rp_chart_data_set_message (data, "The memory estimate is not available for this "
                                     "scenario because the model was not resolved.");
    layout = layout_fake (data, 320, 240);
    g_assert_false (rp_chart_layout_get_plot_rect (layout, NULL));
    for (guint i = 0; i < rp_chart_layout_get_n_labels (layout); i++)
      lines += rp_chart_layout_get_label (layout, i)->role == RP_CHART_LABEL_MESSAGE;
    g_assert_cmpuint (lines, >=, 2);
    assert_labels_clean (layout, 320, 240);
  }

  /* NaN, infinite, zero and negative points: skipped, not drawn. */
  {
    g_autoptr(RpChartData) data = rp_chart_data_new_empty (RP_CHART_COST, "NaN", "Months", "USD",
                                                           RP_CHART_UNIT_MONTHS, RP_CHART_UNIT_MONEY);
    g_autoptr(RpChartLayout) layout = NULL;
    guint s = rp_chart_data_add_series (data, "Rent");

    rp_chart_data_add_point (data, s, 0, 0);
    rp_chart_data_add_point (data, s, 1, NAN);
    rp_chart_data_add_point (data, s, 2, INFINITY);
    rp_chart_data_add_point (data, s, NAN, 3);
    rp_chart_data_add_point (data, s, 4, -5);
    layout = layout_fake (data, 800, 600);
    g_assert_true (rp_chart_layout_get_plot_rect (layout, NULL));
    g_assert_cmpuint (rp_chart_layout_get_n_items (layout), ==, 2);
    assert_labels_clean (layout, 800, 600);
    for (guint i = 0; i < rp_chart_layout_get_n_ticks (layout, FALSE); i++)
      g_assert_true (isfinite (rp_chart_layout_get_tick (layout, FALSE, i, NULL)));
  }

  /* All-zero bars: an axis from 0, no bars, no crash. */
  {
    g_autoptr(RpChartData) data = rp_chart_data_new_empty (RP_CHART_VRAM, "Zero", "GPU", "GiB",
                                                           RP_CHART_UNIT_NONE, RP_CHART_UNIT_GIB);
    g_autoptr(RpChartLayout) layout = NULL;
    guint s = rp_chart_data_add_series (data, "Weights");

    rp_chart_data_add_category (data, "A");
    rp_chart_data_add_point (data, s, 0, 0);
    layout = layout_fake (data, 800, 600);
    g_assert_true (rp_chart_layout_get_plot_rect (layout, NULL));
    g_assert_cmpuint (rp_chart_layout_get_n_items (layout), ==, 0);
    g_assert_cmpfloat (rp_chart_layout_get_tick (layout, FALSE, 0, NULL), ==, 0);
  }

  /* A log axis with non-positive values drops them. */
  {
    g_autoptr(RpChartData) data = time_data ();
    g_autoptr(RpChartLayout) layout = NULL;

    rp_chart_data_add_point (data, 0, 0, 5);
    rp_chart_data_add_point (data, 0, 4, 0);
    layout = layout_fake (data, 1024, 700);
    g_assert_cmpuint (rp_chart_layout_get_n_items (layout), ==, 4 * 10);
  }

  /* Sizes at which nothing fits. */
  {
    static const double sizes[][2] = { { 0, 0 }, { 1, 1 }, { 50, 30 }, { 2000, 20 }, { 20, 2000 },
                                       { NAN, 100 }, { -5, 100 } };

    for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
      {
        g_autoptr(RpChartData) data = bars_data (6);
        g_autoptr(RpChartLayout) layout = layout_fake (data, sizes[i][0], sizes[i][1]);
        double w = rp_chart_layout_get_width (layout);
        double h = rp_chart_layout_get_height (layout);

        g_assert_true (isfinite (w) && w >= 0);
        assert_labels_clean (layout, w, h);
      }
  }
}

static void
test_layout_pure (void)
{
  /* Same input, same output, and the measure function is the only
   * source of text metrics. */
  g_autoptr(RpChartData) data = bars_data (6);
  RpChartStyle style;
  guint calls = 0;
  g_autoptr(RpChartLayout) a = NULL;
  g_autoptr(RpChartLayout) b = NULL;

  rp_chart_style_init_print (&style);
  a = rp_chart_layout_compute (data, 1024, 700, &style, fake_measure, &calls);
  g_assert_cmpuint (calls, >, 0);
  b = rp_chart_layout_compute (data, 1024, 700, &style, fake_measure, NULL);
  g_assert_cmpuint (rp_chart_layout_get_n_labels (a), ==, rp_chart_layout_get_n_labels (b));
  for (guint i = 0; i < rp_chart_layout_get_n_labels (a); i++)
    {
      const RpChartLabel *la = rp_chart_layout_get_label (a, i);
      const RpChartLabel *lb = rp_chart_layout_get_label (b, i);

      g_assert_cmpstr (la->text, ==, lb->text);
      g_assert_cmpfloat (la->box.x, ==, lb->box.x);
      g_assert_cmpfloat (la->box.y, ==, lb->box.y);
    }
}

/* A long subtitle (the time chart's networks, what break-even means)
 * wraps onto more lines instead of losing its end. */
static void
test_subtitle_wraps (void)
{
  g_autoptr(RpChartData) data = time_data ();
  const char *subtitle = "Llama 2 7B full fine-tune on 8× A100 80GB (ZeRO-3) · between "
                         "servers: 100 GbE, InfiniBand HDR, InfiniBand NDR";
  g_autoptr(RpChartLayout) layout = NULL;
  g_autoptr(GString) joined = g_string_new (NULL);
  guint n = 0;

  rp_chart_data_set_subtitle (data, subtitle);
  layout = layout_fake (data, 560, 400);
  assert_labels_clean (layout, 560, 400);
  for (guint i = 0; i < rp_chart_layout_get_n_labels (layout); i++)
    {
      const RpChartLabel *label = rp_chart_layout_get_label (layout, i);

      if (label->role != RP_CHART_LABEL_SUBTITLE)
        continue;
      g_string_append_printf (joined, "%s%s", n++ > 0 ? " " : "", label->text);
    }
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpstr (joined->str, ==, subtitle);
}

/* The labels a read-out must never cover: everything outside the plot
 * (ticks, axis titles, legend, title). */
static void
assert_readout_clear (const RpChartLayout  *layout,
                      const RpChartReadout *readout,
                      const RpChartRect    *anchor,
                      const char           *where)
{
  RpChartRect plot, box;

  g_assert_true (rp_chart_layout_get_plot_rect (layout, &plot));
  rp_chart_readout_get_box (readout, &box);
  g_test_message ("%s: anchor %.0f,%.0f %.0f×%.0f → box %.0f,%.0f %.0f×%.0f in %.0f,%.0f %.0f×%.0f",
                  where, anchor->x, anchor->y, anchor->width, anchor->height, box.x, box.y,
                  box.width, box.height, plot.x, plot.y, plot.width, plot.height);
  g_assert_cmpfloat (box.x, >=, plot.x - 0.01);
  g_assert_cmpfloat (box.y, >=, plot.y - 0.01);
  g_assert_cmpfloat (box.x + box.width, <=, plot.x + plot.width + 0.01);
  g_assert_cmpfloat (box.y + box.height, <=, plot.y + plot.height + 0.01);
  for (guint i = 0; i < rp_chart_layout_get_n_labels (layout); i++)
    {
      const RpChartLabel *label = rp_chart_layout_get_label (layout, i);

      if (label->role == RP_CHART_LABEL_X_TICK || label->role == RP_CHART_LABEL_Y_TICK ||
          label->role == RP_CHART_LABEL_AXIS_TITLE || label->role == RP_CHART_LABEL_LEGEND ||
          label->role == RP_CHART_LABEL_TITLE || label->role == RP_CHART_LABEL_SUBTITLE)
        if (overlap (&box, &label->box))
          g_error ("%s: the read-out covers “%s”", where, label->text);
    }
  for (guint i = 0; i < rp_chart_readout_get_n_lines (readout); i++)
    {
      const RpChartLabel *line = rp_chart_readout_get_line (readout, i);

      g_assert_cmpint (line->role, ==, RP_CHART_LABEL_READOUT);
      g_assert_cmpfloat (line->box.x, >=, box.x);
      g_assert_cmpfloat (line->box.x + line->box.width, <=, box.x + box.width + 0.01);
      g_assert_cmpfloat (line->box.y + line->box.height, <=, box.y + box.height + 0.01);
    }
}

static RpChartReadout *
readout_fake (const RpChartLayout *layout,
              const RpChartRect   *anchor,
              const char          *text)
{
  RpChartStyle style;

  rp_chart_style_init_print (&style);
  return rp_chart_readout_compute (layout, anchor, text, &style, fake_measure, NULL);
}

/* A read-out at each edge of the plot (the points nearest the left,
 * right, top and bottom, and the first and last bar) stays inside the
 * plot, off the axis labels, and beside its point: flipped to the left
 * near the right edge. */
static void
test_readout_edges (void)
{
  g_autoptr(RpChartData) time = time_data ();
  g_autoptr(RpChartLayout) layout = layout_fake (time, 800, 500);
  g_autoptr(RpChartData) bars = bars_data (6);
  g_autoptr(RpChartLayout) bar_layout = layout_fake (bars, 800, 500);
  const char *text = "NVIDIA H200 SXM — 512\u00a0GPUs: 0.04\u00a0days";
  guint n = rp_chart_layout_get_n_items (layout);
  guint edge[4] = { 0, 0, 0, 0 };        /* left, right, top, bottom */
  RpChartRect r, e;

  for (guint i = 0; i < n; i++)
    {
      rp_chart_layout_get_item (layout, i, NULL, NULL, &r);
      rp_chart_layout_get_item (layout, edge[0], NULL, NULL, &e);
      if (r.x < e.x)
        edge[0] = i;
      rp_chart_layout_get_item (layout, edge[1], NULL, NULL, &e);
      if (r.x > e.x)
        edge[1] = i;
      rp_chart_layout_get_item (layout, edge[2], NULL, NULL, &e);
      if (r.y < e.y)
        edge[2] = i;
      rp_chart_layout_get_item (layout, edge[3], NULL, NULL, &e);
      if (r.y > e.y)
        edge[3] = i;
    }
  for (guint k = 0; k < 4; k++)
    {
      static const char *const names[] = { "left", "right", "top", "bottom" };
      g_autoptr(RpChartReadout) readout = NULL;
      RpChartRect box;

      rp_chart_layout_get_item (layout, edge[k], NULL, NULL, &r);
      readout = readout_fake (layout, &r, text);
      assert_readout_clear (layout, readout, &r, names[k]);
      rp_chart_readout_get_box (readout, &box);
      g_assert_false (overlap (&box, &r));
      if (k == 0)
        g_assert_cmpfloat (box.x, >=, r.x + r.width);     /* right of it */
      if (k == 1)
        g_assert_cmpfloat (box.x + box.width, <=, r.x);   /* flipped left */
    }
  for (guint k = 0; k < 2; k++)
    {
      g_autoptr(RpChartReadout) readout = NULL;
      guint stop = k == 0 ? 0 : rp_chart_layout_get_n_stops (bar_layout) - 1;
      const char *stop_text = rp_chart_layout_get_stop (bar_layout, stop, &r);

      readout = readout_fake (bar_layout, &r, stop_text);
      assert_readout_clear (bar_layout, readout, &r, k == 0 ? "first bar" : "last bar");
    }
}

/* A read-out wraps at ordinary spaces only: "21.4 GiB" written with a
 * no-break space stays on one line, however narrow the plot. */
static void
test_readout_nbsp (void)
{
  g_autoptr(RpChartData) bars = bars_data (2);
  const char *text = "NVIDIA H100 SXM5 80GB — Activations: 21.4\u00a0GiB of 80.0\u00a0GiB";
  static const double widths[] = { 260, 320, 400, 640 };

  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      g_autoptr(RpChartLayout) layout = layout_fake (bars, widths[w], 400);
      g_autoptr(RpChartReadout) readout = NULL;
      RpChartRect anchor;
      gboolean seen = FALSE;

      rp_chart_layout_get_stop (layout, 0, &anchor);
      readout = readout_fake (layout, &anchor, text);
      g_assert_nonnull (readout);
      g_test_message ("%g px: %u lines", widths[w], rp_chart_readout_get_n_lines (readout));
      for (guint i = 0; i < rp_chart_readout_get_n_lines (readout); i++)
        {
          const char *line = rp_chart_readout_get_line (readout, i)->text;

          g_test_message ("  “%s”", line);
          g_assert_false (g_str_has_prefix (line, "GiB"));
          g_assert_false (g_str_has_suffix (line, "21.4"));
          seen |= strstr (line, "21.4\u00a0GiB") != NULL;
        }
      g_assert_true (seen);
      if (widths[w] <= 320)
        g_assert_cmpuint (rp_chart_readout_get_n_lines (readout), >, 1);
    }
}

/* One keyboard stop per bar, read as the bar's total and capacity; one
 * per drawn point of a line chart, read as its hover read-out. */
static void
test_stops (void)
{
  g_autoptr(RpChartData) bars = bars_data (3);
  g_autoptr(RpChartLayout) layout = layout_fake (bars, 1024, 700);
  g_autoptr(RpChartData) time = time_data ();
  g_autoptr(RpChartLayout) lines = layout_fake (time, 1024, 700);
  RpChartRect anchor, plot;

  g_assert_cmpuint (rp_chart_layout_get_n_stops (layout), ==, 3);
  /* 15 + 3 + 0.8 GiB under a 48 GiB capacity (bars_data, category 1). */
  g_assert_cmpstr (rp_chart_layout_get_stop (layout, 1, &anchor), ==,
                   "NVIDIA RTX 6000 Ada Generation 18.8\u00a0GiB of 48.0\u00a0GiB");
  g_assert_true (rp_chart_layout_get_plot_rect (layout, &plot));
  g_assert_cmpfloat_with_epsilon (anchor.y + anchor.height, plot.y + plot.height, 0.01);
  g_assert_cmpuint (rp_chart_layout_get_n_stops (lines), ==, rp_chart_layout_get_n_items (lines));
  for (guint i = 0; i < rp_chart_layout_get_n_stops (lines); i++)
    g_assert_cmpstr (rp_chart_layout_get_stop (lines, i, NULL), ==,
                     rp_chart_layout_get_item_text (lines, i));
  rp_chart_layout_get_item (lines, 5, NULL, NULL, &anchor);
  g_assert_cmpint (rp_chart_layout_find_item (lines, anchor.x + anchor.width / 2,
                                              anchor.y + anchor.height / 2), ==, 5);
  g_assert_cmpint (rp_chart_layout_find_item (lines, -5, -5), ==, -1);
}

int
main (int    argc,
      char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chart/layout/nice-ticks", test_nice_ticks);
  g_test_add_func ("/chart/layout/ticks", test_layout_ticks);
  g_test_add_func ("/chart/layout/no-overlap", test_layout_no_overlap);
  g_test_add_func ("/chart/layout/legend", test_layout_legend);
  g_test_add_func ("/chart/layout/hit", test_layout_hit);
  g_test_add_func ("/chart/layout/degenerate", test_layout_degenerate);
  g_test_add_func ("/chart/layout/pure", test_layout_pure);
  g_test_add_func ("/chart/layout/subtitle-wraps", test_subtitle_wraps);
  g_test_add_func ("/chart/layout/readout-edges", test_readout_edges);
  g_test_add_func ("/chart/layout/readout-nbsp", test_readout_nbsp);
  g_test_add_func ("/chart/layout/stops", test_stops);

  return g_test_run ();
}

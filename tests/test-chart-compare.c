/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-chart-compare.c: the comparison's overlaid charts hold each
 * column's own results, point for point
 *
 * Checked against direct calls to the estimate and rp-explore, not the
 * chart code, so that a change on either side shows.  With
 * RIGPLAN_CHART_PNG_DIR set, each chart is also written there as a PNG to
 * look at. */

#include "config.h"

#include "rp-chart-compare.h"
#include "rp-explore.h"
#include "rp-report.h"
#include "rp-scenario.h"
#include "rp-test-core.h"
#include "rp-words.h"
#include "rp-units.h"

#include <math.h>
#include <string.h>

static RpCatalog *catalog;

/* The article's question: eight RTX 4090s, four A100s, or rent. */
static RpCompare *
three_way (void)
{
  RpScenario *s[3] = { rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan"),
                       rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan"),
                       rp_test_load_example ("full-finetune-llama2-7b-8xa100.rigplan") };
  RpCompare *cmp;

  s[1]->hardware.gpus_per_node = 8;
  rp_scenario_set_name (s[1], "Llama 3 8B LoRA on eight 4090s");
  cmp = rp_words_compare_new (catalog, (const RpScenario *const *) s, NULL, 3);
  for (guint i = 0; i < 3; i++)
    rp_scenario_free (s[i]);
  return cmp;
}

static void
maybe_write_png (const RpChartData *data,
                 const char        *name)
{
  const char *dir = g_getenv ("RIGPLAN_CHART_PNG_DIR");
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;

  if (dir == NULL)
    return;
  path = g_build_filename (dir, name, NULL);
  g_assert_true (rp_chart_export_png (data, path, 1200, 700, NULL, &error));
  g_assert_no_error (error);
}

static void
assert_close (double a,
              double b)
{
  g_assert_cmpfloat_with_epsilon (a, b, 1e-9 * MAX (1, fabs (b)));
}

/* One bar per scenario, its stacked parts the estimate's memory lines. */
static void
test_vram (void)
{
  g_autoptr(RpCompare) cmp = three_way ();
  RpChartData *data = rp_chart_data_new_compare (RP_CHART_VRAM, cmp, catalog);
  double sum[3] = { 0, 0, 0 };

  maybe_write_png (data, "compare-vram.png");
  g_assert_null (rp_chart_data_get_message (data));
  g_assert_cmpuint (rp_chart_data_get_n_categories (data), ==, 3);
  g_assert_true (g_str_has_prefix (rp_chart_data_get_category_label (data, 1), "B · "));
  g_assert_cmpstr (rp_chart_data_get_series_label (data, 0), ==, "Weights");
  for (guint c = 0; c < 3; c++)
    {
      const RpEstimate *est = rp_compare_get_estimate (cmp, c);

      assert_close (rp_chart_data_get_value (data, 0, c),
                    rp_units_bytes_to_gib (est->memory.weights_bytes +
                                           est->memory.weight_copies_bytes));
      for (guint s = 0; s < rp_chart_data_get_n_series (data); s++)
        {
          double v = rp_chart_data_get_value (data, s, c);

          sum[c] += isfinite (v) ? v : 0;
        }
      /* the parts add up to the total the table shows */
      g_assert_cmpfloat_with_epsilon (sum[c], rp_units_bytes_to_gib (est->memory.total_bytes),
                                      1e-6);
    }
  rp_chart_data_free (data);
}

/* Each scenario's line on its own GPU, at its own plan's count the
 * estimate's days; the deadlines named by their scenarios. */
static void
test_time (void)
{
  g_autoptr(RpCompare) cmp = three_way ();
  RpChartData *data = rp_chart_data_new_compare (RP_CHART_TIME, cmp, catalog);
  guint n_series;

  maybe_write_png (data, "compare-time.png");
  n_series = rp_chart_data_get_n_series (data);
  g_assert_cmpuint (n_series, ==, 3);
  for (guint s = 0; s < n_series; s++)
    {
      const RpEstimate *est = rp_compare_get_estimate (cmp, s);
      guint own = rp_scenario_n_gpus (rp_compare_get_scenario (cmp, s));
      gboolean dashed = TRUE;
      gboolean found = FALSE;

      g_assert_cmpuint (rp_chart_data_get_series_color (data, s, &dashed), ==, s);
      g_assert_false (dashed);
      g_assert_nonnull (strstr (rp_chart_data_get_series_label (data, s), est->gpu->name));
      for (guint k = 0; k < rp_chart_data_get_n_points (data, s); k++)
        if (rp_chart_data_get_x (data, s, k) == own)
          {
            assert_close (rp_chart_data_get_y (data, s, k), est->compute.days);
            found = TRUE;
          }
      g_assert_true (found);
      /* and every other point is rp-explore's days at that count */
      for (guint k = 0; k < rp_chart_data_get_n_points (data, s); k++)
        {
          guint count = (guint) rp_chart_data_get_x (data, s, k);
          double days = NAN;

          rp_explore_days_by_count (rp_compare_get_scenario (cmp, s), catalog, est->gpu, &count,
                                    1, &days);
          assert_close (rp_chart_data_get_y (data, s, k), days);
        }
    }
  g_assert_cmpuint (rp_chart_data_get_n_markers (data), ==, 3);
  /* A and B share the 7-day deadline, C has 14 days */
  g_assert_cmpuint (rp_chart_data_get_n_rules (data), ==, 2);
  {
    const char *label = NULL;

    g_assert_cmpfloat (rp_chart_data_get_rule (data, 0, NULL, &label), ==, 7);
    g_assert_nonnull (strstr (label, "A, B"));
  }
  rp_chart_data_free (data);
}

static void
fixed_measure (const char *text,
               const char *font_family,
               double      font_size,
               gboolean    bold,
               double     *out_width,
               double     *out_height,
               gpointer    user_data)
{
  *out_width = g_utf8_strlen (text, -1) * font_size * (bold ? 0.65 : 0.6);
  *out_height = font_size * 1.2;
}

/* Three deadlines, one per scenario (7, 5 and 14 days): each line and its
 * label in its scenario's colour, and no label stacked over another's
 * (sharing its columns less than two label heights away), on the
 * report's size and on a small one. */
static void
test_time_deadlines (void)
{
  RpScenario *s[3] = { rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan"),
                       rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan"),
                       rp_test_load_example ("full-finetune-llama2-7b-8xa100.rigplan") };
  g_autoptr(RpCompare) cmp = NULL;
  RpChartData *data;
  /* the compare report's chart (its width on A4), an export, a window */
  static const double sizes[][2] = { { 499, 290 }, { 1200, 700 }, { 700, 450 } };

  s[1]->budget.deadline_days = 5;
  cmp = rp_words_compare_new (catalog, (const RpScenario *const *) s, NULL, 3);
  for (guint i = 0; i < 3; i++)
    rp_scenario_free (s[i]);
  data = rp_chart_data_new_compare (RP_CHART_TIME, cmp, catalog);
  maybe_write_png (data, "compare-time-deadlines.png");
  g_assert_cmpuint (rp_chart_data_get_n_rules (data), ==, 3);
  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      RpChartStyle text, style;
      RpChartLayout *layout;
      const RpChartLabel *rules[3];
      guint n = 0;

      rp_report_init_styles (&text, &style);
      layout = rp_chart_layout_compute (data, sizes[k][0], sizes[k][1], &style, fixed_measure,
                                        NULL);
      for (guint i = 0; i < rp_chart_layout_get_n_labels (layout); i++)
        {
          const RpChartLabel *label = rp_chart_layout_get_label (layout, i);

          if (label->role != RP_CHART_LABEL_RULE)
            continue;
          g_assert_cmpuint (n, <, 3);
          rules[n++] = label;
        }
      if (n != 3)
        g_error ("%.0f × %.0f: %u deadline labels of 3", sizes[k][0], sizes[k][1], n);
      for (guint i = 0; i < n; i++)
        {
          const char *letter = strstr (rules[i]->text, "A:") != NULL ? "A"
                               : strstr (rules[i]->text, "B:") != NULL ? "B" : "C";
          guint column = letter[0] - 'A';

          g_assert_cmpint (rules[i]->ink, ==, RP_CHART_INK_SERIES + column);
          for (guint j = i + 1; j < n; j++)
            {
              const RpChartRect *a = &rules[i]->box, *b = &rules[j]->box;
              gboolean same_columns = a->x < b->x + b->width && b->x < a->x + a->width;

              if (same_columns && fabs (a->y - b->y) < 2 * a->height)
                g_error ("%.0f × %.0f: “%s” stacks on “%s”", sizes[k][0], sizes[k][1],
                         rules[i]->text, rules[j]->text);
            }
        }
      rp_chart_layout_free (layout);
    }
  rp_chart_data_free (data);
}

/* Rent solid and buy dashed in each scenario's colour; the USD column in
 * the comparison's CNY at its own estimate's rate. */
static void
test_cost (void)
{
  g_autoptr(RpCompare) cmp = three_way ();
  RpChartData *data = rp_chart_data_new_compare (RP_CHART_COST, cmp, catalog);
  const RpEstimate *c_est = rp_compare_get_estimate (cmp, 2);
  double rate = c_est->cost.prices.usd_to_cny.value;
  gboolean dashed = FALSE;

  maybe_write_png (data, "compare-cost.png");
  g_assert_cmpint (rp_chart_data_get_currency (data), ==, RP_CURRENCY_CNY);
  g_assert_cmpuint (rp_chart_data_get_n_series (data), ==, 6);
  g_assert_cmpuint (rp_chart_data_get_series_color (data, 4, &dashed), ==, 2);
  g_assert_false (dashed);
  g_assert_cmpuint (rp_chart_data_get_series_color (data, 5, &dashed), ==, 2);
  g_assert_true (dashed);
  g_assert_cmpstr (rp_chart_data_get_series_label (data, 4), ==, "C · Rent");
  for (guint m = 0; m <= c_est->cost.n_months; m++)
    {
      assert_close (rp_chart_data_get_y (data, 4, m),
                    rp_cost_rent_cumulative (&c_est->cost, m) * rate);
      assert_close (rp_chart_data_get_y (data, 5, m),
                    rp_cost_buy_cumulative (&c_est->cost, m) * rate);
    }
  assert_close (rp_chart_data_get_y (data, 1, 12),
                rp_cost_buy_cumulative (&rp_compare_get_estimate (cmp, 0)->cost, 12));
  rp_chart_data_free (data);
}

/* One payback curve each, equal to the cost model's own payback by
 * utilization (sampled every 10 % by the estimate). */
static void
test_break_even (void)
{
  g_autoptr(RpCompare) cmp = three_way ();
  RpChartData *data = rp_chart_data_new_compare (RP_CHART_BREAK_EVEN, cmp, catalog);
  guint compared = 0;

  maybe_write_png (data, "compare-break-even.png");
  g_assert_cmpuint (rp_chart_data_get_n_series (data), ==, 3);
  for (guint s = 0; s < 3; s++)
    {
      const RpEstimate *est = rp_compare_get_estimate (cmp, s);

      for (guint k = 0; k < rp_chart_data_get_n_points (data, s); k++)
        {
          double pct = rp_chart_data_get_x (data, s, k);
          double y = rp_chart_data_get_y (data, s, k);
          guint step = (guint) pct / 10;
          double want;

          if (fmod (pct, 10) != 0)
            continue;
          want = est->cost.break_even_by_utilization[step];
          if (want < 0)
            g_assert_true (isnan (y));
          else
            {
              assert_close (y, want);
              compared++;
            }
        }
    }
  g_assert_cmpuint (compared, >, 5);
  rp_chart_data_free (data);
}

/* A column that cannot be estimated is a bar without parts and no line. */
static void
test_error_column (void)
{
  RpScenario *s[2] = { rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan"),
                       rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan") };
  g_autoptr(RpCompare) cmp = NULL;

  rp_scenario_set_gpu (s[1], "no-such-gpu");
  cmp = rp_words_compare_new (catalog, (const RpScenario *const *) s, NULL, 2);
  for (RpChartKind k = 0; k < RP_N_CHARTS; k++)
    {
      RpChartData *data = rp_chart_data_new_compare (k, cmp, catalog);
      g_autoptr(RpChartLayout) layout = NULL;

      g_assert_nonnull (data);
      if (k == RP_CHART_VRAM)
        g_assert_true (isnan (rp_chart_data_get_value (data, 0, 1)));
      else
        g_assert_cmpuint (rp_chart_data_get_n_series (data), <=, k == RP_CHART_COST ? 2 : 1);
      rp_chart_data_free (data);
    }
  rp_scenario_free (s[0]);
  rp_scenario_free (s[1]);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  catalog = rp_test_load_catalog ();

  g_test_add_func ("/chart/compare/vram", test_vram);
  g_test_add_func ("/chart/compare/time", test_time);
  g_test_add_func ("/chart/compare/time-deadlines", test_time_deadlines);
  g_test_add_func ("/chart/compare/cost", test_cost);
  g_test_add_func ("/chart/compare/break-even", test_break_even);
  g_test_add_func ("/chart/compare/error-column", test_error_column);

  status = g_test_run ();
  rp_catalog_unref (catalog);
  return status;
}

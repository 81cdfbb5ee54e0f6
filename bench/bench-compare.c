/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-compare.c: time of one comparison of six scenarios, and of its
 * overlaid charts
 *
 * rp_compare_new() estimates each scenario (fix search included) and
 * builds the rows; the window runs it after every linked edit, so with
 * the table and the visible chart it must stay well inside a 60 Hz frame.
 * Fails when the comparison takes 8 ms or more (half a frame); prints each
 * chart's data time, which the window spends only for the chart shown. */

#include "config.h"

#include "bench-common.h"

#include "rp-chart-compare.h"
#include "rp-scenario.h"
#include "rp-words.h"

#include <stdio.h>

static const double compare_budget_us = 8000.0;
static const guint iterations = 50;

static const char *const names[] = {
  "lora-llama3-8b-rtx4090.rigplan", "full-finetune-llama2-7b-8xa100.rigplan",
  "qlora-llama2-70b-a100.rigplan", "lora-llama2-13b-rtx3090.rigplan",
  "resnet50-imagenet-8xa100.rigplan", "sdxl-finetune-8xa100.rigplan",
};

int
main (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = rp_catalog_load_default (&error);
  RpScenario *scenarios[G_N_ELEMENTS (names)];
  gint64 best_us = G_MAXINT64, total_us = 0;

  if (catalog == NULL)
    {
      fprintf (stderr, "bench-compare: %s\n", error->message);
      return 1;
    }
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (g_getenv ("RIGPLAN_EXAMPLES"), names[i], NULL);

      scenarios[i] = rp_scenario_load_file (path, &error);
      if (scenarios[i] == NULL)
        {
          fprintf (stderr, "bench-compare: %s\n", error->message);
          return 1;
        }
    }
  for (guint k = 0; k < iterations; k++)
    {
      gint64 start = g_get_monotonic_time ();
      RpCompare *cmp = rp_words_compare_new (catalog, (const RpScenario *const *) scenarios, NULL,
                                       G_N_ELEMENTS (names));
      gint64 us = g_get_monotonic_time () - start;

      best_us = MIN (best_us, us);
      total_us += us;
      if (k == 0)
        for (RpChartKind kind = 0; kind < RP_N_CHARTS; kind++)
          {
            gint64 t = g_get_monotonic_time ();
            RpChartData *data = rp_chart_data_new_compare (kind, cmp, catalog);

            printf ("chart %s of 6: %.2f ms\n", rp_chart_kind_to_string (kind),
                    (g_get_monotonic_time () - t) / 1000.0);
            rp_chart_data_free (data);
          }
      rp_compare_free (cmp);
    }
  printf ("compare of 6: best %.2f ms, mean %.2f ms over %u (budget %.0f ms)\n",
          best_us / 1000.0, total_us / 1000.0 / iterations, iterations,
          compare_budget_us / 1000.0);
  bench_emit ("compare", "compare_of_6_ms", best_us / 1000.0, "ms");
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    rp_scenario_free (scenarios[i]);
  return best_us < compare_budget_us ? 0 : 1;
}

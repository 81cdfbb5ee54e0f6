/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-ui.c: what one edit costs on screen
 *
 *   redraw_ms          one change in the scenario window: the estimate,
 *                      the results, the chart data, layout and paint of
 *                      the visible chart (the best of 20; a 60 Hz frame is
 *                      16.7 ms)
 *   compare_redraw_ms  six scenarios in the Compare window: a column
 *                      moved, the table and the VRAM chart rebuilt
 *
 * Needs a display (run under xvfb-run, as build-aux/bench.sh does). */

#include "config.h"

#include "bench-common.h"
#include "rp-chart-view.h"
#include "rp-compare-window.h"
#include "rp-scenario-document.h"
#include "rp-test-core.h"
#include "rp-test-ui.h"
#include "rp-window.h"

static double
redraw_ms (RpCatalog *catalog,
           GSettings *settings)
{
  RpWindow *win = rp_test_ui_open_example (rp_test_ui_new_window (catalog, settings, 1280, 800),
                                           "pretrain-1b-decoder-32xh100.rigplan", 10);
  RpScenarioDocument *doc = rp_window_get_document (win);
  GtkWidget *view = rp_window_get_chart_view (win, RP_CHART_VRAM);
  double best_ms = G_MAXDOUBLE;
  int width, height;

  gtk_test_widget_wait_for_draw (GTK_WIDGET (win));
  width = MAX (gtk_widget_get_width (view), 640);
  height = MAX (gtk_widget_get_height (view), 360);
  for (guint i = 0; i < 20; i++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
      cairo_t *cr = cairo_create (surface);
      gint64 start_us = g_get_monotonic_time ();

      g_object_set (doc, "micro-batch", 1 + i % 4, NULL);
      rp_scenario_document_flush (doc);
      rp_chart_view_paint (RP_CHART_VIEW (rp_window_get_chart_view (win, RP_CHART_VRAM)), cr);
      cairo_surface_flush (surface);
      best_ms = MIN (best_ms, (g_get_monotonic_time () - start_us) / 1000.0);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
  rp_test_ui_destroy (win);
  return best_ms;
}

static double
compare_redraw_ms (RpCatalog *catalog)
{
  static const char *const six[] = {
    "lora-llama3-8b-rtx4090.rigplan", "qlora-llama2-70b-a100.rigplan",
    "full-finetune-llama2-7b-8xa100.rigplan", "lora-llama2-13b-rtx3090.rigplan",
    "resnet50-imagenet-8xa100.rigplan", "sdxl-finetune-8xa100.rigplan",
  };
  RpCompareWindow *win = rp_compare_window_new (NULL, catalog, NULL);
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  double best_ms = G_MAXDOUBLE;

  for (guint i = 0; i < G_N_ELEMENTS (six); i++)
    {
      g_autofree char *path = rp_test_example_path (six[i]);

      g_ptr_array_add (files, g_file_new_for_path (path));
    }
  gtk_window_set_default_size (GTK_WINDOW (win), 1280, 900);
  gtk_window_present (GTK_WINDOW (win));
  rp_compare_window_add_files (win, (GFile **) files->pdata, files->len);
  while (rp_compare_window_is_busy (win))
    g_main_context_iteration (NULL, TRUE);
  rp_test_ui_drain ();
  gtk_test_widget_wait_for_draw (GTK_WIDGET (win));
  for (guint i = 0; i < 5; i++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 800, 400);
      cairo_t *cr = cairo_create (surface);
      gint64 start_us = g_get_monotonic_time ();

      rp_compare_window_move_column (win, 0, 1);
      rp_chart_view_paint (RP_CHART_VIEW (rp_compare_window_get_chart_view (win, RP_CHART_VRAM)),
                           cr);
      cairo_surface_flush (surface);
      best_ms = MIN (best_ms, (g_get_monotonic_time () - start_us) / 1000.0);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
  rp_test_ui_destroy (win);
  return best_ms;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(RpCatalog) catalog = NULL;
  g_autoptr(GSettings) settings = NULL;
  int status;

  if (!rp_test_ui_init (&argc, &argv, &status))
    return status;
  catalog = rp_test_load_catalog ();
  settings = g_settings_new (APP_ID);
  bench_emit ("ui", "redraw_ms", redraw_ms (catalog, settings), "ms");
  bench_emit ("ui", "compare_redraw_ms", compare_redraw_ms (catalog), "ms");
  return EXIT_SUCCESS;
}

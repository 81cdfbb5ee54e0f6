/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-report.c: the PDF plan of one scenario
 *
 *   pdf_ms  the whole multi-page plan of the 13B-on-a-3090 example
 *           (estimate with its fix, words, charts, layout, PDF surface),
 *           written to a temporary file; the best of five */

#include "config.h"

#include "bench-common.h"
#include "rp-fix.h"
#include "rp-report.h"
#include "rp-test-core.h"

#include <glib/gstdio.h>

int
main (int    argc,
      char **argv)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_bundled_catalog ();
  g_autoptr(RpScenario) scenario = rp_test_load_example ("lora-llama2-13b-rtx3090.rigplan");
  g_autofree char *dir = rp_test_make_dir ("bench-report-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "plan.pdf", NULL);
  double best_ms = G_MAXDOUBLE;

  for (guint i = 0; i < 5; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(RpEstimate) est = rp_estimate_new ();
      RpReportOptions options;
      gint64 start_us = g_get_monotonic_time ();

      rp_report_options_init (&options);
      if (!rp_fix_estimate (scenario, catalog, est, &error) ||
          !rp_report_write_pdf (scenario, catalog, est, &options, path, &error))
        g_error ("bench-report: %s", error->message);
      best_ms = MIN (best_ms, (g_get_monotonic_time () - start_us) / 1000.0);
    }
  rp_test_remove_dir (dir);
  bench_emit ("report", "pdf_ms", best_ms, "ms");
  return EXIT_SUCCESS;
}

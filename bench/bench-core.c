/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-core.c: what one estimate costs, with and without words
 *
 * Prints one JSON line per figure (build-aux/bench.sh collects them):
 *   estimate_us      the models and the constraints alone (what the
 *                    planner, the sweeps and the fix search run), the
 *                    median over the bundled examples of each example's
 *                    mean time
 *   estimate_fix_us  the estimate and its fix search, on the example that
 *                    does not fit (13B LoRA on one RTX 3090)
 *   words_us         every sentence and table of `rigplan-cli estimate`
 *                    for one estimate, the median over the examples
 *
 * Times are the thread's CPU time, so other jobs on the machine stretch
 * the wall clock but not the figures.  Nothing here passes or fails. */

#include "config.h"

#include "bench-common.h"
#include "rp-catalog.h"
#include "rp-estimate.h"
#include "rp-fix.h"
#include "rp-scenario.h"
#include "rp-test-core.h"
#include "rp-words.h"

#include <glib/gi18n-lib.h>
#include <locale.h>
#include <stdlib.h>

static const char *const not_fitting = "lora-llama2-13b-rtx3090.rigplan";

static double
time_models (const RpScenario *s,
             const RpCatalog  *catalog,
             guint             iterations)
{
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  double start = bench_cpu_seconds ();

  for (guint i = 0; i < iterations; i++)
    if (!rp_estimate_compute (s, catalog, est, NULL))
      g_error ("bench-core: an example does not estimate");
  return (bench_cpu_seconds () - start) * 1e6 / iterations;
}

static double
time_with_fix (const RpScenario *s,
               const RpCatalog  *catalog,
               guint             iterations)
{
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  double start = bench_cpu_seconds ();

  for (guint i = 0; i < iterations; i++)
    if (!rp_fix_estimate (s, catalog, est, NULL))
      g_error ("bench-core: an example does not estimate");
  return (bench_cpu_seconds () - start) * 1e6 / iterations;
}

static void
drop (char *text)
{
  g_free (text);
}

/* What `rigplan-cli estimate` words: the verdict, the checks, the
 * tables and the advice. */
static void
word_estimate (const RpScenario *s,
               const RpCatalog  *catalog,
               const RpEstimate *est,
               GDate            *today)
{
  drop (rp_words_verdict_title (s, est));
  drop (rp_words_verdict_detail (s, catalog, est));
  for (guint c = 0; c < RP_N_CONSTRAINTS; c++)
    if (est->constraints[c].judged)
      drop (rp_words_constraint (c, &est->constraints[c], s, est));
  g_ptr_array_unref (rp_words_memory_table (est));
  g_ptr_array_unref (rp_words_time_table (est));
  g_ptr_array_unref (rp_words_machine_table (catalog, &est->bom));
  g_ptr_array_unref (rp_words_cost_table (est, today));
  drop (rp_words_cost_heading (&est->cost));
  drop (rp_words_stale_prices (est, today));
  for (guint i = 0; i < est->n_warnings; i++)
    drop (rp_words_advice (&est->warnings[i], s, catalog, est));
}

static double
time_words (const RpScenario *s,
            const RpCatalog  *catalog,
            guint             iterations)
{
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  GDate today;
  double start;

  g_date_clear (&today, 1);
  g_date_set_dmy (&today, 1, G_DATE_DECEMBER, 2026);
  if (!rp_fix_estimate (s, catalog, est, NULL))
    g_error ("bench-core: an example does not estimate");
  start = bench_cpu_seconds ();
  for (guint i = 0; i < iterations; i++)
    word_estimate (s, catalog, est, &today);
  return (bench_cpu_seconds () - start) * 1e6 / iterations;
}

int
main (int    argc,
      char **argv)
{
  const char *localedir = g_getenv ("RIGPLAN_LOCALEDIR");
  g_autoptr(RpCatalog) catalog = NULL;
  double models_us[RP_TEST_N_EXAMPLES], words_us[RP_TEST_N_EXAMPLES];
  g_autoptr(RpScenario) misfit = NULL;

  /* words in the reader's language, as rigplan-cli writes them
   * (LANGUAGE=zh_CN with RIGPLAN_LOCALEDIR=BUILD/po times the Chinese) */
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  catalog = rp_test_load_bundled_catalog ();
  misfit = rp_test_load_example (not_fitting);

  for (guint i = 0; i < RP_TEST_N_EXAMPLES; i++)
    {
      g_autoptr(RpScenario) s = rp_test_load_example (rp_test_examples[i]);

      models_us[i] = bench_best_of (3, time_models (s, catalog, 20000));
      words_us[i] = time_words (s, catalog, 2000);
    }
  bench_emit ("core", "estimate_us", bench_median (models_us, RP_TEST_N_EXAMPLES), "us");
  bench_emit ("core", "estimate_fix_us", time_with_fix (misfit, catalog, 2000), "us");
  bench_emit ("core", "words_us", bench_median (words_us, RP_TEST_N_EXAMPLES), "us");
  return EXIT_SUCCESS;
}

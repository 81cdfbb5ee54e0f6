/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-bands.c: how sure each figure is — the band from the measured
 * error (data/catalogs/accuracy.json), the verdict held to its high end,
 * the calibration hook, and the figure table, words and JSON that show
 * it */

#include "config.h"

#include "rp-bands.h"
#include "rp-catalog.h"
#include "rp-estimate-json.h"
#include "rp-figures.h"
#include "rp-json-private.h"
#include "rp-scenario.h"
#include "rp-test-core.h"
#include "rp-units.h"
#include "rp-words.h"

#include <math.h>
#include <string.h>

static RpCatalog *catalog;

/* ---- helpers -------------------------------------------------------- */

static RpScenario *
lora_4090 (void)
{
  return rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan");
}

/* The band accuracy.json gives a quantity for a scenario's group. */
static const RpAccuracyBand *
published (const RpScenario   *s,
           const RpModelArch  *arch,
           RpAccuracyQuantity  quantity)
{
  const RpAccuracy *accuracy = rp_catalog_get_accuracy (catalog);

  g_assert_nonnull (accuracy);
  return rp_accuracy_lookup (accuracy, quantity,
                             rp_framework_to_string (s->training.framework),
                             rp_model_kind_to_string (arch->kind));
}

/* ---- tests ---------------------------------------------------------- */

/* The band's ends are the figure divided by 1 + the 90th and 10th
 * percentiles of the published error of its group: memory and
 * throughput from accuracy.json, time the inverse of throughput. */
static void
test_band_from_error (void)
{
  g_autoptr(RpScenario) s = lora_4090 ();
  g_autoptr(RpEstimate) est = rp_test_estimate (catalog, s);
  const RpAccuracyBand *mem = published (s, &est->arch, RP_ACCURACY_MEMORY);
  const RpAccuracyBand *rate = published (s, &est->arch, RP_ACCURACY_THROUGHPUT);
  const RpMemoryEstimate *m = &est->memory;
  const RpComputeEstimate *c = &est->compute;

  g_assert_nonnull (mem);
  g_assert_nonnull (rate);
  g_assert_true (m->band.known);
  g_assert_cmpuint (m->band.n, ==, mem->n);
  g_assert_cmpfloat_with_epsilon (m->total_high_bytes,
                                  m->total_bytes * MAX (1 / (1 + mem->p10), 1.0), 1.0);
  g_assert_cmpfloat_with_epsilon (m->total_low_bytes,
                                  m->total_bytes * MIN (1 / (1 + mem->p90), 1.0), 1.0);
  g_assert_cmpfloat (m->total_low_bytes, <=, m->total_bytes);
  g_assert_cmpfloat (m->total_high_bytes, >=, m->total_bytes);
  g_assert_cmpfloat_with_epsilon (c->tokens_per_s_low,
                                  c->tokens_per_s * MIN (1 / (1 + rate->p90), 1.0),
                                  1e-9 * c->tokens_per_s);
  /* a slower run is a longer one */
  g_assert_cmpfloat_with_epsilon (c->days_high, c->days / c->band.low, 1e-9 * c->days);
  g_assert_cmpfloat_with_epsilon (c->days_low, c->days / c->band.high, 1e-9 * c->days);
  g_assert_cmpfloat_with_epsilon (c->gpu_hours_high, c->gpu_hours / c->band.low,
                                  1e-9 * c->gpu_hours);
}

/* "Fits" only when the high end fits with the required headroom;
 * "tight" when only the figure does.  The 4090 LoRA example at 3,072
 * tokens (tests/data/tight) needs 19.4 GiB of 24: 81 % with 10 %
 * required fits as estimated, but the high end (24.6 GiB) does not;
 * with a looser margin asked of the GPU the verdict follows the high
 * end: the example at 2,048 tokens, whose high end (23.2 GiB) is within
 * the card, fits when no headroom is asked. */
static void
test_verdict_high_end (void)
{
  g_autoptr(RpScenario) s = rp_test_load_tight ();
  g_autoptr(RpEstimate) est = rp_test_estimate (catalog, s);
  const RpMemoryEstimate *m = &est->memory;
  double usable = m->capacity_bytes * (1 - m->required_headroom_pct / 100);
  g_autofree char *sentence = NULL;

  g_assert_cmpfloat (m->total_bytes, <=, usable);
  g_assert_cmpfloat (m->total_high_bytes, >, usable);
  g_assert_cmpint (m->verdict, ==, RP_VERDICT_TIGHT);
  g_assert_false (est->constraints[RP_CONSTRAINT_VRAM].ok);
  g_assert_cmpint (est->constraints[RP_CONSTRAINT_VRAM].severity, ==, RP_SEVERITY_WARNING);
  /* the constraint names what the verdict held to the headroom */
  g_assert_cmpfloat (est->constraints[RP_CONSTRAINT_VRAM].needed, ==, m->total_high_bytes);
  sentence = rp_words_constraint (RP_CONSTRAINT_VRAM, &est->constraints[RP_CONSTRAINT_VRAM], s,
                                  est);
  g_assert_nonnull (strstr (sentence, "up to"));

  /* no headroom asked: the example's high end fits the whole card */
  {
    g_autoptr(RpScenario) example = lora_4090 ();
    g_autoptr(RpEstimate) loose = NULL;

    example->hardware.headroom_pct = 0;
    loose = rp_test_estimate (catalog, example);
    g_assert_cmpfloat (loose->memory.total_high_bytes, <=, loose->memory.capacity_bytes);
    g_assert_cmpint (loose->memory.verdict, ==, RP_VERDICT_FITS);
  }
  /* the estimate itself above the card: does not fit, band or not */
  s->hardware.headroom_pct = 10;
  s->training.micro_batch = 16;
  s->training.global_batch = 32;
  {
    g_autoptr(RpEstimate) big = rp_test_estimate (catalog, s);

    g_assert_cmpint (big->memory.verdict, ==, RP_VERDICT_DOES_NOT_FIT);
  }
}

/* The 4090 LoRA example as shipped, 18.3 GiB of 24, fits: its memory
 * band is that of all held-out rows (its stack, custom, has none),
 * whose p10 is −14.7 % since torchtitan's 70B 2D rows lost their −21 %
 * and −16 % (the loss-parallel mechanism), so its high end is 21.5 GiB,
 * within the 21.6 GiB that the 10 % headroom leaves.  (Before the
 * reserved-memory mechanisms, p10 −15.7 %: 21.7 GiB, tight; between
 * them and the PEFT rows, p10 −14.7 %: 21.5 GiB, fits; with the PEFT
 * rows and before loss parallelism, p10 −21.0 %: 23.2 GiB, tight.)
 * This is the one test that holds the example's verdict;
 * tests/data/tight holds a run tight under either band. */
static void
test_example_verdict (void)
{
  g_autoptr(RpScenario) s = lora_4090 ();
  g_autoptr(RpEstimate) est = rp_test_estimate (catalog, s);
  const RpMemoryEstimate *m = &est->memory;
  double usable = m->capacity_bytes * (1 - m->required_headroom_pct / 100);

  g_assert_true (m->band.known);
  g_assert_cmpstr (m->band.group, ==, "all");
  g_assert_cmpfloat (m->total_bytes, <=, usable);
  g_assert_cmpfloat (m->total_high_bytes, <=, usable);
  g_assert_cmpint (m->verdict, ==, RP_VERDICT_FITS);
}

/* The calibration hook: hardware.band_scale is the share of the
 * published spread that remains; 0 judges the figure alone, and the
 * band says it was calibrated.  rp_band_scale() does the same to an
 * estimate's band for a calibration that keeps its own data. */
static void
test_calibration_narrows (void)
{
  g_autoptr(RpScenario) s = rp_test_load_tight ();
  g_autoptr(RpEstimate) published_est = rp_test_estimate (catalog, s);
  g_autoptr(RpEstimate) half = NULL;
  g_autoptr(RpEstimate) exact = NULL;
  const RpMemoryEstimate *p = &published_est->memory;
  RpBand band;

  s->hardware.band_scale = 0.5;
  half = rp_test_estimate (catalog, s);
  g_assert_true (half->memory.band.calibrated);
  g_assert_cmpfloat_with_epsilon (half->memory.total_high_bytes - half->memory.total_bytes,
                                  (p->total_high_bytes - p->total_bytes) / 2, 1.0);
  g_assert_cmpfloat_with_epsilon (half->compute.days_high - half->compute.days,
                                  0, INFINITY);
  g_assert_cmpfloat (half->compute.days_high, <, published_est->compute.days_high);
  /* tight on the published band; judged on the figure alone, it fits */
  g_assert_cmpint (p->verdict, ==, RP_VERDICT_TIGHT);
  s->hardware.band_scale = 0;
  exact = rp_test_estimate (catalog, s);
  g_assert_cmpfloat (exact->memory.total_high_bytes, ==, exact->memory.total_bytes);
  g_assert_cmpint (exact->memory.verdict, ==, RP_VERDICT_FITS);

  /* the API: back to the published spread, then a quarter of it */
  band = half->memory.band;
  rp_band_scale (&band, 1, FALSE);
  g_assert_cmpfloat_with_epsilon (band.high, p->band.high, 1e-12);
  g_assert_cmpfloat_with_epsilon (band.low, p->band.low, 1e-12);
  rp_band_scale (&band, 0.25, TRUE);
  g_assert_cmpfloat_with_epsilon (band.high - 1, (p->band.high - 1) / 4, 1e-12);
  g_assert_true (band.calibrated);

  /* the field is in the file: saved and read again */
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *json = rp_scenario_to_json (s);
    g_autoptr(RpScenario) back = NULL;

    g_assert_nonnull (strstr (json, "\"band_scale\""));
    back = rp_scenario_load_data (json, strlen (json), &error);
    g_assert_no_error (error);
    g_assert_cmpfloat (back->hardware.band_scale, ==, 0);
  }
}

/* The figure table says which figures have a band; every writer takes
 * them from there: the JSON, the CLI and PDF tables, the cards. */
static void
test_shown_everywhere (void)
{
  g_autoptr(RpScenario) s = rp_test_load_tight ();
  g_autoptr(RpEstimate) est = rp_test_estimate (catalog, s);
  static const char *const banded[] = {
    "memory.total", "compute.tokens_per_s", "compute.samples_per_s", "compute.step_s",
    "compute.hours", "compute.days", "compute.gpu_hours",
  };
  g_autoptr(GPtrArray) memory = rp_words_memory_table (est);
  g_autoptr(GPtrArray) time = rp_words_time_table (est);
  RpWordsFigureText cards[RP_WORDS_N_FIGURES];
  g_autofree char *json = NULL;
  g_autoptr(cJSON) root = NULL;
  double lo, hi;
  gboolean high_row = FALSE, days_note = FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (banded); i++)
    {
      g_assert_true (rp_figure_get_band (rp_figures_lookup (banded[i]), est, &lo, &hi));
      g_assert_cmpfloat (lo, <=, rp_figures_value (est, banded[i]));
      g_assert_cmpfloat (hi, >=, rp_figures_value (est, banded[i]));
    }
  g_assert_false (rp_figure_get_band (rp_figures_lookup ("memory.weights"), est, &lo, &hi));

  for (guint i = 0; i < memory->len; i++)
    high_row |= g_strcmp0 (((RpWordsRow *) g_ptr_array_index (memory, i))->key,
                           "memory.total_high") == 0;
  for (guint i = 0; i < time->len; i++)
    {
      RpWordsRow *row = g_ptr_array_index (time, i);

      if (g_strcmp0 (row->key, "compute.days") == 0)
        days_note = row->note != NULL && strstr (row->note, "likely") != NULL;
    }
  g_assert_true (high_row);
  g_assert_true (days_note);

  rp_words_figures (s, est, cards);
  g_assert_nonnull (strstr (cards[RP_WORDS_FIGURE_VRAM].detail, "likely"));
  g_assert_nonnull (strstr (cards[RP_WORDS_FIGURE_TIME].detail, "likely"));
  rp_words_figures_clear (cards);

  json = rp_estimate_to_json (s, catalog, est, NULL);
  root = cJSON_Parse (json);
  {
    const cJSON *mem = cJSON_GetObjectItemCaseSensitive (root, "memory");
    const cJSON *band = cJSON_GetObjectItemCaseSensitive (mem, "band");

    g_assert_true (cJSON_IsNumber (cJSON_GetObjectItemCaseSensitive (mem, "total_high")));
    g_assert_true (cJSON_IsNumber (cJSON_GetObjectItemCaseSensitive (
                     cJSON_GetObjectItemCaseSensitive (root, "compute"), "days_low")));
    g_assert_cmpstr (cJSON_GetStringValue (cJSON_GetObjectItemCaseSensitive (mem, "verdict")),
                     ==, "tight");
    g_assert_true (cJSON_IsObject (band));
    g_assert_cmpfloat (cJSON_GetObjectItemCaseSensitive (band, "cases")->valuedouble, >=, 8);
  }
}

/* Without accuracy data (a catalog without accuracy.json) the figures
 * carry no band and the verdict is the figure's, as before: the run
 * that is tight with its band fits. */
static void
test_no_data_no_band (void)
{
  g_autoptr(RpCatalog) bare = rp_catalog_new_empty ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RpScenario) s = rp_test_load_tight ();
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  static const char *const files[] = { "gpus.json", "clouds.json", "models.json", "mfu.json" };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (g_getenv ("RIGPLAN_DATADIR"), files[i], NULL);

      g_assert_true (rp_catalog_load_file (bare, path, &error));
      g_assert_no_error (error);
    }
  g_assert_true (rp_estimate_compute (s, bare, est, &error));
  g_assert_no_error (error);
  g_assert_false (est->memory.band.known);
  g_assert_cmpfloat (est->memory.total_high_bytes, ==, est->memory.total_bytes);
  g_assert_cmpint (est->memory.verdict, ==, RP_VERDICT_FITS);
}

/* A range whose ends read the same is one figure: the 13B-on-a-3090
 * plan printed "Expected GPU-hours 5–5" for 5.0 and 5.3 hours. */
static void
test_no_range_of_one_value (void)
{
  g_autoptr(RpScenario) s = lora_4090 ();
  g_autoptr(RpEstimate) est = rp_test_estimate (catalog, s);
  g_autoptr(GPtrArray) time = NULL;
  gboolean seen = FALSE;

  est->compute.gpu_hours_expected_low = 5.01;
  est->compute.gpu_hours_expected_high = 5.3;
  time = rp_words_time_table (est);
  for (guint r = 0; r < time->len; r++)
    {
      const RpWordsRow *row = g_ptr_array_index (time, r);

      if (g_strcmp0 (row->key, "compute.gpu_hours_expected") != 0)
        continue;
      seen = TRUE;
      g_assert_null (strstr (row->value, "–"));
    }
  g_assert_true (seen);
}

/* The index built at load answers as the lookup by names does, for
 * every stack and model kind (the estimate asks the index). */
static void
test_index_matches_lookup (void)
{
  const RpAccuracy *accuracy = rp_catalog_get_accuracy (catalog);
  guint found = 0;

  g_assert_nonnull (accuracy);
  for (guint q = 0; q < RP_N_ACCURACY_QUANTITIES; q++)
    for (guint f = 0; f < RP_N_FRAMEWORKS; f++)
      for (guint k = 0; k < RP_N_MODEL_KINDS; k++)
        {
          const RpAccuracyBand *b = rp_accuracy_lookup (accuracy, q, rp_framework_to_string (f),
                                                        rp_model_kind_to_string (k));

          g_assert_true (rp_accuracy_lookup_for (accuracy, q, f, k) == b);
          found += b != NULL && strcmp (b->group, "all") != 0;
        }
  /* the stacks' and kinds' own groups are among them, not "all" alone */
  g_assert_cmpuint (found, >, 0);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  catalog = rp_test_load_catalog ();
  g_test_add_func ("/core/bands/from-error", test_band_from_error);
  g_test_add_func ("/core/bands/verdict-high-end", test_verdict_high_end);
  g_test_add_func ("/core/bands/example-verdict", test_example_verdict);
  g_test_add_func ("/core/bands/calibration-narrows", test_calibration_narrows);
  g_test_add_func ("/core/bands/shown-everywhere", test_shown_everywhere);
  g_test_add_func ("/core/bands/no-data-no-band", test_no_data_no_band);
  g_test_add_func ("/core/bands/no-range-of-one-value", test_no_range_of_one_value);
  g_test_add_func ("/core/bands/index-matches-lookup", test_index_matches_lookup);
  status = g_test_run ();
  rp_catalog_unref (catalog);
  return status;
}

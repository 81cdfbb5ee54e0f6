/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-compare.c: the comparison's rows, best marks, JSON and CSV, and the
 * *.rigplan-compare file
 *
 * The comparison adds no model of its own: every number in it must be
 * the estimate's own number (rp_estimate_compute, whose formulas are
 * tested against their sources in the model tests), or that number
 * converted at the rate the scenario's estimate used. */

#include "config.h"

#include "rp-compare.h"
#include "rp-compare-set.h"
#include "rp-error.h"
#include "rp-estimate.h"
#include "rp-fix.h"
#include "rp-scenario.h"
#include "rp-test-core.h"
#include "rp-units.h"
#include "rp-words.h"

#include <cjson/cJSON.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <string.h>

G_DEFINE_AUTOPTR_CLEANUP_FUNC (cJSON, cJSON_Delete)

static RpCatalog *catalog = NULL;

/* ---- helpers -------------------------------------------------------- */

static RpCompare *
compare_of (RpScenario **scenarios,
            guint        n)
{
  return rp_words_compare_new (catalog, (const RpScenario *const *) scenarios, NULL, n);
}

static const RpCompareRow *
row (const RpCompare *cmp,
     const char      *key)
{
  const RpCompareRow *r = rp_compare_find_row (cmp, key);

  if (r == NULL)
    g_error ("no row %s", key);
  return r;
}

/* The 4090 LoRA example, calibrated against its own run (band_scale 0):
 * judged on its figure alone, so that the tests below do not move when
 * the published bands do. */
static RpScenario *
calibrated_4090 (void)
{
  RpScenario *s = rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan");

  s->hardware.band_scale = 0;
  return s;
}

static void
assert_close (double a,
              double b)
{
  g_assert_cmpfloat_with_epsilon (a, b, 1e-9 * MAX (1, fabs (b)));
}

/* ---- rows ----------------------------------------------------------- */

/* Each result is the estimate's own number; the USD column's money is
 * converted to CNY at the rate its own estimate used. */
static void
test_rows_match_estimates (void)
{
  RpScenario *s[2] = { rp_test_load_tight (),
                       rp_test_load_example ("full-finetune-llama2-7b-8xa100.rigplan") };
  g_autoptr(RpEstimate) a = rp_test_estimate (catalog, s[0]);
  g_autoptr(RpEstimate) b = rp_test_estimate (catalog, s[1]);
  g_autoptr(RpCompare) cmp = compare_of (s, 2);
  double rate = b->cost.prices.usd_to_cny.value;
  double shown_rate = 0;

  g_assert_cmpint (rp_compare_get_currency (cmp), ==, RP_CURRENCY_CNY);
  g_assert_false (rp_compare_is_converted (cmp, 0, NULL));
  g_assert_true (rp_compare_is_converted (cmp, 1, &shown_rate));
  assert_close (shown_rate, rate);
  g_assert_cmpfloat (rate, >, 1);

  assert_close (row (cmp, "memory.total")->numbers[0], a->memory.total_bytes);
  assert_close (row (cmp, "memory.total")->numbers[1], b->memory.total_bytes);
  assert_close (row (cmp, "memory.headroom_pct")->numbers[1], b->memory.headroom_pct);
  assert_close (row (cmp, "compute.days")->numbers[0], a->compute.days);
  assert_close (row (cmp, "compute.tokens_per_s")->numbers[1], b->compute.tokens_per_s);
  assert_close (row (cmp, "compute.gpu_hours")->numbers[1], b->compute.gpu_hours);
  assert_close (row (cmp, "cost.rent_total")->numbers[0], a->cost.rent_total);
  assert_close (row (cmp, "cost.rent_total")->numbers[1], b->cost.rent_total * rate);
  assert_close (row (cmp, "cost.buy_capital")->numbers[1], b->cost.buy_capital * rate);
  assert_close (row (cmp, "cost.break_even_months")->numbers[1], b->cost.break_even_months);
  assert_close (row (cmp, "cost.energy_kwh")->numbers[1], b->cost.energy_kwh);

  /* Each column carries its estimate's band (issue 29: every memory,
   * throughput and time figure), worded in the row's unit; money has none. */
  assert_close (row (cmp, "memory.total")->lows[0], a->memory.total_low_bytes);
  assert_close (row (cmp, "memory.total")->highs[1], b->memory.total_high_bytes);
  assert_close (row (cmp, "compute.days")->highs[0], a->compute.days_high);
  g_assert_true (row (cmp, "compute.tokens_per_s")->has_band);
  g_assert_cmpfloat (row (cmp, "memory.total")->lows[1], <, b->memory.total_bytes);
  g_assert_cmpfloat (row (cmp, "memory.total")->highs[1], >, b->memory.total_bytes);
  g_assert_nonnull (row (cmp, "memory.total")->band_texts[0]);
  g_assert_nonnull (strstr (row (cmp, "memory.total")->band_texts[0], "GiB"));
  g_assert_false (row (cmp, "cost.rent_total")->has_band);
  g_assert_null (row (cmp, "cost.rent_total")->band_texts[0]);

  /* Shown with the one formatter, in the comparison's currency. */
  {
    g_autofree char *text = rp_units_format_money (b->cost.rent_total * rate, RP_CURRENCY_CNY);

    g_assert_cmpstr (row (cmp, "cost.rent_total")->texts[1], ==, text);
  }
  /* A is tight at its memory band's high end (below), so it misses a
   * check and is not ranked; B alone is ranked against nothing. */
  g_assert_cmpint (row (cmp, "memory.total")->best, ==, -1);
  g_assert_cmpint (row (cmp, "compute.tokens_per_s")->best, ==, -1);
  /* Calibrated against its own run (band_scale 0, the hook of `rigplan-cli
   * calibrate`), A fits and is ranked: its one rented 4090 costs less
   * than B's eight A100s; B's 18.8 GiB beats A's 19.4 GiB and its 77 %
   * headroom A's 19 %. */
  {
    g_autoptr(RpCompare) calibrated = NULL;

    s[0]->hardware.band_scale = 0;
    calibrated = compare_of (s, 2);
    g_assert_cmpstr (rp_compare_get_status (calibrated, 0), ==, "fits");
    g_assert_true (rp_compare_column_passes (calibrated, 0));
    g_assert_cmpint (row (calibrated, "cost.rent_total")->best, ==, 0);
    g_assert_cmpint (row (calibrated, "memory.total")->best, ==, 1);
    g_assert_cmpint (row (calibrated, "memory.headroom_pct")->best, ==, 1);
    g_assert_cmpint (row (calibrated, "compute.tokens_per_s")->best, ==, 1);
  }
  /* Inputs are never ranked; these differ. */
  g_assert_cmpint (row (cmp, "model.preset")->best, ==, -1);
  g_assert_true (row (cmp, "model.preset")->differs);
  g_assert_true (row (cmp, "hardware.gpus")->differs);
  g_assert_cmpstr (row (cmp, "hardware.gpus")->value_texts[1], ==, "8 × a100-80gb-sxm");
  g_assert_false (row (cmp, "hardware.nodes")->differs);
  g_assert_cmpstr (rp_compare_get_letter (cmp, 1), ==, "B");
  /* the 4090 LoRA example at 3,072 tokens: 19.4 GiB fits with 10 %
   * headroom, but at its memory band's high end (published runs) it
   * would not: tight */
  g_assert_cmpstr (rp_compare_get_status (cmp, 0), ==, "tight");
  {
    g_autofree char *note = rp_words_compare_currency_note (cmp);

    g_assert_nonnull (note);
    g_assert_nonnull (strstr (note, "CNY"));
    g_assert_nonnull (strstr (note, "B"));
  }
  for (guint i = 0; i < 2; i++)
    rp_scenario_free (s[i]);
}

/* Two equal scenarios: nothing differs and nothing is best. */
static void
test_same_scenarios (void)
{
  RpScenario *s[2] = { rp_test_load_example ("qlora-llama2-70b-a100.rigplan"), NULL };
  g_autoptr(RpCompare) cmp = NULL;

  s[1] = rp_scenario_copy (s[0]);
  cmp = compare_of (s, 2);
  for (guint r = 0; r < rp_compare_get_n_rows (cmp); r++)
    {
      const RpCompareRow *rw = rp_compare_get_row (cmp, r);

      g_assert_false (rw->differs);
      g_assert_cmpint (rw->best, ==, -1);
      g_assert_false (rw->is_best[0] || rw->is_best[1]);
    }
  g_assert_null (rp_words_compare_currency_note (cmp));
  rp_scenario_free (s[0]);
  rp_scenario_free (s[1]);
}

/* One GPU, two, four: more GPUs finish sooner and process more tokens;
 * the GPU row and the parallelism differ; the rest of the inputs not. */
static void
test_three_gpu_counts (void)
{
  RpScenario *s[3];
  g_autoptr(RpCompare) cmp = NULL;
  const RpCompareRow *days, *tokens;

  for (guint i = 0; i < 3; i++)
    {
      s[i] = calibrated_4090 ();
      s[i]->hardware.gpus_per_node = 1u << i;
      /* bought, 2 and 4 cards would go over the example's capital limit */
      s[i]->budget.capital_limit = 1e6;
    }
  cmp = compare_of (s, 3);
  g_assert_cmpuint (rp_compare_n_failing (cmp), ==, 0);
  days = row (cmp, "compute.days");
  tokens = row (cmp, "compute.tokens_per_s");
  g_assert_cmpfloat (days->numbers[2], <, days->numbers[1]);
  g_assert_cmpfloat (days->numbers[1], <, days->numbers[0]);
  g_assert_cmpint (days->best, ==, 2);
  g_assert_true (days->is_best[2] && !days->is_best[0] && !days->is_best[1]);
  g_assert_cmpint (tokens->best, ==, 2);
  g_assert_true (row (cmp, "hardware.gpus")->differs);
  g_assert_true (row (cmp, "training.parallelism")->differs);
  g_assert_false (row (cmp, "training.method")->differs);
  g_assert_null (rp_compare_find_row (cmp, "training.seq_len"));
  /* Vision rows only with a vision model. */
  g_assert_null (rp_compare_find_row (cmp, "compute.samples_per_s"));
  for (guint i = 0; i < 3; i++)
    rp_scenario_free (s[i]);
}

/* Only scenarios that meet every check are ranked: a run that does not
 * fit has no real price, and one that misses its deadline is no better
 * value for being cheap.  The cheapest rent of the two that pass is
 * marked, not the 13B LoRA that does not fit on its RTX 3090 nor the 8B
 * run that misses a one-hour deadline, though their numbers are lower;
 * the legend says so. */
static void
test_best_only_among_passing (void)
{
  RpScenario *s[4] = { calibrated_4090 (),
                       rp_test_load_example ("lora-llama2-13b-rtx3090.rigplan"),
                       calibrated_4090 (),
                       calibrated_4090 () };
  g_autoptr(RpCompare) cmp = NULL;
  g_autofree char *legend = NULL;
  const RpCompareRow *rent;

  s[2]->budget.rent_price_per_gpu_hour = 1.0;
  s[3]->budget.rent_price_per_gpu_hour = 0.5;
  s[3]->budget.deadline_days = 1.0 / 24;
  cmp = compare_of (s, 4);
  rent = row (cmp, "cost.rent_total");
  g_assert_cmpstr (rp_compare_get_status (cmp, 1), ==, "does-not-fit");
  g_assert_cmpstr (rp_compare_get_status (cmp, 3), ==, "tight");
  g_assert_false (rp_compare_column_passes (cmp, 3));
  g_assert_cmpuint (rp_compare_n_failing (cmp), ==, 2);
  g_assert_cmpfloat (rent->numbers[1], <, rent->numbers[2]);
  g_assert_cmpfloat (rent->numbers[3], <, rent->numbers[2]);
  g_assert_cmpint (rent->best, ==, 2);
  g_assert_false (rent->is_best[1] || rent->is_best[3]);
  /* every result row: the best is a column that passes */
  for (guint r = 0; r < rp_compare_get_n_rows (cmp); r++)
    {
      const RpCompareRow *rw = rp_compare_get_row (cmp, r);

      if (rw->kind == RP_COMPARE_ROW_RESULT && rw->best >= 0 && !g_str_equal (rw->key, "constraints"))
        g_assert_true (rp_compare_column_passes (cmp, (guint) rw->best));
    }
  g_assert_cmpfloat (row (cmp, "constraints")->numbers[1], ==, 1);
  legend = rp_words_compare_best_legend (cmp, "★");
  g_assert_nonnull (strstr (legend, "meet every check"));
  for (guint i = 0; i < 4; i++)
    rp_scenario_free (s[i]);
}

static void
test_error_column (void)
{
  RpScenario *s[2] = { rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan"),
                       rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan") };
  g_autoptr(RpCompare) cmp = NULL;

  rp_scenario_set_gpu (s[1], "no-such-gpu");
  cmp = compare_of (s, 2);
  g_assert_cmpstr (rp_compare_get_status (cmp, 1), ==, "error");
  g_assert_null (rp_compare_get_estimate (cmp, 1));
  g_assert_nonnull (rp_compare_get_error (cmp, 1));
  g_assert_nonnull (strstr (row (cmp, "verdict")->texts[1], "no-such-gpu"));
  g_assert_true (isnan (row (cmp, "memory.total")->numbers[1]));
  g_assert_cmpstr (row (cmp, "memory.total")->texts[1], ==, "—");
  g_assert_cmpint (row (cmp, "memory.total")->best, ==, -1);
  g_assert_cmpstr (row (cmp, "hardware.gpus")->value_texts[1], ==, "1 × no-such-gpu");
  rp_scenario_free (s[0]);
  rp_scenario_free (s[1]);
}

/* Six examples: six lettered columns, each named; vision and language
 * models side by side get both throughput rows. */
static void
test_six_columns (void)
{
  static const char *const names[] = {
    "lora-llama3-8b-rtx4090.rigplan", "full-finetune-llama2-7b-8xa100.rigplan",
    "pretrain-1b-decoder-32xh100.rigplan", "resnet50-imagenet-8xa100.rigplan",
    "qlora-llama2-70b-a100.rigplan", "sdxl-finetune-8xa100.rigplan",
  };
  RpScenario *s[6];
  g_autoptr(RpCompare) cmp = NULL;

  for (guint i = 0; i < 6; i++)
    s[i] = rp_test_load_example (names[i]);
  cmp = compare_of (s, 6);
  g_assert_cmpuint (rp_compare_get_n_columns (cmp), ==, 6);
  g_assert_cmpstr (rp_compare_get_letter (cmp, 5), ==, "F");
  g_assert_cmpstr (rp_compare_get_name (cmp, 3), ==, s[3]->name);
  g_assert_nonnull (rp_compare_find_row (cmp, "compute.tokens_per_s"));
  g_assert_nonnull (rp_compare_find_row (cmp, "compute.samples_per_s"));
  g_assert_true (isnan (row (cmp, "compute.tokens_per_s")->numbers[3]));
  for (guint r = 0; r < rp_compare_get_n_rows (cmp); r++)
    for (guint i = 0; i < 6; i++)
      g_assert_nonnull (rp_compare_get_row (cmp, r)->texts[i]);
  for (guint i = 0; i < 6; i++)
    rp_scenario_free (s[i]);
}

/* ---- JSON and CSV --------------------------------------------------- */

/* A CSV line's fields (RFC 4180 quoting). */
static GPtrArray *
csv_split (const char **cursor)
{
  GPtrArray *fields = g_ptr_array_new_with_free_func (g_free);
  GString *field = g_string_new (NULL);
  const char *p = *cursor;
  gboolean quoted = FALSE;

  for (; *p != '\0'; p++)
    {
      if (quoted)
        {
          if (*p == '"' && p[1] == '"')
            g_string_append_c (field, *p++);
          else if (*p == '"')
            quoted = FALSE;
          else
            g_string_append_c (field, *p);
        }
      else if (*p == '"')
        quoted = TRUE;
      else if (*p == ',')
        g_ptr_array_add (fields, g_string_free (g_steal_pointer (&field), FALSE)),
        field = g_string_new (NULL);
      else if (*p == '\r' && p[1] == '\n')
        {
          p += 2;
          break;
        }
      else
        g_string_append_c (field, *p);
    }
  g_ptr_array_add (fields, g_string_free (field, FALSE));
  *cursor = p;
  return fields;
}

/* The JSON holds the rows as the API has them; the CSV the same values. */
static void
test_json_and_csv (void)
{
  RpScenario *s[3] = { rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan"),
                       rp_test_load_example ("resnet50-imagenet-8xa100.rigplan"),
                       rp_test_load_example ("qlora-llama2-70b-a100.rigplan") };
  g_autoptr(RpCompare) cmp = NULL;
  g_autofree char *json = NULL;
  g_autofree char *csv = NULL;
  g_autoptr(cJSON) root = NULL;
  const cJSON *rows, *item;
  const char *cursor;
  g_autoptr(GPtrArray) header = NULL;
  guint r = 0;

  g_free (s[0]->name);
  s[0]->name = g_strdup ("A, \"quoted\" name");
  cmp = compare_of (s, 3);
  json = rp_compare_to_json (cmp);
  csv = rp_compare_to_csv (cmp);
  root = cJSON_Parse (json);
  g_assert_nonnull (root);
  g_assert_cmpstr (cJSON_GetObjectItem (root, "currency")->valuestring, ==, "CNY");
  g_assert_cmpint (cJSON_GetArraySize (cJSON_GetObjectItem (root, "scenarios")), ==, 3);
  rows = cJSON_GetObjectItem (root, "rows");
  g_assert_cmpint (cJSON_GetArraySize (rows), ==, rp_compare_get_n_rows (cmp));
  /* a figure with a band writes its ends beside its values */
  for (guint k = 0; k < rp_compare_get_n_rows (cmp); k++)
    {
      const cJSON *obj = cJSON_GetArrayItem (rows, (int) k);

      g_assert_true (rp_compare_get_row (cmp, k)->has_band ==
                     (cJSON_GetObjectItem (obj, "low") != NULL));
      if (g_str_equal (rp_compare_get_row (cmp, k)->key, "memory.total"))
        g_assert_true (cJSON_IsNumber (cJSON_GetArrayItem (cJSON_GetObjectItem (obj, "high"),
                                                           0)));
    }

  cursor = csv;
  header = csv_split (&cursor);
  g_assert_cmpuint (header->len, ==, 4 + 3);
  g_assert_cmpstr (g_ptr_array_index (header, 4), ==, "A, \"quoted\" name");
  cJSON_ArrayForEach (item, rows)
    {
      const RpCompareRow *rw = rp_compare_get_row (cmp, r++);
      const cJSON *values = cJSON_GetObjectItem (item, "values");
      const cJSON *best = cJSON_GetObjectItem (item, "best");
      g_autoptr(GPtrArray) fields = csv_split (&cursor);

      g_assert_cmpstr (cJSON_GetObjectItem (item, "key")->valuestring, ==, rw->key);
      g_assert_cmpstr (g_ptr_array_index (fields, 0), ==, rw->key);
      g_assert_cmpuint (fields->len, ==, 4 + 3);
      if (rw->best >= 0)
        {
          g_assert_cmpint (best->valueint, ==, rw->best);
          g_assert_cmpint (atoi (g_ptr_array_index (fields, 3)), ==, rw->best);
        }
      else
        {
          g_assert_true (cJSON_IsNull (best));
          g_assert_cmpstr (g_ptr_array_index (fields, 3), ==, "");
        }
      for (guint i = 0; i < 3; i++)
        {
          const cJSON *v = cJSON_GetArrayItem (values, i);
          const char *field = g_ptr_array_index (fields, 4 + i);

          if (cJSON_IsNull (v))
            g_assert_cmpstr (field, ==, "");
          else if (cJSON_IsString (v))
            g_assert_cmpstr (field, ==, v->valuestring);
          else
            {
              /* CSV carries the shortest round-trip text, JSON cJSON's */
              g_assert_cmpfloat (g_ascii_strtod (field, NULL), ==, rw->numbers[i]);
              assert_close (v->valuedouble, rw->numbers[i]);
            }
        }
    }
  g_assert_cmpstr (cursor, ==, "");
  for (guint i = 0; i < 3; i++)
    rp_scenario_free (s[i]);
}

/* ---- the compare file ----------------------------------------------- */

static void
test_relative_path (void)
{
  static const struct { const char *path, *base, *expected; } cases[] = {
    { "/a/b/x.rigplan", "/a/b", "x.rigplan" },
    { "/a/b/c/x.rigplan", "/a/b", "c/x.rigplan" },
    { "/a/x.rigplan", "/a/b", "../x.rigplan" },
    { "/d/x.rigplan", "/a/b", "../../d/x.rigplan" },
    { "/a/x.rigplan", "/", "a/x.rigplan" },
    { "/a/b/../x.rigplan", "/a/b/", "../x.rigplan" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *rel = rp_compare_set_relative_path (cases[i].path, cases[i].base);

      g_assert_cmpstr (rel, ==, cases[i].expected);
    }
}

static char *
write_scenario (const char *dir,
                const char *name,
                RpScenario *s)
{
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (rp_scenario_save_file (s, path, &error));
  g_assert_no_error (error);
  return path;
}

/* Files by relative path (below and beside the compare file), an unsaved
 * variant inline; reopened, the same scenarios in the same order. */
static void
test_set_round_trip (void)
{
  g_autofree char *root = g_dir_make_tmp ("rigplan-compare-XXXXXX", NULL);
  g_autofree char *sets = g_build_filename (root, "sets", NULL);
  g_autofree char *sub = g_build_filename (sets, "sub", NULL);
  g_autoptr(RpScenario) a = rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan");
  g_autoptr(RpScenario) b = rp_test_load_example ("qlora-llama2-70b-a100.rigplan");
  g_autoptr(RpScenario) variant = rp_scenario_copy (a);
  g_autofree char *a_path = NULL;
  g_autofree char *b_path = NULL;
  g_autofree char *set_path = g_build_filename (sets, "mine.rigplan-compare", NULL);
  g_autoptr(RpCompareSet) set = rp_compare_set_new ();
  g_autoptr(RpCompareSet) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  g_assert_cmpint (g_mkdir_with_parents (sub, 0700), ==, 0);
  a_path = write_scenario (sub, "a.rigplan", a);
  b_path = write_scenario (root, "b.rigplan", b);
  variant->hardware.gpus_per_node = 2;
  rp_compare_set_set_name (set, "4090s or an A100");
  rp_compare_set_add (set, a, a_path);
  rp_compare_set_add (set, b, b_path);
  rp_compare_set_add (set, variant, NULL);
  g_assert_true (rp_compare_set_save_file (set, set_path, &error));
  g_assert_no_error (error);

  g_assert_true (g_file_get_contents (set_path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "\"format\":\t\"rigplan-compare\""));
  g_assert_nonnull (strstr (text, "\"file\":\t\"sub/a.rigplan\""));
  g_assert_nonnull (strstr (text, "\"file\":\t\"../b.rigplan\""));

  back = rp_compare_set_load_file (set_path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (rp_compare_set_get_name (back), ==, "4090s or an A100");
  g_assert_cmpuint (rp_compare_set_get_n (back), ==, 3);
  g_assert_cmpuint (rp_compare_set_count_missing (back, NULL), ==, 0);
  g_assert_cmpstr (rp_compare_set_get (back, 0)->path, ==, a_path);
  g_assert_cmpstr (rp_compare_set_get (back, 1)->path, ==, b_path);
  g_assert_null (rp_compare_set_get (back, 2)->path);
  for (guint i = 0; i < 3; i++)
    {
      const RpScenario *want = i == 0 ? a : i == 1 ? b : variant;
      g_autofree char *j1 = rp_scenario_to_json (want);
      g_autofree char *j2 = rp_scenario_to_json (rp_compare_set_get (back, i)->scenario);

      g_assert_cmpstr (j2, ==, j1);
    }
  g_unlink (a_path);
  g_unlink (b_path);
  g_unlink (set_path);
  g_rmdir (sub);
  g_rmdir (sets);
  g_rmdir (root);
}

/* A scenario file moved away: the rest opens, the entry says what was
 * looked for and where, and saving keeps the entry. */
static void
test_set_missing_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("rigplan-compare-XXXXXX", NULL);
  g_autoptr(RpScenario) a = rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan");
  g_autofree char *a_path = write_scenario (dir, "gone.rigplan", a);
  g_autofree char *set_path = g_build_filename (dir, "set.rigplan-compare", NULL);
  g_autoptr(RpCompareSet) set = rp_compare_set_new ();
  g_autoptr(RpCompareSet) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  g_autofree char *text = NULL;
  const RpCompareEntry *entry;

  rp_compare_set_add (set, a, NULL);
  rp_compare_set_add (set, a, a_path);
  g_assert_true (rp_compare_set_save_file (set, set_path, &error));
  g_unlink (a_path);

  back = rp_compare_set_load_file (set_path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rp_compare_set_get_n (back), ==, 2);
  g_assert_nonnull (rp_compare_set_get (back, 0)->scenario);
  entry = rp_compare_set_get (back, 1);
  g_assert_null (entry->scenario);
  g_assert_error (entry->error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (entry->error->message, set_path));
  g_assert_nonnull (strstr (entry->error->message, "scenarios[1]"));
  g_assert_nonnull (strstr (entry->error->message, "“gone.rigplan”"));
  g_assert_nonnull (strstr (entry->error->message, a_path));
  g_assert_nonnull (strstr (entry->error->message, "moved"));
  g_assert_cmpuint (rp_compare_set_count_missing (back, &message), ==, 1);
  g_assert_cmpstr (message, ==, entry->error->message);

  g_assert_true (rp_compare_set_save_file (back, set_path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (set_path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "\"file\":\t\"gone.rigplan\""));
  g_unlink (set_path);
  g_rmdir (dir);
}

/* A bad compare file fails whole, naming the key. */
static void
test_set_bad_files (void)
{
  static const struct { const char *json; const char *key; int code; } cases[] = {
    { "{\"format\": \"rigplan-scenario\", \"version\": 1, \"scenarios\": []}", "format",
      RP_ERROR_PARSE },
    { "{\"format\": \"rigplan-compare\", \"version\": 9, \"scenarios\": []}", "version",
      RP_ERROR_UNSUPPORTED_VERSION },
    { "{\"format\": \"rigplan-compare\", \"version\": 1}", "scenarios",
      RP_ERROR_MISSING_FIELD },
    { "{\"format\": \"rigplan-compare\", \"version\": 1, \"scenarios\": [3]}", "scenarios[0]",
      RP_ERROR_INVALID_VALUE },
    { "{\"format\": \"rigplan-compare\", \"version\": 1, \"scenarios\": [{}]}", "scenarios[0]",
      RP_ERROR_INVALID_VALUE },
    { "{\"format\": \"rigplan-compare\", \"version\": 1, \"scenarios\": [{\"file\": 7}]}",
      "scenarios[0].file", RP_ERROR_INVALID_VALUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(RpCompareSet) set = rp_compare_set_load_data (cases[i].json,
                                                              strlen (cases[i].json), "/tmp",
                                                              &error);

      g_assert_null (set);
      g_assert_error (error, RP_ERROR, cases[i].code);
      g_assert_cmpstr (rp_error_get_key (error), ==, cases[i].key);
    }
  {
    const char *json = "{\"format\": \"rigplan-compare\", \"version\": 1, \"scenarios\": "
                       "[{\"scenario\": {\"format\": \"rigplan-scenario\", \"version\": 2, "
                       "\"model\": {\"preset\": \"llama-3-8b\"}, \"training\": "
                       "{\"seq_len\": -4}, \"hardware\": {\"gpu\": \"rtx-4090\"}}}]}";
    g_autoptr(GError) error = NULL;
    g_autoptr(RpCompareSet) set = rp_compare_set_load_data (json, strlen (json), "/tmp",
                                                            &error);

    g_assert_null (set);
    g_assert_nonnull (error);
    g_assert_true (g_str_has_prefix (error->message, "scenarios[0].scenario: "));
    g_assert_nonnull (strstr (error->message, "seq_len"));
  }
}

int
main (int    argc,
      char **argv)
{
  int status;

  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  catalog = rp_test_load_catalog ();

  g_test_add_func ("/compare/rows-match-estimates", test_rows_match_estimates);
  g_test_add_func ("/compare/same-scenarios", test_same_scenarios);
  g_test_add_func ("/compare/three-gpu-counts", test_three_gpu_counts);
  g_test_add_func ("/compare/best-only-among-passing", test_best_only_among_passing);
  g_test_add_func ("/compare/error-column", test_error_column);
  g_test_add_func ("/compare/six-columns", test_six_columns);
  g_test_add_func ("/compare/json-and-csv", test_json_and_csv);
  g_test_add_func ("/compare-set/relative-path", test_relative_path);
  g_test_add_func ("/compare-set/round-trip", test_set_round_trip);
  g_test_add_func ("/compare-set/missing-file", test_set_missing_file);
  g_test_add_func ("/compare-set/bad-files", test_set_bad_files);

  status = g_test_run ();
  rp_catalog_unref (catalog);
  return status;
}

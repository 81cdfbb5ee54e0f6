/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-words.c: the words and tables the CLI, the window and the PDF
 * plan share (rp-words.h): each figure is the estimate's, through the
 * one number formatter; each origin and source names where a value
 * came from; the rent-or-buy sentence agrees with the cost model. */

#include "config.h"

#include "rp-age.h"
#include "rp-catalog.h"
#include "rp-estimate.h"
#include "rp-fix.h"
#include "rp-fields.h"
#include "rp-prices.h"
#include "rp-scenario.h"
#include "rp-units.h"
#include "rp-words.h"

#include <math.h>
#include <string.h>

/* ---- helpers -------------------------------------------------------- */

typedef struct
{
  RpCatalog  *catalog;
  RpScenario *scenario;
  RpEstimate *est;
} Example;

static void
example_load (Example    *ex,
              const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_strdup_printf ("%s/%s.rigplan", g_getenv ("RIGPLAN_EXAMPLES"), name);

  ex->catalog = rp_catalog_load_default (&error);
  g_assert_no_error (error);
  ex->scenario = rp_scenario_load_file (path, &error);
  g_assert_no_error (error);
  ex->est = rp_estimate_new ();
  g_assert_true (rp_fix_estimate (ex->scenario, ex->catalog, ex->est, &error));
  g_assert_no_error (error);
}

static void
example_clear (Example *ex)
{
  g_clear_pointer (&ex->est, rp_estimate_free);
  g_clear_pointer (&ex->scenario, rp_scenario_free);
  g_clear_pointer (&ex->catalog, rp_catalog_unref);
}

static const RpWordsRow *
find_row (GPtrArray  *rows,
          const char *key)
{
  for (guint i = 0; i < rows->len; i++)
    {
      const RpWordsRow *row = g_ptr_array_index (rows, i);

      if (g_str_equal (row->key, key))
        return row;
    }
  return NULL;
}

static void
assert_contains (const char *text,
                 const char *part)
{
  if (text == NULL || strstr (text, part) == NULL)
    g_error ("“%s” lacks “%s”", text, part);
}

/* ---- units and origins ---------------------------------------------- */

static void
test_unit_value (void)
{
  g_autofree char *n2 = rp_units_format_number (2, 2);
  g_autofree char *n2048 = rp_units_format_number (2048, 0);
  g_autofree char *rate = rp_unit_format_value (RP_UNIT_MONEY_PER_GPU_HOUR, 2, 2,
                                                RP_CURRENCY_CNY);
  g_autofree char *expected_rate = g_strdup_printf ("¥%s/GPU·h", n2);
  g_autofree char *tokens = rp_unit_format_value (RP_UNIT_TOKENS, 2048, 0, RP_CURRENCY_USD);
  g_autofree char *expected_tokens = g_strdup_printf ("%s tokens", n2048);
  g_autofree char *one = rp_unit_format_value (RP_UNIT_GPUS, 1, 0, RP_CURRENCY_USD);
  g_autofree char *two = rp_unit_format_value (RP_UNIT_GPUS, 2, 0, RP_CURRENCY_USD);
  g_autofree char *share = rp_unit_format_value (RP_UNIT_FRACTION_AS_PERCENT, 0.5, 0,
                                                 RP_CURRENCY_USD);
  g_autofree char *expected_share = rp_units_format_percent (50, 0);

  g_assert_cmpstr (rate, ==, expected_rate);
  g_assert_cmpstr (tokens, ==, expected_tokens);
  g_assert_cmpstr (one, ==, "1 GPU");
  g_assert_cmpstr (two, ==, "2 GPUs");
  g_assert_cmpstr (share, ==, expected_share);
}

/* rp-age.c counts 30.44-day months: 2025-03-04 to 2026-12-01 is 637 days,
 * 20.9 months; six months is the line (rp-age.h). */
static void
test_price_age (void)
{
  g_autoptr(GDate) today = g_date_new_dmy (1, 12, 2026);
  g_autofree char *old = rp_words_price_age ("2025-03-04", today);
  g_autofree char *fresh = rp_words_price_age ("2026-10-04", today);

  g_assert_cmpstr (old, ==, "20 months old on 2026-12-01: the price may be stale; check the "
                            "source");
  g_assert_null (fresh);
  g_assert_null (rp_words_price_age (NULL, today));
  {
    /* a user catalog's 9999-12-31 is no fresh price with a negative age */
    g_autofree char *future = rp_words_price_age ("9999-12-31", today);

    g_assert_cmpstr (future, ==, "dated 9999-12-31, after today (2026-12-01): the date is wrong, "
                                 "so the price may be stale; check the source");
  }
}

/* Beside a price: the offer for the rent, the region for the power
 * price; the catalog itself is no "where". */
static void
test_price_where (void)
{
  RpPrices prices = { { 0 } };
  RpCloudOffer offer = { 0 };
  g_autofree char *rent = NULL;
  g_autofree char *gpu = NULL;

  offer.provider = (char *) "AutoDL";
  offer.offer = (char *) "RTX 3090";
  prices.offer = &offer;
  rent = rp_words_price_where (&prices, &prices.rent);
  gpu = rp_words_price_where (&prices, &prices.gpu);
  g_assert_cmpstr (rent, ==, "AutoDL RTX 3090");
  g_assert_null (gpu);
}

static void
test_prices_for_field (void)
{
  RpPrices prices = { { 0 } };

  g_assert_true (rp_prices_for_field (&prices, rp_fields_lookup ("budget.gpu_price")) ==
                 &prices.gpu);
  g_assert_true (rp_prices_for_field (&prices, rp_fields_lookup ("budget.usd_to_cny")) ==
                 &prices.usd_to_cny);
  g_assert_true (rp_prices_for_field (&prices, rp_fields_lookup ("budget.failure_pct_year")) ==
                 &prices.failure);
  g_assert_true (rp_prices_for_field (&prices,
                                      rp_fields_lookup ("budget.rent_price_per_gpu_hour")) ==
                 &prices.rent);
  g_assert_null (rp_prices_for_field (&prices, rp_fields_lookup ("training.seq_len")));
  g_assert_null (rp_prices_for_field (&prices, rp_fields_lookup ("model.layers")));
}

/* ---- tables --------------------------------------------------------- */

static void
test_memory_table (void)
{
  Example ex = { NULL };
  g_autoptr(GPtrArray) rows = NULL;
  const RpWordsRow *total, *weights;
  g_autofree char *total_text = NULL;
  g_autofree char *share = NULL;

  example_load (&ex, "lora-llama2-13b-rtx3090");
  rows = rp_words_memory_table (ex.est);
  total = find_row (rows, "memory.total");
  weights = find_row (rows, "memory.weights");
  total_text = rp_units_format_bytes (ex.est->memory.total_bytes);
  share = rp_units_format_percent (100 * ex.est->memory.total_bytes /
                                   ex.est->memory.capacity_bytes, 1);
  g_assert_nonnull (total);
  g_assert_cmpint (total->kind, ==, RP_WORDS_ROW_TOTAL);
  g_assert_cmpstr (total->value, ==, total_text);
  g_assert_cmpstr (total->share, ==, share);
  g_assert_nonnull (weights);
  g_assert_cmpstr (weights->label, ==, "Weights");
  example_clear (&ex);
}

/* Owning per month is the sum of its lines (rp-cost-model.c: "per month
 * sum of the above"); the table lists each, so none is left out. */
static void
test_cost_table (void)
{
  Example ex = { NULL };
  g_autoptr(GPtrArray) rows = NULL;
  const RpCostEstimate *c;
  double lines;

  example_load (&ex, "full-finetune-llama2-7b-8xa100");
  c = &ex.est->cost;
  rows = rp_words_cost_table (ex.est, NULL);
  lines = c->buy_depreciation_per_month + c->buy_maintenance_per_month + c->buy_ops_per_month +
          c->buy_colocation_per_month + c->buy_capital_cost_per_month + c->buy_energy_per_month;
  g_assert_cmpfloat_with_epsilon (lines, c->buy_per_month, 1e-6 * c->buy_per_month);
  for (guint i = 0; i < rows->len; i++)
    {
      const RpWordsRow *row = g_ptr_array_index (rows, i);

      if (g_str_has_prefix (row->key, "cost.buy.per_month_lines."))
        g_assert_cmpint (row->kind, ==, RP_WORDS_ROW_PART);
    }
  g_assert_nonnull (find_row (rows, "cost.buy.per_month_lines.electricity"));
  g_assert_nonnull (find_row (rows, "cost.buy_capital"));
  g_assert_nonnull (find_row (rows, "cost.break_even_months"));
  example_clear (&ex);
}

static void
test_figures (void)
{
  Example ex = { NULL };
  RpWordsFigureText figures[RP_WORDS_N_FIGURES];
  g_autofree char *vram = NULL;
  g_autofree char *capital = NULL;

  example_load (&ex, "full-finetune-llama2-7b-8xa100");
  rp_words_figures (ex.scenario, ex.est, figures);
  vram = rp_units_format_bytes (ex.est->memory.total_bytes);
  capital = rp_units_format_money (ex.est->cost.buy_capital, ex.est->cost.currency);
  g_assert_cmpstr (figures[RP_WORDS_FIGURE_VRAM].name, ==, "vram");
  g_assert_cmpstr (figures[RP_WORDS_FIGURE_VRAM].value, ==, vram);
  g_assert_cmpstr (figures[RP_WORDS_FIGURE_CAPITAL].value, ==, capital);
  rp_words_figures_clear (figures);
  rp_words_figures (ex.scenario, NULL, figures);
  g_assert_null (figures[RP_WORDS_FIGURE_VRAM].value);
  g_assert_cmpstr (figures[RP_WORDS_FIGURE_VRAM].detail, ==, "not available");
  rp_words_figures_clear (figures);
  example_clear (&ex);
}

/* Every figure is found by its key, whether the key is the table's own
 * text or a copy that a freed one's address is used again for. */
static void
test_figure_lookup (void)
{
  for (guint round = 0; round < 2; round++)
    for (guint i = 0; i < rp_figures_n (); i++)
      {
        const RpFigure *figure = rp_figures_get (i);
        char *key = g_strdup (rp_figure_get_key (figure));

        g_assert_true (rp_figures_lookup (rp_figure_get_key (figure)) == figure);
        g_assert_true (rp_figures_lookup (key) == figure);
        g_free (key);
        key = g_strdup ("memory.no_such_figure");
        g_assert_null (rp_figures_lookup (key));
        g_free (key);
      }
}

/* ---- the plan's sentences ------------------------------------------- */

static void
test_question (void)
{
  Example ex = { NULL };
  g_autofree char *question = NULL;

  example_load (&ex, "lora-llama2-13b-rtx3090");
  question = rp_words_question (ex.scenario, ex.catalog, ex.est);
  assert_contains (question, "Llama 2 13B");
  assert_contains (question, "1 × NVIDIA GeForce RTX 3090");
  assert_contains (question, "within 3 days");
  assert_contains (question, "¥500");
  example_clear (&ex);
}

/* The rent-or-buy sentence takes the cost model's side: where it advises
 * renting first ("rent-first"), the sentence says rent; where buying
 * pays back at the scenario's utilization, buy. */
static void
test_rent_or_buy (void)
{
  Example buy = { NULL }, rent = { NULL };
  g_autofree char *buy_text = NULL;
  g_autofree char *rent_text = NULL;
  g_autofree char *months = NULL;
  g_autofree char *break_even = NULL;
  g_autofree char *never = NULL;

  example_load (&buy, "full-finetune-llama2-7b-8xa100");
  example_load (&rent, "lora-llama2-13b-rtx3090");
  /* a new RTX 3090 is no longer sold (market.json): the student's choice
   * is between renting and a used card */
  rent.scenario->budget.condition = RP_CONDITION_USED;
  rp_estimate_clear (rent.est);
  g_assert_true (rp_estimate_compute (rent.scenario, rent.catalog, rent.est, NULL));
  buy_text = rp_words_rent_or_buy (buy.scenario, buy.est);
  rent_text = rp_words_rent_or_buy (rent.scenario, rent.est);
  months = rp_units_format_number (buy.est->cost.break_even_months, 1);
  g_assert_false (rp_estimate_has_warning (buy.est, "rent-first"));
  assert_contains (buy_text, "Buy, if");
  assert_contains (buy_text, months);
  g_assert_true (rent.est->cost.break_even_utilization_pct < 0 ||
                 rent.scenario->budget.utilization_pct <
                 rent.est->cost.break_even_utilization_pct);
  assert_contains (rent_text, "Rent:");
  break_even = rp_words_break_even (&buy.est->cost);
  never = rp_words_break_even (&rent.est->cost);
  assert_contains (break_even, months);
  assert_contains (never, "does not pay back");
  example_clear (&buy);
  example_clear (&rent);
}

static void
test_inputs (void)
{
  Example ex = { NULL };
  g_autoptr(GDate) today = g_date_new_dmy (1, 12, 2026);
  const RpModelPreset *preset;
  g_autofree char *preset_origin = NULL;
  g_autofree char *rate = NULL;
  g_autofree char *mfu = NULL;
  struct
  {
    const char *key;
    char       *value;
    char       *origin;
  } in[] = {
    { "model.layers" }, { "budget.rent_price_per_gpu_hour" }, { "hardware.mfu_override" },
    { "training.seq_len" }, { "budget.deadline_days" },
  };

  example_load (&ex, "lora-llama2-13b-rtx3090");
  for (guint i = 0; i < G_N_ELEMENTS (in); i++)
    rp_words_input (rp_fields_lookup (in[i].key), ex.scenario, ex.catalog, ex.est, today,
                    &in[i].value, &in[i].origin);
  preset = rp_catalog_lookup_model (ex.catalog, "llama-2-13b");
  preset_origin = g_strdup_printf ("From the preset Llama 2 13B, %s", preset->as_of);
  rate = rp_units_format_number (ex.est->cost.prices.rent.value, 2);
  mfu = rp_units_format_percent (100 * ex.est->compute.mfu, 1);
  g_assert_cmpstr (in[0].value, ==, "40");
  g_assert_cmpstr (in[0].origin, ==, preset_origin);
  assert_contains (in[1].value, rate);
  assert_contains (in[1].origin, ex.est->cost.prices.offer->provider);
  g_assert_cmpstr (in[2].value, ==, mfu);
  g_assert_cmpstr (in[2].origin, ==, "From the utilization model");
  g_assert_cmpstr (in[3].origin, ==, "Yours");
  g_assert_cmpstr (in[4].origin, ==, "Yours");
  for (guint i = 0; i < G_N_ELEMENTS (in); i++)
    {
      g_free (in[i].value);
      g_free (in[i].origin);
    }
  example_clear (&ex);
}

static void
test_sources (void)
{
  Example ex = { NULL };
  g_autoptr(GDate) today = g_date_new_dmy (1, 12, 2026);
  g_autoptr(GPtrArray) compared = g_ptr_array_new ();
  g_autoptr(GPtrArray) sources = NULL;
  const RpGpu *other = NULL;
  gboolean gpu = FALSE, offer = FALSE, model = FALSE;
  guint others = 0;

  example_load (&ex, "lora-llama2-13b-rtx3090");
  other = rp_catalog_lookup_gpu (ex.catalog, "a100-80gb-sxm");
  g_ptr_array_add (compared, (gpointer) ex.est->gpu);
  g_ptr_array_add (compared, (gpointer) other);
  g_ptr_array_add (compared, (gpointer) other);
  sources = rp_words_sources (ex.scenario, ex.catalog, ex.est, compared, today);
  for (guint i = 0; i < sources->len; i++)
    {
      const RpWordsSource *s = g_ptr_array_index (sources, i);

      g_assert_nonnull (s->source);
      gpu |= g_strcmp0 (s->source, ex.est->gpu->source) == 0;
      offer |= g_strcmp0 (s->source, ex.est->cost.prices.offer->source) == 0;
      model |= g_str_equal (s->what, "Model architecture");
      others += g_strcmp0 (s->name, other->name) == 0;
      /* a stale note only on prices, and only when six months old */
      if (s->note != NULL)
        g_assert_true (rp_price_is_stale (s->as_of, today));
    }
  g_assert_true (gpu && offer && model);
  g_assert_cmpuint (others, ==, 1);
  example_clear (&ex);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/words/unit-value", test_unit_value);
  g_test_add_func ("/words/price-age", test_price_age);
  g_test_add_func ("/words/price-where", test_price_where);
  g_test_add_func ("/words/prices-for-field", test_prices_for_field);
  g_test_add_func ("/words/memory-table", test_memory_table);
  g_test_add_func ("/words/cost-table", test_cost_table);
  g_test_add_func ("/words/figures", test_figures);
  g_test_add_func ("/words/figure-lookup", test_figure_lookup);
  g_test_add_func ("/words/question", test_question);
  g_test_add_func ("/words/rent-or-buy", test_rent_or_buy);
  g_test_add_func ("/words/inputs", test_inputs);
  g_test_add_func ("/words/sources", test_sources);
  return g_test_run ();
}

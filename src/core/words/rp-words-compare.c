/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-words-compare.c: the comparison as people read it
 *
 * decide/rp-compare.c builds the rows as numbers and machine values;
 * here each row gets its label (the field's or the figure's, from their
 * tables) and each cell its text.  Durations of one row read in one
 * unit, chosen from the row's longest. */

#include "config.h"

#include "rp-words.h"

#include "rp-format.h"
#include "rp-gettext.h"
#include "rp-model.h"
#include "rp-scenario.h"
#include "rp-units.h"

#include <math.h>

/* ---- helpers: inputs ------------------------------------------------ */

static char *
model_text (const RpScenario *s,
            const RpCatalog  *catalog)
{
  const RpModelPreset *preset = s->model.preset != NULL
                                ? rp_catalog_lookup_model (catalog, s->model.preset) : NULL;
  const char *name = preset != NULL ? preset->name : s->model.preset;

  if (name == NULL)
    return g_strdup (_("Custom architecture"));
  if (preset != NULL && rp_scenario_model_is_customized (s, &preset->arch))
    return g_strdup_printf (_("Custom (from %s)"), name);
  return g_strdup (name);
}

static char *
gpus_text (const RpScenario *s,
           const RpCatalog  *catalog)
{
  const RpGpu *gpu = s->hardware.gpu != NULL ? rp_catalog_lookup_gpu (catalog, s->hardware.gpu)
                                             : NULL;
  const char *id = s->hardware.gpu != NULL ? s->hardware.gpu : "?";

  return g_strdup_printf ("%u × %s", rp_scenario_n_gpus (s), gpu != NULL ? gpu->name : id);
}

/* How a string field reads: an offer by its provider and name. */
static char *
string_field_text (const RpField   *f,
                   const char      *value,
                   const RpCatalog *catalog)
{
  const char *null_label = rp_field_get_null_label (f);
  const RpCloudOffer *offer;

  if (value == NULL)
    return g_strdup (null_label != NULL ? null_label : "—");
  if (f->ref == RP_FIELD_REF_OFFER && (offer = rp_catalog_lookup_cloud (catalog, value)) != NULL)
    return g_strdup_printf ("%s %s", offer->provider, rp_cloud_offer_get_name (offer));
  return g_strdup (value);
}

/* How a number field reads: in its shown unit, money with the column's
 * own currency symbol (inputs are shown as they were entered). */
static char *
number_field_text (const RpField *f,
                   double         value,
                   RpCurrency     currency)
{
  const char *null_label = rp_field_get_null_label (f);
  g_autofree char *number = NULL;
  g_autofree char *unit = NULL;

  if (isnan (value))
    return g_strdup (null_label != NULL ? null_label : "—");
  if (f->choices != NULL)
    return g_strdup (rp_enum_info_get_label (f->choices, (guint) value));
  if (f->type == RP_FIELD_BOOL)
    return g_strdup (value != 0 ? _("yes") : _("no"));
  if (f->unit == RP_UNIT_MONEY)
    return rp_units_format_money (value, currency);
  if (f->unit == RP_UNIT_PERCENT || f->unit == RP_UNIT_FRACTION_AS_PERCENT)
    return rp_units_format_percent (value / rp_unit_get_scale (f->unit), f->digits);
  number = rp_units_format_number (value / rp_unit_get_scale (f->unit), f->digits);
  /* a count reads as a number: "1", never "1 samples" */
  if (f->unit == RP_UNIT_SAMPLES || f->unit == RP_UNIT_GPUS || f->unit == RP_UNIT_STAGES)
    return g_steal_pointer (&number);
  unit = rp_unit_dup_label (f->unit, currency);
  return unit != NULL && *unit != '\0' ? g_strdup_printf ("%s %s", number, unit)
                                       : g_steal_pointer (&number);
}

static char *
field_cell (const RpCompare    *cmp,
            const RpCompareRow *row,
            guint               i,
            const RpCatalog    *catalog)
{
  const RpScenario *s = rp_compare_get_scenario (cmp, i);

  if (!row->applies[i])
    return g_strdup ("—");
  if (row->field->type == RP_FIELD_STRING)
    return string_field_text (row->field, row->value_texts[i], catalog);
  return number_field_text (row->field, row->numbers[i], s->budget.currency);
}

/* ---- helpers: results ----------------------------------------------- */

/* The unit every duration of @row reads in: from its longest value. */
static RpDuration
row_duration (const RpCompareRow *row)
{
  double longest_hours = 0;
  RpFigureUnit unit = rp_figure_get_unit (row->figure);

  for (guint i = 0; i < row->n_columns; i++)
    if (isfinite (row->numbers[i]))
      longest_hours = MAX (longest_hours, unit == RP_FIGURE_UNIT_DAYS ? 24 * row->numbers[i]
                                                                      : row->numbers[i]);
  return rp_units_duration_for (longest_hours);
}

static char *
figure_cell (const RpCompare    *cmp,
             const RpCompareRow *row,
             guint               i,
             RpDuration          duration)
{
  const RpEstimate *est = rp_compare_get_estimate (cmp, i);
  const RpCostEstimate *c;

  if (isfinite (row->numbers[i]))
    return rp_words_figure_value (row->figure, row->numbers[i], rp_compare_get_currency (cmp),
                                  duration);
  /* a payback that is not a number: buying does not pay back */
  if (est != NULL && g_str_equal (row->key, "cost.break_even_months"))
    {
      c = &est->cost;
      if (c->computed && c->rent_available && c->buy_available && c->break_even_months < 0)
        /* TRANSLATORS: buying does not pay back within the depreciation period */
        return g_strdup (_("not within the period"));
    }
  return g_strdup ("—");
}

static char *
special_cell (const RpCompare    *cmp,
              const RpCompareRow *row,
              guint               i,
              const RpCatalog    *catalog)
{
  const RpScenario *s = rp_compare_get_scenario (cmp, i);
  const RpEstimate *est = rp_compare_get_estimate (cmp, i);

  if (g_str_equal (row->key, "model.preset"))
    return model_text (s, catalog);
  if (g_str_equal (row->key, "model.params"))
    return isfinite (row->numbers[i]) ? rp_units_format_count (row->numbers[i]) : g_strdup ("—");
  if (g_str_equal (row->key, "hardware.gpus"))
    return gpus_text (s, catalog);
  if (g_str_equal (row->key, "training.parallelism"))
    return rp_words_parallelism (s);
  if (g_str_equal (row->key, "verdict"))
    return est != NULL ? rp_words_verdict_title (s, est)
                       : rp_words_cannot_estimate (rp_compare_get_error (cmp, i));
  if (g_str_equal (row->key, "constraints"))
    return est != NULL ? rp_words_checks_summary (est) : g_strdup ("—");
  if (g_str_equal (row->key, "decision"))
    return rp_compare_get_decision (cmp, i) != NULL
           ? rp_words_decision_short (rp_compare_get_decision (cmp, i)) : g_strdup ("—");
  g_return_val_if_reached (g_strdup ("—"));
}

/* "19.8–23.5 GiB": the band of column @i in the row's unit, or NULL. */
static char *
band_cell (const RpCompare    *cmp,
           const RpCompareRow *row,
           guint               i,
           RpDuration          duration)
{
  g_autofree char *low = NULL;
  g_autofree char *high = NULL;

  if (!isfinite (row->lows[i]) || !isfinite (row->highs[i]))
    return NULL;
  low = rp_words_figure_value (row->figure, row->lows[i], rp_compare_get_currency (cmp),
                               duration);
  high = rp_words_figure_value (row->figure, row->highs[i], rp_compare_get_currency (cmp),
                                duration);
  if (g_str_equal (low, high))
    return NULL;
  /* TRANSLATORS: a range, low end then high end: "19.8 GiB–23.5 GiB" */
  return g_strdup_printf (_("%s–%s"), low, high);
}

static char *
special_label (const RpCompareRow *row)
{
  if (g_str_equal (row->key, "model.preset"))
    return g_strdup (_("Model"));
  if (g_str_equal (row->key, "model.params"))
    return g_strdup (_("Parameters"));
  if (g_str_equal (row->key, "hardware.gpus"))
    /* TRANSLATORS: a row of the comparison: "8 × NVIDIA A100 80GB SXM4" */
    return g_strdup (_("GPU × count"));
  if (g_str_equal (row->key, "training.parallelism"))
    /* TRANSLATORS: a row of the comparison: how the GPUs split the work */
    return g_strdup (_("Parallelism"));
  if (g_str_equal (row->key, "verdict"))
    return g_strdup (_("Verdict"));
  if (g_str_equal (row->key, "decision"))
    /* TRANSLATORS: a row of the comparison: each scenario's decision */
    return g_strdup (_("Recommended"));
  /* TRANSLATORS: a row of the comparison: how many checks hold */
  return g_strdup (_("Checks"));
}

/* ---- public API ----------------------------------------------------- */

void
rp_words_compare_describe (RpCompare       *cmp,
                           const RpCatalog *catalog)
{
  g_return_if_fail (cmp != NULL && catalog != NULL);

  for (guint r = 0; r < rp_compare_get_n_rows (cmp); r++)
    {
      const RpCompareRow *row = rp_compare_get_row (cmp, r);
      char **texts = g_new0 (char *, row->n_columns + 1);
      RpDuration duration = row->figure != NULL ? row_duration (row) : RP_DURATION_HOURS;
      char *label;

      if (row->figure != NULL)
        label = g_strdup (rp_words_figure_label (row->figure));
      else if (row->field != NULL)
        label = g_strdup (rp_field_get_label (row->field));
      else
        label = special_label (row);
      for (guint i = 0; i < row->n_columns; i++)
        texts[i] = row->figure != NULL ? figure_cell (cmp, row, i, duration)
                   : row->field != NULL ? field_cell (cmp, row, i, catalog)
                   : special_cell (cmp, row, i, catalog);
      rp_compare_set_row_texts (cmp, r, label, texts);
      if (row->has_band)
        {
          char **bands = g_new0 (char *, row->n_columns + 1);

          for (guint i = 0; i < row->n_columns; i++)
            bands[i] = band_cell (cmp, row, i, duration);
          rp_compare_set_row_bands (cmp, r, bands);
        }
    }
}

RpCompare *
rp_words_compare_new (const RpCatalog          *catalog,
                      const RpScenario *const  *scenarios,
                      const char *const        *sources,
                      guint                     n)
{
  RpCompare *cmp = rp_compare_new (catalog, scenarios, sources, n);

  rp_words_compare_describe (cmp, catalog);
  return cmp;
}

const char *
rp_words_compare_name (const RpCompare *cmp,
                       guint            column)
{
  const char *name = rp_compare_get_name (cmp, column);

  return name != NULL ? name : _("Untitled");
}

char *
rp_words_compare_best_legend (const RpCompare *cmp,
                              const char      *mark)
{
  guint failing;

  g_return_val_if_fail (cmp != NULL && mark != NULL, NULL);

  failing = rp_compare_n_failing (cmp);
  if (failing == 0)
    /* TRANSLATORS: under a comparison; %s is the mark of the best ("★") */
    return g_strdup_printf (_("%s the best value of its row"), mark);
  if (failing == rp_compare_get_n_columns (cmp))
    return g_strdup (_("No scenario meets every check, so none is marked best"));
  /* TRANSLATORS: under a comparison; %s is the mark of the best ("★") */
  return g_strdup_printf (_("%s the best value of its row among the scenarios that meet every "
                            "check; those that miss one are not ranked"), mark);
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-compare.c: several scenarios side by side, as rows of a table
 *
 * The rows, in order: the key inputs a reader compares first (model,
 * method, GPU × count, nodes, precision, parallelism, rent or buy), every
 * other main field of the form that differs between the columns, then
 * the results.  Best values are marked only among columns whose run can
 * happen (rp_estimate_runs()) for the time and cost rows: a run that
 * does not fit has no real speed or price. */

#include "config.h"

#include "rp-compare.h"

#include "rp-decision.h"

#include "rp-fields.h"
#include "rp-figures.h"
#include "rp-fix.h"
#include "rp-model.h"
#include "rp-scenario.h"
#include "rp-units.h"

#include <math.h>
#include <string.h>

/* ---- private structs ------------------------------------------------ */

typedef struct
{
  RpScenario  *scenario;        /* owned */
  RpEstimate  *estimate;        /* owned; NULL when it could not be made */
  GError      *error;           /* owned; why not */
  RpModelArch  arch;            /* resolved; the overrides alone when that failed */
  char        *source;          /* owned, may be NULL */
  char        *name;            /* owned */
  char         letter[2];
  double       usd_to_cny;      /* the rate this column's money was converted at */
  gboolean     converted;
} Column;

struct _RpCompare
{
  const RpCatalog *catalog;     /* borrowed while building only */
  RpCurrency       currency;
  guint            n;
  Column          *columns;     /* owned, n */
  GPtrArray       *rows;        /* RpCompareRow*, owned */
  RpDecision     **decisions;   /* owned, n (entries may be NULL); NULL until added */
};

/* The result rows, in order: figures of the figure table (its labels,
 * units and directions). */
static const char *const result_figures[] = {
  "memory.total", "memory.headroom_pct", "compute.tokens_per_s", "compute.samples_per_s",
  "compute.days", "compute.gpu_hours", "cost.rent_per_gpu_hour", "cost.rent_total",
  "cost.buy_capital", "cost.buy_total", "cost.buy_per_month", "cost.break_even_months",
  "cost.energy_kwh", "cost.co2_kg",
};

/* The fields the key input rows already show. */
static const char *const key_input_fields[] = {
  "name", "model.preset", "training.method", "hardware.gpu", "hardware.gpus_per_node",
  "hardware.nodes", "training.precision", "training.tensor_parallel",
  "training.pipeline_parallel", "training.zero_stage", "training.offload", "budget.acquire",
};

/* Values closer than this (relative) are the same value: the best mark
 * goes to every column that ties. */
static const double same_value_rel = 1e-9;

/* ---- helpers: rows -------------------------------------------------- */

static void
row_free (gpointer data)
{
  RpCompareRow *row = data;

  g_free (row->label);
  g_free (row->numbers);
  /* value_texts may hold NULLs between strings: not a GStrv */
  for (guint i = 0; i < row->n_columns; i++)
    {
      g_free (row->value_texts[i]);
      g_free (row->texts[i]);
      g_free (row->band_texts[i]);
    }
  g_free (row->value_texts);
  g_free (row->texts);
  g_free (row->band_texts);
  g_free (row->lows);
  g_free (row->highs);
  g_free (row->is_best);
  g_free (row->applies);
  g_free (row);
}

static RpCompareRow *
row_new (RpCompare        *self,
         const char       *key,
         const char       *unit,
         RpCompareRowKind  kind,
         RpCompareBetter   better,
         gboolean          is_text)
{
  RpCompareRow *row = g_new0 (RpCompareRow, 1);

  row->key = key;
  row->n_columns = self->n;
  row->unit = unit != NULL ? unit : "";
  row->kind = kind;
  row->better = better;
  row->is_text = is_text;
  row->numbers = g_new (double, self->n);
  row->value_texts = g_new0 (char *, self->n + 1);
  row->texts = g_new0 (char *, self->n + 1);
  row->band_texts = g_new0 (char *, self->n + 1);
  row->lows = g_new (double, self->n);
  row->highs = g_new (double, self->n);
  row->is_best = g_new0 (gboolean, self->n);
  row->applies = g_new0 (gboolean, self->n);
  row->best = -1;
  for (guint i = 0; i < self->n; i++)
    {
      row->numbers[i] = row->lows[i] = row->highs[i] = NAN;
      row->applies[i] = TRUE;
    }
  return row;
}

static gboolean
same_number (double a,
             double b)
{
  if (isnan (a) || isnan (b))
    return isnan (a) && isnan (b);
  return fabs (a - b) <= same_value_rel * MAX (fabs (a), fabs (b));
}

static gboolean
same_cell (const RpCompareRow *row,
           guint               a,
           guint               b)
{
  if (row->is_text)
    return g_strcmp0 (row->value_texts[a], row->value_texts[b]) == 0;
  return same_number (row->numbers[a], row->numbers[b]) &&
         g_strcmp0 (row->value_texts[a], row->value_texts[b]) == 0;
}

/* Marks the best value among @rankable columns: only when at least two
 * have a value and they are not all the same. */
static void
row_rank (RpCompareRow   *row,
          guint           n,
          const gboolean *rankable)
{
  double best = NAN;
  guint n_valued = 0;
  gboolean all_same = TRUE;

  if (row->better == RP_COMPARE_BETTER_NONE || row->is_text)
    return;
  for (guint i = 0; i < n; i++)
    {
      double v = row->numbers[i];

      if (!rankable[i] || !isfinite (v))
        continue;
      if (n_valued > 0 && !same_number (v, best))
        all_same = FALSE;
      if (n_valued == 0 || (row->better == RP_COMPARE_BETTER_LOWER ? v < best : v > best))
        best = v;
      n_valued++;
    }
  if (n_valued < 2 || all_same)
    return;
  for (guint i = 0; i < n; i++)
    if (rankable[i] && isfinite (row->numbers[i]) && same_number (row->numbers[i], best))
      {
        row->is_best[i] = TRUE;
        if (row->best < 0)
          row->best = (int) i;
      }
}

static void
row_compare (RpCompare    *self,
             RpCompareRow *row)
{
  row->differs = FALSE;
  for (guint i = 1; i < self->n && !row->differs; i++)
    row->differs = !same_cell (row, 0, i);
}

static void
row_finish (RpCompare      *self,
            RpCompareRow   *row,
            const gboolean *rankable)
{
  row_compare (self, row);
  row_rank (row, self->n, rankable);
  g_ptr_array_add (self->rows, row);
}

/* ---- helpers: columns ----------------------------------------------- */

static char *
name_for (const RpScenario *scenario,
          const char       *source)
{
  if (scenario->name != NULL && *scenario->name != '\0')
    return g_strdup (scenario->name);
  if (source != NULL)
    {
      g_autofree char *base = g_path_get_basename (source);
      char *dot = strrchr (base, '.');

      if (dot != NULL && dot != base)
        *dot = '\0';
      return g_steal_pointer (&base);
    }
  return NULL;              /* words/ names it */
}

/* The CNY-per-USD rate the estimate used, else the scenario's own. */
static double
column_rate (const Column *col)
{
  if (col->estimate != NULL && col->estimate->cost.computed &&
      col->estimate->cost.prices.usd_to_cny.value > 0)
    return col->estimate->cost.prices.usd_to_cny.value;
  return col->scenario->budget.usd_to_cny;
}

static void
column_init (RpCompare        *self,
             Column           *col,
             guint             i,
             const RpScenario *scenario,
             const char       *source)
{
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  g_autoptr(GError) arch_error = NULL;

  col->scenario = rp_scenario_copy (scenario);
  col->source = g_strdup (source);
  col->name = name_for (scenario, source);
  col->letter[0] = (char) ('A' + i);
  col->letter[1] = '\0';
  if (rp_fix_estimate (scenario, self->catalog, est, &col->error))
    col->estimate = g_steal_pointer (&est);
  if (col->estimate != NULL)
    col->arch = col->estimate->arch;
  else if (!rp_model_resolve (&scenario->model, self->catalog, &col->arch, &arch_error))
    col->arch = scenario->model.arch;
  col->converted = scenario->budget.currency != self->currency;
  col->usd_to_cny = col->converted ? column_rate (col) : 1;
}

/* Every check holds: only such scenarios are ranked against each other
 * (a cheaper run that does not fit is no better value). */
static gboolean
column_passes (const Column *col)
{
  return col->estimate != NULL && col->estimate->level == RP_SEVERITY_INFO;
}

/* ---- helpers: input rows -------------------------------------------- */

static void
add_model_row (RpCompare      *self,
               const gboolean *all)
{
  RpCompareRow *row = row_new (self, "model.preset", NULL, RP_COMPARE_ROW_INPUT,
                               RP_COMPARE_BETTER_NONE, TRUE);

  for (guint i = 0; i < self->n; i++)
    {
      const RpScenario *s = self->columns[i].scenario;

      row->value_texts[i] = g_strdup (s->model.preset != NULL ? s->model.preset : "custom");
    }
  row_finish (self, row, all);

  row = row_new (self, "model.params", "parameters", RP_COMPARE_ROW_INPUT,
                 RP_COMPARE_BETTER_NONE, FALSE);
  for (guint i = 0; i < self->n; i++)
    {
      double params = (double) rp_model_params (&self->columns[i].arch);

      if (params > 0)
        row->numbers[i] = params;
    }
  row_finish (self, row, all);
}

static void
add_enum_row (RpCompare        *self,
              const char       *key,
              const RpEnumInfo *info,
              const gboolean   *all)
{
  const RpField *f = rp_fields_lookup (key);
  RpCompareRow *row = row_new (self, f->key, NULL, RP_COMPARE_ROW_INPUT,
                               RP_COMPARE_BETTER_NONE, TRUE);

  row->field = f;
  for (guint i = 0; i < self->n; i++)
    {
      guint v = (guint) rp_field_get_number (f, self->columns[i].scenario);

      row->numbers[i] = v;
      row->value_texts[i] = g_strdup (rp_enum_info_get_name (info, v));
    }
  row_finish (self, row, all);
}

static void
add_gpu_rows (RpCompare      *self,
              const gboolean *all)
{
  RpCompareRow *row = row_new (self, "hardware.gpus", NULL, RP_COMPARE_ROW_INPUT,
                               RP_COMPARE_BETTER_NONE, TRUE);
  const RpField *nodes = rp_fields_lookup ("hardware.nodes");

  for (guint i = 0; i < self->n; i++)
    {
      const RpScenario *s = self->columns[i].scenario;
      const char *id = s->hardware.gpu != NULL ? s->hardware.gpu : "?";

      row->numbers[i] = rp_scenario_n_gpus (s);
      row->value_texts[i] = g_strdup_printf ("%u × %s", rp_scenario_n_gpus (s), id);
    }
  row_finish (self, row, all);

  row = row_new (self, nodes->key, NULL, RP_COMPARE_ROW_INPUT, RP_COMPARE_BETTER_NONE, FALSE);
  row->field = nodes;
  for (guint i = 0; i < self->n; i++)
    row->numbers[i] = self->columns[i].scenario->hardware.nodes;
  row_finish (self, row, all);
}

static void
add_parallelism_row (RpCompare      *self,
                     const gboolean *all)
{
  RpCompareRow *row = row_new (self, "training.parallelism", NULL, RP_COMPARE_ROW_INPUT,
                               RP_COMPARE_BETTER_NONE, TRUE);

  for (guint i = 0; i < self->n; i++)
    {
      const RpScenario *s = self->columns[i].scenario;
      const RpTraining *t = &s->training;

      row->value_texts[i] = g_strdup_printf ("dp%u-tp%u-pp%u-zero%u-%s",
                                             rp_scenario_data_parallel (s), t->tensor_parallel,
                                             t->pipeline_parallel, t->zero_stage,
                                             rp_offload_to_string (t->offload));
    }
  row_finish (self, row, all);
}

static gboolean
is_key_input (const RpField *f)
{
  for (guint i = 0; i < G_N_ELEMENTS (key_input_fields); i++)
    if (g_str_equal (f->key, key_input_fields[i]))
      return TRUE;
  return FALSE;
}

static gboolean
presets_differ (const RpCompare *self)
{
  for (guint i = 1; i < self->n; i++)
    if (g_strcmp0 (self->columns[i].scenario->model.preset,
                   self->columns[0].scenario->model.preset) != 0)
      return TRUE;
  return FALSE;
}

static gboolean
wanted_other_input (const RpField *f,
                    gboolean       models_differ)
{
  /* the "More settings" rows matter once these agree */
  if (is_key_input (f) || (f->flags & RP_FIELD_FORM) == 0 ||
      (f->flags & RP_FIELD_ADVANCED) != 0)
    return FALSE;
  /* between two models every architecture field differs; the model
   * row says so once */
  return f->arch_bit == 0 || !models_differ;
}

static void
fill_field_cell (RpCompare     *self,
                 RpCompareRow  *row,
                 const RpField *f,
                 guint          i)
{
  const Column *col = &self->columns[i];
  gconstpointer base = f->arch_bit != 0 ? (gconstpointer) &col->arch
                                        : (gconstpointer) col->scenario;

  row->applies[i] = TRUE;
  if (f->type == RP_FIELD_STRING)
    {
      row->value_texts[i] = g_strdup (*(char *const *) rp_field_member_const (f, col->scenario));
      return;
    }
  row->numbers[i] = rp_field_get_number (f, base);
}

/* Every other main field of the form that differs, in table order; no
 * value in a column where the field does not apply (LoRA rank of a full
 * fine-tune). */
static void
add_other_inputs (RpCompare      *self,
                  const gboolean *all)
{
  gboolean models_differ = presets_differ (self);

  for (guint k = 0; k < rp_fields_n (); k++)
    {
      const RpField *f = rp_fields_get (k);
      RpCompareRow *row;
      gboolean any_applies = FALSE;

      if (!wanted_other_input (f, models_differ))
        continue;
      row = row_new (self, f->key, rp_unit_get_name (f->unit), RP_COMPARE_ROW_INPUT,
                     RP_COMPARE_BETTER_NONE, f->type == RP_FIELD_STRING);
      row->field = f;
      for (guint i = 0; i < self->n; i++)
        {
          const Column *col = &self->columns[i];

          row->applies[i] = FALSE;
          if (!rp_field_applies (f, col->scenario, &col->arch))
            continue;
          any_applies = TRUE;
          fill_field_cell (self, row, f, i);
        }
      row_compare (self, row);
      row->detail = TRUE;
      if (any_applies && row->differs)
        g_ptr_array_add (self->rows, row);
      else
        row_free (row);
    }
}

/* ---- helpers: result rows ------------------------------------------- */

static void
add_verdict_rows (RpCompare      *self,
                  const gboolean *all)
{
  RpCompareRow *row = row_new (self, "verdict", NULL, RP_COMPARE_ROW_RESULT,
                               RP_COMPARE_BETTER_NONE, TRUE);

  for (guint i = 0; i < self->n; i++)
    row->value_texts[i] = g_strdup (rp_compare_get_status (self, i));
  row_finish (self, row, all);

  row = row_new (self, "constraints", "unmet", RP_COMPARE_ROW_RESULT,
                 RP_COMPARE_BETTER_LOWER, FALSE);
  for (guint i = 0; i < self->n; i++)
    {
      const RpEstimate *est = self->columns[i].estimate;
      guint unmet = 0;

      if (est == NULL)
        continue;
      for (guint c = 0; c < RP_N_CONSTRAINTS; c++)
        unmet += est->constraints[c].judged && !est->constraints[c].ok;
      row->numbers[i] = unmet;
    }
  row_finish (self, row, all);
}

/* Whether some column has tokens per second (@with) or lacks them. */
static gboolean
any_tokens (const RpCompare *self,
            gboolean         with)
{
  for (guint i = 0; i < self->n; i++)
    {
      const RpEstimate *est = self->columns[i].estimate;

      if (est != NULL && est->compute.computed && (est->compute.tokens_per_s > 0) == with)
        return TRUE;
    }
  return FALSE;
}

static RpCompareBetter
better_of (const RpFigure *figure)
{
  switch (rp_figure_get_better (figure))
    {
    case RP_FIGURE_BETTER_LOWER:
      return RP_COMPARE_BETTER_LOWER;
    case RP_FIGURE_BETTER_HIGHER:
      return RP_COMPARE_BETTER_HIGHER;
    case RP_FIGURE_BETTER_NONE:
    default:
      return RP_COMPARE_BETTER_NONE;
    }
}

/* Money in the comparison's currency. */
static double
column_value (RpCompare      *self,
              guint           i,
              const RpFigure *figure)
{
  const RpEstimate *est = self->columns[i].estimate;
  double value;

  if (est == NULL || !rp_figure_get (figure, est, &value))
    return NAN;
  switch (rp_figure_get_unit (figure))
    {
    case RP_FIGURE_UNIT_MONEY:
    case RP_FIGURE_UNIT_MONEY_PER_GPU_HOUR:
    case RP_FIGURE_UNIT_MONEY_PER_MONTH:
      return rp_compare_convert_money (self, i, value);
    default:
      return value;
    }
}

static void
add_result_row (RpCompare      *self,
                const RpFigure *figure,
                const gboolean *rankable)
{
  RpCompareRow *row = row_new (self, rp_figure_get_key (figure), NULL, RP_COMPARE_ROW_RESULT,
                               better_of (figure), FALSE);

  row->figure = figure;
  for (guint i = 0; i < self->n; i++)
    {
      const RpEstimate *est = self->columns[i].estimate;

      row->numbers[i] = column_value (self, i, figure);
      /* bands are of memory, speed and time: no money to convert */
      if (est != NULL && rp_figure_get_band (figure, est, &row->lows[i], &row->highs[i]))
        row->has_band = TRUE;
      else
        row->lows[i] = row->highs[i] = NAN;
    }
  row_finish (self, row, rankable);
}

static void
add_results (RpCompare *self)
{
  g_autofree gboolean *all = g_new (gboolean, self->n);
  g_autofree gboolean *passes = g_new (gboolean, self->n);

  for (guint i = 0; i < self->n; i++)
    {
      all[i] = TRUE;
      passes[i] = column_passes (&self->columns[i]);
    }
  add_verdict_rows (self, all);
  for (guint r = 0; r < G_N_ELEMENTS (result_figures); r++)
    {
      const RpFigure *figure = rp_figures_lookup (result_figures[r]);

      if ((g_str_equal (result_figures[r], "compute.tokens_per_s") && !any_tokens (self, TRUE)) ||
          (g_str_equal (result_figures[r], "compute.samples_per_s") && !any_tokens (self, FALSE)))
        continue;
      add_result_row (self, figure, passes);
    }
}

/* ---- public API ----------------------------------------------------- */

RpCompare *
rp_compare_new (const RpCatalog          *catalog,
                const RpScenario *const  *scenarios,
                const char *const        *sources,
                guint                     n)
{
  RpCompare *self;
  g_autofree gboolean *all = NULL;

  g_return_val_if_fail (catalog != NULL, NULL);
  g_return_val_if_fail (scenarios != NULL, NULL);
  g_return_val_if_fail (n >= 1 && n <= RP_COMPARE_MAX_SCENARIOS, NULL);

  self = g_new0 (RpCompare, 1);
  self->catalog = catalog;
  self->n = n;
  self->currency = scenarios[0]->budget.currency;
  self->columns = g_new0 (Column, n);
  self->rows = g_ptr_array_new_with_free_func (row_free);
  for (guint i = 0; i < n; i++)
    column_init (self, &self->columns[i], i, scenarios[i], sources != NULL ? sources[i] : NULL);

  all = g_new (gboolean, n);
  for (guint i = 0; i < n; i++)
    all[i] = TRUE;
  add_model_row (self, all);
  add_enum_row (self, "training.method", &rp_method_info, all);
  add_gpu_rows (self, all);
  add_enum_row (self, "training.precision", &rp_precision_info, all);
  add_parallelism_row (self, all);
  add_enum_row (self, "budget.acquire", &rp_acquire_info, all);
  add_other_inputs (self, all);
  add_results (self);
  self->catalog = NULL;
  return self;
}

void
rp_compare_free (RpCompare *self)
{
  if (self == NULL)
    return;
  for (guint i = 0; i < self->n; i++)
    {
      Column *col = &self->columns[i];

      rp_scenario_free (col->scenario);
      rp_estimate_free (col->estimate);
      g_clear_error (&col->error);
      g_free (col->source);
      g_free (col->name);
    }
  g_free (self->columns);
  g_ptr_array_unref (self->rows);
  for (guint i = 0; self->decisions != NULL && i < self->n; i++)
    rp_decision_free (self->decisions[i]);
  g_free (self->decisions);
  g_free (self);
}

guint
rp_compare_get_n_columns (const RpCompare *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n;
}

#define CHECK_COLUMN(self, i, fallback) \
  G_STMT_START { \
    g_return_val_if_fail ((self) != NULL, fallback); \
    g_return_val_if_fail ((i) < (self)->n, fallback); \
  } G_STMT_END

const RpScenario *
rp_compare_get_scenario (const RpCompare *self,
                         guint            column)
{
  CHECK_COLUMN (self, column, NULL);
  return self->columns[column].scenario;
}

const RpEstimate *
rp_compare_get_estimate (const RpCompare *self,
                         guint            column)
{
  CHECK_COLUMN (self, column, NULL);
  return self->columns[column].estimate;
}

const GError *
rp_compare_get_error (const RpCompare *self,
                      guint            column)
{
  CHECK_COLUMN (self, column, NULL);
  return self->columns[column].error;
}

const char *
rp_compare_get_source (const RpCompare *self,
                       guint            column)
{
  CHECK_COLUMN (self, column, NULL);
  return self->columns[column].source;
}

const char *
rp_compare_get_letter (const RpCompare *self,
                       guint            column)
{
  CHECK_COLUMN (self, column, NULL);
  return self->columns[column].letter;
}

const char *
rp_compare_get_name (const RpCompare *self,
                     guint            column)
{
  CHECK_COLUMN (self, column, NULL);
  return self->columns[column].name;
}

const char *
rp_compare_get_status (const RpCompare *self,
                       guint            column)
{
  static const char *const statuses[] = { "fits", "tight", "does-not-fit" };
  const RpEstimate *est;

  CHECK_COLUMN (self, column, NULL);
  est = self->columns[column].estimate;
  return est != NULL ? statuses[est->level] : "error";
}

gboolean
rp_compare_column_passes (const RpCompare *self,
                          guint            column)
{
  CHECK_COLUMN (self, column, FALSE);
  return column_passes (&self->columns[column]);
}

guint
rp_compare_n_failing (const RpCompare *self)
{
  guint n = 0;

  g_return_val_if_fail (self != NULL, 0);
  for (guint i = 0; i < self->n; i++)
    n += !column_passes (&self->columns[i]);
  return n;
}

RpCurrency
rp_compare_get_currency (const RpCompare *self)
{
  g_return_val_if_fail (self != NULL, RP_CURRENCY_USD);
  return self->currency;
}

gboolean
rp_compare_is_converted (const RpCompare *self,
                         guint            column,
                         double          *out_usd_to_cny)
{
  CHECK_COLUMN (self, column, FALSE);
  if (out_usd_to_cny != NULL)
    *out_usd_to_cny = self->columns[column].usd_to_cny;
  return self->columns[column].converted;
}

double
rp_compare_convert_money (const RpCompare *self,
                          guint            column,
                          double           value)
{
  const Column *col;

  CHECK_COLUMN (self, column, NAN);
  col = &self->columns[column];
  if (!col->converted)
    return value;
  /* without a known rate, an amount that cannot be converted is none */
  if (!(col->usd_to_cny > 0) || !isfinite (col->usd_to_cny))
    return NAN;
  return rp_units_convert_money (value, col->scenario->budget.currency, self->currency,
                                 col->usd_to_cny);
}

guint
rp_compare_get_n_rows (const RpCompare *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->rows->len;
}

const RpCompareRow *
rp_compare_get_row (const RpCompare *self,
                    guint            i)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (i < self->rows->len, NULL);
  return g_ptr_array_index (self->rows, i);
}

void
rp_compare_set_row_texts (RpCompare  *self,
                          guint       i,
                          char       *label,
                          char      **texts)
{
  RpCompareRow *row;

  g_return_if_fail (self != NULL);
  g_return_if_fail (i < self->rows->len);

  row = g_ptr_array_index (self->rows, i);
  g_free (row->label);
  row->label = label;
  for (guint c = 0; c < row->n_columns; c++)
    {
      g_free (row->texts[c]);
      row->texts[c] = texts[c];
    }
  g_free (texts);
}

void
rp_compare_set_row_bands (RpCompare  *self,
                          guint       i,
                          char      **band_texts)
{
  RpCompareRow *row;

  g_return_if_fail (self != NULL);
  g_return_if_fail (i < self->rows->len);

  row = g_ptr_array_index (self->rows, i);
  for (guint c = 0; c < row->n_columns; c++)
    {
      g_free (row->band_texts[c]);
      row->band_texts[c] = band_texts[c];
    }
  g_free (band_texts);
}

const RpCompareRow *
rp_compare_find_row (const RpCompare *self,
                     const char      *key)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (key != NULL, NULL);

  for (guint i = 0; i < self->rows->len; i++)
    {
      const RpCompareRow *row = g_ptr_array_index (self->rows, i);

      if (g_str_equal (row->key, key))
        return row;
    }
  return NULL;
}

/* The recommendation of @d as machine text: "rent:a100-40gb-pcie:1:1",
 * "buy:…", "owned:…", or "none". */
static char *
decision_text (const RpDecision *d)
{
  const RpChoice *rec = d != NULL ? rp_decision_get_recommended (d) : NULL;

  if (rec == NULL || rec->gpu == NULL)
    return g_strdup ("none");
  return g_strdup_printf ("%s:%s:%u:%u", rec->kind == RP_CHOICE_OWNED ? "owned"
                                         : rp_choice_is_bought (rec) ? "buy" : "rent",
                          rec->gpu->id, rec->gpus, rec->nodes);
}

/* The index of the row of @key, or the rows' length. */
static guint
row_index (const RpCompare *self,
           const char      *key)
{
  for (guint i = 0; i < self->rows->len; i++)
    if (g_str_equal (((RpCompareRow *) g_ptr_array_index (self->rows, i))->key, key))
      return i;
  return self->rows->len;
}

void
rp_compare_add_decisions (RpCompare   *self,
                          RpDecision **decisions)
{
  RpCompareRow *row;
  guint at;

  g_return_if_fail (self != NULL && decisions != NULL);

  for (guint i = 0; self->decisions != NULL && i < self->n; i++)
    rp_decision_free (self->decisions[i]);
  g_free (self->decisions);
  self->decisions = decisions;
  at = row_index (self, "decision");
  if (at < self->rows->len)
    g_ptr_array_remove_index (self->rows, at);
  row = row_new (self, "decision", NULL, RP_COMPARE_ROW_RESULT, RP_COMPARE_BETTER_NONE, TRUE);
  for (guint i = 0; i < self->n; i++)
    row->value_texts[i] = decision_text (decisions[i]);
  row_compare (self, row);
  /* after the verdict and the checks: the answer to each */
  g_ptr_array_insert (self->rows, (gint) MIN (row_index (self, "constraints") + 1, self->rows->len),
                      row);
}

RpDecision **
rp_compare_decide (const RpCompare *self,
                   const RpCatalog *catalog,
                   GDate           *today)
{
  RpDecision **decisions;

  g_return_val_if_fail (self != NULL && catalog != NULL, NULL);

  decisions = g_new0 (RpDecision *, self->n);
  for (guint i = 0; i < self->n; i++)
    if (self->columns[i].estimate != NULL)
      decisions[i] = rp_decision_compute (self->columns[i].scenario, catalog,
                                          self->columns[i].estimate, today, NULL, NULL);
  return decisions;
}

const RpDecision *
rp_compare_get_decision (const RpCompare *self,
                         guint            column)
{
  CHECK_COLUMN (self, column, NULL);
  return self->decisions != NULL ? self->decisions[column] : NULL;
}

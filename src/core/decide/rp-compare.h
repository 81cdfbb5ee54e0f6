/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-compare.h: several scenarios side by side, as rows of a table
 *
 * rp_compare_new() estimates each scenario and builds the rows that the
 * window's Compare view, `rigplan-cli compare` (text, JSON, CSV) and the
 * compare report all show: the key inputs, every other input that
 * differs, then the results (figures of the figure table).  A row knows
 * its values as numbers (in stored units: bytes, days, money in the
 * comparison's currency) or as machine text, which column holds the best
 * value (among the scenarios that meet every check) and whether the
 * columns differ.  How each reads (its label and
 * texts) is words/' work: rp_words_compare_new() builds and words it.
 *
 * Money is compared in one currency, the first scenario's: the others'
 * amounts are converted at the rate their own estimate used
 * (rp_words_compare_currency_note() says so).  A scenario that cannot be
 * estimated keeps its column: its results are "—" and its error says why.
 * Pure: no I/O, no clock. */
#pragma once

#include "rp-decision.h"
#include "rp-estimate.h"
#include "rp-fields.h"
#include "rp-figures.h"

G_BEGIN_DECLS

/* Columns are lettered A, B, …; the window and the report lay out at
 * most RP_COMPARE_MAX_SHOWN of them. */
#define RP_COMPARE_MAX_SCENARIOS 26
#define RP_COMPARE_MAX_SHOWN 6

typedef enum
{
  RP_COMPARE_ROW_INPUT,
  RP_COMPARE_ROW_RESULT,
} RpCompareRowKind;

/* Which way a row's value is better; NONE: not ranked (text, inputs). */
typedef enum
{
  RP_COMPARE_BETTER_NONE,
  RP_COMPARE_BETTER_LOWER,
  RP_COMPARE_BETTER_HIGHER,
} RpCompareBetter;

typedef struct
{
  const char       *key;        /* static: "memory.total", "hardware.gpus", … */
  guint             n_columns;  /* the length of each array below */
  const char       *unit;       /* static machine unit ("bytes", "days", "money"); "" none */
  const RpField    *field;      /* the input's field, or NULL */
  const RpFigure   *figure;     /* the result's figure, or NULL */
  char             *label;      /* owned, translated; NULL until worded */
  RpCompareRowKind  kind;
  RpCompareBetter   better;
  gboolean          is_text;    /* values are texts (value_texts), not numbers */
  double           *numbers;    /* owned, n_columns; NAN: none */
  char            **value_texts; /* owned, n_columns; machine text ("rtx-4090"), NULL: none */
  char            **texts;      /* owned, n_columns; as shown ("—" for none); NULL until
                                 * worded (rp_words_compare_describe) */
  gboolean         *applies;    /* owned, n_columns: the field applies to the column */
  int               best;       /* the first column holding the best value; -1: none */
  gboolean         *is_best;    /* owned, n_columns: holds the best value (ties too) */
  gboolean          differs;    /* the columns do not all hold the same value */
  gboolean          detail;     /* an input beyond the key ones (shown only
                                 * because it differs): views may fold these */
  gboolean          has_band;   /* a column's figure has a band (rp-bands.h) */
  double           *lows;       /* owned, n_columns: the band's ends; NAN: none */
  double           *highs;
  char            **band_texts; /* owned, n_columns: "19.8–23.5 GiB"; NULL: none;
                                 * worded with the texts */
} RpCompareRow;

typedef struct _RpCompare RpCompare;

/* Estimates @scenarios (copied) against @catalog and builds the rows.
 * @sources: the file each came from, for names and the JSON (may be NULL,
 * or hold NULLs).  1 ≤ @n ≤ RP_COMPARE_MAX_SCENARIOS.  Never fails: a
 * scenario that cannot be estimated is a column with an error.
 * Transfer full. */
RpCompare          *rp_compare_new             (const RpCatalog   *catalog,
                                                const RpScenario *const *scenarios,
                                                const char *const *sources,
                                                guint              n);
void                rp_compare_free            (RpCompare         *self);

guint               rp_compare_get_n_columns   (const RpCompare   *self);
const RpScenario   *rp_compare_get_scenario    (const RpCompare   *self,
                                                guint              column);
/* NULL when the scenario could not be estimated (then get_error). */
const RpEstimate   *rp_compare_get_estimate    (const RpCompare   *self,
                                                guint              column);
const GError       *rp_compare_get_error       (const RpCompare   *self,
                                                guint              column);
const char         *rp_compare_get_source      (const RpCompare   *self,
                                                guint              column);
/* "A", "B", …: how the table's columns and the charts' legends refer to
 * each scenario. */
const char         *rp_compare_get_letter      (const RpCompare   *self,
                                                guint              column);
/* The scenario's name, else its file's name; NULL when it has neither
 * (rp_words_compare_name() says "Untitled"). */
const char         *rp_compare_get_name        (const RpCompare   *self,
                                                guint              column);
/* The verdict's level as the window's banner shows it: "fits", "tight",
 * "does-not-fit", or "error" when it could not be estimated. */
const char         *rp_compare_get_status      (const RpCompare   *self,
                                                guint              column);
/* Whether every check of the scenario holds.  Results are ranked (the
 * rows' best) only among the columns that pass. */
gboolean            rp_compare_column_passes   (const RpCompare   *self,
                                                guint              column);
/* How many columns miss a check or could not be estimated. */
guint               rp_compare_n_failing       (const RpCompare   *self);
/* The currency every money row is in, and the rate (CNY per USD) that
 * converted column @column's money into it (1 when not converted). */
RpCurrency          rp_compare_get_currency    (const RpCompare   *self);
gboolean            rp_compare_is_converted    (const RpCompare   *self,
                                                guint              column,
                                                double            *out_usd_to_cny);
/* @value in column @column's currency, in the comparison's currency. */
double              rp_compare_convert_money   (const RpCompare   *self,
                                                guint              column,
                                                double             value);

guint               rp_compare_get_n_rows      (const RpCompare   *self);
const RpCompareRow *rp_compare_get_row         (const RpCompare   *self,
                                                guint              i);
/* Sets row @i's label and texts (transfer full: @texts holds n_columns
 * strings; the array itself is freed): for words/, which writes them. */
void                rp_compare_set_row_texts   (RpCompare         *self,
                                                guint              i,
                                                char              *label,
                                                char             **texts);
/* Sets row @i's band texts (transfer full, as rp_compare_set_row_texts;
 * NULLs where a column has no band). */
void                rp_compare_set_row_bands   (RpCompare         *self,
                                                guint              i,
                                                char             **band_texts);
/* The row of @key, or NULL when the comparison has none (an input that
 * does not differ, tokens/s of vision models). */
const RpCompareRow *rp_compare_find_row        (const RpCompare   *self,
                                                const char        *key);

/* The decision on each column's scenario (rp_decision_compute on its
 * estimate, dated @today; NULL where it has none or cannot be decided):
 * n entries, transfer full, for rp_compare_add_decisions().  Plans every
 * scenario: a tenth of a second to a second each, for a thread. */
RpDecision        **rp_compare_decide          (const RpCompare   *self,
                                                const RpCatalog   *catalog,
                                                GDate             *today);
/* Takes @decisions (as rp_compare_decide() gives them) and adds the row
 * "decision" after the checks: each scenario's recommended machine as
 * machine text ("rent:a100-40gb-pcie:1:1", "none").  Word it again
 * (rp_words_compare_describe) after. */
void                rp_compare_add_decisions   (RpCompare         *self,
                                                RpDecision       **decisions);
/* Column @column's decision, or NULL (none added, or none for it). */
const RpDecision   *rp_compare_get_decision    (const RpCompare   *self,
                                                guint              column);

/* Output for scripts.  JSON: {"currency", "scenarios": [{"letter",
 * "name", "file", "status", "verdict", "error"}], "rows": [{"key",
 * "label", "kind", "unit", "better", "values", "texts", "best",
 * "differs", "detail"}]}; numbers in stored units, null where none.  CSV (RFC
 * 4180): key, label, unit, best, then one column per scenario, values as
 * in the JSON, numbers in the C locale.  Transfer full. */
char               *rp_compare_to_json         (const RpCompare   *self);
char               *rp_compare_to_csv          (const RpCompare   *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpCompare, rp_compare_free)

G_END_DECLS

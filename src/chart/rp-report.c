/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-report.c: the PDF plan
 *
 * Builds the document from core's words (rp-words.h), core's estimate
 * and the chart painters; the only words written here are headings and
 * column titles.  The sections follow the order a reader who signs the
 * purchase order asks in: what is asked and the answer, what went in,
 * then memory, time, money, the machine, and what could go wrong. */

#include "config.h"

#include "rp-report.h"

#include "rp-error.h"
#include "rp-fields.h"
#include "rp-file.h"
#include "rp-fix.h"
#include "rp-planner.h"
#include "rp-words.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#ifdef HAVE_NL_PAPER
#include <langinfo.h>
#endif

/* ---- private structs ------------------------------------------------ */

typedef struct
{
  RpDoc            *doc;        /* borrowed */
  /* the plan the document details: the decision's recommendation, or the
   * scenario as asked when nothing is recommended */
  const RpScenario *scenario;
  const RpCatalog  *catalog;
  const RpEstimate *est;
  /* the scenario as the user asked it, and its estimate (with its fix) */
  const RpScenario *asked;
  const RpEstimate *asked_est;
  const RpDecision *decision;   /* the one answer (borrowed or owned below) */
  RpDecision       *own_decision; /* owned: decided here when the caller did not */
  RpEstimate       *plan_est;   /* owned: the recommendation's estimate */
  GDate            *today;      /* borrowed */
  char             *date;       /* owned: "2026-12-01" */
  RpChartStyle      chart;      /* the charts' print style (rp_report_init_styles) */
} Builder;

/* Body text in points: 9.5 pt reads like a printed datasheet and keeps
 * the tables of inputs to two pages. */
static const double body_size_pt = 9.5;
static const double chart_font_size_pt = 8.5;
static const double chart_height_pt = 290;
static const guint figures_per_row = 4;

static const struct
{
  const char *name;
  double      width_pt;
  double      height_pt;
} papers[RP_N_PAPERS] = {
  /* ISO 216: 210 × 297 mm; ANSI/ASME Y14.1: 8.5 × 11 in */
  [RP_PAPER_A4] = { "a4", 595.2756, 841.8898 },
  [RP_PAPER_LETTER] = { "letter", 612, 792 },
};

/* ---- helpers -------------------------------------------------------- */

static const char *
severity_mark (gboolean    ok,
               RpSeverity  severity)
{
  return ok ? "✓" : severity == RP_SEVERITY_ERROR ? "✗" : "!";
}

static RpChartInk
severity_ink (gboolean    ok,
              RpSeverity  severity)
{
  return ok ? RP_CHART_INK_GOOD : severity == RP_SEVERITY_ERROR ? RP_CHART_INK_DANGER
                                                                : RP_CHART_INK_WARNING;
}

static RpDocRowFlags
row_flags (RpWordsRowKind kind)
{
  return kind == RP_WORDS_ROW_PART ? RP_DOC_ROW_PART
         : kind == RP_WORDS_ROW_TOTAL ? RP_DOC_ROW_TOTAL : RP_DOC_ROW_PLAIN;
}

/* Sets core's rows (taken) as a table: label, value, then the share
 * (memory) or the note when @extra_title is set. */
static void
add_rows (Builder    *b,
          GPtrArray  *rows,
          const char *label_title,
          const char *value_title,
          const char *extra_title)
{
  gboolean shares = rows->len > 0 &&
                    ((RpWordsRow *) g_ptr_array_index (rows, 0))->share != NULL;
  const RpDocColumn columns[] = {
    { label_title, RP_DOC_ALIGN_START, 1 },
    { value_title, RP_DOC_ALIGN_END, 0 },
    { extra_title, shares ? RP_DOC_ALIGN_END : RP_DOC_ALIGN_START, 2 },
  };
  RpDocTable *table = rp_doc_add_table (b->doc, columns, extra_title != NULL ? 3 : 2);

  for (guint i = 0; i < rows->len; i++)
    {
      const RpWordsRow *row = g_ptr_array_index (rows, i);
      const char *cells[] = { row->label, row->value, shares ? row->share : row->note };

      rp_doc_table_add_row (table, row_flags (row->kind), RP_CHART_INK_FG, cells);
    }
  g_ptr_array_unref (rows);
}

/* The charts of the plan detailed, with the machine asked about among
 * the VRAM and time charts' GPUs when the plan is another. */
static void
add_chart (Builder     *b,
           RpChartKind  kind)
{
  const RpGpu *also = b->scenario != b->asked ? b->asked_est->gpu : NULL;

  rp_report_add_chart (b->doc, rp_chart_data_new_also (kind, b->scenario, b->catalog, b->est,
                                                       also),
                       &b->chart, chart_height_pt);
}

static void
add_paragraph (Builder    *b,
               const char *text)
{
  if (text != NULL && *text != '\0')
    rp_doc_add_paragraph (b->doc, RP_DOC_TEXT_BODY, RP_CHART_INK_FG, text);
}

/* ---- the summary ---------------------------------------------------- */

/* The user's scenario as asked: its verdict, each check, the fix. */
static void
add_verdict (Builder *b)
{
  const RpEstimate *est = b->asked_est;
  g_autofree char *title = rp_words_verdict_title (b->asked, est);
  g_autofree char *detail = rp_words_verdict_detail (b->asked, b->catalog, est);
  g_autofree char *lead = g_strdup_printf ("%s %s", severity_mark (est->level == RP_SEVERITY_INFO,
                                                                   est->level), title);

  rp_doc_add_paragraph (b->doc, RP_DOC_TEXT_LEAD,
                        severity_ink (est->level == RP_SEVERITY_INFO, est->level), lead);
  add_paragraph (b, detail);
}

static void
add_checks (Builder *b)
{
  const RpDocColumn columns[] = {
    { "", RP_DOC_ALIGN_START, 0 },
    /* TRANSLATORS: column headings of the PDF plan's table of checks */
    { _("Check"), RP_DOC_ALIGN_START, 0 },
    { _("Finding"), RP_DOC_ALIGN_START, 1 },
  };
  RpDocTable *table;

  rp_doc_add_heading (b->doc, 2, _("Checks"));
  table = rp_doc_add_table (b->doc, columns, G_N_ELEMENTS (columns));
  for (guint i = 0; i < RP_N_CONSTRAINTS; i++)
    {
      const RpConstraint *c = &b->asked_est->constraints[i];
      g_autofree char *finding = NULL;
      const char *cells[3];

      if (!c->judged)
        continue;
      finding = rp_words_constraint (i, c, b->asked, b->asked_est);
      cells[0] = severity_mark (c->ok, c->severity);
      cells[1] = rp_words_constraint_name (i);
      cells[2] = finding;
      rp_doc_table_add_row (table, RP_DOC_ROW_PLAIN, severity_ink (c->ok, c->severity), cells);
    }
}

/* The scenario fields a fix changes, before and after. */
static void
add_fix_changes (Builder *b)
{
  const RpDocColumn columns[] = {
    /* TRANSLATORS: column headings of the PDF plan's table of a fix's changes */
    { _("Setting"), RP_DOC_ALIGN_START, 1 },
    { _("Now"), RP_DOC_ALIGN_START, 1 },
    { _("With the fix"), RP_DOC_ALIGN_START, 1 },
  };
  const GArray *changes = b->asked_est->fix.changes;
  g_autoptr(RpScenario) fixed = NULL;
  RpDocTable *table;

  if (changes == NULL || changes->len == 0)
    return;
  fixed = rp_fix_apply (b->asked, b->catalog, &b->asked_est->fix, NULL);
  if (fixed == NULL)
    return;
  table = rp_doc_add_table (b->doc, columns, G_N_ELEMENTS (columns));
  for (guint i = 0; i < changes->len; i++)
    {
      const RpChange *change = &g_array_index (changes, RpChange, i);
      const RpField *f = rp_fields_lookup (change->key);
      g_autofree char *from = NULL;
      g_autofree char *to = NULL;
      const char *cells[3];

      if (f == NULL)
        continue;
      from = rp_words_field_value (f, f->arch_bit != 0 ? (gconstpointer) &b->asked->model.arch
                                                       : (gconstpointer) b->asked,
                                   b->asked, b->catalog);
      to = rp_words_field_value (f, f->arch_bit != 0 ? (gconstpointer) &fixed->model.arch
                                                     : (gconstpointer) fixed,
                                 fixed, b->catalog);
      cells[0] = rp_field_get_label (f);
      cells[1] = from;
      cells[2] = to;
      rp_doc_table_add_row (table, RP_DOC_ROW_PLAIN, RP_CHART_INK_FG, cells);
    }
}

/* The verdict's detail already says the fix (rp_words_verdict_detail):
 * here, what it changes in the scenario. */
static void
add_fix (Builder *b)
{
  const RpFix *fix = &b->asked_est->fix;

  if (fix->status != RP_FIX_FOUND || fix->changes == NULL || fix->changes->len == 0)
    return;
  rp_doc_add_heading (b->doc, 2, _("Fix"));
  add_fix_changes (b);
}

/* The one answer (rp-decision.h): the recommendation and why, then the
 * alternatives, each with its label. */
static void
add_decision (Builder *b)
{
  const RpDecision *d = b->decision;
  const RpChoice *rec = rp_decision_get_recommended (d);
  g_autofree char *headline = rp_words_decision_headline (d);
  g_autofree char *why = rp_words_decision_why (d);
  g_autofree char *lead = g_strdup_printf ("%s %s", rec != NULL ? "→" : "✗", headline);

  rp_doc_add_paragraph (b->doc, RP_DOC_TEXT_LEAD,
                        rec != NULL ? RP_CHART_INK_ACCENT : RP_CHART_INK_DANGER, lead);
  add_paragraph (b, why);
  if (d->n_choices > (rec != NULL ? 1u : 0u))
    rp_doc_add_heading (b->doc, 2, _("Alternatives"));
  for (guint i = rec != NULL ? 1 : 0; i < d->n_choices; i++)
    {
      const RpChoice *c = &d->choices[i];
      g_autofree char *sentence = rp_words_choice (c);
      g_autofree char *item = NULL;

      /* TRANSLATORS: an alternative in the PDF plan: its label ("Cheapest rental"), the sentence */
      item = g_strdup_printf (_("%s: %s"), rp_words_choice_label (c->kind), sentence);
      rp_doc_add_item (b->doc, "·", rp_choice_meets_limits (c) ? RP_CHART_INK_FG
                                                                : RP_CHART_INK_WARNING, item);
    }
}

static void
add_key_figures (Builder *b)
{
  RpWordsFigureText figures[RP_WORDS_N_FIGURES];

  rp_doc_add_heading (b->doc, 2, _("Key figures"));
  rp_words_figures (b->scenario, b->est, figures);
  for (guint i = 0; i < RP_WORDS_N_FIGURES; i++)
    rp_doc_add_card (b->doc, figures_per_row, figures[i].caption, figures[i].value,
                     figures[i].detail);
  rp_words_figures_clear (figures);
}

/* Whether the document details another machine than the one asked. */
static gboolean
plan_is_another (const Builder *b)
{
  const RpChoice *rec = b->decision != NULL ? rp_decision_get_recommended (b->decision) : NULL;

  return rec != NULL && b->scenario == rec->scenario;
}

/* One page a signer reads: the question, the answer and why, the
 * alternatives, the answer's key figures; then the machine the user
 * asked about, its checks and its fix. */
static void
add_summary (Builder *b)
{
  g_autofree char *question = rp_words_question (b->asked, b->catalog, b->asked_est);

  rp_doc_add_heading (b->doc, 1, _("Summary"));
  add_paragraph (b, question);
  if (b->decision != NULL)
    add_decision (b);
  add_key_figures (b);
  if (b->decision == NULL || plan_is_another (b))
    {
      if (b->decision != NULL)
        {
          /* the answer on a page of its own; the machine asked and the
           * details of the plan follow */
          rp_doc_add_page_break (b->doc);
          rp_doc_add_heading (b->doc, 1, _("Your machine as asked"));
        }
      add_verdict (b);
    }
  add_fix (b);
  add_checks (b);
}

/* ---- inputs --------------------------------------------------------- */

static const char *
section_title (RpSection section)
{
  switch (section)
    {
    case RP_SECTION_MODEL:
      return _("Model");
    case RP_SECTION_TRAINING:
      return _("Training");
    case RP_SECTION_HARDWARE:
      return _("Hardware");
    case RP_SECTION_BUDGET:
      return _("Budget");
    case RP_SECTION_PLANNER:
      /* the Plan view's words for the "planner" section */
      return _("What the planner may choose");
    case RP_SECTION_NONE:
    case RP_N_SECTIONS:
    default:
      return "";
    }
}

static void
add_input_section (Builder   *b,
                   RpSection  section)
{
  const RpDocColumn columns[] = {
    /* TRANSLATORS: column headings of the PDF plan's tables of inputs */
    { _("Setting"), RP_DOC_ALIGN_START, 1 },
    { _("Value"), RP_DOC_ALIGN_START, 1 },
    { _("From"), RP_DOC_ALIGN_START, 1.5 },
  };
  RpDocTable *table;

  rp_doc_add_heading (b->doc, 2, section_title (section));
  table = rp_doc_add_table (b->doc, columns, G_N_ELEMENTS (columns));
  for (guint i = 0; i < rp_fields_n (); i++)
    {
      const RpField *f = rp_fields_get (i);
      g_autofree char *value = NULL;
      g_autofree char *origin = NULL;
      const char *cells[3];

      if (f->section != section || !rp_field_applies (f, b->scenario, &b->est->arch))
        continue;
      rp_words_input (f, b->scenario, b->catalog, b->est, b->today, &value, &origin);
      cells[0] = rp_field_get_label (f);
      cells[1] = value;
      cells[2] = origin;
      rp_doc_table_add_row (table, RP_DOC_ROW_PLAIN, RP_CHART_INK_FG, cells);
    }
}

static void
add_inputs (Builder *b)
{
  if (!plan_is_another (b))
    rp_doc_add_page_break (b->doc);
  rp_doc_add_heading (b->doc, 1, _("Inputs"));
  if (plan_is_another (b))
    {
      g_autofree char *machine = rp_words_choice (rp_decision_get_recommended (b->decision));
      /* TRANSLATORS: before the inputs of the PDF plan, when the plan is
       * another machine than the one asked; %s is the recommendation */
      g_autofree char *note = g_strdup_printf (_("From here on, the pages detail the "
                                                 "recommended plan: %s."), machine);

      rp_doc_add_item (b->doc, "→", RP_CHART_INK_ACCENT, note);
    }
  rp_doc_add_paragraph (b->doc, RP_DOC_TEXT_SMALL, RP_CHART_INK_MUTED,
                        _("“Yours” marks a value the scenario sets. The others come from the "
                          "catalogs, with the date of their source, or from Rigplan’s models; "
                          "the sources are listed at the end."));
  for (RpSection s = RP_SECTION_MODEL; s < RP_N_SECTIONS; s++)
    add_input_section (b, s);
}

/* ---- memory, time, cost, machine ------------------------------------ */

static void
add_memory (Builder *b)
{
  const RpFix *fix = &b->est->fix;

  rp_doc_add_page_break (b->doc);
  rp_doc_add_heading (b->doc, 1, _("Memory per GPU"));
  if (b->est->memory.computed)
    /* TRANSLATORS: column headings of the memory table */
    add_rows (b, rp_words_memory_table (b->est), _("Part"), _("Size"), _("of GPU"));
  if (b->est->constraints[RP_CONSTRAINT_VRAM].judged)
    {
      g_autofree char *vram = rp_words_constraint (RP_CONSTRAINT_VRAM,
                                                   &b->est->constraints[RP_CONSTRAINT_VRAM],
                                                   b->scenario, b->est);

      add_paragraph (b, vram);
    }
  if (fix->status != RP_FIX_NONE && fix->constraint == RP_CONSTRAINT_VRAM)
    {
      g_autofree char *sentence = rp_words_fix_sentence (b->catalog, b->est);

      add_paragraph (b, sentence);
    }
  add_chart (b, RP_CHART_VRAM);
}

static void
add_time (Builder *b)
{
  rp_doc_add_heading (b->doc, 1, _("Time"));
  if (b->est->compute.computed)
    /* TRANSLATORS: column headings of the PDF plan's time and machine
     * tables; the notes hold each figure's band ("likely 2.1–2.9 days") */
    add_rows (b, rp_words_time_table (b->est), _("Item"), _("Value"), _("Note"));
  add_chart (b, RP_CHART_TIME);
}

/* The user's measurement the estimate is calibrated to: what it
 * corrects, and measured against predicted, part by part. */
static void
add_calibration (Builder *b)
{
  const RpCalibration *cal = b->est->calibration;
  const RpDocColumn columns[] = {
    /* TRANSLATORS: column headings of the PDF plan's calibration table */
    { _("Part"), RP_DOC_ALIGN_START, 1 },
    { _("Measured"), RP_DOC_ALIGN_END, 0 },
    { _("Predicted"), RP_DOC_ALIGN_END, 0 },
    { _("Calibrated"), RP_DOC_ALIGN_END, 0 },
  };
  g_autofree char *sentence = NULL;
  RpDocTable *table;

  if (cal == NULL)
    return;
  rp_doc_add_heading (b->doc, 2, _("Calibrated to your measurement"));
  sentence = rp_words_calibrated (cal, b->est->gpu);
  add_paragraph (b, sentence);
  table = rp_doc_add_table (b->doc, columns, G_N_ELEMENTS (columns));
  for (guint i = 0; i < cal->n_rows; i++)
    {
      const RpCalibrationRow *r = &cal->rows[i];
      g_autofree char *measured = rp_words_calibration_value (r->part, r->measured);
      g_autofree char *predicted = rp_words_calibration_compared (r->part, r->predicted,
                                                                  r->measured);
      g_autofree char *calibrated = rp_words_calibration_compared (r->part, r->calibrated,
                                                                   r->measured);
      const char *cells[] = { rp_words_calibration_part (r->part), measured, predicted,
                              calibrated };

      rp_doc_table_add_row (table, RP_DOC_ROW_PLAIN, RP_CHART_INK_FG, cells);
    }
}

static void
add_cost (Builder *b)
{
  const RpCostEstimate *c = &b->est->cost;
  static const RpWordsFigure shown[] = {
    RP_WORDS_FIGURE_RENT, RP_WORDS_FIGURE_CAPITAL, RP_WORDS_FIGURE_MONTHLY,
  };
  RpWordsFigureText figures[RP_WORDS_N_FIGURES];
  g_autofree char *heading = NULL;
  g_autofree char *break_even = NULL;
  g_autofree char *stale = NULL;

  /* the money is what the signer reads closest: on a page of its own */
  rp_doc_add_page_break (b->doc);
  if (!c->computed)
    {
      rp_doc_add_heading (b->doc, 1, _("Cost"));
      add_chart (b, RP_CHART_COST);
      return;
    }
  heading = rp_words_cost_heading (c);
  rp_doc_add_heading (b->doc, 1, heading);
  rp_words_figures (b->scenario, b->est, figures);
  for (guint i = 0; i < G_N_ELEMENTS (shown); i++)
    rp_doc_add_card (b->doc, G_N_ELEMENTS (shown), figures[shown[i]].caption,
                     figures[shown[i]].value, figures[shown[i]].detail);
  rp_words_figures_clear (figures);
  break_even = rp_words_break_even (c);
  add_paragraph (b, break_even);
  /* TRANSLATORS: column headings of the PDF plan's cost table */
  add_rows (b, rp_words_cost_table (b->est, b->today), _("Item"), _("Amount"), _("Details"));
  stale = rp_words_stale_prices (b->est, b->today);
  if (stale != NULL)
    rp_doc_add_item (b->doc, "!", RP_CHART_INK_WARNING, stale);
  add_chart (b, RP_CHART_COST);
  add_chart (b, RP_CHART_BREAK_EVEN);
}

static void
add_machine (Builder *b)
{
  g_autofree char *machine = rp_words_machine (b->catalog, &b->est->bom);

  rp_doc_add_heading (b->doc, 1, _("Machine to get (per node)"));
  if (machine == NULL)
    {
      add_paragraph (b, _("The machine to get appears here once the run can be timed."));
      return;
    }
  add_paragraph (b, machine);
  /* TRANSLATORS: column headings of the PDF plan's bill of materials */
  add_rows (b, rp_words_machine_table (b->catalog, &b->est->bom), _("Item"), _("Per node"),
            _("Note"));
}

/* ---- advice, assumptions, sources ----------------------------------- */

static void
add_advice (Builder *b)
{
  g_auto(GStrv) assumptions = rp_words_assumptions (b->scenario, b->est);

  rp_doc_add_heading (b->doc, 1, _("Advice and risks"));
  if (b->est->n_warnings == 0)
    add_paragraph (b, _("Nothing to warn about."));
  for (guint i = 0; i < b->est->n_warnings; i++)
    {
      const RpWarning *w = &b->est->warnings[i];
      g_autofree char *sentence = rp_words_advice (w, b->scenario, b->catalog, b->est);

      rp_doc_add_item (b->doc, w->severity == RP_SEVERITY_INFO ? "•" : "!",
                       w->severity == RP_SEVERITY_ERROR ? RP_CHART_INK_DANGER
                       : w->severity == RP_SEVERITY_WARNING ? RP_CHART_INK_WARNING
                       : RP_CHART_INK_MUTED, sentence);
    }
  rp_doc_add_heading (b->doc, 2, _("Assumptions"));
  for (guint i = 0; assumptions[i] != NULL; i++)
    rp_doc_add_item (b->doc, "•", RP_CHART_INK_MUTED, assumptions[i]);
}

static void
add_sources (Builder *b)
{
  const RpDocColumn columns[] = {
    /* TRANSLATORS: column headings of the PDF plan's table of sources */
    { _("For"), RP_DOC_ALIGN_START, 1 },
    { _("Entry"), RP_DOC_ALIGN_START, 1 },
    { _("Source"), RP_DOC_ALIGN_START, 3 },
    { _("As of"), RP_DOC_ALIGN_START, 0 },
  };
  g_autoptr(GPtrArray) compared = rp_chart_compared_gpus (b->scenario, b->catalog, b->est);
  g_autoptr(GPtrArray) sources = rp_words_sources (b->scenario, b->catalog, b->est, compared,
                                                   b->today);
  RpDocTable *table;

  rp_doc_add_heading (b->doc, 2, _("Sources"));
  table = rp_doc_add_table (b->doc, columns, G_N_ELEMENTS (columns));
  rp_doc_table_set_small (table, TRUE);
  for (guint i = 0; i < sources->len; i++)
    {
      const RpWordsSource *src = g_ptr_array_index (sources, i);
      g_autofree char *source = src->note != NULL ? g_strdup_printf ("%s\n%s", src->source,
                                                                     src->note)
                                                  : g_strdup (src->source);
      const char *cells[] = { src->what, src->name, source, src->as_of };

      rp_doc_table_add_row (table, RP_DOC_ROW_PLAIN,
                            src->note != NULL ? RP_CHART_INK_WARNING : RP_CHART_INK_FG, cells);
    }
}

static void
add_closing (Builder *b)
{
  g_autofree char *line = NULL;

  /* TRANSLATORS: the PDF plan's last line: the date, the version */
  line = g_strdup_printf (_("Prepared on %s with Rigplan %s, from the catalogs and models "
                            "described above."), b->date, PACKAGE_VERSION);
  rp_doc_add_space (b->doc, 8);
  rp_doc_add_paragraph (b->doc, RP_DOC_TEXT_SMALL, RP_CHART_INK_MUTED, line);
}

/* ---- helpers: the plan detailed ------------------------------------ */

/* The decision the document gives (the caller's, else decided here from
 * the asked scenario's estimate), and the plan it details: the
 * recommendation estimated, or the scenario as asked. */
static void
decide (Builder               *b,
        const RpReportOptions *options)
{
  const RpChoice *rec;

  b->decision = options->decision;
  if (b->decision == NULL)
    b->decision = b->own_decision = rp_decision_compute (b->asked, b->catalog, b->asked_est,
                                                         b->today, NULL, NULL);
  b->scenario = b->asked;
  b->est = b->asked_est;
  rec = b->decision != NULL ? rp_decision_get_recommended (b->decision) : NULL;
  if (rec == NULL || rec->kind == RP_CHOICE_YOURS)
    return;
  b->plan_est = rp_estimate_new ();
  if (!rp_fix_estimate (rec->scenario, b->catalog, b->plan_est, NULL))
    {
      g_clear_pointer (&b->plan_est, rp_estimate_free);
      return;
    }
  b->scenario = rec->scenario;
  b->est = b->plan_est;
}

/* ---- helpers: files ------------------------------------------------- */

static GDateTime *
options_date (const RpReportOptions *options)
{
  return options->date != NULL ? g_date_time_ref (options->date) : g_date_time_new_now_local ();
}

static const char *
author_of (const RpReportOptions *options)
{
  if (options->author != NULL)
    return options->author;
  return g_strcmp0 (g_get_real_name (), "Unknown") != 0 ? g_get_real_name ()
                                                       : g_get_user_name ();
}

static const char *
title_or_untitled (const char *title)
{
  return title != NULL && *title != '\0' ? title : _("Untitled scenario");
}

/* ---- public API ----------------------------------------------------- */

const char *
rp_paper_to_string (RpPaper paper)
{
  g_return_val_if_fail ((guint) paper < RP_N_PAPERS, NULL);
  return papers[paper].name;
}

gboolean
rp_paper_from_string (const char *s,
                      RpPaper    *out)
{
  g_return_val_if_fail (out != NULL, FALSE);

  for (guint i = 0; s != NULL && i < RP_N_PAPERS; i++)
    if (g_ascii_strcasecmp (s, papers[i].name) == 0)
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

RpPaper
rp_paper_default (void)
{
#ifdef HAVE_NL_PAPER
  /* glibc's LC_PAPER gives millimetres; Letter is 216 × 279 */
  int width_mm = (int) (gintptr) nl_langinfo (_NL_PAPER_WIDTH);
  int height_mm = (int) (gintptr) nl_langinfo (_NL_PAPER_HEIGHT);

  if (width_mm == 216 && height_mm == 279)
    return RP_PAPER_LETTER;
#endif
  return RP_PAPER_A4;
}

void
rp_paper_get_size (RpPaper  paper,
                   double  *width_pt,
                   double  *height_pt)
{
  g_return_if_fail ((guint) paper < RP_N_PAPERS);

  if (width_pt != NULL)
    *width_pt = papers[paper].width_pt;
  if (height_pt != NULL)
    *height_pt = papers[paper].height_pt;
}

void
rp_report_options_init (RpReportOptions *options)
{
  g_return_if_fail (options != NULL);

  options->paper = rp_paper_default ();
  options->date = NULL;
  options->author = NULL;
  options->decision = NULL;
}

void
rp_report_init_styles (RpChartStyle *text,
                       RpChartStyle *chart)
{
  g_return_if_fail (text != NULL && chart != NULL);

  rp_chart_style_init_print (text);
  text->font_size = body_size_pt;
  *chart = *text;
  chart->font_size = chart_font_size_pt;
  chart->padding = 4;
  /* Cairo 1.16's PDF output misplaces text drawn first on a page under a
   * translation (a chart that is only a message landed in the footer);
   * filling the chart's background first keeps it in place. */
  chart->paint_bg = TRUE;
}

void
rp_report_add_chart (RpDoc              *doc,
                     RpChartData        *data,
                     const RpChartStyle *style,
                     double              height)
{
  g_autoptr(RpChartData) owned = data;
  g_autofree char *sentence = NULL;

  g_return_if_fail (doc != NULL && data != NULL && style != NULL);

  if (rp_chart_data_draws (data))
    {
      rp_doc_add_chart (doc, g_steal_pointer (&owned), style, height);
      return;
    }
  if (rp_chart_data_get_message (data) == NULL)
    return;
  /* TRANSLATORS: a chart with nothing to draw, in a PDF report: the
   * chart's title, then why ("Break-even versus utilization: Buying never
   * pays back at any utilization.") */
  sentence = g_strdup_printf (_("%s: %s"), rp_chart_data_get_title (data),
                              rp_chart_data_get_message (data));
  rp_doc_add_paragraph (doc, RP_DOC_TEXT_BODY, RP_CHART_INK_MUTED, sentence);
}

RpDoc *
rp_report_doc_new (const char            *title,
                   const char            *kind,
                   const RpReportOptions *options)
{
  RpChartStyle style, chart;
  g_autoptr(GDateTime) date = NULL;
  g_autofree char *day = NULL;
  g_autofree char *footer = NULL;
  g_autofree char *line = NULL;
  RpDoc *doc;

  g_return_val_if_fail (kind != NULL && options != NULL, NULL);

  rp_report_init_styles (&style, &chart);
  date = options_date (options);
  day = g_date_time_format (date, "%Y-%m-%d");
  doc = rp_doc_new (&style);
  /* TRANSLATORS: the footer of each page of a PDF report: the version, the date */
  footer = g_strdup_printf (_("Rigplan %s · %s"), PACKAGE_VERSION, day);
  rp_doc_set_running (doc, title_or_untitled (title), footer);
  rp_doc_add_paragraph (doc, RP_DOC_TEXT_TITLE, RP_CHART_INK_FG, title_or_untitled (title));
  /* TRANSLATORS: under a PDF report's title: what it is ("Training hardware
   * plan"), the date, the version */
  line = g_strdup_printf (_("%s · %s · Rigplan %s"), kind, day, PACKAGE_VERSION);
  rp_doc_add_paragraph (doc, RP_DOC_TEXT_SMALL, RP_CHART_INK_MUTED, line);
  return doc;
}

GBytes *
rp_report_doc_to_pdf (RpDoc                 *doc,
                      const RpReportOptions *options,
                      const char            *title,
                      const char            *subject,
                      GError               **error)
{
  g_autoptr(GDateTime) date = NULL;
  RpDocInfo info = { NULL };
  double width, height;

  g_return_val_if_fail (doc != NULL && options != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  date = options_date (options);
  info.title = title_or_untitled (title);
  info.subject = subject;
  info.author = author_of (options);
  /* TRANSLATORS: the PDF plan's keywords, comma-separated */
  info.keywords = _("Rigplan, training, GPU, hardware plan");
  info.date = date;
  rp_paper_get_size (options->paper, &width, &height);
  return rp_doc_to_pdf (doc, width, height, &info, error);
}

gboolean
rp_report_doc_write (RpDoc                 *doc,
                     const RpReportOptions *options,
                     const char            *title,
                     const char            *subject,
                     const char            *path,
                     GError               **error)
{
  g_autoptr(GBytes) pdf = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (doc != NULL && options != NULL && path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  pdf = rp_report_doc_to_pdf (doc, options, title, subject, &local_error);
  /* Cairo's own file output misses a failed last write; memory cannot
   * fail that way, and the atomic writer checks every write, fsyncs and
   * renames, keeping the old file on any error */
  if (pdf == NULL ||
      !rp_file_write_atomic (path, g_bytes_get_data (pdf, NULL), g_bytes_get_size (pdf),
                             &local_error))
    {
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, RP_ERROR, RP_ERROR_EXPORT_FAILED,
                   /* TRANSLATORS: %s are a file name and the reason */
                   _("Could not write “%s”: %s"), display, local_error->message);
      return FALSE;
    }
  return TRUE;
}

RpDoc *
rp_report_new_doc (const RpScenario      *scenario,
                   const RpCatalog       *catalog,
                   const RpEstimate      *estimate,
                   const RpReportOptions *options)
{
  RpChartStyle style;
  g_autoptr(GDateTime) date = NULL;
  g_autoptr(GDate) today = g_date_new ();
  Builder b = { NULL };

  g_return_val_if_fail (scenario != NULL && catalog != NULL && estimate != NULL, NULL);
  g_return_val_if_fail (options != NULL, NULL);

  date = options_date (options);
  g_date_set_dmy (today, g_date_time_get_day_of_month (date), g_date_time_get_month (date),
                  g_date_time_get_year (date));
  b.doc = rp_report_doc_new (scenario->name, _("Training hardware plan"), options);
  b.catalog = catalog;
  b.asked = scenario;
  b.asked_est = estimate;
  b.today = today;
  b.date = g_date_time_format (date, "%Y-%m-%d");
  decide (&b, options);
  rp_report_init_styles (&style, &b.chart);
  add_summary (&b);
  add_inputs (&b);
  add_memory (&b);
  add_time (&b);
  add_calibration (&b);
  add_cost (&b);
  add_machine (&b);
  add_advice (&b);
  add_sources (&b);
  add_closing (&b);
  g_free (b.date);
  rp_decision_free (b.own_decision);
  rp_estimate_free (b.plan_est);
  return b.doc;
}

GBytes *
rp_report_to_pdf (const RpScenario      *scenario,
                  const RpCatalog       *catalog,
                  const RpEstimate      *estimate,
                  const RpReportOptions *options,
                  GError               **error)
{
  g_autoptr(RpDoc) doc = NULL;
  g_autofree char *subject = NULL;

  g_return_val_if_fail (scenario != NULL && catalog != NULL && estimate != NULL, NULL);
  g_return_val_if_fail (options != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  doc = rp_report_new_doc (scenario, catalog, estimate, options);
  subject = rp_words_question (scenario, catalog, estimate);
  return rp_report_doc_to_pdf (doc, options, scenario->name, subject, error);
}

gboolean
rp_report_write_pdf (const RpScenario      *scenario,
                     const RpCatalog       *catalog,
                     const RpEstimate      *estimate,
                     const RpReportOptions *options,
                     const char            *path,
                     GError               **error)
{
  g_autoptr(RpDoc) doc = NULL;
  g_autofree char *subject = NULL;

  g_return_val_if_fail (scenario != NULL && catalog != NULL && estimate != NULL, FALSE);
  g_return_val_if_fail (options != NULL && path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  doc = rp_report_new_doc (scenario, catalog, estimate, options);
  subject = rp_words_question (scenario, catalog, estimate);
  return rp_report_doc_write (doc, options, scenario->name, subject, path, error);
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-report-compare.c: the compare report, several plans side by side
 *
 * In the plan's style (rp_report_doc_new): the scenarios with their
 * verdicts and checks, the table of inputs and results as core's
 * comparison gives it (rp-compare.h: labels, shown values, the best of
 * each row), then the four charts with every scenario overlaid
 * (rp-chart-compare.h).  Nothing here estimates or words a result. */

#include "config.h"

#include "rp-report.h"

#include "rp-chart-compare.h"
#include "rp-words.h"

#include <glib/gi18n-lib.h>

static const double compare_chart_height_pt = 290;

/* ---- helpers -------------------------------------------------------- */

static const char *
status_mark (const char *status)
{
  if (g_str_equal (status, "fits"))
    return "✓";
  if (g_str_equal (status, "tight"))
    return "!";
  return "✗";
}

static RpChartInk
status_ink (const char *status)
{
  if (g_str_equal (status, "fits"))
    return RP_CHART_INK_GOOD;
  if (g_str_equal (status, "tight"))
    return RP_CHART_INK_WARNING;
  return RP_CHART_INK_DANGER;
}

/* The scenarios: letter, name (and file), verdict, checks. */
static void
add_scenarios (RpDoc           *doc,
               const RpCompare *cmp)
{
  const RpDocColumn columns[] = {
    { "", RP_DOC_ALIGN_START, 0 },
    /* TRANSLATORS: column headings of the compare report's list of scenarios */
    { _("Scenario"), RP_DOC_ALIGN_START, 1.2 },
    { _("Verdict"), RP_DOC_ALIGN_START, 1 },
    { _("Checks"), RP_DOC_ALIGN_START, 1 },
  };
  RpDocTable *table = rp_doc_add_table (doc, columns, G_N_ELEMENTS (columns));

  for (guint i = 0; i < rp_compare_get_n_columns (cmp); i++)
    {
      const RpEstimate *est = rp_compare_get_estimate (cmp, i);
      const char *status = rp_compare_get_status (cmp, i);
      const char *source = rp_compare_get_source (cmp, i);
      g_autofree char *letter = g_strdup_printf ("%s %s", status_mark (status),
                                                 rp_compare_get_letter (cmp, i));
      g_autofree char *base = source != NULL ? g_path_get_basename (source) : NULL;
      g_autofree char *name = base != NULL
                              ? g_strdup_printf ("%s (%s)", rp_words_compare_name (cmp, i), base)
                              : g_strdup (rp_words_compare_name (cmp, i));
      g_autofree char *verdict = est != NULL
        ? rp_words_verdict_title (rp_compare_get_scenario (cmp, i), est)
        : rp_words_cannot_estimate (rp_compare_get_error (cmp, i));
      g_autofree char *checks = est != NULL ? rp_words_checks_summary (est) : NULL;
      const char *cells[] = { letter, name, verdict, checks };

      rp_doc_table_add_row (table, RP_DOC_ROW_PLAIN, status_ink (status), cells);
    }
}

/* Under a figure with a band, its likely range in each column: a part of
 * the row above, muted. */
static void
add_band_row (RpDocTable         *table,
              const RpCompareRow *row,
              guint               first,
              guint               n,
              const char        **cells)
{
  /* TRANSLATORS: under a figure of the comparison, the range it likely
   * falls in, from Rigplan's error on published runs */
  cells[0] = _("likely");
  for (guint i = 0; i < n; i++)
    cells[i + 1] = row->band_texts[first + i] != NULL ? row->band_texts[first + i] : "";
  rp_doc_table_add_row (table, RP_DOC_ROW_PART, RP_CHART_INK_MUTED, cells);
}

/* One table of the rows of @kind for the columns @first … @first + @n − 1:
 * the row's label ("~ " before an input that differs), then each value
 * (" *" after the row's best), as `rigplan-cli compare` marks them. */
static void
add_rows_table (RpDoc            *doc,
                const RpCompare  *cmp,
                RpCompareRowKind  kind,
                guint             first,
                guint             n)
{
  g_autofree RpDocColumn *columns = g_new0 (RpDocColumn, n + 1);
  g_autoptr(GPtrArray) titles = g_ptr_array_new_with_free_func (g_free);
  g_autofree const char **cells = g_new0 (const char *, n + 1);
  RpDocTable *table;

  columns[0] = (RpDocColumn) { "", RP_DOC_ALIGN_START, 1.3 };
  for (guint i = 0; i < n; i++)
    {
      char *title = g_strdup_printf ("%s %s", rp_compare_get_letter (cmp, first + i),
                                     status_mark (rp_compare_get_status (cmp, first + i)));

      g_ptr_array_add (titles, title);
      columns[i + 1] = (RpDocColumn) { title, kind == RP_COMPARE_ROW_RESULT ? RP_DOC_ALIGN_END
                                                                           : RP_DOC_ALIGN_START,
                                       1 };
    }
  table = rp_doc_add_table (doc, columns, n + 1);
  for (guint r = 0; r < rp_compare_get_n_rows (cmp); r++)
    {
      const RpCompareRow *row = rp_compare_get_row (cmp, r);
      g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

      if (row->kind != kind)
        continue;
      g_ptr_array_add (texts, kind == RP_COMPARE_ROW_INPUT && row->differs
                              ? g_strconcat ("~ ", row->label, NULL) : g_strdup (row->label));
      for (guint i = 0; i < n; i++)
        g_ptr_array_add (texts, row->is_best[first + i]
                                ? g_strdup_printf ("%s *", row->texts[first + i])
                                : g_strdup (row->texts[first + i]));
      for (guint c = 0; c <= n; c++)
        cells[c] = g_ptr_array_index (texts, c);
      rp_doc_table_add_row (table, RP_DOC_ROW_PLAIN, RP_CHART_INK_FG, cells);
      if (row->has_band)
        add_band_row (table, row, first, n, cells);
    }
}

/* The table in groups of at most RP_COMPARE_MAX_SHOWN scenarios. */
static void
add_side_by_side (RpDoc           *doc,
                  const RpCompare *cmp)
{
  guint n = rp_compare_get_n_columns (cmp);
  g_autofree char *note = rp_words_compare_currency_note (cmp);
  g_autofree char *best = NULL;
  g_autofree char *legend = NULL;

  for (RpCompareRowKind kind = RP_COMPARE_ROW_INPUT; kind <= RP_COMPARE_ROW_RESULT; kind++)
    {
      /* TRANSLATORS: the two parts of "rigplan-cli compare" */
      rp_doc_add_heading (doc, 1, kind == RP_COMPARE_ROW_INPUT ? _("Inputs") : _("Results"));
      for (guint first = 0; first < n; first += RP_COMPARE_MAX_SHOWN)
        {
          guint shown = MIN (n - first, RP_COMPARE_MAX_SHOWN);

          /* more scenarios than a table holds: each table headed by its
           * scenarios' letters */
          if (n > RP_COMPARE_MAX_SHOWN)
            {
              g_autofree char *heading = NULL;

              if (shown == 1)
                /* TRANSLATORS: the heading of a compare report's table
                 * that shows one scenario; %s is its letter, "G" */
                heading = g_strdup_printf (_("Scenario %s"), rp_compare_get_letter (cmp, first));
              else
                /* TRANSLATORS: the heading of a compare report's table
                 * that shows scenarios A to F; %s are the first and the
                 * last letter */
                heading = g_strdup_printf (_("Scenarios %s–%s"),
                                           rp_compare_get_letter (cmp, first),
                                           rp_compare_get_letter (cmp, first + shown - 1));
              rp_doc_add_heading (doc, 2, heading);
            }
          add_rows_table (doc, cmp, kind, first, shown);
        }
    }
  best = rp_words_compare_best_legend (cmp, "*");
  legend = g_strdup_printf (_("%s\n~ an input that differs\n"), best);
  g_strchomp (legend);
  rp_doc_add_paragraph (doc, RP_DOC_TEXT_SMALL, RP_CHART_INK_MUTED, legend);
  if (note != NULL)
    rp_doc_add_paragraph (doc, RP_DOC_TEXT_SMALL, RP_CHART_INK_MUTED, note);
}

static void
add_charts (RpDoc           *doc,
            const RpCompare *cmp,
            const RpCatalog *catalog)
{
  RpChartStyle text, chart;

  rp_report_init_styles (&text, &chart);
  rp_doc_add_page_break (doc);
  /* TRANSLATORS: the compare report's section of overlaid charts */
  rp_doc_add_heading (doc, 1, _("Charts"));
  for (RpChartKind kind = 0; kind < RP_N_CHARTS; kind++)
    rp_report_add_chart (doc, rp_chart_data_new_compare (kind, cmp, catalog), &chart,
                         compare_chart_height_pt);
}

static char *
compare_title (const RpCompare *cmp)
{
  guint n = rp_compare_get_n_columns (cmp);

  /* TRANSLATORS: the compare report's title; %u is the number of scenarios */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u scenario side by side",
                                       "%u scenarios side by side", n), n);
}

/* ---- public API ----------------------------------------------------- */

RpDoc *
rp_report_compare_new_doc (const RpCompare       *cmp,
                           const RpCatalog       *catalog,
                           const RpReportOptions *options)
{
  g_autofree char *title = NULL;
  RpDoc *doc;

  g_return_val_if_fail (cmp != NULL && catalog != NULL && options != NULL, NULL);

  title = compare_title (cmp);
  /* TRANSLATORS: under the compare report's title, before the date */
  doc = rp_report_doc_new (title, _("Comparison of training plans"), options);
  /* TRANSLATORS: the compare report's first section */
  rp_doc_add_heading (doc, 1, _("Scenarios"));
  add_scenarios (doc, cmp);
  add_side_by_side (doc, cmp);
  add_charts (doc, cmp, catalog);
  return doc;
}

/* "A · name; B · name": the PDF's subject.  Transfer full. */
static char *
compare_subject (const RpCompare *cmp)
{
  GString *subject = g_string_new (NULL);

  for (guint i = 0; i < rp_compare_get_n_columns (cmp); i++)
    g_string_append_printf (subject, "%s%s · %s", i > 0 ? "; " : "",
                            rp_compare_get_letter (cmp, i), rp_words_compare_name (cmp, i));
  return g_string_free (subject, FALSE);
}

GBytes *
rp_report_compare_to_pdf (const RpCompare       *cmp,
                          const RpCatalog       *catalog,
                          const RpReportOptions *options,
                          GError               **error)
{
  g_autoptr(RpDoc) doc = NULL;
  g_autofree char *title = NULL;
  g_autofree char *subject = NULL;

  g_return_val_if_fail (cmp != NULL && catalog != NULL && options != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  doc = rp_report_compare_new_doc (cmp, catalog, options);
  title = compare_title (cmp);
  subject = compare_subject (cmp);
  return rp_report_doc_to_pdf (doc, options, title, subject, error);
}

gboolean
rp_report_compare_write_pdf (const RpCompare       *cmp,
                             const RpCatalog       *catalog,
                             const RpReportOptions *options,
                             const char            *path,
                             GError               **error)
{
  g_autoptr(RpDoc) doc = NULL;
  g_autofree char *title = NULL;
  g_autofree char *subject = NULL;

  g_return_val_if_fail (cmp != NULL && catalog != NULL && options != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  doc = rp_report_compare_new_doc (cmp, catalog, options);
  title = compare_title (cmp);
  subject = compare_subject (cmp);
  return rp_report_doc_write (doc, options, title, subject, path, error);
}

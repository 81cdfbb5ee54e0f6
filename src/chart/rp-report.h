/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-report.h: the PDF plan, a document that justifies a purchase
 *
 * One scenario's estimate set as a document (rp-doc.h): the summary (the
 * question, the verdict with every check, the fix, rent or buy, the
 * machine, the key figures), the inputs with their origins, memory,
 * time, cost, the machine to get as a bill of materials, then advice,
 * assumptions and the sources of every catalog figure used.  Every
 * sentence and row comes from core (rp-words.h) and every chart from the
 * chart painters: the report words and estimates nothing itself.  The
 * language is the current one. */
#pragma once

#include "rp-compare.h"
#include "rp-decision.h"
#include "rp-doc.h"

G_BEGIN_DECLS

typedef enum
{
  RP_PAPER_A4,
  RP_PAPER_LETTER,
  RP_N_PAPERS
} RpPaper;

/* "a4", "letter" (the CLI's --paper). */
const char *rp_paper_to_string   (RpPaper      paper);
gboolean    rp_paper_from_string (const char  *s,
                                  RpPaper     *out);
/* The locale's paper (LC_PAPER): Letter where it is 8.5 × 11 inches
 * (the United States, Canada, …), else A4. */
RpPaper     rp_paper_default     (void);
/* Portrait, in points. */
void        rp_paper_get_size    (RpPaper      paper,
                                  double      *width_pt,
                                  double      *height_pt);

typedef struct
{
  RpPaper     paper;
  GDateTime  *date;             /* borrowed: the plan's date; NULL: now */
  const char *author;           /* the PDF's author; NULL: the user's name */
  const RpDecision *decision;   /* borrowed: the plan's one answer, which the summary
                                 * gives and the pages detail; NULL: the report decides
                                 * (rp_decision_compute()) */
} RpReportOptions;

/* The locale's paper, today, the user's name. */
void     rp_report_options_init (RpReportOptions  *options);

/* The plan as a document to lay out (on @options's paper, or a printer's
 * page); transfer full. */
RpDoc   *rp_report_new_doc      (const RpScenario      *scenario,
                                 const RpCatalog       *catalog,
                                 const RpEstimate      *estimate,
                                 const RpReportOptions *options);
/* The plan as a PDF in memory.  Errors: RP_ERROR_EXPORT_FAILED.
 * Returns: (transfer full). */
GBytes  *rp_report_to_pdf       (const RpScenario      *scenario,
                                 const RpCatalog       *catalog,
                                 const RpEstimate      *estimate,
                                 const RpReportOptions *options,
                                 GError               **error);
/* Writes the plan to @path whole or not at all: drawn in memory, then
 * written to a temporary file beside @path, flushed and renamed over it,
 * so a full disk fails the export and keeps the old file.  Errors:
 * RP_ERROR_EXPORT_FAILED naming @path and the reason. */
gboolean rp_report_write_pdf    (const RpScenario      *scenario,
                                 const RpCatalog       *catalog,
                                 const RpEstimate      *estimate,
                                 const RpReportOptions *options,
                                 const char            *path,
                                 GError               **error);

/* ---- other reports in the plan's style (the compare report) ---------- */

/* The plan's styles: @text for its text, @chart for its charts. */
void     rp_report_init_styles  (RpChartStyle          *text,
                                 RpChartStyle          *chart);
/* A document in the plan's style: @title (NULL: "Untitled scenario") as
 * its title and running header, a line "@kind · DATE · Rigplan VERSION"
 * under it, the version and date in the footer.  Transfer full. */
RpDoc   *rp_report_doc_new      (const char            *title,
                                 const char            *kind,
                                 const RpReportOptions *options);
/* @data (taken) as a chart @height points high, or, when it has nothing
 * to draw (rp_chart_data_draws()), as one sentence: its title and its
 * message. */
void     rp_report_add_chart    (RpDoc                 *doc,
                                 RpChartData           *data,
                                 const RpChartStyle    *chart,
                                 double                 height);
/* @doc as a PDF on @options's paper, with @title, @subject, the author
 * and the date as metadata.  Errors: RP_ERROR_EXPORT_FAILED. */
GBytes  *rp_report_doc_to_pdf   (RpDoc                 *doc,
                                 const RpReportOptions *options,
                                 const char            *title,
                                 const char            *subject,
                                 GError               **error);
/* The same, written to @path whole or not at all (as
 * rp_report_write_pdf()). */
gboolean rp_report_doc_write    (RpDoc                 *doc,
                                 const RpReportOptions *options,
                                 const char            *title,
                                 const char            *subject,
                                 const char            *path,
                                 GError               **error);

/* ---- the compare report (rp-report-compare.c) ------------------------- */

/* Several plans side by side, in the plan's style: the scenarios with
 * their verdicts and checks, core's table of inputs and results (best
 * marked, at most RP_COMPARE_MAX_SHOWN scenarios to a table), then the
 * four charts with every scenario overlaid.  Transfer full. */
RpDoc   *rp_report_compare_new_doc   (const RpCompare       *compare,
                                      const RpCatalog       *catalog,
                                      const RpReportOptions *options);
/* The same as a PDF in memory.  Errors: RP_ERROR_EXPORT_FAILED.
 * Returns: (transfer full). */
GBytes  *rp_report_compare_to_pdf    (const RpCompare       *compare,
                                      const RpCatalog       *catalog,
                                      const RpReportOptions *options,
                                      GError               **error);
/* Writes it to @path whole or not at all (rp_report_doc_write()). */
gboolean rp_report_compare_write_pdf (const RpCompare       *compare,
                                      const RpCatalog       *catalog,
                                      const RpReportOptions *options,
                                      const char            *path,
                                      GError               **error);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-report.c: the PDF plan
 *
 * Its layout: on every example and both papers, and on content made to
 * break it (a paragraph longer than a page, a web address wider than the
 * text, a table of 200 rows, Chinese), no text or figure overlaps
 * another, none runs past the width it was given, none leaves the page.
 * Its text (pdftotext): every section's heading, the verdict, every
 * check, the memory, time, machine and cost figures and every source,
 * equal to what `rigplan-cli estimate --json` gives, written with the
 * one number formatter; run in English and in Chinese.  Its file
 * (pdfinfo, pdffonts, pdftoppm): pages, paper, metadata, embedded fonts,
 * every page renders; a full disk (a file-size limit) fails the export
 * and keeps the old file. */

#include "config.h"

#include "rp-calibration.h"
#include "rp-catalog.h"
#include "rp-chart.h"
#include "rp-compare.h"
#include "rp-doc.h"
#include "rp-error.h"
#include "rp-estimate.h"
#include "rp-fix.h"
#include "rp-report.h"
#include "rp-scenario.h"
#include "rp-units.h"
#include "rp-words.h"

#include <cairo-pdf.h>
#include <cjson/cJSON.h>
#include <fontconfig/fontconfig.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

/* Rounding slack of Pango units (1/1024 pt) and of the layout's sums. */
static const double slack_pt = 0.05;

static const char *const examples[] = {
  "full-finetune-llama2-7b-8xa100",
  "lora-llama2-13b-rtx3090",
  "lora-llama3-8b-rtx4090",
  "pretrain-1b-decoder-32xh100",
  "qlora-llama2-70b-a100",
  "resnet50-imagenet-8xa100",
  "sdxl-finetune-8xa100",
};

/* ---- helpers -------------------------------------------------------- */

typedef struct
{
  RpCatalog  *catalog;
  RpScenario *scenario;
  RpEstimate *est;
  char       *path;
} Example;

static void
example_load (Example    *ex,
              const char *name)
{
  g_autoptr(GError) error = NULL;

  ex->path = g_strdup_printf ("%s/%s.rigplan", g_getenv ("RIGPLAN_EXAMPLES"), name);
  ex->catalog = rp_catalog_load_default (&error);
  g_assert_no_error (error);
  ex->scenario = rp_scenario_load_file (ex->path, &error);
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
  g_clear_pointer (&ex->path, g_free);
}

/* The plan's date: fixed, so that the ages of prices do not move. */
static GDateTime *
plan_date (void)
{
  return g_date_time_new_utc (2026, 12, 1, 9, 0, 0);
}

static cairo_status_t
discard (void                *closure,
         const unsigned char *data,
         unsigned int         length)
{
  return CAIRO_STATUS_SUCCESS;
}

/* Lays @doc out on a page of @width × @height points, measured as the
 * PDF measures (unhinted metrics). */
static void
layout_for_pdf (RpDoc  *doc,
                double  width,
                double  height)
{
  cairo_surface_t *surface = cairo_pdf_surface_create_for_stream (discard, NULL, width, height);
  cairo_t *cr = cairo_create (surface);
  PangoContext *context = pango_cairo_create_context (cr);

  rp_doc_layout (doc, context, width, height);
  g_object_unref (context);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* The start of @text, for messages. */
static char *
start_of (const char *text)
{
  g_autofree char *start = NULL;

  if (text == NULL)
    return g_strdup ("(figure)");
  if (g_utf8_strlen (text, -1) <= 60)
    return g_strdup (text);
  start = g_utf8_substring (text, 0, 60);
  return g_strconcat (start, "…", NULL);
}

static gboolean
overlap (const RpChartRect *a,
         const RpChartRect *b)
{
  return a->x + slack_pt < b->x + b->width && b->x + slack_pt < a->x + a->width &&
         a->y + slack_pt < b->y + b->height && b->y + slack_pt < a->y + a->height;
}

/* Every text stays inside the width it was given and on the page; no two
 * texts or figures of a page overlap. */
static void
check_boxes (const RpDoc *doc,
             double       width,
             double       height)
{
  guint n = rp_doc_get_n_boxes (doc);

  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    {
      RpDocBox a;
      g_autofree char *a_text = NULL;

      rp_doc_get_box (doc, i, &a);
      a_text = start_of (a.text);
      g_assert_cmpuint (a.page, <, rp_doc_get_n_pages (doc));
      if (a.kind == RP_DOC_BOX_RULE)
        continue;
      if (a.rect.x < -slack_pt || a.rect.y < -slack_pt ||
          a.rect.x + a.rect.width > width + slack_pt ||
          a.rect.y + a.rect.height > height + slack_pt)
        g_error ("“%s” leaves page %u: %.1f, %.1f, %.1f × %.1f", a_text, a.page, a.rect.x,
                 a.rect.y, a.rect.width, a.rect.height);
      if (a.kind == RP_DOC_BOX_TEXT &&
          (a.rect.x < a.frame.x - slack_pt ||
           a.rect.x + a.rect.width > a.frame.x + a.frame.width + slack_pt))
        g_error ("“%s” runs past its %.1f pt: it is %.1f pt wide at %.1f (frame at %.1f)",
                 a_text, a.frame.width, a.rect.width, a.rect.x, a.frame.x);
      for (guint j = i + 1; j < n; j++)
        {
          RpDocBox b;
          g_autofree char *b_text = NULL;

          rp_doc_get_box (doc, j, &b);
          if (b.kind == RP_DOC_BOX_RULE || b.page != a.page || !overlap (&a.rect, &b.rect))
            continue;
          b_text = start_of (b.text);
          g_error ("page %u: “%s” overlaps “%s”", a.page, a_text, b_text);
        }
    }
}

/* Runs @argv; returns its exit status and its stdout (transfer full).
 * Under LeakSanitizer, fontconfig's and Pango's process-lifetime caches,
 * which rigplan-cli does not drop, are not leaks of ours. */
static int
run (const char *const *argv,
     char             **out)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *lsan = g_strdup_printf ("suppressions=%s:print_suppressions=0",
                                           g_test_get_filename (G_TEST_DIST, "lsan-ui.supp",
                                                                NULL));
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "LSAN_OPTIONS", lsan, TRUE);
  int status = 0;

  g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                NULL, NULL, out, NULL, &status, &error);
  g_assert_no_error (error);
  return g_spawn_check_wait_status (status, NULL) ? 0 : WEXITSTATUS (status);
}

static gboolean
have_program (const char *name)
{
  g_autofree char *path = g_find_program_in_path (name);

  if (path == NULL)
    g_test_skip_printf ("%s (poppler-utils) is not installed", name);
  return path != NULL;
}

/* @text without any white space or hyphen, so that words wrapped or
 * split across lines still compare equal (pdftotext joins "yuan-" and
 * "strengthens" at a line end into "yuanstrengthens"). */
static char *
squeeze (const char *text)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (!g_unichar_isspace (c) && c != 0x00a0 && c != 0x202f && c != '-')
        g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

static void
assert_has (const char *squeezed_pdf,
            const char *what,
            const char *expected)
{
  g_autofree char *needle = squeeze (expected);

  if (strstr (squeezed_pdf, needle) == NULL)
    g_error ("the PDF lacks %s: “%s”", what, expected);
}

/* Writes the plan of @ex to @dir and returns its text (pdftotext). */
static char *
plan_text (Example    *ex,
           const char *dir,
           RpPaper     paper)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) date = plan_date ();
  g_autofree char *pdf = g_build_filename (dir, "plan.pdf", NULL);
  g_autofree char *txt = g_build_filename (dir, "plan.txt", NULL);
  const char *argv[] = { "pdftotext", "-enc", "UTF-8", pdf, txt, NULL };
  RpReportOptions options;
  char *text = NULL;

  rp_report_options_init (&options);
  options.paper = paper;
  options.date = date;
  options.author = "Test Author";
  g_assert_true (rp_report_write_pdf (ex->scenario, ex->catalog, ex->est, &options, pdf, &error));
  g_assert_no_error (error);
  g_assert_cmpint (run (argv, NULL), ==, 0);
  g_assert_true (g_file_get_contents (txt, &text, NULL, &error));
  g_assert_no_error (error);
  return text;
}

static cJSON *
estimate_json (const char *path)
{
  const char *argv[] = { g_getenv ("RIGPLAN_CLI"), "estimate", path, "--json", NULL };
  g_autofree char *out = NULL;
  cJSON *json;

  int status = run (argv, &out);

  /* 3: estimated, but a check is not met */
  g_assert_true (status == 0 || status == 3);
  json = cJSON_Parse (out);
  g_assert_nonnull (json);
  return json;
}

static double
number_at (const cJSON *json,
           const char  *section,
           const char  *key)
{
  const cJSON *item = cJSON_GetObjectItem (cJSON_GetObjectItem (json, section), key);

  return cJSON_IsNumber (item) ? item->valuedouble : NAN;
}

/* ---- layout --------------------------------------------------------- */

/* Whether @data has anything to draw: a finite point or bar. */
static gboolean
chart_draws (const RpChartData *data)
{
  for (guint s = 0; s < rp_chart_data_get_n_series (data); s++)
    {
      if (rp_chart_data_is_categorical (data))
        {
          for (guint c = 0; c < rp_chart_data_get_n_categories (data); c++)
            if (isfinite (rp_chart_data_get_value (data, s, c)))
              return TRUE;
          continue;
        }
      for (guint i = 0; i < rp_chart_data_get_n_points (data, s); i++)
        if (isfinite (rp_chart_data_get_x (data, s, i)) &&
            isfinite (rp_chart_data_get_y (data, s, i)))
          return TRUE;
    }
  return FALSE;
}

/* Whether @data names @gpu: a bar (VRAM) or a line's legend (time). */
static gboolean
chart_names (const RpChartData *data,
             const char        *gpu)
{
  if (rp_chart_data_is_categorical (data))
    {
      for (guint c = 0; c < rp_chart_data_get_n_categories (data); c++)
        if (strstr (rp_chart_data_get_category_label (data, c), gpu) != NULL)
          return TRUE;
      return FALSE;
    }
  for (guint s = 0; s < rp_chart_data_get_n_series (data); s++)
    if (strstr (rp_chart_data_get_series_label (data, s), gpu) != NULL)
      return TRUE;
  return FALSE;
}

/* The rules of a report without empty space, on @doc laid out as @what:
 * no page but the last is less than a quarter full, and the last holds
 * more than a footnote; every table has a heading of its own (a heading
 * since the table before); every chart has something to draw (else it is
 * a sentence); the VRAM and time charts show @gpu (NULL: not checked). */
static void
check_flow (const RpDoc *doc,
            const char  *what,
            const char  *gpu)
{
  guint n_pages = rp_doc_get_n_pages (doc);
  gboolean headed = FALSE;
  gboolean last_has_body = FALSE;

  for (guint p = 0; p + 1 < n_pages; p++)
    if (rp_doc_get_page_fill (doc, p) < RP_DOC_MIN_PAGE_FILL)
      g_error ("%s: page %u of %u is only %.0f %% full", what, p + 1, n_pages,
               100 * rp_doc_get_page_fill (doc, p));
  for (guint i = 0; i < rp_doc_get_n_blocks (doc); i++)
    {
      RpDocBlock block;

      rp_doc_get_block (doc, i, &block);
      if (block.last_page == n_pages - 1 &&
          !(block.kind == RP_DOC_BLOCK_PARAGRAPH && block.style == RP_DOC_TEXT_SMALL))
        last_has_body = TRUE;
      if (block.kind == RP_DOC_BLOCK_HEADING)
        {
          g_assert_nonnull (block.text);
          if (*block.text == '\0')
            g_error ("%s: an empty heading on page %u", what, block.first_page + 1);
          headed = TRUE;
        }
      else if (block.kind == RP_DOC_BLOCK_TABLE)
        {
          if (!headed)
            g_error ("%s: the table on page %u has no heading", what, block.first_page + 1);
          headed = FALSE;
        }
      else if (block.kind == RP_DOC_BLOCK_FIGURE && block.chart != NULL)
        {
          RpChartKind kind = rp_chart_data_get_kind (block.chart);

          if (!chart_draws (block.chart))
            g_error ("%s: the chart “%s” on page %u has nothing to draw (“%s”)", what,
                     rp_chart_data_get_title (block.chart), block.first_page + 1,
                     rp_chart_data_get_message (block.chart));
          if (gpu != NULL && (kind == RP_CHART_VRAM || kind == RP_CHART_TIME) &&
              !chart_names (block.chart, gpu))
            g_error ("%s: the chart “%s” leaves out %s", what,
                     rp_chart_data_get_title (block.chart), gpu);
        }
    }
  if (!last_has_body)
    g_error ("%s: the last page (%u) holds only a footnote", what, n_pages);
}

/* Every example, on both papers (and, run as report-zh_CN, in Chinese):
 * check_flow(), with the machine asked about in its charts. */
static void
test_layout_flow (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    for (RpPaper paper = 0; paper < RP_N_PAPERS; paper++)
      {
        Example ex = { NULL };
        g_autoptr(RpDoc) doc = NULL;
        g_autoptr(GDateTime) date = plan_date ();
        g_autofree char *what = g_strdup_printf ("%s on %s", examples[i],
                                                 rp_paper_to_string (paper));
        RpReportOptions options;
        double width, height;

        example_load (&ex, examples[i]);
        rp_report_options_init (&options);
        options.paper = paper;
        options.date = date;
        rp_paper_get_size (paper, &width, &height);
        doc = rp_report_new_doc (ex.scenario, ex.catalog, ex.est, &options);
        layout_for_pdf (doc, width, height);
        check_flow (doc, what, ex.est->gpu->name);
        /* the scenario's own charts (the window's, the CLI's) name its GPU */
        for (RpChartKind kind = RP_CHART_VRAM; kind <= RP_CHART_TIME; kind++)
          {
            g_autoptr(RpChartData) data = rp_chart_data_new (kind, ex.scenario, ex.catalog,
                                                             ex.est);

            if (!chart_names (data, ex.est->gpu->name))
              g_error ("%s: its own chart “%s” leaves out %s", examples[i],
                       rp_chart_data_get_title (data), ex.est->gpu->name);
          }
        example_clear (&ex);
      }
}

static void
test_layout_examples (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    for (RpPaper paper = 0; paper < RP_N_PAPERS; paper++)
      {
        Example ex = { NULL };
        g_autoptr(RpDoc) doc = NULL;
        g_autoptr(GDateTime) date = plan_date ();
        RpReportOptions options;
        double width, height;

        example_load (&ex, examples[i]);
        rp_report_options_init (&options);
        options.paper = paper;
        options.date = date;
        rp_paper_get_size (paper, &width, &height);
        doc = rp_report_new_doc (ex.scenario, ex.catalog, ex.est, &options);
        layout_for_pdf (doc, width, height);
        check_boxes (doc, width, height);
        /* summary, inputs, memory, time, cost, machine, advice */
        g_assert_cmpuint (rp_doc_get_n_pages (doc), >=, 7);
        g_assert_cmpuint (rp_doc_get_n_headings (doc), >=, 12);
        example_clear (&ex);
      }
}

/* A calibrated estimate has its section: a heading, the sentence and the
 * table of measured and predicted figures, laid out like the rest. */
static void
test_calibrated (void)
{
  Example ex = { NULL };
  g_autoptr(RpDoc) doc = NULL;
  g_autoptr(GDateTime) date = plan_date ();
  g_autoptr(GError) error = NULL;
  RpCalibration cal = *rp_calibration_identity ();
  RpReportOptions options;
  gboolean found = FALSE;
  double width, height;

  example_load (&ex, "lora-llama3-8b-rtx4090");
  cal.gpu = (char *) "rtx-4090";
  cal.as_of = (char *) "2026-12-01";
  cal.utilization = 0.9;
  cal.n_rows = 1;
  cal.rows[0] = (RpCalibrationRow) { RP_CALIBRATION_STEP_S, 1.2, 1.1, 1.2 };
  ex.scenario->hardware.calibration = &cal;
  g_assert_true (rp_fix_estimate (ex.scenario, ex.catalog, ex.est, &error));
  g_assert_true (ex.est->calibration == &cal);
  rp_report_options_init (&options);
  options.date = date;
  rp_paper_get_size (options.paper, &width, &height);
  doc = rp_report_new_doc (ex.scenario, ex.catalog, ex.est, &options);
  layout_for_pdf (doc, width, height);
  check_boxes (doc, width, height);
  for (guint i = 0; i < rp_doc_get_n_headings (doc); i++)
    if (g_strcmp0 (rp_doc_get_heading (doc, i, NULL, NULL, NULL),
                   _("Calibrated to your measurement")) == 0)
      found = TRUE;
  g_assert_true (found);
  example_clear (&ex);
}

static void
test_layout_stress (void)
{
  RpChartStyle style;
  g_autoptr(RpDoc) doc = NULL;
  g_autoptr(GString) long_text = g_string_new (NULL);
  g_autoptr(GString) chinese = g_string_new (NULL);
  g_autofree char *url = NULL;
  const RpDocColumn columns[] = {
    { "Heading A", RP_DOC_ALIGN_START, 1 },
    { "Figure", RP_DOC_ALIGN_END, 0 },
    { "Heading C", RP_DOC_ALIGN_START, 2 },
  };
  RpDocTable *table;
  guint headings_a = 0;

  rp_chart_style_init_print (&style);
  style.font_size = 9.5;
  doc = rp_doc_new (&style);
  for (guint i = 0; i < 400; i++)
    g_string_append (long_text, "A sentence that wraps many times across the page. ");
  for (guint i = 0; i < 300; i++)
    g_string_append (chinese, "显存不足，训练无法开始。");
  url = g_strnfill (600, 'x');
  rp_doc_set_running (doc, long_text->str, long_text->str);
  rp_doc_add_heading (doc, 1, "Stress");
  rp_doc_add_paragraph (doc, RP_DOC_TEXT_BODY, RP_CHART_INK_FG, long_text->str);
  rp_doc_add_paragraph (doc, RP_DOC_TEXT_SMALL, RP_CHART_INK_FG, url);
  rp_doc_add_item (doc, "!", RP_CHART_INK_WARNING, chinese->str);
  for (guint i = 0; i < 9; i++)
    rp_doc_add_card (doc, 4, "A caption long enough to wrap in a card", "not within the period",
                     "a detail that goes on for a while");
  table = rp_doc_add_table (doc, columns, G_N_ELEMENTS (columns));
  for (guint r = 0; r < 200; r++)
    {
      const char *cells[] = { r % 7 == 0 ? url : "label", "12,345.6", r % 3 == 0 ? chinese->str
                                                                             : "note" };

      rp_doc_table_add_row (table, r % 5 == 0 ? RP_DOC_ROW_PART : RP_DOC_ROW_PLAIN,
                            RP_CHART_INK_FG, cells);
    }
  rp_doc_add_chart (doc, rp_chart_data_new_empty (RP_CHART_COST, "Chart", "x", "y",
                                                  RP_CHART_UNIT_NONE, RP_CHART_UNIT_NONE),
                    &style, 2000);
  layout_for_pdf (doc, 595.2756, 841.8898);
  check_boxes (doc, 595.2756, 841.8898);
  g_assert_cmpuint (rp_doc_get_n_pages (doc), >=, 10);
  /* the table's heading row is set again on each page it spans */
  for (guint i = 0; i < rp_doc_get_n_boxes (doc); i++)
    {
      RpDocBox box;

      rp_doc_get_box (doc, i, &box);
      headings_a += g_strcmp0 (box.text, "Heading A") == 0;
    }
  g_assert_cmpuint (headings_a, >=, 3);
}

/* ISO 216 A4 is 210 × 297 mm, ANSI/ASME Y14.1 Letter 8.5 × 11 in; a
 * point is 1/72 in (PDF 32000-1 §8.3.2.3). */
static void
test_paper (void)
{
  double w, h;
  RpPaper paper;

  rp_paper_get_size (RP_PAPER_A4, &w, &h);
  g_assert_cmpfloat_with_epsilon (w, 210 / 25.4 * 72, 1e-3);
  g_assert_cmpfloat_with_epsilon (h, 297 / 25.4 * 72, 1e-3);
  rp_paper_get_size (RP_PAPER_LETTER, &w, &h);
  g_assert_cmpfloat_with_epsilon (w, 8.5 * 72, 1e-3);
  g_assert_cmpfloat_with_epsilon (h, 11 * 72, 1e-3);
  g_assert_true (rp_paper_from_string ("Letter", &paper));
  g_assert_cmpint (paper, ==, RP_PAPER_LETTER);
  g_assert_false (rp_paper_from_string ("a5", &paper));
}

/* ---- text ----------------------------------------------------------- */

static void
check_headings (const char *pdf)
{
  assert_has (pdf, "a heading", _("Summary"));
  assert_has (pdf, "a heading", _("Checks"));
  assert_has (pdf, "a heading", _("Key figures"));
  assert_has (pdf, "a heading", _("Inputs"));
  assert_has (pdf, "a heading", _("Memory per GPU"));
  assert_has (pdf, "a heading", _("Time"));
  assert_has (pdf, "a heading", _("Machine to get (per node)"));
  assert_has (pdf, "a heading", _("Advice and risks"));
  assert_has (pdf, "a heading", _("Assumptions"));
  assert_has (pdf, "a heading", _("Sources"));
  assert_has (pdf, "the version", PACKAGE_VERSION);
  assert_has (pdf, "the date", "2026-12-01");
}

/* The scenario as asked: each check, as the JSON words them, and its
 * verdict where the plan is another machine (else the decision's
 * headline says it). */
static void
check_asked (const char  *pdf,
             const cJSON *json,
             gboolean     plan_is_another)
{
  const cJSON *verdict = cJSON_GetObjectItem (json, "verdict");
  const cJSON *item;

  if (plan_is_another)
    {
      assert_has (pdf, "the verdict", cJSON_GetObjectItem (verdict, "title")->valuestring);
      assert_has (pdf, "the verdict's detail",
                  cJSON_GetObjectItem (verdict, "detail")->valuestring);
    }
  cJSON_ArrayForEach (item, cJSON_GetObjectItem (json, "constraints"))
    if (cJSON_IsString (cJSON_GetObjectItem (item, "message")))
      assert_has (pdf, "a check", cJSON_GetObjectItem (item, "message")->valuestring);
}

/* The plan detailed: each piece of its advice. */
static void
check_advice (const char  *pdf,
              const cJSON *json)
{
  const cJSON *item;

  cJSON_ArrayForEach (item, cJSON_GetObjectItem (json, "warnings"))
    assert_has (pdf, "advice", cJSON_GetObjectItem (item, "message")->valuestring);
}

static void
check_memory_and_time (const char  *pdf,
                       const cJSON *json)
{
  g_autofree char *total = rp_units_format_bytes (number_at (json, "memory", "total"));
  g_autofree char *capacity = rp_units_format_bytes (number_at (json, "memory", "capacity"));
  g_autofree char *weights = rp_units_format_bytes (number_at (json, "memory", "weights"));
  g_autofree char *optimizer = rp_units_format_bytes (number_at (json, "memory", "optimizer"));
  g_autofree char *hours = rp_units_format_hours (number_at (json, "compute", "hours"));
  g_autofree char *gpu_hours = rp_units_format_number (number_at (json, "compute", "gpu_hours"),
                                                       0);
  g_autofree char *flops = rp_units_format_count (number_at (json, "compute", "flops"));

  assert_has (pdf, "the memory per GPU", total);
  assert_has (pdf, "the GPU's memory", capacity);
  assert_has (pdf, "the weights' memory", weights);
  assert_has (pdf, "the optimizer's memory", optimizer);
  if (cJSON_IsObject (cJSON_GetObjectItem (json, "compute")))
    {
      assert_has (pdf, "the training time", hours);
      assert_has (pdf, "the GPU-hours", gpu_hours);
      assert_has (pdf, "the training FLOPs", flops);
    }
}

static void
check_money (const char  *pdf,
             const cJSON *json,
             const char  *key,
             const char  *what,
             RpCurrency   currency)
{
  double value = number_at (json, "cost", key);
  g_autofree char *text = NULL;

  if (isnan (value))
    return;
  text = rp_units_format_money (value, currency);
  assert_has (pdf, what, text);
}

static void
check_cost (const char  *pdf,
            const cJSON *json)
{
  const cJSON *cost = cJSON_GetObjectItem (json, "cost");
  const cJSON *prices = cJSON_GetObjectItem (cost, "prices");
  const cJSON *price;
  RpCurrency currency = RP_CURRENCY_USD;
  double months = number_at (json, "cost", "break_even_months");

  if (!cJSON_IsObject (cost))
    return;
  g_assert_true (rp_currency_from_string (cJSON_GetObjectItem (cost, "currency")->valuestring,
                                          &currency));
  check_money (pdf, json, "rent_total", "the rent of the run", currency);
  check_money (pdf, json, "rent_per_gpu_hour", "the rent per GPU-hour", currency);
  check_money (pdf, json, "buy_capital", "the capital outlay", currency);
  check_money (pdf, json, "buy_per_month", "the cost of owning per month", currency);
  check_money (pdf, json, "buy_total", "the run's share of owning", currency);
  check_money (pdf, json, "period_saving", "the saving over the period", currency);
  if (months >= 0)
    {
      g_autofree char *text = rp_units_format_number (months, 1);

      assert_has (pdf, "the payback months", text);
    }
  cJSON_ArrayForEach (price, prices)
    {
      const cJSON *source = cJSON_GetObjectItem (price, "source");
      const cJSON *as_of = cJSON_GetObjectItem (price, "as_of");

      if (cJSON_IsString (source))
        assert_has (pdf, "a price's source", source->valuestring);
      if (cJSON_IsString (as_of))
        assert_has (pdf, "a price's date", as_of->valuestring);
    }
}

static void
check_machine (const char       *pdf,
               const cJSON      *json,
               const RpEstimate *est)
{
  const cJSON *bom = cJSON_GetObjectItem (json, "bom");
  g_autofree char *ram = NULL;
  g_autofree char *gpus = NULL;

  if (!cJSON_IsObject (bom))
    return;
  /* the words of rp_words_machine_table() */
  ram = g_strdup_printf (_("%u GB"), (guint) number_at (json, "bom", "ram_gb_per_node"));
  gpus = g_strdup_printf ("%u × %s", (guint) number_at (json, "bom", "gpus_per_node"),
                          est->gpu->name);
  assert_has (pdf, "the machine's RAM", ram);
  assert_has (pdf, "the machine's GPUs", gpus);
}

static void
check_sources (const char       *pdf,
               const Example    *ex,
               const RpEstimate *est)
{
  g_autoptr(GDate) today = g_date_new_dmy (1, 12, 2026);

  assert_has (pdf, "the GPU's source", est->gpu->source);
  assert_has (pdf, "the GPU's date", est->gpu->as_of);
  if (ex->scenario->model.preset != NULL)
    {
      const RpModelPreset *m = rp_catalog_lookup_model (ex->catalog, ex->scenario->model.preset);

      assert_has (pdf, "the model's source", m->source);
    }
  if (est->cost.prices.offer != NULL)
    {
      const RpPrice *rent = &est->cost.prices.rent;
      g_autofree char *age = rp_words_price_age (rent->as_of, today);

      assert_has (pdf, "the offer's source", est->cost.prices.offer->source);
      if (age != NULL)
        assert_has (pdf, "the stale price's note", age);
    }
}

/* The one answer: the recommendation and why, every alternative. */
static void
check_decision (const char       *pdf,
                const RpDecision *d)
{
  g_autofree char *headline = rp_words_decision_headline (d);
  g_autofree char *why = rp_words_decision_why (d);

  assert_has (pdf, "the recommendation", headline);
  assert_has (pdf, "why", why);
  for (guint i = rp_decision_get_recommended (d) != NULL ? 1 : 0; i < d->n_choices; i++)
    {
      g_autofree char *sentence = rp_words_choice (&d->choices[i]);

      assert_has (pdf, "an alternative", sentence);
    }
}

/* The scenario the pages detail, as a file: the recommendation (the
 * scenario with its machine), else the scenario as asked. */
static char *
plan_path (const Example    *ex,
           const RpDecision *d,
           const char       *dir)
{
  const RpChoice *rec = rp_decision_get_recommended (d);
  g_autoptr(GError) error = NULL;
  char *path;

  if (rec == NULL || rec->kind == RP_CHOICE_YOURS)
    return g_strdup (ex->path);
  path = g_build_filename (dir, "recommended.rigplan", NULL);
  g_assert_true (rp_scenario_save_file (rec->scenario, path, &error));
  g_assert_no_error (error);
  return path;
}

static void
test_text (gconstpointer data)
{
  const char *name = data;
  Example ex = { NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *text = NULL;
  g_autofree char *pdf = NULL;
  g_autofree char *detailed = NULL;
  g_autoptr(GDate) today = g_date_new_dmy (1, 12, 2026);
  g_autoptr(RpDecision) decision = NULL;
  g_autoptr(RpScenario) detailed_scenario = NULL;
  g_autoptr(RpEstimate) detailed_est = NULL;
  cJSON *json, *plan_json;

  if (!have_program ("pdftotext"))
    return;
  dir = g_dir_make_tmp ("rigplan-report-XXXXXX", &error);
  g_assert_no_error (error);
  example_load (&ex, name);
  text = plan_text (&ex, dir, RP_PAPER_A4);
  pdf = squeeze (text);
  decision = rp_decision_compute (ex.scenario, ex.catalog, ex.est, today, NULL, &error);
  g_assert_no_error (error);
  detailed = plan_path (&ex, decision, dir);
  detailed_est = rp_estimate_new ();
  detailed_scenario = rp_scenario_load_file (detailed, &error);
  g_assert_no_error (error);
  g_assert_true (rp_fix_estimate (detailed_scenario, ex.catalog, detailed_est, &error));
  json = estimate_json (ex.path);
  plan_json = estimate_json (detailed);
  check_headings (pdf);
  check_decision (pdf, decision);
  check_asked (pdf, json, !g_str_equal (detailed, ex.path));
  check_advice (pdf, plan_json);
  check_memory_and_time (pdf, plan_json);
  check_cost (pdf, plan_json);
  check_machine (pdf, plan_json, detailed_est);
  check_sources (pdf, &ex, detailed_est);
  /* the time table's bands (only it shows the step's) */
  if (detailed_est->compute.computed)
    {
      g_autofree char *band = rp_words_band (detailed_est, "compute.step_s",
                                             rp_words_duration_of (detailed_est));

      if (band != NULL)
        assert_has (pdf, "the step's band", band);
    }
  cJSON_Delete (json);
  cJSON_Delete (plan_json);
  example_clear (&ex);
  {
    g_autofree char *pdf_path = g_build_filename (dir, "plan.pdf", NULL);
    g_autofree char *txt_path = g_build_filename (dir, "plan.txt", NULL);
    g_autofree char *rec_path = g_build_filename (dir, "recommended.rigplan", NULL);

    g_unlink (pdf_path);
    g_unlink (txt_path);
    g_unlink (rec_path);
  }
  g_rmdir (dir);
}

/* Another report in the plan's style (the compare report's way): a title,
 * a table and a chart, as a PDF with its metadata. */
static void
test_other_report (void)
{
  g_autoptr(GDateTime) date = plan_date ();
  g_autoptr(RpDoc) doc = NULL;
  g_autoptr(GBytes) pdf = NULL;
  g_autoptr(GError) error = NULL;
  RpChartStyle text, chart;
  RpReportOptions options;
  const RpDocColumn columns[] = { { "Scenario", RP_DOC_ALIGN_START, 1 },
                                  { "Days", RP_DOC_ALIGN_END, 0 } };
  const char *cells[] = { "A", "1.5" };
  const char *data;
  gsize len = 0;

  rp_report_options_init (&options);
  options.date = date;
  rp_report_init_styles (&text, &chart);
  g_assert_true (chart.paint_bg);
  doc = rp_report_doc_new ("Two plans", "Comparison", &options);
  rp_doc_table_add_row (rp_doc_add_table (doc, columns, 2), RP_DOC_ROW_PLAIN, RP_CHART_INK_FG,
                        cells);
  rp_doc_add_chart (doc, rp_chart_data_new_empty (RP_CHART_TIME, "Time", "GPUs", "Days",
                                                  RP_CHART_UNIT_GPUS, RP_CHART_UNIT_DAYS),
                    &chart, 200);
  pdf = rp_report_doc_to_pdf (doc, &options, "Two plans", "A test", &error);
  g_assert_no_error (error);
  data = g_bytes_get_data (pdf, &len);
  g_assert_true (len > 5 && memcmp (data, "%PDF-", 5) == 0);
  g_assert_cmpuint (rp_doc_get_n_pages (doc), ==, 1);
  check_boxes (doc, 595.2756, 841.8898);
}

/* ---- the compare report --------------------------------------------- */

static RpCompare *
compare_examples (const RpCatalog *catalog,
                  guint            n)
{
  g_autoptr(GPtrArray) scenarios = g_ptr_array_new_with_free_func ((GDestroyNotify)
                                                                   rp_scenario_free);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = g_strdup_printf ("%s/%s.rigplan", g_getenv ("RIGPLAN_EXAMPLES"),
                                               examples[i % G_N_ELEMENTS (examples)]);

      g_ptr_array_add (scenarios, rp_scenario_load_file (path, &error));
      g_assert_no_error (error);
    }
  return rp_words_compare_new (catalog, (const RpScenario *const *) scenarios->pdata, NULL, n);
}

/* Two and eight scenarios (eight: tables of six and two columns) lay out
 * without overlap on both papers. */
static void
test_compare_layout (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = rp_catalog_load_default (&error);
  static const guint counts[] = { 2, 3, 5, 8 };

  g_assert_no_error (error);
  for (guint k = 0; k < G_N_ELEMENTS (counts); k++)
    for (RpPaper paper = 0; paper < RP_N_PAPERS; paper++)
      {
        g_autoptr(RpCompare) cmp = compare_examples (catalog, counts[k]);
        g_autoptr(GDateTime) date = plan_date ();
        g_autoptr(RpDoc) doc = NULL;
        RpReportOptions options;
        double width, height;

        rp_report_options_init (&options);
        options.paper = paper;
        options.date = date;
        rp_paper_get_size (paper, &width, &height);
        g_autofree char *what = g_strdup_printf ("%u scenarios compared on %s", counts[k],
                                                 rp_paper_to_string (paper));

        doc = rp_report_compare_new_doc (cmp, catalog, &options);
        layout_for_pdf (doc, width, height);
        check_boxes (doc, width, height);
        check_flow (doc, what, NULL);
        /* scenarios, inputs, results, charts; with more scenarios than
         * a table holds, a heading for each table of inputs and results */
        g_assert_cmpuint (rp_doc_get_n_headings (doc), ==,
                          counts[k] > RP_COMPARE_MAX_SHOWN
                          ? 4 + 2 * ((counts[k] + RP_COMPARE_MAX_SHOWN - 1) / RP_COMPARE_MAX_SHOWN)
                          : 4);
      }
}

/* `rigplan-cli compare … -o x.pdf`: every scenario's name and every
 * row's label and shown values, as `compare --json` gives them. */
static void
test_compare_text (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *pdf = NULL;
  g_autofree char *txt = NULL;
  g_autofree char *text = NULL;
  g_autofree char *squeezed = NULL;
  g_autofree char *json_text = NULL;
  g_autofree char *a = g_strdup_printf ("%s/%s.rigplan", g_getenv ("RIGPLAN_EXAMPLES"),
                                        examples[1]);
  g_autofree char *b = g_strdup_printf ("%s/%s.rigplan", g_getenv ("RIGPLAN_EXAMPLES"),
                                        examples[2]);
  g_autofree char *c = g_strdup_printf ("%s/%s.rigplan", g_getenv ("RIGPLAN_EXAMPLES"),
                                        examples[4]);
  cJSON *json, *item;

  if (!have_program ("pdftotext"))
    return;
  dir = g_dir_make_tmp ("rigplan-report-XXXXXX", &error);
  g_assert_no_error (error);
  pdf = g_build_filename (dir, "compare.pdf", NULL);
  txt = g_build_filename (dir, "compare.txt", NULL);
  {
    const char *argv[] = { g_getenv ("RIGPLAN_CLI"), "compare", a, b, c, "-o", pdf, NULL };
    const char *json_argv[] = { g_getenv ("RIGPLAN_CLI"), "compare", a, b, c, "--json", NULL };
    const char *text_argv[] = { "pdftotext", "-enc", "UTF-8", pdf, txt, NULL };

    g_assert_cmpint (run (argv, NULL), ==, 0);
    g_assert_cmpint (run (json_argv, &json_text), ==, 0);
    g_assert_cmpint (run (text_argv, NULL), ==, 0);
  }
  g_assert_true (g_file_get_contents (txt, &text, NULL, NULL));
  squeezed = squeeze (text);
  json = cJSON_Parse (json_text);
  g_assert_nonnull (json);
  cJSON_ArrayForEach (item, cJSON_GetObjectItem (json, "scenarios"))
    assert_has (squeezed, "a scenario's name", cJSON_GetObjectItem (item, "name")->valuestring);
  cJSON_ArrayForEach (item, cJSON_GetObjectItem (json, "rows"))
    {
      const cJSON *shown;

      assert_has (squeezed, "a row's label", cJSON_GetObjectItem (item, "label")->valuestring);
      cJSON_ArrayForEach (shown, cJSON_GetObjectItem (item, "texts"))
        assert_has (squeezed, "a shown value", shown->valuestring);
    }
  cJSON_Delete (json);
  g_unlink (pdf);
  g_unlink (txt);
  g_rmdir (dir);
}

/* ---- the file ------------------------------------------------------- */

static char *
info_field (const char *info,
            const char *field)
{
  g_auto(GStrv) lines = g_strsplit (info, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], field) && lines[i][strlen (field)] == ':')
      return g_strstrip (g_strdup (lines[i] + strlen (field) + 1));
  return NULL;
}

static void
test_file (void)
{
  Example ex = { NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *letter = NULL;
  g_autofree char *info = NULL;
  g_autofree char *fonts = NULL;
  g_autofree char *prefix = NULL;
  g_autofree char *pages = NULL;
  g_autofree char *title = NULL;
  g_autoptr(GDir) listing = NULL;
  const char *entry;
  guint n_png = 0;

  if (!have_program ("pdfinfo") || !have_program ("pdftoppm") || !have_program ("pdffonts"))
    return;
  dir = g_dir_make_tmp ("rigplan-report-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "plan.pdf", NULL);
  letter = g_build_filename (dir, "letter.pdf", NULL);
  prefix = g_build_filename (dir, "page", NULL);
  example_load (&ex, "lora-llama2-13b-rtx3090");
  g_free (plan_text (&ex, dir, RP_PAPER_A4));
  {
    const char *argv[] = { "pdfinfo", path, NULL };

    g_assert_cmpint (run (argv, &info), ==, 0);
  }
  pages = info_field (info, "Pages");
  title = info_field (info, "Title");
  g_assert_cmpstr (title, ==, ex.scenario->name);
  g_assert_nonnull (strstr (info, "Author:          Test Author"));
  g_assert_nonnull (strstr (info, "Creator:         Rigplan " PACKAGE_VERSION));
  g_assert_nonnull (strstr (info, "Subject:"));
  g_assert_nonnull (strstr (info, "CreationDate:"));
  g_assert_nonnull (strstr (info, "595.276 x 841.89 pts (A4)"));
  g_assert_cmpint (atoi (pages), >=, 7);
  /* every font embedded, so that the text shows and searches anywhere */
  {
    const char *argv[] = { "pdffonts", path, NULL };

    g_assert_cmpint (run (argv, &fonts), ==, 0);
    g_assert_null (strstr (fonts, " no  "));
    /* the Chinese names of the offer (AutoDL 容器实例) need a CJK font */
    g_assert_nonnull (strstr (fonts, "WenQuanYi"));
  }
  /* every page renders */
  {
    const char *argv[] = { "pdftoppm", "-r", "24", "-png", path, prefix, NULL };

    g_assert_cmpint (run (argv, NULL), ==, 0);
  }
  listing = g_dir_open (dir, 0, NULL);
  while ((entry = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *file = g_build_filename (dir, entry, NULL);

      if (g_str_has_suffix (entry, ".png"))
        n_png++;
      g_unlink (file);
    }
  g_assert_cmpuint (n_png, ==, (guint) atoi (pages));
  /* Letter from the CLI */
  {
    const char *argv[] = { g_getenv ("RIGPLAN_CLI"), "export", ex.path, "-o", letter,
                           "--paper", "letter", NULL };
    const char *info_argv[] = { "pdfinfo", letter, NULL };
    g_autofree char *letter_info = NULL;

    g_assert_cmpint (run (argv, NULL), ==, 0);
    g_assert_cmpint (run (info_argv, &letter_info), ==, 0);
    g_assert_nonnull (strstr (letter_info, "612 x 792 pts (letter)"));
    g_unlink (letter);
  }
  example_clear (&ex);
  g_rmdir (dir);
}

/* A file-size limit stands in for a full disk: the CLI fails with 1 and
 * a reason, and the PDF that was there stays as it was. */
static void
test_full_disk (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rigplan-report-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "plan.pdf", NULL);
  g_autofree char *example = g_strdup_printf ("%s/lora-llama2-13b-rtx3090.rigplan",
                                              g_getenv ("RIGPLAN_EXAMPLES"));
  g_autofree char *script = g_strdup_printf ("trap '' XFSZ; ulimit -f 16; exec '%s' export "
                                             "'%s' -o '%s'", g_getenv ("RIGPLAN_CLI"),
                                             example, path);
  const char *argv[] = { "/bin/sh", "-c", script, NULL };
  g_autofree char *contents = NULL;
  g_autoptr(GDir) listing = NULL;
  const char *entry;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, "%PDF-1.5 the old plan", -1, NULL));
  g_assert_cmpint (run (argv, NULL), ==, 1);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "%PDF-1.5 the old plan");
  listing = g_dir_open (dir, 0, NULL);
  while ((entry = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *file = g_build_filename (dir, entry, NULL);

      /* no temporary left behind */
      g_assert_cmpstr (entry, ==, "plan.pdf");
      g_unlink (file);
    }
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  const char *localedir = g_getenv ("RIGPLAN_LOCALEDIR");
  int status;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/report/layout/examples", test_layout_examples);
  g_test_add_func ("/report/layout/stress", test_layout_stress);
  g_test_add_func ("/report/layout/flow", test_layout_flow);
  g_test_add_func ("/report/calibrated", test_calibrated);
  g_test_add_func ("/report/paper", test_paper);
  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      g_autofree char *test_path = g_strdup_printf ("/report/text/%s", examples[i]);

      g_test_add_data_func (test_path, examples[i], test_text);
    }
  g_test_add_func ("/report/other-report", test_other_report);
  g_test_add_func ("/report/compare/layout", test_compare_layout);
  g_test_add_func ("/report/compare/text", test_compare_text);
  g_test_add_func ("/report/file", test_file);
  g_test_add_func ("/report/full-disk", test_full_disk);
  status = g_test_run ();
  /* Drop the font caches, so that a leak checker sees only our leaks. */
  pango_cairo_font_map_set_default (NULL);
  cairo_debug_reset_static_data ();
  FcFini ();
  return status;
}

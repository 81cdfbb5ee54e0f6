/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-chart-export.c: charts written as PNG, SVG and PDF files */
#define _GNU_SOURCE             /* memmem (PLATFORM.md P7) */

#include "config.h"

#include "rp-catalog.h"
#include "rp-chart.h"
#include "rp-error.h"
#include "rp-estimate.h"
#include "rp-fix.h"
#include "rp-scenario.h"
#include "rp-test-core.h"

#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>
#include <errno.h>
#include <pango/pangocairo.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- helpers -------------------------------------------------------- */

typedef struct
{
  char *dir;
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  user_data)
{
  f->dir = rp_test_make_dir ("rigplan-chart-XXXXXX");
}

/* Removes the files the test wrote and checks that nothing else (no
 * temporary file) was left behind. */
static void
fixture_teardown (Fixture       *f,
                  gconstpointer  user_data)
{
  g_autoptr(GDir) dir = g_dir_open (f->dir, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (f->dir, name, NULL);

      if (name[0] == '.')
        g_error ("a temporary file was left behind: %s", name);
      g_unlink (path);
    }
  g_rmdir (f->dir);
  g_free (f->dir);
}

static RpChartData *
one_bar_data (void)
{
  RpChartData *data = rp_chart_data_new_empty (RP_CHART_VRAM, "Bar", "GPU", "Memory (GiB)",
                                               RP_CHART_UNIT_NONE, RP_CHART_UNIT_GIB);
  guint s = rp_chart_data_add_series (data, "Weights");

  rp_chart_data_add_category (data, "汉字 GPU");
  rp_chart_data_add_point (data, s, 0, 10);
  return data;
}

/* A scenario, the catalog and a computed estimate (transfer full each). */
static void
load_example (RpCatalog  **catalog,
              RpScenario **scenario,
              RpEstimate **est)
{
  *catalog = rp_test_load_catalog ();
  *scenario = rp_test_load_example ("full-finetune-llama2-7b-8xa100.rigplan");
  *est = rp_test_estimate (*catalog, *scenario);
}

static gboolean
file_exists (const char *path)
{
  return g_file_test (path, G_FILE_TEST_EXISTS);
}

static guint
count_pdf_pages (const char *contents,
                 gsize       len)
{
  static const char needle[] = "/Type /Page";
  const char *p = contents;
  const char *end = contents + len;
  guint n = 0;

  while (p < end)
    {
      const char *hit = memmem (p, end - p, needle, strlen (needle));

      if (hit == NULL)
        break;
      /* "/Type /Pages" is the page tree, not a page. */
      if (hit + strlen (needle) < end && hit[strlen (needle)] != 's')
        n++;
      p = hit + strlen (needle);
    }
  return n;
}

/* ---- tests ---------------------------------------------------------- */

static void
test_png (Fixture       *f,
          gconstpointer  user_data)
{
  g_autoptr(RpChartData) data = one_bar_data ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (f->dir, "bar.png", NULL);
  RpChartStyle style;
  cairo_surface_t *png;
  cairo_surface_t *probe;
  cairo_t *cr;
  PangoContext *context;
  g_autoptr(RpChartLayout) layout = NULL;
  RpChartRect bar;
  const guint8 *pixels;
  int stride;
  guint32 at_bar, at_corner;

  rp_chart_style_init_print (&style);
  g_assert_true (rp_chart_export_png (data, path, 400, 300, &style, &error));
  g_assert_no_error (error);

  png = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, 400);
  g_assert_cmpint (cairo_image_surface_get_height (png), ==, 300);

  /* Where the layout puts the bar (the same metrics the export uses). */
  probe = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (probe);
  context = pango_cairo_create_context (cr);
  layout = rp_chart_layout_compute (data, 400, 300, &style, rp_chart_measure_text_pango, context);
  g_assert_cmpuint (rp_chart_layout_get_n_items (layout), ==, 1);
  rp_chart_layout_get_item (layout, 0, NULL, NULL, &bar);
  g_assert_cmpfloat (bar.height, >, 20);

  cairo_surface_flush (png);
  pixels = cairo_image_surface_get_data (png);
  stride = cairo_image_surface_get_stride (png);
  at_bar = *(const guint32 *) (pixels + (int) (bar.y + bar.height / 2) * stride +
                               4 * (int) (bar.x + bar.width / 2));
  at_corner = *(const guint32 *) (pixels + 2 * stride + 4 * 2);
  /* The corner is the white background; the bar is series colour 0. */
  g_assert_cmphex (at_corner, ==, 0xffffffff);
  g_assert_cmphex (at_bar, !=, at_corner);
  g_assert_cmpint ((at_bar >> 16) & 0xff, ==, (int) round (style.series[0].red * 255));
  g_assert_cmpint ((at_bar >> 8) & 0xff, ==, (int) round (style.series[0].green * 255));
  g_assert_cmpint (at_bar & 0xff, ==, (int) round (style.series[0].blue * 255));

  g_object_unref (context);
  cairo_destroy (cr);
  cairo_surface_destroy (probe);
  cairo_surface_destroy (png);

  /* A 4K PNG has the asked size too (drawn at a scale). */
  g_assert_true (rp_chart_export_png (data, path, 3840, 2160, NULL, &error));
  g_assert_no_error (error);
  png = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, 3840);
  g_assert_cmpint (cairo_image_surface_get_height (png), ==, 2160);
  cairo_surface_destroy (png);
}

static void
test_pdf (Fixture       *f,
          gconstpointer  user_data)
{
  g_autoptr(RpChartData) data = one_bar_data ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (f->dir, "bar.pdf", NULL);
  g_autofree char *contents = NULL;
  gsize len = 0;

  g_assert_true (rp_chart_export_pdf (data, path, 842, 595, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &len, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (len, >, 5);
  g_assert_true (memcmp (contents, "%PDF-", 5) == 0);
  g_assert_cmpuint (count_pdf_pages (contents, len), ==, 1);
}

static void
test_report_pdf (Fixture       *f,
                 gconstpointer  user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = rp_catalog_load_default (&error);
  g_autoptr(RpScenario) scenario = NULL;
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  g_autofree char *scenario_path = NULL;
  g_autofree char *path = g_build_filename (f->dir, "plan.pdf", NULL);
  g_autofree char *contents = NULL;
  gsize len = 0;

  g_assert_no_error (error);
  scenario_path = g_build_filename (g_getenv ("RIGPLAN_EXAMPLES"),
                                    "full-finetune-llama2-7b-8xa100.rigplan", NULL);
  scenario = rp_scenario_load_file (scenario_path, &error);
  g_assert_no_error (error);
  g_assert_true (rp_fix_estimate (scenario, catalog, est, &error));
  g_assert_no_error (error);

  g_assert_true (rp_chart_export_report_pdf (scenario, catalog, est, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &len, &error));
  g_assert_true (memcmp (contents, "%PDF-", 5) == 0);
  /* the plan: summary, inputs, memory, time, cost, machine, advice */
  g_assert_cmpuint (count_pdf_pages (contents, len), >=, 7);
}

static void
svg_start_element (GMarkupParseContext  *context,
                   const char           *element_name,
                   const char          **attribute_names,
                   const char          **attribute_values,
                   gpointer              user_data,
                   GError              **error)
{
  guint *n_svg = user_data;

  if (g_str_equal (element_name, "svg"))
    (*n_svg)++;
}

static void
test_svg (Fixture       *f,
          gconstpointer  user_data)
{
  g_autoptr(RpChartData) data = one_bar_data ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (f->dir, "bar.svg", NULL);
  g_autofree char *contents = NULL;
  gsize len = 0;
  GMarkupParser parser = { svg_start_element, NULL, NULL, NULL, NULL };
  GMarkupParseContext *context;
  guint n_svg = 0;

  /* Through the extension-picking entry point, upper case. */
  g_free (path);
  path = g_build_filename (f->dir, "bar.SVG", NULL);
  g_assert_true (rp_chart_export_file (data, path, 600, 400, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &len, &error));
  context = g_markup_parse_context_new (&parser, 0, &n_svg, NULL);
  g_assert_true (g_markup_parse_context_parse (context, contents, len, &error));
  g_assert_no_error (error);
  g_assert_true (g_markup_parse_context_end_parse (context, &error));
  g_assert_no_error (error);
  g_markup_parse_context_free (context);
  g_assert_cmpuint (n_svg, ==, 1);
}

static void
test_unwritable (Fixture       *f,
                 gconstpointer  user_data)
{
  g_autoptr(RpChartData) data = one_bar_data ();
  g_autofree char *missing = g_build_filename (f->dir, "no-such-dir", "bar.png", NULL);
  g_autofree char *bad_ext = g_build_filename (f->dir, "bar.gif", NULL);
  g_autofree char *ok = g_build_filename (f->dir, "bar.pdf", NULL);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < 3; i++)
    {
      gboolean done;

      g_clear_error (&error);
      if (i == 0)
        done = rp_chart_export_png (data, missing, 400, 300, NULL, &error);
      else if (i == 1)
        done = rp_chart_export_pdf (data, missing, 400, 300, NULL, &error);
      else
        done = rp_chart_export_svg (data, missing, 400, 300, NULL, &error);
      g_assert_false (done);
      g_assert_error (error, RP_ERROR, RP_ERROR_EXPORT_FAILED);
      g_assert_nonnull (strstr (error->message, missing));
      g_assert_false (file_exists (missing));
    }

  g_clear_error (&error);
  g_assert_false (rp_chart_export_file (data, bad_ext, 400, 300, NULL, &error));
  g_assert_error (error, RP_ERROR, RP_ERROR_EXPORT_FAILED);
  g_assert_false (file_exists (bad_ext));

  /* A size out of range fails before anything is written. */
  g_clear_error (&error);
  g_assert_false (rp_chart_export_pdf (data, ok, 0, 300, NULL, &error));
  g_assert_error (error, RP_ERROR, RP_ERROR_EXPORT_FAILED);
  g_assert_false (file_exists (ok));

  /* A directory in the file's place: the rename fails, the temporary
   * file goes away (fixture_teardown checks). */
  g_clear_error (&error);
  g_assert_cmpint (g_mkdir (ok, 0755), ==, 0);
  g_assert_false (rp_chart_export_pdf (data, ok, 400, 300, NULL, &error));
  g_assert_error (error, RP_ERROR, RP_ERROR_EXPORT_FAILED);
  g_assert_true (g_file_test (ok, G_FILE_TEST_IS_DIR));
  g_rmdir (ok);
}

static void
test_replace (Fixture       *f,
              gconstpointer  user_data)
{
  g_autoptr(RpChartData) data = one_bar_data ();
  g_autofree char *path = g_build_filename (f->dir, "bar.png", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize len = 0;

  g_assert_true (g_file_set_contents (path, "old", -1, &error));
  g_assert_true (rp_chart_export_png (data, path, 200, 150, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &len, &error));
  g_assert_cmpuint (len, >, 8);
  g_assert_true (memcmp (contents, "\x89PNG", 4) == 0);
}

/* rigplan-cli export draws one chart through this layer, with or
 * without GTK in the build (.ci/run builds both). */
static void
test_cli_png (Fixture       *f,
              gconstpointer  user_data)
{
  g_autofree char *path = g_build_filename (f->dir, "vram.png", NULL);
  g_autofree char *example = g_build_filename (g_getenv ("RIGPLAN_EXAMPLES"),
                                               "lora-llama3-8b-rtx4090.rigplan", NULL);
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  g_autofree char *lsan = g_strdup_printf ("suppressions=%s:print_suppressions=0",
                                           g_test_get_filename (G_TEST_DIST, "lsan-ui.supp",
                                                                NULL));
  g_autoptr(GSubprocess) cli = NULL;
  g_autoptr(GError) error = NULL;
  cairo_surface_t *png;

  /* Under LeakSanitizer: fontconfig's and Pango's process-lifetime
   * caches, which the CLI does not drop, are not leaks of ours. */
  g_subprocess_launcher_setenv (launcher, "LSAN_OPTIONS", lsan, TRUE);
  cli = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("RIGPLAN_CLI"), "export",
                                     example, "-o", path, "--chart", "vram", NULL);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_wait_check (cli, NULL, &error));
  g_assert_no_error (error);
  png = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (png), >, 100);
  cairo_surface_destroy (png);
}

/* The real failure: RLIMIT_FSIZE makes write() fail with EFBIG part way
 * through, as a full disk would with ENOSPC.  Each export must fail with
 * the reason and leave the old file, its mode and the link to it. */
static void
test_write_failure (Fixture       *f,
                    gconstpointer  user_data)
{
  g_autofree char *target = g_build_filename (f->dir, "plan.pdf", NULL);
  g_autofree char *link = g_build_filename (f->dir, "link.pdf", NULL);
  g_autofree char *contents = NULL;
  const char *dir = g_getenv ("RP_TEST_EXPORT_DIR");
  GStatBuf st;

  if (g_test_subprocess ())
    {
      g_autofree char *child_link = g_build_filename (dir, "link.pdf", NULL);
      g_autoptr(RpCatalog) catalog = NULL;
      g_autoptr(RpScenario) scenario = NULL;
      g_autoptr(RpEstimate) est = NULL;
      g_autoptr(RpChartData) data = NULL;
      struct rlimit limit = { 4096, 4096 };

      load_example (&catalog, &scenario, &est);
      data = rp_chart_data_new (RP_CHART_VRAM, scenario, catalog, est);
      signal (SIGXFSZ, SIG_IGN);
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
      for (guint i = 0; i < 4; i++)
        {
          g_autoptr(GError) error = NULL;
          gboolean done;

          if (i == 0)
            done = rp_chart_export_report_pdf (scenario, catalog, est, child_link, &error);
          else if (i == 1)
            done = rp_chart_export_png (data, child_link, 1600, 1000, NULL, &error);
          else if (i == 2)
            done = rp_chart_export_svg (data, child_link, 842, 595, NULL, &error);
          else
            done = rp_chart_export_pdf (data, child_link, 842, 595, NULL, &error);
          g_assert_false (done);
          g_assert_error (error, RP_ERROR, RP_ERROR_EXPORT_FAILED);
          g_assert_nonnull (strstr (error->message, g_strerror (EFBIG)));
        }
      return;
    }
  g_assert_true (g_file_set_contents (target, "the old plan", -1, NULL));
  g_assert_cmpint (g_chmod (target, 0600), ==, 0);
  g_assert_cmpint (symlink ("plan.pdf", link), ==, 0);
  g_setenv ("RP_TEST_EXPORT_DIR", f->dir, TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
  g_unsetenv ("RP_TEST_EXPORT_DIR");
  g_assert_true (g_file_get_contents (target, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "the old plan");
  g_assert_cmpint (g_stat (target, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0600);
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  /* fixture_teardown: no temporary left */
}

/* A read-only file is refused, not overwritten; a link is written
 * through and stays a link. */
static void
test_keep_file (Fixture       *f,
                gconstpointer  user_data)
{
  g_autoptr(RpChartData) data = one_bar_data ();
  g_autofree char *frozen = g_build_filename (f->dir, "frozen.png", NULL);
  g_autofree char *real = g_build_filename (f->dir, "real.png", NULL);
  g_autofree char *link = g_build_filename (f->dir, "link.png", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (frozen, "old", -1, NULL));
  g_assert_cmpint (g_chmod (frozen, 0444), ==, 0);
  g_assert_false (rp_chart_export_png (data, frozen, 200, 150, NULL, &error));
  g_assert_error (error, RP_ERROR, RP_ERROR_EXPORT_FAILED);
  g_assert_nonnull (strstr (error->message, "read-only"));
  g_assert_true (g_file_get_contents (frozen, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "old");

  g_assert_true (g_file_set_contents (real, "old", -1, NULL));
  g_assert_cmpint (symlink ("real.png", link), ==, 0);
  g_assert_true (rp_chart_export_png (data, link, 200, 150, NULL, NULL));
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (real, &contents, NULL, NULL));
  g_assert_true (memcmp (contents, "\x89PNG", 4) == 0);
}

/* Sizes Cairo cannot draw, or that would take gigabytes, are refused
 * before any pixel is allocated. */
static void
test_png_size_cap (Fixture       *f,
                   gconstpointer  user_data)
{
  g_autoptr(RpChartData) data = one_bar_data ();
  g_autofree char *path = g_build_filename (f->dir, "huge.png", NULL);
  const double sizes[][2] = { { 32768, 32768 }, { 32767, 32767 }, { 20000, 5001 },
                              { 32768, 1 }, { 1, 32768 } };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) bytes = NULL;

      g_assert_false (rp_chart_export_png (data, path, sizes[i][0], sizes[i][1], NULL, &error));
      g_assert_error (error, RP_ERROR, RP_ERROR_EXPORT_FAILED);
      g_assert_false (file_exists (path));
      g_clear_error (&error);
      bytes = rp_chart_export_bytes (data, RP_CHART_FORMAT_PNG, sizes[i][0], sizes[i][1], NULL,
                                     &error);
      g_assert_null (bytes);
      g_assert_error (error, RP_ERROR, RP_ERROR_EXPORT_FAILED);
    }
}

/* In memory: the same files, for previews and the fuzz target. */
static void
test_bytes (void)
{
  g_autoptr(RpChartData) data = one_bar_data ();
  g_autoptr(RpCatalog) catalog = NULL;
  g_autoptr(RpScenario) scenario = NULL;
  g_autoptr(RpEstimate) est = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) png = rp_chart_export_bytes (data, RP_CHART_FORMAT_PNG, 400, 300, NULL,
                                                 &error);
  g_autoptr(GBytes) svg = NULL;
  g_autoptr(GBytes) report = NULL;
  gsize len = 0;
  const char *text;

  g_assert_no_error (error);
  g_assert_true (memcmp (g_bytes_get_data (png, NULL), "\x89PNG", 4) == 0);
  svg = rp_chart_export_bytes (data, RP_CHART_FORMAT_SVG, 400, 300, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (memmem (g_bytes_get_data (svg, NULL), g_bytes_get_size (svg), "<svg", 4));
  load_example (&catalog, &scenario, &est);
  report = rp_chart_export_report_bytes (scenario, catalog, est, &error);
  g_assert_no_error (error);
  text = g_bytes_get_data (report, &len);
  g_assert_true (memcmp (text, "%PDF-", 5) == 0);
  /* the plan: summary, inputs, memory, time, cost, machine, advice */
  g_assert_cmpuint (count_pdf_pages (text, len), >=, 7);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/chart/export/png", Fixture, NULL, fixture_setup, test_png, fixture_teardown);
  g_test_add ("/chart/export/pdf", Fixture, NULL, fixture_setup, test_pdf, fixture_teardown);
  g_test_add ("/chart/export/report-pdf", Fixture, NULL, fixture_setup, test_report_pdf,
              fixture_teardown);
  g_test_add ("/chart/export/svg", Fixture, NULL, fixture_setup, test_svg, fixture_teardown);
  g_test_add ("/chart/export/unwritable", Fixture, NULL, fixture_setup, test_unwritable,
              fixture_teardown);
  g_test_add ("/chart/export/replace", Fixture, NULL, fixture_setup, test_replace,
              fixture_teardown);
  g_test_add ("/chart/export/cli-png", Fixture, NULL, fixture_setup, test_cli_png,
              fixture_teardown);
  g_test_add ("/chart/export/write-failure", Fixture, NULL, fixture_setup, test_write_failure,
              fixture_teardown);
  g_test_add ("/chart/export/keep-file", Fixture, NULL, fixture_setup, test_keep_file,
              fixture_teardown);
  g_test_add ("/chart/export/png-size-cap", Fixture, NULL, fixture_setup, test_png_size_cap,
              fixture_teardown);
  g_test_add_func ("/chart/export/bytes", test_bytes);

  status = g_test_run ();

  /* Drop the font caches, so that a leak checker sees only our leaks. */
  pango_cairo_font_map_set_default (NULL);
  cairo_debug_reset_static_data ();
  FcFini ();
  return status;
}

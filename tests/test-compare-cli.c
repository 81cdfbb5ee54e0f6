/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-compare-cli.c: `rigplan-cli compare` as scripts and people use it:
 * the aligned table (also with Chinese text), JSON, CSV, files, errors */

#include "config.h"

#include "rp-compare-set.h"
#include "rp-scenario.h"
#include "rp-test-cli.h"
#include "rp-test-core.h"
#include "rp-units.h"

#include <cjson/cJSON.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

/* A scenario renting from AutoDL, whose offer name is Chinese: a cell
 * two terminal columns per character wide.  Transfer full (the path). */
static char *
write_autodl_scenario (const char *dir)
{
  g_autofree char *src = rp_test_example_path ("lora-llama3-8b-rtx4090.rigplan");
  g_autoptr(RpScenario) s = rp_scenario_load_file (src, NULL);
  char *path = g_build_filename (dir, "autodl.rigplan", NULL);

  g_assert_nonnull (s);
  rp_scenario_set_name (s, "Llama 3 8B LoRA 租 AutoDL 的 4090");
  rp_scenario_set_rent_offer (s, "autodl-rtx-4090");
  s->budget.rent_price_per_gpu_hour = NAN;
  s->budget.acquire = RP_ACQUIRE_RENT;
  g_assert_true (rp_scenario_save_file (s, path, NULL));
  return path;
}

/* Display column of the first occurrence of @needle in @line, or -1. */
static int
display_column_of (const char *line,
                   const char *needle)
{
  const char *at = strstr (line, needle);
  g_autofree char *prefix = NULL;

  if (at == NULL)
    return -1;
  prefix = g_strndup (line, at - line);
  return rp_units_display_width (prefix);
}

/* The text from display column @col of @line on ("" past its end). */
static const char *
from_display_column (const char *line,
                     int         col)
{
  int w = 0;
  const char *p = line;

  while (*p != '\0' && w < col)
    {
      gunichar c = g_utf8_get_char (p);

      w += g_unichar_iszerowidth (c) ? 0 : g_unichar_iswide (c) ? 2 : 1;
      p = g_utf8_next_char (p);
    }
  if (*p != '\0')
    g_assert_cmpint (w, ==, col);   /* never inside a wide character */
  return p;
}

/* Every line of each table starts column B and C where its heading says,
 * in terminal columns, with two spaces before. */
static void
assert_aligned (const char *out)
{
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  int col_b = -1, col_c = -1;
  guint checked = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];

      if (*line == '\0' || g_str_has_prefix (line, "*"))
        {
          col_b = col_c = -1;
          continue;
        }
      /* a heading: "Inputs    A ✓   B ✗   C ✓"; rows start with "  " or "~ " */
      if (*line != ' ' && *line != '~' && display_column_of (line, "  A ") > 0 &&
          display_column_of (line, "  B ") > 0 && display_column_of (line, "  C ") > 0)
        {
          col_b = display_column_of (line, "  B ") + 2;
          col_c = display_column_of (line, "  C ") + 2;
          continue;
        }
      if (col_b < 0)
        continue;
      for (guint k = 0; k < 2; k++)
        {
          int col = k == 0 ? col_b : col_c;
          const char *rest = from_display_column (line, col - 2);

          if (*rest == '\0')
            continue;
          g_assert_true (g_str_has_prefix (rest, "  "));
          checked++;
        }
    }
  g_assert_cmpuint (checked, >, 20);
}

static void
test_text_table (void)
{
  g_autofree char *dir = g_dir_make_tmp ("rigplan-cli-compare-XXXXXX", NULL);
  g_autofree char *a = rp_test_example_path ("lora-llama3-8b-rtx4090.rigplan");
  g_autofree char *b = write_autodl_scenario (dir);
  g_autofree char *c = rp_test_example_path ("qlora-llama2-70b-a100.rigplan");
  static const char *const zh[] = { "LANG", "C.UTF-8", "LC_ALL", "C.UTF-8", "LANGUAGE", "zh_CN",
                                    NULL };

  for (guint k = 0; k < 2; k++)
    {
      g_auto(RpTestCliResult) r = { 0 };

      rp_test_run_cli (&r, k == 0 ? NULL : zh, "compare", a, b, c, NULL);
      g_assert_cmpint (r.status, ==, 0);
      g_assert_cmpstr (r.err, ==, "");
      /* the offer by its English name in English, its own in Chinese */
      g_assert_nonnull (strstr (r.out, k == 0 ? "container instance" : "容器实例"));
      g_assert_nonnull (strstr (r.out, " *"));
      g_assert_nonnull (strstr (r.out, "租 AutoDL"));
      assert_aligned (r.out);
    }
  g_unlink (b);
  g_rmdir (dir);
}

static void
test_json_csv_and_files (void)
{
  g_autofree char *dir = g_dir_make_tmp ("rigplan-cli-compare-XXXXXX", NULL);
  g_autofree char *a = rp_test_example_path ("lora-llama3-8b-rtx4090.rigplan");
  g_autofree char *b = rp_test_example_path ("full-finetune-llama2-7b-8xa100.rigplan");
  g_autofree char *csv_path = g_build_filename (dir, "out.csv", NULL);
  g_autofree char *json_path = g_build_filename (dir, "out.JSON", NULL);
  g_auto(RpTestCliResult) json = { 0 };
  g_auto(RpTestCliResult) csv = { 0 };
  g_autoptr(cJSON) root = NULL;
  const cJSON *rows;
  g_autofree char *file_csv = NULL;
  g_autofree char *file_json = NULL;

  rp_test_run_cli (&json, NULL, "compare", a, b, "--json", NULL);
  g_assert_cmpint (json.status, ==, 0);
  root = cJSON_Parse (json.out);
  g_assert_nonnull (root);
  g_assert_cmpint (cJSON_GetArraySize (cJSON_GetObjectItem (root, "scenarios")), ==, 2);
  g_assert_cmpstr (cJSON_GetObjectItem (cJSON_GetArrayItem (cJSON_GetObjectItem (root, "scenarios"),
                                                            1), "file")->valuestring, ==, b);
  rows = cJSON_GetObjectItem (root, "rows");
  g_assert_cmpint (cJSON_GetArraySize (rows), >, 15);
  g_assert_cmpstr (cJSON_GetObjectItem (cJSON_GetArrayItem (rows, 0), "key")->valuestring, ==,
                   "model.preset");

  rp_test_run_cli (&csv, NULL, "compare", a, b, "--csv", NULL);
  g_assert_cmpint (csv.status, ==, 0);
  g_assert_true (g_str_has_prefix (csv.out, "key,label,unit,best,"));

  {
    g_auto(RpTestCliResult) w1 = { 0 };
    g_auto(RpTestCliResult) w2 = { 0 };

    rp_test_run_cli (&w1, NULL, "compare", a, b, "-o", csv_path, NULL);
    rp_test_run_cli (&w2, NULL, "compare", a, b, "-o", json_path, NULL);
    g_assert_cmpint (w1.status, ==, 0);
    g_assert_cmpint (w2.status, ==, 0);
    g_assert_cmpstr (w1.out, ==, "");
  }
  g_assert_true (g_file_get_contents (csv_path, &file_csv, NULL, NULL));
  g_assert_true (g_file_get_contents (json_path, &file_json, NULL, NULL));
  g_assert_cmpstr (file_csv, ==, csv.out);
  g_assert_cmpstr (file_json, ==, json.out);
  g_unlink (csv_path);
  g_unlink (json_path);
  g_rmdir (dir);
}

/* A compare file stands for its scenarios; a missing one stops with a
 * message naming it. */
static void
test_compare_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("rigplan-cli-compare-XXXXXX", NULL);
  g_autofree char *a = rp_test_example_path ("lora-llama3-8b-rtx4090.rigplan");
  g_autofree char *c = rp_test_example_path ("qlora-llama2-70b-a100.rigplan");
  g_autofree char *b_path = g_build_filename (dir, "b.rigplan", NULL);
  g_autofree char *set_path = g_build_filename (dir, "two.rigplan-compare", NULL);
  g_autoptr(RpScenario) b = rp_scenario_load_file (c, NULL);
  g_autoptr(RpCompareSet) set = rp_compare_set_new ();
  g_auto(RpTestCliResult) ok = { 0 };
  g_auto(RpTestCliResult) missing = { 0 };
  g_autoptr(cJSON) root = NULL;

  g_assert_true (rp_scenario_save_file (b, b_path, NULL));
  rp_compare_set_add (set, b, b_path);
  rp_compare_set_add (set, b, NULL);
  g_assert_true (rp_compare_set_save_file (set, set_path, NULL));

  rp_test_run_cli (&ok, NULL, "compare", set_path, a, "--json", NULL);
  g_assert_cmpint (ok.status, ==, 0);
  root = cJSON_Parse (ok.out);
  g_assert_cmpint (cJSON_GetArraySize (cJSON_GetObjectItem (root, "scenarios")), ==, 3);

  g_unlink (b_path);
  rp_test_run_cli (&missing, NULL, "compare", set_path, a, NULL);
  g_assert_cmpint (missing.status, ==, 1);
  g_assert_nonnull (strstr (missing.err, set_path));
  g_assert_nonnull (strstr (missing.err, "b.rigplan"));
  g_assert_nonnull (strstr (missing.err, "moved"));
  g_assert_cmpstr (missing.out, ==, "");
  g_unlink (set_path);
  g_rmdir (dir);
}

static void
test_errors (void)
{
  g_autofree char *a = rp_test_example_path ("lora-llama3-8b-rtx4090.rigplan");
  g_auto(RpTestCliResult) one = { 0 };
  g_auto(RpTestCliResult) pdf = { 0 };
  g_auto(RpTestCliResult) png = { 0 };
  g_auto(RpTestCliResult) absent = { 0 };
  g_auto(RpTestCliResult) both = { 0 };

  rp_test_run_cli (&one, NULL, "compare", a, NULL);
  g_assert_cmpint (one.status, ==, 2);
  g_assert_nonnull (strstr (one.err, "at least two"));
  rp_test_run_cli (&pdf, NULL, "compare", a, a, "-o", "report.pdf", "--paper", "a3", NULL);
  g_assert_cmpint (pdf.status, ==, 2);
  g_assert_false (g_file_test ("report.pdf", G_FILE_TEST_EXISTS));
  rp_test_run_cli (&png, NULL, "compare", a, a, "-o", "x.png", NULL);
  g_assert_cmpint (png.status, ==, 2);
  rp_test_run_cli (&absent, NULL, "compare", a, "/nonexistent/x.rigplan", NULL);
  g_assert_cmpint (absent.status, ==, 1);
  g_assert_nonnull (strstr (absent.err, "/nonexistent/x.rigplan"));
  rp_test_run_cli (&both, NULL, "compare", a, a, "--json", "--csv", NULL);
  g_assert_cmpint (both.status, ==, 2);
}

/* Six scenarios, language and vision: one column each in every format. */
static void
test_six (void)
{
  static const char *const names[] = {
    "lora-llama3-8b-rtx4090.rigplan", "full-finetune-llama2-7b-8xa100.rigplan",
    "qlora-llama2-70b-a100.rigplan", "lora-llama2-13b-rtx3090.rigplan",
    "resnet50-imagenet-8xa100.rigplan", "sdxl-finetune-8xa100.rigplan",
  };
  char *p[6];
  g_auto(RpTestCliResult) text = { 0 };
  g_auto(RpTestCliResult) json = { 0 };
  g_auto(RpTestCliResult) csv = { 0 };
  g_autoptr(cJSON) root = NULL;
  g_auto(GStrv) lines = NULL;

  for (guint i = 0; i < 6; i++)
    p[i] = rp_test_example_path (names[i]);
  rp_test_run_cli (&text, NULL, "compare", p[0], p[1], p[2], p[3], p[4], p[5], NULL);
  rp_test_run_cli (&json, NULL, "compare", p[0], p[1], p[2], p[3], p[4], p[5], "--json", NULL);
  rp_test_run_cli (&csv, NULL, "compare", p[0], p[1], p[2], p[3], p[4], p[5], "--csv", NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_cmpint (json.status, ==, 0);
  g_assert_cmpint (csv.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "F ✓"));
  g_assert_nonnull (strstr (text.out, "D ✗"));
  root = cJSON_Parse (json.out);
  g_assert_cmpint (cJSON_GetArraySize (cJSON_GetObjectItem (root, "scenarios")), ==, 6);
  g_assert_cmpstr (cJSON_GetObjectItem (cJSON_GetArrayItem (cJSON_GetObjectItem (root, "scenarios"),
                                                            3), "status")->valuestring, ==,
                   "does-not-fit");
  lines = g_strsplit (csv.out, "\r\n", -1);
  g_assert_cmpuint (g_strv_length (lines) - 1, ==,
                    cJSON_GetArraySize (cJSON_GetObjectItem (root, "rows")) + 1);
  for (guint i = 0; i < 6; i++)
    g_free (p[i]);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/compare/text-table", test_text_table);
  g_test_add_func ("/cli/compare/json-csv-and-files", test_json_csv_and_files);
  g_test_add_func ("/cli/compare/compare-file", test_compare_file);
  g_test_add_func ("/cli/compare/errors", test_errors);
  g_test_add_func ("/cli/compare/six", test_six);
  return g_test_run ();
}

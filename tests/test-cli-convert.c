/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-convert.c: rigplan-cli import and export --format, as scripts
 * use them: output, errors, exit codes */

#include "config.h"

#include "rp-scenario.h"
#include "rp-test-cli.h"
#include "rp-test-core.h"

#include <cjson/cJSON.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

static char *tmp_dir;

static char *
fixture (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "import", name, NULL);
}

static char *
temp_path (const char *name)
{
  return g_build_filename (tmp_dir, name, NULL);
}

/* import -o writes a scenario that loads, and says what it did. */
static void
test_import_to_file (void)
{
  g_autofree char *model = fixture ("hf/Qwen2.5-7B");
  g_autofree char *ds = fixture ("train/ds_zero2_batch.json");
  g_autofree char *out = temp_path ("qwen.rigplan");
  g_autoptr(RpScenario) s = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(RpTestCliResult) r = { 0 };

  rp_test_run_cli (&r, NULL, "import", model, ds, "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "7,615,616,512 parameters"));
  g_assert_nonnull (strstr (r.out, "Wrote"));
  s = rp_scenario_load_file (out, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (s->name, ==, "Qwen2.5-7B + ds_zero2_batch.json");
  g_assert_cmpuint (s->training.zero_stage, ==, 2);
  g_assert_cmpuint (s->training.micro_batch, ==, 4);
}

/* Without -o the scenario goes to stdout for a pipe, the notes to stderr;
 * --json gives both as one document. */
static void
test_import_streams (void)
{
  g_autofree char *model = fixture ("hf/Mixtral-8x7B-v0.1/config.json");
  g_auto(RpTestCliResult) r = { 0 }, j = { 0 };
  g_autoptr(cJSON) scenario = NULL, doc = NULL;
  const cJSON *notes;

  rp_test_run_cli (&r, NULL, "import", model, NULL);
  g_assert_cmpint (r.status, ==, 0);
  scenario = cJSON_Parse (r.out);
  g_assert_nonnull (scenario);
  g_assert_cmpstr (cJSON_GetStringValue (cJSON_GetObjectItem (scenario, "format")), ==,
                   "rigplan-scenario");
  g_assert_nonnull (strstr (r.err, "46,702,792,704"));

  rp_test_run_cli (&j, NULL, "import", "--json", model, NULL);
  g_assert_cmpint (j.status, ==, 0);
  doc = cJSON_Parse (j.out);
  g_assert_nonnull (doc);
  g_assert_true (cJSON_IsObject (cJSON_GetObjectItem (doc, "scenario")));
  notes = cJSON_GetObjectItem (doc, "notes");
  g_assert_true (cJSON_GetArraySize (notes) > 2);
  g_assert_cmpstr (cJSON_GetStringValue (cJSON_GetObjectItem (cJSON_GetArrayItem (notes, 0),
                                                              "kind")), ==, "source");
}

/* Bad input: exit 1, the file and the key named; usage: exit 2. */
static void
test_import_errors (void)
{
  g_autofree char *bad = fixture ("bad/ds_bad_stage.json");
  g_auto(RpTestCliResult) r = { 0 }, u = { 0 }, m = { 0 };

  rp_test_run_cli (&r, NULL, "import", bad, NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, bad));
  g_assert_nonnull (strstr (r.err, "zero_optimization.stage"));
  g_assert_cmpstr (r.out, ==, "");

  rp_test_run_cli (&u, NULL, "import", NULL);
  g_assert_cmpint (u.status, ==, 2);

  rp_test_run_cli (&m, NULL, "import", "/no/such/config.json", NULL);
  g_assert_cmpint (m.status, ==, 1);
  g_assert_nonnull (strstr (m.err, "/no/such/config.json"));
}

static void
test_export_formats (void)
{
  g_autofree char *scenario = rp_test_example_path ("pretrain-1b-decoder-32xh100.rigplan");
  g_autofree char *ds = temp_path ("ds_config.json");
  g_autofree char *text = NULL;
  g_autoptr(cJSON) root = NULL;
  g_auto(RpTestCliResult) r = { 0 }, acc = { 0 }, howto = { 0 }, bad = { 0 };

  rp_test_run_cli (&r, NULL, "export", scenario, "--format", "deepspeed", "-o", ds, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "DeepSpeed config"));
  g_assert_true (g_file_get_contents (ds, &text, NULL, NULL));
  root = cJSON_Parse (text);
  g_assert_nonnull (root);
  /* 16 per GPU × 2 steps × 32 GPUs */
  g_assert_cmpfloat (cJSON_GetNumberValue (cJSON_GetObjectItem (root, "train_batch_size")), ==,
                     1024);

  rp_test_run_cli (&acc, NULL, "export", scenario, "--format=accelerate", NULL);
  g_assert_cmpint (acc.status, ==, 0);
  g_assert_nonnull (strstr (acc.out, "num_processes: 32"));
  g_assert_nonnull (strstr (acc.out, "num_machines: 4"));

  rp_test_run_cli (&howto, NULL, "export", scenario, "--format", "howto", NULL);
  g_assert_cmpint (howto.status, ==, 0);
  g_assert_nonnull (strstr (howto.out, "NCCL_IB_HCA"));

  {
    g_auto(RpTestCliResult) j = { 0 };
    g_autoptr(cJSON) doc = NULL;

    rp_test_run_cli (&j, NULL, "export", scenario, "--format", "torchrun", "--json", NULL);
    g_assert_cmpint (j.status, ==, 0);
    doc = cJSON_Parse (j.out);
    g_assert_nonnull (doc);
    g_assert_cmpstr (cJSON_GetStringValue (cJSON_GetObjectItem (doc, "format")), ==,
                     "rigplan-launch");
    g_assert_cmpstr (cJSON_GetStringValue (cJSON_GetObjectItem (doc, "launch_format")), ==,
                     "torchrun");
    g_assert_nonnull (strstr (cJSON_GetStringValue (cJSON_GetObjectItem (doc, "text")),
                              "--nnodes 4"));
    g_assert_true (cJSON_IsArray (cJSON_GetObjectItem (doc, "notes")));
  }

  rp_test_run_cli (&bad, NULL, "export", scenario, "--format", "slurm", NULL);
  g_assert_cmpint (bad.status, ==, 2);
  g_assert_nonnull (strstr (bad.err, "--format"));
}

/* A row of the plan, as "rigplan-cli plan" lists it. */
static void
test_export_plan_row (void)
{
  g_autofree char *scenario = rp_test_example_path ("lora-llama3-8b-rtx4090.rigplan");
  g_auto(RpTestCliResult) r = { 0 }, far = { 0 }, buy = { 0 }, best = { 0 }, zero = { 0 };

  rp_test_run_cli (&r, NULL, "export", scenario, "--format", "torchrun", "--plan-row", "1", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "exec torchrun"));
  /* the planner's two answers: a row of the buy answer, the recommendation */
  rp_test_run_cli (&buy, NULL, "export", scenario, "--format", "torchrun",
                   "--plan-row", "buy:1", NULL);
  g_assert_cmpint (buy.status, ==, 0);
  g_assert_nonnull (strstr (buy.out, "exec torchrun"));
  rp_test_run_cli (&best, NULL, "export", scenario, "--format", "howto",
                   "--plan-row", "recommended", NULL);
  g_assert_cmpint (best.status, ==, 0);
  rp_test_run_cli (&zero, NULL, "export", scenario, "--format", "torchrun",
                   "--plan-row", "rent:0", NULL);
  g_assert_cmpint (zero.status, ==, 2);

  rp_test_run_cli (&far, NULL, "export", scenario, "--format", "torchrun",
                   "--plan-row", "100000", NULL);
  g_assert_cmpint (far.status, ==, 2);
  g_assert_nonnull (strstr (far.err, "--plan-row"));
}

/* The PDF export is untouched by --format's arrival. */
static void
test_export_pdf_still (void)
{
  g_autofree char *scenario = rp_test_example_path ("lora-llama3-8b-rtx4090.rigplan");
  g_autofree char *pdf = temp_path ("plan.pdf");
  g_auto(RpTestCliResult) r = { 0 };

  rp_test_run_cli (&r, NULL, "export", scenario, "-o", pdf, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_file_test (pdf, G_FILE_TEST_IS_REGULAR));
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *supp = NULL, *lsan = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  /* For rigplan-cli under LeakSanitizer (read as a process starts, so not
   * by this one): fontconfig's and Pango's process-lifetime caches (the
   * PDF export) are not leaks of ours; everything else is checked. */
  supp = g_test_build_filename (G_TEST_DIST, "lsan-ui.supp", NULL);
  lsan = g_strdup_printf ("suppressions=%s:print_suppressions=0", supp);
  g_setenv ("LSAN_OPTIONS", lsan, TRUE);
  tmp_dir = g_dir_make_tmp ("rigplan-cli-convert-XXXXXX", NULL);
  g_test_add_func ("/cli/import/to-file", test_import_to_file);
  g_test_add_func ("/cli/import/streams", test_import_streams);
  g_test_add_func ("/cli/import/errors", test_import_errors);
  g_test_add_func ("/cli/export/formats", test_export_formats);
  g_test_add_func ("/cli/export/plan-row", test_export_plan_row);
  g_test_add_func ("/cli/export/pdf-still", test_export_pdf_still);
  status = g_test_run ();
  {
    static const char *const names[] = { "qwen.rigplan", "ds_config.json", "plan.pdf" };

    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      {
        g_autofree char *path = temp_path (names[i]);

        g_unlink (path);
      }
    g_rmdir (tmp_dir);
    g_free (tmp_dir);
  }
  return status;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-calibrate.c: rigplan-cli calibrate and export --format probe,
 * run as a script runs them, on the measurements recorded in
 * tests/data/probe/recorded/ (tests/check-probe.py measures afresh) */

#include "config.h"

#include "rp-test-cli.h"
#include "rp-test-core.h"

#include <glib/gstdio.h>
#include <string.h>

/* ---- helpers -------------------------------------------------------- */

static char *
probe_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "probe", name, NULL);
}

static char *
recorded_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "probe", "recorded", name, NULL);
}

/* ---- tests ---------------------------------------------------------- */

/* Calibrate, estimate, list, remove: the three commands of the README
 * and the one that undoes them. */
static void
test_round_trip (void)
{
  g_autofree char *dir = rp_test_make_dir ("rigplan-cli-calibrate-XXXXXX");
  g_autofree char *scenario = probe_path ("tiny-gpt-a.rigplan");
  g_autofree char *measure = recorded_path ("tiny-gpt-a.rigplan-measure");
  g_autofree char *out = g_build_filename (dir, "on-device.rigplan", NULL);
  g_autofree char *user = g_build_filename (dir, "user", NULL);
  const char *env[] = { "RIGPLAN_USER_DATADIR", user, NULL };
  g_auto(RpTestCliResult) r = { 0 };
  g_autoptr(cJSON) root = NULL;
  const cJSON *cal, *calibration;
  g_autofree char *id = NULL;

  rp_test_run_cli (&r, env, "calibrate", scenario, measure, "-o", out, "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = cJSON_Parse (r.out);
  g_assert_nonnull (root);
  g_assert_cmpstr (cJSON_GetObjectItem (root, "format")->valuestring, ==, "rigplan-calibration");
  g_assert_true (cJSON_IsString (cJSON_GetObjectItem (root, "gpu_added")));
  cal = cJSON_GetObjectItem (root, "calibration");
  g_assert_cmpstr (cJSON_GetObjectItem (cal, "as_of")->valuestring, ==, "2026-12-01");
  g_assert_cmpuint (cJSON_GetArraySize (cJSON_GetObjectItem (cal, "rows")), >=, 9);
  id = g_strdup (cJSON_GetObjectItem (cal, "id")->valuestring);
  g_assert_true (g_file_test (out, G_FILE_TEST_IS_REGULAR));
  rp_test_cli_result_clear (&r);
  g_clear_pointer (&root, cJSON_Delete);

  rp_test_run_cli (&r, env, "estimate", out, "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = cJSON_Parse (r.out);
  calibration = cJSON_GetObjectItem (root, "calibration");
  g_assert_true (cJSON_IsObject (calibration));
  g_assert_cmpstr (cJSON_GetObjectItem (calibration, "id")->valuestring, ==, id);
  g_assert_nonnull (strstr (r.out, "\"code\":\t\"calibrated\""));
  rp_test_cli_result_clear (&r);
  g_clear_pointer (&root, cJSON_Delete);

  rp_test_run_cli (&r, env, "estimate", out, NULL);
  g_assert_nonnull (strstr (r.out, "Calibrated from your measurement of 2026-12-01"));
  g_assert_nonnull (strstr (r.out, "Your calibration"));
  rp_test_cli_result_clear (&r);

  rp_test_run_cli (&r, env, "calibrate", "--list", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, id));
  rp_test_cli_result_clear (&r);

  rp_test_run_cli (&r, env, "calibrate", "--remove", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, id));
  rp_test_cli_result_clear (&r);
  rp_test_run_cli (&r, env, "estimate", out, "--json", NULL);
  root = cJSON_Parse (r.out);
  g_assert_true (cJSON_IsNull (cJSON_GetObjectItem (root, "calibration")));
  rp_test_cli_result_clear (&r);
  rp_test_run_cli (&r, env, "calibrate", "--remove", id, NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "no calibration"));
}

/* Bad measurements: exit status 1, the file and the key named, nothing
 * in the user's data. */
static void
test_refused (void)
{
  g_autofree char *dir = rp_test_make_dir ("rigplan-cli-calibrate-XXXXXX");
  g_autofree char *scenario = probe_path ("tiny-gpt-a.rigplan");
  g_autofree char *measure = recorded_path ("tiny-gpt-a.rigplan-measure");
  g_autofree char *other = recorded_path ("tiny-gpt-b.rigplan-measure");
  g_autofree char *truncated = g_build_filename (dir, "truncated.rigplan-measure", NULL);
  g_autofree char *user = g_build_filename (dir, "user", NULL);
  g_autofree char *text = NULL;
  const char *env[] = { "RIGPLAN_USER_DATADIR", user, NULL };
  gsize len = 0;
  struct
  {
    const char *args[6];
    const char *fragment;
  } cases[] = {
    { { "calibrate", scenario, other, NULL }, "training.seq_len: the measurement ran 256" },
    { { "calibrate", scenario, truncated, NULL }, "the text ends" },
    { { "calibrate", scenario, measure, "--gpu", "h100-sxm", NULL }, "device.kind" },
    { { "calibrate", scenario, measure, "--gpu", "rtx-9999", NULL }, "is in no GPU catalog" },
    { { "calibrate", scenario, scenario, NULL }, "format: expected “rigplan-measure”" },
  };

  g_assert_true (g_file_get_contents (measure, &text, &len, NULL));
  g_assert_true (g_file_set_contents (truncated, text, len / 2, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(RpTestCliResult) r = { 0 };
      const char *named = strcmp (cases[i].args[2], other) == 0 ? other
                          : strcmp (cases[i].args[2], scenario) == 0 ? scenario
                          : cases[i].args[2];

      rp_test_run_cliv (&r, env, cases[i].args);
      g_test_message ("%s", r.err);
      g_assert_cmpint (r.status, ==, 1);
      g_assert_nonnull (strstr (r.err, cases[i].fragment));
      g_assert_nonnull (strstr (r.err, named));
      g_assert_false (g_file_test (user, G_FILE_TEST_EXISTS));
    }
}

/* What the probe reads: the model resolved, the notes for one device. */
static void
test_export_probe (void)
{
  g_autofree char *example = rp_test_example_path ("full-finetune-llama2-7b-8xa100.rigplan");
  g_auto(RpTestCliResult) r = { 0 };
  g_autoptr(cJSON) root = NULL;
  const cJSON *model, *notes;

  rp_test_run_cli (&r, NULL, "export", example, "--format", "probe", NULL);
  g_assert_cmpint (r.status, ==, 0);
  root = cJSON_Parse (r.out);
  g_assert_cmpstr (cJSON_GetObjectItem (root, "format")->valuestring, ==, "rigplan-probe-input");
  model = cJSON_GetObjectItem (root, "model");
  g_assert_cmpint (cJSON_GetObjectItem (model, "layers")->valueint, ==, 32);
  g_assert_cmpstr (cJSON_GetObjectItem (model, "ffn_act")->valuestring, ==, "swiglu");
  notes = cJSON_GetObjectItem (root, "not_reproduced");
  g_assert_cmpint (cJSON_GetArraySize (notes), >, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/calibrate/round-trip", test_round_trip);
  g_test_add_func ("/cli/calibrate/refused", test_refused);
  g_test_add_func ("/cli/calibrate/export-probe", test_export_probe);
  return g_test_run ();
}

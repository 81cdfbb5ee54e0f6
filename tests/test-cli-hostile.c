/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-hostile.c: rigplan-cli given shared files written to attack
 * the terminal or to make a write replace the wrong file */

#include "config.h"

#include "rp-scenario.h"
#include "rp-test-cli.h"
#include "rp-test-core.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

static char *tmp_dir;

/* The name: retitles the terminal, clears it and turns it red. */
#define PWNED "\\u001b]0;PWNED\\u0007\\u001b[2J\\u001b[31m"

static char *
temp_path (const char *name)
{
  return g_build_filename (tmp_dir, name, NULL);
}

static char *
write_temp (const char *name,
            const char *text)
{
  char *path = temp_path (name);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static char *
scenario_text (const char *name_json,
               const char *gpu)
{
  return g_strdup_printf ("{\"format\": \"rigplan-scenario\", \"version\": 1, \"name\": \"%s\","
                          " \"model\": {\"preset\": \"gpt2\"},"
                          " \"training\": {\"dataset_tokens\": 1e8},"
                          " \"hardware\": {\"gpu\": \"%s\"}}", name_json, gpu);
}

/* Nothing a file holds reaches the terminal as a control character: the
 * escape, the bell and the carriage return show as "\u001b", and so on. */
static void
assert_no_controls (const char *what,
                    const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    if ((guchar) *p < 0x20 && *p != '\n' && *p != '\t')
      g_error ("%s: control character 0x%02x in “%s”", what, (guchar) *p, text);
}

static void
test_escapes_in_output (void)
{
  g_autofree char *text = scenario_text (PWNED, "rtx-4090");
  g_autofree char *path = write_temp ("pwned.rigplan", text);
  g_autofree char *bad_gpu_text = scenario_text ("x", "\\u001b[2J\\u001b]0;GPU\\u0007");
  g_autofree char *bad_gpu = write_temp ("bad-gpu.rigplan", bad_gpu_text);
  g_autofree char *missing = temp_path ("\x1b]0;gone\x07.rigplan");
  g_auto(RpTestCliResult) est = { 0 }, plan = { 0 }, cmp = { 0 }, err = { 0 }, gone = { 0 };

  rp_test_run_cli (&est, NULL, "estimate", path, NULL);
  g_assert_cmpint (est.status, ==, 0);
  assert_no_controls ("estimate", est.out);
  g_assert_nonnull (strstr (est.out, PWNED "\n"));

  rp_test_run_cli (&plan, NULL, "plan", path, "--top", "1", NULL);
  g_assert_cmpint (plan.status, ==, 0);
  assert_no_controls ("plan", plan.out);
  g_assert_nonnull (strstr (plan.out, PWNED));

  rp_test_run_cli (&cmp, NULL, "compare", path, path, NULL);
  g_assert_cmpint (cmp.status, ==, 0);
  assert_no_controls ("compare", cmp.out);
  g_assert_nonnull (strstr (cmp.out, PWNED));

  /* an error quoting a value from the file */
  rp_test_run_cli (&err, NULL, "estimate", bad_gpu, NULL);
  g_assert_cmpint (err.status, ==, 1);
  assert_no_controls ("error", err.err);
  g_assert_nonnull (strstr (err.err, "\\u001b[2J\\u001b]0;GPU\\u0007"));

  /* an error naming a file whose name holds escapes */
  rp_test_run_cli (&gone, NULL, "estimate", missing, NULL);
  g_assert_cmpint (gone.status, ==, 1);
  assert_no_controls ("file name", gone.err);
  g_assert_nonnull (strstr (gone.err, "\\u001b]0;gone\\u0007.rigplan"));
}

/* An imported config's model_type reaches the report and the scenario's
 * notes; neither drives the terminal, and JSON keeps the text exact. */
static void
test_escapes_in_import (void)
{
  g_autofree char *dir = temp_path ("hf-pwned");
  g_autofree char *config = g_build_filename (dir, "config.json", NULL);
  g_auto(RpTestCliResult) r = { 0 }, j = { 0 };
  g_autoptr(cJSON) doc = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_true (g_file_set_contents (config,
                 "{\"model_type\": \"llama\\u001b]0;PWNED\\u0007\\u001b[2J\","
                 " \"architectures\": [\"\\u001b[31mLlamaForCausalLM\"],"
                 " \"hidden_size\": 256, \"intermediate_size\": 1024,"
                 " \"num_hidden_layers\": 2, \"num_attention_heads\": 4,"
                 " \"num_key_value_heads\": 4, \"vocab_size\": 1000}", -1, NULL));
  rp_test_run_cli (&r, NULL, "import", dir, NULL);
  assert_no_controls ("import stdout", r.out);
  assert_no_controls ("import stderr", r.err);
  g_assert_nonnull (strstr (r.out, "\\u001b]0;PWNED") != NULL ? r.out : r.err);

  rp_test_run_cli (&j, NULL, "import", dir, "--json", NULL);
  assert_no_controls ("import --json", j.out);
  if (j.status == 0)
    {
      doc = cJSON_Parse (j.out);
      g_assert_nonnull (doc);
    }
}

/* A compare file of 0 or 1 scenarios names the file and its key; it
 * printed the whole --help before. */
static void
test_compare_too_few (void)
{
  g_autofree char *one = scenario_text ("one", "rtx-4090");
  g_autofree char *set0 = write_temp ("none.rigplan-compare",
                                      "{\"format\": \"rigplan-compare\", \"version\": 1,"
                                      " \"scenarios\": []}");
  g_autofree char *text1 = g_strdup_printf ("{\"format\": \"rigplan-compare\", \"version\": 1,"
                                            " \"scenarios\": [{\"scenario\": %s}]}", one);
  g_autofree char *set1 = write_temp ("one.rigplan-compare", text1);
  g_auto(RpTestCliResult) r0 = { 0 }, r1 = { 0 };

  rp_test_run_cli (&r0, NULL, "compare", set0, NULL);
  g_assert_cmpint (r0.status, ==, 1);
  g_assert_true (g_str_has_prefix (r0.err, "rigplan-cli: "));
  g_assert_nonnull (strstr (r0.err, "none.rigplan-compare: scenarios: holds 0 scenarios"));
  g_assert_null (strstr (r0.err, "--help"));
  g_assert_null (strstr (r0.err, "Usage"));
  rp_test_run_cli (&r1, NULL, "compare", set1, NULL);
  g_assert_cmpint (r1.status, ==, 1);
  g_assert_nonnull (strstr (r1.err, "one.rigplan-compare: scenarios: holds 1 scenario;"));
  g_assert_null (strstr (r1.err, "Usage"));
}

/* The files of one comparison hold at most 8 MiB of text together; the
 * file past it is named. */
static void
test_compare_budget (void)
{
  g_autofree char *big = g_strnfill (1024 * 1024 - 16, 'u');
  g_autofree char *unknown = g_strdup_printf ("\", \"x\": \"%s", big);
  g_autofree char *text = scenario_text (unknown, "rtx-4090");
  g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  g_auto(RpTestCliResult) r = { 0 };

  g_ptr_array_add (args, g_strdup ("compare"));
  for (guint i = 0; i < 10; i++)
    {
      g_autofree char *name = g_strdup_printf ("big-%u.rigplan", i);

      g_ptr_array_add (args, write_temp (name, text));
    }
  g_ptr_array_add (args, NULL);
  rp_test_run_cliv (&r, NULL, (const char *const *) args->pdata);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "big-8.rigplan: with this scenario the comparison would hold "
                                   "more than 8.0"));
}

static char *
example (const char *name)
{
  return g_build_filename (g_getenv ("RIGPLAN_EXAMPLES"), name, NULL);
}

static char *
copy_example (const char *name,
              const char *as)
{
  g_autofree char *from = example (name);
  g_autofree char *text = NULL;

  g_assert_true (g_file_get_contents (from, &text, NULL, NULL));
  return write_temp (as, text);
}

static void
assert_scenario (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RpScenario) s = rp_scenario_load_file (path, &error);

  g_assert_no_error (error);
}

/* A write never replaces an input of the same command, under its own
 * name or another (a link), unless --force. */
static void
test_output_is_an_input (void)
{
  g_autofree char *a = copy_example ("lora-llama3-8b-rtx4090.rigplan", "a.rigplan");
  g_autofree char *link = temp_path ("link-to-a.pdf");
  g_auto(RpTestCliResult) r = { 0 }, l = { 0 }, fix = { 0 }, forced = { 0 };
  g_autofree char *after = NULL;

  rp_test_run_cli (&r, NULL, "export", a, "--format", "deepspeed", "-o", a, NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "a.rigplan: this is"));
  g_assert_nonnull (strstr (r.err, "an input of this command; writing a DeepSpeed config would "
                                   "replace it"));
  g_assert_nonnull (strstr (r.err, "--force"));
  assert_scenario (a);

  g_assert_cmpint (symlink (a, link), ==, 0);
  rp_test_run_cli (&l, NULL, "export", a, "-o", link, "--chart", "vram", NULL);
  g_assert_cmpint (l.status, ==, 1);
  g_assert_nonnull (strstr (l.err, "an input of this command"));
  assert_scenario (a);

  rp_test_run_cli (&fix, NULL, "fix", a, "-o", a, NULL);
  g_assert_cmpint (fix.status, ==, 1);
  g_assert_nonnull (strstr (fix.err, "an input of this command"));

  rp_test_run_cli (&forced, NULL, "export", a, "--format", "deepspeed", "-o", a, "--force", NULL);
  g_assert_cmpint (forced.status, ==, 0);
  g_assert_true (g_file_get_contents (a, &after, NULL, NULL));
  g_assert_nonnull (strstr (after, "zero_optimization"));
}

/* import DIR -o DIR/config.json replaced the model's config with a
 * scenario; a write over a file of another kind is refused by name. */
static void
test_output_of_another_kind (void)
{
  g_autofree char *dir = temp_path ("model");
  g_autofree char *config = g_build_filename (dir, "config.json", NULL);
  g_autofree char *from = g_test_build_filename (G_TEST_DIST, "data", "import", "hf",
                                                 "Qwen2.5-7B", "config.json", NULL);
  g_autofree char *hf = NULL;
  g_autofree char *b = copy_example ("lora-llama3-8b-rtx4090.rigplan", "b.rigplan");
  g_autofree char *other = copy_example ("resnet50-imagenet-8xa100.rigplan", "other.rigplan");
  g_autofree char *ds = temp_path ("ds.json");
  g_autofree char *after = NULL;
  g_auto(RpTestCliResult) r = { 0 }, s = { 0 }, d1 = { 0 }, d2 = { 0 }, c = { 0 }, f = { 0 };

  g_assert_true (g_file_get_contents (from, &hf, NULL, NULL));
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_true (g_file_set_contents (config, hf, -1, NULL));

  rp_test_run_cli (&r, NULL, "import", dir, "-o", config, NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "config.json: holds a Hugging Face model config; writing a "
                                   "Rigplan scenario would replace it"));
  g_assert_true (g_file_get_contents (config, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, hf);

  rp_test_run_cli (&s, NULL, "export", b, "--format", "deepspeed", "-o", other, NULL);
  g_assert_cmpint (s.status, ==, 1);
  g_assert_nonnull (strstr (s.err, "other.rigplan: holds a Rigplan scenario; writing a DeepSpeed "
                                   "config would replace it"));
  assert_scenario (other);

  /* the same kind again is an ordinary update */
  rp_test_run_cli (&d1, NULL, "export", b, "--format", "deepspeed", "-o", ds, NULL);
  g_assert_cmpint (d1.status, ==, 0);
  rp_test_run_cli (&d2, NULL, "export", b, "--format", "deepspeed", "-o", ds, NULL);
  g_assert_cmpint (d2.status, ==, 0);

  rp_test_run_cli (&c, NULL, "compare", b, b, "-o", ds, NULL);
  g_assert_cmpint (c.status, ==, 1);
  g_assert_nonnull (strstr (c.err, "ds.json: holds a DeepSpeed config"));

  rp_test_run_cli (&f, NULL, "import", dir, "-o", config, "--force", NULL);
  g_assert_cmpint (f.status, ==, 0);
  assert_scenario (config);
}

/* A user catalog's date after today shows as stale, with no age; a date
 * that is none is a warning naming its key, and its entries stay out. */
static void
test_catalog_dates (void)
{
  g_autofree char *dir = temp_path ("user-catalog");
  g_autofree char *gpus = g_build_filename (dir, "gpus.json", NULL);
  g_autofree char *bad = g_build_filename (dir, "more.json", NULL);
  const char *env[] = { "RIGPLAN_USER_DATADIR", dir, NULL };
  g_auto(RpTestCliResult) r = { 0 };
  g_autoptr(cJSON) doc = NULL;
  const cJSON *gpu = NULL, *item;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_true (g_file_set_contents (gpus,
                 "{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": [{\"id\": \"future\","
                 " \"name\": \"Future\", \"vendor\": \"V\", \"memory_gib\": 12, \"tflops\":"
                 " {\"fp32\": 10}, \"source\": \"s\", \"as_of\": \"9999-12-31\"}]}", -1, NULL));
  g_assert_true (g_file_set_contents (bad,
                 "{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": [{\"id\": \"month13\","
                 " \"name\": \"M\", \"vendor\": \"V\", \"memory_gib\": 12, \"tflops\":"
                 " {\"fp32\": 10}, \"source\": \"s\", \"as_of\": \"2026-13-45\"}]}", -1, NULL));
  rp_test_run_cli (&r, env, "catalog", "gpus", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.err, "more.json: gpus[0].as_of: “2026-13-45” is not a date"));
  doc = cJSON_Parse (r.out);
  g_assert_nonnull (doc);
  cJSON_ArrayForEach (item, cJSON_GetObjectItem (doc, "gpus"))
    {
      const char *id = cJSON_GetStringValue (cJSON_GetObjectItem (item, "id"));

      g_assert_cmpstr (id, !=, "month13");
      if (g_strcmp0 (id, "future") == 0)
        gpu = item;
    }
  g_assert_nonnull (gpu);
  g_assert_true (cJSON_IsTrue (cJSON_GetObjectItem (gpu, "stale")));
  g_assert_true (cJSON_IsNull (cJSON_GetObjectItem (gpu, "age_months")));

  /* catalog check: a date after today is wrong, not "4294967295 months old" */
  {
    g_autofree char *clouds = g_build_filename (dir, "clouds.json", NULL);
    g_auto(RpTestCliResult) c = { 0 };

    g_assert_true (g_file_set_contents (clouds,
                   "{\"format\": \"rigplan-clouds\", \"version\": 1, \"offers\": [{\"id\":"
                   " \"later\", \"provider\": \"Lab\", \"gpu\": \"t4\", \"currency\": \"USD\","
                   " \"per_gpu_hour\": {\"on_demand\": 1}, \"source\": \"s\","
                   " \"as_of\": \"9999-12-31\"}]}", -1, NULL));
    rp_test_run_cli (&c, env, "catalog", "check", NULL);
    g_assert_nonnull (strstr (c.out, "as_of 9999-12-31: after today, so the date is wrong"));
    g_assert_null (strstr (c.out, "4294967"));
  }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = rp_test_make_dir ("rigplan-cli-hostile-XXXXXX");
  g_test_add_func ("/cli/hostile/escapes-in-output", test_escapes_in_output);
  g_test_add_func ("/cli/hostile/escapes-in-import", test_escapes_in_import);
  g_test_add_func ("/cli/hostile/compare-too-few", test_compare_too_few);
  g_test_add_func ("/cli/hostile/compare-budget", test_compare_budget);
  g_test_add_func ("/cli/hostile/output-is-an-input", test_output_is_an_input);
  g_test_add_func ("/cli/hostile/output-of-another-kind", test_output_of_another_kind);
  g_test_add_func ("/cli/hostile/catalog-dates", test_catalog_dates);
  status = g_test_run ();
  rp_test_remove_dir (tmp_dir);
  g_free (tmp_dir);
  return status;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-scenario.c: *.rigplan load, save, round trip and bad input */

#include "config.h"

#include "rp-error.h"
#include "rp-scenario.h"
#include "rp-test-core.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

static void
test_examples_load (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (rp_test_examples); i++)
    {
      g_autofree char *path = rp_test_example_path (rp_test_examples[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(RpScenario) s = rp_scenario_load_file (path, &error);

      g_assert_no_error (error);
      g_assert_nonnull (s);
      g_assert_cmpstr (s->name, !=, "");
      g_assert_nonnull (s->hardware.gpu);
    }
}

/* rp_test_examples names every .rigplan in data/examples, so that a test
 * of every example does not miss one added later. */
static void
test_examples_listed (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = g_dir_open (g_getenv ("RIGPLAN_EXAMPLES"), 0, &error);
  const char *name;
  guint n = 0;

  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      guint i = 0;

      if (!g_str_has_suffix (name, ".rigplan"))
        continue;
      while (i < G_N_ELEMENTS (rp_test_examples) && g_strcmp0 (rp_test_examples[i], name) != 0)
        i++;
      if (i == G_N_ELEMENTS (rp_test_examples))
        g_error ("%s is not in rp_test_examples (tests/rp-test-core.c)", name);
      n++;
    }
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (rp_test_examples));
}

/* The DESIGN.md example: every key lands in the right field. */
static void
test_design_example_values (void)
{
  g_autofree char *path = rp_test_example_path ("lora-llama3-8b-rtx4090.rigplan");
  g_autoptr(GError) error = NULL;
  g_autoptr(RpScenario) s = rp_scenario_load_file (path, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (s->model.preset, ==, "llama-3-8b");
  g_assert_cmpuint (s->model.overridden, ==, 0);
  g_assert_cmpint (s->training.method, ==, RP_METHOD_LORA);
  g_assert_cmpuint (s->training.lora_rank, ==, 16);
  g_assert_cmpint (s->training.lora_targets, ==, RP_LORA_TARGETS_ALL_LINEAR);
  g_assert_cmpint (s->training.precision, ==, RP_PRECISION_BF16_MIXED);
  g_assert_cmpuint (s->training.seq_len, ==, 2048);
  g_assert_cmpuint (s->training.global_batch, ==, 32);
  g_assert_cmpint (s->training.recompute, ==, RP_RECOMPUTE_FULL);
  g_assert_cmpfloat (s->training.dataset_tokens, ==, 2.0e8);
  g_assert_cmpstr (s->hardware.gpu, ==, "rtx-4090");
  g_assert_cmpint (s->hardware.intra_link, ==, RP_LINK_PCIE4);
  g_assert_cmpint (s->hardware.storage, ==, RP_STORAGE_NVME_GEN4);
  g_assert_cmpint (s->budget.currency, ==, RP_CURRENCY_CNY);
  g_assert_null (s->budget.rent_offer);
  g_assert_cmpfloat (s->budget.rent_price_per_gpu_hour, ==, 2.0);
  g_assert_cmpfloat (s->budget.residual_pct, ==, 30);
}

/* Missing keys take the documented defaults (README "Scenario file"). */
static void
test_defaults (void)
{
  static const char text[] =
    "{\"format\": \"rigplan-scenario\", \"version\": 1, \"model\": {\"preset\": \"gpt2\"},"
    " \"hardware\": {\"gpu\": \"rtx-4090\"}}";
  g_autoptr(GError) error = NULL;
  g_autoptr(RpScenario) s = rp_scenario_load_data (text, strlen (text), &error);

  g_assert_no_error (error);
  g_assert_cmpint (s->training.precision, ==, RP_PRECISION_BF16_MIXED);
  g_assert_cmpint (s->training.optimizer, ==, RP_OPTIMIZER_ADAMW);
  g_assert_cmpuint (s->training.micro_batch, ==, 1);
  g_assert_cmpuint (s->hardware.gpus_per_node, ==, 1);
  g_assert_cmpfloat (s->hardware.headroom_pct, ==, 10);
  g_assert_cmpint (s->budget.currency, ==, RP_CURRENCY_USD);
}

/* load → save → load gives the same scenario, the same text, and keeps
 * keys this version does not know (top level and inside sections). */
static void
test_round_trip (void)
{
  static const char text[] =
    "{\"format\": \"rigplan-scenario\", \"version\": 1, \"name\": \"Round 语言 trip\","
    " \"future_key\": {\"a\": [1, 2, 3]},"
    " \"model\": {\"preset\": \"llama-2-7b\", \"layers\": 16, \"note\": \"mine\"},"
    " \"training\": {\"seq_len\": 4096, \"micro_batch\": 2, \"global_batch\": 64,"
    "   \"dataset_tokens\": 1.25e9, \"x-vendor\": true},"
    " \"hardware\": {\"gpu\": \"a100-80gb-sxm\", \"gpus_per_node\": 8, \"headroom_pct\": 12.5},"
    " \"budget\": {\"currency\": \"CNY\", \"usd_to_cny\": 7.13, \"utilization_pct\": 33.3}}";
  g_autoptr(GError) error = NULL;
  g_autoptr(RpScenario) a = rp_scenario_load_data (text, strlen (text), &error);
  g_autoptr(RpScenario) b = NULL;
  g_autofree char *saved_a = NULL;
  g_autofree char *saved_b = NULL;

  g_assert_no_error (error);
  saved_a = rp_scenario_to_json (a);
  b = rp_scenario_load_data (saved_a, strlen (saved_a), &error);
  g_assert_no_error (error);
  saved_b = rp_scenario_to_json (b);
  g_assert_cmpstr (saved_a, ==, saved_b);
  g_assert_cmpstr (b->name, ==, "Round 语言 trip");
  g_assert_cmpuint (b->model.arch.layers, ==, 16);
  g_assert_cmpuint (b->model.overridden, ==, RP_ARCH_LAYERS);
  g_assert_cmpfloat (b->training.dataset_tokens, ==, 1.25e9);
  g_assert_cmpfloat (b->hardware.headroom_pct, ==, 12.5);
  g_assert_cmpfloat (b->budget.usd_to_cny, ==, 7.13);
  g_assert_nonnull (strstr (saved_b, "\"future_key\""));
  g_assert_nonnull (strstr (saved_b, "\"note\":\t\"mine\""));
  g_assert_nonnull (strstr (saved_b, "\"x-vendor\":\ttrue"));
}

/* Clearing an override must not bring the old value back from the file. */
static void
test_cleared_override_stays_cleared (void)
{
  static const char text[] =
    "{\"format\": \"rigplan-scenario\", \"version\": 1,"
    " \"model\": {\"preset\": \"llama-2-7b\", \"layers\": 16},"
    " \"hardware\": {\"gpu\": \"a100-80gb-sxm\"}}";
  g_autoptr(GError) error = NULL;
  g_autoptr(RpScenario) s = rp_scenario_load_data (text, strlen (text), &error);
  g_autofree char *saved = NULL;

  g_assert_no_error (error);
  s->model.overridden = 0;
  saved = rp_scenario_to_json (s);
  g_assert_null (strstr (saved, "\"layers\""));
}

/* Files are written with '.' decimals whatever the locale (GTK calls
 * setlocale; de_DE would otherwise write "7,13"). */
static void
test_comma_locale (void)
{
  static const char text[] =
    "{\"format\": \"rigplan-scenario\", \"version\": 1, \"model\": {\"preset\": \"gpt2\"},"
    " \"hardware\": {\"gpu\": \"rtx-4090\"}, \"budget\": {\"usd_to_cny\": 7.13}}";
  const char *locales[] = { "de_DE.UTF-8", "fr_FR.UTF-8", "ru_RU.UTF-8" };
  g_autofree char *old = g_strdup (setlocale (LC_NUMERIC, NULL));
  gboolean tested = FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (locales); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(RpScenario) s = NULL;
      g_autofree char *saved = NULL;

      if (setlocale (LC_NUMERIC, locales[i]) == NULL)
        continue;
      s = rp_scenario_load_data (text, strlen (text), &error);
      g_assert_no_error (error);
      g_assert_cmpfloat (s->budget.usd_to_cny, ==, 7.13);
      saved = rp_scenario_to_json (s);
      g_assert_nonnull (strstr (saved, "7.13"));
      tested = TRUE;
    }
  setlocale (LC_NUMERIC, old);
  if (!tested)
    g_test_skip ("no comma-decimal locale is generated on this machine");
}

typedef struct
{
  const char *text;
  int         code;
  const char *in_message;
} BadScenario;

static const BadScenario bad_scenarios[] = {
  { "", RP_ERROR_PARSE, "empty" },
  { "{\"format\": \"rigplan-scenario\",\n \"version\": 1,\n \"model\": {", RP_ERROR_PARSE,
    "line 3" },
  { "{\"format\": \"rigplan-budget\", \"version\": 1}", RP_ERROR_PARSE, "format" },
  { "{\"format\": \"rigplan-scenario\"}", RP_ERROR_MISSING_FIELD, "version" },
  { "{\"format\": \"rigplan-scenario\", \"version\": 3}", RP_ERROR_UNSUPPORTED_VERSION, "version" },
  { "{\"format\": \"rigplan-scenario\", \"version\": 1, \"hardware\": {\"gpu\": \"x\"}}",
    RP_ERROR_MISSING_FIELD, "model" },
  { "{\"format\": \"rigplan-scenario\", \"version\": 1, \"model\": {\"preset\": \"gpt2\"},"
    " \"hardware\": {\"gpu\": \"x\"}, \"training\": {\"micro_batch\": -1}}",
    RP_ERROR_INVALID_VALUE, "training.micro_batch" },
  { "{\"format\": \"rigplan-scenario\", \"version\": 1, \"model\": {\"preset\": \"gpt2\"},"
    " \"hardware\": {\"gpu\": \"x\"}, \"training\": {\"seq_len\": 1e300}}",
    RP_ERROR_INVALID_VALUE, "training.seq_len" },
  { "{\"format\": \"rigplan-scenario\", \"version\": 1, \"model\": {\"preset\": \"gpt2\"},"
    " \"hardware\": {\"gpu\": \"x\", \"gpus_per_node\": 0}}",
    RP_ERROR_INVALID_VALUE, "hardware.gpus_per_node" },
  { "{\"format\": \"rigplan-scenario\", \"version\": 1, \"model\": {\"preset\": \"gpt2\"},"
    " \"hardware\": {\"gpu\": \"x\"}, \"training\": {\"precision\": \"fp4\"}}",
    RP_ERROR_INVALID_VALUE, "training.precision" },
  { "{\"format\": \"rigplan-scenario\", \"version\": 1, \"model\": {\"preset\": \"gpt2\"},"
    " \"hardware\": {\"gpu\": \"x\", \"gpus_per_node\": 6},"
    " \"training\": {\"tensor_parallel\": 4, \"global_batch\": 64}}",
    RP_ERROR_INVALID_VALUE, "training.tensor_parallel" },
  { "{\"format\": \"rigplan-scenario\", \"version\": 1, \"model\": {\"preset\": \"gpt2\"},"
    " \"hardware\": {\"gpu\": \"x\"}, \"budget\": {\"residual_pct\": 140}}",
    RP_ERROR_INVALID_VALUE, "budget.residual_pct" },
  { "{\"format\": \"rigplan-scenario\", \"version\": 1, \"model\": {\"preset\": \"gpt2\"},"
    " \"hardware\": {\"gpu\": \"x\"}, \"budget\": {\"pue\": \"high\"}}",
    RP_ERROR_INVALID_VALUE, "budget.pue" },
  { "{\"format\": \"rigplan-scenario\", \"version\": 1, \"model\": {\"preset\": \"gpt2\"},"
    " \"hardware\": {}}", RP_ERROR_MISSING_FIELD, "hardware.gpu" },
  { "{\"format\": \"rigplan-scenario\", \"version\": 1, \"model\": [1]}",
    RP_ERROR_INVALID_VALUE, "model" },
  /* found by fuzz-scenario: a second "model" must not sneak through a save */
  { "{\"format\": \"rigplan-scenario\", \"version\": 1, \"model\": {\"preset\": \"gpt2\"},"
    " \"hardware\": {\"gpu\": \"x\"}, \"model\": {\"kind\": \"loe\"}}",
    RP_ERROR_PARSE, "model: this key appears more than once" },
  { "{\"format\": \"rigplan-scenario\", \"version\": 1, \"model\": {\"preset\": \"gpt2\","
    " \"layers\": 2, \"layers\": 3}, \"hardware\": {\"gpu\": \"x\"}}",
    RP_ERROR_PARSE, "model.layers" },
};

static void
test_bad_input (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (bad_scenarios); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(RpScenario) s = rp_scenario_load_data (bad_scenarios[i].text,
                                                       strlen (bad_scenarios[i].text), &error);

      g_assert_null (s);
      g_test_message ("%u: %s", i, error->message);
      g_assert_error (error, RP_ERROR, bad_scenarios[i].code);
      g_assert_nonnull (strstr (error->message, bad_scenarios[i].in_message));
    }
}

/* Deeply nested or truncated input never crashes the parser. */
static void
test_hostile_input (void)
{
  GString *deep = g_string_new ("{\"format\": \"rigplan-scenario\", \"version\": 1, \"x\": ");
  g_autoptr(GError) error = NULL;
  g_autoptr(RpScenario) s = NULL;

  for (guint i = 0; i < 100000; i++)
    g_string_append_c (deep, '[');
  s = rp_scenario_load_data (deep->str, deep->len, &error);
  g_assert_null (s);
  g_assert_error (error, RP_ERROR, RP_ERROR_PARSE);
  g_string_free (deep, TRUE);
}

static void
test_file_errors_name_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RpScenario) s = rp_scenario_load_file ("/nonexistent/dir/x.rigplan", &error);

  g_assert_null (s);
  g_assert_nonnull (strstr (error->message, "/nonexistent/dir/x.rigplan"));
}

/* Saving goes through a temporary file: a failed save leaves the old file
 * whole, and a good one replaces it. */
static void
test_atomic_save (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rigplan-test-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "s.rigplan", NULL);
  g_autofree char *bad_path = g_build_filename (dir, "missing-dir", "s.rigplan", NULL);
  g_autoptr(RpScenario) s = rp_scenario_new ();
  g_autoptr(RpScenario) back = NULL;
  g_autofree char *contents = NULL;

  g_assert_no_error (error);
  rp_scenario_set_preset (s, "gpt2");
  rp_scenario_set_gpu (s, "rtx-4090");
  rp_scenario_set_name (s, "saved");
  g_assert_true (rp_scenario_save_file (s, path, &error));
  g_assert_no_error (error);
  back = rp_scenario_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (back->name, ==, "saved");

  g_assert_false (rp_scenario_save_file (s, bad_path, &error));
  g_assert_nonnull (strstr (error->message, bad_path));
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "\"saved\""));
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/scenario/examples-load", test_examples_load);
  g_test_add_func ("/core/scenario/examples-listed", test_examples_listed);
  g_test_add_func ("/core/scenario/design-example-values", test_design_example_values);
  g_test_add_func ("/core/scenario/defaults", test_defaults);
  g_test_add_func ("/core/scenario/round-trip", test_round_trip);
  g_test_add_func ("/core/scenario/cleared-override", test_cleared_override_stays_cleared);
  g_test_add_func ("/core/scenario/comma-locale", test_comma_locale);
  g_test_add_func ("/core/scenario/bad-input", test_bad_input);
  g_test_add_func ("/core/scenario/hostile-input", test_hostile_input);
  g_test_add_func ("/core/scenario/file-errors-name-file", test_file_errors_name_file);
  g_test_add_func ("/core/scenario/atomic-save", test_atomic_save);
  return g_test_run ();
}

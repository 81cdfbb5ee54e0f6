/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-cli-calibrate.c: rigplan-cli calibrate
 *
 *   rigplan-cli calibrate FILE.rigplan MEASURE… [-o OUT.rigplan] [--gpu ID] [--json]
 *   rigplan-cli calibrate --list [--json]
 *   rigplan-cli calibrate --remove ID|FILE.rigplan
 *
 * Output on stdout, diagnostics on stderr; exit status 0 ok, 1 bad input,
 * 2 usage, as for every rigplan-cli command. */

#include "config.h"

#include "rp-cli-calibrate.h"

#include "rp-cli-common.h"

#include "rp-calibration.h"
#include "rp-catalog.h"
#include "rp-measure.h"
#include "rp-scenario.h"
#include "rp-units.h"
#include "rp-words.h"

#include <cjson/cJSON.h>
#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static char *opt_output = NULL;
static char *opt_catalog = NULL;
static char *opt_gpu = NULL;
static char *opt_remove = NULL;
static gboolean opt_list = FALSE;
static gboolean opt_json = FALSE;

const GOptionEntry rp_cli_calibrate_entries[] = {
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &opt_output,
    N_("Write the scenario on the measured device to FILE"), N_("FILE") },
  { "gpu", 0, 0, G_OPTION_ARG_STRING, &opt_gpu,
    N_("The catalog GPU the measurement ran on, when its name does not say"), N_("ID") },
  { "list", 0, 0, G_OPTION_ARG_NONE, &opt_list, N_("List your calibrations"), NULL },
  { "remove", 0, 0, G_OPTION_ARG_STRING, &opt_remove,
    N_("Remove a calibration: its id, or the scenario file it applies to"), N_("ID|FILE") },
  { "json", 0, 0, G_OPTION_ARG_NONE, &opt_json, N_("Print JSON for scripts"), NULL },
  { "catalog", 0, 0, G_OPTION_ARG_FILENAME, &opt_catalog,
    N_("Read the bundled catalogs from DIR"), N_("DIR") },
  { NULL }
};

/* ---- helpers -------------------------------------------------------- */

static cJSON *
calibration_json (const RpCalibration *cal)
{
  g_autofree char *text = rp_calibration_dup_json (cal);

  return cJSON_Parse (text);
}

static void
print_root (cJSON *root)
{
  char *text = cJSON_Print (root);

  g_print ("%s\n", text);
  cJSON_free (text);
  cJSON_Delete (root);
}

static void
print_row (const char *a,
           const char *b,
           const char *c,
           const char *d)
{
  g_autofree char *pa = rp_units_pad (a, -24);
  g_autofree char *pb = rp_units_pad (b, 12);
  g_autofree char *pc = rp_units_pad (c, 22);
  g_autofree char *pd = rp_units_pad (d, 22);

  g_print ("  %s %s %s %s\n", pa, pb, pc, pd);
}

static void
print_table (const RpCalibration *cal)
{
  print_row (_("Part"), _("Measured"), _("Predicted"), _("Calibrated"));
  for (guint i = 0; i < cal->n_rows; i++)
    {
      const RpCalibrationRow *r = &cal->rows[i];
      g_autofree char *m = rp_words_calibration_value (r->part, r->measured);
      g_autofree char *p = rp_words_calibration_compared (r->part, r->predicted, r->measured);
      g_autofree char *c = rp_words_calibration_compared (r->part, r->calibrated, r->measured);

      print_row (rp_words_calibration_part (r->part), m, p, c);
    }
}

static int
run_list (RpCatalog *catalog)
{
  guint n = rp_catalog_n_calibrations (catalog);

  if (opt_json)
    {
      cJSON *root = cJSON_CreateObject ();
      cJSON *list;

      cJSON_AddStringToObject (root, "format", "rigplan-calibrations");
      cJSON_AddNumberToObject (root, "version", 1);
      list = cJSON_AddArrayToObject (root, "calibrations");
      for (guint i = 0; i < n; i++)
        cJSON_AddItemToArray (list, calibration_json (rp_catalog_get_calibration (catalog, i)));
      print_root (root);
      return EXIT_OK;
    }
  if (n == 0)
    {
      g_print ("%s\n", _("No calibrations: run rigplan-probe on your GPU, then rigplan-cli "
                         "calibrate."));
      return EXIT_OK;
    }
  for (guint i = 0; i < n; i++)
    {
      const RpCalibration *cal = rp_catalog_get_calibration (catalog, i);
      g_autofree char *sentence =
        rp_words_calibrated (cal, rp_catalog_lookup_gpu (catalog, cal->gpu));

      g_print ("%s\n  %s\n", cal->id, sentence);
    }
  return EXIT_OK;
}

/* The calibration @what names: its id, or the one that applies to the
 * scenario file @what. */
static const RpCalibration *
find_removed (RpCatalog  *catalog,
              const char *what,
              GError    **error)
{
  const RpCalibration *cal = rp_catalog_lookup_calibration (catalog, what);
  g_autoptr(RpScenario) scenario = NULL;

  if (cal != NULL || !g_file_test (what, G_FILE_TEST_IS_REGULAR))
    {
      if (cal == NULL)
        /* TRANSLATORS: a calibration id or file name */
        g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                     _("--remove: no calibration “%s” (rigplan-cli calibrate --list shows "
                       "them)"), what);
      return cal;
    }
  scenario = rp_scenario_load_file (what, error);
  if (scenario == NULL)
    return NULL;
  cal = rp_catalog_find_calibration (catalog, scenario->hardware.gpu,
                                     scenario->training.framework,
                                     scenario->training.precision);
  if (cal == NULL)
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("--remove: no calibration applies to %s"), what);
  return cal;
}

static int
run_remove (RpCatalog *catalog)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = rp_catalog_user_dir ();
  g_autofree char *id = NULL;
  const RpCalibration *cal = find_removed (catalog, opt_remove, &error);

  if (cal == NULL)
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  id = g_strdup (cal->id);
  if (!rp_user_calibration_remove (catalog, dir, id, &error))
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  if (opt_json)
    {
      cJSON *root = cJSON_CreateObject ();

      cJSON_AddStringToObject (root, "format", "rigplan-calibration");
      cJSON_AddNumberToObject (root, "version", 1);
      cJSON_AddStringToObject (root, "removed", id);
      print_root (root);
      return EXIT_OK;
    }
  /* TRANSLATORS: a calibration id */
  g_print (_("Removed the calibration %s; estimates on that GPU use the models' own "
             "figures again\n"), id);
  return EXIT_OK;
}

static void
print_result_json (const RpCalibrateResult *result)
{
  cJSON *root = cJSON_CreateObject ();
  cJSON *notes;

  cJSON_AddStringToObject (root, "format", "rigplan-calibration");
  cJSON_AddNumberToObject (root, "version", 1);
  cJSON_AddItemToObject (root, "calibration", calibration_json (result->calibration));
  cJSON_AddStringToObject (root, "gpu", result->gpu);
  if (result->gpu_added != NULL)
    cJSON_AddStringToObject (root, "gpu_added", result->gpu_added);
  else
    cJSON_AddNullToObject (root, "gpu_added");
  cJSON_AddStringToObject (root, "stored", result->path);
  if (opt_output != NULL)
    cJSON_AddStringToObject (root, "output", opt_output);
  else
    cJSON_AddNullToObject (root, "output");
  notes = cJSON_AddArrayToObject (root, "not_reproduced");
  for (guint i = 0; result->notes != NULL && i < result->notes->len; i++)
    {
      const RpMeasureNote *n = g_ptr_array_index (result->notes, i);
      cJSON *item = cJSON_CreateObject ();
      g_autofree char *sentence = rp_words_measure_note (n);

      cJSON_AddStringToObject (item, "key", n->key);
      if (n->code != NULL)
        cJSON_AddStringToObject (item, "code", n->code);
      cJSON_AddStringToObject (item, "message", sentence);
      cJSON_AddItemToArray (notes, item);
    }
  print_root (root);
}

static void
print_result (RpCatalog               *catalog,
              const RpCalibrateResult *result)
{
  const RpCalibration *cal = result->calibration;
  const RpGpu *gpu = rp_catalog_lookup_gpu (catalog, result->gpu);
  g_autofree char *sentence = rp_words_calibrated (cal, gpu);
  g_autofree char *stack = rp_words_calibration_stack (cal);

  /* TRANSLATORS: the GPU, its id, the stack and precision, the files */
  g_print (_("Calibrated the %s (%s) for %s from %s\n\n"), gpu != NULL ? gpu->name : cal->gpu,
           cal->gpu, stack, cal->source);
  print_table (cal);
  g_print ("\n%s\n", sentence);
  for (guint i = 0; result->notes != NULL && i < result->notes->len; i++)
    {
      g_autofree char *note = rp_words_measure_note (g_ptr_array_index (result->notes, i));

      /* TRANSLATORS: a setting the measurement could not reproduce */
      g_print (_("Not reproduced: %s\n"), note);
    }
  if (result->gpu_added != NULL)
    /* TRANSLATORS: a GPU id */
    g_print (_("The catalog lacked the device: added to your GPUs as %s, marked as measured\n"),
             result->gpu_added);
  /* TRANSLATORS: a file, then a calibration id */
  g_print (_("Stored in %s; estimates on this GPU, stack and precision use it. Remove it "
             "with: rigplan-cli calibrate --remove %s\n"), result->path, cal->id);
}

/* ---- public API ----------------------------------------------------- */

int
rp_cli_run_calibrate (const RpCliCommand *command,
                      int                 argc,
                      char              **argv)
{
  g_autoptr(GOptionContext) context = rp_cli_command_context (command);
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = NULL;
  g_autoptr(RpScenario) scenario = NULL;
  g_autofree char *dir = NULL;
  RpCalibrateResult result = { 0 };
  int status = EXIT_OK;

  if (!g_option_context_parse (context, &argc, &argv, &error))
    return rp_cli_usage_error (context, error->message);
  if ((opt_list || opt_remove != NULL) && argc > 1)
    return rp_cli_usage_error (context, _("--list and --remove take no other files"));
  if (opt_list && opt_remove != NULL)
    return rp_cli_usage_error (context, _("choose --list or --remove, not both"));
  if (!opt_list && opt_remove == NULL && argc < 3)
    return rp_cli_usage_error (context,
                               _("name the scenario and at least one measurement "
                                 "(rigplan-probe FILE.rigplan -o OUT.rigplan-measure)"));
  if (!rp_cli_check_output (opt_output, (const char *const *) argv + 1, RP_FILE_KIND_SCENARIO,
                            &status))
    return status;
  catalog = rp_cli_load_catalog (opt_catalog, &error);
  if (catalog == NULL)
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  if (opt_list)
    return run_list (catalog);
  if (opt_remove != NULL)
    return run_remove (catalog);
  scenario = rp_scenario_load_file (argv[1], &error);
  if (scenario == NULL)
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  dir = rp_catalog_user_dir ();
  if (!rp_calibrate_files (scenario, catalog, (const char *const *) argv + 2, argc - 2, opt_gpu,
                           dir, &result, &error))
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  if (opt_output != NULL && !rp_scenario_save_file (result.output, opt_output, &error))
    status = rp_cli_fail (EXIT_BAD_INPUT, error->message);
  else if (opt_json)
    print_result_json (&result);
  else
    {
      print_result (catalog, &result);
      if (opt_output != NULL)
        g_print (_("Wrote %s\n"), opt_output);
    }
  rp_calibrate_result_clear (&result);
  return status;
}

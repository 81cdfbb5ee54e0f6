/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-cli-convert.c: rigplan-cli import and export --format
 *
 * Output on stdout, diagnostics on stderr; exit status 0 ok, 1 bad input,
 * 2 usage, as for every rigplan-cli command. */

#include "config.h"

#include "rp-cli-convert.h"

#include "rp-cli-common.h"

#include "rp-catalog.h"
#include "rp-decision.h"
#include "rp-export-launch.h"
#include "rp-import.h"
#include "rp-planner.h"
#include "rp-scenario.h"

#include <cjson/cJSON.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

static char *opt_output = NULL;
static char *opt_catalog = NULL;
static char *opt_format = NULL;
static char *opt_plan_row = NULL;
static gboolean opt_json = FALSE;

/* ---- helpers -------------------------------------------------------- */

static gboolean
is_stdout (const char *path)
{
  return path == NULL || strcmp (path, "-") == 0;
}

/* ---- import --------------------------------------------------------- */

const GOptionEntry rp_cli_import_entries[] = {
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &opt_output,
    N_("Write the scenario to FILE (default: standard output)"), N_("FILE") },
  { "json", 0, 0, G_OPTION_ARG_NONE, &opt_json,
    N_("Print the scenario and the notes as JSON for scripts"), NULL },
  { "catalog", 0, 0, G_OPTION_ARG_FILENAME, &opt_catalog,
    N_("Read the bundled catalogs from DIR"), N_("DIR") },
  { NULL }
};

static const char *const note_kinds[RP_N_IMPORT_NOTES] = {
  "source", "count", "approximated", "conflict", "derived", "ignored", "default",
};

static void
print_import_json (RpImport   *import,
                   RpScenario *scenario)
{
  g_autofree char *text = rp_scenario_to_json (scenario);
  cJSON *root = cJSON_CreateObject ();
  cJSON *notes;
  char *out;

  cJSON_AddStringToObject (root, "format", "rigplan-import");
  cJSON_AddNumberToObject (root, "version", 1);
  notes = cJSON_AddArrayToObject (root, "notes");
  cJSON_AddItemToObject (root, "scenario", cJSON_Parse (text));
  for (guint i = 0; i < rp_import_n_notes (import); i++)
    {
      const RpImportNote *n = rp_import_get_note (import, i);
      cJSON *item = cJSON_CreateObject ();

      cJSON_AddStringToObject (item, "kind", note_kinds[n->kind]);
      if (n->file != NULL)
        cJSON_AddStringToObject (item, "file", n->file);
      else
        cJSON_AddNullToObject (item, "file");
      cJSON_AddStringToObject (item, "text", n->text);
      cJSON_AddItemToArray (notes, item);
    }
  if (is_stdout (opt_output))
    cJSON_AddNullToObject (root, "output");
  else
    cJSON_AddStringToObject (root, "output", opt_output);
  out = cJSON_Print (root);
  g_print ("%s\n", out);
  cJSON_free (out);
  cJSON_Delete (root);
}

int
rp_cli_run_import (const RpCliCommand *command,
                   int                 argc,
                   char              **argv)
{
  g_autoptr(GOptionContext) context = rp_cli_command_context (command);
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = NULL;
  g_autoptr(RpImport) import = NULL;
  g_autoptr(RpScenario) scenario = NULL;
  g_autofree char *report = NULL;
  int status = EXIT_OK;

  if (!g_option_context_parse (context, &argc, &argv, &error))
    return rp_cli_usage_error (context, error->message);
  if (argc < 2)
    return rp_cli_usage_error (context, _("name at least one file or model directory"));
  if (!rp_cli_check_output (opt_output, (const char *const *) argv + 1, RP_FILE_KIND_SCENARIO,
                            &status))
    return status;
  catalog = rp_cli_load_catalog (opt_catalog, &error);
  if (catalog == NULL)
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  import = rp_import_new (catalog);
  for (int i = 1; i < argc; i++)
    if (!rp_import_add_path (import, argv[i], &error))
      return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  scenario = rp_import_finish (import, &error);
  if (scenario == NULL)
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  if (!is_stdout (opt_output) && !rp_scenario_save_file (scenario, opt_output, &error))
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  if (opt_json)
    {
      print_import_json (import, scenario);
      return EXIT_OK;
    }
  report = rp_import_dup_report (import);
  if (is_stdout (opt_output))
    {
      g_autofree char *text = rp_scenario_to_json (scenario);

      /* the scenario on stdout for a pipe; what was done on stderr */
      rp_cli_print_data (text);
      g_printerr ("%s", report);
      return EXIT_OK;
    }
  g_print ("%s\n", report);
  /* TRANSLATORS: %s is the scenario file written */
  g_print (_("Wrote %s\n"), opt_output);
  return EXIT_OK;
}

/* ---- export --format ------------------------------------------------ */

const GOptionEntry rp_cli_launch_entries[] = {
  { "format", 0, 0, G_OPTION_ARG_STRING, &opt_format,
    N_("deepspeed, accelerate, torchrun, howto or probe"), N_("NAME") },
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &opt_output,
    N_("Write to FILE (default: standard output)"), N_("FILE") },
  { "plan-row", 0, 0, G_OPTION_ARG_STRING, &opt_plan_row,
    N_("Export a row of “rigplan-cli plan”: the recommended one, rent:N or buy:N (1 is the "
       "first), or N of the answer the plan recommends"),
    N_("recommended|rent:N|buy:N|N") },
  { "json", 0, 0, G_OPTION_ARG_NONE, &opt_json,
    N_("Print {format, version, launch_format, output, text, notes} as JSON for scripts"),
    NULL },
  { "catalog", 0, 0, G_OPTION_ARG_FILENAME, &opt_catalog,
    N_("Read the bundled catalogs from DIR"), N_("DIR") },
  { NULL }
};

static void
print_launch_json (RpLaunchFormat     format,
                   const char        *text,
                   const char *const *notes)
{
  cJSON *root = cJSON_CreateObject ();
  cJSON *array;
  char *out;

  /* version 2: "format" names this document, as in every --json output;
   * the launch format moved to "launch_format" */
  cJSON_AddStringToObject (root, "format", "rigplan-launch");
  cJSON_AddNumberToObject (root, "version", 2);
  cJSON_AddStringToObject (root, "launch_format", rp_launch_format_to_string (format));
  array = cJSON_AddArrayToObject (root, "notes");
  if (is_stdout (opt_output))
    {
      cJSON_AddNullToObject (root, "output");
      cJSON_AddStringToObject (root, "text", text);
    }
  else
    {
      cJSON_AddStringToObject (root, "output", opt_output);
      cJSON_AddNullToObject (root, "text");
    }
  for (guint i = 0; notes != NULL && notes[i] != NULL; i++)
    cJSON_AddItemToArray (array, cJSON_CreateString (notes[i]));
  out = cJSON_Print (root);
  g_print ("%s\n", out);
  cJSON_free (out);
  cJSON_Delete (root);
}

/* @scenario on the machine @row names (transfer full), or NULL and a
 * message: "recommended", "rent", "buy", "rent:N" or "buy:N" (rows as
 * "rigplan-cli plan" numbers them, from 1); the decision's function,
 * as `plan --apply` and the window's "Use this machine" take them. */
static RpScenario *
plan_row (const RpScenario *scenario,
          RpCatalog        *catalog,
          const char       *row,
          GError          **error)
{
  g_autoptr(RpPlan) plan = NULL;
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  g_autoptr(RpDecision) decision = NULL;
  RpScenario *applied;

  if (!rp_fix_estimate (scenario, catalog, est, error))
    return NULL;

  decision = rp_decision_compute (scenario, catalog, est, NULL, &plan, error);
  if (decision == NULL)
    return NULL;
  applied = rp_decision_apply (decision, scenario, catalog, plan, row, error);
  if (applied == NULL)
    g_prefix_error (error, "--plan-row ");
  return applied;
}

/* What each launch format writes, for rp_cli_check_output(). */
static const RpFileKind launch_kinds[RP_N_LAUNCH_FORMATS] = {
  [RP_LAUNCH_DEEPSPEED] = RP_FILE_KIND_DEEPSPEED_CONFIG,
  [RP_LAUNCH_ACCELERATE] = RP_FILE_KIND_ACCELERATE_CONFIG,
  [RP_LAUNCH_TORCHRUN] = RP_FILE_KIND_LAUNCH_SCRIPT,
  [RP_LAUNCH_HOWTO] = RP_FILE_KIND_TEXT,
  [RP_LAUNCH_PROBE] = RP_FILE_KIND_RIGPLAN_DATA,
};

int
rp_cli_run_export_launch (const RpCliCommand *command,
                          int                 argc,
                          char              **argv)
{
  g_autoptr(GOptionContext) context = rp_cli_command_context (command);
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = NULL;
  g_autoptr(RpScenario) scenario = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) notes = NULL;
  RpLaunchFormat format;
  int status = EXIT_OK;

  if (!g_option_context_parse (context, &argc, &argv, &error))
    return rp_cli_usage_error (context, error->message);
  if (argc != 2)
    return rp_cli_usage_error (context, _("name one scenario file"));
  if (!rp_launch_format_from_string (opt_format, &format))
    return rp_cli_usage_error (context, _("--format must be deepspeed, accelerate, torchrun, howto or probe"));
  if (!rp_cli_check_output (opt_output, (const char *const *) argv + 1, launch_kinds[format],
                            &status))
    return status;
  catalog = rp_cli_load_catalog (opt_catalog, &error);
  if (catalog == NULL)
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  scenario = rp_scenario_load_file (argv[1], &error);
  if (scenario == NULL)
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  if (opt_plan_row != NULL)
    {
      RpScenario *row = plan_row (scenario, catalog, opt_plan_row, &error);

      if (row == NULL)
        return rp_cli_fail (error->domain == G_OPTION_ERROR ? EXIT_USAGE : EXIT_BAD_INPUT,
                     error->message);
      rp_scenario_free (scenario);
      scenario = row;
    }
  if (is_stdout (opt_output))
    {
      text = rp_launch_export (scenario, catalog, format, &notes, &error);
      if (text == NULL)
        return rp_cli_fail (EXIT_BAD_INPUT, error->message);
      if (!opt_json)
        rp_cli_print_data (text);
    }
  else if (!rp_launch_export_file (scenario, catalog, format, opt_output, &notes, &error))
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  if (opt_json)
    {
      print_launch_json (format, text, (const char *const *) notes);
      return EXIT_OK;
    }
  for (guint i = 0; notes != NULL && notes[i] != NULL; i++)
    /* TRANSLATORS: something the exported file cannot say */
    g_printerr (_("rigplan-cli: note: %s\n"), notes[i]);
  if (!is_stdout (opt_output))
    g_print (_("Wrote %s (%s)\n"), opt_output, rp_launch_format_get_label (format));
  return EXIT_OK;
}

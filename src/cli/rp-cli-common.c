/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-cli-common.c: what every rigplan-cli command shares */

#include "config.h"

#include "rp-cli-common.h"

#include "rp-chart.h"
#include "rp-export-launch.h"
#include "rp-report.h"

#include <glib/gi18n.h>
#include <string.h>

/* ---- exit statuses -------------------------------------------------- */

static const RpCliExitStatus exit_statuses[] = {
  { EXIT_OK, N_("Success; for estimate, every check is met.") },
  { EXIT_BAD_INPUT, N_("Bad input: a file or value that cannot be used; the message names the "
                       "file, the JSON key and the problem. For catalog check: a hole in the "
                       "catalogs blocks an estimate.") },
  { EXIT_USAGE, N_("Usage error (an unknown command or option, a missing argument) or an "
                   "internal error.") },
  { EXIT_CHECKS_UNMET, N_("estimate only: the scenario was estimated and printed, but a check "
                          "is not met: the run does not fit in memory, or a limit (deadline, "
                          "budget, capital, host RAM, CPU or storage feed, parallelism) is "
                          "broken.") },
};

const RpCliExitStatus *
rp_cli_get_exit_statuses (guint *n)
{
  *n = G_N_ELEMENTS (exit_statuses);
  return exit_statuses;
}

/* ---- option values -------------------------------------------------- */

static char **
enum_names (const RpEnumInfo *info)
{
  GStrvBuilder *b = g_strv_builder_new ();
  char **names;

  for (guint i = 0; i < info->n; i++)
    g_strv_builder_add (b, info->names[i]);
  names = g_strv_builder_end (b);
  g_strv_builder_unref (b);
  return names;
}

/* The same option name means the same values in every command. */
char **
rp_cli_dup_option_choices (const char *long_name,
                           gboolean   *gpu_ids)
{
  GStrvBuilder *b;
  char **names;

  *gpu_ids = FALSE;
  if (strcmp (long_name, "gpus") == 0)
    {
      *gpu_ids = TRUE;
      return NULL;
    }
  if (strcmp (long_name, "currency") == 0)
    return enum_names (&rp_currency_info);
  if (strcmp (long_name, "acquire") == 0)
    return enum_names (&rp_acquire_info);
  b = g_strv_builder_new ();
  if (strcmp (long_name, "chart") == 0)
    for (guint i = 0; i < RP_N_CHARTS; i++)
      g_strv_builder_add (b, rp_chart_kind_to_string (i));
  else if (strcmp (long_name, "paper") == 0)
    for (guint i = 0; i < RP_N_PAPERS; i++)
      g_strv_builder_add (b, rp_paper_to_string (i));
  else if (strcmp (long_name, "format") == 0)
    for (guint i = 0; i < RP_N_LAUNCH_FORMATS; i++)
      g_strv_builder_add (b, rp_launch_format_to_string (i));
  names = g_strv_builder_end (b);
  g_strv_builder_unref (b);
  if (names[0] == NULL)
    g_clear_pointer (&names, g_strfreev);
  return names;
}

/* ---- commands ------------------------------------------------------- */

char *
rp_cli_command_dup_parameter (const RpCliCommand *command)
{
  if (command->parameter != NULL)
    return g_strdup (_(command->parameter));
  if (command->words != NULL)
    return g_strjoinv ("|", (char **) command->words);
  return NULL;
}

char *
rp_cli_command_dup_variant (const RpCliCommand *command)
{
  if (command->variant == NULL)
    return NULL;
  for (const GOptionEntry *e = command->entries; e != NULL && e->long_name != NULL; e++)
    if (strcmp (e->long_name, command->variant) == 0 && e->arg_description != NULL)
      return g_strdup_printf ("--%s %s", e->long_name, _(e->arg_description));
  return g_strdup_printf ("--%s", command->variant);
}

GOptionContext *
rp_cli_command_context (const RpCliCommand *command)
{
  g_autofree char *parameter = rp_cli_command_dup_parameter (command);
  g_autofree char *prgname = g_strconcat ("rigplan-cli ", command->name, NULL);
  GOptionContext *context = g_option_context_new (parameter);

  /* "Usage: rigplan-cli estimate [OPTION…] FILE.rigplan" */
  g_set_prgname (prgname);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (command->entries != NULL)
    g_option_context_add_main_entries (context, command->entries, GETTEXT_PACKAGE);
  if (command->flags & RP_CLI_SHARED_OPTIONS)
    g_option_context_add_main_entries (context, rp_cli_get_shared_entries (), GETTEXT_PACKAGE);
  g_option_context_set_summary (context, _(command->summary));
  return context;
}

/* ---- failures ------------------------------------------------------- */

int
rp_cli_fail (int         status,
             const char *message)
{
  g_printerr ("rigplan-cli: %s\n", message);
  return status;
}

int
rp_cli_usage_error (GOptionContext *context,
                    const char     *message)
{
  g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);

  g_printerr ("rigplan-cli: %s\n\n%s", message, help);
  return EXIT_USAGE;
}

/* A bad file among the user's catalogs is a warning, not a failure: the
 * good ones load and the command goes on (issue 17). */
RpCatalog *
rp_cli_load_catalog (const char *dir,
                     GError    **error)
{
  g_autoptr(RpCatalog) catalog = NULL;
  g_autoptr(GPtrArray) problems = NULL;

  if (dir == NULL)
    {
      catalog = rp_catalog_load_default_full (&problems, error);
      for (guint i = 0; problems != NULL && i < problems->len; i++)
        {
          const GError *problem = g_ptr_array_index (problems, i);

          /* TRANSLATORS: %s is "FILE: KEY: problem" */
          g_printerr (_("rigplan-cli: warning: %s\n"), problem->message);
        }
      return g_steal_pointer (&catalog);
    }
  catalog = rp_catalog_new_empty ();
  if (!rp_catalog_load_dir (catalog, dir, TRUE, error))
    return NULL;
  return g_steal_pointer (&catalog);
}

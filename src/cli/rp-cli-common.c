/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-cli-common.c: what every rigplan-cli command shares */

#include "config.h"

#include "rp-cli-common.h"

#include <glib/gi18n.h>
#include <string.h>

/* ---- exit statuses -------------------------------------------------- */

static const RpCliExitStatus exit_statuses[] = {
  { EXIT_OK, N_("Success; for estimate, every check is met.") },
  { EXIT_BAD_INPUT, N_("Bad input: a file or value that cannot be used; the message names the "
                       "file, the JSON key and the problem.") },
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

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-cli-common.c: what every rigplan-cli command shares */

#include "config.h"

#include "rp-cli-common.h"

#include <glib/gi18n.h>

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

GOptionContext *
rp_cli_new_context (const char         *parameter,
                    const char         *summary,
                    const GOptionEntry *entries)
{
  GOptionContext *context = g_option_context_new (parameter);

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, summary);
  return context;
}

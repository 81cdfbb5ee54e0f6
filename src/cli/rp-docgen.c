/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-docgen.c: rigplan-docgen, the build's writer of man pages and
 * completions (not installed)
 *
 *   rigplan-docgen man rigplan-cli|rigplan
 *   rigplan-docgen completion rigplan-cli|rigplan bash|zsh|fish
 *
 * The page's date is $SOURCE_DATE_EPOCH's, so builds are reproducible;
 * without it the page has none. */

#include "config.h"

#include "rp-cli-doc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *
page_date (void)
{
  const char *epoch = g_getenv ("SOURCE_DATE_EPOCH");
  g_autoptr(GDateTime) when = NULL;
  guint64 seconds = 0;

  if (epoch == NULL || !g_ascii_string_to_unsigned (epoch, 10, 0, G_MAXINT64, &seconds, NULL))
    return NULL;
  when = g_date_time_new_from_unix_utc ((gint64) seconds);
  return when != NULL ? g_date_time_format (when, "%Y-%m-%d") : NULL;
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *text = NULL;
  g_autofree char *date = page_date ();

  if (argc == 3 && strcmp (argv[1], "man") == 0 && strcmp (argv[2], "rigplan-cli") == 0)
    text = rp_cli_doc_man_cli (date);
  else if (argc == 3 && strcmp (argv[1], "man") == 0 && strcmp (argv[2], "rigplan") == 0)
    text = rp_cli_doc_man_app (date);
  else if (argc == 4 && strcmp (argv[1], "completion") == 0 &&
           (strcmp (argv[2], "rigplan-cli") == 0 || strcmp (argv[2], "rigplan") == 0))
    text = rp_cli_doc_completion (argv[2], argv[3]);
  if (text == NULL)
    {
      fprintf (stderr, "usage: rigplan-docgen man rigplan-cli|rigplan\n"
                       "       rigplan-docgen completion rigplan-cli|rigplan bash|zsh|fish\n");
      return 2;
    }
  fputs (text, stdout);
  return 0;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-cli-common.h: what every rigplan-cli command shares
 *
 * Exit status: 0 ok, 1 bad input (a file or value that cannot be used),
 * 2 usage or internal error.  Diagnostics on stderr, named "rigplan-cli". */

#pragma once

#include "rp-catalog.h"

G_BEGIN_DECLS

enum
{
  EXIT_OK = 0,
  EXIT_BAD_INPUT = 1,
  EXIT_USAGE = 2,
};

/* Every g_print() and g_printerr() from here on writes what could drive
 * a terminal (escape sequences, carriage returns, bidirectional
 * overrides from a shared file) as visible escapes (rp-text.h): call it
 * first in main(). */
void            rp_cli_guard_output  (void);
/* Writes @text (JSON, a config) to stdout as it is, but for the same
 * escapes, which JSON reads back as the same characters. */
void            rp_cli_print_data    (const char     *text);
/* @text from a file (a scenario's name) on one line: new lines escaped
 * too.  The copy lives until the program ends. */
const char     *rp_cli_one_line      (const char     *text);
/* Prints "rigplan-cli: MESSAGE" and returns @status. */
int             rp_cli_fail          (int             status,
                                      const char     *message);
/* Prints "rigplan-cli: PATH: MESSAGE" (without "PATH: " when @path is
 * NULL: the message names the file already) and returns @status. */
int             rp_cli_fail_file     (int             status,
                                      const char     *path,
                                      const GError   *error);
/* A compare file that is the only input and holds fewer than two
 * scenarios: names the file and its "scenarios" key, not the help.
 * EXIT_BAD_INPUT. */
int             rp_cli_compare_too_few (const char   *path,
                                        guint         n_scenarios);
/* The message, then the command's help; EXIT_USAGE. */
int             rp_cli_usage_error   (GOptionContext *context,
                                      const char     *message);
/* The bundled catalogs from @dir (NULL: the installed ones, with the
 * user's files: a bad user file is a warning on stderr, not a failure). */
RpCatalog      *rp_cli_load_catalog  (const char     *dir,
                                      GError        **error);
/* A command's option context: translated, with @summary and @entries. */
GOptionContext *rp_cli_new_context   (const char     *parameter,
                                      const char     *summary,
                                      const GOptionEntry *entries);

G_END_DECLS

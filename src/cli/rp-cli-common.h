/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-cli-common.h: what every rigplan-cli command shares
 *
 * Exit status: 0 ok, 1 bad input (a file or value that cannot be used),
 * 2 usage or internal error.  Diagnostics on stderr, named "rigplan-cli". */

#pragma once

#include "rp-catalog.h"
#include "rp-file-kind.h"

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
/* Adds --force to a command that writes files (rp_cli_check_output()). */
void            rp_cli_add_force_option (GOptionContext *context);
/* Whether @output ("-" or NULL: standard output, always) may be written
 * with a file of @kind: not when it is one of @inputs (NULL-terminated:
 * the files the command reads, compared as files, through links and
 * other names), nor when it holds a file of another kind (a scenario
 * where a DeepSpeed config would go), unless --force was given.
 * Otherwise prints why, naming the file, and sets *@status. */
gboolean        rp_cli_check_output  (const char         *output,
                                      const char *const  *inputs,
                                      RpFileKind          kind,
                                      int                *status);
/* What export or compare writes to @output, by its extension (.pdf,
 * .png, .svg, .csv; @json_kind for .json). */
RpFileKind      rp_cli_export_kind   (const char         *output,
                                      RpFileKind          json_kind);
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

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-cli-common.h: what every rigplan-cli command shares
 *
 * The commands are one table (rp_cli_get_commands): each entry gives the
 * command's name, its arguments, its one description and its options
 * (GOptionEntry).  The top-level --help, each command's --help, the
 * rigplan-cli(1) man page and the shell completions are all written from
 * it (rp-cli-doc.c), so adding a command is one entry and none of them
 * can drift.  The exit statuses are a table too (rp_cli_get_exit_statuses).
 * Diagnostics go to stderr, named "rigplan-cli". */

#pragma once

#include "rp-catalog.h"
#include "rp-file-kind.h"

G_BEGIN_DECLS

enum
{
  EXIT_OK = 0,
  EXIT_BAD_INPUT = 1,
  EXIT_USAGE = 2,
  EXIT_CHECKS_UNMET = 3,
};

/* What a command's arguments are, for the completions. */
typedef enum
{
  RP_CLI_ARGS_NONE,             /* none */
  RP_CLI_ARGS_SCENARIO,         /* one *.rigplan */
  RP_CLI_ARGS_SCENARIOS,        /* several *.rigplan or *.rigplan-compare */
  RP_CLI_ARGS_PATHS,            /* files and directories */
  RP_CLI_ARGS_WORDS,            /* one of the command's words */
} RpCliArgs;

typedef enum
{
  RP_CLI_SHARED_OPTIONS = 1u << 0,      /* takes --json and --catalog */
  RP_CLI_FORCE_OPTION = 1u << 1,        /* writes a file: takes --force */
} RpCliFlags;

typedef struct _RpCliCommand RpCliCommand;

/* Runs @command; argv[0] is the command's last word. */
typedef int (*RpCliRun) (const RpCliCommand *command,
                         int                 argc,
                         char              **argv);

struct _RpCliCommand
{
  const char         *name;        /* "estimate"; "catalog check" for a word of catalog's own */
  const char         *parameter;   /* N_(): the arguments after the options; NULL: none,
                                    * or the words joined by "|" */
  const char         *summary;     /* N_(): the one description of the command */
  const GOptionEntry *entries;     /* its own options, NULL-ended; may be NULL */
  guint               flags;       /* RpCliFlags */
  RpCliArgs           args;
  const char *const  *words;       /* RP_CLI_ARGS_WORDS: NULL-ended */
  const char         *variant;     /* a long option that selects this entry over another
                                    * of the same name ("format": export --format) */
  RpCliRun            run;
};

/* An exit status and what it means (N_()). */
typedef struct
{
  int         status;
  const char *meaning;
} RpCliExitStatus;

/* The table of commands (rigplan-cli.c), and the options every command
 * flagged RP_CLI_SHARED_OPTIONS takes. */
const RpCliCommand    *rp_cli_get_commands        (guint              *n);
const GOptionEntry    *rp_cli_get_shared_entries  (void);
/* What the shared options were given: --json, and --catalog DIR (NULL
 * when not given). */
gboolean               rp_cli_json_wanted         (void);
const char            *rp_cli_catalog_dir         (void);
/* What rigplan-cli takes before a command: --help, --version. */
const GOptionEntry    *rp_cli_get_main_entries    (void);
const RpCliExitStatus *rp_cli_get_exit_statuses   (guint              *n);
/* The values an option's argument may take, NULL-ended (transfer full),
 * or NULL when any text goes; *@gpu_ids is TRUE when they are GPU ids,
 * separated by commas, that the catalog knows. */
char                 **rp_cli_dup_option_choices  (const char         *long_name,
                                                   gboolean           *gpu_ids);
/* "gpus|clouds|models": the parameter as shown (transfer full). */
char                  *rp_cli_command_dup_parameter (const RpCliCommand *command);
/* "--format NAME": the option that selects a variant, with its argument
 * (transfer full); NULL for a command that is no variant. */
char                  *rp_cli_command_dup_variant   (const RpCliCommand *command);

/* The main program: finds the command in the table and runs it. */
int             rp_cli_main          (int             argc,
                                      char          **argv);

/* Every g_print() and g_printerr() from here on writes what could drive
 * a terminal (escape sequences, carriage returns, bidirectional
 * overrides from a shared file) as visible escapes (rp-text.h): call it
 * first in main(). */
void            rp_cli_guard_output  (void);
/* Writes @text (JSON, a config) to stdout as it is, but for the same
 * escapes, which JSON reads back as the same characters. */
void            rp_cli_print_data    (const char     *text);
/* A line of table cells: pairs of printf-style width (negative:
 * left-aligned) and text, ended by a NULL text; padded by display width,
 * where a Chinese character takes two columns. */
void            rp_cli_print_cells   (int             width,
                                      const char     *text,
                                      ...) G_GNUC_NULL_TERMINATED;
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
/* --force, taken by the commands flagged RP_CLI_FORCE_OPTION (those that
 * write files: rp_cli_check_output()). */
const GOptionEntry *rp_cli_get_force_entries (void);
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
/* A command's option context, from its table entry: "rigplan-cli NAME
 * [OPTION…] PARAMETER", its summary and its options, translated. */
GOptionContext *rp_cli_command_context (const RpCliCommand *command);

G_END_DECLS

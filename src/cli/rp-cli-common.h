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

/* Prints "rigplan-cli: MESSAGE" and returns @status. */
int             rp_cli_fail          (int             status,
                                      const char     *message);
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

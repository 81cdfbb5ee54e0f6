/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-cli-common.c: what every rigplan-cli command shares */

#include "config.h"

#include "rp-cli-common.h"

#include "rp-chart.h"
#include "rp-export-launch.h"
#include "rp-report.h"
#include "rp-text.h"
#include "rp-units.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static gboolean opt_force = FALSE;
static char *opt_catalog_dir = NULL;
static gboolean opt_json = FALSE;

/* The options of every command flagged RP_CLI_SHARED_OPTIONS: they live
 * here, beside their parser, so that the command table's file and this
 * one do not call each other. */
static const GOptionEntry shared_entries[] = {
  { "json", 0, 0, G_OPTION_ARG_NONE, &opt_json, N_("Print JSON for scripts"), NULL },
  { "catalog", 0, 0, G_OPTION_ARG_FILENAME, &opt_catalog_dir,
    N_("Read the bundled catalogs from DIR"), N_("DIR") },
  { NULL }
};

static const GOptionEntry force_entries[] = {
  { "force", 0, 0, G_OPTION_ARG_NONE, &opt_force,
    N_("Write even over an input of this command or a file of another kind"), NULL },
  { NULL }
};

/* ---- exit statuses -------------------------------------------------- */

static const RpCliExitStatus exit_statuses[] = {
  { EXIT_OK, N_("Success; for estimate, every check is met.") },
  { EXIT_BAD_INPUT, N_("Bad input: a file or value that cannot be used; the message names the "
                       "file, the JSON key and the problem. For catalog check: a hole in the "
                       "catalogs blocks an estimate.") },
  { EXIT_USAGE, N_("Usage error (an unknown command or option, a missing argument) or an "
                   "internal error.") },
  { EXIT_CHECKS_UNMET, N_("estimate only: the scenario was estimated and printed, but a check "
                          "is not met: the run does not fit in memory or is tight (it fits as "
                          "estimated, not at the high end of its error band with the required "
                          "headroom), or a limit (deadline, budget, capital, host RAM, CPU or "
                          "storage feed, parallelism) is broken.") },
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
  if (command->flags & RP_CLI_FORCE_OPTION)
    g_option_context_add_main_entries (context, force_entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, _(command->summary));
  return context;
}

/* ---- failures ------------------------------------------------------- */


/* ---- output: nothing from a file drives the terminal ---------------- */

/* As GLib's own g_print() writes: UTF-8 as it is on a UTF-8 console,
 * otherwise converted to the console's charset with "?" for what it
 * lacks. */
static void
write_console (FILE       *stream,
               const char *utf8)
{
  const char *charset = NULL;
  g_autofree char *converted = NULL;

  if (!g_get_console_charset (&charset))
    converted = g_convert_with_fallback (utf8, -1, charset, "UTF-8", "?", NULL, NULL, NULL);
  fputs (converted != NULL ? converted : utf8, stream);
  fflush (stream);
}

static void
print_guarded (const char *text)
{
  g_autofree char *safe = rp_text_for_terminal (text, -1, RP_TEXT_KEEP_LINES);

  write_console (stdout, safe);
}

static void
printerr_guarded (const char *text)
{
  g_autofree char *safe = rp_text_for_terminal (text, -1, RP_TEXT_KEEP_LINES);

  write_console (stderr, safe);
}

void
rp_cli_guard_output (void)
{
  g_set_print_handler (print_guarded);
  g_set_printerr_handler (printerr_guarded);
}

/* printf's "%-28s" pads by bytes, but a CJK character is three bytes and
 * two terminal columns: cells are padded by display width (rp_units_pad). */
void
rp_cli_print_cells (int         width,
                    const char *text,
                    ...)
{
  GString *line = g_string_new (NULL);
  va_list args;

  va_start (args, text);
  while (text != NULL)
    {
      g_autofree char *cell = rp_units_pad (text, width);

      if (line->len > 0)
        g_string_append_c (line, ' ');
      g_string_append (line, cell);
      width = va_arg (args, int);
      text = va_arg (args, const char *);
    }
  va_end (args);
  /* trailing spaces of the last, left-aligned cell */
  while (line->len > 0 && line->str[line->len - 1] == ' ')
    g_string_truncate (line, line->len - 1);
  g_print ("%s\n", line->str);
  g_string_free (line, TRUE);
}

void
rp_cli_print_data (const char *text)
{
  g_autofree char *safe = rp_text_for_terminal (text, -1, RP_TEXT_KEEP_LINES);

  fputs (safe, stdout);
}

const char *
rp_cli_one_line (const char *text)
{
  static GPtrArray *kept = NULL;
  char *safe = rp_text_for_terminal (text, -1, RP_TEXT_ONE_LINE);

  /* a handful per run (names in headings); kept until exit */
  if (kept == NULL)
    kept = g_ptr_array_new ();
  g_ptr_array_add (kept, safe);
  return safe;
}

int
rp_cli_fail (int         status,
             const char *message)
{
  g_printerr ("rigplan-cli: %s\n", message);
  return status;
}

int
rp_cli_fail_file (int           status,
                  const char   *path,
                  const GError *error)
{
  if (path == NULL)
    return rp_cli_fail (status, error->message);
  g_printerr ("rigplan-cli: %s: %s\n", path, error->message);
  return status;
}

int
rp_cli_compare_too_few (const char *path,
                        guint       n_scenarios)
{
  /* TRANSLATORS: a compare file with 0 or 1 scenarios; %s is the file,
   * “scenarios” the key in it */
  g_printerr (g_dngettext (GETTEXT_PACKAGE,
                           "rigplan-cli: %s: scenarios: holds %u scenario; a comparison needs "
                           "at least two: add one to it, or name more files\n",
                           "rigplan-cli: %s: scenarios: holds %u scenarios; a comparison needs "
                           "at least two: add one to it, or name more files\n", n_scenarios),
              path, n_scenarios);
  return EXIT_BAD_INPUT;
}

/* ---- outputs: never over an input, nor over a file of another kind -- */

const GOptionEntry *
rp_cli_get_force_entries (void)
{
  return force_entries;
}

const GOptionEntry *
rp_cli_get_shared_entries (void)
{
  return shared_entries;
}

gboolean
rp_cli_json_wanted (void)
{
  return opt_json;
}

const char *
rp_cli_catalog_dir (void)
{
  return opt_catalog_dir;
}

static gboolean
same_file (const GStatBuf *a,
           const char     *path)
{
  GStatBuf b;

  return g_stat (path, &b) == 0 && a->st_dev == b.st_dev && a->st_ino == b.st_ino;
}

gboolean
rp_cli_check_output (const char        *output,
                     const char *const *inputs,
                     RpFileKind         kind,
                     int               *status)
{
  GStatBuf st;
  RpFileKind there;

  /* nothing there yet; or a directory, a device: the writer says why not */
  if (output == NULL || strcmp (output, "-") == 0 || opt_force || g_stat (output, &st) != 0 ||
      !S_ISREG (st.st_mode))
    return TRUE;
  for (guint i = 0; inputs != NULL && inputs[i] != NULL; i++)
    if (same_file (&st, inputs[i]))
      {
        /* TRANSLATORS: the first %s is the output file, the second the
         * input it is (the same name, or another name of the same file),
         * the third what would be written, e.g. "a DeepSpeed config" */
        g_printerr (_("rigplan-cli: %s: this is %s, an input of this command; writing %s "
                      "would replace it: give another output file, or --force\n"),
                    output, inputs[i], rp_file_kind_describe (kind));
        *status = EXIT_BAD_INPUT;
        return FALSE;
      }
  there = rp_file_kind_sniff (output);
  if (there == RP_FILE_KIND_NONE || there == kind)
    return TRUE;
  /* TRANSLATORS: the first %s is the output file, the second what it
   * holds ("a Hugging Face model config"), the third what would be written */
  g_printerr (_("rigplan-cli: %s: holds %s; writing %s would replace it: give another output "
                "file, or --force\n"), output, rp_file_kind_describe (there),
              rp_file_kind_describe (kind));
  *status = EXIT_BAD_INPUT;
  return FALSE;
}

RpFileKind
rp_cli_export_kind (const char *output,
                    RpFileKind  json_kind)
{
  g_autofree char *lower = g_ascii_strdown (output, -1);

  if (g_str_has_suffix (lower, ".pdf"))
    return RP_FILE_KIND_PDF;
  if (g_str_has_suffix (lower, ".png"))
    return RP_FILE_KIND_PNG;
  if (g_str_has_suffix (lower, ".svg"))
    return RP_FILE_KIND_SVG;
  if (g_str_has_suffix (lower, ".csv"))
    return RP_FILE_KIND_CSV;
  return json_kind;
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

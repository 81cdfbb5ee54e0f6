/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-cli-doc.c: the man pages and shell completions, from the tables
 *
 * rigplan-cli(1) and its bash, zsh and fish completions are written from
 * the table of commands (rp-cli-common.h) and each command's GOptionEntry
 * list: the same descriptions `--help` prints, so they cannot drift.
 * rigplan(1) comes from the app's table (src/app/rp-app-options.h).  The
 * pages are English: the msgids, untranslated.  rigplan-docgen (the
 * build) calls these; nothing here runs when a user runs rigplan-cli. */

#include "config.h"

#include "rp-cli-doc.h"

#include "rp-app-options.h"
#include "rp-cli-common.h"

#include <string.h>

/* ---- the commands, merged by their first word ----------------------- */

/* What completes after "rigplan-cli NAME": the options of every entry
 * named NAME (export and its --format variant), its arguments and the
 * words of catalog and of its two-word entries ("catalog check"). */
typedef struct
{
  const char         *name;
  const RpCliCommand *first;    /* the entry without a variant, else the first */
  GPtrArray          *options;  /* const GOptionEntry *, each long name once */
  GPtrArray          *words;    /* const char *: second words */
} Word;

static void
word_clear (Word *w)
{
  g_ptr_array_unref (w->options);
  g_ptr_array_unref (w->words);
}

static void
add_option (GPtrArray          *options,
            const GOptionEntry *e)
{
  for (guint i = 0; i < options->len; i++)
    if (strcmp (((const GOptionEntry *) g_ptr_array_index (options, i))->long_name,
                e->long_name) == 0)
      return;
  g_ptr_array_add (options, (gpointer) e);
}

static void
add_word (GPtrArray  *words,
          const char *word)
{
  for (guint i = 0; i < words->len; i++)
    if (strcmp (g_ptr_array_index (words, i), word) == 0)
      return;
  g_ptr_array_add (words, (gpointer) word);
}

/* The table's first words in its order; transfer full (array of Word). */
static GArray *
collect_words (void)
{
  guint n;
  const RpCliCommand *commands = rp_cli_get_commands (&n);
  GArray *words = g_array_new (FALSE, TRUE, sizeof (Word));

  g_array_set_clear_func (words, (GDestroyNotify) word_clear);
  for (guint i = 0; i < n; i++)
    {
      const RpCliCommand *c = &commands[i];
      const char *space = strchr (c->name, ' ');
      g_autofree char *first = space != NULL ? g_strndup (c->name, space - c->name)
                                             : g_strdup (c->name);
      Word *w = NULL;

      for (guint k = 0; k < words->len && w == NULL; k++)
        if (strcmp (g_array_index (words, Word, k).name, first) == 0)
          w = &g_array_index (words, Word, k);
      if (w == NULL)
        {
          Word fresh = { 0 };

          /* the name as the table spells it, for a one-word command */
          fresh.name = space == NULL ? c->name : g_intern_string (first);
          fresh.options = g_ptr_array_new ();
          fresh.words = g_ptr_array_new ();
          g_array_append_val (words, fresh);
          w = &g_array_index (words, Word, words->len - 1);
        }
      if (space != NULL)
        {
          /* "catalog check": a word of catalog's, with its own options */
          add_word (w->words, space + 1);
          for (const GOptionEntry *e = c->entries; e != NULL && e->long_name != NULL; e++)
            add_option (w->options, e);
          continue;
        }
      if (w->first == NULL || (w->first->variant != NULL && c->variant == NULL))
        w->first = c;
      for (const GOptionEntry *e = c->entries; e != NULL && e->long_name != NULL; e++)
        add_option (w->options, e);
      if (c->flags & RP_CLI_SHARED_OPTIONS)
        for (const GOptionEntry *e = rp_cli_get_shared_entries (); e->long_name != NULL; e++)
          add_option (w->options, e);
      if (c->flags & RP_CLI_FORCE_OPTION)
        for (const GOptionEntry *e = rp_cli_get_force_entries (); e->long_name != NULL; e++)
          add_option (w->options, e);
      for (guint k = 0; c->words != NULL && c->words[k] != NULL; k++)
        add_word (w->words, c->words[k]);
    }
  return words;
}

/* ---- option values -------------------------------------------------- */

typedef enum
{
  VALUE_NONE,                   /* a flag */
  VALUE_TEXT,                   /* anything: nothing to offer */
  VALUE_FILE,
  VALUE_DIR,
  VALUE_CHOICES,
  VALUE_GPU_IDS,                /* GPU ids, separated by commas */
} ValueKind;

static ValueKind
option_value (const GOptionEntry *e,
              char             ***choices)
{
  gboolean gpu_ids = FALSE;

  *choices = NULL;
  if (e->arg == G_OPTION_ARG_NONE)
    return VALUE_NONE;
  if (e->arg == G_OPTION_ARG_FILENAME)
    return g_strcmp0 (e->arg_description, "DIR") == 0 ? VALUE_DIR : VALUE_FILE;
  *choices = rp_cli_dup_option_choices (e->long_name, &gpu_ids);
  if (gpu_ids)
    return VALUE_GPU_IDS;
  return *choices != NULL ? VALUE_CHOICES : VALUE_TEXT;
}

static gboolean
takes_scenarios (RpCliArgs args)
{
  return args == RP_CLI_ARGS_SCENARIO || args == RP_CLI_ARGS_SCENARIOS;
}

/* ---- roff ----------------------------------------------------------- */

/* Text for a roff line: backslashes and a leading dot or quote escaped,
 * typography as roff's glyph names (man-db needs no preconv then). */
static void
roff_text (GString    *out,
           const char *text)
{
  static const struct { const char *utf8, *roff; } glyphs[] = {
    { "“", "\\(lq" }, { "”", "\\(rq" }, { "‘", "\\(oq" }, { "’", "\\(cq" },
    { "…", "..." }, { "×", "\\(mu" }, { "→", "\\(->" }, { "—", "\\(em" }, { "–", "\\(en" },
    { "·", "\\(pc" }, { "¥", "\\(Ye" }, { "€", "\\(Eu" }, { "₂", "2" },
  };
  gsize start = out->len;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gboolean done = FALSE;

      if (*p == '\\')
        {
          g_string_append (out, "\\e");
          continue;
        }
      if (*p == '-')
        {
          /* an option's dash, a minus sign: not a hyphen */
          g_string_append (out, (p == text || p[-1] == ' ' || p[-1] == '-' || p[-1] == '[' ||
                                 p[-1] == '(' || p[-1] == '|') ? "\\-" : "-");
          continue;
        }
      for (guint i = 0; i < G_N_ELEMENTS (glyphs) && !done; i++)
        if (g_str_has_prefix (p, glyphs[i].utf8))
          {
            g_string_append (out, glyphs[i].roff);
            done = TRUE;
          }
      if (!done)
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
    }
  if (out->len > start && (out->str[start] == '.' || out->str[start] == '\''))
    g_string_insert (out, start, "\\&");
}

static void
roff_line (GString    *out,
           const char *request,
           const char *text)
{
  if (request != NULL)
    g_string_append_printf (out, "%s ", request);
  roff_text (out, text);
  g_string_append_c (out, '\n');
}

/* ".TP" and the option: "\fB\-\-catalog\fR=\fIDIR\fR" */
static void
roff_option (GString            *out,
             const GOptionEntry *e)
{
  g_string_append (out, ".TP\n");
  if (e->short_name != 0)
    g_string_append_printf (out, "\\fB\\-%c\\fR, ", e->short_name);
  g_string_append (out, "\\fB\\-\\-");
  roff_text (out, e->long_name);
  g_string_append (out, "\\fR");
  if (e->arg != G_OPTION_ARG_NONE)
    {
      g_string_append (out, "=\\fI");
      roff_text (out, e->arg_description != NULL ? e->arg_description : "VALUE");
      g_string_append (out, "\\fR");
    }
  g_string_append_c (out, '\n');
  roff_line (out, NULL, e->description);
}

static void
roff_header (GString    *out,
             const char *name,
             const char *date)
{
  g_autofree char *upper = g_ascii_strup (name, -1);

  g_string_append (out, ".\\\" Written by rigplan-docgen from the program's own tables of "
                        "commands and options;\n.\\\" edit those, not this page.\n");
  g_string_append_printf (out, ".TH %s 1 \"%s\" \"Rigplan %s\" \"User Commands\"\n", upper,
                          date != NULL ? date : "", PACKAGE_VERSION);
}

static void
roff_exit_statuses (GString *out)
{
  guint n;
  const RpCliExitStatus *statuses = rp_cli_get_exit_statuses (&n);

  g_string_append (out, ".SH \"EXIT STATUS\"\n");
  for (guint i = 0; i < n; i++)
    {
      g_string_append_printf (out, ".TP\n.B %d\n", statuses[i].status);
      roff_line (out, NULL, statuses[i].meaning);
    }
}

static void
roff_environment (GString *out)
{
  static const struct { const char *name, *meaning; } vars[] = {
    { "RIGPLAN_DATADIR", "The folder of the bundled catalogs, instead of the installed one." },
    { "RIGPLAN_USER_DATADIR", "The folder of your own catalog files, instead of "
                              "$XDG_DATA_HOME/rigplan." },
    { "RIGPLAN_GUIDEDIR", "The folder of the sizing guide's scenarios, instead of the "
                          "installed one." },
    { "RIGPLAN_LOCALEDIR", "Where the translations are, instead of the installed ones." },
    { "LANGUAGE, LC_ALL, LANG", "The language of the text: English, or Simplified Chinese "
                                "(zh_CN). JSON output is the same in every language and "
                                "locale." },
  };

  g_string_append (out, ".SH ENVIRONMENT\n");
  for (guint i = 0; i < G_N_ELEMENTS (vars); i++)
    {
      g_string_append (out, ".TP\n");
      roff_line (out, ".B", vars[i].name);
      roff_line (out, NULL, vars[i].meaning);
    }
}

static void
roff_files (GString *out)
{
  g_string_append (out, ".SH FILES\n.TP\n");
  roff_line (out, ".I", PKGDATADIR "/catalogs/");
  roff_line (out, NULL, "The bundled catalogs: GPUs, cloud offers, purchase prices, regions, "
                        "model presets; every entry with its source and date.");
  g_string_append (out, ".TP\n");
  roff_line (out, ".I", "$XDG_DATA_HOME/rigplan/*.json");
  roff_line (out, NULL, "Your own catalog entries (~/.local/share/rigplan by default); they "
                        "add to the bundled ones or replace those with the same id.");
  g_string_append (out, ".TP\n");
  roff_line (out, ".I", PKGDATADIR "/examples/");
  roff_line (out, NULL, "Example scenarios.");
  g_string_append (out, ".TP\n");
  roff_line (out, ".I", PKGDATADIR "/guide/");
  roff_line (out, NULL, "The scenarios of the sizing guide.");
}

/* ---- public API: man pages ------------------------------------------ */

char *
rp_cli_doc_man_cli (const char *date)
{
  GString *out = g_string_new (NULL);
  guint n;
  const RpCliCommand *commands = rp_cli_get_commands (&n);

  roff_header (out, "rigplan-cli", date);
  g_string_append (out, ".SH NAME\nrigplan-cli \\- plan the hardware of a deep-learning "
                        "training run, from the command line\n");
  g_string_append (out, ".SH SYNOPSIS\n.B rigplan-cli\n.I COMMAND\n"
                        ".RI [ OPTION ...]\n.RI [ ARGUMENT ...]\n.br\n"
                        ".B rigplan-cli\n.BR \\-\\-help \" | \" \\-\\-version\n");
  g_string_append (out, ".SH DESCRIPTION\n");
  roff_line (out, NULL, "Rigplan predicts the GPU memory, the time and the cost of a "
                        "training run described in a scenario file (*.rigplan, JSON), "
                        "judges it against the deadline and the money, and finds the "
                        "machine to rent and the machine to buy.");
  roff_line (out, NULL, "rigplan-cli is its command-line front end, for scripts and CI: "
                        "text on standard output, or JSON with --json (an object that "
                        "always carries \"format\" and \"version\"); diagnostics on "
                        "standard error. The window is rigplan(1).");
  g_string_append (out, ".SH COMMANDS\n");
  for (guint i = 0; i < n; i++)
    {
      const RpCliCommand *c = &commands[i];
      g_autofree char *parameter = c->parameter != NULL ? g_strdup (c->parameter)
                                   : c->words != NULL ? g_strjoinv ("|", (char **) c->words)
                                   : NULL;
      g_autofree char *variant = NULL;

      if (c->variant != NULL)
        for (const GOptionEntry *e = c->entries; e != NULL && e->long_name != NULL; e++)
          if (strcmp (e->long_name, c->variant) == 0)
            variant = g_strdup_printf ("--%s %s", e->long_name,
                                       e->arg_description != NULL ? e->arg_description : "");
      g_string_append (out, ".SS \"");
      roff_text (out, c->name);
      if (parameter != NULL)
        {
          g_string_append_c (out, ' ');
          roff_text (out, parameter);
        }
      if (variant != NULL)
        {
          g_string_append_c (out, ' ');
          roff_text (out, variant);
        }
      g_string_append (out, "\"\n");
      roff_line (out, NULL, c->summary);
      for (const GOptionEntry *e = c->entries; e != NULL && e->long_name != NULL; e++)
        roff_option (out, e);
      if (c->flags & RP_CLI_SHARED_OPTIONS)
        for (const GOptionEntry *e = rp_cli_get_shared_entries (); e->long_name != NULL; e++)
          roff_option (out, e);
      if (c->flags & RP_CLI_FORCE_OPTION)
        for (const GOptionEntry *e = rp_cli_get_force_entries (); e->long_name != NULL; e++)
          roff_option (out, e);
    }
  g_string_append (out, ".SH OPTIONS\n");
  roff_line (out, NULL, "Before a command:");
  for (const GOptionEntry *e = rp_cli_get_main_entries (); e->long_name != NULL; e++)
    roff_option (out, e);
  roff_exit_statuses (out);
  roff_environment (out);
  roff_files (out);
  g_string_append (out, ".SH EXAMPLES\n");
  roff_line (out, NULL, "Estimate an example, and act on the answer in a script:");
  g_string_append (out, ".PP\n.nf\n.RS\n");
  roff_line (out, NULL, "rigplan-cli estimate " PKGDATADIR "/examples/lora-llama3-8b-rtx4090.rigplan");
  roff_line (out, NULL, "rigplan-cli estimate run.rigplan --json > estimate.json || "
                        "echo \"status $?: 3 means a check is not met\"");
  roff_line (out, NULL, "rigplan-cli plan run.rigplan --gpus h100-sxm,a100-80gb-sxm --top 5");
  roff_line (out, NULL, "rigplan-cli export run.rigplan -o plan.pdf");
  roff_line (out, NULL, "rigplan-cli catalog gpus --ids");
  g_string_append (out, ".RE\n.fi\n");
  g_string_append (out, ".SH \"SEE ALSO\"\n.BR rigplan (1)\n");
  return g_string_free (out, FALSE);
}

char *
rp_cli_doc_man_app (const char *date)
{
  GString *out = g_string_new (NULL);

  roff_header (out, "rigplan", date);
  g_string_append (out, ".SH NAME\nrigplan \\- plan the hardware of a deep-learning "
                        "training run\n");
  g_string_append (out, ".SH SYNOPSIS\n.B rigplan\n.RI [ OPTION ...]\n");
  roff_line (out, NULL, rp_app_parameter);
  g_string_append (out, ".SH DESCRIPTION\n");
  roff_line (out, NULL, rp_app_summary);
  g_string_append (out, ".PP\n");
  roff_line (out, NULL, "The window shows the memory each GPU needs and the headroom left, "
                        "how long the run takes, what it costs rented and bought, the "
                        "machine to get and the fix when a check is not met; it exports the "
                        "plan as a PDF report. The same answers on the command line, for "
                        "scripts: rigplan-cli(1).");
  g_string_append (out, ".SH OPTIONS\n");
  for (const GOptionEntry *e = rp_app_option_entries; e->long_name != NULL; e++)
    roff_option (out, e);
  g_string_append (out, ".TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\nShow the options; "
                        "\\fB\\-\\-help\\-all\\fR adds GApplication's own.\n");
  roff_environment (out);
  roff_files (out);
  g_string_append (out, ".SH \"SEE ALSO\"\n.BR rigplan-cli (1)\n");
  return g_string_free (out, FALSE);
}

/* ---- bash ----------------------------------------------------------- */

static void
bash_words (GString           *out,
            const char *const *words)
{
  g_autofree char *joined = g_strjoinv (" ", (char **) words);

  g_string_append_printf (out, "'%s'", joined);
}

static char *
bash_option_words (const Word *w)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < w->options->len; i++)
    {
      const GOptionEntry *e = g_ptr_array_index (w->options, i);

      g_string_append_printf (s, "--%s ", e->long_name);
      if (e->short_name != 0)
        g_string_append_printf (s, "-%c ", e->short_name);
    }
  g_string_append (s, "--help");
  return g_string_free (s, FALSE);
}

static char *
completion_bash (void)
{
  g_autoptr(GArray) words = collect_words ();
  GString *out = g_string_new (NULL);
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < words->len; i++)
    g_string_append_printf (names, "%s ", g_array_index (words, Word, i).name);
  g_string_append (names, "--help --version");

  g_string_append (out,
    "# bash completion for rigplan-cli                        -*- shell-script -*-\n"
    "# Written by rigplan-docgen from rigplan-cli's table of commands; edit that,\n"
    "# not this file.  GPU ids come from the catalog when you press Tab.\n\n"
    "_rigplan_cli_files ()  # PATTERN…: matching files and every folder\n"
    "{\n"
    "  local cur=$1 pattern IFS=$'\\n'\n"
    "  shift\n"
    "  for pattern in \"$@\"; do\n"
    "    COMPREPLY+=( $(compgen -f -X \"!$pattern\" -- \"$cur\") )\n"
    "  done\n"
    "  COMPREPLY+=( $(compgen -d -- \"$cur\") )\n"
    "  compopt -o filenames 2>/dev/null\n"
    "}\n\n"
    "_rigplan_cli_scenarios ()  # CUR [compare]: scenario files and the examples\n"
    "{\n"
    "  local example IFS=$'\\n'\n"
    "  if [ \"$2\" = compare ]; then\n"
    "    _rigplan_cli_files \"$1\" '*.rigplan' '*.rigplan-compare'\n"
    "  else\n"
    "    _rigplan_cli_files \"$1\" '*.rigplan'\n"
    "  fi\n");
  g_string_append_printf (out,
    "  for example in '%s/examples/'*.rigplan*; do\n"
    "    [ -e \"$example\" ] && [[ $example == \"$1\"* ]] && COMPREPLY+=( \"$example\" )\n"
    "  done\n"
    "}\n\n", PKGDATADIR);
  g_string_append (out,
    "_rigplan_cli_gpu_ids ()  # CUR: GPU ids from the catalog, after the last comma\n"
    "{\n"
    "  local prefix='' last=$1 IFS=$'\\n'\n"
    "  if [[ $last == *,* ]]; then prefix=${last%,*},; last=${last##*,}; fi\n"
    "  COMPREPLY=( $(compgen -P \"$prefix\" -W \"$(\"${COMP_WORDS[0]}\" catalog gpus --ids "
    "2>/dev/null)\" -- \"$last\") )\n"
    "  compopt -o nospace 2>/dev/null\n"
    "}\n\n"
    "_rigplan_cli ()\n"
    "{\n"
    "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd\n"
    "  COMPREPLY=()\n"
    "  # --option=value: bash splits at the '='\n"
    "  if [ \"$cur\" = = ]; then\n"
    "    cur=''\n"
    "  elif [ \"$prev\" = = ] && [ \"$COMP_CWORD\" -gt 2 ]; then\n"
    "    prev=${COMP_WORDS[COMP_CWORD-2]}\n"
    "  fi\n"
    "  if [ \"$COMP_CWORD\" -eq 1 ]; then\n");
  g_string_append_printf (out, "    COMPREPLY=( $(compgen -W '%s' -- \"$cur\") )\n", names->str);
  g_string_append (out,
    "    return\n"
    "  fi\n"
    "  cmd=${COMP_WORDS[1]}\n"
    "  # an option's value: the same option takes the same values in every command\n"
    "  case $prev in\n");
  {
    g_autoptr(GPtrArray) all = g_ptr_array_new ();
    GString *free_text = g_string_new (NULL);

    for (guint i = 0; i < words->len; i++)
      {
        const Word *w = &g_array_index (words, Word, i);

        for (guint k = 0; k < w->options->len; k++)
          add_option (all, g_ptr_array_index (w->options, k));
      }
    for (guint k = 0; k < all->len; k++)
      {
        const GOptionEntry *e = g_ptr_array_index (all, k);
        g_auto(GStrv) choices = NULL;
        ValueKind kind = option_value (e, &choices);
        g_autofree char *pattern = e->short_name != 0
                                   ? g_strdup_printf ("-%c|--%s", e->short_name, e->long_name)
                                   : g_strdup_printf ("--%s", e->long_name);

        if (kind == VALUE_NONE)
          continue;
        if (kind == VALUE_TEXT)
          {
            g_string_append_printf (free_text, "%s%s", free_text->len > 0 ? "|" : "", pattern);
            continue;
          }
        g_string_append_printf (out, "    %s)\n      ", pattern);
        switch (kind)
          {
          case VALUE_FILE:
            g_string_append (out, "_rigplan_cli_files \"$cur\" '*'");
            break;
          case VALUE_DIR:
            g_string_append (out, "COMPREPLY=( $(compgen -d -- \"$cur\") ); "
                                  "compopt -o filenames 2>/dev/null");
            break;
          case VALUE_CHOICES:
            g_string_append (out, "COMPREPLY=( $(compgen -W ");
            bash_words (out, (const char *const *) choices);
            g_string_append (out, " -- \"$cur\") )");
            break;
          case VALUE_GPU_IDS:
            g_string_append (out, "_rigplan_cli_gpu_ids \"$cur\"");
            break;
          case VALUE_TEXT:
          case VALUE_NONE:
          default:
            break;
          }
        g_string_append (out, "\n      return ;;\n");
      }
    if (free_text->len > 0)
      g_string_append_printf (out, "    %s)\n      return ;;  # any text\n", free_text->str);
    g_string_free (free_text, TRUE);
  }
  g_string_append (out, "  esac\n"
                        "  if [[ $cur == -* ]]; then\n"
                        "    case $cmd in\n");
  for (guint i = 0; i < words->len; i++)
    {
      const Word *w = &g_array_index (words, Word, i);
      g_autofree char *options = bash_option_words (w);

      g_string_append_printf (out, "      %s) COMPREPLY=( $(compgen -W '%s' -- \"$cur\") ) ;;\n",
                              w->name, options);
    }
  g_string_append (out, "    esac\n"
                        "    return\n"
                        "  fi\n");
  /* the arguments of a two-word command ("catalog import-prices FILE") */
  {
    guint n;
    const RpCliCommand *commands = rp_cli_get_commands (&n);
    gboolean any = FALSE;

    for (guint i = 0; i < n; i++)
      {
        const RpCliCommand *c = &commands[i];

        if (strchr (c->name, ' ') == NULL || c->args == RP_CLI_ARGS_NONE)
          continue;
        if (!any)
          g_string_append (out, "  case \"$cmd ${COMP_WORDS[2]}\" in\n");
        any = TRUE;
        g_string_append_printf (out, "    '%s')\n      [ \"$COMP_CWORD\" -ge 3 ] && ", c->name);
        if (takes_scenarios (c->args))
          g_string_append_printf (out, "_rigplan_cli_scenarios \"$cur\"%s",
                                  c->args == RP_CLI_ARGS_SCENARIOS ? " compare" : "");
        else
          g_string_append (out, "_rigplan_cli_files \"$cur\" '*'");
        g_string_append (out, "\n      return ;;\n");
      }
    if (any)
      g_string_append (out, "  esac\n");
  }
  g_string_append (out, "  case $cmd in\n");
  for (guint i = 0; i < words->len; i++)
    {
      const Word *w = &g_array_index (words, Word, i);
      RpCliArgs args = w->first != NULL ? w->first->args : RP_CLI_ARGS_NONE;

      if (w->words->len > 0)
        {
          g_ptr_array_add (w->words, NULL);
          g_string_append_printf (out, "    %s)\n      [ \"$COMP_CWORD\" -eq 2 ] && "
                                       "COMPREPLY=( $(compgen -W ", w->name);
          bash_words (out, (const char *const *) w->words->pdata);
          g_string_append (out, " -- \"$cur\") ) ;;\n");
          g_ptr_array_remove_index (w->words, w->words->len - 1);
        }
      else if (takes_scenarios (args))
        g_string_append_printf (out, "    %s) _rigplan_cli_scenarios \"$cur\"%s ;;\n", w->name,
                                args == RP_CLI_ARGS_SCENARIOS ? " compare" : "");
      else if (args == RP_CLI_ARGS_PATHS)
        g_string_append_printf (out, "    %s) _rigplan_cli_files \"$cur\" '*' ;;\n", w->name);
    }
  g_string_append (out, "  esac\n"
                        "}\n"
                        "complete -F _rigplan_cli rigplan-cli\n");
  g_string_free (names, TRUE);
  return g_string_free (out, FALSE);
}

/* ---- zsh ------------------------------------------------------------ */

/* @text inside '…' of a zsh word, with [ ] : escaped for _arguments. */
static void
zsh_quoted (GString    *out,
            const char *text,
            gboolean    spec)
{
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '\'')
        g_string_append (out, "'\\''");
      else if (spec && (*p == '[' || *p == ']' || *p == ':'))
        g_string_append_printf (out, "\\%c", *p);
      else
        g_string_append_c (out, *p);
    }
}

static void
zsh_option_spec (GString            *out,
                 const GOptionEntry *e)
{
  g_auto(GStrv) choices = NULL;
  ValueKind kind = option_value (e, &choices);

  g_string_append (out, "    '");
  if (e->short_name != 0)
    g_string_append_printf (out, "(-%c --%s)'{-%c,--%s%s}'", e->short_name, e->long_name,
                            e->short_name, e->long_name, kind != VALUE_NONE ? "=" : "");
  else
    g_string_append_printf (out, "--%s%s", e->long_name, kind != VALUE_NONE ? "=" : "");
  g_string_append_c (out, '[');
  zsh_quoted (out, e->description, TRUE);
  g_string_append_c (out, ']');
  if (kind != VALUE_NONE)
    {
      g_string_append_c (out, ':');
      zsh_quoted (out, e->arg_description != NULL ? e->arg_description : "value", TRUE);
      g_string_append_c (out, ':');
      switch (kind)
        {
        case VALUE_FILE:
          g_string_append (out, "_files");
          break;
        case VALUE_DIR:
          g_string_append (out, "_files -/");
          break;
        case VALUE_CHOICES:
          {
            g_autofree char *joined = g_strjoinv (" ", choices);

            g_string_append_printf (out, "(%s)", joined);
          }
          break;
        case VALUE_GPU_IDS:
          g_string_append (out, "_rigplan_cli_gpu_ids");
          break;
        case VALUE_TEXT:
        case VALUE_NONE:
        default:
          g_string_append (out, " ");
          break;
        }
    }
  g_string_append (out, "' \\\n");
}

static char *
completion_zsh (void)
{
  g_autoptr(GArray) words = collect_words ();
  GString *out = g_string_new (NULL);

  g_string_append (out,
    "#compdef rigplan-cli\n"
    "# zsh completion for rigplan-cli.  Written by rigplan-docgen from rigplan-cli's\n"
    "# table of commands; edit that, not this file.  GPU ids come from the catalog\n"
    "# when you press Tab.\n\n"
    "_rigplan_cli_gpu_ids () {\n"
    "  local -a ids\n"
    "  ids=( ${(f)\"$(_call_program gpu-ids ${words[1]} catalog gpus --ids 2>/dev/null)\"} )\n"
    "  _values -s , 'GPU id' $ids\n"
    "}\n\n"
    "_rigplan_cli_scenarios () {  # [compare]\n"
    "  local -a examples\n");
  g_string_append_printf (out, "  examples=( %s/examples/*.rigplan(N) )\n", PKGDATADIR);
  g_string_append (out,
    "  if [[ $1 == compare ]]; then\n"
    "    _files -g '*.(rigplan|rigplan-compare)(-.)'\n"
    "  else\n"
    "    _files -g '*.rigplan(-.)'\n"
    "  fi\n"
    "  (( $#examples )) && compadd -X 'installed examples' -f -a examples\n"
    "}\n\n"
    "_rigplan_cli () {\n"
    "  local -a commands\n"
    "  commands=(\n");
  for (guint i = 0; i < words->len; i++)
    {
      const Word *w = &g_array_index (words, Word, i);

      g_string_append (out, "    '");
      zsh_quoted (out, w->name, FALSE);
      g_string_append_c (out, ':');
      zsh_quoted (out, w->first != NULL ? w->first->summary : "", FALSE);
      g_string_append (out, "'\n");
    }
  g_string_append (out,
    "  )\n"
    "  if (( CURRENT == 2 )); then\n"
    "    if [[ $PREFIX == -* ]]; then\n");
  g_string_append (out, "      _arguments \\\n");
  for (const GOptionEntry *e = rp_cli_get_main_entries (); e->long_name != NULL; e++)
    zsh_option_spec (out, e);
  g_string_append (out,
    "        && return\n"
    "    fi\n"
    "    _describe -t commands 'rigplan-cli command' commands\n"
    "    return\n"
    "  fi\n"
    "  local cmd=${words[2]}\n"
    "  shift words\n"
    "  (( CURRENT-- ))\n"
    "  case $cmd in\n");
  for (guint i = 0; i < words->len; i++)
    {
      const Word *w = &g_array_index (words, Word, i);
      RpCliArgs args = w->first != NULL ? w->first->args : RP_CLI_ARGS_NONE;

      g_string_append_printf (out, "  (%s)\n    _arguments -s \\\n", w->name);
      for (guint k = 0; k < w->options->len; k++)
        zsh_option_spec (out, g_ptr_array_index (w->options, k));
      g_string_append (out, "    '(- *)'{-h,--help}'[Show help options]' \\\n");
      if (w->words->len > 0)
        {
          g_ptr_array_add (w->words, NULL);
          {
            g_autofree char *joined = g_strjoinv (" ", (char **) w->words->pdata);

            g_string_append_printf (out, "    '1:%s:(%s)'\n", w->name, joined);
          }
          g_ptr_array_remove_index (w->words, w->words->len - 1);
        }
      else if (args == RP_CLI_ARGS_SCENARIO)
        g_string_append (out, "    '1:scenario:_rigplan_cli_scenarios'\n");
      else if (args == RP_CLI_ARGS_SCENARIOS)
        g_string_append (out, "    '*:scenario:_rigplan_cli_scenarios compare'\n");
      else if (args == RP_CLI_ARGS_PATHS)
        g_string_append (out, "    '*:file or folder:_files'\n");
      else
        g_string_append (out, "    \n");
      g_string_append (out, "    ;;\n");
    }
  g_string_append (out, "  esac\n"
                        "}\n\n"
                        "_rigplan_cli \"$@\"\n");
  return g_string_free (out, FALSE);
}

/* ---- fish ----------------------------------------------------------- */

static void
fish_quoted (GString    *out,
             const char *text)
{
  g_string_append_c (out, '\'');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '\'' || *p == '\\')
        g_string_append_c (out, '\\');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '\'');
}

static char *
completion_fish (void)
{
  g_autoptr(GArray) words = collect_words ();
  GString *out = g_string_new (NULL);
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < words->len; i++)
    g_string_append_printf (names, "%s%s", i > 0 ? " " : "", g_array_index (words, Word, i).name);
  g_string_append (out,
    "# fish completion for rigplan-cli.  Written by rigplan-docgen from rigplan-cli's\n"
    "# table of commands; edit that, not this file.  GPU ids come from the catalog\n"
    "# when you press Tab.\n\n"
    "function __rigplan_cli_gpu_ids\n"
    "    set -l cli (commandline -opc)[1]\n"
    "    set -l token (string replace -r -- '^--[^=]*=' '' (commandline -ct))\n"
    "    set -l prefix (string replace -r -- '[^,]*$' '' $token)\n"
    "    for id in (command $cli catalog gpus --ids 2>/dev/null)\n"
    "        echo $prefix$id\n"
    "    end\n"
    "end\n\n"
    "function __rigplan_cli_examples\n");
  g_string_append_printf (out, "    for f in %s/examples/*.rigplan\n", PKGDATADIR);
  g_string_append (out,
    "        echo $f\n"
    "    end\n"
    "end\n\n"
    "complete -c rigplan-cli -f\n");
  g_string_append_printf (out, "complete -c rigplan-cli -n 'not __fish_seen_subcommand_from %s' "
                               "-l help -s h -d 'Show the commands'\n", names->str);
  for (const GOptionEntry *e = rp_cli_get_main_entries (); e->long_name != NULL; e++)
    {
      if (strcmp (e->long_name, "help") == 0)
        continue;
      g_string_append_printf (out, "complete -c rigplan-cli -n __fish_use_subcommand -l %s -d ",
                              e->long_name);
      fish_quoted (out, e->description);
      g_string_append_c (out, '\n');
    }
  for (guint i = 0; i < words->len; i++)
    {
      const Word *w = &g_array_index (words, Word, i);
      g_autofree char *when = g_strdup_printf ("'__fish_seen_subcommand_from %s'", w->name);
      RpCliArgs args = w->first != NULL ? w->first->args : RP_CLI_ARGS_NONE;

      g_string_append_printf (out, "\ncomplete -c rigplan-cli -n __fish_use_subcommand -a %s -d ",
                              w->name);
      fish_quoted (out, w->first != NULL ? w->first->summary : "");
      g_string_append_c (out, '\n');
      for (guint k = 0; k < w->options->len; k++)
        {
          const GOptionEntry *e = g_ptr_array_index (w->options, k);
          g_auto(GStrv) choices = NULL;
          ValueKind kind = option_value (e, &choices);

          g_string_append_printf (out, "complete -c rigplan-cli -n %s -l %s", when, e->long_name);
          if (e->short_name != 0)
            g_string_append_printf (out, " -s %c", e->short_name);
          switch (kind)
            {
            case VALUE_FILE:
              g_string_append (out, " -r -F");
              break;
            case VALUE_DIR:
              g_string_append (out, " -x -a '(__fish_complete_directories)'");
              break;
            case VALUE_CHOICES:
              {
                g_autofree char *joined = g_strjoinv (" ", choices);

                g_string_append_printf (out, " -x -a '%s'", joined);
              }
              break;
            case VALUE_GPU_IDS:
              g_string_append (out, " -x -a '(__rigplan_cli_gpu_ids)'");
              break;
            case VALUE_TEXT:
              g_string_append (out, " -x");
              break;
            case VALUE_NONE:
            default:
              break;
            }
          g_string_append (out, " -d ");
          fish_quoted (out, e->description);
          g_string_append_c (out, '\n');
        }
      if (w->words->len > 0)
        {
          g_ptr_array_add (w->words, NULL);
          {
            g_autofree char *joined = g_strjoinv (" ", (char **) w->words->pdata);

            g_string_append_printf (out, "complete -c rigplan-cli -n '__fish_seen_subcommand_from "
                                         "%s; and not __fish_seen_subcommand_from %s' -a '%s'\n",
                                    w->name, joined, joined);
          }
          g_ptr_array_remove_index (w->words, w->words->len - 1);
        }
      else if (takes_scenarios (args))
        {
          g_string_append_printf (out, "complete -c rigplan-cli -n %s -k -a "
                                       "'(__fish_complete_suffix .rigplan)'\n", when);
          if (args == RP_CLI_ARGS_SCENARIOS)
            g_string_append_printf (out, "complete -c rigplan-cli -n %s -k -a "
                                         "'(__fish_complete_suffix .rigplan-compare)'\n", when);
          g_string_append_printf (out, "complete -c rigplan-cli -n %s -a "
                                       "'(__rigplan_cli_examples)'\n", when);
        }
      else if (args == RP_CLI_ARGS_PATHS)
        g_string_append_printf (out, "complete -c rigplan-cli -n %s -F\n", when);
    }
  g_string_free (names, TRUE);
  return g_string_free (out, FALSE);
}

/* ---- the app's completions ------------------------------------------ */

static char *
completion_app (const char *shell)
{
  GString *out = g_string_new (NULL);
  GString *options = g_string_new ("--help");

  for (const GOptionEntry *e = rp_app_option_entries; e->long_name != NULL; e++)
    g_string_append_printf (options, " --%s", e->long_name);
  if (strcmp (shell, "bash") == 0)
    {
      g_string_append (out, "# bash completion for rigplan; written by rigplan-docgen from "
                            "the app's options.\n"
                            "_rigplan ()\n{\n"
                            "  local cur=${COMP_WORDS[COMP_CWORD]} IFS=$'\\n'\n"
                            "  if [[ $cur == -* ]]; then\n");
      g_string_append_printf (out, "    COMPREPLY=( $(compgen -W '%s' -- \"$cur\") )\n",
                              options->str);
      g_string_append (out, "    return\n  fi\n"
                            "  COMPREPLY=( $(compgen -f -X '!*.rigplan' -- \"$cur\") "
                            "$(compgen -f -X '!*.rigplan-compare' -- \"$cur\") "
                            "$(compgen -d -- \"$cur\") )\n"
                            "  compopt -o filenames 2>/dev/null\n}\n"
                            "complete -F _rigplan rigplan\n");
    }
  else if (strcmp (shell, "zsh") == 0)
    {
      g_string_append (out, "#compdef rigplan\n# zsh completion for rigplan; written by "
                            "rigplan-docgen from the app's options.\n_arguments \\\n");
      for (const GOptionEntry *e = rp_app_option_entries; e->long_name != NULL; e++)
        zsh_option_spec (out, e);
      g_string_append (out, "    '(- *)'{-h,--help}'[Show help options]' \\\n"
                            "    '*:scenario:_files -g \"*.(rigplan|rigplan-compare)(-.)\"'\n");
    }
  else
    {
      g_string_append (out, "# fish completion for rigplan; written by rigplan-docgen from "
                            "the app's options.\n"
                            "complete -c rigplan -f\n"
                            "complete -c rigplan -s h -l help -d 'Show help options'\n");
      for (const GOptionEntry *e = rp_app_option_entries; e->long_name != NULL; e++)
        {
          g_string_append_printf (out, "complete -c rigplan -l %s -d ", e->long_name);
          fish_quoted (out, e->description);
          g_string_append_c (out, '\n');
        }
      g_string_append (out, "complete -c rigplan -k -a '(__fish_complete_suffix .rigplan)'\n"
                            "complete -c rigplan -k -a "
                            "'(__fish_complete_suffix .rigplan-compare)'\n");
    }
  g_string_free (options, TRUE);
  return g_string_free (out, FALSE);
}

/* ---- public API: completions ---------------------------------------- */

char *
rp_cli_doc_completion (const char *program,
                       const char *shell)
{
  g_return_val_if_fail (program != NULL && shell != NULL, NULL);

  if (strcmp (shell, "bash") != 0 && strcmp (shell, "zsh") != 0 && strcmp (shell, "fish") != 0)
    return NULL;
  if (strcmp (program, "rigplan") == 0)
    return completion_app (shell);
  if (strcmp (shell, "bash") == 0)
    return completion_bash ();
  if (strcmp (shell, "zsh") == 0)
    return completion_zsh ();
  return completion_fish ();
}

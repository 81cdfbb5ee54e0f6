/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-hostile.c: hostile scenario and catalog files, one table row each
 *
 * Every row is a file as a careless editor, a broken disk or an attacker
 * could leave it, and the answer Rigplan must give: the JSON path the
 * error carries (rp_error_get_key()) and a fragment of its message, or
 * that the file loads.  Rows run through the real file readers, so the
 * file's name must start every message. */

#include "config.h"

#include "rp-error.h"
#include "rp-scenario.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef enum
{
  SHAPE_TEXT,                   /* a file holding text */
  SHAPE_DEEP,                   /* an unknown key nested len levels deep */
  SHAPE_BIG,                    /* len bytes of spaces around "{}" */
  SHAPE_DIR,                    /* a directory in the file's place */
  SHAPE_FIFO,
  SHAPE_LOOP,                   /* a symbolic link to itself */
  SHAPE_DANGLING,               /* a link to nothing */
  SHAPE_LINK,                   /* a link to a file holding text */
  SHAPE_DEVICE,                 /* the device named by text */
} Shape;

typedef struct
{
  const char *name;
  Shape       shape;
  const char *text;
  gsize       len;
  const char *key;              /* the error's key; NULL: none */
  const char *fragment;         /* in the message; NULL: the file loads */
} Row;

/* A valid scenario with @extra members added to the root object. */
#define SC(extra)                                                            \
  "{\"format\": \"rigplan-scenario\", \"version\": 1,"                       \
  " \"model\": {\"preset\": \"gpt2\"}, \"hardware\": {\"gpu\": \"rtx-4090\"}" extra "}"
#define HEAD "{\"format\": \"rigplan-scenario\", \"version\": 1"

#define TEXT(name, text, key, fragment) \
  { name, SHAPE_TEXT, text, sizeof (text) - 1, key, fragment }
#define SHAPE(name, shape, text, len, key, fragment) \
  { name, shape, text, len, key, fragment }

static const Row scenario_rows[] = {
  /* the file itself */
  TEXT ("empty", "", NULL, "the file is empty"),
  TEXT ("only-space", " \n\t\r\n", NULL, "the file is empty"),
  SHAPE ("too-big", SHAPE_BIG, NULL, RP_SCENARIO_MAX_BYTES + 1, NULL, "larger than 4.0"),
  SHAPE ("at-the-limit", SHAPE_BIG, NULL, RP_SCENARIO_MAX_BYTES, "format", "required"),
  SHAPE ("directory", SHAPE_DIR, NULL, 0, NULL, "is a directory"),
  SHAPE ("fifo", SHAPE_FIFO, NULL, 0, NULL, "not a regular file"),
  SHAPE ("dev-zero", SHAPE_DEVICE, "/dev/zero", 0, NULL, "not a regular file"),
  SHAPE ("dev-urandom", SHAPE_DEVICE, "/dev/urandom", 0, NULL, "not a regular file"),
  SHAPE ("symlink-loop", SHAPE_LOOP, NULL, 0, NULL, "symbolic links"),
  SHAPE ("dangling-link", SHAPE_DANGLING, NULL, 0, NULL, "No such file"),
  SHAPE ("good-link", SHAPE_LINK, SC (""), sizeof (SC ("")) - 1, NULL, NULL),

  /* bytes between tokens */
  TEXT ("bom", "\xEF\xBB\xBF" SC (""), NULL, NULL),
  TEXT ("bom-only", "\xEF\xBB\xBF", NULL, "the file is empty"),
  TEXT ("nul-between-tokens", HEAD ",\0 \"x\": 1}", NULL, "a NUL byte is not allowed (line 1"),
  TEXT ("control-between-tokens", HEAD ",\x01 \"x\": 1}", NULL, "U+0001 is not allowed here"),
  TEXT ("form-feed-as-space", HEAD ",\f \"x\": 1}", NULL, "U+000C is not allowed here"),
  TEXT ("del-between-tokens", HEAD ",\x7F \"x\": 1}", NULL, "U+007F is not allowed here"),
  TEXT ("trailing-garbage", SC ("") " x", NULL, "text after the end of the JSON document"),
  TEXT ("two-documents", SC ("") SC (""), NULL, "text after the end"),
  TEXT ("trailing-nul", SC ("") "\0", NULL, "a NUL byte is not allowed"),
  TEXT ("truncated", HEAD ",\n \"model\": {", NULL, "ends before the JSON is complete (line 2"),
  TEXT ("single-quotes", "{'format': 'rigplan-scenario'}", NULL, "not valid JSON (line 1, column 2)"),
  TEXT ("trailing-comma", HEAD ",}", NULL, "not valid JSON"),
  TEXT ("comment", HEAD ", // note\n \"x\": 1}", NULL, "not valid JSON"),

  /* strings and keys */
  TEXT ("raw-control-in-string", SC (", \"name\": \"a\x01" "b\""), "name", "U+0001 must be written"),
  TEXT ("raw-newline-in-string", SC (", \"name\": \"a\nb\""), "name", "U+000A must be written"),
  TEXT ("raw-nul-in-string", SC (", \"name\": \"a\0b\""), "name", "NUL byte is not allowed in text"),
  TEXT ("escaped-nul-in-string", SC (", \"name\": \"a\\u0000b\""), "name", "\\u0000"),
  TEXT ("escaped-nul-in-key", SC (", \"gpu\\u0000x\": 1"), NULL, "\\u0000"),
  TEXT ("raw-nul-in-nested-key", HEAD ", \"model\": {\"pre\0set\": \"gpt2\"}}", "model",
        "NUL byte is not allowed in text"),
  TEXT ("bad-utf8-in-value", SC (", \"name\": \"caf\xE9\""), "name", "not valid UTF-8"),
  TEXT ("bad-utf8-in-unknown-key", SC (", \"x\xFF\": 1"), NULL, "not valid UTF-8"),
  TEXT ("overlong-utf8", SC (", \"name\": \"\xC0\xAF\""), "name", "not valid UTF-8"),
  TEXT ("utf8-surrogate", SC (", \"name\": \"\xED\xA0\x80\""), "name", "not valid UTF-8"),
  TEXT ("truncated-utf8", SC (", \"name\": \"\xE4\xB8\""), "name", "not valid UTF-8"),
  TEXT ("lone-high-surrogate", SC (", \"x\": \"\\ud800\""), "x", "lone UTF-16 surrogate"),
  TEXT ("lone-low-surrogate", SC (", \"x\": [\"\\udc00\"]"), "x[0]", "lone UTF-16 surrogate"),
  TEXT ("surrogate-pair", SC (", \"name\": \"\\ud83d\\ude80\""), NULL, NULL),
  TEXT ("unknown-escape", SC (", \"name\": \"\\x41\""), "name", "unknown escape"),
  TEXT ("short-unicode-escape", SC (", \"name\": \"\\u12\""), "name", "four hex digits"),
  TEXT ("unterminated-string", HEAD ", \"name\": \"abc", "name", "ends inside a string"),
  TEXT ("chinese-name", SC (", \"name\": \"微调 Llama\""), NULL, NULL),

  /* numbers */
  TEXT ("400-digit-number",
        HEAD ", \"model\": {\"preset\": \"gpt2\", \"params\": "
        "1000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "0000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "0000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "0000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000}}",
        "model.params", "out of range"),
  TEXT ("1e400", SC (", \"budget\": {\"limit\": 1e400}"), "budget.limit", "out of range"),
  TEXT ("minus-1e400", SC (", \"budget\": {\"limit\": -1e400}"), "budget.limit", "out of range"),
  TEXT ("70-digit-number-in-range", SC (", \"x\": 1234567890123456789012345678901234567890"
                                       "123456789012345678901234567890.5"), NULL, NULL),
  TEXT ("underflow-reads-as-zero", SC (", \"x\": 1e-400"), NULL, NULL),
  TEXT ("leading-zero", SC (", \"x\": 01"), NULL, "not valid JSON"),
  TEXT ("plus-sign", SC (", \"x\": +1"), NULL, "not valid JSON"),
  TEXT ("bare-fraction", SC (", \"x\": .5"), NULL, "not valid JSON"),
  TEXT ("dot-without-digits", SC (", \"x\": 1."), NULL, "not valid JSON"),
  TEXT ("nan", SC (", \"x\": NaN"), NULL, "not valid JSON"),
  TEXT ("infinity", SC (", \"x\": -Infinity"), NULL, "not valid JSON"),
  TEXT ("hex-number", SC (", \"x\": 0x10"), NULL, "not valid JSON"),

  /* nesting and repetition */
  SHAPE ("nested-1000", SHAPE_DEEP, NULL, 1000, NULL, NULL),
  SHAPE ("nested-1001", SHAPE_DEEP, NULL, 1001, NULL, "nested deeper than 1000 levels"),
  SHAPE ("nested-100000", SHAPE_DEEP, NULL, 100000, NULL, "nested deeper than 1000 levels"),
  TEXT ("duplicate-root-key", SC (", \"model\": {\"preset\": \"gpt2\"}"), "model",
        "this key appears more than once"),
  TEXT ("duplicate-nested-key", SC (", \"training\": {\"seq_len\": 1, \"seq_len\": 2}"),
        "training.seq_len", "more than once"),
  TEXT ("duplicate-unknown-key", SC (", \"x\": 1, \"x\": 1"), "x", "more than once"),
  TEXT ("duplicate-key-in-array", SC (", \"x\": [{}, {\"a\": 1, \"a\": 2}]"), "x[1].a",
        "more than once"),

  /* the format */
  TEXT ("root-array", "[1, 2]", NULL, "expected a JSON object"),
  TEXT ("root-string", "\"rigplan-scenario\"", NULL, "expected a JSON object"),
  TEXT ("no-format", "{\"version\": 1}", "format", "required"),
  TEXT ("catalog-format", "{\"format\": \"rigplan-gpus\", \"version\": 1}", "format",
        "not a Rigplan scenario"),
  TEXT ("format-number", "{\"format\": 1, \"version\": 1}", "format", "expected a string"),
  TEXT ("newer-version", "{\"format\": \"rigplan-scenario\", \"version\": 2}", "version",
        "newer than this Rigplan"),
  TEXT ("version-string", "{\"format\": \"rigplan-scenario\", \"version\": \"1\"}", "version",
        "expected a number"),
  TEXT ("version-fraction", "{\"format\": \"rigplan-scenario\", \"version\": 1.5}", "version",
        "whole number"),
  TEXT ("version-zero", "{\"format\": \"rigplan-scenario\", \"version\": 0}", "version",
        "whole number"),

  /* wrong types and values */
  TEXT ("model-string", HEAD ", \"model\": \"gpt2\"}", "model", "expected an object"),
  TEXT ("name-number", SC (", \"name\": 5"), "name", "expected a string"),
  TEXT ("seq-len-bool", SC (", \"training\": {\"seq_len\": true}"), "training.seq_len",
        "expected a number"),
  TEXT ("micro-batch-huge", SC (", \"training\": {\"micro_batch\": 1e300}"),
        "training.micro_batch", "whole number from 1 to"),
  TEXT ("gpus-negative", HEAD ", \"model\": {\"preset\": \"gpt2\"},"
        " \"hardware\": {\"gpu\": \"rtx-4090\", \"gpus_per_node\": -1}}",
        "hardware.gpus_per_node", "whole number"),
  TEXT ("training-null", SC (", \"training\": null"), NULL, NULL),
  TEXT ("precision-unknown", SC (", \"training\": {\"precision\": \"fp4\"}"),
        "training.precision", "unknown value"),
  TEXT ("params-negative", HEAD ", \"model\": {\"preset\": \"gpt2\", \"params\": -5}}",
        "model.params", "whole number"),
  TEXT ("params-fraction", HEAD ", \"model\": {\"preset\": \"gpt2\", \"params\": 1.5}}",
        "model.params", "whole number"),
};

/* ---- helpers -------------------------------------------------------- */

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR) || g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_unlink (path);
      return;
    }
  dir = g_dir_open (path, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      remove_tree (child);
    }
  g_rmdir (path);
}

static void
write_text (const char *path,
            const char *text,
            gsize       len)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, (gssize) len, &error);
  g_assert_no_error (error);
}

/* A scenario whose unknown key "x" holds @levels - 1 nested arrays. */
static char *
deep_text (gsize levels)
{
  GString *s = g_string_new (SC (", \"x\": "));

  g_string_truncate (s, s->len - 1);   /* the closing brace */
  for (gsize i = 1; i < levels; i++)
    g_string_append_c (s, '[');
  for (gsize i = 1; i < levels; i++)
    g_string_append_c (s, ']');
  g_string_append_c (s, '}');
  return g_string_free (s, FALSE);
}

/* Makes the row's file at @path (or returns another path to read). */
static char *
make_file (const Row  *row,
           const char *path)
{
  g_autofree char *text = NULL;

  switch (row->shape)
    {
    case SHAPE_TEXT:
      write_text (path, row->text, row->len);
      break;
    case SHAPE_DEEP:
      text = deep_text (row->len);
      write_text (path, text, strlen (text));
      break;
    case SHAPE_BIG:
      text = g_strnfill (row->len, ' ');
      text[0] = '{';
      text[row->len - 1] = '}';
      write_text (path, text, row->len);
      break;
    case SHAPE_DIR:
      g_assert_cmpint (g_mkdir (path, 0755), ==, 0);
      break;
    case SHAPE_FIFO:
      g_assert_cmpint (mkfifo (path, 0644), ==, 0);
      break;
    case SHAPE_LOOP:
      g_assert_cmpint (symlink (path, path), ==, 0);
      break;
    case SHAPE_DANGLING:
      g_assert_cmpint (symlink ("nothing-here", path), ==, 0);
      break;
    case SHAPE_LINK:
      {
        g_autofree char *real = g_strconcat (path, ".real", NULL);

        write_text (real, row->text, row->len);
        g_assert_cmpint (symlink (real, path), ==, 0);
      }
      break;
    case SHAPE_DEVICE:
      return g_strdup (row->text);
    default:
      g_assert_not_reached ();
    }
  return g_strdup (path);
}

/* The error of a row: the file named first, then the key and problem. */
static void
check_error (const Row    *row,
             const GError *error,
             const char   *path)
{
  g_assert_nonnull (error);
  g_test_message ("%s: %s", row->name, error->message);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_nonnull (row->fragment);
  if (strstr (error->message, row->fragment) == NULL)
    g_error ("%s: “%s” lacks “%s”", row->name, error->message, row->fragment);
  g_assert_cmpstr (rp_error_get_key (error), ==, row->key);
}

static void
test_scenario_row (gconstpointer data)
{
  const Row *row = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rigplan-hostile-XXXXXX", &error);
  g_autofree char *file = g_build_filename (dir, "case.rigplan", NULL);
  g_autofree char *path = make_file (row, file);
  g_autoptr(RpScenario) scenario = rp_scenario_load_file (path, &error);

  if (row->fragment == NULL)
    {
      g_assert_no_error (error);
      g_assert_nonnull (scenario);
    }
  else
    {
      g_assert_null (scenario);
      check_error (row, error, path);
    }
  remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (scenario_rows); i++)
    {
      g_autofree char *name = g_strconcat ("/core/hostile/scenario/", scenario_rows[i].name, NULL);
      g_test_add_data_func (name, &scenario_rows[i], test_scenario_row);
    }
  return g_test_run ();
}

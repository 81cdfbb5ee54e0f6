/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-compare-document.c: a comparison without its window
 *
 * RpCompareDocument holds what the Compare window shows: columns added,
 * removed and moved, variants edited through core's rp_scenario_edit(),
 * undo and redo, the modified flag, a comparison read and saved, and a
 * save that fails leaving the old file whole.  No display is needed. */

#include "config.h"

#include "rp-compare-document.h"
#include "rp-compare.h"
#include "rp-edit.h"
#include "rp-error.h"
#include "rp-test-core.h"

#include <glib/gstdio.h>

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>

static RpCatalog *catalog = NULL;

/* ---- helpers -------------------------------------------------------- */

/* What the document said, for the assertions. */
typedef struct
{
  guint    n_changed;
  guint    what;                /* RpCompareChange of every "changed", or'ed */
  GString *notices;
} Heard;

static void
on_changed_cb (RpCompareDocument *doc,
               guint              what,
               Heard             *heard)
{
  heard->n_changed++;
  heard->what |= what;
}

static void
on_notice_cb (RpCompareDocument *doc,
              const char        *text,
              Heard             *heard)
{
  g_string_append_printf (heard->notices, "%s\n", text);
}

static void
listen (RpCompareDocument *doc,
        Heard             *heard)
{
  heard->n_changed = 0;
  heard->what = 0;
  heard->notices = g_string_new (NULL);
  g_signal_connect (doc, "changed", G_CALLBACK (on_changed_cb), heard);
  g_signal_connect (doc, "notice", G_CALLBACK (on_notice_cb), heard);
}

static void
heard_clear (Heard *heard)
{
  heard->n_changed = 0;
  heard->what = 0;
  g_string_truncate (heard->notices, 0);
}

static void
add_example (RpCompareDocument *doc,
             const char        *name)
{
  g_autoptr(RpScenario) s = rp_test_load_example (name);
  g_autofree char *path = rp_test_example_path (name);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_assert_true (rp_compare_document_add_scenario (doc, s, file));
}

static const char *
name_of (RpCompareDocument *doc,
         guint              column)
{
  return rp_compare_document_get_scenario (doc, column)->name;
}

typedef struct
{
  gboolean   done;
  gboolean   ok;
  GError    *error;
  GPtrArray *added;
} Wait;

static void
added_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  Wait *wait = user_data;

  wait->ok = rp_compare_document_add_files_finish (RP_COMPARE_DOCUMENT (source), result,
                                                   &wait->added, &wait->error);
  wait->done = TRUE;
}

static void
saved_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  Wait *wait = user_data;

  wait->ok = rp_compare_document_save_finish (RP_COMPARE_DOCUMENT (source), result,
                                              &wait->error);
  wait->done = TRUE;
}

static void
wait_for (Wait *wait)
{
  while (!wait->done)
    g_main_context_iteration (NULL, TRUE);
}

static void
wait_clear (Wait *wait)
{
  g_clear_error (&wait->error);
  g_clear_pointer (&wait->added, g_ptr_array_unref);
  memset (wait, 0, sizeof *wait);
}

static gboolean
add_files (RpCompareDocument *doc,
           GFile            **files,
           guint              n)
{
  Wait wait = { 0 };
  gboolean ok;

  rp_compare_document_add_files_async (doc, files, n, NULL, added_cb, &wait);
  g_assert_true (rp_compare_document_is_busy (doc));
  wait_for (&wait);
  g_assert_false (rp_compare_document_is_busy (doc));
  ok = wait.ok;
  wait_clear (&wait);
  return ok;
}

static gboolean
save (RpCompareDocument *doc,
      GFile             *file,
      GError           **error)
{
  Wait wait = { 0 };
  gboolean ok;

  rp_compare_document_save_async (doc, file, NULL, saved_cb, &wait);
  wait_for (&wait);
  ok = wait.ok;
  if (wait.error != NULL)
    g_propagate_error (error, g_steal_pointer (&wait.error));
  wait_clear (&wait);
  return ok;
}

/* ---- columns -------------------------------------------------------- */

/* Added, moved, removed: each a change that marks the comparison
 * modified; a seventh column is refused with a notice. */
static void
test_columns (void)
{
  g_autoptr(RpCompareDocument) doc = rp_compare_document_new (catalog);
  Heard heard;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;

  listen (doc, &heard);
  g_assert_cmpuint (rp_compare_document_get_n_columns (doc), ==, 0);
  g_assert_false (rp_compare_document_get_modified (doc));
  g_assert_false (rp_compare_document_can_undo (doc));

  add_example (doc, "lora-llama3-8b-rtx4090.rigplan");
  add_example (doc, "qlora-llama2-70b-a100.rigplan");
  g_assert_cmpuint (rp_compare_document_get_n_columns (doc), ==, 2);
  g_assert_cmpuint (heard.n_changed, ==, 2);
  g_assert_true (heard.what & RP_COMPARE_CHANGE_COLUMNS);
  g_assert_true (heard.what & RP_COMPARE_CHANGE_FILE);
  g_assert_true (rp_compare_document_get_modified (doc));
  g_assert_nonnull (rp_compare_document_get_column_file (doc, 0));
  g_assert_true (rp_compare_document_column_is_its_file (doc, 0));
  /* every column is its file: nothing is lost on closing */
  g_assert_false (rp_compare_document_needs_saving (doc));

  first = g_strdup (name_of (doc, 0));
  second = g_strdup (name_of (doc, 1));
  heard_clear (&heard);
  rp_compare_document_move_column (doc, 0, 1);
  g_assert_cmpstr (name_of (doc, 0), ==, second);
  g_assert_cmpstr (name_of (doc, 1), ==, first);
  g_assert_cmpuint (heard.n_changed, ==, 1);
  /* past either end: nothing happens */
  rp_compare_document_move_column (doc, 1, 1);
  rp_compare_document_move_column (doc, 0, -1);
  g_assert_cmpuint (heard.n_changed, ==, 1);
  g_assert_cmpstr (name_of (doc, 0), ==, second);

  rp_compare_document_remove_column (doc, 0);
  g_assert_cmpuint (rp_compare_document_get_n_columns (doc), ==, 1);
  g_assert_cmpstr (name_of (doc, 0), ==, first);

  for (guint i = 1; i < RP_COMPARE_MAX_SHOWN; i++)
    add_example (doc, "lora-llama3-8b-rtx4090.rigplan");
  g_assert_cmpstr (heard.notices->str, ==, "");
  {
    g_autoptr(RpScenario) s = rp_test_load_example ("qlora-llama2-70b-a100.rigplan");

    g_assert_false (rp_compare_document_add_scenario (doc, s, NULL));
  }
  g_assert_cmpuint (rp_compare_document_get_n_columns (doc), ==, RP_COMPARE_MAX_SHOWN);
  g_assert_nonnull (strstr (heard.notices->str, "6"));
  g_string_free (heard.notices, TRUE);
}

/* ---- variants ------------------------------------------------------- */

/* A variant is its base with one field changed, edited as the form
 * edits: the same scenario rp_scenario_edit() makes. */
static void
test_variant_edit (void)
{
  g_autoptr(RpCompareDocument) doc = rp_compare_document_new (catalog);
  g_autoptr(RpScenario) base = rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan");
  g_autoptr(RpScenario) expected = NULL;
  g_autoptr(GError) error = NULL;
  const RpGpu *gpu = rp_catalog_get_gpu (catalog, 0);
  Heard heard;

  listen (doc, &heard);
  g_assert_true (rp_compare_document_add_scenario (doc, base, NULL));
  /* the model's architecture and the name are not varied */
  g_assert_false (rp_compare_document_duplicate_as_variant (doc, 0, "model.layers"));
  g_assert_false (rp_compare_document_duplicate_as_variant (doc, 0, "name"));
  g_assert_false (rp_compare_document_duplicate_as_variant (doc, 0, "no.such.key"));
  g_assert_cmpuint (rp_compare_document_get_n_columns (doc), ==, 1);

  g_assert_true (rp_compare_document_duplicate_as_variant (doc, 0, "training.micro_batch"));
  g_assert_cmpuint (rp_compare_document_get_n_columns (doc), ==, 2);
  g_assert_nonnull (rp_compare_document_get_variant (doc, 1));
  g_assert_cmpstr (rp_compare_document_get_variant (doc, 1)->key, ==, "training.micro_batch");
  g_assert_null (rp_compare_document_get_variant (doc, 0));
  g_assert_null (rp_compare_document_get_column_file (doc, 1));
  g_assert_false (rp_compare_document_column_is_its_file (doc, 1));
  /* a variant exists nowhere else */
  g_assert_true (rp_compare_document_needs_saving (doc));

  heard_clear (&heard);
  g_assert_true (rp_compare_document_set_variant_value (doc, 1, "4", &error));
  g_assert_no_error (error);
  expected = rp_scenario_edit (base, catalog, "training.micro_batch", 4, NULL, NULL);
  g_assert_nonnull (expected);
  g_assert_cmpuint (rp_compare_document_get_scenario (doc, 1)->training.micro_batch, ==,
                    expected->training.micro_batch);
  g_assert_cmpuint (rp_compare_document_get_scenario (doc, 1)->training.global_batch, ==,
                    expected->training.global_batch);
  g_assert_cmpuint (rp_compare_document_get_scenario (doc, 0)->training.micro_batch, ==,
                    base->training.micro_batch);
  /* named after its base, the field and the value */
  g_assert_true (g_str_has_prefix (name_of (doc, 1), base->name));
  g_assert_true (g_str_has_suffix (name_of (doc, 1), ": 4"));
  g_assert_true (heard.what & RP_COMPARE_CHANGE_VALUES);
  g_assert_cmpstr (heard.notices->str, ==, "");

  /* not a number: refused, said, and nothing changes */
  heard_clear (&heard);
  g_assert_false (rp_compare_document_set_variant_value (doc, 1, "many", &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_cmpuint (heard.n_changed, ==, 0);
  g_assert_cmpstr (heard.notices->str, !=, "");
  g_assert_cmpuint (rp_compare_document_get_scenario (doc, 1)->training.micro_batch, ==, 4);

  /* a GPU by its id; one the catalog lacks is an error */
  g_assert_true (rp_compare_document_duplicate_as_variant (doc, 0, "hardware.gpu"));
  g_assert_true (rp_compare_document_set_variant_value (doc, 1, gpu->id, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (rp_compare_document_get_scenario (doc, 1)->hardware.gpu, ==, gpu->id);
  g_assert_true (g_str_has_suffix (name_of (doc, 1), gpu->name));
  g_assert_false (rp_compare_document_set_variant_value (doc, 1, "no-such-gpu", &error));
  g_assert_error (error, RP_ERROR, RP_ERROR_UNKNOWN_GPU);
  g_string_free (heard.notices, TRUE);
}

/* ---- undo ----------------------------------------------------------- */

static void
test_undo_redo (void)
{
  g_autoptr(RpCompareDocument) doc = rp_compare_document_new (catalog);
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  g_assert_false (rp_compare_document_undo (doc));
  g_assert_false (rp_compare_document_redo (doc));
  add_example (doc, "lora-llama3-8b-rtx4090.rigplan");
  add_example (doc, "qlora-llama2-70b-a100.rigplan");
  a = g_strdup (name_of (doc, 0));
  b = g_strdup (name_of (doc, 1));
  rp_compare_document_move_column (doc, 0, 1);
  g_assert_true (rp_compare_document_duplicate_as_variant (doc, 0, "training.micro_batch"));
  g_assert_true (rp_compare_document_set_variant_value (doc, 1, "2", NULL));
  g_assert_cmpuint (rp_compare_document_get_n_columns (doc), ==, 3);

  /* the value, the variant, the move, the second column, the first */
  g_assert_true (rp_compare_document_undo (doc));
  g_assert_cmpuint (rp_compare_document_get_n_columns (doc), ==, 3);
  g_assert_nonnull (rp_compare_document_get_variant (doc, 1));
  g_assert_false (g_str_has_suffix (name_of (doc, 1), ": 2"));
  g_assert_true (rp_compare_document_undo (doc));
  g_assert_cmpuint (rp_compare_document_get_n_columns (doc), ==, 2);
  g_assert_cmpstr (name_of (doc, 0), ==, b);
  g_assert_true (rp_compare_document_undo (doc));
  g_assert_cmpstr (name_of (doc, 0), ==, a);
  g_assert_cmpstr (name_of (doc, 1), ==, b);
  g_assert_true (rp_compare_document_undo (doc));
  g_assert_true (rp_compare_document_undo (doc));
  g_assert_cmpuint (rp_compare_document_get_n_columns (doc), ==, 0);
  g_assert_false (rp_compare_document_can_undo (doc));
  g_assert_false (rp_compare_document_undo (doc));

  /* and forward again, the variant's value too */
  for (guint i = 0; i < 5; i++)
    g_assert_true (rp_compare_document_redo (doc));
  g_assert_false (rp_compare_document_can_redo (doc));
  g_assert_cmpuint (rp_compare_document_get_n_columns (doc), ==, 3);
  g_assert_cmpuint (rp_compare_document_get_scenario (doc, 1)->training.micro_batch, ==, 2);
  g_assert_cmpstr (rp_compare_document_get_variant (doc, 1)->key, ==, "training.micro_batch");

  /* a new change forgets what could be redone */
  g_assert_true (rp_compare_document_undo (doc));
  g_assert_true (rp_compare_document_can_redo (doc));
  rp_compare_document_remove_column (doc, 2);
  g_assert_false (rp_compare_document_can_redo (doc));
  g_assert_true (rp_compare_document_get_modified (doc));
}

/* A column that follows an editor's document shows its edits; it is not
 * added twice. */
static void
test_linked (void)
{
  g_autoptr(RpCompareDocument) doc = rp_compare_document_new (catalog);
  g_autoptr(RpScenarioDocument) editor = rp_scenario_document_new (catalog);
  g_autoptr(RpScenarioDocument) linked = NULL;
  Heard heard;

  rp_scenario_document_set_scenario (editor,
                                     rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan"),
                                     NULL);
  listen (doc, &heard);
  g_assert_true (rp_compare_document_add_document (doc, editor));
  g_assert_true (rp_compare_document_add_document (doc, editor));
  g_assert_cmpuint (rp_compare_document_get_n_columns (doc), ==, 1);
  linked = rp_compare_document_dup_linked (doc, 0);
  g_assert_true (linked == editor);

  heard_clear (&heard);
  g_object_set (editor, "micro-batch", 3, NULL);
  rp_scenario_document_flush (editor);
  g_assert_cmpuint (rp_compare_document_get_scenario (doc, 0)->training.micro_batch, ==, 3);
  g_assert_true (heard.what & RP_COMPARE_CHANGE_VALUES);
  /* edited since: saved inline */
  g_assert_false (rp_compare_document_column_is_its_file (doc, 0));
  g_string_free (heard.notices, TRUE);
}

/* ---- files ---------------------------------------------------------- */

/* A comparison read into an empty document is opened: its file, its
 * name, its columns, not modified and nothing to undo. */
static void
test_load (void)
{
  g_autoptr(RpCompareDocument) doc = rp_compare_document_new (catalog);
  g_autofree char *path = rp_test_example_path ("three-llama-plans.rigplan-compare");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  Wait wait = { 0 };
  Heard heard;

  listen (doc, &heard);
  rp_compare_document_add_files_async (doc, &file, 1, NULL, added_cb, &wait);
  wait_for (&wait);
  g_assert_no_error (wait.error);
  g_assert_true (wait.ok);
  g_assert_cmpuint (wait.added->len, ==, 3);
  g_assert_cmpuint (rp_compare_document_get_n_columns (doc), ==, 3);
  g_assert_true (g_file_equal (rp_compare_document_get_file (doc), file));
  g_assert_cmpstr (rp_compare_document_get_name (doc), ==, "Three ways to fine-tune a Llama");
  g_assert_false (rp_compare_document_get_modified (doc));
  g_assert_false (rp_compare_document_can_undo (doc));
  g_assert_true (rp_compare_document_column_is_its_file (doc, 2));
  g_assert_true (heard.what & RP_COMPARE_CHANGE_COLUMNS);
  g_assert_cmpstr (heard.notices->str, ==, "");
  wait_clear (&wait);

  /* scenarios added to it, one unreadable: the others are added, the
   * problem is a notice, and the comparison is modified */
  {
    g_autofree char *one = rp_test_example_path ("sdxl-finetune-8xa100.rigplan");
    GFile *files[2];

    files[0] = g_file_new_for_path (one);
    files[1] = g_file_new_for_path ("/nonexistent/gone.rigplan");
    g_assert_true (add_files (doc, files, 2));
    g_object_unref (files[0]);
    g_object_unref (files[1]);
  }
  g_assert_cmpuint (rp_compare_document_get_n_columns (doc), ==, 4);
  g_assert_true (rp_compare_document_get_modified (doc));
  g_assert_nonnull (strstr (heard.notices->str, "gone.rigplan"));
  g_assert_true (rp_compare_document_undo (doc));
  g_assert_cmpuint (rp_compare_document_get_n_columns (doc), ==, 3);
  g_string_free (heard.notices, TRUE);
}

/* Saved and read back: the same columns, a file column by reference,
 * the variant and an inline scenario held in the file. */
static void
test_save_reload (void)
{
  g_autoptr(RpCompareDocument) doc = rp_compare_document_new (catalog);
  g_autoptr(RpCompareDocument) back = rp_compare_document_new (catalog);
  g_autofree char *dir = rp_test_make_dir ("rigplan-compare-doc-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "mine.rigplan-compare", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(RpScenario) inline_s = rp_test_load_example ("resnet50-imagenet-8xa100.rigplan");
  g_autoptr(GError) error = NULL;
  Heard heard;

  add_example (doc, "lora-llama3-8b-rtx4090.rigplan");
  g_assert_true (rp_compare_document_duplicate_as_variant (doc, 0, "training.micro_batch"));
  g_assert_true (rp_compare_document_set_variant_value (doc, 1, "2", NULL));
  g_assert_true (rp_compare_document_add_scenario (doc, inline_s, NULL));
  listen (doc, &heard);
  g_assert_true (save (doc, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_equal (rp_compare_document_get_file (doc), file));
  g_assert_false (rp_compare_document_get_modified (doc));
  g_assert_true (heard.what & RP_COMPARE_CHANGE_FILE);

  g_assert_true (add_files (back, &file, 1));
  g_assert_cmpuint (rp_compare_document_get_n_columns (back), ==, 3);
  g_assert_false (rp_compare_document_get_modified (back));
  g_assert_true (g_file_equal (rp_compare_document_get_file (back), file));
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *a = rp_scenario_to_json (rp_compare_document_get_scenario (doc, i));
      g_autofree char *b = rp_scenario_to_json (rp_compare_document_get_scenario (back, i));

      g_assert_cmpstr (a, ==, b);
    }
  g_assert_nonnull (rp_compare_document_get_column_file (back, 0));
  g_assert_null (rp_compare_document_get_column_file (back, 1));
  g_assert_null (rp_compare_document_get_column_file (back, 2));
  g_assert_cmpuint (rp_compare_document_get_scenario (back, 1)->training.micro_batch, ==, 2);
  g_unlink (path);
  g_rmdir (dir);
  g_string_free (heard.notices, TRUE);
}

/* A save that fails changes nothing: the document keeps its file and
 * stays modified. */
static void
test_save_fails_keeps_state (void)
{
  g_autoptr(RpCompareDocument) doc = rp_compare_document_new (catalog);
  g_autofree char *dir = rp_test_make_dir ("rigplan-compare-doc-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "mine.rigplan-compare", NULL);
  g_autofree char *under_file = g_build_filename (path, "cannot.rigplan-compare", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) bad = g_file_new_for_path (under_file);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  GError *error = NULL;

  add_example (doc, "lora-llama3-8b-rtx4090.rigplan");
  g_assert_true (save (doc, file, NULL));
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  add_example (doc, "qlora-llama2-70b-a100.rigplan");
  g_assert_true (rp_compare_document_get_modified (doc));

  /* a file is not a folder */
  g_assert_false (save (doc, bad, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_true (g_file_equal (rp_compare_document_get_file (doc), file));
  g_assert_true (rp_compare_document_get_modified (doc));
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  g_unlink (path);
  g_rmdir (dir);
}

/* The kernel refuses to let a file grow past RLIMIT_FSIZE: write() fails
 * part way through, as on a full disk.  The old comparison stays whole,
 * with no temporary beside it.  In a subprocess, so that the limit does
 * not stay. */
static void
test_save_fails_keeps_old_file (void)
{
  const char *dir = g_getenv ("RP_TEST_SAVE_DIR");

  if (g_test_subprocess ())
    {
      g_autofree char *path = g_build_filename (dir, "old.rigplan-compare", NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(RpCompareDocument) doc = rp_compare_document_new (catalog);
      struct rlimit limit = { 256, 256 };
      GError *error = NULL;

      add_example (doc, "lora-llama3-8b-rtx4090.rigplan");
      g_assert_true (rp_compare_document_duplicate_as_variant (doc, 0, "hardware.nodes"));
      signal (SIGXFSZ, SIG_IGN);
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
      g_assert_false (save (doc, file, &error));
      g_assert_nonnull (strstr (error->message, g_strerror (EFBIG)));
      g_clear_error (&error);
      g_assert_null (rp_compare_document_get_file (doc));
      g_assert_true (rp_compare_document_get_modified (doc));
      return;
    }
  {
    g_autofree char *tmp = rp_test_make_dir ("rigplan-compare-doc-XXXXXX");
    g_autofree char *path = g_build_filename (tmp, "old.rigplan-compare", NULL);
    g_autofree char *old = g_strnfill (100, 'c');
    g_autofree char *after = NULL;

    g_assert_true (g_file_set_contents (path, old, -1, NULL));
    g_setenv ("RP_TEST_SAVE_DIR", tmp, TRUE);
    g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
    g_test_trap_assert_passed ();
    g_unsetenv ("RP_TEST_SAVE_DIR");
    g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
    g_assert_cmpstr (after, ==, old);
    g_assert_cmpuint (rp_test_count_files (tmp), ==, 1);
    rp_test_remove_dir (tmp);
  }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  catalog = rp_test_load_catalog ();
  g_test_add_func ("/ui/compare-document/columns", test_columns);
  g_test_add_func ("/ui/compare-document/variant-edit", test_variant_edit);
  g_test_add_func ("/ui/compare-document/undo-redo", test_undo_redo);
  g_test_add_func ("/ui/compare-document/linked", test_linked);
  g_test_add_func ("/ui/compare-document/load", test_load);
  g_test_add_func ("/ui/compare-document/save-reload", test_save_reload);
  g_test_add_func ("/ui/compare-document/save-fails-keeps-state", test_save_fails_keeps_state);
  g_test_add_func ("/ui/compare-document/save-fails-keeps-old-file",
                   test_save_fails_keeps_old_file);
  status = g_test_run ();
  rp_catalog_unref (catalog);
  return status;
}

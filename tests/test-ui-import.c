/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-import.c: the real window under Xvfb: importing configs (as
 * File ▸ Import… and a drop do), exporting launch configs, and importing
 * a rigplan-probe measurement (File ▸ Import Measurement…) */

#include "config.h"

#include "rp-test-core.h"
#include "rp-test-ui.h"
#include "rp-window.h"

#include <cjson/cJSON.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>

static RpCatalog *catalog = NULL;

/* ---- helpers -------------------------------------------------------- */

static RpWindow *
new_window (void)
{
  RpWindow *win = rp_test_ui_new_window (catalog, NULL, 1280, 800);

  rp_test_ui_drain ();
  return win;
}

static GFile *
fixture (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "import", name, NULL);

  return g_file_new_for_path (path);
}

/* Waits until @win shows an import's report or an error. */
static void
wait_for_import (RpWindow *win)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add_seconds (10, rp_test_ui_timeout_cb, &timed_out);

  while (!timed_out && rp_window_get_import_report (win) == NULL &&
         rp_window_get_error_dialog (win) == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (id);
  rp_test_ui_drain ();
}

static GtkWindow *
info_dialog_of (RpWindow *win)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_window_get_transient_for (w) == GTK_WINDOW (win) &&
          gtk_widget_get_visible (GTK_WIDGET (w)))
        return w;
    }
  return NULL;
}

/* ---- tests ---------------------------------------------------------- */

/* A model directory and a DeepSpeed config into a new window: one
 * scenario, unsaved, its notes in a dialog and estimated at once. */
static void
test_import_files (void)
{
  RpWindow *win = new_window ();
  RpScenarioDocument *doc = rp_window_get_document (win);
  g_autoptr(GFile) model = fixture ("hf/Qwen2.5-7B");
  g_autoptr(GFile) ds = fixture ("train/ds_zero2_batch.json");
  GFile *files[] = { model, ds };
  const RpScenario *s;
  GtkWindow *dialog;
  g_autofree char *text = NULL, *secondary = NULL;

  rp_window_import_files (win, files, G_N_ELEMENTS (files));
  wait_for_import (win);
  g_assert_null (rp_window_get_error_dialog (win));
  s = rp_scenario_document_get_scenario (doc);
  g_assert_cmpstr (s->name, ==, "Qwen2.5-7B + ds_zero2_batch.json");
  g_assert_cmpuint (s->training.zero_stage, ==, 2);
  g_assert_cmpuint (s->training.global_batch, ==, 256);
  g_assert_true (rp_scenario_document_get_modified (doc));
  g_assert_null (rp_scenario_document_get_file (doc));
  g_assert_nonnull (strstr (rp_window_get_import_report (win), "7,615,616,512 parameters"));
  rp_scenario_document_flush (doc);
  g_assert_nonnull (rp_scenario_document_get_estimate (doc));
  dialog = info_dialog_of (win);
  g_assert_nonnull (dialog);
  g_object_get (dialog, "heading", &text, "body", &secondary, NULL);
  g_assert_cmpstr (text, ==, "Imported “Qwen2.5-7B + ds_zero2_batch.json”");
  g_assert_nonnull (strstr (secondary, "batch sizes imply 8 data-parallel GPUs"));
  rp_test_ui_destroy (win);
}

/* A window that holds a scenario keeps it: the import opens a new one. */
static void
test_import_new_window (void)
{
  RpWindow *win = new_window ();
  g_autoptr(GFile) model = fixture ("hf/Mixtral-8x7B-v0.1");
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint before;
  RpWindow *other = NULL;
  gboolean timed_out = FALSE;
  guint id;

  rp_scenario_document_set_modified (rp_window_get_document (win), TRUE);
  before = g_list_model_get_n_items (toplevels);
  rp_window_import_files (win, &model, 1);
  id = g_timeout_add_seconds (10, rp_test_ui_timeout_cb, &timed_out);
  while (!timed_out && other == NULL)
    {
      g_main_context_iteration (NULL, TRUE);
      for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
        {
          g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

          if (RP_IS_WINDOW (w) && RP_WINDOW (w) != win &&
              rp_window_get_import_report (RP_WINDOW (w)) != NULL)
            other = RP_WINDOW (w);
        }
    }
  g_assert_false (timed_out);
  g_source_remove (id);
  g_assert_cmpuint (g_list_model_get_n_items (toplevels), >, before);
  g_assert_null (rp_window_get_import_report (win));
  g_assert_cmpstr (rp_scenario_document_get_scenario (rp_window_get_document (other))->name, ==,
                   "Mixtral-8x7B-v0.1");
  rp_test_ui_destroy (other);
  rp_test_ui_destroy (win);
}

/* A broken config: an error dialog naming the file and the key. */
static void
test_import_error (void)
{
  RpWindow *win = new_window ();
  g_autoptr(GFile) bad = fixture ("bad/accelerate_bad_processes.yaml");
  GtkWidget *dialog;
  g_autofree char *secondary = NULL;

  rp_window_import_files (win, &bad, 1);
  wait_for_import (win);
  dialog = rp_window_get_error_dialog (win);
  g_assert_nonnull (dialog);
  g_object_get (dialog, "body", &secondary, NULL);
  g_assert_nonnull (strstr (secondary, "accelerate_bad_processes.yaml"));
  g_assert_nonnull (strstr (secondary, "num_processes"));
  g_assert_true (rp_window_is_pristine (win));
  rp_test_ui_destroy (win);
}

/* Files dropped on the window: the window's GtkDropTarget, as a drag
 * from a file manager delivers them. */
static void
test_drop (void)
{
  RpWindow *win = new_window ();
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (win));
  g_autoptr(GFile) model = fixture ("hf/Meta-Llama-3-8B");
  g_autoptr(GFile) yaml = fixture ("train/torchtune_8B_lora_single_device.yaml");
  GtkDropTarget *target = NULL;
  GSList *list = NULL;
  GValue value = G_VALUE_INIT;
  gboolean accepted = FALSE;
  const RpScenario *s;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (c))
        target = GTK_DROP_TARGET (c);
    }
  g_assert_nonnull (target);
  g_assert_true (gtk_drop_target_get_actions (target) & GDK_ACTION_COPY);
  list = g_slist_append (g_slist_append (NULL, model), yaml);
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, gdk_file_list_new_from_list (list));
  g_slist_free (list);
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &accepted);
  g_value_unset (&value);
  g_assert_true (accepted);
  wait_for_import (win);
  s = rp_scenario_document_get_scenario (rp_window_get_document (win));
  g_assert_cmpstr (s->name, ==, "Meta-Llama-3-8B + torchtune_8B_lora_single_device.yaml");
  g_assert_cmpint (s->training.method, ==, RP_METHOD_LORA);
  g_assert_cmpuint (s->training.lora_rank, ==, 8);
  rp_test_ui_destroy (win);
}

/* Export Launch Config writes the file and says what it cannot carry. */
static void
test_export_launch (void)
{
  RpWindow *win = new_window ();
  g_autofree char *dir = g_dir_make_tmp ("rigplan-ui-launch-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "ds_config.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *text = NULL;
  cJSON *root;

  /* the starter scenario: a LoRA, which a DeepSpeed config cannot state */
  rp_scenario_document_flush (rp_window_get_document (win));
  g_assert_true (rp_window_export_launch_file (win, RP_LAUNCH_DEEPSPEED, file));
  rp_test_ui_drain ();
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  root = cJSON_Parse (text);
  g_assert_nonnull (root);
  g_assert_nonnull (cJSON_GetObjectItem (root, "train_micro_batch_size_per_gpu"));
  cJSON_Delete (root);
  g_assert_nonnull (strstr (rp_window_get_notice (win), "ds_config.json"));
  g_assert_nonnull (info_dialog_of (win));
  g_unlink (path);
  g_rmdir (dir);
  rp_test_ui_destroy (win);
}

/* ---- tests: measurements ------------------------------------------- */

/* Removes @dir with its files and the folders in it (one level). */
static void
remove_tree (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        rp_test_remove_dir (path);
      else
        g_remove (path);
    }
  g_rmdir (dir);
}

static GFile *
probe_fixture (const char *dir,
               const char *name)
{
  g_autofree char *path = dir != NULL
    ? g_test_build_filename (G_TEST_DIST, "data", "probe", dir, name, NULL)
    : g_test_build_filename (G_TEST_DIST, "data", "probe", name, NULL);

  return g_file_new_for_path (path);
}

/* A recorded measurement of the scenario shown: the scenario moves to
 * the measured device, the badge and the table say it is calibrated and
 * what was measured and predicted; Remove Calibration takes it away. */
static void
test_import_measurement (void)
{
  g_autofree char *dir = rp_test_make_dir ("rigplan-ui-calibrate-XXXXXX");
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "probe",
                                                 "tiny-gpt-a.rigplan", NULL);
  g_autoptr(GFile) measure = probe_fixture ("recorded", "tiny-gpt-a.rigplan-measure");
  RpWindow *win = new_window ();
  RpScenarioDocument *doc = rp_window_get_document (win);
  RpCalibrationView *view;
  const RpScenario *s;

  g_setenv ("RIGPLAN_USER_DATADIR", dir, TRUE);
  rp_test_ui_open_and_wait (win, path, 10);
  g_assert_null (rp_window_get_calibrated_badge (win));
  g_assert_true (rp_window_import_measurements (win, &measure, 1));
  rp_test_ui_drain ();
  g_assert_null (rp_window_get_error_dialog (win));
  s = rp_scenario_document_get_scenario (doc);
  g_assert_true (g_str_has_prefix (s->hardware.gpu, "measured-cpu-"));
  g_assert_true (rp_scenario_document_get_modified (doc));
  g_assert_cmpstr (rp_window_get_calibrated_badge (win), ==, "Calibrated 2026-12-01");
  g_assert_nonnull (strstr (rp_window_get_notice (win), "Calibrated to your measurement"));
  view = rp_window_get_calibration_view (win);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (view)));
  g_assert_cmpuint (rp_calibration_view_get_n_rows (view), >=, 9);
  g_assert_cmpstr (rp_calibration_view_get_cell (view, 0, 0), ==, "Step");
  g_assert_nonnull (strstr (rp_calibration_view_get_cell (view, 0, 3), "(+0.0"));
  g_assert_nonnull (strstr (rp_calibration_view_get_sentence (view), "2026-12-01"));
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (view)));
  rp_test_ui_render (GTK_WIDGET (win), 1280, "RIGPLAN_SCREENSHOT_CALIBRATED");
  gtk_widget_activate_action (GTK_WIDGET (win), "win.remove-calibration", NULL);
  rp_test_ui_drain ();
  g_assert_null (rp_window_get_calibrated_badge (win));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (view)));
  g_assert_nonnull (strstr (rp_window_get_notice (win), "Removed the calibration"));
  rp_test_ui_destroy (win);
  g_setenv ("RIGPLAN_USER_DATADIR", "/nonexistent", TRUE);
  remove_tree (dir);
}

/* A measurement of another run: a dialog names the file and the key,
 * the scenario and the user's data stay as they were. */
static void
test_import_measurement_mismatch (void)
{
  g_autofree char *dir = rp_test_make_dir ("rigplan-ui-calibrate-XXXXXX");
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "probe",
                                                 "tiny-gpt-a.rigplan", NULL);
  g_autoptr(GFile) measure = probe_fixture ("recorded", "tiny-gpt-b.rigplan-measure");
  RpWindow *win = new_window ();
  GtkWidget *dialog;
  g_autofree char *secondary = NULL;

  g_setenv ("RIGPLAN_USER_DATADIR", dir, TRUE);
  rp_test_ui_open_and_wait (win, path, 10);
  g_assert_false (rp_window_import_measurements (win, &measure, 1));
  dialog = rp_window_get_error_dialog (win);
  g_assert_nonnull (dialog);
  g_object_get (dialog, "body", &secondary, NULL);
  g_assert_nonnull (strstr (secondary, "tiny-gpt-b.rigplan-measure"));
  g_assert_nonnull (strstr (secondary, "training.seq_len"));
  g_assert_cmpstr (rp_scenario_document_get_scenario (rp_window_get_document (win))->hardware.gpu,
                   ==, "rtx-4090");
  g_assert_cmpuint (rp_test_count_files (dir), ==, 0);
  rp_test_ui_destroy (win);
  g_setenv ("RIGPLAN_USER_DATADIR", "/nonexistent", TRUE);
  rp_test_remove_dir (dir);
}

int
main (int    argc,
      char **argv)
{
  int status;

  rp_test_ui_bind_messages ();
  if (!rp_test_ui_init (&argc, &argv, &status))
    return status;
  catalog = rp_test_load_catalog ();

  g_test_add_func ("/ui/import/files", test_import_files);
  g_test_add_func ("/ui/import/new-window", test_import_new_window);
  g_test_add_func ("/ui/import/error", test_import_error);
  g_test_add_func ("/ui/import/drop", test_drop);
  g_test_add_func ("/ui/export/launch", test_export_launch);
  g_test_add_func ("/ui/calibrate/import-measurement", test_import_measurement);
  g_test_add_func ("/ui/calibrate/mismatch", test_import_measurement_mismatch);

  status = g_test_run ();
  g_clear_pointer (&catalog, rp_catalog_unref);
  return status;
}

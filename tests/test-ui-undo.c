/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-undo.c: undo and redo in the real window: every change to a
 * scenario is one step back, and a step back gives the scenario exactly
 * as it was (the saved JSON, byte for byte) */

#include "config.h"

#include "rp-edit.h"
#include "rp-scenario-form.h"
#include "rp-test-core.h"
#include "rp-test-ui.h"
#include "rp-window.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <math.h>
#include <string.h>

static RpCatalog *catalog = NULL;
static GSettings *settings = NULL;

/* ---- helpers -------------------------------------------------------- */

static RpWindow *
window_with_example (const char *name)
{
  RpWindow *win = rp_test_ui_new_window (catalog, settings, 1366, 768);

  return rp_test_ui_open_example (win, name, 20);
}

/* The scenario as a save writes it. */
static char *
saved_json (RpWindow *win)
{
  RpScenarioDocument *doc = rp_window_get_document (win);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rigplan-undo-XXXXXX", &error);
  g_autofree char *path = NULL;
  char *data = NULL;

  g_assert_no_error (error);
  path = g_build_filename (dir, "saved.rigplan", NULL);
  rp_scenario_document_flush (doc);
  g_assert_true (rp_scenario_save_file (rp_scenario_document_get_scenario (doc), path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &data, NULL, &error));
  g_unlink (path);
  g_rmdir (dir);
  return data;
}

/* The action a key press runs in @widget's own bindings (what the window
 * does on that key), or NULL. */
static const char *
action_for_key (GtkWidget       *widget,
                guint            keyval,
                GdkModifierType  modifiers)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);
          GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger) && GTK_IS_NAMED_ACTION (action) &&
              gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval &&
              gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == modifiers)
            return gtk_named_action_get_action_name (GTK_NAMED_ACTION (action));
        }
    }
  return NULL;
}

/* Presses @keyval with @modifiers as the window's bindings take it. */
static void
press (RpWindow        *win,
       guint            keyval,
       GdkModifierType  modifiers)
{
  const char *action = action_for_key (GTK_WIDGET (win), keyval, modifiers);

  g_assert_nonnull (action);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (win), action, NULL));
  rp_test_ui_drain ();
}

/* ---- tests ---------------------------------------------------------- */

/* The 13B LoRA on one RTX 3090 does not fit; Apply Fix switches to
 * QLoRA, says so in a toast with an Undo button, and Ctrl+Z gives back
 * the scenario byte for byte; Shift+Ctrl+Z applies it again. */
static void
test_apply_fix_then_undo (void)
{
  RpWindow *win = window_with_example ("lora-llama2-13b-rtx3090.rigplan");
  RpScenarioDocument *doc = rp_window_get_document (win);
  g_autofree char *before = saved_json (win);
  g_autofree char *fixed = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *redone = NULL;
  g_autofree char *expected = NULL;

  g_assert_cmpstr (action_for_key (GTK_WIDGET (win), GDK_KEY_z, GDK_CONTROL_MASK), ==,
                   "win.undo");
  g_assert_cmpstr (action_for_key (GTK_WIDGET (win), GDK_KEY_z,
                                   GDK_CONTROL_MASK | GDK_SHIFT_MASK), ==, "win.redo");
  g_assert_null (rp_window_get_toast (win));
  g_assert_cmpint (rp_scenario_document_get_scenario (doc)->training.method, ==, RP_METHOD_LORA);

  press (win, GDK_KEY_f, GDK_CONTROL_MASK | GDK_SHIFT_MASK);   /* Apply Fix */
  g_assert_cmpint (rp_scenario_document_get_scenario (doc)->training.method, ==,
                   RP_METHOD_QLORA);
  fixed = saved_json (win);
  g_assert_cmpstr (fixed, !=, before);
  /* the toast names the change with the field's label and the values'
   * words */
  expected = g_strdup_printf (_("%s: %s → %s"), _("Method"), "LoRA", "QLoRA");
  g_assert_nonnull (rp_window_get_toast (win));
  g_assert_nonnull (strstr (rp_window_get_toast (win), expected));
  /* RIGPLAN_UNDO_PNG=FILE: the window with its toast, for the README
   * (once the toast has slid in) */
  if (g_getenv ("RIGPLAN_UNDO_PNG") != NULL)
    {
      rp_test_ui_wait_ms (800);
      rp_test_ui_render (GTK_WIDGET (win), 1366, "RIGPLAN_UNDO_PNG");
    }
  /* the changed field is highlighted */
  g_assert_true (gtk_widget_has_css_class (
    rp_scenario_form_get_control (RP_SCENARIO_FORM (rp_window_get_form (win)), "method"),
    "changed"));
  g_assert_false (gtk_widget_has_css_class (
    rp_scenario_form_get_control (RP_SCENARIO_FORM (rp_window_get_form (win)), "seq-len"),
    "changed"));

  press (win, GDK_KEY_z, GDK_CONTROL_MASK);
  undone = saved_json (win);
  g_assert_cmpstr (undone, ==, before);
  g_assert_null (rp_window_get_toast (win));
  g_assert_cmpint (rp_scenario_document_get_scenario (doc)->training.method, ==, RP_METHOD_LORA);
  g_assert_cmpstr (rp_window_get_verdict_class (win), ==, "does-not-fit");

  press (win, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  redone = saved_json (win);
  g_assert_cmpstr (redone, ==, fixed);
  rp_test_ui_destroy (win);
}

/* Each field edit is one step; typing into a text field is one step;
 * the reset to the catalog's price is a step; opening a file forgets
 * them all. */
static void
test_field_edits (void)
{
  RpWindow *win = window_with_example ("lora-llama3-8b-rtx4090.rigplan");
  RpScenarioDocument *doc = rp_window_get_document (win);
  RpUndoStack *undo = rp_scenario_document_get_undo_stack (doc);
  const RpScenario *s;
  g_autofree char *opened = saved_json (win);
  g_autofree char *back = NULL;
  char *name = g_strdup (rp_scenario_document_get_scenario (doc)->name);
  guint seq_len = rp_scenario_document_get_scenario (doc)->training.seq_len;
  double rent = rp_scenario_document_get_scenario (doc)->budget.rent_price_per_gpu_hour;

  g_assert_false (rp_undo_stack_can_undo (undo));
  g_assert_true (isfinite (rent) && rent != 3.25);
  /* Ctrl+Z in a field reaches the window: the fields keep no typing
   * history of their own */
  g_assert_false (gtk_editable_get_enable_undo (GTK_EDITABLE (
    rp_scenario_form_get_control (RP_SCENARIO_FORM (rp_window_get_form (win)), "seq-len"))));
  g_assert_false (gtk_editable_get_enable_undo (GTK_EDITABLE (
    rp_scenario_form_get_control (RP_SCENARIO_FORM (rp_window_get_form (win)), "name"))));
  g_object_set (doc, "seq-len", seq_len * 2, NULL);
  g_assert_true (rp_undo_stack_can_undo (undo));
  g_object_set (doc, "rent-price-per-gpu-hour", 3.25, NULL);
  /* the field's reset button: back to the catalog's price */
  rp_scenario_document_reset_field (doc, "rent-price-per-gpu-hour");
  g_assert_true (isnan (rp_scenario_document_get_scenario (doc)->budget.rent_price_per_gpu_hour));
  /* three keystrokes in the name: one step */
  g_object_set (doc, "name", "a", NULL);
  g_object_set (doc, "name", "ab", NULL);
  g_object_set (doc, "name", "abc", NULL);
  rp_test_ui_drain ();

  s = rp_scenario_document_get_scenario (doc);
  g_assert_cmpstr (s->name, ==, "abc");
  press (win, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpstr (rp_scenario_document_get_scenario (doc)->name, ==, name);
  press (win, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpfloat (rp_scenario_document_get_scenario (doc)->budget.rent_price_per_gpu_hour, ==,
                     3.25);
  press (win, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpfloat (rp_scenario_document_get_scenario (doc)->budget.rent_price_per_gpu_hour, ==,
                     rent);
  g_assert_cmpuint (rp_scenario_document_get_scenario (doc)->training.seq_len, ==, seq_len * 2);
  press (win, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpuint (rp_scenario_document_get_scenario (doc)->training.seq_len, ==, seq_len);
  back = saved_json (win);
  g_assert_cmpstr (back, ==, opened);
  g_assert_false (rp_undo_stack_can_undo (undo));
  g_assert_true (rp_undo_stack_can_redo (undo));
  /* a new edit forgets what could be redone */
  g_object_set (doc, "micro-batch", 2u, NULL);
  g_assert_false (rp_undo_stack_can_redo (undo));

  /* opening another file starts a new history */
  rp_test_ui_open_example (win, "lora-llama2-13b-rtx3090.rigplan", 20);
  g_assert_false (rp_undo_stack_can_undo (undo));
  g_free (name);
  rp_test_ui_destroy (win);
}

/* "Use this machine" (a set of changes) and an import into the open
 * scenario are one step each; the changes' toast names the GPU. */
static void
test_changes_and_import (void)
{
  RpWindow *win = window_with_example ("lora-llama3-8b-rtx4090.rigplan");
  RpScenarioDocument *doc = rp_window_get_document (win);
  g_autofree char *opened = saved_json (win);
  g_autofree char *back = NULL;
  g_autoptr(RpScenario) target = rp_scenario_copy (rp_scenario_document_get_scenario (doc));
  g_autoptr(GArray) changes = NULL;
  g_autoptr(RpScenario) imported = NULL;
  const RpGpu *h100 = rp_catalog_lookup_gpu (catalog, "h100-sxm");

  g_assert_nonnull (h100);
  rp_scenario_set_gpu (target, "h100-sxm");
  target->hardware.gpus_per_node = 8;
  changes = rp_scenario_diff (rp_scenario_document_get_scenario (doc), target);
  g_assert_true (rp_scenario_document_apply_changes (doc, changes));
  rp_test_ui_drain ();
  g_assert_nonnull (rp_window_get_toast (win));
  g_assert_nonnull (strstr (rp_window_get_toast (win), h100->name));
  g_assert_cmpuint (rp_scenario_document_get_scenario (doc)->hardware.gpus_per_node, ==, 8);

  imported = rp_scenario_copy (target);
  rp_scenario_set_name (imported, "Imported");
  g_assert_true (rp_scenario_document_replace (doc, g_steal_pointer (&imported)));
  g_assert_cmpstr (rp_scenario_document_get_scenario (doc)->name, ==, "Imported");

  press (win, GDK_KEY_z, GDK_CONTROL_MASK);
  g_assert_cmpstr (rp_scenario_document_get_scenario (doc)->hardware.gpu, ==, "h100-sxm");
  press (win, GDK_KEY_z, GDK_CONTROL_MASK);
  back = saved_json (win);
  g_assert_cmpstr (back, ==, opened);
  rp_test_ui_destroy (win);
}

/* One way to change a scenario (rp-edit.h): a field typed into the
 * window's document gives the scenario core's edit gives, for every kind
 * of field: the machine's (it moves as a whole), the currency (money
 * converts), a model field (it overrides the preset's), a preset, an
 * enum, a number, a text. */
static void
test_edits_are_cores (void)
{
  static const struct { const char *key; double value; const char *text; } edits[] = {
    { "hardware.nodes", 4, NULL },
    { "hardware.gpus_per_node", 2, NULL },
    { "hardware.gpu", NAN, "h100-sxm" },
    { "budget.currency", RP_CURRENCY_CNY, NULL },
    { "model.hidden", 5120, NULL },
    { "model.preset", NAN, "llama-2-13b" },
    { "training.method", RP_METHOD_QLORA, NULL },
    { "training.micro_batch", 3, NULL },
    { "budget.utilization_pct", 35, NULL },
    { "name", NAN, "Edited" },
  };

  for (guint e = 0; e < G_N_ELEMENTS (edits); e++)
    {
      const RpField *f = rp_fields_lookup (edits[e].key);
      g_autoptr(RpScenario) s = rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan");
      g_autoptr(RpScenarioDocument) doc = rp_scenario_document_new (catalog);
      g_autoptr(RpScenario) core = NULL;
      g_autoptr(GArray) left = NULL;
      g_auto(GValue) value = G_VALUE_INIT;

      g_assert_nonnull (f);
      g_test_message ("%s", edits[e].key);
      s->budget.gpu_price = 1600;   /* typed for the 4090: follows or not */
      rp_scenario_document_set_scenario (doc, rp_scenario_copy (s), NULL);
      switch (f->type)
        {
        case RP_FIELD_STRING:
          g_value_init (&value, G_TYPE_STRING);
          g_value_set_string (&value, edits[e].text);
          break;
        case RP_FIELD_UINT:
        case RP_FIELD_ENUM:
          g_value_init (&value, G_TYPE_UINT);
          g_value_set_uint (&value, (guint) edits[e].value);
          break;
        case RP_FIELD_BOOL:
        case RP_FIELD_UINT64:
        case RP_FIELD_DOUBLE:
        default:
          g_value_init (&value, G_TYPE_DOUBLE);
          g_value_set_double (&value, edits[e].value);
          break;
        }
      g_object_set_property (G_OBJECT (doc), rp_scenario_document_field_property (f), &value);
      core = rp_scenario_edit (s, catalog, edits[e].key, edits[e].value, edits[e].text, NULL);
      g_assert_nonnull (core);
      left = rp_scenario_diff (core, rp_scenario_document_get_scenario (doc));
      for (guint i = 0; i < left->len; i++)
        g_test_message ("  differs: %s", g_array_index (left, RpChange, i).key);
      g_assert_cmpuint (left->len, ==, 0);
    }
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
  settings = g_settings_new (APP_ID);

  g_test_add_func ("/ui/undo/apply-fix-then-undo", test_apply_fix_then_undo);
  g_test_add_func ("/ui/undo/field-edits", test_field_edits);
  g_test_add_func ("/ui/undo/changes-and-import", test_changes_and_import);
  g_test_add_func ("/ui/undo/edits-are-cores", test_edits_are_cores);

  status = g_test_run ();
  g_clear_object (&settings);
  g_clear_pointer (&catalog, rp_catalog_unref);
  return status;
}

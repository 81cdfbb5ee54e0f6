/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui-shortcuts.c: the Keyboard Shortcuts window lists every key
 * the windows bind (their action tables), in the group of that window */

#include "config.h"

#include "rp-chart-view.h"
#include "rp-compare-window.h"
#include "rp-test-core.h"
#include "rp-test-ui.h"
#include "rp-window.h"

#include <gtk/gtk.h>

static RpCatalog *catalog = NULL;
static GSettings *settings = NULL;

/* ---- helpers -------------------------------------------------------- */

/* "<Control><Shift>z": one spelling per key, whatever the binding said
 * (Z or z, the keypad's Left or Left). */
static char *
normalize (guint           keyval,
           GdkModifierType modifiers)
{
  static const struct { guint keypad, key; } keypad[] = {
    { GDK_KEY_KP_Left, GDK_KEY_Left }, { GDK_KEY_KP_Right, GDK_KEY_Right },
    { GDK_KEY_KP_Up, GDK_KEY_Up }, { GDK_KEY_KP_Down, GDK_KEY_Down },
    { GDK_KEY_KP_Home, GDK_KEY_Home }, { GDK_KEY_KP_End, GDK_KEY_End },
  };

  keyval = gdk_keyval_to_lower (keyval);
  for (guint i = 0; i < G_N_ELEMENTS (keypad); i++)
    if (keyval == keypad[i].keypad)
      keyval = keypad[i].key;
  return gtk_accelerator_name (keyval, modifiers & gtk_accelerator_get_default_mod_mask ());
}

/* The keys @widget's class binds to actions: normalized accelerator →
 * action name. */
static GHashTable *
bound_keys (GtkWidget *widget)
{
  GHashTable *keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
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

          if (!GTK_IS_KEYVAL_TRIGGER (trigger) || !GTK_IS_NAMED_ACTION (action))
            continue;
          g_hash_table_insert (keys,
                               normalize (gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)),
                                          gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger))),
                               g_strdup (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action))));
        }
    }
  return keys;
}

/* The accelerators the Keyboard Shortcuts window shows in the groups
 * @group_ids (NULL-terminated): normalized accelerator → title. */
static GHashTable *
listed_keys (const char *const *group_ids)
{
  g_autoptr(GtkBuilder) builder =
    gtk_builder_new_from_resource ("/io/github/rigplan/Rigplan/gtk/help-overlay.ui");
  GHashTable *keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  GtkWidget *overlay = GTK_WIDGET (gtk_builder_get_object (builder, "help_overlay"));

  for (guint g = 0; group_ids[g] != NULL; g++)
    {
      GtkWidget *group = GTK_WIDGET (gtk_builder_get_object (builder, group_ids[g]));

      g_assert_nonnull (group);
      for (GtkWidget *child = gtk_widget_get_first_child (group); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        {
          g_autofree char *accelerator = NULL;
          g_autofree char *title = NULL;
          g_auto(GStrv) accels = NULL;

          if (!GTK_IS_SHORTCUTS_SHORTCUT (child))
            continue;
          g_object_get (child, "accelerator", &accelerator, "title", &title, NULL);
          accels = g_strsplit (accelerator != NULL ? accelerator : "", " ", -1);
          for (guint i = 0; accels[i] != NULL; i++)
            {
              guint keyval = 0;
              GdkModifierType mods = 0;

              if (*accels[i] == '\0')
                continue;
              g_assert_true (gtk_accelerator_parse (accels[i], &keyval, &mods));
              g_hash_table_insert (keys, normalize (keyval, mods), g_strdup (title));
            }
        }
    }
  gtk_window_destroy (GTK_WINDOW (overlay));
  return keys;
}

/* Every key @widget binds is listed in @group_ids; reports each one
 * missing at once. */
static void
assert_listed (GtkWidget         *widget,
               const char *const *group_ids)
{
  g_autoptr(GHashTable) bound = bound_keys (widget);
  g_autoptr(GHashTable) listed = listed_keys (group_ids);
  g_autoptr(GString) missing = g_string_new (NULL);
  GHashTableIter iter;
  gpointer key, action;

  g_assert_cmpuint (g_hash_table_size (bound), >, 0);
  g_hash_table_iter_init (&iter, bound);
  while (g_hash_table_iter_next (&iter, &key, &action))
    if (!g_hash_table_contains (listed, key))
      g_string_append_printf (missing, " %s (%s)", (char *) key, (char *) action);
  if (missing->len > 0)
    g_error ("%s binds keys the Keyboard Shortcuts window does not list:%s",
             G_OBJECT_TYPE_NAME (widget), missing->str);
}

static GtkWidget *
find_primary_menu_button (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget)))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_primary_menu_button (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The entries a person sees on opening @menu: the items of its sections
 * (a submenu is one); the actions of every item, deep, into @actions. */
static guint
count_entries (GMenuModel *menu,
               GPtrArray  *actions)
{
  guint n = 0;

  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);
      g_autoptr(GMenuModel) submenu = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SUBMENU);
      char *action = NULL;

      if (section != NULL)
        {
          n += count_entries (section, actions);
          continue;
        }
      n++;
      if (submenu != NULL)
        count_entries (submenu, actions);
      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &action))
        g_ptr_array_add (actions, action);
    }
  return n;
}

/* ---- tests ---------------------------------------------------------- */

/* The primary menu holds at most ten entries, Help among them (F1). */
static void
test_primary_menu (void)
{
  RpWindow *win = rp_test_ui_new_window (catalog, settings, 1280, 800);
  GtkWidget *button = find_primary_menu_button (gtk_window_get_titlebar (GTK_WINDOW (win)));
  g_autoptr(GPtrArray) actions = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) listed = NULL;
  static const char *const groups[] = { "group_general", NULL };
  guint n;

  g_assert_nonnull (button);
  n = count_entries (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button)), actions);
  g_test_message ("%u entries", n);
  g_assert_cmpuint (n, <=, 10);
  g_assert_true (g_ptr_array_find_with_equal_func (actions, "app.help", g_str_equal, NULL));
  g_assert_true (g_ptr_array_find_with_equal_func (actions, "win.import-measurement",
                                                   g_str_equal, NULL));
  listed = listed_keys (groups);
  g_assert_true (g_hash_table_contains (listed, "F1"));
  rp_test_ui_destroy (win);
}


static void
test_window_keys_listed (void)
{
  static const char *const groups[] = { "group_scenarios", "group_editing", "group_general",
                                        NULL };
  RpWindow *win = rp_test_ui_new_window (catalog, settings, 1280, 800);
  g_autoptr(GHashTable) bound = bound_keys (GTK_WIDGET (win));

  /* the keys the issue named are bound, then listed */
  g_assert_cmpstr (g_hash_table_lookup (bound, "<Shift><Control>f"), ==, "win.apply-fix");
  g_assert_cmpstr (g_hash_table_lookup (bound, "<Control>z"), ==, "win.undo");
  assert_listed (GTK_WIDGET (win), groups);
  rp_test_ui_destroy (win);
}

static void
test_compare_keys_listed (void)
{
  static const char *const groups[] = { "group_compare", "group_general", NULL };
  RpCompareWindow *win = rp_compare_window_new (NULL, catalog, settings);

  assert_listed (GTK_WIDGET (win), groups);
  gtk_window_destroy (GTK_WINDOW (win));
  rp_test_ui_drain ();
}

static void
test_chart_keys_listed (void)
{
  static const char *const groups[] = { "group_chart", NULL };
  GtkWidget *chart = g_object_ref_sink (rp_chart_view_new ());

  assert_listed (chart, groups);
  g_object_unref (chart);
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

  g_test_add_func ("/ui/shortcuts/window", test_window_keys_listed);
  g_test_add_func ("/ui/shortcuts/compare", test_compare_keys_listed);
  g_test_add_func ("/ui/shortcuts/chart", test_chart_keys_listed);
  g_test_add_func ("/ui/menu/at-most-ten", test_primary_menu);

  status = g_test_run ();
  g_clear_object (&settings);
  g_clear_pointer (&catalog, rp_catalog_unref);
  return status;
}

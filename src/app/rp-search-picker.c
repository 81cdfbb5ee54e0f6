/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-search-picker.c: a button that opens a searchable list */

#include "config.h"

#include "rp-search-picker.h"

#include <glib/gi18n.h>
#include <string.h>

struct _RpSearchPicker
{
  GtkWidget parent_instance;

  /* owned */
  GtkStringList      *items;        /* labels; each object carries its id and search text */
  char               *selected;

  /* borrowed: children */
  GtkWidget          *button;
  GtkWidget          *button_label;
  GtkWidget          *popover;
  GtkWidget          *search;
  GtkWidget          *list;
  GtkFilterListModel *filtered;
  GtkCustomFilter    *filter;
};

G_DEFINE_FINAL_TYPE (RpSearchPicker, rp_search_picker, GTK_TYPE_WIDGET)

enum
{
  SIGNAL_PICKED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- helpers -------------------------------------------------------- */

static char *
fold (const char *text)
{
  g_autofree char *normal = g_utf8_normalize (text, -1, G_NORMALIZE_ALL);

  return g_utf8_casefold (normal != NULL ? normal : "", -1);
}

static gboolean
filter_item (gpointer item,
             gpointer user_data)
{
  RpSearchPicker *self = user_data;
  const char *query = gtk_editable_get_text (GTK_EDITABLE (self->search));

  return rp_search_matches (query, g_object_get_data (item, "rp-search"));
}

static void
pick (RpSearchPicker *self,
      GObject        *item)
{
  const char *id = g_object_get_data (item, "rp-id");

  rp_search_picker_set_selected (self, id, NULL);
  gtk_popover_popdown (GTK_POPOVER (self->popover));
  g_signal_emit (self, signals[SIGNAL_PICKED], 0, id);
}

/* ---- signal callbacks ----------------------------------------------- */

static void
on_search_changed_cb (RpSearchPicker *self)
{
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
}

static void
on_search_activate_cb (RpSearchPicker *self)
{
  rp_search_picker_pick_first (self);
}

static void
on_list_activate_cb (GtkListView    *list,
                     guint           position,
                     RpSearchPicker *self)
{
  g_autoptr(GObject) item = g_list_model_get_item (G_LIST_MODEL (self->filtered), position);

  if (item != NULL)
    pick (self, item);
}

/* Typing right after opening goes to the search box. */
static void
on_popover_show_cb (RpSearchPicker *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search), "");
  gtk_widget_grab_focus (self->search);
}

static void
on_setup_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

static void
on_bind_cb (GtkSignalListItemFactory *factory,
            GtkListItem              *item)
{
  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)),
                       gtk_string_object_get_string (gtk_list_item_get_item (item)));
}

/* ---- vfunc overrides ------------------------------------------------ */

/* The focus, a mnemonic or a test's grab go to the button. */
static gboolean
rp_search_picker_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (RP_SEARCH_PICKER (widget)->button);
}

static void
rp_search_picker_dispose (GObject *object)
{
  RpSearchPicker *self = RP_SEARCH_PICKER (object);

  g_clear_pointer (&self->button, gtk_widget_unparent);
  g_clear_object (&self->items);
  G_OBJECT_CLASS (rp_search_picker_parent_class)->dispose (object);
}

static void
rp_search_picker_finalize (GObject *object)
{
  RpSearchPicker *self = RP_SEARCH_PICKER (object);

  g_free (self->selected);
  G_OBJECT_CLASS (rp_search_picker_parent_class)->finalize (object);
}

/* ---- class_init / init ---------------------------------------------- */

static void
rp_search_picker_class_init (RpSearchPickerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = rp_search_picker_dispose;
  object_class->finalize = rp_search_picker_finalize;
  signals[SIGNAL_PICKED] = g_signal_new ("picked", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                         G_TYPE_NONE, 1, G_TYPE_STRING);
  widget_class->grab_focus = rp_search_picker_grab_focus;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "searchpicker");
}

static GtkWidget *
new_popover_content (RpSearchPicker *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  GtkSingleSelection *selection;

  self->search = gtk_search_entry_new ();
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->search), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Search"), -1);
  g_signal_connect_swapped (self->search, "search-changed",
                            G_CALLBACK (on_search_changed_cb), self);
  g_signal_connect_swapped (self->search, "activate", G_CALLBACK (on_search_activate_cb), self);
  self->filter = gtk_custom_filter_new (filter_item, self, NULL);
  self->filtered = gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (self->items)),
                                              GTK_FILTER (self->filter));
  selection = gtk_single_selection_new (G_LIST_MODEL (self->filtered));
  gtk_single_selection_set_autoselect (selection, FALSE);
  g_signal_connect (factory, "setup", G_CALLBACK (on_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (on_bind_cb), NULL);
  self->list = gtk_list_view_new (GTK_SELECTION_MODEL (selection), g_object_ref (factory));
  gtk_list_view_set_single_click_activate (GTK_LIST_VIEW (self->list), TRUE);
  g_signal_connect (self->list, "activate", G_CALLBACK (on_list_activate_cb), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), self->list);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 360);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_box_append (GTK_BOX (box), self->search);
  gtk_box_append (GTK_BOX (box), scroller);
  gtk_search_entry_set_key_capture_widget (GTK_SEARCH_ENTRY (self->search), box);
  return box;
}

static void
rp_search_picker_init (RpSearchPicker *self)
{
  self->items = gtk_string_list_new (NULL);
  self->button = gtk_menu_button_new ();
  self->button_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->button_label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (self->button_label), PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (GTK_LABEL (self->button_label), 12);
  gtk_label_set_max_width_chars (GTK_LABEL (self->button_label), 20);
  gtk_menu_button_set_child (GTK_MENU_BUTTON (self->button), self->button_label);
  gtk_menu_button_set_always_show_arrow (GTK_MENU_BUTTON (self->button), TRUE);
  self->popover = gtk_popover_new ();
  gtk_popover_set_child (GTK_POPOVER (self->popover), new_popover_content (self));
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (self->button), self->popover);
  g_signal_connect_swapped (self->popover, "show", G_CALLBACK (on_popover_show_cb), self);
  gtk_widget_set_parent (self->button, GTK_WIDGET (self));
}

/* ---- public API ----------------------------------------------------- */

GtkWidget *
rp_search_picker_new (void)
{
  return g_object_new (RP_TYPE_SEARCH_PICKER, NULL);
}

void
rp_search_picker_append (RpSearchPicker *self,
                         const char     *id,
                         const char     *label,
                         const char     *search_text)
{
  g_autoptr(GObject) item = NULL;
  g_autofree char *text = NULL;

  g_return_if_fail (RP_IS_SEARCH_PICKER (self));
  g_return_if_fail (id != NULL && label != NULL);

  gtk_string_list_append (self->items, label);
  item = g_list_model_get_item (G_LIST_MODEL (self->items),
                                g_list_model_get_n_items (G_LIST_MODEL (self->items)) - 1);
  text = g_strconcat (label, " ", id, " ", search_text != NULL ? search_text : "", NULL);
  g_object_set_data_full (item, "rp-id", g_strdup (id), g_free);
  g_object_set_data_full (item, "rp-search", fold (text), g_free);
}

void
rp_search_picker_remove_all (RpSearchPicker *self)
{
  g_return_if_fail (RP_IS_SEARCH_PICKER (self));
  gtk_string_list_splice (self->items, 0, g_list_model_get_n_items (G_LIST_MODEL (self->items)),
                          NULL);
}

void
rp_search_picker_set_selected (RpSearchPicker *self,
                               const char     *id,
                               const char     *fallback)
{
  const char *label = fallback;

  g_return_if_fail (RP_IS_SEARCH_PICKER (self));

  g_free (self->selected);
  self->selected = g_strdup (id);
  for (guint i = 0; id != NULL && i < g_list_model_get_n_items (G_LIST_MODEL (self->items)); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (G_LIST_MODEL (self->items), i);

      if (g_strcmp0 (g_object_get_data (item, "rp-id"), id) == 0)
        label = gtk_string_object_get_string (GTK_STRING_OBJECT (item));
    }
  gtk_label_set_label (GTK_LABEL (self->button_label), label != NULL ? label : id);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->button),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  label != NULL ? label : "", -1);
}

const char *
rp_search_picker_get_selected (RpSearchPicker *self)
{
  g_return_val_if_fail (RP_IS_SEARCH_PICKER (self), NULL);
  return self->selected;
}

GtkEditable *
rp_search_picker_get_search (RpSearchPicker *self)
{
  g_return_val_if_fail (RP_IS_SEARCH_PICKER (self), NULL);
  return GTK_EDITABLE (self->search);
}

guint
rp_search_picker_get_n_matches (RpSearchPicker *self)
{
  g_return_val_if_fail (RP_IS_SEARCH_PICKER (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
}

void
rp_search_picker_popup (RpSearchPicker *self)
{
  g_return_if_fail (RP_IS_SEARCH_PICKER (self));
  gtk_menu_button_popup (GTK_MENU_BUTTON (self->button));
}

void
rp_search_picker_pick_first (RpSearchPicker *self)
{
  g_autoptr(GObject) item = NULL;

  g_return_if_fail (RP_IS_SEARCH_PICKER (self));

  /* Enter may come before the search entry's delayed "search-changed". */
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  item = g_list_model_get_item (G_LIST_MODEL (self->filtered), 0);
  if (item != NULL)
    pick (self, item);
}

gboolean
rp_search_matches (const char *query,
                   const char *text)
{
  g_autofree char *folded_query = NULL;
  g_autofree char *folded_text = NULL;
  g_auto(GStrv) words = NULL;

  if (query == NULL || *query == '\0')
    return TRUE;
  if (text == NULL)
    return FALSE;
  folded_query = fold (query);
  folded_text = fold (text);
  words = g_strsplit_set (folded_query, " \t", -1);
  for (guint i = 0; words[i] != NULL; i++)
    if (*words[i] != '\0' && strstr (folded_text, words[i]) == NULL)
      return FALSE;
  return TRUE;
}

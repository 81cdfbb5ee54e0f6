/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-compare-window.c: the Compare view
 *
 * A view of an RpCompareDocument (the columns, the file, undo): every
 * change it signals rebuilds core's RpCompare once (in an idle, so that
 * a burst of edits costs one) and, from it, the table and the visible
 * chart.  The table is a GtkGrid of labels: at
 * most six columns of about thirty rows, a few hundred widgets, rebuilt
 * whole in well under a frame.
 *
 * Files are read and written by the document, with the window's
 * cancellable. */

#include "config.h"

#include "rp-compare-window.h"

#include "rp-app-util.h"
#include "rp-chart-compare.h"
#include "rp-chart-view.h"
#include "rp-compare-document.h"
#include "rp-decide-task.h"
#include "rp-document-flow.h"
#include "rp-explore.h"
#include "rp-file.h"
#include "rp-recent.h"
#include "rp-report.h"
#include "rp-window.h"
#include "rp-words.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

/* ---- private structs ------------------------------------------------ */

/* The widgets of one table row, for the tests' accessors. */
typedef struct
{
  GtkWidget *label;             /* borrowed, in the grid */
  GPtrArray *cells;             /* GtkWidget*, borrowed */
} TableRow;

struct _RpCompareWindow
{
  GtkApplicationWindow parent_instance;

  /* template children */
  GtkWidget    *break_even_chart;
  GtkStack     *chart_stack;
  GtkStack     *content_stack;
  GtkWidget    *cost_chart;
  GtkLabel     *legend_label;
  GtkLabel     *notice_label;
  GtkRevealer  *notice_revealer;
  GtkListBox   *recent_list;
  GtkLabel     *subtitle_label;
  GtkGrid      *table_grid;
  GtkWidget    *time_chart;
  GtkLabel     *title_label;
  GtkWidget    *vram_chart;

  /* owned */
  RpCatalog    *catalog;
  GSettings    *settings;        /* may be NULL */
  RpCompareDocument *document;   /* the columns, the file, undo */
  RpDocumentFlow *flow;          /* open, save, close */
  RpCompare    *compare;         /* NULL without columns */
  GCancellable *cancellable;
  GHashTable   *rows;            /* row key → TableRow* */
  GPtrArray    *heads;           /* GtkWidget*, borrowed: the column heads */
  char         *shape;           /* what the table was built for: columns,
                                  * variants, row keys; same shape = update */

  /* state */
  gboolean      show_details;    /* the inputs beyond the key ones */
  gboolean      chart_stale[RP_N_CHARTS];
  guint         rebuild_id;
  GCancellable *deciding;        /* the decisions under way (rp-decide-task.h), or NULL */
};

G_DEFINE_FINAL_TYPE (RpCompareWindow, rp_compare_window, GTK_TYPE_APPLICATION_WINDOW)

enum
{
  PROP_0,
  PROP_CATALOG,
  PROP_SETTINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void schedule_rebuild (RpCompareWindow *self);
/* ---- helpers: the document -------------------------------------------- */

static guint
n_columns (RpCompareWindow *self)
{
  return rp_compare_document_get_n_columns (self->document);
}

static const RpScenario *
scenario_at (RpCompareWindow *self,
             guint            i)
{
  return rp_compare_document_get_scenario (self->document, i);
}

static const RpField *
variant_at (RpCompareWindow *self,
            guint            i)
{
  return rp_compare_document_get_variant (self->document, i);
}

/* ---- helpers: notice, title ----------------------------------------- */

static void
show_notice (RpCompareWindow *self,
             const char      *text)
{
  gtk_label_set_label (self->notice_label, text);
  gtk_revealer_set_reveal_child (self->notice_revealer, TRUE);
}

static void
update_title (RpCompareWindow *self)
{
  g_autofree char *name = rp_compare_document_dup_name (self->document);
  const char *mark = rp_compare_document_get_modified (self->document) ? "• " : "";
  g_autofree char *title = NULL;
  g_autofree char *window_title = NULL;
  guint n = n_columns (self);

  if (name != NULL)
    title = g_strdup_printf ("%s%s", mark, name);
  else
    /* TRANSLATORS: the Compare window's title before it is saved */
    title = g_strdup_printf ("%s%s", mark, _("Comparison"));
  gtk_label_set_label (self->title_label, title);
  {
    /* TRANSLATORS: under the Compare window's title */
    g_autofree char *count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u scenario",
                                                           "%u scenarios", n), n);

    gtk_label_set_label (self->subtitle_label, count);
  }
  window_title = g_strdup_printf ("%s — %s", title, _("Compare — Rigplan"));
  gtk_window_set_title (GTK_WINDOW (self), window_title);
}

/* ---- helpers: the table --------------------------------------------- */

static void
table_row_free (gpointer data)
{
  TableRow *row = data;

  g_ptr_array_unref (row->cells);
  g_free (row);
}

static GtkWidget *
new_cell (const char *text,
          const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_yalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 24);
  gtk_label_set_width_chars (GTK_LABEL (label), 16);
  gtk_widget_add_css_class (label, css_class);
  return label;
}

/* The buttons under a column's name: move, duplicate as a variant,
 * remove.  Each is an action with the column as its target. */
static GtkWidget *
new_head_button (const char *icon,
                 const char *tooltip,
                 const char *action,
                 guint       column)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  tooltip, -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "u", column);
  gtk_widget_add_css_class (button, "flat");
  return button;
}

static void
on_duplicate_clicked_cb (GtkButton *button,
                         gpointer   user_data)
{
  RpCompareWindow *self = user_data;
  GtkDropDown *fields = g_object_get_data (G_OBJECT (button), "rp-fields");
  guint column = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "rp-column"));
  guint i = gtk_drop_down_get_selected (fields);
  GtkWidget *popover = gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_POPOVER);
  GPtrArray *variants = rp_compare_document_variant_fields ();

  if (popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (popover));
  if (i < variants->len)
    rp_compare_window_duplicate_as_variant (self, column,
                                            ((const RpField *) variants->pdata[i])->key);
}

/* The popover's content is built when it first opens: fifty fields in
 * six columns cost more than the rest of the table. */
static void
create_duplicate_popup_cb (GtkMenuButton *menu_button,
                           gpointer       user_data)
{
  RpCompareWindow *self = user_data;
  GPtrArray *variants = rp_compare_document_variant_fields ();
  GtkWidget *popover, *box, *fields, *go;
  GtkStringList *labels;

  if (gtk_menu_button_get_popover (menu_button) != NULL)
    return;
  popover = gtk_popover_new ();
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  labels = gtk_string_list_new (NULL);
  for (guint i = 0; i < variants->len; i++)
    gtk_string_list_append (labels, rp_field_get_label (g_ptr_array_index (variants, i)));
  fields = gtk_drop_down_new (G_LIST_MODEL (labels), NULL);
  gtk_drop_down_set_enable_search (GTK_DROP_DOWN (fields), TRUE);
  gtk_drop_down_set_expression (GTK_DROP_DOWN (fields),
                                gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL,
                                                             "string"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (fields), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Field to change"), -1);
  go = gtk_button_new_with_mnemonic (_("_Duplicate"));
  gtk_widget_add_css_class (go, "suggested-action");
  g_object_set_data (G_OBJECT (go), "rp-fields", fields);
  g_object_set_data (G_OBJECT (go), "rp-column",
                     g_object_get_data (G_OBJECT (menu_button), "rp-column"));
  g_signal_connect_object (go, "clicked", G_CALLBACK (on_duplicate_clicked_cb), self, 0);
  gtk_box_append (GTK_BOX (box), gtk_label_new (_("Change one field:")));
  gtk_box_append (GTK_BOX (box), fields);
  gtk_box_append (GTK_BOX (box), go);
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  gtk_menu_button_set_popover (menu_button, popover);
}

static GtkWidget *
new_duplicate_button (RpCompareWindow *self,
                      guint            column)
{
  GtkWidget *menu_button = gtk_menu_button_new ();
  const char *tip = _("Duplicate as a variant with one field changed");

  g_object_set_data (G_OBJECT (menu_button), "rp-column", GUINT_TO_POINTER (column));
  gtk_menu_button_set_create_popup_func (GTK_MENU_BUTTON (menu_button),
                                         create_duplicate_popup_cb, self, NULL);
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (menu_button), "edit-copy-symbolic");
  gtk_widget_set_tooltip_text (menu_button, tip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (menu_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  tip, -1);
  gtk_widget_add_css_class (menu_button, "flat");
  return menu_button;
}

/* ---- helpers: a variant's editor ------------------------------------ */

static void
on_variant_entry_activate_cb (GtkEntry *entry,
                              gpointer  user_data)
{
  RpCompareWindow *self = user_data;
  guint column = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (entry), "rp-column"));

  rp_compare_window_set_variant_value (self, column, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

static void
on_variant_choice_cb (GtkDropDown *drop,
                      GParamSpec  *pspec,
                      gpointer     user_data)
{
  RpCompareWindow *self = user_data;
  guint column = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (drop), "rp-column"));
  const RpField *f = variant_at (self, column);
  guint i = gtk_drop_down_get_selected (drop);

  if (i == GTK_INVALID_LIST_POSITION)
    return;
  if (f->ref == RP_FIELD_REF_GPU)
    rp_compare_window_set_variant_value (self, column, rp_catalog_get_gpu (self->catalog, i)->id);
  else if (f->choices != NULL)
    rp_compare_window_set_variant_value (self, column, rp_enum_info_get_name (f->choices, i));
  else
    rp_compare_window_set_variant_value (self, column, i != 0 ? "true" : "false");
}

static GtkWidget *
new_variant_choice (RpCompareWindow *self,
                    const RpField   *f,
                    const RpScenario *s)
{
  GtkStringList *labels = gtk_string_list_new (NULL);
  guint selected = 0;
  GtkWidget *drop;

  if (f->ref == RP_FIELD_REF_GPU)
    for (guint i = 0; i < rp_catalog_n_gpus (self->catalog); i++)
      {
        const RpGpu *gpu = rp_catalog_get_gpu (self->catalog, i);

        gtk_string_list_append (labels, gpu->name);
        if (g_strcmp0 (gpu->id, s->hardware.gpu) == 0)
          selected = i;
      }
  else if (f->choices != NULL)
    {
      for (guint i = 0; i < f->choices->n; i++)
        gtk_string_list_append (labels, rp_enum_info_get_label (f->choices, i));
      selected = (guint) rp_field_get_number (f, s);
    }
  else
    {
      gtk_string_list_append (labels, _("no"));
      gtk_string_list_append (labels, _("yes"));
      selected = rp_field_get_number (f, s) != 0;
    }
  drop = gtk_drop_down_new (G_LIST_MODEL (labels), NULL);
  gtk_drop_down_set_enable_search (GTK_DROP_DOWN (drop), TRUE);
  gtk_drop_down_set_expression (GTK_DROP_DOWN (drop),
                                gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL,
                                                             "string"));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (drop), selected);
  return drop;
}

/* The variant's field, editable in the column's head. */
static GtkWidget *
new_variant_editor (RpCompareWindow *self,
                    guint            column)
{
  const RpField *f = variant_at (self, column);
  const RpScenario *scenario = scenario_at (self, column);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *label = gtk_label_new (rp_field_get_label (f));
  GtkWidget *editor;

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "figure-caption");
  if (f->type == RP_FIELD_STRING || f->type == RP_FIELD_BOOL || f->choices != NULL)
    {
      editor = new_variant_choice (self, f, scenario);
      g_object_set_data (G_OBJECT (editor), "rp-column", GUINT_TO_POINTER (column));
      g_signal_connect_object (editor, "notify::selected", G_CALLBACK (on_variant_choice_cb),
                               self, 0);
    }
  else
    {
      g_autofree char *text = rp_compare_document_dup_variant_text (self->document, f, scenario);

      editor = gtk_entry_new ();
      gtk_editable_set_text (GTK_EDITABLE (editor), text);
      gtk_editable_set_width_chars (GTK_EDITABLE (editor), 8);
      g_object_set_data (G_OBJECT (editor), "rp-column", GUINT_TO_POINTER (column));
      g_signal_connect_object (editor, "activate", G_CALLBACK (on_variant_entry_activate_cb),
                               self, 0);
    }
  gtk_accessible_update_relation (GTK_ACCESSIBLE (editor), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                  label, NULL, -1);
  gtk_widget_set_name (editor, "variant-editor");
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), editor);
  return box;
}

static GtkWidget *
new_column_head (RpCompareWindow *self,
                 guint            i)
{
  const RpCompare *cmp = self->compare;
  GtkWidget *head = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  g_autofree char *title = g_strdup_printf ("%s · %s", rp_compare_get_letter (cmp, i),
                                            rp_words_compare_name (cmp, i));
  GtkWidget *name = gtk_button_new ();
  GtkWidget *name_label = gtk_label_new (title);

  gtk_label_set_wrap (GTK_LABEL (name_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (name_label), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (name_label), 24);
  gtk_widget_add_css_class (name_label, "compare-name");
  g_object_set_data (G_OBJECT (head), "rp-name", name_label);
  gtk_button_set_child (GTK_BUTTON (name), name_label);
  gtk_widget_add_css_class (name, "flat");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (name), "compare.edit");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (name), "u", i);
  gtk_widget_set_tooltip_text (name, _("Open in the editor"));
  gtk_box_append (GTK_BOX (head), name);
  if (variant_at (self, i) != NULL)
    gtk_box_append (GTK_BOX (head), new_variant_editor (self, i));

  if (i > 0)
    gtk_box_append (GTK_BOX (buttons),
                    new_head_button ("go-previous-symbolic", _("Move left"), "compare.move-left",
                                     i));
  if (i + 1 < n_columns (self))
    gtk_box_append (GTK_BOX (buttons),
                    new_head_button ("go-next-symbolic", _("Move right"), "compare.move-right",
                                     i));
  gtk_box_append (GTK_BOX (buttons), new_duplicate_button (self, i));
  gtk_box_append (GTK_BOX (buttons),
                  new_head_button ("window-close-symbolic", _("Remove from the comparison"),
                                   "compare.remove", i));
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (head), buttons);

  gtk_widget_add_css_class (head, "verdict");
  gtk_widget_add_css_class (head, "compare-head");
  gtk_widget_add_css_class (head, rp_compare_get_status (cmp, i));
  gtk_widget_set_size_request (head, 180, -1);
  return head;
}

/* A new, empty grid in place of the old one: dropping a grid whole is
 * several times faster than removing its few hundred children one by
 * one from a grid on screen. */
static void
clear_table (RpCompareWindow *self)
{
  GtkWidget *old = GTK_WIDGET (self->table_grid);
  GtkWidget *parent = gtk_widget_get_parent (old);
  GtkWidget *grid = gtk_grid_new ();

  g_hash_table_remove_all (self->rows);
  g_ptr_array_set_size (self->heads, 0);
  g_clear_pointer (&self->shape, g_free);
  gtk_grid_set_column_spacing (GTK_GRID (grid), gtk_grid_get_column_spacing (self->table_grid));
  gtk_widget_set_halign (grid, GTK_ALIGN_START);
  gtk_widget_add_css_class (grid, "compare-table");
  gtk_accessible_update_property (GTK_ACCESSIBLE (grid), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Comparison table"), -1);
  gtk_box_insert_child_after (GTK_BOX (parent), grid, old);
  gtk_box_remove (GTK_BOX (parent), old);
  self->table_grid = GTK_GRID (grid);
}

static void
add_section_row (RpCompareWindow *self,
                 int              y,
                 const char      *title)
{
  GtkWidget *label = gtk_label_new (title);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "section-heading");
  gtk_grid_attach (self->table_grid, label, 0, y, 1 + n_columns (self), 1);
}

static void
on_details_clicked_cb (GtkButton *button,
                       gpointer   user_data)
{
  RpCompareWindow *self = user_data;

  self->show_details = !self->show_details;
  schedule_rebuild (self);
}

/* The row that folds the inputs beyond the key ones: between two very
 * different scenarios they are dozens, and the results matter first. */
static void
add_details_toggle (RpCompareWindow *self,
                    int              y,
                    guint            n_details)
{
  g_autofree char *text = self->show_details
    ? g_strdup (_("Hide the other inputs"))
    /* TRANSLATORS: a button in the comparison table */
    : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Show %u more input that differs",
                                    "Show %u more inputs that differ", n_details), n_details);
  GtkWidget *button = gtk_button_new_with_label (text);

  gtk_widget_set_halign (button, GTK_ALIGN_START);
  gtk_widget_add_css_class (button, "flat");
  g_signal_connect_object (button, "clicked", G_CALLBACK (on_details_clicked_cb), self, 0);
  gtk_grid_attach (self->table_grid, button, 0, y, 1 + n_columns (self), 1);
}

static void
set_class (GtkWidget  *widget,
           const char *css_class,
           gboolean    on)
{
  if (on)
    gtk_widget_add_css_class (widget, css_class);
  else
    gtk_widget_remove_css_class (widget, css_class);
}

/* What a row shows: its texts, best marks and differing inputs. */
static void
style_row (RpCompareWindow    *self,
           TableRow           *widgets,
           const RpCompareRow *row)
{
  gboolean differs = row->kind == RP_COMPARE_ROW_INPUT && row->differs;

  set_class (widgets->label, "differs", differs);
  gtk_widget_set_tooltip_text (widgets->label, differs ? _("The scenarios differ here") : NULL);
  for (guint i = 0; i < widgets->cells->len; i++)
    {
      GtkWidget *cell = g_ptr_array_index (widgets->cells, i);
      g_autofree char *text = row->is_best[i] ? g_strdup_printf ("★ %s", row->texts[i])
                                              : g_strdup (row->texts[i]);

      if (row->has_band && row->band_texts[i] != NULL)
        {
          /* TRANSLATORS: under a figure of the comparison, the range it
           * likely falls in ("likely 15.0 GiB–21.7 GiB") */
          g_autofree char *band = g_strdup_printf (_("likely %s"), row->band_texts[i]);
          g_autofree char *markup = g_markup_printf_escaped ("%s\n<small>%s</small>", text,
                                                             band);

          gtk_label_set_markup (GTK_LABEL (cell), markup);
        }
      else
        gtk_label_set_text (GTK_LABEL (cell), text);
      set_class (cell, "best", row->is_best[i]);
      set_class (cell, "differs", differs);
      if (row->is_best[i])
        gtk_accessible_update_property (GTK_ACCESSIBLE (cell),
                                        GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                        _("the best value of this row"), -1);
      else
        gtk_accessible_reset_property (GTK_ACCESSIBLE (cell),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
      g_object_set_data_full (G_OBJECT (cell), "rp-text", g_strdup (row->texts[i]), g_free);
    }
}

static void
add_table_row (RpCompareWindow    *self,
               int                 y,
               const RpCompareRow *row)
{
  TableRow *widgets = g_new0 (TableRow, 1);
  gboolean shown = !row->detail || self->show_details;

  widgets->label = new_cell (row->label, "compare-label");
  widgets->cells = g_ptr_array_new ();
  gtk_widget_set_visible (widgets->label, shown);
  gtk_grid_attach (self->table_grid, widgets->label, 0, y, 1, 1);
  for (guint i = 0; i < n_columns (self); i++)
    {
      GtkWidget *cell = new_cell ("", "compare-cell");

      gtk_label_set_selectable (GTK_LABEL (cell), TRUE);
      gtk_widget_set_visible (cell, shown);
      gtk_grid_attach (self->table_grid, cell, 1 + i, y, 1, 1);
      g_ptr_array_add (widgets->cells, cell);
    }
  style_row (self, widgets, row);
  g_hash_table_insert (self->rows, (gpointer) row->key, widgets);
}

static void
set_legend (RpCompareWindow *self)
{
  g_autofree char *note = rp_words_compare_currency_note (self->compare);
  g_autofree char *best = rp_words_compare_best_legend (self->compare, "★");
  g_autoptr(GString) legend = g_string_new (NULL);

  /* TRANSLATORS: under the comparison table: what marks the best, then */
  g_string_append_printf (legend, _("%s; highlighted inputs differ between the scenarios. "
                                    "Click a scenario’s name to open it in the editor."), best);
  if (note != NULL)
    g_string_append_printf (legend, " %s", note);
  gtk_label_set_label (self->legend_label, legend->str);
}

/* The table's shape: what must match for it to be updated in place. */
static char *
table_shape (RpCompareWindow *self)
{
  GString *shape = g_string_new (NULL);

  g_string_append_printf (shape, "%u %d|", n_columns (self), self->show_details);
  for (guint i = 0; i < n_columns (self); i++)
    {
      const RpField *variant = variant_at (self, i);

      g_string_append_printf (shape, "%s,", variant != NULL ? variant->key : "");
    }
  for (guint r = 0; r < rp_compare_get_n_rows (self->compare); r++)
    g_string_append_printf (shape, "|%s", rp_compare_get_row (self->compare, r)->key);
  return g_string_free (shape, FALSE);
}

static void
update_head (RpCompareWindow *self,
             guint            i)
{
  static const char *const statuses[] = { "fits", "tight", "does-not-fit", "error" };
  GtkWidget *head = g_ptr_array_index (self->heads, i);
  GtkWidget *name = g_object_get_data (G_OBJECT (head), "rp-name");
  g_autofree char *title = g_strdup_printf ("%s · %s", rp_compare_get_letter (self->compare, i),
                                            rp_words_compare_name (self->compare, i));

  gtk_label_set_label (GTK_LABEL (name), title);
  for (guint k = 0; k < G_N_ELEMENTS (statuses); k++)
    set_class (head, statuses[k],
               g_str_equal (statuses[k], rp_compare_get_status (self->compare, i)));
}

/* The same rows and columns as before (an edit changed values only):
 * new texts and marks in the widgets there are. */
static void
update_table (RpCompareWindow *self)
{
  for (guint i = 0; i < self->heads->len; i++)
    update_head (self, i);
  for (guint r = 0; r < rp_compare_get_n_rows (self->compare); r++)
    {
      const RpCompareRow *row = rp_compare_get_row (self->compare, r);

      style_row (self, g_hash_table_lookup (self->rows, row->key), row);
    }
}

static void
build_table (RpCompareWindow *self)
{
  RpCompareRowKind kind = RP_COMPARE_ROW_RESULT;
  int y = 1;
  guint n_details = 0;
  gboolean toggle_added = FALSE;
  g_autofree char *shape = table_shape (self);

  if (self->shape != NULL && g_str_equal (shape, self->shape))
    {
      update_table (self);
      set_legend (self);
      return;
    }
  clear_table (self);
  self->shape = g_steal_pointer (&shape);
  for (guint i = 0; i < n_columns (self); i++)
    {
      GtkWidget *head = new_column_head (self, i);

      gtk_grid_attach (self->table_grid, head, 1 + i, 0, 1, 1);
      g_ptr_array_add (self->heads, head);
    }
  for (guint r = 0; r < rp_compare_get_n_rows (self->compare); r++)
    n_details += rp_compare_get_row (self->compare, r)->detail;
  for (guint r = 0; r < rp_compare_get_n_rows (self->compare); r++)
    {
      const RpCompareRow *row = rp_compare_get_row (self->compare, r);

      if (n_details > 0 && !toggle_added && (row->detail || row->kind != RP_COMPARE_ROW_INPUT))
        {
          add_details_toggle (self, y++, n_details);
          toggle_added = TRUE;
        }
      if (row->kind != kind)
        {
          kind = row->kind;
          /* TRANSLATORS: the two parts of the comparison table */
          add_section_row (self, y++, kind == RP_COMPARE_ROW_INPUT ? _("Inputs") : _("Results"));
        }
      add_table_row (self, y++, row);
    }
  set_legend (self);
}

/* ---- helpers: charts ------------------------------------------------ */

static GtkWidget *
chart_view_of (RpCompareWindow *self,
               RpChartKind      kind)
{
  switch (kind)
    {
    case RP_CHART_VRAM:
      return self->vram_chart;
    case RP_CHART_TIME:
      return self->time_chart;
    case RP_CHART_COST:
      return self->cost_chart;
    case RP_CHART_BREAK_EVEN:
    case RP_N_CHARTS:
    default:
      return self->break_even_chart;
    }
}

static RpChartKind
chart_kind_of (RpCompareWindow *self,
               GtkWidget       *view)
{
  for (RpChartKind k = 0; k < RP_N_CHARTS; k++)
    if (chart_view_of (self, k) == view)
      return k;
  return RP_CHART_VRAM;
}

static void
refresh_chart (RpCompareWindow *self,
               RpChartKind      kind)
{
  RpChartData *data = NULL;

  if (self->compare != NULL)
    data = rp_chart_data_new_compare (kind, self->compare, self->catalog);
  rp_chart_view_set_data (RP_CHART_VIEW (chart_view_of (self, kind)), data);
  self->chart_stale[kind] = FALSE;
}

/* ---- helpers: recent files on the empty page ------------------------- */

static void
on_recent_add_clicked_cb (GtkButton *button,
                          gpointer   user_data)
{
  RpCompareWindow *self = user_data;
  const char *uri = g_object_get_data (G_OBJECT (button), "rp-uri");
  g_autoptr(GFile) file = g_file_new_for_uri (uri);

  rp_compare_window_add_files (self, &file, 1);
}

static void
fill_recent (RpCompareWindow *self)
{
  g_autoptr(GPtrArray) uris = rp_recent_list (RP_RECENT_SCENARIOS, 8);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->recent_list))) != NULL)
    gtk_list_box_remove (self->recent_list, child);
  for (guint i = 0; i < uris->len; i++)
    {
      const char *uri = g_ptr_array_index (uris, i);
      g_autoptr(GFile) file = g_file_new_for_uri (uri);
      g_autofree char *name = g_file_get_basename (file);
      GtkWidget *button = gtk_button_new_with_label (name);

      gtk_widget_add_css_class (button, "flat");
      gtk_widget_set_tooltip_text (button, uri);
      g_object_set_data_full (G_OBJECT (button), "rp-uri", g_strdup (uri), g_free);
      g_signal_connect_object (button, "clicked", G_CALLBACK (on_recent_add_clicked_cb), self, 0);
      gtk_list_box_append (self->recent_list, button);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->recent_list), uris->len > 0);
}

/* ---- helpers: rebuilding -------------------------------------------- */

static void
update_actions (RpCompareWindow *self)
{
  gboolean any = n_columns (self) > 0;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "compare.save", any);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "compare.save-as", any);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "compare.export-csv", any);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "compare.export-pdf", any);
}

/* Each scenario's decision arrives after the table: its row is added
 * then (the decisions of an older table are dropped). */
static void
on_decided_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(RpCompareWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  guint n = 0;
  RpDecision **decisions = rp_decide_task_finish (result, &n, &error);

  if (decisions == NULL)
    return;
  /* a column added or removed since: its rebuild is pending (the idle
   * runs after this callback) and decides again */
  if (self->compare == NULL || n != rp_compare_get_n_columns (self->compare) ||
      n != n_columns (self) || g_task_get_cancellable (G_TASK (result)) != self->deciding)
    {
      for (guint i = 0; i < n; i++)
        rp_decision_free (decisions[i]);
      g_free (decisions);
      return;
    }
  g_clear_object (&self->deciding);
  rp_compare_add_decisions (self->compare, decisions);
  rp_words_compare_describe (self->compare, self->catalog);
  build_table (self);
}

static void
decide_columns (RpCompareWindow *self,
                GPtrArray       *scenarios)
{
  if (self->deciding != NULL)
    g_cancellable_cancel (self->deciding);
  g_clear_object (&self->deciding);
  self->deciding = g_cancellable_new ();
  rp_decide_task_run (scenarios, self->catalog, self->deciding, on_decided_cb,
                      g_object_ref (self));
}

static void
rebuild (RpCompareWindow *self)
{
  g_autoptr(GPtrArray) scenarios = g_ptr_array_new ();
  g_autoptr(GPtrArray) sources = g_ptr_array_new_with_free_func (g_free);
  GtkWidget *visible = gtk_stack_get_visible_child (self->chart_stack);
  gint64 start_us = g_get_monotonic_time ();

  g_clear_pointer (&self->compare, rp_compare_free);
  for (guint i = 0; i < n_columns (self); i++)
    {
      GFile *file = rp_compare_document_get_column_file (self->document, i);

      g_ptr_array_add (scenarios, (gpointer) scenario_at (self, i));
      g_ptr_array_add (sources, file != NULL ? g_file_get_path (file) : NULL);
    }
  update_title (self);
  update_actions (self);
  if (scenarios->len == 0)
    {
      clear_table (self);
      fill_recent (self);
      gtk_stack_set_visible_child_name (self->content_stack, "empty");
      for (RpChartKind k = 0; k < RP_N_CHARTS; k++)
        refresh_chart (self, k);
      return;
    }
  self->compare = rp_words_compare_new (self->catalog, (const RpScenario *const *) scenarios->pdata,
                                  (const char *const *) sources->pdata, scenarios->len);
  build_table (self);
  decide_columns (self, scenarios);
  gtk_stack_set_visible_child_name (self->content_stack, "table");
  for (RpChartKind k = 0; k < RP_N_CHARTS; k++)
    self->chart_stale[k] = TRUE;
  if (visible != NULL)
    refresh_chart (self, chart_kind_of (self, visible));
  if (g_getenv ("RIGPLAN_DEBUG_TIMING") != NULL)
    g_printerr ("rigplan: compare of %u, table and chart %" G_GINT64_FORMAT " µs\n",
                scenarios->len, g_get_monotonic_time () - start_us);
}

static gboolean
rebuild_cb (gpointer user_data)
{
  RpCompareWindow *self = user_data;

  self->rebuild_id = 0;
  rebuild (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_rebuild (RpCompareWindow *self)
{
  if (self->rebuild_id == 0)
    self->rebuild_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, rebuild_cb, self, NULL);
}

/* Rebuilds now if a rebuild is pending (the accessors show what is). */
static void
flush (RpCompareWindow *self)
{
  if (self->rebuild_id != 0)
    {
      g_clear_handle_id (&self->rebuild_id, g_source_remove);
      rebuild (self);
    }
}

/* ---- helpers: the document's reads ---------------------------------- */

typedef struct
{
  RpCompareWindow *self;        /* owned */
  GFile           *first;       /* owned: the file read when it was one, or NULL */
} AddFiles;

static void
added_files_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  AddFiles *data = user_data;
  g_autoptr(GPtrArray) added = NULL;
  GFile *file;

  if (rp_compare_document_add_files_finish (RP_COMPARE_DOCUMENT (source), result, &added, NULL))
    {
      for (guint i = 0; i < added->len; i++)
        rp_recent_add (g_ptr_array_index (added, i), RP_RECENT_SCENARIOS);
      /* a comparison opened */
      file = rp_compare_document_get_file (RP_COMPARE_DOCUMENT (source));
      if (file != NULL && data->first != NULL && g_file_equal (file, data->first))
        rp_recent_add (file, RP_RECENT_COMPARISONS);
    }
  g_object_unref (data->self);
  g_clear_object (&data->first);
  g_free (data);
}

/* ---- helpers: dialogs ----------------------------------------------- */

static GtkFileChooserNative *
new_chooser (RpCompareWindow      *self,
             const char           *title,
             GtkFileChooserAction  action,
             const char           *accept)
{
  g_autoptr(GFile) folder = rp_app_last_folder (self->settings);

  return rp_app_file_chooser_new (GTK_WINDOW (self), title, action, accept, folder);
}

static void
show_error (RpCompareWindow *self,
            const char      *primary,
            const char      *secondary)
{
  rp_app_show_message (GTK_WINDOW (self), GTK_MESSAGE_ERROR, primary, secondary);
}

/* ---- helpers: open, save, close (rp-document-flow.h) ----------------- */

static void open_in (GtkWindow *window,
                     GFile     *file);

static GFile *
kind_get_file (GObject *document)
{
  return rp_compare_document_get_file (RP_COMPARE_DOCUMENT (document));
}

static gboolean
kind_needs_saving (GObject *document)
{
  return rp_compare_document_needs_saving (RP_COMPARE_DOCUMENT (document));
}

static char *
kind_dup_title (GObject *document)
{
  char *name = rp_compare_document_dup_name (RP_COMPARE_DOCUMENT (document));

  /* TRANSLATORS: the file name a new comparison is offered */
  return name != NULL ? name : g_strdup (_("comparison"));
}

static void
kind_save_async (GObject             *document,
                 GFile               *file,
                 GCancellable        *cancellable,
                 GAsyncReadyCallback  callback,
                 gpointer             user_data)
{
  rp_compare_document_save_async (RP_COMPARE_DOCUMENT (document), file, cancellable, callback,
                                  user_data);
}

static gboolean
kind_save_finish (GObject       *document,
                  GAsyncResult  *result,
                  GError       **error)
{
  return rp_compare_document_save_finish (RP_COMPARE_DOCUMENT (document), result, error);
}

static void
kind_show_error (GtkWindow  *window,
                 const char *primary,
                 const char *secondary)
{
  rp_app_show_message (window, GTK_MESSAGE_ERROR, primary, secondary);
}

static const RpDocumentKind compare_kind = {
  .get_file = kind_get_file,
  .needs_saving = kind_needs_saving,
  .dup_title = kind_dup_title,
  .save_async = kind_save_async,
  .save_finish = kind_save_finish,
  .open = open_in,
  .show_error = kind_show_error,
  .open_title = N_("Open Comparison"),
  .save_title = N_("Save Comparison"),
  .filter_name = N_("Rigplan comparisons"),
  .mime = "application/x-rigplan-compare",
  .pattern = "*.rigplan-compare",
  .extension = ".rigplan-compare",
  .recent = RP_RECENT_COMPARISONS,
};

/* ---- signal callbacks ----------------------------------------------- */

static void
on_document_changed_cb (RpCompareWindow   *self,
                        guint              what,
                        RpCompareDocument *document)
{
  schedule_rebuild (self);
}

static void
on_document_notice_cb (RpCompareWindow   *self,
                       const char        *text,
                       RpCompareDocument *document)
{
  show_notice (self, text);
}

static void
on_notice_close_clicked_cb (RpCompareWindow *self)
{
  gtk_revealer_set_reveal_child (self->notice_revealer, FALSE);
}

static void
on_chart_stack_visible_child_cb (RpCompareWindow *self,
                                 GParamSpec      *pspec,
                                 GtkStack        *stack)
{
  GtkWidget *visible = gtk_stack_get_visible_child (stack);

  if (visible != NULL && self->document != NULL)
    {
      RpChartKind kind = chart_kind_of (self, visible);

      if (self->chart_stale[kind])
        refresh_chart (self, kind);
    }
}

static gboolean
on_drop_cb (GtkDropTarget *target,
            const GValue  *value,
            double         x,
            double         y,
            gpointer       user_data)
{
  RpCompareWindow *self = user_data;
  g_autoptr(GPtrArray) files = rp_app_dropped_files (value);

  if (files->len == 0)
    return FALSE;
  rp_compare_window_add_files (self, (GFile **) files->pdata, files->len);
  return TRUE;
}

static void
on_add_files_response_cb (GtkNativeDialog *chooser,
                          int              response,
                          gpointer         user_data)
{
  g_autoptr(RpCompareWindow) self = user_data;
  g_autoptr(GPtrArray) files = rp_app_chooser_take_files (chooser, response);

  if (files->len > 0)
    rp_compare_window_add_files (self, (GFile **) files->pdata, files->len);
}

/* Opens a comparison chosen in Open: into this window while it is
 * empty, else into a new one. */
static void
open_in (GtkWindow *window,
         GFile     *file)
{
  RpCompareWindow *self = RP_COMPARE_WINDOW (window);
  RpCompareWindow *target = self;

  if (n_columns (self) > 0 || rp_compare_document_get_file (self->document) != NULL)
    {
      target = rp_compare_window_new (gtk_window_get_application (window), self->catalog,
                                      self->settings);
      gtk_window_present (GTK_WINDOW (target));
    }
  rp_compare_window_open_file (target, file);
}

static void
csv_written_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(RpCompareWindow) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!rp_file_replace_finish (G_FILE (source), result, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_error (self, _("Could not export the table"), error->message);
      return;
    }
  {
    g_autofree char *name = g_file_get_basename (G_FILE (source));
    /* TRANSLATORS: %s is a file name */
    g_autofree char *text = g_strdup_printf (_("Exported “%s”."), name);

    show_notice (self, text);
  }
}

static void
on_export_csv_response_cb (GtkNativeDialog *chooser,
                           int              response,
                           gpointer         user_data)
{
  g_autoptr(RpCompareWindow) self = user_data;
  g_autoptr(GFile) file = rp_app_chooser_take_file (chooser, response);
  g_autoptr(GBytes) bytes = NULL;
  char *csv;

  flush (self);
  if (file == NULL || self->compare == NULL)
    return;
  csv = rp_compare_to_csv (self->compare);
  bytes = g_bytes_new_take (csv, strlen (csv));
  rp_file_replace_async (file, bytes, self->cancellable, csv_written_cb, g_object_ref (self));
}

static void
on_export_pdf_response_cb (GtkNativeDialog *chooser,
                           int              response,
                           gpointer         user_data)
{
  g_autoptr(RpCompareWindow) self = user_data;
  g_autoptr(GFile) file = rp_app_chooser_take_file (chooser, response);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  RpReportOptions options;

  flush (self);
  if (file == NULL || self->compare == NULL)
    return;
  rp_report_options_init (&options);
  /* drawn in memory, written by the same atomic writer as the table */
  bytes = rp_report_compare_to_pdf (self->compare, self->catalog, &options, &error);
  if (bytes == NULL)
    {
      show_error (self, _("Could not export the report"), error->message);
      return;
    }
  rp_file_replace_async (file, bytes, self->cancellable, csv_written_cb, g_object_ref (self));
}

/* A comparison of files can be rebuilt from them; one holding variants
 * or unsaved scenarios cannot, so closing it asks first. */
static gboolean
on_close_request_cb (GtkWindow *window)
{
  RpCompareWindow *self = RP_COMPARE_WINDOW (window);

  return !rp_document_flow_may_close (self->flow, _("Save the comparison before closing?"),
                                      _("It holds variants or unsaved scenarios that "
                                        "exist nowhere else."));
}

/* ---- action handlers ------------------------------------------------ */

static void
compare_add_files_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  RpCompareWindow *self = RP_COMPARE_WINDOW (widget);
  GtkFileChooserNative *chooser = new_chooser (self, _("Add Scenarios to Compare"),
                                               GTK_FILE_CHOOSER_ACTION_OPEN, _("_Add"));

  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser),
                               rp_app_file_filter (_("Rigplan scenarios"), "application/x-rigplan",
                                                   "*.rigplan"));
  g_signal_connect (chooser, "response", G_CALLBACK (on_add_files_response_cb),
                    g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* Every scenario open in an editor window, linked. */
static void
compare_add_open_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  RpCompareWindow *self = RP_COMPARE_WINDOW (widget);
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (RP_IS_WINDOW (window) &&
          !rp_compare_window_add_document (self, rp_window_get_document (RP_WINDOW (window))))
        break;
    }
}

static void
compare_open_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  rp_document_flow_open (RP_COMPARE_WINDOW (widget)->flow);
}

static void
compare_save_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  rp_document_flow_save (RP_COMPARE_WINDOW (widget)->flow);
}

static void
compare_save_as_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  rp_document_flow_save_as (RP_COMPARE_WINDOW (widget)->flow);
}

static void
compare_export_csv_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  RpCompareWindow *self = RP_COMPARE_WINDOW (widget);
  GtkFileChooserNative *chooser = new_chooser (self, _("Export Table as CSV"),
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"));

  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), "comparison.csv");
  g_signal_connect (chooser, "response", G_CALLBACK (on_export_csv_response_cb),
                    g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
compare_export_pdf_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  RpCompareWindow *self = RP_COMPARE_WINDOW (widget);
  GtkFileChooserNative *chooser = new_chooser (self, _("Export Report as PDF"),
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"));

  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), "comparison.pdf");
  g_signal_connect (chooser, "response", G_CALLBACK (on_export_pdf_response_cb),
                    g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
compare_remove_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  rp_compare_window_remove_column (RP_COMPARE_WINDOW (widget), g_variant_get_uint32 (parameter));
}

static void
compare_move_left_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  rp_compare_window_move_column (RP_COMPARE_WINDOW (widget), g_variant_get_uint32 (parameter),
                                 -1);
}

static void
compare_move_right_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  rp_compare_window_move_column (RP_COMPARE_WINDOW (widget), g_variant_get_uint32 (parameter),
                                 1);
}

static void
compare_edit_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  rp_compare_window_edit_column (RP_COMPARE_WINDOW (widget), g_variant_get_uint32 (parameter));
}

static void
compare_undo_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  rp_compare_window_undo (RP_COMPARE_WINDOW (widget));
}

static void
compare_redo_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  rp_compare_window_redo (RP_COMPARE_WINDOW (widget));
}

static void
compare_close_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  gtk_window_close (GTK_WINDOW (widget));
}

/* ---- vfunc overrides ------------------------------------------------ */

static void
rp_compare_window_constructed (GObject *object)
{
  RpCompareWindow *self = RP_COMPARE_WINDOW (object);

  G_OBJECT_CLASS (rp_compare_window_parent_class)->constructed (object);
  self->document = rp_compare_document_new (self->catalog);
  g_signal_connect_object (self->document, "changed", G_CALLBACK (on_document_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notice", G_CALLBACK (on_document_notice_cb), self,
                           G_CONNECT_SWAPPED);
  self->flow = rp_document_flow_new (GTK_WINDOW (self), G_OBJECT (self->document), &compare_kind,
                                     self->settings, self->cancellable);
  rebuild (self);
}

static void
rp_compare_window_dispose (GObject *object)
{
  RpCompareWindow *self = RP_COMPARE_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  if (self->deciding != NULL)
    g_cancellable_cancel (self->deciding);
  g_clear_object (&self->deciding);
  g_clear_handle_id (&self->rebuild_id, g_source_remove);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_pointer (&self->rows, g_hash_table_unref);
  g_clear_pointer (&self->heads, g_ptr_array_unref);
  g_clear_pointer (&self->shape, g_free);
  g_clear_object (&self->flow);
  g_clear_object (&self->document);
  g_clear_pointer (&self->compare, rp_compare_free);
  g_clear_object (&self->settings);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->catalog, rp_catalog_unref);
  G_OBJECT_CLASS (rp_compare_window_parent_class)->dispose (object);
}

static void
rp_compare_window_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  RpCompareWindow *self = RP_COMPARE_WINDOW (object);

  switch (prop_id)
    {
    case PROP_CATALOG:
      self->catalog = rp_catalog_ref (g_value_get_pointer (value));
      break;
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ---- class_init / init ---------------------------------------------- */

static void
rp_compare_window_class_init (RpCompareWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = rp_compare_window_constructed;
  object_class->dispose = rp_compare_window_dispose;
  object_class->set_property = rp_compare_window_set_property;
  window_class->close_request = on_close_request_cb;

  properties[PROP_CATALOG] =
    g_param_spec_pointer ("catalog", NULL, NULL,
                          G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                         G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rigplan/Rigplan/rp-compare-window.ui");
  gtk_widget_class_bind_template_child (widget_class, RpCompareWindow, break_even_chart);
  gtk_widget_class_bind_template_child (widget_class, RpCompareWindow, chart_stack);
  gtk_widget_class_bind_template_child (widget_class, RpCompareWindow, content_stack);
  gtk_widget_class_bind_template_child (widget_class, RpCompareWindow, cost_chart);
  gtk_widget_class_bind_template_child (widget_class, RpCompareWindow, legend_label);
  gtk_widget_class_bind_template_child (widget_class, RpCompareWindow, notice_label);
  gtk_widget_class_bind_template_child (widget_class, RpCompareWindow, notice_revealer);
  gtk_widget_class_bind_template_child (widget_class, RpCompareWindow, recent_list);
  gtk_widget_class_bind_template_child (widget_class, RpCompareWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, RpCompareWindow, table_grid);
  gtk_widget_class_bind_template_child (widget_class, RpCompareWindow, time_chart);
  gtk_widget_class_bind_template_child (widget_class, RpCompareWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, RpCompareWindow, vram_chart);
  gtk_widget_class_bind_template_callback (widget_class, on_chart_stack_visible_child_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_notice_close_clicked_cb);

  gtk_widget_class_install_action (widget_class, "compare.add-files", NULL,
                                   compare_add_files_action);
  gtk_widget_class_install_action (widget_class, "compare.add-open", NULL,
                                   compare_add_open_action);
  gtk_widget_class_install_action (widget_class, "compare.open", NULL, compare_open_action);
  gtk_widget_class_install_action (widget_class, "compare.save", NULL, compare_save_action);
  gtk_widget_class_install_action (widget_class, "compare.save-as", NULL,
                                   compare_save_as_action);
  gtk_widget_class_install_action (widget_class, "compare.export-csv", NULL,
                                   compare_export_csv_action);
  gtk_widget_class_install_action (widget_class, "compare.export-pdf", NULL,
                                   compare_export_pdf_action);
  gtk_widget_class_install_action (widget_class, "compare.remove", "u", compare_remove_action);
  gtk_widget_class_install_action (widget_class, "compare.move-left", "u",
                                   compare_move_left_action);
  gtk_widget_class_install_action (widget_class, "compare.move-right", "u",
                                   compare_move_right_action);
  gtk_widget_class_install_action (widget_class, "compare.edit", "u", compare_edit_action);
  gtk_widget_class_install_action (widget_class, "compare.close", NULL, compare_close_action);
  gtk_widget_class_install_action (widget_class, "compare.undo", NULL, compare_undo_action);
  gtk_widget_class_install_action (widget_class, "compare.redo", NULL, compare_redo_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK,
                                       "compare.add-files", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK, "compare.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK,
                                       "compare.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK, "compare.save-as",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK,
                                       "compare.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK,
                                       "compare.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK, "compare.redo", NULL);

  g_type_ensure (RP_TYPE_CHART_VIEW);
}

static void
rp_compare_window_init (RpCompareWindow *self)
{
  GtkDropTarget *drop;
  GdkDisplay *display = gdk_display_get_default ();

  /* GTK 4 does not load the application's style.css; a comparison opened
   * from the file manager may be the first window */
  if (g_object_get_data (G_OBJECT (display), "rp-compare-css") == NULL)
    {
      g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();

      gtk_css_provider_load_from_resource (provider, "/io/github/rigplan/Rigplan/style.css");
      gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
      g_object_set_data (G_OBJECT (display), "rp-compare-css", GINT_TO_POINTER (1));
    }
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cancellable = g_cancellable_new ();
  self->rows = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, table_row_free);
  self->heads = g_ptr_array_new ();
  drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect_object (drop, "drop", G_CALLBACK (on_drop_cb), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}

/* ---- public API ----------------------------------------------------- */

RpCompareWindow *
rp_compare_window_new (GtkApplication *application,
                       RpCatalog      *catalog,
                       GSettings      *settings)
{
  g_return_val_if_fail (application == NULL || GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (catalog != NULL, NULL);
  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  return g_object_new (RP_TYPE_COMPARE_WINDOW,
                       "application", application,
                       "catalog", catalog,
                       "settings", settings,
                       NULL);
}

RpCompareWindow *
rp_compare_window_find (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (RP_IS_COMPARE_WINDOW (window))
        return RP_COMPARE_WINDOW (window);
    }
  return NULL;
}

RpCompareDocument *
rp_compare_window_get_document (RpCompareWindow *self)
{
  g_return_val_if_fail (RP_IS_COMPARE_WINDOW (self), NULL);
  return self->document;
}

gboolean
rp_compare_window_add_scenario (RpCompareWindow  *self,
                                const RpScenario *scenario,
                                GFile            *file)
{
  g_return_val_if_fail (RP_IS_COMPARE_WINDOW (self), FALSE);
  return rp_compare_document_add_scenario (self->document, scenario, file);
}

gboolean
rp_compare_window_add_document (RpCompareWindow    *self,
                                RpScenarioDocument *document)
{
  g_return_val_if_fail (RP_IS_COMPARE_WINDOW (self), FALSE);
  return rp_compare_document_add_document (self->document, document);
}

void
rp_compare_window_add_files (RpCompareWindow  *self,
                             GFile           **files,
                             guint             n_files)
{
  AddFiles *data;

  g_return_if_fail (RP_IS_COMPARE_WINDOW (self));
  g_return_if_fail (files != NULL || n_files == 0);

  data = g_new0 (AddFiles, 1);
  data->self = g_object_ref (self);
  data->first = n_files == 1 ? g_object_ref (files[0]) : NULL;
  rp_compare_document_add_files_async (self->document, files, n_files, self->cancellable,
                                       added_files_cb, data);
}

void
rp_compare_window_open_file (RpCompareWindow *self,
                             GFile           *file)
{
  g_return_if_fail (RP_IS_COMPARE_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  rp_compare_window_add_files (self, &file, 1);
}

static void
window_saved_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;

  if (!rp_compare_document_save_finish (RP_COMPARE_DOCUMENT (source), result, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  rp_recent_add (rp_compare_document_get_file (RP_COMPARE_DOCUMENT (source)),
                 RP_RECENT_COMPARISONS);
  g_task_return_boolean (task, TRUE);
}

void
rp_compare_window_save_async (RpCompareWindow     *self,
                              GFile               *file,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (RP_IS_COMPARE_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (self, self->cancellable, callback, user_data);
  g_task_set_source_tag (task, rp_compare_window_save_async);
  rp_compare_document_save_async (self->document, file, self->cancellable, window_saved_cb,
                                  task);
}

gboolean
rp_compare_window_save_finish (RpCompareWindow *self,
                               GAsyncResult    *result,
                               GError         **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

void
rp_compare_window_remove_column (RpCompareWindow *self,
                                 guint            column)
{
  g_return_if_fail (RP_IS_COMPARE_WINDOW (self));
  rp_compare_document_remove_column (self->document, column);
}

void
rp_compare_window_move_column (RpCompareWindow *self,
                               guint            column,
                               int              delta)
{
  g_return_if_fail (RP_IS_COMPARE_WINDOW (self));
  rp_compare_document_move_column (self->document, column, delta);
}

gboolean
rp_compare_window_duplicate_as_variant (RpCompareWindow *self,
                                        guint            column,
                                        const char      *key)
{
  g_return_val_if_fail (RP_IS_COMPARE_WINDOW (self), FALSE);
  return rp_compare_document_duplicate_as_variant (self->document, column, key);
}

/* The editor of the variant in @column's head, or NULL. */
static GtkWidget *
find_variant_editor (RpCompareWindow *self,
                     guint            column)
{
  GtkWidget *head;

  if (column >= self->heads->len)
    return NULL;
  head = g_ptr_array_index (self->heads, column);
  for (GtkWidget *w = gtk_widget_get_first_child (head); w != NULL;
       w = gtk_widget_get_next_sibling (w))
    for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL;
         c = gtk_widget_get_next_sibling (c))
      if (g_strcmp0 (gtk_widget_get_name (c), "variant-editor") == 0)
        return c;
  return NULL;
}

gboolean
rp_compare_window_set_variant_value (RpCompareWindow *self,
                                     guint            column,
                                     const char      *text)
{
  g_autoptr(GError) error = NULL;
  GtkWidget *editor;

  g_return_val_if_fail (RP_IS_COMPARE_WINDOW (self), FALSE);
  g_return_val_if_fail (column < n_columns (self), FALSE);

  editor = find_variant_editor (self, column);
  if (rp_compare_document_set_variant_value (self->document, column, text, &error))
    return TRUE;
  /* the document's notice says why; the editor is marked */
  if (editor != NULL && error != NULL)
    {
      g_autofree char *words = rp_words_error (error);

      gtk_widget_add_css_class (editor, "error");
      gtk_widget_set_tooltip_text (editor, words);
    }
  return FALSE;
}

GtkWindow *
rp_compare_window_edit_column (RpCompareWindow *self,
                               guint            column)
{
  g_autoptr(RpScenarioDocument) doc = NULL;
  GListModel *toplevels = gtk_window_get_toplevels ();
  RpWindow *window;
  gboolean is_its_file;

  g_return_val_if_fail (RP_IS_COMPARE_WINDOW (self), NULL);
  g_return_val_if_fail (column < n_columns (self), NULL);

  doc = rp_compare_document_dup_linked (self->document, column);
  for (guint i = 0; doc != NULL && i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (RP_IS_WINDOW (w) && rp_window_get_document (RP_WINDOW (w)) == doc)
        {
          gtk_window_present (w);
          return w;
        }
    }
  window = rp_window_new (gtk_window_get_application (GTK_WINDOW (self)), self->catalog,
                          self->settings);
  g_set_object (&doc, rp_window_get_document (window));
  is_its_file = rp_compare_document_column_is_its_file (self->document, column);
  rp_scenario_document_set_scenario (doc, rp_scenario_copy (scenario_at (self, column)),
                                     is_its_file
                                     ? rp_compare_document_get_column_file (self->document,
                                                                            column)
                                     : NULL);
  if (!is_its_file)
    rp_scenario_document_set_modified (doc, TRUE);
  rp_compare_document_link (self->document, column, doc);
  gtk_window_present (GTK_WINDOW (window));
  return GTK_WINDOW (window);
}

guint
rp_compare_window_get_n_columns (RpCompareWindow *self)
{
  g_return_val_if_fail (RP_IS_COMPARE_WINDOW (self), 0);
  return n_columns (self);
}

const RpCompare *
rp_compare_window_get_compare (RpCompareWindow *self)
{
  g_return_val_if_fail (RP_IS_COMPARE_WINDOW (self), NULL);
  flush (self);
  return self->compare;
}

static TableRow *
find_row (RpCompareWindow *self,
          const char      *key)
{
  flush (self);
  return g_hash_table_lookup (self->rows, key);
}

const char *
rp_compare_window_get_cell (RpCompareWindow *self,
                            const char      *key,
                            guint            column)
{
  TableRow *row;

  g_return_val_if_fail (RP_IS_COMPARE_WINDOW (self), NULL);
  row = find_row (self, key);
  if (row == NULL || column >= row->cells->len)
    return NULL;
  return g_object_get_data (g_ptr_array_index (row->cells, column), "rp-text");
}

gboolean
rp_compare_window_cell_is_best (RpCompareWindow *self,
                                const char      *key,
                                guint            column)
{
  TableRow *row;

  g_return_val_if_fail (RP_IS_COMPARE_WINDOW (self), FALSE);
  row = find_row (self, key);
  return row != NULL && column < row->cells->len &&
         gtk_widget_has_css_class (g_ptr_array_index (row->cells, column), "best");
}

gboolean
rp_compare_window_row_differs (RpCompareWindow *self,
                               const char      *key)
{
  TableRow *row;

  g_return_val_if_fail (RP_IS_COMPARE_WINDOW (self), FALSE);
  row = find_row (self, key);
  return row != NULL && gtk_widget_has_css_class (row->label, "differs");
}

const char *
rp_compare_window_get_column_class (RpCompareWindow *self,
                                    guint            column)
{
  static const char *const classes[] = { "fits", "tight", "does-not-fit", "error" };
  GtkWidget *head;

  g_return_val_if_fail (RP_IS_COMPARE_WINDOW (self), NULL);
  flush (self);
  if (column >= self->heads->len)
    return NULL;
  head = g_ptr_array_index (self->heads, column);
  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    if (gtk_widget_has_css_class (head, classes[i]))
      return classes[i];
  return NULL;
}

GtkWidget *
rp_compare_window_get_chart_view (RpCompareWindow *self,
                                  RpChartKind      kind)
{
  GtkWidget *view;

  g_return_val_if_fail (RP_IS_COMPARE_WINDOW (self), NULL);
  g_return_val_if_fail (kind < RP_N_CHARTS, NULL);

  flush (self);
  view = chart_view_of (self, kind);
  if (self->chart_stale[kind] || rp_chart_view_get_data (RP_CHART_VIEW (view)) == NULL)
    refresh_chart (self, kind);
  return view;
}

const char *
rp_compare_window_get_notice (RpCompareWindow *self)
{
  g_return_val_if_fail (RP_IS_COMPARE_WINDOW (self), NULL);

  if (!gtk_revealer_get_reveal_child (self->notice_revealer))
    return NULL;
  return gtk_label_get_label (self->notice_label);
}

GFile *
rp_compare_window_get_file (RpCompareWindow *self)
{
  g_return_val_if_fail (RP_IS_COMPARE_WINDOW (self), NULL);
  return rp_compare_document_get_file (self->document);
}

gboolean
rp_compare_window_get_modified (RpCompareWindow *self)
{
  g_return_val_if_fail (RP_IS_COMPARE_WINDOW (self), FALSE);
  return rp_compare_document_get_modified (self->document);
}

gboolean
rp_compare_window_is_busy (RpCompareWindow *self)
{
  g_return_val_if_fail (RP_IS_COMPARE_WINDOW (self), FALSE);
  return rp_compare_document_is_busy (self->document);
}

gboolean
rp_compare_window_undo (RpCompareWindow *self)
{
  g_return_val_if_fail (RP_IS_COMPARE_WINDOW (self), FALSE);
  return rp_compare_document_undo (self->document);
}

gboolean
rp_compare_window_redo (RpCompareWindow *self)
{
  g_return_val_if_fail (RP_IS_COMPARE_WINDOW (self), FALSE);
  return rp_compare_document_redo (self->document);
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-scenario-form.c: the Model, Training, Hardware and Budget sections
 *
 * One row per field of core's field table marked for the form, in the
 * table's order, under the section its key names; rows marked "advanced"
 * go under each section's "More settings".  Labels, units, ranges,
 * digits, steps, help and drop-down entries all come from the table; the
 * form holds no scenario logic and never clamps: text that is not a valid
 * value stays as typed, with the table's words about the range beside
 * it, and the document keeps the last valid estimate.
 *
 * The mouse wheel scrolls the form; it changes a spin button or a
 * drop-down only when that control has the keyboard focus. */

#include "config.h"

#include "rp-scenario-form.h"

#include "rp-age.h"
#include "rp-error.h"
#include "rp-model.h"
#include "rp-prices.h"
#include "rp-search-picker.h"
#include "rp-units.h"
#include "rp-words.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

/* ---- private structs ------------------------------------------------ */

typedef struct _Row Row;

struct _Row
{
  RpScenarioForm *form;           /* borrowed */
  const RpField  *field;
  const char     *property;       /* interned */
  GtkWidget      *label;          /* borrowed: children of the grid */
  GtkWidget      *control;
  GtkWidget      *unit;
  GtkWidget      *origin;         /* the price's source or "yours" */
  GtkWidget      *reset;          /* back to the catalog's value */
  GtkWidget      *error;
  GPtrArray      *ids;            /* owned; drop-down items' ids (NULL = null) */
  gulong          handler;        /* the control's change signal */
  gboolean        invalid;        /* holds text that is not a valid value */
  gboolean        params_info;    /* the parameter count, shown not edited */
};

struct _RpScenarioForm
{
  GtkWidget parent_instance;

  /* template children */
  GtkWidget *box;
  GtkGrid   *budget_grid;
  GtkGrid   *hardware_grid;
  GtkGrid   *model_grid;
  GtkEntry  *name_entry;
  GtkGrid   *training_grid;

  /* owned */
  RpScenarioDocument *document;
  GPtrArray          *rows;       /* Row*, owned */
  GtkSizeGroup       *label_group;
  GtkSizeGroup       *control_group;
  GtkSizeGroup       *unit_group;
  GtkSizeGroup       *reset_group;        /* the reset buttons, a spacer in each grid */

  /* borrowed */
  GtkGrid            *more_grids[RP_N_SECTIONS];
  GtkWidget          *more_expanders[RP_N_SECTIONS];
  gboolean            more_built[RP_N_SECTIONS];  /* rows under "More settings" made */

  /* state */
  int                 grid_rows[RP_N_SECTIONS][2];   /* next row: main, more */
  gboolean            shows_error;
  gboolean            syncing;    /* the form is setting its own controls */
  guint               changed_id; /* ends the highlight of changed fields */
};

G_DEFINE_FINAL_TYPE (RpScenarioForm, rp_scenario_form, GTK_TYPE_WIDGET)

/* The narrowest a field's label gets, in average characters: seven
 * Chinese characters, "Feed-forward size" on one line. */
static const int label_min_chars = 15;

/* ---- helpers: values ------------------------------------------------ */

static double
document_number (Row *row)
{
  GObject *doc = G_OBJECT (row->form->document);
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (doc), row->property);
  GValue value = G_VALUE_INIT;
  double v;

  g_value_init (&value, G_PARAM_SPEC_VALUE_TYPE (pspec));
  g_object_get_property (doc, row->property, &value);
  if (G_VALUE_HOLDS_DOUBLE (&value))
    v = g_value_get_double (&value);
  else if (G_VALUE_HOLDS_UINT (&value))
    v = g_value_get_uint (&value);
  else
    v = g_value_get_boolean (&value);
  g_value_unset (&value);
  return v;
}

static void
set_document_number (Row    *row,
                     double  value)
{
  RpFieldType type = row->field->type;

  if (type == RP_FIELD_UINT || type == RP_FIELD_ENUM)
    g_object_set (row->form->document, row->property, (guint) value, NULL);
  else if (type == RP_FIELD_BOOL)
    g_object_set (row->form->document, row->property, value != 0, NULL);
  else
    g_object_set (row->form->document, row->property, value, NULL);
}

static RpCurrency
currency (RpScenarioForm *self)
{
  return rp_scenario_document_get_scenario (self->document)->budget.currency;
}

static double
scale_of (const Row *row)
{
  return rp_unit_get_scale (row->field->unit);
}

/* The estimate's price behind a nullable price field, or NULL. */
static const RpPrice *
price_of (Row *row)
{
  const RpEstimate *est = rp_scenario_document_get_shown_estimate (row->form->document);

  if (est == NULL || !est->cost.computed)
    return NULL;
  return rp_prices_for_field (&est->cost.prices, row->field);
}

/* ---- helpers: spin buttons ------------------------------------------ */

/* What a null field shows greyed out: the value it stands for, or the
 * table's words for null ("no limit"). */
static char *
null_placeholder (Row *row)
{
  const RpPrice *price = price_of (row);

  if (price != NULL && price->origin != RP_PRICE_UNKNOWN && isfinite (price->value))
    return rp_units_format_number (price->value / scale_of (row), row->field->digits);
  return g_strdup (rp_field_get_null_label (row->field));
}

static GtkWidget *
spin_text (GtkWidget *spin)
{
  return GTK_WIDGET (gtk_editable_get_delegate (GTK_EDITABLE (spin)));
}

static void
show_field_error (Row          *row,
                  const GError *error)
{
  gtk_widget_set_visible (row->error, error != NULL);
  gtk_label_set_label (GTK_LABEL (row->error), error != NULL ? rp_error_get_detail (error) : "");
  if (error != NULL)
    gtk_widget_add_css_class (row->control, "error");
  else
    gtk_widget_remove_css_class (row->control, "error");
}

/* GtkSpinButton "input": parse with the table; invalid text is kept as
 * typed (the value does not change) and reported to the document. */
static int
on_spin_input_cb (GtkSpinButton *spin,
                  double        *new_value,
                  Row           *row)
{
  g_autoptr(GError) error = NULL;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));
  double value = 0;

  *new_value = gtk_spin_button_get_value (spin);
  if (row->form->syncing)
    return TRUE;
  if (!rp_field_parse_text (row->field, text, &value, &error))
    {
      row->invalid = TRUE;
      rp_scenario_document_set_field_error (row->form->document, row->field->key, error);
      show_field_error (row, error);
      return TRUE;
    }
  row->invalid = FALSE;
  rp_scenario_document_set_field_error (row->form->document, row->field->key, NULL);
  show_field_error (row, NULL);
  if (isnan (value))
    rp_scenario_document_reset_field (row->form->document, row->property);
  else
    *new_value = value / scale_of (row);
  return TRUE;
}

/* GtkSpinButton "output": the one number formatter; null shows empty
 * with the value it stands for as placeholder; invalid text stays. */
static gboolean
on_spin_output_cb (GtkSpinButton *spin,
                   Row           *row)
{
  double value;
  g_autofree char *text = NULL;
  g_autofree char *placeholder = NULL;

  if (row->invalid)
    return TRUE;
  value = document_number (row);
  placeholder = null_placeholder (row);
  g_object_set (spin_text (GTK_WIDGET (spin)), "placeholder-text",
                isnan (value) ? placeholder : NULL, NULL);
  text = isnan (value) ? g_strdup ("")
                       : rp_units_format_number (value / scale_of (row), row->field->digits);
  if (g_strcmp0 (text, gtk_editable_get_text (GTK_EDITABLE (spin))) != 0)
    gtk_editable_set_text (GTK_EDITABLE (spin), text);
  return TRUE;
}

static void
on_spin_value_changed_cb (GtkSpinButton *spin,
                          Row           *row)
{
  if (row->form->syncing)
    return;
  set_document_number (row, gtk_spin_button_get_value (spin) * scale_of (row));
}

/* Ctrl+Z in a field undoes the scenario's last step (the window's
 * win.undo), not the typing in that field: each value committed is a
 * step already, and two undo histories under one key would disagree. */
static void
no_text_undo (GtkWidget *editable)
{
  gtk_editable_set_enable_undo (GTK_EDITABLE (editable), FALSE);
}

static GtkWidget *
new_spin (Row *row)
{
  const RpField *f = row->field;
  double scale = scale_of (row);
  GtkWidget *spin = gtk_spin_button_new_with_range (f->min / scale, f->max / scale,
                                                    f->step > 0 ? f->step : 1);

  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), f->digits);
  /* letters must reach the input handler, which says what is wrong */
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), FALSE);
  gtk_spin_button_set_update_policy (GTK_SPIN_BUTTON (spin), GTK_UPDATE_IF_VALID);
  gtk_editable_set_width_chars (GTK_EDITABLE (spin), 8);
  no_text_undo (spin);
  g_signal_connect (spin, "input", G_CALLBACK (on_spin_input_cb), row);
  g_signal_connect (spin, "output", G_CALLBACK (on_spin_output_cb), row);
  row->handler = g_signal_connect (spin, "value-changed", G_CALLBACK (on_spin_value_changed_cb),
                                   row);
  return spin;
}

static void
sync_spin (Row *row)
{
  double value = document_number (row);

  if (!isnan (value))
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (row->control), value / scale_of (row));
  /* the output handler writes the text, also when the value is the same */
  on_spin_output_cb (GTK_SPIN_BUTTON (row->control), row);
}

/* ---- helpers: drop-downs -------------------------------------------- */

static void
on_dropdown_selected_cb (GtkDropDown *dropdown,
                         GParamSpec  *pspec,
                         Row         *row)
{
  guint selected = gtk_drop_down_get_selected (dropdown);
  RpScenarioDocument *doc = row->form->document;

  if (row->form->syncing || selected == GTK_INVALID_LIST_POSITION)
    return;
  if (row->ids == NULL)
    {
      set_document_number (row, selected);
      return;
    }
  /* item 0 of the preset list is "Custom": keep an edited preset's
   * overrides as they are */
  if (row->field->ref == RP_FIELD_REF_MODEL && selected == 0 &&
      rp_scenario_document_is_customized (doc))
    return;
  g_object_set (doc, row->property, g_ptr_array_index (row->ids, selected), NULL);
}

static void
on_item_setup_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  gpointer                  ellipsize)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (GPOINTER_TO_INT (ellipsize))
    {
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (label), 20);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 26);
    }
  gtk_list_item_set_child (item, label);
}

static void
on_item_bind_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item)
{
  GtkWidget *label = gtk_list_item_get_child (item);
  const char *text = gtk_string_object_get_string (gtk_list_item_get_item (item));

  gtk_label_set_label (GTK_LABEL (label), text);
  gtk_widget_set_tooltip_text (label, text);
}

static GtkListItemFactory *
new_item_factory (gboolean ellipsize)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (on_item_setup_cb), GINT_TO_POINTER (ellipsize));
  g_signal_connect (factory, "bind", G_CALLBACK (on_item_bind_cb), NULL);
  return factory;
}

/* The button shows the choice ellipsized, the list shows it whole: a
 * drop-down is otherwise as wide as its longest choice ("Selective: save
 * matmul outputs (PyTorch op-level)"), which widened the whole form. */
static GtkWidget *
new_dropdown (Row           *row,
              GtkStringList *items)
{
  g_autoptr(GtkListItemFactory) button = new_item_factory (TRUE);
  g_autoptr(GtkListItemFactory) list = new_item_factory (FALSE);
  GtkWidget *dropdown = gtk_drop_down_new (G_LIST_MODEL (items), NULL);

  gtk_drop_down_set_factory (GTK_DROP_DOWN (dropdown), button);
  gtk_drop_down_set_list_factory (GTK_DROP_DOWN (dropdown), list);

  row->handler = g_signal_connect (dropdown, "notify::selected",
                                   G_CALLBACK (on_dropdown_selected_cb), row);
  return dropdown;
}

static GtkWidget *
new_enum_dropdown (Row *row)
{
  const RpEnumInfo *choices = row->field->choices;
  GtkStringList *items = gtk_string_list_new (NULL);

  for (guint i = 0; i < choices->n; i++)
    gtk_string_list_append (items, rp_enum_info_get_label (choices, i));
  return new_dropdown (row, items);
}

static GtkWidget *
new_preset_dropdown (Row *row)
{
  RpCatalog *catalog = rp_scenario_document_get_catalog (row->form->document);
  GtkStringList *items = gtk_string_list_new (NULL);

  row->ids = g_ptr_array_new_with_free_func (g_free);
  gtk_string_list_append (items, rp_field_get_null_label (row->field));
  g_ptr_array_add (row->ids, NULL);
  for (guint i = 0; i < rp_catalog_n_models (catalog); i++)
    {
      const RpModelPreset *m = rp_catalog_get_model (catalog, i);

      gtk_string_list_append (items, m->name);
      g_ptr_array_add (row->ids, g_strdup (m->id));
    }
  return new_dropdown (row, items);
}

/* The offers that rent this GPU, for the current rental terms. */
static void
fill_offers (Row *row)
{
  RpCatalog *catalog = rp_scenario_document_get_catalog (row->form->document);
  const RpScenario *s = rp_scenario_document_get_scenario (row->form->document);
  GtkStringList *items = GTK_STRING_LIST (gtk_drop_down_get_model (GTK_DROP_DOWN (row->control)));
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  gboolean same;

  g_ptr_array_add (labels, g_strdup (rp_field_get_null_label (row->field)));
  g_ptr_array_add (ids, NULL);
  for (guint i = 0; i < rp_catalog_n_clouds (catalog); i++)
    {
      const RpCloudOffer *o = rp_catalog_get_cloud (catalog, i);
      g_autofree char *price = NULL;

      if (g_strcmp0 (o->gpu, s->hardware.gpu) != 0)
        continue;
      price = rp_units_format_money (o->per_gpu_hour[s->budget.rent_kind], o->currency);
      /* TRANSLATORS: a rental offer: provider, instance type, price per GPU-hour, date */
      g_ptr_array_add (labels, g_strdup_printf (_("%s %s, %s/GPU·h (%s)"), o->provider,
                                                rp_cloud_offer_get_name (o),
                                                o->per_gpu_hour[s->budget.rent_kind] > 0
                                                ? price : "—",
                                                o->as_of != NULL ? o->as_of : "?"));
      g_ptr_array_add (ids, g_strdup (o->id));
    }
  /* every edit syncs the form: touch the list only when what it shows
   * changed (rebuilding it each time took half of a recompute) */
  same = g_list_model_get_n_items (G_LIST_MODEL (items)) == labels->len;
  for (guint i = 0; same && i < labels->len; i++)
    same = g_str_equal (gtk_string_list_get_string (items, i), g_ptr_array_index (labels, i));
  if (same)
    return;
  g_ptr_array_add (labels, NULL);
  gtk_string_list_splice (items, 0, g_list_model_get_n_items (G_LIST_MODEL (items)),
                          (const char *const *) labels->pdata);
  g_ptr_array_unref (row->ids);
  row->ids = g_steal_pointer (&ids);
}

static GtkWidget *
new_offer_dropdown (Row *row)
{
  GtkWidget *dropdown;

  row->ids = g_ptr_array_new_with_free_func (g_free);
  dropdown = new_dropdown (row, gtk_string_list_new (NULL));
  gtk_drop_down_set_enable_search (GTK_DROP_DOWN (dropdown), FALSE);
  return dropdown;
}

/* The regions of the catalog, by the name the reader reads. */
static GtkWidget *
new_region_dropdown (Row *row)
{
  RpCatalog *catalog = rp_scenario_document_get_catalog (row->form->document);
  GtkStringList *items = gtk_string_list_new (NULL);

  row->ids = g_ptr_array_new_with_free_func (g_free);
  gtk_string_list_append (items, rp_field_get_null_label (row->field));
  g_ptr_array_add (row->ids, NULL);
  for (guint i = 0; i < rp_catalog_n_regions (catalog); i++)
    {
      const RpRegion *r = rp_catalog_get_region (catalog, i);

      gtk_string_list_append (items, rp_words_region_name (r));
      g_ptr_array_add (row->ids, g_strdup (r->id));
    }
  return new_dropdown (row, items);
}

static guint
index_of_id (Row        *row,
             const char *id)
{
  for (guint i = 0; i < row->ids->len; i++)
    if (g_strcmp0 (g_ptr_array_index (row->ids, i), id) == 0)
      return i;
  return GTK_INVALID_LIST_POSITION;
}

static void
sync_catalog_dropdown (Row *row)
{
  RpScenarioDocument *doc = row->form->document;
  g_autofree char *id = NULL;
  GtkStringList *items = GTK_STRING_LIST (gtk_drop_down_get_model (GTK_DROP_DOWN (row->control)));
  guint index;

  g_object_get (doc, row->property, &id, NULL);
  if (row->field->ref == RP_FIELD_REF_OFFER)
    fill_offers (row);
  index = index_of_id (row, id);
  if (row->field->ref == RP_FIELD_REF_MODEL)
    {
      const RpModelPreset *preset = rp_catalog_lookup_model (rp_scenario_document_get_catalog (doc),
                                                             id);
      gboolean custom = rp_scenario_document_is_customized (doc);
      /* TRANSLATORS: the preset list's first item once an architecture
       * was edited; %s is the preset it came from */
      g_autofree char *label = custom && preset != NULL
                               ? g_strdup_printf (_("Custom (from %s)"), preset->name)
                               : g_strdup (rp_field_get_null_label (row->field));
      const char *labels[] = { label, NULL };

      if (g_strcmp0 (gtk_string_list_get_string (items, 0), label) != 0)
        gtk_string_list_splice (items, 0, 1, labels);
      if (custom)
        index = 0;
    }
  gtk_drop_down_set_selected (GTK_DROP_DOWN (row->control), index);
}

/* ---- helpers: the GPU picker ---------------------------------------- */

static void
on_gpu_picked_cb (RpSearchPicker *picker,
                  const char     *id,
                  Row            *row)
{
  g_object_set (row->form->document, row->property, id, NULL);
}

static GtkWidget *
new_gpu_picker (Row *row)
{
  RpCatalog *catalog = rp_scenario_document_get_catalog (row->form->document);
  GtkWidget *picker = rp_search_picker_new ();

  for (guint i = 0; i < rp_catalog_n_gpus (catalog); i++)
    {
      const RpGpu *g = rp_catalog_get_gpu (catalog, i);
      g_autofree char *aliases = g->aliases != NULL ? g_strjoinv (" ", g->aliases) : NULL;
      g_autofree char *search = g_strjoin (" ", g->vendor != NULL ? g->vendor : "",
                                           g->generation != NULL ? g->generation : "",
                                           aliases != NULL ? aliases : "", NULL);

      rp_search_picker_append (RP_SEARCH_PICKER (picker), g->id, g->name, search);
    }
  row->handler = g_signal_connect (picker, "picked", G_CALLBACK (on_gpu_picked_cb), row);
  return picker;
}

/* ---- helpers: the wheel --------------------------------------------- */

static gboolean
has_focus_within (GtkWidget *widget)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

/* Captured before the control sees it: without the keyboard focus, the
 * wheel scrolls the form instead (GtkScrolledWindow's own rule for a
 * wheel step: page^(2/3) pixels). */
static gboolean
on_wheel_cb (GtkEventControllerScroll *controller,
             double                    dx,
             double                    dy,
             GtkWidget                *control)
{
  GtkWidget *scroller;
  GtkAdjustment *adj;
  double step;

  if (has_focus_within (control))
    return FALSE;
  scroller = gtk_widget_get_ancestor (control, GTK_TYPE_SCROLLED_WINDOW);
  if (scroller == NULL)
    return TRUE;
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  step = gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL
         ? pow (gtk_adjustment_get_page_size (adj), 2.0 / 3.0) : 1.0;
  gtk_adjustment_set_value (adj, gtk_adjustment_get_value (adj) + dy * step);
  return TRUE;
}

static void
guard_wheel (GtkWidget *control)
{
  GtkEventController *wheel = gtk_event_controller_scroll_new (
    GTK_EVENT_CONTROLLER_SCROLL_VERTICAL | GTK_EVENT_CONTROLLER_SCROLL_DISCRETE);

  gtk_event_controller_set_propagation_phase (wheel, GTK_PHASE_CAPTURE);
  g_signal_connect (wheel, "scroll", G_CALLBACK (on_wheel_cb), control);
  gtk_widget_add_controller (control, wheel);
}

/* ---- helpers: building rows ----------------------------------------- */

static void
on_reset_clicked_cb (GtkButton *button,
                     Row       *row)
{
  row->invalid = FALSE;
  rp_scenario_document_set_field_error (row->form->document, row->field->key, NULL);
  show_field_error (row, NULL);
  rp_scenario_document_reset_field (row->form->document, row->property);
}

/* An empty entry is a null field, and back. */
static gboolean
text_from_document (GBinding     *binding,
                    const GValue *from,
                    GValue       *to,
                    gpointer      user_data)
{
  const char *s = g_value_get_string (from);

  g_value_set_string (to, s != NULL ? s : "");
  return TRUE;
}

static gboolean
text_to_document (GBinding     *binding,
                  const GValue *from,
                  GValue       *to,
                  gpointer      user_data)
{
  const char *s = g_value_get_string (from);

  g_value_set_string (to, s != NULL && *s != '\0' ? s : NULL);
  return TRUE;
}

/* A free text field (the GPUs the user owns): what is typed is checked
 * by the core where the scenario is validated, and marked there. */
static GtkWidget *
new_text (Row *row)
{
  GtkWidget *entry = gtk_entry_new ();
  const char *null_label = rp_field_get_null_label (row->field);

  gtk_widget_set_hexpand (entry, TRUE);
  no_text_undo (entry);
  if (null_label != NULL)
    gtk_entry_set_placeholder_text (GTK_ENTRY (entry), null_label);
  g_object_bind_property_full (row->form->document, row->property, entry, "text",
                               G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE,
                               text_from_document, text_to_document, NULL, NULL);
  return entry;
}

static GtkWidget *
new_control (Row *row)
{
  const RpField *f = row->field;

  switch (f->ref)
    {
    case RP_FIELD_REF_MODEL:
      return new_preset_dropdown (row);
    case RP_FIELD_REF_GPU:
      return new_gpu_picker (row);
    case RP_FIELD_REF_OFFER:
      return new_offer_dropdown (row);
    case RP_FIELD_REF_REGION:
      return new_region_dropdown (row);
    case RP_FIELD_REF_NONE:
    default:
      break;
    }
  if (f->type == RP_FIELD_BOOL)
    {
      GtkWidget *sw = gtk_switch_new ();

      gtk_widget_set_halign (sw, GTK_ALIGN_START);
      gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
      g_object_bind_property (row->form->document, row->property, sw, "active",
                              G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
      return sw;
    }
  if (f->choices != NULL)
    return new_enum_dropdown (row);
  if (f->type == RP_FIELD_STRING)
    return new_text (row);
  return new_spin (row);
}

static GtkGrid *
grid_for (RpScenarioForm *self,
          const RpField  *f,
          int           **next_row)
{
  gboolean more = (f->flags & RP_FIELD_ADVANCED) != 0;
  GtkGrid *grids[RP_N_SECTIONS] = {
    NULL, self->model_grid, self->training_grid, self->hardware_grid, self->budget_grid,
  };

  *next_row = &self->grid_rows[f->section][more ? 1 : 0];
  return more ? self->more_grids[f->section] : grids[f->section];
}

static void
attach_row (RpScenarioForm *self,
            Row            *row)
{
  int *y;
  GtkGrid *grid = grid_for (self, row->field, &y);

  gtk_grid_attach (grid, row->label, 0, *y, 1, 1);
  gtk_grid_attach (grid, row->control, 1, *y, 1, 1);
  if (row->unit != NULL)
    gtk_grid_attach (grid, row->unit, 2, *y, 1, 1);
  if (row->reset != NULL)
    gtk_grid_attach (grid, row->reset, 3, *y, 1, 1);
  if (row->origin != NULL)
    gtk_grid_attach (grid, row->origin, 1, *y + 1, 3, 1);
  gtk_grid_attach (grid, row->error, 0, *y + 2, 4, 1);
  *y += 3;
}

static GtkWidget *
new_small_label (const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 36);
  gtk_widget_add_css_class (label, css_class);
  gtk_widget_set_visible (label, FALSE);
  return label;
}

static void
describe_row (Row *row)
{
  const char *help = rp_field_get_help (row->field);
  const char *label = rp_field_get_label (row->field);

  if (help != NULL)
    {
      gtk_widget_set_tooltip_text (row->label, help);
      gtk_widget_set_tooltip_text (row->control, help);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->control), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  label, -1);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (row->control),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, row->label, NULL,
                                  GTK_ACCESSIBLE_RELATION_DESCRIBED_BY,
                                  row->unit != NULL ? row->unit : row->error, row->error, NULL,
                                  -1);
  gtk_label_set_mnemonic_widget (GTK_LABEL (row->label), row->control);
}

static Row *
build_row (RpScenarioForm *self,
           const RpField  *f)
{
  Row *row = g_new0 (Row, 1);
  gboolean priced = (f->flags & RP_FIELD_NULLABLE) && f->type == RP_FIELD_DOUBLE;

  row->form = self;
  row->field = f;
  row->property = rp_scenario_document_field_property (f);
  row->label = gtk_label_new (rp_field_get_label (f));
  gtk_label_set_xalign (GTK_LABEL (row->label), 0);
  gtk_label_set_wrap (GTK_LABEL (row->label), TRUE);
  /* wide enough for a short label on one line: Chinese wraps between
   * any two characters ("注意力头 / 数" at 70 px) */
  gtk_label_set_width_chars (GTK_LABEL (row->label), label_min_chars);
  gtk_widget_set_hexpand (row->label, TRUE);
  gtk_widget_add_css_class (row->label, "field-label");
  gtk_size_group_add_widget (self->label_group, row->label);
  row->control = new_control (row);
  gtk_widget_set_hexpand (row->control, FALSE);
  /* a switch keeps its own width at the column's start: in the size
   * group it would stretch to the widest control (a long bar) */
  if (f->type != RP_FIELD_BOOL || f->ref != RP_FIELD_REF_NONE)
    gtk_size_group_add_widget (self->control_group, row->control);
  guard_wheel (row->control);
  if (f->unit != RP_UNIT_NONE && f->ref == RP_FIELD_REF_NONE)
    {
      row->unit = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (row->unit), 0);
      gtk_widget_add_css_class (row->unit, "dim-label");
      gtk_widget_add_css_class (row->unit, "unit");
      gtk_size_group_add_widget (self->unit_group, row->unit);
    }
  if (priced || f->ref == RP_FIELD_REF_OFFER)
    {
      row->reset = gtk_button_new_from_icon_name ("edit-undo-symbolic");
      gtk_widget_add_css_class (row->reset, "flat");
      gtk_size_group_add_widget (self->reset_group, row->reset);
      gtk_widget_set_valign (row->reset, GTK_ALIGN_CENTER);
      /* TRANSLATORS: a button beside a price the user typed */
      gtk_widget_set_tooltip_text (row->reset, _("Use the catalog’s value again"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (row->reset), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Use the catalog’s value again"), -1);
      g_signal_connect (row->reset, "clicked", G_CALLBACK (on_reset_clicked_cb), row);
      row->origin = new_small_label ("price-origin");
    }
  row->error = new_small_label ("field-error");
  attach_row (self, row);
  describe_row (row);
  return row;
}

/* The parameter count of a transformer is counted, not typed. */
static Row *
build_params_info (RpScenarioForm *self,
                   const RpField  *f)
{
  Row *row = g_new0 (Row, 1);

  row->form = self;
  row->field = f;
  row->property = rp_scenario_document_field_property (f);
  row->params_info = TRUE;
  row->label = gtk_label_new (rp_field_get_label (f));
  gtk_label_set_xalign (GTK_LABEL (row->label), 0);
  gtk_size_group_add_widget (self->label_group, row->label);
  row->control = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (row->control), 0);
  gtk_label_set_selectable (GTK_LABEL (row->control), TRUE);
  gtk_widget_add_css_class (row->control, "numeric");
  row->error = new_small_label ("field-error");
  attach_row (self, row);
  return row;
}

static void update_state (RpScenarioForm *self);

/* The rows under a section's "More settings" are made the first time it
 * opens (or a test or an error asks for one): some forty drop-downs and
 * spin buttons cost a third of the start-up (GtkDropDown builds its
 * popover when made). */
static void
build_more (RpScenarioForm *self,
            RpSection       section)
{
  if (self->document == NULL || self->more_built[section])
    return;
  self->more_built[section] = TRUE;
  for (guint i = 0; i < rp_fields_n (); i++)
    {
      const RpField *f = rp_fields_get (i);

      if ((f->flags & RP_FIELD_FORM) && (f->flags & RP_FIELD_ADVANCED) && f->section == section)
        g_ptr_array_add (self->rows, build_row (self, f));
    }
  update_state (self);
}

static void
build_all_more (RpScenarioForm *self)
{
  for (RpSection s = RP_SECTION_MODEL; s <= RP_SECTION_BUDGET; s++)
    build_more (self, s);
}

static void
on_more_expanded_cb (GtkExpander    *expander,
                     GParamSpec     *pspec,
                     RpScenarioForm *self)
{
  if (gtk_expander_get_expanded (expander))
    build_more (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (expander), "rp-section")));
}

static void
add_more_expanders (RpScenarioForm *self)
{
  GtkWidget *grids[RP_N_SECTIONS] = {
    NULL, GTK_WIDGET (self->model_grid), GTK_WIDGET (self->training_grid),
    GTK_WIDGET (self->hardware_grid), GTK_WIDGET (self->budget_grid),
  };

  /* the planner's section has no form rows: the Plan view edits it */
  for (RpSection s = RP_SECTION_MODEL; s <= RP_SECTION_BUDGET; s++)
    {
      GtkWidget *grid = gtk_grid_new ();
      /* TRANSLATORS: an expander under each form section */
      GtkWidget *expander = gtk_expander_new (_("More settings"));

      gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
      gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
      gtk_widget_set_margin_top (grid, 6);
      gtk_expander_set_child (GTK_EXPANDER (expander), grid);
      gtk_widget_add_css_class (expander, "more-settings");
      gtk_grid_attach (GTK_GRID (grids[s]), expander, 0, 1000, 4, 1);
      self->more_grids[s] = GTK_GRID (grid);
      self->more_expanders[s] = expander;
      /* The labels take the width left over; a shown reset button (a
       * typed price) makes its grid's last column wider, which would
       * move that section's values left: every grid keeps a column as
       * wide as the widest reset button shown. */
      for (guint g = 0; g < 2; g++)
        {
          GtkWidget *spacer = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

          gtk_size_group_add_widget (self->reset_group, spacer);
          gtk_grid_attach (GTK_GRID (g == 0 ? grids[s] : grid), spacer, 3, 0, 1, 1);
        }
      g_object_set_data (G_OBJECT (expander), "rp-section", GUINT_TO_POINTER (s));
      g_signal_connect (expander, "notify::expanded", G_CALLBACK (on_more_expanded_cb), self);
    }
}

/* ---- helpers: state ------------------------------------------------- */

static void
row_set_visible (Row      *row,
                 gboolean  visible)
{
  gtk_widget_set_visible (row->label, visible);
  gtk_widget_set_visible (row->control, visible);
  if (row->unit != NULL)
    gtk_widget_set_visible (row->unit, visible);
  if (!visible)
    {
      gtk_widget_set_visible (row->error, FALSE);
      if (row->origin != NULL)
        gtk_widget_set_visible (row->origin, FALSE);
      if (row->reset != NULL)
        gtk_widget_set_visible (row->reset, FALSE);
    }
}

/* The offer or region a price came from, for its caption; NULL: the
 * catalog. */
/* "From AutoDL RTX 4090, 2025-03-03" (its source as the tooltip),
 * "Yours", or "… — the price may be stale" (core's words). */
static void
update_origin (Row *row)
{
  const RpPrice *price = price_of (row);
  gboolean yours;
  g_autofree char *text = NULL;
  g_autofree char *where = NULL;
  g_autoptr(GDate) today = g_date_new ();
  GDateTime *now = g_date_time_new_now_local ();

  g_date_set_dmy (today, g_date_time_get_day_of_month (now), g_date_time_get_month (now),
                  g_date_time_get_year (now));
  g_date_time_unref (now);
  if (row->field->type == RP_FIELD_STRING)
    yours = rp_scenario_document_get_scenario (row->form->document)->budget.rent_offer != NULL;
  else
    yours = !isnan (document_number (row));
  gtk_widget_set_visible (row->reset, yours);
  if (price == NULL || row->field->type == RP_FIELD_STRING)
    {
      gtk_widget_set_visible (row->origin, FALSE);
      return;
    }
  where = rp_words_price_where (&rp_scenario_document_get_shown_estimate (
                                  row->form->document)->cost.prices, price);
  text = rp_words_price_origin (price, where,
                                (row->field->flags & RP_FIELD_MONEY) ||
                                price == &rp_scenario_document_get_shown_estimate (
                                  row->form->document)->cost.prices.usd_to_cny,
                                today);
  gtk_label_set_label (GTK_LABEL (row->origin), text != NULL ? text : "");
  gtk_widget_set_tooltip_text (row->origin, price->source);
  gtk_widget_set_visible (row->origin, text != NULL);
}

static void
update_unit (Row *row)
{
  g_autofree char *unit = NULL;

  if (row->unit == NULL)
    return;
  unit = rp_unit_dup_label (row->field->unit, currency (row->form));
  gtk_label_set_label (GTK_LABEL (row->unit), unit);
}

static void
sync_row (Row *row)
{
  if (row->params_info)
    {
      g_autofree char *text =
        rp_units_format_count ((double) rp_model_params (rp_scenario_document_get_arch (
                                                           row->form->document)));

      gtk_label_set_label (GTK_LABEL (row->control), text);
      return;
    }
  update_unit (row);
  if (GTK_IS_SPIN_BUTTON (row->control))
    sync_spin (row);
  else if (RP_IS_SEARCH_PICKER (row->control))
    {
      const RpScenario *s = rp_scenario_document_get_scenario (row->form->document);

      rp_search_picker_set_selected (RP_SEARCH_PICKER (row->control), s->hardware.gpu,
                                     s->hardware.gpu);
    }
  else if (GTK_IS_DROP_DOWN (row->control) && row->ids != NULL)
    sync_catalog_dropdown (row);
  else if (GTK_IS_DROP_DOWN (row->control))
    gtk_drop_down_set_selected (GTK_DROP_DOWN (row->control), (guint) document_number (row));
  if (row->origin != NULL)
    update_origin (row);
}

/* The estimate's error beside the field it is about (typed errors are
 * shown by their own row). */
static gboolean
show_estimate_error (RpScenarioForm *self,
                     Row            *row,
                     gboolean        visible)
{
  const GError *error = rp_scenario_document_get_error (self->document);
  const char *key = error != NULL ? rp_error_get_key (error) : NULL;
  gboolean mine = visible && !row->params_info && key != NULL && !self->shows_error &&
                  g_str_equal (key, row->field->key);

  if (row->invalid)
    return TRUE;
  show_field_error (row, mine ? error : NULL);
  return mine;
}

/* An error about a field under a closed "More settings" opens it, so
 * that the field the banner points to is there. */
static void
reveal_error_field (RpScenarioForm *self)
{
  const GError *error = rp_scenario_document_get_error (self->document);
  const RpField *f = error != NULL ? rp_fields_lookup (rp_error_get_key (error)) : NULL;

  if (f == NULL || !(f->flags & RP_FIELD_FORM) || !(f->flags & RP_FIELD_ADVANCED) ||
      self->more_built[f->section])
    return;
  build_more (self, f->section);
  gtk_expander_set_expanded (GTK_EXPANDER (self->more_expanders[f->section]), TRUE);
}

static void
update_state (RpScenarioForm *self)
{
  const RpScenario *scenario = rp_scenario_document_get_scenario (self->document);
  const RpModelArch *arch = rp_scenario_document_get_arch (self->document);
  gboolean transformer = rp_model_kind_is_transformer (arch->kind);

  reveal_error_field (self);
  self->syncing = TRUE;
  self->shows_error = FALSE;
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);
      gboolean visible = rp_field_applies (row->field, scenario, arch);

      /* the parameter count: read-only for a transformer, typed otherwise */
      if (row->field->arch_bit == RP_ARCH_PARAMS)
        visible = row->params_info == transformer;
      row_set_visible (row, visible);
      if (!visible)
        continue;
      sync_row (row);
      if (show_estimate_error (self, row, visible))
        self->shows_error = TRUE;
    }
  self->syncing = FALSE;
}

/* ---- signal callbacks ----------------------------------------------- */

static void
on_document_notify_cb (RpScenarioForm *self,
                       GParamSpec     *pspec,
                       RpScenarioDocument *document)
{
  update_state (self);
}

/* ---- vfunc overrides ------------------------------------------------ */

static void
row_free (gpointer data)
{
  Row *row = data;

  g_clear_pointer (&row->ids, g_ptr_array_unref);
  g_free (row);
}

static void
rp_scenario_form_dispose (GObject *object)
{
  RpScenarioForm *self = RP_SCENARIO_FORM (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), RP_TYPE_SCENARIO_FORM);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_object (&self->document);
  g_clear_object (&self->label_group);
  g_clear_object (&self->control_group);
  g_clear_object (&self->unit_group);
  g_clear_object (&self->reset_group);
  g_clear_handle_id (&self->changed_id, g_source_remove);
  G_OBJECT_CLASS (rp_scenario_form_parent_class)->dispose (object);
}

/* ---- class_init / init ---------------------------------------------- */

static void
rp_scenario_form_class_init (RpScenarioFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = rp_scenario_form_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rigplan/Rigplan/rp-scenario-form.ui");
  gtk_widget_class_bind_template_child (widget_class, RpScenarioForm, box);
  gtk_widget_class_bind_template_child (widget_class, RpScenarioForm, budget_grid);
  gtk_widget_class_bind_template_child (widget_class, RpScenarioForm, hardware_grid);
  gtk_widget_class_bind_template_child (widget_class, RpScenarioForm, model_grid);
  gtk_widget_class_bind_template_child (widget_class, RpScenarioForm, name_entry);
  gtk_widget_class_bind_template_child (widget_class, RpScenarioForm, training_grid);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "scenarioform");
  g_type_ensure (RP_TYPE_SEARCH_PICKER);
}

static void
rp_scenario_form_init (RpScenarioForm *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_ptr_array_new_with_free_func (row_free);
  self->label_group = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  self->control_group = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  self->unit_group = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  self->reset_group = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
}

/* ---- public API ----------------------------------------------------- */

void
rp_scenario_form_set_document (RpScenarioForm     *self,
                               RpScenarioDocument *document)
{
  g_return_if_fail (RP_IS_SCENARIO_FORM (self));
  g_return_if_fail (RP_IS_SCENARIO_DOCUMENT (document));
  g_return_if_fail (self->document == NULL);

  self->document = g_object_ref (document);
  no_text_undo (GTK_WIDGET (self->name_entry));
  g_object_bind_property (document, "name", self->name_entry, "text",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  add_more_expanders (self);
  for (guint i = 0; i < rp_fields_n (); i++)
    {
      const RpField *f = rp_fields_get (i);

      if (!(f->flags & RP_FIELD_FORM) || (f->flags & RP_FIELD_ADVANCED))
        continue;
      if (f->arch_bit == RP_ARCH_PARAMS)
        g_ptr_array_add (self->rows, build_params_info (self, f));
      g_ptr_array_add (self->rows, build_row (self, f));
    }
  /* every change of the document ends in a recompute: one update then */
  g_signal_connect_object (document, "notify::estimate", G_CALLBACK (on_document_notify_cb),
                           self, G_CONNECT_SWAPPED);
  update_state (self);
}

GtkWidget *
rp_scenario_form_get_control (RpScenarioForm *self,
                              const char     *property)
{
  g_return_val_if_fail (RP_IS_SCENARIO_FORM (self), NULL);
  g_return_val_if_fail (property != NULL, NULL);

  if (g_str_equal (property, "name"))
    return GTK_WIDGET (self->name_entry);
  /* a field under a "More settings" not yet opened */
  build_all_more (self);
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);

      if (!row->params_info && g_str_equal (row->property, property) &&
          gtk_widget_get_visible (row->control))
        return row->control;
    }
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);

      if (!row->params_info && g_str_equal (row->property, property))
        return row->control;
    }
  return NULL;
}

const char *
rp_scenario_form_get_field_error (RpScenarioForm *self,
                                  const char     *property)
{
  g_return_val_if_fail (RP_IS_SCENARIO_FORM (self), NULL);

  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);

      if (!row->params_info && g_str_equal (row->property, property) &&
          gtk_widget_get_visible (row->error))
        return gtk_label_get_label (GTK_LABEL (row->error));
    }
  return NULL;
}

const char *
rp_scenario_form_get_field_origin (RpScenarioForm *self,
                                   const char     *property)
{
  g_return_val_if_fail (RP_IS_SCENARIO_FORM (self), NULL);

  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);

      if (!row->params_info && g_str_equal (row->property, property) && row->origin != NULL &&
          gtk_widget_get_visible (row->origin))
        return gtk_label_get_label (GTK_LABEL (row->origin));
    }
  return NULL;
}

gboolean
rp_scenario_form_shows_error (RpScenarioForm *self)
{
  g_return_val_if_fail (RP_IS_SCENARIO_FORM (self), FALSE);
  return self->shows_error;
}

static gboolean
on_changed_timeout_cb (gpointer user_data)
{
  RpScenarioForm *self = user_data;

  self->changed_id = 0;
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);

      gtk_widget_remove_css_class (row->control, "changed");
    }
  return G_SOURCE_REMOVE;
}

guint
rp_scenario_form_highlight (RpScenarioForm *self,
                            const GArray   *changes)
{
  guint n = 0;

  g_return_val_if_fail (RP_IS_SCENARIO_FORM (self), 0);

  if (changes == NULL)
    return 0;
  on_changed_timeout_cb (self);
  g_clear_handle_id (&self->changed_id, g_source_remove);
  for (guint c = 0; c < changes->len; c++)
    {
      const char *key = g_array_index (changes, RpChange, c).key;

      for (guint i = 0; i < self->rows->len; i++)
        {
          Row *row = g_ptr_array_index (self->rows, i);

          if (!row->params_info && g_str_equal (row->field->key, key))
            {
              gtk_widget_add_css_class (row->control, "changed");
              n++;
            }
        }
    }
  if (n > 0)
    self->changed_id = g_timeout_add_seconds (RP_SCENARIO_FORM_HIGHLIGHT_S,
                                              on_changed_timeout_cb, self);
  return n;
}

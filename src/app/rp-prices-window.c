/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-prices-window.c: the catalog's rents and purchase prices
 *
 * One row per rental term of each offer and per purchase price, with its
 * currency, date, age and source; filters by GPU, provider and currency.
 * Editing a row's price writes a dated copy of the entry to the user's
 * catalog (core's rp-user-catalog), which replaces the bundled entry in
 * the running catalog; the window then says "prices-changed" so that the
 * plans recompute.  Import Quotes… reads a price list (CSV) of the
 * buyer's quotes into the same catalog: estimates use them first. */

#include "config.h"

#include "rp-prices-window.h"

#include "rp-age.h"
#include "rp-error.h"
#include "rp-units.h"
#include "rp-user-catalog.h"

#include <glib/gi18n.h>
#include <string.h>

/* ---- private structs ------------------------------------------------ */

#define RP_TYPE_PRICE_ROW (rp_price_row_get_type ())
G_DECLARE_FINAL_TYPE (RpPriceRow, rp_price_row, RP, PRICE_ROW, GObject)

struct _RpPriceRow
{
  GObject     parent_instance;

  gboolean    rent;                       /* an offer's term, else a purchase */
  char       *id;                         /* owned: the offer's or purchase's id */
  RpRentKind  kind;
  double      price;                      /* in @currency */
  RpCurrency  currency;
  char       *gpu;                        /* owned: GPU id */
  char       *provider;                   /* owned: English name; NULL for purchases */
  char       *source;                     /* owned */
  char       *texts[RP_N_PRICES_COLUMNS]; /* owned */
};

struct _RpPricesWindow
{
  GtkWindow parent_instance;

  /* template children */
  GtkLabel         *count_label;
  GtkWidget        *empty_label;
  GtkDropDown      *currency_dropdown;
  GtkSearchEntry   *gpu_entry;
  GtkButton        *import_button;
  GtkSpinButton    *price_spin;
  GtkDropDown      *provider_dropdown;
  GtkButton        *save_button;
  GtkLabel         *selected_label;
  GtkLabel         *status_label;
  GtkColumnView    *view;

  /* owned */
  RpCatalog          *catalog;
  char               *user_dir;
  GListStore         *rows;               /* RpPriceRow */
  GtkFilterListModel *filtered;
  GtkCustomFilter    *filter;
  GtkSingleSelection *selection;
  GPtrArray          *providers;          /* char*: the provider filter's items after "All" */
  GtkFileChooserNative *chooser;          /* the open Import… dialog, or NULL */
};

G_DEFINE_FINAL_TYPE (RpPriceRow, rp_price_row, G_TYPE_OBJECT)
G_DEFINE_FINAL_TYPE (RpPricesWindow, rp_prices_window, GTK_TYPE_WINDOW)

enum
{
  SIGNAL_PRICES_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- the row type --------------------------------------------------- */

static void
rp_price_row_finalize (GObject *object)
{
  RpPriceRow *self = RP_PRICE_ROW (object);

  g_free (self->id);
  g_free (self->gpu);
  g_free (self->provider);
  g_free (self->source);
  for (guint i = 0; i < RP_N_PRICES_COLUMNS; i++)
    g_free (self->texts[i]);
  G_OBJECT_CLASS (rp_price_row_parent_class)->finalize (object);
}

static void
rp_price_row_class_init (RpPriceRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = rp_price_row_finalize;
}

static void
rp_price_row_init (RpPriceRow *self)
{
}

/* ---- helpers: rows -------------------------------------------------- */

static GDate *
new_today (void)
{
  GDate *today = g_date_new ();

  g_date_set_time_t (today, time (NULL));
  return today;
}

static char *
age_text (const char *as_of,
          gboolean    user,
          GDate      *today)
{
  gboolean stale = rp_price_is_stale (as_of, today);

  if (stale && user)
    /* TRANSLATORS: the age column of the Prices window: old, and typed by the user */
    return g_strdup (_("stale, yours"));
  if (stale)
    /* TRANSLATORS: the age column: the price is older than six months */
    return g_strdup (_("stale"));
  /* TRANSLATORS: the age column: the user entered this price */
  return g_strdup (user ? _("yours") : "");
}

static const char *
gpu_name (RpPricesWindow *self,
          const char     *id)
{
  const RpGpu *gpu = rp_catalog_lookup_gpu (self->catalog, id);

  return gpu != NULL ? gpu->name : id;
}

static void
add_offer_rows (RpPricesWindow     *self,
                const RpCloudOffer *o,
                GDate              *today)
{
  for (guint k = 0; k < RP_N_RENT_KINDS; k++)
    {
      g_autofree char *money = NULL;
      RpPriceRow *row;

      if (!(o->per_gpu_hour[k] > 0))
        continue;
      row = g_object_new (RP_TYPE_PRICE_ROW, NULL);
      row->rent = TRUE;
      row->id = g_strdup (o->id);
      row->kind = k;
      row->price = o->per_gpu_hour[k];
      row->currency = o->currency;
      row->gpu = g_strdup (o->gpu);
      row->provider = g_strdup (o->provider);
      row->source = g_strdup (o->source);
      /* TRANSLATORS: the kind column of the Prices window */
      row->texts[RP_PRICES_COLUMN_KIND] = g_strdup (C_("price kind", "Rent"));
      row->texts[RP_PRICES_COLUMN_GPU] = g_strdup (gpu_name (self, o->gpu));
      row->texts[RP_PRICES_COLUMN_FROM] = g_strdup (rp_cloud_offer_get_provider (o));
      row->texts[RP_PRICES_COLUMN_TERMS] =
        o->offer != NULL
        /* TRANSLATORS: rental terms, then the offer's instance type */
        ? g_strdup_printf (_("%s · %s"), rp_enum_info_get_label (&rp_rent_kind_info, k),
                           rp_cloud_offer_get_name (o))
        : g_strdup (rp_enum_info_get_label (&rp_rent_kind_info, k));
      money = rp_units_format_money (row->price, row->currency);
      /* TRANSLATORS: a price per GPU-hour in the Prices window: "¥1.98/GPU·h" */
      row->texts[RP_PRICES_COLUMN_PRICE] = g_strdup_printf (_("%s/GPU·h"), money);
      row->texts[RP_PRICES_COLUMN_AS_OF] = g_strdup (o->as_of);
      row->texts[RP_PRICES_COLUMN_AGE] = age_text (o->as_of, o->user, today);
      row->texts[RP_PRICES_COLUMN_SOURCE] = g_strdup (o->source);
      g_list_store_append (self->rows, row);
      g_object_unref (row);
    }
}

static void
add_purchase_row (RpPricesWindow        *self,
                  const RpPurchasePrice *p,
                  GDate                 *today)
{
  RpPriceRow *row = g_object_new (RP_TYPE_PRICE_ROW, NULL);

  row->id = g_strdup (p->id);
  row->price = p->price;
  row->currency = p->currency;
  row->gpu = g_strdup (p->gpu);
  row->source = g_strdup (p->source);
  /* TRANSLATORS: the kind column of the Prices window */
  row->texts[RP_PRICES_COLUMN_KIND] = g_strdup (C_("price kind", "Buy"));
  row->texts[RP_PRICES_COLUMN_GPU] = g_strdup (gpu_name (self, p->gpu));
  row->texts[RP_PRICES_COLUMN_FROM] = g_strdup (rp_enum_info_get_label (&rp_condition_info,
                                                                       p->condition));
  row->texts[RP_PRICES_COLUMN_TERMS] =
    p->server
    /* TRANSLATORS: a purchase price for a whole server */
    ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "server of %u GPU", "server of %u GPUs",
                                    p->gpus_per_server), p->gpus_per_server)
    /* TRANSLATORS: a purchase price for one card */
    : g_strdup (_("one card"));
  row->texts[RP_PRICES_COLUMN_PRICE] = rp_units_format_money (p->price, p->currency);
  row->texts[RP_PRICES_COLUMN_AS_OF] = g_strdup (p->as_of);
  row->texts[RP_PRICES_COLUMN_AGE] = age_text (p->as_of, p->user, today);
  row->texts[RP_PRICES_COLUMN_SOURCE] = g_strdup (p->source);
  g_list_store_append (self->rows, row);
  g_object_unref (row);
}

static void
fill_rows (RpPricesWindow *self)
{
  g_autoptr(GDate) today = new_today ();

  g_list_store_remove_all (self->rows);
  for (guint i = 0; i < rp_catalog_n_clouds (self->catalog); i++)
    add_offer_rows (self, rp_catalog_get_cloud (self->catalog, i), today);
  for (guint i = 0; i < rp_catalog_n_purchases (self->catalog); i++)
    add_purchase_row (self, rp_catalog_get_purchase (self->catalog, i), today);
}

/* ---- helpers: filters ----------------------------------------------- */

static gboolean
contains_folded (const char *haystack,
                 const char *needle)
{
  g_autofree char *h = haystack != NULL ? g_utf8_casefold (haystack, -1) : NULL;

  return h != NULL && strstr (h, needle) != NULL;
}

static gboolean
row_matches (gpointer item,
             gpointer user_data)
{
  RpPricesWindow *self = user_data;
  RpPriceRow *row = item;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->gpu_entry));
  guint provider = gtk_drop_down_get_selected (self->provider_dropdown);
  guint currency = gtk_drop_down_get_selected (self->currency_dropdown);

  if (text != NULL && *text != '\0')
    {
      g_autofree char *needle = g_utf8_casefold (text, -1);

      if (!contains_folded (row->gpu, needle) &&
          !contains_folded (row->texts[RP_PRICES_COLUMN_GPU], needle))
        return FALSE;
    }
  /* item 0 of each drop-down is "All" */
  if (provider > 0 && provider != GTK_INVALID_LIST_POSITION &&
      g_strcmp0 (row->provider, g_ptr_array_index (self->providers, provider - 1)) != 0)
    return FALSE;
  if (currency > 0 && currency != GTK_INVALID_LIST_POSITION &&
      (guint) row->currency != currency - 1)
    return FALSE;
  return TRUE;
}

static void
fill_providers (RpPricesWindow *self)
{
  GtkStringList *items = gtk_string_list_new (NULL);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  g_ptr_array_set_size (self->providers, 0);
  /* TRANSLATORS: the first item of the provider filter */
  gtk_string_list_append (items, _("All providers"));
  for (guint i = 0; i < rp_catalog_n_clouds (self->catalog); i++)
    {
      const RpCloudOffer *o = rp_catalog_get_cloud (self->catalog, i);

      if (!g_hash_table_add (seen, o->provider))
        continue;
      g_ptr_array_add (self->providers, g_strdup (o->provider));
      gtk_string_list_append (items, rp_cloud_offer_get_provider (o));
    }
  gtk_drop_down_set_model (self->provider_dropdown, G_LIST_MODEL (items));
  g_object_unref (items);
}

static void
fill_currencies (RpPricesWindow *self)
{
  GtkStringList *items = gtk_string_list_new (NULL);

  /* TRANSLATORS: the first item of the currency filter */
  gtk_string_list_append (items, _("All currencies"));
  for (guint c = 0; c < RP_N_CURRENCIES; c++)
    gtk_string_list_append (items, rp_currency_to_string (c));
  gtk_drop_down_set_model (self->currency_dropdown, G_LIST_MODEL (items));
  g_object_unref (items);
}

static void
update_count (RpPricesWindow *self)
{
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
  guint all = g_list_model_get_n_items (G_LIST_MODEL (self->rows));
  /* TRANSLATORS: rows shown after the filters, of all rows */
  g_autofree char *text = g_strdup_printf (_("%u of %u prices"), shown, all);

  gtk_label_set_label (self->count_label, text);
  gtk_widget_set_visible (self->empty_label, shown == 0 && all > 0);
}

/* ---- helpers: the editor -------------------------------------------- */

static RpPriceRow *
selected_row (RpPricesWindow *self)
{
  return gtk_single_selection_get_selected_item (self->selection);
}

static void
set_status (RpPricesWindow *self,
            const char     *text,
            gboolean        error)
{
  gtk_label_set_label (self->status_label, text);
  if (error)
    gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "error");
}

static void
update_editor (RpPricesWindow *self)
{
  RpPriceRow *row = selected_row (self);
  g_autofree char *what = NULL;

  gtk_widget_set_sensitive (GTK_WIDGET (self->save_button), row != NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->price_spin), row != NULL);
  if (row == NULL)
    {
      /* TRANSLATORS: the editor of the Prices window, before a row is chosen */
      gtk_label_set_label (self->selected_label, _("Choose a price to change it"));
      return;
    }
  /* TRANSLATORS: the chosen row: GPU, provider or condition, terms, currency */
  what = g_strdup_printf (_("%s · %s · %s, in %s"), row->texts[RP_PRICES_COLUMN_GPU],
                          row->texts[RP_PRICES_COLUMN_FROM], row->texts[RP_PRICES_COLUMN_TERMS],
                          rp_currency_to_string (row->currency));
  gtk_label_set_label (self->selected_label, what);
  gtk_spin_button_set_digits (self->price_spin, row->rent ? 2 : 0);
  gtk_spin_button_set_increments (self->price_spin, row->rent ? 0.1 : 100, row->rent ? 1 : 1000);
  gtk_spin_button_set_value (self->price_spin, row->price);
}

static void
select_entry (RpPricesWindow *self,
              const char     *id,
              gboolean        rent,
              RpRentKind      kind)
{
  GListModel *model = G_LIST_MODEL (self->filtered);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(RpPriceRow) row = g_list_model_get_item (model, i);

      if (row->rent == rent && g_str_equal (row->id, id) && (!rent || row->kind == kind))
        {
          gtk_single_selection_set_selected (self->selection, i);
          return;
        }
    }
}

/* ---- signal callbacks ----------------------------------------------- */

static void
on_filter_changed_cb (RpPricesWindow *self)
{
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  update_count (self);
}

static void
on_selection_changed_cb (RpPricesWindow *self)
{
  update_editor (self);
}

static void
on_save_clicked_cb (RpPricesWindow *self)
{
  RpPriceRow *row = selected_row (self);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDate) today = new_today ();
  g_autofree char *id = NULL;
  g_autofree char *text = NULL;
  gboolean rent, ok;
  RpRentKind kind;
  double value;

  if (row == NULL)
    return;
  gtk_spin_button_update (self->price_spin);
  value = gtk_spin_button_get_value (self->price_spin);
  id = g_strdup (row->id);
  rent = row->rent;
  kind = row->kind;
  ok = rent ? rp_user_catalog_set_offer_price (self->catalog, self->user_dir, id, kind, value,
                                               today, &error)
            : rp_user_catalog_set_purchase_price (self->catalog, self->user_dir, id, value, today,
                                                  &error);
  if (!ok)
    {
      set_status (self, error->domain == RP_ERROR ? rp_error_get_detail (error)
                                                  : error->message, TRUE);
      return;
    }
  fill_rows (self);
  update_count (self);
  select_entry (self, id, rent, kind);
  /* TRANSLATORS: after an edit; %s is the user's catalog folder */
  text = g_strdup_printf (_("Saved as your price in %s. Plans use it now."), self->user_dir);
  set_status (self, text, FALSE);
  g_signal_emit (self, signals[SIGNAL_PRICES_CHANGED], 0);
}

static void
on_import_response_cb (RpPricesWindow       *self,
                       int                   response,
                       GtkFileChooserNative *chooser)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_clear_object (&self->chooser);
  if (file == NULL || (path = g_file_get_path (file)) == NULL)
    return;
  rp_prices_window_import (self, path);
}

static void
on_import_clicked_cb (RpPricesWindow *self)
{
  GtkFileFilter *csv = gtk_file_filter_new ();

  if (self->chooser != NULL)
    return;
  /* TRANSLATORS: the title of the file chooser of Import Quotes… */
  self->chooser = gtk_file_chooser_native_new (_("Import Quotes"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"),
                                               _("_Cancel"));
  /* TRANSLATORS: a file type in the file chooser */
  gtk_file_filter_set_name (csv, _("Price lists (CSV)"));
  gtk_file_filter_add_suffix (csv, "csv");
  gtk_file_filter_add_suffix (csv, "tsv");
  gtk_file_filter_add_suffix (csv, "txt");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), csv);
  g_object_unref (csv);
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (on_import_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* ---- helpers: columns ----------------------------------------------- */

static void
on_cell_setup_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  gpointer                  user_data)
{
  RpPricesColumn column = GPOINTER_TO_UINT (user_data);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), column == RP_PRICES_COLUMN_PRICE ? 1 : 0);
  if (column == RP_PRICES_COLUMN_SOURCE || column == RP_PRICES_COLUMN_TERMS)
    gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  if (column == RP_PRICES_COLUMN_PRICE)
    gtk_widget_add_css_class (label, "numeric");
  if (column == RP_PRICES_COLUMN_AGE)
    gtk_widget_add_css_class (label, "dim-label");
  gtk_list_item_set_child (item, label);
}

static void
on_cell_bind_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 gpointer                  user_data)
{
  RpPricesColumn column = GPOINTER_TO_UINT (user_data);
  RpPriceRow *row = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);

  gtk_label_set_label (GTK_LABEL (label), row->texts[column]);
  /* the cells cut short show all of it on hover */
  gtk_widget_set_tooltip_text (label, column == RP_PRICES_COLUMN_SOURCE ? row->source :
                                      column == RP_PRICES_COLUMN_TERMS ? row->texts[column] : NULL);
}

static void
add_columns (RpPricesWindow *self)
{
  /* TRANSLATORS: column headings of the Prices window */
  const char *const titles[RP_N_PRICES_COLUMNS] = {
    C_("column", "Kind"), C_("column", "GPU"), C_("column", "From"), C_("column", "Terms"),
    C_("column", "Price"), C_("column", "As of"), C_("column", "Age"), C_("column", "Source"),
  };

  for (guint c = 0; c < RP_N_PRICES_COLUMNS; c++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkColumnViewColumn *column;

      g_signal_connect (factory, "setup", G_CALLBACK (on_cell_setup_cb), GUINT_TO_POINTER (c));
      g_signal_connect (factory, "bind", G_CALLBACK (on_cell_bind_cb), GUINT_TO_POINTER (c));
      column = gtk_column_view_column_new (titles[c], factory);
      gtk_column_view_column_set_resizable (column, TRUE);
      gtk_column_view_column_set_expand (column, c == RP_PRICES_COLUMN_SOURCE ||
                                                 c == RP_PRICES_COLUMN_TERMS);
      gtk_column_view_append_column (self->view, column);
      g_object_unref (column);
    }
}

/* ---- vfunc overrides ------------------------------------------------ */

static void
rp_prices_window_dispose (GObject *object)
{
  RpPricesWindow *self = RP_PRICES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), RP_TYPE_PRICES_WINDOW);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  g_clear_object (&self->selection);
  g_clear_object (&self->filtered);
  g_clear_object (&self->filter);
  g_clear_object (&self->rows);
  G_OBJECT_CLASS (rp_prices_window_parent_class)->dispose (object);
}

static void
rp_prices_window_finalize (GObject *object)
{
  RpPricesWindow *self = RP_PRICES_WINDOW (object);

  g_clear_pointer (&self->catalog, rp_catalog_unref);
  g_clear_pointer (&self->providers, g_ptr_array_unref);
  g_free (self->user_dir);
  G_OBJECT_CLASS (rp_prices_window_parent_class)->finalize (object);
}

/* ---- class_init / init ---------------------------------------------- */

static void
rp_prices_window_class_init (RpPricesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = rp_prices_window_dispose;
  object_class->finalize = rp_prices_window_finalize;

  signals[SIGNAL_PRICES_CHANGED] =
    g_signal_new ("prices-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rigplan/Rigplan/rp-prices-window.ui");
  gtk_widget_class_bind_template_child (widget_class, RpPricesWindow, count_label);
  gtk_widget_class_bind_template_child (widget_class, RpPricesWindow, empty_label);
  gtk_widget_class_bind_template_child (widget_class, RpPricesWindow, currency_dropdown);
  gtk_widget_class_bind_template_child (widget_class, RpPricesWindow, gpu_entry);
  gtk_widget_class_bind_template_child (widget_class, RpPricesWindow, import_button);
  gtk_widget_class_bind_template_child (widget_class, RpPricesWindow, price_spin);
  gtk_widget_class_bind_template_child (widget_class, RpPricesWindow, provider_dropdown);
  gtk_widget_class_bind_template_child (widget_class, RpPricesWindow, save_button);
  gtk_widget_class_bind_template_child (widget_class, RpPricesWindow, selected_label);
  gtk_widget_class_bind_template_child (widget_class, RpPricesWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, RpPricesWindow, view);
  gtk_widget_class_bind_template_callback (widget_class, on_filter_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_import_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_save_clicked_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
rp_prices_window_init (RpPricesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->providers = g_ptr_array_new_with_free_func (g_free);
  self->rows = g_list_store_new (RP_TYPE_PRICE_ROW);
  self->filter = gtk_custom_filter_new (row_matches, self, NULL);
  self->filtered = gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (self->rows)),
                                              g_object_ref (GTK_FILTER (self->filter)));
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->filtered)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect_object (self->selection, "notify::selected",
                           G_CALLBACK (on_selection_changed_cb), self, G_CONNECT_SWAPPED);
  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (self->selection));
  add_columns (self);
}

/* ---- public API ----------------------------------------------------- */

RpPricesWindow *
rp_prices_window_new (GtkWindow  *parent,
                      RpCatalog  *catalog,
                      const char *user_dir)
{
  RpPricesWindow *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (catalog != NULL, NULL);

  self = g_object_new (RP_TYPE_PRICES_WINDOW, "transient-for", parent, NULL);
  self->catalog = rp_catalog_ref (catalog);
  self->user_dir = user_dir != NULL ? g_strdup (user_dir) : rp_catalog_user_dir ();
  fill_providers (self);
  fill_currencies (self);
  fill_rows (self);
  update_count (self);
  update_editor (self);
  return self;
}

GtkEditable *
rp_prices_window_get_gpu_filter (RpPricesWindow *self)
{
  g_return_val_if_fail (RP_IS_PRICES_WINDOW (self), NULL);
  return GTK_EDITABLE (self->gpu_entry);
}

GtkDropDown *
rp_prices_window_get_provider_filter (RpPricesWindow *self)
{
  g_return_val_if_fail (RP_IS_PRICES_WINDOW (self), NULL);
  return self->provider_dropdown;
}

GtkDropDown *
rp_prices_window_get_currency_filter (RpPricesWindow *self)
{
  g_return_val_if_fail (RP_IS_PRICES_WINDOW (self), NULL);
  return self->currency_dropdown;
}

GtkSpinButton *
rp_prices_window_get_price_spin (RpPricesWindow *self)
{
  g_return_val_if_fail (RP_IS_PRICES_WINDOW (self), NULL);
  return self->price_spin;
}

GtkButton *
rp_prices_window_get_save_button (RpPricesWindow *self)
{
  g_return_val_if_fail (RP_IS_PRICES_WINDOW (self), NULL);
  return self->save_button;
}

guint
rp_prices_window_get_n_shown (RpPricesWindow *self)
{
  g_return_val_if_fail (RP_IS_PRICES_WINDOW (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
}

const char *
rp_prices_window_get_text (RpPricesWindow *self,
                           guint           position,
                           RpPricesColumn  column)
{
  g_autoptr(RpPriceRow) row = NULL;

  g_return_val_if_fail (RP_IS_PRICES_WINDOW (self), NULL);
  g_return_val_if_fail (column < RP_N_PRICES_COLUMNS, NULL);

  row = g_list_model_get_item (G_LIST_MODEL (self->filtered), position);
  /* the row stays in the store: its text outlives this reference */
  return row != NULL ? row->texts[column] : NULL;
}

void
rp_prices_window_select (RpPricesWindow *self,
                         guint           position)
{
  g_return_if_fail (RP_IS_PRICES_WINDOW (self));
  gtk_single_selection_set_selected (self->selection, position);
}

gboolean
rp_prices_window_import (RpPricesWindow *self,
                         const char     *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDate) today = new_today ();
  g_autofree char *text = NULL;
  guint n = 0;

  g_return_val_if_fail (RP_IS_PRICES_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (!rp_user_catalog_import_prices (self->catalog, self->user_dir, path, today, &n, &error))
    {
      /* every bad row, one a line: nothing was imported */
      text = g_strdup_printf ("%s\n%s", error->message,
                              /* TRANSLATORS: after the bad rows of a price list */
                              _("Nothing was imported: fix these rows and import the list "
                                "again."));
      set_status (self, text, TRUE);
      return FALSE;
    }
  fill_providers (self);
  fill_rows (self);
  update_count (self);
  /* TRANSLATORS: after Import Quotes…; the count, then the user's catalog folder */
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Imported %u price into %s. Plans use your quotes first.",
                                       "Imported %u prices into %s. Plans use your quotes first.",
                                       n), n, self->user_dir);
  set_status (self, text, FALSE);
  g_signal_emit (self, signals[SIGNAL_PRICES_CHANGED], 0);
  return TRUE;
}

GtkButton *
rp_prices_window_get_import_button (RpPricesWindow *self)
{
  g_return_val_if_fail (RP_IS_PRICES_WINDOW (self), NULL);
  return self->import_button;
}

const char *
rp_prices_window_get_status (RpPricesWindow *self)
{
  g_return_val_if_fail (RP_IS_PRICES_WINDOW (self), NULL);
  return gtk_label_get_label (self->status_label);
}

gboolean
rp_prices_window_says_empty (RpPricesWindow *self)
{
  g_return_val_if_fail (RP_IS_PRICES_WINDOW (self), FALSE);
  return gtk_widget_get_visible (self->empty_label);
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-prices-window.h: the catalog's rents and purchase prices, with their
 * source and date; an edited price goes to the user's catalog */
#pragma once

#include <gtk/gtk.h>

#include "rp-catalog.h"

G_BEGIN_DECLS

#define RP_TYPE_PRICES_WINDOW (rp_prices_window_get_type ())
G_DECLARE_FINAL_TYPE (RpPricesWindow, rp_prices_window, RP, PRICES_WINDOW, GtkWindow)

/* The columns of the list, for tests and accessibility. */
typedef enum
{
  RP_PRICES_COLUMN_KIND,        /* "Rent" or "Buy" */
  RP_PRICES_COLUMN_GPU,
  RP_PRICES_COLUMN_FROM,        /* the provider, or the card's condition */
  RP_PRICES_COLUMN_TERMS,       /* rental terms, or card / server of N GPUs */
  RP_PRICES_COLUMN_PRICE,       /* in the entry's own currency */
  RP_PRICES_COLUMN_AS_OF,
  RP_PRICES_COLUMN_AGE,         /* "stale", "yours" */
  RP_PRICES_COLUMN_SOURCE,
  RP_N_PRICES_COLUMNS
} RpPricesColumn;

/* A window over @catalog (borrowed for the window's life: a reference
 * is taken) that writes edits to @user_dir (NULL: rp_catalog_user_dir).
 * Emits "prices-changed" after an edit reached the catalog. */
RpPricesWindow *rp_prices_window_new           (GtkWindow      *parent,
                                                RpCatalog      *catalog,
                                                const char     *user_dir);

/* For tests: the filters and the editor, as the user reaches them. */
GtkEditable    *rp_prices_window_get_gpu_filter      (RpPricesWindow *self);
GtkDropDown    *rp_prices_window_get_provider_filter (RpPricesWindow *self);
GtkDropDown    *rp_prices_window_get_currency_filter (RpPricesWindow *self);
GtkSpinButton  *rp_prices_window_get_price_spin      (RpPricesWindow *self);
GtkButton      *rp_prices_window_get_save_button     (RpPricesWindow *self);
/* The rows shown after the filters, a cell's text, and selecting one. */
guint           rp_prices_window_get_n_shown   (RpPricesWindow *self);
/* Whether the window says that no price matches the filters. */
gboolean        rp_prices_window_says_empty    (RpPricesWindow *self);
const char     *rp_prices_window_get_text      (RpPricesWindow *self,
                                                guint           position,
                                                RpPricesColumn  column);
void            rp_prices_window_select        (RpPricesWindow *self,
                                                guint           position);
/* Reads the price list @path into the user's catalog (the Import…
 * button's work after the file chooser), shows what it imported or every
 * bad row, and emits "prices-changed" when prices came in.  TRUE when
 * they did. */
gboolean        rp_prices_window_import        (RpPricesWindow *self,
                                                const char     *path);
GtkButton      *rp_prices_window_get_import_button   (RpPricesWindow *self);
/* The line under the editor: what was saved where, or what went wrong. */
const char     *rp_prices_window_get_status    (RpPricesWindow *self);

G_END_DECLS

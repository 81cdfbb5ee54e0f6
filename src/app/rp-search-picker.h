/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-search-picker.h: a button that opens a searchable list
 *
 * For long catalogs (GPUs): typing right after opening goes to the search
 * box, and every word typed must appear somewhere in an item's search
 * text (name, id, vendor, aliases such as "昇腾"), in any order, ignoring
 * case.  GtkDropDown's search in GTK 4.8 matches prefixes only. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define RP_TYPE_SEARCH_PICKER (rp_search_picker_get_type ())

G_DECLARE_FINAL_TYPE (RpSearchPicker, rp_search_picker, RP, SEARCH_PICKER, GtkWidget)

GtkWidget  *rp_search_picker_new             (void);
/* Adds an item: @id is reported when picked, @label shown, @search_text
 * (may be NULL: the label) matched against the typed words. */
void        rp_search_picker_append          (RpSearchPicker *self,
                                              const char     *id,
                                              const char     *label,
                                              const char     *search_text);
void        rp_search_picker_remove_all      (RpSearchPicker *self);
/* Shows @id as chosen without emitting "picked"; NULL shows @fallback. */
void        rp_search_picker_set_selected    (RpSearchPicker *self,
                                              const char     *id,
                                              const char     *fallback);
const char *rp_search_picker_get_selected    (RpSearchPicker *self);
/* The search box and the number of items its text matches (tests). */
GtkEditable *rp_search_picker_get_search     (RpSearchPicker *self);
guint       rp_search_picker_get_n_matches   (RpSearchPicker *self);
void        rp_search_picker_popup           (RpSearchPicker *self);
/* Picks the first match, as Enter in the search box does. */
void        rp_search_picker_pick_first      (RpSearchPicker *self);

/* Whether every word of @query appears in @text, ignoring case. */
gboolean    rp_search_matches                (const char     *query,
                                              const char     *text);

G_END_DECLS

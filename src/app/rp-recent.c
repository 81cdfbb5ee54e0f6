/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-recent.c: recently used scenarios and comparisons */

#include "config.h"

#include "rp-recent.h"

#include <glib/gi18n.h>

/* The primary menu stays short: the newest few are what people reopen. */
static const guint menu_max_items = 8;

static const char *const mime_types[] = {
  "application/x-rigplan", "application/x-rigplan-compare",
};

/* ---- helpers -------------------------------------------------------- */

static gboolean
is_kind (GtkRecentInfo *info,
         RpRecentKind   kinds)
{
  const char *mime = gtk_recent_info_get_mime_type (info);

  for (guint k = 0; k < G_N_ELEMENTS (mime_types); k++)
    if ((kinds & (1u << k)) != 0 && g_strcmp0 (mime, mime_types[k]) == 0)
      return TRUE;
  return FALSE;
}

static int
newest_first (gconstpointer a,
              gconstpointer b)
{
  GDateTime *ta = gtk_recent_info_get_modified ((GtkRecentInfo *) a);
  GDateTime *tb = gtk_recent_info_get_modified ((GtkRecentInfo *) b);

  return g_date_time_compare (tb, ta);
}

static void
fill_menu (GMenu *menu)
{
  g_autoptr(GPtrArray) uris = rp_recent_list (RP_RECENT_SCENARIOS | RP_RECENT_COMPARISONS,
                                              menu_max_items);

  g_menu_remove_all (menu);
  for (guint i = 0; i < uris->len; i++)
    {
      const char *uri = g_ptr_array_index (uris, i);
      g_autoptr(GFile) file = g_file_new_for_uri (uri);
      g_autofree char *name = g_file_get_basename (file);
      g_autoptr(GMenuItem) item = g_menu_item_new (name, NULL);

      g_menu_item_set_action_and_target_value (item, "app.open-recent",
                                               g_variant_new_string (uri));
      g_menu_append_item (menu, item);
    }
}

static void
on_recent_changed_cb (GtkRecentManager *manager,
                      GMenu            *menu)
{
  fill_menu (menu);
}

/* ---- public API ----------------------------------------------------- */

void
rp_recent_add (GFile        *file,
               RpRecentKind  kind)
{
  g_autofree char *uri = NULL;
  GtkRecentData data = { 0 };

  g_return_if_fail (G_IS_FILE (file));

  uri = g_file_get_uri (file);
  data.mime_type = (char *) mime_types[kind == RP_RECENT_COMPARISONS ? 1 : 0];
  data.app_name = (char *) "Rigplan";
  data.app_exec = (char *) "rigplan %u";
  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

GPtrArray *
rp_recent_list (RpRecentKind kinds,
                guint        max)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  GPtrArray *uris = g_ptr_array_new_with_free_func (g_free);

  items = g_list_sort (items, newest_first);
  for (GList *l = items; l != NULL && uris->len < max; l = l->next)
    {
      GtkRecentInfo *info = l->data;

      if (is_kind (info, kinds) && gtk_recent_info_exists (info))
        g_ptr_array_add (uris, g_strdup (gtk_recent_info_get_uri (info)));
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
  return uris;
}

void
rp_recent_attach_menu (GMenu *menu)
{
  g_return_if_fail (G_IS_MENU (menu));

  fill_menu (menu);
  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (on_recent_changed_cb), menu, 0);
}

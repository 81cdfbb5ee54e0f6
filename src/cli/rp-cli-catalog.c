/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-cli-catalog.c: "rigplan-cli catalog check" and "catalog
 * import-prices" */

#include "config.h"

#include "rp-cli-catalog.h"

#include "rp-catalog-check.h"
#include "rp-cli-common.h"
#include "rp-json-private.h"
#include "rp-units.h"
#include "rp-user-catalog.h"
#include "rp-words.h"

#include <glib/gi18n.h>
#include <math.h>

/* ---- helpers -------------------------------------------------------- */

static void
print_json (cJSON *root)
{
  g_autofree char *text = cJSON_Print (root);

  /* cJSON writes "." whatever LC_NUMERIC says */
  g_print ("%s\n", text);
}

static cJSON *
hole_to_json (const RpCatalogHole *hole)
{
  cJSON *obj = cJSON_CreateObject ();
  g_autofree char *text = rp_words_catalog_hole (hole);

  cJSON_AddStringToObject (obj, "entry", rp_hole_entry_to_string (hole->entry));
  cJSON_AddStringToObject (obj, "id", hole->id);
  cJSON_AddStringToObject (obj, "kind", rp_hole_kind_to_string (hole->kind));
  rp_json_add_string (obj, "key", hole->key);
  cJSON_AddBoolToObject (obj, "blocking", hole->blocking);
  if (hole->kind == RP_HOLE_STALE)
    {
      rp_json_add_number (obj, "age_months", round (hole->age_months * 10) / 10);
      rp_json_add_string (obj, "as_of", hole->as_of);
    }
  if (hole->kind == RP_HOLE_DERIVED)
    rp_json_add_string (obj, "from", hole->from);
  rp_json_add_string (obj, "message", text);
  return obj;
}

/* ---- public API ----------------------------------------------------- */

int
rp_cli_catalog_check (const RpCatalog *catalog,
                      gboolean         json,
                      GDate           *today)
{
  g_autoptr(GArray) holes = rp_catalog_check (catalog, today);
  guint blocking = rp_catalog_check_n_blocking (holes);

  if (json)
    {
      g_autoptr(cJSON) root = cJSON_CreateObject ();
      cJSON *list;
      char date[16];

      g_date_strftime (date, sizeof date, "%Y-%m-%d", today);
      cJSON_AddStringToObject (root, "format", "rigplan-catalog-check");
      cJSON_AddNumberToObject (root, "version", 1);
      cJSON_AddStringToObject (root, "today", date);
      cJSON_AddNumberToObject (root, "n_holes", holes->len);
      cJSON_AddNumberToObject (root, "n_blocking", blocking);
      list = cJSON_AddArrayToObject (root, "holes");
      for (guint i = 0; i < holes->len; i++)
        cJSON_AddItemToArray (list, hole_to_json (&g_array_index (holes, RpCatalogHole, i)));
      print_json (root);
    }
  else
    {
      for (guint i = 0; i < holes->len; i++)
        {
          const RpCatalogHole *hole = &g_array_index (holes, RpCatalogHole, i);
          g_autofree char *text = rp_words_catalog_hole (hole);
          g_autofree char *entry = rp_units_pad (rp_words_hole_entry (hole->entry), -9);
          g_autofree char *id = rp_units_pad (hole->id, -34);

          /* TRANSLATORS: a mark after a hole of "catalog check" */
          g_print ("%s %s %s%s\n", entry, id, text, hole->blocking ? _("  [blocks an estimate]")
                                                                  : "");
        }
      if (blocking == 0)
        /* TRANSLATORS: the last line of "rigplan-cli catalog check" */
        g_print (g_dngettext (GETTEXT_PACKAGE, "%u hole; none blocks an estimate.\n",
                              "%u holes; none blocks an estimate.\n", holes->len),
                 holes->len);
      else
        /* TRANSLATORS: the last line of "rigplan-cli catalog check" */
        g_print (g_dngettext (GETTEXT_PACKAGE, "%u holes; %u blocks an estimate.\n",
                              "%u holes; %u block an estimate.\n", blocking),
                 holes->len, blocking);
    }
  return blocking == 0 ? EXIT_OK : EXIT_BAD_INPUT;
}

int
rp_cli_catalog_import (RpCatalog  *catalog,
                       const char *csv_path,
                       gboolean    json,
                       GDate      *today)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = rp_catalog_user_dir ();
  guint n = 0;

  if (!rp_user_catalog_import_prices (catalog, dir, csv_path, today, &n, &error))
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  if (json)
    {
      g_autoptr(cJSON) root = cJSON_CreateObject ();
      g_autofree char *path = g_build_filename (dir, RP_USER_CLOUDS_FILE, NULL);

      cJSON_AddStringToObject (root, "format", "rigplan-import-prices");
      cJSON_AddNumberToObject (root, "version", 1);
      cJSON_AddNumberToObject (root, "imported", n);
      cJSON_AddStringToObject (root, "file", path);
      print_json (root);
    }
  else
    {
      g_autofree char *path = g_build_filename (dir, RP_USER_CLOUDS_FILE, NULL);

      /* TRANSLATORS: a count of prices, then a file */
      g_print (g_dngettext (GETTEXT_PACKAGE,
                            "Imported %u price into %s; estimates use your quotes first.\n",
                            "Imported %u prices into %s; estimates use your quotes first.\n", n),
               n, path);
    }
  return EXIT_OK;
}

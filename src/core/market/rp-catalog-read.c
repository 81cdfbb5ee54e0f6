/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-catalog-read.c: what every catalog entry has: an id and its source
 *
 * The lowest part of the catalog: the loaders of GPUs, offers, regions,
 * purchases and markets all read their entries' ids and provenance here. */

#include "config.h"

#include "rp-age.h"
#include "rp-catalog-private.h"

#include "rp-error.h"

#include <glib/gi18n-lib.h>

/* ---- private API ---------------------------------------------------- */

gboolean
rp_catalog_read_id (const cJSON *item,
                    const char  *path,
                    char       **out,
                    GError     **error)
{
  if (!rp_json_read_string (item, path, "id", TRUE, out, error))
    return FALSE;
  for (const char *p = *out; *p != '\0'; p++)
    if (!(g_ascii_islower (*p) || g_ascii_isdigit (*p) || *p == '-' || *p == '.' || *p == '_'))
      {
        g_autofree char *where = rp_json_join_path (path, "id");
        rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where,
                          _("“%s” may hold only a–z, 0–9, “-”, “_” and “.”"), *out);
        return FALSE;
      }
  if (**out == '\0')
    {
      g_autofree char *where = rp_json_join_path (path, "id");
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where, _("must not be empty"));
      return FALSE;
    }
  return TRUE;
}

gboolean
rp_catalog_read_provenance (const cJSON *item,
                            const char  *path,
                            char       **source,
                            char       **as_of,
                            char       **notes,
                            GError     **error)
{
  return rp_json_read_string (item, path, "source", TRUE, source, error) &&
         rp_json_read_string (item, path, "as_of", TRUE, as_of, error) &&
         rp_as_of_check (*as_of, path, "as_of", error) &&
         rp_json_read_string (item, path, "notes", FALSE, notes, error);
}

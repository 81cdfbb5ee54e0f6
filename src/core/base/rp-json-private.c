/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-json-private.c: typed reads from cJSON trees */

#include "config.h"

#include "rp-json-private.h"

#include "rp-error.h"
#include "rp-file.h"

#include <glib/gi18n-lib.h>
#include <math.h>

/* ---- helpers -------------------------------------------------------- */

static gboolean
is_absent (const cJSON *item)
{
  return item == NULL || cJSON_IsNull (item);
}

static gboolean
check_present (const cJSON *item,
               const char  *path,
               const char  *key,
               gboolean     required,
               GError     **error)
{
  g_autofree char *where = NULL;

  if (!is_absent (item) || !required)
    return TRUE;
  where = rp_json_join_path (path, key);
  rp_error_set_key (error, RP_ERROR_MISSING_FIELD, where, _("this key is required"));
  return FALSE;
}

static gboolean
invalid (GError    **error,
         const char *path,
         const char *key,
         const char *what)
{
  g_autofree char *where = rp_json_join_path (path, key);

  rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where, "%s", what);
  return FALSE;
}

static gboolean
read_finite (const cJSON *obj,
             const char  *path,
             const char  *key,
             gboolean     required,
             double      *value,
             gboolean    *present,
             GError     **error)
{
  const cJSON *item = cJSON_GetObjectItemCaseSensitive (obj, key);

  *present = FALSE;
  if (!check_present (item, path, key, required, error))
    return FALSE;
  if (is_absent (item))
    return TRUE;
  if (!cJSON_IsNumber (item) || !isfinite (item->valuedouble))
    return invalid (error, path, key, _("expected a number"));
  *value = item->valuedouble;
  *present = TRUE;
  return TRUE;
}

/* ---- public API ----------------------------------------------------- */

char *
rp_json_join_path (const char *path,
                   const char *key)
{
  if (path == NULL || *path == '\0')
    return g_strdup (key);
  return g_strconcat (path, ".", key, NULL);
}

gboolean
rp_json_read_number (const cJSON *obj,
                     const char  *path,
                     const char  *key,
                     gboolean     required,
                     double       min,
                     double       max,
                     double      *out,
                     GError     **error)
{
  double value = 0;
  gboolean present;

  if (!read_finite (obj, path, key, required, &value, &present, error))
    return FALSE;
  if (!present)
    return TRUE;
  if (value < min || value > max)
    {
      g_autofree char *what = NULL;
      char lo[G_ASCII_DTOSTR_BUF_SIZE], hi[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (lo, sizeof lo, "%.10g", min);
      g_ascii_formatd (hi, sizeof hi, "%.10g", max);
      what = g_strdup_printf (_("expected a number from %s to %s"), lo, hi);
      return invalid (error, path, key, what);
    }
  *out = value;
  return TRUE;
}

gboolean
rp_json_read_uint (const cJSON *obj,
                   const char  *path,
                   const char  *key,
                   gboolean     required,
                   guint        min,
                   guint        max,
                   guint       *out,
                   GError     **error)
{
  double value = 0;
  gboolean present;

  if (!read_finite (obj, path, key, required, &value, &present, error))
    return FALSE;
  if (!present)
    return TRUE;
  if (value != floor (value) || value < min || value > max)
    {
      g_autofree char *what =
        g_strdup_printf (_("expected a whole number from %u to %u"), min, max);
      return invalid (error, path, key, what);
    }
  *out = (guint) value;
  return TRUE;
}

gboolean
rp_json_read_uint64 (const cJSON *obj,
                     const char  *path,
                     const char  *key,
                     gboolean     required,
                     guint64     *out,
                     GError     **error)
{
  /* 2^53: the largest count a JSON double holds exactly */
  static const double max_exact = 9007199254740992.0;
  double value = 0;
  gboolean present;

  if (!read_finite (obj, path, key, required, &value, &present, error))
    return FALSE;
  if (!present)
    return TRUE;
  if (value != floor (value) || value < 0 || value > max_exact)
    return invalid (error, path, key,
                    _("expected a whole number from 0 to 9007199254740992 (2^53)"));
  *out = (guint64) value;
  return TRUE;
}

gboolean
rp_json_read_bool (const cJSON *obj,
                   const char  *path,
                   const char  *key,
                   gboolean     required,
                   gboolean    *out,
                   GError     **error)
{
  const cJSON *item = cJSON_GetObjectItemCaseSensitive (obj, key);

  if (!check_present (item, path, key, required, error))
    return FALSE;
  if (is_absent (item))
    return TRUE;
  if (!cJSON_IsBool (item))
    return invalid (error, path, key, _("expected true or false"));
  *out = cJSON_IsTrue (item);
  return TRUE;
}

gboolean
rp_json_read_string (const cJSON *obj,
                     const char  *path,
                     const char  *key,
                     gboolean     required,
                     char       **out,
                     GError     **error)
{
  const cJSON *item = cJSON_GetObjectItemCaseSensitive (obj, key);

  if (!check_present (item, path, key, required, error))
    return FALSE;
  if (is_absent (item))
    return TRUE;
  if (!cJSON_IsString (item) || item->valuestring == NULL)
    return invalid (error, path, key, _("expected a string"));
  if (!g_utf8_validate (item->valuestring, -1, NULL))
    return invalid (error, path, key, _("the text is not valid UTF-8"));
  g_free (*out);
  *out = g_strdup (item->valuestring);
  return TRUE;
}

gboolean
rp_json_read_enum (const cJSON      *obj,
                   const char       *path,
                   const char       *key,
                   gboolean          required,
                   RpJsonEnumParser  from_string,
                   const char       *accepted,
                   gpointer          out,
                   GError          **error)
{
  g_autofree char *s = NULL;

  if (!rp_json_read_string (obj, path, key, required, &s, error))
    return FALSE;
  if (s == NULL)
    return TRUE;
  if (!from_string (s, out))
    {
      g_autofree char *what =
        g_strdup_printf (_("unknown value “%s” (expected one of: %s)"), s, accepted);
      return invalid (error, path, key, what);
    }
  return TRUE;
}

gboolean
rp_json_read_object (const cJSON  *obj,
                     const char   *path,
                     const char   *key,
                     gboolean      required,
                     const cJSON **out,
                     GError      **error)
{
  const cJSON *item = cJSON_GetObjectItemCaseSensitive (obj, key);

  *out = NULL;
  if (!check_present (item, path, key, required, error))
    return FALSE;
  if (is_absent (item))
    return TRUE;
  if (!cJSON_IsObject (item))
    return invalid (error, path, key, _("expected an object"));
  *out = item;
  return TRUE;
}

gboolean
rp_json_read_words (const cJSON  *obj,
                    const char   *path,
                    const char   *key,
                    gboolean      required,
                    char       ***out,
                    GError      **error)
{
  const cJSON *list = cJSON_GetObjectItemCaseSensitive (obj, key);
  g_autoptr(GStrvBuilder) words = g_strv_builder_new ();
  const cJSON *word;

  if (!check_present (list, path, key, required, error))
    return FALSE;
  if (!is_absent (list) && !cJSON_IsArray (list))
    return invalid (error, path, key, _("expected a list"));
  if (cJSON_IsArray (list))
    cJSON_ArrayForEach (word, list)
      {
        if (!cJSON_IsString (word) || *word->valuestring == '\0')
          return invalid (error, path, key, _("expected a list of words"));
        g_strv_builder_add (words, word->valuestring);
      }
  if (required && cJSON_GetArraySize (list) == 0)
    return invalid (error, path, key, _("must not be empty"));
  g_strfreev (*out);
  *out = g_strv_builder_end (words);
  return TRUE;
}

void
rp_json_add_number (cJSON      *obj,
                    const char *key,
                    double      value)
{
  if (isfinite (value))
    cJSON_AddNumberToObject (obj, key, value);
  else
    cJSON_AddNullToObject (obj, key);
}

void
rp_json_add_string (cJSON      *obj,
                    const char *key,
                    const char *value)
{
  if (value != NULL)
    cJSON_AddStringToObject (obj, key, value);
  else
    cJSON_AddNullToObject (obj, key);
}

void
rp_json_add_string_take (cJSON      *obj,
                         const char *key,
                         char       *value)
{
  rp_json_add_string (obj, key, value);
  g_free (value);
}

void
rp_json_merge_unknown (cJSON       *target,
                       const cJSON *original)
{
  const cJSON *item;

  if (!cJSON_IsObject (target) || !cJSON_IsObject (original))
    return;
  cJSON_ArrayForEach (item, original)
    {
      cJSON *mine;

      if (item->string == NULL)
        continue;
      mine = cJSON_GetObjectItemCaseSensitive (target, item->string);
      if (mine == NULL)
        cJSON_AddItemToObject (target, item->string, cJSON_Duplicate (item, TRUE));
      else if (cJSON_IsObject (mine) && cJSON_IsObject (item))
        rp_json_merge_unknown (mine, item);
    }
}

cJSON *
rp_json_load_file (const char *path,
                   gsize       max_bytes,
                   GError    **error)
{
  return rp_json_load_file_full (path, max_bytes, RP_JSON_MAX_VALUES, error);
}

cJSON *
rp_json_load_file_full (const char *path,
                        gsize       max_bytes,
                        guint       max_values,
                        GError    **error)
{
  g_autoptr(GBytes) bytes = NULL;
  gsize len = 0;
  const char *data;

  g_return_val_if_fail (path != NULL, NULL);

  /* A hostile file must not eat RAM: never more than the limit is read. */
  bytes = rp_file_read_bounded (path, max_bytes, error);
  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &len);
  return rp_json_parse_full (data, len, max_values, error);
}

RpJsonExtra *
rp_json_extra_copy (const RpJsonExtra *extra)
{
  RpJsonExtra *shared = (RpJsonExtra *) extra;

  if (shared == NULL)
    return NULL;
  g_atomic_ref_count_inc (&shared->ref_count);
  return shared;
}

void
rp_json_extra_free (RpJsonExtra *extra)
{
  if (extra == NULL || !g_atomic_ref_count_dec (&extra->ref_count))
    return;
  cJSON_Delete (extra->root);
  g_free (extra);
}

/* The user file at @path as JSON, or a new one of @format holding an
 * empty @list; NULL with an error when it exists but is not that. */
cJSON *
rp_json_load_user_list (const char *path,
                        const char *format,
                        const char *list,
                        const char *notes,
                        GError    **error)
{
  cJSON *root;
  const cJSON *f, *items;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      root = cJSON_CreateObject ();
      cJSON_AddStringToObject (root, "format", format);
      cJSON_AddNumberToObject (root, "version", 1);
      cJSON_AddStringToObject (root, "notes", notes);
      cJSON_AddArrayToObject (root, list);
      return root;
    }
  root = rp_json_load_file (path, RP_JSON_MAX_USER_FILE_BYTES, error);
  if (root == NULL)
    {
      g_prefix_error (error, "%s: ", path);
      return NULL;
    }
  f = cJSON_GetObjectItemCaseSensitive (root, "format");
  items = cJSON_GetObjectItemCaseSensitive (root, list);
  if (!cJSON_IsString (f) || strcmp (f->valuestring, format) != 0 || !cJSON_IsArray (items))
    {
      /* TRANSLATORS: a file name, then the catalog format it should have */
      g_set_error (error, RP_ERROR, RP_ERROR_INVALID_VALUE,
                   _("%s: expected a “%s” catalog with a list “%s”; it is left as it is"),
                   path, format, list);
      cJSON_Delete (root);
      return NULL;
    }
  return root;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-compare-set.c: reading and writing *.rigplan-compare files */

#include "config.h"

#include "rp-compare-set.h"

#include "rp-compare.h"
#include "rp-error.h"
#include "rp-file.h"
#include "rp-json-private.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <string.h>

/* Inline scenarios are small (a scenario file is at most 4 MiB, and
 * real ones are about 1 KiB); anything larger is not a compare file. */
static const gsize max_compare_file_bytes = 16 * 1024 * 1024;
/* Each inline scenario at most a scenario file's values, and the list. */
static const guint max_compare_file_values =
  RP_COMPARE_MAX_SCENARIOS * RP_SCENARIO_MAX_VALUES + 1000;

struct _RpCompareSet
{
  char   *name;                 /* owned, may be NULL */
  GArray *entries;              /* RpCompareEntry, members owned */
  gsize   text_bytes;           /* the scenarios' text (rp_compare_set_charge_text()) */
};

/* ---- helpers -------------------------------------------------------- */

static void
entry_clear (gpointer data)
{
  RpCompareEntry *entry = data;

  g_clear_pointer (&entry->path, g_free);
  g_clear_pointer (&entry->scenario, rp_scenario_free);
  g_clear_error (&entry->error);
}

/* Reads the file an entry refers to; a missing one is said so in words
 * that tell what probably happened. */
static void
entry_read_file (RpCompareEntry *entry,
                 guint           index,
                 const char     *relative,
                 gsize          *text_bytes)
{
  g_autoptr(GError) error = NULL;

  if (!g_file_test (entry->path, G_FILE_TEST_EXISTS))
    {
      /* TRANSLATORS: a scenario of a saved comparison is gone; the first
       * %s is the path as saved, the second the full path looked at */
      g_set_error (&entry->error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("scenarios[%u].file: “%s” is not at %s: it was moved, renamed or "
                     "deleted"), index, relative, entry->path);
      return;
    }
  entry->scenario = rp_scenario_load_file (entry->path, &error);
  if (entry->scenario != NULL && !rp_compare_set_charge_text (text_bytes, entry->scenario, &error))
    g_clear_pointer (&entry->scenario, rp_scenario_free);
  if (entry->scenario == NULL)
    {
      g_propagate_prefixed_error (&entry->error, g_steal_pointer (&error),
                                  "scenarios[%u].file: ", index);
    }
}

static gboolean
entry_read_inline (RpCompareEntry *entry,
                   guint           index,
                   const cJSON    *obj,
                   gsize          *text_bytes,
                   GError        **error)
{
  g_autofree char *text = cJSON_PrintUnformatted (obj);
  g_autoptr(GError) local = NULL;

  entry->scenario = text != NULL ? rp_scenario_load_data (text, strlen (text), &local) : NULL;
  if (entry->scenario != NULL && !rp_compare_set_charge_text (text_bytes, entry->scenario, &local))
    g_clear_pointer (&entry->scenario, rp_scenario_free);
  if (entry->scenario == NULL)
    {
      g_autofree char *message = g_strdup_printf ("scenarios[%u].scenario: %s", index,
                                                  local != NULL ? local->message : "");

      g_set_error_literal (error, RP_ERROR, local != NULL && local->domain == RP_ERROR
                                            ? local->code : RP_ERROR_PARSE, message);
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_entry (RpCompareSet *self,
            const cJSON  *item,
            guint         index,
            const char   *base_dir,
            GError      **error)
{
  RpCompareEntry entry = { NULL, NULL, NULL };
  g_autofree char *path = g_strdup_printf ("scenarios[%u]", index);
  g_autofree char *file = NULL;
  const cJSON *inline_obj = NULL;

  if (!cJSON_IsObject (item))
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, path,
                        _("expected an object with “file” or “scenario”"));
      return FALSE;
    }
  if (!rp_json_read_string (item, path, "file", FALSE, &file, error) ||
      !rp_json_read_object (item, path, "scenario", FALSE, &inline_obj, error))
    return FALSE;
  if ((file == NULL) == (inline_obj == NULL))
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, path,
                        _("give either “file” or “scenario”, not both or neither"));
      return FALSE;
    }
  if (file != NULL)
    {
      entry.path = g_canonicalize_filename (file, base_dir);
      entry_read_file (&entry, index, file, &self->text_bytes);
    }
  else if (!entry_read_inline (&entry, index, inline_obj, &self->text_bytes, error))
    return FALSE;
  g_array_append_val (self->entries, entry);
  return TRUE;
}

static gboolean
read_header (const cJSON *root,
             GError     **error)
{
  g_autofree char *format = NULL;
  guint version = 0;

  if (!rp_json_read_string (root, "", "format", TRUE, &format, error))
    return FALSE;
  if (!g_str_equal (format, "rigplan-compare"))
    {
      rp_error_set_key (error, RP_ERROR_PARSE, "format",
                        _("expected “rigplan-compare”, found “%s”"), format);
      return FALSE;
    }
  if (!rp_json_read_uint (root, "", "version", TRUE, 1, G_MAXUINT, &version, error))
    return FALSE;
  if (version > RP_COMPARE_SET_VERSION)
    {
      rp_error_set_key (error, RP_ERROR_UNSUPPORTED_VERSION, "version",
                        _("version %u was written by a newer Rigplan; this one reads up to "
                          "version %u"), version, RP_COMPARE_SET_VERSION);
      return FALSE;
    }
  return TRUE;
}

/* ---- public API ----------------------------------------------------- */

RpCompareSet *
rp_compare_set_new (void)
{
  RpCompareSet *self = g_new0 (RpCompareSet, 1);

  self->entries = g_array_new (FALSE, TRUE, sizeof (RpCompareEntry));
  g_array_set_clear_func (self->entries, entry_clear);
  return self;
}

void
rp_compare_set_free (RpCompareSet *self)
{
  if (self == NULL)
    return;
  g_free (self->name);
  g_array_unref (self->entries);
  g_free (self);
}

const char *
rp_compare_set_get_name (const RpCompareSet *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->name;
}

void
rp_compare_set_set_name (RpCompareSet *self,
                         const char   *name)
{
  g_return_if_fail (self != NULL);

  g_free (self->name);
  self->name = g_strdup (name);
}

guint
rp_compare_set_get_n (const RpCompareSet *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->entries->len;
}

const RpCompareEntry *
rp_compare_set_get (const RpCompareSet *self,
                    guint               i)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (i < self->entries->len, NULL);
  return &g_array_index (self->entries, RpCompareEntry, i);
}

void
rp_compare_set_add (RpCompareSet     *self,
                    const RpScenario *scenario,
                    const char       *path)
{
  RpCompareEntry entry = { NULL, NULL, NULL };

  g_return_if_fail (self != NULL);
  g_return_if_fail (scenario != NULL);
  g_return_if_fail (path == NULL || g_path_is_absolute (path));

  entry.path = g_strdup (path);
  entry.scenario = rp_scenario_copy (scenario);
  self->text_bytes += rp_scenario_get_text_bytes (scenario);
  g_array_append_val (self->entries, entry);
}

gboolean
rp_compare_set_charge_text (gsize            *text_bytes,
                            const RpScenario *scenario,
                            GError          **error)
{
  gsize bytes;

  g_return_val_if_fail (text_bytes != NULL, FALSE);
  g_return_val_if_fail (scenario != NULL, FALSE);

  bytes = rp_scenario_get_text_bytes (scenario);
  if (bytes > RP_COMPARE_SET_MAX_TEXT_BYTES - MIN (*text_bytes, RP_COMPARE_SET_MAX_TEXT_BYTES))
    {
      g_autofree char *limit = g_format_size_full (RP_COMPARE_SET_MAX_TEXT_BYTES,
                                                   G_FORMAT_SIZE_IEC_UNITS);

      /* TRANSLATORS: %s is a size such as "8.0 MiB" */
      g_set_error (error, RP_ERROR, RP_ERROR_INVALID_VALUE,
                   _("with this scenario the comparison would hold more than %s of text "
                     "(names, notes and unknown keys), the most Rigplan compares"), limit);
      return FALSE;
    }
  *text_bytes += bytes;
  return TRUE;
}

void
rp_compare_set_add_missing (RpCompareSet *self,
                            const char   *path,
                            const GError *error)
{
  RpCompareEntry entry = { NULL, NULL, NULL };

  g_return_if_fail (self != NULL);
  g_return_if_fail (path != NULL && g_path_is_absolute (path));

  entry.path = g_strdup (path);
  entry.error = error != NULL ? g_error_copy (error) : NULL;
  g_array_append_val (self->entries, entry);
}

guint
rp_compare_set_count_missing (const RpCompareSet *self,
                              char              **out_message)
{
  g_autoptr(GString) message = g_string_new (NULL);
  guint n = 0;

  g_return_val_if_fail (self != NULL, 0);

  for (guint i = 0; i < self->entries->len; i++)
    {
      const RpCompareEntry *entry = &g_array_index (self->entries, RpCompareEntry, i);

      if (entry->scenario != NULL)
        continue;
      if (message->len > 0)
        g_string_append_c (message, '\n');
      g_string_append (message, entry->error != NULL ? entry->error->message : "?");
      n++;
    }
  if (out_message != NULL)
    *out_message = n > 0 ? g_string_free (g_steal_pointer (&message), FALSE) : NULL;
  return n;
}

static RpCompareSet *
load_tree (const cJSON *root,
           const char  *base_dir,
           GError     **error)
{
  g_autoptr(RpCompareSet) self = NULL;
  const cJSON *scenarios, *item;
  guint index = 0;

  if (!read_header (root, error))
    return NULL;
  self = rp_compare_set_new ();
  if (!rp_json_read_string (root, "", "name", FALSE, &self->name, error))
    return NULL;
  scenarios = cJSON_GetObjectItemCaseSensitive (root, "scenarios");
  if (!cJSON_IsArray (scenarios))
    {
      rp_error_set_key (error, RP_ERROR_MISSING_FIELD, "scenarios",
                        _("expected a list of scenarios"));
      return NULL;
    }
  if (cJSON_GetArraySize (scenarios) > RP_COMPARE_MAX_SCENARIOS)
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "scenarios",
                        _("at most %u scenarios can be compared"), RP_COMPARE_MAX_SCENARIOS);
      return NULL;
    }
  cJSON_ArrayForEach (item, scenarios)
    if (!read_entry (self, item, index++, base_dir, error))
      return NULL;
  return g_steal_pointer (&self);
}

RpCompareSet *
rp_compare_set_load_data (const char *data,
                          gsize       len,
                          const char *base_dir,
                          GError    **error)
{
  g_autoptr(cJSON) root = NULL;

  g_return_val_if_fail (data != NULL || len == 0, NULL);
  g_return_val_if_fail (base_dir != NULL && g_path_is_absolute (base_dir), NULL);

  if (len > max_compare_file_bytes)
    {
      g_set_error (error, RP_ERROR, RP_ERROR_PARSE, _("too large to be a comparison"));
      return NULL;
    }
  root = rp_json_parse_full (data, len, max_compare_file_values, error);
  return root != NULL ? load_tree (root, base_dir, error) : NULL;
}

RpCompareSet *
rp_compare_set_load_file (const char *path,
                          GError    **error)
{
  g_autofree char *absolute = NULL;
  g_autofree char *dir = NULL;
  g_autoptr(cJSON) root = NULL;
  RpCompareSet *self;

  g_return_val_if_fail (path != NULL, NULL);

  absolute = g_canonicalize_filename (path, NULL);
  dir = g_path_get_dirname (absolute);
  root = rp_json_load_file_full (absolute, max_compare_file_bytes, max_compare_file_values, error);
  self = root != NULL ? load_tree (root, dir, error) : NULL;
  if (self == NULL)
    {
      g_prefix_error (error, "%s: ", path);
      return NULL;
    }
  for (guint i = 0; i < self->entries->len; i++)
    {
      RpCompareEntry *entry = &g_array_index (self->entries, RpCompareEntry, i);

      if (entry->error != NULL)
        g_prefix_error (&entry->error, "%s: ", path);
    }
  return self;
}

char *
rp_compare_set_relative_path (const char *path,
                              const char *base_dir)
{
  g_autofree char *p = NULL;
  g_autofree char *b = NULL;
  g_auto(GStrv) pp = NULL;
  g_auto(GStrv) bp = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  guint common = 0;

  g_return_val_if_fail (path != NULL && g_path_is_absolute (path), NULL);
  g_return_val_if_fail (base_dir != NULL && g_path_is_absolute (base_dir), NULL);

  p = g_canonicalize_filename (path, NULL);
  b = g_canonicalize_filename (base_dir, NULL);
  pp = g_strsplit (p + 1, G_DIR_SEPARATOR_S, -1);
  bp = g_strsplit (b + 1, G_DIR_SEPARATOR_S, -1);
  /* "/" splits into one empty part */
  while (pp[common] != NULL && bp[common] != NULL && *bp[common] != '\0' &&
         g_str_equal (pp[common], bp[common]) && pp[common + 1] != NULL)
    common++;
  for (guint i = common; bp[i] != NULL && *bp[i] != '\0'; i++)
    g_string_append (out, ".." G_DIR_SEPARATOR_S);
  for (guint i = common; pp[i] != NULL; i++)
    {
      g_string_append (out, pp[i]);
      if (pp[i + 1] != NULL)
        g_string_append_c (out, G_DIR_SEPARATOR);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

char *
rp_compare_set_to_json (const RpCompareSet *self,
                        const char         *base_dir)
{
  g_autoptr(cJSON) root = cJSON_CreateObject ();
  cJSON *scenarios;
  char *text, *copy;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (base_dir != NULL && g_path_is_absolute (base_dir), NULL);

  cJSON_AddStringToObject (root, "format", "rigplan-compare");
  cJSON_AddNumberToObject (root, "version", RP_COMPARE_SET_VERSION);
  cJSON_AddStringToObject (root, "name", self->name != NULL ? self->name : "");
  scenarios = cJSON_AddArrayToObject (root, "scenarios");
  for (guint i = 0; i < self->entries->len; i++)
    {
      const RpCompareEntry *entry = &g_array_index (self->entries, RpCompareEntry, i);
      cJSON *item = cJSON_CreateObject ();

      if (entry->path != NULL)
        {
          g_autofree char *relative = rp_compare_set_relative_path (entry->path, base_dir);

          cJSON_AddStringToObject (item, "file", relative);
        }
      else
        {
          g_autofree char *json = rp_scenario_to_json (entry->scenario);
          cJSON *inline_obj = rp_json_parse (json, strlen (json), NULL);

          g_assert (inline_obj != NULL);
          cJSON_AddItemToObject (item, "scenario", inline_obj);
        }
      cJSON_AddItemToArray (scenarios, item);
    }
  text = cJSON_Print (root);
  copy = g_strconcat (text, "\n", NULL);
  cJSON_free (text);
  return copy;
}

gboolean
rp_compare_set_save_file (const RpCompareSet *self,
                          const char         *path,
                          GError            **error)
{
  g_autofree char *absolute = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  absolute = g_canonicalize_filename (path, NULL);
  dir = g_path_get_dirname (absolute);
  text = rp_compare_set_to_json (self, dir);
  if (!rp_file_write_atomic (absolute, text, strlen (text), error))
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  return TRUE;
}

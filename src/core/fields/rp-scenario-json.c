/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-scenario-json.c: reading and writing *.rigplan files
 *
 * Keys are written in a stable order so files diff cleanly; missing keys
 * take the defaults of rp_scenario_new(); unknown keys are kept and
 * written back; a newer "version" is rejected.
 *
 * What a file can make Rigplan hold is bounded, so that a shared file
 * cannot exhaust the memory of an estimate, a plan (which copies the
 * scenario for each machine it tries) or a comparison of 26 of them:
 * RP_SCENARIO_MAX_VALUES values in the file (the parser stops at the one
 * too many), the lengths of the text fields (the field table's .max),
 * and of the unknown keys at most RP_SCENARIO_MAX_UNKNOWN_KEYS keys,
 * RP_SCENARIO_MAX_UNKNOWN_VALUES values and RP_SCENARIO_MAX_UNKNOWN_BYTES
 * of text.  Past a limit the file is refused with the key named, rather
 * than an unknown key dropped without a word on the next save.  Copies
 * of a scenario share its unknown keys, which nothing changes. */

#include "config.h"

#include "rp-scenario.h"

#include "rp-error.h"
#include "rp-fields-private.h"
#include "rp-file.h"
#include "rp-json-private.h"
#include "rp-arch-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

static const gsize max_scenario_file_bytes = RP_SCENARIO_MAX_BYTES;


/* What the unknown keys of one file hold so far. */
typedef struct
{
  guint  n_keys;
  guint  n_values;
  gsize  text_bytes;
} UnknownCount;

/* The object each section is written in. */
static const char *const section_keys[RP_N_SECTIONS] = {
  NULL, "model", "training", "hardware", "budget", "planner",
};

/* ---- helpers -------------------------------------------------------- */

static gboolean
read_section (const cJSON *root,
              const char  *key,
              RpSection    section,
              guint        version,
              RpScenario  *scenario,
              GError     **error)
{
  const cJSON *obj = NULL;

  return rp_json_read_object (root, "", key, FALSE, &obj, error) &&
         rp_fields_read_section (obj, section, version, scenario, error);
}

static gboolean
read_model (const cJSON *root,
            guint        version,
            RpScenario  *scenario,
            GError     **error)
{
  RpModelSpec *spec = &scenario->model;
  const cJSON *model = NULL;

  if (!rp_json_read_object (root, "", "model", TRUE, &model, error) ||
      !rp_fields_read_section (model, RP_SECTION_MODEL, version, scenario, error))
    return FALSE;
  spec->overridden = 0;
  if (!rp_model_arch_read_json (model, "model", &spec->arch, &spec->overridden, error))
    return FALSE;
  if (spec->preset == NULL && spec->overridden == 0)
    {
      rp_error_set_key (error, RP_ERROR_MISSING_FIELD, "model",
                        _("give a preset or the architecture"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_header (const cJSON *root,
             guint       *version,
             GError     **error)
{
  g_autofree char *format = NULL;

  if (!cJSON_IsObject (root))
    {
      g_set_error (error, RP_ERROR, RP_ERROR_PARSE, _("expected a JSON object"));
      return FALSE;
    }
  if (!rp_json_read_string (root, "", "format", TRUE, &format, error))
    return FALSE;
  if (strcmp (format, "rigplan-scenario") != 0)
    {
      rp_error_set_key (error, RP_ERROR_PARSE, "format",
                        _("“%s” is not a Rigplan scenario"), format);
      return FALSE;
    }
  if (!rp_json_read_uint (root, "", "version", TRUE, 1, G_MAXINT, version, error))
    return FALSE;
  if (*version > RP_SCENARIO_VERSION)
    {
      rp_error_set_key (error, RP_ERROR_UNSUPPORTED_VERSION, "version",
                        _("%u is newer than this Rigplan understands (%d)"),
                        *version, RP_SCENARIO_VERSION);
      return FALSE;
    }
  return TRUE;
}

static void
count_values (const cJSON  *node,
              UnknownCount *count)
{
  const cJSON *child;

  count->n_values++;
  if (node->string != NULL)
    count->text_bytes += strlen (node->string);
  if (cJSON_IsString (node))
    count->text_bytes += strlen (node->valuestring);
  cJSON_ArrayForEach (child, node)
    count_values (child, count);
}

/* Charges the unknown member @item (at @path) to @count, or refuses the
 * file naming it. */
static gboolean
charge_unknown (const cJSON  *item,
                const char   *path,
                UnknownCount *count,
                GError      **error)
{
  g_autofree char *key = rp_json_join_path (path, item->string);

  count_values (item, count);
  if (++count->n_keys > RP_SCENARIO_MAX_UNKNOWN_KEYS)
    {
      /* TRANSLATORS: unknown keys are those a newer Rigplan or another
       * tool wrote; Rigplan keeps them through a save */
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, key,
                        _("an unknown key past the limit of %u: Rigplan keeps at most %u keys "
                          "it does not know through a save, and refuses a file rather than drop "
                          "one"), RP_SCENARIO_MAX_UNKNOWN_KEYS, RP_SCENARIO_MAX_UNKNOWN_KEYS);
      return FALSE;
    }
  if (count->n_values > RP_SCENARIO_MAX_UNKNOWN_VALUES)
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, key,
                        _("an unknown key that takes the values of keys Rigplan does not know "
                          "past %u: Rigplan keeps at most that many through a save, and refuses "
                          "a file rather than drop one"), RP_SCENARIO_MAX_UNKNOWN_VALUES);
      return FALSE;
    }
  if (count->text_bytes > RP_SCENARIO_MAX_UNKNOWN_BYTES)
    {
      g_autofree char *limit = g_format_size_full (RP_SCENARIO_MAX_UNKNOWN_BYTES,
                                                   G_FORMAT_SIZE_IEC_UNITS);

      /* TRANSLATORS: %s is a size such as "1.0 MiB" */
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, key,
                        _("an unknown key that takes the text of keys Rigplan does not know "
                          "past %s: Rigplan keeps at most that much through a save, and refuses "
                          "a file rather than drop one"), limit);
      return FALSE;
    }
  return TRUE;
}

/* Charges the unknown members of @obj (a section, at @path). */
static gboolean
charge_unknown_members (const cJSON  *obj,
                        const char   *path,
                        UnknownCount *count,
                        GError      **error)
{
  const cJSON *item;

  if (!cJSON_IsObject (obj))
    return TRUE;
  cJSON_ArrayForEach (item, obj)
    {
      gboolean section = *path == '\0' && cJSON_IsObject (item) &&
                         (g_str_equal (item->string, "model") ||
                          g_str_equal (item->string, "training") ||
                          g_str_equal (item->string, "hardware") ||
                          g_str_equal (item->string, "budget") ||
                          g_str_equal (item->string, "planner"));

      /* a known section holds only what was unknown in it */
      if (section ? !charge_unknown_members (item, item->string, count, error)
                  : !charge_unknown (item, path, count, error))
        return FALSE;
    }
  return TRUE;
}

/* The original document less every key this version knows: what remains
 * is what a newer or another tool wrote, to be carried through a save.
 * Known keys must not come back from the original, or clearing an
 * override in the app would be undone on save. */
static cJSON *
unknown_keys (const cJSON *original)
{
  cJSON *copy = cJSON_Duplicate (original, TRUE);
  cJSON *model = cJSON_GetObjectItemCaseSensitive (copy, "model");

  cJSON_DeleteItemFromObjectCaseSensitive (copy, "format");
  cJSON_DeleteItemFromObjectCaseSensitive (copy, "version");
  rp_fields_strip_known (copy, RP_SECTION_NONE);
  rp_fields_strip_known (model, RP_SECTION_MODEL);
  for (RpSection section = RP_SECTION_TRAINING; section < RP_N_SECTIONS; section++)
    rp_fields_strip_known (cJSON_GetObjectItemCaseSensitive (copy, section_keys[section]),
                           section);
  return copy;
}

static RpScenario *
scenario_from_tree (cJSON   *root,
                    GError **error)
{
  g_autoptr(RpScenario) self = rp_scenario_new ();
  UnknownCount count = { 0, 0, 0 };
  cJSON *extra;
  guint version = 0;

  if (!read_header (root, &version, error) ||
      !rp_fields_read_section (root, RP_SECTION_NONE, version, self, error) ||
      !read_model (root, version, self, error))
    return NULL;
  for (RpSection section = RP_SECTION_TRAINING; section < RP_N_SECTIONS; section++)
    if (!read_section (root, section_keys[section], section, version, self, error))
      return NULL;
  if (!rp_scenario_validate (self, error))
    return NULL;
  extra = unknown_keys (root);
  if (!charge_unknown_members (extra, "", &count, error))
    {
      cJSON_Delete (extra);
      return NULL;
    }
  self->extra = g_new0 (RpJsonExtra, 1);
  g_atomic_ref_count_init (&self->extra->ref_count);
  self->extra->root = extra;
  self->extra->text_bytes = count.text_bytes;
  return g_steal_pointer (&self);
}

/* ---- public API ----------------------------------------------------- */

gsize
rp_scenario_get_text_bytes (const RpScenario *self)
{
  gsize bytes;

  g_return_val_if_fail (self != NULL, 0);

  bytes = self->extra != NULL ? self->extra->text_bytes : 0;
  for (guint i = 0; i < rp_fields_n (); i++)
    {
      const RpField *f = rp_fields_get (i);
      const char *text;

      if (f->type != RP_FIELD_STRING)
        continue;
      text = *(char *const *) G_STRUCT_MEMBER_P (self, f->offset);
      if (text != NULL)
        bytes += strlen (text);
    }
  return bytes;
}

RpScenario *
rp_scenario_load_data (const char *data,
                       gsize       len,
                       GError    **error)
{
  g_autoptr(cJSON) root = NULL;

  g_return_val_if_fail (data != NULL || len == 0, NULL);

  if (len > max_scenario_file_bytes)
    {
      g_set_error (error, RP_ERROR, RP_ERROR_PARSE, _("too large to be a scenario"));
      return NULL;
    }
  root = rp_json_parse_full (data, len, RP_SCENARIO_MAX_VALUES, error);
  if (root == NULL)
    return NULL;
  return scenario_from_tree (root, error);
}

RpScenario *
rp_scenario_load_file (const char *path,
                       GError    **error)
{
  g_autoptr(cJSON) root = NULL;
  RpScenario *self;

  g_return_val_if_fail (path != NULL, NULL);

  root = rp_json_load_file_full (path, max_scenario_file_bytes, RP_SCENARIO_MAX_VALUES, error);
  self = root != NULL ? scenario_from_tree (root, error) : NULL;
  if (self == NULL)
    g_prefix_error (error, "%s: ", path);
  return self;
}

char *
rp_scenario_to_json (const RpScenario *self)
{
  g_autoptr(cJSON) root = cJSON_CreateObject ();
  cJSON *model;
  char *text, *copy;

  g_return_val_if_fail (self != NULL, NULL);

  cJSON_AddStringToObject (root, "format", "rigplan-scenario");
  cJSON_AddNumberToObject (root, "version", RP_SCENARIO_VERSION);
  cJSON_AddStringToObject (root, "name", self->name != NULL ? self->name : "");
  if (self->notes != NULL)
    cJSON_AddStringToObject (root, "notes", self->notes);
  model = cJSON_AddObjectToObject (root, "model");
  rp_fields_write_section (model, RP_SECTION_MODEL, self);
  rp_model_arch_write_json (model, &self->model.arch, self->model.overridden);
  for (RpSection section = RP_SECTION_TRAINING; section < RP_N_SECTIONS; section++)
    rp_fields_write_section (cJSON_AddObjectToObject (root, section_keys[section]), section,
                             self);
  if (self->extra != NULL)
    rp_json_merge_unknown (root, self->extra->root);
  text = cJSON_Print (root);
  /* cJSON allocates with malloc; hand back GLib memory. */
  copy = g_strconcat (text, "\n", NULL);
  cJSON_free (text);
  return copy;
}

gboolean
rp_scenario_save_file (const RpScenario *self,
                       const char       *path,
                       GError          **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  text = rp_scenario_to_json (self);
  if (!rp_file_write_atomic (path, text, strlen (text), error))
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  return TRUE;
}

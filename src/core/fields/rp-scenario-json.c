/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-scenario-json.c: reading and writing *.rigplan files
 *
 * Keys are written in a stable order so files diff cleanly; missing keys
 * take the defaults of rp_scenario_new(); unknown keys are kept and
 * written back; a newer "version" is rejected. */

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
  self->extra = g_new0 (RpJsonExtra, 1);
  self->extra->root = unknown_keys (root);
  return g_steal_pointer (&self);
}

/* ---- public API ----------------------------------------------------- */

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
  root = rp_json_parse (data, len, error);
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

  root = rp_json_load_file (path, max_scenario_file_bytes, error);
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

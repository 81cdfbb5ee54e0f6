/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-fields-schema.c: a JSON Schema (draft 2020-12) of *.rigplan files
 *
 * Every property comes from the field table (rp-fields.c): its type, range,
 * choices (with the older names still read), default, whether null is a
 * value, its label, help and unit.  What the reader adds around the table
 * (rp-scenario-json.c) is stated here once: "format" and "version", the
 * sections as objects, a model named by a preset or by at least one
 * architecture key, version 1's 0 for null, and unknown keys allowed,
 * since they are kept through a save.  The schema is stricter in one
 * place: null for a field that has no null meaning is left out by the
 * reader (the default applies) but refused here, as Rigplan never
 * writes it.
 *
 * English only: the schema is read by editors and validators, not shown
 * in the window. */

#include "config.h"

#include "rp-fields-private.h"

#include <math.h>
#include <string.h>

#define SCHEMA_DIALECT "https://json-schema.org/draft/2020-12/schema"

/* ---- helpers -------------------------------------------------------- */

static gboolean
is_nullable (const RpField *f)
{
  return (f->flags & RP_FIELD_NULLABLE) != 0;
}

/* "training" of "training.seq_len"; NULL for a top-level key. */
static char *
section_name (const RpField *f)
{
  const char *dot = strchr (f->key, '.');

  return dot != NULL ? g_strndup (f->key, dot - f->key) : NULL;
}

static void
add_type (cJSON         *p,
          const RpField *f,
          const char    *type)
{
  if (is_nullable (f))
    {
      const char *types[] = { type, "null" };

      cJSON_AddItemToObject (p, "type", cJSON_CreateStringArray (types, 2));
    }
  else
    cJSON_AddStringToObject (p, "type", type);
}

/* The range of a number field; a version-1 field whose 0 meant null
 * leaves its minimum to version_minimums (a 0 there is a null). */
static void
add_range (cJSON         *p,
           const RpField *f)
{
  if (!((f->flags & RP_FIELD_V1_ZERO_IS_NULL) && f->min > 0))
    cJSON_AddNumberToObject (p, "minimum", f->min);
  cJSON_AddNumberToObject (p, "maximum", f->max);
}

static void
add_default (cJSON         *p,
             const RpField *f)
{
  /* an architecture key's default is the preset's; strings have none */
  if (f->arch_bit != 0 || (f->type == RP_FIELD_STRING && !is_nullable (f)))
    return;
  if (isnan (f->def) || f->type == RP_FIELD_STRING)
    cJSON_AddNullToObject (p, "default");
  else if (f->type == RP_FIELD_BOOL)
    cJSON_AddBoolToObject (p, "default", f->def != 0);
  else if (f->type == RP_FIELD_ENUM)
    cJSON_AddStringToObject (p, "default", rp_enum_info_get_name (f->choices, (guint) f->def));
  else
    cJSON_AddNumberToObject (p, "default", f->def);
}

/* The field's help, unit and null meaning, as sentences. */
static char *
describe (const RpField *f)
{
  GString *text = g_string_new (NULL);
  const char *unit = rp_unit_get_name (f->unit);

  if (f->help != NULL)
    g_string_append_printf (text, "%s.", f->help);
  if (*unit != '\0')
    g_string_append_printf (text, "%sUnit: %s%s.", text->len > 0 ? " " : "", unit,
                            (f->flags & RP_FIELD_MONEY) != 0 ? " (money in the scenario's currency)" : "");
  if (is_nullable (f) && f->null_label != NULL)
    g_string_append_printf (text, "%snull: %s.", text->len > 0 ? " " : "", f->null_label);
  if (f->arch_bit != 0)
    g_string_append_printf (text, "%sOverrides the preset's value.", text->len > 0 ? " " : "");
  return g_string_free (text, text->len == 0);
}

static cJSON *
field_schema (const RpField *f)
{
  cJSON *p = cJSON_CreateObject ();
  g_autofree char *description = describe (f);

  cJSON_AddStringToObject (p, "title", f->label);
  if (description != NULL)
    cJSON_AddStringToObject (p, "description", description);
  switch (f->type)
    {
    case RP_FIELD_STRING:
      add_type (p, f, "string");
      if (f->flags & RP_FIELD_REQUIRED)
        cJSON_AddNumberToObject (p, "minLength", 1);
      break;
    case RP_FIELD_BOOL:
      add_type (p, f, "boolean");
      break;
    case RP_FIELD_ENUM:
      {
        cJSON *names = cJSON_AddArrayToObject (p, "enum");

        add_type (p, f, "string");
        for (guint v = 0; v < f->choices->n; v++)
          cJSON_AddItemToArray (names, cJSON_CreateString (rp_enum_info_get_name (f->choices,
                                                                                    v)));
        /* older names, still read: { "old", "new", … } */
        for (guint a = 0; f->choices->aliases != NULL && f->choices->aliases[a] != NULL; a += 2)
          cJSON_AddItemToArray (names, cJSON_CreateString (f->choices->aliases[a]));
        if (is_nullable (f))
          cJSON_AddItemToArray (names, cJSON_CreateNull ());
      }
      break;
    case RP_FIELD_UINT:
    case RP_FIELD_UINT64:
      add_type (p, f, "integer");
      add_range (p, f);
      break;
    case RP_FIELD_DOUBLE:
    default:
      add_type (p, f, "number");
      add_range (p, f);
      break;
    }
  add_default (p, f);
  return p;
}

/* { "type": "object", "properties": {} } */
static cJSON *
new_object (void)
{
  cJSON *obj = cJSON_CreateObject ();

  cJSON_AddStringToObject (obj, "type", "object");
  cJSON_AddObjectToObject (obj, "properties");
  return obj;
}

static void
add_required (cJSON      *obj,
              const char *key)
{
  cJSON *required = cJSON_GetObjectItemCaseSensitive (obj, "required");

  if (required == NULL)
    required = cJSON_AddArrayToObject (obj, "required");
  cJSON_AddItemToArray (required, cJSON_CreateString (key));
}

/* The model needs a preset or at least one architecture key. */
static void
add_model_rule (cJSON *model)
{
  cJSON *any = cJSON_AddArrayToObject (model, "anyOf");
  cJSON *preset = cJSON_CreateObject ();
  cJSON *props;

  add_required (preset, "preset");
  props = cJSON_AddObjectToObject (preset, "properties");
  cJSON_AddStringToObject (cJSON_AddObjectToObject (props, "preset"), "type", "string");
  cJSON_AddItemToArray (any, preset);
  for (guint i = 0; i < rp_fields_n (); i++)
    {
      const RpField *f = rp_fields_get (i);
      cJSON *one;

      if (f->arch_bit == 0)
        continue;
      one = cJSON_CreateObject ();
      add_required (one, f->json_key);
      cJSON_AddItemToArray (any, one);
    }
}

/* From version 2 on, the minimums version 1 files may break with a 0
 * that meant null. */
static void
add_version_minimums (cJSON *root)
{
  cJSON *rule = cJSON_CreateObject ();
  cJSON *when = cJSON_AddObjectToObject (rule, "if");
  cJSON *then = cJSON_AddObjectToObject (rule, "then");
  cJSON *version, *sections;
  gboolean any = FALSE;

  version = cJSON_AddObjectToObject (cJSON_AddObjectToObject (when, "properties"), "version");
  cJSON_AddNumberToObject (version, "minimum", 2);
  sections = cJSON_AddObjectToObject (then, "properties");
  for (guint i = 0; i < rp_fields_n (); i++)
    {
      const RpField *f = rp_fields_get (i);
      g_autofree char *section = section_name (f);
      cJSON *obj, *props;

      if (!((f->flags & RP_FIELD_V1_ZERO_IS_NULL) && f->min > 0) || section == NULL)
        continue;
      obj = cJSON_GetObjectItemCaseSensitive (sections, section);
      if (obj == NULL)
        {
          obj = cJSON_AddObjectToObject (sections, section);
          cJSON_AddObjectToObject (obj, "properties");
        }
      props = cJSON_GetObjectItemCaseSensitive (obj, "properties");
      cJSON_AddNumberToObject (cJSON_AddObjectToObject (props, f->json_key), "minimum", f->min);
      any = TRUE;
    }
  if (any)
    cJSON_AddItemToArray (cJSON_AddArrayToObject (root, "allOf"), rule);
  else
    cJSON_Delete (rule);
}

/* ---- public API ----------------------------------------------------- */

char *
rp_fields_json_schema (void)
{
  g_autoptr(cJSON) root = NULL;
  cJSON *props, *format, *version;
  char *text, *copy;

  root = cJSON_CreateObject ();
  cJSON_AddStringToObject (root, "$schema", SCHEMA_DIALECT);
  cJSON_AddStringToObject (root, "title", "Rigplan scenario");
  cJSON_AddStringToObject (root, "description",
                           "A *.rigplan file: one planning question (a model, a training run, "
                           "the hardware and the money). Unknown keys are allowed and kept; "
                           "missing keys take their defaults. Written from Rigplan's field "
                           "table by `rigplan-cli schema --json-schema`.");
  cJSON_AddStringToObject (root, "type", "object");
  props = cJSON_AddObjectToObject (root, "properties");
  format = cJSON_AddObjectToObject (props, "format");
  cJSON_AddStringToObject (format, "const", "rigplan-scenario");
  version = cJSON_AddObjectToObject (props, "version");
  cJSON_AddStringToObject (version, "type", "integer");
  cJSON_AddNumberToObject (version, "minimum", 1);
  cJSON_AddNumberToObject (version, "maximum", RP_FIELDS_SCENARIO_VERSION);
  cJSON_AddStringToObject (version, "description",
                           "The file's version; a newer one than this Rigplan's is refused. "
                           "Version 1 wrote 0 where a value now is null.");
  add_required (root, "format");
  add_required (root, "version");
  for (guint i = 0; i < rp_fields_n (); i++)
    {
      const RpField *f = rp_fields_get (i);
      g_autofree char *section = section_name (f);
      cJSON *target = props;

      if (section != NULL)
        {
          cJSON *obj = cJSON_GetObjectItemCaseSensitive (props, section);

          if (obj == NULL)
            {
              obj = new_object ();
              cJSON_AddItemToObject (props, section, obj);
              if (strcmp (section, "model") == 0)
                {
                  add_required (root, "model");
                  add_model_rule (obj);
                }
            }
          target = cJSON_GetObjectItemCaseSensitive (obj, "properties");
          if (f->flags & RP_FIELD_REQUIRED)
            {
              add_required (obj, f->json_key);
              add_required (root, section);
            }
        }
      else if (f->flags & RP_FIELD_REQUIRED)
        add_required (root, f->json_key);
      cJSON_AddItemToObject (target, f->json_key, field_schema (f));
    }
  add_version_minimums (root);
  text = cJSON_Print (root);
  copy = g_strconcat (text, "\n", NULL);
  cJSON_free (text);
  return copy;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-fields-json.c: reading and writing scenario fields as JSON keys */

#include "config.h"

#include "rp-fields-private.h"

#include "rp-error.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* ---- helpers -------------------------------------------------------- */

static gboolean
invalid (GError    **error,
         const char *key,
         const char *what)
{
  rp_error_set_key (error, RP_ERROR_INVALID_VALUE, key, "%s", what);
  return FALSE;
}

/* The field's value in @item, checked, into @member. */
static gboolean
read_value (const RpField *f,
            const cJSON   *item,
            const char    *key,
            guint          version,
            gpointer       base,
            GError       **error)
{
  gpointer member = (guint8 *) base + f->offset;
  g_autoptr(GError) local = NULL;
  double value;

  if (cJSON_IsNull (item))
    {
      /* only NULLABLE fields get here: null is their value */
      if (f->type == RP_FIELD_STRING)
        g_clear_pointer ((char **) member, g_free);
      else
        rp_field_set_number (f, base, NAN);
      return TRUE;
    }
  switch (f->type)
    {
    case RP_FIELD_STRING:
      if (!cJSON_IsString (item) || item->valuestring == NULL)
        return invalid (error, key, _("expected a string"));
      if (!g_utf8_validate (item->valuestring, -1, NULL))
        return invalid (error, key, _("the text is not valid UTF-8"));
      if (strlen (item->valuestring) > f->max)
        {
          rp_error_set_key (error, RP_ERROR_INVALID_VALUE, key,
                            _("longer than %u bytes, the most this field holds"), (guint) f->max);
          return FALSE;
        }
      g_free (*(char **) member);
      *(char **) member = g_strdup (item->valuestring);
      return TRUE;
    case RP_FIELD_BOOL:
      if (!cJSON_IsBool (item))
        return invalid (error, key, _("expected true or false"));
      *(gboolean *) member = cJSON_IsTrue (item);
      return TRUE;
    case RP_FIELD_ENUM:
      {
        guint index = 0;

        if (!cJSON_IsString (item) || !rp_enum_info_lookup (f->choices, item->valuestring,
                                                             &index))
          {
            g_autofree char *names = rp_enum_info_list_names (f->choices);

            rp_error_set_key (error, RP_ERROR_INVALID_VALUE, key,
                              _("unknown value “%s” (expected one of: %s)"),
                              cJSON_IsString (item) ? item->valuestring : "?", names);
            return FALSE;
          }
        *(int *) member = (int) index;
        return TRUE;
      }
    case RP_FIELD_UINT:
    case RP_FIELD_UINT64:
    case RP_FIELD_DOUBLE:
    default:
      break;
    }
  if (!cJSON_IsNumber (item))
    return invalid (error, key, _("expected a number"));
  value = item->valuedouble;
  if (version == 1 && (f->flags & RP_FIELD_V1_ZERO_IS_NULL) && value == 0)
    value = NAN;
  if (!rp_field_check (f, value, &local))
    {
      /* the same words, about this path (a catalog entry's, say) */
      return invalid (error, key, rp_error_get_detail (local));
    }
  rp_field_set_number (f, base, value);
  return TRUE;
}

static gboolean
read_fields (const cJSON *obj,
             const char  *path,
             RpSection    section,
             gboolean     arch,
             guint        version,
             gpointer     base,
             guint32     *present,
             GError     **error)
{
  if (obj == NULL)
    return TRUE;
  for (guint i = 0; i < rp_fields_n (); i++)
    {
      const RpField *f = rp_fields_get (i);
      const cJSON *item;
      g_autofree char *key = NULL;

      if (f->section != section || (f->arch_bit != 0) != arch)
        continue;
      item = cJSON_GetObjectItemCaseSensitive (obj, f->json_key);
      /* null is a value only where the table says so; elsewhere absent */
      if (item == NULL || (cJSON_IsNull (item) && !(f->flags & RP_FIELD_NULLABLE)))
        continue;
      key = path != NULL ? rp_json_join_path (path, f->json_key) : g_strdup (f->key);
      if (!read_value (f, item, key, version, base, error))
        return FALSE;
      if (present != NULL)
        *present |= f->arch_bit;
    }
  return TRUE;
}

static void
write_value (cJSON         *obj,
             const RpField *f,
             gconstpointer  base)
{
  gconstpointer member = (const guint8 *) base + f->offset;

  switch (f->type)
    {
    case RP_FIELD_STRING:
      rp_json_add_string (obj, f->json_key, *(char *const *) member);
      break;
    case RP_FIELD_BOOL:
      cJSON_AddBoolToObject (obj, f->json_key, *(const gboolean *) member);
      break;
    case RP_FIELD_ENUM:
      cJSON_AddStringToObject (obj, f->json_key,
                               rp_enum_info_get_name (f->choices, *(const int *) member));
      break;
    case RP_FIELD_UINT:
    case RP_FIELD_UINT64:
    case RP_FIELD_DOUBLE:
    default:
      rp_json_add_number (obj, f->json_key, rp_field_get_number (f, base));
      break;
    }
}

/* ---- private API ---------------------------------------------------- */

gboolean
rp_fields_read_section (const cJSON *obj,
                        RpSection    section,
                        guint        version,
                        RpScenario  *scenario,
                        GError     **error)
{
  g_return_val_if_fail (scenario != NULL, FALSE);
  return read_fields (obj, NULL, section, FALSE, version, scenario, NULL, error);
}

gboolean
rp_fields_read_arch (const cJSON *obj,
                     const char  *path,
                     RpModelArch *arch,
                     guint32     *present,
                     GError     **error)
{
  g_return_val_if_fail (arch != NULL, FALSE);
  /* architecture keys have no null and no version-1 meaning of 0 */
  return read_fields (obj, path, RP_SECTION_MODEL, TRUE, RP_SCENARIO_VERSION, arch, present,
                      error);
}

void
rp_fields_write_section (cJSON            *obj,
                         RpSection         section,
                         const RpScenario *scenario)
{
  g_return_if_fail (obj != NULL && scenario != NULL);

  for (guint i = 0; i < rp_fields_n (); i++)
    {
      const RpField *f = rp_fields_get (i);

      if (f->section == section && f->arch_bit == 0)
        write_value (obj, f, scenario);
    }
}

void
rp_fields_write_arch (cJSON             *obj,
                      const RpModelArch *arch,
                      guint32            mask)
{
  g_return_if_fail (obj != NULL && arch != NULL);

  for (guint i = 0; i < rp_fields_n (); i++)
    {
      const RpField *f = rp_fields_get (i);

      if (f->arch_bit != 0 && (mask & f->arch_bit) != 0)
        write_value (obj, f, arch);
    }
}

void
rp_fields_strip_known (cJSON    *obj,
                       RpSection section)
{
  if (!cJSON_IsObject (obj))
    return;
  for (guint i = 0; i < rp_fields_n (); i++)
    {
      const RpField *f = rp_fields_get (i);

      if (f->section == section)
        cJSON_DeleteItemFromObjectCaseSensitive (obj, f->json_key);
    }
}

static void
add_value (cJSON         *obj,
           const char    *key,
           const RpField *f,
           double         number,
           const char    *text)
{
  if (f->type == RP_FIELD_STRING)
    rp_json_add_string (obj, key, text);
  else if (isnan (number))
    cJSON_AddNullToObject (obj, key);
  else if (f->type == RP_FIELD_ENUM)
    cJSON_AddStringToObject (obj, key, rp_enum_info_get_name (f->choices, (guint) number));
  else if (f->type == RP_FIELD_BOOL)
    cJSON_AddBoolToObject (obj, key, number != 0);
  else
    rp_json_add_number (obj, key, number);
}

void
rp_fields_change_to_json (cJSON          *obj,
                          const RpField  *field,
                          const RpChange *change)
{
  g_return_if_fail (obj != NULL && field != NULL && change != NULL);

  add_value (obj, "from", field, change->from, change->from_text);
  add_value (obj, "to", field, change->to, change->to_text);
}

cJSON *
rp_fields_describe_json (const RpField *f)
{
  cJSON *item = cJSON_CreateObject ();
  static const char *const refs[] = { NULL, "model", "gpu", "offer", "region", "gpu-list" };

  cJSON_AddStringToObject (item, "key", f->key);
  cJSON_AddStringToObject (item, "type", rp_field_type_to_string (f->type));
  cJSON_AddStringToObject (item, "label", rp_field_get_label (f));
  rp_json_add_string (item, "help", rp_field_get_help (f));
  if (rp_field_is_number (f))
    {
      rp_json_add_number (item, "min", f->min);
      rp_json_add_number (item, "max", f->max);
    }
  else if (f->type == RP_FIELD_STRING)
    rp_json_add_number (item, "max_bytes", f->max);
  /* an architecture key's default is the preset's */
  if (f->arch_bit != 0 || f->type == RP_FIELD_STRING)
    cJSON_AddNullToObject (item, "default");
  else if (f->type == RP_FIELD_BOOL)
    cJSON_AddBoolToObject (item, "default", f->def != 0);
  else if (f->type == RP_FIELD_ENUM)
    cJSON_AddStringToObject (item, "default", rp_enum_info_get_name (f->choices, (guint) f->def));
  else
    rp_json_add_number (item, "default", f->def);
  cJSON_AddBoolToObject (item, "nullable", (f->flags & RP_FIELD_NULLABLE) != 0);
  rp_json_add_string (item, "null_means", rp_field_get_null_label (f));
  rp_json_add_string (item, "unit", *rp_unit_get_name (f->unit) != '\0'
                                    ? rp_unit_get_name (f->unit) : NULL);
  cJSON_AddBoolToObject (item, "money", (f->flags & RP_FIELD_MONEY) != 0);
  rp_json_add_string (item, "refers_to", refs[f->ref]);
  if (f->choices != NULL)
    {
      cJSON *choices = cJSON_AddArrayToObject (item, "choices");

      for (guint v = 0; v < f->choices->n; v++)
        {
          cJSON *choice = cJSON_CreateObject ();

          cJSON_AddStringToObject (choice, "name", rp_enum_info_get_name (f->choices, v));
          cJSON_AddStringToObject (choice, "label", rp_enum_info_get_label (f->choices, v));
          cJSON_AddItemToArray (choices, choice);
        }
    }
  return item;
}

/* ---- public API ----------------------------------------------------- */

char *
rp_fields_schema_to_json (void)
{
  g_autoptr(cJSON) root = cJSON_CreateObject ();
  cJSON *list;
  char *text, *copy;

  cJSON_AddStringToObject (root, "format", "rigplan-schema");
  cJSON_AddNumberToObject (root, "version", RP_FIELDS_SCENARIO_VERSION);
  list = cJSON_AddArrayToObject (root, "fields");
  for (guint i = 0; i < rp_fields_n (); i++)
    cJSON_AddItemToArray (list, rp_fields_describe_json (rp_fields_get (i)));
  text = cJSON_Print (root);
  copy = g_strconcat (text, "\n", NULL);
  cJSON_free (text);
  return copy;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-calibration-data.c: reading and holding user-calibrations.json
 * ("format": "rigplan-calibrations") */

#include "config.h"

#include "rp-calibration-private.h"

#include "rp-error.h"
#include "rp-json-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* A correction outside these bounds is not a calibration but a
 * measurement of something else (a step 100 times slower than any
 * model predicts): the loader refuses it. */
static const double min_factor = 0.01;
static const double max_factor = 100;
static const double max_overhead_bytes = 1e15;
/* Figures of a row: a step of a day, a petabyte. */
static const double max_row_s = 86400;
static const double max_row_bytes = 1e15;

static const char *const part_names[RP_N_CALIBRATION_PARTS] = {
  "step_s", "compute_s", "optimizer_s", "weights_bytes", "gradients_bytes",
  "optimizer_bytes", "activations_bytes", "allocated_bytes", "peak_bytes",
  "layer_step_s", "layer_bytes",
};

struct _RpCalibrations
{
  GPtrArray  *owned;            /* RpCalibration*, every one read */
  GPtrArray  *live;             /* borrowed from @owned, listed */
  GHashTable *index;            /* id (borrowed) → RpCalibration* (borrowed) */
};

/* ---- entries -------------------------------------------------------- */

static void
free_strings (RpCalibration *self)
{
  g_free (self->id);
  g_free (self->gpu);
  g_free (self->as_of);
  g_free (self->source);
  g_free (self->device);
  g_free (self->software);
  g_free (self->scenario);
}

static gboolean
read_rows (const cJSON   *item,
           const char    *path,
           RpCalibration *cal,
           GError       **error)
{
  const cJSON *rows = cJSON_GetObjectItemCaseSensitive (item, "rows");
  g_autofree char *rows_path = rp_json_join_path (path, "rows");
  const cJSON *row;
  guint i = 0;

  if (rows == NULL || cJSON_IsNull (rows))
    return TRUE;
  if (!cJSON_IsArray (rows))
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, rows_path, _("expected a list"));
      return FALSE;
    }
  if (cJSON_GetArraySize (rows) > RP_CALIBRATION_MAX_ROWS)
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, rows_path,
                        _("expected at most %u rows"), RP_CALIBRATION_MAX_ROWS);
      return FALSE;
    }
  cJSON_ArrayForEach (row, rows)
    {
      g_autofree char *row_path = g_strdup_printf ("%s[%u]", rows_path, i);
      g_autofree char *part = NULL;
      RpCalibrationRow *r = &cal->rows[i];
      double max;

      if (!cJSON_IsObject (row))
        {
          rp_error_set_key (error, RP_ERROR_INVALID_VALUE, row_path, _("expected an object"));
          return FALSE;
        }
      if (!rp_json_read_string (row, row_path, "part", TRUE, &part, error))
        return FALSE;
      if (!rp_calibration_part_from_string (part, &r->part))
        {
          g_autofree char *where = rp_json_join_path (row_path, "part");
          g_autofree char *names = g_strjoinv (", ", (char **) part_names);

          rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where, _("expected one of %s"),
                            names);
          return FALSE;
        }
      max = rp_calibration_part_is_time (r->part) ? max_row_s : max_row_bytes;
      r->measured = r->predicted = r->calibrated = NAN;
      if (!rp_json_read_number (row, row_path, "measured", FALSE, 0, max, &r->measured, error) ||
          !rp_json_read_number (row, row_path, "predicted", FALSE, 0, max, &r->predicted,
                                error) ||
          !rp_json_read_number (row, row_path, "calibrated", FALSE, 0, max, &r->calibrated,
                                error))
        return FALSE;
      i++;
    }
  cal->n_rows = i;
  return TRUE;
}

static gboolean
read_depths (const cJSON   *item,
             const char    *path,
             RpCalibration *cal,
             GError       **error)
{
  const cJSON *depths = cJSON_GetObjectItemCaseSensitive (item, "depths");
  g_autofree char *where = rp_json_join_path (path, "depths");
  const cJSON *d0, *d1;

  if (depths == NULL || cJSON_IsNull (depths))
    return TRUE;
  d0 = cJSON_GetArrayItem (depths, 0);
  d1 = cJSON_GetArrayItem (depths, 1);
  if (!cJSON_IsArray (depths) || cJSON_GetArraySize (depths) != 2 || !cJSON_IsNumber (d0) ||
      !cJSON_IsNumber (d1) || !(d0->valuedouble >= 1 && d0->valuedouble < d1->valuedouble &&
                                d1->valuedouble <= 100000) ||
      d0->valuedouble != floor (d0->valuedouble) || d1->valuedouble != floor (d1->valuedouble))
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where,
                        _("expected two depths in layers, the smaller first"));
      return FALSE;
    }
  cal->depths[0] = (guint) d0->valuedouble;
  cal->depths[1] = (guint) d1->valuedouble;
  return TRUE;
}

static RpCalibration *
read_calibration (const cJSON *item,
                  const char  *path,
                  GError     **error)
{
  g_autoptr(RpCalibration) cal = g_new0 (RpCalibration, 1);
  g_autofree char *frameworks = rp_enum_info_list_names (&rp_framework_info);
  g_autofree char *precisions = rp_enum_info_list_names (&rp_precision_info);

  cal->bandwidth = 1;

  if (!cJSON_IsObject (item))
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, path, _("expected an object"));
      return NULL;
    }
  if (!rp_json_read_string (item, path, "gpu", TRUE, &cal->gpu, error) ||
      !rp_json_read_enum (item, path, "framework", TRUE,
                          (RpJsonEnumParser) rp_framework_from_string,
                          frameworks, &cal->framework, error) ||
      !rp_json_read_enum (item, path, "precision", TRUE,
                          (RpJsonEnumParser) rp_precision_from_string,
                          precisions, &cal->precision, error) ||
      !rp_json_read_number (item, path, "utilization", TRUE, min_factor, max_factor,
                            &cal->utilization, error) ||
      !rp_json_read_number (item, path, "bandwidth", FALSE, min_factor, max_factor,
                            &cal->bandwidth, error) ||
      !rp_json_read_number (item, path, "activations", TRUE, min_factor, max_factor,
                            &cal->activations, error) ||
      !rp_json_read_number (item, path, "overhead_bytes", TRUE, -max_overhead_bytes,
                            max_overhead_bytes, &cal->overhead_bytes, error) ||
      !rp_json_read_string (item, path, "as_of", TRUE, &cal->as_of, error) ||
      !rp_json_read_string (item, path, "source", FALSE, &cal->source, error) ||
      !rp_json_read_string (item, path, "device", FALSE, &cal->device, error) ||
      !rp_json_read_string (item, path, "software", FALSE, &cal->software, error) ||
      !rp_json_read_string (item, path, "scenario", FALSE, &cal->scenario, error) ||
      !read_depths (item, path, cal, error) || !read_rows (item, path, cal, error))
    return NULL;
  {
    int y = 0, m = 0, d = 0;

    if (sscanf (cal->as_of, "%4d-%2d-%2d", &y, &m, &d) != 3 || strlen (cal->as_of) != 10 ||
        !g_date_valid_dmy (d, m, y))
      {
        g_autofree char *where = rp_json_join_path (path, "as_of");

        rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where,
                          _("expected a date as YYYY-MM-DD"));
        return NULL;
      }
  }
  /* the id is made from the key, so that two entries cannot disagree */
  cal->id = rp_calibration_make_id (cal->gpu, cal->framework, cal->precision);
  return g_steal_pointer (&cal);
}

/* ---- public API: entries -------------------------------------------- */

char *
rp_calibration_make_id (const char  *gpu,
                        RpFramework  framework,
                        RpPrecision  precision)
{
  g_return_val_if_fail (gpu != NULL, NULL);

  return g_strdup_printf ("%s/%s/%s", gpu, rp_framework_to_string (framework),
                          rp_precision_to_string (precision));
}

const char *
rp_calibration_part_to_string (RpCalibrationPart part)
{
  g_return_val_if_fail ((guint) part < RP_N_CALIBRATION_PARTS, "?");
  return part_names[part];
}

gboolean
rp_calibration_part_from_string (const char        *s,
                                 RpCalibrationPart *out)
{
  for (guint i = 0; i < RP_N_CALIBRATION_PARTS; i++)
    if (g_strcmp0 (s, part_names[i]) == 0)
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

gboolean
rp_calibration_part_is_time (RpCalibrationPart part)
{
  return part == RP_CALIBRATION_STEP_S || part == RP_CALIBRATION_COMPUTE_S ||
         part == RP_CALIBRATION_OPTIMIZER_S || part == RP_CALIBRATION_LAYER_STEP_S;
}

const RpCalibration *
rp_calibration_identity (void)
{
  static const RpCalibration identity = {
    .id = (char *) "identity", .utilization = 1, .bandwidth = 1, .activations = 1,
    .overhead_bytes = 0,
  };

  return &identity;
}

RpCalibration *
rp_calibration_copy (const RpCalibration *self)
{
  RpCalibration *copy;

  g_return_val_if_fail (self != NULL, NULL);

  copy = g_new0 (RpCalibration, 1);
  *copy = *self;
  copy->id = g_strdup (self->id);
  copy->gpu = g_strdup (self->gpu);
  copy->as_of = g_strdup (self->as_of);
  copy->source = g_strdup (self->source);
  copy->device = g_strdup (self->device);
  copy->software = g_strdup (self->software);
  copy->scenario = g_strdup (self->scenario);
  return copy;
}

void
rp_calibration_free (RpCalibration *self)
{
  if (self == NULL)
    return;
  free_strings (self);
  g_free (self);
}

cJSON *
rp_calibration_to_json (const RpCalibration *cal)
{
  cJSON *obj = cJSON_CreateObject ();
  cJSON *rows;

  g_return_val_if_fail (cal != NULL && cal->gpu != NULL, obj);

  rp_json_add_string (obj, "id", cal->id);
  rp_json_add_string (obj, "gpu", cal->gpu);
  rp_json_add_string (obj, "framework", rp_framework_to_string (cal->framework));
  rp_json_add_string (obj, "precision", rp_precision_to_string (cal->precision));
  rp_json_add_number (obj, "utilization", cal->utilization);
  rp_json_add_number (obj, "bandwidth", cal->bandwidth);
  rp_json_add_number (obj, "activations", cal->activations);
  rp_json_add_number (obj, "overhead_bytes", cal->overhead_bytes);
  rp_json_add_string (obj, "as_of", cal->as_of);
  rp_json_add_string (obj, "source_kind", "measurement");
  rp_json_add_string (obj, "source", cal->source);
  rp_json_add_string (obj, "device", cal->device);
  rp_json_add_string (obj, "software", cal->software);
  rp_json_add_string (obj, "scenario", cal->scenario);
  if (cal->depths[0] > 0)
    {
      cJSON *depths = cJSON_AddArrayToObject (obj, "depths");

      cJSON_AddItemToArray (depths, cJSON_CreateNumber (cal->depths[0]));
      cJSON_AddItemToArray (depths, cJSON_CreateNumber (cal->depths[1]));
    }
  rows = cJSON_AddArrayToObject (obj, "rows");
  for (guint i = 0; i < cal->n_rows; i++)
    {
      const RpCalibrationRow *r = &cal->rows[i];
      cJSON *row = cJSON_CreateObject ();

      rp_json_add_string (row, "part", rp_calibration_part_to_string (r->part));
      rp_json_add_number (row, "measured", r->measured);
      rp_json_add_number (row, "predicted", r->predicted);
      rp_json_add_number (row, "calibrated", r->calibrated);
      cJSON_AddItemToArray (rows, row);
    }
  cJSON_AddBoolToObject (obj, "user", TRUE);
  return obj;
}

/* ---- public API: the store ------------------------------------------ */

RpCalibrations *
rp_calibrations_new (void)
{
  RpCalibrations *self = g_new0 (RpCalibrations, 1);

  self->owned = g_ptr_array_new_with_free_func ((GDestroyNotify) rp_calibration_free);
  self->live = g_ptr_array_new ();
  self->index = g_hash_table_new (g_str_hash, g_str_equal);
  return self;
}

void
rp_calibrations_free (RpCalibrations *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->index);
  g_ptr_array_unref (self->live);
  g_ptr_array_unref (self->owned);
  g_free (self);
}

gboolean
rp_calibrations_load (RpCalibrations *self,
                      const cJSON    *root,
                      GError        **error)
{
  g_autoptr(GPtrArray) read = g_ptr_array_new_with_free_func ((GDestroyNotify)
                                                              rp_calibration_free);
  const cJSON *list, *item;
  guint i = 0;

  g_return_val_if_fail (self != NULL && root != NULL, FALSE);

  list = cJSON_GetObjectItemCaseSensitive (root, "calibrations");
  if (!cJSON_IsArray (list))
    {
      rp_error_set_key (error, RP_ERROR_MISSING_FIELD, "calibrations", _("expected a list"));
      return FALSE;
    }
  cJSON_ArrayForEach (item, list)
    {
      g_autofree char *path = g_strdup_printf ("calibrations[%u]", i++);
      RpCalibration *cal = read_calibration (item, path, error);

      if (cal == NULL)
        return FALSE;
      g_ptr_array_add (read, cal);
    }
  /* all read: only now does the store change */
  for (i = 0; i < read->len; i++)
    {
      RpCalibration *cal = g_ptr_array_index (read, i);

      rp_calibrations_remove (self, cal->id);
      g_ptr_array_add (self->live, cal);
      g_hash_table_insert (self->index, cal->id, cal);
    }
  g_ptr_array_extend_and_steal (self->owned, g_steal_pointer (&read));
  return TRUE;
}

guint
rp_calibrations_n (const RpCalibrations *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->live->len;
}

const RpCalibration *
rp_calibrations_get (const RpCalibrations *self,
                     guint                 i)
{
  g_return_val_if_fail (self != NULL && i < self->live->len, NULL);
  return g_ptr_array_index (self->live, i);
}

const RpCalibration *
rp_calibrations_lookup (const RpCalibrations *self,
                        const char           *id)
{
  g_return_val_if_fail (self != NULL, NULL);
  return id != NULL ? g_hash_table_lookup (self->index, id) : NULL;
}

gboolean
rp_calibrations_remove (RpCalibrations *self,
                        const char     *id)
{
  RpCalibration *cal;

  g_return_val_if_fail (self != NULL, FALSE);

  cal = id != NULL ? g_hash_table_lookup (self->index, id) : NULL;
  if (cal == NULL)
    return FALSE;
  g_hash_table_remove (self->index, id);
  g_ptr_array_remove (self->live, cal);
  return TRUE;
}

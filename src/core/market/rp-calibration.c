/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-calibration.c: finding the user's calibrations, storing and
 * removing them, and adding a measured device to the user's GPUs */

#include "config.h"

#include "rp-calibration.h"

#include "rp-calibration-private.h"
#include "rp-error.h"
#include "rp-file.h"
#include "rp-json-private.h"

#include <glib/gi18n-lib.h>
#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

/* ---- helpers -------------------------------------------------------- */

/* The position of the item of @id in @items, or -1. */
static int
find_item (const cJSON *items,
           const char  *id)
{
  const cJSON *item;
  int i = 0;

  cJSON_ArrayForEach (item, items)
    {
      const cJSON *item_id = cJSON_GetObjectItemCaseSensitive (item, "id");

      if (cJSON_IsString (item_id) && strcmp (item_id->valuestring, id) == 0)
        return i;
      i++;
    }
  return -1;
}

static gboolean
ensure_dir (const char *dir,
            GError    **error)
{
  if (g_mkdir_with_parents (dir, 0755) == 0)
    return TRUE;
  {
    int saved = errno;

    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                 _("%s: cannot create the folder: %s"), dir, g_strerror (saved));
  }
  return FALSE;
}

/* Writes @root to @path whole or not at all, after checking that the
 * catalog loader takes it. */
static gboolean
write_checked (const cJSON *root,
               const char  *path,
               GError     **error)
{
  g_autofree char *text = cJSON_Print (root);
  g_autoptr(GBytes) bytes = g_bytes_new_static (text, strlen (text));
  g_autoptr(RpCatalog) scratch = rp_catalog_new_empty ();

  if (!rp_catalog_load_bytes (scratch, bytes, path, error))
    return FALSE;
  if (!rp_file_write_atomic (path, text, strlen (text), error))
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  return TRUE;
}

/* Puts @entry (taken) into @dir/@name's @list in place of the item of
 * its id, writes the file and loads it into @catalog. */
static gboolean
store (RpCatalog  *catalog,
       const char *dir,
       const char *name,
       const char *format,
       const char *list,
       const char *notes,
       cJSON      *entry,
       GError    **error)
{
  g_autoptr(cJSON) owned = entry;
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(cJSON) root = NULL;
  cJSON *items;
  int at;

  if (!ensure_dir (dir, error))
    return FALSE;
  root = rp_json_load_user_list (path, format, list, notes, error);
  if (root == NULL)
    return FALSE;
  items = cJSON_GetObjectItemCaseSensitive (root, list);
  at = find_item (items, cJSON_GetObjectItemCaseSensitive (owned, "id")->valuestring);
  if (at >= 0)
    cJSON_ReplaceItemInArray (items, at, g_steal_pointer (&owned));
  else
    cJSON_AddItemToArray (items, g_steal_pointer (&owned));
  return write_checked (root, path, error) && rp_catalog_load_file (catalog, path, error);
}

static void
add_tflops (cJSON      *tflops,
            const char *key,
            double      value)
{
  if (value > 0)
    rp_json_add_number (tflops, key, value);
}

static cJSON *
gpu_to_json (const RpGpu *gpu)
{
  static const struct { guint32 bit; const char *name; } precisions[] = {
    { RP_PREC_BIT_FP32, "fp32" }, { RP_PREC_BIT_TF32, "tf32" }, { RP_PREC_BIT_FP16, "fp16" },
    { RP_PREC_BIT_BF16, "bf16" }, { RP_PREC_BIT_FP8, "fp8" },
  };
  static const char *const stacks[RP_N_STACKS] = { "cuda", "rocm", "synapse", "cann", "cpu" };
  static const char *const segments[RP_N_SEGMENTS] = { "datacenter", "workstation", "consumer" };
  cJSON *obj = cJSON_CreateObject ();
  cJSON *tflops, *list, *stack;

  rp_json_add_string (obj, "id", gpu->id);
  rp_json_add_string (obj, "name", gpu->name);
  rp_json_add_string (obj, "vendor", gpu->vendor);
  rp_json_add_string (obj, "generation", gpu->generation);
  rp_json_add_string (obj, "segment", segments[gpu->segment]);
  rp_json_add_number (obj, "memory_gib", gpu->memory_gib);
  if (gpu->memory_bandwidth_gb_s > 0)
    rp_json_add_number (obj, "memory_bandwidth_gb_s", gpu->memory_bandwidth_gb_s);
  tflops = cJSON_AddObjectToObject (obj, "tflops");
  add_tflops (tflops, "fp32", gpu->tflops_fp32);
  add_tflops (tflops, "tf32", gpu->tflops_tf32);
  add_tflops (tflops, "fp16", gpu->tflops_fp16);
  add_tflops (tflops, "bf16", gpu->tflops_bf16);
  add_tflops (tflops, "fp8", gpu->tflops_fp8);
  list = cJSON_AddArrayToObject (obj, "precisions");
  for (guint i = 0; i < G_N_ELEMENTS (precisions); i++)
    if (gpu->precisions & precisions[i].bit)
      cJSON_AddItemToArray (list, cJSON_CreateString (precisions[i].name));
  if (gpu->tdp_w > 0)
    rp_json_add_number (obj, "tdp_w", gpu->tdp_w);
  stack = cJSON_AddObjectToObject (obj, "stack");
  rp_json_add_string (stack, "kind", stacks[gpu->stack]);
  rp_json_add_string (stack, "compute_capability", gpu->compute_capability);
  rp_json_add_string (obj, "source", gpu->source);
  rp_json_add_string (obj, "source_kind", "measurement");
  rp_json_add_string (obj, "as_of", gpu->as_of);
  rp_json_add_string (obj, "notes", gpu->notes);
  cJSON_AddBoolToObject (obj, "measured", TRUE);
  cJSON_AddBoolToObject (obj, "user", TRUE);
  return obj;
}

/* ---- public API: lookups -------------------------------------------- */

char *
rp_calibration_dup_json (const RpCalibration *self)
{
  g_autoptr(cJSON) obj = NULL;
  char *text, *copy;

  g_return_val_if_fail (self != NULL, NULL);

  obj = rp_calibration_to_json (self);
  text = cJSON_Print (obj);
  copy = g_strdup (text);
  cJSON_free (text);
  return copy;
}


const RpCalibration *
rp_catalog_find_calibration (const RpCatalog *catalog,
                             const char      *gpu_id,
                             RpFramework      framework,
                             RpPrecision      precision)
{
  RpCalibrations *store;

  g_return_val_if_fail (catalog != NULL, NULL);

  store = rp_catalog_get_calibrations (catalog);
  /* a user has a few: a scan without allocation is cheaper than a hash
   * lookup's key (the planner asks for every setting it times) */
  for (guint i = 0; gpu_id != NULL && i < rp_calibrations_n (store); i++)
    {
      const RpCalibration *cal = rp_calibrations_get (store, i);

      if (cal->framework == framework && cal->precision == precision &&
          strcmp (cal->gpu, gpu_id) == 0)
        return cal;
    }
  return NULL;
}

const RpCalibration *
rp_catalog_find_gpu_calibration (const RpCatalog *catalog,
                                 const char      *gpu_id)
{
  RpCalibrations *store;

  g_return_val_if_fail (catalog != NULL, NULL);

  store = rp_catalog_get_calibrations (catalog);
  for (guint i = 0; gpu_id != NULL && i < rp_calibrations_n (store); i++)
    {
      const RpCalibration *cal = rp_calibrations_get (store, i);

      if (strcmp (cal->gpu, gpu_id) == 0)
        return cal;
    }
  return NULL;
}

guint
rp_catalog_n_calibrations (const RpCatalog *catalog)
{
  g_return_val_if_fail (catalog != NULL, 0);
  return rp_calibrations_n (rp_catalog_get_calibrations (catalog));
}

const RpCalibration *
rp_catalog_get_calibration (const RpCatalog *catalog,
                            guint            i)
{
  g_return_val_if_fail (catalog != NULL, NULL);
  return rp_calibrations_get (rp_catalog_get_calibrations (catalog), i);
}

const RpCalibration *
rp_catalog_lookup_calibration (const RpCatalog *catalog,
                               const char      *id)
{
  g_return_val_if_fail (catalog != NULL, NULL);
  return rp_calibrations_lookup (rp_catalog_get_calibrations (catalog), id);
}

/* ---- public API: the user's files ----------------------------------- */

gboolean
rp_user_calibration_store (RpCatalog           *catalog,
                           const char          *dir,
                           const RpCalibration *cal,
                           GError             **error)
{
  g_return_val_if_fail (catalog != NULL && dir != NULL && cal != NULL, FALSE);
  g_return_val_if_fail (cal->id != NULL && cal->gpu != NULL && cal->as_of != NULL, FALSE);

  return store (catalog, dir, RP_USER_CALIBRATIONS_FILE, "rigplan-calibrations",
                "calibrations", "Calibrations made by rigplan-cli calibrate from "
                "rigplan-probe measurements.", rp_calibration_to_json (cal), error);
}

gboolean
rp_user_calibration_remove (RpCatalog  *catalog,
                            const char *dir,
                            const char *id,
                            GError    **error)
{
  g_autofree char *path = NULL;
  g_autoptr(cJSON) root = NULL;
  cJSON *items;
  int at;

  g_return_val_if_fail (catalog != NULL && dir != NULL && id != NULL, FALSE);

  path = g_build_filename (dir, RP_USER_CALIBRATIONS_FILE, NULL);
  if (g_file_test (path, G_FILE_TEST_EXISTS))
    {
      root = rp_json_load_user_list (path, "rigplan-calibrations", "calibrations", "", error);
      if (root == NULL)
        return FALSE;
    }
  items = root != NULL ? cJSON_GetObjectItemCaseSensitive (root, "calibrations") : NULL;
  at = items != NULL ? find_item (items, id) : -1;
  if (at < 0)
    {
      /* TRANSLATORS: a calibration's id ("rtx-4090/custom/bf16-mixed"), then a file */
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "id",
                        _("no calibration “%s” in %s"), id, path);
      return FALSE;
    }
  cJSON_DeleteItemFromArray (items, at);
  if (!write_checked (root, path, error))
    return FALSE;
  rp_calibrations_remove (rp_catalog_get_calibrations (catalog), id);
  return TRUE;
}

gboolean
rp_user_catalog_add_gpu (RpCatalog   *catalog,
                         const char  *dir,
                         const RpGpu *gpu,
                         GError     **error)
{
  g_return_val_if_fail (catalog != NULL && dir != NULL && gpu != NULL, FALSE);
  g_return_val_if_fail (gpu->id != NULL && gpu->name != NULL && gpu->vendor != NULL, FALSE);
  g_return_val_if_fail ((guint) gpu->stack < RP_N_STACKS, FALSE);

  return store (catalog, dir, RP_USER_GPUS_FILE, "rigplan-gpus", "gpus",
                "Devices added by rigplan-cli calibrate from rigplan-probe measurements.",
                gpu_to_json (gpu), error);
}

gboolean
rp_user_catalog_add_gpu_in_memory (RpCatalog   *catalog,
                                   const RpGpu *gpu,
                                   GError     **error)
{
  g_autoptr(cJSON) root = cJSON_CreateObject ();
  g_autofree char *text = NULL;
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (catalog != NULL && gpu != NULL && gpu->id != NULL, FALSE);
  g_return_val_if_fail ((guint) gpu->stack < RP_N_STACKS, FALSE);

  cJSON_AddStringToObject (root, "format", "rigplan-gpus");
  cJSON_AddNumberToObject (root, "version", 1);
  cJSON_AddItemToArray (cJSON_AddArrayToObject (root, "gpus"), gpu_to_json (gpu));
  text = cJSON_Print (root);
  bytes = g_bytes_new (text, strlen (text));
  return rp_catalog_load_bytes (catalog, bytes, RP_USER_GPUS_FILE, error);
}

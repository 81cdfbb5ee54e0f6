/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-checklist-lookup.c: looking up checklist.json's entries for a GPU,
 * a CUDA release, a country and a kind of machine */

#include "config.h"

#include "rp-checklist-private.h"
#include "rp-gpu-index.h"

#include <stdlib.h>
#include <string.h>

/* The kernels that keep the attention scores out of GPU memory the way
 * FlashAttention does (Dao et al. 2022, §3): FlashAttention 1-3, ROCm's
 * port of FlashAttention-2, PyTorch's SDPA flash kernel, and the fused
 * attention of Ascend (torch_npu) and Gaudi (FusedSDPA). */
static const char *const flash_kernels[] = {
  "flash-attention-1", "flash-attention-2", "flash-attention-3", "flash-attention-2-rocm",
  "sdpa-flash", "npu-fusion-attention", "fused-sdpa",
};

/* ---- helpers -------------------------------------------------------- */

/* "12.10" after "12.9": release numbers compared part by part. */
static int
compare_versions (const char *a,
                  const char *b)
{
  while (*a != '\0' || *b != '\0')
    {
      char *end_a, *end_b;
      long na = strtol (a, &end_a, 10), nb = strtol (b, &end_b, 10);

      if (na != nb)
        return na < nb ? -1 : 1;
      if (end_a == a || end_b == b)
        return strcmp (a, b);
      a = *end_a == '.' ? end_a + 1 : end_a;
      b = *end_b == '.' ? end_b + 1 : end_b;
    }
  return 0;
}

/* ---- public API: lookups -------------------------------------------- */

const RpSoftware *
rp_catalog_lookup_software (const RpCatalog *self,
                            const RpGpu     *gpu)
{
  const RpGpuIndex *index;
  RpChecklistData *data;
  gpointer software;

  g_return_val_if_fail (self != NULL && gpu != NULL, NULL);

  index = rp_catalog_gpu_index (self, gpu);
  if (index != NULL)
    return index->software;
  data = rp_catalog_get_checklist_data (self);
  /* every estimate asks: a catalog GPU's answer is indexed; another
   * (a measured device, an entry a later file replaced) is looked for */
  if (g_hash_table_lookup_extended (data->software_by_gpu, gpu, NULL, &software))
    return software;
  return rp_checklist_data_find_software (data, gpu);
}

const char *
rp_catalog_cuda_driver (const RpCatalog *self,
                        const char      *cuda)
{
  RpChecklistData *data;
  const RpDriverRow *best = NULL;

  g_return_val_if_fail (self != NULL, NULL);

  if (cuda == NULL)
    return NULL;
  data = rp_catalog_get_checklist_data (self);
  for (guint i = 0; i < data->drivers->len; i++)
    {
      const RpDriverRow *row = g_ptr_array_index (data->drivers, i);

      if (compare_versions (row->cuda, cuda) >= 0 &&
          (best == NULL || compare_versions (row->cuda, best->cuda) < 0))
        best = row;
    }
  return best != NULL ? best->linux_driver : NULL;
}

const RpMains *
rp_catalog_mains_for (const RpCatalog *self,
                      const char      *country)
{
  RpChecklistData *data;
  const RpMains *fallback = NULL;

  g_return_val_if_fail (self != NULL, NULL);

  data = rp_catalog_get_checklist_data (self);
  for (guint i = data->mains->len; i-- > 0;)
    {
      const RpMains *m = g_ptr_array_index (data->mains, i);

      if (country != NULL && g_strv_contains ((const char * const *) m->countries, country))
        return m;
      if (m->is_default && fallback == NULL)
        fallback = m;
    }
  return fallback;
}

const RpNoise *
rp_catalog_noise_for (const RpCatalog *self,
                      RpShapeKind      shape)
{
  RpChecklistData *data;

  g_return_val_if_fail (self != NULL, NULL);

  data = rp_catalog_get_checklist_data (self);
  for (guint i = data->noise->len; i-- > 0;)
    {
      const RpNoise *n = g_ptr_array_index (data->noise, i);

      if (n->shape == shape)
        return n;
    }
  return NULL;
}

const RpBackupRule *
rp_catalog_get_backup_rule (const RpCatalog *self)
{
  RpChecklistData *data;

  g_return_val_if_fail (self != NULL, NULL);

  data = rp_catalog_get_checklist_data (self);
  return data->backups->len > 0 ? g_ptr_array_index (data->backups, data->backups->len - 1)
                                : NULL;
}

const RpStoragePrice *
rp_backup_rule_price_for (const RpBackupRule *rule,
                          const char         *market_id)
{
  g_return_val_if_fail (rule != NULL, NULL);

  for (guint i = 0; i < rule->prices->len; i++)
    {
      const RpStoragePrice *p = g_ptr_array_index (rule->prices, i);

      if (g_strcmp0 (p->market, market_id) == 0)
        return p;
    }
  return rule->prices->len > 0 ? g_ptr_array_index (rule->prices, 0) : NULL;
}

gboolean
rp_software_has_kernel (const RpSoftware *software,
                        const char       *id)
{
  g_return_val_if_fail (software != NULL && id != NULL, FALSE);
  return g_strv_contains ((const char * const *) software->attention, id);
}

gboolean
rp_software_runs_flash (const RpSoftware *software)
{
  g_return_val_if_fail (software != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (flash_kernels); i++)
    if (rp_software_has_kernel (software, flash_kernels[i]))
      return TRUE;
  return FALSE;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-catalog.c: loading and looking up GPUs, cloud offers and models */

#include "config.h"

#include "rp-catalog.h"

#include "rp-age.h"
#include "rp-calibration-private.h"
#include "rp-catalog-private.h"
#include "rp-checklist-private.h"
#include "rp-market-private.h"
#include "rp-error.h"
#include "rp-gpu-index.h"
#include "rp-json-private.h"
#include "rp-accuracy-private.h"
#include "rp-mfu-private.h"
#include "rp-arch.h"
#include "rp-arch-private.h"
#include "rp-pricing-private.h"
#include "rp-units.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A catalog file may not be larger than this: they are a few hundred KiB. */
static const gsize max_catalog_file_bytes = 16 * 1024 * 1024;
/* A memory size beyond this (GiB) is surely a typo. */
static const double max_memory_gib = 65536;

/* Entries in catalog order, and their ids hashed: a user catalog of
 * 20,000 GPUs made the linear lookups and replacements quadratic. */
typedef struct
{
  GPtrArray  *entries;          /* owned; every entry type starts with its char *id */
  GHashTable *positions;        /* id (borrowed from its entry) → position + 1 */
  GPtrArray  *retired;          /* owned; entries a later file replaced */
  GDestroyNotify free_entry;
} EntryList;

/* Where an offer was read, so that a reference error can name the file
 * and the JSON path after every file is loaded. */
typedef struct
{
  char  *file;                  /* owned */
  guint  index;                 /* in the file's "offers" */
} OfferOrigin;

struct _RpCatalog
{
  gatomicrefcount  ref_count;
  EntryList        gpus;       /* RpGpu* */
  EntryList        clouds;     /* RpCloudOffer* */
  EntryList        models;     /* RpModelPreset* */
  EntryList        purchases;  /* RpPurchasePrice* */
  EntryList        regions;    /* RpRegion* */
  EntryList        providers;  /* RpProvider* */
  GHashTable      *origins;    /* offer id (owned) → OfferOrigin* (owned) */
  /* The offers of each GPU, rebuilt after every load (refresh): GPU id
   * (borrowed from the offers) → GPtrArray* (owned) of RpCloudOffer*
   * (borrowed), so that a price lookup compares no strings per offer. */
  GHashTable      *offers_by_gpu;
  /* The same for purchases.json's prices: GPU id (borrowed) → GPtrArray*
   * (owned) of RpPurchasePrice* (borrowed), in catalog order. */
  GHashTable      *purchases_by_gpu;
  GHashTable      *providers_by_name; /* name (borrowed) → RpProvider* (borrowed) */
  RpMfuParams     *mfu;        /* owned, may be NULL; the last file read wins */
  RpAccuracy      *accuracy;   /* owned, may be NULL; the last file read wins */
  RpPricing       *pricing;    /* owned, may be NULL; later files override keys */
  RpMarketData    *market;     /* owned: server shapes, markets, availability */
  RpChecklistData *checklist;  /* owned: software stacks, mains, noise, backups */
  /* while a user directory loads (load_user_dir): which of its files
   * gave each id, so that one id in two of them is said, not silent */
  GHashTable      *user_ids;   /* owned, may be NULL: "gpus:ID" → file (owned) */
  GPtrArray       *user_problems;   /* borrowed, may be NULL */
  RpCalibrations  *calibrations; /* owned: the user's (rp-calibration.h) */
  /* Which load the GPUs' indexes (RpGpu.index) answer for: a number no
   * other catalog or load has had, so that an index a later load left
   * behind (a replaced entry), or another catalog's, is never read. */
  guint            stamp;
};

/* ---- entry lifetimes ------------------------------------------------ */

static void
gpu_free (gpointer data)
{
  RpGpu *gpu = data;

  g_free (gpu->id);
  g_free (gpu->name);
  g_free (gpu->vendor);
  g_free (gpu->generation);
  g_free (gpu->interconnect);
  g_free (gpu->link_source);
  g_free (gpu->price_source);
  g_free (gpu->price_as_of);
  g_free (gpu->compute_capability);
  g_free (gpu->min_stack_version);
  g_free (gpu->source);
  g_free (gpu->as_of);
  g_free (gpu->notes);
  g_free (gpu->source_kind);
  g_free (gpu->price_kind);
  g_strfreev (gpu->aliases);
  g_clear_pointer (&gpu->derivations, g_ptr_array_unref);
  g_free (gpu->index);
  g_free (gpu);
}

static void
derivation_free (gpointer data)
{
  RpGpuDerivation *d = data;

  g_free (d->from_gpu);
  g_free (d->why);
  g_free (d->why_zh);
  g_free (d->source);
  g_free (d->source_kind);
  g_free (d);
}

static void
provider_free (gpointer data)
{
  RpProvider *provider = data;

  g_free (provider->id);
  g_free (provider->name);
  g_free (provider->source);
  g_free (provider->as_of);
  g_free (provider->source_kind);
  g_free (provider->notes);
  g_free (provider);
}

static void
cloud_free (gpointer data)
{
  RpCloudOffer *offer = data;

  g_free (offer->id);
  g_free (offer->provider);
  g_free (offer->offer);
  g_free (offer->gpu);
  g_free (offer->region);
  g_free (offer->source);
  g_free (offer->as_of);
  g_free (offer->notes);
  g_free (offer->provider_zh);
  g_free (offer->offer_zh);
  g_free (offer->source_kind);
  g_free (offer->reliability);
  g_free (offer);
}

static void
model_free (gpointer data)
{
  RpModelPreset *model = data;

  g_free (model->id);
  g_free (model->name);
  g_free (model->source);
  g_free (model->as_of);
  g_free (model->notes);
  g_free (model);
}

static void
origin_free (gpointer data)
{
  OfferOrigin *origin = data;

  g_free (origin->file);
  g_free (origin);
}

static void
entry_list_init (EntryList      *list,
                 GDestroyNotify  free_entry)
{
  list->entries = g_ptr_array_new_with_free_func (free_entry);
  list->retired = g_ptr_array_new_with_free_func (free_entry);
  list->free_entry = free_entry;
  list->positions = g_hash_table_new (g_str_hash, g_str_equal);
}

static void
entry_list_clear (EntryList *list)
{
  g_clear_pointer (&list->positions, g_hash_table_unref);
  g_clear_pointer (&list->entries, g_ptr_array_unref);
  g_clear_pointer (&list->retired, g_ptr_array_unref);
}

static gpointer
entry_list_lookup (const EntryList *list,
                   const char      *id)
{
  guint position;

  if (id == NULL)
    return NULL;
  position = GPOINTER_TO_UINT (g_hash_table_lookup (list->positions, id));
  return position > 0 ? g_ptr_array_index (list->entries, position - 1) : NULL;
}

/* The entry each kind of lookup found last, per thread: an estimate
 * looks the same GPU, offer, model and region up several times, and the
 * planner and the sweeps thousands of times.  The entry is the answer
 * again while it is still listed where it was found (a replaced entry is
 * swapped out of its place, a freed list's place holds another pointer)
 * under the id asked: one string comparison instead of hashing the id. */
typedef enum
{
  LAST_GPU,
  LAST_CLOUD,
  LAST_MODEL,
  LAST_REGION,
  N_LAST
} LastKind;

static _Thread_local struct
{
  const EntryList *list;
  gconstpointer    entry;
  guint            position;
} last_found[N_LAST];

static gpointer
entry_list_lookup_last (const EntryList *list,
                        LastKind         kind,
                        const char      *id)
{
  gpointer entry;
  guint position;

  if (id == NULL)
    return NULL;
  if (last_found[kind].list == list && last_found[kind].position < list->entries->len &&
      list->entries->pdata[last_found[kind].position] == last_found[kind].entry &&
      strcmp (*(char *const *) last_found[kind].entry, id) == 0)
    return list->entries->pdata[last_found[kind].position];
  position = GPOINTER_TO_UINT (g_hash_table_lookup (list->positions, id));
  if (position == 0)
    return NULL;
  entry = g_ptr_array_index (list->entries, position - 1);
  last_found[kind].list = list;
  last_found[kind].entry = entry;
  last_found[kind].position = position - 1;
  return entry;
}

/* Adds @entry, or swaps it in for the entry with its id, in place, so
 * that the order of the bundled catalog is kept. */
static void
entry_list_put (EntryList *list,
                gpointer   entry)
{
  char *id = *(char **) entry;
  guint position = GPOINTER_TO_UINT (g_hash_table_lookup (list->positions, id));

  if (position > 0)
    {
      gpointer old = list->entries->pdata[position - 1];

      /* the table's key is the old entry's id: swap it before retiring;
       * estimates made before borrow the old entry's strings (a user's
       * edit in the running app), so it lives as long as the list */
      list->entries->pdata[position - 1] = entry;
      g_hash_table_replace (list->positions, id, GUINT_TO_POINTER (position));
      g_ptr_array_add (list->retired, old);
      return;
    }
  g_ptr_array_add (list->entries, entry);
  g_hash_table_insert (list->positions, id, GUINT_TO_POINTER (list->entries->len));
}

/* Keeps the entries for which @keep returns TRUE, in order, and frees
 * the others; one pass, so that dropping many stays linear. */
static void
entry_list_filter (EntryList *list,
                   gboolean (*keep) (gpointer entry, gpointer user_data),
                   gpointer   user_data)
{
  GPtrArray *kept = g_ptr_array_new_full (list->entries->len, list->free_entry);

  g_ptr_array_set_free_func (list->entries, NULL);
  for (guint i = 0; i < list->entries->len; i++)
    {
      gpointer entry = g_ptr_array_index (list->entries, i);

      if (keep (entry, user_data))
        g_ptr_array_add (kept, entry);
      else
        list->free_entry (entry);
    }
  g_ptr_array_unref (list->entries);
  list->entries = kept;
  g_hash_table_remove_all (list->positions);
  for (guint i = 0; i < kept->len; i++)
    g_hash_table_insert (list->positions, *(char **) g_ptr_array_index (kept, i),
                         GUINT_TO_POINTER (i + 1));
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpGpu, gpu_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpGpuDerivation, derivation_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpProvider, provider_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpCloudOffer, cloud_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpModelPreset, model_free)

static const char *const provider_class_names[RP_N_PROVIDER_CLASSES] = {
  "hyperscaler", "gpu-cloud", "marketplace",
};

/* ---- helpers -------------------------------------------------------- */

typedef gboolean (*EntryReader) (const cJSON *item,
                                 const char  *path,
                                 gpointer    *out,
                                 GError     **error);

typedef struct
{
  const char     *key;          /* the list's key in the file */
  EntryReader     read;
  GDestroyNotify  free_entry;
  gsize           list_offset;  /* of the EntryList in RpCatalog */
} EntryKind;

static gboolean
stack_from_string (const char *s,
                   gpointer    out)
{
  static const char *const names[] = { "cuda", "rocm", "synapse", "cann", "cpu" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (s, names[i]) == 0)
      {
        *(RpStackKind *) out = i;
        return TRUE;
      }
  return FALSE;
}

static const char *const link_scope_names[RP_N_LINK_SCOPES] = {
  NULL, "node", "pair", "none",
};

static gboolean
link_scope_from_string (const char *s,
                        gpointer    out)
{
  for (guint i = RP_LINK_SCOPE_NODE; i < RP_N_LINK_SCOPES; i++)
    if (g_strcmp0 (s, link_scope_names[i]) == 0)
      {
        *(RpLinkScope *) out = i;
        return TRUE;
      }
  return FALSE;
}

/* "pcie_p2p": true, false, or null / absent for unknown. */
static gboolean
read_p2p (const cJSON *item,
          const char  *path,
          int         *out,
          GError     **error)
{
  gboolean value = FALSE;
  const cJSON *p2p = cJSON_GetObjectItemCaseSensitive (item, "pcie_p2p");

  *out = -1;
  if (p2p == NULL || cJSON_IsNull (p2p))
    return TRUE;
  if (!rp_json_read_bool (item, path, "pcie_p2p", FALSE, &value, error))
    return FALSE;
  *out = value ? 1 : 0;
  return TRUE;
}

static gboolean
segment_from_string (const char *s,
                     gpointer    out)
{
  static const char *const names[] = { "datacenter", "workstation", "consumer" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (s, names[i]) == 0)
      {
        *(RpSegment *) out = i;
        return TRUE;
      }
  return FALSE;
}

static const char *const precision_names[] = { "fp32", "tf32", "fp16", "bf16", "fp8" };

/* @key ("precisions", "lacks"): a list of precision names, as bits. */
static gboolean
read_precisions (const cJSON *item,
                 const char  *path,
                 const char  *key,
                 guint32     *out,
                 GError     **error)
{
  const cJSON *list = cJSON_GetObjectItemCaseSensitive (item, key);
  const cJSON *p;
  guint i = 0;

  *out = 0;
  if (list == NULL || cJSON_IsNull (list))
    return TRUE;
  if (!cJSON_IsArray (list))
    {
      g_autofree char *where = rp_json_join_path (path, key);
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where, _("expected a list"));
      return FALSE;
    }
  cJSON_ArrayForEach (p, list)
    {
      gboolean known = FALSE;

      for (guint b = 0; b < G_N_ELEMENTS (precision_names); b++)
        if (cJSON_IsString (p) && g_strcmp0 (p->valuestring, precision_names[b]) == 0)
          {
            *out |= 1u << b;
            known = TRUE;
          }
      if (!known)
        {
          g_autofree char *where = g_strdup_printf ("%s.%s[%u]", path, key, i);
          rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where,
                            _("expected one of fp32, tf32, fp16, bf16, fp8"));
          return FALSE;
        }
      i++;
    }
  return TRUE;
}

/* "aliases": a list of non-empty strings; an empty list when absent. */
/* gpus.json keys of the RpGpuField bits, in bit order. */
static const char *const gpu_field_keys[RP_N_GPU_FIELDS] = {
  "memory_bandwidth_gb_s", "tflops.fp32", "tflops.tf32", "tflops.fp16", "tflops.bf16",
  "tflops.fp8", "precisions", "tdp_w", "pcie_gen", "stack.compute_capability",
  "interconnect_gb_s",
};

static gboolean
gpu_field_from_key (const char *key,
                    guint32    *out)
{
  for (guint i = 0; i < RP_N_GPU_FIELDS; i++)
    if (g_strcmp0 (key, gpu_field_keys[i]) == 0)
      {
        *out = 1u << i;
        return TRUE;
      }
  return FALSE;
}

/* The number a field holds, or NULL for the fields that are no number. */
static double *
gpu_number (RpGpu   *gpu,
            guint32  field)
{
  switch (field)
    {
    case RP_GPU_FIELD_BANDWIDTH:
      return &gpu->memory_bandwidth_gb_s;
    case RP_GPU_FIELD_TFLOPS_FP32:
      return &gpu->tflops_fp32;
    case RP_GPU_FIELD_TFLOPS_TF32:
      return &gpu->tflops_tf32;
    case RP_GPU_FIELD_TFLOPS_FP16:
      return &gpu->tflops_fp16;
    case RP_GPU_FIELD_TFLOPS_BF16:
      return &gpu->tflops_bf16;
    case RP_GPU_FIELD_TFLOPS_FP8:
      return &gpu->tflops_fp8;
    case RP_GPU_FIELD_TDP:
      return &gpu->tdp_w;
    case RP_GPU_FIELD_INTERCONNECT:
      return &gpu->interconnect_gb_s;
    default:
      return NULL;
    }
}

static const char *const derivation_fields_hint =
  "memory_bandwidth_gb_s, tflops.fp32, tflops.tf32, tflops.fp16, tflops.bf16, tflops.fp8, "
  "precisions, tdp_w, pcie_gen, stack.compute_capability, interconnect_gb_s";

static gboolean
read_derivation (const cJSON  *item,
                 const char   *path,
                 RpGpuDerivation **out,
                 GError      **error)
{
  g_autoptr(RpGpuDerivation) d = g_new0 (RpGpuDerivation, 1);
  g_autofree char *fields_path = rp_json_join_path (path, "fields");
  g_autofree char *from_field = NULL;
  const cJSON *fields = cJSON_GetObjectItemCaseSensitive (item, "fields");
  const cJSON *f;
  guint i = 0;

  if (!cJSON_IsArray (fields) || cJSON_GetArraySize (fields) == 0)
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, fields_path,
                        _("expected a list of the figures it fills"));
      return FALSE;
    }
  cJSON_ArrayForEach (f, fields)
    {
      guint32 bit = 0;

      if (!cJSON_IsString (f) || !gpu_field_from_key (f->valuestring, &bit))
        {
          g_autofree char *where = g_strdup_printf ("%s[%u]", fields_path, i);
          rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where, _("expected one of %s"),
                            derivation_fields_hint);
          return FALSE;
        }
      d->fields |= bit;
      i++;
    }
  if (!rp_json_read_string (item, path, "from", FALSE, &d->from_gpu, error) ||
      !rp_json_read_string (item, path, "from_field", FALSE, &from_field, error) ||
      !rp_json_read_string (item, path, "why", TRUE, &d->why, error) ||
      !rp_json_read_string (item, path, "why_zh", FALSE, &d->why_zh, error) ||
      !rp_json_read_string (item, path, "source", TRUE, &d->source, error) ||
      !rp_json_read_string (item, path, "source_kind", FALSE, &d->source_kind, error))
    return FALSE;
  if ((d->from_gpu == NULL) == (from_field == NULL))
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, path,
                        _("give either “from” (a GPU id) or “from_field”"));
      return FALSE;
    }
  if (from_field != NULL)
    {
      g_autofree char *where = rp_json_join_path (path, "from_field");
      RpGpu probe = { 0 };

      if (!gpu_field_from_key (from_field, &d->from_field) ||
          gpu_number (&probe, d->from_field) == NULL ||
          gpu_number (&probe, d->fields) == NULL)
        {
          rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where,
                            _("copies one number to one other: name one figure in “fields” "
                              "and one in “from_field”"));
          return FALSE;
        }
    }
  *out = g_steal_pointer (&d);
  return TRUE;
}

/* "derived": the figures taken from a sibling part (RpGpuDerivation). */
static gboolean
read_derivations (const cJSON *item,
                  const char  *path,
                  RpGpu       *gpu,
                  GError     **error)
{
  const cJSON *list = cJSON_GetObjectItemCaseSensitive (item, "derived");
  const cJSON *entry;
  guint i = 0;

  gpu->derivations = g_ptr_array_new_with_free_func (derivation_free);
  if (list == NULL || cJSON_IsNull (list))
    return TRUE;
  if (!cJSON_IsArray (list))
    {
      g_autofree char *where = rp_json_join_path (path, "derived");
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where, _("expected a list"));
      return FALSE;
    }
  cJSON_ArrayForEach (entry, list)
    {
      g_autofree char *where = g_strdup_printf ("%s.derived[%u]", path, i++);
      RpGpuDerivation *d = NULL;

      if (!cJSON_IsObject (entry))
        {
          rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where, _("expected an object"));
          return FALSE;
        }
      if (!read_derivation (entry, where, &d, error))
        return FALSE;
      g_ptr_array_add (gpu->derivations, d);
    }
  return TRUE;
}

/* A throughput figure is needed for the precisions the entry claims,
 * unless a derivation gives it; a GPU no source gives a figure for lists
 * none and is only displayed. */
static gboolean
check_throughput (const RpGpu *gpu,
                  const char  *tflops_path,
                  GError     **error)
{
  if (gpu->precisions == 0 || gpu->derivations->len > 0 ||
      gpu->tflops_fp32 + gpu->tflops_tf32 + gpu->tflops_fp16 + gpu->tflops_bf16 +
      gpu->tflops_fp8 > 0)
    return TRUE;
  rp_error_set_key (error, RP_ERROR_INVALID_VALUE, tflops_path,
                    _("at least one throughput figure is needed"));
  return FALSE;
}

/* A precision the entry both has and lacks is a contradiction. */
static gboolean
check_lacks (const RpGpu *gpu,
             const char  *path,
             GError     **error)
{
  g_autofree char *where = NULL;

  if ((gpu->precisions & gpu->lacks) == 0)
    return TRUE;
  where = rp_json_join_path (path, "lacks");
  rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where,
                    _("a precision cannot be in both “precisions” and “lacks”"));
  return FALSE;
}

/* RpGpu.gen from the generation string, once (always TRUE: an unknown
 * generation is read as a string). */
static gboolean
resolve_generation (RpGpu *gpu)
{
  gpu->gen = rp_gpu_gen_from_string (gpu->generation);
  return TRUE;
}

/* RpGpu.link from the interconnect string, once (always TRUE: a string
 * that names no link is no link, as rp_gpu_link() reads it). */
static gboolean
resolve_link (RpGpu *gpu)
{
  gpu->link_state = gpu->interconnect != NULL && rp_link_from_string (gpu->interconnect, &gpu->link)
                    ? 1
                    : -1;
  return TRUE;
}

static gboolean
read_gpu (const cJSON *item,
          const char  *path,
          gpointer    *out,
          GError     **error)
{
  g_autoptr(RpGpu) gpu = g_new0 (RpGpu, 1);
  g_autofree char *tflops_path = rp_json_join_path (path, "tflops");
  g_autofree char *stack_path = rp_json_join_path (path, "stack");
  const cJSON *tflops = NULL;
  const cJSON *stack = NULL;
  double pcie_gen = 0;

  if (!rp_catalog_read_id (item, path, &gpu->id, error) ||
      !rp_json_read_string (item, path, "name", TRUE, &gpu->name, error) ||
      !rp_json_read_string (item, path, "vendor", TRUE, &gpu->vendor, error) ||
      !rp_json_read_string (item, path, "generation", FALSE, &gpu->generation, error) ||
      !resolve_generation (gpu) ||
      !rp_json_read_enum (item, path, "segment", FALSE, segment_from_string,
                          "datacenter, workstation, consumer", &gpu->segment, error) ||
      !rp_json_read_number (item, path, "memory_gib", TRUE, 0.001, max_memory_gib,
                            &gpu->memory_gib, error) ||
      !rp_json_read_number (item, path, "memory_bandwidth_gb_s", FALSE, 0, 1e6,
                            &gpu->memory_bandwidth_gb_s, error) ||
      !rp_json_read_object (item, path, "tflops", TRUE, &tflops, error) ||
      !rp_json_read_number (tflops, tflops_path, "fp32", FALSE, 0, 1e6, &gpu->tflops_fp32, error) ||
      !rp_json_read_number (tflops, tflops_path, "tf32", FALSE, 0, 1e6, &gpu->tflops_tf32, error) ||
      !rp_json_read_number (tflops, tflops_path, "fp16", FALSE, 0, 1e6, &gpu->tflops_fp16, error) ||
      !rp_json_read_number (tflops, tflops_path, "bf16", FALSE, 0, 1e6, &gpu->tflops_bf16, error) ||
      !rp_json_read_number (tflops, tflops_path, "fp8", FALSE, 0, 1e6, &gpu->tflops_fp8, error) ||
      !read_precisions (item, path, "precisions", &gpu->precisions, error) ||
      !read_precisions (item, path, "lacks", &gpu->lacks, error) ||
      !rp_json_read_number (item, path, "tdp_w", FALSE, 0, 1e5, &gpu->tdp_w, error) ||
      !rp_json_read_string (item, path, "interconnect", FALSE, &gpu->interconnect, error) ||
      !resolve_link (gpu) ||
      !rp_json_read_number (item, path, "interconnect_gb_s", FALSE, 0, 1e6,
                            &gpu->interconnect_gb_s, error) ||
      !rp_json_read_enum (item, path, "link_scope", FALSE, link_scope_from_string,
                          "node, pair, none", &gpu->link_scope, error) ||
      !read_p2p (item, path, &gpu->pcie_p2p, error) ||
      !rp_json_read_string (item, path, "link_source", FALSE, &gpu->link_source, error) ||
      !rp_json_read_number (item, path, "pcie_gen", FALSE, 1, 9, &pcie_gen, error) ||
      !rp_json_read_number (item, path, "price_usd", FALSE, 0, 1e8, &gpu->price_usd, error) ||
      !rp_json_read_string (item, path, "price_source", FALSE, &gpu->price_source, error) ||
      !rp_json_read_string (item, path, "price_as_of", FALSE, &gpu->price_as_of, error) ||
      (gpu->price_as_of != NULL &&
       !rp_as_of_check (gpu->price_as_of, path, "price_as_of", error)) ||
      !rp_json_read_string (item, path, "price_kind", FALSE, &gpu->price_kind, error) ||
      !rp_json_read_object (item, path, "stack", FALSE, &stack, error) ||
      !rp_catalog_read_provenance (item, path, &gpu->source, &gpu->as_of, &gpu->notes,
                                   error) ||
      !rp_json_read_string (item, path, "source_kind", FALSE, &gpu->source_kind, error) ||
      !rp_json_read_words (item, path, "aliases", FALSE, &gpu->aliases, error) ||
      !rp_json_read_bool (item, path, "measured", FALSE, &gpu->measured, error) ||
      !read_derivations (item, path, gpu, error))
    return FALSE;
  if (stack != NULL &&
      (!rp_json_read_enum (stack, stack_path, "kind", TRUE, stack_from_string,
                           "cuda, rocm, synapse, cann, cpu", &gpu->stack, error) ||
       !rp_json_read_string (stack, stack_path, "compute_capability", FALSE,
                             &gpu->compute_capability, error) ||
       !rp_json_read_string (stack, stack_path, "min_version", FALSE,
                             &gpu->min_stack_version, error)))
    return FALSE;
  gpu->pcie_gen = (guint) pcie_gen;
  if (!check_throughput (gpu, tflops_path, error) || !check_lacks (gpu, path, error))
    return FALSE;
  *out = g_steal_pointer (&gpu);
  return TRUE;
}

/* What an offer says about its provider and instance, beyond the price. */
static gboolean
read_offer_details (const cJSON  *item,
                    const char   *path,
                    RpCloudOffer *offer,
                    GError      **error)
{
  offer->provider_class = RP_PROVIDER_GPU_CLOUD;
  return rp_json_read_enum (item, path, "provider_class", FALSE,
                            (RpJsonEnumParser) rp_provider_class_from_string,
                            "hyperscaler, gpu-cloud, marketplace", &offer->provider_class,
                            error) &&
         rp_json_read_string (item, path, "provider_zh", FALSE, &offer->provider_zh, error) &&
         rp_json_read_string (item, path, "source_kind", FALSE, &offer->source_kind, error) &&
         rp_json_read_string (item, path, "reliability", FALSE, &offer->reliability, error) &&
         rp_json_read_uint (item, path, "vcpus", FALSE, 0, 100000, &offer->vcpus, error) &&
         rp_json_read_number (item, path, "ram_gb", FALSE, 0, 1e6, &offer->ram_gb, error) &&
         rp_json_read_number (item, path, "disk_gb", FALSE, 0, 1e9, &offer->disk_gb, error) &&
         rp_json_read_bool (item, path, "user", FALSE, &offer->user, error);
}

const char *
rp_catalog_rent_kind_key (RpRentKind kind)
{
  static const char *const price_keys[RP_N_RENT_KINDS] = {
    "on_demand", "reserved_1y", "reserved_3y", "spot", "daily", "monthly", "capacity_block",
  };

  g_return_val_if_fail ((guint) kind < RP_N_RENT_KINDS, NULL);
  return price_keys[kind];
}

static gboolean
read_offer_prices (const cJSON  *prices,
                   const char   *prices_path,
                   RpCloudOffer *offer,
                   GError      **error)
{
  double any = 0;

  for (guint k = 0; k < RP_N_RENT_KINDS; k++)
    {
      if (!rp_json_read_number (prices, prices_path, rp_catalog_rent_kind_key (k), FALSE, 0,
                                RP_CATALOG_MAX_PER_GPU_HOUR, &offer->per_gpu_hour[k], error))
        return FALSE;
      any += offer->per_gpu_hour[k];
    }
  if (any <= 0)
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, prices_path,
                        _("at least one price is needed"));
      return FALSE;
    }
  return TRUE;
}

static const char *const billing_names[RP_N_BILLINGS] = { "instance", "gpu" };

static gboolean
billing_from_string (const char *s,
                     gpointer    out)
{
  for (guint i = 0; i < RP_N_BILLINGS; i++)
    if (g_strcmp0 (s, billing_names[i]) == 0)
      {
        *(RpBilling *) out = i;
        return TRUE;
      }
  return FALSE;
}

static int
compare_uint (gconstpointer a,
              gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : x > y;
}

/* "shapes": the instance sizes sold at this price, in GPUs (default: the
 * one "gpus_per_instance" names); "billing" and "max_gpus_per_node". */
static gboolean
read_offer_shape (const cJSON  *item,
                  const char   *path,
                  RpCloudOffer *offer,
                  GError      **error)
{
  const cJSON *list = cJSON_GetObjectItemCaseSensitive (item, "shapes");
  g_autofree char *where = rp_json_join_path (path, "shapes");
  const cJSON *n;
  gboolean has_quoted = FALSE;

  if (!rp_json_read_enum (item, path, "billing", FALSE, billing_from_string, "instance, gpu",
                          &offer->billing, error) ||
      !rp_json_read_uint (item, path, "max_gpus_per_node", FALSE, 1, 1024,
                          &offer->max_gpus_per_node, error) ||
      !rp_json_read_enum (item, path, "network", FALSE, (RpJsonEnumParser) rp_network_from_string,
                          "10gbe, 25gbe, 100gbe, 200gbe, 400gbe, ib-hdr, ib-ndr, 4x100g",
                          &offer->network, error))
    return FALSE;
  offer->n_shapes = 0;
  if (list == NULL || cJSON_IsNull (list))
    {
      offer->shapes[offer->n_shapes++] = offer->gpus_per_instance;
      return TRUE;
    }
  if (!cJSON_IsArray (list) || cJSON_GetArraySize (list) == 0 ||
      cJSON_GetArraySize (list) > RP_OFFER_MAX_SHAPES)
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where,
                        _("expected a list of 1 to %u instance sizes"), RP_OFFER_MAX_SHAPES);
      return FALSE;
    }
  cJSON_ArrayForEach (n, list)
    {
      if (!cJSON_IsNumber (n) || n->valuedouble < 1 || n->valuedouble > 1024 ||
          n->valuedouble != floor (n->valuedouble))
        {
          rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where,
                            _("expected whole numbers of GPUs from 1 to 1024"));
          return FALSE;
        }
      offer->shapes[offer->n_shapes++] = (guint) n->valuedouble;
      has_quoted |= (guint) n->valuedouble == offer->gpus_per_instance;
    }
  if (!has_quoted)
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where,
                        _("must include gpus_per_instance (%u), the size the price is for"),
                        offer->gpus_per_instance);
      return FALSE;
    }
  qsort (offer->shapes, offer->n_shapes, sizeof offer->shapes[0], compare_uint);
  return TRUE;
}

static gboolean
read_provider (const cJSON *item,
               const char  *path,
               gpointer    *out,
               GError     **error)
{
  g_autoptr(RpProvider) provider = g_new0 (RpProvider, 1);
  g_autofree char *standing = NULL;
  g_autofree char *where = rp_json_join_path (path, "standing");

  if (!rp_catalog_read_id (item, path, &provider->id, error) ||
      !rp_json_read_string (item, path, "name", TRUE, &provider->name, error) ||
      !rp_json_read_string (item, path, "standing", TRUE, &standing, error) ||
      !rp_catalog_read_provenance (item, path, &provider->source, &provider->as_of,
                                   &provider->notes, error) ||
      !rp_json_read_string (item, path, "source_kind", FALSE, &provider->source_kind, error))
    return FALSE;
  if (g_strcmp0 (standing, "known") == 0)
    provider->standing = RP_STANDING_KNOWN;
  else if (g_strcmp0 (standing, "unknown") == 0)
    provider->standing = RP_STANDING_UNKNOWN;
  else
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where, _("expected one of %s"),
                        "known, unknown");
      return FALSE;
    }
  *out = g_steal_pointer (&provider);
  return TRUE;
}

static gboolean
read_cloud (const cJSON *item,
            const char  *path,
            gpointer    *out,
            GError     **error)
{
  g_autoptr(RpCloudOffer) offer = g_new0 (RpCloudOffer, 1);
  g_autofree char *prices_path = rp_json_join_path (path, "per_gpu_hour");
  const cJSON *prices = NULL;

  offer->gpus_per_instance = 1;
  offer->billing_granularity_s = 3600;
  if (!rp_catalog_read_id (item, path, &offer->id, error) ||
      !rp_json_read_string (item, path, "provider", TRUE, &offer->provider, error) ||
      !rp_json_read_string (item, path, "offer", FALSE, &offer->offer, error) ||
      !rp_json_read_string (item, path, "offer_zh", FALSE, &offer->offer_zh, error) ||
      !rp_json_read_string (item, path, "gpu", TRUE, &offer->gpu, error) ||
      !rp_json_read_uint (item, path, "gpus_per_instance", FALSE, 1, 1024,
                          &offer->gpus_per_instance, error) ||
      !rp_json_read_string (item, path, "region", FALSE, &offer->region, error) ||
      !rp_json_read_enum (item, path, "currency", TRUE,
                          (RpJsonEnumParser) rp_currency_from_string, "USD, CNY",
                          &offer->currency, error) ||
      !rp_json_read_object (item, path, "per_gpu_hour", TRUE, &prices, error) ||
      !rp_json_read_number (item, path, "billing_granularity_s", FALSE, 1, 86400 * 31,
                            &offer->billing_granularity_s, error) ||
      !rp_catalog_read_provenance (item, path, &offer->source, &offer->as_of,
                                   &offer->notes, error) ||
      !read_offer_details (item, path, offer, error) ||
      !read_offer_shape (item, path, offer, error) ||
      !read_offer_prices (prices, prices_path, offer, error))
    return FALSE;
  *out = g_steal_pointer (&offer);
  return TRUE;
}

static gboolean
read_model (const cJSON *item,
            const char  *path,
            gpointer    *out,
            GError     **error)
{
  g_autoptr(RpModelPreset) model = g_new0 (RpModelPreset, 1);

  if (!rp_catalog_read_id (item, path, &model->id, error) ||
      !rp_json_read_string (item, path, "name", TRUE, &model->name, error) ||
      !rp_model_arch_read_json (item, path, &model->arch, NULL, error) ||
      !rp_json_read_uint64 (item, path, "params", TRUE, &model->published_params, error) ||
      !rp_catalog_read_provenance (item, path, &model->source, &model->as_of,
                                   &model->notes, error))
    return FALSE;
  if (!rp_model_arch_validate (&model->arch, path, error))
    return FALSE;
  /* The preset's published count is what every estimate uses; the
   * architecture still drives activations and FLOPs. */
  model->arch.params = model->published_params;
  *out = g_steal_pointer (&model);
  return TRUE;
}

/* Reads every entry of @root's list before adding any, so that a file
 * with one bad entry adds nothing (a user sees the problem, not half a
 * catalog). */
static gboolean
read_all_entries (const cJSON     *root,
                  const EntryKind *kind,
                  GPtrArray       *out,
                  GError         **error)
{
  const char *key = kind->key;
  const cJSON *list = cJSON_GetObjectItemCaseSensitive (root, key);
  const cJSON *item;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  guint i = 0;

  if (!cJSON_IsArray (list))
    {
      rp_error_set_key (error, RP_ERROR_MISSING_FIELD, key, _("expected a list"));
      return FALSE;
    }
  cJSON_ArrayForEach (item, list)
    {
      g_autofree char *path = g_strdup_printf ("%s[%u]", key, i++);
      gpointer entry = NULL;

      if (!cJSON_IsObject (item))
        {
          rp_error_set_key (error, RP_ERROR_INVALID_VALUE, path, _("expected an object"));
          return FALSE;
        }
      if (!kind->read (item, path, &entry, error))
        return FALSE;
      g_ptr_array_add (out, entry);
      if (!g_hash_table_add (seen, *(char **) entry))
        {
          g_autofree char *where = rp_json_join_path (path, "id");

          rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where,
                            _("“%s” appears twice in this file"), *(char **) entry);
          return FALSE;
        }
    }
  return TRUE;
}

/* An id that an earlier file of the user's directory gave too: a
 * warning naming both files and the key; the later file's entry is used
 * (files are read in name order). */
static void
note_user_id (RpCatalog       *self,
              const EntryKind *kind,
              const char      *file,
              guint            index,
              const char      *id)
{
  g_autofree char *slot = g_strdup_printf ("%s:%s", kind->key, id);
  const char *earlier = g_hash_table_lookup (self->user_ids, slot);

  if (earlier != NULL && g_strcmp0 (earlier, file) != 0 && self->user_problems != NULL)
    {
      g_autofree char *key = g_strdup_printf ("%s[%u].id", kind->key, index);
      GError *problem = NULL;

      /* TRANSLATORS: an id given by two files of the user's catalog; the
       * first %s is the id, the second the other file */
      rp_error_set_key (&problem, RP_ERROR_INVALID_VALUE, key,
                        _("“%s” is in %s too; this file’s entry is used (files are read in "
                          "name order): keep one"), id, earlier);
      g_prefix_error (&problem, "%s: ", file);
      g_ptr_array_add (self->user_problems, problem);
    }
  g_hash_table_replace (self->user_ids, g_steal_pointer (&slot), g_strdup (file));
}

/* Moves the entries of @read (taken) into @kind's list. */
static void
put_entries (RpCatalog       *self,
             GPtrArray       *read,
             const EntryKind *kind,
             const char      *file)
{
  EntryList *list = G_STRUCT_MEMBER_P (self, kind->list_offset);

  g_ptr_array_set_free_func (read, NULL);   /* each entry moves into the list */
  for (guint i = 0; i < read->len; i++)
    {
      gpointer entry = read->pdata[i];

      if (self->user_ids != NULL)
        note_user_id (self, kind, file, i, *(char **) entry);
      if (list == &self->clouds)
        {
          OfferOrigin *origin = g_new0 (OfferOrigin, 1);

          origin->file = g_strdup (file);
          origin->index = i;
          g_hash_table_replace (self->origins, g_strdup (*(char **) entry), origin);
        }
      entry_list_put (list, entry);
    }
}

static gboolean
read_entries (RpCatalog       *self,
              const cJSON     *root,
              const EntryKind *kind,
              const char      *file,
              GError         **error)
{
  g_autoptr(GPtrArray) read = g_ptr_array_new_with_free_func (kind->free_entry);

  if (!read_all_entries (root, kind, read, error))
    return FALSE;
  put_entries (self, read, kind, file);
  return TRUE;
}

/* clouds.json: its "offers", and its "providers" where it has some; a
 * bad entry in either adds nothing of the file. */
static gboolean
read_clouds (RpCatalog       *self,
             const cJSON     *root,
             const EntryKind *offers,
             const EntryKind *providers,
             const char      *file,
             GError         **error)
{
  g_autoptr(GPtrArray) read_offers = g_ptr_array_new_with_free_func (offers->free_entry);
  g_autoptr(GPtrArray) read_providers = g_ptr_array_new_with_free_func (providers->free_entry);
  const cJSON *list = cJSON_GetObjectItemCaseSensitive (root, providers->key);

  if ((list != NULL && !read_all_entries (root, providers, read_providers, error)) ||
      !read_all_entries (root, offers, read_offers, error))
    return FALSE;
  put_entries (self, read_providers, providers, file);
  put_entries (self, read_offers, offers, file);
  return TRUE;
}

static gboolean
load_root (RpCatalog   *self,
           const cJSON *root,
           const char  *file,
           GError     **error)
{
  g_autofree char *format = NULL;
  guint version = 0;

  if (!cJSON_IsObject (root))
    {
      g_set_error (error, RP_ERROR, RP_ERROR_PARSE, _("expected a JSON object"));
      return FALSE;
    }
  if (!rp_json_read_string (root, "", "format", TRUE, &format, error) ||
      !rp_json_read_uint (root, "", "version", TRUE, 1, G_MAXINT, &version, error))
    return FALSE;
  if (version > 1)
    {
      rp_error_set_key (error, RP_ERROR_UNSUPPORTED_VERSION, "version",
                        _("%u is newer than this Rigplan understands (1)"), version);
      return FALSE;
    }
  static const EntryKind gpus = {
    "gpus", read_gpu, gpu_free, G_STRUCT_OFFSET (RpCatalog, gpus) };
  static const EntryKind clouds = {
    "offers", read_cloud, cloud_free, G_STRUCT_OFFSET (RpCatalog, clouds) };
  static const EntryKind providers = {
    "providers", read_provider, provider_free, G_STRUCT_OFFSET (RpCatalog, providers) };
  static const EntryKind models = {
    "models", read_model, model_free, G_STRUCT_OFFSET (RpCatalog, models) };
  static const EntryKind purchases = {
    "prices", rp_purchase_read, rp_purchase_free, G_STRUCT_OFFSET (RpCatalog, purchases) };
  static const EntryKind regions = {
    "regions", rp_region_read, rp_region_free, G_STRUCT_OFFSET (RpCatalog, regions) };

  if (strcmp (format, "rigplan-gpus") == 0)
    return read_entries (self, root, &gpus, file, error);
  if (strcmp (format, "rigplan-clouds") == 0)
    return read_clouds (self, root, &clouds, &providers, file, error);
  if (strcmp (format, "rigplan-models") == 0)
    return read_entries (self, root, &models, file, error);
  if (strcmp (format, "rigplan-purchases") == 0)
    return read_entries (self, root, &purchases, file, error);
  if (strcmp (format, "rigplan-regions") == 0)
    return read_entries (self, root, &regions, file, error);
  if (strcmp (format, "rigplan-mfu") == 0)
    {
      RpMfuParams *mfu = rp_mfu_params_load (root, error);
      if (mfu == NULL)
        return FALSE;
      g_clear_pointer (&self->mfu, rp_mfu_params_free);
      self->mfu = mfu;
      return TRUE;
    }
  if (strcmp (format, "rigplan-accuracy") == 0)
    {
      RpAccuracy *accuracy = rp_accuracy_load (root, error);
      if (accuracy == NULL)
        return FALSE;
      g_clear_pointer (&self->accuracy, rp_accuracy_free);
      self->accuracy = accuracy;
      return TRUE;
    }
  if (strcmp (format, "rigplan-pricing") == 0)
    {
      if (self->pricing == NULL)
        self->pricing = rp_pricing_new ();
      return rp_pricing_load_json (self->pricing, root, error);
    }
  if (rp_market_data_handles (format))
    return rp_market_data_load (self->market, root, format, error);
  if (rp_checklist_data_handles (format))
    return rp_checklist_data_load (self->checklist, root, error);
  if (strcmp (format, "rigplan-calibrations") == 0)
    return rp_calibrations_load (self->calibrations, root, error);
  if (g_str_has_prefix (format, "rigplan-"))
    return TRUE;   /* another data file (mfu, …) read by its own loader */
  rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "format",
                    _("“%s” is not a Rigplan catalog"), format);
  return FALSE;
}

/* ---- after a load: derivations and indexes ------------------------- */

/* Copies @field of @from (or @from_field of @gpu itself) into @gpu when
 * @gpu does not state it; TRUE when a value was there to take. */
static gboolean
take_field (RpGpu       *gpu,
            const RpGpu *from,
            guint32      field,
            guint32      from_field)
{
  double *dst = gpu_number (gpu, field);

  if (dst != NULL)
    {
      const double *src = gpu_number ((RpGpu *) from, from_field);

      if (*dst > 0 || src == NULL || !(*src > 0))
        return *dst > 0 && (gpu->derived & field) != 0;
      *dst = *src;
      return TRUE;
    }
  switch (field)
    {
    case RP_GPU_FIELD_PCIE_GEN:
      if (gpu->pcie_gen > 0 || from->pcie_gen == 0)
        return FALSE;
      gpu->pcie_gen = from->pcie_gen;
      return TRUE;
    case RP_GPU_FIELD_COMPUTE_CAPABILITY:
      if (gpu->compute_capability != NULL || from->compute_capability == NULL)
        return FALSE;
      gpu->compute_capability = g_strdup (from->compute_capability);
      return TRUE;
    case RP_GPU_FIELD_PRECISIONS:
      {
        /* only the precisions the entry says nothing of */
        guint32 unknown = ~(gpu->precisions | gpu->lacks);
        guint32 more = (from->precisions & unknown) | (from->lacks & unknown);

        gpu->precisions |= from->precisions & unknown;
        gpu->lacks |= from->lacks & unknown;
        return more != 0;
      }
    default:
      return FALSE;
    }
}

/* Whether @gpu still waits for one of its own derivations. */
static gboolean
has_pending_derivation (const RpGpu *gpu)
{
  for (guint i = 0; i < gpu->derivations->len; i++)
    if (!((const RpGpuDerivation *) g_ptr_array_index (gpu->derivations, i))->applied)
      return TRUE;
  return FALSE;
}

static gboolean
apply_derivation (RpCatalog       *self,
                  RpGpu           *gpu,
                  RpGpuDerivation *d)
{
  const RpGpu *from = gpu;

  if (d->from_gpu != NULL)
    {
      from = entry_list_lookup (&self->gpus, d->from_gpu);
      /* a sibling still waiting for its own figures is taken later */
      if (from == NULL || from == gpu || has_pending_derivation (from))
        return FALSE;
    }
  for (guint b = 0; b < RP_N_GPU_FIELDS; b++)
    {
      guint32 field = 1u << b;

      if ((d->fields & field) != 0 &&
          take_field (gpu, from, field, d->from_gpu != NULL ? field : d->from_field))
        gpu->derived |= field;
    }
  d->from_entry = from;
  d->applied = TRUE;
  return TRUE;
}

/* Fills each GPU's unknown figures from its derivations, siblings first:
 * a pass takes every derivation whose sibling is complete, until none
 * moves (a chain A ← B ← C takes three passes; a loop never applies). */
static void
apply_derivations (RpCatalog *self)
{
  gboolean moved = TRUE;

  while (moved)
    {
      moved = FALSE;
      for (guint i = 0; i < self->gpus.entries->len; i++)
        {
          RpGpu *gpu = g_ptr_array_index (self->gpus.entries, i);

          for (guint k = 0; k < gpu->derivations->len; k++)
            {
              RpGpuDerivation *d = g_ptr_array_index (gpu->derivations, k);

              if (!d->applied && apply_derivation (self, gpu, d))
                moved = TRUE;
            }
        }
    }
}

/* The offers of each GPU and each offer's provider record: rebuilt after
 * every load, so that a price lookup reads only its GPU's offers. */
static void
rebuild_indexes (RpCatalog *self)
{
  g_hash_table_remove_all (self->offers_by_gpu);
  g_hash_table_remove_all (self->purchases_by_gpu);
  g_hash_table_remove_all (self->providers_by_name);
  for (guint i = 0; i < self->purchases.entries->len; i++)
    {
      RpPurchasePrice *p = g_ptr_array_index (self->purchases.entries, i);
      GPtrArray *list;

      if (p->gpu == NULL)
        continue;
      list = g_hash_table_lookup (self->purchases_by_gpu, p->gpu);
      if (list == NULL)
        {
          list = g_ptr_array_new ();
          g_hash_table_insert (self->purchases_by_gpu, p->gpu, list);
        }
      g_ptr_array_add (list, p);
    }
  for (guint i = 0; i < self->providers.entries->len; i++)
    {
      RpProvider *provider = g_ptr_array_index (self->providers.entries, i);

      g_hash_table_replace (self->providers_by_name, provider->name, provider);
    }
  for (guint i = 0; i < self->clouds.entries->len; i++)
    {
      RpCloudOffer *offer = g_ptr_array_index (self->clouds.entries, i);
      GPtrArray *list = g_hash_table_lookup (self->offers_by_gpu, offer->gpu);

      offer->provider_info = g_hash_table_lookup (self->providers_by_name, offer->provider);
      if (list == NULL)
        {
          list = g_ptr_array_new ();
          g_hash_table_insert (self->offers_by_gpu, offer->gpu, list);
        }
      g_ptr_array_add (list, offer);
    }
}

/* Each listed GPU's index (RpGpu.index): the answers of the lookups by
 * id every estimate makes, under a new stamp. */
static void
index_gpus (RpCatalog *self)
{
  static gint stamps = 0;

  self->stamp = (guint) g_atomic_int_add (&stamps, 1) + 1;
  for (guint i = 0; i < self->gpus.entries->len; i++)
    {
      RpGpu *gpu = g_ptr_array_index (self->gpus.entries, i);
      RpGpuIndex *index = gpu->index != NULL ? gpu->index : g_new0 (RpGpuIndex, 1);

      index->catalog = self;
      index->stamp = self->stamp;
      index->gpu = gpu;
      index->market = rp_market_data_for_gpu (self->market, gpu->id);
      index->purchases = g_hash_table_lookup (self->purchases_by_gpu, gpu->id);
      index->software = g_hash_table_lookup (self->checklist->software_by_gpu, gpu);
      gpu->index = index;
    }
}

static void
refresh (RpCatalog *self)
{
  apply_derivations (self);
  rebuild_indexes (self);
  rp_checklist_data_index (self->checklist, self->gpus.entries);
  index_gpus (self);
}

/* The error for an offer whose GPU is in no catalog, naming the file and
 * the JSON path; NULL when the GPU is there. */
static GError *
reference_problem (RpCatalog          *self,
                   const RpCloudOffer *offer)
{
  const OfferOrigin *origin = g_hash_table_lookup (self->origins, offer->id);
  g_autofree char *key = NULL;
  GError *problem = NULL;

  if (entry_list_lookup (&self->gpus, offer->gpu) != NULL)
    return NULL;
  key = g_strdup_printf ("offers[%u].gpu", origin->index);
  rp_error_set_key (&problem, RP_ERROR_UNKNOWN_GPU, key,
                    _("“%s” is in no GPU catalog (offer “%s”)"), offer->gpu, offer->id);
  g_prefix_error (&problem, "%s: ", origin->file);
  return problem;
}

typedef struct
{
  RpCatalog *self;
  GPtrArray *problems;
} ReferenceCheck;

static gboolean
keep_offer (gpointer entry,
            gpointer user_data)
{
  ReferenceCheck *check = user_data;
  const RpCloudOffer *offer = entry;
  GError *problem = reference_problem (check->self, offer);

  if (problem == NULL)
    return TRUE;
  g_ptr_array_add (check->problems, problem);
  g_hash_table_remove (check->self->origins, offer->id);
  return FALSE;
}

/* A purchase price of a GPU no catalog knows, like an offer's. */
static GError *
purchase_problem (RpCatalog             *self,
                  const RpPurchasePrice *price)
{
  GError *problem = NULL;

  if (entry_list_lookup (&self->gpus, price->gpu) != NULL)
    return NULL;
  rp_error_set_key (&problem, RP_ERROR_UNKNOWN_GPU, "prices.gpu",
                    _("price “%s”: gpu “%s” is in no GPU catalog"), price->id, price->gpu);
  return problem;
}

static gboolean
keep_purchase (gpointer entry,
               gpointer user_data)
{
  ReferenceCheck *check = user_data;
  GError *problem = purchase_problem (check->self, entry);

  if (problem == NULL)
    return TRUE;
  g_ptr_array_add (check->problems, problem);
  return FALSE;
}

/* A derivation from a GPU no catalog has (or from itself, or in a loop):
 * its figures stay unknown. */
static GError *
derivation_problem (RpCatalog   *self,
                    const RpGpu *gpu)
{
  GError *problem = NULL;

  for (guint i = 0; i < gpu->derivations->len; i++)
    {
      const RpGpuDerivation *d = g_ptr_array_index (gpu->derivations, i);
      g_autofree char *key = NULL;

      if (d->applied)
        continue;
      key = g_strdup_printf ("gpus.%s.derived[%u].from", gpu->id, i);
      if (d->from_gpu != NULL && entry_list_lookup (&self->gpus, d->from_gpu) == NULL)
        rp_error_set_key (&problem, RP_ERROR_UNKNOWN_GPU, key,
                          _("“%s” is in no GPU catalog (GPU “%s”)"), d->from_gpu, gpu->id);
      else
        rp_error_set_key (&problem, RP_ERROR_INVALID_VALUE, key,
                          _("GPU “%s” takes its figures from itself or in a loop"), gpu->id);
      return problem;
    }
  return NULL;
}

/* Checks that each offer's GPU is in the catalog, once every file is read
 * (a user's clouds.json may name a GPU of their gpus.json).  With
 * @problems (the user's files) each bad offer is dropped and reported
 * there; without, the first is the error. */
static gboolean
check_references (RpCatalog  *self,
                  GPtrArray  *problems,
                  GError    **error)
{
  ReferenceCheck check = { self, problems };

  if (problems != NULL)
    {
      entry_list_filter (&self->clouds, keep_offer, &check);
      entry_list_filter (&self->purchases, keep_purchase, &check);
      for (guint i = 0; i < self->gpus.entries->len; i++)
        {
          GError *problem = derivation_problem (self, g_ptr_array_index (self->gpus.entries, i));

          if (problem != NULL)
            g_ptr_array_add (problems, problem);
        }
      refresh (self);
      return TRUE;
    }
  refresh (self);
  for (guint i = 0; i < self->gpus.entries->len; i++)
    {
      GError *problem = derivation_problem (self, g_ptr_array_index (self->gpus.entries, i));

      if (problem != NULL)
        {
          g_propagate_error (error, problem);
          return FALSE;
        }
    }
  for (guint i = 0; i < self->clouds.entries->len; i++)
    {
      GError *problem = reference_problem (self, g_ptr_array_index (self->clouds.entries, i));

      if (problem != NULL)
        {
          g_propagate_error (error, problem);
          return FALSE;
        }
    }
  for (guint i = 0; i < self->purchases.entries->len; i++)
    {
      GError *problem = purchase_problem (self, g_ptr_array_index (self->purchases.entries, i));

      if (problem != NULL)
        {
          g_propagate_error (error, problem);
          return FALSE;
        }
    }
  for (guint i = 0; i < self->regions.entries->len; i++)
    {
      const RpRegion *region = g_ptr_array_index (self->regions.entries, i);

      if (region->electricity_fallback != NULL &&
          rp_catalog_lookup_region (self, region->electricity_fallback) == NULL)
        {
          rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "electricity_fallback",
                            _("region “%s”: “%s” is in no region catalog"), region->id,
                            region->electricity_fallback);
          return FALSE;
        }
    }
  return TRUE;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The *.json files of a user catalog directory that can be read, in a
 * stable order (so that overrides between them are predictable): not
 * hidden ones (".#gpus.json" is an Emacs lock, a dangling link) and no
 * directory, FIFO or device named like a catalog. */
static GPtrArray *
list_user_files (const char  *dir,
                 GPtrArray   *problems)
{
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) d = g_dir_open (dir, 0, &error);
  const char *name;

  if (d == NULL)
    {
      /* no user catalog: nothing to add */
      if (!g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        g_ptr_array_add (problems, g_steal_pointer (&error));
      return g_steal_pointer (&paths);
    }
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL;

      if (name[0] == '.' || !g_str_has_suffix (name, ".json"))
        continue;
      path = g_build_filename (dir, name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        g_ptr_array_add (paths, g_steal_pointer (&path));
    }
  g_ptr_array_sort (paths, compare_names);
  return g_steal_pointer (&paths);
}

/* Loads each good file of @dir; each bad one adds its error to
 * @problems and nothing to @self. */
static void
load_user_dir (RpCatalog  *self,
               const char *dir,
               GPtrArray  *problems)
{
  g_autoptr(GPtrArray) paths = list_user_files (dir, problems);

  self->user_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->user_problems = problems;
  for (guint i = 0; i < paths->len; i++)
    {
      GError *problem = NULL;

      if (!rp_catalog_load_file (self, g_ptr_array_index (paths, i), &problem))
        g_ptr_array_add (problems, problem);
    }
  g_clear_pointer (&self->user_ids, g_hash_table_unref);
  self->user_problems = NULL;
  check_references (self, problems, NULL);
}

char *
rp_catalog_user_dir (void)
{
  const char *user_env = g_getenv ("RIGPLAN_USER_DATADIR");

  if (user_env != NULL && *user_env != '\0')
    return g_strdup (user_env);
  return g_build_filename (g_get_user_data_dir (), "rigplan", NULL);
}

/* ---- public API ----------------------------------------------------- */

RpCatalog *
rp_catalog_new_empty (void)
{
  RpCatalog *self = g_new0 (RpCatalog, 1);

  g_atomic_ref_count_init (&self->ref_count);
  entry_list_init (&self->gpus, gpu_free);
  entry_list_init (&self->clouds, cloud_free);
  entry_list_init (&self->models, model_free);
  entry_list_init (&self->purchases, rp_purchase_free);
  entry_list_init (&self->regions, rp_region_free);
  entry_list_init (&self->providers, provider_free);
  self->market = rp_market_data_new ();
  self->calibrations = rp_calibrations_new ();
  self->checklist = rp_checklist_data_new ();
  self->origins = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, origin_free);
  self->offers_by_gpu = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                               (GDestroyNotify) g_ptr_array_unref);
  self->purchases_by_gpu = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                  (GDestroyNotify) g_ptr_array_unref);
  self->providers_by_name = g_hash_table_new (g_str_hash, g_str_equal);
  return self;
}

RpCatalog *
rp_catalog_ref (RpCatalog *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
rp_catalog_unref (RpCatalog *self)
{
  g_return_if_fail (self != NULL);
  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  entry_list_clear (&self->gpus);
  entry_list_clear (&self->clouds);
  entry_list_clear (&self->models);
  entry_list_clear (&self->purchases);
  entry_list_clear (&self->regions);
  entry_list_clear (&self->providers);
  g_clear_pointer (&self->market, rp_market_data_free);
  g_clear_pointer (&self->calibrations, rp_calibrations_free);
  g_clear_pointer (&self->checklist, rp_checklist_data_free);
  g_hash_table_unref (self->origins);
  g_hash_table_unref (self->offers_by_gpu);
  g_hash_table_unref (self->purchases_by_gpu);
  g_hash_table_unref (self->providers_by_name);
  g_clear_pointer (&self->mfu, rp_mfu_params_free);
  g_clear_pointer (&self->accuracy, rp_accuracy_free);
  g_clear_pointer (&self->pricing, rp_pricing_free);
  g_free (self);
}

gboolean
rp_catalog_load_bytes (RpCatalog  *self,
                       GBytes     *bytes,
                       const char *name,
                       GError    **error)
{
  g_autoptr(cJSON) root = NULL;
  gsize len = 0;
  const char *data;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);

  data = g_bytes_get_data (bytes, &len);
  root = rp_json_parse (data, len, error);
  if (root == NULL || !load_root (self, root, name, error))
    {
      g_prefix_error (error, "%s: ", name);
      return FALSE;
    }
  refresh (self);
  return TRUE;
}

gboolean
rp_catalog_load_file (RpCatalog  *self,
                      const char *path,
                      GError    **error)
{
  g_autoptr(cJSON) root = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  root = rp_json_load_file (path, max_catalog_file_bytes, error);
  if (root == NULL || !load_root (self, root, path, error))
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  refresh (self);
  return TRUE;
}

static gboolean
load_bundled_dir (RpCatalog  *self,
                  const char *dir,
                  GError    **error)
{
  static const char *const required[] = { "gpus.json", "clouds.json", "models.json" };
  /* Without mfu.json the time model needs an MFU override, without
   * pricing.json the cost model needs every price set; purchases.json
   * and regions.json add dated purchase prices and power prices. */
  static const char *const optional[] = {
    "mfu.json", "pricing.json", "purchases.json", "regions.json", "servers.json", "market.json",
    "accuracy.json",
    "checklist.json",
  };

  for (guint i = 0; i < G_N_ELEMENTS (required); i++)
    {
      g_autofree char *path = g_build_filename (dir, required[i], NULL);
      if (!rp_catalog_load_file (self, path, error))
        return FALSE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (optional); i++)
    {
      g_autofree char *path = g_build_filename (dir, optional[i], NULL);
      if (g_file_test (path, G_FILE_TEST_EXISTS) && !rp_catalog_load_file (self, path, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
rp_catalog_load_dir (RpCatalog  *self,
                     const char *dir,
                     gboolean    required,
                     GError    **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (dir != NULL, FALSE);

  if (required)
    return load_bundled_dir (self, dir, error) && check_references (self, NULL, error);
  {
    g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);

    load_user_dir (self, dir, problems);
    if (problems->len > 0)
      {
        g_propagate_error (error, g_ptr_array_steal_index (problems, 0));
        return FALSE;
      }
    return TRUE;
  }
}

const char *
rp_catalog_default_dir (void)
{
  const char *dir = g_getenv ("RIGPLAN_DATADIR");

  if (dir != NULL && *dir != '\0')
    return dir;
  return PKGDATADIR "/catalogs";
}

RpCatalog *
rp_catalog_load_default_full (GPtrArray **problems,
                              GError    **error)
{
  g_autoptr(RpCatalog) self = rp_catalog_new_empty ();
  g_autoptr(GPtrArray) found = NULL;
  g_autofree char *dir = NULL;

  g_return_val_if_fail (problems != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  *problems = NULL;
  if (!rp_catalog_load_dir (self, rp_catalog_default_dir (), TRUE, error))
    return NULL;
  found = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  dir = rp_catalog_user_dir ();
  load_user_dir (self, dir, found);
  *problems = g_steal_pointer (&found);
  return g_steal_pointer (&self);
}

RpCatalog *
rp_catalog_load_default (GError **error)
{
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(RpCatalog) self = rp_catalog_load_default_full (&problems, error);

  if (self == NULL)
    return NULL;
  if (problems->len > 0)
    {
      g_propagate_error (error, g_ptr_array_steal_index (problems, 0));
      return NULL;
    }
  return g_steal_pointer (&self);
}

guint
rp_catalog_n_gpus (const RpCatalog *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->gpus.entries->len;
}

const RpGpu *
rp_catalog_get_gpu (const RpCatalog *self,
                    guint            i)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (i < self->gpus.entries->len, NULL);
  return g_ptr_array_index (self->gpus.entries, i);
}

const RpGpu *
rp_catalog_lookup_gpu (const RpCatalog *self,
                       const char      *id)
{
  g_return_val_if_fail (self != NULL, NULL);
  return entry_list_lookup_last (&self->gpus, LAST_GPU, id);
}

guint
rp_catalog_n_clouds (const RpCatalog *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->clouds.entries->len;
}

const char *
rp_cloud_offer_get_name (const RpCloudOffer *offer)
{
  g_return_val_if_fail (offer != NULL, NULL);

  /* English text keeps no Chinese words: "offer" is the English name,
   * "offer_zh" the provider's own for a Chinese reader */
  if (offer->offer_zh != NULL && rp_units_reads_chinese ())
    return offer->offer_zh;
  return offer->offer != NULL ? offer->offer : offer->id;
}

const char *
rp_cloud_offer_get_provider (const RpCloudOffer *offer)
{
  g_return_val_if_fail (offer != NULL, NULL);

  if (offer->provider_zh != NULL && rp_units_reads_chinese ())
    return offer->provider_zh;
  return offer->provider;
}

const RpCloudOffer *
rp_catalog_get_cloud (const RpCatalog *self,
                      guint            i)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (i < self->clouds.entries->len, NULL);
  return g_ptr_array_index (self->clouds.entries, i);
}

const RpCloudOffer *
rp_catalog_lookup_cloud (const RpCatalog *self,
                         const char      *id)
{
  g_return_val_if_fail (self != NULL, NULL);
  return entry_list_lookup_last (&self->clouds, LAST_CLOUD, id);
}

guint
rp_catalog_n_models (const RpCatalog *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->models.entries->len;
}

const RpModelPreset *
rp_catalog_get_model (const RpCatalog *self,
                      guint            i)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (i < self->models.entries->len, NULL);
  return g_ptr_array_index (self->models.entries, i);
}

const RpModelPreset *
rp_catalog_lookup_model (const RpCatalog *self,
                         const char      *id)
{
  g_return_val_if_fail (self != NULL, NULL);
  return entry_list_lookup_last (&self->models, LAST_MODEL, id);
}

const char *
rp_provider_class_to_string (RpProviderClass v)
{
  g_return_val_if_fail ((guint) v < RP_N_PROVIDER_CLASSES, NULL);
  return provider_class_names[v];
}

gboolean
rp_provider_class_from_string (const char      *s,
                               RpProviderClass *out)
{
  g_return_val_if_fail (out != NULL, FALSE);

  for (guint i = 0; s != NULL && i < RP_N_PROVIDER_CLASSES; i++)
    if (strcmp (s, provider_class_names[i]) == 0)
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

double
rp_gpu_peak_tflops (const RpGpu *gpu,
                    RpPrecision  precision)
{
  g_return_val_if_fail (gpu != NULL, 0);

  switch (precision)
    {
    case RP_PRECISION_FP32:
      /* PyTorch runs fp32 matmuls on TF32 tensor cores only when asked;
       * the default since 1.12 is full fp32. */
      return gpu->tflops_fp32;
    case RP_PRECISION_AMP_BF16:
    case RP_PRECISION_BF16_MIXED:
    case RP_PRECISION_BF16_PURE:
      return gpu->tflops_bf16;
    case RP_PRECISION_AMP_FP16:
    case RP_PRECISION_FP16_MIXED:
      return gpu->tflops_fp16;
    case RP_PRECISION_FP8_MIXED:
      return gpu->tflops_fp8;
    case RP_N_PRECISIONS:
    default:
      g_return_val_if_reached (0);
    }
}

static guint32
precision_bit (RpPrecision precision)
{
  switch (precision)
    {
    case RP_PRECISION_FP32:
      return RP_PREC_BIT_FP32;
    case RP_PRECISION_AMP_FP16:
    case RP_PRECISION_FP16_MIXED:
      return RP_PREC_BIT_FP16;
    case RP_PRECISION_FP8_MIXED:
      return RP_PREC_BIT_FP8;
    case RP_PRECISION_AMP_BF16:
    case RP_PRECISION_BF16_MIXED:
    case RP_PRECISION_BF16_PURE:
    case RP_N_PRECISIONS:
    default:
      return RP_PREC_BIT_BF16;
    }
}

RpSupport
rp_gpu_precision_support (const RpGpu *gpu,
                          RpPrecision  precision)
{
  guint32 need;

  g_return_val_if_fail (gpu != NULL, RP_SUPPORT_UNKNOWN);

  need = precision_bit (precision);
  if ((gpu->lacks & need) != 0)
    return RP_SUPPORT_NO;
  if ((gpu->precisions & need) != 0 || rp_gpu_peak_tflops (gpu, precision) > 0)
    return RP_SUPPORT_YES;
  /* unknown is not "no": no source here says either way */
  return RP_SUPPORT_UNKNOWN;
}

gboolean
rp_gpu_supports_precision (const RpGpu *gpu,
                           RpPrecision  precision)
{
  g_return_val_if_fail (gpu != NULL, FALSE);

  return rp_gpu_precision_support (gpu, precision) == RP_SUPPORT_YES &&
         rp_gpu_peak_tflops (gpu, precision) > 0;
}

RpGpuField
rp_gpu_precision_field (RpPrecision precision)
{
  switch (precision_bit (precision))
    {
    case RP_PREC_BIT_FP32:
      return RP_GPU_FIELD_TFLOPS_FP32;
    case RP_PREC_BIT_FP16:
      return RP_GPU_FIELD_TFLOPS_FP16;
    case RP_PREC_BIT_FP8:
      return RP_GPU_FIELD_TFLOPS_FP8;
    case RP_PREC_BIT_BF16:
    default:
      return RP_GPU_FIELD_TFLOPS_BF16;
    }
}

const char *
rp_gpu_field_to_key (RpGpuField field)
{
  for (guint i = 0; i < RP_N_GPU_FIELDS; i++)
    if (field == 1u << i)
      return gpu_field_keys[i];
  g_return_val_if_reached (NULL);
}

const RpGpuDerivation *
rp_gpu_field_derivation (const RpGpu *gpu,
                         RpGpuField   field)
{
  g_return_val_if_fail (gpu != NULL, NULL);

  if ((gpu->derived & field) == 0)
    return NULL;
  for (guint i = 0; i < gpu->derivations->len; i++)
    {
      const RpGpuDerivation *d = g_ptr_array_index (gpu->derivations, i);

      if (d->applied && (d->fields & field) != 0)
        return d;
    }
  return NULL;
}

GPtrArray *
rp_catalog_gpu_offers (const RpCatalog *self,
                       const char      *gpu_id)
{
  g_return_val_if_fail (self != NULL, NULL);

  return gpu_id != NULL ? g_hash_table_lookup (self->offers_by_gpu, gpu_id) : NULL;
}

guint
rp_catalog_n_providers (const RpCatalog *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->providers.entries->len;
}

const RpProvider *
rp_catalog_get_provider (const RpCatalog *self,
                         guint            i)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (i < self->providers.entries->len, NULL);
  return g_ptr_array_index (self->providers.entries, i);
}

gboolean
rp_cloud_offer_provider_known (const RpCloudOffer *offer)
{
  g_return_val_if_fail (offer != NULL, FALSE);

  /* the user's own quote comes from a provider the user dealt with */
  return offer->user ||
         (offer->provider_info != NULL && offer->provider_info->standing == RP_STANDING_KNOWN);
}

guint
rp_cloud_offer_max_gpus_per_node (const RpCloudOffer *offer)
{
  g_return_val_if_fail (offer != NULL, 0);

  if (offer->billing == RP_BILLING_GPU)
    return offer->max_gpus_per_node;
  return offer->n_shapes > 0 ? offer->shapes[offer->n_shapes - 1]
                             : MAX (offer->gpus_per_instance, 1);
}

guint
rp_cloud_offer_billed_gpus (const RpCloudOffer *offer,
                            guint               gpus_per_node,
                            guint               nodes)
{
  guint max;

  g_return_val_if_fail (offer != NULL, 0);

  gpus_per_node = MAX (gpus_per_node, 1);
  nodes = MAX (nodes, 1);
  max = rp_cloud_offer_max_gpus_per_node (offer);
  if (max > 0 && gpus_per_node > max)
    return 0;
  if (offer->billing == RP_BILLING_GPU)
    return gpus_per_node * nodes;
  /* whole instances: per node the smallest that holds it */
  for (guint i = 0; i < offer->n_shapes; i++)
    if (offer->shapes[i] >= gpus_per_node)
      return offer->shapes[i] * nodes;
  return 0;
}

const char *
rp_billing_to_string (RpBilling v)
{
  g_return_val_if_fail ((guint) v < RP_N_BILLINGS, NULL);
  return billing_names[v];
}

guint64
rp_gpu_memory_bytes (const RpGpu *gpu)
{
  g_return_val_if_fail (gpu != NULL, 0);
  return (guint64) (gpu->memory_gib * 1024.0 * 1024.0 * 1024.0);
}

gboolean
rp_gpu_generation_is (const RpGpu *gpu,
                      RpGpuGen     gen)
{
  const char *name;

  g_return_val_if_fail (gpu != NULL, FALSE);

  /* resolved at load: no string to read */
  if (gpu->gen != RP_GPU_GEN_OTHER)
    return gpu->gen == gen;
  name = rp_gpu_gen_to_string (gen);
  return name != NULL && gpu->generation != NULL &&
         g_ascii_strcasecmp (gpu->generation, name) == 0;
}

gboolean
rp_gpu_link (const RpGpu *gpu,
             RpLink      *link)
{
  RpLink own;

  g_return_val_if_fail (gpu != NULL, FALSE);

  /* resolved at load: no string to read */
  if (gpu->link_state != 0)
    {
      if (gpu->link_state > 0 && link != NULL)
        *link = gpu->link;
      return gpu->link_state > 0;
    }
  if (gpu->interconnect == NULL || !rp_link_from_string (gpu->interconnect, &own))
    return FALSE;
  if (link != NULL)
    *link = own;
  return TRUE;
}

guint
rp_catalog_n_purchases (const RpCatalog *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->purchases.entries->len;
}

const RpPurchasePrice *
rp_catalog_get_purchase (const RpCatalog *self,
                         guint            i)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (i < self->purchases.entries->len, NULL);
  return g_ptr_array_index (self->purchases.entries, i);
}

const RpGpuIndex *
rp_catalog_gpu_index (const RpCatalog *self,
                      const RpGpu     *gpu)
{
  const RpGpuIndex *index;

  g_return_val_if_fail (self != NULL && gpu != NULL, NULL);

  index = gpu->index;
  return index != NULL && index->gpu == gpu && index->catalog == self &&
         index->stamp == self->stamp ? index : NULL;
}

const RpGpuMarket *
rp_catalog_gpu_market (const RpCatalog *self,
                       const RpGpu     *gpu)
{
  const RpGpuIndex *index = rp_catalog_gpu_index (self, gpu);

  return index != NULL ? index->market : rp_market_data_for_gpu (self->market, gpu->id);
}

const RpPurchasePrice *
rp_catalog_find_gpu_purchase (const RpCatalog *self,
                              const RpGpu     *gpu,
                              RpCondition      condition,
                              RpCurrency       preferred)
{
  const RpGpuIndex *index = rp_catalog_gpu_index (self, gpu);

  if (index == NULL)
    return rp_catalog_find_purchase (self, gpu->id, condition, preferred);
  g_return_val_if_fail ((guint) condition < RP_N_CONDITIONS, NULL);
  g_return_val_if_fail ((guint) preferred < RP_N_CURRENCIES, NULL);
  return index->purchases != NULL
         ? rp_purchases_find (index->purchases, gpu->id, condition, preferred) : NULL;
}

const RpPurchasePrice *
rp_catalog_find_purchase (const RpCatalog *self,
                          const char      *gpu_id,
                          RpCondition      condition,
                          RpCurrency       preferred)
{
  GPtrArray *prices;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (gpu_id != NULL, NULL);
  g_return_val_if_fail ((guint) condition < RP_N_CONDITIONS, NULL);
  g_return_val_if_fail ((guint) preferred < RP_N_CURRENCIES, NULL);
  prices = g_hash_table_lookup (self->purchases_by_gpu, gpu_id);
  /* the index holds only this GPU's prices, in catalog order */
  return prices != NULL ? rp_purchases_find (prices, gpu_id, condition, preferred) : NULL;
}

guint
rp_catalog_n_regions (const RpCatalog *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->regions.entries->len;
}

const RpRegion *
rp_catalog_get_region (const RpCatalog *self,
                       guint            i)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (i < self->regions.entries->len, NULL);
  return g_ptr_array_index (self->regions.entries, i);
}

const RpRegion *
rp_catalog_lookup_region (const RpCatalog *self,
                          const char      *id)
{
  g_return_val_if_fail (self != NULL, NULL);
  return entry_list_lookup_last (&self->regions, LAST_REGION, id);
}

const RpAccuracy *
rp_catalog_get_accuracy (const RpCatalog *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->accuracy;
}

const RpMfuParams *
rp_catalog_get_mfu (const RpCatalog *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->mfu;
}

const RpPricing *
rp_catalog_get_pricing (const RpCatalog *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->pricing;
}

const char *
rp_link_scope_to_string (RpLinkScope v)
{
  g_return_val_if_fail ((guint) v < RP_N_LINK_SCOPES, NULL);
  return link_scope_names[v];
}

RpMarketData *
rp_catalog_get_market_data (const RpCatalog *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->market;
}

RpChecklistData *
rp_catalog_get_checklist_data (const RpCatalog *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->checklist;
}

RpCalibrations *
rp_catalog_get_calibrations (const RpCatalog *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->calibrations;
}

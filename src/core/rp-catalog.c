/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-catalog.c: loading and looking up GPUs, cloud offers and models */

#include "config.h"

#include "rp-catalog.h"

#include "rp-catalog-private.h"
#include "rp-error.h"
#include "rp-json-private.h"
#include "rp-mfu-private.h"
#include "rp-model.h"
#include "rp-model-private.h"
#include "rp-pricing-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* A catalog file may not be larger than this: they are a few hundred KiB. */
static const gsize max_catalog_file_bytes = 16 * 1024 * 1024;
/* A memory size beyond this (GiB) is surely a typo. */
static const double max_memory_gib = 65536;

struct _RpCatalog
{
  gatomicrefcount  ref_count;
  GPtrArray       *gpus;       /* RpGpu*, owned */
  GPtrArray       *clouds;     /* RpCloudOffer*, owned */
  GPtrArray       *models;     /* RpModelPreset*, owned */
  GPtrArray       *purchases;  /* RpPurchasePrice*, owned */
  GPtrArray       *regions;    /* RpRegion*, owned */
  /* id → position + 1 in the array above; keys borrowed from the entries,
   * so that a lookup in a catalog of 20,000 GPUs is not a linear scan */
  GHashTable      *gpu_pos;
  GHashTable      *cloud_pos;
  GHashTable      *model_pos;
  GHashTable      *purchase_pos;
  GHashTable      *region_pos;
  RpMfuParams     *mfu;        /* owned, may be NULL; the last file read wins */
  RpPricing       *pricing;    /* owned, may be NULL; later files override keys */
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
  g_strfreev (gpu->aliases);
  g_free (gpu);
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

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpGpu, gpu_free)
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
} EntryKind;

static gboolean
stack_from_string (const char *s,
                   gpointer    out)
{
  static const char *const names[] = { "cuda", "rocm", "synapse", "cann" };

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

gboolean
rp_catalog_read_id (const cJSON *item,
                    const char  *path,
                    char       **out,
                    GError     **error)
{
  if (!rp_json_read_string (item, path, "id", TRUE, out, error))
    return FALSE;
  for (const char *p = *out; *p != '\0'; p++)
    if (!(g_ascii_islower (*p) || g_ascii_isdigit (*p) || *p == '-' || *p == '.' || *p == '_'))
      {
        g_autofree char *where = rp_json_join_path (path, "id");
        rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where,
                          _("“%s” may hold only a–z, 0–9, “-”, “_” and “.”"), *out);
        return FALSE;
      }
  if (**out == '\0')
    {
      g_autofree char *where = rp_json_join_path (path, "id");
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where, _("must not be empty"));
      return FALSE;
    }
  return TRUE;
}

gboolean
rp_catalog_read_provenance (const cJSON *item,
                            const char  *path,
                            char       **source,
                            char       **as_of,
                            char       **notes,
                            GError     **error)
{
  return rp_json_read_string (item, path, "source", TRUE, source, error) &&
         rp_json_read_string (item, path, "as_of", TRUE, as_of, error) &&
         rp_json_read_string (item, path, "notes", FALSE, notes, error);
}

static gboolean
read_precisions (const cJSON *item,
                 const char  *path,
                 guint32     *out,
                 GError     **error)
{
  static const char *const names[] = { "fp32", "tf32", "fp16", "bf16", "fp8" };
  const cJSON *list = cJSON_GetObjectItemCaseSensitive (item, "precisions");
  const cJSON *p;
  guint i = 0;

  *out = 0;
  if (list == NULL)
    return TRUE;
  if (!cJSON_IsArray (list))
    {
      g_autofree char *where = rp_json_join_path (path, "precisions");
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where, _("expected a list"));
      return FALSE;
    }
  cJSON_ArrayForEach (p, list)
    {
      gboolean known = FALSE;

      for (guint b = 0; b < G_N_ELEMENTS (names); b++)
        if (cJSON_IsString (p) && g_strcmp0 (p->valuestring, names[b]) == 0)
          {
            *out |= 1u << b;
            known = TRUE;
          }
      if (!known)
        {
          g_autofree char *where = g_strdup_printf ("%s.precisions[%u]", path, i);
          rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where,
                            _("expected one of fp32, tf32, fp16, bf16, fp8"));
          return FALSE;
        }
      i++;
    }
  return TRUE;
}

/* "aliases": a list of non-empty strings; an empty list when absent. */
static gboolean
read_aliases (const cJSON *item,
              const char  *path,
              char      ***out,
              GError     **error)
{
  const cJSON *list = cJSON_GetObjectItemCaseSensitive (item, "aliases");
  g_autoptr(GStrvBuilder) words = g_strv_builder_new ();
  const cJSON *word;

  if (list != NULL && !cJSON_IsNull (list) && !cJSON_IsArray (list))
    {
      g_autofree char *where = rp_json_join_path (path, "aliases");
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where, _("expected a list"));
      return FALSE;
    }
  if (!cJSON_IsArray (list))
    list = NULL;
  cJSON_ArrayForEach (word, list)
    {
      if (!cJSON_IsString (word) || *word->valuestring == '\0')
        {
          g_autofree char *where = rp_json_join_path (path, "aliases");
          rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where,
                            _("expected a list of words"));
          return FALSE;
        }
      g_strv_builder_add (words, word->valuestring);
    }
  *out = g_strv_builder_end (words);
  return TRUE;
}

/* A throughput figure is needed for the precisions the entry claims; a
 * GPU no source gives a figure for lists none and is only displayed. */
static gboolean
check_throughput (const RpGpu *gpu,
                  const char  *tflops_path,
                  GError     **error)
{
  if (gpu->precisions == 0 ||
      gpu->tflops_fp32 + gpu->tflops_tf32 + gpu->tflops_fp16 + gpu->tflops_bf16 +
      gpu->tflops_fp8 > 0)
    return TRUE;
  rp_error_set_key (error, RP_ERROR_INVALID_VALUE, tflops_path,
                    _("at least one throughput figure is needed"));
  return FALSE;
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
      !read_precisions (item, path, &gpu->precisions, error) ||
      !rp_json_read_number (item, path, "tdp_w", FALSE, 0, 1e5, &gpu->tdp_w, error) ||
      !rp_json_read_string (item, path, "interconnect", FALSE, &gpu->interconnect, error) ||
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
      !rp_json_read_object (item, path, "stack", FALSE, &stack, error) ||
      !rp_catalog_read_provenance (item, path, &gpu->source, &gpu->as_of, &gpu->notes,
                                   error) ||
      !rp_json_read_string (item, path, "source_kind", FALSE, &gpu->source_kind, error) ||
      !read_aliases (item, path, &gpu->aliases, error))
    return FALSE;
  if (stack != NULL &&
      (!rp_json_read_enum (stack, stack_path, "kind", TRUE, stack_from_string,
                           "cuda, rocm, synapse, cann", &gpu->stack, error) ||
       !rp_json_read_string (stack, stack_path, "compute_capability", FALSE,
                             &gpu->compute_capability, error) ||
       !rp_json_read_string (stack, stack_path, "min_version", FALSE,
                             &gpu->min_stack_version, error)))
    return FALSE;
  gpu->pcie_gen = (guint) pcie_gen;
  if (!check_throughput (gpu, tflops_path, error))
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
         rp_json_read_number (item, path, "disk_gb", FALSE, 0, 1e9, &offer->disk_gb, error);
}

static gboolean
read_offer_prices (const cJSON  *prices,
                   const char   *prices_path,
                   RpCloudOffer *offer,
                   GError      **error)
{
  static const char *const price_keys[RP_N_RENT_KINDS] = {
    "on_demand", "reserved_1y", "reserved_3y", "spot", "daily", "monthly",
  };
  double any = 0;

  for (guint k = 0; k < RP_N_RENT_KINDS; k++)
    {
      if (!rp_json_read_number (prices, prices_path, price_keys[k], FALSE, 0, 1e6,
                                &offer->per_gpu_hour[k], error))
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

static void
add_or_replace (GPtrArray      *entries,
                GHashTable     *positions,
                gpointer        entry,
                GDestroyNotify  free_entry)
{
  char *id = *(char **) entry;   /* every entry type starts with its id */
  guint pos = GPOINTER_TO_UINT (g_hash_table_lookup (positions, id));

  if (pos > 0)
    {
      /* Swap in place so the order of the bundled catalog is kept.  The
       * key is borrowed from the old entry: the table takes the new
       * entry's before the old one is freed (replace compares them). */
      g_hash_table_replace (positions, id, GUINT_TO_POINTER (pos));
      free_entry (entries->pdata[pos - 1]);
      entries->pdata[pos - 1] = entry;
      return;
    }
  g_ptr_array_add (entries, entry);
  g_hash_table_insert (positions, id, GUINT_TO_POINTER (entries->len));
}

static gboolean
read_entries (GPtrArray       *entries,
              GHashTable      *positions,
              const cJSON     *root,
              const EntryKind *kind,
              GError         **error)
{
  const char *key = kind->key;
  const cJSON *list = cJSON_GetObjectItemCaseSensitive (root, key);
  const cJSON *item;
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
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
      if (!g_hash_table_add (seen, g_strdup (*(char **) entry)))
        {
          g_autofree char *where = rp_json_join_path (path, "id");

          rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where,
                            _("“%s” appears twice in this file"), *(char **) entry);
          kind->free_entry (entry);
          return FALSE;
        }
      add_or_replace (entries, positions, entry, kind->free_entry);
    }
  return TRUE;
}

static gboolean
load_root (RpCatalog   *self,
           const cJSON *root,
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
  static const EntryKind gpus = { "gpus", read_gpu, gpu_free };
  static const EntryKind clouds = { "offers", read_cloud, cloud_free };
  static const EntryKind models = { "models", read_model, model_free };
  static const EntryKind purchases = { "prices", rp_purchase_read, rp_purchase_free };
  static const EntryKind regions = { "regions", rp_region_read, rp_region_free };

  if (strcmp (format, "rigplan-gpus") == 0)
    return read_entries (self->gpus, self->gpu_pos, root, &gpus, error);
  if (strcmp (format, "rigplan-clouds") == 0)
    return read_entries (self->clouds, self->cloud_pos, root, &clouds, error);
  if (strcmp (format, "rigplan-models") == 0)
    return read_entries (self->models, self->model_pos, root, &models, error);
  if (strcmp (format, "rigplan-purchases") == 0)
    return read_entries (self->purchases, self->purchase_pos, root, &purchases, error);
  if (strcmp (format, "rigplan-regions") == 0)
    return read_entries (self->regions, self->region_pos, root, &regions, error);
  if (strcmp (format, "rigplan-mfu") == 0)
    {
      RpMfuParams *mfu = rp_mfu_params_load (root, error);
      if (mfu == NULL)
        return FALSE;
      g_clear_pointer (&self->mfu, rp_mfu_params_free);
      self->mfu = mfu;
      return TRUE;
    }
  if (strcmp (format, "rigplan-pricing") == 0)
    {
      if (self->pricing == NULL)
        self->pricing = rp_pricing_new ();
      return rp_pricing_load_json (self->pricing, root, error);
    }
  if (g_str_has_prefix (format, "rigplan-"))
    return TRUE;   /* another data file (mfu, …) read by its own loader */
  rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "format",
                    _("“%s” is not a Rigplan catalog"), format);
  return FALSE;
}

static gboolean
check_references (RpCatalog *self,
                  GError   **error)
{
  for (guint i = 0; i < self->clouds->len; i++)
    {
      const RpCloudOffer *offer = g_ptr_array_index (self->clouds, i);

      if (rp_catalog_lookup_gpu (self, offer->gpu) == NULL)
        {
          g_set_error (error, RP_ERROR, RP_ERROR_UNKNOWN_GPU,
                       _("offer “%s”: gpu “%s” is in no GPU catalog"), offer->id, offer->gpu);
          return FALSE;
        }
    }
  for (guint i = 0; i < self->purchases->len; i++)
    {
      const RpPurchasePrice *price = g_ptr_array_index (self->purchases, i);

      if (rp_catalog_lookup_gpu (self, price->gpu) == NULL)
        {
          g_set_error (error, RP_ERROR, RP_ERROR_UNKNOWN_GPU,
                       _("price “%s”: gpu “%s” is in no GPU catalog"), price->id, price->gpu);
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

static gconstpointer
lookup (GPtrArray  *entries,
        GHashTable *positions,
        const char *id)
{
  guint pos;

  if (id == NULL)
    return NULL;
  pos = GPOINTER_TO_UINT (g_hash_table_lookup (positions, id));
  return pos > 0 ? g_ptr_array_index (entries, pos - 1) : NULL;
}

/* ---- public API ----------------------------------------------------- */

RpCatalog *
rp_catalog_new_empty (void)
{
  RpCatalog *self = g_new0 (RpCatalog, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->gpus = g_ptr_array_new_with_free_func (gpu_free);
  self->clouds = g_ptr_array_new_with_free_func (cloud_free);
  self->models = g_ptr_array_new_with_free_func (model_free);
  self->purchases = g_ptr_array_new_with_free_func (rp_purchase_free);
  self->regions = g_ptr_array_new_with_free_func (rp_region_free);
  self->gpu_pos = g_hash_table_new (g_str_hash, g_str_equal);
  self->cloud_pos = g_hash_table_new (g_str_hash, g_str_equal);
  self->model_pos = g_hash_table_new (g_str_hash, g_str_equal);
  self->purchase_pos = g_hash_table_new (g_str_hash, g_str_equal);
  self->region_pos = g_hash_table_new (g_str_hash, g_str_equal);
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
  g_ptr_array_unref (self->gpus);
  g_ptr_array_unref (self->clouds);
  g_ptr_array_unref (self->models);
  g_ptr_array_unref (self->purchases);
  g_ptr_array_unref (self->regions);
  g_hash_table_unref (self->gpu_pos);
  g_hash_table_unref (self->cloud_pos);
  g_hash_table_unref (self->model_pos);
  g_hash_table_unref (self->purchase_pos);
  g_hash_table_unref (self->region_pos);
  g_clear_pointer (&self->mfu, rp_mfu_params_free);
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
  if (root == NULL || !load_root (self, root, error))
    {
      g_prefix_error (error, "%s: ", name);
      return FALSE;
    }
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
  if (root == NULL || !load_root (self, root, error))
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  return TRUE;
}

/* Every *.json in @dir, in name order, so that overrides between user
 * files are predictable; a missing directory adds nothing. */
static gboolean
load_user_dir (RpCatalog  *self,
               const char *dir,
               GError    **error)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (d == NULL)
    return TRUE;
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".json"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir, g_ptr_array_index (names, i), NULL);
      if (!rp_catalog_load_file (self, path, error))
        return FALSE;
    }
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
    "mfu.json", "pricing.json", "purchases.json", "regions.json",
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

  if (!(required ? load_bundled_dir (self, dir, error) : load_user_dir (self, dir, error)))
    return FALSE;
  return check_references (self, error);
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
rp_catalog_load_default (GError **error)
{
  g_autoptr(RpCatalog) self = rp_catalog_new_empty ();
  g_autofree char *user_dir = NULL;
  const char *user_env = g_getenv ("RIGPLAN_USER_DATADIR");

  if (!rp_catalog_load_dir (self, rp_catalog_default_dir (), TRUE, error))
    return NULL;
  if (user_env != NULL && *user_env != '\0')
    user_dir = g_strdup (user_env);
  else
    user_dir = g_build_filename (g_get_user_data_dir (), "rigplan", NULL);
  if (!rp_catalog_load_dir (self, user_dir, FALSE, error))
    return NULL;
  return g_steal_pointer (&self);
}

guint
rp_catalog_n_gpus (const RpCatalog *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->gpus->len;
}

const RpGpu *
rp_catalog_get_gpu (const RpCatalog *self,
                    guint            i)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (i < self->gpus->len, NULL);
  return g_ptr_array_index (self->gpus, i);
}

const RpGpu *
rp_catalog_lookup_gpu (const RpCatalog *self,
                       const char      *id)
{
  g_return_val_if_fail (self != NULL, NULL);
  return lookup (self->gpus, self->gpu_pos, id);
}

guint
rp_catalog_n_clouds (const RpCatalog *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->clouds->len;
}

const RpCloudOffer *
rp_catalog_get_cloud (const RpCatalog *self,
                      guint            i)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (i < self->clouds->len, NULL);
  return g_ptr_array_index (self->clouds, i);
}

const RpCloudOffer *
rp_catalog_lookup_cloud (const RpCatalog *self,
                         const char      *id)
{
  g_return_val_if_fail (self != NULL, NULL);
  return lookup (self->clouds, self->cloud_pos, id);
}

guint
rp_catalog_n_models (const RpCatalog *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->models->len;
}

const RpModelPreset *
rp_catalog_get_model (const RpCatalog *self,
                      guint            i)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (i < self->models->len, NULL);
  return g_ptr_array_index (self->models, i);
}

const RpModelPreset *
rp_catalog_lookup_model (const RpCatalog *self,
                         const char      *id)
{
  g_return_val_if_fail (self != NULL, NULL);
  return lookup (self->models, self->model_pos, id);
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

gboolean
rp_gpu_supports_precision (const RpGpu *gpu,
                           RpPrecision  precision)
{
  guint32 need;

  g_return_val_if_fail (gpu != NULL, FALSE);

  switch (precision)
    {
    case RP_PRECISION_FP32:
      need = RP_PREC_BIT_FP32;
      break;
    case RP_PRECISION_AMP_FP16:
    case RP_PRECISION_FP16_MIXED:
      need = RP_PREC_BIT_FP16;
      break;
    case RP_PRECISION_FP8_MIXED:
      need = RP_PREC_BIT_FP8;
      break;
    case RP_PRECISION_AMP_BF16:
    case RP_PRECISION_BF16_MIXED:
    case RP_PRECISION_BF16_PURE:
    case RP_N_PRECISIONS:
    default:
      need = RP_PREC_BIT_BF16;
      break;
    }
  /* A catalog entry without a list: trust the throughput figures. */
  if (gpu->precisions == 0)
    return rp_gpu_peak_tflops (gpu, precision) > 0;
  return (gpu->precisions & need) != 0;
}

guint64
rp_gpu_memory_bytes (const RpGpu *gpu)
{
  g_return_val_if_fail (gpu != NULL, 0);
  return (guint64) (gpu->memory_gib * 1024.0 * 1024.0 * 1024.0);
}

guint
rp_catalog_n_purchases (const RpCatalog *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->purchases->len;
}

const RpPurchasePrice *
rp_catalog_get_purchase (const RpCatalog *self,
                         guint            i)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (i < self->purchases->len, NULL);
  return g_ptr_array_index (self->purchases, i);
}

const RpPurchasePrice *
rp_catalog_find_purchase (const RpCatalog *self,
                          const char      *gpu_id,
                          RpCondition      condition,
                          RpCurrency       preferred)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (gpu_id != NULL, NULL);
  g_return_val_if_fail ((guint) condition < RP_N_CONDITIONS, NULL);
  g_return_val_if_fail ((guint) preferred < RP_N_CURRENCIES, NULL);
  return rp_purchases_find (self->purchases, gpu_id, condition, preferred);
}

guint
rp_catalog_n_regions (const RpCatalog *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->regions->len;
}

const RpRegion *
rp_catalog_get_region (const RpCatalog *self,
                       guint            i)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (i < self->regions->len, NULL);
  return g_ptr_array_index (self->regions, i);
}

const RpRegion *
rp_catalog_lookup_region (const RpCatalog *self,
                          const char      *id)
{
  g_return_val_if_fail (self != NULL, NULL);
  return lookup (self->regions, self->region_pos, id);
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

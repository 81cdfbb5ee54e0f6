/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-checklist-data.c: reading checklist.json (software stacks, mains,
 * noise, the backup rule and its storage prices) */

#include "config.h"

#include "rp-checklist-private.h"

#include "rp-age.h"
#include "rp-error.h"
#include "rp-json-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>

/* A voltage, a current or a share beyond these is a typo. */
static const double max_volts = 1000;
static const double max_amps = 1000;

/* ---- entry lifetimes ------------------------------------------------ */

static void
driver_free (gpointer data)
{
  RpDriverRow *row = data;

  g_free (row->cuda);
  g_free (row->linux_driver);
  g_free (row);
}

static void
software_free (gpointer data)
{
  RpSoftware *s = data;

  g_free (s->id);
  g_free (s->generation);
  g_strfreev (s->compute_capabilities);
  g_free (s->toolkit);
  g_free (s->toolkit_min);
  g_free (s->toolkit_dropped);
  g_free (s->framework);
  g_free (s->framework_min);
  g_free (s->wheels_min);
  g_free (s->wheels_max);
  g_free (s->pair_toolkit);
  g_free (s->pair_framework);
  g_strfreev (s->attention);
  g_strfreev (s->low_precision);
  for (guint i = 0; i < s->n_forks; i++)
    g_free (s->forks[i].fork_of);
  g_free (s->forks);
  g_free (s->source);
  g_free (s->source_kind);
  g_free (s->as_of);
  g_free (s->notes);
  g_free (s);
}

static void
mains_free (gpointer data)
{
  RpMains *m = data;

  g_free (m->id);
  g_strfreev (m->countries);
  g_free (m->source);
  g_free (m->source_kind);
  g_free (m->as_of);
  g_free (m->notes);
  g_free (m);
}

static void
noise_free (gpointer data)
{
  RpNoise *n = data;

  g_free (n->source);
  g_free (n->source_kind);
  g_free (n->as_of);
  g_free (n->notes);
  g_free (n);
}

static void
storage_price_free (gpointer data)
{
  RpStoragePrice *p = data;

  g_free (p->market);
  g_free (p->provider);
  g_free (p->source);
  g_free (p->source_kind);
  g_free (p->as_of);
  g_free (p->notes);
  g_free (p);
}

static void
backup_free (gpointer data)
{
  RpBackupRule *b = data;

  g_free (b->rule);
  g_free (b->source);
  g_free (b->source_kind);
  g_free (b->as_of);
  g_clear_pointer (&b->prices, g_ptr_array_unref);
  g_free (b);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpSoftware, software_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpMains, mains_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpNoise, noise_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpStoragePrice, storage_price_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpBackupRule, backup_free)

/* ---- helpers: reading ----------------------------------------------- */

static gboolean
fail_at (GError    **error,
         const char *path,
         const char *key,
         const char *message)
{
  g_autofree char *where = rp_json_join_path (path, key);

  rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where, "%s", message);
  return FALSE;
}

/* A list of non-empty strings; empty when absent. */
static gboolean
read_provenance (const cJSON *item,
                 const char  *path,
                 char       **source,
                 char       **source_kind,
                 char       **as_of,
                 char       **notes,
                 GError     **error)
{
  g_autoptr(GDate) day = g_date_new_dmy (1, G_DATE_JANUARY, 2000);
  double months = 0;

  if (!rp_json_read_string (item, path, "source", TRUE, source, error) ||
      !rp_json_read_string (item, path, "source_kind", FALSE, source_kind, error) ||
      !rp_json_read_string (item, path, "as_of", TRUE, as_of, error) ||
      (notes != NULL && !rp_json_read_string (item, path, "notes", FALSE, notes, error)))
    return FALSE;
  if (!rp_as_of_months (*as_of, day, &months))
    return fail_at (error, path, "as_of", _("expected a date: YYYY, YYYY-MM or YYYY-MM-DD"));
  return TRUE;
}

/* Calls @read for each object of the list @key, with its path. */
typedef gboolean (*ReadItem) (const cJSON *item,
                              const char  *path,
                              GPtrArray   *out,
                              GError     **error);

static gboolean
read_list (const cJSON *root,
           const char  *key,
           ReadItem     read,
           GPtrArray   *out,
           GError     **error)
{
  const cJSON *list = cJSON_GetObjectItemCaseSensitive (root, key);
  const cJSON *item;
  guint i = 0;

  if (list == NULL || cJSON_IsNull (list))
    return TRUE;
  if (!cJSON_IsArray (list))
    return fail_at (error, "", key, _("expected a list"));
  cJSON_ArrayForEach (item, list)
    {
      g_autofree char *path = g_strdup_printf ("%s[%u]", key, i++);

      if (!cJSON_IsObject (item))
        return fail_at (error, path, "", _("expected an object"));
      if (!read (item, path, out, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
framework_parse (const char *s,
                 gpointer    out)
{
  return rp_framework_from_string (s, out);
}

static gboolean
read_forks (const cJSON *item,
            const char  *path,
            RpSoftware  *s,
            GError     **error)
{
  const cJSON *list = cJSON_GetObjectItemCaseSensitive (item, "frameworks");
  const cJSON *f;
  guint i = 0;

  if (list == NULL || cJSON_IsNull (list))
    return TRUE;
  if (!cJSON_IsArray (list))
    return fail_at (error, path, "frameworks", _("expected a list"));
  s->forks = g_new0 (RpFrameworkFork, cJSON_GetArraySize (list));
  cJSON_ArrayForEach (f, list)
    {
      g_autofree char *at = g_strdup_printf ("%s.frameworks[%u]", path, i++);
      RpFrameworkFork *fork = &s->forks[s->n_forks++];

      if (!cJSON_IsObject (f))
        return fail_at (error, at, "", _("expected an object"));
      if (!rp_json_read_enum (f, at, "framework", TRUE, framework_parse,
                              "custom, pytorch, pytorch-fsdp, deepspeed, megatron, hf-trainer, "
                              "torchtune",
                              &fork->framework, error) ||
          !rp_json_read_string (f, at, "fork_of", TRUE, &fork->fork_of, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_software (const cJSON *item,
               const char  *path,
               GPtrArray   *out,
               GError     **error)
{
  g_autoptr(RpSoftware) s = g_new0 (RpSoftware, 1);
  const cJSON *pair = cJSON_GetObjectItemCaseSensitive (item, "known_pair");

  if (!rp_json_read_string (item, path, "id", TRUE, &s->id, error) ||
      !rp_json_read_string (item, path, "generation", TRUE, &s->generation, error) ||
      !rp_json_read_words (item, path, "compute_capabilities", FALSE,
                           &s->compute_capabilities, error) ||
      !rp_json_read_string (item, path, "toolkit", TRUE, &s->toolkit, error) ||
      !rp_json_read_string (item, path, "toolkit_min", FALSE, &s->toolkit_min, error) ||
      !rp_json_read_string (item, path, "toolkit_dropped", FALSE, &s->toolkit_dropped, error) ||
      !rp_json_read_string (item, path, "framework", TRUE, &s->framework, error) ||
      !rp_json_read_string (item, path, "framework_min", FALSE, &s->framework_min, error) ||
      !rp_json_read_string (item, path, "wheels_min", FALSE, &s->wheels_min, error) ||
      !rp_json_read_string (item, path, "wheels_max", FALSE, &s->wheels_max, error) ||
      !rp_json_read_words (item, path, "attention", FALSE, &s->attention, error) ||
      !rp_json_read_words (item, path, "low_precision", FALSE, &s->low_precision, error) ||
      !read_forks (item, path, s, error) ||
      !read_provenance (item, path, &s->source, &s->source_kind, &s->as_of, &s->notes, error))
    return FALSE;
  if (pair != NULL && !cJSON_IsNull (pair))
    {
      g_autofree char *at = rp_json_join_path (path, "known_pair");

      if (!cJSON_IsObject (pair))
        return fail_at (error, path, "known_pair", _("expected an object"));
      if (!rp_json_read_string (pair, at, "toolkit", TRUE, &s->pair_toolkit, error) ||
          !rp_json_read_string (pair, at, "framework", TRUE, &s->pair_framework, error))
        return FALSE;
    }
  g_ptr_array_add (out, g_steal_pointer (&s));
  return TRUE;
}

static gboolean
read_mains (const cJSON *item,
            const char  *path,
            GPtrArray   *out,
            GError     **error)
{
  g_autoptr(RpMains) m = g_new0 (RpMains, 1);

  m->continuous_pct = 100;
  if (!rp_json_read_string (item, path, "id", TRUE, &m->id, error) ||
      !rp_json_read_words (item, path, "countries", FALSE, &m->countries, error) ||
      !rp_json_read_bool (item, path, "default", FALSE, &m->is_default, error) ||
      !rp_json_read_number (item, path, "volts", TRUE, 1, max_volts, &m->volts, error) ||
      !rp_json_read_number (item, path, "circuit_amps", TRUE, 1, max_amps, &m->circuit_amps,
                            error) ||
      !rp_json_read_number (item, path, "continuous_pct", FALSE, 1, 100, &m->continuous_pct,
                            error) ||
      !read_provenance (item, path, &m->source, &m->source_kind, &m->as_of, &m->notes, error))
    return FALSE;
  if (!m->is_default && m->countries[0] == NULL)
    return fail_at (error, path, "countries", _("must not be empty"));
  g_ptr_array_add (out, g_steal_pointer (&m));
  return TRUE;
}

static gboolean
shape_parse (const char *s,
             gpointer    out)
{
  for (guint i = 0; i < RP_N_SHAPE_KINDS; i++)
    if (g_strcmp0 (s, rp_shape_kind_to_string (i)) == 0)
      {
        *(RpShapeKind *) out = i;
        return TRUE;
      }
  return FALSE;
}

static gboolean
noise_parse (const char *s,
             gpointer    out)
{
  for (guint i = RP_NOISE_OFFICE; i < RP_N_NOISES; i++)
    if (g_strcmp0 (s, rp_noise_class_to_string (i)) == 0)
      {
        *(RpNoiseClass *) out = i;
        return TRUE;
      }
  return FALSE;
}

static gboolean
read_noise (const cJSON *item,
            const char  *path,
            GPtrArray   *out,
            GError     **error)
{
  g_autoptr(RpNoise) n = g_new0 (RpNoise, 1);

  n->dba = NAN;
  if (!rp_json_read_enum (item, path, "shape", TRUE, shape_parse,
                          "workstation, server, baseboard, rack", &n->shape, error) ||
      !rp_json_read_enum (item, path, "class", TRUE, noise_parse,
                          "office, server-room, datacenter", &n->noise, error) ||
      !rp_json_read_number (item, path, "dba", FALSE, 0, 200, &n->dba, error) ||
      !read_provenance (item, path, &n->source, &n->source_kind, &n->as_of, &n->notes, error))
    return FALSE;
  g_ptr_array_add (out, g_steal_pointer (&n));
  return TRUE;
}

static gboolean
read_storage_price (const cJSON *item,
                    const char  *path,
                    GPtrArray   *out,
                    GError     **error)
{
  g_autoptr(RpStoragePrice) p = g_new0 (RpStoragePrice, 1);

  if (!rp_json_read_string (item, path, "market", TRUE, &p->market, error) ||
      !rp_json_read_string (item, path, "provider", TRUE, &p->provider, error) ||
      !rp_json_read_enum (item, path, "currency", TRUE,
                          (RpJsonEnumParser) rp_currency_from_string, "USD, CNY",
                          &p->currency, error) ||
      !rp_json_read_number (item, path, "storage_gb_month", TRUE, 0, 1000,
                            &p->storage_gb_month, error) ||
      !rp_json_read_number (item, path, "egress_gb", TRUE, 0, 1000, &p->egress_gb, error) ||
      !read_provenance (item, path, &p->source, &p->source_kind, &p->as_of, &p->notes, error))
    return FALSE;
  g_ptr_array_add (out, g_steal_pointer (&p));
  return TRUE;
}

static gboolean
read_backup (const cJSON *root,
             GPtrArray   *out,
             GError     **error)
{
  const cJSON *item = cJSON_GetObjectItemCaseSensitive (root, "backup");
  g_autoptr(RpBackupRule) b = NULL;
  const char *path = "backup";

  if (item == NULL || cJSON_IsNull (item))
    return TRUE;
  if (!cJSON_IsObject (item))
    return fail_at (error, "", "backup", _("expected an object"));
  b = g_new0 (RpBackupRule, 1);
  b->prices = g_ptr_array_new_with_free_func (storage_price_free);
  if (!rp_json_read_string (item, path, "rule", TRUE, &b->rule, error) ||
      !rp_json_read_uint (item, path, "copies", TRUE, 1, 100, &b->copies, error) ||
      !rp_json_read_uint (item, path, "media", TRUE, 1, 100, &b->media, error) ||
      !rp_json_read_uint (item, path, "offsite", TRUE, 0, 100, &b->offsite, error) ||
      !read_provenance (item, path, &b->source, &b->source_kind, &b->as_of, NULL, error) ||
      !read_list (item, "prices", read_storage_price, b->prices, error))
    {
      g_prefix_error (error, "backup.");
      return FALSE;
    }
  g_ptr_array_add (out, g_steal_pointer (&b));
  return TRUE;
}

static gboolean
read_drivers (const cJSON *root,
              GPtrArray   *out,
              GError     **error)
{
  const cJSON *item = cJSON_GetObjectItemCaseSensitive (root, "drivers");
  g_autofree char *source = NULL, *kind = NULL, *as_of = NULL, *notes = NULL;
  const cJSON *rows, *row;
  guint i = 0;

  if (item == NULL || cJSON_IsNull (item))
    return TRUE;
  if (!cJSON_IsObject (item))
    return fail_at (error, "", "drivers", _("expected an object"));
  if (!read_provenance (item, "drivers", &source, &kind, &as_of, &notes, error))
    return FALSE;
  rows = cJSON_GetObjectItemCaseSensitive (item, "rows");
  if (!cJSON_IsArray (rows))
    return fail_at (error, "drivers", "rows", _("expected a list"));
  cJSON_ArrayForEach (row, rows)
    {
      g_autofree char *at = g_strdup_printf ("drivers.rows[%u]", i++);
      RpDriverRow *d = g_new0 (RpDriverRow, 1);

      g_ptr_array_add (out, d);
      if (!cJSON_IsObject (row))
        return fail_at (error, at, "", _("expected an object"));
      if (!rp_json_read_string (row, at, "cuda", TRUE, &d->cuda, error) ||
          !rp_json_read_string (row, at, "linux_driver", TRUE, &d->linux_driver, error))
        return FALSE;
    }
  return TRUE;
}

/* ---- public API: the catalog's hook --------------------------------- */

RpChecklistData *
rp_checklist_data_new (void)
{
  RpChecklistData *data = g_new0 (RpChecklistData, 1);

  data->drivers = g_ptr_array_new_with_free_func (driver_free);
  data->software = g_ptr_array_new_with_free_func (software_free);
  data->mains = g_ptr_array_new_with_free_func (mains_free);
  data->noise = g_ptr_array_new_with_free_func (noise_free);
  data->backups = g_ptr_array_new_with_free_func (backup_free);
  data->software_by_gpu = g_hash_table_new (g_direct_hash, g_direct_equal);
  return data;
}

void
rp_checklist_data_free (RpChecklistData *data)
{
  if (data == NULL)
    return;
  g_ptr_array_unref (data->drivers);
  g_ptr_array_unref (data->software);
  g_ptr_array_unref (data->mains);
  g_ptr_array_unref (data->noise);
  g_ptr_array_unref (data->backups);
  g_hash_table_unref (data->software_by_gpu);
  g_free (data);
}

const RpSoftware *
rp_checklist_data_find_software (const RpChecklistData *data,
                                 const RpGpu           *gpu)
{
  g_return_val_if_fail (data != NULL && gpu != NULL, NULL);

  if (gpu->generation == NULL)
    return NULL;
  for (guint i = data->software->len; i-- > 0;)
    {
      const RpSoftware *s = g_ptr_array_index (data->software, i);

      if (g_strcmp0 (s->generation, gpu->generation) != 0)
        continue;
      if (s->compute_capabilities[0] == NULL ||
          (gpu->compute_capability != NULL &&
           g_strv_contains ((const char * const *) s->compute_capabilities,
                            gpu->compute_capability)))
        return s;
    }
  return NULL;
}

void
rp_checklist_data_index (RpChecklistData *data,
                         GPtrArray       *gpus)
{
  g_return_if_fail (data != NULL && gpus != NULL);

  g_hash_table_remove_all (data->software_by_gpu);
  for (guint i = 0; i < gpus->len; i++)
    {
      const RpGpu *gpu = g_ptr_array_index (gpus, i);

      g_hash_table_insert (data->software_by_gpu, (gpointer) gpu,
                           (gpointer) rp_checklist_data_find_software (data, gpu));
    }
}

gboolean
rp_checklist_data_handles (const char *format)
{
  return g_strcmp0 (format, "rigplan-checklist") == 0;
}

gboolean
rp_checklist_data_load (RpChecklistData *data,
                        const cJSON     *root,
                        GError         **error)
{
  g_autoptr(GPtrArray) drivers = g_ptr_array_new_with_free_func (driver_free);
  g_autoptr(GPtrArray) software = g_ptr_array_new_with_free_func (software_free);
  g_autoptr(GPtrArray) mains = g_ptr_array_new_with_free_func (mains_free);
  g_autoptr(GPtrArray) noise = g_ptr_array_new_with_free_func (noise_free);
  g_autoptr(GPtrArray) backups = g_ptr_array_new_with_free_func (backup_free);

  g_return_val_if_fail (data != NULL && root != NULL, FALSE);

  if (!read_drivers (root, drivers, error) ||
      !read_list (root, "software", read_software, software, error) ||
      !read_list (root, "mains", read_mains, mains, error) ||
      !read_list (root, "noise", read_noise, noise, error) ||
      !read_backup (root, backups, error))
    return FALSE;
  /* all read: only now does the catalog change */
  if (drivers->len > 0)
    {
      g_ptr_array_set_size (data->drivers, 0);
      g_ptr_array_extend_and_steal (data->drivers, g_steal_pointer (&drivers));
    }
  g_ptr_array_extend_and_steal (data->software, g_steal_pointer (&software));
  g_ptr_array_extend_and_steal (data->mains, g_steal_pointer (&mains));
  g_ptr_array_extend_and_steal (data->noise, g_steal_pointer (&noise));
  g_ptr_array_extend_and_steal (data->backups, g_steal_pointer (&backups));
  return TRUE;
}

const char *
rp_noise_class_to_string (RpNoiseClass noise)
{
  static const char *const names[RP_N_NOISES] = {
    "unknown", "office", "server-room", "datacenter",
  };

  g_return_val_if_fail ((guint) noise < RP_N_NOISES, NULL);
  return names[noise];
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-market-data.c: reading servers.json (server shapes and their
 * platform prices) and market.json (markets, dated rules, availability,
 * licence terms) */

#include "config.h"

#include "rp-market-private.h"

#include "rp-age.h"
#include "rp-catalog-private.h"
#include "rp-error.h"
#include "rp-units.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* A machine of more GPUs than this is surely a typo (a GB200 NVL72 rack
 * holds 72). */
static const guint max_gpus_per_machine = 576;

typedef gboolean (*ReadEntry) (const cJSON *item,
                               const char  *path,
                               gpointer    *out,
                               GError     **error);

/* ---- entry lifetimes ------------------------------------------------ */

static void
shape_free (gpointer data)
{
  RpServerShape *shape = data;

  g_free (shape->id);
  g_free (shape->name);
  g_free (shape->name_zh);
  g_strfreev (shape->gpus);
  g_free (shape->counts);
  for (guint i = 0; i < shape->n_prices; i++)
    {
      g_free (shape->prices[i].source);
      g_free (shape->prices[i].source_kind);
      g_free (shape->prices[i].as_of);
      g_free (shape->prices[i].notes);
    }
  g_free (shape->prices);
  g_free (shape->source);
  g_free (shape->source_kind);
  g_free (shape->as_of);
  g_free (shape->notes);
  g_free (shape);
}

static void
market_free (gpointer data)
{
  RpMarket *market = data;

  g_free (market->id);
  g_free (market->name);
  g_free (market->name_zh);
  g_strfreev (market->countries);
  g_free (market->source);
  g_free (market->as_of);
  g_free (market->notes);
  g_free (market);
}

static void
rule_free (gpointer data)
{
  RpMarketRule *rule = data;

  g_free (rule->id);
  g_free (rule->date);
  g_free (rule->issuer);
  g_free (rule->summary);
  g_free (rule->source);
  g_free (rule->source_kind);
  g_free (rule->as_of);
  g_free (rule->notes);
  g_free (rule);
}

static void
availability_free (gpointer data)
{
  RpAvailabilityEntry *entry = data;

  g_free (entry->id);
  g_strfreev (entry->gpus);
  g_free (entry->market);
  g_free (entry->from);
  g_free (entry->rule);
  g_free (entry->source);
  g_free (entry->source_kind);
  g_free (entry->as_of);
  g_free (entry->notes);
  g_free (entry);
}

static void
licence_free (gpointer data)
{
  RpLicenceTerm *term = data;

  g_free (term->id);
  g_free (term->vendor);
  g_free (term->clause);
  g_free (term->text);
  g_free (term->since);
  g_free (term->source);
  g_free (term->source_kind);
  g_free (term->as_of);
  g_free (term->notes);
  g_free (term);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpServerShape, shape_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpMarket, market_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpMarketRule, rule_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpAvailabilityEntry, availability_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpLicenceTerm, licence_free)

static void
id_list_init (RpIdList       *list,
              GDestroyNotify  free_entry)
{
  list->owned = g_ptr_array_new_with_free_func (free_entry);
  list->live = g_ptr_array_new ();
  list->index = g_hash_table_new (g_str_hash, g_str_equal);
}

static void
id_list_clear (RpIdList *list)
{
  g_clear_pointer (&list->index, g_hash_table_unref);
  g_clear_pointer (&list->live, g_ptr_array_unref);
  g_clear_pointer (&list->owned, g_ptr_array_unref);
}

/* Adds @entry (owned from now on), or puts it in the place of the entry
 * with its id, so that the bundled order is kept. */
static void
id_list_put (RpIdList *list,
             gpointer  entry)
{
  char *id = *(char **) entry;
  guint position = GPOINTER_TO_UINT (g_hash_table_lookup (list->index, id));

  g_ptr_array_add (list->owned, entry);
  if (position > 0)
    {
      list->live->pdata[position - 1] = entry;
      g_hash_table_replace (list->index, id, GUINT_TO_POINTER (position));
      return;
    }
  g_ptr_array_add (list->live, entry);
  g_hash_table_insert (list->index, id, GUINT_TO_POINTER (list->live->len));
}

/* ---- helpers -------------------------------------------------------- */

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

/* "YYYY", "YYYY-MM" or "YYYY-MM-DD". */
static gboolean
read_date (const cJSON *item,
           const char  *path,
           const char  *key,
           gboolean     required,
           char       **out,
           GError     **error)
{
  g_autoptr(GDate) day = g_date_new_dmy (1, G_DATE_JANUARY, 2000);
  double months = 0;

  if (!rp_json_read_string (item, path, key, required, out, error))
    return FALSE;
  if (*out != NULL && !rp_as_of_months (*out, day, &months))
    return fail_at (error, path, key, _("expected a date: YYYY, YYYY-MM or YYYY-MM-DD"));
  return TRUE;
}

static gboolean
read_provenance (const cJSON *item,
                 const char  *path,
                 char       **source,
                 char       **source_kind,
                 char       **as_of,
                 char       **notes,
                 GError     **error)
{
  return rp_json_read_string (item, path, "source", TRUE, source, error) &&
         rp_json_read_string (item, path, "source_kind", FALSE, source_kind, error) &&
         read_date (item, path, "as_of", TRUE, as_of, error) &&
         rp_json_read_string (item, path, "notes", FALSE, notes, error);
}

static gboolean
shape_kind_from_string (const char *s,
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
segment_from_string (const char *s,
                     gpointer    out)
{
  static const char *const names[RP_N_SEGMENTS] = { "datacenter", "workstation", "consumer" };

  for (guint i = 0; i < RP_N_SEGMENTS; i++)
    if (g_strcmp0 (s, names[i]) == 0)
      {
        *(RpSegment *) out = i;
        return TRUE;
      }
  return FALSE;
}

/* "counts": GPUs per machine, strictly ascending. */
static gboolean
read_counts (const cJSON   *item,
             const char    *path,
             RpServerShape *shape,
             GError       **error)
{
  const cJSON *list = cJSON_GetObjectItemCaseSensitive (item, "counts");
  const cJSON *n;
  g_autoptr(GArray) counts = g_array_new (FALSE, FALSE, sizeof (guint));

  if (!cJSON_IsArray (list) || cJSON_GetArraySize (list) == 0)
    return fail_at (error, path, "counts", _("expected a list of GPU counts"));
  cJSON_ArrayForEach (n, list)
    {
      guint count;

      if (!cJSON_IsNumber (n) || n->valuedouble < 1 || n->valuedouble > max_gpus_per_machine ||
          n->valuedouble != (double) (guint) n->valuedouble)
        return fail_at (error, path, "counts", _("expected whole numbers of GPUs"));
      count = (guint) n->valuedouble;
      if (counts->len > 0 && count <= g_array_index (counts, guint, counts->len - 1))
        return fail_at (error, path, "counts", _("expected counts in ascending order"));
      g_array_append_val (counts, count);
    }
  shape->n_counts = counts->len;
  shape->counts = (guint *) g_array_free (g_steal_pointer (&counts), FALSE);
  return TRUE;
}

static gboolean
read_shape_prices (const cJSON   *item,
                   const char    *path,
                   RpServerShape *shape,
                   GError       **error)
{
  const cJSON *list = cJSON_GetObjectItemCaseSensitive (item, "prices");
  const cJSON *p;
  guint i = 0;

  if (list == NULL || cJSON_IsNull (list))
    return TRUE;
  if (!cJSON_IsArray (list))
    return fail_at (error, path, "prices", _("expected a list"));
  shape->prices = g_new0 (RpShapePrice, cJSON_GetArraySize (list));
  cJSON_ArrayForEach (p, list)
    {
      g_autofree char *at = g_strdup_printf ("%s.prices[%u]", path, i++);
      RpShapePrice *price = &shape->prices[shape->n_prices++];

      if (!cJSON_IsObject (p))
        return fail_at (error, at, "", _("expected an object"));
      if (!rp_json_read_enum (p, at, "currency", TRUE,
                              (RpJsonEnumParser) rp_currency_from_string, "USD, CNY",
                              &price->currency, error) ||
          !rp_json_read_number (p, at, "price", TRUE, 1e-6, RP_CATALOG_MAX_PURCHASE,
                                &price->price, error) ||
          !read_provenance (p, at, &price->source, &price->source_kind, &price->as_of,
                            &price->notes, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_shape (const cJSON *item,
            const char  *path,
            gpointer    *out,
            GError     **error)
{
  g_autoptr(RpServerShape) shape = g_new0 (RpServerShape, 1);

  if (!rp_catalog_read_id (item, path, &shape->id, error) ||
      !rp_json_read_string (item, path, "name", TRUE, &shape->name, error) ||
      !rp_json_read_string (item, path, "name_zh", FALSE, &shape->name_zh, error) ||
      !rp_json_read_enum (item, path, "kind", TRUE, shape_kind_from_string,
                          "workstation, server, baseboard, rack", &shape->kind, error) ||
      !rp_json_read_words (item, path, "gpus", TRUE, &shape->gpus, error) ||
      !read_counts (item, path, shape, error) ||
      !read_shape_prices (item, path, shape, error) ||
      !read_provenance (item, path, &shape->source, &shape->source_kind, &shape->as_of,
                        &shape->notes, error))
    return FALSE;
  *out = g_steal_pointer (&shape);
  return TRUE;
}

static gboolean
read_market (const cJSON *item,
             const char  *path,
             gpointer    *out,
             GError     **error)
{
  g_autoptr(RpMarket) market = g_new0 (RpMarket, 1);

  if (!rp_catalog_read_id (item, path, &market->id, error) ||
      !rp_json_read_string (item, path, "name", TRUE, &market->name, error) ||
      !rp_json_read_string (item, path, "name_zh", FALSE, &market->name_zh, error) ||
      !rp_json_read_words (item, path, "countries", FALSE, &market->countries, error) ||
      !rp_json_read_enum (item, path, "currency", TRUE,
                          (RpJsonEnumParser) rp_currency_from_string, "USD, CNY",
                          &market->currency, error) ||
      !rp_json_read_bool (item, path, "default", FALSE, &market->is_default, error) ||
      !rp_json_read_string (item, path, "source", TRUE, &market->source, error) ||
      !read_date (item, path, "as_of", TRUE, &market->as_of, error) ||
      !rp_json_read_string (item, path, "notes", FALSE, &market->notes, error))
    return FALSE;
  *out = g_steal_pointer (&market);
  return TRUE;
}

static gboolean
read_rule (const cJSON *item,
           const char  *path,
           gpointer    *out,
           GError     **error)
{
  g_autoptr(RpMarketRule) rule = g_new0 (RpMarketRule, 1);

  if (!rp_catalog_read_id (item, path, &rule->id, error) ||
      !read_date (item, path, "date", TRUE, &rule->date, error) ||
      !rp_json_read_string (item, path, "issuer", TRUE, &rule->issuer, error) ||
      !rp_json_read_string (item, path, "summary", TRUE, &rule->summary, error) ||
      !read_provenance (item, path, &rule->source, &rule->source_kind, &rule->as_of,
                        &rule->notes, error))
    return FALSE;
  *out = g_steal_pointer (&rule);
  return TRUE;
}

static gboolean
read_availability (const cJSON *item,
                   const char  *path,
                   gpointer    *out,
                   GError     **error)
{
  g_autoptr(RpAvailabilityEntry) entry = g_new0 (RpAvailabilityEntry, 1);

  if (!rp_catalog_read_id (item, path, &entry->id, error) ||
      !rp_json_read_words (item, path, "gpus", TRUE, &entry->gpus, error) ||
      !rp_json_read_string (item, path, "market", FALSE, &entry->market, error) ||
      !read_date (item, path, "from", TRUE, &entry->from, error) ||
      !rp_json_read_enum (item, path, "status", TRUE,
                          (RpJsonEnumParser) rp_availability_status_from_string,
                          "unknown, new, grey, used-only, rent-only, not-sold",
                          &entry->status, error) ||
      !rp_json_read_string (item, path, "rule", FALSE, &entry->rule, error) ||
      !read_provenance (item, path, &entry->source, &entry->source_kind, &entry->as_of,
                        &entry->notes, error))
    return FALSE;
  *out = g_steal_pointer (&entry);
  return TRUE;
}

static gboolean
read_licence (const cJSON *item,
              const char  *path,
              gpointer    *out,
              GError     **error)
{
  g_autoptr(RpLicenceTerm) term = g_new0 (RpLicenceTerm, 1);

  if (!rp_catalog_read_id (item, path, &term->id, error) ||
      !rp_json_read_string (item, path, "vendor", TRUE, &term->vendor, error) ||
      !rp_json_read_enum (item, path, "segment", TRUE, segment_from_string,
                          "datacenter, workstation, consumer", &term->segment, error) ||
      !rp_json_read_string (item, path, "clause", TRUE, &term->clause, error) ||
      !rp_json_read_string (item, path, "text", TRUE, &term->text, error) ||
      !read_date (item, path, "since", TRUE, &term->since, error) ||
      !read_provenance (item, path, &term->source, &term->source_kind, &term->as_of,
                        &term->notes, error))
    return FALSE;
  *out = g_steal_pointer (&term);
  return TRUE;
}

/* Reads every entry of list @key (absent: none unless @required) into
 * @out, refusing an id twice in one file. */
static gboolean
read_section (const cJSON    *root,
              const char     *key,
              gboolean        required,
              ReadEntry       read,
              GPtrArray      *out,
              GError        **error)
{
  const cJSON *list = cJSON_GetObjectItemCaseSensitive (root, key);
  const cJSON *item;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  guint i = 0;

  if (list == NULL && !required)
    return TRUE;
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
        return fail_at (error, path, "", _("expected an object"));
      if (!read (item, path, &entry, error))
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

/* Moves every entry of @read into @list. */
static void
commit (RpIdList  *list,
        GPtrArray *read)
{
  g_ptr_array_set_free_func (read, NULL);
  for (guint i = 0; i < read->len; i++)
    id_list_put (list, read->pdata[i]);
  g_ptr_array_set_size (read, 0);
}

/* ---- private API ---------------------------------------------------- */

gboolean
rp_market_ids_contain (char *const *ids,
                       const char  *id)
{
  if (ids == NULL || id == NULL)
    return FALSE;
  for (guint i = 0; ids[i] != NULL; i++)
    if (strcmp (ids[i], id) == 0)
      return TRUE;
  return FALSE;
}

gpointer
rp_id_list_lookup (const RpIdList *list,
                   const char     *id)
{
  guint position;

  if (id == NULL)
    return NULL;
  position = GPOINTER_TO_UINT (g_hash_table_lookup (list->index, id));
  return position > 0 ? g_ptr_array_index (list->live, position - 1) : NULL;
}

static void
gpu_market_free (gpointer data)
{
  RpGpuMarket *m = data;

  g_ptr_array_unref (m->shapes);
  g_ptr_array_unref (m->availability);
  g_free (m);
}

static RpGpuMarket *
gpu_market_of (GHashTable *by_gpu,
               const char *gpu_id)
{
  RpGpuMarket *m = g_hash_table_lookup (by_gpu, gpu_id);

  if (m == NULL)
    {
      m = g_new0 (RpGpuMarket, 1);
      m->shapes = g_ptr_array_new ();
      m->availability = g_ptr_array_new ();
      g_hash_table_insert (by_gpu, (gpointer) gpu_id, m);
    }
  return m;
}

/* Indexes the listed shapes and entries by the GPUs they name; a GPU
 * named twice in one entry is listed once. */
static void
index_by_gpu (RpMarketData *data)
{
  g_hash_table_remove_all (data->by_gpu);
  for (guint i = 0; i < data->shapes.live->len; i++)
    {
      RpServerShape *s = g_ptr_array_index (data->shapes.live, i);

      for (guint g = 0; s->gpus != NULL && s->gpus[g] != NULL; g++)
        {
          RpGpuMarket *m = gpu_market_of (data->by_gpu, s->gpus[g]);

          if (m->shapes->len == 0 || g_ptr_array_index (m->shapes, m->shapes->len - 1) != s)
            g_ptr_array_add (m->shapes, s);
        }
    }
  for (guint i = 0; i < data->availability.live->len; i++)
    {
      RpAvailabilityEntry *e = g_ptr_array_index (data->availability.live, i);

      for (guint g = 0; e->gpus != NULL && e->gpus[g] != NULL; g++)
        {
          RpGpuMarket *m = gpu_market_of (data->by_gpu, e->gpus[g]);
          GPtrArray *list = m->availability;

          if (list->len == 0 || g_ptr_array_index (list, list->len - 1) != e)
            g_ptr_array_add (list, e);
        }
    }
}

const RpGpuMarket *
rp_market_data_for_gpu (const RpMarketData *data,
                        const char         *gpu_id)
{
  g_return_val_if_fail (data != NULL, NULL);
  return gpu_id != NULL ? g_hash_table_lookup (data->by_gpu, gpu_id) : NULL;
}

RpMarketData *
rp_market_data_new (void)
{
  RpMarketData *data = g_new0 (RpMarketData, 1);

  id_list_init (&data->shapes, shape_free);
  id_list_init (&data->markets, market_free);
  id_list_init (&data->rules, rule_free);
  id_list_init (&data->availability, availability_free);
  id_list_init (&data->licences, licence_free);
  data->by_gpu = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, gpu_market_free);
  return data;
}

void
rp_market_data_free (RpMarketData *data)
{
  if (data == NULL)
    return;
  id_list_clear (&data->shapes);
  id_list_clear (&data->markets);
  id_list_clear (&data->rules);
  id_list_clear (&data->availability);
  id_list_clear (&data->licences);
  g_hash_table_unref (data->by_gpu);
  g_free (data);
}

gboolean
rp_market_data_handles (const char *format)
{
  return g_strcmp0 (format, "rigplan-servers") == 0 || g_strcmp0 (format, "rigplan-market") == 0;
}

gboolean
rp_market_data_load (RpMarketData *data,
                     const cJSON  *root,
                     const char   *format,
                     GError      **error)
{
  g_autoptr(GPtrArray) shapes = g_ptr_array_new_with_free_func (shape_free);
  g_autoptr(GPtrArray) markets = g_ptr_array_new_with_free_func (market_free);
  g_autoptr(GPtrArray) rules = g_ptr_array_new_with_free_func (rule_free);
  g_autoptr(GPtrArray) availability = g_ptr_array_new_with_free_func (availability_free);
  g_autoptr(GPtrArray) licences = g_ptr_array_new_with_free_func (licence_free);

  g_return_val_if_fail (data != NULL && root != NULL, FALSE);

  if (g_strcmp0 (format, "rigplan-servers") == 0)
    {
      if (!read_section (root, "shapes", TRUE, read_shape, shapes, error))
        return FALSE;
    }
  else if (!read_section (root, "markets", FALSE, read_market, markets, error) ||
           !read_section (root, "rules", FALSE, read_rule, rules, error) ||
           !read_section (root, "availability", FALSE, read_availability, availability,
                          error) ||
           !read_section (root, "licences", FALSE, read_licence, licences, error))
    return FALSE;
  /* all read: only now does the catalog change */
  commit (&data->shapes, shapes);
  commit (&data->markets, markets);
  commit (&data->rules, rules);
  commit (&data->availability, availability);
  commit (&data->licences, licences);
  index_by_gpu (data);
  return TRUE;
}

const char *
rp_shape_kind_to_string (RpShapeKind kind)
{
  static const char *const names[RP_N_SHAPE_KINDS] = {
    "workstation", "server", "baseboard", "rack",
  };

  g_return_val_if_fail ((guint) kind < RP_N_SHAPE_KINDS, NULL);
  return names[kind];
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-user-catalog.c: prices the user edits, kept in their own catalog */

#include "config.h"

#include "rp-user-catalog.h"

#include "rp-catalog-private.h"
#include "rp-error.h"
#include "rp-file.h"
#include "rp-json-private.h"
#include "rp-units.h"

#include <glib/gi18n-lib.h>
#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

/* A user catalog file is small; this stops a runaway file early. */
static const gsize max_user_file_bytes = 16 * 1024 * 1024;

/* What an entry the user edited says about where it comes from. */
static const char user_source[] = "Entered by the user in Rigplan";
static const char user_source_kind[] = "user entry";

/* ---- helpers -------------------------------------------------------- */

static char *
iso_date (GDate *date)
{
  char text[16];

  g_date_strftime (text, sizeof text, "%Y-%m-%d", date);
  return g_strdup (text);
}

static void
add_positive (cJSON      *obj,
              const char *key,
              double      value)
{
  if (value > 0)
    rp_json_add_number (obj, key, value);
}

/* The notes of a user entry: what it replaced (kept from the first edit). */
static char *
replaced_notes (gboolean    was_user,
                const char *notes,
                const char *price,
                const char *as_of,
                const char *source)
{
  if (was_user)
    return g_strdup (notes);
  return g_strdup_printf ("Replaces the catalog's %s of %s (%s).", price, as_of, source);
}

static cJSON *
offer_to_json (const RpCloudOffer *o,
               const char         *as_of,
               const char         *notes)
{
  cJSON *obj = cJSON_CreateObject ();
  cJSON *prices;

  rp_json_add_string (obj, "id", o->id);
  rp_json_add_string (obj, "provider", o->provider);
  rp_json_add_string (obj, "provider_zh", o->provider_zh);
  rp_json_add_string (obj, "provider_class", rp_provider_class_to_string (o->provider_class));
  rp_json_add_string (obj, "offer", o->offer);
  rp_json_add_string (obj, "offer_zh", o->offer_zh);
  rp_json_add_string (obj, "gpu", o->gpu);
  cJSON_AddNumberToObject (obj, "gpus_per_instance", o->gpus_per_instance);
  rp_json_add_string (obj, "region", o->region);
  rp_json_add_string (obj, "currency", rp_currency_to_string (o->currency));
  prices = cJSON_AddObjectToObject (obj, "per_gpu_hour");
  for (guint k = 0; k < RP_N_RENT_KINDS; k++)
    if (o->per_gpu_hour[k] > 0)
      rp_json_add_number (prices, rp_catalog_rent_kind_key (k), o->per_gpu_hour[k]);
  rp_json_add_number (obj, "billing_granularity_s", o->billing_granularity_s);
  if (o->vcpus > 0)
    cJSON_AddNumberToObject (obj, "vcpus", o->vcpus);
  add_positive (obj, "ram_gb", o->ram_gb);
  add_positive (obj, "disk_gb", o->disk_gb);
  rp_json_add_string (obj, "reliability", o->reliability);
  rp_json_add_string (obj, "source", user_source);
  rp_json_add_string (obj, "source_kind", user_source_kind);
  rp_json_add_string (obj, "as_of", as_of);
  rp_json_add_string (obj, "notes", notes);
  cJSON_AddBoolToObject (obj, "user", TRUE);
  return obj;
}

static cJSON *
purchase_to_json (const RpPurchasePrice *p,
                  double                 price,
                  const char            *as_of,
                  const char            *notes)
{
  cJSON *obj = cJSON_CreateObject ();

  rp_json_add_string (obj, "id", p->id);
  rp_json_add_string (obj, "gpu", p->gpu);
  rp_json_add_string (obj, "condition", rp_condition_to_string (p->condition));
  rp_json_add_string (obj, "kind", p->server ? "server" : "card");
  if (p->server)
    cJSON_AddNumberToObject (obj, "gpus_per_server", p->gpus_per_server);
  if (p->server && !p->platform_included)
    cJSON_AddBoolToObject (obj, "platform_included", FALSE);
  rp_json_add_string (obj, "currency", rp_currency_to_string (p->currency));
  rp_json_add_number (obj, "price", price);
  rp_json_add_string (obj, "source", user_source);
  rp_json_add_string (obj, "source_kind", user_source_kind);
  rp_json_add_string (obj, "as_of", as_of);
  rp_json_add_string (obj, "notes", notes);
  rp_json_add_string (obj, "risk", p->risk);
  cJSON_AddBoolToObject (obj, "user", TRUE);
  return obj;
}

/* The user file at @path as JSON, or a new one of @format holding an
 * empty @list; NULL with an error when it exists but is not that. */
static cJSON *
load_or_create (const char *path,
                const char *format,
                const char *list,
                GError    **error)
{
  cJSON *root;
  const cJSON *f, *items;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      root = cJSON_CreateObject ();
      cJSON_AddStringToObject (root, "format", format);
      cJSON_AddNumberToObject (root, "version", 1);
      cJSON_AddStringToObject (root, "notes", "Prices the user entered in Rigplan.");
      cJSON_AddArrayToObject (root, list);
      return root;
    }
  root = rp_json_load_file (path, max_user_file_bytes, error);
  if (root == NULL)
    {
      g_prefix_error (error, "%s: ", path);
      return NULL;
    }
  f = cJSON_GetObjectItemCaseSensitive (root, "format");
  items = cJSON_GetObjectItemCaseSensitive (root, list);
  if (!cJSON_IsString (f) || strcmp (f->valuestring, format) != 0 || !cJSON_IsArray (items))
    {
      /* TRANSLATORS: a file name, then the catalog format it should have */
      g_set_error (error, RP_ERROR, RP_ERROR_INVALID_VALUE,
                   _("%s: expected a “%s” catalog with a list “%s”; it is left as it is"),
                   path, format, list);
      cJSON_Delete (root);
      return NULL;
    }
  return root;
}

/* Puts @entry (taken) in @root's @list in place of the item with its id,
 * or at the end. */
static void
put_entry (cJSON      *root,
           const char *list,
           cJSON      *entry)
{
  cJSON *items = cJSON_GetObjectItemCaseSensitive (root, list);
  const char *id = cJSON_GetObjectItemCaseSensitive (entry, "id")->valuestring;
  int i = 0;
  cJSON *item;

  cJSON_ArrayForEach (item, items)
    {
      const cJSON *item_id = cJSON_GetObjectItemCaseSensitive (item, "id");

      if (cJSON_IsString (item_id) && strcmp (item_id->valuestring, id) == 0)
        {
          cJSON_ReplaceItemInArray (items, i, entry);
          return;
        }
      i++;
    }
  cJSON_AddItemToArray (items, entry);
}

/* Writes @entry (taken) into @dir/@name and loads that file into
 * @catalog. */
static gboolean
store (RpCatalog  *catalog,
       const char *dir,
       const char *name,
       const char *format,
       const char *list,
       cJSON      *entry,
       GError    **error)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *text = NULL;
  g_autoptr(cJSON) root = NULL;
  g_autoptr(cJSON) owned = entry;

  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("%s: cannot create the folder: %s"), dir, g_strerror (saved));
      return FALSE;
    }
  root = load_or_create (path, format, list, error);
  if (root == NULL)
    return FALSE;
  put_entry (root, list, g_steal_pointer (&owned));
  text = cJSON_Print (root);
  if (!rp_file_write_atomic (path, text, strlen (text), error))
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  return rp_catalog_load_file (catalog, path, error);
}

static gboolean
price_error (GError     **error,
             const char  *key,
             double       max)
{
  g_autofree char *text = rp_units_format_number (max, 0);

  /* TRANSLATORS: %s is the largest price allowed */
  rp_error_set_key (error, RP_ERROR_INVALID_VALUE, key,
                    _("a price must be above 0 and at most %s"), text);
  return FALSE;
}

/* ---- public API ----------------------------------------------------- */

gboolean
rp_user_catalog_set_offer_price (RpCatalog  *catalog,
                                 const char *dir,
                                 const char *offer_id,
                                 RpRentKind  kind,
                                 double      price,
                                 GDate      *today,
                                 GError    **error)
{
  const RpCloudOffer *offer;
  g_autofree char *as_of = NULL;
  g_autofree char *old_price = NULL;
  g_autofree char *notes = NULL;
  g_autofree char *key = NULL;
  RpCloudOffer edited;

  g_return_val_if_fail (catalog != NULL && dir != NULL && offer_id != NULL, FALSE);
  g_return_val_if_fail ((guint) kind < RP_N_RENT_KINDS && today != NULL, FALSE);

  offer = rp_catalog_lookup_cloud (catalog, offer_id);
  if (offer == NULL)
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "offers.id",
                        _("“%s” is in no cloud catalog"), offer_id);
      return FALSE;
    }
  key = g_strconcat ("per_gpu_hour.", rp_catalog_rent_kind_key (kind), NULL);
  if (!(price > 0 && price <= RP_CATALOG_MAX_PER_GPU_HOUR))
    return price_error (error, key, RP_CATALOG_MAX_PER_GPU_HOUR);
  as_of = iso_date (today);
  old_price = g_strdup_printf ("%g %s per GPU-hour (%s)", offer->per_gpu_hour[kind],
                               rp_currency_to_string (offer->currency),
                               rp_catalog_rent_kind_key (kind));
  notes = replaced_notes (offer->user, offer->notes, old_price, offer->as_of, offer->source);
  edited = *offer;
  edited.per_gpu_hour[kind] = price;
  return store (catalog, dir, RP_USER_CLOUDS_FILE, "rigplan-clouds", "offers",
                offer_to_json (&edited, as_of, notes), error);
}

gboolean
rp_user_catalog_set_purchase_price (RpCatalog  *catalog,
                                    const char *dir,
                                    const char *purchase_id,
                                    double      price,
                                    GDate      *today,
                                    GError    **error)
{
  const RpPurchasePrice *p = NULL;
  g_autofree char *as_of = NULL;
  g_autofree char *old_price = NULL;
  g_autofree char *notes = NULL;

  g_return_val_if_fail (catalog != NULL && dir != NULL && purchase_id != NULL, FALSE);
  g_return_val_if_fail (today != NULL, FALSE);

  for (guint i = 0; p == NULL && i < rp_catalog_n_purchases (catalog); i++)
    if (g_strcmp0 (rp_catalog_get_purchase (catalog, i)->id, purchase_id) == 0)
      p = rp_catalog_get_purchase (catalog, i);
  if (p == NULL)
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "prices.id",
                        _("“%s” is in no purchase catalog"), purchase_id);
      return FALSE;
    }
  if (!(price > 0 && price <= RP_CATALOG_MAX_PURCHASE))
    return price_error (error, "price", RP_CATALOG_MAX_PURCHASE);
  as_of = iso_date (today);
  old_price = g_strdup_printf ("%g %s", p->price, rp_currency_to_string (p->currency));
  notes = replaced_notes (p->user, p->notes, old_price, p->as_of, p->source);
  return store (catalog, dir, RP_USER_PURCHASES_FILE, "rigplan-purchases", "prices",
                purchase_to_json (p, price, as_of, notes), error);
}

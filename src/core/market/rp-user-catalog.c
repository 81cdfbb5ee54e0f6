/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-user-catalog.c: prices the user edits, kept in their own catalog */

#include "config.h"

#include "rp-user-catalog.h"

#include "rp-age.h"
#include "rp-catalog-private.h"
#include "rp-error.h"
#include "rp-file.h"
#include "rp-json-private.h"
#include "rp-units.h"

#include <glib/gi18n-lib.h>
#include <errno.h>
#include <math.h>
#include <glib/gstdio.h>
#include <string.h>

/* A user catalog file is small; this stops a runaway file early. */
static const gsize max_user_file_bytes = RP_JSON_MAX_USER_FILE_BYTES;

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
               const char         *notes,
               const char         *source,
               const char         *source_kind)
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
  if (o->n_shapes > 1)
    {
      cJSON *shapes = cJSON_AddArrayToObject (obj, "shapes");

      for (guint i = 0; i < o->n_shapes; i++)
        cJSON_AddItemToArray (shapes, cJSON_CreateNumber (o->shapes[i]));
    }
  rp_json_add_string (obj, "billing", rp_billing_to_string (o->billing));
  if (o->max_gpus_per_node > 0)
    cJSON_AddNumberToObject (obj, "max_gpus_per_node", o->max_gpus_per_node);
  if (o->network != RP_NETWORK_NONE)
    rp_json_add_string (obj, "network", rp_network_to_string (o->network));
  if (o->vcpus > 0)
    cJSON_AddNumberToObject (obj, "vcpus", o->vcpus);
  add_positive (obj, "ram_gb", o->ram_gb);
  add_positive (obj, "disk_gb", o->disk_gb);
  rp_json_add_string (obj, "reliability", o->reliability);
  rp_json_add_string (obj, "source", source);
  rp_json_add_string (obj, "source_kind", source_kind);
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

/* Writes @entries (cJSON*, taken) into @dir/@name in place of the items
 * of their ids, and loads that file into @catalog.  The new file is read
 * into a scratch catalog before it replaces the old one, so that a file
 * the loader would refuse is never written. */
static gboolean
store_all (RpCatalog  *catalog,
           const char *dir,
           const char *name,
           const char *format,
           const char *list,
           GPtrArray  *entries,
           GError    **error)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *text = NULL;
  g_autoptr(cJSON) root = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(RpCatalog) scratch = NULL;

  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("%s: cannot create the folder: %s"), dir, g_strerror (saved));
      return FALSE;
    }
  root = rp_json_load_user_list (path, format, list,
                                 "Prices the user entered in Rigplan.", error);
  if (root == NULL)
    return FALSE;
  for (guint i = 0; i < entries->len; i++)
    put_entry (root, list, g_steal_pointer (&entries->pdata[i]));
  text = cJSON_Print (root);
  bytes = g_bytes_new_static (text, strlen (text));
  scratch = rp_catalog_new_empty ();
  if (!rp_catalog_load_bytes (scratch, bytes, path, error))
    return FALSE;
  if (!rp_file_write_atomic (path, text, strlen (text), error))
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  return rp_catalog_load_file (catalog, path, error);
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
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) cJSON_Delete);

  g_ptr_array_add (entries, entry);
  return store_all (catalog, dir, name, format, list, entries, error);
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
                offer_to_json (&edited, as_of, notes, user_source, user_source_kind), error);
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

/* ---- price lists (CSV) ---------------------------------------------- */

/* What a quote says where the user imported it. */
static const char quote_source_kind[] = "user quote";

/* Hours in the month and day a monthly or daily quote is spread over:
 * the catalog's monthly kind is a 30-day commitment (rp-types.h). */
static const double hours_per_month = 30 * 24;
static const double hours_per_day = 24;

typedef enum
{
  COL_PROVIDER,
  COL_GPU,
  COL_TERM,
  COL_PRICE,
  COL_CURRENCY,
  COL_AS_OF,
  COL_SOURCE,
  COL_GPUS,
  COL_UNIT,
  COL_OFFER,
  COL_REGION,
  COL_NOTES,
  N_COLS
} Column;

#define N_REQUIRED_COLS (COL_SOURCE + 1)

/* The headers each column goes by, casefolded; the first is its name. */
static const char *const column_names[N_COLS][7] = {
  { "provider", "供应商", "服务商", "云厂商", "厂商", "平台", NULL },
  { "gpu", "显卡", "gpu型号", "型号", "卡型", NULL },
  { "term", "计费方式", "租期", "计费", "billing", NULL },
  { "price", "价格", "单价", NULL },
  { "currency", "币种", "货币", NULL },
  { "as_of", "日期", "date", "报价日期", NULL },
  { "source", "来源", "出处", NULL },
  { "gpus", "卡数", "gpus_per_instance", "每台卡数", NULL },
  { "unit", "单位", "计价单位", NULL },
  { "offer", "机型", "实例", "instance", NULL },
  { "region", "地域", "地区", NULL },
  { "notes", "备注", "note", NULL },
};

/* Words a term goes by, beside the enum's own names; casefolded. */
static const struct
{
  const char *word;
  RpRentKind  kind;
} term_words[] = {
  { "on_demand", RP_RENT_ON_DEMAND }, { "ondemand", RP_RENT_ON_DEMAND },
  { "按量", RP_RENT_ON_DEMAND }, { "按量计费", RP_RENT_ON_DEMAND },
  { "按需", RP_RENT_ON_DEMAND }, { "按小时", RP_RENT_ON_DEMAND },
  { "hourly", RP_RENT_ON_DEMAND },
  { "抢占式", RP_RENT_SPOT }, { "竞价", RP_RENT_SPOT }, { "竞价实例", RP_RENT_SPOT },
  { "preemptible", RP_RENT_SPOT }, { "interruptible", RP_RENT_SPOT },
  { "reserved_1y", RP_RENT_RESERVED_1Y }, { "1y", RP_RENT_RESERVED_1Y },
  { "包年", RP_RENT_RESERVED_1Y }, { "1年", RP_RENT_RESERVED_1Y },
  { "reserved_3y", RP_RENT_RESERVED_3Y }, { "3y", RP_RENT_RESERVED_3Y },
  { "3年", RP_RENT_RESERVED_3Y },
  { "包月", RP_RENT_MONTHLY }, { "月付", RP_RENT_MONTHLY }, { "month", RP_RENT_MONTHLY },
  { "包日", RP_RENT_DAILY }, { "包天", RP_RENT_DAILY }, { "day", RP_RENT_DAILY },
  { "capacity_block", RP_RENT_CAPACITY_BLOCK }, { "capacity block", RP_RENT_CAPACITY_BLOCK },
};

typedef enum
{
  UNIT_GPU_HOUR,
  UNIT_GPU_DAY,
  UNIT_GPU_MONTH,
  UNIT_INSTANCE_HOUR,
  UNIT_DEFAULT,
} Unit;

static const struct
{
  const char *word;
  Unit        unit;
} unit_words[] = {
  { "gpu-hour", UNIT_GPU_HOUR }, { "卡时", UNIT_GPU_HOUR }, { "元/卡时", UNIT_GPU_HOUR },
  { "卡/小时", UNIT_GPU_HOUR }, { "per gpu-hour", UNIT_GPU_HOUR },
  { "gpu-day", UNIT_GPU_DAY }, { "卡天", UNIT_GPU_DAY }, { "卡/天", UNIT_GPU_DAY },
  { "gpu-month", UNIT_GPU_MONTH }, { "卡月", UNIT_GPU_MONTH }, { "卡/月", UNIT_GPU_MONTH },
  { "instance-hour", UNIT_INSTANCE_HOUR }, { "台时", UNIT_INSTANCE_HOUR },
  { "台/小时", UNIT_INSTANCE_HOUR },
};

/* One offer being built from the rows that share its key. */
typedef struct
{
  char          *key;             /* owned */
  RpCloudOffer   offer;           /* strings borrowed from the rows' cells */
  guint          line[RP_N_RENT_KINDS]; /* the line that gave each price */
  char          *id;              /* owned */
  char          *notes;           /* owned */
  char          *as_of;           /* owned */
} Quote;

static void
quote_free (gpointer data)
{
  Quote *q = data;

  g_free (q->key);
  g_free (q->id);
  g_free (q->notes);
  g_free (q->as_of);
  g_free (q);
}

/* The problems of a list, and the path, for one error naming them all. */
typedef struct
{
  const char *path;
  GString    *text;
  guint       n;
} Problems;

static void G_GNUC_PRINTF (4, 5)
problem (Problems   *problems,
         guint       line,
         const char *column,
         const char *format,
         ...)
{
  g_autofree char *what = NULL;
  va_list args;

  problems->n++;
  if (problems->n > RP_PRICE_LIST_MAX_PROBLEMS)
    return;
  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  if (problems->text->len > 0)
    g_string_append_c (problems->text, '\n');
  if (column != NULL)
    /* TRANSLATORS: a file, a line number, a column's header, the problem */
    g_string_append_printf (problems->text, _("%s:%u: column “%s”: %s"), problems->path, line,
                            column, what);
  else
    /* TRANSLATORS: a file, a line number, the problem */
    g_string_append_printf (problems->text, _("%s:%u: %s"), problems->path, line, what);
}

/* Splits @text into rows of cells (RFC 4180: quotes, doubled quotes,
 * line breaks inside quotes); @lines gets each row's first line. */
static GPtrArray *
split_rows (const char *text,
            char        separator,
            GArray     *lines)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  GPtrArray *row = NULL;
  GString *cell = g_string_new (NULL);
  gboolean quoted = FALSE, any = FALSE;
  guint line = 1, row_line = 1;

  for (const char *p = text;; p++)
    {
      char c = *p;

      if (quoted)
        {
          if (c == '\0')
            quoted = FALSE;          /* an unclosed quote ends with the file */
          else if (c == '"' && p[1] == '"')
            {
              g_string_append_c (cell, '"');
              p++;
              continue;
            }
          else if (c == '"')
            {
              quoted = FALSE;
              continue;
            }
          else
            {
              line += c == '\n';
              g_string_append_c (cell, c);
              continue;
            }
        }
      if (c == '"' && cell->len == 0)
        {
          quoted = TRUE;
          any = TRUE;
          continue;
        }
      if (c == separator || c == '\n' || c == '\0')
        {
          if (row == NULL)
            {
              row = g_ptr_array_new_with_free_func (g_free);
              row_line = line;
            }
          while (cell->len > 0 && cell->str[cell->len - 1] == '\r')
            g_string_truncate (cell, cell->len - 1);
          any |= cell->len > 0;
          g_ptr_array_add (row, g_strstrip (g_strdup (cell->str)));
          g_string_truncate (cell, 0);
          if (c != separator)
            {
              if (any)
                {
                  g_ptr_array_add (rows, row);
                  g_array_append_val (lines, row_line);
                }
              else
                g_ptr_array_unref (row);
              row = NULL;
              any = FALSE;
              line++;
            }
          if (c == '\0')
            break;
          continue;
        }
      g_string_append_c (cell, c);
    }
  g_string_free (cell, TRUE);
  return rows;
}

static char *
fold (const char *text)
{
  g_autofree char *folded = g_utf8_casefold (text, -1);

  return g_strstrip (g_utf8_normalize (folded, -1, G_NORMALIZE_NFKC));
}

/* "rtx4090": letters and digits only, casefolded, for matching names. */
static char *
squeeze (const char *text)
{
  g_autofree char *folded = fold (text);
  GString *out = g_string_new (NULL);

  for (const char *p = folded; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isalnum (c))
        g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

/* The catalog GPU @text names: its id, name or an alias, exactly (spaces,
 * dashes and case aside), else the one GPU whose name contains it.  NULL
 * with *@candidates (transfer full) listing the ids when several do. */
static const RpGpu *
match_gpu (const RpCatalog *catalog,
           const char      *text,
           char           **candidates)
{
  g_autofree char *want = squeeze (text);
  g_autoptr(GPtrArray) exact = g_ptr_array_new ();
  g_autoptr(GPtrArray) partial = g_ptr_array_new ();
  GPtrArray *found;

  *candidates = NULL;
  if (*want == '\0')
    return NULL;
  for (guint i = 0; i < rp_catalog_n_gpus (catalog); i++)
    {
      const RpGpu *g = rp_catalog_get_gpu (catalog, i);
      g_autofree char *id = squeeze (g->id);
      g_autofree char *name = squeeze (g->name);
      gboolean hit = strcmp (id, want) == 0 || strcmp (name, want) == 0;

      for (guint a = 0; !hit && g->aliases[a] != NULL; a++)
        {
          g_autofree char *alias = squeeze (g->aliases[a]);

          hit = strcmp (alias, want) == 0;
        }
      if (hit)
        g_ptr_array_add (exact, (gpointer) g);
      else if (strstr (name, want) != NULL)
        g_ptr_array_add (partial, (gpointer) g);
    }
  found = exact->len > 0 ? exact : partial;
  if (found->len == 1)
    return g_ptr_array_index (found, 0);
  if (found->len > 1)
    {
      GString *ids = g_string_new (NULL);

      for (guint i = 0; i < found->len && i < 6; i++)
        g_string_append_printf (ids, "%s%s", i > 0 ? ", " : "",
                                ((const RpGpu *) g_ptr_array_index (found, i))->id);
      *candidates = g_string_free (ids, FALSE);
    }
  return NULL;
}

static gboolean
parse_term (const char *text,
            RpRentKind *out)
{
  g_autofree char *word = fold (text);
  guint i = 0;

  if (rp_enum_info_lookup (&rp_rent_kind_info, word, &i))
    {
      *out = (RpRentKind) i;
      return TRUE;
    }
  for (guint k = 0; k < G_N_ELEMENTS (term_words); k++)
    if (strcmp (word, term_words[k].word) == 0)
      {
        *out = term_words[k].kind;
        return TRUE;
      }
  return FALSE;
}

static gboolean
parse_unit (const char *text,
            Unit       *out)
{
  g_autofree char *word = fold (text);

  *out = UNIT_DEFAULT;
  if (*word == '\0')
    return TRUE;
  for (guint k = 0; k < G_N_ELEMENTS (unit_words); k++)
    if (strcmp (word, unit_words[k].word) == 0)
      {
        *out = unit_words[k].unit;
        return TRUE;
      }
  return FALSE;
}

static gboolean
parse_currency (const char *text,
                RpCurrency *out)
{
  static const char *const cny[] = { "cny", "rmb", "元", "人民币", "¥", "￥" };
  static const char *const usd[] = { "usd", "$", "美元", "us$" };
  g_autofree char *word = fold (text);

  for (guint i = 0; i < G_N_ELEMENTS (cny); i++)
    if (strcmp (word, cny[i]) == 0)
      {
        *out = RP_CURRENCY_CNY;
        return TRUE;
      }
  for (guint i = 0; i < G_N_ELEMENTS (usd); i++)
    if (strcmp (word, usd[i]) == 0)
      {
        *out = RP_CURRENCY_USD;
        return TRUE;
      }
  return FALSE;
}

/* A price as people type it: "1.98", "¥1.98", "1,052" (a thousands
 * comma), " 2.5 "; NAN when it is no number. */
static double
parse_price (const char *text)
{
  GString *digits = g_string_new (NULL);
  char *end = NULL;
  double value;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_ascii_isdigit (*p) || *p == '.' || *p == '-' || *p == 'e' || *p == 'E')
        g_string_append_c (digits, *p);
      else if (c == ',' || c == ' ' || c == 0x00a5 || c == 0xffe5 || c == '$')
        continue;
      else
        {
          g_string_free (digits, TRUE);
          return NAN;
        }
    }
  value = g_ascii_strtod (digits->str, &end);
  if (digits->len == 0 || end == NULL || *end != '\0')
    value = NAN;
  g_string_free (digits, TRUE);
  return value;
}

/* "2026-10-04", "2026/10/04", "2026.10", "2026": as_of, normalized;
 * NULL when it is no such date. */
static char *
parse_as_of (const char *text,
             GDate      *today,
             gboolean   *future)
{
  g_autofree char *date = g_strdup (text);
  double months = 0;

  *future = FALSE;
  g_strdelimit (date, "/.", '-');
  if (!rp_as_of_months (date, today, &months))
    return NULL;
  /* a date that starts later this month counts as negative months */
  *future = months < -1.0 / 30.44;
  return g_steal_pointer (&date);
}

/* "quote-autodl-rtx-4090-x8": a stable id for the buyer's quote. */
static char *
quote_id (const char *provider,
          const char *gpu,
          guint       gpus,
          const char *key)
{
  GString *id = g_string_new ("quote-");
  gboolean dash = FALSE;
  gsize start = id->len;

  for (const char *p = provider; *p != '\0'; p++)
    if (g_ascii_isalnum (*p))
      {
        if (dash && id->len > start)
          g_string_append_c (id, '-');
        g_string_append_c (id, g_ascii_tolower (*p));
        dash = FALSE;
      }
    else
      dash = TRUE;
  if (id->len == start)
    /* a provider of Chinese characters: its name's hash keeps it apart */
    g_string_append_printf (id, "p%08x", g_str_hash (provider));
  g_string_append_printf (id, "-%s", gpu);
  if (gpus > 1)
    g_string_append_printf (id, "-x%u", gpus);
  /* another date, source or region of the same provider and GPU */
  g_string_append_printf (id, "-%08x", g_str_hash (key));
  return g_string_free (id, FALSE);
}

/* The column of each header in @header; FALSE (with the problem) when a
 * required one is missing. */
static gboolean
map_columns (GPtrArray *header,
             int        columns[N_COLS],
             Problems  *problems)
{
  gboolean ok = TRUE;

  for (guint c = 0; c < N_COLS; c++)
    columns[c] = -1;
  for (guint i = 0; i < header->len; i++)
    {
      g_autofree char *name = fold (g_ptr_array_index (header, i));

      for (guint c = 0; c < N_COLS; c++)
        for (guint k = 0; column_names[c][k] != NULL; k++)
          if (columns[c] < 0 && strcmp (name, column_names[c][k]) == 0)
            columns[c] = (int) i;
    }
  for (guint c = 0; c < N_REQUIRED_COLS; c++)
    if (columns[c] < 0)
      {
        /* TRANSLATORS: a column's English and Chinese header names */
        problem (problems, 1, NULL, _("no column “%s” (or “%s”): the list needs provider, gpu, "
                                      "term, price, currency, as_of and source"),
                 column_names[c][0], column_names[c][1]);
        ok = FALSE;
      }
  return ok;
}

static const char *
cell (GPtrArray *row,
      const int  columns[N_COLS],
      Column     c)
{
  int i = columns[c];

  return i >= 0 && (guint) i < row->len ? g_ptr_array_index (row, i) : "";
}

/* The header a problem names: the one the file uses. */
static const char *
header_of (GPtrArray *header,
           const int  columns[N_COLS],
           Column     c)
{
  return columns[c] >= 0 ? g_ptr_array_index (header, columns[c]) : column_names[c][0];
}

/* Reads one row into @quotes; problems go to @problems. */
static void
read_row (const RpCatalog *catalog,
          GPtrArray       *header,
          GPtrArray       *row,
          guint            line,
          const int        columns[N_COLS],
          GDate           *today,
          GHashTable      *quotes,
          GPtrArray       *order,
          Problems        *problems)
{
  guint before = problems->n, gpus = 1;
  const RpGpu *gpu = NULL;
  RpRentKind kind = RP_RENT_ON_DEMAND;
  RpCurrency currency = RP_CURRENCY_USD;
  Unit unit = UNIT_DEFAULT;
  double price = NAN;
  g_autofree char *as_of = NULL;
  g_autofree char *candidates = NULL;
  g_autofree char *key = NULL;
  gboolean future = FALSE;
  Quote *q;

  for (guint c = 0; c < N_REQUIRED_COLS; c++)
    if (*cell (row, columns, c) == '\0')
      problem (problems, line, header_of (header, columns, c), _("is empty"));
  if (problems->n > before)
    return;
  gpu = match_gpu (catalog, cell (row, columns, COL_GPU), &candidates);
  if (gpu == NULL && candidates != NULL)
    /* TRANSLATORS: what the user typed, then GPU ids */
    problem (problems, line, header_of (header, columns, COL_GPU),
             _("“%s” could be %s: write the GPU’s id"), cell (row, columns, COL_GPU), candidates);
  else if (gpu == NULL)
    problem (problems, line, header_of (header, columns, COL_GPU),
             _("“%s” is in no GPU catalog (see rigplan-cli catalog gpus)"),
             cell (row, columns, COL_GPU));
  if (!parse_term (cell (row, columns, COL_TERM), &kind))
    problem (problems, line, header_of (header, columns, COL_TERM),
             _("“%s” is no rental term: on-demand (按量), spot (抢占式), reserved-1y (包年), "
               "reserved-3y, monthly (包月), daily (包日) or capacity-block"),
             cell (row, columns, COL_TERM));
  if (!parse_currency (cell (row, columns, COL_CURRENCY), &currency))
    problem (problems, line, header_of (header, columns, COL_CURRENCY),
             _("“%s” is no currency: USD or CNY"), cell (row, columns, COL_CURRENCY));
  price = parse_price (cell (row, columns, COL_PRICE));
  if (!(price > 0 && price <= RP_CATALOG_MAX_PER_GPU_HOUR * hours_per_month * 1024))
    problem (problems, line, header_of (header, columns, COL_PRICE),
             _("“%s” is not a price above 0"), cell (row, columns, COL_PRICE));
  as_of = parse_as_of (cell (row, columns, COL_AS_OF), today, &future);
  if (as_of == NULL)
    problem (problems, line, header_of (header, columns, COL_AS_OF),
             _("“%s” is no date: write YYYY-MM-DD, YYYY-MM or YYYY"),
             cell (row, columns, COL_AS_OF));
  else if (future)
    problem (problems, line, header_of (header, columns, COL_AS_OF),
             _("“%s” is after today"), cell (row, columns, COL_AS_OF));
  if (*cell (row, columns, COL_GPUS) != '\0')
    {
      double n = parse_price (cell (row, columns, COL_GPUS));

      if (!(n >= 1 && n <= 1024 && n == floor (n)))
        problem (problems, line, header_of (header, columns, COL_GPUS),
                 _("“%s” is not a whole number of GPUs from 1 to 1024"),
                 cell (row, columns, COL_GPUS));
      else
        gpus = (guint) n;
    }
  if (!parse_unit (cell (row, columns, COL_UNIT), &unit))
    problem (problems, line, header_of (header, columns, COL_UNIT),
             _("“%s” is no unit: gpu-hour (卡时), gpu-day (卡天), gpu-month (卡月) or "
               "instance-hour (台时)"), cell (row, columns, COL_UNIT));
  if (problems->n > before)
    return;

  if (unit == UNIT_DEFAULT)
    unit = kind == RP_RENT_MONTHLY ? UNIT_GPU_MONTH : kind == RP_RENT_DAILY ? UNIT_GPU_DAY
                                                                            : UNIT_GPU_HOUR;
  /* the catalog keeps every term per GPU-hour */
  switch (unit)
    {
    case UNIT_GPU_DAY:
      price /= hours_per_day;
      break;
    case UNIT_GPU_MONTH:
      price /= hours_per_month;
      break;
    case UNIT_INSTANCE_HOUR:
      price /= gpus;
      break;
    case UNIT_GPU_HOUR:
    case UNIT_DEFAULT:
    default:
      break;
    }
  if (price > RP_CATALOG_MAX_PER_GPU_HOUR)
    {
      problem (problems, line, header_of (header, columns, COL_PRICE),
               _("“%s” is more than any GPU-hour costs"), cell (row, columns, COL_PRICE));
      return;
    }

  key = g_strjoin ("\x1f", cell (row, columns, COL_PROVIDER), gpu->id,
                   rp_currency_to_string (currency), cell (row, columns, COL_REGION), as_of,
                   cell (row, columns, COL_SOURCE), cell (row, columns, COL_OFFER), NULL);
  {
    g_autofree char *sized = g_strdup_printf ("%s\x1f%u", key, gpus);

    g_free (key);
    key = g_steal_pointer (&sized);
  }
  q = g_hash_table_lookup (quotes, key);
  if (q == NULL)
    {
      q = g_new0 (Quote, 1);
      q->key = g_strdup (key);
      q->id = quote_id (cell (row, columns, COL_PROVIDER), gpu->id, gpus, key);
      q->offer.id = q->id;
      q->offer.provider = (char *) cell (row, columns, COL_PROVIDER);
      q->offer.offer = *cell (row, columns, COL_OFFER) != '\0'
                       ? (char *) cell (row, columns, COL_OFFER) : NULL;
      q->offer.gpu = gpu->id;
      q->offer.gpus_per_instance = gpus;
      q->offer.shapes[0] = gpus;
      q->offer.n_shapes = 1;
      q->offer.region = *cell (row, columns, COL_REGION) != '\0'
                        ? (char *) cell (row, columns, COL_REGION) : NULL;
      q->offer.currency = currency;
      q->offer.billing_granularity_s = 3600;
      q->offer.provider_class = RP_PROVIDER_GPU_CLOUD;
      q->offer.source = (char *) cell (row, columns, COL_SOURCE);
      q->offer.source_kind = (char *) quote_source_kind;
      q->offer.as_of = NULL;          /* the key's date, set when written */
      q->notes = *cell (row, columns, COL_NOTES) != '\0'
                 ? g_strdup (cell (row, columns, COL_NOTES)) : NULL;
      q->offer.notes = q->notes;
      g_hash_table_insert (quotes, q->key, q);
      g_ptr_array_add (order, q);
    }
  if (q->line[kind] > 0)
    {
      /* TRANSLATORS: a line number */
      problem (problems, line, header_of (header, columns, COL_TERM),
               _("a second price for the same offer and term (line %u gave one)"),
               q->line[kind]);
      return;
    }
  q->line[kind] = line;
  q->offer.per_gpu_hour[kind] = price;
  if (q->offer.as_of == NULL)
    {
      q->as_of = g_strdup (as_of);
      q->offer.as_of = q->as_of;
    }
}

/* The text of @path as UTF-8: a BOM skipped; a file that is not UTF-8
 * read as GB18030, as Excel in China saves a CSV. */
static char *
read_text (const char *path,
           GError    **error)
{
  g_autofree char *raw = NULL;
  gsize len = 0;
  const char *start;

  if (!g_file_get_contents (path, &raw, &len, error))
    return NULL;
  if (len > max_user_file_bytes)
    {
      g_set_error (error, RP_ERROR, RP_ERROR_INVALID_VALUE, _("%s: the file is too large"),
                   path);
      return NULL;
    }
  start = raw;
  if (len >= 3 && memcmp (raw, "\xef\xbb\xbf", 3) == 0)
    {
      start += 3;
      len -= 3;
    }
  if (memchr (start, '\0', len) != NULL)
    {
      g_set_error (error, RP_ERROR, RP_ERROR_PARSE, _("%s: not a text file"), path);
      return NULL;
    }
  if (g_utf8_validate (start, len, NULL))
    return g_strndup (start, len);
  {
    char *converted = g_convert (start, len, "UTF-8", "GB18030", NULL, NULL, NULL);

    if (converted == NULL)
      g_set_error (error, RP_ERROR, RP_ERROR_PARSE,
                   _("%s: the text is neither UTF-8 nor GB18030"), path);
    return converted;
  }
}

gboolean
rp_user_catalog_import_prices (RpCatalog   *catalog,
                               const char  *dir,
                               const char  *csv_path,
                               GDate       *today,
                               guint       *n_prices,
                               GError     **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GArray) lines = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GHashTable) quotes = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                        quote_free);
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) cJSON_Delete);
  Problems problems = { csv_path, g_string_new (NULL), 0 };
  int columns[N_COLS];
  guint n = 0;
  char separator;

  g_return_val_if_fail (catalog != NULL && dir != NULL && csv_path != NULL, FALSE);
  g_return_val_if_fail (today != NULL, FALSE);

  if (n_prices != NULL)
    *n_prices = 0;
  text = read_text (csv_path, error);
  if (text == NULL)
    {
      g_string_free (problems.text, TRUE);
      return FALSE;
    }
  /* tab-separated when the header has tabs and no commas */
  separator = strchr (text, '\t') != NULL &&
              (strchr (text, ',') == NULL || strchr (text, '\t') < strchr (text, ','))
              ? '\t' : ',';
  rows = split_rows (text, separator, lines);
  if (rows->len < 2)
    problem (&problems, 1, NULL, _("no prices: the list needs a header row and a row per price"));
  else if (rows->len - 1 > RP_PRICE_LIST_MAX_ROWS)
    problem (&problems, 1, NULL, _("more than %u rows"), RP_PRICE_LIST_MAX_ROWS);
  else if (map_columns (g_ptr_array_index (rows, 0), columns, &problems))
    for (guint i = 1; i < rows->len; i++)
      read_row (catalog, g_ptr_array_index (rows, 0), g_ptr_array_index (rows, i),
                g_array_index (lines, guint, i), columns, today, quotes, order, &problems);

  if (problems.n > 0)
    {
      if (problems.n > RP_PRICE_LIST_MAX_PROBLEMS)
        /* TRANSLATORS: the number of problems not listed */
        g_string_append_printf (problems.text, "\n%s", _("and more; nothing was imported"));
      /* nothing is written: the list is fixed and imported whole */
      g_set_error (error, RP_ERROR, RP_ERROR_INVALID_VALUE, "%s", problems.text->str);
      g_string_free (problems.text, TRUE);
      return FALSE;
    }
  g_string_free (problems.text, TRUE);
  for (guint i = 0; i < order->len; i++)
    {
      Quote *q = g_ptr_array_index (order, i);

      q->offer.user = TRUE;
      g_ptr_array_add (entries, offer_to_json (&q->offer, q->as_of, q->offer.notes,
                                               q->offer.source, quote_source_kind));
      for (guint k = 0; k < RP_N_RENT_KINDS; k++)
        n += q->offer.per_gpu_hour[k] > 0;
    }
  if (!store_all (catalog, dir, RP_USER_CLOUDS_FILE, "rigplan-clouds", "offers", entries,
                  error))
    return FALSE;
  if (n_prices != NULL)
    *n_prices = n;
  return TRUE;
}

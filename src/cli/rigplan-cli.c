/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rigplan-cli.c: the command-line front end
 *
 * The commands are the table at the end of this file (rp-cli-common.h):
 * each entry is a command's name, arguments, description, options and the
 * function that runs it; --help, the man page and the shell completions
 * are written from it.  Import and export --format live in
 * rp-cli-convert.c, catalog servers and market in rp-cli-market.c,
 * catalog check and import-prices in rp-cli-catalog.c.
 *
 * Output on stdout, diagnostics on stderr; the exit statuses are
 * rp_cli_get_exit_statuses(). */

#include "config.h"

#include "rp-age.h"
#include "rp-catalog.h"
#include "rp-cli-calibrate.h"
#include "rp-cli-catalog.h"
#include "rp-cli-common.h"
#include "rp-cli-convert.h"
#include "rp-cli-market.h"
#include "rp-chart.h"
#include "rp-compare.h"
#include "rp-compare-set.h"
#include "rp-error.h"
#include "rp-report.h"
#include "rp-estimate.h"
#include "rp-estimate-json.h"
#include "rp-fields.h"
#include "rp-file.h"
#include "rp-fix.h"
#include "rp-guide.h"
#include "rp-json-private.h"
#include "rp-model.h"
#include "rp-plan-json.h"
#include "rp-planner.h"
#include "rp-scenario.h"
#include "rp-units.h"
#include "rp-words.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* ---- helpers -------------------------------------------------------- */

static void
print_json (char *text)
{
  rp_cli_print_data (text);
  g_free (text);
}

/* g_set_str() needs GLib 2.76; Debian 12 has 2.74. */
static void
set_string (char      **slot,
                  const char *value)
{
  if (g_strcmp0 (*slot, value) == 0)
    return;
  g_free (*slot);
  *slot = g_strdup (value);
}

/* ---- tables --------------------------------------------------------- */

/* "  LABEL      VALUE  EXTRA": the label in 28 columns, the value
 * right-aligned in 12, then @extra if there is one. */
static void
print_row (const char *label,
           const char *value,
           const char *extra)
{
  g_autofree char *left = rp_units_pad (label, -28);
  g_autofree char *right = rp_units_pad (value, 12);

  if (extra != NULL)
    g_print ("  %s %s  %s\n", left, right, extra);
  else
    g_print ("  %s %s\n", left, right);
}

/* ---- catalog -------------------------------------------------------- */

static char *opt_currency = NULL;
static gboolean opt_ids = FALSE;

static const char *const catalog_names[] = {
  "gpus", "clouds", "models", "purchases", "regions", "servers", "market", NULL
};

static const GOptionEntry catalog_entries[] = {
  { "currency", 0, 0, G_OPTION_ARG_STRING, &opt_currency,
    N_("List only prices in CUR (USD or CNY)"), N_("CUR") },
  { "ids", 0, 0, G_OPTION_ARG_NONE, &opt_ids,
    N_("Print only the ids, one a line (for scripts and shell completion)"), NULL },
  { NULL }
};

static const char *
provider_class_name (RpProviderClass cls)
{
  switch (cls)
    {
    case RP_PROVIDER_HYPERSCALER:
      return _("Hyperscaler");
    case RP_PROVIDER_GPU_CLOUD:
      return _("GPU cloud");
    case RP_PROVIDER_MARKETPLACE:
      return _("Marketplace");
    case RP_N_PROVIDER_CLASSES:
    default:
      return "?";
    }
}

static const char *
condition_name (RpCondition condition)
{
  switch (condition)
    {
    case RP_CONDITION_NEW:
      return _("New");
    case RP_CONDITION_USED:
      return _("Used");
    case RP_CONDITION_EX_MINING:
      return _("Ex-mining");
    case RP_N_CONDITIONS:
    default:
      return "?";
    }
}

/* "12.3" in the locale's decimal mark, or "—" for an unknown (0) figure. */
static char *
format_known (const char *format,
              double      value)
{
  if (value <= 0)
    return g_strdup ("—");
  return g_strdup_printf (format, value);
}

/* The mark of a price the user entered. */
static const char *
user_mark (gboolean user)
{
  /* TRANSLATORS: a column of "rigplan-cli catalog": the user entered this price */
  return user ? _("yours") : "";
}

/* The mark a price older than six months gets in the tables. */
static const char *
stale_mark (const char *as_of,
            GDate      *today)
{
  /* TRANSLATORS: a column of "rigplan-cli catalog": the price may be out of date */
  return rp_price_is_stale (as_of, today) ? _("stale") : "";
}

static void
print_gpus (const RpCatalog *catalog)
{
  /* TRANSLATORS: column headings of "rigplan-cli catalog gpus" */
  rp_cli_print_cells (-18, _("ID"), -40, _("Name"), 9, _("Memory"), 9, _("BF16 TF"),
               9, _("FP8 TF"), 7, _("TDP W"), 10, _("Price $"), -10, _("As of"), 0, NULL);
  for (guint i = 0; i < rp_catalog_n_gpus (catalog); i++)
    {
      const RpGpu *g = rp_catalog_get_gpu (catalog, i);
      g_autofree char *memory = g_strdup_printf ("%.0f GiB", g->memory_gib);
      g_autofree char *bf16 = format_known ("%.1f", g->tflops_bf16);
      g_autofree char *fp8 = format_known ("%.1f", g->tflops_fp8);
      g_autofree char *tdp = format_known ("%.0f", g->tdp_w);
      g_autofree char *price = format_known ("%.0f", g->price_usd);

      rp_cli_print_cells (-18, g->id, -40, g->name, 9, memory, 9, bf16, 9, fp8, 7, tdp, 10, price,
                   -10, g->as_of, 0, NULL);
    }
}

/* One line per offer and rental term it prices. */
static void
print_clouds (const RpCatalog *catalog,
              int              currency,
              GDate           *today)
{
  /* TRANSLATORS: column headings of "rigplan-cli catalog clouds" */
  rp_cli_print_cells (-31, _("ID"), -18, _("Provider"), -12, _("Class"), -15, _("GPU"),
               -18, _("Terms"), 10, _("Per GPU-h"), -4, _("Cur."), -10, _("As of"),
               -6, _("Age"), -5, _("Entry"), 0, NULL);
  for (guint i = 0; i < rp_catalog_n_clouds (catalog); i++)
    {
      const RpCloudOffer *o = rp_catalog_get_cloud (catalog, i);
      const char *provider = rp_cloud_offer_get_provider (o);

      if (currency >= 0 && (int) o->currency != currency)
        continue;
      for (guint k = 0; k < RP_N_RENT_KINDS; k++)
        {
          g_autofree char *price = NULL;

          if (o->per_gpu_hour[k] <= 0)
            continue;
          price = g_strdup_printf ("%.2f", o->per_gpu_hour[k]);
          rp_cli_print_cells (-31, o->id, -18, provider, -12, provider_class_name (o->provider_class),
                       -15, o->gpu, -18, rp_enum_info_get_label (&rp_rent_kind_info, k), 10, price,
                       -4, rp_currency_to_string (o->currency), -10, o->as_of,
                       -6, stale_mark (o->as_of, today), -5, user_mark (o->user), 0, NULL);
        }
    }
}

static void
print_models (const RpCatalog *catalog)
{
  rp_cli_print_cells (-16, _("ID"), -28, _("Name"), -16, _("Kind"), 16, _("Parameters"),
               7, _("Layers"), 7, _("Hidden"), -10, _("As of"), 0, NULL);
  for (guint i = 0; i < rp_catalog_n_models (catalog); i++)
    {
      const RpModelPreset *m = rp_catalog_get_model (catalog, i);
      g_autofree char *params = g_strdup_printf ("%" G_GUINT64_FORMAT, m->published_params);
      g_autofree char *layers = g_strdup_printf ("%u", m->arch.layers);
      g_autofree char *hidden = g_strdup_printf ("%u", m->arch.hidden);

      rp_cli_print_cells (-16, m->id, -28, m->name, -16, rp_model_kind_to_string (m->arch.kind),
                   16, params, 7, layers, 7, hidden, -10, m->as_of, 0, NULL);
    }
}

static void
print_purchases (const RpCatalog *catalog,
                 int              currency,
                 GDate           *today)
{
  /* TRANSLATORS: column headings of "rigplan-cli catalog purchases" */
  rp_cli_print_cells (-29, _("ID"), -15, _("GPU"), -10, _("Condition"), 5, C_("column", "GPUs"),
               12, _("Price"), -4, _("Cur."), -10, _("As of"), -6, _("Age"), -5, _("Entry"),
               0, NULL);
  for (guint i = 0; i < rp_catalog_n_purchases (catalog); i++)
    {
      const RpPurchasePrice *p = rp_catalog_get_purchase (catalog, i);
      g_autofree char *gpus = g_strdup_printf ("%u", p->gpus_per_server);
      g_autofree char *price = g_strdup_printf ("%.0f", p->price);

      if (currency >= 0 && (int) p->currency != currency)
        continue;
      rp_cli_print_cells (-29, p->id, -15, p->gpu, -10, condition_name (p->condition), 5, gpus,
                   12, price, -4, rp_currency_to_string (p->currency), -10, p->as_of,
                   -6, stale_mark (p->as_of, today), -5, user_mark (p->user), 0, NULL);
    }
}

static void
print_regions (const RpCatalog *catalog,
               int              currency)
{
  /* TRANSLATORS: column headings of "rigplan-cli catalog regions" */
  rp_cli_print_cells (-18, _("ID"), -36, _("Name"), 9, _("Per kWh"), -4, _("Cur."), 5, _("PUE"),
               -10, _("As of"), 0, NULL);
  for (guint i = 0; i < rp_catalog_n_regions (catalog); i++)
    {
      const RpRegion *r = rp_catalog_get_region (catalog, i);
      const char *name = r->name_zh != NULL && rp_units_reads_chinese () ? r->name_zh : r->name;
      g_autofree char *kwh = format_known ("%.4g", r->electricity_per_kwh);
      g_autofree char *pue = format_known ("%.2f", r->pue);

      if (currency >= 0 && (int) r->currency != currency)
        continue;
      rp_cli_print_cells (-18, r->id, -36, name, 9, kwh, -4, rp_currency_to_string (r->currency),
                   5, pue, -10, r->as_of, 0, NULL);
    }
}

/* ---- catalog as JSON ------------------------------------------------ */

/* A number, or null where the catalog's 0 means "unknown". */
static void
add_known (cJSON      *obj,
           const char *key,
           double      value)
{
  if (value > 0)
    rp_json_add_number (obj, key, value);
  else
    cJSON_AddNullToObject (obj, key);
}

static void
add_provenance (cJSON      *obj,
                const char *source,
                const char *source_kind,
                const char *as_of,
                GDate      *today)
{
  double months = 0;

  rp_json_add_string (obj, "source", source);
  rp_json_add_string (obj, "source_kind", source_kind);
  rp_json_add_string (obj, "as_of", as_of);
  /* a date after today is wrong: no age, and stale, never fresh */
  if (rp_as_of_months (as_of, today, &months) && !rp_as_of_is_future (as_of, today))
    rp_json_add_number (obj, "age_months", round (months * 10) / 10);
  else
    cJSON_AddNullToObject (obj, "age_months");
  cJSON_AddBoolToObject (obj, "stale", rp_price_is_stale (as_of, today));
}

/* "support": what the sources say of each precision: yes, no, unknown. */
static void
add_support (cJSON       *obj,
             const RpGpu *g)
{
  static const struct
  {
    const char  *key;
    RpPrecision  precision;
  } precisions[] = {
    { "fp32", RP_PRECISION_FP32 }, { "fp16", RP_PRECISION_FP16_MIXED },
    { "bf16", RP_PRECISION_BF16_MIXED }, { "fp8", RP_PRECISION_FP8_MIXED },
  };
  static const char *const names[] = { "unknown", "yes", "no" };
  cJSON *support = cJSON_AddObjectToObject (obj, "support");

  for (guint i = 0; i < G_N_ELEMENTS (precisions); i++)
    cJSON_AddStringToObject (support, precisions[i].key,
                             names[rp_gpu_precision_support (g, precisions[i].precision)]);
}

/* "derived": the figures taken from a sibling part, with why. */
static void
add_derivations (cJSON       *obj,
                 const RpGpu *g)
{
  cJSON *list = cJSON_AddArrayToObject (obj, "derived");

  for (guint i = 0; i < g->derivations->len; i++)
    {
      const RpGpuDerivation *d = g_ptr_array_index (g->derivations, i);
      cJSON *item, *fields;

      if (!d->applied)
        continue;
      item = cJSON_CreateObject ();
      fields = cJSON_AddArrayToObject (item, "fields");
      for (guint b = 0; b < RP_N_GPU_FIELDS; b++)
        if (rp_gpu_field_derivation (g, 1u << b) == d)
          cJSON_AddItemToArray (fields, cJSON_CreateString (rp_gpu_field_to_key (1u << b)));
      rp_json_add_string (item, "from", d->from_gpu);
      if (d->from_gpu == NULL)
        rp_json_add_string (item, "from_field", rp_gpu_field_to_key (d->from_field));
      rp_json_add_string (item, "why", d->why);
      rp_json_add_string (item, "source", d->source);
      cJSON_AddItemToArray (list, item);
    }
}

static cJSON *
gpu_to_json (const RpGpu *g,
             GDate       *today)
{
  cJSON *obj = cJSON_CreateObject ();

  cJSON_AddStringToObject (obj, "id", g->id);
  cJSON_AddStringToObject (obj, "name", g->name);
  cJSON_AddItemToObject (obj, "aliases",
                         cJSON_CreateStringArray ((const char *const *) g->aliases,
                                                  g_strv_length (g->aliases)));
  cJSON_AddStringToObject (obj, "vendor", g->vendor);
  rp_json_add_number (obj, "memory_gib", g->memory_gib);
  add_known (obj, "memory_bandwidth_gb_s", g->memory_bandwidth_gb_s);
  add_known (obj, "bf16_tflops", g->tflops_bf16);
  add_known (obj, "fp8_tflops", g->tflops_fp8);
  add_known (obj, "tdp_w", g->tdp_w);
  add_known (obj, "price_usd", g->price_usd);
  rp_json_add_string (obj, "price_kind", g->price_kind);
  add_support (obj, g);
  add_derivations (obj, g);
  add_provenance (obj, g->source, g->source_kind, g->as_of, today);
  rp_json_add_string (obj, "notes", g->notes);
  return obj;
}

static cJSON *
cloud_to_json (const RpCloudOffer *o,
               GDate              *today)
{
  static const char *const keys[RP_N_RENT_KINDS] = {
    "on_demand", "reserved_1y", "reserved_3y", "spot", "daily", "monthly", "capacity_block",
  };
  cJSON *obj = cJSON_CreateObject ();
  cJSON *prices;

  cJSON_AddStringToObject (obj, "id", o->id);
  cJSON_AddStringToObject (obj, "provider", o->provider);
  rp_json_add_string (obj, "provider_zh", o->provider_zh);
  cJSON_AddStringToObject (obj, "provider_class", rp_provider_class_to_string (o->provider_class));
  rp_json_add_string (obj, "offer", o->offer);
  rp_json_add_string (obj, "offer_zh", o->offer_zh);
  cJSON_AddStringToObject (obj, "gpu", o->gpu);
  cJSON_AddNumberToObject (obj, "gpus_per_instance", o->gpus_per_instance);
  rp_json_add_string (obj, "region", o->region);
  cJSON_AddStringToObject (obj, "currency", rp_currency_to_string (o->currency));
  prices = cJSON_AddObjectToObject (obj, "per_gpu_hour");
  for (guint k = 0; k < RP_N_RENT_KINDS; k++)
    add_known (prices, keys[k], o->per_gpu_hour[k]);
  rp_json_add_number (obj, "billing_granularity_s", o->billing_granularity_s);
  {
    cJSON *shapes = cJSON_AddArrayToObject (obj, "shapes");

    for (guint i = 0; i < o->n_shapes; i++)
      cJSON_AddItemToArray (shapes, cJSON_CreateNumber (o->shapes[i]));
  }
  cJSON_AddStringToObject (obj, "billing", rp_billing_to_string (o->billing));
  add_known (obj, "max_gpus_per_node", rp_cloud_offer_max_gpus_per_node (o));
  cJSON_AddStringToObject (obj, "provider_standing",
                           rp_cloud_offer_provider_known (o) ? "known" : "unknown");
  add_known (obj, "vcpus", o->vcpus);
  add_known (obj, "ram_gb", o->ram_gb);
  add_known (obj, "disk_gb", o->disk_gb);
  rp_json_add_string (obj, "reliability", o->reliability);
  add_provenance (obj, o->source, o->source_kind, o->as_of, today);
  rp_json_add_string (obj, "notes", o->notes);
  cJSON_AddBoolToObject (obj, "user", o->user);
  return obj;
}

static cJSON *
model_to_json (const RpModelPreset *m,
               GDate               *today)
{
  cJSON *obj = cJSON_CreateObject ();

  cJSON_AddStringToObject (obj, "id", m->id);
  cJSON_AddStringToObject (obj, "name", m->name);
  cJSON_AddStringToObject (obj, "kind", rp_model_kind_to_string (m->arch.kind));
  rp_json_add_number (obj, "params", (double) m->published_params);
  add_provenance (obj, m->source, NULL, m->as_of, today);
  return obj;
}

static cJSON *
purchase_to_json (const RpPurchasePrice *p,
                  GDate                 *today)
{
  cJSON *obj = cJSON_CreateObject ();

  cJSON_AddStringToObject (obj, "id", p->id);
  cJSON_AddStringToObject (obj, "kind", p->server ? "server" : "card");
  cJSON_AddStringToObject (obj, "gpu", p->gpu);
  cJSON_AddNumberToObject (obj, "gpus_per_server", p->gpus_per_server);
  cJSON_AddBoolToObject (obj, "platform_included", p->platform_included);
  cJSON_AddStringToObject (obj, "condition", rp_condition_to_string (p->condition));
  cJSON_AddStringToObject (obj, "currency", rp_currency_to_string (p->currency));
  rp_json_add_number (obj, "price", p->price);
  add_provenance (obj, p->source, p->source_kind, p->as_of, today);
  rp_json_add_string (obj, "risk", p->risk);
  rp_json_add_string (obj, "notes", p->notes);
  cJSON_AddBoolToObject (obj, "user", p->user);
  return obj;
}

static cJSON *
region_to_json (const RpRegion *r,
                GDate          *today)
{
  cJSON *obj = cJSON_CreateObject ();

  cJSON_AddStringToObject (obj, "id", r->id);
  cJSON_AddStringToObject (obj, "name", r->name);
  rp_json_add_string (obj, "name_zh", r->name_zh);
  rp_json_add_string (obj, "country", r->country);
  cJSON_AddStringToObject (obj, "currency", rp_currency_to_string (r->currency));
  add_known (obj, "electricity_per_kwh", r->electricity_per_kwh);
  if (r->tariff.period != NULL)
    {
      cJSON *tariff = cJSON_AddObjectToObject (obj, "tariff");

      rp_json_add_string (tariff, "structure", r->tariff.structure);
      rp_json_add_string (tariff, "voltage", r->tariff.voltage);
      add_known (tariff, "flat", r->tariff.flat);
      add_known (tariff, "peak", r->tariff.peak);
      add_known (tariff, "valley", r->tariff.valley);
      add_known (tariff, "sharp", r->tariff.sharp);
      rp_json_add_string (tariff, "period", r->tariff.period);
    }
  add_known (obj, "pue", r->pue);
  add_provenance (obj, r->source, r->source_kind, r->as_of, today);
  rp_json_add_string (obj, "notes", r->notes);
  return obj;
}

/* The merged view (bundled and user files) as JSON: { "format":
 * "rigplan-catalog", "version": 1, "catalog": WHICH, WHICH: [entries] };
 * @currency < 0 keeps every currency.  Re-reading the files would lose
 * overrides. */
static char *
catalog_to_json (const RpCatalog *catalog,
                 const char      *which,
                 int              currency,
                 GDate           *today)
{
  g_autoptr(cJSON) root = cJSON_CreateObject ();
  cJSON *list;
  char *text, *copy;

  cJSON_AddStringToObject (root, "format", "rigplan-catalog");
  cJSON_AddNumberToObject (root, "version", 1);
  cJSON_AddStringToObject (root, "catalog", which);
  list = cJSON_AddArrayToObject (root, which);

  if (strcmp (which, "gpus") == 0)
    for (guint i = 0; i < rp_catalog_n_gpus (catalog); i++)
      cJSON_AddItemToArray (list, gpu_to_json (rp_catalog_get_gpu (catalog, i), today));
  else if (strcmp (which, "models") == 0)
    for (guint i = 0; i < rp_catalog_n_models (catalog); i++)
      cJSON_AddItemToArray (list, model_to_json (rp_catalog_get_model (catalog, i), today));
  else if (strcmp (which, "clouds") == 0)
    for (guint i = 0; i < rp_catalog_n_clouds (catalog); i++)
      {
        const RpCloudOffer *o = rp_catalog_get_cloud (catalog, i);
        if (currency < 0 || (int) o->currency == currency)
          cJSON_AddItemToArray (list, cloud_to_json (o, today));
      }
  else if (strcmp (which, "purchases") == 0)
    for (guint i = 0; i < rp_catalog_n_purchases (catalog); i++)
      {
        const RpPurchasePrice *p = rp_catalog_get_purchase (catalog, i);
        if (currency < 0 || (int) p->currency == currency)
          cJSON_AddItemToArray (list, purchase_to_json (p, today));
      }
  else
    for (guint i = 0; i < rp_catalog_n_regions (catalog); i++)
      {
        const RpRegion *r = rp_catalog_get_region (catalog, i);
        if (currency < 0 || (int) r->currency == currency)
          cJSON_AddItemToArray (list, region_to_json (r, today));
      }
  /* cJSON writes "." whatever LC_NUMERIC says ("1307,4" would break scripts). */
  text = cJSON_Print (root);
  copy = g_strconcat (text, "\n", NULL);
  cJSON_free (text);
  return copy;
}

static void
print_catalog (const RpCatalog *catalog,
               const char      *which,
               int              currency,
               GDate           *today)
{
  if (strcmp (which, "gpus") == 0)
    print_gpus (catalog);
  else if (strcmp (which, "clouds") == 0)
    print_clouds (catalog, currency, today);
  else if (strcmp (which, "models") == 0)
    print_models (catalog);
  else if (strcmp (which, "purchases") == 0)
    print_purchases (catalog, currency, today);
  else if (strcmp (which, "servers") == 0)
    rp_cli_print_servers (catalog, today);
  else if (strcmp (which, "market") == 0)
    rp_cli_print_market (catalog, today);
  else
    print_regions (catalog, currency);
}

/* The ids of a catalog, one a line: what the shell completions offer. */
static void
print_catalog_ids (const RpCatalog *catalog,
                   const char      *which,
                   int              currency)
{
  if (strcmp (which, "gpus") == 0)
    for (guint i = 0; i < rp_catalog_n_gpus (catalog); i++)
      g_print ("%s\n", rp_catalog_get_gpu (catalog, i)->id);
  else if (strcmp (which, "models") == 0)
    for (guint i = 0; i < rp_catalog_n_models (catalog); i++)
      g_print ("%s\n", rp_catalog_get_model (catalog, i)->id);
  else if (strcmp (which, "clouds") == 0)
    for (guint i = 0; i < rp_catalog_n_clouds (catalog); i++)
      {
        const RpCloudOffer *o = rp_catalog_get_cloud (catalog, i);
        if (currency < 0 || (int) o->currency == currency)
          g_print ("%s\n", o->id);
      }
  else if (strcmp (which, "purchases") == 0)
    for (guint i = 0; i < rp_catalog_n_purchases (catalog); i++)
      {
        const RpPurchasePrice *p = rp_catalog_get_purchase (catalog, i);
        if (currency < 0 || (int) p->currency == currency)
          g_print ("%s\n", p->id);
      }
  else
    for (guint i = 0; i < rp_catalog_n_regions (catalog); i++)
      {
        const RpRegion *r = rp_catalog_get_region (catalog, i);
        if (currency < 0 || (int) r->currency == currency)
          g_print ("%s\n", r->id);
      }
}

static int
run_catalog (const RpCliCommand *command,
             int                 argc,
             char              **argv)
{
  const char *const *names = command->words;
  g_autoptr(GOptionContext) context = rp_cli_command_context (command);
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = NULL;
  g_autoptr(GDate) today = g_date_new ();
  RpCurrency currency = RP_CURRENCY_USD;
  const char *which;

  if (!g_option_context_parse (context, &argc, &argv, &error))
    return rp_cli_usage_error (context, error->message);
  if (argc != 2)
    return rp_cli_usage_error (context, _("name one catalog: gpus, clouds, models, purchases, "
                                          "regions, servers or market"));
  which = argv[1];
  if (!g_strv_contains (names, which))
    return rp_cli_usage_error (context, _("the catalogs are gpus, clouds, models, purchases, "
                                          "regions, servers and market"));
  if (opt_currency != NULL && !rp_currency_from_string (opt_currency, &currency))
    return rp_cli_usage_error (context, _("--currency must be USD or CNY"));
  if (opt_currency != NULL && (strcmp (which, "gpus") == 0 || strcmp (which, "models") == 0 ||
                               strcmp (which, "servers") == 0 || strcmp (which, "market") == 0))
    return rp_cli_usage_error (context, _("--currency applies to clouds, purchases and regions"));
  if (opt_ids && rp_cli_json_wanted ())
    return rp_cli_usage_error (context, _("choose --ids or --json, not both"));
  if (opt_ids && (strcmp (which, "servers") == 0 || strcmp (which, "market") == 0))
    return rp_cli_usage_error (context, _("--ids lists gpus, clouds, models, purchases and "
                                          "regions"));
  catalog = rp_cli_load_catalog (rp_cli_catalog_dir (), &error);
  if (catalog == NULL)
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  g_date_set_time_t (today, time (NULL));
  if (opt_ids)
    print_catalog_ids (catalog, which, opt_currency != NULL ? (int) currency : -1);
  else if (rp_cli_json_wanted () && strcmp (which, "servers") == 0)
    print_json (rp_cli_servers_json (catalog, today));
  else if (rp_cli_json_wanted () && strcmp (which, "market") == 0)
    print_json (rp_cli_market_json (catalog, today));
  else if (rp_cli_json_wanted ())
    print_json (catalog_to_json (catalog, which, opt_currency != NULL ? (int) currency : -1,
                                 today));
  else
    print_catalog (catalog, which, opt_currency != NULL ? (int) currency : -1, today);
  return EXIT_OK;
}

/* ---- estimate ------------------------------------------------------- */

/* The rows of one of core's tables (rp-words.h): parts indented under
 * their whole, a rule above a total, memory shares in a column. */
static void
print_rows (GPtrArray *rows)
{
  for (guint i = 0; i < rows->len; i++)
    {
      const RpWordsRow *row = g_ptr_array_index (rows, i);
      g_autofree char *label = row->kind == RP_WORDS_ROW_PART
                               ? g_strconcat ("  ", row->label, NULL) : g_strdup (row->label);
      g_autofree char *share = row->share != NULL ? rp_units_pad (row->share, 8) : NULL;

      if (row->kind == RP_WORDS_ROW_TOTAL)
        g_print ("  %s\n", "--------------------------------------------------------");
      print_row (label, row->value, share != NULL ? share : row->note);
    }
  g_ptr_array_unref (rows);
}

static void
print_memory (const RpEstimate *est)
{
  g_print ("%s\n", _("Memory per GPU"));
  /* TRANSLATORS: column headings of the memory table */
  g_print ("  ");
  rp_cli_print_cells (-28, _("Part"), 12, _("Size"), 10, _("of GPU"), 0, NULL);
  print_rows (rp_words_memory_table (est));
  g_print ("\n");
}

static void
print_compute (const RpEstimate *est)
{
  g_print ("%s\n", _("Time"));
  print_rows (rp_words_time_table (est));
  g_print ("\n");
}

static void
print_bom (const RpCatalog *catalog,
           const RpBom     *b)
{
  g_print ("%s\n", _("Machine to get (per node)"));
  print_rows (rp_words_machine_table (catalog, b));
  g_print ("\n");
}

/* Today, for the age of prices. */
static GDate *
today_date (void)
{
  static GDate date;

  if (!g_date_valid (&date))
    {
      g_date_clear (&date, 1);
      g_date_set_time_t (&date, time (NULL));
    }
  return &date;
}

static void
print_cost (const RpEstimate *est)
{
  const RpCostEstimate *c = &est->cost;
  g_autofree char *heading = rp_words_cost_heading (c);
  g_autofree char *stale = rp_words_stale_prices (est, today_date ());

  g_print ("%s\n", heading);
  print_rows (rp_words_cost_table (est, today_date ()));
  if (stale != NULL)
    g_print ("  ! %s\n", stale);
  g_print ("\n");
}

static void
print_verdict (const RpScenario *scenario,
               const RpCatalog  *catalog,
               const RpEstimate *est)
{
  g_autofree char *title = rp_words_verdict_title (scenario, est);
  g_autofree char *detail = rp_words_verdict_detail (scenario, catalog, est);
  const char *mark = est->level == RP_SEVERITY_ERROR ? "✗" :
                     est->level == RP_SEVERITY_WARNING ? "!" : "✓";

  /* TRANSLATORS: the first line of "rigplan-cli estimate": a mark, then the verdict */
  g_print (_("%s %s\n"), mark, title);
  g_print ("  %s\n\n", detail);
  g_print ("%s\n", _("Checks"));
  for (guint i = 0; i < RP_N_CONSTRAINTS; i++)
    {
      const RpConstraint *c = &est->constraints[i];
      g_autofree char *name = NULL;
      g_autofree char *finding = NULL;

      if (!c->judged)
        continue;
      name = rp_units_pad (rp_words_constraint_name (i), -12);
      finding = rp_words_constraint (i, c, scenario, est);
      g_print ("  %s %s %s\n", c->ok ? "✓" : c->severity == RP_SEVERITY_ERROR ? "✗" : "!",
               name, finding);
    }
  g_print ("\n");
}

/* The decision: the recommendation and why, then the alternatives. */
static void
print_decision (const RpDecision *d)
{
  g_autofree char *headline = rp_words_decision_headline (d);
  g_autofree char *why = rp_words_decision_why (d);
  guint first = rp_decision_get_recommended (d) != NULL ? 1 : 0;

  g_print ("%s\n", _("Decision"));
  /* TRANSLATORS: the recommended machine, a sentence */
  g_print (_("  → %s.\n"), headline);
  g_print ("    %s\n", why);
  if (first < d->n_choices)
    g_print ("  %s\n", _("Alternatives"));
  for (guint i = first; i < d->n_choices; i++)
    {
      g_autofree char *sentence = rp_words_choice (&d->choices[i]);

      /* TRANSLATORS: an alternative: its label ("Cheapest rental"), then the sentence */
      g_print (_("  · %s: %s.\n"), rp_words_choice_label (d->choices[i].kind), sentence);
    }
  g_print ("\n");
}

static void
print_estimate (const RpScenario *scenario,
                const RpCatalog  *catalog,
                const RpEstimate *est,
                const RpDecision *decision)
{
  g_autofree char *params = rp_units_format_count ((double) rp_model_params (&est->arch));
  g_autofree char *model = scenario->model.preset != NULL ? g_strdup (scenario->model.preset)
                                                          : g_strdup (_("custom"));

  g_print ("%s\n", rp_cli_one_line (scenario->name));
  /* TRANSLATORS: "Model: llama-3-8b, 8.03 billion parameters; GPUs: 1 × NVIDIA … " */
  g_print (_("Model: %s, %s parameters; GPUs: %u × %s\n\n"), model, params,
           rp_scenario_n_gpus (scenario), est->gpu->name);
  print_verdict (scenario, catalog, est);
  if (decision != NULL)
    print_decision (decision);
  if (est->memory.computed)
    print_memory (est);
  if (est->compute.computed)
    print_compute (est);
  if (est->bom.computed)
    print_bom (catalog, &est->bom);
  if (est->cost.computed)
    print_cost (est);
  if (est->n_warnings > 0)
    g_print ("%s\n", _("Advice"));
  for (guint i = 0; i < est->n_warnings; i++)
    {
      const RpWarning *w = &est->warnings[i];
      g_autofree char *sentence = rp_words_advice (w, scenario, catalog, est);

      g_print ("  %s %s [%s]\n", w->severity == RP_SEVERITY_INFO ? "·" : "!", sentence,
               rp_advice_to_string (w->code));
    }
}

/* EXIT_OK when every check the scenario is judged by is met, else
 * EXIT_CHECKS_UNMET, for scripts and CI to act on (rigplan-cli(1)). */
static int
checks_status (const RpEstimate *est)
{
  for (guint i = 0; i < RP_N_CONSTRAINTS; i++)
    if (est->constraints[i].judged && !est->constraints[i].ok)
      return EXIT_CHECKS_UNMET;
  return EXIT_OK;
}

static int
run_estimate (const RpCliCommand *command,
              int                 argc,
              char              **argv)
{
  g_autoptr(GOptionContext) context = rp_cli_command_context (command);
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = NULL;
  g_autoptr(RpScenario) scenario = NULL;
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  g_autoptr(RpDecision) decision = NULL;

  if (!g_option_context_parse (context, &argc, &argv, &error))
    return rp_cli_usage_error (context, error->message);
  if (argc != 2)
    return rp_cli_usage_error (context, _("name one scenario file"));
  catalog = rp_cli_load_catalog (rp_cli_catalog_dir (), &error);
  if (catalog == NULL)
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  scenario = rp_scenario_load_file (argv[1], &error);
  if (scenario == NULL)
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  if (!rp_fix_estimate (scenario, catalog, est, &error))
    {
      g_autofree char *message = g_strdup_printf ("%s: %s", argv[1], error->message);
      return rp_cli_fail (EXIT_BAD_INPUT, message);
    }
  decision = rp_decision_compute (scenario, catalog, est, today_date (), NULL, &error);
  if (decision == NULL)
    {
      g_autofree char *message = g_strdup_printf ("%s: %s", argv[1], error->message);
      return rp_cli_fail (EXIT_BAD_INPUT, message);
    }
  if (rp_cli_json_wanted ())
    print_json (rp_estimate_to_json (scenario, catalog, est, decision));
  else
    print_estimate (scenario, catalog, est, decision);
  return checks_status (est);
}

/* ---- plan ----------------------------------------------------------- */

static int opt_top = 10;
static char *opt_gpus = NULL;
static char *opt_vendors = NULL;
static char *opt_providers = NULL;
static char *opt_regions = NULL;
static int opt_max_gpus = 0;
static int opt_max_nodes = 0;
static char *opt_acquire = NULL;
static gboolean opt_marketplace = FALSE;
static char *opt_apply = NULL;
static char *opt_apply_output = NULL;

static const GOptionEntry plan_entries[] = {
  { "top", 0, 0, G_OPTION_ARG_INT, &opt_top, N_("Show the best N machines of each answer (default 10)"),
    N_("N") },
  { "gpus", 0, 0, G_OPTION_ARG_STRING, &opt_gpus,
    N_("Only these GPU ids, separated by commas (planner.gpu_types)"), N_("LIST") },
  { "vendors", 0, 0, G_OPTION_ARG_STRING, &opt_vendors,
    N_("Only GPUs of these vendors (planner.vendors)"), N_("LIST") },
  { "providers", 0, 0, G_OPTION_ARG_STRING, &opt_providers,
    N_("Rent only from these providers or kinds of provider (planner.providers)"), N_("LIST") },
  { "regions", 0, 0, G_OPTION_ARG_STRING, &opt_regions,
    N_("Rent only offers whose region contains one of these words (planner.regions)"),
    N_("LIST") },
  { "max-gpus", 0, 0, G_OPTION_ARG_INT, &opt_max_gpus,
    N_("At most N GPUs (planner.max_gpus)"), N_("N") },
  { "max-nodes", 0, 0, G_OPTION_ARG_INT, &opt_max_nodes,
    N_("At most N nodes (planner.max_nodes)"), N_("N") },
  { "acquire", 0, 0, G_OPTION_ARG_STRING, &opt_acquire,
    N_("rent, buy or compare (budget.acquire)"), N_("HOW") },
  { "allow-marketplace", 0, 0, G_OPTION_ARG_NONE, &opt_marketplace,
    N_("Let marketplace offers price the rent (budget.allow_marketplace)"), NULL },
  { "apply", 0, 0, G_OPTION_ARG_STRING, &opt_apply,
    N_("Write the scenario on a machine of the plan: recommended, rent, buy, rent:N or buy:N "
       "(the window's “Use this machine”); needs -o"), N_("WHICH") },
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &opt_apply_output,
    N_("Where --apply writes the scenario"), N_("OUT.rigplan") },
  { NULL }
};

/* The command line's filters over the scenario's planner section. */
static gboolean
apply_plan_options (RpScenario *scenario,
                    GError    **error)
{
  RpPlanner *f = &scenario->planner;
  const RpField *max_gpus = rp_fields_lookup ("planner.max_gpus");
  const RpField *max_nodes = rp_fields_lookup ("planner.max_nodes");

  if (opt_gpus != NULL)
    set_string (&f->gpu_types, opt_gpus);
  if (opt_vendors != NULL)
    set_string (&f->vendors, opt_vendors);
  if (opt_providers != NULL)
    set_string (&f->providers, opt_providers);
  if (opt_regions != NULL)
    set_string (&f->regions, opt_regions);
  if (opt_max_gpus != 0)
    {
      if (!rp_field_check (max_gpus, opt_max_gpus, error))
        return FALSE;
      f->max_gpus = (guint) opt_max_gpus;
    }
  if (opt_max_nodes != 0)
    {
      if (!rp_field_check (max_nodes, opt_max_nodes, error))
        return FALSE;
      f->max_nodes = (guint) opt_max_nodes;
    }
  if (opt_acquire != NULL && !rp_acquire_from_string (opt_acquire, &scenario->budget.acquire))
    {
      g_autofree char *names = rp_enum_info_list_names (&rp_acquire_info);

      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "budget.acquire",
                        /* TRANSLATORS: what was given, then the accepted names */
                        _("“%s” is not one of %s"), opt_acquire, names);
      return FALSE;
    }
  if (opt_marketplace)
    scenario->budget.allow_marketplace = TRUE;
  return TRUE;
}

static void
print_plan_rows (const RpPlan    *plan,
                 const RpCatalog *catalog,
                 guint            kind)
{
  const RpPlanAnswer *a = &plan->answers[kind];
  guint n = MIN ((guint) opt_top, a->rows->len);

  /* TRANSLATORS: column headings of "rigplan-cli plan"; keep them short */
  rp_cli_print_cells (-3, "", -16, _("GPU"), 5, C_("column", "GPUs"), -13, _("TP×PP×ZeRO"),
               -19, _("Recompute"), 10, _("Mem/GPU"), 7, _("Days"), 12,
               kind == RP_PLAN_RENT ? _("This run") : _("Capital"),
               0, kind == RP_PLAN_RENT ? _("Offer") : _("Per month"), 0, NULL);
  for (guint i = 0; i < n; i++)
    {
      const RpPlanRow *r = g_ptr_array_index (a->rows, i);
      const RpTraining *t = &r->scenario->training;
      g_autofree char *mem = rp_units_format_bytes (r->total_bytes);
      g_autofree char *cost = rp_units_format_money (r->cost, plan->currency);
      g_autofree char *shape = g_strdup_printf ("%u×%u×%u", t->tensor_parallel,
                                                t->pipeline_parallel, t->zero_stage);
      g_autofree char *days = rp_units_format_number (r->days, 1);
      g_autofree char *n_gpus = g_strdup_printf ("%u", r->n_gpus);
      g_autofree char *last = NULL;
      const char *mark = (gint) i == a->recommended ? "→" : r->pareto ? "·" : "";

      if (kind == RP_PLAN_RENT)
        last = g_strdup (r->offer != NULL ? r->offer->id : _("your price"));
      else
        last = rp_units_format_money (r->per_month, plan->currency);
      /* the recompute policy by its file name, like the GPU by its id:
       * the labels ("Selective: save matmul outputs …") break the table */
      rp_cli_print_cells (-3, mark, -16, r->gpu->id, 5, n_gpus, -13, shape, -19,
                   rp_enum_info_get_name (&rp_recompute_info, t->recompute), 10, mem, 7, days,
                   12, cost, 0, last, 0, NULL);
    }
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *why = rp_words_plan_row (plan, catalog, kind, i);

      g_print ("   %s %s\n", (gint) i == a->recommended ? "→" : "·", why);
    }
}

static void
print_plan (const RpScenario *scenario,
            const RpCatalog  *catalog,
            const RpPlan     *plan,
            const RpDecision *decision)
{
  static const char *const titles[] = {
    /* TRANSLATORS: a heading of "rigplan-cli plan" */
    N_("Rent: the cost of this run"),
    /* TRANSLATORS: a heading of "rigplan-cli plan" */
    N_("Buy: the capital, and the cost of owning per month"),
  };
  g_autofree char *evaluated = rp_units_format_count ((double) plan->n_evaluated);
  g_autofree char *space = rp_units_format_count ((double) plan->n_space);
  g_autofree char *seconds = rp_units_format_number (plan->seconds, 2);

  g_print ("%s\n", rp_cli_one_line (scenario->name));
  /* TRANSLATORS: machines searched, of all; settings estimated, of the space; seconds */
  g_print (_("%u of %u machines searched; %s of %s settings estimated in %s s.\n\n"),
           plan->n_searched, plan->n_machines, evaluated, space, seconds);
  print_decision (decision);
  for (guint a = 0; a < RP_N_PLAN_ANSWERS; a++)
    {
      const RpPlanAnswer *answer = &plan->answers[a];

      if (answer->status == RP_PLAN_STATUS_NOT_ASKED)
        continue;
      g_print ("%s\n", _(titles[a]));
      if (answer->recommended < 0)
        {
          g_autofree char *reason = rp_words_plan_reason (plan, catalog, (gint) a);

          g_print ("   %s\n", reason);
        }
      if (answer->rows->len > 0)
        print_plan_rows (plan, catalog, a);
      g_print ("\n");
    }
}

static char *
change_value_text (const RpField *f,
                   double         number,
                   const char    *text)
{
  if (f->type == RP_FIELD_STRING)
    return g_strdup (text != NULL ? text : "null");
  if (isnan (number))
    return g_strdup ("null");
  if (f->choices != NULL)
    return g_strdup (rp_enum_info_get_name (f->choices, (guint) number));
  if (f->type == RP_FIELD_BOOL)
    return g_strdup (number != 0 ? "true" : "false");
  return rp_units_format_number (number, f->digits);
}

/* Writes @scenario on the machine @which names to opt_apply_output and
 * prints each changed key from → to. */
static int
apply_plan (const char       *input,
            const RpScenario *scenario,
            const RpCatalog  *catalog,
            const RpPlan     *plan,
            const RpDecision *decision)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RpScenario) applied = rp_decision_apply (decision, scenario, catalog, plan,
                                                     opt_apply, &error);
  g_autoptr(GArray) changes = NULL;

  if (applied == NULL)
    return rp_cli_fail (EXIT_USAGE, error->message);
  if (!rp_scenario_save_file (applied, opt_apply_output, &error))
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  changes = rp_scenario_diff (scenario, applied);
  /* TRANSLATORS: the scenario file, then what was applied ("recommended") */
  g_print (_("%s, %s:\n"), input, opt_apply);
  for (guint i = 0; i < changes->len; i++)
    {
      const RpChange *c = &g_array_index (changes, RpChange, i);
      const RpField *f = rp_fields_lookup (c->key);
      g_autofree char *from = change_value_text (f, c->from, c->from_text);
      g_autofree char *to = change_value_text (f, c->to, c->to_text);

      g_print ("  %s: %s → %s\n", c->key, from, to);
    }
  g_print (_("Wrote %s\n"), opt_apply_output);
  return EXIT_OK;
}

static int
run_plan (const RpCliCommand *command,
          int                 argc,
          char              **argv)
{
  g_autoptr(GOptionContext) context = rp_cli_command_context (command);
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = NULL;
  g_autoptr(RpScenario) scenario = NULL;
  g_autoptr(RpPlan) plan = NULL;
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  g_autoptr(RpDecision) decision = NULL;
  RpPlanOptions options;
  int status = EXIT_OK;

  if (!g_option_context_parse (context, &argc, &argv, &error))
    return rp_cli_usage_error (context, error->message);
  if (argc != 2)
    return rp_cli_usage_error (context, _("name one scenario file"));
  if (opt_top < 1)
    return rp_cli_usage_error (context, _("--top must be at least 1"));
  if ((opt_apply != NULL) != (opt_apply_output != NULL))
    return rp_cli_usage_error (context, _("--apply and -o go together"));
  if (!rp_cli_check_output (opt_apply_output, (const char *const *) argv + 1,
                            RP_FILE_KIND_SCENARIO, &status))
    return status;
  catalog = rp_cli_load_catalog (rp_cli_catalog_dir (), &error);
  if (catalog == NULL)
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  scenario = rp_scenario_load_file (argv[1], &error);
  if (scenario == NULL)
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  if (!apply_plan_options (scenario, &error))
    return rp_cli_usage_error (context, error->message);
  rp_plan_options_init (&options);
  options.top = MAX (options.top, (guint) opt_top);
  plan = rp_plan_compute (scenario, catalog, &options, NULL, NULL, NULL, &error);
  if (plan == NULL || !rp_fix_estimate (scenario, catalog, est, &error) ||
      (decision = rp_decision_new (scenario, catalog, est, plan, today_date (), &error)) == NULL)
    {
      g_autofree char *message = g_strdup_printf ("%s: %s", argv[1], error->message);
      return rp_cli_fail (EXIT_BAD_INPUT, message);
    }
  if (opt_apply != NULL)
    return apply_plan (argv[1], scenario, catalog, plan, decision);
  if (rp_cli_json_wanted ())
    print_json (rp_plan_to_json (plan, catalog, decision, (guint) opt_top));
  else
    print_plan (scenario, catalog, plan, decision);
  return EXIT_OK;
}

/* ---- guide ---------------------------------------------------------- */

static char *opt_budget = NULL;
static char *opt_deadline = NULL;
static char *opt_guide_currency = NULL;

static const GOptionEntry guide_entries[] = {
  { "budget", 0, 0, G_OPTION_ARG_STRING, &opt_budget,
    N_("The most a run may cost rented, and a purchase (in the currency)"), N_("MONEY") },
  { "deadline", 0, 0, G_OPTION_ARG_STRING, &opt_deadline,
    N_("Days each run may take (default 7)"), N_("DAYS") },
  { "currency", 0, 0, G_OPTION_ARG_STRING, &opt_guide_currency,
    N_("USD or CNY (default: the language's)"), N_("CUR") },
  { NULL }
};

/* A money or day value the user typed for @key's field; NAN for none. */
static gboolean
parse_guide_value (const char *text,
                   const char *key,
                   double     *out,
                   GError    **error)
{
  *out = NAN;
  if (text == NULL)
    return TRUE;
  return rp_field_parse_text (rp_fields_lookup (key), text, out, error);
}

static void
print_guide_answer (const RpGuideRow *row,
                    const RpCatalog  *catalog,
                    guint             kind)
{
  g_autofree char *text = rp_words_plan_answer (row->plan, row->decision, catalog, kind);

  /* TRANSLATORS: the two lines of a row of "rigplan-cli guide" */
  g_print ("   %s %s\n", kind == RP_PLAN_RENT ? _("Rent:") : _("Buy:"), text);
}

static int
run_guide (const RpCliCommand *command,
           int                 argc,
           char              **argv)
{
  g_autoptr(GOptionContext) context = rp_cli_command_context (command);
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = NULL;
  g_autoptr(RpGuide) guide = NULL;
  g_autofree char *dir = rp_guide_default_dir ();
  RpCurrency currency = RP_CURRENCY_USD;
  double budget, deadline;

  if (!g_option_context_parse (context, &argc, &argv, &error))
    return rp_cli_usage_error (context, error->message);
  if (argc != 1)
    return rp_cli_usage_error (context, _("the guide takes no file"));
  /* TRANSLATORS: the currency a new plan is in: "USD" or "CNY" */
  rp_currency_from_string (C_("default currency", "USD"), &currency);
  if (opt_guide_currency != NULL && !rp_currency_from_string (opt_guide_currency, &currency))
    return rp_cli_usage_error (context, _("--currency must be USD or CNY"));
  if (!parse_guide_value (opt_budget, "budget.limit", &budget, &error) ||
      !parse_guide_value (opt_deadline, "budget.deadline_days", &deadline, &error))
    return rp_cli_usage_error (context, error->message);
  if (isnan (deadline))
    deadline = RP_GUIDE_DEFAULT_DEADLINE_DAYS;
  catalog = rp_cli_load_catalog (rp_cli_catalog_dir (), &error);
  if (catalog == NULL)
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  guide = rp_guide_load (dir, &error);
  if (guide == NULL || !rp_guide_compute (guide, catalog, currency, budget, deadline, NULL,
                                          NULL, NULL, &error))
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  if (rp_cli_json_wanted ())
    {
      print_json (rp_guide_to_json (guide, catalog));
      return EXIT_OK;
    }
  {
    g_autofree char *within = rp_units_format_hours (deadline * 24);

    /* TRANSLATORS: %s is a duration, "7.0 days" */
    g_print (_("Sizing guide: each row planned now from a bundled scenario, to finish within "
               "%s (--deadline); rigplan-cli guide --json shows the sources.\n"), within);
  }
  for (guint i = 0; i < guide->rows->len; i++)
    {
      const RpGuideRow *row = g_ptr_array_index (guide->rows, i);

      g_print ("\n%s — %s\n", row->title, row->scenario->name);
      print_guide_answer (row, catalog, RP_PLAN_RENT);
      print_guide_answer (row, catalog, RP_PLAN_BUY);
    }
  return EXIT_OK;
}

/* ---- export --------------------------------------------------------- */

/* The chart layer's own cap (rp-chart-export.c), checked before any work. */
static const double max_png_pixels = 100e6;

static char *opt_output = NULL;
static char *opt_chart = NULL;
static char *opt_paper = NULL;
static double opt_width = 0;
static double opt_height = 0;

static const GOptionEntry export_entries[] = {
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &opt_output,
    N_("Write to FILE (.pdf, .png, .svg, .csv or .json)"), N_("FILE") },
  { "chart", 0, 0, G_OPTION_ARG_STRING, &opt_chart,
    N_("Only this chart: vram, time, cost or break-even"), N_("NAME") },
  { "paper", 0, 0, G_OPTION_ARG_STRING, &opt_paper,
    N_("Paper of the PDF plan: a4 or letter (default: the locale’s)"), N_("NAME") },
  { "width", 0, 0, G_OPTION_ARG_DOUBLE, &opt_width,
    N_("Width in pixels (PNG) or points (PDF, SVG)"), N_("W") },
  { "height", 0, 0, G_OPTION_ARG_DOUBLE, &opt_height,
    N_("Height in pixels (PNG) or points (PDF, SVG)"), N_("H") },
  { NULL }
};

static int
run_export (const RpCliCommand *command,
            int                 argc,
            char              **argv)
{
  g_autoptr(GOptionContext) context = rp_cli_command_context (command);
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = NULL;
  g_autoptr(RpScenario) scenario = NULL;
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  g_autoptr(RpChartData) data = NULL;
  g_autoptr(RpDecision) decision = NULL;
  g_autofree char *lower = NULL;
  RpChartKind kind = RP_CHART_VRAM;
  RpReportOptions options;
  RpEstimateFormat data_format = RP_ESTIMATE_FORMAT_JSON;
  gboolean is_png, is_svg, is_pdf, is_data;
  double width, height;
  int status = EXIT_OK;

  if (!g_option_context_parse (context, &argc, &argv, &error))
    return rp_cli_usage_error (context, error->message);
  if (argc != 2)
    return rp_cli_usage_error (context, _("name one scenario file"));
  if (opt_output == NULL)
    return rp_cli_usage_error (context, _("name the output file with -o FILE"));
  lower = g_ascii_strdown (opt_output, -1);
  is_png = g_str_has_suffix (lower, ".png");
  is_svg = g_str_has_suffix (lower, ".svg");
  is_pdf = g_str_has_suffix (lower, ".pdf");
  is_data = rp_estimate_format_from_path (opt_output, &data_format);
  if (!is_png && !is_svg && !is_pdf && !is_data)
    return rp_cli_usage_error (context, _("the output file must end in .pdf, .png, .svg, .csv or "
                                   ".json"));
  if (is_data && opt_chart != NULL)
    return rp_cli_usage_error (context, _("--chart draws a chart: write it to .pdf, .png or .svg"));
  if (opt_chart != NULL && !rp_chart_kind_from_string (opt_chart, &kind))
    return rp_cli_usage_error (context, _("--chart must be vram, time, cost or break-even"));
  if (opt_chart == NULL && !is_pdf && !is_data)
    return rp_cli_usage_error (context, _("name a chart with --chart for PNG and SVG"));
  if (!rp_cli_check_output (opt_output, (const char *const *) argv + 1,
                            rp_cli_export_kind (opt_output, RP_FILE_KIND_ESTIMATE_JSON), &status))
    return status;
  rp_report_options_init (&options);
  if (opt_paper != NULL && !rp_paper_from_string (opt_paper, &options.paper))
    return rp_cli_usage_error (context, _("--paper must be a4 or letter"));
  if (opt_width < 0 || opt_height < 0 || opt_width > 32768 || opt_height > 32768)
    return rp_cli_usage_error (context, _("--width and --height must be between 1 and 32768"));
  /* PNG in pixels; PDF and SVG in points (A4 landscape). */
  width = opt_width > 0 ? opt_width : is_png ? 1200 : 842;
  height = opt_height > 0 ? opt_height : is_png ? 700 : 595;
  /* 32000 × 16000 took 21 s and 2 GB; 32768² is past what Cairo can draw */
  if (is_png && opt_chart != NULL && ceil (width) * ceil (height) > max_png_pixels)
    return rp_cli_usage_error (context, _("a PNG can have at most 100 million pixels "
                                   "(--width × --height)"));
  catalog = rp_cli_load_catalog (rp_cli_catalog_dir (), &error);
  if (catalog == NULL)
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  scenario = rp_scenario_load_file (argv[1], &error);
  if (scenario == NULL)
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  if (!rp_fix_estimate (scenario, catalog, est, &error))
    {
      g_autofree char *message = g_strdup_printf ("%s: %s", argv[1], error->message);
      return rp_cli_fail (EXIT_BAD_INPUT, message);
    }
  if (is_data || opt_chart == NULL)
    {
      decision = rp_decision_compute (scenario, catalog, est, today_date (), NULL, &error);
      if (decision == NULL)
        return rp_cli_fail (EXIT_BAD_INPUT, error->message);
      options.decision = decision;
    }
  if (is_data)
    {
      if (!rp_estimate_write_file (scenario, catalog, est, decision, data_format, opt_output,
                                   &error))
        return rp_cli_fail (EXIT_BAD_INPUT, error->message);
      return EXIT_OK;
    }
  if (opt_chart == NULL)
    {
      if (!rp_report_write_pdf (scenario, catalog, est, &options, opt_output, &error))
        return rp_cli_fail (EXIT_BAD_INPUT, error->message);
      return EXIT_OK;
    }
  data = rp_chart_data_new (kind, scenario, catalog, est);
  if (!rp_chart_export_file (data, opt_output, width, height, NULL, &error))
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  return EXIT_OK;
}

/* ---- schema --------------------------------------------------------- */

static gboolean opt_json_schema = FALSE;

static const GOptionEntry schema_entries[] = {
  { "json-schema", 0, 0, G_OPTION_ARG_NONE, &opt_json_schema,
    N_("Print a JSON Schema (draft 2020-12) of the scenario file, for editors and validators"),
    NULL },
  { NULL }
};

static char *
field_range_text (const RpField *f)
{
  if (f->type == RP_FIELD_ENUM || (f->choices != NULL && f->type == RP_FIELD_UINT))
    return rp_enum_info_list_names (f->choices);
  if (f->type == RP_FIELD_BOOL)
    return g_strdup ("true, false");
  if (f->type == RP_FIELD_STRING)
    {
      static const char *const refs[] = { "", N_("a model id"), N_("a GPU id"),
                                          N_("an offer id"), N_("a region id"),
                                          N_("GPU ids, comma-separated") };
      return g_strdup (f->ref != RP_FIELD_REF_NONE ? _(refs[f->ref]) : _("text"));
    }
  return rp_field_describe_range (f);
}

static void
print_schema (void)
{
  RpSection section = RP_N_SECTIONS;

  /* TRANSLATORS: column headings of "rigplan-cli schema" */
  rp_cli_print_cells (-34, _("Key"), -8, _("Type"), -34, _("Accepted"), -14, _("Unit"), 0, _("Label"),
               0, NULL);
  for (guint i = 0; i < rp_fields_n (); i++)
    {
      const RpField *f = rp_fields_get (i);
      g_autofree char *range = field_range_text (f);
      g_autofree char *unit = f->unit != RP_UNIT_NONE ? g_strdup (rp_unit_get_name (f->unit))
                                                      : g_strdup ("");
      g_autofree char *label = NULL;

      if (f->section != section && i > 0)
        g_print ("\n");
      section = f->section;
      label = (f->flags & RP_FIELD_NULLABLE) != 0
              /* TRANSLATORS: a field's label, then what null means ("from the catalog") */
              ? g_strdup_printf (_("%s (null: %s)"), rp_field_get_label (f),
                                 rp_field_get_null_label (f))
              : g_strdup (rp_field_get_label (f));
      rp_cli_print_cells (-34, f->key, -8, rp_field_type_to_string (f->type), -34, range, -14, unit,
                   0, label, 0, NULL);
    }
}

static int
run_schema (const RpCliCommand *command,
            int                 argc,
            char              **argv)
{
  g_autoptr(GOptionContext) context = rp_cli_command_context (command);
  g_autoptr(GError) error = NULL;

  if (!g_option_context_parse (context, &argc, &argv, &error))
    return rp_cli_usage_error (context, error->message);
  if (argc != 1)
    return rp_cli_usage_error (context, _("schema takes no file"));
  if (rp_cli_json_wanted () && opt_json_schema)
    return rp_cli_usage_error (context, _("choose --json or --json-schema, not both"));
  if (opt_json_schema)
    print_json (rp_fields_json_schema ());
  else if (rp_cli_json_wanted ())
    print_json (rp_fields_schema_to_json ());
  else
    print_schema ();
  return EXIT_OK;
}

/* ---- fix ------------------------------------------------------------ */

static char *opt_fix_output = NULL;

static const GOptionEntry fix_entries[] = {
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &opt_fix_output,
    N_("Write the fixed scenario to FILE"), N_("FILE") },
  { NULL }
};


static void
print_fix (const char       *input,
           const RpScenario *before,
           const RpEstimate *before_est,
           const RpScenario *after,
           const RpEstimate *after_est,
           const RpCatalog  *catalog)
{
  g_autofree char *was = rp_words_verdict_title (before, before_est);
  g_autofree char *now = rp_words_verdict_title (after, after_est);
  g_autofree char *action = rp_words_fix_action (catalog, &before_est->fix);
  const GArray *changes = before_est->fix.changes;

  g_print ("%s\n", input);
  /* TRANSLATORS: "Before: Does not fit on …" */
  g_print (_("Before: %s\n"), was);
  g_print (_("Fix:    %s\n"), action);
  for (guint i = 0; changes != NULL && i < changes->len; i++)
    {
      const RpChange *c = &g_array_index (changes, RpChange, i);
      const RpField *f = rp_fields_lookup (c->key);
      g_autofree char *from = change_value_text (f, c->from, c->from_text);
      g_autofree char *to = change_value_text (f, c->to, c->to_text);

      g_print ("        %s: %s → %s\n", c->key, from, to);
    }
  g_print (_("After:  %s\n"), now);
  /* TRANSLATORS: %s is the file the fixed scenario went to */
  g_print (_("Wrote %s\n"), opt_fix_output);
}

/* Estimates @scenario into a new estimate, or says why not. */
static RpEstimate *
estimate_or_fail (const char       *path,
                  const RpScenario *scenario,
                  const RpCatalog  *catalog,
                  int              *status)
{
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  g_autoptr(GError) error = NULL;

  if (!rp_fix_estimate (scenario, catalog, est, &error))
    {
      g_autofree char *message = g_strdup_printf ("%s: %s", path, error->message);

      *status = rp_cli_fail (EXIT_BAD_INPUT, message);
      return NULL;
    }
  return g_steal_pointer (&est);
}

static int
run_fix (const RpCliCommand *command,
         int                 argc,
         char              **argv)
{
  g_autoptr(GOptionContext) context = rp_cli_command_context (command);
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = NULL;
  g_autoptr(RpScenario) scenario = NULL;
  g_autoptr(RpScenario) fixed = NULL;
  g_autoptr(RpEstimate) est = NULL;
  g_autoptr(RpEstimate) after = NULL;
  int status = EXIT_OK;

  if (!g_option_context_parse (context, &argc, &argv, &error))
    return rp_cli_usage_error (context, error->message);
  if (argc != 2)
    return rp_cli_usage_error (context, _("name one scenario file"));
  if (opt_fix_output == NULL)
    return rp_cli_usage_error (context, _("name the fixed file with -o FILE"));
  if (!rp_cli_check_output (opt_fix_output, (const char *const *) argv + 1,
                            RP_FILE_KIND_SCENARIO, &status))
    return status;
  catalog = rp_cli_load_catalog (rp_cli_catalog_dir (), &error);
  if (catalog == NULL)
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  scenario = rp_scenario_load_file (argv[1], &error);
  if (scenario == NULL)
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  est = estimate_or_fail (argv[1], scenario, catalog, &status);
  if (est == NULL)
    return status;
  if (est->fix.status == RP_FIX_NONE)
    {
      g_autofree char *title = rp_words_verdict_title (scenario, est);

      /* TRANSLATORS: rigplan-cli fix when there is nothing to change; %s is the verdict */
      g_print (_("%s: nothing to fix (%s); nothing written.\n"), argv[1], title);
      return EXIT_OK;
    }
  if (est->fix.status != RP_FIX_FOUND)
    {
      g_autofree char *sentence = rp_words_fix_sentence (catalog, est);
      g_autofree char *message = g_strdup_printf ("%s: %s", argv[1], sentence);

      return rp_cli_fail (EXIT_BAD_INPUT, message);
    }
  fixed = rp_fix_apply (scenario, catalog, &est->fix, &error);
  if (fixed == NULL)
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  after = estimate_or_fail (opt_fix_output, fixed, catalog, &status);
  if (after == NULL)
    return status;
  if (!rp_scenario_save_file (fixed, opt_fix_output, &error))
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  if (rp_cli_json_wanted ())
    print_json (rp_estimate_to_json (fixed, catalog, after, NULL));
  else
    print_fix (argv[1], scenario, est, fixed, after, catalog);
  return EXIT_OK;
}

/* ---- compare -------------------------------------------------------- */

static char *opt_compare_output = NULL;
static gboolean opt_csv = FALSE;

static char *opt_compare_paper = NULL;

static const GOptionEntry compare_entries[] = {
  { "csv", 0, 0, G_OPTION_ARG_NONE, &opt_csv, N_("Print CSV for spreadsheets"), NULL },
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &opt_compare_output,
    N_("Write to FILE (.pdf, .csv or .json) instead of printing"), N_("FILE") },
  { "paper", 0, 0, G_OPTION_ARG_STRING, &opt_compare_paper,
    N_("Paper of the PDF report: a4 or letter (default: the locale’s)"), N_("NAME") },
  { NULL }
};

/* Widest a scenario's column gets before its text wraps. */
static const int compare_max_cell_width = 26;
static const int compare_max_label_width = 30;

/* @text cut into lines of at most @width terminal columns, at spaces
 * where there are some, else between any two characters (Chinese).
 * Transfer full. */
static GPtrArray *
wrap_cell (const char *text,
           int         width)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  const char *start = text;

  while (*start != '\0')
    {
      const char *p = start, *last_space = NULL, *end = NULL;
      int w = 0;

      for (; *p != '\0'; p = g_utf8_next_char (p))
        {
          gunichar c = g_utf8_get_char (p);
          int cw = g_unichar_iszerowidth (c) ? 0 : g_unichar_iswide (c) ? 2 : 1;

          if (c == ' ')
            last_space = p;
          if (w + cw > width && p > start)
            {
              end = last_space != NULL ? last_space : p;
              break;
            }
          w += cw;
        }
      if (end == NULL)
        end = p;
      g_ptr_array_add (lines, g_strndup (start, end - start));
      start = end;
      while (*start == ' ')
        start++;
    }
  if (lines->len == 0)
    g_ptr_array_add (lines, g_strdup (""));
  return lines;
}

static const char *
status_mark (const char *status)
{
  if (g_str_equal (status, "fits"))
    return "✓";
  if (g_str_equal (status, "tight"))
    return "!";
  return "✗";
}

/* A cell as printed: its text, " *" when it holds the row's best. */
static char *
cell_text (const RpCompareRow *row,
           guint               i)
{
  return row->is_best[i] ? g_strdup_printf ("%s *", row->texts[i]) : g_strdup (row->texts[i]);
}

static void print_compare_row (const RpCompare    *cmp,
                               const RpCompareRow *row,
                               int                 label_w,
                               const int          *cell_w);

/* Under a figure with a band, its likely range in each column. */
static void
print_band_row (const RpCompare    *cmp,
                const RpCompareRow *row,
                int                 label_w,
                const int          *cell_w)
{
  g_autofree char **texts = g_new0 (char *, row->n_columns + 1);
  g_autofree gboolean *none = g_new0 (gboolean, row->n_columns);
  g_autofree char *label = NULL;
  RpCompareRow band = *row;

  for (guint i = 0; i < row->n_columns; i++)
    texts[i] = row->band_texts[i] != NULL ? row->band_texts[i] : "";
  /* TRANSLATORS: under a figure of the comparison, the range it likely
   * falls in, from Rigplan's error on published runs */
  label = g_strconcat ("  ", _("likely"), NULL);
  band.label = label;
  band.texts = texts;
  band.is_best = none;
  band.kind = RP_COMPARE_ROW_RESULT;
  print_compare_row (cmp, &band, label_w, cell_w);
}

static void
compare_widths (const RpCompare *cmp,
                int             *label_w,
                int             *cell_w)
{
  guint n = rp_compare_get_n_columns (cmp);

  *label_w = 0;
  for (guint i = 0; i < n; i++)
    cell_w[i] = rp_units_display_width (rp_compare_get_letter (cmp, i)) + 2;
  for (guint r = 0; r < rp_compare_get_n_rows (cmp); r++)
    {
      const RpCompareRow *row = rp_compare_get_row (cmp, r);

      *label_w = MAX (*label_w, rp_units_display_width (row->label) + 2);
      for (guint i = 0; i < n; i++)
        {
          g_autofree char *text = cell_text (row, i);

          cell_w[i] = MAX (cell_w[i], rp_units_display_width (text));
        }
    }
  *label_w = MIN (*label_w, compare_max_label_width);
  for (guint i = 0; i < n; i++)
    cell_w[i] = MIN (cell_w[i], compare_max_cell_width);
}

/* One row, its cells wrapped; "~" before the label of an input that
 * differs between the scenarios. */
static void
print_compare_row (const RpCompare    *cmp,
                   const RpCompareRow *row,
                   int                 label_w,
                   const int          *cell_w)
{
  guint n = rp_compare_get_n_columns (cmp);
  g_autoptr(GPtrArray) label_lines = wrap_cell (row->label, label_w - 2);
  g_autoptr(GPtrArray) cells = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  guint n_lines = label_lines->len;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = cell_text (row, i);
      GPtrArray *lines = wrap_cell (text, cell_w[i]);

      n_lines = MAX (n_lines, lines->len);
      g_ptr_array_add (cells, lines);
    }
  for (guint l = 0; l < n_lines; l++)
    {
      g_autoptr(GString) line = g_string_new (NULL);
      const char *label = l < label_lines->len ? g_ptr_array_index (label_lines, l) : "";
      g_autofree char *padded = rp_units_pad (label, -(label_w - 2));

      g_string_append (line, l == 0 && row->kind == RP_COMPARE_ROW_INPUT && row->differs
                             ? "~ " : "  ");
      g_string_append (line, padded);
      for (guint i = 0; i < n; i++)
        {
          GPtrArray *lines = g_ptr_array_index (cells, i);
          const char *part = l < lines->len ? g_ptr_array_index (lines, l) : "";
          g_autofree char *cell = rp_units_pad (part, -cell_w[i]);

          g_string_append (line, "  ");
          g_string_append (line, cell);
        }
      while (line->len > 0 && line->str[line->len - 1] == ' ')
        g_string_truncate (line, line->len - 1);
      g_print ("%s\n", line->str);
    }
}

static void
print_compare_heading (const RpCompare *cmp,
                       const char      *title,
                       int              label_w,
                       const int       *cell_w)
{
  g_autoptr(GString) line = g_string_new (NULL);
  g_autofree char *padded = rp_units_pad (title, -label_w);

  g_string_append (line, padded);
  for (guint i = 0; i < rp_compare_get_n_columns (cmp); i++)
    {
      g_autofree char *head = g_strdup_printf ("%s %s", rp_compare_get_letter (cmp, i),
                                               status_mark (rp_compare_get_status (cmp, i)));
      g_autofree char *cell = rp_units_pad (head, -cell_w[i]);

      g_string_append (line, "  ");
      g_string_append (line, cell);
    }
  while (line->len > 0 && line->str[line->len - 1] == ' ')
    g_string_truncate (line, line->len - 1);
  g_print ("%s\n", line->str);
}

static void
print_compare (const RpCompare *cmp)
{
  guint n = rp_compare_get_n_columns (cmp);
  g_autofree int *cell_w = g_new (int, n);
  g_autofree char *note = rp_words_compare_currency_note (cmp);
  g_autofree char *best = NULL;
  int label_w;
  RpCompareRowKind kind = RP_COMPARE_ROW_RESULT;

  compare_widths (cmp, &label_w, cell_w);
  for (guint i = 0; i < n; i++)
    {
      const char *source = rp_compare_get_source (cmp, i);

      if (source != NULL)
        g_print ("%s %s  %s (%s)\n", rp_compare_get_letter (cmp, i),
                 status_mark (rp_compare_get_status (cmp, i)),
                 rp_cli_one_line (rp_words_compare_name (cmp, i)), source);
      else
        g_print ("%s %s  %s\n", rp_compare_get_letter (cmp, i),
                 status_mark (rp_compare_get_status (cmp, i)),
                 rp_cli_one_line (rp_words_compare_name (cmp, i)));
    }
  for (guint r = 0; r < rp_compare_get_n_rows (cmp); r++)
    {
      const RpCompareRow *row = rp_compare_get_row (cmp, r);

      if (row->kind != kind)
        {
          kind = row->kind;
          g_print ("\n");
          /* TRANSLATORS: the two parts of "rigplan-cli compare" */
          print_compare_heading (cmp, kind == RP_COMPARE_ROW_INPUT ? _("Inputs") : _("Results"),
                                 label_w, cell_w);
        }
      print_compare_row (cmp, row, label_w, cell_w);
      if (row->has_band)
        print_band_row (cmp, row, label_w, cell_w);
    }
  g_print ("\n");
  best = rp_words_compare_best_legend (cmp, "*");
  /* TRANSLATORS: the legend under "rigplan-cli compare": what marks the
   * best, then the mark ~ of a differing input (keep it) */
  g_print (_("%s\n~ an input that differs\n"), best);
  if (note != NULL)
    g_print ("%s\n", note);
}

/* Adds the scenarios of @path (a scenario, or a comparison's entries)
 * to @scenarios and @sources; FALSE with the error printed. */
static gboolean
add_compare_input (const char *path,
                   GPtrArray  *scenarios,
                   GPtrArray  *sources,
                   int        *status)
{
  static gsize text_bytes = 0;  /* the comparison's budget (rp-compare-set.h) */
  g_autoptr(GError) error = NULL;

  if (g_str_has_suffix (path, ".rigplan-compare"))
    {
      g_autoptr(RpCompareSet) set = rp_compare_set_load_file (path, &error);
      g_autofree char *missing = NULL;

      if (set == NULL || rp_compare_set_count_missing (set, &missing) > 0)
        {
          *status = rp_cli_fail (EXIT_BAD_INPUT, set == NULL ? error->message : missing);
          return FALSE;
        }
      for (guint i = 0; i < rp_compare_set_get_n (set); i++)
        {
          const RpCompareEntry *entry = rp_compare_set_get (set, i);

          if (!rp_compare_set_charge_text (&text_bytes, entry->scenario, &error))
            {
              *status = rp_cli_fail_file (EXIT_BAD_INPUT, path, error);
              return FALSE;
            }
          g_ptr_array_add (scenarios, rp_scenario_copy (entry->scenario));
          g_ptr_array_add (sources, g_strdup (entry->path != NULL ? entry->path : path));
        }
      return TRUE;
    }
  {
    g_autoptr(RpScenario) scenario = rp_scenario_load_file (path, &error);

    if (scenario == NULL || !rp_compare_set_charge_text (&text_bytes, scenario, &error))
      {
        *status = rp_cli_fail_file (EXIT_BAD_INPUT, scenario != NULL ? path : NULL, error);
        return FALSE;
      }
    g_ptr_array_add (scenarios, g_steal_pointer (&scenario));
    g_ptr_array_add (sources, g_strdup (path));
  }
  return TRUE;
}

static int
write_compare (const RpCompare *cmp,
               const char      *path)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  if (g_str_has_suffix (lower, ".csv"))
    text = rp_compare_to_csv (cmp);
  else
    text = rp_compare_to_json (cmp);
  if (!rp_file_write_atomic (path, text, strlen (text), &error))
    {
      g_autofree char *message = g_strdup_printf ("%s: %s", path, error->message);

      return rp_cli_fail (EXIT_BAD_INPUT, message);
    }
  return EXIT_OK;
}

static int
run_compare (const RpCliCommand *command,
             int                 argc,
             char              **argv)
{
  g_autoptr(GOptionContext) context = rp_cli_command_context (command);
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = NULL;
  g_autoptr(GPtrArray) scenarios = g_ptr_array_new_with_free_func ((GDestroyNotify) rp_scenario_free);
  g_autoptr(GPtrArray) sources = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(RpCompare) cmp = NULL;
  g_autofree char *lower = NULL;
  RpReportOptions options;
  int status = EXIT_OK;

  if (!g_option_context_parse (context, &argc, &argv, &error))
    return rp_cli_usage_error (context, error->message);
  if (argc < 2)
    return rp_cli_usage_error (context, _("name the scenario files to compare"));
  if (rp_cli_json_wanted () && opt_csv)
    return rp_cli_usage_error (context, _("choose --json or --csv, not both"));
  if (opt_compare_output != NULL)
    {
      lower = g_ascii_strdown (opt_compare_output, -1);
      if (!g_str_has_suffix (lower, ".pdf") && !g_str_has_suffix (lower, ".csv") &&
          !g_str_has_suffix (lower, ".json"))
        return rp_cli_usage_error (context, _("the output file must end in .pdf, .csv or .json"));
      if (!rp_cli_check_output (opt_compare_output, (const char *const *) argv + 1,
                                rp_cli_export_kind (opt_compare_output,
                                                    RP_FILE_KIND_COMPARISON_JSON),
                                &status))
        return status;
    }
  rp_report_options_init (&options);
  if (opt_compare_paper != NULL && !rp_paper_from_string (opt_compare_paper, &options.paper))
    return rp_cli_usage_error (context, _("--paper must be a4 or letter"));
  catalog = rp_cli_load_catalog (rp_cli_catalog_dir (), &error);
  if (catalog == NULL)
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  for (int i = 1; i < argc && scenarios->len <= RP_COMPARE_MAX_SCENARIOS; i++)
    if (!add_compare_input (argv[i], scenarios, sources, &status))
      return status;
  if (scenarios->len < 2 && argc == 2 && g_str_has_suffix (argv[1], ".rigplan-compare"))
    return rp_cli_compare_too_few (argv[1], scenarios->len);
  if (scenarios->len < 2)
    return rp_cli_usage_error (context, _("name at least two scenarios to compare"));
  if (scenarios->len > RP_COMPARE_MAX_SCENARIOS)
    {
      g_autofree char *message = g_strdup_printf (_("at most %u scenarios can be compared"),
                                                  RP_COMPARE_MAX_SCENARIOS);

      return rp_cli_usage_error (context, message);
    }
  g_ptr_array_add (sources, NULL);
  cmp = rp_compare_new (catalog, (const RpScenario *const *) scenarios->pdata,
                        (const char *const *) sources->pdata, scenarios->len);
  /* each scenario's one decision, as `estimate` gives it */
  rp_compare_add_decisions (cmp, rp_compare_decide (cmp, catalog, today_date ()));
  rp_words_compare_describe (cmp, catalog);
  if (opt_compare_output != NULL && g_str_has_suffix (lower, ".pdf"))
    {
      if (!rp_report_compare_write_pdf (cmp, catalog, &options, opt_compare_output, &error))
        return rp_cli_fail (EXIT_BAD_INPUT, error->message);
      return EXIT_OK;
    }
  if (opt_compare_output != NULL)
    return write_compare (cmp, opt_compare_output);
  if (rp_cli_json_wanted ())
    print_json (rp_compare_to_json (cmp));
  else if (opt_csv)
    print_json (rp_compare_to_csv (cmp));
  else
    print_compare (cmp);
  return EXIT_OK;
}

/* ---- catalog check, catalog import-prices --------------------------- */

/* The start both catalog subcommands share: their options parsed,
 * @n_args arguments (the command's name among them) or @wrong_args as
 * the usage error, and the catalog loaded.  Returns EXIT_OK with
 * *@catalog set, or the status to exit with. */
static int
start_catalog_command (const RpCliCommand *command,
                       int                *argc,
                       char             ***argv,
                       int                 n_args,
                       const char         *wrong_args,
                       RpCatalog         **catalog)
{
  g_autoptr(GOptionContext) context = rp_cli_command_context (command);
  g_autoptr(GError) error = NULL;

  if (!g_option_context_parse (context, argc, argv, &error))
    return rp_cli_usage_error (context, error->message);
  if (*argc != n_args)
    return rp_cli_usage_error (context, wrong_args);
  *catalog = rp_cli_load_catalog (rp_cli_catalog_dir (), &error);
  if (*catalog == NULL)
    return rp_cli_fail (EXIT_BAD_INPUT, error->message);
  return EXIT_OK;
}

static GDate *
new_today (void)
{
  GDate *today = g_date_new ();

  g_date_set_time_t (today, time (NULL));
  return today;
}

static int
run_catalog_check (const RpCliCommand *command,
                   int                 argc,
                   char              **argv)
{
  g_autoptr(RpCatalog) catalog = NULL;
  g_autoptr(GDate) today = new_today ();
  int status = start_catalog_command (command, &argc, &argv, 1,
                                      _("catalog check takes no file"), &catalog);

  if (status != EXIT_OK)
    return status;
  return rp_cli_catalog_check (catalog, rp_cli_json_wanted (), today);
}

static int
run_catalog_import (const RpCliCommand *command,
                    int                 argc,
                    char              **argv)
{
  g_autoptr(RpCatalog) catalog = NULL;
  g_autoptr(GDate) today = new_today ();
  int status = start_catalog_command (command, &argc, &argv, 2,
                                      _("import-prices needs one price list (FILE.csv)"),
                                      &catalog);

  if (status != EXIT_OK)
    return status;
  return rp_cli_catalog_import (catalog, argv[1], rp_cli_json_wanted (), today);
}

/* ---- the commands --------------------------------------------------- */

/* One entry per command: its --help, the top-level help, the man page and
 * the completions come from here.  A second entry of the same name with a
 * .variant runs when that option is on the command line. */
static const RpCliCommand commands[] = {
  { .name = "estimate", .parameter = N_("FILE.rigplan"),
    .summary = N_("Estimate memory, time and cost of one scenario."),
    .flags = RP_CLI_SHARED_OPTIONS, .args = RP_CLI_ARGS_SCENARIO, .run = run_estimate },
  { .name = "plan", .parameter = N_("FILE.rigplan"),
    .summary = N_("Find the machine to rent and the machine to buy: GPU types, counts and "
                  "parallel settings."),
    .entries = plan_entries, .flags = RP_CLI_SHARED_OPTIONS | RP_CLI_FORCE_OPTION, .args = RP_CLI_ARGS_SCENARIO,
    .run = run_plan },
  { .name = "fix", .parameter = N_("FILE.rigplan"),
    .summary = N_("Apply the change Rigplan proposes for the first unmet check, and save it."),
    .entries = fix_entries, .flags = RP_CLI_SHARED_OPTIONS | RP_CLI_FORCE_OPTION, .args = RP_CLI_ARGS_SCENARIO,
    .run = run_fix },
  { .name = "compare", .parameter = N_("A.rigplan B.rigplan …"),
    .summary = N_("Compare scenarios side by side: inputs, verdicts, time and cost. A "
                  "*.rigplan-compare file stands for its scenarios."),
    .entries = compare_entries, .flags = RP_CLI_SHARED_OPTIONS | RP_CLI_FORCE_OPTION,
    .args = RP_CLI_ARGS_SCENARIOS, .run = run_compare },
  { .name = "export", .parameter = N_("FILE.rigplan"),
    .summary = N_("Write the plan as a PDF report, one chart as PDF, PNG or SVG, or the "
                  "estimate as CSV or JSON; with --format, a launch config (“export --format "
                  "deepspeed --help”)."),
    .entries = export_entries, .flags = RP_CLI_SHARED_OPTIONS | RP_CLI_FORCE_OPTION, .args = RP_CLI_ARGS_SCENARIO,
    .run = run_export },
  { .name = "export", .parameter = N_("FILE.rigplan"), .variant = "format",
    .summary = N_("Write a launch config for a scenario or one row of its plan: a DeepSpeed "
                  "config JSON, an accelerate config YAML, a torchrun script, or how to run "
                  "it."),
    .entries = rp_cli_launch_entries, .flags = RP_CLI_FORCE_OPTION, .args = RP_CLI_ARGS_SCENARIO,
    .run = rp_cli_run_export_launch },
  { .name = "import", .parameter = N_("PATH…"),
    .summary = N_("Make a scenario from a Hugging Face model (config.json or its directory) "
                  "and training configs (DeepSpeed, accelerate, axolotl, torchtune), and say "
                  "what was approximated."),
    .entries = rp_cli_import_entries, .flags = RP_CLI_FORCE_OPTION, .args = RP_CLI_ARGS_PATHS,
    .run = rp_cli_run_import },
  { .name = "calibrate", .parameter = N_("FILE.rigplan MEASURE…"),
    .summary = N_("Calibrate the models to your GPU from rigplan-probe measurements of a "
                  "scenario: compare measured with predicted part by part, store the "
                  "calibration for that GPU, stack and precision, and say what it changes."),
    .entries = rp_cli_calibrate_entries, .flags = RP_CLI_FORCE_OPTION, .args = RP_CLI_ARGS_PATHS,
    .run = rp_cli_run_calibrate },
  { .name = "guide",
    .summary = N_("The sizing guide: the machine to rent and to buy for common kinds of "
                  "training, planned now from the bundled scenarios."),
    .entries = guide_entries, .flags = RP_CLI_SHARED_OPTIONS, .run = run_guide },
  { .name = "catalog", .words = catalog_names,
    .summary = N_("List a bundled catalog (with your additions). Prices older than six months "
                  "are marked stale."),
    .entries = catalog_entries, .flags = RP_CLI_SHARED_OPTIONS, .args = RP_CLI_ARGS_WORDS,
    .run = run_catalog },
  { .name = "catalog check",
    .summary = N_("List every hole in the catalogs: an unknown figure, a missing price, a "
                  "stale or unsourced entry; exits 1 when one blocks an estimate."),
    .flags = RP_CLI_SHARED_OPTIONS, .run = run_catalog_check },
  { .name = "catalog import-prices", .parameter = N_("FILE.csv"),
    .summary = N_("Read a price list of your quotes (provider, gpu, term, price, currency, "
                  "as_of, source) into your catalog."),
    .flags = RP_CLI_SHARED_OPTIONS, .args = RP_CLI_ARGS_PATHS, .run = run_catalog_import },
  { .name = "schema",
    .summary = N_("Describe every field of a scenario file: key, type, range, unit."),
    .entries = schema_entries, .flags = RP_CLI_SHARED_OPTIONS, .run = run_schema },
};

const RpCliCommand *
rp_cli_get_commands (guint *n)
{
  *n = G_N_ELEMENTS (commands);
  return commands;
}

/* ---- main ----------------------------------------------------------- */

static gboolean opt_version = FALSE;
static gboolean opt_help = FALSE;

/* What rigplan-cli takes before a command. */
static const GOptionEntry main_entries[] = {
  { "help", 'h', 0, G_OPTION_ARG_NONE, &opt_help,
    N_("Show the commands; after a command, its options"), NULL },
  { "version", 0, 0, G_OPTION_ARG_NONE, &opt_version, N_("Print the version and exit"), NULL },
  { NULL }
};

const GOptionEntry *
rp_cli_get_main_entries (void)
{
  return main_entries;
}

/* @text cut into lines of at most @width columns: at a space, or
 * beside a wide (Chinese) character, where lines may break in both
 * languages.  Transfer full. */
static GPtrArray *
wrap_help (const char *text,
           int         width)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  const char *start = text;

  while (*start != '\0')
    {
      const char *p = start, *last_break = NULL, *end = NULL;
      gboolean prev_wide = FALSE, prev_opens = FALSE;
      int w = 0;

      for (; *p != '\0'; p = g_utf8_next_char (p))
        {
          gunichar c = g_utf8_get_char (p);
          GUnicodeType type = g_unichar_type (c);
          gboolean wide = g_unichar_iswide (c);
          /* no line starts with "。" or "）", none ends with "（" */
          gboolean closes = type == G_UNICODE_CLOSE_PUNCTUATION ||
                            type == G_UNICODE_FINAL_PUNCTUATION ||
                            type == G_UNICODE_OTHER_PUNCTUATION;

          if (c == ' ' || ((wide || prev_wide) && !closes && !prev_opens && p > start))
            last_break = p;
          prev_opens = type == G_UNICODE_OPEN_PUNCTUATION || type == G_UNICODE_INITIAL_PUNCTUATION;
          if (w + (wide ? 2 : 1) > width && p > start)
            {
              end = last_break != NULL ? last_break : p;
              break;
            }
          w += wide ? 2 : 1;
          prev_wide = wide;
        }
      if (end == NULL)
        end = p;
      g_ptr_array_add (lines, g_strndup (start, end - start));
      start = end;
      while (*start == ' ')
        start++;
    }
  return lines;
}

/* @text wrapped to the terminal's 80 columns: the first line after
 * @first_indent spaces, the others after @indent. */
static void
print_wrapped (FILE       *out,
               const char *text,
               int         first_indent,
               int         indent)
{
  g_autoptr(GPtrArray) lines = wrap_help (text, 79 - indent);

  for (guint i = 0; i < lines->len; i++)
    fprintf (out, "%*s%s\n", i == 0 ? first_indent : indent, "",
             (const char *) g_ptr_array_index (lines, i));
}

static void
print_main_help (FILE *out)
{
  guint n_statuses;
  const RpCliExitStatus *statuses = rp_cli_get_exit_statuses (&n_statuses);

  fprintf (out, "%s\n\n", _("Usage: rigplan-cli COMMAND [OPTIONS] …"));
  fprintf (out, "%s\n", _("Commands:"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      const RpCliCommand *c = &commands[i];
      g_autofree char *parameter = rp_cli_command_dup_parameter (c);
      g_autofree char *variant = rp_cli_command_dup_variant (c);

      fprintf (out, "  %s%s%s%s%s\n", c->name, parameter != NULL ? " " : "",
               parameter != NULL ? parameter : "", variant != NULL ? " " : "",
               variant != NULL ? variant : "");
      print_wrapped (out, _(c->summary), 6, 6);
    }
  fprintf (out, "\n%s\n", _("Options:"));
  for (const GOptionEntry *e = main_entries; e->long_name != NULL; e++)
    {
      g_autofree char *name = e->short_name != 0
                              ? g_strdup_printf ("-%c, --%s", e->short_name, e->long_name)
                              : g_strdup_printf ("--%s", e->long_name);
      g_autofree char *padded = rp_units_pad (name, -14);

      fprintf (out, "  %s %s\n", padded, _(e->description));
    }
  fprintf (out, "\n%s\n", _("Exit status:"));
  for (guint i = 0; i < n_statuses; i++)
    {
      g_autofree char *code = g_strdup_printf ("%d  ", statuses[i].status);

      fprintf (out, "  %s", code);
      print_wrapped (out, _(statuses[i].meaning), 0, 5);
    }
  fprintf (out, "\n%s\n", _("Run “rigplan-cli COMMAND --help” for the options of a command."));
}

/* The entry for argv[1] (and argv[2] for a two-word name), into
 * *@n_words the words it takes; NULL for none. */
static const RpCliCommand *
find_command (int     argc,
              char  **argv,
              int    *n_words)
{
  const RpCliCommand *found = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      const RpCliCommand *c = &commands[i];
      const char *space = strchr (c->name, ' ');

      if (space != NULL)
        {
          /* "catalog check": both words, and it wins over "catalog" */
          if (argc > 2 && strncmp (argv[1], c->name, space - c->name) == 0 &&
              argv[1][space - c->name] == '\0' && strcmp (argv[2], space + 1) == 0)
            {
              *n_words = 2;
              return c;
            }
          continue;
        }
      if (strcmp (argv[1], c->name) != 0)
        continue;
      if (c->variant != NULL)
        {
          g_autofree char *option = g_strconcat ("--", c->variant, NULL);
          g_autofree char *with_value = g_strconcat (option, "=", NULL);

          for (int a = 2; a < argc; a++)
            if (strcmp (argv[a], option) == 0 || g_str_has_prefix (argv[a], with_value))
              {
                *n_words = 1;
                return c;
              }
          continue;
        }
      if (found == NULL)
        found = c;
    }
  *n_words = 1;
  return found;
}

static void
setup_i18n (void)
{
  const char *localedir = g_getenv ("RIGPLAN_LOCALEDIR");

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

int
rp_cli_main (int    argc,
             char **argv)
{
  const RpCliCommand *command;
  int n_words = 1;

  rp_cli_guard_output ();
  setup_i18n ();
  if (argc < 2)
    {
      print_main_help (stderr);
      return EXIT_USAGE;
    }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0 ||
      strcmp (argv[1], "help") == 0)
    {
      print_main_help (stdout);
      return EXIT_OK;
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      g_print ("rigplan-cli %s\n", PACKAGE_VERSION);
      return EXIT_OK;
    }
  command = find_command (argc, argv, &n_words);
  if (command == NULL)
    {
      g_printerr (_("rigplan-cli: unknown command “%s”\n\n"), argv[1]);
      print_main_help (stderr);
      return EXIT_USAGE;
    }
  /* Each command parses its own words on as its own program. */
  return command->run (command, argc - n_words, argv + n_words);
}

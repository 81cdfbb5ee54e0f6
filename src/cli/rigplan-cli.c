/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rigplan-cli.c: the command-line front end
 *
 *   rigplan-cli catalog gpus|clouds|models|purchases|regions [--currency CUR] [--json]
 *   rigplan-cli estimate FILE.rigplan [--json]
 *   rigplan-cli plan FILE.rigplan [--top N] [--json]
 *   rigplan-cli fix FILE.rigplan -o FIXED.rigplan [--json]
 *   rigplan-cli export FILE.rigplan -o OUT.pdf|OUT.png [--chart KIND]
 *   rigplan-cli schema [--json]
 *   rigplan-cli import PATH… [-o FILE.rigplan]           (rp-cli-convert.c)
 *   rigplan-cli export FILE.rigplan --format deepspeed|accelerate|torchrun|howto
 *
 * Output on stdout, diagnostics on stderr.  Exit status: 0 ok, 1 bad
 * input (a file or value that cannot be used), 2 usage or internal error. */

#include "config.h"

#include "rp-age.h"
#include "rp-catalog.h"
#include "rp-cli-convert.h"
#ifdef HAVE_CHART
#include "rp-chart.h"
#endif
#include "rp-estimate.h"
#include "rp-estimate-json.h"
#include "rp-fields.h"
#include "rp-fix.h"
#include "rp-json-private.h"
#include "rp-model.h"
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

enum
{
  EXIT_OK = 0,
  EXIT_BAD_INPUT = 1,
  EXIT_USAGE = 2,
};

static char *opt_catalog_dir = NULL;
static gboolean opt_json = FALSE;

static const GOptionEntry common_entries[] = {
  { "json", 0, 0, G_OPTION_ARG_NONE, &opt_json, N_("Print JSON for scripts"), NULL },
  { "catalog", 0, 0, G_OPTION_ARG_FILENAME, &opt_catalog_dir,
    N_("Read the bundled catalogs from DIR"), N_("DIR") },
  { NULL }
};

/* ---- helpers -------------------------------------------------------- */

static int
fail (int         status,
      const char *message)
{
  g_printerr ("rigplan-cli: %s\n", message);
  return status;
}

static int
usage_error (GOptionContext *context,
             const char     *message)
{
  g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);

  g_printerr ("rigplan-cli: %s\n\n%s", message, help);
  return EXIT_USAGE;
}

static RpCatalog *
load_catalog (GError **error)
{
  g_autoptr(RpCatalog) catalog = NULL;

  if (opt_catalog_dir == NULL)
    return rp_catalog_load_default (error);
  catalog = rp_catalog_new_empty ();
  if (!rp_catalog_load_dir (catalog, opt_catalog_dir, TRUE, error))
    return NULL;
  return g_steal_pointer (&catalog);
}

static GOptionContext *
new_context (const char *parameter,
             const char *summary)
{
  GOptionContext *context = g_option_context_new (parameter);

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, common_entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, summary);
  return context;
}

static void
print_json (char *text)
{
  fputs (text, stdout);
  g_free (text);
}

/* ---- tables --------------------------------------------------------- */

/* printf's "%-28s" pads by bytes, but a CJK character is three bytes and
 * two terminal columns: these pad by display width (rp_units_pad). */

/* A line of table cells: pairs of printf-style width (negative:
 * left-aligned) and text, ended by a NULL text. */
static void
print_cells (int         width,
                const char *text,
                ...)
{
  GString *line = g_string_new (NULL);
  va_list args;

  va_start (args, text);
  while (text != NULL)
    {
      g_autofree char *cell = rp_units_pad (text, width);

      if (line->len > 0)
        g_string_append_c (line, ' ');
      g_string_append (line, cell);
      width = va_arg (args, int);
      text = va_arg (args, const char *);
    }
  va_end (args);
  /* trailing spaces of the last, left-aligned cell */
  while (line->len > 0 && line->str[line->len - 1] == ' ')
    g_string_truncate (line, line->len - 1);
  g_print ("%s\n", line->str);
  g_string_free (line, TRUE);
}

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

static const GOptionEntry catalog_entries[] = {
  { "currency", 0, 0, G_OPTION_ARG_STRING, &opt_currency,
    N_("List only prices in CUR (USD or CNY)"), N_("CUR") },
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

/* Whether the user reads Chinese first: then tables show the Chinese names
 * of providers and regions that the catalog gives. */
static gboolean
prefers_chinese (void)
{
  return g_str_has_prefix (g_get_language_names ()[0], "zh");
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
  print_cells (-18, _("ID"), -40, _("Name"), 9, _("Memory"), 9, _("BF16 TF"),
               9, _("FP8 TF"), 7, _("TDP W"), 10, _("Price $"), -10, _("As of"), 0, NULL);
  for (guint i = 0; i < rp_catalog_n_gpus (catalog); i++)
    {
      const RpGpu *g = rp_catalog_get_gpu (catalog, i);
      g_autofree char *memory = g_strdup_printf ("%.0f GiB", g->memory_gib);
      g_autofree char *bf16 = format_known ("%.1f", g->tflops_bf16);
      g_autofree char *fp8 = format_known ("%.1f", g->tflops_fp8);
      g_autofree char *tdp = format_known ("%.0f", g->tdp_w);
      g_autofree char *price = format_known ("%.0f", g->price_usd);

      print_cells (-18, g->id, -40, g->name, 9, memory, 9, bf16, 9, fp8, 7, tdp, 10, price,
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
  print_cells (-31, _("ID"), -18, _("Provider"), -12, _("Class"), -15, _("GPU"),
               -18, _("Terms"), 10, _("Per GPU-h"), -4, _("Cur."), -10, _("As of"),
               -6, _("Age"), 0, NULL);
  for (guint i = 0; i < rp_catalog_n_clouds (catalog); i++)
    {
      const RpCloudOffer *o = rp_catalog_get_cloud (catalog, i);
      const char *provider = o->provider;

      if (currency >= 0 && (int) o->currency != currency)
        continue;
      if (o->provider_zh != NULL && prefers_chinese ())
        provider = o->provider_zh;
      for (guint k = 0; k < RP_N_RENT_KINDS; k++)
        {
          g_autofree char *price = NULL;

          if (o->per_gpu_hour[k] <= 0)
            continue;
          price = g_strdup_printf ("%.2f", o->per_gpu_hour[k]);
          print_cells (-31, o->id, -18, provider, -12, provider_class_name (o->provider_class),
                       -15, o->gpu, -18, rp_enum_info_get_label (&rp_rent_kind_info, k), 10, price,
                       -4, rp_currency_to_string (o->currency), -10, o->as_of,
                       -6, stale_mark (o->as_of, today), 0, NULL);
        }
    }
}

static void
print_models (const RpCatalog *catalog)
{
  print_cells (-16, _("ID"), -28, _("Name"), -16, _("Kind"), 16, _("Parameters"),
               7, _("Layers"), 7, _("Hidden"), -10, _("As of"), 0, NULL);
  for (guint i = 0; i < rp_catalog_n_models (catalog); i++)
    {
      const RpModelPreset *m = rp_catalog_get_model (catalog, i);
      g_autofree char *params = g_strdup_printf ("%" G_GUINT64_FORMAT, m->published_params);
      g_autofree char *layers = g_strdup_printf ("%u", m->arch.layers);
      g_autofree char *hidden = g_strdup_printf ("%u", m->arch.hidden);

      print_cells (-16, m->id, -28, m->name, -16, rp_model_kind_to_string (m->arch.kind),
                   16, params, 7, layers, 7, hidden, -10, m->as_of, 0, NULL);
    }
}

static void
print_purchases (const RpCatalog *catalog,
                 int              currency,
                 GDate           *today)
{
  /* TRANSLATORS: column headings of "rigplan-cli catalog purchases" */
  print_cells (-29, _("ID"), -15, _("GPU"), -10, _("Condition"), 5, C_("column", "GPUs"),
               12, _("Price"), -4, _("Cur."), -10, _("As of"), -6, _("Age"), 0, NULL);
  for (guint i = 0; i < rp_catalog_n_purchases (catalog); i++)
    {
      const RpPurchasePrice *p = rp_catalog_get_purchase (catalog, i);
      g_autofree char *gpus = g_strdup_printf ("%u", p->gpus_per_server);
      g_autofree char *price = g_strdup_printf ("%.0f", p->price);

      if (currency >= 0 && (int) p->currency != currency)
        continue;
      print_cells (-29, p->id, -15, p->gpu, -10, condition_name (p->condition), 5, gpus,
                   12, price, -4, rp_currency_to_string (p->currency), -10, p->as_of,
                   -6, stale_mark (p->as_of, today), 0, NULL);
    }
}

static void
print_regions (const RpCatalog *catalog,
               int              currency)
{
  /* TRANSLATORS: column headings of "rigplan-cli catalog regions" */
  print_cells (-18, _("ID"), -36, _("Name"), 9, _("Per kWh"), -4, _("Cur."), 5, _("PUE"),
               -10, _("As of"), 0, NULL);
  for (guint i = 0; i < rp_catalog_n_regions (catalog); i++)
    {
      const RpRegion *r = rp_catalog_get_region (catalog, i);
      const char *name = r->name_zh != NULL && prefers_chinese () ? r->name_zh : r->name;
      g_autofree char *kwh = format_known ("%.4g", r->electricity_per_kwh);
      g_autofree char *pue = format_known ("%.2f", r->pue);

      if (currency >= 0 && (int) r->currency != currency)
        continue;
      print_cells (-18, r->id, -36, name, 9, kwh, -4, rp_currency_to_string (r->currency),
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
  if (rp_as_of_months (as_of, today, &months))
    rp_json_add_number (obj, "age_months", round (months * 10) / 10);
  else
    cJSON_AddNullToObject (obj, "age_months");
  cJSON_AddBoolToObject (obj, "stale", rp_price_is_stale (as_of, today));
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
  add_provenance (obj, g->source, g->source_kind, g->as_of, today);
  rp_json_add_string (obj, "notes", g->notes);
  return obj;
}

static cJSON *
cloud_to_json (const RpCloudOffer *o,
               GDate              *today)
{
  static const char *const keys[RP_N_RENT_KINDS] = {
    "on_demand", "reserved_1y", "reserved_3y", "spot", "daily", "monthly",
  };
  cJSON *obj = cJSON_CreateObject ();
  cJSON *prices;

  cJSON_AddStringToObject (obj, "id", o->id);
  cJSON_AddStringToObject (obj, "provider", o->provider);
  rp_json_add_string (obj, "provider_zh", o->provider_zh);
  cJSON_AddStringToObject (obj, "provider_class", rp_provider_class_to_string (o->provider_class));
  rp_json_add_string (obj, "offer", o->offer);
  cJSON_AddStringToObject (obj, "gpu", o->gpu);
  cJSON_AddNumberToObject (obj, "gpus_per_instance", o->gpus_per_instance);
  rp_json_add_string (obj, "region", o->region);
  cJSON_AddStringToObject (obj, "currency", rp_currency_to_string (o->currency));
  prices = cJSON_AddObjectToObject (obj, "per_gpu_hour");
  for (guint k = 0; k < RP_N_RENT_KINDS; k++)
    add_known (prices, keys[k], o->per_gpu_hour[k]);
  rp_json_add_number (obj, "billing_granularity_s", o->billing_granularity_s);
  add_known (obj, "vcpus", o->vcpus);
  add_known (obj, "ram_gb", o->ram_gb);
  add_known (obj, "disk_gb", o->disk_gb);
  rp_json_add_string (obj, "reliability", o->reliability);
  add_provenance (obj, o->source, o->source_kind, o->as_of, today);
  rp_json_add_string (obj, "notes", o->notes);
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
  cJSON_AddStringToObject (obj, "condition", rp_condition_to_string (p->condition));
  cJSON_AddStringToObject (obj, "currency", rp_currency_to_string (p->currency));
  rp_json_add_number (obj, "price", p->price);
  add_provenance (obj, p->source, p->source_kind, p->as_of, today);
  rp_json_add_string (obj, "risk", p->risk);
  rp_json_add_string (obj, "notes", p->notes);
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
  add_known (obj, "pue", r->pue);
  add_provenance (obj, r->source, r->source_kind, r->as_of, today);
  rp_json_add_string (obj, "notes", r->notes);
  return obj;
}

/* The merged view (bundled and user files) as a JSON array; @currency
 * < 0 keeps every currency.  Re-reading the files would lose overrides. */
static char *
catalog_to_json (const RpCatalog *catalog,
                 const char      *which,
                 int              currency,
                 GDate           *today)
{
  g_autoptr(cJSON) list = cJSON_CreateArray ();
  char *text, *copy;

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
  text = cJSON_Print (list);
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
  else
    print_regions (catalog, currency);
}

static int
run_catalog (int    argc,
             char **argv)
{
  static const char *const names[] = { "gpus", "clouds", "models", "purchases", "regions", NULL };
  g_autoptr(GOptionContext) context =
    new_context (_("gpus|clouds|models|purchases|regions"),
                 _("List a bundled catalog (with your additions). Prices older than six months "
                   "are marked stale."));
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = NULL;
  g_autoptr(GDate) today = g_date_new ();
  RpCurrency currency = RP_CURRENCY_USD;
  const char *which;

  g_option_context_add_main_entries (context, catalog_entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc != 2)
    return usage_error (context, _("name one catalog: gpus, clouds, models, purchases or regions"));
  which = argv[1];
  if (!g_strv_contains (names, which))
    return usage_error (context, _("the catalogs are gpus, clouds, models, purchases and regions"));
  if (opt_currency != NULL && !rp_currency_from_string (opt_currency, &currency))
    return usage_error (context, _("--currency must be USD or CNY"));
  if (opt_currency != NULL && (strcmp (which, "gpus") == 0 || strcmp (which, "models") == 0))
    return usage_error (context, _("--currency applies to clouds, purchases and regions"));
  catalog = load_catalog (&error);
  if (catalog == NULL)
    return fail (EXIT_BAD_INPUT, error->message);
  g_date_set_time_t (today, time (NULL));
  if (opt_json)
    print_json (catalog_to_json (catalog, which, opt_currency != NULL ? (int) currency : -1,
                                 today));
  else
    print_catalog (catalog, which, opt_currency != NULL ? (int) currency : -1, today);
  return EXIT_OK;
}

/* ---- estimate ------------------------------------------------------- */

/* "  LABEL     12.3 GiB  (45.1 %)" with the one number formatter. */
static void
print_number (const char *label,
              double      value,
              int         decimals,
              const char *unit)
{
  g_autofree char *number = rp_units_format_number (value, decimals);
  g_autofree char *text = unit != NULL ? g_strdup_printf ("%s %s", number, unit)
                                       : g_strdup (number);

  print_row (label, text, NULL);
}

static void
print_memory_line (const char *label,
                   double      bytes,
                   double      capacity)
{
  g_autofree char *size = rp_units_format_bytes (bytes);
  g_autofree char *share = rp_units_format_percent (capacity > 0 ? 100 * bytes / capacity : 0, 1);
  g_autofree char *padded = rp_units_pad (share, 8);

  print_row (label, size, padded);
}

static void
print_memory (const RpMemoryEstimate *m)
{
  const double cap = m->capacity_bytes;

  g_print ("%s\n", _("Memory per GPU"));
  /* TRANSLATORS: column headings of the memory table */
  g_print ("  ");
  print_cells (-28, _("Part"), 12, _("Size"), 10, _("of GPU"), 0, NULL);
  print_memory_line (_("Weights"), m->weights_bytes, cap);
  if (m->weight_copies_bytes > 0)
    print_memory_line (_("Weight copies (AMP/FP8)"), m->weight_copies_bytes, cap);
  print_memory_line (_("Gradients"), m->gradients_bytes, cap);
  print_memory_line (_("Optimizer states"), m->optimizer_bytes, cap);
  print_memory_line (_("Activations"), m->activations_bytes, cap);
  if (m->recompute_bytes > 0)
    print_memory_line (_("Recomputed layer"), m->recompute_bytes, cap);
  print_memory_line (_("Logits and loss"), m->logits_bytes + m->logits_transient_bytes, cap);
  if (m->gathered_bytes > 0)
    print_memory_line (_("Gathered layers (ZeRO-3)"), m->gathered_bytes, cap);
  print_memory_line (_("CUDA context"), m->cuda_context_bytes, cap);
  print_memory_line (_("cuBLAS workspace"), m->workspace_bytes, cap);
  if (m->nccl_bytes > 0)
    print_memory_line (_("NCCL buffers"), m->nccl_bytes, cap);
  if (m->ddp_bucket_bytes > 0)
    print_memory_line (_("Gradient buckets"), m->ddp_bucket_bytes, cap);
  print_memory_line (_("Allocator fragmentation"), m->fragmentation_bytes, cap);
  g_print ("  %s\n", "--------------------------------------------------------");
  print_memory_line (_("Total"), m->total_bytes, cap);
  print_memory_line (_("Free"), m->free_bytes, cap);
  if (m->cpu_offload_bytes > 0)
    {
      g_autofree char *host = rp_units_format_bytes (m->cpu_offload_bytes);
      print_row (_("Offloaded to CPU RAM"), host, NULL);
    }
  g_print ("\n");
}

static void
print_seconds (const char *label,
               double      seconds)
{
  print_number (label, seconds, 3, NULL);
}

static void
print_compute (const RpComputeEstimate *c)
{
  g_autofree char *time = rp_units_format_hours (c->hours);
  g_autofree char *flops = rp_units_format_count (c->flops);
  g_autofree char *checkpoint = rp_units_format_bytes (c->checkpoint_bytes);
  g_autofree char *mfu = rp_units_format_percent (100 * c->mfu, 0);

  g_print ("%s\n", _("Time"));
  print_row (_("Training FLOPs"), flops, NULL);
  if (c->tokens_per_s > 0)
    print_number (_("Tokens per second"), c->tokens_per_s, 0, NULL);
  print_number (_("Samples per second"), c->samples_per_s, 1, NULL);
  print_row (_("Model FLOPs utilization"), mfu, NULL);
  /* TRANSLATORS: the parts of one optimizer step, in seconds */
  print_seconds (_("Step (s)"), c->step_s);
  print_seconds (_("  compute"), c->compute_s);
  print_seconds (_("  pipeline bubble"), c->bubble_s);
  print_seconds (_("  communication (exposed)"), c->comm_exposed_s);
  print_seconds (_("  optimizer"), c->optimizer_s);
  print_seconds (_("  reading data"), c->data_s);
  print_seconds (_("  decoding on the CPU"), c->cpu_s);
  print_row (_("Wall-clock time"), time, NULL);
  print_number (_("Days"), c->days, 1, NULL);
  print_number (_("GPU-hours"), c->gpu_hours, 0, NULL);
  print_row (_("Checkpoint size"), checkpoint, NULL);
  print_number (_("Checkpoint save (s)"), c->checkpoint_s, 1, NULL);
  print_row (_("Bottleneck"), rp_bottleneck_get_label (c->bottleneck), NULL);
  g_print ("\n");
}

static const char *
cooling_label (RpCooling cooling)
{
  switch (cooling)
    {
    case RP_COOLING_AIR:
      return _("air");
    case RP_COOLING_AIR_HIGH_DENSITY:
      return _("air, high-density racks");
    case RP_COOLING_LIQUID:
      return _("liquid");
    case RP_N_COOLINGS:
    default:
      return "?";
    }
}

static void
print_bom (const RpCatalog *catalog,
           const RpBom     *b)
{
  const RpGpu *gpu = rp_catalog_lookup_gpu (catalog, b->gpu);
  g_autofree char *gpus = g_strdup_printf ("%u × %s", b->gpus_per_node,
                                           gpu != NULL ? gpu->name : b->gpu);
  g_autofree char *cores = g_strdup_printf (ngettext ("%u cores, %u socket", "%u cores, %u sockets",
                                                      b->cpu_sockets),
                                            b->cpu_cores_per_node, b->cpu_sockets);
  /* TRANSLATORS: what the scenario entered, beside the recommendation */
  g_autofree char *cores_note = g_strdup_printf (_("(you entered %u; data needs %.0f)"),
                                                 b->cpu_cores_entered,
                                                 ceil (b->cpu_cores_for_data));
  g_autofree char *ram = g_strdup_printf (_("%u GB"), b->ram_gb_per_node);
  g_autofree char *ram_note = g_strdup_printf (_("(you entered %u GB)"), b->ram_gb_entered);
  g_autofree char *nvme = g_strdup_printf (_("%.0f TB"), b->nvme_tb_per_node);
  g_autofree char *power = rp_units_format_number (b->power_kw_per_node, 1);
  g_autofree char *power_text = g_strdup_printf (_("%s kW at the wall"), power);
  g_autofree char *psu = g_strdup_printf (_("%u × %.1f kW"), b->psus_per_node, b->psu_kw);

  g_print ("%s\n", _("Machine to get (per node)"));
  print_row (_("GPUs"), gpus, NULL);
  print_number (_("Nodes"), b->nodes, 0, NULL);
  print_row (_("CPU"), cores, cores_note);
  print_row (_("System RAM"), ram, ram_note);
  print_row (_("NVMe"), nvme, NULL);
  if (b->nics_per_node > 0)
    {
      RpNetwork network = RP_NETWORK_NONE;
      g_autofree char *nics = NULL;

      rp_network_from_string (b->network, &network);
      nics = g_strdup_printf ("%u × %.0f Gb/s", b->nics_per_node, b->nic_gbit_s);
      print_row (_("NICs"), nics, rp_enum_info_get_label (&rp_network_info, network));
      print_number (_("Switch ports (all nodes)"), b->switch_ports, 0, NULL);
    }
  print_number (_("PCIe lanes"), b->pcie_lanes_per_node, 0, NULL);
  print_row (_("Power"), power_text, NULL);
  print_row (_("Power supplies"), psu, NULL);
  print_row (_("Cooling"), cooling_label (b->cooling), NULL);
  g_print ("\n");
}

/* "catalog: SOURCE, DATE" / "yours" after a price. */
static char *
price_origin (const RpPrice *p)
{
  switch (p->origin)
    {
    case RP_PRICE_USER:
      return g_strdup (_("(yours)"));
    case RP_PRICE_CATALOG:
      /* TRANSLATORS: where a price comes from: the catalog, and its date */
      return g_strdup_printf (_("(catalog, %s)"), p->as_of != NULL ? p->as_of : "?");
    case RP_PRICE_DEFAULT:
      return g_strdup (_("(catalog rule)"));
    case RP_PRICE_UNKNOWN:
    default:
      return g_strdup (_("(unknown)"));
    }
}

static void
print_money (const char    *label,
             double         amount,
             RpCurrency     currency,
             const char    *extra)
{
  g_autofree char *money = rp_units_format_money (amount, currency);

  print_row (label, money, extra);
}

static void
print_rent (const RpCostEstimate *c)
{
  const char *missing_run = _("— (needs the run time)");
  g_autofree char *billed = rp_units_format_hours (c->rent_billed_hours);
  g_autofree char *rate = rp_units_format_money (c->rent_per_gpu_hour, c->currency);
  g_autofree char *origin = price_origin (&c->prices.rent);
  g_autofree char *offer = c->prices.offer != NULL && c->prices.rent.origin == RP_PRICE_CATALOG
                           ? g_strdup_printf ("%s %s, %s", c->prices.offer->provider,
                                              c->prices.offer->offer != NULL
                                              ? c->prices.offer->offer : c->prices.offer->id,
                                              rp_enum_info_get_label (&rp_rent_kind_info,
                                                                      c->rent_kind))
                           : g_strdup (_("your price"));
  g_autofree char *detail = g_strdup_printf ("%s %s", offer, origin);

  print_row (_("Rent per GPU-hour"), rate, detail);
  if (c->run_available)
    {
      g_autofree char *storage = rp_units_format_money (c->rent_storage, c->currency);
      g_autofree char *egress = rp_units_format_money (c->rent_egress, c->currency);
      /* TRANSLATORS: after the rent of this run, "(8 GPUs × 10.0 h billed;
       * storage $1, egress $0)" */
      g_autofree char *run_detail =
        g_strdup_printf (ngettext ("(%u GPU × %s billed; storage %s, egress %s)",
                                   "(%u GPUs × %s billed; storage %s, egress %s)",
                                   c->rent_billed_gpus), c->rent_billed_gpus, billed, storage,
                         egress);

      print_money (_("Rent, this run"), c->rent_total, c->currency, run_detail);
    }
  else
    print_row (_("Rent, this run"), missing_run, NULL);
  print_money (_("Rent, per month"), c->rent_per_month, c->currency, NULL);
}

static void
print_buy (const RpCostEstimate *c)
{
  g_autofree char *gpus = rp_units_format_money (c->buy_capital_gpus, c->currency);
  g_autofree char *servers = rp_units_format_money (c->buy_capital_servers, c->currency);
  g_autofree char *network = rp_units_format_money (c->buy_capital_network, c->currency);
  g_autofree char *depreciation = rp_units_format_money (c->buy_depreciation_per_month,
                                                         c->currency);
  g_autofree char *energy = rp_units_format_money (c->buy_energy_per_month, c->currency);
  g_autofree char *gpu_origin = price_origin (&c->prices.gpu);
  /* TRANSLATORS: after the capital cost, "(GPUs $138,788 (catalog, 2025-03), servers …)" */
  g_autofree char *capital_detail = g_strdup_printf (_("(GPUs %s %s, servers %s, network %s)"),
                                                     gpus, gpu_origin, servers, network);
  /* TRANSLATORS: after the monthly cost, "(depreciation $2,500, electricity $200, …)" */
  g_autofree char *month_detail = g_strdup_printf (_("(depreciation %s, electricity %s, …)"),
                                                   depreciation, energy);

  print_money (_("Capital outlay"), c->buy_capital, c->currency, capital_detail);
  print_money (_("Owning, per month"), c->buy_per_month, c->currency, month_detail);
  if (c->run_available)
    print_money (_("Owning, this run’s share"), c->buy_total, c->currency, NULL);
}

static void
print_cost (const RpCostEstimate *c)
{
  g_autofree char *utilization = rp_units_format_percent (c->utilization_pct, 0);

  /* TRANSLATORS: "Cost (USD, at 60 % utilization)" */
  g_print (_("Cost (%s, at %s utilization)\n"), rp_currency_to_string (c->currency), utilization);
  if (c->rent_available)
    print_rent (c);
  else
    print_row (_("Rent"), _("— (no price)"), NULL);
  if (c->buy_available)
    print_buy (c);
  else
    print_row (_("Buy"), _("— (no price)"), NULL);
  if (c->rent_available && c->buy_available)
    {
      g_autofree char *months = rp_units_format_number (c->break_even_months, 1);
      g_autofree char *from = rp_units_format_percent (c->break_even_utilization_pct, 0);

      print_row (_("Payback of buying (months)"), c->break_even_months >= 0 ? months : _("never"),
                 NULL);
      print_row (_("Buying pays back from"), c->break_even_utilization_pct >= 0 ? from : _("never"),
                 NULL);
      print_money (_("Saving by buying, whole period"), c->period_saving, c->currency,
                   _("(resale counted)"));
    }
  if (c->energy_available && c->run_available)
    {
      g_autofree char *energy = rp_units_format_number (c->energy_kwh, 0);
      g_autofree char *energy_text = g_strdup_printf ("%s kWh", energy);
      g_autofree char *co2 = rp_units_format_number (c->co2_kg, 0);
      /* TRANSLATORS: after the energy of this run, "(500 kg CO₂)" */
      g_autofree char *co2_text = g_strdup_printf (_("(%s kg CO₂)"), co2);

      print_row (_("Energy, this run"), energy_text, co2_text);
    }
  if (c->energy_available)
    {
      g_autofree char *kw = rp_units_format_number (c->power_w / 1000.0, 1);
      g_autofree char *text = g_strdup_printf ("%s kW", kw);

      print_row (_("Power, incl. PUE"), text, NULL);
    }
  if (c->tflops_per_w > 0)
    {
      g_autofree char *ppw = rp_units_format_number (c->tflops_per_w, 2);
      /* TRANSLATORS: performance per watt; %s is a number */
      g_autofree char *text = g_strdup_printf (_("%s TFLOP/s per W"), ppw);

      print_row (_("Performance per watt"), text, NULL);
    }
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

      if (!c->judged)
        continue;
      name = rp_units_pad (rp_words_constraint_name (i), -12);
      g_print ("  %s %s %s\n", c->ok ? "✓" : c->severity == RP_SEVERITY_ERROR ? "✗" : "!",
               name, c->message);
    }
  g_print ("\n");
}

static void
print_estimate (const RpScenario *scenario,
                const RpCatalog  *catalog,
                const RpEstimate *est)
{
  g_autofree char *params = rp_units_format_count ((double) rp_model_params (&est->arch));
  g_autofree char *model = scenario->model.preset != NULL ? g_strdup (scenario->model.preset)
                                                          : g_strdup (_("custom"));

  g_print ("%s\n", scenario->name);
  /* TRANSLATORS: "Model: llama-3-8b, 8.03 billion parameters; GPUs: 1 × NVIDIA … " */
  g_print (_("Model: %s, %s parameters; GPUs: %u × %s\n\n"), model, params,
           rp_scenario_n_gpus (scenario), est->gpu->name);
  print_verdict (scenario, catalog, est);
  if (est->memory.computed)
    print_memory (&est->memory);
  if (est->compute.computed)
    print_compute (&est->compute);
  if (est->bom.computed)
    print_bom (catalog, &est->bom);
  if (est->cost.computed)
    print_cost (&est->cost);
  if (est->warnings->len > 0)
    g_print ("%s\n", _("Advice"));
  for (guint i = 0; i < est->warnings->len; i++)
    {
      const RpWarning *w = g_ptr_array_index (est->warnings, i);
      g_print ("  %s %s [%s]\n", w->severity == RP_SEVERITY_INFO ? "·" : "!", w->message,
               w->code);
    }
}

static int
run_estimate (int    argc,
              char **argv)
{
  g_autoptr(GOptionContext) context =
    new_context (_("FILE.rigplan"), _("Estimate memory, time and cost of one scenario."));
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = NULL;
  g_autoptr(RpScenario) scenario = NULL;
  g_autoptr(RpEstimate) est = rp_estimate_new ();

  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc != 2)
    return usage_error (context, _("name one scenario file"));
  catalog = load_catalog (&error);
  if (catalog == NULL)
    return fail (EXIT_BAD_INPUT, error->message);
  scenario = rp_scenario_load_file (argv[1], &error);
  if (scenario == NULL)
    return fail (EXIT_BAD_INPUT, error->message);
  if (!rp_estimate_compute (scenario, catalog, est, &error))
    {
      g_autofree char *message = g_strdup_printf ("%s: %s", argv[1], error->message);
      return fail (EXIT_BAD_INPUT, message);
    }
  if (opt_json)
    print_json (rp_estimate_to_json (scenario, catalog, est));
  else
    print_estimate (scenario, catalog, est);
  return EXIT_OK;
}

/* ---- plan ----------------------------------------------------------- */

static int opt_top = 10;

static const GOptionEntry plan_entries[] = {
  { "top", 0, 0, G_OPTION_ARG_INT, &opt_top, N_("Show the best N configurations (default 10)"),
    N_("N") },
  { NULL }
};

static void
print_plan (const RpScenario *scenario,
            const RpPlan     *plan)
{
  guint n = MIN ((guint) MAX (opt_top, 1), plan->candidates->len);

  g_print ("%s\n", scenario->name);
  /* TRANSLATORS: %u is how many configurations the planner estimated */
  g_print (_("%u configurations estimated; %u machines fit.\n\n"), plan->n_evaluated,
           plan->candidates->len);
  if (plan->candidates->len == 0)
    {
      g_print ("%s\n", _("Nothing fits: try a smaller model, LoRA or QLoRA, or a shorter sequence."));
      return;
    }
  /* TRANSLATORS: column headings of "rigplan-cli plan"; keep them short */
  print_cells (-3, "", -16, _("GPU"), 5, C_("column", "GPUs"), -13, _("TP×PP×ZeRO"), -9, _("Recompute"),
               10, _("Mem/GPU"), 9, _("Days"), 12, _("Cost"), 0, _("Notes"), 0, NULL);
  for (guint i = 0; i < n; i++)
    {
      const RpPlanCandidate *c = g_ptr_array_index (plan->candidates, i);
      const RpTraining *t = &c->scenario->training;
      g_autofree char *mem = rp_units_format_bytes (c->total_bytes);
      g_autofree char *cost = c->cost >= 0 ?
        rp_units_format_money (c->cost, c->scenario->budget.currency) : g_strdup ("—");
      g_autofree char *shape = g_strdup_printf ("%u×%u×%u", t->tensor_parallel,
                                                t->pipeline_parallel, t->zero_stage);
      g_autofree char *days = c->days >= 0 ? g_strdup_printf ("%.1f", c->days) : g_strdup ("—");
      g_autofree char *n_gpus = g_strdup_printf ("%u", c->n_gpus);
      g_autofree char *notes = g_strconcat (c->pareto ? _("Pareto ") : "",
                                            c->meets_deadline ? "" : _("late "),
                                            c->within_budget ? "" : _("over budget"), NULL);

      print_cells (-3, (gint) i == plan->recommended ? "→" : "", -16, c->gpu->id, 5, n_gpus,
                   -13, shape, -9, rp_enum_info_get_label (&rp_recompute_info, t->recompute), 10,
                   mem, 9, days, 12, cost,
                   0, notes, 0, NULL);
    }
}

static int
run_plan (int    argc,
          char **argv)
{
  g_autoptr(GOptionContext) context =
    new_context (_("FILE.rigplan"),
                 _("Search GPU types, counts and parallel settings; recommend a machine."));
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = NULL;
  g_autoptr(RpScenario) scenario = NULL;
  g_autoptr(RpPlan) plan = NULL;
  RpPlanOptions options;

  g_option_context_add_main_entries (context, plan_entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc != 2)
    return usage_error (context, _("name one scenario file"));
  if (opt_top < 1)
    return usage_error (context, _("--top must be at least 1"));
  catalog = load_catalog (&error);
  if (catalog == NULL)
    return fail (EXIT_BAD_INPUT, error->message);
  scenario = rp_scenario_load_file (argv[1], &error);
  if (scenario == NULL)
    return fail (EXIT_BAD_INPUT, error->message);
  rp_plan_options_init (&options);
  plan = rp_plan_compute (scenario, catalog, &options, &error);
  if (plan == NULL)
    {
      g_autofree char *message = g_strdup_printf ("%s: %s", argv[1], error->message);
      return fail (EXIT_BAD_INPUT, message);
    }
  if (opt_json)
    print_json (rp_plan_to_json (plan, (guint) opt_top));
  else
    print_plan (scenario, plan);
  return EXIT_OK;
}

/* ---- export --------------------------------------------------------- */

#ifdef HAVE_CHART
static char *opt_output = NULL;
static char *opt_chart = NULL;
static double opt_width = 0;
static double opt_height = 0;

static const GOptionEntry export_entries[] = {
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &opt_output,
    N_("Write to FILE (.pdf, .png or .svg)"), N_("FILE") },
  { "chart", 0, 0, G_OPTION_ARG_STRING, &opt_chart,
    N_("Only this chart: vram, time, cost or break-even"), N_("NAME") },
  { "width", 0, 0, G_OPTION_ARG_DOUBLE, &opt_width,
    N_("Width in pixels (PNG) or points (PDF, SVG)"), N_("W") },
  { "height", 0, 0, G_OPTION_ARG_DOUBLE, &opt_height,
    N_("Height in pixels (PNG) or points (PDF, SVG)"), N_("H") },
  { NULL }
};
#endif

static int
run_export (int    argc,
            char **argv)
{
#ifdef HAVE_CHART
  g_autoptr(GOptionContext) context =
    new_context (_("FILE.rigplan"),
                 _("Write the plan as a PDF report, or one chart as PDF, PNG or SVG; with "
                   "--format, a launch config (“export --format deepspeed --help”)."));
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = NULL;
  g_autoptr(RpScenario) scenario = NULL;
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  g_autoptr(RpChartData) data = NULL;
  g_autofree char *lower = NULL;
  RpChartKind kind = RP_CHART_VRAM;
  gboolean is_png, is_svg, is_pdf;
  double width, height;

  g_option_context_add_main_entries (context, export_entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc != 2)
    return usage_error (context, _("name one scenario file"));
  if (opt_output == NULL)
    return usage_error (context, _("name the output file with -o FILE"));
  lower = g_ascii_strdown (opt_output, -1);
  is_png = g_str_has_suffix (lower, ".png");
  is_svg = g_str_has_suffix (lower, ".svg");
  is_pdf = g_str_has_suffix (lower, ".pdf");
  if (!is_png && !is_svg && !is_pdf)
    return usage_error (context, _("the output file must end in .pdf, .png or .svg"));
  if (opt_chart != NULL && !rp_chart_kind_from_string (opt_chart, &kind))
    return usage_error (context, _("--chart must be vram, time, cost or break-even"));
  if (opt_chart == NULL && !is_pdf)
    return usage_error (context, _("name a chart with --chart for PNG and SVG"));
  if (opt_width < 0 || opt_height < 0 || opt_width > 32768 || opt_height > 32768)
    return usage_error (context, _("--width and --height must be between 1 and 32768"));
  catalog = load_catalog (&error);
  if (catalog == NULL)
    return fail (EXIT_BAD_INPUT, error->message);
  scenario = rp_scenario_load_file (argv[1], &error);
  if (scenario == NULL)
    return fail (EXIT_BAD_INPUT, error->message);
  if (!rp_estimate_compute (scenario, catalog, est, &error))
    {
      g_autofree char *message = g_strdup_printf ("%s: %s", argv[1], error->message);
      return fail (EXIT_BAD_INPUT, message);
    }
  if (opt_chart == NULL)
    {
      if (!rp_chart_export_report_pdf (scenario, catalog, est, opt_output, &error))
        return fail (EXIT_BAD_INPUT, error->message);
      return EXIT_OK;
    }
  /* PNG in pixels; PDF and SVG in points (A4 landscape). */
  width = opt_width > 0 ? opt_width : is_png ? 1200 : 842;
  height = opt_height > 0 ? opt_height : is_png ? 700 : 595;
  data = rp_chart_data_new (kind, scenario, catalog, est);
  if (!rp_chart_export_file (data, opt_output, width, height, NULL, &error))
    return fail (EXIT_BAD_INPUT, error->message);
  return EXIT_OK;
#else
  return fail (EXIT_USAGE, _("this rigplan-cli was built without charts (cairo, pango)"));
#endif
}

/* ---- schema --------------------------------------------------------- */

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
                                          N_("an offer id") };
      return g_strdup (f->ref != RP_FIELD_REF_NONE ? _(refs[f->ref]) : _("text"));
    }
  return rp_field_describe_range (f);
}

static void
print_schema (void)
{
  RpSection section = RP_N_SECTIONS;

  /* TRANSLATORS: column headings of "rigplan-cli schema" */
  print_cells (-34, _("Key"), -8, _("Type"), -34, _("Accepted"), -14, _("Unit"), 0, _("Label"),
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
      print_cells (-34, f->key, -8, rp_field_type_to_string (f->type), -34, range, -14, unit,
                   0, label, 0, NULL);
    }
}

static int
run_schema (int    argc,
            char **argv)
{
  g_autoptr(GOptionContext) context =
    new_context (NULL, _("Describe every field of a scenario file: key, type, range, unit."));
  g_autoptr(GError) error = NULL;

  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc != 1)
    return usage_error (context, _("schema takes no file"));
  if (opt_json)
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

  if (!rp_estimate_compute (scenario, catalog, est, &error))
    {
      g_autofree char *message = g_strdup_printf ("%s: %s", path, error->message);

      *status = fail (EXIT_BAD_INPUT, message);
      return NULL;
    }
  return g_steal_pointer (&est);
}

static int
run_fix (int    argc,
         char **argv)
{
  g_autoptr(GOptionContext) context =
    new_context (_("FILE.rigplan"),
                 _("Apply the change Rigplan proposes for the first unmet check, and save it."));
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = NULL;
  g_autoptr(RpScenario) scenario = NULL;
  g_autoptr(RpScenario) fixed = NULL;
  g_autoptr(RpEstimate) est = NULL;
  g_autoptr(RpEstimate) after = NULL;
  int status = EXIT_OK;

  g_option_context_add_main_entries (context, fix_entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc != 2)
    return usage_error (context, _("name one scenario file"));
  if (opt_fix_output == NULL)
    return usage_error (context, _("name the fixed file with -o FILE"));
  catalog = load_catalog (&error);
  if (catalog == NULL)
    return fail (EXIT_BAD_INPUT, error->message);
  scenario = rp_scenario_load_file (argv[1], &error);
  if (scenario == NULL)
    return fail (EXIT_BAD_INPUT, error->message);
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

      return fail (EXIT_BAD_INPUT, message);
    }
  fixed = rp_fix_apply (scenario, &est->fix);
  after = estimate_or_fail (opt_fix_output, fixed, catalog, &status);
  if (after == NULL)
    return status;
  if (!rp_scenario_save_file (fixed, opt_fix_output, &error))
    return fail (EXIT_BAD_INPUT, error->message);
  if (opt_json)
    print_json (rp_estimate_to_json (fixed, catalog, after));
  else
    print_fix (argv[1], scenario, est, fixed, after, catalog);
  return EXIT_OK;
}

/* ---- main ----------------------------------------------------------- */

static void
print_main_help (FILE *out)
{
  fprintf (out, "%s\n\n", _("Usage: rigplan-cli COMMAND [OPTIONS] …"));
  fprintf (out, "%s\n", _("Commands:"));
  fprintf (out, "  catalog gpus|clouds|models   %s\n", _("List a catalog"));
  fprintf (out, "  estimate FILE.rigplan        %s\n", _("Estimate one scenario"));
  fprintf (out, "  plan FILE.rigplan [--top N]  %s\n", _("Search machines and settings; recommend one"));
  fprintf (out, "  fix FILE.rigplan -o FIXED    %s\n", _("Apply the proposed fix and save it"));
  fprintf (out, "  export FILE.rigplan -o OUT   %s\n", _("Write the plan as PDF, or one chart (--chart)"));
  fprintf (out, "  schema                       %s\n", _("Describe every field of a scenario file"));
  fprintf (out, "  import PATH… [-o FILE]       %s\n",
           _("Make a scenario from model and training configs"));
  fprintf (out, "  export FILE --format NAME    %s\n",
           _("Write a DeepSpeed, accelerate or torchrun launch config"));
  fprintf (out, "\n%s\n", _("Run “rigplan-cli COMMAND --help” for the options of a command."));
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
main (int    argc,
      char **argv)
{
  const char *command;

  setup_i18n ();
  if (argc < 2)
    {
      print_main_help (stderr);
      return EXIT_USAGE;
    }
  command = argv[1];
  if (strcmp (command, "--help") == 0 || strcmp (command, "-h") == 0 ||
      strcmp (command, "help") == 0)
    {
      print_main_help (stdout);
      return EXIT_OK;
    }
  if (strcmp (command, "--version") == 0)
    {
      g_print ("rigplan-cli %s\n", PACKAGE_VERSION);
      return EXIT_OK;
    }
  /* Each subcommand parses argv[1..] as its own program. */
  if (strcmp (command, "catalog") == 0)
    return run_catalog (argc - 1, argv + 1);
  if (strcmp (command, "estimate") == 0)
    return run_estimate (argc - 1, argv + 1);
  if (strcmp (command, "plan") == 0)
    return run_plan (argc - 1, argv + 1);
  if (strcmp (command, "export") == 0)
    return rp_cli_is_launch_export (argc - 1, argv + 1)
           ? rp_cli_run_export_launch (argc - 1, argv + 1) : run_export (argc - 1, argv + 1);
  if (strcmp (command, "import") == 0)
    return rp_cli_run_import (argc - 1, argv + 1);
  if (strcmp (command, "fix") == 0)
    return run_fix (argc - 1, argv + 1);
  if (strcmp (command, "schema") == 0)
    return run_schema (argc - 1, argv + 1);
  g_printerr (_("rigplan-cli: unknown command “%s”\n\n"), command);
  print_main_help (stderr);
  return EXIT_USAGE;
}

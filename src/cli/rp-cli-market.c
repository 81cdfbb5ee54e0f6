/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-cli-market.c: "rigplan-cli catalog servers" and "catalog market" */

#include "config.h"

#include "rp-cli-market.h"

#include "rp-age.h"
#include "rp-cli-common.h"
#include "rp-json-private.h"
#include "rp-market.h"
#include "rp-units.h"
#include "rp-words.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

/* ---- helpers -------------------------------------------------------- */

/* "2026-12-01" */
static char *
date_text (GDate *day)
{
  return g_strdup_printf ("%04u-%02u-%02u", g_date_get_year (day), g_date_get_month (day),
                          g_date_get_day (day));
}

/* "1–4", "4, 8", "72": the GPU counts a shape is sold with. */
static char *
counts_text (const RpServerShape *s)
{
  GString *out = g_string_new (NULL);
  gboolean run = s->n_counts > 2;

  /* consecutive counts (1, 2, 3, 4) read as a range */
  for (guint i = 1; run && i < s->n_counts; i++)
    run = s->counts[i] == s->counts[i - 1] + 1;
  if (run)
    {
      g_string_printf (out, "%u–%u", s->counts[0], s->counts[s->n_counts - 1]);
      return g_string_free (out, FALSE);
    }
  for (guint i = 0; i < s->n_counts; i++)
    g_string_append_printf (out, i > 0 ? ", %u" : "%u", s->counts[i]);
  return g_string_free (out, FALSE);
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
}

static cJSON *
strings_json (char *const *strings)
{
  cJSON *list = cJSON_CreateArray ();

  for (guint i = 0; strings != NULL && strings[i] != NULL; i++)
    cJSON_AddItemToArray (list, cJSON_CreateString (strings[i]));
  return list;
}

static char *
print_json_text (cJSON *root)
{
  char *text = cJSON_Print (root);
  char *copy = g_strconcat (text, "\n", NULL);

  cJSON_free (text);
  return copy;
}

/* ---- servers -------------------------------------------------------- */

void
rp_cli_print_servers (const RpCatalog *catalog,
                      GDate           *today)
{
  /* TRANSLATORS: column headings of "rigplan-cli catalog servers"; "GPUs" is
   * how many GPUs the machine is sold with, "Platform" its price without GPUs */
  rp_cli_print_cells (-20, _("ID"), -16, _("Kind"), -8, C_("column", "GPUs"), 11, _("Platform"),
              -4, _("Cur."), -10, _("As of"), -6, _("Age"), 0, _("Takes"), 0, NULL);
  for (guint i = 0; i < rp_catalog_n_server_shapes (catalog); i++)
    {
      const RpServerShape *s = rp_catalog_get_server_shape (catalog, i);
      const RpShapePrice *p = rp_server_shape_find_price (s, RP_CURRENCY_USD);
      g_autofree char *counts = counts_text (s);
      g_autofree char *price = p != NULL ? g_strdup_printf ("%.0f", p->price) : g_strdup ("—");
      g_autofree char *takes = g_strjoinv (", ", s->gpus);

      rp_cli_print_cells (-20, s->id, -16, rp_words_shape_kind (s->kind), -8, counts, 11, price,
                  -4, p != NULL ? rp_currency_to_string (p->currency) : "",
                  -10, p != NULL ? p->as_of : "",
                  /* TRANSLATORS: a column of "rigplan-cli catalog": the price may be out
                   * of date */
                  -6, p != NULL && rp_price_is_stale (p->as_of, today) ? _("stale") : "",
                  0, takes, 0, NULL);
    }
  /* TRANSLATORS: below "rigplan-cli catalog servers" */
  g_print ("\n%s\n", _("— : no public price of the machine without its GPUs; Rigplan then "
                       "prices it by pricing.json’s rule (its server_per_gpu_slot)."));
}

char *
rp_cli_servers_json (const RpCatalog *catalog,
                     GDate           *today)
{
  g_autoptr(cJSON) root = cJSON_CreateObject ();
  cJSON *list;

  /* the header every catalog's --json carries */
  cJSON_AddStringToObject (root, "format", "rigplan-catalog");
  cJSON_AddNumberToObject (root, "version", 1);
  cJSON_AddStringToObject (root, "catalog", "servers");
  list = cJSON_AddArrayToObject (root, "servers");

  for (guint i = 0; i < rp_catalog_n_server_shapes (catalog); i++)
    {
      const RpServerShape *s = rp_catalog_get_server_shape (catalog, i);
      cJSON *obj = cJSON_CreateObject ();
      cJSON *counts = cJSON_CreateArray ();
      cJSON *prices = cJSON_CreateArray ();

      cJSON_AddStringToObject (obj, "id", s->id);
      cJSON_AddStringToObject (obj, "name", s->name);
      rp_json_add_string (obj, "name_zh", s->name_zh);
      cJSON_AddStringToObject (obj, "kind", rp_shape_kind_to_string (s->kind));
      cJSON_AddItemToObject (obj, "gpus", strings_json (s->gpus));
      for (guint c = 0; c < s->n_counts; c++)
        cJSON_AddItemToArray (counts, cJSON_CreateNumber (s->counts[c]));
      cJSON_AddItemToObject (obj, "counts", counts);
      for (guint p = 0; p < s->n_prices; p++)
        {
          const RpShapePrice *sp = &s->prices[p];
          cJSON *price = cJSON_CreateObject ();

          cJSON_AddStringToObject (price, "currency", rp_currency_to_string (sp->currency));
          rp_json_add_number (price, "price", sp->price);
          add_provenance (price, sp->source, sp->source_kind, sp->as_of, today);
          cJSON_AddBoolToObject (price, "stale", rp_price_is_stale (sp->as_of, today));
          rp_json_add_string (price, "notes", sp->notes);
          cJSON_AddItemToArray (prices, price);
        }
      /* no price: unknown, never 0 */
      cJSON_AddItemToObject (obj, "platform_prices", prices);
      add_provenance (obj, s->source, s->source_kind, s->as_of, today);
      rp_json_add_string (obj, "notes", s->notes);
      cJSON_AddItemToArray (list, obj);
    }
  return print_json_text (root);
}

/* ---- market --------------------------------------------------------- */

/* Whether any availability entry names @gpu_id. */
static gboolean
gpu_has_entries (const RpCatalog *catalog,
                 const char      *gpu_id)
{
  for (guint i = 0; i < rp_catalog_n_availability (catalog); i++)
    {
      char *const *gpus = rp_catalog_get_availability (catalog, i)->gpus;

      for (guint g = 0; gpus[g] != NULL; g++)
        if (strcmp (gpus[g], gpu_id) == 0)
          return TRUE;
    }
  return FALSE;
}

void
rp_cli_print_market (const RpCatalog *catalog,
                     GDate           *today)
{
  g_autofree char *date = date_text (today);
  guint n_markets = rp_catalog_n_markets (catalog);

  /* TRANSLATORS: heading of "rigplan-cli catalog market"; %s is today's date */
  g_print (_("What is sold where, new, on %s:"), date);
  g_print ("\n");
  for (guint m = 0; m < n_markets; m++)
    {
      const RpMarket *market = rp_catalog_get_market (catalog, m);

      /* TRANSLATORS: "cn: China (mainland, …), paid in CNY" */
      g_print (_("  %s: %s, paid in %s"), market->id, rp_market_get_name (market),
               rp_currency_to_string (market->currency));
      g_print ("\n");
    }
  g_print ("\n");
  {
    GString *head = g_string_new (NULL);
    g_autofree char *gpu_cell = rp_units_pad (_("GPU"), -18);

    g_string_append (head, gpu_cell);
    for (guint m = 0; m < n_markets; m++)
      {
        g_autofree char *cell = rp_units_pad (rp_catalog_get_market (catalog, m)->id, -34);

        g_string_append_c (head, ' ');
        g_string_append (head, cell);
      }
    g_strchomp (head->str);
    g_print ("%s\n", head->str);
    g_string_free (head, TRUE);
  }
  for (guint i = 0; i < rp_catalog_n_gpus (catalog); i++)
    {
      const RpGpu *gpu = rp_catalog_get_gpu (catalog, i);
      g_autofree char *id = rp_units_pad (gpu->id, -18);
      GString *line;

      if (!gpu_has_entries (catalog, gpu->id))
        continue;
      line = g_string_new (id);
      for (guint m = 0; m < n_markets; m++)
        {
          RpAvailability a;
          g_autofree char *text = NULL, *cell = NULL;

          rp_catalog_availability (catalog, gpu->id, rp_catalog_get_market (catalog, m)->id,
                                   RP_CONDITION_NEW, date, &a);
          if (a.entry != NULL)
            /* TRANSLATORS: a status ("grey market"), the date it holds from */
            text = g_strdup_printf (_("%s since %s"), rp_words_availability_label (a.status),
                                    a.entry->from);
          else
            text = g_strdup (rp_words_availability_label (a.status));
          cell = rp_units_pad (text, -34);
          g_string_append_c (line, ' ');
          g_string_append (line, cell);
        }
      g_strchomp (line->str);
      g_print ("%s\n", line->str);
      g_string_free (line, TRUE);
    }

  g_print ("\n%s\n", _("The rules behind them:"));
  for (guint i = 0; i < rp_catalog_n_market_rules (catalog); i++)
    {
      const RpMarketRule *r = rp_catalog_get_market_rule (catalog, i);

      rp_cli_print_cells (2, "", -10, r->date, -30, r->id, 0, r->issuer, 0, NULL);
    }
  for (guint i = 0; i < rp_catalog_n_licence_terms (catalog); i++)
    {
      const RpLicenceTerm *t = rp_catalog_get_licence_term (catalog, i);

      g_print ("\n");
      /* TRANSLATORS: a vendor ("NVIDIA"), a licence clause number, the date
       * it was added, then the clause quoted in English */
      g_print (_("%s driver licence, section %s (since %s), for its %s cards: “%s”"),
               t->vendor, t->clause, t->since,
               t->segment == RP_SEGMENT_CONSUMER ? _("consumer")
               : t->segment == RP_SEGMENT_WORKSTATION ? _("workstation") : _("datacenter"),
               t->text);
      g_print ("\n");
    }
}

char *
rp_cli_market_json (const RpCatalog *catalog,
                    GDate           *today)
{
  g_autoptr(cJSON) root = cJSON_CreateObject ();
  g_autofree char *date = date_text (today);
  cJSON *status = NULL, *markets = NULL, *rules = NULL, *entries = NULL, *licences = NULL;

  cJSON_AddStringToObject (root, "format", "rigplan-catalog-market");
  cJSON_AddNumberToObject (root, "version", 1);
  cJSON_AddStringToObject (root, "date", date);
  status = cJSON_AddArrayToObject (root, "status");
  for (guint i = 0; i < rp_catalog_n_gpus (catalog); i++)
    {
      const RpGpu *gpu = rp_catalog_get_gpu (catalog, i);

      for (guint m = 0; m < rp_catalog_n_markets (catalog); m++)
        {
          const RpMarket *market = rp_catalog_get_market (catalog, m);
          cJSON *obj = cJSON_CreateObject ();
          RpAvailability a;

          rp_catalog_availability (catalog, gpu->id, market->id, RP_CONDITION_NEW, date, &a);
          cJSON_AddStringToObject (obj, "gpu", gpu->id);
          cJSON_AddStringToObject (obj, "market", market->id);
          cJSON_AddStringToObject (obj, "status", rp_availability_status_to_string (a.status));
          cJSON_AddBoolToObject (obj, "new_allowed", a.allowed);
          cJSON_AddBoolToObject (obj, "used_allowed",
                                 rp_availability_allows (a.status, RP_CONDITION_USED));
          rp_json_add_string (obj, "since", a.entry != NULL ? a.entry->from : NULL);
          rp_json_add_string (obj, "entry", a.entry != NULL ? a.entry->id : NULL);
          rp_json_add_string (obj, "rule", a.rule != NULL ? a.rule->id : NULL);
          cJSON_AddBoolToObject (obj, "datacenter_licence_restricted",
                                 rp_gpu_datacenter_licence_restricted (catalog, gpu));
          cJSON_AddItemToArray (status, obj);
        }
    }
  markets = cJSON_AddArrayToObject (root, "markets");
  for (guint m = 0; m < rp_catalog_n_markets (catalog); m++)
    {
      const RpMarket *market = rp_catalog_get_market (catalog, m);
      cJSON *obj = cJSON_CreateObject ();

      cJSON_AddStringToObject (obj, "id", market->id);
      cJSON_AddStringToObject (obj, "name", market->name);
      rp_json_add_string (obj, "name_zh", market->name_zh);
      cJSON_AddItemToObject (obj, "countries", strings_json (market->countries));
      cJSON_AddStringToObject (obj, "currency", rp_currency_to_string (market->currency));
      cJSON_AddBoolToObject (obj, "default", market->is_default);
      add_provenance (obj, market->source, NULL, market->as_of, today);
      cJSON_AddItemToArray (markets, obj);
    }
  rules = cJSON_AddArrayToObject (root, "rules");
  for (guint i = 0; i < rp_catalog_n_market_rules (catalog); i++)
    {
      const RpMarketRule *r = rp_catalog_get_market_rule (catalog, i);
      cJSON *obj = cJSON_CreateObject ();

      cJSON_AddStringToObject (obj, "id", r->id);
      cJSON_AddStringToObject (obj, "date", r->date);
      cJSON_AddStringToObject (obj, "issuer", r->issuer);
      cJSON_AddStringToObject (obj, "summary", r->summary);
      add_provenance (obj, r->source, r->source_kind, r->as_of, today);
      rp_json_add_string (obj, "notes", r->notes);
      cJSON_AddItemToArray (rules, obj);
    }
  entries = cJSON_AddArrayToObject (root, "availability");
  for (guint i = 0; i < rp_catalog_n_availability (catalog); i++)
    {
      const RpAvailabilityEntry *e = rp_catalog_get_availability (catalog, i);
      cJSON *obj = cJSON_CreateObject ();

      cJSON_AddStringToObject (obj, "id", e->id);
      cJSON_AddItemToObject (obj, "gpus", strings_json (e->gpus));
      rp_json_add_string (obj, "market", e->market);
      cJSON_AddStringToObject (obj, "from", e->from);
      cJSON_AddStringToObject (obj, "status", rp_availability_status_to_string (e->status));
      rp_json_add_string (obj, "rule", e->rule);
      add_provenance (obj, e->source, e->source_kind, e->as_of, today);
      rp_json_add_string (obj, "notes", e->notes);
      cJSON_AddItemToArray (entries, obj);
    }
  licences = cJSON_AddArrayToObject (root, "licences");
  for (guint i = 0; i < rp_catalog_n_licence_terms (catalog); i++)
    {
      const RpLicenceTerm *t = rp_catalog_get_licence_term (catalog, i);
      cJSON *obj = cJSON_CreateObject ();

      cJSON_AddStringToObject (obj, "id", t->id);
      cJSON_AddStringToObject (obj, "vendor", t->vendor);
      cJSON_AddStringToObject (obj, "clause", t->clause);
      cJSON_AddStringToObject (obj, "text", t->text);
      cJSON_AddStringToObject (obj, "since", t->since);
      add_provenance (obj, t->source, t->source_kind, t->as_of, today);
      rp_json_add_string (obj, "notes", t->notes);
      cJSON_AddItemToArray (licences, obj);
    }
  return print_json_text (root);
}

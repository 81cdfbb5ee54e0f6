/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-estimate-json.c: the estimate as JSON
 *
 * Units: bytes, seconds, hours, FLOPs, the scenario's currency.  A section
 * the models could not compute is written as null, never as zeros. */

#include "config.h"

#include "rp-estimate-json.h"

#include "rp-calibration.h"
#include "rp-decision-json.h"
#include "rp-error.h"
#include "rp-fields-private.h"
#include "rp-figures.h"
#include "rp-file.h"
#include "rp-json-private.h"
#include "rp-model.h"
#include "rp-prices.h"
#include "rp-words.h"

#include <glib/gi18n-lib.h>
#include <string.h>

static const char *const cooling_names[RP_N_COOLINGS] = { "air", "air-high-density", "liquid" };

/* ---- sections ------------------------------------------------------- */

/* The object at @path (dots) under @obj, made where missing; NULL when
 * a part of the path is null (a group the estimate does not hold). */
static cJSON *
object_at (cJSON      *obj,
           const char *path,
           const char *end)
{
  while (obj != NULL && path < end)
    {
      const char *dot = memchr (path, '.', end - path);
      g_autofree char *name = g_strndup (path, (dot != NULL ? dot : end) - path);
      cJSON *child = cJSON_GetObjectItem (obj, name);

      if (child == NULL)
        child = cJSON_AddObjectToObject (obj, name);
      obj = cJSON_IsObject (child) ? child : NULL;
      path = dot != NULL ? dot + 1 : end;
    }
  return obj;
}

/* Every figure under @prefix ("memory.") at its path in @section, from
 * the figure table; null where the estimate holds none. */
static void
add_figures (cJSON            *section,
             const char       *prefix,
             const RpEstimate *est)
{
  gsize n = strlen (prefix);

  for (guint i = 0; i < rp_figures_n (); i++)
    {
      const RpFigure *f = rp_figures_get (i);
      const char *key = rp_figure_get_key (f);
      const char *name, *last_dot;
      cJSON *obj;
      double value;

      if (strncmp (key, prefix, n) != 0)
        continue;
      last_dot = strrchr (key + n, '.');
      name = last_dot != NULL ? last_dot + 1 : key + n;
      obj = object_at (section, key + n, last_dot != NULL ? last_dot : key + n);
      if (obj == NULL)
        continue;
      if (rp_figure_get (f, est, &value))
        rp_json_add_number (obj, name, value);
      else
        cJSON_AddNullToObject (obj, name);
    }
}

/* How sure the figures with a band are (models/rp-bands.c): the ratios
 * of the ends to the figure, the published cases they come from, and
 * whether a calibration narrowed them; null when unknown. */
static void
add_band (cJSON        *obj,
          const RpBand *band)
{
  cJSON *item;

  if (!band->known)
    {
      cJSON_AddNullToObject (obj, "band");
      return;
    }
  item = cJSON_AddObjectToObject (obj, "band");
  rp_json_add_number (item, "low_ratio", band->low);
  rp_json_add_number (item, "high_ratio", band->high);
  rp_json_add_string (item, "group", band->group);
  rp_json_add_number (item, "cases", band->n);
  rp_json_add_number (item, "scale", band->scale);
  cJSON_AddBoolToObject (item, "calibrated", band->calibrated);
}

static cJSON *
memory_to_json (const RpEstimate *est)
{
  const RpMemoryEstimate *m = &est->memory;
  cJSON *obj = cJSON_CreateObject ();

  add_figures (obj, "memory.", est);
  rp_json_add_string (obj, "peak_at", m->peak_at_backward_end ? "backward-end" : "backward-start");
  cJSON_AddBoolToObject (obj, "fits", m->verdict != RP_VERDICT_DOES_NOT_FIT);
  cJSON_AddStringToObject (obj, "verdict", rp_verdict_to_string (m->verdict));
  add_band (obj, &m->band);
  return obj;
}

static cJSON *
compute_to_json (const RpEstimate *est)
{
  const RpComputeEstimate *c = &est->compute;
  cJSON *obj = cJSON_CreateObject ();

  add_figures (obj, "compute.", est);
  cJSON_AddBoolToObject (obj, "mfu_overridden", c->mfu_overridden);
  cJSON_AddBoolToObject (obj, "memory_bound", c->memory_bound);
  cJSON_AddStringToObject (obj, "bottleneck", rp_bottleneck_to_string (c->bottleneck));
  add_band (obj, &c->band);
  return obj;
}

/* Months 0..n_months of a cash curve (rp_cost_rent_cumulative or
 * rp_cost_buy_cumulative). */
static cJSON *
curve_to_json (const RpCostEstimate *c,
               double              (*at) (const RpCostEstimate *, guint))
{
  cJSON *list = cJSON_CreateArray ();

  for (guint m = 0; m <= c->n_months; m++)
    cJSON_AddItemToArray (list, cJSON_CreateNumber (at (c, m)));
  return list;
}

static void
add_price (cJSON         *obj,
           const char    *key,
           const RpPrice *p)
{
  cJSON *item = cJSON_AddObjectToObject (obj, key);

  rp_json_add_number (item, "value", p->value);
  cJSON_AddStringToObject (item, "origin", rp_price_origin_to_string (p->origin));
  rp_json_add_string (item, "source", p->source);
  rp_json_add_string (item, "as_of", p->as_of);
  cJSON_AddStringToObject (item, "original_currency", rp_currency_to_string (p->currency));
  rp_json_add_number (item, "original_value", p->original);
}

static cJSON *
prices_to_json (const RpPrices *p)
{
  cJSON *obj = cJSON_CreateObject ();

  add_price (obj, "usd_to_cny", &p->usd_to_cny);
  add_price (obj, "gpu", &p->gpu);
  add_price (obj, "server", &p->server);
  add_price (obj, "network", &p->network);
  add_price (obj, "rent_per_gpu_hour", &p->rent);
  rp_json_add_string (obj, "rent_offer", p->offer != NULL ? p->offer->id : NULL);
  add_price (obj, "power_per_kwh", &p->power);
  add_price (obj, "pue", &p->pue);
  add_price (obj, "years", &p->years);
  add_price (obj, "failure_pct_year", &p->failure);
  rp_json_add_string (obj, "region", p->region != NULL ? p->region->id : NULL);
  rp_json_add_string (obj, "power_region", p->power_region != NULL ? p->power_region->id : NULL);
  return obj;
}

static cJSON *
cost_to_json (const RpEstimate *est)
{
  const RpCostEstimate *c = &est->cost;
  cJSON *obj = cJSON_CreateObject ();
  gboolean both = c->rent_available && c->buy_available;
  cJSON *curves, *by_utilization, *rent;

  cJSON_AddStringToObject (obj, "currency", rp_currency_to_string (c->currency));
  /* a group the estimate cannot price is null as a whole */
  if (!c->rent_available)
    cJSON_AddNullToObject (obj, "rent");
  if (!c->buy_available)
    cJSON_AddNullToObject (obj, "buy");
  add_figures (obj, "cost.", est);
  rent = cJSON_GetObjectItem (obj, "rent");
  if (cJSON_IsObject (rent))
    {
      rp_json_add_string (rent, "offer", c->rent_offer != NULL ? c->rent_offer->id : NULL);
      cJSON_AddStringToObject (rent, "kind", rp_rent_kind_to_string (c->rent_kind));
    }

  by_utilization = cJSON_AddArrayToObject (obj, "break_even_by_utilization");
  for (guint i = 0; both && i < RP_COST_N_UTILIZATION_STEPS; i++)
    {
      cJSON *point = cJSON_CreateObject ();
      double months = c->break_even_by_utilization[i];

      cJSON_AddNumberToObject (point, "utilization_pct",
                               100.0 * i / (RP_COST_N_UTILIZATION_STEPS - 1));
      if (months >= 0)
        rp_json_add_number (point, "months", months);
      else
        cJSON_AddNullToObject (point, "months");
      cJSON_AddItemToArray (by_utilization, point);
    }

  cJSON_AddItemToObject (obj, "prices", prices_to_json (&c->prices));
  curves = cJSON_AddObjectToObject (obj, "monthly");
  cJSON_AddNumberToObject (curves, "months", c->n_months);
  if (c->computed && c->rent_available)
    cJSON_AddItemToObject (curves, "rent_cumulative",
                           curve_to_json (c, rp_cost_rent_cumulative));
  else
    cJSON_AddNullToObject (curves, "rent_cumulative");
  if (c->computed && c->buy_available)
    cJSON_AddItemToObject (curves, "buy_cumulative",
                           curve_to_json (c, rp_cost_buy_cumulative));
  else
    cJSON_AddNullToObject (curves, "buy_cumulative");
  return obj;
}

static cJSON *
bom_to_json (const RpEstimate *est)
{
  const RpBom *b = &est->bom;
  cJSON *obj = cJSON_CreateObject ();

  rp_json_add_string (obj, "gpu", b->gpu);
  rp_json_add_string (obj, "network", b->network);
  cJSON_AddStringToObject (obj, "cooling", cooling_names[b->cooling]);
  add_figures (obj, "bom.", est);
  return obj;
}

static cJSON *
constraints_to_json (const RpScenario *scenario,
                     const RpEstimate *est)
{
  cJSON *list = cJSON_CreateArray ();

  for (guint i = 0; i < RP_N_CONSTRAINTS; i++)
    {
      const RpConstraint *c = &est->constraints[i];
      cJSON *item;

      if (!c->judged)
        continue;
      item = cJSON_CreateObject ();
      cJSON_AddStringToObject (item, "code", rp_constraint_code_to_string (i));
      cJSON_AddBoolToObject (item, "ok", c->ok);
      cJSON_AddStringToObject (item, "severity", rp_severity_to_string (c->severity));
      rp_json_add_number (item, "needed", c->needed);
      rp_json_add_number (item, "available", c->available);
      rp_json_add_string (item, "unit", rp_measure_to_string (c->measure));
      rp_json_add_string (item, "key", c->key);
      rp_json_add_string_take (item, "message", rp_words_constraint (i, c, scenario, est));
      cJSON_AddItemToArray (list, item);
    }
  return list;
}

static cJSON *
fix_to_json (const RpCatalog  *catalog,
             const RpEstimate *est)
{
  const RpFix *fix = &est->fix;
  g_autofree char *action = NULL;
  cJSON *obj, *changes, *steps;

  if (fix->status != RP_FIX_FOUND)
    return cJSON_CreateNull ();
  obj = cJSON_CreateObject ();
  cJSON_AddStringToObject (obj, "constraint", rp_constraint_code_to_string (fix->constraint));
  steps = cJSON_AddArrayToObject (obj, "steps");
  for (guint i = 0; i < fix->n_steps; i++)
    cJSON_AddItemToArray (steps, cJSON_CreateString (rp_fix_step_to_string (fix->steps[i])));
  changes = cJSON_AddArrayToObject (obj, "changes");
  for (guint i = 0; fix->changes != NULL && i < fix->changes->len; i++)
    {
      const RpChange *c = &g_array_index (fix->changes, RpChange, i);
      const RpField *f = rp_fields_lookup (c->key);
      cJSON *item = cJSON_CreateObject ();

      cJSON_AddStringToObject (item, "key", c->key);
      rp_fields_change_to_json (item, f, c);
      cJSON_AddItemToArray (changes, item);
    }
  rp_json_add_number (obj, "memory_total", fix->memory_total_bytes);
  rp_json_add_number (obj, "headroom_pct", fix->headroom_pct);
  rp_json_add_number (obj, "days", fix->days);
  rp_json_add_number (obj, "cost", fix->cost);
  cJSON_AddBoolToObject (obj, "cost_is_rent", fix->cost_is_rent);
  action = rp_words_fix_action (catalog, fix);
  rp_json_add_string (obj, "message", action);
  return obj;
}

static cJSON *
verdict_to_json (const RpScenario *scenario,
                 const RpCatalog  *catalog,
                 const RpEstimate *est)
{
  cJSON *obj = cJSON_CreateObject ();
  g_autofree char *title = rp_words_verdict_title (scenario, est);
  g_autofree char *detail = rp_words_verdict_detail (scenario, catalog, est);
  RpConstraintCode code = 0;

  cJSON_AddStringToObject (obj, "level", rp_severity_to_string (est->level));
  if (rp_estimate_get_worst (est, &code) != NULL)
    cJSON_AddStringToObject (obj, "worst", rp_constraint_code_to_string (code));
  else
    cJSON_AddNullToObject (obj, "worst");
  cJSON_AddStringToObject (obj, "title", title);
  cJSON_AddStringToObject (obj, "detail", detail);
  return obj;
}

static void
add_section (cJSON    *root,
             const char *key,
             gboolean  computed,
             cJSON    *section)
{
  if (computed)
    cJSON_AddItemToObject (root, key, section);
  else
    {
      cJSON_Delete (section);
      cJSON_AddNullToObject (root, key);
    }
}

/* The user's calibration the models applied (rp-calibration.h), or null. */
static cJSON *
calibration_to_json (const RpEstimate *est)
{
  g_autofree char *text = NULL;

  if (est->calibration == NULL)
    return cJSON_CreateNull ();
  text = rp_calibration_dup_json (est->calibration);
  return cJSON_Parse (text);
}

/* ---- public API ----------------------------------------------------- */

/* The estimate's JSON tree; transfer full. */
static cJSON *
estimate_to_tree (const RpScenario *scenario,
                  const RpCatalog  *catalog,
                  const RpEstimate *est,
                  const RpDecision *decision)
{
  cJSON *root = cJSON_CreateObject ();
  cJSON *model, *warnings;

  cJSON_AddStringToObject (root, "format", "rigplan-estimate");
  cJSON_AddNumberToObject (root, "version", 1);
  cJSON_AddStringToObject (root, "name", scenario->name != NULL ? scenario->name : "");
  rp_json_add_string (root, "gpu", est->gpu != NULL ? est->gpu->id : NULL);
  cJSON_AddNumberToObject (root, "gpus", scenario->hardware.gpus_per_node * scenario->hardware.nodes);
  model = cJSON_AddObjectToObject (root, "model");
  rp_json_add_string (model, "preset", scenario->model.preset);
  cJSON_AddStringToObject (model, "kind", rp_model_kind_to_string (est->arch.kind));
  rp_json_add_number (model, "params", (double) rp_model_params (&est->arch));
  rp_json_add_number (model, "active_params", (double) rp_model_active_params (&est->arch));
  cJSON_AddItemToObject (root, "verdict", verdict_to_json (scenario, catalog, est));
  add_section (root, "memory", est->memory.computed, memory_to_json (est));
  add_section (root, "compute", est->compute.computed, compute_to_json (est));
  add_section (root, "cost", est->cost.computed, cost_to_json (est));
  add_section (root, "bom", est->bom.computed, bom_to_json (est));
  cJSON_AddItemToObject (root, "constraints", constraints_to_json (scenario, est));
  cJSON_AddItemToObject (root, "fix", fix_to_json (catalog, est));
  cJSON_AddItemToObject (root, "calibration", calibration_to_json (est));
  warnings = cJSON_AddArrayToObject (root, "warnings");
  for (guint i = 0; i < est->n_warnings; i++)
    {
      const RpWarning *w = &est->warnings[i];
      cJSON *item = cJSON_CreateObject ();

      cJSON_AddStringToObject (item, "code", rp_advice_to_string (w->code));
      cJSON_AddStringToObject (item, "severity", rp_severity_to_string (w->severity));
      rp_json_add_string_take (item, "message", rp_words_advice (w, scenario, catalog, est));
      cJSON_AddItemToArray (warnings, item);
    }
  if (decision != NULL)
    cJSON_AddItemToObject (root, "decision", rp_decision_to_json (decision));
  else
    cJSON_AddNullToObject (root, "decision");
  return root;
}

char *
rp_estimate_to_json (const RpScenario *scenario,
                     const RpCatalog  *catalog,
                     const RpEstimate *est,
                     const RpDecision *decision)
{
  g_autoptr(cJSON) root = NULL;
  char *text, *copy;

  g_return_val_if_fail (scenario != NULL && est != NULL, NULL);

  root = estimate_to_tree (scenario, catalog, est, decision);
  text = cJSON_Print (root);
  copy = g_strconcat (text, "\n", NULL);
  cJSON_free (text);
  return copy;
}

/* ---- CSV ------------------------------------------------------------ */

/* RFC 4180: a field with a comma, a quote or a line break is quoted, its
 * quotes doubled. */
static void
append_csv_field (GString    *out,
                  const char *text)
{
  if (strpbrk (text, ",\"\r\n") == NULL)
    {
      g_string_append (out, text);
      return;
    }
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

/* One line per leaf: its JSON path, then its value as the JSON writes
 * it, but a string's text unquoted and null empty. */
static void
append_csv_rows (GString     *out,
                 const cJSON *item,
                 const char  *path)
{
  const cJSON *child;
  guint i = 0;

  if (cJSON_IsObject (item) || cJSON_IsArray (item))
    {
      cJSON_ArrayForEach (child, item)
        {
          g_autofree char *sub = cJSON_IsArray (item)
                                 ? g_strdup_printf ("%s[%u]", path, i++)
                                 : *path != '\0' ? g_strconcat (path, ".", child->string, NULL)
                                                 : g_strdup (child->string);

          append_csv_rows (out, child, sub);
        }
      return;
    }
  append_csv_field (out, path);
  g_string_append_c (out, ',');
  if (cJSON_IsString (item))
    append_csv_field (out, item->valuestring);
  else if (!cJSON_IsNull (item))
    {
      char *text = cJSON_PrintUnformatted (item);

      g_string_append (out, text);
      cJSON_free (text);
    }
  g_string_append (out, "\r\n");
}

char *
rp_estimate_to_csv (const RpScenario *scenario,
                    const RpCatalog  *catalog,
                    const RpEstimate *est,
                    const RpDecision *decision)
{
  g_autoptr(cJSON) root = NULL;
  GString *out;

  g_return_val_if_fail (scenario != NULL && est != NULL, NULL);

  root = estimate_to_tree (scenario, catalog, est, decision);
  out = g_string_new ("key,value\r\n");
  append_csv_rows (out, root, "");
  return g_string_free (out, FALSE);
}

gboolean
rp_estimate_format_from_path (const char       *path,
                              RpEstimateFormat *out)
{
  g_autofree char *lower = NULL;

  g_return_val_if_fail (path != NULL && out != NULL, FALSE);

  lower = g_ascii_strdown (path, -1);
  if (g_str_has_suffix (lower, ".json"))
    *out = RP_ESTIMATE_FORMAT_JSON;
  else if (g_str_has_suffix (lower, ".csv"))
    *out = RP_ESTIMATE_FORMAT_CSV;
  else
    return FALSE;
  return TRUE;
}

gboolean
rp_estimate_write_file (const RpScenario *scenario,
                        const RpCatalog  *catalog,
                        const RpEstimate *est,
                        const RpDecision *decision,
                        RpEstimateFormat  format,
                        const char       *path,
                        GError          **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (scenario != NULL && est != NULL && path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  text = format == RP_ESTIMATE_FORMAT_CSV ? rp_estimate_to_csv (scenario, catalog, est, decision)
                                          : rp_estimate_to_json (scenario, catalog, est, decision);
  if (!rp_file_write_atomic (path, text, strlen (text), &local_error))
    {
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, RP_ERROR, RP_ERROR_EXPORT_FAILED,
                   /* TRANSLATORS: %s are a file name and the reason */
                   _("Could not write “%s”: %s"), display, local_error->message);
      return FALSE;
    }
  return TRUE;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-plan-json.c: the plan as JSON for scripts (`rigplan-cli plan --json`)
 *
 * Each row carries the sentence words/ writes on it ("why"); the plan
 * itself (explore/rp-planner.c) holds numbers and codes only. */

#include "config.h"

#include "rp-planner.h"

#include "rp-decision-json.h"
#include "rp-json-private.h"
#include "rp-scenario.h"
#include "rp-words.h"

#include <math.h>

/* ---- helpers: JSON -------------------------------------------------- */

static void
add_number_or_null (cJSON      *obj,
                    const char *key,
                    double      value)
{
  if (isfinite (value))
    rp_json_add_number (obj, key, value);
  else
    cJSON_AddNullToObject (obj, key);
}

static cJSON *
row_to_json (const RpPlan    *plan,
             const RpCatalog *catalog,
             guint            kind,
             guint            index)
{
  const RpPlanRow *r = g_ptr_array_index (plan->answers[kind].rows, index);
  const RpTraining *t = &r->scenario->training;
  g_autofree char *why = rp_words_plan_row (plan, catalog, kind, index);
  cJSON *item = cJSON_CreateObject ();

  cJSON_AddStringToObject (item, "answer", rp_plan_answer_kind_to_string (kind));
  cJSON_AddStringToObject (item, "gpu", r->gpu->id);
  cJSON_AddStringToObject (item, "gpu_name", r->gpu->name);
  cJSON_AddNumberToObject (item, "gpus", r->n_gpus);
  cJSON_AddNumberToObject (item, "gpus_per_node", r->scenario->hardware.gpus_per_node);
  cJSON_AddNumberToObject (item, "nodes", r->scenario->hardware.nodes);
  cJSON_AddStringToObject (item, "intra_link",
                           rp_link_to_string (r->scenario->hardware.intra_link));
  cJSON_AddStringToObject (item, "network", rp_network_to_string (r->scenario->hardware.network));
  cJSON_AddNumberToObject (item, "tensor_parallel", t->tensor_parallel);
  cJSON_AddNumberToObject (item, "pipeline_parallel", t->pipeline_parallel);
  cJSON_AddNumberToObject (item, "zero_stage", t->zero_stage);
  cJSON_AddStringToObject (item, "recompute", rp_recompute_to_string (t->recompute));
  cJSON_AddNumberToObject (item, "micro_batch", t->micro_batch);
  rp_json_add_number (item, "memory_per_gpu", r->total_bytes);
  rp_json_add_number (item, "headroom_pct", r->headroom_pct);
  rp_json_add_number (item, "days", r->days);
  rp_json_add_number (item, "gpu_hours", r->gpu_hours);
  cJSON_AddStringToObject (item, "bottleneck", rp_bottleneck_to_string (r->bottleneck));
  cJSON_AddStringToObject (item, "currency", rp_currency_to_string (plan->currency));
  add_number_or_null (item, "cost", r->cost);
  if (kind == RP_PLAN_RENT)
    {
      rp_json_add_string (item, "offer", r->offer != NULL ? r->offer->id : NULL);
      rp_json_add_string (item, "provider", r->offer != NULL ? r->offer->provider : NULL);
      rp_json_add_string (item, "provider_class", r->offer != NULL
                          ? rp_provider_class_to_string (r->offer->provider_class) : NULL);
      rp_json_add_string (item, "reliability", r->offer != NULL ? r->offer->reliability : NULL);
      cJSON_AddStringToObject (item, "rent_kind",
                               rp_rent_kind_to_string (r->scenario->budget.rent_kind));
      add_number_or_null (item, "price_per_gpu_hour", r->rent_per_gpu_hour);
    }
  else
    {
      add_number_or_null (item, "capital", r->capital);
      add_number_or_null (item, "per_month", r->per_month);
      add_number_or_null (item, "break_even_months",
                          r->break_even_months >= 0 ? r->break_even_months : NAN);
      rp_json_add_number (item, "utilization_pct", plan->utilization_pct);
    }
  cJSON_AddBoolToObject (item, "meets_deadline", r->meets_deadline);
  cJSON_AddBoolToObject (item, "within_budget", r->within_budget);
  cJSON_AddBoolToObject (item, "feasible", r->feasible);
  cJSON_AddBoolToObject (item, "pareto", r->pareto);
  rp_json_add_string (item, "why", why);
  return item;
}

static cJSON *
answer_to_json (const RpPlan    *plan,
                const RpCatalog *catalog,
                guint            kind,
                guint            top)
{
  const RpPlanAnswer *a = &plan->answers[kind];
  cJSON *obj = cJSON_CreateObject ();
  cJSON *rows, *front;
  guint n = top > 0 ? MIN (top, a->rows->len) : a->rows->len;
  g_autofree char *reason = rp_words_plan_reason (plan, catalog, kind);

  cJSON_AddStringToObject (obj, "status", rp_plan_status_to_string (a->status));
  rp_json_add_string (obj, "reason", a->recommended < 0 ? reason : NULL);
  if (a->recommended >= 0)
    cJSON_AddItemToObject (obj, "recommended", row_to_json (plan, catalog, kind,
                                                            (guint) a->recommended));
  else
    cJSON_AddNullToObject (obj, "recommended");
  rows = cJSON_AddArrayToObject (obj, "rows");
  for (guint i = 0; i < n; i++)
    cJSON_AddItemToArray (rows, row_to_json (plan, catalog, kind, i));
  front = cJSON_AddArrayToObject (obj, "front");
  for (guint i = 0; i < a->rows->len; i++)
    {
      const RpPlanRow *r = g_ptr_array_index (a->rows, i);
      cJSON *point;

      if (!r->pareto)
        continue;
      point = cJSON_CreateObject ();
      cJSON_AddStringToObject (point, "gpu", r->gpu->id);
      cJSON_AddNumberToObject (point, "gpus", r->n_gpus);
      rp_json_add_number (point, "days", r->days);
      rp_json_add_number (point, "cost", r->cost);
      cJSON_AddItemToArray (front, point);
    }
  return obj;
}

/* ---- public API ----------------------------------------------------- */

char *
rp_plan_to_json (const RpPlan     *plan,
                 const RpCatalog  *catalog,
                 const RpDecision *decision,
                 guint             top)
{
  g_autoptr(cJSON) root = cJSON_CreateObject ();
  char *text, *copy;

  g_return_val_if_fail (plan != NULL && catalog != NULL, NULL);

  cJSON_AddStringToObject (root, "format", "rigplan-plan");
  cJSON_AddNumberToObject (root, "version", 2);
  cJSON_AddNumberToObject (root, "evaluated", (double) plan->n_evaluated);
  cJSON_AddNumberToObject (root, "timed", (double) plan->n_timed);
  cJSON_AddNumberToObject (root, "space", (double) plan->n_space);
  cJSON_AddNumberToObject (root, "gpu_types", plan->n_gpu_types);
  cJSON_AddNumberToObject (root, "machines", plan->n_machines);
  cJSON_AddNumberToObject (root, "machines_searched", plan->n_searched);
  rp_json_add_number (root, "seconds", plan->seconds);
  cJSON_AddStringToObject (root, "currency", rp_currency_to_string (plan->currency));
  if (decision != NULL)
    {
      cJSON *d = rp_decision_to_json (decision);

      cJSON_AddItemToObject (root, "recommended",
                             cJSON_Duplicate (cJSON_GetObjectItem (d, "recommended"), TRUE));
      if (rp_decision_get_recommended (decision) == NULL)
        rp_json_add_string_take (root, "reason", rp_words_decision_why (decision));
      cJSON_AddItemToObject (root, "decision", d);
    }
  else
    {
      cJSON_AddNullToObject (root, "recommended");
      cJSON_AddNullToObject (root, "decision");
    }
  for (guint a = 0; a < RP_N_PLAN_ANSWERS; a++)
    cJSON_AddItemToObject (root, rp_plan_answer_kind_to_string (a),
                           answer_to_json (plan, catalog, a, top));
  text = cJSON_Print (root);
  copy = g_strconcat (text, "\n", NULL);
  cJSON_free (text);
  return copy;
}

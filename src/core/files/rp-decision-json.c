/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-decision-json.c: the decision as JSON */

#include "config.h"

#include "rp-decision-json.h"

#include "rp-json-private.h"
#include "rp-words.h"

#include <math.h>

/* ---- helpers -------------------------------------------------------- */

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
stale_to_json (const RpChoice *c)
{
  static const char *const parts[RP_N_PRICE_PARTS] = {
    "rent", "gpu", "server", "network", "power", "usd_to_cny",
  };
  cJSON *obj;

  if (!c->has_stale)
    return cJSON_CreateNull ();
  obj = cJSON_CreateObject ();
  cJSON_AddStringToObject (obj, "price", parts[c->stale_part]);
  rp_json_add_string (obj, "as_of", c->stale_price.as_of);
  rp_json_add_number (obj, "months", round (c->stale_months));
  return obj;
}

static cJSON *
choice_to_json (const RpChoice *c)
{
  cJSON *obj = cJSON_CreateObject ();
  cJSON *broken = cJSON_CreateArray ();

  cJSON_AddStringToObject (obj, "answer", rp_choice_kind_to_string (c->kind));
  cJSON_AddStringToObject (obj, "label", rp_words_choice_label (c->kind));
  rp_json_add_string (obj, "gpu", c->gpu != NULL ? c->gpu->id : NULL);
  rp_json_add_string (obj, "gpu_name", c->gpu != NULL ? c->gpu->name : NULL);
  cJSON_AddNumberToObject (obj, "gpus", c->gpus);
  cJSON_AddNumberToObject (obj, "nodes", c->nodes);
  cJSON_AddBoolToObject (obj, "fixed", c->fixed);
  add_number_or_null (obj, "memory_per_gpu", c->memory_bytes);
  add_number_or_null (obj, "headroom_pct", c->headroom_pct);
  add_number_or_null (obj, "days", c->days);
  cJSON_AddStringToObject (obj, "currency", rp_currency_to_string (c->scenario->budget.currency));
  add_number_or_null (obj, "cost", c->cost);
  add_number_or_null (obj, "rent_total", c->rent_total);
  add_number_or_null (obj, "capital", c->capital);
  add_number_or_null (obj, "per_month", c->per_month);
  add_number_or_null (obj, "payback_months", c->payback_months);
  add_number_or_null (obj, "saving_pct", c->saving_pct);
  rp_json_add_string (obj, "offer", c->offer != NULL ? c->offer->id : NULL);
  cJSON_AddBoolToObject (obj, "meets_limits", rp_choice_meets_limits (c));
  for (guint k = 0; k < RP_N_CONSTRAINTS; k++)
    if (c->broken & (1u << k))
      cJSON_AddItemToArray (broken, cJSON_CreateString (rp_constraint_code_to_string (k)));
  cJSON_AddItemToObject (obj, "broken", broken);
  cJSON_AddStringToObject (obj, "availability",
                           rp_availability_status_to_string (c->availability.status));
  cJSON_AddItemToObject (obj, "stale_price", stale_to_json (c));
  rp_json_add_string_take (obj, "why", rp_words_choice (c));
  return obj;
}

/* ---- public API ----------------------------------------------------- */

cJSON *
rp_decision_to_json (const RpDecision *d)
{
  static const char *const statuses[] = { "ok", "nothing-runs", "over-limits" };
  cJSON *obj, *buy, *alternatives;
  const RpChoice *rec;

  g_return_val_if_fail (d != NULL, NULL);

  obj = cJSON_CreateObject ();
  rec = rp_decision_get_recommended (d);
  cJSON_AddStringToObject (obj, "status", statuses[d->status]);
  if (rec != NULL)
    cJSON_AddItemToObject (obj, "recommended", choice_to_json (rec));
  else
    cJSON_AddNullToObject (obj, "recommended");
  rp_json_add_string_take (obj, "why", rp_words_decision_why (d));
  buy = cJSON_AddObjectToObject (obj, "buy");
  cJSON_AddStringToObject (buy, "verdict", rp_buy_verdict_to_string (d->buy));
  rp_json_add_string_take (buy, "sentence", rp_words_buy_verdict (d));
  rp_json_add_number (buy, "margin_pct", RP_DECISION_BUY_MARGIN_PCT);
  rp_json_add_number (buy, "payback_share_pct", RP_DECISION_PAYBACK_SHARE_PCT);
  rp_json_add_number (buy, "years", d->years);
  rp_json_add_number (buy, "utilization_pct", d->utilization_pct);
  add_number_or_null (buy, "rent_per_month_same_work", d->rent_per_month_same_work);
  alternatives = cJSON_AddArrayToObject (obj, "alternatives");
  for (guint i = rec != NULL ? 1 : 0; i < d->n_choices; i++)
    cJSON_AddItemToArray (alternatives, choice_to_json (&d->choices[i]));
  return obj;
}

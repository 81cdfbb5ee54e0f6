/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-estimate-json.c: the estimate as JSON
 *
 * Units: bytes, seconds, hours, FLOPs, the scenario's currency.  A section
 * the models could not compute is written as null, never as zeros. */

#include "config.h"

#include "rp-estimate-json.h"

#include "rp-json-private.h"
#include "rp-model.h"

/* ---- sections ------------------------------------------------------- */

static cJSON *
memory_to_json (const RpMemoryEstimate *m)
{
  cJSON *obj = cJSON_CreateObject ();
  cJSON *overhead;

  rp_json_add_number (obj, "weights", m->weights_bytes);
  rp_json_add_number (obj, "gradients", m->gradients_bytes);
  rp_json_add_number (obj, "optimizer", m->optimizer_bytes);
  rp_json_add_number (obj, "activations", m->activations_bytes);
  rp_json_add_number (obj, "logits", m->logits_bytes);
  rp_json_add_number (obj, "gathered", m->gathered_bytes);
  overhead = cJSON_AddObjectToObject (obj, "overhead_lines");
  rp_json_add_number (overhead, "cuda_context", m->cuda_context_bytes);
  rp_json_add_number (overhead, "nccl", m->nccl_bytes);
  rp_json_add_number (overhead, "ddp_buckets", m->ddp_bucket_bytes);
  rp_json_add_number (overhead, "fragmentation", m->fragmentation_bytes);
  rp_json_add_number (obj, "overhead", m->overhead_bytes);
  rp_json_add_number (obj, "total", m->total_bytes);
  rp_json_add_number (obj, "capacity", m->capacity_bytes);
  rp_json_add_number (obj, "free", m->free_bytes);
  rp_json_add_number (obj, "headroom_pct", m->headroom_pct);
  rp_json_add_number (obj, "required_headroom_pct", m->required_headroom_pct);
  cJSON_AddBoolToObject (obj, "fits", m->verdict != RP_VERDICT_DOES_NOT_FIT);
  cJSON_AddStringToObject (obj, "verdict", rp_verdict_to_string (m->verdict));
  rp_json_add_number (obj, "trainable_params", m->trainable_params);
  rp_json_add_number (obj, "total_params", m->total_params);
  rp_json_add_number (obj, "cpu_offload", m->cpu_offload_bytes);
  if (m->fix.kind != RP_FIX_NONE)
    {
      cJSON *fix = cJSON_AddObjectToObject (obj, "fix");
      cJSON_AddStringToObject (fix, "kind", rp_fix_kind_to_string (m->fix.kind));
      cJSON_AddNumberToObject (fix, "value", m->fix.value);
      rp_json_add_string (fix, "gpu", m->fix.gpu);
      rp_json_add_number (fix, "total", m->fix.total_bytes);
    }
  else
    cJSON_AddNullToObject (obj, "fix");
  return obj;
}

static cJSON *
compute_to_json (const RpComputeEstimate *c)
{
  cJSON *obj = cJSON_CreateObject ();

  rp_json_add_number (obj, "flops", c->flops);
  rp_json_add_number (obj, "flops_per_step", c->flops_per_step);
  if (c->tokens_per_s > 0)
    rp_json_add_number (obj, "tokens_per_s", c->tokens_per_s);
  else
    cJSON_AddNullToObject (obj, "tokens_per_s");
  rp_json_add_number (obj, "samples_per_s", c->samples_per_s);
  rp_json_add_number (obj, "mfu", c->mfu);
  rp_json_add_number (obj, "peak_tflops", c->peak_tflops);
  rp_json_add_number (obj, "step_s", c->step_s);
  rp_json_add_number (obj, "compute_s", c->compute_s);
  rp_json_add_number (obj, "comm_s", c->comm_s);
  rp_json_add_number (obj, "comm_exposed_s", c->comm_exposed_s);
  rp_json_add_number (obj, "bubble_s", c->bubble_s);
  rp_json_add_number (obj, "data_s", c->data_s);
  rp_json_add_number (obj, "steps", c->steps);
  rp_json_add_number (obj, "hours", c->hours);
  rp_json_add_number (obj, "days", c->days);
  rp_json_add_number (obj, "gpu_hours", c->gpu_hours);
  rp_json_add_number (obj, "checkpoint_s", c->checkpoint_s);
  rp_json_add_number (obj, "checkpoint_bytes", c->checkpoint_bytes);
  cJSON_AddStringToObject (obj, "bottleneck", rp_bottleneck_to_string (c->bottleneck));
  rp_json_add_number (obj, "cpu_cores_needed", c->cpu_cores_needed);
  rp_json_add_number (obj, "storage_read_mb_s_needed", c->storage_read_mb_s_needed);
  return obj;
}

static cJSON *
curve_to_json (const double *values,
               guint         n)
{
  cJSON *list = cJSON_CreateArray ();

  for (guint i = 0; values != NULL && i < n; i++)
    cJSON_AddItemToArray (list, cJSON_CreateNumber (values[i]));
  return list;
}

static cJSON *
cost_to_json (const RpCostEstimate *c)
{
  cJSON *obj = cJSON_CreateObject ();
  cJSON *curves;

  cJSON_AddStringToObject (obj, "currency", rp_currency_to_string (c->currency));
  rp_json_add_number (obj, "rent_total", c->rent_total);
  rp_json_add_number (obj, "rent_per_gpu_hour", c->rent_per_gpu_hour);
  rp_json_add_number (obj, "buy_total", c->buy_total);
  rp_json_add_number (obj, "buy_capital", c->buy_capital);
  rp_json_add_number (obj, "buy_per_month", c->buy_per_month);
  rp_json_add_number (obj, "rent_per_month", c->rent_per_month);
  if (c->break_even_months >= 0)
    rp_json_add_number (obj, "break_even_months", c->break_even_months);
  else
    cJSON_AddNullToObject (obj, "break_even_months");
  rp_json_add_number (obj, "energy_kwh", c->energy_kwh);
  rp_json_add_number (obj, "co2_kg", c->co2_kg);
  rp_json_add_number (obj, "power_w", c->power_w);
  curves = cJSON_AddObjectToObject (obj, "monthly");
  cJSON_AddItemToObject (curves, "rent_cumulative",
                         curve_to_json (c->rent_cumulative, c->n_months + 1));
  cJSON_AddItemToObject (curves, "buy_cumulative",
                         curve_to_json (c->buy_cumulative, c->n_months + 1));
  return obj;
}

static cJSON *
bom_to_json (const RpBom *b)
{
  cJSON *obj = cJSON_CreateObject ();

  rp_json_add_string (obj, "gpu", b->gpu);
  cJSON_AddNumberToObject (obj, "gpus_per_node", b->gpus_per_node);
  cJSON_AddNumberToObject (obj, "nodes", b->nodes);
  cJSON_AddNumberToObject (obj, "cpu_cores_per_node", b->cpu_cores_per_node);
  cJSON_AddNumberToObject (obj, "ram_gb_per_node", b->ram_gb_per_node);
  rp_json_add_number (obj, "nvme_tb_per_node", b->nvme_tb_per_node);
  rp_json_add_string (obj, "network", b->network);
  cJSON_AddNumberToObject (obj, "nics_per_node", b->nics_per_node);
  cJSON_AddNumberToObject (obj, "switch_ports", b->switch_ports);
  rp_json_add_number (obj, "power_kw_per_node", b->power_kw_per_node);
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

/* ---- public API ----------------------------------------------------- */

char *
rp_estimate_to_json (const RpScenario *scenario,
                     const RpEstimate *est)
{
  g_autoptr(cJSON) root = cJSON_CreateObject ();
  cJSON *model, *warnings;
  char *text, *copy;

  g_return_val_if_fail (scenario != NULL && est != NULL, NULL);

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
  add_section (root, "memory", est->memory.computed, memory_to_json (&est->memory));
  add_section (root, "compute", est->compute.computed, compute_to_json (&est->compute));
  add_section (root, "cost", est->cost.computed, cost_to_json (&est->cost));
  add_section (root, "bom", est->bom.computed, bom_to_json (&est->bom));
  warnings = cJSON_AddArrayToObject (root, "warnings");
  for (guint i = 0; i < est->warnings->len; i++)
    {
      const RpWarning *w = g_ptr_array_index (est->warnings, i);
      cJSON *item = cJSON_CreateObject ();
      static const char *const severities[] = { "info", "warning", "error" };

      cJSON_AddStringToObject (item, "code", w->code);
      cJSON_AddStringToObject (item, "severity", severities[w->severity]);
      cJSON_AddStringToObject (item, "message", w->message);
      cJSON_AddItemToArray (warnings, item);
    }
  text = cJSON_Print (root);
  copy = g_strconcat (text, "\n", NULL);
  cJSON_free (text);
  return copy;
}

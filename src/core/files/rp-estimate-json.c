/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-estimate-json.c: the estimate as JSON
 *
 * Units: bytes, seconds, hours, FLOPs, the scenario's currency.  A section
 * the models could not compute is written as null, never as zeros. */

#include "config.h"

#include "rp-estimate-json.h"

#include "rp-error.h"
#include "rp-fields-private.h"
#include "rp-file.h"
#include "rp-json-private.h"
#include "rp-model.h"
#include "rp-prices.h"
#include "rp-words.h"

#include <glib/gi18n-lib.h>
#include <string.h>

static const char *const cooling_names[RP_N_COOLINGS] = { "air", "air-high-density", "liquid" };

/* ---- sections ------------------------------------------------------- */

static cJSON *
memory_to_json (const RpMemoryEstimate *m)
{
  cJSON *obj = cJSON_CreateObject ();
  cJSON *overhead;

  rp_json_add_number (obj, "weights", m->weights_bytes);
  rp_json_add_number (obj, "weight_copies", m->weight_copies_bytes);
  rp_json_add_number (obj, "gradients", m->gradients_bytes);
  rp_json_add_number (obj, "optimizer", m->optimizer_bytes);
  rp_json_add_number (obj, "activations", m->activations_bytes);
  rp_json_add_number (obj, "recompute", m->recompute_bytes);
  rp_json_add_number (obj, "logits", m->logits_bytes + m->logits_transient_bytes);
  rp_json_add_number (obj, "logits_saved", m->logits_bytes);
  rp_json_add_number (obj, "logits_transient", m->logits_transient_bytes);
  rp_json_add_number (obj, "gathered", m->gathered_bytes);
  overhead = cJSON_AddObjectToObject (obj, "overhead_lines");
  rp_json_add_number (overhead, "cuda_context", m->cuda_context_bytes);
  rp_json_add_number (overhead, "workspace", m->workspace_bytes);
  rp_json_add_number (overhead, "nccl", m->nccl_bytes);
  rp_json_add_number (overhead, "ddp_buckets", m->ddp_bucket_bytes);
  rp_json_add_number (overhead, "fragmentation", m->fragmentation_bytes);
  rp_json_add_number (obj, "overhead", m->overhead_bytes);
  rp_json_add_number (obj, "reference", m->reference_bytes);
  rp_json_add_number (obj, "released", m->released_bytes);
  rp_json_add_string (obj, "peak_at", m->peak_at_backward_end ? "backward-end" : "backward-start");
  rp_json_add_number (obj, "total", m->total_bytes);
  rp_json_add_number (obj, "capacity", m->capacity_bytes);
  rp_json_add_number (obj, "free", m->free_bytes);
  rp_json_add_number (obj, "headroom_pct", m->headroom_pct);
  rp_json_add_number (obj, "required_headroom_pct", m->required_headroom_pct);
  cJSON_AddBoolToObject (obj, "fits", m->verdict != RP_VERDICT_DOES_NOT_FIT);
  cJSON_AddStringToObject (obj, "verdict", rp_verdict_to_string (m->verdict));
  rp_json_add_number (obj, "trainable_params", m->trainable_params);
  rp_json_add_number (obj, "total_params", m->total_params);
  rp_json_add_number (obj, "params_per_gpu", m->params_per_gpu);
  rp_json_add_number (obj, "cpu_offload", m->cpu_offload_bytes);
  rp_json_add_number (obj, "activations_per_layer", m->activations_per_layer_bytes);
  cJSON_AddNumberToObject (obj, "pipeline_stage", m->pipeline_stage);
  cJSON_AddNumberToObject (obj, "micro_batches_in_flight", m->micro_batches_in_flight);
  rp_json_add_number (obj, "pipeline_batches_held", m->pipeline_batches_held);
  return obj;
}

static cJSON *
compute_to_json (const RpComputeEstimate *c)
{
  cJSON *obj = cJSON_CreateObject ();
  cJSON *parts, *data;

  rp_json_add_number (obj, "flops", c->flops);
  rp_json_add_number (obj, "flops_per_step", c->flops_per_step);
  rp_json_add_number (obj, "model_flops_per_step", c->model_flops_per_step);
  if (c->tokens_per_s > 0)
    rp_json_add_number (obj, "tokens_per_s", c->tokens_per_s);
  else
    cJSON_AddNullToObject (obj, "tokens_per_s");
  rp_json_add_number (obj, "samples_per_s", c->samples_per_s);
  rp_json_add_number (obj, "mfu", c->mfu);
  rp_json_add_number (obj, "hfu", c->hfu);
  rp_json_add_number (obj, "efficiency", c->efficiency);
  cJSON_AddBoolToObject (obj, "mfu_overridden", c->mfu_overridden);
  rp_json_add_number (obj, "peak_tflops", c->peak_tflops);
  rp_json_add_number (obj, "step_s", c->step_s);
  rp_json_add_number (obj, "gpu_step_s", c->gpu_step_s);
  rp_json_add_number (obj, "compute_s", c->compute_s);
  rp_json_add_number (obj, "comm_s", c->comm_s);
  rp_json_add_number (obj, "comm_exposed_s", c->comm_exposed_s);
  rp_json_add_number (obj, "bubble_s", c->bubble_s);
  rp_json_add_number (obj, "data_s", c->data_s);
  parts = cJSON_AddObjectToObject (obj, "comm_parts");
  rp_json_add_number (parts, "tensor_parallel_s", c->tp_comm_s);
  rp_json_add_number (parts, "data_parallel_s", c->dp_comm_s);
  rp_json_add_number (parts, "pipeline_s", c->pp_comm_s);
  rp_json_add_number (parts, "expert_parallel_s", c->ep_comm_s);
  rp_json_add_number (parts, "context_parallel_s", c->cp_comm_s);
  rp_json_add_number (obj, "bubble_fraction", c->bubble_fraction);
  rp_json_add_number (obj, "micro_batches", c->micro_batches);
  rp_json_add_number (obj, "optimizer_s", c->optimizer_s);
  rp_json_add_number (obj, "moe_s", c->moe_s);
  rp_json_add_number (obj, "elementwise_s", c->elementwise_s);
  rp_json_add_number (obj, "dequant_s", c->dequant_s);
  cJSON_AddBoolToObject (obj, "memory_bound", c->memory_bound);
  rp_json_add_number (obj, "steps", c->steps);
  rp_json_add_number (obj, "samples_total", c->samples_total);
  rp_json_add_number (obj, "tokens_total", c->tokens_total);
  rp_json_add_number (obj, "hours", c->hours);
  rp_json_add_number (obj, "days", c->days);
  rp_json_add_number (obj, "gpu_hours", c->gpu_hours);
  rp_json_add_number (obj, "goodput_low", c->goodput_low);
  rp_json_add_number (obj, "goodput_high", c->goodput_high);
  rp_json_add_number (obj, "gpu_hours_expected_low", c->gpu_hours_expected_low);
  rp_json_add_number (obj, "gpu_hours_expected_high", c->gpu_hours_expected_high);
  rp_json_add_number (obj, "checkpoint_s", c->checkpoint_s);
  rp_json_add_number (obj, "checkpoint_bytes", c->checkpoint_bytes);
  cJSON_AddStringToObject (obj, "bottleneck", rp_bottleneck_to_string (c->bottleneck));
  rp_json_add_number (obj, "cpu_cores_needed", c->cpu_cores_needed);
  rp_json_add_number (obj, "storage_read_mb_s_needed", c->storage_read_mb_s_needed);
  data = cJSON_AddObjectToObject (obj, "data_pipeline");
  rp_json_add_number (data, "storage_read_mb_s_available", c->storage_read_mb_s_available);
  rp_json_add_number (data, "cpu_s", c->cpu_s);
  rp_json_add_number (data, "slowdown_pct", c->slowdown_pct);
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

/* A cost figure, or null where the part it belongs to is unavailable. */
static void
add_cost_number (cJSON      *obj,
                 const char *key,
                 gboolean    available,
                 double      value)
{
  if (available)
    rp_json_add_number (obj, key, value);
  else
    cJSON_AddNullToObject (obj, key);
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
cost_to_json (const RpCostEstimate *c)
{
  cJSON *obj = cJSON_CreateObject ();
  gboolean rent_run = c->rent_available && c->run_available;
  gboolean buy_run = c->buy_available && c->run_available;
  gboolean energy_run = c->energy_available && c->run_available;
  gboolean both = c->rent_available && c->buy_available;
  cJSON *curves, *by_utilization;

  /* The flat keys are the stable contract (DESIGN "The CLI contract"). */
  cJSON_AddStringToObject (obj, "currency", rp_currency_to_string (c->currency));
  rp_json_add_number (obj, "utilization_pct", c->utilization_pct);
  add_cost_number (obj, "rent_total", rent_run, c->rent_total);
  add_cost_number (obj, "rent_per_gpu_hour", c->rent_available, c->rent_per_gpu_hour);
  add_cost_number (obj, "rent_per_month", c->rent_available, c->rent_per_month);
  add_cost_number (obj, "buy_total", buy_run, c->buy_total);
  add_cost_number (obj, "buy_capital", c->buy_available, c->buy_capital);
  add_cost_number (obj, "buy_per_month", c->buy_available, c->buy_per_month);
  add_cost_number (obj, "break_even_months", both && c->break_even_months >= 0,
                   c->break_even_months);
  add_cost_number (obj, "break_even_utilization_pct",
                   both && c->break_even_utilization_pct >= 0, c->break_even_utilization_pct);
  add_cost_number (obj, "period_saving", both, c->period_saving);
  add_cost_number (obj, "energy_kwh", energy_run, c->energy_kwh);
  add_cost_number (obj, "co2_kg", energy_run, c->co2_kg);
  add_cost_number (obj, "power_w", c->energy_available, c->power_w);
  add_cost_number (obj, "tflops_per_w", c->tflops_per_w > 0, c->tflops_per_w);

  if (c->rent_available)
    {
      cJSON *rent = cJSON_AddObjectToObject (obj, "rent");

      rp_json_add_string (rent, "offer", c->rent_offer != NULL ? c->rent_offer->id : NULL);
      cJSON_AddStringToObject (rent, "kind", rp_rent_kind_to_string (c->rent_kind));
      rp_json_add_number (rent, "per_gpu_hour", c->rent_per_gpu_hour);
      rp_json_add_number (rent, "billing_granularity_s", c->billing_granularity_s);
      rp_json_add_number (rent, "spot_allowance_pct", c->spot_allowance_pct);
      cJSON_AddNumberToObject (rent, "billed_gpus", c->rent_billed_gpus);
      add_cost_number (rent, "billed_hours", c->run_available, c->rent_billed_hours);
      add_cost_number (rent, "compute", c->run_available, c->rent_compute);
      add_cost_number (rent, "storage", c->run_available, c->rent_storage);
      add_cost_number (rent, "egress", c->run_available, c->rent_egress);
      add_cost_number (rent, "total", c->run_available, c->rent_total);
      rp_json_add_number (rent, "per_month", c->rent_per_month);
    }
  else
    cJSON_AddNullToObject (obj, "rent");

  if (c->buy_available)
    {
      cJSON *buy = cJSON_AddObjectToObject (obj, "buy");
      cJSON *lines;

      rp_json_add_number (buy, "capital", c->buy_capital);
      rp_json_add_number (buy, "capital_gpus", c->buy_capital_gpus);
      cJSON_AddNumberToObject (buy, "spare_gpus", c->buy_spare_gpus);
      rp_json_add_number (buy, "capital_spares", c->buy_capital_spares);
      rp_json_add_number (buy, "capital_servers", c->buy_capital_servers);
      rp_json_add_number (buy, "capital_network", c->buy_capital_network);
      rp_json_add_number (buy, "residual", c->buy_residual);
      rp_json_add_number (buy, "per_month", c->buy_per_month);
      lines = cJSON_AddObjectToObject (buy, "per_month_lines");
      rp_json_add_number (lines, "depreciation", c->buy_depreciation_per_month);
      rp_json_add_number (lines, "maintenance", c->buy_maintenance_per_month);
      rp_json_add_number (lines, "ops", c->buy_ops_per_month);
      rp_json_add_number (lines, "colocation", c->buy_colocation_per_month);
      rp_json_add_number (lines, "cost_of_capital", c->buy_capital_cost_per_month);
      rp_json_add_number (lines, "electricity", c->buy_energy_per_month);
      add_cost_number (buy, "run_electricity", c->run_available, c->buy_run_energy);
      add_cost_number (buy, "total", c->run_available, c->buy_total);
    }
  else
    cJSON_AddNullToObject (obj, "buy");

  by_utilization = cJSON_AddArrayToObject (obj, "break_even_by_utilization");
  for (guint i = 0; both && i < RP_COST_N_UTILIZATION_STEPS; i++)
    {
      cJSON *point = cJSON_CreateObject ();

      cJSON_AddNumberToObject (point, "utilization_pct",
                               100.0 * i / (RP_COST_N_UTILIZATION_STEPS - 1));
      add_cost_number (point, "months", c->break_even_by_utilization[i] >= 0,
                       c->break_even_by_utilization[i]);
      cJSON_AddItemToArray (by_utilization, point);
    }

  cJSON_AddItemToObject (obj, "prices", prices_to_json (&c->prices));
  curves = cJSON_AddObjectToObject (obj, "monthly");
  cJSON_AddNumberToObject (curves, "months", c->n_months);
  if (c->rent_cumulative != NULL)
    cJSON_AddItemToObject (curves, "rent_cumulative",
                           curve_to_json (c->rent_cumulative, c->n_months + 1));
  else
    cJSON_AddNullToObject (curves, "rent_cumulative");
  if (c->buy_cumulative != NULL)
    cJSON_AddItemToObject (curves, "buy_cumulative",
                           curve_to_json (c->buy_cumulative, c->n_months + 1));
  else
    cJSON_AddNullToObject (curves, "buy_cumulative");
  return obj;
}

static cJSON *
bom_to_json (const RpBom *b)
{
  cJSON *obj = cJSON_CreateObject ();
  cJSON *sizing;

  rp_json_add_string (obj, "gpu", b->gpu);
  cJSON_AddNumberToObject (obj, "gpus_per_node", b->gpus_per_node);
  cJSON_AddNumberToObject (obj, "nodes", b->nodes);
  cJSON_AddNumberToObject (obj, "cpu_cores_per_node", b->cpu_cores_per_node);
  cJSON_AddNumberToObject (obj, "cpu_sockets", b->cpu_sockets);
  rp_json_add_number (obj, "cpu_cores_for_data", b->cpu_cores_for_data);
  cJSON_AddNumberToObject (obj, "cpu_cores_platform", b->cpu_cores_platform);
  cJSON_AddNumberToObject (obj, "cpu_cores_entered", b->cpu_cores_entered);
  cJSON_AddNumberToObject (obj, "ram_gb_per_node", b->ram_gb_per_node);
  cJSON_AddNumberToObject (obj, "ram_gb_entered", b->ram_gb_entered);
  rp_json_add_number (obj, "nvme_tb_per_node", b->nvme_tb_per_node);
  rp_json_add_string (obj, "network", b->network);
  cJSON_AddNumberToObject (obj, "nics_per_node", b->nics_per_node);
  rp_json_add_number (obj, "nic_gbit_s", b->nic_gbit_s);
  cJSON_AddNumberToObject (obj, "switch_ports", b->switch_ports);
  rp_json_add_number (obj, "power_kw_per_node", b->power_kw_per_node);
  cJSON_AddNumberToObject (obj, "psus_per_node", b->psus_per_node);
  rp_json_add_number (obj, "psu_kw", b->psu_kw);
  cJSON_AddNumberToObject (obj, "pcie_lanes_per_node", b->pcie_lanes_per_node);
  cJSON_AddStringToObject (obj, "cooling", cooling_names[b->cooling]);
  sizing = cJSON_AddObjectToObject (obj, "sizing");
  rp_json_add_number (sizing, "dataset_bytes", b->dataset_bytes);
  rp_json_add_number (sizing, "checkpoints_bytes", b->checkpoints_bytes);
  rp_json_add_number (sizing, "pinned_ram_bytes", b->pinned_ram_bytes);
  rp_json_add_number (sizing, "offload_ram_bytes", b->offload_ram_bytes);
  rp_json_add_number (sizing, "ram_needed_bytes", b->ram_needed_bytes);
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

/* ---- public API ----------------------------------------------------- */

/* The estimate's JSON tree; transfer full. */
static cJSON *
estimate_to_tree (const RpScenario *scenario,
                  const RpCatalog  *catalog,
                  const RpEstimate *est)
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
  add_section (root, "memory", est->memory.computed, memory_to_json (&est->memory));
  add_section (root, "compute", est->compute.computed, compute_to_json (&est->compute));
  add_section (root, "cost", est->cost.computed, cost_to_json (&est->cost));
  add_section (root, "bom", est->bom.computed, bom_to_json (&est->bom));
  cJSON_AddItemToObject (root, "constraints", constraints_to_json (scenario, est));
  cJSON_AddItemToObject (root, "fix", fix_to_json (catalog, est));
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
  return root;
}

char *
rp_estimate_to_json (const RpScenario *scenario,
                     const RpCatalog  *catalog,
                     const RpEstimate *est)
{
  g_autoptr(cJSON) root = NULL;
  char *text, *copy;

  g_return_val_if_fail (scenario != NULL && est != NULL, NULL);

  root = estimate_to_tree (scenario, catalog, est);
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
                    const RpEstimate *est)
{
  g_autoptr(cJSON) root = NULL;
  GString *out;

  g_return_val_if_fail (scenario != NULL && est != NULL, NULL);

  root = estimate_to_tree (scenario, catalog, est);
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
                        RpEstimateFormat  format,
                        const char       *path,
                        GError          **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (scenario != NULL && est != NULL && path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  text = format == RP_ESTIMATE_FORMAT_CSV ? rp_estimate_to_csv (scenario, catalog, est)
                                          : rp_estimate_to_json (scenario, catalog, est);
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

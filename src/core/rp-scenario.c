/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-scenario.c: defaults, copying and cross-key validation */

#include "config.h"

#include "rp-scenario.h"

#include "rp-error.h"
#include "rp-scenario-private.h"

#include <glib/gi18n-lib.h>

/* ---- helpers -------------------------------------------------------- */

static gboolean
scenario_invalid (GError    **error,
                  const char *key,
                  const char *what)
{
  rp_error_set_key (error, RP_ERROR_INVALID_VALUE, key, "%s", what);
  return FALSE;
}

/* ---- public API ----------------------------------------------------- */

RpScenario *
rp_scenario_new (void)
{
  RpScenario *self = g_new0 (RpScenario, 1);
  RpTraining *t = &self->training;
  RpHardware *hw = &self->hardware;
  RpBudget *b = &self->budget;

  self->name = g_strdup ("");
  self->model.arch.kind = RP_MODEL_KIND_DECODER;
  self->model.arch.image_channels = 3;

  t->method = RP_METHOD_FULL_FINETUNE;
  t->lora_rank = 16;
  t->lora_targets = RP_LORA_TARGETS_ALL_LINEAR;
  t->precision = RP_PRECISION_BF16_MIXED;
  t->optimizer = RP_OPTIMIZER_ADAMW;
  t->seq_len = 2048;
  t->micro_batch = 1;
  t->global_batch = 32;
  t->recompute = RP_RECOMPUTE_NONE;
  t->flash_attention = TRUE;
  t->dropout = FALSE;
  t->tensor_parallel = 1;
  t->pipeline_parallel = 1;
  t->expert_parallel = 1;
  t->epochs = 1;
  t->checkpoints_kept = 3;

  hw->gpus_per_node = 1;
  hw->nodes = 1;
  hw->intra_link = RP_LINK_PCIE4;
  hw->network = RP_NETWORK_NONE;
  hw->storage = RP_STORAGE_NVME_GEN4;
  hw->cpu_cores_per_node = 16;
  hw->ram_gb_per_node = 64;
  hw->headroom_pct = 10;

  b->currency = RP_CURRENCY_USD;
  /* Sources for these defaults are in README "Scenario file". */
  b->usd_to_cny = 7.1;
  b->rent_kind = RP_RENT_ON_DEMAND;
  b->power_price_kwh = 0.0826;
  b->pue = 1.58;
  b->years = 5;
  b->residual_pct = 10;
  b->maintenance_pct_year = 5;
  b->utilization_pct = 60;
  b->grid_kg_co2_per_kwh = 0.4;
  return self;
}

RpScenario *
rp_scenario_copy (const RpScenario *self)
{
  RpScenario *copy;

  g_return_val_if_fail (self != NULL, NULL);

  copy = g_new0 (RpScenario, 1);
  *copy = *self;
  copy->name = g_strdup (self->name);
  copy->model.preset = g_strdup (self->model.preset);
  copy->hardware.gpu = g_strdup (self->hardware.gpu);
  copy->budget.rent_offer = g_strdup (self->budget.rent_offer);
  copy->extra = rp_json_extra_copy (self->extra);
  return copy;
}

void
rp_scenario_free (RpScenario *self)
{
  if (self == NULL)
    return;
  g_free (self->name);
  g_free (self->model.preset);
  g_free (self->hardware.gpu);
  g_free (self->budget.rent_offer);
  rp_json_extra_free (self->extra);
  g_free (self);
}

#define DEFINE_STRING_SETTER(fn, field)          \
  void                                           \
  fn (RpScenario *self,                          \
      const char *value)                         \
  {                                              \
    g_return_if_fail (self != NULL);             \
    if (g_strcmp0 (self->field, value) == 0)     \
      return;                                    \
    g_free (self->field);                        \
    self->field = g_strdup (value);              \
  }

DEFINE_STRING_SETTER (rp_scenario_set_name, name)
DEFINE_STRING_SETTER (rp_scenario_set_preset, model.preset)
DEFINE_STRING_SETTER (rp_scenario_set_gpu, hardware.gpu)
DEFINE_STRING_SETTER (rp_scenario_set_rent_offer, budget.rent_offer)

guint
rp_scenario_n_gpus (const RpScenario *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->hardware.gpus_per_node * self->hardware.nodes;
}

guint
rp_scenario_data_parallel (const RpScenario *self)
{
  guint model_parallel;

  g_return_val_if_fail (self != NULL, 0);
  model_parallel = MAX (self->training.tensor_parallel, 1) *
                   MAX (self->training.pipeline_parallel, 1);
  return MAX (rp_scenario_n_gpus (self) / model_parallel, 1);
}

gboolean
rp_scenario_validate (const RpScenario *self,
                      GError          **error)
{
  const RpTraining *t;
  const RpHardware *hw;
  guint n_gpus, model_parallel;

  g_return_val_if_fail (self != NULL, FALSE);

  t = &self->training;
  hw = &self->hardware;
  n_gpus = rp_scenario_n_gpus (self);
  model_parallel = t->tensor_parallel * t->pipeline_parallel;

  if (hw->gpu == NULL || *hw->gpu == '\0')
    {
      rp_error_set_key (error, RP_ERROR_MISSING_FIELD, "hardware.gpu", _("choose a GPU"));
      return FALSE;
    }
  if (n_gpus == 0)
    return scenario_invalid (error, "hardware.gpus_per_node", _("at least one GPU is needed"));
  if (model_parallel == 0 || n_gpus % model_parallel != 0)
    return scenario_invalid (error, "training.tensor_parallel",
                             _("tensor × pipeline parallel size must divide the GPU count"));
  if (t->tensor_parallel > hw->gpus_per_node)
    return scenario_invalid (error, "training.tensor_parallel",
                             _("tensor parallelism cannot span more GPUs than one node has"));
  if (t->micro_batch == 0)
    return scenario_invalid (error, "training.micro_batch", _("must be at least 1"));
  if (t->global_batch < t->micro_batch * rp_scenario_data_parallel (self))
    return scenario_invalid (error, "training.global_batch",
                             _("must be at least micro batch × data-parallel GPUs"));
  if ((t->method == RP_METHOD_LORA || t->method == RP_METHOD_QLORA) && t->lora_rank == 0)
    return scenario_invalid (error, "training.lora_rank", _("LoRA needs a rank of at least 1"));
  if (self->budget.residual_pct > 100)
    return scenario_invalid (error, "budget.residual_pct",
                             _("the resale value cannot exceed the price"));
  return TRUE;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-estimate.c: resolving a scenario and running the models in order */

#include "config.h"

#include "rp-estimate.h"

#include "rp-calibrated.h"
#include "rp-checklist.h"
#include "rp-constraints.h"
#include "rp-cost-model.h"
#include "rp-error.h"
#include "rp-memory-model.h"
#include "rp-model.h"
#include "rp-owned.h"
#include "rp-scenario.h"
#include "rp-time-model.h"

#include <glib/gi18n-lib.h>

/* Worst first: what stops the run, then what makes it tight or late, then
 * the money and the machine's future, then what slows it. */
static const RpConstraintCode severity_order[] = {
  RP_CONSTRAINT_PARALLELISM, RP_CONSTRAINT_VRAM, RP_CONSTRAINT_HOST_RAM,
  RP_CONSTRAINT_DEADLINE, RP_CONSTRAINT_RUN_BUDGET, RP_CONSTRAINT_CAPITAL,
  RP_CONSTRAINT_GROWTH, RP_CONSTRAINT_CPU_FEED, RP_CONSTRAINT_STORAGE_FEED,
};

G_STATIC_ASSERT (G_N_ELEMENTS (severity_order) == RP_N_CONSTRAINTS);

/* ---- helpers -------------------------------------------------------- */

static gboolean
check_offer (const RpScenario    *scenario,
             const RpCatalog     *catalog,
             const RpGpu         *gpu,
             const RpCloudOffer **out,
             GError             **error)
{
  const RpCloudOffer *offer;

  if (scenario->budget.rent_offer == NULL)
    return TRUE;
  /* the one lookup: the prices read it from the estimate */
  offer = *out = rp_catalog_lookup_cloud (catalog, scenario->budget.rent_offer);
  if (offer == NULL)
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "budget.rent_offer",
                        _("“%s” is in no cloud catalog"), scenario->budget.rent_offer);
      return FALSE;
    }
  if (g_strcmp0 (offer->gpu, gpu->id) != 0)
    {
      const RpGpu *other = rp_catalog_lookup_gpu (catalog, offer->gpu);

      /* TRANSLATORS: an offer id, the GPU it rents, the scenario's GPU */
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "budget.rent_offer",
                        _("“%s” rents the %s, not the %s; choose an offer for this GPU"),
                        offer->id, other != NULL ? other->name : offer->gpu, gpu->name);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_region (const RpScenario *scenario,
              const RpCatalog  *catalog,
              GError          **error)
{
  const char *id = scenario->budget.region;

  if (id == NULL || rp_catalog_lookup_region (catalog, id) != NULL)
    return TRUE;
  /* TRANSLATORS: a region id that is not in regions.json */
  rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "budget.region",
                    _("“%s” is in no region catalog"), id);
  return FALSE;
}

/* The GPUs the user owns are the catalog's (the syntax is checked by
 * rp_scenario_validate). */
static gboolean
check_owned (const RpScenario *scenario,
             const RpCatalog  *catalog,
             GError          **error)
{
  g_autoptr(GPtrArray) owned = NULL;

  if (scenario->hardware.owned_gpus == NULL)
    return TRUE;
  owned = rp_owned_parse (scenario->hardware.owned_gpus, error);
  if (owned == NULL)
    return FALSE;
  for (guint i = 0; i < owned->len; i++)
    {
      const RpOwnedMachine *m = g_ptr_array_index (owned, i);

      if (rp_catalog_lookup_gpu (catalog, m->gpu) == NULL)
        {
          rp_error_set_key (error, RP_ERROR_UNKNOWN_GPU, "hardware.owned_gpus",
                            _("“%s” is in no GPU catalog"), m->gpu);
          return FALSE;
        }
    }
  return TRUE;
}

/* A global batch that is no whole number of steps of every data-parallel
 * GPU: DeepSpeed refuses such a config, other trainers round it
 * (rp_scenario_batch_step()).  Advice, not an error: the planner tries
 * machines the global batch does not divide. */
static void
judge_batch (const RpScenario *scenario,
             RpEstimate       *out)
{
  guint step = rp_scenario_batch_step (scenario);

  if (step > 0 && scenario->training.global_batch % step != 0)
    rp_estimate_advise_with (out, RP_ADVICE_BATCH_UNEVEN, 0, step, "training.global_batch");
}

/* ---- public API ----------------------------------------------------- */

void
rp_estimate_run_models (const RpScenario       *scenario,
                        const RpCatalog        *catalog,
                        const RpGpu            *gpu,
                        const RpMemoryEstimate *memory,
                        RpEstimate             *out)
{
  g_return_if_fail (scenario != NULL && catalog != NULL && gpu != NULL && out != NULL);

  out->gpu = gpu;
  /* a precision a source says the GPU lacks stops the run; one no source
   * gives leaves it untimed and says which key to fill */
  if (rp_gpu_precision_support (gpu, scenario->training.precision) == RP_SUPPORT_NO)
    rp_estimate_advise (out, RP_ADVICE_PRECISION_UNSUPPORTED);
  else if (!rp_gpu_supports_precision (gpu, scenario->training.precision))
    rp_estimate_advise (out, RP_ADVICE_PRECISION_UNKNOWN);
  if (gpu->derived != 0)
    rp_estimate_advise (out, RP_ADVICE_GPU_DERIVED);
  rp_calibration_note (scenario, catalog, out);
  if (memory != NULL)
    {
      out->memory = *memory;
      rp_memory_model_advise (scenario, out);
    }
  else
    rp_memory_model_run (scenario, catalog, out);
  rp_time_model_run (scenario, catalog, out);
  rp_cost_model_run (scenario, catalog, out);
  rp_constraints_judge (scenario, out);
}

gboolean
rp_estimate_compute (const RpScenario *scenario,
                     const RpCatalog  *catalog,
                     RpEstimate       *out,
                     GError          **error)
{
  const RpGpu *gpu;

  g_return_val_if_fail (scenario != NULL, FALSE);
  g_return_val_if_fail (catalog != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  rp_estimate_clear (out);
  if (!rp_scenario_validate (scenario, error))
    return FALSE;
  gpu = rp_catalog_lookup_gpu (catalog, scenario->hardware.gpu);
  if (gpu == NULL)
    {
      rp_error_set_key (error, RP_ERROR_UNKNOWN_GPU, "hardware.gpu",
                        _("“%s” is in no GPU catalog"), scenario->hardware.gpu);
      return FALSE;
    }
  if (!check_offer (scenario, catalog, gpu, &out->rent_offer, error) ||
      !check_region (scenario, catalog, error) || !check_owned (scenario, catalog, error) ||
      !rp_model_resolve (&scenario->model, catalog, &out->arch, error))
    return FALSE;
  rp_estimate_run_models (scenario, catalog, gpu, NULL, out);
  judge_batch (scenario, out);
  rp_checklist_judge (scenario, catalog, out);
  return TRUE;
}

gboolean
rp_estimate_runs (const RpEstimate *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->memory.computed && self->memory.verdict != RP_VERDICT_DOES_NOT_FIT &&
         self->constraints[RP_CONSTRAINT_PARALLELISM].ok;
}

const RpConstraint *
rp_estimate_get_worst (const RpEstimate *self,
                       RpConstraintCode *out_code)
{
  g_return_val_if_fail (self != NULL, NULL);

  /* errors before warnings, each in the order above */
  for (RpSeverity severity = RP_SEVERITY_ERROR; severity > RP_SEVERITY_INFO; severity--)
    for (guint i = 0; i < G_N_ELEMENTS (severity_order); i++)
      {
        const RpConstraint *c = &self->constraints[severity_order[i]];

        if (c->judged && !c->ok && c->severity == severity)
          {
            if (out_code != NULL)
              *out_code = severity_order[i];
            return c;
          }
      }
  return NULL;
}

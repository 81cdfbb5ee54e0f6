/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-estimate.c: resolving a scenario and running the models in order */

#include "config.h"

#include "rp-estimate.h"

#include "rp-cost-model.h"
#include "rp-error.h"
#include "rp-memory-model.h"
#include "rp-model.h"
#include "rp-scenario.h"
#include "rp-time-model.h"

#include <glib/gi18n-lib.h>
#include <stdarg.h>
#include <string.h>

/* ---- helpers -------------------------------------------------------- */

static void
warning_free (gpointer data)
{
  RpWarning *w = data;

  g_free (w->code);
  g_free (w->message);
  g_free (w);
}

/* ---- public API ----------------------------------------------------- */

RpEstimate *
rp_estimate_new (void)
{
  RpEstimate *self = g_new0 (RpEstimate, 1);

  self->warnings = g_ptr_array_new_with_free_func (warning_free);
  return self;
}

void
rp_estimate_clear (RpEstimate *self)
{
  GPtrArray *warnings;

  g_return_if_fail (self != NULL);

  g_free (self->memory.fix.gpu);
  g_free (self->cost.rent_cumulative);
  g_free (self->cost.buy_cumulative);
  g_free (self->bom.gpu);
  g_free (self->bom.network);
  warnings = self->warnings;
  g_ptr_array_set_size (warnings, 0);
  memset (self, 0, sizeof *self);
  self->warnings = warnings;
}

void
rp_estimate_free (RpEstimate *self)
{
  if (self == NULL)
    return;
  rp_estimate_clear (self);
  g_ptr_array_unref (self->warnings);
  g_free (self);
}

void
rp_estimate_add_warning (RpEstimate *self,
                         const char *code,
                         RpSeverity  severity,
                         const char *format,
                         ...)
{
  RpWarning *w;
  va_list args;

  g_return_if_fail (self != NULL && code != NULL && format != NULL);

  w = g_new0 (RpWarning, 1);
  w->code = g_strdup (code);
  w->severity = severity;
  va_start (args, format);
  w->message = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (self->warnings, w);
}

gboolean
rp_estimate_has_warning (const RpEstimate *self,
                         const char       *code)
{
  g_return_val_if_fail (self != NULL && code != NULL, FALSE);

  for (guint i = 0; i < self->warnings->len; i++)
    if (g_strcmp0 (((RpWarning *) g_ptr_array_index (self->warnings, i))->code, code) == 0)
      return TRUE;
  return FALSE;
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
  if (scenario->budget.rent_offer != NULL &&
      rp_catalog_lookup_cloud (catalog, scenario->budget.rent_offer) == NULL)
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "budget.rent_offer",
                        _("“%s” is in no cloud catalog"),
                   scenario->budget.rent_offer);
      return FALSE;
    }
  if (!rp_model_resolve (&scenario->model, catalog, &out->arch, error))
    return FALSE;
  out->gpu = gpu;
  if (!rp_gpu_supports_precision (gpu, scenario->training.precision))
    rp_estimate_add_warning (out, "precision-unsupported", RP_SEVERITY_ERROR,
                             _("%s cannot compute in %s; choose another precision"),
                             gpu->name, rp_precision_to_string (scenario->training.precision));
  rp_memory_model_run (scenario, catalog, out);
  rp_time_model_run (scenario, catalog, out);
  rp_cost_model_run (scenario, catalog, out);
  return TRUE;
}

const char *
rp_verdict_to_string (RpVerdict v)
{
  static const char *const names[RP_N_VERDICTS] = { "fits", "tight", "does-not-fit" };

  g_return_val_if_fail ((guint) v < RP_N_VERDICTS, NULL);
  return names[v];
}

const char *
rp_bottleneck_to_string (RpBottleneck v)
{
  static const char *const names[RP_N_BOTTLENECKS] = {
    "compute", "memory-bandwidth", "network", "pipeline-bubble", "data", "cpu",
  };

  g_return_val_if_fail ((guint) v < RP_N_BOTTLENECKS, NULL);
  return names[v];
}

const char *
rp_fix_kind_to_string (RpFixKind v)
{
  static const char *const names[RP_N_FIXES] = {
    "none", "recompute-selective", "recompute-full", "smaller-micro-batch", "zero-stage",
    "offload", "lora", "qlora", "more-gpus", "larger-gpu", "nothing-works",
  };

  g_return_val_if_fail ((guint) v < RP_N_FIXES, NULL);
  return names[v];
}

const char *
rp_bottleneck_get_label (RpBottleneck v)
{
  switch (v)
    {
    case RP_BOTTLENECK_COMPUTE:
      return _("compute");
    case RP_BOTTLENECK_MEMORY_BANDWIDTH:
      return _("memory bandwidth");
    case RP_BOTTLENECK_NETWORK:
      return _("the network");
    case RP_BOTTLENECK_PIPELINE_BUBBLE:
      return _("the pipeline bubble");
    case RP_BOTTLENECK_DATA:
      return _("data loading");
    case RP_BOTTLENECK_CPU:
      return _("the CPUs");
    case RP_N_BOTTLENECKS:
    default:
      g_return_val_if_reached ("?");
    }
}

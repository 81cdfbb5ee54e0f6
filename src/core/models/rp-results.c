/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-results.c: lifetimes and names of the result types */

#include "config.h"

#include "rp-estimate.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* ---- the advice codes ----------------------------------------------- */

typedef struct
{
  const char *name;             /* stable: JSON, the CLI, tests */
  RpSeverity  severity;
} AdviceInfo;

static const AdviceInfo advice_info[RP_N_ADVICE] = {
  [RP_ADVICE_PRECISION_UNSUPPORTED] = { "precision-unsupported", RP_SEVERITY_ERROR },
  [RP_ADVICE_PRECISION_OF_STACK] = { "precision-of-stack", RP_SEVERITY_INFO },
  [RP_ADVICE_OPTIMIZER_IN_BACKWARD_ACCUMULATES] = { "optimizer-in-backward-accumulates",
                                                    RP_SEVERITY_WARNING },
  [RP_ADVICE_OFFLOAD_PARAMS_NEEDS_ZERO3] = { "offload-params-needs-zero3", RP_SEVERITY_WARNING },
  [RP_ADVICE_ACTIVATIONS_UNKNOWN] = { "activations-unknown", RP_SEVERITY_WARNING },
  [RP_ADVICE_ZERO_SINGLE_GPU] = { "zero-single-gpu", RP_SEVERITY_INFO },
  [RP_ADVICE_SLOW_NETWORK] = { "slow-network", RP_SEVERITY_WARNING },
  [RP_ADVICE_NO_P2P] = { "no-p2p", RP_SEVERITY_INFO },
  [RP_ADVICE_PCIE_TENSOR_PARALLEL] = { "pcie-tensor-parallel", RP_SEVERITY_WARNING },
  [RP_ADVICE_MFU_PARAMS_MISSING] = { "mfu-params-missing", RP_SEVERITY_ERROR },
  [RP_ADVICE_FLOPS_UNKNOWN] = { "flops-unknown", RP_SEVERITY_WARNING },
  [RP_ADVICE_BANDWIDTH_UNKNOWN] = { "bandwidth-unknown", RP_SEVERITY_WARNING },
  [RP_ADVICE_DATASET_EMPTY] = { "dataset-empty", RP_SEVERITY_WARNING },
  [RP_ADVICE_RENT_KIND_UNAVAILABLE] = { "rent-kind-unavailable", RP_SEVERITY_WARNING },
  [RP_ADVICE_RENT_PRICE_MISSING] = { "rent-price-missing", RP_SEVERITY_INFO },
  [RP_ADVICE_BUY_PRICE_MISSING] = { "buy-price-missing", RP_SEVERITY_INFO },
  [RP_ADVICE_RENT_OFFER_ABROAD] = { "rent-offer-abroad", RP_SEVERITY_INFO },
  [RP_ADVICE_RENT_WHOLE_INSTANCE] = { "rent-whole-instance", RP_SEVERITY_INFO },
  [RP_ADVICE_SPOT_NO_ALLOWANCE] = { "spot-no-allowance", RP_SEVERITY_INFO },
  [RP_ADVICE_RENT_FIRST] = { "rent-first", RP_SEVERITY_WARNING },
  [RP_ADVICE_OPS_COST] = { "ops-cost", RP_SEVERITY_WARNING },
  [RP_ADVICE_CONSUMER_CARD_LONG_RUN] = { "consumer-card-long-run", RP_SEVERITY_WARNING },
  [RP_ADVICE_USED_CARD_RISK] = { "used-card-risk", RP_SEVERITY_WARNING },
  [RP_ADVICE_USED_CARD_CHECKS] = { "used-card-checks", RP_SEVERITY_INFO },
  [RP_ADVICE_BUY_HEADROOM] = { "buy-headroom", RP_SEVERITY_WARNING },
  [RP_ADVICE_RESIDUAL_OPTIMISTIC] = { "residual-optimistic", RP_SEVERITY_INFO },
  [RP_ADVICE_BACKUP_CHECKPOINTS] = { "backup-checkpoints", RP_SEVERITY_INFO },
  [RP_ADVICE_POWER_UNKNOWN] = { "power-unknown", RP_SEVERITY_INFO },
  [RP_ADVICE_COST_INVALID] = { "cost-invalid", RP_SEVERITY_ERROR },
  [RP_ADVICE_PRECISION_UNKNOWN] = { "precision-unknown", RP_SEVERITY_WARNING },
  [RP_ADVICE_GPU_DERIVED] = { "gpu-derived", RP_SEVERITY_INFO },
  [RP_ADVICE_RENT_OFFER_CHOICE] = { "rent-offer-choice", RP_SEVERITY_INFO },
  [RP_ADVICE_RENT_OFFER_TOO_SMALL] = { "rent-offer-too-small", RP_SEVERITY_WARNING },
  [RP_ADVICE_BATCH_UNEVEN] = { "batch-uneven", RP_SEVERITY_WARNING },
  [RP_ADVICE_CALIBRATED] = { "calibrated", RP_SEVERITY_INFO },
  [RP_ADVICE_CALIBRATION_NOT_APPLIED] = { "calibration-not-applied", RP_SEVERITY_INFO },
  [RP_ADVICE_ATTENTION_KERNEL] = { "attention-kernel-unsupported", RP_SEVERITY_WARNING },
  [RP_ADVICE_SOFTWARE_STACK] = { "software-stack", RP_SEVERITY_INFO },
  [RP_ADVICE_OVERSIZED] = { "oversized", RP_SEVERITY_WARNING },
  [RP_ADVICE_POWER_ROOM] = { "power-in-the-room", RP_SEVERITY_INFO },
  [RP_ADVICE_SERVER_IN_OFFICE] = { "server-in-office", RP_SEVERITY_WARNING },
  [RP_ADVICE_BACKUP_RULE] = { "backup-3-2-1", RP_SEVERITY_INFO },
  [RP_ADVICE_DATA_RENTED] = { "data-on-rented-machines", RP_SEVERITY_INFO },
  [RP_ADVICE_DATA_OWNED] = { "data-owned", RP_SEVERITY_INFO },
  [RP_ADVICE_NEW_PRICE_SUSPECT] = { "new-price-suspect", RP_SEVERITY_WARNING },
};

/* ---- public API: lifetimes ------------------------------------------ */


void
rp_fix_clear (RpFix *fix)
{
  g_return_if_fail (fix != NULL);
  g_free (fix->gpu);
  g_clear_pointer (&fix->changes, g_array_unref);
  memset (fix, 0, sizeof *fix);
}

/* The cash curves of rp-cost-model.c ("Curves"): month × rent, and
 * capital + month × running, the products in that order. */
double
rp_cost_rent_cumulative (const RpCostEstimate *self,
                         guint                 month)
{
  g_return_val_if_fail (self != NULL, NAN);
  g_return_val_if_fail (month <= self->n_months, NAN);

  if (!self->computed || !self->rent_available)
    return NAN;
  return month * self->rent_per_month;
}

double
rp_cost_buy_cumulative (const RpCostEstimate *self,
                        guint                 month)
{
  double cash;

  g_return_val_if_fail (self != NULL, NAN);
  g_return_val_if_fail (month <= self->n_months, NAN);

  if (!self->computed || !self->buy_available)
    return NAN;
  cash = self->buy_capital + month * self->buy_running_per_month;
  /* the machines are sold at the end of the period */
  if (month == self->n_months)
    cash -= self->buy_residual;
  return cash;
}

RpEstimate *
rp_estimate_new (void)
{
  return g_new0 (RpEstimate, 1);
}

void
rp_estimate_clear (RpEstimate *self)
{
  g_return_if_fail (self != NULL);

  /* the fix owns memory only where a fix search found one (its GPU, its
   * changes); the memset below zeroes the rest of it */
  if (self->fix.gpu != NULL || self->fix.changes != NULL)
    rp_fix_clear (&self->fix);
  /* the advice past n_warnings is never read: 1.4 kB not to clear on
   * every estimate */
  memset (self, 0, G_STRUCT_OFFSET (RpEstimate, warnings));
  self->n_warnings = 0;
  self->calibration = NULL;
}

void
rp_estimate_free (RpEstimate *self)
{
  if (self == NULL)
    return;
  rp_estimate_clear (self);
  g_free (self);
}

void
rp_estimate_advise_with (RpEstimate *self,
                         RpAdvice    code,
                         guint       variant,
                         double      value,
                         const char *key)
{
  RpWarning *w;

  g_return_if_fail (self != NULL);
  g_return_if_fail (code < RP_N_ADVICE);

  if (rp_estimate_has_advice (self, code))
    return;
  g_assert (self->n_warnings < RP_N_ADVICE);
  w = &self->warnings[self->n_warnings++];
  w->code = code;
  w->severity = advice_info[code].severity;
  w->variant = variant;
  w->value = value;
  w->key = key;
}

void
rp_estimate_advise (RpEstimate *self,
                    RpAdvice    code)
{
  rp_estimate_advise_with (self, code, 0, NAN, NULL);
}

gboolean
rp_estimate_has_advice (const RpEstimate *self,
                        RpAdvice          code)
{
  g_return_val_if_fail (self != NULL, FALSE);

  for (guint i = 0; i < self->n_warnings; i++)
    if (self->warnings[i].code == code)
      return TRUE;
  return FALSE;
}

gboolean
rp_estimate_has_warning (const RpEstimate *self,
                         const char       *code)
{
  RpAdvice advice;

  g_return_val_if_fail (self != NULL && code != NULL, FALSE);

  return rp_advice_from_string (code, &advice) && rp_estimate_has_advice (self, advice);
}

const char *
rp_advice_to_string (RpAdvice code)
{
  g_return_val_if_fail (code < RP_N_ADVICE, NULL);
  return advice_info[code].name;
}

gboolean
rp_advice_from_string (const char *s,
                       RpAdvice   *out)
{
  g_return_val_if_fail (s != NULL && out != NULL, FALSE);

  for (guint i = 0; i < RP_N_ADVICE; i++)
    if (g_str_equal (s, advice_info[i].name))
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

RpSeverity
rp_advice_get_severity (RpAdvice code)
{
  g_return_val_if_fail (code < RP_N_ADVICE, RP_SEVERITY_INFO);
  return advice_info[code].severity;
}

/* ---- public API: names ---------------------------------------------- */

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
rp_constraint_code_to_string (RpConstraintCode code)
{
  static const char *const names[RP_N_CONSTRAINTS] = {
    "parallelism", "vram", "host-ram", "deadline", "run-budget", "capital", "cpu-feed",
    "storage-feed", "growth",
  };

  g_return_val_if_fail ((guint) code < RP_N_CONSTRAINTS, NULL);
  return names[code];
}

const char *
rp_severity_to_string (RpSeverity severity)
{
  static const char *const names[] = { "info", "warning", "error" };

  g_return_val_if_fail ((guint) severity < G_N_ELEMENTS (names), NULL);
  return names[severity];
}

const char *
rp_measure_to_string (RpMeasure measure)
{
  static const char *const names[] = {
    NULL, "bytes", "days", "money", "cores", "bytes/s", "count",
  };

  g_return_val_if_fail ((guint) measure < G_N_ELEMENTS (names), NULL);
  return names[measure];
}

const char *
rp_fix_step_to_string (RpFixStep step)
{
  static const char *const names[RP_N_FIX_STEPS] = {
    "smaller-micro-batch", "recompute", "optimizer-8bit", "pure-bf16", "zero-stage", "lora",
    "qlora", "offload", "more-gpus", "larger-gpu", "network", "parallel-split", "precision", "host-ram",
    "cpu-cores", "storage", "loss", "precompute-reference", "fewer-nodes",
  };

  g_return_val_if_fail ((guint) step < RP_N_FIX_STEPS, NULL);
  return names[step];
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-constraints.c: judging every constraint a plan must meet */

#include "config.h"

#include "rp-constraints.h"

#include "rp-memory-model.h"
#include "rp-model.h"
#include "rp-scenario.h"

#include <math.h>

/* ---- helpers -------------------------------------------------------- */

static void
judge (RpConstraint *c,
       gboolean      ok,
       RpSeverity    severity,
       double        needed,
       double        available,
       RpMeasure     measure,
       const char   *key)
{
  c->judged = TRUE;
  c->ok = ok;
  c->severity = ok ? RP_SEVERITY_INFO : severity;
  c->needed = needed;
  c->available = available;
  c->measure = measure;
  c->key = key;
}

static RpParallelReason
parallel_reason (const RpScenario *s,
                 const RpEstimate *est,
                 const char      **key)
{
  const RpTraining *t = &s->training;
  const RpModelArch *arch = &est->arch;
  gboolean transformer = rp_model_kind_is_transformer (arch->kind);

  *key = "hardware.network";
  if (s->hardware.nodes > 1 && s->hardware.network == RP_NETWORK_NONE)
    return RP_PARALLEL_NO_NETWORK;
  *key = "training.precision";
  /* only a precision a source says the GPU lacks stops the run; an
   * unknown one leaves the run untimed (the "precision-unknown" warning) */
  if (est->gpu != NULL && rp_gpu_precision_support (est->gpu, t->precision) == RP_SUPPORT_NO)
    return RP_PARALLEL_PRECISION;
  *key = "training.tensor_parallel";
  if (!transformer && t->tensor_parallel * t->pipeline_parallel > 1)
    return RP_PARALLEL_NOT_TRANSFORMER;
  if (t->tensor_parallel > s->hardware.gpus_per_node)
    return RP_PARALLEL_TP_NODE;
  if (transformer && arch->heads % t->tensor_parallel != 0)
    return RP_PARALLEL_TP_HEADS;
  *key = "training.pipeline_parallel";
  if (transformer && t->pipeline_parallel > rp_model_total_layers (arch))
    return RP_PARALLEL_PP_LAYERS;
  *key = NULL;
  return RP_PARALLEL_OK;
}

static void
judge_parallelism (const RpScenario *s,
                   RpEstimate       *est)
{
  RpConstraint *c = &est->constraints[RP_CONSTRAINT_PARALLELISM];
  const char *key = NULL;

  c->reason = parallel_reason (s, est, &key);
  judge (c, c->reason == RP_PARALLEL_OK, RP_SEVERITY_ERROR, NAN, NAN, RP_MEASURE_NONE, key);
}

static void
judge_memory (const RpScenario *s,
              RpEstimate       *est)
{
  const RpMemoryEstimate *m = &est->memory;
  double usable;

  if (!m->computed)
    return;
  usable = m->capacity_bytes * (1 - m->required_headroom_pct / 100);
  /* what the verdict held to the headroom: the band's high end */
  judge (&est->constraints[RP_CONSTRAINT_VRAM], m->verdict == RP_VERDICT_FITS,
         m->verdict == RP_VERDICT_DOES_NOT_FIT ? RP_SEVERITY_ERROR : RP_SEVERITY_WARNING,
         MAX (m->total_high_bytes, m->total_bytes), usable, RP_MEASURE_BYTES, NULL);
  if (est->bom.computed)
    {
      double have = s->hardware.ram_gb_per_node * 1e9;

      judge (&est->constraints[RP_CONSTRAINT_HOST_RAM], est->bom.ram_needed_bytes <= have,
             RP_SEVERITY_WARNING, est->bom.ram_needed_bytes, have, RP_MEASURE_BYTES,
             "hardware.ram_gb_per_node");
    }
}

static void
judge_time (const RpScenario *s,
            RpEstimate       *est)
{
  const RpComputeEstimate *r = &est->compute;
  const RpBudget *b = &s->budget;

  if (!r->computed)
    return;
  if (!isnan (b->deadline_days))
    judge (&est->constraints[RP_CONSTRAINT_DEADLINE], r->days <= b->deadline_days,
           RP_SEVERITY_WARNING, r->days, b->deadline_days, RP_MEASURE_DAYS,
           "budget.deadline_days");
  judge (&est->constraints[RP_CONSTRAINT_CPU_FEED], !(r->cpu_s > r->gpu_step_s),
         RP_SEVERITY_WARNING, r->cpu_cores_needed, s->hardware.cpu_cores_per_node,
         RP_MEASURE_CORES, "hardware.cpu_cores_per_node");
  judge (&est->constraints[RP_CONSTRAINT_STORAGE_FEED], !(r->data_s > r->gpu_step_s),
         RP_SEVERITY_WARNING, r->storage_read_mb_s_needed * 1e6,
         r->storage_read_mb_s_available * 1e6, RP_MEASURE_BYTES_PER_S, "hardware.storage");
}

static void
judge_money (const RpScenario *s,
             RpEstimate       *est)
{
  const RpCostEstimate *c = &est->cost;
  const RpBudget *b = &s->budget;
  double capital_limit = !isnan (b->capital_limit) ? b->capital_limit : b->limit;

  if (!c->computed)
    return;
  if (!isnan (b->limit) && b->acquire != RP_ACQUIRE_BUY && c->rent_available &&
      c->run_available)
    judge (&est->constraints[RP_CONSTRAINT_RUN_BUDGET], c->rent_total <= b->limit,
           RP_SEVERITY_WARNING, c->rent_total, b->limit, RP_MEASURE_MONEY, "budget.limit");
  if (!isnan (capital_limit) && b->acquire != RP_ACQUIRE_RENT && c->buy_available)
    judge (&est->constraints[RP_CONSTRAINT_CAPITAL], c->buy_capital <= capital_limit,
           RP_SEVERITY_WARNING, c->buy_capital, capital_limit, RP_MEASURE_MONEY,
           !isnan (b->capital_limit) ? "budget.capital_limit" : "budget.limit");
}

/* Bought GPUs must still fit the models of their life, with the required
 * headroom: the run's memory with the model grown by budget.growth_pct_year
 * over the depreciation period ("need 40 GB, buy 80 GB").  Judged only
 * for buying with a growth set; renting moves to larger GPUs as models
 * grow. */
static void
judge_growth (const RpScenario *s,
              RpEstimate       *est)
{
  const RpMemoryEstimate *m = &est->memory;
  const RpBudget *b = &s->budget;
  const RpPrice *years = &est->cost.prices.years;
  double grown, usable;

  if (!m->computed || b->acquire == RP_ACQUIRE_RENT || !(b->growth_pct_year > 0) ||
      years->origin == RP_PRICE_UNKNOWN || !(years->value > 0))
    return;
  grown = rp_memory_grown_bytes (m, rp_memory_growth_factor (b->growth_pct_year,
                                                             years->value));
  usable = m->capacity_bytes * (1 - m->required_headroom_pct / 100);
  judge (&est->constraints[RP_CONSTRAINT_GROWTH], grown <= usable, RP_SEVERITY_WARNING, grown,
         usable, RP_MEASURE_BYTES, "budget.growth_pct_year");
}

/* ---- public API ----------------------------------------------------- */

void
rp_constraints_judge (const RpScenario *scenario,
                      RpEstimate       *est)
{
  g_return_if_fail (scenario != NULL && est != NULL);

  judge_parallelism (scenario, est);
  judge_memory (scenario, est);
  judge_time (scenario, est);
  judge_money (scenario, est);
  judge_growth (scenario, est);
  est->level = RP_SEVERITY_INFO;
  for (guint i = 0; i < RP_N_CONSTRAINTS; i++)
    {
      RpConstraint *c = &est->constraints[i];

      if (c->judged && !c->ok)
        est->level = MAX (est->level, c->severity);
    }
}

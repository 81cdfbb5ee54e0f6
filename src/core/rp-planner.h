/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-planner.h: the search for machines and settings that fit the run
 *
 * Tries GPU type × count × tensor/pipeline parallelism × ZeRO stage ×
 * recomputation × micro batch on copies of a scenario, keeps the
 * configurations that fit in memory, marks the Pareto front of time and
 * cost, and recommends one. */
#pragma once

#include "rp-estimate.h"

G_BEGIN_DECLS

typedef struct
{
  guint     max_gpus;             /* largest total GPU count tried */
  gboolean  all_gpus;             /* FALSE: only the scenario's GPU */
  gboolean  keep_precision;       /* never change the scenario's precision */
} RpPlanOptions;

typedef struct
{
  RpScenario *scenario;           /* owned: the configuration as a scenario */
  const RpGpu *gpu;               /* borrowed from the catalog */
  guint       n_gpus;
  double      total_bytes;        /* memory per GPU */
  double      headroom_pct;
  double      days;               /* < 0 when time is not computed */
  double      gpu_hours;
  double      cost;               /* this run: rent when offered, else buy share; < 0 unknown */
  gboolean    rented;             /* cost is a rental price */
  gboolean    meets_deadline;
  gboolean    within_budget;
  gboolean    pareto;             /* no other is both faster and cheaper */
} RpPlanCandidate;

typedef struct
{
  GPtrArray *candidates;          /* RpPlanCandidate*, owned; best first */
  gint       recommended;         /* index in candidates, -1 if none fits */
  guint      n_evaluated;         /* configurations estimated */
} RpPlan;

void     rp_plan_options_init (RpPlanOptions    *options);
RpPlan  *rp_plan_compute      (const RpScenario *scenario,
                               const RpCatalog  *catalog,
                               const RpPlanOptions *options,
                               GError          **error);
void     rp_plan_free         (RpPlan           *plan);
/* The first @top candidates (0: all) as a JSON document. */
char    *rp_plan_to_json      (const RpPlan     *plan,
                               guint             top);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpPlan, rp_plan_free)

G_END_DECLS

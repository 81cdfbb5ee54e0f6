/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-estimate.h: estimating one scenario
 *
 * rp_estimate_compute() is a pure function of a scenario and a catalog:
 * it resolves the model and the GPU, runs the memory, time and cost
 * models, judges the constraints, and searches a fix when the run does
 * not fit.  The result types are in rp-results.h. */
#pragma once

#include "rp-catalog.h"
#include "rp-results.h"

G_BEGIN_DECLS

typedef enum
{
  RP_ESTIMATE_DEFAULT  = 0,
  RP_ESTIMATE_NO_FIX   = 1u << 0,   /* skip the fix search (the planner, sweeps) */
  RP_ESTIMATE_NO_WORDS = 1u << 1,   /* skip advice sentences (inner loops) */
} RpEstimateFlags;

RpEstimate *rp_estimate_new          (void);
void        rp_estimate_free         (RpEstimate       *self);
void        rp_estimate_clear        (RpEstimate       *self);

/* Fills @out (which the caller has created with rp_estimate_new()).
 * Fails only when the scenario cannot be resolved (unknown GPU or model
 * preset, an offer for another GPU, or invalid values); "does not fit" is
 * a result.  The error carries the key (rp_error_get_key). */
gboolean    rp_estimate_compute      (const RpScenario *scenario,
                                      const RpCatalog  *catalog,
                                      RpEstimate       *out,
                                      GError          **error);
gboolean    rp_estimate_compute_full (const RpScenario *scenario,
                                      const RpCatalog  *catalog,
                                      RpEstimateFlags   flags,
                                      RpEstimate       *out,
                                      GError          **error);

/* Whether the models' own output is usable for ranking: memory fits
 * (tight counts) and the GPU computes in the precision. */
gboolean    rp_estimate_runs         (const RpEstimate *self);
/* The first unmet constraint, worst first; NULL when all hold. */
const RpConstraint *rp_estimate_get_worst (const RpEstimate *self,
                                           RpConstraintCode *out_code);

const char *rp_verdict_to_string     (RpVerdict         v);
const char *rp_bottleneck_to_string  (RpBottleneck      v);
/* The translated words for the app and the CLI ("memory bandwidth"). */
const char *rp_bottleneck_get_label  (RpBottleneck      v);
const char *rp_constraint_code_to_string (RpConstraintCode code);
const char *rp_severity_to_string    (RpSeverity        severity);
const char *rp_measure_to_string     (RpMeasure         measure);
const char *rp_fix_step_to_string    (RpFixStep         step);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpEstimate, rp_estimate_free)

G_END_DECLS

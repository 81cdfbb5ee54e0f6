/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-estimate.h: estimating one scenario
 *
 * rp_estimate_compute() is a pure function of a scenario and a catalog:
 * it resolves the model and the GPU, runs the memory, time and cost
 * models and judges the constraints.  The fix search is a "what if" and
 * lives in explore/ (rp-fix.h).  The result types are in rp-results.h. */
#pragma once

#include "rp-catalog.h"
#include "rp-results.h"

G_BEGIN_DECLS

RpEstimate *rp_estimate_new          (void);
void        rp_estimate_free         (RpEstimate       *self);
void        rp_estimate_clear        (RpEstimate       *self);

/* Fills @out (which the caller has created with rp_estimate_new()) with
 * the models' figures, their advice codes and the judged constraints; no
 * fix search (rp_fix_estimate() adds it) and no sentence (words/ writes
 * them when a front end shows the estimate).
 * Fails only when the scenario cannot be resolved (unknown GPU or model
 * preset, an offer for another GPU, or invalid values); "does not fit" is
 * a result.  The error carries the key (rp_error_get_key). */
gboolean    rp_estimate_compute      (const RpScenario *scenario,
                                      const RpCatalog  *catalog,
                                      RpEstimate       *out,
                                      GError          **error);

/* rp_estimate_compute()'s models and constraints, on @out whose arch is
 * resolved and whose scenario passed the GPU, offer, region and owned-GPU
 * checks: @memory, when not NULL, is the memory model's figures already
 * made for this scenario on @gpu (the fix search's screen), taken as they
 * are.  The batch advice and the checklist are not added. */
void        rp_estimate_run_models   (const RpScenario       *scenario,
                                      const RpCatalog        *catalog,
                                      const RpGpu            *gpu,
                                      const RpMemoryEstimate *memory,
                                      RpEstimate             *out);

/* Whether the models' own output is usable for ranking: memory fits
 * (tight counts) and the GPU computes in the precision. */
gboolean    rp_estimate_runs         (const RpEstimate *self);
/* The first unmet constraint, worst first; NULL when all hold. */
const RpConstraint *rp_estimate_get_worst (const RpEstimate *self,
                                           RpConstraintCode *out_code);

const char *rp_verdict_to_string     (RpVerdict         v);
const char *rp_bottleneck_to_string  (RpBottleneck      v);
const char *rp_constraint_code_to_string (RpConstraintCode code);
const char *rp_severity_to_string    (RpSeverity        severity);
const char *rp_measure_to_string     (RpMeasure         measure);
const char *rp_fix_step_to_string    (RpFixStep         step);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpEstimate, rp_estimate_free)

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-calibrated.h: applying the user's calibration to the models
 *
 * A calibration (market/rp-calibration.h) is stored per GPU × training
 * stack (training.framework) × precision.  The time model multiplies its
 * compute efficiency by the calibration's utilization factor and the
 * memory bandwidth its memory-bound work gets by the bandwidth one; the memory
 * model multiplies the activations it counts (the saved activations, the
 * recomputed layer and the logits) by its activation factor and adds its
 * bytes to the overhead line.  Nothing else changes: the communication,
 * the bubble, the data pipeline and the model states are the models' own.
 * A calibration never applies to another GPU, stack or precision. */
#pragma once

#include "rp-calibration.h"
#include "rp-results.h"

G_BEGIN_DECLS

/* The calibration the models apply to @scenario on @gpu: the scenario's
 * own (hardware.calibration, runtime only) unless it is the identity,
 * else the catalog's for the GPU, framework and precision; NULL: none.
 * @catalog may be NULL. */
const RpCalibration *rp_calibration_for          (const RpCatalog     *catalog,
                                                  const RpScenario    *scenario,
                                                  const RpGpu         *gpu);
/* The factor on the compute efficiency; 1 without a calibration. */
double               rp_calibration_utilization  (const RpCalibration *cal);
/* The factor on the memory bandwidth of memory-bound work; 1 without. */
double               rp_calibration_bandwidth    (const RpCalibration *cal);
/* The time model's share: *@utilization the factor on its efficiency;
 * when @cal corrects the bandwidth, *@copy becomes @gpu with the
 * corrected bandwidth and *@gpu_out points to it (else to @gpu). */
void                 rp_calibrated_time_init     (const RpCalibration *cal,
                                                  const RpGpu         *gpu,
                                                  double              *utilization,
                                                  RpGpu               *copy,
                                                  const RpGpu        **gpu_out);
/* Applies @cal (may be NULL: nothing changes) to a memory estimate whose
 * parts the memory model has filled: the activations, the recomputed
 * layer and the logits scaled, the overhead corrected, the total summed
 * again. */
void                 rp_calibration_apply_memory (const RpCalibration *cal,
                                                  RpMemoryEstimate    *m);
/* Notes on @est which calibration applied (est->calibration and the
 * advice "calibrated"), or that one stored for this GPU does not apply
 * to this stack or precision ("calibration-not-applied", its key the
 * field that differs). */
void                 rp_calibration_note         (const RpScenario    *scenario,
                                                  const RpCatalog     *catalog,
                                                  RpEstimate          *est);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-calibrated.c: applying the user's calibration to the models
 *
 * The corrections are the ones rigplan-cli calibrate measured
 * (explore/rp-calibrate.c): on the compute efficiency, on the
 * activations, and on the overhead in bytes.  The memory parts are
 * summed as rp-memory-model.c sums them at the peak. */

#include "config.h"

#include "rp-calibrated.h"

#include "rp-scenario.h"

#include <math.h>

/* ---- public API ----------------------------------------------------- */

const RpCalibration *
rp_calibration_for (const RpCatalog  *catalog,
                    const RpScenario *scenario,
                    const RpGpu      *gpu)
{
  const RpCalibration *given;

  g_return_val_if_fail (scenario != NULL, NULL);

  given = scenario->hardware.calibration;
  if (given == rp_calibration_identity ())
    return NULL;
  if (given != NULL)
    return given;
  if (catalog == NULL || gpu == NULL)
    return NULL;
  return rp_catalog_find_calibration (catalog, gpu->id, scenario->training.framework,
                                      scenario->training.precision);
}

double
rp_calibration_utilization (const RpCalibration *cal)
{
  return cal != NULL && cal->utilization > 0 ? cal->utilization : 1.0;
}

double
rp_calibration_bandwidth (const RpCalibration *cal)
{
  return cal != NULL && cal->bandwidth > 0 ? cal->bandwidth : 1.0;
}

void
rp_calibrated_time_init (const RpCalibration *cal,
                         const RpGpu         *gpu,
                         double              *utilization,
                         RpGpu               *copy,
                         const RpGpu        **gpu_out)
{
  double bandwidth = rp_calibration_bandwidth (cal);

  g_return_if_fail (gpu != NULL && utilization != NULL && copy != NULL && gpu_out != NULL);

  *utilization = rp_calibration_utilization (cal);
  *gpu_out = gpu;
  if (bandwidth == 1.0)
    return;
  /* a shallow copy: its strings stay the catalog's */
  *copy = *gpu;
  copy->memory_bandwidth_gb_s *= bandwidth;
  *gpu_out = copy;
}

void
rp_calibration_apply_memory (const RpCalibration *cal,
                             RpMemoryEstimate    *m)
{
  double a, sum;

  g_return_if_fail (m != NULL);

  if (cal == NULL)
    return;
  a = cal->activations > 0 ? cal->activations : 1.0;
  m->activations_bytes *= a;
  m->recompute_bytes *= a;
  m->logits_bytes *= a;
  m->logits_transient_bytes *= a;
  m->activations_per_layer_bytes *= a;
  m->activations_peak_bytes *= a;
  m->logits_peak_bytes *= a;
  sum = m->gradients_bytes + m->activations_bytes + m->recompute_bytes + m->logits_bytes +
        m->logits_transient_bytes;
  m->released_bytes = MAX (sum - m->gradients_peak_bytes - m->activations_peak_bytes -
                           m->logits_peak_bytes, 0.0);
  /* the overhead line never goes below nothing: a correction measured
   * on a larger run cannot take more than the line holds */
  m->calibration_bytes = MAX (cal->overhead_bytes, -m->overhead_bytes);
  m->overhead_bytes += m->calibration_bytes;
  m->total_bytes = m->weights_bytes + m->weight_copies_bytes + m->gradients_peak_bytes +
                   m->optimizer_bytes + m->activations_peak_bytes + m->logits_peak_bytes +
                   m->gathered_bytes + m->reference_bytes + m->overhead_bytes;
}

void
rp_calibration_note (const RpScenario *scenario,
                     const RpCatalog  *catalog,
                     RpEstimate       *est)
{
  const RpCalibration *cal, *other;

  g_return_if_fail (scenario != NULL && est != NULL);

  cal = rp_calibration_for (catalog, scenario, est->gpu);
  est->calibration = cal;
  if (cal != NULL)
    {
      rp_estimate_advise (est, RP_ADVICE_CALIBRATED);
      return;
    }
  if (catalog == NULL || est->gpu == NULL ||
      scenario->hardware.calibration == rp_calibration_identity ())
    return;
  other = rp_catalog_find_gpu_calibration (catalog, est->gpu->id);
  if (other == NULL)
    return;
  rp_estimate_advise_with (est, RP_ADVICE_CALIBRATION_NOT_APPLIED, 0, NAN,
                           other->framework != scenario->training.framework
                           ? "training.framework" : "training.precision");
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-bands.c: the band around each memory, throughput and time figure
 *
 *   measured value ∈ [figure / (1 + p90), figure / (1 + p10)]
 *
 * where p10 and p90 are the 10th and 90th percentiles of Rigplan's
 * signed error e = predicted / measured − 1 on the published cases of
 * the run's kind (data/catalogs/accuracy.json; docs/accuracy.md lists
 * the cases).  A time is the inverse of a rate: [time · (1 + p10),
 * time · (1 + p90)].  The band always holds the figure itself. */

#include "config.h"

#include "rp-bands.h"

#include "rp-calibrated.h"

#include <math.h>

/* The error the project holds a calibrated estimate of a second run on
 * the measured device to: tests/test-calibration.c, on measurements
 * recorded on a Xeon (another micro batch and sequence length within
 * 10 %; measured −9 % to +6 %, README "Calibrating to your GPU").  The
 * measurement is of one device: communication and sharding are not
 * calibrated, so a run on several GPUs keeps the published band. */
#define CALIBRATED_ERROR 0.10

/* ---- helpers -------------------------------------------------------- */

static double
ratio (double e)
{
  return 1.0 / (1.0 + e);
}

/* Narrows @band to CALIBRATED_ERROR on either side (never widens it) when
 * the user's calibration applies to @scenario on @gpu, unless the
 * scenario sets hardware.band_scale itself.  A CPU's step time is not
 * held to it (@timing): its caches make the step of another batch miss
 * by more than the band, and by different amounts from run to run (on a
 * 2-core Zen 5, 8 × 128 tokens calibrated from 4 × 128: −39 %; 2 × 256:
 * −31 % to +18 %; bench/bench-probe.py), where its memory stayed within
 * 7 %. */
static void
calibrate (const RpScenario *scenario,
           const RpGpu      *gpu,
           const RpCatalog  *catalog,
           gboolean          timing,
           RpBand           *band)
{
  double scale = 1;

  if (!band->known || !isnan (scenario->hardware.band_scale) ||
      (timing && gpu != NULL && gpu->stack == RP_STACK_CPU) ||
      rp_scenario_n_gpus (scenario) != 1 ||
      rp_calibration_for (catalog, scenario, gpu) == NULL)
    return;
  /* e ∈ [−E, E] puts the measured value in [figure / (1 + E), figure / (1 − E)] */
  if (band->low < 1)
    scale = MIN (scale, (1 - ratio (CALIBRATED_ERROR)) / (1 - band->low));
  if (band->high > 1)
    scale = MIN (scale, (ratio (-CALIBRATED_ERROR) - 1) / (band->high - 1));
  rp_band_scale (band, scale, TRUE);
}

/* ---- public API ----------------------------------------------------- */

void
rp_band_scale (RpBand   *band,
               double    scale,
               gboolean  calibrated)
{
  double low, high;

  g_return_if_fail (band != NULL && scale >= 0);

  if (!band->known)
    return;
  /* back to the published spread, then to @scale of it */
  low = band->scale > 0 ? 1 - (1 - band->low) / band->scale : band->low;
  high = band->scale > 0 ? 1 + (band->high - 1) / band->scale : band->high;
  band->low = MAX (1 - (1 - low) * scale, 0.0);
  band->high = 1 + (high - 1) * scale;
  band->scale = scale;
  band->calibrated = calibrated;
}

void
rp_bands_resolve (const RpScenario   *scenario,
                  const RpModelArch  *arch,
                  const RpCatalog    *catalog,
                  RpAccuracyQuantity  quantity,
                  RpBand             *out)
{
  const RpAccuracy *accuracy;
  const RpAccuracyBand *b;
  double scale;

  g_return_if_fail (scenario != NULL && arch != NULL && out != NULL);

  *out = (RpBand) { FALSE, 1, 1, 0, NULL, 1, FALSE };
  accuracy = catalog != NULL ? rp_catalog_get_accuracy (catalog) : NULL;
  if (accuracy == NULL)
    return;
  b = rp_accuracy_lookup_for (accuracy, quantity, scenario->training.framework, arch->kind);
  if (b == NULL)
    return;
  out->known = TRUE;
  out->n = b->n;
  out->group = b->group;
  /* the band holds the figure even where every case erred one way */
  out->low = MIN (ratio (b->p90), 1.0);
  out->high = MAX (ratio (b->p10), 1.0);
  scale = scenario->hardware.band_scale;
  if (!isnan (scale))
    rp_band_scale (out, scale, TRUE);
}

void
rp_bands_apply_memory (RpMemoryEstimate *m)
{
  g_return_if_fail (m != NULL);

  m->total_low_bytes = m->total_bytes * m->band.low;
  m->total_high_bytes = m->total_bytes * m->band.high;
}

void
rp_bands_memory (const RpScenario  *scenario,
                 const RpModelArch *arch,
                 const RpGpu       *gpu,
                 const RpCatalog   *catalog,
                 RpMemoryEstimate  *m)
{
  g_return_if_fail (m != NULL);

  rp_bands_resolve (scenario, arch, catalog, RP_ACCURACY_MEMORY, &m->band);
  calibrate (scenario, gpu, catalog, FALSE, &m->band);
  rp_bands_apply_memory (m);
}

void
rp_bands_apply_compute (RpComputeEstimate *c)
{
  double low, high;

  g_return_if_fail (c != NULL);

  /* rates scale with the band; times with its inverse */
  low = c->band.low;
  high = c->band.high;
  c->tokens_per_s_low = c->tokens_per_s * low;
  c->tokens_per_s_high = c->tokens_per_s * high;
  c->samples_per_s_low = c->samples_per_s * low;
  c->samples_per_s_high = c->samples_per_s * high;
  c->step_s_low = c->step_s / high;
  c->step_s_high = c->step_s / low;
  c->hours_low = c->hours / high;
  c->hours_high = c->hours / low;
  c->days_low = c->days / high;
  c->days_high = c->days / low;
  c->gpu_hours_low = c->gpu_hours / high;
  c->gpu_hours_high = c->gpu_hours / low;
}

void
rp_bands_compute (const RpScenario  *scenario,
                  const RpModelArch *arch,
                  const RpGpu       *gpu,
                  const RpCatalog   *catalog,
                  RpComputeEstimate *c)
{
  g_return_if_fail (c != NULL);

  rp_bands_resolve (scenario, arch, catalog, RP_ACCURACY_THROUGHPUT, &c->band);
  calibrate (scenario, gpu, catalog, TRUE, &c->band);
  if (c->band.low <= 0)
    c->band.low = 1e-6;
  rp_bands_apply_compute (c);
}

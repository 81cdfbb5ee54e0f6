/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-bands.h: how sure each figure is
 *
 * Every memory, throughput and time figure carries a band (low /
 * expected / high) taken from Rigplan's measured error on published runs
 * of its kind (data/catalogs/accuracy.json, written by
 * tools/accuracy/accuracy.py from the cases of docs/accuracy.md): if
 * Rigplan's figure has been e = predicted / measured − 1 off, with e
 * between its 10th and 90th percentiles p10 and p90 for runs of this
 * stack (or model kind, or all runs), the measured value lies between
 * figure / (1 + p90) and figure / (1 + p10).  Times are inverse rates.
 *
 * Calibration narrows a band: the user's calibration (rp-calibrated.h)
 * of a run on one GPU to the 10 % the project holds a calibrated
 * estimate to (rp-bands.c), and hardware.band_scale (a share of the
 * published spread, null: all of it), which wins, scales the distance
 * of both ends from the figure; either marks the band calibrated.  The memory verdict holds the high end to
 * the required headroom (rp-memory-model.c). */
#pragma once

#include "rp-catalog.h"
#include "rp-results.h"
#include "rp-scenario.h"

G_BEGIN_DECLS

/* The band of @quantity for a run of @scenario on @arch, scaled by
 * hardware.band_scale; not known when @catalog has no accuracy data. */
void    rp_bands_resolve      (const RpScenario   *scenario,
                               const RpModelArch  *arch,
                               const RpCatalog    *catalog,
                               RpAccuracyQuantity  quantity,
                               RpBand             *out);
/* @scale of the published spread (0 collapses the band onto the figure,
 * 1 is the published one); @calibrated says a measurement set it. */
void    rp_band_scale         (RpBand             *band,
                               double              scale,
                               gboolean            calibrated);
/* The memory band: total_low_bytes, total_high_bytes and band; @gpu
 * finds the user's calibration (may be NULL). */
void    rp_bands_memory       (const RpScenario   *scenario,
                               const RpModelArch  *arch,
                               const RpGpu        *gpu,
                               const RpCatalog    *catalog,
                               RpMemoryEstimate   *memory);
/* The rate and time bands of a timed run. */
void    rp_bands_compute      (const RpScenario   *scenario,
                               const RpModelArch  *arch,
                               const RpGpu        *gpu,
                               const RpCatalog    *catalog,
                               RpComputeEstimate  *compute);
/* Fills the derived figures again after @compute's band changed
 * (rp_band_scale on compute->band). */
void    rp_bands_apply_compute (RpComputeEstimate *compute);
/* The same for @memory (its verdict is not judged again). */
void    rp_bands_apply_memory (RpMemoryEstimate   *memory);

G_END_DECLS

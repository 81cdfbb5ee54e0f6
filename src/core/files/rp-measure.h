/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-measure.h: measurement files (*.rigplan-measure), the probe's input,
 * and calibrating a scenario from measurement files
 *
 * `rigplan-probe` (src/probe/) writes a measurement: JSON, "format":
 * "rigplan-measure", "version": 1 (docs/measure-format.md).  The reader
 * refuses what is not one: a truncated or hostile file, a key of the
 * wrong type or out of range, figures that contradict each other (a
 * reserved peak below the allocated one, a peak above the device's
 * memory); each error names the file and the key.  `rigplan-cli export
 * FILE --format probe` writes what the probe reads: the scenario's
 * resolved model and its training settings, what one device cannot
 * reproduce of it, and the memory the models predict, so that the probe
 * knows whether the whole model fits. */
#pragma once

#include "rp-calibrate.h"
#include "rp-catalog.h"
#include "rp-scenario.h"

G_BEGIN_DECLS

/* The largest measurement file read. */
#define RP_MEASURE_MAX_BYTES (1024 * 1024)

/* Reads @len bytes named @name (for messages and the calibration's
 * source); the errors are "KEY: problem" (rp_error_get_key gives KEY). */
RpMeasurement *rp_measurement_load_bytes (const char          *data,
                                          gsize                len,
                                          const char          *name,
                                          GError             **error);
/* Reads @path (at most RP_MEASURE_MAX_BYTES); errors are prefixed with
 * the path. */
RpMeasurement *rp_measurement_load_file  (const char          *path,
                                          GError             **error);
/* The measurement as a file holds it (transfer full): what the reader
 * reads back to the same figures. */
char          *rp_measurement_to_json    (const RpMeasurement *m);

/* What `rigplan-cli export FILE --format probe` writes (transfer full):
 * "format": "rigplan-probe-input".  Error: a scenario that cannot be
 * resolved. */
char          *rp_probe_input_to_json    (const RpScenario    *scenario,
                                          const RpCatalog     *catalog,
                                          GError             **error);

/* What calibrating from files did. */
typedef struct
{
  RpCalibration *calibration;           /* owned: as stored */
  char          *gpu_added;             /* owned: the id of the device added to the
                                         * user's GPUs, or NULL */
  char          *gpu;                   /* owned: the catalog GPU calibrated */
  RpScenario    *output;                /* owned: the scenario on that GPU */
  GPtrArray     *notes;                 /* RpMeasureNote*, owned: what the probe
                                         * could not reproduce (first file's) */
  char          *path;                  /* owned: the user file written */
} RpCalibrateResult;

void           rp_calibrate_result_clear (RpCalibrateResult   *result);

/* Reads the @n measurement files @paths, checks each against @scenario
 * and each other (rp_calibrate_check), finds the device in @catalog (or
 * describes it from the measurement: rp_calibrate_make_gpu), computes
 * the calibration and, only when all of that succeeded, stores the
 * device (user-gpus.json) and the calibration (user-calibrations.json)
 * in @user_dir and loads them into @catalog.  @gpu_id (may be NULL)
 * names the catalog GPU measured.  On any error nothing is stored; the
 * message names the file and the key. */
gboolean       rp_calibrate_files        (const RpScenario    *scenario,
                                          RpCatalog           *catalog,
                                          const char *const   *paths,
                                          guint                n,
                                          const char          *gpu_id,
                                          const char          *user_dir,
                                          RpCalibrateResult   *out,
                                          GError             **error);

G_END_DECLS

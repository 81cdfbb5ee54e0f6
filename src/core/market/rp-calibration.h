/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-calibration.h: the user's calibrations, measured on their own GPU
 *
 * `rigplan-probe` measures a few training steps of a scenario on the
 * user's GPU (or CPU); `rigplan-cli calibrate` compares the measurement
 * with what the models predict for that run, part by part, and stores
 * one calibration per GPU × training stack × precision in the user's
 * data directory (rp_catalog_user_dir: user-calibrations.json,
 * "format": "rigplan-calibrations").  The catalog loads it like the
 * user's other files; every later estimate on that GPU, stack and
 * precision applies it (models/rp-calibrated.h) and says so, and no
 * other estimate does.
 *
 * A calibration holds numbers only: the factors on the time model's
 * compute efficiency and on the memory bandwidth its memory-bound work
 * gets, the factor on the activations the memory model counts and the
 * bytes it adds to the overhead line, and the table of measured,
 * predicted and calibrated figures it was made from. */
#pragma once

#include "rp-catalog.h"

G_BEGIN_DECLS

/* The file, inside the user's catalog directory. */
#define RP_USER_CALIBRATIONS_FILE "user-calibrations.json"
/* Where measured devices the catalog lacked are added. */
#define RP_USER_GPUS_FILE         "user-gpus.json"

/* The figures compared, part by part (the rows of the table). */
typedef enum
{
  RP_CALIBRATION_STEP_S,            /* one optimizer step */
  RP_CALIBRATION_COMPUTE_S,         /* forward and backward */
  RP_CALIBRATION_OPTIMIZER_S,       /* the optimizer step */
  RP_CALIBRATION_WEIGHTS_BYTES,
  RP_CALIBRATION_GRADIENTS_BYTES,
  RP_CALIBRATION_OPTIMIZER_BYTES,
  RP_CALIBRATION_ACTIVATIONS_BYTES, /* the peak allocation beyond the model states */
  RP_CALIBRATION_ALLOCATED_BYTES,   /* the allocator's peak */
  RP_CALIBRATION_PEAK_BYTES,        /* reserved + runtime context: what the GPU needs */
  RP_CALIBRATION_LAYER_STEP_S,      /* per layer (measured at two depths) */
  RP_CALIBRATION_LAYER_BYTES,       /* per layer, the peak */
  RP_N_CALIBRATION_PARTS
} RpCalibrationPart;

/* The largest number of rows a calibration keeps. */
#define RP_CALIBRATION_MAX_ROWS RP_N_CALIBRATION_PARTS

typedef struct
{
  RpCalibrationPart part;
  double            measured;
  double            predicted;          /* by the models, uncalibrated */
  double            calibrated;         /* by the models with this calibration */
} RpCalibrationRow;

struct _RpCalibration
{
  char             *id;                 /* "rtx-4090/custom/bf16-mixed" */
  char             *gpu;                /* the catalog GPU's id */
  RpFramework       framework;
  RpPrecision       precision;
  /* the corrections */
  double            utilization;        /* × the time model's compute efficiency */
  double            bandwidth;          /* × the memory bandwidth its memory-bound
                                         * work (optimizer step, unfused element-wise
                                         * kernels) gets */
  double            activations;        /* × the activations, logits and recomputed layer */
  double            overhead_bytes;     /* + the overhead line (may be negative) */
  /* where it comes from */
  char             *as_of;              /* "2026-12-01": the day measured */
  char             *source;             /* the measurement file as it was named */
  char             *device;             /* the device as PyTorch named it */
  char             *software;           /* "PyTorch 2.4.0, CUDA 12.4, driver 550.54" */
  char             *scenario;           /* the scenario's name, may be NULL */
  guint             depths[2];          /* layers measured; [0] == 0: the whole model */
  RpCalibrationRow  rows[RP_CALIBRATION_MAX_ROWS];
  guint             n_rows;
};

/* "rtx-4090/custom/bf16-mixed" (transfer full). */
char                *rp_calibration_make_id        (const char          *gpu,
                                                    RpFramework          framework,
                                                    RpPrecision          precision);
/* "step_s", "weights_bytes", …: the stable names the file and --json use. */
const char          *rp_calibration_part_to_string (RpCalibrationPart    part);
gboolean             rp_calibration_part_from_string (const char        *s,
                                                      RpCalibrationPart *out);
/* Whether the part is a time (else bytes). */
gboolean             rp_calibration_part_is_time   (RpCalibrationPart    part);
/* A calibration that corrects nothing: set as a scenario's
 * hardware.calibration, the models apply none (borrowed, static). */
const RpCalibration *rp_calibration_identity       (void);
RpCalibration       *rp_calibration_copy           (const RpCalibration *self);
void                 rp_calibration_free           (RpCalibration       *self);

/* The calibration as user-calibrations.json holds it: a JSON object
 * (transfer full). */
char                *rp_calibration_dup_json       (const RpCalibration *self);

/* The calibration stored for @gpu_id, @framework and @precision, or NULL
 * (borrowed from @catalog). */
const RpCalibration *rp_catalog_find_calibration   (const RpCatalog     *catalog,
                                                    const char          *gpu_id,
                                                    RpFramework          framework,
                                                    RpPrecision          precision);
/* The first calibration stored for @gpu_id whatever its stack and
 * precision, or NULL (borrowed). */
const RpCalibration *rp_catalog_find_gpu_calibration (const RpCatalog   *catalog,
                                                      const char        *gpu_id);
guint                rp_catalog_n_calibrations     (const RpCatalog     *catalog);
const RpCalibration *rp_catalog_get_calibration    (const RpCatalog     *catalog,
                                                    guint                i);
const RpCalibration *rp_catalog_lookup_calibration (const RpCatalog     *catalog,
                                                    const char          *id);

/* Writes @cal into @dir's user-calibrations.json in place of the one of
 * its id (the file created when missing), through a temporary file and a
 * rename, then loads it into @catalog.  Nothing is written when the file
 * there is not a calibrations file. */
gboolean             rp_user_calibration_store     (RpCatalog           *catalog,
                                                    const char          *dir,
                                                    const RpCalibration *cal,
                                                    GError             **error);
/* Removes calibration @id from @dir's file and from @catalog: one
 * action.  Error: no such calibration (the key "id"), a failed write. */
gboolean             rp_user_calibration_remove    (RpCatalog           *catalog,
                                                    const char          *dir,
                                                    const char          *id,
                                                    GError             **error);

/* A GPU entry for a device the catalog lacks, made from a measurement:
 * written to @dir's user-gpus.json ("measured": true, "source_kind":
 * "measurement") and loaded into @catalog.  @gpu's strings and figures
 * are written as they are. */
gboolean             rp_user_catalog_add_gpu       (RpCatalog           *catalog,
                                                    const char          *dir,
                                                    const RpGpu         *gpu,
                                                    GError             **error);

/* Loads @gpu into @catalog only (no file written): a device measured
 * for a calibration that may still fail.  rp_user_catalog_add_gpu()
 * writes it once it holds. */
gboolean             rp_user_catalog_add_gpu_in_memory (RpCatalog       *catalog,
                                                        const RpGpu     *gpu,
                                                        GError         **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpCalibration, rp_calibration_free)

G_END_DECLS

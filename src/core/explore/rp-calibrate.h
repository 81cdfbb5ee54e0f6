/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-calibrate.h: a scenario as the probe measured it, against the
 * models
 *
 * A measurement (`rigplan-probe`, files/rp-measure.h reads it) is one
 * run of the scenario's model on one device: one micro-batch per step,
 * no parallelism, the settings the probe could reproduce.  This room
 * puts the scenario on the measured device in that configuration
 * (rp_calibrate_measured_scenario), estimates it with the models' own
 * figures, and finds the corrections that make the models reproduce the
 * measurement: the factor on the compute efficiency that gives the
 * measured step, the factor on the activations and the bytes of
 * overhead that give the measured peak (rp_calibrate_compute).  With
 * two depths measured, the per-layer figures are fitted instead, so
 * that a model too large for the device is calibrated by its layers.
 * Numbers only: the words are written in words/. */
#pragma once

#include "rp-calibration.h"
#include "rp-estimate.h"

G_BEGIN_DECLS

typedef enum
{
  RP_DEVICE_CPU,
  RP_DEVICE_CUDA,
  RP_DEVICE_ROCM,
  RP_N_DEVICE_KINDS
} RpDeviceKind;

/* One configuration measured: the whole model, or one depth. */
typedef struct
{
  guint   layers;                     /* 0: a model without layers (a CNN) */
  double  step_s;                     /* median of the timed steps */
  double  step_s_min;
  double  forward_s;                  /* NAN: not measured */
  double  backward_s;
  double  optimizer_s;
  double  peak_allocated_bytes;
  double  peak_reserved_bytes;
  double  weights_bytes;              /* NAN: not measured */
  double  gradients_bytes;
  double  optimizer_bytes;
  double  params;
  double  trainable_params;
} RpMeasurePoint;

/* A setting the probe ran differently than the scenario asks. */
typedef struct
{
  char   *key;                        /* "training.optimizer" */
  char   *code;                       /* "no-library", "not-available", "approximated",
                                       * "single-device" */
  char   *asked;                      /* the scenario's value, as text; may be NULL */
  char   *ran;                        /* what ran; may be NULL */
  char   *text;                       /* the probe's English sentence */
} RpMeasureNote;

typedef struct
{
  char          *name;                /* the file as the user named it */
  char          *date;                /* "2026-12-01T18:37:26Z" */
  char          *tool;
  char          *host;                /* may be NULL */
  /* the device */
  RpDeviceKind   device_kind;
  char          *device_name;
  char          *device_vendor;       /* may be NULL */
  char          *compute_capability;  /* CUDA only; may be NULL */
  char          *device_arch;         /* ROCm's gfx name; may be NULL */
  char          *driver;              /* may be NULL */
  double         device_memory_bytes;
  double         context_bytes;       /* the runtime's own (CUDA context); 0 on a CPU */
  double         measured_tflops;     /* dense GEMM rate at the run's precision; NAN */
  double         measured_bandwidth_gb_s; /* NAN: not measured */
  /* the software */
  char          *torch;
  char          *cuda;                /* may be NULL */
  char          *hip;                 /* may be NULL */
  /* the scenario as asked (what calibrate checks against the file) */
  char          *preset;              /* may be NULL */
  RpModelArch    arch;                /* the architecture exported */
  RpTraining     asked;               /* the training settings exported */
  /* what ran */
  RpTraining     ran;                 /* method, precision, optimizer, recompute, … */
  guint          ran_layers;
  guint          steps;
  /* the result */
  gboolean       layers_mode;         /* two depths measured, the slope recorded */
  RpMeasurePoint whole;               /* measured, or extrapolated from the depths */
  RpMeasurePoint points[2];           /* layers_mode: the two depths, smaller first */
  double         tokens_per_s;        /* NAN for vision models */
  double         samples_per_s;
  GPtrArray     *notes;               /* RpMeasureNote*, owned */
} RpMeasurement;

RpMeasurement *rp_measurement_new                (void);
void           rp_measurement_free               (RpMeasurement       *self);
/* "cpu", "cuda", "rocm" */
const char    *rp_device_kind_to_string          (RpDeviceKind         kind);
gboolean       rp_device_kind_from_string        (const char          *s,
                                                  RpDeviceKind        *out);

/* Whether @m measured @scenario: the same model (every architecture key
 * the probe builds) and training settings (method, LoRA rank and
 * targets, precision, optimizer, sequence length or image size, micro
 * batch, recomputation, FlashAttention, compile, dropout, framework).
 * The error (RP_ERROR_INVALID_VALUE) names the scenario's key
 * ("training.micro_batch") and both values. */
gboolean       rp_calibrate_check                (const RpScenario    *scenario,
                                                  const RpCatalog     *catalog,
                                                  const RpMeasurement *m,
                                                  GError             **error);
/* Whether @b was made on the same device, with the same settings, as
 * @a (several measurements are repeats of one run); the error names
 * the key that differs ("device.name"). */
gboolean       rp_calibrate_check_same           (const RpMeasurement *a,
                                                  const RpMeasurement *b,
                                                  GError             **error);

/* The catalog GPU @m ran on: @gpu_id when given (its memory must be the
 * device's, within a few percent: else RP_ERROR_INVALID_VALUE naming
 * "device.memory_bytes"), else the entry whose name the device's name
 * matches ("NVIDIA A100-SXM4-80GB" → "NVIDIA A100 80GB SXM4"), nearest
 * in memory.  NULL, without an error, when the catalog has no such
 * device (a CPU, a new board): rp_calibrate_make_gpu() describes it. */
const RpGpu   *rp_calibrate_find_gpu             (const RpCatalog     *catalog,
                                                  const RpMeasurement *m,
                                                  const char          *gpu_id,
                                                  GError             **error);
/* A GPU entry for the device @m ran on, from what it measured: its
 * memory, the GEMM rate at the precision run and the copy bandwidth,
 * dated and marked as measured (transfer full; free with the catalog's
 * entry rules: every string owned). */
RpGpu         *rp_calibrate_make_gpu             (const RpMeasurement *m);
void           rp_calibrate_gpu_free             (RpGpu               *gpu);

/* @scenario as @m ran it, on @gpu: one device, one micro-batch per
 * step, no sharding, parallelism or offload, the settings that ran, the
 * depth @layers (0: the model's own) (transfer full). */
RpScenario    *rp_calibrate_measured_scenario    (const RpScenario    *scenario,
                                                  const RpCatalog     *catalog,
                                                  const RpMeasurement *m,
                                                  const RpGpu         *gpu,
                                                  guint                layers);

/* Compares the @n measurements (repeats of one run; their median step
 * and largest peaks are used) of @scenario with the models' figures on
 * @gpu, part by part, and returns the calibration that reproduces them
 * (transfer full): for the GPU, the framework that ran (plain PyTorch)
 * and the precision that ran, dated the day measured.  @source names the
 * files.  Error: the scenario cannot be estimated on @gpu in that
 * configuration (the key says why). */
RpCalibration *rp_calibrate_compute              (const RpScenario    *scenario,
                                                  const RpCatalog     *catalog,
                                                  RpMeasurement      **measurements,
                                                  guint                n,
                                                  const RpGpu         *gpu,
                                                  const char          *source,
                                                  GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpMeasurement, rp_measurement_free)

G_END_DECLS

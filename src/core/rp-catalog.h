/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-catalog.h: the bundled and user catalogs of GPUs, cloud offers and
 * models (data/catalogs/NAME.json, $XDG_DATA_HOME/rigplan/NAME.json) */
#pragma once

#include "rp-mfu.h"
#include "rp-pricing.h"
#include "rp-types.h"

G_BEGIN_DECLS

typedef enum
{
  RP_STACK_CUDA,
  RP_STACK_ROCM,
  RP_STACK_SYNAPSE,             /* Intel Gaudi */
  RP_STACK_CANN,                /* Huawei Ascend */
  RP_N_STACKS
} RpStackKind;

typedef enum
{
  RP_SEGMENT_DATACENTER,
  RP_SEGMENT_WORKSTATION,
  RP_SEGMENT_CONSUMER,
  RP_N_SEGMENTS
} RpSegment;

/* Precision bits in RpGpu.precisions. */
typedef enum
{
  RP_PREC_BIT_FP32 = 1u << 0,
  RP_PREC_BIT_TF32 = 1u << 1,
  RP_PREC_BIT_FP16 = 1u << 2,
  RP_PREC_BIT_BF16 = 1u << 3,
  RP_PREC_BIT_FP8  = 1u << 4,
} RpPrecisionBits;

typedef struct
{
  char        *id;
  char        *name;
  char        *vendor;
  char        *generation;             /* "ampere", "hopper", "cdna3", … */
  RpSegment    segment;
  double       memory_gib;
  double       memory_bandwidth_gb_s;
  /* Dense peak TFLOP/s; 0 where the GPU lacks that precision.  For
   * GeForce cards fp16/bf16 is the FP32-accumulate rate. */
  double       tflops_fp32;
  double       tflops_tf32;
  double       tflops_fp16;
  double       tflops_bf16;
  double       tflops_fp8;
  guint32      precisions;             /* RpPrecisionBits */
  double       tdp_w;
  char        *interconnect;           /* "nvlink4", "pcie4", … may be NULL */
  double       interconnect_gb_s;      /* per GPU, bidirectional; 0 = unknown */
  guint        pcie_gen;
  double       price_usd;              /* 0 = unknown */
  char        *price_source;
  char        *price_as_of;
  RpStackKind  stack;
  char        *compute_capability;     /* CUDA only, "8.9" */
  char        *min_stack_version;      /* minimum CUDA/ROCm/… version */
  char        *source;
  char        *as_of;
  char        *notes;
} RpGpu;

typedef struct
{
  char       *id;
  char       *provider;
  char       *offer;                   /* instance type */
  char       *gpu;                     /* RpGpu id */
  guint       gpus_per_instance;
  char       *region;
  RpCurrency  currency;
  /* Per GPU-hour in `currency`; 0 = not offered. Indexed by RpRentKind. */
  double      per_gpu_hour[RP_N_RENT_KINDS];
  double      billing_granularity_s;   /* 3600 = whole hours */
  char       *source;
  char       *as_of;
  char       *notes;
} RpCloudOffer;

typedef struct
{
  char        *id;
  char        *name;
  RpModelArch  arch;
  guint64      published_params;       /* the count the source states */
  char        *source;
  char        *as_of;
  char        *notes;
} RpModelPreset;

typedef struct _RpCatalog RpCatalog;

RpCatalog           *rp_catalog_new_empty        (void);
RpCatalog           *rp_catalog_ref              (RpCatalog   *self);
void                 rp_catalog_unref            (RpCatalog   *self);

/* Loads gpus.json, clouds.json and models.json from @dir when @required
 * (the bundled directory: a missing file is an error), else every
 * readable *.json of it as rp_catalog_load_default_full() does, the
 * first problem being the error.  Errors name the file, the JSON path
 * and the problem. */
gboolean             rp_catalog_load_dir         (RpCatalog   *self,
                                                  const char  *dir,
                                                  gboolean     required,
                                                  GError     **error);
/* Loads one file whose "format" says which catalog it is; entries with an
 * id already present replace the old entry (user overrides).  A file
 * with an error adds nothing. */
gboolean             rp_catalog_load_file        (RpCatalog   *self,
                                                  const char  *path,
                                                  GError     **error);
gboolean             rp_catalog_load_bytes       (RpCatalog   *self,
                                                  GBytes      *bytes,
                                                  const char  *name,
                                                  GError     **error);

/* The default set: $RIGPLAN_DATADIR or the installed pkgdatadir, then
 * every *.json in $XDG_DATA_HOME/rigplan/ (or $RIGPLAN_USER_DATADIR).
 *
 * A bad bundled file fails the load (@error).  In the user directory,
 * hidden files (".#gpus.json") and anything that is not a regular file
 * (a directory named x.json, a dangling link, a FIFO) are skipped; each
 * file that cannot be read or is invalid adds nothing and one GError to
 * *@problems, and so does each offer whose GPU is in no catalog (that
 * offer is dropped).  A problem's message is "FILE: KEY: PROBLEM" and
 * rp_error_get_key() gives KEY ("offers[3].gpu") where there is one.
 * Show them without blocking (a banner, a warning on stderr).
 * @problems: (out) (transfer full) (element-type GError): never NULL
 * after a successful call; empty when all is well. */
RpCatalog           *rp_catalog_load_default_full (GPtrArray **problems,
                                                   GError    **error);
/* As rp_catalog_load_default_full(), but the first problem is an error:
 * for callers that cannot show a warning. */
RpCatalog           *rp_catalog_load_default     (GError     **error);
const char          *rp_catalog_default_dir      (void);

guint                rp_catalog_n_gpus           (const RpCatalog *self);
const RpGpu         *rp_catalog_get_gpu          (const RpCatalog *self,
                                                  guint            i);
const RpGpu         *rp_catalog_lookup_gpu       (const RpCatalog *self,
                                                  const char      *id);
guint                rp_catalog_n_clouds         (const RpCatalog *self);
const RpCloudOffer  *rp_catalog_get_cloud        (const RpCatalog *self,
                                                  guint            i);
const RpCloudOffer  *rp_catalog_lookup_cloud     (const RpCatalog *self,
                                                  const char      *id);
guint                rp_catalog_n_models         (const RpCatalog *self);
const RpModelPreset *rp_catalog_get_model        (const RpCatalog *self,
                                                  guint            i);
const RpModelPreset *rp_catalog_lookup_model     (const RpCatalog *self,
                                                  const char      *id);

/* The time model's utilisation parameters (mfu.json), or NULL if none. */
const RpMfuParams   *rp_catalog_get_mfu          (const RpCatalog *self);
/* The cost model's default prices (pricing.json), or NULL if none. */
const RpPricing     *rp_catalog_get_pricing      (const RpCatalog *self);

/* Dense peak TFLOP/s of @gpu for the GEMMs of @precision; 0 if unsupported. */
double               rp_gpu_peak_tflops          (const RpGpu     *gpu,
                                                  RpPrecision      precision);
gboolean             rp_gpu_supports_precision   (const RpGpu     *gpu,
                                                  RpPrecision      precision);
guint64              rp_gpu_memory_bytes         (const RpGpu     *gpu);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpCatalog, rp_catalog_unref)

G_END_DECLS

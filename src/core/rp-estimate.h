/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-estimate.h: the result of estimating one scenario
 *
 * rp_estimate_compute() is a pure function of a scenario and a catalog.
 * Each section says whether it was computed; a section that was not (for
 * example cost without any price) is reported as null, never invented. */
#pragma once

#include "rp-catalog.h"
#include "rp-types.h"

G_BEGIN_DECLS

typedef enum
{
  RP_VERDICT_FITS,
  RP_VERDICT_TIGHT,             /* fits, but with less than the required headroom */
  RP_VERDICT_DOES_NOT_FIT,
  RP_N_VERDICTS
} RpVerdict;

/* The cheapest change that makes a scenario fit, in the order they are tried. */
typedef enum
{
  RP_FIX_NONE,
  RP_FIX_RECOMPUTE_SELECTIVE,
  RP_FIX_RECOMPUTE_FULL,
  RP_FIX_SMALLER_MICRO_BATCH,
  RP_FIX_ZERO_STAGE,
  RP_FIX_OFFLOAD,
  RP_FIX_LORA,
  RP_FIX_QLORA,
  RP_FIX_MORE_GPUS,
  RP_FIX_LARGER_GPU,
  RP_FIX_NOTHING_WORKS,
  RP_N_FIXES
} RpFixKind;

typedef struct
{
  RpFixKind  kind;
  guint      value;             /* new micro batch, ZeRO stage, GPU count… */
  char      *gpu;               /* owned; for RP_FIX_LARGER_GPU */
  double     total_bytes;       /* per-GPU total after the change */
} RpFix;

/* Per-GPU memory, bytes.  Overheads are named lines, not a fudge factor. */
typedef struct
{
  gboolean   computed;
  double     weights_bytes;
  double     gradients_bytes;
  double     optimizer_bytes;
  double     activations_bytes;    /* all layers on this GPU, incl. pipeline in-flight */
  double     logits_bytes;         /* output logits and loss, fp32 */
  double     gathered_bytes;       /* ZeRO-3/FSDP transient all-gathered layer */
  double     cuda_context_bytes;
  double     nccl_bytes;
  double     ddp_bucket_bytes;
  double     fragmentation_bytes;
  double     overhead_bytes;       /* sum of the four lines above */
  double     total_bytes;
  double     capacity_bytes;
  double     free_bytes;           /* capacity - total; may be negative */
  double     headroom_pct;         /* free / capacity * 100 */
  double     required_headroom_pct;
  RpVerdict  verdict;
  RpFix      fix;
  double     trainable_params;
  double     total_params;
  double     cpu_offload_bytes;    /* host RAM taken by offloaded states, per GPU */
  double     activations_per_layer_bytes;
} RpMemoryEstimate;

typedef enum
{
  RP_BOTTLENECK_COMPUTE,
  RP_BOTTLENECK_MEMORY_BANDWIDTH,
  RP_BOTTLENECK_NETWORK,
  RP_BOTTLENECK_PIPELINE_BUBBLE,
  RP_BOTTLENECK_DATA,
  RP_BOTTLENECK_CPU,
  RP_N_BOTTLENECKS
} RpBottleneck;

typedef struct
{
  gboolean      computed;
  double        flops;              /* whole run, incl. recomputation */
  double        flops_per_step;
  double        tokens_per_s;       /* 0 for vision models */
  double        samples_per_s;
  double        mfu;                /* model FLOPs utilization, 0..1 */
  double        peak_tflops;        /* per GPU at the chosen precision */
  double        step_s;
  double        compute_s;          /* per step, parts of step_s */
  double        comm_s;
  double        comm_exposed_s;
  double        bubble_s;
  double        data_s;
  double        steps;
  double        hours;
  double        days;
  double        gpu_hours;
  double        checkpoint_s;
  double        checkpoint_bytes;
  RpBottleneck  bottleneck;
  double        cpu_cores_needed;   /* per node, to feed the GPUs */
  double        storage_read_mb_s_needed;
} RpComputeEstimate;

typedef struct
{
  gboolean    computed;
  RpCurrency  currency;
  double      rent_total;           /* this run, rented */
  double      rent_per_gpu_hour;
  double      buy_total;            /* this run's share of owning */
  double      buy_capital;          /* GPUs + servers + network */
  double      buy_per_month;        /* owning, per month, at the utilization */
  double      rent_per_month;       /* renting the same GPU-hours per month */
  double      break_even_months;    /* < 0: never */
  double      energy_kwh;
  double      co2_kg;
  double      power_w;              /* whole machine at the run's load, incl. PUE */
  guint       n_months;
  double     *rent_cumulative;      /* owned; n_months + 1 values, month 0..n */
  double     *buy_cumulative;       /* owned */
} RpCostEstimate;

typedef struct
{
  gboolean  computed;
  char     *gpu;                    /* owned */
  guint     gpus_per_node;
  guint     nodes;
  guint     cpu_cores_per_node;
  guint     ram_gb_per_node;
  double    nvme_tb_per_node;
  char     *network;                /* owned; "ib-ndr", … */
  guint     nics_per_node;
  guint     switch_ports;
  double    power_kw_per_node;
} RpBom;

typedef enum
{
  RP_SEVERITY_INFO,
  RP_SEVERITY_WARNING,
  RP_SEVERITY_ERROR,
} RpSeverity;

typedef struct
{
  char       *code;                 /* stable, e.g. "headroom-low" */
  RpSeverity  severity;
  char       *message;              /* translated */
} RpWarning;

typedef struct
{
  /* borrowed from the catalog that was estimated against */
  const RpGpu       *gpu;
  RpModelArch        arch;          /* resolved */
  RpMemoryEstimate   memory;
  RpComputeEstimate  compute;
  RpCostEstimate     cost;
  RpBom              bom;
  GPtrArray         *warnings;      /* RpWarning*, owned */
} RpEstimate;

RpEstimate *rp_estimate_new          (void);
void        rp_estimate_free         (RpEstimate       *self);
void        rp_estimate_clear        (RpEstimate       *self);

/* Fills @out (which the caller has created with rp_estimate_new()).
 * Fails only when the scenario cannot be resolved (unknown GPU or model
 * preset, or invalid values); "does not fit" is a result. */
gboolean    rp_estimate_compute      (const RpScenario *scenario,
                                      const RpCatalog  *catalog,
                                      RpEstimate       *out,
                                      GError          **error);

void        rp_estimate_add_warning  (RpEstimate       *self,
                                      const char       *code,
                                      RpSeverity        severity,
                                      const char       *format,
                                      ...) G_GNUC_PRINTF (4, 5);
gboolean    rp_estimate_has_warning  (const RpEstimate *self,
                                      const char       *code);

const char *rp_verdict_to_string     (RpVerdict         v);
const char *rp_bottleneck_to_string  (RpBottleneck      v);
const char *rp_fix_kind_to_string    (RpFixKind         v);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpEstimate, rp_estimate_free)

G_END_DECLS

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

/* Per-GPU memory, bytes, on the busiest GPU (the first pipeline stage
 * unless the last one holds more).  Overheads are named lines, not a
 * fudge factor; rp-memory-model.c cites the source of each. */
typedef struct
{
  gboolean   computed;
  double     weights_bytes;        /* after TP/PP/EP split and ZeRO-3 sharding */
  double     weight_copies_bytes;  /* AMP's bf16 weight cast cache, fp8 weight copies */
  double     gradients_bytes;
  double     optimizer_bytes;      /* moments + fp32 master copy, after sharding */
  double     activations_bytes;    /* saved for backward: all layers on this GPU,
                                    * pipeline in-flight micro-batches included,
                                    * without the vocabulary-sized logits */
  double     recompute_bytes;      /* one layer re-materialised during backward */
  double     logits_bytes;         /* saved log-softmax output of the loss */
  double     logits_transient_bytes; /* logits gradient alive at the loss */
  double     gathered_bytes;       /* ZeRO-3/FSDP transient all-gathered layers */
  double     cuda_context_bytes;
  double     workspace_bytes;      /* cuBLAS workspace */
  double     nccl_bytes;
  double     ddp_bucket_bytes;     /* DDP buckets / ZeRO reduce buckets */
  double     fragmentation_bytes;
  double     overhead_bytes;       /* sum of the five lines above */
  double     total_bytes;
  double     capacity_bytes;
  double     free_bytes;           /* capacity - total; may be negative */
  double     headroom_pct;         /* free / capacity * 100 */
  double     required_headroom_pct;
  RpVerdict  verdict;
  RpFix      fix;
  double     trainable_params;     /* whole model */
  double     total_params;
  double     params_per_gpu;       /* held by this GPU before ZeRO sharding */
  double     cpu_offload_bytes;    /* host RAM taken by offloaded states, per GPU */
  double     activations_per_layer_bytes; /* one layer, one micro-batch */
  guint      pipeline_stage;       /* the stage reported (0 = first) */
  guint      micro_batches_in_flight;
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
  double        flops_per_step;     /* incl. recomputation (hardware FLOPs) */
  double        model_flops_per_step; /* without recomputation (MFU's numerator) */
  double        tokens_per_s;       /* 0 for vision models */
  double        samples_per_s;
  double        mfu;                /* model FLOPs utilization, 0..1 */
  double        hfu;                /* hardware FLOPs utilization, 0..1 */
  double        efficiency;         /* compute-phase fraction of peak (the utilization model) */
  gboolean      mfu_overridden;     /* hardware.mfu_override replaced the model */
  double        peak_tflops;        /* per GPU at the chosen precision */
  double        step_s;
  double        gpu_step_s;         /* step_s before data and CPU limits */
  double        compute_s;          /* per step, parts of step_s */
  double        comm_s;             /* all communication, hidden or not */
  double        comm_exposed_s;
  double        tp_comm_s;          /* tensor-parallel collectives (exposed) */
  double        dp_comm_s;          /* data-parallel / ZeRO collectives (before overlap) */
  double        pp_comm_s;          /* pipeline sends between stages (exposed) */
  double        ep_comm_s;          /* MoE all-to-all (exposed) */
  double        bubble_s;
  double        bubble_fraction;    /* of the step: (p−1)/(v·m + p−1) */
  double        optimizer_s;        /* optimizer step and offload transfers */
  double        data_s;             /* reading a step's samples from storage, per node */
  double        cpu_s;              /* decoding a step's samples on the free cores */
  double        micro_batches;      /* per pipeline per step */
  gboolean      memory_bound;       /* compute_s set by memory bandwidth */
  double        steps;
  double        samples_total;      /* over all epochs */
  double        tokens_total;       /* 0 for vision models */
  double        hours;
  double        days;
  double        gpu_hours;
  double        checkpoint_s;
  double        checkpoint_bytes;
  RpBottleneck  bottleneck;
  double        cpu_cores_needed;   /* per node, to feed the GPUs */
  double        storage_read_mb_s_needed;   /* per node */
  double        storage_read_mb_s_available; /* per node */
  double        slowdown_pct;       /* data or CPU starvation, % over gpu_step_s */
} RpComputeEstimate;

/* Break-even by utilization is sampled at 0, 10, …, 100 %. */
#define RP_COST_N_UTILIZATION_STEPS 11

/* Money in `currency`.  A part that could not be computed has its
 * *_available flag FALSE and is reported as null, never as 0. */
typedef struct
{
  gboolean    computed;             /* renting or buying could be priced */
  RpCurrency  currency;
  double      utilization_pct;      /* busy share of the owned machine */
  gboolean    run_available;        /* the time model gave the run's hours */
  gboolean    rent_available;       /* a rental price was found */
  gboolean    buy_available;        /* the capital could be priced */
  gboolean    energy_available;     /* the machine's power is known */
  /* renting */
  const RpCloudOffer *rent_offer;   /* borrowed from the catalog; NULL = custom price */
  RpRentKind  rent_kind;
  double      rent_per_gpu_hour;
  double      billing_granularity_s; /* 0 = billed exactly */
  double      spot_allowance_pct;   /* extra time bought for preemptions */
  guint       rent_billed_gpus;     /* whole instances */
  double      rent_billed_hours;    /* per GPU, after allowance and rounding */
  double      rent_compute;         /* this run: GPU-hours × price */
  double      rent_storage;         /* this run: checkpoints kept in cloud storage */
  double      rent_egress;          /* this run: data taken out */
  double      rent_total;           /* this run, rented */
  double      rent_per_month;       /* renting the same GPU-hours per month */
  /* buying */
  double      buy_capital;          /* GPUs + servers + network */
  double      buy_capital_gpus;
  double      buy_capital_servers;
  double      buy_capital_network;
  double      buy_residual;         /* resale value at the end of the period */
  double      buy_depreciation_per_month;
  double      buy_maintenance_per_month;
  double      buy_ops_per_month;
  double      buy_colocation_per_month;
  double      buy_capital_cost_per_month; /* cost of capital */
  double      buy_energy_per_month;
  double      buy_per_month;        /* owning, per month, at the utilization */
  double      buy_run_energy;       /* this run's electricity */
  double      buy_total;            /* this run's share of owning */
  /* rent versus buy */
  double      break_even_months;    /* < 0: never within the period */
  double      break_even_utilization_pct; /* lowest that pays off; < 0: never */
  double      break_even_by_utilization[RP_COST_N_UTILIZATION_STEPS]; /* < 0: never */
  /* energy */
  double      energy_kwh;           /* this run, incl. PUE */
  double      co2_kg;
  double      power_w;              /* whole machine at the run's load, incl. PUE */
  double      tflops_per_w;         /* dense peak at the precision / GPU TDP */
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
  double    nic_gbit_s;             /* line rate of each NIC */
  guint     switch_ports;
  double    power_kw_per_node;
  double    dataset_bytes;          /* on every node's NVMe */
  double    checkpoints_bytes;      /* the kept checkpoints, whole run */
  double    offload_ram_bytes;      /* per node, for CPU offload */
  double    pinned_ram_bytes;       /* per node, staging and page cache */
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
/* The translated words for the app and the CLI ("memory bandwidth"). */
const char *rp_bottleneck_get_label  (RpBottleneck      v);
const char *rp_fix_kind_to_string    (RpFixKind         v);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpEstimate, rp_estimate_free)

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-results.h: what estimating a scenario gives
 *
 * Plain structs filled by the models (rp-memory-model, rp-time-model,
 * rp-cost-model), the constraints and the fix search, in that order; see
 * rp-estimate.h for the function that runs them.  Each section says
 * whether it was computed; a section that was not (cost without any
 * price) is reported as null, never invented. */
#pragma once

#include "rp-catalog.h"
#include "rp-market.h"
#include "rp-prices.h"
#include "rp-scenario.h"
#include "rp-types.h"

G_BEGIN_DECLS

/* Whether the run fits its GPUs: "fits" only when the high end of the
 * memory band leaves the required headroom; "tight" when the figure
 * itself fits but its band or the headroom does not; "does not fit" when
 * the figure is above the GPU's memory. */
typedef enum
{
  RP_VERDICT_FITS,
  RP_VERDICT_TIGHT,             /* fits, but not with the required headroom at the band's
                                 * high end */
  RP_VERDICT_DOES_NOT_FIT,
  RP_N_VERDICTS
} RpVerdict;

/* How sure a figure is: the band that Rigplan's measured error on
 * published runs of its kind puts around it (models/rp-bands.c, from
 * data/catalogs/accuracy.json).  The figure times low and times high are
 * the band's ends (low ≤ 1 ≤ high); a band that is not known is 1 and 1. */
typedef struct
{
  gboolean    known;                /* the catalog has the error of this kind of figure */
  double      low;
  double      high;
  guint       n;                    /* published cases the band comes from */
  const char *group;                /* borrowed from the catalog: "all", "framework:megatron" */
  double      scale;                /* of the published spread: 1; calibration narrows it */
  gboolean    calibrated;           /* scale came from a measurement of the user's */
} RpBand;

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
  double     reference_bytes;      /* a frozen reference model's weights (DPO) */
  double     cuda_context_bytes;
  double     workspace_bytes;      /* cuBLAS workspace */
  double     nccl_bytes;
  double     ddp_bucket_bytes;     /* DDP buckets / ZeRO reduce buckets */
  double     fragmentation_bytes;
  double     calibration_bytes;    /* the user's calibration's correction (may be
                                    * negative; rp-calibrated.h) */
  double     overhead_bytes;       /* sum of the six lines above */
  /* The lines above are each part's size.  They are not all alive at
   * once: the loss's backward is done before the first layer is
   * recomputed, and a stack that frees gradients between steps makes
   * them during backward as activations go.  released_bytes is what
   * the sum counts twice; the *_peak lines are the parts alive at the
   * peak, which add up to the total. */
  double     released_bytes;
  double     gradients_peak_bytes;
  double     activations_peak_bytes;   /* activations + recompute */
  double     logits_peak_bytes;        /* logits + logits_transient */
  gboolean   peak_at_backward_end;     /* else at the turn from forward to backward */
  double     total_bytes;
  double     total_low_bytes;      /* the band around total_bytes (RpBand) */
  double     total_high_bytes;     /* what the verdict holds to the headroom */
  RpBand     band;
  double     capacity_bytes;
  double     free_bytes;           /* capacity - total; may be negative */
  double     headroom_pct;         /* free / capacity * 100 */
  double     required_headroom_pct;
  RpVerdict  verdict;
  double     trainable_params;     /* whole model */
  double     total_params;
  double     params_per_gpu;       /* held by this GPU before ZeRO sharding */
  double     cpu_offload_bytes;    /* host RAM taken by offloaded states, per GPU */
  double     activations_per_layer_bytes; /* one layer, one micro-batch */
  guint      pipeline_stage;       /* the stage reported (0 = first) */
  guint      micro_batches_in_flight;
  double     pipeline_batches_held; /* micro-batches' activations the stage holds,
                                     * the interleaving factor included */
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
  double        comm_s;             /* all communication, hidden or not: the sum of
                                     * the five parts below */
  double        comm_exposed_s;     /* what the step waits for: the sum of the
                                     * five *_exposed_s */
  double        tp_comm_s;          /* tensor-parallel collectives */
  double        dp_comm_s;          /* data-parallel / ZeRO collectives */
  double        pp_comm_s;          /* pipeline sends between stages */
  double        ep_comm_s;          /* MoE all-to-all */
  double        cp_comm_s;          /* context-parallel key/value exchange */
  double        tp_exposed_s;       /* of each, what no computation hides */
  double        dp_exposed_s;
  double        pp_exposed_s;
  double        ep_exposed_s;
  double        cp_exposed_s;       /* incl. the fp32 merging of partial results */
  double        moe_s;              /* MoE token permutation and weight-bound experts */
  double        host_s;             /* the device waiting on the host to launch many
                                     * narrow experts' kernels */
  double        elementwise_s;      /* eager PyTorch's unfused norms, rotary, SwiGLU */
  double        dequant_s;          /* QLoRA: unpacking NF4 weights for each pass */
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
  double        gpu_hours;          /* ideal: every step at step_s */
  /* the band (RpBand) around the rates and the times: a run slower than
   * estimated is a longer one */
  RpBand        band;
  double        tokens_per_s_low;
  double        tokens_per_s_high;
  double        samples_per_s_low;
  double        samples_per_s_high;
  double        step_s_low;
  double        step_s_high;
  double        hours_low;
  double        hours_high;
  double        days_low;
  double        days_high;
  double        gpu_hours_low;
  double        gpu_hours_high;
  double        goodput_low;        /* share of a whole run that trains, 0..1 */
  double        goodput_high;
  double        gpu_hours_expected_low;  /* gpu_hours / goodput_high */
  double        gpu_hours_expected_high; /* gpu_hours / goodput_low */
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
  guint       buy_spare_gpus;       /* cards bought as spares for failures */
  double      buy_capital_spares;   /* their price */
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
  double      buy_running_per_month; /* buy_per_month without depreciation: the cash */
  double      buy_run_energy;       /* this run's electricity */
  double      buy_total;            /* this run's share of owning */
  /* rent versus buy */
  double      break_even_months;    /* payback of the capital from the monthly
                                     * saving (resale not counted); < 0: not
                                     * within the period */
  double      period_saving;        /* renting minus owning over the whole
                                     * period, resale counted; NAN unknown */
  double      break_even_utilization_pct; /* lowest that pays off; < 0: never */
  double      break_even_by_utilization[RP_COST_N_UTILIZATION_STEPS]; /* < 0: never */
  /* energy */
  double      energy_kwh;           /* this run, incl. PUE */
  double      co2_kg;
  double      power_w;              /* whole machine at the run's load, incl. PUE */
  double      tflops_per_w;         /* dense peak at the precision / GPU TDP */
  guint       n_months;             /* the period, whole months: the cash curves
                                     * (rp_cost_rent_cumulative) run 0..n_months */
  RpPrices    prices;
} RpCostEstimate;

typedef enum
{
  RP_COOLING_AIR,
  RP_COOLING_AIR_HIGH_DENSITY,      /* air, but a rack of such nodes needs more */
  RP_COOLING_LIQUID,
  RP_N_COOLINGS
} RpCooling;

typedef struct
{
  gboolean  computed;
  const char *gpu;                  /* borrowed: the catalog GPU's id, as RpEstimate.gpu */
  guint     gpus_per_node;
  guint     nodes;
  guint     cpu_cores_per_node;     /* recommended: the larger of the two below */
  guint     cpu_sockets;
  double    cpu_cores_for_data;     /* what the data pipeline needs */
  guint     cpu_cores_platform;     /* the reference platform's floor */
  guint     cpu_cores_entered;      /* the scenario's hardware.cpu_cores_per_node */
  guint     ram_gb_per_node;
  guint     ram_gb_entered;
  double    nvme_tb_per_node;
  const char *network;              /* static: "ib-ndr", … */
  guint     nics_per_node;
  double    nic_gbit_s;             /* line rate of each NIC */
  guint     switch_ports;
  double    power_kw_per_node;      /* peak, at the wall, for the circuit */
  guint     psus_per_node;          /* N+N redundant supplies */
  double    psu_kw;                 /* rating of each */
  guint     pcie_lanes_per_node;    /* GPUs, NICs and NVMe */
  RpCooling cooling;
  double    dataset_bytes;          /* on every node's NVMe */
  double    checkpoints_bytes;      /* the kept checkpoints, whole run */
  double    backup_bytes;           /* one backup copy: dataset + kept checkpoints
                                     * (rp-checklist.c) */
  double    backup_per_month;       /* the off-site copy's object storage, scenario
                                     * currency; NAN unknown (rp-checklist.c) */
  double    offload_ram_bytes;      /* per node, for CPU offload */
  double    pinned_ram_bytes;       /* per node: its checkpoint share, staged */
  double    ram_needed_bytes;       /* per node: offload + staging + data loader */
} RpBom;

typedef enum
{
  RP_SEVERITY_INFO,
  RP_SEVERITY_WARNING,
  RP_SEVERITY_ERROR,
} RpSeverity;

/* Advice beyond the constraints: what the models noticed, as a code.
 * The sentence is written in words/ (rp_words_advice) from the code and
 * the figures the estimate holds; the models write none. */
typedef enum
{
  RP_ADVICE_PRECISION_UNSUPPORTED,  /* the GPU cannot compute in the precision */
  RP_ADVICE_PRECISION_OF_STACK,     /* the stack runs the precision as another */
  RP_ADVICE_OPTIMIZER_IN_BACKWARD_ACCUMULATES,
  RP_ADVICE_OFFLOAD_PARAMS_NEEDS_ZERO3,
  RP_ADVICE_ACTIVATIONS_UNKNOWN,
  RP_ADVICE_ZERO_SINGLE_GPU,
  RP_ADVICE_SLOW_NETWORK,
  RP_ADVICE_NO_P2P,
  RP_ADVICE_PCIE_TENSOR_PARALLEL,
  RP_ADVICE_MFU_PARAMS_MISSING,
  RP_ADVICE_FLOPS_UNKNOWN,
  RP_ADVICE_BANDWIDTH_UNKNOWN,
  RP_ADVICE_DATASET_EMPTY,
  RP_ADVICE_RENT_KIND_UNAVAILABLE,
  RP_ADVICE_RENT_PRICE_MISSING,
  RP_ADVICE_BUY_PRICE_MISSING,
  RP_ADVICE_RENT_OFFER_ABROAD,
  RP_ADVICE_RENT_WHOLE_INSTANCE,
  RP_ADVICE_SPOT_NO_ALLOWANCE,
  RP_ADVICE_RENT_FIRST,             /* variant 0: never pays back; 1: at a higher utilization */
  RP_ADVICE_OPS_COST,
  RP_ADVICE_CONSUMER_CARD_LONG_RUN, /* variant 0: a long run; 1: a busy machine for years */
  RP_ADVICE_USED_CARD_RISK,
  RP_ADVICE_USED_CARD_CHECKS,
  RP_ADVICE_BUY_HEADROOM,
  RP_ADVICE_RESIDUAL_OPTIMISTIC,    /* value: the resale share trends leave, % */
  RP_ADVICE_BACKUP_CHECKPOINTS,
  RP_ADVICE_POWER_UNKNOWN,
  RP_ADVICE_COST_INVALID,           /* key: the cost input that is not valid */
  RP_ADVICE_PRECISION_UNKNOWN,      /* no source says whether the GPU computes in it */
  RP_ADVICE_GPU_DERIVED,            /* figures taken from a sibling part (market/) */
  RP_ADVICE_RENT_OFFER_CHOICE,      /* RpPrices.rent_flags: quote, unknown provider, shape */
  RP_ADVICE_RENT_OFFER_TOO_SMALL,   /* the scenario's offer cannot hold its node */
  RP_ADVICE_BATCH_UNEVEN,           /* value: the step, micro batch × data-parallel GPUs */
  RP_ADVICE_CALIBRATED,             /* the user's measurement corrects the models
                                     * (RpEstimate.calibration) */
  RP_ADVICE_CALIBRATION_NOT_APPLIED, /* key: the field whose stack or precision differs
                                      * from the GPU's calibration */
  /* the rest of a buyer's checklist (rp-checklist.c) */
  RP_ADVICE_ATTENTION_KERNEL,       /* no FlashAttention-2-class kernel; variant 1: no
                                     * kernel that keeps the scores out of memory */
  RP_ADVICE_SOFTWARE_STACK,         /* the GPU needs a stack out of the ordinary;
                                     * variant 1: the framework is a vendor's fork */
  RP_ADVICE_OVERSIZED,              /* value: hours on one GPU */
  RP_ADVICE_POWER_ROOM,             /* circuits, heat and noise of a bought machine */
  RP_ADVICE_SERVER_IN_OFFICE,       /* value: dedicated circuits */
  RP_ADVICE_BACKUP_RULE,            /* dataset, code and checkpoints, 3-2-1 */
  RP_ADVICE_DATA_RENTED,            /* variant bits: 1 marketplace host, 2 abroad */
  RP_ADVICE_DATA_OWNED,
  RP_ADVICE_NEW_PRICE_SUSPECT,      /* value: the last new price, scenario currency */
  RP_N_ADVICE
} RpAdvice;

typedef struct
{
  RpAdvice    code;
  RpSeverity  severity;             /* the code's own (rp_advice_get_severity) */
  guint       variant;              /* which of the code's sentences */
  double      value;                /* a figure the estimate holds nowhere else; NAN none */
  const char *key;                  /* static: the field it is about, or NULL */
} RpWarning;

/* The checks a careful engineer makes before spending money, each with
 * what is needed and what the scenario has. */
typedef enum
{
  RP_CONSTRAINT_PARALLELISM,        /* the parallel split is possible */
  RP_CONSTRAINT_VRAM,               /* fits with the required headroom */
  RP_CONSTRAINT_HOST_RAM,           /* offload, loaders, pinned buffers */
  RP_CONSTRAINT_DEADLINE,
  RP_CONSTRAINT_RUN_BUDGET,         /* this run, rented */
  RP_CONSTRAINT_CAPITAL,            /* the purchase */
  RP_CONSTRAINT_CPU_FEED,           /* the cores decode fast enough */
  RP_CONSTRAINT_STORAGE_FEED,       /* storage reads fast enough */
  RP_CONSTRAINT_GROWTH,             /* bought GPUs still fit the models of their life */
  RP_N_CONSTRAINTS
} RpConstraintCode;

/* Why the parallelism constraint fails. */
typedef enum
{
  RP_PARALLEL_OK,
  RP_PARALLEL_NO_NETWORK,           /* several nodes, no network */
  RP_PARALLEL_TP_HEADS,             /* tensor parallel does not divide the heads */
  RP_PARALLEL_TP_NODE,              /* tensor parallel spans nodes */
  RP_PARALLEL_PP_LAYERS,            /* more pipeline stages than layers */
  RP_PARALLEL_NOT_TRANSFORMER,      /* model parallelism of a model without layers */
  RP_PARALLEL_PRECISION,            /* the GPU cannot compute in the precision */
} RpParallelReason;

/* What needed and available are counted in. */
typedef enum
{
  RP_MEASURE_NONE,
  RP_MEASURE_BYTES,
  RP_MEASURE_DAYS,
  RP_MEASURE_MONEY,                 /* the scenario's currency */
  RP_MEASURE_CORES,
  RP_MEASURE_BYTES_PER_S,
  RP_MEASURE_COUNT,
} RpMeasure;

typedef struct
{
  gboolean    judged;               /* FALSE: does not apply (no deadline set…) */
  gboolean    ok;
  RpSeverity  severity;             /* of a failure: ERROR cannot run, WARNING can */
  double      needed;
  double      available;
  RpMeasure   measure;
  RpParallelReason reason;          /* RP_CONSTRAINT_PARALLELISM only */
  const char *key;                  /* static: the field that addresses it, or NULL */
} RpConstraint;

/* The steps of a fix, in the order an engineer would try them. */
typedef enum
{
  RP_FIX_STEP_SMALLER_MICRO_BATCH,
  RP_FIX_STEP_RECOMPUTE,
  RP_FIX_STEP_OPTIMIZER_8BIT,
  RP_FIX_STEP_PURE_BF16,
  RP_FIX_STEP_ZERO_STAGE,
  RP_FIX_STEP_LORA,
  RP_FIX_STEP_QLORA,
  RP_FIX_STEP_OFFLOAD,
  RP_FIX_STEP_MORE_GPUS,
  RP_FIX_STEP_LARGER_GPU,
  /* for the constraints other than memory */
  RP_FIX_STEP_NETWORK,
  RP_FIX_STEP_PARALLEL_SPLIT,
  RP_FIX_STEP_PRECISION,
  RP_FIX_STEP_HOST_RAM,
  RP_FIX_STEP_CPU_CORES,
  RP_FIX_STEP_STORAGE,
  RP_FIX_STEP_LOSS,               /* chunked or cut cross-entropy; tried after recompute */
  RP_FIX_STEP_REFERENCE,          /* precompute the reference model's log-probabilities */
  RP_FIX_STEP_FEWER_NODES,        /* the same GPUs per node on fewer nodes, off a slow network */
  RP_N_FIX_STEPS
} RpFixStep;

typedef enum
{
  RP_FIX_NONE,                      /* nothing to fix */
  RP_FIX_FOUND,
  RP_FIX_NOTHING_WORKS,
} RpFixStatus;

#define RP_FIX_MAX_STEPS 2

typedef struct
{
  RpFixStatus status;
  RpConstraintCode constraint;      /* the unmet constraint it is for */
  guint       n_steps;
  RpFixStep   steps[RP_FIX_MAX_STEPS];
  guint       values[RP_FIX_MAX_STEPS]; /* micro batch, ZeRO stage, GPUs, … */
  char       *gpu;                  /* owned: the larger GPU's id */
  GArray     *changes;              /* RpChange, owned; the scenario edits */
  /* the scenario with the fix applied, estimated */
  double      memory_total_bytes;
  double      headroom_pct;
  double      days;                 /* NAN when time is unknown */
  double      cost;                 /* this run: rent, else the buy share; NAN unknown */
  gboolean    cost_is_rent;
} RpFix;

typedef struct
{
  /* borrowed from the catalog that was estimated against */
  const RpGpu       *gpu;
  /* the scenario's budget.rent_offer, looked up once; NULL when none */
  const RpCloudOffer *rent_offer;
  RpModelArch        arch;          /* resolved */
  RpMemoryEstimate   memory;
  RpComputeEstimate  compute;
  RpCostEstimate     cost;
  RpBom              bom;
  RpConstraint       constraints[RP_N_CONSTRAINTS];
  RpSeverity         level;         /* the worst unmet constraint's; INFO when all hold */
  RpFix              fix;
  /* advice beyond the constraints, in the order noticed; a code at most once */
  RpWarning          warnings[RP_N_ADVICE];
  guint              n_warnings;
  /* borrowed from the catalog (or the scenario): the user's calibration
   * the models applied, or NULL */
  const RpCalibration *calibration;
} RpEstimate;

/* Lifetimes of the parts that own memory. */
void        rp_fix_clear             (RpFix            *fix);
/* The cash spent by the end of @month (0..n_months) renting, and buying
 * (the capital, then the running costs; the resale comes back at
 * n_months); NAN when that side is not available.  Computed when read:
 * an estimate keeps the monthly figures, not the curves, so that the
 * planner's thousands of estimates allocate nothing for them. */
double      rp_cost_rent_cumulative  (const RpCostEstimate *cost,
                                      guint                 month);
double      rp_cost_buy_cumulative   (const RpCostEstimate *cost,
                                      guint                 month);

/* Advice beyond the constraints, for the models to add (once per code;
 * a second call changes nothing). */
void        rp_estimate_advise       (RpEstimate       *self,
                                      RpAdvice          code);
void        rp_estimate_advise_with  (RpEstimate       *self,
                                      RpAdvice          code,
                                      guint             variant,
                                      double            value,
                                      const char       *key);
gboolean    rp_estimate_has_advice   (const RpEstimate *self,
                                      RpAdvice          code);
/* By the stable code ("slow-network"), for tests and scripts. */
gboolean    rp_estimate_has_warning  (const RpEstimate *self,
                                      const char       *code);

/* "slow-network": the stable name of a code, as JSON and the CLI write it. */
const char *rp_advice_to_string      (RpAdvice          code);
gboolean    rp_advice_from_string    (const char       *s,
                                      RpAdvice         *out);
RpSeverity  rp_advice_get_severity   (RpAdvice          code);

G_END_DECLS

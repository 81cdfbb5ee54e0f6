/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-types.h: the plain data types shared by every part of the core
 *
 * The scenario (input) and the catalog entries are plain structs: the
 * estimator is a set of pure functions over them.  Enums have string
 * names (the ones written in *.rigplan and catalog files); the tables
 * that map them live in rp-types.c.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  RP_MODEL_KIND_DECODER,
  RP_MODEL_KIND_ENCODER,
  RP_MODEL_KIND_ENCODER_DECODER,
  RP_MODEL_KIND_MOE,
  RP_MODEL_KIND_CNN,
  RP_MODEL_KIND_VIT,
  RP_MODEL_KIND_DIFFUSION_UNET,
  RP_MODEL_KIND_CUSTOM,
  RP_N_MODEL_KINDS
} RpModelKind;

/* Feed-forward block: GELU/ReLU use two matrices, gated ones three. */
typedef enum
{
  RP_FFN_ACT_GELU,
  RP_FFN_ACT_RELU,
  RP_FFN_ACT_SWIGLU,
  RP_FFN_ACT_GEGLU,
  RP_N_FFN_ACTS
} RpFfnAct;

typedef enum
{
  RP_NORM_LAYERNORM,            /* weight and bias */
  RP_NORM_RMSNORM,              /* weight only */
  RP_N_NORMS
} RpNorm;

typedef enum
{
  RP_BIASES_NONE,               /* Llama, Mistral, T5 */
  RP_BIASES_QKV,                /* Qwen2: only the q, k, v projections */
  RP_BIASES_ALL,                /* GPT-2, BERT, ViT: every linear layer */
  RP_N_BIASES
} RpBiases;

typedef enum
{
  RP_METHOD_PRETRAIN,
  RP_METHOD_FULL_FINETUNE,
  RP_METHOD_LORA,
  RP_METHOD_QLORA,
  RP_N_METHODS
} RpMethod;

/* Precision recipes (README "Precision"):
 * FP32:        everything fp32.
 * AMP_*:       PyTorch autocast; fp32 weights and grads, 16-bit activations.
 * *_MIXED:     Megatron/DeepSpeed; 16-bit weights and grads, fp32 master
 *              weights inside the optimizer state.
 * BF16_PURE:   bf16 weights, grads and optimizer states.
 * FP8_MIXED:   Transformer Engine; bf16 weights/grads + fp32 master, fp8 GEMMs. */
typedef enum
{
  RP_PRECISION_FP32,
  RP_PRECISION_AMP_BF16,
  RP_PRECISION_AMP_FP16,
  RP_PRECISION_BF16_MIXED,
  RP_PRECISION_FP16_MIXED,
  RP_PRECISION_BF16_PURE,
  RP_PRECISION_FP8_MIXED,
  RP_N_PRECISIONS
} RpPrecision;

typedef enum
{
  RP_OPTIMIZER_ADAMW,
  RP_OPTIMIZER_ADAMW_8BIT,
  RP_OPTIMIZER_SGD,
  RP_OPTIMIZER_SGD_MOMENTUM,
  RP_OPTIMIZER_ADAFACTOR,
  RP_OPTIMIZER_LION,
  RP_OPTIMIZER_ADAMW_8BIT_PAGED,  /* bitsandbytes PagedAdamW8bit: states in unified memory */
  RP_N_OPTIMIZERS
} RpOptimizer;

/* Activation recomputation policies as the training stacks name them,
 * in order of the extra forward work they cost (the planner and the fix
 * search try them in this order):
 * SELECTIVE:     Megatron-LM --recompute-granularity selective with its
 *                default module, the attention core (Korthikanti et al.
 *                2022); version-2 files' "selective" means this.
 * SELECTIVE_OPS: PyTorch op-level selective checkpointing as torchtitan
 *                applies it: matmul and attention outputs saved (every
 *                second matmul recomputed), everything else recomputed.
 * EVERY_NTH:     whole-layer checkpointing of every n-th layer
 *                (training.recompute_interval).
 * FULL:          every layer checkpointed; its input kept. */
typedef enum
{
  RP_RECOMPUTE_NONE,
  RP_RECOMPUTE_SELECTIVE,
  RP_RECOMPUTE_SELECTIVE_OPS,
  RP_RECOMPUTE_EVERY_NTH,
  RP_RECOMPUTE_FULL,
  RP_N_RECOMPUTES
} RpRecompute;

/* The training stack: what it does by default (gradient dtype, loss,
 * communication buffers, allocator); rp-stack.c cites each. */
typedef enum
{
  RP_FRAMEWORK_CUSTOM,          /* fused kernels throughout: the ZeRO paper's recipe,
                                 * hand-fused code such as llm.c */
  RP_FRAMEWORK_PYTORCH,         /* a plain PyTorch loop: DDP, autocast, eager kernels
                                 * unless compiled, zero_grad(set_to_none=True) */
  RP_FRAMEWORK_PYTORCH_FSDP,    /* FSDP2 fully_shard, torchtitan */
  RP_FRAMEWORK_DEEPSPEED,
  RP_FRAMEWORK_MEGATRON,        /* Megatron-LM, Megatron-Core, NeMo */
  RP_FRAMEWORK_HF_TRAINER,      /* transformers Trainer / accelerate, PEFT */
  RP_FRAMEWORK_TORCHTUNE,
  RP_N_FRAMEWORKS
} RpFramework;

/* What a setting the stack chooses is set to; FRAMEWORK: its default. */
typedef enum
{
  RP_GRAD_DTYPE_FRAMEWORK,
  RP_GRAD_DTYPE_FP32,
  RP_GRAD_DTYPE_16BIT,          /* the weights' 16-bit type */
  RP_N_GRAD_DTYPES
} RpGradDtype;

/* The dtype a frozen base (LoRA's, or DPO's reference copy) is loaded in:
 * a choice of the user's script; FRAMEWORK: as the stack's recipes load
 * it (rp-stack.c). */
typedef enum
{
  RP_BASE_DTYPE_FRAMEWORK,
  RP_BASE_DTYPE_FP32,
  RP_BASE_DTYPE_16BIT,          /* bf16 or fp16, as the checkpoint */
  RP_N_BASE_DTYPES
} RpBaseDtype;

/* How the loss turns the last hidden states into a cross-entropy. */
typedef enum
{
  RP_LOSS_FRAMEWORK,
  RP_LOSS_FULL,                 /* logits, an fp32 copy and the log-softmax (HF) */
  RP_LOSS_FUSED,                /* fp32 softmax computed in place (Megatron) */
  RP_LOSS_CHUNKED,              /* 16-bit logits; fp32 a chunk at a time (torchtune) */
  RP_LOSS_CUT,                  /* no logits in memory (Cut Cross-Entropy, Liger) */
  RP_N_LOSSES
} RpLoss;

typedef enum
{
  RP_ALLOCATOR_FRAMEWORK,
  RP_ALLOCATOR_CACHING,         /* PyTorch's caching allocator, default settings */
  RP_ALLOCATOR_EXPANDABLE,      /* PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True */
  RP_N_ALLOCATORS
} RpAllocator;

typedef enum
{
  RP_PIPELINE_1F1B,             /* Narayanan et al. 2021 §2.2.1 (PipeDream-Flush) */
  RP_PIPELINE_INTERLEAVED,      /* §2.2.2, training.virtual_stages chunks per GPU */
  RP_PIPELINE_ZERO_BUBBLE,      /* ZB-H1, Qi et al. 2024 (arXiv:2401.10241) */
  RP_PIPELINE_GPIPE,            /* all forwards, then all backwards (Huang et al. 2019) */
  RP_N_PIPELINES
} RpPipelineSchedule;

/* Preference training's frozen reference model (DPO, KTO). */
typedef enum
{
  RP_REFERENCE_NONE,
  RP_REFERENCE_ON_GPU,          /* a frozen copy runs forward on every batch */
  RP_REFERENCE_PRECOMPUTED,     /* its log-probabilities computed once before training */
  RP_N_REFERENCES
} RpReference;

typedef enum
{
  RP_OFFLOAD_NONE,
  RP_OFFLOAD_OPTIMIZER,
  RP_OFFLOAD_OPTIMIZER_AND_PARAMS,
  RP_N_OFFLOADS
} RpOffload;

typedef enum
{
  RP_LORA_TARGETS_ATTENTION,    /* q, k, v, o */
  RP_LORA_TARGETS_QV,           /* q and v only (the LoRA paper's default) */
  RP_LORA_TARGETS_ALL_LINEAR,   /* attention and MLP projections */
  RP_N_LORA_TARGETS
} RpLoraTargets;

typedef enum
{
  RP_LINK_PCIE3,
  RP_LINK_PCIE4,
  RP_LINK_PCIE5,
  RP_LINK_NVLINK2,
  RP_LINK_NVLINK3,
  RP_LINK_NVLINK4,
  RP_LINK_NVLINK5,
  RP_LINK_INFINITY_FABRIC,
  RP_N_LINKS
} RpLink;

typedef enum
{
  RP_NETWORK_NONE,
  RP_NETWORK_10GBE,
  RP_NETWORK_25GBE,
  RP_NETWORK_100GBE,
  RP_NETWORK_200GBE,
  RP_NETWORK_400GBE,
  RP_NETWORK_IB_HDR,
  RP_NETWORK_IB_NDR,
  RP_NETWORK_4X100G,            /* four 100 Gb/s ports a node: AWS EFA on p4d */
  RP_N_NETWORKS
} RpNetwork;

typedef enum
{
  RP_STORAGE_HDD,
  RP_STORAGE_SATA_SSD,
  RP_STORAGE_NVME_GEN3,
  RP_STORAGE_NVME_GEN4,
  RP_STORAGE_NVME_GEN5,
  RP_STORAGE_NETWORK,
  RP_N_STORAGES
} RpStorage;

typedef enum
{
  RP_CURRENCY_USD,
  RP_CURRENCY_CNY,
  RP_N_CURRENCIES
} RpCurrency;

/* Which answer the user is after: both (the default), or only one. */
typedef enum
{
  RP_ACQUIRE_COMPARE,
  RP_ACQUIRE_RENT,
  RP_ACQUIRE_BUY,
  RP_N_ACQUIRES
} RpAcquire;

typedef enum
{
  RP_RENT_ON_DEMAND,
  RP_RENT_RESERVED_1Y,
  RP_RENT_RESERVED_3Y,
  RP_RENT_SPOT,
  RP_RENT_DAILY,                /* 包日: a one-day commitment, per GPU-hour */
  RP_RENT_MONTHLY,              /* 包月: a 30-day commitment, per GPU-hour */
  RP_RENT_CAPACITY_BLOCK,       /* a block of days booked ahead (AWS Capacity Blocks) */
  RP_N_RENT_KINDS
} RpRentKind;

/* The state of a card a price is for (purchases.json, budget.condition). */
typedef enum
{
  RP_CONDITION_NEW,
  RP_CONDITION_USED,
  RP_CONDITION_EX_MINING,       /* ran in a crypto-mining farm */
  RP_N_CONDITIONS
} RpCondition;

/* The architecture of a model.  Transformer kinds use the layer fields;
 * CNN and UNet presets give params, input_size, gflops_per_sample and
 * activation_bytes_per_sample instead.  0 means "not applicable". */
typedef struct
{
  RpModelKind kind;
  guint64     params;                  /* when != 0, the count to use */
  guint       layers;                  /* encoder layers for encoder-decoder */
  guint       decoder_layers;          /* encoder-decoder only */
  guint       hidden;
  guint       heads;
  guint       kv_heads;                /* == heads without GQA */
  guint       head_dim;                /* 0: hidden / heads */
  guint       ffn;                     /* per expert for MoE */
  RpFfnAct    ffn_act;
  guint       vocab;
  gboolean    tied_embeddings;
  guint       max_positions;           /* learned position rows; 0 for rotary */
  guint       type_vocab;              /* BERT token types; 0 for none */
  gboolean    pooler;                  /* BERT pooler dense layer */
  RpNorm      norm;
  RpBiases    biases;
  guint       relative_attention_buckets; /* T5 */
  guint       experts;                 /* MoE: experts per layer */
  guint       experts_active;          /* MoE: routed experts per token */
  guint       shared_experts;          /* MoE: experts every token also passes
                                        * (DeepSeekMoE, Qwen-MoE), each of ffn */
  guint       patch_size;              /* ViT */
  guint       image_channels;          /* ViT, CNN */
  guint       num_classes;             /* ViT, CNN classifier head */
  guint       input_size;              /* pixels per side (vision) */
  double      gflops_per_sample;       /* forward GFLOPs at input_size (vision/UNet) */
  double      activation_bytes_per_sample; /* at input_size, 16-bit, no recompute */
  double      activation_bytes_per_sample_recompute; /* same, with every block checkpointed
                                                      * (recompute full); 0: unknown */
  double      recompute_peak_bytes_per_sample; /* the largest block's activations,
                                                * recomputed during backward */
} RpModelArch;

/* Bits of RpModelSpec.overridden: which arch fields the scenario sets. */
typedef enum
{
  RP_ARCH_KIND            = 1u << 0,
  RP_ARCH_PARAMS          = 1u << 1,
  RP_ARCH_LAYERS          = 1u << 2,
  RP_ARCH_HIDDEN          = 1u << 3,
  RP_ARCH_HEADS           = 1u << 4,
  RP_ARCH_KV_HEADS        = 1u << 5,
  RP_ARCH_FFN             = 1u << 6,
  RP_ARCH_FFN_ACT         = 1u << 7,
  RP_ARCH_VOCAB           = 1u << 8,
  RP_ARCH_TIED            = 1u << 9,
  RP_ARCH_MAX_POSITIONS   = 1u << 10,
  RP_ARCH_EXPERTS         = 1u << 11,
  RP_ARCH_EXPERTS_ACTIVE  = 1u << 12,
  RP_ARCH_INPUT_SIZE      = 1u << 13,
  RP_ARCH_ACT_BYTES       = 1u << 14,
  RP_ARCH_GFLOPS          = 1u << 15,
  RP_ARCH_DECODER_LAYERS  = 1u << 16,
  RP_ARCH_HEAD_DIM        = 1u << 17,
  RP_ARCH_NORM            = 1u << 18,
  RP_ARCH_BIASES          = 1u << 19,
  RP_ARCH_TYPE_VOCAB      = 1u << 20,
  RP_ARCH_POOLER          = 1u << 21,
  RP_ARCH_REL_BUCKETS     = 1u << 22,
  RP_ARCH_PATCH_SIZE      = 1u << 23,
  RP_ARCH_CHANNELS        = 1u << 24,
  RP_ARCH_CLASSES         = 1u << 25,
  RP_ARCH_ACT_BYTES_RECOMPUTE = 1u << 26,
  RP_ARCH_RECOMPUTE_PEAK  = 1u << 27,
  RP_ARCH_SHARED_EXPERTS  = 1u << 28,
} RpArchField;

typedef struct
{
  char        *preset;                 /* owned; catalog model id or NULL */
  RpModelArch  arch;                   /* values for the overridden fields */
  guint32      overridden;             /* RpArchField bits */
} RpModelSpec;

typedef struct
{
  RpMethod      method;
  guint         lora_rank;
  RpLoraTargets lora_targets;
  gboolean      lora_dropout;          /* PEFT's lora_dropout above 0 */
  RpPrecision   precision;
  RpOptimizer   optimizer;
  gboolean      optimizer_in_backward; /* each weight updated as its gradient is done */
  RpReference   reference_model;       /* preference training's frozen reference */
  guint         seq_len;
  guint         micro_batch;
  guint         global_batch;          /* samples per optimizer step */
  RpRecompute   recompute;
  guint         recompute_interval;    /* EVERY_NTH: one layer in n checkpointed */
  gboolean      flash_attention;
  gboolean      compile;               /* torch.compile: elementwise ops fused */
  gboolean      dropout;
  guint         zero_stage;            /* 0..3; FSDP full shard == 3 */
  RpOffload     offload;
  guint         tensor_parallel;
  guint         pipeline_parallel;
  guint         expert_parallel;
  double        capacity_factor;       /* MoE token capacity per expert; NAN: dropless */
  gboolean      sequence_parallel;
  gboolean      tp_overlap;            /* tensor-parallel collectives hidden behind GEMMs */
  gboolean      ep_overlap;            /* expert all-to-all hidden behind other compute */
  guint         context_parallel;      /* ranks splitting each sequence */
  RpPipelineSchedule pipeline_schedule;
  guint         virtual_stages;        /* INTERLEAVED: model chunks per GPU */
  RpFramework   framework;
  RpGradDtype   grad_dtype;
  RpBaseDtype   base_dtype;            /* the frozen base's dtype */
  RpLoss        loss;
  RpAllocator   allocator;
  double        comm_buffer_bytes;     /* NAN: the framework's buffers */
  double        goodput_pct;           /* NAN: the published range */
  double        dataset_tokens;
  double        dataset_samples;
  double        epochs;
  double        dataset_bytes_per_sample; /* NAN: derived from the model kind */
  double        checkpoints_kept;
} RpTraining;

/* A calibration measured on the user's GPU (market/rp-calibration.h). */
typedef struct _RpCalibration RpCalibration;

typedef struct
{
  char      *gpu;                      /* owned; catalog GPU id */
  guint      gpus_per_node;
  guint      nodes;
  RpLink     intra_link;
  RpNetwork  network;
  RpStorage  storage;
  guint      cpu_cores_per_node;
  guint      ram_gb_per_node;
  double     headroom_pct;             /* required free VRAM, % of capacity */
  double     mfu_override;             /* 0..1; NAN: the utilization model */
  double     band_scale;               /* share of the published error band; NAN: all of
                                        * it (calibration narrows it) */
  char      *owned_gpus;               /* owned; the GPUs the user has (rp-owned.h), or NULL */
  /* Runtime only, never read from or written to a file: the calibration
   * the models apply.  NULL: the catalog's for this GPU, stack and
   * precision, if any; rp_calibration_identity(): none (borrowed). */
  const RpCalibration *calibration;
} RpHardware;

typedef struct
{
  /* Doubles marked "NAN: …" are null in the file: the value then comes
   * from the catalog (prices) or means "none" (limits). */
  RpCurrency  currency;
  double      usd_to_cny;              /* CNY per USD; NAN: the catalog's rate */
  RpAcquire   acquire;
  double      limit;                   /* in currency; NAN: none */
  double      capital_limit;           /* NAN: the same as limit */
  double      deadline_days;           /* NAN: none */
  char       *rent_offer;              /* owned; clouds.json id, NULL: the cheapest */
  char       *region;                  /* owned; regions.json id, NULL: pricing.json's
                                        * defaults (power, PUE) and the currency's market */
  RpRentKind  rent_kind;
  gboolean    allow_marketplace;       /* marketplace offers may price the rent */
  double      rent_price_per_gpu_hour; /* NAN: from the offer */
  double      gpu_price;               /* per GPU; NAN: the catalog's */
  RpCondition condition;               /* of the GPUs bought: their price, failures */
  double      failure_pct_year;        /* GPUs failing per year, %; NAN: the
                                        * catalog's rate for the condition */
  double      growth_pct_year;         /* model size growth per year over the
                                        * machine's life, %; 0: none */
  double      server_price;            /* per node without GPUs; NAN: pricing rule */
  double      network_price;           /* NICs and switch ports, total; NAN: rule */
  double      power_price_kwh;         /* NAN: pricing default */
  double      pue;                     /* NAN: pricing default */
  double      years;                   /* depreciation period; NAN: pricing default */
  double      residual_pct;
  double      maintenance_pct_year;
  double      ops_cost_year;           /* people running the machines */
  double      colocation_per_month;
  double      utilization_pct;
  double      cost_of_capital_pct;
  double      storage_price_gb_month;  /* rented storage */
  double      egress_gb;
  double      egress_price_gb;
  double      spot_interruption_pct;   /* extra time lost to preemption */
  double      grid_kg_co2_per_kwh;
} RpBudget;

/* What the planner may choose from (the file's "planner" section).
 * Lists are comma-separated words; NULL lists allow everything. */
typedef struct
{
  char       *gpu_types;               /* owned; GPU ids; NULL: every catalog GPU */
  char       *vendors;                 /* owned; "NVIDIA, AMD"; NULL: any */
  char       *providers;               /* owned; provider names or classes; NULL: any */
  char       *regions;                 /* owned; words found in an offer's region */
  guint       max_gpus;                /* the most GPUs a machine may have */
  guint       max_nodes;               /* the most nodes a machine may have */
} RpPlanner;

/* Opaque; keeps the file's unknown keys so that saving loses nothing. */
typedef struct _RpJsonExtra RpJsonExtra;

typedef struct
{
  char        *name;                   /* owned */
  char        *notes;                  /* owned, may be NULL: where it came from */
  RpModelSpec  model;
  RpTraining   training;
  RpHardware   hardware;
  RpBudget     budget;
  RpPlanner    planner;
  RpJsonExtra *extra;                  /* owned, may be NULL */
} RpScenario;

/* An enum's names as written in files and its translatable labels. */
typedef struct
{
  const char *const *names;
  const char *const *labels;           /* N_() */
  guint              n;
  const char *const *aliases;          /* older names read as value i: pairs
                                        * { "old", "new" }, NULL-ended; may be NULL */
} RpEnumInfo;

extern const RpEnumInfo rp_model_kind_info;
extern const RpEnumInfo rp_ffn_act_info;
extern const RpEnumInfo rp_norm_info;
extern const RpEnumInfo rp_biases_info;
extern const RpEnumInfo rp_method_info;
extern const RpEnumInfo rp_precision_info;
extern const RpEnumInfo rp_optimizer_info;
extern const RpEnumInfo rp_recompute_info;
extern const RpEnumInfo rp_framework_info;
extern const RpEnumInfo rp_grad_dtype_info;
extern const RpEnumInfo rp_base_dtype_info;
extern const RpEnumInfo rp_loss_info;
extern const RpEnumInfo rp_allocator_info;
extern const RpEnumInfo rp_pipeline_schedule_info;
extern const RpEnumInfo rp_zero_stage_info;
extern const RpEnumInfo rp_offload_info;
extern const RpEnumInfo rp_reference_info;
extern const RpEnumInfo rp_lora_targets_info;
extern const RpEnumInfo rp_link_info;
extern const RpEnumInfo rp_network_info;
extern const RpEnumInfo rp_storage_info;
extern const RpEnumInfo rp_currency_info;
extern const RpEnumInfo rp_rent_kind_info;
extern const RpEnumInfo rp_acquire_info;
extern const RpEnumInfo rp_condition_info;

const char *rp_enum_info_get_name    (const RpEnumInfo *info,
                                      guint             value);
/* The translated label ("InfiniBand NDR"). */
const char *rp_enum_info_get_label   (const RpEnumInfo *info,
                                      guint             value);
gboolean    rp_enum_info_lookup      (const RpEnumInfo *info,
                                      const char       *name,
                                      guint            *out);
/* "a, b, c": the names, for messages. */
char       *rp_enum_info_list_names  (const RpEnumInfo *info);

/* String names as written in files.  _from_string returns FALSE for an
 * unknown name and leaves *out alone. */
const char *rp_model_kind_to_string  (RpModelKind   v);
gboolean    rp_model_kind_from_string (const char   *s,
                                       RpModelKind  *out);
const char *rp_ffn_act_to_string     (RpFfnAct      v);
gboolean    rp_ffn_act_from_string   (const char   *s,
                                      RpFfnAct     *out);
const char *rp_norm_to_string        (RpNorm        v);
gboolean    rp_norm_from_string      (const char   *s,
                                      RpNorm       *out);
const char *rp_biases_to_string      (RpBiases      v);
gboolean    rp_biases_from_string    (const char   *s,
                                      RpBiases     *out);
const char *rp_method_to_string      (RpMethod      v);
gboolean    rp_method_from_string    (const char   *s,
                                      RpMethod     *out);
const char *rp_precision_to_string   (RpPrecision   v);
gboolean    rp_precision_from_string (const char   *s,
                                      RpPrecision  *out);
const char *rp_optimizer_to_string   (RpOptimizer   v);
gboolean    rp_optimizer_from_string (const char   *s,
                                      RpOptimizer  *out);
const char *rp_recompute_to_string   (RpRecompute   v);
gboolean    rp_recompute_from_string (const char   *s,
                                      RpRecompute  *out);
const char *rp_framework_to_string   (RpFramework   v);
gboolean    rp_framework_from_string (const char   *s,
                                      RpFramework  *out);
const char *rp_pipeline_schedule_to_string (RpPipelineSchedule v);
gboolean    rp_pipeline_schedule_from_string (const char         *s,
                                              RpPipelineSchedule *out);
const char *rp_reference_to_string   (RpReference   v);
gboolean    rp_reference_from_string (const char   *s,
                                      RpReference  *out);
const char *rp_offload_to_string     (RpOffload     v);
gboolean    rp_offload_from_string   (const char   *s,
                                      RpOffload    *out);
const char *rp_lora_targets_to_string (RpLoraTargets v);
gboolean    rp_lora_targets_from_string (const char  *s,
                                         RpLoraTargets *out);
const char *rp_link_to_string        (RpLink        v);
gboolean    rp_link_from_string      (const char   *s,
                                      RpLink       *out);
const char *rp_network_to_string     (RpNetwork     v);
gboolean    rp_network_from_string   (const char   *s,
                                      RpNetwork    *out);
const char *rp_storage_to_string     (RpStorage     v);
gboolean    rp_storage_from_string   (const char   *s,
                                      RpStorage    *out);
const char *rp_currency_to_string    (RpCurrency    v);
gboolean    rp_currency_from_string  (const char   *s,
                                      RpCurrency   *out);
const char *rp_rent_kind_to_string   (RpRentKind    v);
gboolean    rp_rent_kind_from_string (const char   *s,
                                      RpRentKind   *out);
const char *rp_acquire_to_string     (RpAcquire     v);
gboolean    rp_acquire_from_string   (const char   *s,
                                      RpAcquire    *out);

/* Helpers over the enums that several models need. */
gboolean    rp_model_kind_is_transformer (RpModelKind kind);
guint       rp_precision_weight_bytes    (RpPrecision p);  /* bytes/param of the copy the GPU computes with */

G_END_DECLS

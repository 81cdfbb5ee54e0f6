/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-catalog.h: the bundled and user catalogs of GPUs, cloud offers and
 * models (data/catalogs/NAME.json, $XDG_DATA_HOME/rigplan/NAME.json) */
#pragma once

#include "rp-accuracy.h"
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
  RP_STACK_CPU,                 /* a CPU measured by rigplan-probe: no runtime context */
  RP_N_STACKS
} RpStackKind;

typedef enum
{
  RP_SEGMENT_DATACENTER,
  RP_SEGMENT_WORKSTATION,
  RP_SEGMENT_CONSUMER,
  RP_N_SEGMENTS
} RpSegment;

/* Which GPUs of a node the GPU's own link (NVLink, Infinity Fabric)
 * joins: every one (NVSwitch on HGX/DGX baseboards, the OAM mesh), two
 * (bridged PCIe cards), or none (PCIe only).  UNKNOWN: the file does not
 * say, and Rigplan infers it (rp_explore_gpu_link). */
typedef enum
{
  RP_LINK_SCOPE_UNKNOWN,
  RP_LINK_SCOPE_NODE,
  RP_LINK_SCOPE_PAIR,
  RP_LINK_SCOPE_NONE,
  RP_N_LINK_SCOPES
} RpLinkScope;

/* What a GPU's sources say about a precision (rp_gpu_precision_support):
 * a spec no source gives is unknown, never "no". */
typedef enum
{
  RP_SUPPORT_UNKNOWN,           /* no source states it: the catalog lacks it */
  RP_SUPPORT_YES,
  RP_SUPPORT_NO,                /* a source says the GPU lacks it ("lacks") */
} RpSupport;

/* Precision bits in RpGpu.precisions and RpGpu.lacks. */
typedef enum
{
  RP_PREC_BIT_FP32 = 1u << 0,
  RP_PREC_BIT_TF32 = 1u << 1,
  RP_PREC_BIT_FP16 = 1u << 2,
  RP_PREC_BIT_BF16 = 1u << 3,
  RP_PREC_BIT_FP8  = 1u << 4,
} RpPrecisionBits;

/* The figures of a GPU entry a derivation may fill (RpGpu.derived): the
 * JSON key of each is rp_gpu_field_to_key(). */
typedef enum
{
  RP_GPU_FIELD_BANDWIDTH          = 1u << 0,   /* memory_bandwidth_gb_s */
  RP_GPU_FIELD_TFLOPS_FP32        = 1u << 1,
  RP_GPU_FIELD_TFLOPS_TF32        = 1u << 2,
  RP_GPU_FIELD_TFLOPS_FP16        = 1u << 3,
  RP_GPU_FIELD_TFLOPS_BF16        = 1u << 4,
  RP_GPU_FIELD_TFLOPS_FP8         = 1u << 5,
  RP_GPU_FIELD_PRECISIONS         = 1u << 6,   /* precisions and lacks */
  RP_GPU_FIELD_TDP                = 1u << 7,
  RP_GPU_FIELD_PCIE_GEN           = 1u << 8,
  RP_GPU_FIELD_COMPUTE_CAPABILITY = 1u << 9,   /* stack.compute_capability */
  RP_GPU_FIELD_INTERCONNECT       = 1u << 10,  /* interconnect_gb_s */
} RpGpuField;

#define RP_N_GPU_FIELDS 11

/* A figure the entry's own sources do not give, taken from a sibling part
 * with the same silicon (an A800 from the A100: the same GA100 chip), or
 * from another figure of the entry that a source says is equal (the
 * 910B's BF16 rate from its FP16 rate).  Only unknown figures are
 * filled; a figure the entry states is never replaced. */
typedef struct
{
  guint32  fields;              /* RpGpuField bits it fills */
  char    *from_gpu;            /* the sibling's id; NULL: @from_field of this entry */
  guint32  from_field;          /* one RpGpuField, when from_gpu is NULL */
  char    *why;                 /* English: "same GA100 chip; NVLink capped at 400 GB/s" */
  char    *why_zh;              /* may be NULL */
  char    *source;
  char    *source_kind;         /* may be NULL */
  gboolean applied;             /* loader state: the figures were taken */
  const void *from_entry;       /* borrowed RpGpu*: the sibling, once applied */
} RpGpuDerivation;

typedef struct
{
  char        *id;
  char        *name;
  char        *vendor;
  char        *generation;             /* "ampere", "hopper", "cdna3", … */
  RpGpuGen     gen;                    /* @generation resolved by the loader;
                                        * OTHER: read @generation */
  RpSegment    segment;
  double       memory_gib;
  double       memory_bandwidth_gb_s;
  /* Dense peak TFLOP/s; 0 where no source (and no derivation) gives it.
   * For GeForce cards fp16/bf16 is the FP32-accumulate rate. */
  double       tflops_fp32;
  double       tflops_tf32;
  double       tflops_fp16;
  double       tflops_bf16;
  double       tflops_fp8;
  guint32      precisions;             /* RpPrecisionBits a source says it has */
  guint32      lacks;                  /* RpPrecisionBits a source says it lacks */
  double       tdp_w;
  char        *interconnect;           /* "nvlink4", "pcie4", … may be NULL */
  RpLink       link;                   /* @interconnect resolved by the loader */
  int          link_state;             /* loader: 1 @link is @interconnect's,
                                        * -1 @interconnect names no link;
                                        * 0 (made by hand): read @interconnect */
  double       interconnect_gb_s;      /* per GPU, bidirectional; 0 = unknown */
  RpLinkScope  link_scope;
  int          pcie_p2p;               /* peer-to-peer over PCIe: 1, 0, -1 unknown */
  char        *link_source;            /* where link_scope and pcie_p2p come from */
  guint        pcie_gen;
  double       price_usd;              /* 0 = unknown */
  char        *price_source;
  char        *price_as_of;
  /* "launch", "list", "street", "listing" (a resale or marketplace
   * listing: the price one seller asks), …; may be NULL */
  char        *price_kind;
  RpStackKind  stack;
  char        *compute_capability;     /* CUDA only, "8.9" */
  char        *min_stack_version;      /* minimum CUDA/ROCm/… version */
  char        *source;
  char        *as_of;
  char        *notes;
  char        *source_kind;            /* "datasheet", "spec database", …; may be NULL */
  /* Words people search for it by ("4090D", "昇腾"); NULL-terminated,
   * empty (never NULL) when the file gives none. */
  char       **aliases;
  /* RpGpuDerivation*, owned, never NULL (empty when the file gives none) */
  GPtrArray   *derivations;
  guint32      derived;                /* RpGpuField bits a derivation filled */
  gboolean     measured;               /* added from a rigplan-probe measurement
                                        * ("measured": true): its figures are the
                                        * rates measured there, not a datasheet's */
  /* loader state (owned): what the catalog holds for this GPU, indexed
   * after every load (rp-gpu-index.h); NULL for a GPU made by hand */
  struct _RpGpuIndex *index;
} RpGpu;

/* Who rents the GPUs out; the kind of promise behind an offer. */
typedef enum
{
  RP_PROVIDER_HYPERSCALER,      /* AWS, Azure, GCP, Oracle, Alibaba, Tencent, … */
  RP_PROVIDER_GPU_CLOUD,        /* a company renting its own GPUs: Lambda, AutoDL, … */
  RP_PROVIDER_MARKETPLACE,      /* independent hosts listed by a broker: Vast.ai, … */
  RP_N_PROVIDER_CLASSES
} RpProviderClass;

/* How an offer's instances are billed. */
typedef enum
{
  RP_BILLING_INSTANCE,          /* the whole instance, whatever one uses of it */
  RP_BILLING_GPU,               /* by the card: N cards of one host, N × the price */
  RP_N_BILLINGS
} RpBilling;

/* Whether a provider is known: it publishes its prices and terms (a
 * source says so), or only third parties mention it. */
typedef enum
{
  RP_STANDING_UNKNOWN,
  RP_STANDING_KNOWN,
  RP_N_STANDINGS
} RpStanding;

/* A provider (clouds.json "providers"): its standing, with the source
 * that shows it. */
typedef struct
{
  char        *id;
  char        *name;                   /* as the offers' "provider" names it */
  RpStanding   standing;
  char        *source;
  char        *as_of;
  char        *source_kind;            /* may be NULL */
  char        *notes;                  /* may be NULL */
} RpProvider;

/* The most instance sizes (GPUs) one offer may list. */
#define RP_OFFER_MAX_SHAPES 8

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
  double      billing_granularity_s;   /* of the hourly kinds; 3600 = whole hours */
  char       *source;
  char       *as_of;
  char       *notes;
  RpProviderClass provider_class;      /* RP_PROVIDER_GPU_CLOUD when the file says none */
  char       *provider_zh;             /* the provider's Chinese name; may be NULL */
  char       *offer_zh;                /* the offer's Chinese name; may be NULL */
  char       *source_kind;             /* "list price", "market quote", …; may be NULL */
  char       *reliability;             /* a short English sentence; may be NULL */
  /* The instance's shape; 0 = not stated by the source. */
  guint       vcpus;
  double      ram_gb;
  double      disk_gb;
  gboolean    user;                    /* entered by the user ("user": true) */
  /* The instance sizes, in GPUs, sold at this price per GPU-hour
   * ("shapes"; [gpus_per_instance] when the file gives none), smallest
   * first, and how they are billed. */
  guint       shapes[RP_OFFER_MAX_SHAPES];
  guint       n_shapes;
  RpBilling   billing;
  /* For RP_BILLING_GPU: the most cards one host rents together
   * ("max_gpus_per_node"); 0 = the source does not say. */
  guint       max_gpus_per_node;
  /* The fabric between its instances ("network"), which a cluster rented
   * at this offer gets; RP_NETWORK_NONE = not stated. */
  RpNetwork   network;
  const RpProvider *provider_info;     /* borrowed; NULL when clouds.json has none */
} RpCloudOffer;

/* A dated purchase price (purchases.json): one card, or a whole server
 * (or 8-GPU platform) with @gpus_per_server of @gpu. */
typedef struct
{
  char        *id;
  char        *gpu;                    /* RpGpu id */
  RpCondition  condition;
  gboolean     server;                 /* TRUE: @price is for the whole server */
  guint        gpus_per_server;        /* 1 for a card */
  /* A server price that covers only the GPUs on their baseboard (an HGX
   * module), not the server around them: FALSE ("platform_included":
   * false); TRUE for every other server price and for cards. */
  gboolean     platform_included;
  RpCurrency   currency;
  double       price;                  /* in @currency, per card or per server */
  char        *source;
  char        *as_of;
  char        *source_kind;            /* "list price", "market quote", "press", … */
  char        *notes;                  /* may be NULL */
  char        *risk;                   /* what to check before buying; may be NULL */
  gboolean     user;                   /* entered by the user ("user": true) */
} RpPurchasePrice;

/* A published time-of-use tariff table (regions.json "tariff"): the
 * energy charge per kWh in each period, for one voltage class; 0 = not
 * stated.  The region's electricity_per_kwh is what a round-the-clock
 * load pays on it (its notes say how it was averaged). */
typedef struct
{
  char        *structure;              /* "two-part", "single"; NULL = not stated */
  char        *voltage;                /* "1-10 kV"; NULL = not stated */
  double       flat;
  double       peak;
  double       valley;
  double       sharp;                  /* the summer sharp peak */
  char        *period;                 /* the month the table is for, "2024-07" */
} RpTariff;

/* Where a machine would run: its electricity price and the usual data-
 * centre PUE there (regions.json).  0 = unknown for both doubles. */
typedef struct
{
  char        *id;
  char        *name;                   /* English */
  char        *name_zh;                /* may be NULL */
  char        *country;                /* ISO 3166 code; NULL for "other" */
  RpCurrency   currency;               /* of electricity_per_kwh */
  double       electricity_per_kwh;
  double       pue;                    /* facility power / IT power */
  /* The region whose electricity price stands in when this one states
   * none (a province without a published tariff: the national average);
   * NULL: the user types a price. */
  char        *electricity_fallback;
  char        *source;
  char        *as_of;
  char        *source_kind;
  char        *notes;
  RpTariff     tariff;                 /* all 0 / NULL when none is stored */
} RpRegion;

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
 * (the bundled directory: a missing file is an error), and mfu.json,
 * pricing.json, purchases.json, regions.json and accuracy.json where
 * present; else
 * every readable *.json of it as rp_catalog_load_default_full() does,
 * the first problem being the error.  Errors name the file, the JSON
 * path and the problem. */
gboolean             rp_catalog_load_dir         (RpCatalog   *self,
                                                  const char  *dir,
                                                  gboolean     required,
                                                  GError     **error);
/* Loads one file whose "format" says which catalog it is; entries with an
 * id already present replace the old entry (user overrides).  A file
 * with an error adds nothing.  A replaced entry stays alive, unlisted,
 * until the catalog is freed, so that estimates made before keep their
 * borrowed strings. */
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
/* Where the user's catalog files live: $RIGPLAN_USER_DATADIR, else
 * $XDG_DATA_HOME/rigplan (transfer full). */
char                *rp_catalog_user_dir          (void);
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
/* The offer's name to show: its Chinese name for a Chinese reader where
 * the catalog has one, else its name, else its id.  Borrowed. */
const char          *rp_cloud_offer_get_name      (const RpCloudOffer *offer);
/* The provider's name to show, likewise from "provider_zh".  Borrowed. */
const char          *rp_cloud_offer_get_provider  (const RpCloudOffer *offer);
const RpCloudOffer  *rp_catalog_get_cloud        (const RpCatalog *self,
                                                  guint            i);
const RpCloudOffer  *rp_catalog_lookup_cloud     (const RpCatalog *self,
                                                  const char      *id);
/* The offers that rent @gpu_id (RpCloudOffer*, borrowed), in catalog
 * order, or NULL when none does: an index built at load, so that a price
 * lookup reads only that GPU's offers. */
GPtrArray           *rp_catalog_gpu_offers       (const RpCatalog *self,
                                                  const char      *gpu_id);
guint                rp_catalog_n_providers      (const RpCatalog *self);
const RpProvider    *rp_catalog_get_provider     (const RpCatalog *self,
                                                  guint            i);

/* Whether the offer's provider is known (its record says it publishes
 * its prices and terms); the user's own offers are. */
gboolean             rp_cloud_offer_provider_known (const RpCloudOffer *offer);
/* The most GPUs one node rented from @offer holds: its largest instance,
 * or for an offer billed by the card, the cards one host rents together;
 * 0 when the source does not say (such an offer bounds nothing, and the
 * price is marked so). */
guint                rp_cloud_offer_max_gpus_per_node (const RpCloudOffer *offer);
/* The GPUs billed to run @nodes nodes of @gpus_per_node GPUs on @offer:
 * per node the smallest instance that holds it (whole instances are
 * billed), or the cards used for an offer billed by the card; 0 when a
 * node does not fit the largest instance. */
guint                rp_cloud_offer_billed_gpus    (const RpCloudOffer *offer,
                                                    guint               gpus_per_node,
                                                    guint               nodes);
/* "instance", "gpu" */
const char          *rp_billing_to_string          (RpBilling          v);
guint                rp_catalog_n_models         (const RpCatalog *self);
const RpModelPreset *rp_catalog_get_model        (const RpCatalog *self,
                                                  guint            i);
const RpModelPreset *rp_catalog_lookup_model     (const RpCatalog *self,
                                                  const char      *id);

guint                  rp_catalog_n_purchases   (const RpCatalog *self);
const RpPurchasePrice *rp_catalog_get_purchase  (const RpCatalog *self,
                                                 guint            i);
/* The card price (not a server's) for @gpu_id in @condition: among those
 * in @preferred currency if any, else among all, the one with the newest
 * as_of (the first in file order on a tie).  NULL if none.  Borrowed. */
const RpPurchasePrice *rp_catalog_find_purchase (const RpCatalog *self,
                                                 const char      *gpu_id,
                                                 RpCondition      condition,
                                                 RpCurrency       preferred);
/* The same for @gpu: a catalog GPU's prices are indexed when the
 * catalog loads (RpGpu.index); another (made by hand, a copy) is looked
 * up by its id. */
const RpPurchasePrice *rp_catalog_find_gpu_purchase (const RpCatalog *self,
                                                     const RpGpu     *gpu,
                                                     RpCondition      condition,
                                                     RpCurrency       preferred);

guint                  rp_catalog_n_regions     (const RpCatalog *self);
const RpRegion        *rp_catalog_get_region    (const RpCatalog *self,
                                                 guint            i);
const RpRegion        *rp_catalog_lookup_region (const RpCatalog *self,
                                                 const char      *id);

/* How far Rigplan has been from published measurements (accuracy.json),
 * or NULL if none: the figures then carry no band. */
const RpAccuracy    *rp_catalog_get_accuracy     (const RpCatalog *self);
/* The time model's utilisation parameters (mfu.json), or NULL if none. */
const RpMfuParams   *rp_catalog_get_mfu          (const RpCatalog *self);
/* The cost model's default prices (pricing.json), or NULL if none. */
const RpPricing     *rp_catalog_get_pricing      (const RpCatalog *self);

/* "node", "pair", "none" (UNKNOWN has no name) */
const char          *rp_link_scope_to_string       (RpLinkScope      v);

/* "new", "used", "ex-mining" */
const char          *rp_condition_to_string        (RpCondition      v);
gboolean             rp_condition_from_string      (const char      *s,
                                                    RpCondition     *out);
/* "hyperscaler", "gpu-cloud", "marketplace" */
const char          *rp_provider_class_to_string   (RpProviderClass  v);
gboolean             rp_provider_class_from_string (const char      *s,
                                                    RpProviderClass *out);

/* Dense peak TFLOP/s of @gpu for the GEMMs of @precision (derived ones
 * included); 0 if unsupported or unknown. */
double               rp_gpu_peak_tflops          (const RpGpu     *gpu,
                                                  RpPrecision      precision);
/* What the sources say of @precision on @gpu: NO when the entry "lacks"
 * it, YES when it lists it or states a rate, else UNKNOWN (the catalog
 * does not say; the user can add it). */
RpSupport            rp_gpu_precision_support    (const RpGpu     *gpu,
                                                  RpPrecision      precision);
/* Whether @gpu can be timed in @precision: supported, with a rate. */
gboolean             rp_gpu_supports_precision   (const RpGpu     *gpu,
                                                  RpPrecision      precision);
/* The RpGpuField of @precision's rate (RP_GPU_FIELD_TFLOPS_BF16, …). */
RpGpuField           rp_gpu_precision_field      (RpPrecision      precision);
/* "memory_bandwidth_gb_s", "tflops.bf16", …: a field's key in gpus.json. */
const char          *rp_gpu_field_to_key         (RpGpuField       field);
/* The derivation that filled @field of @gpu, or NULL when the figure is
 * the entry's own (or unknown). */
const RpGpuDerivation *rp_gpu_field_derivation   (const RpGpu     *gpu,
                                                  RpGpuField       field);
guint64              rp_gpu_memory_bytes         (const RpGpu     *gpu);
/* Whether @gpu is of generation @gen: RpGpu.gen where the loader
 * resolved it, else its generation string, ignoring case (a GPU made
 * by hand, or a user catalog's "Hopper"). */
gboolean             rp_gpu_generation_is        (const RpGpu     *gpu,
                                                  RpGpuGen         gen);
/* @gpu's own link (its interconnect) into @link: RpGpu.link where the
 * loader resolved it, else its interconnect string read now; FALSE
 * where it names none. */
gboolean             rp_gpu_link                 (const RpGpu     *gpu,
                                                  RpLink          *link);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpCatalog, rp_catalog_unref)

G_END_DECLS

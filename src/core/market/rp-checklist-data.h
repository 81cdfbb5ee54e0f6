/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-checklist-data.h: the rest of a buyer's checklist, as data
 *
 * checklist.json ("rigplan-checklist") holds the facts a careful buyer
 * checks beside memory, time and money, each with its source:
 *
 *  - drivers: the oldest Linux driver each CUDA release needs;
 *  - software: per GPU generation (and compute capabilities where one
 *    generation splits), the toolkit (CUDA, ROCm, CANN, Intel Gaudi
 *    software) and the PyTorch build it needs, the attention kernels that
 *    run on it, the low-precision formats its training libraries use, and
 *    the training frameworks that need a vendor's fork;
 *  - mains: per country, the single-phase voltage and a dedicated socket
 *    circuit's rating, with the share a continuous load may use;
 *  - noise: per kind of machine (servers.json shapes), how loud it is;
 *  - backup: the backup rule (3-2-1) and, per market, the object-storage
 *    prices of the off-site copy.
 *
 * Everything here is borrowed from the catalog; models/rp-checklist.c
 * turns it into figures and codes, words/ into sentences. */
#pragma once

#include "rp-market.h"

G_BEGIN_DECLS

/* A training framework that runs on a GPU only as its vendor's fork. */
typedef struct
{
  RpFramework  framework;
  char        *fork_of;                /* the upstream version forked: "0.14.4" */
} RpFrameworkFork;

typedef struct
{
  char            *id;
  char            *generation;         /* RpGpu.generation it covers */
  char           **compute_capabilities; /* NULL-terminated; empty: every one */
  char            *toolkit;            /* "CUDA", "ROCm", "CANN", … (a product name) */
  char            *toolkit_min;        /* may be NULL: the GPU's stack.min_version */
  char            *toolkit_dropped;    /* the first release without it; may be NULL */
  char            *framework;          /* "PyTorch", "torch_npu", … (a product name) */
  char            *framework_min;      /* may be NULL */
  char            *wheels_min;         /* the oldest PyTorch wheels built for it ("cu128") */
  char            *wheels_max;         /* the newest wheels still built for it ("cu126") */
  char            *pair_toolkit;       /* a toolkit and framework release known to */
  char            *pair_framework;     /* work together; both may be NULL */
  char           **attention;          /* NULL-terminated kernel ids ("flash-attention-2") */
  char           **low_precision;      /* NULL-terminated format names ("FP8") */
  RpFrameworkFork *forks;
  guint            n_forks;
  char            *source;
  char            *source_kind;        /* may be NULL */
  char            *as_of;
  char            *notes;              /* may be NULL */
} RpSoftware;

typedef struct
{
  char        *id;
  char       **countries;              /* NULL-terminated ISO 3166 codes */
  gboolean     is_default;             /* every country no other entry lists */
  double       volts;                  /* single-phase, nominal */
  double       circuit_amps;           /* a dedicated socket circuit */
  double       continuous_pct;         /* of it a load running for hours may use */
  char        *source;
  char        *source_kind;
  char        *as_of;
  char        *notes;
} RpMains;

typedef enum
{
  RP_NOISE_UNKNOWN,
  RP_NOISE_OFFICE,              /* a workstation: it may sit in an office */
  RP_NOISE_SERVER_ROOM,         /* a rack server: a server room or a datacenter */
  RP_NOISE_DATACENTER,          /* a whole rack: a datacenter */
  RP_N_NOISES
} RpNoiseClass;

typedef struct
{
  RpShapeKind  shape;
  RpNoiseClass noise;
  double       dba;                    /* sound pressure at a bystander; NAN unknown */
  char        *source;
  char        *source_kind;
  char        *as_of;
  char        *notes;
} RpNoise;

/* The object storage an off-site copy is kept in, in one market. */
typedef struct
{
  char        *market;                 /* RpMarket id */
  char        *provider;
  RpCurrency   currency;
  double       storage_gb_month;       /* per decimal GB and month */
  double       egress_gb;              /* per GB taken out to the internet */
  char        *source;
  char        *source_kind;
  char        *as_of;
  char        *notes;
} RpStoragePrice;

typedef struct
{
  char        *rule;                   /* "3-2-1" */
  guint        copies;                 /* 3: the data and two backups */
  guint        media;                  /* 2 kinds of media */
  guint        offsite;                /* 1 copy away from the machine's site */
  char        *source;
  char        *source_kind;
  char        *as_of;
  GPtrArray   *prices;                 /* RpStoragePrice*, owned */
} RpBackupRule;

/* The software entry of @gpu (its generation, and its compute capability
 * where entries split one), the last file's first; NULL when none. */
const RpSoftware     *rp_catalog_lookup_software   (const RpCatalog *self,
                                                    const RpGpu     *gpu);
/* The oldest Linux driver of CUDA @cuda ("12.8"): its own row, else the
 * row of the next release listed; NULL when none is that new. */
const char           *rp_catalog_cuda_driver       (const RpCatalog *self,
                                                    const char      *cuda);
/* The mains of @country (ISO 3166; NULL: the default entry). */
const RpMains        *rp_catalog_mains_for         (const RpCatalog *self,
                                                    const char      *country);
const RpNoise        *rp_catalog_noise_for         (const RpCatalog *self,
                                                    RpShapeKind      shape);
/* NULL when no checklist.json was read. */
const RpBackupRule   *rp_catalog_get_backup_rule   (const RpCatalog *self);
/* The price for @market_id, else the first listed; NULL when none. */
const RpStoragePrice *rp_backup_rule_price_for     (const RpBackupRule *rule,
                                                    const char         *market_id);
/* Whether @software lists kernel @id ("flash-attention-2"). */
gboolean              rp_software_has_kernel       (const RpSoftware *software,
                                                    const char       *id);
/* Whether a FlashAttention-class kernel (one that keeps the attention
 * scores out of memory the way FlashAttention does: FlashAttention 1-3,
 * PyTorch's SDPA flash kernel, the vendors' fused attention) runs. */
gboolean              rp_software_runs_flash       (const RpSoftware *software);

const char           *rp_noise_class_to_string     (RpNoiseClass      noise);

G_END_DECLS

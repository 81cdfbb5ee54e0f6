/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-accuracy.h: how far Rigplan's figures have been from published
 * measurements (data/catalogs/accuracy.json, "format": "rigplan-accuracy")
 *
 * tools/accuracy/accuracy.py writes the file from the cases that also
 * make docs/accuracy.md: per quantity (peak memory, throughput), for all
 * cases and for each training stack and model kind with enough of them,
 * the spread of the signed error e = predicted / reported − 1.  The
 * models turn it into a band around each figure (models/rp-bands.c);
 * this module only reads it. */
#pragma once

#include "rp-types.h"

G_BEGIN_DECLS

typedef enum
{
  RP_ACCURACY_MEMORY,           /* peak memory per GPU */
  RP_ACCURACY_THROUGHPUT,       /* tokens or samples per second (time is its inverse) */
  RP_N_ACCURACY_QUANTITIES
} RpAccuracyQuantity;

/* One group's spread of e: the 10th and 90th percentiles, the median,
 * from n published cases. */
typedef struct
{
  const char *group;            /* "all", "framework:megatron", "kind:moe"; owned by the data */
  guint       n;
  double      p10;
  double      p90;
  double      median;
} RpAccuracyBand;

typedef struct _RpAccuracy RpAccuracy;

void        rp_accuracy_free      (RpAccuracy         *self);

/* The band of @quantity for a run of @framework ("megatron", the stack's
 * file name) on a model of @kind ("moe"): the stack's group where the
 * file has it, else the kind's, else "all"; NULL when the file has no
 * band for the quantity. */
const RpAccuracyBand *
            rp_accuracy_lookup    (const RpAccuracy   *self,
                                   RpAccuracyQuantity  quantity,
                                   const char         *framework,
                                   const char         *kind);

/* rp_accuracy_lookup() of the stack's and the kind's names, from an
 * index built at load (no string work: every estimate asks). */
const RpAccuracyBand *
            rp_accuracy_lookup_for (const RpAccuracy   *self,
                                    RpAccuracyQuantity  quantity,
                                    RpFramework         framework,
                                    RpModelKind         kind);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpAccuracy, rp_accuracy_free)

G_END_DECLS

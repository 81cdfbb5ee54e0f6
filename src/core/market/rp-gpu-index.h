/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-gpu-index.h: what the catalog holds for each of its GPUs, resolved
 * after every load, so that an estimate reads it without a lookup by id */
#pragma once

#include "rp-catalog.h"
#include "rp-checklist-data.h"
#include "rp-market-private.h"

G_BEGIN_DECLS

/* RpGpu.index, owned by its GPU and filled by the catalog that lists it
 * (rp-catalog.c, refresh): the answers of the lookups by id, for that
 * catalog as it was at @stamp. */
typedef struct _RpGpuIndex
{
  const RpCatalog   *catalog;   /* the catalog that filled it */
  guint              stamp;     /* its load; older answers are stale */
  const RpGpu       *gpu;       /* the entry itself, not a copy of it */
  const RpGpuMarket *market;    /* rp_market_data_for_gpu(); may be NULL */
  GPtrArray         *purchases; /* the catalog's purchase prices of it; may be NULL */
  const RpSoftware  *software;  /* rp_checklist_data_find_software(); may be NULL */
} RpGpuIndex;

/* @gpu's index, or NULL where it does not answer for @self: a GPU made
 * by hand, a copy, an entry a later file replaced, another catalog's.
 * The callers below then look the answer up by id. */
const RpGpuIndex      *rp_catalog_gpu_index         (const RpCatalog *self,
                                                     const RpGpu     *gpu);
/* rp_market_data_for_gpu() of @gpu's id. */
const RpGpuMarket     *rp_catalog_gpu_market        (const RpCatalog *self,
                                                     const RpGpu     *gpu);

G_END_DECLS

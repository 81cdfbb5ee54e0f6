/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-words-market.h: the sentences about what the catalog knows of a GPU
 * and a market: unknown and derived figures, how a rent offer was chosen,
 * stale prices, the holes "catalog check" finds (rp-words-market.c) */
#pragma once

#include "rp-catalog-check.h"
#include "rp-prices.h"

G_BEGIN_DECLS

/* "memory bandwidth", "BF16 throughput", …: a GPU figure's name. */
const char *rp_words_gpu_field         (RpGpuField          field);
/* "BF16 support of the Huawei Ascend 910B is not in the catalog: …"
 * (the precision is neither listed nor lacked) or "The BF16 throughput
 * of … is not in the catalog: …" (listed without a rate): what is
 * unknown and which field to fill.  NULL when the GPU can be timed in
 * @precision or lacks it. */
char       *rp_words_precision_unknown (const RpGpu        *gpu,
                                        RpPrecision         precision);
/* "The memory bandwidth and BF16 throughput of the NVIDIA A800 80GB SXM4
 * are the NVIDIA A100 80GB SXM4's: same GA100 chip and memory; NVIDIA
 * capped only NVLink, at 400 GB/s."  One sentence per derivation the
 * entry took; NULL when it took none. */
char       *rp_words_gpu_derived       (const RpGpu        *gpu);
/* What the answer must say about how the rent offer was chosen
 * (RpPrices.rent_flags): the buyer's own quote; a provider of unknown
 * standing, and that it won on a margin over a known one; an instance
 * size the offer does not state; an offer too small for the node.  NULL
 * when there is nothing to say. */
char       *rp_words_rent_choice       (const RpPrices     *prices,
                                        const char         *gpu_name);
/* "rent (AutoDL RTX 4090, 2025-03, 21 months old)": one stale price. */
char       *rp_words_stale_price       (const RpStalePrice *stale);
/* One hole of "catalog check": "tflops.bf16 unknown", "price from 2022-07
 * (53 months old)", … */
char       *rp_words_catalog_hole      (const RpCatalogHole *hole);
/* "GPU", "offer", "purchase", "region": the kind of entry a hole is in. */
const char *rp_words_hole_entry        (RpHoleEntry         entry);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-words-checklist.h: the sentences of the rest of a buyer's checklist
 * (models/rp-checklist.h): the software stack, right-sizing, the room,
 * backups, where the data lives and a "new" card's price */
#pragma once

#include "rp-checklist.h"
#include "rp-estimate.h"

G_BEGIN_DECLS

/* The sentence of a checklist advice code; NULL for any other code. */
char *rp_words_checklist_advice (const RpWarning  *warning,
                                 const RpScenario *scenario,
                                 const RpCatalog  *catalog,
                                 const RpEstimate *estimate);
/* The software @gpu needs, for a launch config: "CUDA 12.8 or newer
 * (Linux driver 570.26 or newer), PyTorch 2.7 or newer (cu128 wheels)";
 * NULL when the catalog has no entry for it. */
char *rp_words_software_stack   (const RpCatalog  *catalog,
                                 const RpGpu      *gpu);
/* The attention kernel to ask for on @gpu: "FlashAttention 2
 * (attn_implementation=\"flash_attention_2\")" or "PyTorch SDPA …"; NULL
 * when the catalog has no entry for it. */
char *rp_words_attention_kernel (const RpCatalog  *catalog,
                                 const RpGpu      *gpu);

G_END_DECLS

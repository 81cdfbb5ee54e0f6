/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-words-changes.h: what an action changed in a scenario, in words
 * (rp-words-changes.c): the window's toast after Apply Fix or "Use this
 * machine" says it, with an Undo button. */
#pragma once

#include "rp-catalog.h"
#include "rp-scenario.h"

G_BEGIN_DECLS

/* How many changes rp_words_changes() names before "and N more". */
#define RP_WORDS_CHANGES_MAX_NAMED 2

/* "Method: LoRA → QLoRA", "GPU: NVIDIA GeForce RTX 4090 → NVIDIA H100
 * SXM5 80GB; GPUs per node: 1 → 8, and 2 more changes": the fields
 * that differ from @before to @after, with the field table's labels
 * and values as people read them.  NULL when nothing differs. */
char *rp_words_changes (const RpScenario *before,
                        const RpScenario *after,
                        const RpCatalog  *catalog);

G_END_DECLS

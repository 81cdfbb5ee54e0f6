/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-words.h: the sentences about a verdict, its constraints and its fix,
 * written once
 *
 * The window's banner, the CLI's first lines and the PDF's summary show
 * these very sentences (translated); none of them words a verdict or a
 * fix on its own. */
#pragma once

#include "rp-estimate.h"
#include "rp-planner.h"

G_BEGIN_DECLS

/* "Fits on NVIDIA A100 80GB SXM4", "Does not fit on …", "Fits, but
 * misses the deadline": the headline for the worst unmet constraint. */
char *rp_words_verdict_title       (const RpScenario *scenario,
                                    const RpEstimate *estimate);
/* The worst unmet constraint's sentence and its fix, or the memory
 * summary when every constraint holds. */
char *rp_words_verdict_detail      (const RpScenario *scenario,
                                    const RpCatalog  *catalog,
                                    const RpEstimate *estimate);
/* "Train with QLoRA on a 4-bit base model" (+ " and …" for a pair);
 * NULL when @fix found nothing to change. */
char *rp_words_fix_action          (const RpCatalog  *catalog,
                                    const RpFix      *fix);
/* "Fix: Train with QLoRA on a 4-bit base model (then 9.8 GiB per GPU,
 * 2.1 days, $120)."  NULL when there is no fix; the "nothing works"
 * sentence when the search found none. */
char *rp_words_fix_sentence        (const RpCatalog  *catalog,
                                    const RpEstimate *estimate);
/* The sentence of one judged constraint (filled into its message). */
char *rp_words_constraint          (RpConstraintCode  code,
                                    const RpConstraint *constraint,
                                    const RpScenario *scenario,
                                    const RpEstimate *estimate);
/* The constraint's short translated name ("Host RAM"). */
const char *rp_words_constraint_name (RpConstraintCode code);
/* The machine to get, as one paragraph a vendor can quote from: GPUs,
 * nodes, CPU cores and sockets (beside what the user entered), RAM,
 * NVMe, network, power and cooling. */
char *rp_words_machine             (const RpCatalog  *catalog,
                                    const RpBom      *bom);
/* The machine of a plan row: "4 × NVIDIA H100 SXM5 80GB", "16 × NVIDIA
 * H100 SXM5 80GB in 2 nodes". */
char *rp_words_plan_machine        (const RpPlanRow  *row);
/* One sentence on a row of a plan's answer: for the recommended row what
 * it is ("4 × H100 SXM rented on demand from Lambda: 5.2 days, $6,100,
 * 27 % headroom"); for the others how they compare with it ("8 × A100 is
 * 18 % cheaper but misses the deadline by 2.0 days"). */
char *rp_words_plan_row            (const RpPlan     *plan,
                                    const RpCatalog  *catalog,
                                    guint             kind,
                                    guint             index);
/* Why an answer (@kind) or the plan (@kind < 0) recommends nothing, as a
 * sentence; NULL when it does recommend. */
char *rp_words_plan_reason         (const RpPlan     *plan,
                                    const RpCatalog  *catalog,
                                    gint              kind);
/* The error as one sentence a person reads: the field's label instead of
 * its key ("Layers: expected a whole number from 1 to 10,000"). */
char *rp_words_error               (const GError     *error);

G_END_DECLS

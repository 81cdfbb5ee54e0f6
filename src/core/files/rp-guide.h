/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-guide.h: the sizing guide, computed live
 *
 * One row per kind of training (image classification, detection, BERT
 * fine-tune, 7B LoRA on one card, 7B/13B full fine-tune, 70B LoRA, SDXL,
 * 1B and 7B pretraining): a bundled scenario (data/guide/NAME.rigplan, each
 * with its sources in a "guide" object) planned by rp_plan_compute() for
 * the machine to rent and the machine to buy.  No figure is typed in. */
#pragma once

#include "rp-decision.h"
#include "rp-planner.h"

G_BEGIN_DECLS

/* The deadline the guide plans with when none is given: a week, a
 * planning horizon Rigplan chooses (without one, the cheapest machine to
 * buy that fits may take a year). */
#define RP_GUIDE_DEFAULT_DEADLINE_DAYS 7.0

typedef struct
{
  char       *id;               /* owned: the file's name without .rigplan */
  char       *title;            /* owned: translated where Rigplan knows the row */
  char       *sources;          /* owned: where the scenario's shape comes from */
  RpScenario *scenario;         /* owned */
  RpPlan     *plan;             /* owned; NULL until rp_guide_compute() */
  RpDecision *decision;         /* owned: the one answer on the plan; NULL until then */
} RpGuideRow;

typedef struct
{
  GPtrArray  *rows;             /* RpGuideRow*, owned, in the files' "order" */
} RpGuide;

/* Where the bundled guide lives: $RIGPLAN_GUIDEDIR, else "guide" beside
 * the catalogs' directory (rp_catalog_default_dir). */
char        *rp_guide_default_dir (void);
/* Every *.rigplan in @dir; errors name the file and the key. */
RpGuide     *rp_guide_load        (const char       *dir,
                                   GError          **error);
/* Plans every row in @currency, with a run budget (and capital limit)
 * of @budget and a deadline of @deadline_days (NAN: none).  @progress
 * gets the share of rows done. */
gboolean     rp_guide_compute     (RpGuide          *guide,
                                   const RpCatalog  *catalog,
                                   RpCurrency        currency,
                                   double            budget,
                                   double            deadline_days,
                                   GCancellable     *cancellable,
                                   RpPlanProgress    progress,
                                   gpointer          progress_data,
                                   GError          **error);
char        *rp_guide_to_json     (const RpGuide    *guide,
                                   const RpCatalog  *catalog);
void         rp_guide_free        (RpGuide          *guide);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpGuide, rp_guide_free)

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-plan-memo.h: the planner's memory figures, shared between GPUs
 *
 * The memory model reads a GPU's stack and the fixed bytes of its
 * generation and link (rp_memory_model_gpu_fixed), not its speed or
 * price, and its capacity only to judge the figure and to page a paged
 * optimizer.  GPU types of one kind, on
 * machines of one shape, hold the same bytes at every setting: the
 * planner estimates them once and judges each card's capacity itself,
 * as the memory model's headroom() does.  tests/test-planner.c
 * (/planner/memo-equals-model) runs the model on every setting the memo
 * answers, for every example, and fails on any difference. */
#pragma once

#include "rp-catalog.h"
#include "rp-memory-model.h"
#include "rp-scenario.h"

G_BEGIN_DECLS

typedef struct _RpPlanMemo RpPlanMemo;

/* What the memory model said of one setting on one kind of machine. */
typedef struct
{
  double total_bytes;
  double total_high_bytes;      /* the band's high end */
  double fixed_bytes;           /* what does not grow: context, workspace, NCCL */
} RpPlanMemoFigures;

RpPlanMemo *rp_plan_memo_new          (void);
void        rp_plan_memo_free         (RpPlanMemo              *memo);

/* The kind of @machine (a moved scenario) on @gpu: machines of one kind
 * share their figures.  @own: the scenario's own GPU, which keeps the
 * user's typed figures and is a kind of its own.  Never 0. */
guint64     rp_plan_memo_kind         (RpPlanMemo              *memo,
                                       const RpScenario        *machine,
                                       const RpGpu             *gpu,
                                       const RpCatalog         *catalog,
                                       gboolean                 own);

/* The figures of @training's setting on a machine of @kind; FALSE when
 * not known yet. */
gboolean    rp_plan_memo_lookup       (const RpPlanMemo        *memo,
                                       guint64                  kind,
                                       const RpTraining        *training,
                                       RpPlanMemoFigures       *out);
void        rp_plan_memo_store        (RpPlanMemo              *memo,
                                       guint64                  kind,
                                       const RpTraining        *training,
                                       const RpPlanMemoFigures *figures);

/* The figures of @memory. */
void        rp_plan_memo_figures_of   (const RpMemoryEstimate  *memory,
                                       RpPlanMemoFigures       *out);

/* Whether @figures fit @gpu with @required_headroom_pct, as the memory
 * model's verdict (RP_VERDICT_FITS) and, where @growth_factor > 0, the
 * growth check (rp_memory_grown_bytes) judge them. */
gboolean    rp_plan_memo_fits         (const RpPlanMemoFigures *figures,
                                       const RpGpu             *gpu,
                                       double                   required_headroom_pct,
                                       double                   growth_factor);

G_END_DECLS

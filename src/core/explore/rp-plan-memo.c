/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-plan-memo.c: the planner's memory figures, shared between GPUs
 *
 * A kind is what the memory model reads of the GPU (its stack, the
 * fixed bytes its generation and link give: rp_memory_model_gpu_fixed;
 * its capacity only where the optimizer pages: rp-memory-model.c,
 * page_optimizer) with the machine's shape and calibration.  Each kind's figures live in one block
 * indexed by the setting; past max_bytes of blocks a new kind gets none
 * (its settings are estimated every time), so that a catalog of any
 * size keeps the planner's memory bounded. */

#include "config.h"

#include "rp-plan-memo.h"

#include "rp-calibrated.h"

#include <string.h>

/* The settings the planner searches (rp-planner.c): tensor and pipeline
 * parallel 1, 2, 4, 8, sequence parallel with tensor parallel, ZeRO 0-3,
 * every recomputation, micro batches 1 … 256; the micro batch varies
 * fastest, as the search tries them. */
#define N_SPLITS 4
#define N_ZERO 4
#define N_MICRO 9
#define N_SETTINGS (N_SPLITS * N_SPLITS * N_ZERO * RP_N_RECOMPUTES * N_MICRO)

/* The figures of one kind: 24 bytes and a flag a setting, 70 KiB. */
typedef struct
{
  RpPlanMemoFigures figures[N_SETTINGS];
  guint8            known[N_SETTINGS];
} Block;

/* 32 MiB at most: the kinds beyond are estimated every time */
static const gsize max_bytes = 32 * 1024 * 1024;

struct _RpPlanMemo
{
  GHashTable *kinds;            /* char* → guint64 (as a pointer) */
  GPtrArray  *blocks;           /* Block* of kind i + 1, NULL once over max_bytes */
};

/* ---- helpers -------------------------------------------------------- */

/* log2 of a power of two below 2^@n, else -1 */
static inline int
exponent (guint value,
          guint n)
{
  if (value == 0 || (value & (value - 1)) != 0 || value >= 1u << n)
    return -1;
  return __builtin_ctz (value);
}

/* The setting's place in a block, or -1 where it is not one the
 * planner searches. */
static int
setting_index (const RpTraining *t)
{
  int tp = exponent (t->tensor_parallel, N_SPLITS), pp = exponent (t->pipeline_parallel, N_SPLITS);
  int mb = exponent (t->micro_batch, N_MICRO);

  if (tp < 0 || pp < 0 || mb < 0 || t->zero_stage >= N_ZERO ||
      (guint) t->recompute >= RP_N_RECOMPUTES || !t->sequence_parallel != !(tp > 0))
    return -1;
  return (((tp * N_SPLITS + pp) * N_ZERO + (int) t->zero_stage) * RP_N_RECOMPUTES +
          (int) t->recompute) * N_MICRO + mb;
}

static Block *
block_of (const RpPlanMemo *memo,
          guint64           kind)
{
  if (kind == 0 || kind > memo->blocks->len)
    return NULL;
  return g_ptr_array_index (memo->blocks, kind - 1);
}

/* ---- public API ----------------------------------------------------- */

RpPlanMemo *
rp_plan_memo_new (void)
{
  RpPlanMemo *memo = g_new0 (RpPlanMemo, 1);

  memo->kinds = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  memo->blocks = g_ptr_array_new_with_free_func (g_free);
  return memo;
}

void
rp_plan_memo_free (RpPlanMemo *memo)
{
  if (memo == NULL)
    return;
  g_hash_table_unref (memo->kinds);
  g_ptr_array_unref (memo->blocks);
  g_free (memo);
}

guint64
rp_plan_memo_kind (RpPlanMemo       *memo,
                   const RpScenario *machine,
                   const RpGpu      *gpu,
                   const RpCatalog  *catalog,
                   gboolean          own)
{
  const RpTraining *t = &machine->training;
  const RpHardware *hw = &machine->hardware;
  gboolean paged = t->optimizer == RP_OPTIMIZER_ADAMW_8BIT_PAGED;
  g_autoptr(GString) key = g_string_new (NULL);
  double context, workspace, comm;
  gpointer found;
  guint64 kind;

  g_return_val_if_fail (memo != NULL && machine != NULL && gpu != NULL, 0);

  /* what the memory model reads of the GPU: its stack, the runtime's
   * context, the workspace and the collective buffers on this machine's
   * link (rp_memory_model_gpu_fixed), its capacity (the verdict, judged
   * here, and the paged optimizer) and the user's calibration on it */
  rp_memory_model_gpu_fixed (gpu, hw->intra_link, rp_scenario_n_gpus (machine), &context,
                             &workspace, &comm);
  g_string_append_printf (key, "%d|%a|%a|%a|%p|%s|%a|", gpu->stack, context, workspace, comm,
                          (const void *) rp_calibration_for (catalog, machine, gpu),
                          own ? gpu->id : "", paged ? gpu->memory_gib : 0.0);
  /* what the moved scenarios differ in (rp_explore_move) that the model
   * reads: the shape (the data-parallel size, one GPU or several); the
   * scenario's own GPU keeps the user's figures, and is a kind of its own */
  g_string_append_printf (key, "%u|%u", hw->gpus_per_node, hw->nodes);
  if (g_hash_table_lookup_extended (memo->kinds, key->str, NULL, &found))
    return GPOINTER_TO_SIZE (found);
  g_ptr_array_add (memo->blocks, (memo->blocks->len + 1) * sizeof (Block) <= max_bytes
                                 ? g_new0 (Block, 1) : NULL);
  kind = memo->blocks->len;
  g_hash_table_insert (memo->kinds, g_string_free (g_steal_pointer (&key), FALSE),
                       GSIZE_TO_POINTER (kind));
  return kind;
}

gboolean
rp_plan_memo_lookup (const RpPlanMemo  *memo,
                     guint64            kind,
                     const RpTraining  *training,
                     RpPlanMemoFigures *out)
{
  const Block *block = block_of (memo, kind);
  int i;

  if (block == NULL || (i = setting_index (training)) < 0 || !block->known[i])
    return FALSE;
  *out = block->figures[i];
  return TRUE;
}

void
rp_plan_memo_store (RpPlanMemo              *memo,
                    guint64                  kind,
                    const RpTraining        *training,
                    const RpPlanMemoFigures *figures)
{
  Block *block = block_of (memo, kind);
  int i;

  if (block == NULL || (i = setting_index (training)) < 0)
    return;
  block->figures[i] = *figures;
  block->known[i] = TRUE;
}

void
rp_plan_memo_figures_of (const RpMemoryEstimate *memory,
                         RpPlanMemoFigures      *out)
{
  out->total_bytes = memory->total_bytes;
  out->total_high_bytes = memory->total_high_bytes;
  /* rp_memory_grown_bytes's sum, in its order */
  out->fixed_bytes = memory->cuda_context_bytes + memory->workspace_bytes + memory->nccl_bytes;
}

gboolean
rp_plan_memo_fits (const RpPlanMemoFigures *f,
                   const RpGpu             *gpu,
                   double                   required_headroom_pct,
                   double                   growth_factor)
{
  /* rp-memory-model.c, headroom(): the same expressions in the same order */
  double capacity = (double) rp_gpu_memory_bytes (gpu);
  double free_bytes = capacity - f->total_bytes;
  double headroom_pct = capacity > 0 ? 100.0 * free_bytes / capacity : -100.0;
  double usable = capacity * (1 - required_headroom_pct / 100);

  if (free_bytes < 0 || f->total_high_bytes > usable || headroom_pct < required_headroom_pct)
    return FALSE;
  /* rp_memory_grown_bytes () against the usable memory (rp-constraints.c) */
  return !(growth_factor > 0) ||
         f->fixed_bytes + (f->total_bytes - f->fixed_bytes) * growth_factor <=
         capacity * (1 - required_headroom_pct / 100);
}

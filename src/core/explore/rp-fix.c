/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-fix.c: the change an experienced engineer would make
 *
 * Steps are tried in the order of RpFixStep, which is the order of cost
 * to the user: settings first (micro batch, recomputation, a chunked or
 * cut cross-entropy loss), then
 * numerics (8-bit optimizer states, Dettmers et al. 2022; pure BF16 for
 * the vision and diffusion models where the method is standard), then
 * sharding (ZeRO, Rajbhandari et al. 2020, only with several
 * data-parallel GPUs), then the training method (LoRA, Hu et al. 2021;
 * QLoRA, Dettmers et al. 2023, before any offload on one card), then
 * offload (ZeRO-Offload, Ren et al. 2021, only where host RAM allows),
 * then money: more GPUs of the same kind, a larger GPU.  Fewer steps beat
 * more, except that two steps that keep the training method and the
 * machine beat one that changes either (8-bit states with ZeRO-3 before
 * QLoRA for a full fine-tune).
 *
 * The search is fast by three shortcuts that do not change its answer
 * (test-fix-search holds it to rp_fix_search_exhaustive on every
 * scenario): it stops once a clean change of an earlier tier is found
 * (settled), runs the memory model alone before a full estimate
 * (rp_fix_may_fit; a change of the settings alone goes on from that
 * memory to the estimate the search reads, rp_fix_estimate_change), and
 * makes a machine change only when it comes to estimate it
 * (variant_new_machine). */

#include "config.h"

#include "rp-fix.h"
#include "rp-fix-private.h"

#include "rp-edit.h"
#include "rp-explore.h"
#include "rp-explore-private.h"
#include "rp-links.h"
#include "rp-memory-model.h"
#include "rp-model.h"
#include "rp-prices.h"
#include "rp-scenario.h"
#include "rp-units.h"
#include "rp-stack.h"

#include <math.h>
#include <string.h>

/* Advice that a change caused, not the run: a fix must not bring any. */
static const RpAdvice config_warnings[] = {
  RP_ADVICE_ZERO_SINGLE_GPU, RP_ADVICE_OFFLOAD_PARAMS_NEEDS_ZERO3,
  RP_ADVICE_PCIE_TENSOR_PARALLEL, RP_ADVICE_SLOW_NETWORK, RP_ADVICE_PRECISION_UNSUPPORTED,
};

/* The largest GPU count the search spreads a run over. */
static const guint max_fix_gpus = 1024;
/* Two machine changes whose runs cost within this share of each other
 * cost the same (prices are not known closer than that). */
static const double same_cost_share = 0.02;

/* ---- private structs ------------------------------------------------ */

typedef struct _Spare Spare;

/* A stack of pointers: the search's lists and pools, pushed and popped
 * a few dozen times a search, where GPtrArray's checks and free
 * functions cost more than the work (what the list owns is said where
 * it is declared). */
typedef struct
{
  gpointer *items;
  guint     len;
  guint     size;
} List;

typedef struct
{
  RpScenario *scenario;               /* owned */
  guint       n_steps;
  RpFixStep   steps[RP_FIX_MAX_STEPS];
  guint       values[RP_FIX_MAX_STEPS];
  guint       tier;                   /* tier_of() its steps */
  const char *gpu;                    /* the catalog's: the larger GPU */
  gboolean    lent;                   /* the scenario's strings are another's */
  gboolean    fits;                   /* passed the memory screen already */
  gboolean    moved;                  /* on another machine than the plan's */
  Spare      *spare;                  /* borrowed: where its memory goes back */
  /* a machine change the fast search makes when it estimates it (the
   * scenario is NULL until then): move_to (to_from, to_gpu, to_count) */
  const RpScenario *to_from;          /* borrowed: the scenario it changes */
  const RpGpu      *to_gpu;
  guint             to_count;
  gboolean          to_shard;
} Variant;

typedef struct
{
  const RpScenario *base;
  const RpCatalog  *catalog;
  const RpEstimate *base_est;
  RpConstraintCode  target;
  RpEstimate       *scratch;          /* the spare's: the change being weighed */
  RpEstimate       *other;            /* the spare's other, while best_est is NULL */
  Variant          *best;             /* owned */
  RpEstimate       *best_est;         /* the spare's; NULL while best is */
  gboolean          best_clean;
  gboolean          ordered_found;    /* an ordered step already solved */
  gboolean          exhaustive;       /* every step and variant estimated in full */
  RpMemoryEstimate  memory;           /* scratch of the memory screen */
  List             *variants;         /* the spare's: the changes of the step tried */
  RpMemoryPrepared *plan_memory;      /* owned: the plan's machine; NULL until asked */
} Search;

/* What a thread's searches reuse, so that a search allocates no estimate
 * (4 kB each, zeroed) and no list: the two estimates a search swaps (the
 * best change's and the one it weighs), its two lists, empty, and the
 * variants and scenario copies that earlier changes left. */
struct _Spare
{
  RpEstimate  estimates[2];
  List        variants;               /* Variant, owned; NULL where taken */
  List        singles;                /* Variant, owned */
  List        free_variants;          /* Variant, unused */
  List        free_copies;            /* RpScenario's size, unused */
};

typedef void (*Generator) (Search        *search,
                           const Variant *from,
                           List          *out);

static guint step_tier (RpFixStep step);

/* ---- variants ------------------------------------------------------- */

static inline void
list_add (List     *list,
          gpointer  item)
{
  if (G_UNLIKELY (list->len == list->size))
    {
      list->size = MAX (16, list->size * 2);
      list->items = g_renew (gpointer, list->items, list->size);
    }
  list->items[list->len++] = item;
}

/* A block of @size from @pool (one it holds, else a new one). */
static gpointer
pool_take (List  *pool,
           gsize  size)
{
  if (pool->len > 0)
    return pool->items[--pool->len];
  return g_malloc (size);
}

/* A scenario copy_of() gave, not used after all. */
static void
drop_copy (const Variant *from,
           RpScenario    *copy)
{
  list_add (&from->spare->free_copies, copy);
}

static void
variant_free (gpointer data)
{
  Variant *v = data;

  if (v == NULL)
    return;
  if (v->lent && v->scenario != NULL)
    list_add (&v->spare->free_copies, v->scenario);
  else if (!v->lent)
    rp_scenario_free (v->scenario);
  if (v->spare != NULL)
    list_add (&v->spare->free_variants, v);
  else
    g_free (v);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Variant, variant_free)

/* Empties @list of the variants it owns. */
static void
list_clear_variants (List *list)
{
  for (guint i = 0; i < list->len; i++)
    variant_free (list->items[i]);
  list->len = 0;
}

/* Frees @list and the blocks it holds (g_free). */
static void
list_free_blocks (List *list)
{
  for (guint i = 0; i < list->len; i++)
    g_free (list->items[i]);
  g_free (list->items);
  list->items = NULL;
  list->len = list->size = 0;
}

/* @from's scenario (a copy, transfer full to the caller's variant) with
 * one more step; @lent when the copy's strings are @from's (copy_of). */
static Variant *
variant_new_full (const Variant *from,
                  RpScenario    *scenario,
                  gboolean       lent,
                  RpFixStep      step,
                  guint          value)
{
  Variant *v = pool_take (&from->spare->free_variants, sizeof *v);

  *v = *from;
  v->scenario = scenario;
  v->lent = lent;
  v->fits = FALSE;
  v->moved = from->moved || !lent;
  v->to_from = NULL;
  v->to_gpu = NULL;
  g_assert (v->n_steps < RP_FIX_MAX_STEPS);
  v->steps[v->n_steps] = step;
  v->values[v->n_steps] = value;
  v->n_steps++;
  v->tier = MAX (from->tier, step_tier (step));
  return v;
}

/* A change of the settings: @scenario is a copy_of() @from. */
static Variant *
variant_new (const Variant *from,
             RpScenario    *scenario,
             RpFixStep      step,
             guint          value)
{
  return variant_new_full (from, scenario, TRUE, step, value);
}

/* A change of the machine: @scenario is rp_explore_move()'s. */
static Variant *
variant_new_moved (const Variant *from,
                   RpScenario    *scenario,
                   RpFixStep      step,
                   guint          value)
{
  return variant_new_full (from, scenario, FALSE, step, value);
}

/* @from's scenario to change a number or a choice of: its strings (the
 * GPU, the model, the prices' sources …) stay @from's, which outlives
 * the variants made from it (the start is the caller's scenario, a
 * single change lives as long as the search), so a change costs no deep
 * copy.  Give it to variant_new(), or back with drop_copy(). */
static RpScenario *
copy_of (const Variant *from)
{
  RpScenario *copy = pool_take (&from->spare->free_copies, sizeof *copy);

  memcpy (copy, from->scenario, sizeof *copy);
  return copy;
}

static const RpModelArch *
arch_of (const Search *search)
{
  return &search->base_est->arch;
}

/* ---- generators: memory --------------------------------------------- */

static void
gen_micro_batch (Search        *search,
                 const Variant *from,
                 List          *out)
{
  for (guint mb = from->scenario->training.micro_batch / 2; mb >= 1; mb /= 2)
    {
      RpScenario *s = copy_of (from);

      s->training.micro_batch = mb;
      list_add (out, variant_new (from, s, RP_FIX_STEP_SMALLER_MICRO_BATCH, mb));
    }
}

static void
gen_recompute (Search        *search,
               const Variant *from,
               List          *out)
{
  gboolean transformer = rp_model_kind_is_transformer (arch_of (search)->kind);

  for (RpRecompute r = from->scenario->training.recompute + 1; r < RP_N_RECOMPUTES; r++)
    {
      RpScenario *s = copy_of (from);

      /* every n-th layer is a tuning knob between the others */
      if (r == RP_RECOMPUTE_EVERY_NTH)
        {
          drop_copy (from, s);
          continue;
        }
      s->training.recompute = r;
      /* for other models only a measured "full" changes anything */
      if (!transformer && !rp_memory_model_recompute_counts (s, arch_of (search)))
        {
          drop_copy (from, s);
          continue;
        }
      list_add (out, variant_new (from, s, RP_FIX_STEP_RECOMPUTE, r));
    }
}

/* A loss that holds less of the vocabulary-sized logits: torchtune's
 * chunked cross-entropy, then Cut Cross-Entropy (Wijmans et al. 2025),
 * whichever is lighter than what the stack does now (rp-stack.c). */
static void
gen_loss (Search        *search,
          const Variant *from,
          List          *out)
{
  /* in order of what they hold: full 4 + 8, fused 4 + 2, chunked 4 + 8/8,
   * cut none (bytes per logit, saved + transient; rp-memory-model.c) */
  static const RpLoss by_weight[] = { RP_LOSS_FULL, RP_LOSS_FUSED, RP_LOSS_CHUNKED, RP_LOSS_CUT };
  RpStack stack;
  guint now = 0;

  if (!rp_model_kind_is_transformer (arch_of (search)->kind) ||
      arch_of (search)->kind == RP_MODEL_KIND_VIT)
    return;
  rp_stack_resolve (from->scenario, &stack);
  while (now < G_N_ELEMENTS (by_weight) && by_weight[now] != stack.loss)
    now++;
  for (guint i = MAX (now + 1, 2); i < G_N_ELEMENTS (by_weight); i++)
    {
      RpScenario *s = copy_of (from);

      s->training.loss = by_weight[i];
      list_add (out, variant_new (from, s, RP_FIX_STEP_LOSS, by_weight[i]));
    }
}

/* Preference training without the frozen copy on the GPU: TRL's
 * precompute_ref_log_probs runs the reference over the dataset once
 * before training (DPOConfig documentation): the same forward FLOPs,
 * no reference weights while training. */
static void
gen_reference (Search        *search,
               const Variant *from,
               List          *out)
{
  RpScenario *s;

  (void) search;
  if (from->scenario->training.reference_model != RP_REFERENCE_ON_GPU)
    return;
  s = copy_of (from);
  s->training.reference_model = RP_REFERENCE_PRECOMPUTED;
  list_add (out, variant_new (from, s, RP_FIX_STEP_REFERENCE, 0));
}

static void
gen_optimizer_8bit (Search        *search,
                    const Variant *from,
                    List          *out)
{
  RpScenario *s;

  if (from->scenario->training.optimizer != RP_OPTIMIZER_ADAMW)
    return;
  s = copy_of (from);
  s->training.optimizer = RP_OPTIMIZER_ADAMW_8BIT;
  list_add (out, variant_new (from, s, RP_FIX_STEP_OPTIMIZER_8BIT, 0));
}

/* Pure BF16 is the standard recipe where the models train stably in it:
 * image models and diffusion U-Nets (diffusers and timm train them in
 * bf16); for language models it changes the optimizer's numerics and is
 * not proposed. */
static void
gen_pure_bf16 (Search        *search,
               const Variant *from,
               List          *out)
{
  RpModelKind kind = arch_of (search)->kind;
  RpScenario *s;

  if (kind != RP_MODEL_KIND_CNN && kind != RP_MODEL_KIND_DIFFUSION_UNET &&
      kind != RP_MODEL_KIND_VIT)
    return;
  if (from->scenario->training.precision == RP_PRECISION_BF16_PURE ||
      !rp_gpu_supports_precision (search->base_est->gpu, RP_PRECISION_BF16_PURE))
    return;
  s = copy_of (from);
  s->training.precision = RP_PRECISION_BF16_PURE;
  list_add (out, variant_new (from, s, RP_FIX_STEP_PURE_BF16, 0));
}

static void
gen_zero (Search        *search,
          const Variant *from,
          List          *out)
{
  if (rp_scenario_data_parallel (from->scenario) < 2)
    return;   /* ZeRO shards over data-parallel GPUs */
  for (guint stage = from->scenario->training.zero_stage + 1; stage <= 3; stage++)
    {
      RpScenario *s = copy_of (from);

      s->training.zero_stage = stage;
      list_add (out, variant_new (from, s, RP_FIX_STEP_ZERO_STAGE, stage));
    }
}

static gboolean
can_adapt (const Search  *search,
           const Variant *from)
{
  RpMethod method = from->scenario->training.method;

  /* adapters change what is trained: fine-tuning only */
  return rp_model_kind_is_transformer (arch_of (search)->kind) &&
         (method == RP_METHOD_FULL_FINETUNE || method == RP_METHOD_LORA);
}

static void
gen_method (Search        *search,
            const Variant *from,
            RpMethod       method,
            RpFixStep      step,
            List          *out)
{
  RpScenario *s;

  if (!can_adapt (search, from) || from->scenario->training.method >= method)
    return;
  s = copy_of (from);
  s->training.method = method;
  list_add (out, variant_new (from, s, step, s->training.lora_rank));
}

static void
gen_lora (Search        *search,
          const Variant *from,
          List          *out)
{
  gen_method (search, from, RP_METHOD_LORA, RP_FIX_STEP_LORA, out);
}

static void
gen_qlora (Search        *search,
           const Variant *from,
           List          *out)
{
  gen_method (search, from, RP_METHOD_QLORA, RP_FIX_STEP_QLORA, out);
}

static void
gen_offload (Search        *search,
             const Variant *from,
             List          *out)
{
  for (RpOffload o = from->scenario->training.offload + 1; o < RP_N_OFFLOADS; o++)
    {
      RpScenario *s = copy_of (from);

      s->training.offload = o;
      if (o == RP_OFFLOAD_OPTIMIZER_AND_PARAMS)
        s->training.zero_stage = 3;   /* parameter offload is ZeRO-3's (ZeRO-Infinity) */
      list_add (out, variant_new (from, s, RP_FIX_STEP_OFFLOAD, o));
    }
}

/* ---- generators: machines ------------------------------------------- */

static void
shard_states (RpScenario *s,
              gboolean    shard)
{
  if (shard && s->training.zero_stage == 0 && rp_scenario_data_parallel (s) >= 2)
    s->training.zero_stage = 3;
}

/* @from on @count GPUs of @gpu, with the global batch raised when it
 * cannot feed them and ZeRO-3 when the states are not sharded yet.
 * With @screen, NULL also where the memory model rules the machine out
 * (rp_fix_may_fit): it is placed on a flat copy first and copied only
 * when it may fit, since most of a catalog's GPUs do not. */
static RpScenario *
move_to (Search           *search,
         const RpScenario *from,
         const RpGpu      *gpu,
         guint             count,
         gboolean          shard,
         gboolean          screen)
{
  RpScenario wider = *from;             /* its strings are @from's */
  RpScenario placed;
  guint per = 0, nodes = 0;
  RpScenario *moved;

  if (!rp_explore_layout (&wider, count, &per, &nodes))
    return NULL;
  wider.training.global_batch = MAX (wider.training.global_batch,
                                     count / MAX (wider.training.tensor_parallel *
                                                  wider.training.pipeline_parallel, 1));
  if (screen)
    {
      /* the architecture rp_explore_move() resolves: the model is the plan's */
      if (!rp_explore_place (&placed, &wider, arch_of (search), gpu, per, nodes))
        return NULL;
      shard_states (&placed, shard);
      if (!rp_fix_may_fit (&placed, search->catalog, arch_of (search), &search->memory))
        return NULL;
    }
  moved = rp_explore_move (&wider, search->catalog, gpu, per, nodes);
  if (moved != NULL)
    shard_states (moved, shard);
  return moved;
}

/* Whether the scenario's nodes wait on their network (the estimate's
 * slow-network advice) and @from still links them with it: more nodes on
 * that network only wait longer. */
static gboolean
network_bound (const Search  *search,
               const Variant *from)
{
  return search->base->hardware.nodes > 1 &&
         from->scenario->hardware.network == search->base->hardware.network &&
         rp_estimate_has_advice (search->base_est, RP_ADVICE_SLOW_NETWORK);
}

/* @from on @count GPUs of @gpu (move_to()), or NULL where that is no
 * machine.  The fast search makes the move when it estimates the change
 * (make_move()): most of a catalog's GPUs stop at the memory screen, and
 * an ordered step stops at the first change that solves; a change whose
 * move proves impossible then solves nothing. */
static Variant *
variant_new_machine (Search        *search,
                     const Variant *from,
                     const RpGpu   *gpu,
                     guint          count,
                     gboolean       shard,
                     RpFixStep      step,
                     guint          value)
{
  RpScenario *s;
  Variant *v;

  if (!search->exhaustive)
    {
      v = variant_new_moved (from, NULL, step, value);
      v->to_from = from->scenario;
      v->to_gpu = gpu;
      v->to_count = count;
      v->to_shard = shard;
      return v;
    }
  s = move_to (search, from->scenario, gpu, count, shard, FALSE);
  return s != NULL ? variant_new_moved (from, s, step, value) : NULL;
}

/* Makes @v's machine change, screened; FALSE when it is no machine or
 * does not fit. */
static gboolean
make_move (Search  *search,
           Variant *v)
{
  v->scenario = move_to (search, v->to_from, v->to_gpu, v->to_count, v->to_shard, TRUE);
  v->fits = TRUE;
  return v->scenario != NULL;
}

static void
gen_more_gpus (Search        *search,
               const Variant *from,
               List          *out)
{
  guint n = rp_scenario_n_gpus (from->scenario);
  gboolean shard = search->target == RP_CONSTRAINT_VRAM ||
                   search->target == RP_CONSTRAINT_GROWTH;

  for (guint count = n * 2; count <= max_fix_gpus; count *= 2)
    {
      guint per = 0, nodes = 0;
      Variant *v;

      /* more nodes on the network the run waits on only wait longer (the
       * moved scenario has the layout's nodes) */
      if (rp_explore_layout (from->scenario, count, &per, &nodes) &&
          network_bound (search, from) && nodes > from->scenario->hardware.nodes)
        continue;
      v = variant_new_machine (search, from, search->base_est->gpu, count, shard,
                               RP_FIX_STEP_MORE_GPUS, count);
      if (v != NULL)
        list_add (out, v);
    }
}

/* A network-bound run on fewer of the same nodes: what the GPUs lose in
 * numbers they win back in not waiting (every halving down to one node,
 * where NVLink or PCIe carries all of it). */
static void
gen_fewer_nodes (Search        *search,
                 const Variant *from,
                 List          *out)
{
  const RpHardware *hw = &from->scenario->hardware;

  if (!network_bound (search, from))
    return;
  for (guint nodes = hw->nodes / 2; nodes >= 1; nodes /= 2)
    {
      RpScenario *s = move_to (search, from->scenario, search->base_est->gpu,
                               hw->gpus_per_node * nodes, FALSE, FALSE);

      if (s != NULL)
        list_add (out, variant_new_moved (from, s, RP_FIX_STEP_FEWER_NODES, nodes));
    }
}

/* A GPU's purchase price in the plan's market, to rank the larger ones:
 * a dated price in the plan's currency and condition (what the buyer
 * pays there), else the GPU's own USD price, else any dated price;
 * converted to the plan's currency. */
static double
purchase_price (const Search *search,
                const RpGpu  *gpu)
{
  const RpBudget *b = &search->base->budget;
  double rate = rp_prices_usd_to_cny (search->base, search->catalog);
  const RpPurchasePrice *p = rp_catalog_find_purchase (search->catalog, gpu->id, b->condition,
                                                       b->currency);

  if (p == NULL && b->condition != RP_CONDITION_NEW)
    p = rp_catalog_find_purchase (search->catalog, gpu->id, RP_CONDITION_NEW, b->currency);
  if (p != NULL && p->currency == b->currency)
    return p->price;
  if (gpu->price_usd > 0)
    return rp_units_convert_money (gpu->price_usd, RP_CURRENCY_USD, b->currency, rate);
  if (p != NULL)
    return rp_units_convert_money (p->price, p->currency, b->currency, rate);
  return INFINITY;
}

/* A GPU and its purchase_price(), looked up once before sorting. */
typedef struct
{
  const RpGpu *gpu;
  double       price;
} Priced;

static int
compare_price (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  const Priced *ga = *(const Priced * const *) a, *gb = *(const Priced * const *) b;
  double pa = ga->price, pb = gb->price;

  (void) user_data;
  if (pa != pb)
    return pa < pb ? -1 : 1;
  return ga->gpu->memory_gib < gb->gpu->memory_gib ? -1
                                                   : ga->gpu->memory_gib > gb->gpu->memory_gib;
}

/* The cheapest larger GPUs first (unknown prices last). */
static void
gen_larger_gpu (Search        *search,
                const Variant *from,
                List          *out)
{
  const RpGpu *own = search->base_est->gpu;
  g_autoptr(GPtrArray) larger = g_ptr_array_new ();
  g_autofree Priced *priced = g_new (Priced, rp_catalog_n_gpus (search->catalog));
  guint n = rp_scenario_n_gpus (from->scenario);

  for (guint i = 0; i < rp_catalog_n_gpus (search->catalog); i++)
    {
      const RpGpu *g = rp_catalog_get_gpu (search->catalog, i);
      Priced *p = &priced[larger->len];

      if (g->memory_gib > own->memory_gib &&
          rp_gpu_supports_precision (g, from->scenario->training.precision))
        {
          p->gpu = g;
          p->price = purchase_price (search, g);
          g_ptr_array_add (larger, p);
        }
    }
  /* the same sort of the same pointers as before the prices were kept */
  g_ptr_array_sort_with_data (larger, compare_price, NULL);
  for (guint i = 0; i < larger->len; i++)
    {
      const RpGpu *g = ((const Priced *) g_ptr_array_index (larger, i))->gpu;
      Variant *v = variant_new_machine (search, from, g, n, FALSE, RP_FIX_STEP_LARGER_GPU,
                                        (guint) g->memory_gib);

      if (v == NULL)
        continue;
      v->gpu = g->id;
      list_add (out, v);
    }
}

/* ---- generators: the other constraints ------------------------------ */

/* The network a cluster of this GPU is built with (rp-links.h). */
static void
gen_network (Search        *search,
             const Variant *from,
             List          *out)
{
  const RpGpu *gpu = search->base_est->gpu;
  RpNetwork network = rp_network_for_gpu (gpu);
  RpScenario *s;

  if (network == from->scenario->hardware.network)
    return;
  s = copy_of (from);
  s->hardware.network = network;
  list_add (out, variant_new (from, s, RP_FIX_STEP_NETWORK, network));
}

/* A faster network only for a run that waits on its own. */
static void
gen_faster_network (Search        *search,
                    const Variant *from,
                    List          *out)
{
  if (network_bound (search, from))
    gen_network (search, from, out);
}

/* The largest tensor split that divides the heads, fits a node and,
 * with the largest pipeline split the layers allow, divides the GPUs. */
static void
gen_split (Search        *search,
           const Variant *from,
           List          *out)
{
  const RpModelArch *arch = arch_of (search);
  const RpScenario *f = from->scenario;
  guint n = rp_scenario_n_gpus (f);
  gboolean transformer = rp_model_kind_is_transformer (arch->kind);
  RpScenario *s;

  for (guint tp = transformer ? f->training.tensor_parallel : 1; tp >= 1; tp--)
    for (guint pp = transformer ? f->training.pipeline_parallel : 1; pp >= 1; pp--)
      {
        if (tp > f->hardware.gpus_per_node || n % (tp * pp) != 0 ||
            (transformer && (arch->heads % tp != 0 || pp > rp_model_total_layers (arch))))
          continue;
        if (tp == f->training.tensor_parallel && pp == f->training.pipeline_parallel)
          return;
        s = copy_of (from);
        s->training.tensor_parallel = tp;
        s->training.pipeline_parallel = pp;
        s->training.sequence_parallel = s->training.sequence_parallel && tp > 1;
        list_add (out, variant_new (from, s, RP_FIX_STEP_PARALLEL_SPLIT, tp));
        return;
      }
}

static void
gen_precision (Search        *search,
               const Variant *from,
               List          *out)
{
  static const RpPrecision preferred[] = {
    RP_PRECISION_BF16_MIXED, RP_PRECISION_FP16_MIXED, RP_PRECISION_FP32,
  };

  for (guint i = 0; i < G_N_ELEMENTS (preferred); i++)
    if (preferred[i] != from->scenario->training.precision &&
        rp_gpu_supports_precision (search->base_est->gpu, preferred[i]))
      {
        RpScenario *s = copy_of (from);

        s->training.precision = preferred[i];
        list_add (out, variant_new (from, s, RP_FIX_STEP_PRECISION, preferred[i]));
        return;
      }
}

static void
gen_host_ram (Search        *search,
              const Variant *from,
              List          *out)
{
  guint gb = search->base_est->bom.ram_gb_per_node;
  RpScenario *s;

  if (gb <= from->scenario->hardware.ram_gb_per_node)
    return;
  s = copy_of (from);
  s->hardware.ram_gb_per_node = gb;
  list_add (out, variant_new (from, s, RP_FIX_STEP_HOST_RAM, gb));
}

static void
gen_cpu_cores (Search        *search,
               const Variant *from,
               List          *out)
{
  guint cores = search->base_est->bom.cpu_cores_per_node;
  RpScenario *s;

  if (cores <= from->scenario->hardware.cpu_cores_per_node)
    return;
  s = copy_of (from);
  s->hardware.cpu_cores_per_node = cores;
  list_add (out, variant_new (from, s, RP_FIX_STEP_CPU_CORES, cores));
}

static void
gen_storage (Search        *search,
             const Variant *from,
             List          *out)
{
  static const RpStorage faster[] = {
    RP_STORAGE_SATA_SSD, RP_STORAGE_NVME_GEN3, RP_STORAGE_NVME_GEN4, RP_STORAGE_NVME_GEN5,
  };
  double now = rp_storage_read_bytes_s (from->scenario->hardware.storage);

  for (guint i = 0; i < G_N_ELEMENTS (faster); i++)
    if (rp_storage_read_bytes_s (faster[i]) > now)
      {
        RpScenario *s = copy_of (from);

        s->hardware.storage = faster[i];
        list_add (out, variant_new (from, s, RP_FIX_STEP_STORAGE, faster[i]));
      }
}

/* ---- the steps of each constraint ----------------------------------- */

typedef struct
{
  RpFixStep step;
  Generator generate;
  gboolean  ordered;            /* the first variant that solves is the one */
  gboolean  fallback;           /* tried only when no earlier step solved */
} StepInfo;

static const StepInfo memory_steps[] = {
  { RP_FIX_STEP_SMALLER_MICRO_BATCH, gen_micro_batch, FALSE },
  { RP_FIX_STEP_RECOMPUTE, gen_recompute, FALSE },
  { RP_FIX_STEP_LOSS, gen_loss, FALSE },
  { RP_FIX_STEP_REFERENCE, gen_reference, FALSE },
  { RP_FIX_STEP_OPTIMIZER_8BIT, gen_optimizer_8bit, FALSE },
  { RP_FIX_STEP_PURE_BF16, gen_pure_bf16, FALSE },
  { RP_FIX_STEP_ZERO_STAGE, gen_zero, FALSE },
  { RP_FIX_STEP_LORA, gen_lora, FALSE },
  { RP_FIX_STEP_QLORA, gen_qlora, FALSE },
  { RP_FIX_STEP_OFFLOAD, gen_offload, FALSE },
  { RP_FIX_STEP_MORE_GPUS, gen_more_gpus, TRUE },
  { RP_FIX_STEP_LARGER_GPU, gen_larger_gpu, TRUE },
};

/* Buying for the models to come: cards with more memory ("need 40 GB,
 * buy 80 GB"), the cheapest first; more cards of the same kind only when
 * no larger card will do, since the models outgrow a card's memory, not
 * the number of cards. */
static const StepInfo growth_steps[] = {
  { RP_FIX_STEP_LARGER_GPU, gen_larger_gpu, TRUE, FALSE },
  { RP_FIX_STEP_MORE_GPUS, gen_more_gpus, TRUE, TRUE },
};

/* A run that waits on its network is brought together or linked faster
 * before it is spread wider, and never over more nodes on that network;
 * which of them is kept is what it costs (better()). */
static const StepInfo deadline_steps[] = {
  { RP_FIX_STEP_FEWER_NODES, gen_fewer_nodes, FALSE },
  { RP_FIX_STEP_NETWORK, gen_faster_network, TRUE },
  { RP_FIX_STEP_MORE_GPUS, gen_more_gpus, TRUE },
};
static const StepInfo network_steps[] = { { RP_FIX_STEP_NETWORK, gen_network, TRUE } };
static const StepInfo split_steps[] = { { RP_FIX_STEP_PARALLEL_SPLIT, gen_split, TRUE } };
static const StepInfo precision_steps[] = { { RP_FIX_STEP_PRECISION, gen_precision, TRUE } };
static const StepInfo host_ram_steps[] = { { RP_FIX_STEP_HOST_RAM, gen_host_ram, TRUE } };
static const StepInfo cpu_steps[] = { { RP_FIX_STEP_CPU_CORES, gen_cpu_cores, TRUE } };
static const StepInfo storage_steps[] = { { RP_FIX_STEP_STORAGE, gen_storage, TRUE } };

static const StepInfo *
steps_for (const RpEstimate *est,
           RpConstraintCode  code,
           guint            *n)
{
#define STEPS(list) (*n = G_N_ELEMENTS (list), list)
  switch (code)
    {
    case RP_CONSTRAINT_PARALLELISM:
      switch (est->constraints[code].reason)
        {
        case RP_PARALLEL_NO_NETWORK:
          return STEPS (network_steps);
        case RP_PARALLEL_PRECISION:
          return STEPS (precision_steps);
        default:
          return STEPS (split_steps);
        }
    case RP_CONSTRAINT_VRAM:
      return STEPS (memory_steps);
    case RP_CONSTRAINT_HOST_RAM:
      return STEPS (host_ram_steps);
    case RP_CONSTRAINT_DEADLINE:
      return STEPS (deadline_steps);
    case RP_CONSTRAINT_CPU_FEED:
      return STEPS (cpu_steps);
    case RP_CONSTRAINT_STORAGE_FEED:
      return STEPS (storage_steps);
    case RP_CONSTRAINT_GROWTH:
      return STEPS (growth_steps);
    case RP_CONSTRAINT_RUN_BUDGET:
    case RP_CONSTRAINT_CAPITAL:
    case RP_N_CONSTRAINTS:
    default:
      *n = 0;
      return NULL;
    }
#undef STEPS
}

/* ---- evaluating ----------------------------------------------------- */

static gboolean
fails (const RpEstimate *est,
       RpConstraintCode  code)
{
  return est->constraints[code].judged && !est->constraints[code].ok;
}

static gboolean
solves (const Search     *search,
        const RpEstimate *est)
{
  if (fails (est, RP_CONSTRAINT_PARALLELISM) || fails (est, RP_CONSTRAINT_VRAM))
    return FALSE;
  return !fails (est, search->target);
}

/* Nothing the change broke: no limit of the machine newly exceeded, and
 * no advice about a setting that does not suit it. */
static gboolean
is_clean (const Search     *search,
          const RpEstimate *est)
{
  static const RpConstraintCode machine[] = {
    RP_CONSTRAINT_HOST_RAM, RP_CONSTRAINT_CPU_FEED, RP_CONSTRAINT_STORAGE_FEED,
  };

  for (guint i = 0; i < G_N_ELEMENTS (machine); i++)
    if (fails (est, machine[i]) && !fails (search->base_est, machine[i]))
      return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (config_warnings); i++)
    if (rp_estimate_has_advice (est, config_warnings[i]) &&
        !rp_estimate_has_advice (search->base_est, config_warnings[i]))
      return FALSE;
  return TRUE;
}

/* A step's place in the engineer's order: its index among the memory
 * steps (new steps are appended to RpFixStep but tried where they
 * belong), the other constraints' steps after them. */
static guint
step_rank (RpFixStep step)
{
  for (guint i = 0; i < G_N_ELEMENTS (memory_steps); i++)
    if (memory_steps[i].step == step)
      return i;
  return G_N_ELEMENTS (memory_steps) + (guint) step;
}

/* The steps that change the machine rather than the settings: among
 * them the cheapest way out wins, not the first in the engineer's order. */
static gboolean
costs_money (RpFixStep step)
{
  return step == RP_FIX_STEP_MORE_GPUS || step == RP_FIX_STEP_LARGER_GPU ||
         step == RP_FIX_STEP_NETWORK || step == RP_FIX_STEP_FEWER_NODES;
}

/* Each step's tier: its step_rank(), the machine's changes all at the
 * rank of more GPUs (one tier, weighed by cost).  A table made once
 * (make_step_tiers(), before any search), since better() and settled()
 * ask for it on every change. */
static guint step_tiers[RP_N_FIX_STEPS];

static void
make_step_tiers (void)
{
  static gsize made = 0;

  if (g_once_init_enter (&made))
    {
      for (guint s = 0; s < RP_N_FIX_STEPS; s++)
        step_tiers[s] = costs_money (s) ? step_rank (RP_FIX_STEP_MORE_GPUS) : step_rank (s);
      g_once_init_leave (&made, 1);
    }
}

static guint
step_tier (RpFixStep step)
{
  return step_tiers[step];
}

static guint
tier (const Variant *v)
{
  return v->tier;
}

/* Whether @v changes only settings, numerics and sharding: what is
 * trained and on which machine stay as the user chose. */
static gboolean
keeps_method (const Variant *v)
{
  return tier (v) < step_rank (RP_FIX_STEP_LORA);
}

/* Whether @step can no longer give a better fix: the best so far is one
 * clean change of an earlier tier, and better() ranks the steps of a
 * later tier below it whatever they do (pairs are not tried then). */
static gboolean
settled (const Search *search,
         RpFixStep     step)
{
  return !search->exhaustive && search->best != NULL && search->best_clean &&
         search->best->n_steps == 1 && step_tier (step) > tier (search->best);
}

static double
run_cost (const RpEstimate *est,
          gboolean         *is_rent)
{
  *is_rent = est->cost.rent_available && est->cost.run_available;
  if (*is_rent)
    return est->cost.rent_total;
  if (est->cost.buy_available && est->cost.run_available)
    return est->cost.buy_total;
  return NAN;
}

/* What a machine's change costs the user: the capital when they buy
 * (what they must find the money for), else this run rented. */
static double
weighed_cost (const Search     *search,
              const RpEstimate *est)
{
  gboolean rent;

  if (search->base->budget.acquire == RP_ACQUIRE_BUY && est->cost.buy_available)
    return est->cost.buy_capital;
  return run_cost (est, &rent);
}

/* Is the candidate (@v, @est, @clean) better than the best so far? */
static gboolean
better (const Search     *search,
        const Variant    *v,
        const RpEstimate *est,
        gboolean          clean)
{
  const Variant *b = search->best;
  const RpEstimate *be = search->best_est;
  double days_a, days_b, cost_a, cost_b;

  if (b == NULL)
    return TRUE;
  if (clean != search->best_clean)
    return clean;
  /* changes that keep the training method and the machine beat one
   * that changes either, however many: ZeRO-3 with 8-bit states before
   * turning a full fine-tune into QLoRA */
  if (keeps_method (v) != keeps_method (b))
    return keeps_method (v);
  if (v->n_steps != b->n_steps)
    return v->n_steps < b->n_steps;
  if (tier (v) != tier (b))
    return tier (v) < tier (b);
  cost_a = weighed_cost (search, est);
  cost_b = weighed_cost (search, be);
  /* a machine's change is weighed by what the run then costs; at the
   * same cost, fewer nodes are less to set up and to go wrong */
  if (costs_money (v->steps[v->n_steps - 1]) && costs_money (b->steps[b->n_steps - 1]) &&
      isfinite (cost_a) && isfinite (cost_b))
    {
      if (fabs (cost_a - cost_b) > same_cost_share * MAX (cost_a, cost_b))
        return cost_a < cost_b;
      if (v->scenario->hardware.nodes != b->scenario->hardware.nodes)
        return v->scenario->hardware.nodes < b->scenario->hardware.nodes;
    }
  days_a = est->compute.computed ? est->compute.days : INFINITY;
  days_b = be->compute.computed ? be->compute.days : INFINITY;
  if (days_a != days_b)
    return days_a < days_b;
  if (est->memory.headroom_pct != be->memory.headroom_pct)
    return est->memory.headroom_pct > be->memory.headroom_pct;
  return cost_a < cost_b;
}

/* The memory model prepared for the plan's machine, which every change
 * of the settings keeps: made when the first such change is weighed
 * (a search of the machine's changes needs none). */
static const RpMemoryPrepared *
plan_memory (Search *search)
{
  if (search->plan_memory == NULL)
    search->plan_memory = rp_memory_prepared_new (search->base, search->catalog,
                                                  arch_of (search), search->base_est->gpu);
  return search->plan_memory;
}

/* Estimates @v; keeps it (taking it over) when it solves the constraint
 * better than the best so far.  TRUE when it solves. */
static gboolean
evaluate (Search  *search,
          Variant *v)
{
  gboolean clean;
  RpEstimate *swap;

  if (v->scenario == NULL && !make_move (search, v))
    return FALSE;
  if (!search->exhaustive && !v->moved)
    {
      /* the plan's machine: screened and estimated in one */
      if (!rp_fix_estimate_change (v->scenario, search->catalog, search->base_est,
                                   plan_memory (search), search->scratch))
        return FALSE;
    }
  else if ((!search->exhaustive && !v->fits &&
            !rp_fix_may_fit (v->scenario, search->catalog, arch_of (search), &search->memory)) ||
           !rp_estimate_compute (v->scenario, search->catalog, search->scratch, NULL))
    return FALSE;
  if (!solves (search, search->scratch))
    return FALSE;
  clean = is_clean (search, search->scratch);
  if (better (search, v, search->scratch, clean))
    {
      variant_free (search->best);
      search->best = pool_take (&v->spare->free_variants, sizeof *v);
      *search->best = *v;
      /* @v is an empty shell now, back to the spare when the step ends */
      memset (v, 0, sizeof *v);
      v->spare = search->best->spare;
      search->best_clean = clean;
      swap = search->best_est != NULL ? search->best_est : search->other;
      search->best_est = search->scratch;
      search->scratch = swap;
    }
  return TRUE;
}

/* Runs @info's generator on @from and evaluates what it gives; the
 * variants that did not solve are added to @tried (for pairs). */
static void
try_step (Search         *search,
          const StepInfo *info,
          const Variant  *from,
          List           *tried)
{
  List *variants = search->variants;

  info->generate (search, from, variants);
  for (guint i = 0; i < variants->len; i++)
    {
      Variant *v = variants->items[i];

      if (evaluate (search, v))
        {
          if (info->ordered)
            break;
          continue;
        }
      /* a change that did not solve is as it was generated: @tried takes it */
      if (tried != NULL)
        {
          list_add (tried, v);
          variants->items[i] = NULL;
        }
    }
  list_clear_variants (variants);
}

/* Whether @pair could be better() than the clean fix @best, before its
 * estimate: better() weighs these three first. */
static gboolean
may_beat (const Variant *pair,
          const Variant *best)
{
  if (keeps_method (pair) != keeps_method (best))
    return keeps_method (pair);
  if (pair->n_steps != best->n_steps)
    return pair->n_steps < best->n_steps;
  return tier (pair) <= tier (best);
}

/* Two steps: each single change that did not suffice, strongest setting
 * of its step only, followed by every later step. */
static void
try_pairs (Search         *search,
           const StepInfo *steps,
           guint           n_steps,
           const List     *singles)
{
  for (guint i = 0; i < singles->len; i++)
    {
      const Variant *a = singles->items[i];
      const Variant *next = i + 1 < singles->len ? singles->items[i + 1] : NULL;

      /* the strongest setting is the last one its step generated */
      if (next != NULL && next->steps[0] == a->steps[0])
        continue;
      if (a->steps[0] == RP_FIX_STEP_MORE_GPUS || a->steps[0] == RP_FIX_STEP_LARGER_GPU)
        continue;
      for (guint k = 0; k < n_steps; k++)
        {
          const Variant pair = { NULL, 2, { a->steps[0], steps[k].step }, { 0 },
                                 MAX (a->tier, step_tier (steps[k].step)), NULL };

          if (steps[k].step <= a->steps[0] ||
              (a->steps[0] == RP_FIX_STEP_LORA && steps[k].step == RP_FIX_STEP_QLORA))
            continue;
          if (!search->exhaustive && search->best != NULL && search->best_clean &&
              !may_beat (&pair, search->best))
            continue;
          try_step (search, &steps[k], a, NULL);
        }
    }
}

static void
fill_fix (const Search *search,
          RpFix        *fix)
{
  const Variant *b = search->best;
  const RpEstimate *e = search->best_est;

  fix->status = RP_FIX_FOUND;
  fix->n_steps = b->n_steps;
  memcpy (fix->steps, b->steps, sizeof fix->steps);
  memcpy (fix->values, b->values, sizeof fix->values);
  fix->gpu = g_strdup (b->gpu);
  fix->changes = rp_scenario_diff (search->base, b->scenario);
  fix->memory_total_bytes = e->memory.total_bytes;
  fix->headroom_pct = e->memory.headroom_pct;
  fix->days = e->compute.computed ? e->compute.days : NAN;
  fix->cost = run_cost (e, &fix->cost_is_rent);
}

static void
spare_free (gpointer data)
{
  Spare *spare = data;

  rp_estimate_clear (&spare->estimates[0]);
  rp_estimate_clear (&spare->estimates[1]);
  list_clear_variants (&spare->variants);
  list_clear_variants (&spare->singles);
  g_free (spare->variants.items);
  g_free (spare->singles.items);
  list_free_blocks (&spare->free_variants);
  list_free_blocks (&spare->free_copies);
  g_free (spare);
}

static GPrivate thread_spare = G_PRIVATE_INIT (spare_free);

/* The thread's spare, taken (a search within a search gets its own). */
static Spare *
spare_take (void)
{
  Spare *spare = g_private_get (&thread_spare);

  if (spare == NULL)
    {
      spare = g_new0 (Spare, 1);
    }
  g_private_set (&thread_spare, NULL);
  return spare;
}

/* Gives @spare back to the thread, emptied of this search's changes. */
static void
spare_return (Spare *spare)
{
  list_clear_variants (&spare->variants);
  list_clear_variants (&spare->singles);
  if (g_private_get (&thread_spare) == NULL)
    g_private_set (&thread_spare, spare);
  else
    spare_free (spare);
}

static void
search_fix (const RpScenario *scenario,
            const RpCatalog  *catalog,
            RpEstimate       *est,
            gboolean          exhaustive)
{
  Search search = { scenario, catalog, est, 0, NULL, NULL, NULL, NULL, FALSE, FALSE, exhaustive };
  Spare *spare;
  List *singles;
  const StepInfo *steps;
  Variant start = { (RpScenario *) scenario, 0, { 0 }, { 0 }, 0, NULL };
  RpConstraintCode code;
  guint n_steps = 0;

  g_return_if_fail (scenario != NULL && catalog != NULL && est != NULL);

  make_step_tiers ();
  rp_fix_clear (&est->fix);
  if (rp_estimate_get_worst (est, &code) == NULL || est->gpu == NULL)
    return;
  est->fix.constraint = code;
  steps = steps_for (est, code, &n_steps);
  if (steps == NULL)
    return;
  search.target = code;
  spare = spare_take ();
  search.scratch = &spare->estimates[0];
  search.other = &spare->estimates[1];
  search.variants = &spare->variants;
  singles = &spare->singles;
  start.spare = spare;
  for (guint k = 0; k < n_steps; k++)
    if ((!steps[k].fallback || search.best == NULL) && !settled (&search, steps[k].step))
      try_step (&search, &steps[k], &start, singles);
  /* pairs when no single change is clean, or when two that keep the
   * method may beat the single one found */
  if (search.best == NULL || !search.best_clean || !keeps_method (search.best))
    try_pairs (&search, steps, n_steps, singles);
  if (search.best != NULL && search.best_clean)
    fill_fix (&search, &est->fix);
  else
    est->fix.status = RP_FIX_NOTHING_WORKS;
  variant_free (search.best);
  g_clear_pointer (&search.plan_memory, rp_memory_prepared_free);
  spare_return (spare);
}

/* ---- public API ----------------------------------------------------- */

void
rp_fix_search (const RpScenario *scenario,
               const RpCatalog  *catalog,
               RpEstimate       *est)
{
  search_fix (scenario, catalog, est, FALSE);
}

void
rp_fix_search_exhaustive (const RpScenario *scenario,
                          const RpCatalog  *catalog,
                          RpEstimate       *est)
{
  search_fix (scenario, catalog, est, TRUE);
}

RpScenario *
rp_fix_apply (const RpScenario *scenario,
              const RpCatalog  *catalog,
              const RpFix      *fix,
              GError          **error)
{
  g_return_val_if_fail (scenario != NULL && catalog != NULL && fix != NULL, NULL);

  if (fix->status != RP_FIX_FOUND || fix->changes == NULL)
    return rp_scenario_copy (scenario);
  return rp_scenario_edit_all (scenario, catalog, fix->changes, error);
}

gboolean
rp_fix_estimate (const RpScenario *scenario,
                 const RpCatalog  *catalog,
                 RpEstimate       *out,
                 GError          **error)
{
  g_return_val_if_fail (scenario != NULL && catalog != NULL && out != NULL, FALSE);

  if (!rp_estimate_compute (scenario, catalog, out, error))
    return FALSE;
  rp_fix_search (scenario, catalog, out);
  return TRUE;
}

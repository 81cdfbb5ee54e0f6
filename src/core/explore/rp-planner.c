/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-planner.c: the machine to rent and the machine to buy
 *
 * The space: every allowed GPU type × 1, 2, 4, 8 GPUs in one node, then
 * nodes of 8 (HGX/DGX baseboards, 8-slot chassis) in powers of two, up to
 * planner.max_gpus and planner.max_nodes (and the scenario's own machine);
 * on each, tensor parallel 1–8 within a node × pipeline parallel 1–8 ×
 * ZeRO 0–3 × recomputation × micro batch 1–256 (what divides the GPUs,
 * the heads, the layers and the global batch).
 *
 * On one machine the search skips only what provably cannot be faster
 * (tests/test-planner.c compares it with the exhaustive search):
 *   - memory grows with the micro batch, so the micro batches are tried
 *     upwards and the first that does not fit ends the row;
 *   - without pipeline parallelism the step does not get longer with a
 *     larger micro batch (rp-time-model.c: compute and tensor traffic
 *     per step are independent of it, the weight reads, the exposed data-
 *     parallel traffic and ZeRO-3 gathers shrink), so only the largest
 *     fitting one is timed;
 *   - more recomputation costs time at every micro batch, so once one
 *     level fits every micro batch the next levels are not tried;
 *   - ZeRO-1 and ZeRO-2 take the same time in the model and ZeRO-2 holds
 *     less, so ZeRO-1 is not tried.
 *
 * Across machines, the model FLOPs at the GPU's utilization bound a
 * machine's days from below (rp_time_model_min_gpu_hours), its GPUs
 * alone its capital, and those hours at the cheapest allowed offer its
 * rent.  Machines are searched cheapest bound first; one whose bounds
 * are dominated by a row already found cannot reach the answer's Pareto
 * front, and one behind `top` rows that rank before it whatever it turns
 * out to be cannot reach the answer's first rows.  A machine that can do
 * neither, in every answer asked for, is not searched.
 *
 * The front is marked by one sort and one sweep: O(n log n). */

#include "config.h"

#include "rp-planner.h"
#include "rp-planner-private.h"

#include "rp-edit.h"
#include "rp-error.h"
#include "rp-explore.h"
#include "rp-links.h"
#include "rp-memory-model.h"
#include "rp-model.h"
#include "rp-plan-memo.h"
#include "rp-prices.h"
#include "rp-scenario.h"
#include "rp-time-model.h"
#include "rp-units.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* Servers hold 8 GPUs (HGX/DGX baseboards, 8-slot PCIe chassis); beyond
 * that the planner adds nodes. */
static const guint max_gpus_per_node = 8;
static const guint parallel_sizes[] = { 1, 2, 4, 8 };
static const guint micro_batches[] = { 1, 2, 4, 8, 16, 32, 64, 128, 256 };
#define N_MICRO_BATCHES 9
G_STATIC_ASSERT (G_N_ELEMENTS (micro_batches) == N_MICRO_BATCHES);
/* The rows each answer ranks exactly unless the caller asks for more. */
static const guint default_top = 10;

/* Ranking tiers inside an answer. */
enum
{
  TIER_FEASIBLE,                /* every constraint holds */
  TIER_NOT_ADVISED,             /* holds, but a buyer is advised against it (row->advice) */
  TIER_OVER_BUDGET,             /* on time, too dear */
  TIER_LATE,                    /* misses the deadline */
  N_TIERS
};

/* Rows within this share of the cheapest are the same price to a buyer:
 * among them the fastest is recommended (the same money sooner), on at
 * most preferred_nodes nodes (or the scenario's own), since larger
 * clusters are rarely free on demand; and among those within
 * same_days_share of its time, the one of fewer nodes, which is easier
 * to find free and has fewer parts to fail.  Policies, not
 * measurements: 2 % is below the spread of one provider's prices between
 * regions (clouds.json lists AWS's p5 at several). */
static const double same_price_share = 0.02;
static const guint preferred_nodes = 4;
static const double same_days_share = 0.10;

/* ---- private structs ------------------------------------------------ */

/* One allowed GPU type, with what every machine of it shares. */
typedef struct
{
  const RpGpu *gpu;
  double       min_gpu_hours;   /* lower bound on the run's GPU-hours */
  double       rent_rate;       /* lowest allowed price per GPU-hour; NAN: none */
  double       gpu_price;       /* per card; NAN: unknown */
} GpuInfo;

/* One GPU type × count. */
typedef struct
{
  guint        gpu_index;       /* in Planner.gpus */
  guint        per_node;
  guint        nodes;
  double       min_days;
  double       min_cost[RP_N_PLAN_ANSWERS]; /* NAN: no price for that answer */
  guint        rank;            /* search order */
} Machine;

/* A point of an answer's front so far: days up, cost strictly down. */
typedef struct
{
  double days;
  double cost;
} Point;

/* What an answer has found so far, for pruning. */
typedef struct
{
  gboolean  wanted;
  GArray   *staircase;          /* Point */
  GArray   *cheapest[N_TIERS];  /* double: the `top` lowest costs of each tier */
  guint     n_tier[N_TIERS];
} Progress;

/* The hours of a ZeRO-1 setting, for the same setting at ZeRO-2. */
typedef struct
{
  gboolean known;
  gboolean timed;
  double   hours;
} Zero1Hours;

typedef struct
{
  const RpScenario    *scenario;
  const RpCatalog     *catalog;
  const RpPlanOptions *options;
  RpModelArch          arch;
  gboolean             transformer;
  guint                top;
  GStrv                gpu_types;
  GStrv                vendors;
  GStrv                providers;
  GStrv                regions;
  GArray              *gpus;    /* GpuInfo */
  GArray              *machines; /* Machine */
  Progress             progress[RP_N_PLAN_ANSWERS];
  RpPlan              *plan;
  RpEstimate          *est;     /* scratch, owned */
  double               slot_price; /* pricing.json's server price per GPU slot; 0: none */
  guint                renting_nodes; /* the machine being priced; 0: any */
  guint                renting_per_node;
  const RpGpu         *renting_gpu;   /* its GPU, or NULL */
  RpCurrency           market_currency; /* the user's market (rp_prices_market_currency) */
  double               growth_factor; /* what a bought GPU's load grows by over its life
                                       * (the growth check); 1: not judged */
  gboolean             for_growth;    /* the search wants settings that pass it */
  RpPlanMemo          *memo;          /* memory figures shared between GPUs of a kind */
  guint64              memo_kind;     /* the kind of the machine being searched */
  RpTimePrepared      *time;          /* the machine being searched, timed */
  RpMemoryPrepared    *memory;        /* its memory, prepared on memory_gpu */
  const RpGpu         *memory_gpu;
  Zero1Hours           zero1[RP_N_RECOMPUTES][N_MICRO_BATCHES]; /* of the split searched */
  RpPlanMemoCheck     *check;         /* tests: the model run on every shared figure */
} Planner;

/* ---- helpers: lists ------------------------------------------------- */

static gboolean
list_has (GStrv       words,
          const char *text)
{
  if (text == NULL)
    return FALSE;
  for (guint i = 0; words[i] != NULL; i++)
    if (g_ascii_strcasecmp (words[i], text) == 0 || g_strcmp0 (words[i], text) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
list_found_in (GStrv       words,
               const char *text)
{
  g_autofree char *folded = NULL;

  if (text == NULL)
    return FALSE;
  folded = g_utf8_casefold (text, -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autofree char *word = g_utf8_casefold (words[i], -1);

      if (strstr (folded, word) != NULL)
        return TRUE;
    }
  return FALSE;
}

static gboolean
is_own_gpu (const Planner *p,
            const RpGpu   *gpu)
{
  return g_strcmp0 (gpu->id, p->scenario->hardware.gpu) == 0;
}

/* The planner's providers and regions; the class and kind rules are
 * rp_prices_cheapest_offer_where's. */
static gboolean
offer_allowed (const RpCloudOffer *offer,
               gpointer            user_data)
{
  const Planner *p = user_data;

  if (p->providers != NULL &&
      !list_has (p->providers, offer->provider) && !list_has (p->providers, offer->provider_zh) &&
      !list_has (p->providers, rp_provider_class_to_string (offer->provider_class)))
    return FALSE;
  if (p->regions != NULL && !list_found_in (p->regions, offer->region))
    return FALSE;
  /* a rental the plan proposes is in the user's own market: a team does
   * not open an account abroad for a machine it is offered.  The user's
   * own GPU is priced abroad by its estimate when no one at home rents
   * it (and the estimate says so), but a plan does not recommend that:
   * adopting a purchase of a card only rented abroad would otherwise turn
   * the next decision into renting it there. */
  if (p->renting_gpu != NULL && offer->currency != p->market_currency)
    return FALSE;
  /* Several nodes are rented as whole servers joined by the provider's
   * cluster network (AWS p4d/p5, Azure ND): an offer priced by the GPU
   * promises no such fabric between its instances. */
  if (p->renting_nodes > 1 && MAX (offer->gpus_per_instance, 1) < p->renting_per_node)
    return FALSE;
  return TRUE;
}

static gboolean
gpu_allowed (const Planner *p,
             const RpGpu   *gpu)
{
  if (p->gpu_types != NULL && !list_has (p->gpu_types, gpu->id))
    return FALSE;
  if (p->vendors != NULL && !list_has (p->vendors, gpu->vendor))
    return FALSE;
  return gpu->memory_gib > 0 && rp_gpu_supports_precision (gpu, p->scenario->training.precision);
}

static gboolean
check_gpu_types (const Planner *p,
                 GError       **error)
{
  for (guint i = 0; p->gpu_types != NULL && p->gpu_types[i] != NULL; i++)
    if (rp_catalog_lookup_gpu (p->catalog, p->gpu_types[i]) == NULL)
      {
        rp_error_set_key (error, RP_ERROR_UNKNOWN_GPU, "planner.gpu_types",
                          _("“%s” is in no GPU catalog"), p->gpu_types[i]);
        return FALSE;
      }
  return TRUE;
}

/* ---- helpers: what a buyer may be offered ---------------------------- */

/* Whether @per_node GPUs of @gpu in a node is a machine that is sold
 * (market/rp-server-shapes.c: SXM and OAM parts on 4- or 8-GPU boards,
 * GB200 as racks; a GPU the catalog has no shape for is not ruled out). */
static gboolean
purchasable (const Planner *p,
             const RpGpu   *gpu,
             guint          per_node,
             guint          nodes)
{
  return rp_catalog_shape_for (p->catalog, gpu->id, per_node, nodes, NULL) != RP_SHAPE_FIT_NOT_SOLD;
}

/* What a buyer is advised against on this machine: GeForce cards joined
 * into a cluster (their driver's licence excludes datacenter deployment,
 * market.json's licence terms; no NVLink or peer-to-peer between them). */
static RpPlanAdvice
machine_advice (const Planner *p,
                const RpGpu   *gpu,
                const Machine *m)
{
  if (m->nodes > 1 && rp_gpu_datacenter_licence_restricted (p->catalog, gpu))
    return RP_PLAN_ADVICE_LICENCE;
  return RP_PLAN_ADVICE_NONE;
}

/* ---- helpers: bounds ------------------------------------------------ */

/* The lowest price per GPU-hour the rent can take on @gpu. */
static double
min_rent_rate (const Planner *p,
               const RpGpu   *gpu)
{
  const RpBudget *b = &p->scenario->budget;
  double rate = rp_prices_usd_to_cny (p->scenario, p->catalog);

  if (is_own_gpu (p, gpu) && !isnan (b->rent_price_per_gpu_hour))
    return b->rent_price_per_gpu_hour;
  {
    /* the cheapest per GPU-hour of any currency bounds the chosen one */
    g_autoptr(RpScenario) any = rp_scenario_copy (p->scenario);
    double best = NAN;

    any->budget.currency = b->currency;
    for (guint i = 0; i < rp_catalog_n_clouds (p->catalog); i++)
      {
        const RpCloudOffer *o = rp_catalog_get_cloud (p->catalog, i);
        double price;

        if (g_strcmp0 (o->gpu, gpu->id) != 0 || !(o->per_gpu_hour[b->rent_kind] > 0) ||
            (o->provider_class == RP_PROVIDER_MARKETPLACE && !b->allow_marketplace) ||
            !offer_allowed (o, (gpointer) p))
          continue;
        price = rp_units_convert_money (o->per_gpu_hour[b->rent_kind], o->currency,
                                        b->currency, rate);
        if (isnan (best) || price < best)
          best = price;
      }
    return best;
  }
}

/* The price of one card as the cost model will take it. */
static double
card_price (const Planner *p,
            const RpGpu   *gpu)
{
  g_autoptr(RpScenario) one = rp_explore_move (p->scenario, p->catalog, gpu, 1, 1);
  RpPrices prices;

  if (one == NULL)
    return NAN;
  rp_prices_resolve (one, p->catalog, gpu, 0, &prices);
  return prices.gpu.origin == RP_PRICE_UNKNOWN ? NAN : prices.gpu.value;
}

/* The server price per GPU slot the cost model takes from pricing.json
 * (rp-prices.c), in the scenario's currency; 0 when there is none. */
static double
slot_price (const RpScenario *scenario,
            const RpCatalog  *catalog)
{
  const RpPricing *pricing = rp_catalog_get_pricing (catalog);
  double value = 0;

  if (pricing == NULL || !rp_pricing_lookup (pricing, RP_PRICING_SERVER_PER_GPU_SLOT, &value))
    return 0;
  return MAX (rp_units_convert_money (value, rp_pricing_get_currency (pricing),
                                      scenario->budget.currency,
                                      rp_prices_usd_to_cny (scenario, catalog)), 0);
}

static void
add_gpu (Planner     *p,
         const RpGpu *gpu)
{
  GpuInfo info = { gpu, NAN, NAN, NAN };

  info.min_gpu_hours = rp_time_model_min_gpu_hours (p->scenario, p->catalog, &p->arch, gpu);
  if (isnan (info.min_gpu_hours))
    return;     /* not timed on this GPU: no answer can rank it */
  if (p->progress[RP_PLAN_RENT].wanted)
    info.rent_rate = min_rent_rate (p, gpu);
  if (p->progress[RP_PLAN_BUY].wanted)
    info.gpu_price = card_price (p, gpu);
  g_array_append_val (p->gpus, info);
}

static void
add_machine (Planner *p,
             guint    gpu_index,
             guint    per_node,
             guint    nodes)
{
  const GpuInfo *info = &g_array_index (p->gpus, GpuInfo, gpu_index);
  guint n = per_node * nodes;
  Machine m = { gpu_index, per_node, nodes, 0, { NAN, NAN }, 0 };

  /* the GPU's own machines are the last ones added */
  for (guint i = p->machines->len; i > 0; i--)
    {
      const Machine *o = &g_array_index (p->machines, Machine, i - 1);

      if (o->gpu_index != gpu_index)
        break;
      if (o->per_node == per_node && o->nodes == nodes)
        return;
    }
  m.min_days = info->min_gpu_hours / n / 24;
  m.min_cost[RP_PLAN_RENT] = info->min_gpu_hours * info->rent_rate;
  /* the GPUs, and the servers as the cost model prices them on another
   * GPU than the user's (whose typed server price may be lower) */
  m.min_cost[RP_PLAN_BUY] = !purchasable (p, info->gpu, per_node, nodes) ? NAN
                            : n * info->gpu_price +
                              (is_own_gpu (p, info->gpu) ? 0
                               : nodes * rp_prices_node_platform (p->scenario, p->catalog,
                                                                  info->gpu, per_node, nodes));
  g_array_append_val (p->machines, m);
}

static void
add_machines (Planner *p,
              guint    gpu_index)
{
  const RpScenario *s = p->scenario;
  const RpGpu *gpu = g_array_index (p->gpus, GpuInfo, gpu_index).gpu;
  guint max_gpus = s->planner.max_gpus, max_nodes = s->planner.max_nodes;
  guint start = p->machines->len;

  for (guint n = 1; n <= max_gpus_per_node && n <= max_gpus; n *= 2)
    add_machine (p, gpu_index, n, 1);
  for (guint nodes = 2; nodes <= max_nodes && nodes * max_gpus_per_node <= max_gpus; nodes *= 2)
    add_machine (p, gpu_index, max_gpus_per_node, nodes);
  /* the scenario's own machine, whatever its shape */
  if (is_own_gpu (p, gpu) && rp_scenario_n_gpus (s) <= max_gpus &&
      s->hardware.nodes <= max_nodes)
    add_machine (p, gpu_index, s->hardware.gpus_per_node, s->hardware.nodes);
  (void) start;
}

/* ---- helpers: ordering machines ------------------------------------- */

static int
compare_by_rent (gconstpointer a,
                 gconstpointer b)
{
  double ca = ((const Machine *) a)->min_cost[RP_PLAN_RENT];
  double cb = ((const Machine *) b)->min_cost[RP_PLAN_RENT];

  if (isnan (ca) != isnan (cb))
    return isnan (ca) ? 1 : -1;
  return ca < cb ? -1 : ca > cb ? 1 : 0;
}

static int
compare_by_buy (gconstpointer a,
                gconstpointer b)
{
  double ca = ((const Machine *) a)->min_cost[RP_PLAN_BUY];
  double cb = ((const Machine *) b)->min_cost[RP_PLAN_BUY];

  if (isnan (ca) != isnan (cb))
    return isnan (ca) ? 1 : -1;
  return ca < cb ? -1 : ca > cb ? 1 : 0;
}

static int
compare_by_days (gconstpointer a,
                 gconstpointer b)
{
  double da = ((const Machine *) a)->min_days, db = ((const Machine *) b)->min_days;

  return da < db ? -1 : da > db ? 1 : 0;
}

static int
compare_by_rank (gconstpointer a,
                 gconstpointer b)
{
  const Machine *ma = a, *mb = b;

  if (ma->rank != mb->rank)
    return ma->rank < mb->rank ? -1 : 1;
  return ma->min_days < mb->min_days ? -1 : ma->min_days > mb->min_days ? 1 : 0;
}

static void
rank_by (GArray       *m,
         GCompareFunc  compare)
{
  g_array_sort (m, compare);
  for (guint i = 0; i < m->len; i++)
    {
      Machine *x = &g_array_index (m, Machine, i);

      x->rank = MIN (x->rank, i);
    }
}

/* Taking turns between the cheapest bound of each answer asked for and
 * the fewest days: both ends of the fronts are found early, and with
 * them the rows that prune the machines in between. */
static void
order_machines (Planner *p)
{
  GArray *m = p->machines;

  for (guint i = 0; i < m->len; i++)
    g_array_index (m, Machine, i).rank = G_MAXUINT;
  if (p->progress[RP_PLAN_RENT].wanted)
    rank_by (m, compare_by_rent);
  if (p->progress[RP_PLAN_BUY].wanted)
    rank_by (m, compare_by_buy);
  rank_by (m, compare_by_days);
  g_array_sort (m, compare_by_rank);
}

/* ---- helpers: pruning ----------------------------------------------- */

/* Whether a row already found is at least as fast and as cheap as the
 * bounds, and strictly better in one: then so it is than the machine. */
static gboolean
dominated (const Progress *pr,
           double          days,
           double          cost)
{
  GArray *st = pr->staircase;
  guint lo = 0, hi = st->len;
  const Point *q;

  /* the last point with q.days <= days has the lowest cost among them */
  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;

      if (g_array_index (st, Point, mid).days <= days)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo == 0)
    return FALSE;
  q = &g_array_index (st, Point, lo - 1);
  return q->cost <= cost && (q->days < days || q->cost < cost);
}

static void
staircase_add (Progress *pr,
               double    days,
               double    cost)
{
  GArray *st = pr->staircase;
  guint i = 0;

  if (dominated (pr, days, cost))
    return;
  while (i < st->len && g_array_index (st, Point, i).days < days)
    i++;
  /* drop the points this one dominates: later days, no lower cost */
  while (i < st->len && g_array_index (st, Point, i).cost >= cost &&
         (g_array_index (st, Point, i).days > days || g_array_index (st, Point, i).cost > cost))
    g_array_remove_index (st, i);
  g_array_insert_val (st, i, ((Point) { days, cost }));
}

static void
cheapest_add (GArray *costs,
              guint   top,
              double  cost)
{
  guint i = costs->len;

  while (i > 0 && g_array_index (costs, double, i - 1) > cost)
    i--;
  if (i >= top)
    return;
  g_array_insert_val (costs, i, cost);
  if (costs->len > top)
    g_array_set_size (costs, top);
}

/* Rows that rank before a machine whatever it turns out to be: those of
 * a better tier than its best possible one, and those of that tier that
 * cost less than its bound by more than the same-price share (within it,
 * the best of a price goes first: move_best_of_a_price_first). */
static guint
rows_before (const Progress *pr,
             guint           best_tier,
             double          cost)
{
  GArray *c = pr->cheapest[best_tier];
  guint n = 0, below = 0;

  for (guint t = 0; t < best_tier; t++)
    n += pr->n_tier[t];
  while (below < c->len && g_array_index (c, double, below) * (1 + same_price_share) < cost)
    below++;
  return n + below;
}

static guint
best_tier (const Planner *p,
           guint          answer,
           const Machine *m)
{
  const RpBudget *b = &p->scenario->budget;
  double money = answer == RP_PLAN_RENT ? b->limit
                 : !isnan (b->capital_limit) ? b->capital_limit : b->limit;

  if (m->min_days > p->plan->deadline_days)
    return TIER_LATE;
  if (!isnan (money) && m->min_cost[answer] > money)
    return TIER_OVER_BUDGET;
  return TIER_FEASIBLE;
}

static gboolean
can_matter (const Planner *p,
            const Machine *m)
{
  for (guint a = 0; a < RP_N_PLAN_ANSWERS; a++)
    {
      const Progress *pr = &p->progress[a];

      if (!pr->wanted || isnan (m->min_cost[a]))
        continue;
      if (rows_before (pr, best_tier (p, a, m), m->min_cost[a]) < p->top ||
          !dominated (pr, m->min_days, m->min_cost[a]))
        return TRUE;
    }
  return FALSE;
}

/* ---- helpers: one machine's settings -------------------------------- */

/* The fastest setting so far: only the knobs the search turns (the rest
 * is the machine's), so that a faster setting costs no scenario copy. */
typedef struct
{
  gboolean           found;
  double             best_hours;
  guint              tp;
  guint              pp;
  gboolean           sp;
  guint              zero;
  RpRecompute        recompute;
  guint              micro_batch;
} Best;

static gboolean
model_fits (Planner                *p,
            const RpMemoryEstimate *mem)
{
  if (mem->verdict != RP_VERDICT_FITS)
    return FALSE;
  /* the growth check of a bought GPU (rp-constraints.c, judge_growth) */
  return !p->for_growth ||
         rp_memory_grown_bytes (mem, p->growth_factor) <=
         mem->capacity_bytes * (1 - mem->required_headroom_pct / 100);
}

/* Tests: whether the shared figures @f and their verdict @ok are the
 * model's own on @gpu. */
static void
check_shared (Planner                 *p,
              const RpScenario        *trial,
              const RpGpu             *gpu,
              const RpPlanMemoFigures *f,
              gboolean                 ok)
{
  RpMemoryEstimate mem;
  RpPlanMemoFigures own;

  rp_memory_model_estimate (trial, &p->arch, gpu, p->catalog, &mem);
  rp_plan_memo_figures_of (&mem, &own);
  p->check->n_shared++;
  if (own.total_bytes != f->total_bytes || own.total_high_bytes != f->total_high_bytes ||
      own.fixed_bytes != f->fixed_bytes || model_fits (p, &mem) != ok)
    p->check->n_differ++;
}

/* Whether @trial fits @gpu with the required headroom (and, for a bought
 * GPU, the growth check): the memory model's verdict, or the figures of
 * the same setting on a GPU of the same kind judged on this one. */
static gboolean
fits (Planner          *p,
      const RpScenario *trial,
      const RpGpu      *gpu)
{
  RpMemoryEstimate mem;
  RpPlanMemoFigures f;

  p->plan->n_evaluated++;
  if (rp_plan_memo_lookup (p->memo, p->memo_kind, &trial->training, &f))
    {
      gboolean ok = rp_plan_memo_fits (&f, gpu, trial->hardware.headroom_pct,
                                       p->for_growth ? p->growth_factor : 0);

      if (p->check != NULL)
        check_shared (p, trial, gpu, &f, ok);
      return ok;
    }
  if (gpu == p->memory_gpu)
    rp_memory_prepared_estimate (p->memory, trial, &mem);
  else
    rp_memory_model_estimate (trial, &p->arch, gpu, p->catalog, &mem);
  rp_plan_memo_figures_of (&mem, &f);
  rp_plan_memo_store (p->memo, p->memo_kind, &trial->training, &f);
  return model_fits (p, &mem);
}

/* The hours of @trial's setting: the time model's, or for ZeRO-2 those
 * it gave ZeRO-1 on the same split, recomputation and micro batch (it
 * times the two stages alike: rp-time-model.c, data_parallel_comm and
 * optimizer_s).  FALSE where it is not timed. */
static gboolean
setting_hours (Planner          *p,
               const RpTraining *t,
               double           *hours)
{
  guint r = t->recompute;
  /* the micro batch's place in micro_batches[] (powers of two) */
  guint mb = t->micro_batch > 0 && (t->micro_batch & (t->micro_batch - 1)) == 0
             ? (guint) __builtin_ctz (t->micro_batch) : N_MICRO_BATCHES;
  gboolean known = t->zero_stage == 2 && r < RP_N_RECOMPUTES && mb < N_MICRO_BATCHES &&
                   p->zero1[r][mb].known;
  gboolean timed;

  if (known && p->check == NULL)
    {
      *hours = p->zero1[r][mb].hours;
      return p->zero1[r][mb].timed;
    }
  timed = rp_time_prepared_hours (p->time, t, hours);
  if (known)
    {
      /* tests: the shared hours are the model's own */
      p->check->n_time_shared++;
      if (timed != p->zero1[r][mb].timed ||
          (timed && memcmp (hours, &p->zero1[r][mb].hours, sizeof *hours) != 0))
        p->check->n_time_differ++;
    }
  if (t->zero_stage == 1 && r < RP_N_RECOMPUTES && mb < N_MICRO_BATCHES)
    p->zero1[r][mb] = (Zero1Hours) { TRUE, timed, timed ? *hours : NAN };
  return timed;
}

/* Times @trial; it replaces the best only when strictly faster, so that
 * among equally fast settings the first tried stays. */
static void
time_setting (Planner          *p,
              const RpScenario *trial,
              const RpGpu      *gpu,
              Best             *best)
{
  double hours;

  p->plan->n_timed++;
  if (!setting_hours (p, &trial->training, &hours))
    return;
  if (best->found && !(hours < best->best_hours))
    return;
  best->found = TRUE;
  best->best_hours = hours;
  best->tp = trial->training.tensor_parallel;
  best->pp = trial->training.pipeline_parallel;
  best->sp = trial->training.sequence_parallel;
  best->zero = trial->training.zero_stage;
  best->recompute = trial->training.recompute;
  best->micro_batch = trial->training.micro_batch;
}

static guint
n_recompute_levels (Planner          *p,
                    const RpScenario *trial)
{
  RpScenario probe = *trial;

  if (p->transformer)
    return RP_N_RECOMPUTES;
  probe.training.recompute = RP_RECOMPUTE_FULL;
  /* convnets: full recomputation only where a checkpointed figure is known */
  return rp_memory_model_recompute_counts (&probe, &p->arch) ? RP_N_RECOMPUTES : 1;
}

static RpRecompute
recompute_level (Planner *p,
                 guint    i,
                 guint    n_levels)
{
  if (!p->transformer && n_levels > 1)
    return i == 0 ? RP_RECOMPUTE_NONE : RP_RECOMPUTE_FULL;
  return (RpRecompute) i;
}

static gboolean
fits_micro_batch (Planner     *p,
                  RpScenario  *trial,
                  const RpGpu *gpu,
                  guint        index)
{
  trial->training.micro_batch = micro_batches[index];
  return fits (p, trial, gpu);
}

/* Every micro batch of one (split, ZeRO, recomputation): each that fits
 * is timed.  Returns whether the largest allowed one fit. */
static gboolean
scan_every_micro_batch (Planner     *p,
                        RpScenario  *trial,
                        const RpGpu *gpu,
                        guint        n_allowed,
                        Best        *best)
{
  gboolean all = TRUE;

  for (guint i = 0; i < n_allowed; i++)
    {
      if (!fits_micro_batch (p, trial, gpu, i))
        {
          all = FALSE;
          continue;
        }
      time_setting (p, trial, gpu, best);
    }
  return all;
}

/* The micro batches of one (split, ZeRO, recomputation).  Memory grows
 * with the micro batch, so the largest that fits is found by bisection;
 * without pipelining only it is timed, with pipelining every smaller one
 * too (they all fit).  Returns whether the largest allowed one fit. */
static gboolean
scan_micro_batches (Planner     *p,
                    RpScenario  *trial,
                    const RpGpu *gpu,
                    guint        dp,
                    Best        *best)
{
  guint n_allowed = 0, lo, hi;

  while (n_allowed < G_N_ELEMENTS (micro_batches) &&
         micro_batches[n_allowed] * dp <= trial->training.global_batch)
    n_allowed++;
  if (n_allowed == 0)
    return FALSE;
  if (p->options->exhaustive)
    return scan_every_micro_batch (p, trial, gpu, n_allowed, best);
  if (!fits_micro_batch (p, trial, gpu, 0))
    return FALSE;
  /* lo fits; hi does not, or is one past the allowed ones */
  lo = 0;
  hi = n_allowed;
  if (n_allowed > 1 && fits_micro_batch (p, trial, gpu, n_allowed - 1))
    lo = n_allowed - 1;
  else
    hi = n_allowed - 1;
  while (hi - lo > 1 && lo + 1 < n_allowed)
    {
      guint mid = (lo + hi) / 2;

      if (fits_micro_batch (p, trial, gpu, mid))
        lo = mid;
      else
        hi = mid;
    }
  for (guint i = trial->training.pipeline_parallel > 1 ? 0 : lo; i <= lo; i++)
    {
      trial->training.micro_batch = micro_batches[i];
      time_setting (p, trial, gpu, best);
    }
  return lo == n_allowed - 1;
}

static void
search_split (Planner     *p,
              RpScenario  *trial,
              const RpGpu *gpu,
              guint        dp,
              Best        *best)
{
  guint n_levels = n_recompute_levels (p, trial);

  memset (p->zero1, 0, sizeof p->zero1);
  for (guint zero = 0; zero <= 3; zero++)
    {
      /* ZeRO shards over data-parallel GPUs; ZeRO-1 is ZeRO-2's time
       * with more memory (rp-time-model.c times stages 1 and 2 alike) */
      if ((dp == 1 && zero > 0) || (zero == 1 && !p->options->exhaustive))
        continue;
      trial->training.zero_stage = zero;
      for (guint r = 0; r < n_levels; r++)
        {
          trial->training.recompute = recompute_level (p, r, n_levels);
          if (scan_micro_batches (p, trial, gpu, dp, best) && !p->options->exhaustive)
            break;
        }
    }
}

static gboolean
split_allowed (const Planner    *p,
               const RpScenario *machine,
               guint             tp,
               guint             pp)
{
  guint n = rp_scenario_n_gpus (machine);

  if (tp > machine->hardware.gpus_per_node || n % (tp * pp) != 0)
    return FALSE;
  if (!p->transformer)
    return tp * pp == 1;
  if (p->arch.heads % tp != 0 || pp > rp_model_total_layers (&p->arch))
    return FALSE;
  return n / (tp * pp) <= machine->training.global_batch;
}

/* The fastest setting of @machine that fits with the required headroom,
 * and its hours. */
static RpScenario *
search_machine (Planner          *p,
                const RpScenario *machine,
                const RpGpu      *gpu,
                double           *hours)
{
  g_autoptr(RpScenario) trial = rp_scenario_copy (machine);
  Best best = { FALSE, INFINITY };
  guint n = rp_scenario_n_gpus (machine);
  RpTraining *t;

  for (guint ti = 0; ti < G_N_ELEMENTS (parallel_sizes); ti++)
    for (guint pi = 0; pi < G_N_ELEMENTS (parallel_sizes); pi++)
      {
        guint tp = parallel_sizes[ti], pp = parallel_sizes[pi];

        if (!split_allowed (p, machine, tp, pp))
          continue;
        trial->training.tensor_parallel = tp;
        trial->training.pipeline_parallel = pp;
        trial->training.sequence_parallel = tp > 1;
        search_split (p, trial, gpu, n / (tp * pp), &best);
      }
  *hours = best.best_hours;
  if (!best.found)
    return NULL;
  /* the trial is the machine with the knobs turned: turn them to the best */
  t = &trial->training;
  t->tensor_parallel = best.tp;
  t->pipeline_parallel = best.pp;
  t->sequence_parallel = best.sp;
  t->zero_stage = best.zero;
  t->recompute = best.recompute;
  t->micro_batch = best.micro_batch;
  return g_steal_pointer (&trial);
}

/* Settings in one machine's space, searched or not. */
static guint64
count_space (const Planner *p,
             const Machine *m)
{
  RpScenario shape = *p->scenario;
  guint64 total = 0;
  guint n = m->per_node * m->nodes;
  guint levels = p->transformer ? RP_N_RECOMPUTES : 2;

  shape.hardware.gpus_per_node = m->per_node;
  shape.hardware.nodes = m->nodes;
  for (guint ti = 0; ti < G_N_ELEMENTS (parallel_sizes); ti++)
    for (guint pi = 0; pi < G_N_ELEMENTS (parallel_sizes); pi++)
      {
        guint tp = parallel_sizes[ti], pp = parallel_sizes[pi], dp, mbs = 0;

        if (!split_allowed (p, &shape, tp, pp))
          continue;
        dp = n / (tp * pp);
        for (guint i = 0; i < G_N_ELEMENTS (micro_batches); i++)
          mbs += micro_batches[i] * dp <= shape.training.global_batch;
        total += (guint64) (dp > 1 ? 4 : 1) * levels * mbs;
      }
  return total;
}

/* ---- helpers: rows -------------------------------------------------- */

static void
row_free (gpointer data)
{
  RpPlanRow *row = data;

  rp_scenario_free (row->scenario);
  g_free (row);
}

static guint
row_tier (const RpPlanRow *row)
{
  if (!row->meets_deadline)
    return TIER_LATE;
  if (!row->within_budget)
    return TIER_OVER_BUDGET;
  return row->feasible && row->advice == RP_PLAN_ADVICE_NONE ? TIER_FEASIBLE : TIER_NOT_ADVISED;
}

static gboolean
constraint_holds (const RpEstimate *est,
                  RpConstraintCode  code)
{
  return !est->constraints[code].judged || est->constraints[code].ok;
}

/* @est's deadline check, or without a deadline the plan's horizon. */
static gboolean
meets_deadline (const RpPlan     *plan,
                const RpEstimate *est)
{
  if (plan->deadline_assumed)
    return est->compute.computed && est->compute.days <= plan->deadline_days;
  return constraint_holds (est, RP_CONSTRAINT_DEADLINE);
}

static RpPlanRow *
row_new (const RpPlan     *plan,
         RpPlanAnswerKind  kind,
         const RpScenario *scenario,
         const RpEstimate *est,
         RpPlanAdvice      advice)
{
  RpPlanRow *row = g_new0 (RpPlanRow, 1);
  const RpCostEstimate *c = &est->cost;

  row->kind = kind;
  row->advice = advice;
  row->scenario = rp_scenario_copy (scenario);
  row->gpu = est->gpu;
  row->n_gpus = rp_scenario_n_gpus (scenario);
  row->total_bytes = est->memory.total_bytes;
  row->headroom_pct = est->memory.headroom_pct;
  row->days = est->compute.days;
  row->gpu_hours = est->compute.gpu_hours;
  row->bottleneck = est->compute.bottleneck;
  row->offer = c->rent_offer;
  row->rent_per_gpu_hour = c->rent_available ? c->rent_per_gpu_hour : NAN;
  row->rent_total = c->rent_available && c->run_available ? c->rent_total : NAN;
  row->capital = c->buy_available ? c->buy_capital : NAN;
  row->per_month = c->buy_available ? c->buy_per_month : NAN;
  row->break_even_months = c->buy_available && c->rent_available ? c->break_even_months : -1;
  row->cost = kind == RP_PLAN_RENT ? row->rent_total : row->capital;
  row->meets_deadline = meets_deadline (plan, est);
  row->within_budget = constraint_holds (est, kind == RP_PLAN_RENT ? RP_CONSTRAINT_RUN_BUDGET
                                                                   : RP_CONSTRAINT_CAPITAL);
  /* a bought GPU must still hold the models of its life (the growth
   * check); a rented one is given back when they grow */
  row->feasible = row->meets_deadline && row->within_budget &&
                  constraint_holds (est, RP_CONSTRAINT_VRAM) &&
                  constraint_holds (est, RP_CONSTRAINT_PARALLELISM) &&
                  (kind == RP_PLAN_RENT || constraint_holds (est, RP_CONSTRAINT_GROWTH));
  return row;
}

static void
add_row (Planner   *p,
         RpPlanRow *row)
{
  Progress *pr = &p->progress[row->kind];
  guint tier = row_tier (row);

  g_ptr_array_add (p->plan->answers[row->kind].rows, row);
  staircase_add (pr, row->days, row->cost);
  pr->n_tier[tier]++;
  cheapest_add (pr->cheapest[tier], p->top, row->cost);
}

/* The rent offer the machine is priced at: the user's own on their GPU,
 * else the cheapest the filters allow.  FALSE when there is none. */
static gboolean
choose_offer (Planner     *p,
              RpScenario  *machine,
              const RpGpu *gpu)
{
  const RpBudget *b = &machine->budget;
  const RpCloudOffer *offer;

  if (!isnan (b->rent_price_per_gpu_hour))
    return TRUE;
  p->renting_nodes = machine->hardware.nodes;
  p->renting_per_node = machine->hardware.gpus_per_node;
  p->renting_gpu = gpu;
  /* the user's own offer on their GPU, unless the filters now leave it out */
  offer = b->rent_offer != NULL ? rp_catalog_lookup_cloud (p->catalog, b->rent_offer) : NULL;
  if (offer != NULL && is_own_gpu (p, gpu) && g_strcmp0 (offer->gpu, gpu->id) == 0 &&
      offer->per_gpu_hour[b->rent_kind] > 0 && offer_allowed (offer, p))
    {
      p->renting_nodes = p->renting_per_node = 0;
      p->renting_gpu = NULL;
      return TRUE;
    }
  offer = rp_prices_cheapest_offer_where (machine, p->catalog, gpu->id,
                                          rp_scenario_n_gpus (machine), offer_allowed, p);
  p->renting_nodes = p->renting_per_node = 0;
  p->renting_gpu = NULL;
  rp_scenario_set_rent_offer (machine, offer != NULL ? offer->id : NULL);
  return offer != NULL;
}

/* A cluster of another GPU than the scenario's is rented or bought with
 * the network such clusters are built with, not the one the scenario had
 * for its own GPU: what the planner finds must not depend on the network
 * of the machine it started from (a plan's row, once used, would plan
 * differently).  @moved is taken and returned. */
static RpScenario *
with_cluster_network (const Planner *p,
                      RpScenario    *moved,
                      const RpGpu   *gpu)
{
  if (moved != NULL && moved->hardware.nodes > 1 && !is_own_gpu (p, gpu))
    moved->hardware.network = rp_network_for_gpu (gpu);
  return moved;
}

/* The scenario on @m (rp_explore_move).  Where its global batch is
 * smaller than the GPUs, the move is made from the first tensor ×
 * pipeline split that feeds them: the search tries every split anyway. */
static RpScenario *
move_to (Planner       *p,
         const RpGpu   *gpu,
         const Machine *m)
{
  RpScenario *moved = rp_explore_move (p->scenario, p->catalog, gpu, m->per_node, m->nodes);
  g_autoptr(RpScenario) split = NULL;
  RpScenario shape;

  if (moved != NULL)
    return with_cluster_network (p, moved, gpu);
  shape = *p->scenario;
  shape.hardware.gpus_per_node = m->per_node;
  shape.hardware.nodes = m->nodes;
  for (guint ti = 0; ti < G_N_ELEMENTS (parallel_sizes); ti++)
    for (guint pi = 0; pi < G_N_ELEMENTS (parallel_sizes); pi++)
      if (split_allowed (p, &shape, parallel_sizes[ti], parallel_sizes[pi]))
        {
          split = rp_scenario_copy (p->scenario);
          split->training.tensor_parallel = parallel_sizes[ti];
          split->training.pipeline_parallel = parallel_sizes[pi];
          split->training.sequence_parallel = parallel_sizes[ti] > 1;
          return with_cluster_network (p, rp_explore_move (split, p->catalog, gpu, m->per_node,
                                                           m->nodes), gpu);
        }
  return NULL;
}

/* The fabric a cluster rented at @machine's offer runs on, where the
 * offer names one that is not @machine's (AWS p4d's 400 Gb/s of EFA
 * against the eight HDR ports an A100 cluster is otherwise given);
 * RP_NETWORK_NONE where there is none to change. */
static RpNetwork
rented_network (const Planner    *p,
                const RpScenario *machine)
{
  const RpCloudOffer *offer;

  if (machine->hardware.nodes <= 1 || machine->budget.rent_offer == NULL)
    return RP_NETWORK_NONE;
  offer = rp_catalog_lookup_cloud (p->catalog, machine->budget.rent_offer);
  if (offer == NULL || offer->network == RP_NETWORK_NONE ||
      offer->network == machine->hardware.network)
    return RP_NETWORK_NONE;
  return offer->network;
}

/* Searches @machine's settings and adds its rent row (@rent) and buy row
 * (@buy) when they can matter.  FALSE when no setting fits. */
static gboolean
plan_setting (Planner          *p,
              const Machine    *m,
              const RpScenario *machine,
              gboolean          rent,
              gboolean          buy)
{
  const GpuInfo *info = &g_array_index (p->gpus, GpuInfo, m->gpu_index);
  g_autoptr(RpScenario) best = NULL;
  g_autoptr(RpScenario) grown = NULL;
  RpPlanAdvice advice;
  double hours = NAN;

  /* what the time model derives from the machine, once for its settings */
  g_clear_pointer (&p->time, rp_time_prepared_free);
  p->time = rp_time_prepared_new (machine, p->catalog, &p->arch, info->gpu);
  /* and the memory model (rp-memory-model.h, "prepared") */
  g_clear_pointer (&p->memory, rp_memory_prepared_free);
  p->memory = rp_memory_prepared_new (machine, p->catalog, &p->arch, info->gpu);
  p->memory_gpu = info->gpu;
  best = search_machine (p, machine, info->gpu, &hours);
  if (best == NULL)
    return FALSE;
  /* the days are known now: the bounds again, before the priced estimate */
  if (!p->options->exhaustive && !can_matter (p, &(Machine) {
        .gpu_index = m->gpu_index, .per_node = m->per_node, .nodes = m->nodes,
        .min_days = hours / 24,
        .min_cost = { isnan (m->min_cost[RP_PLAN_RENT]) ? NAN
                      : hours * (m->per_node * m->nodes) * info->rent_rate,
                      m->min_cost[RP_PLAN_BUY] } }))
    return TRUE;
  if (!rp_estimate_compute (best, p->catalog, p->est, NULL) ||
      !p->est->compute.computed)
    return TRUE;
  advice = machine_advice (p, info->gpu, m);
  if (rent && p->est->cost.rent_available && p->est->cost.run_available)
    add_row (p, row_new (p->plan, RP_PLAN_RENT, best, p->est, advice));
  if (!buy || !p->progress[RP_PLAN_BUY].wanted ||
      !purchasable (p, info->gpu, m->per_node, m->nodes))
    return TRUE;
  /* a bought machine is set up to hold the models of its life: the
   * fastest setting that passes the growth check, if not the fastest */
  if (p->growth_factor > 1 && !constraint_holds (p->est, RP_CONSTRAINT_GROWTH))
    {
      p->for_growth = TRUE;
      grown = search_machine (p, machine, info->gpu, &hours);
      p->for_growth = FALSE;
      if (grown != NULL && !rp_estimate_compute (grown, p->catalog, p->est, NULL))
        return TRUE;
    }
  if (p->est->cost.buy_available && p->est->compute.computed)
    add_row (p, row_new (p->plan, RP_PLAN_BUY, grown != NULL ? grown : best, p->est,
                         advice));
  return TRUE;
}

static void
plan_machine (Planner       *p,
              const Machine *m)
{
  const GpuInfo *info = &g_array_index (p->gpus, GpuInfo, m->gpu_index);
  g_autoptr(RpScenario) machine = NULL;
  g_autoptr(RpScenario) rented = NULL;
  gboolean rentable, fits;
  RpNetwork network;

  p->plan->n_space += count_space (p, m);
  if (!p->options->exhaustive && !can_matter (p, m))
    return;
  machine = move_to (p, info->gpu, m);
  if (machine == NULL)
    return;     /* no split lets the global batch feed that many GPUs */
  p->plan->n_searched++;
  p->memo_kind = rp_plan_memo_kind (p->memo, machine, info->gpu, p->catalog,
                                    is_own_gpu (p, info->gpu));
  rentable = p->progress[RP_PLAN_RENT].wanted && choose_offer (p, machine, info->gpu);
  network = rentable ? rented_network (p, machine) : RP_NETWORK_NONE;
  if (network == RP_NETWORK_NONE)
    fits = plan_setting (p, m, machine, rentable, TRUE);
  else
    {
      /* the offer's own fabric for the rented cluster, the machine's
       * for the bought one: each its own fastest setting */
      rented = rp_scenario_copy (machine);
      rented->hardware.network = network;
      fits = plan_setting (p, m, rented, TRUE, FALSE);
      fits = plan_setting (p, m, machine, FALSE, TRUE) || fits;
    }
  if (fits)
    p->plan->n_fit++;
}

/* ---- helpers: the answers ------------------------------------------- */

static int
compare_rows (gconstpointer pa,
              gconstpointer pb)
{
  const RpPlanRow *a = *(RpPlanRow *const *) pa;
  const RpPlanRow *b = *(RpPlanRow *const *) pb;
  guint ta = row_tier (a), tb = row_tier (b);
  int by_id;

  if (ta != tb)
    return ta < tb ? -1 : 1;
  if (a->cost != b->cost)
    return a->cost < b->cost ? -1 : 1;
  if (a->days != b->days)
    return a->days < b->days ? -1 : 1;
  if (a->n_gpus != b->n_gpus)
    return a->n_gpus < b->n_gpus ? -1 : 1;
  by_id = g_strcmp0 (a->gpu->id, b->gpu->id);
  if (by_id != 0)
    return by_id;
  return (int) rp_scenario_data_parallel (a->scenario) -
         (int) rp_scenario_data_parallel (b->scenario);
}

static int
compare_front (gconstpointer pa,
               gconstpointer pb)
{
  const RpPlanRow *a = *(RpPlanRow *const *) pa;
  const RpPlanRow *b = *(RpPlanRow *const *) pb;

  if (a->days != b->days)
    return a->days < b->days ? -1 : 1;
  return a->cost < b->cost ? -1 : a->cost > b->cost ? 1 : 0;
}

/* Sorted by days then cost, a row is on the front when it costs less
 * than every row strictly faster and no more than the cheapest row as
 * fast as itself. */
void
rp_plan_mark_front (GPtrArray *rows)
{
  /* not g_ptr_array_copy(): the copy would free the rows */
  g_autoptr(GPtrArray) sorted = g_ptr_array_sized_new (rows->len);
  double best_before = INFINITY;
  guint i = 0;

  for (guint k = 0; k < rows->len; k++)
    g_ptr_array_add (sorted, g_ptr_array_index (rows, k));
  g_ptr_array_sort (sorted, compare_front);
  while (i < sorted->len)
    {
      guint j = i;
      double group_min = ((RpPlanRow *) g_ptr_array_index (sorted, i))->cost;
      double days = ((RpPlanRow *) g_ptr_array_index (sorted, i))->days;

      while (j < sorted->len && ((RpPlanRow *) g_ptr_array_index (sorted, j))->days == days)
        j++;
      for (guint k = i; k < j; k++)
        {
          RpPlanRow *r = g_ptr_array_index (sorted, k);

          r->pareto = r->cost < best_before && r->cost == group_min;
        }
      best_before = MIN (best_before, group_min);
      i = j;
    }
}

/* Whether @r is one of the first tier's rows of the same price as @first. */
static gboolean
same_price (const RpPlanRow *r,
            const RpPlanRow *first)
{
  return row_tier (r) == row_tier (first) && r->cost <= first->cost * (1 + same_price_share);
}

/* Among the first tier's rows within same_price_share of the cheapest
 * (the rows are sorted by tier, cost, days), the fastest on at most
 * @max_nodes nodes, then the fewest nodes within same_days_share of its
 * time goes first. */
static void
move_best_of_a_price_first (GPtrArray *rows,
                            guint      max_nodes)
{
  const RpPlanRow *first, *fastest = NULL, *best = NULL;
  guint best_i = 0;

  if (rows->len < 2)
    return;
  first = g_ptr_array_index (rows, 0);
  for (guint i = 0; i < rows->len && same_price (g_ptr_array_index (rows, i), first); i++)
    {
      const RpPlanRow *r = g_ptr_array_index (rows, i);

      if (r->scenario->hardware.nodes <= max_nodes && (fastest == NULL || r->days < fastest->days))
        fastest = r;
    }
  if (fastest == NULL)
    return;
  for (guint i = 0; i < rows->len && same_price (g_ptr_array_index (rows, i), first); i++)
    {
      const RpPlanRow *r = g_ptr_array_index (rows, i);
      guint rn = r->scenario->hardware.nodes;

      if (rn > max_nodes || r->days > fastest->days * (1 + same_days_share))
        continue;
      if (best == NULL || rn < best->scenario->hardware.nodes ||
          (rn == best->scenario->hardware.nodes && r->days < best->days))
        {
          best = r;
          best_i = i;
        }
    }
  if (best_i > 0)
    {
      gpointer row = g_ptr_array_steal_index (rows, best_i);

      g_ptr_array_insert (rows, 0, row);
    }
}

static void
finish_answer (Planner          *p,
               RpPlanAnswerKind  kind)
{
  RpPlanAnswer *a = &p->plan->answers[kind];

  a->recommended = a->fastest = a->cheapest_on_time = -1;
  if (!p->progress[kind].wanted)
    {
      a->status = RP_PLAN_STATUS_NOT_ASKED;
      return;
    }
  rp_plan_mark_front (a->rows);
  g_ptr_array_sort (a->rows, compare_rows);
  move_best_of_a_price_first (a->rows, MAX (preferred_nodes, p->scenario->hardware.nodes));
  for (guint i = 0; i < a->rows->len; i++)
    {
      const RpPlanRow *r = g_ptr_array_index (a->rows, i);
      const RpPlanRow *f = a->fastest >= 0 ? g_ptr_array_index (a->rows, a->fastest) : NULL;

      if (f == NULL || r->days < f->days)
        a->fastest = (gint) i;
      if (a->cheapest_on_time < 0 && r->meets_deadline)
        a->cheapest_on_time = (gint) i;
    }
  if (p->gpus->len == 0)
    a->status = RP_PLAN_STATUS_NO_GPU;
  else if (p->plan->n_fit == 0)
    a->status = RP_PLAN_STATUS_NOTHING_FITS;
  else if (a->rows->len == 0)
    a->status = RP_PLAN_STATUS_NO_PRICE;
  else if (((RpPlanRow *) g_ptr_array_index (a->rows, 0))->feasible)
    {
      a->status = RP_PLAN_STATUS_OK;
      a->recommended = 0;
    }
  else
    a->status = a->cheapest_on_time >= 0 ? RP_PLAN_STATUS_OVER_BUDGET : RP_PLAN_STATUS_LATE;
  if (!a->asked)
    a->status = RP_PLAN_STATUS_NOT_ASKED;
}

static void
note_current (RpPlan           *plan,
              const RpEstimate *est)
{
  gboolean fits = est->memory.computed && est->memory.verdict != RP_VERDICT_DOES_NOT_FIT;

  plan->current_days = fits && est->compute.computed ? est->compute.days : NAN;
  plan->current_rent = fits && est->cost.rent_available && est->cost.run_available &&
                       plan->acquire != RP_ACQUIRE_BUY ? est->cost.rent_total : NAN;
  plan->current_capital = est->cost.buy_available && plan->acquire != RP_ACQUIRE_RENT
                          ? est->cost.buy_capital : NAN;
}

static RpPlan *
plan_new (const RpScenario *scenario)
{
  RpPlan *plan = g_new0 (RpPlan, 1);
  const RpBudget *b = &scenario->budget;

  for (guint a = 0; a < RP_N_PLAN_ANSWERS; a++)
    {
      plan->answers[a].kind = a;
      plan->answers[a].rows = g_ptr_array_new_with_free_func (row_free);
      plan->answers[a].recommended = -1;
    }
  plan->acquire = b->acquire;
  plan->currency = b->currency;
  plan->deadline_assumed = isnan (b->deadline_days);
  plan->deadline_days = plan->deadline_assumed ? RP_PLAN_HORIZON_DAYS : b->deadline_days;
  plan->run_budget = b->acquire != RP_ACQUIRE_BUY ? b->limit : NAN;
  plan->capital_limit = b->acquire == RP_ACQUIRE_RENT ? NAN
                        : !isnan (b->capital_limit) ? b->capital_limit : b->limit;
  plan->utilization_pct = b->utilization_pct;
  return plan;
}

static void
planner_clear (Planner *p)
{
  g_clear_pointer (&p->gpu_types, g_strfreev);
  g_clear_pointer (&p->vendors, g_strfreev);
  g_clear_pointer (&p->providers, g_strfreev);
  g_clear_pointer (&p->regions, g_strfreev);
  g_clear_pointer (&p->gpus, g_array_unref);
  g_clear_pointer (&p->machines, g_array_unref);
  for (guint a = 0; a < RP_N_PLAN_ANSWERS; a++)
    {
      g_clear_pointer (&p->progress[a].staircase, g_array_unref);
      for (guint t = 0; t < N_TIERS; t++)
        g_clear_pointer (&p->progress[a].cheapest[t], g_array_unref);
    }
  g_clear_pointer (&p->est, rp_estimate_free);
  g_clear_pointer (&p->plan, rp_plan_free);
  g_clear_pointer (&p->memo, rp_plan_memo_free);
  g_clear_pointer (&p->time, rp_time_prepared_free);
  g_clear_pointer (&p->memory, rp_memory_prepared_free);
}

/* What the memory of a bought GPU's work grows by over its depreciation
 * period, as the growth check judges it; 1 when it is not judged. */
static double
growth_factor (const RpScenario *scenario,
               const RpEstimate *est)
{
  const RpBudget *b = &scenario->budget;
  const RpPrice *years = &est->cost.prices.years;

  if (b->acquire == RP_ACQUIRE_RENT || !(b->growth_pct_year > 0) ||
      years->origin == RP_PRICE_UNKNOWN || !(years->value > 0))
    return 1;
  return rp_memory_growth_factor (b->growth_pct_year, years->value);
}

static gboolean
planner_init (Planner             *p,
              const RpScenario    *scenario,
              const RpCatalog     *catalog,
              const RpPlanOptions *options,
              GError             **error)
{
  const RpPlanner *f = &scenario->planner;

  p->scenario = scenario;
  p->catalog = catalog;
  p->options = options;
  p->top = MAX (options->top, 1);
  p->est = rp_estimate_new ();
  p->plan = plan_new (scenario);
  p->memo = rp_plan_memo_new ();
  /* The scenario itself must resolve: an unknown model is not a plan. */
  if (!rp_estimate_compute (scenario, catalog, p->est, error))
    return FALSE;
  p->arch = p->est->arch;
  /* rp_model_params() counts the parameters whenever arch.params is 0:
   * the count, once, instead of on every setting the models estimate */
  p->arch.params = rp_model_params (&p->arch);
  p->transformer = rp_model_kind_is_transformer (p->arch.kind);
  p->growth_factor = growth_factor (scenario, p->est);
  p->market_currency = rp_prices_market_currency (scenario, catalog);
  note_current (p->plan, p->est);
  p->slot_price = slot_price (scenario, catalog);
  p->gpu_types = rp_plan_split_list (f->gpu_types);
  p->vendors = rp_plan_split_list (f->vendors);
  p->providers = rp_plan_split_list (f->providers);
  p->regions = rp_plan_split_list (f->regions);
  if (!check_gpu_types (p, error))
    return FALSE;
  p->gpus = g_array_new (FALSE, FALSE, sizeof (GpuInfo));
  p->machines = g_array_new (FALSE, FALSE, sizeof (Machine));
  for (guint a = 0; a < RP_N_PLAN_ANSWERS; a++)
    {
      gboolean asked = a == RP_PLAN_RENT ? scenario->budget.acquire != RP_ACQUIRE_BUY
                                         : scenario->budget.acquire != RP_ACQUIRE_RENT;

      p->plan->answers[a].asked = asked;
      /* a purchase is judged against the best rental for the same work,
       * so renting is planned whenever buying is */
      p->progress[a].wanted = asked || a == RP_PLAN_RENT;
      p->progress[a].staircase = g_array_new (FALSE, FALSE, sizeof (Point));
      for (guint t = 0; t < N_TIERS; t++)
        p->progress[a].cheapest[t] = g_array_new (FALSE, FALSE, sizeof (double));
    }
  return TRUE;
}

static gboolean
run_search (Planner        *p,
            GCancellable   *cancellable,
            RpPlanProgress  progress,
            gpointer        progress_data,
            GError        **error)
{
  guint n = p->machines->len, reported = 0;

  for (guint i = 0; i < n; i++)
    {
      guint percent = (guint) (100.0 * i / n);

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (progress != NULL && percent > reported)
        {
          reported = percent;
          progress (i / (double) n, progress_data);
        }
      plan_machine (p, &g_array_index (p->machines, Machine, i));
    }
  if (progress != NULL)
    progress (1.0, progress_data);
  return TRUE;
}

/* ---- public API ----------------------------------------------------- */

void
rp_plan_options_init (RpPlanOptions *options)
{
  g_return_if_fail (options != NULL);
  options->top = default_top;
  options->exhaustive = FALSE;
}

static RpPlan *
plan_compute (const RpScenario    *scenario,
              const RpCatalog     *catalog,
              const RpPlanOptions *options,
              GCancellable        *cancellable,
              RpPlanProgress       progress,
              gpointer             progress_data,
              RpPlanMemoCheck     *check,
              GError             **error)
{
  gint64 start = g_get_monotonic_time ();
  Planner p = { 0 };
  RpPlan *plan;

  g_return_val_if_fail (scenario != NULL && catalog != NULL && options != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  p.check = check;
  if (!planner_init (&p, scenario, catalog, options, error))
    {
      planner_clear (&p);
      return NULL;
    }
  for (guint i = 0; i < rp_catalog_n_gpus (catalog); i++)
    if (gpu_allowed (&p, rp_catalog_get_gpu (catalog, i)))
      add_gpu (&p, rp_catalog_get_gpu (catalog, i));
  p.plan->n_gpu_types = p.gpus->len;
  for (guint g = 0; g < p.gpus->len; g++)
    add_machines (&p, g);
  p.plan->n_machines = p.machines->len;
  if (!options->exhaustive)
    order_machines (&p);
  if (!run_search (&p, cancellable, progress, progress_data, error))
    {
      planner_clear (&p);
      return NULL;
    }
  for (guint a = 0; a < RP_N_PLAN_ANSWERS; a++)
    finish_answer (&p, a);
  p.plan->seconds = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
  plan = g_steal_pointer (&p.plan);
  planner_clear (&p);
  return plan;
}

RpPlan *
rp_plan_compute (const RpScenario    *scenario,
                 const RpCatalog     *catalog,
                 const RpPlanOptions *options,
                 GCancellable        *cancellable,
                 RpPlanProgress       progress,
                 gpointer             progress_data,
                 GError             **error)
{
  return plan_compute (scenario, catalog, options, cancellable, progress, progress_data, NULL,
                       error);
}

RpPlan *
rp_plan_compute_checked (const RpScenario    *scenario,
                         const RpCatalog     *catalog,
                         const RpPlanOptions *options,
                         RpPlanMemoCheck     *check,
                         GError             **error)
{
  g_return_val_if_fail (check != NULL, NULL);
  return plan_compute (scenario, catalog, options, NULL, NULL, NULL, check, error);
}

void
rp_plan_free (RpPlan *plan)
{
  if (plan == NULL)
    return;
  for (guint a = 0; a < RP_N_PLAN_ANSWERS; a++)
    g_clear_pointer (&plan->answers[a].rows, g_ptr_array_unref);
  g_free (plan);
}

const RpPlanRow *
rp_plan_get_recommended (const RpPlan *plan,
                         gint          kind)
{
  const RpPlanAnswer *a;

  g_return_val_if_fail (plan != NULL, NULL);
  g_return_val_if_fail (kind >= 0 && kind < RP_N_PLAN_ANSWERS, NULL);

  a = &plan->answers[kind];
  return a->recommended >= 0 ? g_ptr_array_index (a->rows, a->recommended) : NULL;
}

RpScenario *
rp_plan_apply_row (const RpScenario *scenario,
                   const RpCatalog  *catalog,
                   const RpPlanRow  *row,
                   GError          **error)
{
  g_autoptr(GArray) changes = NULL;

  g_return_val_if_fail (scenario != NULL && catalog != NULL && row != NULL, NULL);

  changes = rp_plan_row_changes (scenario, row);
  return rp_scenario_edit_all (scenario, catalog, changes, error);
}

GArray *
rp_plan_row_changes (const RpScenario *base,
                     const RpPlanRow  *row)
{
  GArray *changes;

  g_return_val_if_fail (base != NULL && row != NULL, NULL);

  changes = rp_scenario_diff (base, row->scenario);
  /* a purchase is adopted as one, so that the scenario decided again is
   * the machine bought, not the same machine rented */
  if (row->kind == RP_PLAN_BUY && base->budget.acquire != RP_ACQUIRE_BUY)
    {
      RpChange acquire = { rp_fields_lookup ("budget.acquire")->key, base->budget.acquire,
                           RP_ACQUIRE_BUY, NULL, NULL };

      g_array_append_val (changes, acquire);
    }
  return changes;
}

const char *
rp_plan_answer_kind_to_string (RpPlanAnswerKind kind)
{
  static const char *const names[] = { "rent", "buy" };

  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (names), NULL);
  return names[kind];
}

const char *
rp_plan_status_to_string (RpPlanStatus status)
{
  static const char *const names[] = {
    "ok", "not-asked", "no-gpu", "nothing-fits", "no-price", "late", "over-budget",
  };

  G_STATIC_ASSERT (G_N_ELEMENTS (names) == RP_N_PLAN_STATUSES);
  g_return_val_if_fail ((guint) status < G_N_ELEMENTS (names), NULL);
  return names[status];
}

GStrv
rp_plan_split_list (const char *list)
{
  g_auto(GStrv) wide = NULL;
  g_auto(GStrv) parts = NULL;
  g_autoptr(GPtrArray) words = NULL;
  g_autofree char *plain = NULL;

  if (list == NULL)
    return NULL;
  /* the full-width comma a Chinese keyboard types, then bytes */
  wide = g_strsplit (list, "，", -1);
  plain = g_strjoinv (",", wide);
  parts = g_strsplit_set (plain, ",;", -1);
  words = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *word = g_strstrip (parts[i]);

      if (*word != '\0')
        g_ptr_array_add (words, g_strdup (word));
    }
  if (words->len == 0)
    return NULL;
  g_ptr_array_add (words, NULL);
  return (GStrv) g_ptr_array_free (g_steal_pointer (&words), FALSE);
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-decision.c: one answer a team can act on
 *
 * The rules, each a buyer's:
 * - GPUs the user already owns come first when the run fits on them (the
 *   fix applied where needed) within every limit: they cost only power.
 * - A purchase is compared with the best rental the plan found for the
 *   same work: renting what the bought machine does in a month at the
 *   stated utilization (its run-hours per month times that rental's cost
 *   of this run, per run).  Buying is advised when owning costs at least
 *   RP_DECISION_BUY_MARGIN_PCT less over the depreciation period and pays
 *   back within RP_DECISION_PAYBACK_SHARE_PCT of it.  The margin: reserved
 *   capacity at GPU clouds prices within about 15 % of owned-cluster
 *   economics, and below that the renting's flexibility and no operations
 *   win (Mercatus Compute, "Buy vs Rent GPUs: The 2026 Decision
 *   Framework", 2026-03-28).  The payback share: GPU price-performance
 *   doubles every ~2.5 years (Epoch AI, "Trends in GPU price-
 *   performance", 2022), so a purchase still unpaid after half a five-year
 *   period competes with rentals of newer GPUs at half the price.
 * - Otherwise the machine the user planned is kept when it meets every
 *   limit and costs at most RP_DECISION_OWN_CHOICE_PCT more than the best
 *   rental; else the best rental is recommended.
 * - A choice that breaks a limit is never recommended; it is listed with
 *   the limits it breaks. */

#include "config.h"

#include "rp-decision.h"

#include "rp-cost-model.h"
#include "rp-edit.h"
#include "rp-error.h"
#include "rp-explore.h"
#include "rp-owned.h"
#include "rp-prices.h"
#include "rp-scenario.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* "Fastest within the limits" is offered up to this multiple of the best
 * rental's cost: a buyer pays double to finish sooner, rarely more, and a
 * 32-node cluster for a one-day run is no answer. */
static const double fastest_cost_factor = 2.0;
/* … and on at most this many nodes (or the best's): larger clusters are
 * rarely free on demand without a reservation (AWS sells them as
 * Capacity Blocks booked ahead), and a run one node does in a day gains
 * little from 32.  A policy, not a measurement. */
static const guint max_fastest_nodes = 4;
/* Times within this share are the same to a buyer. */
static const double same_days_share = 0.05;

/* ---- helpers: limits ------------------------------------------------ */

/* The limits that do not apply to a choice: nothing is paid for GPUs the
 * user owns, a rental has no capital and is given back as models grow, a
 * purchase is not a run budget. */
static guint32
ignored_limits (RpChoiceKind kind,
                RpAcquire    acquire)
{
  guint32 capital = 1u << RP_CONSTRAINT_CAPITAL | 1u << RP_CONSTRAINT_GROWTH;
  guint32 run = 1u << RP_CONSTRAINT_RUN_BUDGET;

  switch (kind)
    {
    case RP_CHOICE_OWNED:
      return capital | run;
    case RP_CHOICE_RENT:
    case RP_CHOICE_FASTEST_RENT:
      return capital;
    case RP_CHOICE_BUY:
      return run;
    case RP_CHOICE_YOURS:
    case RP_CHOICE_YOURS_FIXED:
    case RP_N_CHOICE_KINDS:
    default:
      return acquire == RP_ACQUIRE_BUY ? run : capital;
    }
}

static guint32
broken_limits (const RpEstimate *est,
               guint32           ignored)
{
  guint32 broken = 0;

  for (guint c = 0; c < RP_N_CONSTRAINTS; c++)
    if (est->constraints[c].judged && !est->constraints[c].ok && !(ignored & (1u << c)))
      broken |= 1u << c;
  return broken;
}

static gboolean
runs (const RpChoice *c)
{
  return !(c->broken & (1u << RP_CONSTRAINT_VRAM | 1u << RP_CONSTRAINT_PARALLELISM));
}

/* ---- helpers: one choice -------------------------------------------- */

static double
money_if (gboolean available,
          double   value)
{
  return available ? value : NAN;
}

/* The oldest price behind @c older than six months, among the parts it
 * pays for. */
static void
note_stale (RpChoice         *c,
            const RpEstimate *est,
            gboolean          bought,
            GDate            *today)
{
  g_autoptr(GArray) stale = NULL;

  c->has_stale = FALSE;
  if (today == NULL || !est->cost.computed)
    return;
  stale = rp_prices_stale (&est->cost.prices, today);
  for (guint i = 0; i < stale->len; i++)
    {
      const RpStalePrice *s = &g_array_index (stale, RpStalePrice, i);
      gboolean converted = s->part == RP_PRICE_PART_USD_TO_CNY && !bought &&
                           c->offer != NULL &&
                           c->offer->currency != c->scenario->budget.currency;
      gboolean pays = c->kind == RP_CHOICE_OWNED ? s->part == RP_PRICE_PART_POWER
                      : bought ? s->part != RP_PRICE_PART_RENT &&
                                 s->part != RP_PRICE_PART_USD_TO_CNY
                      : s->part == RP_PRICE_PART_RENT || converted;

      if (pays)
        {
          c->has_stale = TRUE;
          c->stale_part = s->part;
          c->stale_price = *s->price;
          c->stale_months = s->age_months;
          c->stale_offer = s->offer;
          c->stale_region = s->region;
          return;
        }
    }
}

static void
note_market (RpChoice         *c,
             const RpScenario *scenario,
             const RpCatalog  *catalog)
{
  const RpMarket *market = rp_catalog_market_for (catalog, scenario->budget.region,
                                                  scenario->budget.currency);

  memset (&c->availability, 0, sizeof c->availability);
  c->availability.status = RP_AVAILABILITY_UNKNOWN;
  if (market == NULL || c->gpu == NULL)
    return;
  rp_catalog_availability (catalog, c->gpu->id, market->id,
                           c->kind == RP_CHOICE_BUY ? scenario->budget.condition
                                                    : RP_CONDITION_NEW, NULL, &c->availability);
}

/* Fills @c from @est, the estimate of @machine (taken). */
static void
fill_choice (RpChoice         *c,
             RpChoiceKind      kind,
             RpScenario       *machine,
             const RpEstimate *est,
             const RpScenario *scenario,
             const RpCatalog  *catalog,
             GDate            *today)
{
  const RpCostEstimate *cost = &est->cost;

  c->kind = kind;
  c->scenario = machine;
  c->gpu = est->gpu;
  c->gpus = rp_scenario_n_gpus (machine);
  c->nodes = machine->hardware.nodes;
  c->memory_bytes = est->memory.computed ? est->memory.total_bytes : NAN;
  c->headroom_pct = est->memory.computed ? est->memory.headroom_pct : NAN;
  c->days = est->compute.computed ? est->compute.days : NAN;
  c->rent_total = money_if (cost->computed && cost->rent_available && cost->run_available,
                            cost->rent_total);
  c->capital = money_if (cost->computed && cost->buy_available, cost->buy_capital);
  c->per_month = money_if (cost->computed && cost->buy_available, cost->buy_per_month);
  c->payback_months = NAN;
  c->saving_pct = NAN;
  c->hours = est->compute.computed ? est->compute.hours : NAN;
  c->running_per_month = money_if (cost->computed && cost->buy_available,
                                   cost->buy_per_month - cost->buy_depreciation_per_month);
  c->residual = money_if (cost->computed && cost->buy_available, cost->buy_residual);
  c->offer = cost->computed ? cost->rent_offer : NULL;
  c->rent_flags = c->offer != NULL ? cost->prices.rent_flags : 0;
  c->broken = broken_limits (est, ignored_limits (kind, scenario->budget.acquire));
  /* without a deadline, the month the plan assumes (rp-planner.h) */
  if (isnan (scenario->budget.deadline_days) && c->days > RP_PLAN_HORIZON_DAYS)
    c->broken |= 1u << RP_CONSTRAINT_DEADLINE;
  c->advice = RP_PLAN_ADVICE_NONE;
  switch (kind)
    {
    case RP_CHOICE_OWNED:
      c->cost = money_if (cost->computed && cost->energy_available && cost->run_available,
                          cost->buy_run_energy);
      break;
    case RP_CHOICE_BUY:
      c->cost = c->capital;
      break;
    case RP_CHOICE_YOURS:
    case RP_CHOICE_YOURS_FIXED:
      c->cost = scenario->budget.acquire == RP_ACQUIRE_BUY ? c->capital : c->rent_total;
      break;
    case RP_CHOICE_RENT:
    case RP_CHOICE_FASTEST_RENT:
    case RP_N_CHOICE_KINDS:
    default:
      c->cost = c->rent_total;
      break;
    }
  note_market (c, scenario, catalog);
  note_stale (c, est, rp_choice_is_bought (c), today);
}

/* @machine estimated and filled into @c; FALSE (and @machine freed) when
 * it cannot be estimated. */
static gboolean
choice_of (RpChoice         *c,
           RpChoiceKind      kind,
           RpScenario       *machine,
           const RpScenario *scenario,
           const RpCatalog  *catalog,
           GDate            *today)
{
  g_autoptr(RpEstimate) est = rp_estimate_new ();

  if (machine == NULL)
    return FALSE;
  if (!rp_estimate_compute (machine, catalog, est, NULL))
    {
      rp_scenario_free (machine);
      return FALSE;
    }
  fill_choice (c, kind, machine, est, scenario, catalog, today);
  return TRUE;
}

static void
choice_clear (RpChoice *c)
{
  g_clear_pointer (&c->scenario, rp_scenario_free);
  rp_fix_clear (&c->fix);
}

/* @c was reached by @fix: the choice keeps what words need to say it. */
static void
note_fix (RpChoice    *c,
          const RpFix *fix)
{
  c->fixed = TRUE;
  c->fix = *fix;
  c->fix.gpu = g_strdup (fix->gpu);
  c->fix.changes = NULL;
}

/* ---- helpers: the candidates ---------------------------------------- */

/* The user's machine: as it is when every check holds or no fix is found,
 * else with the fix. */
static void
add_yours (GArray           *out,
           const RpScenario *scenario,
           const RpCatalog  *catalog,
           const RpEstimate *estimate,
           GDate            *today)
{
  RpChoice c = { 0 };

  if (estimate->fix.status == RP_FIX_FOUND)
    {
      if (choice_of (&c, RP_CHOICE_YOURS_FIXED, rp_fix_apply (scenario, catalog,
                                                             &estimate->fix, NULL),
                     scenario, catalog, today))
        {
          note_fix (&c, &estimate->fix);
          g_array_append_val (out, c);
          return;
        }
    }
  fill_choice (&c, RP_CHOICE_YOURS, rp_scenario_copy (scenario), estimate, scenario, catalog,
               today);
  g_array_append_val (out, c);
}

/* One machine the user owns: the scenario moved onto it, fixed if it
 * does not hold as it is. */
static void
add_owned_machine (GArray               *out,
                   const RpOwnedMachine *m,
                   const RpGpu          *gpu,
                   const RpScenario     *scenario,
                   const RpCatalog      *catalog,
                   GDate                *today)
{
  g_autoptr(RpScenario) moved = rp_explore_move (scenario, catalog, gpu, m->count / m->nodes,
                                                 m->nodes);
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  RpChoice c = { 0 };

  if (moved == NULL || !rp_fix_estimate (moved, catalog, est, NULL))
    return;
  if (est->fix.status == RP_FIX_FOUND &&
      choice_of (&c, RP_CHOICE_OWNED, rp_fix_apply (moved, catalog, &est->fix, NULL), scenario, catalog,
                 today))
    note_fix (&c, &est->fix);
  else
    fill_choice (&c, RP_CHOICE_OWNED, g_steal_pointer (&moved), est, scenario, catalog, today);
  g_array_append_val (out, c);
}

static gboolean
add_owned (GArray           *out,
           const RpScenario *scenario,
           const RpCatalog  *catalog,
           GDate            *today,
           GError          **error)
{
  g_autoptr(GPtrArray) owned = rp_owned_parse (scenario->hardware.owned_gpus, error);

  if (owned == NULL)
    return FALSE;
  for (guint i = 0; i < owned->len; i++)
    {
      const RpOwnedMachine *m = g_ptr_array_index (owned, i);
      const RpGpu *gpu = rp_catalog_lookup_gpu (catalog, m->gpu);

      if (gpu == NULL)
        {
          rp_error_set_key (error, RP_ERROR_UNKNOWN_GPU, "hardware.owned_gpus",
                            _("“%s” is in no GPU catalog"), m->gpu);
          return FALSE;
        }
      add_owned_machine (out, m, gpu, scenario, catalog, today);
    }
  return TRUE;
}

static gboolean
add_row (GArray           *out,
         RpChoiceKind      kind,
         const RpPlanRow  *row,
         const RpScenario *scenario,
         const RpCatalog  *catalog,
         GDate            *today)
{
  RpChoice c = { 0 };

  if (row == NULL ||
      !choice_of (&c, kind, rp_plan_apply_row (scenario, catalog, row, NULL), scenario, catalog,
                  today))
    return FALSE;
  c.advice = row->advice;
  g_array_append_val (out, c);
  return TRUE;
}

/* Whether @out already rents @row's machine (the user's, as planned). */
static gboolean
already_rented (GArray          *out,
                const RpPlanRow *row)
{
  for (guint i = 0; i < out->len; i++)
    {
      const RpChoice *c = &g_array_index (out, RpChoice, i);

      if (!rp_choice_is_bought (c) && c->kind != RP_CHOICE_OWNED && c->gpu == row->gpu &&
          c->gpus == row->n_gpus && c->nodes == row->scenario->hardware.nodes)
        return TRUE;
    }
  return FALSE;
}

/* The fastest rental within every limit and at most fastest_cost_factor
 * times the best's cost (fewer nodes among those as fast), when it saves
 * a fifth of the best's time or more. */
static void
add_fastest_rent (GArray           *out,
                  const RpPlan     *plan,
                  const RpScenario *scenario,
                  const RpCatalog  *catalog,
                  GDate            *today)
{
  const RpPlanAnswer *a = &plan->answers[RP_PLAN_RENT];
  const RpPlanRow *recommended = rp_plan_get_recommended (plan, RP_PLAN_RENT);
  const RpPlanRow *best = NULL;

  if (recommended == NULL)
    return;
  for (guint i = 0; i < a->rows->len; i++)
    {
      const RpPlanRow *r = g_ptr_array_index (a->rows, i);

      if (!r->feasible || r->advice != RP_PLAN_ADVICE_NONE ||
          r->cost > fastest_cost_factor * recommended->cost ||
          r->scenario->hardware.nodes > MAX (max_fastest_nodes,
                                             recommended->scenario->hardware.nodes))
        continue;
      if (best == NULL || r->days < best->days * (1 - same_days_share) ||
          (r->days <= best->days * (1 + same_days_share) &&
           r->scenario->hardware.nodes < best->scenario->hardware.nodes))
        best = r;
    }
  /* worth naming when it saves a fifth of the time or more */
  if (best != NULL && best != recommended && best->days < 0.8 * recommended->days &&
      !already_rented (out, best))
    add_row (out, RP_CHOICE_FASTEST_RENT, best, scenario, catalog, today);
}

/* ---- helpers: buying against renting -------------------------------- */

/* What renting costs, per month, for the work @c (a purchase) does in a
 * month at @utilization_pct: its runs per month times @rent_run, the best
 * rental's cost of one run. */
static double
rent_same_work (const RpChoice *c,
                double          rent_run,
                double          utilization_pct)
{
  double busy_hours = RP_COST_HOURS_PER_MONTH * utilization_pct / 100.0;

  if (!(c->hours > 0) || !(rent_run > 0))
    return NAN;
  return busy_hours / c->hours * rent_run;
}

/* @c's payback against renting the same work, and what owning saves over
 * @months in percent of renting; returns the saving in money. */
static double
judge_purchase (RpChoice *c,
                double    rent_month,
                double    months)
{
  double renting = rent_month * months;
  double owning = c->capital - c->residual + c->running_per_month * months;
  double monthly_saving = rent_month - c->running_per_month;

  c->payback_months = monthly_saving > 0 ? c->capital / monthly_saving : NAN;
  c->saving_pct = renting > 0 ? 100 * (renting - owning) / renting : NAN;
  return renting - owning;
}

static RpBuyVerdict
verdict_of (const RpChoice *c,
            double          months)
{
  if (isnan (c->payback_months) || !(c->saving_pct > 0))
    return RP_BUY_NO_NEVER;
  if (c->payback_months > months * RP_DECISION_PAYBACK_SHARE_PCT / 100)
    return RP_BUY_NO_LATE;
  if (c->saving_pct < RP_DECISION_BUY_MARGIN_PCT)
    return RP_BUY_NO_MARGIN;
  return RP_BUY_YES;
}

/* The purchase to judge: the plan's first buy row that meets every limit
 * and that no advice is against (the least capital; within 2 % of it the
 * machine of fewer nodes). */
static void
add_buy_candidates (GArray           *out,
                    const RpPlan     *plan,
                    const RpScenario *scenario,
                    const RpCatalog  *catalog,
                    GDate            *today)
{
  const RpPlanAnswer *a = &plan->answers[RP_PLAN_BUY];

  for (guint i = 0; i < a->rows->len; i++)
    {
      const RpPlanRow *r = g_ptr_array_index (a->rows, i);

      if (r->feasible && r->advice == RP_PLAN_ADVICE_NONE &&
          add_row (out, RP_CHOICE_BUY, r, scenario, catalog, today))
        return;
    }
}

/* Judges every purchase in @choices against @rent (the best rental) and
 * keeps the one that saves most; the others are dropped.  Returns the
 * verdict on it. */
static RpBuyVerdict
keep_best_purchase (RpDecision       *d,
                    GArray           *choices,
                    const RpChoice   *rent,
                    double            utilization_pct)
{
  gint best = -1;
  double best_saving = -INFINITY;
  double months = d->years * 12;

  for (guint i = 0; i < choices->len; i++)
    {
      RpChoice *c = &g_array_index (choices, RpChoice, i);
      double rent_month, saving;

      if (c->kind != RP_CHOICE_BUY)
        continue;
      rent_month = rent != NULL ? rent_same_work (c, rent->rent_total, utilization_pct) : NAN;
      saving = isnan (rent_month) ? -INFINITY : judge_purchase (c, rent_month, months);
      if (best < 0 || saving > best_saving)
        {
          best = (gint) i;
          best_saving = saving;
          d->rent_per_month_same_work = rent_month;
        }
    }
  for (guint i = choices->len; i > 0; i--)
    {
      RpChoice *c = &g_array_index (choices, RpChoice, i - 1);

      if (c->kind == RP_CHOICE_BUY && (gint) (i - 1) != best)
        {
          choice_clear (c);
          g_array_remove_index (choices, i - 1);
          if ((gint) (i - 1) < best)
            best--;
        }
    }
  if (best < 0)
    return RP_BUY_NOTHING;
  if (rent == NULL)
    return RP_BUY_NO_RENTAL;
  return verdict_of (&g_array_index (choices, RpChoice, best), months);
}

/* ---- helpers: ranking ----------------------------------------------- */

static guint
n_broken (const RpChoice *c)
{
  guint n = 0;

  for (guint32 b = c->broken; b != 0; b &= b - 1)
    n++;
  return n;
}

/* Meets every limit first, then runs, then fewer limits broken, then
 * cheaper, then faster. */
static int
compare_choices (gconstpointer pa,
                 gconstpointer pb)
{
  const RpChoice *a = pa, *b = pb;
  double ca = isnan (a->cost) ? INFINITY : a->cost, cb = isnan (b->cost) ? INFINITY : b->cost;

  if (rp_choice_meets_limits (a) != rp_choice_meets_limits (b))
    return rp_choice_meets_limits (a) ? -1 : 1;
  if (runs (a) != runs (b))
    return runs (a) ? -1 : 1;
  if (n_broken (a) != n_broken (b))
    return n_broken (a) < n_broken (b) ? -1 : 1;
  if (ca != cb)
    return ca < cb ? -1 : 1;
  if (a->days != b->days)
    return a->days < b->days ? -1 : 1;
  return (int) a->kind - (int) b->kind;
}

static gint
find_kind (GArray       *choices,
           RpChoiceKind  kind,
           gboolean      meeting_limits)
{
  gint best = -1;

  for (guint i = 0; i < choices->len; i++)
    {
      const RpChoice *c = &g_array_index (choices, RpChoice, i);
      const RpChoice *b = best >= 0 ? &g_array_index (choices, RpChoice, best) : NULL;

      if (c->kind != kind || (meeting_limits && !rp_choice_meets_limits (c)))
        continue;
      if (b == NULL || (isnan (b->cost) && !isnan (c->cost)) || c->cost < b->cost)
        best = (gint) i;
    }
  return best;
}

/* The recommendation, by the rules at the top of this file; -1 when no
 * choice meets every limit. */
static gint
recommend (GArray           *choices,
           RpBuyVerdict      buy,
           const RpScenario *scenario)
{
  gint owned = find_kind (choices, RP_CHOICE_OWNED, TRUE);
  gint bought = find_kind (choices, RP_CHOICE_BUY, TRUE);
  gint rent = find_kind (choices, RP_CHOICE_RENT, TRUE);
  gint yours = find_kind (choices, RP_CHOICE_YOURS, TRUE);
  gint fixed = find_kind (choices, RP_CHOICE_YOURS_FIXED, TRUE);
  gint planned = yours >= 0 ? yours : fixed;
  const RpChoice *r = rent >= 0 ? &g_array_index (choices, RpChoice, rent) : NULL;
  const RpChoice *p = planned >= 0 ? &g_array_index (choices, RpChoice, planned) : NULL;

  if (owned >= 0)
    return owned;
  if (bought >= 0 && (buy == RP_BUY_YES ||
                      (buy == RP_BUY_NO_RENTAL && scenario->budget.acquire == RP_ACQUIRE_BUY)))
    return bought;
  /* the user's own purchase is judged as any purchase is */
  if (p != NULL && scenario->budget.acquire == RP_ACQUIRE_BUY && r != NULL)
    return rent;
  if (p != NULL && (r == NULL || isnan (r->cost) ||
                    p->cost <= r->cost * (1 + RP_DECISION_OWN_CHOICE_PCT / 100)))
    return planned;
  return rent;
}

static void
rank (RpDecision       *d,
      GArray           *choices,
      const RpScenario *scenario)
{
  gint chosen = recommend (choices, d->buy, scenario);
  RpChoice first;

  if (chosen >= 0)
    {
      first = g_array_index (choices, RpChoice, chosen);
      g_array_remove_index (choices, chosen);
    }
  g_array_sort (choices, compare_choices);
  if (chosen >= 0)
    g_array_prepend_val (choices, first);
  d->has_recommended = chosen >= 0;
  if (d->has_recommended)
    d->status = RP_DECISION_OK;
  else
    {
      gboolean any_runs = FALSE;

      for (guint i = 0; i < choices->len; i++)
        any_runs |= runs (&g_array_index (choices, RpChoice, i));
      d->status = any_runs ? RP_DECISION_OVER_LIMITS : RP_DECISION_NOTHING_RUNS;
    }
}

/* ---- public API ----------------------------------------------------- */

RpDecision *
rp_decision_new (const RpScenario *scenario,
                 const RpCatalog  *catalog,
                 const RpEstimate *estimate,
                 const RpPlan     *plan,
                 GDate            *today,
                 GError          **error)
{
  g_autoptr(RpDecision) d = NULL;
  g_autoptr(GArray) choices = NULL;
  const RpPrice *years;

  g_return_val_if_fail (scenario != NULL && catalog != NULL && estimate != NULL, NULL);

  d = g_new0 (RpDecision, 1);
  d->base = rp_scenario_copy (scenario);
  years = &estimate->cost.prices.years;
  d->years = years->origin != RP_PRICE_UNKNOWN && years->value > 0 ? years->value : 5;
  d->utilization_pct = scenario->budget.utilization_pct;
  d->rent_per_month_same_work = NAN;
  d->buy = scenario->budget.acquire == RP_ACQUIRE_RENT ? RP_BUY_NOT_ASKED : RP_BUY_NOTHING;
  choices = g_array_new (FALSE, TRUE, sizeof (RpChoice));
  if (!add_owned (choices, scenario, catalog, today, error))
    {
      for (guint i = 0; i < choices->len; i++)
        choice_clear (&g_array_index (choices, RpChoice, i));
      return NULL;
    }
  add_yours (choices, scenario, catalog, estimate, today);
  if (plan != NULL)
    {
      const RpPlanRow *rent_row = rp_plan_get_recommended (plan, RP_PLAN_RENT);
      gboolean have_rent = add_row (choices, RP_CHOICE_RENT, rent_row, scenario, catalog, today);

      add_fastest_rent (choices, plan, scenario, catalog, today);
      if (scenario->budget.acquire != RP_ACQUIRE_RENT)
        {
          add_buy_candidates (choices, plan, scenario, catalog, today);
          d->buy = keep_best_purchase (d, choices,
                                       have_rent ? &g_array_index (choices, RpChoice,
                                                                   find_kind (choices,
                                                                              RP_CHOICE_RENT,
                                                                              FALSE))
                                                 : NULL,
                                       scenario->budget.utilization_pct);
        }
    }
  rank (d, choices, scenario);
  d->n_choices = choices->len;
  d->choices = (RpChoice *) g_array_free (g_steal_pointer (&choices), FALSE);
  for (guint i = 0; i < d->n_choices; i++)
    {
      if (d->choices[i].kind == RP_CHOICE_BUY)
        d->best_buy = &d->choices[i];
      if (d->choices[i].kind == RP_CHOICE_RENT)
        d->best_rent = &d->choices[i];
    }
  return g_steal_pointer (&d);
}

RpDecision *
rp_decision_compute (const RpScenario *scenario,
                     const RpCatalog  *catalog,
                     const RpEstimate *estimate,
                     GDate            *today,
                     RpPlan          **out_plan,
                     GError          **error)
{
  g_autoptr(RpPlan) plan = NULL;
  RpDecision *d;
  RpPlanOptions options;

  g_return_val_if_fail (scenario != NULL && catalog != NULL && estimate != NULL, NULL);

  rp_plan_options_init (&options);
  plan = rp_plan_compute (scenario, catalog, &options, NULL, NULL, NULL, error);
  if (plan == NULL)
    return NULL;
  d = rp_decision_new (scenario, catalog, estimate, plan, today, error);
  /* The user's machine is recommended with its fix, but the plan was of
   * the run unfixed: a fix the planner holds still (the optimizer, the
   * loss) may let a cheaper machine run it too, which the scenario would
   * find once the fix is adopted.  Plan the fixed run and decide on that
   * plan, so that adopting the recommendation recommends it again. */
  if (d != NULL && rp_decision_get_recommended (d) != NULL &&
      rp_decision_get_recommended (d)->kind == RP_CHOICE_YOURS_FIXED)
    {
      g_autoptr(RpPlan) fixed_plan = rp_plan_compute (rp_decision_get_recommended (d)->scenario,
                                                      catalog, &options, NULL, NULL, NULL, NULL);
      RpDecision *again = fixed_plan != NULL ?
                          rp_decision_new (scenario, catalog, estimate, fixed_plan, today, NULL) :
                          NULL;

      if (again != NULL)
        {
          rp_decision_free (d);
          d = again;
          g_clear_pointer (&plan, rp_plan_free);
          plan = g_steal_pointer (&fixed_plan);
        }
    }
  if (d != NULL && out_plan != NULL)
    *out_plan = g_steal_pointer (&plan);
  return d;
}

void
rp_decision_free (RpDecision *decision)
{
  if (decision == NULL)
    return;
  for (guint i = 0; i < decision->n_choices; i++)
    choice_clear (&decision->choices[i]);
  g_free (decision->choices);
  rp_scenario_free (decision->base);
  g_free (decision);
}

static const RpChoice *
choice_named (const RpDecision *d,
              const char       *which)
{
  if (g_str_equal (which, "recommended"))
    return rp_decision_get_recommended (d);
  if (g_str_equal (which, "rent"))
    return d->best_rent;
  if (g_str_equal (which, "buy"))
    return d->best_buy;
  return NULL;
}

static const RpPlanRow *
row_named (const RpDecision *d,
           const RpPlan     *plan,
           const char       *which)
{
  const RpChoice *rec = rp_decision_get_recommended (d);
  const RpPlanAnswer *a;
  const char *number = which;
  guint64 n = 0;

  if (plan == NULL)
    return NULL;
  if (g_str_has_prefix (which, "rent:"))
    a = &plan->answers[RP_PLAN_RENT], number = which + 5;
  else if (g_str_has_prefix (which, "buy:"))
    a = &plan->answers[RP_PLAN_BUY], number = which + 4;
  else
    /* a bare N: a row of the answer the decision recommends from */
    a = &plan->answers[rec != NULL && rec->kind == RP_CHOICE_BUY ? RP_PLAN_BUY : RP_PLAN_RENT];
  if (a->rows == NULL ||
      !g_ascii_string_to_unsigned (number, 10, 1, MAX (a->rows->len, 1), &n, NULL) ||
      n > a->rows->len)
    return NULL;
  return g_ptr_array_index (a->rows, n - 1);
}

RpScenario *
rp_decision_apply (const RpDecision *decision,
                   const RpScenario *scenario,
                   const RpCatalog  *catalog,
                   const RpPlan     *plan,
                   const char       *which,
                   GError          **error)
{
  const RpChoice *choice;
  const RpPlanRow *row;

  g_return_val_if_fail (decision != NULL && scenario != NULL && catalog != NULL, NULL);
  g_return_val_if_fail (which != NULL, NULL);

  choice = choice_named (decision, which);
  if (choice != NULL)
    {
      /* the choice's edits against the scenario decided on, applied to
       * @scenario as it is now: later edits elsewhere stay */
      g_autoptr(GArray) changes = rp_decision_choice_changes (decision, choice);

      return rp_scenario_edit_all (scenario, catalog, changes, error);
    }
  row = row_named (decision, plan, which);
  if (row != NULL)
    return rp_plan_apply_row (scenario, catalog, row, error);
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               g_str_equal (which, "recommended")
               ? _("%s: nothing meets every limit, so nothing is recommended")
               /* TRANSLATORS: %s is what the user asked to apply */
               : _("%s: no such machine; give recommended, rent, buy, N, rent:N or buy:N"),
               which);
  return NULL;
}

GArray *
rp_decision_choice_changes (const RpDecision *decision,
                            const RpChoice   *choice)
{
  g_return_val_if_fail (decision != NULL && choice != NULL, NULL);
  return rp_scenario_diff (decision->base, choice->scenario);
}

const RpChoice *
rp_decision_get_recommended (const RpDecision *decision)
{
  g_return_val_if_fail (decision != NULL, NULL);
  return decision->has_recommended ? &decision->choices[0] : NULL;
}

gboolean
rp_choice_is_bought (const RpChoice *choice)
{
  g_return_val_if_fail (choice != NULL, FALSE);
  return choice->kind == RP_CHOICE_BUY ||
         ((choice->kind == RP_CHOICE_YOURS || choice->kind == RP_CHOICE_YOURS_FIXED) &&
          choice->scenario->budget.acquire == RP_ACQUIRE_BUY);
}

gboolean
rp_choice_meets_limits (const RpChoice *choice)
{
  g_return_val_if_fail (choice != NULL, FALSE);
  return choice->broken == 0 && !isnan (choice->days);
}

const char *
rp_choice_kind_to_string (RpChoiceKind kind)
{
  static const char *const names[RP_N_CHOICE_KINDS] = {
    "yours", "yours-fixed", "owned", "rent", "fastest-rent", "buy",
  };

  g_return_val_if_fail ((guint) kind < RP_N_CHOICE_KINDS, NULL);
  return names[kind];
}

const char *
rp_buy_verdict_to_string (RpBuyVerdict verdict)
{
  static const char *const names[RP_N_BUY_VERDICTS] = {
    "not-asked", "nothing", "no-rental", "buy", "dont-buy-never", "dont-buy-late",
    "dont-buy-margin",
  };

  g_return_val_if_fail ((guint) verdict < RP_N_BUY_VERDICTS, NULL);
  return names[verdict];
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-planner.h: the machine to rent and the machine to buy
 *
 * The planner puts the scenario on every allowed GPU type and count
 * (rp_explore_move: that GPU's link, network and catalog prices in the
 * scenario's currency; the user's typed prices only on the GPU they were
 * typed for), finds on each machine the fastest tensor × pipeline × ZeRO
 * × recomputation × micro-batch setting that fits with the required
 * headroom, and ranks the machines in two answers that are never mixed:
 *
 *   rent  the cost of this run on the cheapest allowed offer (provider,
 *         kind and class named); marketplace offers only when
 *         budget.allow_marketplace, spot only when budget.rent_kind says so
 *   buy   the capital, with the monthly cost of owning and the break-even
 *         against renting at the stated utilization
 *
 * Each answer ranks the machines that meet every constraint (memory with
 * headroom, the deadline, the run budget or the capital limit) first,
 * cheapest first, then faster; marks its Pareto front of (days, cost);
 * and recommends its first row, or nothing, with the reason.
 *
 * The search never runs the fix search and formats no text: the memory
 * and time models run alone on each setting, and one full estimate (no
 * fix, no advice) prices the best setting of each machine.  Machines that
 * cannot enter an answer's first rows nor its front, by lower bounds on
 * their days and cost, are not searched; rp-planner.c says why each rule
 * is exact. */
#pragma once

#include <gio/gio.h>

#include "rp-estimate.h"

G_BEGIN_DECLS

typedef enum
{
  RP_PLAN_RENT,
  RP_PLAN_BUY,
  RP_N_PLAN_ANSWERS
} RpPlanAnswerKind;

/* Why an answer recommends what it does, or nothing. */
typedef enum
{
  RP_PLAN_STATUS_OK,            /* a machine meets every constraint */
  RP_PLAN_STATUS_NOT_ASKED,     /* budget.acquire leaves this answer out */
  RP_PLAN_STATUS_NO_GPU,        /* the filters leave no GPU that computes in the precision */
  RP_PLAN_STATUS_NOTHING_FITS,  /* no machine holds the run with the required headroom */
  RP_PLAN_STATUS_NO_PRICE,      /* machines fit, but none has a price for this answer */
  RP_PLAN_STATUS_LATE,          /* none meets the deadline */
  RP_PLAN_STATUS_OVER_BUDGET,   /* some meet the deadline, none within the money */
  RP_N_PLAN_STATUSES
} RpPlanStatus;

/* Why a buyer is advised against a machine that meets every limit; such
 * rows rank after those without advice. */
typedef enum
{
  RP_PLAN_ADVICE_NONE,
  RP_PLAN_ADVICE_LICENCE,       /* GeForce cards in several nodes: a datacenter build
                                 * their driver's licence excludes */
  RP_N_PLAN_ADVICES
} RpPlanAdvice;

/* A scenario without a deadline is planned as if it had one of a month:
 * the cheapest machine is otherwise the slowest, and a run of most of a
 * year is no plan.  A month, because runs longer than that are rare even
 * where the hardware is the largest (Llama 3 405B: 54 days on 16,384
 * H100s, with 419 interruptions; Dubey et al. 2024, "The Llama 3 Herd of
 * Models", §3.3.4).  A policy, stated wherever it applies. */
#define RP_PLAN_HORIZON_DAYS 30.0

typedef struct
{
  guint             top;          /* rows each answer ranks exactly (its first ones) */
  gboolean          exhaustive;   /* no pruning: every setting of every machine (tests) */
} RpPlanOptions;

/* One machine in one answer. */
typedef struct
{
  RpPlanAnswerKind  kind;
  RpScenario       *scenario;     /* owned: the machine and its setting; rent rows name
                                   * their offer in budget.rent_offer */
  const RpGpu      *gpu;          /* borrowed from the catalog */
  guint             n_gpus;
  double            total_bytes;  /* memory per GPU */
  double            headroom_pct;
  double            days;
  double            gpu_hours;
  RpBottleneck      bottleneck;
  double            cost;         /* rent: this run; buy: the capital */
  /* renting */
  const RpCloudOffer *offer;      /* borrowed; NULL: the user's own price */
  double            rent_per_gpu_hour;
  double            rent_total;   /* this run */
  /* buying */
  double            capital;
  double            per_month;    /* owning, at the utilization */
  double            break_even_months; /* against renting the same machine; < 0: not
                                        * within the period or unknown */
  gboolean          meets_deadline;
  gboolean          within_budget; /* rent: the run budget; buy: the capital limit */
  gboolean          feasible;     /* every constraint of this answer holds (buy: growth too) */
  RpPlanAdvice      advice;       /* what a buyer is advised against here */
  gboolean          pareto;       /* no row of the answer is both faster and cheaper */
} RpPlanRow;

typedef struct
{
  RpPlanAnswerKind  kind;
  gboolean          asked;        /* budget.acquire asks for it; renting is also planned,
                                   * not shown, to judge buying against */
  RpPlanStatus      status;
  GPtrArray        *rows;         /* RpPlanRow*, owned: feasible first, cheapest, faster */
  gint              recommended;  /* index in rows, -1 when none */
  gint              fastest;      /* the row with the fewest days, -1 when no rows */
  gint              cheapest_on_time; /* the cheapest row on time, -1 when none */
} RpPlanAnswer;

typedef struct
{
  RpPlanAnswer      answers[RP_N_PLAN_ANSWERS];
  RpAcquire         acquire;
  RpCurrency        currency;
  double            deadline_days;  /* the scenario's, else RP_PLAN_HORIZON_DAYS */
  gboolean          deadline_assumed; /* the scenario has none: the horizon is used */
  double            run_budget;     /* NAN: none */
  double            capital_limit;  /* NAN: none */
  double            utilization_pct;
  /* the scenario as it is, for the marker: NAN where unknown */
  double            current_days;
  double            current_rent;
  double            current_capital;
  /* the search */
  guint64           n_space;        /* settings in the search space */
  guint64           n_evaluated;    /* settings the memory model ran on */
  guint64           n_timed;        /* settings the time model ran on */
  guint             n_gpu_types;    /* GPU types the filters allow */
  guint             n_machines;     /* GPU type × count */
  guint             n_searched;     /* machines searched (not pruned) */
  guint             n_fit;          /* machines with a fitting setting */
  double            seconds;
} RpPlan;

/* Called from the thread computing the plan, at most a few times per
 * second of work, with the share done (0..1). */
typedef void (*RpPlanProgress) (double   fraction,
                                gpointer user_data);

void          rp_plan_options_init  (RpPlanOptions       *options);

/* Fails when the scenario cannot be estimated, a planner filter names
 * nothing (an unknown GPU id), or @cancellable was cancelled
 * (G_IO_ERROR_CANCELLED).  "Nothing fits" is a plan with a status. */
RpPlan       *rp_plan_compute       (const RpScenario    *scenario,
                                     const RpCatalog     *catalog,
                                     const RpPlanOptions *options,
                                     GCancellable        *cancellable,
                                     RpPlanProgress       progress,
                                     gpointer             progress_data,
                                     GError             **error);
void          rp_plan_free          (RpPlan              *plan);

/* The recommended row of answer @kind; NULL when none.  Which answer the
 * plan as a whole recommends is the decision's (decide/rp-decision.h). */
const RpPlanRow *rp_plan_get_recommended (const RpPlan    *plan,
                                          gint             kind);

/* @scenario with @row's machine and setting (rp_plan_row_changes applied
 * to it): what "Use this machine" and `plan --apply` adopt.  Transfer
 * full. */
RpScenario   *rp_plan_apply_row     (const RpScenario    *scenario,
                                     const RpCatalog     *catalog,
                                     const RpPlanRow     *row,
                                     GError             **error);

/* The changes that turn @base (the scenario planned) into @row's machine
 * and setting (rp_scenario_diff), and a purchase's into acquire: buy;
 * apply them with rp_scenario_edit_all.
 * Transfer full. */
GArray       *rp_plan_row_changes   (const RpScenario    *base,
                                     const RpPlanRow     *row);


const char   *rp_plan_answer_kind_to_string (RpPlanAnswerKind kind);
const char   *rp_plan_status_to_string      (RpPlanStatus     status);

/* Splits a planner list ("a, b ,c") into its words; NULL for NULL or
 * an empty list.  Transfer full. */
GStrv         rp_plan_split_list    (const char          *list);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpPlan, rp_plan_free)

G_END_DECLS

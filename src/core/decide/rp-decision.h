/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-decision.h: one answer a team can act on
 *
 * From one estimate (with its fix) and one plan, the decision says once:
 * what becomes of the user's own machine (as it is, or fixed), the GPUs
 * they already own, the best machine to rent, the best machine to buy or
 * "don't buy" with the reason, and which of these is recommended, the
 * others ranked as alternatives.  The window, `estimate`, `plan`, the PDF
 * and Compare show this decision; none re-derives it.
 *
 * Buying is judged as an experienced buyer judges it: against the best
 * rental the plan found for the same work (any GPU, any provider), at the
 * scenario's utilization.  Buying is recommended only when owning costs
 * at least RP_DECISION_BUY_MARGIN_PCT less than renting the same work
 * over the depreciation period AND pays back within
 * RP_DECISION_PAYBACK_SHARE_PCT of that period (rp-decision.c cites why).
 *
 * Numbers and codes only; words/ writes the sentences. */
#pragma once

#include "rp-fix.h"
#include "rp-market.h"
#include "rp-planner.h"

G_BEGIN_DECLS

/* Owning must save at least this share of what renting the same work
 * costs over the period. */
#define RP_DECISION_BUY_MARGIN_PCT 15.0
/* … and pay back within this share of the depreciation period. */
#define RP_DECISION_PAYBACK_SHARE_PCT 50.0
/* The user's own machine is recommended over a cheaper rental when it
 * costs at most this much more (it is what they planned and know). */
#define RP_DECISION_OWN_CHOICE_PCT 10.0

typedef enum
{
  RP_CHOICE_YOURS,              /* the scenario's machine as it is */
  RP_CHOICE_YOURS_FIXED,        /* the scenario's machine with the fix applied */
  RP_CHOICE_OWNED,              /* GPUs the user already owns (fixed where needed) */
  RP_CHOICE_RENT,               /* the plan's best rental */
  RP_CHOICE_FASTEST_RENT,       /* the plan's fastest rental within the limits */
  RP_CHOICE_BUY,                /* the plan's best purchase */
  RP_N_CHOICE_KINDS
} RpChoiceKind;

/* What the decision says of buying. */
typedef enum
{
  RP_BUY_NOT_ASKED,             /* budget.acquire is rent */
  RP_BUY_NOTHING,               /* no machine can be bought within the limits */
  RP_BUY_NO_RENTAL,             /* nothing to judge it against: no rental priced */
  RP_BUY_YES,                   /* owning beats renting by the margin and pays back in time */
  RP_BUY_NO_NEVER,              /* owning never costs less than renting the same work */
  RP_BUY_NO_LATE,               /* it pays back, but after the share of the period */
  RP_BUY_NO_MARGIN,             /* it saves less than the margin */
  RP_N_BUY_VERDICTS
} RpBuyVerdict;

/* Why nothing is recommended. */
typedef enum
{
  RP_DECISION_OK,               /* a choice meets every limit */
  RP_DECISION_NOTHING_RUNS,     /* no choice holds the run in memory */
  RP_DECISION_OVER_LIMITS,      /* some run, none within every limit */
} RpDecisionStatus;

typedef struct
{
  RpChoiceKind        kind;
  RpScenario         *scenario;     /* owned: the user's scenario on this machine */
  const RpGpu        *gpu;          /* borrowed */
  guint               gpus;
  guint               nodes;
  gboolean            fixed;        /* the fix was applied to get here */
  RpFix               fix;          /* then that fix's steps and larger GPU (its
                                     * changes are in @scenario: NULL here) */
  double              memory_bytes;
  double              headroom_pct;
  double              days;         /* NAN: not timed */
  double              cost;         /* what this choice costs: the run rented, the
                                     * capital bought, the power of owned GPUs; NAN */
  double              rent_total;   /* this run rented; NAN */
  double              capital;      /* NAN */
  double              per_month;    /* owning, at the utilization; NAN */
  double              payback_months; /* buy: against the best rental; NAN never/none */
  double              saving_pct;   /* buy: of renting the same work, whole period */
  double              running_per_month; /* owning without depreciation: power, upkeep,
                                     * operations, colocation, cost of capital; NAN */
  double              residual;     /* resale at the end of the period; NAN */
  double              hours;        /* the run's wall-clock hours; NAN */
  const RpCloudOffer *offer;        /* borrowed; the rent's offer */
  guint               rent_flags;   /* RpRentFlags: how @offer was chosen (an unchecked
                                     * provider, the buyer's quote) */
  guint32             broken;       /* 1 << RpConstraintCode of every limit not met */
  RpPlanAdvice        advice;
  RpAvailability      availability; /* of the GPU in the buyer's market (borrowed parts) */
  /* the oldest price behind it older than six months, or has_stale FALSE */
  gboolean            has_stale;
  RpPricePart         stale_part;
  RpPrice             stale_price;  /* a copy (its strings borrowed from the catalog) */
  double              stale_months;
  const RpCloudOffer *stale_offer;  /* borrowed */
  const RpRegion     *stale_region; /* borrowed */
} RpChoice;

typedef struct
{
  RpScenario         *base;         /* owned: the scenario decided on */
  RpDecisionStatus    status;
  RpChoice           *choices;      /* owned, n_choices: the recommendation first when
                                     * there is one, then the alternatives ranked */
  guint               n_choices;
  gboolean            has_recommended;
  RpBuyVerdict        buy;
  const RpChoice     *best_buy;     /* borrowed from choices, or NULL */
  const RpChoice     *best_rent;    /* borrowed from choices, or NULL */
  double              rent_per_month_same_work; /* renting what the bought machine does
                                                 * in a month at the utilization; NAN */
  double              years;        /* the depreciation period judged over */
  double              utilization_pct;
} RpDecision;

/* The decision for @scenario, estimated in @estimate (rp_fix_estimate())
 * and planned in @plan (NULL: the plan is not known yet, and only the
 * user's own and owned machines are judged).  @today dates the prices
 * (NULL: never stale).  Fails only when the owned GPUs name none of the
 * catalog (the error names hardware.owned_gpus).  Transfer full. */
RpDecision     *rp_decision_new       (const RpScenario *scenario,
                                       const RpCatalog  *catalog,
                                       const RpEstimate *estimate,
                                       const RpPlan     *plan,
                                       GDate            *today,
                                       GError          **error);
void            rp_decision_free      (RpDecision       *decision);
/* Plans @scenario (the default plan options) and decides: what `estimate`
 * and `plan` show.  @out_plan (may be NULL) receives the plan.  Fails as
 * rp_plan_compute() or rp_decision_new() do.  Transfer full. */
RpDecision     *rp_decision_compute   (const RpScenario *scenario,
                                       const RpCatalog  *catalog,
                                       const RpEstimate *estimate,
                                       GDate            *today,
                                       RpPlan          **out_plan,
                                       GError          **error);

/* @scenario with the machine @which names: "recommended" (the decision's
 * recommendation), "rent" or "buy" (the decision's best rental or
 * purchase), "rent:N" or "buy:N" (row N of that answer of @plan, from 1).
 * The function behind the window's "Use this machine", `plan --apply` and
 * `export --plan-row`; its edits are core's (rp-edit.h).  Transfer full;
 * NULL with an error (G_OPTION_ERROR_BAD_VALUE) naming @which when there
 * is no such machine, or core's error when an edit is refused. */
RpScenario     *rp_decision_apply     (const RpDecision *decision,
                                       const RpScenario *scenario,
                                       const RpCatalog  *catalog,
                                       const RpPlan     *plan,
                                       const char       *which,
                                       GError          **error);

/* The edits that turn the scenario decided on into @choice's machine and
 * settings (RpChange, transfer full): what "Use this machine" applies. */
GArray         *rp_decision_choice_changes (const RpDecision *decision,
                                            const RpChoice   *choice);
/* The recommended choice, or NULL. */
const RpChoice *rp_decision_get_recommended (const RpDecision *decision);
/* Whether @choice is bought (a purchase, or the user's machine when the
 * scenario buys), else rented or owned. */
gboolean        rp_choice_is_bought    (const RpChoice  *choice);
/* Whether @choice meets every limit the scenario sets. */
gboolean        rp_choice_meets_limits (const RpChoice  *choice);

const char     *rp_choice_kind_to_string  (RpChoiceKind  kind);
const char     *rp_buy_verdict_to_string  (RpBuyVerdict  verdict);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpDecision, rp_decision_free)

G_END_DECLS

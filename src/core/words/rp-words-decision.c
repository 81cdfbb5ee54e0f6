/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-words-decision.c: the decision as people read it
 *
 * One sentence per choice, one for why the recommendation is what it is,
 * one for buying; the CLI, the window, the PDF and the JSON all show
 * these (decide/rp-decision.h makes the decision, in numbers). */

#include "config.h"

#include "rp-words.h"

#include "rp-format.h"
#include "rp-gettext.h"
#include "rp-scenario.h"
#include "rp-units.h"

#include <math.h>

/* ---- helpers -------------------------------------------------------- */

/* @text with a capital first letter, in languages that have them. */
static char *
capitalized (const char *text)
{
  g_autofree char *first = g_utf8_substring (text, 0, 1);
  g_autofree char *upper = g_utf8_strup (first, -1);

  return g_strconcat (upper, g_utf8_offset_to_pointer (text, 1), NULL);
}

static char *
machine_text (const RpChoice *c)
{
  const char *name = c->gpu != NULL ? c->gpu->name : "?";

  if (c->nodes <= 1)
    /* TRANSLATORS: a machine: GPU count × GPU name */
    return g_strdup_printf (_("%u × %s"), c->gpus, name);
  /* TRANSLATORS: a machine of several servers: GPUs × name, servers */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u × %s in %u node",
                                       "%u × %s in %u nodes", c->nodes),
                          c->gpus, name, c->nodes);
}

static RpCurrency
currency_of (const RpChoice *c)
{
  return c->scenario != NULL ? c->scenario->budget.currency : RP_CURRENCY_USD;
}

static char *
money (const RpChoice *c,
       double          amount)
{
  return rp_units_format_money (amount, currency_of (c));
}

static char *
days_text (double days)
{
  return isnan (days) ? g_strdup (_("not timed")) : rp_units_format_hours (days * 24);
}

static char *
rent_where (const RpChoice *c)
{
  RpRentKind kind = c->scenario != NULL ? c->scenario->budget.rent_kind : RP_RENT_ON_DEMAND;
  const char *terms = rp_enum_info_get_label (&rp_rent_kind_info, kind);

  if (c->offer == NULL)
    /* TRANSLATORS: how a machine is rented when the user typed the price */
    return g_strdup (_("at your price"));
  /* TRANSLATORS: rental terms ("On demand"), then the provider */
  return g_strdup_printf (_("%s, from %s"), terms, c->offer->provider);
}

/* "8 × H100 rented on demand from AWS: 5.2 days, $6,100, 27 % headroom" */
static char *
rented_text (const RpChoice *c,
             const char     *machine)
{
  g_autofree char *where = rent_where (c);
  g_autofree char *days = days_text (c->days);
  g_autofree char *cost = money (c, c->rent_total);
  g_autofree char *headroom = rp_units_format_percent (c->headroom_pct, 0);

  /* TRANSLATORS: a machine, where it is rented, the run's time and rent, free VRAM */
  return g_strdup_printf (_("rent %s (%s): %s, %s, %s headroom"), machine, where, days, cost,
                          headroom);
}

static char *
bought_text (const RpChoice *c,
             const char     *machine)
{
  g_autofree char *capital = money (c, c->capital);
  g_autofree char *monthly = money (c, c->per_month);
  g_autofree char *days = days_text (c->days);

  /* TRANSLATORS: a machine, its price, owning it per month, one run's time */
  return g_strdup_printf (_("buy %s for %s, then %s a month: %s a run"), machine, capital,
                          monthly, days);
}

static char *
owned_text (const RpChoice *c,
            const char     *machine)
{
  g_autofree char *days = days_text (c->days);
  g_autofree char *amount = money (c, c->cost);
  g_autofree char *power = isnan (c->cost) ? g_strdup (_("power at a price not known"))
                           /* TRANSLATORS: the electricity a run on owned GPUs uses */
                           : g_strdup_printf (_("%s of power"), amount);

  /* TRANSLATORS: the machine the user owns, the run's time, its power cost */
  return g_strdup_printf (_("use the %s you own: %s, %s"), machine, days, power);
}

/* The limits @c breaks, "misses the deadline by 3.0 days and goes over
 * the budget by ¥1,200", or NULL. */
static char *
broken_text (const RpChoice *c)
{
  g_autoptr(GString) out = g_string_new (NULL);
  const RpBudget *b = c->scenario != NULL ? &c->scenario->budget : NULL;

  for (guint k = 0; k < RP_N_CONSTRAINTS; k++)
    {
      g_autofree char *part = NULL;

      if (!(c->broken & (1u << k)))
        continue;
      if (k == RP_CONSTRAINT_DEADLINE && b != NULL && isnan (b->deadline_days))
        {
          g_autofree char *horizon = days_text (RP_PLAN_HORIZON_DAYS);

          /* TRANSLATORS: the month a plan assumes when no deadline is set */
          part = g_strdup_printf (_("takes longer than the %s assumed without a deadline"),
                                  horizon);
        }
      else if (k == RP_CONSTRAINT_DEADLINE && b != NULL && !isnan (c->days))
        {
          g_autofree char *late = days_text (c->days - b->deadline_days);

          part = g_strdup_printf (_("misses the deadline by %s"), late);
        }
      else if (k == RP_CONSTRAINT_RUN_BUDGET && b != NULL)
        {
          g_autofree char *over = money (c, c->rent_total - b->limit);

          part = g_strdup_printf (_("goes over the budget by %s"), over);
        }
      else if (k == RP_CONSTRAINT_CAPITAL && b != NULL)
        {
          double limit = !isnan (b->capital_limit) ? b->capital_limit : b->limit;
          g_autofree char *over = money (c, c->capital - limit);

          part = g_strdup_printf (_("goes over the capital limit by %s"), over);
        }
      else
        /* TRANSLATORS: a check a machine fails, by its name ("GPU memory") */
        part = g_strdup_printf (_("fails the %s check"), rp_words_constraint_name (k));
      if (out->len > 0)
        /* TRANSLATORS: between two failures of one machine */
        g_string_append (out, _(" and "));
      g_string_append (out, part);
    }
  return out->len > 0 ? g_strdup (out->str) : NULL;
}

/* What to know before taking @c: the market's rules for its GPU, a
 * licence, a stale price.  NULL when nothing. */
static char *
caveats_text (const RpChoice *c)
{
  g_autoptr(GString) out = g_string_new (NULL);
  RpAvailabilityStatus status = c->availability.status;

  if (c->gpu != NULL && status != RP_AVAILABILITY_NEW && status != RP_AVAILABILITY_UNKNOWN)
    {
      g_autofree char *rule = NULL;

      if (rp_choice_is_bought (c))
        rule = rp_words_availability (&c->availability, c->gpu->name,
                                      c->scenario->budget.condition);
      else if (c->availability.entry != NULL && c->availability.market != NULL)
        /* TRANSLATORS: a GPU, a market, a date: a rental of a GPU that the
         * market no longer sells new (an export rule, an end of sale) */
        rule = g_strdup_printf (_("the %s is not sold new in %s since %s; a rental uses cards "
                                  "already there"), c->gpu->name,
                                rp_market_get_name (c->availability.market),
                                c->availability.entry->from);
      if (rule != NULL)
        g_string_append (out, rule);
    }
  if (c->advice == RP_PLAN_ADVICE_LICENCE)
    {
      if (out->len > 0)
        g_string_append (out, _(". "));
      g_string_append (out, _("GeForce cards over several nodes are a datacenter build their "
                              "driver’s licence excludes"));
    }
  if (!rp_choice_is_bought (c) && c->offer != NULL &&
      (c->rent_flags & (RP_RENT_FLAG_PROVIDER_UNKNOWN | RP_RENT_FLAG_WON_ON_MARGIN)) != 0)
    {
      if (out->len > 0)
        g_string_append (out, _(". "));
      /* TRANSLATORS: a provider of a rental offer */
      g_string_append_printf (out, _("%s is a provider whose prices and terms Rigplan could "
                                     "not check: check them before you rent"),
                              c->offer->provider);
    }
  if (c->has_stale)
    {
      RpStalePrice stale = { c->stale_part, &c->stale_price, c->stale_months, c->stale_offer,
                             c->stale_region };
      g_autofree char *price = rp_words_stale_price (&stale);

      if (out->len > 0)
        g_string_append (out, _(". "));
      /* TRANSLATORS: %s names a price, its date and age */
      g_string_append_printf (out, _("It rests on a price that may be stale: %s"), price);
    }
  return out->len > 0 ? g_strdup (out->str) : NULL;
}

/* ---- public API ----------------------------------------------------- */

const char *
rp_words_choice_label (RpChoiceKind kind)
{
  switch (kind)
    {
    case RP_CHOICE_YOURS:
      return _("Your machine");
    case RP_CHOICE_YOURS_FIXED:
      return _("Your machine, fixed");
    case RP_CHOICE_OWNED:
      return _("GPUs you own");
    case RP_CHOICE_RENT:
      return _("Cheapest rental");
    case RP_CHOICE_FASTEST_RENT:
      return _("Fastest within the limits");
    case RP_CHOICE_BUY:
      return _("Best purchase");
    case RP_N_CHOICE_KINDS:
    default:
      return "?";
    }
}

char *
rp_words_choice (const RpChoice *c)
{
  g_autofree char *machine = NULL;
  g_autofree char *what = NULL;
  g_autofree char *broken = NULL;
  g_autofree char *caveats = NULL;
  g_autoptr(GString) out = NULL;
  gboolean bought;

  g_return_val_if_fail (c != NULL, NULL);

  machine = machine_text (c);
  bought = rp_choice_is_bought (c);
  what = c->kind == RP_CHOICE_OWNED ? owned_text (c, machine)
         : bought ? bought_text (c, machine) : rented_text (c, machine);
  out = g_string_new (what);
  if (c->fixed)
    {
      g_autofree char *action = rp_words_fix_action_to (&c->fix, c->gpu);

      if (action != NULL)
        /* TRANSLATORS: after a machine's description: the fix that makes it hold */
        g_string_append_printf (out, _("; with the fix: %s"), action);
    }
  broken = broken_text (c);
  if (broken != NULL)
    /* TRANSLATORS: after a machine's description: the limits it breaks */
    g_string_append_printf (out, _("; it %s"), broken);
  caveats = caveats_text (c);
  if (caveats != NULL)
    /* TRANSLATORS: after a machine's description: what to know first */
    g_string_append_printf (out, _(" (%s)"), caveats);
  return capitalized (out->str);
}

char *
rp_words_buy_verdict (const RpDecision *d)
{
  const RpChoice *b, *r;
  g_autofree char *machine = NULL;
  g_autofree char *rental = NULL;
  g_autofree char *years = NULL;
  g_autofree char *use = NULL;
  g_autofree char *saving = NULL;
  g_autofree char *payback = NULL;

  g_return_val_if_fail (d != NULL, NULL);

  b = d->best_buy;
  r = d->best_rent;
  years = rp_units_format_number (d->years, d->years == floor (d->years) ? 0 : 1);
  use = rp_units_format_percent (d->utilization_pct, 0);
  machine = b != NULL ? machine_text (b) : NULL;
  rental = r != NULL ? machine_text (r) : NULL;
  saving = b != NULL ? rp_units_format_percent (fabs (b->saving_pct), 0) : NULL;
  payback = b != NULL ? rp_units_format_number (b->payback_months, 0) : NULL;
  switch (d->buy)
    {
    case RP_BUY_YES:
      /* TRANSLATORS: machine, saving in %, years, utilization, payback months */
      return g_strdup_printf (_("Buy %s: owning it costs %s less than renting the same work over "
                                "%s years at %s use, and pays back in %s months."), machine,
                              saving, years, use, payback);
    case RP_BUY_NO_NEVER:
      /* TRANSLATORS: utilization, the rental machine, the machine to buy */
      return g_strdup_printf (_("Don’t buy: at %s use, renting the same work on %s costs less "
                                "than running %s would, so buying never pays back."), use,
                              rental, machine);
    case RP_BUY_NO_LATE:
      {
        g_autofree char *half = rp_units_format_number (d->years * 12 *
                                                        RP_DECISION_PAYBACK_SHARE_PCT / 100, 0);

        /* TRANSLATORS: machine, payback months, the months it must pay back in, the rental */
        return g_strdup_printf (_("Don’t buy: %s would pay back only after %s months, later "
                                  "than the %s months in which new GPUs halve the price of the "
                                  "work; rent %s instead."), machine, payback, half, rental);
      }
    case RP_BUY_NO_MARGIN:
      {
        g_autofree char *margin = rp_units_format_percent (RP_DECISION_BUY_MARGIN_PCT, 0);

        /* TRANSLATORS: machine, its saving in %, years, the rental, the margin in % */
        return g_strdup_printf (_("Don’t buy: owning %s would save only %s over %s years "
                                  "against renting the same work on %s, less than the %s that "
                                  "pays for owning’s risks."), machine, saving, years, rental,
                                margin);
      }
    case RP_BUY_NO_RENTAL:
      return g_strdup (_("No rental is priced to judge buying against: the purchase is not "
                         "compared with renting."));
    case RP_BUY_NOTHING:
      return g_strdup (_("Nothing can be bought within every limit: no machine sold in that "
                         "shape fits the run, meets the deadline and the capital limit."));
    case RP_BUY_NOT_ASKED:
    case RP_N_BUY_VERDICTS:
    default:
      return NULL;
    }
}

char *
rp_words_decision_why (const RpDecision *d)
{
  const RpChoice *rec, *r;

  g_return_val_if_fail (d != NULL, NULL);

  rec = rp_decision_get_recommended (d);
  r = d->best_rent;
  if (rec == NULL)
    return d->status == RP_DECISION_NOTHING_RUNS
           ? g_strdup (_("No machine tried holds the run in memory with the required headroom."))
           : g_strdup (_("No machine tried meets every limit: each one below says which it "
                         "breaks."));
  switch (rec->kind)
    {
    case RP_CHOICE_OWNED:
      return g_strdup (_("It uses GPUs you already own: only their power is paid."));
    case RP_CHOICE_BUY:
      return rp_words_buy_verdict (d);
    case RP_CHOICE_YOURS:
    case RP_CHOICE_YOURS_FIXED:
      if (r != NULL && !isnan (r->cost) && !isnan (rec->cost) && rec != r)
        {
          g_autofree char *cheap = money (r, r->cost);

          /* TRANSLATORS: the cheapest rental's cost of this run */
          return g_strdup_printf (_("It is the machine you planned, it meets every limit, and "
                                    "the cheapest rental that does (%s) would not save much."),
                                  cheap);
        }
      return g_strdup (_("It is the machine you planned, and it meets every limit."));
    case RP_CHOICE_RENT:
    case RP_CHOICE_FASTEST_RENT:
    case RP_N_CHOICE_KINDS:
    default:
      if (d->buy != RP_BUY_NOT_ASKED && d->buy != RP_BUY_YES)
        {
          g_autofree char *verdict = rp_words_buy_verdict (d);

          /* TRANSLATORS: why renting, then the verdict on buying */
          return g_strdup_printf (_("It is the cheapest machine that meets every limit. %s"),
                                  verdict);
        }
      return g_strdup (_("It is the cheapest machine that meets every limit."));
    }
}

char *
rp_words_decision_headline (const RpDecision *d)
{
  const RpChoice *rec;
  g_autofree char *what = NULL;

  g_return_val_if_fail (d != NULL, NULL);

  rec = rp_decision_get_recommended (d);
  if (rec == NULL)
    return g_strdup (_("Nothing meets every limit"));
  what = rp_words_choice (rec);
  if (rec->kind == RP_CHOICE_YOURS)
    /* TRANSLATORS: the recommendation is the user's own machine as planned */
    return g_strdup_printf (_("Recommended: keep your machine. %s"), what);
  if (rec->kind == RP_CHOICE_YOURS_FIXED)
    /* TRANSLATORS: the recommendation is the user's machine with the fix */
    return g_strdup_printf (_("Recommended: your machine with the fix. %s"), what);
  /* TRANSLATORS: the recommendation, one machine */
  return g_strdup_printf (_("Recommended: %s"), what);
}

char *
rp_words_decision_short (const RpDecision *d)
{
  const RpChoice *rec;
  g_autofree char *machine = NULL;
  g_autofree char *days = NULL;
  g_autofree char *cost = NULL;

  g_return_val_if_fail (d != NULL, NULL);

  rec = rp_decision_get_recommended (d);
  if (rec == NULL)
    return g_strdup (_("Nothing meets every limit"));
  machine = machine_text (rec);
  days = days_text (rec->days);
  cost = money (rec, rec->cost);
  if (rec->kind == RP_CHOICE_OWNED)
    /* TRANSLATORS: short: the GPUs owned, the run's time, its power cost */
    return g_strdup_printf (_("Use the %s you own: %s, %s of power"), machine, days, cost);
  if (rp_choice_is_bought (rec))
    /* TRANSLATORS: short: the machine, its price, one run's time */
    return g_strdup_printf (_("Buy %s for %s: %s a run"), machine, cost, days);
  /* TRANSLATORS: short: the machine, the run's time and rent */
  return g_strdup_printf (_("Rent %s: %s, %s"), machine, days, cost);
}

char *
rp_words_plan_answer (const RpPlan     *plan,
                      const RpDecision *decision,
                      const RpCatalog  *catalog,
                      RpPlanAnswerKind  kind)
{
  const RpPlanAnswer *a;
  g_autofree char *text = NULL;
  g_autofree char *verdict = NULL;

  g_return_val_if_fail (plan != NULL && catalog != NULL && kind < RP_N_PLAN_ANSWERS, NULL);

  a = &plan->answers[kind];
  text = a->recommended >= 0 ? rp_words_plan_row (plan, catalog, kind, (guint) a->recommended)
                             : rp_words_plan_reason (plan, catalog, (gint) kind);
  if (kind != RP_PLAN_BUY || decision == NULL || a->recommended < 0 ||
      (decision->buy != RP_BUY_NO_NEVER && decision->buy != RP_BUY_NO_LATE &&
       decision->buy != RP_BUY_NO_MARGIN))
    return g_steal_pointer (&text);
  verdict = rp_words_buy_verdict (decision);
  /* TRANSLATORS: the machine to buy, then the verdict "Don't buy: …" */
  return g_strdup_printf (_("%s. %s"), text, verdict);
}

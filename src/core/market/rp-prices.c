/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-prices.c: the prices a scenario is costed at, and their origin */

#include "config.h"

#include "rp-prices.h"

#include "rp-age.h"
#include "rp-gpu-index.h"
#include "rp-market.h"
#include "rp-market-private.h"
#include "rp-pricing.h"
#include "rp-scenario.h"
#include "rp-units.h"

#include <math.h>
#include <string.h>

/* README "Scenario file": the rate used when neither the scenario nor the
 * catalog gives one (the exchange rate of early 2025, rounded). */
static const double fallback_usd_to_cny = 7.1;

/* ---- helpers -------------------------------------------------------- */

static void
set_price (RpPrice       *p,
           double         value,
           RpPriceOrigin  origin,
           const char    *source,
           const char    *as_of,
           RpCurrency     currency,
           double         original)
{
  p->value = value;
  p->origin = origin;
  p->source = source;
  p->as_of = as_of;
  p->currency = currency;
  p->original = original;
}

static void
set_user (RpPrice          *p,
          double            value,
          const RpScenario *scenario)
{
  set_price (p, value, RP_PRICE_USER, NULL, NULL, scenario->budget.currency, value);
}

static void
set_unknown (RpPrice          *p,
             const RpScenario *scenario)
{
  set_price (p, NAN, RP_PRICE_UNKNOWN, NULL, NULL, scenario->budget.currency, NAN);
}

/* A pricing.json value, converted when it is money. */
static gboolean
set_pricing (RpPrice          *p,
             const RpCatalog  *catalog,
             RpPricingKey      key,
             gboolean          money,
             double            factor,
             const RpScenario *scenario,
             double            usd_to_cny)
{
  const RpPricing *pricing = rp_catalog_get_pricing (catalog);
  const RpPricingValue *entry = pricing != NULL ? rp_pricing_get_entry (pricing, key) : NULL;
  RpCurrency from;

  if (entry == NULL)
    {
      set_unknown (p, scenario);
      return FALSE;
    }
  from = money ? rp_pricing_get_currency (pricing) : scenario->budget.currency;
  set_price (p, rp_units_convert_money (entry->value * factor, from, scenario->budget.currency,
                                        usd_to_cny),
             RP_PRICE_DEFAULT, entry->source, entry->as_of, from, entry->value * factor);
  return TRUE;
}

/* A new card's catalog price: a purchase price in the scenario's currency
 * (the market the user buys in) first, else the newer of a purchase
 * price and the GPU entry's own USD price. */
static void
resolve_new_gpu (const RpScenario *scenario,
                 const RpCatalog  *catalog,
                 const RpGpu      *gpu,
                 double            rate,
                 RpPrice          *out)
{
  const RpBudget *b = &scenario->budget;
  const RpPurchasePrice *p = rp_catalog_find_gpu_purchase (catalog, gpu, RP_CONDITION_NEW,
                                                       b->currency);

  if (p != NULL && (p->currency == b->currency || gpu->price_usd <= 0 ||
                    rp_as_of_compare (p->as_of, gpu->price_as_of) > 0))
    set_price (out, rp_units_convert_money (p->price, p->currency, b->currency, rate),
               RP_PRICE_CATALOG, p->source, p->as_of, p->currency, p->price);
  else if (gpu->price_usd > 0)
    set_price (out, rp_units_convert_money (gpu->price_usd, RP_CURRENCY_USD, b->currency, rate),
               RP_PRICE_CATALOG, gpu->price_source != NULL ? gpu->price_source : gpu->source,
               gpu->price_as_of != NULL ? gpu->price_as_of : gpu->as_of, RP_CURRENCY_USD,
               gpu->price_usd);
  else
    set_unknown (out, scenario);
}

/* What the buyer's market sells of a GPU and the machine it is bought
 * as depend on the catalog's load, the GPU and a few scenario values
 * only, and an estimate, a fix search and a planner's sweep ask for the
 * same answers again and again: the last of each is kept, per thread (as
 * rp-stack.c keeps the last stack), for a GPU the catalog has indexed
 * (rp_catalog_gpu_index).  Each load gives the catalog a stamp never
 * given before, so an answer from an older load, or from a freed
 * catalog whose index memory was reused, never matches; the region is
 * that load's entry (out->region), compared by pointer. */
static _Thread_local struct
{
  const RpGpuIndex *index;          /* NULL: nothing kept */
  guint             stamp;
  const RpRegion   *region;
  RpCurrency        currency;
  RpCondition       condition;
  RpAvailability    availability;
} last_sold;

static _Thread_local struct
{
  const RpGpuIndex    *index;       /* NULL: nothing kept */
  guint                stamp;
  guint                gpus_per_node;
  guint                nodes;
  const RpServerShape *shape;
  RpShapeFit           fit;
} last_shape;

/* Whether the buyer's market (rp_catalog_market_for: the region's
 * country, else the currency) sells @gpu in the scenario's condition, by
 * the newest status market.json knows (market.json dates each one).
 * @index may be NULL; out->region is set. */
static void
resolve_availability (const RpScenario  *scenario,
                      const RpCatalog   *catalog,
                      const RpGpuIndex  *index,
                      const RpGpuMarket *gpu_market,
                      RpPrices          *out)
{
  const RpBudget *b = &scenario->budget;
  const RpMarket *market;

  if (index != NULL && last_sold.index == index && last_sold.stamp == index->stamp &&
      last_sold.region == out->region && last_sold.currency == b->currency &&
      last_sold.condition == b->condition)
    {
      out->availability = last_sold.availability;
      return;
    }
  market = rp_catalog_market_for (catalog, b->region, b->currency);
  rp_gpu_market_availability_in (catalog, gpu_market, market, b->condition, &out->availability);
  if (index == NULL)
    return;
  last_sold.index = index;
  last_sold.stamp = index->stamp;
  last_sold.region = out->region;
  last_sold.currency = b->currency;
  last_sold.condition = b->condition;
  last_sold.availability = out->availability;
}

/* rp_gpu_market_shape_for() of @gpu_market, the GPU @index (may be NULL)
 * answers for. */
static RpShapeFit
shape_for (const RpGpuIndex     *index,
           const RpGpuMarket    *gpu_market,
           guint                 gpus_per_node,
           guint                 nodes,
           const RpServerShape **out)
{
  if (index != NULL && last_shape.index == index && last_shape.stamp == index->stamp &&
      last_shape.gpus_per_node == gpus_per_node && last_shape.nodes == nodes)
    {
      *out = last_shape.shape;
      return last_shape.fit;
    }
  last_shape.fit = rp_gpu_market_shape_for (gpu_market, gpus_per_node, nodes, out);
  last_shape.shape = *out;
  last_shape.gpus_per_node = gpus_per_node;
  last_shape.nodes = nodes;
  last_shape.stamp = index != NULL ? index->stamp : 0;
  last_shape.index = index;
  return last_shape.fit;
}

/* A new card sold only through grey channels there (an A100 in China):
 * priced only by a quote of that market, in its currency; a list price
 * abroad is not what it costs there. */
static void
resolve_grey_gpu (const RpScenario *scenario,
                  const RpCatalog  *catalog,
                  const RpGpu      *gpu,
                  const RpMarket   *market,
                  double            rate,
                  RpPrice          *out)
{
  const RpPurchasePrice *p = NULL;

  if (market != NULL)
    p = rp_catalog_find_gpu_purchase (catalog, gpu, RP_CONDITION_NEW, market->currency);
  if (p != NULL && market != NULL && p->currency == market->currency)
    set_price (out, rp_units_convert_money (p->price, p->currency, scenario->budget.currency,
                                            rate),
               RP_PRICE_CATALOG, p->source, p->as_of, p->currency, p->price);
  else
    set_unknown (out, scenario);
}

/* The card's price in the scenario's condition: the user's, else the
 * catalog's dated price of that condition.  A used or ex-mining card has
 * no price of its own in the GPU entry, and a new card's price would
 * hide what it sells for second-hand: without a dated price of the
 * condition, the price is unknown.  So is a card the market does not
 * sell in that condition (a new RTX 3090 in 2026; RpPrices.availability
 * says why). */
static void
resolve_gpu (const RpScenario *scenario,
             const RpCatalog  *catalog,
             const RpGpu      *gpu,
             double            rate,
             RpPrices         *prices)
{
  const RpBudget *b = &scenario->budget;
  const RpAvailability *a = &prices->availability;
  RpPrice *out = &prices->gpu;
  const RpPurchasePrice *p;

  if (!isnan (b->gpu_price))
    {
      set_user (out, b->gpu_price, scenario);
      return;
    }
  if (b->condition == RP_CONDITION_NEW && a->status == RP_AVAILABILITY_GREY)
    {
      resolve_grey_gpu (scenario, catalog, gpu, a->market, rate, out);
      return;
    }
  if (!a->allowed)
    {
      set_unknown (out, scenario);
      return;
    }
  if (b->condition == RP_CONDITION_NEW)
    {
      resolve_new_gpu (scenario, catalog, gpu, rate, out);
      return;
    }
  p = rp_catalog_find_gpu_purchase (catalog, gpu, b->condition, b->currency);
  if (p != NULL)
    set_price (out, rp_units_convert_money (p->price, p->currency, b->currency, rate),
               RP_PRICE_CATALOG, p->source, p->as_of, p->currency, p->price);
  else
    set_unknown (out, scenario);
}

/* The platform a node is bought as (servers.json): the user's server
 * price, else the dated platform price of the shape that holds the
 * node's GPUs (a desktop for one GeForce card, an HGX server for eight
 * H100s), else the pricing.json rule of n/8 of the DGX H100's non-GPU
 * bill of materials, marked RP_PRICE_DEFAULT: a rule, not a quote. */
static void
resolve_platform (const RpScenario    *scenario,
                  const RpCatalog     *catalog,
                  const RpServerShape *shape,
                  guint                per_node,
                  double               rate,
                  RpPrice             *out)
{
  RpCurrency currency = scenario->budget.currency;
  const RpShapePrice *p = shape != NULL ? rp_server_shape_find_price (shape, currency) : NULL;

  if (p != NULL)
    set_price (out, rp_units_convert_money (p->price, p->currency, currency, rate),
               RP_PRICE_CATALOG, p->source, p->as_of, p->currency, p->price);
  else
    set_pricing (out, catalog, RP_PRICING_SERVER_PER_GPU_SLOT, TRUE, per_node, scenario, rate);
}

static void
resolve_server (const RpScenario  *scenario,
                const RpCatalog   *catalog,
                const RpGpuIndex  *index,
                const RpGpuMarket *gpu_market,
                double             rate,
                RpPrices          *out)
{
  const RpHardware *hw = &scenario->hardware;

  out->shape_fit = shape_for (index, gpu_market, hw->gpus_per_node, hw->nodes, &out->shape);
  if (!isnan (scenario->budget.server_price))
    set_user (&out->server, scenario->budget.server_price, scenario);
  else
    resolve_platform (scenario, catalog, out->shape, hw->gpus_per_node, rate, &out->server);
}

/* The yearly failure rate: the user's, else pricing.json's for the
 * condition. */
static void
resolve_failure (const RpScenario *scenario,
                 const RpCatalog  *catalog,
                 double            rate,
                 RpPrice          *out)
{
  static const RpPricingKey keys[RP_N_CONDITIONS] = {
    RP_PRICING_FAILURE_PCT_YEAR_NEW, RP_PRICING_FAILURE_PCT_YEAR_USED,
    RP_PRICING_FAILURE_PCT_YEAR_EX_MINING,
  };
  const RpBudget *b = &scenario->budget;

  if (!isnan (b->failure_pct_year))
    set_user (out, b->failure_pct_year, scenario);
  else
    set_pricing (out, catalog, keys[b->condition], FALSE, 1, scenario, rate);
}

/* Electricity: the user's, else the region's (or its fallback's, for a
 * province without a stated tariff), else pricing.json's default.  A
 * region with neither is unknown: its price must be typed, not borrowed
 * from another country. */
static void
resolve_power (const RpScenario *scenario,
               const RpCatalog  *catalog,
               double            rate,
               RpPrices         *out)
{
  const RpBudget *b = &scenario->budget;
  const RpRegion *r = out->region;

  if (!isnan (b->power_price_kwh))
    {
      set_user (&out->power, b->power_price_kwh, scenario);
      return;
    }
  if (r == NULL)
    {
      set_pricing (&out->power, catalog, RP_PRICING_ELECTRICITY_PER_KWH, TRUE, 1, scenario,
                   rate);
      return;
    }
  if (!(r->electricity_per_kwh > 0) && r->electricity_fallback != NULL)
    r = rp_catalog_lookup_region (catalog, r->electricity_fallback);
  if (r == NULL || !(r->electricity_per_kwh > 0))
    {
      set_unknown (&out->power, scenario);
      return;
    }
  out->power_region = r;
  set_price (&out->power,
             rp_units_convert_money (r->electricity_per_kwh, r->currency, b->currency, rate),
             RP_PRICE_CATALOG, r->source, r->as_of, r->currency, r->electricity_per_kwh);
}

static void
resolve_pue (const RpScenario *scenario,
             const RpCatalog  *catalog,
             double            rate,
             RpPrices         *out)
{
  const RpRegion *r = out->region;

  if (!isnan (scenario->budget.pue))
    set_user (&out->pue, scenario->budget.pue, scenario);
  else if (r != NULL && r->pue >= 1)
    set_price (&out->pue, r->pue, RP_PRICE_CATALOG, r->source, r->as_of,
               scenario->budget.currency, r->pue);
  else
    set_pricing (&out->pue, catalog, RP_PRICING_PUE, FALSE, 1, scenario, rate);
}

static void
resolve_network (const RpScenario *scenario,
                 const RpCatalog  *catalog,
                 guint             switch_ports,
                 double            rate,
                 RpPrices         *out)
{
  const RpHardware *hw = &scenario->hardware;
  const RpPricing *pricing = rp_catalog_get_pricing (catalog);
  double ports = switch_ports, per_gpu = 0;

  if (!isnan (scenario->budget.network_price))
    {
      set_user (&out->network, scenario->budget.network_price, scenario);
      return;
    }
  if (hw->nodes <= 1 || hw->network == RP_NETWORK_NONE)
    {
      /* one node needs no switch: nothing to price, and nothing unknown */
      set_price (&out->network, 0, RP_PRICE_DEFAULT, NULL, NULL, scenario->budget.currency, 0);
      return;
    }
  if (ports <= 0 && rp_pricing_lookup (pricing, RP_PRICING_SWITCH_PORTS_PER_GPU, &per_gpu))
    ports = per_gpu * rp_scenario_n_gpus (scenario);
  if (ports <= 0)
    {
      set_unknown (&out->network, scenario);
      return;
    }
  set_pricing (&out->network, catalog, RP_PRICING_SWITCH_PORT, TRUE, ports, scenario, rate);
}

/* The nodes @n_gpus make in nodes of @per_node (rounded up). */
static guint
nodes_for (guint n_gpus,
           guint per_node)
{
  per_node = MAX (per_node, 1);
  return (MAX (n_gpus, 1) + per_node - 1) / per_node;
}

static gboolean
shape_unstated (const RpCloudOffer *offer,
                guint               gpus_per_node)
{
  return rp_cloud_offer_max_gpus_per_node (offer) == 0 &&
         gpus_per_node > MAX (offer->gpus_per_instance, 1);
}

/* The flags of @offer, chosen or given, for @gpus_per_node. */
static guint
offer_flags (const RpCloudOffer *offer,
             guint               gpus_per_node)
{
  guint flags = 0;

  if (offer->user)
    flags |= RP_RENT_FLAG_USER_QUOTE;
  else if (!rp_cloud_offer_provider_known (offer))
    flags |= RP_RENT_FLAG_PROVIDER_UNKNOWN;
  if (shape_unstated (offer, gpus_per_node))
    flags |= RP_RENT_FLAG_SHAPE_UNSTATED;
  return flags;
}

/* The best of one class of offers: the lowest hourly price of the GPUs
 * billed, the id breaking a tie. */
typedef struct
{
  const RpCloudOffer *offer;
  double              per_hour;
  guint               billed;
} Best;

static void
best_take (Best               *best,
           const RpCloudOffer *offer,
           double              per_hour,
           guint               billed)
{
  if (best->offer == NULL || per_hour < best->per_hour ||
      (per_hour == best->per_hour && g_strcmp0 (offer->id, best->offer->id) < 0))
    {
      best->offer = offer;
      best->per_hour = per_hour;
      best->billed = billed;
    }
}

/* The choice among @gpu_id's offers billed in @market (-1: any) that
 * @filter (may be NULL) accepts: the buyer's quotes, else the known
 * providers' unless an unknown one wins by the margin. */
static gboolean
choose_in (const RpScenario *scenario,
           const RpCatalog  *catalog,
           const char       *gpu_id,
           guint             gpus_per_node,
           guint             nodes,
           int               market,
           RpOfferFilter     filter,
           gpointer          user_data,
           RpOfferChoice    *out)
{
  GPtrArray *offers = rp_catalog_gpu_offers (catalog, gpu_id);
  double rate = rp_prices_usd_to_cny (scenario, catalog);
  RpRentKind kind = scenario->budget.rent_kind;
  RpCurrency currency = scenario->budget.currency;
  gboolean marketplace = scenario->budget.allow_marketplace;
  Best user = { 0 }, known = { 0 }, unknown = { 0 };
  const Best *pick;

  /* the index holds only this GPU's offers: no id is compared here */
  for (guint i = 0; offers != NULL && i < offers->len; i++)
    {
      const RpCloudOffer *o = g_ptr_array_index (offers, i);
      double price = o->per_gpu_hour[kind];
      guint billed;

      if (!(price > 0) || (market >= 0 && (int) o->currency != market) ||
          (o->provider_class == RP_PROVIDER_MARKETPLACE && !marketplace) ||
          (filter != NULL && !filter (o, user_data)))
        continue;
      billed = rp_cloud_offer_billed_gpus (o, gpus_per_node, nodes);
      if (billed == 0)
        continue;           /* a node larger than its largest instance */
      price = billed * rp_units_convert_money (price, o->currency, currency, rate);
      best_take (o->user ? &user : rp_cloud_offer_provider_known (o) ? &known : &unknown, o,
                 price, billed);
    }
  memset (out, 0, sizeof *out);
  if (user.offer != NULL)
    pick = &user;
  else if (known.offer == NULL)
    pick = &unknown;
  else if (unknown.offer != NULL &&
           unknown.per_hour <= known.per_hour * (1.0 - RP_UNKNOWN_PROVIDER_MARGIN))
    {
      pick = &unknown;
      out->beaten = known.offer;
      out->flags |= RP_RENT_FLAG_WON_ON_MARGIN;
    }
  else
    pick = &known;
  if (pick->offer == NULL)
    return FALSE;
  out->offer = pick->offer;
  out->billed_gpus = pick->billed;
  out->per_hour = pick->per_hour;
  out->flags |= offer_flags (pick->offer, gpus_per_node);
  return TRUE;
}

static gboolean
provider_known (const RpCloudOffer *offer,
                gpointer            user_data)
{
  return rp_cloud_offer_provider_known (offer);
}

/* For an offer the scenario names: whether an unknown provider's offer
 * would have won on the margin against the known ones (so that the
 * answer says so whoever picked it). */
static void
judge_given (const RpScenario   *scenario,
             const RpCatalog    *catalog,
             const RpCloudOffer *offer,
             guint               billed,
             double              rate,
             RpPrices           *out)
{
  const RpHardware *hw = &scenario->hardware;
  RpOfferChoice known = { 0 };
  double per_hour;

  out->rent_flags = offer_flags (offer, hw->gpus_per_node);
  if ((out->rent_flags & RP_RENT_FLAG_PROVIDER_UNKNOWN) == 0)
    return;
  per_hour = billed * rp_units_convert_money (offer->per_gpu_hour[scenario->budget.rent_kind],
                                              offer->currency, scenario->budget.currency,
                                              rate);
  if (choose_in (scenario, catalog, offer->gpu, hw->gpus_per_node, hw->nodes, -1,
                 provider_known, NULL, &known) &&
      per_hour <= known.per_hour * (1.0 - RP_UNKNOWN_PROVIDER_MARGIN))
    {
      out->rent_flags |= RP_RENT_FLAG_WON_ON_MARGIN;
      out->rent_beaten = known.offer;
    }
}

/* The offer the scenario's own machine is rented on when it names none:
 * it depends on the catalog's load, the GPU, the machine's shape and
 * the market, currency, rate, rental kind and marketplace rule, and is
 * kept, per thread, as the buyer's market is (last_sold). */
static _Thread_local struct
{
  const RpGpuIndex   *index;        /* NULL: nothing kept */
  guint               stamp;
  const RpRegion     *region;       /* with currency: the market billed in */
  RpCurrency          currency;
  double              rate;
  RpRentKind          kind;
  gboolean            marketplace;
  guint               gpus_per_node;
  guint               nodes;
  const RpCloudOffer *offer;
  RpOfferChoice       choice;
} last_pick;

/* rp_prices_offer_for_shape() of the scenario's machine, with no
 * filter; @index (may be NULL) answers for @gpu, out->region is set. */
static const RpCloudOffer *
pick_offer (const RpScenario *scenario,
            const RpCatalog  *catalog,
            const RpGpuIndex *index,
            double            rate,
            const RpPrices   *out,
            RpOfferChoice    *choice)
{
  const RpBudget *b = &scenario->budget;
  const RpHardware *hw = &scenario->hardware;

  /* the offers are the hardware.gpu id's: the index must answer for it */
  if (index == NULL || g_strcmp0 (hw->gpu, index->gpu->id) != 0)
    return rp_prices_offer_for_shape (scenario, catalog, hw->gpu, hw->gpus_per_node,
                                      hw->nodes, NULL, NULL, choice);
  if (last_pick.index != index || last_pick.stamp != index->stamp ||
      last_pick.region != out->region || last_pick.currency != b->currency ||
      last_pick.rate != rate || last_pick.kind != b->rent_kind ||
      last_pick.marketplace != b->allow_marketplace ||
      last_pick.gpus_per_node != hw->gpus_per_node || last_pick.nodes != hw->nodes)
    {
      last_pick.offer = rp_prices_offer_for_shape (scenario, catalog, hw->gpu,
                                                   hw->gpus_per_node, hw->nodes, NULL, NULL,
                                                   &last_pick.choice);
      last_pick.index = index;
      last_pick.stamp = index->stamp;
      last_pick.region = out->region;
      last_pick.currency = b->currency;
      last_pick.rate = rate;
      last_pick.kind = b->rent_kind;
      last_pick.marketplace = b->allow_marketplace;
      last_pick.gpus_per_node = hw->gpus_per_node;
      last_pick.nodes = hw->nodes;
    }
  *choice = last_pick.choice;
  return last_pick.offer;
}

/* budget.rent_offer's entry: @given when it has that id (the estimate
 * looked it up once), else the catalog's; NULL when the scenario names
 * none, or an id the catalog lacks. */
static const RpCloudOffer *
named_offer (const RpScenario   *scenario,
             const RpCatalog    *catalog,
             const RpCloudOffer *given)
{
  const char *id = scenario->budget.rent_offer;

  if (id == NULL)
    return NULL;
  return given != NULL && g_strcmp0 (given->id, id) == 0
         ? given : rp_catalog_lookup_cloud (catalog, id);
}

/* @named: named_offer() */
static void
resolve_rent (const RpScenario   *scenario,
              const RpCatalog    *catalog,
              const RpGpuIndex   *index,
              const RpCloudOffer *named,
              double              rate,
              RpPrices           *out)
{
  const RpBudget *b = &scenario->budget;
  const RpHardware *hw = &scenario->hardware;
  const RpCloudOffer *offer;
  RpOfferChoice choice = { 0 };
  double price;

  out->offer = NULL;
  out->rent_billed_gpus = 0;
  out->rent_flags = 0;
  out->rent_beaten = NULL;
  if (!isnan (b->rent_price_per_gpu_hour))
    {
      set_user (&out->rent, b->rent_price_per_gpu_hour, scenario);
      return;
    }
  if (b->rent_offer != NULL)
    {
      offer = named;
      choice.billed_gpus = offer != NULL
                           ? rp_cloud_offer_billed_gpus (offer, hw->gpus_per_node, hw->nodes)
                           : 0;
      if (offer != NULL && choice.billed_gpus == 0)
        {
          /* the scenario's node does not fit the offer's largest instance */
          out->offer = offer;
          out->rent_flags = RP_RENT_FLAG_SHAPE_TOO_SMALL;
          set_unknown (&out->rent, scenario);
          return;
        }
      if (offer != NULL && offer->per_gpu_hour[b->rent_kind] > 0)
        judge_given (scenario, catalog, offer, choice.billed_gpus, rate, out);
    }
  else
    {
      offer = pick_offer (scenario, catalog, index, rate, out, &choice);
      out->rent_flags = choice.flags;
      out->rent_beaten = choice.beaten;
    }
  out->offer = offer;
  if (offer == NULL || !(offer->per_gpu_hour[b->rent_kind] > 0))
    {
      out->rent_flags = 0;
      out->rent_beaten = NULL;
      set_unknown (&out->rent, scenario);
      return;
    }
  out->rent_billed_gpus = choice.billed_gpus;
  price = offer->per_gpu_hour[b->rent_kind];
  set_price (&out->rent, rp_units_convert_money (price, offer->currency, b->currency, rate),
             RP_PRICE_CATALOG, offer->source, offer->as_of, offer->currency, price);
}

/* Everything rp_prices_resolve_with_offer() reads besides the catalog's
 * load: the GPU (its index, which also answers for hardware.gpu), the
 * ports, the region and named offer as that load's entries, and the
 * budget and hardware values the resolve_*() functions above read, each
 * of them.  A function there that reads another value must add it here;
 * /core/market/prices-kept changes every budget and hardware field of
 * the field table and fails when one changes the prices but not the key.
 * Doubles are compared by their bits: a null (NAN) equals itself. */
typedef struct
{
  const RpGpuIndex   *index;
  guint               stamp;
  guint               switch_ports;
  const RpRegion     *region;
  const RpCloudOffer *named;
  gboolean            names_offer;
  guint               gpus_per_node;
  guint               nodes;
  RpNetwork           network;
  RpCurrency          currency;
  RpCondition         condition;
  RpRentKind          rent_kind;
  gboolean            allow_marketplace;
  double              usd_to_cny;
  double              gpu_price;
  double              server_price;
  double              network_price;
  double              rent_price_per_gpu_hour;
  double              power_price_kwh;
  double              pue;
  double              failure_pct_year;
  double              years;
} PricesKey;

/* An estimate, a fix search and a planner's sweep resolve the same
 * prices again and again: the last ones are kept, per thread, under
 * their whole key (the stamp makes an older load's never match). */
static _Thread_local struct
{
  gboolean  valid;
  PricesKey key;
  RpPrices  prices;
} last_prices;

static void
prices_key (const RpScenario   *scenario,
            const RpGpuIndex   *index,
            guint               switch_ports,
            const RpRegion     *region,
            const RpCloudOffer *named,
            PricesKey          *key)
{
  const RpBudget *b = &scenario->budget;
  const RpHardware *hw = &scenario->hardware;

  memset (key, 0, sizeof *key);   /* padding too, for memcmp */
  key->index = index;
  key->stamp = index->stamp;
  key->switch_ports = switch_ports;
  key->region = region;
  key->named = named;
  key->names_offer = b->rent_offer != NULL;
  key->gpus_per_node = hw->gpus_per_node;
  key->nodes = hw->nodes;
  key->network = hw->network;
  key->currency = b->currency;
  key->condition = b->condition;
  key->rent_kind = b->rent_kind;
  key->allow_marketplace = b->allow_marketplace;
  key->usd_to_cny = b->usd_to_cny;
  key->gpu_price = b->gpu_price;
  key->server_price = b->server_price;
  key->network_price = b->network_price;
  key->rent_price_per_gpu_hour = b->rent_price_per_gpu_hour;
  key->power_price_kwh = b->power_price_kwh;
  key->pue = b->pue;
  key->failure_pct_year = b->failure_pct_year;
  key->years = b->years;
}

/* rp_prices_resolve_with_offer() past its key. */
static void
resolve_all (const RpScenario   *scenario,
             const RpCatalog    *catalog,
             const RpGpu        *gpu,
             const RpGpuIndex   *index,
             guint               switch_ports,
             const RpRegion     *region,
             const RpCloudOffer *named,
             RpPrices           *out)
{
  const RpBudget *b = &scenario->budget;
  const RpGpuMarket *gpu_market;
  double rate;

  memset (out, 0, sizeof *out);
  rate = rp_prices_usd_to_cny (scenario, catalog);
  if (!isnan (b->usd_to_cny))
    set_price (&out->usd_to_cny, rate, RP_PRICE_USER, NULL, NULL, RP_CURRENCY_CNY, rate);
  else if (!set_pricing (&out->usd_to_cny, catalog, RP_PRICING_USD_TO_CNY, FALSE, 1, scenario,
                         rate))
    set_price (&out->usd_to_cny, rate, RP_PRICE_DEFAULT, NULL, NULL, RP_CURRENCY_CNY, rate);

  /* one lookup of the GPU's market data serves both */
  gpu_market = index != NULL ? index->market : rp_catalog_gpu_market (catalog, gpu);
  out->region = region;
  resolve_availability (scenario, catalog, index, gpu_market, out);
  resolve_gpu (scenario, catalog, gpu, rate, out);
  resolve_server (scenario, catalog, index, gpu_market, rate, out);
  resolve_network (scenario, catalog, switch_ports, rate, out);
  resolve_rent (scenario, catalog, index, named, rate, out);
  resolve_power (scenario, catalog, rate, out);
  resolve_pue (scenario, catalog, rate, out);
  resolve_failure (scenario, catalog, rate, &out->failure);
  if (!isnan (b->years))
    set_user (&out->years, b->years, scenario);
  else
    set_pricing (&out->years, catalog, RP_PRICING_DEPRECIATION_YEARS, FALSE, 1, scenario, rate);
}

/* ---- public API ----------------------------------------------------- */

double
rp_prices_usd_to_cny (const RpScenario *scenario,
                      const RpCatalog  *catalog)
{
  double rate = 0;

  g_return_val_if_fail (scenario != NULL, fallback_usd_to_cny);

  if (!isnan (scenario->budget.usd_to_cny))
    return scenario->budget.usd_to_cny;
  if (catalog != NULL &&
      rp_pricing_lookup (rp_catalog_get_pricing (catalog), RP_PRICING_USD_TO_CNY, &rate) &&
      rate > 0)
    return rate;
  return fallback_usd_to_cny;
}

RpCurrency
rp_prices_market_currency (const RpScenario *scenario,
                           const RpCatalog  *catalog)
{
  const RpRegion *region;

  g_return_val_if_fail (scenario != NULL, RP_CURRENCY_USD);

  region = catalog != NULL ? rp_catalog_lookup_region (catalog, scenario->budget.region) : NULL;
  if (region == NULL || region->country == NULL)
    return scenario->budget.currency;
  /* China's clouds bill in yuan; the catalog's clouds elsewhere in dollars */
  return g_ascii_strcasecmp (region->country, "CN") == 0 ? RP_CURRENCY_CNY : RP_CURRENCY_USD;
}

gboolean
rp_prices_offer_allowed (const RpScenario   *scenario,
                         const RpCloudOffer *offer)
{
  g_return_val_if_fail (scenario != NULL && offer != NULL, FALSE);

  return g_strcmp0 (offer->gpu, scenario->hardware.gpu) == 0 &&
         offer->per_gpu_hour[scenario->budget.rent_kind] > 0 &&
         (offer->provider_class != RP_PROVIDER_MARKETPLACE ||
          scenario->budget.allow_marketplace);
}

const RpCloudOffer *
rp_prices_offer_for_shape (const RpScenario *scenario,
                           const RpCatalog  *catalog,
                           const char       *gpu_id,
                           guint             gpus_per_node,
                           guint             nodes,
                           RpOfferFilter     filter,
                           gpointer          user_data,
                           RpOfferChoice    *choice)
{
  RpOfferChoice local;
  RpOfferChoice *out = choice != NULL ? choice : &local;
  RpCurrency market;
  RpOfferChoice any;

  g_return_val_if_fail (scenario != NULL && catalog != NULL, NULL);

  /* the user's own market first: an offer billed elsewhere prices the
   * rent only when none there rents the GPU at all, in any shape (a
   * market that rents it one card at a time does not send a buyer abroad
   * for two: that machine is not rented there) */
  market = rp_prices_market_currency (scenario, catalog);
  if (choose_in (scenario, catalog, gpu_id, gpus_per_node, nodes, market, filter, user_data,
                 out))
    return out->offer;
  if (choose_in (scenario, catalog, gpu_id, 1, 1, market, filter, user_data, &any))
    return NULL;
  if (choose_in (scenario, catalog, gpu_id, gpus_per_node, nodes, -1, filter, user_data, out))
    return out->offer;
  return NULL;
}

const RpCloudOffer *
rp_prices_cheapest_offer_where (const RpScenario *scenario,
                                const RpCatalog  *catalog,
                                const char       *gpu_id,
                                guint             n_gpus,
                                RpOfferFilter     filter,
                                gpointer          user_data)
{
  guint per_node;

  g_return_val_if_fail (scenario != NULL && catalog != NULL, NULL);

  per_node = MAX (MIN (scenario->hardware.gpus_per_node, MAX (n_gpus, 1)), 1);
  return rp_prices_offer_for_shape (scenario, catalog, gpu_id, per_node,
                                    nodes_for (n_gpus, per_node), filter, user_data, NULL);
}

const RpCloudOffer *
rp_prices_cheapest_offer (const RpScenario *scenario,
                          const RpCatalog  *catalog,
                          const char       *gpu_id,
                          guint             n_gpus)
{
  return rp_prices_cheapest_offer_where (scenario, catalog, gpu_id, n_gpus, NULL, NULL);
}

void
rp_prices_resolve (const RpScenario *scenario,
                   const RpCatalog  *catalog,
                   const RpGpu      *gpu,
                   guint             switch_ports,
                   RpPrices         *out)
{
  rp_prices_resolve_with_offer (scenario, catalog, gpu, switch_ports, NULL, out);
}

void
rp_prices_resolve_with_offer (const RpScenario   *scenario,
                              const RpCatalog    *catalog,
                              const RpGpu        *gpu,
                              guint               switch_ports,
                              const RpCloudOffer *offer,
                              RpPrices           *out)
{
  const RpGpuIndex *index;
  const RpRegion *region;
  const RpCloudOffer *named;
  PricesKey key;

  g_return_if_fail (scenario != NULL && catalog != NULL && gpu != NULL && out != NULL);

  index = rp_catalog_gpu_index (catalog, gpu);
  region = rp_catalog_lookup_region (catalog, scenario->budget.region);
  named = named_offer (scenario, catalog, offer);
  /* the offers are listed by hardware.gpu: the index must answer for it */
  if (index == NULL || g_strcmp0 (scenario->hardware.gpu, gpu->id) != 0)
    {
      resolve_all (scenario, catalog, gpu, index, switch_ports, region, named, out);
      return;
    }
  prices_key (scenario, index, switch_ports, region, named, &key);
  if (last_prices.valid && memcmp (&key, &last_prices.key, sizeof key) == 0)
    {
      *out = last_prices.prices;
      return;
    }
  resolve_all (scenario, catalog, gpu, index, switch_ports, region, named, out);
  last_prices.key = key;
  last_prices.prices = *out;
  last_prices.valid = TRUE;
}

const RpPrice *
rp_prices_for_field (const RpPrices *p,
                     const RpField  *field)
{
  static const struct
  {
    gsize offset;
    gsize price;
  } map[] = {
    { G_STRUCT_OFFSET (RpScenario, budget.gpu_price), G_STRUCT_OFFSET (RpPrices, gpu) },
    { G_STRUCT_OFFSET (RpScenario, budget.server_price), G_STRUCT_OFFSET (RpPrices, server) },
    { G_STRUCT_OFFSET (RpScenario, budget.network_price), G_STRUCT_OFFSET (RpPrices, network) },
    { G_STRUCT_OFFSET (RpScenario, budget.rent_price_per_gpu_hour),
      G_STRUCT_OFFSET (RpPrices, rent) },
    { G_STRUCT_OFFSET (RpScenario, budget.power_price_kwh), G_STRUCT_OFFSET (RpPrices, power) },
    { G_STRUCT_OFFSET (RpScenario, budget.pue), G_STRUCT_OFFSET (RpPrices, pue) },
    { G_STRUCT_OFFSET (RpScenario, budget.years), G_STRUCT_OFFSET (RpPrices, years) },
    { G_STRUCT_OFFSET (RpScenario, budget.usd_to_cny), G_STRUCT_OFFSET (RpPrices, usd_to_cny) },
    { G_STRUCT_OFFSET (RpScenario, budget.failure_pct_year), G_STRUCT_OFFSET (RpPrices, failure) },
  };

  g_return_val_if_fail (p != NULL && field != NULL, NULL);

  /* architecture fields are offsets into RpModelArch, not the scenario */
  if (field->arch_bit != 0 || field->section != RP_SECTION_BUDGET)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (map); i++)
    if (field->offset == map[i].offset)
      return G_STRUCT_MEMBER_P (p, map[i].price);
  return NULL;
}

const RpPrice *
rp_prices_get_part (const RpPrices *prices,
                    RpPricePart     part)
{
  g_return_val_if_fail (prices != NULL, NULL);

  switch (part)
    {
    case RP_PRICE_PART_RENT:
      return &prices->rent;
    case RP_PRICE_PART_GPU:
      return &prices->gpu;
    case RP_PRICE_PART_SERVER:
      return &prices->server;
    case RP_PRICE_PART_NETWORK:
      return &prices->network;
    case RP_PRICE_PART_POWER:
      return &prices->power;
    case RP_PRICE_PART_USD_TO_CNY:
      return &prices->usd_to_cny;
    case RP_N_PRICE_PARTS:
    default:
      g_return_val_if_reached (NULL);
    }
}

static int
compare_stale (gconstpointer a,
               gconstpointer b)
{
  const RpStalePrice *x = a, *y = b;

  return x->age_months > y->age_months ? -1 : x->age_months < y->age_months;
}

GArray *
rp_prices_stale (const RpPrices *prices,
                 GDate          *today)
{
  GArray *stale;

  g_return_val_if_fail (prices != NULL && today != NULL, NULL);

  stale = g_array_new (FALSE, TRUE, sizeof (RpStalePrice));
  for (guint part = 0; part < RP_N_PRICE_PARTS; part++)
    {
      const RpPrice *p = rp_prices_get_part (prices, part);
      RpStalePrice item = { 0 };

      if (p->origin == RP_PRICE_USER || p->origin == RP_PRICE_UNKNOWN ||
          !rp_price_is_stale (p->as_of, today) ||
          !rp_as_of_months (p->as_of, today, &item.age_months))
        continue;
      item.part = part;
      item.price = p;
      item.offer = part == RP_PRICE_PART_RENT ? prices->offer : NULL;
      item.region = part == RP_PRICE_PART_POWER ? prices->power_region : NULL;
      g_array_append_val (stale, item);
    }
  g_array_sort (stale, compare_stale);
  return stale;
}

gboolean
rp_cloud_offer_age_months (const RpCloudOffer *offer,
                           GDate              *today,
                           double             *out_months)
{
  g_return_val_if_fail (offer != NULL && today != NULL && out_months != NULL, FALSE);
  return rp_as_of_months (offer->as_of, today, out_months);
}

const char *
rp_price_origin_to_string (RpPriceOrigin origin)
{
  static const char *const names[] = { "unknown", "user", "catalog", "default" };

  g_return_val_if_fail ((guint) origin < G_N_ELEMENTS (names), NULL);
  return names[origin];
}

double
rp_prices_node_platform (const RpScenario *scenario,
                         const RpCatalog  *catalog,
                         const RpGpu      *gpu,
                         guint             per_node,
                         guint             nodes)
{
  const RpServerShape *shape = NULL;
  RpPrice price;

  g_return_val_if_fail (scenario != NULL && catalog != NULL && gpu != NULL, 0);

  rp_catalog_shape_for (catalog, gpu->id, per_node, nodes, &shape);
  resolve_platform (scenario, catalog, shape, per_node, rp_prices_usd_to_cny (scenario, catalog),
                    &price);
  return price.origin == RP_PRICE_UNKNOWN || !(price.value > 0) ? 0 : price.value;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-prices.h: the prices a scenario is costed at, and where each one
 * comes from
 *
 * A price the scenario gives (not null) is the user's, for the scenario's
 * GPU.  A null price comes from the catalog: the GPU's dated purchase
 * price in the scenario's condition (new, used, ex-mining), the cheapest
 * offer for that GPU and count among the allowed providers and rental
 * kind in the scenario's market, the region's electricity price and PUE,
 * the server, network, power, depreciation and failure-rate rules of
 * pricing.json.  Money is converted to the scenario's currency at its
 * exchange rate (or the catalog's); each price keeps its source, date,
 * and its own currency and value. */
#pragma once

#include "rp-catalog.h"
#include "rp-fields.h"
#include "rp-market.h"

G_BEGIN_DECLS

/* Where a price came from. */
typedef enum
{
  RP_PRICE_UNKNOWN,             /* nothing to go on: the part is not priced */
  RP_PRICE_USER,                /* typed by the user for this GPU */
  RP_PRICE_CATALOG,             /* a catalog entry: source and date below */
  RP_PRICE_DEFAULT,             /* a pricing.json rule or default */
} RpPriceOrigin;

typedef struct
{
  double         value;         /* in the scenario's currency; NAN unknown */
  RpPriceOrigin  origin;
  const char    *source;        /* borrowed from the catalog; NULL for the user's */
  const char    *as_of;         /* borrowed */
  RpCurrency     currency;      /* the entry's own currency … */
  double         original;      /* … and value in it */
} RpPrice;

/* Every price and rate the cost model used, with where it came from. */
typedef struct
{
  RpPrice             usd_to_cny;   /* CNY per USD */
  RpPrice             gpu;          /* per GPU, bought */
  RpPrice             server;       /* per node, without GPUs */
  RpPrice             network;      /* NICs and switch ports, all nodes */
  RpPrice             rent;         /* per GPU-hour */
  const RpCloudOffer *offer;        /* borrowed; the offer behind rent, or NULL */
  guint               rent_billed_gpus; /* GPUs in the offer's instances billed (market/
                                     * rp_cloud_offer_billed_gpus); 0 = those used */
  guint               rent_flags;   /* RpRentFlags: how the offer was chosen */
  const RpCloudOffer *rent_beaten;  /* borrowed; the known provider's cheapest offer a
                                     * margin win beat (RP_RENT_FLAG_WON_ON_MARGIN), or NULL */
  RpPrice             power;        /* per kWh */
  RpPrice             pue;
  RpPrice             years;        /* depreciation period */
  RpPrice             failure;      /* GPUs failing per year, % (not money) */
  const RpRegion     *region;       /* borrowed; budget.region's entry, or NULL */
  const RpRegion     *power_region; /* borrowed; the region whose electricity price
                                     * is used (the region or its fallback), or NULL */
  /* What is bought (rp-prices.c): the machine a node is bought as
   * (rp_catalog_shape_for; NULL: no shape known), whether that many GPUs
   * per node are sold, and whether the buyer's market sells the GPU in
   * the scenario's condition (a new card that is not sold new there has
   * no price: gpu is unknown and this says why). */
  const RpServerShape *shape;       /* borrowed */
  RpShapeFit          shape_fit;
  RpAvailability      availability;
} RpPrices;

/* An offer from a provider of unknown standing is chosen over the
 * cheapest known provider's only when it costs at most this share less
 * (RP_RENT_FLAG_WON_ON_MARGIN).  A Rigplan policy, not a measured
 * figure: small providers' prices come from aggregator listings and
 * guides that may leave out the CPU, RAM and disk a known provider's
 * instance price includes (Compshare states its hourly price is the
 * whole instance), and an unknown host's interruptions cost reruns;
 * below a quarter the saving is within that spread. */
#define RP_UNKNOWN_PROVIDER_MARGIN 0.25

/* How the rent offer was chosen (RpPrices.rent_flags); the words say each. */
typedef enum
{
  RP_RENT_FLAG_USER_QUOTE       = 1u << 0,  /* the buyer's own quote (user catalog) */
  RP_RENT_FLAG_PROVIDER_UNKNOWN = 1u << 1,  /* its provider's standing is unknown */
  RP_RENT_FLAG_WON_ON_MARGIN    = 1u << 2,  /* … and it beat the known ones by the margin */
  RP_RENT_FLAG_SHAPE_UNSTATED   = 1u << 3,  /* the offer does not say how many GPUs one
                                             * host rents together: the node is assumed to fit */
  RP_RENT_FLAG_SHAPE_TOO_SMALL  = 1u << 4,  /* the scenario's offer cannot hold its node */
} RpRentFlags;

/* The offer chosen for a machine and why (rp_prices_offer_for_shape). */
typedef struct
{
  const RpCloudOffer *offer;        /* borrowed; NULL when none can build the machine */
  guint               billed_gpus;  /* GPUs billed: whole instances, or the cards */
  double              per_hour;     /* the billed GPUs' price per hour, in the
                                     * scenario's currency */
  guint               flags;        /* RpRentFlags */
  const RpCloudOffer *beaten;       /* the known offer a margin win beat, or NULL */
} RpOfferChoice;
/* The platform price (the server without its GPUs) of one node of
 * @per_node × @gpu in a cluster of @nodes, as rp_prices_resolve() prices
 * it for @scenario moved to that GPU with no typed server price: the
 * dated platform price of its server shape (servers.json), else the
 * pricing.json rule; in the scenario's currency; 0 when neither is
 * known.  The planner's bound on a machine's capital. */
double              rp_prices_node_platform    (const RpScenario *scenario,
                                                const RpCatalog  *catalog,
                                                const RpGpu      *gpu,
                                                guint             per_node,
                                                guint             nodes);

/* The CNY-per-USD rate the scenario uses: its own, else the catalog's,
 * else 7.1 (the README's documented fallback). */
double              rp_prices_usd_to_cny       (const RpScenario *scenario,
                                                const RpCatalog  *catalog);

/* Fills @out for @scenario on its own GPU (@gpu, resolved by the caller)
 * with @switch_ports ports to price (0: the pricing rule's per GPU). */
void                rp_prices_resolve          (const RpScenario *scenario,
                                                const RpCatalog  *catalog,
                                                const RpGpu      *gpu,
                                                guint             switch_ports,
                                                RpPrices         *out);
/* The same with the catalog's entry for budget.rent_offer already looked
 * up (@offer; NULL, or another id: looked up here). */
void                rp_prices_resolve_with_offer (const RpScenario   *scenario,
                                                  const RpCatalog    *catalog,
                                                  const RpGpu        *gpu,
                                                  guint               switch_ports,
                                                  const RpCloudOffer *offer,
                                                  RpPrices           *out);
/* rp_prices_offer_for_shape() for @n_gpus of @gpu_id in nodes of the
 * scenario's hardware.gpus_per_node. */
const RpCloudOffer *rp_prices_cheapest_offer   (const RpScenario *scenario,
                                                const RpCatalog  *catalog,
                                                const char       *gpu_id,
                                                guint             n_gpus);

/* The currency the offers of @scenario's market bill in: CNY for a
 * region in China, USD for a region elsewhere (the catalog's clouds
 * outside China bill in dollars); without a region, or one of no country,
 * the scenario's currency.  The cheapest offer is taken among those
 * first; only when none of them rents the GPU, among all. */
RpCurrency          rp_prices_market_currency  (const RpScenario *scenario,
                                                const RpCatalog  *catalog);
/* A further condition an offer must meet (the planner's providers and
 * regions). */
typedef gboolean (*RpOfferFilter) (const RpCloudOffer *offer,
                                   gpointer            user_data);

/* rp_prices_cheapest_offer() among the offers @filter (may be NULL)
 * accepts. */
const RpCloudOffer *rp_prices_cheapest_offer_where (const RpScenario *scenario,
                                                    const RpCatalog  *catalog,
                                                    const char       *gpu_id,
                                                    guint             n_gpus,
                                                    RpOfferFilter     filter,
                                                    gpointer          user_data);

/* The offer that rents @nodes nodes of @gpus_per_node @gpu_id GPUs for
 * @scenario at its rental kind: only offers whose instances hold a node
 * (a one-GPU offer never becomes an 8-GPU node), billed by whole
 * instances (the smallest that holds a node) or by the card; the buyer's
 * own quotes first (a user offer beats every catalog offer); else the
 * cheapest from a known provider, unless one of unknown standing costs
 * RP_UNKNOWN_PROVIDER_MARGIN less.  Offers billed in the scenario's
 * market first (rp_prices_market_currency), then any.  Reads only the
 * GPU's offers (rp_catalog_gpu_offers).  @choice (may be NULL) says how
 * it was chosen.  NULL when none can. */
const RpCloudOffer *rp_prices_offer_for_shape  (const RpScenario *scenario,
                                                const RpCatalog  *catalog,
                                                const char       *gpu_id,
                                                guint             gpus_per_node,
                                                guint             nodes,
                                                RpOfferFilter     filter,
                                                gpointer          user_data,
                                                RpOfferChoice    *choice);

/* Whether @offer may price @scenario's rent (its GPU, its kind, its class). */
gboolean            rp_prices_offer_allowed    (const RpScenario   *scenario,
                                                const RpCloudOffer *offer);

/* The price in @prices that @field sets (budget.gpu_price: the GPU's),
 * or NULL when the field is no price.  The form shows its origin under
 * the field, the PDF plan beside it. */
const RpPrice      *rp_prices_for_field        (const RpPrices   *prices,
                                                const RpField    *field);

/* The parts of a plan a price can be about (RpStalePrice). */
typedef enum
{
  RP_PRICE_PART_RENT,
  RP_PRICE_PART_GPU,
  RP_PRICE_PART_SERVER,
  RP_PRICE_PART_NETWORK,
  RP_PRICE_PART_POWER,
  RP_PRICE_PART_USD_TO_CNY,
  RP_N_PRICE_PARTS
} RpPricePart;

/* A catalog price older than RP_STALE_MONTHS, and where it comes from. */
typedef struct
{
  RpPricePart         part;
  const RpPrice      *price;        /* borrowed from the RpPrices */
  double              age_months;   /* from its as_of to today */
  const RpCloudOffer *offer;        /* the rent's offer, or NULL */
  const RpRegion     *region;       /* the electricity's region, or NULL */
} RpStalePrice;

/* A price older than this many months may be stale (rp_price_is_stale). */
#define RP_STALE_MONTHS 6

/* The RpPrice of @part in @prices. */
const RpPrice      *rp_prices_get_part         (const RpPrices   *prices,
                                                RpPricePart       part);
/* The catalog and default prices in @prices older than six months on
 * @today, oldest first (RpStalePrice); the user's own are never stale.
 * Transfer full; empty when none. */
GArray             *rp_prices_stale            (const RpPrices   *prices,
                                                GDate            *today);
/* How many months old @offer's price is on @today; FALSE when its as_of
 * cannot be read. */
gboolean            rp_cloud_offer_age_months  (const RpCloudOffer *offer,
                                                GDate              *today,
                                                double             *out_months);

/* "user", "catalog", "default", "unknown" (for JSON). */
const char         *rp_price_origin_to_string  (RpPriceOrigin     origin);

G_END_DECLS

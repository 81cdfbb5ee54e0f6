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
#include "rp-results.h"

G_BEGIN_DECLS

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

/* The offer that prices renting @n_gpus of @gpu_id for @scenario: the
 * lowest cost for the whole GPUs billed (instances are rented whole), in
 * the scenario's currency, among offers with a price for its rental kind
 * and an allowed provider class, billed in the scenario's market
 * (rp_prices_market_currency) when any of those rents the GPU, else among
 * all.  NULL when none. */
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

/* Whether @offer may price @scenario's rent (its GPU, its kind, its class). */
gboolean            rp_prices_offer_allowed    (const RpScenario   *scenario,
                                                const RpCloudOffer *offer);

/* The price in @prices that @field sets (budget.gpu_price: the GPU's),
 * or NULL when the field is no price.  The form shows its origin under
 * the field, the PDF plan beside it. */
const RpPrice      *rp_prices_for_field        (const RpPrices   *prices,
                                                const RpField    *field);

/* "user", "catalog", "default", "unknown" (for JSON). */
const char         *rp_price_origin_to_string  (RpPriceOrigin     origin);

G_END_DECLS

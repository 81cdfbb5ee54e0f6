/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-prices.h: the prices a scenario is costed at, and where each one
 * comes from
 *
 * A price the scenario gives (not null) is the user's, for the scenario's
 * GPU.  A null price comes from the catalog: the GPU's purchase price, the
 * cheapest offer for that GPU and count among the allowed providers and
 * rental kind, the server, network, power and depreciation rules of
 * pricing.json.  Money is converted to the scenario's currency at its
 * exchange rate (or the catalog's); each price keeps its source, date,
 * and its own currency and value. */
#pragma once

#include "rp-catalog.h"
#include "rp-results.h"

G_BEGIN_DECLS

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
 * and an allowed provider class.  Offers billed in the scenario's own
 * currency come first (the market the user rents in, as for purchase
 * prices); offers in the other currency price it only when none does.
 * NULL when none. */
const RpCloudOffer *rp_prices_cheapest_offer   (const RpScenario *scenario,
                                                const RpCatalog  *catalog,
                                                const char       *gpu_id,
                                                guint             n_gpus);

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

/* "user", "catalog", "default", "unknown" (for JSON). */
const char         *rp_price_origin_to_string  (RpPriceOrigin     origin);

G_END_DECLS

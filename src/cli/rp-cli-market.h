/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-cli-market.h: "rigplan-cli catalog servers" and "catalog market"
 *
 *   rigplan-cli catalog servers [--json]   the server shapes per GPU and
 *                                          their platform prices
 *   rigplan-cli catalog market [--json]    per GPU and market, what is sold
 *                                          today, the dated rules behind it,
 *                                          and the licence terms */

#pragma once

#include "rp-catalog.h"

G_BEGIN_DECLS

void   rp_cli_print_servers (const RpCatalog *catalog,
                             GDate           *today);
/* The shapes as JSON: {"format": "rigplan-catalog", "version": 1,
 * "catalog": "servers", "servers": [...]} (transfer full). */
char  *rp_cli_servers_json  (const RpCatalog *catalog,
                             GDate           *today);
void   rp_cli_print_market  (const RpCatalog *catalog,
                             GDate           *today);
/* A JSON object: "format", "version", "date", "status" (per GPU and
 * market, the entry in force on @today), "markets", "rules",
 * "availability" and "licences" (transfer full). */
char  *rp_cli_market_json   (const RpCatalog *catalog,
                             GDate           *today);

G_END_DECLS

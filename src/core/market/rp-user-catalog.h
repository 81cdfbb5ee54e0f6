/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-user-catalog.h: prices the user edits, kept in their own catalog
 *
 * An edited price is written to the user's catalog directory
 * (rp_catalog_user_dir: $XDG_DATA_HOME/rigplan, or $RIGPLAN_USER_DATADIR)
 * as a copy of the catalog entry with the new price, dated today and
 * marked "user": true, in user-clouds.json or user-purchases.json.  The
 * file is written whole through a temporary file and a rename, so a
 * failure leaves the old file as it was.  Loaded after the bundled
 * catalog, the copy replaces the bundled entry of the same id: every
 * estimate, the CLI and the app use the user's price. */
#pragma once

#include "rp-catalog.h"

G_BEGIN_DECLS

/* The file names, inside the user's catalog directory. */
#define RP_USER_CLOUDS_FILE    "user-clouds.json"
#define RP_USER_PURCHASES_FILE "user-purchases.json"

/* Sets the @kind price per GPU-hour of offer @offer_id to @price (in the
 * offer's currency), dated @today, in @dir's user-clouds.json (created
 * when missing), then loads that file into @catalog.  Errors name the
 * file, the key and the problem: an unknown offer, a price out of range,
 * a user file that is not a clouds catalog, a failed write. */
gboolean rp_user_catalog_set_offer_price    (RpCatalog   *catalog,
                                             const char  *dir,
                                             const char  *offer_id,
                                             RpRentKind   kind,
                                             double       price,
                                             GDate       *today,
                                             GError     **error);
/* The same for purchase price @purchase_id (in its currency, per card or
 * per server as the entry is), in user-purchases.json. */
gboolean rp_user_catalog_set_purchase_price (RpCatalog   *catalog,
                                             const char  *dir,
                                             const char  *purchase_id,
                                             double       price,
                                             GDate       *today,
                                             GError     **error);

G_END_DECLS

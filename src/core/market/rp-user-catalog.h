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

/* The most rows one price list may hold, and the most row problems one
 * error lists before "and N more". */
#define RP_PRICE_LIST_MAX_ROWS     10000
#define RP_PRICE_LIST_MAX_PROBLEMS 20

/* Reads the price list @csv_path (a buyer's quotes: one row per offer and
 * rental term) into @dir's user-clouds.json, then loads that file into
 * @catalog, so that every estimate prices those GPUs at the buyer's
 * quotes first (RP_RENT_FLAG_USER_QUOTE).
 *
 * Columns, by header (English or Chinese, any order, case ignored):
 * provider/供应商, gpu/显卡 (an id, a name or an alias of the GPU
 * catalog), term/计费方式 (on-demand/按量, spot/抢占式, reserved-1y/包年,
 * reserved-3y, monthly/包月, daily/包日, capacity-block), price/价格,
 * currency/币种 (USD, CNY, 元, 美元), as_of/日期 (YYYY, YYYY-MM or
 * YYYY-MM-DD, not after @today) and source/来源; optional gpus/卡数
 * (GPUs per instance, default 1), unit/单位 (gpu-hour/卡时, gpu-day/卡天,
 * gpu-month/卡月, instance-hour/台时; default gpu-month for a monthly
 * term, gpu-day for a daily one, else gpu-hour), offer/机型, region/地域
 * and notes/备注.  Comma- or tab-separated, UTF-8 (a BOM is skipped) or
 * GB18030 as spreadsheets in China save it.
 *
 * Rows of the same provider, GPU, instance size, currency, region, date
 * and source make one offer with a price per term; a second price for
 * the same offer and term is an error.  Any bad row fails the whole
 * import and writes nothing: the error names the file, the line and the
 * column of every bad row (up to RP_PRICE_LIST_MAX_PROBLEMS).
 * @n_prices (may be NULL): the prices imported. */
gboolean rp_user_catalog_import_prices      (RpCatalog   *catalog,
                                             const char  *dir,
                                             const char  *csv_path,
                                             GDate       *today,
                                             guint       *n_prices,
                                             GError     **error);

G_END_DECLS

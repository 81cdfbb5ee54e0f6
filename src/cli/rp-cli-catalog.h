/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-cli-catalog.h: "rigplan-cli catalog check" and "catalog
 * import-prices" */

#pragma once

#include "rp-catalog.h"

G_BEGIN_DECLS

/* Prints every hole of @catalog (text, or JSON with @json); the exit
 * status is 0 when none blocks an estimate, else 1. */
int rp_cli_catalog_check  (const RpCatalog *catalog,
                           gboolean         json,
                           GDate           *today);
/* Imports the price list @csv_path into the user's catalog and says how
 * many prices it added; 1 with every bad row on stderr. */
int rp_cli_catalog_import (RpCatalog       *catalog,
                           const char      *csv_path,
                           gboolean         json,
                           GDate           *today);

G_END_DECLS

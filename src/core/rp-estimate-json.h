/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-estimate-json.h: the estimate as JSON (the CLI contract in DESIGN.md) */
#pragma once

#include "rp-estimate.h"

G_BEGIN_DECLS

/* A pretty-printed JSON document; sections not computed are null. */
char *rp_estimate_to_json (const RpScenario *scenario,
                           const RpCatalog  *catalog,
                           const RpEstimate *estimate);

G_END_DECLS

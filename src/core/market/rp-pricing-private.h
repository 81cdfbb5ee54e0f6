/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-pricing-private.h: reading a "rigplan-pricing" file; only the catalog
 * loader includes this. */
#pragma once

#include "rp-json-private.h"
#include "rp-pricing.h"

G_BEGIN_DECLS

/* Reads the values of a "rigplan-pricing" @root (format and version
 * already checked) into @self.  Keys the file gives replace the ones
 * @self has (a user file overrides the bundled one); on error @self is
 * unchanged. */
gboolean rp_pricing_load_json (RpPricing    *self,
                               const cJSON  *root,
                               GError      **error);

G_END_DECLS

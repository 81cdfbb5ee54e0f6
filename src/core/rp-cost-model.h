/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-cost-model.h: rent versus buy, energy and break-even */
#pragma once

#include "rp-estimate.h"

G_BEGIN_DECLS

/* Fills est->cost (and cost advice) from the scenario and est->compute.
 * Pure. */
void rp_cost_model_run (const RpScenario *scenario,
                        const RpCatalog  *catalog,
                        RpEstimate       *est);

G_END_DECLS

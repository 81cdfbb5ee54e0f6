/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-time-model.h: training time, throughput and the bill of materials */
#pragma once

#include "rp-estimate.h"

G_BEGIN_DECLS

/* Fills est->compute and est->bom (and their warnings).  Pure. */
void rp_time_model_run (const RpScenario *scenario,
                        const RpCatalog  *catalog,
                        RpEstimate       *est);

G_END_DECLS

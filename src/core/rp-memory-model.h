/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-memory-model.h: per-GPU memory of a training run */
#pragma once

#include "rp-estimate.h"

G_BEGIN_DECLS

/* Fills est->memory (and memory warnings) from the scenario, the resolved
 * architecture in est->arch and the GPU in est->gpu.  Pure. */
void rp_memory_model_run (const RpScenario *scenario,
                          const RpCatalog  *catalog,
                          RpEstimate       *est);

G_END_DECLS

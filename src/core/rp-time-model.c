/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-time-model.c: not yet written; the section is reported as null */

#include "config.h"

#include "rp-time-model.h"

void
rp_time_model_run (const RpScenario *scenario,
                   const RpCatalog  *catalog,
                   RpEstimate       *est)
{
  g_return_if_fail (scenario != NULL && catalog != NULL && est != NULL);
}

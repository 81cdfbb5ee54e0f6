/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-fix-screen.c: what the fix search can rule out before it estimates
 *
 * A change fixes a plan only when its estimate meets the memory
 * constraint (rp-fix.c, solves()), and that constraint is the memory
 * model's verdict alone (rp-constraints.c, judge_memory()).  The memory
 * model is a small part of an estimate, so the search runs it first and
 * estimates in full only the changes that fit. */

#include "config.h"

#include "rp-fix-private.h"

#include "rp-catalog.h"
#include "rp-memory-model.h"
#include "rp-scenario.h"

gboolean
rp_fix_may_fit (const RpScenario  *scenario,
                const RpCatalog   *catalog,
                const RpModelArch *arch,
                RpMemoryEstimate  *scratch)
{
  const RpGpu *gpu;

  g_return_val_if_fail (scenario != NULL && catalog != NULL, TRUE);
  g_return_val_if_fail (arch != NULL && scratch != NULL, TRUE);

  gpu = rp_catalog_lookup_gpu (catalog, scenario->hardware.gpu);
  if (gpu == NULL)
    return TRUE;          /* the estimate says why */
  /* the same call as rp_memory_model_run(): the judged memory is this */
  rp_memory_model_estimate (scenario, arch, gpu, catalog, scratch);
  return !scratch->computed || scratch->verdict == RP_VERDICT_FITS;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-fix-screen.c: what the fix search can rule out before it estimates
 *
 * A change fixes a plan only when its estimate meets the memory
 * constraint (rp-fix.c, solves()), and that constraint is the memory
 * model's verdict alone (rp-constraints.c, judge_memory()).  The memory
 * model is a small part of an estimate, so the search runs it first and
 * estimates in full only the changes that fit.  A change of the settings
 * alone is estimated from there on (rp_fix_estimate_change()), so that
 * its memory is not modelled twice: on the plan's machine, prepared once
 * a search (rp_memory_prepared_new()).  Its prices are resolved as any
 * estimate's, which the thread's last resolution answers when the change
 * keeps every input they read (rp-prices.c). */

#include "config.h"

#include "rp-fix-private.h"

#include "rp-catalog.h"
#include "rp-estimate.h"
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

gboolean
rp_fix_estimate_change (const RpScenario       *scenario,
                        const RpCatalog        *catalog,
                        const RpEstimate       *base,
                        const RpMemoryPrepared *prepared,
                        RpEstimate             *out)
{
  RpMemoryEstimate memory;
  const RpGpu *gpu;

  g_return_val_if_fail (scenario != NULL && catalog != NULL, FALSE);
  g_return_val_if_fail (base != NULL && base->gpu != NULL && out != NULL, FALSE);
  g_return_val_if_fail (prepared != NULL, FALSE);

  /* the screen first: the memory constraint is the memory model's
   * verdict alone, and most changes stop here; on the prepared machine
   * it is rp_memory_model_estimate() of the change, to the bit, without
   * the GPU's and the catalog's part made again for each change */
  gpu = base->gpu;
  rp_memory_prepared_estimate (prepared, scenario, &memory);
  if (memory.computed && memory.verdict != RP_VERDICT_FITS)
    return FALSE;
  /* then rp_estimate_compute()'s own models on that memory; the GPU
   * lookup, the offer, region and owned-GPU checks and the model's
   * resolution read only what the change shares with @base, so their
   * answers are @base's */
  rp_estimate_clear (out);
  if (!rp_scenario_validate (scenario, NULL))
    return FALSE;
  out->arch = base->arch;
  rp_estimate_run_models (scenario, catalog, gpu, &memory, out);
  /* the batch advice and the checklist come after the constraints and
   * add only advice the search does not read (rp-fix.c, is_clean()) */
  return TRUE;
}

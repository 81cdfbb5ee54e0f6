/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-measure-calibrate.c: calibrating a scenario from measurement files
 *
 * Reads the files (rp-measure.c), checks them against the scenario and
 * each other, finds the device or describes it, fits the models
 * (explore/rp-calibrate.h), and only when all of that holds stores the
 * device and the calibration in the user's data (market/rp-calibration.h). */

#include "config.h"

#include "rp-measure.h"

#include "rp-error.h"
#include "rp-explore.h"

#include <string.h>

/* ---- public API ----------------------------------------------------- */

void
rp_calibrate_result_clear (RpCalibrateResult *result)
{
  g_return_if_fail (result != NULL);

  g_clear_pointer (&result->calibration, rp_calibration_free);
  g_clear_pointer (&result->gpu_added, g_free);
  g_clear_pointer (&result->gpu, g_free);
  g_clear_pointer (&result->output, rp_scenario_free);
  g_clear_pointer (&result->notes, g_ptr_array_unref);
  g_clear_pointer (&result->path, g_free);
}

gboolean
rp_calibrate_files (const RpScenario  *scenario,
                    RpCatalog         *catalog,
                    const char *const *paths,
                    guint              n,
                    const char        *gpu_id,
                    const char        *user_dir,
                    RpCalibrateResult *out,
                    GError           **error)
{
  g_autoptr(GPtrArray) ms = g_ptr_array_new_with_free_func ((GDestroyNotify) rp_measurement_free);
  g_autoptr(GPtrArray) holder = g_ptr_array_new_with_free_func ((GDestroyNotify)
                                                               rp_calibrate_gpu_free);
  RpGpu *made = NULL;
  g_autoptr(RpCalibration) cal = NULL;
  g_autoptr(GString) source = g_string_new (NULL);
  const RpGpu *gpu;
  RpMeasurement *first;

  g_return_val_if_fail (scenario != NULL && catalog != NULL && paths != NULL, FALSE);
  g_return_val_if_fail (n > 0 && user_dir != NULL && out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  for (guint i = 0; i < n; i++)
    {
      RpMeasurement *m = rp_measurement_load_file (paths[i], error);

      if (m == NULL)
        return FALSE;
      g_ptr_array_add (ms, m);
      if (!rp_calibrate_check (scenario, catalog, m, error) ||
          (i > 0 && !rp_calibrate_check_same (g_ptr_array_index (ms, 0), m, error)))
        {
          g_prefix_error (error, "%s: ", paths[i]);
          return FALSE;
        }
      g_string_append_printf (source, "%s%s", i > 0 ? ", " : "", m->name);
    }
  first = g_ptr_array_index (ms, 0);
  gpu = rp_calibrate_find_gpu (catalog, first, gpu_id, error);
  if (gpu == NULL && error != NULL && *error != NULL)
    {
      g_prefix_error (error, "%s: ", paths[0]);
      return FALSE;
    }
  if (gpu == NULL)
    {
      /* a device the catalog lacks: described from the measurement and
       * loaded, in memory only until everything below succeeds */
      g_autoptr(GError) local = NULL;

      made = rp_calibrate_make_gpu (first);
      g_ptr_array_add (holder, made);
      if (!rp_user_catalog_add_gpu_in_memory (catalog, made, &local))
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&local), "%s: ", paths[0]);
          return FALSE;
        }
      gpu = rp_catalog_lookup_gpu (catalog, made->id);
    }
  cal = rp_calibrate_compute (scenario, catalog, (RpMeasurement **) ms->pdata, ms->len, gpu,
                              source->str, error);
  if (cal == NULL)
    return FALSE;
  if (made != NULL && !rp_user_catalog_add_gpu (catalog, user_dir, made, error))
    return FALSE;
  if (!rp_user_calibration_store (catalog, user_dir, cal, error))
    return FALSE;
  out->calibration = g_steal_pointer (&cal);
  out->gpu_added = made != NULL ? g_strdup (made->id) : NULL;
  out->gpu = g_strdup (gpu->id);
  out->path = g_build_filename (user_dir, RP_USER_CALIBRATIONS_FILE, NULL);
  out->notes = g_ptr_array_ref (first->notes);
  /* the scenario on the measured device, as "Use this machine" moves it */
  out->output = rp_explore_move (scenario, catalog, rp_catalog_lookup_gpu (catalog, out->gpu),
                                 MAX (scenario->hardware.gpus_per_node, 1),
                                 MAX (scenario->hardware.nodes, 1));
  if (out->output == NULL)
    {
      out->output = rp_scenario_copy (scenario);
      rp_scenario_set_gpu (out->output, out->gpu);
    }
  return TRUE;
}

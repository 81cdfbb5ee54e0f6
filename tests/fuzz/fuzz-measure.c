/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-measure.c: hostile *.rigplan-measure input (rigplan-probe's
 * output) must give an error, never a crash; a measurement that loads
 * must survive write → read, and calibrating a scenario from it must
 * give a calibration or an error, whatever its figures.
 *
 * Built as a libFuzzer target with -Dfuzzing=true (clang); otherwise
 * fuzz-driver.c replays the corpus as a regular test. */

#include "config.h"

#include "rp-calibrate.h"
#include "rp-catalog.h"
#include "rp-measure.h"
#include "rp-scenario.h"

#include <math.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const guint8 *data,
                            size_t        size);

/* The scenario every measurement is calibrated against: a small decoder
 * on one GPU; most inputs measured something else, and the check says so. */
static const char scenario_text[] =
  "{\"format\": \"rigplan-scenario\", \"version\": 2, \"name\": \"fuzz\","
  " \"model\": {\"kind\": \"decoder\", \"layers\": 4, \"hidden\": 256, \"heads\": 4,"
  " \"kv_heads\": 4, \"ffn\": 1024, \"ffn_act\": \"gelu\", \"vocab\": 2048,"
  " \"tied_embeddings\": true, \"max_positions\": 1024, \"norm\": \"layernorm\","
  " \"biases\": \"all\"},"
  " \"training\": {\"method\": \"pretrain\", \"precision\": \"bf16\", \"seq_len\": 128,"
  " \"micro_batch\": 4, \"global_batch\": 4, \"dataset_tokens\": 1e6},"
  " \"hardware\": {\"gpu\": \"rtx-4090\"}}";

static RpCatalog *
shared_catalog (void)
{
  static RpCatalog *catalog = NULL;

  if (catalog == NULL)
    catalog = rp_catalog_load_default (NULL);
  return catalog;
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RpMeasurement) m = rp_measurement_load_bytes ((const char *) data, size, "fuzz",
                                                          &error);
  g_autoptr(RpMeasurement) again = NULL;
  g_autoptr(RpScenario) scenario = NULL;
  g_autoptr(RpCalibration) cal = NULL;
  g_autofree char *saved = NULL;
  RpMeasurement *ms[1];
  const RpGpu *gpu;
  RpCatalog *catalog;

  if (m == NULL)
    {
      g_assert (error != NULL && error->message != NULL && *error->message != '\0');
      return 0;
    }
  saved = rp_measurement_to_json (m);
  again = rp_measurement_load_bytes (saved, strlen (saved), "again", &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (again->whole.step_s, ==, m->whole.step_s);
  catalog = shared_catalog ();
  if (catalog == NULL)
    return 0;
  scenario = rp_scenario_load_data (scenario_text, sizeof scenario_text - 1, &error);
  g_assert_no_error (error);
  rp_calibrate_check (scenario, catalog, m, NULL);
  gpu = rp_calibrate_find_gpu (catalog, m, NULL, NULL);
  if (gpu == NULL)
    gpu = rp_catalog_lookup_gpu (catalog, "rtx-4090");
  ms[0] = m;
  cal = rp_calibrate_compute (scenario, catalog, ms, 1, gpu, NULL, &error);
  if (cal != NULL)
    {
      g_assert_true (isfinite (cal->utilization) && cal->utilization > 0);
      g_assert_true (isfinite (cal->activations) && cal->activations > 0);
      g_assert_true (isfinite (cal->overhead_bytes));
    }
  else
    g_assert (error != NULL);
  rp_calibrate_gpu_free (rp_calibrate_make_gpu (m));
  return 0;
}

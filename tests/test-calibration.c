/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-calibration.c: measurements (rigplan-probe), calibrating the
 * models to them, and the calibration's life in the user's data
 *
 * The measurements in tests/data/probe/recorded/ are real: rigplan-probe
 * ran the scenarios beside them on a CPU (README there).  They are the
 * same every run, so the figures below test the models and the
 * calibration, not the machine; tests/check-probe.py measures afresh. */

#include "config.h"

#include "rp-calibrate.h"
#include "rp-calibrated.h"
#include "rp-calibration.h"
#include "rp-error.h"
#include "rp-measure.h"
#include "rp-test-core.h"
#include "rp-words.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

/* The bounds: the measured configuration within 2 %, another
 * one within 10 %. */
static const double same_tolerance = 0.02;
static const double other_tolerance = 0.10;

/* ---- helpers -------------------------------------------------------- */

static char *
probe_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "probe", name, NULL);
}

static char *
recorded_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "probe", "recorded", name, NULL);
}

static RpScenario *
load_scenario (const char *name)
{
  g_autofree char *path = probe_path (name);
  g_autoptr(GError) error = NULL;
  RpScenario *s = rp_scenario_load_file (path, &error);

  g_assert_no_error (error);
  return s;
}

static RpMeasurement *
load_measurement (const char *name)
{
  g_autofree char *path = recorded_path (name);
  g_autoptr(GError) error = NULL;
  RpMeasurement *m = rp_measurement_load_file (path, &error);

  g_assert_no_error (error);
  return m;
}

/* The step and the peak @s gets on @gpu_id, estimated with @catalog. */
static void
estimate_on (const RpCatalog  *catalog,
             const RpScenario *scenario,
             const char       *gpu_id,
             double           *step_s,
             double           *total_bytes,
             gboolean         *calibrated)
{
  g_autoptr(RpScenario) s = rp_scenario_copy (scenario);
  g_autoptr(RpEstimate) est = NULL;

  rp_scenario_set_gpu (s, gpu_id);
  est = rp_test_estimate (catalog, s);
  *step_s = est->compute.step_s;
  *total_bytes = est->memory.total_bytes;
  *calibrated = rp_estimate_has_warning (est, "calibrated");
}

static void
assert_within (const char *what,
               double      value,
               double      measured,
               double      tolerance)
{
  double error = value / measured - 1;

  g_test_message ("%s: %.4g against %.4g measured (%+.1f %%)", what, value, measured,
                  100 * error);
  g_assert_cmpfloat (fabs (error), <=, tolerance);
}

/* Calibrates the tiny decoder from its recorded measurement into @dir. */
static void
calibrate_a (RpCatalog         *catalog,
             const char        *dir,
             RpCalibrateResult *result)
{
  g_autoptr(RpScenario) a = load_scenario ("tiny-gpt-a.rigplan");
  g_autofree char *path = recorded_path ("tiny-gpt-a.rigplan-measure");
  const char *paths[] = { path };
  g_autoptr(GError) error = NULL;

  g_assert_true (rp_calibrate_files (a, catalog, paths, 1, NULL, dir, result, &error));
  g_assert_no_error (error);
}

/* ---- tests: the file ------------------------------------------------ */

static void
test_read (void)
{
  g_autoptr(RpMeasurement) m = load_measurement ("tiny-gpt-a.rigplan-measure");
  g_autoptr(RpMeasurement) layers = load_measurement ("tiny-gpt-deep-layers.rigplan-measure");

  g_assert_cmpint (m->device_kind, ==, RP_DEVICE_CPU);
  g_assert_false (m->layers_mode);
  g_assert_cmpuint (m->arch.layers, ==, 4);
  g_assert_cmpuint (m->asked.micro_batch, ==, 4);
  g_assert_cmpuint (m->ran.seq_len, ==, 128);
  g_assert_cmpint (m->ran.precision, ==, RP_PRECISION_BF16_PURE);
  g_assert_cmpfloat (m->whole.step_s, >, 0);
  g_assert_cmpfloat (m->whole.peak_reserved_bytes, >=, m->whole.peak_allocated_bytes);
  g_assert_cmpfloat (m->whole.params, ==, 3945984);
  g_assert_true (isfinite (m->measured_tflops));
  g_assert_true (layers->layers_mode);
  g_assert_cmpuint (layers->points[0].layers, ==, 2);
  g_assert_cmpuint (layers->points[1].layers, ==, 4);
  g_assert_cmpuint (layers->ran_layers, ==, 8);
}

/* What the writer writes, the reader reads back to the same figures. */
static void
test_round_trip (void)
{
  const char *names[] = { "tiny-gpt-a.rigplan-measure", "tiny-gpt-deep-layers.rigplan-measure" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(RpMeasurement) m = load_measurement (names[i]);
      g_autofree char *text = rp_measurement_to_json (m);
      g_autoptr(GError) error = NULL;
      g_autoptr(RpMeasurement) again = rp_measurement_load_bytes (text, strlen (text), "again",
                                                                  &error);
      g_autofree char *text2 = NULL;

      g_assert_no_error (error);
      text2 = rp_measurement_to_json (again);
      g_assert_cmpstr (text, ==, text2);
      g_assert_cmpfloat (again->whole.step_s, ==, m->whole.step_s);
      g_assert_cmpfloat (again->points[1].peak_reserved_bytes, ==,
                         m->points[1].peak_reserved_bytes);
    }
}

/* The probe's input: the resolved model, the settings, what one device
 * leaves out and the memory it would need. */
static void
test_probe_input (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_bundled_catalog ();
  g_autoptr(RpScenario) s = rp_test_load_example ("full-finetune-llama2-7b-8xa100.rigplan");
  g_autoptr(GError) error = NULL;
  g_autofree char *text = rp_probe_input_to_json (s, catalog, &error);

  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "\"format\":\t\"rigplan-probe-input\""));
  g_assert_nonnull (strstr (text, "\"hidden\":\t4096"));
  g_assert_nonnull (strstr (text, "\"ffn_act\":\t\"swiglu\""));
  /* eight GPUs and ZeRO are said, never dropped silently */
  g_assert_nonnull (strstr (text, "\"key\":\t\"hardware.gpus\""));
  g_assert_nonnull (strstr (text, "\"memory_per_layer_bytes\""));
}

/* ---- tests: calibrating --------------------------------------------- */

/* The round trip on recorded measurements: calibrated from the
 * 4 × 128 run, the estimate gives that run's step and peak within 2 %,
 * and the 2 × 256 run (measured beside it) within 10 %. */
static void
test_round_trip_estimates (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_bundled_catalog ();
  g_autofree char *dir = rp_test_make_dir ("rigplan-calibrate-XXXXXX");
  g_autoptr(RpScenario) b = load_scenario ("tiny-gpt-b.rigplan");
  g_autoptr(RpMeasurement) ma = load_measurement ("tiny-gpt-a.rigplan-measure");
  g_autoptr(RpMeasurement) mb = load_measurement ("tiny-gpt-b.rigplan-measure");
  RpCalibrateResult result = { 0 };
  double step_s, total;
  gboolean calibrated;

  calibrate_a (catalog, dir, &result);
  g_assert_nonnull (result.gpu_added);
  g_assert_true (g_str_has_prefix (result.gpu_added, "measured-cpu-"));
  g_assert_true (rp_catalog_lookup_gpu (catalog, result.gpu)->measured);
  g_assert_cmpstr (result.calibration->as_of, ==, "2026-12-01");
  g_assert_cmpstr (result.output->hardware.gpu, ==, result.gpu);

  estimate_on (catalog, result.output, result.gpu, &step_s, &total, &calibrated);
  g_assert_true (calibrated);
  assert_within ("measured run, step", step_s, ma->whole.step_s, same_tolerance);
  assert_within ("measured run, peak", total,
                 ma->whole.peak_reserved_bytes + ma->context_bytes, same_tolerance);
  estimate_on (catalog, b, result.gpu, &step_s, &total, &calibrated);
  g_assert_true (calibrated);
  assert_within ("other run, step", step_s, mb->whole.step_s, other_tolerance);
  assert_within ("other run, peak", total, mb->whole.peak_reserved_bytes + mb->context_bytes,
                 other_tolerance);
  rp_calibrate_result_clear (&result);
  rp_test_remove_dir (dir);
}

/* Every row: the calibrated step and peak are the measured ones; the
 * predicted ones are the models' own, without the calibration. */
static void
test_rows (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_bundled_catalog ();
  g_autofree char *dir = rp_test_make_dir ("rigplan-calibrate-XXXXXX");
  RpCalibrateResult result = { 0 };
  const RpCalibration *cal;
  gboolean seen[RP_N_CALIBRATION_PARTS] = { FALSE };

  calibrate_a (catalog, dir, &result);
  cal = result.calibration;
  g_assert_cmpuint (cal->n_rows, >=, 9);
  for (guint i = 0; i < cal->n_rows; i++)
    {
      const RpCalibrationRow *r = &cal->rows[i];

      seen[r->part] = TRUE;
      if (r->part == RP_CALIBRATION_STEP_S || r->part == RP_CALIBRATION_PEAK_BYTES ||
          r->part == RP_CALIBRATION_OPTIMIZER_S)
        assert_within (rp_calibration_part_to_string (r->part), r->calibrated, r->measured,
                       0.005);
      /* the model states are counted exactly */
      if (r->part == RP_CALIBRATION_WEIGHTS_BYTES || r->part == RP_CALIBRATION_GRADIENTS_BYTES)
        g_assert_cmpfloat (r->predicted, ==, r->measured);
    }
  g_assert_true (seen[RP_CALIBRATION_COMPUTE_S] && seen[RP_CALIBRATION_ACTIVATIONS_BYTES]);
  g_assert_false (seen[RP_CALIBRATION_LAYER_STEP_S]);
  rp_calibrate_result_clear (&result);
  rp_test_remove_dir (dir);
}

/* Two depths: the per-layer step is matched, and the whole model (also
 * measured) is predicted from its layers. */
static void
test_layers (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_bundled_catalog ();
  g_autofree char *dir = rp_test_make_dir ("rigplan-calibrate-XXXXXX");
  g_autoptr(RpScenario) deep = load_scenario ("tiny-gpt-deep.rigplan");
  g_autoptr(RpMeasurement) whole = load_measurement ("tiny-gpt-deep-whole.rigplan-measure");
  g_autofree char *path = recorded_path ("tiny-gpt-deep-layers.rigplan-measure");
  const char *paths[] = { path };
  g_autoptr(GError) error = NULL;
  RpCalibrateResult result = { 0 };
  double step_s, total;
  gboolean calibrated, found = FALSE;

  g_assert_true (rp_calibrate_files (deep, catalog, paths, 1, NULL, dir, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result.calibration->depths[0], ==, 2);
  g_assert_cmpuint (result.calibration->depths[1], ==, 4);
  for (guint i = 0; i < result.calibration->n_rows; i++)
    {
      const RpCalibrationRow *r = &result.calibration->rows[i];

      if (r->part != RP_CALIBRATION_LAYER_STEP_S)
        continue;
      assert_within ("per-layer step", r->calibrated, r->measured, 0.005);
      found = TRUE;
    }
  g_assert_true (found);
  estimate_on (catalog, deep, result.gpu, &step_s, &total, &calibrated);
  assert_within ("8 layers from 2 and 4, step", step_s, whole->whole.step_s, 0.15);
  assert_within ("8 layers from 2 and 4, peak", total, whole->whole.peak_reserved_bytes,
                 other_tolerance);
  rp_calibrate_result_clear (&result);
  rp_test_remove_dir (dir);
}

/* ---- tests: where it applies ---------------------------------------- */

/* Another precision or stack on the same device is not calibrated, and
 * the estimate says why; another GPU says nothing. */
static void
test_not_applied (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_bundled_catalog ();
  g_autofree char *dir = rp_test_make_dir ("rigplan-calibrate-XXXXXX");
  g_autoptr(RpScenario) other = load_scenario ("tiny-gpt-a.rigplan");
  g_autoptr(RpEstimate) est = NULL;
  g_autoptr(RpEstimate) plain = NULL;
  RpCalibrateResult result = { 0 };

  calibrate_a (catalog, dir, &result);
  rp_scenario_set_gpu (other, result.gpu);
  other->training.precision = RP_PRECISION_AMP_BF16;
  est = rp_test_estimate (catalog, other);
  g_assert_null (est->calibration);
  g_assert_false (rp_estimate_has_warning (est, "calibrated"));
  g_assert_true (rp_estimate_has_warning (est, "calibration-not-applied"));
  for (guint i = 0; i < est->n_warnings; i++)
    if (est->warnings[i].code == RP_ADVICE_CALIBRATION_NOT_APPLIED)
      g_assert_cmpstr (est->warnings[i].key, ==, "training.precision");
  g_clear_pointer (&est, rp_estimate_free);
  other->training.precision = RP_PRECISION_BF16_PURE;
  other->training.framework = RP_FRAMEWORK_DEEPSPEED;
  est = rp_test_estimate (catalog, other);
  g_assert_null (est->calibration);
  g_assert_true (rp_estimate_has_warning (est, "calibration-not-applied"));
  rp_scenario_set_gpu (other, "rtx-4090");
  other->training.framework = RP_FRAMEWORK_CUSTOM;
  plain = rp_test_estimate (catalog, other);
  g_assert_null (plain->calibration);
  g_assert_false (rp_estimate_has_warning (plain, "calibrated"));
  g_assert_false (rp_estimate_has_warning (plain, "calibration-not-applied"));
  rp_calibrate_result_clear (&result);
  rp_test_remove_dir (dir);
}

/* A calibration changes the time and the memory it corrects, nothing
 * the identity asks it not to, and says so with the day measured. */
static void
test_applied (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_bundled_catalog ();
  g_autofree char *dir = rp_test_make_dir ("rigplan-calibrate-XXXXXX");
  g_autoptr(RpScenario) s = NULL;
  g_autoptr(RpEstimate) with = NULL;
  g_autoptr(RpEstimate) without = NULL;
  g_autofree char *sentence = NULL;
  RpCalibrateResult result = { 0 };

  calibrate_a (catalog, dir, &result);
  s = rp_scenario_copy (result.output);
  with = rp_test_estimate (catalog, s);
  s->hardware.calibration = rp_calibration_identity ();
  without = rp_test_estimate (catalog, s);
  g_assert_nonnull (with->calibration);
  g_assert_null (without->calibration);
  g_assert_cmpfloat (with->compute.step_s, !=, without->compute.step_s);
  g_assert_cmpfloat (with->memory.total_bytes, !=, without->memory.total_bytes);
  g_assert_cmpfloat (with->memory.weights_bytes, ==, without->memory.weights_bytes);
  g_assert_cmpfloat (with->memory.calibration_bytes, ==, result.calibration->overhead_bytes);
  for (guint i = 0; i < with->n_warnings; i++)
    if (with->warnings[i].code == RP_ADVICE_CALIBRATED)
      sentence = rp_words_advice (&with->warnings[i], s, catalog, with);
  g_assert_nonnull (sentence);
  g_assert_nonnull (strstr (sentence, "2026-12-01"));
  rp_calibrate_result_clear (&result);
  rp_test_remove_dir (dir);
}

/* A calibration narrows the band of a run on one GPU to the 10 % the
 * other run is held to above, and the other run's measured step and peak
 * lie inside it; on several GPUs (communication is not calibrated), or
 * where the scenario sets hardware.band_scale, the band stays as it was.
 * The measured device here is a CPU, whose step time keeps the published
 * band (rp-bands.c: on another CPU it transferred far worse); the same
 * device on a GPU's stack narrows it. */
static void
test_band_narrowed (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_bundled_catalog ();
  g_autofree char *dir = rp_test_make_dir ("rigplan-calibrate-XXXXXX");
  g_autoptr(RpScenario) b = load_scenario ("tiny-gpt-b.rigplan");
  g_autoptr(RpMeasurement) mb = load_measurement ("tiny-gpt-b.rigplan-measure");
  g_autoptr(RpEstimate) with = NULL;
  g_autoptr(RpEstimate) without = NULL;
  g_autoptr(RpEstimate) several = NULL;
  g_autoptr(RpEstimate) own = NULL;
  g_autoptr(RpEstimate) as_gpu = NULL;
  RpCalibrateResult result = { 0 };
  const RpMemoryEstimate *m;
  const RpComputeEstimate *c;

  calibrate_a (catalog, dir, &result);
  rp_scenario_set_gpu (b, result.gpu);
  with = rp_test_estimate (catalog, b);
  b->hardware.calibration = rp_calibration_identity ();
  without = rp_test_estimate (catalog, b);
  b->hardware.calibration = NULL;
  m = &with->memory;
  c = &with->compute;
  g_assert_nonnull (with->calibration);
  g_assert_true (m->band.known && m->band.calibrated);
  g_assert_false (c->band.calibrated);
  g_assert_cmpfloat (c->band.high, ==, without->compute.band.high);
  g_assert_false (without->memory.band.calibrated || without->compute.band.calibrated);
  g_assert_cmpfloat (m->band.scale, <, 1);
  g_assert_cmpfloat (m->band.high, <=, 1 / (1 - other_tolerance) + 1e-9);
  g_assert_cmpfloat (m->band.low, >=, 1 / (1 + other_tolerance) - 1e-9);
  g_assert_cmpfloat (m->total_high_bytes - m->total_low_bytes, <,
                     without->memory.total_high_bytes - without->memory.total_low_bytes);
  /* the measured figures of the run not calibrated from */
  g_test_message ("step %.4g in [%.4g, %.4g], peak %.4g in [%.4g, %.4g]", mb->whole.step_s,
                  c->step_s_low, c->step_s_high, mb->whole.peak_reserved_bytes + mb->context_bytes,
                  m->total_low_bytes, m->total_high_bytes);
  g_assert_cmpfloat (mb->whole.step_s, >=, c->step_s_low);
  g_assert_cmpfloat (mb->whole.step_s, <=, c->step_s_high);
  g_assert_cmpfloat (mb->whole.peak_reserved_bytes + mb->context_bytes, >=, m->total_low_bytes);
  g_assert_cmpfloat (mb->whole.peak_reserved_bytes + mb->context_bytes, <=, m->total_high_bytes);

  /* the scenario's own share wins */
  b->hardware.band_scale = 1;
  own = rp_test_estimate (catalog, b);
  g_assert_cmpfloat (own->memory.band.high, ==, without->memory.band.high);
  b->hardware.band_scale = NAN;
  /* two GPUs: the measurement says nothing of their communication */
  b->hardware.gpus_per_node = 2;
  b->training.global_batch = 4;
  several = rp_test_estimate (catalog, b);
  g_assert_nonnull (several->calibration);
  g_assert_false (several->memory.band.calibrated || several->compute.band.calibrated);
  /* the device as a GPU's stack would run it: its step is held to the 10 % */
  b->hardware.gpus_per_node = 1;
  b->training.global_batch = 2;
  ((RpGpu *) rp_catalog_lookup_gpu (catalog, result.gpu))->stack = RP_STACK_CUDA;
  as_gpu = rp_test_estimate (catalog, b);
  g_assert_true (as_gpu->compute.band.calibrated);
  g_assert_cmpfloat (as_gpu->compute.band.high, <=, 1 / (1 - other_tolerance) + 1e-9);
  rp_calibrate_result_clear (&result);
  rp_test_remove_dir (dir);
}

/* ---- tests: the user's data ----------------------------------------- */

/* Stored whole in the user's directory, read by the next catalog load,
 * removed in one action. */
static void
test_store_and_remove (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_bundled_catalog ();
  g_autoptr(RpCatalog) later = NULL;
  g_autofree char *dir = rp_test_make_dir ("rigplan-calibrate-XXXXXX");
  g_autofree char *file = g_build_filename (dir, RP_USER_CALIBRATIONS_FILE, NULL);
  g_autofree char *id = NULL;
  g_autoptr(GError) error = NULL;
  RpCalibrateResult result = { 0 };

  calibrate_a (catalog, dir, &result);
  id = g_strdup (result.calibration->id);
  g_assert_true (g_file_test (file, G_FILE_TEST_IS_REGULAR));
  later = rp_test_load_bundled_catalog ();
  g_assert_true (rp_catalog_load_dir (later, dir, FALSE, &error));
  g_assert_no_error (error);
  g_assert_nonnull (rp_catalog_lookup_calibration (later, id));
  g_assert_nonnull (rp_catalog_lookup_gpu (later, result.gpu));
  g_assert_true (rp_user_calibration_remove (catalog, dir, id, &error));
  g_assert_no_error (error);
  g_assert_null (rp_catalog_lookup_calibration (catalog, id));
  g_clear_pointer (&later, rp_catalog_unref);
  later = rp_test_load_bundled_catalog ();
  g_assert_true (rp_catalog_load_dir (later, dir, FALSE, &error));
  g_assert_null (rp_catalog_lookup_calibration (later, id));
  /* the device measured stays the user's */
  g_assert_nonnull (rp_catalog_lookup_gpu (later, result.gpu));
  g_assert_false (rp_user_calibration_remove (catalog, dir, id, &error));
  g_assert_error (error, RP_ERROR, RP_ERROR_INVALID_VALUE);
  g_assert_cmpstr (rp_error_get_key (error), ==, "id");
  rp_calibrate_result_clear (&result);
  rp_test_remove_dir (dir);
}

/* ---- tests: bad input ----------------------------------------------- */

/* A measurement of another run: the error names the key, and nothing is
 * written. */
static void
test_mismatch (void)
{
  static const struct { const char *key; } cases[] = {
    { "training.micro_batch" }, { "training.precision" }, { "model.hidden" },
    { "training.seq_len" }, { "training.optimizer" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(RpCatalog) catalog = rp_test_load_bundled_catalog ();
      g_autofree char *dir = rp_test_make_dir ("rigplan-calibrate-XXXXXX");
      g_autoptr(RpScenario) s = load_scenario ("tiny-gpt-a.rigplan");
      g_autofree char *path = recorded_path ("tiny-gpt-a.rigplan-measure");
      const char *paths[] = { path };
      g_autoptr(GError) error = NULL;
      RpCalibrateResult result = { 0 };
      const char *key = cases[i].key;

      if (strcmp (key, "training.micro_batch") == 0)
        s->training.micro_batch = 8;
      else if (strcmp (key, "training.precision") == 0)
        s->training.precision = RP_PRECISION_FP32;
      else if (strcmp (key, "model.hidden") == 0)
        {
          s->model.arch.hidden = 512;
          s->model.overridden |= RP_ARCH_HIDDEN;
        }
      else if (strcmp (key, "training.seq_len") == 0)
        s->training.seq_len = 64;
      else
        s->training.optimizer = RP_OPTIMIZER_SGD;
      g_assert_false (rp_calibrate_files (s, catalog, paths, 1, NULL, dir, &result, &error));
      g_assert_error (error, RP_ERROR, RP_ERROR_INVALID_VALUE);
      g_assert_cmpstr (rp_error_get_key (error), ==, key);
      g_assert_true (g_str_has_prefix (error->message, path));
      g_test_message ("%s", error->message);
      g_assert_cmpuint (rp_test_count_files (dir), ==, 0);
      g_assert_cmpuint (rp_catalog_n_calibrations (catalog), ==, 0);
      rp_test_remove_dir (dir);
    }
}

/* A measurement named as another device, or from a device that does not
 * match: the field named, nothing stored. */
static void
test_device_mismatch (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_bundled_catalog ();
  g_autofree char *dir = rp_test_make_dir ("rigplan-calibrate-XXXXXX");
  g_autoptr(RpScenario) s = load_scenario ("tiny-gpt-a.rigplan");
  g_autofree char *path = recorded_path ("tiny-gpt-a.rigplan-measure");
  g_autofree char *other = recorded_path ("tiny-gpt-b.rigplan-measure");
  const char *paths[] = { path };
  const char *two[] = { path, other };
  g_autoptr(GError) error = NULL;
  RpCalibrateResult result = { 0 };

  /* a CPU called an H100 */
  g_assert_false (rp_calibrate_files (s, catalog, paths, 1, "h100-sxm", dir, &result, &error));
  g_assert_error (error, RP_ERROR, RP_ERROR_INVALID_VALUE);
  g_assert_cmpstr (rp_error_get_key (error), ==, "device.kind");
  g_clear_error (&error);
  /* no such GPU */
  g_assert_false (rp_calibrate_files (s, catalog, paths, 1, "rtx-9999", dir, &result, &error));
  g_assert_cmpstr (rp_error_get_key (error), ==, "gpu");
  g_clear_error (&error);
  /* two measurements of different runs */
  g_assert_false (rp_calibrate_files (s, catalog, two, 2, NULL, dir, &result, &error));
  g_assert_nonnull (rp_error_get_key (error));
  g_assert_true (g_str_has_prefix (rp_error_get_key (error), "training."));
  g_assert_cmpuint (rp_test_count_files (dir), ==, 0);
  rp_test_remove_dir (dir);
}

/* The device names PyTorch reports find their catalog entry; an
 * ambiguous one asks for --gpu. */
static void
test_find_gpu (void)
{
  static const struct
  {
    const char *name;
    double      gib;
    const char *kind;
    const char *id;             /* NULL: an error naming @key */
    const char *key;
  } cases[] = {
    { "NVIDIA GeForce RTX 4090", 23.99, "cuda", "rtx-4090", NULL },
    { "NVIDIA GeForce RTX 4090 D", 23.99, "cuda", "rtx-4090d", NULL },
    { "NVIDIA A100-SXM4-80GB", 79.15, "cuda", "a100-80gb-sxm", NULL },
    { "NVIDIA A100-PCIE-40GB", 39.4, "cuda", "a100-40gb-pcie", NULL },
    { "Tesla V100-SXM2-32GB", 31.7, "cuda", "v100-sxm2-32gb", NULL },
    { "NVIDIA L40S", 44.4, "cuda", "l40s", NULL },
    { "AMD Instinct MI300X", 191.98, "rocm", "mi300x", NULL },
    { "NVIDIA H100 80GB HBM3", 79.1, "cuda", NULL, "device.name" },
    { "NVIDIA GeForce RTX 4090", 47.5, "cuda", "rtx-4090-48gb", NULL },
    { "NVIDIA GeForce RTX 3090", 96, "cuda", NULL, "device.memory_bytes" },
    { "Some New Board 9000", 64, "cuda", NULL, NULL },
  };
  g_autoptr(RpCatalog) catalog = rp_test_load_bundled_catalog ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(RpMeasurement) m = rp_measurement_new ();
      g_autoptr(GError) error = NULL;
      const RpGpu *gpu;

      m->device_name = g_strdup (cases[i].name);
      m->device_memory_bytes = cases[i].gib * 1024.0 * 1024.0 * 1024.0;
      g_assert_true (rp_device_kind_from_string (cases[i].kind, &m->device_kind));
      gpu = rp_calibrate_find_gpu (catalog, m, NULL, &error);
      g_test_message ("%s → %s", cases[i].name,
                      gpu != NULL ? gpu->id : error != NULL ? error->message : "(none)");
      if (cases[i].id != NULL)
        {
          g_assert_no_error (error);
          g_assert_nonnull (gpu);
          g_assert_cmpstr (gpu->id, ==, cases[i].id);
        }
      else
        {
          g_assert_null (gpu);
          if (cases[i].key != NULL)
            g_assert_cmpstr (rp_error_get_key (error), ==, cases[i].key);
          else
            g_assert_no_error (error);
        }
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/calibration/read", test_read);
  g_test_add_func ("/core/calibration/round-trip", test_round_trip);
  g_test_add_func ("/core/calibration/probe-input", test_probe_input);
  g_test_add_func ("/core/calibration/estimates", test_round_trip_estimates);
  g_test_add_func ("/core/calibration/rows", test_rows);
  g_test_add_func ("/core/calibration/layers", test_layers);
  g_test_add_func ("/core/calibration/not-applied", test_not_applied);
  g_test_add_func ("/core/calibration/applied", test_applied);
  g_test_add_func ("/core/calibration/band-narrowed", test_band_narrowed);
  g_test_add_func ("/core/calibration/store-and-remove", test_store_and_remove);
  g_test_add_func ("/core/calibration/mismatch", test_mismatch);
  g_test_add_func ("/core/calibration/device-mismatch", test_device_mismatch);
  g_test_add_func ("/core/calibration/find-gpu", test_find_gpu);
  return g_test_run ();
}

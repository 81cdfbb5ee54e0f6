/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-estimate.c: absurd but valid input gives finite numbers, a verdict
 * and no crash: never NaN on screen */

#include "config.h"

#include "rp-calibration.h"
#include "rp-catalog.h"
#include "rp-estimate.h"
#include "rp-fix.h"
#include "rp-estimate-json.h"
#include "rp-scenario.h"
#include "rp-test-core.h"

#include <math.h>
#include <string.h>

typedef void (*Mutation) (RpScenario *s);

static void huge_seq (RpScenario *s)        { s->training.seq_len = 16777216; }
static void tiny_everything (RpScenario *s) { s->training.seq_len = 1; s->training.micro_batch = 1; s->training.global_batch = 1; s->hardware.gpus_per_node = 1; s->hardware.nodes = 1; s->training.tensor_parallel = 1; s->training.pipeline_parallel = 1; }
static void many_gpus (RpScenario *s)       { s->hardware.gpus_per_node = 8; s->hardware.nodes = 100000; s->training.global_batch = 1 << 30; }
static void zero_data (RpScenario *s)       { s->training.dataset_tokens = 0; s->training.dataset_samples = 0; s->training.epochs = 0; }
static void huge_data (RpScenario *s)       { s->training.dataset_tokens = 1e16; s->training.dataset_samples = 1e13; s->training.epochs = 1e6; }
static void free_power (RpScenario *s)      { s->budget.power_price_kwh = 0; s->budget.gpu_price = 0; s->budget.server_price = 0; s->budget.rent_price_per_gpu_hour = 0; rp_scenario_set_rent_offer (s, NULL); }
static void idle_machine (RpScenario *s)    { s->budget.utilization_pct = 0; }
static void busy_machine (RpScenario *s)    { s->budget.utilization_pct = 100; s->budget.residual_pct = 100; }
static void short_life (RpScenario *s)      { s->budget.years = 0.1; }
static void offload_all (RpScenario *s)     { s->training.offload = RP_OFFLOAD_OPTIMIZER_AND_PARAMS; s->training.zero_stage = 3; }
static void slow_everything (RpScenario *s) { s->hardware.storage = RP_STORAGE_HDD; s->hardware.cpu_cores_per_node = 1; s->hardware.network = RP_NETWORK_10GBE; s->hardware.intra_link = RP_LINK_PCIE3; }
static void no_headroom (RpScenario *s)     { s->hardware.headroom_pct = 0; s->hardware.mfu_override = 1; }
static void pure_fp32 (RpScenario *s)       { s->training.precision = RP_PRECISION_FP32; s->training.optimizer = RP_OPTIMIZER_ADAFACTOR; }
static void eager_dropout (RpScenario *s)   { s->training.flash_attention = FALSE; s->training.dropout = TRUE; s->training.recompute = RP_RECOMPUTE_SELECTIVE; }

static const Mutation mutations[] = {
  huge_seq, tiny_everything, many_gpus, zero_data, huge_data, free_power, idle_machine,
  busy_machine, short_life, offload_all, slow_everything, no_headroom, pure_fp32, eager_dropout,
};

static void
assert_finite_fields (const double *fields,
                      gsize         n,
                      const char   *what)
{
  for (gsize i = 0; i < n; i++)
    if (!isfinite (fields[i]))
      g_error ("%s: field %" G_GSIZE_FORMAT " is %g", what, i, fields[i]);
}

static void
check_estimate (const RpScenario *s,
                const RpCatalog  *catalog,
                const RpEstimate *est,
                const char       *what)
{
  g_autofree char *json = rp_estimate_to_json (s, catalog, est, NULL);
  const RpMemoryEstimate *m = &est->memory;
  const double memory[] = {
    m->weights_bytes, m->gradients_bytes, m->optimizer_bytes, m->activations_bytes,
    m->logits_bytes, m->overhead_bytes, m->total_bytes, m->capacity_bytes, m->headroom_pct,
  };

  g_assert_true (m->computed);
  g_assert_cmpint (m->verdict, <, RP_N_VERDICTS);
  assert_finite_fields (memory, G_N_ELEMENTS (memory), what);
  g_assert_cmpfloat (m->total_bytes, >, 0);
  if (est->compute.computed)
    {
      const RpComputeEstimate *c = &est->compute;
      const double compute[] = { c->flops, c->samples_per_s, c->mfu, c->step_s, c->hours,
                                 c->gpu_hours };
      assert_finite_fields (compute, G_N_ELEMENTS (compute), what);
      g_assert_cmpfloat (c->hours, >=, 0);
    }
  if (est->cost.computed)
    {
      const RpCostEstimate *c = &est->cost;
      const double cost[] = { c->buy_capital, c->buy_per_month, c->rent_per_month };
      assert_finite_fields (cost, G_N_ELEMENTS (cost), what);
      /* Either curve may be missing: a GPU without a known TDP (the 48 GB
       * RTX 4090 boards) has a rent curve but no buy curve. */
      for (guint i = 0; c->rent_available && i <= c->n_months; i++)
        g_assert_true (isfinite (rp_cost_rent_cumulative (c, i)));
      for (guint i = 0; c->buy_available && i <= c->n_months; i++)
        g_assert_true (isfinite (rp_cost_buy_cumulative (c, i)));
    }
  /* JSON carries no NaN or Infinity tokens, which JSON cannot hold */
  g_assert_null (strstr (json, "\tnan"));
  g_assert_null (strstr (json, "\t-nan"));
  g_assert_null (strstr (json, "\tinf"));
  g_assert_null (strstr (json, "\t-inf"));
}

static void
test_absurd_but_valid (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = rp_catalog_load_default (&error);
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  guint checked = 0;

  g_assert_no_error (error);
  for (guint e = 0; e < G_N_ELEMENTS (rp_test_examples); e++)
    for (guint k = 0; k < G_N_ELEMENTS (mutations); k++)
      {
        g_autoptr(RpScenario) s = rp_test_load_example (rp_test_examples[e]);
        g_autofree char *what = g_strdup_printf ("%s, mutation %u", rp_test_examples[e], k);

        mutations[k] (s);
        if (!rp_scenario_validate (s, NULL))
          continue;   /* the app shows the inline error instead */
        if (!rp_fix_estimate (s, catalog, est, &error))
          {
            /* a refusal must say why, naming a key */
            g_assert_nonnull (strchr (error->message, ':'));
            g_clear_error (&error);
            continue;
          }
        check_estimate (s, catalog, est, what);
        checked++;
      }
  g_test_message ("%u absurd scenarios estimated", checked);
  g_assert_cmpuint (checked, >=, G_N_ELEMENTS (rp_test_examples) * 8);
}

/* Every catalog GPU estimates every example without NaN. */
static void
test_every_gpu (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = rp_catalog_load_default (&error);
  g_autoptr(RpEstimate) est = rp_estimate_new ();

  g_assert_no_error (error);
  for (guint e = 0; e < G_N_ELEMENTS (rp_test_examples); e++)
    for (guint g = 0; g < rp_catalog_n_gpus (catalog); g++)
      {
        g_autoptr(RpScenario) s = rp_test_load_example (rp_test_examples[e]);
        const RpGpu *gpu = rp_catalog_get_gpu (catalog, g);
        g_autofree char *what = g_strdup_printf ("%s on %s", rp_test_examples[e], gpu->id);

        rp_scenario_set_gpu (s, gpu->id);
        rp_scenario_set_rent_offer (s, NULL);
        g_assert_true (rp_fix_estimate (s, catalog, est, &error));
        check_estimate (s, catalog, est, what);
      }
}

/* A calibration given with the scenario (as rigplan-cli calibrate tries
 * them): the compute efficiency and the bandwidth it corrects change the
 * step, the activations and overhead the peak; the model states stay;
 * the estimate says it is calibrated.  The identity is no calibration. */
static void
test_calibrated (void)
{
  g_autoptr(RpCatalog) catalog = rp_test_load_bundled_catalog ();
  g_autoptr(RpScenario) s = rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan");
  g_autoptr(RpEstimate) plain = NULL;
  g_autoptr(RpEstimate) none = NULL;
  g_autoptr(RpEstimate) slow = NULL;
  RpCalibration cal = *rp_calibration_identity ();

  plain = rp_test_estimate (catalog, s);
  g_assert_null (plain->calibration);
  g_assert_false (rp_estimate_has_warning (plain, "calibrated"));
  s->hardware.calibration = rp_calibration_identity ();
  none = rp_test_estimate (catalog, s);
  g_assert_null (none->calibration);
  g_assert_cmpfloat (none->compute.step_s, ==, plain->compute.step_s);
  g_assert_cmpfloat (none->memory.total_bytes, ==, plain->memory.total_bytes);

  cal.utilization = 0.5;
  cal.bandwidth = 0.5;
  cal.activations = 2;
  cal.overhead_bytes = 1e8;
  cal.as_of = (char *) "2026-12-01";
  cal.gpu = (char *) "rtx-4090";
  s->hardware.calibration = &cal;
  slow = rp_test_estimate (catalog, s);
  g_assert_true (slow->calibration == &cal);
  g_assert_true (rp_estimate_has_warning (slow, "calibrated"));
  /* half the efficiency and bandwidth: the GPU's work takes twice as long */
  g_assert_cmpfloat_with_epsilon (slow->compute.compute_s, 2 * plain->compute.compute_s,
                                  1e-9 * plain->compute.compute_s);
  g_assert_cmpfloat_with_epsilon (slow->compute.optimizer_s, 2 * plain->compute.optimizer_s,
                                  1e-9 * plain->compute.optimizer_s + 1e-12);
  g_assert_cmpfloat (slow->memory.weights_bytes, ==, plain->memory.weights_bytes);
  g_assert_cmpfloat (slow->memory.activations_peak_bytes, ==,
                     2 * plain->memory.activations_peak_bytes);
  g_assert_cmpfloat (slow->memory.calibration_bytes, ==, 1e8);
  g_assert_cmpfloat_with_epsilon (slow->memory.total_bytes,
                                  plain->memory.total_bytes + plain->memory.activations_peak_bytes +
                                  plain->memory.logits_peak_bytes + 1e8, 1);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/estimate/absurd-but-valid", test_absurd_but_valid);
  g_test_add_func ("/core/estimate/every-gpu", test_every_gpu);
  g_test_add_func ("/core/estimate/calibrated", test_calibrated);
  return g_test_run ();
}

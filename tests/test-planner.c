/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-planner.c: the search returns configurations that really fit,
 * ranked as documented, with a correct Pareto front */

#include "config.h"

#include "rp-catalog.h"
#include "rp-planner.h"
#include "rp-scenario.h"

static RpCatalog *
load_catalog (void)
{
  g_autoptr(GError) error = NULL;
  RpCatalog *catalog = rp_catalog_load_default (&error);

  g_assert_no_error (error);
  return catalog;
}

static RpScenario *
load_example (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("RIGPLAN_EXAMPLES"), name, NULL);
  g_autoptr(GError) error = NULL;
  RpScenario *s = rp_scenario_load_file (path, &error);

  g_assert_no_error (error);
  return s;
}

static gboolean
dominates (const RpPlanCandidate *a,
           const RpPlanCandidate *b)
{
  return a->days >= 0 && a->cost >= 0 && a->days <= b->days && a->cost <= b->cost &&
         (a->days < b->days || a->cost < b->cost);
}

/* Every candidate, estimated again on its own, fits on its GPU. */
static void
test_candidates_fit (void)
{
  g_autoptr(RpCatalog) catalog = load_catalog ();
  g_autoptr(RpScenario) s = load_example ("full-finetune-llama2-7b-8xa100.rigplan");
  g_autoptr(GError) error = NULL;
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  g_autoptr(RpPlan) plan = NULL;
  RpPlanOptions options;

  rp_plan_options_init (&options);
  options.max_gpus = 64;
  plan = rp_plan_compute (s, catalog, &options, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (plan->candidates->len, >, 5);
  g_assert_cmpint (plan->recommended, >=, 0);
  g_test_message ("%u configurations, %u machines", plan->n_evaluated, plan->candidates->len);
  for (guint i = 0; i < plan->candidates->len; i++)
    {
      const RpPlanCandidate *c = g_ptr_array_index (plan->candidates, i);

      g_assert_true (rp_estimate_compute (c->scenario, catalog, est, &error));
      g_assert_true (est->memory.computed);
      g_assert_cmpint (est->memory.verdict, !=, RP_VERDICT_DOES_NOT_FIT);
      g_assert_cmpfloat (est->memory.total_bytes, <=, est->memory.capacity_bytes);
      g_assert_cmpuint (rp_scenario_n_gpus (c->scenario), ==, c->n_gpus);
      g_assert_cmpuint (c->n_gpus, <=, options.max_gpus);
    }
}

/* Pareto: no candidate on the front is beaten on both time and cost;
 * every candidate off it (with both known) is. */
static void
test_pareto_front (void)
{
  g_autoptr(RpCatalog) catalog = load_catalog ();
  g_autoptr(RpScenario) s = load_example ("lora-llama3-8b-rtx4090.rigplan");
  g_autoptr(GError) error = NULL;
  g_autoptr(RpPlan) plan = NULL;
  RpPlanOptions options;
  guint n_pareto = 0;

  rp_plan_options_init (&options);
  options.max_gpus = 16;
  plan = rp_plan_compute (s, catalog, &options, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < plan->candidates->len; i++)
    {
      const RpPlanCandidate *a = g_ptr_array_index (plan->candidates, i);
      gboolean beaten = FALSE;

      for (guint j = 0; j < plan->candidates->len; j++)
        if (j != i && dominates (g_ptr_array_index (plan->candidates, j), a))
          beaten = TRUE;
      if (a->days >= 0 && a->cost >= 0)
        g_assert_cmpint (a->pareto, ==, !beaten);
      n_pareto += a->pareto;
    }
  g_assert_cmpuint (n_pareto, >=, 1);
}

/* Order: those that meet deadline and budget first, then by cost. */
static void
test_ranking (void)
{
  g_autoptr(RpCatalog) catalog = load_catalog ();
  g_autoptr(RpScenario) s = load_example ("pretrain-1b-decoder-32xh100.rigplan");
  g_autoptr(GError) error = NULL;
  g_autoptr(RpPlan) plan = NULL;
  RpPlanOptions options;

  rp_plan_options_init (&options);
  options.max_gpus = 64;
  plan = rp_plan_compute (s, catalog, &options, &error);
  g_assert_no_error (error);
  for (guint i = 1; i < plan->candidates->len; i++)
    {
      const RpPlanCandidate *a = g_ptr_array_index (plan->candidates, i - 1);
      const RpPlanCandidate *b = g_ptr_array_index (plan->candidates, i);
      gboolean a_ok = a->meets_deadline && a->within_budget;
      gboolean b_ok = b->meets_deadline && b->within_budget;

      g_assert_true (a_ok || !b_ok);
      if (a_ok == b_ok && a->cost >= 0 && b->cost >= 0)
        g_assert_cmpfloat (a->cost, <=, b->cost);
    }
  if (plan->recommended >= 0)
    {
      const RpPlanCandidate *r = g_ptr_array_index (plan->candidates, plan->recommended);
      gboolean any_ok = FALSE;

      for (guint i = 0; i < plan->candidates->len; i++)
        {
          const RpPlanCandidate *c = g_ptr_array_index (plan->candidates, i);
          any_ok |= c->meets_deadline && c->within_budget;
        }
      if (any_ok)
        g_assert_true (r->meets_deadline && r->within_budget);
    }
}

/* Llama 3.1 405B cannot be trained on one 24 GiB card in any setting:
 * its bf16 weights alone are 405.9e9 × 2 bytes = 756 GiB. */
static void
test_nothing_fits (void)
{
  g_autoptr(RpCatalog) catalog = load_catalog ();
  g_autoptr(RpScenario) s = load_example ("lora-llama3-8b-rtx4090.rigplan");
  g_autoptr(GError) error = NULL;
  g_autoptr(RpPlan) plan = NULL;
  RpPlanOptions options;

  rp_scenario_set_preset (s, "llama-3.1-405b");
  s->training.method = RP_METHOD_FULL_FINETUNE;
  rp_plan_options_init (&options);
  options.all_gpus = FALSE;
  options.max_gpus = 1;
  plan = rp_plan_compute (s, catalog, &options, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (plan->candidates->len, ==, 0);
  g_assert_cmpint (plan->recommended, ==, -1);
}

static void
test_only_own_gpu (void)
{
  g_autoptr(RpCatalog) catalog = load_catalog ();
  g_autoptr(RpScenario) s = load_example ("lora-llama3-8b-rtx4090.rigplan");
  g_autoptr(GError) error = NULL;
  g_autoptr(RpPlan) plan = NULL;
  RpPlanOptions options;

  rp_plan_options_init (&options);
  options.all_gpus = FALSE;
  options.max_gpus = 8;
  plan = rp_plan_compute (s, catalog, &options, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (plan->candidates->len, >=, 1);
  for (guint i = 0; i < plan->candidates->len; i++)
    g_assert_cmpstr (((RpPlanCandidate *) g_ptr_array_index (plan->candidates, i))->gpu->id,
                     ==, "rtx-4090");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/planner/candidates-fit", test_candidates_fit);
  g_test_add_func ("/core/planner/pareto-front", test_pareto_front);
  g_test_add_func ("/core/planner/ranking", test_ranking);
  g_test_add_func ("/core/planner/nothing-fits", test_nothing_fits);
  g_test_add_func ("/core/planner/only-own-gpu", test_only_own_gpu);
  return g_test_run ();
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-planner.c: the planner's rows really fit and cost what they say,
 * its front is the Pareto front by definition, its pruned search gives
 * the exhaustive search's answers, and it keeps the user's prices and
 * filters */

#include "config.h"

#include "rp-catalog.h"
#include "rp-error.h"
#include "rp-fix.h"
#include "rp-guide.h"
#include "rp-plan-json.h"
#include "rp-edit.h"
#include "rp-planner.h"
#include "rp-planner-private.h"
#include "rp-scenario.h"
#include "rp-json-private.h"
#include "rp-test-core.h"
#include "rp-time-model.h"
#include "rp-words.h"

#include <math.h>
#include <string.h>

static RpCatalog *catalog;

/* ---- helpers -------------------------------------------------------- */

static RpPlan *
plan_of (const RpScenario *s,
         gboolean          exhaustive)
{
  g_autoptr(GError) error = NULL;
  RpPlanOptions options;
  RpPlan *plan;

  rp_plan_options_init (&options);
  options.exhaustive = exhaustive;
  plan = rp_plan_compute (s, catalog, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (plan);
  return plan;
}

static const RpPlanRow *
row_at (const RpPlan *plan,
        guint         kind,
        guint         i)
{
  return g_ptr_array_index (plan->answers[kind].rows, i);
}

static gboolean
dominates (double da, double ca,
           double db, double cb)
{
  return da <= db && ca <= cb && (da < db || ca < cb);
}

static void
set (char      **slot,
     const char *value)
{
  g_free (*slot);
  *slot = g_strdup (value);
}

/* ---- tests: rows ---------------------------------------------------- */

/* Every row, estimated again on its own with the full estimate, fits
 * with the required headroom and takes the days and costs the money the
 * row says; no machine exceeds the planner's limits. */
static void
test_rows_fit (void)
{
  g_autoptr(RpScenario) s = rp_test_load_example ("full-finetune-llama2-7b-8xa100.rigplan");
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  g_autoptr(RpPlan) plan = NULL;
  guint n = 0;

  s->budget.acquire = RP_ACQUIRE_COMPARE;
  s->planner.max_gpus = 32;
  s->planner.max_nodes = 2;
  plan = plan_of (s, FALSE);
  for (guint a = 0; a < RP_N_PLAN_ANSWERS; a++)
    for (guint i = 0; i < plan->answers[a].rows->len; i++)
      {
        const RpPlanRow *r = row_at (plan, a, i);

        g_assert_true (rp_fix_estimate (r->scenario, catalog, est, NULL));
        g_assert_cmpint (est->memory.verdict, ==, RP_VERDICT_FITS);
        g_assert_cmpfloat_with_epsilon (est->compute.days, r->days, 1e-9 * r->days);
        if (a == RP_PLAN_RENT)
          g_assert_cmpfloat_with_epsilon (est->cost.rent_total, r->cost, 1e-9 * r->cost);
        else
          g_assert_cmpfloat_with_epsilon (est->cost.buy_capital, r->cost, 1e-9 * r->cost);
        g_assert_cmpuint (r->n_gpus, <=, 32);
        g_assert_cmpuint (r->scenario->hardware.nodes, <=, 2);
        n++;
      }
  g_test_message ("%u rows checked", n);
  g_assert_cmpuint (n, >, 20);
}

/* The answers rank the machines that meet every constraint first, then
 * those on time, then the late ones; cheapest first inside each, but for
 * the first row: the best of those within 2 % of the cheapest (the same
 * money to a buyer: the fastest on a few nodes). */
static void
test_ranking (void)
{
  g_autoptr(RpScenario) s = rp_test_load_example ("pretrain-1b-decoder-32xh100.rigplan");
  g_autoptr(RpPlan) plan = NULL;

  s->budget.acquire = RP_ACQUIRE_COMPARE;
  s->budget.deadline_days = 5;
  s->budget.limit = 2000;
  plan = plan_of (s, FALSE);
  for (guint a = 0; a < RP_N_PLAN_ANSWERS; a++)
    {
      const RpPlanAnswer *answer = &plan->answers[a];

      for (guint i = 1; i < answer->rows->len; i++)
        {
          const RpPlanRow *x = row_at (plan, a, i - 1), *y = row_at (plan, a, i);
          int tx = x->feasible ? 0 : x->meets_deadline ? 1 : 2;
          int ty = y->feasible ? 0 : y->meets_deadline ? 1 : 2;

          g_assert_cmpint (tx, <=, ty);
          if (tx == ty && i - 1 == 0)
            g_assert_cmpfloat (x->cost, <=, y->cost * 1.02);
          else if (tx == ty)
            g_assert_cmpfloat (x->cost, <=, y->cost);
        }
      if (answer->recommended >= 0)
        g_assert_true (row_at (plan, a, (guint) answer->recommended)->feasible);
    }
}

/* ---- tests: the front ----------------------------------------------- */

/* The front marked on a plan is the Pareto front by its definition: a
 * row is on it exactly when no other row of its answer is at least as
 * fast and as cheap and strictly better in one. */
static void
test_front_definition (void)
{
  g_autoptr(RpScenario) s = rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan");
  g_autoptr(RpPlan) plan = NULL;
  guint on_front = 0;

  s->budget.acquire = RP_ACQUIRE_COMPARE;
  plan = plan_of (s, TRUE);
  for (guint a = 0; a < RP_N_PLAN_ANSWERS; a++)
    for (guint i = 0; i < plan->answers[a].rows->len; i++)
      {
        const RpPlanRow *x = row_at (plan, a, i);
        gboolean beaten = FALSE;

        for (guint j = 0; j < plan->answers[a].rows->len && !beaten; j++)
          {
            const RpPlanRow *y = row_at (plan, a, j);

            beaten = j != i && dominates (y->days, y->cost, x->days, x->cost);
          }
        g_assert_cmpint (x->pareto, ==, !beaten);
        on_front += x->pareto;
      }
  g_assert_cmpuint (on_front, >=, 2);
}

/* The sweep against the definition on random points with many ties
 * (integer days and costs), 200 sets of up to 60 points. */
static void
test_front_random (void)
{
  GRand *rand = g_rand_new_with_seed (12);

  for (guint set_i = 0; set_i < 200; set_i++)
    {
      g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_free);
      guint n = (guint) g_rand_int_range (rand, 1, 60);

      for (guint i = 0; i < n; i++)
        {
          RpPlanRow *r = g_new0 (RpPlanRow, 1);

          r->days = g_rand_int_range (rand, 1, 12);
          r->cost = g_rand_int_range (rand, 1, 12);
          g_ptr_array_add (rows, r);
        }
      rp_plan_mark_front (rows);
      for (guint i = 0; i < n; i++)
        {
          const RpPlanRow *x = g_ptr_array_index (rows, i);
          gboolean beaten = FALSE;

          for (guint j = 0; j < n; j++)
            {
              const RpPlanRow *y = g_ptr_array_index (rows, j);

              beaten |= j != i && dominates (y->days, y->cost, x->days, x->cost);
            }
          g_assert_cmpint (x->pareto, ==, !beaten);
        }
    }
  g_rand_free (rand);
}

/* ---- tests: pruning is exact ---------------------------------------- */

static gboolean
same_row (const RpPlanRow *x,
          const RpPlanRow *y)
{
  return x->gpu == y->gpu && x->n_gpus == y->n_gpus &&
         fabs (x->days - y->days) <= 1e-9 * x->days &&
         fabs (x->cost - y->cost) <= 1e-9 * x->cost;
}

static guint
count_front (const RpPlan *plan,
             guint         kind)
{
  guint n = 0;

  for (guint i = 0; i < plan->answers[kind].rows->len; i++)
    n += row_at (plan, kind, i)->pareto;
  return n;
}

/* On small spaces the pruned search gives what the exhaustive one gives
 * (every setting of every machine estimated): the same recommendation,
 * the same first rows, the same front, while estimating fewer settings. */
static void
test_pruned_equals_exhaustive (void)
{
  static const char *const examples[] = {
    "lora-llama3-8b-rtx4090.rigplan",
    "full-finetune-llama2-7b-8xa100.rigplan",
    "qlora-llama2-70b-a100.rigplan",
    "resnet50-imagenet-8xa100.rigplan",
    "sdxl-finetune-8xa100.rigplan",
    "pretrain-1b-decoder-32xh100.rigplan",
  };

  for (guint e = 0; e < G_N_ELEMENTS (examples); e++)
    for (guint variant = 0; variant < 2; variant++)
      {
        g_autoptr(RpScenario) s = rp_test_load_example (examples[e]);
        g_autoptr(RpPlan) fast = NULL, full = NULL;

        s->budget.acquire = RP_ACQUIRE_COMPARE;
        s->planner.max_gpus = 16;
        if (variant == 1)
          {
            /* a deadline and budgets that leave only some machines */
            s->budget.deadline_days = 1;
            s->budget.limit = 100;
            s->budget.capital_limit = 60000;
          }
        fast = plan_of (s, FALSE);
        full = plan_of (s, TRUE);
        g_test_message ("%s/%u: %" G_GUINT64_FORMAT " settings estimated against %"
                        G_GUINT64_FORMAT "; %u of %u machines searched", examples[e], variant,
                        fast->n_evaluated, full->n_evaluated, fast->n_searched,
                        full->n_searched);
        g_assert_cmpuint (fast->n_evaluated, <, full->n_evaluated);
        for (guint a = 0; a < RP_N_PLAN_ANSWERS; a++)
          {
            const RpPlanAnswer *fa = &fast->answers[a], *xa = &full->answers[a];
            guint top = MIN (10, xa->rows->len);

            g_assert_cmpint (fa->status, ==, xa->status);
            g_assert_cmpint (fa->recommended, ==, xa->recommended);
            g_assert_cmpuint (fa->rows->len, >=, top);
            for (guint i = 0; i < top; i++)
              g_assert_true (same_row (row_at (fast, a, i), row_at (full, a, i)));
            g_assert_cmpuint (count_front (fast, a), ==, count_front (full, a));
            for (guint i = 0; i < xa->rows->len; i++)
              {
                const RpPlanRow *x = row_at (full, a, i);
                gboolean found = FALSE;

                if (!x->pareto)
                  continue;
                for (guint j = 0; j < fa->rows->len && !found; j++)
                  found = row_at (fast, a, j)->pareto && same_row (row_at (fast, a, j), x);
                g_assert_true (found);
              }
          }
      }
}

/* The bound the pruning rests on: no row takes fewer GPU-hours than the
 * model FLOPs at the GPU's utilization. */
/* The memory figures the planner shares between GPUs of a kind
 * (rp-plan-memo.h) are the memory model's own, and so is its verdict on
 * each card: on every setting of every machine of every example, and in
 * the default plan of every scenario a buyer brings.  So are the hours
 * a ZeRO-2 setting takes from the same setting at ZeRO-1. */
static void
test_memo_equals_model (void)
{
  g_autoptr(GPtrArray) scenarios = rp_test_all_scenarios ();
  RpPlanMemoCheck exhaustive = { 0 }, pruned = { 0 };

  for (guint i = 0; i < scenarios->len; i++)
    for (guint mode = 0; mode < 2; mode++)
      {
        g_autoptr(RpScenario) s = rp_scenario_copy (g_ptr_array_index (scenarios, i));
        g_autoptr(GError) error = NULL;
        g_autoptr(RpPlan) plan = NULL;
        RpPlanMemoCheck *check = mode == 0 ? &exhaustive : &pruned;
        RpPlanOptions options;

        /* the examples searched whole, with both answers and the growth
         * check; every scenario as it plans */
        if (mode == 0 && i >= RP_TEST_N_EXAMPLES)
          continue;
        rp_plan_options_init (&options);
        if (mode == 0)
          {
            options.exhaustive = TRUE;
            s->budget.acquire = RP_ACQUIRE_COMPARE;
            s->planner.max_gpus = 16;
          }
        plan = rp_plan_compute_checked (s, catalog, &options, check, &error);
        g_assert_no_error (error);
        g_assert_nonnull (plan);
      }
  /* cards of every generation and stack on two links, which the bundled
   * catalog does not have: what tells them apart is the card itself and
   * its link's collective buffers */
  {
    static const char *const kinds[][3] = {
      { "volta", "cuda", "16" }, { "turing", "cuda", "24" }, { "ampere", "cuda", "40" },
      { "ada", "cuda", "48" }, { "hopper", "cuda", "80" }, { "blackwell", "cuda", "96" },
      { "cdna3", "rocm", "128" }, { "ascend", "cann", "64" }, { "gaudi2", "synapse", "96" },
      { "Hopper", "cuda", "141" },
    };
    g_autoptr(RpCatalog) mixed = rp_test_load_catalog ();
    g_autoptr(GString) json = g_string_new ("{\"format\": \"rigplan-gpus\", \"version\": 1, "
                                            "\"gpus\": [");
    g_autoptr(GBytes) bytes = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(RpScenario) s = rp_test_load_example ("full-finetune-llama2-7b-8xa100.rigplan");
    g_autoptr(RpPlan) plan = NULL;
    g_autoptr(GString) ids = g_string_new (NULL);
    RpPlanOptions options;

    for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
      for (guint copy = 0; copy < 4; copy++)
        {
          g_string_append_printf (json, "%s{\"id\": \"memo-%u-%u\", \"name\": \"Memo %u %u\", "
                                  "\"vendor\": \"nvidia\", \"generation\": \"%s\", "
                                  "\"stack\": {\"kind\": \"%s\"}, \"segment\": \"datacenter\", "
                                  "\"memory_gib\": %s%s, \"memory_bandwidth_gb_s\": %u, "
                                  "\"tflops\": {\"bf16\": %u, \"fp16\": %u}, "
                                  "\"precisions\": [\"bf16\", \"fp16\"], \"tdp_w\": 400, "
                                  "\"interconnect\": \"%s\", \"pcie_gen\": 4, "
                                  "\"source\": \"test\", \"as_of\": \"2026\"}",
                                  ids->len > 0 ? ", " : "", k, copy, k, copy, kinds[k][0],
                                  kinds[k][1], kinds[k][2], copy % 2 ? "0" : "", 1000 + 100 * k,
                                  100 + 10 * k + copy, 100 + 10 * k + copy,
                                  copy < 2 ? "pcie4" : "nvlink3");
          g_string_append_printf (ids, "%smemo-%u-%u", ids->len > 0 ? "," : "", k, copy);
        }
    g_string_append (json, "]}");
    bytes = g_bytes_new (json->str, json->len);
    rp_catalog_load_bytes (mixed, bytes, "memo-gpus.json", &error);
    g_assert_no_error (error);
    s->budget.acquire = RP_ACQUIRE_COMPARE;
    s->planner.max_gpus = 16;
    g_free (s->planner.gpu_types);
    s->planner.gpu_types = g_strdup (ids->str);
    rp_plan_options_init (&options);
    options.exhaustive = TRUE;
    /* and a paged optimizer, whose states the model pages out of each
     * card's own capacity */
    for (guint paged = 0; paged < 2; paged++)
      {
        if (paged)
          s->training.optimizer = RP_OPTIMIZER_ADAMW_8BIT_PAGED;
        plan = rp_plan_compute_checked (s, mixed, &options, &exhaustive, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (plan->n_gpu_types, ==, 4 * G_N_ELEMENTS (kinds));
        g_clear_pointer (&plan, rp_plan_free);
      }
  }
  g_test_message ("exhaustive: %" G_GUINT64_FORMAT " settings shared, %" G_GUINT64_FORMAT
                  " differ; default plans: %" G_GUINT64_FORMAT " shared, %" G_GUINT64_FORMAT
                  " differ", exhaustive.n_shared, exhaustive.n_differ, pruned.n_shared,
                  pruned.n_differ);
  g_test_message ("exhaustive: %" G_GUINT64_FORMAT " ZeRO-2 settings timed from ZeRO-1's "
                  "hours, %" G_GUINT64_FORMAT " differ", exhaustive.n_time_shared,
                  exhaustive.n_time_differ);
  g_assert_cmpuint (exhaustive.n_differ, ==, 0);
  g_assert_cmpuint (pruned.n_differ, ==, 0);
  g_assert_cmpuint (exhaustive.n_time_differ, ==, 0);
  g_assert_cmpuint (exhaustive.n_time_shared, >, 10000);
  /* the check checks something */
  g_assert_cmpuint (exhaustive.n_shared, >, 10000);
  g_assert_cmpuint (pruned.n_shared, >, 1000);
}

/* The hours the search ranks settings by are the time model's own. */
static void
test_hours_equal_estimate (void)
{
  g_autoptr(GPtrArray) scenarios = rp_test_all_scenarios ();

  for (guint i = 0; i < scenarios->len; i++)
    {
      const RpScenario *s = g_ptr_array_index (scenarios, i);
      g_autoptr(RpEstimate) est = rp_test_estimate (catalog, s);
      RpComputeEstimate full;
      double hours = -1;
      gboolean timed = rp_time_model_hours (s, catalog, &est->arch, est->gpu, &hours);

      g_assert_cmpint (timed, ==, rp_time_model_estimate (s, catalog, &est->arch, est->gpu,
                                                          &full));
      if (timed)
        g_assert_true (memcmp (&hours, &full.hours, sizeof hours) == 0);
    }
}

static void
test_lower_bound (void)
{
  g_autoptr(RpScenario) s = rp_test_load_example ("full-finetune-llama2-7b-8xa100.rigplan");
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  g_autoptr(RpPlan) plan = NULL;

  s->planner.max_gpus = 16;
  plan = plan_of (s, TRUE);
  g_assert_true (rp_fix_estimate (s, catalog, est, NULL));
  for (guint i = 0; i < plan->answers[RP_PLAN_RENT].rows->len; i++)
    {
      const RpPlanRow *r = row_at (plan, RP_PLAN_RENT, i);
      double bound = rp_time_model_min_gpu_hours (r->scenario, catalog, &est->arch, r->gpu);

      g_assert_cmpfloat (bound, >, 0);
      g_assert_cmpfloat (bound, <=, r->gpu_hours * (1 + 1e-12));
    }
}

/* ZeRO-1 is never tried: the time model times it as ZeRO-2, and ZeRO-2
 * holds less (gradients sharded, Rajbhandari et al. 2020 §5). */
static void
test_zero1_dominated (void)
{
  g_autoptr(RpScenario) s = rp_test_load_example ("full-finetune-llama2-7b-8xa100.rigplan");
  g_autoptr(RpEstimate) one = rp_estimate_new (), two = rp_estimate_new ();

  s->training.zero_stage = 1;
  g_assert_true (rp_fix_estimate (s, catalog, one, NULL));
  s->training.zero_stage = 2;
  g_assert_true (rp_fix_estimate (s, catalog, two, NULL));
  g_assert_cmpfloat (two->compute.hours, ==, one->compute.hours);
  g_assert_cmpfloat (two->memory.total_bytes, <, one->memory.total_bytes);
}

/* ---- tests: prices and filters -------------------------------------- */

/* Issue 15: a plan in yuan keeps the user's own prices on their GPU and
 * prices every other GPU from the catalog, in yuan, from offers billed in
 * yuan where the GPU has any, and never from a marketplace unless the
 * user allows one. */
static void
test_yuan_prices_kept (void)
{
  g_autoptr(RpScenario) s = rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan");
  g_autoptr(RpPlan) plan = NULL;
  gboolean own_seen = FALSE, cny_seen = FALSE;

  g_assert_cmpint (s->budget.currency, ==, RP_CURRENCY_CNY);
  s->budget.acquire = RP_ACQUIRE_COMPARE;
  s->budget.rent_price_per_gpu_hour = 1.5;
  s->budget.gpu_price = 12000;
  s->budget.allow_marketplace = FALSE;
  plan = plan_of (s, TRUE);
  for (guint a = 0; a < RP_N_PLAN_ANSWERS; a++)
    for (guint i = 0; i < plan->answers[a].rows->len; i++)
      {
        const RpPlanRow *r = row_at (plan, a, i);
        gboolean own = g_str_equal (r->gpu->id, "rtx-4090");

        if (a == RP_PLAN_RENT && own)
          {
            /* the user's ¥1.50 per GPU-hour, no offer */
            g_assert_null (r->offer);
            g_assert_cmpfloat (r->rent_per_gpu_hour, ==, 1.5);
            own_seen = TRUE;
          }
        if (a == RP_PLAN_BUY && own)
          g_assert_cmpfloat (r->scenario->budget.gpu_price, ==, 12000);
        if (!own)
          {
            g_assert_true (isnan (r->scenario->budget.gpu_price));
            g_assert_true (isnan (r->scenario->budget.rent_price_per_gpu_hour));
          }
        if (a == RP_PLAN_RENT && !own)
          {
            g_assert_nonnull (r->offer);
            g_assert_cmpint (r->offer->provider_class, !=, RP_PROVIDER_MARKETPLACE);
            /* rtx-3090, A40, L20 … have yuan offers: those are the ones */
            if (g_str_equal (r->gpu->id, "rtx-3090") || g_str_equal (r->gpu->id, "a40"))
              {
                g_assert_cmpint (r->offer->currency, ==, RP_CURRENCY_CNY);
                cny_seen = TRUE;
              }
          }
      }
  g_assert_true (own_seen);
  g_assert_true (cny_seen);
}

/* With marketplaces allowed, their offers may price the rent. */
static void
test_marketplace_when_allowed (void)
{
  g_autoptr(RpScenario) s = rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan");
  g_autoptr(RpPlan) plan = NULL;
  gboolean seen = FALSE;

  s->budget.currency = RP_CURRENCY_USD;
  s->budget.rent_price_per_gpu_hour = NAN;
  s->budget.rent_offer = NULL;
  s->budget.acquire = RP_ACQUIRE_RENT;
  s->budget.allow_marketplace = TRUE;
  set (&s->planner.gpu_types, "rtx-3090, a40");
  plan = plan_of (s, TRUE);
  for (guint i = 0; i < plan->answers[RP_PLAN_RENT].rows->len; i++)
    seen |= row_at (plan, RP_PLAN_RENT, i)->offer->provider_class == RP_PROVIDER_MARKETPLACE;
  g_assert_true (seen);
  g_assert_cmpint (plan->answers[RP_PLAN_BUY].status, ==, RP_PLAN_STATUS_NOT_ASKED);
}

/* GPU types, vendors, providers, regions, GPUs and nodes limit what the
 * planner may choose. */
static void
test_filters (void)
{
  g_autoptr(RpScenario) s = rp_test_load_example ("full-finetune-llama2-7b-8xa100.rigplan");
  g_autoptr(RpPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  RpPlanOptions options;

  s->budget.acquire = RP_ACQUIRE_COMPARE;
  set (&s->planner.gpu_types, "h100-sxm，a100-80gb-sxm");   /* a full-width comma */
  s->planner.max_nodes = 1;
  plan = plan_of (s, FALSE);
  g_assert_cmpuint (plan->n_gpu_types, ==, 2);
  for (guint a = 0; a < RP_N_PLAN_ANSWERS; a++)
    for (guint i = 0; i < plan->answers[a].rows->len; i++)
      {
        const RpPlanRow *r = row_at (plan, a, i);

        g_assert_true (g_str_equal (r->gpu->id, "h100-sxm") ||
                       g_str_equal (r->gpu->id, "a100-80gb-sxm"));
        g_assert_cmpuint (r->scenario->hardware.nodes, ==, 1);
      }
  g_clear_pointer (&plan, rp_plan_free);

  set (&s->planner.gpu_types, NULL);
  set (&s->planner.vendors, "AMD");
  set (&s->planner.providers, "AWS, gpu-cloud");
  s->planner.max_nodes = 32;
  plan = plan_of (s, FALSE);
  for (guint a = 0; a < RP_N_PLAN_ANSWERS; a++)
    for (guint i = 0; i < plan->answers[a].rows->len; i++)
      g_assert_cmpstr (row_at (plan, a, i)->gpu->vendor, ==, "AMD");
  g_clear_pointer (&plan, rp_plan_free);

  set (&s->planner.vendors, NULL);
  plan = plan_of (s, FALSE);
  for (guint i = 0; i < plan->answers[RP_PLAN_RENT].rows->len; i++)
    {
      const RpCloudOffer *o = row_at (plan, RP_PLAN_RENT, i)->offer;

      g_assert_true (g_str_equal (o->provider, "AWS") ||
                     o->provider_class == RP_PROVIDER_GPU_CLOUD);
    }
  g_clear_pointer (&plan, rp_plan_free);

  set (&s->planner.providers, NULL);
  set (&s->planner.regions, "us-east");
  plan = plan_of (s, FALSE);
  g_assert_cmpuint (plan->answers[RP_PLAN_RENT].rows->len, >, 0);
  for (guint i = 0; i < plan->answers[RP_PLAN_RENT].rows->len; i++)
    g_assert_nonnull (strstr (row_at (plan, RP_PLAN_RENT, i)->offer->region, "us-east"));
  g_clear_pointer (&plan, rp_plan_free);

  /* an unknown GPU id names the key */
  set (&s->planner.gpu_types, "h100-sxm, no-such-gpu");
  rp_plan_options_init (&options);
  plan = rp_plan_compute (s, catalog, &options, NULL, NULL, NULL, &error);
  g_assert_null (plan);
  g_assert_error (error, RP_ERROR, RP_ERROR_UNKNOWN_GPU);
  g_assert_cmpstr (rp_error_get_key (error), ==, "planner.gpu_types");
}

/* Several nodes are rented only as whole servers: a rent row of more
 * than one node uses an offer whose instance holds a node's GPUs. */
static void
test_multi_node_rent (void)
{
  g_autoptr(RpScenario) s = rp_test_load_example ("pretrain-1b-decoder-32xh100.rigplan");
  g_autoptr(RpPlan) plan = NULL;
  guint multi = 0;

  s->budget.acquire = RP_ACQUIRE_RENT;
  plan = plan_of (s, TRUE);
  for (guint i = 0; i < plan->answers[RP_PLAN_RENT].rows->len; i++)
    {
      const RpPlanRow *r = row_at (plan, RP_PLAN_RENT, i);

      if (r->scenario->hardware.nodes <= 1)
        continue;
      multi++;
      g_assert_cmpuint (r->offer->gpus_per_instance, >=, r->scenario->hardware.gpus_per_node);
    }
  g_assert_cmpuint (multi, >, 0);
}

/* A cluster rented at an offer that names its fabric runs on it: AWS's
 * p4d nodes are joined by 400 Gb/s of EFA (clouds.json, the offer's
 * network_source), not by the eight 200 Gb/s HDR ports an A100 cluster
 * bought is given (rp_network_for_gpu()).  The rented row is searched
 * and timed on that fabric, so its settings estimate to its own days;
 * the bought one keeps the cluster's. */
static void
test_rented_fabric (void)
{
  g_autoptr(RpScenario) s = rp_test_load_example ("full-finetune-llama2-7b-8xa100.rigplan");
  g_autoptr(RpPlan) plan = NULL;
  guint rented = 0, bought = 0;

  s->budget.acquire = RP_ACQUIRE_COMPARE;
  set (&s->planner.gpu_types, "a100-80gb-sxm");
  set (&s->planner.providers, "AWS");
  plan = plan_of (s, TRUE);
  for (guint a = RP_PLAN_RENT; a <= RP_PLAN_BUY; a++)
    for (guint i = 0; i < plan->answers[a].rows->len; i++)
      {
        const RpPlanRow *r = row_at (plan, a, i);
        g_autoptr(RpEstimate) est = NULL;

        if (r->scenario->hardware.nodes <= 1)
          continue;
        if (a == RP_PLAN_RENT && r->offer->network != RP_NETWORK_NONE)
          {
            g_assert_cmpint (r->scenario->hardware.network, ==, r->offer->network);
            rented += r->offer->network == RP_NETWORK_4X100G;
          }
        else
          {
            g_assert_cmpint (r->scenario->hardware.network, ==, RP_NETWORK_IB_HDR);
            bought += a == RP_PLAN_BUY;
          }
        est = rp_test_estimate (catalog, r->scenario);
        g_assert_cmpfloat (est->compute.days, ==, r->days);
      }
  g_assert_cmpuint (rented, >, 0);
  g_assert_cmpuint (bought, >, 0);
}

/* ---- tests: no recommendation --------------------------------------- */

/* Llama 3.1 405B on at most one RTX 4090: its bf16 weights alone are
 * 405.9e9 × 2 bytes = 756 GiB.  Nothing fits, nothing is recommended,
 * and the JSON says so with the reason. */
static void
test_nothing_fits (void)
{
  g_autoptr(RpScenario) s = rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan");
  g_autoptr(RpPlan) plan = NULL;
  g_autoptr(cJSON) root = NULL;
  g_autofree char *json = NULL;
  const cJSON *rec;
  g_autoptr(RpDecision) decision = NULL;

  rp_scenario_set_preset (s, "llama-3.1-405b");
  s->training.method = RP_METHOD_FULL_FINETUNE;
  set (&s->planner.gpu_types, "rtx-4090");
  s->planner.max_gpus = 1;
  plan = plan_of (s, FALSE);
  g_assert_cmpint (plan->answers[RP_PLAN_RENT].status, ==, RP_PLAN_STATUS_NOTHING_FITS);
  g_assert_null (rp_plan_get_recommended (plan, RP_PLAN_RENT));
  {
    g_autoptr(RpEstimate) est = rp_test_estimate (catalog, s);

    decision = rp_decision_new (s, catalog, est, plan, NULL, NULL);
    g_assert_nonnull (decision);
  }
  json = rp_plan_to_json (plan, catalog, decision, 5);
  root = cJSON_Parse (json);
  g_assert_nonnull (root);
  rec = cJSON_GetObjectItem (root, "recommended");
  g_assert_true (cJSON_IsNull (rec));
  g_assert_true (cJSON_IsString (cJSON_GetObjectItem (root, "reason")));
  g_assert_true (cJSON_IsNumber (cJSON_GetObjectItem (root, "evaluated")));
  g_assert_true (cJSON_IsNumber (cJSON_GetObjectItem (root, "seconds")));
}

/* A deadline no machine meets: no recommendation, and the reason names
 * the fastest machine, which is the answer's fastest row. */
static void
test_late (void)
{
  g_autoptr(RpScenario) s = rp_test_load_example ("pretrain-1b-decoder-32xh100.rigplan");
  g_autoptr(RpPlan) plan = NULL;
  g_autofree char *reason = NULL;
  const RpPlanAnswer *a;

  s->budget.acquire = RP_ACQUIRE_RENT;
  s->budget.deadline_days = 0.01;
  plan = plan_of (s, FALSE);
  a = &plan->answers[RP_PLAN_RENT];
  g_assert_cmpint (a->status, ==, RP_PLAN_STATUS_LATE);
  g_assert_cmpint (a->recommended, ==, -1);
  for (guint i = 0; i < a->rows->len; i++)
    g_assert_cmpfloat (row_at (plan, RP_PLAN_RENT, i)->days, >=,
                       row_at (plan, RP_PLAN_RENT, (guint) a->fastest)->days);
  reason = rp_words_plan_reason (plan, catalog, RP_PLAN_RENT);
  g_test_message ("%s", reason);
  g_assert_nonnull (reason);
}

/* ---- tests: background use ------------------------------------------ */

static void
on_progress (double   fraction,
             gpointer user_data)
{
  double *last = user_data;

  g_assert_cmpfloat (fraction, >=, *last);
  g_assert_cmpfloat (fraction, <=, 1);
  *last = fraction;
}

static void
test_progress_and_cancel (void)
{
  g_autoptr(RpScenario) s = rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan");
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RpPlan) plan = NULL;
  RpPlanOptions options;
  double last = 0;

  rp_plan_options_init (&options);
  plan = rp_plan_compute (s, catalog, &options, cancellable, on_progress, &last, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (last, ==, 1);
  g_clear_pointer (&plan, rp_plan_free);
  g_cancellable_cancel (cancellable);
  plan = rp_plan_compute (s, catalog, &options, cancellable, NULL, NULL, &error);
  g_assert_null (plan);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* "Use this machine": the row's changes turn the scenario planned into
 * the row's scenario. */
static void
test_row_changes (void)
{
  g_autoptr(RpScenario) s = rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan");
  g_autoptr(RpPlan) plan = plan_of (s, FALSE);
  const RpPlanRow *r = rp_plan_get_recommended (plan, RP_PLAN_RENT);
  g_autoptr(GArray) changes = NULL;
  g_autoptr(RpScenario) applied = NULL;
  g_autoptr(GArray) left = NULL;

  g_assert_nonnull (r);
  changes = rp_plan_row_changes (s, r);
  applied = rp_scenario_edit_all (s, catalog, changes, NULL);
  g_assert_nonnull (applied);
  left = rp_scenario_diff (applied, r->scenario);
  g_assert_cmpuint (left->len, ==, 0);

  /* a purchase is adopted as one: the scenario says it is bought */
  g_assert_cmpint (s->budget.acquire, ==, RP_ACQUIRE_COMPARE);
  g_assert_nonnull (plan->answers[RP_PLAN_BUY].rows);
  g_assert_cmpuint (plan->answers[RP_PLAN_BUY].rows->len, >, 0);
  r = g_ptr_array_index (plan->answers[RP_PLAN_BUY].rows, 0);
  g_clear_pointer (&applied, rp_scenario_free);
  applied = rp_plan_apply_row (s, catalog, r, NULL);
  g_assert_nonnull (applied);
  g_assert_cmpint (applied->budget.acquire, ==, RP_ACQUIRE_BUY);
}

/* The guide's Buy line agrees with the row's decision: a machine it says
 * not to buy is shown with that verdict, not as a bare recommendation.
 * Returns whether the row says not to buy. */
static gboolean
check_guide_buy_answer (const RpGuideRow *row)
{
  const RpDecision *d = row->decision;
  g_autofree char *answer = rp_words_plan_answer (row->plan, d, catalog, RP_PLAN_BUY);
  g_autofree char *verdict = NULL;
  gboolean dont_buy;

  g_assert_nonnull (d);
  dont_buy = d->buy == RP_BUY_NO_NEVER || d->buy == RP_BUY_NO_LATE || d->buy == RP_BUY_NO_MARGIN;
  if (!dont_buy || row->plan->answers[RP_PLAN_BUY].recommended < 0)
    return FALSE;
  verdict = rp_words_buy_verdict (d);
  g_assert_nonnull (strstr (answer, verdict));
  return TRUE;
}

/* The sizing guide: every bundled row (image classification to 7B
 * pretraining) loads with its sources and is planned, each answer either
 * recommending a machine that meets the week's deadline or saying why
 * not. */
static void
test_guide (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = rp_guide_default_dir ();
  g_autoptr(RpGuide) guide = rp_guide_load (dir, &error);
  guint n_dont_buy = 0;

  g_assert_no_error (error);
  g_assert_cmpuint (guide->rows->len, ==, 10);
  g_assert_true (rp_guide_compute (guide, catalog, RP_CURRENCY_CNY, NAN,
                                   RP_GUIDE_DEFAULT_DEADLINE_DAYS, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < guide->rows->len; i++)
    {
      const RpGuideRow *row = g_ptr_array_index (guide->rows, i);

      g_assert_cmpuint (strlen (row->sources), >, 40);
      g_assert_cmpint (row->scenario->budget.currency, ==, RP_CURRENCY_CNY);
      for (guint a = 0; a < RP_N_PLAN_ANSWERS; a++)
        {
          const RpPlanRow *r = rp_plan_get_recommended (row->plan, (gint) a);
          g_autofree char *reason = rp_words_plan_reason (row->plan, catalog, (gint) a);

          g_test_message ("%s %s: %s", row->id, rp_plan_answer_kind_to_string (a),
                          r != NULL ? r->gpu->id : reason);
          if (r != NULL)
            g_assert_cmpfloat (r->days, <=, RP_GUIDE_DEFAULT_DEADLINE_DAYS);
          else
            g_assert_nonnull (reason);
        }
      n_dont_buy += check_guide_buy_answer (row);
    }
  /* the small jobs (image classification, BERT, one-card LoRA) rent */
  g_assert_cmpuint (n_dont_buy, >=, 3);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  catalog = rp_test_load_catalog ();
  g_test_add_func ("/planner/rows-fit", test_rows_fit);
  g_test_add_func ("/planner/ranking", test_ranking);
  g_test_add_func ("/planner/front-definition", test_front_definition);
  g_test_add_func ("/planner/front-random", test_front_random);
  g_test_add_func ("/planner/pruned-equals-exhaustive", test_pruned_equals_exhaustive);
  g_test_add_func ("/planner/memo-equals-model", test_memo_equals_model);
  g_test_add_func ("/planner/hours-equal-estimate", test_hours_equal_estimate);
  g_test_add_func ("/planner/lower-bound", test_lower_bound);
  g_test_add_func ("/planner/zero1-dominated", test_zero1_dominated);
  g_test_add_func ("/planner/yuan-prices-kept", test_yuan_prices_kept);
  g_test_add_func ("/planner/marketplace-when-allowed", test_marketplace_when_allowed);
  g_test_add_func ("/planner/filters", test_filters);
  g_test_add_func ("/planner/multi-node-rent", test_multi_node_rent);
  g_test_add_func ("/planner/rented-fabric", test_rented_fabric);
  g_test_add_func ("/planner/nothing-fits", test_nothing_fits);
  g_test_add_func ("/planner/late", test_late);
  g_test_add_func ("/planner/progress-and-cancel", test_progress_and_cancel);
  g_test_add_func ("/planner/row-changes", test_row_changes);
  g_test_add_func ("/planner/guide", test_guide);
  status = g_test_run ();
  rp_catalog_unref (catalog);
  return status;
}

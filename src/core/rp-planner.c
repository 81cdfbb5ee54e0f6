/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-planner.c: the search for machines and settings that fit the run
 *
 * For each GPU type and GPU count the planner estimates every combination
 * of tensor and pipeline parallelism, ZeRO stage, recomputation and micro
 * batch, keeps the fastest one that fits (a configuration that fits with
 * the required headroom beats one that is only tight), then ranks the
 * machines: those that meet the deadline and the budget first, cheapest
 * first.  The Pareto front is the set no other machine beats on both time
 * and cost. */

#include "config.h"

#include "rp-planner.h"

#include "rp-error.h"
#include "rp-explore.h"
#include "rp-json-private.h"
#include "rp-scenario.h"
#include "rp-units.h"

#include <glib/gi18n-lib.h>
#include <math.h>

/* Servers hold 8 GPUs (HGX/DGX baseboards, 8-slot PCIe chassis); beyond
 * that the planner adds nodes. */
static const guint max_gpus_per_node = 8;
static const guint parallel_sizes[] = { 1, 2, 4, 8 };
static const guint micro_batches[] = { 1, 2, 4, 8, 16, 32 };

/* ---- helpers -------------------------------------------------------- */

static void
candidate_free (gpointer data)
{
  RpPlanCandidate *c = data;

  rp_scenario_free (c->scenario);
  g_free (c);
}

static double
run_cost (const RpEstimate *est,
          gboolean         *rented)
{
  *rented = FALSE;
  if (!est->cost.computed)
    return -1;
  if (est->cost.rent_total > 0)
    {
      *rented = TRUE;
      return est->cost.rent_total;
    }
  return est->cost.buy_total > 0 ? est->cost.buy_total : -1;
}

/* Is @a a better configuration of the same machine than @b? */
static gboolean
better_config (const RpEstimate *a,
               const RpEstimate *b)
{
  gboolean a_fits = a->memory.verdict == RP_VERDICT_FITS;
  gboolean b_fits = b->memory.verdict == RP_VERDICT_FITS;

  if (a_fits != b_fits)
    return a_fits;
  if (a->compute.computed && b->compute.computed && a->compute.hours != b->compute.hours)
    return a->compute.hours < b->compute.hours;
  return a->memory.total_bytes < b->memory.total_bytes;
}

static RpPlanCandidate *
candidate_new (RpScenario       *scenario,
               const RpEstimate *est)
{
  RpPlanCandidate *c = g_new0 (RpPlanCandidate, 1);
  const RpBudget *b = &scenario->budget;

  c->scenario = scenario;
  c->gpu = est->gpu;
  c->n_gpus = rp_scenario_n_gpus (scenario);
  c->total_bytes = est->memory.total_bytes;
  c->headroom_pct = est->memory.headroom_pct;
  c->days = est->compute.computed ? est->compute.days : -1;
  c->gpu_hours = est->compute.computed ? est->compute.gpu_hours : -1;
  c->cost = run_cost (est, &c->rented);
  c->meets_deadline = isnan (b->deadline_days) || (c->days >= 0 && c->days <= b->deadline_days);
  c->within_budget = isnan (b->limit) || (c->cost >= 0 && c->cost <= b->limit);
  return c;
}

/* Estimates @trial; TRUE when it fits and the GPU can run it. */
static gboolean
try_config (const RpScenario *trial,
            const RpCatalog  *catalog,
            RpEstimate       *est,
            guint            *n_evaluated)
{
  if (!rp_estimate_compute_full (trial, catalog, RP_ESTIMATE_NO_FIX | RP_ESTIMATE_NO_WORDS, est,
                                 NULL))
    return FALSE;   /* e.g. micro batch × data parallel above the global batch */
  (*n_evaluated)++;
  return rp_estimate_runs (est);
}

/* The first ZeRO stage and recomputation, in order of cost, that fit:
 * each step up saves memory and costs time, so the first that fits is
 * the fastest of them. */
static gboolean
fit_cheapest_saving (RpScenario      *trial,
                     const RpCatalog *catalog,
                     RpEstimate      *est,
                     guint           *n_evaluated)
{
  for (guint zero = 0; zero <= 3; zero++)
    for (guint r = 0; r < RP_N_RECOMPUTES; r++)
      {
        trial->training.zero_stage = zero;
        trial->training.recompute = r;
        if (try_config (trial, catalog, est, n_evaluated))
          return TRUE;
      }
  return FALSE;
}

/* The best fitting configuration of one machine, or NULL. */
static RpPlanCandidate *
best_on_machine (const RpScenario  *machine,
                 const RpCatalog   *catalog,
                 const RpModelArch *arch,
                 RpEstimate        *est,
                 RpEstimate        *best_est,
                 guint             *n_evaluated)
{
  g_autoptr(RpScenario) trial = rp_scenario_copy (machine);
  RpScenario *best = NULL;
  guint n_gpus = rp_scenario_n_gpus (machine);
  gboolean transformer = rp_model_kind_is_transformer (arch->kind);

  for (guint ti = 0; ti < G_N_ELEMENTS (parallel_sizes); ti++)
    for (guint pi = 0; pi < G_N_ELEMENTS (parallel_sizes); pi++)
      for (guint mi = 0; mi < G_N_ELEMENTS (micro_batches); mi++)
        {
          guint tp = parallel_sizes[ti], pp = parallel_sizes[pi];
          guint dp;

          if (tp > machine->hardware.gpus_per_node || n_gpus % (tp * pp) != 0)
            continue;
          /* model parallelism splits transformer layers and matrices only */
          if (!transformer && tp * pp > 1)
            continue;
          if (pp > arch->layers && pp > 1)
            continue;
          dp = n_gpus / (tp * pp);
          if (micro_batches[mi] * dp > machine->training.global_batch)
            continue;
          trial->training.tensor_parallel = tp;
          trial->training.pipeline_parallel = pp;
          trial->training.sequence_parallel = tp > 1;
          trial->training.micro_batch = micro_batches[mi];
          if (!fit_cheapest_saving (trial, catalog, est, n_evaluated))
            continue;
          if (best == NULL || better_config (est, best_est))
            {
              /* swap, so each estimate keeps owning its own buffers */
              RpEstimate swap = *best_est;

              g_clear_pointer (&best, rp_scenario_free);
              best = rp_scenario_copy (trial);
              *best_est = *est;
              *est = swap;
            }
        }
  if (best == NULL)
    return NULL;
  return candidate_new (best, best_est);
}

static void
mark_pareto (GPtrArray *candidates)
{
  for (guint i = 0; i < candidates->len; i++)
    {
      RpPlanCandidate *a = g_ptr_array_index (candidates, i);

      a->pareto = a->days >= 0 && a->cost >= 0;
      for (guint j = 0; j < candidates->len && a->pareto; j++)
        {
          const RpPlanCandidate *b = g_ptr_array_index (candidates, j);

          if (i != j && b->days >= 0 && b->cost >= 0 && b->days <= a->days &&
              b->cost <= a->cost && (b->days < a->days || b->cost < a->cost))
            a->pareto = FALSE;
        }
    }
}

static int
compare_candidates (gconstpointer pa,
                    gconstpointer pb)
{
  const RpPlanCandidate *a = *(RpPlanCandidate *const *) pa;
  const RpPlanCandidate *b = *(RpPlanCandidate *const *) pb;
  gboolean a_ok = a->meets_deadline && a->within_budget;
  gboolean b_ok = b->meets_deadline && b->within_budget;

  if (a_ok != b_ok)
    return a_ok ? -1 : 1;
  /* unknown cost sorts last */
  if ((a->cost < 0) != (b->cost < 0))
    return a->cost < 0 ? 1 : -1;
  if (a->cost != b->cost)
    return a->cost < b->cost ? -1 : 1;
  if (a->days != b->days)
    return a->days < b->days ? -1 : 1;
  return (int) a->n_gpus - (int) b->n_gpus;
}

static void
add_machine (RpPlan            *plan,
             const RpScenario  *scenario,
             const RpCatalog   *catalog,
             const RpModelArch *arch,
             const RpGpu       *gpu,
             guint              gpus_per_node,
             guint              nodes,
             RpEstimate        *scratch,
             RpEstimate        *best)
{
  g_autoptr(RpScenario) machine = rp_explore_move (scenario, catalog, gpu, gpus_per_node, nodes);
  RpPlanCandidate *c;

  if (machine == NULL)
    return;   /* the global batch cannot feed that many GPUs */
  c = best_on_machine (machine, catalog, arch, scratch, best, &plan->n_evaluated);
  if (c != NULL)
    g_ptr_array_add (plan->candidates, c);
}

/* ---- public API ----------------------------------------------------- */

void
rp_plan_options_init (RpPlanOptions *options)
{
  g_return_if_fail (options != NULL);
  options->max_gpus = 256;
  options->all_gpus = TRUE;
  options->keep_precision = TRUE;
}

RpPlan *
rp_plan_compute (const RpScenario    *scenario,
                 const RpCatalog     *catalog,
                 const RpPlanOptions *options,
                 GError             **error)
{
  g_autoptr(RpEstimate) scratch = rp_estimate_new ();
  g_autoptr(RpEstimate) best = rp_estimate_new ();
  RpModelArch arch;
  RpPlan *plan;

  g_return_val_if_fail (scenario != NULL && catalog != NULL && options != NULL, NULL);

  /* The scenario itself must resolve: an unknown model is not a plan. */
  if (!rp_estimate_compute_full (scenario, catalog, RP_ESTIMATE_NO_FIX, scratch, error))
    return NULL;
  arch = scratch->arch;

  plan = g_new0 (RpPlan, 1);
  plan->candidates = g_ptr_array_new_with_free_func (candidate_free);
  for (guint i = 0; i < rp_catalog_n_gpus (catalog); i++)
    {
      const RpGpu *gpu = rp_catalog_get_gpu (catalog, i);

      if (!options->all_gpus && g_strcmp0 (gpu->id, scenario->hardware.gpu) != 0)
        continue;
      if (!rp_gpu_supports_precision (gpu, scenario->training.precision))
        continue;
      for (guint n = 1; n <= max_gpus_per_node && n <= options->max_gpus; n *= 2)
        add_machine (plan, scenario, catalog, &arch, gpu, n, 1, scratch, best);
      for (guint nodes = 2; nodes * max_gpus_per_node <= options->max_gpus; nodes *= 2)
        add_machine (plan, scenario, catalog, &arch, gpu, max_gpus_per_node, nodes, scratch,
                     best);
    }
  mark_pareto (plan->candidates);
  g_ptr_array_sort (plan->candidates, compare_candidates);
  plan->recommended = -1;
  for (guint i = 0; i < plan->candidates->len; i++)
    {
      const RpPlanCandidate *c = g_ptr_array_index (plan->candidates, i);

      if (c->meets_deadline && c->within_budget)
        {
          plan->recommended = (gint) i;
          break;
        }
    }
  if (plan->recommended < 0 && plan->candidates->len > 0)
    plan->recommended = 0;
  return plan;
}

void
rp_plan_free (RpPlan *plan)
{
  if (plan == NULL)
    return;
  g_ptr_array_unref (plan->candidates);
  g_free (plan);
}

char *
rp_plan_to_json (const RpPlan *plan,
                 guint         top)
{
  g_autoptr(cJSON) root = cJSON_CreateObject ();
  cJSON *list;
  guint n;
  char *text, *copy;

  g_return_val_if_fail (plan != NULL, NULL);

  n = top > 0 ? MIN (top, plan->candidates->len) : plan->candidates->len;
  cJSON_AddStringToObject (root, "format", "rigplan-plan");
  cJSON_AddNumberToObject (root, "version", 1);
  cJSON_AddNumberToObject (root, "evaluated", plan->n_evaluated);
  cJSON_AddNumberToObject (root, "recommended", plan->recommended);
  list = cJSON_AddArrayToObject (root, "candidates");
  for (guint i = 0; i < n; i++)
    {
      const RpPlanCandidate *c = g_ptr_array_index (plan->candidates, i);
      const RpTraining *t = &c->scenario->training;
      cJSON *item = cJSON_CreateObject ();

      cJSON_AddStringToObject (item, "gpu", c->gpu->id);
      cJSON_AddNumberToObject (item, "gpus", c->n_gpus);
      cJSON_AddNumberToObject (item, "gpus_per_node", c->scenario->hardware.gpus_per_node);
      cJSON_AddNumberToObject (item, "nodes", c->scenario->hardware.nodes);
      cJSON_AddNumberToObject (item, "tensor_parallel", t->tensor_parallel);
      cJSON_AddNumberToObject (item, "pipeline_parallel", t->pipeline_parallel);
      cJSON_AddNumberToObject (item, "zero_stage", t->zero_stage);
      cJSON_AddStringToObject (item, "recompute", rp_recompute_to_string (t->recompute));
      cJSON_AddNumberToObject (item, "micro_batch", t->micro_batch);
      rp_json_add_number (item, "memory_per_gpu", c->total_bytes);
      rp_json_add_number (item, "headroom_pct", c->headroom_pct);
      if (c->days >= 0)
        rp_json_add_number (item, "days", c->days);
      else
        cJSON_AddNullToObject (item, "days");
      if (c->cost >= 0)
        rp_json_add_number (item, "cost", c->cost);
      else
        cJSON_AddNullToObject (item, "cost");
      cJSON_AddStringToObject (item, "currency", rp_currency_to_string (c->scenario->budget.currency));
      cJSON_AddBoolToObject (item, "rented", c->rented);
      rp_json_add_string (item, "rent_offer", c->scenario->budget.rent_offer);
      cJSON_AddBoolToObject (item, "meets_deadline", c->meets_deadline);
      cJSON_AddBoolToObject (item, "within_budget", c->within_budget);
      cJSON_AddBoolToObject (item, "pareto", c->pareto);
      cJSON_AddItemToArray (list, item);
    }
  text = cJSON_Print (root);
  copy = g_strconcat (text, "\n", NULL);
  cJSON_free (text);
  return copy;
}

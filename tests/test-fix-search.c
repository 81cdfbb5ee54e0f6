/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-fix-search.c: the fast fix search proposes what the exhaustive one
 * proposes
 *
 * rp_fix_search() skips the steps that can no longer win and screens
 * each change with the memory model before it estimates it in full
 * (rp-fix-private.h).  Those shortcuts must not change a fix: on every
 * scenario a buyer brings (rp_test_all_scenarios), and on each of them
 * moved to every GPU of the catalog and given a deadline it misses, the
 * fast search and the exhaustive one agree to the last bit. */

#include "config.h"

#include "rp-catalog.h"
#include "rp-estimate.h"
#include "rp-explore.h"
#include "rp-fix-private.h"
#include "rp-memory-model.h"
#include "rp-scenario.h"
#include "rp-test-core.h"

#include <math.h>
#include <string.h>

static RpCatalog *catalog;

/* ---- helpers -------------------------------------------------------- */

static void
assert_same_number (double      a,
                    double      b,
                    const char *what,
                    const char *label)
{
  if ((isnan (a) && isnan (b)) || a == b)
    return;
  g_test_message ("%s: %s %.17g (fast) != %.17g (exhaustive)", label, what, a, b);
  g_test_fail ();
}

static void
assert_same_changes (const GArray *a,
                     const GArray *b,
                     const char   *label)
{
  guint na = a != NULL ? a->len : 0, nb = b != NULL ? b->len : 0;

  if (na != nb)
    {
      g_test_message ("%s: %u changes (fast), %u (exhaustive)", label, na, nb);
      g_test_fail ();
      return;
    }
  for (guint i = 0; i < na; i++)
    {
      const RpChange *ca = &g_array_index (a, RpChange, i);
      const RpChange *cb = &g_array_index (b, RpChange, i);

      if (g_strcmp0 (ca->key, cb->key) != 0 || g_strcmp0 (ca->to_text, cb->to_text) != 0 ||
          g_strcmp0 (ca->from_text, cb->from_text) != 0)
        {
          g_test_message ("%s: change %s (fast), %s (exhaustive)", label, ca->key, cb->key);
          g_test_fail ();
        }
      assert_same_number (ca->from, cb->from, ca->key, label);
      assert_same_number (ca->to, cb->to, ca->key, label);
    }
}

/* The fix of @s by both searches; TRUE when it was estimated and the
 * searches found a fix. */
static gboolean
assert_same_fix (const RpScenario *s,
                 const char       *label)
{
  g_autoptr(RpEstimate) fast = rp_estimate_new ();
  g_autoptr(RpEstimate) full = rp_estimate_new ();
  const RpFix *a = &fast->fix, *b = &full->fix;

  if (!rp_estimate_compute (s, catalog, fast, NULL))
    return FALSE;
  g_assert_true (rp_estimate_compute (s, catalog, full, NULL));
  rp_fix_search (s, catalog, fast);
  rp_fix_search_exhaustive (s, catalog, full);
  if (a->status != b->status || a->constraint != b->constraint || a->n_steps != b->n_steps ||
      memcmp (a->steps, b->steps, sizeof a->steps) != 0 ||
      memcmp (a->values, b->values, sizeof a->values) != 0 || g_strcmp0 (a->gpu, b->gpu) != 0)
    {
      g_test_message ("%s: fix %d/%u steps [%d %u] %s (fast), %d/%u steps [%d %u] %s "
                      "(exhaustive)", label, a->status, a->n_steps, a->steps[0], a->values[0],
                      a->gpu, b->status, b->n_steps, b->steps[0], b->values[0], b->gpu);
      g_test_fail ();
      return FALSE;
    }
  assert_same_changes (a->changes, b->changes, label);
  assert_same_number (a->memory_total_bytes, b->memory_total_bytes, "memory", label);
  assert_same_number (a->headroom_pct, b->headroom_pct, "headroom", label);
  assert_same_number (a->days, b->days, "days", label);
  assert_same_number (a->cost, b->cost, "cost", label);
  assert_same_number (a->cost_is_rent, b->cost_is_rent, "cost is rent", label);
  return a->status == RP_FIX_FOUND;
}

/* Every scenario a buyer brings, as it is, with a deadline of 40 % of
 * its run, and on every GPU of the catalog (its own layout, and one
 * GPU): the fixes of every constraint the search addresses, the money
 * steps' ranking by cost among them.  Transfer full. */
static GPtrArray *
scenarios_to_fix (GPtrArray *labels)
{
  g_autoptr(GPtrArray) all = rp_test_all_scenarios ();
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) rp_scenario_free);

  for (guint i = 0; i < all->len; i++)
    {
      const RpScenario *s = g_ptr_array_index (all, i);
      g_autoptr(RpEstimate) est = rp_estimate_new ();

      g_ptr_array_add (out, rp_scenario_copy (s));
      g_ptr_array_add (labels, g_strdup_printf ("%s", s->name));
      if (rp_estimate_compute (s, catalog, est, NULL) && est->compute.computed &&
          est->compute.days > 0)
        {
          RpScenario *late = rp_scenario_copy (s);

          /* the deadline steps: fewer nodes, the network, more GPUs */
          late->budget.deadline_days = est->compute.days * 0.4;
          g_ptr_array_add (out, late);
          g_ptr_array_add (labels, g_strdup_printf ("%s, 40 %% deadline", s->name));
        }
      for (guint g = 0; g < rp_catalog_n_gpus (catalog); g++)
        {
          const RpGpu *gpu = rp_catalog_get_gpu (catalog, g);
          RpScenario *same = rp_explore_move (s, catalog, gpu, s->hardware.gpus_per_node,
                                              s->hardware.nodes);
          RpScenario *one = rp_explore_move (s, catalog, gpu, 1, 1);

          if (same != NULL)
            {
              g_ptr_array_add (out, same);
              g_ptr_array_add (labels, g_strdup_printf ("%s on %s", s->name, gpu->id));
            }
          if (one != NULL)
            {
              g_ptr_array_add (out, one);
              g_ptr_array_add (labels, g_strdup_printf ("%s on one %s", s->name, gpu->id));
            }
        }
    }
  return out;
}

/* ---- tests ---------------------------------------------------------- */

static void
test_same_as_exhaustive (void)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) scenarios = scenarios_to_fix (labels);
  guint found = 0;

  for (guint i = 0; i < scenarios->len; i++)
    found += assert_same_fix (g_ptr_array_index (scenarios, i), g_ptr_array_index (labels, i));
  g_test_message ("%u scenarios, %u fixed", scenarios->len, found);
  /* the scenarios above come to fixes, not only to nothing to fix */
  g_assert_cmpuint (found, >, scenarios->len / 10);
}

/* The screen's promise: FALSE exactly where the estimate fails the memory
 * constraint, since a change that fails it fixes nothing. */
static void
test_screen_is_the_memory_verdict (void)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) scenarios = scenarios_to_fix (labels);
  guint ruled_out = 0;

  for (guint i = 0; i < scenarios->len; i++)
    {
      const RpScenario *s = g_ptr_array_index (scenarios, i);
      g_autoptr(RpEstimate) est = rp_estimate_new ();
      const RpConstraint *vram = &est->constraints[RP_CONSTRAINT_VRAM];
      RpMemoryEstimate memory;
      gboolean may_fit;

      if (!rp_estimate_compute (s, catalog, est, NULL))
        continue;
      may_fit = rp_fix_may_fit (s, catalog, &est->arch, &memory);
      if (may_fit != !(vram->judged && !vram->ok))
        {
          g_test_message ("%s: screen says %s, the estimate %s", (char *) labels->pdata[i],
                          may_fit ? "may fit" : "does not fit", vram->ok ? "fits" : "does not");
          g_test_fail ();
        }
      ruled_out += !may_fit;
    }
  g_assert_cmpuint (ruled_out, >, 0);
}

/* The settings changes the search makes, one at a time: the micro
 * batch, recomputation, the 8-bit optimizer, QLoRA, offload, the
 * network, host RAM; and a typed rent price.  Transfer
 * full; lent strings are @s's. */
static GPtrArray *
settings_changes (const RpScenario *s)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  RpScenario *c;

  g_ptr_array_add (out, g_memdup2 (s, sizeof *s));
  c = g_memdup2 (s, sizeof *s);
  c->training.micro_batch = MAX (s->training.micro_batch / 2, 1);
  g_ptr_array_add (out, c);
  c = g_memdup2 (s, sizeof *s);
  c->training.recompute = RP_RECOMPUTE_FULL;
  g_ptr_array_add (out, c);
  c = g_memdup2 (s, sizeof *s);
  c->training.optimizer = RP_OPTIMIZER_ADAMW_8BIT;
  g_ptr_array_add (out, c);
  c = g_memdup2 (s, sizeof *s);
  c->training.method = RP_METHOD_QLORA;
  g_ptr_array_add (out, c);
  c = g_memdup2 (s, sizeof *s);
  c->training.offload = RP_OFFLOAD_OPTIMIZER_AND_PARAMS;
  c->training.zero_stage = 3;
  g_ptr_array_add (out, c);
  /* the machine's own changes, which the prices are resolved from: they
   * must not be priced as the plan (rp-prices.c, the kept prices' key) */
  c = g_memdup2 (s, sizeof *s);
  c->hardware.network = s->hardware.network == RP_NETWORK_100GBE ? RP_NETWORK_10GBE
                                                                  : RP_NETWORK_100GBE;
  g_ptr_array_add (out, c);
  c = g_memdup2 (s, sizeof *s);
  c->hardware.ram_gb_per_node = s->hardware.ram_gb_per_node * 2 + 64;
  g_ptr_array_add (out, c);
  /* and one the search never makes, a price typed in, which would be
   * priced as the plan if the guard let it */
  c = g_memdup2 (s, sizeof *s);
  c->budget.rent_price_per_gpu_hour = isnan (s->budget.rent_price_per_gpu_hour)
                                      ? 0.5 : s->budget.rent_price_per_gpu_hour * 2;
  g_ptr_array_add (out, c);
  return out;
}

/* The search's estimate of a settings change (rp_fix_estimate_change):
 * FALSE exactly where rp_estimate_compute() fails or the change does not
 * fit, and otherwise the figures the search reads as the full estimate
 * has them, to the last bit. */
static void
test_change_estimate_is_the_estimate (void)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) scenarios = scenarios_to_fix (labels);
  g_autoptr(RpEstimate) base = rp_estimate_new ();
  g_autoptr(RpEstimate) full = rp_estimate_new ();
  g_autoptr(RpEstimate) fast = rp_estimate_new ();
  guint compared = 0;

  for (guint i = 0; i < scenarios->len; i++)
    {
      const RpScenario *s = g_ptr_array_index (scenarios, i);
      const char *label = g_ptr_array_index (labels, i);
      g_autoptr(GPtrArray) changes = NULL;
      g_autoptr(RpMemoryPrepared) prepared = NULL;

      if (!rp_estimate_compute (s, catalog, base, NULL))
        continue;
      prepared = rp_memory_prepared_new (s, catalog, &base->arch, base->gpu);
      changes = settings_changes (s);
      for (guint k = 0; k < changes->len; k++)
        {
          const RpScenario *c = g_ptr_array_index (changes, k);
          gboolean full_ok = rp_estimate_compute (c, catalog, full, NULL);
          gboolean fast_ok = rp_fix_estimate_change (c, catalog, base, prepared, fast);
          const RpConstraint *vram = &full->constraints[RP_CONSTRAINT_VRAM];

          if (full_ok && vram->judged && !vram->ok)
            full_ok = FALSE;   /* the screen's: it does not fit */
          if (fast_ok != full_ok)
            {
              g_test_message ("%s, change %u: %s (fast), %s (full)", label, k,
                              fast_ok ? "estimated" : "ruled out",
                              full_ok ? "estimated" : "ruled out");
              g_test_fail ();
              continue;
            }
          if (!fast_ok)
            continue;
          compared++;
          assert_same_number (fast->memory.total_bytes, full->memory.total_bytes, "memory",
                              label);
          assert_same_number (fast->memory.headroom_pct, full->memory.headroom_pct,
                              "headroom", label);
          assert_same_number (fast->compute.computed ? fast->compute.days : NAN,
                              full->compute.computed ? full->compute.days : NAN, "days",
                              label);
          assert_same_number (fast->cost.rent_total, full->cost.rent_total, "rent", label);
          assert_same_number (fast->cost.buy_total, full->cost.buy_total, "buy", label);
          assert_same_number (fast->cost.buy_capital, full->cost.buy_capital, "capital",
                              label);
          g_assert_cmpint (fast->cost.rent_available, ==, full->cost.rent_available);
          g_assert_cmpint (fast->cost.buy_available, ==, full->cost.buy_available);
          g_assert_cmpint (fast->cost.run_available, ==, full->cost.run_available);
          for (guint code = 0; code < RP_N_CONSTRAINTS; code++)
            {
              g_assert_cmpint (fast->constraints[code].judged, ==,
                               full->constraints[code].judged);
              g_assert_cmpint (fast->constraints[code].ok, ==, full->constraints[code].ok);
            }
          /* every advice the models give before the checklist */
          for (guint w = 0; w < fast->n_warnings; w++)
            g_assert_true (rp_estimate_has_advice (full, fast->warnings[w].code));
          for (guint w = 0; w < full->n_warnings; w++)
            if (!rp_estimate_has_advice (fast, full->warnings[w].code))
              g_assert_true (full->warnings[w].code == RP_ADVICE_BATCH_UNEVEN ||
                             /* the checklist's, the last codes of RpAdvice */
                             full->warnings[w].code >= RP_ADVICE_ATTENTION_KERNEL);
        }
    }
  g_test_message ("%u changes estimated", compared);
  g_assert_cmpuint (compared, >, scenarios->len);
}

/* The example that does not fit (13B LoRA on one 24 GB card): its fix,
 * QLoRA, is what the benchmark times, and what it was before the search
 * was made fast. */
static void
test_misfit_example (void)
{
  g_autoptr(RpScenario) s = rp_test_load_example ("lora-llama2-13b-rtx3090.rigplan");
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  RpMemoryEstimate memory;

  g_assert_true (rp_fix_estimate (s, catalog, est, NULL));
  g_assert_false (rp_fix_may_fit (s, catalog, &est->arch, &memory));
  g_assert_cmpint (est->fix.status, ==, RP_FIX_FOUND);
  g_assert_cmpint (est->fix.constraint, ==, RP_CONSTRAINT_VRAM);
  g_assert_cmpuint (est->fix.n_steps, ==, 1);
  g_assert_cmpint (est->fix.steps[0], ==, RP_FIX_STEP_QLORA);
  g_assert_true (assert_same_fix (s, "misfit example"));
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  catalog = rp_test_load_bundled_catalog ();
  g_test_add_func ("/core/fix-search/same-as-exhaustive", test_same_as_exhaustive);
  g_test_add_func ("/core/fix-search/screen-is-the-memory-verdict",
                   test_screen_is_the_memory_verdict);
  g_test_add_func ("/core/fix-search/change-estimate-is-the-estimate",
                   test_change_estimate_is_the_estimate);
  g_test_add_func ("/core/fix-search/misfit-example", test_misfit_example);
  status = g_test_run ();
  rp_catalog_unref (catalog);
  return status;
}

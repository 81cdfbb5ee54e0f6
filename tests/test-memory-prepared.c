/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-memory-prepared.c: the memory model prepared once per machine
 * (rp_memory_prepared_*) gives, bit for bit, what the model gives each
 * setting on its own */

#include "config.h"

#include "rp-memory-model.h"
#include "rp-model.h"
#include "rp-test-core.h"

#include <string.h>

static RpCatalog *catalog;

/* Every example, every scenario a buyer brings and every published
 * case.  Transfer full. */
static GPtrArray *
all_scenarios (void)
{
  GPtrArray *all = rp_test_all_scenarios ();
  g_autofree char *dir_path = g_test_build_filename (G_TEST_DIST, "data", "published",
                                                     "scenarios", NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir_path, name, NULL);
      g_autoptr(GError) error = NULL;
      RpScenario *sc;

      if (!g_str_has_suffix (name, ".rigplan"))
        continue;
      sc = rp_scenario_load_file (path, &error);
      g_assert_no_error (error);
      g_ptr_array_add (all, sc);
    }
  return all;
}

/* rp_memory_model_estimate () with nothing kept from the calls before:
 * estimates of two other architectures in between empty the thread's
 * cache, which holds two. */
static void
estimate_afresh (const RpScenario  *sc,
                 const RpModelArch *arch,
                 const RpGpu       *gpu,
                 RpMemoryEstimate  *out)
{
  RpModelArch other = *arch;

  other.hidden += 64;
  rp_memory_model_estimate (sc, &other, gpu, catalog, out);
  other.hidden += 64;
  rp_memory_model_estimate (sc, &other, gpu, catalog, out);
  rp_memory_model_estimate (sc, arch, gpu, catalog, out);
}

static void
assert_same (const RpMemoryEstimate *whole,
             const RpMemoryEstimate *split)
{
  /* bit for bit, not within a tolerance */
  if (memcmp (whole, split, sizeof *whole) != 0)
    {
      g_test_message ("total %.17g vs %.17g", whole->total_bytes, split->total_bytes);
      g_assert_not_reached ();
    }
}

/* @sc's machine prepared, with its architecture and GPU; NULL where the
 * catalog lacks the GPU or the model does not resolve. */
static RpMemoryPrepared *
prepare (const RpScenario *sc,
         RpModelArch      *arch,
         const RpGpu     **gpu)
{
  g_autoptr(GError) error = NULL;

  *gpu = rp_catalog_lookup_gpu (catalog, sc->hardware.gpu);
  if (*gpu == NULL || !rp_model_resolve (&sc->model, catalog, arch, &error))
    return NULL;
  return rp_memory_prepared_new (sc, catalog, arch, *gpu);
}

/* Every scenario, under many settings on its machine, gives the same
 * estimate prepared on the machine as estimated afresh, and as
 * estimated through the thread's cache. */
static void
test_prepared_identical (void)
{
  g_autoptr(GPtrArray) all = all_scenarios ();
  static const RpRecompute recomputes[] = {
    RP_RECOMPUTE_NONE, RP_RECOMPUTE_FULL, RP_RECOMPUTE_SELECTIVE, RP_RECOMPUTE_SELECTIVE_OPS,
    RP_RECOMPUTE_EVERY_NTH,
  };
  static const RpOffload offloads[] = { RP_OFFLOAD_NONE, RP_OFFLOAD_OPTIMIZER_AND_PARAMS };
  guint n_compared = 0;

  g_assert_cmpuint (all->len, >, 150);
  for (guint i = 0; i < all->len; i++)
    {
      const RpScenario *sc = g_ptr_array_index (all, i);
      const RpGpu *gpu = NULL;
      RpModelArch arch;
      g_autoptr(RpMemoryPrepared) prep = prepare (sc, &arch, &gpu);

      if (prep == NULL)
        continue;
      for (guint tp = 1; tp <= 4; tp *= 2)
        for (guint pp = 1; pp <= 4; pp *= 2)
          for (guint zero = 0; zero <= 3; zero++)
            for (guint r = 0; r < G_N_ELEMENTS (recomputes); r++)
              for (guint micro = 1; micro <= 4; micro *= 4)
                {
                  RpScenario trial = *sc;
                  RpMemoryEstimate whole, cached, split;

                  trial.training.tensor_parallel = tp;
                  trial.training.pipeline_parallel = pp;
                  trial.training.sequence_parallel = tp > 1;
                  trial.training.zero_stage = zero;
                  trial.training.recompute = recomputes[r];
                  trial.training.recompute_interval = 2;
                  trial.training.micro_batch = micro;
                  trial.training.offload = offloads[(tp + zero + r) % 2];
                  estimate_afresh (&trial, &arch, gpu, &whole);
                  rp_memory_model_estimate (&trial, &arch, gpu, catalog, &cached);
                  rp_memory_prepared_estimate (prep, &trial, &split);
                  assert_same (&whole, &cached);
                  assert_same (&whole, &split);
                  n_compared++;
                }
    }
  g_test_message ("%u settings compared", n_compared);
  g_assert_cmpuint (n_compared, >, 50000);
}

/* A scenario that differs from the prepared one in a prepared field
 * (the method, the LoRA rank, the precision) is estimated as afresh. */
static void
test_prepared_fixed_fields (void)
{
  g_autoptr(RpScenario) sc = rp_test_load_example ("lora-llama2-13b-rtx3090.rigplan");
  g_autoptr(RpMemoryPrepared) prep = NULL;
  g_autoptr(GError) error = NULL;
  const RpGpu *gpu = rp_catalog_lookup_gpu (catalog, sc->hardware.gpu);
  RpModelArch arch;

  g_assert_true (rp_model_resolve (&sc->model, catalog, &arch, &error));
  prep = rp_memory_prepared_new (sc, catalog, &arch, gpu);
  for (guint k = 0; k < 4; k++)
    {
      RpScenario trial = *sc;
      RpMemoryEstimate whole, split;

      if (k == 0)
        trial.training.lora_rank *= 2;
      else if (k == 1)
        trial.training.method = RP_METHOD_FULL_FINETUNE;
      else if (k == 2)
        trial.training.precision = RP_PRECISION_FP32;
      else
        trial.hardware.nodes = 2;
      estimate_afresh (&trial, &arch, gpu, &whole);
      rp_memory_prepared_estimate (prep, &trial, &split);
      assert_same (&whole, &split);
    }
}

/* The changes of method a fix search weighs on the plan's machine (QLoRA,
 * LoRA, a full fine-tune, another rank or other targets), in turn with
 * the plan's own: each estimated on the prepared machine is what it is
 * estimated afresh, whichever architecture part the thread kept. */
static void
test_prepared_other_method (void)
{
  g_autoptr(GPtrArray) all = all_scenarios ();
  guint n_compared = 0;

  for (guint i = 0; i < all->len; i++)
    {
      const RpScenario *sc = g_ptr_array_index (all, i);
      const RpGpu *gpu = NULL;
      RpModelArch arch;
      g_autoptr(RpMemoryPrepared) prep = prepare (sc, &arch, &gpu);

      if (prep == NULL)
        continue;
      for (guint k = 0; k < 5; k++)
        {
          RpScenario trial = *sc;
          RpMemoryEstimate whole, split, own_whole, own_split;

          trial.training.method = k == 0 ? RP_METHOD_QLORA
                                  : k == 1 ? RP_METHOD_LORA : RP_METHOD_FULL_FINETUNE;
          if (k == 3)
            trial.training.lora_rank *= 2;
          if (k == 4)
            trial.training.lora_targets = RP_LORA_TARGETS_QV;
          estimate_afresh (&trial, &arch, gpu, &whole);
          estimate_afresh (sc, &arch, gpu, &own_whole);
          /* the change, the plan, the change again: each of the two kept */
          rp_memory_prepared_estimate (prep, &trial, &split);
          assert_same (&whole, &split);
          rp_memory_prepared_estimate (prep, sc, &own_split);
          assert_same (&own_whole, &own_split);
          rp_memory_model_estimate (sc, &arch, gpu, catalog, &own_split);
          assert_same (&own_whole, &own_split);
          rp_memory_prepared_estimate (prep, &trial, &split);
          assert_same (&whole, &split);
          n_compared++;
        }
    }
  g_test_message ("%u changes of method compared", n_compared);
  g_assert_cmpuint (n_compared, >, 500);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  catalog = rp_test_load_catalog ();
  g_test_add_func ("/core/memory-model/prepared-identical", test_prepared_identical);
  g_test_add_func ("/core/memory-model/prepared-fixed-fields", test_prepared_fixed_fields);
  g_test_add_func ("/core/memory-model/prepared-other-method", test_prepared_other_method);
  status = g_test_run ();
  rp_catalog_unref (catalog);
  return status;
}

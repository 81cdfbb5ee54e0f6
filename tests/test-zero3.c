/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-zero3.c: what DeepSpeed ZeRO-3 keeps gathered at the peak
 * (src/core/models/rp-zero3.c, from DeepSpeed's parameter coordinator):
 * full fine-tuning holds the module running and its prefetch, LoRA
 * under checkpointing its recomputed layer's whole frozen base, QLoRA
 * counts its packed 4-bit weights four to an element, and the output
 * layer (a tied embedding) stays however large. */

#include "config.h"

#include "rp-catalog.h"
#include "rp-estimate.h"
#include "rp-model.h"
#include "rp-scenario.h"
#include "rp-test-core.h"
#include "rp-zero3-private.h"

#include <math.h>

static RpCatalog *catalog;

/* A decoder whose tied embedding (262,144 × 4,000 = 1.05 B parameters)
 * is over half the reuse distance by itself, so no forward tail stays
 * and what is gathered besides it is what the step is running. */
static RpScenario *
tied_decoder (RpMethod    method,
              RpRecompute recompute)
{
  RpScenario *s = rp_scenario_new ();

  rp_test_set_decoder (s, 40, 4000, 32, 8, 16000, 262144, TRUE);
  rp_scenario_set_gpu (s, "h100-sxm");
  s->hardware.gpus_per_node = 8;
  s->hardware.intra_link = RP_LINK_NVLINK4;
  s->training.framework = RP_FRAMEWORK_DEEPSPEED;
  s->training.precision = RP_PRECISION_BF16_MIXED;
  s->training.method = method;
  s->training.lora_rank = 16;
  s->training.recompute = recompute;
  s->training.zero_stage = 3;
  s->training.global_batch = 8;
  s->training.dataset_tokens = 1e7;
  return s;
}

static double
layer_params (const RpScenario *s)
{
  const RpModelArch *a = &s->model.arch;
  double embed = (double) a->vocab * a->hidden;

  return ((double) rp_model_params (a) - embed) / a->layers;
}

/* Full fine-tuning: the tied embedding stays, and besides it the module
 * running, not two layers; the embedding alone is over the live limit
 * (1e9 elements), so nothing is prefetched. */
static void
test_full_holds_a_module (void)
{
  g_autoptr(RpScenario) s = tied_decoder (RP_METHOD_FULL_FINETUNE, RP_RECOMPUTE_FULL);
  g_autoptr(RpEstimate) est = rp_test_estimate (catalog, s);
  double embed = 262144.0 * 4000, layer = layer_params (s);

  g_test_message ("full: gathered %.2f GB, embedding %.2f GB, a layer %.2f GB",
                  est->memory.gathered_bytes / 1e9, embed * 2 / 1e9, layer * 2 / 1e9);
  g_assert_cmpfloat (est->memory.gathered_bytes, >=, embed * 2);
  /* the MLP's largest Linear (4,000 × 16,000) */
  g_assert_cmpfloat_with_epsilon (est->memory.gathered_bytes,
                                  (embed + 4000.0 * 16000) * 2, 1e6);
  g_assert_cmpfloat (est->memory.gathered_bytes, <, (embed + layer) * 2);
}

/* LoRA under checkpointing: the recomputed layer's frozen base is held
 * whole for its backward (update_recompute_parameters); without
 * recomputation LoRA gathers module by module, as full fine-tuning. */
static void
test_lora_holds_recomputed_layer (void)
{
  g_autoptr(RpScenario) ckpt = tied_decoder (RP_METHOD_LORA, RP_RECOMPUTE_FULL);
  g_autoptr(RpScenario) plain = tied_decoder (RP_METHOD_LORA, RP_RECOMPUTE_NONE);
  g_autoptr(RpEstimate) with = rp_test_estimate (catalog, ckpt);
  g_autoptr(RpEstimate) without = rp_test_estimate (catalog, plain);
  double embed = 262144.0 * 4000, layer = layer_params (ckpt);

  g_test_message ("LoRA: gathered %.2f GB checkpointed, %.2f GB not",
                  with->memory.gathered_bytes / 1e9, without->memory.gathered_bytes / 1e9);
  g_assert_cmpfloat (with->memory.gathered_bytes, >=, (embed + layer) * 2 * 0.999);
  g_assert_cmpfloat (with->memory.gathered_bytes, <, (embed + 2 * layer) * 2);
  g_assert_cmpfloat (without->memory.gathered_bytes, <, (embed + layer) * 2);
}

/* QLoRA: DeepSpeed counts the bf16 elements its packed 4-bit weights
 * are stored in, four parameters each.  A 20-layer model of 1.2 B
 * parameters (0.93 B in its linear layers, a tied 0.23 B embedding)
 * is 0.46 B elements so counted: forward and backward fit in the
 * 1e9 reuse distance and the whole stage stays gathered, with a 16-bit
 * copy of the largest weight dequantized for its matmul. */
static void
test_qlora_counts_packed (void)
{
  g_autoptr(RpScenario) s = rp_scenario_new ();
  g_autoptr(RpEstimate) est = NULL;
  RpModelArch *a = &s->model.arch;
  guint64 linear = 0;
  double embed, nf4;

  rp_test_set_decoder (s, 20, 1536, 12, 2, 8960, 151936, TRUE);
  rp_scenario_set_gpu (s, "a100-40gb-sxm");
  s->hardware.gpus_per_node = 2;
  s->training.framework = RP_FRAMEWORK_DEEPSPEED;
  s->training.precision = RP_PRECISION_BF16_MIXED;
  s->training.method = RP_METHOD_QLORA;
  s->training.lora_rank = 8;
  s->training.recompute = RP_RECOMPUTE_FULL;
  s->training.zero_stage = 3;
  s->training.global_batch = 4;
  s->training.dataset_tokens = 1e7;
  est = rp_test_estimate (catalog, s);
  rp_model_lora_shape (a, RP_LORA_TARGETS_ALL_LINEAR, NULL, &linear);
  embed = (double) a->vocab * a->hidden;
  /* 4.127 bits a weight (Dettmers et al. 2023 §3) */
  nf4 = (double) linear * 4.127 / 8;
  g_test_message ("QLoRA: gathered %.2f GB; NF4 layers %.2f GB, embedding %.2f GB",
                  est->memory.gathered_bytes / 1e9, nf4 / 1e9, embed * 2 / 1e9);
  g_assert_cmpfloat (est->memory.gathered_bytes, >=, nf4 + embed * 2);
  /* and the 16-bit copy of one 1,536 × 8,960 weight */
  g_assert_cmpfloat (est->memory.gathered_bytes, >=, nf4 + embed * 2 + 1536.0 * 8960 * 2);
}

/* The coordinator alone: a stage within the distance stays whole; past
 * it, the output layer, the tail within (distance − 2 × head) / 2 and
 * the prefetch within the live limit. */
static void
test_coordinator (void)
{
  RpZero3Stage z = { 0 };

  rp_zero3_deepspeed_defaults (&z);
  g_assert_cmpfloat (z.max_reuse_numel, ==, 1e9);
  g_assert_cmpfloat (z.max_live_numel, ==, 1e9);
  g_assert_cmpfloat (z.prefetch_numel, ==, 5e7);
  z.layer_numel = 1e8;
  z.layer_bytes = 2e8;
  z.head_numel = 1e8;
  z.head_bytes = 2e8;
  z.ends_numel = 2e8;
  z.stage_numel = 4e8;
  z.stage_bytes = 8e8;
  z.leaf_numel = 3e7;
  g_assert_cmpfloat (rp_zero3_deepspeed_gathered_bytes (&z), ==, 8e8);
  z.stage_numel = 3.2e9;
  z.stage_bytes = 6.4e9;
  /* tail 4e8, prefetch 5e7 */
  g_assert_cmpfloat_with_epsilon (rp_zero3_deepspeed_gathered_bytes (&z),
                                  2e8 + (4e8 + 5e7) * 2, 1);
  /* a head over half the distance keeps no tail */
  z.head_numel = 6e8;
  z.head_bytes = 1.2e9;
  g_assert_cmpfloat_with_epsilon (rp_zero3_deepspeed_gathered_bytes (&z),
                                  1.2e9 + (3e7 + 5e7) * 2, 1);
}

/* ZeRO-3 allocates its whole reduce bucket (5e8 elements) per gradient
 * dtype, however few parameters train (stage3.py, ipg_buckets). */
static void
test_lora_whole_bucket (void)
{
  g_autoptr(RpScenario) s = tied_decoder (RP_METHOD_LORA, RP_RECOMPUTE_FULL);
  g_autoptr(RpEstimate) est = rp_test_estimate (catalog, s);

  g_assert_cmpfloat (est->memory.trainable_params, <, 5e8);
  g_assert_cmpfloat_with_epsilon (est->memory.ddp_bucket_bytes, 5e8 * 2, 1);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  catalog = rp_test_load_catalog ();
  g_test_add_func ("/core/zero3/coordinator", test_coordinator);
  g_test_add_func ("/core/zero3/full-holds-a-module", test_full_holds_a_module);
  g_test_add_func ("/core/zero3/lora-holds-recomputed-layer", test_lora_holds_recomputed_layer);
  g_test_add_func ("/core/zero3/qlora-counts-packed", test_qlora_counts_packed);
  g_test_add_func ("/core/zero3/lora-whole-bucket", test_lora_whole_bucket);
  status = g_test_run ();
  rp_catalog_unref (catalog);
  return status;
}

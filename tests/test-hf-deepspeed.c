/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-hf-deepspeed.c: the HF Trainer's ZeRO is DeepSpeed's
 * (src/core/models/rp-deepspeed.c): under ZeRO-3 the Trainer's template
 * sizes the reduce bucket h² and the prefetch bucket 0.9·h² from the
 * model's hidden size, and DeepSpeed's coordinator keeps what it reuses
 * soon gathered; under ZeRO-1 and 2 DeepSpeed's defaults hold.  Its
 * bf16 keeps fp32 masters, and PEFT's lora_dropout saves a copy of each
 * adapter's input (rp-peft.c). */

#include "config.h"

#include "rp-catalog.h"
#include "rp-estimate.h"
#include "rp-scenario.h"
#include "rp-test-core.h"

#include <math.h>

static RpCatalog *catalog;

/* A 13B-class decoder (40 layers, hidden 5,120) on 8 × H100, full
 * fine-tuning without recomputation: past the reuse distance, so the
 * coordinator holds the output layer, the forward's tail, the module
 * running and its prefetch. */
static RpScenario *
zero_scenario (RpFramework framework,
               guint       zero_stage)
{
  RpScenario *s = rp_scenario_new ();

  rp_test_set_decoder (s, 40, 5120, 40, 40, 13824, 32000, FALSE);
  rp_scenario_set_gpu (s, "h100-sxm");
  s->hardware.gpus_per_node = 8;
  s->hardware.intra_link = RP_LINK_NVLINK4;
  s->training.framework = framework;
  s->training.precision = RP_PRECISION_BF16_MIXED;
  s->training.method = RP_METHOD_FULL_FINETUNE;
  s->training.recompute = RP_RECOMPUTE_NONE;
  s->training.zero_stage = zero_stage;
  s->training.micro_batch = 1;
  s->training.global_batch = 8;
  s->training.seq_len = 2048;
  s->training.dataset_tokens = 1e7;
  return s;
}

/* ZeRO-3 allocates its reduce bucket whole per gradient dtype
 * (stage3.py): h² bf16 elements under the Trainer's "auto", where FSDP
 * has none and DeepSpeed's own default is 5e8. */
static void
test_zero3_reduce_bucket (void)
{
  g_autoptr(RpScenario) hf = zero_scenario (RP_FRAMEWORK_HF_TRAINER, 3);
  g_autoptr(RpScenario) ds = zero_scenario (RP_FRAMEWORK_DEEPSPEED, 3);
  g_autoptr(RpEstimate) a = rp_test_estimate (catalog, hf);
  g_autoptr(RpEstimate) b = rp_test_estimate (catalog, ds);

  g_test_message ("buckets: HF Trainer %.0f MB, DeepSpeed %.0f MB",
                  a->memory.ddp_bucket_bytes / 1e6, b->memory.ddp_bucket_bytes / 1e6);
  g_assert_cmpfloat_with_epsilon (a->memory.ddp_bucket_bytes, 5120.0 * 5120 * 2, 1);
  g_assert_cmpfloat_with_epsilon (b->memory.ddp_bucket_bytes, 5e8 * 2, 1);
}

/* The same coordinator, with the Trainer's prefetch bucket (0.9·h² =
 * 23.6 M elements) where DeepSpeed's default prefetches 5e7: what
 * stays gathered differs by exactly that, in bf16. */
static void
test_zero3_prefetch (void)
{
  g_autoptr(RpScenario) hf = zero_scenario (RP_FRAMEWORK_HF_TRAINER, 3);
  g_autoptr(RpScenario) ds = zero_scenario (RP_FRAMEWORK_DEEPSPEED, 3);
  g_autoptr(RpEstimate) a = rp_test_estimate (catalog, hf);
  g_autoptr(RpEstimate) b = rp_test_estimate (catalog, ds);

  g_test_message ("gathered: HF Trainer %.1f MB, DeepSpeed %.1f MB",
                  a->memory.gathered_bytes / 1e6, b->memory.gathered_bytes / 1e6);
  g_assert_cmpfloat_with_epsilon (b->memory.gathered_bytes - a->memory.gathered_bytes,
                                  (5e7 - 0.9 * 5120.0 * 5120) * 2, 1e3);
  /* and the output layer (32,000 × 5,120) with the forward's tail
   * within (1e9 − 2 × output layer) / 2 elements (rp-zero3.c) */
  g_assert_cmpfloat_with_epsilon (a->memory.gathered_bytes,
                                  (1e9 / 2 + 0.9 * 5120.0 * 5120) * 2, 1e3);
}

/* ZeRO-1 and 2: the Trainer's templates write no "auto" size
 * (reduce_bucket_size 5e8, or nothing), so DeepSpeed's defaults hold. */
static void
test_zero2_defaults (void)
{
  g_autoptr(RpScenario) hf = zero_scenario (RP_FRAMEWORK_HF_TRAINER, 2);
  g_autoptr(RpScenario) ds = zero_scenario (RP_FRAMEWORK_DEEPSPEED, 2);
  g_autoptr(RpEstimate) a = rp_test_estimate (catalog, hf);
  g_autoptr(RpEstimate) b = rp_test_estimate (catalog, ds);

  g_assert_cmpfloat_with_epsilon (a->memory.ddp_bucket_bytes, 5e8 * 2, 1);
  g_assert_cmpfloat_with_epsilon (a->memory.ddp_bucket_bytes, b->memory.ddp_bucket_bytes, 1);
  g_assert_cmpfloat_with_epsilon (a->memory.total_bytes, b->memory.total_bytes, 1);
}

/* DeepSpeed keeps fp32 master weights and optimizer states unless told
 * otherwise (base_optimizer.py, _configure_master_weights): bf16 under
 * DeepSpeed, or the HF Trainer with ZeRO, counts AdamW's 4 + 4 + 4
 * bytes per trainable parameter; the Trainer without ZeRO keeps pure
 * bf16's 2 + 2. */
static void
test_bf16_keeps_fp32_masters (void)
{
  g_autoptr(RpScenario) ds = zero_scenario (RP_FRAMEWORK_DEEPSPEED, 3);
  g_autoptr(RpScenario) hf = zero_scenario (RP_FRAMEWORK_HF_TRAINER, 0);
  g_autoptr(RpEstimate) a = NULL;
  g_autoptr(RpEstimate) b = NULL;

  ds->training.precision = hf->training.precision = RP_PRECISION_BF16_PURE;
  ds->training.method = hf->training.method = RP_METHOD_LORA;
  hf->hardware.gpus_per_node = 1;
  a = rp_test_estimate (catalog, ds);
  b = rp_test_estimate (catalog, hf);
  g_assert_cmpfloat_with_epsilon (a->memory.optimizer_bytes,
                                  a->memory.trainable_params / 8 * 12, 1e3);
  g_assert_cmpfloat_with_epsilon (b->memory.optimizer_bytes,
                                  b->memory.trainable_params * 4, 1e3);
}

/* PEFT's lora_dropout: each adapter saves its dropped-out bf16 input
 * and a bool mask, 3 bytes an input element: q, k, v, gate and up read
 * the hidden size, o the attention's width, down the MLP's.  Under full
 * recomputation only the recomputed layer holds them. */
static void
test_lora_dropout (void)
{
  g_autoptr(RpScenario) s = zero_scenario (RP_FRAMEWORK_DEEPSPEED, 3);
  g_autoptr(RpEstimate) without = NULL;
  g_autoptr(RpEstimate) with = NULL;
  double T = 2048, h = 5120, f = 13824;

  s->training.method = RP_METHOD_LORA;
  s->training.lora_targets = RP_LORA_TARGETS_ALL_LINEAR;
  s->training.recompute = RP_RECOMPUTE_FULL;
  without = rp_test_estimate (catalog, s);
  s->training.lora_dropout = TRUE;
  with = rp_test_estimate (catalog, s);
  g_test_message ("recomputed layer: %.0f MB without lora_dropout, %.0f MB with",
                  without->memory.recompute_bytes / 1e6, with->memory.recompute_bytes / 1e6);
  g_assert_cmpfloat_with_epsilon (with->memory.recompute_bytes - without->memory.recompute_bytes,
                                  T * (5 * h + h + f) * 3, 1);
  g_assert_cmpfloat_with_epsilon (with->memory.activations_bytes,
                                  without->memory.activations_bytes, 1);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  catalog = rp_test_load_catalog ();
  g_test_add_func ("/core/hf-deepspeed/zero3-reduce-bucket", test_zero3_reduce_bucket);
  g_test_add_func ("/core/hf-deepspeed/zero3-prefetch", test_zero3_prefetch);
  g_test_add_func ("/core/hf-deepspeed/zero2-defaults", test_zero2_defaults);
  g_test_add_func ("/core/hf-deepspeed/bf16-keeps-fp32-masters", test_bf16_keeps_fp32_masters);
  g_test_add_func ("/core/hf-deepspeed/lora-dropout", test_lora_dropout);
  status = g_test_run ();
  rp_catalog_unref (catalog);
  return status;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-mechanisms.c: how real training stacks hold memory and spend
 * time: sharded weight copies, offloaded gradients, the training stack's
 * defaults, recomputation policies, pipeline schedules, context and
 * expert parallelism, the loss implementation and goodput.  Each case
 * cites the code or paper the expected number comes from. */

#include "config.h"

#include "rp-catalog.h"
#include "rp-estimate.h"
#include "rp-memory-model.h"
#include "rp-model.h"
#include "rp-scenario.h"
#include "rp-units.h"

#include <math.h>
#include <string.h>

static RpCatalog *catalog;

/* ---- helpers -------------------------------------------------------- */

static const RpGpu *
gpu (const char *id)
{
  const RpGpu *g = rp_catalog_lookup_gpu (catalog, id);

  g_assert_nonnull (g);
  return g;
}

/* A preset on @gpus H100s, 8 per node, bf16-mixed AdamW, ZeRO @stage. */
static RpScenario *
preset_scenario (const char *preset,
                 guint       gpus,
                 guint       stage)
{
  RpScenario *s = rp_scenario_new ();

  rp_scenario_set_preset (s, preset);
  rp_scenario_set_gpu (s, "h100-sxm");
  s->hardware.gpus_per_node = MIN (gpus, 8);
  s->hardware.nodes = MAX (gpus / 8, 1);
  s->hardware.intra_link = RP_LINK_NVLINK4;
  s->hardware.network = gpus > 8 ? RP_NETWORK_IB_NDR : RP_NETWORK_NONE;
  s->training.precision = RP_PRECISION_BF16_MIXED;
  s->training.zero_stage = stage;
  s->training.seq_len = 4096;
  s->training.micro_batch = 1;
  s->training.global_batch = MAX (gpus, 8) * 4;
  s->training.recompute = RP_RECOMPUTE_FULL;
  return s;
}

static void
memory (const RpScenario *s,
        RpMemoryEstimate *m)
{
  g_autoptr(GError) error = NULL;
  RpModelArch arch;

  g_assert_true (rp_model_resolve (&s->model, catalog, &arch, &error));
  g_assert_no_error (error);
  rp_memory_model_estimate (s, &arch, gpu (s->hardware.gpu), catalog, m);
}

/* Weights used in matmuls, per layer and over all layers (the output
 * layer included), from the resolved architecture. */
static void
linear_params (const RpScenario *s,
               double           *per_layer,
               double           *all)
{
  RpModelArch arch;
  guint64 frozen = 0;

  g_assert_true (rp_model_resolve (&s->model, catalog, &arch, NULL));
  rp_model_lora_shape (&arch, RP_LORA_TARGETS_ALL_LINEAR, NULL, &frozen);
  *per_layer = (double) frozen / rp_model_total_layers (&arch);
  *all = (double) frozen + (double) arch.vocab * arch.hidden;
}

/* ---- bugs: sharding, gathering, offload ------------------------------ */

/* Transformer Engine keeps an fp8 copy and its transpose of each linear
 * weight for the backward pass, and under FSDP scatters that saved copy
 * over the data-parallel group like the weight itself
 * (NVIDIA/TransformerEngine transformer_engine/pytorch/module/linear.py,
 * _Linear forward: "Scatter intermediate/activation tensors saved for the
 * backward pass", _fsdp_scatter_tensors (fsdp_group, saved_inputmat,
 * weightmat)).  Llama 3 8B, fp8-mixed, ZeRO-3 on 8 and 128 H100: the
 * copies shrink with the shard, 2 bytes × linear weights / Nd. */
static void
test_fp8_copies_sharded (void)
{
  g_autoptr(RpScenario) s8 = preset_scenario ("llama-3-8b", 8, 3);
  g_autoptr(RpScenario) s128 = preset_scenario ("llama-3-8b", 128, 3);
  RpMemoryEstimate m8, m128;
  double layer, all;

  s8->training.precision = RP_PRECISION_FP8_MIXED;
  s128->training.precision = RP_PRECISION_FP8_MIXED;
  memory (s8, &m8);
  memory (s128, &m128);
  linear_params (s8, &layer, &all);
  g_test_message ("fp8 copies: %.2f GiB on 8, %.2f GiB on 128",
                  m8.weight_copies_bytes / RP_GIB, m128.weight_copies_bytes / RP_GIB);
  g_assert_cmpfloat_with_epsilon (m8.weight_copies_bytes, 2.0 * all / 8, 1e-6 * all);
  g_assert_cmpfloat_with_epsilon (m128.weight_copies_bytes, 2.0 * all / 128, 1e-6 * all);
  g_assert_cmpfloat_with_epsilon (m8.weights_bytes / m128.weights_bytes, 16.0, 1e-9);
}

/* ZeRO-3 gathers each layer in the dtype it is stored in: QLoRA's
 * frozen linear weights as packed NF4 (Dettmers et al. 2023,
 * arXiv:2305.14314 §3: 4.127 bits with double quantization; FSDP with
 * bnb_4bit_quant_storage, Answer.AI "FSDP+QLoRA" 2024), and a frozen
 * weight gets no gradient, so only the adapters' full gradient waits for
 * its reduce-scatter.  Llama 3.1 405B on 128 H100. */
static void
test_zero3_gather_lora (void)
{
  g_autoptr(RpScenario) s = preset_scenario ("llama-3.1-405b", 128, 3);
  RpMemoryEstimate full, lora, qlora;
  double layer, all, per_layer_params, adapters, nf4 = 4.127 / 8;
  guint64 io = 0;
  RpModelArch arch;

  memory (s, &full);
  s->training.method = RP_METHOD_LORA;
  s->training.lora_rank = 16;
  memory (s, &lora);
  s->training.method = RP_METHOD_QLORA;
  memory (s, &qlora);
  g_test_message ("gathered: full %.2f GiB, LoRA %.2f GiB, QLoRA %.2f GiB",
                  full.gathered_bytes / RP_GIB, lora.gathered_bytes / RP_GIB,
                  qlora.gathered_bytes / RP_GIB);
  g_assert_true (rp_model_resolve (&s->model, catalog, &arch, NULL));
  linear_params (s, &layer, &all);
  rp_model_lora_shape (&arch, RP_LORA_TARGETS_ALL_LINEAR, &io, NULL);
  adapters = 16.0 * io;
  /* a full layer: two layers of bf16 weights in flight and one gradient */
  per_layer_params = full.gathered_bytes / (2 * 2 + 2);
  /* LoRA: the same two layers, and only the adapters' gradient */
  g_assert_cmpfloat_with_epsilon (lora.gathered_bytes,
                                  2 * 2 * (per_layer_params + adapters) + 2 * adapters,
                                  1e-6 * lora.gathered_bytes);
  /* QLoRA: the linear weights in NF4, norms and adapters in bf16 */
  g_assert_cmpfloat_with_epsilon (qlora.gathered_bytes,
                                  2 * (layer * nf4 + (per_layer_params - layer) * 2 +
                                       adapters * 2) + 2 * adapters,
                                  1e-3 * qlora.gathered_bytes);
  g_assert_cmpfloat (qlora.gathered_bytes, <, 0.3 * full.gathered_bytes);
}

/* Offloading the optimizer moves the gradients to the host too: ZeRO-
 * Offload keeps the fp32 gradient partition on the CPU (Ren et al. 2021,
 * arXiv:2101.06840 §4.1; DeepSpeed deepspeed/runtime/zero/
 * stage_1_and_2.py: self.device is 'cpu' with cpu_offload, and
 * offload_gradient_dict holds "the averaged gradients required by this
 * partition"), FSDP's CPUOffload "offloads gradients to CPU as well"
 * (torch/distributed/fsdp/api.py, CPUOffload.offload_params).  Llama 3
 * 70B full fine-tune, ZeRO-3 on 8 GPUs. */
static void
test_offload_gradients (void)
{
  g_autoptr(RpScenario) s = preset_scenario ("llama-3-70b", 8, 3);
  RpMemoryEstimate none, opt, both;

  s->training.method = RP_METHOD_FULL_FINETUNE;
  memory (s, &none);
  s->training.offload = RP_OFFLOAD_OPTIMIZER;
  memory (s, &opt);
  s->training.offload = RP_OFFLOAD_OPTIMIZER_AND_PARAMS;
  memory (s, &both);
  g_test_message ("gradients: %.2f GiB without offload, %.2f / %.2f GiB with",
                  none.gradients_bytes / RP_GIB, opt.gradients_bytes / RP_GIB,
                  both.gradients_bytes / RP_GIB);
  g_assert_cmpfloat (none.gradients_bytes, >, 10 * RP_GIB);
  g_assert_cmpfloat (opt.gradients_bytes, ==, 0);
  g_assert_cmpfloat (both.gradients_bytes, ==, 0);
  /* the host holds them instead (fp32, the partition of this GPU) */
  g_assert_cmpfloat (both.cpu_offload_bytes, >=,
                     none.optimizer_bytes + none.weights_bytes + none.gradients_bytes);
  /* the layer being reduce-scattered still holds a full gradient */
  g_assert_cmpfloat (both.gathered_bytes, ==, none.gathered_bytes);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  catalog = rp_catalog_load_default (&error);
  g_assert_no_error (error);

  g_test_add_func ("/core/mechanisms/fp8-copies-sharded", test_fp8_copies_sharded);
  g_test_add_func ("/core/mechanisms/zero3-gather-lora", test_zero3_gather_lora);
  g_test_add_func ("/core/mechanisms/offload-gradients", test_offload_gradients);
  status = g_test_run ();
  rp_catalog_unref (catalog);
  return status;
}

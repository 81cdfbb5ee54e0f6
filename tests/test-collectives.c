/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-collectives.c: NCCL's latency term per collective call
 * (src/core/models/rp-collectives.c) and what it does to a small
 * model's data-parallel step on many GPUs.  Expected values are hand
 * calculations from NVIDIA/nccl src/graph/tuning.cc (Simple protocol:
 * ring base 8.4 µs, steps of 3.4 µs on NVLink, 5.7 µs on PCIe, 14 µs
 * across the network; tree steps of 28 µs). */

#include "config.h"

#include "rp-catalog.h"
#include "rp-collectives.h"
#include "rp-estimate.h"
#include "rp-scenario.h"
#include "rp-test-core.h"

static RpCatalog *catalog;

typedef struct
{
  RpCollective coll;
  guint        n;
  guint        nodes;
  RpLink       link;
  double       expected_us;
} LatencyCase;

static void
test_nccl_latency (void)
{
  static const LatencyCase cases[] = {
    /* one DGX node: 8.4 + 7 × 3.4 */
    { RP_COLLECTIVE_ALL_GATHER, 8, 1, RP_LINK_NVLINK3, 32.2 },
    /* 8.4 + 14 × 3.4 */
    { RP_COLLECTIVE_ALL_REDUCE, 8, 1, RP_LINK_NVLINK3, 56.0 },
    /* 32 nodes of 8: 8.4 + (255 − 31) × 3.4 + 31 × 14 */
    { RP_COLLECTIVE_REDUCE_SCATTER, 256, 32, RP_LINK_NVLINK3, 1204.0 },
    /* ring 8.4 + (510 − 64) × 3.4 + 64 × 14 = 2420.8; tree
     * 2 × (7 × 28 + 5 × 28) = 672: NCCL takes the tree */
    { RP_COLLECTIVE_ALL_REDUCE, 256, 32, RP_LINK_NVLINK3, 672.0 },
    /* 2 nodes: ring 8.4 + (30 − 4) × 3.4 + 4 × 14 = 152.8 < tree 448 */
    { RP_COLLECTIVE_ALL_REDUCE, 16, 2, RP_LINK_NVLINK3, 152.8 },
    /* PCIe: 8.4 + 14 × 5.7 + 1 × 14 */
    { RP_COLLECTIVE_ALL_GATHER, 16, 2, RP_LINK_PCIE4, 102.2 },
    /* one rank sends nothing */
    { RP_COLLECTIVE_ALL_REDUCE, 1, 1, RP_LINK_NVLINK3, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const LatencyCase *c = &cases[i];
      double us = 1e6 * rp_collective_latency_s (c->coll, c->n, c->nodes, c->link);

      g_test_message ("case %u: %.3f µs, expected %.3f", i, us, c->expected_us);
      g_assert_cmpfloat_with_epsilon (us, c->expected_us, 1e-6);
    }
  g_assert_cmpfloat (rp_collective_calls (2.2e9, 25e6), ==, 88);
  g_assert_cmpfloat (rp_collective_calls (1e6, 25e6), ==, 1);
}

/* The 1.1B example on 32 nodes of 8 A100s, ZeRO-3 (FSDP), one
 * micro-batch of @micro per GPU. */
static RpScenario *
small_model_on_256 (guint micro)
{
  RpScenario *s = rp_test_load_example ("pretrain-1b-decoder-32xh100.rigplan");

  rp_scenario_set_gpu (s, "a100-40gb-sxm");
  rp_scenario_set_rent_offer (s, "aws-p4d-24xlarge");
  s->hardware.gpus_per_node = 8;
  s->hardware.nodes = 32;
  s->hardware.intra_link = RP_LINK_NVLINK3;
  s->hardware.network = RP_NETWORK_IB_HDR;
  s->training.zero_stage = 3;
  s->training.micro_batch = micro;
  s->training.global_batch = 256 * micro;
  return s;
}

/* Each of the 22 layers gathers its weights twice and reduce-scatters
 * its gradients once per micro-batch: 66 calls of 1204 µs on a ring of
 * 256 ranks on 32 nodes, 79.5 ms, twice the bytes' 38.7 ms. */
static void
test_zero3_calls_add_latency (void)
{
  g_autoptr(RpScenario) s = small_model_on_256 (4);
  g_autoptr(RpEstimate) e = rp_test_estimate (catalog, s);

  g_assert_cmpfloat (e->compute.dp_comm_s, >=, 66 * 1204e-6);
  g_assert_cmpfloat (e->compute.dp_comm_s, <, 66 * 1204e-6 + 0.045);
}

/* With one sequence per GPU the micro-batch computes in less than its
 * collectives take once their latency counts: the rest is exposed, and
 * the GPU-hours exceed those of four sequences per GPU. */
static void
test_small_step_exposes_latency (void)
{
  g_autoptr(RpScenario) one = small_model_on_256 (1);
  g_autoptr(RpScenario) four = small_model_on_256 (4);
  g_autoptr(RpEstimate) e1 = rp_test_estimate (catalog, one);
  g_autoptr(RpEstimate) e4 = rp_test_estimate (catalog, four);
  double exposed = e1->compute.dp_comm_s - e1->compute.compute_s;

  g_assert_cmpuint (e1->compute.micro_batches, ==, 1);
  g_assert_cmpfloat (exposed, >, 0.01);
  g_assert_cmpfloat_with_epsilon (e1->compute.dp_exposed_s, exposed, 1e-9);
  g_assert_cmpfloat (e4->compute.dp_exposed_s, ==, 0);
  /* per token: one sequence per GPU costs more GPU time than four */
  g_assert_cmpfloat (e1->compute.gpu_step_s * 4, >, e4->compute.gpu_step_s * 1.05);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  catalog = rp_test_load_catalog ();
  g_test_add_func ("/core/collectives/nccl-latency", test_nccl_latency);
  g_test_add_func ("/core/collectives/zero3-calls", test_zero3_calls_add_latency);
  g_test_add_func ("/core/collectives/small-step-exposed", test_small_step_exposes_latency);
  status = g_test_run ();
  rp_catalog_unref (catalog);
  return status;
}

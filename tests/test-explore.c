/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-explore.c: a scenario moved to another machine takes that
 * machine's link, network and prices, and the charts' sweeps agree with
 * single estimates */

#include "config.h"

#include "rp-catalog.h"
#include "rp-cost-model.h"
#include "rp-edit.h"
#include "rp-error.h"
#include "rp-estimate.h"
#include "rp-fix.h"
#include "rp-explore.h"
#include "rp-explore-private.h"
#include "rp-fields.h"
#include "rp-links.h"
#include "rp-prices.h"
#include "rp-scenario.h"
#include "rp-test-core.h"

#include <math.h>
#include <string.h>

static RpCatalog *catalog;

static const RpGpu *
gpu (const char *id)
{
  const RpGpu *g = rp_catalog_lookup_gpu (catalog, id);

  g_assert_nonnull (g);
  return g;
}

/* The LoRA example types ¥15,000 per GPU and ¥2.00 per GPU-hour for its
 * RTX 4090.  On 8 × H100 those are not the H100's prices: the catalog's
 * come in, with their source, and the rent is an H100 offer's.  The
 * buyer is put in the US: a new H100 is not sold in China (market.json),
 * where it has no price. */
static void
test_prices_follow_the_gpu (void)
{
  g_autoptr(RpScenario) lora = rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan");
  g_autoptr(RpScenario) moved = NULL;
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  g_autoptr(GError) error = NULL;
  const RpPrices *p;

  g_assert_cmpfloat (lora->budget.gpu_price, ==, 15000);
  rp_scenario_set_region (lora, "us");
  moved = rp_explore_move (lora, catalog, gpu ("h100-sxm"), 8, 1);
  g_assert_true (isnan (moved->budget.gpu_price));
  g_assert_true (isnan (moved->budget.rent_price_per_gpu_hour));
  g_assert_true (isnan (moved->budget.server_price));
  g_assert_cmpint (moved->hardware.intra_link, ==, RP_LINK_NVLINK4);
  g_assert_true (rp_fix_estimate (moved, catalog, est, &error));
  g_assert_no_error (error);
  p = &est->cost.prices;
  g_assert_cmpint (p->gpu.origin, ==, RP_PRICE_CATALOG);
  g_assert_nonnull (p->gpu.source);
  g_assert_nonnull (p->gpu.as_of);
  g_assert_cmpfloat (p->gpu.value, >, 10 * 15000);
  g_assert_cmpint (p->rent.origin, ==, RP_PRICE_CATALOG);
  g_assert_nonnull (p->offer);
  g_assert_cmpstr (p->offer->gpu, ==, "h100-sxm");
  /* the site stays: the power price is the user's */
  g_assert_cmpint (p->power.origin, ==, RP_PRICE_USER);
  g_assert_cmpfloat (p->power.value, ==, 0.8);
}

/* Same GPU, more of them: the user's GPU price stays theirs, a server
 * price typed for a one-card box does not carry over to an 8-GPU one. */
static void
test_same_gpu_keeps_its_price (void)
{
  g_autoptr(RpScenario) lora = rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan");
  g_autoptr(RpScenario) moved = rp_explore_move (lora, catalog, gpu ("rtx-4090"), 8, 1);

  g_assert_cmpfloat (moved->budget.gpu_price, ==, 15000);
  g_assert_cmpfloat (moved->budget.rent_price_per_gpu_hour, ==, 2.0);
  g_assert_true (isnan (moved->budget.server_price));
  /* consumer cards have no NVLink: PCIe */
  g_assert_cmpint (moved->hardware.intra_link, ==, RP_LINK_PCIE4);
}

/* Links by GPU model: SXM boards join every GPU; PCIe cards bridge pairs. */
static void
test_links (void)
{
  g_assert_cmpint (rp_explore_gpu_link (gpu ("a100-80gb-sxm"), 8), ==, RP_LINK_NVLINK3);
  g_assert_cmpint (rp_explore_gpu_link (gpu ("a100-80gb-pcie"), 2), ==, RP_LINK_NVLINK3);
  g_assert_cmpint (rp_explore_gpu_link (gpu ("a100-80gb-pcie"), 8), ==, RP_LINK_PCIE4);
  g_assert_cmpint (rp_explore_gpu_link (gpu ("h100-pcie"), 4), ==, RP_LINK_PCIE5);
  g_assert_cmpint (rp_explore_gpu_link (gpu ("b200"), 8), ==, RP_LINK_NVLINK5);
  g_assert_cmpint (rp_explore_gpu_link (gpu ("rtx-3090"), 4), ==, RP_LINK_PCIE4);
  /* GA102 white paper: the RTX 3090 takes a two-way NVLink bridge */
  g_assert_cmpint (rp_explore_gpu_link (gpu ("rtx-3090"), 2), ==, RP_LINK_NVLINK3);
  /* The HGX H20 is an eight-GPU NVSwitch board although its id has no
   * "sxm" (gpus.json link_source: 1cnz.cn, NVLink 900 GB/s, 8-way): the
   * old rule of the id took it for bridged pairs and timed PCIe. */
  g_assert_cmpint (rp_explore_gpu_link (gpu ("h20"), 8), ==, RP_LINK_NVLINK4);
  /* No NVLink on the RTX 4090 and L40S, at any count */
  g_assert_cmpint (rp_explore_gpu_link (gpu ("rtx-4090"), 2), ==, RP_LINK_PCIE4);
  g_assert_cmpint (rp_explore_gpu_link (gpu ("l40s"), 2), ==, RP_LINK_PCIE4);
}

/* The bus bandwidth over a GPU's own link follows that GPU's stated
 * NVLink bandwidth, not the generation's: A40 data sheet, 112.5 GB/s
 * bidirectional for a bridged pair = 56.25 GB/s a direction, × 200/300
 * (the NCCL bus-bandwidth share measured on A100 SXM4, rp-links.c) =
 * 37.5 GB/s; the H800's NVLink is cut to 400 GB/s (gpus.json) = 133.3
 * GB/s against the H100's 300. */
static void
test_link_bandwidth_by_model (void)
{
  g_assert_cmpfloat_with_epsilon (rp_link_gpu_busbw_bytes_s (RP_LINK_NVLINK3, gpu ("a40")),
                                  37.5e9, 1e6);
  g_assert_cmpfloat_with_epsilon (rp_link_gpu_busbw_bytes_s (RP_LINK_NVLINK4,
                                                             gpu ("h800-sxm")),
                                  400e9 / 2 * 2 / 3, 1e6);
  g_assert_cmpfloat_with_epsilon (rp_link_gpu_busbw_bytes_s (RP_LINK_NVLINK4,
                                                             gpu ("h100-sxm")),
                                  300e9, 1e6);
  /* a link that is not the GPU's own: the generation's figure */
  g_assert_cmpfloat_with_epsilon (rp_link_gpu_busbw_bytes_s (RP_LINK_NVLINK4, gpu ("a40")),
                                  rp_link_busbw_bytes_s (RP_LINK_NVLINK4), 1);
}

/* The link and the cluster fabric read what the loader resolved: for
 * every catalog GPU the same answers as its interconnect and generation
 * strings read each time (as the models did), and a GPU made by hand
 * (nothing resolved) is read by its strings. */
static void
test_link_resolved (void)
{
  for (guint i = 0; i < rp_catalog_n_gpus (catalog); i++)
    {
      const RpGpu *gpu = rp_catalog_get_gpu (catalog, i);
      RpGpu by_hand = *gpu;
      RpLink resolved = RP_N_LINKS, parsed = RP_N_LINKS, read = RP_N_LINKS;
      gboolean named = gpu->interconnect != NULL &&
                       rp_link_from_string (gpu->interconnect, &parsed);

      by_hand.gen = RP_GPU_GEN_OTHER;
      by_hand.link_state = 0;
      g_assert_cmpint (gpu->link_state, !=, 0);
      g_assert_cmpint (rp_gpu_link (gpu, &resolved), ==, named);
      g_assert_cmpint (rp_gpu_link (&by_hand, &read), ==, named);
      if (named)
        {
          g_assert_cmpint (resolved, ==, parsed);
          g_assert_cmpint (read, ==, parsed);
        }
      for (guint l = 0; l < RP_N_LINKS; l++)
        {
          g_assert_cmpfloat (rp_link_gpu_busbw_bytes_s (l, gpu), ==,
                             rp_link_gpu_busbw_bytes_s (l, &by_hand));
          if (named && l == parsed && gpu->interconnect_gb_s > 0 && l >= RP_LINK_NVLINK2)
            g_assert_cmpfloat (rp_link_gpu_busbw_bytes_s (l, gpu), ==,
                               gpu->interconnect_gb_s / 2 * 1e9 * (200.0 / 300.0));
        }
      g_assert_cmpint (rp_network_for_gpu (gpu), ==,
                       rp_network_for_cluster (gpu->generation,
                                               gpu->segment == RP_SEGMENT_DATACENTER));
      g_assert_cmpint (rp_network_for_gpu (&by_hand), ==, rp_network_for_gpu (gpu));
    }
}

/* Every GPU with its own link says which GPUs it joins, with a source;
 * GeForce Ada cards have no PCIe peer-to-peer (tinygrad's P2P driver
 * README: the mailbox hardware is absent or disabled on the 4090s). */
static void
test_link_scope_sourced (void)
{
  for (guint i = 0; i < rp_catalog_n_gpus (catalog); i++)
    {
      const RpGpu *g = rp_catalog_get_gpu (catalog, i);
      RpLink link;

      if (g->interconnect == NULL || !rp_link_from_string (g->interconnect, &link) ||
          link <= RP_LINK_PCIE5)
        continue;
      g_test_message ("%s: %s", g->id, rp_link_scope_to_string (g->link_scope));
      g_assert_cmpint (g->link_scope, !=, RP_LINK_SCOPE_UNKNOWN);
      g_assert_nonnull (g->link_source);
    }
  g_assert_cmpint (gpu ("rtx-4090")->pcie_p2p, ==, 0);
  g_assert_cmpint (gpu ("rtx-4090d")->pcie_p2p, ==, 0);
  g_assert_cmpint (gpu ("h100-sxm")->pcie_p2p, ==, -1);
}

/* Several nodes without a named network: the fabric such clusters use. */
static void
test_networks (void)
{
  g_autoptr(RpScenario) lora = rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan");
  g_autoptr(RpScenario) h100 = NULL, a100 = NULL, rtx = NULL, back = NULL;

  lora->training.global_batch = 64;
  h100 = rp_explore_move (lora, catalog, gpu ("h100-sxm"), 8, 4);
  a100 = rp_explore_move (lora, catalog, gpu ("a100-80gb-sxm"), 8, 4);
  rtx = rp_explore_move (lora, catalog, gpu ("rtx-4090"), 8, 4);
  g_assert_cmpint (h100->hardware.network, ==, RP_NETWORK_IB_NDR);
  g_assert_cmpint (a100->hardware.network, ==, RP_NETWORK_IB_HDR);
  g_assert_cmpint (rtx->hardware.network, ==, RP_NETWORK_100GBE);
  /* back on one node: no network */
  back = rp_explore_move (h100, catalog, gpu ("h100-sxm"), 8, 1);
  g_assert_cmpint (back->hardware.network, ==, RP_NETWORK_NONE);
  /* more nodes of the same GPU keep the network the user chose */
  h100->hardware.network = RP_NETWORK_400GBE;
  g_clear_pointer (&back, rp_scenario_free);
  back = rp_explore_move (h100, catalog, gpu ("h100-sxm"), 8, 8);
  g_assert_cmpint (back->hardware.network, ==, RP_NETWORK_400GBE);
}

/* A split that does not divide the new count is reset; a global batch
 * smaller than the data-parallel GPUs cannot be moved there. */
static void
test_split_and_batch (void)
{
  g_autoptr(RpScenario) s = rp_test_load_example ("full-finetune-llama2-7b-8xa100.rigplan");
  g_autoptr(RpScenario) six = NULL, huge = NULL;

  s->training.tensor_parallel = 4;
  s->training.global_batch = 64;
  six = rp_explore_move (s, catalog, gpu ("a100-80gb-sxm"), 6, 1);
  g_assert_cmpuint (six->training.tensor_parallel, ==, 1);
  g_assert_cmpuint (six->training.micro_batch * rp_scenario_data_parallel (six), <=,
                    six->training.global_batch);
  huge = rp_explore_move (s, catalog, gpu ("a100-80gb-sxm"), 8, 64);   /* 128 data-parallel */
  g_assert_null (huge);
}

/* The VRAM chart's alternatives for the 4090: its own, the two next
 * larger consumer cards (5090 32 GB, the 48 GB boards), no smaller one
 * (no consumer card has less than 24 GB), then larger sizes of any
 * segment, one per memory size, at most six, sorted by memory. */
static void
test_pick_gpus (void)
{
  g_autoptr(RpScenario) lora = rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan");
  g_autoptr(GPtrArray) picked = rp_explore_pick_gpus (lora, catalog, gpu ("rtx-4090"), TRUE, 6);
  guint smaller = 0, own = 0, consumer = 0;

  g_assert_cmpuint (picked->len, ==, 6);
  for (guint i = 0; i < picked->len; i++)
    {
      const RpGpu *g = g_ptr_array_index (picked, i);

      g_test_message ("%s %.0f GiB", g->id, g->memory_gib);
      own += g_str_equal (g->id, "rtx-4090");
      smaller += g->memory_gib < 24;
      consumer += g->segment == RP_SEGMENT_CONSUMER;
      if (i > 0)
        g_assert_cmpfloat (g->memory_gib, >, ((const RpGpu *) g_ptr_array_index (picked,
                                                                                i - 1))->memory_gib);
    }
  g_assert_cmpuint (own, ==, 1);
  g_assert_cmpuint (smaller, ==, 0);
  g_assert_cmpuint (consumer, ==, 3);
  g_assert_cmpstr (((const RpGpu *) g_ptr_array_index (picked, 1))->id, ==, "rtx-5090");
}

/* The time chart's days are the estimates of the moved scenarios. */
static void
test_days_by_count (void)
{
  g_autoptr(RpScenario) s = rp_test_load_example ("full-finetune-llama2-7b-8xa100.rigplan");
  static const guint counts[] = { 8, 16, 64, 12 };
  double days[G_N_ELEMENTS (counts)];

  rp_explore_days_by_count (s, catalog, gpu ("h100-sxm"), counts, G_N_ELEMENTS (counts), days);
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(RpScenario) moved = rp_explore_move (s, catalog, gpu ("h100-sxm"), 8,
                                                     counts[i] / 8);
      g_autoptr(RpEstimate) est = rp_estimate_new ();

      g_assert_true (rp_fix_estimate (moved, catalog, est, NULL));
      g_assert_cmpfloat_with_epsilon (days[i], est->compute.days, 1e-12);
      if (i > 0)
        g_assert_cmpfloat (days[i], <, days[i - 1]);
    }
  /* 12 does not fill servers of 8 */
  g_assert_true (isnan (days[3]));
}

/* The break-even chart's sweep is the cost model's arithmetic on the
 * estimate's own prices: at the scenario's utilization it gives the
 * estimate's break-even, and it falls as the machine gets busier. */
static void
test_break_even_sweep (void)
{
  g_autoptr(RpScenario) s = rp_test_load_example ("full-finetune-llama2-7b-8xa100.rigplan");
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  double pcts[] = { 0, 0, 70, 100 };
  double months[G_N_ELEMENTS (pcts)];

  g_assert_true (rp_fix_estimate (s, catalog, est, NULL));
  pcts[1] = s->budget.utilization_pct;
  g_assert_true (rp_explore_break_even_by_utilization (s, catalog, est, pcts,
                                                       G_N_ELEMENTS (pcts), months));
  g_assert_cmpfloat (months[0], <, 0);
  g_assert_cmpfloat_with_epsilon (months[1], est->cost.break_even_months, 1e-9);
  g_assert_cmpfloat (months[3], >, 0);
  g_assert_cmpfloat (months[3], <, months[2]);
}

/* One way to change a scenario: growing the RTX 4090 LoRA example from
 * one node to four is the machine's move (a cluster network, a typed
 * network price dropped), as in the scenario window and a Compare
 * variant; out of range is an error naming the field. */
static void
test_edit_machine (void)
{
  g_autoptr(RpScenario) lora = rp_test_load_example ("lora-llama3-8b-rtx4090.rigplan");
  const RpGpu *gpu = rp_catalog_lookup_gpu (catalog, lora->hardware.gpu);
  g_autoptr(RpScenario) moved = NULL, edited = NULL, bad = NULL;
  g_autoptr(GArray) left = NULL;
  g_autoptr(GError) error = NULL;

  lora->budget.network_price = 5000;
  lora->budget.gpu_price = 1500;
  moved = rp_explore_move (lora, catalog, gpu, lora->hardware.gpus_per_node, 4);
  edited = rp_scenario_edit (lora, catalog, "hardware.nodes", 4, NULL, &error);
  g_assert_no_error (error);
  left = rp_scenario_diff (moved, edited);
  g_assert_cmpuint (left->len, ==, 0);
  g_assert_cmpint (edited->hardware.network, !=, RP_NETWORK_NONE);
  g_assert_true (isnan (edited->budget.network_price));   /* the cluster's */
  g_assert_cmpfloat (edited->budget.gpu_price, ==, 1500); /* still the GPU's */

  bad = rp_scenario_edit (lora, catalog, "hardware.nodes", 0, NULL, &error);
  g_assert_null (bad);
  g_assert_cmpstr (rp_error_get_key (error), ==, "hardware.nodes");
}

/* Which typed prices belong to which part of the machine is the field
 * table's: a new node size drops the server price, a new GPU every price
 * typed for it; a new currency converts every money field. */
static void
test_edit_prices (void)
{
  g_autoptr(RpScenario) s = rp_test_load_example ("full-finetune-llama2-7b-8xa100.rigplan");
  g_autoptr(RpScenario) per = NULL, gpu = NULL, yuan = NULL;
  g_autoptr(GArray) typed = NULL;

  s->budget.gpu_price = 10000;
  s->budget.server_price = 40000;
  s->budget.network_price = 3000;
  s->budget.currency = RP_CURRENCY_USD;
  typed = rp_scenario_typed_prices (s, RP_FIELD_OF_GPU);
  g_assert_cmpuint (typed->len, >=, 3);   /* and the example's own rent price */
  per = rp_scenario_edit (s, catalog, "hardware.gpus_per_node", 4, NULL, NULL);
  g_assert_nonnull (per);
  g_assert_true (isnan (per->budget.server_price));
  g_assert_cmpfloat (per->budget.gpu_price, ==, 10000);
  gpu = rp_scenario_edit (s, catalog, "hardware.gpu", NAN, "h100-sxm", NULL);
  g_assert_nonnull (gpu);
  g_assert_true (isnan (gpu->budget.gpu_price) && isnan (gpu->budget.server_price) &&
                 isnan (gpu->budget.network_price));
  yuan = rp_scenario_edit (s, catalog, "budget.currency", RP_CURRENCY_CNY, NULL, NULL);
  g_assert_nonnull (yuan);
  g_assert_cmpfloat_with_epsilon (yuan->budget.gpu_price,
                                  10000 * rp_prices_usd_to_cny (s, catalog), 1e-6);
}

/* rp_explore_place() sets what rp_explore_move() sets, on a flat copy:
 * every example on every GPU, on one GPU and on two nodes of eight, is
 * the moved scenario but for the typed prices that the move drops. */
static void
test_place_is_move (void)
{
  const RpFieldFlags prices = RP_FIELD_OF_GPU | RP_FIELD_OF_NODE | RP_FIELD_OF_CLUSTER;
  static const guint layouts[][2] = { { 1, 1 }, { 8, 2 } };
  guint placed_n = 0;

  for (guint e = 0; e < RP_TEST_N_EXAMPLES; e++)
    {
      g_autoptr(RpScenario) s = rp_test_load_example (rp_test_examples[e]);
      g_autoptr(RpEstimate) est = rp_test_estimate (catalog, s);

      for (guint g = 0; g < rp_catalog_n_gpus (catalog); g++)
        for (guint l = 0; l < G_N_ELEMENTS (layouts); l++)
          {
            const RpGpu *gpu = rp_catalog_get_gpu (catalog, g);
            g_autoptr(RpScenario) moved = rp_explore_move (s, catalog, gpu, layouts[l][0],
                                                           layouts[l][1]);
            g_autoptr(GArray) diff = NULL;
            RpScenario placed;

            if (!rp_explore_place (&placed, s, &est->arch, gpu, layouts[l][0], layouts[l][1]))
              {
                g_assert_null (moved);
                continue;
              }
            g_assert_nonnull (moved);
            g_assert_true (placed.hardware.gpu == gpu->id);
            diff = rp_scenario_diff (moved, &placed);
            for (guint i = 0; i < diff->len; i++)
              {
                const char *key = g_array_index (diff, RpChange, i).key;

                if ((rp_fields_lookup (key)->flags & prices) == 0)
                  g_error ("%s on %s: %s placed is not %s moved", rp_test_examples[e], gpu->id,
                           key, key);
              }
            placed_n++;
          }
    }
  g_assert_cmpuint (placed_n, >, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  catalog = rp_test_load_catalog ();
  g_test_add_func ("/core/explore/prices-follow-the-gpu", test_prices_follow_the_gpu);
  g_test_add_func ("/core/explore/same-gpu-keeps-its-price", test_same_gpu_keeps_its_price);
  g_test_add_func ("/core/explore/links", test_links);
  g_test_add_func ("/core/explore/link-bandwidth-by-model", test_link_bandwidth_by_model);
  g_test_add_func ("/core/explore/link-resolved", test_link_resolved);
  g_test_add_func ("/core/explore/link-scope-sourced", test_link_scope_sourced);
  g_test_add_func ("/core/explore/networks", test_networks);
  g_test_add_func ("/core/explore/split-and-batch", test_split_and_batch);
  g_test_add_func ("/core/explore/pick-gpus", test_pick_gpus);
  g_test_add_func ("/core/explore/days-by-count", test_days_by_count);
  g_test_add_func ("/core/explore/break-even-sweep", test_break_even_sweep);
  g_test_add_func ("/core/explore/edit-machine", test_edit_machine);
  g_test_add_func ("/core/explore/edit-prices", test_edit_prices);
  g_test_add_func ("/core/explore/place-is-move", test_place_is_move);
  return g_test_run ();
}

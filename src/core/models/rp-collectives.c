/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-collectives.c: NCCL's latency term per collective call
 *
 * NCCL times a collective as  t = latency + bytes / algbw  and picks the
 * algorithm and protocol of least t (NVIDIA/nccl src/graph/tuning.cc,
 * ncclTopoTuneModel and ncclTopoGetAlgoTime; NCCL 2.2x, with NVLS).  Its
 * latency, for the Simple protocol that carries large buffers:
 *
 *   ring all-gather / reduce-scatter:
 *     base + (n − 1 − (N − 1)) · intra + (N − 1) · net
 *   ring all-reduce:
 *     base + (2(n − 1) − 2N) · intra + 2N · net      (N > 1)
 *     base + 2(n − 1) · intra                         (one node)
 *   tree all-reduce:
 *     2 · ((n/N − 1) · intra_tree + log2 N · net_tree)
 *
 * for n ranks on N nodes: a ring's latency grows with its ranks, a
 * tree's with the log of its nodes, which is why NCCL takes the tree
 * for all-reduces on many nodes.  The bandwidth term stays
 * rp-links.c's (nccl-tests bus bandwidth of large buffers). */

#include "config.h"

#include "rp-collectives.h"

#include <math.h>

/* ---- constants -------------------------------------------------------- */

/* NCCL tuning.cc baseLat, Ring/Simple: 8.4 µs; Tree/Simple: 0. */
static const double ring_base_s = 8.4e-6;

/* NCCL tuning.cc hwLat, Ring/Simple per step: NVLink 3.4 µs, PCI 5.7 µs,
 * network 14.0 µs. */
static const double ring_nvlink_step_s = 3.4e-6;
static const double ring_pci_step_s = 5.7e-6;
static const double ring_net_step_s = 14.0e-6;

/* NCCL tuning.cc getNetOverhead: 1 µs per network post on Intel hosts,
 * × 3 for Simple; an intra-node ring step on a multi-node ring costs at
 * least this ("inter-node rings still have to launch nsteps * net
 * overhead"). */
static const double ring_net_overhead_s = 3 * 1.0e-6;

/* NCCL tuning.cc hwLat, Tree/Simple per step: 28 µs on NVLink, PCI and
 * the network alike. */
static const double tree_step_s = 28e-6;

/* ---- public API ------------------------------------------------------- */

double
rp_collective_latency_s (RpCollective coll,
                         guint        n,
                         guint        nodes,
                         RpLink       intra_link)
{
  gboolean nvlink = intra_link != RP_LINK_PCIE3 && intra_link != RP_LINK_PCIE4 &&
                    intra_link != RP_LINK_PCIE5;
  double intra = nvlink ? ring_nvlink_step_s : ring_pci_step_s;
  double steps, inter_steps, ring, tree;

  if (n <= 1)
    return 0;
  nodes = CLAMP (nodes, 1, n);
  if (nodes > 1)
    intra = MAX (intra, ring_net_overhead_s);
  if (coll != RP_COLLECTIVE_ALL_REDUCE)
    {
      steps = n - 1;
      inter_steps = nodes - 1;
      return ring_base_s + (steps - inter_steps) * intra + inter_steps * ring_net_step_s;
    }
  steps = 2.0 * (n - 1);
  inter_steps = nodes > 1 ? 2.0 * nodes : 0;
  ring = ring_base_s + (steps - inter_steps) * intra + inter_steps * ring_net_step_s;
  if (nodes == 1)
    return ring;
  /* log2i in tuning.cc: the floor of the logarithm, from the top bit */
  tree = 2 * ((double) (n / nodes - 1) * tree_step_s +
              (double) (g_bit_storage (nodes) - 1) * tree_step_s);
  return MIN (ring, tree);
}

double
rp_collective_calls (double bytes,
                     double bucket_bytes)
{
  if (!(bucket_bytes > 0) || !(bytes > bucket_bytes))
    return 1;
  return ceil (bytes / bucket_bytes);
}

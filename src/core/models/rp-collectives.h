/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-collectives.h: the fixed cost of one NCCL collective call and how
 * many calls a data-parallel step makes
 *
 * rp-links.h times a collective by its bytes alone (the bandwidth term);
 * this adds NCCL's own latency term, which grows with the ranks of a
 * ring and the log of the nodes of a tree, and the number of calls each
 * sharding scheme makes per step. */

#pragma once

#include "rp-types.h"

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  RP_COLLECTIVE_ALL_REDUCE,
  RP_COLLECTIVE_REDUCE_SCATTER,
  RP_COLLECTIVE_ALL_GATHER,
} RpCollective;

/* Seconds NCCL's tuning model charges one call of @coll over @n ranks on
 * @nodes nodes, before its bytes: the algorithm it picks for a large
 * buffer (ring, or tree for an all-reduce where that is less), Simple
 * protocol, GPUs in a node joined by @intra_link.  0 for n ≤ 1. */
double  rp_collective_latency_s      (RpCollective coll,
                                      guint        n,
                                      guint        nodes,
                                      RpLink       intra_link);

/* Calls of a bucketed collective over @bytes in buckets of
 * @bucket_bytes: at least one. */
double  rp_collective_calls          (double       bytes,
                                      double       bucket_bytes);

G_END_DECLS

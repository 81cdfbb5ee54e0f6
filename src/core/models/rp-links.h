/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-links.h: achieved bandwidths of GPU links, networks, PCIe and storage,
 * and the time of the NCCL collectives over them
 *
 * All rates are bytes per second as achieved by real software (NCCL bus
 * bandwidth, sequential reads), not the spec-sheet peaks; rp-links.c cites
 * the measurement behind each one. */
#pragma once

#include "rp-catalog.h"

G_BEGIN_DECLS

/* NCCL all-reduce bus bandwidth between the GPUs of one node over @link. */
double  rp_link_busbw_bytes_s          (RpLink     link);
/* The same over @gpu's own NVLink or Infinity Fabric: where @link is the
 * GPU's link and the catalog states its bandwidth, that bandwidth (an
 * A40 bridge, an H800's cut NVLink) instead of the generation's. */
double  rp_link_gpu_busbw_bytes_s      (RpLink       link,
                                        const RpGpu *gpu);
/* The link's peak per GPU and direction (spec sheet). */
double  rp_link_peak_bytes_s           (RpLink     link);
/* Host-to-GPU copy rate of a PCIe generation (x16), achieved. */
double  rp_pcie_host_bytes_s           (guint      pcie_gen);
/* Line rate of one NIC of @network; 0 for RP_NETWORK_NONE. */
double  rp_network_nic_bytes_s         (RpNetwork  network);
/* NICs a node of @gpus_per_node GPUs gets on @network (rail-optimised
 * fabrics: one per GPU; plain Ethernet: one per node). */
guint   rp_network_nics_per_node       (RpNetwork  network,
                                        guint      gpus_per_node);
/* NCCL bus bandwidth of the whole node's NICs (line rate × efficiency). */
double  rp_network_node_busbw_bytes_s  (RpNetwork  network,
                                        guint      gpus_per_node);
/* The fabric a cluster of GPUs of @generation ("hopper", …) is built
 * with when a scenario names none (rp-links.c cites the designs). */
RpNetwork rp_network_for_cluster       (const char *generation,
                                        gboolean    datacenter);
/* The same for @gpu, a datacenter card when its segment says so; reads
 * the generation the catalog resolved (rp_gpu_generation_is()). */
RpNetwork rp_network_for_gpu           (const RpGpu *gpu);
/* Sequential read rate of one node's @storage. */
double  rp_storage_read_bytes_s        (RpStorage  storage);

/* Ring collectives (NCCL "Performance" notes in nccl-tests): the time to
 * all-reduce, reduce-scatter or all-gather @bytes over @n ranks at
 * bus bandwidth @busbw_bytes_s.  0 for n ≤ 1. */
double  rp_comm_allreduce_s            (double     bytes,
                                        guint      n,
                                        double     busbw_bytes_s);
double  rp_comm_reduce_scatter_s       (double     bytes,
                                        guint      n,
                                        double     busbw_bytes_s);
double  rp_comm_all_gather_s           (double     bytes,
                                        guint      n,
                                        double     busbw_bytes_s);

G_END_DECLS

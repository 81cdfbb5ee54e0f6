/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-links.c: bandwidth tables and collective times
 *
 * Collectives follow NCCL's bus-bandwidth convention (nccl-tests
 * doc/PERFORMANCE.md): for n ranks and a buffer of S bytes
 *   all-reduce      t = 2 (n − 1) / n · S / busbw
 *   reduce-scatter  t =   (n − 1) / n · S / busbw
 *   all-gather      t =   (n − 1) / n · S / busbw
 * where busbw is what nccl-tests reports for the link; a ring's busbw is
 * the slowest hop's bandwidth, so across nodes it is the node's NICs
 * (nccl-tests issue #119: 4× HDR per node, 100 GB/s nominal, 84.8 GB/s
 * average and 96 GB/s peak busbw over 3 nodes). */

#include "config.h"

#include "rp-links.h"

static const double mb = 1e6;

/* ---- GPU links ------------------------------------------------------ */

/* PCIe x16 per direction: 8, 16, 32 GT/s × 16 lanes × 128/130 / 8 bits
 * (PCI-SIG PCIe 3.0/4.0/5.0 base specifications). */
static const double pcie_x16_bytes_s[] = { 0, 0, 0, 15.75e9, 31.5e9, 63.0e9, 126.0e9 };

/* NCCL all-reduce over PCIe alone reaches 28 GB/s busbw on 8 RTX 5090
 * (PCIe 5.0, 63 GB/s per direction): NVIDIA/nccl issue #1639, where the
 * maintainer notes PCIe systems are bound by CPU and memory.  28 / 63. */
static const double pcie_busbw_fraction = 28.0 / 63.0;

/* NVLink per GPU and direction = half the bidirectional total: V100 300,
 * A100 600, H100 900, B200 1800 GB/s (NVIDIA V100, A100, H100, B200 data
 * sheets; gpus.json interconnect_gb_s).  MI300X Infinity Fabric 896 GB/s
 * aggregate (AMD Instinct MI300X data sheet). */
static const double nvlink2_bytes_s = 150e9;
static const double nvlink3_bytes_s = 300e9;
static const double nvlink4_bytes_s = 450e9;
static const double nvlink5_bytes_s = 900e9;
static const double infinity_fabric_bytes_s = 448e9;

/* 8× A100-SXM4-80GB all_reduce_perf: ~200 GB/s busbw (NVIDIA/nccl-tests
 * issue #149) and 208 GB/s (issue #178) against 300 GB/s per direction:
 * 200 / 300, applied to the other NVLink generations (derived). */
static const double nvlink_busbw_fraction = 200.0 / 300.0;

/* Pinned host-to-device copies reach about 80 % of the PCIe x16 rate
 * (CUDA samples bandwidthTest: ~25 GB/s on Gen4, ~12.5 on Gen3): an
 * assumption from common measurements, not a cited table. */
static const double pcie_host_fraction = 0.8;

/* ---- networks ------------------------------------------------------- */

/* Line rate per NIC: IEEE 802.3 10/25/100/200/400GBASE; InfiniBand HDR
 * 200 Gb/s and NDR 400 Gb/s per port (IBTA specification, 4x links). */
static const double nic_bits_s[RP_N_NETWORKS] = {
  0, 10e9, 25e9, 100e9, 200e9, 400e9, 200e9, 400e9, 100e9,
};

/* nccl-tests issue #119: 84.8 GB/s average busbw on 100 GB/s of HDR. */
static const double network_busbw_fraction = 0.85;

/* ---- storage -------------------------------------------------------- */

/* Sequential read, MB/s, low end of the published range: HDD 150
 * (innovatxblog.blogspot.com, "From HDD to SSD to NVMe", 2025-06); SATA
 * SSD 550, NVMe Gen4 7000, Gen5 10000 (ricojia.github.io 2018-05-05
 * "SSD"; geratools.com storage interface reference).  NVMe Gen3: PCIe 3.0
 * x4 ceiling 3940 MB/s (4 × 985, PCI-SIG), drives rated ~3500 (e.g.
 * Samsung 970 EVO Plus data sheet).  Network storage: Meta's Tectonic for
 * Llama 3, 2 TB/s sustained for 16,384 GPUs (Llama 3 paper,
 * arXiv:2407.21783) = 2000 GB/s / 2048 nodes of 8 = 0.98 GB/s per node
 * (derived). */
static const double storage_mb_s[RP_N_STORAGES] = {
  150, 550, 3500, 7000, 10000, 980,
};

/* ---- public API ----------------------------------------------------- */

/* NVIDIA's reference clusters give each Hopper or Blackwell GPU one
 * 400 Gb/s NDR port (DGX H100 and DGX B200 user guides: 8 × ConnectX-7)
 * and each A100 one 200 Gb/s HDR port (DGX A100 user guide: 8 ×
 * ConnectX-6); other datacenter cards are given HDR, the older fabric.
 * Workstation and consumer cards have no reference design: 100 GbE, a
 * common choice for such clusters, is Rigplan's assumption. */
RpNetwork
rp_network_for_cluster (const char *generation,
                        gboolean    datacenter)
{
  if (!datacenter)
    return RP_NETWORK_100GBE;
  if (generation != NULL &&
      (g_ascii_strcasecmp (generation, "hopper") == 0 ||
       g_ascii_strcasecmp (generation, "blackwell") == 0))
    return RP_NETWORK_IB_NDR;
  return RP_NETWORK_IB_HDR;
}

RpNetwork
rp_network_for_gpu (const RpGpu *gpu)
{
  g_return_val_if_fail (gpu != NULL, RP_NETWORK_IB_HDR);

  /* rp_network_for_cluster() with the generation the loader resolved */
  if (gpu->segment != RP_SEGMENT_DATACENTER)
    return RP_NETWORK_100GBE;
  if (rp_gpu_generation_is (gpu, RP_GPU_GEN_HOPPER) ||
      rp_gpu_generation_is (gpu, RP_GPU_GEN_BLACKWELL))
    return RP_NETWORK_IB_NDR;
  return RP_NETWORK_IB_HDR;
}

double
rp_link_peak_bytes_s (RpLink link)
{
  switch (link)
    {
    case RP_LINK_PCIE3:
      return pcie_x16_bytes_s[3];
    case RP_LINK_PCIE4:
      return pcie_x16_bytes_s[4];
    case RP_LINK_PCIE5:
      return pcie_x16_bytes_s[5];
    case RP_LINK_NVLINK2:
      return nvlink2_bytes_s;
    case RP_LINK_NVLINK3:
      return nvlink3_bytes_s;
    case RP_LINK_NVLINK4:
      return nvlink4_bytes_s;
    case RP_LINK_NVLINK5:
      return nvlink5_bytes_s;
    case RP_LINK_INFINITY_FABRIC:
      return infinity_fabric_bytes_s;
    case RP_N_LINKS:
    default:
      g_return_val_if_reached (pcie_x16_bytes_s[4]);
    }
}

double
rp_link_busbw_bytes_s (RpLink link)
{
  gboolean pcie = link == RP_LINK_PCIE3 || link == RP_LINK_PCIE4 || link == RP_LINK_PCIE5;

  return rp_link_peak_bytes_s (link) * (pcie ? pcie_busbw_fraction : nvlink_busbw_fraction);
}

double
rp_link_gpu_busbw_bytes_s (RpLink       link,
                           const RpGpu *gpu)
{
  RpLink own;
  gboolean pcie = link == RP_LINK_PCIE3 || link == RP_LINK_PCIE4 || link == RP_LINK_PCIE5;

  g_return_val_if_fail (gpu != NULL, rp_link_busbw_bytes_s (link));

  if (pcie || !(gpu->interconnect_gb_s > 0) || !rp_gpu_link (gpu, &own) || own != link)
    return rp_link_busbw_bytes_s (link);
  /* the catalog's figure is both directions together */
  return gpu->interconnect_gb_s / 2 * 1e9 * nvlink_busbw_fraction;
}

double
rp_pcie_host_bytes_s (guint pcie_gen)
{
  /* An unknown generation: assume Gen4, the most common in the catalog. */
  if (pcie_gen < 3 || pcie_gen >= G_N_ELEMENTS (pcie_x16_bytes_s))
    pcie_gen = 4;
  return pcie_x16_bytes_s[pcie_gen] * pcie_host_fraction;
}

double
rp_network_nic_bytes_s (RpNetwork network)
{
  g_return_val_if_fail ((guint) network < RP_N_NETWORKS, 0);
  return nic_bits_s[network] / 8;
}

guint
rp_network_nics_per_node (RpNetwork network,
                          guint     gpus_per_node)
{
  g_return_val_if_fail ((guint) network < RP_N_NETWORKS, 0);

  switch (network)
    {
    case RP_NETWORK_NONE:
      return 0;
    case RP_NETWORK_200GBE:
    case RP_NETWORK_400GBE:
    case RP_NETWORK_IB_HDR:
    case RP_NETWORK_IB_NDR:
      /* DGX A100/H100 reference design: one compute NIC per GPU
       * (NVIDIA DGX A100 and DGX H100 user guides, 8 single-port NICs). */
      return MAX (gpus_per_node, 1);
    case RP_NETWORK_4X100G:
      /* AWS p4d/p4de: 400 Gb/s of EFA a node (AWS, "Amazon EC2 P4d
       * instances deep dive", 2020) over four EFA devices of 100 Gb/s
       * (the four AWS's EKS and SageMaker guides request for p4d) */
      return 4;
    case RP_NETWORK_10GBE:
    case RP_NETWORK_25GBE:
    case RP_NETWORK_100GBE:
    case RP_N_NETWORKS:
    default:
      return 1;
    }
}

double
rp_network_node_busbw_bytes_s (RpNetwork network,
                               guint     gpus_per_node)
{
  return rp_network_nic_bytes_s (network) * rp_network_nics_per_node (network, gpus_per_node) *
         network_busbw_fraction;
}

double
rp_storage_read_bytes_s (RpStorage storage)
{
  g_return_val_if_fail ((guint) storage < RP_N_STORAGES, 0);
  return storage_mb_s[storage] * mb;
}

double
rp_comm_allreduce_s (double bytes,
                     guint  n,
                     double busbw_bytes_s)
{
  g_return_val_if_fail (busbw_bytes_s > 0, 0);
  if (n <= 1)
    return 0;
  return 2.0 * (n - 1) / n * bytes / busbw_bytes_s;
}

double
rp_comm_reduce_scatter_s (double bytes,
                          guint  n,
                          double busbw_bytes_s)
{
  g_return_val_if_fail (busbw_bytes_s > 0, 0);
  if (n <= 1)
    return 0;
  return (double) (n - 1) / n * bytes / busbw_bytes_s;
}

double
rp_comm_all_gather_s (double bytes,
                      guint  n,
                      double busbw_bytes_s)
{
  return rp_comm_reduce_scatter_s (bytes, n, busbw_bytes_s);
}

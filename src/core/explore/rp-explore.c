/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-explore.c: "what if" — the scenario on another machine, and sweeps */

#include "config.h"

#include "rp-explore.h"
#include "rp-explore-private.h"

#include "rp-cost-model.h"
#include "rp-links.h"
#include "rp-model.h"
#include "rp-scenario.h"

#include <math.h>
#include <string.h>

/* Servers hold 8 GPUs (HGX/DGX baseboards, 8-slot PCIe chassis); beyond
 * that a machine adds nodes. */
static const guint max_gpus_per_server = 8;

/* ---- helpers -------------------------------------------------------- */

static RpLink
pcie_link (guint pcie_gen)
{
  switch (pcie_gen)
    {
    case 3:
      return RP_LINK_PCIE3;
    case 5:
    case 6:
      return RP_LINK_PCIE5;
    default:
      return RP_LINK_PCIE4;
    }
}

/* Which GPUs of a node the GPU's own link joins: the catalog's
 * link_scope (each entry cites the data sheet or the baseboard's guide).
 * A GPU the file says nothing about (a user's entry) is guessed as
 * before: SXM modules and Blackwell datacenter parts sit on NVSwitch
 * baseboards, other NVLink cards take two-way bridges. */
static RpLinkScope
link_scope (const RpGpu *gpu)
{
  if (gpu->link_scope != RP_LINK_SCOPE_UNKNOWN)
    return gpu->link_scope;
  if (gpu->id != NULL && strstr (gpu->id, "sxm") != NULL)
    return RP_LINK_SCOPE_NODE;
  if (gpu->segment == RP_SEGMENT_DATACENTER && gpu->generation != NULL &&
      g_ascii_strcasecmp (gpu->generation, "blackwell") == 0)
    return RP_LINK_SCOPE_NODE;
  return RP_LINK_SCOPE_PAIR;
}

static gboolean
split_fits (const RpScenario  *s,
            const RpModelArch *arch)
{
  const RpTraining *t = &s->training;
  guint n = rp_scenario_n_gpus (s);

  if (t->tensor_parallel > s->hardware.gpus_per_node || n % (t->tensor_parallel *
                                                             t->pipeline_parallel) != 0)
    return FALSE;
  if (arch != NULL && rp_model_kind_is_transformer (arch->kind) &&
      (arch->heads % t->tensor_parallel != 0 ||
       t->pipeline_parallel > rp_model_total_layers (arch)))
    return FALSE;
  return TRUE;
}

/* Prices typed for another GPU, node or cluster are not this machine's:
 * the field table says which part of the machine each belongs to. */
static void
drop_user_prices (RpScenario *s,
                  gboolean    gpu_changed,
                  gboolean    node_changed,
                  gboolean    cluster_changed)
{
  RpFieldFlags of = (gpu_changed ? RP_FIELD_OF_GPU : 0) | (node_changed ? RP_FIELD_OF_NODE : 0) |
                    (cluster_changed ? RP_FIELD_OF_CLUSTER : 0);

  if (of != 0)
    rp_scenario_drop_prices (s, of);
}

/* What rp_explore_move() sets on @s, a copy of @scenario, but its
 * strings (the GPU and the typed prices). */
static gboolean
place_machine (RpScenario        *s,
               const RpScenario  *scenario,
               const RpModelArch *arch,
               const RpGpu       *gpu,
               guint              gpus_per_node,
               guint              nodes)
{
  RpTraining *t = &s->training;
  gboolean gpu_changed = g_strcmp0 (gpu->id, scenario->hardware.gpu) != 0;
  guint dp;

  s->hardware.gpus_per_node = gpus_per_node;
  s->hardware.nodes = nodes;
  if (gpu_changed || gpus_per_node != scenario->hardware.gpus_per_node)
    s->hardware.intra_link = gpu_changed || scenario->hardware.gpus_per_node <= 1
                             ? rp_explore_gpu_link (gpu, gpus_per_node)
                             : s->hardware.intra_link;
  if (nodes <= 1)
    s->hardware.network = RP_NETWORK_NONE;
  else if (s->hardware.network == RP_NETWORK_NONE)
    s->hardware.network = rp_network_for_gpu (gpu);
  if (!split_fits (s, arch))
    {
      t->tensor_parallel = t->pipeline_parallel = 1;
      t->sequence_parallel = FALSE;
    }
  dp = rp_scenario_data_parallel (s);
  if (t->global_batch < dp)
    return FALSE;
  t->micro_batch = MIN (t->micro_batch, t->global_batch / dp);
  return TRUE;
}

/* ---- public API ----------------------------------------------------- */

RpLink
rp_explore_gpu_link (const RpGpu *gpu,
                     guint        gpus_per_node)
{
  RpLink link;

  g_return_val_if_fail (gpu != NULL, RP_LINK_PCIE4);

  if (!rp_gpu_link (gpu, &link))
    return pcie_link (gpu->pcie_gen);
  switch (link_scope (gpu))
    {
    case RP_LINK_SCOPE_NONE:
      return pcie_link (gpu->pcie_gen);
    case RP_LINK_SCOPE_PAIR:
      /* a ring over more than two bridged cards crosses PCIe */
      return gpus_per_node > 2 ? pcie_link (gpu->pcie_gen) : link;
    case RP_LINK_SCOPE_NODE:
    case RP_LINK_SCOPE_UNKNOWN:
    case RP_N_LINK_SCOPES:
    default:
      return link;
    }
}

gboolean
rp_explore_layout (const RpScenario *scenario,
                   guint             count,
                   guint            *gpus_per_node,
                   guint            *nodes)
{
  guint per;

  g_return_val_if_fail (scenario != NULL && gpus_per_node != NULL && nodes != NULL, FALSE);

  if (count == 0)
    return FALSE;
  if (count == rp_scenario_n_gpus (scenario))
    {
      *gpus_per_node = scenario->hardware.gpus_per_node;
      *nodes = scenario->hardware.nodes;
      return TRUE;
    }
  per = MIN (count, MAX (scenario->hardware.gpus_per_node, max_gpus_per_server));
  if (count % per != 0)
    return FALSE;
  *gpus_per_node = per;
  *nodes = count / per;
  return TRUE;
}

RpScenario *
rp_explore_move (const RpScenario *scenario,
                 const RpCatalog  *catalog,
                 const RpGpu      *gpu,
                 guint             gpus_per_node,
                 guint             nodes)
{
  g_autoptr(RpScenario) s = NULL;
  RpModelArch arch;
  gboolean gpu_changed, have_arch;

  g_return_val_if_fail (scenario != NULL && catalog != NULL && gpu != NULL, NULL);
  g_return_val_if_fail (gpus_per_node > 0 && nodes > 0, NULL);

  s = rp_scenario_copy (scenario);
  gpu_changed = g_strcmp0 (gpu->id, scenario->hardware.gpu) != 0;
  drop_user_prices (s, gpu_changed, gpus_per_node != scenario->hardware.gpus_per_node,
                    nodes != scenario->hardware.nodes);
  rp_scenario_set_gpu (s, gpu->id);
  have_arch = rp_model_resolve (&s->model, catalog, &arch, NULL);
  if (!place_machine (s, scenario, have_arch ? &arch : NULL, gpu, gpus_per_node, nodes))
    return NULL;
  return g_steal_pointer (&s);
}

gboolean
rp_explore_place (RpScenario        *out,
                  const RpScenario  *scenario,
                  const RpModelArch *arch,
                  const RpGpu       *gpu,
                  guint              gpus_per_node,
                  guint              nodes)
{
  g_return_val_if_fail (out != NULL && scenario != NULL && gpu != NULL, FALSE);
  g_return_val_if_fail (gpus_per_node > 0 && nodes > 0, FALSE);

  *out = *scenario;
  out->hardware.gpu = (char *) gpu->id;    /* borrowed, as every string of @out */
  return place_machine (out, scenario, arch, gpu, gpus_per_node, nodes);
}

RpEstimate *
rp_explore_estimate_on (const RpScenario *scenario,
                        const RpCatalog  *catalog,
                        const RpGpu      *gpu,
                        guint             gpus_per_node,
                        guint             nodes)
{
  g_autoptr(RpScenario) moved = NULL;
  g_autoptr(RpEstimate) est = NULL;

  g_return_val_if_fail (scenario != NULL && catalog != NULL && gpu != NULL, NULL);

  moved = rp_explore_move (scenario, catalog, gpu, gpus_per_node, nodes);
  if (moved == NULL)
    return NULL;
  est = rp_estimate_new ();
  if (!rp_estimate_compute (moved, catalog, est, NULL))
    return NULL;
  return g_steal_pointer (&est);
}

/* ---- public API: choosing GPUs -------------------------------------- */

static int
compare_gpu_memory (gconstpointer a,
                    gconstpointer b,
                    gpointer      user_data)
{
  const RpGpu *ga = *(const RpGpu * const *) a;
  const RpGpu *gb = *(const RpGpu * const *) b;
  const RpGpu *own = user_data;
  gboolean va, vb;

  if (ga->memory_gib != gb->memory_gib)
    return ga->memory_gib < gb->memory_gib ? -1 : 1;
  /* Same size: the own vendor first, then the faster card. */
  va = g_strcmp0 (ga->vendor, own->vendor) == 0;
  vb = g_strcmp0 (gb->vendor, own->vendor) == 0;
  if (va != vb)
    return va ? -1 : 1;
  if (ga->tflops_bf16 != gb->tflops_bf16)
    return ga->tflops_bf16 > gb->tflops_bf16 ? -1 : 1;
  return g_strcmp0 (ga->id, gb->id);
}

static gboolean
has_memory_size (GPtrArray *gpus,
                 double     memory_gib)
{
  for (guint i = 0; i < gpus->len; i++)
    if (((const RpGpu *) g_ptr_array_index (gpus, i))->memory_gib == memory_gib)
      return TRUE;
  return FALSE;
}

static GPtrArray *
other_gpus (const RpScenario *scenario,
            const RpCatalog  *catalog,
            const RpGpu      *own)
{
  GPtrArray *all = g_ptr_array_new ();

  for (guint i = 0; i < rp_catalog_n_gpus (catalog); i++)
    {
      const RpGpu *g = rp_catalog_get_gpu (catalog, i);

      if (g == own || g_strcmp0 (g->id, own->id) == 0 || g->memory_gib <= 0 ||
          !rp_gpu_supports_precision (g, scenario->training.precision))
        continue;
      g_ptr_array_add (all, (gpointer) g);
    }
  g_ptr_array_sort_with_data (all, compare_gpu_memory, (gpointer) own);
  return all;
}

GPtrArray *
rp_explore_pick_gpus (const RpScenario *scenario,
                      const RpCatalog  *catalog,
                      const RpGpu      *own,
                      gboolean          own_fits,
                      guint             max_n)
{
  g_autoptr(GPtrArray) all = NULL;
  GPtrArray *picked;
  const RpGpu *smaller = NULL;
  guint same_segment = 0;

  g_return_val_if_fail (scenario != NULL && catalog != NULL && own != NULL, NULL);

  picked = g_ptr_array_new ();
  g_ptr_array_add (picked, (gpointer) own);
  all = other_gpus (scenario, catalog, own);
  for (guint i = 0; i < all->len && picked->len < max_n && same_segment < 2; i++)
    {
      const RpGpu *g = g_ptr_array_index (all, i);

      if (g->segment == own->segment && g->memory_gib > own->memory_gib &&
          !has_memory_size (picked, g->memory_gib))
        {
          g_ptr_array_add (picked, (gpointer) g);
          same_segment++;
        }
    }
  if (own_fits)
    for (guint i = 0; i < all->len; i++)
      {
        const RpGpu *g = g_ptr_array_index (all, i);

        if (g->segment == own->segment && g->memory_gib < own->memory_gib)
          smaller = g;            /* the last one is the largest */
      }
  if (smaller != NULL && picked->len < max_n)
    g_ptr_array_add (picked, (gpointer) smaller);
  for (guint i = 0; i < all->len && picked->len < max_n; i++)
    {
      const RpGpu *g = g_ptr_array_index (all, i);

      if (g->memory_gib > own->memory_gib && !has_memory_size (picked, g->memory_gib))
        g_ptr_array_add (picked, (gpointer) g);
    }
  g_ptr_array_sort_with_data (picked, compare_gpu_memory, (gpointer) own);
  return picked;
}

/* ---- public API: sweeps --------------------------------------------- */

void
rp_explore_days_by_count (const RpScenario *scenario,
                          const RpCatalog  *catalog,
                          const RpGpu      *gpu,
                          const guint      *counts,
                          guint             n,
                          double           *out_days)
{
  g_return_if_fail (scenario != NULL && catalog != NULL && gpu != NULL);
  g_return_if_fail (n == 0 || (counts != NULL && out_days != NULL));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(RpEstimate) est = NULL;
      guint per = 0, nodes = 0;

      out_days[i] = NAN;
      if (!rp_explore_layout (scenario, counts[i], &per, &nodes))
        continue;
      est = rp_explore_estimate_on (scenario, catalog, gpu, per, nodes);
      if (est == NULL || !est->compute.computed || !(est->compute.days > 0) ||
          (est->memory.computed && est->memory.verdict == RP_VERDICT_DOES_NOT_FIT))
        continue;
      out_days[i] = est->compute.days;
    }
}

gboolean
rp_explore_break_even_by_utilization (const RpScenario *scenario,
                                      const RpCatalog  *catalog,
                                      const RpEstimate *est,
                                      const double     *utilization_pcts,
                                      guint             n,
                                      double           *out_months)
{
  RpCostInputs in;
  RpPrices prices;

  g_return_val_if_fail (scenario != NULL && catalog != NULL && est != NULL, FALSE);
  g_return_val_if_fail (n == 0 || (utilization_pcts != NULL && out_months != NULL), FALSE);

  if (!rp_cost_model_gather_inputs (scenario, catalog, est, &prices, &in) ||
      !rp_cost_inputs_validate (&in, NULL))
    return FALSE;
  for (guint i = 0; i < n; i++)
    out_months[i] = rp_cost_break_even_months (&in, CLAMP (utilization_pcts[i], 0, 100));
  return TRUE;
}

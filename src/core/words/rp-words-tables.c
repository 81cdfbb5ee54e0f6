/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-words-tables.c: the estimate as tables of labelled figures, and the
 * key figures
 *
 * `rigplan-cli estimate`, the window's figure cards and the PDF plan
 * take their rows from here, so a figure has one label and one format
 * wherever it is shown. */

#include "config.h"

#include "rp-words.h"

#include "rp-age.h"
#include "rp-scenario.h"
#include "rp-units.h"

#include <glib/gi18n-lib.h>
#include <math.h>

/* ---- helpers -------------------------------------------------------- */

static RpWordsRow *
add_row (GPtrArray      *rows,
         const char     *key,
         const char     *label,
         char           *value,
         char           *note)
{
  RpWordsRow *row = g_new0 (RpWordsRow, 1);

  row->key = key;
  /* the labels of parts were written indented for the terminal */
  row->label = g_strstrip (g_strdup (label));
  row->value = value;
  row->note = note;
  g_ptr_array_add (rows, row);
  return row;
}

static GPtrArray *
new_rows (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) rp_words_row_free);
}

static char *
number (double value,
        int    decimals)
{
  return rp_units_format_number (value, decimals);
}

static char *
money (double     amount,
       RpCurrency currency)
{
  return rp_units_format_money (amount, currency);
}

/* ---- memory --------------------------------------------------------- */

static RpWordsRow *
add_memory (GPtrArray  *rows,
            const char *key,
            const char *label,
            double      bytes,
            double      capacity)
{
  RpWordsRow *row = add_row (rows, key, label, rp_units_format_bytes (bytes), NULL);

  row->share = rp_units_format_percent (capacity > 0 ? 100 * bytes / capacity : 0, 1);
  return row;
}

GPtrArray *
rp_words_memory_table (const RpMemoryEstimate *m)
{
  GPtrArray *rows;
  double cap;

  g_return_val_if_fail (m != NULL, NULL);

  rows = new_rows ();
  cap = m->capacity_bytes;
  add_memory (rows, "memory.weights", _("Weights"), m->weights_bytes, cap);
  if (m->weight_copies_bytes > 0)
    add_memory (rows, "memory.weight_copies", _("Weight copies (AMP/FP8)"),
                m->weight_copies_bytes, cap);
  add_memory (rows, "memory.gradients", _("Gradients"), m->gradients_bytes, cap);
  add_memory (rows, "memory.optimizer", _("Optimizer states"), m->optimizer_bytes, cap);
  add_memory (rows, "memory.activations", _("Activations"), m->activations_bytes, cap);
  if (m->recompute_bytes > 0)
    add_memory (rows, "memory.recompute", _("Recomputed layer"), m->recompute_bytes, cap);
  add_memory (rows, "memory.logits", _("Logits and loss"),
              m->logits_bytes + m->logits_transient_bytes, cap);
  if (m->released_bytes > 0)
    add_memory (rows, "memory.released", _("Not alive at the peak"), -m->released_bytes, cap)
      ->note = g_strdup (m->peak_at_backward_end
                         ? _("The peak is at the end of backward: the activations and logits "
                             "are freed by then")
                         : _("The peak is where backward starts: the gradients are made later, "
                             "or the logits are freed before the layers are recomputed"));
  if (m->gathered_bytes > 0)
    add_memory (rows, "memory.gathered", _("Gathered layers (ZeRO-3)"), m->gathered_bytes, cap);
  if (m->reference_bytes > 0)
    add_memory (rows, "memory.reference", _("Reference model (frozen)"), m->reference_bytes, cap);
  add_memory (rows, "memory.cuda_context", _("CUDA context"), m->cuda_context_bytes, cap);
  add_memory (rows, "memory.workspace", _("cuBLAS workspace"), m->workspace_bytes, cap);
  if (m->nccl_bytes > 0)
    add_memory (rows, "memory.nccl", _("NCCL buffers"), m->nccl_bytes, cap);
  if (m->ddp_bucket_bytes > 0)
    add_memory (rows, "memory.ddp_buckets", _("Gradient buckets"), m->ddp_bucket_bytes, cap);
  add_memory (rows, "memory.fragmentation", _("Allocator fragmentation"),
              m->fragmentation_bytes, cap);
  add_memory (rows, "memory.total", _("Total"), m->total_bytes, cap)->kind = RP_WORDS_ROW_TOTAL;
  add_memory (rows, "memory.free", _("Free"), m->free_bytes, cap);
  if (m->cpu_offload_bytes > 0)
    add_row (rows, "memory.cpu_offload", _("Offloaded to CPU RAM"),
             rp_units_format_bytes (m->cpu_offload_bytes), NULL);
  return rows;
}

/* ---- time ----------------------------------------------------------- */

static RpWordsRow *
add_seconds (GPtrArray  *rows,
             const char *key,
             const char *label,
             double      seconds)
{
  RpWordsRow *row = add_row (rows, key, label, number (seconds, 3), NULL);

  row->kind = RP_WORDS_ROW_PART;
  return row;
}

/* Whole-run GPU-hours after goodput, as a range. */
static void
add_expected_gpu_hours (GPtrArray               *rows,
                        const RpComputeEstimate *c)
{
  g_autofree char *lo = rp_units_format_count (c->gpu_hours_expected_low);
  g_autofree char *hi = rp_units_format_count (c->gpu_hours_expected_high);

  add_row (rows, "compute.gpu_hours_expected", _("Expected GPU-hours"),
           c->gpu_hours_expected_low == c->gpu_hours_expected_high
           ? g_strdup (lo)
           /* TRANSLATORS: a range of GPU-hours, "2,300–2,400" */
           : g_strdup_printf (_("%s–%s"), lo, hi),
           /* TRANSLATORS: %.0f–%.0f are percentages of a run's time that trains */
           g_strdup_printf (_("goodput %.0f–%.0f %%"), 100 * c->goodput_low,
                            100 * c->goodput_high));
}

GPtrArray *
rp_words_time_table (const RpComputeEstimate *c)
{
  GPtrArray *rows;

  g_return_val_if_fail (c != NULL, NULL);

  rows = new_rows ();
  add_row (rows, "compute.flops", _("Training FLOPs"), rp_units_format_count (c->flops), NULL);
  if (c->tokens_per_s > 0)
    add_row (rows, "compute.tokens_per_s", _("Tokens per second"), number (c->tokens_per_s, 0),
             NULL);
  add_row (rows, "compute.samples_per_s", _("Samples per second"), number (c->samples_per_s, 1),
           NULL);
  add_row (rows, "compute.mfu", _("Model FLOPs utilization"),
           rp_units_format_percent (100 * c->mfu, 0), NULL);
  /* TRANSLATORS: the parts of one optimizer step, in seconds */
  add_row (rows, "compute.step_s", _("Step (s)"), number (c->step_s, 3), NULL);
  add_seconds (rows, "compute.compute_s", _("  compute"), c->compute_s);
  if (c->elementwise_s > 0)
    /* TRANSLATORS: the part of compute spent in eager PyTorch's separate
     * norm, rotary and activation kernels, seconds per step */
    add_seconds (rows, "compute.elementwise_s", _("    of it, unfused kernels"), c->elementwise_s);
  add_seconds (rows, "compute.bubble_s", _("  pipeline bubble"), c->bubble_s);
  add_seconds (rows, "compute.comm_exposed_s", _("  communication (exposed)"), c->comm_exposed_s);
  if (c->moe_s > 0)
    /* TRANSLATORS: mixture-of-experts token shuffling, seconds per step */
    add_seconds (rows, "compute.moe_s", _("  experts (routing)"), c->moe_s);
  if (c->dequant_s > 0)
    /* TRANSLATORS: QLoRA unpacking 4-bit weights, seconds per step */
    add_seconds (rows, "compute.dequant_s", _("  4-bit dequantization"), c->dequant_s);
  add_seconds (rows, "compute.optimizer_s", _("  optimizer"), c->optimizer_s);
  add_seconds (rows, "compute.data_s", _("  reading data"), c->data_s);
  add_seconds (rows, "compute.cpu_s", _("  decoding on the CPU"), c->cpu_s);
  add_row (rows, "compute.hours", _("Wall-clock time"), rp_units_format_hours (c->hours), NULL);
  add_row (rows, "compute.days", _("Days"), number (c->days, 1), NULL);
  add_row (rows, "compute.gpu_hours", _("GPU-hours"), number (c->gpu_hours, 0), NULL);
  if (c->goodput_high > 0)
    add_expected_gpu_hours (rows, c);
  add_row (rows, "compute.checkpoint_bytes", _("Checkpoint size"),
           rp_units_format_bytes (c->checkpoint_bytes), NULL);
  add_row (rows, "compute.checkpoint_s", _("Checkpoint save (s)"), number (c->checkpoint_s, 1),
           NULL);
  add_row (rows, "compute.bottleneck", _("Bottleneck"),
           g_strdup (rp_words_bottleneck (c->bottleneck)), NULL);
  return rows;
}

/* ---- the machine ---------------------------------------------------- */

static const char *
cooling_label (RpCooling cooling)
{
  switch (cooling)
    {
    case RP_COOLING_AIR:
      return _("air");
    case RP_COOLING_AIR_HIGH_DENSITY:
      return _("air, high-density racks");
    case RP_COOLING_LIQUID:
      return _("liquid");
    case RP_N_COOLINGS:
    default:
      return "?";
    }
}

static void
add_network_rows (GPtrArray   *rows,
                  const RpBom *b)
{
  RpNetwork network = RP_NETWORK_NONE;

  rp_network_from_string (b->network, &network);
  add_row (rows, "bom.nics", _("NICs"),
           g_strdup_printf ("%u × %.0f Gb/s", b->nics_per_node, b->nic_gbit_s),
           g_strdup (rp_enum_info_get_label (&rp_network_info, network)));
  add_row (rows, "bom.switch_ports", _("Switch ports (all nodes)"), number (b->switch_ports, 0),
           NULL);
}

GPtrArray *
rp_words_machine_table (const RpCatalog *catalog,
                        const RpBom     *b)
{
  const RpGpu *gpu;
  GPtrArray *rows;
  g_autofree char *power = NULL;

  g_return_val_if_fail (b != NULL, NULL);

  rows = new_rows ();
  if (!b->computed)
    return rows;
  gpu = catalog != NULL ? rp_catalog_lookup_gpu (catalog, b->gpu) : NULL;
  add_row (rows, "bom.gpus", C_("machine part", "GPUs"),
           g_strdup_printf ("%u × %s", b->gpus_per_node, gpu != NULL ? gpu->name : b->gpu), NULL);
  add_row (rows, "bom.nodes", _("Nodes"), number (b->nodes, 0), NULL);
  add_row (rows, "bom.cpu", _("CPU"),
           g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u cores, %u socket",
                                         "%u cores, %u sockets", b->cpu_sockets),
                            b->cpu_cores_per_node, b->cpu_sockets),
           /* TRANSLATORS: what the scenario entered, beside the recommendation */
           g_strdup_printf (_("(you entered %u; data needs %.0f)"), b->cpu_cores_entered,
                            ceil (b->cpu_cores_for_data)));
  add_row (rows, "bom.ram", _("System RAM"), g_strdup_printf (_("%u GB"), b->ram_gb_per_node),
           g_strdup_printf (_("(you entered %u GB)"), b->ram_gb_entered));
  add_row (rows, "bom.nvme", _("NVMe"), g_strdup_printf (_("%.0f TB"), b->nvme_tb_per_node), NULL);
  if (b->nics_per_node > 0)
    add_network_rows (rows, b);
  add_row (rows, "bom.pcie_lanes", _("PCIe lanes"), number (b->pcie_lanes_per_node, 0), NULL);
  power = number (b->power_kw_per_node, 1);
  add_row (rows, "bom.power", _("Power"), g_strdup_printf (_("%s kW at the wall"), power), NULL);
  add_row (rows, "bom.psus", _("Power supplies"),
           g_strdup_printf (_("%u × %.1f kW"), b->psus_per_node, b->psu_kw), NULL);
  add_row (rows, "bom.cooling", _("Cooling"), g_strdup (cooling_label (b->cooling)), NULL);
  return rows;
}

/* ---- cost ----------------------------------------------------------- */

/* "(catalog, DATE)" / "(yours)" after a price. */
static char *
price_origin_short (const RpPrice *p,
                    GDate         *today)
{
  switch (p->origin)
    {
    case RP_PRICE_USER:
      return g_strdup (_("(yours)"));
    case RP_PRICE_CATALOG:
      if (today != NULL && rp_price_is_stale (p->as_of, today))
        /* TRANSLATORS: where a price comes from: the catalog, and its date,
         * older than six months */
        return g_strdup_printf (_("(catalog, %s, may be stale)"), p->as_of);
      /* TRANSLATORS: where a price comes from: the catalog, and its date */
      return g_strdup_printf (_("(catalog, %s)"), p->as_of != NULL ? p->as_of : "?");
    case RP_PRICE_DEFAULT:
      return g_strdup (_("(catalog rule)"));
    case RP_PRICE_UNKNOWN:
    default:
      return g_strdup (_("(unknown)"));
    }
}

static void
add_rent_rows (GPtrArray            *rows,
               const RpCostEstimate *c,
               GDate                *today)
{
  const RpCloudOffer *o = c->prices.offer;
  g_autofree char *origin = price_origin_short (&c->prices.rent, today);
  char *detail;

  if (o != NULL && c->prices.rent.origin == RP_PRICE_CATALOG)
    /* TRANSLATORS: the rent's source: provider, offer, rental terms, then
     * where the price came from ("(catalog, 2026-10-04)") */
    detail = g_strdup_printf (_("%s %s, %s %s"), o->provider, rp_cloud_offer_get_name (o),
                              rp_enum_info_get_label (&rp_rent_kind_info, c->rent_kind), origin);
  else
    detail = g_strdup (origin);
  add_row (rows, "cost.rent_per_gpu_hour", _("Rent per GPU-hour"),
           money (c->rent_per_gpu_hour, c->currency), detail);
  if (c->run_available)
    {
      g_autofree char *billed = rp_units_format_hours (c->rent_billed_hours);
      g_autofree char *storage = money (c->rent_storage, c->currency);
      g_autofree char *egress = money (c->rent_egress, c->currency);

      add_row (rows, "cost.rent_total", _("Rent, this run"), money (c->rent_total, c->currency),
               /* TRANSLATORS: after the rent of this run, "(8 GPUs × 10.0 h billed;
                * storage $1, egress $0)" */
               g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "(%u GPU × %s billed; storage %s, egress %s)",
                                             "(%u GPUs × %s billed; storage %s, egress %s)",
                                             c->rent_billed_gpus),
                                c->rent_billed_gpus, billed, storage, egress));
    }
  else
    add_row (rows, "cost.rent_total", _("Rent, this run"), g_strdup (_("— (needs the run time)")),
             NULL);
  add_row (rows, "cost.rent_per_month", _("Rent, per month"),
           money (c->rent_per_month, c->currency), NULL);
}

/* The lines of owning per month (rp-cost-model.c), each a part. */
static void
add_month_parts (GPtrArray            *rows,
                 const RpCostEstimate *c)
{
  const struct
  {
    const char *key;
    const char *label;
    double      amount;
  } parts[] = {
    /* TRANSLATORS: the parts of owning per month, in the cost table */
    { "cost.buy_depreciation_per_month", NC_("owning per month", "depreciation"),
      c->buy_depreciation_per_month },
    { "cost.buy_maintenance_per_month", NC_("owning per month", "maintenance"),
      c->buy_maintenance_per_month },
    { "cost.buy_ops_per_month", NC_("owning per month", "operations"), c->buy_ops_per_month },
    { "cost.buy_colocation_per_month", NC_("owning per month", "colocation"),
      c->buy_colocation_per_month },
    { "cost.buy_capital_cost_per_month", NC_("owning per month", "cost of capital"),
      c->buy_capital_cost_per_month },
    { "cost.buy_energy_per_month", NC_("owning per month", "electricity"),
      c->buy_energy_per_month },
  };

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    add_row (rows, parts[i].key,
             g_dpgettext2 (GETTEXT_PACKAGE, "owning per month", parts[i].label),
             money (parts[i].amount, c->currency), NULL)->kind = RP_WORDS_ROW_PART;
}

static void
add_buy_rows (GPtrArray            *rows,
              const RpCostEstimate *c,
              GDate                *today)
{
  g_autofree char *gpus = money (c->buy_capital_gpus, c->currency);
  g_autofree char *servers = money (c->buy_capital_servers, c->currency);
  g_autofree char *network = money (c->buy_capital_network, c->currency);
  g_autofree char *gpu_origin = price_origin_short (&c->prices.gpu, today);
  g_autofree char *server_origin = price_origin_short (&c->prices.server, today);
  g_autofree char *network_origin = price_origin_short (&c->prices.network, today);
  g_autofree char *spares = money (c->buy_capital_spares, c->currency);
  char *detail;

  if (c->buy_spare_gpus == 0)
    /* TRANSLATORS: after the capital cost, "(GPUs $138,788 (catalog, 2025-03),
     * servers $40,000 (catalog rule), network $0 (yours))" */
    detail = g_strdup_printf (_("(GPUs %s %s, servers %s %s, network %s %s)"), gpus, gpu_origin,
                              servers, server_origin, network, network_origin);
  else
    /* TRANSLATORS: after the capital cost, with the spare cards bought for
     * failures: "(GPUs ¥40,000 (catalog, 2024-07-07), 4 spares ¥20,000, servers …)" */
    detail = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "(GPUs %s %s, %u spare %s, servers %s %s, network %s %s)",
                                           "(GPUs %s %s, %u spares %s, servers %s %s, network %s %s)",
                                           c->buy_spare_gpus),
                              gpus, gpu_origin, c->buy_spare_gpus, spares, servers,
                              server_origin, network, network_origin);
  add_row (rows, "cost.buy_capital", _("Capital outlay"), money (c->buy_capital, c->currency),
           detail);
  add_row (rows, "cost.buy_per_month", _("Owning, per month"),
           money (c->buy_per_month, c->currency), NULL);
  add_month_parts (rows, c);
  if (c->run_available)
    add_row (rows, "cost.buy_total", _("Owning, this run’s share"),
             money (c->buy_total, c->currency), NULL);
}

static void
add_comparison_rows (GPtrArray            *rows,
                     const RpCostEstimate *c)
{
  add_row (rows, "cost.break_even_months", _("Payback of buying (months)"),
           c->break_even_months >= 0 ? number (c->break_even_months, 1) : g_strdup (_("never")),
           NULL);
  add_row (rows, "cost.break_even_utilization_pct", _("Buying pays back from"),
           c->break_even_utilization_pct >= 0
           ? rp_units_format_percent (c->break_even_utilization_pct, 0) : g_strdup (_("never")),
           NULL);
  add_row (rows, "cost.period_saving", _("Saving by buying, whole period"),
           money (c->period_saving, c->currency), g_strdup (_("(resale counted)")));
}

static void
add_energy_rows (GPtrArray            *rows,
                 const RpCostEstimate *c)
{
  if (c->energy_available && c->run_available)
    {
      g_autofree char *kwh = number (c->energy_kwh, 0);
      g_autofree char *co2 = number (c->co2_kg, 0);

      add_row (rows, "cost.energy_kwh", _("Energy, this run"), g_strdup_printf ("%s kWh", kwh),
               /* TRANSLATORS: after the energy of this run, "(500 kg CO₂)" */
               g_strdup_printf (_("(%s kg CO₂)"), co2));
    }
  if (c->energy_available)
    {
      g_autofree char *kw = number (c->power_w / 1000.0, 1);

      add_row (rows, "cost.power_w", _("Power, incl. PUE"), g_strdup_printf ("%s kW", kw), NULL);
    }
  if (c->tflops_per_w > 0)
    {
      g_autofree char *ppw = number (c->tflops_per_w, 2);

      /* TRANSLATORS: performance per watt; %s is a number */
      add_row (rows, "cost.tflops_per_w", _("Performance per watt"),
               g_strdup_printf (_("%s TFLOP/s per W"), ppw), NULL);
    }
}

GPtrArray *
rp_words_cost_table (const RpCostEstimate *c,
                     GDate                *today)
{
  GPtrArray *rows;

  g_return_val_if_fail (c != NULL, NULL);

  rows = new_rows ();
  if (!c->computed)
    return rows;
  if (c->rent_available)
    add_rent_rows (rows, c, today);
  else
    add_row (rows, "cost.rent", _("Rent"), g_strdup (_("— (no price)")), NULL);
  if (c->buy_available)
    add_buy_rows (rows, c, today);
  else
    add_row (rows, "cost.buy", _("Buy"), g_strdup (_("— (no price)")), NULL);
  if (c->rent_available && c->buy_available)
    add_comparison_rows (rows, c);
  add_energy_rows (rows, c);
  return rows;
}

char *
rp_words_cost_heading (const RpCostEstimate *c)
{
  g_autofree char *utilization = NULL;

  g_return_val_if_fail (c != NULL, NULL);

  utilization = rp_units_format_percent (c->utilization_pct, 0);
  /* TRANSLATORS: "Cost (USD, at 60 % utilization)" (the CLI's heading line) */
  return g_strchomp (g_strdup_printf (_("Cost (%s, at %s utilization)\n"),
                                      rp_currency_to_string (c->currency), utilization));
}

/* ---- key figures ---------------------------------------------------- */

static const struct
{
  const char *name;
  const char *caption;
} figures[RP_WORDS_N_FIGURES] = {
  { "vram", N_("VRAM per GPU") },
  { "headroom", N_("Headroom") },
  { "time", N_("Training time") },
  { "throughput", N_("Throughput") },
  { "rent", N_("Rent, this run") },
  { "capital", N_("Capital outlay") },
  { "monthly", N_("Owning, per month") },
  { "payback", N_("Payback of buying") },
};

static void
set_figure (RpWordsFigureText *f,
            char              *value,
            const char        *detail)
{
  g_free (f->value);
  g_free (f->detail);
  f->value = value;
  /* TRANSLATORS: shown instead of a figure the models cannot give */
  f->detail = g_strdup (detail != NULL ? detail : value == NULL ? _("not available") : "");
}

static void
memory_figures (const RpMemoryEstimate *mem,
                RpWordsFigureText      *out)
{
  g_autofree char *capacity = rp_units_format_bytes (mem->capacity_bytes);
  g_autofree char *of = g_strdup_printf (_("of %s"), capacity);
  g_autofree char *required = rp_units_format_percent (mem->required_headroom_pct, 0);
  g_autofree char *free_text = rp_units_format_bytes (fabs (mem->free_bytes));
  g_autofree char *hd = NULL;

  if (mem->free_bytes >= 0)
    /* TRANSLATORS: free memory, then the required headroom */
    hd = g_strdup_printf (_("%s free; %s required"), free_text, required);
  else
    hd = g_strdup_printf (_("%s short"), free_text);
  set_figure (&out[RP_WORDS_FIGURE_VRAM], rp_units_format_bytes (mem->total_bytes), of);
  set_figure (&out[RP_WORDS_FIGURE_HEADROOM], rp_units_format_percent (mem->headroom_pct, 0), hd);
}

static void
time_figures (const RpScenario        *scenario,
              const RpComputeEstimate *comp,
              RpWordsFigureText       *out)
{
  guint n_gpus = rp_scenario_n_gpus (scenario);
  g_autofree char *gpu_hours = number (comp->gpu_hours, 0);
  g_autofree char *mfu = rp_units_format_percent (comp->mfu * 100, 0);
  g_autofree char *time_detail = NULL;
  g_autofree char *rate_detail = NULL;
  gboolean tokens = comp->tokens_per_s > 0;

  /* TRANSLATORS: GPU-hours, MFU, and what limits the run */
  time_detail = g_strdup_printf (_("%s GPU-hours; MFU %s, limited by %s"), gpu_hours, mfu,
                                 rp_words_bottleneck (comp->bottleneck));
  rate_detail = g_strdup_printf (tokens ? g_dngettext (GETTEXT_PACKAGE, "tokens/s on %u GPU",
                                                       "tokens/s on %u GPUs", n_gpus)
                                        : g_dngettext (GETTEXT_PACKAGE, "samples/s on %u GPU",
                                                       "samples/s on %u GPUs", n_gpus), n_gpus);
  set_figure (&out[RP_WORDS_FIGURE_TIME], rp_units_format_hours (comp->hours), time_detail);
  set_figure (&out[RP_WORDS_FIGURE_THROUGHPUT],
              rp_units_format_count (tokens ? comp->tokens_per_s : comp->samples_per_s),
              rate_detail);
}

static void
cost_figures (const RpScenario     *scenario,
              const RpCostEstimate *cost,
              RpWordsFigureText    *out)
{
  g_autofree char *rate = money (cost->rent_per_gpu_hour, cost->currency);
  g_autofree char *rent_detail = g_strdup_printf (_("%s per GPU-hour"), rate);
  g_autofree char *share = money (cost->buy_total, cost->currency);
  g_autofree char *capital_detail = g_strdup_printf (_("this run’s share: %s"), share);
  g_autofree char *utilization = rp_units_format_percent (scenario->budget.utilization_pct, 0);
  g_autofree char *month_detail = g_strdup_printf (_("at %s utilization"), utilization);
  g_autofree char *payback = number (cost->break_even_months, 1);
  gboolean run = cost->run_available;

  if (cost->rent_available && run)
    set_figure (&out[RP_WORDS_FIGURE_RENT], money (cost->rent_total, cost->currency),
                rent_detail);
  if (cost->buy_available)
    {
      set_figure (&out[RP_WORDS_FIGURE_CAPITAL], money (cost->buy_capital, cost->currency),
                  run ? capital_detail : "");
      set_figure (&out[RP_WORDS_FIGURE_MONTHLY], money (cost->buy_per_month, cost->currency),
                  month_detail);
    }
  if (!cost->rent_available || !cost->buy_available)
    return;
  if (cost->break_even_months < 0)
    /* TRANSLATORS: buying does not pay back within the depreciation period */
    set_figure (&out[RP_WORDS_FIGURE_PAYBACK], g_strdup (_("not within the period")),
                month_detail);
  else
    set_figure (&out[RP_WORDS_FIGURE_PAYBACK], g_strdup_printf (_("%s months"), payback),
                month_detail);
}

const char *
rp_words_figure_name (RpWordsFigure figure)
{
  g_return_val_if_fail ((guint) figure < RP_WORDS_N_FIGURES, NULL);
  return figures[figure].name;
}

const char *
rp_words_figure_caption (RpWordsFigure figure)
{
  g_return_val_if_fail ((guint) figure < RP_WORDS_N_FIGURES, NULL);
  return _(figures[figure].caption);
}

void
rp_words_figures (const RpScenario  *scenario,
                  const RpEstimate  *est,
                  RpWordsFigureText  out[RP_WORDS_N_FIGURES])
{
  g_return_if_fail (scenario != NULL && out != NULL);

  for (guint i = 0; i < RP_WORDS_N_FIGURES; i++)
    {
      out[i].name = figures[i].name;
      out[i].caption = _(figures[i].caption);
      out[i].value = NULL;
      out[i].detail = NULL;
      set_figure (&out[i], NULL, NULL);
    }
  if (est == NULL)
    return;
  if (est->memory.computed)
    memory_figures (&est->memory, out);
  if (est->compute.computed)
    time_figures (scenario, &est->compute, out);
  if (est->cost.computed)
    cost_figures (scenario, &est->cost, out);
}

void
rp_words_figures_clear (RpWordsFigureText out[RP_WORDS_N_FIGURES])
{
  g_return_if_fail (out != NULL);

  for (guint i = 0; i < RP_WORDS_N_FIGURES; i++)
    {
      g_clear_pointer (&out[i].value, g_free);
      g_clear_pointer (&out[i].detail, g_free);
    }
}

void
rp_words_row_free (RpWordsRow *row)
{
  if (row == NULL)
    return;
  g_free (row->label);
  g_free (row->value);
  g_free (row->share);
  g_free (row->note);
  g_free (row);
}

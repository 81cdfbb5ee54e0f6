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
#include "rp-format.h"
#include "rp-gettext.h"
#include "rp-scenario.h"
#include "rp-units.h"

#include <math.h>
#include <string.h>

/* ---- helpers -------------------------------------------------------- */

static RpWordsRow *
add_row (GPtrArray      *rows,
         const char     *key,
         const char     *label,
         char           *value,
         char           *note)
{
  RpWordsRow *row;
  gsize len;

  /* the labels of parts were written indented for the terminal: the
   * label without the spaces around it (g_strstrip), kept right after
   * the row in the row's own block (one allocation fewer a row) */
  while (g_ascii_isspace (*label))
    label++;
  len = strlen (label);
  while (len > 0 && g_ascii_isspace (label[len - 1]))
    len--;
  row = g_malloc (sizeof *row + len + 1);
  row->key = key;
  row->label = memcpy (row + 1, label, len);
  row->label[len] = '\0';
  row->value = value;
  row->share = NULL;
  row->note = note;
  row->kind = RP_WORDS_ROW_PLAIN;
  g_ptr_array_add (rows, row);
  return row;
}

static GPtrArray *
new_rows (void)
{
  /* room for the longest table (about 20 rows): no growing */
  return g_ptr_array_new_full (32, (GDestroyNotify) rp_words_row_free);
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

/* ---- memory ------------------------------------------------------- */

/* A row of the figure @key: its label and its text from the figure
 * table. */
static RpWordsRow *
add_figure (GPtrArray        *rows,
            const RpEstimate *est,
            const char       *key,
            RpDuration        duration)
{
  const RpFigure *figure = rp_figures_lookup (key);
  double value;

  g_assert (figure != NULL);
  return add_row (rows, key, rp_words_figure_label (figure),
                  rp_figure_get (figure, est, &value)
                  ? rp_words_figure_value (figure, value, est->cost.currency, duration)
                  : g_strdup ("—"), NULL);
}

static RpWordsRow *
add_memory (GPtrArray        *rows,
            const RpEstimate *est,
            const char       *key)
{
  RpWordsRow *row = add_figure (rows, est, key, RP_DURATION_HOURS);
  double capacity = est->memory.capacity_bytes;
  double bytes = rp_figures_value (est, key);

  row->share = rp_units_format_percent (capacity > 0 ? 100 * bytes / capacity : 0, 1);
  return row;
}

/* A part that is shown only when the configuration has it. */
static void
add_memory_part (GPtrArray        *rows,
                 const RpEstimate *est,
                 const char       *key)
{
  if (rp_figures_value (est, key) > 0)
    add_memory (rows, est, key);
}

static void
add_released (GPtrArray        *rows,
              const RpEstimate *est)
{
  const RpMemoryEstimate *m = &est->memory;
  RpWordsRow *row;

  if (!(m->released_bytes > 0))
    return;
  row = add_memory (rows, est, "memory.released");
  /* the parts above add up to more than the peak: this much less */
  g_free (row->value);
  row->value = rp_units_format_bytes (-m->released_bytes);
  g_free (row->share);
  row->share = rp_units_format_percent (m->capacity_bytes > 0
                                        ? -100 * m->released_bytes / m->capacity_bytes : 0, 1);
  row->note = g_strdup (m->peak_at_backward_end
                        ? _("The peak is at the end of backward: the activations and logits "
                            "are freed by then")
                        : _("The peak is where backward starts: the gradients are made later, "
                            "or the logits are freed before the layers are recomputed"));
}

GPtrArray *
rp_words_memory_table (const RpEstimate *est)
{
  GPtrArray *rows;

  g_return_val_if_fail (est != NULL, NULL);

  rows = new_rows ();
  if (!est->memory.computed)
    return rows;
  add_memory (rows, est, "memory.weights");
  add_memory_part (rows, est, "memory.weight_copies");
  add_memory (rows, est, "memory.gradients");
  add_memory (rows, est, "memory.optimizer");
  add_memory (rows, est, "memory.activations");
  add_memory_part (rows, est, "memory.recompute");
  add_memory (rows, est, "memory.logits");
  add_released (rows, est);
  add_memory_part (rows, est, "memory.gathered");
  add_memory_part (rows, est, "memory.reference");
  add_memory (rows, est, "memory.overhead_lines.cuda_context");
  add_memory (rows, est, "memory.overhead_lines.workspace");
  add_memory_part (rows, est, "memory.overhead_lines.nccl");
  add_memory_part (rows, est, "memory.overhead_lines.ddp_buckets");
  add_memory (rows, est, "memory.overhead_lines.fragmentation");
  /* the user's measurement corrects the sum (rp-calibrated.h) */
  if (est->memory.calibration_bytes != 0)
    add_memory (rows, est, "memory.overhead_lines.calibration");
  add_memory (rows, est, "memory.total")->kind = RP_WORDS_ROW_TOTAL;
  /* the band around the total, as published runs like it were off */
  if (est->memory.band.known)
    {
      add_memory (rows, est, "memory.total_low")->kind = RP_WORDS_ROW_PART;
      add_memory (rows, est, "memory.total_high")->kind = RP_WORDS_ROW_PART;
    }
  add_memory (rows, est, "memory.free");
  if (est->memory.cpu_offload_bytes > 0)
    add_figure (rows, est, "memory.cpu_offload", RP_DURATION_HOURS);
  return rows;
}

/* ---- time --------------------------------------------------------- */

/* A part of the step, shown when the run has it. */
static void
add_step_part (GPtrArray        *rows,
               const RpEstimate *est,
               const char       *key,
               gboolean          always)
{
  if (always || rp_figures_value (est, key) > 0)
    add_figure (rows, est, key, RP_DURATION_HOURS)->kind = RP_WORDS_ROW_PART;
}

/* A figure with its band as the note ("likely 2.1–2.9 days"). */
static void
add_banded (GPtrArray        *rows,
            const RpEstimate *est,
            const char       *key,
            RpDuration        duration)
{
  add_figure (rows, est, key, duration)->note = rp_words_band (est, key, duration);
}

/* Whole-run GPU-hours after goodput, as a range. */
static void
add_expected_gpu_hours (GPtrArray        *rows,
                        const RpEstimate *est)
{
  const RpComputeEstimate *c = &est->compute;
  g_autofree char *lo = rp_words_figure (est, "compute.gpu_hours_expected_low",
                                         RP_DURATION_HOURS);
  g_autofree char *hi = rp_words_figure (est, "compute.gpu_hours_expected_high",
                                         RP_DURATION_HOURS);

  /* ends that read the same ("5–5") are one figure */
  add_row (rows, "compute.gpu_hours_expected", _("Expected GPU-hours"),
           g_strcmp0 (lo, hi) == 0
           ? g_strdup (lo)
           /* TRANSLATORS: a range of GPU-hours, "2,300–2,400" */
           : g_strdup_printf (_("%s–%s"), lo, hi),
           /* TRANSLATORS: %.0f–%.0f are percentages of a run's time that trains */
           g_strdup_printf (_("goodput %.0f–%.0f %%"), 100 * c->goodput_low,
                            100 * c->goodput_high));
}

GPtrArray *
rp_words_time_table (const RpEstimate *est)
{
  const RpComputeEstimate *c;
  RpDuration duration;
  GPtrArray *rows;

  g_return_val_if_fail (est != NULL, NULL);

  rows = new_rows ();
  c = &est->compute;
  if (!c->computed)
    return rows;
  duration = rp_words_duration_of (est);
  add_figure (rows, est, "compute.flops", duration);
  if (c->tokens_per_s > 0)
    add_banded (rows, est, "compute.tokens_per_s", duration);
  add_banded (rows, est, "compute.samples_per_s", duration);
  add_figure (rows, est, "compute.mfu", duration);
  add_banded (rows, est, "compute.step_s", duration);
  add_step_part (rows, est, "compute.compute_s", TRUE);
  /* the part of compute spent in eager PyTorch's separate kernels */
  add_step_part (rows, est, "compute.elementwise_s", FALSE);
  add_step_part (rows, est, "compute.bubble_s", TRUE);
  add_step_part (rows, est, "compute.comm_exposed_s", TRUE);
  add_step_part (rows, est, "compute.moe_s", FALSE);
  add_step_part (rows, est, "compute.host_s", FALSE);
  add_step_part (rows, est, "compute.dequant_s", FALSE);
  add_step_part (rows, est, "compute.optimizer_s", TRUE);
  add_step_part (rows, est, "compute.data_s", TRUE);
  add_step_part (rows, est, "compute.data_pipeline.cpu_s", TRUE);
  add_banded (rows, est, "compute.days", duration);
  add_banded (rows, est, "compute.gpu_hours", duration);
  if (c->goodput_high > 0)
    add_expected_gpu_hours (rows, est);
  add_figure (rows, est, "compute.checkpoint_bytes", duration);
  add_figure (rows, est, "compute.checkpoint_s", duration);
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
add_rent_rows (GPtrArray        *rows,
               const RpEstimate *est,
               GDate            *today)
{
  const RpCostEstimate *c = &est->cost;
  const RpCloudOffer *o = c->prices.offer;
  g_autofree char *origin = price_origin_short (&c->prices.rent, today);
  RpDuration duration = rp_words_duration_of (est);
  RpWordsRow *row;

  row = add_figure (rows, est, "cost.rent_per_gpu_hour", duration);
  if (o != NULL && c->prices.rent.origin == RP_PRICE_CATALOG)
    /* TRANSLATORS: the rent's source: provider, offer, rental terms, then
     * where the price came from ("(catalog, 2026-10-04)") */
    row->note = g_strdup_printf (_("%s %s, %s %s"), o->provider, rp_cloud_offer_get_name (o),
                                 rp_enum_info_get_label (&rp_rent_kind_info, c->rent_kind),
                                 origin);
  else
    row->note = g_strdup (origin);
  row = add_figure (rows, est, "cost.rent_total", duration);
  if (c->run_available)
    {
      g_autofree char *billed = rp_units_format_duration (c->rent_billed_hours, duration);
      g_autofree char *storage = money (c->rent_storage, c->currency);
      g_autofree char *egress = money (c->rent_egress, c->currency);

      /* TRANSLATORS: after the rent of this run, "(8 GPUs × 10.0 h billed;
       * storage $1, egress $0)" */
      row->note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                "(%u GPU × %s billed; storage %s, egress %s)",
                                                "(%u GPUs × %s billed; storage %s, egress %s)",
                                                c->rent_billed_gpus),
                                   c->rent_billed_gpus, billed, storage, egress);
    }
  else
    {
      g_free (row->value);
      row->value = g_strdup (_("— (needs the run time)"));
    }
  add_figure (rows, est, "cost.rent_per_month", duration);
}

/* The lines of owning per month (rp-cost-model.c), each a part. */
static void
add_month_parts (GPtrArray        *rows,
                 const RpEstimate *est)
{
  static const char *const parts[] = {
    "cost.buy.per_month_lines.depreciation", "cost.buy.per_month_lines.maintenance",
    "cost.buy.per_month_lines.ops", "cost.buy.per_month_lines.colocation",
    "cost.buy.per_month_lines.cost_of_capital", "cost.buy.per_month_lines.electricity",
  };

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    add_figure (rows, est, parts[i], RP_DURATION_HOURS)->kind = RP_WORDS_ROW_PART;
}

static char *
capital_note (const RpCostEstimate *c,
              GDate                *today)
{
  g_autofree char *gpus = money (c->buy_capital_gpus, c->currency);
  g_autofree char *servers = money (c->buy_capital_servers, c->currency);
  g_autofree char *network = money (c->buy_capital_network, c->currency);
  g_autofree char *gpu_origin = price_origin_short (&c->prices.gpu, today);
  g_autofree char *server_origin = price_origin_short (&c->prices.server, today);
  g_autofree char *network_origin = price_origin_short (&c->prices.network, today);
  g_autofree char *spares = money (c->buy_capital_spares, c->currency);

  if (c->buy_spare_gpus == 0)
    /* TRANSLATORS: after the capital cost, "(GPUs $138,788 (catalog, 2025-03),
     * servers $40,000 (catalog rule), network $0 (yours))" */
    return g_strdup_printf (_("(GPUs %s %s, servers %s %s, network %s %s)"), gpus, gpu_origin,
                            servers, server_origin, network, network_origin);
  /* TRANSLATORS: after the capital cost, with the spare cards bought for
   * failures: "(GPUs ¥40,000 (catalog, 2024-07-07), 4 spares ¥20,000, servers …)" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "(GPUs %s %s, %u spare %s, servers %s %s, network %s %s)",
                                       "(GPUs %s %s, %u spares %s, servers %s %s, network %s %s)",
                                       c->buy_spare_gpus),
                          gpus, gpu_origin, c->buy_spare_gpus, spares, servers,
                          server_origin, network, network_origin);
}

static void
add_buy_rows (GPtrArray        *rows,
              const RpEstimate *est,
              GDate            *today)
{
  RpDuration duration = rp_words_duration_of (est);

  add_figure (rows, est, "cost.buy_capital", duration)->note = capital_note (&est->cost, today);
  add_figure (rows, est, "cost.buy_per_month", duration);
  add_month_parts (rows, est);
  if (est->cost.run_available)
    add_figure (rows, est, "cost.buy_total", duration);
}

static void
add_comparison_rows (GPtrArray        *rows,
                     const RpEstimate *est)
{
  static const char *const never[] = { "cost.break_even_months",
                                       "cost.break_even_utilization_pct" };
  RpDuration duration = rp_words_duration_of (est);

  for (guint i = 0; i < G_N_ELEMENTS (never); i++)
    {
      RpWordsRow *row = add_figure (rows, est, never[i], duration);

      if (isnan (rp_figures_value (est, never[i])))
        {
          g_free (row->value);
          row->value = g_strdup (_("never"));
        }
    }
  add_figure (rows, est, "cost.period_saving", duration)->note = g_strdup (_("(resale counted)"));
}

static void
add_energy_rows (GPtrArray        *rows,
                 const RpEstimate *est)
{
  const RpCostEstimate *c = &est->cost;
  RpDuration duration = rp_words_duration_of (est);

  if (c->energy_available && c->run_available)
    {
      g_autofree char *co2 = rp_words_figure (est, "cost.co2_kg", duration);

      /* TRANSLATORS: after the energy of this run, "(500 kg CO₂)" */
      add_figure (rows, est, "cost.energy_kwh", duration)->note = g_strdup_printf (_("(%s)"), co2);
    }
  if (c->energy_available)
    add_figure (rows, est, "cost.power_w", duration);
  if (c->tflops_per_w > 0)
    add_figure (rows, est, "cost.tflops_per_w", duration);
}

GPtrArray *
rp_words_cost_table (const RpEstimate *est,
                     GDate            *today)
{
  const RpCostEstimate *c;
  GPtrArray *rows;

  g_return_val_if_fail (est != NULL, NULL);

  rows = new_rows ();
  c = &est->cost;
  if (!c->computed)
    return rows;
  if (c->rent_available)
    add_rent_rows (rows, est, today);
  else
    add_row (rows, "cost.rent", _("Rent"), g_strdup (_("— (no price)")), NULL);
  if (c->buy_available)
    add_buy_rows (rows, est, today);
  else
    add_row (rows, "cost.buy", _("Buy"), g_strdup (_("— (no price)")), NULL);
  if (c->rent_available && c->buy_available)
    add_comparison_rows (rows, est);
  add_energy_rows (rows, est);
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

void
rp_words_row_free (RpWordsRow *row)
{
  if (row == NULL)
    return;
  /* the label lives in the row's block, unless one of its own replaced it */
  if (row->label != (char *) (row + 1))
    g_free (row->label);
  g_free (row->value);
  g_free (row->share);
  g_free (row->note);
  g_free (row);
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rigplan-cli.c: the command-line front end
 *
 *   rigplan-cli catalog gpus|clouds|models [--json]
 *   rigplan-cli estimate FILE.rigplan [--json]
 *
 * Output on stdout, diagnostics on stderr.  Exit status: 0 ok, 1 bad
 * input (a file or value that cannot be used), 2 usage or internal error. */

#include "config.h"

#include "rp-catalog.h"
#ifdef HAVE_CHART
#include "rp-chart.h"
#endif
#include "rp-estimate.h"
#include "rp-estimate-json.h"
#include "rp-model.h"
#include "rp-planner.h"
#include "rp-scenario.h"
#include "rp-units.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

enum
{
  EXIT_OK = 0,
  EXIT_BAD_INPUT = 1,
  EXIT_USAGE = 2,
};

static char *opt_catalog_dir = NULL;
static gboolean opt_json = FALSE;

static const GOptionEntry common_entries[] = {
  { "json", 0, 0, G_OPTION_ARG_NONE, &opt_json, N_("Print JSON for scripts"), NULL },
  { "catalog", 0, 0, G_OPTION_ARG_FILENAME, &opt_catalog_dir,
    N_("Read the bundled catalogs from DIR"), N_("DIR") },
  { NULL }
};

/* ---- helpers -------------------------------------------------------- */

static int
fail (int         status,
      const char *message)
{
  g_printerr ("rigplan-cli: %s\n", message);
  return status;
}

static int
usage_error (GOptionContext *context,
             const char     *message)
{
  g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);

  g_printerr ("rigplan-cli: %s\n\n%s", message, help);
  return EXIT_USAGE;
}

/* A bad file among the user's catalogs is a warning, not a failure: the
 * good ones load and the command goes on. */
static RpCatalog *
load_catalog (GError **error)
{
  g_autoptr(RpCatalog) catalog = NULL;
  g_autoptr(GPtrArray) problems = NULL;

  if (opt_catalog_dir == NULL)
    {
      catalog = rp_catalog_load_default_full (&problems, error);
      for (guint i = 0; problems != NULL && i < problems->len; i++)
        {
          const GError *problem = g_ptr_array_index (problems, i);

          /* TRANSLATORS: %s is "FILE: KEY: problem" */
          g_printerr (_("rigplan-cli: warning: %s\n"), problem->message);
        }
      return g_steal_pointer (&catalog);
    }
  catalog = rp_catalog_new_empty ();
  if (!rp_catalog_load_dir (catalog, opt_catalog_dir, TRUE, error))
    return NULL;
  return g_steal_pointer (&catalog);
}

static GOptionContext *
new_context (const char *parameter,
             const char *summary)
{
  GOptionContext *context = g_option_context_new (parameter);

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, common_entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, summary);
  return context;
}

static void
print_json (char *text)
{
  fputs (text, stdout);
  g_free (text);
}

/* ---- tables --------------------------------------------------------- */

/* printf's "%-28s" pads by bytes, but a CJK character is three bytes and
 * two terminal columns: these pad by display width (rp_units_pad). */

/* A line of table cells: pairs of printf-style width (negative:
 * left-aligned) and text, ended by a NULL text. */
static void
print_cells (int         width,
                const char *text,
                ...)
{
  GString *line = g_string_new (NULL);
  va_list args;

  va_start (args, text);
  while (text != NULL)
    {
      g_autofree char *cell = rp_units_pad (text, width);

      if (line->len > 0)
        g_string_append_c (line, ' ');
      g_string_append (line, cell);
      width = va_arg (args, int);
      text = va_arg (args, const char *);
    }
  va_end (args);
  /* trailing spaces of the last, left-aligned cell */
  while (line->len > 0 && line->str[line->len - 1] == ' ')
    g_string_truncate (line, line->len - 1);
  g_print ("%s\n", line->str);
  g_string_free (line, TRUE);
}

/* "  LABEL      VALUE  EXTRA": the label in 28 columns, the value
 * right-aligned in 12, then @extra if there is one. */
static void
print_row (const char *label,
           const char *value,
           const char *extra)
{
  g_autofree char *left = rp_units_pad (label, -28);
  g_autofree char *right = rp_units_pad (value, 12);

  if (extra != NULL)
    g_print ("  %s %s  %s\n", left, right, extra);
  else
    g_print ("  %s %s\n", left, right);
}

static void G_GNUC_PRINTF (2, 3)
print_rowf (const char *label,
            const char *format,
            ...)
{
  g_autofree char *value = NULL;
  va_list args;

  va_start (args, format);
  value = g_strdup_vprintf (format, args);
  va_end (args);
  print_row (label, value, NULL);
}

/* ---- names ---------------------------------------------------------- */

/* The words the app shows, not the identifiers written in files. */

static const char *
rent_kind_name (RpRentKind kind)
{
  switch (kind)
    {
    case RP_RENT_ON_DEMAND:
      return _("On demand");
    case RP_RENT_RESERVED_1Y:
      return _("Reserved, 1 year");
    case RP_RENT_RESERVED_3Y:
      return _("Reserved, 3 years");
    case RP_RENT_SPOT:
      return _("Spot");
    case RP_N_RENT_KINDS:
    default:
      return "?";
    }
}

static const char *
recompute_name (RpRecompute recompute)
{
  switch (recompute)
    {
    case RP_RECOMPUTE_NONE:
      return _("None");
    case RP_RECOMPUTE_SELECTIVE:
      return _("Selective");
    case RP_RECOMPUTE_FULL:
      return _("Full");
    case RP_N_RECOMPUTES:
    default:
      return "?";
    }
}

/* ---- catalog -------------------------------------------------------- */

static void
print_gpus (const RpCatalog *catalog)
{
  /* TRANSLATORS: column headings of "rigplan-cli catalog gpus" */
  print_cells (-18, _("ID"), -36, _("Name"), 9, _("Memory"), 9, _("BF16 TF"),
                  9, _("FP8 TF"), 7, _("TDP W"), 10, _("Price $"), 0, NULL);
  for (guint i = 0; i < rp_catalog_n_gpus (catalog); i++)
    {
      const RpGpu *g = rp_catalog_get_gpu (catalog, i);
      g_print ("%-18s %-36s %5.0f GiB %9.1f %9.1f %7.0f %10.0f\n", g->id, g->name,
               g->memory_gib, g->tflops_bf16, g->tflops_fp8, g->tdp_w, g->price_usd);
    }
}

static void
print_clouds (const RpCatalog *catalog)
{
  print_cells (-34, _("ID"), -14, _("Provider"), -16, _("GPU"), 4, C_("column", "GPUs"),
                  -4, _("Cur."), 10, _("On demand"), 10, _("Spot"), 0, NULL);
  for (guint i = 0; i < rp_catalog_n_clouds (catalog); i++)
    {
      const RpCloudOffer *o = rp_catalog_get_cloud (catalog, i);
      g_print ("%-34s %-14s %-16s %4u %-4s %10.2f %10.2f\n", o->id, o->provider, o->gpu,
               o->gpus_per_instance, rp_currency_to_string (o->currency),
               o->per_gpu_hour[RP_RENT_ON_DEMAND], o->per_gpu_hour[RP_RENT_SPOT]);
    }
}

static void
print_models (const RpCatalog *catalog)
{
  print_cells (-16, _("ID"), -28, _("Name"), -16, _("Kind"), 16, _("Parameters"),
                  7, _("Layers"), 7, _("Hidden"), 0, NULL);
  for (guint i = 0; i < rp_catalog_n_models (catalog); i++)
    {
      const RpModelPreset *m = rp_catalog_get_model (catalog, i);
      g_print ("%-16s %-28s %-16s %16" G_GUINT64_FORMAT " %7u %7u\n", m->id, m->name,
               rp_model_kind_to_string (m->arch.kind), m->published_params,
               m->arch.layers, m->arch.hidden);
    }
}

static char *
catalog_to_json (const RpCatalog *catalog,
                 const char      *which)
{
  GString *out = g_string_new ("[\n");
  guint n = 0;
  /* JSON numbers take '.', whatever decimal mark LC_NUMERIC has ("1307,4"
   * in de_DE would break every script reading this). */
  locale_t c_numeric = newlocale (LC_NUMERIC_MASK, "C", (locale_t) 0);
  locale_t saved = uselocale (c_numeric);

  /* Re-read the bundled files would lose user overrides; print the
   * merged view instead, with the fields scripts need. */
  if (strcmp (which, "gpus") == 0)
    n = rp_catalog_n_gpus (catalog);
  else if (strcmp (which, "clouds") == 0)
    n = rp_catalog_n_clouds (catalog);
  else
    n = rp_catalog_n_models (catalog);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *item = NULL;

      if (strcmp (which, "gpus") == 0)
        {
          const RpGpu *g = rp_catalog_get_gpu (catalog, i);
          item = g_strdup_printf ("{\"id\": \"%s\", \"memory_gib\": %g, \"bf16_tflops\": %g, "
                                  "\"fp8_tflops\": %g, \"tdp_w\": %g, \"price_usd\": %g}",
                                  g->id, g->memory_gib, g->tflops_bf16, g->tflops_fp8,
                                  g->tdp_w, g->price_usd);
        }
      else if (strcmp (which, "clouds") == 0)
        {
          const RpCloudOffer *o = rp_catalog_get_cloud (catalog, i);
          item = g_strdup_printf ("{\"id\": \"%s\", \"gpu\": \"%s\", \"currency\": \"%s\", "
                                  "\"on_demand\": %g, \"spot\": %g}",
                                  o->id, o->gpu, rp_currency_to_string (o->currency),
                                  o->per_gpu_hour[RP_RENT_ON_DEMAND], o->per_gpu_hour[RP_RENT_SPOT]);
        }
      else
        {
          const RpModelPreset *m = rp_catalog_get_model (catalog, i);
          item = g_strdup_printf ("{\"id\": \"%s\", \"kind\": \"%s\", \"params\": %" G_GUINT64_FORMAT "}",
                                  m->id, rp_model_kind_to_string (m->arch.kind),
                                  m->published_params);
        }
      g_string_append_printf (out, "  %s%s\n", item, i + 1 < n ? "," : "");
    }
  g_string_append (out, "]\n");
  uselocale (saved);
  freelocale (c_numeric);
  return g_string_free (out, FALSE);
}

static int
run_catalog (int    argc,
             char **argv)
{
  g_autoptr(GOptionContext) context =
    new_context (_("gpus|clouds|models"), _("List a bundled catalog (with your additions)."));
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = NULL;
  const char *which;

  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc != 2)
    return usage_error (context, _("name one catalog: gpus, clouds or models"));
  which = argv[1];
  if (strcmp (which, "gpus") != 0 && strcmp (which, "clouds") != 0 &&
      strcmp (which, "models") != 0)
    return usage_error (context, _("the catalogs are gpus, clouds and models"));
  catalog = load_catalog (&error);
  if (catalog == NULL)
    return fail (EXIT_BAD_INPUT, error->message);
  if (opt_json)
    print_json (catalog_to_json (catalog, which));
  else if (strcmp (which, "gpus") == 0)
    print_gpus (catalog);
  else if (strcmp (which, "clouds") == 0)
    print_clouds (catalog);
  else
    print_models (catalog);
  return EXIT_OK;
}

/* ---- estimate ------------------------------------------------------- */

static void
print_memory_line (const char *label,
                   double      bytes,
                   double      capacity)
{
  g_autofree char *size = rp_units_format_bytes (bytes);
  g_autofree char *share = g_strdup_printf ("%6.1f %%", capacity > 0 ? 100 * bytes / capacity : 0);

  print_row (label, size, share);
}

static void
print_memory (const RpMemoryEstimate *m)
{
  static const char *const verdicts[] = { N_("fits"), N_("tight"), N_("does not fit") };
  g_autofree char *total = rp_units_format_bytes (m->total_bytes);
  g_autofree char *capacity = rp_units_format_bytes (m->capacity_bytes);
  g_autofree char *summary = NULL;
  const double cap = m->capacity_bytes;

  g_print ("%s\n", _("Memory per GPU"));
  /* TRANSLATORS: column headings of the memory table */
  g_print ("  ");
  print_cells (-28, _("Part"), 12, _("Size"), 9, _("of GPU"), 0, NULL);
  print_memory_line (_("Weights"), m->weights_bytes, cap);
  if (m->weight_copies_bytes > 0)
    print_memory_line (_("Weight copies (AMP/FP8)"), m->weight_copies_bytes, cap);
  print_memory_line (_("Gradients"), m->gradients_bytes, cap);
  print_memory_line (_("Optimizer states"), m->optimizer_bytes, cap);
  print_memory_line (_("Activations"), m->activations_bytes, cap);
  if (m->recompute_bytes > 0)
    print_memory_line (_("Recomputed layer"), m->recompute_bytes, cap);
  print_memory_line (_("Logits and loss"), m->logits_bytes + m->logits_transient_bytes, cap);
  if (m->gathered_bytes > 0)
    print_memory_line (_("Gathered layers (ZeRO-3)"), m->gathered_bytes, cap);
  print_memory_line (_("CUDA context"), m->cuda_context_bytes, cap);
  print_memory_line (_("cuBLAS workspace"), m->workspace_bytes, cap);
  if (m->nccl_bytes > 0)
    print_memory_line (_("NCCL buffers"), m->nccl_bytes, cap);
  if (m->ddp_bucket_bytes > 0)
    print_memory_line (_("Gradient buckets"), m->ddp_bucket_bytes, cap);
  print_memory_line (_("Allocator fragmentation"), m->fragmentation_bytes, cap);
  g_print ("  %s\n", "--------------------------------------------------------");
  print_memory_line (_("Total"), m->total_bytes, cap);
  print_memory_line (_("Free"), m->free_bytes, cap);
  if (m->cpu_offload_bytes > 0)
    {
      g_autofree char *host = rp_units_format_bytes (m->cpu_offload_bytes);
      print_row (_("Offloaded to CPU RAM"), host, NULL);
    }
  /* TRANSLATORS: "23.1 GiB of 24.0 GiB: fits (headroom 4 %, 10 % required)" */
  summary = g_strdup_printf (_("%s of %s: %s (headroom %.0f %%, %.0f %% required)"), total,
                             capacity, _(verdicts[m->verdict]), m->headroom_pct,
                             m->required_headroom_pct);
  g_print ("  %s\n\n", summary);
}

static void
print_compute (const RpComputeEstimate *c)
{
  g_autofree char *time = rp_units_format_hours (c->hours);
  g_autofree char *flops = rp_units_format_count (c->flops);
  g_autofree char *checkpoint = rp_units_format_bytes (c->checkpoint_bytes);

  g_print ("%s\n", _("Time"));
  print_row (_("Training FLOPs"), flops, NULL);
  if (c->tokens_per_s > 0)
    print_rowf (_("Tokens per second"), "%12.0f", c->tokens_per_s);
  print_rowf (_("Samples per second"), "%12.1f", c->samples_per_s);
  print_rowf (_("Model FLOPs utilization"), "%11.0f %%", 100 * c->mfu);
  /* TRANSLATORS: the parts of one optimizer step, in seconds */
  print_rowf (_("Step (s)"), "%12.3f", c->step_s);
  print_rowf (_("  compute"), "%12.3f", c->compute_s);
  print_rowf (_("  pipeline bubble"), "%12.3f", c->bubble_s);
  print_rowf (_("  communication (exposed)"), "%12.3f", c->comm_exposed_s);
  print_rowf (_("  optimizer"), "%12.3f", c->optimizer_s);
  print_rowf (_("  reading data"), "%12.3f", c->data_s);
  print_rowf (_("  decoding on the CPU"), "%12.3f", c->cpu_s);
  print_row (_("Wall-clock time"), time, NULL);
  print_rowf (_("Days"), "%12.1f", c->days);
  print_rowf (_("GPU-hours"), "%12.0f", c->gpu_hours);
  print_row (_("Checkpoint size"), checkpoint, NULL);
  print_rowf (_("Checkpoint save (s)"), "%12.1f", c->checkpoint_s);
  print_rowf (_("CPU cores needed per node"), "%12.1f", c->cpu_cores_needed);
  print_rowf (_("Storage read needed (MB/s)"), "%12.0f", c->storage_read_mb_s_needed);
  print_row (_("Bottleneck"), rp_bottleneck_get_label (c->bottleneck), NULL);
  g_print ("\n");
}

static void
print_bom (const RpBom *b)
{
  g_print ("%s\n", _("Bill of materials (per node)"));
  print_rowf (C_("column", "GPUs"), "%9u × %s", b->gpus_per_node, b->gpu);
  print_rowf (_("Nodes"), "%12u", b->nodes);
  print_rowf (_("CPU cores"), "%12u", b->cpu_cores_per_node);
  print_rowf (_("System RAM"), "%9u GB", b->ram_gb_per_node);
  print_rowf (_("NVMe"), "%9.0f TB", b->nvme_tb_per_node);
  if (b->nics_per_node > 0)
    {
      RpNetwork network = RP_NETWORK_NONE;

      rp_network_from_string (b->network, &network);
      print_rowf (_("NICs"), "%5u × %.0f Gb/s %s", b->nics_per_node, b->nic_gbit_s,
                  rp_network_get_label (network));
      print_rowf (_("Switch ports (all nodes)"), "%12u", b->switch_ports);
    }
  print_rowf (_("Power"), "%9.1f kW", b->power_kw_per_node);
  g_print ("\n");
}

static void
print_cost (const RpCostEstimate *c)
{
  const char *cur = rp_currency_to_string (c->currency);
  const char *missing_run = _("— (needs the run time)");
  g_autofree char *rent = rp_units_format_money (c->rent_total, c->currency);
  g_autofree char *rent_month = rp_units_format_money (c->rent_per_month, c->currency);
  g_autofree char *storage = rp_units_format_money (c->rent_storage, c->currency);
  g_autofree char *egress = rp_units_format_money (c->rent_egress, c->currency);
  g_autofree char *buy = rp_units_format_money (c->buy_total, c->currency);
  g_autofree char *capital = rp_units_format_money (c->buy_capital, c->currency);
  g_autofree char *gpus = rp_units_format_money (c->buy_capital_gpus, c->currency);
  g_autofree char *servers = rp_units_format_money (c->buy_capital_servers, c->currency);
  g_autofree char *network = rp_units_format_money (c->buy_capital_network, c->currency);
  g_autofree char *buy_month = rp_units_format_money (c->buy_per_month, c->currency);
  g_autofree char *depreciation = rp_units_format_money (c->buy_depreciation_per_month,
                                                         c->currency);
  g_autofree char *energy_month = rp_units_format_money (c->buy_energy_per_month, c->currency);
  g_autofree char *billed = rp_units_format_hours (c->rent_billed_hours);

  /* TRANSLATORS: "Cost (USD, at 60% utilization)" */
  g_print (_("Cost (%s, at %.0f%% utilization)\n"), cur, c->utilization_pct);
  if (c->rent_available)
    {
      g_autofree char *price = NULL;

      /* TRANSLATORS: the rental price, "3.67 USD per GPU-hour (aws-p5, on-demand)" */
      price = g_strdup_printf (_("%.2f %s per GPU-hour (%s, %s)"), c->rent_per_gpu_hour, cur,
                               c->rent_offer != NULL ? c->rent_offer->id : _("custom"),
                               rent_kind_name (c->rent_kind));
      print_rowf (_("Rent price"), "%s", price);
      if (c->run_available)
        {
          g_autofree char *detail = NULL;

          /* TRANSLATORS: after the rent of this run, "(8 GPUs × 10.0 h billed;
           * storage $1, egress $0)" */
          detail = g_strdup_printf (ngettext ("(%u GPU × %s billed; storage %s, egress %s)",
                                              "(%u GPUs × %s billed; storage %s, egress %s)",
                                              c->rent_billed_gpus),
                                    c->rent_billed_gpus, billed, storage, egress);
          print_row (_("Rent, this run"), rent, detail);
        }
      else
        print_row (_("Rent, this run"), missing_run, NULL);
      print_row (_("Rent, per month"), rent_month, NULL);
    }
  else
    print_row (_("Rent"), _("— (no price)"), NULL);
  if (c->buy_available)
    {
      g_autofree char *capital_detail = NULL;
      g_autofree char *month_detail = NULL;

      /* TRANSLATORS: after the capital cost, "(GPUs $138,788, servers $32,010, network $0)" */
      capital_detail = g_strdup_printf (_("(GPUs %s, servers %s, network %s)"),
                                        gpus, servers, network);
      print_row (_("Buy, capital"), capital, capital_detail);
      /* TRANSLATORS: after the monthly cost, "(depreciation $2,500, electricity $200, …)" */
      month_detail = g_strdup_printf (_("(depreciation %s, electricity %s, …)"),
                                      depreciation, energy_month);
      print_row (_("Buy, per month"), buy_month, month_detail);
      print_row (_("Buy, this run's share"), c->run_available ? buy : missing_run, NULL);
    }
  else
    print_row (_("Buy"), _("— (no price)"), NULL);
  if (c->rent_available && c->buy_available)
    {
      if (c->break_even_months >= 0)
        print_rowf (_("Break-even (months)"), "%.1f", c->break_even_months);
      else
        print_row (_("Break-even (months)"), _("never"), NULL);
      if (c->break_even_utilization_pct >= 0)
        print_rowf (_("Buying pays off from"), "%.1f%%", c->break_even_utilization_pct);
      else
        print_row (_("Buying pays off from"), _("never"), NULL);
    }
  if (c->energy_available && c->run_available)
    {
      g_autofree char *energy = g_strdup_printf ("%.0f kWh", c->energy_kwh);
      g_autofree char *co2 = NULL;

      /* TRANSLATORS: after the energy of this run, "(500 kg CO₂)" */
      co2 = g_strdup_printf (_("(%.0f kg CO₂)"), c->co2_kg);
      print_row (_("Energy, this run"), energy, co2);
    }
  else
    print_row (_("Energy, this run"), c->energy_available ? missing_run : "—", NULL);
  if (c->energy_available)
    print_rowf (_("Power, incl. PUE"), "%.1f kW", c->power_w / 1000.0);
  if (c->tflops_per_w > 0)
    /* TRANSLATORS: performance per watt (能效比) */
    print_rowf (_("Performance per watt"), _("%.2f TFLOP/s per W"), c->tflops_per_w);
  g_print ("\n");
}

static void
print_estimate (const RpScenario *scenario,
                const RpEstimate *est)
{
  g_autofree char *params = rp_units_format_count ((double) rp_model_params (&est->arch));

  g_print ("%s\n", scenario->name);
  /* TRANSLATORS: "Model: llama-3-8b, 8.03e+09 parameters; GPU: 1 × NVIDIA … " */
  g_print (_("Model: %s, %s parameters; GPUs: %u × %s\n\n"),
           scenario->model.preset != NULL ? scenario->model.preset : _("custom"), params,
           rp_scenario_n_gpus (scenario), est->gpu->name);
  if (est->memory.computed)
    print_memory (&est->memory);
  else
    g_print ("%s\n\n", _("Memory: not computed yet"));
  if (est->compute.computed)
    print_compute (&est->compute);
  else
    g_print ("%s\n\n", _("Time: not computed yet"));
  if (est->bom.computed)
    print_bom (&est->bom);
  if (est->cost.computed)
    print_cost (&est->cost);
  else
    g_print ("%s\n\n", _("Cost: not computed yet"));
  for (guint i = 0; i < est->warnings->len; i++)
    {
      const RpWarning *w = g_ptr_array_index (est->warnings, i);
      g_print ("! %s [%s]\n", w->message, w->code);
    }
}

static int
run_estimate (int    argc,
              char **argv)
{
  g_autoptr(GOptionContext) context =
    new_context (_("FILE.rigplan"), _("Estimate memory, time and cost of one scenario."));
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = NULL;
  g_autoptr(RpScenario) scenario = NULL;
  g_autoptr(RpEstimate) est = rp_estimate_new ();

  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc != 2)
    return usage_error (context, _("name one scenario file"));
  catalog = load_catalog (&error);
  if (catalog == NULL)
    return fail (EXIT_BAD_INPUT, error->message);
  scenario = rp_scenario_load_file (argv[1], &error);
  if (scenario == NULL)
    return fail (EXIT_BAD_INPUT, error->message);
  if (!rp_estimate_compute (scenario, catalog, est, &error))
    {
      g_autofree char *message = g_strdup_printf ("%s: %s", argv[1], error->message);
      return fail (EXIT_BAD_INPUT, message);
    }
  if (opt_json)
    print_json (rp_estimate_to_json (scenario, est));
  else
    print_estimate (scenario, est);
  return EXIT_OK;
}

/* ---- plan ----------------------------------------------------------- */

static int opt_top = 10;

static const GOptionEntry plan_entries[] = {
  { "top", 0, 0, G_OPTION_ARG_INT, &opt_top, N_("Show the best N configurations (default 10)"),
    N_("N") },
  { NULL }
};

static void
print_plan (const RpScenario *scenario,
            const RpPlan     *plan)
{
  guint n = MIN ((guint) MAX (opt_top, 1), plan->candidates->len);

  g_print ("%s\n", scenario->name);
  /* TRANSLATORS: %u is how many configurations the planner estimated */
  g_print (_("%u configurations estimated; %u machines fit.\n\n"), plan->n_evaluated,
           plan->candidates->len);
  if (plan->candidates->len == 0)
    {
      g_print ("%s\n", _("Nothing fits: try a smaller model, LoRA or QLoRA, or a shorter sequence."));
      return;
    }
  /* TRANSLATORS: column headings of "rigplan-cli plan"; keep them short */
  print_cells (-3, "", -16, _("GPU"), 5, C_("column", "GPUs"), -13, _("TP×PP×ZeRO"), -9, _("Recompute"),
               10, _("Mem/GPU"), 9, _("Days"), 12, _("Cost"), 0, _("Notes"), 0, NULL);
  for (guint i = 0; i < n; i++)
    {
      const RpPlanCandidate *c = g_ptr_array_index (plan->candidates, i);
      const RpTraining *t = &c->scenario->training;
      g_autofree char *mem = rp_units_format_bytes (c->total_bytes);
      g_autofree char *cost = c->cost >= 0 ?
        rp_units_format_money (c->cost, c->scenario->budget.currency) : g_strdup ("—");
      g_autofree char *shape = g_strdup_printf ("%u×%u×%u", t->tensor_parallel,
                                                t->pipeline_parallel, t->zero_stage);
      g_autofree char *days = c->days >= 0 ? g_strdup_printf ("%.1f", c->days) : g_strdup ("—");
      g_autofree char *n_gpus = g_strdup_printf ("%u", c->n_gpus);
      g_autofree char *notes = g_strconcat (c->pareto ? _("Pareto ") : "",
                                            c->meets_deadline ? "" : _("late "),
                                            c->within_budget ? "" : _("over budget"), NULL);

      print_cells (-3, (gint) i == plan->recommended ? "→" : "", -16, c->gpu->id, 5, n_gpus,
                   -13, shape, -9, recompute_name (t->recompute), 10, mem, 9, days, 12, cost,
                   0, notes, 0, NULL);
    }
}

static int
run_plan (int    argc,
          char **argv)
{
  g_autoptr(GOptionContext) context =
    new_context (_("FILE.rigplan"),
                 _("Search GPU types, counts and parallel settings; recommend a machine."));
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = NULL;
  g_autoptr(RpScenario) scenario = NULL;
  g_autoptr(RpPlan) plan = NULL;
  RpPlanOptions options;

  g_option_context_add_main_entries (context, plan_entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc != 2)
    return usage_error (context, _("name one scenario file"));
  if (opt_top < 1)
    return usage_error (context, _("--top must be at least 1"));
  catalog = load_catalog (&error);
  if (catalog == NULL)
    return fail (EXIT_BAD_INPUT, error->message);
  scenario = rp_scenario_load_file (argv[1], &error);
  if (scenario == NULL)
    return fail (EXIT_BAD_INPUT, error->message);
  rp_plan_options_init (&options);
  plan = rp_plan_compute (scenario, catalog, &options, &error);
  if (plan == NULL)
    {
      g_autofree char *message = g_strdup_printf ("%s: %s", argv[1], error->message);
      return fail (EXIT_BAD_INPUT, message);
    }
  if (opt_json)
    print_json (rp_plan_to_json (plan, (guint) opt_top));
  else
    print_plan (scenario, plan);
  return EXIT_OK;
}

/* ---- export --------------------------------------------------------- */

#ifdef HAVE_CHART
/* The chart layer's own cap (rp-chart-export.c), checked before any work. */
static const double max_png_pixels = 100e6;

static char *opt_output = NULL;
static char *opt_chart = NULL;
static double opt_width = 0;
static double opt_height = 0;

static const GOptionEntry export_entries[] = {
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &opt_output,
    N_("Write to FILE (.pdf, .png or .svg)"), N_("FILE") },
  { "chart", 0, 0, G_OPTION_ARG_STRING, &opt_chart,
    N_("Only this chart: vram, time, cost or break-even"), N_("NAME") },
  { "width", 0, 0, G_OPTION_ARG_DOUBLE, &opt_width,
    N_("Width in pixels (PNG) or points (PDF, SVG)"), N_("W") },
  { "height", 0, 0, G_OPTION_ARG_DOUBLE, &opt_height,
    N_("Height in pixels (PNG) or points (PDF, SVG)"), N_("H") },
  { NULL }
};
#endif

static int
run_export (int    argc,
            char **argv)
{
#ifdef HAVE_CHART
  g_autoptr(GOptionContext) context =
    new_context (_("FILE.rigplan"),
                 _("Write the plan as a PDF report, or one chart as PDF, PNG or SVG."));
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = NULL;
  g_autoptr(RpScenario) scenario = NULL;
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  g_autoptr(RpChartData) data = NULL;
  g_autofree char *lower = NULL;
  RpChartKind kind = RP_CHART_VRAM;
  gboolean is_png, is_svg, is_pdf;
  double width, height;

  g_option_context_add_main_entries (context, export_entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc != 2)
    return usage_error (context, _("name one scenario file"));
  if (opt_output == NULL)
    return usage_error (context, _("name the output file with -o FILE"));
  lower = g_ascii_strdown (opt_output, -1);
  is_png = g_str_has_suffix (lower, ".png");
  is_svg = g_str_has_suffix (lower, ".svg");
  is_pdf = g_str_has_suffix (lower, ".pdf");
  if (!is_png && !is_svg && !is_pdf)
    return usage_error (context, _("the output file must end in .pdf, .png or .svg"));
  if (opt_chart != NULL && !rp_chart_kind_from_string (opt_chart, &kind))
    return usage_error (context, _("--chart must be vram, time, cost or break-even"));
  if (opt_chart == NULL && !is_pdf)
    return usage_error (context, _("name a chart with --chart for PNG and SVG"));
  if (opt_width < 0 || opt_height < 0 || opt_width > 32768 || opt_height > 32768)
    return usage_error (context, _("--width and --height must be between 1 and 32768"));
  /* PNG in pixels; PDF and SVG in points (A4 landscape). */
  width = opt_width > 0 ? opt_width : is_png ? 1200 : 842;
  height = opt_height > 0 ? opt_height : is_png ? 700 : 595;
  /* 32000 × 16000 took 21 s and 2 GB; 32768² is past what Cairo can draw */
  if (is_png && opt_chart != NULL && ceil (width) * ceil (height) > max_png_pixels)
    return usage_error (context, _("a PNG can have at most 100 million pixels "
                                   "(--width × --height)"));
  catalog = load_catalog (&error);
  if (catalog == NULL)
    return fail (EXIT_BAD_INPUT, error->message);
  scenario = rp_scenario_load_file (argv[1], &error);
  if (scenario == NULL)
    return fail (EXIT_BAD_INPUT, error->message);
  if (!rp_estimate_compute (scenario, catalog, est, &error))
    {
      g_autofree char *message = g_strdup_printf ("%s: %s", argv[1], error->message);
      return fail (EXIT_BAD_INPUT, message);
    }
  if (opt_chart == NULL)
    {
      if (!rp_chart_export_report_pdf (scenario, catalog, est, opt_output, &error))
        return fail (EXIT_BAD_INPUT, error->message);
      return EXIT_OK;
    }
  data = rp_chart_data_new (kind, scenario, catalog, est);
  if (!rp_chart_export_file (data, opt_output, width, height, NULL, &error))
    return fail (EXIT_BAD_INPUT, error->message);
  return EXIT_OK;
#else
  return fail (EXIT_USAGE, _("this rigplan-cli was built without charts (cairo, pango)"));
#endif
}

/* ---- main ----------------------------------------------------------- */

static void
print_main_help (FILE *out)
{
  fprintf (out, "%s\n\n", _("Usage: rigplan-cli COMMAND [OPTIONS] …"));
  fprintf (out, "%s\n", _("Commands:"));
  fprintf (out, "  catalog gpus|clouds|models   %s\n", _("List a catalog"));
  fprintf (out, "  estimate FILE.rigplan        %s\n", _("Estimate one scenario"));
  fprintf (out, "  plan FILE.rigplan [--top N]  %s\n", _("Search machines and settings; recommend one"));
  fprintf (out, "  export FILE.rigplan -o OUT   %s\n", _("Write the plan as PDF, or one chart (--chart)"));
  fprintf (out, "\n%s\n", _("Run “rigplan-cli COMMAND --help” for the options of a command."));
}

static void
setup_i18n (void)
{
  const char *localedir = g_getenv ("RIGPLAN_LOCALEDIR");

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

int
main (int    argc,
      char **argv)
{
  const char *command;

  setup_i18n ();
  if (argc < 2)
    {
      print_main_help (stderr);
      return EXIT_USAGE;
    }
  command = argv[1];
  if (strcmp (command, "--help") == 0 || strcmp (command, "-h") == 0 ||
      strcmp (command, "help") == 0)
    {
      print_main_help (stdout);
      return EXIT_OK;
    }
  if (strcmp (command, "--version") == 0)
    {
      g_print ("rigplan-cli %s\n", PACKAGE_VERSION);
      return EXIT_OK;
    }
  /* Each subcommand parses argv[1..] as its own program. */
  if (strcmp (command, "catalog") == 0)
    return run_catalog (argc - 1, argv + 1);
  if (strcmp (command, "estimate") == 0)
    return run_estimate (argc - 1, argv + 1);
  if (strcmp (command, "plan") == 0)
    return run_plan (argc - 1, argv + 1);
  if (strcmp (command, "export") == 0)
    return run_export (argc - 1, argv + 1);
  g_printerr (_("rigplan-cli: unknown command “%s”\n\n"), command);
  print_main_help (stderr);
  return EXIT_USAGE;
}

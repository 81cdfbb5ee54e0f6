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
#include "rp-estimate.h"
#include "rp-estimate-json.h"
#include "rp-model.h"
#include "rp-scenario.h"
#include "rp-units.h"

#include <glib/gi18n.h>
#include <locale.h>
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

static RpCatalog *
load_catalog (GError **error)
{
  g_autoptr(RpCatalog) catalog = NULL;

  if (opt_catalog_dir == NULL)
    return rp_catalog_load_default (error);
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

/* ---- catalog -------------------------------------------------------- */

static void
print_gpus (const RpCatalog *catalog)
{
  /* TRANSLATORS: column headings of "rigplan-cli catalog gpus" */
  g_print ("%-18s %-36s %9s %9s %9s %7s %10s\n", _("ID"), _("Name"), _("Memory"),
           _("BF16 TF"), _("FP8 TF"), _("TDP W"), _("Price $"));
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
  g_print ("%-34s %-14s %-16s %4s %-4s %10s %10s\n", _("ID"), _("Provider"), _("GPU"),
           _("GPUs"), _("Cur."), _("On demand"), _("Spot"));
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
  g_print ("%-16s %-28s %-16s %16s %7s %7s\n", _("ID"), _("Name"), _("Kind"), _("Parameters"),
           _("Layers"), _("Hidden"));
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

  g_print ("  %-28s %12s %7.1f %%\n", label, size, capacity > 0 ? 100 * bytes / capacity : 0);
}

static void
print_memory (const RpMemoryEstimate *m)
{
  static const char *const verdicts[] = { N_("fits"), N_("tight"), N_("does not fit") };
  g_autofree char *total = rp_units_format_bytes (m->total_bytes);
  g_autofree char *capacity = rp_units_format_bytes (m->capacity_bytes);

  g_print ("%s\n", _("Memory per GPU"));
  print_memory_line (_("Weights"), m->weights_bytes, m->capacity_bytes);
  print_memory_line (_("Gradients"), m->gradients_bytes, m->capacity_bytes);
  print_memory_line (_("Optimizer states"), m->optimizer_bytes, m->capacity_bytes);
  print_memory_line (_("Activations"), m->activations_bytes, m->capacity_bytes);
  print_memory_line (_("Logits and loss"), m->logits_bytes, m->capacity_bytes);
  if (m->gathered_bytes > 0)
    print_memory_line (_("Gathered layer (ZeRO-3)"), m->gathered_bytes, m->capacity_bytes);
  print_memory_line (_("CUDA context"), m->cuda_context_bytes, m->capacity_bytes);
  print_memory_line (_("NCCL buffers"), m->nccl_bytes, m->capacity_bytes);
  print_memory_line (_("DDP gradient buckets"), m->ddp_bucket_bytes, m->capacity_bytes);
  print_memory_line (_("Allocator fragmentation"), m->fragmentation_bytes, m->capacity_bytes);
  print_memory_line (_("Total"), m->total_bytes, m->capacity_bytes);
  g_print ("  %s\n", "--------------------------------------------------------");
  /* TRANSLATORS: "23.1 GiB of 24.0 GiB: fits (headroom 4 %, 10 % required)" */
  g_print ("  %s\n\n",
           g_strdup_printf (_("%s of %s: %s (headroom %.0f %%, %.0f %% required)"), total,
                            capacity, _(verdicts[m->verdict]), m->headroom_pct,
                            m->required_headroom_pct));
}

static void
print_compute (const RpComputeEstimate *c)
{
  g_autofree char *time = rp_units_format_hours (c->hours);

  g_print ("%s\n", _("Time"));
  if (c->tokens_per_s > 0)
    g_print ("  %-28s %12.0f\n", _("Tokens per second"), c->tokens_per_s);
  g_print ("  %-28s %12.1f\n", _("Samples per second"), c->samples_per_s);
  g_print ("  %-28s %11.0f %%\n", _("Model FLOPs utilization"), 100 * c->mfu);
  g_print ("  %-28s %12s\n", _("Wall-clock time"), time);
  g_print ("  %-28s %12.0f\n", _("GPU-hours"), c->gpu_hours);
  g_print ("  %-28s %12s\n\n", _("Bottleneck"), rp_bottleneck_to_string (c->bottleneck));
}

static void
print_cost (const RpCostEstimate *c)
{
  g_autofree char *rent = rp_units_format_money (c->rent_total, c->currency);
  g_autofree char *buy = rp_units_format_money (c->buy_total, c->currency);
  g_autofree char *capital = rp_units_format_money (c->buy_capital, c->currency);

  g_print ("%s\n", _("Cost"));
  g_print ("  %-28s %12s\n", _("Rent, this run"), rent);
  g_print ("  %-28s %12s\n", _("Buy, this run's share"), buy);
  g_print ("  %-28s %12s\n", _("Buy, capital"), capital);
  if (c->break_even_months >= 0)
    g_print ("  %-28s %12.1f\n", _("Break-even (months)"), c->break_even_months);
  else
    g_print ("  %-28s %12s\n", _("Break-even (months)"), _("never"));
  g_print ("  %-28s %12.0f\n\n", _("Energy (kWh)"), c->energy_kwh);
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

/* ---- main ----------------------------------------------------------- */

static void
print_main_help (FILE *out)
{
  fprintf (out, "%s\n\n", _("Usage: rigplan-cli COMMAND [OPTIONS] …"));
  fprintf (out, "%s\n", _("Commands:"));
  fprintf (out, "  catalog gpus|clouds|models   %s\n", _("List a catalog"));
  fprintf (out, "  estimate FILE.rigplan        %s\n", _("Estimate one scenario"));
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
  g_printerr (_("rigplan-cli: unknown command “%s”\n\n"), command);
  print_main_help (stderr);
  return EXIT_USAGE;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-words.c: the sentences about a verdict, its constraints and its fix */

#include "config.h"

#include "rp-words.h"

#include "rp-error.h"
#include "rp-fields.h"
#include "rp-format.h"
#include "rp-gettext.h"
#include "rp-model.h"
#include "rp-scenario.h"
#include "rp-units.h"

#include <math.h>

/* ---- helpers -------------------------------------------------------- */

static const char *
gpu_name (const RpScenario *scenario,
          const RpEstimate *est)
{
  return est->gpu != NULL ? est->gpu->name : scenario->hardware.gpu;
}

static char *
money (double            amount,
       const RpScenario *scenario)
{
  return rp_units_format_money (amount, scenario->budget.currency);
}

static char *
days (double value)
{
  gboolean whole = fabs (value - round (value)) < 0.05;

  /* a quarter-hour deadline is "0.01 days", not "0" */
  if (value > 0 && value < 0.1)
    return rp_units_format_number (value, 2);
  return rp_units_format_number (value, value < 10 && !whole ? 1 : 0);
}

/* One step of a fix, as an instruction; @larger is the larger GPU a
 * RP_FIX_STEP_LARGER_GPU moves to (NULL: unknown). */
static char *
step_action (const RpFix *fix,
             guint        i,
             const RpGpu *larger)
{
  guint value = fix->values[i];

  switch (fix->steps[i])
    {
    case RP_FIX_STEP_SMALLER_MICRO_BATCH:
      return g_strdup_printf (_("lower the micro batch to %u and accumulate gradients"), value);
    case RP_FIX_STEP_RECOMPUTE:
      switch (value)
        {
        case RP_RECOMPUTE_FULL:
          return g_strdup (_("recompute every layer’s activations (full recomputation)"));
        case RP_RECOMPUTE_SELECTIVE_OPS:
          return g_strdup (_("keep only the matmul outputs and recompute the rest (op-level "
                             "selective recomputation)"));
        case RP_RECOMPUTE_EVERY_NTH:
          return g_strdup (_("recompute whole layers, one in every few"));
        default:
          return g_strdup (_("recompute the attention core (Megatron-LM selective "
                             "recomputation)"));
        }
    case RP_FIX_STEP_LOSS:
      return g_strdup (value == RP_LOSS_CHUNKED
                       ? _("compute the loss a chunk at a time, without full FP32 logits "
                           "(chunked cross-entropy)")
                       : _("compute the loss without keeping the logits (Cut Cross-Entropy "
                           "or a fused linear cross-entropy)"));
    case RP_FIX_STEP_REFERENCE:
      return g_strdup (_("compute the reference model’s log-probabilities once before "
                         "training (TRL’s precompute_ref_log_probs) instead of keeping it on "
                         "the GPU"));
    case RP_FIX_STEP_OPTIMIZER_8BIT:
      return g_strdup (_("keep the optimizer states in 8 bits (8-bit AdamW)"));
    case RP_FIX_STEP_PURE_BF16:
      return g_strdup (_("train in pure BF16, without FP32 master weights"));
    case RP_FIX_STEP_ZERO_STAGE:
      return g_strdup_printf (_("shard the model states with ZeRO stage %u"), value);
    case RP_FIX_STEP_LORA:
      return g_strdup (_("train a LoRA adapter instead of every weight"));
    case RP_FIX_STEP_QLORA:
      return g_strdup (_("train with QLoRA on a 4-bit base model"));
    case RP_FIX_STEP_OFFLOAD:
      return g_strdup (value == RP_OFFLOAD_OPTIMIZER
                       ? _("offload the optimizer states to CPU memory")
                       : _("offload the optimizer states and the weights to CPU memory"));
    case RP_FIX_STEP_MORE_GPUS:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "spread the run over %u GPU",
                                           "spread the run over %u GPUs", value), value);
    case RP_FIX_STEP_LARGER_GPU:
      return g_strdup_printf (_("use a larger GPU: %s"),
                              larger != NULL ? larger->name : (fix->gpu != NULL ? fix->gpu : "?"));
    case RP_FIX_STEP_NETWORK:
      return g_strdup_printf (_("link the nodes with %s"),
                              rp_enum_info_get_label (&rp_network_info, value));
    case RP_FIX_STEP_FEWER_NODES:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "keep the run on %u node, off the slow network",
                                           "keep the run on %u nodes, waiting less on the "
                                           "network", value), value);
    case RP_FIX_STEP_PARALLEL_SPLIT:
      return g_strdup (_("use a tensor and pipeline split the model allows"));
    case RP_FIX_STEP_PRECISION:
      return g_strdup_printf (_("compute in %s, which the GPU supports"),
                              rp_enum_info_get_label (&rp_precision_info, value));
    case RP_FIX_STEP_HOST_RAM:
      return g_strdup_printf (_("fit %u GB of RAM per node"), value);
    case RP_FIX_STEP_CPU_CORES:
      return g_strdup_printf (_("use %u CPU cores per node"), value);
    case RP_FIX_STEP_STORAGE:
      return g_strdup_printf (_("read the data from %s"),
                              rp_enum_info_get_label (&rp_storage_info, value));
    case RP_N_FIX_STEPS:
    default:
      g_return_val_if_reached (g_strdup ("?"));
    }
}

/* "lower the …" at the start of a sentence: "Lower the …". */
static char *
capitalize (char *text)
{
  gunichar first;
  char upper[8];
  int len;
  char *out;

  if (text == NULL || *text == '\0')
    return text;
  first = g_utf8_get_char (text);
  if (!g_unichar_islower (first))
    return text;
  len = g_unichar_to_utf8 (g_unichar_toupper (first), upper);
  upper[len] = '\0';
  out = g_strconcat (upper, g_utf8_next_char (text), NULL);
  g_free (text);
  return out;
}

/* ---- constraints ---------------------------------------------------- */

static char *
parallelism_sentence (const RpConstraint *c,
                      const RpScenario   *s,
                      const RpEstimate   *est)
{
  const RpTraining *t = &s->training;

  switch (c->reason)
    {
    case RP_PARALLEL_NO_NETWORK:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "%u node needs a network to the others; choose one",
                                           "%u nodes need a network between them; choose one",
                                           s->hardware.nodes), s->hardware.nodes);
    case RP_PARALLEL_TP_HEADS:
      return g_strdup_printf (_("Tensor parallelism over %u GPUs does not divide the %u "
                                "attention heads"), t->tensor_parallel, est->arch.heads);
    case RP_PARALLEL_TP_NODE:
      return g_strdup_printf (_("Tensor parallelism over %u GPUs spans more than the %u GPUs "
                                "of one node"), t->tensor_parallel, s->hardware.gpus_per_node);
    case RP_PARALLEL_PP_LAYERS:
      return g_strdup_printf (_("%u pipeline stages are more than the model’s %u layers"),
                              t->pipeline_parallel, rp_model_total_layers (&est->arch));
    case RP_PARALLEL_NOT_TRANSFORMER:
      return g_strdup (_("Tensor and pipeline parallelism split transformer layers; this "
                         "model has none: use data parallelism"));
    case RP_PARALLEL_PRECISION:
      return g_strdup_printf (_("The %s cannot compute in %s; choose another precision"),
                              gpu_name (s, est),
                              rp_enum_info_get_label (&rp_precision_info, t->precision));
    case RP_PARALLEL_OK:
    default:
      return g_strdup (_("The parallel split and the precision suit the model and the GPUs"));
    }
}

static char *
vram_sentence (const RpConstraint *c,
               const RpScenario   *s,
               const RpEstimate   *est)
{
  const RpMemoryEstimate *m = &est->memory;
  g_autofree char *total = rp_units_format_bytes (m->total_bytes);
  g_autofree char *capacity = rp_units_format_bytes (m->capacity_bytes);
  g_autofree char *free_text = rp_units_format_bytes (m->free_bytes);
  g_autofree char *free_pct = rp_units_format_percent (m->headroom_pct, 0);
  g_autofree char *required = rp_units_format_percent (m->required_headroom_pct, 0);

  if (m->verdict == RP_VERDICT_DOES_NOT_FIT)
    /* TRANSLATORS: memory needed per GPU, then the GPU's memory */
    return g_strdup_printf (_("Needs %s per GPU but the GPU has %s"), total, capacity);
  if (m->verdict == RP_VERDICT_TIGHT && m->headroom_pct >= m->required_headroom_pct)
    return rp_words_vram_band (est);
  if (m->verdict == RP_VERDICT_TIGHT)
    /* TRANSLATORS: the free share of VRAM, then the share required */
    return g_strdup_printf (_("Only %s of VRAM stays free; %s is required"), free_pct, required);
  /* TRANSLATORS: memory used, capacity, free memory, free percentage */
  return g_strdup_printf (_("Needs %s of %s per GPU, leaving %s (%s) free"), total, capacity,
                          free_text, free_pct);
}

static char *
host_ram_sentence (const RpConstraint *c,
                   const RpScenario   *s,
                   const RpEstimate   *est)
{
  g_autofree char *need = rp_units_format_number (ceil (c->needed / 1e9), 0);
  g_autofree char *have = rp_units_format_number (c->available / 1e9, 0);

  if (c->ok)
    return g_strdup_printf (_("Each node needs %s GB of host RAM and has %s GB"), need, have);
  /* TRANSLATORS: host RAM needed per node, then what the node has */
  return g_strdup_printf (_("Each node needs %s GB of host RAM (offloaded states, checkpoint "
                            "staging, data loading) but has %s GB"), need, have);
}

static char *
deadline_sentence (const RpConstraint *c)
{
  g_autofree char *need = days (c->needed);
  g_autofree char *have = days (c->available);

  gulong plural = fabs (c->needed - 1) < 0.05 ? 1 : 2;

  /* TRANSLATORS: the run's days, then the deadline's ("the 3-day deadline") */
  if (c->ok)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "The run takes %s day, within the %s-day deadline",
                                         "The run takes %s days, within the %s-day deadline",
                                         plural), need, have);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "The run takes %s day, past the %s-day deadline",
                                       "The run takes %s days, past the %s-day deadline", plural),
                          need, have);
}

static char *
run_budget_sentence (const RpConstraint *c,
                     const RpScenario   *s)
{
  g_autofree char *need = money (c->needed, s);
  g_autofree char *have = money (c->available, s);

  if (c->ok)
    return g_strdup_printf (_("Renting this run costs %s, within the budget of %s"), need, have);
  return g_strdup_printf (_("Renting this run costs %s, above the budget of %s"), need, have);
}

static char *
capital_sentence (const RpConstraint *c,
                  const RpScenario   *s,
                  const RpEstimate   *est)
{
  g_autofree char *need = money (c->needed, s);
  g_autofree char *have = money (c->available, s);
  g_autofree char *rent = NULL;

  if (c->ok)
    return g_strdup_printf (_("Buying the machines takes %s of capital, within the limit of "
                              "%s"), need, have);
  if (est->cost.rent_available && est->cost.run_available &&
      s->budget.acquire == RP_ACQUIRE_COMPARE)
    {
      rent = money (est->cost.rent_total, s);
      /* TRANSLATORS: capital needed, the limit, then the cost of renting the run */
      return g_strdup_printf (_("Buying the machines takes %s of capital, above the limit of "
                                "%s; renting this run costs %s"), need, have, rent);
    }
  return g_strdup_printf (_("Buying the machines takes %s of capital, above the limit of %s"),
                          need, have);
}

static char *
cpu_sentence (const RpConstraint *c,
              const RpScenario   *s,
              const RpEstimate   *est)
{
  g_autofree char *need = rp_units_format_number (ceil (c->needed), 0);
  g_autofree char *slower = rp_units_format_percent (est->compute.slowdown_pct, 0);

  if (c->ok)
    return g_strdup_printf (_("%u CPU cores per node keep up with the data (about %s needed)"),
                            s->hardware.cpu_cores_per_node, need);
  return g_strdup_printf (_("%u CPU cores per node cannot decode the samples fast enough "
                            "(about %s needed), so training runs %s slower"),
                          s->hardware.cpu_cores_per_node, need, slower);
}

static char *
storage_sentence (const RpConstraint *c,
                  const RpScenario   *s,
                  const RpEstimate   *est)
{
  /* a text run reads kilobytes a second: show two significant digits,
   * never "0.0" */
  guint digits = c->needed >= 1e7 ? 0 : c->needed >= 1e6 ? 1 : c->needed >= 1e5 ? 2 : 3;
  g_autofree char *need = rp_units_format_number (MAX (c->needed / 1e6, 0.001), digits);
  g_autofree char *have = rp_units_format_number (c->available / 1e6, 0);
  g_autofree char *slower = rp_units_format_percent (est->compute.slowdown_pct, 0);
  const char *storage = rp_enum_info_get_label (&rp_storage_info, s->hardware.storage);

  /* TRANSLATORS: the storage, what it reads per node, what training needs */
  if (c->ok)
    return g_strdup_printf (_("%s reads %s MB/s per node; training needs %s MB/s"), storage,
                            have, need);
  return g_strdup_printf (_("%s reads %s MB/s per node but training needs %s MB/s, so it "
                            "runs %s slower"), storage, have, need, slower);
}

static char *
growth_sentence (const RpConstraint *c,
                 const RpScenario   *s,
                 const RpEstimate   *est)
{
  double years = est->cost.prices.years.value;
  g_autofree char *period = rp_units_format_number (years, years == floor (years) ? 0 : 1);
  g_autofree char *rate = rp_units_format_percent (s->budget.growth_pct_year, 0);
  g_autofree char *need = rp_units_format_bytes (c->needed);
  g_autofree char *have = rp_units_format_bytes (c->available);

  if (c->ok)
    /* TRANSLATORS: years, growth per year, memory needed, memory usable per GPU */
    return g_strdup_printf (_("After %s years of models growing %s a year, the run needs %s "
                              "of the %s usable per GPU"), period, rate, need, have);
  /* TRANSLATORS: years, growth per year, memory needed, memory usable per GPU */
  return g_strdup_printf (_("After %s years of models growing %s a year, the run needs %s per "
                            "GPU, more than the %s usable: buy GPUs with more memory"),
                          period, rate, need, have);
}

/* ---- public API ----------------------------------------------------- */

const char *
rp_words_constraint_name (RpConstraintCode code)
{
  static const char *const names[RP_N_CONSTRAINTS] = {
    N_("Setup"), N_("GPU memory"), N_("Host RAM"), N_("Deadline"), N_("Run budget"),
    N_("Capital"), N_("CPU"), N_("Storage"),
    /* TRANSLATORS: the check that bought GPUs fit the larger models to come */
    N_("Growth"),
  };

  g_return_val_if_fail ((guint) code < RP_N_CONSTRAINTS, NULL);
  return rp_gettext_static (names[code]);
}

char *
rp_words_constraint (RpConstraintCode    code,
                     const RpConstraint *c,
                     const RpScenario   *s,
                     const RpEstimate   *est)
{
  g_return_val_if_fail (c != NULL && s != NULL && est != NULL, NULL);

  switch (code)
    {
    case RP_CONSTRAINT_PARALLELISM:
      return parallelism_sentence (c, s, est);
    case RP_CONSTRAINT_VRAM:
      return vram_sentence (c, s, est);
    case RP_CONSTRAINT_HOST_RAM:
      return host_ram_sentence (c, s, est);
    case RP_CONSTRAINT_DEADLINE:
      return deadline_sentence (c);
    case RP_CONSTRAINT_RUN_BUDGET:
      return run_budget_sentence (c, s);
    case RP_CONSTRAINT_CAPITAL:
      return capital_sentence (c, s, est);
    case RP_CONSTRAINT_CPU_FEED:
      return cpu_sentence (c, s, est);
    case RP_CONSTRAINT_STORAGE_FEED:
      return storage_sentence (c, s, est);
    case RP_CONSTRAINT_GROWTH:
      return growth_sentence (c, s, est);
    case RP_N_CONSTRAINTS:
    default:
      g_return_val_if_reached (NULL);
    }
}

char *
rp_words_verdict_title (const RpScenario *scenario,
                        const RpEstimate *est)
{
  RpConstraintCode code;
  const RpConstraint *worst;
  const char *name;

  g_return_val_if_fail (scenario != NULL && est != NULL, NULL);

  name = gpu_name (scenario, est);
  worst = rp_estimate_get_worst (est, &code);
  if (worst == NULL)
    /* TRANSLATORS: verdict; %s is a GPU name */
    return g_strdup_printf (_("Fits on %s"), name);
  switch (code)
    {
    case RP_CONSTRAINT_PARALLELISM:
      return g_strdup (_("This setup cannot run"));
    case RP_CONSTRAINT_VRAM:
      if (est->memory.verdict == RP_VERDICT_DOES_NOT_FIT)
        return g_strdup_printf (_("Does not fit on %s"), name);
      return g_strdup_printf (_("Fits on %s, but tight"), name);
    case RP_CONSTRAINT_HOST_RAM:
      return g_strdup_printf (_("Fits on %s, but the nodes lack host RAM"), name);
    case RP_CONSTRAINT_DEADLINE:
      return g_strdup_printf (_("Fits on %s, but misses the deadline"), name);
    case RP_CONSTRAINT_RUN_BUDGET:
      return g_strdup_printf (_("Fits on %s, but renting is over budget"), name);
    case RP_CONSTRAINT_CAPITAL:
      return g_strdup_printf (_("Fits on %s, but buying is over the capital limit"), name);
    case RP_CONSTRAINT_CPU_FEED:
      return g_strdup_printf (_("Fits on %s, but the CPUs slow it down"), name);
    case RP_CONSTRAINT_STORAGE_FEED:
      return g_strdup_printf (_("Fits on %s, but storage slows it down"), name);
    case RP_CONSTRAINT_GROWTH:
      /* TRANSLATORS: verdict; %s is a GPU name */
      return g_strdup_printf (_("Fits on %s today, but not the larger models to come"), name);
    case RP_N_CONSTRAINTS:
    default:
      g_return_val_if_reached (NULL);
    }
}

char *
rp_words_fix_action (const RpCatalog *catalog,
                     const RpFix     *fix)
{
  g_return_val_if_fail (catalog != NULL && fix != NULL, NULL);

  return capitalize (rp_words_fix_action_to (fix, fix->gpu != NULL
                                                   ? rp_catalog_lookup_gpu (catalog, fix->gpu)
                                                   : NULL));
}

char *
rp_words_fix_action_to (const RpFix *fix,
                        const RpGpu *larger)
{
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;

  g_return_val_if_fail (fix != NULL, NULL);

  if (fix->status != RP_FIX_FOUND || fix->n_steps == 0)
    return NULL;
  first = step_action (fix, 0, larger);
  if (fix->n_steps == 1)
    return g_steal_pointer (&first);
  second = step_action (fix, 1, larger);
  /* TRANSLATORS: two steps of a fix, "lower the micro batch … and …" */
  return g_strdup_printf (_("%s, and %s"), first, second);
}

char *
rp_words_fix_sentence (const RpCatalog  *catalog,
                       const RpEstimate *est)
{
  const RpFix *fix;
  g_autofree char *action = NULL;
  g_autofree char *memory = NULL;
  GString *then;

  g_return_val_if_fail (est != NULL, NULL);

  fix = &est->fix;
  if (fix->status == RP_FIX_NONE)
    return NULL;
  if (fix->status == RP_FIX_NOTHING_WORKS)
    return g_strdup (fix->constraint == RP_CONSTRAINT_VRAM
                     ? _("No change Rigplan tries (micro batch, recomputation, 8-bit "
                         "optimizer, ZeRO, LoRA or QLoRA, offload, more or larger GPUs) "
                         "makes it fit.")
                     : _("No single change Rigplan tries meets this constraint."));
  action = rp_words_fix_action (catalog, fix);
  memory = rp_units_format_bytes (fix->memory_total_bytes);
  then = g_string_new (NULL);
  /* TRANSLATORS: what a fix leads to; %s is memory per GPU */
  g_string_append_printf (then, _("then %s per GPU"), memory);
  if (isfinite (fix->days))
    {
      g_autofree char *d = days (fix->days);
      gulong plural = fabs (fix->days - 1) < 0.05 ? 1 : 2;

      /* TRANSLATORS: appended to "then … per GPU"; %s is a number of days */
      g_string_append_printf (then, g_dngettext (GETTEXT_PACKAGE, ", %s day", ", %s days",
                                                 plural), d);
    }
  if (isfinite (fix->cost))
    {
      g_autofree char *cost = rp_units_format_money (fix->cost, est->cost.currency);

      g_string_append_printf (then, fix->cost_is_rent
                              /* TRANSLATORS: appended; %s is the cost of renting the run */
                              ? _(", %s rented") : _(", %s as its share of buying"), cost);
    }
  {
    g_autofree char *tail = g_string_free (then, FALSE);

    /* TRANSLATORS: a fix, then what it leads to in brackets */
    return g_strdup_printf (_("Fix: %s (%s)."), action, tail);
  }
}

char *
rp_words_verdict_detail (const RpScenario *scenario,
                         const RpCatalog  *catalog,
                         const RpEstimate *est)
{
  const RpConstraint *worst;
  RpConstraintCode code;
  g_autofree char *fix = NULL;
  g_autofree char *sentence = NULL;

  g_return_val_if_fail (scenario != NULL && est != NULL, NULL);

  worst = rp_estimate_get_worst (est, &code);
  if (worst == NULL)
    {
      const RpConstraint *vram = &est->constraints[RP_CONSTRAINT_VRAM];

      if (!vram->judged)
        return g_strdup ("");
      sentence = rp_words_constraint (RP_CONSTRAINT_VRAM, vram, scenario, est);
      /* TRANSLATORS: a sentence: %s and your language's full stop */
      return g_strdup_printf (_("%s."), sentence);
    }
  sentence = rp_words_constraint (code, worst, scenario, est);
  fix = rp_words_fix_sentence (catalog, est);
  if (fix == NULL)
    return g_strdup_printf (_("%s."), sentence);
  /* TRANSLATORS: a sentence and its full stop, then the fix sentence */
  return g_strdup_printf (_("%s. %s"), sentence, fix);
}

static const char *
cooling_words (RpCooling cooling)
{
  switch (cooling)
    {
    case RP_COOLING_AIR:
      return _("air cooling");
    case RP_COOLING_AIR_HIGH_DENSITY:
      return _("air cooling in high-density racks");
    case RP_COOLING_LIQUID:
      return _("liquid cooling");
    case RP_N_COOLINGS:
    default:
      return "?";
    }
}

char *
rp_words_machine (const RpCatalog *catalog,
                  const RpBom     *bom)
{
  const RpGpu *gpu;
  RpNetwork network = RP_NETWORK_NONE;
  GString *out;
  g_autofree char *nvme = NULL;
  g_autofree char *power = NULL;

  g_return_val_if_fail (bom != NULL, NULL);

  if (!bom->computed)
    return NULL;
  gpu = catalog != NULL ? rp_catalog_lookup_gpu (catalog, bom->gpu) : NULL;
  rp_network_from_string (bom->network, &network);
  nvme = rp_units_format_number (bom->nvme_tb_per_node, 0);
  power = rp_units_format_number (bom->power_kw_per_node, 1);
  out = g_string_new (NULL);
  /* TRANSLATORS: GPUs per node × GPU name, then the number of nodes */
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u × %s in %u node",
                                            "%u × %s in each of %u nodes", bom->nodes),
                          bom->gpus_per_node, gpu != NULL ? gpu->name : bom->gpu, bom->nodes);
  /* TRANSLATORS: between the GPUs of the machine and its parts, "8 × H100
   * in 1 node: 112 CPU cores …"; your language's colon */
  g_string_append (out, C_("machine sentence", ": "));
  /* TRANSLATORS: CPU cores, sockets, then what the user entered */
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE,
                                            "%u CPU cores on %u socket (you entered %u)",
                                            "%u CPU cores on %u sockets (you entered %u)",
                                            bom->cpu_sockets),
                          bom->cpu_cores_per_node, bom->cpu_sockets, bom->cpu_cores_entered);
  /* TRANSLATORS: RAM per node, what the user entered, NVMe in TB */
  g_string_append_printf (out, _(", %u GB of RAM (you entered %u GB), %s TB of NVMe"),
                          bom->ram_gb_per_node, bom->ram_gb_entered, nvme);
  if (bom->nics_per_node > 0)
    /* TRANSLATORS: NICs per node, their speed, the network's name */
    g_string_append_printf (out, _(", %u × %.0f Gb/s %s"), bom->nics_per_node, bom->nic_gbit_s,
                            rp_enum_info_get_label (&rp_network_info, network));
  /* TRANSLATORS: kW at the wall per node, power supplies, their rating, cooling */
  g_string_append_printf (out, _("; %s kW at the wall per node, %u × %.1f kW power supplies, %s."),
                          power, bom->psus_per_node, bom->psu_kw, cooling_words (bom->cooling));
  return g_string_free (out, FALSE);
}

char *
rp_words_error (const GError *error)
{
  const char *key;
  const RpField *field;

  g_return_val_if_fail (error != NULL, NULL);

  key = rp_error_get_key (error);
  field = rp_fields_lookup (key);
  if (field == NULL)
    return capitalize (g_strdup (rp_error_get_detail (error)));
  /* TRANSLATORS: a field's label, then what is wrong with its value */
  return g_strdup_printf (_("%s: %s"), rp_field_get_label (field), rp_error_get_detail (error));
}

/* ---- the comparison ------------------------------------------------- */

char *
rp_words_parallelism (const RpScenario *s)
{
  const RpTraining *t;
  g_autoptr(GString) text = g_string_new (NULL);
  guint dp;

  g_return_val_if_fail (s != NULL, NULL);

  t = &s->training;
  dp = rp_scenario_data_parallel (s);
  if (rp_scenario_n_gpus (s) == 1)
    /* TRANSLATORS: how the GPUs split the work, when there is one GPU */
    g_string_append (text, _("one GPU"));
  else if (t->tensor_parallel <= 1 && t->pipeline_parallel <= 1)
    /* TRANSLATORS: how the GPUs split the work: %u GPUs each train on
     * their share of the batch (data parallelism) */
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u data-parallel",
                                               "%u data-parallel", dp), dp);
  else
    /* TRANSLATORS: data, tensor and pipeline parallel sizes, as
     * Megatron-LM names them */
    g_string_append_printf (text, _("DP %u × TP %u × PP %u"), dp, t->tensor_parallel,
                            t->pipeline_parallel);
  if (t->zero_stage > 0)
    /* TRANSLATORS: the DeepSpeed ZeRO stage after the parallel sizes */
    g_string_append_printf (text, _(" · ZeRO-%u"), t->zero_stage);
  if (t->offload != RP_OFFLOAD_NONE)
    g_string_append_printf (text, " · %s", rp_enum_info_get_label (&rp_offload_info, t->offload));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
rp_words_checks_summary (const RpEstimate *est)
{
  g_autoptr(GString) names = g_string_new (NULL);
  guint n = 0, unmet = 0;

  g_return_val_if_fail (est != NULL, NULL);

  for (guint c = 0; c < RP_N_CONSTRAINTS; c++)
    {
      if (!est->constraints[c].judged)
        continue;
      n++;
      if (est->constraints[c].ok)
        continue;
      unmet++;
      if (names->len > 0)
        /* TRANSLATORS: between the names of unmet checks */
        g_string_append (names, _(", "));
      g_string_append (names, rp_words_constraint_name (c));
    }
  if (unmet == 0)
    /* TRANSLATORS: every check of a scenario holds; %u is how many */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The %u check met",
                                         "All %u checks met", n), n);
  /* TRANSLATORS: unmet checks, all checks, then their names: "2 of 7
   * not met: Deadline, Run budget" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u not met: %s",
                                       "%u of %u not met: %s", unmet), unmet, n, names->str);
}

char *
rp_words_cannot_estimate (const GError *error)
{
  g_autofree char *why = error != NULL ? rp_words_error (error) : NULL;

  if (why == NULL)
    return g_strdup (_("This scenario cannot be estimated"));
  /* TRANSLATORS: a comparison column without results; %s says why */
  return g_strdup_printf (_("Cannot be estimated: %s"), why);
}

char *
rp_words_compare_currency_note (const RpCompare *compare)
{
  RpCurrency to;
  g_autoptr(GString) letters = g_string_new (NULL);
  double rate = NAN;
  gboolean same_rate = TRUE;
  g_autofree char *rate_text = NULL;
  guint n_converted = 0;

  g_return_val_if_fail (compare != NULL, NULL);

  to = rp_compare_get_currency (compare);
  for (guint i = 0; i < rp_compare_get_n_columns (compare); i++)
    {
      double r;

      if (!rp_compare_is_converted (compare, i, &r))
        continue;
      if (n_converted > 0)
        g_string_append (letters, _(", "));
      g_string_append (letters, rp_compare_get_letter (compare, i));
      same_rate &= n_converted == 0 || r == rate;
      rate = r;
      n_converted++;
    }
  if (n_converted == 0)
    return NULL;
  if (!same_rate)
    /* TRANSLATORS: under a comparison; %s is a currency code, "CNY",
     * then the letters of the columns whose amounts were converted */
    return g_strdup_printf (_("Amounts in %s; %s converted at each scenario’s own rate of "
                              "exchange."), rp_currency_to_string (to), letters->str);
  rate_text = rp_units_format_number (rate, 2);
  /* TRANSLATORS: under a comparison: the currency code ("CNY"), the
   * letters of the converted columns ("B, C"), and the rate, "7.10" */
  return g_strdup_printf (_("Amounts in %s; %s converted at %s ¥ per $."),
                          rp_currency_to_string (to), letters->str, rate_text);
}

/* ---- public API: plans ---------------------------------------------- */

char *
rp_words_plan_machine (const RpPlanRow *row)
{
  guint nodes;

  g_return_val_if_fail (row != NULL, NULL);

  nodes = row->scenario->hardware.nodes;
  if (nodes <= 1)
    /* TRANSLATORS: a machine: GPU count × GPU name */
    return g_strdup_printf (_("%u × %s"), row->n_gpus, row->gpu->name);
  /* TRANSLATORS: a machine of several servers: GPUs × name, servers */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u × %s in %u node",
                                       "%u × %s in %u nodes", nodes),
                          row->n_gpus, row->gpu->name, nodes);
}

/* "on demand", "on spot capacity", …: how the machine is rented. */
static const char *
rent_terms (RpRentKind kind)
{
  switch (kind)
    {
    case RP_RENT_SPOT:
      /* TRANSLATORS: how a machine is rented, after "rented" */
      return _("on spot capacity");
    case RP_RENT_RESERVED_1Y:
      return _("on a one-year reservation");
    case RP_RENT_RESERVED_3Y:
      return _("on a three-year reservation");
    case RP_RENT_DAILY:
      return _("by the day");
    case RP_RENT_MONTHLY:
      return _("by the month");
    case RP_RENT_CAPACITY_BLOCK:
      return _("in a capacity block booked ahead");
    case RP_RENT_ON_DEMAND:
    case RP_N_RENT_KINDS:
    default:
      return _("on demand");
    }
}

/* "5.2 h", "3.1 days": runs from minutes to months read best so. */
static char *
days_text (double days)
{
  return rp_units_format_hours (days * 24);
}

/* The recommended row, on its own. */
static char *
plan_row_alone (const RpPlan    *plan,
                const RpPlanRow *r)
{
  g_autofree char *machine = rp_words_plan_machine (r);
  g_autofree char *days = days_text (r->days);
  g_autofree char *headroom = rp_units_format_percent (r->headroom_pct, 0);

  if (r->kind == RP_PLAN_RENT)
    {
      g_autofree char *cost = rp_units_format_money (r->rent_total, plan->currency);
      g_autofree char *where = NULL;

      if (r->offer == NULL)
        {
          g_autofree char *price = rp_units_format_money (r->rent_per_gpu_hour, plan->currency);

          /* TRANSLATORS: where a machine is rented: the user's own price per GPU-hour */
          where = g_strdup_printf (_("at your price of %s per GPU-hour"), price);
        }
      else if (r->offer->provider_class == RP_PROVIDER_MARKETPLACE)
        /* TRANSLATORS: rent terms, then a provider that is a community marketplace */
        where = g_strdup_printf (_("%s from %s, a marketplace of independent hosts"),
                                 rent_terms (r->scenario->budget.rent_kind), r->offer->provider);
      else
        /* TRANSLATORS: rent terms ("on demand"), then the provider */
        where = g_strdup_printf (_("%s from %s"), rent_terms (r->scenario->budget.rent_kind),
                                 r->offer->provider);
      /* TRANSLATORS: machine, where it is rented, duration, cost of the
       * run, free VRAM: "4 × H100 rented on demand from Lambda: 5.2 days,
       * $6,100, 27 % headroom" */
      return g_strdup_printf (_("%s rented %s: %s, %s, %s headroom"), machine, where, days,
                              cost, headroom);
    }
  else
    {
      g_autofree char *capital = rp_units_format_money (r->capital, plan->currency);
      g_autofree char *monthly = rp_units_format_money (r->per_month, plan->currency);
      g_autofree char *use = rp_units_format_percent (plan->utilization_pct, 0);

      /* whether it pays back is the decision's (against the best rental,
       * rp-decision.c), not this row's */
      /* TRANSLATORS: machine, price, monthly cost of owning it at a
       * utilization, duration of the run */
      return g_strdup_printf (_("%s bought for %s, then %s a month at %s use: %s"), machine,
                              capital, monthly, use, days);
    }
}

/* What keeps @r from the answer: the deadline or the money. */
static char *
plan_row_failure (const RpPlan    *plan,
                  const RpPlanRow *r)
{
  if (!r->meets_deadline)
    {
      g_autofree char *late = days_text (r->days - plan->deadline_days);
      g_autofree char *horizon = days_text (plan->deadline_days);

      if (plan->deadline_assumed)
        /* TRANSLATORS: the month a plan assumes when no deadline is set */
        return g_strdup_printf (_("takes longer than the %s assumed without a deadline"),
                                horizon);
      /* TRANSLATORS: the time by which a machine misses the deadline */
      return g_strdup_printf (_("misses the deadline by %s"), late);
    }
  if (!r->within_budget)
    {
      double limit = r->kind == RP_PLAN_RENT ? plan->run_budget : plan->capital_limit;
      g_autofree char *over = rp_units_format_money (r->cost - limit, plan->currency);

      return g_strdup_printf (r->kind == RP_PLAN_RENT
                              /* TRANSLATORS: money above the run's budget */
                              ? _("goes over the budget by %s")
                              /* TRANSLATORS: money above the capital limit */
                              : _("goes over the capital limit by %s"), over);
    }
  return NULL;
}

/* @r against the recommended row @ref: the cost and time differences. */
static char *
plan_row_versus (const RpPlanRow *r,
                 const RpPlanRow *ref)
{
  double dc = ref->cost > 0 ? 100 * (r->cost - ref->cost) / ref->cost : 0;
  double dd = r->days - ref->days;
  g_autofree char *pct = rp_units_format_percent (fabs (dc), 0);
  g_autofree char *days = days_text (fabs (dd));
  g_autofree char *money = NULL;
  g_autofree char *time = NULL;

  if (fabs (dc) < 0.5)
    /* TRANSLATORS: part of a comparison of two machines */
    money = g_strdup (_("costs the same"));
  else
    money = g_strdup_printf (dc < 0 ? _("is %s cheaper") : _("costs %s more"), pct);
  if (fabs (dd) < 0.01 * MAX (r->days, ref->days))
    /* TRANSLATORS: part of a comparison of two machines */
    time = g_strdup (_("takes as long"));
  else
    time = g_strdup_printf (dd < 0 ? _("finishes %s sooner") : _("takes %s longer"), days);
  /* TRANSLATORS: "is 18 % cheaper" and "takes 2.0 days longer" */
  return g_strdup_printf (_("%s and %s"), money, time);
}

char *
rp_words_plan_row (const RpPlan    *plan,
                   const RpCatalog *catalog,
                   guint            kind,
                   guint            index)
{
  const RpPlanAnswer *a;
  const RpPlanRow *r, *ref;
  g_autofree char *machine = NULL;
  g_autofree char *failure = NULL;
  g_autofree char *versus = NULL;

  g_return_val_if_fail (plan != NULL && kind < RP_N_PLAN_ANSWERS, NULL);
  a = &plan->answers[kind];
  g_return_val_if_fail (index < a->rows->len, NULL);

  r = g_ptr_array_index (a->rows, index);
  if ((gint) index == a->recommended)
    return plan_row_alone (plan, r);
  failure = plan_row_failure (plan, r);
  if (a->recommended < 0)
    {
      g_autofree char *alone = plan_row_alone (plan, r);

      /* TRANSLATORS: a machine's description, then why it falls short */
      return failure != NULL ? g_strdup_printf (_("%s; it %s"), alone, failure)
                             : g_steal_pointer (&alone);
    }
  ref = g_ptr_array_index (a->rows, a->recommended);
  machine = rp_words_plan_machine (r);
  versus = plan_row_versus (r, ref);
  if (failure != NULL)
    /* TRANSLATORS: machine, how it compares, then why it is not chosen:
     * "8 × A100 is 18 % cheaper and takes 2.0 days longer, but misses
     * the deadline by 1.5 days" */
    return g_strdup_printf (_("%s %s, but %s"), machine, versus, failure);
  /* TRANSLATORS: machine, then how it compares with the recommended one */
  return g_strdup_printf (_("%s %s"), machine, versus);
}

static char *
plan_answer_reason (const RpPlan *plan,
                    guint         kind)
{
  const RpPlanAnswer *a = &plan->answers[kind];
  gboolean rent = kind == RP_PLAN_RENT;

  switch (a->status)
    {
    case RP_PLAN_STATUS_NOT_ASKED:
      return g_strdup (rent ? _("Renting was not asked for (Rent or buy: buy).")
                            : _("Buying was not asked for (Rent or buy: rent)."));
    case RP_PLAN_STATUS_NO_GPU:
      return g_strdup (_("No GPU the planner may choose can be timed in this precision; widen "
                         "the GPU types or vendors."));
    case RP_PLAN_STATUS_NOTHING_FITS:
      return g_strdup (_("Nothing fits: no machine the planner may choose holds the run with the "
                         "required headroom; try LoRA or QLoRA, a shorter sequence, or more "
                         "GPUs."));
    case RP_PLAN_STATUS_NO_PRICE:
      return g_strdup (rent ? _("Machines fit, but no offer the planner may use rents them; "
                                "allow marketplace offers, widen the providers or regions, or "
                                "type a rent price.")
                            : _("Machines fit, but none has a purchase price; type a GPU "
                                "price."));
    case RP_PLAN_STATUS_LATE:
      {
        const RpPlanRow *f = g_ptr_array_index (a->rows, a->fastest);
        g_autofree char *machine = rp_words_plan_machine (f);
        g_autofree char *deadline = days_text (plan->deadline_days);
        g_autofree char *days = days_text (f->days);

        if (plan->deadline_assumed)
          /* TRANSLATORS: the month assumed without a deadline, the fastest
           * machine, its duration */
          return g_strdup_printf (_("No deadline is set, and none finishes within the %s a plan "
                                    "assumes then; the fastest, %s, takes %s. Set a deadline "
                                    "to plan for longer."), deadline, machine, days);
        /* TRANSLATORS: the deadline, the fastest machine, its duration */
        return g_strdup_printf (_("None finishes within the deadline of %s; the fastest, %s, "
                                  "takes %s."), deadline, machine, days);
      }
    case RP_PLAN_STATUS_OVER_BUDGET:
      {
        const RpPlanRow *c = g_ptr_array_index (a->rows, a->cheapest_on_time);
        g_autofree char *machine = rp_words_plan_machine (c);
        g_autofree char *limit = rp_units_format_money (rent ? plan->run_budget
                                                             : plan->capital_limit,
                                                        plan->currency);
        g_autofree char *cost = rp_units_format_money (c->cost, plan->currency);

        return g_strdup_printf (rent
                                /* TRANSLATORS: budget, cheapest machine on time, its cost */
                                ? _("None on time stays within the budget of %s; the cheapest, "
                                    "%s, costs %s to rent for this run.")
                                /* TRANSLATORS: capital limit, cheapest machine on time, price */
                                : _("None on time stays within the capital limit of %s; the "
                                    "cheapest, %s, costs %s to buy."),
                                limit, machine, cost);
      }
    case RP_PLAN_STATUS_OK:
    case RP_N_PLAN_STATUSES:
    default:
      return NULL;
    }
}

char *
rp_words_plan_reason (const RpPlan    *plan,
                      const RpCatalog *catalog,
                      gint             kind)
{
  g_return_val_if_fail (plan != NULL && kind < RP_N_PLAN_ANSWERS, NULL);

  if (kind >= 0)
    return plan_answer_reason (plan, (guint) kind);
  /* the answer the user asked for, renting first when both */
  return plan_answer_reason (plan, plan->acquire == RP_ACQUIRE_BUY ? RP_PLAN_BUY : RP_PLAN_RENT);
}

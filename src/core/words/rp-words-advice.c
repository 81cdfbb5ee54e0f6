/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-words-advice.c: the sentence of each piece of advice
 *
 * The models note advice as a code (models/rp-results.h); the figures a
 * sentence quotes are the estimate's and the scenario's, read here when a
 * front end shows the advice, never while estimating. */

#include "config.h"

#include "rp-words.h"
#include "rp-words-checklist.h"

#include "rp-format.h"
#include "rp-gettext.h"
#include "rp-prices.h"
#include "rp-scenario.h"
#include "rp-stack.h"
#include "rp-units.h"

#include <math.h>

/* ---- helpers -------------------------------------------------------- */

static const char *
gpu_name (const RpEstimate *est)
{
  return est->gpu != NULL ? est->gpu->name : "?";
}

static double
years_of (const RpEstimate *est)
{
  const RpPrice *years = &est->cost.prices.years;

  return years->origin != RP_PRICE_UNKNOWN ? years->value : 0;
}

static char *
rent_kind_unavailable (const RpScenario *s,
                       const RpEstimate *est)
{
  const RpCloudOffer *offer = est->cost.prices.offer;
  const char *kind = rp_enum_info_get_label (&rp_rent_kind_info, s->budget.rent_kind);

  if (offer == NULL)
    return NULL;
  return g_strdup_printf (_("%s %s has no price for “%s”; choose other rental terms"),
                          offer->provider, rp_cloud_offer_get_name (offer), kind);
}

static char *
rent_price_missing (const RpScenario *s,
                    const RpEstimate *est)
{
  const char *kind = rp_enum_info_get_label (&rp_rent_kind_info, s->budget.rent_kind);

  return g_strdup_printf (_("No catalog offer rents the %s for “%s”; type a price per "
                            "GPU-hour to compare renting with buying"), gpu_name (est), kind);
}

static char *
rent_offer_abroad (const RpScenario *s,
                   const RpCatalog  *catalog,
                   const RpEstimate *est)
{
  const RpCloudOffer *offer = est->cost.prices.offer;

  if (offer == NULL)
    return NULL;
  return rp_words_offer_abroad (offer, gpu_name (est), rp_prices_market_currency (s, catalog));
}

static char *
rent_whole_instance (const RpScenario *s,
                     const RpEstimate *est)
{
  const RpCloudOffer *offer = est->cost.prices.offer;

  return g_strdup_printf (_("%s is rented by the instance: %u GPUs are billed for the "
                            "%u used"),
                          offer != NULL ? offer->id : "", est->cost.rent_billed_gpus,
                          rp_scenario_n_gpus (s));
}

static char *
rent_first (const RpScenario *s,
            const RpWarning  *w,
            const RpEstimate *est)
{
  g_autofree char *years = rp_units_format_number (years_of (est), 1);
  g_autofree char *own = rp_units_format_percent (s->budget.utilization_pct, 0);
  g_autofree char *need = rp_units_format_percent (ceil (est->cost.break_even_utilization_pct),
                                                   0);

  if (w->variant == 0)
    return g_strdup_printf (_("Buying does not pay back within %s years even when the "
                              "machines are always busy; rent"), years);
  return g_strdup_printf (_("At %s utilization buying does not pay back within %s "
                            "years; it needs %s or more. Rent first, until you know "
                            "how busy the machines will be"), own, years, need);
}

static char *
consumer_card (const RpScenario *s,
               const RpWarning  *w,
               const RpEstimate *est)
{
  g_autofree char *hours = rp_units_format_hours (est->compute.hours);

  if (w->variant == 0)
    return g_strdup_printf (_("%s is a consumer card: over a %s run expect failures, "
                              "no datacenter support, and a driver licence that "
                              "excludes datacenters; checkpoint often"), gpu_name (est), hours);
  return g_strdup_printf (_("%s is a consumer card: busy %.0f%% of the time for %.1f "
                            "years, expect failures, no datacenter support, and a "
                            "driver licence that excludes datacenters"),
                          gpu_name (est), s->budget.utilization_pct, years_of (est));
}

static char *
used_card_risk (const RpScenario *s,
                const RpEstimate *est)
{
  const RpPrice *failure = &est->cost.prices.failure;

  if (s->budget.condition == RP_CONDITION_NEW)
    return NULL;
  return rp_words_condition_risk (gpu_name (est), s->budget.condition, rp_scenario_n_gpus (s),
                                  est->cost.buy_spare_gpus,
                                  failure->origin != RP_PRICE_UNKNOWN ? failure->value : NAN,
                                  years_of (est));
}

static char *
backup_checkpoints (const RpScenario *s,
                    const RpEstimate *est)
{
  double kept = MAX (s->training.checkpoints_kept, 1);
  g_autofree char *one = rp_units_format_bytes (est->compute.checkpoint_bytes);
  g_autofree char *all = rp_units_format_bytes (est->compute.checkpoint_bytes * kept);

  return g_strdup_printf (_("Back up checkpoints off the machine: %s each, %s for the "
                            "%.0f kept"), one, all, kept);
}

static char *
precision_of_stack (const RpScenario *s)
{
  RpStack stack;

  rp_stack_resolve (s, &stack);
  /* TRANSLATORS: %s and %s are a training stack and a precision */
  return g_strdup_printf (_("%s runs this precision as %s; that is what was counted"),
                          rp_enum_info_get_label (&rp_framework_info, stack.framework),
                          rp_enum_info_get_label (&rp_precision_info, stack.precision));
}

static char *
slow_network (const RpScenario *s,
              const RpEstimate *est)
{
  const RpComputeEstimate *r = &est->compute;

  return g_strdup_printf (_("Communication over %s leaves the GPUs waiting %.0f %% of each "
                            "step; a faster network or fewer nodes would pay"),
                          rp_enum_info_get_label (&rp_network_info, s->hardware.network),
                          r->gpu_step_s > 0 ? 100 * r->comm_exposed_s / r->gpu_step_s : 0);
}

static char *
pcie_tensor_parallel (const RpEstimate *est)
{
  const RpComputeEstimate *r = &est->compute;

  return g_strdup_printf (_("Tensor parallelism over PCIe spends %.0f %% of each step in "
                            "all-reduces; prefer NVLink, or pipeline or data parallelism"),
                          r->gpu_step_s > 0 ? 100 * r->tp_exposed_s / r->gpu_step_s : 0);
}

static char *
dataset_empty (const RpWarning *w)
{
  if (w->variant == 0)
    return g_strdup (_("No training data: set training.dataset_tokens (or "
                       "dataset_samples) and training.epochs above 0 to time this run"));
  return g_strdup (_("No training data: set training.dataset_samples and "
                     "training.epochs above 0 to time this run"));
}

static char *
cost_invalid (const RpWarning *w)
{
  /* TRANSLATORS: %s is the name of a cost input ("pue", "years") */
  return g_strdup_printf (_("The cost cannot be computed: %s is not valid"),
                          w->key != NULL ? w->key : "?");
}

/* The global batch and the whole numbers of steps around it. */
static char *
batch_uneven (const RpScenario *s)
{
  guint step = rp_scenario_batch_step (s);
  guint global = s->training.global_batch;

  if (step == 0)
    return NULL;
  /* TRANSLATORS: global batch, micro batch, data-parallel GPUs, their
   * product, then the multiples below and above */
  return g_strdup_printf (_("training.global_batch: %u is not a multiple of micro batch × "
                            "data-parallel GPUs (%u × %u = %u): DeepSpeed refuses it and other "
                            "trainers round it; use %u or %u"),
                          global, s->training.micro_batch, step / MAX (s->training.micro_batch, 1),
                          step, MAX (global / step, 1) * step, (global / step + 1) * step);
}

/* The sentences that quote nothing. */
static const char *
plain_sentence (RpAdvice code)
{
  switch (code)
    {
    case RP_ADVICE_OPTIMIZER_IN_BACKWARD_ACCUMULATES:
      return _("The optimizer step in backward cannot accumulate gradients over "
               "micro-batches; make the micro batch the per-GPU batch");
    case RP_ADVICE_OFFLOAD_PARAMS_NEEDS_ZERO3:
      return _("Parameter offload needs ZeRO stage 3 (or FSDP); only the optimizer "
               "states were counted as offloaded");
    case RP_ADVICE_ACTIVATIONS_UNKNOWN:
      return _("This model gives no activation bytes per sample; activations "
               "are counted as zero");
    case RP_ADVICE_ZERO_SINGLE_GPU:
      return _("ZeRO shards over data-parallel GPUs; with one it saves nothing");
    case RP_ADVICE_MFU_PARAMS_MISSING:
      return _("No utilization data (mfu.json) in the catalog; set "
               "hardware.mfu_override to time this run");
    case RP_ADVICE_FLOPS_UNKNOWN:
      return _("The model has no published FLOPs per sample; set "
               "model.gflops_per_sample to time this run");
    case RP_ADVICE_SPOT_NO_ALLOWANCE:
      return _("Spot capacity can be taken back at any time; set an "
               "interruption allowance for the work lost since the last "
               "checkpoint");
    case RP_ADVICE_OPS_COST:
      return _("Owned machines need people to run them: monitoring, driver "
               "and CUDA upgrades, repairs. Operations per year is 0, so "
               "buying looks cheaper than it is");
    case RP_ADVICE_POWER_UNKNOWN:
      return _("The machine's power is unknown, so energy, CO₂ and the "
               "electricity of buying are not computed");
    default:
      return NULL;
    }
}

static char *
advice_sentence (const RpWarning  *w,
                 const RpScenario *s,
                 const RpCatalog  *catalog,
                 const RpEstimate *est)
{
  const char *plain = plain_sentence (w->code);

  if (plain != NULL)
    return g_strdup (plain);
  switch (w->code)
    {
    case RP_ADVICE_PRECISION_UNSUPPORTED:
      return g_strdup_printf (_("The %s cannot compute in %s; choose another precision"),
                              gpu_name (est),
                              rp_enum_info_get_label (&rp_precision_info,
                                                      s->training.precision));
    case RP_ADVICE_PRECISION_OF_STACK:
      return precision_of_stack (s);
    case RP_ADVICE_SLOW_NETWORK:
      return slow_network (s, est);
    case RP_ADVICE_NO_P2P:
      /* TRANSLATORS: %s is a GPU's name */
      return g_strdup_printf (_("The %s cannot copy directly between cards over PCIe: every "
                                "exchange between the GPUs of a node passes through host "
                                "memory; a single card, or cards with NVLink, avoid it"),
                              gpu_name (est));
    case RP_ADVICE_PCIE_TENSOR_PARALLEL:
      return pcie_tensor_parallel (est);
    case RP_ADVICE_BANDWIDTH_UNKNOWN:
      /* TRANSLATORS: %s is a GPU's name */
      return g_strdup_printf (_("No source states the memory bandwidth of the %s, so the run "
                                "is not timed; add it in your GPU catalog or set a "
                                "utilization override"), gpu_name (est));
    case RP_ADVICE_DATASET_EMPTY:
      return dataset_empty (w);
    case RP_ADVICE_RENT_KIND_UNAVAILABLE:
      return rent_kind_unavailable (s, est);
    case RP_ADVICE_RENT_PRICE_MISSING:
      return rent_price_missing (s, est);
    case RP_ADVICE_BUY_PRICE_MISSING:
      return rp_words_buy_unpriced (&est->cost.prices, gpu_name (est), s->budget.condition);
    case RP_ADVICE_RENT_OFFER_ABROAD:
      return rent_offer_abroad (s, catalog, est);
    case RP_ADVICE_RENT_WHOLE_INSTANCE:
      return rent_whole_instance (s, est);
    case RP_ADVICE_RENT_FIRST:
      return rent_first (s, w, est);
    case RP_ADVICE_CONSUMER_CARD_LONG_RUN:
      return consumer_card (s, w, est);
    case RP_ADVICE_USED_CARD_RISK:
      return used_card_risk (s, est);
    case RP_ADVICE_USED_CARD_CHECKS:
      return rp_words_condition_checks (s->budget.condition);
    case RP_ADVICE_BUY_HEADROOM:
      return g_strdup_printf (_("GPUs bought for this run leave %.0f%% of their memory free "
                                "(%.0f%% wanted); the next model or a longer sequence will "
                                "not fit. Keep VRAM headroom when buying"),
                              est->memory.headroom_pct, est->memory.required_headroom_pct);
    case RP_ADVICE_RESIDUAL_OPTIMISTIC:
      return g_strdup_printf (_("A resale value of %.0f%% after %.1f years is above the "
                                "%.0f%% that GPU price-performance trends leave (Epoch AI); "
                                "buying may look cheaper than it is"),
                              s->budget.residual_pct, years_of (est), w->value);
    case RP_ADVICE_BACKUP_CHECKPOINTS:
      return backup_checkpoints (s, est);
    case RP_ADVICE_COST_INVALID:
      return cost_invalid (w);
    case RP_ADVICE_PRECISION_UNKNOWN:
      return est->gpu != NULL ? rp_words_precision_unknown (est->gpu, s->training.precision)
                              : NULL;
    case RP_ADVICE_GPU_DERIVED:
      return est->gpu != NULL ? rp_words_gpu_derived (est->gpu) : NULL;
    case RP_ADVICE_RENT_OFFER_CHOICE:
    case RP_ADVICE_RENT_OFFER_TOO_SMALL:
      return rp_words_rent_choice (&est->cost.prices, gpu_name (est));
    case RP_ADVICE_BATCH_UNEVEN:
      return batch_uneven (s);
    case RP_ADVICE_CALIBRATED:
      return est->calibration != NULL ? rp_words_calibrated (est->calibration, est->gpu) : NULL;
    case RP_ADVICE_CALIBRATION_NOT_APPLIED:
      return rp_words_calibration_not_applied (s, catalog, est);
    default:
      /* the rest of a buyer's checklist (rp-words-checklist.c) */
      return rp_words_checklist_advice (w, s, catalog, est);
    }
}

/* ---- public API ----------------------------------------------------- */

char *
rp_words_advice (const RpWarning  *w,
                 const RpScenario *s,
                 const RpCatalog  *catalog,
                 const RpEstimate *est)
{
  char *sentence;

  g_return_val_if_fail (w != NULL && s != NULL && catalog != NULL && est != NULL, NULL);

  sentence = advice_sentence (w, s, catalog, est);
  /* an estimate made for another scenario than @s: name the code */
  return sentence != NULL ? sentence : g_strdup (rp_advice_to_string (w->code));
}

const char *
rp_words_bottleneck (RpBottleneck bottleneck)
{
  static const char *const labels[RP_N_BOTTLENECKS] = {
    N_("compute"), N_("memory bandwidth"), N_("the network"), N_("the pipeline bubble"),
    N_("data loading"), N_("the CPUs"),
  };

  g_return_val_if_fail ((guint) bottleneck < RP_N_BOTTLENECKS, "?");
  return rp_gettext_static (labels[bottleneck]);
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-checklist.c: software stack fit, right-sizing, the room, backups,
 * where the data lives and a "new" card's price, as codes and figures */

#include "config.h"

#include "rp-checklist.h"

#include "rp-prices.h"
#include "rp-scenario.h"
#include "rp-stack.h"

#include <math.h>
#include <string.h>

/* A job one GPU finishes within this many hours is a small job: NVIDIA's
 * and Hugging Face's fine-tuning examples of BERT-base run in minutes on
 * one GPU.  A Rigplan policy, not a measured figure. */
static const double small_job_gpu_hours = 1.0;
/* 1 BTU/h = 0.29307107 W (NIST SP 811, Appendix B.8): a machine turns
 * all the power it draws into heat the room must remove. */
static const double w_to_btu_h = 1 / 0.29307107;
/* A "new" card of a part no longer sold new, typed at under half its last
 * new price, is most likely used or refurbished.  A Rigplan policy, not a
 * measured figure: the used prices on record (purchases.json: an RTX 3090
 * at 5,000 CNY in 2024 against 1,499 USD new) sit far below it. */
static const double new_price_floor_share = 0.5;

/* ---- helpers -------------------------------------------------------- */

static const char *
buyer_country (const RpScenario *s,
               const RpCatalog  *catalog)
{
  const RpRegion *region = s->budget.region != NULL
                           ? rp_catalog_lookup_region (catalog, s->budget.region) : NULL;
  const RpMarket *market;

  if (region != NULL && region->country != NULL)
    return region->country;
  market = rp_catalog_market_for (catalog, NULL, s->budget.currency);
  return market != NULL && market->countries != NULL ? market->countries[0] : NULL;
}

/* @value in @from converted to the scenario's currency. */
static double
convert (const RpScenario *s,
         const RpCatalog  *catalog,
         double            value,
         RpCurrency        from)
{
  double rate = rp_prices_usd_to_cny (s, catalog);

  if (from == s->budget.currency)
    return value;
  return from == RP_CURRENCY_USD ? value * rate : value / rate;
}

static void
judge_software (const RpScenario *s,
                const RpCatalog  *catalog,
                RpEstimate       *est)
{
  const RpSoftware *sw = rp_checklist_software (catalog, est);
  gboolean fork = FALSE;
  RpStack stack;

  if (sw == NULL)
    return;
  /* FlashAttention-2 needs Ampere or newer (its README, "Installation
   * and features"); Volta keeps SDPA's memory-efficient kernel, Turing
   * also FlashAttention 1.x: the same memory, another kernel to ask for */
  if (s->training.flash_attention && rp_model_kind_is_transformer (est->arch.kind) &&
      !rp_checklist_runs_flash2 (sw))
    rp_estimate_advise_with (est, RP_ADVICE_ATTENTION_KERNEL,
                             rp_software_has_kernel (sw, "sdpa-mem-efficient") ||
                             rp_software_has_kernel (sw, "flash-attention-1") ? 0 : 1,
                             NAN, "training.flash_attention");
  rp_stack_resolve (s, &stack);
  for (guint i = 0; i < sw->n_forks; i++)
    fork |= sw->forks[i].framework == stack.framework;
  /* a stack out of the ordinary: a newer PyTorch than most installs, a
   * toolkit other than CUDA, or a CUDA release that dropped the GPU */
  if (sw->framework_min != NULL || g_strcmp0 (sw->toolkit, "CUDA") != 0 ||
      sw->toolkit_dropped != NULL || fork)
    rp_estimate_advise_with (est, RP_ADVICE_SOFTWARE_STACK, fork ? 1 : 0, NAN, NULL);
}

/* A job far smaller than the machine: data parallel only (one GPU holds
 * what each of them holds), it fits, and one GPU does it quickly. */
static void
judge_size (const RpScenario *s,
            RpEstimate       *est)
{
  const RpTraining *t = &s->training;
  const RpComputeEstimate *r = &est->compute;
  double one_gpu_days;

  if (!r->computed || !est->memory.computed || rp_scenario_n_gpus (s) < 2 ||
      t->tensor_parallel * t->pipeline_parallel > 1 || t->zero_stage > 0 ||
      t->offload != RP_OFFLOAD_NONE || est->memory.verdict == RP_VERDICT_DOES_NOT_FIT)
    return;
  /* one GPU does the same work without the collectives: at most the
   * run's GPU-hours */
  one_gpu_days = r->gpu_hours / 24;
  if (r->gpu_hours > small_job_gpu_hours ||
      (!isnan (s->budget.deadline_days) && one_gpu_days > s->budget.deadline_days))
    return;
  rp_estimate_advise_with (est, RP_ADVICE_OVERSIZED, 0, r->gpu_hours, "hardware.gpus_per_node");
}

static void
judge_room (const RpScenario *s,
            const RpCatalog  *catalog,
            RpEstimate       *est)
{
  RpRoomNeeds room;

  if (s->budget.acquire == RP_ACQUIRE_RENT || !est->cost.buy_available)
    return;
  rp_checklist_room (s, catalog, est, &room);
  if (!room.known || room.mains == NULL)
    return;
  rp_estimate_advise (est, RP_ADVICE_POWER_ROOM);
  if (room.on_premises && (room.circuits > room.nodes ||
                           (room.noise != NULL && room.noise->noise != RP_NOISE_OFFICE)))
    rp_estimate_advise_with (est, RP_ADVICE_SERVER_IN_OFFICE, 0, room.circuits,
                             "budget.colocation_per_month");
}

static void
judge_backup (const RpScenario *s,
              const RpCatalog  *catalog,
              RpEstimate       *est)
{
  RpBackupNeeds need;

  est->bom.backup_per_month = NAN;
  rp_checklist_backup (s, catalog, est, &need);
  if (!need.known)
    return;
  est->bom.backup_bytes = need.bytes;
  if (need.price != NULL)
    est->bom.backup_per_month = convert (s, catalog, need.offsite_per_month,
                                         need.price->currency);
  rp_estimate_advise (est, RP_ADVICE_BACKUP_RULE);
}

/* Renting puts the data on someone else's machines: a marketplace's
 * independent hosts, or a provider abroad (for a buyer in China, the
 * CAC's Measures for the Security Assessment of Outbound Data Transfers,
 * in force 2022-09-01).  Owning makes its care the buyer's. */
static void
judge_data (const RpScenario *s,
            const RpCatalog  *catalog,
            RpEstimate       *est)
{
  const RpCloudOffer *offer = est->cost.prices.offer;
  const RpBudget *b = &s->budget;

  if (b->acquire != RP_ACQUIRE_BUY && est->cost.rent_available && offer != NULL)
    {
      guint variant = 0;

      if (offer->provider_class == RP_PROVIDER_MARKETPLACE)
        variant |= 1;
      if (offer->currency != rp_prices_market_currency (s, catalog))
        variant |= 2;
      if (variant != 0 || b->acquire == RP_ACQUIRE_RENT)
        rp_estimate_advise_with (est, RP_ADVICE_DATA_RENTED, variant, NAN, "budget.rent_offer");
    }
  if (b->acquire == RP_ACQUIRE_BUY && est->cost.buy_available)
    rp_estimate_advise (est, RP_ADVICE_DATA_OWNED);
}

static void
judge_new_price (const RpScenario *s,
                 const RpCatalog  *catalog,
                 RpEstimate       *est)
{
  const RpPrice *gpu = &est->cost.prices.gpu;
  double last_new;

  if (s->budget.condition != RP_CONDITION_NEW || s->budget.acquire == RP_ACQUIRE_RENT ||
      gpu->origin != RP_PRICE_USER || isnan (gpu->value))
    return;
  last_new = rp_checklist_last_new_price (s, catalog, est, NULL);
  if (!isnan (last_new) && gpu->value < last_new * new_price_floor_share)
    rp_estimate_advise_with (est, RP_ADVICE_NEW_PRICE_SUSPECT, 0, last_new, "budget.condition");
}

/* ---- public API ----------------------------------------------------- */

const RpSoftware *
rp_checklist_software (const RpCatalog  *catalog,
                       const RpEstimate *est)
{
  g_return_val_if_fail (catalog != NULL && est != NULL, NULL);
  return est->gpu != NULL ? rp_catalog_lookup_software (catalog, est->gpu) : NULL;
}

gboolean
rp_checklist_runs_flash2 (const RpSoftware *software)
{
  /* FlashAttention 2 and 3, ROCm's port of 2, PyTorch's SDPA flash
   * kernel (FlashAttention-2 inside PyTorch), Ascend's and Gaudi's fused
   * attention */
  static const char *const kernels[] = {
    "flash-attention-2", "flash-attention-3", "flash-attention-2-rocm", "sdpa-flash",
    "npu-fusion-attention", "fused-sdpa",
  };

  g_return_val_if_fail (software != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (kernels); i++)
    if (rp_software_has_kernel (software, kernels[i]))
      return TRUE;
  return FALSE;
}

void
rp_checklist_room (const RpScenario *s,
                   const RpCatalog  *catalog,
                   const RpEstimate *est,
                   RpRoomNeeds      *out)
{
  const RpServerShape *shape;

  g_return_if_fail (s != NULL && catalog != NULL && est != NULL && out != NULL);

  memset (out, 0, sizeof *out);
  if (!est->bom.computed || !(est->bom.power_kw_per_node > 0))
    return;
  out->known = TRUE;
  out->on_premises = !(s->budget.colocation_per_month > 0);
  out->watts_per_node = est->bom.power_kw_per_node * 1000;
  out->nodes = MAX (est->bom.nodes, 1);
  out->heat_btu_h = out->watts_per_node * out->nodes * w_to_btu_h;
  out->mains = rp_catalog_mains_for (catalog, buyer_country (s, catalog));
  if (out->mains != NULL)
    {
      /* I = P / V (a power factor near 1: server supplies correct it to
       * over 0.9, 80 PLUS); a dedicated circuit carries its rating times
       * the share a continuous load may use (checklist.json's sources) */
      out->amps_per_node = out->watts_per_node / out->mains->volts;
      out->circuit_w = out->mains->volts * out->mains->circuit_amps *
                       out->mains->continuous_pct / 100;
      out->circuits = out->nodes * (guint) ceil (out->watts_per_node / out->circuit_w);
    }
  shape = est->cost.prices.shape;
  if (shape != NULL)
    {
      out->shape_known = TRUE;
      out->shape = shape->kind;
      out->noise = rp_catalog_noise_for (catalog, shape->kind);
    }
}

void
rp_checklist_backup (const RpScenario *s,
                     const RpCatalog  *catalog,
                     const RpEstimate *est,
                     RpBackupNeeds    *out)
{
  const RpMarket *market;

  g_return_if_fail (s != NULL && catalog != NULL && est != NULL && out != NULL);

  memset (out, 0, sizeof *out);
  out->rule = rp_catalog_get_backup_rule (catalog);
  if (out->rule == NULL || !est->bom.computed)
    return;
  out->dataset_bytes = est->bom.dataset_bytes;
  out->checkpoints_bytes = est->bom.checkpoints_bytes;
  /* the code is kilobytes to megabytes: kept in a git remote, it adds
   * nothing worth sizing */
  out->bytes = out->dataset_bytes + out->checkpoints_bytes;
  if (!(out->bytes > 0))
    return;
  out->known = TRUE;
  market = rp_catalog_market_for (catalog, s->budget.region, s->budget.currency);
  out->price = rp_backup_rule_price_for (out->rule, market != NULL ? market->id : NULL);
  if (out->price != NULL)
    {
      /* object storage and egress are priced per decimal GB */
      out->offsite_per_month = out->bytes / 1e9 * out->price->storage_gb_month *
                               out->rule->offsite;
      out->restore_egress = out->bytes / 1e9 * out->price->egress_gb;
    }
}

double
rp_checklist_last_new_price (const RpScenario *s,
                             const RpCatalog  *catalog,
                             const RpEstimate *est,
                             const char      **as_of)
{
  const RpPurchasePrice *p;

  g_return_val_if_fail (s != NULL && catalog != NULL && est != NULL, NAN);

  if (est->gpu == NULL || est->cost.prices.availability.status != RP_AVAILABILITY_USED_ONLY)
    return NAN;
  p = rp_catalog_find_gpu_purchase (catalog, est->gpu, RP_CONDITION_NEW, s->budget.currency);
  if (p == NULL)
    return NAN;
  if (as_of != NULL)
    *as_of = p->as_of;
  return convert (s, catalog, p->price, p->currency);
}

void
rp_checklist_judge (const RpScenario *scenario,
                    const RpCatalog  *catalog,
                    RpEstimate       *est)
{
  g_return_if_fail (scenario != NULL && catalog != NULL && est != NULL);

  judge_software (scenario, catalog, est);
  judge_size (scenario, est);
  judge_room (scenario, catalog, est);
  judge_backup (scenario, catalog, est);
  judge_data (scenario, catalog, est);
  judge_new_price (scenario, catalog, est);
}

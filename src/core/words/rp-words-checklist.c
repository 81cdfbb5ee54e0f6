/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-words-checklist.c: the sentences of the rest of a buyer's checklist
 *
 * The figures are rp-checklist.c's (models/); here they become words. */

#include "config.h"

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

/* "CUDA 12.8 or newer (Linux driver 570.26 or newer)" */
static char *
toolkit_phrase (const RpCatalog  *catalog,
                const RpGpu      *gpu,
                const RpSoftware *sw)
{
  const char *min = sw->toolkit_min != NULL ? sw->toolkit_min : gpu->min_stack_version;
  const char *driver;

  if (min == NULL && sw->pair_toolkit != NULL)
    /* TRANSLATORS: a toolkit and a release known to work: "CANN (8.0.RC2 is known to work)" */
    return g_strdup_printf (_("%s (%s is known to work)"), sw->toolkit, sw->pair_toolkit);
  if (min == NULL)
    return g_strdup (sw->toolkit);
  driver = g_strcmp0 (sw->toolkit, "CUDA") == 0 ? rp_catalog_cuda_driver (catalog, min) : NULL;
  if (driver != NULL)
    /* TRANSLATORS: "CUDA 12.8 or newer (Linux driver 570.26 or newer)" */
    return g_strdup_printf (_("%s %s or newer (Linux driver %s or newer)"), sw->toolkit, min,
                            driver);
  /* TRANSLATORS: "ROCm 6.0 or newer" */
  return g_strdup_printf (_("%s %s or newer"), sw->toolkit, min);
}

/* "PyTorch 2.7 or newer (cu128 wheels)" */
static char *
framework_phrase (const RpSoftware *sw)
{
  if (sw->framework_min != NULL && sw->wheels_min != NULL)
    /* TRANSLATORS: "PyTorch 2.7 or newer (cu128 wheels)": the PyTorch build for CUDA 12.8 */
    return g_strdup_printf (_("%s %s or newer (%s wheels)"), sw->framework, sw->framework_min,
                            sw->wheels_min);
  if (sw->framework_min != NULL)
    return g_strdup_printf (_("%s %s or newer"), sw->framework, sw->framework_min);
  if (sw->wheels_max != NULL)
    /* TRANSLATORS: "PyTorch (wheels up to cu126)": the newest build that still supports it */
    return g_strdup_printf (_("%s (wheels up to %s)"), sw->framework, sw->wheels_max);
  if (sw->pair_framework != NULL)
    return g_strdup_printf (_("%s (%s is known to work)"), sw->framework, sw->pair_framework);
  return g_strdup (sw->framework);
}

static char *
stack_phrase (const RpCatalog  *catalog,
              const RpGpu      *gpu,
              const RpSoftware *sw)
{
  g_autofree char *toolkit = toolkit_phrase (catalog, gpu, sw);
  g_autofree char *framework = framework_phrase (sw);

  /* TRANSLATORS: a toolkit and a framework: "CUDA 12.8 or newer (…), PyTorch 2.7 or newer" */
  return g_strdup_printf (_("%s, %s"), toolkit, framework);
}

static char *
software_stack (const RpWarning  *w,
                const RpScenario *s,
                const RpCatalog  *catalog,
                const RpEstimate *est)
{
  const RpSoftware *sw = rp_checklist_software (catalog, est);
  g_autofree char *stack = NULL;
  GString *out;
  RpStack resolved;

  if (sw == NULL)
    return NULL;
  stack = stack_phrase (catalog, est->gpu, sw);
  out = g_string_new (NULL);
  /* TRANSLATORS: a GPU and the software it needs */
  g_string_append_printf (out, _("The %s needs %s"), gpu_name (est), stack);
  if (sw->toolkit_dropped != NULL)
    /* TRANSLATORS: "; CUDA 13.0 and later no longer support it" */
    g_string_append_printf (out, _("; %s %s and later no longer support it"), sw->toolkit,
                            sw->toolkit_dropped);
  rp_stack_resolve (s, &resolved);
  for (guint i = 0; w->variant == 1 && i < sw->n_forks; i++)
    if (sw->forks[i].framework == resolved.framework)
      /* TRANSLATORS: "; DeepSpeed runs on it only as the vendor's fork of 0.14.4" */
      g_string_append_printf (out, _("; %s runs on it only as the vendor’s fork of %s"),
                              rp_enum_info_get_label (&rp_framework_info, resolved.framework),
                              sw->forks[i].fork_of);
  return g_string_free (out, FALSE);
}

static char *
attention_kernel (const RpWarning  *w,
                  const RpEstimate *est)
{
  if (w->variant == 0)
    /* TRANSLATORS: a GPU's name; attn_implementation="sdpa" is code, keep it */
    return g_strdup_printf (_("Setup check failed: FlashAttention 2 does not run on the %s "
                              "(it needs Ampere or newer). Fix: do not install flash-attn; "
                              "load the model with attn_implementation=\"sdpa\", whose "
                              "memory-efficient kernel keeps the same memory"),
                            gpu_name (est));
  return g_strdup_printf (_("Setup check failed: no fused attention kernel runs on the %s. "
                            "Fix: turn flash attention off; the attention scores then take "
                            "memory"), gpu_name (est));
}

static char *
oversized (const RpWarning  *w,
           const RpScenario *s,
           const RpEstimate *est)
{
  g_autofree char *hours = rp_units_format_hours (w->value);
  g_autofree char *need = rp_units_format_bytes (est->memory.total_bytes);
  g_autofree char *share = rp_units_format_percent (100 * est->memory.total_bytes /
                                                    est->memory.capacity_bytes, 0);

  /* TRANSLATORS: GPUs in the plan, time on one GPU, memory, its share of one GPU, GPU name */
  return g_strdup_printf (_("The job is far smaller than these %u GPUs: one %s does it in "
                            "about %s, using %s (%s) of its memory. Rent or use one GPU "
                            "instead"),
                          rp_scenario_n_gpus (s), gpu_name (est), hours, need, share);
}

static const char *
noise_label (RpNoiseClass noise)
{
  switch (noise)
    {
    case RP_NOISE_OFFICE:
      return _("quiet enough for an office");
    case RP_NOISE_SERVER_ROOM:
      return _("loud: a server room");
    case RP_NOISE_DATACENTER:
      return _("a datacenter rack");
    case RP_NOISE_UNKNOWN:
    case RP_N_NOISES:
    default:
      return NULL;
    }
}

static char *
power_room (const RpScenario *s,
            const RpCatalog  *catalog,
            const RpEstimate *est)
{
  RpRoomNeeds room;
  g_autofree char *kw = NULL, *amps = NULL, *btu = NULL;
  GString *out;
  const char *noise;

  rp_checklist_room (s, catalog, est, &room);
  if (!room.known || room.mains == NULL)
    return NULL;
  kw = rp_units_format_number (room.watts_per_node * room.nodes / 1000, 1);
  amps = rp_units_format_number (room.amps_per_node, 1);
  btu = rp_units_format_count (round (room.heat_btu_h));
  out = g_string_new (NULL);
  /* TRANSLATORS: kW drawn, amps at the mains voltage, circuits, their amps, the
   * heat in kW and BTU/h: "In the room: 6.6 kW at the wall, 29.8 A per node at 220 V,
   * so 3 dedicated 16 A circuits; 6.6 kW of heat to remove (22,356 BTU/h)" */
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE,
                                            "In the room: %s kW at the wall, %s A per node "
                                            "at %.0f V, so %u dedicated %.0f A circuit; "
                                            "%s kW of heat to remove (%s BTU/h)",
                                            "In the room: %s kW at the wall, %s A per node "
                                            "at %.0f V, so %u dedicated %.0f A circuits; "
                                            "%s kW of heat to remove (%s BTU/h)", room.circuits),
                          kw, amps, room.mains->volts, room.circuits, room.mains->circuit_amps,
                          kw, btu);
  noise = room.noise != NULL ? noise_label (room.noise->noise) : NULL;
  /* the office figure is the quietest workstation's (a refrigerant-cooled
   * DGX Station); an air-cooled tower is louder, so only a rack server's
   * figure, a floor, is quoted */
  if (noise != NULL && room.noise->noise != RP_NOISE_OFFICE && !isnan (room.noise->dba))
    /* TRANSLATORS: "; noise: loud: a server room (70 dBA or more)" */
    g_string_append_printf (out, _("; noise: %s (%.0f dBA or more)"), noise, room.noise->dba);
  else if (noise != NULL)
    g_string_append_printf (out, _("; noise: %s"), noise);
  return g_string_free (out, FALSE);
}

static char *
server_in_office (const RpScenario *s,
                  const RpCatalog  *catalog,
                  const RpEstimate *est)
{
  RpRoomNeeds room;

  rp_checklist_room (s, catalog, est, &room);
  if (!room.known || room.mains == NULL)
    return NULL;
  if (room.noise != NULL && room.noise->noise != RP_NOISE_OFFICE)
    /* TRANSLATORS: circuits, amps; the machine is a rack server bought for the buyer's room */
    return g_strdup_printf (_("A rack server in an office: it needs %u dedicated %.0f A "
                              "circuits, cooling for all of its heat around the clock, and a "
                              "room away from people (rack servers are too loud to work "
                              "beside). Plan a server room or rent rack space (set a "
                              "colocation price)"),
                            room.circuits, room.mains->circuit_amps);
  return g_strdup_printf (_("This machine draws more than one %.0f A socket circuit can "
                            "carry: have an electrician lay %u dedicated circuits, and cool "
                            "the room for its heat"),
                          room.mains->circuit_amps, room.circuits);
}

static char *
backup_rule (const RpScenario *s,
             const RpCatalog  *catalog,
             const RpEstimate *est)
{
  RpBackupNeeds need;
  g_autofree char *bytes = NULL, *data = NULL, *ckpt = NULL;

  rp_checklist_backup (s, catalog, est, &need);
  if (!need.known)
    return NULL;
  bytes = rp_units_format_bytes (need.bytes);
  data = rp_units_format_bytes (need.dataset_bytes);
  ckpt = rp_units_format_bytes (need.checkpoints_bytes);
  if (need.price != NULL)
    {
      g_autofree char *month = rp_units_format_money (need.offsite_per_month,
                                                      need.price->currency);
      g_autofree char *restore = rp_units_format_money (need.restore_egress,
                                                        need.price->currency);

      /* TRANSLATORS: the rule ("3-2-1"), sizes, copies, media, a provider, money */
      return g_strdup_printf (_("Back up by the %s rule: the dataset (%s), the code (in a git "
                                "remote) and the kept checkpoints (%s), %s per copy, in %u "
                                "copies on %u kinds of media, %u off site. The off-site copy "
                                "in %s costs about %s a month, and %s to take back once"),
                              need.rule->rule, data, ckpt, bytes, need.rule->copies,
                              need.rule->media, need.rule->offsite, need.price->provider, month,
                              restore);
    }
  return g_strdup_printf (_("Back up by the %s rule: the dataset (%s), the code (in a git "
                            "remote) and the kept checkpoints (%s), %s per copy, in %u copies "
                            "on %u kinds of media, %u off site"),
                          need.rule->rule, data, ckpt, bytes, need.rule->copies,
                          need.rule->media, need.rule->offsite);
}

static char *
data_rented (const RpWarning  *w,
             const RpScenario *s,
             const RpCatalog  *catalog,
             const RpEstimate *est)
{
  const RpCloudOffer *offer = est->cost.prices.offer;
  gboolean china = rp_prices_market_currency (s, catalog) == RP_CURRENCY_CNY;
  g_autofree char *host = NULL;
  const char *abroad = NULL;

  if (offer == NULL)
    return NULL;
  if ((w->variant & 1) != 0)
    /* TRANSLATORS: a provider's name */
    host = g_strdup_printf (_("%s is a marketplace: your data and weights sit on an "
                              "independent host’s machine, which its owner can read. Keep "
                              "secrets and personal data off it, encrypt what you upload, and "
                              "wipe the disk when done"), offer->provider);
  else
    host = g_strdup_printf (_("Renting puts your data on %s’s machines: check where they are, "
                              "who can reach them, and that the disks are wiped when you "
                              "leave"), offer->provider);
  if ((w->variant & 2) != 0)
    abroad = china ? _("The provider is abroad: personal or important data leaving China "
                       "needs the CAC’s security assessment or standard contract (Measures "
                       "for the Security Assessment of Outbound Data Transfers, 2022)")
                   : _("The provider is abroad: check the data-transfer rules that bind your "
                       "data (personal data, export control) before you upload it");
  if (abroad == NULL)
    return g_steal_pointer (&host);
  /* TRANSLATORS: two sentences of advice, one after the other */
  return g_strdup_printf (_("%s. %s"), host, abroad);
}

static char *
new_price_suspect (const RpWarning  *w,
                   const RpScenario *s,
                   const RpCatalog  *catalog,
                   const RpEstimate *est)
{
  const RpAvailability *a = &est->cost.prices.availability;
  const char *as_of = NULL;
  g_autofree char *price = rp_units_format_money (est->cost.prices.gpu.value,
                                                  s->budget.currency);
  g_autofree char *last = NULL;

  rp_checklist_last_new_price (s, catalog, est, &as_of);
  last = rp_units_format_money (w->value, s->budget.currency);
  /* TRANSLATORS: GPU, the date it stopped being sold new, the typed price, the last
   * new price and its date */
  return g_strdup_printf (_("No new %s has been sold since %s, and %s is far below its last "
                            "new price (%s, %s): this card is most likely used or refurbished. "
                            "Ask for proof and warranty, or count it as used"),
                          gpu_name (est), a->entry != NULL ? a->entry->from : "?", price,
                          last, as_of != NULL ? as_of : "?");
}

/* ---- public API ----------------------------------------------------- */

char *
rp_words_checklist_advice (const RpWarning  *w,
                           const RpScenario *s,
                           const RpCatalog  *catalog,
                           const RpEstimate *est)
{
  g_return_val_if_fail (w != NULL && s != NULL && catalog != NULL && est != NULL, NULL);

  switch (w->code)
    {
    case RP_ADVICE_ATTENTION_KERNEL:
      return attention_kernel (w, est);
    case RP_ADVICE_SOFTWARE_STACK:
      return software_stack (w, s, catalog, est);
    case RP_ADVICE_OVERSIZED:
      return oversized (w, s, est);
    case RP_ADVICE_POWER_ROOM:
      return power_room (s, catalog, est);
    case RP_ADVICE_SERVER_IN_OFFICE:
      return server_in_office (s, catalog, est);
    case RP_ADVICE_BACKUP_RULE:
      return backup_rule (s, catalog, est);
    case RP_ADVICE_DATA_RENTED:
      return data_rented (w, s, catalog, est);
    case RP_ADVICE_DATA_OWNED:
      return g_strdup (_("Owning the machine makes the data’s care yours: encrypt the disks, "
                         "limit who can log in, keep the backups, and wipe or destroy the "
                         "disks before the machine is sold or scrapped"));
    case RP_ADVICE_NEW_PRICE_SUSPECT:
      return new_price_suspect (w, s, catalog, est);
    default:
      return NULL;
    }
}

char *
rp_words_software_stack (const RpCatalog *catalog,
                         const RpGpu     *gpu)
{
  const RpSoftware *sw;

  g_return_val_if_fail (catalog != NULL && gpu != NULL, NULL);

  sw = rp_catalog_lookup_software (catalog, gpu);
  if (sw == NULL)
    return NULL;
  return stack_phrase (catalog, gpu, sw);
}

char *
rp_words_attention_kernel (const RpCatalog *catalog,
                           const RpGpu     *gpu)
{
  const RpSoftware *sw;

  g_return_val_if_fail (catalog != NULL && gpu != NULL, NULL);

  sw = rp_catalog_lookup_software (catalog, gpu);
  if (sw == NULL)
    return NULL;
  if (rp_software_has_kernel (sw, "flash-attention-2") ||
      rp_software_has_kernel (sw, "flash-attention-3"))
    return g_strdup (_("FlashAttention 2 (attn_implementation=\"flash_attention_2\")"));
  if (rp_software_has_kernel (sw, "flash-attention-2-rocm"))
    return g_strdup (_("FlashAttention 2 for ROCm (attn_implementation=\"flash_attention_2\")"));
  if (rp_software_has_kernel (sw, "npu-fusion-attention"))
    return g_strdup (_("torch_npu’s fused attention (npu_fusion_attention)"));
  if (rp_software_has_kernel (sw, "fused-sdpa"))
    return g_strdup (_("Intel Gaudi’s FusedSDPA"));
  return g_strdup (_("PyTorch SDPA (attn_implementation=\"sdpa\"); not flash-attn"));
}

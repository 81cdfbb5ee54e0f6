/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-words-market.c: the sentences about prices, their age, regions and
 * the condition of the cards bought (declared in rp-words.h) */

#include "config.h"

#include "rp-words.h"

#include "rp-age.h"
#include "rp-format.h"
#include "rp-gettext.h"
#include "rp-prices.h"
#include "rp-units.h"

#include <math.h>

/* ---- helpers -------------------------------------------------------- */

/* "13.65 %", "18.2 %", "5 %": the decimals the value has, up to two. */
static char *
percent (double value)
{
  int digits = fabs (value * 10 - round (value * 10)) > 1e-6 ? 2 : value != floor (value);

  return rp_units_format_percent (value, digits);
}

/* The names of the parts of a plan a price can be about, by RpPricePart. */
static const char *const price_part_names[RP_N_PRICE_PARTS] = {
  /* TRANSLATORS: names of prices in "Prices older than six months …: rent
   * (AutoDL RTX 4090, 2025-03), GPU (2024)" */
  N_("rent"), N_("GPU"), N_("server"), N_("network"), N_("electricity"), N_("exchange rate"),
};

/* What a stale price came from: the offer or the region. */
static char *
stale_where (const RpStalePrice *stale)
{
  if (stale->offer != NULL)
    return g_strdup_printf ("%s %s", rp_cloud_offer_get_provider (stale->offer),
                            rp_cloud_offer_get_name (stale->offer));
  if (stale->region != NULL)
    return g_strdup (rp_words_region_name (stale->region));
  return NULL;
}

/* "BF16": a precision's short name. */
static const char *
precision_name (RpPrecision precision)
{
  switch (precision)
    {
    case RP_PRECISION_FP32:
      return "FP32";
    case RP_PRECISION_AMP_FP16:
    case RP_PRECISION_FP16_MIXED:
      return "FP16";
    case RP_PRECISION_FP8_MIXED:
      return "FP8";
    case RP_PRECISION_AMP_BF16:
    case RP_PRECISION_BF16_MIXED:
    case RP_PRECISION_BF16_PURE:
    case RP_N_PRECISIONS:
    default:
      return "BF16";
    }
}

/* "bf16": a precision's name in gpus.json's "precisions". */
static const char *
precision_key (RpPrecision precision)
{
  static const char *const keys[] = { "fp32", "fp16", "fp8", "bf16" };
  const char *name = precision_name (precision);

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (g_ascii_strcasecmp (keys[i], name) == 0)
      return keys[i];
  return "bf16";
}

/* "memory bandwidth, FP32 throughput and BF16 throughput" */
static char *
field_list (guint32 fields)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  GString *text = g_string_new (NULL);

  for (guint b = 0; b < RP_N_GPU_FIELDS; b++)
    if ((fields & (1u << b)) != 0)
      g_ptr_array_add (names, (gpointer) rp_words_gpu_field (1u << b));
  for (guint i = 0; i < names->len; i++)
    {
      if (i > 0)
        /* TRANSLATORS: the separators of a list: "a, b and c" */
        g_string_append (text, i + 1 == names->len ? _(" and ") : _(", "));
      g_string_append (text, g_ptr_array_index (names, i));
    }
  return g_string_free (text, FALSE);
}

/* "AutoDL RTX 4090": the provider and the offer's name. */
static char *
offer_name (const RpCloudOffer *offer)
{
  return g_strdup_printf ("%s %s", rp_cloud_offer_get_provider (offer),
                          rp_cloud_offer_get_name (offer));
}

/* ---- public API ----------------------------------------------------- */

const char *
rp_words_region_name (const RpRegion *region)
{
  g_return_val_if_fail (region != NULL, NULL);

  /* the catalog's own Chinese name where the reader reads Chinese */
  if (region->name_zh != NULL && rp_units_reads_chinese ())
    return region->name_zh;
  return region->name;
}

char *
rp_words_price_origin (const RpPrice *price,
                       const char    *where,
                       gboolean       is_price,
                       GDate         *today)
{
  gboolean stale;

  g_return_val_if_fail (price != NULL && today != NULL, NULL);

  switch (price->origin)
    {
    case RP_PRICE_USER:
      /* TRANSLATORS: under a price the user typed */
      return g_strdup (_("Yours"));
    case RP_PRICE_UNKNOWN:
      return g_strdup (_("Not in the catalog: type a value"));
    case RP_PRICE_DEFAULT:
      if (price->as_of == NULL)
        return g_strdup (_("From the catalog’s rules"));
      break;
    case RP_PRICE_CATALOG:
    default:
      break;
    }
  if (price->as_of == NULL)
    return NULL;
  if (where == NULL)
    where = price->origin == RP_PRICE_DEFAULT ? _("the catalog’s rules") : _("the catalog");
  stale = is_price && rp_price_is_stale (price->as_of, today);
  return stale
         /* TRANSLATORS: under a catalog price: where from, its date */
         ? g_strdup_printf (_("From %s, %s — the price may be stale"), where, price->as_of)
         /* TRANSLATORS: under a catalog price: where from, its date */
         : g_strdup_printf (_("From %s, %s"), where, price->as_of);
}

char *
rp_words_stale_price (const RpStalePrice *stale)
{
  g_autofree char *where = NULL;
  g_autofree char *age = NULL;
  guint months;

  g_return_val_if_fail (stale != NULL && (guint) stale->part < RP_N_PRICE_PARTS, NULL);

  months = (guint) round (stale->age_months);
  age = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u month old", "%u months old", months),
                         months);
  where = stale_where (stale);
  if (where != NULL)
    /* TRANSLATORS: one stale price: its name, where from, its date, its age */
    return g_strdup_printf (_("%s (%s, %s, %s)"), rp_gettext_static (price_part_names[stale->part]), where,
                            stale->price->as_of, age);
  /* TRANSLATORS: one stale price: its name, its date, its age */
  return g_strdup_printf (_("%s (%s, %s)"), rp_gettext_static (price_part_names[stale->part]),
                          stale->price->as_of, age);
}

char *
rp_words_stale_prices (const RpEstimate *estimate,
                       GDate            *today)
{
  g_autoptr(GArray) stale = NULL;
  GString *list = NULL;

  g_return_val_if_fail (estimate != NULL && today != NULL, NULL);

  if (!estimate->cost.computed)
    return NULL;
  stale = rp_prices_stale (&estimate->cost.prices, today);
  for (guint i = 0; i < stale->len; i++)
    {
      g_autofree char *item = rp_words_stale_price (&g_array_index (stale, RpStalePrice, i));

      list = list != NULL ? g_string_append (list, _(", ")) : g_string_new (NULL);
      g_string_append (list, item);
    }
  if (list == NULL)
    return NULL;
  {
    g_autofree char *items = g_string_free (list, FALSE);

    /* TRANSLATORS: %s is a list of prices with their dates */
    return g_strdup_printf (_("Prices older than six months, which may be stale: %s. Check "
                              "them or type today’s."), items);
  }
}

char *
rp_words_condition_risk (const char  *gpu_name,
                         RpCondition  condition,
                         guint        gpus,
                         guint        spares,
                         double       failure_pct_year,
                         double       years)
{
  const char *risk;
  g_autofree char *rate = NULL;
  g_autofree char *period = NULL;
  g_autofree char *spares_text = NULL;

  g_return_val_if_fail (gpu_name != NULL, NULL);
  g_return_val_if_fail (condition != RP_CONDITION_NEW && condition < RP_N_CONDITIONS, NULL);

  if (condition == RP_CONDITION_USED)
    /* TRANSLATORS: %s is a GPU name */
    risk = _("Used %s cards come without warranty, with aged fans, thermal pads and memory");
  else
    /* TRANSLATORS: %s is a GPU name */
    risk = _("Ex-mining %s cards ran at full load day and night, often with overclocked "
             "memory: expect worn fans and thermal pads, memory errors and no warranty");
  if (spares == 0 || !isfinite (failure_pct_year))
    {
      return g_strdup_printf (risk, gpu_name);
    }
  rate = percent (failure_pct_year);
  period = rp_units_format_number (years, years == floor (years) ? 0 : 1);
  /* TRANSLATORS: the yearly failure rate, the years, the spare cards, the cards */
  spares_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "at %s failing a year over %s years, %u spare "
                                              "card for the %u bought is counted in the capital",
                                              "at %s failing a year over %s years, %u spare "
                                              "cards for the %u bought are counted in the "
                                              "capital", spares),
                                 rate, period, spares, gpus);
  {
    g_autofree char *head = g_strdup_printf (risk, gpu_name);

    /* TRANSLATORS: the risk of used cards, then their spares */
    return g_strdup_printf (_("%s; %s"), head, spares_text);
  }
}

char *
rp_words_condition_checks (RpCondition condition)
{
  g_return_val_if_fail (condition < RP_N_CONDITIONS, NULL);

  if (condition == RP_CONDITION_NEW)
    return NULL;
  if (condition == RP_CONDITION_EX_MINING)
    return g_strdup (_("Before paying, test every card: a memory stress test over all of its "
                       "VRAM (memtest_vulkan, or gpu-burn for an hour), full load while you "
                       "watch the core and memory temperatures and the fans, its memory size and "
                       "clocks in nvidia-smi, and whether its BIOS was flashed for mining"));
  return g_strdup (_("Before paying, test every card: a memory stress test over all of its VRAM "
                     "(memtest_vulkan, or gpu-burn for an hour), full load while you watch the "
                     "core and memory temperatures and the fans, and its memory size and clocks "
                     "in nvidia-smi"));
}

char *
rp_words_buy_unpriced (const RpPrices *prices,
                       const char     *gpu_name,
                       RpCondition     condition)
{
  g_return_val_if_fail (prices != NULL && gpu_name != NULL, NULL);

  /* not sold in that condition there (market.json): say so, not "no price" */
  if (prices->gpu.origin == RP_PRICE_UNKNOWN && prices->availability.entry != NULL &&
      prices->availability.status != RP_AVAILABILITY_NEW)
    {
      g_autofree char *why = rp_words_availability (&prices->availability, gpu_name, condition);

      /* TRANSLATORS: why a GPU cannot be bought there (a sentence without its period) */
      return g_strdup_printf (_("%s; type the GPU price if you have a quote"), why);
    }
  if (prices->gpu.origin == RP_PRICE_UNKNOWN)
    switch (condition)
      {
      case RP_CONDITION_USED:
        return g_strdup_printf (_("Buying used %s cards cannot be priced: the catalog has no "
                                  "dated used price for them; type the GPU price"), gpu_name);
      case RP_CONDITION_EX_MINING:
        return g_strdup_printf (_("Buying ex-mining %s cards cannot be priced: the catalog has "
                                  "no dated ex-mining price for them; type the GPU price"),
                                gpu_name);
      case RP_CONDITION_NEW:
      case RP_N_CONDITIONS:
      default:
        return g_strdup_printf (_("Buying the %s cannot be priced: the catalog has no price "
                                  "for it; type the GPU price"), gpu_name);
      }
  if (prices->power.origin == RP_PRICE_UNKNOWN && prices->region != NULL)
    /* TRANSLATORS: %s is a region, "Beijing" */
    return g_strdup_printf (_("Buying cannot be priced: the catalog has no electricity price "
                              "for %s; type the power price"),
                            rp_words_region_name (prices->region));
  return g_strdup_printf (_("Buying the %s cannot be priced: a price it needs is not in the "
                            "catalog; type it"), gpu_name);
}

char *
rp_words_offer_abroad (const RpCloudOffer *offer,
                       const char         *gpu_name,
                       RpCurrency          market)
{
  g_return_val_if_fail (offer != NULL && gpu_name != NULL, NULL);

  if (market == RP_CURRENCY_CNY)
    /* TRANSLATORS: a GPU name, then the provider, the offer, its currency */
    return g_strdup_printf (_("No cloud in China rents the %s in the catalog; the rent is "
                              "priced at %s %s, billed in %s abroad"), gpu_name, offer->provider,
                            rp_cloud_offer_get_name (offer),
                            rp_currency_to_string (offer->currency));
  /* TRANSLATORS: a currency code, a GPU name, then the provider, the offer,
   * its currency */
  return g_strdup_printf (_("No offer billed in %s rents the %s in the catalog; the rent is "
                            "priced at %s %s, billed in %s"), rp_currency_to_string (market),
                          gpu_name, offer->provider, rp_cloud_offer_get_name (offer),
                          rp_currency_to_string (offer->currency));
}

/* ---- what can be bought, and where (rp-market.h) -------------------- */

/* "4 or 8", "1, 2, 4 or 8": the counts a GPU is sold with. */
static char *
counts_text (const guint *counts,
             guint        n)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      if (i > 0 && i + 1 == n)
        /* TRANSLATORS: between the last two of "1, 2, 4 or 8" (GPUs) */
        g_string_append (out, _(" or "));
      else if (i > 0)
        g_string_append (out, ", ");
      g_string_append_printf (out, "%u", counts[i]);
    }
  return g_string_free (out, FALSE);
}

/* " (US Commerce BIS)": who made the rule behind a status, or "". */
static char *
rule_text (const RpAvailability *a)
{
  if (a->rule == NULL)
    return g_strdup ("");
  /* TRANSLATORS: the issuer of an export rule, as the catalog names it
   * (English), after a date: "since 2022-08-26 (US Commerce BIS)" */
  return g_strdup_printf (_(" (%s)"), a->rule->issuer);
}

const char *
rp_words_availability_label (RpAvailabilityStatus status)
{
  switch (status)
    {
    case RP_AVAILABILITY_NEW:
      /* TRANSLATORS: what a market sells of a GPU, in a table */
      return _("sold new");
    case RP_AVAILABILITY_GREY:
      /* TRANSLATORS: new only through unofficial channels, in a table */
      return _("grey market");
    case RP_AVAILABILITY_USED_ONLY:
      return _("used only");
    case RP_AVAILABILITY_RENT_ONLY:
      return _("rented only");
    case RP_AVAILABILITY_NOT_SOLD:
      return _("not sold");
    case RP_AVAILABILITY_UNKNOWN:
    case RP_N_AVAILABILITIES:
    default:
      return _("unknown");
    }
}

const char *
rp_words_shape_kind (RpShapeKind kind)
{
  switch (kind)
    {
    case RP_SHAPE_WORKSTATION:
      /* TRANSLATORS: a kind of machine GPUs are bought in */
      return _("workstation");
    case RP_SHAPE_SERVER:
      return _("rack server");
    case RP_SHAPE_BASEBOARD:
      /* TRANSLATORS: a server built on a GPU baseboard (HGX, OAM) */
      return _("baseboard server");
    case RP_SHAPE_RACK:
      /* TRANSLATORS: a whole rack sold as one machine (GB200 NVL72) */
      return _("whole rack");
    case RP_N_SHAPE_KINDS:
    default:
      return "?";
    }
}

char *
rp_words_availability (const RpAvailability *a,
                       const char           *gpu_name,
                       RpCondition           condition)
{
  g_autofree char *rule = NULL;
  const char *market, *since;

  g_return_val_if_fail (a != NULL && gpu_name != NULL, NULL);

  /* TRANSLATORS: stands for the market in "… is not sold in %s" when the
   * catalog names none */
  market = a->market != NULL ? rp_market_get_name (a->market) : _("this market");
  if (a->entry == NULL)
    /* TRANSLATORS: a GPU name, then a market ("China (mainland, …)") */
    return g_strdup_printf (_("Whether the %s is sold in %s is not in the catalog"), gpu_name,
                            market);
  since = a->entry->from;
  rule = rule_text (a);
  switch (a->status)
    {
    case RP_AVAILABILITY_NEW:
      /* TRANSLATORS: a GPU name, a market, a date */
      return g_strdup_printf (_("The %s is sold new in %s (since %s)"), gpu_name, market, since);
    case RP_AVAILABILITY_GREY:
      if (condition != RP_CONDITION_NEW)
        /* TRANSLATORS: a GPU name, a market, a date, the rule's issuer */
        return g_strdup_printf (_("The %s is not sold new in %s since %s%s; used cards change "
                                  "hands there"), gpu_name, market, since, rule);
      /* TRANSLATORS: a GPU name, a market, a date, the rule's issuer */
      return g_strdup_printf (_("A new %s is not sold in %s since %s%s: only through grey "
                                "channels, without the maker’s warranty; buy it used or rent it"),
                              gpu_name, market, since, rule);
    case RP_AVAILABILITY_USED_ONLY:
      if (condition != RP_CONDITION_NEW)
        /* TRANSLATORS: a GPU name, a date */
        return g_strdup_printf (_("The %s is sold only used since %s"), gpu_name, since);
      /* TRANSLATORS: a GPU name, a date */
      return g_strdup_printf (_("A new %s is no longer sold (since %s): buy it used"), gpu_name,
                              since);
    case RP_AVAILABILITY_RENT_ONLY:
      /* TRANSLATORS: a GPU name, a market, a date, the rule's issuer */
      return g_strdup_printf (_("The %s is not sold in %s since %s%s: it can only be rented "
                                "there"), gpu_name, market, since, rule);
    case RP_AVAILABILITY_NOT_SOLD:
      /* TRANSLATORS: a GPU name, a market, a date, the rule's issuer */
      return g_strdup_printf (_("The %s is not sold in %s since %s%s"), gpu_name, market, since,
                              rule);
    case RP_AVAILABILITY_UNKNOWN:
    case RP_N_AVAILABILITIES:
    default:
      return g_strdup_printf (_("Whether the %s is sold in %s is not in the catalog"), gpu_name,
                              market);
    }
}

char *
rp_words_shape_fit (const RpCatalog     *catalog,
                    const RpGpu         *gpu,
                    guint                gpus_per_node,
                    RpShapeFit           fit,
                    const RpServerShape *shape)
{
  g_autofree guint *counts = NULL;
  g_autofree char *sold = NULL;
  guint n = 0;

  g_return_val_if_fail (catalog != NULL && gpu != NULL, NULL);

  switch (fit)
    {
    case RP_SHAPE_FIT_NOT_SOLD:
      counts = rp_catalog_purchasable_counts (catalog, gpu->id, &n);
      sold = counts_text (counts, n);
      if (shape != NULL)
        /* TRANSLATORS: a GPU name, the counts it is sold with ("4 or 8"), the
         * count asked, then the machine one would buy instead */
        return g_strdup_printf (_("The %s is sold in machines of %s GPUs, not %u: the nearest "
                                  "is the %s"), gpu->name, sold, gpus_per_node,
                                rp_server_shape_get_name (shape));
      /* TRANSLATORS: a GPU name, the counts it is sold with, the count asked */
      return g_strdup_printf (_("The %s is sold in machines of %s GPUs, not %u"), gpu->name,
                              sold, gpus_per_node);
    case RP_SHAPE_FIT_UNKNOWN:
      /* TRANSLATORS: a GPU name, a count of GPUs */
      return g_strdup_printf (_("The catalog has no server shape for the %s: whether machines "
                                "of %u can be bought, and their price without GPUs, are not "
                                "known"), gpu->name, gpus_per_node);
    case RP_SHAPE_FIT_OK:
    case RP_N_SHAPE_FITS:
    default:
      return NULL;
    }
}

char *
rp_words_licence (const RpLicenceTerm *term,
                  const char          *gpu_name)
{
  g_return_val_if_fail (term != NULL && gpu_name != NULL, NULL);

  /* TRANSLATORS: a GPU name, the licence section ("2.1.3"), the date it was
   * added; the licence is NVIDIA's driver licence for GeForce cards */
  return g_strdup_printf (_("The driver licence of the %s does not allow datacenter deployment "
                            "(section %s, since %s): a cluster of them hosted in a datacenter "
                            "is outside it; choose datacenter GPUs there"), gpu_name,
                          term->clause, term->since);
}

const char *
rp_words_gpu_field (RpGpuField field)
{
  switch (field)
    {
    case RP_GPU_FIELD_BANDWIDTH:
      return _("memory bandwidth");
    case RP_GPU_FIELD_TFLOPS_FP32:
      return _("FP32 throughput");
    case RP_GPU_FIELD_TFLOPS_TF32:
      return _("TF32 throughput");
    case RP_GPU_FIELD_TFLOPS_FP16:
      return _("FP16 throughput");
    case RP_GPU_FIELD_TFLOPS_BF16:
      return _("BF16 throughput");
    case RP_GPU_FIELD_TFLOPS_FP8:
      return _("FP8 throughput");
    case RP_GPU_FIELD_PRECISIONS:
      return _("precisions");
    case RP_GPU_FIELD_TDP:
      return _("board power");
    case RP_GPU_FIELD_PCIE_GEN:
      return _("PCIe generation");
    case RP_GPU_FIELD_COMPUTE_CAPABILITY:
      return _("compute capability");
    case RP_GPU_FIELD_INTERCONNECT:
      return _("GPU link bandwidth");
    default:
      g_return_val_if_reached ("?");
    }
}

char *
rp_words_precision_unknown (const RpGpu *gpu,
                            RpPrecision  precision)
{
  const char *name;
  const char *key;

  g_return_val_if_fail (gpu != NULL, NULL);

  name = precision_name (precision);
  key = rp_gpu_field_to_key (rp_gpu_precision_field (precision));
  switch (rp_gpu_precision_support (gpu, precision))
    {
    case RP_SUPPORT_UNKNOWN:
      /* TRANSLATORS: a precision ("BF16"), a GPU's name, the precision, the
       * catalog key of its rate ("tflops.bf16") */
      return g_strdup_printf (_("%s support of the %s is not in the catalog, so the run is not "
                                "timed: add “%s” to its “precisions” and its rate as “%s” in "
                                "your GPU catalog (gpus.json), or choose another precision"),
                              name, gpu->name, precision_key (precision), key);
    case RP_SUPPORT_YES:
      if (rp_gpu_peak_tflops (gpu, precision) > 0)
        return NULL;
      /* TRANSLATORS: a precision ("BF16"), a GPU's name, a catalog key */
      return g_strdup_printf (_("The %s throughput of the %s is not in the catalog, so the run "
                                "is not timed: add it as “%s” in your GPU catalog (gpus.json), "
                                "or choose another precision"), name, gpu->name, key);
    case RP_SUPPORT_NO:
    default:
      return NULL;
    }
}

char *
rp_words_gpu_derived (const RpGpu *gpu)
{
  GString *text = NULL;

  g_return_val_if_fail (gpu != NULL, NULL);

  for (guint i = 0; i < gpu->derivations->len; i++)
    {
      const RpGpuDerivation *d = g_ptr_array_index (gpu->derivations, i);
      guint32 fields = 0;
      g_autofree char *list = NULL;
      const char *why;
      gboolean several;

      for (guint b = 0; b < RP_N_GPU_FIELDS; b++)
        if (rp_gpu_field_derivation (gpu, 1u << b) == d)
          fields |= 1u << b;
      if (fields == 0)
        continue;
      list = field_list (fields);
      several = (fields & (fields - 1)) != 0;
      why = d->why_zh != NULL && rp_units_reads_chinese () ? d->why_zh : d->why;
      text = text != NULL ? g_string_append_c (text, ' ') : g_string_new (NULL);
      if (d->from_gpu != NULL)
        {
          const RpGpu *from = d->from_entry;

          /* TRANSLATORS: figures ("memory bandwidth and BF16 throughput"),
           * a GPU, the GPU they are taken from, the reason from the catalog */
          g_string_append_printf (text, several
                                  ? _("The %s of the %s are taken from the %s: %s.")
                                  : _("The %s of the %s is taken from the %s: %s."),
                                  list, gpu->name, from != NULL ? from->name : d->from_gpu,
                                  why);
        }
      else
        /* TRANSLATORS: a figure, a GPU, another figure, the reason */
        g_string_append_printf (text, _("The %s of the %s is taken as its %s: %s."), list,
                                gpu->name, rp_words_gpu_field (d->from_field), why);
    }
  return text != NULL ? g_string_free (text, FALSE) : NULL;
}

char *
rp_words_rent_choice (const RpPrices *prices,
                      const char     *gpu_name)
{
  const RpCloudOffer *offer;
  GString *text = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (prices != NULL && gpu_name != NULL, NULL);

  offer = prices->offer;
  if (offer == NULL || prices->rent_flags == 0)
    return NULL;
  name = offer_name (offer);
  text = g_string_new (NULL);
  if ((prices->rent_flags & RP_RENT_FLAG_SHAPE_TOO_SMALL) != 0)
    {
      guint max = rp_cloud_offer_max_gpus_per_node (offer);

      /* TRANSLATORS: an offer, its largest instance in GPUs, a GPU name */
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                                 "%s rents at most %u GPU in one instance, so "
                                                 "these nodes of %s cannot be rented from it; "
                                                 "choose fewer GPUs per node or another offer",
                                                 "%s rents at most %u GPUs in one instance, so "
                                                 "these nodes of %s cannot be rented from it; "
                                                 "choose fewer GPUs per node or another offer",
                                                 max), name, max, gpu_name);
      return g_string_free (text, FALSE);
    }
  if ((prices->rent_flags & RP_RENT_FLAG_USER_QUOTE) != 0)
    /* TRANSLATORS: an offer */
    g_string_append_printf (text, _("The rent is your own quote from %s, used before the "
                                    "catalog’s offers."), name);
  if ((prices->rent_flags & RP_RENT_FLAG_WON_ON_MARGIN) != 0 && prices->rent_beaten != NULL)
    {
      g_autofree char *beaten = offer_name (prices->rent_beaten);
      g_autofree char *margin = rp_units_format_percent (RP_UNKNOWN_PROVIDER_MARGIN * 100, 0);

      /* TRANSLATORS: an offer, the margin ("25 %"), the known offer it beat */
      g_string_append_printf (text, _("%s is from a provider whose prices and terms Rigplan "
                                      "could not check; it is chosen only because it costs at "
                                      "least %s less than %s, the cheapest offer from a known "
                                      "provider: check its terms before you rent."),
                              name, margin, beaten);
    }
  else if ((prices->rent_flags & RP_RENT_FLAG_PROVIDER_UNKNOWN) != 0)
    /* TRANSLATORS: an offer */
    g_string_append_printf (text, _("%s is from a provider whose prices and terms Rigplan could "
                                    "not check: check them before you rent."), name);
  if ((prices->rent_flags & RP_RENT_FLAG_SHAPE_UNSTATED) != 0)
    {
      if (text->len > 0)
        g_string_append_c (text, ' ');
      /* TRANSLATORS: an offer */
      g_string_append_printf (text, _("%s bills by the card and does not say how many cards one "
                                      "machine holds: check that one machine rents all the GPUs "
                                      "of a node."), name);
    }
  if (text->len == 0)
    {
      g_string_free (text, TRUE);
      return NULL;
    }
  return g_string_free (text, FALSE);
}

const char *
rp_words_hole_entry (RpHoleEntry entry)
{
  switch (entry)
    {
    case RP_HOLE_GPU:
      /* TRANSLATORS: a kind of catalog entry, in "rigplan-cli catalog check" */
      return _("GPU");
    case RP_HOLE_OFFER:
      return _("offer");
    case RP_HOLE_PURCHASE:
      return _("purchase");
    case RP_HOLE_REGION:
      return _("region");
    case RP_N_HOLE_ENTRIES:
    default:
      g_return_val_if_reached ("?");
    }
}

char *
rp_words_catalog_hole (const RpCatalogHole *hole)
{
  g_return_val_if_fail (hole != NULL, NULL);

  switch (hole->kind)
    {
    case RP_HOLE_UNKNOWN_FIGURE:
      /* TRANSLATORS: a catalog key, in "rigplan-cli catalog check" */
      return g_strdup_printf (_("%s: unknown"), hole->key);
    case RP_HOLE_UNKNOWN_SUPPORT:
      /* TRANSLATORS: a precision ("BF16") */
      return g_strdup_printf (_("%s support: unknown"), precision_name (hole->precision));
    case RP_HOLE_DERIVED:
      if (hole->from != NULL)
        /* TRANSLATORS: a catalog key, a GPU id */
        return g_strdup_printf (_("%s: taken from %s"), hole->key, hole->from);
      /* TRANSLATORS: a catalog key */
      return g_strdup_printf (_("%s: taken from another figure"), hole->key);
    case RP_HOLE_NO_RENT:
      return g_strdup (_("no offer rents it"));
    case RP_HOLE_NO_PURCHASE:
      return g_strdup (_("no price to buy it"));
    case RP_HOLE_STALE:
      {
        guint months = (guint) round (MAX (hole->age_months, 0));

        if (hole->age_months < 0)
          /* TRANSLATORS: a catalog key, then its date, which is after today */
          return g_strdup_printf (_("%s %s: after today, so the date is wrong"), hole->key,
                                  hole->as_of);

        /* TRANSLATORS: a catalog key, its date, its age in months */
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s %s: %u month old",
                                             "%s %s: %u months old", months),
                                hole->key, hole->as_of, months);
      }
    case RP_HOLE_UNSOURCED:
      /* TRANSLATORS: a catalog key ("source", "source_kind") */
      return g_strdup_printf (_("%s: missing"), hole->key);
    case RP_HOLE_LISTING:
      return g_strdup (_("price from a listing (one seller’s asking price)"));
    case RP_HOLE_UNKNOWN_PROVIDER:
      return g_strdup (_("provider of unknown standing"));
    case RP_HOLE_SHAPE_UNSTATED:
      return g_strdup (_("rents by the card; how many cards one machine holds is not stated"));
    case RP_N_HOLE_KINDS:
    default:
      g_return_val_if_reached (NULL);
    }
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-words-figures.c: a result figure as people read it, and the key
 * figures of the window's cards and the PDF's summary
 *
 * Labels and units come from the figure table (figures/rp-figures.h);
 * this file only turns them into text.  Durations are written in one
 * unit per table (rp_units_duration_for), never one per number. */

#include "config.h"

#include "rp-words.h"

#include "rp-format.h"
#include "rp-gettext.h"
#include "rp-scenario.h"
#include "rp-units.h"

#include <math.h>

/* ---- helpers -------------------------------------------------------- */

/* @format ("%s kWh") with the number in it, copied, not printed */
static char *
with_unit (const char *format,
           double      value,
           int         digits)
{
  return rp_units_format_in (format, value, digits);
}

/* Rates: plain below a million, counted above ("1.2 million"). */
static char *
rate_text (double value,
           int    digits)
{
  if (fabs (value) >= 1e6)
    return rp_units_format_count (value);
  return rp_units_format_number (value, digits);
}

/* ---- public API ----------------------------------------------------- */

const char *
rp_words_figure_label (const RpFigure *figure)
{
  g_return_val_if_fail (figure != NULL, NULL);
  return rp_gettext_static (rp_figure_get_label (figure));
}

char *
rp_words_figure_value (const RpFigure *figure,
                       double          value,
                       RpCurrency      currency,
                       RpDuration      duration)
{
  int digits;

  g_return_val_if_fail (figure != NULL, NULL);

  if (!isfinite (value))
    return g_strdup ("—");
  digits = rp_figure_get_digits (figure);
  switch (rp_figure_get_unit (figure))
    {
    case RP_FIGURE_UNIT_BYTES:
      return rp_units_format_bytes (value);
    case RP_FIGURE_UNIT_PERCENT:
      return rp_units_format_percent (value, digits);
    case RP_FIGURE_UNIT_FRACTION:
      return rp_units_format_percent (100 * value, digits);
    case RP_FIGURE_UNIT_SECONDS:
      /* TRANSLATORS: a duration in seconds; %s is the number */
      return with_unit (_("%s s"), value, digits);
    case RP_FIGURE_UNIT_HOURS:
      return rp_units_format_duration (value, duration);
    case RP_FIGURE_UNIT_DAYS:
      return rp_units_format_duration (value * 24, duration);
    case RP_FIGURE_UNIT_MONTHS:
      /* TRANSLATORS: a duration in months; %s is the number */
      return with_unit (_("%s months"), value, digits);
    case RP_FIGURE_UNIT_MONEY:
    case RP_FIGURE_UNIT_MONEY_PER_GPU_HOUR:
    case RP_FIGURE_UNIT_MONEY_PER_MONTH:
      return rp_units_format_money (value, currency);
    case RP_FIGURE_UNIT_FLOPS:
    case RP_FIGURE_UNIT_COUNT:
      return rp_units_format_count (value);
    case RP_FIGURE_UNIT_PER_SECOND:
    case RP_FIGURE_UNIT_GPU_HOURS:
      return rate_text (value, digits);
    case RP_FIGURE_UNIT_KWH:
      /* TRANSLATORS: energy; %s is the number */
      return with_unit (_("%s kWh"), value, digits);
    case RP_FIGURE_UNIT_KG_CO2:
      /* TRANSLATORS: carbon dioxide emitted; %s is the number */
      return with_unit (_("%s kg CO₂"), value, digits);
    case RP_FIGURE_UNIT_WATTS:
      /* TRANSLATORS: power in kilowatts; %s is the number */
      return with_unit (_("%s kW"), value / 1000, 1);
    case RP_FIGURE_UNIT_KW:
      return with_unit (_("%s kW"), value, digits);
    case RP_FIGURE_UNIT_TFLOPS:
      /* TRANSLATORS: peak compute of one GPU; %s is the number */
      return with_unit (_("%s TFLOP/s"), value, digits);
    case RP_FIGURE_UNIT_TFLOPS_PER_W:
      /* TRANSLATORS: performance per watt; %s is a number */
      return with_unit (_("%s TFLOP/s per W"), value, digits);
    case RP_FIGURE_UNIT_GB:
      /* TRANSLATORS: memory or storage in gigabytes; %s is the number */
      return with_unit (_("%s GB"), value, digits);
    case RP_FIGURE_UNIT_TB:
      /* TRANSLATORS: storage in terabytes; %s is the number */
      return with_unit (_("%s TB"), value, digits);
    case RP_FIGURE_UNIT_GBIT_S:
      /* TRANSLATORS: a network line rate; %s is the number */
      return with_unit (_("%s Gb/s"), value, digits);
    case RP_FIGURE_UNIT_MB_S:
      /* TRANSLATORS: a read rate; %s is the number */
      return with_unit (_("%s MB/s"), value, digits);
    case RP_FIGURE_UNIT_NUMBER:
    case RP_FIGURE_UNIT_NONE:
    default:
      return rp_units_format_number (value, digits);
    }
}

char *
rp_words_figure (const RpEstimate *est,
                 const char       *key,
                 RpDuration        duration)
{
  const RpFigure *figure = rp_figures_lookup (key);
  double value;

  g_return_val_if_fail (est != NULL && figure != NULL, NULL);

  if (!rp_figure_get (figure, est, &value))
    return g_strdup ("—");
  return rp_words_figure_value (figure, value, est->cost.currency, duration);
}

RpDuration
rp_words_duration_of (const RpEstimate *est)
{
  g_return_val_if_fail (est != NULL, RP_DURATION_HOURS);

  return rp_units_duration_for (est->compute.computed ? est->compute.hours : 0);
}

/* ---- key figures ---------------------------------------------------- */

/* The cards: each shows one figure of the table, under that figure's
 * own label (throughput: tokens or samples per second, whichever the
 * model counts). */
static const struct
{
  const char *name;
  const char *key;
} cards[RP_WORDS_N_FIGURES] = {
  { "vram", "memory.total" },
  { "headroom", "memory.headroom_pct" },
  { "time", "compute.days" },
  { "throughput", "compute.tokens_per_s" },
  { "rent", "cost.rent_total" },
  { "capital", "cost.buy_capital" },
  { "monthly", "cost.buy_per_month" },
  { "payback", "cost.break_even_months" },
};

static void
set_card (RpWordsFigureText *f,
          char              *value,
          const char        *detail)
{
  g_free (f->value);
  g_free (f->detail);
  f->value = value;
  /* TRANSLATORS: shown instead of a figure the models cannot give */
  f->detail = g_strdup (detail != NULL ? detail : value == NULL ? _("not available") : "");
}

/* The figure's text, or NULL where the estimate holds none. */
static char *
card_value (const RpEstimate *est,
            const char       *key)
{
  const RpFigure *figure = rp_figures_lookup (key);
  double value;

  if (!rp_figure_get (figure, est, &value))
    return NULL;
  return rp_words_figure_value (figure, value, est->cost.currency, rp_words_duration_of (est));
}

static void
memory_cards (const RpEstimate  *est,
              RpWordsFigureText *out)
{
  const RpMemoryEstimate *mem = &est->memory;
  g_autofree char *capacity = rp_units_format_bytes (mem->capacity_bytes);
  g_autofree char *band = rp_words_band (est, "memory.total", RP_DURATION_HOURS);
  g_autofree char *of = band != NULL
    /* TRANSLATORS: the GPU's memory, then the band ("likely 19–23 GiB") */
    ? g_strdup_printf (_("of %s; %s"), capacity, band)
    : g_strdup_printf (_("of %s"), capacity);
  g_autofree char *required = rp_units_format_percent (mem->required_headroom_pct, 0);
  g_autofree char *free_text = rp_units_format_bytes (fabs (mem->free_bytes));
  g_autofree char *hd = NULL;

  if (mem->free_bytes >= 0)
    /* TRANSLATORS: free memory, then the required headroom */
    hd = g_strdup_printf (_("%s free; %s required"), free_text, required);
  else
    hd = g_strdup_printf (_("%s short"), free_text);
  set_card (&out[RP_WORDS_FIGURE_VRAM], card_value (est, "memory.total"), of);
  set_card (&out[RP_WORDS_FIGURE_HEADROOM], card_value (est, "memory.headroom_pct"), hd);
}

static void
time_cards (const RpScenario  *scenario,
            const RpEstimate  *est,
            RpWordsFigureText *out)
{
  const RpComputeEstimate *comp = &est->compute;
  guint n_gpus = rp_scenario_n_gpus (scenario);
  gboolean tokens = comp->tokens_per_s > 0;
  g_autofree char *gpu_hours = card_value (est, "compute.gpu_hours");
  g_autofree char *mfu = card_value (est, "compute.mfu");
  g_autofree char *time_detail = NULL;
  g_autofree char *rate_detail = NULL;

  /* TRANSLATORS: GPU-hours, MFU, and what limits the run */
  time_detail = g_strdup_printf (_("%s GPU-hours; MFU %s, limited by %s"), gpu_hours, mfu,
                                 rp_words_bottleneck (comp->bottleneck));
  rate_detail = g_strdup_printf (tokens ? g_dngettext (GETTEXT_PACKAGE, "tokens/s on %u GPU",
                                                       "tokens/s on %u GPUs", n_gpus)
                                        : g_dngettext (GETTEXT_PACKAGE, "samples/s on %u GPU",
                                                       "samples/s on %u GPUs", n_gpus), n_gpus);
  {
    g_autofree char *band = rp_words_band (est, "compute.days", rp_words_duration_of (est));

    if (band != NULL)
      {
        char *both = g_strdup_printf ("%s\n%s", band, time_detail);

        g_free (time_detail);
        time_detail = both;
      }
  }
  set_card (&out[RP_WORDS_FIGURE_TIME], card_value (est, "compute.days"), time_detail);
  {
    g_autofree char *band = rp_words_band (est, tokens ? "compute.tokens_per_s"
                                                       : "compute.samples_per_s",
                                           rp_words_duration_of (est));

    if (band != NULL)
      {
        /* TRANSLATORS: a card's detail, then the band ("likely 1,662–2,496") */
        char *both = g_strdup_printf (_("%s; %s"), rate_detail, band);

        g_free (rate_detail);
        rate_detail = both;
      }
  }
  set_card (&out[RP_WORDS_FIGURE_THROUGHPUT],
            card_value (est, tokens ? "compute.tokens_per_s" : "compute.samples_per_s"),
            rate_detail);
}

static void
cost_cards (const RpScenario  *scenario,
            const RpEstimate  *est,
            RpWordsFigureText *out)
{
  const RpCostEstimate *cost = &est->cost;
  g_autofree char *rate = card_value (est, "cost.rent_per_gpu_hour");
  g_autofree char *rent_detail = g_strdup_printf (_("%s per GPU-hour"), rate);
  g_autofree char *share = card_value (est, "cost.buy_total");
  g_autofree char *capital_detail = g_strdup_printf (_("this run’s share: %s"), share);
  g_autofree char *utilization = rp_units_format_percent (scenario->budget.utilization_pct, 0);
  g_autofree char *month_detail = g_strdup_printf (_("at %s utilization"), utilization);
  char *rent = card_value (est, "cost.rent_total");
  char *payback;

  set_card (&out[RP_WORDS_FIGURE_RENT], rent, rent != NULL ? rent_detail : NULL);
  if (cost->buy_available)
    {
      set_card (&out[RP_WORDS_FIGURE_CAPITAL], card_value (est, "cost.buy_capital"),
                share != NULL ? capital_detail : "");
      set_card (&out[RP_WORDS_FIGURE_MONTHLY], card_value (est, "cost.buy_per_month"),
                month_detail);
    }
  if (!cost->rent_available || !cost->buy_available)
    return;
  payback = card_value (est, "cost.break_even_months");
  /* TRANSLATORS: buying does not pay back within the depreciation period */
  set_card (&out[RP_WORDS_FIGURE_PAYBACK],
            payback != NULL ? payback : g_strdup (_("not within the period")), month_detail);
}

const char *
rp_words_figure_name (RpWordsFigure figure)
{
  g_return_val_if_fail ((guint) figure < RP_WORDS_N_FIGURES, NULL);
  return cards[figure].name;
}

const char *
rp_words_figure_caption (RpWordsFigure figure)
{
  g_return_val_if_fail ((guint) figure < RP_WORDS_N_FIGURES, NULL);
  /* a card shows either rate; its caption names both */
  if (figure == RP_WORDS_FIGURE_THROUGHPUT)
    return _("Throughput");
  return rp_words_figure_label (rp_figures_lookup (cards[figure].key));
}

void
rp_words_figures (const RpScenario  *scenario,
                  const RpEstimate  *est,
                  RpWordsFigureText  out[RP_WORDS_N_FIGURES])
{
  g_return_if_fail (scenario != NULL && out != NULL);

  for (guint i = 0; i < RP_WORDS_N_FIGURES; i++)
    {
      out[i].name = cards[i].name;
      out[i].caption = rp_words_figure_caption (i);
      out[i].value = NULL;
      out[i].detail = NULL;
      set_card (&out[i], NULL, NULL);
    }
  if (est == NULL)
    return;
  if (est->memory.computed)
    memory_cards (est, out);
  if (est->compute.computed)
    time_cards (scenario, est, out);
  if (est->cost.computed)
    cost_cards (scenario, est, out);
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

/* ---- public API: bands (models/rp-bands.c) -------------------------- */

/* The ends of @key's band as shown; FALSE when it has none or both
 * ends read the same. */
static gboolean
band_ends (const RpEstimate *est,
           const char       *key,
           RpDuration        duration,
           char            **low,
           char            **high)
{
  const RpFigure *figure = rp_figures_lookup (key);
  double lo, hi;

  g_return_val_if_fail (figure != NULL, FALSE);
  if (!rp_figure_get_band (figure, est, &lo, &hi))
    return FALSE;
  *low = rp_words_figure_value (figure, lo, est->cost.currency, duration);
  *high = rp_words_figure_value (figure, hi, est->cost.currency, duration);
  if (g_strcmp0 (*low, *high) != 0)
    return TRUE;
  g_clear_pointer (low, g_free);
  g_clear_pointer (high, g_free);
  return FALSE;
}

char *
rp_words_band_range (const RpEstimate *est,
                     const char       *key,
                     RpDuration        duration)
{
  g_autofree char *low = NULL;
  g_autofree char *high = NULL;

  g_return_val_if_fail (est != NULL && key != NULL, NULL);

  if (!band_ends (est, key, duration, &low, &high))
    return NULL;
  /* TRANSLATORS: a range, low end then high end: "19.8 GiB–23.5 GiB" */
  return g_strdup_printf (_("%s–%s"), low, high);
}

char *
rp_words_band (const RpEstimate *est,
               const char       *key,
               RpDuration        duration)
{
  g_autofree char *low = NULL;
  g_autofree char *high = NULL;

  g_return_val_if_fail (est != NULL && key != NULL, NULL);

  if (!band_ends (est, key, duration, &low, &high))
    return NULL;
  /* TRANSLATORS: the band around a figure: its low and high ends, from
   * Rigplan's error on published runs, "likely 19.8 GiB–23.5 GiB" */
  return g_strdup_printf (_("likely %s–%s"), low, high);
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-words-bands.c: how sure a figure is, in words
 *
 * The bands themselves are numbers the models put in the estimate
 * (models/rp-bands.c); the figure table says which figure has one
 * (rp_figure_get_band); this file only writes them for the CLI and PDF
 * tables, the window's cards and the memory verdict. */

#include "config.h"

#include "rp-words.h"

#include "rp-units.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* ---- public API ----------------------------------------------------- */

char *
rp_words_band_range (const RpEstimate *est,
                     const char       *key,
                     RpDuration        duration)
{
  const RpFigure *figure;
  g_autofree char *low = NULL;
  g_autofree char *high = NULL;
  double lo, hi;

  g_return_val_if_fail (est != NULL && key != NULL, NULL);

  figure = rp_figures_lookup (key);
  g_return_val_if_fail (figure != NULL, NULL);
  if (!rp_figure_get_band (figure, est, &lo, &hi))
    return NULL;
  low = rp_words_figure_value (figure, lo, est->cost.currency, duration);
  high = rp_words_figure_value (figure, hi, est->cost.currency, duration);
  if (g_strcmp0 (low, high) == 0)
    return NULL;
  /* TRANSLATORS: a range, low end then high end: "19.8 GiB–23.5 GiB" */
  return g_strdup_printf (_("%s–%s"), low, high);
}

char *
rp_words_band (const RpEstimate *est,
               const char       *key,
               RpDuration        duration)
{
  const RpFigure *figure;
  g_autofree char *low = NULL;
  g_autofree char *high = NULL;
  double lo, hi;

  g_return_val_if_fail (est != NULL && key != NULL, NULL);

  figure = rp_figures_lookup (key);
  g_return_val_if_fail (figure != NULL, NULL);
  if (!rp_figure_get_band (figure, est, &lo, &hi))
    return NULL;
  low = rp_words_figure_value (figure, lo, est->cost.currency, duration);
  high = rp_words_figure_value (figure, hi, est->cost.currency, duration);
  if (g_strcmp0 (low, high) == 0)
    return NULL;
  /* TRANSLATORS: the band around a figure: its low and high ends, from
   * Rigplan's error on published runs, "likely 19.8 GiB–23.5 GiB" */
  return g_strdup_printf (_("likely %s–%s"), low, high);
}

char *
rp_words_band_source (const RpBand *band)
{
  g_return_val_if_fail (band != NULL, NULL);

  if (!band->known)
    return g_strdup (_("no published runs of this kind to say how sure"));
  if (band->calibrated)
    /* TRANSLATORS: %.0f is a percentage */
    return g_strdup_printf (_("narrowed to %.0f %% of the published error by calibration"),
                            100 * band->scale);
  /* TRANSLATORS: %u is a count of published training runs */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "from Rigplan's error on %u published run",
                                       "from Rigplan's error on %u published runs", band->n),
                          band->n);
}

char *
rp_words_vram_band (const RpEstimate *est)
{
  const RpMemoryEstimate *m;
  g_autofree char *total = NULL;
  g_autofree char *high = NULL;
  g_autofree char *required = NULL;

  g_return_val_if_fail (est != NULL, NULL);

  m = &est->memory;
  if (m->verdict != RP_VERDICT_TIGHT || !m->band.known ||
      m->headroom_pct < m->required_headroom_pct)
    return NULL;
  total = rp_units_format_bytes (m->total_bytes);
  high = rp_units_format_bytes (m->total_high_bytes);
  required = rp_units_format_percent (m->required_headroom_pct, 0);
  /* TRANSLATORS: memory per GPU, the band's high end, the headroom
   * required; "tight" because only the estimate itself fits */
  return g_strdup_printf (_("Needs %s per GPU, but runs like it have needed up to %s: that "
                            "would not leave the %s headroom required"), total, high, required);
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-words-bands.c: how sure a figure is, in words
 *
 * The bands themselves are numbers the models put in the estimate
 * (models/rp-bands.c); the figure table says which figure has one
 * (rp_figure_get_band) and rp-words-figures.c writes a figure's band
 * with its values ("likely 19.8 GiB–23.5 GiB"); this file says where a
 * band comes from and words the memory verdict it makes tight. */

#include "config.h"

#include "rp-words.h"

#include "rp-format.h"
#include "rp-gettext.h"
#include "rp-units.h"

#include <math.h>
#include <string.h>

/* ---- public API ----------------------------------------------------- */

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

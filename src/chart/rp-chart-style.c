/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-chart-style.c: the palettes, fonts and line widths charts are drawn in
 *
 * Series colours follow the GNOME palette (GNOME HIG, "Colors"): the 3
 * shade for light backgrounds and print, the 1–2 shade on dark ones.
 *
 * Every palette is then held to WCAG 2.1 level AA against the background
 * it is drawn on (https://www.w3.org/TR/WCAG21/): 4.5:1 for the inks
 * text is written in (success criterion 1.4.3, "Contrast (Minimum)") and
 * 3:1 for bars and lines (1.4.11, "Non-text Contrast").  A colour below
 * that is moved toward black or white, just far enough.  The theme's
 * accent is the usual offender: Adwaita's selection blue #3584e4 is 3.7:1
 * on white, its dark #15539e 2.0:1 on #2d2d2d. */

#include "config.h"

#include "rp-chart.h"
#include "rp-chart-private.h"

#include <math.h>
#include <string.h>

/* WCAG 2.1, 1.4.3 and 1.4.11 (level AA). */
static const double min_text_contrast = 4.5;
static const double min_graphics_contrast = 3.0;

/* ---- helpers -------------------------------------------------------- */

static RpChartRgba
rgb (guint32 hex)
{
  return (RpChartRgba) {
    ((hex >> 16) & 0xff) / 255.0,
    ((hex >> 8) & 0xff) / 255.0,
    (hex & 0xff) / 255.0,
    1.0,
  };
}

/* @a over @b at @t (0: b, 1: a), opaque. */
static RpChartRgba
mix (const RpChartRgba *a,
     const RpChartRgba *b,
     double             t)
{
  return (RpChartRgba) {
    a->red * t + b->red * (1 - t),
    a->green * t + b->green * (1 - t),
    a->blue * t + b->blue * (1 - t),
    1.0,
  };
}

/* The channel's linear value (sRGB transfer function, as WCAG 2.1's
 * definition of relative luminance writes it). */
static double
linear_channel (double c)
{
  return c <= 0.03928 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

/* @c moved toward black or white (whichever contrasts more with @bg)
 * until it has @min_ratio against each of @bg and @band; the smallest
 * such move, found by bisection. */
static void
ensure_contrast (RpChartRgba       *c,
                 const RpChartRgba *bg,
                 const RpChartRgba *band,
                 double             min_ratio)
{
  static const RpChartRgba black = { 0, 0, 0, 1 };
  static const RpChartRgba white = { 1, 1, 1, 1 };
  const RpChartRgba *target;
  RpChartRgba start = *c;
  double lo = 0, hi = 1;

  if (MIN (rp_chart_contrast_ratio (c, bg), rp_chart_contrast_ratio (c, band)) >= min_ratio)
    return;
  target = rp_chart_contrast_ratio (&black, bg) > rp_chart_contrast_ratio (&white, bg)
           ? &black : &white;
  for (guint i = 0; i < 30; i++)
    {
      double t = (lo + hi) / 2;
      RpChartRgba m = mix (target, &start, t);

      if (MIN (rp_chart_contrast_ratio (&m, bg), rp_chart_contrast_ratio (&m, band)) >= min_ratio)
        hi = t;
      else
        lo = t;
    }
  *c = mix (target, &start, hi);
}

/* Holds every ink of @style to WCAG AA on its background and on the
 * highlight band (the accent at RP_CHART_BAND_ALPHA over it). */
static void
meet_contrast (RpChartStyle *style)
{
  RpChartRgba *text_inks[] = {
    &style->fg, &style->muted, &style->accent, &style->danger, &style->warning, &style->good,
  };
  RpChartRgba band;

  /* The accent first: the band is made of it. */
  ensure_contrast (&style->accent, &style->bg, &style->bg, min_text_contrast);
  band = mix (&style->accent, &style->bg, RP_CHART_BAND_ALPHA);
  for (guint i = 0; i < G_N_ELEMENTS (text_inks); i++)
    {
      ensure_contrast (text_inks[i], &style->bg, &style->bg, min_text_contrast);
      ensure_contrast (text_inks[i], &style->bg, &band, min_graphics_contrast);
    }
  for (guint i = 0; i < RP_CHART_N_SERIES_COLORS; i++)
    ensure_contrast (&style->series[i], &style->bg, &band, min_graphics_contrast);
}

static const guint32 light_series[RP_CHART_N_SERIES_COLORS] = {
  0x1c71d8, /* blue 4 */
  0x2ec27e, /* green 4 */
  0xe5a50a, /* yellow 5 */
  0x813d9c, /* purple 4 */
  0xe66100, /* orange 5 */
  0x0f9d9a, /* teal */
  0x865e3c, /* brown 4 */
  0xc061cb, /* purple 2 */
};

static const guint32 dark_series[RP_CHART_N_SERIES_COLORS] = {
  0x62a0ea, /* blue 2 */
  0x57e389, /* green 2 */
  0xf6d32d, /* yellow 3 */
  0xc061cb, /* purple 2 */
  0xffa348, /* orange 2 */
  0x5fd7d4, /* teal, light */
  0xcdab8f, /* brown 1 */
  0xdc8add, /* purple 1 */
};

static void
init_common (RpChartStyle *style)
{
  g_strlcpy (style->font_family, "Sans", sizeof style->font_family);
  style->font_size = 13;
  style->line_width = 2.25;
  style->grid_width = 1;
  style->rule_width = 2;
  style->padding = 16;
}

/* ---- public API ----------------------------------------------------- */

void
rp_chart_style_init_print (RpChartStyle *style)
{
  g_return_if_fail (style != NULL);

  memset (style, 0, sizeof *style);
  init_common (style);
  style->fg = rgb (0x241f31);
  style->bg = rgb (0xffffff);
  style->muted = mix (&style->fg, &style->bg, 0.68);
  style->grid = mix (&style->fg, &style->bg, 0.14);
  style->accent = rgb (0x1c71d8);
  style->danger = rgb (0xc01c28);
  style->warning = rgb (0xa05000);
  style->good = rgb (0x26a269);
  for (guint i = 0; i < RP_CHART_N_SERIES_COLORS; i++)
    style->series[i] = rgb (light_series[i]);
  style->paint_bg = TRUE;
  meet_contrast (style);
}

void
rp_chart_style_init_screen (RpChartStyle      *style,
                            const RpChartRgba *fg,
                            const RpChartRgba *bg,
                            const RpChartRgba *accent,
                            gboolean           dark)
{
  g_return_if_fail (style != NULL);
  g_return_if_fail (fg != NULL && bg != NULL && accent != NULL);

  memset (style, 0, sizeof *style);
  init_common (style);
  style->fg = *fg;
  style->fg.alpha = 1;
  style->bg = *bg;
  style->bg.alpha = 1;
  style->muted = mix (&style->fg, &style->bg, 0.7);
  style->grid = mix (&style->fg, &style->bg, dark ? 0.16 : 0.14);
  style->accent = *accent;
  style->accent.alpha = 1;
  style->danger = rgb (dark ? 0xff7b63 : 0xc01c28);
  style->warning = rgb (dark ? 0xf8e45c : 0xa05000);
  style->good = rgb (dark ? 0x8ff0a4 : 0x26a269);
  for (guint i = 0; i < RP_CHART_N_SERIES_COLORS; i++)
    style->series[i] = rgb (dark ? dark_series[i] : light_series[i]);
  style->paint_bg = FALSE;
  meet_contrast (style);
}

double
rp_chart_relative_luminance (const RpChartRgba *color)
{
  g_return_val_if_fail (color != NULL, 0);

  /* WCAG 2.1, "relative luminance": L = 0.2126 R + 0.7152 G + 0.0722 B
   * over the linear channels (the ITU-R BT.709 coefficients). */
  return 0.2126 * linear_channel (color->red) + 0.7152 * linear_channel (color->green) +
         0.0722 * linear_channel (color->blue);
}

double
rp_chart_contrast_ratio (const RpChartRgba *a,
                         const RpChartRgba *b)
{
  double la, lb;

  g_return_val_if_fail (a != NULL && b != NULL, 1);

  /* WCAG 2.1, "contrast ratio": (L1 + 0.05) / (L2 + 0.05), L1 the lighter. */
  la = rp_chart_relative_luminance (a);
  lb = rp_chart_relative_luminance (b);
  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

void
rp_chart_style_get_ink (const RpChartStyle *style,
                        RpChartInk          ink,
                        RpChartRgba        *out)
{
  g_return_if_fail (style != NULL && out != NULL);

  switch (ink)
    {
    case RP_CHART_INK_FG:
      *out = style->fg;
      break;
    case RP_CHART_INK_MUTED:
      *out = style->muted;
      break;
    case RP_CHART_INK_ACCENT:
      *out = style->accent;
      break;
    case RP_CHART_INK_DANGER:
      *out = style->danger;
      break;
    case RP_CHART_INK_WARNING:
      *out = style->warning;
      break;
    case RP_CHART_INK_GOOD:
      *out = style->good;
      break;
    case RP_CHART_INK_GRID:
      *out = style->grid;
      break;
    case RP_CHART_INK_SERIES:
    default:
      *out = style->series[(ink - RP_CHART_INK_SERIES) % RP_CHART_N_SERIES_COLORS];
      break;
    }
}

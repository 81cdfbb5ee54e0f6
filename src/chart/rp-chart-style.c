/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-chart-style.c: the palettes, fonts and line widths charts are drawn in
 *
 * Series colours follow the GNOME palette (GNOME HIG, "Colors"): the 3
 * shade for light backgrounds and print, the 1–2 shade on dark ones. */

#include "config.h"

#include "rp-chart.h"
#include "rp-chart-private.h"

#include <string.h>

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

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-chart-style.c: the palettes keep WCAG 2.1 AA contrast
 *
 * Text inks need 4.5:1 against the background (success criterion 1.4.3),
 * bars and lines 3:1 (1.4.11), both on the plain background and on the
 * highlight band behind the scenario's own GPU. */

#include "config.h"

#include "rp-chart.h"

#include <math.h>

typedef struct
{
  const char *name;
  guint32     fg;
  guint32     bg;
  guint32     accent;
  gboolean    dark;
} Theme;

/* What GTK 4.8's Adwaita gives the chart view (gtk_style_context_get_color,
 * theme_base_color, theme_selected_bg_color), light and
 * GTK_THEME=Adwaita:dark, and two harder ones: a mid-grey base where
 * neither black nor white text has much room, and a pale accent. */
static const Theme themes[] = {
  { "Adwaita", 0x2e3436, 0xffffff, 0x3584e4, FALSE },
  { "Adwaita:dark", 0xeeeeec, 0x2d2d2d, 0x15539e, TRUE },
  { "mid-grey", 0x000000, 0x808080, 0x7f7fff, FALSE },
  { "pale accent on black", 0xffffff, 0x000000, 0x202040, TRUE },
};

static RpChartRgba
rgb (guint32 hex)
{
  return (RpChartRgba) { ((hex >> 16) & 0xff) / 255.0, ((hex >> 8) & 0xff) / 255.0,
                         (hex & 0xff) / 255.0, 1 };
}

static RpChartRgba
band_over (const RpChartStyle *style)
{
  /* The band is the accent at 12 % over the background (rp-chart-paint.c). */
  const double a = 0.12;

  return (RpChartRgba) { style->accent.red * a + style->bg.red * (1 - a),
                         style->accent.green * a + style->bg.green * (1 - a),
                         style->accent.blue * a + style->bg.blue * (1 - a), 1 };
}

static void
assert_ratio (const char        *palette,
              const char        *ink,
              const RpChartRgba *color,
              const RpChartRgba *on,
              double             min)
{
  double ratio = rp_chart_contrast_ratio (color, on);

  g_test_message ("%s: %s %.2f:1", palette, ink, ratio);
  if (ratio < min - 1e-9)
    g_error ("%s: %s has %.2f:1, below %.1f:1", palette, ink, ratio, min);
}

static void
assert_style_meets_aa (const char         *palette,
                       const RpChartStyle *style)
{
  const struct
  {
    const char        *name;
    const RpChartRgba *color;
  } text[] = {
    { "fg", &style->fg }, { "muted", &style->muted }, { "accent", &style->accent },
    { "danger", &style->danger }, { "warning", &style->warning }, { "good", &style->good },
  };
  RpChartRgba band = band_over (style);

  for (guint i = 0; i < G_N_ELEMENTS (text); i++)
    {
      assert_ratio (palette, text[i].name, text[i].color, &style->bg, 4.5);
      assert_ratio (palette, text[i].name, text[i].color, &band, 3.0);
    }
  for (guint i = 0; i < RP_CHART_N_SERIES_COLORS; i++)
    {
      g_autofree char *name = g_strdup_printf ("series %u", i);

      assert_ratio (palette, name, &style->series[i], &style->bg, 3.0);
      assert_ratio (palette, name, &style->series[i], &band, 3.0);
    }
}

/* ---- tests ---------------------------------------------------------- */

/* The formula against published figures: white on black is 21:1, and
 * WebAIM's contrast checker gives #767676 on white 4.54:1 and #777777
 * 4.48:1 (the grey where AA text passes and fails). */
static void
test_formula (void)
{
  RpChartRgba white = rgb (0xffffff), black = rgb (0x000000);
  RpChartRgba g76 = rgb (0x767676), g77 = rgb (0x777777);

  g_assert_cmpfloat (rp_chart_relative_luminance (&white), ==, 1);
  g_assert_cmpfloat (rp_chart_relative_luminance (&black), ==, 0);
  g_assert_cmpfloat_with_epsilon (rp_chart_contrast_ratio (&white, &black), 21, 1e-9);
  g_assert_cmpfloat_with_epsilon (rp_chart_contrast_ratio (&black, &white), 21, 1e-9);
  g_assert_cmpfloat_with_epsilon (rp_chart_contrast_ratio (&g76, &white), 4.54, 0.005);
  g_assert_cmpfloat_with_epsilon (rp_chart_contrast_ratio (&g77, &white), 4.48, 0.005);
  g_assert_cmpfloat (rp_chart_contrast_ratio (&white, &white), ==, 1);
}

static void
test_print (void)
{
  RpChartStyle style;

  rp_chart_style_init_print (&style);
  assert_style_meets_aa ("print", &style);
}

static void
test_screen (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (themes); i++)
    {
      RpChartRgba fg = rgb (themes[i].fg), bg = rgb (themes[i].bg), ac = rgb (themes[i].accent);
      RpChartStyle style;

      rp_chart_style_init_screen (&style, &fg, &bg, &ac, themes[i].dark);
      assert_style_meets_aa (themes[i].name, &style);
      /* The background is the theme's own. */
      g_assert_cmpfloat (rp_chart_contrast_ratio (&style.bg, &bg), ==, 1);
    }
}

/* Colours that already pass are left alone: Adwaita's text colour and
 * the light palette's blue 4 on white (5.1:1). */
static void
test_untouched (void)
{
  RpChartRgba fg = rgb (0x2e3436), bg = rgb (0xffffff), ac = rgb (0x3584e4);
  RpChartRgba blue4 = rgb (0x1c71d8);
  RpChartStyle style;

  rp_chart_style_init_screen (&style, &fg, &bg, &ac, FALSE);
  g_assert_cmpfloat (rp_chart_contrast_ratio (&style.fg, &fg), ==, 1);
  g_assert_cmpfloat (rp_chart_contrast_ratio (&style.series[0], &blue4), ==, 1);
  /* The accent did not pass (3.7:1) and moved, darker, to 4.5:1. */
  g_assert_cmpfloat (rp_chart_relative_luminance (&style.accent), <,
                     rp_chart_relative_luminance (&ac));
  g_assert_cmpfloat_with_epsilon (rp_chart_contrast_ratio (&style.accent, &bg), 4.5, 0.01);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chart/style/formula", test_formula);
  g_test_add_func ("/chart/style/print", test_print);
  g_test_add_func ("/chart/style/screen", test_screen);
  g_test_add_func ("/chart/style/untouched", test_untouched);

  return g_test_run ();
}

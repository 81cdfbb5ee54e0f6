/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-chart-paint.c: draws a computed layout; reads only its arguments
 *
 * Every colour comes from the style through the element's ink; every text
 * goes through PangoCairo (Cairo's toy text API has no font fallback, so
 * CJK would be boxes). */

#include "config.h"

#include "rp-chart.h"
#include "rp-chart-private.h"

#include <math.h>
#include <pango/pangocairo.h>

/* ---- helpers -------------------------------------------------------- */

static PangoFontDescription *
font_for (const char *family,
          double      size,
          gboolean    bold)
{
  PangoFontDescription *desc = pango_font_description_new ();

  pango_font_description_set_family (desc, family != NULL && *family != '\0' ? family : "Sans");
  pango_font_description_set_absolute_size (desc, MAX (size, 1) * PANGO_SCALE);
  pango_font_description_set_weight (desc, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  return desc;
}

static void
set_ink (cairo_t            *cr,
         const RpChartStyle *style,
         RpChartInk          ink,
         double              alpha)
{
  RpChartRgba c;

  rp_chart_style_get_ink (style, ink, &c);
  cairo_set_source_rgba (cr, c.red, c.green, c.blue, c.alpha * alpha);
}

static void
set_dash (cairo_t            *cr,
          const RpChartStyle *style,
          gboolean            dashed)
{
  double unit = MAX (style->rule_width, 1);
  double dashes[] = { 4 * unit, 3 * unit };

  if (dashed)
    cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
  else
    cairo_set_dash (cr, NULL, 0, 0);
}

static void
paint_segments (cairo_t            *cr,
                const RpChartStyle *style,
                GArray             *segments,
                double              width)
{
  for (guint i = 0; i < segments->len; i++)
    {
      const RpChartSegment *s = &g_array_index (segments, RpChartSegment, i);

      set_ink (cr, style, s->ink, 1);
      set_dash (cr, style, s->dashed);
      cairo_set_line_width (cr, width * s->width_scale);
      cairo_move_to (cr, s->x0, s->y0);
      cairo_line_to (cr, s->x1, s->y1);
      cairo_stroke (cr);
    }
  set_dash (cr, style, FALSE);
}

static void
paint_label (cairo_t            *cr,
             const RpChartStyle *style,
             const RpChartLabel *label)
{
  PangoLayout *layout;
  PangoFontDescription *desc;

  if (label->text == NULL || *label->text == '\0')
    return;
  layout = pango_cairo_create_layout (cr);
  desc = font_for (style->font_family, label->font_size, label->bold);
  pango_layout_set_font_description (layout, desc);
  pango_layout_set_text (layout, label->text, -1);
  cairo_save (cr);
  set_ink (cr, style, label->ink, 1);
  cairo_translate (cr, label->x, label->y);
  if (label->angle != 0)
    cairo_rotate (cr, label->angle);
  pango_cairo_update_layout (cr, layout);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
  pango_font_description_free (desc);
  g_object_unref (layout);
}

/* ---- public API ----------------------------------------------------- */

void
rp_chart_measure_text_pango (const char *text,
                             const char *font_family,
                             double      font_size,
                             gboolean    bold,
                             double     *out_width,
                             double     *out_height,
                             gpointer    user_data)
{
  PangoContext *context = user_data;
  PangoLayout *layout;
  PangoFontDescription *desc;
  PangoRectangle logical;

  g_return_if_fail (PANGO_IS_CONTEXT (context));
  g_return_if_fail (text != NULL && out_width != NULL && out_height != NULL);

  layout = pango_layout_new (context);
  desc = font_for (font_family, font_size, bold);
  pango_layout_set_font_description (layout, desc);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_extents (layout, NULL, &logical);
  *out_width = (double) logical.width / PANGO_SCALE;
  *out_height = (double) logical.height / PANGO_SCALE;
  pango_font_description_free (desc);
  g_object_unref (layout);
}

void
rp_chart_paint (cairo_t             *cr,
                const RpChartLayout *layout,
                const RpChartStyle  *style)
{
  const RpChartRect *p;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (layout != NULL);
  g_return_if_fail (style != NULL);

  p = &layout->plot;
  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  if (style->paint_bg)
    {
      cairo_set_source_rgba (cr, style->bg.red, style->bg.green, style->bg.blue, style->bg.alpha);
      cairo_rectangle (cr, 0, 0, layout->width, layout->height);
      cairo_fill (cr);
    }

  for (guint i = 0; i < layout->bands->len; i++)
    {
      const RpChartBox *b = &g_array_index (layout->bands, RpChartBox, i);

      set_ink (cr, style, b->ink, RP_CHART_BAND_ALPHA);
      cairo_rectangle (cr, b->rect.x, b->rect.y, b->rect.width, b->rect.height);
      cairo_fill (cr);
    }

  paint_segments (cr, style, layout->grid, style->grid_width);

  for (guint i = 0; i < layout->bars->len; i++)
    {
      const RpChartBox *b = &g_array_index (layout->bars, RpChartBox, i);

      set_ink (cr, style, b->ink, 1);
      cairo_rectangle (cr, b->rect.x, b->rect.y, b->rect.width, b->rect.height);
      cairo_fill (cr);
    }
  /* A hairline between stacked segments so neighbours stay apart. */
  if (layout->bars->len > 0)
    {
      cairo_set_source_rgba (cr, style->bg.red, style->bg.green, style->bg.blue, 1);
      cairo_set_line_width (cr, 1);
      for (guint i = 0; i < layout->bars->len; i++)
        {
          const RpChartBox *b = &g_array_index (layout->bars, RpChartBox, i);

          if (b->rect.height < 3)
            continue;
          cairo_move_to (cr, b->rect.x, b->rect.y);
          cairo_line_to (cr, b->rect.x + b->rect.width, b->rect.y);
          cairo_stroke (cr);
        }
    }

  paint_segments (cr, style, layout->axes, style->grid_width);

  if (layout->has_plot)
    {
      double slack = style->line_width * 4;

      cairo_save (cr);
      cairo_rectangle (cr, p->x - slack, p->y - slack, p->width + 2 * slack,
                       p->height + 2 * slack);
      cairo_clip (cr);
      paint_segments (cr, style, layout->rules, style->rule_width);
      cairo_set_line_width (cr, style->line_width);
      for (guint i = 0; i < layout->lines->len; i++)
        {
          const RpChartPolyline *line = g_ptr_array_index (layout->lines, i);
          gboolean pen_down = FALSE;

          set_ink (cr, style, line->ink, 1);
          set_dash (cr, style, line->dashed);
          cairo_set_line_width (cr, style->line_width * line->width_scale);
          for (guint j = 0; j + 1 < line->points->len; j += 2)
            {
              double x = g_array_index (line->points, double, j);
              double y = g_array_index (line->points, double, j + 1);

              if (!isfinite (x) || !isfinite (y))
                {
                  pen_down = FALSE;
                  continue;
                }
              if (pen_down)
                cairo_line_to (cr, x, y);
              else
                cairo_move_to (cr, x, y);
              pen_down = TRUE;
            }
          cairo_stroke (cr);
        }
      set_dash (cr, style, FALSE);
      for (guint i = 0; i < layout->dots->len; i++)
        {
          const RpChartDot *d = &g_array_index (layout->dots, RpChartDot, i);

          cairo_new_sub_path (cr);
          cairo_arc (cr, d->x, d->y, d->radius, 0, 2 * G_PI);
          if (d->hollow)
            {
              cairo_set_source_rgba (cr, style->bg.red, style->bg.green, style->bg.blue, 1);
              cairo_fill_preserve (cr);
              set_ink (cr, style, d->ink, 1);
              cairo_set_line_width (cr, style->line_width);
              cairo_stroke (cr);
            }
          else
            {
              set_ink (cr, style, d->ink, 1);
              cairo_fill (cr);
            }
        }
      cairo_restore (cr);
    }

  for (guint i = 0; i < layout->legend->len; i++)
    {
      const RpChartLegendItem *item = &g_array_index (layout->legend, RpChartLegendItem, i);
      const RpChartRect *r = &item->swatch;
      double mid = r->y + r->height / 2;

      set_ink (cr, style, item->ink, 1);
      switch (item->kind)
        {
        case RP_CHART_SWATCH_BOX:
          cairo_rectangle (cr, r->x, r->y, r->width, r->height);
          cairo_fill (cr);
          break;
        case RP_CHART_SWATCH_LINE:
        case RP_CHART_SWATCH_DASH:
          set_dash (cr, style, item->kind == RP_CHART_SWATCH_DASH);
          cairo_set_line_width (cr, style->rule_width);
          cairo_move_to (cr, r->x, mid);
          cairo_line_to (cr, r->x + r->width, mid);
          cairo_stroke (cr);
          set_dash (cr, style, FALSE);
          break;
        case RP_CHART_SWATCH_DOT:
        default:
          cairo_arc (cr, r->x + r->width / 2, mid, r->height / 2, 0, 2 * G_PI);
          cairo_fill (cr);
          break;
        }
    }

  for (guint i = 0; i < layout->labels->len; i++)
    {
      const RpChartLabel *label = &g_array_index (layout->labels, RpChartLabel, i);

      /* Labels inside the plot get a veil of background under them so
       * that grid and lines do not run through the text. */
      if (label->role == RP_CHART_LABEL_RULE || label->role == RP_CHART_LABEL_MARKER ||
          label->role == RP_CHART_LABEL_VALUE)
        {
          cairo_set_source_rgba (cr, style->bg.red, style->bg.green, style->bg.blue, 0.85);
          cairo_rectangle (cr, label->box.x - 1, label->box.y, label->box.width + 2,
                           label->box.height);
          cairo_fill (cr);
        }
      paint_label (cr, style, label);
    }

  cairo_restore (cr);
}

void
rp_chart_paint_readout (cairo_t              *cr,
                        const RpChartReadout *readout,
                        const RpChartStyle   *style)
{
  const RpChartRect *b;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (readout != NULL);
  g_return_if_fail (style != NULL);

  b = &readout->box;
  cairo_save (cr);
  cairo_set_source_rgba (cr, style->bg.red, style->bg.green, style->bg.blue, 1);
  cairo_rectangle (cr, b->x, b->y, b->width, b->height);
  cairo_fill_preserve (cr);
  set_ink (cr, style, RP_CHART_INK_MUTED, 1);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  for (guint i = 0; i < readout->lines->len; i++)
    paint_label (cr, style, &g_array_index (readout->lines, RpChartLabel, i));
  cairo_restore (cr);
}

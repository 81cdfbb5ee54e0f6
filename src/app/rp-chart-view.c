/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-chart-view.c: a widget that shows one chart of the chart layer
 *
 * data → layout → paint, as in the PDF.  The layout is cached and only
 * recomputed when the data, the size or the style change; hovering asks
 * the layout's hit regions for a tooltip and never repaints. */

#include "config.h"

#include "rp-chart-view.h"

#include <pango/pangocairo.h>
#include <string.h>

/* ---- private structs ------------------------------------------------ */

struct _RpChartView
{
  GtkWidget parent_instance;

  /* owned */
  RpChartData   *data;
  RpChartLayout *layout;        /* cache; NULL when stale */
  PangoContext  *measure_context;

  /* state */
  RpChartStyle   style;
  gboolean       style_valid;
};

G_DEFINE_FINAL_TYPE (RpChartView, rp_chart_view, GTK_TYPE_WIDGET)

/* ---- helpers -------------------------------------------------------- */

static void
rgba_from_gdk (RpChartRgba   *out,
               const GdkRGBA *in)
{
  out->red = in->red;
  out->green = in->green;
  out->blue = in->blue;
  out->alpha = in->alpha;
}

static void
ensure_style (RpChartView *self)
{
  GtkStyleContext *context;
  GdkRGBA fg, bg, accent;
  RpChartRgba c_fg, c_bg, c_accent;
  gboolean dark;

  if (self->style_valid)
    return;

  /* gtk_widget_get_color() is 4.10+; the style context is the 4.8 way. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  context = gtk_widget_get_style_context (GTK_WIDGET (self));
  gtk_style_context_get_color (context, &fg);
  if (!gtk_style_context_lookup_color (context, "theme_base_color", &bg))
    bg = (GdkRGBA) { 1, 1, 1, 1 };
  if (!gtk_style_context_lookup_color (context, "theme_selected_bg_color", &accent))
    accent = (GdkRGBA) { 0.21, 0.52, 0.89, 1 };
  G_GNUC_END_IGNORE_DEPRECATIONS

  /* Dark when the text is lighter than the background. */
  dark = (fg.red + fg.green + fg.blue) > (bg.red + bg.green + bg.blue);
  rgba_from_gdk (&c_fg, &fg);
  rgba_from_gdk (&c_bg, &bg);
  rgba_from_gdk (&c_accent, &accent);
  rp_chart_style_init_screen (&self->style, &c_fg, &c_bg, &c_accent, dark);
  self->style_valid = TRUE;
}

static const RpChartLayout *
ensure_layout (RpChartView *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));

  if (self->data == NULL || width <= 0 || height <= 0)
    return NULL;
  if (self->layout != NULL &&
      (rp_chart_layout_get_width (self->layout) != width ||
       rp_chart_layout_get_height (self->layout) != height))
    g_clear_pointer (&self->layout, rp_chart_layout_free);
  if (self->layout == NULL)
    {
      ensure_style (self);
      if (self->measure_context == NULL)
        self->measure_context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
      self->layout = rp_chart_layout_compute (self->data, width, height, &self->style,
                                              rp_chart_measure_text_pango,
                                              self->measure_context);
    }
  return self->layout;
}

static void
update_accessible (RpChartView *self)
{
  const char *title = self->data != NULL ? rp_chart_data_get_title (self->data) : NULL;
  const char *message = self->data != NULL ? rp_chart_data_get_message (self->data) : NULL;

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, title != NULL ? title : "",
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  message != NULL ? message : "",
                                  -1);
}

/* ---- signal callbacks ----------------------------------------------- */

static gboolean
on_query_tooltip_cb (GtkWidget  *widget,
                     int         x,
                     int         y,
                     gboolean    keyboard_mode,
                     GtkTooltip *tooltip,
                     gpointer    user_data)
{
  g_autofree char *text = rp_chart_view_get_readout (RP_CHART_VIEW (widget), x, y);

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* ---- vfunc overrides ------------------------------------------------ */

static void
rp_chart_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  RpChartView *self = RP_CHART_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (self->data == NULL || width <= 0 || height <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  rp_chart_view_paint (self, cr);
  cairo_destroy (cr);
}

static void
rp_chart_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 280;
      *natural = 560;
    }
  else
    {
      *minimum = 300;
      *natural = 400;
    }
}

static void
rp_chart_view_css_changed (GtkWidget         *widget,
                           GtkCssStyleChange *change)
{
  RpChartView *self = RP_CHART_VIEW (widget);
  RpChartStyle old_style = self->style;
  gboolean was_valid = self->style_valid;

  GTK_WIDGET_CLASS (rp_chart_view_parent_class)->css_changed (widget, change);
  /* :hover and :focus changes land here too; only a new palette (dark
   * mode, theme) invalidates the layout. */
  self->style_valid = FALSE;
  ensure_style (self);
  if (was_valid && memcmp (&old_style, &self->style, sizeof old_style) == 0)
    return;
  g_clear_pointer (&self->layout, rp_chart_layout_free);
  gtk_widget_queue_draw (widget);
}

static void
rp_chart_view_dispose (GObject *object)
{
  RpChartView *self = RP_CHART_VIEW (object);

  g_clear_pointer (&self->layout, rp_chart_layout_free);
  g_clear_pointer (&self->data, rp_chart_data_free);
  g_clear_object (&self->measure_context);
  G_OBJECT_CLASS (rp_chart_view_parent_class)->dispose (object);
}

/* ---- class_init / init ---------------------------------------------- */

static void
rp_chart_view_class_init (RpChartViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = rp_chart_view_dispose;
  widget_class->snapshot = rp_chart_view_snapshot;
  widget_class->measure = rp_chart_view_measure;
  widget_class->css_changed = rp_chart_view_css_changed;

  gtk_widget_class_set_css_name (widget_class, "chartview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
rp_chart_view_init (RpChartView *self)
{
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip_cb), NULL);
}

/* ---- public API ----------------------------------------------------- */

GtkWidget *
rp_chart_view_new (void)
{
  return g_object_new (RP_TYPE_CHART_VIEW, NULL);
}

void
rp_chart_view_set_data (RpChartView *self,
                        RpChartData *data)
{
  g_return_if_fail (RP_IS_CHART_VIEW (self));

  g_clear_pointer (&self->layout, rp_chart_layout_free);
  g_clear_pointer (&self->data, rp_chart_data_free);
  self->data = data;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const RpChartData *
rp_chart_view_get_data (RpChartView *self)
{
  g_return_val_if_fail (RP_IS_CHART_VIEW (self), NULL);
  return self->data;
}

const RpChartLayout *
rp_chart_view_get_layout (RpChartView *self)
{
  g_return_val_if_fail (RP_IS_CHART_VIEW (self), NULL);
  return ensure_layout (self);
}

char *
rp_chart_view_get_readout (RpChartView *self,
                           double       x,
                           double       y)
{
  const RpChartLayout *layout;
  char *text = NULL;

  g_return_val_if_fail (RP_IS_CHART_VIEW (self), NULL);

  layout = ensure_layout (self);
  if (layout == NULL || !rp_chart_layout_hit (layout, x, y, &text))
    return NULL;
  return text;
}

gint64
rp_chart_view_paint (RpChartView *self,
                     cairo_t     *cr)
{
  gint64 start_us = g_get_monotonic_time ();
  const RpChartLayout *layout;

  g_return_val_if_fail (RP_IS_CHART_VIEW (self), 0);

  layout = ensure_layout (self);
  if (layout != NULL)
    rp_chart_paint (cr, layout, &self->style);
  return g_get_monotonic_time () - start_us;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-chart-view.c: a widget that shows one chart of the chart layer
 *
 * data → layout → paint, as in the PDF.  The layout and its painted node
 * are cached and only redone when the data, the size or the style
 * change.  A read-out (the item under the pointer, or the bar or point
 * the keyboard moved to) is laid out by the chart layer inside the plot
 * and drawn over the cached node; it never repaints the chart.
 *
 * Keyboard: the view takes focus (a ring in the accent colour shows it);
 * Left and Right move the read-out between bars or points, Home and End
 * to the first and the last.  The accessible description states the
 * figures (rp_chart_data_describe). */

#include "config.h"

#include "rp-chart-view.h"

#include <pango/pangocairo.h>
#include <string.h>

/* The focus ring: 2 px, inside the widget's edge. */
static const double focus_ring_width = 2;

/* ---- private structs ------------------------------------------------ */

struct _RpChartView
{
  GtkWidget parent_instance;

  /* owned */
  RpChartData    *data;
  RpChartLayout  *layout;       /* cache; NULL when stale */
  GskRenderNode  *chart_node;   /* the layout painted; NULL when stale */
  RpChartReadout *readout;      /* the one shown; NULL when none or stale */
  PangoContext   *measure_context;

  /* state */
  RpChartStyle    style;
  gboolean        style_valid;
  int             hover_item;   /* layout item under the pointer, or -1 */
  int             focus_stop;   /* keyboard stop, or -1 before the first key */
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
  /* The chart brings its own background, the one its colours were held
   * to WCAG contrast against, whatever the container's colour. */
  self->style.paint_bg = TRUE;
  self->style_valid = TRUE;
}

static void
invalidate_readout (RpChartView *self)
{
  g_clear_pointer (&self->readout, rp_chart_readout_free);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Drops everything computed from the data, the size or the style. */
static void
drop_layout (RpChartView *self)
{
  g_clear_pointer (&self->readout, rp_chart_readout_free);
  g_clear_pointer (&self->chart_node, gsk_render_node_unref);
  g_clear_pointer (&self->layout, rp_chart_layout_free);
  self->hover_item = -1;
}

static void
invalidate_layout (RpChartView *self)
{
  drop_layout (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static PangoContext *
ensure_measure_context (RpChartView *self)
{
  if (self->measure_context == NULL)
    self->measure_context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  return self->measure_context;
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
    drop_layout (self);
  if (self->layout == NULL)
    {
      ensure_style (self);
      self->layout = rp_chart_layout_compute (self->data, width, height, &self->style,
                                              rp_chart_measure_text_pango,
                                              ensure_measure_context (self));
    }
  return self->layout;
}

static gboolean
shows_keyboard_readout (RpChartView *self)
{
  return self->focus_stop >= 0 && gtk_widget_has_focus (GTK_WIDGET (self));
}

/* The read-out for the pointer's item, else for the keyboard's stop. */
static const RpChartReadout *
ensure_readout (RpChartView *self)
{
  const RpChartLayout *layout = ensure_layout (self);
  RpChartRect anchor;
  const char *text;

  if (self->readout != NULL || layout == NULL)
    return self->readout;
  if (self->hover_item >= 0 && (guint) self->hover_item < rp_chart_layout_get_n_items (layout))
    {
      rp_chart_layout_get_item (layout, self->hover_item, NULL, NULL, &anchor);
      text = rp_chart_layout_get_item_text (layout, self->hover_item);
    }
  else if (shows_keyboard_readout (self) &&
           (guint) self->focus_stop < rp_chart_layout_get_n_stops (layout))
    text = rp_chart_layout_get_stop (layout, self->focus_stop, &anchor);
  else
    return NULL;
  self->readout = rp_chart_readout_compute (layout, &anchor, text, &self->style,
                                            rp_chart_measure_text_pango,
                                            ensure_measure_context (self));
  return self->readout;
}

static void
update_accessible (RpChartView *self)
{
  const char *title = self->data != NULL ? rp_chart_data_get_title (self->data) : NULL;
  g_autofree char *description = self->data != NULL ? rp_chart_data_describe (self->data) : NULL;

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, title != NULL ? title : "",
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description != NULL ? description : "",
                                  -1);
}

/* Moves the keyboard read-out to stop @stop (clamped), or by @delta. */
static void
move_focus_stop (RpChartView *self,
                 int          stop,
                 int          delta)
{
  const RpChartLayout *layout = ensure_layout (self);
  int n = layout != NULL ? (int) rp_chart_layout_get_n_stops (layout) : 0;

  if (n == 0)
    return;
  if (stop < 0)
    stop = self->focus_stop < 0 ? (delta > 0 ? 0 : n - 1) : self->focus_stop + delta;
  self->focus_stop = CLAMP (stop, 0, n - 1);
  self->hover_item = -1;
  invalidate_readout (self);
}

static void
snapshot_focus_ring (RpChartView *self,
                     GtkSnapshot *snapshot,
                     int          width,
                     int          height)
{
  GskRoundedRect ring;
  GdkRGBA color = { self->style.accent.red, self->style.accent.green,
                    self->style.accent.blue, 1 };
  float w = focus_ring_width;

  gsk_rounded_rect_init_from_rect (&ring, &GRAPHENE_RECT_INIT (0, 0, width, height), w * 2);
  gtk_snapshot_append_border (snapshot, &ring, (float[4]) { w, w, w, w },
                              (GdkRGBA[4]) { color, color, color, color });
}

/* ---- signal callbacks ----------------------------------------------- */

static void
on_motion_cb (GtkEventControllerMotion *controller,
              double                    x,
              double                    y,
              RpChartView              *self)
{
  const RpChartLayout *layout = ensure_layout (self);
  int item = layout != NULL ? rp_chart_layout_find_item (layout, x, y) : -1;

  if (item == self->hover_item)
    return;
  self->hover_item = item;
  invalidate_readout (self);
}

static void
on_leave_cb (GtkEventControllerMotion *controller,
             RpChartView              *self)
{
  if (self->hover_item < 0)
    return;
  self->hover_item = -1;
  invalidate_readout (self);
}

static void
on_pressed_cb (GtkGestureClick *gesture,
               int              n_press,
               double           x,
               double           y,
               RpChartView     *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
}

/* ---- action handlers ------------------------------------------------ */

static void
chart_move_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  RpChartView *self = RP_CHART_VIEW (widget);

  if (g_str_equal (action_name, "chart.previous"))
    move_focus_stop (self, -1, -1);
  else if (g_str_equal (action_name, "chart.next"))
    move_focus_stop (self, -1, 1);
  else if (g_str_equal (action_name, "chart.first"))
    move_focus_stop (self, 0, 0);
  else
    move_focus_stop (self, G_MAXINT, 0);
}

/* ---- vfunc overrides ------------------------------------------------ */

static void
rp_chart_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  RpChartView *self = RP_CHART_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  const RpChartLayout *layout = ensure_layout (self);
  const RpChartReadout *readout;
  cairo_t *cr;

  if (layout == NULL)
    return;
  if (self->chart_node == NULL)
    {
      GtkSnapshot *chart = gtk_snapshot_new ();

      cr = gtk_snapshot_append_cairo (chart, &GRAPHENE_RECT_INIT (0, 0, width, height));
      rp_chart_paint (cr, layout, &self->style);
      cairo_destroy (cr);
      self->chart_node = gtk_snapshot_free_to_node (chart);
    }
  if (self->chart_node != NULL)
    gtk_snapshot_append_node (snapshot, self->chart_node);
  readout = ensure_readout (self);
  if (readout != NULL)
    {
      cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
      rp_chart_paint_readout (cr, readout, &self->style);
      cairo_destroy (cr);
    }
  if (gtk_widget_has_visible_focus (widget))
    snapshot_focus_ring (self, snapshot, width, height);
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
  invalidate_layout (self);
}

static void
rp_chart_view_state_flags_changed (GtkWidget     *widget,
                                   GtkStateFlags  previous)
{
  GtkStateFlags changed = previous ^ gtk_widget_get_state_flags (widget);

  GTK_WIDGET_CLASS (rp_chart_view_parent_class)->state_flags_changed (widget, previous);
  /* The ring and the keyboard read-out come and go with the focus. */
  if (changed & (GTK_STATE_FLAG_FOCUSED | GTK_STATE_FLAG_FOCUS_VISIBLE))
    invalidate_readout (RP_CHART_VIEW (widget));
}

static void
rp_chart_view_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  RpChartView *self = RP_CHART_VIEW (widget);

  GTK_WIDGET_CLASS (rp_chart_view_parent_class)->size_allocate (widget, width, height, baseline);
  if (self->layout != NULL &&
      (rp_chart_layout_get_width (self->layout) != width ||
       rp_chart_layout_get_height (self->layout) != height))
    invalidate_layout (self);
}

static void
rp_chart_view_dispose (GObject *object)
{
  RpChartView *self = RP_CHART_VIEW (object);

  g_clear_pointer (&self->readout, rp_chart_readout_free);
  g_clear_pointer (&self->chart_node, gsk_render_node_unref);
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
  static const struct
  {
    guint       key;
    guint       keypad_key;
    const char *action;
  } keys[] = {
    { GDK_KEY_Left, GDK_KEY_KP_Left, "chart.previous" },
    { GDK_KEY_Right, GDK_KEY_KP_Right, "chart.next" },
    { GDK_KEY_Home, GDK_KEY_KP_Home, "chart.first" },
    { GDK_KEY_End, GDK_KEY_KP_End, "chart.last" },
  };

  object_class->dispose = rp_chart_view_dispose;
  widget_class->snapshot = rp_chart_view_snapshot;
  widget_class->measure = rp_chart_view_measure;
  widget_class->css_changed = rp_chart_view_css_changed;
  widget_class->state_flags_changed = rp_chart_view_state_flags_changed;
  widget_class->size_allocate = rp_chart_view_size_allocate;

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      gtk_widget_class_install_action (widget_class, keys[i].action, NULL, chart_move_action);
      gtk_widget_class_add_binding_action (widget_class, keys[i].key, 0, keys[i].action, NULL);
      gtk_widget_class_add_binding_action (widget_class, keys[i].keypad_key, 0, keys[i].action,
                                           NULL);
    }

  gtk_widget_class_set_css_name (widget_class, "chartview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
rp_chart_view_init (RpChartView *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  self->hover_item = -1;
  self->focus_stop = -1;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  g_signal_connect_object (motion, "motion", G_CALLBACK (on_motion_cb), self, 0);
  g_signal_connect_object (motion, "leave", G_CALLBACK (on_leave_cb), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  g_signal_connect_object (click, "pressed", G_CALLBACK (on_pressed_cb), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
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

  invalidate_layout (self);
  g_clear_pointer (&self->data, rp_chart_data_free);
  self->data = data;
  self->focus_stop = -1;
  update_accessible (self);
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

const RpChartReadout *
rp_chart_view_get_shown_readout (RpChartView *self)
{
  g_return_val_if_fail (RP_IS_CHART_VIEW (self), NULL);
  return ensure_readout (self);
}

gint64
rp_chart_view_paint (RpChartView *self,
                     cairo_t     *cr)
{
  gint64 start_us = g_get_monotonic_time ();
  const RpChartLayout *layout;
  const RpChartReadout *readout;

  g_return_val_if_fail (RP_IS_CHART_VIEW (self), 0);

  layout = ensure_layout (self);
  if (layout != NULL)
    rp_chart_paint (cr, layout, &self->style);
  readout = ensure_readout (self);
  if (readout != NULL)
    rp_chart_paint_readout (cr, readout, &self->style);
  return g_get_monotonic_time () - start_us;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-chart-view.c: the chart widget with the keyboard, the pointer and
 * a screen reader
 *
 * Runs in a real window under Xvfb (suite "ui"): the view takes focus
 * and draws a ring, Left/Right/Home/End move a read-out between the bars,
 * the pointer's read-out stays inside the plot, and the accessible
 * description states the figures. */

#include "config.h"

#include "rp-chart-view.h"
#include "rp-test-ui.h"

#include <gtk/gtk.h>
#include <string.h>

/* ---- helpers -------------------------------------------------------- */

static RpChartData *
bars_data (guint n)
{
  RpChartData *data = rp_chart_data_new_empty (RP_CHART_VRAM, "VRAM headroom", "GPU",
                                               "VRAM (GiB)", RP_CHART_UNIT_NONE,
                                               RP_CHART_UNIT_GIB);
  guint weights = rp_chart_data_add_series (data, "Weights");
  guint activations = rp_chart_data_add_series (data, "Activations");

  for (guint c = 0; c < n; c++)
    {
      g_autofree char *name = g_strdup_printf ("GPU %u", c + 1);

      rp_chart_data_add_category (data, name);
      rp_chart_data_add_point (data, weights, c, 15);
      rp_chart_data_add_point (data, activations, c, 2 + c);
      rp_chart_data_add_category_mark (data, c, 24.0 * (c + 1), RP_CHART_INK_DANGER, "Capacity");
    }
  rp_chart_data_set_highlight (data, 0);
  return data;
}

typedef struct
{
  GtkWindow   *window;
  RpChartView *view;
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  user_data)
{
  f->window = GTK_WINDOW (gtk_window_new ());
  f->view = RP_CHART_VIEW (rp_chart_view_new ());
  gtk_window_set_default_size (f->window, 800, 500);
  gtk_window_set_child (f->window, GTK_WIDGET (f->view));
  rp_chart_view_set_data (f->view, bars_data (4));
  gtk_window_present (f->window);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->window));
  rp_test_ui_drain ();
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  user_data)
{
  gtk_window_destroy (f->window);
  rp_test_ui_drain ();
}

/* The read-out's lines joined again (they wrap at single spaces). */
static char *
shown_text (RpChartView *view)
{
  const RpChartReadout *readout = rp_chart_view_get_shown_readout (view);
  g_autoptr(GString) text = g_string_new (NULL);

  if (readout == NULL)
    return NULL;
  for (guint i = 0; i < rp_chart_readout_get_n_lines (readout); i++)
    g_string_append_printf (text, "%s%s", i > 0 ? " " : "",
                            rp_chart_readout_get_line (readout, i)->text);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
assert_shows_stop (RpChartView *view,
                   guint        stop)
{
  const RpChartLayout *layout = rp_chart_view_get_layout (view);
  g_autofree char *text = shown_text (view);
  RpChartRect plot, box;

  g_assert_cmpstr (text, ==, rp_chart_layout_get_stop (layout, stop, NULL));
  g_assert_true (rp_chart_layout_get_plot_rect (layout, &plot));
  rp_chart_readout_get_box (rp_chart_view_get_shown_readout (view), &box);
  g_assert_cmpfloat (box.x, >=, plot.x);
  g_assert_cmpfloat (box.x + box.width, <=, plot.x + plot.width + 0.01);
}

static GtkEventController *
find_controller (GtkWidget *widget,
                 GType      type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type))
        return c;               /* the widget keeps it alive */
    }
  return NULL;
}

/* ---- tests ---------------------------------------------------------- */

static void
test_keyboard (Fixture       *f,
               gconstpointer  user_data)
{
  GtkWidget *widget = GTK_WIDGET (f->view);

  g_assert_true (gtk_widget_get_focusable (widget));
  g_assert_true (gtk_widget_grab_focus (widget));
  g_assert_null (rp_chart_view_get_shown_readout (f->view));

  g_assert_true (gtk_widget_activate_action (widget, "chart.next", NULL));
  assert_shows_stop (f->view, 0);
  g_assert_nonnull (strstr (shown_text (f->view), "GPU 1 17.0\u00a0GiB of 24.0\u00a0GiB"));
  gtk_widget_activate_action (widget, "chart.next", NULL);
  assert_shows_stop (f->view, 1);
  gtk_widget_activate_action (widget, "chart.last", NULL);
  assert_shows_stop (f->view, 3);
  gtk_widget_activate_action (widget, "chart.next", NULL);
  assert_shows_stop (f->view, 3);        /* stays at the end */
  gtk_widget_activate_action (widget, "chart.previous", NULL);
  assert_shows_stop (f->view, 2);
  gtk_widget_activate_action (widget, "chart.first", NULL);
  assert_shows_stop (f->view, 0);

  /* New data: the keyboard starts again. */
  rp_chart_view_set_data (f->view, bars_data (2));
  g_assert_null (rp_chart_view_get_shown_readout (f->view));
}

/* Left, Right, Home and End (and the keypad's) are bound to the moves. */
static void
test_bindings (Fixture       *f,
               gconstpointer  user_data)
{
  static const char *const expected[][2] = {
    { "Left", "chart.previous" }, { "Right", "chart.next" },
    { "Home", "chart.first" }, { "End", "chart.last" },
  };
  GtkEventController *shortcuts = find_controller (GTK_WIDGET (f->view),
                                                   GTK_TYPE_SHORTCUT_CONTROLLER);

  g_assert_nonnull (shortcuts);
  for (guint e = 0; e < G_N_ELEMENTS (expected); e++)
    {
      gboolean found = FALSE;

      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (shortcuts)); i++)
        {
          g_autoptr(GtkShortcut) sc = g_list_model_get_item (G_LIST_MODEL (shortcuts), i);
          g_autofree char *trigger = gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (sc));
          GtkShortcutAction *action = gtk_shortcut_get_action (sc);

          if (GTK_IS_NAMED_ACTION (action) && g_str_equal (trigger, expected[e][0]) &&
              g_str_equal (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action)),
                           expected[e][1]))
            found = TRUE;
        }
      if (!found)
        g_error ("%s is not bound to %s", expected[e][0], expected[e][1]);
    }
}

/* The pointer over the last bar: its read-out, inside the plot, beside
 * the bar, flipped to its left at the right edge. */
static void
test_hover (Fixture       *f,
            gconstpointer  user_data)
{
  GtkEventController *motion = find_controller (GTK_WIDGET (f->view),
                                                GTK_TYPE_EVENT_CONTROLLER_MOTION);
  const RpChartLayout *layout = rp_chart_view_get_layout (f->view);
  guint last = rp_chart_layout_get_n_items (layout) - 1;
  RpChartRect bar, box, plot;
  g_autofree char *text = NULL;

  rp_chart_layout_get_item (layout, last, NULL, NULL, &bar);
  g_signal_emit_by_name (motion, "motion", bar.x + bar.width / 2, bar.y + bar.height / 2);
  text = shown_text (f->view);
  g_assert_cmpstr (text, ==, rp_chart_layout_get_item_text (layout, last));
  rp_chart_readout_get_box (rp_chart_view_get_shown_readout (f->view), &box);
  g_assert_true (rp_chart_layout_get_plot_rect (layout, &plot));
  g_assert_cmpfloat (box.x + box.width, <=, bar.x);
  g_assert_cmpfloat (box.x, >=, plot.x);
  g_signal_emit_by_name (motion, "leave");
  g_assert_null (rp_chart_view_get_shown_readout (f->view));
}

/* The description states every bar's total and capacity, and follows
 * the data. */
static void
test_accessible (Fixture       *f,
                 gconstpointer  user_data)
{
  g_autofree char *expected = rp_chart_data_describe (rp_chart_view_get_data (f->view));
  g_autofree char *failed = NULL;

  g_assert_nonnull (strstr (expected, "GPU 4 20.0\u00a0GiB of 96.0\u00a0GiB"));
  failed = gtk_test_accessible_check_property (GTK_ACCESSIBLE (f->view),
                                               GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, expected);
  g_assert_null (failed);
  rp_chart_view_set_data (f->view, bars_data (1));
  g_clear_pointer (&failed, g_free);
  failed = gtk_test_accessible_check_property (GTK_ACCESSIBLE (f->view),
                                               GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                               "VRAM headroom: GPU 1 17.0\u00a0GiB of "
                                               "24.0\u00a0GiB");
  g_assert_null (failed);
}

/* Focused from the keyboard, the view draws a ring at its edge. */
static void
test_focus_ring (Fixture       *f,
                 gconstpointer  user_data)
{
  GtkWidget *widget = GTK_WIDGET (f->view);
  int width, height;
  cairo_surface_t *before = NULL, *after = NULL;

  gtk_widget_grab_focus (widget);
  gtk_window_set_focus_visible (f->window, FALSE);
  gtk_test_widget_wait_for_draw (widget);
  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  for (guint pass = 0; pass < 2; pass++)
    {
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      g_autoptr(GskRenderNode) node = NULL;
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
      cairo_t *cr = cairo_create (surface);

      if (pass == 1)
        {
          gtk_window_set_focus_visible (f->window, TRUE);
          gtk_test_widget_wait_for_draw (widget);
          g_assert_true (gtk_widget_has_visible_focus (widget));
        }
      /* The view's own snapshot, as GTK calls it for a frame. */
      GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
      node = gtk_snapshot_free_to_node (snapshot);
      g_assert_nonnull (node);
      gsk_render_node_draw (node, cr);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      if (pass == 0)
        before = surface;
      else
        after = surface;
    }
  {
    /* One pixel in from the left edge, half way down. */
    int stride = cairo_image_surface_get_stride (before);
    guint32 a = *(guint32 *) (cairo_image_surface_get_data (before) + height / 2 * stride + 4);
    guint32 b = *(guint32 *) (cairo_image_surface_get_data (after) + height / 2 * stride + 4);

    g_test_message ("edge pixel: %08x without, %08x with the ring", a, b);
    g_assert_cmphex (a, !=, b);
    g_assert_cmphex (b >> 24, ==, 0xff);
  }
  cairo_surface_destroy (before);
  cairo_surface_destroy (after);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_setenv ("LANGUAGE", "C", TRUE);
  if (!rp_test_ui_init (&argc, &argv, &status))
    return status;

  g_test_add ("/chart/view/keyboard", Fixture, NULL, fixture_setup, test_keyboard,
              fixture_teardown);
  g_test_add ("/chart/view/bindings", Fixture, NULL, fixture_setup, test_bindings,
              fixture_teardown);
  g_test_add ("/chart/view/hover", Fixture, NULL, fixture_setup, test_hover, fixture_teardown);
  g_test_add ("/chart/view/accessible", Fixture, NULL, fixture_setup, test_accessible,
              fixture_teardown);
  g_test_add ("/chart/view/focus-ring", Fixture, NULL, fixture_setup, test_focus_ring,
              fixture_teardown);

  return g_test_run ();
}

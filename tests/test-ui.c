/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ui.c: the real window under Xvfb: load scenarios, edit fields,
 * check what the user sees and what the charts are given */

#define _GNU_SOURCE             /* memmem (PLATFORM.md P7) */

#include "config.h"

#include "rp-chart-view.h"
#include "rp-error.h"
#include "rp-scenario-form.h"
#include "rp-search-picker.h"
#include "rp-test-core.h"
#include "rp-test-ui.h"
#include "rp-units.h"
#include "rp-window.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif
#include <math.h>
#include <string.h>

static RpCatalog *catalog = NULL;
static GSettings *settings = NULL;

/* ---- helpers -------------------------------------------------------- */

static RpWindow *
new_window (void)
{
  return rp_test_ui_new_window (catalog, settings, 1280, 800);
}

static RpWindow *
window_with_example (const char *name)
{
  return rp_test_ui_open_example (new_window (), name, 10);
}

static GtkWidget *
control (RpWindow   *win,
         const char *property)
{
  GtkWidget *w = rp_scenario_form_get_control (RP_SCENARIO_FORM (rp_window_get_form (win)),
                                               property);

  g_assert_nonnull (w);
  return w;
}

/* Types into a spin button as a user would, then lets the idle recompute. */
static void
type_into_spin (RpWindow   *win,
                const char *property,
                const char *text)
{
  GtkWidget *spin = control (win, property);

  g_assert_true (GTK_IS_SPIN_BUTTON (spin));
  gtk_editable_set_text (GTK_EDITABLE (spin), text);
  gtk_spin_button_update (GTK_SPIN_BUTTON (spin));
  rp_test_ui_drain ();
}

static guint
dropdown_index (RpWindow   *win,
                const char *property,
                const char *label)
{
  GtkDropDown *dd = GTK_DROP_DOWN (control (win, property));
  GListModel *model = gtk_drop_down_get_model (dd);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);

      if (g_str_equal (gtk_string_object_get_string (item), label))
        return i;
    }
  g_error ("no “%s” in the %s drop-down", label, property);
}

static void
choose (RpWindow   *win,
        const char *property,
        const char *label)
{
  gtk_drop_down_set_selected (GTK_DROP_DOWN (control (win, property)),
                              dropdown_index (win, property, label));
  rp_test_ui_drain ();
}

/* Scrolls the form so that @widget is on screen. */
static void
scroll_into_view (GtkWidget *widget)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *content = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller));
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  graphene_point_t origin = GRAPHENE_POINT_INIT (0, 0), at;

  GtkWidget *window = gtk_widget_get_ancestor (widget, GTK_TYPE_WINDOW);
  guint settled = 0;

  /* A scroll to the focus may still be animating: repeat until the widget
   * stays in view. */
  for (guint i = 0; i < 20 && settled < 2; i++)
    {
      double top;

      gtk_test_widget_wait_for_draw (window);
      rp_test_ui_wait_ms (50);
      g_assert_true (gtk_widget_compute_point (widget, content, &origin, &at));
      /* the viewport's coordinates are those of the visible part */
      top = gtk_adjustment_get_value (adj);
      if (at.y >= 0 && at.y + gtk_widget_get_height (widget) <= gtk_adjustment_get_page_size (adj))
        settled++;
      else
        {
          settled = 0;
          gtk_adjustment_set_value (adj, top + at.y - gtk_adjustment_get_page_size (adj) / 3);
        }
    }
  g_assert_cmpuint (settled, ==, 2);
}

/* Picks a GPU as a user would: opens the picker, types, presses Enter. */
static void
pick_gpu (RpWindow   *win,
          const char *query)
{
  RpSearchPicker *picker = RP_SEARCH_PICKER (control (win, "gpu"));

  /* As a user would, bring the field into view first: GTK 4.8 finds no
   * monitor for a popover whose anchor is scrolled out of the window.
   * (Not by grabbing the focus: the viewport's own scroll to the focus
   * comes later and may move it out again.) */
  scroll_into_view (GTK_WIDGET (picker));
  rp_search_picker_popup (picker);
  rp_test_ui_drain ();
  /* Typing right after opening goes to the search box. */
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (rp_search_picker_get_search (picker))) ||
                 gtk_widget_is_ancestor (gtk_window_get_focus (GTK_WINDOW (win)),
                                         GTK_WIDGET (rp_search_picker_get_search (picker))));
  gtk_editable_set_text (rp_search_picker_get_search (picker), query);
  rp_test_ui_wait_ms (250);  /* GtkSearchEntry's delay before "search-changed" */
  g_assert_cmpuint (rp_search_picker_get_n_matches (picker), >=, 1);
  rp_search_picker_pick_first (picker);
  rp_test_ui_drain ();
}

/* The label of the selected item of a drop-down. */
static const char *
selected_label (RpWindow   *win,
                const char *property)
{
  GtkDropDown *dd = GTK_DROP_DOWN (control (win, property));
  GObject *item = gtk_drop_down_get_selected_item (dd);

  g_assert_true (GTK_IS_STRING_OBJECT (item));
  return gtk_string_object_get_string (GTK_STRING_OBJECT (item));
}


/* The stacked total of @category_label in the VRAM chart, GiB. */
static double
vram_chart_total (RpWindow   *win,
                  const char *category_label)
{
  RpChartView *view = RP_CHART_VIEW (rp_window_get_chart_view (win, RP_CHART_VRAM));
  const RpChartData *data = rp_chart_view_get_data (view);

  g_assert_nonnull (data);
  g_assert_null (rp_chart_data_get_message (data));
  for (guint c = 0; c < rp_chart_data_get_n_categories (data); c++)
    if (g_str_equal (rp_chart_data_get_category_label (data, c), category_label))
      {
        double total = 0;

        for (guint s = 0; s < rp_chart_data_get_n_series (data); s++)
          {
            double v = rp_chart_data_get_value (data, s, c);

            if (isfinite (v))
              total += v;
          }
        return total;
      }
  g_error ("no “%s” in the VRAM chart", category_label);
}

static const char *
gpu_name (const char *id)
{
  const RpGpu *gpu = rp_catalog_lookup_gpu (catalog, id);

  g_assert_nonnull (gpu);
  return gpu->name;
}

/* ---- tests ---------------------------------------------------------- */

/* Every example opens and shows its name, a verdict and its figures in
 * the form the models give them. */
static void
test_examples_show_results (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (rp_test_examples); i++)
    {
      RpWindow *win = window_with_example (rp_test_examples[i]);
      RpScenarioDocument *doc = rp_window_get_document (win);
      const RpScenario *s = rp_scenario_document_get_scenario (doc);
      const RpEstimate *est = rp_scenario_document_get_estimate (doc);
      GtkWidget *entry = control (win, "name");

      g_test_message ("%s: %s — %s", rp_test_examples[i], rp_window_get_verdict_class (win),
                      rp_window_get_verdict_title (win));
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, s->name);
      g_assert_false (rp_scenario_document_get_modified (doc));
      g_assert_nonnull (est);
      g_assert_cmpstr (rp_window_get_verdict_class (win), !=, "error");
      g_assert_cmpstr (rp_window_get_verdict_title (win), !=, "");
      g_assert_true (g_unichar_isupper (g_utf8_get_char (rp_window_get_verdict_title (win))));

      if (est->memory.computed)
        {
          static const char *const classes[] = { "fits", "tight", "does-not-fit" };
          g_autofree char *total = rp_units_format_bytes (est->memory.total_bytes);
          guint n_failed = 0, n_checks = rp_window_get_n_checks (win, &n_failed);

          g_assert_cmpstr (rp_window_get_figure (win, "vram", FALSE), ==, total);
          /* The banner judges every constraint: green only when all hold. */
          g_assert_cmpstr (rp_window_get_verdict_class (win), ==, classes[est->level]);
          g_assert_cmpuint (n_checks, >=, 3);
          g_assert_true ((n_failed == 0) == (est->level == RP_SEVERITY_INFO));
          g_assert_nonnull (strstr (rp_window_get_verdict_title (win), est->gpu->name));
          g_assert_true (rp_window_offers_fix (win) == (est->fix.status == RP_FIX_FOUND));
        }
      else
        g_assert_cmpstr (rp_window_get_figure (win, "vram", FALSE), ==, "—");

      if (est->compute.computed)
        {
          g_autofree char *hours = rp_units_format_hours (est->compute.hours);

          g_assert_cmpstr (rp_window_get_figure (win, "time", FALSE), ==, hours);
        }
      else
        g_assert_cmpstr (rp_window_get_figure (win, "time", FALSE), ==, "—");

      /* The run's cost needs its GPU-hours. */
      if (est->cost.computed && est->compute.computed)
        {
          g_autofree char *rent = rp_units_format_money (est->cost.rent_total,
                                                         est->cost.currency);

          g_assert_cmpstr (rp_window_get_figure (win, "rent", FALSE), ==, rent);
        }
      else
        g_assert_cmpstr (rp_window_get_figure (win, "rent", FALSE), ==, "—");

      g_assert_cmpuint (rp_window_get_n_advice (win), ==, est->n_warnings);

      /* Each chart is handed data for this scenario. */
      for (guint k = 0; k < RP_N_CHARTS; k++)
        {
          RpChartView *view = RP_CHART_VIEW (rp_window_get_chart_view (win, k));

          g_assert_nonnull (rp_chart_view_get_data (view));
          g_assert_cmpint (rp_chart_data_get_kind (rp_chart_view_get_data (view)), ==, k);
        }
      rp_test_ui_destroy (win);
    }
}

/* Editing fields recomputes at once: the figures, the verdict and the
 * chart's data follow. */
static void
test_edit_fields (void)
{
  RpWindow *win = window_with_example ("lora-llama3-8b-rtx4090.rigplan");
  RpScenarioDocument *doc = rp_window_get_document (win);
  const RpEstimate *est = rp_scenario_document_get_estimate (doc);
  g_autofree char *vram_before = NULL;
  double chart_before, chart_after;

  g_assert_nonnull (est);
  g_assert_true (est->memory.computed);
  vram_before = g_strdup (rp_window_get_figure (win, "vram", FALSE));
  chart_before = vram_chart_total (win, gpu_name ("rtx-4090"));

  /* A larger micro batch needs more activation memory. */
  type_into_spin (win, "micro-batch", "4");
  est = rp_scenario_document_get_estimate (doc);
  g_assert_cmpuint (rp_scenario_document_get_scenario (doc)->training.micro_batch, ==, 4);
  g_assert_true (rp_scenario_document_get_modified (doc));
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (win)), "•"));
  g_assert_cmpstr (rp_window_get_figure (win, "vram", FALSE), !=, vram_before);
  {
    g_autofree char *total = rp_units_format_bytes (est->memory.total_bytes);

    g_assert_cmpstr (rp_window_get_figure (win, "vram", FALSE), ==, total);
  }
  chart_after = vram_chart_total (win, gpu_name ("rtx-4090"));
  g_assert_cmpfloat (chart_after, >, chart_before);

  /* Full fine-tuning an 8B model cannot fit in 24 GB: the banner says so
   * and offers a fix. */
  choose (win, "method", _("Full fine-tune"));
  g_assert_cmpstr (rp_window_get_verdict_class (win), ==, "does-not-fit");
  g_assert_nonnull (strstr (rp_window_get_verdict_title (win), gpu_name ("rtx-4090")));
  g_assert_cmpstr (rp_window_get_verdict_detail (win), !=, "");

  /* Another GPU: the verdict names it and the chart highlights it. */
  pick_gpu (win, "h200 sxm");
  g_assert_cmpstr (rp_scenario_document_get_scenario (doc)->hardware.gpu, ==, "h200-sxm");
  g_assert_nonnull (strstr (rp_window_get_verdict_title (win), gpu_name ("h200-sxm")));
  {
    const RpChartData *data =
      rp_chart_view_get_data (RP_CHART_VIEW (rp_window_get_chart_view (win, RP_CHART_VRAM)));
    int highlight = rp_chart_data_get_highlight (data);

    g_assert_cmpint (highlight, >=, 0);
    g_assert_cmpstr (rp_chart_data_get_category_label (data, highlight), ==,
                     gpu_name ("h200-sxm"));
  }
  rp_test_ui_destroy (win);
}

/* A preset fills the architecture; the fields stay editable and an edit
 * overrides only that field. */
static void
test_preset_fills_architecture (void)
{
  RpWindow *win = new_window ();
  RpScenarioDocument *doc = rp_window_get_document (win);
  const RpModelPreset *preset = rp_catalog_lookup_model (catalog, "llama-2-70b");
  const RpScenario *s;

  choose (win, "preset", preset->name);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (control (win, "layers"))), ==,
                     preset->arch.layers);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (control (win, "hidden"))), ==,
                     preset->arch.hidden);
  s = rp_scenario_document_get_scenario (doc);
  g_assert_cmpstr (s->model.preset, ==, "llama-2-70b");
  g_assert_cmpuint (s->model.overridden, ==, 0);

  type_into_spin (win, "layers", "40");
  s = rp_scenario_document_get_scenario (doc);
  g_assert_cmpstr (s->model.preset, ==, "llama-2-70b");
  g_assert_cmpuint (s->model.overridden, ==, RP_ARCH_LAYERS);
  g_assert_cmpuint (rp_scenario_document_get_arch (doc)->layers, ==, 40);
  g_assert_cmpuint (rp_scenario_document_get_arch (doc)->hidden, ==, preset->arch.hidden);

  /* The preset list says where the architecture came from. */
  {
    g_autofree char *custom = g_strdup_printf (_("Custom (from %s)"), preset->name);

    g_assert_cmpstr (selected_label (win, "preset"), ==, custom);
    g_assert_true (rp_scenario_document_is_customized (doc));
  }

  /* Choosing the preset again restores its architecture. */
  choose (win, "preset", preset->name);
  g_assert_cmpstr (selected_label (win, "preset"), ==, preset->name);
  g_assert_false (rp_scenario_document_is_customized (doc));
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (control (win, "layers"))), ==,
                     preset->arch.layers);
  rp_test_ui_destroy (win);
}

/* A value the core rejects is explained next to its field, and the banner
 * says the scenario cannot be estimated. */
static void
test_inline_validation (void)
{
  RpWindow *win = window_with_example ("full-finetune-llama2-7b-8xa100.rigplan");
  RpScenarioForm *form = RP_SCENARIO_FORM (rp_window_get_form (win));
  const char *error;

  g_assert_null (rp_scenario_form_get_field_error (form, "tensor-parallel"));
  type_into_spin (win, "tensor-parallel", "3");
  error = rp_scenario_form_get_field_error (form, "tensor-parallel");
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error, "divide"));
  g_assert_true (gtk_widget_has_css_class (control (win, "tensor-parallel"), "error"));
  g_assert_cmpstr (rp_window_get_verdict_class (win), ==, "error");
  {
    const RpChartData *data =
      rp_chart_view_get_data (RP_CHART_VIEW (rp_window_get_chart_view (win, RP_CHART_TIME)));

    g_assert_nonnull (rp_chart_data_get_message (data));
  }

  type_into_spin (win, "tensor-parallel", "2");
  g_assert_null (rp_scenario_form_get_field_error (form, "tensor-parallel"));
  g_assert_false (gtk_widget_has_css_class (control (win, "tensor-parallel"), "error"));
  g_assert_cmpstr (rp_window_get_verdict_class (win), !=, "error");

  /* The global batch must hold a micro batch on every data-parallel GPU. */
  type_into_spin (win, "global-batch", "1");
  error = rp_scenario_form_get_field_error (form, "global-batch");
  g_assert_nonnull (error);
  rp_test_ui_destroy (win);
}

/* A new window holds a plan that runs: green or amber, a time and a price,
 * never "does not fit" with 0 h. */
static void
test_new_window_plan (void)
{
  RpWindow *win = new_window ();
  const RpEstimate *est = rp_scenario_document_get_estimate (rp_window_get_document (win));

  g_assert_nonnull (est);
  /* the starter's 18.3 GiB fits the 4090 with the 10 % headroom; the
   * high end of its memory band (23.2 GiB) does not: amber (green under
   * a band a little narrower: /core/bands/example-verdict) */
  g_assert_true (g_str_equal (rp_window_get_verdict_class (win), "fits") ||
                 g_str_equal (rp_window_get_verdict_class (win), "tight"));
  g_assert_cmpint (est->memory.verdict, !=, RP_VERDICT_DOES_NOT_FIT);
  g_assert_true (est->compute.computed && est->compute.hours > 0);
  g_assert_true (est->cost.computed && est->cost.rent_total > 0);
  g_assert_cmpstr (rp_window_get_figure (win, "time", FALSE), !=, "—");
  g_assert_false (rp_scenario_document_get_modified (rp_window_get_document (win)));
  g_assert_null (rp_window_get_notice (win));
  rp_test_ui_destroy (win);
}

/* Typed values are never clamped: out of range or not a number, the text
 * stays, the field says the allowed range, and the results are those of
 * the last valid scenario, marked as such. */
static void
test_out_of_range_entry (void)
{
  RpWindow *win = new_window ();
  RpScenarioDocument *doc = rp_window_get_document (win);
  RpScenarioForm *form = RP_SCENARIO_FORM (rp_window_get_form (win));
  guint layers = rp_scenario_document_get_arch (doc)->layers;
  g_autofree char *vram = g_strdup (rp_window_get_figure (win, "vram", FALSE));
  const RpField *field = rp_fields_lookup ("training.micro_batch");
  g_autofree char *max_text = rp_units_format_number (field->max, 0);
  g_autofree char *too_many = g_strdup_printf ("%.0f", field->max + 1);
  const char *error;

  type_into_spin (win, "layers", "-5");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (control (win, "layers"))), ==, "-5");
  error = rp_scenario_form_get_field_error (form, "layers");
  g_assert_nonnull (error);
  g_assert_true (gtk_widget_has_css_class (control (win, "layers"), "error"));
  g_assert_cmpuint (rp_scenario_document_get_arch (doc)->layers, ==, layers);
  g_assert_true (rp_window_shows_stale (win));
  g_assert_cmpstr (rp_window_get_figure (win, "vram", FALSE), ==, vram);
  g_assert_cmpstr (rp_window_get_verdict_class (win), ==, "error");
  g_assert_true (g_unichar_isupper (g_utf8_get_char (rp_window_get_verdict_title (win))));

  type_into_spin (win, "layers", "abc");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (control (win, "layers"))), ==, "abc");
  g_assert_nonnull (rp_scenario_form_get_field_error (form, "layers"));
  g_assert_true (rp_window_shows_stale (win));

  /* One past the table's maximum: the message names the range. */
  type_into_spin (win, "layers", "32");
  g_assert_null (rp_scenario_form_get_field_error (form, "layers"));
  g_assert_false (rp_window_shows_stale (win));
  type_into_spin (win, "micro-batch", too_many);
  error = rp_scenario_form_get_field_error (form, "micro-batch");
  g_assert_nonnull (error);
  g_test_message ("micro batch %s: %s", too_many, error);
  g_assert_nonnull (strstr (error, max_text));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (control (win, "micro-batch"))), ==,
                   too_many);
  g_assert_true (rp_window_shows_stale (win));

  /* Zero heads passes the range but not the model's own check. */
  type_into_spin (win, "micro-batch", "1");
  type_into_spin (win, "heads", "0");
  g_assert_nonnull (rp_scenario_form_get_field_error (form, "heads"));
  g_assert_true (rp_window_shows_stale (win));
  type_into_spin (win, "heads", "32");
  g_assert_false (rp_window_shows_stale (win));
  g_assert_cmpstr (rp_window_get_verdict_class (win), !=, "error");
  rp_test_ui_destroy (win);
}

#ifdef GDK_WINDOWING_X11
/* Sends a real wheel step (X button 5) to the point @x, @y of @widget. */
static void
wheel_over (GtkWidget *widget,
            double     x,
            double     y)
{
  GtkNative *native = gtk_widget_get_native (widget);
  GdkSurface *surface = gtk_native_get_surface (native);
  graphene_point_t in = GRAPHENE_POINT_INIT (x, y), out;
  double sx, sy;
  g_autofree char *cmd = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native), &in, &out));
  gtk_native_get_surface_transform (native, &sx, &sy);
  cmd = g_strdup_printf ("xdotool mousemove --window %lu %d %d click 5",
                         (gulong) gdk_x11_surface_get_xid (surface), (int) (out.x + sx),
                         (int) (out.y + sy));
  g_assert_true (g_spawn_command_line_sync (cmd, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  rp_test_ui_wait_ms (300);
  rp_test_ui_drain ();
}
#endif

/* The wheel over the form scrolls the form; a control changes only when
 * it has the keyboard focus. */
static void
test_wheel_over_form (void)
{
#ifdef GDK_WINDOWING_X11
  RpWindow *win = new_window ();
  RpScenarioDocument *doc = rp_window_get_document (win);
  GtkWidget *spin = control (win, "layers");
  GtkWidget *scroller = gtk_widget_get_ancestor (spin, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adj;
  double before;

  if (!GDK_IS_X11_DISPLAY (gtk_widget_get_display (spin)) ||
      !g_find_program_in_path ("xdotool"))
    {
      g_test_skip ("needs X11 and xdotool");
      rp_test_ui_destroy (win);
      return;
    }
  gtk_test_widget_wait_for_draw (GTK_WIDGET (win));
  gtk_window_set_focus (GTK_WINDOW (win), control (win, "name"));
  g_assert_nonnull (scroller);
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adj), >, gtk_adjustment_get_page_size (adj));
  before = gtk_adjustment_get_value (adj);

  wheel_over (spin, gtk_widget_get_width (spin) / 4.0, gtk_widget_get_height (spin) / 2.0);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), >, before);
  g_assert_cmpuint (rp_scenario_document_get_arch (doc)->layers, ==, 32);
  g_assert_false (rp_scenario_document_get_modified (doc));

  /* With the focus, the wheel is the control's. */
  gtk_adjustment_set_value (adj, 0);
  rp_test_ui_drain ();
  gtk_widget_grab_focus (spin);
  rp_test_ui_drain ();
  wheel_over (spin, gtk_widget_get_width (spin) / 4.0, gtk_widget_get_height (spin) / 2.0);
  g_assert_cmpuint (rp_scenario_document_get_arch (doc)->layers, !=, 32);
  rp_test_ui_destroy (win);
#else
  g_test_skip ("needs X11");
#endif
}

/* Below 1240 px the form and the results become pages of one column. */
static void
test_narrow_layout (void)
{
  RpWindow *win = new_window ();

  gtk_test_widget_wait_for_draw (GTK_WIDGET (win));
  g_assert_false (rp_window_is_narrow (win));
  gtk_window_set_default_size (GTK_WINDOW (win), 900, 700);
  rp_test_ui_wait_ms (200);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (win));
  rp_test_ui_drain ();
  g_assert_true (rp_window_is_narrow (win));
  g_assert_true (gtk_widget_get_mapped (rp_window_get_form (win)) ||
                 gtk_widget_get_mapped (rp_window_get_chart_view (win, RP_CHART_VRAM)));
  /* Both halves still exist and follow edits. */
  type_into_spin (win, "micro-batch", "2");
  g_assert_cmpuint (rp_scenario_document_get_scenario (rp_window_get_document (win))->training.micro_batch,
                    ==, 2);
  gtk_window_set_default_size (GTK_WINDOW (win), 1280, 800);
  rp_test_ui_wait_ms (200);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (win));
  rp_test_ui_drain ();
  g_assert_false (rp_window_is_narrow (win));
  rp_test_ui_destroy (win);
}

/* The 13B LoRA on one RTX 3090 does not fit; Apply Fix makes the change
 * the banner promised (QLoRA), and the result keeps the promise. */
static void
test_apply_fix (void)
{
  RpWindow *win = new_window ();
  RpScenarioDocument *doc = rp_window_get_document (win);
  const RpEstimate *est;
  double promised;
  g_autofree char *promised_text = NULL;

  choose (win, "preset", rp_catalog_lookup_model (catalog, "llama-2-13b")->name);
  pick_gpu (win, "3090");
  g_assert_cmpstr (rp_scenario_document_get_scenario (doc)->hardware.gpu, ==, "rtx-3090");
  est = rp_scenario_document_get_estimate (doc);
  g_assert_cmpstr (rp_window_get_verdict_class (win), ==, "does-not-fit");
  g_assert_cmpint (est->fix.status, ==, RP_FIX_FOUND);
  g_assert_cmpint (est->fix.steps[0], ==, RP_FIX_STEP_QLORA);
  g_assert_true (rp_window_offers_fix (win));
  g_assert_nonnull (strstr (rp_window_get_verdict_detail (win), "QLoRA"));
  promised = est->fix.memory_total_bytes;
  promised_text = rp_units_format_bytes (promised);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (win), "win.apply-fix", NULL));
  rp_test_ui_drain ();
  est = rp_scenario_document_get_estimate (doc);
  g_assert_cmpint (rp_scenario_document_get_scenario (doc)->training.method, ==,
                   RP_METHOD_QLORA);
  g_assert_cmpfloat (est->memory.total_bytes, ==, promised);
  g_assert_cmpstr (rp_window_get_figure (win, "vram", FALSE), ==, promised_text);
  g_assert_cmpstr (rp_window_get_verdict_class (win), !=, "does-not-fit");
  g_assert_true (rp_scenario_document_get_modified (doc));
  /* The banner does not offer the same fix again. */
  g_assert_true (est->fix.status != RP_FIX_FOUND || est->fix.steps[0] != RP_FIX_STEP_QLORA);
  rp_test_ui_destroy (win);
}

/* Prices follow the GPU: catalog prices with their source; a typed price
 * belongs to the GPU it was typed for, and changing GPU says so. */
static void
test_prices_follow_gpu (void)
{
  RpWindow *win = new_window ();
  RpScenarioDocument *doc = rp_window_get_document (win);
  RpScenarioForm *form = RP_SCENARIO_FORM (rp_window_get_form (win));
  const RpEstimate *est = rp_scenario_document_get_estimate (doc);
  double rent_4090 = est->cost.rent_per_gpu_hour;
  double rent_h100;

  g_assert_nonnull (rp_scenario_form_get_field_origin (form, "rent-price-per-gpu-hour"));
  g_assert_true (isnan (rp_scenario_document_get_scenario (doc)->budget.rent_price_per_gpu_hour));

  pick_gpu (win, "h100 sxm");
  est = rp_scenario_document_get_estimate (doc);
  rent_h100 = est->cost.rent_per_gpu_hour;
  g_test_message ("rent per GPU-hour: RTX 4090 %.2f, H100 %.2f", rent_4090, rent_h100);
  g_assert_cmpfloat (rent_h100, >, 2 * rent_4090);
  g_assert_null (rp_window_get_notice (win));

  /* A price typed for the H100 is "yours"… */
  type_into_spin (win, "rent-price-per-gpu-hour", "1.5");
  g_assert_cmpfloat (rp_scenario_document_get_estimate (doc)->cost.rent_per_gpu_hour, ==, 1.5);
  g_assert_cmpstr (rp_scenario_form_get_field_origin (form, "rent-price-per-gpu-hour"), ==,
                   _("Yours"));
  /* …and does not price an RTX 4090. */
  pick_gpu (win, "4090");
  g_assert_nonnull (rp_window_get_notice (win));
  g_assert_cmpfloat (rp_scenario_document_get_estimate (doc)->cost.rent_per_gpu_hour, ==,
                     rent_4090);
  g_assert_true (isnan (rp_scenario_document_get_scenario (doc)->budget.rent_price_per_gpu_hour));
  /* Back on the H100, the typed price returns. */
  pick_gpu (win, "h100 sxm");
  g_assert_cmpfloat (rp_scenario_document_get_estimate (doc)->cost.rent_per_gpu_hour, ==, 1.5);
  g_assert_nonnull (rp_window_get_notice (win));
  rp_test_ui_destroy (win);
}

/* A malformed file shows an error dialog that names the file and the key;
 * the window keeps working. */
static void
test_malformed_file (void)
{
  static const struct { const char *json; const char *expect; } cases[] = {
    { "{ \"format\": \"rigplan-scenario\", \"version\": 1, \"name\": \"x\",\n"
      "  \"model\": { \"preset\": \"llama-3-8b\" }, \"hardware\": { \"gpu\": \"rtx-4090\" },\n"
      "  \"training\": { \"seq_len\": \"long\" } }", "training.seq_len" },
    { "{ \"format\": \"rigplan-scenario\", \"version\": 1, \"name\": \"x\" }", "model" },
    { "{ \"format\": \"rigplan-scenario\", \"version\": 1, \"name\": ", NULL },
    { "not json at all", NULL },
  };
  g_autofree char *dir = g_dir_make_tmp ("rigplan-ui-XXXXXX", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("broken-%u.rigplan", i);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      RpWindow *win = new_window ();
      RpScenarioDocument *doc = rp_window_get_document (win);
      GtkWidget *dialog;
      g_autofree char *text = NULL;
      g_autofree char *secondary = NULL;

      g_assert_true (g_file_set_contents (path, cases[i].json, -1, NULL));
      rp_test_ui_open_and_wait (win, path, 10);
      dialog = rp_window_get_error_dialog (win);
      g_assert_nonnull (dialog);
      g_assert_true (ADW_IS_MESSAGE_DIALOG (dialog));
      g_assert_true (gtk_widget_get_visible (dialog));
      g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (win));
      g_object_get (dialog, "heading", &text, "body", &secondary, NULL);
      g_test_message ("%s / %s", text, secondary);
      g_assert_nonnull (strstr (text, name));
      g_assert_cmpstr (secondary, !=, "");
      if (cases[i].expect != NULL)
        g_assert_nonnull (strstr (secondary, cases[i].expect));

      /* Nothing was loaded and the window still works. */
      g_assert_null (rp_scenario_document_get_file (doc));
      g_assert_false (rp_scenario_document_get_modified (doc));
      rp_test_ui_answer (dialog, "close");
      rp_test_ui_drain ();
      g_assert_null (rp_window_get_error_dialog (win));
      type_into_spin (win, "micro-batch", "2");
      g_assert_cmpstr (rp_window_get_verdict_class (win), !=, "error");
      rp_test_ui_destroy (win);
      g_unlink (path);
    }
  g_rmdir (dir);
}

static void
saved_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (rp_scenario_document_save_finish (RP_SCENARIO_DOCUMENT (source), result,
                                                   &error));
  g_assert_no_error (error);
  *(gboolean *) user_data = TRUE;
}

/* Save writes the scenario; reopening gives the same scenario. */
static void
test_save_round_trip (void)
{
  g_autofree char *dir = g_dir_make_tmp ("rigplan-ui-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "saved.rigplan", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  RpWindow *win = window_with_example ("qlora-llama2-70b-a100.rigplan");
  RpScenarioDocument *doc = rp_window_get_document (win);
  g_autofree char *json_before = NULL;
  g_autofree char *json_after = NULL;
  gboolean done = FALSE;
  RpWindow *win2;

  gtk_editable_set_text (GTK_EDITABLE (control (win, "name")), "Saved by the UI test");
  type_into_spin (win, "epochs", "3");
  g_assert_true (rp_scenario_document_get_modified (doc));
  rp_scenario_document_save_async (doc, file, NULL, saved_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_false (rp_scenario_document_get_modified (doc));
  json_before = rp_scenario_to_json (rp_scenario_document_get_scenario (doc));

  win2 = new_window ();
  rp_test_ui_open_and_wait (win2, path, 10);
  g_assert_null (rp_window_get_error_dialog (win2));
  json_after = rp_scenario_to_json (rp_scenario_document_get_scenario (rp_window_get_document (win2)));
  g_assert_cmpstr (json_after, ==, json_before);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (control (win2, "name"))), ==,
                   "Saved by the UI test");
  rp_test_ui_destroy (win2);
  rp_test_ui_destroy (win);
  g_unlink (path);
  g_rmdir (dir);
}

/* File ▸ Export… writes each format, and File ▸ Print… sends the very
 * pages of the PDF plan (printed to a file through GtkPrintOperation). */
static void
test_export_and_print (void)
{
  static const char *const names[] = { "plan.pdf", "chart.png", "chart.svg", "plan.csv",
                                       "plan.json" };
  static const char *const magic[] = { "%PDF-", "\x89PNG", "<?xml", "key,value", "{" };
  g_autofree char *dir = g_dir_make_tmp ("rigplan-ui-XXXXXX", NULL);
  g_autofree char *printed = g_build_filename (dir, "printed.pdf", NULL);
  g_autofree char *bad = g_build_filename (dir, "plan.txt", NULL);
  RpWindow *win = window_with_example ("lora-llama2-13b-rtx3090.rigplan");
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize len = 0;
  guint pages = 0, counted = 0;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_autofree char *data = NULL;

      g_assert_true (rp_window_export (win, path, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
      g_assert_true (g_str_has_prefix (data, magic[i]));
      g_unlink (path);
    }
  g_assert_false (rp_window_export (win, bad, &error));
  g_assert_error (error, RP_ERROR, RP_ERROR_EXPORT_FAILED);
  g_clear_error (&error);
  g_assert_true (rp_window_print_to_file (win, printed, &pages, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pages, >=, 7);
  g_assert_true (g_file_get_contents (printed, &contents, &len, NULL));
  for (const char *p = contents; (p = memmem (p, len - (p - contents), "/Type /Page", 11)) != NULL;
       p += 11)
    counted += p[11] != 's';
  g_assert_cmpuint (counted, ==, pages);
  g_unlink (printed);
  rp_test_ui_destroy (win);
  g_rmdir (dir);
}

/* Closing with unsaved changes asks first; Discard closes. */
static void
test_close_confirmation (void)
{
  RpWindow *win = new_window ();
  GtkWidget *dialog = NULL;
  GListModel *toplevels = gtk_window_get_toplevels ();

  g_object_add_weak_pointer (G_OBJECT (win), (gpointer *) &win);
  type_into_spin (win, "micro-batch", "2");
  gtk_window_close (GTK_WINDOW (win));
  rp_test_ui_drain ();
  g_assert_nonnull (win);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_window_get_transient_for (w) == GTK_WINDOW (win))
        dialog = GTK_WIDGET (w);
    }
  g_assert_nonnull (dialog);
  rp_test_ui_answer (dialog, "discard");
  rp_test_ui_drain ();
  g_assert_null (win);
}

/* The hover read-out comes from the layout's hit regions. */
static void
test_chart_tooltip (void)
{
  RpWindow *win = window_with_example ("full-finetune-llama2-7b-8xa100.rigplan");
  RpChartView *view = RP_CHART_VIEW (rp_window_get_chart_view (win, RP_CHART_VRAM));
  const RpChartLayout *layout;
  RpChartRect rect;
  guint series, index;
  g_autofree char *text = NULL;

  gtk_test_widget_wait_for_draw (GTK_WIDGET (win));
  layout = rp_chart_view_get_layout (view);
  g_assert_nonnull (layout);
  g_assert_cmpuint (rp_chart_layout_get_n_items (layout), >, 0);
  rp_chart_layout_get_item (layout, 0, &series, &index, &rect);
  text = rp_chart_view_get_readout (view, rect.x + rect.width / 2, rect.y + rect.height / 2);
  g_assert_nonnull (text);
  g_assert_nonnull (strstr (text, rp_chart_data_get_category_label (rp_chart_view_get_data (view),
                                                                    index)));
  g_assert_null (rp_chart_view_get_readout (view, -10, -10));
  rp_test_ui_destroy (win);
}

/* One change reaches the chart: the estimate, the results, the chart
 * data and its paint follow each edit (how long it takes is measured by
 * bench/bench-ui.c, not here). */
static void
test_recompute_and_redraw (void)
{
  RpWindow *win = window_with_example ("pretrain-1b-decoder-32xh100.rigplan");
  RpScenarioDocument *doc = rp_window_get_document (win);
  GtkWidget *view = rp_window_get_chart_view (win, RP_CHART_VRAM);
  double previous = NAN;

  gtk_test_widget_wait_for_draw (GTK_WIDGET (win));
  for (guint i = 0; i < 4; i++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 640, 360);
      cairo_t *cr = cairo_create (surface);
      const RpEstimate *est;

      g_object_set (doc, "micro-batch", 1 + i, NULL);
      rp_scenario_document_flush (doc);
      est = rp_scenario_document_get_estimate (doc);
      g_assert_nonnull (est);
      /* a larger micro batch holds more activations */
      g_assert_true (isnan (previous) || est->memory.total_bytes > previous);
      previous = est->memory.total_bytes;
      rp_chart_view_paint (RP_CHART_VIEW (view), cr);
      cairo_surface_flush (surface);
      g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
  rp_test_ui_destroy (win);
}

/* The whole window renders (a real frame through GSK) without criticals. */
static void
test_render_window (void)
{
  RpWindow *win = window_with_example ("resnet50-imagenet-8xa100.rigplan");

  rp_test_ui_render (GTK_WIDGET (win), 1024, "RIGPLAN_UI_PNG");
  rp_test_ui_destroy (win);
}

/* Every form control is named by its label for screen readers. */
static void
test_accessible_names (void)
{
  static const struct { const char *property; const char *label; } controls[] = {
    { "preset", N_("Preset") }, { "layers", N_("Layers") }, { "method", N_("Method") },
    { "micro-batch", N_("Micro batch") }, { "flash-attention", N_("Flash attention") },
    { "gpu", N_("GPU") }, { "nodes", N_("Nodes") }, { "currency", N_("Currency") },
    { "rent-offer", N_("Rental offer") }, { "utilization-pct", N_("Utilization") },
  };
  RpWindow *win = new_window ();

  for (guint i = 0; i < G_N_ELEMENTS (controls); i++)
    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (control (win, controls[i].property)),
                                         GTK_ACCESSIBLE_PROPERTY_LABEL, _(controls[i].label));
  rp_test_ui_destroy (win);
}

int
main (int    argc,
      char **argv)
{
  int status;

  rp_test_ui_bind_messages ();
  if (!rp_test_ui_init (&argc, &argv, &status))
    return status;

  catalog = rp_test_load_catalog ();
  settings = g_settings_new (APP_ID);

  g_test_add_func ("/ui/window/examples-show-results", test_examples_show_results);
  g_test_add_func ("/ui/window/edit-fields", test_edit_fields);
  g_test_add_func ("/ui/window/preset-fills-architecture", test_preset_fills_architecture);
  g_test_add_func ("/ui/window/inline-validation", test_inline_validation);
  g_test_add_func ("/ui/window/new-window-plan", test_new_window_plan);
  g_test_add_func ("/ui/window/out-of-range-entry", test_out_of_range_entry);
  g_test_add_func ("/ui/window/wheel-over-form", test_wheel_over_form);
  g_test_add_func ("/ui/window/narrow-layout", test_narrow_layout);
  g_test_add_func ("/ui/window/apply-fix", test_apply_fix);
  g_test_add_func ("/ui/window/prices-follow-gpu", test_prices_follow_gpu);
  g_test_add_func ("/ui/window/malformed-file", test_malformed_file);
  g_test_add_func ("/ui/window/save-round-trip", test_save_round_trip);
  g_test_add_func ("/ui/window/export-and-print", test_export_and_print);
  g_test_add_func ("/ui/window/close-confirmation", test_close_confirmation);
  g_test_add_func ("/ui/window/render", test_render_window);
  g_test_add_func ("/ui/window/accessible-names", test_accessible_names);
  g_test_add_func ("/ui/chart-view/tooltip", test_chart_tooltip);
  g_test_add_func ("/ui/window/recompute-and-redraw", test_recompute_and_redraw);

  status = g_test_run ();
  g_clear_object (&settings);
  g_clear_pointer (&catalog, rp_catalog_unref);
  return status;
}

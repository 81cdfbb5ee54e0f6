/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-window.c: the main window: forms, verdict, key figures and charts
 *
 * The window shows what the document's estimate says; it computes
 * nothing.  Every "estimate" notification refreshes the verdict, the
 * figures, the advice and the visible chart; hidden charts are rebuilt
 * when their page is shown. */

#include "config.h"

#include "rp-window-private.h"

#include "rp-chart-view.h"
#include "rp-scenario-form.h"
#include "rp-units.h"
#include "rp-words.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

G_DEFINE_FINAL_TYPE (RpWindow, rp_window, GTK_TYPE_APPLICATION_WINDOW)

enum
{
  PROP_0,
  PROP_CATALOG,
  PROP_SETTINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char * const verdict_classes[] = {
  "fits", "tight", "does-not-fit", "error", "unknown"
};

/* ---- helpers -------------------------------------------------------- */

static const char *
not_available (void)
{
  /* TRANSLATORS: shown instead of a figure the models cannot give yet */
  return _("not available");
}

/* The bill of materials names the network by its file id. */
static const char *
network_label (const char *id)
{
  RpNetwork network = RP_NETWORK_NONE;

  rp_network_from_string (id, &network);
  return rp_enum_info_get_label (&rp_network_info, network);
}

static void
set_figure (GtkLabel   *value,
            GtkLabel   *detail,
            const char *value_text,
            const char *detail_text)
{
  gtk_label_set_label (value, value_text != NULL ? value_text : "—");
  gtk_label_set_label (detail, detail_text != NULL ? detail_text : "");
}

static void
set_verdict (RpWindow   *self,
             const char *klass,
             const char *icon_name,
             const char *title,
             const char *detail)
{
  for (guint i = 0; i < G_N_ELEMENTS (verdict_classes); i++)
    gtk_widget_remove_css_class (self->verdict_box, verdict_classes[i]);
  gtk_widget_add_css_class (self->verdict_box, klass);
  self->verdict_class = klass;
  gtk_image_set_from_icon_name (self->verdict_icon, icon_name);
  gtk_label_set_label (self->verdict_title, title);
  gtk_label_set_label (self->verdict_detail, detail != NULL ? detail : "");
  gtk_widget_set_visible (GTK_WIDGET (self->verdict_detail), detail != NULL && *detail != '\0');
}

static void
update_verdict (RpWindow         *self,
                const RpScenario *scenario,
                const RpEstimate *est)
{
  g_autofree char *title = NULL;
  g_autofree char *detail = NULL;
  static const char *const classes[] = { "fits", "tight", "does-not-fit" };
  static const char *const icons[] = {
    "emblem-ok-symbolic", "dialog-warning-symbolic", "dialog-error-symbolic",
  };

  if (est == NULL)
    {
      const GError *error = rp_scenario_document_get_error (self->document);

      detail = rp_words_error (error);
      if (rp_scenario_form_shows_error (RP_SCENARIO_FORM (self->form)))
        {
          g_autofree char *marked = detail;

          /* TRANSLATORS: the field's own error is shown beside it in the form */
          detail = g_strdup_printf (_("%s. The field is marked in the form."), marked);
        }
      set_verdict (self, "error", "dialog-error-symbolic",
                   _("This scenario cannot be estimated"), detail);
      return;
    }
  title = rp_words_verdict_title (scenario, est);
  detail = rp_words_verdict_detail (scenario, self->catalog, est);
  set_verdict (self, classes[est->level], icons[est->level], title, detail);
}

static void
update_figures (RpWindow         *self,
                const RpScenario *scenario,
                const RpEstimate *est)
{
  const RpMemoryEstimate *mem = est != NULL ? &est->memory : NULL;
  const RpComputeEstimate *comp = est != NULL ? &est->compute : NULL;
  const RpCostEstimate *cost = est != NULL ? &est->cost : NULL;
  guint n_gpus = rp_scenario_n_gpus (scenario);

  if (mem != NULL && mem->computed)
    {
      g_autofree char *total = rp_units_format_bytes (mem->total_bytes);
      g_autofree char *capacity = rp_units_format_bytes (mem->capacity_bytes);
      g_autofree char *of = g_strdup_printf (_("of %s"), capacity);
      g_autofree char *headroom = g_strdup_printf (_("%.0f %%"), mem->headroom_pct);
      g_autofree char *free_text = rp_units_format_bytes (fabs (mem->free_bytes));
      g_autofree char *hd = NULL;

      if (mem->free_bytes >= 0)
        /* TRANSLATORS: free memory, then the required headroom */
        hd = g_strdup_printf (_("%s free; %.0f %% required"), free_text,
                              mem->required_headroom_pct);
      else
        hd = g_strdup_printf (_("%s short"), free_text);
      set_figure (self->vram_value, self->vram_detail, total, of);
      set_figure (self->headroom_value, self->headroom_detail, headroom, hd);
    }
  else
    {
      set_figure (self->vram_value, self->vram_detail, NULL, not_available ());
      set_figure (self->headroom_value, self->headroom_detail, NULL, not_available ());
    }

  if (comp != NULL && comp->computed)
    {
      g_autofree char *time = rp_units_format_hours (comp->hours);
      g_autofree char *gpu_hours = g_strdup_printf ("%.0f", comp->gpu_hours);
      g_autofree char *on = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "on %u GPU",
                                                          "on %u GPUs", n_gpus), n_gpus);
      g_autofree char *mfu = g_strdup_printf (_("MFU %.0f %%, limited by %s"), comp->mfu * 100,
                                              rp_bottleneck_get_label (comp->bottleneck));
      g_autofree char *rate = NULL;
      g_autofree char *rate_detail = NULL;
      gboolean tokens = comp->tokens_per_s > 0;
      double per_s = tokens ? comp->tokens_per_s : comp->samples_per_s;

      if (per_s >= 1e6)
        /* TRANSLATORS: millions (of tokens or samples per second) */
        rate = g_strdup_printf (_("%.2f M"), per_s / 1e6);
      else if (per_s >= 100)
        rate = g_strdup_printf ("%.0f", per_s);
      else
        rate = g_strdup_printf ("%.1f", per_s);
      /* TRANSLATORS: the unit of a throughput, then "on 8 GPUs" */
      rate_detail = g_strdup_printf (tokens ? _("tokens/s %s") : _("samples/s %s"), on);
      set_figure (self->time_value, self->time_detail, time, mfu);
      set_figure (self->gpu_hours_value, self->gpu_hours_detail, gpu_hours, on);
      set_figure (self->throughput_value, self->throughput_detail, rate, rate_detail);
    }
  else
    {
      set_figure (self->time_value, self->time_detail, NULL, not_available ());
      set_figure (self->gpu_hours_value, self->gpu_hours_detail, NULL, not_available ());
      set_figure (self->throughput_value, self->throughput_detail, NULL, not_available ());
    }

  /* The run's cost needs its GPU-hours. */
  if (cost != NULL && cost->computed && comp->computed)
    {
      g_autofree char *rent = rp_units_format_money (cost->rent_total, cost->currency);
      g_autofree char *rate = rp_units_format_money (cost->rent_per_gpu_hour, cost->currency);
      g_autofree char *rent_detail = g_strdup_printf (_("%s per GPU-hour"), rate);
      g_autofree char *buy = rp_units_format_money (cost->buy_total, cost->currency);
      g_autofree char *capital = rp_units_format_money (cost->buy_capital, cost->currency);
      g_autofree char *buy_detail = g_strdup_printf (_("this run’s share of %s"), capital);

      set_figure (self->rent_value, self->rent_detail, rent, rent_detail);
      set_figure (self->buy_value, self->buy_detail, buy, buy_detail);
    }
  else
    {
      set_figure (self->rent_value, self->rent_detail, NULL, not_available ());
      set_figure (self->buy_value, self->buy_detail, NULL, not_available ());
    }
  if (cost != NULL && cost->computed)
    {
      g_autofree char *be = NULL;
      g_autofree char *be_detail = g_strdup_printf (_("at %.0f %% utilization"),
                                                    scenario->budget.utilization_pct);

      if (cost->break_even_months < 0 || !isfinite (cost->break_even_months))
        be = g_strdup (_("never"));
      else
        be = g_strdup_printf (_("%.1f months"), cost->break_even_months);
      set_figure (self->break_even_value, self->break_even_detail, be, be_detail);
    }
  else
    set_figure (self->break_even_value, self->break_even_detail, NULL, not_available ());
}

static void
update_recommendation (RpWindow         *self,
                       const RpEstimate *est)
{
  const RpBom *bom = est != NULL ? &est->bom : NULL;
  g_autofree char *text = NULL;

  if (bom == NULL || !bom->computed)
    {
      gtk_label_set_label (self->recommendation_label,
                           _("The recommended server appears here once the models can size "
                             "it. Until then, use the verdict and the charts."));
      return;
    }
  {
    const RpGpu *gpu = rp_catalog_lookup_gpu (self->catalog, bom->gpu);
    g_autofree char *gpus = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u node", "%u nodes",
                                                          bom->nodes), bom->nodes);

    /* TRANSLATORS: GPUs per node × GPU name, nodes, CPU cores, RAM, NVMe, network */
    text = g_strdup_printf (_("%u × %s in %s, each with %u CPU cores, %u GB RAM and "
                              "%.1f TB NVMe; network: %s."),
                            bom->gpus_per_node, gpu != NULL ? gpu->name : bom->gpu, gpus,
                            bom->cpu_cores_per_node, bom->ram_gb_per_node,
                            bom->nvme_tb_per_node,
                            network_label (bom->network));
  }
  gtk_label_set_label (self->recommendation_label, text);
}

static GtkWidget *
new_advice_row (const char *icon_name,
                const char *css_class,
                const char *text)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *image = gtk_image_new_from_icon_name (icon_name);
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (image, css_class);
  gtk_widget_set_valign (image, GTK_ALIGN_START);
  gtk_accessible_update_property (GTK_ACCESSIBLE (image), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  css_class, -1);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), image);
  gtk_box_append (GTK_BOX (box), label);
  return box;
}

static void
update_advice (RpWindow         *self,
               const RpEstimate *est)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->advice_list))) != NULL)
    gtk_list_box_remove (self->advice_list, child);
  self->n_advice = 0;
  if (est != NULL)
    for (guint i = 0; i < est->warnings->len; i++)
      {
        const RpWarning *w = g_ptr_array_index (est->warnings, i);
        const char *icon = w->severity == RP_SEVERITY_ERROR ? "dialog-error-symbolic" :
                           w->severity == RP_SEVERITY_WARNING ? "dialog-warning-symbolic" :
                           "dialog-information-symbolic";
        const char *klass = w->severity == RP_SEVERITY_ERROR ? "error" :
                            w->severity == RP_SEVERITY_WARNING ? "warning" : "info";

        gtk_list_box_append (self->advice_list, new_advice_row (icon, klass, w->message));
        self->n_advice++;
      }
  if (self->n_advice == 0)
    gtk_list_box_append (self->advice_list,
                         new_advice_row ("emblem-ok-symbolic", "info",
                                         est != NULL ? _("Nothing to warn about.")
                                                     : _("Advice appears once the scenario can "
                                                         "be estimated.")));
}

static RpChartKind
chart_kind_of (RpWindow  *self,
               GtkWidget *view)
{
  if (view == self->vram_chart)
    return RP_CHART_VRAM;
  if (view == self->time_chart)
    return RP_CHART_TIME;
  if (view == self->cost_chart)
    return RP_CHART_COST;
  return RP_CHART_BREAK_EVEN;
}

static GtkWidget *
chart_view_of (RpWindow    *self,
               RpChartKind  kind)
{
  switch (kind)
    {
    case RP_CHART_VRAM:
      return self->vram_chart;
    case RP_CHART_TIME:
      return self->time_chart;
    case RP_CHART_COST:
      return self->cost_chart;
    case RP_CHART_BREAK_EVEN:
      return self->break_even_chart;
    case RP_N_CHARTS:
    default:
      g_assert_not_reached ();
    }
}

static void
refresh_chart (RpWindow    *self,
               RpChartKind  kind)
{
  const RpScenario *scenario = rp_scenario_document_get_scenario (self->document);
  const RpEstimate *est = rp_scenario_document_get_estimate (self->document);
  RpChartData *data;

  if (est != NULL)
    data = rp_chart_data_new (kind, scenario, self->catalog, est);
  else
    {
      g_autofree char *message = g_strdup_printf (_("No chart: %s"),
                                                  rp_scenario_document_get_error (self->document)->message);

      data = rp_chart_data_new_empty (kind, rp_chart_kind_get_title (kind), NULL, NULL,
                                      RP_CHART_UNIT_NONE, RP_CHART_UNIT_NONE);
      rp_chart_data_set_message (data, message);
    }
  rp_chart_view_set_data (RP_CHART_VIEW (chart_view_of (self, kind)), data);
  self->chart_stale[kind] = FALSE;
}

static void
update_title (RpWindow *self)
{
  g_autofree char *title = rp_scenario_document_dup_title (self->document);
  g_autofree char *window_title = NULL;
  GFile *file = rp_scenario_document_get_file (self->document);
  gboolean modified = rp_scenario_document_get_modified (self->document);
  g_autofree char *subtitle = NULL;

  if (file != NULL)
    {
      g_autofree char *path = g_file_get_path (file);
      g_autofree char *home = NULL;

      subtitle = path != NULL ? g_strdup (path) : g_file_get_uri (file);
      home = g_strdup (g_get_home_dir ());
      if (g_str_has_prefix (subtitle, home))
        {
          char *shortened = g_strconcat ("~", subtitle + strlen (home), NULL);

          g_free (subtitle);
          subtitle = shortened;
        }
    }
  else
    subtitle = g_strdup (_("Not saved"));

  window_title = g_strdup_printf ("%s%s — Rigplan", modified ? "• " : "", title);
  gtk_window_set_title (GTK_WINDOW (self), window_title);
  {
    g_autofree char *shown = g_strdup_printf ("%s%s", modified ? "• " : "", title);

    gtk_label_set_label (self->title_label, shown);
  }
  gtk_label_set_label (self->subtitle_label, subtitle);
}

/* ---- signal callbacks ----------------------------------------------- */

static void
on_document_estimate_cb (RpWindow           *self,
                         GParamSpec         *pspec,
                         RpScenarioDocument *document)
{
  const RpScenario *scenario = rp_scenario_document_get_scenario (document);
  const RpEstimate *est = rp_scenario_document_get_estimate (document);
  GtkWidget *visible = gtk_stack_get_visible_child (self->chart_stack);
  gint64 start_us = g_get_monotonic_time ();

  update_verdict (self, scenario, est);
  update_figures (self, scenario, est);
  update_recommendation (self, est);
  update_advice (self, est);
  for (guint k = 0; k < RP_N_CHARTS; k++)
    self->chart_stale[k] = TRUE;
  if (visible != NULL)
    refresh_chart (self, chart_kind_of (self, visible));
  rp_window_update_actions (self);

  if (g_getenv ("RIGPLAN_DEBUG_TIMING") != NULL)
    g_printerr ("rigplan: estimate %" G_GINT64_FORMAT " µs, results and chart data %"
                G_GINT64_FORMAT " µs\n", rp_scenario_document_get_compute_us (document),
                g_get_monotonic_time () - start_us);
}

static void
on_document_title_cb (RpWindow           *self,
                      GParamSpec         *pspec,
                      RpScenarioDocument *document)
{
  update_title (self);
}

static void
on_document_currency_cb (RpWindow           *self,
                         GParamSpec         *pspec,
                         RpScenarioDocument *document)
{
  guint currency = 0;

  g_object_get (document, "currency", &currency, NULL);
  if (self->settings != NULL)
    g_settings_set_string (self->settings, "currency", rp_currency_to_string (currency));
}

static void
on_chart_stack_visible_child_cb (RpWindow   *self,
                                 GParamSpec *pspec,
                                 GtkStack   *stack)
{
  GtkWidget *visible = gtk_stack_get_visible_child (stack);

  if (visible != NULL && self->document != NULL)
    {
      RpChartKind kind = chart_kind_of (self, visible);

      if (self->chart_stale[kind])
        refresh_chart (self, kind);
    }
}

static gboolean
on_close_request_cb (GtkWindow *window)
{
  return !rp_window_confirm_close (RP_WINDOW (window));
}

/* ---- vfunc overrides ------------------------------------------------ */

static void
rp_window_constructed (GObject *object)
{
  RpWindow *self = RP_WINDOW (object);

  G_OBJECT_CLASS (rp_window_parent_class)->constructed (object);

  self->document = rp_scenario_document_new (self->catalog);
  if (self->settings != NULL)
    {
      g_autofree char *currency = g_settings_get_string (self->settings, "currency");
      RpCurrency c;

      if (rp_currency_from_string (currency, &c))
        g_object_set (self->document, "currency", (guint) c, NULL);
      rp_scenario_document_flush (self->document);
      rp_scenario_document_set_modified (self->document, FALSE);

      g_settings_bind (self->settings, "window-width", self, "default-width",
                       G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (self->settings, "window-height", self, "default-height",
                       G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (self->settings, "window-maximized", self, "maximized",
                       G_SETTINGS_BIND_DEFAULT);
    }

  rp_scenario_form_set_document (RP_SCENARIO_FORM (self->form), self->document);
  g_signal_connect_object (self->document, "notify::estimate",
                           G_CALLBACK (on_document_estimate_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::title",
                           G_CALLBACK (on_document_title_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::modified",
                           G_CALLBACK (on_document_title_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::currency",
                           G_CALLBACK (on_document_currency_cb), self, G_CONNECT_SWAPPED);
  on_document_estimate_cb (self, NULL, self->document);
  update_title (self);
}

static void
rp_window_dispose (GObject *object)
{
  RpWindow *self = RP_WINDOW (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->document);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->catalog, rp_catalog_unref);
  G_OBJECT_CLASS (rp_window_parent_class)->dispose (object);
}

static void
rp_window_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  RpWindow *self = RP_WINDOW (object);

  switch (prop_id)
    {
    case PROP_CATALOG:
      self->catalog = rp_catalog_ref (g_value_get_pointer (value));
      break;
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ---- class_init / init ---------------------------------------------- */

static void
rp_window_class_init (RpWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = rp_window_constructed;
  object_class->dispose = rp_window_dispose;
  object_class->set_property = rp_window_set_property;
  window_class->close_request = on_close_request_cb;

  properties[PROP_CATALOG] =
    g_param_spec_pointer ("catalog", NULL, NULL,
                          G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                         G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rigplan/Rigplan/rp-window.ui");
  gtk_widget_class_bind_template_child (widget_class, RpWindow, advice_list);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, break_even_chart);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, break_even_detail);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, break_even_value);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, buy_detail);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, buy_value);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, chart_stack);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, cost_chart);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, form);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, gpu_hours_detail);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, gpu_hours_value);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, headroom_detail);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, headroom_value);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, paned);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, recommendation_label);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, rent_detail);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, rent_value);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, throughput_detail);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, throughput_value);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, time_chart);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, time_detail);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, time_value);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, verdict_box);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, verdict_detail);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, verdict_icon);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, verdict_title);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, vram_chart);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, vram_detail);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, vram_value);
  gtk_widget_class_bind_template_callback (widget_class, on_chart_stack_visible_child_cb);

  rp_window_class_init_actions (widget_class);

  g_type_ensure (RP_TYPE_CHART_VIEW);
  g_type_ensure (RP_TYPE_SCENARIO_FORM);
}

static void
rp_window_init (RpWindow *self)
{
  static gboolean css_loaded = FALSE;

  /* GTK 4 (unlike libadwaita) does not load the application's style.css. */
  if (!css_loaded)
    {
      g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();

      gtk_css_provider_load_from_resource (provider, "/io/github/rigplan/Rigplan/style.css");
      gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                                  GTK_STYLE_PROVIDER (provider),
                                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
      css_loaded = TRUE;
    }
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cancellable = g_cancellable_new ();
  self->verdict_class = "unknown";
}

/* ---- public API ----------------------------------------------------- */

RpWindow *
rp_window_new (GtkApplication *application,
               RpCatalog      *catalog,
               GSettings      *settings)
{
  g_return_val_if_fail (application == NULL || GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (catalog != NULL, NULL);
  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  return g_object_new (RP_TYPE_WINDOW,
                       "application", application,
                       "catalog", catalog,
                       "settings", settings,
                       NULL);
}

RpScenarioDocument *
rp_window_get_document (RpWindow *self)
{
  g_return_val_if_fail (RP_IS_WINDOW (self), NULL);
  return self->document;
}

gboolean
rp_window_is_pristine (RpWindow *self)
{
  g_return_val_if_fail (RP_IS_WINDOW (self), FALSE);
  return !rp_scenario_document_get_modified (self->document) &&
         rp_scenario_document_get_file (self->document) == NULL;
}

GtkWidget *
rp_window_get_form (RpWindow *self)
{
  g_return_val_if_fail (RP_IS_WINDOW (self), NULL);
  return self->form;
}

const char *
rp_window_get_verdict_title (RpWindow *self)
{
  g_return_val_if_fail (RP_IS_WINDOW (self), NULL);
  return gtk_label_get_label (self->verdict_title);
}

const char *
rp_window_get_verdict_detail (RpWindow *self)
{
  g_return_val_if_fail (RP_IS_WINDOW (self), NULL);
  return gtk_label_get_label (self->verdict_detail);
}

const char *
rp_window_get_verdict_class (RpWindow *self)
{
  g_return_val_if_fail (RP_IS_WINDOW (self), NULL);
  return self->verdict_class;
}

const char *
rp_window_get_figure (RpWindow   *self,
                      const char *figure,
                      gboolean    detail)
{
  struct { const char *name; GtkLabel *value; GtkLabel *detail; } figures[] = {
    { "vram", self->vram_value, self->vram_detail },
    { "headroom", self->headroom_value, self->headroom_detail },
    { "time", self->time_value, self->time_detail },
    { "gpu_hours", self->gpu_hours_value, self->gpu_hours_detail },
    { "rent", self->rent_value, self->rent_detail },
    { "buy", self->buy_value, self->buy_detail },
    { "break_even", self->break_even_value, self->break_even_detail },
    { "throughput", self->throughput_value, self->throughput_detail },
  };

  g_return_val_if_fail (RP_IS_WINDOW (self), NULL);

  for (guint i = 0; i < G_N_ELEMENTS (figures); i++)
    if (g_str_equal (figures[i].name, figure))
      return gtk_label_get_label (detail ? figures[i].detail : figures[i].value);
  g_return_val_if_reached (NULL);
}

const char *
rp_window_get_recommendation (RpWindow *self)
{
  g_return_val_if_fail (RP_IS_WINDOW (self), NULL);
  return gtk_label_get_label (self->recommendation_label);
}

guint
rp_window_get_n_advice (RpWindow *self)
{
  g_return_val_if_fail (RP_IS_WINDOW (self), 0);
  return self->n_advice;
}

GtkWidget *
rp_window_get_chart_view (RpWindow    *self,
                          RpChartKind  kind)
{
  g_return_val_if_fail (RP_IS_WINDOW (self), NULL);
  g_return_val_if_fail (kind < RP_N_CHARTS, NULL);

  if (self->chart_stale[kind])
    refresh_chart (self, kind);
  return chart_view_of (self, kind);
}

GtkWidget *
rp_window_get_error_dialog (RpWindow *self)
{
  g_return_val_if_fail (RP_IS_WINDOW (self), NULL);
  return self->error_dialog;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-window.c: the main window: forms, verdict, key figures and charts
 *
 * The window shows what the document's estimate says; it computes
 * nothing, and words nothing the core words (rp-words.h): the banner,
 * the checks and the machine to get are core's sentences.  Every
 * "estimate" notification refreshes the verdict, the figures, the advice
 * and the visible chart; hidden charts are rebuilt when shown.  When the
 * scenario cannot be estimated, the last valid figures stay, marked.
 *
 * Below a width of 1,100 px the form and the results become two pages of
 * one column, switched from the header bar, so that two windows fit side
 * by side on a 1,920 px screen. */

#include "config.h"

#include "rp-window-private.h"

#include "rp-startup.h"

#include "rp-calibration-view.h"
#include "rp-chart-view.h"
#include "rp-recent.h"
#include "rp-plan-view.h"
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

/* Narrower than this, the form and the results share one column. */
static const int narrow_below_px = 1240;

static const char * const verdict_classes[] = {
  "fits", "tight", "does-not-fit", "error", "unknown"
};

/* ---- helpers: figures ----------------------------------------------- */

static GtkLabel *
new_figure_label (const char *css_class,
                  gboolean    value)
{
  GtkWidget *label = gtk_label_new (value ? "—" : "");

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_selectable (GTK_LABEL (label), value);
  gtk_widget_add_css_class (label, css_class);
  if (value)
    gtk_widget_add_css_class (label, "numeric");
  else
    {
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_lines (GTK_LABEL (label), 2);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 18);
      gtk_widget_add_css_class (label, "dim-label");
    }
  return GTK_LABEL (label);
}

static void
build_figures (RpWindow *self)
{
  /* the captions (and names) are core's, like the figures */
  for (guint i = 0; i < RP_WORDS_N_FIGURES; i++)
    {
      GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      GtkWidget *caption = gtk_label_new (rp_words_figure_caption (i));

      gtk_label_set_xalign (GTK_LABEL (caption), 0);
      gtk_label_set_ellipsize (GTK_LABEL (caption), PANGO_ELLIPSIZE_END);
      gtk_widget_add_css_class (caption, "figure-caption");
      self->figure_value[i] = new_figure_label ("figure-value", TRUE);
      self->figure_detail[i] = new_figure_label ("figure-detail", FALSE);
      gtk_box_append (GTK_BOX (card), caption);
      gtk_box_append (GTK_BOX (card), GTK_WIDGET (self->figure_value[i]));
      gtk_box_append (GTK_BOX (card), GTK_WIDGET (self->figure_detail[i]));
      gtk_widget_add_css_class (card, "figure-card");
      gtk_accessible_update_relation (GTK_ACCESSIBLE (card),
                                      GTK_ACCESSIBLE_RELATION_LABELLED_BY, caption, NULL,
                                      GTK_ACCESSIBLE_RELATION_DESCRIBED_BY,
                                      self->figure_value[i], self->figure_detail[i], NULL, -1);
      gtk_flow_box_append (self->figures_box, card);
    }
}

static void
set_figure (RpWindow      *self,
            RpWordsFigure  figure,
            const char    *value,
            const char    *detail)
{
  gtk_label_set_label (self->figure_value[figure], value != NULL ? value : "—");
  gtk_label_set_label (self->figure_detail[figure], detail != NULL ? detail : "");
}

static void
update_figures (RpWindow         *self,
                const RpScenario *scenario,
                const RpEstimate *est)
{
  RpWordsFigureText texts[RP_WORDS_N_FIGURES];

  rp_words_figures (scenario, est, texts);
  for (guint i = 0; i < RP_WORDS_N_FIGURES; i++)
    set_figure (self, i, texts[i].value, texts[i].detail);
  rp_words_figures_clear (texts);
}

/* ---- helpers: the verdict ------------------------------------------- */

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

static GtkWidget *
new_check_row (const RpConstraint *c,
               RpConstraintCode    code,
               const char         *finding)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  const char *icon = c->ok ? "emblem-ok-symbolic" : c->severity == RP_SEVERITY_ERROR
                     ? "dialog-error-symbolic" : "dialog-warning-symbolic";
  const char *klass = c->ok ? "ok" : c->severity == RP_SEVERITY_ERROR ? "error" : "warning";
  GtkWidget *image = gtk_image_new_from_icon_name (icon);
  GtkWidget *name = gtk_label_new (rp_words_constraint_name (code));
  GtkWidget *text = gtk_label_new (finding);

  gtk_widget_add_css_class (image, klass);
  gtk_widget_set_valign (image, GTK_ALIGN_START);
  gtk_accessible_update_property (GTK_ACCESSIBLE (image), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  c->ok ? _("met") : _("not met"), -1);
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_yalign (GTK_LABEL (name), 0);
  gtk_widget_add_css_class (name, "check-name");
  gtk_label_set_xalign (GTK_LABEL (text), 0);
  gtk_label_set_wrap (GTK_LABEL (text), TRUE);
  gtk_label_set_selectable (GTK_LABEL (text), TRUE);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (box), image);
  gtk_box_append (GTK_BOX (box), name);
  gtk_box_append (GTK_BOX (box), text);
  return box;
}

static void
update_checks (RpWindow         *self,
               const RpScenario *scenario,
               const RpEstimate *est)
{
  GtkWidget *child;
  guint n = 0, failed = 0;
  g_autofree char *label = NULL;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->checks_list))) != NULL)
    gtk_list_box_remove (self->checks_list, child);
  for (guint i = 0; est != NULL && i < RP_N_CONSTRAINTS; i++)
    {
      const RpConstraint *c = &est->constraints[i];
      g_autofree char *finding = NULL;

      if (!c->judged)
        continue;
      finding = rp_words_constraint (i, c, scenario, est);
      gtk_list_box_append (self->checks_list, new_check_row (c, i, finding));
      n++;
      failed += !c->ok;
    }
  /* TRANSLATORS: the expander under the verdict; checks not met, all checks */
  label = failed > 0 ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u checks not met",
                                                     "%u of %u checks not met", failed),
                                        failed, n)
                     : g_strdup_printf (_("All %u checks met"), n);
  gtk_expander_set_label (self->checks_expander, label);
  gtk_widget_set_visible (GTK_WIDGET (self->checks_expander), n > 0);
}

static void
update_verdict (RpWindow         *self,
                const RpScenario *scenario,
                const RpEstimate *est)
{
  static const char *const classes[] = { "fits", "tight", "does-not-fit" };
  static const char *const icons[] = {
    "emblem-ok-symbolic", "dialog-warning-symbolic", "dialog-error-symbolic",
  };
  g_autofree char *title = NULL;
  g_autofree char *detail = NULL;

  if (est == NULL)
    {
      const GError *error = rp_scenario_document_get_error (self->document);

      detail = error != NULL ? rp_words_error (error) : g_strdup ("");
      if (rp_scenario_form_shows_error (RP_SCENARIO_FORM (self->form)))
        {
          g_autofree char *marked = g_steal_pointer (&detail);

          /* TRANSLATORS: the field's own error is shown beside it in the form */
          detail = g_strdup_printf (_("%s. The field is marked in the form."), marked);
        }
      set_verdict (self, "error", "dialog-error-symbolic",
                   _("This scenario cannot be estimated"), detail);
      update_checks (self, scenario, NULL);
      return;
    }
  title = rp_words_verdict_title (scenario, est);
  detail = rp_words_verdict_detail (scenario, self->catalog, est);
  set_verdict (self, classes[est->level], icons[est->level], title, detail);
  update_checks (self, scenario, est);
}

/* ---- helpers: the decision ----------------------------------------- */

/* The Plan view's decision (rp-decision.h) under the verdict: the
 * recommendation, or that it is being planned, or why there is none. */
static void
update_decision (RpWindow *self)
{
  const RpDecision *d = rp_plan_view_get_decision (RP_PLAN_VIEW (self->plan_view));
  const RpChoice *rec = d != NULL ? rp_decision_get_recommended (d) : NULL;
  g_autofree char *headline = d != NULL ? rp_words_decision_headline (d) : NULL;

  gtk_label_set_label (self->decision_label,
                       headline != NULL ? headline
                                        : _("Planning the machine to rent and to buy…"));
  gtk_widget_set_visible (GTK_WIDGET (self->decision_row),
                          rp_scenario_document_get_estimate (self->document) != NULL);
  gtk_widget_set_visible (self->decision_use_button, rec != NULL && rec->kind != RP_CHOICE_YOURS);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.use-recommended",
                                 rec != NULL && rec->kind != RP_CHOICE_YOURS);
}

static void
on_plan_decision_cb (RpWindow   *self,
                     GParamSpec *pspec,
                     RpPlanView *plan_view)
{
  update_decision (self);
}

/* ---- helpers: the machine and the advice ---------------------------- */

static void
update_recommendation (RpWindow         *self,
                       const RpEstimate *est)
{
  g_autofree char *text = est != NULL ? rp_words_machine (self->catalog, &est->bom) : NULL;

  gtk_label_set_label (self->recommendation_label,
                       text != NULL ? text
                                    : _("The machine to get appears here once the run can be "
                                        "timed."));
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
               const RpScenario *scenario,
               const RpEstimate *est)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->advice_list))) != NULL)
    gtk_list_box_remove (self->advice_list, child);
  self->n_advice = 0;
  for (guint i = 0; est != NULL && i < est->n_warnings; i++)
    {
      const RpWarning *w = &est->warnings[i];
      const char *icon = w->severity == RP_SEVERITY_ERROR ? "dialog-error-symbolic" :
                         w->severity == RP_SEVERITY_WARNING ? "dialog-warning-symbolic" :
                         "dialog-information-symbolic";
      g_autofree char *sentence = rp_words_advice (w, scenario, self->catalog, est);

      gtk_list_box_append (self->advice_list,
                           new_advice_row (icon, rp_severity_to_string (w->severity), sentence));
      self->n_advice++;
    }
  if (self->n_advice == 0)
    gtk_list_box_append (self->advice_list,
                         new_advice_row ("emblem-ok-symbolic", "info",
                                         est != NULL ? _("Nothing to warn about.")
                                                     : _("Advice appears once the scenario can "
                                                         "be estimated.")));
}

/* ---- helpers: charts ------------------------------------------------ */

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
      const GError *error = rp_scenario_document_get_error (self->document);
      g_autofree char *words = error != NULL ? rp_words_error (error) : g_strdup ("");
      /* TRANSLATORS: instead of a chart; %s says what is wrong */
      g_autofree char *message = g_strdup_printf (_("No chart: %s"), words);

      data = rp_chart_data_new_empty (kind, rp_chart_kind_get_title (kind), NULL, NULL,
                                      RP_CHART_UNIT_NONE, RP_CHART_UNIT_NONE);
      rp_chart_data_set_message (data, message);
    }
  rp_chart_view_set_data (RP_CHART_VIEW (chart_view_of (self, kind)), data);
  self->chart_stale[kind] = FALSE;
}

/* ---- helpers: the title and the layout ------------------------------ */

static void
update_title (RpWindow *self)
{
  g_autofree char *title = rp_scenario_document_dup_title (self->document);
  g_autofree char *window_title = NULL;
  g_autofree char *shown = NULL;
  GFile *file = rp_scenario_document_get_file (self->document);
  gboolean modified = rp_scenario_document_get_modified (self->document);
  g_autofree char *subtitle = NULL;

  if (file != NULL)
    {
      g_autofree char *path = g_file_get_path (file);
      const char *home = g_get_home_dir ();

      subtitle = path != NULL ? g_strdup (path) : g_file_get_uri (file);
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
  shown = g_strdup_printf ("%s%s", modified ? "• " : "", title);
  gtk_label_set_label (self->title_label, shown);
  gtk_label_set_label (self->subtitle_label, subtitle);
}

/* Moves @child from wherever it is into @stack as page @name. */
static void
move_to_stack (GtkWidget  *child,
               GtkStack   *stack,
               const char *name,
               const char *title)
{
  g_object_ref (child);
  if (GTK_IS_PANED (gtk_widget_get_parent (child)))
    {
      GtkPaned *paned = GTK_PANED (gtk_widget_get_parent (child));

      if (gtk_paned_get_start_child (paned) == child)
        gtk_paned_set_start_child (paned, NULL);
      else
        gtk_paned_set_end_child (paned, NULL);
    }
  gtk_stack_add_titled (stack, child, name, title);
  g_object_unref (child);
}

static void
move_to_paned (GtkWidget *child,
               GtkPaned  *paned,
               gboolean   start)
{
  g_object_ref (child);
  gtk_stack_remove (GTK_STACK (gtk_widget_get_parent (child)), child);
  if (start)
    gtk_paned_set_start_child (paned, child);
  else
    gtk_paned_set_end_child (paned, child);
  g_object_unref (child);
}

static void
set_narrow (RpWindow *self,
            gboolean  narrow)
{
  if (self->narrow == narrow)
    return;
  self->narrow = narrow;
  if (narrow)
    {
      /* TRANSLATORS: the two pages of a narrow window */
      /* a form as wide as the window spreads labels from their fields */
      gtk_widget_set_halign (self->form, GTK_ALIGN_CENTER);
      move_to_stack (self->form_scroller, self->narrow_stack, "scenario", _("Scenario"));
      move_to_stack (self->results_scroller, self->narrow_stack, "results", _("Results"));
      gtk_stack_set_visible_child_name (self->layout_stack, "narrow");
    }
  else
    {
      gtk_widget_set_halign (self->form, GTK_ALIGN_FILL);
      move_to_paned (self->form_scroller, self->paned, TRUE);
      move_to_paned (self->results_scroller, self->paned, FALSE);
      gtk_stack_set_visible_child_name (self->layout_stack, "wide");
    }
  gtk_widget_set_visible (self->narrow_switcher, narrow);
}

static gboolean
layout_idle_cb (gpointer user_data)
{
  RpWindow *self = user_data;
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = 0;

  self->layout_idle_id = 0;
  /* GTK 4.8 writes both sizes without checking for NULL: a window not
   * shown yet crashed here */
  if (width <= 0)
    gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  set_narrow (self, width > 0 && width < narrow_below_px);
  return G_SOURCE_REMOVE;
}

/* Layout changes wait until the allocation is over. */
static void
on_size_changed_cb (RpWindow   *self,
                    GParamSpec *pspec)
{
  if (self->layout_idle_id == 0)
    self->layout_idle_id = g_idle_add (layout_idle_cb, self);
}

/* Every new width (a resize, maximize, tiling) is seen here; the layout
 * changes after the allocation, in an idle, when narrowness changes. */
static void
rp_window_size_allocate (GtkWidget *widget,
                         int        width,
                         int        height,
                         int        baseline)
{
  RpWindow *self = RP_WINDOW (widget);

  GTK_WIDGET_CLASS (rp_window_parent_class)->size_allocate (widget, width, height, baseline);
  if ((width < narrow_below_px) != self->narrow)
    on_size_changed_cb (self, NULL);
}

/* ---- signal callbacks ----------------------------------------------- */

static void
on_document_estimate_cb (RpWindow           *self,
                         GParamSpec         *pspec,
                         RpScenarioDocument *document)
{
  const RpScenario *scenario = rp_scenario_document_get_scenario (document);
  const RpEstimate *est = rp_scenario_document_get_estimate (document);
  const RpEstimate *shown = rp_scenario_document_get_shown_estimate (document);
  gboolean stale = rp_scenario_document_is_stale (document);
  GtkWidget *visible = gtk_stack_get_visible_child (self->chart_stack);
  gint64 start_us = g_get_monotonic_time ();

  update_verdict (self, scenario, est);
  /* the last valid figures stay, marked, while a field is wrong */
  update_figures (self, scenario, shown);
  gtk_widget_set_visible (self->stale_label, stale && shown != NULL);
  if (stale)
    gtk_widget_add_css_class (GTK_WIDGET (self->figures_box), "stale");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->figures_box), "stale");
  update_recommendation (self, shown);
  update_decision (self);
  update_advice (self, scenario, est);
  rp_window_update_calibration (self, shown);
  for (guint k = 0; k < RP_N_CHARTS; k++)
    self->chart_stale[k] = TRUE;
  /* the Plan page is no chart: it plans on its own */
  if (visible != NULL && RP_IS_CHART_VIEW (visible))
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
on_document_notice_cb (RpWindow           *self,
                       GParamSpec         *pspec,
                       RpScenarioDocument *document)
{
  const char *notice = rp_scenario_document_get_notice (document);

  if (notice != NULL)
    rp_window_show_notice (self, notice, NULL);
}

/* The autosave could not write: said once, in the notice bar. */
static void
on_autosave_failed_cb (RpWindow   *self,
                       const char *message)
{
  rp_window_show_notice (self, message, NULL);
}

static void
on_notice_close_clicked_cb (RpWindow *self)
{
  gtk_revealer_set_reveal_child (self->notice_revealer, FALSE);
  g_clear_object (&self->notice_file);
}

static void
on_notice_open_clicked_cb (RpWindow *self)
{
  g_autofree char *uri = NULL;

  if (self->notice_file == NULL)
    return;
  uri = g_file_get_uri (self->notice_file);
  gtk_show_uri (GTK_WINDOW (self), uri, GDK_CURRENT_TIME);
}

static void
on_chart_stack_visible_child_cb (RpWindow   *self,
                                 GParamSpec *pspec,
                                 GtkStack   *stack)
{
  GtkWidget *visible = gtk_stack_get_visible_child (stack);

  if (visible != NULL && self->document != NULL && RP_IS_CHART_VIEW (visible))
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
  rp_startup_mark ("window-template");

  self->document = rp_scenario_document_new (self->catalog);
  rp_startup_mark ("document");
  rp_window_init_flow (self);
  self->autosave = rp_autosave_new (self->document);
  g_signal_connect_object (self->autosave, "failed", G_CALLBACK (on_autosave_failed_cb), self,
                           G_CONNECT_SWAPPED);
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
  rp_startup_mark ("form");
  rp_plan_view_set_document (RP_PLAN_VIEW (self->plan_view), self->document);
  g_signal_connect_object (self->plan_view, "notify::decision",
                           G_CALLBACK (on_plan_decision_cb), self, G_CONNECT_SWAPPED);
  rp_startup_mark ("plan-view");
  g_signal_connect_object (self->document, "notify::estimate",
                           G_CALLBACK (on_document_estimate_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::title",
                           G_CALLBACK (on_document_title_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::modified",
                           G_CALLBACK (on_document_title_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::currency",
                           G_CALLBACK (on_document_currency_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::notice",
                           G_CALLBACK (on_document_notice_cb), self, G_CONNECT_SWAPPED);
  rp_window_init_undo (self);
  on_document_estimate_cb (self, NULL, self->document);
  rp_startup_mark ("results");
  update_title (self);
  on_size_changed_cb (self, NULL);
}

static void
rp_window_dispose (GObject *object)
{
  RpWindow *self = RP_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->layout_idle_id, g_source_remove);
  g_clear_object (&self->autosave);
  g_clear_object (&self->flow);
  g_clear_object (&self->document);
  g_clear_object (&self->settings);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->notice_file);
  g_clear_pointer (&self->catalog, rp_catalog_unref);
  g_clear_pointer (&self->toast_text, g_free);
  self->toast = NULL;
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
  widget_class->size_allocate = rp_window_size_allocate;

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
  gtk_widget_class_bind_template_child (widget_class, RpWindow, calibrated_badge);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, calibration_view);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, chart_stack);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, checks_expander);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, checks_list);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, cost_chart);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, decision_label);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, decision_row);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, decision_use_button);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, figures_box);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, fix_button);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, form);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, form_scroller);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, layout_stack);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, narrow_stack);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, narrow_switcher);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, notice_label);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, notice_open);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, notice_revealer);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, paned);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, plan_view);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, recommendation_label);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, recent_section);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, results_scroller);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, stale_label);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, time_chart);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, verdict_box);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, verdict_detail);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, verdict_icon);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, verdict_title);
  gtk_widget_class_bind_template_child (widget_class, RpWindow, vram_chart);
  gtk_widget_class_bind_template_callback (widget_class, on_chart_stack_visible_child_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_notice_close_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_notice_open_clicked_cb);

  rp_window_class_init_actions (widget_class);
  rp_window_class_init_undo (widget_class);

  g_type_ensure (RP_TYPE_CALIBRATION_VIEW);
  g_type_ensure (RP_TYPE_CHART_VIEW);
  g_type_ensure (RP_TYPE_PLAN_VIEW);
  g_type_ensure (RP_TYPE_SCENARIO_FORM);
}

static void
rp_window_init (RpWindow *self)
{
  static gboolean css_loaded = FALSE;

  /* AdwApplication loads the application's style.css (and the dark and
   * high-contrast variants); a window made without one (tests) loads it
   * here. */
  if (!css_loaded && !ADW_IS_APPLICATION (g_application_get_default ()))
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
  build_figures (self);
  rp_recent_attach_menu (self->recent_section);
  rp_window_init_import (self);
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

void
rp_window_show_notice (RpWindow   *self,
                       const char *text,
                       GFile      *file)
{
  g_return_if_fail (RP_IS_WINDOW (self));
  g_return_if_fail (text != NULL);

  gtk_label_set_label (GTK_LABEL (self->notice_label), text);
  g_set_object (&self->notice_file, file);
  gtk_widget_set_visible (self->notice_open, file != NULL);
  gtk_revealer_set_reveal_child (self->notice_revealer, TRUE);
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

gboolean
rp_window_offers_fix (RpWindow *self)
{
  g_return_val_if_fail (RP_IS_WINDOW (self), FALSE);
  return gtk_widget_get_visible (self->fix_button);
}

guint
rp_window_get_n_checks (RpWindow *self,
                        guint    *n_failed)
{
  const RpEstimate *est;
  guint n = 0, failed = 0;

  g_return_val_if_fail (RP_IS_WINDOW (self), 0);

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->checks_list));
       row != NULL; row = gtk_widget_get_next_sibling (row))
    n++;
  est = rp_scenario_document_get_estimate (self->document);
  for (guint i = 0; est != NULL && i < RP_N_CONSTRAINTS; i++)
    failed += est->constraints[i].judged && !est->constraints[i].ok;
  if (n_failed != NULL)
    *n_failed = failed;
  return n;
}

gboolean
rp_window_shows_stale (RpWindow *self)
{
  g_return_val_if_fail (RP_IS_WINDOW (self), FALSE);
  return gtk_widget_get_visible (self->stale_label);
}

RpAutosave *
rp_window_get_autosave (RpWindow *self)
{
  g_return_val_if_fail (RP_IS_WINDOW (self), NULL);
  return self->autosave;
}

const char *
rp_window_get_notice (RpWindow *self)
{
  g_return_val_if_fail (RP_IS_WINDOW (self), NULL);

  if (!gtk_revealer_get_reveal_child (self->notice_revealer))
    return NULL;
  return gtk_label_get_label (GTK_LABEL (self->notice_label));
}

gboolean
rp_window_is_narrow (RpWindow *self)
{
  g_return_val_if_fail (RP_IS_WINDOW (self), FALSE);
  return self->narrow;
}

const char *
rp_window_get_figure (RpWindow   *self,
                      const char *figure,
                      gboolean    detail)
{
  g_return_val_if_fail (RP_IS_WINDOW (self), NULL);

  for (guint i = 0; i < RP_WORDS_N_FIGURES; i++)
    if (g_str_equal (rp_words_figure_name (i), figure))
      return gtk_label_get_label (detail ? self->figure_detail[i] : self->figure_value[i]);
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

const char *
rp_window_get_decision_text (RpWindow *self)
{
  g_return_val_if_fail (RP_IS_WINDOW (self), NULL);
  return gtk_label_get_label (self->decision_label);
}

GtkWidget *
rp_window_get_plan_view (RpWindow *self)
{
  g_return_val_if_fail (RP_IS_WINDOW (self), NULL);
  return self->plan_view;
}

GtkWidget *
rp_window_get_error_dialog (RpWindow *self)
{
  g_return_val_if_fail (RP_IS_WINDOW (self), NULL);
  return self->error_dialog;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-plan-view.c: the Plan view and the sizing guide in the real window
 * under Xvfb: they plan in the background, list what the planner found,
 * apply a row to the scenario, follow their filters, and stop when asked */

#include "config.h"

#include "rp-chart-view.h"
#include "rp-decision.h"
#include "rp-fix.h"
#include "rp-guide-window.h"
#include "rp-plan-view.h"
#include "rp-test-core.h"
#include "rp-test-ui.h"
#include "rp-window.h"
#include "rp-words.h"

#include <glib/gi18n.h>
#include <gtk/gtk.h>
#include <math.h>
#include <string.h>

static RpCatalog *catalog = NULL;
static GSettings *settings = NULL;

/* Planning an example takes well under a second; this is for a loaded
 * test machine. */
static const guint wait_s = 60;

/* ---- helpers -------------------------------------------------------- */

static RpWindow *
new_window (void)
{
  return rp_test_ui_new_window (catalog, settings, 1400, 1000);
}

static RpWindow *
window_with_example (const char *name)
{
  return rp_test_ui_open_example (new_window (), name, wait_s);
}

static RpPlanView *
plan_view (RpWindow *win)
{
  return RP_PLAN_VIEW (rp_window_get_plan_view (win));
}

/* Runs the main loop until the view has a plan and nothing runs (a
 * replan after an edit is scheduled, then run). */
static void
wait_for_plan (RpPlanView *view)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add_seconds (wait_s, rp_test_ui_timeout_cb, &timed_out);

  /* the pause before a replan */
  g_usleep (400 * 1000);
  rp_test_ui_drain ();
  while (!timed_out &&
         (rp_plan_view_is_running (view) || rp_plan_view_get_plan (view) == NULL))
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (id);
  rp_test_ui_drain ();
}

static void
show_plan_page (RpWindow *win)
{
  gtk_widget_activate_action (GTK_WIDGET (win), "win.show-plan", NULL);
  rp_test_ui_drain ();
  g_assert_true (gtk_widget_get_mapped (rp_window_get_plan_view (win)));
}

/* ---- tests ---------------------------------------------------------- */

/* The Plan page plans the scenario on its own: both answers' machines are
 * listed with a button each, the chart has the front, the status says
 * how much was searched. */
static void
test_plan_lists (void)
{
  RpWindow *win = window_with_example ("lora-llama3-8b-rtx4090.rigplan");
  RpPlanView *view = plan_view (win);
  const RpPlan *plan;
  const RpChartData *data;

  show_plan_page (win);
  wait_for_plan (view);
  plan = rp_plan_view_get_plan (view);
  g_test_message ("%s", rp_plan_view_get_status (view));
  g_assert_nonnull (strstr (rp_plan_view_get_status (view), "machines searched"));
  g_assert_cmpuint (plan->answers[RP_PLAN_RENT].rows->len, >, 0);
  g_assert_nonnull (rp_plan_view_get_use_button (view, RP_PLAN_RENT, 0));
  g_assert_nonnull (rp_plan_view_get_use_button (view, RP_PLAN_BUY, 0));
  data = rp_chart_view_get_data (RP_CHART_VIEW (rp_plan_view_get_chart (view)));
  g_assert_nonnull (data);
  g_assert_cmpuint (rp_chart_data_get_n_series (data), ==, 2);
  g_assert_cmpuint (rp_chart_data_get_n_points (data, 0), >, 0);
  rp_test_ui_destroy (win);
}

/* "Use this machine" puts the row's GPU, count, setting and offer into
 * the scenario, as one edit. */
static void
test_use_this_machine (void)
{
  RpWindow *win = window_with_example ("full-finetune-llama2-7b-8xa100.rigplan");
  RpPlanView *view = plan_view (win);
  RpScenarioDocument *doc = rp_window_get_document (win);
  const RpPlanRow *row;
  const RpScenario *s;
  g_autofree char *gpu = NULL;
  g_autofree char *offer = NULL;
  guint n_gpus, tp;
  g_autofree char *before = NULL;
  g_autofree char *undone = NULL;

  show_plan_page (win);
  wait_for_plan (view);
  before = rp_scenario_to_json (rp_scenario_document_get_scenario (doc));
  row = g_ptr_array_index (rp_plan_view_get_plan (view)->answers[RP_PLAN_RENT].rows, 1);
  gpu = g_strdup (row->gpu->id);
  offer = g_strdup (row->scenario->budget.rent_offer);
  n_gpus = row->n_gpus;
  tp = row->scenario->training.tensor_parallel;
  /* gtk_widget_activate would click after GtkButton's 250 ms press */
  g_signal_emit_by_name (rp_plan_view_get_use_button (view, RP_PLAN_RENT, 1), "clicked");
  rp_test_ui_drain ();
  s = rp_scenario_document_get_scenario (doc);
  g_assert_cmpstr (s->hardware.gpu, ==, gpu);
  g_assert_cmpuint (s->hardware.gpus_per_node * s->hardware.nodes, ==, n_gpus);
  g_assert_cmpuint (s->training.tensor_parallel, ==, tp);
  g_assert_cmpstr (s->budget.rent_offer, ==, offer);
  g_assert_true (rp_scenario_document_get_modified (doc));
  /* a toast names what changed; its Undo (win.undo) gives the scenario
   * back as it was, byte for byte */
  g_assert_nonnull (rp_window_get_toast (win));
  g_test_message ("toast: %s", rp_window_get_toast (win));
  /* the machine first */
  g_assert_true (g_str_has_prefix (rp_window_get_toast (win), _("GPU")) ||
                 g_str_has_prefix (rp_window_get_toast (win), _("GPUs per node")) ||
                 g_str_has_prefix (rp_window_get_toast (win), _("Nodes")));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (win), "win.undo", NULL));
  rp_test_ui_drain ();
  undone = rp_scenario_to_json (rp_scenario_document_get_scenario (doc));
  g_assert_cmpstr (undone, ==, before);
  rp_test_ui_destroy (win);
}

/* The filters are the scenario's planner fields: typing GPU types there
 * edits the document, and the plan that follows keeps to them. */
static void
test_filters_replan (void)
{
  RpWindow *win = window_with_example ("full-finetune-llama2-7b-8xa100.rigplan");
  RpPlanView *view = plan_view (win);
  GtkWidget *entry = rp_plan_view_get_control (view, "gpu-types");
  GtkWidget *spin = rp_plan_view_get_control (view, "max-gpus");
  const RpScenario *s = rp_scenario_document_get_scenario (rp_window_get_document (win));
  const RpPlan *plan;

  show_plan_page (win);
  wait_for_plan (view);
  gtk_editable_set_text (GTK_EDITABLE (entry), "h100-sxm, a100-80gb-sxm");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 16);
  rp_scenario_document_flush (rp_window_get_document (win));
  g_assert_cmpstr (s->planner.gpu_types, ==, "h100-sxm, a100-80gb-sxm");
  g_assert_cmpuint (s->planner.max_gpus, ==, 16);
  wait_for_plan (view);
  plan = rp_plan_view_get_plan (view);
  g_assert_cmpuint (plan->n_gpu_types, ==, 2);
  for (guint i = 0; i < plan->answers[RP_PLAN_RENT].rows->len; i++)
    {
      const RpPlanRow *r = g_ptr_array_index (plan->answers[RP_PLAN_RENT].rows, i);

      g_assert_true (g_str_equal (r->gpu->id, "h100-sxm") ||
                     g_str_equal (r->gpu->id, "a100-80gb-sxm"));
      g_assert_cmpuint (r->n_gpus, <=, 16);
    }
  rp_test_ui_destroy (win);
}

/* The window shows the one decision (rp-decision.h) without the Plan page
 * being opened: the banner names the recommendation as core words it,
 * the same machine core decides on, and "Use this machine" there adopts
 * it; decided again, the scenario keeps it. */
static void
test_decision_in_banner (void)
{
  RpWindow *win = window_with_example ("lora-llama2-13b-rtx3090.rigplan");
  RpPlanView *view = plan_view (win);
  RpScenarioDocument *doc = rp_window_get_document (win);
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  g_autoptr(RpDecision) core = NULL;
  g_autofree char *headline = NULL;
  g_autofree char *gpu = NULL;
  const RpDecision *shown;
  const RpChoice *rec;
  guint gpus;

  wait_for_plan (view);
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (view)));
  shown = rp_plan_view_get_decision (view);
  g_assert_nonnull (shown);
  headline = rp_words_decision_headline (shown);
  g_assert_cmpstr (rp_window_get_decision_text (win), ==, headline);
  g_assert_true (rp_fix_estimate (rp_scenario_document_get_scenario (doc), catalog, est, NULL));
  core = rp_decision_compute (rp_scenario_document_get_scenario (doc), catalog, est, NULL, NULL,
                              NULL);
  rec = rp_decision_get_recommended (shown);
  g_assert_nonnull (rec);
  g_assert_true (rec->gpu == rp_decision_get_recommended (core)->gpu);
  g_assert_cmpuint (rec->gpus, ==, rp_decision_get_recommended (core)->gpus);
  gpu = g_strdup (rec->gpu->id);
  gpus = rec->gpus;

  /* the action edits and estimates at once; the replan waits 300 ms,
   * which a busy machine can spend in one main-loop drain: look first */
  gtk_widget_activate_action (GTK_WIDGET (win), "win.use-recommended", NULL);
  g_assert_cmpstr (rp_scenario_document_get_scenario (doc)->hardware.gpu, ==, gpu);
  g_assert_cmpuint (rp_scenario_n_gpus (rp_scenario_document_get_scenario (doc)), ==, gpus);
  g_assert_cmpstr (rp_window_get_decision_text (win), ==,
                   _("Planning the machine to rent and to buy…"));
  wait_for_plan (view);
  rec = rp_decision_get_recommended (rp_plan_view_get_decision (view));
  g_assert_nonnull (rec);
  g_assert_cmpstr (rec->gpu->id, ==, gpu);
  g_assert_cmpuint (rec->gpus, ==, gpus);
  rp_test_ui_destroy (win);
}

/* Runs the main loop until the view's plan is of @acquire. */
static void
wait_for_plan_of (RpPlanView *view,
                  RpAcquire   acquire)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add_seconds (wait_s, rp_test_ui_timeout_cb, &timed_out);

  while (!timed_out &&
         (rp_plan_view_is_running (view) || rp_plan_view_get_plan (view) == NULL ||
          rp_plan_view_get_plan (view)->acquire != acquire))
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (id);
  rp_test_ui_drain ();
}

/* Buying was not asked for: the Buy answer says so and offers to plan
 * buying too, as an edit of Rent or buy that Ctrl+Z takes back. */
static void
test_plan_buying_too (void)
{
  RpWindow *win = window_with_example ("lora-llama2-13b-rtx3090.rigplan");
  RpPlanView *view = plan_view (win);
  RpScenarioDocument *doc = rp_window_get_document (win);
  GtkWidget *button = rp_plan_view_get_too_button (view, RP_PLAN_BUY);

  show_plan_page (win);
  wait_for_plan (view);
  g_assert_cmpint (rp_scenario_document_get_scenario (doc)->budget.acquire, ==, RP_ACQUIRE_RENT);
  g_assert_cmpint (rp_plan_view_get_plan (view)->answers[RP_PLAN_BUY].status, ==,
                   RP_PLAN_STATUS_NOT_ASKED);
  g_assert_true (gtk_widget_get_visible (button));
  g_assert_false (gtk_widget_get_visible (rp_plan_view_get_too_button (view, RP_PLAN_RENT)));

  g_signal_emit_by_name (button, "clicked");
  wait_for_plan_of (view, RP_ACQUIRE_COMPARE);
  g_assert_cmpint (rp_scenario_document_get_scenario (doc)->budget.acquire, ==,
                   RP_ACQUIRE_COMPARE);
  g_assert_cmpint (rp_plan_view_get_plan (view)->answers[RP_PLAN_BUY].status, !=,
                   RP_PLAN_STATUS_NOT_ASKED);
  g_assert_false (gtk_widget_get_visible (button));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (win), "win.undo", NULL));
  wait_for_plan_of (view, RP_ACQUIRE_RENT);
  g_assert_cmpint (rp_scenario_document_get_scenario (doc)->budget.acquire, ==, RP_ACQUIRE_RENT);
  g_assert_true (gtk_widget_get_visible (button));
  rp_test_ui_destroy (win);
}

static gboolean
on_idle_count_cb (gpointer user_data)
{
  (*(guint *) user_data)++;
  return G_SOURCE_CONTINUE;
}

/* The search runs beside the main loop (a 1 ms timer keeps firing while
 * it plans machines of up to a million GPUs), and Stop ends it: the view
 * says so and keeps nothing running. */
static void
test_background_and_stop (void)
{
  RpWindow *win = window_with_example ("pretrain-1b-decoder-32xh100.rigplan");
  RpPlanView *view = plan_view (win);
  RpScenarioDocument *doc = rp_window_get_document (win);
  guint ticks = 0, id;
  gboolean timed_out = FALSE;
  guint t;

  show_plan_page (win);
  wait_for_plan (view);
  g_object_set (doc, "max-nodes", 131072, "max-gpus", 1048576, NULL);
  rp_scenario_document_flush (doc);
  id = g_timeout_add (1, on_idle_count_cb, &ticks);
  rp_plan_view_start (view);
  /* the call hands the search to a thread and returns while it runs */
  g_assert_true (rp_plan_view_is_running (view));
  while (ticks < 3 && rp_plan_view_is_running (view))
    g_main_context_iteration (NULL, TRUE);
  rp_plan_view_cancel (view);
  t = g_timeout_add_seconds (wait_s, rp_test_ui_timeout_cb, &timed_out);
  while (!timed_out && rp_plan_view_is_running (view))
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (t);
  g_source_remove (id);
  g_assert_cmpuint (ticks, >, 0);
  g_test_message ("%s", rp_plan_view_get_status (view));
  /* a run this small may end before the cancel reaches it */
  g_assert_true (g_str_equal (rp_plan_view_get_status (view), _("Stopped.")) ||
                 strstr (rp_plan_view_get_status (view), "machines searched") != NULL);
  g_assert_nonnull (rp_plan_view_get_plan (view));
  rp_test_ui_destroy (win);
}

/* The sizing guide opens from the window, plans its ten rows in the
 * background, and shows a rent and a buy answer for each. */
static void
test_guide_window (void)
{
  RpWindow *win = new_window ();
  RpGuideWindow *guide = NULL;
  g_autoptr(GList) toplevels = NULL;
  gboolean timed_out = FALSE;
  guint id;

  rp_test_ui_drain ();
  gtk_widget_activate_action (GTK_WIDGET (win), "win.guide", NULL);
  rp_test_ui_drain ();
  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (RP_IS_GUIDE_WINDOW (l->data))
      guide = l->data;
  g_assert_nonnull (guide);
  id = g_timeout_add_seconds (wait_s, rp_test_ui_timeout_cb, &timed_out);
  while (!timed_out &&
         (rp_guide_window_is_running (guide) || rp_guide_window_get_guide (guide) == NULL))
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (id);
  rp_test_ui_drain ();
  g_assert_cmpuint (rp_guide_window_get_guide (guide)->rows->len, ==, 10);
  for (guint r = 0; r < 10; r++)
    for (guint c = 0; c < 3; c++)
      {
        const char *text = rp_guide_window_get_cell (guide, r, c);

        g_assert_nonnull (text);
        g_assert_cmpuint (strlen (text), >, 5);
      }
  g_test_message ("%s | %s", rp_guide_window_get_cell (guide, 0, 1),
                  rp_guide_window_get_cell (guide, 0, 2));
  gtk_window_destroy (GTK_WINDOW (guide));
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

  g_test_add_func ("/ui/plan/lists", test_plan_lists);
  g_test_add_func ("/ui/plan/use-this-machine", test_use_this_machine);
  g_test_add_func ("/ui/plan/buying-too", test_plan_buying_too);
  g_test_add_func ("/ui/plan/decision-in-banner", test_decision_in_banner);
  g_test_add_func ("/ui/plan/filters-replan", test_filters_replan);
  g_test_add_func ("/ui/plan/background-and-stop", test_background_and_stop);
  g_test_add_func ("/ui/guide/window", test_guide_window);
  status = g_test_run ();
  g_clear_object (&settings);
  rp_catalog_unref (catalog);
  return status;
}

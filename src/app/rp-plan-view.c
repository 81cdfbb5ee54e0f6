/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-plan-view.c: the Plan view — the decision, the machines to rent and to buy
 *
 * The search and the decision on it run in a GTask thread on a copy of
 * the scenario and a reference to the catalog (rp_plan_compute and
 * rp_decision_new are pure), so the window never waits for them.  Every
 * estimate of the document starts a run after a short pause, shown or
 * not, since the window's banner shows the decision too; a new edit
 * cancels the run under way.  Each run carries a generation number, and
 * only the latest one's result is shown.  Progress is read from the run
 * every tenth of a second. */

#include "config.h"

#include "rp-plan-view.h"

#include "rp-chart-view.h"
#include "rp-fix.h"
#include "rp-units.h"
#include "rp-words.h"

#include <glib/gi18n.h>
#include <time.h>
#include <math.h>

/* Typing in a filter or a form field waits this long before a new run. */
static const guint replan_delay_ms = 300;
static const guint progress_interval_ms = 100;
/* Rows each answer lists (the planner ranks them exactly). */
static const guint shown_rows = 10;

/* ---- private structs ------------------------------------------------ */

/* What one run works on; owned by its GTask. */
typedef struct
{
  RpScenario *scenario;         /* owned: the copy planned */
  RpCatalog  *catalog;          /* owned reference */
  guint       generation;
  gint        permille;         /* progress, atomic */
} Job;

/* What one run gives. */
typedef struct
{
  RpPlan     *plan;             /* owned */
  RpDecision *decision;         /* owned; NULL when the owned GPUs cannot be read */
} Outcome;

enum
{
  PROP_0,
  PROP_DECISION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

struct _RpPlanView
{
  GtkWidget           parent_instance;

  /* template children */
  GtkDropDown        *acquire_dropdown;
  GtkStack           *answer_stack;
  GtkWidget          *box;
  GtkWidget          *buy_list;
  GtkWidget          *buy_reason;
  GtkWidget          *buy_too_button;
  GtkWidget          *chart;
  GtkWidget          *decision_box;
  GtkWidget          *decision_list;
  GtkWidget          *decision_title;
  GtkWidget          *decision_why;
  GtkWidget          *gpu_types_entry;
  GtkWidget          *limits_label;
  GtkWidget          *marketplace_switch;
  GtkWidget          *max_gpus_spin;
  GtkWidget          *max_nodes_spin;
  GtkWidget          *progress_bar;
  GtkWidget          *providers_entry;
  GtkWidget          *regions_entry;
  GtkWidget          *rent_list;
  GtkWidget          *rent_reason;
  GtkWidget          *rent_too_button;
  GtkWidget          *status_label;
  GtkWidget          *stop_button;
  GtkWidget          *vendors_entry;

  /* owned */
  RpScenarioDocument *document;
  GCancellable       *cancellable;   /* the run under way, or NULL */
  RpPlan             *plan;          /* the plan shown */
  RpScenario         *plan_base;     /* the scenario it planned */
  RpDecision         *decision;      /* the plan's one answer (rp-decision.h), or NULL */
  char               *status;

  /* borrowed */
  Job                *job;           /* the run under way, owned by its task */

  /* state */
  guint               generation;
  guint               replan_id;
  guint               progress_id;
};

G_DEFINE_FINAL_TYPE (RpPlanView, rp_plan_view, GTK_TYPE_WIDGET)

/* ---- helpers: the run ----------------------------------------------- */

static void
job_free (gpointer data)
{
  Job *job = data;

  rp_scenario_free (job->scenario);
  rp_catalog_unref (job->catalog);
  g_free (job);
}

static void
on_job_progress (double   fraction,
                 gpointer user_data)
{
  Job *job = user_data;

  g_atomic_int_set (&job->permille, (gint) (fraction * 1000));
}

static void
outcome_free (gpointer data)
{
  Outcome *outcome = data;

  rp_plan_free (outcome->plan);
  rp_decision_free (outcome->decision);
  g_free (outcome);
}

/* The decision on @plan of @scenario: the estimate with its fix, the
 * plan, today's prices.  NULL when the owned GPUs cannot be read (the
 * form marks that field). */
static RpDecision *
decide (const RpScenario *scenario,
        RpCatalog        *catalog,
        const RpPlan     *plan)
{
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  GDate today;

  if (!rp_fix_estimate (scenario, catalog, est, NULL))
    return NULL;
  g_date_clear (&today, 1);
  g_date_set_time_t (&today, time (NULL));
  return rp_decision_new (scenario, catalog, est, plan, &today, NULL);
}

static void
plan_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  Job *job = task_data;
  GError *error = NULL;
  RpPlanOptions options;
  Outcome *outcome;
  RpPlan *plan;

  rp_plan_options_init (&options);
  options.top = shown_rows;
  plan = rp_plan_compute (job->scenario, job->catalog, &options, cancellable, on_job_progress,
                          job, &error);
  if (plan == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  outcome = g_new0 (Outcome, 1);
  outcome->plan = plan;
  outcome->decision = decide (job->scenario, job->catalog, plan);
  g_task_return_pointer (task, outcome, outcome_free);
}

static void
set_status (RpPlanView *self,
            const char *text)
{
  g_free (self->status);
  self->status = g_strdup (text);
  gtk_label_set_label (GTK_LABEL (self->status_label), text);
}

static void
show_running (RpPlanView *self,
              gboolean    running)
{
  gtk_widget_set_visible (self->progress_bar, running);
  gtk_widget_set_visible (self->stop_button, running);
  if (!running)
    g_clear_handle_id (&self->progress_id, g_source_remove);
}

static gboolean
on_progress_tick_cb (gpointer user_data)
{
  RpPlanView *self = user_data;

  if (self->job == NULL)
    {
      self->progress_id = 0;
      return G_SOURCE_REMOVE;
    }
  gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress_bar),
                                 g_atomic_int_get (&self->job->permille) / 1000.0);
  return G_SOURCE_CONTINUE;
}

/* ---- helpers: showing a plan ---------------------------------------- */

static void
clear_list (GtkWidget *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (list)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (list), child);
}

/* ---- helpers: the decision ----------------------------------------- */

static void
on_use_choice_clicked_cb (RpPlanView *self,
                          GtkButton  *button)
{
  rp_plan_view_use_choice (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button),
                                                                      "choice-index")));
}

/* One choice of the decision: its label ("Cheapest rental"), its
 * sentence, and "Use this machine" unless it is the machine as it is. */
static GtkWidget *
new_choice_row (RpPlanView *self,
                guint       index)
{
  const RpChoice *c = &self->decision->choices[index];
  gboolean recommended = index == 0 && self->decision->has_recommended;
  g_autofree char *sentence = rp_words_choice (c);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  /* TRANSLATORS: a tag on the decision's recommended machine in the Plan view */
  GtkWidget *tag = gtk_label_new (recommended ? _("Recommended")
                                              : rp_words_choice_label (c->kind));
  GtkWidget *detail = gtk_label_new (sentence);

  gtk_widget_set_margin_start (box, 10);
  gtk_widget_set_margin_end (box, 10);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_label_set_xalign (GTK_LABEL (tag), 0);
  gtk_widget_add_css_class (tag, recommended ? "plan-recommended" : "plan-choice");
  gtk_label_set_xalign (GTK_LABEL (detail), 0);
  gtk_label_set_wrap (GTK_LABEL (detail), TRUE);
  gtk_label_set_selectable (GTK_LABEL (detail), TRUE);
  if (!rp_choice_meets_limits (c))
    gtk_widget_add_css_class (detail, "warning");
  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (text), tag);
  gtk_box_append (GTK_BOX (text), detail);
  gtk_box_append (GTK_BOX (box), text);
  if (c->kind != RP_CHOICE_YOURS)
    {
      /* TRANSLATORS: a button on each machine of the Plan view */
      GtkWidget *use = gtk_button_new_with_mnemonic (_("_Use this machine"));

      gtk_widget_set_valign (use, GTK_ALIGN_CENTER);
      g_object_set_data (G_OBJECT (use), "choice-index", GUINT_TO_POINTER (index));
      g_signal_connect_object (use, "clicked", G_CALLBACK (on_use_choice_clicked_cb), self,
                               G_CONNECT_SWAPPED);
      gtk_box_append (GTK_BOX (box), use);
    }
  return box;
}

/* The decision at the top of the view: what is recommended and why, then
 * every choice, the recommendation first. */
static void
show_decision (RpPlanView *self)
{
  const RpDecision *d = self->decision;
  g_autofree char *headline = NULL;
  g_autofree char *why = NULL;

  clear_list (self->decision_list);
  gtk_widget_set_visible (self->decision_box, d != NULL);
  if (d == NULL)
    return;
  /* TRANSLATORS: the heading of the Plan view's decision */
  headline = rp_decision_get_recommended (d) != NULL ? g_strdup (_("Decision"))
                                                     : rp_words_decision_headline (d);
  why = rp_words_decision_why (d);
  gtk_label_set_label (GTK_LABEL (self->decision_title), headline);
  gtk_label_set_label (GTK_LABEL (self->decision_why), why);
  for (guint i = 0; i < d->n_choices; i++)
    gtk_list_box_append (GTK_LIST_BOX (self->decision_list), new_choice_row (self, i));
}

/* Takes @decision (may be NULL: none yet) and tells the window. */
static void
set_decision (RpPlanView *self,
              RpDecision *decision)
{
  if (decision == NULL && self->decision == NULL)
    return;
  g_clear_pointer (&self->decision, rp_decision_free);
  self->decision = decision;
  show_decision (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DECISION]);
}

/* The tag of a planner's row: "Recommended" on the decision's own
 * machine, else the answer's best ("Cheapest rental", "Best purchase"). */
static const char *
row_tag (RpPlanView       *self,
         RpPlanAnswerKind  kind,
         const RpPlanRow  *r)
{
  const RpChoice *rec = self->decision != NULL ? rp_decision_get_recommended (self->decision)
                                               : NULL;

  if (rec != NULL && rec->gpu == r->gpu && rec->gpus == r->n_gpus &&
      rec->nodes == r->scenario->hardware.nodes &&
      rp_choice_is_bought (rec) == (kind == RP_PLAN_BUY))
    return _("Recommended");
  return rp_words_choice_label (kind == RP_PLAN_RENT ? RP_CHOICE_RENT : RP_CHOICE_BUY);
}

static void
on_use_clicked_cb (RpPlanView *self,
                   GtkButton  *button)
{
  guint kind = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "plan-kind"));
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "plan-index"));

  rp_plan_view_use_row (self, kind, index);
}

/* "4 × NVIDIA H100 SXM5 80GB · 5.2 days · $6,100" */
static char *
row_headline (const RpPlan    *plan,
              const RpPlanRow *r)
{
  g_autofree char *machine = rp_words_plan_machine (r);
  g_autofree char *time = rp_units_format_hours (r->days * 24);
  g_autofree char *cost = rp_units_format_money (r->cost, plan->currency);

  /* TRANSLATORS: a row of the Plan view: machine · duration · cost */
  return g_strdup_printf (_("%s · %s · %s"), machine, time, cost);
}

static GtkWidget *
new_row (RpPlanView       *self,
         RpPlanAnswerKind  kind,
         guint            index)
{
  const RpPlanAnswer *a = &self->plan->answers[kind];
  const RpPlanRow *r = g_ptr_array_index (a->rows, index);
  g_autofree char *headline = row_headline (self->plan, r);
  g_autofree char *why = rp_words_plan_row (self->plan,
                                            rp_scenario_document_get_catalog (self->document),
                                            kind, index);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = gtk_label_new (headline);
  GtkWidget *detail = gtk_label_new (why);
  /* TRANSLATORS: a button on each row of the Plan view */
  GtkWidget *use = gtk_button_new_with_mnemonic (_("_Use this machine"));

  gtk_widget_set_margin_start (box, 10);
  gtk_widget_set_margin_end (box, 10);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (detail), 0);
  gtk_label_set_wrap (GTK_LABEL (detail), TRUE);
  gtk_widget_add_css_class (detail, "dim-label");
  gtk_widget_set_hexpand (text, TRUE);
  if ((gint) index == a->recommended)
    {
      const char *label = row_tag (self, kind, r);
      GtkWidget *tag = gtk_label_new (label);

      gtk_label_set_xalign (GTK_LABEL (tag), 0);
      gtk_widget_add_css_class (tag, "plan-recommended");
      gtk_box_append (GTK_BOX (text), tag);
    }
  gtk_box_append (GTK_BOX (text), title);
  gtk_box_append (GTK_BOX (text), detail);
  gtk_widget_set_valign (use, GTK_ALIGN_CENTER);
  g_object_set_data (G_OBJECT (use), "plan-kind", GUINT_TO_POINTER (kind));
  g_object_set_data (G_OBJECT (use), "plan-index", GUINT_TO_POINTER (index));
  g_signal_connect_object (use, "clicked", G_CALLBACK (on_use_clicked_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (box), text);
  gtk_box_append (GTK_BOX (box), use);
  return box;
}

static void
show_answer (RpPlanView       *self,
             RpPlanAnswerKind  kind)
{
  GtkWidget *list = kind == RP_PLAN_RENT ? self->rent_list : self->buy_list;
  GtkWidget *reason = kind == RP_PLAN_RENT ? self->rent_reason : self->buy_reason;
  const RpPlanAnswer *a = &self->plan->answers[kind];
  g_autofree char *why_not = rp_words_plan_reason (self->plan,
                                                   rp_scenario_document_get_catalog (
                                                     self->document),
                                                   (gint) kind);

  clear_list (list);
  gtk_label_set_label (GTK_LABEL (reason), why_not != NULL ? why_not : "");
  gtk_widget_set_visible (reason, why_not != NULL);
  gtk_widget_set_visible (kind == RP_PLAN_RENT ? self->rent_too_button : self->buy_too_button,
                          a->status == RP_PLAN_STATUS_NOT_ASKED);
  for (guint i = 0; i < MIN (shown_rows, a->rows->len); i++)
    gtk_list_box_append (GTK_LIST_BOX (list), new_row (self, kind, i));
  gtk_widget_set_visible (list, a->rows->len > 0);
}

/* "Plan Buying Too": rent and buy are both planned, as an edit of the
 * scenario's Rent or buy (the Plan view's own filter, one step Ctrl+Z
 * takes back); the replan follows the estimate. */
static void
on_plan_too_clicked_cb (RpPlanView *self)
{
  if (self->document != NULL)
    g_object_set (self->document, "acquire", (guint) RP_ACQUIRE_COMPARE, NULL);
}

static void
show_plan (RpPlanView *self)
{
  g_autofree char *evaluated = rp_units_format_count ((double) self->plan->n_evaluated);
  g_autofree char *space = rp_units_format_count ((double) self->plan->n_space);
  g_autofree char *seconds = rp_units_format_number (self->plan->seconds, 2);
  g_autofree char *status = NULL;

  show_answer (self, RP_PLAN_RENT);
  show_answer (self, RP_PLAN_BUY);
  /* the answer asked for first */
  gtk_stack_set_visible_child_name (self->answer_stack,
                                    self->plan->acquire == RP_ACQUIRE_BUY ? "buy" : "rent");
  rp_chart_view_set_data (RP_CHART_VIEW (self->chart), rp_chart_data_new_plan (self->plan));
  /* TRANSLATORS: machines searched, of all; settings estimated, of the
   * space; seconds (the Plan view's status line) */
  status = g_strdup_printf (_("%u of %u machines searched; %s of %s settings estimated in %s s."),
                            self->plan->n_searched, self->plan->n_machines, evaluated, space,
                            seconds);
  set_status (self, status);
}

static void
on_plan_done_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(RpPlanView) self = g_object_ref (RP_PLAN_VIEW (source));
  Job *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  Outcome *outcome = g_task_propagate_pointer (G_TASK (result), &error);

  if (job->generation != self->generation)
    {
      /* an older run, superseded */
      g_clear_pointer (&outcome, outcome_free);
      return;
    }
  self->job = NULL;
  g_clear_object (&self->cancellable);
  show_running (self, FALSE);
  if (outcome == NULL)
    {
      g_autofree char *words = NULL;

      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          set_status (self, _("Stopped."));
          return;
        }
      words = rp_words_error (error);
      set_status (self, words);
      return;
    }
  g_clear_pointer (&self->plan, rp_plan_free);
  g_clear_pointer (&self->plan_base, rp_scenario_free);
  set_decision (self, g_steal_pointer (&outcome->decision));
  self->plan = g_steal_pointer (&outcome->plan);
  self->plan_base = rp_scenario_copy (job->scenario);
  outcome_free (outcome);
  show_plan (self);
}

/* ---- helpers: limits ------------------------------------------------ */

static char *
limit_text (double     value,
            RpCurrency currency,
            gboolean   money)
{
  if (isnan (value))
    /* TRANSLATORS: a limit that is not set */
    return g_strdup (_("none"));
  return money ? rp_units_format_money (value, currency) : rp_units_format_hours (value * 24);
}

/* The deadline and money limits the plan is judged by, which the Budget
 * section of the form edits. */
static void
update_limits (RpPlanView *self)
{
  const RpBudget *b = &rp_scenario_document_get_scenario (self->document)->budget;
  g_autofree char *horizon = rp_units_format_hours (RP_PLAN_HORIZON_DAYS * 24);
  g_autofree char *deadline = isnan (b->deadline_days)
                              /* TRANSLATORS: no deadline set; the plan assumes a month */
                              ? g_strdup_printf (_("none (planned within %s)"), horizon)
                              : limit_text (b->deadline_days, b->currency, FALSE);
  g_autofree char *budget = limit_text (b->limit, b->currency, TRUE);
  g_autofree char *capital = limit_text (!isnan (b->capital_limit) ? b->capital_limit : b->limit,
                                         b->currency, TRUE);
  g_autofree char *text = NULL;

  /* TRANSLATORS: the limits the Plan view judges by; the Budget section
   * of the form edits them */
  text = g_strdup_printf (_("Deadline: %s · budget for the run: %s · capital limit: %s "
                            "(set in the Budget section)"), deadline, budget, capital);
  gtk_label_set_label (GTK_LABEL (self->limits_label), text);
}

/* ---- signal callbacks ----------------------------------------------- */

static gboolean
on_replan_cb (gpointer user_data)
{
  RpPlanView *self = user_data;

  self->replan_id = 0;
  rp_plan_view_start (self);
  return G_SOURCE_REMOVE;
}

/* Every estimate of the document replans, shown or not: the decision
 * it gives is the window's too.  Until it comes, there is none. */
static void
on_document_estimate_cb (RpPlanView         *self,
                         GParamSpec         *pspec,
                         RpScenarioDocument *document)
{
  update_limits (self);
  set_decision (self, NULL);
  g_clear_handle_id (&self->replan_id, g_source_remove);
  self->replan_id = g_timeout_add (replan_delay_ms, on_replan_cb, self);
}

static void
on_stop_clicked_cb (RpPlanView *self)
{
  rp_plan_view_cancel (self);
}

/* Entries show "" for a null list; the document reads "" as null. */
static gboolean
null_to_empty (GBinding     *binding,
               const GValue *from,
               GValue       *to,
               gpointer      user_data)
{
  const char *text = g_value_get_string (from);

  g_value_set_string (to, text != NULL ? text : "");
  return TRUE;
}

static void
bind_entry (RpPlanView *self,
            const char *property,
            GtkWidget  *entry)
{
  g_object_bind_property_full (self->document, property, entry, "text",
                               G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE,
                               null_to_empty, NULL, NULL, NULL);
  g_object_set_data (G_OBJECT (entry), "rp-property", (gpointer) property);
}

/* ---- vfunc overrides ------------------------------------------------ */

static void
rp_plan_view_dispose (GObject *object)
{
  RpPlanView *self = RP_PLAN_VIEW (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  /* a run still under way finishes into nothing */
  self->generation++;
  self->job = NULL;
  g_clear_handle_id (&self->replan_id, g_source_remove);
  g_clear_handle_id (&self->progress_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), RP_TYPE_PLAN_VIEW);
  g_clear_object (&self->document);
  G_OBJECT_CLASS (rp_plan_view_parent_class)->dispose (object);
}

static void
rp_plan_view_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  RpPlanView *self = RP_PLAN_VIEW (object);

  switch (prop_id)
    {
    case PROP_DECISION:
      g_value_set_pointer (value, self->decision);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rp_plan_view_finalize (GObject *object)
{
  RpPlanView *self = RP_PLAN_VIEW (object);

  g_clear_pointer (&self->plan, rp_plan_free);
  g_clear_pointer (&self->decision, rp_decision_free);
  g_clear_pointer (&self->plan_base, rp_scenario_free);
  g_free (self->status);
  G_OBJECT_CLASS (rp_plan_view_parent_class)->finalize (object);
}

/* ---- class_init / init ---------------------------------------------- */

static void
rp_plan_view_class_init (RpPlanViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = rp_plan_view_dispose;
  object_class->finalize = rp_plan_view_finalize;
  object_class->get_property = rp_plan_view_get_property;

  /* the decision on the plan shown (rp-decision.h); NULL while planning */
  properties[PROP_DECISION] = g_param_spec_pointer ("decision", NULL, NULL,
                                                    G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY |
                                                    G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rigplan/Rigplan/rp-plan-view.ui");
  gtk_widget_class_bind_template_child (widget_class, RpPlanView, acquire_dropdown);
  gtk_widget_class_bind_template_child (widget_class, RpPlanView, answer_stack);
  gtk_widget_class_bind_template_child (widget_class, RpPlanView, box);
  gtk_widget_class_bind_template_child (widget_class, RpPlanView, buy_list);
  gtk_widget_class_bind_template_child (widget_class, RpPlanView, buy_reason);
  gtk_widget_class_bind_template_child (widget_class, RpPlanView, buy_too_button);
  gtk_widget_class_bind_template_child (widget_class, RpPlanView, chart);
  gtk_widget_class_bind_template_child (widget_class, RpPlanView, decision_box);
  gtk_widget_class_bind_template_child (widget_class, RpPlanView, decision_list);
  gtk_widget_class_bind_template_child (widget_class, RpPlanView, decision_title);
  gtk_widget_class_bind_template_child (widget_class, RpPlanView, decision_why);
  gtk_widget_class_bind_template_child (widget_class, RpPlanView, gpu_types_entry);
  gtk_widget_class_bind_template_child (widget_class, RpPlanView, limits_label);
  gtk_widget_class_bind_template_child (widget_class, RpPlanView, marketplace_switch);
  gtk_widget_class_bind_template_child (widget_class, RpPlanView, max_gpus_spin);
  gtk_widget_class_bind_template_child (widget_class, RpPlanView, max_nodes_spin);
  gtk_widget_class_bind_template_child (widget_class, RpPlanView, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, RpPlanView, providers_entry);
  gtk_widget_class_bind_template_child (widget_class, RpPlanView, regions_entry);
  gtk_widget_class_bind_template_child (widget_class, RpPlanView, rent_list);
  gtk_widget_class_bind_template_child (widget_class, RpPlanView, rent_reason);
  gtk_widget_class_bind_template_child (widget_class, RpPlanView, rent_too_button);
  gtk_widget_class_bind_template_child (widget_class, RpPlanView, status_label);
  gtk_widget_class_bind_template_child (widget_class, RpPlanView, stop_button);
  gtk_widget_class_bind_template_child (widget_class, RpPlanView, vendors_entry);
  gtk_widget_class_bind_template_callback (widget_class, on_plan_too_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_stop_clicked_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);

  g_type_ensure (RP_TYPE_CHART_VIEW);
}

static void
rp_plan_view_init (RpPlanView *self)
{
  g_autoptr(GtkStringList) acquire = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  for (guint i = 0; i < RP_N_ACQUIRES; i++)
    gtk_string_list_append (acquire, rp_enum_info_get_label (&rp_acquire_info, i));
  gtk_drop_down_set_model (self->acquire_dropdown, G_LIST_MODEL (acquire));
  /* TRANSLATORS: the Plan view's status before its first run */
  set_status (self, _("The plan runs once the scenario is estimated."));
}

/* ---- public API ----------------------------------------------------- */

GtkWidget *
rp_plan_view_new (void)
{
  return g_object_new (RP_TYPE_PLAN_VIEW, NULL);
}

void
rp_plan_view_set_document (RpPlanView         *self,
                           RpScenarioDocument *document)
{
  g_return_if_fail (RP_IS_PLAN_VIEW (self));
  g_return_if_fail (RP_IS_SCENARIO_DOCUMENT (document));
  g_return_if_fail (self->document == NULL);

  self->document = g_object_ref (document);
  bind_entry (self, "gpu-types", self->gpu_types_entry);
  bind_entry (self, "vendors", self->vendors_entry);
  bind_entry (self, "providers", self->providers_entry);
  bind_entry (self, "regions", self->regions_entry);
  g_object_bind_property (document, "max-gpus",
                          gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (self->max_gpus_spin)),
                          "value", G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_object_bind_property (document, "max-nodes",
                          gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (self->max_nodes_spin)),
                          "value", G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_object_bind_property (document, "allow-marketplace", self->marketplace_switch, "active",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_object_bind_property (document, "acquire", self->acquire_dropdown, "selected",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_object_set_data (G_OBJECT (self->max_gpus_spin), "rp-property", (gpointer) "max-gpus");
  g_object_set_data (G_OBJECT (self->max_nodes_spin), "rp-property", (gpointer) "max-nodes");
  g_object_set_data (G_OBJECT (self->marketplace_switch), "rp-property",
                     (gpointer) "allow-marketplace");
  g_object_set_data (G_OBJECT (self->acquire_dropdown), "rp-property", (gpointer) "acquire");
  g_signal_connect_object (document, "notify::estimate", G_CALLBACK (on_document_estimate_cb),
                           self, G_CONNECT_SWAPPED);
  update_limits (self);
}

void
rp_plan_view_start (RpPlanView *self)
{
  g_autoptr(GTask) task = NULL;
  Job *job;

  g_return_if_fail (RP_IS_PLAN_VIEW (self));
  g_return_if_fail (self->document != NULL);

  g_clear_handle_id (&self->replan_id, g_source_remove);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  job = g_new0 (Job, 1);
  job->scenario = rp_scenario_copy (rp_scenario_document_get_scenario (self->document));
  job->catalog = rp_catalog_ref (rp_scenario_document_get_catalog (self->document));
  job->generation = ++self->generation;
  self->job = job;
  task = g_task_new (self, self->cancellable, on_plan_done_cb, NULL);
  g_task_set_source_tag (task, rp_plan_view_start);
  g_task_set_task_data (task, job, job_free);
  g_task_run_in_thread (task, plan_thread);
  gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress_bar), 0);
  show_running (self, TRUE);
  /* TRANSLATORS: the Plan view's status while the search runs */
  set_status (self, _("Searching machines and settings…"));
  if (self->progress_id == 0)
    self->progress_id = g_timeout_add (progress_interval_ms, on_progress_tick_cb, self);
}

void
rp_plan_view_cancel (RpPlanView *self)
{
  g_return_if_fail (RP_IS_PLAN_VIEW (self));

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}

gboolean
rp_plan_view_is_running (RpPlanView *self)
{
  g_return_val_if_fail (RP_IS_PLAN_VIEW (self), FALSE);
  return self->job != NULL;
}

const RpPlan *
rp_plan_view_get_plan (RpPlanView *self)
{
  g_return_val_if_fail (RP_IS_PLAN_VIEW (self), NULL);
  return self->plan;
}

const RpDecision *
rp_plan_view_get_decision (RpPlanView *self)
{
  g_return_val_if_fail (RP_IS_PLAN_VIEW (self), NULL);
  return self->decision;
}

const char *
rp_plan_view_get_status (RpPlanView *self)
{
  g_return_val_if_fail (RP_IS_PLAN_VIEW (self), NULL);
  return self->status;
}

gboolean
rp_plan_view_use_row (RpPlanView       *self,
                      RpPlanAnswerKind  kind,
                      guint             index)
{
  g_autoptr(GArray) changes = NULL;
  const RpPlanAnswer *a;

  g_return_val_if_fail (RP_IS_PLAN_VIEW (self), FALSE);
  g_return_val_if_fail (kind < RP_N_PLAN_ANSWERS, FALSE);

  if (self->plan == NULL || self->document == NULL)
    return FALSE;
  a = &self->plan->answers[kind];
  if (index >= a->rows->len)
    return FALSE;
  /* the row's edits against the scenario planned, applied to the
   * scenario as it is now: later edits elsewhere stay */
  changes = rp_plan_row_changes (self->plan_base, g_ptr_array_index (a->rows, index));
  return rp_scenario_document_apply_changes (self->document, changes);
}

gboolean
rp_plan_view_use_choice (RpPlanView *self,
                         guint       index)
{
  g_autoptr(GArray) changes = NULL;

  g_return_val_if_fail (RP_IS_PLAN_VIEW (self), FALSE);

  if (self->decision == NULL || self->document == NULL || index >= self->decision->n_choices)
    return FALSE;
  /* the choice's edits against the scenario decided on, applied to the
   * scenario as it is now: later edits elsewhere stay */
  changes = rp_decision_choice_changes (self->decision, &self->decision->choices[index]);
  return rp_scenario_document_apply_changes (self->document, changes);
}

GtkWidget *
rp_plan_view_get_use_button (RpPlanView       *self,
                             RpPlanAnswerKind  kind,
                             guint             index)
{
  GtkWidget *list, *row;
  guint i = 0;

  g_return_val_if_fail (RP_IS_PLAN_VIEW (self), NULL);

  list = kind == RP_PLAN_RENT ? self->rent_list : self->buy_list;
  for (row = gtk_widget_get_first_child (list); row != NULL;
       row = gtk_widget_get_next_sibling (row), i++)
    if (i == index)
      {
        GtkWidget *box = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row));

        return gtk_widget_get_last_child (box);
      }
  return NULL;
}

GtkWidget *
rp_plan_view_get_chart (RpPlanView *self)
{
  g_return_val_if_fail (RP_IS_PLAN_VIEW (self), NULL);
  return self->chart;
}

GtkWidget *
rp_plan_view_get_control (RpPlanView *self,
                          const char *property)
{
  GtkWidget *controls[] = {
    self->gpu_types_entry, self->vendors_entry, self->providers_entry, self->regions_entry,
    self->max_gpus_spin, self->max_nodes_spin, self->marketplace_switch,
    GTK_WIDGET (self->acquire_dropdown),
  };

  g_return_val_if_fail (RP_IS_PLAN_VIEW (self), NULL);

  for (guint i = 0; i < G_N_ELEMENTS (controls); i++)
    if (g_strcmp0 (g_object_get_data (G_OBJECT (controls[i]), "rp-property"), property) == 0)
      return controls[i];
  return NULL;
}

GtkWidget *
rp_plan_view_get_too_button (RpPlanView       *self,
                             RpPlanAnswerKind  kind)
{
  g_return_val_if_fail (RP_IS_PLAN_VIEW (self), NULL);
  return kind == RP_PLAN_RENT ? self->rent_too_button : self->buy_too_button;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-guide-window.c: the sizing guide, computed live in its own window */

#include "config.h"

#include "rp-guide-window.h"

#include "rp-fields.h"
#include "rp-units.h"
#include "rp-words.h"

#include <glib/gi18n.h>
#include <math.h>

static const guint progress_interval_ms = 100;
static const guint n_columns = 3;

/* ---- private structs ------------------------------------------------ */

typedef struct
{
  RpGuide    *guide;            /* owned until returned */
  RpCatalog  *catalog;          /* owned reference */
  RpCurrency  currency;
  double      budget;
  double      deadline_days;
  guint       generation;
  gint        permille;         /* atomic */
} Job;

struct _RpGuideWindow
{
  GtkWindow     parent_instance;

  /* template children */
  GtkWidget    *budget_entry;
  GtkWidget    *currency_label;
  GtkWidget    *deadline_spin;
  GtkWidget    *progress_bar;
  GtkWidget    *status_label;
  GtkWidget    *table;

  /* owned */
  RpCatalog    *catalog;
  RpGuide      *guide;          /* the guide shown */
  GCancellable *cancellable;    /* the run under way */
  GPtrArray    *cells;          /* char*, owned: row-major, n_columns a row */

  /* borrowed */
  Job          *job;            /* owned by its task */

  /* state */
  RpCurrency    currency;
  guint         generation;
  guint         progress_id;
};

G_DEFINE_FINAL_TYPE (RpGuideWindow, rp_guide_window, GTK_TYPE_WINDOW)

/* ---- helpers: the run ----------------------------------------------- */

static void
job_free (gpointer data)
{
  Job *job = data;

  g_clear_pointer (&job->guide, rp_guide_free);
  rp_catalog_unref (job->catalog);
  g_free (job);
}

static void
on_job_progress (double   fraction,
                 gpointer user_data)
{
  g_atomic_int_set (&((Job *) user_data)->permille, (gint) (fraction * 1000));
}

static void
guide_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  Job *job = task_data;
  g_autofree char *dir = rp_guide_default_dir ();
  GError *error = NULL;

  job->guide = rp_guide_load (dir, &error);
  if (job->guide == NULL ||
      !rp_guide_compute (job->guide, job->catalog, job->currency, job->budget, job->deadline_days,
                         cancellable, on_job_progress, job, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, g_steal_pointer (&job->guide), (GDestroyNotify) rp_guide_free);
}

static gboolean
on_progress_tick_cb (gpointer user_data)
{
  RpGuideWindow *self = user_data;

  if (self->job == NULL)
    {
      self->progress_id = 0;
      return G_SOURCE_REMOVE;
    }
  gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress_bar),
                                 g_atomic_int_get (&self->job->permille) / 1000.0);
  return G_SOURCE_CONTINUE;
}

/* ---- helpers: the table --------------------------------------------- */

static void
clear_table (RpGuideWindow *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->table)) != NULL)
    gtk_grid_remove (GTK_GRID (self->table), child);
  g_ptr_array_set_size (self->cells, 0);
}

static GtkWidget *
cell (RpGuideWindow *self,
      const char    *text,
      gboolean       heading)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_yalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_selectable (GTK_LABEL (label), !heading);
  gtk_widget_set_hexpand (label, !heading);
  if (heading)
    gtk_widget_add_css_class (label, "heading");
  g_ptr_array_add (self->cells, g_strdup (text));
  return label;
}

static char *
answer_text (const RpGuideRow *row,
             const RpCatalog  *catalog,
             RpPlanAnswerKind  kind)
{
  return rp_words_plan_answer (row->plan, row->decision, catalog, kind);
}

static void
show_guide (RpGuideWindow *self)
{
  /* TRANSLATORS: the headings of the sizing guide's columns */
  const char *headings[] = { _("Kind of training"), _("Rent"), _("Buy") };

  clear_table (self);
  for (guint c = 0; c < n_columns; c++)
    gtk_grid_attach (GTK_GRID (self->table), cell (self, headings[c], TRUE), (int) c, 0, 1, 1);
  for (guint i = 0; i < self->guide->rows->len; i++)
    {
      const RpGuideRow *row = g_ptr_array_index (self->guide->rows, i);
      g_autofree char *kind = g_strdup_printf ("%s\n%s", row->title, row->scenario->name);
      g_autofree char *rent = answer_text (row, self->catalog, RP_PLAN_RENT);
      g_autofree char *buy = answer_text (row, self->catalog, RP_PLAN_BUY);
      GtkWidget *first = cell (self, kind, FALSE);

      gtk_widget_set_hexpand (first, FALSE);
      gtk_label_set_max_width_chars (GTK_LABEL (first), 24);
      gtk_widget_set_tooltip_text (first, row->sources);
      gtk_grid_attach (GTK_GRID (self->table), first, 0, (int) i + 1, 1, 1);
      gtk_grid_attach (GTK_GRID (self->table), cell (self, rent, FALSE), 1, (int) i + 1, 1, 1);
      gtk_grid_attach (GTK_GRID (self->table), cell (self, buy, FALSE), 2, (int) i + 1, 1, 1);
    }
}

static void
on_guide_done_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(RpGuideWindow) self = g_object_ref (RP_GUIDE_WINDOW (source));
  Job *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  RpGuide *guide = g_task_propagate_pointer (G_TASK (result), &error);

  if (job->generation != self->generation)
    {
      g_clear_pointer (&guide, rp_guide_free);
      return;
    }
  self->job = NULL;
  g_clear_object (&self->cancellable);
  gtk_widget_set_visible (self->progress_bar, FALSE);
  if (guide == NULL)
    {
      g_autofree char *words = g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
                               ? g_strdup (_("Stopped."))
                               : rp_words_error (error);

      gtk_label_set_label (GTK_LABEL (self->status_label), words);
      return;
    }
  g_clear_pointer (&self->guide, rp_guide_free);
  self->guide = guide;
  show_guide (self);
  /* TRANSLATORS: the sizing guide's status line */
  gtk_label_set_label (GTK_LABEL (self->status_label), _("Planned now."));
}

/* ---- signal callbacks ----------------------------------------------- */

static void
on_limits_changed_cb (RpGuideWindow *self)
{
  rp_guide_window_start (self);
}

/* ---- vfunc overrides ------------------------------------------------ */

static void
rp_guide_window_dispose (GObject *object)
{
  RpGuideWindow *self = RP_GUIDE_WINDOW (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->generation++;
  self->job = NULL;
  g_clear_handle_id (&self->progress_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), RP_TYPE_GUIDE_WINDOW);
  G_OBJECT_CLASS (rp_guide_window_parent_class)->dispose (object);
}

static void
rp_guide_window_finalize (GObject *object)
{
  RpGuideWindow *self = RP_GUIDE_WINDOW (object);

  g_clear_pointer (&self->guide, rp_guide_free);
  g_clear_pointer (&self->catalog, rp_catalog_unref);
  g_ptr_array_unref (self->cells);
  G_OBJECT_CLASS (rp_guide_window_parent_class)->finalize (object);
}

/* ---- class_init / init ---------------------------------------------- */

static void
rp_guide_window_class_init (RpGuideWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = rp_guide_window_dispose;
  object_class->finalize = rp_guide_window_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rigplan/Rigplan/rp-guide-window.ui");
  gtk_widget_class_bind_template_child (widget_class, RpGuideWindow, budget_entry);
  gtk_widget_class_bind_template_child (widget_class, RpGuideWindow, currency_label);
  gtk_widget_class_bind_template_child (widget_class, RpGuideWindow, deadline_spin);
  gtk_widget_class_bind_template_child (widget_class, RpGuideWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, RpGuideWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, RpGuideWindow, table);
  gtk_widget_class_bind_template_callback (widget_class, on_limits_changed_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK,
                                       "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
rp_guide_window_init (RpGuideWindow *self)
{
  self->cells = g_ptr_array_new_with_free_func (g_free);
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->deadline_spin),
                             RP_GUIDE_DEFAULT_DEADLINE_DAYS);
}

/* ---- public API ----------------------------------------------------- */

GtkWidget *
rp_guide_window_new (RpCatalog  *catalog,
                     RpCurrency  currency)
{
  RpGuideWindow *self;

  g_return_val_if_fail (catalog != NULL, NULL);

  self = g_object_new (RP_TYPE_GUIDE_WINDOW, NULL);
  self->catalog = rp_catalog_ref (catalog);
  self->currency = currency;
  gtk_label_set_label (GTK_LABEL (self->currency_label), rp_units_currency_symbol (currency));
  rp_guide_window_start (self);
  return GTK_WIDGET (self);
}

void
rp_guide_window_start (RpGuideWindow *self)
{
  g_autoptr(GTask) task = NULL;
  const RpField *limit = rp_fields_lookup ("budget.limit");
  const char *typed;
  double budget = NAN;
  Job *job;

  g_return_if_fail (RP_IS_GUIDE_WINDOW (self));

  if (self->catalog == NULL)
    return;     /* still being constructed */
  typed = gtk_editable_get_text (GTK_EDITABLE (self->budget_entry));
  if (!rp_field_parse_text (limit, typed, &budget, NULL))
    {
      /* TRANSLATORS: the sizing guide's status when the budget is not a number */
      gtk_label_set_label (GTK_LABEL (self->status_label), _("The budget is not a number."));
      return;
    }
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  job = g_new0 (Job, 1);
  job->catalog = rp_catalog_ref (self->catalog);
  job->currency = self->currency;
  job->budget = budget;
  job->deadline_days = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->deadline_spin));
  job->generation = ++self->generation;
  self->job = job;
  task = g_task_new (self, self->cancellable, on_guide_done_cb, NULL);
  g_task_set_source_tag (task, rp_guide_window_start);
  g_task_set_task_data (task, job, job_free);
  g_task_run_in_thread (task, guide_thread);
  gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress_bar), 0);
  gtk_widget_set_visible (self->progress_bar, TRUE);
  /* TRANSLATORS: the sizing guide's status while it plans */
  gtk_label_set_label (GTK_LABEL (self->status_label), _("Planning every row…"));
  if (self->progress_id == 0)
    self->progress_id = g_timeout_add (progress_interval_ms, on_progress_tick_cb, self);
}

gboolean
rp_guide_window_is_running (RpGuideWindow *self)
{
  g_return_val_if_fail (RP_IS_GUIDE_WINDOW (self), FALSE);
  return self->job != NULL;
}

const RpGuide *
rp_guide_window_get_guide (RpGuideWindow *self)
{
  g_return_val_if_fail (RP_IS_GUIDE_WINDOW (self), NULL);
  return self->guide;
}

const char *
rp_guide_window_get_cell (RpGuideWindow *self,
                          guint          row,
                          guint          column)
{
  guint i = (row + 1) * n_columns + column;

  g_return_val_if_fail (RP_IS_GUIDE_WINDOW (self), NULL);
  return column < n_columns && i < self->cells->len ? g_ptr_array_index (self->cells, i) : NULL;
}

GtkWidget *
rp_guide_window_get_deadline (RpGuideWindow *self)
{
  g_return_val_if_fail (RP_IS_GUIDE_WINDOW (self), NULL);
  return self->deadline_spin;
}

GtkWidget *
rp_guide_window_get_budget (RpGuideWindow *self)
{
  g_return_val_if_fail (RP_IS_GUIDE_WINDOW (self), NULL);
  return self->budget_entry;
}

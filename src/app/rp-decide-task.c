/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-decide-task.c: the decisions on several scenarios, in a thread */

#include "config.h"

#include "rp-decide-task.h"

#include "rp-fix.h"
#include "rp-scenario.h"

#include <time.h>

typedef struct
{
  GPtrArray   *scenarios;       /* RpScenario*, owned copies */
  RpCatalog   *catalog;         /* owned reference */
  RpDecision **decisions;       /* owned, scenarios->len; the result */
} Job;

static void
job_free (gpointer data)
{
  Job *job = data;

  for (guint i = 0; job->decisions != NULL && i < job->scenarios->len; i++)
    rp_decision_free (job->decisions[i]);
  g_free (job->decisions);
  g_ptr_array_unref (job->scenarios);
  rp_catalog_unref (job->catalog);
  g_free (job);
}

static void
decide_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  Job *job = task_data;
  GDate today;

  g_date_clear (&today, 1);
  g_date_set_time_t (&today, time (NULL));
  job->decisions = g_new0 (RpDecision *, job->scenarios->len);
  for (guint i = 0; i < job->scenarios->len; i++)
    {
      g_autoptr(RpEstimate) est = rp_estimate_new ();
      const RpScenario *s = g_ptr_array_index (job->scenarios, i);

      if (g_task_return_error_if_cancelled (task))
        return;
      if (rp_fix_estimate (s, job->catalog, est, NULL))
        job->decisions[i] = rp_decision_compute (s, job->catalog, est, &today, NULL, NULL);
    }
  g_task_return_boolean (task, TRUE);
}

void
rp_decide_task_run (GPtrArray           *scenarios,
                    RpCatalog           *catalog,
                    GCancellable        *cancellable,
                    GAsyncReadyCallback  callback,
                    gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  Job *job;

  g_return_if_fail (scenarios != NULL && catalog != NULL);

  job = g_new0 (Job, 1);
  job->scenarios = g_ptr_array_new_with_free_func ((GDestroyNotify) rp_scenario_free);
  for (guint i = 0; i < scenarios->len; i++)
    g_ptr_array_add (job->scenarios, rp_scenario_copy (g_ptr_array_index (scenarios, i)));
  job->catalog = rp_catalog_ref (catalog);
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, rp_decide_task_run);
  g_task_set_task_data (task, job, job_free);
  g_task_run_in_thread (task, decide_thread);
}

RpDecision **
rp_decide_task_finish (GAsyncResult  *result,
                       guint         *n_out,
                       GError       **error)
{
  Job *job;
  RpDecision **decisions;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return NULL;
  job = g_task_get_task_data (G_TASK (result));
  decisions = g_steal_pointer (&job->decisions);
  *n_out = job->scenarios->len;
  return decisions;
}

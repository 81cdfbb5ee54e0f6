/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-results.c: lifetimes and names of the result types */

#include "config.h"

#include "rp-estimate.h"

#include <glib/gi18n-lib.h>
#include <stdarg.h>
#include <string.h>

/* ---- helpers -------------------------------------------------------- */

static void
warning_free (gpointer data)
{
  RpWarning *w = data;

  g_free (w->code);
  g_free (w->message);
  g_free (w);
}

/* ---- public API: lifetimes ------------------------------------------ */

void
rp_change_clear (RpChange *change)
{
  g_return_if_fail (change != NULL);
  g_clear_pointer (&change->from_text, g_free);
  g_clear_pointer (&change->to_text, g_free);
}

void
rp_fix_clear (RpFix *fix)
{
  g_return_if_fail (fix != NULL);
  g_free (fix->gpu);
  g_clear_pointer (&fix->changes, g_array_unref);
  memset (fix, 0, sizeof *fix);
}

RpEstimate *
rp_estimate_new (void)
{
  RpEstimate *self = g_new0 (RpEstimate, 1);

  self->warnings = g_ptr_array_new_with_free_func (warning_free);
  return self;
}

void
rp_estimate_clear (RpEstimate *self)
{
  GPtrArray *warnings;

  g_return_if_fail (self != NULL);

  rp_fix_clear (&self->fix);
  for (guint i = 0; i < RP_N_CONSTRAINTS; i++)
    g_free (self->constraints[i].message);
  g_free (self->cost.rent_cumulative);
  g_free (self->cost.buy_cumulative);
  g_free (self->bom.gpu);
  g_free (self->bom.network);
  warnings = self->warnings;
  g_ptr_array_set_size (warnings, 0);
  memset (self, 0, sizeof *self);
  self->warnings = warnings;
}

void
rp_estimate_free (RpEstimate *self)
{
  if (self == NULL)
    return;
  rp_estimate_clear (self);
  g_ptr_array_unref (self->warnings);
  g_free (self);
}

void
rp_estimate_add_warning (RpEstimate *self,
                         const char *code,
                         RpSeverity  severity,
                         const char *format,
                         ...)
{
  RpWarning *w;
  va_list args;

  g_return_if_fail (self != NULL && code != NULL && format != NULL);

  w = g_new0 (RpWarning, 1);
  w->code = g_strdup (code);
  w->severity = severity;
  va_start (args, format);
  w->message = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (self->warnings, w);
}

gboolean
rp_estimate_has_warning (const RpEstimate *self,
                         const char       *code)
{
  g_return_val_if_fail (self != NULL && code != NULL, FALSE);

  for (guint i = 0; i < self->warnings->len; i++)
    if (g_strcmp0 (((RpWarning *) g_ptr_array_index (self->warnings, i))->code, code) == 0)
      return TRUE;
  return FALSE;
}

/* ---- public API: names ---------------------------------------------- */

const char *
rp_verdict_to_string (RpVerdict v)
{
  static const char *const names[RP_N_VERDICTS] = { "fits", "tight", "does-not-fit" };

  g_return_val_if_fail ((guint) v < RP_N_VERDICTS, NULL);
  return names[v];
}

const char *
rp_bottleneck_to_string (RpBottleneck v)
{
  static const char *const names[RP_N_BOTTLENECKS] = {
    "compute", "memory-bandwidth", "network", "pipeline-bubble", "data", "cpu",
  };

  g_return_val_if_fail ((guint) v < RP_N_BOTTLENECKS, NULL);
  return names[v];
}

const char *
rp_bottleneck_get_label (RpBottleneck v)
{
  static const char *const labels[RP_N_BOTTLENECKS] = {
    N_("compute"), N_("memory bandwidth"), N_("the network"), N_("the pipeline bubble"),
    N_("data loading"), N_("the CPUs"),
  };

  g_return_val_if_fail ((guint) v < RP_N_BOTTLENECKS, "?");
  return _(labels[v]);
}

const char *
rp_constraint_code_to_string (RpConstraintCode code)
{
  static const char *const names[RP_N_CONSTRAINTS] = {
    "parallelism", "vram", "host-ram", "deadline", "run-budget", "capital", "cpu-feed",
    "storage-feed", "growth",
  };

  g_return_val_if_fail ((guint) code < RP_N_CONSTRAINTS, NULL);
  return names[code];
}

const char *
rp_severity_to_string (RpSeverity severity)
{
  static const char *const names[] = { "info", "warning", "error" };

  g_return_val_if_fail ((guint) severity < G_N_ELEMENTS (names), NULL);
  return names[severity];
}

const char *
rp_measure_to_string (RpMeasure measure)
{
  static const char *const names[] = {
    NULL, "bytes", "days", "money", "cores", "bytes/s", "count",
  };

  g_return_val_if_fail ((guint) measure < G_N_ELEMENTS (names), NULL);
  return names[measure];
}

const char *
rp_fix_step_to_string (RpFixStep step)
{
  static const char *const names[RP_N_FIX_STEPS] = {
    "smaller-micro-batch", "recompute", "optimizer-8bit", "pure-bf16", "zero-stage", "lora",
    "qlora", "offload", "more-gpus", "larger-gpu", "network", "parallel-split", "precision", "host-ram",
    "cpu-cores", "storage", "loss", "precompute-reference",
  };

  g_return_val_if_fail ((guint) step < RP_N_FIX_STEPS, NULL);
  return names[step];
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-startup.c: where start-up time goes, for bench/bench-startup */

#include "config.h"

#include "rp-startup.h"

#include <stdio.h>

#define MAX_MARKS 16

static struct
{
  const char *phase;
  gint64      us;
} marks[MAX_MARKS];
static guint n_marks;
static gboolean watching;

static gboolean
enabled (void)
{
  return g_getenv ("RIGPLAN_STARTUP_PROBE") != NULL;
}

void
rp_startup_mark (const char *phase)
{
  if (!enabled () || n_marks == MAX_MARKS)
    return;
  marks[n_marks].phase = phase;
  marks[n_marks].us = g_get_monotonic_time ();
  n_marks++;
}

/* CLOCK_MONOTONIC is one clock for the whole machine, so the bench can
 * subtract its own launch time from these. */
static void
on_after_paint_cb (GdkFrameClock *clock,
                   GApplication  *app)
{
  rp_startup_mark ("first-frame");
  for (guint i = 0; i < n_marks; i++)
    printf ("rigplan-startup %s %" G_GINT64_FORMAT "\n", marks[i].phase, marks[i].us);
  fflush (stdout);
  g_signal_handlers_disconnect_by_func (clock, on_after_paint_cb, app);
  g_application_quit (app);
}

static void
on_realize_cb (GtkWidget    *window,
               GApplication *app)
{
  GdkFrameClock *clock = gdk_surface_get_frame_clock (gtk_native_get_surface (GTK_NATIVE (window)));

  rp_startup_mark ("realized");
  g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint_cb), app);
}

void
rp_startup_watch_first_frame (GtkWindow    *window,
                              GApplication *app)
{
  if (!enabled () || watching)
    return;
  watching = TRUE;
  if (gtk_widget_get_realized (GTK_WIDGET (window)))
    on_realize_cb (GTK_WIDGET (window), app);
  else
    g_signal_connect (window, "realize", G_CALLBACK (on_realize_cb), app);
}

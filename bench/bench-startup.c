/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-startup.c: from launch to the first drawn window
 *
 * Starts the real rigplan with RIGPLAN_STARTUP_PROBE set (rp-startup.c):
 * the app prints the monotonic clock at each phase and quits after its
 * first painted frame.  Seven launches; prints the median launch → first
 * frame and where the time of that launch went.  Fails when the median is
 * 400 ms or more.  Needs a display (run under xvfb-run); skips without. */

#include "config.h"

#include <gio/gio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N_RUNS 7
#define MAX_PHASES 16

static const double budget_ms = 400.0;

typedef struct
{
  double total_ms;
  guint  n;
  char  *phase[MAX_PHASES];
  double at_ms[MAX_PHASES];       /* since launch */
} Run;

static gboolean
launch (const char *app,
        Run        *run)
{
  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;
  gint64 start;

  g_subprocess_launcher_setenv (launcher, "RIGPLAN_STARTUP_PROBE", "1", TRUE);
  start = g_get_monotonic_time ();
  proc = g_subprocess_launcher_spawn (launcher, &error, app, NULL);
  if (proc == NULL || !g_subprocess_communicate_utf8 (proc, NULL, NULL, &out, NULL, &error))
    {
      g_printerr ("bench-startup: %s\n", error->message);
      return FALSE;
    }
  lines = g_strsplit (out != NULL ? out : "", "\n", -1);
  run->n = 0;
  for (guint i = 0; lines[i] != NULL && run->n < MAX_PHASES; i++)
    {
      char phase[64];
      gint64 us;

      if (sscanf (lines[i], "rigplan-startup %63s %" G_GINT64_FORMAT, phase, &us) != 2)
        continue;
      run->phase[run->n] = g_strdup (phase);
      run->at_ms[run->n] = (us - start) / 1000.0;
      run->n++;
    }
  if (run->n == 0 || strcmp (run->phase[run->n - 1], "first-frame") != 0)
    {
      g_printerr ("bench-startup: the app printed no first frame\n");
      return FALSE;
    }
  run->total_ms = run->at_ms[run->n - 1];
  return TRUE;
}

static int
compare_runs (const void *a,
              const void *b)
{
  double x = ((const Run *) a)->total_ms, y = ((const Run *) b)->total_ms;

  return (x > y) - (x < y);
}

int
main (int    argc,
      char **argv)
{
  const char *app = g_getenv ("RIGPLAN_APP");
  Run runs[N_RUNS] = { 0 };
  const Run *median;
  double before = 0;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      printf ("bench-startup: no display; run under xvfb-run -a (skipped)\n");
      return 77;
    }
  for (guint i = 0; i < N_RUNS; i++)
    if (!launch (app, &runs[i]))
      return 1;
  qsort (runs, N_RUNS, sizeof (Run), compare_runs);
  median = &runs[N_RUNS / 2];
  printf ("launch to first frame: median %.0f ms, best %.0f ms, worst %.0f ms over %d launches "
          "(budget %.0f ms)\n", median->total_ms, runs[0].total_ms, runs[N_RUNS - 1].total_ms,
          N_RUNS, budget_ms);
  printf ("where the median launch went:\n");
  for (guint i = 0; i < median->n; i++)
    {
      printf ("  %-16s +%6.1f ms  (at %6.1f ms)\n", median->phase[i], median->at_ms[i] - before,
              median->at_ms[i]);
      before = median->at_ms[i];
    }
  printf ("{\"bench\": \"startup\", \"figure\": \"startup_ms\", \"value\": %.0f, \"unit\": \"ms\"}\n",
          median->total_ms);
  return median->total_ms < budget_ms ? 0 : 1;
}

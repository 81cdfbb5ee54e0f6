/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-common.h: how the benchmarks time and report
 *
 * Each benchmark prints one JSON line per figure,
 *   {"bench": NAME, "figure": KEY, "value": X, "unit": U}
 * which build-aux/bench.sh collects.  Times are the calling thread's CPU
 * time: the machine is shared, and other jobs stretch the wall clock,
 * not the work. */
#pragma once

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static inline double
bench_cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static inline int
bench_compare_doubles (const void *a,
                       const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* The median of @n values (sorts @values). */
static inline double
bench_median (double *values,
              guint   n)
{
  qsort (values, n, sizeof *values, bench_compare_doubles);
  return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

/* The least of @n evaluations of @expr (a time: the run least disturbed). */
#define bench_best_of(n, expr) \
  ({ double best_ = G_MAXDOUBLE; \
     for (guint r_ = 0; r_ < (n); r_++) { double v_ = (expr); if (v_ < best_) best_ = v_; } \
     best_; })

static inline void
bench_emit (const char *bench,
            const char *figure,
            double      value,
            const char *unit)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (buf, sizeof buf, "%.4g", value);
  printf ("{\"bench\": \"%s\", \"figure\": \"%s\", \"value\": %s, \"unit\": \"%s\"}\n",
          bench, figure, buf, unit);
  fflush (stdout);
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-startup.h: where start-up time goes, for bench/bench-startup
 *
 * With RIGPLAN_STARTUP_PROBE set, the app notes the monotonic clock at
 * each phase, prints the notes when the first window has painted its
 * first frame, and quits.  Without it every call does nothing. */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void rp_startup_mark             (const char *phase);
/* Prints the marks after @window's first painted frame, then quits @app. */
void rp_startup_watch_first_frame (GtkWindow      *window,
                                   GApplication   *app);

G_END_DECLS

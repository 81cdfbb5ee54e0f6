/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-test-ui.h: what the tests of the app's windows do alike: start GTK
 * (or skip without a display), run the main loop, open and close windows
 *
 * Test code only: each helper asserts instead of returning an error. */

#pragma once

#include "rp-window.h"

#include <adwaita.h>

G_BEGIN_DECLS

/* The app's message catalog from $RIGPLAN_LOCALEDIR, in the user's
 * locale, as main.c binds it.  Before rp_test_ui_init(). */
void      rp_test_ui_bind_messages (void);
/* g_test_init() and GTK.  FALSE when there is no display: main() then
 * returns *@status, 1 under CI (CI=true), else 0 after a TAP line that
 * skips the whole program. */
gboolean  rp_test_ui_init          (int         *argc,
                                    char      ***argv,
                                    int         *status);

/* Runs what the main context has ready, without blocking. */
void      rp_test_ui_drain         (void);
/* A GSourceFunc: sets the gboolean at @flag and removes itself. */
gboolean  rp_test_ui_timeout_cb    (gpointer     flag);
/* Runs the main context for @ms milliseconds. */
void      rp_test_ui_wait_ms       (guint        ms);

/* A new, presented window of @width × @height.  Transfer none (GTK's). */
RpWindow *rp_test_ui_new_window    (RpCatalog   *catalog,
                                    GSettings   *settings,
                                    int          width,
                                    int          height);
/* Opens @path as the app does (rp_window_open_file), then runs the main
 * loop until @win shows that file or an error dialog; fails after
 * @timeout_s seconds. */
void      rp_test_ui_open_and_wait (RpWindow    *win,
                                    const char  *path,
                                    guint        timeout_s);
/* Opens the example @name in @win, which must load it.  Returns @win. */
RpWindow *rp_test_ui_open_example  (RpWindow    *win,
                                    const char  *name,
                                    guint        timeout_s);
/* Renders @widget, at least @min_width wide, as a frame through GSK's
 * Cairo renderer; when the environment variable @png_variable names a
 * file, writes the frame there as a PNG (for screenshots). */
void      rp_test_ui_render        (GtkWidget   *widget,
                                    int          min_width,
                                    const char  *png_variable);
/* Answers the AdwMessageDialog @dialog with @response as a click on its
 * button does: the dialog closes and emits "response". */
void      rp_test_ui_answer        (GtkWidget   *dialog,
                                    const char  *response);
/* Destroys the GtkWindow @window (an RpWindow's changes are dropped,
 * unasked) and runs what that leaves ready. */
void      rp_test_ui_destroy       (gpointer     window);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-app-options.h: what the rigplan command line takes
 *
 * One table for `rigplan --help` (GApplication's option parser), the
 * rigplan(1) man page and the shell completions (src/cli/rp-cli-doc.c).
 * GLib only, so the man-page generator needs no GTK. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The arguments and the one description of the program, untranslated
 * (N_()): _() them to show. */
extern const char rp_app_parameter[];
extern const char rp_app_summary[];

/* The options, NULL-ended; their values land in GApplication's options
 * dictionary (arg_data is NULL). */
extern const GOptionEntry rp_app_option_entries[];

G_END_DECLS

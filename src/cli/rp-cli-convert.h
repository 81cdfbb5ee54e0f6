/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-cli-convert.h: rigplan-cli import, and export --format
 *
 *   rigplan-cli import PATH… [-o FILE.rigplan] [--json]
 *   rigplan-cli export FILE.rigplan --format deepspeed|accelerate|torchrun|howto
 *                      [-o PATH] [--plan-row N|recommended]
 *
 * Both are thin: rp-import.h and rp-export-launch.h do the work.  argv
 * starts at the command's name, as for every other command. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

int      rp_cli_run_import           (int    argc,
                                      char **argv);
/* Whether an export command line asks for a launch config (--format). */
gboolean rp_cli_is_launch_export     (int    argc,
                                      char **argv);
int      rp_cli_run_export_launch    (int    argc,
                                      char **argv);

G_END_DECLS

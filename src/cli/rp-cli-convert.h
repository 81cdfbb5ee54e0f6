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

#include "rp-cli-common.h"

G_BEGIN_DECLS

/* Their options, for the table of commands (rigplan-cli.c). */
extern const GOptionEntry rp_cli_import_entries[];
extern const GOptionEntry rp_cli_launch_entries[];

int      rp_cli_run_import           (const RpCliCommand *command,
                                      int                 argc,
                                      char              **argv);
int      rp_cli_run_export_launch    (const RpCliCommand *command,
                                      int                 argc,
                                      char              **argv);

G_END_DECLS

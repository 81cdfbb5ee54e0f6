/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-cli-calibrate.h: rigplan-cli calibrate */
#pragma once

#include "rp-cli-common.h"

G_BEGIN_DECLS

/* Its options, for the table of commands (rigplan-cli.c). */
extern const GOptionEntry rp_cli_calibrate_entries[];

int rp_cli_run_calibrate (const RpCliCommand *command,
                          int                 argc,
                          char              **argv);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-cli-calibrate.h: rigplan-cli calibrate */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

int rp_cli_run_calibrate (int    argc,
                          char **argv);

G_END_DECLS

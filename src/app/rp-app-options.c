/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-app-options.c: what the rigplan command line takes */

#include "config.h"

#include "rp-app-options.h"

#include <glib/gi18n.h>

const char rp_app_parameter[] = N_("[FILE.rigplan|FILE.rigplan-compare…]");
const char rp_app_summary[] =
  N_("Plan the machine for a deep-learning training run: memory, time and cost, rented or "
     "bought. Opens each file in a window; a *.rigplan-compare file in a Compare window.");

const GOptionEntry rp_app_option_entries[] = {
  { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Print the version and exit"), NULL },
  { NULL }
};

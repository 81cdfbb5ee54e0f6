/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c: rigplan-cli, the command-line front end (rigplan-cli.c) */

#include "config.h"

#include "rp-cli-common.h"

int
main (int    argc,
      char **argv)
{
  return rp_cli_main (argc, argv);
}

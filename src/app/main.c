/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c: the rigplan desktop application */

#include "config.h"

#include "rp-application.h"
#include "rp-startup.h"

#include <glib/gi18n.h>
#include <locale.h>

int
main (int    argc,
      char **argv)
{
  g_autoptr(RpApplication) app = NULL;
  const char *localedir = g_getenv ("RIGPLAN_LOCALEDIR");

  rp_startup_mark ("main");
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_set_application_name ("Rigplan");
  app = rp_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}

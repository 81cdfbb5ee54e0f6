/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-import.c: hostile configs (JSON, YAML, scripts) given to
 * rigplan-cli import must give an error, never a crash, and a scenario
 * that comes out must save and load back: an import never writes a
 * *.rigplan that Rigplan then refuses.
 *
 * Built as a libFuzzer target with -Dfuzzing=true (clang); otherwise
 * fuzz-driver.c replays the corpus as a regular test.  Each input is
 * written to a file of its own directory, as an import reads files. */

#include "config.h"

#include "rp-catalog.h"
#include "rp-import.h"
#include "rp-scenario.h"

#include <glib/gstdio.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const guint8 *data,
                            size_t        size);

static RpCatalog *
shared_catalog (void)
{
  static RpCatalog *catalog = NULL;

  if (catalog == NULL)
    catalog = rp_catalog_load_default (NULL);
  return catalog;
}

/* One directory for the whole run, so that nothing else sits beside the
 * input (a config.json there would be read as its model). */
static const char *
input_path (void)
{
  static char *path = NULL;

  if (path == NULL)
    {
      g_autofree char *dir = g_dir_make_tmp ("rigplan-fuzz-import-XXXXXX", NULL);

      g_assert (dir != NULL);
      path = g_build_filename (dir, "input", NULL);
    }
  return path;
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(RpImport) import = rp_import_new (shared_catalog ());
  g_autoptr(GError) error = NULL;
  g_autoptr(RpScenario) scenario = NULL;
  g_autoptr(RpScenario) again = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *report = NULL;
  const char *path = input_path ();

  g_assert (g_file_set_contents (path, (const char *) data, (gssize) size, NULL));
  if (rp_import_add_path (import, path, &error))
    scenario = rp_import_finish (import, &error);
  g_unlink (path);
  report = rp_import_dup_report (import);
  if (scenario == NULL)
    {
      g_assert (error != NULL && error->message != NULL && *error->message != '\0');
      return 0;
    }
  g_assert (g_utf8_validate (scenario->notes, -1, NULL));
  saved = rp_scenario_to_json (scenario);
  again = rp_scenario_load_data (saved, strlen (saved), &error);
  g_assert_no_error (error);
  return 0;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-scenario.c: hostile *.rigplan input must give an error, never a
 * crash, and a scenario that loads must survive save → load and estimate.
 *
 * Built as a libFuzzer target with -Dfuzzing=true (clang); otherwise
 * fuzz-driver.c replays the corpus as a regular test. */

#include "config.h"

#include "rp-catalog.h"
#include "rp-estimate.h"
#include "rp-fix.h"
#include "rp-scenario.h"

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

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RpScenario) scenario = rp_scenario_load_data ((const char *) data, size, &error);
  g_autofree char *saved = NULL;
  g_autoptr(RpScenario) again = NULL;
  g_autoptr(RpEstimate) est = NULL;
  RpCatalog *catalog;

  if (scenario == NULL)
    {
      g_assert (error != NULL && error->message != NULL && *error->message != '\0');
      return 0;
    }
  saved = rp_scenario_to_json (scenario);
  again = rp_scenario_load_data (saved, strlen (saved), &error);
  g_assert_no_error (error);
  catalog = shared_catalog ();
  if (catalog == NULL)
    return 0;
  est = rp_estimate_new ();
  g_clear_error (&error);
  rp_fix_estimate (again, catalog, est, &error);
  return 0;
}

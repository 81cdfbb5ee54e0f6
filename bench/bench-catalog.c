/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-catalog.c: loading a user catalog of 20,000 GPUs and 20,000
 * offers, and looking each up
 *
 * Fails when the load takes 1 s or more (it took 2.3 s when ids were
 * found by a linear search, quadratic in the entries) or one lookup
 * 1 µs or more (issue 17). */

#include "config.h"

#include "bench-common.h"

#include "rp-catalog.h"

#include <glib/gstdio.h>
#include <stdio.h>

static const guint n_entries = 20000;
static const double load_budget_s = 1.0;
static const double lookup_budget_us = 1.0;

static void
write_catalogs (const char *dir)
{
  GString *gpus = g_string_new ("{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": [");
  GString *offers = g_string_new ("{\"format\": \"rigplan-clouds\", \"version\": 1, \"offers\": [");
  g_autofree char *gpus_path = g_build_filename (dir, "gpus.json", NULL);
  g_autofree char *offers_path = g_build_filename (dir, "clouds.json", NULL);

  for (guint i = 0; i < n_entries; i++)
    {
      g_string_append_printf (gpus, "%s{\"id\": \"user-gpu-%u\", \"name\": \"GPU %u\", "
                              "\"vendor\": \"NVIDIA\", \"memory_gib\": 24, "
                              "\"tflops\": {\"bf16\": 165.2}, \"source\": \"generated\", "
                              "\"as_of\": \"2026\"}", i > 0 ? ", " : "", i, i);
      /* offers in clouds.json, read before gpus.json, name its GPUs */
      g_string_append_printf (offers, "%s{\"id\": \"user-offer-%u\", \"provider\": \"P\", "
                              "\"gpu\": \"user-gpu-%u\", \"currency\": \"USD\", "
                              "\"per_gpu_hour\": {\"on_demand\": 2}, \"source\": \"generated\", "
                              "\"as_of\": \"2026\"}", i > 0 ? ", " : "", i, i);
    }
  g_string_append (gpus, "]}");
  g_string_append (offers, "]}");
  g_assert_true (g_file_set_contents (gpus_path, gpus->str, (gssize) gpus->len, NULL));
  g_assert_true (g_file_set_contents (offers_path, offers->str, (gssize) offers->len, NULL));
  g_string_free (gpus, TRUE);
  g_string_free (offers, TRUE);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rigplan-bench-XXXXXX", &error);
  g_autofree char *gpus_path = g_build_filename (dir, "gpus.json", NULL);
  g_autofree char *offers_path = g_build_filename (dir, "clouds.json", NULL);
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(RpCatalog) catalog = NULL;
  gint64 start;
  double load_s, lookup_us;
  guint found = 0;

  g_assert_no_error (error);
  write_catalogs (dir);
  g_setenv ("RIGPLAN_USER_DATADIR", dir, TRUE);
  start = g_get_monotonic_time ();
  catalog = rp_catalog_load_default_full (&problems, &error);
  load_s = (g_get_monotonic_time () - start) / 1e6;
  g_assert_no_error (error);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_cmpuint (rp_catalog_n_gpus (catalog), >=, n_entries);

  start = g_get_monotonic_time ();
  for (guint i = 0; i < n_entries; i++)
    {
      const RpCloudOffer *offer = rp_catalog_get_cloud (catalog, rp_catalog_n_clouds (catalog) - 1 - i);

      found += rp_catalog_lookup_gpu (catalog, offer->gpu) != NULL;
      found += rp_catalog_lookup_cloud (catalog, offer->id) != NULL;
    }
  lookup_us = (double) (g_get_monotonic_time () - start) / (2.0 * n_entries);
  g_assert_cmpuint (found, ==, 2 * n_entries);

  printf ("load %u user GPUs and %u offers: %.3f s (budget %.1f s)\n", n_entries, n_entries,
          load_s, load_budget_s);
  printf ("lookup by id: %.3f µs (budget %.1f µs)\n", lookup_us, lookup_budget_us);
  bench_emit ("catalog", "catalog_load_s", load_s, "s");
  bench_emit ("catalog", "catalog_lookup_us", lookup_us, "us");
  g_unlink (gpus_path);
  g_unlink (offers_path);
  g_rmdir (dir);
  return load_s < load_budget_s && lookup_us < lookup_budget_us ? 0 : 1;
}

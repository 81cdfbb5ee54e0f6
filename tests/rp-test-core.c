/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-test-core.c: helpers shared by the tests and benchmarks */

#include "config.h"

#include "rp-test-core.h"

#include "rp-fix.h"
#include "rp-json-private.h"

#include <glib/gstdio.h>

const char *const rp_test_examples[] = {
  "lora-llama3-8b-rtx4090.rigplan",
  "full-finetune-llama2-7b-8xa100.rigplan",
  "pretrain-1b-decoder-32xh100.rigplan",
  "resnet50-imagenet-8xa100.rigplan",
  "qlora-llama2-70b-a100.rigplan",
  "sdxl-finetune-8xa100.rigplan",
  "lora-llama2-13b-rtx3090.rigplan",
};

char *
rp_test_example_path (const char *name)
{
  return g_build_filename (g_getenv ("RIGPLAN_EXAMPLES"), name, NULL);
}

RpScenario *
rp_test_load_example (const char *name)
{
  g_autofree char *path = rp_test_example_path (name);
  g_autoptr(GError) error = NULL;
  RpScenario *s = rp_scenario_load_file (path, &error);

  g_assert_no_error (error);
  return s;
}

RpEstimate *
rp_test_estimate (const RpCatalog  *catalog,
                  const RpScenario *s)
{
  g_autoptr(GError) error = NULL;
  RpEstimate *est = rp_estimate_new ();

  g_assert_true (rp_fix_estimate (s, catalog, est, &error));
  g_assert_no_error (error);
  return est;
}

RpCatalog *
rp_test_load_catalog (void)
{
  g_autoptr(GError) error = NULL;
  RpCatalog *catalog = rp_catalog_load_default (&error);

  g_assert_no_error (error);
  g_assert_nonnull (catalog);
  return catalog;
}

RpCatalog *
rp_test_load_bundled_catalog (void)
{
  g_autoptr(GError) error = NULL;
  RpCatalog *catalog = rp_catalog_new_empty ();

  g_assert_true (rp_catalog_load_dir (catalog, rp_catalog_default_dir (), TRUE, &error));
  g_assert_no_error (error);
  return catalog;
}

char *
rp_test_make_dir (const char *tmpl)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp (tmpl, &error);

  g_assert_no_error (error);
  return dir;
}

guint
rp_test_count_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (d != NULL && g_dir_read_name (d) != NULL)
    n++;
  return n;
}

void
rp_test_remove_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_remove (path);
    }
  g_rmdir (dir);
}

struct cJSON *
rp_test_load_data (const char *dir,
                   const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", dir, name, NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  gsize len = 0;
  cJSON *root;

  g_assert_true (g_file_get_contents (path, &text, &len, &error));
  g_assert_no_error (error);
  root = rp_json_parse (text, len, &error);
  g_assert_no_error (error);
  return root;
}

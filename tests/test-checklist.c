/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-checklist.c: the rest of a buyer's checklist
 *
 * checklist.json as its sources state it, and a broken one refused. */

#include "config.h"

#include "rp-checklist-data.h"
#include "rp-test-core.h"

#include <string.h>

static RpCatalog *catalog;

/* ---- the catalog ---------------------------------------------------- */

/* checklist.json as its sources state it: NVIDIA's Table 3 of oldest
 * drivers, the stacks per generation, the mains of China, the US and
 * the rest, the 3-2-1 rule and its storage prices. */
static void
test_catalog (void)
{
  const RpGpu *v100 = rp_catalog_lookup_gpu (catalog, "v100-sxm2-32gb");
  const RpGpu *t4 = rp_catalog_lookup_gpu (catalog, "t4");
  const RpGpu *b200 = rp_catalog_lookup_gpu (catalog, "b200");
  const RpGpu *rtx5090 = rp_catalog_lookup_gpu (catalog, "rtx-5090");
  const RpGpu *ascend = rp_catalog_lookup_gpu (catalog, "ascend-910b");
  const RpSoftware *sw;
  const RpBackupRule *rule;
  const RpStoragePrice *price;

  g_assert_cmpstr (rp_catalog_cuda_driver (catalog, "12.8"), ==, "570.26");
  g_assert_cmpstr (rp_catalog_cuda_driver (catalog, "12.9"), ==, "575.51.03");
  g_assert_cmpstr (rp_catalog_cuda_driver (catalog, "11.8"), ==, "520.61.05");
  /* a release between two rows takes the next one listed */
  g_assert_cmpstr (rp_catalog_cuda_driver (catalog, "12.7"), ==, "570.26");
  g_assert_null (rp_catalog_cuda_driver (catalog, "99.0"));

  sw = rp_catalog_lookup_software (catalog, v100);
  g_assert_nonnull (sw);
  g_assert_false (rp_software_runs_flash (sw));
  g_assert_true (rp_software_has_kernel (sw, "sdpa-mem-efficient"));
  g_assert_cmpstr (sw->toolkit_dropped, ==, "13.0");
  /* Turing runs FlashAttention 1.x */
  g_assert_true (rp_software_runs_flash (rp_catalog_lookup_software (catalog, t4)));
  /* Blackwell splits by compute capability */
  g_assert_cmpstr (rp_catalog_lookup_software (catalog, b200)->id, ==, "blackwell-datacenter");
  sw = rp_catalog_lookup_software (catalog, rtx5090);
  g_assert_cmpstr (sw->id, ==, "blackwell-consumer");
  g_assert_cmpstr (sw->framework_min, ==, "2.7");
  g_assert_cmpstr (sw->wheels_min, ==, "cu128");
  g_assert_cmpstr (rp_catalog_lookup_software (catalog, ascend)->toolkit, ==, "CANN");

  g_assert_cmpfloat (rp_catalog_mains_for (catalog, "CN")->volts, ==, 220);
  g_assert_cmpfloat (rp_catalog_mains_for (catalog, "US")->volts, ==, 120);
  g_assert_cmpfloat (rp_catalog_mains_for (catalog, "DE")->volts, ==, 230);
  g_assert_cmpint (rp_catalog_noise_for (catalog, RP_SHAPE_SERVER)->noise, ==,
                   RP_NOISE_SERVER_ROOM);

  rule = rp_catalog_get_backup_rule (catalog);
  g_assert_nonnull (rule);
  g_assert_cmpstr (rule->rule, ==, "3-2-1");
  g_assert_cmpuint (rule->copies, ==, 3);
  price = rp_backup_rule_price_for (rule, "cn");
  g_assert_cmpint (price->currency, ==, RP_CURRENCY_CNY);
  g_assert_cmpfloat (price->storage_gb_month, ==, 0.12);
  g_assert_cmpfloat (rp_backup_rule_price_for (rule, "global")->storage_gb_month, ==, 0.023);
}

/* A broken checklist file is refused with the path of what is wrong,
 * and adds nothing. */
static void
test_catalog_errors (void)
{
  static const struct { const char *json, *path; } cases[] = {
    { "{\"format\": \"rigplan-checklist\", \"version\": 1, \"mains\": [{\"id\": \"x\", "
      "\"countries\": [\"XX\"], \"circuit_amps\": 16, \"source\": \"a source here\", "
      "\"as_of\": \"2026\"}]}", "mains[0].volts" },
    { "{\"format\": \"rigplan-checklist\", \"version\": 1, \"software\": [{\"id\": \"x\", "
      "\"generation\": \"volta\", \"toolkit\": \"CUDA\", \"framework\": \"PyTorch\", "
      "\"attention\": \"sdpa\", \"source\": \"a source here\", \"as_of\": \"2026\"}]}",
      "software[0].attention" },
    { "{\"format\": \"rigplan-checklist\", \"version\": 1, \"noise\": [{\"shape\": \"tower\", "
      "\"class\": \"office\", \"source\": \"a source here\", \"as_of\": \"2026\"}]}",
      "noise[0].shape" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(RpCatalog) c = rp_catalog_new_empty ();
      g_autoptr(GBytes) bytes = g_bytes_new_static (cases[i].json, strlen (cases[i].json));
      g_autoptr(GError) error = NULL;

      g_assert_false (rp_catalog_load_bytes (c, bytes, "checklist.json", &error));
      g_assert_nonnull (error);
      if (strstr (error->message, cases[i].path) == NULL)
        g_error ("“%s” does not name %s", error->message, cases[i].path);
      g_assert_null (rp_catalog_mains_for (c, "XX"));
    }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  catalog = rp_test_load_bundled_catalog ();
  g_test_add_func ("/core/checklist/catalog", test_catalog);
  g_test_add_func ("/core/checklist/catalog-errors", test_catalog_errors);
  status = g_test_run ();
  rp_catalog_unref (catalog);
  return status;
}

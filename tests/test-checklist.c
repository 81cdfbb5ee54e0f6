/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-checklist.c: the rest of a buyer's checklist
 *
 * checklist.json as its sources state it, and a broken one refused; then
 * each story of issue 22 on a scenario of tests/data/checklist: the
 * advice it gets, with its code and its figures. */

#include "config.h"

#include "rp-checklist.h"
#include "rp-checklist-data.h"
#include "rp-export-launch.h"
#include "rp-test-core.h"
#include "rp-words-checklist.h"
#include "rp-words.h"

#include "rp-prices.h"

#include <math.h>
#include <stdarg.h>
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

/* A later checklist file's entry for a generation is the one found,
 * for every GPU of it, once that file loads (the lookup's index follows
 * each load). */
static void
test_software_override (void)
{
  static const char text[] =
    "{\"format\": \"rigplan-checklist\", \"version\": 1, \"software\": [{\"id\": \"mine\", "
    "\"generation\": \"volta\", \"toolkit\": \"CUDA\", \"framework\": \"PyTorch\", "
    "\"attention\": [\"flash-attention-2\"], \"low_precision\": [], "
    "\"source\": \"a source here\", \"as_of\": \"2026\"}]}";
  g_autoptr(RpCatalog) c = rp_test_load_bundled_catalog ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (text, strlen (text));
  g_autoptr(GError) error = NULL;
  const RpGpu *v100 = rp_catalog_lookup_gpu (c, "v100-sxm2-32gb");

  g_assert_cmpstr (rp_catalog_lookup_software (c, v100)->id, ==, "volta");
  g_assert_true (rp_catalog_load_bytes (c, bytes, "checklist.json", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (rp_catalog_lookup_software (c, v100)->id, ==, "mine");
  g_assert_true (rp_software_runs_flash (rp_catalog_lookup_software (c, v100)));
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

/* ---- the stories ---------------------------------------------------- */

static RpScenario *
story (const char *name)
{
  g_autofree char *file = g_strconcat (name, ".rigplan", NULL);
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "checklist", file, NULL);
  g_autoptr(GError) error = NULL;
  RpScenario *s = rp_scenario_load_file (path, &error);

  g_assert_no_error (error);
  return s;
}

static const RpWarning *
find (const RpEstimate *est,
      RpAdvice          code)
{
  for (guint i = 0; i < est->n_warnings; i++)
    if (est->warnings[i].code == code)
      return &est->warnings[i];
  return NULL;
}

/* The advice's sentence, which must name each of the NULL-terminated
 * words. */
static void
assert_says (const RpScenario *s,
             const RpEstimate *est,
             RpAdvice          code,
             ...)
{
  const RpWarning *w = find (est, code);
  g_autofree char *text = NULL;
  const char *word;
  va_list ap;

  if (w == NULL)
    g_error ("no “%s” advice", rp_advice_to_string (code));
  text = rp_words_advice (w, s, catalog, est);
  va_start (ap, code);
  while ((word = va_arg (ap, const char *)) != NULL)
    if (strstr (text, word) == NULL)
      g_error ("“%s” does not say “%s”", text, word);
  va_end (ap);
}

/* FlashAttention 2 on a V100 is a failed setup check with its fix; the
 * same run on an A100 passes it. */
static void
test_attention_kernel (void)
{
  g_autoptr(RpScenario) s = story ("v100-flash");
  g_autoptr(RpEstimate) est = rp_test_estimate (catalog, s);
  g_autoptr(RpEstimate) off = NULL, a100 = NULL;
  g_autofree char *howto = NULL;

  g_assert_true (rp_estimate_has_warning (est, "attention-kernel-unsupported"));
  g_assert_cmpint (find (est, RP_ADVICE_ATTENTION_KERNEL)->severity, ==, RP_SEVERITY_WARNING);
  assert_says (s, est, RP_ADVICE_ATTENTION_KERNEL, "FlashAttention 2", "attn_implementation=\"sdpa\"",
               NULL);
  /* CUDA 13 dropped Volta */
  assert_says (s, est, RP_ADVICE_SOFTWARE_STACK, "13.0", "cu126", NULL);
  howto = rp_launch_export (s, catalog, RP_LAUNCH_HOWTO, NULL, NULL);
  g_assert_nonnull (strstr (howto, "Software: CUDA 9.0 or newer (Linux driver 384.81 or newer)"));
  g_assert_nonnull (strstr (howto, "attn_implementation=\"sdpa\""));

  s->training.flash_attention = FALSE;
  off = rp_test_estimate (catalog, s);
  g_assert_false (rp_estimate_has_warning (off, "attention-kernel-unsupported"));
  s->training.flash_attention = TRUE;
  rp_scenario_set_gpu (s, "a100-80gb-sxm");
  a100 = rp_test_estimate (catalog, s);
  g_assert_false (rp_estimate_has_warning (a100, "attention-kernel-unsupported"));
  /* an ordinary CUDA stack is said in the export, not as advice */
  g_assert_false (rp_estimate_has_warning (a100, "software-stack"));
}

/* The RTX 5090 and B200 need CUDA 12.8 and PyTorch 2.7; the Ascend 910B
 * CANN and torch_npu; the MI300X ROCm: in the advice and the export. */
static void
test_software_stack (void)
{
  g_autoptr(RpScenario) s = story ("ascend-910b");
  g_autoptr(RpEstimate) ascend = rp_test_estimate (catalog, s);
  g_autoptr(RpEstimate) b200 = NULL, mi300x = NULL, gaudi = NULL, rtx5090 = NULL;
  g_autofree char *howto = NULL;

  assert_says (s, ascend, RP_ADVICE_SOFTWARE_STACK, "CANN", "torch_npu", "8.0.RC2", NULL);
  g_assert_false (rp_estimate_has_warning (ascend, "attention-kernel-unsupported"));
  rp_scenario_set_gpu (s, "b200");
  b200 = rp_test_estimate (catalog, s);
  assert_says (s, b200, RP_ADVICE_SOFTWARE_STACK, "CUDA 12.8 or newer", "570.26",
               "PyTorch 2.7 or newer", "cu128", NULL);
  rp_scenario_set_gpu (s, "mi300x");
  mi300x = rp_test_estimate (catalog, s);
  assert_says (s, mi300x, RP_ADVICE_SOFTWARE_STACK, "ROCm 6.0 or newer", NULL);
  /* DeepSpeed on Gaudi is Intel's fork */
  rp_scenario_set_gpu (s, "gaudi3");
  s->training.framework = RP_FRAMEWORK_DEEPSPEED;
  gaudi = rp_test_estimate (catalog, s);
  g_assert_cmpuint (find (gaudi, RP_ADVICE_SOFTWARE_STACK)->variant, ==, 1);
  assert_says (s, gaudi, RP_ADVICE_SOFTWARE_STACK, "Intel Gaudi software", "fork of 0.14.4", NULL);
  s->training.framework = RP_FRAMEWORK_CUSTOM;
  rp_scenario_set_gpu (s, "rtx-5090");
  s->hardware.gpus_per_node = 1;
  s->training.global_batch = 8;
  rtx5090 = rp_test_estimate (catalog, s);
  assert_says (s, rtx5090, RP_ADVICE_SOFTWARE_STACK, "CUDA 12.8 or newer", "cu128", NULL);
  howto = rp_launch_export (s, catalog, RP_LAUNCH_HOWTO, NULL, NULL);
  g_assert_nonnull (strstr (howto, "PyTorch 2.7 or newer (cu128 wheels)"));
}

/* BERT-base on 8 × H100 is a few minutes' work for one of them. */
static void
test_oversized (void)
{
  g_autoptr(RpScenario) s = story ("bert-8xh100");
  g_autoptr(RpEstimate) est = rp_test_estimate (catalog, s);
  g_autoptr(RpEstimate) one = NULL;
  const RpWarning *w = find (est, RP_ADVICE_OVERSIZED);

  g_assert_nonnull (w);
  g_assert_cmpfloat (w->value, <, 1);
  g_assert_cmpfloat (w->value, ==, est->compute.gpu_hours);
  assert_says (s, est, RP_ADVICE_OVERSIZED, "8 GPUs", "one NVIDIA H100", "min", NULL);
  s->hardware.gpus_per_node = 1;
  s->training.global_batch = 32;
  one = rp_test_estimate (catalog, s);
  g_assert_false (rp_estimate_has_warning (one, "oversized"));
}

/* An 8 × RTX 4090 server bought for a Chinese office: its circuits at
 * 220 V, its heat and its noise, and a warning that it is a server. */
static void
test_power_room (void)
{
  g_autoptr(RpScenario) s = story ("office-8x4090-buy");
  g_autoptr(RpEstimate) est = rp_test_estimate (catalog, s);
  g_autoptr(RpEstimate) colo = NULL;
  RpRoomNeeds room;

  rp_checklist_room (s, catalog, est, &room);
  g_assert_true (room.known && room.on_premises);
  g_assert_cmpfloat (room.mains->volts, ==, 220);
  /* 16 A × 80 % at 220 V = 2,816 W a circuit */
  g_assert_cmpfloat_with_epsilon (room.circuit_w, 2816, 1e-9);
  g_assert_cmpuint (room.circuits, ==, (guint) ceil (est->bom.power_kw_per_node * 1000 / 2816));
  g_assert_cmpuint (room.circuits, >=, 2);
  g_assert_cmpint (room.noise->noise, ==, RP_NOISE_SERVER_ROOM);
  g_assert_cmpfloat_with_epsilon (room.heat_btu_h, est->bom.power_kw_per_node * 3412.14, 1);
  assert_says (s, est, RP_ADVICE_POWER_ROOM, "220 V", "dedicated 16 A circuits", "BTU/h",
               "dBA", NULL);
  g_assert_true (rp_estimate_has_warning (est, "server-in-office"));
  assert_says (s, est, RP_ADVICE_SERVER_IN_OFFICE, "circuits", NULL);
  /* in rented rack space it is no office's problem */
  s->budget.colocation_per_month = 3000;
  colo = rp_test_estimate (catalog, s);
  g_assert_true (rp_estimate_has_warning (colo, "power-in-the-room"));
  g_assert_false (rp_estimate_has_warning (colo, "server-in-office"));
}

/* Dataset and kept checkpoints are backed up by 3-2-1, in the bill of
 * materials, with the off-site copy's price. */
static void
test_backup (void)
{
  g_autoptr(RpScenario) s = story ("office-8x4090-buy");
  g_autoptr(RpEstimate) est = rp_test_estimate (catalog, s);
  RpBackupNeeds need;

  rp_checklist_backup (s, catalog, est, &need);
  g_assert_true (need.known);
  g_assert_cmpfloat (est->bom.backup_bytes, ==, est->bom.dataset_bytes + est->bom.checkpoints_bytes);
  g_assert_cmpfloat (need.bytes, ==, est->bom.backup_bytes);
  g_assert_cmpstr (need.price->market, ==, "cn");
  g_assert_cmpfloat_with_epsilon (need.offsite_per_month, need.bytes / 1e9 * 0.12, 1e-9);
  /* the off-site copy in the BOM, in yuan like the scenario */
  g_assert_cmpfloat_with_epsilon (est->bom.backup_per_month, need.offsite_per_month, 1e-9);
  assert_says (s, est, RP_ADVICE_BACKUP_RULE, "3-2-1", "Alibaba", "¥", NULL);
}

/* Where the data lives: a marketplace host, a provider abroad, a machine
 * one owns. */
static void
test_data_location (void)
{
  g_autoptr(RpScenario) s = story ("bert-8xh100");
  g_autoptr(RpEstimate) aws = NULL, vast = NULL, abroad = NULL, owned = NULL;

  s->hardware.gpus_per_node = 1;
  s->training.global_batch = 32;
  aws = rp_test_estimate (catalog, s);
  g_assert_cmpuint (find (aws, RP_ADVICE_DATA_RENTED)->variant, ==, 0);
  g_assert_false (rp_estimate_has_warning (aws, "data-owned"));

  rp_scenario_set_gpu (s, "rtx-4090");
  rp_scenario_set_rent_offer (s, "vast-ai-rtx-4090-marketplace");
  vast = rp_test_estimate (catalog, s);
  g_assert_true ((find (vast, RP_ADVICE_DATA_RENTED)->variant & 1) != 0);
  assert_says (s, vast, RP_ADVICE_DATA_RENTED, "marketplace", "encrypt", NULL);

  /* a buyer in China renting abroad: the CAC's outbound-transfer rules */
  s->budget.currency = RP_CURRENCY_CNY;
  rp_scenario_set_region (s, "cn-average");
  abroad = rp_test_estimate (catalog, s);
  g_assert_true ((find (abroad, RP_ADVICE_DATA_RENTED)->variant & 2) != 0);
  assert_says (s, abroad, RP_ADVICE_DATA_RENTED, "CAC", NULL);

  s->budget.acquire = RP_ACQUIRE_BUY;
  owned = rp_test_estimate (catalog, s);
  g_assert_false (rp_estimate_has_warning (owned, "data-on-rented-machines"));
  g_assert_true (rp_estimate_has_warning (owned, "data-owned"));
}

/* A "new" RTX 3090 at 5,000 yuan is flagged: none is sold new, and the
 * price is under half its last new one. */
static void
test_new_price (void)
{
  g_autoptr(RpScenario) s = story ("new-3090-5000");
  g_autoptr(RpEstimate) est = rp_test_estimate (catalog, s);
  g_autoptr(RpEstimate) fair = NULL;
  const RpWarning *w = find (est, RP_ADVICE_NEW_PRICE_SUSPECT);

  g_assert_nonnull (w);
  /* 1,499 USD at the catalog's rate */
  g_assert_cmpfloat_with_epsilon (w->value, 1499 * rp_prices_usd_to_cny (s, catalog), 1e-6);
  assert_says (s, est, RP_ADVICE_NEW_PRICE_SUSPECT, "2023-03", "¥5,000", "used", NULL);
  s->budget.gpu_price = 9000;
  fair = rp_test_estimate (catalog, s);
  g_assert_false (rp_estimate_has_warning (fair, "new-price-suspect"));
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
  g_test_add_func ("/core/checklist/software-override", test_software_override);
  g_test_add_func ("/core/checklist/attention-kernel", test_attention_kernel);
  g_test_add_func ("/core/checklist/software-stack", test_software_stack);
  g_test_add_func ("/core/checklist/oversized", test_oversized);
  g_test_add_func ("/core/checklist/power-room", test_power_room);
  g_test_add_func ("/core/checklist/backup", test_backup);
  g_test_add_func ("/core/checklist/data-location", test_data_location);
  g_test_add_func ("/core/checklist/new-price", test_new_price);
  status = g_test_run ();
  rp_catalog_unref (catalog);
  return status;
}

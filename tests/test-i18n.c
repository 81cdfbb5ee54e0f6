/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-i18n.c: Simplified Chinese in the units and in rigplan-cli
 *
 * Runs with LANG=C.UTF-8 LANGUAGE=zh_CN (no zh_CN locale need be
 * generated) and the .mo files of the build tree (RIGPLAN_LOCALEDIR). */

#include "config.h"

#include "rp-catalog.h"
#include "rp-estimate.h"
#include "rp-fix.h"
#include "rp-gettext.h"
#include "rp-scenario.h"
#include "rp-units.h"
#include "rp-words.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <locale.h>
#include <math.h>
#include <string.h>

/* ---- display width -------------------------------------------------- */

static void
test_display_width (void)
{
  g_autofree char *left = rp_units_pad ("显存", -6);
  g_autofree char *right = rp_units_pad ("显存", 6);
  g_autofree char *wide = rp_units_pad ("显存不足", 4);
  g_autofree char *ascii = rp_units_pad ("GiB", -5);

  g_assert_cmpint (rp_units_display_width (""), ==, 0);
  g_assert_cmpint (rp_units_display_width ("GiB"), ==, 3);
  g_assert_cmpint (rp_units_display_width ("显存"), ==, 4);     /* 6 bytes */
  g_assert_cmpint (rp_units_display_width ("¥1.2万"), ==, 6);   /* ¥ is narrow */
  g_assert_cmpint (rp_units_display_width ("—"), ==, 1);
  g_assert_cmpint (rp_units_display_width ("（"), ==, 2);       /* fullwidth */
  g_assert_cmpint (rp_units_display_width ("e\xcc\x81"), ==, 1); /* combining mark */
  g_assert_cmpstr (left, ==, "显存  ");
  g_assert_cmpstr (right, ==, "  显存");
  g_assert_cmpstr (wide, ==, "显存不足");
  g_assert_cmpstr (ascii, ==, "GiB  ");
}

/* ---- units in Chinese ----------------------------------------------- */

static void
test_units_zh (void)
{
  g_autofree char *wan = rp_units_format_money (27000, RP_CURRENCY_CNY);
  g_autofree char *small = rp_units_format_money (9876, RP_CURRENCY_CNY);
  g_autofree char *usd = rp_units_format_money (1234567, RP_CURRENCY_USD);
  g_autofree char *days = rp_units_format_hours (72);
  g_autofree char *hours = rp_units_format_hours (5);
  g_autofree char *gib = rp_units_format_bytes (3.5 * RP_GIB);

  if (g_strcmp0 (g_getenv ("LANGUAGE"), "zh_CN") != 0)
    {
      g_test_skip ("needs LANGUAGE=zh_CN");
      return;
    }
  g_assert_cmpstr (wan, ==, "¥2.7万");
  g_assert_cmpstr (small, ==, "¥9,876");
  g_assert_cmpstr (usd, ==, "$1,234,567");
  g_assert_cmpstr (days, ==, "3.0 天");
  g_assert_cmpstr (hours, ==, "5.0 小时");
  g_assert_cmpstr (gib, ==, "3.5 GiB");            /* the unit stays */
}

/* ---- translations remembered (rp-gettext.h) ------------------------- */

/* The words keep each translation they looked up, and let go of them
 * when the catalogs may change: a setlocale(), or LANGUAGE set while the
 * program runs and announced as the GNU gettext manual asks.  (A cache
 * that never let go keeps "计算" after the switch, and "¥2.7万".) */
static void
test_gettext_remembered (void)
{
  g_autofree char *wan = NULL;
  g_autofree char *again = NULL;

  if (g_strcmp0 (g_getenv ("LANGUAGE"), "zh_CN") != 0)
    {
      g_test_skip ("needs LANGUAGE=zh_CN");
      return;
    }
  g_assert_cmpstr (rp_words_bottleneck (RP_BOTTLENECK_COMPUTE), ==, "计算");
  g_assert_cmpstr (rp_words_bottleneck (RP_BOTTLENECK_COMPUTE), ==, "计算");
  g_assert_true (rp_units_count_in_wan ());

  g_unsetenv ("LANGUAGE");
  setlocale (LC_ALL, "");
  g_assert_cmpstr (rp_words_bottleneck (RP_BOTTLENECK_COMPUTE), ==, "compute");
  g_assert_false (rp_units_count_in_wan ());
  wan = rp_units_format_money (27000, RP_CURRENCY_CNY);
  g_assert_cmpstr (wan, ==, "¥27,000");

  g_setenv ("LANGUAGE", "zh_CN", TRUE);
#ifdef HAVE_NL_MSG_CAT_CNTR
  {
    extern int _nl_msg_cat_cntr;

    /* what a program that sets LANGUAGE while it runs must do */
    ++_nl_msg_cat_cntr;
  }
#else
  setlocale (LC_ALL, "");
#endif
  g_assert_cmpstr (rp_words_bottleneck (RP_BOTTLENECK_COMPUTE), ==, "计算");
  again = rp_units_format_money (27000, RP_CURRENCY_CNY);
  g_assert_cmpstr (again, ==, "¥2.7万");
}

/* A plural is remembered for each count it was asked with, not once
 * for all ("1 GPUs" where 2 was asked first).  The message is in no
 * catalog, so gettext gives the English forms in every language. */
static void
test_gettext_plural_remembered (void)
{
  for (guint round = 0; round < 2; round++)
    {
      g_assert_cmpstr (g_dngettext (GETTEXT_PACKAGE, "%u test GPU", "%u test GPUs", 2), ==,
                       "%u test GPUs");
      g_assert_cmpstr (g_dngettext (GETTEXT_PACKAGE, "%u test GPU", "%u test GPUs", 1), ==,
                       "%u test GPU");
      g_assert_cmpstr (g_dngettext (GETTEXT_PACKAGE, "%u test GPU", "%u test GPUs", 0), ==,
                       "%u test GPUs");
    }
  /* the same singular with another plural */
  g_assert_cmpstr (g_dngettext (GETTEXT_PACKAGE, "%u test GPU", "%u test GPU(s)", 2), ==,
                   "%u test GPU(s)");
}

static gpointer
look_up_in_thread (gpointer data)
{
  const char *expected = data;

  for (guint i = 0; i < 3; i++)
    g_assert_cmpstr (rp_words_bottleneck (RP_BOTTLENECK_COMPUTE), ==, expected);
  return NULL;
}

/* Each thread keeps its own translations, made on its first message and
 * freed when it ends; one thread after another finds the same. */
static void
test_gettext_threads (void)
{
  const char *here = rp_words_bottleneck (RP_BOTTLENECK_COMPUTE);

  for (guint i = 0; i < 4; i++)
    g_thread_join (g_thread_new ("words", look_up_in_thread, (gpointer) here));
  g_assert_cmpstr (rp_words_bottleneck (RP_BOTTLENECK_COMPUTE), ==, here);
}

/* ---- rigplan-cli ---------------------------------------------------- */

/* Runs rigplan-cli in the locale @lc_all, with LANGUAGE=@language (or
 * none), and returns its stdout. */
static char *
run_cli (const char *lc_all,
         const char *language,
         int        *status,
         char      **err,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  const char *arg;
  va_list args;

  g_ptr_array_add (argv, (gpointer) g_getenv ("RIGPLAN_CLI"));
  va_start (args, err);
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  g_subprocess_launcher_setenv (launcher, "LANG", "C.UTF-8", TRUE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", lc_all, TRUE);
  if (language != NULL)
    g_subprocess_launcher_setenv (launcher, "LANGUAGE", language, TRUE);
  else
    g_subprocess_launcher_unsetenv (launcher, "LANGUAGE");
  proc = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (proc, NULL, NULL, &out, err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (proc));
  *status = g_subprocess_get_exit_status (proc);
  return out;
}

static char *
example (const char *name)
{
  return g_build_filename (g_getenv ("RIGPLAN_EXAMPLES"), name, NULL);
}

/* The display column where @needle ends on @line, or -1. */
static int
column_after (const char *line,
              const char *needle)
{
  const char *at = strstr (line, needle);
  g_autofree char *prefix = NULL;

  if (at == NULL)
    return -1;
  prefix = g_strndup (line, (at - line) + strlen (needle));
  return rp_units_display_width (prefix);
}

static void
test_cli_estimate_zh (void)
{
  g_autofree char *path = example ("lora-llama3-8b-rtx4090.rigplan");
  g_autofree char *err = NULL;
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;
  int status, size_column = -1, n_sizes = 0;

  out = run_cli ("C.UTF-8", "zh_CN", &status, &err, "estimate", path, NULL);
  g_test_message ("%s%s", out, err);
  /* 3 while the example is tight at its memory band's high end, 0 where
   * a band lets it fit (the tight words: /i18n/cli/estimate-tight-zh) */
  g_assert_true (status == 0 || status == 3);
  g_assert_cmpstr (err, ==, "");
  g_assert_nonnull (strstr (out, "单卡显存"));
  g_assert_nonnull (strstr (out, "权重"));
  g_assert_nonnull (strstr (out, "优化器状态"));
  g_assert_nonnull (strstr (out, "激活值"));
  g_assert_nonnull (strstr (out, "放得下"));
  g_assert_nonnull (strstr (out, "瓶颈"));
  g_assert_nonnull (strstr (out, "回本周期"));
  g_assert_nonnull (strstr (out, " 天"));        /* 3.0 天, not 3.0 days */
  g_assert_nonnull (strstr (out, "万"));         /* ¥2.7万 */
  g_assert_nonnull (strstr (out, "GiB"));        /* units stay */
  g_assert_null (strstr (out, "Memory per GPU"));
  g_assert_null (strstr (out, "Weights"));
  g_assert_null (strstr (out, " days"));

  /* The memory table lines up by terminal columns even though the
   * Chinese labels have different byte lengths. */
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *unit = strstr (lines[i], " GiB ") ? " GiB" : strstr (lines[i], " MiB ") ? " MiB" : NULL;

      if (unit == NULL || strstr (lines[i], "%") == NULL || strstr (lines[i], "：") != NULL)
        continue;
      if (size_column < 0)
        size_column = column_after (lines[i], unit);
      g_assert_cmpint (column_after (lines[i], unit), ==, size_column);
      n_sizes++;
    }
  g_assert_cmpint (n_sizes, >=, 8);
}

/* A tight run in Chinese: the 4090 example at 3,072 tokens
 * (tests/data/tight) fits as estimated, not at its memory band's high
 * end; the title and the reason are Chinese, and the status is 3. */
static void
test_cli_estimate_tight_zh (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "tight",
                                                 "lora-llama3-8b-rtx4090-3k.rigplan", NULL);
  g_autofree char *err = NULL;
  g_autofree char *out = NULL;
  int status;

  out = run_cli ("C.UTF-8", "zh_CN", &status, &err, "estimate", path, NULL);
  g_test_message ("%s%s", out, err);
  g_assert_cmpint (status, ==, 3);
  g_assert_cmpstr (err, ==, "");
  g_assert_nonnull (strstr (out, "放得下，但很紧张"));
  g_assert_nonnull (strstr (out, "同类训练曾需要多达"));
  g_assert_null (strstr (out, "but tight"));
  g_assert_null (strstr (out, "runs like it"));
}

static void
test_cli_messages_zh (void)
{
  g_autofree char *help_err = NULL;
  g_autofree char *help = NULL;
  g_autofree char *unknown_err = NULL;
  g_autofree char *unknown = NULL;
  g_autofree char *options_err = NULL;
  g_autofree char *options = NULL;
  int status;

  help = run_cli ("C.UTF-8", "zh_CN", &status, &help_err, "--help", NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (help, "用法"));
  g_assert_nonnull (strstr (help, "估算一个场景"));

  unknown = run_cli ("C.UTF-8", "zh_CN", &status, &unknown_err, "frobnicate", NULL);
  g_assert_cmpint (status, ==, 2);
  g_assert_nonnull (strstr (unknown_err, "未知命令"));
  g_assert_nonnull (strstr (unknown_err, "frobnicate"));

  options = run_cli ("C.UTF-8", "zh_CN", &status, &options_err, "estimate", "--help", NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (options, "估算一个场景的显存、时长和成本"));
  g_assert_nonnull (strstr (options, "--json"));
}

/* Tables follow LC_NUMERIC; JSON never does. */
static void
test_cli_json_decimal_point (void)
{
  locale_t de = newlocale (LC_ALL_MASK, "de_DE.UTF-8", (locale_t) 0);
  g_autofree char *err = NULL;
  g_autofree char *json = NULL;
  g_autofree char *table = NULL;
  g_autofree char *table_err = NULL;
  int status;

  if (de == (locale_t) 0)
    {
      g_test_skip ("no de_DE.UTF-8 locale to test a comma decimal mark");
      return;
    }
  freelocale (de);
  json = run_cli ("de_DE.UTF-8", NULL, &status, &err, "catalog", "gpus", "--json", NULL);
  g_assert_cmpint (status, ==, 0);
  table = run_cli ("de_DE.UTF-8", NULL, &status, &table_err, "catalog", "gpus", NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (json, "\"bf16_tflops\":\t1307.4,"));
  g_assert_nonnull (strstr (table, "1307,4"));
}

static void
test_cli_english (void)
{
  g_autofree char *path = example ("lora-llama3-8b-rtx4090.rigplan");
  g_autofree char *err = NULL;
  g_autofree char *out = NULL;
  int status;

  out = run_cli ("C.UTF-8", NULL, &status, &err, "estimate", path, NULL);
  g_assert_true (status == 0 || status == 3);   /* estimated; 3: a check not met */
  g_assert_nonnull (strstr (out, "Memory per GPU"));
  g_assert_nonnull (strstr (out, "¥27,000"));     /* no 万 in English */
  g_assert_null (strstr (out, "显存"));
}

/* ---- a new plan in China ---------------------------------------------- */

/* Under a Chinese locale a new plan is in yuan, in region cn-average:
 * China's 2024 industrial average, 0.088 USD/kWh (China Briefing) ×
 * 6.9929 (PBOC fixing, 2026-01-23) = 0.6154 CNY/kWh, and a cloud billed
 * in yuan; the region's name is the catalog's Chinese one. */
static void
test_starter_zh (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCatalog) catalog = rp_catalog_new_empty ();
  g_autoptr(RpScenario) s = rp_scenario_new_starter ();
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  const RpPrices *p;

  g_assert_true (rp_catalog_load_dir (catalog, rp_catalog_default_dir (), TRUE, &error));
  g_assert_no_error (error);
  g_assert_cmpint (s->budget.currency, ==, RP_CURRENCY_CNY);
  g_assert_cmpstr (s->budget.region, ==, "cn-average");
  g_assert_true (rp_fix_estimate (s, catalog, est, &error));
  g_assert_no_error (error);
  p = &est->cost.prices;
  g_assert_cmpfloat_with_epsilon (p->power.value, 0.088 * 6.9929, 1e-6);
  g_assert_cmpint (p->offer->currency, ==, RP_CURRENCY_CNY);
  g_assert_cmpstr (rp_words_region_name (p->power_region), ==, "中国（全国工业平均）");
}

int
main (int    argc,
      char **argv)
{
  const char *localedir = g_getenv ("RIGPLAN_LOCALEDIR");

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/i18n/display-width", test_display_width);
  g_test_add_func ("/i18n/units-zh", test_units_zh);
  g_test_add_func ("/i18n/gettext-remembered", test_gettext_remembered);
  g_test_add_func ("/i18n/gettext-plural-remembered", test_gettext_plural_remembered);
  g_test_add_func ("/i18n/gettext-threads", test_gettext_threads);
  g_test_add_func ("/i18n/cli/estimate-zh", test_cli_estimate_zh);
  g_test_add_func ("/i18n/cli/estimate-tight-zh", test_cli_estimate_tight_zh);
  g_test_add_func ("/i18n/cli/messages-zh", test_cli_messages_zh);
  g_test_add_func ("/i18n/cli/json-decimal-point", test_cli_json_decimal_point);
  g_test_add_func ("/i18n/cli/english", test_cli_english);
  g_test_add_func ("/i18n/starter-zh", test_starter_zh);
  return g_test_run ();
}

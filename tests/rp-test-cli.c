/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-test-cli.c: running rigplan-cli for the CLI tests */

#include "config.h"

#include "rp-test-cli.h"

#include <gio/gio.h>
#include <stdarg.h>

void
rp_test_cli_result_clear (RpTestCliResult *r)
{
  g_free (r->out);
  g_free (r->err);
}

void
rp_test_run_cliv (RpTestCliResult   *r,
                  const char *const *env_extra,
                  const char *const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;

  g_ptr_array_add (argv, (gpointer) g_getenv ("RIGPLAN_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  for (guint i = 0; env_extra != NULL && env_extra[i] != NULL; i += 2)
    g_subprocess_launcher_setenv (launcher, env_extra[i], env_extra[i + 1], TRUE);
  proc = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (proc, NULL, NULL, &r->out, &r->err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (proc));
  r->status = g_subprocess_get_exit_status (proc);
}

void
rp_test_run_cli (RpTestCliResult   *r,
                 const char *const *env_extra,
                 ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  const char *arg;
  va_list ap;

  va_start (ap, env_extra);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  rp_test_run_cliv (r, env_extra, (const char *const *) args->pdata);
}

cJSON *
rp_test_parse_catalog_json (const char *text,
                            const char *which)
{
  g_autoptr(cJSON) root = cJSON_Parse (text);
  cJSON *list;

  g_assert_nonnull (root);
  g_assert_cmpstr (cJSON_GetStringValue (cJSON_GetObjectItem (root, "format")), ==,
                   "rigplan-catalog");
  g_assert_cmpfloat (cJSON_GetNumberValue (cJSON_GetObjectItem (root, "version")), ==, 1);
  g_assert_cmpstr (cJSON_GetStringValue (cJSON_GetObjectItem (root, "catalog")), ==, which);
  list = cJSON_DetachItemFromObjectCaseSensitive (root, which);
  g_assert_true (cJSON_IsArray (list));
  return list;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-test-cli.h: running rigplan-cli ($RIGPLAN_CLI) as a script does, for
 * the CLI tests */

#pragma once

#include <cjson/cJSON.h>
#include <glib.h>

G_BEGIN_DECLS

G_DEFINE_AUTOPTR_CLEANUP_FUNC (cJSON, cJSON_Delete)

/* A finished run: its exit status and all it wrote (owned). */
typedef struct
{
  int   status;
  char *out;
  char *err;
} RpTestCliResult;

void rp_test_cli_result_clear (RpTestCliResult    *r);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (RpTestCliResult, rp_test_cli_result_clear)

/* Runs rigplan-cli with the arguments @args (NULL-terminated) and the
 * variables @env_extra (name, value, name, value, …, NULL; or NULL) on
 * top of the test's environment; waits for it to exit, into @r. */
void rp_test_run_cliv         (RpTestCliResult    *r,
                               const char *const  *env_extra,
                               const char *const  *args);
/* The same with the arguments as a NULL-terminated list. */
void rp_test_run_cli          (RpTestCliResult    *r,
                               const char *const  *env_extra,
                               ...) G_GNUC_NULL_TERMINATED;

/* The entries of `rigplan-cli catalog WHICH --json` in @text (transfer
 * full), after checking its header: format "rigplan-catalog", version
 * 1, "catalog": @which. */
cJSON *rp_test_parse_catalog_json (const char         *text,
                                   const char         *which);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-test-core.h: what many tests do the same way: the bundled examples,
 * the catalog, an estimate, temporary directories
 *
 * Test code only: each helper asserts instead of returning an error. */

#pragma once

#include "rp-catalog.h"
#include "rp-estimate.h"
#include "rp-scenario.h"

G_BEGIN_DECLS

/* Every .rigplan in data/examples (RIGPLAN_EXAMPLES), for the tests that
 * mean "every example"; /core/scenario/examples-listed keeps it whole. */
#define RP_TEST_N_EXAMPLES 7
extern const char *const rp_test_examples[RP_TEST_N_EXAMPLES];

/* The path of the example @name.  Transfer full. */
char       *rp_test_example_path         (const char       *name);
/* The example @name, loaded.  Transfer full. */
RpScenario *rp_test_load_example         (const char       *name);
/* A scenario that is tight under the shipped bands, for the tests of
 * what "tight" does: it fits with the required headroom as estimated,
 * not at its memory band's high end (tests/data/tight/README.md).  The
 * path, and the scenario loaded.  Transfer full. */
char       *rp_test_tight_path           (void);
RpScenario *rp_test_load_tight           (void);
/* Every scenario a buyer brings: the examples, the sizing guide's
 * ($RIGPLAN_GUIDE) and the stories of tests/data/stories.  Transfer
 * full. */
GPtrArray  *rp_test_all_scenarios       (void);

/* rp_catalog_load_default(): the bundled and the user's catalog.
 * Transfer full. */
RpCatalog  *rp_test_load_catalog         (void);
/* The bundled catalog only (no user directory).  Transfer full. */
RpCatalog  *rp_test_load_bundled_catalog (void);

/* The estimate of @s with @catalog, which must succeed.  Transfer full. */
RpEstimate *rp_test_estimate             (const RpCatalog  *catalog,
                                          const RpScenario *s);

/* tests/data/@dir/@name, parsed.  Transfer full (cJSON_Delete). */
struct cJSON *rp_test_load_data          (const char       *dir,
                                          const char       *name);

/* A decoder scenario from a case of tests/data/measured/ (the "arch"
 * and "training" objects the tools/measure scripts write), on an H100. */
void        rp_test_measured_scenario    (const struct cJSON *arch,
                                          const struct cJSON *training,
                                          RpScenario       *s);

/* Sets @s's model to a decoder of this shape, with SwiGLU and RMSNorm
 * (the Llama and Qwen block), every key marked overridden. */
void        rp_test_set_decoder          (RpScenario       *s,
                                          guint             layers,
                                          guint             hidden,
                                          guint             heads,
                                          guint             kv_heads,
                                          guint             ffn,
                                          guint             vocab,
                                          gboolean          tied);

/* A new directory from g_dir_make_tmp (@tmpl).  Transfer full. */
char       *rp_test_make_dir             (const char       *tmpl);
/* How many entries @dir has (0 when it cannot be read). */
guint       rp_test_count_files          (const char       *dir);
/* Removes the files of @dir (not its subdirectories), then @dir. */
void        rp_test_remove_dir           (const char       *dir);

G_END_DECLS

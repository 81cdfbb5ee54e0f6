/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-yaml.c: hostile YAML must give an error or a tree within the
 * limits, never a crash, and the work done is bounded by the limits, not
 * by the size or the shape of the input.
 *
 * The budget of work is structural, so that it holds in the replayed
 * suite too: every event read opens or closes a value that counts
 * against RP_YAML_MAX_NODES, so no input makes the reader take more than
 * about twice that many events, and no tree is deeper or larger than the
 * limits.  Under libFuzzer each input also gets a time budget of one
 * second and 256 MB (-timeout, -rss_limit_mb; LLVMFuzzerInitialize adds
 * them unless given): a slow input is reported as a crash.
 *
 * Built as a libFuzzer target with -Dfuzzing=true (clang); otherwise
 * fuzz-driver.c replays the corpus as a regular test. */

#include "config.h"

#include "rp-yaml-private.h"

#include <string.h>

int LLVMFuzzerInitialize   (int           *argc,
                            char        ***argv);
int LLVMFuzzerTestOneInput (const guint8  *data,
                            size_t         size);

/* The stream's and the document's start and end, and one event more to
 * find the limit passed. */
static const guint extra_events = 8;

static void
check_tree (const cJSON *node,
            guint        depth,
            guint       *n_nodes)
{
  const cJSON *child;

  g_assert (depth <= RP_YAML_MAX_DEPTH);
  (*n_nodes)++;
  if (node->string != NULL)
    (*n_nodes)++;               /* its key */
  g_assert (node->type != cJSON_String || g_utf8_validate (node->valuestring, -1, NULL));
  cJSON_ArrayForEach (child, node)
    check_tree (child, depth + 1, n_nodes);
}

static gboolean
has_option (int         argc,
            char      **argv,
            const char *prefix)
{
  for (int i = 1; i < argc; i++)
    if (g_str_has_prefix (argv[i], prefix))
      return TRUE;
  return FALSE;
}

/* Runs only under libFuzzer: the time and memory budget of each input. */
int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  static GPtrArray *args = NULL;

  args = g_ptr_array_new ();
  for (int i = 0; i < *argc; i++)
    g_ptr_array_add (args, (*argv)[i]);
  if (!has_option (*argc, *argv, "-timeout="))
    g_ptr_array_add (args, (char *) "-timeout=1");
  if (!has_option (*argc, *argv, "-rss_limit_mb="))
    g_ptr_array_add (args, (char *) "-rss_limit_mb=256");
  *argc = (int) args->len;
  g_ptr_array_add (args, NULL);
  *argv = (char **) args->pdata;
  return 0;
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(GError) error = NULL;
  RpYamlStats stats;
  g_autoptr(cJSON) tree = rp_yaml_parse_full ((const char *) data, size, &stats, &error);
  guint n_nodes = 0;

  g_assert (stats.n_nodes <= RP_YAML_MAX_NODES);
  g_assert (stats.n_aliases <= RP_YAML_MAX_ALIASES + 1);
  g_assert (stats.n_events <= 2 * RP_YAML_MAX_NODES + extra_events);
  if (tree == NULL)
    {
      g_assert (error != NULL && error->message != NULL && *error->message != '\0');
      return 0;
    }
  g_assert_no_error (error);
  check_tree (tree, 0, &n_nodes);
  g_assert (n_nodes <= stats.n_nodes);
  return 0;
}

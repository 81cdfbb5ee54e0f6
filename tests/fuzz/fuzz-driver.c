/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-driver.c: replays a fuzz corpus (and every crash found so far)
 * through a fuzz target, as a regular TAP test without libFuzzer. */

#include "config.h"

#include <glib.h>

int LLVMFuzzerTestOneInput (const guint8 *data,
                            size_t        size);

static void
replay_file (gconstpointer user_data)
{
  const char *path = user_data;
  g_autofree char *data = NULL;
  gsize len = 0;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &data, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpint (LLVMFuzzerTestOneInput ((const guint8 *) data, len), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    g_error ("usage: %s CORPUS_DIR", argv[0]);
  dir = g_dir_open (argv[1], 0, NULL);
  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (paths, g_build_filename (argv[1], name, NULL));
  g_assert_cmpuint (paths->len, >, 0);
  for (guint i = 0; i < paths->len; i++)
    {
      const char *path = g_ptr_array_index (paths, i);
      g_autofree char *base = g_path_get_basename (path);
      g_autofree char *test = g_strdup_printf ("/fuzz/replay/%s", base);

      g_test_add_data_func (test, path, replay_file);
    }
  return g_test_run ();
}

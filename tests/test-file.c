/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-file.c: bounded reads and the atomic writer, with real failures
 * (a file size limit in a subprocess makes write() fail with EFBIG) */

#include "config.h"

#include "rp-error.h"
#include "rp-file.h"
#include "rp-test-core.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utime.h>

typedef struct
{
  char *dir;                    /* owned: a fresh temporary directory */
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  user_data)
{
  f->dir = rp_test_make_dir ("rigplan-file-XXXXXX");
}

/* Removes what the test left; a leftover temporary (".NAME.XXXXXX") of
 * the writer fails the test. */
static void
fixture_teardown (Fixture       *f,
                  gconstpointer  user_data)
{
  g_autoptr(GDir) dir = g_dir_open (f->dir, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (f->dir, name, NULL);

      g_assert_false (name[0] == '.');
      if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        g_rmdir (path);
      else
        g_unlink (path);
    }
  g_assert_cmpint (g_rmdir (f->dir), ==, 0);
  g_free (f->dir);
}

static char *
write_file (Fixture    *f,
            const char *name,
            const char *text,
            int         mode)
{
  char *path = g_build_filename (f->dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (path, mode), ==, 0);
  return path;
}

static int
mode_of (const char *path)
{
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  return st.st_mode & 07777;
}

static void
assert_contents (const char *path,
                 const char *expected)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, expected);
}

/* ---- reading -------------------------------------------------------- */

static void
test_read_regular (Fixture       *f,
                   gconstpointer  user_data)
{
  g_autofree char *path = write_file (f, "a.json", "0123456789", 0644);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GBytes) too_big = NULL;
  g_autoptr(GError) error = NULL;
  gsize len = 0;
  const char *data;

  /* exactly the limit is fine, and a NUL follows the data */
  bytes = rp_file_read_bounded (path, 10, &error);
  g_assert_no_error (error);
  data = g_bytes_get_data (bytes, &len);
  g_assert_cmpuint (len, ==, 10);
  g_assert_cmpint (data[10], ==, '\0');

  too_big = rp_file_read_bounded (path, 9, &error);
  g_assert_null (too_big);
  g_assert_error (error, RP_ERROR, RP_ERROR_PARSE);
}

/* Each of these is refused before a byte is read; a FIFO without a
 * writer would block a plain open() forever. */
static void
test_read_not_regular (Fixture       *f,
                       gconstpointer  user_data)
{
  g_autofree char *fifo = g_build_filename (f->dir, "fifo.json", NULL);
  g_autofree char *loop = g_build_filename (f->dir, "loop.json", NULL);
  const struct
  {
    const char *path;
    int         code;
  } rows[] = {
    { f->dir, G_IO_ERROR_IS_DIRECTORY },
    { fifo, G_IO_ERROR_NOT_REGULAR_FILE },
    { "/dev/zero", G_IO_ERROR_NOT_REGULAR_FILE },
    { "/dev/urandom", G_IO_ERROR_NOT_REGULAR_FILE },
    { loop, G_IO_ERROR_TOO_MANY_LINKS },
    { "/nonexistent/x.json", G_IO_ERROR_NOT_FOUND },
  };

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (symlink ("loop.json", loop), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) bytes = rp_file_read_bounded (rows[i].path, 1024, &error);

      g_test_message ("%s: %s", rows[i].path, error != NULL ? error->message : "(read)");
      g_assert_null (bytes);
      g_assert_error (error, G_IO_ERROR, rows[i].code);
    }
}

/* /proc files say they are empty and are not: the bound holds anyway. */
static void
test_read_size_lies (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) small = rp_file_read_bounded ("/proc/self/maps", 16, &error);
  g_autoptr(GBytes) whole = NULL;

  g_assert_null (small);
  g_assert_error (error, RP_ERROR, RP_ERROR_PARSE);
  g_clear_error (&error);
  whole = rp_file_read_bounded ("/proc/self/maps", 1 << 20, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_bytes_get_size (whole), >, 16);
}

/* An endless stream stops at the bound. */
static void
test_read_stream (void)
{
  g_autoptr(GFile) file = g_file_new_for_path ("/dev/zero");
  g_autoptr(GFileInputStream) zero = g_file_read (file, NULL, NULL);
  g_autoptr(GInputStream) mem = g_memory_input_stream_new_from_data ("{}", 2, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = rp_file_read_stream (G_INPUT_STREAM (zero), 1000, NULL, &error);
  g_autoptr(GBytes) ok = NULL;

  g_assert_null (bytes);
  g_assert_error (error, RP_ERROR, RP_ERROR_PARSE);
  g_clear_error (&error);
  ok = rp_file_read_stream (mem, 1000, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (g_bytes_get_data (ok, NULL), g_bytes_get_size (ok), "{}", 2);
}

static void
on_load_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  GError **error = user_data;
  g_autoptr(GBytes) bytes = rp_file_load_finish (G_FILE (source), result, error);

  g_assert_null (bytes);
}

/* The window's reader refuses /dev/zero too, and the async pair works. */
static void
test_load_gfile (Fixture       *f,
                 gconstpointer  user_data)
{
  g_autofree char *path = write_file (f, "a.json", "{}", 0644);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) zero = g_file_new_for_path ("/dev/zero");
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = rp_file_load (file, 100, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (g_bytes_get_size (bytes), ==, 2);
  rp_file_load_async (zero, 100, NULL, on_load_cb, &error);
  while (error == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
}

/* ---- writing -------------------------------------------------------- */

static void
test_write_new_and_replace (Fixture       *f,
                            gconstpointer  user_data)
{
  g_autofree char *fresh = g_build_filename (f->dir, "new.rigplan", NULL);
  g_autofree char *secret = write_file (f, "secret.rigplan", "old", 0600);
  g_autofree char *shared = write_file (f, "shared.rigplan", "old", 0664);
  g_autoptr(GError) error = NULL;
  mode_t mask = umask (022);

  umask (mask);
  g_assert_true (rp_file_write_atomic (fresh, "new", 3, &error));
  g_assert_no_error (error);
  assert_contents (fresh, "new");
  g_assert_cmpint (mode_of (fresh), ==, 0666 & ~mask);

  g_assert_true (rp_file_write_atomic (secret, "new", 3, &error));
  assert_contents (secret, "new");
  g_assert_cmpint (mode_of (secret), ==, 0600);
  g_assert_true (rp_file_write_atomic (shared, "new", 3, &error));
  g_assert_cmpint (mode_of (shared), ==, 0664);
}

/* A link stays a link: the file it points at is replaced, also through
 * a relative link, a chain of links and a dangling one. */
static void
test_write_through_symlink (Fixture       *f,
                            gconstpointer  user_data)
{
  g_autofree char *sub = g_build_filename (f->dir, "sub", NULL);
  g_autofree char *target = NULL;
  g_autofree char *link = g_build_filename (f->dir, "link.rigplan", NULL);
  g_autofree char *chain = g_build_filename (f->dir, "chain.rigplan", NULL);
  g_autofree char *dangling = g_build_filename (f->dir, "dangling.rigplan", NULL);
  g_autofree char *created = g_build_filename (f->dir, "created.rigplan", NULL);
  g_autofree char *read_back = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
  target = write_file (f, "sub/real.rigplan", "old", 0640);
  g_assert_cmpint (symlink ("sub/real.rigplan", link), ==, 0);
  g_assert_cmpint (symlink (link, chain), ==, 0);
  g_assert_cmpint (symlink ("created.rigplan", dangling), ==, 0);

  g_assert_true (rp_file_write_atomic (chain, "new", 3, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  g_assert_true (g_file_test (chain, G_FILE_TEST_IS_SYMLINK));
  assert_contents (target, "new");
  g_assert_cmpint (mode_of (target), ==, 0640);
  read_back = g_file_read_link (link, NULL);
  g_assert_cmpstr (read_back, ==, "sub/real.rigplan");

  g_assert_true (rp_file_write_atomic (dangling, "made", 4, &error));
  g_assert_true (g_file_test (dangling, G_FILE_TEST_IS_SYMLINK));
  assert_contents (created, "made");
  g_unlink (target);
}

static void
test_write_refused (Fixture       *f,
                    gconstpointer  user_data)
{
  g_autofree char *frozen = write_file (f, "frozen.rigplan", "old", 0444);
  g_autofree char *dir = g_build_filename (f->dir, "x.rigplan", NULL);
  g_autofree char *loop = g_build_filename (f->dir, "loop.rigplan", NULL);
  g_autoptr(GError) error = NULL;

  /* read-only: refused even for root, who could write it */
  g_assert_false (rp_file_write_atomic (frozen, "new", 3, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_assert_nonnull (strstr (error->message, "read-only"));
  assert_contents (frozen, "old");
  g_assert_cmpint (mode_of (frozen), ==, 0444);
  g_clear_error (&error);

  g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
  g_assert_false (rp_file_write_atomic (dir, "new", 3, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY);
  g_clear_error (&error);

  g_assert_false (rp_file_write_atomic ("/dev/null", "new", 3, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_clear_error (&error);

  g_assert_cmpint (symlink ("loop.rigplan", loop), ==, 0);
  g_assert_false (rp_file_write_atomic (loop, "new", 3, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TOO_MANY_LINKS);
}

/* The real failure: the kernel refuses to let the file grow past
 * RLIMIT_FSIZE (write() fails with EFBIG, as on a full disk with
 * ENOSPC).  In a subprocess, so the limit does not stay. */
static void
test_write_failure (Fixture       *f,
                    gconstpointer  user_data)
{
  g_autofree char *target = write_file (f, "real.rigplan", "the old contents", 0600);
  g_autofree char *link = g_build_filename (f->dir, "link.rigplan", NULL);
  const char *dir = g_getenv ("RP_TEST_FILE_DIR");

  if (g_test_subprocess ())
    {
      g_autofree char *child_link = g_build_filename (dir, "link.rigplan", NULL);
      g_autofree char *big = g_strnfill (64 * 1024, 'x');
      struct rlimit limit = { 4096, 4096 };
      g_autoptr(RpFileWriter) writer = NULL;
      g_autoptr(GError) error = NULL;

      signal (SIGXFSZ, SIG_IGN);
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
      writer = rp_file_writer_new (child_link, &error);
      g_assert_no_error (error);
      g_assert_false (rp_file_writer_write (writer, big, strlen (big)));
      g_assert_false (rp_file_writer_commit (writer, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
      g_assert_nonnull (strstr (error->message, g_strerror (EFBIG)));
      return;
    }
  g_assert_cmpint (symlink ("real.rigplan", link), ==, 0);
  g_setenv ("RP_TEST_FILE_DIR", f->dir, TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
  g_unsetenv ("RP_TEST_FILE_DIR");
  /* the old file whole, its mode kept, the link still a link, and no
   * temporary left behind (fixture_teardown) */
  assert_contents (target, "the old contents");
  g_assert_cmpint (mode_of (target), ==, 0600);
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
}

static void
make_old (const char *path,
          gint64      age_s)
{
  struct utimbuf times;

  times.actime = times.modtime = (time_t) (g_get_real_time () / G_USEC_PER_SEC - age_s);
  g_assert_cmpint (g_utime (path, &times), ==, 0);
}

/* A killed export left hidden temporaries that nothing removed (121 of
 * 178 killed PNG exports).  The next write to the folder removes the
 * writer's own (".NAME.rigplan-tmp-XXXXXX", a regular file, a minute
 * old), and nothing else: not a fresh one another write is filling, not
 * one of another name pattern, not a link or a folder of that name. */
static void
test_write_removes_stale_temporaries (Fixture       *f,
                                      gconstpointer  user_data)
{
  g_autofree char *stale = write_file (f, ".plan.png.rigplan-tmp-Ab3xYz", "half a PNG", 0644);
  g_autofree char *stale2 = write_file (f, ".other.pdf.rigplan-tmp-000000", "half", 0600);
  g_autofree char *fresh = write_file (f, ".plan.png.rigplan-tmp-Q9w8E7", "being written", 0644);
  g_autofree char *backup = write_file (f, ".bashrc.backup", "someone's", 0644);
  g_autofree char *old_pattern = write_file (f, ".plan.png.AbC123", "?", 0644);
  g_autofree char *longer = write_file (f, ".plan.png.rigplan-tmp-Ab3xYz1", "?", 0644);
  g_autofree char *visible = write_file (f, "plan.png.rigplan-tmp-Ab3xYz", "?", 0644);
  g_autofree char *dir = g_build_filename (f->dir, ".d.rigplan-tmp-abcdef", NULL);
  g_autofree char *link = g_build_filename (f->dir, ".l.rigplan-tmp-abcdef", NULL);
  g_autofree char *target = g_build_filename (f->dir, "plan.png", NULL);
  g_autoptr(GError) error = NULL;
  const char *kept[] = { fresh, backup, old_pattern, longer, visible, dir, link };

  g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
  g_assert_cmpint (symlink (backup, link), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    if (i != 6)
      make_old (kept[i], 3600);
  make_old (stale, 61);
  make_old (stale2, 24 * 3600);
  make_old (fresh, 10);

  g_assert_true (rp_file_write_atomic (target, "png", 3, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (stale, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (stale2, G_FILE_TEST_EXISTS));
  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    {
      g_assert_true (g_file_test (kept[i], G_FILE_TEST_EXISTS) ||
                     g_file_test (kept[i], G_FILE_TEST_IS_SYMLINK));
      g_assert_true (g_str_has_prefix (kept[i], f->dir));
      if (kept[i] == dir)
        g_rmdir (kept[i]);
      else
        g_unlink (kept[i]);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_setup, fn, fixture_teardown)
  ADD ("/core/file/read-regular", test_read_regular);
  ADD ("/core/file/read-not-regular", test_read_not_regular);
  g_test_add_func ("/core/file/read-size-lies", test_read_size_lies);
  g_test_add_func ("/core/file/read-stream", test_read_stream);
  ADD ("/core/file/load-gfile", test_load_gfile);
  ADD ("/core/file/write-new-and-replace", test_write_new_and_replace);
  ADD ("/core/file/write-through-symlink", test_write_through_symlink);
  ADD ("/core/file/write-refused", test_write_refused);
  ADD ("/core/file/write-failure", test_write_failure);
  ADD ("/core/file/write-removes-stale-temporaries", test_write_removes_stale_temporaries);
#undef ADD
  return g_test_run ();
}

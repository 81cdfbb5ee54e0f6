/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-file.c: bounded reads and atomic writes
 *
 * Why not GLib's own: g_file_get_contents() and g_file_load_contents()
 * read a pipe or /dev/zero until memory runs out, and block on a FIFO;
 * g_file_set_contents_full() replaces a symbolic link with a regular
 * file and gives the new file a fixed mode.  The writer here follows the
 * pattern of g_file_set_contents (temporary file, fsync, rename: the
 * only way POSIX offers to replace a file whole) and keeps what the user
 * set up: the link, the permission bits, a read-only mark. */

#include "config.h"

#include "rp-file.h"

#include "rp-error.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Reads go in steps of this size, so that a bounded read of a stream
 * never allocates far beyond what it has received. */
static const gsize read_chunk_bytes = 64 * 1024;
/* Linux's MAXSYMLINKS (include/linux/namei.h): more links than this in a
 * row are a loop. */
static const guint max_link_hops = 40;
/* The writer's temporaries are named ".NAME" tmp_marker "XXXXXX", the six
 * characters g_mkstemp() chooses: a name no other program writes, so
 * that the next write to a folder can remove what a killed Rigplan left
 * there, and nothing else. */
#define tmp_marker ".rigplan-tmp-"
static const guint tmp_random_chars = 6;
/* A temporary older than this is no longer being written: a write of the
 * largest export (a PDF of a few MB) takes well under a second. */
static const gint64 stale_after_s = 60;
/* The most entries a write looks at for leftovers: a folder of a million
 * files costs a write no more than this. */
static const guint max_entries_scanned = 10000;

struct _RpFileWriter
{
  char   *target;               /* owned: the path, its links followed */
  char   *tmp;                  /* owned: the temporary; NULL once renamed or removed */
  int     fd;                   /* the temporary's; -1 once closed */
  GError *error;                /* owned: the first failure, or NULL */
};

/* ---- helpers -------------------------------------------------------- */

static void
set_errno_error (GError **error,
                 int      saved_errno)
{
  g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                       g_strerror (saved_errno));
}

static void
set_too_large (GError **error,
               gsize    max_bytes)
{
  g_autofree char *limit = g_format_size_full (max_bytes, G_FORMAT_SIZE_IEC_UNITS);

  /* TRANSLATORS: %s is a size such as "4.0 MiB" */
  g_set_error (error, RP_ERROR, RP_ERROR_PARSE,
               _("the file is larger than %s, the most Rigplan reads"), limit);
}

static gboolean
check_regular (mode_t   mode,
               GError **error)
{
  if (S_ISREG (mode))
    return TRUE;
  if (S_ISDIR (mode))
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY,
                         _("is a directory, not a file"));
  else
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                         _("is not a regular file (a device, pipe or socket)"));
  return FALSE;
}

/* The array's bytes with a NUL after them that the size does not count. */
static GBytes *
bytes_from_array (GByteArray *buf)
{
  static const guint8 nul = 0;
  gsize len = buf->len;

  g_byte_array_append (buf, &nul, 1);
  return g_bytes_new_take (g_byte_array_free (buf, FALSE), len);
}

/* Grows @buf by the next step of a read bounded by @max_bytes + 1;
 * returns where to read to and sets *@want to how much. */
static guint8 *
next_chunk (GByteArray *buf,
            gsize       max_bytes,
            gsize      *want)
{
  guint old_len = buf->len;

  *want = MIN (read_chunk_bytes, max_bytes + 1 - old_len);
  g_byte_array_set_size (buf, old_len + *want);
  return buf->data + old_len;
}

static GBytes *
read_fd_bounded (int      fd,
                 gsize    max_bytes,
                 gsize    size_hint,
                 GError **error)
{
  GByteArray *buf = g_byte_array_sized_new (MIN (size_hint, max_bytes) + 2);

  for (;;)
    {
      gsize want = 0;
      guint8 *at = next_chunk (buf, max_bytes, &want);
      gssize n;

      do
        n = read (fd, at, want);
      while (n < 0 && errno == EINTR);
      if (n < 0)
        {
          set_errno_error (error, errno);
          g_byte_array_unref (buf);
          return NULL;
        }
      g_byte_array_set_size (buf, (guint) (at - buf->data) + (guint) n);
      if (n == 0)
        return bytes_from_array (buf);
      if (buf->len > max_bytes)
        {
          set_too_large (error, max_bytes);
          g_byte_array_unref (buf);
          return NULL;
        }
    }
}

static void
load_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GError *error = NULL;
  GBytes *bytes = rp_file_load (source, *(gsize *) task_data, cancellable, &error);

  if (bytes == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, bytes, (GDestroyNotify) g_bytes_unref);
}

static void
replace_thread (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  GError *error = NULL;

  if (rp_file_replace (source, task_data, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/* @path with its symbolic links followed, like realpath() but for a file
 * that need not exist yet: a dangling link names the file to create. */
static char *
follow_links (const char  *path,
              GError     **error)
{
  g_autofree char *current = g_strdup (path);

  for (guint hops = 0; hops <= max_link_hops; hops++)
    {
      g_autofree char *link = NULL;
      GStatBuf st;

      if (g_lstat (current, &st) != 0 || !S_ISLNK (st.st_mode))
        return g_steal_pointer (&current);
      link = g_file_read_link (current, error);
      if (link == NULL)
        return NULL;
      if (!g_path_is_absolute (link))
        {
          g_autofree char *dir = g_path_get_dirname (current);
          char *joined = g_build_filename (dir, link, NULL);

          g_free (link);
          link = joined;
        }
      g_free (current);
      current = g_steal_pointer (&link);
    }
  set_errno_error (error, ELOOP);
  return NULL;
}

/* Whether @name is a temporary of this writer: ".NAME" tmp_marker and
 * six characters of g_mkstemp()'s alphabet, and nothing after. */
static gboolean
is_own_temporary (const char *name)
{
  gsize len = strlen (name);
  gsize marker = strlen (tmp_marker);
  const char *tail;

  if (name[0] != '.' || len < 2 + marker + tmp_random_chars)
    return FALSE;
  tail = name + len - tmp_random_chars;
  if (strncmp (tail - marker, tmp_marker, marker) != 0)
    return FALSE;
  for (guint i = 0; i < tmp_random_chars; i++)
    if (!g_ascii_isalnum (tail[i]))
      return FALSE;
  return TRUE;
}

/* Removes from @dir the temporaries a killed Rigplan left there (its own
 * name pattern only, regular files of this user only, untouched for a
 * minute).  Best effort: a folder that cannot be listed is left alone. */
static void
remove_stale_temporaries (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  gint64 now_s = g_get_real_time () / G_USEC_PER_SEC;
  const char *name;
  guint n = 0;

  while (d != NULL && n++ < max_entries_scanned && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL;
      GStatBuf st;

      if (!is_own_temporary (name))
        continue;
      path = g_build_filename (dir, name, NULL);
      if (g_lstat (path, &st) != 0 || !S_ISREG (st.st_mode) || st.st_uid != geteuid () ||
          now_s - (gint64) st.st_mtime < stale_after_s)
        continue;
      if (g_unlink (path) != 0)
        g_debug ("could not remove the stale temporary %s: %s", path, g_strerror (errno));
    }
}

/* A target that exists must be a regular file the user lets us write:
 * the write permission bits say so even to root, who could write anyway. */
static gboolean
check_target (const char *target,
              GStatBuf   *st,
              gboolean   *exists,
              GError    **error)
{
  *exists = FALSE;
  if (g_stat (target, st) != 0)
    {
      int saved = errno;

      if (saved == ENOENT)
        return TRUE;
      set_errno_error (error, saved);
      return FALSE;
    }
  *exists = TRUE;
  if (!check_regular (st->st_mode, error))
    return FALSE;
  if ((st->st_mode & 0222) == 0 || g_access (target, W_OK) != 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                           _("the file is read-only; make it writable or choose another name"));
      return FALSE;
    }
  return TRUE;
}

/* The replaced file's permission bits, owner and group for the new one.
 * Only root may give a file away, so a failed chown is not an error. */
static gboolean
keep_attributes (int             fd,
                 const GStatBuf *st,
                 GError        **error)
{
  if ((st->st_uid != geteuid () || st->st_gid != getegid ()) &&
      fchown (fd, st->st_uid, st->st_gid) != 0)
    g_debug ("could not keep the owner of a replaced file: %s", g_strerror (errno));
  if (fchmod (fd, st->st_mode & 07777) != 0)
    {
      set_errno_error (error, errno);
      return FALSE;
    }
  return TRUE;
}

static void
writer_fail (RpFileWriter *self,
             int           saved_errno)
{
  if (self->error == NULL)
    set_errno_error (&self->error, saved_errno);
}

/* Without this the rename itself may be lost on a crash (ext4, XFS):
 * the directory entry is data of the directory.  Best effort: some file
 * systems refuse fsync on a directory. */
static void
sync_parent (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  int fd = g_open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);

  if (fd < 0)
    return;
  if (fsync (fd) != 0)
    g_debug ("fsync of %s: %s", dir, g_strerror (errno));
  close (fd);
}

/* ---- public API: reading -------------------------------------------- */

GBytes *
rp_file_read_bounded (const char  *path,
                      gsize        max_bytes,
                      GError     **error)
{
  GStatBuf st;
  GBytes *bytes;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (max_bytes < G_MAXUINT - 1, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* O_NONBLOCK: opening a FIFO must not wait for a writer. */
  fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0);
  if (fd < 0)
    {
      set_errno_error (error, errno);
      return NULL;
    }
  if (fstat (fd, &st) != 0)
    {
      set_errno_error (error, errno);
      close (fd);
      return NULL;
    }
  if (!check_regular (st.st_mode, error))
    {
      close (fd);
      return NULL;
    }
  if ((guint64) st.st_size > max_bytes)
    {
      set_too_large (error, max_bytes);
      close (fd);
      return NULL;
    }
  fcntl (fd, F_SETFL, fcntl (fd, F_GETFL) & ~O_NONBLOCK);
  bytes = read_fd_bounded (fd, max_bytes, (gsize) st.st_size, error);
  close (fd);
  return bytes;
}

GBytes *
rp_file_read_stream (GInputStream  *stream,
                     gsize          max_bytes,
                     GCancellable  *cancellable,
                     GError       **error)
{
  GByteArray *buf;

  g_return_val_if_fail (G_IS_INPUT_STREAM (stream), NULL);
  g_return_val_if_fail (max_bytes < G_MAXUINT - 1, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  buf = g_byte_array_new ();
  for (;;)
    {
      gsize want = 0;
      guint8 *at = next_chunk (buf, max_bytes, &want);
      gssize n = g_input_stream_read (stream, at, want, cancellable, error);

      if (n < 0)
        {
          g_byte_array_unref (buf);
          return NULL;
        }
      g_byte_array_set_size (buf, (guint) (at - buf->data) + (guint) n);
      if (n == 0)
        return bytes_from_array (buf);
      if (buf->len > max_bytes)
        {
          set_too_large (error, max_bytes);
          g_byte_array_unref (buf);
          return NULL;
        }
    }
}

GBytes *
rp_file_load (GFile         *file,
              gsize          max_bytes,
              GCancellable  *cancellable,
              GError       **error)
{
  g_autofree char *path = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GFileInputStream) stream = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  path = g_file_get_path (file);
  if (path != NULL)
    return rp_file_read_bounded (path, max_bytes, error);
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE, G_FILE_QUERY_INFO_NONE,
                            cancellable, error);
  if (info == NULL)
    return NULL;
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      check_regular (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY ? S_IFDIR : S_IFIFO,
                     error);
      return NULL;
    }
  stream = g_file_read (file, cancellable, error);
  if (stream == NULL)
    return NULL;
  return rp_file_read_stream (G_INPUT_STREAM (stream), max_bytes, cancellable, error);
}

void
rp_file_load_async (GFile               *file,
                    gsize                max_bytes,
                    GCancellable        *cancellable,
                    GAsyncReadyCallback  callback,
                    gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (file, cancellable, callback, user_data);
  g_task_set_source_tag (task, rp_file_load_async);
  g_task_set_task_data (task, g_memdup2 (&max_bytes, sizeof max_bytes), g_free);
  g_task_run_in_thread (task, load_thread);
}

GBytes *
rp_file_load_finish (GFile         *file,
                     GAsyncResult  *result,
                     GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, file), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ---- public API: writing -------------------------------------------- */

RpFileWriter *
rp_file_writer_new (const char  *path,
                    GError     **error)
{
  g_autofree char *target = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *name = NULL;
  g_autofree char *tmp = NULL;
  RpFileWriter *self;
  GStatBuf st;
  gboolean exists;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  target = follow_links (path, error);
  if (target == NULL || !check_target (target, &st, &exists, error))
    return NULL;
  dir = g_path_get_dirname (target);
  name = g_path_get_basename (target);
  remove_stale_temporaries (dir);
  tmp = g_strdup_printf ("%s%s.%s" tmp_marker "XXXXXX", dir, G_DIR_SEPARATOR_S, name);
  /* 0666: the umask applies, as for any new file */
  fd = g_mkstemp_full (tmp, O_RDWR | O_CLOEXEC, 0666);
  if (fd < 0)
    {
      set_errno_error (error, errno);
      return NULL;
    }
  if (exists && !keep_attributes (fd, &st, error))
    {
      close (fd);
      g_unlink (tmp);
      return NULL;
    }
  self = g_new0 (RpFileWriter, 1);
  self->target = g_steal_pointer (&target);
  self->tmp = g_steal_pointer (&tmp);
  self->fd = fd;
  return self;
}

gboolean
rp_file_writer_write (RpFileWriter *self,
                      const void   *data,
                      gsize         len)
{
  const guint8 *at = data;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (data != NULL || len == 0, FALSE);

  if (self->error != NULL)
    return FALSE;
  g_return_val_if_fail (self->fd >= 0, FALSE);
  while (len > 0)
    {
      gssize n = write (self->fd, at, MIN (len, (gsize) G_MAXSSIZE));

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          /* write() returning 0 for a regular file means no space */
          writer_fail (self, n < 0 ? errno : ENOSPC);
          return FALSE;
        }
      at += n;
      len -= (gsize) n;
    }
  return TRUE;
}

const GError *
rp_file_writer_get_error (const RpFileWriter *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->error;
}

gboolean
rp_file_writer_commit (RpFileWriter  *self,
                       GError       **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (self->tmp != NULL && self->fd >= 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->error == NULL && fsync (self->fd) != 0)
    writer_fail (self, errno);
  /* close() reports delayed write errors on NFS */
  if (close (self->fd) != 0)
    writer_fail (self, errno);
  self->fd = -1;
  if (self->error == NULL && g_rename (self->tmp, self->target) != 0)
    writer_fail (self, errno);
  if (self->error != NULL)
    {
      g_unlink (self->tmp);
      g_clear_pointer (&self->tmp, g_free);
      g_propagate_error (error, g_steal_pointer (&self->error));
      return FALSE;
    }
  g_clear_pointer (&self->tmp, g_free);
  sync_parent (self->target);
  return TRUE;
}

void
rp_file_writer_free (RpFileWriter *self)
{
  if (self == NULL)
    return;
  if (self->fd >= 0)
    close (self->fd);
  if (self->tmp != NULL)
    g_unlink (self->tmp);
  g_free (self->tmp);
  g_free (self->target);
  g_clear_error (&self->error);
  g_free (self);
}

gboolean
rp_file_write_atomic (const char  *path,
                      const void  *data,
                      gsize        len,
                      GError     **error)
{
  g_autoptr(RpFileWriter) writer = NULL;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || len == 0, FALSE);

  writer = rp_file_writer_new (path, error);
  if (writer == NULL)
    return FALSE;
  rp_file_writer_write (writer, data, len);
  return rp_file_writer_commit (writer, error);
}

gboolean
rp_file_replace (GFile         *file,
                 GBytes        *bytes,
                 GCancellable  *cancellable,
                 GError       **error)
{
  g_autofree char *path = NULL;
  gsize len = 0;
  const void *data;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);

  data = g_bytes_get_data (bytes, &len);
  path = g_file_get_path (file);
  if (path != NULL)
    return rp_file_write_atomic (path, data, len, error);
  return g_file_replace_contents (file, data, len, NULL, FALSE, G_FILE_CREATE_NONE, NULL,
                                  cancellable, error);
}

void
rp_file_replace_async (GFile               *file,
                       GBytes              *bytes,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (bytes != NULL);

  task = g_task_new (file, cancellable, callback, user_data);
  g_task_set_source_tag (task, rp_file_replace_async);
  g_task_set_task_data (task, g_bytes_ref (bytes), (GDestroyNotify) g_bytes_unref);
  g_task_run_in_thread (task, replace_thread);
}

gboolean
rp_file_replace_finish (GFile         *file,
                        GAsyncResult  *result,
                        GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, file), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-file.h: bounded reads and atomic writes, for every file Rigplan
 * reads (scenarios, catalogs) or writes (scenarios, PDF, PNG, SVG)
 *
 * Reading never takes more than the limit plus one byte from any source,
 * so a pipe, /dev/zero or a file that grows while it is read cannot eat
 * the memory.  Writing goes to a temporary file beside the target, which
 * is written whole, flushed to disk and renamed over the target; on any
 * error the temporary goes away and the old file stays as it was.  A
 * temporary a killed process left (".NAME.rigplan-tmp-XXXXXX") is removed
 * by the next write to its folder once it is a minute old.
 *
 * Messages do not repeat the file name: callers prefix it, as every
 * loader does ("x.rigplan: is a directory, not a file"). */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* ---- reading -------------------------------------------------------- */

/* Reads the whole of @path.  Refuses, before reading, anything that is
 * not a regular file (a directory, FIFO, device or socket: opening does
 * not block on a FIFO), and a file larger than @max_bytes; reads at most
 * @max_bytes + 1 bytes even when the size the file reports is wrong
 * (/proc) or it grows meanwhile.  Errors: G_IO_ERROR for the file
 * system, RP_ERROR_PARSE when it is too large.
 * Returns: (transfer full): the contents, followed by a NUL byte that
 * is not counted in the size. */
GBytes   *rp_file_read_bounded   (const char          *path,
                                  gsize                max_bytes,
                                  GError             **error);
/* Reads @stream to its end, but at most @max_bytes + 1 bytes: more than
 * @max_bytes is an RP_ERROR_PARSE error.  For pipes and remote files.
 * Returns: (transfer full): as rp_file_read_bounded(). */
GBytes   *rp_file_read_stream    (GInputStream        *stream,
                                  gsize                max_bytes,
                                  GCancellable        *cancellable,
                                  GError             **error);
/* The window's reader, in place of g_file_load_contents(): a local
 * @file goes through rp_file_read_bounded(); any other is asked for its
 * type first (only regular files are read), then read with
 * rp_file_read_stream().  Blocks: call it in a thread, or use the
 * _async() pair, which runs it in a GTask thread. */
GBytes   *rp_file_load           (GFile               *file,
                                  gsize                max_bytes,
                                  GCancellable        *cancellable,
                                  GError             **error);
void      rp_file_load_async     (GFile               *file,
                                  gsize                max_bytes,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data);
/* Returns: (transfer full): the contents, or NULL with @error set. */
GBytes   *rp_file_load_finish    (GFile               *file,
                                  GAsyncResult        *result,
                                  GError             **error);

/* ---- writing -------------------------------------------------------- */

/* A file being written: a temporary beside the target until commit.
 *
 * The target is @path with its symbolic links followed, so that a link
 * stays a link and the file it points at is replaced.  A target that
 * exists must be a regular file with a write permission bit set (a
 * 0444 file is refused, even for root); the new file gets its
 * permission bits (and, where allowed, its owner and group).  A new
 * file gets 0666 less the umask. */
typedef struct _RpFileWriter RpFileWriter;

RpFileWriter *rp_file_writer_new       (const char         *path,
                                        GError            **error);
/* Appends @len bytes.  FALSE once a write has failed (a full disk, a
 * file size limit); the error is kept and reported by commit, so this
 * can back a cairo_write_func_t directly. */
gboolean      rp_file_writer_write     (RpFileWriter       *self,
                                        const void         *data,
                                        gsize               len);
/* The first write error, or NULL: lets a caller whose own step failed
 * (Cairo says only "error while writing to output stream") say why.
 * Borrowed. */
const GError *rp_file_writer_get_error (const RpFileWriter *self);
/* Flushes the temporary to disk (fsync) and renames it over the
 * target.  On any error, now or in an earlier write, removes the
 * temporary, leaves the target as it was and returns FALSE. */
gboolean      rp_file_writer_commit    (RpFileWriter       *self,
                                        GError            **error);
/* Frees @self; removes the temporary unless it was committed. */
void          rp_file_writer_free      (RpFileWriter       *self);

/* Writes @len bytes of @data to @path with an RpFileWriter. */
gboolean  rp_file_write_atomic   (const char          *path,
                                  const void          *data,
                                  gsize                len,
                                  GError             **error);
/* The window's writer, in place of g_file_replace_contents(): a local
 * @file goes through rp_file_write_atomic(); any other is left to GIO's
 * g_file_replace_contents().  Blocks: use the _async() pair from the
 * main loop. */
gboolean  rp_file_replace        (GFile               *file,
                                  GBytes              *bytes,
                                  GCancellable        *cancellable,
                                  GError             **error);
void      rp_file_replace_async  (GFile               *file,
                                  GBytes              *bytes,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data);
gboolean  rp_file_replace_finish (GFile               *file,
                                  GAsyncResult        *result,
                                  GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpFileWriter, rp_file_writer_free)

G_END_DECLS

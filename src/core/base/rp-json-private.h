/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-json-private.h: typed reads from cJSON trees with errors that name
 * the JSON path; only the loaders and writers include this. */
#pragma once

#include <cjson/cJSON.h>

#include "rp-types.h"
#include <glib.h>

G_BEGIN_DECLS

G_DEFINE_AUTOPTR_CLEANUP_FUNC (cJSON, cJSON_Delete)

/* Parses @len bytes of strict JSON (RFC 8259, rp-json-parse.c): refuses
 * NUL and control bytes, invalid UTF-8, "\u0000", text after the
 * document, duplicate keys, numbers beyond a double and nesting deeper
 * than CJSON_NESTING_LIMIT.  Errors say the line and column, and carry
 * the JSON path where one value is at fault. */
cJSON    *rp_json_parse          (const char   *data,
                                  gsize         len,
                                  GError      **error);
/* The same with at most @max_values values (objects, arrays, strings,
 * numbers, literals): the value too many is an error naming its path,
 * before it is read.  rp_json_parse() allows RP_JSON_MAX_VALUES: a cJSON
 * node takes about 80 bytes, so a tree stays under about 80 MB plus the
 * file's text. */
#define RP_JSON_MAX_VALUES 1000000
cJSON    *rp_json_parse_full     (const char   *data,
                                  gsize         len,
                                  guint         max_values,
                                  GError      **error);

/* Each reader: a missing key (or JSON null) leaves *out alone and returns
 * TRUE unless @required; a key of the wrong type or out of range sets an
 * RP_ERROR_INVALID_VALUE error naming "@path.@key" and returns FALSE. */
gboolean  rp_json_read_number    (const cJSON  *obj,
                                  const char   *path,
                                  const char   *key,
                                  gboolean      required,
                                  double        min,
                                  double        max,
                                  double       *out,
                                  GError      **error);
gboolean  rp_json_read_uint      (const cJSON  *obj,
                                  const char   *path,
                                  const char   *key,
                                  gboolean      required,
                                  guint         min,
                                  guint         max,
                                  guint        *out,
                                  GError      **error);
gboolean  rp_json_read_uint64    (const cJSON  *obj,
                                  const char   *path,
                                  const char   *key,
                                  gboolean      required,
                                  guint64      *out,
                                  GError      **error);
gboolean  rp_json_read_bool      (const cJSON  *obj,
                                  const char   *path,
                                  const char   *key,
                                  gboolean      required,
                                  gboolean     *out,
                                  GError      **error);
/* *out is replaced by a newly allocated copy (the old one freed). */
gboolean  rp_json_read_string    (const cJSON  *obj,
                                  const char   *path,
                                  const char   *key,
                                  gboolean      required,
                                  char        **out,
                                  GError      **error);
/* Reads a string and maps it with @from_string (one of the
 * rp_*_from_string functions, cast); lists the accepted names on error. */
typedef gboolean (*RpJsonEnumParser) (const char *s, gpointer out);
gboolean  rp_json_read_enum      (const cJSON  *obj,
                                  const char   *path,
                                  const char   *key,
                                  gboolean      required,
                                  RpJsonEnumParser from_string,
                                  const char   *accepted,
                                  gpointer      out,
                                  GError      **error);
/* An object member (or NULL if absent); error if present but not an object. */
gboolean  rp_json_read_object    (const cJSON  *obj,
                                  const char   *path,
                                  const char   *key,
                                  gboolean      required,
                                  const cJSON **out,
                                  GError      **error);

/* A list of non-empty strings into *@out (the old vector freed): an
 * empty vector when absent and not @required; a @required list must
 * hold at least one word. */
gboolean  rp_json_read_words     (const cJSON  *obj,
                                  const char   *path,
                                  const char   *key,
                                  gboolean      required,
                                  char       ***out,
                                  GError      **error);

/* "path.key", or "key" when @path is empty. */
char     *rp_json_join_path      (const char   *path,
                                  const char   *key);

/* Writers that never produce NaN or Infinity (which JSON cannot hold). */
void      rp_json_add_number     (cJSON        *obj,
                                  const char   *key,
                                  double        value);
void      rp_json_add_string     (cJSON        *obj,
                                  const char   *key,
                                  const char   *value);
/* rp_json_add_string(), then frees @value. */
void      rp_json_add_string_take (cJSON       *obj,
                                   const char  *key,
                                   char        *value);

/* Copies members of @original that @target lacks, recursing into members
 * that are objects in both: this is how unknown keys survive a save. */
void      rp_json_merge_unknown  (cJSON        *target,
                                  const cJSON  *original);

/* Reads the whole file (at most @max_bytes; rp_file_read_bounded()) and
 * parses it.  Errors do not name the file: callers prefix it. */
cJSON    *rp_json_load_file      (const char   *path,
                                  gsize         max_bytes,
                                  GError      **error);
/* The same with at most @max_values values (rp_json_parse_full()). */
cJSON    *rp_json_load_file_full (const char   *path,
                                  gsize         max_bytes,
                                  guint         max_values,
                                  GError      **error);

/* The unknown keys a scenario file carried, kept to be written back.
 * Shared by the copies of a scenario (a plan makes one for each machine
 * it tries): rp_json_extra_copy() takes a reference; nothing changes one
 * once made. */
struct _RpJsonExtra
{
  gatomicrefcount ref_count;
  cJSON          *root;         /* owned: the unknown keys */
  gsize           text_bytes;   /* of their keys and strings */
};

RpJsonExtra *rp_json_extra_copy (const RpJsonExtra *extra);
void         rp_json_extra_free (RpJsonExtra       *extra);

/* A file the user's own catalogs keep (prices, calibrations) is small;
 * this stops a runaway file early. */
#define RP_JSON_MAX_USER_FILE_BYTES (16 * 1024 * 1024)

/* The user file at @path as JSON, or, when there is none, a new one of
 * @format holding an empty @list and @notes; NULL with an error naming
 * the file when it exists but is not that (it is left as it is). */
cJSON    *rp_json_load_user_list (const char   *path,
                                  const char   *format,
                                  const char   *list,
                                  const char   *notes,
                                  GError      **error);

G_END_DECLS

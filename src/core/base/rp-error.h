/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-error.h: the RP_ERROR domain
 *
 * An RP_ERROR about one scenario or catalog key carries that key as data
 * (rp_error_get_key()) and the problem without it (rp_error_get_detail()),
 * so that the window can mark the field without cutting the message
 * apart.  The message itself stays "KEY: PROBLEM", with whatever prefix
 * (the file name) callers add. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define RP_ERROR (rp_error_quark ())

/**
 * RpError:
 * @RP_ERROR_PARSE: the file is not valid JSON or not the expected format
 * @RP_ERROR_UNSUPPORTED_VERSION: written by a newer Rigplan
 * @RP_ERROR_MISSING_FIELD: a required key is absent
 * @RP_ERROR_INVALID_VALUE: a key holds a value of the wrong type or range
 * @RP_ERROR_UNKNOWN_GPU: the GPU id is in no catalog
 * @RP_ERROR_UNKNOWN_MODEL: the model preset id is in no catalog
 * @RP_ERROR_EXPORT_FAILED: a PDF, PNG or SVG could not be written
 */
typedef enum
{
  RP_ERROR_PARSE,
  RP_ERROR_UNSUPPORTED_VERSION,
  RP_ERROR_MISSING_FIELD,
  RP_ERROR_INVALID_VALUE,
  RP_ERROR_UNKNOWN_GPU,
  RP_ERROR_UNKNOWN_MODEL,
  RP_ERROR_EXPORT_FAILED,
} RpError;

GQuark      rp_error_quark      (void);

/* Sets an RP_ERROR "@key: PROBLEM" that carries @key (may be NULL: then
 * the message is the problem alone). */
void        rp_error_set_key    (GError      **error,
                                 RpError       code,
                                 const char   *key,
                                 const char   *format,
                                 ...) G_GNUC_PRINTF (4, 5);
/* The JSON path ("training.seq_len", "gpus[3].memory_gib") an error is
 * about, or NULL (other domains, or no single key). */
const char *rp_error_get_key    (const GError *error);
/* The problem without the key and any prefix; the whole message for
 * errors without a key. */
const char *rp_error_get_detail (const GError *error);

G_END_DECLS

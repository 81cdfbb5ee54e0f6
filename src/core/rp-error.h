/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-error.h: the RP_ERROR domain */
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

GQuark rp_error_quark (void);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-safetensors-private.h: parameter counts from safetensors headers
 *
 * A safetensors file starts with an 8-byte little-endian header length
 * and a JSON header naming each tensor's dtype, shape and byte range
 * (github.com/huggingface/safetensors, "Format").  Only the header is
 * read, with a bounded read: a checkpoint of hundreds of gigabytes is
 * counted in microseconds, and a hostile length cannot make us allocate
 * more than the format allows. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The format's own limit on the header (safetensors' MAX_HEADER_SIZE). */
#define RP_SAFETENSORS_MAX_HEADER_BYTES 100000000u

typedef struct
{
  guint64 params;               /* elements of every tensor */
  guint64 data_bytes;           /* bytes of tensor data the header declares */
  guint64 excluded_params;      /* elements of tensors under the excluded prefix */
  guint   n_tensors;
} RpSafetensorsCount;

/* Adds the tensors of @path to *@count (which the caller zeroes once for
 * several shards).  Tensors whose names start with @exclude_prefix (may
 * be NULL) are counted in excluded_params instead of params.  Errors
 * name the file and the tensor: a length past the end of the file, a
 * header that is not JSON, a shape that does not match its byte range. */
gboolean rp_safetensors_count_file (const char         *path,
                                    const char         *exclude_prefix,
                                    RpSafetensorsCount *count,
                                    GError            **error);

G_END_DECLS

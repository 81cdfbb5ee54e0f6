/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-arch-private.h: architecture (de)serialization for the loaders */
#pragma once

#include "rp-json-private.h"
#include "rp-types.h"

G_BEGIN_DECLS

/* Reads the architecture keys of @obj into @arch; sets the RpArchField
 * bit in *@overridden (may be NULL) for each key present. */
gboolean rp_model_arch_read_json  (const cJSON       *obj,
                                   const char        *path,
                                   RpModelArch       *arch,
                                   guint32           *overridden,
                                   GError           **error);
/* Writes the keys whose bits are in @fields. */
void     rp_model_arch_write_json (cJSON             *obj,
                                   const RpModelArch *arch,
                                   guint32            fields);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-model.h: the scenario's model, resolved from the catalog's presets */
#pragma once

#include "rp-arch.h"
#include "rp-catalog.h"

G_BEGIN_DECLS

/* Resolves the scenario's model: the preset's architecture with the
 * scenario's overridden fields on top.  Error: unknown preset, or an
 * architecture that cannot be estimated (names the key). */
gboolean rp_model_resolve            (const RpModelSpec *spec,
                                      const RpCatalog   *catalog,
                                      RpModelArch       *out,
                                      GError           **error);

G_END_DECLS

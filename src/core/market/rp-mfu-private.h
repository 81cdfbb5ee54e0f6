/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-mfu-private.h: the loader, for rp-catalog.c only */
#pragma once

#include "rp-json-private.h"
#include "rp-mfu.h"

G_BEGIN_DECLS

/* Reads a parsed "rigplan-mfu" file; errors name the JSON path. */
RpMfuParams *rp_mfu_params_load (const cJSON *root,
                                 GError     **error);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-accuracy-private.h: the catalog's loader of accuracy.json */
#pragma once

#include "rp-accuracy.h"
#include "rp-json-private.h"

G_BEGIN_DECLS

/* Reads a parsed accuracy.json; errors name the JSON path.  Transfer full. */
RpAccuracy *rp_accuracy_load      (const cJSON        *root,
                                   GError            **error);

G_END_DECLS

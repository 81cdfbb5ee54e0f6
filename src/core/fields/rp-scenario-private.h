/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-scenario-private.h: the unknown keys a scenario file carried */
#pragma once

#include "rp-types.h"

G_BEGIN_DECLS

RpJsonExtra *rp_json_extra_copy (const RpJsonExtra *extra);
void         rp_json_extra_free (RpJsonExtra       *extra);

G_END_DECLS

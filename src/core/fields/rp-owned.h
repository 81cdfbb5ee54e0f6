/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-owned.h: the GPUs a user already has (hardware.owned_gpus)
 *
 * Written as a list a person types: "1 × rtx-4090", "16 × a100-80gb-sxm
 * in 2 nodes, 2 × rtx-3090" ("x" or "*" for "×"; a bare id is one card).
 * The ids are checked against the catalog where the plan uses them. */
#pragma once

#include "rp-types.h"

G_BEGIN_DECLS

typedef struct
{
  char  *gpu;                   /* owned: the catalog GPU id */
  guint  count;                 /* ≥ 1 */
  guint  nodes;                 /* ≥ 1; the cards spread evenly over them */
} RpOwnedMachine;

/* The machines @text lists (RpOwnedMachine*, transfer full), or NULL
 * with an error naming hardware.owned_gpus and the part not understood.
 * NULL or blank text: an empty list. */
GPtrArray *rp_owned_parse (const char  *text,
                           GError     **error);

G_END_DECLS

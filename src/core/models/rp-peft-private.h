/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-peft-private.h: what PEFT's LoRA layers save beside the base layer
 * (rp-peft.c).  Private to src/core/models. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Bytes @adapters LoRA adapters over @tokens tokens of an input
 * @width wide, of @elem_bytes an element, save for their backward
 * because of lora_dropout (0 when @dropout is FALSE). */
double rp_peft_lora_dropout_bytes (gboolean dropout,
                                   double   tokens,
                                   double   width,
                                   guint    adapters,
                                   double   elem_bytes);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-peft.c: what PEFT's LoRA layers save beside the base layer
 *
 * A LoRA Linear adds lora_B(lora_A(dropout(x))) · scaling to the base
 * layer's output, per adapted module (peft/tuners/lora/layer.py,
 * Linear.forward; bnb.py's Linear4bit the same).  The dropout is
 * nn.Dropout(p=lora_dropout) when lora_dropout > 0, else nn.Identity
 * (LoraLayer.update_layer); LoraConfig's default is 0.0 (peft/tuners/
 * lora/config.py).  With it, every adapter makes its own dropped-out
 * copy of x, which lora_A saves for its weight gradient, and
 * native_dropout saves its bool mask for the input gradient: one
 * element plus one byte per input element and adapter.  Without it
 * lora_A saves x itself, which the layer holds anyway.
 */

#include "config.h"

#include "rp-peft-private.h"

/* aten native_dropout: the mask is a bool tensor, one byte an element */
static const double dropout_mask_bytes = 1.0;

double
rp_peft_lora_dropout_bytes (gboolean dropout,
                            double   tokens,
                            double   width,
                            guint    adapters,
                            double   elem_bytes)
{
  if (!dropout || adapters == 0)
    return 0.0;
  return adapters * tokens * width * (elem_bytes + dropout_mask_bytes);
}

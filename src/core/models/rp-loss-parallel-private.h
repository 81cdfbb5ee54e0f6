/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-loss-parallel-private.h: what PyTorch's tensor parallelism keeps
 * at the output layer and the loss, as torchtitan applies it
 *
 * The memory model (rp-memory-model.c) counts the output layer's
 * saved input and the loss's logits as Megatron-LM does; rp-loss-
 * parallel.c says where torchtitan's DTensor plan keeps more.  Private
 * to src/core/models. */
#pragma once

#include "rp-stack.h"

G_BEGIN_DECLS

/* Whether the loss runs under torch.distributed.tensor.parallel.
 * loss_parallel(): torchtitan with tensor parallelism and its eager
 * cross-entropy. */
gboolean rp_loss_parallel_enabled            (const RpStack    *stack,
                                              const RpTraining *training);
/* The bytes alive beside the saved log-softmax in the loss's backward,
 * given that log-softmax's bytes (one rank's vocabulary shard, fp32). */
double   rp_loss_parallel_transient_bytes    (double            saved_bytes);
/* What the output layer saves of its input beyond @counted bytes (the
 * sequence-parallel shard the memory model counts): the whole gathered
 * sequence of @tokens × @hidden elements of @act_bytes.  0 where the
 * stack does not gather it. */
double   rp_loss_parallel_head_input_extra   (const RpStack    *stack,
                                              const RpTraining *training,
                                              double            tokens,
                                              double            hidden,
                                              double            act_bytes,
                                              double            counted);

G_END_DECLS

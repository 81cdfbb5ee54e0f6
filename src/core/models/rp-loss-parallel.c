/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-loss-parallel.c: the output layer and the loss under PyTorch's
 * tensor parallelism, as torchtitan applies it
 *
 * torchtitan's tensor-parallel plan (torchtitan/parallelisms/
 * parallelize_llama.py of Dec. 2024, apply_tp; the same in
 * torchtitan/models/llama3/infra/parallelize.py today) makes the
 * output layer ColwiseParallel(input_layouts=Shard(1),
 * output_layouts=Shard(-1), use_local_output=False) and runs the loss
 * under loss_parallel() unless training.disable_loss_parallel is set
 * (parallel_dims.py: loss_parallel_enabled = tp > 1 and
 * enable_loss_parallel).  Two things follow that Megatron-LM's layout
 * (Korthikanti et al. 2022, arXiv:2205.05198, §4.2.2) does not have:
 *
 * - DTensor redistributes the sequence-parallel input to Replicate
 *   before the matmul, and autograd saves that gathered input for the
 *   weight gradient: the whole sequence, in bf16, since torchtitan
 *   leaves the output layer out of Float8 (torchtitan/float8.py:
 *   module_filter_fn = fqn != "output").  Megatron saves the shard and
 *   gathers it again in backward.
 * - loss_parallel()'s backward fuses nll_loss's and log_softmax's
 *   (torch/distributed/tensor/parallel/loss.py,
 *   _nll_loss_and_log_softmax_backward): it returns
 *   (grad_input + torch.exp(x)) * grad_output, where grad_input =
 *   torch.zeros_like(x) and x is the saved fp32 log-softmax shard.  So
 *   the zeros, exp(x) and their sum are alive together beside x (the
 *   product then takes exp's place): three fp32 shards, where the
 *   unfused aten backward holds two (rp-memory-model.c, loss_bytes).
 */

#include "config.h"

#include "rp-loss-parallel-private.h"

#include "rp-scenario.h"

/* zeros_like (x), exp (x) and their sum (loss.py, above) */
static const double loss_parallel_backward_shards = 3.0;

static gboolean
torchtitan_tp (const RpStack    *stack,
               const RpTraining *training)
{
  return stack->framework == RP_FRAMEWORK_PYTORCH_FSDP && training->tensor_parallel > 1;
}

gboolean
rp_loss_parallel_enabled (const RpStack    *stack,
                          const RpTraining *training)
{
  g_return_val_if_fail (stack != NULL && training != NULL, FALSE);

  /* a compiled loss is traced by Inductor, not run by the handlers */
  return torchtitan_tp (stack, training) && stack->loss == RP_LOSS_FULL &&
         !stack->loss_compiled;
}

double
rp_loss_parallel_transient_bytes (double saved_bytes)
{
  g_return_val_if_fail (saved_bytes >= 0, 0.0);

  return loss_parallel_backward_shards * saved_bytes;
}

double
rp_loss_parallel_head_input_extra (const RpStack    *stack,
                                   const RpTraining *training,
                                   double            tokens,
                                   double            hidden,
                                   double            act_bytes,
                                   double            counted)
{
  g_return_val_if_fail (stack != NULL && training != NULL, 0.0);

  /* without sequence parallelism the input is whole already */
  if (!torchtitan_tp (stack, training) || !training->sequence_parallel)
    return 0.0;
  return MAX (tokens * hidden * act_bytes - counted, 0.0);
}

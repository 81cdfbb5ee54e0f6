/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-fsdp-sgo.c: FSDP's SHARD_GRAD_OP (ZeRO-2 under FSDP)
 *
 * What PyTorch's code does (pytorch/pytorch, torch/distributed/fsdp/):
 *
 * Weights kept after the forward: FSDP1 reshards after the forward only
 *   for the strategies in RESHARD_AFTER_FORWARD_HANDLE_STRATEGIES,
 *   FULL_SHARD and HYBRID_SHARD (_flat_param.py; _runtime_utils.py,
 *   _post_forward_reshard), so SHARD_GRAD_OP keeps every layer's
 *   unsharded parameter from its forward to its backward; the
 *   post-backward frees it whenever gradients are synchronised
 *   (_runtime_utils.py, _should_free_in_backward: "state._sync_gradients
 *   or ... in RESHARD_AFTER_FORWARD_HANDLE_STRATEGIES").  FSDP2 does the
 *   same with fully_shard(reshard_after_forward=False): it "keeps the
 *   unsharded parameters in memory after forward and avoids the
 *   all-gather in backward" (_fully_shard/_fully_shard.py, docstring).  At the turn
 *   from the forward to the backward every layer is unsharded at once.
 *
 * Precision: with MixedPrecision(param_dtype=bf16) the sharded flat
 *   parameter stays fp32, the optimizer's own, and the unsharded one is
 *   gathered in param_dtype (_flat_param.py, FlatParamHandle: _mp_shard
 *   and _full_param_padded); gradients are
 *   reduce-scattered in reduce_dtype and the sharded gradient is cast
 *   back to the fp32 parameter's dtype (_runtime_utils.py,
 *   _cast_grad_to_param_dtype).  So sharded fp32 weights, gradients and
 *   optimizer states, as FULL_SHARD (rp-stack.c, "FSDP2").
 *
 * Communication: one all-gather per micro-batch (its forward) and one
 *   reduce-scatter (its backward), prefetched and overlapped like
 *   FULL_SHARD's; FULL_SHARD gathers again for the backward. */

#include "config.h"

#include "rp-fsdp-sgo-private.h"

gboolean
rp_fsdp_sgo_applies (RpFramework framework,
                     guint       zero_stage)
{
  /* the importer maps SHARD_GRAD_OP to 2 (rp-import-train.c), the launch
   * exporter writes it for stages below 3 (rp-export-launch.c); stage 0
   * is NO_SHARD, DDP */
  return framework == RP_FRAMEWORK_PYTORCH_FSDP && (zero_stage == 1 || zero_stage == 2);
}

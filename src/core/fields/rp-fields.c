/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-fields.c: every scenario field, described once
 *
 * Ranges are the accepted values everywhere (file, form, CLI).  They are
 * wide enough for any real run and narrow enough to stop typos early; a
 * bound that is a policy rather than a fact says so beside it. */

#include "config.h"

#include "rp-fields.h"

#include "rp-error.h"
#include "rp-units.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* ---- units ---------------------------------------------------------- */

typedef struct
{
  const char *name;             /* machine name, for the schema */
  const char *label;            /* N_(); "%s" is the currency symbol */
  double      scale;            /* stored = shown × scale */
  const char *one;              /* N_(): the label after exactly 1, where it differs */
} UnitInfo;

static const UnitInfo units[RP_N_UNITS] = {
  [RP_UNIT_NONE] = { "", NULL, 1 },
  [RP_UNIT_MILLION_PARAMS] = { "parameters", N_("M"), 1e6 },
  [RP_UNIT_TOKENS] = { "tokens", N_("tokens"), 1, N_("token") },
  [RP_UNIT_MILLION_TOKENS] = { "tokens", N_("M tokens"), 1e6 },
  [RP_UNIT_SAMPLES] = { "samples", N_("samples"), 1, N_("sample") },
  [RP_UNIT_MILLION_SAMPLES] = { "samples", N_("M samples"), 1e6 },
  [RP_UNIT_PIXELS] = { "pixels", N_("px"), 1 },
  [RP_UNIT_GPUS] = { "GPUs", N_("GPUs"), 1, N_("GPU") },
  [RP_UNIT_STAGES] = { "stages", N_("stages"), 1, N_("stage") },
  [RP_UNIT_GB] = { "GB", N_("GB"), 1 },
  [RP_UNIT_MIB] = { "bytes", N_("MiB"), 1024.0 * 1024.0 },
  [RP_UNIT_BYTES] = { "bytes", N_("bytes"), 1 },
  [RP_UNIT_GFLOPS] = { "GFLOPs", N_("GFLOPs"), 1 },
  [RP_UNIT_PERCENT] = { "%", "%", 1 },
  [RP_UNIT_FRACTION_AS_PERCENT] = { "fraction", "%", 0.01 },
  [RP_UNIT_DAYS] = { "days", N_("days"), 1, N_("day") },
  [RP_UNIT_YEARS] = { "years", N_("years"), 1, N_("year") },
  [RP_UNIT_MONEY] = { "money", "%s", 1 },
  [RP_UNIT_MONEY_PER_GPU] = { "money/GPU", N_("%s each"), 1 },
  [RP_UNIT_MONEY_PER_NODE] = { "money/node", N_("%s/node"), 1 },
  [RP_UNIT_MONEY_PER_GPU_HOUR] = { "money/GPU-hour", N_("%s/GPU·h"), 1 },
  [RP_UNIT_MONEY_PER_KWH] = { "money/kWh", N_("%s/kWh"), 1 },
  [RP_UNIT_MONEY_PER_YEAR] = { "money/year", N_("%s/year"), 1 },
  [RP_UNIT_MONEY_PER_MONTH] = { "money/month", N_("%s/month"), 1 },
  [RP_UNIT_MONEY_PER_GB_MONTH] = { "money/GB-month", N_("%s/GB·month"), 1 },
  [RP_UNIT_MONEY_PER_GB] = { "money/GB", N_("%s/GB"), 1 },
  [RP_UNIT_CNY_PER_USD] = { "CNY/USD", N_("¥ per $"), 1 },
  [RP_UNIT_KG_CO2_PER_KWH] = { "kg CO2/kWh", N_("kg CO₂/kWh"), 1 },
};

/* ---- when a field applies ------------------------------------------- */

static gboolean
is_transformer (const RpScenario  *s,
                const RpModelArch *a)
{
  return rp_model_kind_is_transformer (a->kind);
}

static gboolean
is_not_transformer (const RpScenario  *s,
                    const RpModelArch *a)
{
  return !rp_model_kind_is_transformer (a->kind);
}

static gboolean
is_vision (const RpScenario  *s,
           const RpModelArch *a)
{
  return !rp_model_kind_is_transformer (a->kind) || a->kind == RP_MODEL_KIND_VIT;
}

static gboolean
is_vit (const RpScenario  *s,
        const RpModelArch *a)
{
  return a->kind == RP_MODEL_KIND_VIT;
}

static gboolean
is_encoder (const RpScenario  *s,
            const RpModelArch *a)
{
  return a->kind == RP_MODEL_KIND_ENCODER;
}

static gboolean
is_encoder_decoder (const RpScenario  *s,
                    const RpModelArch *a)
{
  return a->kind == RP_MODEL_KIND_ENCODER_DECODER;
}

static gboolean
is_moe (const RpScenario  *s,
        const RpModelArch *a)
{
  return a->kind == RP_MODEL_KIND_MOE;
}

static gboolean
is_lora (const RpScenario  *s,
         const RpModelArch *a)
{
  return s->training.method == RP_METHOD_LORA || s->training.method == RP_METHOD_QLORA;
}

/* A frozen base in its own dtype: LoRA's, or a reference model kept on
 * the GPU (QLoRA's base is NF4). */
static gboolean
has_frozen_base (const RpScenario  *s,
                 const RpModelArch *a)
{
  return s->training.method == RP_METHOD_LORA ||
         s->training.reference_model == RP_REFERENCE_ON_GPU;
}

static gboolean
recomputes_every_nth (const RpScenario  *s,
                      const RpModelArch *a)
{
  return s->training.recompute == RP_RECOMPUTE_EVERY_NTH;
}

static gboolean
is_pipelined (const RpScenario  *s,
              const RpModelArch *a)
{
  return s->training.pipeline_parallel > 1;
}

static gboolean
is_interleaved (const RpScenario  *s,
                const RpModelArch *a)
{
  return s->training.pipeline_parallel > 1 &&
         s->training.pipeline_schedule == RP_PIPELINE_INTERLEAVED;
}

static gboolean
is_multi_node (const RpScenario  *s,
               const RpModelArch *a)
{
  return s->hardware.nodes > 1 || s->hardware.network != RP_NETWORK_NONE;
}

static gboolean
is_spot (const RpScenario  *s,
         const RpModelArch *a)
{
  return s->budget.rent_kind == RP_RENT_SPOT;
}

static gboolean
may_rent (const RpScenario  *s,
          const RpModelArch *a)
{
  return s->budget.acquire != RP_ACQUIRE_BUY;
}

static gboolean
may_buy (const RpScenario  *s,
         const RpModelArch *a)
{
  return s->budget.acquire != RP_ACQUIRE_RENT;
}

static gboolean
has_usd_and_cny (const RpScenario  *s,
                 const RpModelArch *a)
{
  /* the rate matters as soon as a catalog price is in the other currency;
   * shown always, it is one line */
  return TRUE;
}

/* ---- the table ------------------------------------------------------ */

#define SC(member) G_STRUCT_OFFSET (RpScenario, member)
#define AR(member) G_STRUCT_OFFSET (RpModelArch, member)

/* Architecture keys accept 0 where a kind has no such part (a CNN has
 * no layers or heads here); rp_model_arch_validate() requires what the
 * model's kind needs.  Shorthands: M = model architecture, T = training, H = hardware, B = budget. */
#define M(k, ty, member, bit) \
  .key = "model." k, .json_key = k, .section = RP_SECTION_MODEL, .type = ty, \
  .offset = AR (member), .arch_bit = bit
#define T(k, ty, member) \
  .key = "training." k, .json_key = k, .section = RP_SECTION_TRAINING, .type = ty, \
  .offset = SC (training.member)
#define H(k, ty, member) \
  .key = "hardware." k, .json_key = k, .section = RP_SECTION_HARDWARE, .type = ty, \
  .offset = SC (hardware.member)
#define B(k, ty, member) \
  .key = "budget." k, .json_key = k, .section = RP_SECTION_BUDGET, .type = ty, \
  .offset = SC (budget.member)
#define P(k, ty, member) \
  .key = "planner." k, .json_key = k, .section = RP_SECTION_PLANNER, .type = ty, \
  .offset = SC (planner.member)

/* The most bytes a text field holds: catalog ids are short; a list of
 * them is short too; names and notes are what people type and what an
 * import reports.  The planner copies a scenario for each machine it
 * tries, so these bound its memory as much as the file's size does. */
#define ID 256
#define LIST 16384

#define MAIN RP_FIELD_FORM
#define MORE (RP_FIELD_FORM | RP_FIELD_ADVANCED)
#define CATALOG (RP_FIELD_NULLABLE | RP_FIELD_V1_ZERO_IS_NULL)
#define PRICE (CATALOG | RP_FIELD_MONEY)

static const RpField fields[] = {
  { .key = "name", .json_key = "name", .section = RP_SECTION_NONE, .type = RP_FIELD_STRING,
    .offset = SC (name), .max = RP_FIELD_MAX_NAME_BYTES, .def = NAN, .label = N_("Name") },
  /* free text; an import writes what it read and what it approximated */
  { .key = "notes", .json_key = "notes", .section = RP_SECTION_NONE, .type = RP_FIELD_STRING,
    .offset = SC (notes), .max = RP_FIELD_MAX_NOTES_BYTES, .def = NAN,
    .flags = RP_FIELD_NULLABLE, .label = N_("Notes"),
    .null_label = N_("none") },

  /* ---- model ---- */
  { .key = "model.preset", .json_key = "preset", .section = RP_SECTION_MODEL,
    .type = RP_FIELD_STRING, .offset = SC (model.preset), .max = ID, .def = NAN,
    .flags = RP_FIELD_NULLABLE | MAIN, .ref = RP_FIELD_REF_MODEL, .label = N_("Preset"),
    .help = N_("Choosing a preset fills in its architecture; every field stays editable"),
    .null_label = N_("Custom architecture") },
  { M ("kind", RP_FIELD_ENUM, kind, RP_ARCH_KIND), .max = RP_N_MODEL_KINDS - 1,
    .def = RP_MODEL_KIND_DECODER, .flags = MAIN, .choices = &rp_model_kind_info,
    .label = N_("Kind") },
  /* 10¹⁵: a thousand times today's largest models, and exact in a double */
  { M ("params", RP_FIELD_UINT64, params, RP_ARCH_PARAMS), .max = 1e15, .flags = MAIN,
    .unit = RP_UNIT_MILLION_PARAMS, .digits = 1, .step = 1, .label = N_("Parameters"),
    .help = N_("The parameter count to use; 0 counts it from the architecture") },
  { M ("layers", RP_FIELD_UINT, layers, RP_ARCH_LAYERS), .max = 10000, .def = 0,
    .flags = MAIN, .step = 1, .label = N_("Layers"), .applies = is_transformer,
    .help = N_("Transformer blocks (the encoder's, for an encoder–decoder)") },
  { M ("decoder_layers", RP_FIELD_UINT, decoder_layers, RP_ARCH_DECODER_LAYERS), .max = 10000,
    .flags = MORE, .step = 1, .label = N_("Decoder layers"), .applies = is_encoder_decoder },
  { M ("hidden", RP_FIELD_UINT, hidden, RP_ARCH_HIDDEN), .max = 1048576,
    .flags = MAIN, .step = 64, .label = N_("Hidden size"), .applies = is_transformer },
  { M ("heads", RP_FIELD_UINT, heads, RP_ARCH_HEADS), .max = 65536, .flags = MAIN,
    .step = 1, .label = N_("Attention heads"), .applies = is_transformer },
  { M ("kv_heads", RP_FIELD_UINT, kv_heads, RP_ARCH_KV_HEADS), .max = 65536, .flags = MAIN,
    .step = 1, .label = N_("Key/value heads"), .applies = is_transformer,
    .help = N_("Fewer than the attention heads means grouped-query attention; 0: as many") },
  { M ("head_dim", RP_FIELD_UINT, head_dim, RP_ARCH_HEAD_DIM), .max = 65536, .flags = MORE,
    .step = 8, .label = N_("Head dimension"), .applies = is_transformer,
    .help = N_("0: the hidden size divided by the heads") },
  { M ("ffn", RP_FIELD_UINT, ffn, RP_ARCH_FFN), .max = 16777216, .flags = MAIN,
    .step = 256, .label = N_("Feed-forward size"), .applies = is_transformer,
    .help = N_("Per expert, for a mixture of experts") },
  { M ("ffn_act", RP_FIELD_ENUM, ffn_act, RP_ARCH_FFN_ACT), .max = RP_N_FFN_ACTS - 1,
    .def = RP_FFN_ACT_GELU, .flags = MAIN, .choices = &rp_ffn_act_info,
    .label = N_("Activation"), .applies = is_transformer },
  { M ("vocab", RP_FIELD_UINT, vocab, RP_ARCH_VOCAB), .max = 16777216, .flags = MAIN,
    .unit = RP_UNIT_TOKENS, .step = 1000, .label = N_("Vocabulary"),
    .applies = is_transformer },
  { M ("tied_embeddings", RP_FIELD_BOOL, tied_embeddings, RP_ARCH_TIED), .max = 1,
    .flags = MORE, .label = N_("Tied embeddings"), .applies = is_transformer,
    .help = N_("The output layer shares the input embedding's weights") },
  { M ("max_positions", RP_FIELD_UINT, max_positions, RP_ARCH_MAX_POSITIONS),
    .max = 16777216, .flags = MORE, .step = 512, .label = N_("Learned positions"),
    .applies = is_transformer,
    .help = N_("Rows of a learned position embedding; 0 for rotary positions") },
  { M ("type_vocab", RP_FIELD_UINT, type_vocab, RP_ARCH_TYPE_VOCAB), .max = 65536,
    .flags = MORE, .step = 1, .label = N_("Token types"), .applies = is_encoder },
  { M ("pooler", RP_FIELD_BOOL, pooler, RP_ARCH_POOLER), .max = 1, .flags = MORE,
    .label = N_("Pooler layer"), .applies = is_encoder },
  { M ("norm", RP_FIELD_ENUM, norm, RP_ARCH_NORM), .max = RP_N_NORMS - 1,
    .def = RP_NORM_LAYERNORM, .flags = MORE, .choices = &rp_norm_info,
    .label = N_("Normalization"), .applies = is_transformer },
  { M ("biases", RP_FIELD_ENUM, biases, RP_ARCH_BIASES), .max = RP_N_BIASES - 1,
    .def = RP_BIASES_NONE, .flags = MORE, .choices = &rp_biases_info,
    .label = N_("Biases"), .applies = is_transformer },
  { M ("relative_attention_buckets", RP_FIELD_UINT, relative_attention_buckets,
       RP_ARCH_REL_BUCKETS), .max = 65536, .flags = MORE, .step = 1,
    .label = N_("Relative position buckets"), .applies = is_encoder_decoder },
  { M ("experts", RP_FIELD_UINT, experts, RP_ARCH_EXPERTS), .max = 65536, .flags = MAIN,
    .step = 1, .label = N_("Experts"), .applies = is_moe },
  { M ("experts_active", RP_FIELD_UINT, experts_active, RP_ARCH_EXPERTS_ACTIVE),
    .max = 65536, .flags = MAIN, .step = 1, .label = N_("Experts per token"),
    .applies = is_moe },
  { M ("shared_experts", RP_FIELD_UINT, shared_experts, RP_ARCH_SHARED_EXPERTS),
    .max = 65536, .flags = MORE, .step = 1, .label = N_("Shared experts"),
    .applies = is_moe,
    .help = N_("Experts every token passes through besides its routed ones") },
  { M ("patch_size", RP_FIELD_UINT, patch_size, RP_ARCH_PATCH_SIZE), .max = 65536,
    .flags = MORE, .unit = RP_UNIT_PIXELS, .step = 1, .label = N_("Patch size"),
    .applies = is_vit },
  { M ("image_channels", RP_FIELD_UINT, image_channels, RP_ARCH_CHANNELS), .max = 65536, .def = 3,
    .flags = MORE, .step = 1, .label = N_("Image channels"),
    .applies = is_vision },
  { M ("num_classes", RP_FIELD_UINT, num_classes, RP_ARCH_CLASSES), .max = 16777216,
    .flags = MORE, .step = 1, .label = N_("Classes"), .applies = is_vision },
  { M ("input_size", RP_FIELD_UINT, input_size, RP_ARCH_INPUT_SIZE), .max = 1048576,
    .flags = MAIN, .unit = RP_UNIT_PIXELS, .step = 16, .label = N_("Input size"),
    .applies = is_vision, .help = N_("Pixels per side of an input image") },
  { M ("gflops_per_sample", RP_FIELD_DOUBLE, gflops_per_sample, RP_ARCH_GFLOPS), .max = 1e12,
    .flags = MORE, .unit = RP_UNIT_GFLOPS, .digits = 2, .step = 1,
    .label = N_("Forward GFLOPs per sample"), .applies = is_not_transformer,
    .help = N_("At the input size; times the run of a model that is not a transformer") },
  { M ("activation_bytes_per_sample", RP_FIELD_DOUBLE, activation_bytes_per_sample,
       RP_ARCH_ACT_BYTES), .max = 1e15, .flags = MORE, .unit = RP_UNIT_MIB, .digits = 1,
    .step = 16, .label = N_("Activations per sample"), .applies = is_not_transformer,
    .help = N_("Saved for backward at the input size, 16-bit, without recomputation") },
  { M ("activation_bytes_per_sample_recompute", RP_FIELD_DOUBLE,
       activation_bytes_per_sample_recompute, RP_ARCH_ACT_BYTES_RECOMPUTE), .max = 1e15,
    .flags = MORE, .unit = RP_UNIT_MIB, .digits = 1, .step = 16,
    .label = N_("Activations per sample, recomputed"), .applies = is_not_transformer,
    .help = N_("The same with every block checkpointed; 0: unknown") },
  { M ("recompute_peak_bytes_per_sample", RP_FIELD_DOUBLE, recompute_peak_bytes_per_sample,
       RP_ARCH_RECOMPUTE_PEAK), .max = 1e15, .flags = MORE, .unit = RP_UNIT_MIB, .digits = 1,
    .step = 16, .label = N_("Recompute peak per sample"), .applies = is_not_transformer,
    .help = N_("The largest block's activations, rebuilt during the backward pass") },

  /* ---- training ---- */
  { T ("method", RP_FIELD_ENUM, method), .max = RP_N_METHODS - 1,
    .def = RP_METHOD_FULL_FINETUNE, .flags = MAIN, .choices = &rp_method_info,
    .label = N_("Method") },
  { T ("framework", RP_FIELD_ENUM, framework), .max = RP_N_FRAMEWORKS - 1,
    .def = RP_FRAMEWORK_CUSTOM, .flags = MAIN, .choices = &rp_framework_info,
    .label = N_("Training stack"),
    .help = N_("Chooses the gradient type, loss, buffers and allocator the stack uses by "
               "default; each can be set below") },
  { T ("lora_rank", RP_FIELD_UINT, lora_rank), .min = 1, .max = 16384, .def = 16,
    .flags = MAIN, .step = 4, .label = N_("LoRA rank"), .applies = is_lora },
  { T ("lora_targets", RP_FIELD_ENUM, lora_targets), .max = RP_N_LORA_TARGETS - 1,
    .def = RP_LORA_TARGETS_ALL_LINEAR, .flags = MAIN, .choices = &rp_lora_targets_info,
    .label = N_("LoRA targets"), .applies = is_lora },
  { T ("lora_dropout", RP_FIELD_BOOL, lora_dropout), .max = 1, .flags = MORE,
    .label = N_("LoRA dropout"), .applies = is_lora,
    .help = N_("Each adapter saves a dropped-out copy of its input and the mask "
               "(PEFT's lora_dropout above 0; its default is 0)") },
  { T ("precision", RP_FIELD_ENUM, precision), .max = RP_N_PRECISIONS - 1,
    .def = RP_PRECISION_BF16_MIXED, .flags = MAIN, .choices = &rp_precision_info,
    .label = N_("Precision") },
  { T ("optimizer", RP_FIELD_ENUM, optimizer), .max = RP_N_OPTIMIZERS - 1,
    .def = RP_OPTIMIZER_ADAMW, .flags = MAIN, .choices = &rp_optimizer_info,
    .label = N_("Optimizer") },
  { T ("optimizer_in_backward", RP_FIELD_BOOL, optimizer_in_backward), .max = 1,
    .flags = MORE, .label = N_("Optimizer step in backward"),
    .help = N_("Each weight is updated as soon as its gradient is ready, so gradients are "
               "not kept; needs one micro-batch per step") },
  { T ("reference_model", RP_FIELD_ENUM, reference_model), .max = RP_N_REFERENCES - 1,
    .def = RP_REFERENCE_NONE, .flags = MORE, .choices = &rp_reference_info,
    .label = N_("Reference model (DPO)"), .applies = is_transformer,
    .help = N_("Preference training (DPO, KTO) runs a frozen copy of the model forward on "
               "every batch, or once over the data before training; with LoRA it is the "
               "base model with the adapters off") },
  { T ("seq_len", RP_FIELD_UINT, seq_len), .min = 1, .max = 16777216, .def = 2048,
    .flags = MAIN, .unit = RP_UNIT_TOKENS, .step = 256, .label = N_("Sequence length"),
    .applies = is_transformer },
  { T ("micro_batch", RP_FIELD_UINT, micro_batch), .min = 1, .max = 1048576, .def = 1,
    .flags = MAIN, .unit = RP_UNIT_SAMPLES, .step = 1, .label = N_("Micro batch"),
    .help = N_("Samples per GPU per step") },
  { T ("global_batch", RP_FIELD_UINT, global_batch), .min = 1, .max = 1073741824, .def = 32,
    .flags = MAIN, .unit = RP_UNIT_SAMPLES, .step = 8, .label = N_("Global batch"),
    .help = N_("Samples per optimizer step, across all GPUs") },
  { T ("recompute", RP_FIELD_ENUM, recompute), .max = RP_N_RECOMPUTES - 1,
    .def = RP_RECOMPUTE_NONE, .flags = MAIN, .choices = &rp_recompute_info,
    .label = N_("Recomputation"),
    .help = N_("Activation checkpointing: trades compute for memory. Megatron-LM’s "
               "“selective” recomputes the attention core; PyTorch’s op-level one keeps "
               "matmul outputs and recomputes the rest") },
  { T ("recompute_interval", RP_FIELD_UINT, recompute_interval), .min = 1, .max = 1024,
    .def = 2, .flags = MORE, .step = 1, .label = N_("Checkpoint every n-th layer"),
    .applies = recomputes_every_nth,
    .help = N_("One layer in n is recomputed whole; the others keep their activations") },
  { T ("flash_attention", RP_FIELD_BOOL, flash_attention), .max = 1, .def = TRUE,
    .flags = MAIN, .label = N_("Flash attention"), .applies = is_transformer },
  { T ("compile", RP_FIELD_BOOL, compile), .max = 1, .flags = MORE,
    .label = N_("Compiled (torch.compile)"), .applies = is_transformer,
    .help = N_("Fuses the norms, rotary embedding and gated activation into single kernels; "
               "Megatron-LM and Transformer Engine fuse them always") },
  { T ("dropout", RP_FIELD_BOOL, dropout), .max = 1, .flags = MORE, .label = N_("Dropout"),
    .applies = is_transformer, .help = N_("Dropout masks are saved for the backward pass") },
  { T ("zero_stage", RP_FIELD_UINT, zero_stage), .max = 3, .flags = MAIN,
    .choices = &rp_zero_stage_info, .label = N_("ZeRO stage"),
    .help = N_("What is sharded across the data-parallel GPUs") },
  { T ("offload", RP_FIELD_ENUM, offload), .max = RP_N_OFFLOADS - 1, .def = RP_OFFLOAD_NONE,
    .flags = MAIN, .choices = &rp_offload_info, .label = N_("CPU offload") },
  { T ("tensor_parallel", RP_FIELD_UINT, tensor_parallel), .min = 1, .max = 1024, .def = 1,
    .flags = MAIN, .unit = RP_UNIT_GPUS, .step = 1, .label = N_("Tensor parallel") },
  { T ("pipeline_parallel", RP_FIELD_UINT, pipeline_parallel), .min = 1, .max = 1024,
    .def = 1, .flags = MAIN, .unit = RP_UNIT_STAGES, .step = 1,
    .label = N_("Pipeline parallel") },
  { T ("expert_parallel", RP_FIELD_UINT, expert_parallel), .min = 1, .max = 1024, .def = 1,
    .flags = MORE, .unit = RP_UNIT_GPUS, .step = 1, .label = N_("Expert parallel"),
    .applies = is_moe },
  { T ("capacity_factor", RP_FIELD_DOUBLE, capacity_factor), .min = 0.1, .max = 64, .def = NAN,
    .flags = RP_FIELD_NULLABLE | MORE, .digits = 2, .step = 0.25,
    .label = N_("Expert capacity factor"), .null_label = N_("dropless"), .applies = is_moe,
    .help = N_("Tokens each expert takes, as a multiple of an even share; padded when "
               "fewer arrive, dropped when more do") },
  { T ("sequence_parallel", RP_FIELD_BOOL, sequence_parallel), .max = 1, .flags = MAIN,
    .label = N_("Sequence parallel"), .applies = is_transformer },
  { T ("tp_overlap", RP_FIELD_BOOL, tp_overlap), .max = 1, .flags = MORE,
    .label = N_("Overlap tensor-parallel communication"), .applies = is_transformer,
    .help = N_("The tensor-parallel gathers and reductions run during the matrix multiplies "
               "(Megatron --tp-comm-overlap, torchtitan async TP)") },
  { T ("ep_overlap", RP_FIELD_BOOL, ep_overlap), .max = 1, .flags = MORE,
    .label = N_("Overlap expert all-to-all"), .applies = is_moe,
    .help = N_("The expert dispatch runs during another micro-batch’s compute "
               "(Megatron --moe-a2a-overlap)") },
  { T ("context_parallel", RP_FIELD_UINT, context_parallel), .min = 1, .max = 1024, .def = 1,
    .flags = MORE, .unit = RP_UNIT_GPUS, .step = 1, .label = N_("Context parallel"),
    .applies = is_transformer,
    .help = N_("GPUs that split each sequence and pass keys and values around a ring") },
  { T ("pipeline_schedule", RP_FIELD_ENUM, pipeline_schedule), .max = RP_N_PIPELINES - 1,
    .def = RP_PIPELINE_1F1B, .flags = MORE, .choices = &rp_pipeline_schedule_info,
    .label = N_("Pipeline schedule"), .applies = is_pipelined,
    .help = N_("Sets both the idle bubble and how many micro-batches each stage holds") },
  { T ("virtual_stages", RP_FIELD_UINT, virtual_stages), .min = 1, .max = 1024, .def = 2,
    .flags = MORE, .step = 1, .label = N_("Model chunks per GPU"), .applies = is_interleaved,
    .help = N_("Interleaved 1F1B: a shorter bubble, more activations and more sends") },
  { T ("grad_dtype", RP_FIELD_ENUM, grad_dtype), .max = RP_N_GRAD_DTYPES - 1,
    .def = RP_GRAD_DTYPE_FRAMEWORK, .flags = MORE, .choices = &rp_grad_dtype_info,
    .label = N_("Gradient type") },
  { T ("base_dtype", RP_FIELD_ENUM, base_dtype), .max = RP_N_BASE_DTYPES - 1,
    .def = RP_BASE_DTYPE_FRAMEWORK, .flags = MORE, .choices = &rp_base_dtype_info,
    .label = N_("Frozen base loaded in"), .applies = has_frozen_base,
    .help = N_("The dtype your script loads the frozen model in. The stacks' recipes load "
               "16-bit checkpoints as they are (transformers’ dtype “auto”, LLaMA-Factory, "
               "torchtune); TRL’s command line and torchtitan keep FP32 unless told") },
  { T ("loss", RP_FIELD_ENUM, loss), .max = RP_N_LOSSES - 1, .def = RP_LOSS_FRAMEWORK,
    .flags = MORE, .choices = &rp_loss_info, .label = N_("Loss"), .applies = is_transformer,
    .help = N_("How the vocabulary-sized logits and their gradient are held") },
  { T ("allocator", RP_FIELD_ENUM, allocator), .max = RP_N_ALLOCATORS - 1,
    .def = RP_ALLOCATOR_FRAMEWORK, .flags = MORE, .choices = &rp_allocator_info,
    .label = N_("Memory allocator"),
    .help = N_("Expandable segments leave less memory fragmented") },
  { T ("comm_buffer_bytes", RP_FIELD_DOUBLE, comm_buffer_bytes), .max = 1e12, .def = NAN,
    .flags = RP_FIELD_NULLABLE | MORE, .unit = RP_UNIT_MIB, .digits = 0, .step = 64,
    .label = N_("Communication buffers"), .null_label = N_("the training stack’s"),
    .help = N_("Gradient buckets and prefetched weights held for communication, per GPU") },
  { T ("goodput_pct", RP_FIELD_DOUBLE, goodput_pct), .min = 1, .max = 100, .def = NAN,
    .flags = RP_FIELD_NULLABLE | MORE, .unit = RP_UNIT_PERCENT, .digits = 0, .step = 5,
    .label = N_("Goodput"), .null_label = N_("the range large runs report"),
    .help = N_("Share of the run's time that trains: restarts, evaluation, checkpoints and "
               "slow nodes take the rest") },
  { T ("dataset_tokens", RP_FIELD_DOUBLE, dataset_tokens), .max = 1e16, .flags = MAIN,
    .unit = RP_UNIT_MILLION_TOKENS, .digits = 1, .step = 10, .label = N_("Dataset"),
    .applies = is_transformer, .help = N_("Tokens in one epoch") },
  { T ("dataset_samples", RP_FIELD_DOUBLE, dataset_samples), .max = 1e13, .flags = MAIN,
    .unit = RP_UNIT_MILLION_SAMPLES, .digits = 3, .step = 0.1, .label = N_("Dataset"),
    .applies = is_not_transformer, .help = N_("Samples in one epoch") },
  { T ("epochs", RP_FIELD_DOUBLE, epochs), .max = 1e6, .def = 1, .flags = MAIN, .digits = 1,
    .step = 1, .label = N_("Epochs") },
  { T ("dataset_bytes_per_sample", RP_FIELD_DOUBLE, dataset_bytes_per_sample), .max = 1e12,
    .def = NAN, .flags = CATALOG | MORE, .unit = RP_UNIT_BYTES, .step = 1000,
    .label = N_("Bytes per sample on disk"), .null_label = N_("derived from the model") },
  { T ("checkpoints_kept", RP_FIELD_DOUBLE, checkpoints_kept), .max = 10000, .def = 3,
    .flags = MORE, .step = 1, .label = N_("Checkpoints kept") },

  /* ---- hardware ---- */
  { H ("gpu", RP_FIELD_STRING, gpu), .max = ID, .def = NAN, .flags = MAIN | RP_FIELD_REQUIRED,
    .ref = RP_FIELD_REF_GPU, .label = N_("GPU") },
  { H ("gpus_per_node", RP_FIELD_UINT, gpus_per_node), .min = 1, .max = 1024, .def = 1,
    .flags = MAIN, .step = 1, .label = N_("GPUs per node") },
  { H ("nodes", RP_FIELD_UINT, nodes), .min = 1, .max = 1000000, .def = 1, .flags = MAIN,
    .step = 1, .label = N_("Nodes") },
  { H ("intra_link", RP_FIELD_ENUM, intra_link), .max = RP_N_LINKS - 1, .def = RP_LINK_PCIE4,
    .flags = MAIN, .choices = &rp_link_info, .label = N_("GPU link"),
    .help = N_("How the GPUs inside one node talk to each other") },
  { H ("network", RP_FIELD_ENUM, network), .max = RP_N_NETWORKS - 1, .def = RP_NETWORK_NONE,
    .flags = MAIN, .choices = &rp_network_info, .label = N_("Network"),
    .applies = is_multi_node, .help = N_("How the nodes talk to each other") },
  { H ("storage", RP_FIELD_ENUM, storage), .max = RP_N_STORAGES - 1,
    .def = RP_STORAGE_NVME_GEN4, .flags = MAIN, .choices = &rp_storage_info,
    .label = N_("Storage") },
  { H ("cpu_cores_per_node", RP_FIELD_UINT, cpu_cores_per_node), .min = 1, .max = 65536,
    .def = 16, .flags = MAIN, .step = 4, .label = N_("CPU cores per node") },
  { H ("ram_gb_per_node", RP_FIELD_UINT, ram_gb_per_node), .min = 1, .max = 1048576, .def = 64,
    .flags = MAIN, .unit = RP_UNIT_GB, .step = 16, .label = N_("RAM per node") },
  { H ("headroom_pct", RP_FIELD_DOUBLE, headroom_pct), .max = 90, .def = 10, .flags = MAIN,
    .unit = RP_UNIT_PERCENT, .step = 1, .label = N_("Required headroom"),
    .help = N_("VRAM to keep free for spikes and fragmentation") },
  /* below 1 % no real run is meant; 0 in version 1 meant "the model" */
  { H ("mfu_override", RP_FIELD_DOUBLE, mfu_override), .min = 0.01, .max = 1, .def = NAN,
    .flags = CATALOG | MORE, .unit = RP_UNIT_FRACTION_AS_PERCENT, .digits = 1, .step = 1,
    .label = N_("Utilization override (MFU)"), .null_label = N_("from the utilization model"),
    .help = N_("Model FLOPs utilization to assume instead of Rigplan's model") },
  { H ("band_scale", RP_FIELD_DOUBLE, band_scale), .min = 0, .max = 10, .def = NAN,
    .flags = RP_FIELD_NULLABLE | MORE, .unit = RP_UNIT_FRACTION_AS_PERCENT, .digits = 0,
    .step = 5, .label = N_("Error band"), .null_label = N_("as measured on published runs"),
    .help = N_("How wide the low and high ends around each figure are, as a share of Rigplan's "
               "error on published runs; a calibration against your own measurement narrows "
               "it") },
  { H ("owned_gpus", RP_FIELD_STRING, owned_gpus), .max = RP_FIELD_MAX_OWNED_BYTES, .def = NAN,
    .flags = RP_FIELD_NULLABLE | MORE, .label = N_("GPUs you own"), .null_label = N_("none"),
    .help = N_("The GPUs you already have, as count × GPU id, separated by commas: "
               "“1 × rtx-4090”, “16 × a100-80gb-sxm in 2 nodes”.  The plan tries them "
               "first, at the cost of their power only") },

  /* ---- budget ---- */
  { B ("currency", RP_FIELD_ENUM, currency), .max = RP_N_CURRENCIES - 1,
    .def = RP_CURRENCY_USD, .flags = MAIN, .choices = &rp_currency_info,
    .label = N_("Currency"), .help = N_("Changing the currency converts every price") },
  { B ("usd_to_cny", RP_FIELD_DOUBLE, usd_to_cny), .min = 0.01, .max = 1000, .def = NAN,
    .flags = RP_FIELD_NULLABLE | MAIN, .unit = RP_UNIT_CNY_PER_USD, .digits = 4, .step = 0.01,
    .label = N_("Exchange rate"), .null_label = N_("the catalog’s rate"),
    .applies = has_usd_and_cny },
  { B ("region", RP_FIELD_STRING, region), .max = ID, .def = NAN,
    .flags = RP_FIELD_NULLABLE | MAIN,
    .ref = RP_FIELD_REF_REGION, .label = N_("Region"),
    .null_label = N_("None: the catalog’s defaults"),
    .help = N_("Where the machines would run: the electricity price and PUE come from it, "
               "and offers from its market are chosen first") },
  { B ("acquire", RP_FIELD_ENUM, acquire), .max = RP_N_ACQUIRES - 1,
    .def = RP_ACQUIRE_COMPARE, .flags = MAIN, .choices = &rp_acquire_info,
    .label = N_("Rent or buy"),
    .help = N_("Judge the budget for renting, for buying, or for both") },
  { B ("limit", RP_FIELD_DOUBLE, limit), .max = 1e13, .def = NAN,
    .flags = PRICE | MAIN, .unit = RP_UNIT_MONEY, .step = 1000, .label = N_("Budget"),
    .null_label = N_("no limit"),
    .help = N_("The most this run may cost rented, and a purchase may cost unless a capital "
               "limit is set") },
  { B ("capital_limit", RP_FIELD_DOUBLE, capital_limit), .max = 1e13, .def = NAN,
    .flags = RP_FIELD_NULLABLE | RP_FIELD_MONEY | MAIN, .unit = RP_UNIT_MONEY, .step = 1000,
    .label = N_("Capital limit"), .null_label = N_("the budget"), .applies = may_buy,
    .help = N_("The most a purchase of the machines may cost") },
  { B ("deadline_days", RP_FIELD_DOUBLE, deadline_days), .min = 0.01, .max = 36500,
    .def = NAN, .flags = CATALOG | MAIN, .unit = RP_UNIT_DAYS, .digits = 1, .step = 1,
    .label = N_("Deadline"), .null_label = N_("none") },
  { B ("rent_offer", RP_FIELD_STRING, rent_offer), .max = ID, .def = NAN,
    .flags = RP_FIELD_NULLABLE | MAIN | RP_FIELD_OF_GPU, .ref = RP_FIELD_REF_OFFER,
    .label = N_("Rental offer"),
    .null_label = N_("The cheapest matching offer"), .applies = may_rent },
  { B ("rent_kind", RP_FIELD_ENUM, rent_kind), .max = RP_N_RENT_KINDS - 1,
    .def = RP_RENT_ON_DEMAND, .flags = MAIN, .choices = &rp_rent_kind_info,
    .label = N_("Rental terms"), .applies = may_rent },
  { B ("allow_marketplace", RP_FIELD_BOOL, allow_marketplace), .max = 1, .flags = MAIN,
    .label = N_("Marketplace offers"), .applies = may_rent,
    .help = N_("Let community marketplaces, which give no service guarantee, price the rent") },
  { B ("rent_price_per_gpu_hour", RP_FIELD_DOUBLE, rent_price_per_gpu_hour), .max = 1e6,
    .def = NAN, .flags = PRICE | MAIN | RP_FIELD_OF_GPU, .unit = RP_UNIT_MONEY_PER_GPU_HOUR,
    .digits = 2,
    .step = 0.1, .label = N_("Rent price"), .null_label = N_("from the offer"),
    .applies = may_rent },
  { B ("gpu_price", RP_FIELD_DOUBLE, gpu_price), .max = 1e9, .def = NAN,
    .flags = PRICE | MAIN | RP_FIELD_OF_GPU,
    .unit = RP_UNIT_MONEY_PER_GPU, .step = 100, .label = N_("GPU price"),
    .null_label = N_("the catalog’s price"), .applies = may_buy },
  { B ("condition", RP_FIELD_ENUM, condition), .max = RP_N_CONDITIONS - 1,
    .def = RP_CONDITION_NEW, .flags = MAIN, .choices = &rp_condition_info,
    .label = N_("Condition"), .applies = may_buy,
    .help = N_("New, used or ex-mining cards: their dated prices, failures and spares") },
  { B ("failure_pct_year", RP_FIELD_DOUBLE, failure_pct_year), .max = 100, .def = NAN,
    .flags = RP_FIELD_NULLABLE | MORE, .unit = RP_UNIT_PERCENT, .digits = 1, .step = 1,
    .label = N_("GPU failures per year"), .null_label = N_("the catalog’s rate"),
    .applies = may_buy,
    .help = N_("The share of the cards that fail each year; used and ex-mining cards, without "
               "warranty, are bought with spares for them") },
  { B ("server_price", RP_FIELD_DOUBLE, server_price), .max = 1e10, .def = NAN,
    .flags = PRICE | MAIN | RP_FIELD_OF_GPU | RP_FIELD_OF_NODE, .unit = RP_UNIT_MONEY_PER_NODE,
    .step = 100,
    .label = N_("Server price"), .null_label = N_("the catalog’s rule"), .applies = may_buy,
    .help = N_("The server without its GPUs") },
  { B ("network_price", RP_FIELD_DOUBLE, network_price), .max = 1e11, .def = NAN,
    .flags = PRICE | MORE | RP_FIELD_OF_GPU | RP_FIELD_OF_CLUSTER, .unit = RP_UNIT_MONEY,
    .step = 100, .label = N_("Network price"),
    .null_label = N_("the catalog’s rule"), .applies = may_buy,
    .help = N_("NICs and switch ports for all the nodes") },
  { B ("power_price_kwh", RP_FIELD_DOUBLE, power_price_kwh), .max = 100, .def = NAN,
    .flags = PRICE | MAIN, .unit = RP_UNIT_MONEY_PER_KWH, .digits = 3, .step = 0.01,
    .label = N_("Power price"), .null_label = N_("the catalog’s price") },
  { B ("pue", RP_FIELD_DOUBLE, pue), .min = 1, .max = 5, .def = NAN, .flags = CATALOG | MAIN,
    .digits = 2, .step = 0.05, .label = N_("PUE"), .null_label = N_("the catalog’s average"),
    .help = N_("Power usage effectiveness: facility power over IT power") },
  { B ("years", RP_FIELD_DOUBLE, years), .min = 0.1, .max = 50, .def = NAN,
    .flags = CATALOG | MAIN, .unit = RP_UNIT_YEARS, .digits = 1, .step = 0.5,
    .label = N_("Depreciation"), .null_label = N_("the catalog’s period"), .applies = may_buy },
  { B ("residual_pct", RP_FIELD_DOUBLE, residual_pct), .max = 100, .def = 10, .flags = MAIN,
    .unit = RP_UNIT_PERCENT, .step = 5, .label = N_("Resale value"), .applies = may_buy,
    .help = N_("What the machines sell for at the end of the depreciation period") },
  { B ("maintenance_pct_year", RP_FIELD_DOUBLE, maintenance_pct_year), .max = 100, .def = 5,
    .flags = MAIN, .unit = RP_UNIT_PERCENT, .digits = 1, .step = 1,
    .label = N_("Maintenance per year"), .applies = may_buy,
    .help = N_("Spare parts and support contracts, as a share of the purchase price") },
  { B ("ops_cost_year", RP_FIELD_DOUBLE, ops_cost_year), .max = 1e10, .flags = RP_FIELD_MONEY | MAIN,
    .unit = RP_UNIT_MONEY_PER_YEAR, .step = 1000, .label = N_("Operations per year"),
    .applies = may_buy,
    .help = N_("People who run the machines: monitoring, driver upgrades, repairs") },
  { B ("colocation_per_month", RP_FIELD_DOUBLE, colocation_per_month), .max = 1e9,
    .flags = RP_FIELD_MONEY | MAIN, .unit = RP_UNIT_MONEY_PER_MONTH, .step = 100,
    .label = N_("Colocation"), .applies = may_buy,
    .help = N_("Rack space, cooling and connectivity in a data centre") },
  /* 1000 %: a model eleven times larger each year, beyond any trend */
  { B ("growth_pct_year", RP_FIELD_DOUBLE, growth_pct_year), .max = 1000, .def = 0,
    .flags = MAIN, .unit = RP_UNIT_PERCENT, .digits = 0, .step = 10,
    .label = N_("Model growth per year"), .applies = may_buy,
    .help = N_("How much larger the models trained on a bought machine get each year of its "
               "life: the GPUs must still fit them at the end") },
  { B ("utilization_pct", RP_FIELD_DOUBLE, utilization_pct), .max = 100, .def = 60,
    .flags = MAIN, .unit = RP_UNIT_PERCENT, .step = 5, .label = N_("Utilization"),
    .help = N_("How busy a bought machine would be over its life") },
  { B ("cost_of_capital_pct", RP_FIELD_DOUBLE, cost_of_capital_pct), .max = 100,
    .flags = MAIN, .unit = RP_UNIT_PERCENT, .digits = 1, .step = 0.5,
    .label = N_("Cost of capital"), .applies = may_buy,
    .help = N_("Interest per year on the money tied up in the machines") },
  { B ("storage_price_gb_month", RP_FIELD_DOUBLE, storage_price_gb_month), .max = 1000,
    .flags = RP_FIELD_MONEY | MORE, .unit = RP_UNIT_MONEY_PER_GB_MONTH, .digits = 3,
    .step = 0.01, .label = N_("Cloud storage price"), .applies = may_rent,
    .help = N_("For the checkpoints kept while renting") },
  { B ("egress_gb", RP_FIELD_DOUBLE, egress_gb), .max = 1e12, .flags = MORE,
    .unit = RP_UNIT_GB, .step = 100, .label = N_("Data taken out"), .applies = may_rent },
  { B ("egress_price_gb", RP_FIELD_DOUBLE, egress_price_gb), .max = 1000,
    .flags = RP_FIELD_MONEY | MORE, .unit = RP_UNIT_MONEY_PER_GB, .digits = 3, .step = 0.01,
    .label = N_("Egress price"), .applies = may_rent },
  { B ("spot_interruption_pct", RP_FIELD_DOUBLE, spot_interruption_pct), .max = 500,
    .flags = MAIN, .unit = RP_UNIT_PERCENT, .step = 5, .label = N_("Spot interruptions"),
    .applies = is_spot,
    .help = N_("Extra time bought for work lost when spot capacity is taken back") },
  { B ("grid_kg_co2_per_kwh", RP_FIELD_DOUBLE, grid_kg_co2_per_kwh), .max = 10, .def = 0.4,
    .flags = MORE, .unit = RP_UNIT_KG_CO2_PER_KWH, .digits = 3, .step = 0.05,
    .label = N_("Grid carbon intensity") },

  /* ---- planner: not form rows; the Plan view edits them ---- */
  { P ("gpu_types", RP_FIELD_STRING, gpu_types), .max = LIST, .def = NAN,
    .flags = RP_FIELD_NULLABLE,
    .ref = RP_FIELD_REF_GPU_LIST, .label = N_("GPU types"), .null_label = N_("every GPU"),
    .help = N_("GPU ids the planner may choose, separated by commas") },
  { P ("vendors", RP_FIELD_STRING, vendors), .max = LIST, .def = NAN,
    .flags = RP_FIELD_NULLABLE,
    .label = N_("Vendors"), .null_label = N_("any vendor"),
    .help = N_("GPU vendors the planner may choose, separated by commas (NVIDIA, AMD, …)") },
  { P ("providers", RP_FIELD_STRING, providers), .max = LIST, .def = NAN,
    .flags = RP_FIELD_NULLABLE,
    .label = N_("Providers"), .null_label = N_("any provider"),
    .help = N_("Cloud providers to rent from, or their kinds (hyperscaler, gpu-cloud, "
               "marketplace), separated by commas") },
  { P ("regions", RP_FIELD_STRING, regions), .max = LIST, .def = NAN,
    .flags = RP_FIELD_NULLABLE,
    .label = N_("Regions"), .null_label = N_("any region"),
    .help = N_("Words an offer's region must contain, separated by commas; offers that "
               "state no region are then left out") },
  /* 1,048,576 GPUs: beyond any cluster built so far; a policy bound */
  { P ("max_gpus", RP_FIELD_UINT, max_gpus), .min = 1, .max = 1048576, .def = 256,
    .unit = RP_UNIT_GPUS, .step = 8, .label = N_("At most GPUs") },
  { P ("max_nodes", RP_FIELD_UINT, max_nodes), .min = 1, .max = 131072, .def = 32,
    .step = 1, .label = N_("At most nodes") },
};

#undef ID
#undef LIST
#undef M
#undef T
#undef H
#undef B
#undef P
#undef SC
#undef AR

/* ---- helpers -------------------------------------------------------- */

static gboolean
is_whole (const RpField *f)
{
  return f->type == RP_FIELD_UINT || f->type == RP_FIELD_UINT64 ||
         f->type == RP_FIELD_ENUM || f->type == RP_FIELD_BOOL;
}

/* The number a numeric field holds in @base (a scenario, or a model
 * architecture for its fields). */
static inline double
number_at (const RpField *field,
           gconstpointer  base)
{
  gconstpointer p = (const guint8 *) base + field->offset;

  switch (field->type)
    {
    case RP_FIELD_UINT:
      return *(const guint *) p;
    case RP_FIELD_UINT64:
      return (double) *(const guint64 *) p;
    case RP_FIELD_DOUBLE:
      return *(const double *) p;
    case RP_FIELD_BOOL:
      return *(const gboolean *) p ? 1 : 0;
    case RP_FIELD_ENUM:
      return *(const int *) p;
    case RP_FIELD_STRING:
    default:
      return NAN;
    }
}

/* The one statement of a field's rule: null only where the field may be
 * null, else finite, within [min, max], whole where the type is whole. */
static inline gboolean
in_range (const RpField *field,
          double         value)
{
  if (isnan (value))
    return (field->flags & RP_FIELD_NULLABLE) != 0;
  return isfinite (value) && value >= field->min && value <= field->max &&
         (!is_whole (field) || value == floor (value));
}

/* One end of a range: whole where it is whole, else at most four
 * decimals without trailing zeros ("0.01", not "0.0100"). */
static char *
format_bound (double value)
{
  char *text;
  char *dot;

  if (value == floor (value))
    return rp_units_format_number (value, 0);
  text = rp_units_format_number (value, 4);
  dot = strpbrk (text, ".,");
  if (dot != NULL && strchr (dot + 1, '.') == NULL && strchr (dot + 1, ',') == NULL)
    {
      char *end = text + strlen (text) - 1;

      while (end > dot && *end == '0')
        *end-- = '\0';
      if (end == dot)
        *end = '\0';
    }
  return text;
}

/* The range in stored units (@scale 1: files, the schema) or in the
 * form's shown units. */
static char *
describe_range_scaled (const RpField *field,
                       double         scale)
{
  g_autofree char *lo = format_bound (field->min / scale);
  g_autofree char *hi = format_bound (field->max / scale);

  /* TRANSLATORS: the accepted range of a field, "from 1 to 1,024" */
  return g_strdup_printf (_("from %s to %s"), lo, hi);
}

static gboolean
range_error_scaled (const RpField *f,
                    double         scale,
                    GError       **error)
{
  g_autofree char *range = describe_range_scaled (f, scale);

  if (is_whole (f))
    /* TRANSLATORS: %s is a range, "from 1 to 16,777,216" */
    rp_error_set_key (error, RP_ERROR_INVALID_VALUE, f->key,
                      _("expected a whole number %s"), range);
  else
    /* TRANSLATORS: %s is a range, "from 0 to 100" */
    rp_error_set_key (error, RP_ERROR_INVALID_VALUE, f->key, _("expected a number %s"), range);
  return FALSE;
}

static gboolean
range_error (const RpField *f,
             GError       **error)
{
  return range_error_scaled (f, 1, error);
}

/* The scenario's numeric fields packed for the check every estimate
 * runs: one list per type so that the walk does not switch, read in one
 * pass, each bound already in the form the comparison wants.  Built once
 * from the constant table above, so it can never disagree with it;
 * strings and architecture keys are not in it.
 *
 * A whole member v is in [min, max] exactly when it is in
 * [ceil (min), floor (max)], and then (unsigned) (v - lo) <= hi - lo: one
 * comparison, no conversion.  A double's infinite bound becomes the
 * largest finite double, so that the two comparisons reject a NAN (not
 * nullable) or an infinity (either) without isfinite(). */
typedef struct
{
  gsize  offset;                /* in RpScenario */
  guint  lo;                    /* UINT: lo; ENUM: (guint) lo */
  guint  span;                  /* hi - lo */
} WholeCheck;

typedef struct
{
  gsize  offset;                /* in RpScenario */
  double min;                   /* finite */
  double max;                   /* finite */
} RangeCheck;

typedef struct
{
  WholeCheck uints[G_N_ELEMENTS (fields)];     /* UINT */
  WholeCheck ints[G_N_ELEMENTS (fields)];      /* ENUM */
  RangeCheck uint64s[G_N_ELEMENTS (fields)];   /* UINT64, read as a double */
  RangeCheck doubles[G_N_ELEMENTS (fields)];   /* DOUBLE, not null */
  RangeCheck nullables[G_N_ELEMENTS (fields)]; /* DOUBLE, NAN accepted */
  guint      n_uints, n_ints, n_uint64s, n_doubles, n_nullables;
  /* every BOOL's range holds 0 and 1, and every whole range holds a
   * value of its type: else no scenario passes the packed walk, and the
   * table's own walk finds the field */
  gboolean   satisfiable;
} RangeChecks;

/* [ceil (@min), floor (@max)] within [@type_min, @type_max] as lo and
 * hi - lo; FALSE when no whole number of the type is in it. */
static gboolean
whole_check (const RpField *f,
             double         type_min,
             double         type_max,
             WholeCheck    *out)
{
  double lo = MAX (ceil (f->min), type_min), hi = MIN (floor (f->max), type_max);

  out->offset = f->offset;
  if (isnan (f->min) || isnan (f->max) || !(lo <= hi))
    return FALSE;
  if (type_min < 0)
    {
      out->lo = (guint) (int) lo;
      out->span = (guint) (int) hi - out->lo;
    }
  else
    {
      out->lo = (guint) lo;
      out->span = (guint) hi - out->lo;
    }
  return TRUE;
}

static RangeCheck
range_check (const RpField *f)
{
  RangeCheck c = { f->offset, f->min, f->max };

  /* isinf (min): -G_MAXDOUBLE still rejects -inf, and so on */
  c.min = isinf (c.min) && c.min < 0 ? -G_MAXDOUBLE : c.min;
  c.max = isinf (c.max) && c.max > 0 ? G_MAXDOUBLE : c.max;
  return c;
}

static const RangeChecks *
get_range_checks (void)
{
  static RangeChecks checks;
  static gsize built = 0;

  if (!g_once_init_enter (&built))
    return &checks;
  checks.satisfiable = TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      const RpField *f = &fields[i];

      if (f->arch_bit != 0)
        continue;
      switch (f->type)
        {
        case RP_FIELD_UINT:
          checks.satisfiable &= whole_check (f, 0, G_MAXUINT, &checks.uints[checks.n_uints++]);
          break;
        case RP_FIELD_UINT64:
          checks.uint64s[checks.n_uint64s++] = range_check (f);
          break;
        case RP_FIELD_BOOL:
          if (!in_range (f, 0) || !in_range (f, 1))
            checks.satisfiable = FALSE;
          break;
        case RP_FIELD_ENUM:
          checks.satisfiable &= whole_check (f, G_MININT, G_MAXINT, &checks.ints[checks.n_ints++]);
          break;
        case RP_FIELD_DOUBLE:
          if (f->flags & RP_FIELD_NULLABLE)
            checks.nullables[checks.n_nullables++] = range_check (f);
          else
            checks.doubles[checks.n_doubles++] = range_check (f);
          break;
        case RP_FIELD_STRING:
        default:
          break;
        }
    }
  g_once_init_leave (&built, 1);
  return &checks;
}

#define MEMBER(type, base, c) (*(const type *) ((const guint8 *) (base) + (c)->offset))

/* Whether every numeric field of @scenario is in its range: in_range()
 * over the packed lists (see RangeCheck). */
static gboolean
all_in_range (const RpScenario *scenario)
{
  const RangeChecks *checks = get_range_checks ();
  gboolean ok = checks->satisfiable;

  for (guint i = 0; i < checks->n_uints; i++)
    {
      const WholeCheck *c = &checks->uints[i];

      ok &= MEMBER (guint, scenario, c) - c->lo <= c->span;
    }
  for (guint i = 0; i < checks->n_ints; i++)
    {
      const WholeCheck *c = &checks->ints[i];

      ok &= (guint) MEMBER (int, scenario, c) - c->lo <= c->span;
    }
  for (guint i = 0; i < checks->n_uint64s; i++)
    {
      const RangeCheck *c = &checks->uint64s[i];
      double value = (double) MEMBER (guint64, scenario, c);

      ok &= value >= c->min && value <= c->max;
    }
  /* a NAN fails both comparisons, an infinity one of them */
  for (guint i = 0; i < checks->n_doubles; i++)
    {
      const RangeCheck *c = &checks->doubles[i];
      double value = MEMBER (double, scenario, c);

      ok &= value >= c->min && value <= c->max;
    }
  /* a NAN passes both negated comparisons, an infinity fails one */
  for (guint i = 0; i < checks->n_nullables; i++)
    {
      const RangeCheck *c = &checks->nullables[i];
      double value = MEMBER (double, scenario, c);

      ok &= !(value < c->min) && !(value > c->max);
    }
  return ok;
}

#undef MEMBER

/* ---- public API: the table ------------------------------------------ */

guint
rp_fields_n (void)
{
  return G_N_ELEMENTS (fields);
}

const RpField *
rp_fields_get (guint i)
{
  g_return_val_if_fail (i < G_N_ELEMENTS (fields), NULL);
  return &fields[i];
}

const RpField *
rp_fields_lookup (const char *key)
{
  if (key == NULL)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (strcmp (fields[i].key, key) == 0)
      return &fields[i];
  return NULL;
}

char *
rp_field_dup_property_name (const RpField *field)
{
  g_return_val_if_fail (field != NULL, NULL);
  return g_strdelimit (g_strdup (field->json_key), "_", '-');
}

const char *
rp_field_type_to_string (RpFieldType type)
{
  static const char *const names[] = { "uint", "uint64", "number", "bool", "enum", "string" };

  g_return_val_if_fail ((guint) type < G_N_ELEMENTS (names), NULL);
  return names[type];
}

gboolean
rp_field_is_number (const RpField *field)
{
  g_return_val_if_fail (field != NULL, FALSE);
  return field->type != RP_FIELD_STRING;
}

gpointer
rp_field_member (const RpField *field,
                 RpScenario    *scenario)
{
  g_return_val_if_fail (field != NULL && scenario != NULL, NULL);

  if (field->arch_bit != 0)
    return (guint8 *) &scenario->model.arch + field->offset;
  return (guint8 *) scenario + field->offset;
}

gconstpointer
rp_field_member_const (const RpField    *field,
                       const RpScenario *scenario)
{
  return rp_field_member (field, (RpScenario *) scenario);
}

double
rp_field_get_number (const RpField *field,
                     gconstpointer  base)
{
  g_return_val_if_fail (field != NULL && base != NULL, NAN);

  g_return_val_if_fail (field->type != RP_FIELD_STRING, NAN);
  return number_at (field, base);
}

void
rp_field_set_number (const RpField *field,
                     gpointer       base,
                     double         value)
{
  gpointer p;

  g_return_if_fail (field != NULL && base != NULL);

  p = (guint8 *) base + field->offset;
  switch (field->type)
    {
    case RP_FIELD_UINT:
      *(guint *) p = (guint) value;
      break;
    case RP_FIELD_UINT64:
      *(guint64 *) p = (guint64) value;
      break;
    case RP_FIELD_DOUBLE:
      *(double *) p = value;
      break;
    case RP_FIELD_BOOL:
      *(gboolean *) p = value != 0;
      break;
    case RP_FIELD_ENUM:
      *(int *) p = (int) value;
      break;
    case RP_FIELD_STRING:
    default:
      g_return_if_reached ();
    }
}

gboolean
rp_field_is_null (const RpField *field,
                  gconstpointer  base)
{
  gconstpointer p;

  g_return_val_if_fail (field != NULL && base != NULL, FALSE);

  p = (const guint8 *) base + field->offset;
  if (field->type == RP_FIELD_STRING)
    return *(char *const *) p == NULL;
  if (field->type == RP_FIELD_DOUBLE)
    return isnan (*(const double *) p);
  return FALSE;
}

char *
rp_field_describe_range (const RpField *field)
{
  g_return_val_if_fail (field != NULL, NULL);
  return describe_range_scaled (field, 1);
}

gboolean
rp_field_check (const RpField *field,
                double         value,
                GError       **error)
{
  g_return_val_if_fail (field != NULL, FALSE);
  g_return_val_if_fail (field->type != RP_FIELD_STRING, FALSE);

  return in_range (field, value) || range_error (field, error);
}

gboolean
rp_fields_check_scenario (const RpScenario *scenario,
                          GError          **error)
{
  g_return_val_if_fail (scenario != NULL, FALSE);

  /* every estimate checks every field, and nearly every scenario passes:
   * the packed walk says so; only a failure walks the table itself for
   * the first field out of range that applies, and its message */
  if (all_in_range (scenario))
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      const RpField *f = &fields[i];

      if (f->arch_bit != 0 || f->type == RP_FIELD_STRING || in_range (f, number_at (f, scenario)))
        continue;
      if (f->applies == NULL || f->applies (scenario, &scenario->model.arch))
        return range_error (f, error);
    }
  return TRUE;
}

/* The architecture keys, in table order (rp_fields_copy_arch). */
static const RpField *const *
get_arch_fields (guint *n_out)
{
  static const RpField *arch_fields[G_N_ELEMENTS (fields)];
  static guint n;
  static gsize built = 0;

  if (g_once_init_enter (&built))
    {
      for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
        if (fields[i].arch_bit != 0)
          arch_fields[n++] = &fields[i];
      g_once_init_leave (&built, 1);
    }
  *n_out = n;
  return arch_fields;
}

void
rp_fields_copy_arch (RpModelArch       *dest,
                     const RpModelArch *src,
                     guint32            bits)
{
  const RpField *const *arch_fields;
  guint n;

  g_return_if_fail (dest != NULL && src != NULL);

  if (bits == 0)
    return;
  arch_fields = get_arch_fields (&n);
  for (guint i = 0; i < n; i++)
    if (bits & arch_fields[i]->arch_bit)
      rp_field_set_number (arch_fields[i], dest, number_at (arch_fields[i], src));
}

gboolean
rp_field_parse_text (const RpField *field,
                     const char    *text,
                     double        *out,
                     GError       **error)
{
  double shown = 0, value;
  g_autofree char *stripped = NULL;

  g_return_val_if_fail (field != NULL && text != NULL && out != NULL, FALSE);

  stripped = g_strstrip (g_strdup (text));
  if (*stripped == '\0' && (field->flags & RP_FIELD_NULLABLE))
    {
      *out = NAN;
      return TRUE;
    }
  if (!rp_units_parse_number (stripped, &shown))
    {
      g_autofree char *range = describe_range_scaled (field, rp_unit_get_scale (field->unit));

      /* TRANSLATORS: %s is what was typed, then a range "from 1 to 1,024" */
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, field->key,
                        _("“%s” is not a number; expected one %s"), stripped, range);
      return FALSE;
    }
  value = shown * rp_unit_get_scale (field->unit);
  /* M tokens or % shown with few digits: snap whole fields to whole values */
  if (is_whole (field) && fabs (value - round (value)) < 1e-6 * MAX (1, fabs (value)))
    value = round (value);
  /* the message speaks in the units the person typed */
  if (!rp_field_check (field, value, NULL))
    return range_error_scaled (field, rp_unit_get_scale (field->unit), error);
  *out = value;
  return TRUE;
}

gboolean
rp_field_applies (const RpField     *field,
                  const RpScenario  *scenario,
                  const RpModelArch *arch)
{
  g_return_val_if_fail (field != NULL && scenario != NULL && arch != NULL, FALSE);
  return field->applies == NULL || field->applies (scenario, arch);
}

const char *
rp_field_get_label (const RpField *field)
{
  g_return_val_if_fail (field != NULL, NULL);
  return _(field->label);
}

const char *
rp_field_get_help (const RpField *field)
{
  g_return_val_if_fail (field != NULL, NULL);
  return field->help != NULL ? _(field->help) : NULL;
}

const char *
rp_field_get_null_label (const RpField *field)
{
  g_return_val_if_fail (field != NULL, NULL);
  return field->null_label != NULL ? _(field->null_label) : NULL;
}

/* ---- public API: units ---------------------------------------------- */

const char *
rp_unit_get_name (RpUnit unit)
{
  g_return_val_if_fail ((guint) unit < RP_N_UNITS, NULL);
  return units[unit].name;
}

char *
rp_unit_dup_label (RpUnit     unit,
                   RpCurrency currency)
{
  const char *label;

  g_return_val_if_fail ((guint) unit < RP_N_UNITS, NULL);

  if (units[unit].label == NULL)
    return NULL;
  label = g_str_equal (units[unit].label, "%") || g_str_equal (units[unit].label, "%s")
          ? units[unit].label : _(units[unit].label);
  if (strstr (label, "%s") != NULL)
    return g_strdup_printf (label, rp_units_currency_symbol (currency));
  return g_strdup (label);
}

char *
rp_unit_format_value (RpUnit     unit,
                      double     stored,
                      guint      digits,
                      RpCurrency currency)
{
  const char *label;
  g_autofree char *number = NULL;

  g_return_val_if_fail ((guint) unit < RP_N_UNITS, NULL);

  if (unit == RP_UNIT_PERCENT || unit == RP_UNIT_FRACTION_AS_PERCENT)
    return rp_units_format_percent (stored / units[unit].scale, (int) digits);
  number = rp_units_format_number (stored / units[unit].scale, (int) digits);
  if (units[unit].label == NULL)
    return g_steal_pointer (&number);
  label = g_str_equal (units[unit].label, "%s") ? units[unit].label : _(units[unit].label);
  if (units[unit].one != NULL && stored / units[unit].scale == 1)
    label = _(units[unit].one);
  if (strstr (label, "%s") != NULL)
    {
      /* the amount takes the symbol's place: "¥2.00/GPU·h" */
      g_autofree char *amount = g_strconcat (rp_units_currency_symbol (currency), number, NULL);

      return g_strdup_printf (label, amount);
    }
  return g_strdup_printf ("%s %s", number, label);
}

double
rp_unit_get_scale (RpUnit unit)
{
  g_return_val_if_fail ((guint) unit < RP_N_UNITS, 1);
  return units[unit].scale;
}

/* ---- public API: defaults ------------------------------------------- */

void
rp_fields_set_defaults (RpScenario *scenario)
{
  g_return_if_fail (scenario != NULL);

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      const RpField *f = &fields[i];

      if (f->type == RP_FIELD_STRING)
        continue;   /* strings default to NULL; the name to "" below */
      rp_field_set_number (f, f->arch_bit != 0 ? (gpointer) &scenario->model.arch
                                               : (gpointer) scenario, f->def);
    }
  /* The architecture defaults are the override buffer's; they only count
   * where an override bit is set. */
  if (scenario->name == NULL)
    scenario->name = g_strdup ("");
}

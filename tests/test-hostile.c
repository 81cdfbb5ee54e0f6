/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-hostile.c: hostile scenario and catalog files, one table row each
 *
 * Scenario, catalog and measurement files (rigplan-probe's output, and
 * the user's calibrations among the catalog files).
 * Every row is a file as a careless editor, a broken disk or an attacker
 * could leave it, and the answer Rigplan must give: the JSON path the
 * error carries (rp_error_get_key()) and a fragment of its message, or
 * that the file loads.  Rows run through the real file readers, so the
 * file's name must start every message. */

#include "config.h"

#include "rp-catalog.h"
#include "rp-compare-set.h"
#include "rp-error.h"
#include "rp-estimate.h"
#include "rp-file-kind.h"
#include "rp-fix.h"
#include "rp-import.h"
#include "rp-measure.h"
#include "rp-model.h"
#include "rp-scenario.h"
#include "rp-words.h"
#include "rp-yaml-private.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef enum
{
  SHAPE_TEXT,                   /* a file holding text */
  SHAPE_DEEP,                   /* an unknown key nested len levels deep */
  SHAPE_BIG,                    /* len bytes of spaces around "{}" */
  SHAPE_DIR,                    /* a directory in the file's place */
  SHAPE_FIFO,
  SHAPE_LOOP,                   /* a symbolic link to itself */
  SHAPE_DANGLING,               /* a link to nothing */
  SHAPE_LINK,                   /* a link to a file holding text */
  SHAPE_DEVICE,                 /* the device named by text */
  SHAPE_APPLEDOUBLE,            /* text in "._NAME", as macOS leaves them */
  SHAPE_UNKNOWN_ARRAY,          /* a scenario whose unknown key "x" lists len 1s */
  SHAPE_UNKNOWN_KEYS,           /* a scenario with len unknown keys k0, k1, … */
  SHAPE_UNKNOWN_TEXT,           /* a scenario whose unknown key "x" is len bytes of text */
  SHAPE_LONG_FIELD,             /* a scenario whose field (text: "name", …) is len bytes */
  SHAPE_YAML_FLOW,              /* "x: " and len levels of "[…]" */
  SHAPE_YAML_MAPS,              /* "x: " and len levels of "{a: …}" */
  SHAPE_YAML_ANCHORS,           /* len anchors in a list, then an alias of each */
  SHAPE_YAML_ALIASES,           /* one anchor, used len times */
  SHAPE_YAML_KEYS,              /* a mapping of len keys */
} Shape;

typedef struct
{
  const char *name;
  Shape       shape;
  const char *text;
  gsize       len;
  const char *key;              /* the error's key; NULL: none */
  const char *fragment;         /* in the message; NULL: the file loads */
  guint       max_events;       /* YAML: most events read before the answer; 0: any */
} Row;

/* A valid scenario with @extra members added to the root object. */
#define SC(extra)                                                            \
  "{\"format\": \"rigplan-scenario\", \"version\": 1,"                       \
  " \"model\": {\"preset\": \"gpt2\"}, \"hardware\": {\"gpu\": \"rtx-4090\"}" extra "}"
#define HEAD "{\"format\": \"rigplan-scenario\", \"version\": 1"

#define TEXT(name, text, key, fragment) \
  { name, SHAPE_TEXT, text, sizeof (text) - 1, key, fragment }
#define SHAPE(name, shape, text, len, key, fragment) \
  { name, shape, text, len, key, fragment, 0 }
/* A YAML row that must be answered within @events events of libyaml:
 * the limit stops the reading, not the end of the file. */
#define YAML(name, shape, len, fragment, events) \
  { name, shape, NULL, len, NULL, fragment, events }

static const Row scenario_rows[] = {
  /* the file itself */
  TEXT ("empty", "", NULL, "the file is empty"),
  TEXT ("only-space", " \n\t\r\n", NULL, "the file is empty"),
  SHAPE ("too-big", SHAPE_BIG, NULL, RP_SCENARIO_MAX_BYTES + 1, NULL, "larger than 4.0"),
  SHAPE ("at-the-limit", SHAPE_BIG, NULL, RP_SCENARIO_MAX_BYTES, "format", "required"),
  SHAPE ("directory", SHAPE_DIR, NULL, 0, NULL, "is a directory"),
  SHAPE ("fifo", SHAPE_FIFO, NULL, 0, NULL, "not a regular file"),
  SHAPE ("dev-zero", SHAPE_DEVICE, "/dev/zero", 0, NULL, "not a regular file"),
  SHAPE ("dev-urandom", SHAPE_DEVICE, "/dev/urandom", 0, NULL, "not a regular file"),
  SHAPE ("symlink-loop", SHAPE_LOOP, NULL, 0, NULL, "symbolic links"),
  SHAPE ("dangling-link", SHAPE_DANGLING, NULL, 0, NULL, "No such file"),
  SHAPE ("good-link", SHAPE_LINK, SC (""), sizeof (SC ("")) - 1, NULL, NULL),

  /* bytes between tokens */
  TEXT ("bom", "\xEF\xBB\xBF" SC (""), NULL, NULL),
  TEXT ("bom-only", "\xEF\xBB\xBF", NULL, "the file is empty"),
  TEXT ("utf16le-bom", "\xFF\xFE{\0\"\0f\0", NULL, "is UTF-16 (little-endian) text"),
  TEXT ("utf16be", "\0{\0\"\0f", NULL, "is UTF-16 (big-endian) text"),
  TEXT ("utf32le-bom", "\xFF\xFE\0\0{\0\0\0", NULL, "is UTF-32 (little-endian) text"),
  TEXT ("utf32be", "\0\0\0{\0\0\0\"", NULL, "is UTF-32 (big-endian) text"),
  TEXT ("nul-between-tokens", HEAD ",\0 \"x\": 1}", NULL, "a NUL byte is not allowed (line 1"),
  TEXT ("control-between-tokens", HEAD ",\x01 \"x\": 1}", NULL, "U+0001 is not allowed here"),
  TEXT ("form-feed-as-space", HEAD ",\f \"x\": 1}", NULL, "U+000C is not allowed here"),
  TEXT ("del-between-tokens", HEAD ",\x7F \"x\": 1}", NULL, "U+007F is not allowed here"),
  TEXT ("trailing-garbage", SC ("") " x", NULL, "text after the end of the JSON document"),
  TEXT ("two-documents", SC ("") SC (""), NULL, "text after the end"),
  TEXT ("trailing-nul", SC ("") "\0", NULL, "a NUL byte is not allowed"),
  TEXT ("truncated", HEAD ",\n \"model\": {", NULL, "ends before the JSON is complete (line 2"),
  TEXT ("single-quotes", "{'format': 'rigplan-scenario'}", NULL, "not valid JSON (line 1, column 2)"),
  TEXT ("trailing-comma", HEAD ",}", NULL, "not valid JSON"),
  TEXT ("comment", HEAD ", // note\n \"x\": 1}", NULL, "not valid JSON"),

  /* strings and keys */
  TEXT ("raw-control-in-string", SC (", \"name\": \"a\x01" "b\""), "name", "U+0001 must be written"),
  TEXT ("raw-newline-in-string", SC (", \"name\": \"a\nb\""), "name", "U+000A must be written"),
  TEXT ("raw-nul-in-string", SC (", \"name\": \"a\0b\""), "name", "NUL byte is not allowed in text"),
  TEXT ("escaped-nul-in-string", SC (", \"name\": \"a\\u0000b\""), "name", "\\u0000"),
  TEXT ("escaped-nul-in-key", SC (", \"gpu\\u0000x\": 1"), NULL, "\\u0000"),
  TEXT ("raw-nul-in-nested-key", HEAD ", \"model\": {\"pre\0set\": \"gpt2\"}}", "model",
        "NUL byte is not allowed in text"),
  TEXT ("bad-utf8-in-value", SC (", \"name\": \"caf\xE9\""), "name", "not valid UTF-8"),
  TEXT ("bad-utf8-in-unknown-key", SC (", \"x\xFF\": 1"), NULL, "not valid UTF-8"),
  TEXT ("overlong-utf8", SC (", \"name\": \"\xC0\xAF\""), "name", "not valid UTF-8"),
  TEXT ("utf8-surrogate", SC (", \"name\": \"\xED\xA0\x80\""), "name", "not valid UTF-8"),
  TEXT ("truncated-utf8", SC (", \"name\": \"\xE4\xB8\""), "name", "not valid UTF-8"),
  TEXT ("lone-high-surrogate", SC (", \"x\": \"\\ud800\""), "x", "lone UTF-16 surrogate"),
  TEXT ("lone-low-surrogate", SC (", \"x\": [\"\\udc00\"]"), "x[0]", "lone UTF-16 surrogate"),
  TEXT ("surrogate-pair", SC (", \"name\": \"\\ud83d\\ude80\""), NULL, NULL),
  TEXT ("unknown-escape", SC (", \"name\": \"\\x41\""), "name", "unknown escape"),
  TEXT ("short-unicode-escape", SC (", \"name\": \"\\u12\""), "name", "four hex digits"),
  TEXT ("unterminated-string", HEAD ", \"name\": \"abc", "name", "ends inside a string"),
  TEXT ("chinese-name", SC (", \"name\": \"微调 Llama\""), NULL, NULL),
  /* loads: the name is data; only what shows it escapes it */
  TEXT ("terminal-escapes-in-name",
        SC (", \"name\": \"\\u001b]0;PWNED\\u0007\\u001b[2J\\u001b[31m\""), NULL, NULL),

  /* numbers */
  TEXT ("400-digit-number",
        HEAD ", \"model\": {\"preset\": \"gpt2\", \"params\": "
        "1000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "0000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "0000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "0000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000}}",
        "model.params", "out of range"),
  TEXT ("1e400", SC (", \"budget\": {\"limit\": 1e400}"), "budget.limit", "out of range"),
  TEXT ("minus-1e400", SC (", \"budget\": {\"limit\": -1e400}"), "budget.limit", "out of range"),
  TEXT ("70-digit-number-in-range", SC (", \"x\": 1234567890123456789012345678901234567890"
                                       "123456789012345678901234567890.5"), NULL, NULL),
  TEXT ("underflow-reads-as-zero", SC (", \"x\": 1e-400"), NULL, NULL),
  TEXT ("leading-zero", SC (", \"x\": 01"), NULL, "not valid JSON"),
  TEXT ("plus-sign", SC (", \"x\": +1"), NULL, "not valid JSON"),
  TEXT ("bare-fraction", SC (", \"x\": .5"), NULL, "not valid JSON"),
  TEXT ("dot-without-digits", SC (", \"x\": 1."), NULL, "not valid JSON"),
  TEXT ("nan", SC (", \"x\": NaN"), NULL, "not valid JSON"),
  TEXT ("infinity", SC (", \"x\": -Infinity"), NULL, "not valid JSON"),
  TEXT ("hex-number", SC (", \"x\": 0x10"), NULL, "not valid JSON"),

  /* memory: what a file can make Rigplan hold (and a plan copy for each
   * machine it tries) is bounded, and the key past the bound named; the
   * unknown array of 2,000,000 values took 336 MB and 6.8 s */
  SHAPE ("unknown-array-2000000", SHAPE_UNKNOWN_ARRAY, NULL, 2000000, "x[19992]",
         "more than 20000 values in one file"),
  SHAPE ("unknown-array-9999", SHAPE_UNKNOWN_ARRAY, NULL, 9999, NULL, NULL),
  SHAPE ("unknown-array-10000", SHAPE_UNKNOWN_ARRAY, NULL, 10000, "x",
         "values of keys Rigplan does not know past 10000"),
  SHAPE ("unknown-keys-256", SHAPE_UNKNOWN_KEYS, NULL, 256, NULL, NULL),
  SHAPE ("unknown-keys-257", SHAPE_UNKNOWN_KEYS, NULL, 257, "k256", "past the limit of 256"),
  SHAPE ("unknown-text-1mib", SHAPE_UNKNOWN_TEXT, NULL, 1024 * 1024, NULL, NULL),
  SHAPE ("unknown-text-over-1mib", SHAPE_UNKNOWN_TEXT, NULL, 1024 * 1024 + 1, "x",
         "text of keys Rigplan does not know past 1.0"),
  TEXT ("unknown-in-section", SC (", \"training\": {\"seq_len\": 512, \"mine\": {\"a\": [" \
        "[], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], []]}}"),
        NULL, NULL),
  SHAPE ("name-1024-bytes", SHAPE_LONG_FIELD, "name", 1024, NULL, NULL),
  SHAPE ("name-1025-bytes", SHAPE_LONG_FIELD, "name", 1025, "name", "longer than 1024 bytes"),
  SHAPE ("notes-65537-bytes", SHAPE_LONG_FIELD, "notes", 65537, "notes",
         "longer than 65536 bytes"),

  /* nesting and repetition */
  SHAPE ("nested-1000", SHAPE_DEEP, NULL, 1000, NULL, NULL),
  SHAPE ("nested-1001", SHAPE_DEEP, NULL, 1001, NULL, "nested deeper than 1000 levels"),
  SHAPE ("nested-100000", SHAPE_DEEP, NULL, 100000, NULL, "nested deeper than 1000 levels"),
  TEXT ("duplicate-root-key", SC (", \"model\": {\"preset\": \"gpt2\"}"), "model",
        "this key appears more than once"),
  TEXT ("duplicate-nested-key", SC (", \"training\": {\"seq_len\": 1, \"seq_len\": 2}"),
        "training.seq_len", "more than once"),
  TEXT ("duplicate-unknown-key", SC (", \"x\": 1, \"x\": 1"), "x", "more than once"),
  TEXT ("duplicate-key-in-array", SC (", \"x\": [{}, {\"a\": 1, \"a\": 2}]"), "x[1].a",
        "more than once"),

  /* the format */
  TEXT ("root-array", "[1, 2]", NULL, "expected a JSON object"),
  TEXT ("root-string", "\"rigplan-scenario\"", NULL, "expected a JSON object"),
  TEXT ("no-format", "{\"version\": 1}", "format", "required"),
  TEXT ("catalog-format", "{\"format\": \"rigplan-gpus\", \"version\": 1}", "format",
        "not a Rigplan scenario"),
  TEXT ("format-number", "{\"format\": 1, \"version\": 1}", "format", "expected a string"),
  TEXT ("newer-version", "{\"format\": \"rigplan-scenario\", \"version\": 3}", "version",
        "newer than this Rigplan"),
  TEXT ("version-string", "{\"format\": \"rigplan-scenario\", \"version\": \"1\"}", "version",
        "expected a number"),
  TEXT ("version-fraction", "{\"format\": \"rigplan-scenario\", \"version\": 1.5}", "version",
        "whole number"),
  TEXT ("version-zero", "{\"format\": \"rigplan-scenario\", \"version\": 0}", "version",
        "whole number"),

  /* wrong types and values */
  TEXT ("model-string", HEAD ", \"model\": \"gpt2\"}", "model", "expected an object"),
  TEXT ("name-number", SC (", \"name\": 5"), "name", "expected a string"),
  TEXT ("seq-len-bool", SC (", \"training\": {\"seq_len\": true}"), "training.seq_len",
        "expected a number"),
  TEXT ("micro-batch-huge", SC (", \"training\": {\"micro_batch\": 1e300}"),
        "training.micro_batch", "whole number from 1 to"),
  TEXT ("gpus-negative", HEAD ", \"model\": {\"preset\": \"gpt2\"},"
        " \"hardware\": {\"gpu\": \"rtx-4090\", \"gpus_per_node\": -1}}",
        "hardware.gpus_per_node", "whole number"),
  TEXT ("training-null", SC (", \"training\": null"), NULL, NULL),
  TEXT ("precision-unknown", SC (", \"training\": {\"precision\": \"fp4\"}"),
        "training.precision", "unknown value"),
  TEXT ("params-negative", HEAD ", \"model\": {\"preset\": \"gpt2\", \"params\": -5}}",
        "model.params", "whole number"),
  TEXT ("params-fraction", HEAD ", \"model\": {\"preset\": \"gpt2\", \"params\": 1.5}}",
        "model.params", "whole number"),
  TEXT ("params-1e17", HEAD ", \"model\": {\"preset\": \"gpt2\", \"params\": 1e17}}",
        "model.params", "from 0 to 1,000,000,000,000,000"),
  /* the size that does not divide is the one named (it was always tensor) */
  TEXT ("pipeline-1024-on-8", HEAD ", \"model\": {\"preset\": \"gpt2\"}, \"training\":"
        " {\"pipeline_parallel\": 1024}, \"hardware\": {\"gpu\": \"h100-sxm\", \"gpus_per_node\": 8}}",
        "training.pipeline_parallel", "(1 × 1024 × 1 = 1024) must divide the GPU count (8)"),
  TEXT ("tensor-3-on-8", HEAD ", \"model\": {\"preset\": \"gpt2\"}, \"training\":"
        " {\"tensor_parallel\": 3}, \"hardware\": {\"gpu\": \"h100-sxm\", \"gpus_per_node\": 8}}",
        "training.tensor_parallel", "(3 × 1 × 1 = 3) must divide"),
  TEXT ("context-3-on-8", HEAD ", \"model\": {\"preset\": \"gpt2\"}, \"training\":"
        " {\"tensor_parallel\": 2, \"pipeline_parallel\": 2, \"context_parallel\": 3},"
        " \"hardware\": {\"gpu\": \"h100-sxm\", \"gpus_per_node\": 8}}",
        "training.context_parallel", "(2 × 2 × 3 = 12) must divide"),
  TEXT ("params-2^53-plus-2", HEAD ", \"model\": {\"preset\": \"gpt2\", \"params\": 9007199254740994}}",
        "model.params", "from 0 to 1,000,000,000,000,000"),
};

/* Scenarios that load, and what the estimate must say of them: an error
 * (key and fragment), or a warning whose code is @fragment when @key is
 * "warning". */
#define ARCH(kind, extra) \
  "{\"format\": \"rigplan-scenario\", \"version\": 1, \"model\": {\"kind\": \"" kind "\", " extra "}," \
  " \"training\": {\"dataset_tokens\": 1e9}, \"hardware\": {\"gpu\": \"h100-sxm\"}}"

static const Row estimate_rows[] = {
  /* 65,536 experts of 16M-wide FFNs: 3.46e23 parameters wrapped to 4.47e17 */
  TEXT ("moe-wraps-around", ARCH ("moe", "\"layers\": 10000, \"hidden\": 1048576, \"heads\": 8192,"
        " \"kv_heads\": 8192, \"ffn\": 16777216, \"ffn_act\": \"swiglu\", \"vocab\": 32000, \"experts\": 65536,"
        " \"experts_active\": 2"), "model.ffn", "more than 2^53"),
  TEXT ("moe-experts-too-many", ARCH ("moe", "\"layers\": 32, \"hidden\": 4096, \"heads\": 32,"
        " \"kv_heads\": 8, \"ffn\": 1048576, \"ffn_act\": \"swiglu\", \"vocab\": 32000,"
        " \"experts\": 65536, \"experts_active\": 2"), "model.experts", "more than 2^53"),
  TEXT ("dense-too-wide", ARCH ("decoder", "\"layers\": 10000, \"hidden\": 1048576,"
        " \"heads\": 8192, \"kv_heads\": 8192, \"ffn\": 16777216, \"vocab\": 32000"),
        "model.ffn", "2^53"),
  TEXT ("attention-too-wide", ARCH ("decoder", "\"layers\": 10000, \"hidden\": 1048576,"
        " \"heads\": 65536, \"kv_heads\": 65536, \"head_dim\": 65536, \"ffn\": 1,"
        " \"vocab\": 32000"),
        "model.hidden", "2^53"),
  TEXT ("vit-patch-too-big", ARCH ("vit", "\"layers\": 1, \"hidden\": 1048576, \"heads\": 1,"
        " \"kv_heads\": 1,"
        " \"ffn\": 1, \"image_channels\": 65536, \"patch_size\": 65536,"
        " \"input_size\": 65536"), "model.patch_size", "2^53"),
  TEXT ("params-given-arch-absurd", ARCH ("moe", "\"params\": 1000, \"layers\": 10000,"
        " \"hidden\": 1048576, \"heads\": 8192, \"kv_heads\": 8192, \"ffn\": 16777216,"
        " \"vocab\": 32000, \"experts\": 65536, \"experts_active\": 1"), "model.ffn", "2^53"),
  TEXT ("moe-params-below-experts", ARCH ("moe", "\"params\": 1000, \"layers\": 2,"
        " \"hidden\": 64, \"heads\": 4, \"kv_heads\": 4, \"ffn\": 256, \"vocab\": 100,"
        " \"experts\": 8,"
        " \"experts_active\": 2"), NULL, NULL),
  TEXT ("epochs-zero", SC (", \"training\": {\"dataset_tokens\": 1e9, \"epochs\": 0}"),
        "warning", "dataset-empty"),
  TEXT ("no-dataset", SC (""), "warning", "dataset-empty"),
  TEXT ("vision-no-samples", HEAD ", \"model\": {\"preset\": \"resnet-50\"},"
        " \"training\": {\"dataset_tokens\": 1e9}, \"hardware\": {\"gpu\": \"h100-sxm\"}}",
        "warning", "dataset-empty"),
  /* a custom decoder must say its key/value heads: "must divide heads"
   * said nothing of a key that was not there */
  TEXT ("custom-decoder-no-kv-heads", ARCH ("decoder", "\"layers\": 2, \"hidden\": 64,"
        " \"heads\": 4, \"ffn\": 256, \"vocab\": 100"), "model.kv_heads",
        "required: the key/value heads"),
  TEXT ("custom-decoder-kv-heads-3", ARCH ("decoder", "\"layers\": 2, \"hidden\": 64,"
        " \"heads\": 4, \"kv_heads\": 3, \"ffn\": 256, \"vocab\": 100"), "model.kv_heads",
        "must divide heads"),
  /* 127 samples in steps of 2 × 8: DeepSpeed refuses it; an estimate says so */
  TEXT ("global-batch-uneven", HEAD ", \"model\": {\"preset\": \"gpt2\"}, \"training\":"
        " {\"micro_batch\": 2, \"global_batch\": 127, \"dataset_tokens\": 1e9},"
        " \"hardware\": {\"gpu\": \"h100-sxm\", \"gpus_per_node\": 8}}", "advice",
        "training.global_batch: 127 is not a multiple of micro batch × data-parallel GPUs"
        " (2 × 8 = 16)"),
  TEXT ("global-batch-even", HEAD ", \"model\": {\"preset\": \"gpt2\"}, \"training\":"
        " {\"micro_batch\": 2, \"global_batch\": 128, \"dataset_tokens\": 1e9},"
        " \"hardware\": {\"gpu\": \"h100-sxm\", \"gpus_per_node\": 8}}", "no-advice",
        "batch-uneven"),
  TEXT ("unknown-gpu", HEAD ", \"model\": {\"preset\": \"gpt2\"}, \"hardware\": {\"gpu\": \"gtx-9999\"}}",
        "hardware.gpu", "gtx-9999"),
  TEXT ("unknown-preset", HEAD ", \"model\": {\"preset\": \"gpt-7\"}, \"hardware\": {\"gpu\": \"h100-sxm\"}}",
        "model.preset", "gpt-7"),
};

/* One file in an otherwise empty user catalog directory (beside the
 * bundled catalogs): a bad one is a problem with its key, never a failed
 * load; hidden and non-regular files are skipped without a word. */
#define GPUS(entries) "{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": [" entries "]}"
#define GPU_WITH(extra) "{\"id\": \"mine\", \"name\": \"Mine\", \"vendor\": \"V\", \"memory_gib\": 12," \
                        " \"tflops\": {\"fp32\": 10}, \"source\": \"s\", \"as_of\": \"2026-01\"" extra "}"
#define OFFERS(entries) "{\"format\": \"rigplan-clouds\", \"version\": 1, \"offers\": [" entries "]}"
#define OFFER_WITH(gpu, extra) "{\"id\": \"my-offer\", \"provider\": \"Lab\", \"gpu\": \"" gpu "\"," \
                               " \"source\": \"s\", \"as_of\": \"2026-01\"" extra "}"
#define PRICE ", \"currency\": \"CNY\", \"per_gpu_hour\": {\"on_demand\": 3}"
#define MODELS(entries) "{\"format\": \"rigplan-models\", \"version\": 1, \"models\": [" entries "]}"
#define MODEL_WITH(extra) "{\"id\": \"mine\", \"name\": \"Mine\", \"kind\": \"decoder\"," \
                          " \"source\": \"s\", \"as_of\": \"2026-01\", " extra "}"


/* A measurement (rigplan-probe) with @device, @ran and @tail members. */
#define MEASURE_WITH(device, ran, tail)                                                  \
  "{\"format\": \"rigplan-measure\", \"version\": 1, \"date\": \"2026-12-01T10:00:00Z\","   \
  " \"device\": " device ","                                                              \
  " \"scenario\": {\"model\": {\"kind\": \"decoder\", \"layers\": 4},"                      \
  " \"training\": {\"micro_batch\": 4, \"precision\": \"bf16\"}},"                          \
  " \"ran\": " ran tail "}"
#define DEVICE "{\"kind\": \"cpu\", \"name\": \"Test CPU\", \"memory_bytes\": 1e10}"
#define RAN "{\"micro_batch\": 4, \"precision\": \"bf16\", \"layers\": 4}"
#define FIGURES ", \"step_s\": 0.5, \"peak_allocated_bytes\": 1e8, \"peak_reserved_bytes\": 1.2e8"
#define MEASURE(tail) MEASURE_WITH (DEVICE, RAN, FIGURES ", \"tokens_per_s\": 1024" tail)
#define POINT(layers, step) \
  "{\"layers\": " #layers ", \"step_s\": " #step ", \"peak_allocated_bytes\": 1e8," \
  " \"peak_reserved_bytes\": 1e8}"

static const Row measure_rows[] = {
  TEXT ("good", MEASURE (""), NULL, NULL),
  TEXT ("good-layers", MEASURE (", \"mode\": \"layers\", \"points\": [" POINT (1, 0.2) ", "
                                POINT (2, 0.3) "]"), NULL, NULL),
  TEXT ("empty", "", NULL, "the file is empty"),
  TEXT ("truncated", "{\"format\": \"rigplan-measure\", \"version\": 1, \"step_s\": 0.",
        NULL, "the text ends before the JSON is complete"),
  SHAPE ("too-big", SHAPE_BIG, NULL, RP_MEASURE_MAX_BYTES + 1, NULL, "larger than"),
  SHAPE ("directory", SHAPE_DIR, NULL, 0, NULL, "is a directory"),
  SHAPE ("fifo", SHAPE_FIFO, NULL, 0, NULL, "not a regular file"),
  SHAPE ("dev-zero", SHAPE_DEVICE, "/dev/zero", 0, NULL, "not a regular file"),
  SHAPE ("deep", SHAPE_DEEP, NULL, 100000, NULL, "nested deeper than"),
  TEXT ("scenario-not-measure", "{\"format\": \"rigplan-scenario\", \"version\": 1}", "format",
        "not a measurement"),
  TEXT ("newer-version", "{\"format\": \"rigplan-measure\", \"version\": 2}", "version",
        "newer than this Rigplan"),
  TEXT ("no-device", "{\"format\": \"rigplan-measure\", \"version\": 1, \"date\": \"2026-12-01\","
        " \"scenario\": {\"model\": {}, \"training\": {\"micro_batch\": 1}},"
        " \"ran\": {\"micro_batch\": 1}}", "device", "this key is required"),
  TEXT ("device-kind", MEASURE_WITH ("{\"kind\": \"tpu\", \"name\": \"T\", \"memory_bytes\": 1e10}",
                                     RAN, FIGURES), "device.kind", "unknown value “tpu”"),
  TEXT ("device-name-empty", MEASURE_WITH ("{\"kind\": \"cpu\", \"name\": \"\", \"memory_bytes\": 1e10}",
                                           RAN, FIGURES ", \"tokens_per_s\": 1"),
        "device.name", "the device’s name"),
  TEXT ("device-memory-zero", MEASURE_WITH ("{\"kind\": \"cpu\", \"name\": \"C\", \"memory_bytes\": 0}",
                                            RAN, FIGURES), "device.memory_bytes",
        "expected a number from"),
  TEXT ("date-words", "{\"format\": \"rigplan-measure\", \"version\": 1, \"date\": \"yesterday\"}",
        "date", "expected a date"),
  TEXT ("date-impossible", "{\"format\": \"rigplan-measure\", \"version\": 1, \"date\": \"2026-02-30\"}",
        "date", "expected a date"),
  TEXT ("step-zero", MEASURE_WITH (DEVICE, RAN, ", \"step_s\": 0, \"peak_allocated_bytes\": 1,"
                                   " \"peak_reserved_bytes\": 1"), "step_s", "expected a number from"),
  TEXT ("step-negative", MEASURE_WITH (DEVICE, RAN, ", \"step_s\": -1"), "step_s",
        "expected a number from"),
  TEXT ("step-string", MEASURE_WITH (DEVICE, RAN, ", \"step_s\": \"fast\""), "step_s",
        "expected a number"),
  TEXT ("step-1e400", MEASURE_WITH (DEVICE, RAN, ", \"step_s\": 1e400"), "step_s",
        "out of range"),
  TEXT ("step-a-week", MEASURE_WITH (DEVICE, RAN, ", \"step_s\": 604800"), "step_s",
        "expected a number from"),
  TEXT ("no-peak", MEASURE_WITH (DEVICE, RAN, ", \"step_s\": 1"), "peak_allocated_bytes",
        "this key is required"),
  TEXT ("reserved-below-allocated", MEASURE_WITH (DEVICE, RAN, ", \"step_s\": 1,"
                                                  " \"peak_allocated_bytes\": 2e8,"
                                                  " \"peak_reserved_bytes\": 1e8"),
        "peak_reserved_bytes", "smaller than peak_allocated_bytes"),
  TEXT ("peak-above-device", MEASURE_WITH (DEVICE, RAN, ", \"step_s\": 1,"
                                           " \"peak_allocated_bytes\": 2e10,"
                                           " \"peak_reserved_bytes\": 2e10, \"tokens_per_s\": 1"),
        "peak_reserved_bytes", "larger than the device’s memory"),
  TEXT ("no-throughput", MEASURE_WITH (DEVICE, RAN, FIGURES), "tokens_per_s",
        "tokens_per_s or samples_per_s"),
  TEXT ("precision-unknown", MEASURE_WITH (DEVICE, "{\"micro_batch\": 4, \"precision\": \"fp4\"}",
                                           FIGURES), "ran.precision", "unknown value “fp4”"),
  TEXT ("micro-batch-zero", MEASURE_WITH (DEVICE, "{\"micro_batch\": 0}", FIGURES),
        "ran.micro_batch", "expected a whole number"),
  TEXT ("mode-unknown", MEASURE (", \"mode\": \"half\""), "mode", "unknown value “half”"),
  TEXT ("layers-one-point", MEASURE (", \"mode\": \"layers\", \"points\": [" POINT (1, 0.2) "]"),
        "points", "the two depths"),
  TEXT ("layers-reversed", MEASURE (", \"mode\": \"layers\", \"points\": [" POINT (2, 0.3) ", "
                                    POINT (1, 0.2) "]"), "points[1].layers", "the smaller first"),
  TEXT ("layers-beyond-model", MEASURE (", \"mode\": \"layers\", \"points\": [" POINT (2, 0.3)
                                        ", " POINT (8, 0.5) "]"), "points[1].layers",
        "at most the model’s layers"),
  TEXT ("notes-not-list", MEASURE (", \"not_reproduced\": \"everything\""), "not_reproduced",
        "a list of at most 64"),
  TEXT ("note-without-key", MEASURE (", \"not_reproduced\": [{\"text\": \"x\"}]"),
        "not_reproduced[0].key", "this key is required"),
  TEXT ("nul-in-name", MEASURE_WITH ("{\"kind\": \"cpu\", \"name\": \"a\\u0000b\", \"memory_bytes\": 1}",
                                     RAN, FIGURES), "device.name", "\\u0000"),
};

#define CALIBRATIONS(entry) \
  "{\"format\": \"rigplan-calibrations\", \"version\": 1, \"calibrations\": [" entry "]}"
#define CALIBRATION_WITH(extra) \
  "{\"gpu\": \"rtx-4090\", \"framework\": \"custom\", \"precision\": \"bf16\"," \
  " \"activations\": 1.1, \"overhead_bytes\": -1e6" extra "}"
#define CALIBRATION(extra) CALIBRATION_WITH (", \"utilization\": 0.8, \"as_of\": \"2026-12-01\"" extra)

static const Row catalog_rows[] = {
  TEXT ("good-gpu", GPUS (GPU_WITH ("")), NULL, NULL),
  /* the user's calibrations (rigplan-cli calibrate writes them) */
  TEXT ("good-calibration", CALIBRATIONS (CALIBRATION ("")), NULL, NULL),
  TEXT ("calibrations-not-list", "{\"format\": \"rigplan-calibrations\", \"version\": 1,"
        " \"calibrations\": {}}", "calibrations", "expected a list"),
  TEXT ("calibration-utilization-huge", CALIBRATIONS (CALIBRATION_WITH (", \"utilization\": 1000,"
                                                                       " \"as_of\": \"2026-12-01\"")),
        "calibrations[0].utilization", "expected a number from"),
  TEXT ("calibration-no-date", CALIBRATIONS (CALIBRATION_WITH (", \"utilization\": 0.8")),
        "calibrations[0].as_of", "this key is required"),
  TEXT ("calibration-date-month-13", CALIBRATIONS (CALIBRATION_WITH (", \"utilization\": 0.8,"
                                                                    " \"as_of\": \"2026-13-01\"")),
        "calibrations[0].as_of", "YYYY-MM-DD"),
  TEXT ("calibration-framework", CALIBRATIONS ("{\"gpu\": \"rtx-4090\", \"framework\": \"jax\"}"),
        "calibrations[0].framework", "unknown value “jax”"),
  TEXT ("calibration-row-part", CALIBRATIONS (CALIBRATION (", \"rows\": [{\"part\": \"luck\"}]")),
        "calibrations[0].rows[0].part", "expected one of"),
  TEXT ("calibration-row-negative", CALIBRATIONS (CALIBRATION (", \"rows\": [{\"part\":"
                                                              " \"step_s\", \"measured\": -1}]")),
        "calibrations[0].rows[0].measured", "expected a number from"),
  TEXT ("calibration-depths", CALIBRATIONS (CALIBRATION (", \"depths\": [4, 2]")),
        "calibrations[0].depths", "the smaller first"),
  TEXT ("bom", "\xEF\xBB\xBF" GPUS (GPU_WITH ("")), NULL, NULL),
  TEXT ("empty", "", NULL, "the file is empty"),
  TEXT ("not-json", "{", NULL, "ends before the JSON is complete"),
  TEXT ("nul-byte", GPUS ("\0"), NULL, "a NUL byte is not allowed"),
  TEXT ("trailing-garbage", GPUS ("") ",", NULL, "text after the end"),
  SHAPE ("too-big", SHAPE_BIG, NULL, 16 * 1024 * 1024 + 1, NULL, "larger than 16.0"),
  SHAPE ("directory", SHAPE_DIR, NULL, 0, NULL, NULL),
  SHAPE ("fifo", SHAPE_FIFO, NULL, 0, NULL, NULL),
  SHAPE ("dangling-link", SHAPE_DANGLING, NULL, 0, NULL, NULL),
  SHAPE ("symlink-loop", SHAPE_LOOP, NULL, 0, NULL, NULL),
  SHAPE ("appledouble", SHAPE_APPLEDOUBLE, "\x00\x05\x16\x07", 4, NULL, NULL),
  SHAPE ("good-link", SHAPE_LINK, GPUS (GPU_WITH ("")), sizeof (GPUS (GPU_WITH (""))) - 1,
         NULL, NULL),
  TEXT ("unknown-format", "{\"format\": \"my-gpus\", \"version\": 1}", "format",
        "not a Rigplan catalog"),
  TEXT ("newer-version", "{\"format\": \"rigplan-gpus\", \"version\": 2, \"gpus\": []}",
        "version", "newer than this Rigplan"),
  TEXT ("list-not-array", "{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": {}}",
        "gpus", "expected a list"),
  TEXT ("entry-not-object", GPUS ("[]"), "gpus[0]", "expected an object"),
  TEXT ("key-twice-in-entry", GPUS (GPU_WITH (", \"memory_gib\": 24")), "gpus[0].memory_gib",
        "this key appears more than once"),
  TEXT ("memory-string", GPUS ("{\"id\": \"mine\", \"name\": \"M\", \"vendor\": \"V\","
        " \"memory_gib\": \"lots\"}"), "gpus[0].memory_gib", "expected a number"),
  TEXT ("memory-negative", GPUS ("{\"id\": \"mine\", \"name\": \"M\", \"vendor\": \"V\","
        " \"memory_gib\": -4, \"tflops\": {}, \"source\": \"s\", \"as_of\": \"2026-01\"}"),
        "gpus[0].memory_gib", "expected a number from"),
  TEXT ("tflops-1e400", GPUS ("{\"id\": \"mine\", \"name\": \"M\", \"vendor\": \"V\","
        " \"memory_gib\": 4, \"tflops\": {\"fp32\": 1e400}, \"source\": \"s\", \"as_of\": \"2026-01\"}"),
        "gpus[0].tflops.fp32", "out of range"),
  TEXT ("id-uppercase", GPUS ("{\"id\": \"Mine\"}"), "gpus[0].id", "may hold only"),
  TEXT ("id-twice", GPUS (GPU_WITH ("") ", " GPU_WITH ("")), "gpus[1].id", "appears twice"),
  TEXT ("name-bad-utf8", GPUS ("{\"id\": \"mine\", \"name\": \"M\xFF\"}"), "gpus[0].name",
        "not valid UTF-8"),
  TEXT ("precision-unknown", GPUS (GPU_WITH (", \"precisions\": [\"fp4\"]")),
        "gpus[0].precisions[0]", "expected one of"),
  /* dates: a date that is none refused with its key; a future one loads
   * and shows as stale (test-catalog.c), never as fresh */
  TEXT ("as-of-month-13", GPUS ("{\"id\": \"mine\", \"name\": \"Mine\", \"vendor\": \"V\","
        " \"memory_gib\": 12, \"tflops\": {\"fp32\": 10}, \"source\": \"s\","
        " \"as_of\": \"2026-13-45\"}"), "gpus[0].as_of", "“2026-13-45” is not a date"),
  TEXT ("as-of-yesterday", OFFERS ("{\"id\": \"my-offer\", \"provider\": \"Lab\","
        " \"gpu\": \"t4\", \"source\": \"s\", \"as_of\": \"yesterday\"" PRICE "}"),
        "offers[0].as_of", "“yesterday” is not a date"),
  TEXT ("price-as-of-feb-30", GPUS (GPU_WITH (", \"price_as_of\": \"2026-02-30\"")),
        "gpus[0].price_as_of", "is not a date"),
  TEXT ("as-of-9999", GPUS ("{\"id\": \"mine\", \"name\": \"Mine\", \"vendor\": \"V\","
        " \"memory_gib\": 12, \"tflops\": {\"fp32\": 10}, \"source\": \"s\","
        " \"as_of\": \"9999-12-31\"}"), NULL, NULL),
  TEXT ("offer-unknown-gpu", OFFERS (OFFER_WITH ("warp-drive", PRICE)), "offers[0].gpu",
        "“warp-drive” is in no GPU catalog (offer “my-offer”)"),
  TEXT ("offer-third-unknown-gpu", OFFERS ("{\"id\": \"a\", \"provider\": \"P\", \"gpu\": \"t4\","
        " \"source\": \"s\", \"as_of\": \"2026-01\"" PRICE "}, {\"id\": \"b\", \"provider\": \"P\","
        " \"gpu\": \"t4\", \"source\": \"s\", \"as_of\": \"2026-01\"" PRICE "}, "
        OFFER_WITH ("nope", PRICE)), "offers[2].gpu", "is in no GPU catalog"),
  TEXT ("offer-currency", OFFERS (OFFER_WITH ("t4", ", \"currency\": \"EUR\","
        " \"per_gpu_hour\": {\"on_demand\": 3}")), "offers[0].currency", "unknown value"),
  TEXT ("offer-no-price", OFFERS (OFFER_WITH ("t4", ", \"currency\": \"USD\","
        " \"per_gpu_hour\": {}")), "offers[0].per_gpu_hour", "at least one price"),
  TEXT ("model-heads", MODELS (MODEL_WITH ("\"params\": 1, \"layers\": 2, \"hidden\": 64,"
        " \"heads\": 3, \"ffn\": 256, \"vocab\": 100")), "models[0].heads", "must divide"),
  TEXT ("model-params-1e17", MODELS (MODEL_WITH ("\"params\": 1e17, \"layers\": 2,"
        " \"hidden\": 64, \"heads\": 4, \"ffn\": 256, \"vocab\": 100")), "models[0].params",
        "from 0 to 1,000,000,000,000,000"),
  TEXT ("model-wraps-around", MODELS ("{\"id\": \"mine\", \"name\": \"M\", \"kind\": \"moe\","
        " \"source\": \"s\", \"as_of\": \"2026-01\", \"params\": 1, \"layers\": 32, \"hidden\": 4096,"
        " \"heads\": 32, \"ffn\": 1048576, \"vocab\": 32000, \"experts\": 65536,"
        " \"experts_active\": 2}"), "models[0].experts", "2^53"),
};

/* Configs given to an import (rigplan-cli import, the window's Import):
 * YAML is read as events, and each limit holds as the file streams in. */
static const Row import_rows[] = {
  /* 200 KB of "[[[…]]]" ran past 60 s; time grew with the square of the depth */
  YAML ("yaml-flow-nested-100000", SHAPE_YAML_FLOW, 100000, "nested deeper than 64 levels (line 1)",
        RP_YAML_MAX_DEPTH + 8),
  YAML ("yaml-flow-maps-nested-100000", SHAPE_YAML_MAPS, 100000, "nested deeper than 64 levels",
        2 * RP_YAML_MAX_DEPTH + 8),
  YAML ("yaml-flow-nested-64", SHAPE_YAML_FLOW, 64, "not an accelerate", 0),
  YAML ("yaml-flow-nested-65", SHAPE_YAML_FLOW, 65, "nested deeper than 64 levels", 0),
  /* libyaml's loader looks each alias up among all anchors: minutes */
  YAML ("yaml-anchors-then-aliases-30000", SHAPE_YAML_ANCHORS, 30000,
        "more than 20000 values, counting each use of an alias", RP_YAML_MAX_NODES + 8),
  YAML ("yaml-aliases-20000", SHAPE_YAML_ALIASES, 20000, "more than 10000 uses of aliases",
        RP_YAML_MAX_ALIASES + 16),
  YAML ("yaml-keys-50000", SHAPE_YAML_KEYS, 50000, "more than 20000 values",
        2 * RP_YAML_MAX_NODES + 8),
  TEXT ("yaml-billion-laughs",
        "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
        "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
        "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n",
        NULL, "more than 20000 values"),
  TEXT ("yaml-deep-alias", "a: &a [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n"
        "b: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[*a]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n", NULL,
        "nested deeper than 64 levels (line 2)"),
  TEXT ("yaml-unknown-alias", "base_model: *nothing\n", NULL, "the alias *nothing names no anchor"),
  TEXT ("yaml-alias-key", "base_model: &k x/y\n*k : 1\n", NULL, NULL),
  TEXT ("yaml-alias-key-not-text", "a: &k [1]\n*k : 1\n", NULL, "a mapping key must be text (line 2)"),
  TEXT ("yaml-duplicate-key-hashed", "base_model: x/y\nk1: 1\nk2: 1\nk3: 1\nk4: 1\nk5: 1\nk6: 1\n"
        "k7: 1\nk8: 1\nk9: 1\nk10: 1\nk11: 1\nk12: 1\nk13: 1\nk14: 1\nk15: 1\nk16: 1\n"
        "k17: 1\nk3: 2\n", "k3", "appears twice in the same mapping (line 19)"),
  TEXT ("yaml-str-tag", "base_model: !!str yes\n", NULL, NULL),
  TEXT ("yaml-utf16le", "\xFF\xFE" "b\0a\0s\0e\0", NULL, "is UTF-16 (little-endian) text"),
  TEXT ("json-utf16be", "\0{\0\"\0m\0o", NULL, "is UTF-16 (big-endian) text"),
};

/* ---- helpers -------------------------------------------------------- */

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR) || g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_unlink (path);
      return;
    }
  dir = g_dir_open (path, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      remove_tree (child);
    }
  g_rmdir (path);
}

static void
write_text (const char *path,
            const char *text,
            gsize       len)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, (gssize) len, &error);
  g_assert_no_error (error);
}

/* A scenario whose unknown key "x" holds @levels - 1 nested arrays. */
static char *
deep_text (gsize levels)
{
  GString *s = g_string_new (SC (", \"x\": "));

  g_string_truncate (s, s->len - 1);   /* the closing brace */
  for (gsize i = 1; i < levels; i++)
    g_string_append_c (s, '[');
  for (gsize i = 1; i < levels; i++)
    g_string_append_c (s, ']');
  g_string_append_c (s, '}');
  return g_string_free (s, FALSE);
}

/* A scenario of a memory row's shape. */
static char *
memory_text (const Row *row)
{
  GString *s = g_string_new (SC (""));

  g_string_truncate (s, s->len - 1);   /* the closing brace */
  switch (row->shape)
    {
    case SHAPE_UNKNOWN_ARRAY:
      g_string_append (s, ", \"x\": [1");
      for (gsize i = 1; i < row->len; i++)
        g_string_append (s, ",1");
      g_string_append_c (s, ']');
      break;
    case SHAPE_UNKNOWN_KEYS:
      for (gsize i = 0; i < row->len; i++)
        g_string_append_printf (s, ", \"k%" G_GSIZE_FORMAT "\": 1", i);
      break;
    case SHAPE_UNKNOWN_TEXT:
      /* the key counts: "x" and len - 1 bytes */
      g_string_append (s, ", \"x\": \"");
      for (gsize i = 1; i < row->len; i++)
        g_string_append_c (s, 'u');
      g_string_append_c (s, '"');
      break;
    case SHAPE_LONG_FIELD:
      g_string_append_printf (s, ", \"%s\": \"", row->text);
      for (gsize i = 0; i < row->len; i++)
        g_string_append_c (s, 'n');
      g_string_append_c (s, '"');
      break;
    default:
      g_assert_not_reached ();
    }
  g_string_append_c (s, '}');
  return g_string_free (s, FALSE);
}

/* The YAML text of a row's shape. */
static char *
yaml_text (const Row *row)
{
  GString *s = g_string_new (NULL);

  switch (row->shape)
    {
    case SHAPE_YAML_FLOW:
    case SHAPE_YAML_MAPS:
      g_string_append (s, "x: ");
      for (gsize i = 0; i < row->len; i++)
        g_string_append (s, row->shape == SHAPE_YAML_FLOW ? "[" : "{a: ");
      for (gsize i = 0; i < row->len; i++)
        g_string_append_c (s, row->shape == SHAPE_YAML_FLOW ? ']' : '}');
      g_string_append_c (s, '\n');
      break;
    case SHAPE_YAML_ANCHORS:
      g_string_append (s, "a: [");
      for (gsize i = 0; i < row->len; i++)
        g_string_append_printf (s, "%s&a%" G_GSIZE_FORMAT " 1", i > 0 ? ", " : "", i);
      g_string_append (s, "]\nb: [");
      for (gsize i = 0; i < row->len; i++)
        g_string_append_printf (s, "%s*a%" G_GSIZE_FORMAT, i > 0 ? ", " : "", i);
      g_string_append (s, "]\n");
      break;
    case SHAPE_YAML_ALIASES:
      g_string_append (s, "a: &a 1\nb: [*a");
      for (gsize i = 1; i < row->len; i++)
        g_string_append (s, ", *a");
      g_string_append (s, "]\n");
      break;
    case SHAPE_YAML_KEYS:
      for (gsize i = 0; i < row->len; i++)
        g_string_append_printf (s, "k%" G_GSIZE_FORMAT ": 1\n", i);
      break;
    default:
      g_assert_not_reached ();
    }
  return g_string_free (s, FALSE);
}

/* Makes the row's file at @path (or returns another path to read). */
static char *
make_file (const Row  *row,
           const char *path)
{
  g_autofree char *text = NULL;

  switch (row->shape)
    {
    case SHAPE_TEXT:
      write_text (path, row->text, row->len);
      break;
    case SHAPE_DEEP:
      text = deep_text (row->len);
      write_text (path, text, strlen (text));
      break;
    case SHAPE_BIG:
      text = g_strnfill (row->len, ' ');
      text[0] = '{';
      text[row->len - 1] = '}';
      write_text (path, text, row->len);
      break;
    case SHAPE_DIR:
      g_assert_cmpint (g_mkdir (path, 0755), ==, 0);
      break;
    case SHAPE_FIFO:
      g_assert_cmpint (mkfifo (path, 0644), ==, 0);
      break;
    case SHAPE_LOOP:
      g_assert_cmpint (symlink (path, path), ==, 0);
      break;
    case SHAPE_DANGLING:
      g_assert_cmpint (symlink ("nothing-here", path), ==, 0);
      break;
    case SHAPE_LINK:
      {
        g_autofree char *real = g_strconcat (path, ".real", NULL);

        write_text (real, row->text, row->len);
        g_assert_cmpint (symlink (real, path), ==, 0);
      }
      break;
    case SHAPE_DEVICE:
      return g_strdup (row->text);
    case SHAPE_YAML_FLOW:
    case SHAPE_YAML_MAPS:
    case SHAPE_YAML_ANCHORS:
    case SHAPE_YAML_ALIASES:
    case SHAPE_YAML_KEYS:
      text = yaml_text (row);
      write_text (path, text, strlen (text));
      break;
    case SHAPE_UNKNOWN_ARRAY:
    case SHAPE_UNKNOWN_KEYS:
    case SHAPE_UNKNOWN_TEXT:
    case SHAPE_LONG_FIELD:
      text = memory_text (row);
      write_text (path, text, strlen (text));
      break;
    case SHAPE_APPLEDOUBLE:
      {
        g_autofree char *dir = g_path_get_dirname (path);
        g_autofree char *name = g_path_get_basename (path);
        g_autofree char *hidden_name = g_strconcat ("._", name, NULL);
        g_autofree char *hidden = g_build_filename (dir, hidden_name, NULL);

        write_text (hidden, row->text, row->len);
        return g_steal_pointer (&hidden);
      }
    default:
      g_assert_not_reached ();
    }
  return g_strdup (path);
}

/* The error of a row: the file named first, then the key and problem. */
static void
check_error (const Row    *row,
             const GError *error,
             const char   *path)
{
  g_assert_nonnull (error);
  g_test_message ("%s: %s", row->name, error->message);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_nonnull (row->fragment);
  if (strstr (error->message, row->fragment) == NULL)
    g_error ("%s: “%s” lacks “%s”", row->name, error->message, row->fragment);
  g_assert_cmpstr (rp_error_get_key (error), ==, row->key);
}

static void
test_scenario_row (gconstpointer data)
{
  const Row *row = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rigplan-hostile-XXXXXX", &error);
  g_autofree char *file = g_build_filename (dir, "case.rigplan", NULL);
  g_autofree char *path = make_file (row, file);
  g_autoptr(RpScenario) scenario = rp_scenario_load_file (path, &error);

  if (row->fragment == NULL)
    {
      g_assert_no_error (error);
      g_assert_nonnull (scenario);
    }
  else
    {
      g_assert_null (scenario);
      check_error (row, error, path);
    }
  remove_tree (dir);
}

static const RpCatalog *
shared_catalog (void)
{
  static RpCatalog *catalog = NULL;

  if (catalog == NULL)
    {
      g_autoptr(GError) error = NULL;

      catalog = rp_catalog_load_default (&error);
      g_assert_no_error (error);
    }
  return catalog;
}

static void
test_estimate_row (gconstpointer data)
{
  const Row *row = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(RpScenario) scenario = rp_scenario_load_data (row->text, row->len, &error);
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  gboolean done;

  g_assert_no_error (error);
  done = rp_fix_estimate (scenario, shared_catalog (), est, &error);
  if (g_strcmp0 (row->key, "advice") == 0)
    {
      gboolean found = FALSE;

      g_assert_no_error (error);
      g_assert_true (done);
      for (guint i = 0; i < est->n_warnings; i++)
        {
          g_autofree char *sentence = rp_words_advice (&est->warnings[i], scenario,
                                                       shared_catalog (), est);

          if (strstr (sentence, row->fragment) != NULL)
            {
              g_test_message ("%s: %s [%s]", row->name, sentence,
                              rp_advice_to_string (est->warnings[i].code));
              g_assert_nonnull (est->warnings[i].key);
              g_assert_true (g_str_has_prefix (row->fragment, est->warnings[i].key));
              found = TRUE;
            }
        }
      g_assert_true (found);
    }
  else if (g_strcmp0 (row->key, "no-advice") == 0)
    {
      g_assert_true (done);
      g_assert_false (rp_estimate_has_warning (est, row->fragment));
    }
  else if (g_strcmp0 (row->key, "warning") == 0)
    {
      g_assert_true (done);
      g_assert_true (rp_estimate_has_warning (est, row->fragment));
      /* no invented zero: neither the time nor the cost of the run */
      g_assert_false (est->compute.computed);
      g_assert_false (est->cost.computed && est->cost.run_available);
    }
  else if (row->fragment == NULL)
    {
      g_assert_no_error (error);
      g_assert_true (done);
      /* a count never wraps around */
      g_assert_cmpuint (rp_model_active_params (&est->arch), <=, rp_model_params (&est->arch));
      g_assert_cmpuint (rp_model_active_params (&est->arch), >, 0);
    }
  else
    {
      g_assert_false (done);
      check_error (row, error, "");
    }
}

static void
test_measure_row (gconstpointer data)
{
  const Row *row = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rigplan-hostile-XXXXXX", &error);
  g_autofree char *file = g_build_filename (dir, "case.rigplan-measure", NULL);
  g_autofree char *path = make_file (row, file);
  g_autoptr(RpMeasurement) m = rp_measurement_load_file (path, &error);

  if (row->fragment == NULL)
    {
      g_assert_no_error (error);
      g_assert_nonnull (m);
    }
  else
    {
      g_assert_null (m);
      check_error (row, error, path);
    }
  remove_tree (dir);
}

static void
test_catalog_row (gconstpointer data)
{
  const Row *row = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rigplan-hostile-XXXXXX", &error);
  g_autofree char *file = g_build_filename (dir, "user.json", NULL);
  g_autofree char *path = make_file (row, file);
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(RpCatalog) catalog = NULL;

  g_setenv ("RIGPLAN_USER_DATADIR", dir, TRUE);
  catalog = rp_catalog_load_default_full (&problems, &error);
  g_setenv ("RIGPLAN_USER_DATADIR", "/nonexistent", TRUE);
  /* never a failed load: the bundled catalogs are there */
  g_assert_no_error (error);
  g_assert_nonnull (rp_catalog_lookup_gpu (catalog, "h100-sxm"));
  if (row->fragment == NULL)
    g_assert_cmpuint (problems->len, ==, 0);
  else
    {
      g_assert_cmpuint (problems->len, ==, 1);
      check_error (row, g_ptr_array_index (problems, 0), path);
      g_assert_null (rp_catalog_lookup_gpu (catalog, "mine"));
    }
  remove_tree (dir);
}

static void
test_import_row (gconstpointer data)
{
  const Row *row = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rigplan-hostile-XXXXXX", &error);
  g_autofree char *file = g_build_filename (dir, "case.yaml", NULL);
  g_autofree char *path = make_file (row, file);
  g_autoptr(RpImport) import = rp_import_new ((RpCatalog *) shared_catalog ());
  gboolean added = rp_import_add_path (import, path, &error);

  if (row->fragment == NULL)
    {
      g_assert_no_error (error);
      g_assert_true (added);
    }
  else
    {
      g_assert_false (added);
      check_error (row, error, path);
    }
  if (row->max_events > 0)
    {
      g_autofree char *text = NULL;
      gsize len = 0;
      RpYamlStats stats;
      g_autoptr(cJSON) tree = NULL;

      g_assert_true (g_file_get_contents (path, &text, &len, NULL));
      tree = rp_yaml_parse_full (text, len, &stats, NULL);
      g_assert_null (tree);
      g_test_message ("%s: %u events, %u values, %u aliases of %" G_GSIZE_FORMAT " bytes",
                      row->name, stats.n_events, stats.n_nodes, stats.n_aliases, len);
      g_assert_cmpuint (stats.n_events, <=, row->max_events);
    }
  remove_tree (dir);
}

/* A comparison holds at most RP_COMPARE_SET_MAX_TEXT_BYTES of its
 * scenarios' text: 26 scenarios of 1 MiB of unknown keys each would
 * hold 26 MiB (and 8.5 GB and 3 min before the scenarios were bounded).
 * Inline, the scenario past the budget makes the file bad; referred to,
 * it is an entry that could not be read, with its reason. */
static void
test_compare_set_budget (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rigplan-hostile-XXXXXX", &error);
  g_autoptr(GString) inline_set = g_string_new ("{\"format\": \"rigplan-compare\", \"version\": 1,"
                                                " \"scenarios\": [");
  g_autoptr(GString) file_set = g_string_new (inline_set->str);
  g_autofree char *big = g_strnfill (1024 * 1024 - 16, 'u');
  g_autofree char *scenario = g_strdup_printf (SC (", \"x\": \"%s\""), big);
  g_autofree char *path = g_build_filename (dir, "set.rigplan-compare", NULL);
  g_autofree char *missing = NULL;
  g_autoptr(RpCompareSet) set = NULL;
  guint n = RP_COMPARE_SET_MAX_TEXT_BYTES / (1024 * 1024) + 1;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("big-%u.rigplan", i);
      g_autofree char *file = g_build_filename (dir, name, NULL);

      write_text (file, scenario, strlen (scenario));
      g_string_append_printf (inline_set, "%s{\"scenario\": %s}", i > 0 ? ", " : "", scenario);
      g_string_append_printf (file_set, "%s{\"file\": \"%s\"}", i > 0 ? ", " : "", name);
    }
  g_string_append (inline_set, "]}");
  g_string_append (file_set, "]}");

  set = rp_compare_set_load_data (inline_set->str, inline_set->len, dir, &error);
  g_assert_null (set);
  g_assert_error (error, RP_ERROR, RP_ERROR_INVALID_VALUE);
  g_test_message ("inline: %s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "scenarios[8].scenario: with this scenario"));
  g_clear_error (&error);

  write_text (path, file_set->str, file_set->len);
  set = rp_compare_set_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rp_compare_set_count_missing (set, &missing), ==, 1);
  g_test_message ("files: %s", missing);
  g_assert_nonnull (strstr (missing, "scenarios[8].file: with this scenario the comparison would "
                                     "hold more than 8.0"));
  g_assert_null (rp_compare_set_get (set, 8)->scenario);
  g_assert_nonnull (rp_compare_set_get (set, 7)->scenario);
  remove_tree (dir);
}

/* A plan copies the scenario for every machine it tries; the copies
 * share the unknown keys rather than duplicate them. */
static void
test_copies_share_unknown_keys (void)
{
  g_autofree char *big = g_strnfill (512 * 1024, 'u');
  g_autofree char *text = g_strdup_printf (SC (", \"x\": \"%s\""), big);
  g_autoptr(GError) error = NULL;
  g_autoptr(RpScenario) s = rp_scenario_load_data (text, strlen (text), &error);
  g_autoptr(RpScenario) copy = NULL;

  g_assert_no_error (error);
  copy = rp_scenario_copy (s);
  g_assert_true (copy->extra == s->extra);
  g_assert_cmpuint (rp_scenario_get_text_bytes (copy), >=, 512 * 1024);
  g_assert_cmpuint (rp_scenario_get_text_bytes (copy), <, 512 * 1024 + 1024);
  g_clear_pointer (&s, rp_scenario_free);
  {
    g_autofree char *saved = rp_scenario_to_json (copy);

    g_assert_nonnull (strstr (saved, big));
  }
}

/* One id in two files of the user's catalog: one won silently.  Now a
 * warning names the key, both files, and which entry is used. */
static void
test_catalog_id_in_two_files (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("rigplan-hostile-XXXXXX", &error);
  g_autofree char *a = g_build_filename (dir, "a-gpus.json", NULL);
  g_autofree char *b = g_build_filename (dir, "b-gpus.json", NULL);
  g_autofree char *text_a = g_strdup (GPUS (GPU_WITH ("")));
  g_autofree char *text_b = g_strdup (GPUS ("{\"id\": \"other\", \"name\": \"Other\","
                                            " \"vendor\": \"V\", \"memory_gib\": 8,"
                                            " \"tflops\": {\"fp32\": 5}, \"source\": \"s\","
                                            " \"as_of\": \"2026-01\"}, {\"id\": \"mine\","
                                            " \"name\": \"Mine B\", \"vendor\": \"V\","
                                            " \"memory_gib\": 24, \"tflops\": {\"fp32\": 10},"
                                            " \"source\": \"s\", \"as_of\": \"2026-01\"}"));
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(RpCatalog) catalog = NULL;
  const GError *problem;

  write_text (a, text_a, strlen (text_a));
  write_text (b, text_b, strlen (text_b));
  g_setenv ("RIGPLAN_USER_DATADIR", dir, TRUE);
  catalog = rp_catalog_load_default_full (&problems, &error);
  g_setenv ("RIGPLAN_USER_DATADIR", "/nonexistent", TRUE);
  g_assert_no_error (error);
  g_assert_cmpuint (problems->len, ==, 1);
  problem = g_ptr_array_index (problems, 0);
  g_test_message ("%s", problem->message);
  g_assert_cmpstr (rp_error_get_key (problem), ==, "gpus[1].id");
  g_assert_true (g_str_has_prefix (problem->message, b));
  g_assert_nonnull (strstr (problem->message, a));
  g_assert_nonnull (strstr (problem->message, "this file’s entry is used"));
  g_assert_cmpfloat (rp_catalog_lookup_gpu (catalog, "mine")->memory_gib, ==, 24);
  remove_tree (dir);
}

/* What is already where a write would go, read from its content. */
static void
test_file_kinds (void)
{
  static const struct
  {
    const char *data;
    gsize       len;
    RpFileKind  kind;
  } cases[] = {
#define K(text, kind) { text, sizeof (text) - 1, kind }
    K ("", RP_FILE_KIND_NONE),
    K ("%PDF-1.7\n", RP_FILE_KIND_PDF),
    K ("\x89PNG\r\n\x1a\n\0\0", RP_FILE_KIND_PNG),
    K ("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>", RP_FILE_KIND_SVG),
    K (SC (""), RP_FILE_KIND_SCENARIO),
    K ("{\"format\": \"rigplan-compare\", \"version\": 1, \"scenarios\": []}",
       RP_FILE_KIND_COMPARE_SET),
    K ("{\"format\": \"rigplan-estimate\"}", RP_FILE_KIND_ESTIMATE_JSON),
    K ("{\"format\": \"rigplan-comparison\", \"version\": 1}", RP_FILE_KIND_COMPARISON_JSON),
    K ("{\"format\": \"rigplan-gpus\", \"version\": 1, \"gpus\": []}", RP_FILE_KIND_RIGPLAN_DATA),
    K ("{\"model_type\": \"llama\", \"hidden_size\": 4096}", RP_FILE_KIND_HF_CONFIG),
    K ("{\"train_micro_batch_size_per_gpu\": 1, \"zero_optimization\": {\"stage\": 2}}",
       RP_FILE_KIND_DEEPSPEED_CONFIG),
    K ("{\"a\": 1}", RP_FILE_KIND_JSON),
    K ("{broken", RP_FILE_KIND_TEXT),
    K ("# accelerate config for “x, y”, written by Rigplan\ndistributed_type: MULTI_GPU\n"
       "num_processes: 8\n", RP_FILE_KIND_ACCELERATE_CONFIG),
    K ("base_model: meta-llama/Llama-3.1-8B\nadapter: lora\n", RP_FILE_KIND_TRAINING_CONFIG),
    K ("#!/bin/sh\nexec torchrun --nproc-per-node 8 train.py\n", RP_FILE_KIND_LAUNCH_SCRIPT),
    K ("How to run it:\ntorchrun --nproc-per-node 8 train.py\n", RP_FILE_KIND_TEXT),
    K ("key,label,unit,best\r\nmodel.preset,Model,,,gpt2\r\n", RP_FILE_KIND_CSV),
    K ("# notes\n", RP_FILE_KIND_TEXT),
    K ("weights\0\0\0", RP_FILE_KIND_OTHER),
    K ("caf\xe9", RP_FILE_KIND_OTHER),
#undef K
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      RpFileKind kind = rp_file_kind_of_data (cases[i].data, cases[i].len);

      if (kind != cases[i].kind)
        g_error ("case %u (“%.30s”): kind %d, expected %d", i, cases[i].data, kind,
                 cases[i].kind);
      g_assert_nonnull (rp_file_kind_describe (kind));
    }
  g_assert_cmpint (rp_file_kind_sniff ("/nonexistent/x"), ==, RP_FILE_KIND_NONE);
  g_assert_cmpint (rp_file_kind_sniff ("/dev/zero"), ==, RP_FILE_KIND_OTHER);
}

static void
add_rows (const char *prefix,
          const Row  *rows,
          guint       n_rows,
          GTestDataFunc test)
{
  for (guint i = 0; i < n_rows; i++)
    {
      g_autofree char *name = g_strconcat (prefix, rows[i].name, NULL);
      g_test_add_data_func (name, &rows[i], test);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  add_rows ("/core/hostile/scenario/", scenario_rows, G_N_ELEMENTS (scenario_rows),
            test_scenario_row);
  add_rows ("/core/hostile/estimate/", estimate_rows, G_N_ELEMENTS (estimate_rows),
            test_estimate_row);
  add_rows ("/core/hostile/catalog/", catalog_rows, G_N_ELEMENTS (catalog_rows),
            test_catalog_row);
  add_rows ("/core/hostile/import/", import_rows, G_N_ELEMENTS (import_rows), test_import_row);
  g_test_add_func ("/core/hostile/compare-set-budget", test_compare_set_budget);
  g_test_add_func ("/core/hostile/file-kinds", test_file_kinds);
  g_test_add_func ("/core/hostile/catalog-id-in-two-files", test_catalog_id_in_two_files);
  g_test_add_func ("/core/hostile/copies-share-unknown-keys", test_copies_share_unknown_keys);
  add_rows ("/core/hostile/measure/", measure_rows, G_N_ELEMENTS (measure_rows),
            test_measure_row);
  return g_test_run ();
}

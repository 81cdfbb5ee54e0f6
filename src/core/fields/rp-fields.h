/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-fields.h: every scenario field, described once
 *
 * One row per field of a *.rigplan file: its JSON path, type, unit, range,
 * default, whether null means "from the catalog" (or "none"), and the
 * translatable label and help people read.  The file reader and writer,
 * the range checks, the window's document properties and form rows, the
 * CLI's labels and `rigplan-cli schema` are all derived from this table,
 * so a field's range or label lives in one place.
 *
 * Adding a field: a member in rp-types.h and a row in rp-fields.c. */
#pragma once

#include "rp-types.h"

G_BEGIN_DECLS

/* The most bytes of a scenario's name and notes (their rows' .max). */
#define RP_FIELD_MAX_NAME_BYTES  1024
#define RP_FIELD_MAX_NOTES_BYTES 65536
/* … and of the list of GPUs owned: a few hundred machines, typed. */
#define RP_FIELD_MAX_OWNED_BYTES 4096

typedef enum
{
  RP_FIELD_UINT,                /* guint */
  RP_FIELD_UINT64,              /* guint64 */
  RP_FIELD_DOUBLE,              /* double; NAN is null */
  RP_FIELD_BOOL,                /* gboolean */
  RP_FIELD_ENUM,                /* an enum, int-sized; names in choices */
  RP_FIELD_STRING,              /* char *, owned by the scenario; NULL is null */
} RpFieldType;

typedef enum
{
  RP_SECTION_NONE,              /* top level: "name" */
  RP_SECTION_MODEL,
  RP_SECTION_TRAINING,
  RP_SECTION_HARDWARE,
  RP_SECTION_BUDGET,
  RP_SECTION_PLANNER,           /* what the planner may choose from */
  RP_N_SECTIONS
} RpSection;

/* What a string field names in a catalog. */
typedef enum
{
  RP_FIELD_REF_NONE,
  RP_FIELD_REF_MODEL,
  RP_FIELD_REF_GPU,
  RP_FIELD_REF_OFFER,
  RP_FIELD_REF_REGION,
  RP_FIELD_REF_GPU_LIST,        /* comma-separated GPU ids */
} RpFieldRef;

typedef enum
{
  RP_FIELD_NULLABLE        = 1u << 0,   /* null is a value: see null_label */
  RP_FIELD_V1_ZERO_IS_NULL = 1u << 1,   /* version 1 files wrote 0 for null */
  RP_FIELD_MONEY           = 1u << 2,   /* in the scenario's currency */
  RP_FIELD_FORM            = 1u << 3,   /* a row of the window's form */
  RP_FIELD_ADVANCED        = 1u << 4,   /* a row under "More settings" */
  RP_FIELD_REQUIRED        = 1u << 5,   /* a scenario without it is incomplete */
  /* a price typed for one machine: it no longer holds, and goes back to
   * the catalog's, when that part of the machine changes */
  RP_FIELD_OF_GPU          = 1u << 6,   /* the GPU model */
  RP_FIELD_OF_NODE         = 1u << 7,   /* the GPUs in a node */
  RP_FIELD_OF_CLUSTER      = 1u << 8,   /* the number of nodes */
} RpFieldFlags;

/* Units as people read them; money units carry the currency symbol. */
typedef enum
{
  RP_UNIT_NONE,
  RP_UNIT_MILLION_PARAMS,
  RP_UNIT_TOKENS,
  RP_UNIT_MILLION_TOKENS,
  RP_UNIT_SAMPLES,
  RP_UNIT_MILLION_SAMPLES,
  RP_UNIT_PIXELS,
  RP_UNIT_GPUS,
  RP_UNIT_STAGES,
  RP_UNIT_GB,
  RP_UNIT_MIB,
  RP_UNIT_BYTES,
  RP_UNIT_GFLOPS,
  RP_UNIT_PERCENT,
  RP_UNIT_FRACTION_AS_PERCENT,  /* stored 0..1, shown 0..100 % */
  RP_UNIT_DAYS,
  RP_UNIT_YEARS,
  RP_UNIT_MONEY,
  RP_UNIT_MONEY_PER_GPU,
  RP_UNIT_MONEY_PER_NODE,
  RP_UNIT_MONEY_PER_GPU_HOUR,
  RP_UNIT_MONEY_PER_KWH,
  RP_UNIT_MONEY_PER_YEAR,
  RP_UNIT_MONEY_PER_MONTH,
  RP_UNIT_MONEY_PER_GB_MONTH,
  RP_UNIT_MONEY_PER_GB,
  RP_UNIT_CNY_PER_USD,
  RP_UNIT_KG_CO2_PER_KWH,
  RP_N_UNITS
} RpUnit;

/* Whether a field means anything for this scenario (LoRA rank only with
 * LoRA); the form hides the rows that do not. */
typedef gboolean (*RpFieldApplies) (const RpScenario  *scenario,
                                    const RpModelArch *arch);

typedef struct
{
  const char       *key;        /* "training.seq_len": the JSON path */
  const char       *json_key;   /* "seq_len": the key inside its section */
  RpSection         section;
  RpFieldType       type;
  gsize             offset;     /* in RpScenario, or in RpModelArch when arch_bit */
  guint32           arch_bit;   /* RpArchField of a model architecture key */
  double            min;        /* accepted range, both ends included */
  double            max;        /* STRING: the most bytes it holds */
  double            def;        /* default; NAN: null */
  guint             flags;      /* RpFieldFlags */
  const RpEnumInfo *choices;    /* ENUM, or a UINT offered as a choice */
  RpFieldRef        ref;
  RpUnit            unit;
  guint             digits;     /* decimals shown in the form */
  double            step;       /* the form's step, in shown units */
  const char       *label;      /* N_() */
  const char       *help;       /* N_() or NULL */
  const char       *null_label; /* N_(): what null means; NULLABLE only */
  RpFieldApplies    applies;    /* NULL: always */
} RpField;

guint          rp_fields_n                  (void);
const RpField *rp_fields_get                (guint              i);
/* By JSON path ("training.seq_len"); NULL when unknown. */
const RpField *rp_fields_lookup             (const char        *key);

/* The GObject property name: the JSON key with '_' as '-' ("seq-len"). */
char          *rp_field_dup_property_name   (const RpField     *field);
const char    *rp_field_type_to_string      (RpFieldType        type);
gboolean       rp_field_is_number           (const RpField     *field);

/* Where the field lives: the scenario, or its architecture overrides
 * (scenario->model.arch) for model keys. */
gpointer       rp_field_member              (const RpField     *field,
                                             RpScenario        *scenario);
gconstpointer  rp_field_member_const        (const RpField     *field,
                                             const RpScenario  *scenario);

/* Number fields (UINT, UINT64, DOUBLE, BOOL as 0/1, ENUM as its index)
 * read and written as a double; NAN is null.  @base is the RpScenario, or
 * an RpModelArch for architecture fields (the resolved one, say). */
double         rp_field_get_number          (const RpField     *field,
                                             gconstpointer      base);
void           rp_field_set_number          (const RpField     *field,
                                             gpointer           base,
                                             double             value);
gboolean       rp_field_is_null             (const RpField     *field,
                                             gconstpointer      base);

/* Checks @value (NAN: null) against the field: whole numbers for whole
 * fields, the range, null only where allowed.  The error names the key
 * and the accepted range, in the locale's numbers. */
gboolean       rp_field_check               (const RpField     *field,
                                             double             value,
                                             GError           **error);
/* Every numeric field of @scenario that applies to it within its range
 * (rp_field_check()); the first that is not is the error. */
gboolean       rp_fields_check_scenario     (const RpScenario  *scenario,
                                             GError           **error);
/* Copies the architecture keys @bits names (RpArchField) from @src to
 * @dest, each as rp_field_set_number (rp_field_get_number ()) would. */
void           rp_fields_copy_arch          (RpModelArch       *dest,
                                             const RpModelArch *src,
                                             guint32            bits);
/* Parses what a person typed, in the field's shown unit (M tokens, % of
 * a fraction), and checks it.  An empty text is null where null is
 * allowed.  *@out is in the stored unit. */
gboolean       rp_field_parse_text          (const RpField     *field,
                                             const char        *text,
                                             double            *out,
                                             GError           **error);
/* "from 1 to 16,777,216" in stored units (those of the file), in the
 * locale's numbers. */
char          *rp_field_describe_range      (const RpField     *field);
gboolean       rp_field_applies             (const RpField     *field,
                                             const RpScenario  *scenario,
                                             const RpModelArch *arch);
/* The translated label, help and null text. */
const char    *rp_field_get_label           (const RpField     *field);
const char    *rp_field_get_help            (const RpField     *field);
const char    *rp_field_get_null_label      (const RpField     *field);

/* The unit: its machine name ("tokens", "money/gpu-hour"), its shown
 * label in @currency ("M tokens", "¥/GPU·h"), and the factor from shown
 * to stored values (1e6 for M tokens). */
const char    *rp_unit_get_name             (RpUnit             unit);
char          *rp_unit_dup_label            (RpUnit             unit,
                                             RpCurrency         currency);
double         rp_unit_get_scale            (RpUnit             unit);
/* A stored value in its shown unit, in the locale's numbers with
 * @digits decimals: "2,048 tokens", "60 %", "¥2.00/GPU·h" (the amount
 * takes the currency symbol's place); transfer full. */
char          *rp_unit_format_value         (RpUnit             unit,
                                             double             stored,
                                             guint              digits,
                                             RpCurrency         currency);

/* Sets every field of @scenario to its default. */
void           rp_fields_set_defaults       (RpScenario        *scenario);

/* The field table as JSON for `rigplan-cli schema --json`. */
char          *rp_fields_schema_to_json     (void);
/* A JSON Schema (draft 2020-12) of *.rigplan files, derived from the
 * table, for `rigplan-cli schema --json-schema` (rp-fields-schema.c). */
char          *rp_fields_json_schema        (void);

G_END_DECLS

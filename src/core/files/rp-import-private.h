/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-import-private.h: what the format readers (rp-import-hf.c,
 * rp-import-train.c) use of an import in progress */
#pragma once

#include "rp-fields.h"
#include "rp-import.h"
#include "rp-json-private.h"
#include "rp-model.h"
#include "rp-scenario.h"

G_BEGIN_DECLS

/* The most values of a JSON config or index an import reads
 * (rp_json_parse_full()). */
#define RP_IMPORT_MAX_CONFIG_VALUES 200000

/* One file being read: reads through it mark keys as understood, so that
 * the rest can be listed as not understood. */
typedef struct
{
  RpImport   *import;           /* borrowed */
  char       *path;             /* owned; as given, or resolved from a reference */
  char       *dir;              /* owned; for files it names */
  const char *kind;             /* translated: "DeepSpeed config" */
  GHashTable *understood;       /* owned; key paths read */
  GPtrArray  *auto_keys;        /* owned; keys whose value was "auto" */
} RpImportFile;

/* ---- the import in progress (rp-import.c, rp-import-file.c) --------- */

/* One field's value, and where it came from. */
typedef struct
{
  const RpField *field;
  double         value;
  char          *file;          /* owned */
  char          *source_key;    /* owned */
} RpImportAssignment;

struct _RpImport
{
  RpCatalog   *catalog;         /* owned ref, may be NULL */
  RpScenario  *base;            /* owned: the *.rigplan given, or NULL */
  char        *base_file;       /* owned */
  GPtrArray   *assignments;     /* owned: RpImportAssignment*, one per field */
  GPtrArray   *notes;           /* owned: RpImportNote* */
  GPtrArray   *labels;          /* owned: char*, the sources for the name */
  GHashTable  *seen;            /* owned: canonical paths read */
  guint        depth;            /* of configs naming configs */
  /* reads the file or folder a config names: rp_import_follow() */
  gboolean   (*add_path) (RpImport *self, const char *path, GError **error);

  /* the model, as one unit */
  gboolean     has_model;
  gboolean     model_exact;
  char        *model_preset;    /* owned */
  RpModelArch  model_arch;
  guint32      model_bits;
  char        *model_file;      /* owned */
  char        *model_label;     /* owned */

  /* gradient accumulation, for the global batch */
  guint        accumulation;    /* 0: none given */
  char        *accumulation_file;   /* owned */
  char        *accumulation_key;    /* owned */
};

void                rp_import_add_note        (RpImport         *self,
                                               RpImportNoteKind  kind,
                                               const char       *file,
                                               char             *text);
/* A value as the scenario file writes it: enum names, true/false, a number. */
char               *rp_import_format_value    (const RpField    *f,
                                               double            value);
RpImportAssignment *rp_import_find_assignment (RpImport         *self,
                                               const RpField    *field);
void                rp_import_assignment_free (gpointer          data);
void                rp_import_note_free       (gpointer          data);

/* ---- reading keys --------------------------------------------------- */

/* The member @key of @obj ("" or NULL @path at the top), marked as
 * understood; NULL when absent or null. */
const cJSON *rp_import_get        (RpImportFile *f,
                                   const cJSON  *obj,
                                   const char   *path,
                                   const char   *key);
/* Typed reads: absent, null or "auto" (left to the trainer; noted) set
 * *@found FALSE and return TRUE; a value of the wrong type is an error
 * naming the file and "@path.@key". */
gboolean     rp_import_read_number (RpImportFile *f,
                                    const cJSON  *obj,
                                    const char   *path,
                                    const char   *key,
                                    double       *out,
                                    gboolean     *found,
                                    GError      **error);
/* A whole number ≥ 0 that fits a guint64. */
gboolean     rp_import_read_count  (RpImportFile *f,
                                    const cJSON  *obj,
                                    const char   *path,
                                    const char   *key,
                                    guint64      *out,
                                    gboolean     *found,
                                    GError      **error);
gboolean     rp_import_read_bool   (RpImportFile *f,
                                    const cJSON  *obj,
                                    const char   *path,
                                    const char   *key,
                                    gboolean     *out,
                                    gboolean     *found,
                                    GError      **error);
/* Borrowed from @obj. */
gboolean     rp_import_read_string (RpImportFile *f,
                                    const cJSON  *obj,
                                    const char   *path,
                                    const char   *key,
                                    const char  **out,
                                    gboolean     *found,
                                    GError      **error);
/* An error "FILE: PATH.KEY: PROBLEM" carrying "PATH.KEY"; returns FALSE. */
gboolean     rp_import_fail_error  (RpImportFile *f,
                                    const char   *path,
                                    const char   *key,
                                    GError      **error,
                                    const char   *format,
                                    ...) G_GNUC_PRINTF (5, 6);
/* Lists the keys of @root (and of objects below it that were read from)
 * neither read nor matching one of @ignored (g_pattern_match_simple
 * patterns over "a.b" paths) as not understood. */
void         rp_import_list_unknown (RpImportFile      *f,
                                     const cJSON       *root,
                                     const char *const *ignored);

/* ---- setting the scenario ------------------------------------------- */

/* Sets scenario field @key ("training.zero_stage") to @value (an enum
 * field's value, RP_RECOMPUTE_FULL, not its name), read from
 * @source_key of the file.  The field table checks it; an error names
 * the file, @source_key and @key. */
gboolean     rp_import_set         (RpImportFile *f,
                                    const char   *key,
                                    double        value,
                                    const char   *source_key,
                                    GError      **error);
/* Checks @value for field @key (an architecture key, "model.hidden") as
 * rp_import_set() does, without setting it. */
gboolean     rp_import_check       (RpImportFile *f,
                                    const char   *key,
                                    double        value,
                                    const char   *source_key,
                                    GError      **error);
/* The whole model: a preset by id (@arch NULL), or an architecture with
 * the RpArchField bits of @overridden.  @exact: read from a model config
 * (it beats a preset found by name, whatever the order). */
void         rp_import_set_model   (RpImportFile      *f,
                                    const char        *preset,
                                    const RpModelArch *arch,
                                    guint32            overridden,
                                    gboolean           exact,
                                    const char        *label);
/* Gradient accumulation steps: the global batch is micro batch × these ×
 * the data-parallel GPUs unless a file gives it. */
void         rp_import_set_accumulation (RpImportFile *f,
                                         guint         steps,
                                         const char   *source_key);
/* Imports the file @name (relative to @f's directory) that @f refers to
 * at @source_key; a file that is not there is noted, not an error. */
gboolean     rp_import_follow      (RpImportFile *f,
                                    const char   *name,
                                    const char   *source_key,
                                    GError      **error);
void         rp_import_note        (RpImportFile     *f,
                                    RpImportNoteKind  kind,
                                    const char       *format,
                                    ...) G_GNUC_PRINTF (3, 4);
/* The catalog, or NULL. */
RpCatalog   *rp_import_get_catalog (RpImportFile *f);
/* A preset whose Hugging Face repository is @hf_id ("meta-llama/Meta-
 * Llama-3-8B", or a mirror's "NousResearch/Meta-Llama-3-8B"): matched on
 * the repository name in the preset's source.  NULL if none. */
const RpModelPreset *rp_import_find_preset_by_hf_id (RpImportFile *f,
                                                     const char   *hf_id);

/* ---- the readers ---------------------------------------------------- */

/* rp-import-hf.c: a config.json (and the checkpoint beside it). */
gboolean rp_import_read_hf_config  (RpImportFile *f,
                                    const cJSON  *root,
                                    GError      **error);
gboolean rp_import_looks_like_hf   (const cJSON  *root);

/* rp-import-train.c */
gboolean rp_import_read_deepspeed  (RpImportFile *f,
                                    const cJSON  *root,
                                    GError      **error);
gboolean rp_import_read_accelerate (RpImportFile *f,
                                    const cJSON  *root,
                                    GError      **error);
gboolean rp_import_read_axolotl    (RpImportFile *f,
                                    const cJSON  *root,
                                    GError      **error);
gboolean rp_import_read_torchtune  (RpImportFile *f,
                                    const cJSON  *root,
                                    GError      **error);
gboolean rp_import_read_torchrun   (RpImportFile *f,
                                    const char   *text,
                                    GError      **error);
gboolean rp_import_looks_like_deepspeed  (const cJSON *root);
gboolean rp_import_looks_like_accelerate (const cJSON *root);
gboolean rp_import_looks_like_axolotl    (const cJSON *root);
gboolean rp_import_looks_like_torchtune  (const cJSON *root);
gboolean rp_import_looks_like_torchrun   (const char  *text);

/* LoRA targets from module names (q_proj, v_proj, gate_proj, …): sets
 * training.lora_targets and notes what does not match exactly. */
gboolean rp_import_set_lora_targets (RpImportFile      *f,
                                     const char *const *modules,
                                     gboolean           mlp,
                                     const char        *source_key,
                                     GError           **error);

G_END_DECLS

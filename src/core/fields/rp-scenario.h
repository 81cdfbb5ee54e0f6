/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-scenario.h: one planning question, and its *.rigplan file format */
#pragma once

#include "rp-types.h"
#include "rp-fields.h"

G_BEGIN_DECLS

/* One scenario field changed: what a fix, a move to another machine or a
 * planner row does to a scenario (rp_scenario_diff; made by rp_scenario_edit_all). */
typedef struct
{
  const char *key;                  /* static, from the field table */
  double      from;                 /* number fields; NAN null */
  double      to;
  char       *from_text;            /* owned; string fields */
  char       *to_text;
} RpChange;

void        rp_change_clear          (RpChange         *change);

/* The scenario file's format version that this Rigplan writes and reads. */
#define RP_SCENARIO_VERSION 2
/* Scenario files are small; a larger file is not one.  The window reads
 * with this bound: rp_file_load_async (file, RP_SCENARIO_MAX_BYTES, …). */
#define RP_SCENARIO_MAX_BYTES (4 * 1024 * 1024)
/* What one file can make Rigplan hold (rp-scenario-json.c): values in
 * the file (a scenario has a few hundred), and of the keys it does not
 * know (a newer Rigplan's, another tool's), kept through a save: keys,
 * values under them and bytes of their text.  Past one the file is
 * refused with the key named. */
#define RP_SCENARIO_MAX_VALUES         20000
#define RP_SCENARIO_MAX_UNKNOWN_KEYS   256
#define RP_SCENARIO_MAX_UNKNOWN_VALUES 10000
#define RP_SCENARIO_MAX_UNKNOWN_BYTES  (1024 * 1024)

/* A scenario holding every documented default (README "Scenario file"). */
RpScenario *rp_scenario_new            (void);
/* The plan a new document opens with: valid, fitting, with a dataset, so
 * that the window shows figures, not an error (a LoRA of Llama 3 8B on
 * one RTX 4090); in CNY where the translation says so. */
RpScenario *rp_scenario_new_starter    (void);
/* The starter plan in @currency: a CNY plan is in China's market
 * (region "cn-average": its electricity, and offers billed in yuan
 * first); a USD plan keeps the catalog's defaults (no region). */
RpScenario *rp_scenario_new_starter_in (RpCurrency        currency);
RpScenario *rp_scenario_copy           (const RpScenario *self);
void        rp_scenario_free           (RpScenario       *self);
void        rp_scenario_set_name       (RpScenario       *self,
                                        const char       *name);
void        rp_scenario_set_notes      (RpScenario       *self,
                                        const char       *notes);
void        rp_scenario_set_preset     (RpScenario       *self,
                                        const char       *preset);
void        rp_scenario_set_gpu        (RpScenario       *self,
                                        const char       *gpu);
void        rp_scenario_set_rent_offer (RpScenario       *self,
                                        const char       *offer);
void        rp_scenario_set_region     (RpScenario       *self,
                                        const char       *region);

/* The GPU count: gpus_per_node × nodes. */
guint       rp_scenario_n_gpus         (const RpScenario *self);
/* The data-parallel size: GPUs / (tensor × pipeline × context). */
guint       rp_scenario_data_parallel  (const RpScenario *self);

/* Checks the values that no single key can check (parallel sizes that do
 * not divide the GPU count, micro batch above the global batch, …).
 * The error names the key. */
gboolean    rp_scenario_validate       (const RpScenario *self,
                                        GError          **error);

/* The samples one optimizer micro-step takes on every data-parallel GPU:
 * micro batch × data-parallel GPUs.  A global batch that is not a
 * multiple of it is advice of the estimate ("batch-uneven"): DeepSpeed
 * refuses such a config (runtime/config.py, _batch_assertion), other
 * trainers round it. */
guint       rp_scenario_batch_step     (const RpScenario *self);

/* The scenario fields that differ from @a to @b, as RpChange (the
 * architecture overrides are compared too); transfer full. */
GArray     *rp_scenario_diff           (const RpScenario *a,
                                        const RpScenario *b);
/* The prices typed for the part @of of the machine (RP_FIELD_OF_GPU, …
 * of the field table), as changes that put them back; empty when every
 * such price is the catalog's.  Transfer full. */
GArray     *rp_scenario_typed_prices   (const RpScenario *self,
                                        RpFieldFlags      of);
/* Sets the prices typed for the part @of of the machine back to null (the
 * catalog's): they were another machine's. */
void        rp_scenario_drop_prices    (RpScenario       *self,
                                        RpFieldFlags      of);
/* Whether the model's architecture differs from its preset's (an edited
 * preset: "Custom (from Llama 3 8B)"); FALSE without a preset. */
gboolean    rp_scenario_model_is_customized (const RpScenario *self,
                                             const RpModelArch *preset_arch);

/* JSON.  Loading fills defaults for missing keys and keeps unknown keys;
 * errors name the file (for load_file), the JSON path and the problem. */
RpScenario *rp_scenario_load_data      (const char       *data,
                                        gsize             len,
                                        GError          **error);
RpScenario *rp_scenario_load_file      (const char       *path,
                                        GError          **error);
char       *rp_scenario_to_json        (const RpScenario *self);
/* The bytes of text @self holds: its names and ids, notes and unknown
 * keys (what a comparison keeps of it; rp-compare-set.h). */
gsize       rp_scenario_get_text_bytes (const RpScenario *self);
/* Writes with rp_file_write_atomic(): never half a file; a symbolic link
 * stays a link, the permissions stay, a read-only file is refused. */
gboolean    rp_scenario_save_file      (const RpScenario *self,
                                        const char       *path,
                                        GError          **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpScenario, rp_scenario_free)

G_END_DECLS

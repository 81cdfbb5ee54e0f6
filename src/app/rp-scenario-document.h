/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-scenario-document.h: an observable scenario, its file and its estimate
 *
 * The forms bind to one GObject property per field of core's field table
 * (rp-fields.h; the names are the JSON keys with '-' for '_': "seq-len",
 * "gpus-per-node", …; enums are guint properties holding the enum value,
 * doubles may be NAN for null).  Every change marks the document modified
 * and schedules one recompute in a high-priority idle, so a burst of
 * changes costs one estimate, before the next frame.  The recompute
 * notifies "estimate".
 *
 * Text a person typed that is not a valid value is kept out of the
 * scenario: the form reports it (set_field_error), the document keeps the
 * last valid estimate and calls itself stale until the text is fixed. */
#pragma once

#include <gio/gio.h>

#include "rp-catalog.h"
#include "rp-estimate.h"
#include "rp-fields.h"
#include "rp-scenario.h"
#include "rp-undo-stack.h"

G_BEGIN_DECLS

#define RP_TYPE_SCENARIO_DOCUMENT (rp_scenario_document_get_type ())

G_DECLARE_FINAL_TYPE (RpScenarioDocument, rp_scenario_document, RP, SCENARIO_DOCUMENT, GObject)

/* A new document holds rp_scenario_new_starter(). */
RpScenarioDocument *rp_scenario_document_new             (RpCatalog           *catalog);
RpCatalog          *rp_scenario_document_get_catalog     (RpScenarioDocument  *self);
const RpScenario   *rp_scenario_document_get_scenario    (RpScenarioDocument  *self);
/* Replaces the whole scenario (transfer full); not a modification. */
void                rp_scenario_document_set_scenario    (RpScenarioDocument  *self,
                                                          RpScenario          *scenario,
                                                          GFile               *file);
/* The architecture the model fields show: the preset with the overrides
 * on top (also when the estimate failed). */
const RpModelArch  *rp_scenario_document_get_arch        (RpScenarioDocument  *self);
/* The preset's own architecture, or NULL without a preset. */
const RpModelArch  *rp_scenario_document_get_preset_arch (RpScenarioDocument  *self);
/* Whether the architecture differs from the preset's ("Custom (from …)"). */
gboolean            rp_scenario_document_is_customized   (RpScenarioDocument  *self);

/* The estimate of the scenario as it is now, or NULL when it cannot be
 * estimated or a typed value is invalid (then get_error says why). */
const RpEstimate   *rp_scenario_document_get_estimate    (RpScenarioDocument  *self);
/* The last estimate that could be made: what the window shows, marked
 * stale when it is not the current one.  NULL before the first. */
const RpEstimate   *rp_scenario_document_get_shown_estimate (RpScenarioDocument *self);
gboolean            rp_scenario_document_is_stale        (RpScenarioDocument  *self);
/* Why the scenario cannot be estimated: a typed value first, else the
 * estimate's error.  The key is rp_error_get_key (error). */
const GError       *rp_scenario_document_get_error       (RpScenarioDocument  *self);
/* Runs a pending recompute now. */
void                rp_scenario_document_flush           (RpScenarioDocument  *self);
/* Microseconds the last rp_estimate_compute() took. */
gint64              rp_scenario_document_get_compute_us  (RpScenarioDocument  *self);

/* A value typed for @key that is not valid (@error), or NULL when the
 * field holds a valid value again. */
void                rp_scenario_document_set_field_error (RpScenarioDocument  *self,
                                                          const char          *key,
                                                          const GError        *error);
const GError       *rp_scenario_document_get_field_error (RpScenarioDocument  *self,
                                                          const char          *key);

/* Applies the current estimate's fix (rp_fix_apply): FALSE when there is
 * none.  This and apply_changes emit "applied" (const RpScenario
 * *before) once the estimate is made. */
gboolean            rp_scenario_document_apply_fix       (RpScenarioDocument  *self);

/* Applies @changes (rp_scenario_diff; the planner's "Use this machine")
 * to the scenario as one modification: FALSE when there are none. */
gboolean            rp_scenario_document_apply_changes   (RpScenarioDocument  *self,
                                                          const GArray        *changes);

/* Sets the field of @property to null (a price back to the catalog's;
 * NAN or NULL), as one edit: g_object_set() refuses a NAN double. */
void                rp_scenario_document_reset_field     (RpScenarioDocument  *self,
                                                          const char          *property);
/* Replaces the whole scenario (transfer full) as one modification that
 * can be undone (an import into an open scenario). */
gboolean            rp_scenario_document_replace         (RpScenarioDocument  *self,
                                                          RpScenario          *scenario);

/* Undo and redo: every modification above (a field, Apply Fix, changes,
 * replace) is one step; opening a scenario (set_scenario) forgets them.
 * FALSE when there was nothing to undo or redo.  The stack notifies
 * can-undo and can-redo. */
RpUndoStack        *rp_scenario_document_get_undo_stack  (RpScenarioDocument  *self);
gboolean            rp_scenario_document_undo            (RpScenarioDocument  *self);
gboolean            rp_scenario_document_redo            (RpScenarioDocument  *self);

/* A sentence about something the document did on its own (prices that
 * return to the catalog's when the GPU changes), or NULL; cleared by
 * the next edit. */
const char         *rp_scenario_document_get_notice      (RpScenarioDocument  *self);

GFile              *rp_scenario_document_get_file        (RpScenarioDocument  *self);
gboolean            rp_scenario_document_get_modified    (RpScenarioDocument  *self);
void                rp_scenario_document_set_modified    (RpScenarioDocument  *self,
                                                          gboolean             modified);
/* The scenario's name, else the file's name, else "Untitled". */
char               *rp_scenario_document_dup_title       (RpScenarioDocument  *self);

/* File I/O (async, cancellable).  Errors name the file and the key. */
void                rp_scenario_document_load_async      (RpScenarioDocument  *self,
                                                          GFile               *file,
                                                          GCancellable        *cancellable,
                                                          GAsyncReadyCallback  callback,
                                                          gpointer             user_data);
gboolean            rp_scenario_document_load_finish     (RpScenarioDocument  *self,
                                                          GAsyncResult        *result,
                                                          GError             **error);
void                rp_scenario_document_save_async      (RpScenarioDocument  *self,
                                                          GFile               *file,
                                                          GCancellable        *cancellable,
                                                          GAsyncReadyCallback  callback,
                                                          gpointer             user_data);
gboolean            rp_scenario_document_save_finish     (RpScenarioDocument  *self,
                                                          GAsyncResult        *result,
                                                          GError             **error);

/* The field a property edits ("seq-len" → training.seq_len), or NULL. */
const RpField      *rp_scenario_document_property_field  (const char          *property);
/* The property name of @field (static; the document's class must exist). */
const char         *rp_scenario_document_field_property  (const RpField       *field);

G_END_DECLS

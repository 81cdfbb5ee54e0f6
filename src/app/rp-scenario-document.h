/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-scenario-document.h: an observable scenario, its file and its estimate
 *
 * The forms bind to one GObject property per scenario field (the names
 * are the JSON keys with '-' for '_': "seq-len", "gpus-per-node", …;
 * enums are guint properties holding the enum value).  Every change marks
 * the document modified and schedules one recompute in a high-priority
 * idle, so a burst of changes costs one estimate, before the next frame.
 * The recompute notifies "estimate". */
#pragma once

#include <gio/gio.h>

#include "rp-catalog.h"
#include "rp-estimate.h"
#include "rp-scenario.h"

G_BEGIN_DECLS

#define RP_TYPE_SCENARIO_DOCUMENT (rp_scenario_document_get_type ())

G_DECLARE_FINAL_TYPE (RpScenarioDocument, rp_scenario_document, RP, SCENARIO_DOCUMENT, GObject)

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

/* The last estimate, or NULL when the scenario could not be estimated
 * (then get_error says why and get_error_key names the field). */
const RpEstimate   *rp_scenario_document_get_estimate    (RpScenarioDocument  *self);
const GError       *rp_scenario_document_get_error       (RpScenarioDocument  *self);
const char         *rp_scenario_document_get_error_key   (RpScenarioDocument  *self);
const char         *rp_scenario_document_get_error_text  (RpScenarioDocument  *self);
/* Runs a pending recompute now. */
void                rp_scenario_document_flush           (RpScenarioDocument  *self);
/* Microseconds the last rp_estimate_compute() took. */
gint64              rp_scenario_document_get_compute_us  (RpScenarioDocument  *self);

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

/* The JSON key ("training.seq_len") of a property, or NULL. */
const char         *rp_scenario_document_property_key    (const char          *property);

G_END_DECLS

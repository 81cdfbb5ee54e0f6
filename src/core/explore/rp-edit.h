/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-edit.h: one way to change a scenario
 *
 * The form, Compare's variants, Apply Fix, "Use this machine" and
 * `plan --apply` change a scenario here, so that an edit means the same
 * in every window:
 *
 * - the machine (GPU, GPUs per node, nodes) moves as a whole through
 *   rp_explore_move(): its link, network, parallel split and the prices
 *   typed for the old machine follow it;
 * - a new currency converts every money field at the scenario's rate;
 * - a model field overrides the preset's value (null: the preset's again);
 *   choosing a preset drops the overrides, choosing none keeps the
 *   architecture as the user's own;
 * - any other field is set as given, within the field table's range. */
#pragma once

#include "rp-catalog.h"
#include "rp-scenario.h"

G_BEGIN_DECLS

/* @scenario with field @key at @value (number fields; NAN: null) or
 * @text (string fields).  Transfer full; NULL with @error naming @key
 * when the value is out of range, names nothing in @catalog, or the
 * global batch cannot feed the machine. */
RpScenario *rp_scenario_edit      (const RpScenario *scenario,
                                   const RpCatalog  *catalog,
                                   const char       *key,
                                   double            value,
                                   const char       *text,
                                   GError          **error);
/* @scenario with @changes (RpChange, as rp_scenario_diff() makes them):
 * the other fields in order, then the machine's as one move (which sees
 * the new batch and split), then the other fields again over what the
 * move derived, so that changes read from a moved scenario give that
 * scenario back.  Fixes, plan rows and decisions are applied here.
 * Transfer full; NULL with @error. */
RpScenario *rp_scenario_edit_all  (const RpScenario *scenario,
                                   const RpCatalog  *catalog,
                                   const GArray     *changes,
                                   GError          **error);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-decision-json.h: the decision as JSON, for `estimate --json` and
 * `plan --json` alike */
#pragma once

#include <cjson/cJSON.h>

#include "rp-decision.h"

G_BEGIN_DECLS

/* {"status", "recommended" (null when none), "why", "buy": {"verdict",
 * "sentence", the rule's margin and payback share}, "alternatives"
 * ranked}; each choice: "answer", "gpu", "gpus", "nodes", its figures,
 * "broken" (the limits it breaks), "why" (its sentence).  Transfer full. */
cJSON *rp_decision_to_json (const RpDecision *decision);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-estimate-json.h: the estimate as JSON (the CLI contract in DESIGN.md) */
#pragma once

#include "rp-decision.h"
#include "rp-estimate.h"

G_BEGIN_DECLS

/* A pretty-printed JSON document; sections not computed are null, and
 * "decision" is @decision's (rp-decision-json.h), null when NULL. */
char *rp_estimate_to_json (const RpScenario *scenario,
                           const RpCatalog  *catalog,
                           const RpEstimate *estimate,
                           const RpDecision *decision);

/* The same document as CSV (RFC 4180, CRLF lines): a "key,value" heading,
 * then one line per value, keyed by its JSON path ("memory.total",
 * "constraints[2].message"); null is empty, strings are unquoted text. */
char *rp_estimate_to_csv  (const RpScenario *scenario,
                           const RpCatalog  *catalog,
                           const RpEstimate *estimate,
                           const RpDecision *decision);

typedef enum
{
  RP_ESTIMATE_FORMAT_JSON,
  RP_ESTIMATE_FORMAT_CSV,
} RpEstimateFormat;

/* The format @path's extension names (.json, .csv; any case). */
gboolean rp_estimate_format_from_path (const char       *path,
                                       RpEstimateFormat *out);
/* Writes the estimate as JSON or CSV to @path, whole or not at all
 * (rp_file_write_atomic).  Errors: RP_ERROR_EXPORT_FAILED naming @path. */
gboolean rp_estimate_write_file       (const RpScenario *scenario,
                                       const RpCatalog  *catalog,
                                       const RpEstimate *estimate,
                                       const RpDecision *decision,
                                       RpEstimateFormat  format,
                                       const char       *path,
                                       GError          **error);

G_END_DECLS

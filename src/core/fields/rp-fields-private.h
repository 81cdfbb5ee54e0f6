/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-fields-private.h: the field table's JSON side, for the scenario and
 * model-catalog loaders (cJSON stays inside core's loaders) */
#pragma once

#include "rp-fields.h"
#include "rp-json-private.h"
#include "rp-scenario.h"
#include "rp-scenario.h"

G_BEGIN_DECLS

#define RP_FIELDS_SCENARIO_VERSION RP_SCENARIO_VERSION

/* Reads the scenario keys of @section from @obj (NULL: nothing) into
 * @scenario.  @version is the file's: version 1 wrote 0 for null. */
gboolean  rp_fields_read_section  (const cJSON       *obj,
                                   RpSection          section,
                                   guint              version,
                                   RpScenario        *scenario,
                                   GError           **error);
/* Reads the architecture keys of @obj into @arch, setting the RpArchField
 * bit of each key present in *@present (may be NULL).  Errors name
 * "@path.key". */
gboolean  rp_fields_read_arch     (const cJSON       *obj,
                                   const char        *path,
                                   RpModelArch       *arch,
                                   guint32           *present,
                                   GError           **error);
/* Writes every scenario key of @section (null for null values). */
void      rp_fields_write_section (cJSON             *obj,
                                   RpSection          section,
                                   const RpScenario  *scenario);
/* Writes the architecture keys whose bits are in @mask. */
void      rp_fields_write_arch    (cJSON             *obj,
                                   const RpModelArch *arch,
                                   guint32            mask);
/* Deletes every key of @section this version knows from @obj. */
void      rp_fields_strip_known   (cJSON             *obj,
                                   RpSection          section);
/* Adds "from" and "to" of @change to @obj as the file writes @field's
 * values (names for enums, null for null). */
void      rp_fields_change_to_json (cJSON            *obj,
                                    const RpField    *field,
                                    const RpChange   *change);
/* One field for `rigplan-cli schema --json`. */
cJSON    *rp_fields_describe_json (const RpField     *field);

G_END_DECLS

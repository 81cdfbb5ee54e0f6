/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-calibration-private.h: the catalog's store of calibrations
 * (rp-calibration-data.c), its hook into the catalog (rp-catalog.c) and
 * what rp-calibration.c reads of it. */
#pragma once

#include "rp-calibration.h"

#include <cjson/cJSON.h>

G_BEGIN_DECLS

typedef struct _RpCalibrations RpCalibrations;

/* rp-calibration-data.c */
RpCalibrations      *rp_calibrations_new      (void);
void                 rp_calibrations_free     (RpCalibrations       *self);
/* Reads a "rigplan-calibrations" file; one with an error adds nothing.
 * A later calibration of the same id replaces the earlier one, which
 * stays alive (estimates borrow it) until the store is freed. */
gboolean             rp_calibrations_load     (RpCalibrations       *self,
                                               const cJSON          *root,
                                               GError              **error);
guint                rp_calibrations_n        (const RpCalibrations *self);
const RpCalibration *rp_calibrations_get      (const RpCalibrations *self,
                                               guint                 i);
const RpCalibration *rp_calibrations_lookup   (const RpCalibrations *self,
                                               const char           *id);
/* Unlists @id (kept alive until the store is freed); FALSE if absent. */
gboolean             rp_calibrations_remove   (RpCalibrations       *self,
                                               const char           *id);
/* One entry as the file holds it (transfer full). */
cJSON               *rp_calibration_to_json   (const RpCalibration  *cal);

/* rp-catalog.c: the catalog's calibrations (never NULL). */
RpCalibrations      *rp_catalog_get_calibrations (const RpCatalog  *self);

G_END_DECLS

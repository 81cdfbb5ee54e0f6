/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-checklist-private.h: the catalog's hook into checklist.json
 * (rp-checklist-data.c, rp-catalog.c) */
#pragma once

#include "rp-checklist-data.h"

#include <cjson/cJSON.h>

G_BEGIN_DECLS

typedef struct
{
  char *cuda;
  char *linux_driver;
} RpDriverRow;

/* What checklist.json files gave, in reading order (a later file's
 * entries are found first). */
typedef struct _RpChecklistData
{
  GPtrArray    *drivers;                /* RpDriverRow*, owned; the last file's */
  GPtrArray    *software;               /* RpSoftware*, owned */
  GPtrArray    *mains;                  /* RpMains*, owned */
  GPtrArray    *noise;                  /* RpNoise*, owned */
  GPtrArray    *backups;                /* RpBackupRule*, owned; the last one counts */
  /* The software entry of each GPU of the catalog: RpGpu* (borrowed) →
   * RpSoftware* (borrowed; NULL: none), rebuilt after every load
   * (rp_checklist_data_index); a GPU not in it is looked up by walking. */
  GHashTable   *software_by_gpu;
} RpChecklistData;

RpChecklistData *rp_checklist_data_new     (void);
void             rp_checklist_data_free    (RpChecklistData *data);
/* Whether @format is "rigplan-checklist". */
gboolean         rp_checklist_data_handles (const char      *format);
/* Reads one file; a file with an error adds nothing.  A later file's
 * entries are found before an earlier one's. */
gboolean         rp_checklist_data_load    (RpChecklistData *data,
                                            const cJSON     *root,
                                            GError         **error);

/* The software entry of @gpu by walking the entries, the last file's
 * first, so that a user's file overrides the bundled one. */
const RpSoftware *rp_checklist_data_find_software (const RpChecklistData *data,
                                                  const RpGpu           *gpu);
/* Indexes the software entry of each of @gpus (RpGpu*); the catalog
 * calls it after every load, once the GPUs and the files are final. */
void             rp_checklist_data_index   (RpChecklistData *data,
                                            GPtrArray       *gpus);

/* rp-catalog.c: the catalog's checklist data (never NULL). */
RpChecklistData *rp_catalog_get_checklist_data (const RpCatalog *self);

G_END_DECLS

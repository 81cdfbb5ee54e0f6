/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-checklist.h: the rest of a buyer's checklist, judged
 *
 * Beside memory, time and money a careful buyer checks that the software
 * runs on the card, that the machine is not far larger than the job,
 * that the room can power, cool and bear it, that data and code are
 * backed up, where the data lives, and that a "new" card's price makes
 * sense.  rp_checklist_judge() notes each as an advice code; the figures
 * the sentences quote are computed here (rp_checklist_room(),
 * rp_checklist_backup()) and worded in words/rp-words-checklist.c. */
#pragma once

#include "rp-checklist-data.h"
#include "rp-results.h"

G_BEGIN_DECLS

/* What one machine asks of the room it sits in. */
typedef struct
{
  gboolean             known;          /* the BOM gave the power */
  gboolean             on_premises;    /* no colocation price: in the buyer's own room */
  double               watts_per_node; /* peak, at the wall */
  guint                nodes;
  const RpMains       *mains;          /* borrowed; NULL when the catalog has none */
  double               amps_per_node;  /* at the mains voltage */
  double               circuit_w;      /* one dedicated circuit may carry */
  guint                circuits;       /* dedicated circuits, all nodes */
  double               heat_btu_h;     /* heat to remove, all nodes */
  RpShapeKind          shape;
  gboolean             shape_known;
  const RpNoise       *noise;          /* borrowed; NULL when unknown */
} RpRoomNeeds;

/* Backups of the dataset, the code and the kept checkpoints. */
typedef struct
{
  gboolean              known;
  const RpBackupRule   *rule;          /* borrowed */
  double                bytes;         /* one copy: dataset + kept checkpoints */
  double                dataset_bytes;
  double                checkpoints_bytes;
  const RpStoragePrice *price;         /* borrowed: the off-site copy's storage */
  double                offsite_per_month; /* in price->currency */
  double                restore_egress;    /* taking the copy back once, in price->currency */
} RpBackupNeeds;

/* Notes the checklist's advice codes on @est (after the models and the
 * constraints ran) and fills est->bom.backup_bytes and backup_per_month. */
void     rp_checklist_judge      (const RpScenario *scenario,
                                  const RpCatalog  *catalog,
                                  RpEstimate       *est);

/* The software entry of @est's GPU; NULL when the catalog has none. */
const RpSoftware *rp_checklist_software (const RpCatalog  *catalog,
                                         const RpEstimate *est);

void     rp_checklist_room       (const RpScenario *scenario,
                                  const RpCatalog  *catalog,
                                  const RpEstimate *est,
                                  RpRoomNeeds      *out);
void     rp_checklist_backup     (const RpScenario *scenario,
                                  const RpCatalog  *catalog,
                                  const RpEstimate *est,
                                  RpBackupNeeds    *out);

/* Whether @software runs a kernel of FlashAttention-2's class (the
 * library Hugging Face's "flash_attention_2" and most trainers load, or
 * the vendor's equivalent); FALSE leaves SDPA's memory-efficient kernel
 * or FlashAttention 1 at most. */
gboolean rp_checklist_runs_flash2 (const RpSoftware *software);

/* The last new price of @gpu in the scenario's currency (NAN: none on
 * record), when it is no longer sold new in the buyer's market. */
double   rp_checklist_last_new_price (const RpScenario *scenario,
                                      const RpCatalog  *catalog,
                                      const RpEstimate *est,
                                      const char      **as_of);

G_END_DECLS

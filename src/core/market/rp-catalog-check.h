/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-catalog-check.h: every hole in the catalogs ("rigplan-cli catalog
 * check")
 *
 * A hole is a figure no source gives, a precision the catalog says
 * nothing of, a figure taken from a sibling part, a GPU nobody rents or
 * sells, a price older than six months, an entry without its kind of
 * source, a price from a resale listing, a provider of unknown standing,
 * an offer whose host size is not stated.  A hole "blocks" when an
 * estimate on that GPU cannot give a time or a power draw for the usual
 * training precision (BF16, or FP16 where the GPU lacks BF16): the
 * bundled catalogs have none. */
#pragma once

#include "rp-catalog.h"

G_BEGIN_DECLS

/* The kind of entry a hole is in. */
typedef enum
{
  RP_HOLE_GPU,
  RP_HOLE_OFFER,
  RP_HOLE_PURCHASE,
  RP_HOLE_REGION,
  RP_N_HOLE_ENTRIES
} RpHoleEntry;

typedef enum
{
  RP_HOLE_UNKNOWN_FIGURE,       /* a figure no source gives (key) */
  RP_HOLE_UNKNOWN_SUPPORT,      /* a precision neither listed nor lacked */
  RP_HOLE_DERIVED,              /* a figure taken from a sibling part (a note) */
  RP_HOLE_NO_RENT,              /* no offer rents the GPU */
  RP_HOLE_NO_PURCHASE,          /* no price to buy the GPU */
  RP_HOLE_STALE,                /* a price older than six months */
  RP_HOLE_UNSOURCED,            /* no source, or no kind of source */
  RP_HOLE_LISTING,              /* a price one seller asks in a listing */
  RP_HOLE_UNKNOWN_PROVIDER,     /* the offer's provider is of unknown standing */
  RP_HOLE_SHAPE_UNSTATED,       /* billed by the card, host size not stated */
  RP_N_HOLE_KINDS
} RpHoleKind;

typedef struct
{
  RpHoleEntry  entry;
  const char  *id;              /* borrowed from the catalog */
  RpHoleKind   kind;
  const char  *key;             /* static or borrowed: "tflops.bf16", "as_of" */
  RpPrecision  precision;       /* RP_HOLE_UNKNOWN_SUPPORT */
  gboolean     blocking;        /* an estimate on this GPU has no time or power */
  double       age_months;      /* RP_HOLE_STALE */
  const char  *as_of;           /* RP_HOLE_STALE; borrowed */
  const char  *from;            /* RP_HOLE_DERIVED: the sibling's id, or NULL */
} RpCatalogHole;

/* Every hole of @catalog on @today, in catalog order (GPUs, offers,
 * purchases, regions).  Transfer full (RpCatalogHole). */
GArray     *rp_catalog_check             (const RpCatalog *catalog,
                                          GDate           *today);
/* How many of @holes block an estimate. */
guint       rp_catalog_check_n_blocking  (GArray          *holes);
/* "unknown-figure", "unknown-support", … for JSON. */
const char *rp_hole_kind_to_string       (RpHoleKind       kind);
/* "gpu", "offer", "purchase", "region" for JSON. */
const char *rp_hole_entry_to_string      (RpHoleEntry      entry);

G_END_DECLS

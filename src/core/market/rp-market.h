/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-market.h: what can be bought, in which shape, and where
 *
 * Two catalogs, each with its sources and dates:
 *
 *  - servers.json ("rigplan-servers"): the machines GPUs are sold in.  A
 *    GPU is bought as part of a server shape: GeForce and workstation
 *    cards in workstations (1-4 cards) or 4U servers (up to 8);
 *    datacenter PCIe cards in 1/2/4/8-GPU servers; SXM and OAM modules
 *    only on their 4- or 8-GPU baseboards; Grace superchips only as whole
 *    racks.  Each shape has its own platform price (chassis, CPUs,
 *    memory, NICs, power supplies: everything but the GPUs), dated and
 *    sourced, or none where no public price exists: unknown, never 0.
 *
 *  - market.json ("rigplan-market"): markets (China; the United States
 *    and the rest of the world), the dated rules that changed what is
 *    sold where (export controls since 2022, China's own guidance), and
 *    per GPU and market the dated status: sold new, new only through
 *    grey channels, used only, rented only, or not sold.  Also the
 *    licence terms that bar a GPU's driver from datacenters (GeForce).
 *
 * The planner asks, per GPU: which GPUs-per-node it can buy
 * (rp_catalog_purchasable_counts, rp_catalog_purchasable_gpus_per_node),
 * the shape and platform price of that node (rp_catalog_shape_for,
 * rp_server_shape_find_price), whether the buyer's market sells it in
 * the scenario's condition (rp_catalog_availability), and whether its
 * driver licence excludes datacenters (rp_gpu_datacenter_licence_
 * restricted).  The cost model gets the same answers through
 * rp_prices_resolve() (rp-prices.h: RpPrices.shape, .shape_fit,
 * .availability).  Everything here returns codes and borrowed catalog
 * strings; the sentences are in words/ (rp_words_shape_fit,
 * rp_words_availability, rp_words_licence). */
#pragma once

#include "rp-catalog.h"

G_BEGIN_DECLS

/* ---- server shapes (servers.json) ----------------------------------- */

typedef enum
{
  RP_SHAPE_WORKSTATION,         /* a tower or desktop under a desk */
  RP_SHAPE_SERVER,              /* a rack server of PCIe cards */
  RP_SHAPE_BASEBOARD,           /* a server built on a GPU baseboard (HGX, OAM UBB, Atlas) */
  RP_SHAPE_RACK,                /* a whole rack sold as one machine (GB200 NVL72) */
  RP_N_SHAPE_KINDS
} RpShapeKind;

/* One dated platform price of a shape: the machine without its GPUs. */
typedef struct
{
  RpCurrency  currency;
  double      price;                   /* in @currency, per machine, without GPUs */
  char       *source;
  char       *source_kind;             /* "analyst estimate", "build log", …; may be NULL */
  char       *as_of;
  char       *notes;                   /* how a derived price was derived; may be NULL */
} RpShapePrice;

typedef struct
{
  char          *id;
  char          *name;                 /* English */
  char          *name_zh;              /* may be NULL */
  RpShapeKind    kind;
  char         **gpus;                 /* NULL-terminated RpGpu ids it takes */
  guint         *counts;               /* GPUs per machine it is sold with, ascending */
  guint          n_counts;
  RpShapePrice  *prices;               /* n_prices dated platform prices; may be none */
  guint          n_prices;
  char          *source;               /* that the shape exists, as described */
  char          *source_kind;          /* may be NULL */
  char          *as_of;
  char          *notes;                /* may be NULL */
} RpServerShape;

/* Whether a node of a GPU can be bought with that many GPUs. */
typedef enum
{
  RP_SHAPE_FIT_UNKNOWN,         /* the catalog has no shape for the GPU: not known */
  RP_SHAPE_FIT_OK,              /* a shape is sold with exactly that many GPUs */
  RP_SHAPE_FIT_NOT_SOLD,        /* the GPU has shapes, none with that many GPUs
                                 * (2 × H100 SXM: baseboards hold 4 or 8) */
  RP_N_SHAPE_FITS
} RpShapeFit;

guint                  rp_catalog_n_server_shapes      (const RpCatalog *self);
const RpServerShape   *rp_catalog_get_server_shape     (const RpCatalog *self,
                                                        guint            i);
const RpServerShape   *rp_catalog_lookup_server_shape  (const RpCatalog *self,
                                                        const char      *id);

/* The shapes @gpu_id is sold in, in catalog order.  Transfer container:
 * free the array, not the shapes.  Empty (never NULL) when none. */
GPtrArray             *rp_catalog_server_shapes_for_gpu (const RpCatalog *self,
                                                         const char      *gpu_id);
/* Whether @shape takes @gpu_id. */
gboolean               rp_server_shape_takes           (const RpServerShape *shape,
                                                        const char          *gpu_id);
/* Whether @shape is sold with @gpus_per_node GPUs. */
gboolean               rp_server_shape_allows          (const RpServerShape *shape,
                                                        guint                gpus_per_node);

/* The shape a node of @gpus_per_node × @gpu_id is bought as, and whether
 * that count is sold.  RP_SHAPE_FIT_OK: *@out is the smallest shape sold
 * with exactly that count (for @nodes > 1, a rack-mounted one before a
 * workstation).  RP_SHAPE_FIT_NOT_SOLD: *@out is the smallest shape sold
 * with more GPUs (the machine one would have to buy), or NULL when none
 * is that large.  RP_SHAPE_FIT_UNKNOWN: *@out is NULL.  @out may be NULL. */
RpShapeFit             rp_catalog_shape_for            (const RpCatalog      *self,
                                                        const char           *gpu_id,
                                                        guint                 gpus_per_node,
                                                        guint                 nodes,
                                                        const RpServerShape **out);
/* Every GPUs-per-node count @gpu_id is sold with, ascending, without
 * repeats; *@n_out gets the length.  NULL (and 0) when the catalog has
 * no shape for the GPU: the counts are not known, so none is ruled out.
 * Transfer full (g_free). */
guint                 *rp_catalog_purchasable_counts   (const RpCatalog *self,
                                                        const char      *gpu_id,
                                                        guint           *n_out);
/* The smallest count @gpu_id is sold with that is at least @want: @want
 * itself when it is sold (or when no shape is known), 4 for want = 2 on
 * an SXM part, 0 when every shape is smaller than @want. */
guint                  rp_catalog_purchasable_gpus_per_node (const RpCatalog *self,
                                                             const char      *gpu_id,
                                                             guint            want);
/* The platform price to use: among those in @preferred currency if any,
 * else among all, the newest (the first in file order on a tie).  NULL
 * when the shape has no price.  Borrowed. */
const RpShapePrice    *rp_server_shape_find_price      (const RpServerShape *shape,
                                                        RpCurrency           preferred);
/* The shape's name to show: its Chinese name for a Chinese reader where
 * the catalog has one.  Borrowed. */
const char            *rp_server_shape_get_name        (const RpServerShape *shape);

/* "workstation", "server", "baseboard", "rack" */
const char            *rp_shape_kind_to_string         (RpShapeKind      kind);
/* "unknown", "ok", "not-sold" (for JSON) */
const char            *rp_shape_fit_to_string          (RpShapeFit       fit);

/* A whole-server purchase price (purchases.json, kind "server": GPUs
 * included) for @gpus_per_server × @gpu_id in @condition: in @preferred
 * currency if any, else any, the newest.  NULL when none.  Borrowed.
 * Check platform_included: an HGX module's price leaves the server
 * around the board to be added (its shape's platform price). */
const RpPurchasePrice *rp_catalog_find_server_purchase (const RpCatalog *self,
                                                        const char      *gpu_id,
                                                        guint            gpus_per_server,
                                                        RpCondition      condition,
                                                        RpCurrency       preferred);

/* ---- markets and availability (market.json) ------------------------- */

typedef struct
{
  char        *id;                     /* "cn", "global" */
  char        *name;
  char        *name_zh;                /* may be NULL */
  char       **countries;              /* NULL-terminated ISO 3166 codes; empty for the default */
  RpCurrency   currency;               /* what its buyers pay in */
  gboolean     is_default;             /* the market of every country no other lists */
  char        *source;
  char        *as_of;
  char        *notes;
} RpMarket;

/* A dated rule or event that changed what is sold where. */
typedef struct
{
  char        *id;                     /* "us-2023-10-17" */
  char        *date;                   /* when it took effect */
  char        *issuer;
  char        *summary;                /* English, from the source */
  char        *source;
  char        *source_kind;
  char        *as_of;
  char        *notes;
} RpMarketRule;

typedef enum
{
  RP_AVAILABILITY_UNKNOWN,      /* the catalog says nothing for this GPU and market */
  RP_AVAILABILITY_NEW,          /* sold new through the maker's channels */
  RP_AVAILABILITY_GREY,         /* new only through unofficial channels; used in-country */
  RP_AVAILABILITY_USED_ONLY,    /* no longer sold new: second-hand only */
  RP_AVAILABILITY_RENT_ONLY,    /* not sold to buyers there; clouds there rent it */
  RP_AVAILABILITY_NOT_SOLD,     /* neither sold nor (by the sources) rented there */
  RP_N_AVAILABILITIES
} RpAvailabilityStatus;

/* One dated status of some GPUs in one market (or every market). */
typedef struct
{
  char                 *id;
  char                **gpus;          /* NULL-terminated RpGpu ids */
  char                 *market;        /* RpMarket id, or NULL: every market */
  char                 *from;          /* the date it holds from */
  RpAvailabilityStatus  status;
  char                 *rule;          /* RpMarketRule id behind it; may be NULL */
  char                 *source;
  char                 *source_kind;
  char                 *as_of;
  char                 *notes;
} RpAvailabilityEntry;

/* The answer for one GPU, market, condition and date; strings borrowed
 * from the catalog. */
typedef struct
{
  RpAvailabilityStatus        status;
  /* Whether the condition asked can be bought through ordinary channels
   * (new: status NEW; used or ex-mining: NEW, GREY or USED_ONLY); TRUE
   * when the status is UNKNOWN, which must be shown, not assumed. */
  gboolean                    allowed;
  const RpAvailabilityEntry  *entry;   /* the entry in force, or NULL */
  const RpMarketRule         *rule;    /* its rule, or NULL */
  const RpMarket             *market;  /* the market asked, or NULL if none */
} RpAvailability;

/* The licence term that bars a GPU's driver from datacenters. */
typedef struct
{
  char        *id;
  char        *vendor;                 /* GPUs of this vendor … */
  RpSegment    segment;                /* … and segment are covered */
  char        *clause;                 /* "2.1.3" */
  char        *text;                   /* the clause, quoted from the source (English) */
  char        *since;                  /* the date it was added */
  char        *source;
  char        *source_kind;
  char        *as_of;
  char        *notes;
} RpLicenceTerm;

guint                      rp_catalog_n_markets          (const RpCatalog *self);
const RpMarket            *rp_catalog_get_market         (const RpCatalog *self,
                                                          guint            i);
const RpMarket            *rp_catalog_lookup_market      (const RpCatalog *self,
                                                          const char      *id);
/* The market a buyer is in: the one listing the country of @region_id,
 * else (a region of another country) the default market; without a
 * region (or one of no country), the first market paid in @currency,
 * else the default.  NULL only when the catalog has no market. */
const RpMarket            *rp_catalog_market_for         (const RpCatalog *self,
                                                          const char      *region_id,
                                                          RpCurrency       currency);
const char                *rp_market_get_name            (const RpMarket  *market);

guint                      rp_catalog_n_market_rules     (const RpCatalog *self);
const RpMarketRule        *rp_catalog_get_market_rule    (const RpCatalog *self,
                                                          guint            i);
const RpMarketRule        *rp_catalog_lookup_market_rule (const RpCatalog *self,
                                                          const char      *id);
guint                      rp_catalog_n_availability     (const RpCatalog *self);
const RpAvailabilityEntry *rp_catalog_get_availability   (const RpCatalog *self,
                                                          guint            i);

/* Fills @out for @gpu_id in @market_id on @date ("YYYY[-MM[-DD]]"; NULL:
 * the newest entry, whatever its date).  The entry in force is the one
 * with the latest "from" not after @date among those for that market;
 * only when none is, among those for every market.  A market that no
 * entry speaks of is UNKNOWN (allowed).  @condition sets out->allowed. */
void                       rp_catalog_availability       (const RpCatalog *self,
                                                          const char      *gpu_id,
                                                          const char      *market_id,
                                                          RpCondition      condition,
                                                          const char      *date,
                                                          RpAvailability  *out);
/* rp_catalog_availability() for @market (NULL: no market), a market of
 * this catalog, without looking it up by its id again. */
void                       rp_catalog_availability_in    (const RpCatalog *self,
                                                          const char      *gpu_id,
                                                          const RpMarket  *market,
                                                          RpCondition      condition,
                                                          const char      *date,
                                                          RpAvailability  *out);
/* Whether @status lets @condition be bought (see RpAvailability.allowed). */
gboolean                   rp_availability_allows        (RpAvailabilityStatus status,
                                                          RpCondition          condition);
/* "unknown", "new", "grey", "used-only", "rent-only", "not-sold" */
const char                *rp_availability_status_to_string   (RpAvailabilityStatus status);
gboolean                   rp_availability_status_from_string (const char           *s,
                                                               RpAvailabilityStatus *out);

guint                      rp_catalog_n_licence_terms    (const RpCatalog *self);
const RpLicenceTerm       *rp_catalog_get_licence_term   (const RpCatalog *self,
                                                          guint            i);
/* The term that bars @gpu's driver from datacenter deployment (the
 * GeForce driver licence), or NULL.  Borrowed. */
const RpLicenceTerm       *rp_catalog_datacenter_licence (const RpCatalog *self,
                                                          const RpGpu     *gpu);
/* Whether such a term covers @gpu: the planner does not recommend it for
 * a datacenter build (several nodes, or rack servers) unless asked. */
gboolean                   rp_gpu_datacenter_licence_restricted (const RpCatalog *self,
                                                                 const RpGpu     *gpu);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-words.h: the sentences about a verdict, its constraints and its fix,
 * written once
 *
 * The window's banner, the CLI's first lines and the PDF's summary show
 * these very sentences (translated); none of them words a verdict or a
 * fix on its own. */
#pragma once

#include "rp-compare.h"
#include "rp-decision.h"
#include "rp-estimate.h"
#include "rp-fields.h"
#include "rp-figures.h"
#include "rp-planner.h"
#include "rp-units.h"
#include "rp-words-calibration.h"
#include "rp-words-market.h"

G_BEGIN_DECLS

/* "Fits on NVIDIA A100 80GB SXM4", "Does not fit on …", "Fits, but
 * misses the deadline": the headline for the worst unmet constraint. */
char *rp_words_verdict_title       (const RpScenario *scenario,
                                    const RpEstimate *estimate);
/* The worst unmet constraint's sentence and its fix, or the memory
 * summary when every constraint holds. */
char *rp_words_verdict_detail      (const RpScenario *scenario,
                                    const RpCatalog  *catalog,
                                    const RpEstimate *estimate);
/* "Train with QLoRA on a 4-bit base model" (+ " and …" for a pair);
 * NULL when @fix found nothing to change. */
char *rp_words_fix_action          (const RpCatalog  *catalog,
                                    const RpFix      *fix);
/* The same in lower case, the larger GPU given (a choice's own GPU). */
char *rp_words_fix_action_to       (const RpFix      *fix,
                                    const RpGpu      *larger);
/* "Fix: Train with QLoRA on a 4-bit base model (then 9.8 GiB per GPU,
 * 2.1 days, $120)."  NULL when there is no fix; the "nothing works"
 * sentence when the search found none. */
char *rp_words_fix_sentence        (const RpCatalog  *catalog,
                                    const RpEstimate *estimate);
/* The sentence of one judged constraint (filled into its message). */
char *rp_words_constraint          (RpConstraintCode  code,
                                    const RpConstraint *constraint,
                                    const RpScenario *scenario,
                                    const RpEstimate *estimate);
/* The sentence of one piece of advice of @estimate (made from
 * @scenario): "Communication over 25 GbE leaves the GPUs waiting 91 %
 * of each step; …".  Never NULL. */
char *rp_words_advice              (const RpWarning  *warning,
                                    const RpScenario *scenario,
                                    const RpCatalog  *catalog,
                                    const RpEstimate *estimate);
/* What holds the run back, translated: "memory bandwidth". */
const char *rp_words_bottleneck    (RpBottleneck      bottleneck);
/* The constraint's short translated name ("Host RAM"). */
const char *rp_words_constraint_name (RpConstraintCode code);
/* The machine to get, as one paragraph a vendor can quote from: GPUs,
 * nodes, CPU cores and sockets (beside what the user entered), RAM,
 * NVMe, network, power and cooling. */
char *rp_words_machine             (const RpCatalog  *catalog,
                                    const RpBom      *bom);
/* The machine of a plan row: "4 × NVIDIA H100 SXM5 80GB", "16 × NVIDIA
 * H100 SXM5 80GB in 2 nodes". */
char *rp_words_plan_machine        (const RpPlanRow  *row);
/* One sentence on a row of a plan's answer: for the recommended row what
 * it is ("4 × H100 SXM rented on demand from Lambda: 5.2 days, $6,100,
 * 27 % headroom"); for the others how they compare with it ("8 × A100 is
 * 18 % cheaper but misses the deadline by 2.0 days"). */
char *rp_words_plan_row            (const RpPlan     *plan,
                                    const RpCatalog  *catalog,
                                    guint             kind,
                                    guint             index);
/* Why an answer (@kind) or the plan (@kind < 0) recommends nothing, as a
 * sentence; NULL when it does recommend. */
char *rp_words_plan_reason         (const RpPlan     *plan,
                                    const RpCatalog  *catalog,
                                    gint              kind);
/* Answer @kind of @plan in one sentence: its recommended row, or why it
 * has none; for buying, followed by @decision's verdict when it says
 * not to buy (@decision may be NULL).  What the sizing guide shows. */
char *rp_words_plan_answer         (const RpPlan     *plan,
                                    const RpDecision *decision,
                                    const RpCatalog  *catalog,
                                    RpPlanAnswerKind  kind);
/* ---- the decision (rp-words-decision.c) ---------------------------- */

/* "Cheapest rental", "Your machine, fixed", … */
const char *rp_words_choice_label  (RpChoiceKind      kind);
/* One choice as a sentence: the machine, how it is had, the run's time
 * and cost, the limits it breaks, what to know first (a market's rules,
 * a licence, a stale price). */
char *rp_words_choice              (const RpChoice   *choice);
/* "Recommended: rent 2 × A100 …", or "Nothing meets every limit". */
char *rp_words_decision_headline   (const RpDecision *decision);
/* Why the recommendation is what it is, in a sentence or two. */
char *rp_words_decision_why        (const RpDecision *decision);
/* The recommendation in a few words, for a table's cell: "Rent 1 × NVIDIA
 * A100 40GB PCIe: 4.4 h, ¥14.00", or "Nothing meets every limit". */
char *rp_words_decision_short      (const RpDecision *decision);
/* What the decision says of buying ("Don't buy: …"); NULL when buying
 * was not asked for. */
char *rp_words_buy_verdict         (const RpDecision *decision);

/* The error as one sentence a person reads: the field's label instead of
 * its key ("Layers: expected a whole number from 1 to 10,000"). */
char *rp_words_error               (const GError     *error);

/* ---- prices, regions and the cards bought (rp-words-market.c) ---- */

/* The region's name to show: the catalog's Chinese name for a Chinese
 * reader, else the English one.  Borrowed. */
const char *rp_words_region_name   (const RpRegion   *region);
/* The caption of one price: "Yours", "From AutoDL RTX 4090, 2025-03-03",
 * "From the catalog, 2024 — the price may be stale" (only when @is_price:
 * a PUE or a period does not go stale), "Not in the catalog: type a
 * value".  @where names the offer or region it came from (NULL: the
 * catalog).  NULL when there is nothing to say. */
char *rp_words_price_origin        (const RpPrice    *price,
                                    const char       *where,
                                    gboolean          is_price,
                                    GDate            *today);
/* "Prices older than six months, which may be stale: rent (AutoDL RTX
 * 4090, 2022-09), GPU (2024). Check them or type today’s." for the
 * catalog prices @estimate was costed at; NULL when none is stale (or
 * nothing was costed).  For the CLI and the PDF. */
char *rp_words_stale_prices        (const RpEstimate *estimate,
                                    GDate            *today);
/* The risk of used or ex-mining cards (fans, thermal pads, memory, no
 * warranty) and the @spares counted for @gpus cards failing
 * @failure_pct_year a year over @years.  Not for new cards. */
char *rp_words_condition_risk      (const char       *gpu_name,
                                    RpCondition       condition,
                                    guint             gpus,
                                    guint             spares,
                                    double            failure_pct_year,
                                    double            years);
/* What to test before paying for used or ex-mining cards (a memory stress
 * test, thermals under load, …); NULL for new cards. */
char *rp_words_condition_checks    (RpCondition       condition);
/* Why buying cannot be priced: no price for the cards in @condition, no
 * electricity price for the region, or another missing price. */
char *rp_words_buy_unpriced        (const RpPrices   *prices,
                                    const char       *gpu_name,
                                    RpCondition       condition);
/* The rent is priced at @offer outside the scenario's @market, because
 * no offer there rents the GPU. */
char *rp_words_offer_abroad        (const RpCloudOffer *offer,
                                    const char       *gpu_name,
                                    RpCurrency        market);
/* ---- what can be bought, and where (rp-market.h; rp-words-market.c) ---- */

/* "sold new", "grey market", "used only", "rented only", "not sold",
 * "unknown": a status in a table.  Static. */
const char *rp_words_availability_label (RpAvailabilityStatus status);
/* "workstation", "rack server", "baseboard server", "whole rack".  Static. */
const char *rp_words_shape_kind         (RpShapeKind          kind);
/* Whether @a's market sells @gpu_name in @condition, with the date and
 * who made the rule: "A new A100 is not sold in China since 2022-08-26
 * (US government …): only through grey channels, …".  No final period. */
char       *rp_words_availability       (const RpAvailability *a,
                                         const char           *gpu_name,
                                         RpCondition           condition);
/* Why @gpus_per_node × @gpu is no machine one can buy (@fit, @shape as
 * rp_catalog_shape_for gives them): "The H100 SXM5 is sold in machines
 * of 4 or 8 GPUs, not 2: the nearest is the HGX H100 4-GPU server", or
 * that no shape is known; NULL when the count is sold.  No final period. */
char       *rp_words_shape_fit          (const RpCatalog      *catalog,
                                         const RpGpu          *gpu,
                                         guint                 gpus_per_node,
                                         RpShapeFit            fit,
                                         const RpServerShape  *shape);
/* The licence caveat of @term for @gpu_name in a datacenter build.  No
 * final period. */
char       *rp_words_licence            (const RpLicenceTerm  *term,
                                         const char           *gpu_name);
/* ---- the comparison (rp-compare.h) ---- */

/* How the GPUs split the work: "8 data-parallel · ZeRO-3", "DP 2 × TP 4
 * × PP 2", with the CPU offload when there is one. */
char *rp_words_parallelism         (const RpScenario *scenario);
/* "All 7 checks met", or "2 of 7 not met: Deadline, Run budget". */
char *rp_words_checks_summary      (const RpEstimate *estimate);
/* "Cannot be estimated: GPU: … " for a column without an estimate. */
char *rp_words_cannot_estimate     (const GError     *error);
/* rp_compare_new(), then rp_words_compare_describe(): the comparison a
 * front end shows.  Transfer full. */
RpCompare *rp_words_compare_new    (const RpCatalog          *catalog,
                                    const RpScenario *const  *scenarios,
                                    const char *const        *sources,
                                    guint                     n);
/* Gives every row of @compare its label and every cell its text. */
void  rp_words_compare_describe    (RpCompare        *compare,
                                    const RpCatalog  *catalog);
/* The column's name, or "Untitled". */
const char *rp_words_compare_name  (const RpCompare  *compare,
                                    guint             column);
/* What marks a row's best: "★ the best value of its row", and when some
 * scenarios miss a check, that only those meeting every check are ranked.
 * @mark is the front end's mark ("★", "*").  Transfer full. */
char *rp_words_compare_best_legend (const RpCompare *compare,
                                    const char      *mark);
/* "Amounts in ¥ (CNY); B and C converted from $ at 7.1 ¥ per $.", or
 * NULL when every scenario is in the comparison's currency. */
char *rp_words_compare_currency_note (const RpCompare *compare);

/* ---- results as tables ---------------------------------------------- */

/* How a row sits in its table. */
typedef enum
{
  RP_WORDS_ROW_PLAIN,
  RP_WORDS_ROW_PART,            /* a part of the row above (indented) */
  RP_WORDS_ROW_TOTAL,           /* a sum of the rows above (ruled off) */
} RpWordsRowKind;

/* One row of a results table, written once: `rigplan-cli estimate`
 * prints it, the PDF plan sets it as a table, and both show the very
 * same words and numbers (through rp-units). */
typedef struct
{
  const char     *key;          /* static and stable: "memory.weights" */
  char           *label;        /* translated */
  char           *value;        /* the figure with its unit */
  char           *share;        /* memory tables: the share of the GPU; else NULL */
  char           *note;         /* "(…)" after the value, or NULL */
  RpWordsRowKind  kind;
} RpWordsRow;

void       rp_words_row_free        (RpWordsRow             *row);

/* Each returns RpWordsRow*, transfer full (the array frees its rows);
 * labels and values of figures come from the figure table.
 * Memory per GPU, part by part, with each part's share of the GPU. */
GPtrArray *rp_words_memory_table    (const RpEstimate       *estimate);
/* FLOPs, throughput, utilization, the step's parts, time, bottleneck;
 * every duration in one unit (rp_words_duration_of). */
GPtrArray *rp_words_time_table      (const RpEstimate       *estimate);
/* The machine to get, per node, line by line. */
GPtrArray *rp_words_machine_table   (const RpCatalog        *catalog,
                                     const RpBom            *bom);
/* Renting, buying, payback, energy: every figure the cost model gives;
 * a catalog price older than six months on @today (NULL: never) is
 * marked "may be stale". */
GPtrArray *rp_words_cost_table      (const RpEstimate       *estimate,
                                     GDate                  *today);
/* "Cost (USD, at 60 % utilization)". */
char      *rp_words_cost_heading    (const RpCostEstimate   *cost);

/* ---- figures (rp-words-figures.c) ------------------------------------ */

/* The figure's translated label ("VRAM per GPU"). */
const char *rp_words_figure_label   (const RpFigure         *figure);
/* @value of @figure with its unit: "12.3 GiB", "¥1,234", "45 %"; money
 * in @currency, durations in @duration.  "—" when not finite. */
char      *rp_words_figure_value    (const RpFigure         *figure,
                                     double                  value,
                                     RpCurrency              currency,
                                     RpDuration              duration);
/* The figure @key of @estimate as text, "—" when it holds none. */
char      *rp_words_figure          (const RpEstimate       *estimate,
                                     const char             *key,
                                     RpDuration              duration);
/* The duration unit for the figures of one estimate: from its run time. */
RpDuration rp_words_duration_of     (const RpEstimate       *estimate);

/* ---- bands (rp-words-bands.c) ---------------------------------------- */

/* "likely 19.8 GiB–23.5 GiB": the band around the figure @key, or NULL
 * when it has none (no accuracy data, or a figure without a band). */
char      *rp_words_band            (const RpEstimate       *estimate,
                                     const char             *key,
                                     RpDuration              duration);
/* "19.8 GiB–23.5 GiB": the same band as a range, or NULL. */
char      *rp_words_band_range      (const RpEstimate       *estimate,
                                     const char             *key,
                                     RpDuration              duration);
/* Where a band comes from: "from Rigplan's error on 24 published runs",
 * or the calibration that narrowed it. */
char      *rp_words_band_source     (const RpBand           *band);
/* The memory verdict's sentence when only the estimate fits with the
 * headroom, not the band's high end; NULL otherwise. */
char      *rp_words_vram_band       (const RpEstimate       *estimate);

/* The key figures the window's cards and the PDF's summary show. */
typedef enum
{
  RP_WORDS_FIGURE_VRAM,
  RP_WORDS_FIGURE_HEADROOM,
  RP_WORDS_FIGURE_TIME,
  RP_WORDS_FIGURE_THROUGHPUT,
  RP_WORDS_FIGURE_RENT,
  RP_WORDS_FIGURE_CAPITAL,
  RP_WORDS_FIGURE_MONTHLY,
  RP_WORDS_FIGURE_PAYBACK,
  RP_WORDS_N_FIGURES
} RpWordsFigure;

typedef struct
{
  const char *name;             /* static: "vram", "headroom", … */
  const char *caption;          /* translated: "VRAM per GPU" */
  char       *value;            /* NULL when the models cannot give it */
  char       *detail;           /* never NULL: "not available" in its place */
} RpWordsFigureText;

/* The figure's stable name ("vram") and translated caption. */
const char *rp_words_figure_name    (RpWordsFigure           figure);
const char *rp_words_figure_caption (RpWordsFigure           figure);
/* Fills @out with the figures of @estimate (NULL: every figure is not
 * available); free with rp_words_figures_clear(). */
void       rp_words_figures         (const RpScenario       *scenario,
                                     const RpEstimate       *estimate,
                                     RpWordsFigureText       out[RP_WORDS_N_FIGURES]);
void       rp_words_figures_clear   (RpWordsFigureText       out[RP_WORDS_N_FIGURES]);

/* ---- the plan in words (the PDF report; rp-words-plan.c) -------------- */

/* The planning question in one sentence or three: the model, the method,
 * the machine, then the deadline and the budget when they are set. */
char      *rp_words_question        (const RpScenario       *scenario,
                                     const RpCatalog        *catalog,
                                     const RpEstimate       *estimate);
/* Rent or buy, from the cost model's figures: what each costs, and which
 * is cheaper at the scenario's utilization; NULL without any price. */
char      *rp_words_rent_or_buy     (const RpScenario       *scenario,
                                     const RpEstimate       *estimate);
/* What the break-even means for this scenario: "Buying pays back after
 * 17.4 months: from then on …"; NULL unless renting and buying are both
 * priced. */
char      *rp_words_break_even      (const RpCostEstimate   *cost);
/* The assumptions behind the figures, one sentence each (transfer full,
 * a NULL-terminated array). */
char     **rp_words_assumptions     (const RpScenario       *scenario,
                                     const RpEstimate       *estimate);

/* Where @price (one of @prices) came from, to name beside it: the
 * offer for the rent, the region for the power price and a catalog PUE;
 * NULL for the catalog itself (see rp_words_price_origin()). */
char      *rp_words_price_where     (const RpPrices         *prices,
                                     const RpPrice          *price);
/* A field's value as people read it, with its unit in the scenario's
 * currency: "2,048 tokens", "LoRA", "yes", "¥2.00/GPU·h"; the field's
 * words for null ("no limit").  @base as for rp_field_get_number(). */
char      *rp_words_field_value     (const RpField          *field,
                                     gconstpointer           base,
                                     const RpScenario       *scenario,
                                     const RpCatalog        *catalog);

/* An input as the estimate used it, for a table of inputs: @value is
 * the field's value with its unit, or what a null stood for (the
 * catalog's price, the chosen offer, the utilization model's MFU, the
 * preset's architecture); @origin says whose it is ("Yours", "From the
 * preset Llama 2 7B, 2023-07", a price's origin), or NULL when there is
 * nothing to say (a null that means "none").  Both transfer full. */
void       rp_words_input           (const RpField          *field,
                                     const RpScenario       *scenario,
                                     const RpCatalog        *catalog,
                                     const RpEstimate       *estimate,
                                     GDate                  *today,
                                     char                  **value,
                                     char                  **origin);

/* One catalog entry behind the estimate. */
typedef struct
{
  char *what;                   /* translated: "Rent price", "GPU specifications" */
  char *name;                   /* the entry: "NVIDIA A100 80GB SXM4"; may be NULL */
  char *source;                 /* the catalog's source, often a URL */
  char *as_of;                  /* may be NULL */
  char *note;                   /* "14 months old on 2026-12-01: check it"; or NULL */
} RpWordsSource;

void       rp_words_source_free     (RpWordsSource          *source);
/* Every catalog entry the estimate used, with its source and date: the
 * model preset, the GPU, each catalog price and rule, the rental offer,
 * then the GPUs in @compared (RpGpu*, may be NULL: those a chart sets
 * beside the scenario's); prices older than six months on @today get a
 * note.  RpWordsSource*, transfer full. */
GPtrArray *rp_words_sources         (const RpScenario       *scenario,
                                     const RpCatalog        *catalog,
                                     const RpEstimate       *estimate,
                                     const GPtrArray        *compared,
                                     GDate                  *today);
/* The note a price as old as @as_of gets on @today, or NULL when it is
 * six months old or newer. */
char      *rp_words_price_age       (const char             *as_of,
                                     GDate                  *today);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpWordsRow, rp_words_row_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpWordsSource, rp_words_source_free)

G_END_DECLS

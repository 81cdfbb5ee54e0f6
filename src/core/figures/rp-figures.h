/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-figures.h: one table of the result figures
 *
 * The mirror of the field table (fields/rp-fields.h) for what an estimate
 * gives: each figure once, with its key (its path in `estimate --json`),
 * its label, its unit, how many digits it is shown with, which way is
 * better, and where the estimate holds it.  The JSON writer, the CLI and
 * PDF tables, the window's cards and the Compare rows all take their
 * figures from here, so a figure reads the same everywhere.
 *
 * A figure the models could not give (no price, not timed) has no value:
 * rp_figure_get() returns FALSE, and the writers show null or "—". */
#pragma once

#include "rp-results.h"

G_BEGIN_DECLS

/* What a figure counts, and so how it is shown. */
typedef enum
{
  RP_FIGURE_UNIT_NONE,
  RP_FIGURE_UNIT_BYTES,
  RP_FIGURE_UNIT_PERCENT,           /* 0..100 */
  RP_FIGURE_UNIT_FRACTION,          /* 0..1, shown as a percentage */
  RP_FIGURE_UNIT_SECONDS,
  RP_FIGURE_UNIT_HOURS,             /* a duration: shown in the table's unit */
  RP_FIGURE_UNIT_DAYS,              /* a duration: shown in the table's unit */
  RP_FIGURE_UNIT_MONTHS,
  RP_FIGURE_UNIT_MONEY,             /* the scenario's currency */
  RP_FIGURE_UNIT_MONEY_PER_GPU_HOUR,
  RP_FIGURE_UNIT_MONEY_PER_MONTH,
  RP_FIGURE_UNIT_FLOPS,
  RP_FIGURE_UNIT_PER_SECOND,        /* tokens or samples per second */
  RP_FIGURE_UNIT_COUNT,             /* parameters, steps, tokens: "8.0 billion" */
  RP_FIGURE_UNIT_NUMBER,            /* a plain number: GPUs, cores, ports */
  RP_FIGURE_UNIT_GPU_HOURS,
  RP_FIGURE_UNIT_KWH,
  RP_FIGURE_UNIT_KG_CO2,
  RP_FIGURE_UNIT_WATTS,
  RP_FIGURE_UNIT_KW,
  RP_FIGURE_UNIT_TFLOPS,
  RP_FIGURE_UNIT_TFLOPS_PER_W,
  RP_FIGURE_UNIT_GB,
  RP_FIGURE_UNIT_TB,
  RP_FIGURE_UNIT_GBIT_S,
  RP_FIGURE_UNIT_MB_S,
  RP_N_FIGURE_UNITS
} RpFigureUnit;

typedef enum
{
  RP_FIGURE_BETTER_NONE,            /* not ranked */
  RP_FIGURE_BETTER_LOWER,
  RP_FIGURE_BETTER_HIGHER,
} RpFigureBetter;

/* When the estimate holds a figure. */
typedef enum
{
  RP_FIGURE_WHEN_MEMORY,            /* the memory model ran */
  RP_FIGURE_WHEN_TIMED,             /* the time model ran */
  RP_FIGURE_WHEN_TOKENS,            /* timed, and the model reads tokens */
  RP_FIGURE_WHEN_COST,              /* the cost model ran */
  RP_FIGURE_WHEN_RENT,              /* renting is priced */
  RP_FIGURE_WHEN_RENT_RUN,          /* renting is priced and the run timed */
  RP_FIGURE_WHEN_BUY,               /* buying is priced */
  RP_FIGURE_WHEN_BUY_RUN,
  RP_FIGURE_WHEN_BOTH,              /* renting and buying are priced */
  RP_FIGURE_WHEN_PAYBACK,           /* both priced, and buying pays back in the period */
  RP_FIGURE_WHEN_POWER,             /* the machine's power is known */
  RP_FIGURE_WHEN_ENERGY_RUN,        /* the power is known and the run timed */
  RP_FIGURE_WHEN_POSITIVE,          /* the cost model ran and the value is above 0 */
  RP_FIGURE_WHEN_BOM,               /* the bill of materials was made */
} RpFigureWhen;

typedef struct _RpFigure RpFigure;

/* Every figure, in the order the JSON writes them. */
guint           rp_figures_n           (void);
const RpFigure *rp_figures_get         (guint           i);
/* The figure of @key ("memory.total"), or NULL. */
const RpFigure *rp_figures_lookup      (const char     *key);

const char     *rp_figure_get_key      (const RpFigure *figure);
/* The untranslated label (N_()); words/ translates it. */
const char     *rp_figure_get_label    (const RpFigure *figure);
RpFigureUnit    rp_figure_get_unit     (const RpFigure *figure);
/* Digits after the point when the unit is shown as a plain number. */
int             rp_figure_get_digits   (const RpFigure *figure);
RpFigureBetter  rp_figure_get_better   (const RpFigure *figure);
/* Whether the figure counts toward comparing what a run costs and how
 * long it takes: ranked only among runs that can happen. */
gboolean        rp_figure_needs_run    (const RpFigure *figure);

/* The figure's value in @est, in the unit above (money in the
 * estimate's currency).  FALSE when the estimate holds none. */
gboolean        rp_figure_get          (const RpFigure *figure,
                                        const RpEstimate *est,
                                        double         *out_value);
/* The low and high ends of the band around the figure (rp-bands.h):
 * FALSE when the figure has no band or the estimate none of its kind
 * (no accuracy data), or holds no value. */
gboolean        rp_figure_get_band     (const RpFigure *figure,
                                        const RpEstimate *est,
                                        double         *out_low,
                                        double         *out_high);
/* The band itself (its group and case count), or NULL for a figure that
 * has none. */
const RpBand   *rp_figure_peek_band    (const RpFigure *figure,
                                        const RpEstimate *est);
/* The value of the figure @key, NAN when there is none. */
double          rp_figures_value       (const RpEstimate *est,
                                        const char     *key);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-chart-private.h: the chart layer's structs, shared by its .c files */
#pragma once

#include "rp-chart.h"

G_BEGIN_DECLS

typedef struct
{
  char    *label;               /* owned */
  GArray  *xs;                  /* double */
  GArray  *ys;                  /* double */
  guint    color;               /* index into the style's series colours */
  gboolean dashed;              /* lines: drawn dashed */
} RpChartSeries;

typedef struct
{
  gboolean    vertical;
  double      value;
  RpChartInk  ink;
  char       *label;            /* owned */
} RpChartRule;

typedef struct
{
  guint       category;
  double      y;
  RpChartInk  ink;
  char       *label;            /* owned */
} RpChartMark;

typedef struct
{
  double  x;
  double  y;
  char   *label;                /* owned */
} RpChartMarker;

struct _RpChartData
{
  RpChartKind  kind;
  char        *title;           /* owned */
  char        *subtitle;        /* owned, may be NULL */
  char        *x_label;         /* owned */
  char        *y_label;         /* owned */
  char        *message;         /* owned, NULL when available */
  RpChartUnit  x_unit;
  RpChartUnit  y_unit;
  RpCurrency   currency;
  int          highlight;       /* category, -1 for none */
  gboolean     x_log;
  gboolean     y_log;
  gboolean     scatter;         /* XY points are not joined */
  GPtrArray   *categories;      /* char*, owned */
  GPtrArray   *series;          /* RpChartSeries*, owned */
  GArray      *rules;           /* RpChartRule */
  GArray      *marks;           /* RpChartMark */
  GArray      *markers;         /* RpChartMarker */
};

/* Geometry the paint step draws; every element carries its ink. */
typedef struct
{
  RpChartRect rect;
  RpChartInk  ink;
} RpChartBox;

typedef struct
{
  double      x0, y0, x1, y1;
  RpChartInk  ink;
  gboolean    dashed;
  double      width_scale;      /* × style line width */
} RpChartSegment;

typedef struct
{
  RpChartInk  ink;
  double      width_scale;      /* × style line width */
  gboolean    dashed;
  GArray     *points;           /* double pairs x, y; NaN pair = break */
} RpChartPolyline;

typedef struct
{
  double      x, y;
  double      radius;
  RpChartInk  ink;
  gboolean    hollow;
} RpChartDot;

typedef enum
{
  RP_CHART_SWATCH_BOX,
  RP_CHART_SWATCH_LINE,
  RP_CHART_SWATCH_DASH,
  RP_CHART_SWATCH_DOT,
} RpChartSwatchKind;

typedef struct
{
  RpChartRect       swatch;
  RpChartRect       label;
  RpChartSwatchKind kind;
  RpChartInk        ink;
} RpChartLegendItem;

typedef struct
{
  guint        series;
  guint        index;
  RpChartRect  rect;
  char        *text;            /* owned: the hover read-out */
} RpChartItem;

typedef struct
{
  double value;
  double position;
} RpChartTick;

/* Where the keyboard can put the read-out: a bar or a point. */
typedef struct
{
  RpChartRect  anchor;
  char        *text;            /* owned */
} RpChartStop;

struct _RpChartReadout
{
  RpChartRect  box;             /* inside the plot */
  GArray      *lines;           /* RpChartLabel, texts owned */
};

struct _RpChartLayout
{
  double       width;
  double       height;
  gboolean     has_plot;
  RpChartRect  plot;
  gboolean     categorical;
  GArray      *labels;          /* RpChartLabel, texts owned */
  GArray      *x_ticks;         /* RpChartTick */
  GArray      *y_ticks;         /* RpChartTick */
  GArray      *grid;            /* RpChartSegment */
  GArray      *axes;            /* RpChartSegment */
  GArray      *bands;           /* RpChartBox: highlight behind a category */
  GArray      *bars;            /* RpChartBox */
  GPtrArray   *lines;           /* RpChartPolyline*, owned */
  GArray      *rules;           /* RpChartSegment: rules and marks */
  GArray      *dots;            /* RpChartDot */
  GArray      *legend;          /* RpChartLegendItem */
  GArray      *items;           /* RpChartItem, texts owned */
  GArray      *stops;           /* RpChartStop, texts owned */
};

/* How strongly the highlight band behind the scenario's own category is
 * drawn: the accent at this alpha over the background. */
#define RP_CHART_BAND_ALPHA 0.12

/* rp-chart-kinds.c, shared with the comparison's charts
 * (rp-chart-compare.c): the stacked parts of the VRAM bars, the GPU
 * counts of the time chart, the utilization step of the break-even. */
guint    rp_chart_memory_n_parts     (void);
const char *rp_chart_memory_part_label (guint                   part);
double   rp_chart_memory_part_bytes  (const RpMemoryEstimate *memory,
                                      guint                   part);
GArray  *rp_chart_time_counts        (const RpScenario       *scenario);
guint    rp_chart_break_even_step_pct (void);

/* Shared helpers. */
gboolean rp_chart_rects_overlap (const RpChartRect *a,
                                 const RpChartRect *b);
void     rp_chart_style_get_ink (const RpChartStyle *style,
                                 RpChartInk          ink,
                                 RpChartRgba        *out);

G_END_DECLS

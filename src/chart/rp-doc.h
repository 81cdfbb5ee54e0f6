/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-doc.h: a small flowing document on pages, for the PDF plan and
 * reports like it
 *
 *   RpDoc *doc = rp_doc_new (&style);
 *   rp_doc_add_heading (doc, 1, "Memory");
 *   RpDocTable *t = rp_doc_add_table (doc, columns, n);
 *   rp_doc_table_add_row (t, RP_DOC_ROW_PLAIN, cells);
 *   rp_doc_add_figure (doc, 300, paint_chart_cb, data, free_data);
 *   rp_doc_layout (doc, context, 595, 842);        (points)
 *   for (p = 0; p < rp_doc_get_n_pages (doc); p++)
 *     rp_doc_paint_page (doc, cr, p);
 *
 * Content is data: headings, paragraphs, bulleted items, tables, figure
 * cards, figures painted by a callback, space and page breaks.  The
 * layout flows it onto pages, measuring every text with Pango at its
 * width, so that text wraps (between words, else between characters)
 * instead of running past its box; a table repeats its heading on each
 * page it spans; a heading never ends a page.  Every page carries a
 * header (a title and "n / N") and a footer.  The layout reports each
 * placed box, so tests can check that no two overlap and none leaves
 * the page.  Painting reads only the layout; all text goes through
 * PangoCairo.  No GTK. */
#pragma once

#include "rp-chart.h"

#include <pango/pango.h>

G_BEGIN_DECLS

typedef struct _RpDoc      RpDoc;
typedef struct _RpDocTable RpDocTable;

typedef enum
{
  RP_DOC_TEXT_BODY,
  RP_DOC_TEXT_SMALL,            /* notes, sources, captions */
  RP_DOC_TEXT_LEAD,             /* a verdict: larger, bold */
  RP_DOC_TEXT_TITLE,            /* the document's title */
  RP_DOC_TEXT_VALUE,            /* a key figure's value */
  RP_N_DOC_TEXTS
} RpDocText;

typedef enum
{
  RP_DOC_ALIGN_START,
  RP_DOC_ALIGN_END,             /* numbers */
} RpDocAlign;

typedef struct
{
  const char *title;            /* the heading cell; copied */
  RpDocAlign  align;
  /* The column's share of the width left when the table is too wide for
   * the page; 0: the column keeps its natural width (figures) unless
   * nothing else can give way. */
  double      weight;
} RpDocColumn;

typedef enum
{
  RP_DOC_ROW_PLAIN = 0,
  RP_DOC_ROW_PART  = 1u << 0,   /* the first cell indented: a part of the row above */
  RP_DOC_ROW_TOTAL = 1u << 1,   /* ruled off from the rows above, bold */
} RpDocRowFlags;

/* Paints a figure into the rectangle (0, 0, @width, @height) of @cr's
 * user space. */
typedef void (*RpDocPaintFunc) (cairo_t *cr,
                                double   width,
                                double   height,
                                gpointer user_data);

typedef enum
{
  RP_DOC_BOX_TEXT,
  RP_DOC_BOX_FIGURE,
  RP_DOC_BOX_RULE,
} RpDocBoxKind;

/* A placed element, for tests: its page, kind, logical rectangle (the
 * text's as Pango measured it) and, for text, the rectangle it was given
 * to fit in. */
typedef struct
{
  guint         page;
  RpDocBoxKind  kind;
  RpChartRect   rect;
  RpChartRect   frame;
  const char   *text;           /* borrowed; NULL but for text */
} RpDocBox;

/* What the layout made of each element, in order, for tests: its kind,
 * the pages it starts and ends on, and what it says.  Space and page
 * breaks are not blocks; a run of cards is one. */
typedef enum
{
  RP_DOC_BLOCK_HEADING,
  RP_DOC_BLOCK_PARAGRAPH,
  RP_DOC_BLOCK_ITEM,
  RP_DOC_BLOCK_TABLE,
  RP_DOC_BLOCK_CARDS,
  RP_DOC_BLOCK_FIGURE,
} RpDocBlockKind;

typedef struct
{
  RpDocBlockKind     kind;
  guint              level;     /* headings: 1 or 2 */
  RpDocText          style;     /* paragraphs */
  guint              first_page;
  guint              last_page;
  const char        *text;      /* borrowed: a heading's, paragraph's or item's text */
  const RpChartData *chart;     /* borrowed: a chart's data (rp_doc_add_chart()) */
} RpDocBlock;

RpDoc      *rp_doc_new              (const RpChartStyle *style);
void        rp_doc_free             (RpDoc              *self);

/* The header's title (left of "n / N") and the footer's text; copied. */
void        rp_doc_set_running      (RpDoc              *self,
                                     const char         *header,
                                     const char         *footer);

/* Levels 1 (a section) and 2; both go into the PDF outline. */
void        rp_doc_add_heading      (RpDoc              *self,
                                     guint               level,
                                     const char         *text);
void        rp_doc_add_paragraph    (RpDoc              *self,
                                     RpDocText           style,
                                     RpChartInk          ink,
                                     const char         *text);
/* An item after a mark ("✓", "!", "•") in @ink; the text hangs clear of
 * the mark. */
void        rp_doc_add_item         (RpDoc              *self,
                                     const char         *mark,
                                     RpChartInk          ink,
                                     const char         *text);
RpDocTable *rp_doc_add_table        (RpDoc              *self,
                                     const RpDocColumn  *columns,
                                     guint               n_columns);
/* A row of n_columns cells (NULL: empty); the first in @first_ink.
 * A cell that holds a web address links to it. */
void        rp_doc_table_add_row    (RpDocTable         *table,
                                     RpDocRowFlags       flags,
                                     RpChartInk          first_ink,
                                     const char * const *cells);
/* Sets the table's cells in the small text (sources, long notes). */
void        rp_doc_table_set_small  (RpDocTable         *table,
                                     gboolean            small);
/* A key figure: caption, value (NULL: "—") and detail, set in cards of
 * @per_row to a row; consecutive cards share rows. */
void        rp_doc_add_card         (RpDoc              *self,
                                     guint               per_row,
                                     const char         *caption,
                                     const char         *value,
                                     const char         *detail);
/* A figure @height points high across the text width; @destroy frees
 * @user_data with the document. */
void        rp_doc_add_figure       (RpDoc              *self,
                                     double              height,
                                     RpDocPaintFunc      paint,
                                     gpointer            user_data,
                                     GDestroyNotify      destroy);
/* A chart of @data (taken) drawn by the chart painters in @style. */
void        rp_doc_add_chart        (RpDoc              *self,
                                     RpChartData        *data,
                                     const RpChartStyle *style,
                                     double              height);
void        rp_doc_add_space        (RpDoc              *self,
                                     double              points);
/* Ends the page, unless less than RP_DOC_MIN_PAGE_FILL of it is filled:
 * then the content flows on, so that no page but the last is mostly
 * empty. */
void        rp_doc_add_page_break   (RpDoc              *self);

/* Flows the content onto pages of @width × @height points, measuring
 * text with @context (pango_cairo_create_context() on the target, or a
 * GtkPrintContext's); may be called again for another size. */
void        rp_doc_layout           (RpDoc              *self,
                                     PangoContext       *context,
                                     double              width,
                                     double              height);
guint       rp_doc_get_n_pages      (const RpDoc        *self);
/* Paints page @page (from 0) at the origin of @cr. */
void        rp_doc_paint_page       (const RpDoc        *self,
                                     cairo_t            *cr,
                                     guint               page);

/* The least share of a page's text area a page break leaves filled. */
#define RP_DOC_MIN_PAGE_FILL 0.25

/* How much of page @page's text area (between the header and the footer)
 * its content fills, from its top to the bottom of its lowest box: 0 to
 * 1. */
double      rp_doc_get_page_fill    (const RpDoc        *self,
                                     guint               page);
guint       rp_doc_get_n_blocks     (const RpDoc        *self);
void        rp_doc_get_block        (const RpDoc        *self,
                                     guint               i,
                                     RpDocBlock         *out);

guint       rp_doc_get_n_boxes      (const RpDoc        *self);
void        rp_doc_get_box          (const RpDoc        *self,
                                     guint               i,
                                     RpDocBox           *out);
/* The outline: headings with their page and the top of their box. */
guint       rp_doc_get_n_headings   (const RpDoc        *self);
const char *rp_doc_get_heading      (const RpDoc        *self,
                                     guint               i,
                                     guint              *out_level,
                                     guint              *out_page,
                                     double             *out_y);

/* What a PDF says about itself (its document information). */
typedef struct
{
  const char *title;
  const char *subject;
  const char *author;
  const char *keywords;
  GDateTime  *date;             /* the creation date; NULL: none */
} RpDocInfo;

/* Lays @self out on pages of @width × @height points and writes it as a
 * PDF, in memory: fonts embedded (subsets), text selectable, the
 * headings as the outline, web addresses as links, @info as metadata.
 * Returns: (transfer full): the PDF, or NULL with RP_ERROR_EXPORT_FAILED
 * (Cairo's reason). */
GBytes     *rp_doc_to_pdf           (RpDoc              *self,
                                     double              width,
                                     double              height,
                                     const RpDocInfo    *info,
                                     GError            **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpDoc, rp_doc_free)

G_END_DECLS

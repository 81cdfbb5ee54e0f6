/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-doc.c: a small flowing document on pages
 *
 * Layout places every element at a point of a page and keeps the Pango
 * layout it measured, so painting only draws what was measured.  Text is
 * given a width and wraps inside it (PANGO_WRAP_WORD_CHAR: a web address
 * breaks between characters rather than running past the margin); the
 * box recorded for it is Pango's logical rectangle, which tests compare
 * with the width it was given. */

#include "config.h"

#include "rp-doc.h"

#include "rp-error.h"

#include <cairo-pdf.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

/* ---- private structs ------------------------------------------------ */

typedef enum
{
  EL_HEADING,
  EL_PARAGRAPH,
  EL_ITEM,
  EL_TABLE,
  EL_CARD,
  EL_FIGURE,
  EL_SPACE,
  EL_PAGE_BREAK,
} ElementKind;

/* Fonts, in multiples of the style's font size. */
typedef enum
{
  FONT_BODY,
  FONT_BODY_BOLD,
  FONT_SMALL,
  FONT_SMALL_BOLD,
  FONT_LEAD,
  FONT_TITLE,
  FONT_VALUE,
  FONT_H1,
  FONT_H2,
  N_FONTS
} Font;

typedef struct
{
  char       *title;            /* owned */
  RpDocAlign  align;
  double      weight;
} Column;

typedef struct
{
  RpDocRowFlags  flags;
  RpChartInk     first_ink;
  char         **cells;         /* owned, n_columns long */
} Row;

struct _RpDocTable
{
  gboolean   small;             /* cells in FONT_SMALL */
  guint      n_columns;
  Column    *columns;           /* owned */
  GPtrArray *rows;              /* Row*, owned */
};

typedef struct
{
  ElementKind     kind;
  guint           level;        /* heading 1 or 2; cards per row */
  RpDocText       style;
  RpChartInk      ink;
  char           *text;         /* owned: heading, paragraph, item, card value */
  char           *mark;         /* owned: item mark, card caption */
  char           *detail;       /* owned: card detail */
  RpDocTable     *table;        /* owned */
  double          height;       /* figure, space */
  RpDocPaintFunc  paint;
  gpointer        data;
  GDestroyNotify  destroy;
} Element;

typedef struct
{
  RpDocBox        box;
  PangoLayout    *layout;       /* owned; text */
  double          x;            /* where the layout's origin goes */
  double          y;
  RpChartInk      ink;
  char           *uri;          /* owned, may be NULL */
  const Element  *figure;       /* borrowed; figures */
  gboolean        stroke_rect;  /* rules: the rectangle's outline */
  double          line_width;
} Item;

typedef struct
{
  char   *text;                 /* owned */
  guint   level;
  guint   page;
  double  y;
} Heading;

struct _RpDoc
{
  RpChartStyle  style;
  char         *header;         /* owned */
  char         *footer;         /* owned */
  GPtrArray    *elements;       /* Element*, owned */

  /* the layout */
  PangoContext *context;        /* owned while laying out */
  double        width;
  double        height;
  double        left;
  double        right;
  double        top;
  double        bottom;
  GArray       *items;          /* Item */
  GArray       *headings;       /* Heading */
  GArray       *blocks;         /* RpDocBlock */
  GArray       *fill;           /* double, per page */
  guint         n_pages;
  guint         page;           /* the cursor */
  double        y;
};

/* Geometry in points: a 17 mm side margin; the header and the footer sit
 * in the top and bottom margins, clear of the text. */
static const double margin_x = 48;
static const double header_top = 24;
static const double text_top = 64;
static const double text_bottom_margin = 54;
static const double footer_bottom_margin = 26;
static const double paragraph_gap = 5;
static const double heading1_before = 14;
static const double heading2_before = 9;
static const double heading_after = 5;
/* The height of a row of figure cards, roughly, to keep with a heading. */
static const double keep_with_next = 36;
static const double item_indent = 13;
static const double cell_pad_x = 4;
static const double cell_pad_y = 2.5;
static const double part_indent = 10;
static const double card_gap = 8;
static const double card_pad = 6;
static const double figure_gap = 10;
static const double hairline = 0.5;

static const struct
{
  double   scale;
  gboolean bold;
} fonts[N_FONTS] = {
  [FONT_BODY] = { 1.0, FALSE },
  [FONT_BODY_BOLD] = { 1.0, TRUE },
  [FONT_SMALL] = { 0.84, FALSE },
  [FONT_SMALL_BOLD] = { 0.84, TRUE },
  [FONT_LEAD] = { 1.3, TRUE },
  [FONT_TITLE] = { 2.0, TRUE },
  [FONT_VALUE] = { 1.5, TRUE },
  [FONT_H1] = { 1.55, TRUE },
  [FONT_H2] = { 1.15, TRUE },
};

/* ---- helpers: elements ---------------------------------------------- */

static void
table_free (RpDocTable *table)
{
  for (guint i = 0; i < table->n_columns; i++)
    g_free (table->columns[i].title);
  g_free (table->columns);
  g_ptr_array_unref (table->rows);
  g_free (table);
}

static void
row_free (Row *row)
{
  g_strfreev (row->cells);
  g_free (row);
}

static void
element_free (Element *el)
{
  g_free (el->text);
  g_free (el->mark);
  g_free (el->detail);
  if (el->table != NULL)
    table_free (el->table);
  if (el->destroy != NULL)
    el->destroy (el->data);
  g_free (el);
}

static Element *
add_element (RpDoc       *self,
             ElementKind  kind)
{
  Element *el = g_new0 (Element, 1);

  el->kind = kind;
  g_ptr_array_add (self->elements, el);
  return el;
}

static void
clear_layout (RpDoc *self)
{
  for (guint i = 0; i < self->items->len; i++)
    {
      Item *item = &g_array_index (self->items, Item, i);

      g_clear_object (&item->layout);
      g_free (item->uri);
    }
  g_array_set_size (self->items, 0);
  for (guint i = 0; i < self->headings->len; i++)
    g_free (g_array_index (self->headings, Heading, i).text);
  g_array_set_size (self->headings, 0);
  g_array_set_size (self->blocks, 0);
  g_array_set_size (self->fill, 0);
  self->n_pages = 0;
}

/* ---- helpers: text -------------------------------------------------- */

static Font
font_of_style (RpDocText style)
{
  switch (style)
    {
    case RP_DOC_TEXT_SMALL:
      return FONT_SMALL;
    case RP_DOC_TEXT_LEAD:
      return FONT_LEAD;
    case RP_DOC_TEXT_TITLE:
      return FONT_TITLE;
    case RP_DOC_TEXT_VALUE:
      return FONT_VALUE;
    case RP_DOC_TEXT_BODY:
    case RP_N_DOC_TEXTS:
    default:
      return FONT_BODY;
    }
}

/* A layout of @text in @font, wrapped at @width points (≤ 0: one line
 * per paragraph, as wide as it is). */
static PangoLayout *
new_layout (const RpDoc *self,
            const char  *text,
            Font         font,
            double       width,
            RpDocAlign   align)
{
  PangoLayout *layout = pango_layout_new (self->context);
  PangoFontDescription *desc = pango_font_description_new ();

  pango_font_description_set_family (desc, self->style.font_family);
  pango_font_description_set_absolute_size (desc, self->style.font_size * fonts[font].scale *
                                                  PANGO_SCALE);
  if (fonts[font].bold)
    pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_text (layout, text != NULL ? text : "", -1);
  if (width > 0)
    {
      pango_layout_set_width (layout, (int) floor (width * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
      pango_layout_set_alignment (layout, align == RP_DOC_ALIGN_END ? PANGO_ALIGN_RIGHT
                                                                    : PANGO_ALIGN_LEFT);
    }
  return layout;
}

/* The logical rectangle of @layout, in points from its origin. */
static void
layout_rect (PangoLayout *layout,
             RpChartRect *out)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  out->x = (double) logical.x / PANGO_SCALE;
  out->y = (double) logical.y / PANGO_SCALE;
  out->width = (double) logical.width / PANGO_SCALE;
  out->height = (double) logical.height / PANGO_SCALE;
}

static double
layout_height (PangoLayout *layout)
{
  RpChartRect r;

  layout_rect (layout, &r);
  return r.y + r.height;
}

static double
natural_width (const RpDoc *self,
               const char  *text,
               Font         font)
{
  g_autoptr(PangoLayout) layout = new_layout (self, text, font, -1, RP_DOC_ALIGN_START);
  RpChartRect r;

  layout_rect (layout, &r);
  return r.x + r.width;
}

/* The first web address in @text, for a link; NULL when there is none. */
static char *
find_uri (const char *text)
{
  const char *start = text != NULL ? strstr (text, "https://") : NULL;
  const char *end;

  if (start == NULL && text != NULL)
    start = strstr (text, "http://");
  if (start == NULL)
    return NULL;
  end = start;
  while (*end != '\0' && !g_ascii_isspace (*end))
    end++;
  while (end > start && strchr (",.;)", end[-1]) != NULL)
    end--;
  return g_strndup (start, end - start);
}

/* ---- helpers: placing ----------------------------------------------- */

static Item *
add_item (RpDoc        *self,
          RpDocBoxKind  kind)
{
  Item item = { { 0 } };

  item.box.page = self->page;
  item.box.kind = kind;
  g_array_append_val (self->items, item);
  return &g_array_index (self->items, Item, self->items->len - 1);
}

/* Places @layout (taken) with its origin at (@x, @y) on the current page,
 * inside @frame_width points from @x. */
static Item *
place_text (RpDoc       *self,
            PangoLayout *layout,
            double       x,
            double       y,
            double       frame_width,
            RpChartInk   ink)
{
  Item *item = add_item (self, RP_DOC_BOX_TEXT);

  item->layout = layout;
  item->x = x;
  item->y = y;
  item->ink = ink;
  layout_rect (layout, &item->box.rect);
  item->box.rect.x += x;
  item->box.rect.y += y;
  item->box.frame = (RpChartRect) { x, y, frame_width, item->box.rect.height };
  item->box.text = pango_layout_get_text (layout);
  return item;
}

static void
place_rule (RpDoc      *self,
            double      x0,
            double      y0,
            double      x1,
            double      y1,
            double      width)
{
  Item *item = add_item (self, RP_DOC_BOX_RULE);

  item->box.rect = (RpChartRect) { x0, y0, x1 - x0, y1 - y0 };
  item->ink = RP_CHART_INK_GRID;
  item->line_width = width;
}

static void
new_page (RpDoc *self)
{
  self->page++;
  self->n_pages = self->page + 1;
  self->y = self->top;
}

static gboolean
at_top (const RpDoc *self)
{
  return self->y <= self->top + 0.01;
}

/* Moves to a new page unless @need points fit below the cursor (or the
 * cursor is already at the top: nothing would fit better). */
static void
ensure_space (RpDoc  *self,
              double  need)
{
  if (self->y + need > self->bottom && !at_top (self))
    new_page (self);
}

static void
add_gap (RpDoc  *self,
         double  gap)
{
  if (!at_top (self))
    self->y += gap;
}

static double
text_width (const RpDoc *self)
{
  return self->right - self->left;
}

/* ---- placing: flowing text ------------------------------------------ */

/* How many of @layout's lines fit in @space points. */
static guint
lines_fitting (PangoLayout *layout,
               double       space)
{
  PangoLayoutIter *iter = pango_layout_get_iter (layout);
  guint n = 0;

  do
    {
      PangoRectangle line;

      pango_layout_iter_get_line_extents (iter, NULL, &line);
      if ((double) (line.y + line.height) / PANGO_SCALE > space)
        break;
      n++;
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);
  return n;
}

/* Places @text at @x, @width wide, from the cursor on, continuing on new
 * pages at line breaks; a page keeps at least two lines of it.  @mark
 * goes before its first line. */
static void
place_flow (RpDoc      *self,
            const char *text,
            Font        font,
            RpChartInk  ink,
            double      x,
            double      width,
            const char *mark,
            RpChartInk  mark_ink)
{
  PangoLayout *layout = new_layout (self, text, font, width, RP_DOC_ALIGN_START);
  g_autofree char *rest = NULL;

  while (self->y + layout_height (layout) > self->bottom)
    {
      guint fit = lines_fitting (layout, self->bottom - self->y);
      guint lines = (guint) pango_layout_get_line_count (layout);
      int split;

      if ((fit < 2 || lines - fit < 2) && !at_top (self))
        {
          new_page (self);
          continue;
        }
      fit = MAX (fit, 1);
      if (fit >= lines)
        break;
      split = pango_layout_get_line_readonly (layout, (int) fit)->start_index;
      g_free (rest);
      rest = g_strdup (pango_layout_get_text (layout) + split);
      {
        g_autofree char *head = g_strndup (pango_layout_get_text (layout), split);

        pango_layout_set_text (layout, head, -1);
      }
      if (mark != NULL)
        place_text (self, new_layout (self, mark, font, -1, RP_DOC_ALIGN_START),
                    x - item_indent, self->y, item_indent, mark_ink);
      mark = NULL;
      place_text (self, layout, x, self->y, width, ink);
      new_page (self);
      layout = new_layout (self, rest, font, width, RP_DOC_ALIGN_START);
    }
  if (mark != NULL)
    place_text (self, new_layout (self, mark, font, -1, RP_DOC_ALIGN_START), x - item_indent,
                self->y, item_indent, mark_ink);
  self->y += layout_height (layout);
  place_text (self, layout, x, self->y - layout_height (layout), width, ink);
}

static double keep_height (RpDoc *self,
                           guint  i,
                           guint  depth);

static void
place_heading (RpDoc         *self,
               const Element *el,
               guint          i)
{
  Font font = el->level <= 1 ? FONT_H1 : FONT_H2;
  PangoLayout *layout = new_layout (self, el->text, font, text_width (self), RP_DOC_ALIGN_START);
  double h = layout_height (layout);
  Heading heading = { g_strdup (el->text), el->level, 0, 0 };

  add_gap (self, el->level <= 1 ? heading1_before : heading2_before);
  ensure_space (self, h + heading_after + keep_height (self, i + 1, 0));
  heading.page = self->page;
  heading.y = self->y;
  g_array_append_val (self->headings, heading);
  place_text (self, layout, self->left, self->y, text_width (self), RP_CHART_INK_FG);
  self->y += h;
  if (el->level <= 1)
    {
      self->y += 2;
      place_rule (self, self->left, self->y, self->right, self->y, hairline);
      self->y += hairline;
    }
  self->y += heading_after;
}

static void
place_paragraph (RpDoc         *self,
                 const Element *el)
{
  place_flow (self, el->text, font_of_style (el->style), el->ink, self->left, text_width (self),
              NULL, RP_CHART_INK_FG);
  self->y += paragraph_gap;
}

static void
place_item (RpDoc         *self,
            const Element *el)
{
  place_flow (self, el->text, FONT_BODY, RP_CHART_INK_FG, self->left + item_indent,
              text_width (self) - item_indent, el->mark, el->ink);
  self->y += paragraph_gap * 0.6;
}

static void
place_figure (RpDoc         *self,
              const Element *el)
{
  double h = MIN (el->height, self->bottom - self->top);
  Item *item;

  add_gap (self, figure_gap * 0.5);
  ensure_space (self, h);
  item = add_item (self, RP_DOC_BOX_FIGURE);
  item->figure = el;
  item->box.rect = (RpChartRect) { self->left, self->y, text_width (self), h };
  item->box.frame = item->box.rect;
  self->y += h + figure_gap;
}

/* ---- placing: tables ------------------------------------------------ */

static Font
cell_font (const RpDocTable *t,
           RpDocRowFlags     flags,
           gboolean          heading)
{
  if (heading)
    return FONT_SMALL_BOLD;
  if ((flags & RP_DOC_ROW_TOTAL) != 0)
    return t->small ? FONT_SMALL_BOLD : FONT_BODY_BOLD;
  return t->small ? FONT_SMALL : FONT_BODY;
}

/* Gives each column the rest of the width by weight, but never more than
 * it needs ("water filling"): the widths of @flexible columns out of
 * @space. */
static void
share_width (const RpDocTable *t,
             const double     *natural,
             double            space,
             double           *widths)
{
  g_autofree gboolean *done = g_new0 (gboolean, t->n_columns);
  gboolean changed = TRUE;

  while (changed)
    {
      double weights = 0;

      changed = FALSE;
      for (guint c = 0; c < t->n_columns; c++)
        if (!done[c] && t->columns[c].weight > 0)
          weights += t->columns[c].weight;
      if (weights <= 0)
        return;
      for (guint c = 0; c < t->n_columns; c++)
        if (!done[c] && t->columns[c].weight > 0 &&
            natural[c] <= space * t->columns[c].weight / weights)
          {
            widths[c] = natural[c];
            space -= natural[c];
            done[c] = changed = TRUE;
          }
      if (!changed)
        for (guint c = 0; c < t->n_columns; c++)
          if (!done[c] && t->columns[c].weight > 0)
            widths[c] = space * t->columns[c].weight / weights;
    }
}

static void
column_widths (const RpDoc      *self,
               const RpDocTable *t,
               double           *widths)
{
  g_autofree double *natural = g_new0 (double, t->n_columns);
  double space = text_width (self) - t->n_columns * 2 * cell_pad_x;
  double sum = 0, fixed = 0, weights = 0;
  gboolean all_flexible = TRUE;

  for (guint c = 0; c < t->n_columns; c++)
    natural[c] = natural_width (self, t->columns[c].title, FONT_SMALL_BOLD);
  for (guint r = 0; r < t->rows->len; r++)
    {
      const Row *row = g_ptr_array_index (t->rows, r);

      for (guint c = 0; c < t->n_columns; c++)
        natural[c] = MAX (natural[c],
                          natural_width (self, row->cells[c], cell_font (t, row->flags, FALSE)) +
                          (c == 0 && (row->flags & RP_DOC_ROW_PART) != 0 ? part_indent : 0));
    }
  for (guint c = 0; c < t->n_columns; c++)
    {
      widths[c] = natural[c];
      sum += natural[c];
      weights += t->columns[c].weight;
      if (t->columns[c].weight <= 0)
        {
          fixed += natural[c];
          all_flexible = FALSE;
        }
    }
  if (all_flexible)
    {
      /* every column may wrap: widths by weight alone, so that tables of
       * the same columns line up from one to the next */
      for (guint c = 0; c < t->n_columns; c++)
        widths[c] = space * t->columns[c].weight / weights;
      return;
    }
  if (sum <= space)
    {
      /* the table spans the text width; the wrapping columns get the rest */
      for (guint c = 0; c < t->n_columns && weights > 0; c++)
        widths[c] += (space - sum) * t->columns[c].weight / weights;
      return;
    }
  if (weights > 0 && space - fixed >= 0.3 * space)
    share_width (t, natural, space - fixed, widths);
  else
    for (guint c = 0; c < t->n_columns; c++)
      widths[c] = space * natural[c] / sum;
}

/* Lays out one row's cells (taken by the caller) and returns its height. */
static double
measure_row (const RpDoc      *self,
             const RpDocTable *t,
             const char      **cells,
             RpDocRowFlags     flags,
             gboolean          heading,
             const double     *widths,
             PangoLayout     **out)
{
  double h = 0;

  for (guint c = 0; c < t->n_columns; c++)
    {
      Font font = cell_font (t, flags, heading);
      double indent = c == 0 && (flags & RP_DOC_ROW_PART) != 0 ? part_indent : 0;

      out[c] = new_layout (self, cells[c], font, widths[c] - indent, t->columns[c].align);
      h = MAX (h, layout_height (out[c]));
    }
  return h + 2 * cell_pad_y;
}

static void
place_row (RpDoc            *self,
           const RpDocTable *t,
           PangoLayout     **layouts,
           RpDocRowFlags     flags,
           RpChartInk        first_ink,
           gboolean          heading,
           const double     *widths,
           double            height)
{
  double x = self->left;

  if ((flags & RP_DOC_ROW_TOTAL) != 0)
    place_rule (self, self->left, self->y, self->right, self->y, hairline * 2);
  for (guint c = 0; c < t->n_columns; c++)
    {
      double indent = c == 0 && (flags & RP_DOC_ROW_PART) != 0 ? part_indent : 0;
      RpChartInk ink = heading ? RP_CHART_INK_MUTED : c == 0 ? first_ink : RP_CHART_INK_FG;
      Item *item = place_text (self, layouts[c], x + cell_pad_x + indent, self->y + cell_pad_y,
                               widths[c] - indent, ink);

      item->uri = heading ? NULL : find_uri (pango_layout_get_text (layouts[c]));
      x += widths[c] + 2 * cell_pad_x;
    }
  self->y += height;
  place_rule (self, self->left, self->y, self->right, self->y, heading ? hairline * 2 : hairline);
}

static double
place_table_heading (RpDoc            *self,
                     const RpDocTable *t,
                     const double     *widths,
                     double            first_row)
{
  g_autofree const char **titles = g_new0 (const char *, t->n_columns);
  g_autofree PangoLayout **layouts = g_new0 (PangoLayout *, t->n_columns);
  double h;

  for (guint c = 0; c < t->n_columns; c++)
    titles[c] = t->columns[c].title;
  h = measure_row (self, t, titles, RP_DOC_ROW_PLAIN, TRUE, widths, layouts);
  ensure_space (self, h + first_row);
  place_row (self, t, layouts, RP_DOC_ROW_PLAIN, RP_CHART_INK_MUTED, TRUE, widths, h);
  return h;
}

/* The heights of @t laid out at @widths: its heading row, its first row
 * and the whole table. */
static double
table_height (const RpDoc      *self,
              const RpDocTable *t,
              const double     *widths,
              double           *out_first)
{
  g_autofree const char **titles = g_new0 (const char *, t->n_columns);
  g_autofree PangoLayout **layouts = g_new0 (PangoLayout *, t->n_columns);
  double total = 0;

  for (guint c = 0; c < t->n_columns; c++)
    titles[c] = t->columns[c].title;
  for (guint r = 0; r <= t->rows->len; r++)
    {
      const Row *row = r > 0 ? g_ptr_array_index (t->rows, r - 1) : NULL;
      double h = measure_row (self, t, row != NULL ? (const char **) row->cells : titles,
                              row != NULL ? row->flags : RP_DOC_ROW_PLAIN, row == NULL, widths,
                              layouts);

      for (guint c = 0; c < t->n_columns; c++)
        g_object_unref (layouts[c]);
      if (r <= 1 && out_first != NULL)
        *out_first = total + h;
      total += h;
    }
  return total;
}

/* A table no taller than this share of the text height starts on a new
 * page rather than break. */
static const double keep_table_share = 0.45;

/* Keeps the lines of @layout that fit in @space points and returns the
 * text of the others (transfer full; "" when all fit). */
static char *
cut_layout (PangoLayout *layout,
            double       space)
{
  guint fit = MAX (lines_fitting (layout, space), 1);
  int split;
  g_autofree char *head = NULL;
  char *rest;

  if (fit >= (guint) pango_layout_get_line_count (layout))
    return g_strdup ("");
  split = pango_layout_get_line_readonly (layout, (int) fit)->start_index;
  rest = g_strdup (pango_layout_get_text (layout) + split);
  head = g_strndup (pango_layout_get_text (layout), split);
  pango_layout_set_text (layout, head, -1);
  return rest;
}

static double
heading_row_height (const RpDoc      *self,
                    const RpDocTable *t,
                    const double     *widths)
{
  g_autofree const char **titles = g_new0 (const char *, t->n_columns);
  g_autofree PangoLayout **layouts = g_new0 (PangoLayout *, t->n_columns);
  double h;

  for (guint c = 0; c < t->n_columns; c++)
    titles[c] = t->columns[c].title;
  h = measure_row (self, t, titles, RP_DOC_ROW_PLAIN, TRUE, widths, layouts);
  for (guint c = 0; c < t->n_columns; c++)
    g_object_unref (layouts[c]);
  return h;
}

/* Places one row, after the table's heading when @first; a row taller
 * than a page goes on over the next pages, each with the heading. */
static void
place_table_row (RpDoc            *self,
                 const RpDocTable *t,
                 const Row        *row,
                 const double     *widths,
                 gboolean          first,
                 double            tail)
{
  g_auto(GStrv) cells = g_strdupv (row->cells);
  g_autofree PangoLayout **layouts = g_new0 (PangoLayout *, t->n_columns);
  double page_room = self->bottom - self->top - heading_row_height (self, t, widths);
  double min_piece = 3 * self->style.font_size;

  for (;;)
    {
      double h = measure_row (self, t, (const char **) cells, row->flags, FALSE, widths,
                              layouts);
      double space;

      if (first)
        place_table_heading (self, t, widths, MIN (h, min_piece + 2 * cell_pad_y));
      first = FALSE;
      space = self->bottom - self->y - 2 * cell_pad_y;
      if (h - 2 * cell_pad_y + tail <= space || (h > page_room && space >= min_piece))
        {
          gboolean more = FALSE;

          for (guint c = 0; c < t->n_columns; c++)
            {
              g_free (cells[c]);
              cells[c] = cut_layout (layouts[c], space);
              more |= cells[c][0] != '\0';
            }
          h = 0;
          for (guint c = 0; c < t->n_columns; c++)
            h = MAX (h, layout_height (layouts[c]));
          place_row (self, t, layouts, row->flags, row->first_ink, FALSE, widths,
                     h + 2 * cell_pad_y);
          if (!more)
            return;
        }
      else
        for (guint c = 0; c < t->n_columns; c++)
          g_object_unref (layouts[c]);
      new_page (self);
      place_table_heading (self, t, widths, 0);
    }
}

/* The notes under element @i: the short paragraphs of small text (and
 * space) that follow it, which its last row keeps on its page so that
 * no page holds only a note. */
static double
notes_height (RpDoc *self,
              guint  i)
{
  double total = 0;
  guint notes = 0;

  for (guint k = i + 1; k < self->elements->len; k++)
    {
      const Element *el = g_ptr_array_index (self->elements, k);
      g_autoptr(PangoLayout) layout = NULL;

      if (el->kind == EL_SPACE)
        {
          total += el->height;
          continue;
        }
      if (el->kind != EL_PARAGRAPH || el->style != RP_DOC_TEXT_SMALL)
        break;
      layout = new_layout (self, el->text, FONT_SMALL, text_width (self), RP_DOC_ALIGN_START);
      if (pango_layout_get_line_count (layout) > 3)
        break;
      total += layout_height (layout) + paragraph_gap;
      notes++;
    }
  /* no gap needed after the last; space alone is no note */
  return notes > 0 ? total - paragraph_gap : 0;
}

static void
place_table (RpDoc         *self,
             const Element *el,
             guint          i)
{
  const RpDocTable *t = el->table;
  g_autofree double *widths = g_new0 (double, t->n_columns);
  double tail = notes_height (self, i) + paragraph_gap * 1.5;

  column_widths (self, t, widths);
  add_gap (self, paragraph_gap * 0.5);
  if (table_height (self, t, widths, NULL) <= keep_table_share * (self->bottom - self->top))
    ensure_space (self, table_height (self, t, widths, NULL));
  for (guint r = 0; r < t->rows->len; r++)
    place_table_row (self, t, g_ptr_array_index (t->rows, r), widths, r == 0,
                     r + 1 == t->rows->len ? tail : 0);
  self->y += paragraph_gap * 1.5;
}

/* ---- placing: cards ------------------------------------------------- */

/* Places the run of cards from @first on, returns the index after it. */
static guint
place_cards (RpDoc *self,
             guint  first)
{
  const Element *head = g_ptr_array_index (self->elements, first);
  guint per_row = MAX (head->level, 1);
  double width = (text_width (self) - (per_row - 1) * card_gap) / per_row;
  guint i = first;

  add_gap (self, paragraph_gap * 0.5);
  while (i < self->elements->len)
    {
      PangoLayout *texts[16][3];
      double height = 0;
      guint n = 0;

      for (; n < per_row && i + n < self->elements->len; n++)
        {
          const Element *el = g_ptr_array_index (self->elements, i + n);

          if (el->kind != EL_CARD || el->level != head->level)
            break;
          texts[n][0] = new_layout (self, el->mark, FONT_SMALL, width - 2 * card_pad,
                                    RP_DOC_ALIGN_START);
          texts[n][1] = new_layout (self, el->text != NULL ? el->text : "—", FONT_VALUE,
                                    width - 2 * card_pad, RP_DOC_ALIGN_START);
          texts[n][2] = new_layout (self, el->detail, FONT_SMALL, width - 2 * card_pad,
                                    RP_DOC_ALIGN_START);
          height = MAX (height, 2 * card_pad + 2 + layout_height (texts[n][0]) +
                                layout_height (texts[n][1]) + layout_height (texts[n][2]));
        }
      if (n == 0)
        break;
      ensure_space (self, height);
      for (guint k = 0; k < n; k++)
        {
          double x = self->left + k * (width + card_gap);
          double y = self->y + card_pad;
          Item *frame = add_item (self, RP_DOC_BOX_RULE);

          frame->box.rect = (RpChartRect) { x, self->y, width, height };
          frame->ink = RP_CHART_INK_GRID;
          frame->stroke_rect = TRUE;
          frame->line_width = hairline * 2;
          for (guint t = 0; t < 3; t++)
            {
              double h = layout_height (texts[k][t]);

              place_text (self, texts[k][t], x + card_pad, y, width - 2 * card_pad,
                          t == 1 ? RP_CHART_INK_FG : RP_CHART_INK_MUTED);
              y += h + (t == 1 ? 2 : 0);
            }
        }
      self->y += height + card_gap;
      i += n;
    }
  return i;
}

/* ---- placing: what a heading keeps with it ------------------------- */

/* How much of element @i must follow a heading on its page: a table
 * that will not break whole, else its heading and first row; a short
 * paragraph whole, else two lines; a figure; the first row of cards. */
static double
keep_height (RpDoc *self,
             guint  i,
             guint  depth)
{
  const Element *el = i < self->elements->len ? g_ptr_array_index (self->elements, i) : NULL;

  if (el == NULL || depth > 2)
    return 0;
  switch (el->kind)
    {
    case EL_HEADING:
      {
        g_autoptr(PangoLayout) layout = new_layout (self, el->text, el->level <= 1 ? FONT_H1
                                                                               : FONT_H2,
                                                    text_width (self), RP_DOC_ALIGN_START);

        return layout_height (layout) + heading_after + heading2_before +
               keep_height (self, i + 1, depth + 1);
      }
    case EL_TABLE:
      {
        g_autofree double *widths = g_new0 (double, el->table->n_columns);
        double first = 0, total;

        column_widths (self, el->table, widths);
        total = table_height (self, el->table, widths, &first);
        return total <= keep_table_share * (self->bottom - self->top) ? total : first;
      }
    case EL_PARAGRAPH:
    case EL_ITEM:
      {
        g_autoptr(PangoLayout) layout = new_layout (self, el->text, font_of_style (el->style),
                                                    text_width (self), RP_DOC_ALIGN_START);
        int lines = pango_layout_get_line_count (layout);
        const Element *next = i + 1 < self->elements->len
                              ? g_ptr_array_index (self->elements, i + 1) : NULL;

        if (lines > 3)
          return layout_height (layout) * 2.0 / lines;
        /* a short lead-in stays with the table it introduces */
        if (next != NULL && next->kind == EL_TABLE)
          return layout_height (layout) + paragraph_gap + keep_height (self, i + 1, depth + 1);
        return layout_height (layout);
      }
    case EL_FIGURE:
      return el->height + figure_gap;
    case EL_CARD:
      return keep_with_next * 2;
    case EL_SPACE:
    case EL_PAGE_BREAK:
    default:
      return 0;
    }
}

/* ---- the layout's log, for tests ------------------------------------ */

static void chart_figure_free (gpointer figure);

/* Records element @el, placed as the items from @first_item on. */
static void
add_block (RpDoc         *self,
           const Element *el,
           guint          first_item)
{
  RpDocBlock block = { 0 };

  block.first_page = g_array_index (self->items, Item, first_item).box.page;
  block.last_page = g_array_index (self->items, Item, self->items->len - 1).box.page;
  block.level = el->level;
  block.style = el->style;
  block.text = el->text;
  switch (el->kind)
    {
    case EL_HEADING:
      block.kind = RP_DOC_BLOCK_HEADING;
      break;
    case EL_PARAGRAPH:
      block.kind = RP_DOC_BLOCK_PARAGRAPH;
      break;
    case EL_ITEM:
      block.kind = RP_DOC_BLOCK_ITEM;
      break;
    case EL_TABLE:
      block.kind = RP_DOC_BLOCK_TABLE;
      break;
    case EL_CARD:
      block.kind = RP_DOC_BLOCK_CARDS;
      block.text = NULL;
      break;
    case EL_FIGURE:
    case EL_SPACE:
    case EL_PAGE_BREAK:
    default:
      block.kind = RP_DOC_BLOCK_FIGURE;
      if (el->destroy == chart_figure_free)
        block.chart = *(RpChartData **) el->data;
      break;
    }
  g_array_append_val (self->blocks, block);
}

/* Each page's share filled, from the text area's top to its lowest box
 * (before the running header and footer are placed). */
static void
measure_fill (RpDoc *self)
{
  g_array_set_size (self->fill, self->n_pages);
  for (guint p = 0; p < self->n_pages; p++)
    g_array_index (self->fill, double, p) = 0;
  for (guint i = 0; i < self->items->len; i++)
    {
      const RpDocBox *box = &g_array_index (self->items, Item, i).box;
      double *fill = &g_array_index (self->fill, double, box->page);
      double share = (box->rect.y + box->rect.height - self->top) / (self->bottom - self->top);

      *fill = MAX (*fill, CLAMP (share, 0, 1));
    }
}

/* ---- placing: header and footer ------------------------------------- */

/* A running text: one line, ellipsized at @width. */
static PangoLayout *
new_running_layout (const RpDoc *self,
                    const char  *text,
                    double       width)
{
  PangoLayout *layout = new_layout (self, text, FONT_SMALL, width, RP_DOC_ALIGN_START);

  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_height (layout, 0);    /* one line */
  return layout;
}

static void
place_running (RpDoc *self,
               guint  page)
{
  g_autofree char *number = g_strdup_printf ("%u / %u", page + 1, self->n_pages);
  PangoLayout *right = new_layout (self, number, FONT_SMALL, -1, RP_DOC_ALIGN_START);
  double right_w = natural_width (self, number, FONT_SMALL);
  double left_w = text_width (self) - right_w - 3 * card_gap;
  PangoLayout *left = new_running_layout (self, self->header, left_w);
  PangoLayout *footer = new_running_layout (self, self->footer, text_width (self));
  double h = layout_height (left);

  self->page = page;
  place_text (self, left, self->left, header_top, left_w, RP_CHART_INK_MUTED);
  place_text (self, right, self->right - right_w, header_top, right_w, RP_CHART_INK_MUTED);
  place_rule (self, self->left, header_top + h + 3, self->right, header_top + h + 3, hairline);
  place_text (self, footer, self->left,
              self->height - footer_bottom_margin - layout_height (footer), text_width (self),
              RP_CHART_INK_MUTED);
}

/* ---- helpers: painting ---------------------------------------------- */

static void
set_ink (cairo_t            *cr,
         const RpChartStyle *style,
         RpChartInk          ink)
{
  const RpChartRgba *c;

  switch (ink)
    {
    case RP_CHART_INK_FG:
      c = &style->fg;
      break;
    case RP_CHART_INK_MUTED:
      c = &style->muted;
      break;
    case RP_CHART_INK_ACCENT:
      c = &style->accent;
      break;
    case RP_CHART_INK_DANGER:
      c = &style->danger;
      break;
    case RP_CHART_INK_WARNING:
      c = &style->warning;
      break;
    case RP_CHART_INK_GOOD:
      c = &style->good;
      break;
    case RP_CHART_INK_GRID:
      c = &style->grid;
      break;
    case RP_CHART_INK_SERIES:
    default:
      c = &style->series[(ink - RP_CHART_INK_SERIES) % RP_CHART_N_SERIES_COLORS];
      break;
    }
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha);
}

/* A link's attributes: cairo reads single-quoted strings with \' and \\. */
static char *
link_attributes (const char *uri)
{
  GString *out = g_string_new ("uri='");

  for (const char *p = uri; *p != '\0'; p++)
    {
      if (*p == '\'' || *p == '\\')
        g_string_append_c (out, '\\');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '\'');
  return g_string_free (out, FALSE);
}

static void
paint_text (const RpDoc *self,
            cairo_t     *cr,
            const Item  *item)
{
  g_autofree char *attributes = item->uri != NULL ? link_attributes (item->uri) : NULL;

  set_ink (cr, &self->style, item->ink);
  if (attributes != NULL)
    cairo_tag_begin (cr, CAIRO_TAG_LINK, attributes);
  cairo_move_to (cr, item->x, item->y);
  pango_cairo_update_layout (cr, item->layout);
  pango_cairo_show_layout (cr, item->layout);
  if (attributes != NULL)
    cairo_tag_end (cr, CAIRO_TAG_LINK);
}

static void
paint_rule (const RpDoc *self,
            cairo_t     *cr,
            const Item  *item)
{
  const RpChartRect *r = &item->box.rect;

  set_ink (cr, &self->style, item->ink);
  cairo_set_line_width (cr, item->line_width);
  if (item->stroke_rect)
    cairo_rectangle (cr, r->x, r->y, r->width, r->height);
  else
    {
      cairo_move_to (cr, r->x, r->y);
      cairo_line_to (cr, r->x + r->width, r->y + r->height);
    }
  cairo_stroke (cr);
}

/* ---- helpers: charts and PDF ---------------------------------------- */

typedef struct
{
  RpChartData  *data;           /* owned */
  RpChartStyle  style;
} ChartFigure;

static void
chart_figure_free (gpointer data)
{
  ChartFigure *figure = data;

  rp_chart_data_free (figure->data);
  g_free (figure);
}

static void
paint_chart_figure (cairo_t *cr,
                    double   width,
                    double   height,
                    gpointer user_data)
{
  ChartFigure *figure = user_data;
  PangoContext *context = pango_cairo_create_context (cr);
  g_autoptr(RpChartLayout) layout = rp_chart_layout_compute (figure->data, width, height,
                                                             &figure->style,
                                                             rp_chart_measure_text_pango,
                                                             context);

  rp_chart_paint (cr, layout, &figure->style);
  g_object_unref (context);
}

static cairo_status_t
append_to_array (void                *closure,
                 const unsigned char *data,
                 unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static void
set_info (cairo_surface_t *surface,
          const RpDocInfo *info)
{
  static const struct
  {
    cairo_pdf_metadata_t key;
    gsize                offset;
  } fields[] = {
    { CAIRO_PDF_METADATA_TITLE, G_STRUCT_OFFSET (RpDocInfo, title) },
    { CAIRO_PDF_METADATA_SUBJECT, G_STRUCT_OFFSET (RpDocInfo, subject) },
    { CAIRO_PDF_METADATA_AUTHOR, G_STRUCT_OFFSET (RpDocInfo, author) },
    { CAIRO_PDF_METADATA_KEYWORDS, G_STRUCT_OFFSET (RpDocInfo, keywords) },
  };

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      const char *value = G_STRUCT_MEMBER (const char *, info, fields[i].offset);

      if (value != NULL && *value != '\0')
        cairo_pdf_surface_set_metadata (surface, fields[i].key, value);
    }
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Rigplan " PACKAGE_VERSION);
  if (info->date != NULL)
    {
      /* ISO 8601, which cairo turns into the PDF date form */
      g_autofree char *date = g_date_time_format (info->date, "%Y-%m-%dT%H:%M:%S%:z");

      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATE_DATE, date);
    }
}

static void
add_outline (const RpDoc     *self,
             cairo_surface_t *surface)
{
  int parent = CAIRO_PDF_OUTLINE_ROOT;

  for (guint i = 0; i < self->headings->len; i++)
    {
      const Heading *h = &g_array_index (self->headings, Heading, i);
      g_autofree char *target = g_strdup_printf ("page=%u pos=[%.0f %.0f]", h->page + 1,
                                                 self->left, h->y);
      int id = cairo_pdf_surface_add_outline (surface, h->level <= 1 ? CAIRO_PDF_OUTLINE_ROOT
                                                                     : parent,
                                              h->text, target, 0);

      if (h->level <= 1)
        parent = id;
    }
}

/* ---- public API ----------------------------------------------------- */

RpDoc *
rp_doc_new (const RpChartStyle *style)
{
  RpDoc *self;

  g_return_val_if_fail (style != NULL, NULL);

  self = g_new0 (RpDoc, 1);
  self->style = *style;
  self->header = g_strdup ("");
  self->footer = g_strdup ("");
  self->elements = g_ptr_array_new_with_free_func ((GDestroyNotify) element_free);
  self->items = g_array_new (FALSE, TRUE, sizeof (Item));
  self->headings = g_array_new (FALSE, TRUE, sizeof (Heading));
  self->blocks = g_array_new (FALSE, TRUE, sizeof (RpDocBlock));
  self->fill = g_array_new (FALSE, TRUE, sizeof (double));
  return self;
}

void
rp_doc_free (RpDoc *self)
{
  if (self == NULL)
    return;
  clear_layout (self);
  g_array_unref (self->items);
  g_array_unref (self->headings);
  g_array_unref (self->blocks);
  g_array_unref (self->fill);
  g_ptr_array_unref (self->elements);
  g_clear_object (&self->context);
  g_free (self->header);
  g_free (self->footer);
  g_free (self);
}

void
rp_doc_set_running (RpDoc      *self,
                    const char *header,
                    const char *footer)
{
  g_return_if_fail (self != NULL);

  g_free (self->header);
  g_free (self->footer);
  self->header = g_strdup (header != NULL ? header : "");
  self->footer = g_strdup (footer != NULL ? footer : "");
}

void
rp_doc_add_heading (RpDoc      *self,
                    guint       level,
                    const char *text)
{
  Element *el;

  g_return_if_fail (self != NULL && text != NULL);
  g_return_if_fail (level >= 1 && level <= 2);

  el = add_element (self, EL_HEADING);
  el->level = level;
  el->text = g_strdup (text);
}

void
rp_doc_add_paragraph (RpDoc      *self,
                      RpDocText   style,
                      RpChartInk  ink,
                      const char *text)
{
  Element *el;

  g_return_if_fail (self != NULL && text != NULL);
  g_return_if_fail ((guint) style < RP_N_DOC_TEXTS);

  el = add_element (self, EL_PARAGRAPH);
  el->style = style;
  el->ink = ink;
  el->text = g_strdup (text);
}

void
rp_doc_add_item (RpDoc      *self,
                 const char *mark,
                 RpChartInk  ink,
                 const char *text)
{
  Element *el;

  g_return_if_fail (self != NULL && mark != NULL && text != NULL);

  el = add_element (self, EL_ITEM);
  el->mark = g_strdup (mark);
  el->ink = ink;
  el->text = g_strdup (text);
}

RpDocTable *
rp_doc_add_table (RpDoc             *self,
                  const RpDocColumn *columns,
                  guint              n_columns)
{
  Element *el;
  RpDocTable *t;

  g_return_val_if_fail (self != NULL && columns != NULL && n_columns > 0, NULL);

  el = add_element (self, EL_TABLE);
  t = el->table = g_new0 (RpDocTable, 1);
  t->n_columns = n_columns;
  t->columns = g_new0 (Column, n_columns);
  for (guint c = 0; c < n_columns; c++)
    {
      t->columns[c].title = g_strdup (columns[c].title != NULL ? columns[c].title : "");
      t->columns[c].align = columns[c].align;
      t->columns[c].weight = MAX (columns[c].weight, 0);
    }
  t->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
  return t;
}

void
rp_doc_table_add_row (RpDocTable         *t,
                      RpDocRowFlags       flags,
                      RpChartInk          first_ink,
                      const char * const *cells)
{
  Row *row;

  g_return_if_fail (t != NULL && cells != NULL);

  row = g_new0 (Row, 1);
  row->flags = flags;
  row->first_ink = first_ink;
  row->cells = g_new0 (char *, t->n_columns + 1);
  for (guint c = 0; c < t->n_columns; c++)
    row->cells[c] = g_strdup (cells[c] != NULL ? cells[c] : "");
  g_ptr_array_add (t->rows, row);
}

void
rp_doc_table_set_small (RpDocTable *t,
                        gboolean    small)
{
  g_return_if_fail (t != NULL);

  t->small = small;
}

void
rp_doc_add_card (RpDoc      *self,
                 guint       per_row,
                 const char *caption,
                 const char *value,
                 const char *detail)
{
  Element *el;

  g_return_if_fail (self != NULL && caption != NULL);
  g_return_if_fail (per_row >= 1 && per_row <= 16);

  el = add_element (self, EL_CARD);
  el->level = per_row;
  el->mark = g_strdup (caption);
  el->text = g_strdup (value);
  el->detail = g_strdup (detail != NULL ? detail : "");
}

void
rp_doc_add_figure (RpDoc          *self,
                   double          height,
                   RpDocPaintFunc  paint,
                   gpointer        user_data,
                   GDestroyNotify  destroy)
{
  Element *el;

  g_return_if_fail (self != NULL && paint != NULL && height > 0);

  el = add_element (self, EL_FIGURE);
  el->height = height;
  el->paint = paint;
  el->data = user_data;
  el->destroy = destroy;
}

void
rp_doc_add_chart (RpDoc              *self,
                  RpChartData        *data,
                  const RpChartStyle *style,
                  double              height)
{
  ChartFigure *figure;

  g_return_if_fail (self != NULL && data != NULL && style != NULL);

  figure = g_new0 (ChartFigure, 1);
  figure->data = data;
  figure->style = *style;
  rp_doc_add_figure (self, height, paint_chart_figure, figure, chart_figure_free);
}

void
rp_doc_add_space (RpDoc  *self,
                  double  points)
{
  g_return_if_fail (self != NULL && points >= 0);

  add_element (self, EL_SPACE)->height = points;
}

void
rp_doc_add_page_break (RpDoc *self)
{
  g_return_if_fail (self != NULL);

  add_element (self, EL_PAGE_BREAK);
}

void
rp_doc_layout (RpDoc        *self,
               PangoContext *context,
               double        width,
               double        height)
{
  guint i = 0;

  g_return_if_fail (self != NULL && PANGO_IS_CONTEXT (context));
  g_return_if_fail (width > 4 * margin_x && height > text_top + text_bottom_margin + 72);

  clear_layout (self);
  g_set_object (&self->context, context);
  self->width = width;
  self->height = height;
  self->left = margin_x;
  self->right = width - margin_x;
  self->top = text_top;
  self->bottom = height - text_bottom_margin;
  self->page = 0;
  self->n_pages = 1;
  self->y = self->top;
  while (i < self->elements->len)
    {
      const Element *el = g_ptr_array_index (self->elements, i);
      guint first_item = self->items->len;
      guint next = i + 1;

      switch (el->kind)
        {
        case EL_HEADING:
          place_heading (self, el, i);
          break;
        case EL_PARAGRAPH:
          place_paragraph (self, el);
          break;
        case EL_ITEM:
          place_item (self, el);
          break;
        case EL_TABLE:
          place_table (self, el, i);
          break;
        case EL_CARD:
          next = place_cards (self, i);
          break;
        case EL_FIGURE:
          place_figure (self, el);
          break;
        case EL_SPACE:
          add_gap (self, el->height);
          break;
        case EL_PAGE_BREAK:
        default:
          if (!at_top (self) &&
              (self->y - self->top) / (self->bottom - self->top) >= RP_DOC_MIN_PAGE_FILL)
            new_page (self);
          break;
        }
      if (self->items->len > first_item)
        add_block (self, el, first_item);
      i = next;
    }
  measure_fill (self);
  for (guint p = 0; p < self->n_pages; p++)
    place_running (self, p);
  g_clear_object (&self->context);
}

guint
rp_doc_get_n_pages (const RpDoc *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_pages;
}

void
rp_doc_paint_page (const RpDoc *self,
                   cairo_t     *cr,
                   guint        page)
{
  g_return_if_fail (self != NULL && cr != NULL);
  g_return_if_fail (page < self->n_pages);

  for (guint i = 0; i < self->items->len; i++)
    {
      const Item *item = &g_array_index (self->items, Item, i);

      if (item->box.page != page)
        continue;
      cairo_save (cr);
      switch (item->box.kind)
        {
        case RP_DOC_BOX_TEXT:
          paint_text (self, cr, item);
          break;
        case RP_DOC_BOX_FIGURE:
          cairo_translate (cr, item->box.rect.x, item->box.rect.y);
          item->figure->paint (cr, item->box.rect.width, item->box.rect.height,
                               item->figure->data);
          break;
        case RP_DOC_BOX_RULE:
        default:
          paint_rule (self, cr, item);
          break;
        }
      cairo_restore (cr);
    }
}

double
rp_doc_get_page_fill (const RpDoc *self,
                      guint        page)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (page < self->fill->len, 0);

  return g_array_index (self->fill, double, page);
}

guint
rp_doc_get_n_blocks (const RpDoc *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->blocks->len;
}

void
rp_doc_get_block (const RpDoc *self,
                  guint        i,
                  RpDocBlock  *out)
{
  g_return_if_fail (self != NULL && out != NULL);
  g_return_if_fail (i < self->blocks->len);

  *out = g_array_index (self->blocks, RpDocBlock, i);
}

guint
rp_doc_get_n_boxes (const RpDoc *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->items->len;
}

void
rp_doc_get_box (const RpDoc *self,
                guint        i,
                RpDocBox    *out)
{
  g_return_if_fail (self != NULL && out != NULL);
  g_return_if_fail (i < self->items->len);

  *out = g_array_index (self->items, Item, i).box;
}

guint
rp_doc_get_n_headings (const RpDoc *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->headings->len;
}

const char *
rp_doc_get_heading (const RpDoc *self,
                    guint        i,
                    guint       *out_level,
                    guint       *out_page,
                    double      *out_y)
{
  const Heading *h;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (i < self->headings->len, NULL);

  h = &g_array_index (self->headings, Heading, i);
  if (out_level != NULL)
    *out_level = h->level;
  if (out_page != NULL)
    *out_page = h->page;
  if (out_y != NULL)
    *out_y = h->y;
  return h->text;
}

GBytes *
rp_doc_to_pdf (RpDoc           *self,
               double           width,
               double           height,
               const RpDocInfo *info,
               GError         **error)
{
  GByteArray *pdf;
  cairo_surface_t *surface;
  cairo_t *cr;
  PangoContext *context;
  cairo_status_t status;

  g_return_val_if_fail (self != NULL && info != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  pdf = g_byte_array_new ();
  surface = cairo_pdf_surface_create_for_stream (append_to_array, pdf, width, height);
  set_info (surface, info);
  cr = cairo_create (surface);
  context = pango_cairo_create_context (cr);
  rp_doc_layout (self, context, width, height);
  g_object_unref (context);
  for (guint p = 0; p < self->n_pages; p++)
    {
      rp_doc_paint_page (self, cr, p);
      cairo_show_page (cr);
    }
  add_outline (self, surface);
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_byte_array_unref (pdf);
      g_set_error_literal (error, RP_ERROR, RP_ERROR_EXPORT_FAILED,
                           cairo_status_to_string (status));
      return NULL;
    }
  return g_byte_array_free_to_bytes (pdf);
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-chart-export.c: charts to PNG, SVG and PDF files, and the PDF plan
 *
 * Cairo draws into a sink: memory, or an RpFileWriter (rp-file.h), which
 * writes a temporary beside the target and renames it over the target
 * only once Cairo and every write have succeeded.  Cairo's own
 * *_surface_create (path) would write the file in place and, on a full
 * disk, leave a truncated file behind while the export still "worked":
 * its write errors surface only in cairo_surface_status() after
 * cairo_surface_finish(), which the stream form lets us check before
 * the rename. */

#include "config.h"

#include "rp-chart.h"
#include "rp-chart-private.h"
#include "rp-error.h"
#include "rp-file.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <pango/pangocairo.h>

/* PNGs larger than this (in pixels) are drawn scaled up, so that text
 * stays readable on a 4K image. */
static const double png_logical_width = 1600;
static const double png_logical_height = 900;
/* A4 landscape, in points. */
static const double report_width_pt = 842;
static const double report_height_pt = 595;
static const double report_font_size = 10.5;
static const double max_size = 32768;
/* Cairo's image surfaces stop at 32767 pixels a side (MAX_IMAGE_SIZE in
 * cairo-image-surface.c), and 100 million pixels are 400 MB of ARGB
 * before compression: more is a typo, not a chart. */
static const double max_png_side_px = 32767;
static const double max_png_pixels = 100e6;

/* Where Cairo's output goes: exactly one of the two is set. */
typedef struct
{
  RpFileWriter *file;           /* borrowed */
  GByteArray   *memory;         /* borrowed */
} Sink;

/* ---- helpers -------------------------------------------------------- */

static void
set_export_error (GError     **error,
                  const char  *path,
                  const char  *reason)
{
  g_autofree char *display = g_filename_display_name (path);

  g_set_error (error, RP_ERROR, RP_ERROR_EXPORT_FAILED,
               /* TRANSLATORS: %s are a file name and the reason */
               _("Could not write “%s”: %s"), display, reason);
}

static cairo_status_t
sink_write (void                *closure,
            const unsigned char *data,
            unsigned int         length)
{
  Sink *sink = closure;

  if (sink->memory != NULL)
    {
      g_byte_array_append (sink->memory, data, length);
      return CAIRO_STATUS_SUCCESS;
    }
  return rp_file_writer_write (sink->file, data, length) ? CAIRO_STATUS_SUCCESS
                                                         : CAIRO_STATUS_WRITE_ERROR;
}

/* Fails with Cairo's @status, or the file's own error behind it. */
static gboolean
set_render_error (GError         **error,
                  const Sink      *sink,
                  cairo_status_t   status)
{
  const GError *written = sink->file != NULL ? rp_file_writer_get_error (sink->file) : NULL;

  g_set_error_literal (error, RP_ERROR, RP_ERROR_EXPORT_FAILED,
                       written != NULL ? written->message : cairo_status_to_string (status));
  return FALSE;
}

static void
paint_chart (cairo_t            *cr,
             const RpChartData  *data,
             double              width,
             double              height,
             const RpChartStyle *style)
{
  PangoContext *context = pango_cairo_create_context (cr);
  g_autoptr(RpChartLayout) layout = rp_chart_layout_compute (data, width, height, style,
                                                             rp_chart_measure_text_pango,
                                                             context);

  rp_chart_paint (cr, layout, style);
  g_object_unref (context);
}

/* Refuses a size Cairo cannot draw or that would take gigabytes; the
 * reason, without the file name. */
static gboolean
check_size (double         width,
            double         height,
            RpChartFormat  format,
            GError       **error)
{
  if (!(width >= 1 && height >= 1 && width <= max_size && height <= max_size))
    {
      g_set_error_literal (error, RP_ERROR, RP_ERROR_EXPORT_FAILED,
                           _("the size must be between 1 and 32768"));
      return FALSE;
    }
  if (format == RP_CHART_FORMAT_PNG &&
      (ceil (width) > max_png_side_px || ceil (height) > max_png_side_px ||
       ceil (width) * ceil (height) > max_png_pixels))
    {
      g_set_error_literal (error, RP_ERROR, RP_ERROR_EXPORT_FAILED,
                           _("a PNG can have at most 100 million pixels, "
                             "and at most 32767 on a side"));
      return FALSE;
    }
  return TRUE;
}

static cairo_surface_t *
create_surface (RpChartFormat  format,
                double         width,
                double         height,
                Sink          *sink)
{
  switch (format)
    {
    case RP_CHART_FORMAT_PNG:
      return cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (width),
                                         (int) ceil (height));
    case RP_CHART_FORMAT_SVG:
      return cairo_svg_surface_create_for_stream (sink_write, sink, width, height);
    case RP_CHART_FORMAT_PDF:
    default:
      return cairo_pdf_surface_create_for_stream (sink_write, sink, width, height);
    }
}

/* Draws @data into @sink; FALSE with the reason (no file name). */
static gboolean
render_chart (const RpChartData  *data,
              double              width,
              double              height,
              const RpChartStyle *style,
              RpChartFormat       format,
              Sink               *sink,
              GError            **error)
{
  RpChartStyle print;
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;

  if (style == NULL)
    {
      rp_chart_style_init_print (&print);
      style = &print;
    }
  surface = create_surface (format, width, height, sink);
  cr = cairo_create (surface);
  if (format == RP_CHART_FORMAT_PNG)
    {
      double scale = MAX (1, MIN (width / png_logical_width, height / png_logical_height));

      cairo_scale (cr, scale, scale);
      paint_chart (cr, data, width / scale, height / scale, style);
    }
  else
    paint_chart (cr, data, width, height, style);
  if (format == RP_CHART_FORMAT_PDF)
    cairo_show_page (cr);
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  if (status == CAIRO_STATUS_SUCCESS && format == RP_CHART_FORMAT_PNG)
    status = cairo_surface_write_to_png_stream (surface, sink_write, sink);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    return set_render_error (error, sink, status);
  return TRUE;
}

static void
paint_footer (cairo_t            *cr,
              const RpChartStyle *style,
              const char         *text)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_new ();
  int w, h;

  pango_font_description_set_family (desc, style->font_family);
  pango_font_description_set_absolute_size (desc, style->font_size * 0.8 * PANGO_SCALE);
  pango_layout_set_font_description (layout, desc);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_set_source_rgba (cr, style->muted.red, style->muted.green, style->muted.blue,
                         style->muted.alpha);
  cairo_move_to (cr, report_width_pt - style->padding - w,
                 report_height_pt - style->padding * 0.6 - h);
  pango_cairo_show_layout (cr, layout);
  pango_font_description_free (desc);
  g_object_unref (layout);
}

/* The plan, one page per chart, into @sink; FALSE with the reason. */
static gboolean
render_report (const RpScenario  *scenario,
               const RpCatalog   *catalog,
               const RpEstimate  *estimate,
               Sink              *sink,
               GError           **error)
{
  RpChartStyle style;
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;

  rp_chart_style_init_print (&style);
  style.font_size = report_font_size;
  style.padding = 36;           /* half an inch of margin */
  surface = cairo_pdf_surface_create_for_stream (sink_write, sink, report_width_pt,
                                                 report_height_pt);
  if (scenario->name != NULL && *scenario->name != '\0')
    cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, scenario->name);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Rigplan " PACKAGE_VERSION);
  cr = cairo_create (surface);
  for (guint kind = 0; kind < RP_N_CHARTS; kind++)
    {
      g_autoptr(RpChartData) data = rp_chart_data_new (kind, scenario, catalog, estimate);
      g_autofree char *footer = NULL;

      paint_chart (cr, data, report_width_pt, report_height_pt - style.padding * 0.5, &style);
      /* TRANSLATORS: the footer of each page of the PDF plan */
      footer = g_strdup_printf (_("Rigplan plan · page %u of %u"), kind + 1, (guint) RP_N_CHARTS);
      paint_footer (cr, &style, footer);
      cairo_show_page (cr);
    }
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    return set_render_error (error, sink, status);
  return TRUE;
}

/* Writes @path through an RpFileWriter with one of the renderers (a
 * chart when @data is set, else the report); errors name @path. */
static gboolean
export_to_file (const char         *path,
                const RpChartData  *data,
                double              width,
                double              height,
                const RpChartStyle *style,
                RpChartFormat       format,
                const RpScenario   *scenario,
                const RpCatalog    *catalog,
                const RpEstimate   *estimate,
                GError            **error)
{
  g_autoptr(RpFileWriter) writer = NULL;
  g_autoptr(GError) local_error = NULL;
  Sink sink = { NULL, NULL };
  gboolean ok;

  if (data != NULL && !check_size (width, height, format, &local_error))
    {
      set_export_error (error, path, local_error->message);
      return FALSE;
    }
  writer = rp_file_writer_new (path, &local_error);
  if (writer == NULL)
    {
      set_export_error (error, path, local_error->message);
      return FALSE;
    }
  sink.file = writer;
  if (data != NULL)
    ok = render_chart (data, width, height, style, format, &sink, &local_error);
  else
    ok = render_report (scenario, catalog, estimate, &sink, &local_error);
  /* on failure, freeing the writer removes the temporary */
  if (!ok || !rp_file_writer_commit (writer, &local_error))
    {
      set_export_error (error, path, local_error->message);
      return FALSE;
    }
  return TRUE;
}

static GBytes *
bytes_or_error (GByteArray  *memory,
                gboolean     ok)
{
  if (!ok)
    {
      g_byte_array_unref (memory);
      return NULL;
    }
  return g_byte_array_free_to_bytes (memory);
}

/* ---- public API ----------------------------------------------------- */

gboolean
rp_chart_export_png (const RpChartData  *data,
                     const char         *path,
                     double              width,
                     double              height,
                     const RpChartStyle *style,
                     GError            **error)
{
  g_return_val_if_fail (data != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return export_to_file (path, data, width, height, style, RP_CHART_FORMAT_PNG,
                         NULL, NULL, NULL, error);
}

gboolean
rp_chart_export_svg (const RpChartData  *data,
                     const char         *path,
                     double              width,
                     double              height,
                     const RpChartStyle *style,
                     GError            **error)
{
  g_return_val_if_fail (data != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return export_to_file (path, data, width, height, style, RP_CHART_FORMAT_SVG,
                         NULL, NULL, NULL, error);
}

gboolean
rp_chart_export_pdf (const RpChartData  *data,
                     const char         *path,
                     double              width,
                     double              height,
                     const RpChartStyle *style,
                     GError            **error)
{
  g_return_val_if_fail (data != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return export_to_file (path, data, width, height, style, RP_CHART_FORMAT_PDF,
                         NULL, NULL, NULL, error);
}

gboolean
rp_chart_export_file (const RpChartData  *data,
                      const char         *path,
                      double              width,
                      double              height,
                      const RpChartStyle *style,
                      GError            **error)
{
  RpChartFormat format;

  g_return_val_if_fail (data != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!rp_chart_format_from_path (path, &format))
    {
      set_export_error (error, path, _("the name must end in .png, .svg or .pdf"));
      return FALSE;
    }
  return export_to_file (path, data, width, height, style, format, NULL, NULL, NULL, error);
}

gboolean
rp_chart_export_report_pdf (const RpScenario  *scenario,
                            const RpCatalog   *catalog,
                            const RpEstimate  *estimate,
                            const char        *path,
                            GError           **error)
{
  g_return_val_if_fail (scenario != NULL, FALSE);
  g_return_val_if_fail (catalog != NULL, FALSE);
  g_return_val_if_fail (estimate != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return export_to_file (path, NULL, 0, 0, NULL, RP_CHART_FORMAT_PDF, scenario, catalog,
                         estimate, error);
}

gboolean
rp_chart_format_from_path (const char    *path,
                           RpChartFormat *out)
{
  g_autofree char *lower = NULL;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  lower = g_ascii_strdown (path, -1);
  if (g_str_has_suffix (lower, ".png"))
    *out = RP_CHART_FORMAT_PNG;
  else if (g_str_has_suffix (lower, ".svg"))
    *out = RP_CHART_FORMAT_SVG;
  else if (g_str_has_suffix (lower, ".pdf"))
    *out = RP_CHART_FORMAT_PDF;
  else
    return FALSE;
  return TRUE;
}

GBytes *
rp_chart_export_bytes (const RpChartData  *data,
                       RpChartFormat       format,
                       double              width,
                       double              height,
                       const RpChartStyle *style,
                       GError            **error)
{
  GByteArray *memory;
  Sink sink = { NULL, NULL };

  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (format <= RP_CHART_FORMAT_PDF, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_size (width, height, format, error))
    return NULL;
  memory = g_byte_array_new ();
  sink.memory = memory;
  return bytes_or_error (memory, render_chart (data, width, height, style, format, &sink,
                                               error));
}

GBytes *
rp_chart_export_report_bytes (const RpScenario  *scenario,
                              const RpCatalog   *catalog,
                              const RpEstimate  *estimate,
                              GError           **error)
{
  GByteArray *memory;
  Sink sink = { NULL, NULL };

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (catalog != NULL, NULL);
  g_return_val_if_fail (estimate != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  memory = g_byte_array_new ();
  sink.memory = memory;
  return bytes_or_error (memory, render_report (scenario, catalog, estimate, &sink, error));
}

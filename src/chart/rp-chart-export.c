/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-chart-export.c: charts to PNG, SVG and PDF files, and the PDF plan
 *
 * Each export draws into a temporary file beside the target and renames
 * it over the target once Cairo reports success, so a failed export never
 * leaves half a file. */

#include "config.h"

#include "rp-chart.h"
#include "rp-chart-private.h"
#include "rp-error.h"
#include "rp-report.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <unistd.h>

/* PNGs larger than this (in pixels) are drawn scaled up, so that text
 * stays readable on a 4K image. */
static const double png_logical_width = 1600;
static const double png_logical_height = 900;
static const double max_size = 32768;

typedef enum
{
  FORMAT_PNG,
  FORMAT_SVG,
  FORMAT_PDF,
} ExportFormat;

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

/* A new empty file beside @path; transfer full. */
static char *
create_temp_beside (const char  *path,
                    GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *tmpl = g_strdup_printf (".%s.XXXXXX", base);
  char *tmp = g_build_filename (dir, tmpl, NULL);
  int fd = g_mkstemp_full (tmp, O_RDWR, 0644);

  if (fd < 0)
    {
      int saved = errno;

      set_export_error (error, path, g_strerror (saved));
      g_free (tmp);
      return NULL;
    }
  close (fd);
  return tmp;
}

static gboolean
finish_temp (const char  *tmp,
             const char  *path,
             GError     **error)
{
  if (g_rename (tmp, path) != 0)
    {
      int saved = errno;

      g_unlink (tmp);
      set_export_error (error, path, g_strerror (saved));
      return FALSE;
    }
  return TRUE;
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

static gboolean
check_size (const char  *path,
            double       width,
            double       height,
            GError     **error)
{
  if (!(width >= 1 && height >= 1 && width <= max_size && height <= max_size))
    {
      set_export_error (error, path, _("the size must be between 1 and 32768"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
export_one (const RpChartData  *data,
            const char         *path,
            double              width,
            double              height,
            const RpChartStyle *style,
            ExportFormat        format,
            GError            **error)
{
  RpChartStyle print;
  g_autofree char *tmp = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;

  if (!check_size (path, width, height, error))
    return FALSE;
  if (style == NULL)
    {
      rp_chart_style_init_print (&print);
      style = &print;
    }
  tmp = create_temp_beside (path, error);
  if (tmp == NULL)
    return FALSE;

  switch (format)
    {
    case FORMAT_PNG:
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (width),
                                            (int) ceil (height));
      break;
    case FORMAT_SVG:
      surface = cairo_svg_surface_create (tmp, width, height);
      break;
    case FORMAT_PDF:
    default:
      surface = cairo_pdf_surface_create (tmp, width, height);
      break;
    }
  cr = cairo_create (surface);
  if (format == FORMAT_PNG)
    {
      double scale = MAX (1, MIN (width / png_logical_width, height / png_logical_height));

      cairo_scale (cr, scale, scale);
      paint_chart (cr, data, width / scale, height / scale, style);
    }
  else
    paint_chart (cr, data, width, height, style);
  if (format == FORMAT_PDF)
    cairo_show_page (cr);
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  if (status == CAIRO_STATUS_SUCCESS && format == FORMAT_PNG)
    status = cairo_surface_write_to_png (surface, tmp);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_unlink (tmp);
      set_export_error (error, path, cairo_status_to_string (status));
      return FALSE;
    }
  return finish_temp (tmp, path, error);
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

  return export_one (data, path, width, height, style, FORMAT_PNG, error);
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

  return export_one (data, path, width, height, style, FORMAT_SVG, error);
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

  return export_one (data, path, width, height, style, FORMAT_PDF, error);
}

gboolean
rp_chart_export_file (const RpChartData  *data,
                      const char         *path,
                      double              width,
                      double              height,
                      const RpChartStyle *style,
                      GError            **error)
{
  g_autofree char *lower = NULL;

  g_return_val_if_fail (data != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  lower = g_ascii_strdown (path, -1);
  if (g_str_has_suffix (lower, ".png"))
    return export_one (data, path, width, height, style, FORMAT_PNG, error);
  if (g_str_has_suffix (lower, ".svg"))
    return export_one (data, path, width, height, style, FORMAT_SVG, error);
  if (g_str_has_suffix (lower, ".pdf"))
    return export_one (data, path, width, height, style, FORMAT_PDF, error);
  set_export_error (error, path, _("the name must end in .png, .svg or .pdf"));
  return FALSE;
}

gboolean
rp_chart_export_report_pdf (const RpScenario  *scenario,
                            const RpCatalog   *catalog,
                            const RpEstimate  *estimate,
                            const char        *path,
                            GError           **error)
{
  RpReportOptions options;

  g_return_val_if_fail (scenario != NULL, FALSE);
  g_return_val_if_fail (catalog != NULL, FALSE);
  g_return_val_if_fail (estimate != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  rp_report_options_init (&options);
  return rp_report_write_pdf (scenario, catalog, estimate, &options, path, error);
}

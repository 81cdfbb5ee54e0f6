/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-format.h: sentences filled in without printf
 *
 * A sentence of the words is a translated format with text and counts in
 * it ("%s per GPU, but the GPU has %s", "%2$s，%1$s"); printf parses it
 * with a general machine (locales, widths, floating point), and writing
 * one estimate's words spent a quarter of its time there.
 * rp_format_printf() writes the formats the sentences use, %s, %d, %i
 * and %u (with an l: long), %.0f to %.4f and %%, each maybe numbered
 * ("%2$s"), byte for byte as glibc's printf does, and hands any other
 * format (a width, a flag, another float) to g_strdup_vprintf().
 *
 * A file that includes this header gets g_strdup_printf() and
 * g_string_append_printf() as these (xgettext and gcc's format checks
 * see the same calls). */
#pragma once

#include <glib.h>
#include <stdarg.h>

G_BEGIN_DECLS

/* g_strdup_printf (@format, …).  Transfer full. */
char *rp_format_printf        (const char *format,
                               ...) G_GNUC_PRINTF (1, 2);
char *rp_format_vprintf       (const char *format,
                               va_list     args) G_GNUC_PRINTF (1, 0);
/* g_string_append_printf (@string, @format, …) */
void  rp_format_append_printf (GString    *string,
                               const char *format,
                               ...) G_GNUC_PRINTF (2, 3);

#undef g_strdup_printf
#define g_strdup_printf(...) rp_format_printf (__VA_ARGS__)
#undef g_string_append_printf
#define g_string_append_printf(...) rp_format_append_printf (__VA_ARGS__)

/* @magnitude ≥ 0 times 10^@decimals (0 to 4) rounded to a whole number
 * as printf's "%.Nf" rounds it; FALSE where it does not fit 63 bits
 * (rp-units.c writes its numbers with it too). */
gboolean rp_format_scaled_whole (double   magnitude,
                                 int      decimals,
                                 guint64 *whole);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-units.h: unit conversion and human-readable formatting
 *
 * Models work in bytes, seconds, FLOPs and currency units; only this
 * module knows GiB, days or ¥. */
#pragma once

#include "rp-types.h"

G_BEGIN_DECLS

#define RP_GIB (1024.0 * 1024.0 * 1024.0)

double  rp_units_bytes_to_gib   (double      bytes);
/* "12.3 GiB" (or MiB below 1 GiB), with the locale's decimal mark. */
char   *rp_units_format_bytes   (double      bytes);
/* "3.2 h", "5.4 days" (translated units). */
char   *rp_units_format_hours   (double      hours);
/* "$1,234" / "¥12,345" / "¥1.2万" (CNY at and above 10,000). */
char   *rp_units_format_money   (double      amount,
                                 RpCurrency  currency);
/* Whether the translation counts large amounts in 万 (10⁴) and 亿 (10⁸),
 * as Chinese readers do, rather than in thousands and millions. */
gboolean rp_units_count_in_wan (void);
/* "1.23e21" style for FLOPs, "123.4 TFLOP/s" for rates. */
char   *rp_units_format_count   (double      value);
/* Terminal columns @text takes: East Asian wide characters (汉字) count
 * two, combining marks none.  Not the byte count: "显存" is 6 bytes, 4
 * columns, so printf's "%-28s" misaligns tables in Chinese. */
int     rp_units_display_width  (const char *text);
/* @text padded with spaces to @width terminal columns, like printf's
 * "%*s": right-aligned for a positive @width, left-aligned for a
 * negative one.  Text already as wide is returned unchanged. */
char   *rp_units_pad            (const char *text,
                                 int         width);
/* @value in @from converted to @to at @usd_to_cny CNY per USD. */
double  rp_units_convert_money  (double      value,
                                 RpCurrency  from,
                                 RpCurrency  to,
                                 double      usd_to_cny);

G_END_DECLS

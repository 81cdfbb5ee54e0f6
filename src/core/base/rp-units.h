/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-units.h: unit conversion, and the one number formatter
 *
 * Models work in bytes, seconds, FLOPs and currency units; only this
 * module knows GiB, days or ¥.  The window, the CLI and the PDF write
 * every number through the functions below, so that they agree: digits
 * grouped by the locale (26,924), the locale's decimal mark, a real minus
 * sign (−), the translation's spacing before % and its 万/亿 for large
 * counts, and never more than 12 significant digits.  Files (JSON, CSV)
 * never use these: they are written in the C locale. */
#pragma once

#include "rp-types.h"

G_BEGIN_DECLS

#define RP_GIB (1024.0 * 1024.0 * 1024.0)

double   rp_units_bytes_to_gib   (double      bytes);

/* "26,924", "−3.5", "1.25": @decimals digits after the mark (fewer when
 * the number would exceed 12 significant digits); "—" when not finite. */
char    *rp_units_format_number  (double      value,
                                  int         decimals);
/* @format, a translated unit with one %s ("%s kWh"), with the number
 * rp_units_format_number (@value, @decimals) writes in place of the %s:
 * g_strdup_printf (@format, number), without printf where the format
 * holds nothing but that %s and "%%". */
char    *rp_units_format_in      (const char *format,
                                  double      value,
                                  int         decimals);
/* "60 %" (the translation may write "60%"). */
char    *rp_units_format_percent (double      percent,
                                  int         decimals);
/* "12.3 GiB", "512 MiB", "11.5 TiB": three significant digits or so. */
char    *rp_units_format_bytes   (double      bytes);
/* The unit a table or a page shows all its durations in, chosen once
 * from the longest: minutes under an hour, hours under two days, else
 * days.  Every duration of one table reads in the same unit. */
typedef enum
{
  RP_DURATION_MINUTES,
  RP_DURATION_HOURS,
  RP_DURATION_DAYS,
} RpDuration;

RpDuration rp_units_duration_for   (double      longest_hours);
/* "45 min", "3.2 h", "5.4 days" (translated units) in @unit. */
char    *rp_units_format_duration (double      hours,
                                   RpDuration  unit);
/* One duration on its own, in the unit rp_units_duration_for() picks for
 * it. */
char    *rp_units_format_hours   (double      hours);
/* "$1,234" / "¥12,345" / "¥1.2万" (CNY at and above 10,000 where the
 * translation counts in 万); cents below 100. */
char    *rp_units_format_money   (double      amount,
                                  RpCurrency  currency);
/* Whether the translation counts large amounts in 万 (10⁴) and 亿 (10⁸),
 * as Chinese readers do, rather than in thousands and millions. */
gboolean rp_units_count_in_wan   (void);
/* Whether the reader reads Chinese first (LANGUAGE / LC_MESSAGES): the
 * catalog's Chinese names of providers, offers and regions are shown. */
gboolean rp_units_reads_chinese  (void);
/* A count people read: "26,924", "8.03 billion" / "80.3亿", "1.2 × 10²¹"
 * for FLOP totals. */
char    *rp_units_format_count   (double      value);
/* The currency's symbol, "$" or "¥". */
const char *rp_units_currency_symbol (RpCurrency currency);

/* Parses what a person typed: the locale's decimal mark, grouping marks
 * (",", the locale's, spaces), a leading "-" or "−", and a trailing 万 or
 * 亿.  FALSE (and *out untouched) for anything else or an empty text. */
gboolean rp_units_parse_number   (const char *text,
                                  double     *out);

/* Terminal columns @text takes: East Asian wide characters (汉字) count
 * two, combining marks none.  Not the byte count: "显存" is 6 bytes, 4
 * columns, so printf's "%-28s" misaligns tables in Chinese. */
int      rp_units_display_width  (const char *text);
/* @text padded with spaces to @width terminal columns, like printf's
 * "%*s": right-aligned for a positive @width, left-aligned for a
 * negative one.  Text already as wide is returned unchanged. */
char    *rp_units_pad            (const char *text,
                                  int         width);
/* @value in @from converted to @to at @usd_to_cny CNY per USD. */
double   rp_units_convert_money  (double      value,
                                  RpCurrency  from,
                                  RpCurrency  to,
                                  double      usd_to_cny);

G_END_DECLS

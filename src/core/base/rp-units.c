/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-units.c: unit conversion, and the one number formatter */

#include "config.h"

#include "rp-units.h"

#include <glib/gi18n-lib.h>
#include <locale.h>
#include <math.h>
#include <string.h>

/* No figure Rigplan shows is known to more digits than this; beyond it a
 * double prints noise ("0.30000000000000004"). */
static const int max_significant_digits = 12;

static const char minus_sign[] = "\u2212";

/* ---- helpers -------------------------------------------------------- */

/* The locale's grouping mark, or "," where the locale has none (the C
 * locale CI and many desktops run under). */
static const char *
grouping_mark (void)
{
  const struct lconv *lc = localeconv ();

  if (lc->thousands_sep != NULL && *lc->thousands_sep != '\0')
    return lc->thousands_sep;
  if (lc->decimal_point != NULL && strcmp (lc->decimal_point, ",") == 0)
    return ".";
  return ",";
}

static const char *
decimal_mark (void)
{
  const struct lconv *lc = localeconv ();

  return lc->decimal_point != NULL && *lc->decimal_point != '\0' ? lc->decimal_point : ".";
}

/* @magnitude ≥ 0 written with @decimals digits, grouped, in the locale's
 * marks; printf in the C locale first, so the marks are ours to place. */
static void
append_grouped (GString *out,
                double   magnitude,
                int      decimals)
{
  char digits[G_ASCII_DTOSTR_BUF_SIZE + 64];
  const char *point, *p;
  gsize n_int;

  g_ascii_formatd (digits, sizeof digits, decimals == 0 ? "%.0f" :
                   decimals == 1 ? "%.1f" : decimals == 2 ? "%.2f" :
                   decimals == 3 ? "%.3f" : "%.4f", magnitude);
  point = strchr (digits, '.');
  n_int = point != NULL ? (gsize) (point - digits) : strlen (digits);
  for (gsize i = 0; i < n_int; i++)
    {
      if (i > 0 && (n_int - i) % 3 == 0)
        g_string_append (out, grouping_mark ());
      g_string_append_c (out, digits[i]);
    }
  if (point != NULL)
    {
      g_string_append (out, decimal_mark ());
      for (p = point + 1; *p != '\0'; p++)
        g_string_append_c (out, *p);
    }
}

static int
clamp_decimals (double magnitude,
                int    decimals)
{
  int int_digits = magnitude >= 1 ? (int) floor (log10 (magnitude)) + 1 : 1;

  return CLAMP (MIN (decimals, max_significant_digits - int_digits), 0, 4);
}

/* "2.69万" / "8.03亿" when the translation counts in 万, else NULL. */
static char *
format_wan (double value)
{
  double magnitude = fabs (value);
  g_autofree char *digits = NULL;

  if (!rp_units_count_in_wan () || magnitude < 1e4)
    return NULL;
  if (magnitude >= 1e8)
    {
      digits = rp_units_format_number (value / 1e8, magnitude >= 1e10 ? 0 : 2);
      /* TRANSLATORS: a count in 亿 (10⁸), used where "yuan-in-wan:yes" is
       * the translation; %s is the number */
      return g_strdup_printf (_("%s亿"), digits);
    }
  digits = rp_units_format_number (value / 1e4, magnitude >= 1e6 ? 0 : 2);
  /* TRANSLATORS: a count in 万 (10⁴), used where "yuan-in-wan:yes" is the
   * translation; %s is the number */
  return g_strdup_printf (_("%s万"), digits);
}

/* ---- public API ----------------------------------------------------- */

gboolean
rp_units_reads_chinese (void)
{
  return g_str_has_prefix (g_get_language_names ()[0], "zh");
}

gboolean
rp_units_count_in_wan (void)
{
  /* TRANSLATORS: translate as "yuan-in-wan:yes" to show large CNY amounts
   * in 万 (ten thousands), as Chinese readers expect */
  return g_str_equal (C_("money", "yuan-in-wan:no"), "yuan-in-wan:yes");
}

double
rp_units_bytes_to_gib (double bytes)
{
  return bytes / RP_GIB;
}

char *
rp_units_format_number (double value,
                        int    decimals)
{
  GString *out;
  double magnitude;

  if (!isfinite (value))
    return g_strdup ("—");
  magnitude = fabs (value);
  decimals = clamp_decimals (magnitude, decimals);
  out = g_string_new (NULL);
  /* −0.0 after rounding is 0 */
  if (value < 0 && magnitude >= 0.5 * pow (10, -decimals))
    g_string_append (out, minus_sign);
  append_grouped (out, magnitude, decimals);
  return g_string_free (out, FALSE);
}

char *
rp_units_format_percent (double percent,
                         int    decimals)
{
  g_autofree char *number = rp_units_format_number (percent, decimals);

  if (!isfinite (percent))
    return g_steal_pointer (&number);
  /* TRANSLATORS: a percentage; %s is the number.  Use the spacing your
   * language writes (Chinese: "%s%%") */
  return g_strdup_printf (_("%s %%"), number);
}

char *
rp_units_format_bytes (double bytes)
{
  double magnitude = fabs (bytes);
  g_autofree char *number = NULL;

  if (!isfinite (bytes))
    return g_strdup ("—");
  if (magnitude >= 1024 * RP_GIB)
    {
      number = rp_units_format_number (bytes / (1024 * RP_GIB), 1);
      /* TRANSLATORS: a memory size in tebibytes; %s is the number */
      return g_strdup_printf (_("%s TiB"), number);
    }
  if (magnitude >= RP_GIB || bytes == 0)
    {
      number = rp_units_format_number (bytes / RP_GIB, 1);
      /* TRANSLATORS: a memory size in gibibytes; %s is the number */
      return g_strdup_printf (_("%s GiB"), number);
    }
  number = rp_units_format_number (bytes / (1024.0 * 1024.0), 0);
  /* TRANSLATORS: a memory size in mebibytes; %s is the number */
  return g_strdup_printf (_("%s MiB"), number);
}

/* Under an hour minutes read better ("12 min", not "0.2 h"); past two
 * days, days ("5.4 days", not "130 h"). */
static const double minutes_below_hours = 1.0;
static const double days_from_hours = 48.0;

RpDuration
rp_units_duration_for (double longest_hours)
{
  if (!(longest_hours >= minutes_below_hours))
    return RP_DURATION_MINUTES;
  if (longest_hours < days_from_hours)
    return RP_DURATION_HOURS;
  return RP_DURATION_DAYS;
}

char *
rp_units_format_duration (double     hours,
                          RpDuration unit)
{
  g_autofree char *number = NULL;

  if (!isfinite (hours))
    return g_strdup ("—");
  switch (unit)
    {
    case RP_DURATION_MINUTES:
      number = rp_units_format_number (hours * 60.0, hours * 60.0 < 10 ? 1 : 0);
      /* TRANSLATORS: a duration in minutes; %s is the number */
      return g_strdup_printf (_("%s min"), number);
    case RP_DURATION_HOURS:
      number = rp_units_format_number (hours, 1);
      /* TRANSLATORS: a duration in hours; %s is the number */
      return g_strdup_printf (_("%s h"), number);
    case RP_DURATION_DAYS:
    default:
      number = rp_units_format_number (hours / 24.0, 1);
      /* TRANSLATORS: a duration in days; %s is the number */
      return g_strdup_printf (_("%s days"), number);
    }
}

char *
rp_units_format_hours (double hours)
{
  return rp_units_format_duration (hours, rp_units_duration_for (hours));
}

const char *
rp_units_currency_symbol (RpCurrency currency)
{
  return currency == RP_CURRENCY_CNY ? "¥" : "$";
}

char *
rp_units_format_money (double     amount,
                       RpCurrency currency)
{
  g_autofree char *number = NULL;
  g_autofree char *wan = NULL;
  const char *sign = amount < 0 ? minus_sign : "";

  if (!isfinite (amount))
    return g_strdup ("—");
  if (currency == RP_CURRENCY_CNY && fabs (amount) >= 10000 && rp_units_count_in_wan ())
    {
      number = rp_units_format_number (fabs (amount) / 10000.0, 1);
      /* TRANSLATORS: yuan counted in 万 (ten thousands); %s is the number */
      wan = g_strdup_printf (_("¥%s万"), number);
      return g_strconcat (sign, wan, NULL);
    }
  /* Prices per GPU-hour are a few dollars: cents matter there, not in a
   * capital budget, nor in nothing ("$0", not "$0.00"). */
  number = rp_units_format_number (fabs (amount) < 100 ? fabs (amount) : round (fabs (amount)),
                                   fabs (amount) < 100 && amount != 0 ? 2 : 0);
  return g_strdup_printf ("%s%s%s", sign, rp_units_currency_symbol (currency), number);
}

char *
rp_units_format_count (double value)
{
  double magnitude = fabs (value);
  char *wan;
  g_autofree char *number = NULL;

  if (!isfinite (value))
    return g_strdup ("—");
  if (magnitude >= 1e15)
    {
      int exponent = (int) floor (log10 (magnitude));
      g_autofree char *mantissa = rp_units_format_number (value / pow (10, exponent), 2);

      /* TRANSLATORS: a large number in scientific notation, "1.23 × 10^21" */
      return g_strdup_printf (_("%s × 10^%d"), mantissa, exponent);
    }
  wan = format_wan (value);
  if (wan != NULL)
    return wan;
  if (magnitude >= 1e9)
    {
      number = rp_units_format_number (value / 1e9, 2);
      /* TRANSLATORS: a count in billions; %s is the number */
      return g_strdup_printf (_("%s billion"), number);
    }
  if (magnitude >= 1e7)
    {
      number = rp_units_format_number (value / 1e6, 1);
      /* TRANSLATORS: a count in millions; %s is the number */
      return g_strdup_printf (_("%s million"), number);
    }
  return rp_units_format_number (value, magnitude < 100 && value != floor (value) ? 1 : 0);
}

gboolean
rp_units_parse_number (const char *text,
                       double     *out)
{
  GString *clean = g_string_new (NULL);
  const char *dmark = decimal_mark ();
  const char *gmark = grouping_mark ();
  double scale = 1, value;
  char *end = NULL;
  gboolean ok;

  g_return_val_if_fail (text != NULL && out != NULL, FALSE);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isspace (c) || c == 0x202F || c == 0x00A0)
        continue;
      if (c == 0x2212 || c == '-')
        g_string_append_c (clean, '-');
      else if (c == 0x4E07 && p[strlen ("万")] == '\0')
        scale = 1e4;
      else if (c == 0x4EBF && p[strlen ("亿")] == '\0')
        scale = 1e8;
      else if (strncmp (p, dmark, strlen (dmark)) == 0 && *dmark != '\0')
        g_string_append_c (clean, '.');
      else if (strncmp (p, gmark, strlen (gmark)) == 0 || c == ',')
        continue;
      else if (g_ascii_isdigit (c) || c == '.' || c == 'e' || c == 'E' || c == '+')
        g_string_append_c (clean, (char) c);
      else
        {
          g_string_free (clean, TRUE);
          return FALSE;
        }
    }
  value = g_ascii_strtod (clean->str, &end);
  ok = clean->len > 0 && end != NULL && *end == '\0' && isfinite (value);
  g_string_free (clean, TRUE);
  if (ok)
    *out = value * scale;
  return ok;
}

int
rp_units_display_width (const char *text)
{
  int width = 0;

  g_return_val_if_fail (text != NULL, 0);

  if (!g_utf8_validate (text, -1, NULL))
    return (int) strlen (text);
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iszerowidth (c))
        continue;
      width += g_unichar_iswide (c) ? 2 : 1;
    }
  return width;
}

char *
rp_units_pad (const char *text,
              int         width)
{
  GString *out;
  int fill;

  g_return_val_if_fail (text != NULL, NULL);

  fill = ABS (width) - rp_units_display_width (text);
  if (fill <= 0)
    return g_strdup (text);
  out = g_string_sized_new (strlen (text) + fill);
  if (width < 0)
    g_string_append (out, text);
  for (int i = 0; i < fill; i++)
    g_string_append_c (out, ' ');
  if (width > 0)
    g_string_append (out, text);
  return g_string_free (out, FALSE);
}

double
rp_units_convert_money (double     value,
                        RpCurrency from,
                        RpCurrency to,
                        double     usd_to_cny)
{
  if (from == to)
    return value;
  if (from == RP_CURRENCY_USD)
    return value * usd_to_cny;
  return usd_to_cny > 0 ? value / usd_to_cny : 0;
}

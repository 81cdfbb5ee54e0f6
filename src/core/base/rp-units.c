/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-units.c: unit conversion, and the one number formatter */

#include "config.h"

#include "rp-units.h"

#include "rp-format.h"
#include "rp-gettext.h"

#ifdef __GLIBC__
#include <langinfo.h>
#endif
#include <locale.h>
#include <math.h>
#include <string.h>

/* No figure Rigplan shows is known to more digits than this; beyond it a
 * double prints noise ("0.30000000000000004"). */
static const int max_significant_digits = 12;

static const char minus_sign[] = "\u2212";

/* ---- helpers -------------------------------------------------------- */

/* The locale's marks as localeconv() gives them (its thousands_sep and
 * decimal_point); glibc's nl_langinfo() reads the same LC_NUMERIC
 * fields without copying the whole struct lconv, a third of the time of
 * writing a number. */
typedef struct
{
  const char *thousands_sep;
  const char *decimal_point;
} Marks;

static Marks
locale_marks (void)
{
#ifdef __GLIBC__
  return (Marks) { nl_langinfo (THOUSEP), nl_langinfo (RADIXCHAR) };
#else
  const struct lconv *lc = localeconv ();

  return (Marks) { lc->thousands_sep, lc->decimal_point };
#endif
}

/* The locale's grouping mark, or "," where the locale has none (the C
 * locale CI and many desktops run under). */
static const char *
grouping_mark_of (Marks marks)
{
  if (marks.thousands_sep != NULL && *marks.thousands_sep != '\0')
    return marks.thousands_sep;
  if (marks.decimal_point != NULL && strcmp (marks.decimal_point, ",") == 0)
    return ".";
  return ",";
}

static const char *
decimal_mark_of (Marks marks)
{
  return marks.decimal_point != NULL && *marks.decimal_point != '\0' ? marks.decimal_point : ".";
}

static const char *
grouping_mark (void)
{
  return grouping_mark_of (locale_marks ());
}

static const char *
decimal_mark (void)
{
  return decimal_mark_of (locale_marks ());
}

/* @magnitude ≥ 0 written with @decimals digits, grouped, in the locale's
 * marks; printf in the C locale first, so the marks are ours to place.
 * The general path: any magnitude (1e300 has 301 digits). */
static void
append_grouped (GString *out,
                double   magnitude,
                int      decimals)
{
  char digits[G_ASCII_DTOSTR_BUF_SIZE + 64];
  Marks marks = locale_marks ();
  const char *gmark = grouping_mark_of (marks);
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
        g_string_append (out, gmark);
      g_string_append_c (out, digits[i]);
    }
  if (point != NULL)
    {
      g_string_append (out, decimal_mark_of (marks));
      for (p = point + 1; *p != '\0'; p++)
        g_string_append_c (out, *p);
    }
}

/* 10^0 … 10^4: the decimals a number is written with */
static const guint64 powers_of_ten[] = { 1, 10, 100, 1000, 10000 };

/* The longest number the fast path writes: 19 digits, 6 grouping marks
 * of at most 8 bytes, a minus sign, a decimal mark of at most 8 bytes
 * and 4 decimals. */
#define NUMBER_BUF_SIZE 96

/* @value (finite) with @decimals (already clamped) in @buf as
 * rp_units_format_number() writes it, without printf, written from the
 * end of @buf back: where it starts, or NULL where the fast path does
 * not apply (then append_grouped). */
static const char *
write_number (char     buf[NUMBER_BUF_SIZE],
              double   value,
              int      decimals,
              gboolean minus)
{
  Marks marks;
  const char *gmark, *dmark;
  gsize gmark_len, dmark_len;
  char *q = buf + NUMBER_BUF_SIZE;
  guint64 whole, int_part, frac_part;
  int in_group = 0;

  if (!rp_format_scaled_whole (fabs (value), decimals, &whole))
    return NULL;
  marks = locale_marks ();
  gmark = grouping_mark_of (marks);
  dmark = decimal_mark_of (marks);
  gmark_len = strlen (gmark);
  dmark_len = strlen (dmark);
  if (gmark_len > 8 || dmark_len > 8)
    return NULL;
  int_part = whole / powers_of_ten[decimals];
  frac_part = whole % powers_of_ten[decimals];
  *--q = '\0';
  if (decimals > 0)
    {
      for (int i = 0; i < decimals; i++)
        {
          *--q = (char) ('0' + frac_part % 10);
          frac_part /= 10;
        }
      q -= dmark_len;
      memcpy (q, dmark, dmark_len);
    }
  do
    {
      if (in_group == 3)
        {
          q -= gmark_len;
          memcpy (q, gmark, gmark_len);
          in_group = 0;
        }
      *--q = (char) ('0' + int_part % 10);
      int_part /= 10;
      in_group++;
    }
  while (int_part > 0);
  if (minus)
    {
      q -= sizeof minus_sign - 1;
      memcpy (q, minus_sign, sizeof minus_sign - 1);
    }
  return q;
}

static int
clamp_decimals (double magnitude,
                int    decimals)
{
  int int_digits;

  /* under 9.9e7 at most 8 digits, whatever log10 rounds to, which leave
   * room for all 4 decimals within max_significant_digits: no need to
   * count them */
  if (magnitude < 9.9e7)
    return CLAMP (decimals, 0, 4);
  int_digits = (int) floor (log10 (magnitude)) + 1;
  return CLAMP (MIN (decimals, max_significant_digits - int_digits), 0, 4);
}

/* The text of rp_units_format_number (@value, @decimals): in @buf where
 * it fits (nearly always), else in a new string left in *@spill for the
 * caller to free. */
static const char *
number_text (char    buf[NUMBER_BUF_SIZE],
             char  **spill,
             double  value,
             int     decimals)
{
  double magnitude;
  gboolean minus;
  const char *text;
  GString *out;

  *spill = NULL;
  if (!isfinite (value))
    return "—";
  magnitude = fabs (value);
  decimals = clamp_decimals (magnitude, decimals);
  /* −0.0 after rounding is 0 */
  minus = value < 0 && magnitude >= 0.5 * pow (10, -decimals);
  text = write_number (buf, value, decimals, minus);
  if (text != NULL)
    return text;
  out = g_string_new (NULL);
  if (minus)
    g_string_append (out, minus_sign);
  append_grouped (out, magnitude, decimals);
  *spill = g_string_free (out, FALSE);
  return *spill;
}

/* g_strdup_printf (@format, @arg) for a translated format with one "%s"
 * and maybe "%%", the usual unit ("%s GiB"): copied, not parsed by
 * printf.  Any other format goes to printf. */
static char *
fill_format (const char *format,
             const char *arg)
{
  gsize n_fixed = 0, arg_len;
  const char *p;
  char *text, *q;
  gboolean seen_arg = FALSE;

  /* the usual unit, "%s GiB", "¥%s万": the text around one "%s" */
  p = strchr (format, '%');
  if (p != NULL && p[1] == 's' && strchr (p + 2, '%') == NULL)
    {
      gsize before = (gsize) (p - format), after = strlen (p + 2);

      arg_len = strlen (arg);
      text = g_malloc (before + arg_len + after + 1);
      memcpy (text, format, before);
      memcpy (text + before, arg, arg_len);
      memcpy (text + before + arg_len, p + 2, after + 1);
      return text;
    }
  for (p = format; *p != '\0'; p++)
    {
      if (*p != '%')
        n_fixed++;
      else if (p[1] == '%')
        {
          n_fixed++;
          p++;
        }
      else if (p[1] == 's' && !seen_arg)
        {
          seen_arg = TRUE;
          p++;
        }
      else
        return g_strdup_printf (format, arg);
    }
  if (!seen_arg)
    return g_strdup_printf (format, arg);
  arg_len = strlen (arg);
  text = q = g_malloc (n_fixed + arg_len + 1);
  for (p = format; *p != '\0'; p++)
    {
      if (*p != '%')
        *q++ = *p;
      else if (*++p == '%')
        *q++ = '%';
      else
        {
          memcpy (q, arg, arg_len);
          q += arg_len;
        }
    }
  *q = '\0';
  return text;
}

/* "2.69万" / "8.03亿" when the translation counts in 万, else NULL. */
static char *
format_wan (double value)
{
  double magnitude = fabs (value);

  if (magnitude < 1e4 || !rp_units_count_in_wan ())
    return NULL;
  if (magnitude >= 1e8)
    /* TRANSLATORS: a count in 亿 (10⁸), used where "yuan-in-wan:yes" is
     * the translation; %s is the number */
    return rp_units_format_in (_("%s亿"), value / 1e8, magnitude >= 1e10 ? 0 : 2);
  /* TRANSLATORS: a count in 万 (10⁴), used where "yuan-in-wan:yes" is the
   * translation; %s is the number */
  return rp_units_format_in (_("%s万"), value / 1e4, magnitude >= 1e6 ? 0 : 2);
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
  char buf[NUMBER_BUF_SIZE];
  char *spill;
  const char *text = number_text (buf, &spill, value, decimals);

  return spill != NULL ? spill : g_strdup (text);
}

char *
rp_units_format_in (const char *format,
                    double      value,
                    int         decimals)
{
  char buf[NUMBER_BUF_SIZE];
  g_autofree char *spill = NULL;

  g_return_val_if_fail (format != NULL, NULL);

  return fill_format (format, number_text (buf, &spill, value, decimals));
}

char *
rp_units_format_percent (double percent,
                         int    decimals)
{
  if (!isfinite (percent))
    return g_strdup ("—");
  /* TRANSLATORS: a percentage; %s is the number.  Use the spacing your
   * language writes (Chinese: "%s%%") */
  return rp_units_format_in (_("%s %%"), percent, decimals);
}

char *
rp_units_format_bytes (double bytes)
{
  double magnitude = fabs (bytes);

  if (!isfinite (bytes))
    return g_strdup ("—");
  if (magnitude >= 1024 * RP_GIB)
    /* TRANSLATORS: a memory size in tebibytes; %s is the number */
    return rp_units_format_in (_("%s TiB"), bytes / (1024 * RP_GIB), 1);
  if (magnitude >= RP_GIB || bytes == 0)
    /* TRANSLATORS: a memory size in gibibytes; %s is the number */
    return rp_units_format_in (_("%s GiB"), bytes / RP_GIB, 1);
  /* TRANSLATORS: a memory size in mebibytes; %s is the number */
  return rp_units_format_in (_("%s MiB"), bytes / (1024.0 * 1024.0), 0);
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
  if (!isfinite (hours))
    return g_strdup ("—");
  switch (unit)
    {
    case RP_DURATION_MINUTES:
      /* TRANSLATORS: a duration in minutes; %s is the number */
      return rp_units_format_in (_("%s min"), hours * 60.0, hours * 60.0 < 10 ? 1 : 0);
    case RP_DURATION_HOURS:
      /* TRANSLATORS: a duration in hours; %s is the number */
      return rp_units_format_in (_("%s h"), hours, 1);
    case RP_DURATION_DAYS:
    default:
      /* TRANSLATORS: a duration in days; %s is the number */
      return rp_units_format_in (_("%s days"), hours / 24.0, 1);
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
  char buf[NUMBER_BUF_SIZE];
  g_autofree char *spill = NULL;
  const char *sign = amount < 0 ? minus_sign : "";
  double magnitude = fabs (amount);

  if (!isfinite (amount))
    return g_strdup ("—");
  if (currency == RP_CURRENCY_CNY && magnitude >= 10000 && rp_units_count_in_wan ())
    {
      /* TRANSLATORS: yuan counted in 万 (ten thousands); %s is the number */
      char *wan = rp_units_format_in (_("¥%s万"), magnitude / 10000.0, 1);
      char *signed_wan;

      if (*sign == '\0')
        return wan;
      signed_wan = g_strconcat (sign, wan, NULL);
      g_free (wan);
      return signed_wan;
    }
  /* Prices per GPU-hour are a few dollars: cents matter there, not in a
   * capital budget, nor in nothing ("$0", not "$0.00"). */
  return g_strconcat (sign, rp_units_currency_symbol (currency),
                      number_text (buf, &spill, magnitude < 100 ? magnitude : round (magnitude),
                                   magnitude < 100 && amount != 0 ? 2 : 0),
                      NULL);
}

char *
rp_units_format_count (double value)
{
  double magnitude = fabs (value);
  char *wan;

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
    /* TRANSLATORS: a count in billions; %s is the number */
    return rp_units_format_in (_("%s billion"), value / 1e9, 2);
  if (magnitude >= 1e7)
    /* TRANSLATORS: a count in millions; %s is the number */
    return rp_units_format_in (_("%s million"), value / 1e6, 1);
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

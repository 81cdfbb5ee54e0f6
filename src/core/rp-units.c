/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-units.c: unit conversion and human-readable formatting */

#include "config.h"

#include "rp-units.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* ---- helpers -------------------------------------------------------- */

/* Groups the integer digits of a printf'd number with @sep. */
static char *
group_digits (const char *digits,
              const char *sep)
{
  GString *out = g_string_new (NULL);
  const char *start = digits, *end;
  gsize n;

  if (*start == '-')
    g_string_append_c (out, *start++);
  end = start;
  while (g_ascii_isdigit (*end))
    end++;
  n = end - start;
  for (gsize i = 0; i < n; i++)
    {
      if (i > 0 && (n - i) % 3 == 0)
        g_string_append (out, sep);
      g_string_append_c (out, start[i]);
    }
  g_string_append (out, end);
  return g_string_free (out, FALSE);
}

/* 万 (10⁴) is how Chinese readers count money; English readers group by
 * thousands.  The translation decides. */
gboolean
rp_units_count_in_wan (void)
{
  /* TRANSLATORS: translate as "yuan-in-wan:yes" to show large CNY amounts
   * in 万 (ten thousands), as Chinese readers expect */
  return g_str_equal (C_("money", "yuan-in-wan:no"), "yuan-in-wan:yes");
}

/* ---- public API ----------------------------------------------------- */

double
rp_units_bytes_to_gib (double bytes)
{
  return bytes / RP_GIB;
}

char *
rp_units_format_bytes (double bytes)
{
  if (!isfinite (bytes))
    return g_strdup ("—");
  if (fabs (bytes) >= RP_GIB || bytes == 0)
    /* TRANSLATORS: a memory size in gibibytes */
    return g_strdup_printf (_("%.1f GiB"), bytes / RP_GIB);
  /* TRANSLATORS: a memory size in mebibytes */
  return g_strdup_printf (_("%.0f MiB"), bytes / (1024.0 * 1024.0));
}

char *
rp_units_format_hours (double hours)
{
  if (!isfinite (hours))
    return g_strdup ("—");
  if (hours < 48)
    /* TRANSLATORS: a duration in hours */
    return g_strdup_printf (_("%.1f h"), hours);
  /* TRANSLATORS: a duration in days */
  return g_strdup_printf (_("%.1f days"), hours / 24.0);
}

char *
rp_units_format_money (double     amount,
                       RpCurrency currency)
{
  g_autofree char *digits = NULL;
  g_autofree char *grouped = NULL;

  if (!isfinite (amount))
    return g_strdup ("—");
  if (currency == RP_CURRENCY_CNY && fabs (amount) >= 10000 && rp_units_count_in_wan ())
    {
      digits = g_strdup_printf ("%.1f", amount / 10000.0);
      /* TRANSLATORS: yuan counted in 万 (ten thousands); %s is the number */
      return g_strdup_printf (_("¥%s万"), digits);
    }
  /* Prices per GPU-hour are a few dollars: cents matter there, not
   * in a capital budget. */
  if (fabs (amount) < 100)
    digits = g_strdup_printf ("%.2f", amount);
  else
    digits = g_strdup_printf ("%.0f", round (amount));
  grouped = group_digits (digits, ",");
  if (currency == RP_CURRENCY_CNY)
    return g_strdup_printf ("¥%s", grouped);
  return g_strdup_printf ("$%s", grouped);
}

char *
rp_units_format_count (double value)
{
  if (!isfinite (value))
    return g_strdup ("—");
  if (fabs (value) >= 1e6)
    return g_strdup_printf ("%.3g", value);
  return g_strdup_printf ("%.0f", value);
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

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-age.c: the age of an "as_of" date in months */

#include "config.h"

#include "rp-age.h"

#include "rp-error.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* A price older than this many months "may be stale". */
static const double stale_after_months = 6;
/* The mean Gregorian month: 365.2425 days / 12. */
static const double days_per_month = 30.436875;
/* A date this many days after today is still today somewhere (UTC−12 to
 * UTC+14). */
static const int grace_days = 1;
/* Years a catalog date may name: no GPU was priced before 1900. */
static const guint first_year = 1900;

/* ---- helpers -------------------------------------------------------- */

/* Reads exactly @n_digits ASCII digits at @s. */
static gboolean
read_digits (const char *s,
             guint       n_digits,
             guint      *out)
{
  guint value = 0;

  for (guint i = 0; i < n_digits; i++)
    {
      if (!g_ascii_isdigit (s[i]))
        return FALSE;
      value = value * 10 + (guint) (s[i] - '0');
    }
  *out = value;
  return TRUE;
}

/* "YYYY", "YYYY-MM" or "YYYY-MM-DD" into @date; a missing month or day
 * is the first. */
static gboolean
parse_as_of (const char *as_of,
             GDate      *date)
{
  gsize len = strlen (as_of);
  guint year = 0, month = 1, day = 1;

  if (len != 4 && len != 7 && len != 10)
    return FALSE;
  if (!read_digits (as_of, 4, &year) || year < first_year)
    return FALSE;
  if (len >= 7 && (as_of[4] != '-' || !read_digits (as_of + 5, 2, &month)))
    return FALSE;
  if (len == 10 && (as_of[7] != '-' || !read_digits (as_of + 8, 2, &day)))
    return FALSE;
  if (!g_date_valid_dmy (day, month, year))
    return FALSE;
  g_date_set_dmy (date, day, month, year);
  return TRUE;
}

/* ---- public API ----------------------------------------------------- */

gboolean
rp_as_of_months (const char *as_of,
                 GDate      *today,
                 double     *out_months)
{
  GDate date;

  g_return_val_if_fail (today != NULL && g_date_valid (today), FALSE);
  g_return_val_if_fail (out_months != NULL, FALSE);

  g_date_clear (&date, 1);
  if (as_of == NULL || !parse_as_of (as_of, &date))
    return FALSE;
  *out_months = g_date_days_between (&date, today) / days_per_month;
  return TRUE;
}

int
rp_as_of_compare (const char *a,
                  const char *b)
{
  GDate date_a, date_b;
  gboolean ok_a, ok_b;

  g_date_clear (&date_a, 1);
  g_date_clear (&date_b, 1);
  ok_a = a != NULL && parse_as_of (a, &date_a);
  ok_b = b != NULL && parse_as_of (b, &date_b);
  if (!ok_a || !ok_b)
    return (int) ok_a - (int) ok_b;
  return g_date_compare (&date_a, &date_b);
}

gboolean
rp_as_of_is_future (const char *as_of,
                    GDate      *today)
{
  GDate date;

  g_return_val_if_fail (today != NULL && g_date_valid (today), FALSE);

  g_date_clear (&date, 1);
  if (as_of == NULL || !parse_as_of (as_of, &date))
    return FALSE;
  return g_date_days_between (today, &date) > grace_days;
}

gboolean
rp_price_is_stale (const char *as_of,
                   GDate      *today)
{
  double months = 0;

  g_return_val_if_fail (today != NULL && g_date_valid (today), FALSE);

  if (!rp_as_of_months (as_of, today, &months))
    return FALSE;
  return months > stale_after_months || rp_as_of_is_future (as_of, today);
}

gboolean
rp_as_of_check (const char  *as_of,
                const char  *path,
                const char  *key,
                GError     **error)
{
  GDate date;
  g_autofree char *where = NULL;

  g_date_clear (&date, 1);
  if (as_of != NULL && parse_as_of (as_of, &date))
    return TRUE;
  where = *path != '\0' ? g_strconcat (path, ".", key, NULL) : g_strdup (key);
  /* TRANSLATORS: a catalog entry's date that is not one; keep the forms */
  rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where,
                    _("“%s” is not a date: write YYYY-MM-DD, YYYY-MM or YYYY (a year from 1900)"),
                    as_of != NULL ? as_of : "");
  return FALSE;
}

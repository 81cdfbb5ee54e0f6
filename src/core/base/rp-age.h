/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-age.h: how old a dated catalog figure is
 *
 * Every price and figure in the catalogs carries "as_of": "YYYY",
 * "YYYY-MM" or "YYYY-MM-DD".  Prices move fast (GPU rents halved within a
 * year), so the app, the CLI and the PDF mark a price older than six
 * months as possibly stale.  Today is always passed in, so that results
 * do not depend on the clock. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Sets *@out_months to the months from @as_of to @today (30.44-day
 * months; negative for a date after @today) and returns TRUE.  A date
 * that gives only the year or the month counts from its first day.
 * Returns FALSE, leaving *@out_months alone, when @as_of is NULL or not
 * one of the three forms. */
gboolean  rp_as_of_months    (const char  *as_of,
                              GDate       *today,
                              double      *out_months);
/* Orders two as_of dates like strcmp: < 0 when @a is older than @b, > 0
 * when newer, 0 on the same day.  Partial dates count from their first
 * day; an unreadable (or NULL) date is older than any readable one. */
int       rp_as_of_compare   (const char  *a,
                              const char  *b);
/* Whether @as_of is more than six months before @today, or after it (a
 * date in the future is wrong, and a wrong date is not fresh; a day of
 * grace for the time zones).  FALSE when @as_of cannot be read: use
 * rp_as_of_months () to tell that apart. */
gboolean  rp_price_is_stale  (const char  *as_of,
                              GDate       *today);
/* Whether @as_of is after @today (more than the day of grace). */
gboolean  rp_as_of_is_future (const char  *as_of,
                              GDate       *today);
/* Whether @as_of is one of the three forms, and a real day of a year
 * from 1900 to 9999: "2026-13-45", "yesterday" and "26-1-1" are not.
 * Sets an RP_ERROR_INVALID_VALUE error naming "@path.@key" otherwise. */
gboolean  rp_as_of_check     (const char  *as_of,
                              const char  *path,
                              const char  *key,
                              GError     **error);

G_END_DECLS

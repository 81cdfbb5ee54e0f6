/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-compare-json.c: a comparison as JSON and as CSV, for scripts
 *
 * Both carry the same values: numbers in stored units (bytes, days, the
 * comparison's currency), machine text for text rows, null (an empty
 * CSV field) where a column has none.  CSV follows RFC 4180: fields with
 * a comma, quote or line break are quoted, quotes doubled, lines end in
 * CRLF; numbers are written in the C locale, whatever the user's. */

#include "config.h"

#include "rp-compare.h"

#include "rp-json-private.h"
#include "rp-words.h"

#include <math.h>
#include <string.h>

static const char *const better_names[] = { NULL, "lower", "higher" };

/* ---- JSON ----------------------------------------------------------- */

static cJSON *
scenario_to_json (const RpCompare *self,
                  guint            i)
{
  cJSON *obj = cJSON_CreateObject ();
  const RpEstimate *est = rp_compare_get_estimate (self, i);
  const GError *error = rp_compare_get_error (self, i);
  double rate = 1;

  cJSON_AddStringToObject (obj, "letter", rp_compare_get_letter (self, i));
  cJSON_AddStringToObject (obj, "name", rp_words_compare_name (self, i));
  rp_json_add_string (obj, "file", rp_compare_get_source (self, i));
  cJSON_AddStringToObject (obj, "status", rp_compare_get_status (self, i));
  cJSON_AddStringToObject (obj, "currency",
                           rp_currency_to_string (rp_compare_get_scenario (self, i)->budget.currency));
  if (rp_compare_is_converted (self, i, &rate))
    rp_json_add_number (obj, "usd_to_cny", rate);
  else
    cJSON_AddNullToObject (obj, "usd_to_cny");
  if (est != NULL)
    {
      g_autofree char *title = rp_words_verdict_title (rp_compare_get_scenario (self, i), est);

      cJSON_AddStringToObject (obj, "verdict", title);
      cJSON_AddNullToObject (obj, "error");
    }
  else
    {
      cJSON_AddNullToObject (obj, "verdict");
      rp_json_add_string (obj, "error", error != NULL ? error->message : NULL);
    }
  return obj;
}

/* The band's ends of each column ("low", "high": null where none) and
 * their text, as `estimate --json` gives one estimate's. */
static void
add_band (cJSON              *obj,
          const RpCompareRow *row,
          guint               n)
{
  cJSON *lows = cJSON_AddArrayToObject (obj, "low");
  cJSON *highs = cJSON_AddArrayToObject (obj, "high");
  cJSON *texts = cJSON_AddArrayToObject (obj, "band_texts");

  for (guint i = 0; i < n; i++)
    {
      cJSON_AddItemToArray (lows, isfinite (row->lows[i]) ? cJSON_CreateNumber (row->lows[i])
                                                          : cJSON_CreateNull ());
      cJSON_AddItemToArray (highs, isfinite (row->highs[i]) ? cJSON_CreateNumber (row->highs[i])
                                                            : cJSON_CreateNull ());
      cJSON_AddItemToArray (texts, row->band_texts[i] != NULL
                                   ? cJSON_CreateString (row->band_texts[i])
                                   : cJSON_CreateNull ());
    }
}

static cJSON *
row_to_json (const RpCompare    *self,
             const RpCompareRow *row)
{
  cJSON *obj = cJSON_CreateObject ();
  cJSON *values = cJSON_CreateArray ();
  cJSON *texts = cJSON_CreateArray ();
  guint n = rp_compare_get_n_columns (self);

  cJSON_AddStringToObject (obj, "key", row->key);
  cJSON_AddStringToObject (obj, "label", row->label);
  cJSON_AddStringToObject (obj, "kind", row->kind == RP_COMPARE_ROW_INPUT ? "input" : "result");
  cJSON_AddStringToObject (obj, "unit", row->unit);
  rp_json_add_string (obj, "better", better_names[row->better]);
  for (guint i = 0; i < n; i++)
    {
      if (row->is_text)
        cJSON_AddItemToArray (values, row->value_texts[i] != NULL
                                      ? cJSON_CreateString (row->value_texts[i])
                                      : cJSON_CreateNull ());
      else
        cJSON_AddItemToArray (values, isfinite (row->numbers[i])
                                      ? cJSON_CreateNumber (row->numbers[i])
                                      : cJSON_CreateNull ());
      cJSON_AddItemToArray (texts, cJSON_CreateString (row->texts[i]));
    }
  cJSON_AddItemToObject (obj, "values", values);
  cJSON_AddItemToObject (obj, "texts", texts);
  if (row->has_band)
    add_band (obj, row, n);
  if (row->best >= 0)
    cJSON_AddNumberToObject (obj, "best", row->best);
  else
    cJSON_AddNullToObject (obj, "best");
  cJSON_AddBoolToObject (obj, "differs", row->differs);
  cJSON_AddBoolToObject (obj, "detail", row->detail);
  return obj;
}

char *
rp_compare_to_json (const RpCompare *self)
{
  g_autoptr(cJSON) root = cJSON_CreateObject ();
  cJSON *scenarios, *rows;
  g_autofree char *note = NULL;
  char *text, *copy;

  g_return_val_if_fail (self != NULL, NULL);

  /* not "rigplan-compare": that is the *.rigplan-compare file */
  cJSON_AddStringToObject (root, "format", "rigplan-comparison");
  cJSON_AddNumberToObject (root, "version", 1);
  cJSON_AddStringToObject (root, "currency", rp_currency_to_string (rp_compare_get_currency (self)));
  note = rp_words_compare_currency_note (self);
  rp_json_add_string (root, "currency_note", note);
  scenarios = cJSON_AddArrayToObject (root, "scenarios");
  for (guint i = 0; i < rp_compare_get_n_columns (self); i++)
    cJSON_AddItemToArray (scenarios, scenario_to_json (self, i));
  rows = cJSON_AddArrayToObject (root, "rows");
  for (guint r = 0; r < rp_compare_get_n_rows (self); r++)
    cJSON_AddItemToArray (rows, row_to_json (self, rp_compare_get_row (self, r)));
  text = cJSON_Print (root);
  copy = g_strconcat (text, "\n", NULL);
  cJSON_free (text);
  return copy;
}

/* ---- CSV ------------------------------------------------------------ */

static void
csv_field (GString    *out,
           const char *text,
           gboolean    first)
{
  if (!first)
    g_string_append_c (out, ',');
  if (text == NULL)
    return;
  if (strpbrk (text, ",\"\r\n") == NULL)
    {
      g_string_append (out, text);
      return;
    }
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

/* The shortest text that reads back as the same double, in the C locale. */
static void
csv_number (GString *out,
            double   value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_c (out, ',');
  if (isfinite (value))
    g_string_append (out, g_ascii_dtostr (buf, sizeof buf, value));
}

char *
rp_compare_to_csv (const RpCompare *self)
{
  GString *out;
  guint n;

  g_return_val_if_fail (self != NULL, NULL);

  out = g_string_new (NULL);
  n = rp_compare_get_n_columns (self);
  csv_field (out, "key", TRUE);
  csv_field (out, "label", FALSE);
  csv_field (out, "unit", FALSE);
  csv_field (out, "best", FALSE);
  for (guint i = 0; i < n; i++)
    csv_field (out, rp_words_compare_name (self, i), FALSE);
  g_string_append (out, "\r\n");
  for (guint r = 0; r < rp_compare_get_n_rows (self); r++)
    {
      const RpCompareRow *row = rp_compare_get_row (self, r);

      csv_field (out, row->key, TRUE);
      csv_field (out, row->label, FALSE);
      csv_field (out, row->unit, FALSE);
      if (row->best >= 0)
        g_string_append_printf (out, ",%d", row->best);
      else
        g_string_append_c (out, ',');
      for (guint i = 0; i < n; i++)
        {
          if (row->is_text)
            csv_field (out, row->value_texts[i], FALSE);
          else
            csv_number (out, row->numbers[i]);
        }
      g_string_append (out, "\r\n");
    }
  return g_string_free (out, FALSE);
}

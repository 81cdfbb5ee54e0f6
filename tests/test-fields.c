/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-fields.c: the field table is the one description of a scenario
 * field: the reader refuses what it refuses, accepts both ends of every
 * range, writes what it reads, and the text a person types is checked
 * against the same range */

#include "config.h"

#include "rp-error.h"
#include "rp-fields.h"
#include "rp-scenario.h"
#include "rp-units.h"

#include <locale.h>
#include <math.h>
#include <string.h>

/* ---- helpers -------------------------------------------------------- */

/* A valid file with @key set to the JSON text @value. */
static char *
scenario_with (const RpField *f,
               const char    *value)
{
  static const char *const sections[] = { NULL, "model", "training", "hardware", "budget",
                                          "planner" };

  G_STATIC_ASSERT (G_N_ELEMENTS (sections) == RP_N_SECTIONS);
  GString *out = g_string_new ("{\"format\": \"rigplan-scenario\", \"version\": 2");
  gboolean model_done = FALSE;

  if (f->section == RP_SECTION_NONE)
    g_string_append_printf (out, ", \"%s\": %s", f->json_key, value);
  for (guint s = RP_SECTION_MODEL; s < RP_N_SECTIONS; s++)
    {
      gboolean own = f->section == s;

      if (!own && s != RP_SECTION_MODEL && s != RP_SECTION_HARDWARE)
        continue;
      g_string_append_printf (out, ", \"%s\": {", sections[s]);
      if (s == RP_SECTION_MODEL && !(own && g_str_equal (f->json_key, "preset")))
        {
          g_string_append (out, "\"preset\": \"gpt2\"");
          model_done = TRUE;
        }
      if (s == RP_SECTION_HARDWARE && !(own && g_str_equal (f->json_key, "gpu")))
        g_string_append (out, "\"gpu\": \"rtx-4090\"");
      if (own)
        g_string_append_printf (out, "%s\"%s\": %s",
                                (s == RP_SECTION_MODEL && model_done) ||
                                (s == RP_SECTION_HARDWARE && !g_str_equal (f->json_key, "gpu"))
                                ? ", " : "", f->json_key, value);
      g_string_append (out, "}");
    }
  g_string_append (out, "}");
  return g_string_free (out, FALSE);
}

static char *
json_number (double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_dtostr (buf, sizeof buf, value));
}

/* Loads @text; returns the error's key (or NULL when it loaded).  With
 * @range_only, only an error about a value's range or type counts: the
 * checks across keys (a split that does not divide the GPUs) may name
 * the same key for another reason. */
static char *
load_key_full (const char *text,
               gboolean    range_only)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RpScenario) s = rp_scenario_load_data (text, strlen (text), &error);

  if (s != NULL)
    return NULL;
  if (range_only && !g_str_has_prefix (rp_error_get_detail (error), "expected"))
    return NULL;
  return g_strdup (rp_error_get_key (error) != NULL ? rp_error_get_key (error) : "(none)");
}

static char *
load_key (const char *text)
{
  return load_key_full (text, FALSE);
}

/* The next value outside the range above @max (a double's next value
 * where 1 would vanish in the rounding). */
static double
above (double max)
{
  return MAX (max + 1, nextafter (max, INFINITY));
}

/* ---- tests ---------------------------------------------------------- */

/* Every number field: both ends are accepted by the reader (the field
 * itself: another key may complain about the combination), one past
 * either end is refused with the error naming exactly this key. */
static void
test_ranges (void)
{
  guint checked = 0;

  for (guint i = 0; i < rp_fields_n (); i++)
    {
      const RpField *f = rp_fields_get (i);
      g_autofree char *lo = NULL, *hi = NULL, *below = NULL, *over = NULL;
      g_autofree char *t_lo = NULL, *t_hi = NULL, *t_below = NULL, *t_over = NULL;
      g_autofree char *k_lo = NULL, *k_hi = NULL, *k_below = NULL, *k_over = NULL;

      if (f->type == RP_FIELD_STRING || f->type == RP_FIELD_BOOL || f->type == RP_FIELD_ENUM)
        continue;
      lo = json_number (f->min);
      hi = json_number (f->max);
      below = json_number (f->min - 1);
      over = json_number (above (f->max));
      t_lo = scenario_with (f, lo);
      t_hi = scenario_with (f, hi);
      t_below = scenario_with (f, below);
      t_over = scenario_with (f, over);
      k_lo = load_key_full (t_lo, TRUE);
      k_hi = load_key_full (t_hi, TRUE);
      k_below = load_key (t_below);
      k_over = load_key (t_over);
      g_test_message ("%s: [%s, %s] → %s, %s; %s → %s; %s → %s", f->key, lo, hi,
                      k_lo ? k_lo : "ok", k_hi ? k_hi : "ok", below, k_below, over, k_over);
      g_assert_true (k_lo == NULL || !g_str_equal (k_lo, f->key));
      g_assert_true (k_hi == NULL || !g_str_equal (k_hi, f->key));
      g_assert_cmpstr (k_below, ==, f->key);
      g_assert_cmpstr (k_over, ==, f->key);
      checked++;
    }
  g_assert_cmpuint (checked, >, 60);
}

/* Enums: every name is read, an unknown one is refused naming the key
 * and listing the names; null is a value only for nullable fields. */
static void
test_enums_and_null (void)
{
  for (guint i = 0; i < rp_fields_n (); i++)
    {
      const RpField *f = rp_fields_get (i);
      g_autofree char *t_null = scenario_with (f, "null");
      g_autofree char *k_null = NULL;

      if (f->type == RP_FIELD_ENUM)
        for (guint v = 0; v < f->choices->n; v++)
          {
            g_autofree char *quoted = g_strdup_printf ("\"%s\"", f->choices->names[v]);
            g_autofree char *text = scenario_with (f, quoted);
            g_autofree char *key = load_key (text);

            g_assert_true (key == NULL || !g_str_equal (key, f->key));
          }
      if (f->type == RP_FIELD_ENUM)
        {
          g_autofree char *text = scenario_with (f, "\"no-such-name\"");
          g_autofree char *key = load_key (text);

          g_assert_cmpstr (key, ==, f->key);
        }
      /* null: a value for nullable fields, "absent" for the others */
      k_null = load_key (t_null);
      if (!(f->flags & RP_FIELD_REQUIRED) && f->section != RP_SECTION_NONE)
        g_assert_true (k_null == NULL || !g_str_equal (k_null, f->key));
    }
}

/* A version 1 file wrote 0 for "from the catalog"; version 2 means 0. */
static void
test_v1_zero_is_null (void)
{
  static const char v1[] =
    "{\"format\": \"rigplan-scenario\", \"version\": 1, \"model\": {\"preset\": \"gpt2\"},"
    " \"hardware\": {\"gpu\": \"rtx-4090\", \"mfu_override\": 0},"
    " \"budget\": {\"gpu_price\": 0, \"limit\": 0, \"deadline_days\": 0, \"pue\": 1.2}}";
  static const char v2[] =
    "{\"format\": \"rigplan-scenario\", \"version\": 2, \"model\": {\"preset\": \"gpt2\"},"
    " \"hardware\": {\"gpu\": \"rtx-4090\"}, \"budget\": {\"gpu_price\": 0, \"limit\": null}}";
  g_autoptr(GError) error = NULL;
  g_autoptr(RpScenario) one = rp_scenario_load_data (v1, strlen (v1), &error);
  g_autoptr(RpScenario) two = NULL;

  g_assert_no_error (error);
  g_assert_true (isnan (one->budget.gpu_price));
  g_assert_true (isnan (one->budget.limit));
  g_assert_true (isnan (one->budget.deadline_days));
  g_assert_true (isnan (one->hardware.mfu_override));
  g_assert_cmpfloat (one->budget.pue, ==, 1.2);
  two = rp_scenario_load_data (v2, strlen (v2), &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (two->budget.gpu_price, ==, 0);
  g_assert_true (isnan (two->budget.limit));
}

/* Defaults, written and read back, are the same scenario; so is one
 * with every number field at its maximum. */
static void
test_round_trip (void)
{
  g_autoptr(RpScenario) s = rp_scenario_new ();
  g_autoptr(RpScenario) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) diff = NULL;
  g_autofree char *text = NULL;

  rp_scenario_set_preset (s, "gpt2");
  rp_scenario_set_gpu (s, "rtx-4090");
  s->budget.gpu_price = 1234.5;
  s->budget.limit = 0;        /* a budget of zero, not "none" */
  text = rp_scenario_to_json (s);
  g_assert_nonnull (strstr (text, "\"version\":\t2"));
  g_assert_nonnull (strstr (text, "\"capital_limit\":\tnull"));
  back = rp_scenario_load_data (text, strlen (text), &error);
  g_assert_no_error (error);
  diff = rp_scenario_diff (s, back);
  g_assert_cmpuint (diff->len, ==, 0);
  g_assert_cmpfloat (back->budget.limit, ==, 0);
}

/* Where field @f of @s is read and written as a number. */
static gpointer
number_base (const RpField *f,
             RpScenario    *s)
{
  return f->arch_bit != 0 ? (gpointer) &s->model.arch : (gpointer) s;
}

/* rp_scenario_diff() names exactly the fields that differ: each field
 * changed alone is one change of its key, from and to its values; what
 * differs only in its bytes is no change (the same text at another
 * address, 0 and -0, two nulls, a model key's value while neither
 * overrides it). */
static void
test_diff_each_field (void)
{
  g_autoptr(RpScenario) base = rp_scenario_new ();
  g_autoptr(RpScenario) copy = NULL;
  g_autoptr(GArray) none = NULL;
  g_autoptr(GArray) overridden = NULL;
  guint changed = 0;

  rp_scenario_set_preset (base, "gpt2");
  rp_scenario_set_gpu (base, "rtx-4090");
  rp_scenario_set_notes (base, "same words");
  base->budget.gpu_price = 0;
  base->budget.limit = NAN;
  copy = rp_scenario_copy (base);
  copy->budget.gpu_price = -0.0;
  copy->budget.limit = -NAN;
  copy->model.arch.layers = base->model.arch.layers + 7;
  none = rp_scenario_diff (base, copy);
  g_assert_cmpuint (none->len, ==, 0);
  /* overriding a model key with the value its bytes hold already is a change */
  copy->model.arch.layers = base->model.arch.layers;
  copy->model.overridden |= RP_ARCH_LAYERS;
  overridden = rp_scenario_diff (base, copy);
  g_assert_cmpuint (overridden->len, ==, 1);
  g_assert_cmpstr (g_array_index (overridden, RpChange, 0).key, ==, "model.layers");
  for (guint i = 0; i < rp_fields_n (); i++)
    {
      const RpField *f = rp_fields_get (i);
      g_autoptr(RpScenario) b = rp_scenario_copy (base);
      g_autoptr(GArray) diff = NULL;
      const RpChange *c;
      double from = NAN, to = NAN;

      if (f->type == RP_FIELD_STRING)
        {
          char **slot = rp_field_member (f, b);

          g_free (*slot);
          *slot = g_strdup ("another");
        }
      else
        {
          from = f->arch_bit != 0 ? NAN : rp_field_get_number (f, number_base (f, b));
          to = isnan (from) || from != f->max ? f->max : f->min;
          if (to == from)
            continue;
          b->model.overridden |= f->arch_bit;
          rp_field_set_number (f, number_base (f, b), to);
        }
      diff = rp_scenario_diff (base, b);
      g_assert_cmpuint (diff->len, ==, 1);
      c = &g_array_index (diff, RpChange, 0);
      g_assert_cmpstr (c->key, ==, f->key);
      if (f->type == RP_FIELD_STRING)
        g_assert_cmpstr (c->to_text, ==, "another");
      else
        {
          g_assert_true (c->from == from || (isnan (c->from) && isnan (from)));
          g_assert_cmpfloat (c->to, ==, to);
        }
      changed++;
    }
  g_assert_cmpuint (changed, >, rp_fields_n () / 2);
}

/* What a person types: the locale's marks, a real minus, M tokens; the
 * error says the range in the same unit. */
static void
test_parse_text (void)
{
  const RpField *layers = rp_fields_lookup ("model.layers");
  const RpField *tokens = rp_fields_lookup ("training.dataset_tokens");
  const RpField *price = rp_fields_lookup ("budget.gpu_price");
  const RpField *mfu = rp_fields_lookup ("hardware.mfu_override");
  g_autoptr(GError) error = NULL;
  double v = 0;

  g_assert_true (rp_field_parse_text (layers, "1,024", &v, &error));
  g_assert_cmpfloat (v, ==, 1024);
  g_assert_false (rp_field_parse_text (layers, "−5", &v, &error));
  g_assert_cmpstr (rp_error_get_key (error), ==, "model.layers");
  g_assert_nonnull (strstr (rp_error_get_detail (error), "from 0 to 10,000"));
  g_clear_error (&error);
  g_assert_false (rp_field_parse_text (layers, "abc", &v, &error));
  g_assert_nonnull (strstr (rp_error_get_detail (error), "“abc”"));
  g_clear_error (&error);
  g_assert_false (rp_field_parse_text (layers, "2.5", &v, &error));
  g_clear_error (&error);
  /* shown in M tokens, stored in tokens */
  g_assert_true (rp_field_parse_text (tokens, "200", &v, &error));
  g_assert_cmpfloat (v, ==, 2e8);
  /* 万: 1.5万 = 15,000 */
  g_assert_true (rp_field_parse_text (price, "1.5万", &v, &error));
  g_assert_cmpfloat (v, ==, 15000);
  /* empty: null where null means "from the catalog" */
  g_assert_true (rp_field_parse_text (price, "", &v, &error));
  g_assert_true (isnan (v));
  g_assert_false (rp_field_parse_text (layers, "", &v, &error));
  g_clear_error (&error);
  /* a fraction shown as a percentage */
  g_assert_true (rp_field_parse_text (mfu, "45", &v, &error));
  g_assert_cmpfloat_with_epsilon (v, 0.45, 1e-12);
}

/* The schema lists every field with what a script needs. */
static void
test_schema (void)
{
  g_autofree char *json = rp_fields_schema_to_json ();
  guint keys = 0;

  for (guint i = 0; i < rp_fields_n (); i++)
    {
      g_autofree char *needle = g_strdup_printf ("\"key\":\t\"%s\"", rp_fields_get (i)->key);

      g_assert_nonnull (strstr (json, needle));
      keys++;
    }
  g_assert_cmpuint (keys, ==, rp_fields_n ());
  g_assert_nonnull (strstr (json, "\"refers_to\":\t\"gpu\""));
  g_assert_nonnull (strstr (json, "\"null_means\":\t\"no limit\""));
  g_assert_nonnull (strstr (json, "\"unit\":\t\"tokens\""));
  g_assert_null (strstr (json, "1e6"));
}

/* A file speaks in stored units (tokens), the form in shown units
 * (M tokens): each error names the range in the units its reader used. */
static void
test_range_units (void)
{
  const RpField *f = rp_fields_lookup ("training.dataset_tokens");
  g_autoptr(GError) file_error = NULL;
  g_autoptr(GError) form_error = NULL;
  double value = 0;

  g_assert_false (rp_field_check (f, 2e16, &file_error));
  g_assert_nonnull (strstr (file_error->message, "10,000,000,000,000,000"));
  g_assert_false (rp_field_parse_text (f, "20,000,000,000", &value, &form_error));
  g_assert_nonnull (strstr (form_error->message, "from 0 to 10,000,000,000"));
  g_assert_null (strstr (form_error->message, "10,000,000,000,000,000"));
  g_assert_true (rp_field_parse_text (f, "200", &value, NULL));
  g_assert_cmpfloat (value, ==, 2e8);

  /* fractions shown as percent: 0.5 % is below the 1 % floor */
  f = rp_fields_lookup ("hardware.mfu_override");
  g_clear_error (&form_error);
  g_assert_false (rp_field_parse_text (f, "0.5", &value, &form_error));
  g_assert_nonnull (strstr (form_error->message, "from 1 to 100"));
}

/* Errors carry their key, and the detail is the problem alone. */
static void
test_error_key (void)
{
  static const char text[] =
    "{\"format\": \"rigplan-scenario\", \"version\": 2, \"model\": {\"preset\": \"gpt2\"},"
    " \"hardware\": {\"gpu\": \"rtx-4090\", \"nodes\": 0}}";
  g_autoptr(GError) error = NULL;
  g_autoptr(RpScenario) s = rp_scenario_load_data (text, strlen (text), &error);

  g_assert_null (s);
  g_assert_cmpstr (rp_error_get_key (error), ==, "hardware.nodes");
  g_assert_true (g_str_has_prefix (rp_error_get_detail (error), "expected a whole number"));
  g_assert_true (g_str_has_prefix (error->message, "hardware.nodes: "));
}

/* The one number formatter. */
static void
test_numbers (void)
{
  g_autofree char *grouped = rp_units_format_number (26924, 0);
  g_autofree char *minus = rp_units_format_number (-3.5, 1);
  g_autofree char *noise = rp_units_format_number (0.1 + 0.2, 4);
  g_autofree char *big = rp_units_format_number (123456789012345.0, 2);
  g_autofree char *tib = rp_units_format_bytes (11775.6 * RP_GIB);
  g_autofree char *gib = rp_units_format_bytes (20.1 * RP_GIB);
  g_autofree char *pct = rp_units_format_percent (60, 0);
  g_autofree char *count = rp_units_format_count (8.03e9);
  g_autofree char *flops = rp_units_format_count (1.23e21);

  g_assert_cmpstr (grouped, ==, "26,924");
  g_assert_cmpstr (minus, ==, "\u22123.5");
  g_assert_cmpstr (noise, ==, "0.3000");
  /* 15 integer digits: no decimals beyond 12 significant digits */
  g_assert_cmpstr (big, ==, "123,456,789,012,345");
  g_assert_cmpstr (tib, ==, "11.5 TiB");
  g_assert_cmpstr (gib, ==, "20.1 GiB");
  g_assert_cmpstr (pct, ==, "60 %");
  g_assert_cmpstr (count, ==, "8.03 billion");
  g_assert_cmpstr (flops, ==, "1.23 × 10^21");
}

/* printf's "%.Nf" grouped by hand: what rp_units_format_number() wrote
 * before it had its own digits, the reference it must still match (C
 * locale marks). */
static char *
printf_number (double value,
               int    decimals)
{
  char digits[G_ASCII_DTOSTR_BUF_SIZE + 64];
  char format[8];
  GString *out = g_string_new (NULL);
  const char *point;
  gsize n_int;
  int int_digits = fabs (value) >= 1 ? (int) floor (log10 (fabs (value))) + 1 : 1;

  /* never more than 12 significant digits */
  decimals = CLAMP (MIN (decimals, 12 - int_digits), 0, 4);
  if (value < 0 && fabs (value) >= 0.5 * pow (10, -decimals))
    g_string_append (out, "\u2212");
  g_snprintf (format, sizeof format, "%%.%df", decimals);
  g_ascii_formatd (digits, sizeof digits, format, fabs (value));
  point = strchr (digits, '.');
  n_int = point != NULL ? (gsize) (point - digits) : strlen (digits);
  for (gsize i = 0; i < n_int; i++)
    {
      if (i > 0 && (n_int - i) % 3 == 0)
        g_string_append_c (out, ',');
      g_string_append_c (out, digits[i]);
    }
  if (point != NULL)
    g_string_append (out, point);
  return g_string_free (out, FALSE);
}

/* The formatter writes its own digits, and they are printf's to the
 * last one: a tie goes to the even neighbour from the double's exact
 * value (0.125 → "0.12", 2.5 → "2", but 0.15 → "0.1": it is
 * 0.1499999…), small and huge magnitudes, and any double at all. */
static void
test_numbers_like_printf (void)
{
  static const double fixed[] = {
    0, 0.5, 1.5, 2.5, 0.125, 0.375, 0.15, 2.675, 1.005, 999.95, 9999.5, 0.00005,
    1e-9, 5e-324, 123456789.125, 4503599627370496.5, 9007199254740993.0, 1e15, 1e20,
    1e300, 0.045, 99.995, 1099511627776.0,
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (26);
  guint n = 0;

  for (guint i = 0; i < G_N_ELEMENTS (fixed) + 20000; i++)
    {
      double v;

      if (i < G_N_ELEMENTS (fixed))
        v = fixed[i];
      else if (i % 3 == 0)
        /* ties at every decimal */
        v = (g_rand_int_range (rand, -2000000, 2000000) + 0.5) /
            pow (10, g_rand_int_range (rand, 0, 6));
      else if (i % 3 == 1)
        v = g_rand_double_range (rand, -1, 1) * pow (10, g_rand_int_range (rand, -6, 8));
      else
        {
          guint64 bits = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);

          memcpy (&v, &bits, sizeof v);
          if (!isfinite (v))
            continue;
        }
      for (int decimals = 0; decimals <= 4; decimals++)
        {
          g_autofree char *ours = rp_units_format_number (v, decimals);
          g_autofree char *theirs = printf_number (v, decimals);
          g_autofree char *negative = rp_units_format_number (-v, decimals);
          g_autofree char *theirs_negative = printf_number (-v, decimals);

          if (g_strcmp0 (ours, theirs) != 0 || g_strcmp0 (negative, theirs_negative) != 0)
            g_error ("%.17g with %d decimals: \"%s\" and \"%s\", printf writes \"%s\" and \"%s\"",
                     v, decimals, ours, negative, theirs, theirs_negative);
          n++;
        }
    }
  g_test_message ("%u numbers as printf writes them", n);
  g_assert_cmpuint (n, >, 80000);
}

/* A unit's format with the number in place of its %s, as
 * g_strdup_printf() would fill it. */
static void
test_number_in_format (void)
{
  g_autofree char *kwh = rp_units_format_in ("%s kWh", 12345.678, 1);
  g_autofree char *percent = rp_units_format_in ("%s%%", 60, 0);
  g_autofree char *spaced = rp_units_format_in ("%% %s %%", -2.5, 2);
  g_autofree char *padded = rp_units_format_in ("[%6s]", 1.5, 1);
  g_autofree char *missing = rp_units_format_in ("%s kWh", NAN, 1);

  g_assert_cmpstr (kwh, ==, "12,345.7 kWh");
  g_assert_cmpstr (percent, ==, "60%");
  g_assert_cmpstr (spaced, ==, "% \u22122.50 %");
  /* anything but %s and %% is printf's */
  g_assert_cmpstr (padded, ==, "[   1.5]");
  g_assert_cmpstr (missing, ==, "— kWh");
}

/* A scenario made in code (the form, a variant, the planner) is held to
 * the same ranges as a file: every number field's bounds are the table's
 * alone, so a field just outside either end is refused with its key.
 * (Widening a bound in rp-fields.c, gpus_per_node to 0 or
 * utilization_pct to 1,000, turns this red.) */
static void
test_validate_by_table (void)
{
  guint n_checked = 0;

  for (guint i = 0; i < rp_fields_n (); i++)
    {
      const RpField *f = rp_fields_get (i);
      const double outside[] = { f->min - MAX (1, fabs (f->min) * 1e-6),
                                 f->max + MAX (1, fabs (f->max) * 1e-6) };

      if (f->arch_bit != 0 || !rp_field_is_number (f) || f->type == RP_FIELD_BOOL ||
          f->type == RP_FIELD_ENUM)
        continue;
      for (guint k = 0; k < G_N_ELEMENTS (outside); k++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(RpScenario) s = rp_scenario_new ();
          double v = outside[k];

          /* a bound a field's storage cannot go past (0 of a count, the
           * largest double) is held by the type */
          if (!isfinite (v) || (v < 0 && f->type != RP_FIELD_DOUBLE) ||
              (f->type == RP_FIELD_UINT && v > G_MAXUINT))
            continue;
          rp_scenario_set_gpu (s, "rtx-4090");
          rp_scenario_set_preset (s, "gpt2");
          if (!rp_field_applies (f, s, &s->model.arch))
            continue;
          rp_field_set_number (f, s, v);
          if (rp_scenario_validate (s, &error))
            g_error ("%s = %g is outside its range and was accepted", f->key, v);
          g_assert_error (error, RP_ERROR, RP_ERROR_INVALID_VALUE);
          if (g_strcmp0 (rp_error_get_key (error), f->key) != 0)
            g_error ("%s = %g: refused for %s, not for its own range", f->key, v,
                     rp_error_get_key (error));
          n_checked++;
        }
    }
  g_test_message ("%u out-of-range values refused", n_checked);
  g_assert_cmpuint (n_checked, >, 40);
}

/* The check every estimate runs walks a packed copy of the table: each
 * double refuses an infinity, and a NAN unless the field may be null;
 * each enum refuses the value past its last choice.  Each refusal names
 * the field's own key. */
static void
test_validate_non_finite (void)
{
  guint n_checked = 0;

  for (guint i = 0; i < rp_fields_n (); i++)
    {
      const RpField *f = rp_fields_get (i);
      double values[3];
      guint n_values = 0;

      if (f->arch_bit != 0)
        continue;
      if (f->type == RP_FIELD_DOUBLE)
        {
          values[n_values++] = INFINITY;
          values[n_values++] = -INFINITY;
          values[n_values++] = NAN;
        }
      else if (f->type == RP_FIELD_ENUM && f->max < G_MAXINT)
        values[n_values++] = f->max + 1;
      for (guint k = 0; k < n_values; k++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(RpScenario) s = rp_scenario_new ();
          gboolean accepted;

          rp_scenario_set_gpu (s, "rtx-4090");
          rp_scenario_set_preset (s, "gpt2");
          if (!rp_field_applies (f, s, &s->model.arch))
            continue;
          g_assert_true (rp_scenario_validate (s, NULL));
          rp_field_set_number (f, s, values[k]);
          accepted = rp_scenario_validate (s, &error);
          if (isnan (values[k]) && (f->flags & RP_FIELD_NULLABLE))
            {
              g_assert_true (accepted);
              continue;
            }
          if (accepted)
            g_error ("%s = %g was accepted", f->key, values[k]);
          if (g_strcmp0 (rp_error_get_key (error), f->key) != 0)
            g_error ("%s = %g: refused for %s, not for its own range", f->key, values[k],
                     rp_error_get_key (error));
          n_checked++;
        }
    }
  g_test_message ("%u non-finite or unknown values refused", n_checked);
  g_assert_cmpuint (n_checked, >, 20);
}

/* The packed check every estimate runs holds each bound exactly: a
 * field's own min and max pass, and a whole field's neighbours past them
 * (min - 1, max + 1) are refused with its key, as rp_field_check() says. */
static void
test_validate_bounds (void)
{
  guint n_checked = 0;

  for (guint i = 0; i < rp_fields_n (); i++)
    {
      const RpField *f = rp_fields_get (i);
      gboolean whole = f->type == RP_FIELD_UINT || f->type == RP_FIELD_ENUM;
      const double values[] = { f->min, f->max, f->min - 1, f->max + 1 };

      if (f->arch_bit != 0 || !rp_field_is_number (f) || f->type == RP_FIELD_BOOL)
        continue;
      for (guint k = 0; k < G_N_ELEMENTS (values); k++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(RpScenario) s = rp_scenario_new ();
          double v = values[k];
          gboolean want = rp_field_check (f, v, NULL);

          /* what the member cannot hold; a double's neighbours are the
           * other test's */
          if (!isfinite (v) || (k >= 2 && !whole) ||
              (f->type == RP_FIELD_UINT && (v < 0 || v > G_MAXUINT)) ||
              (f->type == RP_FIELD_ENUM && (v < G_MININT || v > G_MAXINT)))
            continue;
          rp_scenario_set_gpu (s, "rtx-4090");
          rp_scenario_set_preset (s, "gpt2");
          if (!rp_field_applies (f, s, &s->model.arch))
            continue;
          g_assert_true (rp_fields_check_scenario (s, NULL));
          rp_field_set_number (f, s, v);
          if (rp_fields_check_scenario (s, &error) != want)
            g_error ("%s = %.17g: %s by the estimate's check, %s by the field's", f->key, v,
                     want ? "refused" : "accepted", want ? "accepted" : "refused");
          if (!want && g_strcmp0 (rp_error_get_key (error), f->key) != 0)
            g_error ("%s = %g: refused for %s", f->key, v, rp_error_get_key (error));
          n_checked++;
        }
    }
  g_test_message ("%u bounds checked", n_checked);
  g_assert_cmpuint (n_checked, >, 100);
}

/* Values no real run has, each refused with its own key: what the table's
 * bounds are for (a loop over the table cannot see a bound widened). */
static void
test_refused_values (void)
{
  static const struct
  {
    const char *key;
    double      value;
  } refused[] = {
    { "hardware.gpus_per_node", 0 },      /* a node of no GPU */
    { "hardware.nodes", 0 },
    { "training.micro_batch", 0 },
    { "training.epochs", -1 },
    { "budget.utilization_pct", 101 },    /* busier than always */
    { "budget.residual_pct", 101 },       /* resold above its price */
    { "budget.pue", 0.9 },                /* a data centre using less than its IT load */
    { "budget.years", 0 },
    { "hardware.headroom_pct", 100 },     /* no memory left to use */
  };

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      const RpField *f = rp_fields_lookup (refused[i].key);
      g_autoptr(RpScenario) s = rp_scenario_new ();
      g_autoptr(GError) error = NULL;

      g_assert_nonnull (f);
      rp_scenario_set_gpu (s, "rtx-4090");
      rp_scenario_set_preset (s, "gpt2");
      rp_field_set_number (f, s, refused[i].value);
      if (rp_scenario_validate (s, &error))
        g_error ("%s = %g was accepted", refused[i].key, refused[i].value);
      g_assert_cmpstr (rp_error_get_key (error), ==, refused[i].key);
    }
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/fields/ranges", test_ranges);
  g_test_add_func ("/core/fields/validate-by-table", test_validate_by_table);
  g_test_add_func ("/core/fields/refused-values", test_refused_values);
  g_test_add_func ("/core/fields/validate-non-finite", test_validate_non_finite);
  g_test_add_func ("/core/fields/validate-bounds", test_validate_bounds);
  g_test_add_func ("/core/fields/enums-and-null", test_enums_and_null);
  g_test_add_func ("/core/fields/v1-zero-is-null", test_v1_zero_is_null);
  g_test_add_func ("/core/fields/round-trip", test_round_trip);
  g_test_add_func ("/core/fields/diff-each-field", test_diff_each_field);
  g_test_add_func ("/core/fields/parse-text", test_parse_text);
  g_test_add_func ("/core/fields/schema", test_schema);
  g_test_add_func ("/core/fields/range-units", test_range_units);
  g_test_add_func ("/core/fields/error-key", test_error_key);
  g_test_add_func ("/core/fields/numbers", test_numbers);
  g_test_add_func ("/core/fields/numbers-like-printf", test_numbers_like_printf);
  g_test_add_func ("/core/fields/number-in-format", test_number_in_format);
  return g_test_run ();
}

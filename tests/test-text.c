/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-text.c: text from files made safe for a terminal, encodings
 * named (rp-text.h), and sentences filled in (rp-format.h) */

#include "config.h"

#include "rp-error.h"
#include "rp-format.h"
#include "rp-text.h"

#include <limits.h>
#include <locale.h>
#include <math.h>
#include <string.h>

/* What a shared file could use to drive a terminal comes out as visible
 * escapes; everything else, Chinese and emoji included, as it was. */
static void
test_for_terminal (void)
{
  static const struct
  {
    const char  *in;
    RpTextFlags  flags;
    const char  *out;
  } cases[] = {
    { "\x1b]0;PWNED\x07\x1b[2J\x1b[31m", RP_TEXT_ONE_LINE,
      "\\u001b]0;PWNED\\u0007\\u001b[2J\\u001b[31m" },
    { "plain ASCII, 100 %", RP_TEXT_ONE_LINE, "plain ASCII, 100 %" },
    { "微调 Llama 🚀", RP_TEXT_ONE_LINE, "微调 Llama 🚀" },
    { "a\nb\tc\rd", RP_TEXT_ONE_LINE, "a\\u000ab\\u0009c\\u000dd" },
    { "a\nb\tc\rd", RP_TEXT_KEEP_LINES, "a\nb\tc\\u000dd" },
    { "csv\r\nline\r", RP_TEXT_KEEP_LINES, "csv\r\nline\\u000d" },
    { "csv\r\n", RP_TEXT_ONE_LINE, "csv\\u000d\\u000a" },
    { "del\x7f", RP_TEXT_KEEP_LINES, "del\\u007f" },
    /* C1 controls: U+009B is an 8-bit CSI to some terminals */
    { "\xc2\x9b" "2J", RP_TEXT_KEEP_LINES, "\\u009b2J" },
    /* a right-to-left override and an isolate hide what follows */
    { "abc\xe2\x80\xae" "fed\xe2\x81\xa6", RP_TEXT_KEEP_LINES, "abc\\u202efed\\u2066" },
    { "line\xe2\x80\xa8sep", RP_TEXT_KEEP_LINES, "line\\u2028sep" },
    /* bytes that are not UTF-8 */
    { "caf\xe9 \xff", RP_TEXT_ONE_LINE, "caf\\xe9 \\xff" },
    { "\xe4\xb8", RP_TEXT_ONE_LINE, "\\xe4\\xb8" },
    { "", RP_TEXT_ONE_LINE, "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *safe = rp_text_for_terminal (cases[i].in, -1, cases[i].flags);

      g_assert_cmpstr (safe, ==, cases[i].out);
      g_assert_true (g_utf8_validate (safe, -1, NULL));
    }
  {
    /* a NUL inside the given length */
    g_autofree char *safe = rp_text_for_terminal ("a\0b", 3, RP_TEXT_ONE_LINE);

    g_assert_cmpstr (safe, ==, "a\\u0000b");
  }
  {
    g_autofree char *none = rp_text_for_terminal (NULL, -1, RP_TEXT_ONE_LINE);

    g_assert_cmpstr (none, ==, "");
  }
}

/* Every byte value, alone and after a lead byte: nothing that reaches a
 * terminal is below U+0020 (but a new line or tab kept) or a C1 code. */
static void
test_for_terminal_every_byte (void)
{
  for (guint lead = 0; lead < 256; lead++)
    for (guint b = 0; b < 256; b++)
      {
        char in[3] = { (char) lead, (char) b, 'x' };
        g_autofree char *safe = rp_text_for_terminal (in, 3, RP_TEXT_KEEP_LINES);

        g_assert_true (g_utf8_validate (safe, -1, NULL));
        for (const char *p = safe; *p != '\0'; p = g_utf8_next_char (p))
          {
            gunichar c = g_utf8_get_char (p);

            g_assert_true (c == '\n' || c == '\t' || (c == '\r' && p[1] == '\n') ||
                           (c >= 0x20 && c != 0x7f));
            g_assert_false (c >= 0x80 && c <= 0x9f);
          }
      }
}

static void
test_guess_encoding (void)
{
  static const struct
  {
    const char     *data;
    gsize           len;
    RpTextEncoding  encoding;
  } cases[] = {
    { "{\"a\": 1}", 8, RP_TEXT_ENCODING_UTF8 },
    { "\xef\xbb\xbf{}", 5, RP_TEXT_ENCODING_UTF8 },
    { "\xff\xfe{\0\"\0", 6, RP_TEXT_ENCODING_UTF16LE },
    { "\xfe\xff\0{\0\"", 6, RP_TEXT_ENCODING_UTF16BE },
    { "{\0\"\0", 4, RP_TEXT_ENCODING_UTF16LE },
    { "\0{\0\"", 4, RP_TEXT_ENCODING_UTF16BE },
    { "\xff\xfe\0\0{\0\0\0", 8, RP_TEXT_ENCODING_UTF32LE },
    { "\0\0\xfe\xff\0\0\0{", 8, RP_TEXT_ENCODING_UTF32BE },
    { "{\0\0\0", 4, RP_TEXT_ENCODING_UTF32LE },
    { "\0\0\0{", 4, RP_TEXT_ENCODING_UTF32BE },
    /* a NUL after the first character is a NUL, not UTF-16 */
    { "{\0 }", 4, RP_TEXT_ENCODING_UTF8 },
    { "", 0, RP_TEXT_ENCODING_UTF8 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpint (rp_text_guess_encoding (cases[i].data, cases[i].len), ==,
                     cases[i].encoding);
}

static void
test_check_utf8_family (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (rp_text_check_utf8_family ("{}", 2, &error));
  g_assert_no_error (error);
  g_assert_false (rp_text_check_utf8_family ("\xff\xfe{\0}\0", 6, &error));
  g_assert_error (error, RP_ERROR, RP_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "UTF-16 (little-endian)"));
  g_assert_nonnull (strstr (error->message, "save it as UTF-8"));
}

/* ---- sentences filled in (rp-format.h) ------------------------------ */

/* rp-format.h makes g_strdup_printf() rp_format_printf(): glibc's own */
#define printf_reference(...) (g_strdup_printf) (__VA_ARGS__)

/* The formats the words use come out byte for byte as printf writes
 * them, numbered arguments, extremes and NULL included, and any other
 * format goes to printf. */
static void
test_format_like_printf (void)
{
#define CHECK(...) \
  G_STMT_START { \
    g_autofree char *ours = rp_format_printf (__VA_ARGS__); \
    g_autofree char *reference = printf_reference (__VA_ARGS__); \
    g_autoptr(GString) appended = g_string_new ("a"); \
    rp_format_append_printf (appended, __VA_ARGS__); \
    g_assert_cmpstr (ours, ==, reference); \
    g_assert_cmpstr (appended->str + 1, ==, reference); \
    g_assert_cmpint (appended->str[0], ==, 'a'); \
  } G_STMT_END

  CHECK ("%s", "");
  CHECK ("no arguments");
  CHECK ("%s GiB", "24.0");
  CHECK ("%s %%", "61");
  CHECK ("100%% of %s%%", "显存");
  CHECK ("%%%s%%%%", "x");
  CHECK ("%s needs %s per GPU, but the GPU has %s.", "NVIDIA GeForce RTX 3090", "27.0 GiB", "24.0 GiB");
  CHECK ("%u × %s in %u node", 8u, "NVIDIA A100 80GB SXM4", 1u);
  CHECK ("%u %d %i", 0u, -1, 42);
  CHECK ("%d %d %u", INT_MIN, INT_MAX, UINT_MAX);
  CHECK ("%ld %lu %li", LONG_MIN, ULONG_MAX, 7L);
  CHECK ("%2$s，%1$s", "first", "second");
  CHECK ("%3$s %1$u %2$s %1$u", 3u, "b", "c");
  CHECK ("%1$s%1$s", "twice");
  CHECK ("%s and %s", "x", (const char *) NULL);
  /* printf's: a width, a precision, a float, a flag */
  CHECK ("%5s|", "ab");
  CHECK ("%f %.5f %5.1f %+.0f", 1.5, 1.5, 1.5, 1.5);
  CHECK ("%-4u|", 7u);
  CHECK ("%.*s", 2, "abc");
  CHECK ("%x", 255u);
  /* more pieces than the fast path holds */
  CHECK ("%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s",
         "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l",
         "m", "n", "o", "p", "q", "r", "s", "t", "u", "v", "w");

  /* %.0f … %.4f: printf's rounding of the exact binary value (ties to
   * even), −0, and what does not fit 63 bits or is not finite */
  {
    static const double values[] = {
      0, -0.0, 0.5, 1.5, 2.5, -0.4, -2.5, 0.125, 0.375, 23.45, 99.995, 1e-300, 5e-324,
      4503599627370495.5, 9.2e18, 1e19, 1e300, NAN, -INFINITY, 6.02214076e23, 1.0 / 3,
    };
    GRand *rand = g_rand_new_with_seed (26);

    for (guint i = 0; i < G_N_ELEMENTS (values); i++)
      CHECK ("%.0f|%.1f|%.2f|%.3f|%.4f", values[i], values[i], values[i], values[i], values[i]);
    for (guint i = 0; i < 20000; i++)
      {
        /* any magnitude from 1e-6 to 1e20, either sign */
        double v = (g_rand_boolean (rand) ? -1 : 1)
                   * pow (10, g_rand_double_range (rand, -6, 20));

        CHECK ("%.0f %.1f %.2f %.3f %.4f", v, v, v, v, v);
        /* halves and quarters: ties */
        v = floor (v * 4) / 4;
        CHECK ("%1$.0f %2$.1f %2$.1f %1$.0f", v, v / 10);
      }
    g_rand_free (rand);
    CHECK ("%1$.1f %1$.2f", 1.25);
  }
#undef CHECK
}

/* The decimal mark of %.1f is the locale's, as printf's. */
static void
test_format_decimal_mark (void)
{
  g_autofree char *saved = g_strdup (setlocale (LC_NUMERIC, NULL));
  g_autofree char *ours = NULL;
  g_autofree char *reference = NULL;

  if (setlocale (LC_NUMERIC, "de_DE.UTF-8") == NULL)
    {
      g_test_skip ("no de_DE.UTF-8 locale to test a comma decimal mark");
      return;
    }
  ours = rp_format_printf ("%.1f GiB, %s", 23.45, "x");
  reference = printf_reference ("%.1f GiB, %s", 23.45, "x");
  setlocale (LC_NUMERIC, saved);
  g_assert_cmpstr (ours, ==, "23,4 GiB, x");
  g_assert_cmpstr (ours, ==, reference);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/text/for-terminal", test_for_terminal);
  g_test_add_func ("/core/text/for-terminal-every-byte", test_for_terminal_every_byte);
  g_test_add_func ("/core/text/guess-encoding", test_guess_encoding);
  g_test_add_func ("/core/text/check-utf8-family", test_check_utf8_family);
  g_test_add_func ("/core/text/format-like-printf", test_format_like_printf);
  g_test_add_func ("/core/text/format-decimal-mark", test_format_decimal_mark);
  return g_test_run ();
}

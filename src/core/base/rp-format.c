/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-format.c: sentences filled in without printf (rp-format.h) */

#include "config.h"

#include "rp-format.h"

#ifdef __GLIBC__
#include <langinfo.h>
#endif
#include <locale.h>
#include <math.h>
#include <string.h>

/* The most arguments and pieces (runs of text and arguments) a format
 * written here may have; a longer one goes to printf.  The longest
 * sentence has 8 arguments. */
#define MAX_ARGS 12
#define MAX_PIECES 40
/* The most decimals of a "%.Nf" written here */
#define MAX_DECIMALS 4

typedef enum
{
  ARG_NONE,
  ARG_STRING,                   /* %s */
  ARG_INT,                      /* %d, %i */
  ARG_UINT,                     /* %u */
  ARG_LONG,                     /* %ld, %li */
  ARG_ULONG,                    /* %lu */
  ARG_DOUBLE,                   /* %.0f … %.4f */
} ArgType;

typedef struct
{
  const char *text;             /* a run of the format; NULL: an argument */
  gsize       len;
  guint       arg;              /* an argument's index */
} Piece;

typedef struct
{
  Piece   pieces[MAX_PIECES];
  guint   n_pieces;
  ArgType types[MAX_ARGS];
  int     decimals[MAX_ARGS];   /* ARG_DOUBLE's */
  guint   n_args;
} Format;

typedef struct
{
  const char *text;             /* the argument as written */
  gsize       len;
  /* a number's text, at the end: 20 digits and a sign, or 19 digits, a
   * sign, a decimal mark of up to 8 bytes and 4 decimals */
  char        digits[40];
} Arg;

/* 10^0 … 10^4 */
static const guint64 powers_of_ten[MAX_DECIMALS + 1] = { 1, 10, 100, 1000, 10000 };

/* ---- helpers -------------------------------------------------------- */

static gboolean
add_piece (Format     *f,
           const char *text,
           gsize       len,
           guint       arg)
{
  if (f->n_pieces == MAX_PIECES)
    return FALSE;
  f->pieces[f->n_pieces++] = (Piece) { text, len, arg };
  return TRUE;
}

/* @format cut into pieces; FALSE where it has anything but %s, %d, %i,
 * %u (maybe with an l), %.0f to %.4f, %% and argument numbers ("%2$s")
 * used throughout, or more than fits, or a numbered argument it never uses:
 * then printf writes it. */
static gboolean
parse (const char *format,
       Format     *f)
{
  const char *p = format, *run = format;
  gboolean numbered = FALSE, sequential = FALSE;
  guint next = 0;

  f->n_pieces = 0;
  f->n_args = 0;
  memset (f->types, 0, sizeof f->types);
  while (*p != '\0')
    {
      gboolean is_long = FALSE;
      ArgType type;
      guint index;
      int decimals = 0;

      if (*p != '%')
        {
          const char *percent = strchr (p, '%');

          p = percent != NULL ? percent : p + strlen (p);
          continue;
        }
      if (p > run && !add_piece (f, run, p - run, 0))
        return FALSE;
      p++;
      if (*p == '%')
        {
          /* the second % starts the next run */
          run = p++;
          continue;
        }
      if (*p >= '1' && *p <= '9')
        {
          guint n = 0;

          while (g_ascii_isdigit (*p))
            {
              n = 10 * n + (guint) (*p++ - '0');
              if (n > MAX_ARGS)
                return FALSE;
            }
          /* digits without a $ are a width */
          if (*p++ != '$' || sequential)
            return FALSE;
          numbered = TRUE;
          index = n - 1;
        }
      else
        {
          if (numbered || next == MAX_ARGS)
            return FALSE;
          sequential = TRUE;
          index = next++;
        }
      if (p[0] == '.' && p[1] >= '0' && p[1] <= '0' + MAX_DECIMALS && p[2] == 'f')
        {
          decimals = p[1] - '0';
          type = ARG_DOUBLE;
          p += 2;
        }
      else
        {
          if (*p == 'l')
            {
              is_long = TRUE;
              p++;
            }
          switch (*p)
            {
            case 's':
              if (is_long)
                return FALSE;
              type = ARG_STRING;
              break;
            case 'd':
            case 'i':
              type = is_long ? ARG_LONG : ARG_INT;
              break;
            case 'u':
              type = is_long ? ARG_ULONG : ARG_UINT;
              break;
            default:
              return FALSE;
            }
        }
      p++;
      if (f->types[index] != ARG_NONE
          && (f->types[index] != type || f->decimals[index] != decimals))
        return FALSE;
      f->types[index] = type;
      f->decimals[index] = decimals;
      f->n_args = MAX (f->n_args, index + 1);
      if (!add_piece (f, NULL, 0, index))
        return FALSE;
      run = p;
    }
  if (p > run && !add_piece (f, run, p - run, 0))
    return FALSE;
  for (guint i = 0; i < f->n_args; i++)
    if (f->types[i] == ARG_NONE)
      return FALSE;
  return TRUE;
}

/* @magnitude in decimal, with a minus sign before it where @minus, as
 * printf writes it, into the end of @arg's digits */
static void
write_whole (Arg    *arg,
             gulong  magnitude,
             gboolean minus)
{
  char *end = arg->digits + sizeof arg->digits, *q = end;

  do
    {
      *--q = (char) ('0' + magnitude % 10);
      magnitude /= 10;
    }
  while (magnitude > 0);
  if (minus)
    *--q = '-';
  arg->text = q;
  arg->len = (gsize) (end - q);
}

static void
write_signed (Arg  *arg,
              glong value)
{
  /* in unsigned arithmetic, where −G_MINLONG fits */
  write_whole (arg, value < 0 ? 0UL - (gulong) value : (gulong) value, value < 0);
}

/* @value with @decimals (at most MAX_DECIMALS) as printf's "%.Nf"
 * writes it, into the end of @arg's digits: the locale's decimal mark,
 * no grouping, a minus sign on anything negative, −0 included; FALSE
 * where it is not finite or does not fit 63 bits (then printf writes
 * it). */
static gboolean
write_fixed (Arg    *arg,
             double  value,
             int     decimals)
{
  char *end = arg->digits + sizeof arg->digits, *q = end;
  guint64 whole, int_part, frac_part;

  if (!isfinite (value) || !rp_format_scaled_whole (fabs (value), decimals, &whole))
    return FALSE;
  int_part = whole / powers_of_ten[decimals];
  frac_part = whole % powers_of_ten[decimals];
  if (decimals > 0)
    {
#ifdef __GLIBC__
      /* what printf reads: LC_NUMERIC's decimal_point */
      const char *point = nl_langinfo (RADIXCHAR);
#else
      const char *point = localeconv ()->decimal_point;
#endif
      gsize point_len = strlen (point);

      if (point_len > 8)
        return FALSE;
      for (int i = 0; i < decimals; i++)
        {
          *--q = (char) ('0' + frac_part % 10);
          frac_part /= 10;
        }
      q -= point_len;
      memcpy (q, point, point_len);
    }
  do
    {
      *--q = (char) ('0' + int_part % 10);
      int_part /= 10;
    }
  while (int_part > 0);
  if (signbit (value))
    *--q = '-';
  arg->text = q;
  arg->len = (gsize) (end - q);
  return TRUE;
}

/* Takes @f's arguments from @args, in order, and writes them; the length
 * of the whole text in *@len.  FALSE where printf must write a number
 * (@args is then spent). */
static gboolean
fetch (const Format *f,
       va_list       args,
       Arg          *out,
       gsize        *len)
{
  for (guint i = 0; i < f->n_args; i++)
    switch (f->types[i])
      {
      case ARG_STRING:
        out[i].text = va_arg (args, const char *);
        /* glibc's printf */
        if (out[i].text == NULL)
          out[i].text = "(null)";
        out[i].len = strlen (out[i].text);
        break;
      case ARG_INT:
        write_signed (&out[i], va_arg (args, int));
        break;
      case ARG_UINT:
        write_whole (&out[i], va_arg (args, unsigned int), FALSE);
        break;
      case ARG_LONG:
        write_signed (&out[i], va_arg (args, long));
        break;
      case ARG_ULONG:
        write_whole (&out[i], va_arg (args, unsigned long), FALSE);
        break;
      case ARG_DOUBLE:
        if (!write_fixed (&out[i], va_arg (args, double), f->decimals[i]))
          return FALSE;
        break;
      case ARG_NONE:
      default:
        g_assert_not_reached ();
      }
  *len = 0;
  for (guint i = 0; i < f->n_pieces; i++)
    *len += f->pieces[i].text != NULL ? f->pieces[i].len : out[f->pieces[i].arg].len;
  return TRUE;
}

/* @f with @args in @buf; returns the end */
static char *
fill (const Format *f,
      const Arg    *args,
      char         *buf)
{
  for (guint i = 0; i < f->n_pieces; i++)
    {
      const Piece *piece = &f->pieces[i];
      const char *text = piece->text != NULL ? piece->text : args[piece->arg].text;
      gsize len = piece->text != NULL ? piece->len : args[piece->arg].len;

      memcpy (buf, text, len);
      buf += len;
    }
  return buf;
}

/* ---- public API ----------------------------------------------------- */

/* @magnitude ≥ 0 times 10^@decimals rounded to a whole number as
 * printf's "%.Nf" rounds it: from the double's exact binary value, a tie
 * to the even neighbour (glibc, round-to-nearest).  FALSE where it does
 * not fit 63 bits, or the compiler has no 128-bit integers: then printf
 * writes the digits. */
gboolean
rp_format_scaled_whole (double   magnitude,
                        int      decimals,
                        guint64 *whole)
{
#ifdef __SIZEOF_INT128__
  unsigned __int128 scaled, rest, half;
  guint64 bits, mantissa;
  int biased, shift;

  if (magnitude == 0)
    {
      *whole = 0;
      return TRUE;
    }
  /* magnitude = mantissa / 2^shift exactly, the mantissa under 2^53:
   * read from the IEEE 754 binary64 fields (a biased exponent of 11 bits,
   * 52 bits of fraction; 0 for a subnormal, whose shift is 1074) */
  memcpy (&bits, &magnitude, sizeof bits);
  biased = (int) ((bits >> 52) & 0x7ff);
  mantissa = bits & ((G_GUINT64_CONSTANT (1) << 52) - 1);
  if (biased != 0)
    mantissa |= G_GUINT64_CONSTANT (1) << 52;
  shift = biased != 0 ? 1075 - biased : 1074;
  if (shift <= 0)
    {
      /* a whole number already: under 2^63 (shift ≥ -10), times 10^4 < 2^77 */
      if (shift < -10)
        return FALSE;
      scaled = ((unsigned __int128) mantissa << -shift) * powers_of_ten[decimals];
      if (scaled >> 63 != 0)
        return FALSE;
      *whole = (guint64) scaled;
      return TRUE;
    }
  if (shift >= 128)
    {
      /* under 2^67 / 2^128: rounds to 0, never a tie */
      *whole = 0;
      return TRUE;
    }
  scaled = (unsigned __int128) mantissa * powers_of_ten[decimals];
  if (scaled >> shift >> 63 != 0)
    return FALSE;
  *whole = (guint64) (scaled >> shift);
  rest = scaled & ((((unsigned __int128) 1) << shift) - 1);
  half = ((unsigned __int128) 1) << (shift - 1);
  if (rest > half || (rest == half && (*whole & 1) != 0))
    (*whole)++;
  return TRUE;
#else
  return FALSE;
#endif
}


char *
rp_format_vprintf (const char *format,
                   va_list     args)
{
  Format f;
  Arg values[MAX_ARGS];
  va_list again;
  gsize len;
  char *text;

  g_return_val_if_fail (format != NULL, NULL);

  if (!parse (format, &f))
    return g_strdup_vprintf (format, args);
  va_copy (again, args);
  if (!fetch (&f, args, values, &len))
    {
      text = g_strdup_vprintf (format, again);
      va_end (again);
      return text;
    }
  va_end (again);
  text = g_malloc (len + 1);
  *fill (&f, values, text) = '\0';
  return text;
}

char *
rp_format_printf (const char *format,
                  ...)
{
  va_list args;
  char *text;

  va_start (args, format);
  text = rp_format_vprintf (format, args);
  va_end (args);
  return text;
}

void
rp_format_append_printf (GString    *string,
                         const char *format,
                         ...)
{
  Format f;
  Arg values[MAX_ARGS];
  va_list args, again;
  gsize len;

  g_return_if_fail (string != NULL && format != NULL);

  va_start (args, format);
  va_copy (again, args);
  if (parse (format, &f) && fetch (&f, args, values, &len))
    {
      gsize start = string->len;

      g_string_set_size (string, start + len);
      fill (&f, values, string->str + start);
    }
  else
    g_string_append_vprintf (string, format, again);
  va_end (again);
  va_end (args);
}

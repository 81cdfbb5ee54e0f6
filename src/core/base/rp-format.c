/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-format.c: sentences filled in without printf (rp-format.h) */

#include "config.h"

#include "rp-format.h"

#include <string.h>

/* The most arguments and pieces (runs of text and arguments) a format
 * written here may have; a longer one goes to printf.  The longest
 * sentence has 8 arguments. */
#define MAX_ARGS 12
#define MAX_PIECES 40

typedef enum
{
  ARG_NONE,
  ARG_STRING,                   /* %s */
  ARG_INT,                      /* %d, %i */
  ARG_UINT,                     /* %u */
  ARG_LONG,                     /* %ld, %li */
  ARG_ULONG,                    /* %lu */
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
  guint   n_args;
} Format;

typedef struct
{
  const char *text;             /* the argument as written */
  gsize       len;
  char        digits[24];       /* a number's text, at the end */
} Arg;

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
 * %u (maybe with an l), %% and argument numbers ("%2$s") used
 * throughout, or more than fits, or a numbered argument it never uses:
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

      if (*p != '%')
        {
          p++;
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
      p++;
      if (f->types[index] != ARG_NONE && f->types[index] != type)
        return FALSE;
      f->types[index] = type;
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

/* Takes @f's arguments from @args, in order, and writes them; the length
 * of the whole text. */
static gsize
fetch (const Format *f,
       va_list       args,
       Arg          *out)
{
  gsize len = 0;

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
      case ARG_NONE:
      default:
        g_assert_not_reached ();
      }
  for (guint i = 0; i < f->n_pieces; i++)
    len += f->pieces[i].text != NULL ? f->pieces[i].len : out[f->pieces[i].arg].len;
  return len;
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

char *
rp_format_vprintf (const char *format,
                   va_list     args)
{
  Format f;
  Arg values[MAX_ARGS];
  char *text;

  g_return_val_if_fail (format != NULL, NULL);

  if (!parse (format, &f))
    return g_strdup_vprintf (format, args);
  text = g_malloc (fetch (&f, args, values) + 1);
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
  va_list args;

  g_return_if_fail (string != NULL && format != NULL);

  va_start (args, format);
  if (parse (format, &f))
    {
      gsize start = string->len;

      g_string_set_size (string, start + fetch (&f, args, values));
      fill (&f, values, string->str + start);
    }
  else
    g_string_append_vprintf (string, format, args);
  va_end (args);
}

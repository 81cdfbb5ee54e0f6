/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-text.c: text from a file, made safe to show, and its encoding named */

#include "config.h"

#include "rp-text.h"

#include "rp-error.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* ---- helpers -------------------------------------------------------- */

/* Characters that move, hide or reorder text rather than show
 * (Unicode TR #9, "Explicit Directional Formatting Characters"; U+2028
 * and U+2029 break lines). */
static gboolean
is_format_control (gunichar c)
{
  return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) ||
         (c >= 0x2066 && c <= 0x2069) || c == 0x2028 || c == 0x2029;
}

static gboolean
needs_escape (gunichar    c,
              RpTextFlags flags)
{
  if (c == '\n' || c == '\t')
    return (flags & RP_TEXT_KEEP_LINES) == 0;
  return c < 0x20 || (c >= 0x7F && c <= 0x9F) || is_format_control (c);
}

/* ---- public API ----------------------------------------------------- */

char *
rp_text_for_terminal (const char  *text,
                      gssize       len,
                      RpTextFlags  flags)
{
  const char *p, *end;
  GString *out;

  if (text == NULL)
    return g_strdup ("");
  if (len < 0)
    len = (gssize) strlen (text);
  end = text + len;
  out = g_string_sized_new ((gsize) len + 1);
  p = text;
  while (p < end)
    {
      const char *run = p;
      gunichar c;

      /* a run of printable ASCII in one copy: the common case */
      while (p < end && (guchar) *p >= 0x20 && (guchar) *p < 0x7F)
        p++;
      g_string_append_len (out, run, p - run);
      if (p >= end)
        break;
      if (*p == '\0')
        {
          g_string_append (out, "\\u0000");
          p++;
          continue;
        }
      c = g_utf8_get_char_validated (p, end - p);
      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_printf (out, "\\x%02x", (guchar) *p);
          p++;
          continue;
        }
      /* CRLF ends a line (CSV, RFC 4180); a lone CR rewrites one */
      if (c == '\r' && (flags & RP_TEXT_KEEP_LINES) && p + 1 < end && p[1] == '\n')
        g_string_append_c (out, '\r');
      else if (needs_escape (c, flags))
        g_string_append_printf (out, "\\u%04x", c);
      else
        g_string_append_len (out, p, g_utf8_skip[(guchar) *p]);
      p += g_utf8_skip[(guchar) *p];
    }
  return g_string_free (out, FALSE);
}

char *
rp_text_clip (const char *text,
              gsize       max_bytes)
{
  static const char ellipsis[] = "…";
  gsize len, cut;

  g_return_val_if_fail (max_bytes >= sizeof ellipsis, NULL);

  if (text == NULL)
    return NULL;
  len = strlen (text);
  if (len <= max_bytes)
    return g_strdup (text);
  cut = max_bytes - (sizeof ellipsis - 1);
  while (cut > 0 && ((guchar) text[cut] & 0xC0) == 0x80)   /* inside a character */
    cut--;
  return g_string_free (g_string_append (g_string_new_len (text, (gssize) cut), ellipsis), FALSE);
}

RpTextEncoding
rp_text_guess_encoding (const char *data,
                        gsize       len)
{
  const guchar *b = (const guchar *) data;

  g_return_val_if_fail (data != NULL || len == 0, RP_TEXT_ENCODING_UTF8);

  /* byte order marks, the longer first: FF FE 00 00 begins UTF-16LE too */
  if (len >= 4 && b[0] == 0xFF && b[1] == 0xFE && b[2] == 0 && b[3] == 0)
    return RP_TEXT_ENCODING_UTF32LE;
  if (len >= 4 && b[0] == 0 && b[1] == 0 && b[2] == 0xFE && b[3] == 0xFF)
    return RP_TEXT_ENCODING_UTF32BE;
  if (len >= 2 && b[0] == 0xFF && b[1] == 0xFE)
    return RP_TEXT_ENCODING_UTF16LE;
  if (len >= 2 && b[0] == 0xFE && b[1] == 0xFF)
    return RP_TEXT_ENCODING_UTF16BE;
  /* no mark: ASCII characters with their zero bytes (RFC 4627 §3) */
  if (len >= 4 && b[0] == 0 && b[1] == 0 && b[2] == 0 && b[3] != 0)
    return RP_TEXT_ENCODING_UTF32BE;
  if (len >= 4 && b[0] != 0 && b[1] == 0 && b[2] == 0 && b[3] == 0)
    return RP_TEXT_ENCODING_UTF32LE;
  if (len >= 4 && b[0] == 0 && b[1] != 0 && b[2] == 0 && b[3] != 0)
    return RP_TEXT_ENCODING_UTF16BE;
  if (len >= 4 && b[0] != 0 && b[1] == 0 && b[2] != 0 && b[3] == 0)
    return RP_TEXT_ENCODING_UTF16LE;
  return RP_TEXT_ENCODING_UTF8;
}

const char *
rp_text_encoding_name (RpTextEncoding encoding)
{
  switch (encoding)
    {
    case RP_TEXT_ENCODING_UTF16LE:
      return "UTF-16 (little-endian)";
    case RP_TEXT_ENCODING_UTF16BE:
      return "UTF-16 (big-endian)";
    case RP_TEXT_ENCODING_UTF32LE:
      return "UTF-32 (little-endian)";
    case RP_TEXT_ENCODING_UTF32BE:
      return "UTF-32 (big-endian)";
    case RP_TEXT_ENCODING_UTF8:
    default:
      return NULL;
    }
}

gboolean
rp_text_check_utf8_family (const char  *data,
                           gsize        len,
                           GError     **error)
{
  const char *name = rp_text_encoding_name (rp_text_guess_encoding (data, len));

  if (name == NULL)
    return TRUE;
  /* TRANSLATORS: %s names an encoding, such as "UTF-16 (little-endian)" */
  g_set_error (error, RP_ERROR, RP_ERROR_PARSE,
               _("the file is %s text; Rigplan reads UTF-8: save it as UTF-8"), name);
  return FALSE;
}

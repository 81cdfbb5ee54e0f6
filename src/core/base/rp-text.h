/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-text.h: text from a file, made safe to show, and its encoding named
 *
 * A scenario, a catalog or an imported config is written by someone
 * else: its strings may hold escape sequences that retitle, clear or
 * recolour a terminal (ESC ] 0 ; … BEL, ESC [ 2 J), carriage returns
 * that overwrite a line, or bidirectional overrides that reorder what is
 * read.  Everything the CLI prints goes through rp_text_for_terminal(),
 * which writes such characters as visible escapes (the JSON spelling,
 * "\u001b"), as git and GNU ls do with odd file names. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  RP_TEXT_ONE_LINE       = 0,           /* every control character escaped */
  RP_TEXT_KEEP_LINES     = 1u << 0,     /* new lines (LF, CRLF) and tabs kept (a table) */
} RpTextFlags;

/* @text (@len bytes, or -1 for NUL-terminated) with every character that
 * could drive a terminal written as a visible escape: C0 controls (but
 * new lines and tabs with RP_TEXT_KEEP_LINES), DEL and the C1 controls
 * (U+0080–U+009F) as "\u001b", the bidirectional marks and overrides
 * (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) and the line
 * and paragraph separators (U+2028, U+2029) as "\u202e"; a byte that is
 * not UTF-8 as "\xff".  Everything else is copied as it is.
 * Returns: (transfer full): valid UTF-8. */
char       *rp_text_for_terminal   (const char  *text,
                                    gssize       len,
                                    RpTextFlags  flags);

/* @text (UTF-8) in at most @max_bytes bytes (at least 4): whole, or cut
 * at a character boundary and ended with "…".  Transfer full. */
char       *rp_text_clip           (const char  *text,
                                    gsize        max_bytes);

typedef enum
{
  RP_TEXT_ENCODING_UTF8,        /* or anything that is not one of the below */
  RP_TEXT_ENCODING_UTF16LE,
  RP_TEXT_ENCODING_UTF16BE,
  RP_TEXT_ENCODING_UTF32LE,
  RP_TEXT_ENCODING_UTF32BE,
} RpTextEncoding;

/* What a text file that should be UTF-8 is encoded in, from its byte
 * order mark or, without one, from where its first characters have zero
 * bytes (RFC 4627 §3: the first two characters of JSON are ASCII; text
 * in UTF-8 never holds a zero byte). */
RpTextEncoding  rp_text_guess_encoding (const char  *data,
                                        gsize        len);
/* "UTF-16 (little-endian)", …; NULL for UTF-8.  Not translated: the
 * names are the same in every language. */
const char     *rp_text_encoding_name  (RpTextEncoding encoding);
/* Sets an RP_ERROR_PARSE error and returns FALSE when @data is in
 * UTF-16 or UTF-32: "the file is UTF-16 (little-endian) text; Rigplan
 * reads UTF-8: save it as UTF-8".  TRUE otherwise. */
gboolean        rp_text_check_utf8_family (const char  *data,
                                           gsize        len,
                                           GError     **error);

G_END_DECLS

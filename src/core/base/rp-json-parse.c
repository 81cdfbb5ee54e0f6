/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-json-parse.c: a strict JSON parser that builds cJSON trees
 *
 * cJSON's own parser is lenient where a hostile or damaged file needs
 * strictness: it skips every byte up to 0x20 (NUL included) as white
 * space, accepts raw control characters in strings, cuts a string at
 * "\u0000" or a NUL byte (so a name "a\u0000b" shows as "a" and a key
 * "gpu\u0000x" reads as "gpu"), ignores text after the document, reads
 * at most 63 characters of a number and says only "not valid JSON".
 * This parser follows RFC 8259 to the letter, with these choices:
 *
 *   - a UTF-8 byte order mark at the start is skipped (§8.1 allows it;
 *     Windows editors write one); UTF-16 and UTF-32 text is refused by
 *     name (rp-text.h), not as a syntax error at line 1, column 1;
 *   - the text must be UTF-8 (§8.1), in strings and keys alike, so that
 *     unknown keys carried through a save are valid text;
 *   - NUL, as a byte or as "\u0000", is refused anywhere: C strings
 *     cannot hold it;
 *   - a lone UTF-16 surrogate escape is refused (it is no character);
 *   - a number beyond the range of a double is refused (§6 lets a parser
 *     limit the range); one that underflows reads as the nearest double;
 *   - nesting stops at cJSON's own limit, CJSON_NESTING_LIMIT levels
 *     (§9 lets a parser limit the depth), and the count of values at a
 *     limit the caller gives (RP_JSON_MAX_VALUES by default), at the value
 *     too many: a file of small values ("[1,1,1,…]", 2 bytes each) makes a
 *     tree of about 40 times its size, and the memory must stay bounded;
 *   - a key that appears twice in one object is refused (§4 leaves the
 *     result to the implementation; which one wins is an accident).
 *
 * Every error says the line and the column (in characters); errors about
 * one value also carry its JSON path (rp_error_get_key()). */

#include "config.h"

#include "rp-json-private.h"

#include "rp-error.h"
#include "rp-text.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

static const guint max_depth = CJSON_NESTING_LIMIT;

typedef struct
{
  const char *start;            /* borrowed: the text, after any BOM */
  const char *at;               /* the next byte to read */
  const char *end;
  guint       depth;            /* containers open around @at */
  guint       n_values;         /* read so far */
  guint       max_values;
  GString    *path;             /* owned: the JSON path of the value read */
  GString    *text;             /* owned: the string being read (reused) */
  GError    **error;
} Parser;

/* ---- helpers -------------------------------------------------------- */

static void
line_and_column (const char *start,
                 const char *at,
                 guint      *line,
                 guint      *column)
{
  *line = 1;
  *column = 1;
  for (const char *p = start; p < at; p++)
    {
      if (*p == '\n')
        {
          (*line)++;
          *column = 1;
        }
      else if (((guchar) *p & 0xC0) != 0x80)   /* not a UTF-8 continuation byte */
        (*column)++;
    }
}

/* Fails at @at with @what; the error carries the path of the value being
 * read when @about_value. */
static gboolean
fail_at (Parser     *ps,
         const char *at,
         RpError     code,
         gboolean    about_value,
         const char *what)
{
  const char *key = about_value && ps->path->len > 0 ? ps->path->str : NULL;
  guint line, column;

  line_and_column (ps->start, at, &line, &column);
  /* TRANSLATORS: a JSON syntax problem and where it is in the file */
  rp_error_set_key (ps->error, code, key, _("%s (line %u, column %u)"), what, line, column);
  return FALSE;
}

static gboolean
fail_syntax (Parser *ps)
{
  return fail_at (ps, ps->at, RP_ERROR_PARSE, FALSE, _("not valid JSON"));
}

/* What is wrong with the byte at ps->at, where a token should start. */
static gboolean
fail_unexpected (Parser *ps)
{
  g_autofree char *what = NULL;
  guchar c;

  if (ps->at >= ps->end)
    return fail_at (ps, ps->at, RP_ERROR_PARSE, FALSE,
                    _("the text ends before the JSON is complete"));
  c = (guchar) *ps->at;
  if (c == '\0')
    return fail_at (ps, ps->at, RP_ERROR_PARSE, FALSE, _("a NUL byte is not allowed"));
  if (c >= 0x20 && c != 0x7F)
    return fail_syntax (ps);
  what = g_strdup_printf (_("control character U+%04X is not allowed here"), c);
  return fail_at (ps, ps->at, RP_ERROR_PARSE, FALSE, what);
}

/* cJSON reports a failed malloc as NULL or FALSE; GLib aborts on one. */
static void *
check_alloc (void *item)
{
  if (item == NULL)
    g_error ("%s: out of memory", G_STRLOC);
  return item;
}

static void
check_added (cJSON_bool added)
{
  if (!added)
    g_error ("%s: out of memory", G_STRLOC);
}

static void
skip_space (Parser *ps)
{
  while (ps->at < ps->end &&
         (*ps->at == ' ' || *ps->at == '\t' || *ps->at == '\n' || *ps->at == '\r'))
    ps->at++;
}

static gboolean
expect (Parser *ps,
        char    c)
{
  skip_space (ps);
  if (ps->at >= ps->end || *ps->at != c)
    return fail_unexpected (ps);
  ps->at++;
  return TRUE;
}

static gboolean
read_hex4 (Parser  *ps,
           guint   *out)
{
  *out = 0;
  if (ps->end - ps->at < 4)
    return FALSE;
  for (guint i = 0; i < 4; i++)
    {
      int digit = g_ascii_xdigit_value (ps->at[i]);

      if (digit < 0)
        return FALSE;
      *out = *out * 16 + (guint) digit;
    }
  ps->at += 4;
  return TRUE;
}

/* After "\u": one code point, joining a UTF-16 surrogate pair. */
static gboolean
read_unicode_escape (Parser     *ps,
                     const char *escape,
                     gunichar   *out)
{
  guint high, low;

  if (!read_hex4 (ps, &high))
    return fail_at (ps, escape, RP_ERROR_PARSE, TRUE, _("a \\u escape needs four hex digits"));
  if (high >= 0xDC00 && high <= 0xDFFF)
    return fail_at (ps, escape, RP_ERROR_PARSE, TRUE,
                    _("a lone UTF-16 surrogate (\\uDC00–\\uDFFF) is not a character"));
  if (high >= 0xD800 && high <= 0xDBFF)
    {
      if (ps->end - ps->at < 2 || ps->at[0] != '\\' || ps->at[1] != 'u')
        return fail_at (ps, escape, RP_ERROR_PARSE, TRUE,
                        _("a lone UTF-16 surrogate (\\uD800–\\uDBFF) is not a character"));
      ps->at += 2;
      if (!read_hex4 (ps, &low) || low < 0xDC00 || low > 0xDFFF)
        return fail_at (ps, escape, RP_ERROR_PARSE, TRUE,
                        _("a lone UTF-16 surrogate (\\uD800–\\uDBFF) is not a character"));
      high = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
    }
  if (high == 0)
    return fail_at (ps, escape, RP_ERROR_PARSE, TRUE,
                    _("\\u0000 (a NUL character) is not allowed in text"));
  *out = high;
  return TRUE;
}

static gboolean
read_escape (Parser  *ps,
             GString *out)
{
  const char *escape = ps->at;
  gunichar c = 0;

  ps->at++;                     /* the backslash */
  if (ps->at >= ps->end)
    return fail_unexpected (ps);
  switch (*ps->at++)
    {
    case '"': c = '"'; break;
    case '\\': c = '\\'; break;
    case '/': c = '/'; break;
    case 'b': c = '\b'; break;
    case 'f': c = '\f'; break;
    case 'n': c = '\n'; break;
    case 'r': c = '\r'; break;
    case 't': c = '\t'; break;
    case 'u':
      if (!read_unicode_escape (ps, escape, &c))
        return FALSE;
      break;
    default:
      return fail_at (ps, escape, RP_ERROR_PARSE, TRUE, _("unknown escape sequence"));
    }
  g_string_append_unichar (out, c);
  return TRUE;
}

/* One character of a string that is not an escape: checks it and copies
 * it to @out. */
static gboolean
read_plain (Parser  *ps,
            GString *out)
{
  guchar c = (guchar) *ps->at;
  gunichar u;

  if (c == '\0')
    return fail_at (ps, ps->at, RP_ERROR_PARSE, TRUE, _("a NUL byte is not allowed in text"));
  if (c < 0x20)
    {
      g_autofree char *what =
        g_strdup_printf (_("control character U+%04X must be written as an escape (\\u%04X)"),
                         c, c);
      return fail_at (ps, ps->at, RP_ERROR_PARSE, TRUE, what);
    }
  if (c < 0x80)
    {
      const char *run = ps->at;

      /* the rest of a run of plain ASCII in one copy */
      while (ps->at < ps->end && (guchar) *ps->at >= 0x20 && (guchar) *ps->at < 0x80 &&
             *ps->at != '"' && *ps->at != '\\')
        ps->at++;
      g_string_append_len (out, run, ps->at - run);
      return TRUE;
    }
  u = g_utf8_get_char_validated (ps->at, ps->end - ps->at);
  if (u == (gunichar) -1 || u == (gunichar) -2)
    return fail_at (ps, ps->at, RP_ERROR_PARSE, TRUE, _("the text is not valid UTF-8"));
  g_string_append_len (out, ps->at, g_utf8_skip[c]);
  ps->at += g_utf8_skip[c];
  return TRUE;
}

/* A string at ps->at (its opening quote), into ps->text. */
static gboolean
read_string (Parser *ps)
{
  g_string_truncate (ps->text, 0);
  ps->at++;                     /* the opening quote */
  for (;;)
    {
      if (ps->at >= ps->end)
        return fail_at (ps, ps->at, RP_ERROR_PARSE, TRUE, _("the text ends inside a string"));
      if (*ps->at == '"')
        break;
      if (!(*ps->at == '\\' ? read_escape (ps, ps->text) : read_plain (ps, ps->text)))
        return FALSE;
    }
  ps->at++;                     /* the closing quote */
  return TRUE;
}

static gboolean
skip_digits (Parser *ps)
{
  const char *first = ps->at;

  while (ps->at < ps->end && g_ascii_isdigit (*ps->at))
    ps->at++;
  return ps->at > first;
}

/* Moves past a number at ps->at; RFC 8259 §6:
 * -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)? */
static gboolean
skip_number (Parser *ps)
{
  if (*ps->at == '-')
    ps->at++;
  if (ps->at < ps->end && *ps->at == '0')
    ps->at++;
  else if (!skip_digits (ps))
    return fail_unexpected (ps);
  if (ps->at < ps->end && *ps->at == '.')
    {
      ps->at++;
      if (!skip_digits (ps))
        return fail_unexpected (ps);
    }
  if (ps->at < ps->end && (*ps->at == 'e' || *ps->at == 'E'))
    {
      ps->at++;
      if (ps->at < ps->end && (*ps->at == '+' || *ps->at == '-'))
        ps->at++;
      if (!skip_digits (ps))
        return fail_unexpected (ps);
    }
  return TRUE;
}

static cJSON *
read_number (Parser *ps)
{
  const char *first = ps->at;
  double value;

  if (!skip_number (ps))
    return NULL;
  g_string_truncate (ps->text, 0);
  g_string_append_len (ps->text, first, ps->at - first);
  value = g_ascii_strtod (ps->text->str, NULL);
  if (isinf (value))
    {
      fail_at (ps, first, RP_ERROR_INVALID_VALUE, TRUE,
               _("this number is out of range (beyond ±1.8e308)"));
      return NULL;
    }
  return check_alloc (cJSON_CreateNumber (value));
}

static cJSON *
read_string_value (Parser *ps)
{
  if (!read_string (ps))
    return NULL;
  return check_alloc (cJSON_CreateString (ps->text->str));
}

static cJSON *
read_literal (Parser *ps)
{
  static const struct
  {
    const char *text;
    gsize       len;
    int         type;
  } literals[] = {
    { "true", 4, cJSON_True },
    { "false", 5, cJSON_False },
    { "null", 4, cJSON_NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (literals); i++)
    if ((gsize) (ps->end - ps->at) >= literals[i].len &&
        memcmp (ps->at, literals[i].text, literals[i].len) == 0)
      {
        ps->at += literals[i].len;
        if (literals[i].type == cJSON_True)
          return check_alloc (cJSON_CreateTrue ());
        if (literals[i].type == cJSON_False)
          return check_alloc (cJSON_CreateFalse ());
        return check_alloc (cJSON_CreateNull ());
      }
  fail_unexpected (ps);
  return NULL;
}

static cJSON *read_value (Parser *ps);

static gboolean
enter (Parser *ps)
{
  if (ps->depth >= max_depth)
    {
      g_autofree char *what =
        g_strdup_printf (_("nested deeper than %u levels"), max_depth);
      return fail_at (ps, ps->at, RP_ERROR_PARSE, FALSE, what);
    }
  ps->depth++;
  ps->at++;                     /* the opening bracket */
  skip_space (ps);
  return TRUE;
}

/* Whether @object has @key already.  Most objects have a few keys, so a
 * hash table (of the borrowed keys) is made only for the big ones. */
static gboolean
has_key (cJSON       *object,
         guint        n_members,
         GHashTable **seen,
         const char  *key)
{
  const cJSON *child;

  if (n_members < 16)
    {
      cJSON_ArrayForEach (child, object)
        if (strcmp (child->string, key) == 0)
          return TRUE;
      return FALSE;
    }
  if (*seen == NULL)
    {
      *seen = g_hash_table_new (g_str_hash, g_str_equal);
      cJSON_ArrayForEach (child, object)
        g_hash_table_add (*seen, child->string);
    }
  return g_hash_table_contains (*seen, key);
}

/* Reads "KEY": VALUE at ps->at into @object, which has @n_members. */
static gboolean
read_member (Parser      *ps,
             cJSON       *object,
             guint        n_members,
             GHashTable **seen)
{
  const char *key_at = ps->at;
  g_autofree char *key = NULL;
  gsize path_len = ps->path->len;
  cJSON *value;

  if (ps->at >= ps->end || *ps->at != '"')
    return fail_unexpected (ps);
  if (!read_string (ps))
    return FALSE;
  key = g_strdup (ps->text->str);
  if (!expect (ps, ':'))
    return FALSE;
  if (path_len > 0)
    g_string_append_c (ps->path, '.');
  g_string_append (ps->path, key);
  if (has_key (object, n_members, seen, key))
    return fail_at (ps, key_at, RP_ERROR_PARSE, TRUE, _("this key appears more than once"));
  skip_space (ps);
  value = read_value (ps);
  g_string_truncate (ps->path, path_len);
  if (value == NULL)
    return FALSE;
  check_added (cJSON_AddItemToObject (object, key, value));
  if (*seen != NULL)
    g_hash_table_add (*seen, object->child->prev->string);   /* the member just added */
  return TRUE;
}

static cJSON *
read_object (Parser *ps)
{
  g_autoptr(cJSON) object = check_alloc (cJSON_CreateObject ());
  g_autoptr(GHashTable) seen = NULL;

  if (!enter (ps))
    return NULL;
  if (ps->at < ps->end && *ps->at == '}')
    {
      ps->at++;
      ps->depth--;
      return g_steal_pointer (&object);
    }
  for (guint n_members = 0;; n_members++)
    {
      if (!read_member (ps, object, n_members, &seen))
        return NULL;
      skip_space (ps);
      if (ps->at < ps->end && *ps->at == '}')
        break;
      if (!expect (ps, ','))
        return NULL;
      skip_space (ps);
    }
  ps->at++;
  ps->depth--;
  return g_steal_pointer (&object);
}

/* "[INDEX]", without the cost of printf for every element. */
static void
append_index (GString *path,
              guint    index)
{
  char digits[16];
  guint n = 0;

  do
    digits[n++] = (char) ('0' + index % 10);
  while ((index /= 10) > 0);
  g_string_append_c (path, '[');
  while (n > 0)
    g_string_append_c (path, digits[--n]);
  g_string_append_c (path, ']');
}

static cJSON *
read_array (Parser *ps)
{
  g_autoptr(cJSON) array = check_alloc (cJSON_CreateArray ());
  gsize path_len = ps->path->len;

  if (!enter (ps))
    return NULL;
  if (ps->at < ps->end && *ps->at == ']')
    {
      ps->at++;
      ps->depth--;
      return g_steal_pointer (&array);
    }
  for (guint index = 0;; index++)
    {
      cJSON *item;

      append_index (ps->path, index);
      item = read_value (ps);
      g_string_truncate (ps->path, path_len);
      if (item == NULL)
        return NULL;
      check_added (cJSON_AddItemToArray (array, item));
      skip_space (ps);
      if (ps->at < ps->end && *ps->at == ']')
        break;
      if (!expect (ps, ','))
        return NULL;
      skip_space (ps);
    }
  ps->at++;
  ps->depth--;
  return g_steal_pointer (&array);
}

/* A value at ps->at (white space already skipped). */
static cJSON *
read_value (Parser *ps)
{
  if (ps->n_values++ >= ps->max_values)
    {
      g_autofree char *what =
        g_strdup_printf (_("more than %u values in one file, the most Rigplan reads"),
                         ps->max_values);

      fail_at (ps, ps->at, RP_ERROR_PARSE, TRUE, what);
      return NULL;
    }
  if (ps->at >= ps->end)
    {
      fail_unexpected (ps);
      return NULL;
    }
  switch (*ps->at)
    {
    case '{':
      return read_object (ps);
    case '[':
      return read_array (ps);
    case '"':
      return read_string_value (ps);
    case 't':
    case 'f':
    case 'n':
      return read_literal (ps);
    default:
      if (*ps->at == '-' || g_ascii_isdigit (*ps->at))
        return read_number (ps);
      fail_unexpected (ps);
      return NULL;
    }
}

/* ---- public API ----------------------------------------------------- */

cJSON *
rp_json_parse (const char *data,
               gsize       len,
               GError    **error)
{
  return rp_json_parse_full (data, len, RP_JSON_MAX_VALUES, error);
}

cJSON *
rp_json_parse_full (const char *data,
                    gsize       len,
                    guint       max_values,
                    GError    **error)
{
  g_autoptr(GString) path = g_string_new (NULL);
  g_autoptr(GString) text = g_string_new (NULL);
  Parser ps = { data, data, data + len, 0, 0, max_values, path, text, error };
  g_autoptr(cJSON) root = NULL;

  g_return_val_if_fail (data != NULL || len == 0, NULL);

  /* UTF-16 and UTF-32 are named, not reported as a syntax error */
  if (!rp_text_check_utf8_family (data, len, error))
    return NULL;
  if (len >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    ps.start = ps.at = data + 3;
  skip_space (&ps);
  if (ps.at >= ps.end)
    {
      g_set_error_literal (error, RP_ERROR, RP_ERROR_PARSE, _("the file is empty"));
      return NULL;
    }
  root = read_value (&ps);
  if (root == NULL)
    return NULL;
  skip_space (&ps);
  if (ps.at < ps.end)
    {
      /* a NUL or control byte gets its own message, as anywhere else */
      if ((guchar) *ps.at < 0x20 || *ps.at == 0x7F)
        fail_unexpected (&ps);
      else
        fail_at (&ps, ps.at, RP_ERROR_PARSE, FALSE, _("text after the end of the JSON document"));
      return NULL;
    }
  return g_steal_pointer (&root);
}

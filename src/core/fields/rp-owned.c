/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-owned.c: reading the GPUs a user already has */

#include "config.h"

#include "rp-owned.h"

#include "rp-error.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* More than a large cluster is a typo, not a lab. */
static const guint64 max_owned_gpus = 1000000;

/* ---- helpers -------------------------------------------------------- */

static void
machine_free (gpointer data)
{
  RpOwnedMachine *m = data;

  g_free (m->gpu);
  g_free (m);
}

static gboolean
bad_part (const char *part,
          GError    **error)
{
  /* TRANSLATORS: %s is the part of the list that was not understood */
  rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "hardware.owned_gpus",
                    _("“%s” is not “count × GPU id” (as in “2 × rtx-4090 in 1 node”)"), part);
  return FALSE;
}

static gboolean
read_count (const char *word,
            guint      *out)
{
  guint64 n = 0;

  if (!g_ascii_string_to_unsigned (word, 10, 1, max_owned_gpus, &n, NULL))
    return FALSE;
  *out = (guint) n;
  return TRUE;
}

/* "16 × a100 in 2 nodes", "a100 × 16", "a100": the words of one part,
 * the "×" already spaced out. */
static gboolean
read_part (const char     *part,
           RpOwnedMachine *m,
           GError        **error)
{
  g_auto(GStrv) words = g_strsplit_set (part, " \t", -1);
  GPtrArray *w = g_ptr_array_new ();
  gboolean ok = TRUE;
  guint n;

  for (guint i = 0; words[i] != NULL; i++)
    if (*words[i] != '\0' && strcmp (words[i], "×") != 0)
      g_ptr_array_add (w, words[i]);
  n = w->len;
  m->count = 1;
  m->nodes = 1;
  /* "in N node(s)" at the end */
  if (n >= 3 && g_ascii_strcasecmp (g_ptr_array_index (w, n - 3), "in") == 0 &&
      g_str_has_prefix (g_ptr_array_index (w, n - 1), "node"))
    {
      ok = read_count (g_ptr_array_index (w, n - 2), &m->nodes);
      n -= 3;
    }
  if (ok && n == 2 && read_count (g_ptr_array_index (w, 0), &m->count))
    m->gpu = g_strdup (g_ptr_array_index (w, 1));
  else if (ok && n == 2 && read_count (g_ptr_array_index (w, 1), &m->count))
    m->gpu = g_strdup (g_ptr_array_index (w, 0));
  else if (ok && n == 1)
    m->gpu = g_strdup (g_ptr_array_index (w, 0));
  else
    ok = FALSE;
  g_ptr_array_unref (w);
  if (!ok || m->gpu == NULL || m->nodes > m->count || m->count % m->nodes != 0)
    return bad_part (part, error);
  return TRUE;
}

/* ---- public API ----------------------------------------------------- */

GPtrArray *
rp_owned_parse (const char  *text,
                GError     **error)
{
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func (machine_free);
  g_auto(GStrv) parts = NULL;
  g_autoptr(GString) spaced = NULL;

  if (text == NULL)
    return g_steal_pointer (&out);
  /* "×", "x" and "*" between a count and an id, with or without spaces */
  spaced = g_string_new (NULL);
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      gboolean between = p > text && g_ascii_isdigit (p[-1]) &&
                         (c == 'x' || c == 'X' || c == '*') &&
                         (p[1] == ' ' || g_ascii_isalpha (p[1]));

      if (c == 0x00d7 || c == '*' || between)
        g_string_append (spaced, " × ");
      else
        g_string_append_unichar (spaced, c);
    }
  parts = g_strsplit_set (spaced->str, ",;", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autofree char *part = g_strstrip (g_strdup (parts[i]));
      RpOwnedMachine *m;

      if (*part == '\0')
        continue;
      m = g_new0 (RpOwnedMachine, 1);
      if (!read_part (part, m, error))
        {
          machine_free (m);
          return NULL;
        }
      g_ptr_array_add (out, m);
    }
  return g_steal_pointer (&out);
}

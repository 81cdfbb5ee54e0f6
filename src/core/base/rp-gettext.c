/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-gettext.c: translations remembered per thread (rp-gettext.h) */

#include "config.h"

#include "rp-gettext.h"

#include <string.h>

#ifdef HAVE_NL_MSG_CAT_CNTR
/* glibc and GNU libintl: bumped whenever the catalogs may have changed
 * (setlocale, textdomain, bindtextdomain, a catalog loaded) */
extern int _nl_msg_cat_cntr;

/* A power of two.  An estimate's words look up about 250 messages (a
 * plural once per count it is asked with); the table is emptied when it
 * is half full, so a probe meets an empty slot soon. */
#define N_SLOTS 2048

typedef enum
{
  KIND_EMPTY,
  KIND_PLAIN,                   /* g_dgettext */
  KIND_CONTEXT,                 /* g_dpgettext */
  KIND_PLURAL,                  /* g_dngettext, for one count */
} Kind;

typedef struct
{
  const char *msgid;            /* the literal, by address */
  const char *plural;           /* KIND_PLURAL: the plural literal */
  gulong      n;                /* KIND_PLURAL: the count */
  Kind        kind;
  const char *translation;
} Slot;

typedef struct
{
  int   stamp;                  /* _nl_msg_cat_cntr when filled */
  guint n_filled;
  Slot  slots[N_SLOTS];
} Cache;

/* The cache is reached through a thread-local pointer (a GPrivate costs
 * a call per message) and freed by a GPrivate when its thread ends. */
static _Thread_local Cache *thread_cache;

static void
cache_free (gpointer data)
{
  /* run by the ending thread: a message looked up after this (another
   * thread-exit function) makes a new cache, not reads a freed one */
  if (thread_cache == data)
    thread_cache = NULL;
  g_free (data);
}

static GPrivate cache_key = G_PRIVATE_INIT (cache_free);

static Cache *
cache_get (void)
{
  Cache *cache = thread_cache;

  if (G_UNLIKELY (cache == NULL))
    {
      cache = g_new0 (Cache, 1);
      cache->stamp = _nl_msg_cat_cntr;
      g_private_set (&cache_key, cache);
      thread_cache = cache;
    }
  else if (G_UNLIKELY (cache->stamp != _nl_msg_cat_cntr))
    {
      memset (cache->slots, 0, sizeof cache->slots);
      cache->n_filled = 0;
      cache->stamp = _nl_msg_cat_cntr;
    }
  return cache;
}

/* The slot of (@msgid, @kind, @n): the one that holds it, or the empty
 * one where it goes (open addressing, linear probing). */
static Slot *
slot_for (Cache      *cache,
          const char *msgid,
          const char *plural,
          Kind        kind,
          gulong      n)
{
  /* Fibonacci hashing of the address (Knuth, TAOCP vol. 3, 6.4) */
  guint64 key = (guint64) (guintptr) msgid ^ ((guint64) n << 17) ^ kind;
  guint i = (guint) ((key * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) >> 53) & (N_SLOTS - 1);

  for (;;)
    {
      Slot *slot = &cache->slots[i];

      if (slot->kind == KIND_EMPTY
          || (slot->msgid == msgid && slot->kind == kind && slot->n == n
              && slot->plural == plural))
        return slot;
      i = (i + 1) & (N_SLOTS - 1);
    }
}

/* Remember @translation in the empty @slot, emptying the table first
 * where it is half full (then @slot is found again).  Not inlined: the
 * lookups that find their slot filled stay short. */
G_GNUC_NO_INLINE static const char *
slot_fill (Cache      *cache,
           Slot       *slot,
           const char *msgid,
           const char *plural,
           Kind        kind,
           gulong      n,
           const char *translation)
{
  if (G_UNLIKELY (cache->n_filled >= N_SLOTS / 2))
    {
      memset (cache->slots, 0, sizeof cache->slots);
      cache->n_filled = 0;
      slot = slot_for (cache, msgid, plural, kind, n);
    }
  slot->msgid = msgid;
  slot->plural = plural;
  slot->kind = kind;
  slot->n = n;
  slot->translation = translation;
  cache->n_filled++;
  return translation;
}
#endif

const char *
rp_gettext_static (const char *msgid)
{
#ifdef HAVE_NL_MSG_CAT_CNTR
  Cache *cache = cache_get ();
  Slot *slot = slot_for (cache, msgid, NULL, KIND_PLAIN, 0);

  if (G_LIKELY (slot->kind != KIND_EMPTY))
    return slot->translation;
  return slot_fill (cache, slot, msgid, NULL, KIND_PLAIN, 0, g_dgettext (GETTEXT_PACKAGE, msgid));
#else
  return g_dgettext (GETTEXT_PACKAGE, msgid);
#endif
}

const char *
rp_gettext_context (const char *msgctxtid,
                    gsize       msgidoffset)
{
#ifdef HAVE_NL_MSG_CAT_CNTR
  Cache *cache = cache_get ();
  Slot *slot = slot_for (cache, msgctxtid, NULL, KIND_CONTEXT, 0);

  if (G_LIKELY (slot->kind != KIND_EMPTY))
    return slot->translation;
  return slot_fill (cache, slot, msgctxtid, NULL, KIND_CONTEXT, 0,
                    g_dpgettext (GETTEXT_PACKAGE, msgctxtid, msgidoffset));
#else
  return g_dpgettext (GETTEXT_PACKAGE, msgctxtid, msgidoffset);
#endif
}

const char *
rp_gettext_plural (const char *msgid,
                   const char *msgid_plural,
                   gulong      n)
{
#ifdef HAVE_NL_MSG_CAT_CNTR
  Cache *cache = cache_get ();
  Slot *slot = slot_for (cache, msgid, msgid_plural, KIND_PLURAL, n);

  if (G_LIKELY (slot->kind != KIND_EMPTY))
    return slot->translation;
  /* (g_dngettext): glib's own, not the header's macro */
  return slot_fill (cache, slot, msgid, msgid_plural, KIND_PLURAL, n,
                    (g_dngettext) (GETTEXT_PACKAGE, msgid, msgid_plural, n));
#else
  return (g_dngettext) (GETTEXT_PACKAGE, msgid, msgid_plural, n);
#endif
}

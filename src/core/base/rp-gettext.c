/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-gettext.c: translations remembered per thread (rp-gettext.h) */

#include "config.h"

#include "rp-gettext.h"

#include <string.h>

#ifdef HAVE_NL_MSG_CAT_CNTR
/* glibc and GNU libintl: bumped whenever the catalogs may have changed
 * (setlocale, textdomain, bindtextdomain, a catalog loaded) */
extern int _nl_msg_cat_cntr;

/* A power of two: an estimate's words look up about 190 messages; a
 * slot two messages share is looked up again, never wrong. */
#define N_SLOTS 1024

typedef struct
{
  const char *msgid;            /* the literal, by address */
  const char *translation;
} Slot;

typedef struct
{
  int  stamp;                   /* _nl_msg_cat_cntr when filled */
  Slot slots[N_SLOTS];
} Cache;

static GPrivate cache_key = G_PRIVATE_INIT (g_free);

/* This thread's slot for @msgid, emptied first where the catalogs may
 * have changed since it was filled. */
static Slot *
slot_for (const char *msgid)
{
  Cache *cache = g_private_get (&cache_key);
  guintptr key = (guintptr) msgid;

  if (G_UNLIKELY (cache == NULL))
    {
      cache = g_new0 (Cache, 1);
      cache->stamp = _nl_msg_cat_cntr;
      g_private_set (&cache_key, cache);
    }
  else if (G_UNLIKELY (cache->stamp != _nl_msg_cat_cntr))
    {
      memset (cache->slots, 0, sizeof cache->slots);
      cache->stamp = _nl_msg_cat_cntr;
    }
  return &cache->slots[((key >> 3) ^ (key >> 13)) & (N_SLOTS - 1)];
}
#endif

const char *
rp_gettext_static (const char *msgid)
{
#ifdef HAVE_NL_MSG_CAT_CNTR
  Slot *slot = slot_for (msgid);

  if (slot->msgid != msgid)
    {
      slot->translation = g_dgettext (GETTEXT_PACKAGE, msgid);
      slot->msgid = msgid;
    }
  return slot->translation;
#else
  return g_dgettext (GETTEXT_PACKAGE, msgid);
#endif
}

const char *
rp_gettext_context (const char *msgctxtid,
                    gsize       msgidoffset)
{
#ifdef HAVE_NL_MSG_CAT_CNTR
  Slot *slot = slot_for (msgctxtid);

  if (slot->msgid != msgctxtid)
    {
      slot->translation = g_dpgettext (GETTEXT_PACKAGE, msgctxtid, msgidoffset);
      slot->msgid = msgctxtid;
    }
  return slot->translation;
#else
  return g_dpgettext (GETTEXT_PACKAGE, msgctxtid, msgidoffset);
#endif
}

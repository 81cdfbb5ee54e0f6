/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-gettext.h: _(), C_() and g_dngettext() that remember what they found
 *
 * Writing one estimate looks up some 190 messages, and each lookup walks
 * gettext's catalogs again: in English (a locale without a catalog) half
 * the time of the words went there.  A file that includes this header
 * after <glib/gi18n-lib.h> (it includes it) gets an _(), a C_() and a
 * g_dngettext() (in GETTEXT_PACKAGE, whatever domain it is given) that
 * keep, per thread, the translation of each message they were given (a
 * plural's for each count), until the catalogs may change: setlocale(),
 * textdomain() and bindtextdomain() bump glibc's _nl_msg_cat_cntr, and a
 * program that sets LANGUAGE while it runs bumps it too (GNU gettext
 * manual, "Being a gettext grok").  Without that counter (not glibc, not GNU libintl)
 * every lookup goes to gettext as before.
 *
 * They take string literals only, which live as long as the program (the
 * cache keeps their addresses): a message held elsewhere goes through
 * rp_gettext_static() when it is static, else g_dgettext(). */
#pragma once

#include <glib.h>
#include <glib/gi18n-lib.h>

G_BEGIN_DECLS

/* g_dgettext (GETTEXT_PACKAGE, @msgid), remembered: @msgid must live as
 * long as the program (a literal, a static table's). */
const char *rp_gettext_static  (const char *msgid);
/* g_dpgettext (GETTEXT_PACKAGE, @msgctxtid, @msgidoffset), remembered:
 * @msgctxtid is "context\004message", a literal. */
const char *rp_gettext_context (const char *msgctxtid,
                                gsize       msgidoffset);

/* g_dngettext (GETTEXT_PACKAGE, @msgid, @msgid_plural, @n), remembered
 * per count: both messages are literals. */
const char *rp_gettext_plural  (const char *msgid,
                                const char *msgid_plural,
                                gulong      n);

#undef _
#define _(String) rp_gettext_static ("" String "")
#undef C_
#define C_(Context, String) rp_gettext_context ("" Context "\004" String "", sizeof (Context))
/* xgettext still reads g_dngettext (the glib preset's keyword) */
#undef g_dngettext
#define g_dngettext(Domain, Msgid, Plural, N) \
  rp_gettext_plural ("" Msgid "", "" Plural "", (N))

G_END_DECLS

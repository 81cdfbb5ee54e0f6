/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-recent.h: recently used scenarios and comparisons
 *
 * Kept by GtkRecentManager (the desktop's shared list), told apart by
 * MIME type.  A GMenu section filled from it is what the primary menu's
 * "Open Recent" shows; its items activate app.open-recent with the URI,
 * which opens the file as the command line would. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum
{
  RP_RECENT_SCENARIOS   = 1 << 0,
  RP_RECENT_COMPARISONS = 1 << 1,
} RpRecentKind;

/* Records that @file (one kind) was opened or saved. */
void       rp_recent_add          (GFile        *file,
                                   RpRecentKind  kind);
/* The URIs of up to @max recent files of @kinds, newest first, that
 * still exist.  Transfer full (a GPtrArray of char*). */
GPtrArray *rp_recent_list         (RpRecentKind  kinds,
                                   guint         max);
/* Keeps @menu filled with the recent files of both kinds: one item each,
 * labelled with the file's name, for "app.open-recent". */
void       rp_recent_attach_menu  (GMenu        *menu);

G_END_DECLS

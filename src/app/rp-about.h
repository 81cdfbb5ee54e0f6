/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-about.h: Help ▸ About Rigplan, an AdwAboutWindow whose release notes
 * come from the AppStream metainfo (one description per fact) */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* The newest release's notes in @metainfo (AppStream XML) as the
 * markup AdwAboutWindow takes (<p>, <ul>, <ol>, <li>), each paragraph
 * translated through the messages the metainfo's own translation uses;
 * its version in @version.  NULL when the file names no release. */
char      *rp_about_release_notes (const char  *metainfo,
                                   gssize       length,
                                   char       **version);
/* The About window over @parent (may be NULL). */
GtkWidget *rp_about_window_new    (GtkWindow   *parent);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-autosave.h: unsaved changes kept on disk, offered back after a crash
 *
 * Each editor window's RpAutosave writes its document, a few seconds
 * after the last change while it has unsaved changes, to
 * $XDG_STATE_HOME/rigplan/autosave/PID-N.rigplan, with PID-N.info (a
 * key file: the scenario's own file, the host, when).  Saving the
 * document, or closing its window in any ordinary way (saved or
 * discarded), removes both.  What is left belongs to a Rigplan that
 * stopped without closing: at the next start, rp_autosave_find() lists
 * the ones whose process is gone and rp_autosave_offer() asks whether to
 * restore them; a scenario a Rigplan killed between the two writes left
 * without its info file is offered too, and an info file without its
 * scenario is removed.  A write that fails emits RpAutosave::failed once
 * (the window shows it), so that nobody believes unsaved work is kept
 * when it is not. */
#pragma once

#include <gtk/gtk.h>

#include "rp-scenario-document.h"

G_BEGIN_DECLS

#define RP_TYPE_AUTOSAVE (rp_autosave_get_type ())

G_DECLARE_FINAL_TYPE (RpAutosave, rp_autosave, RP, AUTOSAVE, GObject)

/* Watches @document (borrowed; it must outlive the autosave). */
RpAutosave *rp_autosave_new          (RpScenarioDocument *document);
/* Where the document is kept, whether or not it has been written yet. */
const char *rp_autosave_get_path     (RpAutosave         *self);
/* Writes now if a write is pending (tests). */
void        rp_autosave_flush        (RpAutosave         *self);

/* $XDG_STATE_HOME/rigplan/autosave.  Transfer full. */
char       *rp_autosave_dir          (void);

typedef struct
{
  char       *path;             /* the autosaved scenario */
  char       *info_path;
  RpScenario *scenario;         /* owned */
  GFile      *file;             /* owned: the scenario's own file, or NULL */
  GDateTime  *saved;            /* owned: when it was written */
} RpRecovered;

void        rp_recovered_free        (RpRecovered        *self);
/* Removes the recovered files. */
void        rp_recovered_discard     (RpRecovered        *self);

/* The autosaves in @dir left by processes that are gone (on this host),
 * oldest first; unreadable ones are skipped.  Transfer full. */
GPtrArray  *rp_autosave_find         (const char         *dir);
/* Asks, over @parent, whether to restore @found (transfer full; freed
 * when answered).  Restore opens each in an editor window (the first in
 * @parent when it holds nothing yet) with its changes unsaved; Discard
 * removes them.  Returns the dialog. */
GtkWidget  *rp_autosave_offer        (GtkWindow          *parent,
                                      GtkApplication     *application,
                                      RpCatalog          *catalog,
                                      GSettings          *settings,
                                      GPtrArray          *found);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpRecovered, rp_recovered_free)

G_END_DECLS

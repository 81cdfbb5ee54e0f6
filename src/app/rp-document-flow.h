/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-document-flow.h: open, save and close, as every document window does them
 *
 * The scenario window and the Compare window show different documents
 * but open, save and close them alike: Open shows a chooser and opens
 * the file (in this window while it is empty, else in a new one); Save
 * writes to the document's file or asks for one; a failed save says so
 * and names the file; a saved file joins the recent files and its folder
 * is remembered; closing a window whose document would lose something
 * asks "Save … before closing?", then saves and closes, or discards.
 * RpDocumentFlow does these once, for a window, its document and an
 * RpDocumentKind that says what differs. */
#pragma once

#include <gtk/gtk.h>

#include "rp-recent.h"

G_BEGIN_DECLS

/* What differs between the windows: the document's calls and the file
 * type.  The strings are N_() and translated when shown.  Static. */
typedef struct
{
  GFile   *(*get_file)     (GObject             *document);
  /* Whether closing the window would lose something. */
  gboolean (*needs_saving) (GObject             *document);
  /* The document's name, for the file name offered (transfer full). */
  char    *(*dup_title)    (GObject             *document);
  void     (*save_async)   (GObject             *document,
                            GFile               *file,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data);
  gboolean (*save_finish)  (GObject             *document,
                            GAsyncResult        *result,
                            GError             **error);
  /* Opens @file chosen in @window's Open: into it or a new window. */
  void     (*open)         (GtkWindow           *window,
                            GFile               *file);
  /* Shows an error over @window. */
  void     (*show_error)   (GtkWindow           *window,
                            const char          *primary,
                            const char          *secondary);

  const char  *open_title;       /* "Open Scenario" */
  const char  *save_title;       /* "Save Scenario" */
  const char  *filter_name;      /* "Rigplan scenarios" */
  const char  *mime;             /* "application/x-rigplan" */
  const char  *pattern;          /* "*.rigplan" */
  const char  *extension;        /* ".rigplan" */
  RpRecentKind recent;
} RpDocumentKind;

#define RP_TYPE_DOCUMENT_FLOW (rp_document_flow_get_type ())

G_DECLARE_FINAL_TYPE (RpDocumentFlow, rp_document_flow, RP, DOCUMENT_FLOW, GObject)

/* For @window (borrowed: the window owns the flow) showing @document;
 * @settings (may be NULL) keeps the last folder; @cancellable is the
 * window's. */
RpDocumentFlow *rp_document_flow_new       (GtkWindow            *window,
                                            GObject              *document,
                                            const RpDocumentKind *kind,
                                            GSettings            *settings,
                                            GCancellable         *cancellable);
/* Where a chooser opens: the document's folder, else the last one used.
 * Transfer full; may be NULL. */
GFile          *rp_document_flow_dup_folder (RpDocumentFlow      *self);
/* Keeps @file's folder as the last one used. */
void            rp_document_flow_remember_folder (RpDocumentFlow *self,
                                            GFile                *file);
/* File ▸ Open: a chooser of the kind's files, then kind->open. */
void            rp_document_flow_open      (RpDocumentFlow       *self);
/* File ▸ Save: to the document's file, else as Save As. */
void            rp_document_flow_save      (RpDocumentFlow       *self);
/* File ▸ Save As: a chooser offering the document's title. */
void            rp_document_flow_save_as   (RpDocumentFlow       *self);
/* For "close-request": TRUE when the window may close now; else asks
 * (@heading, @body), and the answer saves then closes, closes, or
 * keeps the window. */
gboolean        rp_document_flow_may_close (RpDocumentFlow       *self,
                                            const char           *heading,
                                            const char           *body);

G_END_DECLS

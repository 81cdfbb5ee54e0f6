/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-app-util.h: what the editor and Compare windows do alike with files
 * and dialogs
 *
 * Files go through GtkFileChooserNative (GTK 4.8 has no GtkFileDialog);
 * messages through a GtkMessageDialog that the window owns. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* A modal file chooser for @parent with a Cancel button, opening in
 * @folder (NULL: the chooser's own choice).  Transfer full: the response
 * handler gives it to rp_app_chooser_take_file() or _take_files(). */
GtkFileChooserNative *rp_app_file_chooser_new   (GtkWindow            *parent,
                                                 const char           *title,
                                                 GtkFileChooserAction  action,
                                                 const char           *accept,
                                                 GFile                *folder);
/* The "last-folder" of @settings (NULL allowed) when it is still a
 * directory, else NULL.  Transfer full. */
GFile                *rp_app_last_folder        (GSettings            *settings);
/* A filter that shows the files of @mime or @pattern, named @name.
 * Transfer full. */
GtkFileFilter        *rp_app_file_filter        (const char           *name,
                                                 const char           *mime,
                                                 const char           *pattern);
/* For a chooser's "response": destroys and frees @chooser, and returns
 * the file chosen (NULL unless @response is ACCEPT).  Transfer full. */
GFile                *rp_app_chooser_take_file  (GtkNativeDialog      *chooser,
                                                 int                   response);
/* The same for a chooser of several files: a GPtrArray of GFile, empty
 * unless @response is ACCEPT.  Transfer full. */
GPtrArray            *rp_app_chooser_take_files (GtkNativeDialog      *chooser,
                                                 int                   response);
/* The files of a drop of a GdkFileList @value, as a GPtrArray of GFile
 * (empty for any other value).  Transfer container: the files are the
 * drop's. */
GPtrArray            *rp_app_dropped_files      (const GValue         *value);

/* Shows a modal AdwMessageDialog with a Close response over @parent:
 * @primary as its heading, @secondary as its body (@type is what the
 * message is; libadwaita draws them all alike).  It closes itself when
 * answered.  Transfer none: the dialog is GTK's. */
GtkWidget            *rp_app_show_message       (GtkWindow            *parent,
                                                 GtkMessageType        type,
                                                 const char           *primary,
                                                 const char           *secondary);

/* "Save … before closing?": an AdwMessageDialog over @parent with the
 * responses "cancel", "discard" (destructive) and "save" (suggested,
 * the default); closing it answers "cancel".  Not yet presented. */
GtkWidget            *rp_app_question_new       (GtkWindow            *parent,
                                                 const char           *heading,
                                                 const char           *body);

G_END_DECLS

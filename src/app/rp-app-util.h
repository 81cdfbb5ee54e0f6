/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-app-util.h: what the editor and Compare windows do alike with files
 * and dialogs
 *
 * Files go through GtkFileChooserNative (GTK 4.8 has no GtkFileDialog);
 * messages through a GtkMessageDialog that the window owns. */
#pragma once

#include <gtk/gtk.h>

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

/* Shows a modal message dialog of @type with a Close button over
 * @parent: @primary, and @secondary below it.  It destroys itself when
 * answered.  Transfer none: the dialog is GTK's. */
GtkWidget            *rp_app_show_message       (GtkWindow            *parent,
                                                 GtkMessageType        type,
                                                 const char           *primary,
                                                 const char           *secondary);
/* Adds a button @label answering @response to @dialog, with the style
 * class @css_class ("suggested-action", "destructive-action"; NULL:
 * none). */
void                  rp_app_dialog_add_button  (GtkDialog            *dialog,
                                                 const char           *label,
                                                 int                   response,
                                                 const char           *css_class);

G_END_DECLS

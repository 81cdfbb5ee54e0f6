/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-document-flow.c: open, save and close, as every document window does them
 *
 * Every asynchronous step (a chooser, a save, the question on closing)
 * holds a reference to the flow, and the flow only a weak one to its
 * window: a window closed meanwhile is not touched again. */

#include "config.h"

#include "rp-document-flow.h"

#include "rp-app-util.h"

#include <glib/gi18n.h>

/* ---- private structs ------------------------------------------------ */

struct _RpDocumentFlow
{
  GObject parent_instance;

  /* owned */
  GObject              *document;
  GSettings            *settings;         /* may be NULL */
  GCancellable         *cancellable;
  GWeakRef              window;

  /* borrowed */
  const RpDocumentKind *kind;

  /* state */
  gboolean              close_confirmed;  /* the question was answered "discard" */
  gboolean              close_after_save; /* ... or "save" */
};

G_DEFINE_FINAL_TYPE (RpDocumentFlow, rp_document_flow, G_TYPE_OBJECT)

/* ---- helpers -------------------------------------------------------- */

static GtkFileFilter *
new_filter (RpDocumentFlow *self)
{
  return rp_app_file_filter (_(self->kind->filter_name), self->kind->mime,
                             self->kind->pattern);
}

/* The file name a Save As offers: the title without a character a file
 * name cannot hold, with the extension once. */
static char *
suggested_name (RpDocumentFlow *self)
{
  g_autofree char *title = self->kind->dup_title (self->document);

  g_strdelimit (title, "/\\:", '-');
  if (g_str_has_suffix (title, self->kind->extension))
    return g_steal_pointer (&title);
  return g_strconcat (title, self->kind->extension, NULL);
}

static void
close_window (RpDocumentFlow *self)
{
  g_autoptr(GtkWindow) window = g_weak_ref_get (&self->window);

  self->close_confirmed = TRUE;
  if (window != NULL)
    gtk_window_close (window);
}

/* ---- save ----------------------------------------------------------- */

static void
saved_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(RpDocumentFlow) self = user_data;
  g_autoptr(GtkWindow) window = g_weak_ref_get (&self->window);
  g_autoptr(GError) error = NULL;
  GFile *file;

  if (!self->kind->save_finish (self->document, result, &error))
    {
      g_autofree char *name = NULL;
      g_autofree char *primary = NULL;

      self->close_after_save = FALSE;
      if (window == NULL || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      file = self->kind->get_file (self->document);
      name = file != NULL ? g_file_get_basename (file) : suggested_name (self);
      /* TRANSLATORS: %s is a file name */
      primary = g_strdup_printf (_("Could not save “%s”"), name);
      self->kind->show_error (window, primary, error->message);
      return;
    }
  file = self->kind->get_file (self->document);
  if (file != NULL)
    rp_recent_add (file, self->kind->recent);
  if (self->close_after_save)
    close_window (self);
}

static void
save_to (RpDocumentFlow *self,
         GFile          *file)
{
  rp_document_flow_remember_folder (self, file);
  self->kind->save_async (self->document, file, self->cancellable, saved_cb,
                          g_object_ref (self));
}

static void
on_save_as_response_cb (GtkNativeDialog *chooser,
                        int              response,
                        gpointer         user_data)
{
  g_autoptr(RpDocumentFlow) self = user_data;
  g_autoptr(GFile) file = rp_app_chooser_take_file (chooser, response);

  if (file == NULL)
    {
      self->close_after_save = FALSE;
      return;
    }
  save_to (self, file);
}

/* ---- open ----------------------------------------------------------- */

static void
on_open_response_cb (GtkNativeDialog *chooser,
                     int              response,
                     gpointer         user_data)
{
  g_autoptr(RpDocumentFlow) self = user_data;
  g_autoptr(GFile) file = rp_app_chooser_take_file (chooser, response);
  g_autoptr(GtkWindow) window = g_weak_ref_get (&self->window);

  if (file != NULL && window != NULL)
    self->kind->open (window, file);
}

/* ---- close ---------------------------------------------------------- */

/* AdwMessageDialog closes itself once answered. */
static void
on_confirm_close_response_cb (AdwMessageDialog *dialog,
                              const char       *response,
                              gpointer          user_data)
{
  g_autoptr(RpDocumentFlow) self = user_data;

  if (g_str_equal (response, "discard"))
    {
      /* the dialog outlives this handler: it must not point at a closed
       * window then */
      gtk_window_set_transient_for (GTK_WINDOW (dialog), NULL);
      close_window (self);
    }
  else if (g_str_equal (response, "save"))
    {
      self->close_after_save = TRUE;
      rp_document_flow_save (self);
    }
}

/* ---- vfunc overrides ------------------------------------------------ */

static void
rp_document_flow_dispose (GObject *object)
{
  RpDocumentFlow *self = RP_DOCUMENT_FLOW (object);

  g_clear_object (&self->document);
  g_clear_object (&self->settings);
  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (rp_document_flow_parent_class)->dispose (object);
}

static void
rp_document_flow_finalize (GObject *object)
{
  RpDocumentFlow *self = RP_DOCUMENT_FLOW (object);

  g_weak_ref_clear (&self->window);
  G_OBJECT_CLASS (rp_document_flow_parent_class)->finalize (object);
}

/* ---- class_init / init ---------------------------------------------- */

static void
rp_document_flow_class_init (RpDocumentFlowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = rp_document_flow_dispose;
  object_class->finalize = rp_document_flow_finalize;
}

static void
rp_document_flow_init (RpDocumentFlow *self)
{
  g_weak_ref_init (&self->window, NULL);
}

/* ---- public API ----------------------------------------------------- */

RpDocumentFlow *
rp_document_flow_new (GtkWindow            *window,
                      GObject              *document,
                      const RpDocumentKind *kind,
                      GSettings            *settings,
                      GCancellable         *cancellable)
{
  RpDocumentFlow *self;

  g_return_val_if_fail (GTK_IS_WINDOW (window), NULL);
  g_return_val_if_fail (G_IS_OBJECT (document), NULL);
  g_return_val_if_fail (kind != NULL, NULL);
  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (G_IS_CANCELLABLE (cancellable), NULL);

  self = g_object_new (RP_TYPE_DOCUMENT_FLOW, NULL);
  g_weak_ref_set (&self->window, window);
  self->document = g_object_ref (document);
  self->kind = kind;
  self->settings = settings != NULL ? g_object_ref (settings) : NULL;
  self->cancellable = g_object_ref (cancellable);
  return self;
}

GFile *
rp_document_flow_dup_folder (RpDocumentFlow *self)
{
  GFile *file;

  g_return_val_if_fail (RP_IS_DOCUMENT_FLOW (self), NULL);

  file = self->kind->get_file (self->document);
  if (file != NULL)
    return g_file_get_parent (file);
  return rp_app_last_folder (self->settings);
}

void
rp_document_flow_remember_folder (RpDocumentFlow *self,
                                  GFile          *file)
{
  g_autoptr(GFile) parent = NULL;
  g_autofree char *path = NULL;

  g_return_if_fail (RP_IS_DOCUMENT_FLOW (self));
  g_return_if_fail (G_IS_FILE (file));

  parent = g_file_get_parent (file);
  path = parent != NULL ? g_file_get_path (parent) : NULL;
  if (self->settings != NULL && path != NULL)
    g_settings_set_string (self->settings, "last-folder", path);
}

void
rp_document_flow_open (RpDocumentFlow *self)
{
  g_autoptr(GtkWindow) window = NULL;
  g_autoptr(GFile) folder = NULL;
  GtkFileChooserNative *chooser;

  g_return_if_fail (RP_IS_DOCUMENT_FLOW (self));

  window = g_weak_ref_get (&self->window);
  if (window == NULL)
    return;
  folder = rp_document_flow_dup_folder (self);
  chooser = rp_app_file_chooser_new (window, _(self->kind->open_title),
                                     GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), folder);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), new_filter (self));
  g_signal_connect (chooser, "response", G_CALLBACK (on_open_response_cb), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

void
rp_document_flow_save (RpDocumentFlow *self)
{
  GFile *file;

  g_return_if_fail (RP_IS_DOCUMENT_FLOW (self));

  file = self->kind->get_file (self->document);
  if (file != NULL)
    save_to (self, file);
  else
    rp_document_flow_save_as (self);
}

void
rp_document_flow_save_as (RpDocumentFlow *self)
{
  g_autoptr(GtkWindow) window = NULL;
  g_autoptr(GFile) folder = NULL;
  g_autofree char *name = NULL;
  GtkFileChooserNative *chooser;

  g_return_if_fail (RP_IS_DOCUMENT_FLOW (self));

  window = g_weak_ref_get (&self->window);
  if (window == NULL)
    return;
  folder = rp_document_flow_dup_folder (self);
  name = suggested_name (self);
  chooser = rp_app_file_chooser_new (window, _(self->kind->save_title),
                                     GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), folder);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), new_filter (self));
  g_signal_connect (chooser, "response", G_CALLBACK (on_save_as_response_cb),
                    g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

gboolean
rp_document_flow_may_close (RpDocumentFlow *self,
                            const char     *heading,
                            const char     *body)
{
  g_autoptr(GtkWindow) window = NULL;
  GtkWidget *dialog;

  g_return_val_if_fail (RP_IS_DOCUMENT_FLOW (self), TRUE);

  window = g_weak_ref_get (&self->window);
  if (window == NULL || self->close_confirmed || !self->kind->needs_saving (self->document))
    return TRUE;
  dialog = rp_app_question_new (window, heading, body);
  g_signal_connect (dialog, "response", G_CALLBACK (on_confirm_close_response_cb),
                    g_object_ref (self));
  gtk_window_present (GTK_WINDOW (dialog));
  return FALSE;
}

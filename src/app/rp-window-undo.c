/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-window-undo.c: Edit ▸ Undo and Redo (Ctrl+Z, Shift+Ctrl+Z), and the
 * toast that says what Apply Fix or "Use this machine" changed, with an
 * Undo button (GNOME HIG: an action that changes much at once can be
 * undone from its toast). */

#include "config.h"

#include "rp-window-private.h"

#include "rp-scenario-form.h"
#include "rp-words-changes.h"

#include <glib/gi18n.h>

/* Seconds a toast stays (AdwToast's own default is 5). */
static const guint toast_timeout_s = 8;

/* ---- helpers -------------------------------------------------------- */

static void
update_undo_actions (RpWindow *self)
{
  RpUndoStack *undo = rp_scenario_document_get_undo_stack (self->document);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", rp_undo_stack_can_undo (undo));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", rp_undo_stack_can_redo (undo));
}

static void
dismiss_toast (RpWindow *self)
{
  if (self->toast != NULL)
    adw_toast_dismiss (self->toast);
}

static void
on_toast_dismissed_cb (AdwToast *toast,
                       RpWindow *self)
{
  if (self->toast == toast)
    {
      self->toast = NULL;
      g_clear_pointer (&self->toast_text, g_free);
    }
}

/* ---- signal callbacks ----------------------------------------------- */

static void
on_undo_changed_cb (RpWindow *self)
{
  update_undo_actions (self);
}

static void
on_document_applied_cb (RpWindow           *self,
                        const RpScenario   *before,
                        RpScenarioDocument *document)
{
  g_autofree char *text = rp_words_changes (before, rp_scenario_document_get_scenario (document),
                                            self->catalog);
  AdwToast *toast;

  g_autoptr(GArray) changes = rp_scenario_diff (before,
                                                 rp_scenario_document_get_scenario (document));

  rp_scenario_form_highlight (RP_SCENARIO_FORM (self->form), changes);
  if (text == NULL)
    return;
  dismiss_toast (self);
  toast = adw_toast_new (text);
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_action_name (toast, "win.undo");
  adw_toast_set_timeout (toast, toast_timeout_s);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (on_toast_dismissed_cb), self, 0);
  self->toast = toast;
  self->toast_text = g_steal_pointer (&text);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* ---- action handlers ------------------------------------------------ */

static void
win_undo_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  RpWindow *self = RP_WINDOW (widget);

  dismiss_toast (self);
  rp_scenario_document_undo (self->document);
}

static void
win_redo_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  RpWindow *self = RP_WINDOW (widget);

  dismiss_toast (self);
  rp_scenario_document_redo (self->document);
}

/* ---- internal API --------------------------------------------------- */

void
rp_window_class_init_undo (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, win_undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, win_redo_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "win.undo",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Z,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.redo", NULL);
}

void
rp_window_init_undo (RpWindow *self)
{
  RpUndoStack *undo = rp_scenario_document_get_undo_stack (self->document);

  g_signal_connect_object (undo, "notify::can-undo", G_CALLBACK (on_undo_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (undo, "notify::can-redo", G_CALLBACK (on_undo_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "applied", G_CALLBACK (on_document_applied_cb), self,
                           G_CONNECT_SWAPPED);
  update_undo_actions (self);
}

/* ---- public API ----------------------------------------------------- */

const char *
rp_window_get_toast (RpWindow *self)
{
  g_return_val_if_fail (RP_IS_WINDOW (self), NULL);
  return self->toast_text;
}

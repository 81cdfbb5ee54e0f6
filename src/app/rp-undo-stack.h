/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-undo-stack.h: undo and redo of a scenario, one step per action
 *
 * Each step is a copy of the whole scenario as it was before an action
 * (a field edit, Apply Fix, "Use this machine", an import).  A scenario
 * is a few hundred values, so a copy costs microseconds and undo gives
 * back exactly what was there, byte for byte once saved.  Typing into
 * one text field is one step: consecutive edits of the same @merge_key
 * merge until another action, an undo or rp_undo_stack_seal(). */
#pragma once

#include <glib-object.h>

#include "rp-scenario.h"

G_BEGIN_DECLS

#define RP_TYPE_UNDO_STACK (rp_undo_stack_get_type ())

G_DECLARE_FINAL_TYPE (RpUndoStack, rp_undo_stack, RP, UNDO_STACK, GObject)

/* How many steps are kept; the oldest are dropped past it. */
#define RP_UNDO_STACK_MAX_STEPS 200

RpUndoStack *rp_undo_stack_new      (void);
/* Records one action: @before is the scenario before it (transfer
 * full).  @merge_key (static, or NULL) lets consecutive edits of one
 * text field be one step.  Forgets what could be redone. */
void         rp_undo_stack_push     (RpUndoStack *self,
                                     RpScenario  *before,
                                     const char  *merge_key);
/* The next edit starts a step of its own. */
void         rp_undo_stack_seal     (RpUndoStack *self);
gboolean     rp_undo_stack_can_undo (RpUndoStack *self);
gboolean     rp_undo_stack_can_redo (RpUndoStack *self);
/* Steps back: takes @current (transfer full) to redo later and returns
 * the scenario to show (transfer full), or NULL (and frees nothing)
 * when there is nothing to undo. */
RpScenario  *rp_undo_stack_undo     (RpUndoStack *self,
                                     RpScenario  *current);
/* The same forward. */
RpScenario  *rp_undo_stack_redo     (RpUndoStack *self,
                                     RpScenario  *current);
/* Forgets every step (another scenario was opened). */
void         rp_undo_stack_clear    (RpUndoStack *self);

G_END_DECLS

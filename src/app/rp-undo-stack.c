/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-undo-stack.c: undo and redo of a scenario, one step per action */

#include "config.h"

#include "rp-undo-stack.h"

/* ---- private structs ------------------------------------------------ */

struct _RpUndoStack
{
  GObject parent_instance;

  /* owned */
  GPtrArray  *undo;                 /* RpScenario*, oldest first */
  GPtrArray  *redo;                 /* RpScenario*, the next redo last */

  /* state */
  const char *merge_key;            /* static; the open step's field */
};

G_DEFINE_FINAL_TYPE (RpUndoStack, rp_undo_stack, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ---- helpers -------------------------------------------------------- */

/* Notifies can-undo and can-redo where they changed. */
static void
notify_after (RpUndoStack *self,
              gboolean     could_undo,
              gboolean     could_redo)
{
  if (could_undo != rp_undo_stack_can_undo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (could_redo != rp_undo_stack_can_redo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
}

static RpScenario *
step (RpUndoStack *self,
      GPtrArray   *from,
      GPtrArray   *to,
      RpScenario  *current)
{
  gboolean could_undo = rp_undo_stack_can_undo (self);
  gboolean could_redo = rp_undo_stack_can_redo (self);
  RpScenario *shown;

  if (from->len == 0)
    return NULL;
  shown = g_ptr_array_steal_index (from, from->len - 1);
  g_ptr_array_add (to, current);
  self->merge_key = NULL;
  notify_after (self, could_undo, could_redo);
  return shown;
}

/* ---- vfunc overrides ------------------------------------------------ */

static void
rp_undo_stack_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  RpUndoStack *self = RP_UNDO_STACK (object);

  switch (prop_id)
    {
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, rp_undo_stack_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, rp_undo_stack_can_redo (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rp_undo_stack_finalize (GObject *object)
{
  RpUndoStack *self = RP_UNDO_STACK (object);

  g_ptr_array_unref (self->undo);
  g_ptr_array_unref (self->redo);
  G_OBJECT_CLASS (rp_undo_stack_parent_class)->finalize (object);
}

/* ---- class_init / init ---------------------------------------------- */

static void
rp_undo_stack_class_init (RpUndoStackClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = rp_undo_stack_get_property;
  object_class->finalize = rp_undo_stack_finalize;

  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
rp_undo_stack_init (RpUndoStack *self)
{
  self->undo = g_ptr_array_new_with_free_func ((GDestroyNotify) rp_scenario_free);
  self->redo = g_ptr_array_new_with_free_func ((GDestroyNotify) rp_scenario_free);
}

/* ---- public API ----------------------------------------------------- */

RpUndoStack *
rp_undo_stack_new (void)
{
  return g_object_new (RP_TYPE_UNDO_STACK, NULL);
}

void
rp_undo_stack_push (RpUndoStack *self,
                    RpScenario  *before,
                    const char  *merge_key)
{
  gboolean could_undo;
  gboolean could_redo;

  g_return_if_fail (RP_IS_UNDO_STACK (self));
  g_return_if_fail (before != NULL);

  could_undo = rp_undo_stack_can_undo (self);
  could_redo = rp_undo_stack_can_redo (self);
  g_ptr_array_set_size (self->redo, 0);
  if (merge_key != NULL && self->merge_key == merge_key && self->undo->len > 0)
    /* the same text field again: the step already holds what was before */
    rp_scenario_free (before);
  else
    {
      g_ptr_array_add (self->undo, before);
      if (self->undo->len > RP_UNDO_STACK_MAX_STEPS)
        g_ptr_array_remove_index (self->undo, 0);
    }
  self->merge_key = merge_key;
  notify_after (self, could_undo, could_redo);
}

void
rp_undo_stack_seal (RpUndoStack *self)
{
  g_return_if_fail (RP_IS_UNDO_STACK (self));
  self->merge_key = NULL;
}

gboolean
rp_undo_stack_can_undo (RpUndoStack *self)
{
  g_return_val_if_fail (RP_IS_UNDO_STACK (self), FALSE);
  return self->undo->len > 0;
}

gboolean
rp_undo_stack_can_redo (RpUndoStack *self)
{
  g_return_val_if_fail (RP_IS_UNDO_STACK (self), FALSE);
  return self->redo->len > 0;
}

RpScenario *
rp_undo_stack_undo (RpUndoStack *self,
                    RpScenario  *current)
{
  g_return_val_if_fail (RP_IS_UNDO_STACK (self), NULL);
  g_return_val_if_fail (current != NULL, NULL);
  return step (self, self->undo, self->redo, current);
}

RpScenario *
rp_undo_stack_redo (RpUndoStack *self,
                    RpScenario  *current)
{
  g_return_val_if_fail (RP_IS_UNDO_STACK (self), NULL);
  g_return_val_if_fail (current != NULL, NULL);
  return step (self, self->redo, self->undo, current);
}

void
rp_undo_stack_clear (RpUndoStack *self)
{
  gboolean could_undo;
  gboolean could_redo;

  g_return_if_fail (RP_IS_UNDO_STACK (self));
  could_undo = rp_undo_stack_can_undo (self);
  could_redo = rp_undo_stack_can_redo (self);
  g_ptr_array_set_size (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
  self->merge_key = NULL;
  notify_after (self, could_undo, could_redo);
}

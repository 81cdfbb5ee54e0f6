/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-scenario-document.c: an observable scenario, its file and its estimate
 *
 * One property per row of core's field table; the document adds only
 * what an editing session needs: the GPU a typed price belongs to, the
 * invalid text a field holds, the last estimate that could be made. */

#include "config.h"

#include "rp-scenario-document.h"

#include "rp-edit.h"
#include "rp-error.h"
#include "rp-explore.h"
#include "rp-file.h"
#include "rp-fix.h"
#include "rp-model.h"
#include "rp-prices.h"
#include "rp-units.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

/* ---- private structs ------------------------------------------------ */

struct _RpScenarioDocument
{
  GObject parent_instance;

  /* owned */
  RpCatalog  *catalog;
  RpScenario *scenario;
  RpEstimate *estimate;                /* the last estimate that could be made */
  RpEstimate *scratch;
  GError     *error;                   /* why the scenario cannot be estimated now */
  GHashTable *field_errors;            /* key (static) → GError* */
  GHashTable *saved_prices;            /* GPU id → GArray of RpChange */
  GFile      *file;
  char       *notice;
  RpUndoStack *undo;                   /* the steps back to the scenario opened */

  /* state */
  RpModelArch arch;                    /* resolved */
  RpModelArch preset_arch;
  gboolean    has_preset_arch;
  gboolean    have_estimate;
  gboolean    current;                 /* the estimate is of the scenario as it is */
  gboolean    modified;
  guint       recompute_id;
  gint64      compute_us;
};

G_DEFINE_FINAL_TYPE (RpScenarioDocument, rp_scenario_document, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_CATALOG,
  PROP_ESTIMATE,
  PROP_FILE,
  PROP_MODIFIED,
  PROP_TITLE,
  PROP_NOTICE,
  N_FIXED_PROPS
};

enum
{
  SIGNAL_APPLIED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* One pspec per fixed property, then one per field of the table. */
static GParamSpec **properties;
static guint n_properties;

/* ---- helpers: fields and properties --------------------------------- */

static const RpField *
field_of (guint prop_id)
{
  return rp_fields_get (prop_id - N_FIXED_PROPS);
}

static GParamSpec *
field_pspec (const RpField *f)
{
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  g_autofree char *dup = rp_field_dup_property_name (f);
  const char *name = g_intern_string (dup);

  switch (f->type)
    {
    case RP_FIELD_STRING:
      return g_param_spec_string (name, NULL, NULL, NULL, flags);
    case RP_FIELD_BOOL:
      return g_param_spec_boolean (name, NULL, NULL, FALSE, flags);
    case RP_FIELD_UINT:
    case RP_FIELD_ENUM:
      return g_param_spec_uint (name, NULL, NULL, 0, G_MAXUINT, 0, flags);
    case RP_FIELD_UINT64:
    case RP_FIELD_DOUBLE:
    default:
      /* NAN is null; the table's range is checked by the setter */
      return g_param_spec_double (name, NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags);
    }
}

static void
notify_fields (RpScenarioDocument *self,
               gboolean            arch_only)
{
  for (guint i = 0; i < rp_fields_n (); i++)
    if (!arch_only || rp_fields_get (i)->arch_bit != 0)
      g_object_notify_by_pspec (G_OBJECT (self), properties[N_FIXED_PROPS + i]);
}

static void
resolve_arch (RpScenarioDocument *self)
{
  const RpModelPreset *preset = rp_catalog_lookup_model (self->catalog,
                                                         self->scenario->model.preset);

  /* On failure the merged values are still there; the estimate reports
   * the error. */
  rp_model_resolve (&self->scenario->model, self->catalog, &self->arch, NULL);
  self->has_preset_arch = preset != NULL;
  if (preset != NULL)
    self->preset_arch = preset->arch;
}

static gboolean
recompute_cb (gpointer user_data)
{
  RpScenarioDocument *self = user_data;

  self->recompute_id = 0;
  rp_scenario_document_flush (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_recompute (RpScenarioDocument *self)
{
  /* Above GDK_PRIORITY_REDRAW, so the estimate is ready for the next frame. */
  if (self->recompute_id == 0)
    self->recompute_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE + 5, recompute_cb, self, NULL);
}

static void
changed (RpScenarioDocument *self)
{
  rp_scenario_document_set_modified (self, TRUE);
  schedule_recompute (self);
}

static void
set_notice (RpScenarioDocument *self,
            char               *notice)
{
  if (g_strcmp0 (self->notice, notice) == 0)
    {
      g_free (notice);
      return;
    }
  g_free (self->notice);
  self->notice = notice;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NOTICE]);
}

static void
replace_scenario (RpScenarioDocument *self,
                  RpScenario         *scenario)
{
  RpScenario was;

  if (scenario == self->scenario)
    return;
  /* in place: a pointer from rp_scenario_document_get_scenario() stays
   * the document's scenario across edits */
  was = *self->scenario;
  g_object_freeze_notify (G_OBJECT (self));
  *self->scenario = *scenario;
  *scenario = was;
  rp_scenario_free (scenario);
  resolve_arch (self);
  notify_fields (self, FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
  g_object_thaw_notify (G_OBJECT (self));
}

/* ---- helpers: prices that belong to a GPU ---------------------------- */

static gboolean
has_user_prices (const RpScenario *s)
{
  g_autoptr(GArray) typed = rp_scenario_typed_prices (s, RP_FIELD_OF_GPU);

  return typed->len > 0;
}

/* The prices a user typed for @gpu (the field table says which belong
 * to a GPU), kept while they try others. */
static void
save_prices (RpScenarioDocument *self,
             const char         *gpu)
{
  GArray *typed;

  if (gpu == NULL)
    return;
  typed = rp_scenario_typed_prices (self->scenario, RP_FIELD_OF_GPU);
  if (typed->len == 0)
    {
      g_array_unref (typed);
      return;
    }
  g_hash_table_insert (self->saved_prices, g_strdup (gpu), typed);
}

/* @scenario with the prices typed for its GPU before; NULL if none. */
static RpScenario *
restore_prices (RpScenarioDocument *self,
                const RpScenario   *scenario)
{
  GArray *typed = g_hash_table_lookup (self->saved_prices, scenario->hardware.gpu);

  return typed != NULL ? rp_scenario_edit_all (scenario, self->catalog, typed, NULL) : NULL;
}

static const char *
gpu_name (RpScenarioDocument *self,
          const char         *id)
{
  const RpGpu *gpu = rp_catalog_lookup_gpu (self->catalog, id);

  return gpu != NULL ? gpu->name : id;
}

/* The scenario on @id: the GPU's link and catalog prices (rp_explore_move);
 * the prices typed for the old GPU are kept for it, and those typed for
 * @id before come back.  Says so in the notice. */
static void
change_gpu (RpScenarioDocument *self,
            const char         *id)
{
  const RpGpu *gpu = rp_catalog_lookup_gpu (self->catalog, id);
  g_autofree char *old = g_strdup (self->scenario->hardware.gpu);
  gboolean had_prices = has_user_prices (self->scenario);
  RpScenario *moved = NULL, *restored;

  save_prices (self, old);
  if (gpu != NULL)
    moved = rp_scenario_edit (self->scenario, self->catalog, "hardware.gpu", NAN, id, NULL);
  if (moved == NULL)
    {
      moved = rp_scenario_copy (self->scenario);
      rp_scenario_set_gpu (moved, id);
    }
  restored = restore_prices (self, moved);
  if (restored != NULL)
    {
      rp_scenario_free (moved);
      moved = restored;
    }
  if (restored != NULL)
    /* TRANSLATORS: a GPU name */
    set_notice (self, g_strdup_printf (_("The prices you typed for the %s are back."),
                                       gpu_name (self, id)));
  else if (had_prices)
    /* TRANSLATORS: a GPU name, then the GPU the user's prices were for */
    set_notice (self, g_strdup_printf (_("Prices now come from the catalog for the %s; the "
                                         "prices you typed were for the %s."),
                                       gpu_name (self, id), gpu_name (self, old)));
  replace_scenario (self, moved);
}

/* ---- helpers: setting a field --------------------------------------- */

/* True when @s and the document's scenario differ in any field. */
static gboolean
differs (RpScenarioDocument *self,
         const RpScenario   *s)
{
  g_autoptr(GArray) changes = rp_scenario_diff (self->scenario, s);

  return changes->len > 0;
}

/* Sets @f through core's edit (rp-edit.h), so that a field means the same
 * here as in Compare, a fix or a plan: the machine moves as a whole, a
 * currency converts the money fields, a model field overrides the
 * preset's.  A value core refuses for what it names (a machine the global
 * batch cannot feed, a preset no catalog has) is kept as typed, for the
 * estimate to say what is wrong with it; out-of-range values never get
 * here (set_field_error).  FALSE when nothing changed. */
static gboolean
edit_in_core (RpScenarioDocument *self,
              const RpField      *f,
              double              value,
              const char         *text)
{
  RpScenario *edited = rp_scenario_edit (self->scenario, self->catalog, f->key, value, text,
                                         NULL);

  if (edited == NULL)
    {
      edited = rp_scenario_copy (self->scenario);
      if (f->type == RP_FIELD_STRING)
        {
          char **slot = rp_field_member (f, edited);

          g_free (*slot);
          *slot = g_strdup (text);
        }
      else
        rp_field_set_number (f, edited, value);
    }
  if (!differs (self, edited))
    {
      rp_scenario_free (edited);
      return FALSE;
    }
  replace_scenario (self, edited);
  return TRUE;
}

static gboolean
set_string (RpScenarioDocument *self,
            const RpField      *f,
            const char         *value)
{
  const char *now = *(char *const *) rp_field_member_const (f, self->scenario);

  if (value != NULL && *value == '\0' && f->section != RP_SECTION_NONE)
    value = NULL;
  /* choosing the preset again drops the user's overrides */
  if (g_strcmp0 (now, value) == 0 &&
      !(f->ref == RP_FIELD_REF_MODEL && rp_scenario_document_is_customized (self)))
    return FALSE;
  if (f->ref == RP_FIELD_REF_GPU && value != NULL)
    {
      change_gpu (self, value);
      return TRUE;
    }
  return edit_in_core (self, f, NAN, value);
}

/* Sets a number field; FALSE when nothing changed.  A model field typed
 * at the value it already has (the preset's) does not override it. */
static gboolean
set_number (RpScenarioDocument *self,
            const RpField      *f,
            double              value)
{
  double now = f->arch_bit != 0 ? rp_field_get_number (f, &self->arch)
                                 : rp_field_get_number (f, self->scenario);

  if (!rp_field_check (f, value, NULL))
    return FALSE;
  if (now == value || (isnan (now) && isnan (value)))
    return FALSE;
  return edit_in_core (self, f, value, NULL);
}

static gboolean
set_field (RpScenarioDocument *self,
           const RpField      *f,
           const GValue       *value)
{
  switch (f->type)
    {
    case RP_FIELD_STRING:
      return set_string (self, f, g_value_get_string (value));
    case RP_FIELD_BOOL:
      return set_number (self, f, g_value_get_boolean (value) ? 1 : 0);
    case RP_FIELD_UINT:
    case RP_FIELD_ENUM:
      return set_number (self, f, g_value_get_uint (value));
    case RP_FIELD_UINT64:
    case RP_FIELD_DOUBLE:
    default:
      return set_number (self, f, g_value_get_double (value));
    }
}

static void
get_field (RpScenarioDocument *self,
           const RpField      *f,
           GValue             *value)
{
  gconstpointer base = f->arch_bit != 0 ? (gconstpointer) &self->arch
                                        : (gconstpointer) self->scenario;

  switch (f->type)
    {
    case RP_FIELD_STRING:
      g_value_set_string (value, *(char * const *) rp_field_member_const (f, self->scenario));
      break;
    case RP_FIELD_BOOL:
      g_value_set_boolean (value, rp_field_get_number (f, base) != 0);
      break;
    case RP_FIELD_UINT:
    case RP_FIELD_ENUM:
      g_value_set_uint (value, (guint) rp_field_get_number (f, base));
      break;
    case RP_FIELD_UINT64:
      /* the parameter count shown is the one every estimate uses */
      g_value_set_double (value, f->arch_bit == RP_ARCH_PARAMS
                                 ? (double) rp_model_params (&self->arch)
                                 : rp_field_get_number (f, base));
      break;
    case RP_FIELD_DOUBLE:
    default:
      g_value_set_double (value, rp_field_get_number (f, base));
      break;
    }
}

/* ---- async I/O ------------------------------------------------------ */

static void
load_contents_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  GFile *file = G_FILE (source);
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) contents = NULL;
  g_autoptr(RpScenario) scenario = NULL;
  gsize len = 0;
  const char *data;

  contents = rp_file_load_finish (file, result, &error);
  if (contents == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  data = g_bytes_get_data (contents, &len);
  scenario = rp_scenario_load_data (data, len, &error);
  if (scenario == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  rp_scenario_document_set_scenario (g_task_get_source_object (task),
                                     g_steal_pointer (&scenario), file);
  g_task_return_boolean (task, TRUE);
}

static void
replace_contents_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  GFile *file = G_FILE (source);
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  RpScenarioDocument *self = g_task_get_source_object (task);

  if (!rp_file_replace_finish (file, result, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (g_set_object (&self->file, file))
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
    }
  rp_scenario_document_set_modified (self, FALSE);
  g_task_return_boolean (task, TRUE);
}

/* ---- vfunc overrides ------------------------------------------------ */

static void
rp_scenario_document_dispose (GObject *object)
{
  RpScenarioDocument *self = RP_SCENARIO_DOCUMENT (object);

  g_clear_handle_id (&self->recompute_id, g_source_remove);
  g_clear_object (&self->file);
  G_OBJECT_CLASS (rp_scenario_document_parent_class)->dispose (object);
}

static void
rp_scenario_document_finalize (GObject *object)
{
  RpScenarioDocument *self = RP_SCENARIO_DOCUMENT (object);

  g_clear_pointer (&self->catalog, rp_catalog_unref);
  g_clear_pointer (&self->scenario, rp_scenario_free);
  g_clear_pointer (&self->estimate, rp_estimate_free);
  g_clear_pointer (&self->scratch, rp_estimate_free);
  g_clear_error (&self->error);
  g_clear_pointer (&self->field_errors, g_hash_table_unref);
  g_clear_pointer (&self->saved_prices, g_hash_table_unref);
  g_clear_pointer (&self->notice, g_free);
  g_clear_object (&self->undo);
  G_OBJECT_CLASS (rp_scenario_document_parent_class)->finalize (object);
}

static void
rp_scenario_document_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  RpScenarioDocument *self = RP_SCENARIO_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_CATALOG:
      g_value_set_pointer (value, self->catalog);
      break;
    case PROP_ESTIMATE:
      g_value_set_pointer (value, (gpointer) rp_scenario_document_get_estimate (self));
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;
    case PROP_TITLE:
      g_value_take_string (value, rp_scenario_document_dup_title (self));
      break;
    case PROP_NOTICE:
      g_value_set_string (value, self->notice);
      break;
    default:
      if (prop_id >= N_FIXED_PROPS && prop_id < n_properties)
        get_field (self, field_of (prop_id), value);
      else
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* One edit of one field, as one step to undo. */
static void
edit_field (RpScenarioDocument *self,
            guint               prop_id,
            const GValue       *value)
{
  const RpField *f = field_of (prop_id);
  g_autoptr(RpScenario) before = rp_scenario_copy (self->scenario);

  if (f->ref != RP_FIELD_REF_GPU)
    set_notice (self, NULL);
  if (!set_field (self, f, value))
    return;
  /* typing into a text field is one step */
  rp_undo_stack_push (self->undo, g_steal_pointer (&before),
                      f->type == RP_FIELD_STRING && f->ref == RP_FIELD_REF_NONE ? f->key : NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
  if (f->section == RP_SECTION_NONE)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
  changed (self);
}

static void
rp_scenario_document_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  RpScenarioDocument *self = RP_SCENARIO_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_CATALOG:
      self->catalog = rp_catalog_ref (g_value_get_pointer (value));
      break;
    case PROP_MODIFIED:
      rp_scenario_document_set_modified (self, g_value_get_boolean (value));
      break;
    default:
      if (prop_id >= N_FIXED_PROPS && prop_id < n_properties)
        edit_field (self, prop_id, value);
      else
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ---- class_init / init ---------------------------------------------- */

static void
rp_scenario_document_class_init (RpScenarioDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = rp_scenario_document_dispose;
  object_class->finalize = rp_scenario_document_finalize;
  object_class->get_property = rp_scenario_document_get_property;
  object_class->set_property = rp_scenario_document_set_property;

  n_properties = N_FIXED_PROPS + rp_fields_n ();
  properties = g_new0 (GParamSpec *, n_properties);
  properties[PROP_CATALOG] =
    g_param_spec_pointer ("catalog", NULL, NULL,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ESTIMATE] =
    g_param_spec_pointer ("estimate", NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_NOTICE] =
    g_param_spec_string ("notice", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  for (guint i = 0; i < rp_fields_n (); i++)
    properties[N_FIXED_PROPS + i] = field_pspec (rp_fields_get (i));
  g_object_class_install_properties (object_class, n_properties, properties);

  /* RpScenarioDocument::applied: (const RpScenario *before): Apply Fix
   * or a set of changes ("Use this machine") changed the scenario, once
   * the estimate is made; what it was before is @before. */
  signals[SIGNAL_APPLIED] =
    g_signal_new ("applied", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
rp_scenario_document_init (RpScenarioDocument *self)
{
  self->scenario = rp_scenario_new_starter ();
  self->estimate = rp_estimate_new ();
  self->scratch = rp_estimate_new ();
  self->undo = rp_undo_stack_new ();
  self->field_errors = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                              (GDestroyNotify) g_error_free);
  self->saved_prices = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                              (GDestroyNotify) g_array_unref);
}

/* ---- public API ----------------------------------------------------- */

RpScenarioDocument *
rp_scenario_document_new (RpCatalog *catalog)
{
  RpScenarioDocument *self;

  g_return_val_if_fail (catalog != NULL, NULL);

  self = g_object_new (RP_TYPE_SCENARIO_DOCUMENT, "catalog", catalog, NULL);
  resolve_arch (self);
  rp_scenario_document_flush (self);
  return self;
}

RpCatalog *
rp_scenario_document_get_catalog (RpScenarioDocument *self)
{
  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), NULL);
  return self->catalog;
}

const RpScenario *
rp_scenario_document_get_scenario (RpScenarioDocument *self)
{
  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), NULL);
  return self->scenario;
}

const RpModelArch *
rp_scenario_document_get_arch (RpScenarioDocument *self)
{
  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), NULL);
  return &self->arch;
}

const RpModelArch *
rp_scenario_document_get_preset_arch (RpScenarioDocument *self)
{
  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), NULL);
  return self->has_preset_arch ? &self->preset_arch : NULL;
}

gboolean
rp_scenario_document_is_customized (RpScenarioDocument *self)
{
  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), FALSE);
  return rp_scenario_model_is_customized (self->scenario,
                                          rp_scenario_document_get_preset_arch (self));
}

void
rp_scenario_document_set_scenario (RpScenarioDocument *self,
                                   RpScenario         *scenario,
                                   GFile              *file)
{
  g_return_if_fail (RP_IS_SCENARIO_DOCUMENT (self));
  g_return_if_fail (scenario != NULL);
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  g_object_freeze_notify (G_OBJECT (self));
  g_hash_table_remove_all (self->field_errors);
  g_hash_table_remove_all (self->saved_prices);
  set_notice (self, NULL);
  rp_undo_stack_clear (self->undo);
  replace_scenario (self, scenario);
  g_set_object (&self->file, file);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
  g_object_thaw_notify (G_OBJECT (self));
  /* Loading is not an edit: the bindings' echoes must not mark it. */
  rp_scenario_document_flush (self);
  rp_scenario_document_set_modified (self, FALSE);
}

const RpEstimate *
rp_scenario_document_get_estimate (RpScenarioDocument *self)
{
  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), NULL);
  return rp_scenario_document_is_stale (self) ? NULL : self->estimate;
}

const RpEstimate *
rp_scenario_document_get_shown_estimate (RpScenarioDocument *self)
{
  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), NULL);
  return self->have_estimate ? self->estimate : NULL;
}

gboolean
rp_scenario_document_is_stale (RpScenarioDocument *self)
{
  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), TRUE);
  return !self->current || g_hash_table_size (self->field_errors) > 0;
}

const GError *
rp_scenario_document_get_error (RpScenarioDocument *self)
{
  GHashTableIter iter;
  gpointer value = NULL;

  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), NULL);

  g_hash_table_iter_init (&iter, self->field_errors);
  if (g_hash_table_iter_next (&iter, NULL, &value))
    return value;
  return self->error;
}

void
rp_scenario_document_flush (RpScenarioDocument *self)
{
  g_autoptr(GError) error = NULL;
  gint64 start_us;
  RpEstimate *swap;

  g_return_if_fail (RP_IS_SCENARIO_DOCUMENT (self));

  g_clear_handle_id (&self->recompute_id, g_source_remove);
  start_us = g_get_monotonic_time ();
  self->current = rp_fix_estimate (self->scenario, self->catalog, self->scratch, &error);
  self->compute_us = g_get_monotonic_time () - start_us;
  g_clear_error (&self->error);
  if (self->current)
    {
      swap = self->estimate;
      self->estimate = self->scratch;
      self->scratch = swap;
      self->have_estimate = TRUE;
    }
  else
    self->error = g_steal_pointer (&error);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ESTIMATE]);
}

gint64
rp_scenario_document_get_compute_us (RpScenarioDocument *self)
{
  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), 0);
  return self->compute_us;
}

void
rp_scenario_document_set_field_error (RpScenarioDocument *self,
                                      const char         *key,
                                      const GError       *error)
{
  const RpField *f;
  gboolean had;

  g_return_if_fail (RP_IS_SCENARIO_DOCUMENT (self));
  f = rp_fields_lookup (key);
  g_return_if_fail (f != NULL);

  had = g_hash_table_contains (self->field_errors, f->key);
  if (error == NULL && !had)
    return;
  if (error != NULL)
    g_hash_table_replace (self->field_errors, (gpointer) f->key, g_error_copy (error));
  else
    g_hash_table_remove (self->field_errors, f->key);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ESTIMATE]);
}

const GError *
rp_scenario_document_get_field_error (RpScenarioDocument *self,
                                      const char         *key)
{
  const RpField *f;

  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), NULL);
  f = rp_fields_lookup (key);
  return f != NULL ? g_hash_table_lookup (self->field_errors, f->key) : NULL;
}

gboolean
rp_scenario_document_apply_fix (RpScenarioDocument *self)
{
  const RpEstimate *est;

  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), FALSE);

  est = rp_scenario_document_get_estimate (self);
  if (est == NULL || est->fix.status != RP_FIX_FOUND)
    return FALSE;
  /* the fix's edits, as rp_fix_apply makes them */
  return rp_scenario_document_apply_changes (self, est->fix.changes);
}

gboolean
rp_scenario_document_apply_changes (RpScenarioDocument *self,
                                    const GArray       *changes)
{
  g_autoptr(RpScenario) before = NULL;
  g_autoptr(GError) error = NULL;
  RpScenario *edited;

  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), FALSE);

  if (changes == NULL || changes->len == 0)
    return FALSE;
  set_notice (self, NULL);
  edited = rp_scenario_edit_all (self->scenario, self->catalog, changes, &error);
  if (edited == NULL)
    {
      set_notice (self, g_strdup (error->message));
      return FALSE;
    }
  before = rp_scenario_copy (self->scenario);
  rp_undo_stack_push (self->undo, rp_scenario_copy (before), NULL);
  replace_scenario (self, edited);
  rp_scenario_document_set_modified (self, TRUE);
  rp_scenario_document_flush (self);
  g_signal_emit (self, signals[SIGNAL_APPLIED], 0, before);
  return TRUE;
}

void
rp_scenario_document_reset_field (RpScenarioDocument *self,
                                  const char         *property)
{
  GParamSpec *pspec;
  g_auto(GValue) value = G_VALUE_INIT;

  g_return_if_fail (RP_IS_SCENARIO_DOCUMENT (self));
  g_return_if_fail (property != NULL);

  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (self), property);
  g_return_if_fail (pspec != NULL && pspec->param_id >= N_FIXED_PROPS);
  g_value_init (&value, pspec->value_type);
  /* GObject refuses a NAN double (out of range): set it here, past
   * g_object_set()'s check */
  if (G_VALUE_HOLDS_DOUBLE (&value))
    g_value_set_double (&value, NAN);
  else if (!G_VALUE_HOLDS_STRING (&value))
    g_return_if_reached ();
  edit_field (self, pspec->param_id, &value);
}

gboolean
rp_scenario_document_replace (RpScenarioDocument *self,
                              RpScenario         *scenario)
{
  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), FALSE);
  g_return_val_if_fail (scenario != NULL, FALSE);

  g_hash_table_remove_all (self->field_errors);
  set_notice (self, NULL);
  rp_undo_stack_push (self->undo, rp_scenario_copy (self->scenario), NULL);
  replace_scenario (self, scenario);
  rp_scenario_document_set_modified (self, TRUE);
  rp_scenario_document_flush (self);
  return TRUE;
}

RpUndoStack *
rp_scenario_document_get_undo_stack (RpScenarioDocument *self)
{
  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), NULL);
  return self->undo;
}

/* Shows @shown (transfer full), from the undo stack. */
static gboolean
show_step (RpScenarioDocument *self,
           RpScenario         *shown)
{
  if (shown == NULL)
    return FALSE;
  /* a typed value that was not valid belongs to the scenario left */
  g_hash_table_remove_all (self->field_errors);
  set_notice (self, NULL);
  /* the scenario left now belongs to the stack: replaced, not freed */
  g_object_freeze_notify (G_OBJECT (self));
  self->scenario = shown;
  resolve_arch (self);
  notify_fields (self, FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
  g_object_thaw_notify (G_OBJECT (self));
  rp_scenario_document_set_modified (self, TRUE);
  rp_scenario_document_flush (self);
  return TRUE;
}

gboolean
rp_scenario_document_undo (RpScenarioDocument *self)
{
  RpScenario *shown;

  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), FALSE);
  if (!rp_undo_stack_can_undo (self->undo))
    return FALSE;
  shown = rp_undo_stack_undo (self->undo, self->scenario);
  return show_step (self, shown);
}

gboolean
rp_scenario_document_redo (RpScenarioDocument *self)
{
  RpScenario *shown;

  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), FALSE);
  if (!rp_undo_stack_can_redo (self->undo))
    return FALSE;
  shown = rp_undo_stack_redo (self->undo, self->scenario);
  return show_step (self, shown);
}

const char *
rp_scenario_document_get_notice (RpScenarioDocument *self)
{
  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), NULL);
  return self->notice;
}

GFile *
rp_scenario_document_get_file (RpScenarioDocument *self)
{
  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), NULL);
  return self->file;
}

gboolean
rp_scenario_document_get_modified (RpScenarioDocument *self)
{
  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), FALSE);
  return self->modified;
}

void
rp_scenario_document_set_modified (RpScenarioDocument *self,
                                   gboolean            modified)
{
  g_return_if_fail (RP_IS_SCENARIO_DOCUMENT (self));

  modified = !!modified;
  if (self->modified == modified)
    return;
  self->modified = modified;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

char *
rp_scenario_document_dup_title (RpScenarioDocument *self)
{
  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), NULL);

  if (self->scenario->name != NULL && *self->scenario->name != '\0')
    return g_strdup (self->scenario->name);
  if (self->file != NULL)
    return g_file_get_basename (self->file);
  return g_strdup (_("Untitled Scenario"));
}

void
rp_scenario_document_load_async (RpScenarioDocument  *self,
                                 GFile               *file,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (RP_IS_SCENARIO_DOCUMENT (self));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, rp_scenario_document_load_async);
  /* /dev/zero or a 3 GB file is not a scenario: read at most the bound */
  rp_file_load_async (file, RP_SCENARIO_MAX_BYTES, cancellable, load_contents_cb, task);
}

gboolean
rp_scenario_document_load_finish (RpScenarioDocument *self,
                                  GAsyncResult       *result,
                                  GError            **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

void
rp_scenario_document_save_async (RpScenarioDocument  *self,
                                 GFile               *file,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  GTask *task;
  g_autoptr(GBytes) bytes = NULL;
  char *json;

  g_return_if_fail (RP_IS_SCENARIO_DOCUMENT (self));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, rp_scenario_document_save_async);
  json = rp_scenario_to_json (self->scenario);
  bytes = g_bytes_new_take (json, strlen (json));
  /* core's atomic writer: on a full disk the old file stays whole (GLib
   * 2.74's replace_contents left it empty), its mode and links kept */
  rp_file_replace_async (file, bytes, cancellable, replace_contents_cb, task);
}

gboolean
rp_scenario_document_save_finish (RpScenarioDocument *self,
                                  GAsyncResult       *result,
                                  GError            **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

const RpField *
rp_scenario_document_property_field (const char *property)
{
  g_return_val_if_fail (property != NULL, NULL);

  for (guint i = 0; i < rp_fields_n (); i++)
    if (properties != NULL && properties[N_FIXED_PROPS + i] != NULL &&
        g_str_equal (properties[N_FIXED_PROPS + i]->name, property))
      return rp_fields_get (i);
  return NULL;
}

const char *
rp_scenario_document_field_property (const RpField *field)
{
  g_return_val_if_fail (field != NULL && properties != NULL, NULL);

  for (guint i = 0; i < rp_fields_n (); i++)
    if (rp_fields_get (i) == field)
      return properties[N_FIXED_PROPS + i]->name;
  return NULL;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-compare-document.c: a comparison: its columns, its file, its undo
 *
 * An undo step is a copy of every column: at most six scenarios of a few
 * hundred values each, copied in microseconds, and undo gives back the
 * columns exactly as they were.  Files are read and written in a GTask
 * thread; the comparison goes through core's atomic writer. */

#include "config.h"

#include "rp-compare-document.h"

#include "rp-compare-set.h"
#include "rp-compare.h"
#include "rp-edit.h"
#include "rp-error.h"
#include "rp-units.h"
#include "rp-words.h"

#include <glib/gi18n.h>
#include <math.h>

/* ---- private structs ------------------------------------------------ */

typedef struct
{
  RpScenario    *scenario;      /* owned */
  GFile         *file;          /* owned; NULL: held inline when saved */
  GWeakRef       document;      /* the editor's document it follows */
  gulong         handler;       /* its notify::estimate */
  gulong         saved_handler; /* its notify::modified: saved, perhaps as */
  const RpField *variant;       /* the field a variant changes, or NULL */
  char          *base_name;     /* owned: the name the variant started from */
} Column;

/* An entry of a loaded comparison that could not be read, kept to be
 * saved back. */
typedef struct
{
  char   *path;
  GError *error;
} Missing;

struct _RpCompareDocument
{
  GObject parent_instance;

  /* owned */
  RpCatalog *catalog;
  GPtrArray *columns;           /* Column* */
  GPtrArray *missing;           /* Missing* */
  GFile     *file;              /* the *.rigplan-compare, or NULL */
  char      *name;              /* the comparison's name, or NULL */
  GPtrArray *undo;              /* GPtrArray* of Column*: the columns before each change */
  GPtrArray *redo;              /* the same, for the changes undone */

  /* state */
  gboolean   modified;
  guint      n_busy;
};

G_DEFINE_FINAL_TYPE (RpCompareDocument, rp_compare_document, G_TYPE_OBJECT)

enum
{
  SIGNAL_CHANGED,
  SIGNAL_NOTICE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void on_document_changed_cb (RpCompareDocument  *self,
                                    GParamSpec         *pspec,
                                    RpScenarioDocument *document);

/* ---- helpers: signals ----------------------------------------------- */

static void
emit_changed (RpCompareDocument *self,
              RpCompareChange    what)
{
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0, (guint) what);
}

static void
emit_notice (RpCompareDocument *self,
             const char        *text)
{
  g_signal_emit (self, signals[SIGNAL_NOTICE], 0, text);
}

/* A change of the columns: the comparison is modified. */
static void
columns_changed (RpCompareDocument *self,
                 RpCompareChange    what)
{
  self->modified = TRUE;
  emit_changed (self, what | RP_COMPARE_CHANGE_FILE);
}

/* ---- helpers: columns ----------------------------------------------- */

static void
column_unlink (Column *col)
{
  g_autoptr(RpScenarioDocument) doc = g_weak_ref_get (&col->document);

  if (doc != NULL && col->handler != 0)
    g_signal_handler_disconnect (doc, col->handler);
  if (doc != NULL && col->saved_handler != 0)
    g_signal_handler_disconnect (doc, col->saved_handler);
  col->handler = col->saved_handler = 0;
  g_weak_ref_set (&col->document, NULL);
}

static void
column_free (gpointer data)
{
  Column *col = data;

  g_clear_pointer (&col->scenario, rp_scenario_free);
  g_clear_object (&col->file);
  g_weak_ref_clear (&col->document);
  g_free (col->base_name);
  g_free (col);
}

static Column *
column_new (const RpScenario *scenario,
            GFile            *file)
{
  Column *col = g_new0 (Column, 1);

  col->scenario = rp_scenario_copy (scenario);
  col->file = file != NULL ? g_object_ref (file) : NULL;
  g_weak_ref_init (&col->document, NULL);
  return col;
}

static void
column_link (RpCompareDocument  *self,
             Column             *col,
             RpScenarioDocument *document)
{
  column_unlink (col);
  g_weak_ref_set (&col->document, document);
  col->handler = g_signal_connect_object (document, "notify::estimate",
                                          G_CALLBACK (on_document_changed_cb), self,
                                          G_CONNECT_SWAPPED);
  /* a save (as) gives the column the file it can be referred to by */
  col->saved_handler = g_signal_connect_object (document, "notify::modified",
                                                G_CALLBACK (on_document_changed_cb), self,
                                                G_CONNECT_SWAPPED);
}

static Column *
column_at (RpCompareDocument *self,
           guint              i)
{
  g_return_val_if_fail (i < self->columns->len, NULL);
  return g_ptr_array_index (self->columns, i);
}

static gboolean
column_is_its_file (const Column *col)
{
  g_autoptr(RpScenarioDocument) doc = g_weak_ref_get ((GWeakRef *) &col->document);

  if (col->file == NULL || col->variant != NULL || !g_file_is_native (col->file))
    return FALSE;
  return doc == NULL || !rp_scenario_document_get_modified (doc);
}

static gboolean
has_room (RpCompareDocument *self)
{
  g_autofree char *text = NULL;

  if (self->columns->len < RP_COMPARE_MAX_SHOWN)
    return TRUE;
  text = g_strdup_printf (_("A comparison holds at most %u scenarios; "
                            "remove one to add another."), RP_COMPARE_MAX_SHOWN);
  emit_notice (self, text);
  return FALSE;
}

static void
missing_free (gpointer data)
{
  Missing *m = data;

  g_free (m->path);
  g_clear_error (&m->error);
  g_free (m);
}

/* ---- helpers: undo -------------------------------------------------- */

/* @col as it is, without its signal handlers: a state to go back to. */
static Column *
column_copy (const Column *col)
{
  Column *copy = column_new (col->scenario, col->file);
  g_autoptr(RpScenarioDocument) doc = g_weak_ref_get ((GWeakRef *) &col->document);

  g_weak_ref_set (&copy->document, doc);
  copy->variant = col->variant;
  copy->base_name = g_strdup (col->base_name);
  return copy;
}

static GPtrArray *
columns_copy (GPtrArray *columns)
{
  GPtrArray *copy = g_ptr_array_new_with_free_func (column_free);

  for (guint i = 0; i < columns->len; i++)
    g_ptr_array_add (copy, column_copy (g_ptr_array_index (columns, i)));
  return copy;
}

/* Keeps the columns as they are before a change, one undo step. */
static void
remember (RpCompareDocument *self)
{
  g_ptr_array_add (self->undo, columns_copy (self->columns));
  if (self->undo->len > RP_COMPARE_DOCUMENT_MAX_UNDO)
    g_ptr_array_remove_index (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
}

/* Puts the last state of @from in place of the columns, following the
 * editors still open; @to gets the columns as they were. */
static void
restore (RpCompareDocument *self,
         GPtrArray         *from,
         GPtrArray         *to)
{
  g_autoptr(GPtrArray) state = g_ptr_array_steal_index (from, from->len - 1);

  g_ptr_array_add (to, columns_copy (self->columns));
  for (guint i = 0; i < self->columns->len; i++)
    column_unlink (column_at (self, i));
  g_ptr_array_set_size (self->columns, 0);
  for (guint i = 0; i < state->len; i++)
    {
      Column *col = column_copy (g_ptr_array_index (state, i));
      g_autoptr(RpScenarioDocument) doc = g_weak_ref_get (&col->document);

      if (doc != NULL)
        column_link (self, col, doc);
      g_ptr_array_add (self->columns, col);
    }
  columns_changed (self, RP_COMPARE_CHANGE_COLUMNS);
}

/* ---- helpers: variants ---------------------------------------------- */

/* The variant's name: the scenario's, the field changed and its value,
 * "Llama 3 8B LoRA · GPU: NVIDIA H100". */
static void
name_variant (RpCompareDocument *self,
              const Column      *col,
              RpScenario        *scenario)
{
  g_autofree char *value = rp_compare_document_dup_variant_text (self, col->variant, scenario);
  /* TRANSLATORS: a variant's name: the scenario's, the field changed
   * and its value, "Llama 3 8B LoRA · GPU: NVIDIA H100" */
  g_autofree char *name = g_strdup_printf (_("%s · %s: %s"), col->base_name,
                                           rp_field_get_label (col->variant), value);

  rp_scenario_set_name (scenario, name);
}

/* The variant's scenario with its field at @text, edited as the scenario
 * window edits it (rp_scenario_edit).  Transfer full; NULL with @error. */
static RpScenario *
apply_variant (RpCompareDocument *self,
               const Column      *col,
               const char        *text,
               GError           **error)
{
  const RpField *f = col->variant;
  double v = NAN;
  const RpGpu *gpu = NULL;

  if (f->ref == RP_FIELD_REF_GPU)
    {
      gpu = rp_catalog_lookup_gpu (self->catalog, text);
      if (gpu == NULL)
        {
          rp_error_set_key (error, RP_ERROR_UNKNOWN_GPU, f->key, _("no GPU “%s” in the catalog"),
                            text);
          return NULL;
        }
    }
  else if (f->choices != NULL || f->type == RP_FIELD_BOOL)
    {
      guint index = 0;

      if (f->type == RP_FIELD_BOOL)
        index = g_strcmp0 (text, "true") == 0;
      else if (!rp_enum_info_lookup (f->choices, text, &index))
        {
          rp_error_set_key (error, RP_ERROR_INVALID_VALUE, f->key, _("“%s” is not a choice"),
                            text);
          return NULL;
        }
      v = index;
    }
  else if (!rp_field_parse_text (f, text, &v, error))
    return NULL;

  return rp_scenario_edit (col->scenario, self->catalog, f->key, v,
                           f->ref == RP_FIELD_REF_GPU ? gpu->id : NULL, error);
}

/* ---- helpers: reading files in a thread ------------------------------ */

typedef struct
{
  GPtrArray *files;             /* GFile* */
  GPtrArray *scenarios;         /* RpScenario* */
  GPtrArray *paths;             /* GFile*, NULL inline */
  GPtrArray *errors;            /* GError* of what could not be read */
  GPtrArray *missing;           /* Missing*: a comparison's unreadable entries */
  GFile     *set_file;          /* the comparison read, when one was */
  char      *set_name;
  GPtrArray *added;             /* GFile*: the scenario files that became columns */
} ReadJob;

static void
read_job_free (gpointer data)
{
  ReadJob *job = data;

  g_ptr_array_unref (job->files);
  g_ptr_array_unref (job->scenarios);
  g_ptr_array_unref (job->paths);
  g_ptr_array_unref (job->errors);
  g_ptr_array_unref (job->missing);
  g_clear_object (&job->set_file);
  g_free (job->set_name);
  g_clear_pointer (&job->added, g_ptr_array_unref);
  g_free (job);
}

static void
unref_if_set (gpointer object)
{
  if (object != NULL)
    g_object_unref (object);
}

static gboolean
is_compare_file (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);

  return name != NULL && g_str_has_suffix (name, ".rigplan-compare");
}

static void
read_set (ReadJob    *job,
          GFile      *file,
          const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RpCompareSet) set = rp_compare_set_load_file (path, &error);

  if (set == NULL)
    {
      g_ptr_array_add (job->errors, g_steal_pointer (&error));
      return;
    }
  g_set_object (&job->set_file, file);
  job->set_name = g_strdup (rp_compare_set_get_name (set));
  for (guint i = 0; i < rp_compare_set_get_n (set); i++)
    {
      const RpCompareEntry *entry = rp_compare_set_get (set, i);

      if (entry->scenario == NULL)
        {
          Missing *m = g_new0 (Missing, 1);

          m->path = g_strdup (entry->path);
          m->error = g_error_copy (entry->error);
          g_ptr_array_add (job->missing, m);
          continue;
        }
      g_ptr_array_add (job->scenarios, rp_scenario_copy (entry->scenario));
      g_ptr_array_add (job->paths, entry->path != NULL ? g_file_new_for_path (entry->path) : NULL);
    }
}

static void
read_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  ReadJob *job = task_data;

  for (guint i = 0; i < job->files->len && !g_cancellable_is_cancelled (cancellable); i++)
    {
      GFile *file = g_ptr_array_index (job->files, i);
      g_autofree char *path = g_file_get_path (file);
      g_autoptr(GError) error = NULL;
      RpScenario *scenario;

      if (path == NULL)
        {
          g_autofree char *uri = g_file_get_uri (file);

          g_ptr_array_add (job->errors,
                           g_error_new (G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                                        _("%s: Rigplan compares local files only"), uri));
          continue;
        }
      if (is_compare_file (file))
        {
          read_set (job, file, path);
          continue;
        }
      scenario = rp_scenario_load_file (path, &error);
      if (scenario == NULL)
        {
          g_ptr_array_add (job->errors, g_steal_pointer (&error));
          continue;
        }
      g_ptr_array_add (job->scenarios, scenario);
      g_ptr_array_add (job->paths, g_object_ref (file));
    }
  if (g_task_return_error_if_cancelled (task))
    return;
  g_task_return_boolean (task, TRUE);
}

/* The comparison's unreadable entries join the document's, their
 * errors the notice. */
static void
take_missing (RpCompareDocument *self,
              ReadJob           *job,
              GString           *problems)
{
  for (guint i = 0; i < job->missing->len; i++)
    {
      Missing *m = g_ptr_array_index (job->missing, i);

      g_string_append_printf (problems, "%s%s", problems->len > 0 ? "\n" : "",
                              m->error != NULL ? m->error->message : m->path);
      g_ptr_array_add (self->missing, m);
      job->missing->pdata[i] = NULL;
    }
  g_ptr_array_set_free_func (job->missing, NULL);
}

/* Puts what the thread read into the document (in the main thread). */
static void
take_read (RpCompareDocument *self,
           ReadJob           *job)
{
  g_autoptr(GString) problems = g_string_new (NULL);
  gboolean was_empty = self->columns->len == 0 && self->file == NULL;
  gboolean opened = job->set_file != NULL && was_empty && job->files->len == 1;
  RpCompareChange what = 0;

  for (guint i = 0; i < job->errors->len; i++)
    g_string_append_printf (problems, "%s%s", problems->len > 0 ? "\n" : "",
                            ((GError *) g_ptr_array_index (job->errors, i))->message);
  take_missing (self, job, problems);
  if (job->scenarios->len > 0 && !opened && has_room (self))
    remember (self);
  for (guint i = 0; i < job->scenarios->len; i++)
    {
      GFile *path = g_ptr_array_index (job->paths, i);

      if (!has_room (self))
        break;
      g_ptr_array_add (self->columns,
                       column_new (g_ptr_array_index (job->scenarios, i), path));
      if (path != NULL)
        g_ptr_array_add (job->added, g_object_ref (path));
      what |= RP_COMPARE_CHANGE_COLUMNS;
    }
  if (opened)
    {
      /* opened, not added: it is this document's comparison now */
      g_set_object (&self->file, job->set_file);
      g_free (self->name);
      self->name = g_strdup (job->set_name);
      self->modified = FALSE;
      what |= RP_COMPARE_CHANGE_FILE;
    }
  else if (what != 0)
    {
      self->modified = TRUE;
      what |= RP_COMPARE_CHANGE_FILE;
    }
  if (problems->len > 0)
    emit_notice (self, problems->str);
  if (what != 0)
    emit_changed (self, what);
}

static void
read_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  RpCompareDocument *self = RP_COMPARE_DOCUMENT (source);
  g_autoptr(GTask) outer = user_data;
  ReadJob *job = g_task_get_task_data (outer);
  g_autoptr(GError) error = NULL;

  self->n_busy--;
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      g_task_return_error (outer, g_steal_pointer (&error));
      return;
    }
  take_read (self, job);
  g_task_return_boolean (outer, TRUE);
}

/* ---- helpers: saving ------------------------------------------------ */

static RpCompareSet *
build_set (RpCompareDocument *self)
{
  RpCompareSet *set = rp_compare_set_new ();

  rp_compare_set_set_name (set, self->name);
  for (guint i = 0; i < self->columns->len; i++)
    {
      Column *col = column_at (self, i);
      g_autofree char *path = column_is_its_file (col) ? g_file_get_path (col->file) : NULL;

      rp_compare_set_add (set, col->scenario, path);
    }
  for (guint i = 0; i < self->missing->len; i++)
    {
      Missing *m = g_ptr_array_index (self->missing, i);

      rp_compare_set_add_missing (set, m->path, m->error);
    }
  return set;
}

static void
save_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  RpCompareSet *set = task_data;
  GFile *file = g_object_get_data (G_OBJECT (task), "rp-file");
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GError) error = NULL;

  if (path == NULL)
    g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                 _("Rigplan saves comparisons to local files only."));
  else
    rp_compare_set_save_file (set, path, &error);
  if (error != NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_boolean (task, TRUE);
}

/* ---- signal callbacks ----------------------------------------------- */

/* An editor's document a column follows changed or was saved. */
static void
on_document_changed_cb (RpCompareDocument  *self,
                        GParamSpec         *pspec,
                        RpScenarioDocument *document)
{
  gboolean any = FALSE;

  for (guint i = 0; i < self->columns->len; i++)
    {
      Column *col = column_at (self, i);
      g_autoptr(RpScenarioDocument) doc = g_weak_ref_get (&col->document);
      GFile *file;

      if (doc != document)
        continue;
      g_clear_pointer (&col->scenario, rp_scenario_free);
      col->scenario = rp_scenario_copy (rp_scenario_document_get_scenario (document));
      file = rp_scenario_document_get_file (document);
      g_set_object (&col->file, file);
      if (file != NULL)
        col->variant = NULL;    /* saved under a name of its own */
      any = TRUE;
    }
  if (any)
    emit_changed (self, RP_COMPARE_CHANGE_VALUES);
}

/* ---- vfunc overrides ------------------------------------------------ */

static void
rp_compare_document_dispose (GObject *object)
{
  RpCompareDocument *self = RP_COMPARE_DOCUMENT (object);

  for (guint i = 0; self->columns != NULL && i < self->columns->len; i++)
    column_unlink (column_at (self, i));
  g_clear_pointer (&self->columns, g_ptr_array_unref);
  g_clear_pointer (&self->undo, g_ptr_array_unref);
  g_clear_pointer (&self->redo, g_ptr_array_unref);
  g_clear_pointer (&self->missing, g_ptr_array_unref);
  g_clear_object (&self->file);
  g_clear_pointer (&self->catalog, rp_catalog_unref);
  G_OBJECT_CLASS (rp_compare_document_parent_class)->dispose (object);
}

static void
rp_compare_document_finalize (GObject *object)
{
  RpCompareDocument *self = RP_COMPARE_DOCUMENT (object);

  g_free (self->name);
  G_OBJECT_CLASS (rp_compare_document_parent_class)->finalize (object);
}

/* ---- class_init / init ---------------------------------------------- */

static void
rp_compare_document_class_init (RpCompareDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = rp_compare_document_dispose;
  object_class->finalize = rp_compare_document_finalize;

  /* (guint what): RpCompareChange flags */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);
  /* (const char *text): a sentence for the view */
  signals[SIGNAL_NOTICE] =
    g_signal_new ("notice", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
rp_compare_document_init (RpCompareDocument *self)
{
  self->columns = g_ptr_array_new_with_free_func (column_free);
  self->missing = g_ptr_array_new_with_free_func (missing_free);
  self->undo = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  self->redo = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
}

/* ---- public API: columns -------------------------------------------- */

RpCompareDocument *
rp_compare_document_new (RpCatalog *catalog)
{
  RpCompareDocument *self;

  g_return_val_if_fail (catalog != NULL, NULL);

  self = g_object_new (RP_TYPE_COMPARE_DOCUMENT, NULL);
  self->catalog = rp_catalog_ref (catalog);
  return self;
}

RpCatalog *
rp_compare_document_get_catalog (RpCompareDocument *self)
{
  g_return_val_if_fail (RP_IS_COMPARE_DOCUMENT (self), NULL);
  return self->catalog;
}

guint
rp_compare_document_get_n_columns (RpCompareDocument *self)
{
  g_return_val_if_fail (RP_IS_COMPARE_DOCUMENT (self), 0);
  return self->columns->len;
}

const RpScenario *
rp_compare_document_get_scenario (RpCompareDocument *self,
                                  guint              column)
{
  g_return_val_if_fail (RP_IS_COMPARE_DOCUMENT (self), NULL);
  g_return_val_if_fail (column < self->columns->len, NULL);
  return column_at (self, column)->scenario;
}

GFile *
rp_compare_document_get_column_file (RpCompareDocument *self,
                                     guint              column)
{
  g_return_val_if_fail (RP_IS_COMPARE_DOCUMENT (self), NULL);
  g_return_val_if_fail (column < self->columns->len, NULL);
  return column_at (self, column)->file;
}

const RpField *
rp_compare_document_get_variant (RpCompareDocument *self,
                                 guint              column)
{
  g_return_val_if_fail (RP_IS_COMPARE_DOCUMENT (self), NULL);
  g_return_val_if_fail (column < self->columns->len, NULL);
  return column_at (self, column)->variant;
}

RpScenarioDocument *
rp_compare_document_dup_linked (RpCompareDocument *self,
                                guint              column)
{
  g_return_val_if_fail (RP_IS_COMPARE_DOCUMENT (self), NULL);
  g_return_val_if_fail (column < self->columns->len, NULL);
  return g_weak_ref_get (&column_at (self, column)->document);
}

gboolean
rp_compare_document_column_is_its_file (RpCompareDocument *self,
                                        guint              column)
{
  g_return_val_if_fail (RP_IS_COMPARE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (column < self->columns->len, FALSE);
  return column_is_its_file (column_at (self, column));
}

gboolean
rp_compare_document_add_scenario (RpCompareDocument *self,
                                  const RpScenario  *scenario,
                                  GFile             *file)
{
  g_return_val_if_fail (RP_IS_COMPARE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (scenario != NULL, FALSE);
  g_return_val_if_fail (file == NULL || G_IS_FILE (file), FALSE);

  if (!has_room (self))
    return FALSE;
  remember (self);
  g_ptr_array_add (self->columns, column_new (scenario, file));
  columns_changed (self, RP_COMPARE_CHANGE_COLUMNS);
  return TRUE;
}

gboolean
rp_compare_document_add_document (RpCompareDocument  *self,
                                  RpScenarioDocument *document)
{
  Column *col;

  g_return_val_if_fail (RP_IS_COMPARE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (document), FALSE);

  for (guint i = 0; i < self->columns->len; i++)
    {
      g_autoptr(RpScenarioDocument) doc = g_weak_ref_get (&column_at (self, i)->document);

      if (doc == document)
        return TRUE;
    }
  if (!has_room (self))
    return FALSE;
  remember (self);
  col = column_new (rp_scenario_document_get_scenario (document),
                    rp_scenario_document_get_file (document));
  column_link (self, col, document);
  g_ptr_array_add (self->columns, col);
  columns_changed (self, RP_COMPARE_CHANGE_COLUMNS);
  return TRUE;
}

void
rp_compare_document_link (RpCompareDocument  *self,
                          guint               column,
                          RpScenarioDocument *document)
{
  g_return_if_fail (RP_IS_COMPARE_DOCUMENT (self));
  g_return_if_fail (column < self->columns->len);
  g_return_if_fail (RP_IS_SCENARIO_DOCUMENT (document));

  column_link (self, column_at (self, column), document);
}

void
rp_compare_document_remove_column (RpCompareDocument *self,
                                   guint              column)
{
  g_return_if_fail (RP_IS_COMPARE_DOCUMENT (self));
  g_return_if_fail (column < self->columns->len);

  remember (self);
  column_unlink (column_at (self, column));
  g_ptr_array_remove_index (self->columns, column);
  columns_changed (self, RP_COMPARE_CHANGE_COLUMNS);
}

void
rp_compare_document_move_column (RpCompareDocument *self,
                                 guint              column,
                                 int                delta)
{
  int to;
  gpointer col;

  g_return_if_fail (RP_IS_COMPARE_DOCUMENT (self));
  g_return_if_fail (column < self->columns->len);

  to = (int) column + delta;
  if (to < 0 || to >= (int) self->columns->len || delta == 0)
    return;
  remember (self);
  col = self->columns->pdata[column];
  self->columns->pdata[column] = self->columns->pdata[to];
  self->columns->pdata[to] = col;
  columns_changed (self, RP_COMPARE_CHANGE_COLUMNS);
}

/* ---- public API: variants ------------------------------------------- */

gboolean
rp_compare_document_is_variant_field (const RpField *f)
{
  g_return_val_if_fail (f != NULL, FALSE);

  if ((f->flags & RP_FIELD_FORM) == 0 || f->section == RP_SECTION_NONE ||
      f->section == RP_SECTION_MODEL || g_str_equal (f->key, "budget.currency"))
    return FALSE;
  return f->type != RP_FIELD_STRING || f->ref == RP_FIELD_REF_GPU;
}

GPtrArray *
rp_compare_document_variant_fields (void)
{
  static GPtrArray *fields = NULL;

  if (g_once_init_enter (&fields))
    {
      GPtrArray *list = g_ptr_array_new ();

      for (guint i = 0; i < rp_fields_n (); i++)
        if (rp_compare_document_is_variant_field (rp_fields_get (i)))
          g_ptr_array_add (list, (gpointer) rp_fields_get (i));
      g_once_init_leave (&fields, list);
    }
  return fields;
}

char *
rp_compare_document_dup_variant_text (RpCompareDocument *self,
                                      const RpField     *f,
                                      const RpScenario  *s)
{
  double v;

  g_return_val_if_fail (RP_IS_COMPARE_DOCUMENT (self), NULL);
  g_return_val_if_fail (f != NULL && s != NULL, NULL);

  if (f->ref == RP_FIELD_REF_GPU)
    {
      const RpGpu *gpu = rp_catalog_lookup_gpu (self->catalog, s->hardware.gpu);

      return g_strdup (gpu != NULL ? gpu->name : s->hardware.gpu);
    }
  v = rp_field_get_number (f, s);
  if (isnan (v))
    return g_strdup ("");
  if (f->choices != NULL)
    return g_strdup (rp_enum_info_get_label (f->choices, (guint) v));
  if (f->type == RP_FIELD_BOOL)
    return g_strdup (v != 0 ? _("yes") : _("no"));
  return rp_units_format_number (v / rp_unit_get_scale (f->unit), f->digits);
}

gboolean
rp_compare_document_duplicate_as_variant (RpCompareDocument *self,
                                          guint              column,
                                          const char        *key)
{
  const RpField *f;
  Column *base, *col;

  g_return_val_if_fail (RP_IS_COMPARE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (column < self->columns->len, FALSE);
  g_return_val_if_fail (key != NULL, FALSE);

  f = rp_fields_lookup (key);
  if (f == NULL || !rp_compare_document_is_variant_field (f) || !has_room (self))
    return FALSE;
  base = column_at (self, column);
  col = column_new (base->scenario, NULL);
  col->variant = f;
  col->base_name = g_strdup (base->base_name != NULL ? base->base_name
                             : base->scenario->name != NULL ? base->scenario->name : "");
  name_variant (self, col, col->scenario);
  remember (self);
  g_ptr_array_insert (self->columns, column + 1, col);
  columns_changed (self, RP_COMPARE_CHANGE_COLUMNS);
  return TRUE;
}

gboolean
rp_compare_document_set_variant_value (RpCompareDocument  *self,
                                       guint               column,
                                       const char         *text,
                                       GError            **error)
{
  Column *col;
  g_autoptr(GError) local = NULL;
  RpScenario *changed;

  g_return_val_if_fail (RP_IS_COMPARE_DOCUMENT (self), FALSE);
  g_return_val_if_fail (column < self->columns->len, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  col = column_at (self, column);
  g_return_val_if_fail (col->variant != NULL, FALSE);
  changed = apply_variant (self, col, text, &local);
  if (changed == NULL)
    {
      g_autofree char *words = rp_words_error (local);

      emit_notice (self, words);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  name_variant (self, col, changed);
  remember (self);
  rp_scenario_free (col->scenario);
  col->scenario = changed;
  columns_changed (self, RP_COMPARE_CHANGE_VALUES);
  return TRUE;
}

/* ---- public API: undo ----------------------------------------------- */

gboolean
rp_compare_document_can_undo (RpCompareDocument *self)
{
  g_return_val_if_fail (RP_IS_COMPARE_DOCUMENT (self), FALSE);
  return self->undo->len > 0;
}

gboolean
rp_compare_document_can_redo (RpCompareDocument *self)
{
  g_return_val_if_fail (RP_IS_COMPARE_DOCUMENT (self), FALSE);
  return self->redo->len > 0;
}

gboolean
rp_compare_document_undo (RpCompareDocument *self)
{
  g_return_val_if_fail (RP_IS_COMPARE_DOCUMENT (self), FALSE);

  if (self->undo->len == 0)
    return FALSE;
  restore (self, self->undo, self->redo);
  return TRUE;
}

gboolean
rp_compare_document_redo (RpCompareDocument *self)
{
  g_return_val_if_fail (RP_IS_COMPARE_DOCUMENT (self), FALSE);

  if (self->redo->len == 0)
    return FALSE;
  restore (self, self->redo, self->undo);
  return TRUE;
}

/* ---- public API: the file ------------------------------------------- */

GFile *
rp_compare_document_get_file (RpCompareDocument *self)
{
  g_return_val_if_fail (RP_IS_COMPARE_DOCUMENT (self), NULL);
  return self->file;
}

const char *
rp_compare_document_get_name (RpCompareDocument *self)
{
  g_return_val_if_fail (RP_IS_COMPARE_DOCUMENT (self), NULL);
  return self->name;
}

char *
rp_compare_document_dup_name (RpCompareDocument *self)
{
  g_return_val_if_fail (RP_IS_COMPARE_DOCUMENT (self), NULL);

  if (self->name != NULL && *self->name != '\0')
    return g_strdup (self->name);
  if (self->file != NULL)
    return g_file_get_basename (self->file);
  return NULL;
}

gboolean
rp_compare_document_get_modified (RpCompareDocument *self)
{
  g_return_val_if_fail (RP_IS_COMPARE_DOCUMENT (self), FALSE);
  return self->modified;
}

gboolean
rp_compare_document_needs_saving (RpCompareDocument *self)
{
  g_return_val_if_fail (RP_IS_COMPARE_DOCUMENT (self), FALSE);

  /* a comparison of files can be rebuilt from them */
  if (!self->modified)
    return FALSE;
  for (guint i = 0; i < self->columns->len; i++)
    if (!column_is_its_file (column_at (self, i)))
      return TRUE;
  return FALSE;
}

gboolean
rp_compare_document_is_busy (RpCompareDocument *self)
{
  g_return_val_if_fail (RP_IS_COMPARE_DOCUMENT (self), FALSE);
  return self->n_busy > 0;
}

void
rp_compare_document_add_files_async (RpCompareDocument   *self,
                                     GFile              **files,
                                     guint                n_files,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  GTask *outer;
  ReadJob *job;

  g_return_if_fail (RP_IS_COMPARE_DOCUMENT (self));
  g_return_if_fail (files != NULL || n_files == 0);

  job = g_new0 (ReadJob, 1);
  job->files = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < n_files; i++)
    g_ptr_array_add (job->files, g_object_ref (files[i]));
  job->scenarios = g_ptr_array_new_with_free_func ((GDestroyNotify) rp_scenario_free);
  /* a NULL path (an inline scenario) must survive the free func */
  job->paths = g_ptr_array_new_with_free_func (unref_if_set);
  job->errors = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  job->missing = g_ptr_array_new_with_free_func (missing_free);
  job->added = g_ptr_array_new_with_free_func (g_object_unref);
  /* the caller's task holds the job; the thread's shares it */
  outer = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (outer, rp_compare_document_add_files_async);
  g_task_set_task_data (outer, job, read_job_free);
  task = g_task_new (self, cancellable, read_done_cb, outer);
  g_task_set_task_data (task, job, NULL);
  self->n_busy++;
  g_task_run_in_thread (task, read_thread);
}

gboolean
rp_compare_document_add_files_finish (RpCompareDocument  *self,
                                      GAsyncResult       *result,
                                      GPtrArray         **added,
                                      GError            **error)
{
  ReadJob *job;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  job = g_task_get_task_data (G_TASK (result));
  if (added != NULL)
    *added = g_steal_pointer (&job->added);
  return TRUE;
}

void
rp_compare_document_save_async (RpCompareDocument   *self,
                                GFile               *file,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (RP_IS_COMPARE_DOCUMENT (self));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, rp_compare_document_save_async);
  g_task_set_task_data (task, build_set (self), (GDestroyNotify) rp_compare_set_free);
  g_object_set_data_full (G_OBJECT (task), "rp-file", g_object_ref (file), g_object_unref);
  g_task_run_in_thread (task, save_thread);
}

gboolean
rp_compare_document_save_finish (RpCompareDocument *self,
                                 GAsyncResult      *result,
                                 GError           **error)
{
  GFile *file;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  file = g_object_get_data (G_OBJECT (result), "rp-file");
  g_set_object (&self->file, file);
  self->modified = FALSE;
  emit_changed (self, RP_COMPARE_CHANGE_FILE);
  return TRUE;
}

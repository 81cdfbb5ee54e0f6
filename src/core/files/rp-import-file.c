/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-import-file.c: what the format readers use of an import in progress
 *
 * Reading keys of one file, recording values, notes and the model.  The
 * readers (rp-import-hf.c, rp-import-train.c) and the import itself
 * (rp-import.c) stand on this file; it calls none of them, so that reading
 * a config that names another goes through RpImport.add_path. */

#include "config.h"

#include "rp-import-private.h"

#include "rp-error.h"
#include "rp-fields.h"
#include "rp-model.h"
#include "rp-text.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* A config may name another (accelerate → DeepSpeed JSON): not deeper. */
static const guint max_follow_depth = 4;

/* ---- helpers: notes and values -------------------------------------- */

void
rp_import_assignment_free (gpointer data)
{
  RpImportAssignment *a = data;

  g_free (a->file);
  g_free (a->source_key);
  g_free (a);
}

void
rp_import_note_free (gpointer data)
{
  RpImportNote *n = data;

  g_free (n->file);
  g_free (n->text);
  g_free (n);
}

void
rp_import_add_note (RpImport         *self,
          RpImportNoteKind  kind,
          const char       *file,
          char             *text)
{
  RpImportNote *n = g_new0 (RpImportNote, 1);

  n->kind = kind;
  /* notes go into the scenario file, which is UTF-8; paths need not be */
  n->file = file != NULL ? g_filename_display_name (file) : NULL;
  n->text = text;
  g_ptr_array_add (self->notes, n);
}

/* A value as the scenario file writes it: enum names, true/false, a
 * plain number. */
char *
rp_import_format_value (const RpField *f,
              double         value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (isnan (value))
    return g_strdup ("null");
  if (f->choices != NULL)
    return g_strdup (rp_enum_info_get_name (f->choices, (guint) value));
  if (f->type == RP_FIELD_BOOL)
    return g_strdup (value != 0 ? "true" : "false");
  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.15g", value));
}

RpImportAssignment *
rp_import_find_assignment (RpImport      *self,
                 const RpField *field)
{
  for (guint i = 0; i < self->assignments->len; i++)
    {
      RpImportAssignment *a = g_ptr_array_index (self->assignments, i);

      if (a->field == field)
        return a;
    }
  return NULL;
}

static void
record (RpImportFile  *f,
        const RpField *field,
        double         value,
        const char    *source_key)
{
  RpImport *self = f->import;
  RpImportAssignment *a = rp_import_find_assignment (self, field);

  if (a == NULL)
    {
      a = g_new0 (RpImportAssignment, 1);
      a->field = field;
      g_ptr_array_add (self->assignments, a);
    }
  else if (g_strcmp0 (a->file, f->path) != 0 && a->value != value)
    {
      g_autofree char *was = rp_import_format_value (field, a->value);
      g_autofree char *now = rp_import_format_value (field, value);

      rp_import_add_note (self, RP_IMPORT_NOTE_CONFLICT, NULL,
                /* TRANSLATORS: a field, its value in one file (and the key there),
                 * then in a later file; the later one is used */
                g_strdup_printf (_("%s: %s in %s (%s), %s in %s (%s); the later file’s %s is used"),
                                 field->key, was, a->file, a->source_key, now, f->path,
                                 source_key, now));
    }
  a->value = value;
  g_free (a->file);
  a->file = g_strdup (f->path);
  g_free (a->source_key);
  a->source_key = g_strdup (source_key);
}

/* ---- private API: reading ------------------------------------------- */

static void
mark (RpImportFile *f,
      const char   *path,
      const char   *key)
{
  g_hash_table_add (f->understood, rp_json_join_path (path != NULL ? path : "", key));
}

const cJSON *
rp_import_get (RpImportFile *f,
               const cJSON  *obj,
               const char   *path,
               const char   *key)
{
  const cJSON *item;

  g_return_val_if_fail (f != NULL && key != NULL, NULL);

  if (!cJSON_IsObject (obj))
    return NULL;
  item = cJSON_GetObjectItemCaseSensitive (obj, key);
  if (item == NULL)
    return NULL;
  mark (f, path, key);
  return cJSON_IsNull (item) ? NULL : item;
}

gboolean
rp_import_fail_error (RpImportFile *f,
                      const char   *path,
                      const char   *key,
                      GError      **error,
                      const char   *format,
                      ...)
{
  g_autofree char *where = rp_json_join_path (path != NULL ? path : "", key);
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where, "%s", what);
  g_prefix_error (error, "%s: ", f->path);
  return FALSE;
}

static gboolean
is_auto (RpImportFile *f,
         const cJSON  *item,
         const char   *path,
         const char   *key)
{
  if (!cJSON_IsString (item) || g_ascii_strcasecmp (item->valuestring, "auto") != 0)
    return FALSE;
  g_ptr_array_add (f->auto_keys, rp_json_join_path (path != NULL ? path : "", key));
  return TRUE;
}

gboolean
rp_import_read_number (RpImportFile *f,
                       const cJSON  *obj,
                       const char   *path,
                       const char   *key,
                       double       *out,
                       gboolean     *found,
                       GError      **error)
{
  const cJSON *item = rp_import_get (f, obj, path, key);

  *found = FALSE;
  if (item == NULL || is_auto (f, item, path, key))
    return TRUE;
  if (!cJSON_IsNumber (item) || !isfinite (item->valuedouble))
    return rp_import_fail_error (f, path, key, error, _("expected a number"));
  *out = item->valuedouble;
  *found = TRUE;
  return TRUE;
}

gboolean
rp_import_read_count (RpImportFile *f,
                      const cJSON  *obj,
                      const char   *path,
                      const char   *key,
                      guint64      *out,
                      gboolean     *found,
                      GError      **error)
{
  double value = 0;

  if (!rp_import_read_number (f, obj, path, key, &value, found, error))
    return FALSE;
  if (!*found)
    return TRUE;
  /* 2⁵³: every whole number below is exact in a double */
  if (value < 0 || value != floor (value) || value > 9007199254740992.0)
    {
      *found = FALSE;
      return rp_import_fail_error (f, path, key, error,
                                   _("expected a whole number of at least 0"));
    }
  *out = (guint64) value;
  return TRUE;
}

gboolean
rp_import_read_bool (RpImportFile *f,
                     const cJSON  *obj,
                     const char   *path,
                     const char   *key,
                     gboolean     *out,
                     gboolean     *found,
                     GError      **error)
{
  const cJSON *item = rp_import_get (f, obj, path, key);

  *found = FALSE;
  if (item == NULL || is_auto (f, item, path, key))
    return TRUE;
  if (cJSON_IsBool (item))
    *out = cJSON_IsTrue (item);
  /* some tools quote booleans ('true'); accept them as written */
  else if (cJSON_IsString (item) && (g_ascii_strcasecmp (item->valuestring, "true") == 0 ||
                                     g_ascii_strcasecmp (item->valuestring, "false") == 0))
    *out = g_ascii_strcasecmp (item->valuestring, "true") == 0;
  else
    return rp_import_fail_error (f, path, key, error, _("expected true or false"));
  *found = TRUE;
  return TRUE;
}

gboolean
rp_import_read_string (RpImportFile *f,
                       const cJSON  *obj,
                       const char   *path,
                       const char   *key,
                       const char  **out,
                       gboolean     *found,
                       GError      **error)
{
  const cJSON *item = rp_import_get (f, obj, path, key);

  *found = FALSE;
  if (item == NULL)
    return TRUE;
  if (!cJSON_IsString (item) || item->valuestring == NULL)
    return rp_import_fail_error (f, path, key, error, _("expected a string"));
  *out = item->valuestring;
  *found = TRUE;
  return TRUE;
}

static gboolean
has_understood_below (RpImportFile *f,
                      const char   *prefix)
{
  g_autofree char *dotted = g_strconcat (prefix, ".", NULL);
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, f->understood);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (g_str_has_prefix (key, dotted))
      return TRUE;
  return FALSE;
}

static gboolean
is_ignored (const char        *path,
            const char *const *ignored)
{
  for (guint i = 0; ignored != NULL && ignored[i] != NULL; i++)
    if (g_pattern_match_simple (ignored[i], path))
      return TRUE;
  return FALSE;
}

static void
collect_unknown (RpImportFile      *f,
                 const cJSON       *obj,
                 const char        *path,
                 const char *const *ignored,
                 GPtrArray         *out)
{
  const cJSON *item;

  cJSON_ArrayForEach (item, obj)
    {
      g_autofree char *full = rp_json_join_path (path, item->string);

      if (g_hash_table_contains (f->understood, full))
        {
          if (cJSON_IsObject (item) && has_understood_below (f, full))
            collect_unknown (f, item, full, ignored, out);
          continue;
        }
      if (!is_ignored (full, ignored))
        g_ptr_array_add (out, g_steal_pointer (&full));
    }
}

void
rp_import_list_unknown (RpImportFile      *f,
                        const cJSON       *root,
                        const char *const *ignored)
{
  g_autoptr(GPtrArray) unknown = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *list = NULL;

  g_return_if_fail (f != NULL);

  if (!cJSON_IsObject (root))
    return;
  collect_unknown (f, root, "", ignored, unknown);
  if (unknown->len == 0)
    return;
  g_ptr_array_add (unknown, NULL);
  list = g_strjoinv (", ", (char **) unknown->pdata);
  rp_import_note (f, RP_IMPORT_NOTE_IGNORED,
                  /* TRANSLATORS: %s lists config keys Rigplan does not know */
                  _("not understood, so not used: %s"), list);
}

/* ---- private API: setting ------------------------------------------- */

static gboolean
check_value (RpImportFile  *f,
             const RpField *field,
             double         value,
             const char    *source_key,
             GError       **error)
{
  g_autoptr(GError) local = NULL;

  if (rp_field_check (field, value, &local))
    return TRUE;
  /* TRANSLATORS: the problem, then the Rigplan scenario key it is about */
  rp_error_set_key (error, RP_ERROR_INVALID_VALUE, source_key, _("%s (Rigplan’s %s)"),
                    rp_error_get_detail (local), field->key);
  g_prefix_error (error, "%s: ", f->path);
  return FALSE;
}

gboolean
rp_import_set (RpImportFile *f,
               const char   *key,
               double        value,
               const char   *source_key,
               GError      **error)
{
  const RpField *field = rp_fields_lookup (key);

  g_return_val_if_fail (f != NULL, FALSE);
  g_return_val_if_fail (field != NULL && field->arch_bit == 0, FALSE);
  g_return_val_if_fail (field->type != RP_FIELD_STRING, FALSE);

  if (!check_value (f, field, value, source_key, error))
    return FALSE;
  record (f, field, value, source_key);
  return TRUE;
}

gboolean
rp_import_check (RpImportFile *f,
                 const char   *key,
                 double        value,
                 const char   *source_key,
                 GError      **error)
{
  const RpField *field = rp_fields_lookup (key);

  g_return_val_if_fail (f != NULL && field != NULL, FALSE);
  return check_value (f, field, value, source_key, error);
}

/* Whether the preset @id has the parameter count of @arch: a name that
 * agrees with the model config read. */
static gboolean
preset_agrees (RpImport          *self,
               const char        *id,
               const RpModelArch *arch)
{
  const RpModelPreset *preset = self->catalog != NULL && id != NULL
                                ? rp_catalog_lookup_model (self->catalog, id) : NULL;

  return preset != NULL && rp_model_params (&preset->arch) == rp_model_params (arch);
}

void
rp_import_set_model (RpImportFile      *f,
                     const char        *preset,
                     const RpModelArch *arch,
                     guint32            overridden,
                     gboolean           exact,
                     const char        *label)
{
  RpImport *self = f->import;

  g_return_if_fail (preset != NULL || arch != NULL);

  if (self->has_model && self->model_exact && !exact)
    {
      gboolean agrees = preset_agrees (self, preset, &self->model_arch);

      rp_import_add_note (self, agrees ? RP_IMPORT_NOTE_DERIVED : RP_IMPORT_NOTE_CONFLICT, f->path,
                agrees
                /* TRANSLATORS: a training config names the model a model config describes */
                ? g_strdup_printf (_("names the model %s, which the model config %s describes "
                                     "(the same parameter count)"), label, self->model_file)
                /* TRANSLATORS: a training config names a model, but a model config was read */
                : g_strdup_printf (_("names the model %s; the model config %s describes "
                                     "another and is used"), label, self->model_file));
      return;
    }
  if (self->has_model && exact && !self->model_exact &&
      preset_agrees (self, self->model_preset, arch))
    rp_import_add_note (self, RP_IMPORT_NOTE_DERIVED, f->path,
              g_strdup_printf (_("describes the model %s that %s names (the same parameter "
                                 "count)"), self->model_label, self->model_file));
  else if (self->has_model && (exact || !self->model_exact) &&
           g_strcmp0 (self->model_label, label) != 0)
    rp_import_add_note (self, RP_IMPORT_NOTE_CONFLICT, f->path,
              g_strdup_printf (_("the model %s replaces %s from %s"), label,
                               self->model_label, self->model_file));
  self->has_model = TRUE;
  self->model_exact = exact;
  g_free (self->model_preset);
  self->model_preset = g_strdup (preset);
  if (arch != NULL)
    self->model_arch = *arch;
  else
    rp_model_arch_init_defaults (&self->model_arch);
  self->model_bits = arch != NULL ? overridden : 0;
  g_free (self->model_file);
  self->model_file = g_strdup (f->path);
  g_free (self->model_label);
  self->model_label = g_strdup (label);
}

void
rp_import_set_accumulation (RpImportFile *f,
                            guint         steps,
                            const char   *source_key)
{
  RpImport *self = f->import;

  if (self->accumulation > 0 && self->accumulation != steps &&
      g_strcmp0 (self->accumulation_file, f->path) != 0)
    rp_import_add_note (self, RP_IMPORT_NOTE_CONFLICT, NULL,
              g_strdup_printf (_("gradient accumulation: %u in %s (%s), %u in %s (%s); the "
                                 "later file’s is used"),
                               self->accumulation, self->accumulation_file,
                               self->accumulation_key, steps, f->path, source_key));
  self->accumulation = steps;
  g_free (self->accumulation_file);
  self->accumulation_file = g_strdup (f->path);
  g_free (self->accumulation_key);
  self->accumulation_key = g_strdup (source_key);
}

gboolean
rp_import_follow (RpImportFile *f,
                  const char   *name,
                  const char   *source_key,
                  GError      **error)
{
  RpImport *self = f->import;
  g_autofree char *path = g_path_is_absolute (name) || strcmp (f->dir, ".") == 0
                          ? g_strdup (name) : g_build_filename (f->dir, name, NULL);
  gboolean ok;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      rp_import_note (f, RP_IMPORT_NOTE_IGNORED,
                      /* TRANSLATORS: a config names another file that is not there */
                      _("%s names %s, which is not there: import it too, or its settings "
                        "are missing"), source_key, path);
      return TRUE;
    }
  if (self->depth >= max_follow_depth)
    return rp_import_fail_error (f, NULL, source_key, error,
                                 _("configs name each other too deeply"));
  self->depth++;
  ok = self->add_path (self, path, error);
  self->depth--;
  return ok;
}

void
rp_import_note (RpImportFile     *f,
                RpImportNoteKind  kind,
                const char       *format,
                ...)
{
  va_list args;
  char *text;

  g_return_if_fail (f != NULL);

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  rp_import_add_note (f->import, kind, f->path, text);
}

RpCatalog *
rp_import_get_catalog (RpImportFile *f)
{
  g_return_val_if_fail (f != NULL, NULL);
  return f->import->catalog;
}

/* The repository name in a preset's source URL:
 * "https://huggingface.co/meta-llama/Meta-Llama-3-8B/blob/…" → "Meta-Llama-3-8B". */
static char *
source_repo_name (const char *source)
{
  const char *start = source != NULL ? strstr (source, "huggingface.co/") : NULL;
  g_auto(GStrv) parts = NULL;

  if (start == NULL)
    return NULL;
  parts = g_strsplit (start + strlen ("huggingface.co/"), "/", 3);
  if (g_strv_length (parts) < 2)
    return NULL;
  return g_strdup (parts[1]);
}

const RpModelPreset *
rp_import_find_preset_by_hf_id (RpImportFile *f,
                                const char   *hf_id)
{
  RpCatalog *catalog = rp_import_get_catalog (f);
  const char *slash;
  const char *name;

  if (catalog == NULL || hf_id == NULL)
    return NULL;
  slash = strrchr (hf_id, '/');
  name = slash != NULL ? slash + 1 : hf_id;
  for (guint i = 0; i < rp_catalog_n_models (catalog); i++)
    {
      const RpModelPreset *preset = rp_catalog_get_model (catalog, i);
      g_autofree char *repo = source_repo_name (preset->source);

      if (repo != NULL && g_ascii_strcasecmp (repo, name) == 0)
        return preset;
    }
  return NULL;
}

/* ---- private API: LoRA targets -------------------------------------- */

typedef enum
{
  MOD_Q = 1 << 0,
  MOD_K = 1 << 1,
  MOD_V = 1 << 2,
  MOD_O = 1 << 3,
  MOD_MLP = 1 << 4,
} ModuleBits;

/* Projection names of transformers, torchtune, Megatron and GPT-2. */
static guint
module_bits (const char *name)
{
  static const struct { const char *name; guint bits; } names[] = {
    { "q_proj", MOD_Q }, { "q", MOD_Q }, { "query", MOD_Q }, { "wq", MOD_Q },
    { "k_proj", MOD_K }, { "k", MOD_K }, { "key", MOD_K }, { "wk", MOD_K },
    { "v_proj", MOD_V }, { "v", MOD_V }, { "value", MOD_V }, { "wv", MOD_V },
    { "o_proj", MOD_O }, { "o", MOD_O }, { "out_proj", MOD_O }, { "output_proj", MOD_O },
    { "wo", MOD_O }, { "dense", MOD_O },
    { "qkv_proj", MOD_Q | MOD_K | MOD_V }, { "c_attn", MOD_Q | MOD_K | MOD_V },
    { "query_key_value", MOD_Q | MOD_K | MOD_V }, { "Wqkv", MOD_Q | MOD_K | MOD_V },
    { "gate_proj", MOD_MLP }, { "up_proj", MOD_MLP }, { "down_proj", MOD_MLP },
    { "gate_up_proj", MOD_MLP }, { "w1", MOD_MLP }, { "w2", MOD_MLP }, { "w3", MOD_MLP },
    { "fc1", MOD_MLP }, { "fc2", MOD_MLP }, { "c_fc", MOD_MLP }, { "mlp", MOD_MLP },
    { "dense_h_to_4h", MOD_MLP }, { "dense_4h_to_h", MOD_MLP }, { "wi", MOD_MLP },
  };
  const char *dot = strrchr (name, '.');

  if (dot != NULL)
    name = dot + 1;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (strcmp (names[i].name, name) == 0)
      return names[i].bits;
  return 0;
}

gboolean
rp_import_set_lora_targets (RpImportFile      *f,
                            const char *const *modules,
                            gboolean           mlp,
                            const char        *source_key,
                            GError           **error)
{
  const guint attention = MOD_Q | MOD_K | MOD_V | MOD_O;
  g_autoptr(GString) unknown = g_string_new (NULL);
  RpLoraTargets targets;
  guint bits = mlp ? MOD_MLP : 0;

  for (guint i = 0; modules != NULL && modules[i] != NULL; i++)
    {
      guint b = module_bits (modules[i]);

      if (b == 0)
        g_string_append_printf (unknown, "%s%s", unknown->len > 0 ? ", " : "", modules[i]);
      bits |= b;
    }
  if (unknown->len > 0)
    rp_import_note (f, RP_IMPORT_NOTE_IGNORED,
                    /* TRANSLATORS: LoRA target modules Rigplan cannot place */
                    _("%s: modules not understood: %s"), source_key, unknown->str);
  if (bits & MOD_MLP)
    targets = RP_LORA_TARGETS_ALL_LINEAR;
  else if (bits == (MOD_Q | MOD_V))
    targets = RP_LORA_TARGETS_QV;
  else if ((bits & (MOD_K | MOD_O)) != 0)
    targets = RP_LORA_TARGETS_ATTENTION;
  else
    targets = RP_LORA_TARGETS_QV;
  if ((bits & MOD_MLP) && (bits & attention) != attention)
    rp_import_note (f, RP_IMPORT_NOTE_APPROXIMATED,
                    _("%s: Rigplan’s “all-linear” adapts every attention projection too; this "
                      "config leaves some out, so the adapter is counted a little larger"),
                    source_key);
  else if (!(bits & MOD_MLP) && bits != (MOD_Q | MOD_V) && bits != attention)
    rp_import_note (f, RP_IMPORT_NOTE_APPROXIMATED,
                    _("%s: counted as LoRA on %s, the nearest of Rigplan’s target sets"),
                    source_key, rp_enum_info_get_label (&rp_lora_targets_info, targets));
  return rp_import_set (f, "training.lora_targets", targets, source_key, error);
}

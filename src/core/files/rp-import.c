/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-import.c: one scenario from model and training configs
 *
 * Readers (rp-import-hf.c, rp-import-train.c) record values; nothing
 * touches the scenario until rp_import_finish(), which starts from the
 * *.rigplan given (or a new scenario), puts the model and every value on
 * it, derives the global batch, checks the result and writes the report
 * into the scenario's notes.  A value a later file gives for a field an
 * earlier file set wins, and the conflict is reported. */

#include "config.h"

#include "rp-import.h"
#include "rp-import-private.h"

#include "rp-error.h"
#include "rp-fields.h"
#include "rp-model.h"
#include "rp-text.h"
#include "rp-yaml-private.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

/* Configs are a few kilobytes; a file this large is not one. */
static const gsize max_config_bytes = 4 * 1024 * 1024;
/* A config has hundreds of values (a classifier's label names, thousands);
 * this bounds the tree of a hostile one (rp_json_parse_full()). */
static const guint max_config_values = RP_IMPORT_MAX_CONFIG_VALUES;
/* A config may name another (accelerate → DeepSpeed JSON): not deeper. */
static const guint max_follow_depth = 4;

typedef struct
{
  const RpField *field;
  double         value;
  char          *file;          /* owned */
  char          *source_key;    /* owned */
} Assignment;

struct _RpImport
{
  RpCatalog   *catalog;         /* owned ref, may be NULL */
  RpScenario  *base;            /* owned: the *.rigplan given, or NULL */
  char        *base_file;       /* owned */
  GPtrArray   *assignments;     /* owned: Assignment*, one per field */
  GPtrArray   *notes;           /* owned: RpImportNote* */
  GPtrArray   *labels;          /* owned: char*, the sources for the name */
  GHashTable  *seen;            /* owned: canonical paths read */
  guint        depth;

  /* the model, as one unit */
  gboolean     has_model;
  gboolean     model_exact;
  char        *model_preset;    /* owned */
  RpModelArch  model_arch;
  guint32      model_bits;
  char        *model_file;      /* owned */
  char        *model_label;     /* owned */

  /* gradient accumulation, for the global batch */
  guint        accumulation;    /* 0: none given */
  char        *accumulation_file;   /* owned */
  char        *accumulation_key;    /* owned */
};

/* ---- helpers: notes and values -------------------------------------- */

static void
assignment_free (gpointer data)
{
  Assignment *a = data;

  g_free (a->file);
  g_free (a->source_key);
  g_free (a);
}

static void
note_free (gpointer data)
{
  RpImportNote *n = data;

  g_free (n->file);
  g_free (n->text);
  g_free (n);
}

static void
add_note (RpImport         *self,
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
static char *
format_value (const RpField *f,
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

static Assignment *
find_assignment (RpImport      *self,
                 const RpField *field)
{
  for (guint i = 0; i < self->assignments->len; i++)
    {
      Assignment *a = g_ptr_array_index (self->assignments, i);

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
  Assignment *a = find_assignment (self, field);

  if (a == NULL)
    {
      a = g_new0 (Assignment, 1);
      a->field = field;
      g_ptr_array_add (self->assignments, a);
    }
  else if (g_strcmp0 (a->file, f->path) != 0 && a->value != value)
    {
      g_autofree char *was = format_value (field, a->value);
      g_autofree char *now = format_value (field, value);

      add_note (self, RP_IMPORT_NOTE_CONFLICT, NULL,
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

/* ---- helpers: reading files ----------------------------------------- */

static char *
read_bounded (const char *path,
              gsize      *len,
              GError    **error)
{
  GStatBuf st;
  char *data = NULL;

  /* Refuse huge files before reading them: a hostile file must not eat RAM. */
  if (g_stat (path, &st) == 0 && (gsize) st.st_size > max_config_bytes)
    {
      g_autofree char *size = g_strdup_printf ("%" G_GUINT64_FORMAT, (guint64) st.st_size);
      g_autofree char *limit = g_strdup_printf ("%" G_GSIZE_FORMAT, max_config_bytes);

      g_set_error (error, RP_ERROR, RP_ERROR_PARSE,
                   _("%s: too large for a config (%s bytes; at most %s)"), path, size, limit);
      return NULL;
    }
  if (!g_file_get_contents (path, &data, len, error))
    return NULL;
  return data;
}

/* Configs are UTF-8 text (JSON and YAML say so); UTF-16 and UTF-32 are
 * named as such (rp-text.h). */
static gboolean
check_utf8 (const char *path,
            const char *data,
            gsize       len,
            GError    **error)
{
  if (!rp_text_check_utf8_family (data, len, error))
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  if (!g_utf8_validate (data, len, NULL))
    {
      g_set_error (error, RP_ERROR, RP_ERROR_PARSE, _("%s: not a UTF-8 text file"), path);
      return FALSE;
    }
  return TRUE;
}

static RpImportFile *
file_new (RpImport   *self,
          const char *path,
          const char *dir)
{
  RpImportFile *f = g_new0 (RpImportFile, 1);

  f->import = self;
  f->path = g_strdup (path);
  f->dir = dir != NULL ? g_strdup (dir) : g_path_get_dirname (path);
  f->understood = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  f->auto_keys = g_ptr_array_new_with_free_func (g_free);
  return f;
}

static void
file_free (RpImportFile *f)
{
  if (f == NULL)
    return;
  if (f->auto_keys->len > 0)
    {
      g_autofree char *list = NULL;

      g_ptr_array_add (f->auto_keys, NULL);
      list = g_strjoinv (", ", (char **) f->auto_keys->pdata);
      add_note (f->import, RP_IMPORT_NOTE_IGNORED, f->path,
                /* TRANSLATORS: %s lists config keys whose value is "auto" */
                g_strdup_printf (_("left to the trainer (“auto”): %s"), list));
    }
  g_free (f->path);
  g_free (f->dir);
  g_hash_table_unref (f->understood);
  g_ptr_array_unref (f->auto_keys);
  g_free (f);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpImportFile, file_free)

static void
add_source (RpImport   *self,
            const char *path,
            const char *kind,
            const char *label)
{
  /* TRANSLATORS: what a file was read as: "DeepSpeed config" */
  add_note (self, RP_IMPORT_NOTE_SOURCE, path, g_strdup (kind));
  if (label != NULL)
    g_ptr_array_add (self->labels, g_filename_display_name (label));
}

static char *
file_label (const char *path)
{
  g_autofree char *base = g_path_get_basename (path);

  /* a model's config.json is named by its directory: "Qwen2.5-7B" */
  if (strcmp (base, "config.json") == 0)
    {
      g_autofree char *dir = g_path_get_dirname (path);
      g_autofree char *abs = g_canonicalize_filename (dir, NULL);

      return g_path_get_basename (abs);
    }
  return g_steal_pointer (&base);
}

static gboolean add_path (RpImport *self, const char *path, GError **error);

static gboolean
read_hf (RpImport   *self,
         const char *path,
         const char *dir,
         cJSON      *root,
         GError    **error)
{
  g_autoptr(RpImportFile) f = file_new (self, path, dir);
  g_autofree char *label = NULL;

  f->kind = _("Hugging Face model config");
  if (!rp_import_read_hf_config (f, root, error))
    return FALSE;
  label = dir != NULL ? g_path_get_basename (dir) : file_label (path);
  g_ptr_array_add (self->labels, g_filename_display_name (label));
  return TRUE;
}

static gboolean
read_base (RpImport   *self,
           const char *path,
           GError    **error)
{
  if (self->base != NULL)
    {
      g_set_error (error, RP_ERROR, RP_ERROR_INVALID_VALUE,
                   _("%s: only one scenario can be the base of an import (%s is already)"),
                   path, self->base_file);
      return FALSE;
    }
  self->base = rp_scenario_load_file (path, error);
  if (self->base == NULL)
    return FALSE;
  self->base_file = g_strdup (path);
  add_note (self, RP_IMPORT_NOTE_SOURCE, path,
            g_strdup (_("Rigplan scenario: the base the other files change")));
  return TRUE;
}

typedef gboolean (*ReadTree) (RpImportFile *f, const cJSON *root, GError **error);

static gboolean
read_tree (RpImport    *self,
           const char  *path,
           const cJSON *root,
           const char  *kind,
           ReadTree     read,
           GError     **error)
{
  g_autoptr(RpImportFile) f = file_new (self, path, NULL);
  g_autofree char *label = file_label (path);

  f->kind = kind;
  add_source (self, path, kind, label);
  return read (f, root, error);
}

static gboolean
read_json_file (RpImport   *self,
                const char *path,
                const char *data,
                gsize       len,
                GError    **error)
{
  g_autoptr(cJSON) root = rp_json_parse_full (data, len, max_config_values, error);
  const cJSON *format;

  if (root == NULL)
    return FALSE;
  format = cJSON_GetObjectItemCaseSensitive (root, "format");
  if (cJSON_IsString (format) && g_strcmp0 (format->valuestring, "rigplan-scenario") == 0)
    return read_base (self, path, error);
  if (rp_import_looks_like_hf (root))
    return read_hf (self, path, NULL, root, error);
  if (rp_import_looks_like_deepspeed (root))
    return read_tree (self, path, root, _("DeepSpeed config"), rp_import_read_deepspeed, error);
  if (cJSON_GetObjectItemCaseSensitive (root, "weight_map") != NULL)
    {
      /* a checkpoint index: import the model it belongs to */
      g_autofree char *dir = g_path_get_dirname (path);

      return add_path (self, dir, error);
    }
  g_set_error (error, RP_ERROR, RP_ERROR_PARSE,
               _("%s: not a Hugging Face config (no model_type), a DeepSpeed config "
                 "(no zero_optimization or batch sizes) or a Rigplan scenario"), path);
  return FALSE;
}

static gboolean
read_yaml_file (RpImport   *self,
                const char *path,
                const char *data,
                gsize       len,
                GError    **error)
{
  g_autoptr(cJSON) root = rp_yaml_parse (data, len, error);

  if (root == NULL)
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  if (rp_import_looks_like_accelerate (root))
    return read_tree (self, path, root, _("accelerate config"), rp_import_read_accelerate,
                      error);
  if (rp_import_looks_like_torchtune (root))
    return read_tree (self, path, root, _("torchtune config"), rp_import_read_torchtune, error);
  if (rp_import_looks_like_axolotl (root))
    return read_tree (self, path, root, _("axolotl config"), rp_import_read_axolotl, error);
  g_set_error (error, RP_ERROR, RP_ERROR_PARSE,
               _("%s: not an accelerate (distributed_type), axolotl (base_model) or torchtune "
                 "(model._component_) config"), path);
  return FALSE;
}

static gboolean
read_dir (RpImport   *self,
          const char *path,
          GError    **error)
{
  g_autofree char *config = g_build_filename (path, "config.json", NULL);
  g_autofree char *data = NULL;
  g_autoptr(cJSON) root = NULL;
  gsize len = 0;

  if (!g_file_test (config, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, RP_ERROR, RP_ERROR_MISSING_FIELD,
                   _("%s: a model directory needs its config.json"), path);
      return FALSE;
    }
  data = read_bounded (config, &len, error);
  if (data == NULL)
    return FALSE;
  if (!check_utf8 (config, data, len, error))
    return FALSE;
  root = rp_json_parse_full (data, len, max_config_values, error);
  if (root == NULL)
    {
      g_prefix_error (error, "%s: ", config);
      return FALSE;
    }
  if (!rp_import_looks_like_hf (root))
    {
      g_set_error (error, RP_ERROR, RP_ERROR_PARSE,
                   _("%s: not a Hugging Face model config (no model_type)"), config);
      return FALSE;
    }
  return read_hf (self, config, path, root, error);
}

static gboolean
add_path (RpImport   *self,
          const char *path,
          GError    **error)
{
  g_autofree char *canonical = g_canonicalize_filename (path, NULL);
  g_autofree char *data = NULL;
  const char *p;
  gsize len = 0;
  gboolean ok;

  if (g_hash_table_contains (self->seen, canonical))
    return TRUE;      /* named twice, or by two configs: read once */
  g_hash_table_add (self->seen, g_strdup (canonical));
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    return read_dir (self, path, error);
  /* a config naming /dev/zero or a pipe must not hang the import */
  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, RP_ERROR, RP_ERROR_PARSE, _("%s: not a file or a directory"), path);
      return FALSE;
    }
  if (g_str_has_suffix (path, ".safetensors"))
    {
      g_autofree char *dir = g_path_get_dirname (path);

      return add_path (self, dir, error);
    }
  data = read_bounded (path, &len, error);
  if (data == NULL)
    return FALSE;
  /* configs are UTF-8 text (JSON and YAML say so): what they name ends
   * up in the scenario's notes */
  if (!check_utf8 (path, data, len, error))
    return FALSE;
  for (p = data; p < data + len && g_ascii_isspace (*p); p++)
    ;
  if (p < data + len && *p == '{')
    {
      ok = read_json_file (self, path, data, len, error);
      if (!ok && error != NULL && *error != NULL && !g_str_has_prefix ((*error)->message, path))
        g_prefix_error (error, "%s: ", path);
      return ok;
    }
  if (rp_import_looks_like_torchrun (data))
    {
      g_autoptr(RpImportFile) f = file_new (self, path, NULL);
      g_autofree char *label = file_label (path);

      f->kind = _("torchrun launch script");
      add_source (self, path, f->kind, label);
      return rp_import_read_torchrun (f, data, error);
    }
  return read_yaml_file (self, path, data, len, error);
}

/* ---- helpers: finishing --------------------------------------------- */

static void
apply_model (RpImport   *self,
             RpScenario *scenario)
{
  if (!self->has_model)
    return;
  rp_scenario_set_preset (scenario, self->model_preset);
  scenario->model.arch = self->model_arch;
  scenario->model.overridden = self->model_bits;
}

static void
apply_assignments (RpImport   *self,
                   RpScenario *scenario)
{
  for (guint i = 0; i < self->assignments->len; i++)
    {
      Assignment *a = g_ptr_array_index (self->assignments, i);

      rp_field_set_number (a->field, scenario, a->value);
    }
}

static double
assigned (RpImport   *self,
          const char *key)
{
  Assignment *a = find_assignment (self, rp_fields_lookup (key));

  return a != NULL ? a->value : NAN;
}

/* Global batch = micro batch × gradient accumulation × data-parallel
 * GPUs, as DeepSpeed defines train_batch_size (deepspeed.ai/docs/
 * config-json, "Batch Size related parameters") and axolotl and
 * torchtune compute their effective batch. */
static void
derive_global_batch (RpImport   *self,
                     RpScenario *scenario)
{
  RpTraining *t = &scenario->training;
  double given = assigned (self, "training.global_batch");
  gboolean micro_given = !isnan (assigned (self, "training.micro_batch"));
  gboolean gpus_given = !isnan (assigned (self, "hardware.gpus_per_node")) ||
                        !isnan (assigned (self, "hardware.nodes"));
  guint steps = MAX (self->accumulation, 1);
  guint dp = rp_scenario_data_parallel (scenario);
  guint64 derived = (guint64) t->micro_batch * steps * dp;
  guint64 per_gpu = (guint64) t->micro_batch * steps;
  /* counts as text: xgettext cannot see through G_GUINT64_FORMAT */
  g_autofree char *derived_text = g_strdup_printf ("%" G_GUINT64_FORMAT, derived);
  g_autofree char *implied_text = g_strdup_printf ("%" G_GUINT64_FORMAT,
                                                   t->global_batch / MAX (per_gpu, 1));

  if (isnan (given) && micro_given)
    {
      t->global_batch = (guint) MIN (derived, G_MAXUINT);
      add_note (self, RP_IMPORT_NOTE_DERIVED, NULL,
                /* TRANSLATORS: how the global batch was computed from the configs */
                g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "training.global_batch = %u: micro batch %u × "
                                              "gradient accumulation %u × %u data-parallel "
                                              "GPU%s",
                                              "training.global_batch = %u: micro batch %u × "
                                              "gradient accumulation %u × %u data-parallel "
                                              "GPUs%s", dp),
                                 t->global_batch, t->micro_batch, steps, dp,
                                 self->accumulation == 0
                                 ? _(" (no file gives the accumulation: 1)") : ""));
    }
  else if (isnan (given) && self->accumulation > 0)
    add_note (self, RP_IMPORT_NOTE_DERIVED, self->accumulation_file,
              g_strdup_printf (_("%s %u but no micro batch: the global batch keeps its "
                                 "default"), self->accumulation_key, steps));
  else if (!isnan (given) && self->accumulation > 0 && derived != t->global_batch &&
           !gpus_given && t->global_batch % per_gpu == 0)
    /* DeepSpeed's batch sizes fix the data-parallel size (its own check) */
    add_note (self, RP_IMPORT_NOTE_DERIVED, self->accumulation_file,
              g_strdup_printf (_("the batch sizes imply %s data-parallel GPUs (global batch "
                                 "%u ÷ micro batch %u ÷ %u accumulation steps); no file gives "
                                 "the GPU count: set hardware.gpus_per_node and nodes"),
                               implied_text, t->global_batch, t->micro_batch, steps));
  else if (!isnan (given) && self->accumulation > 0 && derived != t->global_batch)
    add_note (self, RP_IMPORT_NOTE_CONFLICT, self->accumulation_file,
              g_strdup_printf (_("the global batch %u is not micro batch %u × gradient "
                                 "accumulation %u (%s) × %u data-parallel GPUs = %s; the "
                                 "global batch is used"),
                               t->global_batch, t->micro_batch, steps,
                               self->accumulation_key, dp, derived_text));
}

static gboolean
is_main_field (const RpField *f)
{
  return (f->flags & RP_FIELD_FORM) != 0 && (f->flags & RP_FIELD_ADVANCED) == 0 &&
         (f->section == RP_SECTION_TRAINING || f->section == RP_SECTION_HARDWARE);
}

/* One note per section: "training: method = full-finetune, …". */
static void
list_defaults_of (RpImport          *self,
                  const RpScenario  *scenario,
                  const RpModelArch *arch,
                  RpSection          section)
{
  g_autoptr(GString) kept = g_string_new (NULL);

  for (guint i = 0; i < rp_fields_n (); i++)
    {
      const RpField *f = rp_fields_get (i);
      g_autofree char *value = NULL;

      if (f->section != section || !is_main_field (f) || find_assignment (self, f) != NULL ||
          !rp_field_applies (f, scenario, arch) || f->type == RP_FIELD_STRING)
        continue;
      if (strcmp (f->key, "training.global_batch") == 0 &&
          !isnan (assigned (self, "training.micro_batch")))
        continue;   /* derived from the micro batch */
      value = format_value (f, rp_field_get_number (f, scenario));
      g_string_append_printf (kept, "%s%s = %s", kept->len > 0 ? ", " : "", f->json_key, value);
    }
  if (kept->len > 0)
    add_note (self, RP_IMPORT_NOTE_DEFAULT, NULL,
              g_strdup_printf ("%s: %s", section == RP_SECTION_TRAINING ? "training" : "hardware",
                               kept->str));
}

static void
list_defaults (RpImport          *self,
               const RpScenario  *scenario,
               const RpModelArch *arch)
{
  add_note (self, RP_IMPORT_NOTE_DEFAULT, NULL,
            /* TRANSLATORS: %s is a GPU id */
            g_strdup_printf (_("hardware.gpu = %s: no file names the GPU; choose yours"),
                             scenario->hardware.gpu));
  list_defaults_of (self, scenario, arch, RP_SECTION_TRAINING);
  list_defaults_of (self, scenario, arch, RP_SECTION_HARDWARE);
  add_note (self, RP_IMPORT_NOTE_DEFAULT, NULL,
            g_strdup (_("the dataset size and the whole budget section keep Rigplan’s "
                        "defaults: no training config states them")));
}

static gboolean
check_result (RpImport   *self,
              RpScenario *scenario,
              GError    **error)
{
  g_autoptr(GError) local = NULL;
  RpModelArch arch;
  const char *key;
  Assignment *a;

  if (rp_scenario_validate (scenario, &local) &&
      (self->catalog == NULL || rp_model_resolve (&scenario->model, self->catalog, &arch,
                                                  &local)))
    return TRUE;
  key = rp_error_get_key (local);
  a = key != NULL ? find_assignment (self, rp_fields_lookup (key)) : NULL;
  if (a != NULL)
    /* TRANSLATORS: what is wrong with the imported scenario, then the file and
     * the key in it that set the value */
    rp_error_set_key (error, local->code, key, _("%s (set by %s: %s)"),
                      rp_error_get_detail (local), a->file, a->source_key);
  else
    {
      rp_error_set_key (error, local->code, key, "%s", rp_error_get_detail (local));
      g_prefix_error (error, _("the imported scenario: "));
    }
  return FALSE;
}

static void
name_scenario (RpImport   *self,
               RpScenario *scenario)
{
  g_autoptr(GString) name = g_string_new (NULL);
  g_autofree char *report = NULL;
  char *clipped;

  if (self->base != NULL && self->base->name != NULL && *self->base->name != '\0')
    g_string_append (name, self->base->name);
  for (guint i = 0; i < self->labels->len; i++)
    g_string_append_printf (name, "%s%s", name->len > 0 ? " + " : "",
                            (const char *) g_ptr_array_index (self->labels, i));
  /* within what the fields hold, or the scenario would not load back */
  clipped = rp_text_clip (name->str, RP_FIELD_MAX_NAME_BYTES);
  rp_scenario_set_name (scenario, clipped);
  g_free (clipped);
  report = rp_import_dup_report (self);
  clipped = rp_text_clip (report, RP_FIELD_MAX_NOTES_BYTES);
  rp_scenario_set_notes (scenario, clipped);
  g_free (clipped);
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

      add_note (self, agrees ? RP_IMPORT_NOTE_DERIVED : RP_IMPORT_NOTE_CONFLICT, f->path,
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
    add_note (self, RP_IMPORT_NOTE_DERIVED, f->path,
              g_strdup_printf (_("describes the model %s that %s names (the same parameter "
                                 "count)"), self->model_label, self->model_file));
  else if (self->has_model && (exact || !self->model_exact) &&
           g_strcmp0 (self->model_label, label) != 0)
    add_note (self, RP_IMPORT_NOTE_CONFLICT, f->path,
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
    add_note (self, RP_IMPORT_NOTE_CONFLICT, NULL,
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
  ok = add_path (self, path, error);
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
  add_note (f->import, kind, f->path, text);
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

/* ---- public API ----------------------------------------------------- */

RpImport *
rp_import_new (RpCatalog *catalog)
{
  RpImport *self = g_new0 (RpImport, 1);

  self->catalog = catalog != NULL ? rp_catalog_ref (catalog) : NULL;
  self->assignments = g_ptr_array_new_with_free_func (assignment_free);
  self->notes = g_ptr_array_new_with_free_func (note_free);
  self->labels = g_ptr_array_new_with_free_func (g_free);
  self->seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  rp_model_arch_init_defaults (&self->model_arch);
  return self;
}

void
rp_import_free (RpImport *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->catalog, rp_catalog_unref);
  g_clear_pointer (&self->base, rp_scenario_free);
  g_free (self->base_file);
  g_ptr_array_unref (self->assignments);
  g_ptr_array_unref (self->notes);
  g_ptr_array_unref (self->labels);
  g_hash_table_unref (self->seen);
  g_free (self->model_preset);
  g_free (self->model_file);
  g_free (self->model_label);
  g_free (self->accumulation_file);
  g_free (self->accumulation_key);
  g_free (self);
}

gboolean
rp_import_add_path (RpImport   *self,
                    const char *path,
                    GError    **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT, _("%s: no such file or directory"),
                   path);
      return FALSE;
    }
  return add_path (self, path, error);
}

RpScenario *
rp_import_finish (RpImport  *self,
                  GError   **error)
{
  g_autoptr(RpScenario) scenario = NULL;
  RpModelArch arch;

  g_return_val_if_fail (self != NULL, NULL);

  if (self->base == NULL && !self->has_model && self->assignments->len == 0 &&
      self->accumulation == 0)
    {
      g_set_error (error, RP_ERROR, RP_ERROR_MISSING_FIELD,
                   _("nothing to import: no file gave a model or a training setting"));
      return NULL;
    }
  if (self->base != NULL)
    scenario = rp_scenario_copy (self->base);
  else
    {
      g_autoptr(RpScenario) starter = rp_scenario_new_starter ();

      scenario = rp_scenario_new ();
      /* a scenario needs a GPU; the one a new window opens with, listed below */
      rp_scenario_set_gpu (scenario, starter->hardware.gpu);
      if (!self->has_model)
        rp_scenario_set_preset (scenario, starter->model.preset);
    }
  apply_model (self, scenario);
  apply_assignments (self, scenario);
  derive_global_batch (self, scenario);
  if (!check_result (self, scenario, error))
    return NULL;
  arch = scenario->model.arch;
  if (self->catalog != NULL)
    rp_model_resolve (&scenario->model, self->catalog, &arch, NULL);
  if (self->base == NULL)
    list_defaults (self, scenario, &arch);
  name_scenario (self, scenario);
  return g_steal_pointer (&scenario);
}

guint
rp_import_n_notes (const RpImport *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->notes->len;
}

const RpImportNote *
rp_import_get_note (const RpImport *self,
                    guint           i)
{
  g_return_val_if_fail (self != NULL && i < self->notes->len, NULL);
  return g_ptr_array_index (self->notes, i);
}

char *
rp_import_dup_report (const RpImport *self)
{
  static const char *const headings[RP_N_IMPORT_NOTES] = {
    N_("Imported from:"), N_("Parameters:"), N_("Approximated:"), N_("Conflicts:"),
    N_("Derived:"), N_("Not used:"), N_("Rigplan’s defaults (no file sets them):"),
  };
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (self != NULL, NULL);

  for (guint kind = 0; kind < RP_N_IMPORT_NOTES; kind++)
    {
      gboolean any = FALSE;

      for (guint i = 0; i < self->notes->len; i++)
        {
          const RpImportNote *n = g_ptr_array_index (self->notes, i);

          if (n->kind != kind)
            continue;
          if (!any)
            g_string_append_printf (out, "%s%s\n", out->len > 0 ? "\n" : "", _(headings[kind]));
          any = TRUE;
          if (n->file != NULL && kind == RP_IMPORT_NOTE_SOURCE)
            /* TRANSLATORS: a file name, then what it was read as */
            g_string_append_printf (out, _("  %s — %s\n"), n->file, n->text);
          else if (n->file != NULL)
            {
              /* the full path is in the source lines; the others name the file */
              g_autofree char *base = g_path_get_basename (n->file);

              g_string_append_printf (out, "  %s: %s\n", base, n->text);
            }
          else
            g_string_append_printf (out, "  %s\n", n->text);
        }
    }
  return g_string_free (out, FALSE);
}

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
      rp_import_add_note (f->import, RP_IMPORT_NOTE_IGNORED, f->path,
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
  rp_import_add_note (self, RP_IMPORT_NOTE_SOURCE, path, g_strdup (kind));
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
  rp_import_add_note (self, RP_IMPORT_NOTE_SOURCE, path,
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
      RpImportAssignment *a = g_ptr_array_index (self->assignments, i);

      rp_field_set_number (a->field, scenario, a->value);
    }
}

static double
assigned (RpImport   *self,
          const char *key)
{
  RpImportAssignment *a = rp_import_find_assignment (self, rp_fields_lookup (key));

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
      rp_import_add_note (self, RP_IMPORT_NOTE_DERIVED, NULL,
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
    rp_import_add_note (self, RP_IMPORT_NOTE_DERIVED, self->accumulation_file,
              g_strdup_printf (_("%s %u but no micro batch: the global batch keeps its "
                                 "default"), self->accumulation_key, steps));
  else if (!isnan (given) && self->accumulation > 0 && derived != t->global_batch &&
           !gpus_given && t->global_batch % per_gpu == 0)
    /* DeepSpeed's batch sizes fix the data-parallel size (its own check) */
    rp_import_add_note (self, RP_IMPORT_NOTE_DERIVED, self->accumulation_file,
              g_strdup_printf (_("the batch sizes imply %s data-parallel GPUs (global batch "
                                 "%u ÷ micro batch %u ÷ %u accumulation steps); no file gives "
                                 "the GPU count: set hardware.gpus_per_node and nodes"),
                               implied_text, t->global_batch, t->micro_batch, steps));
  else if (!isnan (given) && self->accumulation > 0 && derived != t->global_batch)
    rp_import_add_note (self, RP_IMPORT_NOTE_CONFLICT, self->accumulation_file,
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

      if (f->section != section || !is_main_field (f) || rp_import_find_assignment (self, f) != NULL ||
          !rp_field_applies (f, scenario, arch) || f->type == RP_FIELD_STRING)
        continue;
      if (strcmp (f->key, "training.global_batch") == 0 &&
          !isnan (assigned (self, "training.micro_batch")))
        continue;   /* derived from the micro batch */
      value = rp_import_format_value (f, rp_field_get_number (f, scenario));
      g_string_append_printf (kept, "%s%s = %s", kept->len > 0 ? ", " : "", f->json_key, value);
    }
  if (kept->len > 0)
    rp_import_add_note (self, RP_IMPORT_NOTE_DEFAULT, NULL,
              g_strdup_printf ("%s: %s", section == RP_SECTION_TRAINING ? "training" : "hardware",
                               kept->str));
}

static void
list_defaults (RpImport          *self,
               const RpScenario  *scenario,
               const RpModelArch *arch)
{
  rp_import_add_note (self, RP_IMPORT_NOTE_DEFAULT, NULL,
            /* TRANSLATORS: %s is a GPU id */
            g_strdup_printf (_("hardware.gpu = %s: no file names the GPU; choose yours"),
                             scenario->hardware.gpu));
  list_defaults_of (self, scenario, arch, RP_SECTION_TRAINING);
  list_defaults_of (self, scenario, arch, RP_SECTION_HARDWARE);
  rp_import_add_note (self, RP_IMPORT_NOTE_DEFAULT, NULL,
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
  RpImportAssignment *a;

  if (rp_scenario_validate (scenario, &local) &&
      (self->catalog == NULL || rp_model_resolve (&scenario->model, self->catalog, &arch,
                                                  &local)))
    return TRUE;
  key = rp_error_get_key (local);
  a = key != NULL ? rp_import_find_assignment (self, rp_fields_lookup (key)) : NULL;
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

/* ---- public API ----------------------------------------------------- */

RpImport *
rp_import_new (RpCatalog *catalog)
{
  RpImport *self = g_new0 (RpImport, 1);

  self->catalog = catalog != NULL ? rp_catalog_ref (catalog) : NULL;
  self->assignments = g_ptr_array_new_with_free_func (rp_import_assignment_free);
  self->notes = g_ptr_array_new_with_free_func (rp_import_note_free);
  self->labels = g_ptr_array_new_with_free_func (g_free);
  self->seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->add_path = add_path;
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

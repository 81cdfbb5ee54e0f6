/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-measure.c: measurement files and the probe's input */

#include "config.h"

#include "rp-measure.h"

#include "rp-error.h"
#include "rp-file.h"
#include "rp-json-private.h"
#include "rp-memory-model.h"
#include "rp-model.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* A step of a day, a petabyte, a billion layers are not measurements. */
static const double max_step_s = 86400;
static const double max_bytes = 1e15;
static const guint max_dimension = 10000000;
static const guint max_notes = 64;
/* A peak may exceed the memory the device reports by rounding only. */
static const double peak_over_memory = 1.01;

/* ---- helpers: reading ----------------------------------------------- */

static gboolean
read_enum (const cJSON      *obj,
           const char       *path,
           const char       *key,
           const RpEnumInfo *info,
           guint            *out,
           GError          **error)
{
  g_autofree char *text = NULL;

  if (!rp_json_read_string (obj, path, key, FALSE, &text, error))
    return FALSE;
  if (text != NULL && !rp_enum_info_lookup (info, text, out))
    {
      g_autofree char *where = rp_json_join_path (path, key);
      g_autofree char *names = rp_enum_info_list_names (info);

      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where,
                        _("unknown value “%s” (expected one of: %s)"), text, names);
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_arch (const cJSON *obj,
           const char  *path,
           RpModelArch *a,
           char       **preset,
           GError     **error)
{
  guint kind = 0, act = 0, norm = 0, biases = 0;

  rp_model_arch_init_defaults (a);
  kind = a->kind, act = a->ffn_act, norm = a->norm, biases = a->biases;
  if (!read_enum (obj, path, "kind", &rp_model_kind_info, &kind, error) ||
      !rp_json_read_string (obj, path, "preset", FALSE, preset, error) ||
      !rp_json_read_uint64 (obj, path, "params", FALSE, &a->params, error) ||
      !rp_json_read_uint (obj, path, "layers", FALSE, 0, max_dimension, &a->layers, error) ||
      !rp_json_read_uint (obj, path, "hidden", FALSE, 0, max_dimension, &a->hidden, error) ||
      !rp_json_read_uint (obj, path, "heads", FALSE, 0, max_dimension, &a->heads, error) ||
      !rp_json_read_uint (obj, path, "kv_heads", FALSE, 0, max_dimension, &a->kv_heads, error) ||
      !rp_json_read_uint (obj, path, "head_dim", FALSE, 0, max_dimension, &a->head_dim, error) ||
      !rp_json_read_uint (obj, path, "ffn", FALSE, 0, max_dimension, &a->ffn, error) ||
      !read_enum (obj, path, "ffn_act", &rp_ffn_act_info, &act, error) ||
      !rp_json_read_uint (obj, path, "vocab", FALSE, 0, max_dimension, &a->vocab, error) ||
      !rp_json_read_bool (obj, path, "tied_embeddings", FALSE, &a->tied_embeddings, error) ||
      !rp_json_read_uint (obj, path, "max_positions", FALSE, 0, max_dimension,
                          &a->max_positions, error) ||
      !read_enum (obj, path, "norm", &rp_norm_info, &norm, error) ||
      !read_enum (obj, path, "biases", &rp_biases_info, &biases, error) ||
      !rp_json_read_uint (obj, path, "experts", FALSE, 0, max_dimension, &a->experts, error) ||
      !rp_json_read_uint (obj, path, "experts_active", FALSE, 0, max_dimension,
                          &a->experts_active, error) ||
      !rp_json_read_uint (obj, path, "shared_experts", FALSE, 0, max_dimension,
                          &a->shared_experts, error) ||
      !rp_json_read_uint (obj, path, "patch_size", FALSE, 0, max_dimension, &a->patch_size,
                          error) ||
      !rp_json_read_uint (obj, path, "image_channels", FALSE, 0, max_dimension,
                          &a->image_channels, error) ||
      !rp_json_read_uint (obj, path, "num_classes", FALSE, 0, max_dimension, &a->num_classes,
                          error) ||
      !rp_json_read_uint (obj, path, "input_size", FALSE, 0, max_dimension, &a->input_size,
                          error))
    return FALSE;
  a->kind = kind, a->ffn_act = act, a->norm = norm, a->biases = biases;
  return TRUE;
}

static gboolean
read_training (const cJSON *obj,
               const char  *path,
               RpTraining  *t,
               GError     **error)
{
  guint method = 0, targets = 0, precision = 0, optimizer = 0, recompute = 0, framework = 0;

  memset (t, 0, sizeof *t);
  if (!read_enum (obj, path, "method", &rp_method_info, &method, error) ||
      !rp_json_read_uint (obj, path, "lora_rank", FALSE, 0, 65536, &t->lora_rank, error) ||
      !read_enum (obj, path, "lora_targets", &rp_lora_targets_info, &targets, error) ||
      !read_enum (obj, path, "precision", &rp_precision_info, &precision, error) ||
      !read_enum (obj, path, "optimizer", &rp_optimizer_info, &optimizer, error) ||
      !rp_json_read_uint (obj, path, "seq_len", FALSE, 0, max_dimension, &t->seq_len, error) ||
      !rp_json_read_uint (obj, path, "micro_batch", TRUE, 1, max_dimension, &t->micro_batch,
                          error) ||
      !read_enum (obj, path, "recompute", &rp_recompute_info, &recompute, error) ||
      !rp_json_read_uint (obj, path, "recompute_interval", FALSE, 0, max_dimension,
                          &t->recompute_interval, error) ||
      !rp_json_read_bool (obj, path, "flash_attention", FALSE, &t->flash_attention, error) ||
      !rp_json_read_bool (obj, path, "compile", FALSE, &t->compile, error) ||
      !rp_json_read_bool (obj, path, "dropout", FALSE, &t->dropout, error) ||
      !read_enum (obj, path, "framework", &rp_framework_info, &framework, error))
    return FALSE;
  t->method = method;
  t->lora_targets = targets;
  t->precision = precision;
  t->optimizer = optimizer;
  t->recompute = recompute;
  t->framework = framework;
  return TRUE;
}

/* A figure measured: absent is NAN (unless @required). */
static gboolean
read_figure (const cJSON *obj,
             const char  *path,
             const char  *key,
             gboolean     required,
             double       min,
             double       max,
             double      *out,
             GError     **error)
{
  *out = NAN;
  return rp_json_read_number (obj, path, key, required, min, max, out, error);
}

static gboolean
read_point (const cJSON    *obj,
            const char     *path,
            gboolean        need_layers,
            RpMeasurePoint *p,
            GError        **error)
{
  if (!rp_json_read_uint (obj, path, "layers", need_layers, need_layers ? 1 : 0, max_dimension,
                          &p->layers, error) ||
      !read_figure (obj, path, "step_s", TRUE, 1e-9, max_step_s, &p->step_s, error) ||
      !read_figure (obj, path, "step_s_min", FALSE, 1e-9, max_step_s, &p->step_s_min, error) ||
      !read_figure (obj, path, "forward_s", FALSE, 0, max_step_s, &p->forward_s, error) ||
      !read_figure (obj, path, "backward_s", FALSE, 0, max_step_s, &p->backward_s, error) ||
      !read_figure (obj, path, "optimizer_s", FALSE, 0, max_step_s, &p->optimizer_s, error) ||
      !read_figure (obj, path, "peak_allocated_bytes", TRUE, 0, max_bytes,
                    &p->peak_allocated_bytes, error) ||
      !read_figure (obj, path, "peak_reserved_bytes", TRUE, 0, max_bytes,
                    &p->peak_reserved_bytes, error) ||
      !read_figure (obj, path, "weights_bytes", FALSE, 0, max_bytes, &p->weights_bytes, error) ||
      !read_figure (obj, path, "gradients_bytes", FALSE, 0, max_bytes, &p->gradients_bytes,
                    error) ||
      !read_figure (obj, path, "optimizer_bytes", FALSE, 0, max_bytes, &p->optimizer_bytes,
                    error) ||
      !read_figure (obj, path, "params", FALSE, 0, 1e16, &p->params, error) ||
      !read_figure (obj, path, "trainable_params", FALSE, 0, 1e16, &p->trainable_params, error))
    return FALSE;
  if (p->peak_reserved_bytes < p->peak_allocated_bytes)
    {
      g_autofree char *where = rp_json_join_path (path, "peak_reserved_bytes");

      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where,
                        _("smaller than peak_allocated_bytes: the allocator reserves what it "
                          "allocates"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_device (const cJSON   *root,
             RpMeasurement *m,
             GError       **error)
{
  const cJSON *device = NULL, *tflops = NULL;
  g_autofree char *kind = NULL;

  if (!rp_json_read_object (root, "", "device", TRUE, &device, error) ||
      !rp_json_read_string (device, "device", "kind", TRUE, &kind, error))
    return FALSE;
  if (!rp_device_kind_from_string (kind, &m->device_kind))
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "device.kind",
                        _("unknown value “%s” (expected one of: %s)"), kind, "cpu, cuda, rocm");
      return FALSE;
    }
  if (!rp_json_read_string (device, "device", "name", TRUE, &m->device_name, error) ||
      !rp_json_read_string (device, "device", "vendor", FALSE, &m->device_vendor, error) ||
      !rp_json_read_string (device, "device", "compute_capability", FALSE,
                            &m->compute_capability, error) ||
      !rp_json_read_string (device, "device", "arch", FALSE, &m->device_arch, error) ||
      !rp_json_read_string (device, "device", "driver", FALSE, &m->driver, error) ||
      !rp_json_read_number (device, "device", "memory_bytes", TRUE, 1, max_bytes,
                            &m->device_memory_bytes, error) ||
      !rp_json_read_number (device, "device", "context_bytes", FALSE, 0, max_bytes,
                            &m->context_bytes, error) ||
      !read_figure (device, "device", "measured_bandwidth_gb_s", FALSE, 1e-6, 1e6,
                    &m->measured_bandwidth_gb_s, error) ||
      !rp_json_read_object (device, "device", "measured_tflops", FALSE, &tflops, error))
    return FALSE;
  if (*m->device_name == '\0' || strlen (m->device_name) > 256)
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "device.name",
                        _("expected the device’s name (1 to 256 characters)"));
      return FALSE;
    }
  if (tflops != NULL &&
      !read_figure (tflops, "device.measured_tflops", rp_precision_to_string (m->ran.precision),
                    FALSE, 1e-9, 1e6, &m->measured_tflops, error))
    return FALSE;
  return TRUE;
}

static gboolean
read_notes (const cJSON   *root,
            RpMeasurement *m,
            GError       **error)
{
  const cJSON *list = cJSON_GetObjectItemCaseSensitive (root, "not_reproduced");
  const cJSON *item;
  guint i = 0;

  if (list == NULL || cJSON_IsNull (list))
    return TRUE;
  if (!cJSON_IsArray (list) || (guint) cJSON_GetArraySize (list) > max_notes)
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "not_reproduced",
                        _("expected a list of at most %u notes"), max_notes);
      return FALSE;
    }
  cJSON_ArrayForEach (item, list)
    {
      g_autofree char *path = g_strdup_printf ("not_reproduced[%u]", i++);
      RpMeasureNote *n = g_new0 (RpMeasureNote, 1);
      const cJSON *asked, *ran;

      g_ptr_array_add (m->notes, n);
      if (!cJSON_IsObject (item))
        {
          rp_error_set_key (error, RP_ERROR_INVALID_VALUE, path, _("expected an object"));
          return FALSE;
        }
      if (!rp_json_read_string (item, path, "key", TRUE, &n->key, error) ||
          !rp_json_read_string (item, path, "code", FALSE, &n->code, error) ||
          !rp_json_read_string (item, path, "text", FALSE, &n->text, error))
        return FALSE;
      /* what was asked and what ran: any JSON scalar, kept as text */
      asked = cJSON_GetObjectItemCaseSensitive (item, "asked");
      ran = cJSON_GetObjectItemCaseSensitive (item, "ran");
      if (cJSON_IsString (asked))
        n->asked = g_strdup (asked->valuestring);
      else if (cJSON_IsBool (asked) || cJSON_IsNumber (asked))
        n->asked = cJSON_PrintUnformatted (asked);
      if (cJSON_IsString (ran))
        n->ran = g_strdup (ran->valuestring);
      else if (cJSON_IsBool (ran) || cJSON_IsNumber (ran))
        n->ran = cJSON_PrintUnformatted (ran);
    }
  return TRUE;
}

static gboolean
read_date (const cJSON   *root,
           RpMeasurement *m,
           GError       **error)
{
  int y = 0, mo = 0, d = 0;

  if (!rp_json_read_string (root, "", "date", TRUE, &m->date, error))
    return FALSE;
  if (strlen (m->date) < 10 || sscanf (m->date, "%4d-%2d-%2d", &y, &mo, &d) != 3 ||
      m->date[4] != '-' || m->date[7] != '-' || !g_date_valid_dmy (d, mo, y) || y < 2000)
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "date",
                        _("expected a date as YYYY-MM-DD (then the time, in UTC)"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_points (const cJSON   *root,
             RpMeasurement *m,
             GError       **error)
{
  const cJSON *points = cJSON_GetObjectItemCaseSensitive (root, "points");
  g_autofree char *mode = NULL;

  if (!rp_json_read_string (root, "", "mode", FALSE, &mode, error))
    return FALSE;
  if (mode != NULL && strcmp (mode, "whole") != 0 && strcmp (mode, "layers") != 0)
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "mode",
                        _("unknown value “%s” (expected one of: %s)"), mode, "whole, layers");
      return FALSE;
    }
  m->layers_mode = g_strcmp0 (mode, "layers") == 0;
  if (!read_point (root, "", FALSE, &m->whole, error))
    return FALSE;
  if (!m->layers_mode)
    {
      m->whole.layers = m->ran_layers;
      return TRUE;
    }
  if (!cJSON_IsArray (points) || cJSON_GetArraySize (points) != 2)
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "points",
                        _("expected the two depths measured"));
      return FALSE;
    }
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *path = g_strdup_printf ("points[%u]", i);
      const cJSON *item = cJSON_GetArrayItem (points, i);

      if (!cJSON_IsObject (item))
        {
          rp_error_set_key (error, RP_ERROR_INVALID_VALUE, path, _("expected an object"));
          return FALSE;
        }
      if (!read_point (item, path, TRUE, &m->points[i], error))
        return FALSE;
    }
  if (m->points[0].layers >= m->points[1].layers ||
      (m->ran_layers > 0 && m->points[1].layers > m->ran_layers))
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "points[1].layers",
                        _("expected two depths, the smaller first, at most the model’s layers"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_peaks (const RpMeasurement *m,
             GError             **error)
{
  const RpMeasurePoint *p[3] = { &m->whole, &m->points[0], &m->points[1] };

  for (guint i = 0; i < (m->layers_mode ? 3u : 1u); i++)
    if (p[i]->peak_reserved_bytes > m->device_memory_bytes * peak_over_memory &&
        !(m->layers_mode && i == 0))
      {
        g_autofree char *where = i == 0 ? g_strdup ("peak_reserved_bytes")
                                        : g_strdup_printf ("points[%u].peak_reserved_bytes",
                                                           i - 1);

        rp_error_set_key (error, RP_ERROR_INVALID_VALUE, where,
                          _("larger than the device’s memory (device.memory_bytes)"));
        return FALSE;
      }
  return TRUE;
}

static RpMeasurement *
load_root (const cJSON *root,
           const char  *name,
           GError     **error)
{
  g_autoptr(RpMeasurement) m = rp_measurement_new ();
  g_autofree char *format = NULL;
  const cJSON *scenario = NULL, *model = NULL, *training = NULL, *ran = NULL, *software = NULL;
  guint version = 0;

  if (!cJSON_IsObject (root))
    {
      g_set_error (error, RP_ERROR, RP_ERROR_PARSE, _("expected a JSON object"));
      return NULL;
    }
  if (!rp_json_read_string (root, "", "format", TRUE, &format, error))
    return NULL;
  if (strcmp (format, "rigplan-measure") != 0)
    {
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "format",
                        _("expected “rigplan-measure”, found “%s”: not a measurement"),
                        format);
      return NULL;
    }
  if (!rp_json_read_uint (root, "", "version", TRUE, 1, G_MAXINT, &version, error))
    return NULL;
  if (version > 1)
    {
      rp_error_set_key (error, RP_ERROR_UNSUPPORTED_VERSION, "version",
                        _("%u is newer than this Rigplan understands (1)"), version);
      return NULL;
    }
  m->name = g_strdup (name);
  if (!read_date (root, m, error) ||
      !rp_json_read_string (root, "", "tool", FALSE, &m->tool, error) ||
      !rp_json_read_string (root, "", "host", FALSE, &m->host, error) ||
      !rp_json_read_object (root, "", "scenario", TRUE, &scenario, error) ||
      !rp_json_read_object (scenario, "scenario", "model", TRUE, &model, error) ||
      !rp_json_read_object (scenario, "scenario", "training", TRUE, &training, error) ||
      !rp_json_read_object (root, "", "ran", TRUE, &ran, error) ||
      !read_arch (model, "scenario.model", &m->arch, &m->preset, error) ||
      !read_training (training, "scenario.training", &m->asked, error) ||
      !read_training (ran, "ran", &m->ran, error) ||
      !rp_json_read_uint (ran, "ran", "layers", FALSE, 0, max_dimension, &m->ran_layers,
                          error) ||
      !rp_json_read_uint (ran, "ran", "steps", FALSE, 0, 1000000, &m->steps, error) ||
      !read_device (root, m, error) ||
      !rp_json_read_object (root, "", "software", FALSE, &software, error) ||
      (software != NULL &&
       (!rp_json_read_string (software, "software", "torch", FALSE, &m->torch, error) ||
        !rp_json_read_string (software, "software", "cuda", FALSE, &m->cuda, error) ||
        !rp_json_read_string (software, "software", "hip", FALSE, &m->hip, error))) ||
      !read_points (root, m, error) || !read_notes (root, m, error) ||
      !read_figure (root, "", "tokens_per_s", FALSE, 0, 1e15, &m->tokens_per_s, error) ||
      !read_figure (root, "", "samples_per_s", FALSE, 0, 1e15, &m->samples_per_s, error))
    return NULL;
  if (isnan (m->tokens_per_s) && isnan (m->samples_per_s))
    {
      rp_error_set_key (error, RP_ERROR_MISSING_FIELD, "tokens_per_s",
                        _("a measurement gives tokens_per_s or samples_per_s"));
      return NULL;
    }
  if (!check_peaks (m, error))
    return NULL;
  return g_steal_pointer (&m);
}

/* ---- helpers: writing ----------------------------------------------- */

static void
add_uint (cJSON      *obj,
          const char *key,
          guint       value)
{
  cJSON_AddNumberToObject (obj, key, value);
}

static void
add_figure (cJSON      *obj,
            const char *key,
            double      value)
{
  if (isfinite (value))
    rp_json_add_number (obj, key, value);
}

static void
arch_to_json (cJSON             *obj,
              const RpModelArch *a,
              const char        *preset)
{
  rp_json_add_string (obj, "preset", preset);
  rp_json_add_string (obj, "kind", rp_model_kind_to_string (a->kind));
  cJSON_AddNumberToObject (obj, "params", (double) rp_model_params (a));
  add_uint (obj, "layers", a->layers);
  add_uint (obj, "hidden", a->hidden);
  add_uint (obj, "heads", a->heads);
  add_uint (obj, "kv_heads", a->kv_heads);
  add_uint (obj, "head_dim", rp_model_head_dim (a));
  add_uint (obj, "ffn", a->ffn);
  rp_json_add_string (obj, "ffn_act", rp_ffn_act_to_string (a->ffn_act));
  add_uint (obj, "vocab", a->vocab);
  cJSON_AddBoolToObject (obj, "tied_embeddings", a->tied_embeddings);
  add_uint (obj, "max_positions", a->max_positions);
  add_uint (obj, "type_vocab", a->type_vocab);
  rp_json_add_string (obj, "norm", rp_norm_to_string (a->norm));
  rp_json_add_string (obj, "biases", rp_biases_to_string (a->biases));
  add_uint (obj, "experts", a->experts);
  add_uint (obj, "experts_active", a->experts_active);
  add_uint (obj, "shared_experts", a->shared_experts);
  add_uint (obj, "patch_size", a->patch_size);
  add_uint (obj, "image_channels", a->image_channels);
  add_uint (obj, "num_classes", a->num_classes);
  add_uint (obj, "input_size", a->input_size);
}

static void
training_to_json (cJSON            *obj,
                  const RpTraining *t)
{
  rp_json_add_string (obj, "method", rp_method_to_string (t->method));
  add_uint (obj, "lora_rank", t->lora_rank);
  rp_json_add_string (obj, "lora_targets", rp_lora_targets_to_string (t->lora_targets));
  rp_json_add_string (obj, "precision", rp_precision_to_string (t->precision));
  rp_json_add_string (obj, "optimizer", rp_optimizer_to_string (t->optimizer));
  add_uint (obj, "seq_len", t->seq_len);
  add_uint (obj, "micro_batch", t->micro_batch);
  rp_json_add_string (obj, "recompute", rp_recompute_to_string (t->recompute));
  add_uint (obj, "recompute_interval", t->recompute_interval);
  cJSON_AddBoolToObject (obj, "flash_attention", t->flash_attention);
  cJSON_AddBoolToObject (obj, "compile", t->compile);
  cJSON_AddBoolToObject (obj, "dropout", t->dropout);
  rp_json_add_string (obj, "framework", rp_framework_to_string (t->framework));
}

static void
point_to_json (cJSON                *obj,
               const RpMeasurePoint *p,
               gboolean              layers)
{
  if (layers)
    add_uint (obj, "layers", p->layers);
  add_figure (obj, "step_s", p->step_s);
  add_figure (obj, "step_s_min", p->step_s_min);
  add_figure (obj, "forward_s", p->forward_s);
  add_figure (obj, "backward_s", p->backward_s);
  add_figure (obj, "optimizer_s", p->optimizer_s);
  add_figure (obj, "peak_allocated_bytes", p->peak_allocated_bytes);
  add_figure (obj, "peak_reserved_bytes", p->peak_reserved_bytes);
  add_figure (obj, "weights_bytes", p->weights_bytes);
  add_figure (obj, "gradients_bytes", p->gradients_bytes);
  add_figure (obj, "optimizer_bytes", p->optimizer_bytes);
  add_figure (obj, "params", p->params);
  add_figure (obj, "trainable_params", p->trainable_params);
}

/* ---- helpers: the probe's input ------------------------------------- */

static void
add_single_device_note (cJSON      *notes,
                        const char *key,
                        const char *asked,
                        const char *ran)
{
  cJSON *n = cJSON_CreateObject ();

  rp_json_add_string (n, "key", key);
  rp_json_add_string (n, "code", "single-device");
  rp_json_add_string (n, "asked", asked);
  rp_json_add_string (n, "ran", ran);
  rp_json_add_string (n, "text", "one device runs one micro-batch per step, without this");
  cJSON_AddItemToArray (notes, n);
}

static void
add_uint_note (cJSON      *notes,
               const char *key,
               guint       asked,
               guint       ran)
{
  char a[32], b[32];

  if (asked == ran)
    return;
  g_snprintf (a, sizeof a, "%u", asked);
  g_snprintf (b, sizeof b, "%u", ran);
  add_single_device_note (notes, key, a, b);
}

/* The memory the models predict of one device running one micro-batch
 * of @scenario at @layers (0: the model's own). */
static double
predicted_bytes (const RpScenario    *scenario,
                 const RpCatalog     *catalog,
                 const RpModelArch   *arch,
                 const RpGpu         *gpu,
                 guint                layers)
{
  g_autoptr(RpScenario) s = rp_scenario_copy (scenario);
  RpModelArch a = *arch;
  RpMemoryEstimate m;

  s->training.tensor_parallel = s->training.pipeline_parallel = 1;
  s->training.expert_parallel = s->training.context_parallel = 1;
  s->training.zero_stage = 0;
  s->training.offload = RP_OFFLOAD_NONE;
  s->training.global_batch = MAX (s->training.micro_batch, 1);
  s->hardware.gpus_per_node = s->hardware.nodes = 1;
  if (layers > 0)
    {
      a.layers = layers;
      a.params = 0;
    }
  rp_memory_model_estimate (s, &a, gpu, catalog, &m);
  return m.total_bytes;
}

/* ---- public API ----------------------------------------------------- */

RpMeasurement *
rp_measurement_load_bytes (const char *data,
                           gsize       len,
                           const char *name,
                           GError    **error)
{
  g_autoptr(cJSON) root = NULL;

  g_return_val_if_fail (data != NULL || len == 0, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (len > RP_MEASURE_MAX_BYTES)
    {
      g_set_error (error, RP_ERROR, RP_ERROR_PARSE, _("larger than %u bytes: not a measurement"),
                   (guint) RP_MEASURE_MAX_BYTES);
      return NULL;
    }
  root = rp_json_parse (data, len, error);
  if (root == NULL)
    return NULL;
  return load_root (root, name, error);
}

RpMeasurement *
rp_measurement_load_file (const char *path,
                          GError    **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *name = NULL;
  RpMeasurement *m;
  const char *data;
  gsize len = 0;

  g_return_val_if_fail (path != NULL, NULL);

  bytes = rp_file_read_bounded (path, RP_MEASURE_MAX_BYTES, error);
  if (bytes == NULL)
    {
      g_prefix_error (error, "%s: ", path);
      return NULL;
    }
  data = g_bytes_get_data (bytes, &len);
  name = g_path_get_basename (path);
  m = rp_measurement_load_bytes (data, len, name, error);
  if (m == NULL)
    g_prefix_error (error, "%s: ", path);
  return m;
}

char *
rp_measurement_to_json (const RpMeasurement *m)
{
  g_autoptr(cJSON) root = cJSON_CreateObject ();
  cJSON *device, *software, *scenario, *model, *training, *ran, *notes;
  char *text;

  g_return_val_if_fail (m != NULL, NULL);

  rp_json_add_string (root, "format", "rigplan-measure");
  cJSON_AddNumberToObject (root, "version", 1);
  rp_json_add_string (root, "tool", m->tool);
  rp_json_add_string (root, "date", m->date);
  rp_json_add_string (root, "host", m->host);
  device = cJSON_AddObjectToObject (root, "device");
  rp_json_add_string (device, "kind", rp_device_kind_to_string (m->device_kind));
  rp_json_add_string (device, "name", m->device_name);
  rp_json_add_string (device, "vendor", m->device_vendor);
  rp_json_add_number (device, "memory_bytes", m->device_memory_bytes);
  rp_json_add_string (device, "compute_capability", m->compute_capability);
  rp_json_add_string (device, "arch", m->device_arch);
  rp_json_add_string (device, "driver", m->driver);
  rp_json_add_number (device, "context_bytes", m->context_bytes);
  if (isfinite (m->measured_tflops))
    {
      cJSON *t = cJSON_AddObjectToObject (device, "measured_tflops");

      rp_json_add_number (t, rp_precision_to_string (m->ran.precision), m->measured_tflops);
    }
  add_figure (device, "measured_bandwidth_gb_s", m->measured_bandwidth_gb_s);
  software = cJSON_AddObjectToObject (root, "software");
  rp_json_add_string (software, "torch", m->torch);
  rp_json_add_string (software, "cuda", m->cuda);
  rp_json_add_string (software, "hip", m->hip);
  scenario = cJSON_AddObjectToObject (root, "scenario");
  model = cJSON_AddObjectToObject (scenario, "model");
  arch_to_json (model, &m->arch, m->preset);
  training = cJSON_AddObjectToObject (scenario, "training");
  training_to_json (training, &m->asked);
  ran = cJSON_AddObjectToObject (root, "ran");
  training_to_json (ran, &m->ran);
  add_uint (ran, "layers", m->ran_layers);
  add_uint (ran, "steps", m->steps);
  notes = cJSON_AddArrayToObject (root, "not_reproduced");
  for (guint i = 0; i < m->notes->len; i++)
    {
      const RpMeasureNote *n = g_ptr_array_index (m->notes, i);
      cJSON *item = cJSON_CreateObject ();

      rp_json_add_string (item, "key", n->key);
      rp_json_add_string (item, "code", n->code);
      rp_json_add_string (item, "asked", n->asked);
      rp_json_add_string (item, "ran", n->ran);
      rp_json_add_string (item, "text", n->text);
      cJSON_AddItemToArray (notes, item);
    }
  rp_json_add_string (root, "mode", m->layers_mode ? "layers" : "whole");
  if (m->layers_mode)
    {
      cJSON *points = cJSON_AddArrayToObject (root, "points");

      for (guint i = 0; i < 2; i++)
        {
          cJSON *p = cJSON_CreateObject ();

          point_to_json (p, &m->points[i], TRUE);
          cJSON_AddItemToArray (points, p);
        }
    }
  point_to_json (root, &m->whole, FALSE);
  add_figure (root, "tokens_per_s", m->tokens_per_s);
  add_figure (root, "samples_per_s", m->samples_per_s);
  text = cJSON_Print (root);
  return text;
}

char *
rp_probe_input_to_json (const RpScenario *scenario,
                        const RpCatalog  *catalog,
                        GError          **error)
{
  g_autoptr(cJSON) root = cJSON_CreateObject ();
  const RpTraining *t;
  const RpGpu *gpu;
  RpModelArch arch;
  cJSON *model, *training, *notes, *info, *predicted;

  g_return_val_if_fail (scenario != NULL && catalog != NULL, NULL);

  if (!rp_scenario_validate (scenario, error) ||
      !rp_model_resolve (&scenario->model, catalog, &arch, error))
    return NULL;
  t = &scenario->training;
  gpu = rp_catalog_lookup_gpu (catalog, scenario->hardware.gpu);
  rp_json_add_string (root, "format", "rigplan-probe-input");
  cJSON_AddNumberToObject (root, "version", 1);
  info = cJSON_AddObjectToObject (root, "scenario");
  rp_json_add_string (info, "name", scenario->name);
  rp_json_add_string (root, "gpu", scenario->hardware.gpu);
  model = cJSON_AddObjectToObject (root, "model");
  arch_to_json (model, &arch, scenario->model.preset);
  /* torchvision builds the bundled CNN presets by its own names */
  if (arch.kind == RP_MODEL_KIND_CNN && g_strcmp0 (scenario->model.preset, "resnet-50") == 0)
    rp_json_add_string (model, "torchvision", "resnet50");
  training = cJSON_AddObjectToObject (root, "training");
  training_to_json (training, t);
  /* what one device cannot run of the scenario: said, never dropped */
  notes = cJSON_AddArrayToObject (root, "not_reproduced");
  add_uint_note (notes, "hardware.gpus", rp_scenario_n_gpus (scenario), 1);
  add_uint_note (notes, "training.tensor_parallel", MAX (t->tensor_parallel, 1), 1);
  add_uint_note (notes, "training.pipeline_parallel", MAX (t->pipeline_parallel, 1), 1);
  add_uint_note (notes, "training.expert_parallel", MAX (t->expert_parallel, 1), 1);
  add_uint_note (notes, "training.context_parallel", MAX (t->context_parallel, 1), 1);
  add_uint_note (notes, "training.zero_stage", t->zero_stage, 0);
  if (t->offload != RP_OFFLOAD_NONE)
    add_single_device_note (notes, "training.offload", rp_offload_to_string (t->offload),
                            "none");
  add_uint_note (notes, "training.global_batch", t->global_batch, MAX (t->micro_batch, 1));
  if (t->reference_model == RP_REFERENCE_ON_GPU)
    add_single_device_note (notes, "training.reference_model", "on-gpu", "none");
  predicted = cJSON_AddObjectToObject (root, "predicted");
  if (gpu != NULL)
    {
      double whole = predicted_bytes (scenario, catalog, &arch, gpu, 0);
      double per_layer = 0, fixed = 0;

      rp_json_add_number (predicted, "memory_bytes", whole);
      if (rp_model_kind_is_transformer (arch.kind) && arch.layers >= 2)
        {
          double one = predicted_bytes (scenario, catalog, &arch, gpu, 1);
          double two = predicted_bytes (scenario, catalog, &arch, gpu, 2);

          per_layer = two - one;
          fixed = one - per_layer;
          rp_json_add_number (predicted, "memory_per_layer_bytes", per_layer);
          rp_json_add_number (predicted, "memory_fixed_bytes", MAX (fixed, 0.0));
        }
    }
  return cJSON_Print (root);
}

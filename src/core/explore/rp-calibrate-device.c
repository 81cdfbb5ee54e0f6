/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-calibrate-device.c: a measurement and the device it ran on
 *
 * PyTorch names a device as its driver does ("NVIDIA A100-SXM4-80GB",
 * "Tesla V100-SXM2-32GB"); the catalog as its maker sells it ("NVIDIA A100
 * 80GB SXM4").  A catalog entry names the device when every word of its
 * name that tells parts apart is in the device's name (sizes, memory kinds
 * and form factors may be missing, but a form factor may not differ), and
 * its memory is the device's within RP_CALIBRATE_MEMORY_TOLERANCE; the
 * entry naming most of the device's words wins, and a tie is an error that
 * asks for --gpu.  A device no entry names (a CPU, a new board) is
 * described from what the probe measured. */

#include "config.h"

#include "rp-calibrate.h"

#include "rp-calibrate-private.h"
#include "rp-error.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* The most characters of a measured device's id. */
static const gsize max_slug = 48;

static const char *const device_kind_names[RP_N_DEVICE_KINDS] = { "cpu", "cuda", "rocm" };

/* ---- helpers: the measurement --------------------------------------- */

static void
note_free (gpointer data)
{
  RpMeasureNote *n = data;

  g_free (n->key);
  g_free (n->code);
  g_free (n->asked);
  g_free (n->ran);
  g_free (n->text);
  g_free (n);
}

/* ---- helpers: finding the device ------------------------------------ */

/* Words of a device's name that say nothing of which device it is. */
static gboolean
is_noise_word (const char *w)
{
  static const char *const words[] = {
    "nvidia", "geforce", "tesla", "quadro", "amd", "instinct", "radeon", "intel", "huawei",
    "generation", "gpu", "graphics", "hgx", "dgx", "vendor", "board", "per", "the",
  };

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if (strcmp (w, words[i]) == 0)
      return TRUE;
  return FALSE;
}

/* "sxm", "pcie", "nvl" for a form-factor word, else NULL. */
static const char *
form_of (const char *w)
{
  if (g_str_has_prefix (w, "sxm"))
    return "sxm";
  if (strcmp (w, "pcie") == 0)
    return "pcie";
  if (strcmp (w, "nvl") == 0)
    return "nvl";
  return NULL;
}

/* A memory size ("80gb", "48g") or a memory kind ("hbm3"). */
static gboolean
is_optional_word (const char *w)
{
  gsize n = strlen (w);
  gsize digits = strspn (w, "0123456789");

  if (digits > 0 && (strcmp (w + digits, "gb") == 0 || strcmp (w + digits, "g") == 0) &&
      digits + 2 >= n)
    return TRUE;
  return g_str_has_prefix (w, "hbm") || form_of (w) != NULL;
}

/* The words of @name, lower case, without what is in parentheses. */
static GPtrArray *
name_words (const char *name)
{
  GPtrArray *words = g_ptr_array_new_with_free_func (g_free);
  GString *word = g_string_new (NULL);
  int depth = 0;

  for (const char *p = name; ; p++)
    {
      char ch = *p;

      if (ch == '(')
        depth++;
      else if (ch == ')' && depth > 0)
        depth--;
      if (depth == 0 && g_ascii_isalnum (ch))
        {
          g_string_append_c (word, g_ascii_tolower (ch));
          continue;
        }
      if (word->len > 0)
        {
          if (!is_noise_word (word->str))
            g_ptr_array_add (words, g_strdup (word->str));
          g_string_truncate (word, 0);
        }
      if (ch == '\0')
        break;
    }
  g_string_free (word, TRUE);
  return words;
}

static gboolean
has_word (GPtrArray  *words,
          const char *w)
{
  for (guint i = 0; i < words->len; i++)
    if (strcmp (g_ptr_array_index (words, i), w) == 0)
      return TRUE;
  return FALSE;
}

static const char *
form_in (GPtrArray *words)
{
  for (guint i = 0; i < words->len; i++)
    {
      const char *form = form_of (g_ptr_array_index (words, i));

      if (form != NULL)
        return form;
    }
  return NULL;
}

/* How well @gpu's name names the device of @device words: -1 when a
 * word of the name is not the device's (or the form factors differ),
 * else the number of the name's words the device has. */
static int
name_score (const RpGpu *gpu,
            GPtrArray   *device)
{
  g_autoptr(GPtrArray) words = name_words (gpu->name);
  const char *form = form_in (words), *device_form = form_in (device);
  int score = 0;

  if (form != NULL && device_form != NULL && strcmp (form, device_form) != 0)
    return -1;
  for (guint i = 0; i < words->len; i++)
    {
      const char *w = g_ptr_array_index (words, i);

      if (has_word (device, w))
        score++;
      else if (!is_optional_word (w))
        return -1;
    }
  return score > 0 ? score : -1;
}

static double
memory_gap (const RpGpu *gpu,
            double       bytes)
{
  double own = (double) rp_gpu_memory_bytes (gpu);

  return own > 0 ? fabs (bytes - own) / own : INFINITY;
}

static char *
measured_id (const RpMeasurement *m)
{
  GString *id = g_string_new ("measured-");
  gboolean dash = FALSE;

  if (m->device_kind == RP_DEVICE_CPU)
    g_string_append (id, "cpu-");
  for (const char *p = m->device_name; *p != '\0' && id->len < max_slug; p++)
    {
      if (g_ascii_isalnum (*p))
        {
          if (dash && id->str[id->len - 1] != '-')
            g_string_append_c (id, '-');
          g_string_append_c (id, g_ascii_tolower (*p));
          dash = FALSE;
        }
      else
        dash = TRUE;
    }
  while (id->len > 0 && id->str[id->len - 1] == '-')
    g_string_truncate (id, id->len - 1);
  return g_string_free (id, FALSE);
}

/* ---- internal API --------------------------------------------------- */

char *
rp_calibrate_format_gib (double bytes)
{
  return g_strdup_printf ("%.1f GiB", bytes / (1024.0 * 1024.0 * 1024.0));
}

char *
rp_calibrate_software (const RpMeasurement *m)
{
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, "PyTorch %s", m->torch != NULL ? m->torch : "?");
  if (m->cuda != NULL)
    g_string_append_printf (s, ", CUDA %s", m->cuda);
  if (m->hip != NULL)
    g_string_append_printf (s, ", ROCm/HIP %s", m->hip);
  if (m->driver != NULL)
    g_string_append_printf (s, ", driver %s", m->driver);
  return g_string_free (s, FALSE);
}

/* ---- public API: measurements --------------------------------------- */

RpMeasurement *
rp_measurement_new (void)
{
  RpMeasurement *self = g_new0 (RpMeasurement, 1);

  self->notes = g_ptr_array_new_with_free_func (note_free);
  self->measured_tflops = NAN;
  self->measured_bandwidth_gb_s = NAN;
  self->tokens_per_s = NAN;
  self->samples_per_s = NAN;
  return self;
}

void
rp_measurement_free (RpMeasurement *self)
{
  if (self == NULL)
    return;
  g_free (self->name);
  g_free (self->date);
  g_free (self->tool);
  g_free (self->host);
  g_free (self->device_name);
  g_free (self->device_vendor);
  g_free (self->compute_capability);
  g_free (self->device_arch);
  g_free (self->driver);
  g_free (self->torch);
  g_free (self->cuda);
  g_free (self->hip);
  g_free (self->preset);
  g_ptr_array_unref (self->notes);
  g_free (self);
}

const char *
rp_device_kind_to_string (RpDeviceKind kind)
{
  g_return_val_if_fail ((guint) kind < RP_N_DEVICE_KINDS, "?");
  return device_kind_names[kind];
}

gboolean
rp_device_kind_from_string (const char   *s,
                            RpDeviceKind *out)
{
  for (guint i = 0; i < RP_N_DEVICE_KINDS; i++)
    if (g_strcmp0 (s, device_kind_names[i]) == 0)
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

/* ---- public API: the device ----------------------------------------- */

const RpGpu *
rp_calibrate_find_gpu (const RpCatalog     *catalog,
                       const RpMeasurement *m,
                       const char          *gpu_id,
                       GError             **error)
{
  g_autoptr(GPtrArray) device = NULL;
  g_autofree char *own_id = NULL;
  const RpGpu *best = NULL, *tie = NULL;
  int best_score = -1;
  double best_gap = INFINITY;
  gboolean named = FALSE;

  g_return_val_if_fail (catalog != NULL && m != NULL, NULL);

  if (gpu_id != NULL)
    {
      const RpGpu *gpu = rp_catalog_lookup_gpu (catalog, gpu_id);

      if (gpu == NULL)
        {
          rp_error_set_key (error, RP_ERROR_UNKNOWN_GPU, "gpu",
                            _("“%s” is in no GPU catalog"), gpu_id);
          return NULL;
        }
      if ((gpu->stack == RP_STACK_CPU) != (m->device_kind == RP_DEVICE_CPU) ||
          (m->device_kind == RP_DEVICE_CUDA && gpu->stack != RP_STACK_CUDA) ||
          (m->device_kind == RP_DEVICE_ROCM && gpu->stack != RP_STACK_ROCM))
        {
          /* TRANSLATORS: the device measured, its kind (cpu, cuda, rocm), a catalog GPU */
          rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "device.kind",
                            _("the measurement ran on the %s (%s), not on the %s: it is of "
                              "another device"), m->device_name,
                            rp_device_kind_to_string (m->device_kind), gpu->name);
          return NULL;
        }
      if (m->device_memory_bytes > 0 &&
          memory_gap (gpu, m->device_memory_bytes) > RP_CALIBRATE_MEMORY_TOLERANCE)
        {
          g_autofree char *x = rp_calibrate_format_gib (m->device_memory_bytes);
          g_autofree char *y = rp_calibrate_format_gib ((double) rp_gpu_memory_bytes (gpu));

          /* TRANSLATORS: the device, its memory, the catalog GPU, its memory */
          rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "device.memory_bytes",
                            _("the measured %s has %s, the catalog’s %s %s: the measurement "
                              "is of another device"), m->device_name, x, gpu->name, y);
          return NULL;
        }
      return gpu;
    }
  /* a device measured before was added under its own id */
  own_id = measured_id (m);
  if (rp_catalog_lookup_gpu (catalog, own_id) != NULL)
    return rp_catalog_lookup_gpu (catalog, own_id);
  if (m->device_kind == RP_DEVICE_CPU)
    return NULL;
  device = name_words (m->device_name);
  for (guint i = 0; i < rp_catalog_n_gpus (catalog); i++)
    {
      const RpGpu *gpu = rp_catalog_get_gpu (catalog, i);
      int score;
      double gap;

      if (gpu->measured || gpu->stack == RP_STACK_CPU)
        continue;
      score = name_score (gpu, device);
      if (score < 0)
        continue;
      named = TRUE;
      gap = memory_gap (gpu, m->device_memory_bytes);
      if (gap > RP_CALIBRATE_MEMORY_TOLERANCE)
        continue;
      if (score > best_score || (score == best_score && gap < best_gap - 0.01))
        {
          best = gpu, tie = NULL;
          best_score = score, best_gap = gap;
        }
      else if (score == best_score && fabs (gap - best_gap) <= 0.01)
        tie = gpu;
    }
  if (best != NULL && tie != NULL)
    {
      /* TRANSLATORS: the device's name, then two catalog GPU ids */
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "device.name",
                        _("“%s” could be the catalog’s %s or %s; name it with --gpu"),
                        m->device_name, best->id, tie->id);
      return NULL;
    }
  if (best == NULL && named)
    {
      g_autofree char *x = rp_calibrate_format_gib (m->device_memory_bytes);

      /* TRANSLATORS: the device's name and memory */
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "device.memory_bytes",
                        _("the catalog has the %s, but none with %s of memory: name the GPU "
                          "with --gpu, or add it to your GPU catalog"), m->device_name, x);
      return NULL;
    }
  return best;
}

RpGpu *
rp_calibrate_make_gpu (const RpMeasurement *m)
{
  RpGpu *gpu = g_new0 (RpGpu, 1);
  RpPrecision p = m->ran.precision;
  double tflops = isfinite (m->measured_tflops) ? m->measured_tflops : 0;
  g_autofree char *day = g_strndup (m->date, 10);
  g_autofree char *software = rp_calibrate_software (m);

  gpu->id = measured_id (m);
  gpu->name = m->device_kind == RP_DEVICE_CPU
              ? g_strdup_printf ("%s (CPU)", m->device_name) : g_strdup (m->device_name);
  gpu->vendor = g_strdup (m->device_vendor != NULL ? m->device_vendor : "unknown");
  gpu->memory_gib = m->device_memory_bytes / (1024.0 * 1024.0 * 1024.0);
  gpu->memory_bandwidth_gb_s = isfinite (m->measured_bandwidth_gb_s)
                               ? m->measured_bandwidth_gb_s : 0;
  switch (rp_gpu_precision_field (p))
    {
    case RP_GPU_FIELD_TFLOPS_FP32:
      gpu->tflops_fp32 = tflops;
      gpu->precisions = RP_PREC_BIT_FP32;
      break;
    case RP_GPU_FIELD_TFLOPS_FP16:
      gpu->tflops_fp16 = tflops;
      gpu->precisions = RP_PREC_BIT_FP16;
      break;
    case RP_GPU_FIELD_TFLOPS_FP8:
      gpu->tflops_fp8 = tflops;
      gpu->precisions = RP_PREC_BIT_FP8;
      break;
    case RP_GPU_FIELD_TFLOPS_BF16:
    default:
      gpu->tflops_bf16 = tflops;
      gpu->precisions = RP_PREC_BIT_BF16;
      break;
    }
  switch (m->device_kind)
    {
    case RP_DEVICE_CUDA:
      gpu->stack = RP_STACK_CUDA;
      gpu->compute_capability = g_strdup (m->compute_capability);
      gpu->segment = strstr (m->device_name, "GeForce") != NULL ? RP_SEGMENT_CONSUMER
                                                                : RP_SEGMENT_DATACENTER;
      break;
    case RP_DEVICE_ROCM:
      gpu->stack = RP_STACK_ROCM;
      gpu->segment = strstr (m->device_name, "Radeon") != NULL ? RP_SEGMENT_CONSUMER
                                                               : RP_SEGMENT_DATACENTER;
      break;
    case RP_DEVICE_CPU:
    case RP_N_DEVICE_KINDS:
    default:
      gpu->stack = RP_STACK_CPU;
      gpu->generation = g_strdup ("cpu");
      gpu->segment = RP_SEGMENT_WORKSTATION;
      break;
    }
  gpu->source = g_strdup_printf ("rigplan-probe measurement %s%s%s (%s)", m->name,
                                 m->host != NULL ? " on " : "", m->host != NULL ? m->host : "",
                                 software);
  gpu->as_of = g_strdup (day);
  gpu->notes = g_strdup_printf ("Measured, not a datasheet: the dense matrix-product rate at "
                                "%s and the copy bandwidth rigplan-probe measured on %s.",
                                rp_precision_to_string (p), day);
  gpu->aliases = g_new0 (char *, 1);
  gpu->derivations = g_ptr_array_new ();
  gpu->measured = TRUE;
  return gpu;
}

void
rp_calibrate_gpu_free (RpGpu *gpu)
{
  if (gpu == NULL)
    return;
  g_free (gpu->id);
  g_free (gpu->name);
  g_free (gpu->vendor);
  g_free (gpu->generation);
  g_free (gpu->compute_capability);
  g_free (gpu->source);
  g_free (gpu->as_of);
  g_free (gpu->notes);
  g_strfreev (gpu->aliases);
  g_clear_pointer (&gpu->derivations, g_ptr_array_unref);
  g_free (gpu);
}


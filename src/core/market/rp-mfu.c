/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-mfu.c: reading data/catalogs/mfu.json
 *
 *   kernel efficiency  = kernel_efficiency.per_generation[g]
 *                        or mfu_max[g] × default_over_mfu_max
 *   width factor       = h / (h + H)            (mfu.json width_effect);
 *                        a generation without its own H takes the one of
 *                        the fitted generation nearest in ridge point,
 *                        scaled by the ridge ratio (roofline)
 *   sequence factor    = f^log2(s / s_ref)      (mfu.json seq_len_effect)
 *   fp8                = kernel × (fp8 MFU vs fp8 peak) / mfu_max
 *                        (mfu.json generations[g].fp8)
 *   attention without FlashAttention: score_passes × heads × s² × 2 bytes
 *                        of memory traffic per layer and sample
 * Each number's source is next to it in the file. */

#include "config.h"

#include "rp-mfu.h"
#include "rp-mfu-private.h"

#include "rp-error.h"
#include "rp-json-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

typedef struct
{
  char   *name;
  double  mfu_max;
  double  kernel;               /* 0: mfu_max × default_over_mfu_max */
  double  width_half_point;     /* 0: the shared value */
  double  ridge;                /* FLOP/byte of the part H was fitted on; 0: none */
  double  seq_per_doubling;     /* 0: the default */
  double  fp8_ratio;            /* fp8 MFU (of fp8 peak) / bf16 MFU; 0: default */
} Generation;

/* A GPU class's own kernel efficiency: a generation's cards of one
 * segment (GeForce Ada: "ada/consumer"). */
typedef struct
{
  char    *generation;
  RpGpuGen gen;                 /* @generation resolved */
  char    *segment;
  double   kernel;
} Class;

struct _RpMfuParams
{
  double     default_mfu;
  double     kernel_over_mfu_max;
  double     width_half_point;
  double     seq_ref;
  double     seq_per_doubling;  /* geometric mean of the listed generations */
  double     fp8_ratio;         /* geometric mean of the listed generations */
  double     virtual_stages;
  double     cnn_intensity;
  double     score_passes;
  double     tp_overlap_share;
  double     host_op_s;
  GPtrArray *generations;       /* Generation*, owned */
  GPtrArray *classes;           /* Class*, owned */
  const Generation *by_gen[RP_N_GPU_GENS]; /* the first of each name; NULL: none */
};

/* RpGpuGen's names, as mfu.json and the catalogs spell them. */
static const char *const gen_names[RP_N_GPU_GENS] = {
  NULL, "volta", "turing", "ampere", "ada", "hopper", "blackwell", "cdna2", "cdna3", "gaudi",
  "gaudi2", "gaudi3", "ascend",
};

/* ---- helpers -------------------------------------------------------- */

static void
generation_free (gpointer data)
{
  Generation *g = data;

  g_free (g->name);
  g_free (g);
}

static void
class_free (gpointer data)
{
  Class *c = data;

  g_free (c->generation);
  g_free (c->segment);
  g_free (c);
}

/* kernel_efficiency.per_class: {"generation/segment": value, …} */
static gboolean
read_per_class (RpMfuParams *self,
                const cJSON *table,
                GError     **error)
{
  const cJSON *item;

  if (table == NULL)
    return TRUE;
  cJSON_ArrayForEach (item, table)
    {
      g_auto(GStrv) parts = g_strsplit (item->string, "/", 2);
      Class *c;
      double value = 0;

      if (!rp_json_read_number (table, "kernel_efficiency.per_class", item->string, TRUE, 0.01,
                                1, &value, error))
        return FALSE;
      if (g_strv_length (parts) != 2)
        {
          g_autofree char *path = rp_json_join_path ("kernel_efficiency.per_class",
                                                     item->string);

          rp_error_set_key (error, RP_ERROR_INVALID_VALUE, path,
                            _("expected a key of the form generation/segment"));
          return FALSE;
        }
      c = g_new0 (Class, 1);
      c->generation = g_strdup (parts[0]);
      c->gen = rp_gpu_gen_from_string (c->generation);
      c->segment = g_strdup (parts[1]);
      c->kernel = value;
      g_ptr_array_add (self->classes, c);
    }
  return TRUE;
}

static const Generation *
lookup (const RpMfuParams *self,
        const char        *name)
{
  if (name == NULL)
    return NULL;
  for (guint i = 0; i < self->generations->len; i++)
    {
      const Generation *g = g_ptr_array_index (self->generations, i);
      if (strcmp (g->name, name) == 0)
        return g;
    }
  return NULL;
}

/* lookup() without comparing strings where @gen is resolved: the
 * generation of that exact name, as lookup (@name) finds it. */
static const Generation *
lookup_gen (const RpMfuParams *self,
            RpGpuGen           gen,
            const char        *name)
{
  if (gen != RP_GPU_GEN_OTHER && (guint) gen < RP_N_GPU_GENS)
    return self->by_gen[gen];
  return lookup (self, name);
}

static gboolean
read_object (const cJSON  *obj,
             const char   *path,
             const char   *key,
             const cJSON **out,
             GError      **error)
{
  return rp_json_read_object (obj, path, key, TRUE, out, error);
}

/* The fp8 MFU of a generation as a fraction of its fp8 peak, or 0. */
/* fp8 and 16-bit dense peaks: FP8 tensor cores run twice the 16-bit
 * rate on Hopper and Blackwell (NVIDIA H100 and B200 datasheets). */
static const double fp8_over_16bit_peak = 2.0;

static gboolean
read_fp8 (const cJSON *fp8,
          const char  *path,
          double      *out,
          double      *attention_share,
          GError     **error)
{
  const cJSON *observed = cJSON_GetObjectItemCaseSensitive (fp8, "observed_vs_fp8_peak");

  *out = 0;
  *attention_share = 0;
  if (!rp_json_read_number (fp8, path, "mfu_max_vs_fp8_peak", FALSE, 0, 1, out, error) ||
      !rp_json_read_number (fp8, path, "attention_share", FALSE, 0, 0.5, attention_share,
                            error))
    return FALSE;
  if (*out == 0 && cJSON_IsArray (observed) && cJSON_GetArraySize (observed) == 2)
    {
      const cJSON *lo = cJSON_GetArrayItem (observed, 0), *hi = cJSON_GetArrayItem (observed, 1);
      if (cJSON_IsNumber (lo) && cJSON_IsNumber (hi))
        *out = (lo->valuedouble + hi->valuedouble) / 2;
    }
  return TRUE;
}

static gboolean
read_generation (const cJSON *item,
                 const char  *path,
                 Generation  *g,
                 GError     **error)
{
  const cJSON *fp8 = NULL;
  double fp8_mfu = 0, a = 0, r;

  if (!rp_json_read_number (item, path, "mfu_max", TRUE, 0.01, 1, &g->mfu_max, error) ||
      !rp_json_read_object (item, path, "fp8", FALSE, &fp8, error))
    return FALSE;
  if (fp8 != NULL)
    {
      g_autofree char *fp8_path = rp_json_join_path (path, "fp8");
      if (!read_fp8 (fp8, fp8_path, &fp8_mfu, &a, error))
        return FALSE;
    }
  r = fp8_mfu / g->mfu_max;
  /* The published fp8 MFU counts the attention, which the fp8 recipes
   * run at the 16-bit rate (rp-time-model.c): of time ∝ 1 / (2 r) at
   * the fp8 peak, the share a of the FLOPs took a / 1 and the GEMMs
   * (1 − a) / (2 r'), so the GEMMs' own ratio is r' = (1 − a) /
   * (1 / r − 2a) (derived). */
  g->fp8_ratio = r > 0 && a > 0 ? (1 - a) / (1 / r - fp8_over_16bit_peak * a) : r;
  return TRUE;
}

static gboolean
read_per_generation (RpMfuParams *self,
                     const cJSON *table,
                     const char  *path,
                     gsize        member_offset,
                     GError     **error)
{
  const cJSON *item;

  if (table == NULL)
    return TRUE;
  cJSON_ArrayForEach (item, table)
    {
      Generation *g = (Generation *) lookup (self, item->string);
      double value = 0;

      if (!rp_json_read_number (table, path, item->string, TRUE, 1e-6, 1e6, &value, error))
        return FALSE;
      if (g != NULL)
        G_STRUCT_MEMBER (double, g, member_offset) = value;
    }
  return TRUE;
}

/* Geometric mean of a Generation member over the generations that set it. */
static double
geometric_mean (const RpMfuParams *self,
                gsize              member_offset)
{
  double log_sum = 0;
  guint n = 0;

  for (guint i = 0; i < self->generations->len; i++)
    {
      double v = G_STRUCT_MEMBER (double, g_ptr_array_index (self->generations, i),
                                  member_offset);
      if (v > 0)
        {
          log_sum += log (v);
          n++;
        }
    }
  return n > 0 ? exp (log_sum / n) : 1.0;
}

static gboolean
read_generations (RpMfuParams *self,
                  const cJSON *root,
                  GError     **error)
{
  const cJSON *gens = NULL, *item;

  if (!read_object (root, "", "generations", &gens, error))
    return FALSE;
  cJSON_ArrayForEach (item, gens)
    {
      g_autofree char *path = rp_json_join_path ("generations", item->string);
      Generation *g = g_new0 (Generation, 1);

      g->name = g_strdup (item->string);
      g_ptr_array_add (self->generations, g);
      if (!cJSON_IsObject (item))
        {
          rp_error_set_key (error, RP_ERROR_INVALID_VALUE, path, _("expected an object"));
          return FALSE;
        }
      if (!read_generation (item, path, g, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_effects (RpMfuParams *self,
              const cJSON *root,
              GError     **error)
{
  const cJSON *dflt = NULL, *width = NULL, *seq = NULL, *kernel = NULL, *bubble = NULL;
  const cJSON *vision = NULL, *no_flash = NULL;
  const cJSON *tp_overlap = cJSON_GetObjectItemCaseSensitive (root, "tp_overlap");
  const cJSON *host = cJSON_GetObjectItemCaseSensitive (root, "host_launch");

  if (!read_object (root, "", "default_mfu", &dflt, error) ||
      !rp_json_read_number (dflt, "default_mfu", "value", TRUE, 0.01, 1, &self->default_mfu,
                            error) ||
      !read_object (root, "", "width_effect", &width, error) ||
      !rp_json_read_number (width, "width_effect", "width_half_point", TRUE, 0, 1e6,
                            &self->width_half_point, error) ||
      !read_per_generation (self, cJSON_GetObjectItemCaseSensitive (width, "per_generation"),
                            "width_effect.per_generation",
                            G_STRUCT_OFFSET (Generation, width_half_point), error) ||
      !read_per_generation (self, cJSON_GetObjectItemCaseSensitive (width, "fitted_ridge"),
                            "width_effect.fitted_ridge",
                            G_STRUCT_OFFSET (Generation, ridge), error) ||
      !read_object (root, "", "seq_len_effect", &seq, error) ||
      !rp_json_read_number (seq, "seq_len_effect", "s_ref", TRUE, 1, 1e9, &self->seq_ref, error) ||
      !read_per_generation (self, cJSON_GetObjectItemCaseSensitive (seq, "per_doubling"),
                            "seq_len_effect.per_doubling",
                            G_STRUCT_OFFSET (Generation, seq_per_doubling), error) ||
      !read_object (root, "", "kernel_efficiency", &kernel, error) ||
      !rp_json_read_number (kernel, "kernel_efficiency", "default_over_mfu_max", TRUE, 0.1, 10,
                            &self->kernel_over_mfu_max, error) ||
      !read_per_generation (self, cJSON_GetObjectItemCaseSensitive (kernel, "per_generation"),
                            "kernel_efficiency.per_generation",
                            G_STRUCT_OFFSET (Generation, kernel), error) ||
      !read_per_class (self, cJSON_GetObjectItemCaseSensitive (kernel, "per_class"), error) ||
      !read_object (root, "", "pipeline_bubble", &bubble, error) ||
      !rp_json_read_number (bubble, "pipeline_bubble", "virtual_stages", TRUE, 1, 1024,
                            &self->virtual_stages, error) ||
      !read_object (root, "", "vision", &vision, error) ||
      !rp_json_read_number (vision, "vision", "cnn_arithmetic_intensity_flop_per_byte", TRUE,
                            0.01, 1e6, &self->cnn_intensity, error) ||
      !read_object (root, "", "attention_without_flash", &no_flash, error) ||
      !rp_json_read_number (no_flash, "attention_without_flash", "score_passes", TRUE, 0, 1000,
                            &self->score_passes, error))
    return FALSE;
  self->tp_overlap_share = 1;
  if (tp_overlap != NULL &&
      !rp_json_read_number (tp_overlap, "tp_overlap", "hidden_share", TRUE, 0, 1,
                            &self->tp_overlap_share, error))
    return FALSE;
  if (host != NULL &&
      !rp_json_read_number (host, "host_launch", "op_s", TRUE, 0, 1, &self->host_op_s, error))
    return FALSE;
  self->seq_per_doubling = geometric_mean (self, G_STRUCT_OFFSET (Generation, seq_per_doubling));
  self->fp8_ratio = geometric_mean (self, G_STRUCT_OFFSET (Generation, fp8_ratio));
  return TRUE;
}

/* ---- public API ----------------------------------------------------- */

RpGpuGen
rp_gpu_gen_from_string (const char *generation)
{
  for (guint gen = RP_GPU_GEN_OTHER + 1; generation != NULL && gen < RP_N_GPU_GENS; gen++)
    if (strcmp (generation, gen_names[gen]) == 0)
      return gen;
  return RP_GPU_GEN_OTHER;
}

const char *
rp_gpu_gen_to_string (RpGpuGen gen)
{
  g_return_val_if_fail ((guint) gen < RP_N_GPU_GENS, NULL);
  return gen_names[gen];
}

RpMfuParams *
rp_mfu_params_load (const cJSON *root,
                    GError     **error)
{
  g_autoptr(RpMfuParams) self = g_new0 (RpMfuParams, 1);

  g_return_val_if_fail (root != NULL, NULL);

  self->generations = g_ptr_array_new_with_free_func (generation_free);
  self->classes = g_ptr_array_new_with_free_func (class_free);
  if (!read_generations (self, root, error) || !read_effects (self, root, error))
    return NULL;
  for (guint gen = RP_GPU_GEN_OTHER + 1; gen < RP_N_GPU_GENS; gen++)
    self->by_gen[gen] = lookup (self, gen_names[gen]);
  return g_steal_pointer (&self);
}

void
rp_mfu_params_free (RpMfuParams *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->generations, g_ptr_array_unref);
  g_clear_pointer (&self->classes, g_ptr_array_unref);
  g_free (self);
}

static double
kernel_efficiency (const RpMfuParams *self,
                   const Generation  *g,
                   RpPrecision        precision)
{
  double kernel;

  if (g == NULL)
    kernel = self->default_mfu * self->kernel_over_mfu_max;
  else if (g->kernel > 0)
    kernel = g->kernel;
  else
    kernel = g->mfu_max * self->kernel_over_mfu_max;
  if (precision == RP_PRECISION_FP8_MIXED)
    kernel *= g != NULL && g->fp8_ratio > 0 ? g->fp8_ratio : self->fp8_ratio;
  return MIN (kernel, 1.0);
}

double
rp_mfu_kernel_efficiency (const RpMfuParams *self,
                          const char        *generation,
                          RpPrecision        precision)
{
  g_return_val_if_fail (self != NULL, 0);
  return kernel_efficiency (self, lookup (self, generation), precision);
}

double
rp_mfu_kernel_efficiency_gen (const RpMfuParams *self,
                              RpGpuGen           gen,
                              const char        *generation,
                              const char        *segment,
                              RpPrecision        precision)
{
  const Generation *g;

  g_return_val_if_fail (self != NULL, 0);

  for (guint i = 0; segment != NULL && i < self->classes->len; i++)
    {
      const Class *c = g_ptr_array_index (self->classes, i);
      double kernel;

      if (gen != RP_GPU_GEN_OTHER ? c->gen != gen : g_strcmp0 (c->generation, generation) != 0)
        continue;
      if (g_strcmp0 (c->segment, segment) != 0)
        continue;
      kernel = c->kernel;
      g = lookup_gen (self, gen, generation);
      if (precision == RP_PRECISION_FP8_MIXED)
        kernel *= g != NULL && g->fp8_ratio > 0 ? g->fp8_ratio : self->fp8_ratio;
      return MIN (kernel, 1.0);
    }
  return kernel_efficiency (self, lookup_gen (self, gen, generation), precision);
}

double
rp_mfu_kernel_efficiency_class (const RpMfuParams *self,
                                const char        *generation,
                                const char        *segment,
                                RpPrecision        precision)
{
  return rp_mfu_kernel_efficiency_gen (self, RP_GPU_GEN_OTHER, generation, segment, precision);
}

/* The width effect is the share of a layer's time spent moving its
 * activations through memory rather than multiplying: per token a GEMM
 * of width h does ~h² FLOPs and moves ~h bytes, so the time goes as
 * h²/peak + c·h/bandwidth and the rate as h / (h + H) with H
 * proportional to the ridge point peak/bandwidth (Williams et al. 2009,
 * Roofline).  A generation without a fitted H takes the H of the fitted
 * generation nearest to @ridge, scaled by the ratio of the ridges. */
static double
transferred_half_point (const RpMfuParams *self,
                        double             ridge)
{
  const Generation *best = NULL;
  double best_distance = INFINITY;

  if (ridge <= 0)
    return self->width_half_point;
  for (guint i = 0; i < self->generations->len; i++)
    {
      const Generation *g = g_ptr_array_index (self->generations, i);
      double distance;

      if (g->width_half_point <= 0 || g->ridge <= 0)
        continue;
      distance = MAX (ridge / g->ridge, g->ridge / ridge);   /* exp |log ratio| */
      if (distance < best_distance)
        {
          best_distance = distance;
          best = g;
        }
    }
  return best != NULL ? best->width_half_point * ridge / best->ridge : self->width_half_point;
}

double
rp_mfu_width_half_point (const RpMfuParams *self,
                         const char        *generation,
                         double             ridge)
{
  return rp_mfu_width_half_point_gen (self, RP_GPU_GEN_OTHER, generation, ridge);
}

double
rp_mfu_width_half_point_gen (const RpMfuParams *self,
                             RpGpuGen           gen,
                             const char        *generation,
                             double             ridge)
{
  const Generation *g;

  g_return_val_if_fail (self != NULL, 0);

  g = lookup_gen (self, gen, generation);
  return g != NULL && g->width_half_point > 0 ? g->width_half_point
                                              : transferred_half_point (self, ridge);
}

double
rp_mfu_seq_factor (const RpMfuParams *self,
                   const char        *generation,
                   double             seq_len)
{
  return rp_mfu_seq_factor_gen (self, RP_GPU_GEN_OTHER, generation, seq_len);
}

double
rp_mfu_seq_factor_gen (const RpMfuParams *self,
                       RpGpuGen           gen,
                       const char        *generation,
                       double             seq_len)
{
  const Generation *g;
  double f;

  g_return_val_if_fail (self != NULL, 0);

  if (seq_len <= self->seq_ref)
    return 1.0;
  g = lookup_gen (self, gen, generation);
  f = g != NULL && g->seq_per_doubling > 0 ? g->seq_per_doubling : self->seq_per_doubling;
  return pow (f, log2 (seq_len / self->seq_ref));
}

double
rp_mfu_virtual_stages (const RpMfuParams *self)
{
  g_return_val_if_fail (self != NULL, 1);
  return self->virtual_stages;
}

double
rp_mfu_cnn_intensity (const RpMfuParams *self)
{
  g_return_val_if_fail (self != NULL, 1);
  return self->cnn_intensity;
}

double
rp_mfu_attention_score_passes (const RpMfuParams *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->score_passes;
}

double
rp_mfu_tp_overlap_hidden_share (const RpMfuParams *self)
{
  g_return_val_if_fail (self != NULL, 1);
  return self->tp_overlap_share;
}

double
rp_mfu_host_op_s (const RpMfuParams *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->host_op_s;
}

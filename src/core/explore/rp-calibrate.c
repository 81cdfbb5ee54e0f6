/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-calibrate.c: a scenario as the probe measured it, against the
 * models
 *
 * The corrections (rp-calibrated.h applies them):
 *
 *   bandwidth b = predicted / measured optimizer step: the time model
 *     prices the optimizer step at the memory bandwidth alone, so its
 *     ratio corrects every memory-bound part (per layer with two depths).
 *   utilization u: the factor on the compute efficiency for which the
 *     time model's step (one device, one micro-batch) equals the
 *     measured one, found by bisection (the step falls as u grows; the
 *     memory-bound parts do not scale).  With two depths d1 < d2, the
 *     per-layer step t(d2) − t(d1) is matched instead.
 *   activations a = (measured allocation − predicted allocation beyond
 *     the activations) / predicted activations, where the activations
 *     are the saved activations and logits alive at the peak; with two
 *     depths, the same over the differences between them.
 *   overhead o = measured peak (reserved + runtime context) − the
 *     predicted total with the activations scaled: the calibrated total
 *     then equals the measured peak (at the deeper point).
 *
 * Everything is numbers: the table's rows are words' to write. */

#include "config.h"

#include "rp-calibrate.h"

#include "rp-calibrate-private.h"
#include "rp-calibrated.h"
#include "rp-error.h"
#include "rp-model.h"
#include "rp-scenario.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* The bounds the bisection searches for u, and b's (the file keeps
 * 0.01–100). */
static const double min_utilization = 0.02;
static const double max_utilization = 50;
static const double min_activations = 0.05;
static const double max_activations = 20;

/* ---- helpers: checking the scenario --------------------------------- */

static gboolean
mismatch (GError    **error,
          const char *key,
          const char *ran,
          const char *has)
{
  /* TRANSLATORS: a scenario key, what the measurement ran, what the scenario has */
  rp_error_set_key (error, RP_ERROR_INVALID_VALUE, key,
                    _("the measurement ran %s, the scenario has %s: it measured another run; "
                      "measure this scenario with rigplan-probe"), ran, has);
  return FALSE;
}

static gboolean
same_uint (GError    **error,
           const char *key,
           guint       ran,
           guint       has)
{
  char a[32], b[32];

  if (ran == has)
    return TRUE;
  g_snprintf (a, sizeof a, "%u", ran);
  g_snprintf (b, sizeof b, "%u", has);
  return mismatch (error, key, a, b);
}

static gboolean
same_enum (GError          **error,
           const char       *key,
           const RpEnumInfo *info,
           guint             ran,
           guint             has)
{
  if (ran == has)
    return TRUE;
  return mismatch (error, key, rp_enum_info_get_name (info, ran),
                   rp_enum_info_get_name (info, has));
}

static gboolean
same_bool (GError    **error,
           const char *key,
           gboolean    ran,
           gboolean    has)
{
  if (!ran == !has)
    return TRUE;
  return mismatch (error, key, ran ? "true" : "false", has ? "true" : "false");
}

static gboolean
is_lora (RpMethod method)
{
  return method == RP_METHOD_LORA || method == RP_METHOD_QLORA;
}

static gboolean
is_vision (const RpModelArch *arch)
{
  return arch->kind == RP_MODEL_KIND_CNN || arch->kind == RP_MODEL_KIND_VIT;
}

static gboolean
check_arch (const RpModelArch *ran,
            const RpModelArch *has,
            GError           **error)
{
  if (ran->kind != has->kind)
    return same_enum (error, "model.kind", &rp_model_kind_info, ran->kind, has->kind);
  if (ran->kind == RP_MODEL_KIND_CNN)
    {
      char a[32], b[32];

      if (ran->params == has->params)
        return TRUE;
      g_snprintf (a, sizeof a, "%" G_GUINT64_FORMAT, ran->params);
      g_snprintf (b, sizeof b, "%" G_GUINT64_FORMAT, has->params);
      return mismatch (error, "model.params", a, b);
    }
  return same_uint (error, "model.layers", ran->layers, has->layers) &&
         same_uint (error, "model.hidden", ran->hidden, has->hidden) &&
         same_uint (error, "model.heads", ran->heads, has->heads) &&
         same_uint (error, "model.kv_heads", ran->kv_heads, has->kv_heads) &&
         same_uint (error, "model.head_dim", rp_model_head_dim (ran), rp_model_head_dim (has)) &&
         same_uint (error, "model.ffn", ran->ffn, has->ffn) &&
         same_enum (error, "model.ffn_act", &rp_ffn_act_info, ran->ffn_act, has->ffn_act) &&
         same_enum (error, "model.norm", &rp_norm_info, ran->norm, has->norm) &&
         same_enum (error, "model.biases", &rp_biases_info, ran->biases, has->biases) &&
         (ran->kind == RP_MODEL_KIND_VIT ||
          (same_uint (error, "model.vocab", ran->vocab, has->vocab) &&
           same_bool (error, "model.tied_embeddings", ran->tied_embeddings,
                      has->tied_embeddings) &&
           same_uint (error, "model.max_positions", ran->max_positions, has->max_positions))) &&
         (ran->kind != RP_MODEL_KIND_MOE ||
          (same_uint (error, "model.experts", ran->experts, has->experts) &&
           same_uint (error, "model.experts_active", ran->experts_active,
                      has->experts_active) &&
           same_uint (error, "model.shared_experts", ran->shared_experts,
                      has->shared_experts))) &&
         (ran->kind != RP_MODEL_KIND_VIT ||
          (same_uint (error, "model.patch_size", ran->patch_size, has->patch_size) &&
           same_uint (error, "model.num_classes", ran->num_classes, has->num_classes)));
}

static gboolean
check_training (const RpTraining  *ran,
                const RpTraining  *has,
                const RpModelArch *arch,
                GError           **error)
{
  return same_enum (error, "training.method", &rp_method_info, ran->method, has->method) &&
         (!is_lora (has->method) ||
          (same_uint (error, "training.lora_rank", ran->lora_rank, has->lora_rank) &&
           same_enum (error, "training.lora_targets", &rp_lora_targets_info,
                      ran->lora_targets, has->lora_targets))) &&
         same_enum (error, "training.precision", &rp_precision_info, ran->precision,
                    has->precision) &&
         same_enum (error, "training.optimizer", &rp_optimizer_info, ran->optimizer,
                    has->optimizer) &&
         (is_vision (arch) || same_uint (error, "training.seq_len", ran->seq_len, has->seq_len)) &&
         same_uint (error, "training.micro_batch", ran->micro_batch, has->micro_batch) &&
         same_enum (error, "training.recompute", &rp_recompute_info, ran->recompute,
                    has->recompute) &&
         same_bool (error, "training.flash_attention", ran->flash_attention,
                    has->flash_attention) &&
         same_bool (error, "training.compile", ran->compile, has->compile) &&
         same_bool (error, "training.dropout", ran->dropout, has->dropout) &&
         same_enum (error, "training.framework", &rp_framework_info, ran->framework,
                    has->framework);
}

/* ---- helpers: estimating a configuration ---------------------------- */

typedef struct
{
  double step_s;
  double compute_s;
  double optimizer_s;
  double weights_bytes;
  double gradients_bytes;
  double optimizer_bytes;
  double activations_bytes;   /* alive at the peak: saved activations and logits */
  double allocated_bytes;     /* the allocator's share of the total */
  double total_bytes;
} Figures;

static gboolean
estimate_config (const RpScenario    *scenario,
                 const RpCatalog     *catalog,
                 const RpMeasurement *m,
                 const RpGpu         *gpu,
                 guint                layers,
                 const RpCalibration *cal,
                 Figures             *out,
                 GError             **error)
{
  g_autoptr(RpScenario) s = rp_calibrate_measured_scenario (scenario, catalog, m, gpu, layers);
  g_autoptr(RpEstimate) est = rp_estimate_new ();
  const RpMemoryEstimate *mem = &est->memory;
  const RpComputeEstimate *c = &est->compute;

  s->hardware.calibration = cal;
  if (!rp_estimate_compute (s, catalog, est, error))
    return FALSE;
  if (!mem->computed || !c->computed)
    {
      /* TRANSLATORS: a GPU's name */
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "hardware.gpu",
                        _("the models cannot time this run on the %s (a figure of the GPU or "
                          "the model is missing: see “rigplan-cli estimate”), so there is "
                          "nothing to calibrate"), gpu->name);
      return FALSE;
    }
  out->step_s = c->gpu_step_s;
  out->optimizer_s = c->optimizer_s;
  out->compute_s = c->gpu_step_s - c->optimizer_s;
  out->weights_bytes = mem->weights_bytes;
  out->gradients_bytes = mem->gradients_bytes;
  out->optimizer_bytes = mem->optimizer_bytes;
  out->activations_bytes = mem->activations_peak_bytes + mem->logits_peak_bytes;
  out->total_bytes = mem->total_bytes;
  out->allocated_bytes = mem->total_bytes - mem->cuda_context_bytes - mem->fragmentation_bytes -
                         mem->nccl_bytes - mem->calibration_bytes;
  return TRUE;
}

static double
median (double *values,
        guint   n)
{
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0 && values[j - 1] > values[j]; j--)
      {
        double t = values[j];

        values[j] = values[j - 1];
        values[j - 1] = t;
      }
  return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

/* The repeats of one point (@which: -1 the whole model, else the index
 * of a depth) as one: the median time, the largest peaks. */
static void
combine (RpMeasurement **ms,
         guint           n,
         int             which,
         RpMeasurePoint *out)
{
  g_autofree double *steps = g_new (double, n);
  g_autofree double *computes = g_new (double, n);
  g_autofree double *optimizers = g_new (double, n);

  *out = which < 0 ? ms[0]->whole : ms[0]->points[which];
  for (guint i = 0; i < n; i++)
    {
      const RpMeasurePoint *p = which < 0 ? &ms[i]->whole : &ms[i]->points[which];

      steps[i] = p->step_s;
      computes[i] = p->forward_s + p->backward_s;
      optimizers[i] = p->optimizer_s;
      out->peak_allocated_bytes = MAX (out->peak_allocated_bytes, p->peak_allocated_bytes);
      out->peak_reserved_bytes = MAX (out->peak_reserved_bytes, p->peak_reserved_bytes);
    }
  out->step_s = median (steps, n);
  out->forward_s = median (computes, n);
  out->backward_s = 0;
  out->optimizer_s = median (optimizers, n);
}

typedef struct
{
  const RpScenario    *scenario;
  const RpCatalog     *catalog;
  const RpMeasurement *m;
  const RpGpu         *gpu;
  guint                depths[2];   /* [0] == 0: the whole model */
  double               target_s;    /* the step, or the per-layer step */
  double               bandwidth;   /* the bandwidth factor, found first */
} Solve;

/* The time model's step (or per-layer step) at utilization factor @u,
 * NAN when it cannot be estimated. */
static double
step_at (const Solve *s,
         double       u)
{
  RpCalibration trial = *rp_calibration_identity ();
  Figures a, b;

  trial.utilization = u;
  trial.bandwidth = s->bandwidth;
  if (s->depths[0] == 0)
    return estimate_config (s->scenario, s->catalog, s->m, s->gpu, 0, &trial, &a, NULL)
           ? a.step_s : NAN;
  if (!estimate_config (s->scenario, s->catalog, s->m, s->gpu, s->depths[0], &trial, &a, NULL) ||
      !estimate_config (s->scenario, s->catalog, s->m, s->gpu, s->depths[1], &trial, &b, NULL))
    return NAN;
  return b.step_s - a.step_s;
}

/* The utilization factor whose step is the measured one: bisection on
 * log u (the step falls as u grows); the bound when none reaches it. */
static double
solve_utilization (const Solve *s)
{
  double lo = log (min_utilization), hi = log (max_utilization);

  if (!(step_at (s, exp (hi)) < s->target_s))
    return exp (hi);
  if (!(step_at (s, exp (lo)) > s->target_s))
    return exp (lo);
  for (guint i = 0; i < 60; i++)
    {
      double mid = (lo + hi) / 2;

      if (step_at (s, exp (mid)) > s->target_s)
        lo = mid;
      else
        hi = mid;
    }
  return exp ((lo + hi) / 2);
}

static void
add_row (RpCalibration     *cal,
         RpCalibrationPart  part,
         double             measured,
         double             predicted,
         double             calibrated)
{
  RpCalibrationRow *r;

  g_return_if_fail (cal->n_rows < RP_CALIBRATION_MAX_ROWS);
  r = &cal->rows[cal->n_rows++];
  r->part = part;
  r->measured = isfinite (measured) && measured >= 0 ? measured : NAN;
  r->predicted = isfinite (predicted) && predicted >= 0 ? predicted : NAN;
  r->calibrated = isfinite (calibrated) && calibrated >= 0 ? calibrated : NAN;
}

static double
total_of (const RpMeasurement *m,
          const RpMeasurePoint *p)
{
  return p->peak_reserved_bytes + m->context_bytes;
}

static double
states_of (const RpMeasurePoint *p)
{
  return p->weights_bytes + p->gradients_bytes + p->optimizer_bytes;
}

/* ---- public API: checks --------------------------------------------- */

gboolean
rp_calibrate_check (const RpScenario    *scenario,
                    const RpCatalog     *catalog,
                    const RpMeasurement *m,
                    GError             **error)
{
  RpModelArch arch;

  g_return_val_if_fail (scenario != NULL && catalog != NULL && m != NULL, FALSE);

  if (!rp_model_resolve (&scenario->model, catalog, &arch, error))
    return FALSE;
  if (m->preset != NULL && scenario->model.preset != NULL &&
      strcmp (m->preset, scenario->model.preset) != 0)
    return mismatch (error, "model.preset", m->preset, scenario->model.preset);
  return check_arch (&m->arch, &arch, error) &&
         check_training (&m->asked, &scenario->training, &arch, error);
}

gboolean
rp_calibrate_check_same (const RpMeasurement *a,
                         const RpMeasurement *b,
                         GError             **error)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  if (a->device_kind != b->device_kind)
    return mismatch (error, "device.kind", rp_device_kind_to_string (b->device_kind),
                     rp_device_kind_to_string (a->device_kind));
  if (g_strcmp0 (a->device_name, b->device_name) != 0)
    return mismatch (error, "device.name", b->device_name, a->device_name);
  if (fabs (a->device_memory_bytes - b->device_memory_bytes) >
      RP_CALIBRATE_MEMORY_TOLERANCE * a->device_memory_bytes)
    {
      g_autofree char *x = rp_calibrate_format_gib (b->device_memory_bytes);
      g_autofree char *y = rp_calibrate_format_gib (a->device_memory_bytes);

      return mismatch (error, "device.memory_bytes", x, y);
    }
  if (a->layers_mode != b->layers_mode ||
      (a->layers_mode && (a->points[0].layers != b->points[0].layers ||
                          a->points[1].layers != b->points[1].layers)))
    {
      char x[32], y[32];

      g_snprintf (x, sizeof x, "%u", b->layers_mode ? b->points[1].layers : b->ran_layers);
      g_snprintf (y, sizeof y, "%u", a->layers_mode ? a->points[1].layers : a->ran_layers);
      return mismatch (error, "points", x, y);
    }
  return check_training (&b->ran, &a->ran, &a->arch, error);
}

/* ---- public API: the run measured ----------------------------------- */

RpScenario *
rp_calibrate_measured_scenario (const RpScenario    *scenario,
                                const RpCatalog     *catalog,
                                const RpMeasurement *m,
                                const RpGpu         *gpu,
                                guint                layers)
{
  RpScenario *s;
  RpTraining *t;
  const RpTraining *ran;

  g_return_val_if_fail (scenario != NULL && m != NULL && gpu != NULL, NULL);

  s = rp_scenario_copy (scenario);
  t = &s->training;
  ran = &m->ran;
  rp_scenario_set_gpu (s, gpu->id);
  s->hardware.gpus_per_node = 1;
  s->hardware.nodes = 1;
  s->hardware.network = RP_NETWORK_NONE;
  s->hardware.mfu_override = NAN;
  g_clear_pointer (&s->budget.rent_offer, g_free);
  /* one device: no parallelism, sharding or offload; one micro-batch
   * per step, as the probe runs it */
  t->tensor_parallel = t->pipeline_parallel = t->expert_parallel = 1;
  t->context_parallel = 1;
  t->sequence_parallel = t->tp_overlap = t->ep_overlap = FALSE;
  t->zero_stage = 0;
  t->offload = RP_OFFLOAD_NONE;
  t->optimizer_in_backward = FALSE;
  t->reference_model = RP_REFERENCE_NONE;
  /* what ran */
  t->method = ran->method;
  t->lora_rank = ran->lora_rank;
  t->lora_targets = ran->lora_targets;
  t->precision = ran->precision;
  t->optimizer = ran->optimizer;
  t->recompute = ran->recompute;
  t->recompute_interval = MAX (ran->recompute_interval, 1);
  t->flash_attention = ran->flash_attention;
  t->compile = ran->compile;
  t->dropout = ran->dropout;
  t->framework = ran->framework;
  t->micro_batch = MAX (ran->micro_batch, 1);
  if (ran->seq_len > 0)
    t->seq_len = ran->seq_len;
  t->global_batch = t->micro_batch;
  /* the step is timed only for a run with data; its length is not compared */
  if (!(t->dataset_tokens > 0))
    t->dataset_tokens = 1e9;
  if (!(t->dataset_samples > 0))
    t->dataset_samples = 1e6;
  if (!(t->epochs > 0))
    t->epochs = 1;
  if (layers > 0 && layers != m->arch.layers)
    {
      s->model.arch.layers = layers;
      s->model.overridden |= RP_ARCH_LAYERS;
      /* a stated count is the whole model's; the truncated one is counted */
      s->model.overridden &= ~(guint32) RP_ARCH_PARAMS;
      s->model.arch.params = 0;
    }
  (void) catalog;
  return s;
}

RpCalibration *
rp_calibrate_compute (const RpScenario    *scenario,
                      const RpCatalog     *catalog,
                      RpMeasurement      **measurements,
                      guint                n,
                      const RpGpu         *gpu,
                      const char          *source,
                      GError             **error)
{
  const RpMeasurement *m;
  g_autoptr(RpCalibration) cal = NULL;
  RpMeasurePoint deep, shallow;
  Figures pred, pred1, done, done1;
  Solve solve = { 0 };
  double a_pred, a_meas, a_rest, a_rest_meas;
  gboolean layers;
  guint d2 = 0;

  g_return_val_if_fail (scenario != NULL && catalog != NULL && gpu != NULL, NULL);
  g_return_val_if_fail (measurements != NULL && n > 0, NULL);

  m = measurements[0];
  layers = m->layers_mode;
  if (layers)
    {
      combine (measurements, n, 0, &shallow);
      combine (measurements, n, 1, &deep);
      d2 = deep.layers;
      if (!(deep.step_s > shallow.step_s))
        {
          rp_error_set_key (error, RP_ERROR_INVALID_VALUE, "points[1].step_s",
                            _("the deeper model stepped no slower than the shallower one: "
                              "the times are noise; measure again with more --steps"));
          return NULL;
        }
    }
  else
    combine (measurements, n, -1, &deep);

  /* the models' own figures */
  if (!estimate_config (scenario, catalog, m, gpu, d2, rp_calibration_identity (), &pred, error) ||
      (layers && !estimate_config (scenario, catalog, m, gpu, shallow.layers,
                                   rp_calibration_identity (), &pred1, error)))
    return NULL;

  /* time */
  solve.scenario = scenario;
  solve.catalog = catalog;
  solve.m = m;
  solve.gpu = gpu;
  if (layers)
    {
      solve.depths[0] = shallow.layers;
      solve.depths[1] = deep.layers;
      solve.target_s = deep.step_s - shallow.step_s;
    }
  else
    solve.target_s = deep.step_s;

  cal = g_new0 (RpCalibration, 1);
  cal->gpu = g_strdup (gpu->id);
  cal->framework = m->ran.framework;
  cal->precision = m->ran.precision;
  cal->id = rp_calibration_make_id (cal->gpu, cal->framework, cal->precision);
  /* the optimizer step is memory-bound in the time model: its ratio is
   * the bandwidth factor */
  {
    double want = deep.optimizer_s, have = pred.optimizer_s;

    if (layers && deep.optimizer_s - shallow.optimizer_s > 0 &&
        pred.optimizer_s - pred1.optimizer_s > 0)
      want = deep.optimizer_s - shallow.optimizer_s, have = pred.optimizer_s - pred1.optimizer_s;
    solve.bandwidth = want > 0 && have > 0 ? CLAMP (have / want, min_utilization,
                                                    max_utilization) : 1.0;
  }
  cal->bandwidth = solve.bandwidth;
  cal->utilization = solve_utilization (&solve);

  /* memory: the activations from the allocation, the rest from the peak */
  a_pred = pred.activations_bytes;
  a_rest = pred.allocated_bytes - pred.activations_bytes;
  a_meas = deep.peak_allocated_bytes;
  if (layers)
    {
      a_pred -= pred1.activations_bytes;
      a_rest -= pred1.allocated_bytes - pred1.activations_bytes;
      a_meas -= shallow.peak_allocated_bytes;
    }
  a_rest_meas = a_meas - a_rest;
  cal->activations = a_pred > 0 ? CLAMP (a_rest_meas / a_pred, min_activations, max_activations)
                                : 1.0;
  cal->overhead_bytes = total_of (m, &deep) -
                        (pred.total_bytes + (cal->activations - 1) * pred.activations_bytes);

  cal->as_of = g_strndup (m->date, 10);
  cal->source = g_strdup (source != NULL ? source : m->name);
  cal->device = g_strdup (m->device_name);
  cal->software = rp_calibrate_software (m);
  cal->scenario = g_strdup (scenario->name);
  if (layers)
    {
      cal->depths[0] = shallow.layers;
      cal->depths[1] = deep.layers;
    }

  /* the table: measured, predicted, calibrated */
  if (!estimate_config (scenario, catalog, m, gpu, d2, cal, &done, error) ||
      (layers && !estimate_config (scenario, catalog, m, gpu, shallow.layers, cal, &done1,
                                   error)))
    return NULL;
  add_row (cal, RP_CALIBRATION_STEP_S, deep.step_s, pred.step_s, done.step_s);
  if (layers)
    add_row (cal, RP_CALIBRATION_LAYER_STEP_S, (deep.step_s - shallow.step_s) / (d2 - shallow.layers),
             (pred.step_s - pred1.step_s) / (d2 - shallow.layers),
             (done.step_s - done1.step_s) / (d2 - shallow.layers));
  add_row (cal, RP_CALIBRATION_COMPUTE_S, deep.forward_s, pred.compute_s, done.compute_s);
  add_row (cal, RP_CALIBRATION_OPTIMIZER_S, deep.optimizer_s, pred.optimizer_s, done.optimizer_s);
  add_row (cal, RP_CALIBRATION_WEIGHTS_BYTES, deep.weights_bytes, pred.weights_bytes,
           done.weights_bytes);
  add_row (cal, RP_CALIBRATION_GRADIENTS_BYTES, deep.gradients_bytes, pred.gradients_bytes,
           done.gradients_bytes);
  add_row (cal, RP_CALIBRATION_OPTIMIZER_BYTES, deep.optimizer_bytes, pred.optimizer_bytes,
           done.optimizer_bytes);
  add_row (cal, RP_CALIBRATION_ACTIVATIONS_BYTES, deep.peak_allocated_bytes - states_of (&deep),
           pred.allocated_bytes - pred.weights_bytes - pred.gradients_bytes -
           pred.optimizer_bytes,
           done.allocated_bytes - done.weights_bytes - done.gradients_bytes -
           done.optimizer_bytes);
  add_row (cal, RP_CALIBRATION_ALLOCATED_BYTES, deep.peak_allocated_bytes, pred.allocated_bytes,
           done.allocated_bytes);
  add_row (cal, RP_CALIBRATION_PEAK_BYTES, total_of (m, &deep), pred.total_bytes,
           done.total_bytes);
  if (layers)
    add_row (cal, RP_CALIBRATION_LAYER_BYTES,
             (total_of (m, &deep) - total_of (m, &shallow)) / (d2 - shallow.layers),
             (pred.total_bytes - pred1.total_bytes) / (d2 - shallow.layers),
             (done.total_bytes - done1.total_bytes) / (d2 - shallow.layers));
  return g_steal_pointer (&cal);
}

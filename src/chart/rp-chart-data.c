/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-chart-data.c: series and categories, in display units, for each chart
 *
 * The VRAM and time charts show the scenario's GPU next to a few
 * alternatives from the catalog; each alternative is the same scenario,
 * copied, with hardware.gpu changed and estimated again.  The time and
 * break-even curves are likewise the scenario estimated at several GPU
 * counts or utilizations, so they agree with the single estimate.
 */

#include "config.h"

#include "rp-chart.h"
#include "rp-chart-private.h"
#include "rp-units.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* At most this many GPUs on the VRAM chart (the scenario's included). */
static const guint max_vram_candidates = 6;
/* … and this many GPU types on the time chart. */
static const guint max_time_candidates = 5;
/* GPU counts on the time chart go up to max(this, 8 × the plan's count). */
static const guint min_time_max_gpus = 64;
static const guint max_time_max_gpus = 1024;
/* Lines get a logarithmic value axis above this max/min ratio. */
static const double log_axis_ratio = 30.0;

/* ---- helpers -------------------------------------------------------- */

static void
series_free (gpointer data)
{
  RpChartSeries *s = data;

  g_free (s->label);
  g_array_unref (s->xs);
  g_array_unref (s->ys);
  g_free (s);
}

static void
rule_clear (gpointer data)
{
  RpChartRule *r = data;

  g_free (r->label);
}

static void
mark_clear (gpointer data)
{
  RpChartMark *m = data;

  g_free (m->label);
}

static void
marker_clear (gpointer data)
{
  RpChartMarker *m = data;

  g_free (m->label);
}

static RpChartData *
data_new_unavailable (RpChartKind  kind,
                      const char  *message)
{
  RpChartData *self = rp_chart_data_new_empty (kind, rp_chart_kind_get_title (kind),
                                               NULL, NULL, RP_CHART_UNIT_NONE,
                                               RP_CHART_UNIT_NONE);

  rp_chart_data_set_message (self, message);
  return self;
}

static const char *
gpu_label (const RpGpu *gpu)
{
  return gpu->name != NULL ? gpu->name : gpu->id;
}

/* Estimates @scenario on @gpu; NULL when that cannot be estimated. */
static RpEstimate *
estimate_on (const RpScenario *scenario,
             const RpCatalog  *catalog,
             const RpGpu      *gpu,
             guint             gpus_per_node,
             guint             nodes)
{
  g_autoptr(RpScenario) copy = rp_scenario_copy (scenario);
  g_autoptr(RpEstimate) est = rp_estimate_new ();

  rp_scenario_set_gpu (copy, gpu->id);
  if (gpus_per_node > 0)
    {
      copy->hardware.gpus_per_node = gpus_per_node;
      copy->hardware.nodes = nodes;
      /* A plan without a network gets the one multi-node training
       * clusters are built with once it spans nodes (the subtitle says). */
      if (nodes > 1 && copy->hardware.network == RP_NETWORK_NONE)
        copy->hardware.network = RP_NETWORK_IB_NDR;
    }
  if (!rp_scenario_validate (copy, NULL))
    return NULL;
  if (!rp_estimate_compute (copy, catalog, est, NULL))
    return NULL;
  return g_steal_pointer (&est);
}

typedef struct
{
  const RpGpu *gpu;
  const RpGpu *own;
} CandidateSort;

static int
compare_gpu_memory (gconstpointer a,
                    gconstpointer b,
                    gpointer      user_data)
{
  const RpGpu *ga = *(const RpGpu * const *) a;
  const RpGpu *gb = *(const RpGpu * const *) b;
  const RpGpu *own = user_data;
  gboolean va, vb;

  if (ga->memory_gib != gb->memory_gib)
    return ga->memory_gib < gb->memory_gib ? -1 : 1;
  /* Same size: the own vendor first, then the faster card. */
  va = g_strcmp0 (ga->vendor, own->vendor) == 0;
  vb = g_strcmp0 (gb->vendor, own->vendor) == 0;
  if (va != vb)
    return va ? -1 : 1;
  if (ga->tflops_bf16 != gb->tflops_bf16)
    return ga->tflops_bf16 > gb->tflops_bf16 ? -1 : 1;
  return g_strcmp0 (ga->id, gb->id);
}

static gboolean
has_memory_size (GPtrArray *gpus,
                 double     memory_gib)
{
  for (guint i = 0; i < gpus->len; i++)
    {
      const RpGpu *g = g_ptr_array_index (gpus, i);

      if (g->memory_gib == memory_gib)
        return TRUE;
    }
  return FALSE;
}

/* The scenario's GPU and a handful of relevant others: the next larger
 * sizes of the same segment, one smaller one when the plan fits, then the
 * next larger sizes of any segment.  One GPU per memory size.  Sorted by
 * memory; transfer container. */
static GPtrArray *
pick_candidates (const RpScenario *scenario,
                 const RpCatalog  *catalog,
                 const RpGpu      *own,
                 gboolean          own_fits,
                 guint             max_n)
{
  g_autoptr(GPtrArray) all = g_ptr_array_new ();
  GPtrArray *picked = g_ptr_array_new ();
  const RpGpu *smaller = NULL;
  guint same_segment = 0;

  g_ptr_array_add (picked, (gpointer) own);
  for (guint i = 0; i < rp_catalog_n_gpus (catalog); i++)
    {
      const RpGpu *g = rp_catalog_get_gpu (catalog, i);

      if (g == own || g_strcmp0 (g->id, own->id) == 0 || g->memory_gib <= 0)
        continue;
      if (!rp_gpu_supports_precision (g, scenario->training.precision))
        continue;
      g_ptr_array_add (all, (gpointer) g);
    }
  g_ptr_array_sort_with_data (all, compare_gpu_memory, (gpointer) own);

  for (guint i = 0; i < all->len && picked->len < max_n && same_segment < 2; i++)
    {
      const RpGpu *g = g_ptr_array_index (all, i);

      if (g->segment == own->segment && g->memory_gib > own->memory_gib &&
          !has_memory_size (picked, g->memory_gib))
        {
          g_ptr_array_add (picked, (gpointer) g);
          same_segment++;
        }
    }
  if (own_fits)
    for (guint i = 0; i < all->len; i++)
      {
        const RpGpu *g = g_ptr_array_index (all, i);

        if (g->segment == own->segment && g->memory_gib < own->memory_gib)
          smaller = g;            /* the last one is the largest */
      }
  if (smaller != NULL && picked->len < max_n)
    g_ptr_array_add (picked, (gpointer) smaller);
  for (guint i = 0; i < all->len && picked->len < max_n; i++)
    {
      const RpGpu *g = g_ptr_array_index (all, i);

      if (g->memory_gib > own->memory_gib && !has_memory_size (picked, g->memory_gib))
        g_ptr_array_add (picked, (gpointer) g);
    }
  g_ptr_array_sort_with_data (picked, compare_gpu_memory, (gpointer) own);
  return picked;
}

/* ---- the four charts ------------------------------------------------ */

/* The stacked parts, bottom to top; the model's finer lines are summed
 * into the six the chart names (DESIGN.md, "What the core computes"). */
static const char *const memory_parts[] = {
  N_("Weights"),
  N_("Gradients"),
  N_("Optimizer states"),
  N_("Activations"),
  N_("Logits and loss"),
  N_("Gathered layers (ZeRO-3)"),
  N_("Overhead"),
};

enum { GATHERED_PART = 5 };

static double
memory_part (const RpMemoryEstimate *m,
             guint                   part)
{
  switch (part)
    {
    case 0:
      return m->weights_bytes + m->weight_copies_bytes;
    case 1:
      return m->gradients_bytes;
    case 2:
      return m->optimizer_bytes;
    case 3:
      return m->activations_bytes + m->recompute_bytes;
    case 4:
      return m->logits_bytes + m->logits_transient_bytes;
    case GATHERED_PART:
      return m->gathered_bytes;
    case 6:
    default:
      return m->overhead_bytes;
    }
}

static RpChartData *
vram_data_new (const RpScenario *scenario,
               const RpCatalog  *catalog,
               const RpEstimate *estimate)
{
  g_autoptr(GPtrArray) gpus = NULL;
  g_autoptr(GPtrArray) estimates = g_ptr_array_new_with_free_func ((GDestroyNotify) rp_estimate_free);
  g_autoptr(GPtrArray) kept = g_ptr_array_new ();
  RpChartData *self;
  guint series[G_N_ELEMENTS (memory_parts)];
  double required_pct = estimate->memory.required_headroom_pct;
  g_autofree char *usable_label = NULL;

  if (!estimate->memory.computed || estimate->gpu == NULL)
    return data_new_unavailable (RP_CHART_VRAM,
                                 _("The memory estimate is not available for this scenario."));

  gpus = pick_candidates (scenario, catalog, estimate->gpu,
                          estimate->memory.verdict != RP_VERDICT_DOES_NOT_FIT,
                          max_vram_candidates);
  for (guint i = 0; i < gpus->len; i++)
    {
      const RpGpu *gpu = g_ptr_array_index (gpus, i);
      RpEstimate *est;

      if (gpu == estimate->gpu)
        {
          g_ptr_array_add (kept, (gpointer) gpu);
          g_ptr_array_add (estimates, NULL);
          continue;
        }
      est = estimate_on (scenario, catalog, gpu, 0, 0);
      if (est == NULL || !est->memory.computed)
        {
          rp_estimate_free (est);
          continue;
        }
      g_ptr_array_add (kept, (gpointer) gpu);
      g_ptr_array_add (estimates, est);
    }

  self = rp_chart_data_new_empty (RP_CHART_VRAM, rp_chart_kind_get_title (RP_CHART_VRAM),
                                  _("GPU"), _("VRAM (GiB)"),
                                  RP_CHART_UNIT_NONE, RP_CHART_UNIT_GIB);
  if (scenario->name != NULL && *scenario->name != '\0')
    rp_chart_data_set_subtitle (self, scenario->name);

  for (guint p = 0; p < G_N_ELEMENTS (memory_parts); p++)
    {
      gboolean any = FALSE;

      for (guint i = 0; i < kept->len; i++)
        {
          const RpEstimate *est = g_ptr_array_index (estimates, i);

          if (est == NULL)
            est = estimate;
          if (memory_part (&est->memory, p) > 0)
            any = TRUE;
        }
      /* The ZeRO-3 line only when some candidate has it. */
      series[p] = (any || p != GATHERED_PART) ? rp_chart_data_add_series (self, _(memory_parts[p]))
                                  : G_MAXUINT;
    }

  if (required_pct > 0)
    /* TRANSLATORS: the memory left after the required free margin;
     * %.0f is that margin in percent of the GPU's memory */
    usable_label = g_strdup_printf (_("Usable with %.0f %% free"), required_pct);

  for (guint i = 0; i < kept->len; i++)
    {
      const RpGpu *gpu = g_ptr_array_index (kept, i);
      const RpEstimate *est = g_ptr_array_index (estimates, i);
      guint c;
      double capacity_gib;

      if (est == NULL)
        est = estimate;
      c = rp_chart_data_add_category (self, gpu_label (gpu));
      if (gpu == estimate->gpu)
        rp_chart_data_set_highlight (self, c);
      for (guint p = 0; p < G_N_ELEMENTS (memory_parts); p++)
        if (series[p] != G_MAXUINT)
          rp_chart_data_add_point (self, series[p], c,
                                   rp_units_bytes_to_gib (memory_part (&est->memory, p)));
      capacity_gib = rp_units_bytes_to_gib (est->memory.capacity_bytes);
      if (capacity_gib <= 0)
        capacity_gib = gpu->memory_gib;
      rp_chart_data_add_category_mark (self, c, capacity_gib, RP_CHART_INK_DANGER,
                                       _("Capacity"));
      if (usable_label != NULL)
        rp_chart_data_add_category_mark (self, c,
                                         capacity_gib * (1 - est->memory.required_headroom_pct / 100),
                                         RP_CHART_INK_WARNING, usable_label);
    }
  return self;
}

static RpChartData *
time_data_new (const RpScenario *scenario,
               const RpCatalog  *catalog,
               const RpEstimate *estimate)
{
  g_autoptr(GPtrArray) gpus = NULL;
  g_autoptr(GArray) counts = g_array_new (FALSE, FALSE, sizeof (guint));
  RpChartData *self;
  guint own_n = rp_scenario_n_gpus (scenario);
  guint model_parallel = MAX (1, scenario->training.tensor_parallel) *
                         MAX (1, scenario->training.pipeline_parallel);
  guint max_n = CLAMP (8 * own_n, min_time_max_gpus, max_time_max_gpus);
  double y_min = INFINITY, y_max = 0;
  guint n_series_kept = 0;

  if (!estimate->compute.computed || estimate->gpu == NULL)
    return data_new_unavailable (RP_CHART_TIME,
                                 _("The training-time estimate is not available for this scenario."));

  for (guint n = model_parallel; n <= max_n; n *= 2)
    {
      if (own_n < n && (counts->len == 0 || g_array_index (counts, guint, counts->len - 1) < own_n))
        g_array_append_val (counts, own_n);
      g_array_append_val (counts, n);
    }
  if (counts->len == 0 || g_array_index (counts, guint, counts->len - 1) < own_n)
    g_array_append_val (counts, own_n);

  self = rp_chart_data_new_empty (RP_CHART_TIME, rp_chart_kind_get_title (RP_CHART_TIME),
                                  _("Number of GPUs"), _("Time (days)"),
                                  RP_CHART_UNIT_GPUS, RP_CHART_UNIT_DAYS);
  if (scenario->hardware.network == RP_NETWORK_NONE)
    {
      /* TRANSLATORS: under the time chart's title, when the scenario has
       * no network between machines; %s is the scenario's name */
      g_autofree char *subtitle = g_strdup_printf (_("%s · above 8 GPUs: nodes linked by InfiniBand NDR"),
                                                   scenario->name != NULL ? scenario->name : "");

      rp_chart_data_set_subtitle (self, subtitle);
    }
  else if (scenario->name != NULL && *scenario->name != '\0')
    rp_chart_data_set_subtitle (self, scenario->name);
  rp_chart_data_set_log_scale (self, TRUE, TRUE);

  gpus = pick_candidates (scenario, catalog, estimate->gpu,
                          estimate->memory.verdict != RP_VERDICT_DOES_NOT_FIT,
                          max_vram_candidates);
  /* The scenario's own GPU first, so it keeps the first colour. */
  g_ptr_array_remove (gpus, (gpointer) estimate->gpu);
  g_ptr_array_insert (gpus, 0, (gpointer) estimate->gpu);

  for (guint g = 0; g < gpus->len && n_series_kept < max_time_candidates; g++)
    {
      const RpGpu *gpu = g_ptr_array_index (gpus, g);
      guint s = G_MAXUINT;

      for (guint k = 0; k < counts->len; k++)
        {
          guint n = g_array_index (counts, guint, k);
          guint per_node, nodes;
          g_autoptr(RpEstimate) est = NULL;

          if (n == own_n)
            {
              per_node = scenario->hardware.gpus_per_node;
              nodes = scenario->hardware.nodes;
            }
          else
            {
              per_node = MIN (n, 8);
              nodes = n / per_node;
              if (per_node * nodes != n)
                continue;
            }
          if (gpu == estimate->gpu && n == own_n)
            {
              if (estimate->memory.verdict == RP_VERDICT_DOES_NOT_FIT ||
                  !(estimate->compute.days > 0))
                continue;
              if (s == G_MAXUINT)
                s = rp_chart_data_add_series (self, gpu_label (gpu));
              rp_chart_data_add_point (self, s, n, estimate->compute.days);
              y_min = MIN (y_min, estimate->compute.days);
              y_max = MAX (y_max, estimate->compute.days);
              continue;
            }
          est = estimate_on (scenario, catalog, gpu, per_node, nodes);
          if (est == NULL || !est->compute.computed || !(est->compute.days > 0) ||
              !isfinite (est->compute.days) ||
              (est->memory.computed && est->memory.verdict == RP_VERDICT_DOES_NOT_FIT))
            continue;
          if (s == G_MAXUINT)
            s = rp_chart_data_add_series (self, gpu_label (gpu));
          rp_chart_data_add_point (self, s, n, est->compute.days);
          y_min = MIN (y_min, est->compute.days);
          y_max = MAX (y_max, est->compute.days);
        }
      if (s != G_MAXUINT)
        n_series_kept++;
    }

  if (n_series_kept == 0)
    rp_chart_data_set_message (self, _("No GPU count fits this model in memory."));
  if (scenario->budget.deadline_days > 0)
    {
      /* TRANSLATORS: a line on the time chart; %.0f is a number of days */
      g_autofree char *label = g_strdup_printf (_("Deadline: %.0f days"),
                                                scenario->budget.deadline_days);
      rp_chart_data_add_rule (self, FALSE, scenario->budget.deadline_days,
                              RP_CHART_INK_WARNING, label);
      y_min = MIN (y_min, scenario->budget.deadline_days);
      y_max = MAX (y_max, scenario->budget.deadline_days);
    }
  if (estimate->compute.days > 0 && estimate->memory.verdict != RP_VERDICT_DOES_NOT_FIT)
    rp_chart_data_add_marker (self, own_n, estimate->compute.days, _("This plan"));
  if (y_min > 0 && isfinite (y_min) && y_max / y_min > log_axis_ratio)
    rp_chart_data_set_log_scale (self, FALSE, TRUE);
  return self;
}

static RpChartData *
cost_data_new (const RpScenario *scenario,
               const RpCatalog  *catalog,
               const RpEstimate *estimate)
{
  const RpCostEstimate *cost = &estimate->cost;
  g_autofree char *y_label = NULL;
  g_autofree char *subtitle = NULL;
  RpChartData *self;
  guint rent, buy;

  if (!cost->computed)
    return data_new_unavailable (RP_CHART_COST,
                                 _("The cost estimate is not available for this scenario."));
  if (cost->n_months == 0 || cost->rent_cumulative == NULL || cost->buy_cumulative == NULL)
    return data_new_unavailable (RP_CHART_COST,
                                 _("The cost estimate has no monthly curves."));

  /* TRANSLATORS: axis title; %s is a currency code such as USD or CNY */
  y_label = g_strdup_printf (_("Total cost (%s)"), rp_currency_to_string (cost->currency));
  self = rp_chart_data_new_empty (RP_CHART_COST, rp_chart_kind_get_title (RP_CHART_COST),
                                  _("Months"), y_label,
                                  RP_CHART_UNIT_MONTHS, RP_CHART_UNIT_MONEY);
  rp_chart_data_set_currency (self, cost->currency);
  if (scenario->name != NULL && *scenario->name != '\0')
    /* TRANSLATORS: under the cost chart's title; %s is the scenario's
     * name, %.0f a percentage */
    subtitle = g_strdup_printf (_("%s · at %.0f %% utilization"), scenario->name,
                                scenario->budget.utilization_pct);
  else
    /* TRANSLATORS: under the cost chart's title; %.0f is a percentage */
    subtitle = g_strdup_printf (_("At %.0f %% utilization"), scenario->budget.utilization_pct);
  rp_chart_data_set_subtitle (self, subtitle);
  rent = rp_chart_data_add_series (self, _("Rent"));
  buy = rp_chart_data_add_series (self, _("Buy"));
  for (guint m = 0; m <= cost->n_months; m++)
    {
      rp_chart_data_add_point (self, rent, m, cost->rent_cumulative[m]);
      rp_chart_data_add_point (self, buy, m, cost->buy_cumulative[m]);
    }
  if (cost->break_even_months >= 0 && cost->break_even_months <= cost->n_months)
    {
      double mf = cost->break_even_months;
      guint m0 = MIN ((guint) floor (mf), cost->n_months);
      guint m1 = MIN (m0 + 1, cost->n_months);
      double t = mf - m0;
      double y = cost->rent_cumulative[m0] * (1 - t) + cost->rent_cumulative[m1] * t;
      /* TRANSLATORS: marks where buying becomes cheaper; %.1f is months */
      g_autofree char *label = g_strdup_printf (_("Break-even: %.1f months"), mf);

      rp_chart_data_add_marker (self, mf, y, label);
    }
  else
    rp_chart_data_add_rule (self, TRUE, cost->n_months, RP_CHART_INK_MUTED,
                            _("No break-even in this period"));
  return self;
}

static RpChartData *
break_even_data_new (const RpScenario *scenario,
                     const RpCatalog  *catalog,
                     const RpEstimate *estimate)
{
  RpChartData *self;
  guint s;
  guint n_points = 0;
  double y_min = INFINITY, y_max = 0;
  double own_pct = scenario->budget.utilization_pct;
  double first_pct = 0;
  g_autofree char *subtitle = NULL;

  if (!estimate->cost.computed)
    return data_new_unavailable (RP_CHART_BREAK_EVEN,
                                 _("The cost estimate is not available for this scenario."));

  self = rp_chart_data_new_empty (RP_CHART_BREAK_EVEN,
                                  rp_chart_kind_get_title (RP_CHART_BREAK_EVEN),
                                  _("Utilization of the bought GPUs (%)"),
                                  _("Break-even (months)"),
                                  RP_CHART_UNIT_PERCENT, RP_CHART_UNIT_MONTHS);
  s = rp_chart_data_add_series (self, _("Months until buying is cheaper"));
  for (guint pct = 10; pct <= 100; pct += 5)
    {
      g_autoptr(RpScenario) copy = rp_scenario_copy (scenario);
      g_autoptr(RpEstimate) est = rp_estimate_new ();
      double months;

      copy->budget.utilization_pct = pct;
      if (!rp_estimate_compute (copy, catalog, est, NULL) || !est->cost.computed)
        continue;
      months = est->cost.break_even_months;
      if (!(months >= 0) || !isfinite (months))
        months = NAN;           /* never: a gap in the line */
      else
        {
          if (n_points == 0 && pct > 10)
            first_pct = pct;
          n_points++;
          y_min = MIN (y_min, months);
          y_max = MAX (y_max, months);
        }
      rp_chart_data_add_point (self, s, pct, months);
    }
  if (n_points == 0)
    rp_chart_data_set_message (self, _("Buying never breaks even at any utilization."));
  if (first_pct > 0)
    /* TRANSLATORS: under the break-even chart's title; %.0f is a percentage */
    subtitle = g_strdup_printf (_("Buying pays off only from %.0f %% utilization"), first_pct);
  if (scenario->name != NULL && *scenario->name != '\0')
    {
      g_autofree char *joined = subtitle != NULL
                                ? g_strdup_printf ("%s · %s", scenario->name, subtitle)
                                : g_strdup (scenario->name);

      rp_chart_data_set_subtitle (self, joined);
    }
  else
    rp_chart_data_set_subtitle (self, subtitle);
  if (own_pct > 0)
    {
      /* TRANSLATORS: a line on the break-even chart; %.0f is a percentage */
      g_autofree char *label = g_strdup_printf (_("Your utilization: %.0f %%"), own_pct);

      rp_chart_data_add_rule (self, TRUE, own_pct, RP_CHART_INK_ACCENT, label);
    }
  if (scenario->budget.years > 0)
    {
      /* TRANSLATORS: a line on the break-even chart; %.0f is months */
      g_autofree char *label = g_strdup_printf (_("Depreciation period: %.0f months"),
                                                scenario->budget.years * 12);

      rp_chart_data_add_rule (self, FALSE, scenario->budget.years * 12, RP_CHART_INK_MUTED,
                              label);
    }
  if (y_min > 0 && isfinite (y_min) && y_max / y_min > log_axis_ratio)
    rp_chart_data_set_log_scale (self, FALSE, TRUE);
  return self;
}

/* ---- public API ----------------------------------------------------- */

static const char *const kind_names[RP_N_CHARTS] = {
  "vram", "time", "cost", "break-even",
};

static const char *const kind_titles[RP_N_CHARTS] = {
  N_("VRAM headroom"),
  N_("Training-time projection"),
  N_("Rent versus buy"),
  N_("Break-even versus utilization"),
};

const char *
rp_chart_kind_to_string (RpChartKind kind)
{
  g_return_val_if_fail (kind < RP_N_CHARTS, NULL);
  return kind_names[kind];
}

gboolean
rp_chart_kind_from_string (const char  *s,
                           RpChartKind *out)
{
  g_return_val_if_fail (out != NULL, FALSE);

  if (s == NULL)
    return FALSE;
  for (guint i = 0; i < RP_N_CHARTS; i++)
    if (g_ascii_strcasecmp (s, kind_names[i]) == 0)
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

const char *
rp_chart_kind_get_title (RpChartKind kind)
{
  g_return_val_if_fail (kind < RP_N_CHARTS, NULL);
  return _(kind_titles[kind]);
}

RpChartData *
rp_chart_data_new (RpChartKind       kind,
                   const RpScenario *scenario,
                   const RpCatalog  *catalog,
                   const RpEstimate *estimate)
{
  g_return_val_if_fail (kind < RP_N_CHARTS, NULL);
  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (catalog != NULL, NULL);
  g_return_val_if_fail (estimate != NULL, NULL);

  switch (kind)
    {
    case RP_CHART_VRAM:
      return vram_data_new (scenario, catalog, estimate);
    case RP_CHART_TIME:
      return time_data_new (scenario, catalog, estimate);
    case RP_CHART_COST:
      return cost_data_new (scenario, catalog, estimate);
    case RP_CHART_BREAK_EVEN:
      return break_even_data_new (scenario, catalog, estimate);
    case RP_N_CHARTS:
    default:
      g_assert_not_reached ();
    }
}

RpChartData *
rp_chart_data_new_empty (RpChartKind  kind,
                         const char  *title,
                         const char  *x_label,
                         const char  *y_label,
                         RpChartUnit  x_unit,
                         RpChartUnit  y_unit)
{
  RpChartData *self;

  g_return_val_if_fail (kind < RP_N_CHARTS, NULL);
  g_return_val_if_fail (x_unit < RP_N_CHART_UNITS && y_unit < RP_N_CHART_UNITS, NULL);

  self = g_new0 (RpChartData, 1);
  self->kind = kind;
  self->title = g_strdup (title != NULL ? title : "");
  self->x_label = g_strdup (x_label != NULL ? x_label : "");
  self->y_label = g_strdup (y_label != NULL ? y_label : "");
  self->x_unit = x_unit;
  self->y_unit = y_unit;
  self->currency = RP_CURRENCY_USD;
  self->highlight = -1;
  self->categories = g_ptr_array_new_with_free_func (g_free);
  self->series = g_ptr_array_new_with_free_func (series_free);
  self->rules = g_array_new (FALSE, TRUE, sizeof (RpChartRule));
  g_array_set_clear_func (self->rules, rule_clear);
  self->marks = g_array_new (FALSE, TRUE, sizeof (RpChartMark));
  g_array_set_clear_func (self->marks, mark_clear);
  self->markers = g_array_new (FALSE, TRUE, sizeof (RpChartMarker));
  g_array_set_clear_func (self->markers, marker_clear);
  return self;
}

void
rp_chart_data_free (RpChartData *self)
{
  if (self == NULL)
    return;
  g_free (self->title);
  g_free (self->subtitle);
  g_free (self->x_label);
  g_free (self->y_label);
  g_free (self->message);
  g_ptr_array_unref (self->categories);
  g_ptr_array_unref (self->series);
  g_array_unref (self->rules);
  g_array_unref (self->marks);
  g_array_unref (self->markers);
  g_free (self);
}

guint
rp_chart_data_add_category (RpChartData *self,
                            const char  *label)
{
  g_return_val_if_fail (self != NULL, 0);

  g_ptr_array_add (self->categories, g_strdup (label != NULL ? label : ""));
  return self->categories->len - 1;
}

guint
rp_chart_data_add_series (RpChartData *self,
                          const char  *label)
{
  RpChartSeries *s;

  g_return_val_if_fail (self != NULL, 0);

  s = g_new0 (RpChartSeries, 1);
  s->label = g_strdup (label != NULL ? label : "");
  s->xs = g_array_new (FALSE, FALSE, sizeof (double));
  s->ys = g_array_new (FALSE, FALSE, sizeof (double));
  g_ptr_array_add (self->series, s);
  return self->series->len - 1;
}

void
rp_chart_data_add_point (RpChartData *self,
                         guint        series,
                         double       x,
                         double       y)
{
  RpChartSeries *s;

  g_return_if_fail (self != NULL);
  g_return_if_fail (series < self->series->len);

  s = g_ptr_array_index (self->series, series);
  g_array_append_val (s->xs, x);
  g_array_append_val (s->ys, y);
}

void
rp_chart_data_add_category_mark (RpChartData *self,
                                 guint        category,
                                 double       y,
                                 RpChartInk   ink,
                                 const char  *label)
{
  RpChartMark m;

  g_return_if_fail (self != NULL);
  g_return_if_fail (category < self->categories->len);

  m = (RpChartMark) { category, y, ink, g_strdup (label != NULL ? label : "") };
  g_array_append_val (self->marks, m);
}

void
rp_chart_data_add_rule (RpChartData *self,
                        gboolean     vertical,
                        double       value,
                        RpChartInk   ink,
                        const char  *label)
{
  RpChartRule r;

  g_return_if_fail (self != NULL);

  r = (RpChartRule) { vertical, value, ink, g_strdup (label != NULL ? label : "") };
  g_array_append_val (self->rules, r);
}

void
rp_chart_data_add_marker (RpChartData *self,
                          double       x,
                          double       y,
                          const char  *label)
{
  RpChartMarker m;

  g_return_if_fail (self != NULL);

  m = (RpChartMarker) { x, y, g_strdup (label != NULL ? label : "") };
  g_array_append_val (self->markers, m);
}

void
rp_chart_data_set_subtitle (RpChartData *self,
                            const char  *subtitle)
{
  g_return_if_fail (self != NULL);

  g_free (self->subtitle);
  self->subtitle = g_strdup (subtitle);
}

void
rp_chart_data_set_message (RpChartData *self,
                           const char  *message)
{
  g_return_if_fail (self != NULL);

  g_free (self->message);
  self->message = g_strdup (message);
}

void
rp_chart_data_set_currency (RpChartData *self,
                            RpCurrency   currency)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (currency < RP_N_CURRENCIES);

  self->currency = currency;
}

void
rp_chart_data_set_highlight (RpChartData *self,
                             int          category)
{
  g_return_if_fail (self != NULL);

  self->highlight = category;
}

void
rp_chart_data_set_log_scale (RpChartData *self,
                             gboolean     x_axis,
                             gboolean     log_scale)
{
  g_return_if_fail (self != NULL);

  if (x_axis)
    self->x_log = log_scale;
  else
    self->y_log = log_scale;
}

RpChartKind
rp_chart_data_get_kind (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, RP_CHART_VRAM);
  return self->kind;
}

const char *
rp_chart_data_get_title (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->title;
}

const char *
rp_chart_data_get_subtitle (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->subtitle;
}

const char *
rp_chart_data_get_x_label (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->x_label;
}

const char *
rp_chart_data_get_y_label (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->y_label;
}

RpChartUnit
rp_chart_data_get_x_unit (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, RP_CHART_UNIT_NONE);
  return self->x_unit;
}

RpChartUnit
rp_chart_data_get_y_unit (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, RP_CHART_UNIT_NONE);
  return self->y_unit;
}

RpCurrency
rp_chart_data_get_currency (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, RP_CURRENCY_USD);
  return self->currency;
}

const char *
rp_chart_data_get_message (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->message;
}

gboolean
rp_chart_data_is_categorical (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->kind == RP_CHART_VRAM;
}

guint
rp_chart_data_get_n_categories (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->categories->len;
}

const char *
rp_chart_data_get_category_label (const RpChartData *self,
                                  guint              category)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (category < self->categories->len, NULL);
  return g_ptr_array_index (self->categories, category);
}

guint
rp_chart_data_get_n_series (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->series->len;
}

const char *
rp_chart_data_get_series_label (const RpChartData *self,
                                guint              series)
{
  const RpChartSeries *s;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (series < self->series->len, NULL);

  s = g_ptr_array_index (self->series, series);
  return s->label;
}

guint
rp_chart_data_get_n_points (const RpChartData *self,
                            guint              series)
{
  const RpChartSeries *s;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (series < self->series->len, 0);

  s = g_ptr_array_index (self->series, series);
  return s->xs->len;
}

double
rp_chart_data_get_x (const RpChartData *self,
                     guint              series,
                     guint              i)
{
  const RpChartSeries *s;

  g_return_val_if_fail (self != NULL, NAN);
  g_return_val_if_fail (series < self->series->len, NAN);
  s = g_ptr_array_index (self->series, series);
  g_return_val_if_fail (i < s->xs->len, NAN);

  return g_array_index (s->xs, double, i);
}

double
rp_chart_data_get_y (const RpChartData *self,
                     guint              series,
                     guint              i)
{
  const RpChartSeries *s;

  g_return_val_if_fail (self != NULL, NAN);
  g_return_val_if_fail (series < self->series->len, NAN);
  s = g_ptr_array_index (self->series, series);
  g_return_val_if_fail (i < s->ys->len, NAN);

  return g_array_index (s->ys, double, i);
}

double
rp_chart_data_get_value (const RpChartData *self,
                         guint              series,
                         guint              category)
{
  const RpChartSeries *s;

  g_return_val_if_fail (self != NULL, NAN);
  g_return_val_if_fail (series < self->series->len, NAN);

  s = g_ptr_array_index (self->series, series);
  for (guint i = 0; i < s->xs->len; i++)
    if (g_array_index (s->xs, double, i) == (double) category)
      return g_array_index (s->ys, double, i);
  return NAN;
}

guint
rp_chart_data_get_n_rules (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->rules->len;
}

double
rp_chart_data_get_rule (const RpChartData *self,
                        guint              i,
                        gboolean          *out_vertical,
                        const char       **out_label)
{
  const RpChartRule *r;

  g_return_val_if_fail (self != NULL, NAN);
  g_return_val_if_fail (i < self->rules->len, NAN);

  r = &g_array_index (self->rules, RpChartRule, i);
  if (out_vertical != NULL)
    *out_vertical = r->vertical;
  if (out_label != NULL)
    *out_label = r->label;
  return r->value;
}

guint
rp_chart_data_get_n_markers (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->markers->len;
}

void
rp_chart_data_get_marker (const RpChartData *self,
                          guint              i,
                          double            *out_x,
                          double            *out_y,
                          const char       **out_label)
{
  const RpChartMarker *m;

  g_return_if_fail (self != NULL);
  g_return_if_fail (i < self->markers->len);

  m = &g_array_index (self->markers, RpChartMarker, i);
  if (out_x != NULL)
    *out_x = m->x;
  if (out_y != NULL)
    *out_y = m->y;
  if (out_label != NULL)
    *out_label = m->label;
}

guint
rp_chart_data_get_n_category_marks (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->marks->len;
}

int
rp_chart_data_get_highlight (const RpChartData *self)
{
  g_return_val_if_fail (self != NULL, -1);
  return self->highlight;
}

gboolean
rp_chart_data_get_log_scale (const RpChartData *self,
                             gboolean           x_axis)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return x_axis ? self->x_log : self->y_log;
}

char *
rp_chart_data_format_value (const RpChartData *self,
                            RpChartUnit        unit,
                            double             value)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (unit < RP_N_CHART_UNITS, NULL);

  if (!isfinite (value))
    return g_strdup ("—");
  switch (unit)
    {
    case RP_CHART_UNIT_GIB:
      return rp_units_format_bytes (value * RP_GIB);
    case RP_CHART_UNIT_DAYS:
      return rp_units_format_hours (value * 24);
    case RP_CHART_UNIT_MONTHS:
      /* TRANSLATORS: a duration in months */
      return g_strdup_printf (_("%.1f months"), value);
    case RP_CHART_UNIT_PERCENT:
      /* TRANSLATORS: a percentage */
      return g_strdup_printf (_("%.0f %%"), value);
    case RP_CHART_UNIT_GPUS:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%.0f GPU", "%.0f GPUs",
                                           (gulong) MAX (0, round (value))),
                              value);
    case RP_CHART_UNIT_MONEY:
      return rp_units_format_money (value, self->currency);
    case RP_CHART_UNIT_NONE:
    case RP_N_CHART_UNITS:
    default:
      return g_strdup_printf ("%.3g", value);
    }
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-chart-kinds.c: the four charts of an estimated scenario
 *
 * Each chart turns results into series; none estimates on its own.  The
 * VRAM chart's alternatives and the time chart's GPU counts are the
 * scenario moved to other machines by rp-explore, which gives each move
 * its link, network and prices; the break-even curve is the cost model's
 * payback at each utilization on the estimate's own prices.  Every number
 * a chart prints goes through rp-units.
 */

#include "config.h"

#include "rp-chart.h"
#include "rp-chart-private.h"
#include "rp-explore.h"
#include "rp-units.h"

#include <glib/gi18n-lib.h>
#include <math.h>

/* At most this many GPUs on the VRAM chart (the scenario's included),
 * and this many GPU types on the time chart. */
enum { MAX_VRAM_GPUS = 6, MAX_TIME_GPUS = 5 };
/* GPU counts on the time chart go up to max(this, 8 × the plan's count). */
static const guint min_time_max_gpus = 64;
static const guint max_time_max_gpus = 1024;
/* The break-even chart samples the utilization every this many percent. */
static const guint break_even_step_pct = 5;
/* Lines get a logarithmic value axis above this max/min ratio. */
static const double log_axis_ratio = 30.0;

/* ---- helpers -------------------------------------------------------- */

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

static gboolean
has_name (const RpScenario *scenario)
{
  return scenario->name != NULL && *scenario->name != '\0';
}

/* "@name · @detail", or @detail alone for a scenario without a name. */
static void
set_subtitle (RpChartData      *self,
              const RpScenario *scenario,
              const char       *detail)
{
  g_autofree char *joined = NULL;

  if (detail == NULL)
    {
      rp_chart_data_set_subtitle (self, has_name (scenario) ? scenario->name : NULL);
      return;
    }
  joined = has_name (scenario) ? g_strdup_printf ("%s · %s", scenario->name, detail)
                               : g_strdup (detail);
  rp_chart_data_set_subtitle (self, joined);
}

/* ---- VRAM ----------------------------------------------------------- */

/* The stacked parts, bottom to top; the model's finer lines are summed
 * into the ones the chart names (DESIGN.md, "What the core computes"). */
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
      return m->weights_bytes + m->weight_copies_bytes + m->reference_bytes;
    case 1:
      return m->gradients_peak_bytes;
    case 2:
      return m->optimizer_bytes;
    case 3:
      return m->activations_peak_bytes;
    case 4:
      return m->logits_peak_bytes;
    case GATHERED_PART:
      return m->gathered_bytes;
    case 6:
    default:
      return m->overhead_bytes;
    }
}

/* The estimates the VRAM chart shows: the scenario's own (borrowed, as
 * NULL) and each alternative on the same GPU count (owned); the GPUs
 * whose estimate failed are dropped from @gpus. */
static GPtrArray *
vram_estimates (const RpScenario *scenario,
                const RpCatalog  *catalog,
                const RpEstimate *estimate,
                GPtrArray        *gpus)
{
  GPtrArray *estimates = g_ptr_array_new_with_free_func ((GDestroyNotify) rp_estimate_free);

  for (guint i = 0; i < gpus->len; )
    {
      const RpGpu *gpu = g_ptr_array_index (gpus, i);
      RpEstimate *est = NULL;

      if (gpu != estimate->gpu)
        {
          est = rp_explore_estimate_on (scenario, catalog, gpu, scenario->hardware.gpus_per_node,
                                        scenario->hardware.nodes);
          if (est == NULL || !est->memory.computed)
            {
              rp_estimate_free (est);
              g_ptr_array_remove_index (gpus, i);
              continue;
            }
        }
      g_ptr_array_add (estimates, est);
      i++;
    }
  return estimates;
}

/* One series per memory part; the ZeRO-3 line only when some GPU has it.
 * Writes G_MAXUINT for a part left out. */
static void
vram_add_series (RpChartData      *self,
                 const RpEstimate *estimate,
                 GPtrArray        *estimates,
                 guint            *series)
{
  for (guint p = 0; p < G_N_ELEMENTS (memory_parts); p++)
    {
      gboolean any = p != GATHERED_PART;

      for (guint i = 0; i < estimates->len && !any; i++)
        {
          const RpEstimate *est = g_ptr_array_index (estimates, i);

          any = memory_part (&(est != NULL ? est : estimate)->memory, p) > 0;
        }
      series[p] = any ? rp_chart_data_add_series (self, _(memory_parts[p])) : G_MAXUINT;
    }
}

static void
vram_add_category (RpChartData      *self,
                   const RpGpu      *gpu,
                   const RpEstimate *est,
                   const guint      *series,
                   const char       *usable_label)
{
  guint c = rp_chart_data_add_category (self, gpu_label (gpu));
  double capacity_gib = rp_units_bytes_to_gib (est->memory.capacity_bytes);

  for (guint p = 0; p < G_N_ELEMENTS (memory_parts); p++)
    if (series[p] != G_MAXUINT)
      rp_chart_data_add_point (self, series[p], c,
                               rp_units_bytes_to_gib (memory_part (&est->memory, p)));
  if (capacity_gib <= 0)
    capacity_gib = gpu->memory_gib;
  rp_chart_data_add_category_mark (self, c, capacity_gib, RP_CHART_INK_DANGER, _("Capacity"));
  if (usable_label != NULL)
    rp_chart_data_add_category_mark (self, c,
                                     capacity_gib * (1 - est->memory.required_headroom_pct / 100),
                                     RP_CHART_INK_WARNING, usable_label);
}

/* The GPUs the VRAM and time charts set side by side: rp_explore_pick_gpus()'s
 * pick, with the scenario's own GPU and @also (the machine the reader
 * asked about when the chart details another plan; NULL: none) always
 * among them, the own first, @also next; at most @max_n (the pick's
 * last ones give way).  Transfer container. */
static GPtrArray *
pick_gpus (const RpScenario *scenario,
           const RpCatalog  *catalog,
           const RpEstimate *estimate,
           const RpGpu      *also,
           guint             max_n)
{
  GPtrArray *gpus = rp_explore_pick_gpus (scenario, catalog, estimate->gpu,
                                          estimate->memory.verdict != RP_VERDICT_DOES_NOT_FIT,
                                          max_n);

  g_ptr_array_remove (gpus, (gpointer) estimate->gpu);
  g_ptr_array_insert (gpus, 0, (gpointer) estimate->gpu);
  if (also != NULL && also != estimate->gpu)
    {
      g_ptr_array_remove (gpus, (gpointer) also);
      g_ptr_array_insert (gpus, 1, (gpointer) also);
    }
  if (gpus->len > max_n)
    g_ptr_array_set_size (gpus, max_n);
  return gpus;
}

/* The VRAM chart's categories in memory order, as the pick sorts them. */
static gint
compare_gpu_memory (gconstpointer a,
                    gconstpointer b)
{
  const RpGpu *ga = *(const RpGpu * const *) a;
  const RpGpu *gb = *(const RpGpu * const *) b;

  return (ga->memory_gib > gb->memory_gib) - (ga->memory_gib < gb->memory_gib);
}

static RpChartData *
vram_data_new (const RpScenario *scenario,
               const RpCatalog  *catalog,
               const RpEstimate *estimate,
               const RpGpu      *also)
{
  g_autoptr(GPtrArray) gpus = NULL;
  g_autoptr(GPtrArray) estimates = NULL;
  g_autofree char *usable_label = NULL;
  guint series[G_N_ELEMENTS (memory_parts)];
  RpChartData *self;

  if (!estimate->memory.computed || estimate->gpu == NULL)
    return data_new_unavailable (RP_CHART_VRAM,
                                 _("The memory estimate is not available for this scenario."));

  if (also != NULL)
    {
      gpus = pick_gpus (scenario, catalog, estimate, also, MAX_VRAM_GPUS);
      g_ptr_array_sort (gpus, compare_gpu_memory);
    }
  else
    gpus = rp_explore_pick_gpus (scenario, catalog, estimate->gpu,
                                 estimate->memory.verdict != RP_VERDICT_DOES_NOT_FIT,
                                 MAX_VRAM_GPUS);
  estimates = vram_estimates (scenario, catalog, estimate, gpus);
  self = rp_chart_data_new_empty (RP_CHART_VRAM, rp_chart_kind_get_title (RP_CHART_VRAM),
                                  _("GPU"), _("VRAM (GiB)"),
                                  RP_CHART_UNIT_NONE, RP_CHART_UNIT_GIB);
  set_subtitle (self, scenario, NULL);
  vram_add_series (self, estimate, estimates, series);
  if (estimate->memory.required_headroom_pct > 0)
    {
      g_autofree char *pct = rp_units_format_percent (estimate->memory.required_headroom_pct, 0);

      /* TRANSLATORS: the memory left after the required free margin; %s
       * is that margin, "10 %" */
      usable_label = g_strdup_printf (_("Usable with %s free"), pct);
    }
  for (guint i = 0; i < gpus->len; i++)
    {
      const RpGpu *gpu = g_ptr_array_index (gpus, i);
      const RpEstimate *est = g_ptr_array_index (estimates, i);

      if (gpu == estimate->gpu)
        rp_chart_data_set_highlight (self, rp_chart_data_get_n_categories (self));
      vram_add_category (self, gpu, est != NULL ? est : estimate, series, usable_label);
    }
  return self;
}

/* ---- time ----------------------------------------------------------- */

/* The GPU counts the time chart samples: powers of two from the model-
 * parallel size up to a multiple of the plan's count, with the plan's
 * own count in its place.  Transfer full. */
static GArray *
time_counts (const RpScenario *scenario)
{
  GArray *counts = g_array_new (FALSE, FALSE, sizeof (guint));
  guint own_n = rp_scenario_n_gpus (scenario);
  guint model_parallel = MAX (1, scenario->training.tensor_parallel) *
                         MAX (1, scenario->training.pipeline_parallel);
  guint max_n = CLAMP (8 * own_n, min_time_max_gpus, max_time_max_gpus);

  for (guint n = model_parallel; n <= max_n; n *= 2)
    {
      if (own_n < n && (counts->len == 0 || g_array_index (counts, guint, counts->len - 1) < own_n))
        g_array_append_val (counts, own_n);
      g_array_append_val (counts, n);
    }
  if (counts->len == 0 || g_array_index (counts, guint, counts->len - 1) < own_n)
    g_array_append_val (counts, own_n);
  return counts;
}

/* The network the scenario gets between the servers of @gpu at the
 * first of @counts that spans several of them; RP_NETWORK_NONE when none
 * does.  Asked of rp_explore_move(), so it is the network the time
 * model used for that point. */
static RpNetwork
time_network (const RpScenario *scenario,
              const RpCatalog  *catalog,
              const RpGpu      *gpu,
              GArray           *counts)
{
  for (guint k = 0; k < counts->len; k++)
    {
      guint per = 0, nodes = 0;
      g_autoptr(RpScenario) moved = NULL;

      if (!rp_explore_layout (scenario, g_array_index (counts, guint, k), &per, &nodes) ||
          nodes < 2)
        continue;
      moved = rp_explore_move (scenario, catalog, gpu, per, nodes);
      if (moved != NULL)
        return moved->hardware.network;
    }
  return RP_NETWORK_NONE;
}

/* Names the networks the series' GPUs get between servers: the
 * subtitle lists each once ("100 GbE, InfiniBand NDR"); when they differ,
 * each line's legend says its own.  NULL when no point spans servers.
 * Transfer full. */
static char *
time_name_networks (RpChartData     *self,
                    const RpNetwork *networks)
{
  g_autoptr(GString) text = g_string_new (NULL);
  guint n_series = rp_chart_data_get_n_series (self);
  gboolean several = FALSE;

  for (guint s = 0; s < n_series; s++)
    {
      gboolean first = networks[s] != RP_NETWORK_NONE;

      several |= networks[s] != networks[0];
      for (guint t = 0; t < s && first; t++)
        first = networks[t] != networks[s];
      if (first)
        g_string_append_printf (text, "%s%s", text->len > 0 ? ", " : "",
                                rp_enum_info_get_label (&rp_network_info, networks[s]));
    }
  for (guint s = 0; several && s < n_series; s++)
    if (networks[s] != RP_NETWORK_NONE)
      {
        RpChartSeries *series = g_ptr_array_index (self->series, s);
        char *label = g_strdup_printf ("%s · %s", series->label,
                                       rp_enum_info_get_label (&rp_network_info, networks[s]));

        g_free (series->label);
        series->label = label;
      }
  return text->len > 0 ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
}

/* Adds @gpu's line; FALSE (and nothing added) when no count fits. */
static gboolean
time_add_series (RpChartData      *self,
                 const RpScenario *scenario,
                 const RpCatalog  *catalog,
                 const RpGpu      *gpu,
                 GArray           *counts,
                 double           *y_min,
                 double           *y_max)
{
  g_autofree double *days = g_new (double, counts->len);
  guint s = G_MAXUINT;

  rp_explore_days_by_count (scenario, catalog, gpu, (const guint *) counts->data, counts->len,
                            days);
  for (guint k = 0; k < counts->len; k++)
    {
      if (!isfinite (days[k]))
        continue;
      if (s == G_MAXUINT)
        s = rp_chart_data_add_series (self, gpu_label (gpu));
      rp_chart_data_add_point (self, s, g_array_index (counts, guint, k), days[k]);
      *y_min = MIN (*y_min, days[k]);
      *y_max = MAX (*y_max, days[k]);
    }
  return s != G_MAXUINT;
}

static void
time_add_deadline (RpChartData      *self,
                   const RpScenario *scenario,
                   double           *y_min,
                   double           *y_max)
{
  double deadline = scenario->budget.deadline_days;
  g_autofree char *days = NULL;
  g_autofree char *label = NULL;

  if (!(deadline > 0))
    return;
  days = rp_chart_data_format_value (self, RP_CHART_UNIT_DAYS, deadline);
  /* TRANSLATORS: a line on the time chart; %s is a duration, "7.0 days" */
  label = g_strdup_printf (_("Deadline: %s"), days);
  rp_chart_data_add_rule (self, FALSE, deadline, RP_CHART_INK_WARNING, label);
  *y_min = MIN (*y_min, deadline);
  *y_max = MAX (*y_max, deadline);
}

static RpChartData *
time_data_new (const RpScenario *scenario,
               const RpCatalog  *catalog,
               const RpEstimate *estimate,
               const RpGpu      *also)
{
  g_autoptr(GPtrArray) gpus = NULL;
  g_autoptr(GArray) counts = NULL;
  g_autofree char *networks_text = NULL;
  g_autofree char *detail = NULL;
  RpNetwork networks[MAX_TIME_GPUS];
  double y_min = INFINITY, y_max = 0;
  RpChartData *self;

  if (!estimate->compute.computed || estimate->gpu == NULL)
    return data_new_unavailable (RP_CHART_TIME,
                                 _("The training-time estimate is not available for this scenario."));

  counts = time_counts (scenario);
  self = rp_chart_data_new_empty (RP_CHART_TIME, rp_chart_kind_get_title (RP_CHART_TIME),
                                  _("Number of GPUs"), _("Time (days)"),
                                  RP_CHART_UNIT_GPUS, RP_CHART_UNIT_DAYS);
  rp_chart_data_set_log_scale (self, TRUE, TRUE);
  /* The scenario's own GPU first, so it keeps the first colour, and the
   * GPU asked about next. */
  gpus = pick_gpus (scenario, catalog, estimate, also, MAX_VRAM_GPUS);
  for (guint g = 0; g < gpus->len && rp_chart_data_get_n_series (self) < MAX_TIME_GPUS; g++)
    {
      const RpGpu *gpu = g_ptr_array_index (gpus, g);

      if (time_add_series (self, scenario, catalog, gpu, counts, &y_min, &y_max))
        networks[rp_chart_data_get_n_series (self) - 1] = time_network (scenario, catalog, gpu,
                                                                        counts);
      else if (gpu == estimate->gpu || gpu == also)
        {
          /* TRANSLATORS: the time chart's legend for a GPU that has no
           * line; %s is the GPU's name */
          g_autofree char *label = g_strdup_printf (_("%s · does not fit at any count"),
                                                    gpu_label (gpu));

          rp_chart_data_add_series (self, label);
          networks[rp_chart_data_get_n_series (self) - 1] = RP_NETWORK_NONE;
        }
    }

  networks_text = time_name_networks (self, networks);
  if (networks_text != NULL)
    /* TRANSLATORS: under the time chart's title: the networks that link
     * the servers where a point needs several; %s is "InfiniBand NDR" or
     * a list, "100 GbE, InfiniBand NDR" */
    detail = g_strdup_printf (_("between servers: %s"), networks_text);
  set_subtitle (self, scenario, detail);
  if (!isfinite (y_min))
    rp_chart_data_set_message (self, _("No GPU count fits this model in memory."));
  time_add_deadline (self, scenario, &y_min, &y_max);
  if (estimate->compute.days > 0 && estimate->memory.verdict != RP_VERDICT_DOES_NOT_FIT)
    rp_chart_data_add_marker (self, rp_scenario_n_gpus (scenario), estimate->compute.days,
                              _("This plan"));
  if (y_min > 0 && isfinite (y_min) && y_max / y_min > log_axis_ratio)
    rp_chart_data_set_log_scale (self, FALSE, TRUE);
  return self;
}

/* ---- cost ----------------------------------------------------------- */

/* The break-even marker where the rent curve crosses the buy curve. */
static void
cost_add_break_even (RpChartData          *self,
                     const RpCostEstimate *cost)
{
  double mf = cost->break_even_months;
  guint m0, m1;
  double t, y;
  g_autofree char *months = NULL;
  g_autofree char *label = NULL;

  if (!(mf >= 0 && mf <= cost->n_months))
    {
      rp_chart_data_add_rule (self, TRUE, cost->n_months, RP_CHART_INK_MUTED,
                              _("No break-even in this period"));
      return;
    }
  m0 = MIN ((guint) floor (mf), cost->n_months);
  m1 = MIN (m0 + 1, cost->n_months);
  t = mf - m0;
  y = rp_cost_rent_cumulative (cost, m0) * (1 - t) + rp_cost_rent_cumulative (cost, m1) * t;
  months = rp_chart_data_format_value (self, RP_CHART_UNIT_MONTHS, mf);
  /* TRANSLATORS: marks where buying has paid for itself; %s is a
   * duration, "9.3 months" */
  label = g_strdup_printf (_("Break-even: %s"), months);
  rp_chart_data_add_marker (self, mf, y, label);
}

static RpChartData *
cost_data_new (const RpScenario *scenario,
               const RpCatalog  *catalog,
               const RpEstimate *estimate)
{
  const RpCostEstimate *cost = &estimate->cost;
  g_autofree char *y_label = NULL;
  g_autofree char *pct = NULL;
  g_autofree char *detail = NULL;
  RpChartData *self;
  guint rent, buy;

  if (!cost->computed)
    return data_new_unavailable (RP_CHART_COST,
                                 _("The cost estimate is not available for this scenario."));
  if (cost->n_months == 0 || !cost->rent_available || !cost->buy_available)
    return data_new_unavailable (RP_CHART_COST,
                                 _("The cost estimate has no monthly curves."));

  /* TRANSLATORS: axis title; %s is a currency code such as USD or CNY */
  y_label = g_strdup_printf (_("Total cost (%s)"), rp_currency_to_string (cost->currency));
  self = rp_chart_data_new_empty (RP_CHART_COST, rp_chart_kind_get_title (RP_CHART_COST),
                                  _("Months"), y_label,
                                  RP_CHART_UNIT_MONTHS, RP_CHART_UNIT_MONEY);
  rp_chart_data_set_currency (self, cost->currency);
  pct = rp_units_format_percent (cost->utilization_pct, 0);
  /* TRANSLATORS: under the cost chart's title; %s is a percentage, "60 %" */
  detail = g_strdup_printf (_("at %s utilization"), pct);
  set_subtitle (self, scenario, detail);
  rent = rp_chart_data_add_series (self, _("Rent"));
  /* TRANSLATORS: the legend of the buy line, which drops at its last
   * month by the price the machines are sold for */
  buy = rp_chart_data_add_series (self, _("Buy (machines sold at the end: the line drops)"));
  for (guint m = 0; m <= cost->n_months; m++)
    {
      rp_chart_data_add_point (self, rent, m, rp_cost_rent_cumulative (cost, m));
      rp_chart_data_add_point (self, buy, m, rp_cost_buy_cumulative (cost, m));
    }
  cost_add_break_even (self, cost);
  return self;
}

/* ---- break-even ----------------------------------------------------- */

/* What break-even means here, and from which utilization buying pays
 * back within the period (core's break_even_utilization_pct). */
static char *
break_even_detail (const RpChartData    *self,
                   const RpCostEstimate *cost)
{
  g_autofree char *pct = NULL;
  /* TRANSLATORS: under the break-even chart's title: how its months are
   * counted */
  const char *meaning = _("payback: the months until the monthly saving against renting "
                          "repays the purchase, resale not counted");

  if (!(cost->break_even_utilization_pct > 0))
    return g_strdup (meaning);
  pct = rp_chart_data_format_value (self, RP_CHART_UNIT_PERCENT,
                                    ceil (cost->break_even_utilization_pct));
  /* TRANSLATORS: under the break-even chart's title; the first %s says
   * how its months are counted, the second is a percentage, "35 %" */
  return g_strdup_printf (_("%s · buying pays back in time only from %s utilization"),
                          meaning, pct);
}

static void
break_even_add_rules (RpChartData      *self,
                      const RpScenario *scenario,
                      const RpEstimate *estimate)
{
  double own_pct = estimate->cost.utilization_pct;
  double period = scenario->budget.years * 12;

  if (own_pct > 0)
    {
      g_autofree char *pct = rp_chart_data_format_value (self, RP_CHART_UNIT_PERCENT, own_pct);
      /* TRANSLATORS: a line on the break-even chart; %s is "60 %" */
      g_autofree char *label = g_strdup_printf (_("Your utilization: %s"), pct);

      rp_chart_data_add_rule (self, TRUE, own_pct, RP_CHART_INK_ACCENT, label);
    }
  if (period > 0)
    {
      g_autofree char *months = rp_chart_data_format_value (self, RP_CHART_UNIT_MONTHS, period);
      /* TRANSLATORS: a line on the break-even chart; %s is "36 months" */
      g_autofree char *label = g_strdup_printf (_("Depreciation period: %s"), months);

      rp_chart_data_add_rule (self, FALSE, period, RP_CHART_INK_MUTED, label);
    }
}

static RpChartData *
break_even_data_new (const RpScenario *scenario,
                     const RpCatalog  *catalog,
                     const RpEstimate *estimate)
{
  guint n = 100 / break_even_step_pct + 1;
  g_autofree double *pcts = g_new (double, n);
  g_autofree double *months = g_new (double, n);
  g_autofree char *detail = NULL;
  double y_min = INFINITY, y_max = 0;
  RpChartData *self;
  guint s;

  if (!estimate->cost.computed)
    return data_new_unavailable (RP_CHART_BREAK_EVEN,
                                 _("The cost estimate is not available for this scenario."));
  for (guint i = 0; i < n; i++)
    pcts[i] = i * break_even_step_pct;
  if (!rp_explore_break_even_by_utilization (scenario, catalog, estimate, pcts, n, months))
    return data_new_unavailable (RP_CHART_BREAK_EVEN,
                                 _("The cost estimate is not available for this scenario."));

  self = rp_chart_data_new_empty (RP_CHART_BREAK_EVEN,
                                  rp_chart_kind_get_title (RP_CHART_BREAK_EVEN),
                                  _("Utilization of the bought GPUs (%)"),
                                  _("Payback (months)"),
                                  RP_CHART_UNIT_PERCENT, RP_CHART_UNIT_MONTHS);
  /* TRANSLATORS: the legend of the break-even line: the months until the
   * monthly saving against renting has repaid the purchase; the resale
   * value is not counted */
  s = rp_chart_data_add_series (self, _("Payback (resale not counted)"));
  for (guint i = 0; i < n; i++)
    {
      /* never within the period: a gap in the line */
      double y = months[i] >= 0 && isfinite (months[i]) ? months[i] : NAN;

      rp_chart_data_add_point (self, s, pcts[i], y);
      if (isfinite (y))
        {
          y_min = MIN (y_min, y);
          y_max = MAX (y_max, y);
        }
    }
  if (!isfinite (y_min))
    rp_chart_data_set_message (self, _("Buying never pays back at any utilization."));
  detail = break_even_detail (self, &estimate->cost);
  set_subtitle (self, scenario, detail);
  break_even_add_rules (self, scenario, estimate);
  if (y_min > 0 && isfinite (y_min) && y_max / y_min > log_axis_ratio)
    rp_chart_data_set_log_scale (self, FALSE, TRUE);
  return self;
}

/* ---- public API ----------------------------------------------------- */

GPtrArray *
rp_chart_compared_gpus (const RpScenario *scenario,
                        const RpCatalog  *catalog,
                        const RpEstimate *estimate)
{
  g_return_val_if_fail (scenario != NULL && catalog != NULL && estimate != NULL, NULL);

  if (estimate->gpu == NULL)
    return g_ptr_array_new ();
  /* the VRAM and time charts' own pick */
  return rp_explore_pick_gpus (scenario, catalog, estimate->gpu,
                               estimate->memory.verdict != RP_VERDICT_DOES_NOT_FIT,
                               MAX_VRAM_GPUS);
}

RpChartData *
rp_chart_data_new (RpChartKind       kind,
                   const RpScenario *scenario,
                   const RpCatalog  *catalog,
                   const RpEstimate *estimate)
{
  return rp_chart_data_new_also (kind, scenario, catalog, estimate, NULL);
}

RpChartData *
rp_chart_data_new_also (RpChartKind       kind,
                        const RpScenario *scenario,
                        const RpCatalog  *catalog,
                        const RpEstimate *estimate,
                        const RpGpu      *also)
{
  g_return_val_if_fail (kind < RP_N_CHARTS, NULL);
  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (catalog != NULL, NULL);
  g_return_val_if_fail (estimate != NULL, NULL);

  switch (kind)
    {
    case RP_CHART_VRAM:
      return vram_data_new (scenario, catalog, estimate, also);
    case RP_CHART_TIME:
      return time_data_new (scenario, catalog, estimate, also);
    case RP_CHART_COST:
      return cost_data_new (scenario, catalog, estimate);
    case RP_CHART_BREAK_EVEN:
      return break_even_data_new (scenario, catalog, estimate);
    case RP_N_CHARTS:
    default:
      g_assert_not_reached ();
    }
}

/* ---- shared with the comparison's charts ----------------------------- */

guint
rp_chart_memory_n_parts (void)
{
  return G_N_ELEMENTS (memory_parts);
}

const char *
rp_chart_memory_part_label (guint part)
{
  g_return_val_if_fail (part < G_N_ELEMENTS (memory_parts), NULL);
  return _(memory_parts[part]);
}

double
rp_chart_memory_part_bytes (const RpMemoryEstimate *memory,
                            guint                   part)
{
  g_return_val_if_fail (memory != NULL, NAN);
  g_return_val_if_fail (part < G_N_ELEMENTS (memory_parts), NAN);
  return memory_part (memory, part);
}

GArray *
rp_chart_time_counts (const RpScenario *scenario)
{
  g_return_val_if_fail (scenario != NULL, NULL);
  return time_counts (scenario);
}

guint
rp_chart_break_even_step_pct (void)
{
  return break_even_step_pct;
}

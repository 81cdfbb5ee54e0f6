/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-words-plan.c: the plan in words: its question, rent or buy, the
 * assumptions, the inputs' values and origins, and the sources
 *
 * The PDF plan sets these sentences; the form shows the same origin
 * words under a price.  Every number goes through rp-units and comes
 * from the estimate: nothing here estimates. */

#include "config.h"

#include "rp-words.h"

#include "rp-age.h"
#include "rp-format.h"
#include "rp-gettext.h"
#include "rp-model.h"
#include "rp-prices.h"
#include "rp-scenario.h"
#include "rp-units.h"

#include <math.h>
#include <string.h>

/* ---- helpers -------------------------------------------------------- */

static char *
money (double     amount,
       RpCurrency currency)
{
  return rp_units_format_money (amount, currency);
}

/* "3", "1.5": a count of days or years without a needless ".0". */
static char *
short_number (double value)
{
  gboolean whole = fabs (value - round (value)) < 0.05;

  return rp_units_format_number (value, whole ? 0 : 1);
}

static char *
offer_name (const RpCloudOffer *o)
{
  return g_strdup_printf ("%s %s", o->provider, rp_cloud_offer_get_name (o));
}

static const char *
gpu_name (const RpScenario *scenario,
          const RpEstimate *est)
{
  return est->gpu != NULL ? est->gpu->name : scenario->hardware.gpu;
}

/* ---- the question --------------------------------------------------- */

static char *
model_name (const RpScenario *s,
            const RpCatalog  *catalog,
            const RpEstimate *est)
{
  const RpModelPreset *preset = NULL;

  if (s->model.preset != NULL && catalog != NULL)
    preset = rp_catalog_lookup_model (catalog, s->model.preset);
  if (preset != NULL)
    return g_strdup (preset->name);
  if (s->model.preset != NULL)
    return g_strdup (s->model.preset);
  /* TRANSLATORS: a model without a preset; %s is its kind ("Diffusion U-Net") */
  return g_strdup_printf (_("a custom %s model"),
                          rp_enum_info_get_label (&rp_model_kind_info, est->arch.kind));
}

char *
rp_words_question (const RpScenario *s,
                   const RpCatalog  *catalog,
                   const RpEstimate *est)
{
  g_autofree char *model = NULL;
  g_autofree char *params = NULL;
  g_autofree char *machine = NULL;
  const char *method;
  GString *out;

  g_return_val_if_fail (s != NULL && est != NULL, NULL);

  model = model_name (s, catalog, est);
  params = rp_units_format_count ((double) rp_model_params (&est->arch));
  method = rp_enum_info_get_label (&rp_method_info, s->training.method);
  machine = g_strdup_printf ("%u × %s", rp_scenario_n_gpus (s), gpu_name (s, est));
  out = g_string_new (NULL);
  switch (s->budget.acquire)
    {
    case RP_ACQUIRE_RENT:
      /* TRANSLATORS: the model, its parameter count, "8 × GPU", the method */
      g_string_append_printf (out, _("Can %s, with %s parameters, be trained on %s (%s), and "
                                     "what does renting the GPUs cost?"),
                              model, params, machine, method);
      break;
    case RP_ACQUIRE_BUY:
      /* TRANSLATORS: the model, its parameter count, "8 × GPU", the method */
      g_string_append_printf (out, _("Can %s, with %s parameters, be trained on %s (%s), and "
                                     "what does buying the machines cost?"),
                              model, params, machine, method);
      break;
    case RP_ACQUIRE_COMPARE:
    case RP_N_ACQUIRES:
    default:
      /* TRANSLATORS: the model, its parameter count, "8 × GPU", the method */
      g_string_append_printf (out, _("Can %s, with %s parameters, be trained on %s (%s), and "
                                     "should the machines be rented or bought?"),
                              model, params, machine, method);
      break;
    }
  if (!isnan (s->budget.deadline_days))
    {
      g_autofree char *days = short_number (s->budget.deadline_days);

      g_string_append_c (out, ' ');
      /* TRANSLATORS: %s is a number of days */
      g_string_append_printf (out, _("The run must finish within %s days."), days);
    }
  if (!isnan (s->budget.limit))
    {
      g_autofree char *limit = money (s->budget.limit, s->budget.currency);

      g_string_append_c (out, ' ');
      g_string_append_printf (out, _("The budget is %s."), limit);
    }
  if (!isnan (s->budget.capital_limit) && s->budget.acquire != RP_ACQUIRE_RENT)
    {
      g_autofree char *limit = money (s->budget.capital_limit, s->budget.currency);

      g_string_append_c (out, ' ');
      g_string_append_printf (out, _("A purchase may cost at most %s."), limit);
    }
  return g_string_free (out, FALSE);
}

/* ---- rent or buy ---------------------------------------------------- */

static void
append_rent (GString              *out,
             const char           *machine,
             const RpCostEstimate *c)
{
  g_autofree char *rate = money (c->rent_per_gpu_hour, c->currency);
  g_autofree char *where = c->prices.offer != NULL && c->prices.rent.origin == RP_PRICE_CATALOG
                           ? offer_name (c->prices.offer) : g_strdup (_("your price"));

  if (c->run_available)
    {
      g_autofree char *total = money (c->rent_total, c->currency);

      /* TRANSLATORS: the scenario's machine ("8 × GPU"), the rent of the run, the
       * price per GPU-hour, where it comes from */
      g_string_append_printf (out, _("On this scenario’s %s, renting costs %s for this run (%s "
                                     "per GPU-hour, %s)."), machine, total, rate, where);
    }
  else
    /* TRANSLATORS: the scenario's machine ("8 × GPU"), the price per GPU-hour, where
     * it comes from */
    g_string_append_printf (out, _("On this scenario’s %s, renting costs %s per GPU-hour (%s); "
                                   "the run’s cost needs its time."), machine, rate, where);
}

static void
append_buy (GString              *out,
            const RpCostEstimate *c)
{
  g_autofree char *capital = money (c->buy_capital, c->currency);
  g_autofree char *month = money (c->buy_per_month, c->currency);
  g_autofree char *utilization = rp_units_format_percent (c->utilization_pct, 0);
  g_autofree char *years = short_number (c->prices.years.value);

  if (out->len > 0)
    g_string_append_c (out, ' ');
  /* TRANSLATORS: capital, cost per month, utilization, depreciation years */
  g_string_append_printf (out, _("Buying takes %s of capital, then owning costs %s a month at "
                                 "%s utilization over %s years."),
                          capital, month, utilization, years);
}

static void
append_choice (GString              *out,
               const RpCostEstimate *c)
{
  g_autofree char *utilization = rp_units_format_percent (c->utilization_pct, 0);
  g_autofree char *years = short_number (c->prices.years.value);
  g_autofree char *need = rp_units_format_percent (ceil (c->break_even_utilization_pct), 0);

  g_string_append_c (out, ' ');
  /* the same test as the cost model's "rent-first" advice */
  if (c->break_even_utilization_pct < 0)
    g_string_append_printf (out, _("Rent: buying does not pay back within %s years even when "
                                   "the machines are always busy."), years);
  else if (c->utilization_pct < c->break_even_utilization_pct)
    /* TRANSLATORS: the scenario's utilization, then the utilization buying needs */
    g_string_append_printf (out, _("Rent: at %s utilization buying does not pay back; it needs "
                                   "%s or more."), utilization, need);
  else
    {
      g_autofree char *months = rp_units_format_number (c->break_even_months, 1);

      /* TRANSLATORS: utilization, payback months, the utilization buying needs */
      g_string_append_printf (out, _("Buy, if the machines will be busy %s of the time: buying "
                                     "pays back after %s months, and renting is cheaper below "
                                     "%s."), utilization, months, need);
    }
}

char *
rp_words_rent_or_buy (const RpScenario *scenario,
                      const RpEstimate *est)
{
  const RpCostEstimate *c;
  g_autofree char *machine = NULL;
  GString *out;

  g_return_val_if_fail (scenario != NULL && est != NULL, NULL);

  c = &est->cost;
  if (!c->computed || (!c->rent_available && !c->buy_available))
    return NULL;
  out = g_string_new (NULL);
  machine = g_strdup_printf ("%u × %s", rp_scenario_n_gpus (scenario), gpu_name (scenario, est));
  if (c->rent_available)
    append_rent (out, machine, c);
  if (c->buy_available)
    append_buy (out, c);
  if (c->rent_available && c->buy_available)
    append_choice (out, c);
  return g_string_free (out, FALSE);
}

char *
rp_words_break_even (const RpCostEstimate *c)
{
  g_autofree char *utilization = NULL;

  g_return_val_if_fail (c != NULL, NULL);

  if (!c->computed || !c->rent_available || !c->buy_available)
    return NULL;
  utilization = rp_units_format_percent (c->utilization_pct, 0);
  if (c->break_even_months < 0)
    {
      g_autofree char *years = short_number (c->prices.years.value);

      /* TRANSLATORS: depreciation years, then the utilization */
      return g_strdup_printf (_("Buying does not pay back within %s years at %s utilization: "
                                "what renting the same GPU-hours would cost each month never "
                                "repays the capital."), years, utilization);
    }
  {
    g_autofree char *months = rp_units_format_number (c->break_even_months, 1);

    /* TRANSLATORS: the payback months, then the utilization */
    return g_strdup_printf (_("Payback of buying: %s months. That is when the monthly saving "
                              "of owning over renting the same GPU-hours at %s utilization "
                              "has repaid the capital; the resale value is not counted."),
                            months, utilization);
  }
}

/* ---- assumptions ---------------------------------------------------- */

static void
add_sentence (GPtrArray *out,
              char      *sentence)
{
  g_ptr_array_add (out, sentence);
}

static void
compute_assumptions (GPtrArray        *out,
                     const RpScenario *s,
                     const RpEstimate *est)
{
  const RpComputeEstimate *c = &est->compute;
  g_autofree char *mfu = rp_units_format_percent (100 * c->mfu, 0);
  g_autofree char *peak = rp_units_format_number (c->peak_tflops, 0);

  if (c->mfu_overridden)
    add_sentence (out, g_strdup_printf (_("Throughput assumes the model FLOPs utilization "
                                          "(MFU) you set: %s."), mfu));
  else
    /* TRANSLATORS: %s is a percentage */
    add_sentence (out, g_strdup_printf (_("Throughput assumes %s model FLOPs utilization "
                                          "(MFU), from Rigplan’s utilization model for this "
                                          "GPU, model width and parallel split."), mfu));
  if (c->peak_tflops > 0)
    /* TRANSLATORS: GPU name, TFLOP/s, precision */
    add_sentence (out, g_strdup_printf (_("Each %s computes at most %s TFLOP/s in %s, the "
                                          "catalog’s dense peak."), gpu_name (s, est), peak,
                                        rp_enum_info_get_label (&rp_precision_info,
                                                                s->training.precision)));
}

static void
buy_assumptions (GPtrArray        *out,
                 const RpScenario *s,
                 const RpCostEstimate *c)
{
  const RpBudget *b = &s->budget;
  g_autofree char *utilization = rp_units_format_percent (b->utilization_pct, 0);
  g_autofree char *years = short_number (c->prices.years.value);
  g_autofree char *residual = rp_units_format_percent (b->residual_pct, 0);
  g_autofree char *maintenance = rp_units_format_percent (b->maintenance_pct_year, 1);
  g_autofree char *ops = money (b->ops_cost_year, b->currency);
  g_autofree char *colocation = money (b->colocation_per_month, b->currency);
  g_autofree char *capital = rp_units_format_percent (b->cost_of_capital_pct, 1);

  /* TRANSLATORS: utilization, years, resale value in % */
  add_sentence (out, g_strdup_printf (_("A bought machine is busy %s of the time over %s years, "
                                        "then sells for %s of its price."),
                                      utilization, years, residual));
  /* TRANSLATORS: maintenance %, operations per year, colocation per month, interest % */
  add_sentence (out, g_strdup_printf (_("Owning adds maintenance of %s of the price a year, "
                                        "operations of %s a year, colocation of %s a month and "
                                        "a cost of capital of %s a year."),
                                      maintenance, ops, colocation, capital));
}

static void
energy_assumptions (GPtrArray            *out,
                    const RpScenario     *s,
                    const RpCostEstimate *c)
{
  g_autofree char *kwh = rp_units_format_number (c->prices.power.value, 3);
  g_autofree char *pue = rp_units_format_number (c->prices.pue.value, 2);
  g_autofree char *co2 = rp_units_format_number (s->budget.grid_kg_co2_per_kwh, 3);

  /* TRANSLATORS: currency symbol and price per kWh, PUE, kg CO₂ per kWh */
  add_sentence (out, g_strdup_printf (_("Electricity costs %s%s per kWh at a PUE of %s, and "
                                        "the grid emits %s kg CO₂ per kWh. Energy counts the "
                                        "training load only, not idle hours."),
                                      rp_units_currency_symbol (c->currency), kwh, pue, co2));
}

char **
rp_words_assumptions (const RpScenario *s,
                      const RpEstimate *est)
{
  GPtrArray *out;
  g_autofree char *headroom = NULL;

  g_return_val_if_fail (s != NULL && est != NULL, NULL);

  out = g_ptr_array_new ();
  headroom = rp_units_format_percent (s->hardware.headroom_pct, 0);
  /* TRANSLATORS: the required share of free VRAM */
  add_sentence (out, g_strdup_printf (_("%s of each GPU’s memory must stay free (the required "
                                        "headroom)."), headroom));
  if (est->compute.computed)
    compute_assumptions (out, s, est);
  if (est->cost.computed && est->cost.buy_available)
    buy_assumptions (out, s, &est->cost);
  if (est->cost.computed && est->cost.energy_available)
    energy_assumptions (out, s, &est->cost);
  if (est->cost.computed)
    {
      g_autofree char *rate = rp_units_format_number (est->cost.prices.usd_to_cny.value, 4);

      /* TRANSLATORS: the currency's code, then CNY per USD */
      add_sentence (out, g_strdup_printf (_("Money is in %s; prices in the other currency are "
                                            "converted at %s CNY per USD."),
                                          rp_currency_to_string (est->cost.currency), rate));
    }
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

/* ---- inputs --------------------------------------------------------- */

char *
rp_words_price_where (const RpPrices *p,
                      const RpPrice  *price)
{
  g_return_val_if_fail (p != NULL && price != NULL, NULL);

  if (price == &p->rent && p->offer != NULL)
    return offer_name (p->offer);
  if (price == &p->power && p->power_region != NULL)
    return g_strdup (rp_words_region_name (p->power_region));
  if (price == &p->pue && price->origin == RP_PRICE_CATALOG && p->region != NULL)
    return g_strdup (rp_words_region_name (p->region));
  return NULL;
}

/* Money goes stale; a PUE or a period does not (rp_words_price_origin). */
static gboolean
is_money (const RpField  *f,
          const RpPrices *p,
          const RpPrice  *price)
{
  return (f->flags & RP_FIELD_MONEY) != 0 || price == &p->usd_to_cny;
}

static char *
string_value (const RpField    *f,
              const char       *text,
              const RpCatalog  *catalog)
{
  if (text == NULL)
    return g_strdup ((f->flags & RP_FIELD_NULLABLE) != 0 ? rp_field_get_null_label (f) : "—");
  if (catalog != NULL && f->ref == RP_FIELD_REF_GPU)
    {
      const RpGpu *gpu = rp_catalog_lookup_gpu (catalog, text);

      return g_strdup (gpu != NULL ? gpu->name : text);
    }
  if (catalog != NULL && f->ref == RP_FIELD_REF_MODEL)
    {
      const RpModelPreset *m = rp_catalog_lookup_model (catalog, text);

      return g_strdup (m != NULL ? m->name : text);
    }
  if (catalog != NULL && f->ref == RP_FIELD_REF_REGION)
    {
      const RpRegion *r = rp_catalog_lookup_region (catalog, text);

      return g_strdup (r != NULL ? rp_words_region_name (r) : text);
    }
  if (catalog != NULL && f->ref == RP_FIELD_REF_OFFER)
    {
      const RpCloudOffer *o = rp_catalog_lookup_cloud (catalog, text);

      return o != NULL ? offer_name (o) : g_strdup (text);
    }
  return g_strdup (text);
}

char *
rp_words_field_value (const RpField    *f,
                      gconstpointer     base,
                      const RpScenario *scenario,
                      const RpCatalog  *catalog)
{
  double value;

  g_return_val_if_fail (f != NULL && base != NULL && scenario != NULL, NULL);

  if (f->type == RP_FIELD_STRING)
    return string_value (f, *(char *const *) ((const guint8 *) base + f->offset), catalog);
  value = rp_field_get_number (f, base);
  if (isnan (value))
    return g_strdup ((f->flags & RP_FIELD_NULLABLE) != 0 ? rp_field_get_null_label (f) : "—");
  if (f->type == RP_FIELD_BOOL)
    return g_strdup (value != 0 ? _("yes") : _("no"));
  if (f->choices != NULL)
    return g_strdup (rp_enum_info_get_label (f->choices, (guint) value));
  if (f->unit == RP_UNIT_MILLION_PARAMS)
    return rp_units_format_count (value);
  return rp_unit_format_value (f->unit, value, f->digits, scenario->budget.currency);
}

static char *
capitalize_first (const char *text)
{
  gunichar first = g_utf8_get_char (text);
  char upper[8];
  int len = g_unichar_to_utf8 (g_unichar_toupper (first), upper);

  upper[len] = '\0';
  return g_strconcat (upper, g_utf8_next_char (text), NULL);
}

static char *
arch_origin (const RpField    *f,
             const RpScenario *s,
             const RpCatalog  *catalog)
{
  const RpModelPreset *preset = s->model.preset != NULL && catalog != NULL
                                ? rp_catalog_lookup_model (catalog, s->model.preset) : NULL;

  if ((s->model.overridden & f->arch_bit) != 0 || preset == NULL)
    return g_strdup (_("Yours"));
  /* TRANSLATORS: an architecture value from a model preset: its name, its date */
  return g_strdup_printf (_("From the preset %s, %s"), preset->name,
                          preset->as_of != NULL ? preset->as_of : "?");
}

/* A null field the estimate filled in: its value, or NULL. */
static char *
resolved_null (const RpField    *f,
               const RpScenario *s,
               const RpEstimate *est,
               const RpPrice    *price)
{
  if (price != NULL && price->origin != RP_PRICE_UNKNOWN && isfinite (price->value))
    return rp_unit_format_value (f->unit, price->value, f->digits, s->budget.currency);
  if (f->ref == RP_FIELD_REF_OFFER && est->cost.computed && est->cost.prices.offer != NULL)
    return offer_name (est->cost.prices.offer);
  if (g_str_equal (f->key, "hardware.mfu_override") && est->compute.computed)
    return rp_units_format_percent (100 * est->compute.mfu, 1);
  return NULL;
}

void
rp_words_input (const RpField    *f,
                const RpScenario *s,
                const RpCatalog  *catalog,
                const RpEstimate *est,
                GDate            *today,
                char            **value,
                char            **origin)
{
  gconstpointer base;
  const RpPrice *price;
  char *filled;

  g_return_if_fail (f != NULL && s != NULL && est != NULL && value != NULL && origin != NULL);

  base = f->arch_bit != 0 ? (gconstpointer) &est->arch : (gconstpointer) s;
  price = est->cost.computed ? rp_prices_for_field (&est->cost.prices, f) : NULL;
  *origin = NULL;
  if (f->arch_bit != 0)
    {
      /* 0 parameters counts them from the architecture */
      *value = f->unit == RP_UNIT_MILLION_PARAMS
               ? rp_units_format_count ((double) rp_model_params (&est->arch))
               : rp_words_field_value (f, base, s, catalog);
      *origin = arch_origin (f, s, catalog);
      return;
    }
  if (!rp_field_is_null (f, base))
    {
      *value = rp_words_field_value (f, base, s, catalog);
      *origin = g_strdup (_("Yours"));
      return;
    }
  filled = resolved_null (f, s, est, price);
  if (filled == NULL)
    {
      *value = rp_words_field_value (f, base, s, catalog);
      return;
    }
  *value = filled;
  if (price != NULL || f->ref == RP_FIELD_REF_OFFER)
    {
      const RpPrices *p = &est->cost.prices;
      const RpPrice *shown = price != NULL ? price : &p->rent;
      g_autofree char *where = rp_words_price_where (p, shown);

      *origin = rp_words_price_origin (shown, where, is_money (f, p, shown), today);
    }
  else
    *origin = capitalize_first (rp_field_get_null_label (f));
}

/* ---- sources -------------------------------------------------------- */

char *
rp_words_price_age (const char *as_of,
                    GDate      *today)
{
  double months = 0;
  g_autofree char *count = NULL;
  char date[16];

  if (as_of == NULL || today == NULL || !rp_price_is_stale (as_of, today) ||
      !rp_as_of_months (as_of, today, &months))
    return NULL;
  g_date_strftime (date, sizeof date, "%Y-%m-%d", today);
  if (rp_as_of_is_future (as_of, today))
    /* TRANSLATORS: a price's date, then today's: the date cannot be right */
    return g_strdup_printf (_("dated %s, after today (%s): the date is wrong, so the price may "
                              "be stale; check the source"), as_of, date);
  count = rp_units_format_number (floor (months), 0);
  /* TRANSLATORS: months, then today's date: a price older than six months */
  return g_strdup_printf (_("%s months old on %s: the price may be stale; check the source"),
                          count, date);
}

static void
add_source (GPtrArray  *out,
            const char *what,
            const char *name,
            const char *source,
            const char *as_of,
            gboolean    price,
            GDate      *today)
{
  RpWordsSource *src;

  if (source == NULL || *source == '\0')
    return;
  for (guint i = 0; i < out->len; i++)
    {
      RpWordsSource *old = g_ptr_array_index (out, i);

      if (g_strcmp0 (old->what, what) == 0 && g_strcmp0 (old->name, name) == 0 &&
          g_strcmp0 (old->source, source) == 0)
        return;
    }
  src = g_new0 (RpWordsSource, 1);
  src->what = g_strdup (what);
  src->name = g_strdup (name);
  src->source = g_strdup (source);
  src->as_of = g_strdup (as_of);
  src->note = price ? rp_words_price_age (as_of, today) : NULL;
  g_ptr_array_add (out, src);
}

static void
add_price_source (GPtrArray     *out,
                  const char    *key,
                  const RpPrice *p,
                  const char    *name,
                  GDate         *today)
{
  const RpField *f = rp_fields_lookup (key);

  if (p->origin != RP_PRICE_CATALOG && p->origin != RP_PRICE_DEFAULT)
    return;
  /* money goes stale; a PUE, a period or a failure rate does not */
  add_source (out, rp_field_get_label (f), name, p->source, p->as_of,
              (f->flags & RP_FIELD_MONEY) != 0 || g_str_equal (key, "budget.usd_to_cny"), today);
}

static void
add_price_sources (GPtrArray        *out,
                   const RpEstimate *est,
                   GDate            *today)
{
  const RpPrices *p = &est->cost.prices;
  g_autofree char *offer = p->offer != NULL ? offer_name (p->offer) : NULL;
  g_autofree char *power_where = rp_words_price_where (p, &p->power);
  g_autofree char *pue_where = rp_words_price_where (p, &p->pue);

  add_price_source (out, "budget.rent_price_per_gpu_hour", &p->rent, offer, today);
  add_price_source (out, "budget.gpu_price", &p->gpu, est->gpu != NULL ? est->gpu->name : NULL,
                    today);
  add_price_source (out, "budget.server_price", &p->server, NULL, today);
  add_price_source (out, "budget.network_price", &p->network, NULL, today);
  add_price_source (out, "budget.power_price_kwh", &p->power, power_where, today);
  add_price_source (out, "budget.pue", &p->pue, pue_where, today);
  add_price_source (out, "budget.years", &p->years, NULL, today);
  add_price_source (out, "budget.usd_to_cny", &p->usd_to_cny, NULL, today);
  add_price_source (out, "budget.failure_pct_year", &p->failure, NULL, today);
}

GPtrArray *
rp_words_sources (const RpScenario *s,
                  const RpCatalog  *catalog,
                  const RpEstimate *est,
                  const GPtrArray  *compared,
                  GDate            *today)
{
  GPtrArray *out;
  const RpModelPreset *preset = NULL;

  g_return_val_if_fail (s != NULL && est != NULL, NULL);

  out = g_ptr_array_new_with_free_func ((GDestroyNotify) rp_words_source_free);
  if (s->model.preset != NULL && catalog != NULL)
    preset = rp_catalog_lookup_model (catalog, s->model.preset);
  if (preset != NULL)
    add_source (out, _("Model architecture"), preset->name, preset->source, preset->as_of,
                FALSE, today);
  if (est->gpu != NULL)
    add_source (out, _("GPU specifications"), est->gpu->name, est->gpu->source,
                est->gpu->as_of, FALSE, today);
  if (est->cost.computed)
    add_price_sources (out, est, today);
  for (guint i = 0; compared != NULL && i < compared->len; i++)
    {
      const RpGpu *gpu = g_ptr_array_index (compared, i);

      if (gpu != est->gpu)
        add_source (out, _("GPU specifications"), gpu->name, gpu->source, gpu->as_of, FALSE,
                    today);
    }
  return out;
}

void
rp_words_source_free (RpWordsSource *source)
{
  if (source == NULL)
    return;
  g_free (source->what);
  g_free (source->name);
  g_free (source->source);
  g_free (source->as_of);
  g_free (source->note);
  g_free (source);
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-purchases.c: what can be bought, in which machine, and where
 * (servers.json, market.json, and the server and GPU prices of
 * rp-prices.c)
 *
 * Expected values come from the bundled files, each quoted beside it
 * with its source: the DGX H100 non-GPU bill of materials (32,010 USD,
 * SemiAnalysis via Epoch, 2023-05), a 3-card workstation's parts less
 * its cards (6,200 − 3,570 = 2,630 USD, Curtis Northcutt's receipt of
 * 2019-01-31), the US licence requirement for A100s to China
 * (2022-08-26), the H20's licence halt (2025-04-14), licensed resumption
 * (2025-08-11) and production halt (2025-08-22), and NVIDIA's store
 * ending the RTX 3000 series (2023-03). */

#include "config.h"

#include "rp-age.h"
#include "rp-catalog.h"
#include "rp-error.h"
#include "rp-market.h"
#include "rp-prices.h"
#include "rp-scenario.h"
#include "rp-test-core.h"
#include "rp-words.h"

#include <math.h>
#include <string.h>

static RpCatalog *catalog;

/* pricing.json: the DGX H100 non-GPU BOM per GPU slot (32,010 / 8) */
static const double rule_per_slot_usd = 4001.25;

/* ---- helpers -------------------------------------------------------- */

static void
assert_near (double value,
             double expected)
{
  g_assert_cmpfloat_with_epsilon (value, expected, 1e-6 * MAX (1, fabs (expected)));
}

static const RpGpu *
gpu (const char *id)
{
  const RpGpu *g = rp_catalog_lookup_gpu (catalog, id);

  g_assert_nonnull (g);
  return g;
}

/* The prices of @n_per_node × @gpu_id on @nodes nodes, bought in
 * @condition, in @currency (USD at the catalog's rate), in @region. */
static void
prices_of (const char  *gpu_id,
           guint        per_node,
           guint        nodes,
           RpCondition  condition,
           RpCurrency   currency,
           const char  *region,
           RpPrices    *out)
{
  g_autoptr(RpScenario) s = rp_scenario_new ();

  rp_scenario_set_gpu (s, gpu_id);
  s->hardware.gpus_per_node = per_node;
  s->hardware.nodes = nodes;
  s->budget.condition = condition;
  s->budget.currency = currency;
  rp_scenario_set_region (s, region);
  rp_prices_resolve (s, catalog, gpu (gpu_id), 0, out);
}

static void
check_provenance (const char *what,
                  const char *id,
                  const char *source,
                  const char *as_of)
{
  g_autoptr(GDate) today = g_date_new_dmy (1, G_DATE_DECEMBER, 2026);
  double months = 0;

  if (source == NULL || strlen (source) < 8 || !rp_as_of_months (as_of, today, &months) ||
      months < 0)
    g_error ("%s “%s”: needs a source and an as_of not after today", what, id);
}

/* ---- shapes --------------------------------------------------------- */

/* SXM parts come on 4- or 8-GPU HGX baseboards (NVIDIA, "Introducing
 * NVIDIA HGX H100"): two H100 SXM cannot be bought, four or eight can. */
static void
test_sxm_on_baseboards (void)
{
  const RpServerShape *shape = NULL;
  g_autofree guint *counts = NULL;
  guint n = 0;

  counts = rp_catalog_purchasable_counts (catalog, "h100-sxm", &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (counts[0], ==, 4);
  g_assert_cmpuint (counts[1], ==, 8);

  g_assert_cmpint (rp_catalog_shape_for (catalog, "h100-sxm", 8, 1, &shape), ==, RP_SHAPE_FIT_OK);
  g_assert_cmpstr (shape->id, ==, "hgx-h100-8");
  g_assert_cmpint (shape->kind, ==, RP_SHAPE_BASEBOARD);
  g_assert_true (rp_server_shape_allows (shape, 8));
  g_assert_false (rp_server_shape_allows (shape, 2));

  /* two: not sold; the machine one would have to buy is the 4-GPU board */
  g_assert_cmpint (rp_catalog_shape_for (catalog, "h100-sxm", 2, 1, &shape), ==,
                   RP_SHAPE_FIT_NOT_SOLD);
  g_assert_cmpstr (shape->id, ==, "hgx-h100-4");
  g_assert_cmpuint (rp_catalog_purchasable_gpus_per_node (catalog, "h100-sxm", 2), ==, 4);
  g_assert_cmpuint (rp_catalog_purchasable_gpus_per_node (catalog, "h100-sxm", 8), ==, 8);
  g_assert_cmpuint (rp_catalog_purchasable_gpus_per_node (catalog, "h100-sxm", 16), ==, 0);

  /* MI300X and Gaudi: 8-OAM boards only */
  g_assert_cmpint (rp_catalog_shape_for (catalog, "mi300x", 1, 1, NULL), ==,
                   RP_SHAPE_FIT_NOT_SOLD);
  g_assert_cmpuint (rp_catalog_purchasable_gpus_per_node (catalog, "mi300x", 1), ==, 8);
  g_assert_cmpuint (rp_catalog_purchasable_gpus_per_node (catalog, "gaudi2", 2), ==, 8);
  g_assert_cmpuint (rp_catalog_purchasable_gpus_per_node (catalog, "ascend-910b", 4), ==, 8);
}

/* The Grace Blackwell superchip is sold as whole NVL72 racks only. */
static void
test_gb200_rack_only (void)
{
  g_autoptr(GPtrArray) shapes = rp_catalog_server_shapes_for_gpu (catalog, "gb200-per-gpu");
  const RpServerShape *rack;
  const RpServerShape *shape = NULL;

  g_assert_cmpuint (shapes->len, ==, 1);
  rack = g_ptr_array_index (shapes, 0);
  g_assert_cmpint (rack->kind, ==, RP_SHAPE_RACK);
  g_assert_cmpuint (rack->n_counts, ==, 1);
  g_assert_cmpuint (rack->counts[0], ==, 72);
  g_assert_cmpint (rp_catalog_shape_for (catalog, "gb200-per-gpu", 8, 1, &shape), ==,
                   RP_SHAPE_FIT_NOT_SOLD);
  g_assert_true (shape == rack);
  g_assert_cmpuint (rp_catalog_purchasable_gpus_per_node (catalog, "gb200-per-gpu", 8), ==, 72);
}

/* GeForce cards: a workstation for 1–4, a rack server up to 8 and for a
 * cluster; datacenter PCIe cards: 1, 2, 4 or 8. */
static void
test_pcie_shapes (void)
{
  const RpServerShape *shape = NULL;
  g_autofree guint *counts = NULL;
  guint n = 0;

  g_assert_cmpint (rp_catalog_shape_for (catalog, "rtx-3090", 1, 1, &shape), ==, RP_SHAPE_FIT_OK);
  g_assert_cmpstr (shape->id, ==, "workstation-4");
  g_assert_cmpint (rp_catalog_shape_for (catalog, "rtx-4090", 8, 1, &shape), ==, RP_SHAPE_FIT_OK);
  g_assert_cmpstr (shape->id, ==, "server-8-consumer");
  /* four per node in a cluster: rack servers, not towers */
  g_assert_cmpint (rp_catalog_shape_for (catalog, "rtx-4090", 4, 2, &shape), ==, RP_SHAPE_FIT_OK);
  g_assert_cmpstr (shape->id, ==, "server-8-consumer");

  counts = rp_catalog_purchasable_counts (catalog, "a100-80gb-pcie", &n);
  g_assert_cmpuint (n, ==, 4);
  g_assert_cmpuint (counts[0], ==, 1);
  g_assert_cmpuint (counts[1], ==, 2);
  g_assert_cmpuint (counts[2], ==, 4);
  g_assert_cmpuint (counts[3], ==, 8);
  g_assert_cmpuint (rp_catalog_purchasable_gpus_per_node (catalog, "a100-80gb-pcie", 3), ==, 4);

  /* a GPU no shape names: nothing known, nothing ruled out */
  g_assert_null (rp_catalog_purchasable_counts (catalog, "no-such-gpu", &n));
  g_assert_cmpuint (n, ==, 0);
  g_assert_cmpuint (rp_catalog_purchasable_gpus_per_node (catalog, "no-such-gpu", 3), ==, 3);
  g_assert_cmpint (rp_catalog_shape_for (catalog, "no-such-gpu", 3, 1, &shape), ==,
                   RP_SHAPE_FIT_UNKNOWN);
  g_assert_null (shape);
}

/* ---- platform prices ------------------------------------------------ */

/* One RTX 3090 is bought in a workstation whose parts cost 2,630 USD
 * (Northcutt, 2019-01-31), not as one eighth of a DGX H100's BOM. */
static void
test_workstation_platform (void)
{
  RpPrices p;

  prices_of ("rtx-3090", 1, 1, RP_CONDITION_USED, RP_CURRENCY_USD, NULL, &p);
  g_assert_nonnull (p.shape);
  g_assert_cmpstr (p.shape->id, ==, "workstation-4");
  g_assert_cmpint (p.shape_fit, ==, RP_SHAPE_FIT_OK);
  g_assert_cmpint (p.server.origin, ==, RP_PRICE_CATALOG);
  assert_near (p.server.value, 2630);
  g_assert_nonnull (strstr (p.server.source, "curtisnorthcutt"));
  g_assert_cmpstr (p.server.as_of, ==, "2019-01-31");
  g_assert_cmpfloat (p.server.value, !=, rule_per_slot_usd);

  /* the same workstation for four cards: one platform, not 4 × 4,001.25 */
  prices_of ("rtx-4090", 4, 1, RP_CONDITION_USED, RP_CURRENCY_USD, NULL, &p);
  assert_near (p.server.value, 2630);
}

/* Eight H100 SXM: the HGX server's platform, the DGX H100's non-GPU BOM
 * of 32,010 USD, from the catalog.  Four A100 SXM: the HGX A100 4-GPU
 * server has no public price, so the pricing.json rule stands in,
 * marked as a default.  Two H100 SXM: not a shape that is sold. */
static void
test_baseboard_platform (void)
{
  RpPrices p;

  prices_of ("h100-sxm", 8, 1, RP_CONDITION_NEW, RP_CURRENCY_USD, NULL, &p);
  g_assert_cmpstr (p.shape->id, ==, "hgx-h100-8");
  g_assert_cmpint (p.server.origin, ==, RP_PRICE_CATALOG);
  assert_near (p.server.value, 32010);
  g_assert_cmpstr (p.server.as_of, ==, "2023-05");

  prices_of ("a100-80gb-sxm", 4, 1, RP_CONDITION_NEW, RP_CURRENCY_USD, NULL, &p);
  g_assert_cmpstr (p.shape->id, ==, "hgx-a100-4");
  g_assert_cmpint (p.shape_fit, ==, RP_SHAPE_FIT_OK);
  g_assert_cmpint (p.server.origin, ==, RP_PRICE_DEFAULT);
  assert_near (p.server.value, 4 * rule_per_slot_usd);

  prices_of ("h100-sxm", 2, 1, RP_CONDITION_NEW, RP_CURRENCY_USD, NULL, &p);
  g_assert_cmpint (p.shape_fit, ==, RP_SHAPE_FIT_NOT_SOLD);
  g_assert_cmpstr (p.shape->id, ==, "hgx-h100-4");

  /* the planner's bound is the same platform */
  {
    g_autoptr(RpScenario) s = rp_scenario_new ();

    s->budget.currency = RP_CURRENCY_USD;
    assert_near (rp_prices_node_platform (s, catalog, gpu ("h100-sxm"), 8, 1), 32010);
    assert_near (rp_prices_node_platform (s, catalog, gpu ("rtx-3090"), 1, 1), 2630);
  }
}

/* ---- the market ----------------------------------------------------- */

static void
test_market_for (void)
{
  g_assert_cmpstr (rp_catalog_market_for (catalog, "cn-beijing", RP_CURRENCY_USD)->id, ==, "cn");
  g_assert_cmpstr (rp_catalog_market_for (catalog, "us", RP_CURRENCY_CNY)->id, ==, "global");
  g_assert_cmpstr (rp_catalog_market_for (catalog, NULL, RP_CURRENCY_CNY)->id, ==, "cn");
  g_assert_cmpstr (rp_catalog_market_for (catalog, NULL, RP_CURRENCY_USD)->id, ==, "global");
  g_assert_cmpstr (rp_catalog_market_for (catalog, "other", RP_CURRENCY_USD)->id, ==, "global");
}

/* A new A100 in China since 2022-08-26 (the US licence requirement):
 * only through grey channels; used cards change hands there. */
static void
test_a100_in_china (void)
{
  RpAvailability a;

  rp_catalog_availability (catalog, "a100-80gb-sxm", "cn", RP_CONDITION_NEW, "2026-12-01", &a);
  g_assert_cmpint (a.status, ==, RP_AVAILABILITY_GREY);
  g_assert_false (a.allowed);
  g_assert_nonnull (a.rule);
  g_assert_cmpstr (a.rule->id, ==, "us-2022-08-is-informed");
  g_assert_cmpstr (a.rule->date, ==, "2022-08-26");
  g_assert_cmpstr (a.entry->from, ==, "2022-08-26");
  g_assert_cmpstr (a.market->id, ==, "cn");

  rp_catalog_availability (catalog, "a100-80gb-sxm", "cn", RP_CONDITION_USED, "2026-12-01", &a);
  g_assert_true (a.allowed);

  /* before the rule the catalog says nothing: unknown, not "no" */
  rp_catalog_availability (catalog, "a100-80gb-sxm", "cn", RP_CONDITION_NEW, "2022-01-01", &a);
  g_assert_cmpint (a.status, ==, RP_AVAILABILITY_UNKNOWN);
  g_assert_true (a.allowed);
  g_assert_null (a.entry);

  /* elsewhere it is sold new (a reseller listing of 2025-03-03) */
  rp_catalog_availability (catalog, "a100-80gb-sxm", "global", RP_CONDITION_NEW, NULL, &a);
  g_assert_cmpint (a.status, ==, RP_AVAILABILITY_NEW);
  g_assert_true (a.allowed);
}

/* The H20 in China: sold from 2024-02; a licence needed from 2025-04-14;
 * licences with a 15 % fee from 2025-08-11; production halted on
 * 2025-08-22 after Beijing told firms to avoid it. */
static void
test_h20_dates (void)
{
  static const struct
  {
    const char           *date;
    RpAvailabilityStatus  status;
    const char           *rule;
  } steps[] = {
    { "2024-06-01", RP_AVAILABILITY_NEW, "us-2023-10-17" },
    { "2025-04-13", RP_AVAILABILITY_NEW, "us-2023-10-17" },
    { "2025-04-14", RP_AVAILABILITY_NOT_SOLD, "us-2025-04-h20-licence" },
    { "2025-08-15", RP_AVAILABILITY_NEW, "us-2025-08-15pct" },
    { "2025-09-01", RP_AVAILABILITY_NOT_SOLD, "nv-2025-08-22-h20-halt" },
    { NULL, RP_AVAILABILITY_NOT_SOLD, "nv-2025-08-22-h20-halt" },
  };
  RpAvailability a;

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      g_test_message ("H20 in China on %s", steps[i].date != NULL ? steps[i].date : "(newest)");
      rp_catalog_availability (catalog, "h20", "cn", RP_CONDITION_NEW, steps[i].date, &a);
      g_assert_cmpint (a.status, ==, steps[i].status);
      g_assert_nonnull (a.rule);
      g_assert_cmpstr (a.rule->id, ==, steps[i].rule);
    }
  rp_catalog_availability (catalog, "h20", "cn", RP_CONDITION_NEW, NULL, &a);
  g_assert_cmpstr (a.entry->from, ==, "2025-08-22");
  /* a China-only part */
  rp_catalog_availability (catalog, "h20", "global", RP_CONDITION_NEW, NULL, &a);
  g_assert_cmpint (a.status, ==, RP_AVAILABILITY_NOT_SOLD);
}

/* A new RTX 3090 has not been sold since 2023-03, in any market: it is
 * reported as not sold new, not priced; used, it is. */
static void
test_3090_not_sold_new (void)
{
  RpAvailability a;
  RpPrices p;

  for (guint m = 0; m < 2; m++)
    {
      rp_catalog_availability (catalog, "rtx-3090", m == 0 ? "cn" : "global", RP_CONDITION_NEW,
                               "2026-12-01", &a);
      g_assert_cmpint (a.status, ==, RP_AVAILABILITY_USED_ONLY);
      g_assert_false (a.allowed);
      g_assert_cmpstr (a.entry->from, ==, "2023-03");
    }
  rp_catalog_availability (catalog, "rtx-3090", "cn", RP_CONDITION_NEW, "2022-06-01", &a);
  g_assert_cmpint (a.status, ==, RP_AVAILABILITY_UNKNOWN);

  prices_of ("rtx-3090", 1, 1, RP_CONDITION_NEW, RP_CURRENCY_USD, NULL, &p);
  g_assert_cmpint (p.availability.status, ==, RP_AVAILABILITY_USED_ONLY);
  g_assert_cmpint (p.gpu.origin, ==, RP_PRICE_UNKNOWN);

  /* used, in yuan: 5,000 CNY (字母榜, 2024-07-07) */
  prices_of ("rtx-3090", 1, 1, RP_CONDITION_USED, RP_CURRENCY_CNY, "cn-beijing", &p);
  g_assert_true (p.availability.allowed);
  g_assert_cmpint (p.gpu.origin, ==, RP_PRICE_CATALOG);
  assert_near (p.gpu.original, 5000);
}

/* A new H100 for a buyer in China: grey, priced only by a yuan quote
 * for the card (there is none); in the US, the catalog's price. */
static void
test_grey_prices (void)
{
  RpPrices p;

  prices_of ("h100-sxm", 8, 1, RP_CONDITION_NEW, RP_CURRENCY_CNY, "cn-beijing", &p);
  g_assert_cmpint (p.availability.status, ==, RP_AVAILABILITY_GREY);
  g_assert_cmpint (p.gpu.origin, ==, RP_PRICE_UNKNOWN);

  prices_of ("h100-sxm", 8, 1, RP_CONDITION_NEW, RP_CURRENCY_CNY, "us", &p);
  g_assert_cmpint (p.availability.status, ==, RP_AVAILABILITY_NEW);
  g_assert_cmpint (p.gpu.origin, ==, RP_PRICE_CATALOG);

  /* a grey card with a yuan quote: the RTX 4090 at 22,559 (2025 listing) */
  prices_of ("rtx-4090", 1, 1, RP_CONDITION_NEW, RP_CURRENCY_CNY, "cn-beijing", &p);
  g_assert_cmpint (p.availability.status, ==, RP_AVAILABILITY_GREY);
  g_assert_cmpint (p.gpu.origin, ==, RP_PRICE_CATALOG);
  g_assert_cmpint (p.gpu.currency, ==, RP_CURRENCY_CNY);
  assert_near (p.gpu.original, 22559);

  /* the whole 8 × H100 server bought through grey channels (虎嗅, 2024-07) */
  {
    const RpPurchasePrice *q = rp_catalog_find_server_purchase (catalog, "h100-sxm", 8,
                                                                RP_CONDITION_NEW,
                                                                RP_CURRENCY_CNY);

    g_assert_nonnull (q);
    assert_near (q->price, 2700000);
    g_assert_true (q->platform_included);
    /* the newest 8 × H20 price is an HGX module's, without the server */
    q = rp_catalog_find_server_purchase (catalog, "h20", 8, RP_CONDITION_NEW, RP_CURRENCY_CNY);
    g_assert_cmpstr (q->id, ==, "h20-8x-module-2025");
    g_assert_false (q->platform_included);
    g_assert_null (rp_catalog_find_server_purchase (catalog, "h100-sxm", 4, RP_CONDITION_NEW,
                                                    RP_CURRENCY_CNY));
  }
}

/* GeForce drivers are not licensed for datacenters (GeForce licence,
 * section 2.1.3, since 2017-11-30). */
static void
test_geforce_licence (void)
{
  const RpLicenceTerm *term = rp_catalog_datacenter_licence (catalog, gpu ("rtx-4090"));

  g_assert_nonnull (term);
  g_assert_cmpstr (term->clause, ==, "2.1.3");
  g_assert_cmpstr (term->since, ==, "2017-11-30");
  g_assert_nonnull (strstr (term->text, "No Datacenter Deployment"));
  g_assert_true (rp_gpu_datacenter_licence_restricted (catalog, gpu ("rtx-3090")));
  g_assert_true (rp_gpu_datacenter_licence_restricted (catalog, gpu ("rtx-4090d-48gb")));
  g_assert_false (rp_gpu_datacenter_licence_restricted (catalog, gpu ("rtx-a6000")));
  g_assert_false (rp_gpu_datacenter_licence_restricted (catalog, gpu ("h100-sxm")));
}

/* The sentences name the GPU, the market, the date and who made the
 * rule; the cost model's "cannot be priced" says why. */
static void
test_words (void)
{
  RpAvailability a;
  RpPrices p;
  const RpServerShape *shape = NULL;
  RpShapeFit fit;
  g_autofree char *grey = NULL, *used = NULL, *fit_text = NULL, *licence = NULL;
  g_autofree char *unpriced = NULL;

  rp_catalog_availability (catalog, "a100-80gb-sxm", "cn", RP_CONDITION_NEW, NULL, &a);
  grey = rp_words_availability (&a, "A100", RP_CONDITION_NEW);
  g_assert_nonnull (strstr (grey, "A100"));
  g_assert_nonnull (strstr (grey, "2022-08-26"));
  g_assert_nonnull (strstr (grey, "China"));
  g_assert_nonnull (strstr (grey, "grey"));
  g_assert_nonnull (strstr (grey, a.rule->issuer));

  prices_of ("rtx-3090", 1, 1, RP_CONDITION_NEW, RP_CURRENCY_USD, NULL, &p);
  used = rp_words_availability (&p.availability, "RTX 3090", RP_CONDITION_NEW);
  g_assert_nonnull (strstr (used, "2023-03"));
  g_assert_nonnull (strstr (used, "used"));
  unpriced = rp_words_buy_unpriced (&p, "RTX 3090", RP_CONDITION_NEW);
  g_assert_nonnull (strstr (unpriced, "2023-03"));

  fit = rp_catalog_shape_for (catalog, "h100-sxm", 2, 1, &shape);
  fit_text = rp_words_shape_fit (catalog, gpu ("h100-sxm"), 2, fit, shape);
  g_assert_nonnull (strstr (fit_text, "4 or 8"));
  g_assert_nonnull (strstr (fit_text, "not 2"));
  g_assert_null (rp_words_shape_fit (catalog, gpu ("h100-sxm"), 8, RP_SHAPE_FIT_OK, NULL));

  licence = rp_words_licence (rp_catalog_datacenter_licence (catalog, gpu ("rtx-4090")),
                              "RTX 4090");
  g_assert_nonnull (strstr (licence, "2.1.3"));
  g_assert_cmpstr (rp_words_availability_label (RP_AVAILABILITY_RENT_ONLY), ==, "rented only");
}

/* ---- the files ------------------------------------------------------ */

/* The GPUs no shape is sourced for yet (the report names them). */
static const char *const gpus_without_shape[] = { "mi250x", "mi325x", NULL };

/* Every entry has a source and a date; every id it names exists. */
static void
test_sources (void)
{
  guint priced = 0;

  g_assert_cmpuint (rp_catalog_n_server_shapes (catalog), >=, 15);
  for (guint i = 0; i < rp_catalog_n_server_shapes (catalog); i++)
    {
      const RpServerShape *s = rp_catalog_get_server_shape (catalog, i);

      check_provenance ("shape", s->id, s->source, s->as_of);
      g_assert_nonnull (s->name_zh);
      for (guint g = 0; s->gpus[g] != NULL; g++)
        if (rp_catalog_lookup_gpu (catalog, s->gpus[g]) == NULL)
          g_error ("shape “%s”: no GPU “%s”", s->id, s->gpus[g]);
      for (guint p = 0; p < s->n_prices; p++)
        {
          check_provenance ("shape price", s->id, s->prices[p].source, s->prices[p].as_of);
          g_assert_nonnull (s->prices[p].source_kind);
          priced++;
        }
    }
  g_assert_cmpuint (priced, >=, 2);
  for (guint i = 0; i < rp_catalog_n_gpus (catalog); i++)
    {
      const RpGpu *g = rp_catalog_get_gpu (catalog, i);
      g_autoptr(GPtrArray) shapes = rp_catalog_server_shapes_for_gpu (catalog, g->id);

      if (shapes->len == 0 && !g_strv_contains (gpus_without_shape, g->id))
        g_error ("GPU “%s” is in no server shape", g->id);
    }

  g_assert_cmpuint (rp_catalog_n_markets (catalog), >=, 2);
  for (guint i = 0; i < rp_catalog_n_markets (catalog); i++)
    check_provenance ("market", rp_catalog_get_market (catalog, i)->id,
                      rp_catalog_get_market (catalog, i)->source,
                      rp_catalog_get_market (catalog, i)->as_of);
  g_assert_cmpuint (rp_catalog_n_market_rules (catalog), >=, 15);
  for (guint i = 0; i < rp_catalog_n_market_rules (catalog); i++)
    {
      const RpMarketRule *r = rp_catalog_get_market_rule (catalog, i);

      check_provenance ("rule", r->id, r->source, r->as_of);
      check_provenance ("rule date", r->id, r->source, r->date);
    }
  g_assert_cmpuint (rp_catalog_n_availability (catalog), >=, 30);
  for (guint i = 0; i < rp_catalog_n_availability (catalog); i++)
    {
      const RpAvailabilityEntry *e = rp_catalog_get_availability (catalog, i);

      check_provenance ("availability", e->id, e->source, e->as_of);
      check_provenance ("availability from", e->id, e->source, e->from);
      g_assert_nonnull (e->source_kind);
      if (e->rule != NULL && rp_catalog_lookup_market_rule (catalog, e->rule) == NULL)
        g_error ("availability “%s”: no rule “%s”", e->id, e->rule);
      if (e->market != NULL && rp_catalog_lookup_market (catalog, e->market) == NULL)
        g_error ("availability “%s”: no market “%s”", e->id, e->market);
      for (guint g = 0; e->gpus[g] != NULL; g++)
        if (rp_catalog_lookup_gpu (catalog, e->gpus[g]) == NULL)
          g_error ("availability “%s”: no GPU “%s”", e->id, e->gpus[g]);
    }
  g_assert_cmpuint (rp_catalog_n_licence_terms (catalog), >=, 1);
  for (guint i = 0; i < rp_catalog_n_licence_terms (catalog); i++)
    check_provenance ("licence", rp_catalog_get_licence_term (catalog, i)->id,
                      rp_catalog_get_licence_term (catalog, i)->source,
                      rp_catalog_get_licence_term (catalog, i)->as_of);
}

/* A user's file replaces an entry by its id; a file with one bad entry
 * adds nothing and names the key. */
static void
test_user_files (void)
{
  g_autoptr(RpCatalog) own = rp_test_load_bundled_catalog ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) good = NULL, bad = NULL;
  static const char good_text[] =
    "{ \"format\": \"rigplan-servers\", \"version\": 1, \"shapes\": [ {"
    "  \"id\": \"workstation-4\", \"name\": \"My tower\", \"kind\": \"workstation\","
    "  \"gpus\": [\"rtx-3090\"], \"counts\": [1, 2],"
    "  \"prices\": [ { \"currency\": \"CNY\", \"price\": 9000, \"source\": \"my shop's quote\","
    "                  \"as_of\": \"2026-11\" } ],"
    "  \"source\": \"my shop\", \"as_of\": \"2026-11\" } ] }";
  static const char bad_text[] =
    "{ \"format\": \"rigplan-market\", \"version\": 1, \"availability\": ["
    "  { \"id\": \"ok\", \"gpus\": [\"h20\"], \"from\": \"2027\", \"status\": \"new\","
    "    \"source\": \"somewhere\", \"as_of\": \"2026\" },"
    "  { \"id\": \"bad\", \"gpus\": [\"h20\"], \"from\": \"2027\", \"status\": \"maybe\","
    "    \"source\": \"somewhere\", \"as_of\": \"2026\" } ] }";
  guint before = rp_catalog_n_availability (own);
  const RpServerShape *shape;

  good = g_bytes_new_static (good_text, strlen (good_text));
  g_assert_true (rp_catalog_load_bytes (own, good, "user-servers.json", &error));
  g_assert_no_error (error);
  shape = rp_catalog_lookup_server_shape (own, "workstation-4");
  g_assert_cmpstr (shape->name, ==, "My tower");
  g_assert_true (rp_catalog_get_server_shape (own, 0) == shape);   /* kept in place */
  g_assert_cmpint (rp_server_shape_find_price (shape, RP_CURRENCY_CNY)->currency, ==,
                   RP_CURRENCY_CNY);
  g_assert_false (rp_server_shape_takes (shape, "rtx-4090"));

  bad = g_bytes_new_static (bad_text, strlen (bad_text));
  g_assert_false (rp_catalog_load_bytes (own, bad, "user-market.json", &error));
  g_assert_error (error, RP_ERROR, RP_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message, "availability[1].status"));
  g_assert_cmpuint (rp_catalog_n_availability (own), ==, before);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  catalog = rp_test_load_catalog ();

  g_test_add_func ("/purchases/sxm-on-baseboards", test_sxm_on_baseboards);
  g_test_add_func ("/purchases/gb200-rack-only", test_gb200_rack_only);
  g_test_add_func ("/purchases/pcie-shapes", test_pcie_shapes);
  g_test_add_func ("/purchases/workstation-platform", test_workstation_platform);
  g_test_add_func ("/purchases/baseboard-platform", test_baseboard_platform);
  g_test_add_func ("/purchases/market-for", test_market_for);
  g_test_add_func ("/purchases/a100-in-china", test_a100_in_china);
  g_test_add_func ("/purchases/h20-dates", test_h20_dates);
  g_test_add_func ("/purchases/3090-not-sold-new", test_3090_not_sold_new);
  g_test_add_func ("/purchases/grey-prices", test_grey_prices);
  g_test_add_func ("/purchases/geforce-licence", test_geforce_licence);
  g_test_add_func ("/purchases/words", test_words);
  g_test_add_func ("/purchases/sources", test_sources);
  g_test_add_func ("/purchases/user-files", test_user_files);
  status = g_test_run ();
  rp_catalog_unref (catalog);
  return status;
}

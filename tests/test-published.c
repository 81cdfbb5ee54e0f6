/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-published.c: Rigplan against published training runs
 *
 * Every case of tests/data/published/{throughput,heldout}.json has a
 * scenario file in tests/data/published/scenarios/, written by
 * tools/accuracy/accuracy.py (which also writes docs/accuracy.md; the
 * test "published-scenarios" fails when the files are stale).  Each
 * figure is compared in the source's own definition, as the script does.
 *
 * The bars: in-sample throughput (the runs mfu.json was fitted to) within
 * a median 15 %; the held-out ones (the fresh included) within a median
 * 10 % for tokens/s per GPU and 8 % for peak memory, whose median
 * signed error stays within ±3 % (the third round's targets, reached
 * once torchtitan's reserved memory counted FSDP2's stream pools and
 * the loss's freed logits, and compiled losses their 16-bit logits:
 * docs/accuracy.md).  The verdict holds the
 * memory band's high end to the headroom (rp-bands.c), so a plan that
 * says "fits" leaves room for that error. */

#include "config.h"

#include "rp-catalog.h"
#include "rp-estimate.h"
#include "rp-fix.h"
#include "rp-json-private.h"
#include "rp-scenario.h"
#include "rp-test-core.h"
#include "rp-units.h"

#include <math.h>
#include <string.h>

static const double in_sample_throughput_median = 0.15;
static const double held_out_throughput_median = 0.10;   /* round 3's target */
static const double held_out_memory_median = 0.08;   /* round 3's target */
static const double memory_bias_limit = 0.03;   /* |median signed error|, round 3's target */
static const guint min_in_sample = 50;
static const guint min_held_out = 24;

static RpCatalog *catalog;

/* ---- helpers -------------------------------------------------------- */

static double
number (const cJSON *obj,
        const char  *key)
{
  const cJSON *item = cJSON_GetObjectItemCaseSensitive (obj, key);

  return cJSON_IsNumber (item) ? item->valuedouble : 0;
}

static const char *
string (const cJSON *obj,
        const char  *key)
{
  const cJSON *item = cJSON_GetObjectItemCaseSensitive (obj, key);

  return cJSON_IsString (item) ? item->valuestring : NULL;
}

static RpEstimate *
estimate_case (const char  *id,
               guint       *n_gpus,
               const char **framework)
{
  g_autofree char *file = g_strconcat (id, ".rigplan", NULL);
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "published", "scenarios",
                                                 file, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(RpScenario) sc = rp_scenario_load_file (path, &error);
  RpEstimate *est = rp_estimate_new ();

  g_assert_no_error (error);
  g_assert_true (rp_fix_estimate (sc, catalog, est, &error));
  g_assert_no_error (error);
  *n_gpus = rp_scenario_n_gpus (sc);
  *framework = rp_framework_to_string (sc->training.framework);
  return est;
}

/* The throughput figure the source states, in its own definition; the
 * quantity's name, or NULL when the case states none. */
static const char *
throughput_figure (const cJSON             *c,
                   const RpComputeEstimate *r,
                   guint                    n,
                   double                  *reported,
                   double                  *predicted)
{
  const cJSON *rep = cJSON_GetObjectItemCaseSensitive (c, "reported");
  const char *notes = string (c, "notes");
  gboolean hardware = notes != NULL && (strstr (notes, "COUNTS") != NULL ||
                                        strstr (notes, "counts the recompute") != NULL);

  if ((*reported = number (rep, "tokens_per_s_per_gpu")) > 0)
    return *predicted = r->tokens_per_s / n, "tokens/s per GPU";
  if ((*reported = number (rep, "samples_per_s_per_gpu")) > 0)
    return *predicted = r->samples_per_s / n, "samples/s per GPU";
  if ((*reported = number (rep, "samples_per_s")) > 0)
    return *predicted = r->samples_per_s, "samples/s";
  if ((*reported = number (rep, "mfu")) > 0)
    return *predicted = r->mfu, "MFU";
  if ((*reported = number (rep, "tflops_per_gpu")) > 0)
    return *predicted = (hardware ? r->hfu : r->mfu) * r->peak_tflops, "TFLOP/s per GPU";
  return NULL;
}

/* Peak memory in the measured quantity: reserved leaves out the CUDA
 * context and NCCL's own buffers, allocated (active) fragmentation too. */
static gboolean
memory_figure (const cJSON            *c,
               const RpMemoryEstimate *m,
               double                 *reported,
               double                 *predicted)
{
  const cJSON *rep = cJSON_GetObjectItemCaseSensitive (c, "reported");

  if ((*reported = number (rep, "memory_gib")) <= 0)
    return FALSE;
  *predicted = (m->total_bytes - m->cuda_context_bytes - m->nccl_bytes) / RP_GIB;
  /* device: in use as the driver reports it (nvidia-smi), all of it */
  if (g_strcmp0 (string (rep, "memory_measure"), "device") == 0)
    *predicted = m->total_bytes / RP_GIB;
  /* bitsandbytes' paged states are CUDA managed memory (bitsandbytes/
   * functional.py get_paged), outside both of PyTorch's counts */
  if (g_strcmp0 (string (c, "optimizer"), "adamw-8bit-paged") == 0)
    *predicted -= m->optimizer_bytes / RP_GIB;
  if (g_strcmp0 (string (rep, "memory_measure"), "active") == 0)
    *predicted -= m->fragmentation_bytes / RP_GIB;
  return TRUE;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (GArray *values)
{
  guint n = values->len;

  g_array_sort (values, compare_doubles);
  if (n == 0)
    return NAN;
  return n % 2 ? g_array_index (values, double, n / 2)
               : (g_array_index (values, double, n / 2 - 1) +
                  g_array_index (values, double, n / 2)) / 2;
}

/* A signed error e and the groups of data/catalogs/accuracy.json its
 * case belongs to (static strings). */
typedef struct
{
  double      e;
  const char *framework;
  const char *kind;
} Signed;

typedef struct
{
  GArray *throughput;           /* |error| */
  GArray *memory;               /* |error| */
  GArray *memory_signed;
  GArray *signed_errors[RP_N_ACCURACY_QUANTITIES];   /* of Signed */
} Errors;

static void
collect (const char *name,
         Errors     *out)
{
  g_autoptr(cJSON) root = rp_test_load_data ("published", name);
  const cJSON *c;

  cJSON_ArrayForEach (c, cJSON_GetObjectItemCaseSensitive (root, "cases"))
    {
      g_autoptr(RpEstimate) est = NULL;
      double reported = 0, predicted = 0, err;
      const char *what, *framework = NULL;
      Signed row;
      guint n = 0;

      est = estimate_case (string (c, "id"), &n, &framework);
      g_assert_true (est->compute.computed);
      row.framework = framework;
      row.kind = rp_model_kind_to_string (est->arch.kind);
      what = throughput_figure (c, &est->compute, n, &reported, &predicted);
      if (what != NULL)
        {
          row.e = predicted / reported - 1;
          g_array_append_val (out->signed_errors[RP_ACCURACY_THROUGHPUT], row);
          err = fabs (predicted / reported - 1);
          g_array_append_val (out->throughput, err);
          g_test_message ("%-42s %-18s %12.4g %12.4g %+7.1f%%", string (c, "id"), what, reported,
                          predicted, 100 * (predicted / reported - 1));
        }
      if (memory_figure (c, &est->memory, &reported, &predicted))
        {
          err = predicted / reported - 1;
          g_array_append_val (out->memory_signed, err);
          row.e = err;
          g_array_append_val (out->signed_errors[RP_ACCURACY_MEMORY], row);
          err = fabs (err);
          g_array_append_val (out->memory, err);
          g_test_message ("%-42s %-18s %12.4g %12.4g %+7.1f%%", string (c, "id"), "memory GiB",
                          reported, predicted, 100 * (predicted / reported - 1));
        }
    }
}

static void
errors_init (Errors *e)
{
  e->throughput = g_array_new (FALSE, FALSE, sizeof (double));
  e->memory = g_array_new (FALSE, FALSE, sizeof (double));
  e->memory_signed = g_array_new (FALSE, FALSE, sizeof (double));
  for (guint q = 0; q < RP_N_ACCURACY_QUANTITIES; q++)
    e->signed_errors[q] = g_array_new (FALSE, FALSE, sizeof (Signed));
}

static void
errors_clear (Errors *e)
{
  g_array_unref (e->throughput);
  g_array_unref (e->memory);
  g_array_unref (e->memory_signed);
  for (guint q = 0; q < RP_N_ACCURACY_QUANTITIES; q++)
    g_array_unref (e->signed_errors[q]);
}

/* Whether @row belongs to @group: "all", "framework:NAME" or "kind:NAME". */
static gboolean
in_group (const Signed *row,
          const char   *group)
{
  if (g_str_equal (group, "all"))
    return TRUE;
  if (g_str_has_prefix (group, "framework:"))
    return g_str_equal (group + strlen ("framework:"), row->framework);
  return g_str_has_prefix (group, "kind:") && g_str_equal (group + strlen ("kind:"), row->kind);
}

/* The nearest-rank @q quantile of @sorted, as tools/accuracy/accuracy.py
 * takes it: the ceil (q n)-th value. */
static double
nearest_rank (GArray *sorted,
              double  q)
{
  int rank = (int) ceil (q * sorted->len) - 1;

  return g_array_index (sorted, double, CLAMP (rank, 0, (int) sorted->len - 1));
}

/* ---- tests ---------------------------------------------------------- */

/* The runs data/catalogs/mfu.json was fitted to (issue 4's bar). */
static void
test_in_sample (void)
{
  Errors e;
  double m;

  errors_init (&e);
  collect ("throughput.json", &e);
  g_assert_cmpuint (e.throughput->len, >=, min_in_sample);
  m = median (e.throughput);
  g_test_message ("%u in-sample throughput figures, median |error| %.1f%%", e.throughput->len,
                  100 * m);
  g_assert_cmpfloat (m, <=, in_sample_throughput_median);
  errors_clear (&e);
}

/* Measurements no constant was fitted to (tests/data/published/
 * heldout.json): torchtitan's and torchtune's benchmark pages and
 * Megatron-Bridge's performance summary. */
static void
test_held_out (void)
{
  Errors e;
  double tm, mm, bias;

  errors_init (&e);
  collect ("heldout.json", &e);
  g_assert_cmpuint (e.throughput->len, >=, min_held_out);
  g_assert_cmpuint (e.memory->len, >=, min_held_out);
  tm = median (e.throughput);
  mm = median (e.memory);
  bias = median (e.memory_signed);
  g_test_message ("held out: throughput median |error| %.1f%% (%u), memory %.1f%% (%u), "
                  "memory median signed %+.1f%%", 100 * tm, e.throughput->len, 100 * mm,
                  e.memory->len, 100 * bias);
  g_assert_cmpfloat (tm, <=, held_out_throughput_median);
  g_assert_cmpfloat (mm, <=, held_out_memory_median);
  g_assert_cmpfloat (fabs (bias), <=, memory_bias_limit);
  errors_clear (&e);
}

/* The bands the estimates carry (data/catalogs/accuracy.json) are those
 * of this version's errors: for every group a held-out case falls in, n,
 * p10 and p90 match the errors measured here (the file rounds to 4
 * decimals).  A change to the models that moves them fails here until
 * the bands are written again: the command is in the header of
 * tools/accuracy/accuracy.py. */
static void
test_bands_current (void)
{
  const RpAccuracy *accuracy = rp_catalog_get_accuracy (catalog);
  static const char *const names[] = { "memory", "throughput" };
  Errors e;

  g_assert_nonnull (accuracy);
  errors_init (&e);
  collect ("heldout.json", &e);
  for (guint q = 0; q < RP_N_ACCURACY_QUANTITIES; q++)
    {
      GArray *rows = e.signed_errors[q];

      for (guint i = 0; i < rows->len; i++)
        {
          const Signed *row = &g_array_index (rows, Signed, i);
          const RpAccuracyBand *band = rp_accuracy_lookup (accuracy, q, row->framework,
                                                           row->kind);
          g_autoptr(GArray) members = g_array_new (FALSE, FALSE, sizeof (double));
          double p10, p90;

          g_assert_nonnull (band);
          for (guint j = 0; j < rows->len; j++)
            if (in_group (&g_array_index (rows, Signed, j), band->group))
              g_array_append_val (members, g_array_index (rows, Signed, j).e);
          g_array_sort (members, compare_doubles);
          p10 = nearest_rank (members, 0.1);
          p90 = nearest_rank (members, 0.9);
          if (members->len != band->n || fabs (p10 - band->p10) > 6e-5 ||
              fabs (p90 - band->p90) > 6e-5)
            {
              g_test_fail_printf ("%s %s: the errors give n %u, p10 %+.4f, p90 %+.4f; "
                                  "accuracy.json has n %u, p10 %+.4f, p90 %+.4f: write the "
                                  "bands again (tools/accuracy/accuracy.py --bands)",
                                  names[q], band->group, members->len, p10, p90, band->n,
                                  band->p10, band->p90);
              errors_clear (&e);
              return;
            }
        }
    }
  errors_clear (&e);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  catalog = rp_test_load_catalog ();
  g_test_add_func ("/core/published/in-sample", test_in_sample);
  g_test_add_func ("/core/published/held-out", test_held_out);
  g_test_add_func ("/core/published/bands-current", test_bands_current);
  status = g_test_run ();
  rp_catalog_unref (catalog);
  return status;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-guide.c: the sizing guide, computed live */

#include "config.h"

#include "rp-guide.h"

#include "rp-catalog.h"
#include "rp-error.h"
#include "rp-fix.h"
#include "rp-json-private.h"
#include "rp-plan-json.h"
#include "rp-scenario.h"
#include "rp-words.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* A guide scenario is a small file; a megabyte is far beyond one. */
static const gsize max_file_bytes = 1024 * 1024;

/* The titles of the bundled rows, to translate; a row of another file
 * keeps its own title. */
static const struct
{
  const char *id;
  const char *title;
} known_titles[] = {
  { "01-image-classification", N_("Image classification") },
  { "02-detection", N_("Object detection") },
  { "03-bert-finetune", N_("BERT fine-tune") },
  { "04-lora-7b-one-card", N_("7B LoRA on one card") },
  { "05-full-finetune-7b", N_("7B full fine-tune") },
  { "06-full-finetune-13b", N_("13B full fine-tune") },
  { "07-lora-70b", N_("70B LoRA fine-tune") },
  { "08-sdxl-finetune", N_("SDXL fine-tune") },
  { "09-pretrain-1b", N_("1B pretraining") },
  { "10-pretrain-7b", N_("7B pretraining") },
};

typedef struct
{
  RpGuideRow *row;
  guint       order;
} Ordered;

/* ---- helpers -------------------------------------------------------- */

static void
row_free (gpointer data)
{
  RpGuideRow *row = data;

  g_free (row->id);
  g_free (row->title);
  g_free (row->sources);
  rp_scenario_free (row->scenario);
  g_clear_pointer (&row->plan, rp_plan_free);
  g_clear_pointer (&row->decision, rp_decision_free);
  g_free (row);
}

static const char *
known_title (const char *id)
{
  for (guint i = 0; i < G_N_ELEMENTS (known_titles); i++)
    if (g_str_equal (known_titles[i].id, id))
      return _(known_titles[i].title);
  return NULL;
}

/* The "guide" object: order, title and sources, all required. */
static gboolean
read_guide_object (const char *path,
                   RpGuideRow *row,
                   guint      *order,
                   GError    **error)
{
  g_autoptr(cJSON) root = rp_json_load_file (path, max_file_bytes, error);
  const cJSON *guide = NULL;
  g_autofree char *title = NULL;

  if (root == NULL ||
      !rp_json_read_object (root, "", "guide", TRUE, &guide, error) ||
      !rp_json_read_uint (guide, "guide", "order", TRUE, 0, G_MAXINT, order, error) ||
      !rp_json_read_string (guide, "guide", "title", TRUE, &title, error) ||
      !rp_json_read_string (guide, "guide", "sources", TRUE, &row->sources, error))
    return FALSE;
  row->title = g_strdup (known_title (row->id) != NULL ? known_title (row->id) : title);
  return TRUE;
}

static RpGuideRow *
load_row (const char *dir,
          const char *name,
          guint      *order,
          GError    **error)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  RpGuideRow *row = g_new0 (RpGuideRow, 1);
  g_autoptr(GError) local = NULL;

  row->id = g_strndup (name, strlen (name) - strlen (".rigplan"));
  row->scenario = rp_scenario_load_file (path, &local);
  if (row->scenario == NULL || !read_guide_object (path, row, order, &local))
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local), "%s: ", path);
      row_free (row);
      return NULL;
    }
  return row;
}

static int
compare_ordered (gconstpointer a,
                 gconstpointer b)
{
  const Ordered *x = a, *y = b;

  if (x->order != y->order)
    return x->order < y->order ? -1 : 1;
  return strcmp (x->row->id, y->row->id);
}

/* ---- public API ----------------------------------------------------- */

char *
rp_guide_default_dir (void)
{
  const char *env = g_getenv ("RIGPLAN_GUIDEDIR");
  g_autofree char *parent = NULL;

  if (env != NULL && *env != '\0')
    return g_strdup (env);
  parent = g_path_get_dirname (rp_catalog_default_dir ());
  return g_build_filename (parent, "guide", NULL);
}

RpGuide *
rp_guide_load (const char *dir,
               GError    **error)
{
  g_autoptr(GDir) d = NULL;
  g_autoptr(GArray) ordered = g_array_new (FALSE, FALSE, sizeof (Ordered));
  RpGuide *guide;
  const char *name;

  g_return_val_if_fail (dir != NULL, NULL);

  d = g_dir_open (dir, 0, error);
  if (d == NULL)
    return NULL;
  guide = g_new0 (RpGuide, 1);
  guide->rows = g_ptr_array_new_with_free_func (row_free);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      Ordered o = { NULL, 0 };

      if (!g_str_has_suffix (name, ".rigplan"))
        continue;
      o.row = load_row (dir, name, &o.order, error);
      if (o.row == NULL)
        {
          for (guint i = 0; i < ordered->len; i++)
            row_free (g_array_index (ordered, Ordered, i).row);
          rp_guide_free (guide);
          return NULL;
        }
      g_array_append_val (ordered, o);
    }
  g_array_sort (ordered, compare_ordered);
  for (guint i = 0; i < ordered->len; i++)
    g_ptr_array_add (guide->rows, g_array_index (ordered, Ordered, i).row);
  return guide;
}

static gboolean
decide_row (RpGuideRow      *row,
            const RpCatalog *catalog,
            GError         **error)
{
  g_autoptr(RpEstimate) est = rp_estimate_new ();

  if (!rp_fix_estimate (row->scenario, catalog, est, error))
    return FALSE;
  row->decision = rp_decision_new (row->scenario, catalog, est, row->plan, NULL, error);
  return row->decision != NULL;
}

gboolean
rp_guide_compute (RpGuide         *guide,
                  const RpCatalog *catalog,
                  RpCurrency       currency,
                  double           budget,
                  double           deadline_days,
                  GCancellable    *cancellable,
                  RpPlanProgress   progress,
                  gpointer         progress_data,
                  GError         **error)
{
  RpPlanOptions options;

  g_return_val_if_fail (guide != NULL && catalog != NULL, FALSE);

  rp_plan_options_init (&options);
  for (guint i = 0; i < guide->rows->len; i++)
    {
      RpGuideRow *row = g_ptr_array_index (guide->rows, i);
      RpBudget *b = &row->scenario->budget;
      g_autoptr(GError) local = NULL;

      if (progress != NULL)
        progress (i / (double) guide->rows->len, progress_data);
      b->currency = currency;
      b->acquire = RP_ACQUIRE_COMPARE;
      b->limit = budget;
      b->capital_limit = NAN;
      b->deadline_days = deadline_days;
      g_clear_pointer (&row->plan, rp_plan_free);
      g_clear_pointer (&row->decision, rp_decision_free);
      row->plan = rp_plan_compute (row->scenario, catalog, &options, cancellable, NULL, NULL,
                                   &local);
      if (row->plan == NULL || !decide_row (row, catalog, &local))
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&local), "%s: ", row->id);
          return FALSE;
        }
    }
  if (progress != NULL)
    progress (1.0, progress_data);
  return TRUE;
}

char *
rp_guide_to_json (const RpGuide   *guide,
                  const RpCatalog *catalog)
{
  g_autoptr(cJSON) root = cJSON_CreateObject ();
  cJSON *rows;
  char *text, *copy;

  g_return_val_if_fail (guide != NULL && catalog != NULL, NULL);

  cJSON_AddStringToObject (root, "format", "rigplan-guide");
  cJSON_AddNumberToObject (root, "version", 1);
  rows = cJSON_AddArrayToObject (root, "rows");
  for (guint i = 0; i < guide->rows->len; i++)
    {
      const RpGuideRow *row = g_ptr_array_index (guide->rows, i);
      g_autofree char *plan_text = NULL;
      cJSON *item = cJSON_CreateObject ();
      cJSON *plan;

      cJSON_AddStringToObject (item, "id", row->id);
      cJSON_AddStringToObject (item, "title", row->title);
      cJSON_AddStringToObject (item, "scenario", row->scenario->name);
      cJSON_AddStringToObject (item, "sources", row->sources);
      if (row->plan != NULL)
        {
          plan_text = rp_plan_to_json (row->plan, catalog, row->decision, 1);
          plan = cJSON_Parse (plan_text);
          cJSON_AddItemToObject (item, "plan", plan);
        }
      else
        cJSON_AddNullToObject (item, "plan");
      cJSON_AddItemToArray (rows, item);
    }
  text = cJSON_Print (root);
  copy = g_strconcat (text, "\n", NULL);
  cJSON_free (text);
  return copy;
}

void
rp_guide_free (RpGuide *guide)
{
  if (guide == NULL)
    return;
  g_clear_pointer (&guide->rows, g_ptr_array_unref);
  g_free (guide);
}

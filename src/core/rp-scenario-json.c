/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-scenario-json.c: reading and writing *.rigplan files
 *
 * Keys are written in a stable order so files diff cleanly; missing keys
 * take the defaults of rp_scenario_new(); unknown keys are kept and
 * written back; a newer "version" is rejected. */

#include "config.h"

#include "rp-scenario.h"

#include "rp-error.h"
#include "rp-file.h"
#include "rp-json-private.h"
#include "rp-model-private.h"
#include "rp-scenario-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

static const gsize max_scenario_file_bytes = RP_SCENARIO_MAX_BYTES;

struct _RpJsonExtra
{
  cJSON *root;                  /* owned: the document as it was read */
};

/* ---- field tables --------------------------------------------------- */

#define T_UINT(k, m, lo, hi)   { k, RP_JSON_UINT, G_STRUCT_OFFSET (RpTraining, m), lo, hi, 0, NULL, NULL, NULL }
#define T_DOUBLE(k, m, lo, hi) { k, RP_JSON_DOUBLE, G_STRUCT_OFFSET (RpTraining, m), lo, hi, 0, NULL, NULL, NULL }
#define T_BOOL(k, m)           { k, RP_JSON_BOOL, G_STRUCT_OFFSET (RpTraining, m), 0, 0, 0, NULL, NULL, NULL }

static const RpJsonField training_fields[] = {
  RP_JSON_ENUM_FIELD ("method", RpTraining, method, rp_method,
                      "pretrain, full-finetune, lora, qlora", 0),
  T_UINT ("lora_rank", lora_rank, 0, 65536),
  RP_JSON_ENUM_FIELD ("lora_targets", RpTraining, lora_targets, rp_lora_targets,
                      "attention, qv, all-linear", 0),
  RP_JSON_ENUM_FIELD ("precision", RpTraining, precision, rp_precision,
                      "fp32, amp-bf16, amp-fp16, bf16-mixed, fp16-mixed, bf16, fp8-mixed", 0),
  RP_JSON_ENUM_FIELD ("optimizer", RpTraining, optimizer, rp_optimizer,
                      "adamw, adamw-8bit, sgd, sgd-momentum, adafactor, lion", 0),
  T_UINT ("seq_len", seq_len, 1, 16777216),
  T_UINT ("micro_batch", micro_batch, 1, 1048576),
  T_UINT ("global_batch", global_batch, 1, 1 << 30),
  RP_JSON_ENUM_FIELD ("recompute", RpTraining, recompute, rp_recompute, "none, selective, full", 0),
  T_BOOL ("flash_attention", flash_attention),
  T_BOOL ("dropout", dropout),
  T_UINT ("zero_stage", zero_stage, 0, 3),
  RP_JSON_ENUM_FIELD ("offload", RpTraining, offload, rp_offload,
                      "none, optimizer, optimizer+params", 0),
  T_UINT ("tensor_parallel", tensor_parallel, 1, 1024),
  T_UINT ("pipeline_parallel", pipeline_parallel, 1, 1024),
  T_UINT ("expert_parallel", expert_parallel, 1, 1024),
  T_BOOL ("sequence_parallel", sequence_parallel),
  T_DOUBLE ("dataset_tokens", dataset_tokens, 0, 1e16),
  T_DOUBLE ("dataset_samples", dataset_samples, 0, 1e13),
  T_DOUBLE ("epochs", epochs, 0, 1e6),
  T_DOUBLE ("dataset_bytes_per_sample", dataset_bytes_per_sample, 0, 1e12),
  T_DOUBLE ("checkpoints_kept", checkpoints_kept, 0, 10000),
};

#define H_UINT(k, m, lo, hi)   { k, RP_JSON_UINT, G_STRUCT_OFFSET (RpHardware, m), lo, hi, 0, NULL, NULL, NULL }
#define H_DOUBLE(k, m, lo, hi) { k, RP_JSON_DOUBLE, G_STRUCT_OFFSET (RpHardware, m), lo, hi, 0, NULL, NULL, NULL }

static const RpJsonField hardware_fields[] = {
  { "gpu", RP_JSON_STRING, G_STRUCT_OFFSET (RpHardware, gpu), 0, 0, 0, NULL, NULL, NULL },
  H_UINT ("gpus_per_node", gpus_per_node, 1, 1024),
  H_UINT ("nodes", nodes, 1, 1000000),
  RP_JSON_ENUM_FIELD ("intra_link", RpHardware, intra_link, rp_link,
                      "pcie3, pcie4, pcie5, nvlink2, nvlink3, nvlink4, nvlink5, infinity-fabric", 0),
  RP_JSON_ENUM_FIELD ("network", RpHardware, network, rp_network,
                      "none, 10gbe, 25gbe, 100gbe, 200gbe, 400gbe, ib-hdr, ib-ndr", 0),
  RP_JSON_ENUM_FIELD ("storage", RpHardware, storage, rp_storage,
                      "hdd, sata-ssd, nvme-gen3, nvme-gen4, nvme-gen5, network", 0),
  H_UINT ("cpu_cores_per_node", cpu_cores_per_node, 1, 65536),
  H_UINT ("ram_gb_per_node", ram_gb_per_node, 1, 1 << 24),
  H_DOUBLE ("headroom_pct", headroom_pct, 0, 90),
  H_DOUBLE ("mfu_override", mfu_override, 0, 1),
};

#define B_DOUBLE(k, m, lo, hi) { k, RP_JSON_DOUBLE, G_STRUCT_OFFSET (RpBudget, m), lo, hi, 0, NULL, NULL, NULL }

static const RpJsonField budget_fields[] = {
  RP_JSON_ENUM_FIELD ("currency", RpBudget, currency, rp_currency, "USD, CNY", 0),
  B_DOUBLE ("usd_to_cny", usd_to_cny, 0.01, 1000),
  B_DOUBLE ("limit", limit, 0, 1e13),
  B_DOUBLE ("deadline_days", deadline_days, 0, 36500),
  { "rent_offer", RP_JSON_STRING, G_STRUCT_OFFSET (RpBudget, rent_offer), 0, 0, 0, NULL, NULL, NULL },
  RP_JSON_ENUM_FIELD ("rent_kind", RpBudget, rent_kind, rp_rent_kind,
                      "on-demand, reserved-1y, reserved-3y, spot", 0),
  B_DOUBLE ("rent_price_per_gpu_hour", rent_price_per_gpu_hour, 0, 1e6),
  B_DOUBLE ("gpu_price", gpu_price, 0, 1e9),
  B_DOUBLE ("server_price", server_price, 0, 1e10),
  B_DOUBLE ("network_price", network_price, 0, 1e11),
  B_DOUBLE ("power_price_kwh", power_price_kwh, 0, 100),
  B_DOUBLE ("pue", pue, 1, 5),
  B_DOUBLE ("years", years, 0.1, 50),
  B_DOUBLE ("residual_pct", residual_pct, 0, 100),
  B_DOUBLE ("maintenance_pct_year", maintenance_pct_year, 0, 100),
  B_DOUBLE ("ops_cost_year", ops_cost_year, 0, 1e10),
  B_DOUBLE ("colocation_per_month", colocation_per_month, 0, 1e9),
  B_DOUBLE ("utilization_pct", utilization_pct, 0, 100),
  B_DOUBLE ("cost_of_capital_pct", cost_of_capital_pct, 0, 100),
  B_DOUBLE ("storage_price_gb_month", storage_price_gb_month, 0, 1000),
  B_DOUBLE ("egress_gb", egress_gb, 0, 1e12),
  B_DOUBLE ("egress_price_gb", egress_price_gb, 0, 1000),
  B_DOUBLE ("spot_interruption_pct", spot_interruption_pct, 0, 500),
  B_DOUBLE ("grid_kg_co2_per_kwh", grid_kg_co2_per_kwh, 0, 10),
};

/* ---- helpers -------------------------------------------------------- */

static gboolean
read_section (const cJSON       *root,
              const char        *key,
              const RpJsonField *fields,
              guint              n_fields,
              gpointer           base,
              GError           **error)
{
  const cJSON *section = NULL;

  return rp_json_read_object (root, "", key, FALSE, &section, error) &&
         rp_json_read_fields (section, key, fields, n_fields, base, NULL, error);
}

static gboolean
read_model (const cJSON *root,
            RpModelSpec *spec,
            GError     **error)
{
  const cJSON *model = NULL;

  if (!rp_json_read_object (root, "", "model", TRUE, &model, error) ||
      !rp_json_read_string (model, "model", "preset", FALSE, &spec->preset, error))
    return FALSE;
  spec->overridden = 0;
  if (!rp_model_arch_read_json (model, "model", &spec->arch, &spec->overridden, error))
    return FALSE;
  if (spec->preset == NULL && spec->overridden == 0)
    {
      rp_error_set_key (error, RP_ERROR_MISSING_FIELD, "model",
                        _("give a preset or the architecture"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_header (const cJSON *root,
             GError     **error)
{
  g_autofree char *format = NULL;
  guint version = 0;

  if (!cJSON_IsObject (root))
    {
      g_set_error (error, RP_ERROR, RP_ERROR_PARSE, _("expected a JSON object"));
      return FALSE;
    }
  if (!rp_json_read_string (root, "", "format", TRUE, &format, error))
    return FALSE;
  if (strcmp (format, "rigplan-scenario") != 0)
    {
      rp_error_set_key (error, RP_ERROR_PARSE, "format",
                        _("“%s” is not a Rigplan scenario"), format);
      return FALSE;
    }
  if (!rp_json_read_uint (root, "", "version", TRUE, 1, G_MAXINT, &version, error))
    return FALSE;
  if (version > RP_SCENARIO_VERSION)
    {
      rp_error_set_key (error, RP_ERROR_UNSUPPORTED_VERSION, "version",
                        _("%u is newer than this Rigplan understands (%d)"),
                   version, RP_SCENARIO_VERSION);
      return FALSE;
    }
  return TRUE;
}

static void
strip_fields (cJSON             *obj,
              const RpJsonField *fields,
              guint              n_fields)
{
  for (guint i = 0; i < n_fields && obj != NULL; i++)
    cJSON_DeleteItemFromObjectCaseSensitive (obj, fields[i].key);
}

/* The original document less every key this version knows: what remains
 * is what a newer or another tool wrote, to be carried through a save.
 * Known keys must not come back from the original, or clearing an
 * override in the app would be undone on save. */
static cJSON *
unknown_keys (const cJSON *original)
{
  cJSON *copy = cJSON_Duplicate (original, TRUE);
  cJSON *model = cJSON_GetObjectItemCaseSensitive (copy, "model");

  cJSON_DeleteItemFromObjectCaseSensitive (copy, "format");
  cJSON_DeleteItemFromObjectCaseSensitive (copy, "version");
  cJSON_DeleteItemFromObjectCaseSensitive (copy, "name");
  if (cJSON_IsObject (model))
    {
      cJSON_DeleteItemFromObjectCaseSensitive (model, "preset");
      rp_model_arch_strip_json (model);
    }
  strip_fields (cJSON_GetObjectItemCaseSensitive (copy, "training"), training_fields,
                G_N_ELEMENTS (training_fields));
  strip_fields (cJSON_GetObjectItemCaseSensitive (copy, "hardware"), hardware_fields,
                G_N_ELEMENTS (hardware_fields));
  strip_fields (cJSON_GetObjectItemCaseSensitive (copy, "budget"), budget_fields,
                G_N_ELEMENTS (budget_fields));
  return copy;
}

static RpScenario *
scenario_from_tree (cJSON   *root,
                    GError **error)
{
  g_autoptr(RpScenario) self = rp_scenario_new ();

  if (!read_header (root, error) ||
      !rp_json_read_string (root, "", "name", FALSE, &self->name, error) ||
      !read_model (root, &self->model, error) ||
      !read_section (root, "training", training_fields, G_N_ELEMENTS (training_fields),
                     &self->training, error) ||
      !read_section (root, "hardware", hardware_fields, G_N_ELEMENTS (hardware_fields),
                     &self->hardware, error) ||
      !read_section (root, "budget", budget_fields, G_N_ELEMENTS (budget_fields),
                     &self->budget, error))
    return NULL;
  if (!rp_scenario_validate (self, error))
    return NULL;
  self->extra = g_new0 (RpJsonExtra, 1);
  self->extra->root = unknown_keys (root);
  return g_steal_pointer (&self);
}

static cJSON *
section_to_json (const RpJsonField *fields,
                 guint              n_fields,
                 gconstpointer      base)
{
  cJSON *obj = cJSON_CreateObject ();

  rp_json_write_fields (obj, fields, n_fields, base, G_MAXUINT32);
  return obj;
}

/* ---- public API ----------------------------------------------------- */

RpJsonExtra *
rp_json_extra_copy (const RpJsonExtra *extra)
{
  RpJsonExtra *copy;

  if (extra == NULL)
    return NULL;
  copy = g_new0 (RpJsonExtra, 1);
  copy->root = cJSON_Duplicate (extra->root, TRUE);
  return copy;
}

void
rp_json_extra_free (RpJsonExtra *extra)
{
  if (extra == NULL)
    return;
  cJSON_Delete (extra->root);
  g_free (extra);
}

RpScenario *
rp_scenario_load_data (const char *data,
                       gsize       len,
                       GError    **error)
{
  g_autoptr(cJSON) root = NULL;

  g_return_val_if_fail (data != NULL || len == 0, NULL);

  if (len > max_scenario_file_bytes)
    {
      g_set_error (error, RP_ERROR, RP_ERROR_PARSE, _("too large to be a scenario"));
      return NULL;
    }
  root = rp_json_parse (data, len, error);
  if (root == NULL)
    return NULL;
  return scenario_from_tree (root, error);
}

RpScenario *
rp_scenario_load_file (const char *path,
                       GError    **error)
{
  g_autoptr(cJSON) root = NULL;
  RpScenario *self;

  g_return_val_if_fail (path != NULL, NULL);

  root = rp_json_load_file (path, max_scenario_file_bytes, error);
  self = root != NULL ? scenario_from_tree (root, error) : NULL;
  if (self == NULL)
    g_prefix_error (error, "%s: ", path);
  return self;
}

char *
rp_scenario_to_json (const RpScenario *self)
{
  g_autoptr(cJSON) root = cJSON_CreateObject ();
  cJSON *model;
  char *text, *copy;

  g_return_val_if_fail (self != NULL, NULL);

  cJSON_AddStringToObject (root, "format", "rigplan-scenario");
  cJSON_AddNumberToObject (root, "version", RP_SCENARIO_VERSION);
  cJSON_AddStringToObject (root, "name", self->name != NULL ? self->name : "");
  model = cJSON_AddObjectToObject (root, "model");
  if (self->model.preset != NULL)
    cJSON_AddStringToObject (model, "preset", self->model.preset);
  rp_model_arch_write_json (model, &self->model.arch, self->model.overridden);
  cJSON_AddItemToObject (root, "training",
                         section_to_json (training_fields, G_N_ELEMENTS (training_fields),
                                          &self->training));
  cJSON_AddItemToObject (root, "hardware",
                         section_to_json (hardware_fields, G_N_ELEMENTS (hardware_fields),
                                          &self->hardware));
  cJSON_AddItemToObject (root, "budget",
                         section_to_json (budget_fields, G_N_ELEMENTS (budget_fields),
                                          &self->budget));
  if (self->extra != NULL)
    rp_json_merge_unknown (root, self->extra->root);
  text = cJSON_Print (root);
  /* cJSON allocates with malloc; hand back GLib memory. */
  copy = g_strconcat (text, "\n", NULL);
  cJSON_free (text);
  return copy;
}

gboolean
rp_scenario_save_file (const RpScenario *self,
                       const char       *path,
                       GError          **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  text = rp_scenario_to_json (self);
  if (!rp_file_write_atomic (path, text, strlen (text), error))
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  return TRUE;
}

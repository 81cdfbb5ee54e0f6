/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-scenario-document.c: an observable scenario, its file and its estimate */

#include "config.h"

#include "rp-scenario-document.h"

#include "rp-model.h"
#include "rp-units.h"

#include <glib/gi18n.h>
#include <string.h>

/* ---- field table ---------------------------------------------------- */

typedef enum
{
  FIELD_UINT,
  FIELD_DOUBLE,
  FIELD_BOOL,
  FIELD_ENUM,
  FIELD_STRING,
} FieldType;

typedef struct
{
  const char *name;             /* property name */
  const char *key;              /* JSON key, names the field in errors */
  FieldType   type;
  gsize       offset;           /* into RpScenario, or RpModelArch with arch_bit */
  guint32     arch_bit;         /* RpArchField; 0 for scenario fields */
  double      min;
  double      max;              /* for enums: the number of values */
} Field;

#define SC(member) G_STRUCT_OFFSET (RpScenario, member)
#define AR(member) G_STRUCT_OFFSET (RpModelArch, member)

G_STATIC_ASSERT (sizeof (RpMethod) == sizeof (guint));

static const Field fields[] = {
  { "name", "name", FIELD_STRING, SC (name), 0, 0, 0 },
  { "preset", "model.preset", FIELD_STRING, SC (model.preset), 0, 0, 0 },
  { "kind", "model.kind", FIELD_ENUM, AR (kind), RP_ARCH_KIND, 0, RP_N_MODEL_KINDS },
  { "params", "model.params", FIELD_DOUBLE, AR (params), RP_ARCH_PARAMS, 0, 1e13 },
  { "layers", "model.layers", FIELD_UINT, AR (layers), RP_ARCH_LAYERS, 1, 1024 },
  { "hidden", "model.hidden", FIELD_UINT, AR (hidden), RP_ARCH_HIDDEN, 1, 131072 },
  { "heads", "model.heads", FIELD_UINT, AR (heads), RP_ARCH_HEADS, 1, 1024 },
  { "kv-heads", "model.kv_heads", FIELD_UINT, AR (kv_heads), RP_ARCH_KV_HEADS, 1, 1024 },
  { "ffn", "model.ffn", FIELD_UINT, AR (ffn), RP_ARCH_FFN, 1, 1048576 },
  { "ffn-act", "model.ffn_act", FIELD_ENUM, AR (ffn_act), RP_ARCH_FFN_ACT, 0, RP_N_FFN_ACTS },
  { "vocab", "model.vocab", FIELD_UINT, AR (vocab), RP_ARCH_VOCAB, 1, 4194304 },
  { "experts", "model.experts", FIELD_UINT, AR (experts), RP_ARCH_EXPERTS, 0, 1024 },
  { "experts-active", "model.experts_active", FIELD_UINT, AR (experts_active),
    RP_ARCH_EXPERTS_ACTIVE, 0, 1024 },
  { "input-size", "model.input_size", FIELD_UINT, AR (input_size), RP_ARCH_INPUT_SIZE, 1, 16384 },

  { "method", "training.method", FIELD_ENUM, SC (training.method), 0, 0, RP_N_METHODS },
  { "lora-rank", "training.lora_rank", FIELD_UINT, SC (training.lora_rank), 0, 1, 4096 },
  { "lora-targets", "training.lora_targets", FIELD_ENUM, SC (training.lora_targets), 0, 0,
    RP_N_LORA_TARGETS },
  { "precision", "training.precision", FIELD_ENUM, SC (training.precision), 0, 0,
    RP_N_PRECISIONS },
  { "optimizer", "training.optimizer", FIELD_ENUM, SC (training.optimizer), 0, 0,
    RP_N_OPTIMIZERS },
  { "seq-len", "training.seq_len", FIELD_UINT, SC (training.seq_len), 0, 1, 4194304 },
  { "micro-batch", "training.micro_batch", FIELD_UINT, SC (training.micro_batch), 0, 1, 65536 },
  { "global-batch", "training.global_batch", FIELD_UINT, SC (training.global_batch), 0, 1,
    16777216 },
  { "recompute", "training.recompute", FIELD_ENUM, SC (training.recompute), 0, 0,
    RP_N_RECOMPUTES },
  { "flash-attention", "training.flash_attention", FIELD_BOOL, SC (training.flash_attention),
    0, 0, 1 },
  { "zero-stage", "training.zero_stage", FIELD_ENUM, SC (training.zero_stage), 0, 0, 4 },
  { "offload", "training.offload", FIELD_ENUM, SC (training.offload), 0, 0, RP_N_OFFLOADS },
  { "tensor-parallel", "training.tensor_parallel", FIELD_UINT, SC (training.tensor_parallel),
    0, 1, 1024 },
  { "pipeline-parallel", "training.pipeline_parallel", FIELD_UINT,
    SC (training.pipeline_parallel), 0, 1, 1024 },
  { "sequence-parallel", "training.sequence_parallel", FIELD_BOOL,
    SC (training.sequence_parallel), 0, 0, 1 },
  { "dataset-tokens", "training.dataset_tokens", FIELD_DOUBLE, SC (training.dataset_tokens),
    0, 0, 1e16 },
  { "dataset-samples", "training.dataset_samples", FIELD_DOUBLE,
    SC (training.dataset_samples), 0, 0, 1e13 },
  { "epochs", "training.epochs", FIELD_DOUBLE, SC (training.epochs), 0, 0.01, 10000 },

  { "gpu", "hardware.gpu", FIELD_STRING, SC (hardware.gpu), 0, 0, 0 },
  { "gpus-per-node", "hardware.gpus_per_node", FIELD_UINT, SC (hardware.gpus_per_node), 0, 1,
    64 },
  { "nodes", "hardware.nodes", FIELD_UINT, SC (hardware.nodes), 0, 1, 16384 },
  { "intra-link", "hardware.intra_link", FIELD_ENUM, SC (hardware.intra_link), 0, 0,
    RP_N_LINKS },
  { "network", "hardware.network", FIELD_ENUM, SC (hardware.network), 0, 0, RP_N_NETWORKS },
  { "storage", "hardware.storage", FIELD_ENUM, SC (hardware.storage), 0, 0, RP_N_STORAGES },
  { "cpu-cores-per-node", "hardware.cpu_cores_per_node", FIELD_UINT,
    SC (hardware.cpu_cores_per_node), 0, 1, 4096 },
  { "ram-gb-per-node", "hardware.ram_gb_per_node", FIELD_UINT, SC (hardware.ram_gb_per_node),
    0, 1, 1048576 },
  { "headroom-pct", "hardware.headroom_pct", FIELD_DOUBLE, SC (hardware.headroom_pct), 0, 0,
    90 },

  { "currency", "budget.currency", FIELD_ENUM, SC (budget.currency), 0, 0, RP_N_CURRENCIES },
  { "usd-to-cny", "budget.usd_to_cny", FIELD_DOUBLE, SC (budget.usd_to_cny), 0, 0.01, 1000 },
  { "limit", "budget.limit", FIELD_DOUBLE, SC (budget.limit), 0, 0, 1e12 },
  { "deadline-days", "budget.deadline_days", FIELD_DOUBLE, SC (budget.deadline_days), 0, 0,
    36500 },
  { "rent-offer", "budget.rent_offer", FIELD_STRING, SC (budget.rent_offer), 0, 0, 0 },
  { "rent-kind", "budget.rent_kind", FIELD_ENUM, SC (budget.rent_kind), 0, 0, RP_N_RENT_KINDS },
  { "rent-price-per-gpu-hour", "budget.rent_price_per_gpu_hour", FIELD_DOUBLE,
    SC (budget.rent_price_per_gpu_hour), 0, 0, 1e5 },
  { "gpu-price", "budget.gpu_price", FIELD_DOUBLE, SC (budget.gpu_price), 0, 0, 1e9 },
  { "server-price", "budget.server_price", FIELD_DOUBLE, SC (budget.server_price), 0, 0, 1e9 },
  { "power-price-kwh", "budget.power_price_kwh", FIELD_DOUBLE, SC (budget.power_price_kwh),
    0, 0, 1000 },
  { "pue", "budget.pue", FIELD_DOUBLE, SC (budget.pue), 0, 1, 5 },
  { "years", "budget.years", FIELD_DOUBLE, SC (budget.years), 0, 0.1, 30 },
  { "residual-pct", "budget.residual_pct", FIELD_DOUBLE, SC (budget.residual_pct), 0, 0, 100 },
  { "maintenance-pct-year", "budget.maintenance_pct_year", FIELD_DOUBLE,
    SC (budget.maintenance_pct_year), 0, 0, 100 },
  { "utilization-pct", "budget.utilization_pct", FIELD_DOUBLE, SC (budget.utilization_pct), 0,
    0, 100 },
};

#undef SC
#undef AR

/* Money fields that follow a change of currency. */
static const gsize money_offsets[] = {
  G_STRUCT_OFFSET (RpScenario, budget.limit),
  G_STRUCT_OFFSET (RpScenario, budget.rent_price_per_gpu_hour),
  G_STRUCT_OFFSET (RpScenario, budget.gpu_price),
  G_STRUCT_OFFSET (RpScenario, budget.server_price),
  G_STRUCT_OFFSET (RpScenario, budget.network_price),
  G_STRUCT_OFFSET (RpScenario, budget.power_price_kwh),
  G_STRUCT_OFFSET (RpScenario, budget.ops_cost_year),
  G_STRUCT_OFFSET (RpScenario, budget.colocation_per_month),
  G_STRUCT_OFFSET (RpScenario, budget.storage_price_gb_month),
  G_STRUCT_OFFSET (RpScenario, budget.egress_price_gb),
};

/* ---- private structs ------------------------------------------------ */

struct _RpScenarioDocument
{
  GObject parent_instance;

  /* owned */
  RpCatalog  *catalog;
  RpScenario *scenario;
  RpEstimate *estimate;
  GError     *error;
  char       *error_key;
  GFile      *file;

  /* state */
  RpModelArch arch;             /* resolved */
  gboolean    estimate_valid;
  gboolean    modified;
  guint       recompute_id;
  gint64      compute_us;
};

G_DEFINE_FINAL_TYPE (RpScenarioDocument, rp_scenario_document, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_CATALOG,
  PROP_ESTIMATE,
  PROP_FILE,
  PROP_MODIFIED,
  PROP_TITLE,
  N_FIXED_PROPS
};

#define N_PROPS (N_FIXED_PROPS + G_N_ELEMENTS (fields))

static GParamSpec *properties[N_PROPS];

/* ---- helpers -------------------------------------------------------- */

static gpointer
field_ptr (RpScenarioDocument *self,
           const Field        *f,
           gboolean            for_write)
{
  if (f->arch_bit != 0)
    return (guint8 *) (for_write ? &self->scenario->model.arch : &self->arch) + f->offset;
  return (guint8 *) self->scenario + f->offset;
}

static void
resolve_arch (RpScenarioDocument *self)
{
  /* On failure the merged values are still there; the estimate reports
   * the error. */
  rp_model_resolve (&self->scenario->model, self->catalog, &self->arch, NULL);
}

static gboolean
recompute_cb (gpointer user_data)
{
  RpScenarioDocument *self = user_data;

  self->recompute_id = 0;
  rp_scenario_document_flush (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_recompute (RpScenarioDocument *self)
{
  /* Above GDK_PRIORITY_REDRAW, so the estimate is ready for the next frame. */
  if (self->recompute_id == 0)
    self->recompute_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE + 5, recompute_cb, self, NULL);
}

static void
changed (RpScenarioDocument *self)
{
  rp_scenario_document_set_modified (self, TRUE);
  schedule_recompute (self);
}

static void
notify_arch (RpScenarioDocument *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (fields[i].arch_bit != 0)
      g_object_notify_by_pspec (G_OBJECT (self), properties[N_FIXED_PROPS + i]);
}

static void
set_currency (RpScenarioDocument *self,
              RpCurrency          currency)
{
  RpBudget *b = &self->scenario->budget;

  for (guint i = 0; i < G_N_ELEMENTS (money_offsets); i++)
    {
      double *v = (double *) ((guint8 *) self->scenario + money_offsets[i]);

      *v = rp_units_convert_money (*v, b->currency, currency, b->usd_to_cny);
    }
  b->currency = currency;
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    for (guint j = 0; j < G_N_ELEMENTS (money_offsets); j++)
      if (fields[i].arch_bit == 0 && fields[i].offset == money_offsets[j])
        g_object_notify_by_pspec (G_OBJECT (self), properties[N_FIXED_PROPS + i]);
}

static void
set_string_field (RpScenarioDocument *self,
                  const Field        *f,
                  const char         *value)
{
  char **slot = field_ptr (self, f, TRUE);

  if (value != NULL && *value == '\0' && f->offset != G_STRUCT_OFFSET (RpScenario, name))
    value = NULL;
  if (g_strcmp0 (*slot, value) == 0)
    return;
  g_free (*slot);
  *slot = g_strdup (value);

  if (f->offset == G_STRUCT_OFFSET (RpScenario, model.preset))
    {
      if (value == NULL)
        {
          /* Custom: keep what the preset gave, now as the user's own. */
          self->scenario->model.arch = self->arch;
          self->scenario->model.overridden = G_MAXUINT32;
        }
      else
        self->scenario->model.overridden = 0;
      resolve_arch (self);
      notify_arch (self);
    }
  if (f->offset == G_STRUCT_OFFSET (RpScenario, name))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
}

static gboolean
set_field (RpScenarioDocument *self,
           const Field        *f,
           const GValue       *value)
{
  gpointer p = field_ptr (self, f, FALSE);

  switch (f->type)
    {
    case FIELD_STRING:
      {
        char **slot = p;

        if (g_strcmp0 (*slot, g_value_get_string (value)) == 0)
          return FALSE;
        set_string_field (self, f, g_value_get_string (value));
        return TRUE;
      }
    case FIELD_BOOL:
      {
        gboolean v = g_value_get_boolean (value);

        if (*(gboolean *) p == v)
          return FALSE;
        *(gboolean *) p = v;
        break;
      }
    case FIELD_UINT:
    case FIELD_ENUM:
      {
        guint v = g_value_get_uint (value);

        if (*(guint *) p == v)
          return FALSE;
        if (f->type == FIELD_ENUM && f->offset == G_STRUCT_OFFSET (RpScenario, budget.currency) &&
            f->arch_bit == 0)
          {
            set_currency (self, v);
            return TRUE;
          }
        if (f->arch_bit != 0)
          *(guint *) field_ptr (self, f, TRUE) = v;
        else
          *(guint *) p = v;
        break;
      }
    case FIELD_DOUBLE:
      {
        double v = g_value_get_double (value);

        if (f->arch_bit == RP_ARCH_PARAMS)
          {
            if ((double) self->arch.params == v)
              return FALSE;
            self->scenario->model.arch.params = (guint64) v;
          }
        else
          {
            if (*(double *) p == v)
              return FALSE;
            *(double *) p = v;
          }
        break;
      }
    default:
      g_assert_not_reached ();
    }

  if (f->arch_bit != 0)
    {
      /* A model field the user edits overrides the preset's. */
      self->scenario->model.overridden |= f->arch_bit;
      resolve_arch (self);
      notify_arch (self);
      return FALSE;
    }
  return TRUE;
}

static void
get_field (RpScenarioDocument *self,
           const Field        *f,
           GValue             *value)
{
  gconstpointer p = field_ptr (self, f, FALSE);

  switch (f->type)
    {
    case FIELD_STRING:
      g_value_set_string (value, *(char * const *) p);
      break;
    case FIELD_BOOL:
      g_value_set_boolean (value, *(const gboolean *) p);
      break;
    case FIELD_UINT:
    case FIELD_ENUM:
      g_value_set_uint (value, *(const guint *) p);
      break;
    case FIELD_DOUBLE:
      if (f->arch_bit == RP_ARCH_PARAMS)
        g_value_set_double (value, (double) rp_model_params (&self->arch));
      else
        g_value_set_double (value, *(const double *) p);
      break;
    default:
      g_assert_not_reached ();
    }
}

static GParamSpec *
field_pspec (const Field *f)
{
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  switch (f->type)
    {
    case FIELD_STRING:
      return g_param_spec_string (f->name, NULL, NULL, NULL, flags);
    case FIELD_BOOL:
      return g_param_spec_boolean (f->name, NULL, NULL, FALSE, flags);
    case FIELD_UINT:
      return g_param_spec_uint (f->name, NULL, NULL, (guint) f->min, (guint) f->max,
                                (guint) f->min, flags);
    case FIELD_ENUM:
      return g_param_spec_uint (f->name, NULL, NULL, 0, (guint) f->max - 1, 0, flags);
    case FIELD_DOUBLE:
      return g_param_spec_double (f->name, NULL, NULL, f->min, f->max, f->min, flags);
    default:
      g_assert_not_reached ();
    }
}

/* ---- async I/O ------------------------------------------------------ */

static void
load_contents_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  GFile *file = G_FILE (source);
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(RpScenario) scenario = NULL;
  gsize len = 0;

  if (!g_file_load_contents_finish (file, result, &contents, &len, NULL, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  scenario = rp_scenario_load_data (contents, len, &error);
  if (scenario == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  rp_scenario_document_set_scenario (g_task_get_source_object (task),
                                     g_steal_pointer (&scenario), file);
  g_task_return_boolean (task, TRUE);
}

static void
replace_contents_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  GFile *file = G_FILE (source);
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  RpScenarioDocument *self = g_task_get_source_object (task);

  if (!g_file_replace_contents_finish (file, result, NULL, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (g_set_object (&self->file, file))
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
    }
  rp_scenario_document_set_modified (self, FALSE);
  g_task_return_boolean (task, TRUE);
}

/* ---- vfunc overrides ------------------------------------------------ */

static void
rp_scenario_document_dispose (GObject *object)
{
  RpScenarioDocument *self = RP_SCENARIO_DOCUMENT (object);

  g_clear_handle_id (&self->recompute_id, g_source_remove);
  g_clear_object (&self->file);
  G_OBJECT_CLASS (rp_scenario_document_parent_class)->dispose (object);
}

static void
rp_scenario_document_finalize (GObject *object)
{
  RpScenarioDocument *self = RP_SCENARIO_DOCUMENT (object);

  g_clear_pointer (&self->catalog, rp_catalog_unref);
  g_clear_pointer (&self->scenario, rp_scenario_free);
  g_clear_pointer (&self->estimate, rp_estimate_free);
  g_clear_error (&self->error);
  g_clear_pointer (&self->error_key, g_free);
  G_OBJECT_CLASS (rp_scenario_document_parent_class)->finalize (object);
}

static void
rp_scenario_document_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  RpScenarioDocument *self = RP_SCENARIO_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_CATALOG:
      g_value_set_pointer (value, self->catalog);
      break;
    case PROP_ESTIMATE:
      g_value_set_pointer (value, (gpointer) rp_scenario_document_get_estimate (self));
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;
    case PROP_TITLE:
      g_value_take_string (value, rp_scenario_document_dup_title (self));
      break;
    default:
      if (prop_id >= N_FIXED_PROPS && prop_id < N_PROPS)
        get_field (self, &fields[prop_id - N_FIXED_PROPS], value);
      else
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rp_scenario_document_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  RpScenarioDocument *self = RP_SCENARIO_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_CATALOG:
      self->catalog = rp_catalog_ref (g_value_get_pointer (value));
      break;
    case PROP_MODIFIED:
      rp_scenario_document_set_modified (self, g_value_get_boolean (value));
      break;
    default:
      if (prop_id >= N_FIXED_PROPS && prop_id < N_PROPS)
        {
          const Field *f = &fields[prop_id - N_FIXED_PROPS];

          if (f->arch_bit != 0)
            {
              /* Arch setters notify every arch field themselves. */
              guint32 overridden = self->scenario->model.overridden;
              RpModelArch arch = self->arch;

              set_field (self, f, value);
              if (overridden != self->scenario->model.overridden ||
                  memcmp (&arch, &self->arch, sizeof arch) != 0)
                changed (self);
              return;
            }
          if (set_field (self, f, value))
            {
              g_object_notify_by_pspec (object, pspec);
              changed (self);
            }
        }
      else
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ---- class_init / init ---------------------------------------------- */

static void
rp_scenario_document_class_init (RpScenarioDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = rp_scenario_document_dispose;
  object_class->finalize = rp_scenario_document_finalize;
  object_class->get_property = rp_scenario_document_get_property;
  object_class->set_property = rp_scenario_document_set_property;

  properties[PROP_CATALOG] =
    g_param_spec_pointer ("catalog", NULL, NULL,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ESTIMATE] =
    g_param_spec_pointer ("estimate", NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    properties[N_FIXED_PROPS + i] = field_pspec (&fields[i]);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
rp_scenario_document_init (RpScenarioDocument *self)
{
  self->scenario = rp_scenario_new ();
  rp_scenario_set_preset (self->scenario, "llama-3-8b");
  rp_scenario_set_gpu (self->scenario, "rtx-4090");
  self->estimate = rp_estimate_new ();
}

/* ---- public API ----------------------------------------------------- */

RpScenarioDocument *
rp_scenario_document_new (RpCatalog *catalog)
{
  RpScenarioDocument *self;

  g_return_val_if_fail (catalog != NULL, NULL);

  self = g_object_new (RP_TYPE_SCENARIO_DOCUMENT, "catalog", catalog, NULL);
  resolve_arch (self);
  rp_scenario_document_flush (self);
  return self;
}

RpCatalog *
rp_scenario_document_get_catalog (RpScenarioDocument *self)
{
  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), NULL);
  return self->catalog;
}

const RpScenario *
rp_scenario_document_get_scenario (RpScenarioDocument *self)
{
  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), NULL);
  return self->scenario;
}

const RpModelArch *
rp_scenario_document_get_arch (RpScenarioDocument *self)
{
  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), NULL);
  return &self->arch;
}

void
rp_scenario_document_set_scenario (RpScenarioDocument *self,
                                   RpScenario         *scenario,
                                   GFile              *file)
{
  g_return_if_fail (RP_IS_SCENARIO_DOCUMENT (self));
  g_return_if_fail (scenario != NULL);
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  g_object_freeze_notify (G_OBJECT (self));
  g_clear_pointer (&self->scenario, rp_scenario_free);
  self->scenario = scenario;
  g_set_object (&self->file, file);
  resolve_arch (self);
  for (guint i = N_FIXED_PROPS; i < N_PROPS; i++)
    g_object_notify_by_pspec (G_OBJECT (self), properties[i]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
  g_object_thaw_notify (G_OBJECT (self));
  /* Loading is not an edit: the bindings' echoes must not mark it. */
  rp_scenario_document_flush (self);
  rp_scenario_document_set_modified (self, FALSE);
}

const RpEstimate *
rp_scenario_document_get_estimate (RpScenarioDocument *self)
{
  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), NULL);
  return self->estimate_valid ? self->estimate : NULL;
}

const GError *
rp_scenario_document_get_error (RpScenarioDocument *self)
{
  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), NULL);
  return self->error;
}

const char *
rp_scenario_document_get_error_key (RpScenarioDocument *self)
{
  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), NULL);
  return self->error_key;
}

const char *
rp_scenario_document_get_error_text (RpScenarioDocument *self)
{
  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), NULL);

  if (self->error == NULL)
    return NULL;
  if (self->error_key != NULL)
    return self->error->message + strlen (self->error_key) + 2;
  return self->error->message;
}

void
rp_scenario_document_flush (RpScenarioDocument *self)
{
  g_autoptr(GError) error = NULL;
  gint64 start_us;

  g_return_if_fail (RP_IS_SCENARIO_DOCUMENT (self));

  g_clear_handle_id (&self->recompute_id, g_source_remove);
  start_us = g_get_monotonic_time ();
  self->estimate_valid = rp_estimate_compute (self->scenario, self->catalog, self->estimate,
                                              &error);
  self->compute_us = g_get_monotonic_time () - start_us;

  g_clear_error (&self->error);
  g_clear_pointer (&self->error_key, g_free);
  if (error != NULL)
    {
      /* Core messages start with the key they are about: "training.seq_len: …" */
      const char *colon = strstr (error->message, ": ");

      if (colon != NULL && memchr (error->message, ' ', colon - error->message) == NULL)
        self->error_key = g_strndup (error->message, colon - error->message);
      self->error = g_steal_pointer (&error);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ESTIMATE]);
}

gint64
rp_scenario_document_get_compute_us (RpScenarioDocument *self)
{
  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), 0);
  return self->compute_us;
}

GFile *
rp_scenario_document_get_file (RpScenarioDocument *self)
{
  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), NULL);
  return self->file;
}

gboolean
rp_scenario_document_get_modified (RpScenarioDocument *self)
{
  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), FALSE);
  return self->modified;
}

void
rp_scenario_document_set_modified (RpScenarioDocument *self,
                                   gboolean            modified)
{
  g_return_if_fail (RP_IS_SCENARIO_DOCUMENT (self));

  modified = !!modified;
  if (self->modified == modified)
    return;
  self->modified = modified;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

char *
rp_scenario_document_dup_title (RpScenarioDocument *self)
{
  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (self), NULL);

  if (self->scenario->name != NULL && *self->scenario->name != '\0')
    return g_strdup (self->scenario->name);
  if (self->file != NULL)
    return g_file_get_basename (self->file);
  return g_strdup (_("Untitled Scenario"));
}

void
rp_scenario_document_load_async (RpScenarioDocument  *self,
                                 GFile               *file,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (RP_IS_SCENARIO_DOCUMENT (self));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, rp_scenario_document_load_async);
  g_file_load_contents_async (file, cancellable, load_contents_cb, task);
}

gboolean
rp_scenario_document_load_finish (RpScenarioDocument *self,
                                  GAsyncResult       *result,
                                  GError            **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

void
rp_scenario_document_save_async (RpScenarioDocument  *self,
                                 GFile               *file,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  GTask *task;
  g_autoptr(GBytes) bytes = NULL;
  char *json;

  g_return_if_fail (RP_IS_SCENARIO_DOCUMENT (self));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, rp_scenario_document_save_async);
  json = rp_scenario_to_json (self->scenario);
  bytes = g_bytes_new_take (json, strlen (json));
  /* g_file_replace_contents writes a temporary and renames it. */
  g_file_replace_contents_bytes_async (file, bytes, NULL, FALSE, G_FILE_CREATE_NONE,
                                       cancellable, replace_contents_cb, task);
}

gboolean
rp_scenario_document_save_finish (RpScenarioDocument *self,
                                  GAsyncResult       *result,
                                  GError            **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

const char *
rp_scenario_document_property_key (const char *property)
{
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (g_str_equal (fields[i].name, property))
      return fields[i].key;
  return NULL;
}

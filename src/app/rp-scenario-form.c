/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-scenario-form.c: the Model, Training, Hardware and Budget sections
 *
 * The four sections are in ui/rp-scenario-form.ui; their rows come from
 * the table below, so that the label, the unit, the control, the JSON key
 * its errors name and its visibility are stated once.  Every control is
 * bound to a property of RpScenarioDocument; the form holds no scenario
 * logic: visibility and inline errors follow the document's state. */

#include "config.h"

#include "rp-scenario-form.h"

#include "rp-model.h"

#include <glib/gi18n.h>
#include <string.h>

/* ---- row table ------------------------------------------------------ */

typedef enum
{
  ROW_SPIN,
  ROW_ENUM,
  ROW_SWITCH,
  ROW_PRESET,                   /* model.preset from the catalog, or Custom */
  ROW_GPU,                      /* hardware.gpu from the catalog */
  ROW_OFFER,                    /* budget.rent_offer, or the price below */
  ROW_PARAMS_INFO,              /* read-only parameter count */
} RowType;

typedef enum
{
  SECTION_MODEL,
  SECTION_TRAINING,
  SECTION_HARDWARE,
  SECTION_BUDGET,
  N_SECTIONS
} Section;

typedef gboolean (*RowVisible) (const RpScenario  *scenario,
                                const RpModelArch *arch);

typedef struct
{
  Section             section;
  RowType             type;
  const char         *property;
  const char         *label;      /* N_() */
  const char         *unit;       /* N_(); "%s" is the currency symbol */
  const char         *tooltip;    /* N_() or NULL */
  guint               digits;
  double              step;
  double              scale;      /* the property is this × the shown value */
  const char * const *items;      /* ROW_ENUM: N_() labels */
  RowVisible          visible;
} RowInfo;

static const char * const kind_items[] = {
  N_("Decoder (GPT, Llama)"), N_("Encoder (BERT)"), N_("Encoder–decoder (T5)"),
  N_("Mixture of experts"), N_("Convolutional network"), N_("Vision transformer"),
  N_("Diffusion U-Net"), N_("Custom"), NULL
};
static const char * const ffn_act_items[] = {
  N_("GELU"), N_("ReLU"), N_("SwiGLU"), N_("GeGLU"), NULL
};
static const char * const method_items[] = {
  N_("Pretraining"), N_("Full fine-tune"), N_("LoRA"), N_("QLoRA (4-bit base)"), NULL
};
static const char * const lora_targets_items[] = {
  N_("Attention (q, k, v, o)"), N_("Only q and v"), N_("All linear layers"), NULL
};
static const char * const precision_items[] = {
  N_("FP32"), N_("AMP BF16"), N_("AMP FP16"), N_("BF16 mixed"), N_("FP16 mixed"),
  N_("Pure BF16"), N_("FP8 mixed"), NULL
};
static const char * const optimizer_items[] = {
  N_("AdamW"), N_("8-bit AdamW"), N_("SGD"), N_("SGD with momentum"), N_("Adafactor"),
  N_("Lion"), NULL
};
static const char * const recompute_items[] = {
  N_("None"), N_("Selective"), N_("Full"), NULL
};
static const char * const zero_items[] = {
  N_("0 — off"), N_("1 — optimizer states"), N_("2 — and gradients"),
  N_("3 — and weights (FSDP)"), NULL
};
static const char * const offload_items[] = {
  N_("None"), N_("Optimizer states"), N_("Optimizer states and weights"), NULL
};
static const char * const link_items[] = {
  N_("PCIe 3.0"), N_("PCIe 4.0"), N_("PCIe 5.0"), N_("NVLink 2"), N_("NVLink 3"),
  N_("NVLink 4"), N_("NVLink 5"), N_("Infinity Fabric"), NULL
};
static const char * const network_items[] = {
  N_("None (one node)"), N_("10 GbE"), N_("25 GbE"), N_("100 GbE"), N_("200 GbE"),
  N_("400 GbE"), N_("InfiniBand HDR"), N_("InfiniBand NDR"), NULL
};
static const char * const storage_items[] = {
  N_("Hard disk"), N_("SATA SSD"), N_("NVMe Gen3"), N_("NVMe Gen4"), N_("NVMe Gen5"),
  N_("Network storage"), NULL
};
static const char * const currency_items[] = {
  N_("US dollar ($)"), N_("Chinese yuan (¥)"), NULL
};
static const char * const rent_kind_items[] = {
  N_("On demand"), N_("Reserved, 1 year"), N_("Reserved, 3 years"), N_("Spot"), NULL
};

static gboolean
is_transformer (const RpScenario  *s,
                const RpModelArch *a)
{
  return rp_model_kind_is_transformer (a->kind);
}

static gboolean
is_not_transformer (const RpScenario  *s,
                    const RpModelArch *a)
{
  return !rp_model_kind_is_transformer (a->kind);
}

static gboolean
is_moe (const RpScenario  *s,
        const RpModelArch *a)
{
  return a->kind == RP_MODEL_KIND_MOE;
}

static gboolean
is_lora (const RpScenario  *s,
         const RpModelArch *a)
{
  return s->training.method == RP_METHOD_LORA || s->training.method == RP_METHOD_QLORA;
}

static gboolean
has_offer (const RpScenario  *s,
           const RpModelArch *a)
{
  return s->budget.rent_offer != NULL;
}

static gboolean
has_no_offer (const RpScenario  *s,
              const RpModelArch *a)
{
  return s->budget.rent_offer == NULL;
}

static gboolean
is_multi_node (const RpScenario  *s,
               const RpModelArch *a)
{
  return s->hardware.nodes > 1 || s->hardware.network != RP_NETWORK_NONE;
}

static const RowInfo rows[] = {
  { SECTION_MODEL, ROW_PRESET, "preset", N_("Preset"), NULL,
    N_("Choosing a preset fills in its architecture; every field stays editable"),
    0, 0, 1, NULL, NULL },
  { SECTION_MODEL, ROW_ENUM, "kind", N_("Kind"), NULL, NULL, 0, 0, 1, kind_items, NULL },
  { SECTION_MODEL, ROW_PARAMS_INFO, "params", N_("Parameters"), NULL, NULL, 0, 0, 1, NULL,
    is_transformer },
  { SECTION_MODEL, ROW_SPIN, "params", N_("Parameters"), N_("M"), NULL, 1, 1, 1e6,
    NULL, is_not_transformer },
  { SECTION_MODEL, ROW_SPIN, "layers", N_("Layers"), NULL, NULL, 0, 1, 1, NULL,
    is_transformer },
  { SECTION_MODEL, ROW_SPIN, "hidden", N_("Hidden size"), NULL, NULL, 0, 64, 1, NULL,
    is_transformer },
  { SECTION_MODEL, ROW_SPIN, "heads", N_("Attention heads"), NULL, NULL, 0, 1, 1, NULL,
    is_transformer },
  { SECTION_MODEL, ROW_SPIN, "kv-heads", N_("Key/value heads"), NULL,
    N_("Fewer than the attention heads means grouped-query attention"), 0, 1, 1, NULL,
    is_transformer },
  { SECTION_MODEL, ROW_SPIN, "ffn", N_("Feed-forward size"), NULL, NULL, 0, 256, 1, NULL,
    is_transformer },
  { SECTION_MODEL, ROW_ENUM, "ffn-act", N_("Activation"), NULL, NULL, 0, 0, 1, ffn_act_items,
    is_transformer },
  { SECTION_MODEL, ROW_SPIN, "vocab", N_("Vocabulary"), N_("tokens"), NULL, 0, 1000, 1, NULL,
    is_transformer },
  { SECTION_MODEL, ROW_SPIN, "experts", N_("Experts"), NULL, NULL, 0, 1, 1, NULL, is_moe },
  { SECTION_MODEL, ROW_SPIN, "experts-active", N_("Experts per token"), NULL, NULL, 0, 1, 1,
    NULL, is_moe },
  { SECTION_MODEL, ROW_SPIN, "input-size", N_("Input size"), N_("px"),
    N_("Pixels per side of an input image"), 0, 16, 1, NULL, is_not_transformer },

  { SECTION_TRAINING, ROW_ENUM, "method", N_("Method"), NULL, NULL, 0, 0, 1, method_items,
    NULL },
  { SECTION_TRAINING, ROW_SPIN, "lora-rank", N_("LoRA rank"), NULL, NULL, 0, 4, 1, NULL,
    is_lora },
  { SECTION_TRAINING, ROW_ENUM, "lora-targets", N_("LoRA targets"), NULL, NULL, 0, 0, 1,
    lora_targets_items, is_lora },
  { SECTION_TRAINING, ROW_ENUM, "precision", N_("Precision"), NULL, NULL, 0, 0, 1,
    precision_items, NULL },
  { SECTION_TRAINING, ROW_ENUM, "optimizer", N_("Optimizer"), NULL, NULL, 0, 0, 1,
    optimizer_items, NULL },
  { SECTION_TRAINING, ROW_SPIN, "seq-len", N_("Sequence length"), N_("tokens"), NULL, 0, 256,
    1, NULL, is_transformer },
  { SECTION_TRAINING, ROW_SPIN, "micro-batch", N_("Micro batch"), N_("samples"), N_("Samples per GPU per step"), 0, 1,
    1, NULL, NULL },
  { SECTION_TRAINING, ROW_SPIN, "global-batch", N_("Global batch"), N_("samples"),
    N_("Samples per optimizer step, across all GPUs"), 0, 8, 1, NULL, NULL },
  { SECTION_TRAINING, ROW_ENUM, "recompute", N_("Recomputation"), NULL,
    N_("Activation checkpointing: trades compute for memory"), 0, 0, 1, recompute_items,
    NULL },
  { SECTION_TRAINING, ROW_SWITCH, "flash-attention", N_("Flash attention"), NULL, NULL, 0, 0,
    1, NULL, is_transformer },
  { SECTION_TRAINING, ROW_ENUM, "zero-stage", N_("ZeRO stage"), NULL,
    N_("What is sharded across the data-parallel GPUs"), 0, 0, 1, zero_items, NULL },
  { SECTION_TRAINING, ROW_ENUM, "offload", N_("CPU offload"), NULL, NULL, 0, 0, 1,
    offload_items, NULL },
  { SECTION_TRAINING, ROW_SPIN, "tensor-parallel", N_("Tensor parallel"), N_("GPUs"), NULL, 0,
    1, 1, NULL, NULL },
  { SECTION_TRAINING, ROW_SPIN, "pipeline-parallel", N_("Pipeline parallel"), N_("stages"),
    NULL, 0, 1, 1, NULL, NULL },
  { SECTION_TRAINING, ROW_SWITCH, "sequence-parallel", N_("Sequence parallel"), NULL, NULL, 0,
    0, 1, NULL, is_transformer },
  { SECTION_TRAINING, ROW_SPIN, "dataset-tokens", N_("Dataset"), N_("M tokens"), NULL, 1,
    10, 1e6, NULL, is_transformer },
  { SECTION_TRAINING, ROW_SPIN, "dataset-samples", N_("Dataset"), N_("M samples"), NULL,
    3, 0.1, 1e6, NULL, is_not_transformer },
  { SECTION_TRAINING, ROW_SPIN, "epochs", N_("Epochs"), NULL, NULL, 1, 1, 1, NULL, NULL },

  { SECTION_HARDWARE, ROW_GPU, "gpu", N_("GPU"), NULL, NULL, 0, 0, 1, NULL, NULL },
  { SECTION_HARDWARE, ROW_SPIN, "gpus-per-node", N_("GPUs per node"), NULL, NULL, 0, 1, 1,
    NULL, NULL },
  { SECTION_HARDWARE, ROW_SPIN, "nodes", N_("Nodes"), NULL, NULL, 0, 1, 1, NULL, NULL },
  { SECTION_HARDWARE, ROW_ENUM, "intra-link", N_("GPU link"), NULL,
    N_("How the GPUs inside one node talk to each other"), 0, 0, 1, link_items, NULL },
  { SECTION_HARDWARE, ROW_ENUM, "network", N_("Network"), NULL,
    N_("How the nodes talk to each other"), 0, 0, 1, network_items, is_multi_node },
  { SECTION_HARDWARE, ROW_ENUM, "storage", N_("Storage"), NULL, NULL, 0, 0, 1, storage_items,
    NULL },
  { SECTION_HARDWARE, ROW_SPIN, "cpu-cores-per-node", N_("CPU cores per node"), NULL, NULL,
    0, 4, 1, NULL, NULL },
  { SECTION_HARDWARE, ROW_SPIN, "ram-gb-per-node", N_("RAM per node"), N_("GB"), NULL, 0, 16,
    1, NULL, NULL },
  { SECTION_HARDWARE, ROW_SPIN, "headroom-pct", N_("Required headroom"), "%",
    N_("VRAM to keep free for spikes and fragmentation"), 0, 1, 1, NULL, NULL },

  { SECTION_BUDGET, ROW_ENUM, "currency", N_("Currency"), NULL,
    N_("Changing the currency converts every price"), 0, 0, 1, currency_items, NULL },
  { SECTION_BUDGET, ROW_SPIN, "usd-to-cny", N_("Exchange rate"), N_("¥ per $"), NULL, 2, 0.1,
    1, NULL, NULL },
  { SECTION_BUDGET, ROW_SPIN, "limit", N_("Budget"), "%s", N_("0 means no limit"), 0, 1000,
    1, NULL, NULL },
  { SECTION_BUDGET, ROW_SPIN, "deadline-days", N_("Deadline"), N_("days"),
    N_("0 means no deadline"), 1, 1, 1, NULL, NULL },
  { SECTION_BUDGET, ROW_OFFER, "rent-offer", N_("Rental offer"), NULL, NULL, 0, 0, 1, NULL,
    NULL },
  { SECTION_BUDGET, ROW_ENUM, "rent-kind", N_("Rental terms"), NULL, NULL, 0, 0, 1,
    rent_kind_items, has_offer },
  { SECTION_BUDGET, ROW_SPIN, "rent-price-per-gpu-hour", N_("Rent price"), N_("%s/GPU·h"),
    NULL, 2, 0.1, 1, NULL, has_no_offer },
  { SECTION_BUDGET, ROW_SPIN, "gpu-price", N_("GPU price"), N_("%s each"),
    N_("0 uses the catalog price"), 0, 100, 1, NULL, NULL },
  { SECTION_BUDGET, ROW_SPIN, "server-price", N_("Server price"), N_("%s/node"),
    N_("The server without its GPUs"), 0, 100, 1, NULL, NULL },
  { SECTION_BUDGET, ROW_SPIN, "power-price-kwh", N_("Power price"), N_("%s/kWh"), NULL, 3,
    0.01, 1, NULL, NULL },
  { SECTION_BUDGET, ROW_SPIN, "pue", N_("PUE"), NULL,
    N_("Power usage effectiveness: facility power over IT power"), 2, 0.05, 1, NULL, NULL },
  { SECTION_BUDGET, ROW_SPIN, "years", N_("Depreciation"), N_("years"), NULL, 1, 0.5, 1, NULL,
    NULL },
  { SECTION_BUDGET, ROW_SPIN, "residual-pct", N_("Resale value"), "%", NULL, 0, 5,
    1, NULL, NULL },
  { SECTION_BUDGET, ROW_SPIN, "maintenance-pct-year", N_("Maintenance per year"), "%", NULL,
    1, 1, 1, NULL, NULL },
  { SECTION_BUDGET, ROW_SPIN, "utilization-pct", N_("Utilization"), "%",
    N_("How busy a bought machine would be over its life"), 0, 5, 1, NULL, NULL },
};

/* ---- private structs ------------------------------------------------ */

typedef struct
{
  const RowInfo *info;
  GtkWidget     *label;         /* borrowed: children of the grid */
  GtkWidget     *control;
  GtkWidget     *unit;
  GtkWidget     *error;
  GPtrArray     *ids;           /* owned; ids of ROW_PRESET/GPU/OFFER items (NULL = none) */
} Row;

struct _RpScenarioForm
{
  GtkWidget parent_instance;

  /* template children */
  GtkWidget *box;
  GtkGrid   *budget_grid;
  GtkGrid   *hardware_grid;
  GtkGrid   *model_grid;
  GtkEntry  *name_entry;
  GtkGrid   *training_grid;

  /* owned */
  RpScenarioDocument *document;
  Row                 rows[G_N_ELEMENTS (rows)];

  GtkSizeGroup       *label_group;  /* the same columns in every section */
  GtkSizeGroup       *spin_group;
  GtkSizeGroup       *unit_group;

  /* state */
  int        grid_rows[N_SECTIONS];
  gboolean   shows_error;
};

G_DEFINE_FINAL_TYPE (RpScenarioForm, rp_scenario_form, GTK_TYPE_WIDGET)

/* ---- helpers -------------------------------------------------------- */

static const char *
currency_symbol (RpCurrency currency)
{
  return currency == RP_CURRENCY_CNY ? "¥" : "$";
}

static gboolean
spin_to_property (GBinding     *binding,
                  const GValue *from,
                  GValue       *to,
                  gpointer      user_data)
{
  const RowInfo *info = user_data;
  double v = g_value_get_double (from) * info->scale;

  if (G_VALUE_HOLDS_UINT (to))
    g_value_set_uint (to, (guint) (v + 0.5));
  else
    g_value_set_double (to, v);
  return TRUE;
}

static gboolean
property_to_spin (GBinding     *binding,
                  const GValue *from,
                  GValue       *to,
                  gpointer      user_data)
{
  const RowInfo *info = user_data;
  double v = G_VALUE_HOLDS_UINT (from) ? g_value_get_uint (from) : g_value_get_double (from);

  g_value_set_double (to, v / info->scale);
  return TRUE;
}

static gboolean
selected_to_enum (GBinding     *binding,
                  const GValue *from,
                  GValue       *to,
                  gpointer      user_data)
{
  guint selected = g_value_get_uint (from);

  if (selected == GTK_INVALID_LIST_POSITION)
    return FALSE;
  g_value_set_uint (to, selected);
  return TRUE;
}

static gboolean
selected_to_id (GBinding     *binding,
                const GValue *from,
                GValue       *to,
                gpointer      user_data)
{
  Row *row = user_data;
  guint selected = g_value_get_uint (from);

  if (selected >= row->ids->len)
    return FALSE;
  g_value_set_string (to, g_ptr_array_index (row->ids, selected));
  return TRUE;
}

static gboolean
id_to_selected (GBinding     *binding,
                const GValue *from,
                GValue       *to,
                gpointer      user_data)
{
  Row *row = user_data;
  const char *id = g_value_get_string (from);

  for (guint i = 0; i < row->ids->len; i++)
    if (g_strcmp0 (g_ptr_array_index (row->ids, i), id) == 0)
      {
        g_value_set_uint (to, i);
        return TRUE;
      }
  /* An id from a file that no catalog has: the estimate's error says so. */
  return FALSE;
}

static void
on_item_setup_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (GPOINTER_TO_INT (user_data))
    {
      /* The button: long names (catalog GPUs, offers) must not widen
       * the form; the popup shows them whole. */
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (label), 12);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 20);
    }
  gtk_list_item_set_child (item, label);
}

static void
on_item_bind_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 gpointer                  user_data)
{
  GtkStringObject *string = gtk_list_item_get_item (item);

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)),
                       gtk_string_object_get_string (string));
}

static GtkListItemFactory *
new_item_factory (gboolean button)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (on_item_setup_cb), GINT_TO_POINTER (button));
  g_signal_connect (factory, "bind", G_CALLBACK (on_item_bind_cb), NULL);
  return factory;
}

/* Takes @items. */
static GtkWidget *
new_dropdown (GtkStringList *items,
              gboolean       searchable)
{
  g_autoptr(GtkListItemFactory) button_factory = new_item_factory (TRUE);
  g_autoptr(GtkListItemFactory) list_factory = new_item_factory (FALSE);
  GtkExpression *expression = NULL;
  GtkWidget *dropdown;

  if (searchable)
    expression = gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string");
  dropdown = gtk_drop_down_new (G_LIST_MODEL (items), expression);
  gtk_drop_down_set_enable_search (GTK_DROP_DOWN (dropdown), searchable);
  gtk_drop_down_set_factory (GTK_DROP_DOWN (dropdown), button_factory);
  gtk_drop_down_set_list_factory (GTK_DROP_DOWN (dropdown), list_factory);
  return dropdown;
}

static GtkWidget *
new_catalog_dropdown (RpScenarioForm *self,
                      Row            *row)
{
  RpCatalog *catalog = rp_scenario_document_get_catalog (self->document);
  GtkStringList *items = gtk_string_list_new (NULL);

  row->ids = g_ptr_array_new_with_free_func (g_free);
  switch (row->info->type)
    {
    case ROW_PRESET:
      /* TRANSLATORS: the model preset item for an architecture of one's own */
      gtk_string_list_append (items, _("Custom architecture"));
      g_ptr_array_add (row->ids, NULL);
      for (guint i = 0; i < rp_catalog_n_models (catalog); i++)
        {
          const RpModelPreset *m = rp_catalog_get_model (catalog, i);

          gtk_string_list_append (items, m->name);
          g_ptr_array_add (row->ids, g_strdup (m->id));
        }
      break;
    case ROW_GPU:
      for (guint i = 0; i < rp_catalog_n_gpus (catalog); i++)
        {
          const RpGpu *g = rp_catalog_get_gpu (catalog, i);

          gtk_string_list_append (items, g->name);
          g_ptr_array_add (row->ids, g_strdup (g->id));
        }
      break;
    case ROW_OFFER:
      /* TRANSLATORS: the rental offer item that uses the price typed below */
      gtk_string_list_append (items, _("My own price"));
      g_ptr_array_add (row->ids, NULL);
      for (guint i = 0; i < rp_catalog_n_clouds (catalog); i++)
        {
          const RpCloudOffer *o = rp_catalog_get_cloud (catalog, i);
          g_autofree char *label = NULL;

          /* TRANSLATORS: a rental offer: provider, instance type, date of the price */
          label = g_strdup_printf (_("%s %s (%s)"), o->provider, o->offer,
                                   o->as_of != NULL ? o->as_of : "?");
          gtk_string_list_append (items, label);
          g_ptr_array_add (row->ids, g_strdup (o->id));
        }
      break;
    case ROW_SPIN:
    case ROW_ENUM:
    case ROW_SWITCH:
    case ROW_PARAMS_INFO:
    default:
      g_assert_not_reached ();
    }
  return new_dropdown (items, TRUE);
}

static GtkGrid *
section_grid (RpScenarioForm *self,
              Section         section)
{
  switch (section)
    {
    case SECTION_MODEL:
      return self->model_grid;
    case SECTION_TRAINING:
      return self->training_grid;
    case SECTION_HARDWARE:
      return self->hardware_grid;
    case SECTION_BUDGET:
      return self->budget_grid;
    case N_SECTIONS:
    default:
      g_assert_not_reached ();
    }
}

static void
build_row (RpScenarioForm *self,
           Row            *row)
{
  const RowInfo *info = row->info;
  GtkGrid *grid = section_grid (self, info->section);
  int y = self->grid_rows[info->section];
  GtkWidget *control = NULL;
  GBindingFlags flags = G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE;

  row->label = gtk_label_new (_(info->label));
  gtk_label_set_xalign (GTK_LABEL (row->label), 0);
  gtk_widget_set_hexpand (row->label, TRUE);
  gtk_widget_add_css_class (row->label, "field-label");
  gtk_size_group_add_widget (self->label_group, row->label);

  switch (info->type)
    {
    case ROW_SPIN:
      {
        GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (self->document),
                                                          info->property);
        double lo, hi;

        if (G_IS_PARAM_SPEC_UINT (pspec))
          {
            lo = G_PARAM_SPEC_UINT (pspec)->minimum;
            hi = G_PARAM_SPEC_UINT (pspec)->maximum;
          }
        else
          {
            lo = G_PARAM_SPEC_DOUBLE (pspec)->minimum;
            hi = G_PARAM_SPEC_DOUBLE (pspec)->maximum;
          }
        control = gtk_spin_button_new_with_range (lo / info->scale, hi / info->scale,
                                                  info->step);
        gtk_spin_button_set_digits (GTK_SPIN_BUTTON (control), info->digits);
        gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (control), TRUE);
        gtk_editable_set_width_chars (GTK_EDITABLE (control), 7);
        g_object_bind_property_full (self->document, info->property, control, "value", flags,
                                     property_to_spin, spin_to_property, (gpointer) info, NULL);
        break;
      }
    case ROW_ENUM:
      {
        GtkStringList *items = gtk_string_list_new (NULL);

        for (guint i = 0; info->items[i] != NULL; i++)
          gtk_string_list_append (items, _(info->items[i]));
        control = new_dropdown (items, FALSE);
        g_object_bind_property_full (self->document, info->property, control, "selected", flags,
                                     NULL, selected_to_enum, NULL, NULL);
        break;
      }
    case ROW_SWITCH:
      control = gtk_switch_new ();
      gtk_widget_set_halign (control, GTK_ALIGN_START);
      gtk_widget_set_valign (control, GTK_ALIGN_CENTER);
      g_object_bind_property (self->document, info->property, control, "active", flags);
      break;
    case ROW_PRESET:
    case ROW_GPU:
    case ROW_OFFER:
      control = new_catalog_dropdown (self, row);
      g_object_bind_property_full (self->document, info->property, control, "selected", flags,
                                   id_to_selected, selected_to_id, row, NULL);
      break;
    case ROW_PARAMS_INFO:
      control = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (control), 0);
      gtk_label_set_selectable (GTK_LABEL (control), TRUE);
      gtk_widget_add_css_class (control, "numeric");
      break;
    default:
      g_assert_not_reached ();
    }
  row->control = control;
  gtk_widget_set_hexpand (control, FALSE);
  if (info->type == ROW_ENUM || info->type == ROW_PRESET || info->type == ROW_GPU ||
      info->type == ROW_OFFER)
    gtk_widget_set_size_request (control, 180, -1);

  if (info->tooltip != NULL)
    {
      gtk_widget_set_tooltip_text (row->label, _(info->tooltip));
      gtk_widget_set_tooltip_text (control, _(info->tooltip));
    }

  gtk_grid_attach (grid, row->label, 0, y, 1, 1);
  if (info->unit != NULL)
    {
      row->unit = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (row->unit), 0);
      gtk_widget_add_css_class (row->unit, "dim-label");
      gtk_widget_add_css_class (row->unit, "unit");
      gtk_size_group_add_widget (self->spin_group, control);
      gtk_size_group_add_widget (self->unit_group, row->unit);
      gtk_grid_attach (grid, control, 1, y, 1, 1);
      gtk_grid_attach (grid, row->unit, 2, y, 1, 1);
    }
  else
    gtk_grid_attach (grid, control, 1, y, 2, 1);

  row->error = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (row->error), 0);
  gtk_label_set_wrap (GTK_LABEL (row->error), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (row->error), 40);
  gtk_widget_add_css_class (row->error, "field-error");
  gtk_widget_set_visible (row->error, FALSE);
  gtk_grid_attach (grid, row->error, 0, y + 1, 3, 1);
  self->grid_rows[info->section] = y + 2;

  /* The label names the control for screen readers; the unit and the
   * error describe it. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (control), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _(info->label), -1);
  if (row->unit != NULL)
    gtk_accessible_update_relation (GTK_ACCESSIBLE (control),
                                    GTK_ACCESSIBLE_RELATION_LABELLED_BY, row->label, NULL,
                                    GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, row->unit, row->error,
                                    NULL, -1);
  else
    gtk_accessible_update_relation (GTK_ACCESSIBLE (control),
                                    GTK_ACCESSIBLE_RELATION_LABELLED_BY, row->label, NULL,
                                    GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, row->error, NULL, -1);
  gtk_label_set_mnemonic_widget (GTK_LABEL (row->label), control);
}

static Row *
find_row (RpScenarioForm *self,
          const char     *property,
          gboolean        visible_only)
{
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      Row *row = &self->rows[i];

      if (row->info->type == ROW_PARAMS_INFO || !g_str_equal (row->info->property, property))
        continue;
      if (visible_only && !gtk_widget_get_visible (row->control))
        continue;
      return row;
    }
  return NULL;
}

static char *
format_params (double params)
{
  if (params >= 1e9)
    /* TRANSLATORS: a parameter count in billions */
    return g_strdup_printf (_("%.2f billion"), params / 1e9);
  /* TRANSLATORS: a parameter count in millions */
  return g_strdup_printf (_("%.1f million"), params / 1e6);
}

/* Shows the rows that apply, the currency in the units and the error next
 * to the field it is about. */
static void
update_state (RpScenarioForm *self)
{
  const RpScenario *scenario = rp_scenario_document_get_scenario (self->document);
  const RpModelArch *arch = rp_scenario_document_get_arch (self->document);
  const char *error_key = rp_scenario_document_get_error_key (self->document);
  const char *error_text = rp_scenario_document_get_error_text (self->document);
  const char *symbol = currency_symbol (scenario->budget.currency);

  self->shows_error = FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      Row *row = &self->rows[i];
      const RowInfo *info = row->info;
      gboolean visible = info->visible == NULL || info->visible (scenario, arch);
      gboolean has_error;

      gtk_widget_set_visible (row->label, visible);
      gtk_widget_set_visible (row->control, visible);
      if (row->unit != NULL)
        {
          g_autofree char *unit = NULL;

          gtk_widget_set_visible (row->unit, visible);
          /* The unit may hold the currency symbol. */
          if (strstr (info->unit, "%s") != NULL)
            unit = g_strdup_printf (_(info->unit), symbol);
          gtk_label_set_label (GTK_LABEL (row->unit), unit != NULL ? unit : _(info->unit));
        }
      if (info->type == ROW_PARAMS_INFO)
        {
          g_autofree char *text = format_params ((double) rp_model_params (arch));

          gtk_label_set_label (GTK_LABEL (row->control), text);
        }

      has_error = visible && error_key != NULL && !self->shows_error &&
                  info->type != ROW_PARAMS_INFO &&
                  g_strcmp0 (rp_scenario_document_property_key (info->property), error_key) == 0;
      gtk_widget_set_visible (row->error, has_error);
      gtk_label_set_label (GTK_LABEL (row->error), has_error ? error_text : "");
      if (has_error)
        {
          gtk_widget_add_css_class (row->control, "error");
          self->shows_error = TRUE;
        }
      else
        gtk_widget_remove_css_class (row->control, "error");
    }
}

/* ---- signal callbacks ----------------------------------------------- */

static void
on_document_notify_cb (RpScenarioForm *self,
                       GParamSpec     *pspec,
                       RpScenarioDocument *document)
{
  update_state (self);
}

/* ---- vfunc overrides ------------------------------------------------ */

static void
rp_scenario_form_dispose (GObject *object)
{
  RpScenarioForm *self = RP_SCENARIO_FORM (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), RP_TYPE_SCENARIO_FORM);
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    g_clear_pointer (&self->rows[i].ids, g_ptr_array_unref);
  g_clear_object (&self->document);
  g_clear_object (&self->label_group);
  g_clear_object (&self->spin_group);
  g_clear_object (&self->unit_group);
  G_OBJECT_CLASS (rp_scenario_form_parent_class)->dispose (object);
}

/* ---- class_init / init ---------------------------------------------- */

static void
rp_scenario_form_class_init (RpScenarioFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = rp_scenario_form_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/rigplan/Rigplan/rp-scenario-form.ui");
  gtk_widget_class_bind_template_child (widget_class, RpScenarioForm, box);
  gtk_widget_class_bind_template_child (widget_class, RpScenarioForm, budget_grid);
  gtk_widget_class_bind_template_child (widget_class, RpScenarioForm, hardware_grid);
  gtk_widget_class_bind_template_child (widget_class, RpScenarioForm, model_grid);
  gtk_widget_class_bind_template_child (widget_class, RpScenarioForm, name_entry);
  gtk_widget_class_bind_template_child (widget_class, RpScenarioForm, training_grid);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "scenarioform");
}

static void
rp_scenario_form_init (RpScenarioForm *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->label_group = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  self->spin_group = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  self->unit_group = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    self->rows[i].info = &rows[i];
}

/* ---- public API ----------------------------------------------------- */

void
rp_scenario_form_set_document (RpScenarioForm     *self,
                               RpScenarioDocument *document)
{
  g_return_if_fail (RP_IS_SCENARIO_FORM (self));
  g_return_if_fail (RP_IS_SCENARIO_DOCUMENT (document));
  g_return_if_fail (self->document == NULL);

  self->document = g_object_ref (document);
  g_object_bind_property (document, "name", self->name_entry, "text",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    build_row (self, &self->rows[i]);
  g_signal_connect_object (document, "notify::estimate", G_CALLBACK (on_document_notify_cb),
                           self, G_CONNECT_SWAPPED);
  update_state (self);
}

GtkWidget *
rp_scenario_form_get_control (RpScenarioForm *self,
                              const char     *property)
{
  Row *row;

  g_return_val_if_fail (RP_IS_SCENARIO_FORM (self), NULL);
  g_return_val_if_fail (property != NULL, NULL);

  if (g_str_equal (property, "name"))
    return GTK_WIDGET (self->name_entry);
  row = find_row (self, property, TRUE);
  if (row == NULL)
    row = find_row (self, property, FALSE);
  return row != NULL ? row->control : NULL;
}

const char *
rp_scenario_form_get_field_error (RpScenarioForm *self,
                                  const char     *property)
{
  g_return_val_if_fail (RP_IS_SCENARIO_FORM (self), NULL);

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      Row *row = &self->rows[i];

      if (row->info->type != ROW_PARAMS_INFO && g_str_equal (row->info->property, property) &&
          gtk_widget_get_visible (row->error))
        return gtk_label_get_label (GTK_LABEL (row->error));
    }
  return NULL;
}

gboolean
rp_scenario_form_shows_error (RpScenarioForm *self)
{
  g_return_val_if_fail (RP_IS_SCENARIO_FORM (self), FALSE);
  return self->shows_error;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-scenario.c: defaults, copying and cross-key validation */

#include "config.h"

#include "rp-scenario.h"

#include "rp-error.h"
#include "rp-fields.h"
#include "rp-json-private.h"
#include "rp-owned.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

/* ---- helpers -------------------------------------------------------- */

static gboolean
scenario_invalid (GError    **error,
                  const char *key,
                  const char *what)
{
  rp_error_set_key (error, RP_ERROR_INVALID_VALUE, key, "%s", what);
  return FALSE;
}

/* ---- public API ----------------------------------------------------- */

void
rp_change_clear (RpChange *change)
{
  g_return_if_fail (change != NULL);
  g_clear_pointer (&change->from_text, g_free);
  g_clear_pointer (&change->to_text, g_free);
}

RpScenario *
rp_scenario_new (void)
{
  RpScenario *self = g_new0 (RpScenario, 1);

  rp_fields_set_defaults (self);
  return self;
}

/* The region a new CNY plan is priced in.  China's national industrial
 * average is the one Chinese region of regions.json with a country-wide
 * scope and a stated electricity price: the coastal provinces state none,
 * and the western hubs' 0.35–0.39 CNY/kWh are prices for data centres
 * there, not for a machine in an office.  Where the machine runs is not
 * known yet, so the average is the least wrong default. */
static const char *const china_default_region = "cn-average";

RpScenario *
rp_scenario_new_starter_in (RpCurrency currency)
{
  RpScenario *self = rp_scenario_new ();
  RpTraining *t = &self->training;

  g_return_val_if_fail ((guint) currency < RP_N_CURRENCIES, self);

  /* TRANSLATORS: the name of the plan a new window opens with */
  rp_scenario_set_name (self, _("Llama 3 8B LoRA on one RTX 4090"));
  rp_scenario_set_preset (self, "llama-3-8b");
  rp_scenario_set_gpu (self, "rtx-4090");
  t->method = RP_METHOD_LORA;
  t->recompute = RP_RECOMPUTE_FULL;
  t->dataset_tokens = 2e8;
  self->budget.currency = currency;
  if (currency == RP_CURRENCY_CNY)
    rp_scenario_set_region (self, china_default_region);
  return self;
}

RpScenario *
rp_scenario_new_starter (void)
{
  RpCurrency currency = RP_CURRENCY_USD;

  /* TRANSLATORS: the currency a new plan is in: "USD" or "CNY" */
  rp_currency_from_string (C_("default currency", "USD"), &currency);
  return rp_scenario_new_starter_in (currency);
}

RpScenario *
rp_scenario_copy (const RpScenario *self)
{
  RpScenario *copy;

  g_return_val_if_fail (self != NULL, NULL);

  copy = g_new0 (RpScenario, 1);
  *copy = *self;
  /* the strings are the field table's string fields */
  for (guint i = 0; i < rp_fields_n (); i++)
    {
      const RpField *f = rp_fields_get (i);

      if (f->type == RP_FIELD_STRING && f->arch_bit == 0)
        {
          char **slot = rp_field_member (f, copy);

          *slot = g_strdup (*slot);
        }
    }
  copy->extra = rp_json_extra_copy (self->extra);
  return copy;
}

void
rp_scenario_free (RpScenario *self)
{
  if (self == NULL)
    return;
  for (guint i = 0; i < rp_fields_n (); i++)
    {
      const RpField *f = rp_fields_get (i);

      if (f->type == RP_FIELD_STRING && f->arch_bit == 0)
        g_free (*(char **) rp_field_member (f, self));
    }
  rp_json_extra_free (self->extra);
  g_free (self);
}

#define DEFINE_STRING_SETTER(fn, field)          \
  void                                           \
  fn (RpScenario *self,                          \
      const char *value)                         \
  {                                              \
    g_return_if_fail (self != NULL);             \
    if (g_strcmp0 (self->field, value) == 0)     \
      return;                                    \
    g_free (self->field);                        \
    self->field = g_strdup (value);              \
  }

DEFINE_STRING_SETTER (rp_scenario_set_name, name)
DEFINE_STRING_SETTER (rp_scenario_set_notes, notes)
DEFINE_STRING_SETTER (rp_scenario_set_preset, model.preset)
DEFINE_STRING_SETTER (rp_scenario_set_gpu, hardware.gpu)
DEFINE_STRING_SETTER (rp_scenario_set_rent_offer, budget.rent_offer)
DEFINE_STRING_SETTER (rp_scenario_set_region, budget.region)

guint
rp_scenario_n_gpus (const RpScenario *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->hardware.gpus_per_node * self->hardware.nodes;
}

guint
rp_scenario_data_parallel (const RpScenario *self)
{
  guint model_parallel;

  g_return_val_if_fail (self != NULL, 0);
  /* context-parallel ranks share each sequence, not the batch */
  model_parallel = MAX (self->training.tensor_parallel, 1) *
                   MAX (self->training.pipeline_parallel, 1) *
                   MAX (self->training.context_parallel, 1);
  return MAX (rp_scenario_n_gpus (self) / model_parallel, 1);
}

static void
change_free (gpointer data)
{
  rp_change_clear (data);
}

static void
diff_field (GArray           *out,
            const RpField    *f,
            const RpScenario *a,
            const RpScenario *b)
{
  RpChange change = { f->key, NAN, NAN, NULL, NULL };
  gconstpointer ma = rp_field_member_const (f, a), mb = rp_field_member_const (f, b);

  if (f->arch_bit != 0)
    {
      gboolean in_a = (a->model.overridden & f->arch_bit) != 0;
      gboolean in_b = (b->model.overridden & f->arch_bit) != 0;

      if (!in_a && !in_b)
        return;
      change.from = in_a ? rp_field_get_number (f, &a->model.arch) : NAN;
      change.to = in_b ? rp_field_get_number (f, &b->model.arch) : NAN;
      if (in_a == in_b && change.from == change.to)
        return;
    }
  else if (f->type == RP_FIELD_STRING)
    {
      const char *sa = *(char *const *) ma, *sb = *(char *const *) mb;

      if (g_strcmp0 (sa, sb) == 0)
        return;
      change.from_text = g_strdup (sa);
      change.to_text = g_strdup (sb);
    }
  else
    {
      change.from = rp_field_get_number (f, a);
      change.to = rp_field_get_number (f, b);
      /* NAN is null: two nulls are equal */
      if (change.from == change.to || (isnan (change.from) && isnan (change.to)))
        return;
    }
  g_array_append_val (out, change);
}

/* Where each field's bytes lie in a scenario, to rule out the fields a
 * change left alone without reading them as numbers: equal bytes are an
 * equal value (the same string, for a string field's pointer), so only
 * the fields whose bytes differ are compared by diff_field().  The
 * scenario is read as 8-byte words, and each word knows the fields in it,
 * so a diff costs a pass over the words and a look at the few fields of
 * those that differ. */
typedef struct
{
  guint32 offset;                   /* in RpScenario, architecture fields too */
  guint32 size;                     /* 4 or 8 */
  guint32 arch_bit;
} FieldBytes;

#define N_WORDS (sizeof (RpScenario) / sizeof (guint64))
#define DIFF_BLOCK_WORDS 16          /* rp_scenario_diff's memcmp, 128 bytes */
#define MAX_FIELD_CHUNKS 4          /* 64 fields each: a table of up to 256 fields */

G_STATIC_ASSERT (sizeof (RpScenario) % sizeof (guint64) == 0);

typedef struct
{
  guint      n_chunks;
  FieldBytes field[64 * MAX_FIELD_CHUNKS];
  guint64    in_word[N_WORDS][MAX_FIELD_CHUNKS];   /* the fields with bytes in it */
  guint64    arch[MAX_FIELD_CHUNKS];               /* the architecture fields */
} FieldWords;

static guint32
field_size (const RpField *f)
{
  switch (f->type)
    {
    case RP_FIELD_UINT64:
      return sizeof (guint64);
    case RP_FIELD_DOUBLE:
      return sizeof (double);
    case RP_FIELD_STRING:
      return sizeof (char *);
    case RP_FIELD_BOOL:
      return sizeof (gboolean);
    case RP_FIELD_UINT:
    case RP_FIELD_ENUM:
    default:
      return sizeof (int);
    }
}

static const FieldWords *
field_words (void)
{
  static FieldWords *table;

  if (g_once_init_enter (&table))
    {
      FieldWords *t = g_new0 (FieldWords, 1);

      g_assert (rp_fields_n () <= 64 * MAX_FIELD_CHUNKS);
      t->n_chunks = (rp_fields_n () + 63) / 64;
      for (guint i = 0; i < rp_fields_n (); i++)
        {
          const RpField *f = rp_fields_get (i);
          FieldBytes *fb = &t->field[i];
          guint64 bit = G_GUINT64_CONSTANT (1) << (i % 64);

          fb->arch_bit = f->arch_bit;
          fb->offset = (guint32) (f->offset + (f->arch_bit != 0 ? G_STRUCT_OFFSET (RpScenario,
                                                                                    model.arch)
                                                                : 0));
          fb->size = field_size (f);
          g_assert (fb->offset + fb->size <= sizeof (RpScenario));
          for (gsize w = fb->offset / 8; w <= (fb->offset + fb->size - 1) / 8; w++)
            t->in_word[w][i / 64] |= bit;
          if (f->arch_bit != 0)
            t->arch[i / 64] |= bit;
        }
      g_once_init_leave (&table, t);
    }
  return table;
}

/* Whether field @i is certainly the same in @a and @b: the same bytes,
 * and for an architecture field overridden in both or in neither. */
static inline gboolean
same_bytes (const FieldBytes *fb,
            const RpScenario *a,
            const RpScenario *b)
{
  const guint8 *pa, *pb;

  if (fb->arch_bit != 0)
    {
      guint32 in_a = a->model.overridden & fb->arch_bit;

      if (in_a != (b->model.overridden & fb->arch_bit))
        return FALSE;
      if (in_a == 0)
        return TRUE;
    }
  pa = (const guint8 *) a + fb->offset;
  pb = (const guint8 *) b + fb->offset;
  /* the two sizes there are, each a constant memcmp() compiles inline */
  if (fb->size == 8)
    return memcmp (pa, pb, 8) == 0;
  return memcmp (pa, pb, 4) == 0;
}

GArray *
rp_scenario_diff (const RpScenario *a,
                  const RpScenario *b)
{
  const FieldWords *t = field_words ();
  guint64 maybe[MAX_FIELD_CHUNKS] = { 0 };
  GArray *out;

  g_return_val_if_fail (a != NULL && b != NULL, NULL);

  out = g_array_new (FALSE, TRUE, sizeof (RpChange));
  g_array_set_clear_func (out, change_free);
  /* the fields in the words that differ, and the architecture's when
   * what is overridden differs; a change (a fix's, an edit) differs in
   * a few words, so a block that memcmp finds the same is skipped whole */
  for (gsize block = 0; block < N_WORDS; block += DIFF_BLOCK_WORDS)
    {
      gsize end = MIN (block + DIFF_BLOCK_WORDS, N_WORDS);

      if (memcmp ((const guint8 *) a + block * sizeof (guint64),
                  (const guint8 *) b + block * sizeof (guint64),
                  (end - block) * sizeof (guint64)) == 0)
        continue;
      for (gsize w = block; w < end; w++)
        {
          guint64 wa, wb;

          memcpy (&wa, (const guint8 *) a + w * sizeof wa, sizeof wa);
          memcpy (&wb, (const guint8 *) b + w * sizeof wb, sizeof wb);
          if (wa != wb)
            for (guint c = 0; c < t->n_chunks; c++)
              maybe[c] |= t->in_word[w][c];
        }
    }
  if (a->model.overridden != b->model.overridden)
    for (guint c = 0; c < t->n_chunks; c++)
      maybe[c] |= t->arch[c];
  /* in the table's order */
  for (guint c = 0; c < t->n_chunks; c++)
    while (maybe[c] != 0)
      {
        guint i = c * 64 + (guint) __builtin_ctzll (maybe[c]);

        maybe[c] &= maybe[c] - 1;
        if (!same_bytes (&t->field[i], a, b))
          diff_field (out, rp_fields_get (i), a, b);
      }
  return out;
}

/* A price field bound to @of holding a typed price. */
static gboolean
is_typed_price (const RpField    *f,
                const RpScenario *self,
                RpFieldFlags      of)
{
  if ((f->flags & of) == 0)
    return FALSE;
  if (f->type == RP_FIELD_STRING)
    return *(char * const *) rp_field_member_const (f, self) != NULL;
  return !isnan (rp_field_get_number (f, self));
}

GArray *
rp_scenario_typed_prices (const RpScenario *self,
                          RpFieldFlags      of)
{
  GArray *out;

  g_return_val_if_fail (self != NULL, NULL);

  out = g_array_new (FALSE, TRUE, sizeof (RpChange));
  g_array_set_clear_func (out, change_free);
  for (guint i = 0; i < rp_fields_n (); i++)
    {
      const RpField *f = rp_fields_get (i);
      RpChange c = { .key = f->key, .from = NAN, .to = NAN };

      if (!is_typed_price (f, self, of))
        continue;
      if (f->type == RP_FIELD_STRING)
        c.to_text = g_strdup (*(char * const *) rp_field_member_const (f, self));
      else
        c.to = rp_field_get_number (f, self);
      g_array_append_val (out, c);
    }
  return out;
}

void
rp_scenario_drop_prices (RpScenario   *self,
                         RpFieldFlags  of)
{
  g_return_if_fail (self != NULL);

  for (guint i = 0; i < rp_fields_n (); i++)
    {
      const RpField *f = rp_fields_get (i);

      if (!is_typed_price (f, self, of))
        continue;
      if (f->type == RP_FIELD_STRING)
        g_clear_pointer ((char **) rp_field_member (f, self), g_free);
      else
        rp_field_set_number (f, self, NAN);
    }
}

gboolean
rp_scenario_model_is_customized (const RpScenario  *self,
                                 const RpModelArch *preset_arch)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (self->model.preset == NULL || preset_arch == NULL)
    return FALSE;
  for (guint i = 0; i < rp_fields_n (); i++)
    {
      const RpField *f = rp_fields_get (i);

      if ((self->model.overridden & f->arch_bit) != 0 &&
          rp_field_get_number (f, &self->model.arch) != rp_field_get_number (f, preset_arch))
        return TRUE;
    }
  return FALSE;
}

gboolean
rp_scenario_validate (const RpScenario *self,
                      GError          **error)
{
  const RpTraining *t;
  const RpHardware *hw;
  guint n_gpus, model_parallel;

  g_return_val_if_fail (self != NULL, FALSE);

  t = &self->training;
  hw = &self->hardware;
  n_gpus = rp_scenario_n_gpus (self);
  model_parallel = t->tensor_parallel * t->pipeline_parallel * MAX (t->context_parallel, 1);

  if (hw->gpu == NULL || *hw->gpu == '\0')
    {
      rp_error_set_key (error, RP_ERROR_MISSING_FIELD, "hardware.gpu", _("choose a GPU"));
      return FALSE;
    }
  /* each field's own range: the field table, its one description */
  if (!rp_fields_check_scenario (self, error))
    return FALSE;
  /* the rules that tie fields together; a field's own range is the table's */
  if (model_parallel == 0 || n_gpus % model_parallel != 0)
    {
      /* the first size that does not divide what the ones before leave */
      const char *key = n_gpus % t->tensor_parallel != 0 ? "training.tensor_parallel"
                        : (n_gpus / t->tensor_parallel) % t->pipeline_parallel != 0
                        ? "training.pipeline_parallel" : "training.context_parallel";

      /* TRANSLATORS: the sizes, their product, then the GPU count */
      rp_error_set_key (error, RP_ERROR_INVALID_VALUE, key,
                        _("tensor × pipeline × context parallel size (%u × %u × %u = %u) must "
                          "divide the GPU count (%u)"), t->tensor_parallel, t->pipeline_parallel,
                        MAX (t->context_parallel, 1), model_parallel, n_gpus);
      return FALSE;
    }
  if (t->tensor_parallel > hw->gpus_per_node)
    return scenario_invalid (error, "training.tensor_parallel",
                             _("tensor parallelism cannot span more GPUs than one node has"));
  if (t->global_batch < t->micro_batch * rp_scenario_data_parallel (self))
    return scenario_invalid (error, "training.global_batch",
                             _("must be at least micro batch × data-parallel GPUs"));
  if (hw->owned_gpus != NULL)
    {
      g_autoptr(GPtrArray) owned = rp_owned_parse (hw->owned_gpus, error);

      if (owned == NULL)
        return FALSE;
    }
  return TRUE;
}

guint
rp_scenario_batch_step (const RpScenario *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->training.micro_batch * MAX (rp_scenario_data_parallel (self), 1);
}

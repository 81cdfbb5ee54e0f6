/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-words-changes.c: what an action changed in a scenario, in words */

#include "config.h"

#include "rp-words-changes.h"

#include "rp-fields.h"
#include "rp-format.h"
#include "rp-gettext.h"
#include "rp-words.h"


static gconstpointer
field_base (const RpField    *f,
            const RpScenario *s)
{
  return f->arch_bit != 0 ? (gconstpointer) &s->model.arch : (gconstpointer) s;
}

char *
rp_words_changes (const RpScenario *before,
                  const RpScenario *after,
                  const RpCatalog  *catalog)
{
  g_autoptr(GArray) changes = NULL;
  g_autoptr(GString) text = NULL;
  guint named = 0;
  guint more = 0;

  g_return_val_if_fail (before != NULL && after != NULL, NULL);

  changes = rp_scenario_diff (before, after);
  if (changes == NULL || changes->len == 0)
    return NULL;
  text = g_string_new (NULL);
  /* the machine first ("Use this machine" is about the GPU and its
   * count), then the rest in the field table's order */
  for (guint pass = 0; pass < 2; pass++)
    {
      for (guint i = 0; i < changes->len; i++)
        {
          const RpChange *change = &g_array_index (changes, RpChange, i);
          const RpField *f = rp_fields_lookup (change->key);
          g_autofree char *from = NULL;
          g_autofree char *to = NULL;

          if (f == NULL || (f->section == RP_SECTION_HARDWARE) != (pass == 0))
            continue;
          if (named == RP_WORDS_CHANGES_MAX_NAMED)
            {
              more++;
              continue;
            }
          from = rp_words_field_value (f, field_base (f, before), before, catalog);
          to = rp_words_field_value (f, field_base (f, after), after, catalog);
          if (named > 0)
            /* TRANSLATORS: between two changes, "Method: LoRA → QLoRA; …" */
            g_string_append (text, _("; "));
          /* TRANSLATORS: one changed setting: its label, the value before
           * and the value after ("Method: LoRA → QLoRA") */
          g_string_append_printf (text, _("%s: %s → %s"), rp_field_get_label (f), from, to);
          named++;
        }
    }
  if (named == 0)
    return NULL;
  if (more > 0)
    {
      g_autofree char *all = g_string_free (g_steal_pointer (&text), FALSE);

      /* TRANSLATORS: %s is the changes named, %u how many more */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, and %u more change",
                                           "%s, and %u more changes", more),
                              all, more);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

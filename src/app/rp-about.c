/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-about.c: the About window, with release notes from the metainfo */

#include "config.h"

#include "rp-about.h"

#include <glib/gi18n.h>

/* The metainfo as it is in the sources (ui/rigplan.gresource.xml). */
#define METAINFO_RESOURCE "/io/github/rigplan/Rigplan/metainfo.xml"

/* ---- private structs ------------------------------------------------ */

typedef struct
{
  GString *notes;
  char    *version;               /* owned: the first release's */
  GString *text;                  /* the text of the element open */
  guint    release_depth;         /* 1 inside the first <release> */
  gboolean in_description;
  gboolean done;
} Parse;

/* ---- helpers -------------------------------------------------------- */

static gboolean
is_block (const char *name)
{
  return g_str_equal (name, "p") || g_str_equal (name, "li");
}

static void
on_start_cb (GMarkupParseContext  *context,
             const char           *name,
             const char          **attribute_names,
             const char          **attribute_values,
             gpointer              user_data,
             GError              **error)
{
  Parse *p = user_data;

  if (p->done)
    return;
  if (g_str_equal (name, "release") && p->release_depth == 0)
    {
      for (guint i = 0; attribute_names[i] != NULL; i++)
        if (g_str_equal (attribute_names[i], "version"))
          p->version = g_strdup (attribute_values[i]);
      p->release_depth = 1;
      return;
    }
  if (p->release_depth == 0)
    return;
  if (g_str_equal (name, "description"))
    p->in_description = TRUE;
  else if (p->in_description && (g_str_equal (name, "ul") || g_str_equal (name, "ol")))
    g_string_append_printf (p->notes, "<%s>", name);
  else if (p->in_description && is_block (name))
    g_string_truncate (p->text, 0);
}

static void
on_end_cb (GMarkupParseContext  *context,
           const char           *name,
           gpointer              user_data,
           GError              **error)
{
  Parse *p = user_data;

  if (p->done || p->release_depth == 0)
    return;
  if (g_str_equal (name, "release"))
    p->done = TRUE;
  else if (g_str_equal (name, "description"))
    p->in_description = FALSE;
  else if (p->in_description && (g_str_equal (name, "ul") || g_str_equal (name, "ol")))
    g_string_append_printf (p->notes, "</%s>", name);
  else if (p->in_description && is_block (name))
    {
      g_autofree char *flat = g_strstrip (g_strdup (p->text->str));
      g_auto(GStrv) words = g_strsplit_set (flat, " \n\t", -1);
      g_autofree char *joined = NULL;
      g_autofree char *escaped = NULL;
      GPtrArray *kept = g_ptr_array_new ();

      /* the text as msgfmt's ITS rules extract it: spaces collapsed */
      for (guint i = 0; words[i] != NULL; i++)
        if (*words[i] != '\0')
          g_ptr_array_add (kept, words[i]);
      g_ptr_array_add (kept, NULL);
      joined = g_strjoinv (" ", (char **) kept->pdata);
      g_ptr_array_free (kept, TRUE);
      escaped = g_markup_escape_text (g_dgettext (GETTEXT_PACKAGE, joined), -1);
      g_string_append_printf (p->notes, "<%s>%s</%s>", name, escaped, name);
    }
}

static void
on_text_cb (GMarkupParseContext  *context,
            const char           *text,
            gsize                 length,
            gpointer              user_data,
            GError              **error)
{
  Parse *p = user_data;

  if (!p->done && p->in_description)
    g_string_append_len (p->text, text, length);
}

/* ---- public API ----------------------------------------------------- */

char *
rp_about_release_notes (const char  *metainfo,
                        gssize       length,
                        char       **version)
{
  static const GMarkupParser parser = { on_start_cb, on_end_cb, on_text_cb, NULL, NULL };
  g_autoptr(GMarkupParseContext) context = NULL;
  Parse p = { 0 };

  g_return_val_if_fail (metainfo != NULL, NULL);

  p.notes = g_string_new (NULL);
  p.text = g_string_new (NULL);
  context = g_markup_parse_context_new (&parser, 0, &p, NULL);
  if (!g_markup_parse_context_parse (context, metainfo, length, NULL) || p.notes->len == 0)
    {
      g_string_free (p.notes, TRUE);
      g_string_free (p.text, TRUE);
      g_free (p.version);
      return NULL;
    }
  g_string_free (p.text, TRUE);
  if (version != NULL)
    *version = g_steal_pointer (&p.version);
  g_free (p.version);
  return g_string_free (p.notes, FALSE);
}

GtkWidget *
rp_about_window_new (GtkWindow *parent)
{
  static const char *developers[] = { "The Rigplan authors", NULL };
  g_autoptr(GBytes) metainfo = g_resources_lookup_data (METAINFO_RESOURCE, 0, NULL);
  GtkWidget *about = adw_about_window_new ();
  g_autofree char *notes = NULL;
  g_autofree char *version = NULL;

  if (metainfo != NULL)
    notes = rp_about_release_notes (g_bytes_get_data (metainfo, NULL),
                                    g_bytes_get_size (metainfo), &version);
  g_object_set (about,
                "application-name", "Rigplan",
                "application-icon", APP_ID,
                "version", PACKAGE_VERSION,
                "developer-name", _("The Rigplan authors"),
                "comments", _("Plan the machine for a deep-learning training run: "
                              "memory, time and cost, rented or bought."),
                "website", "https://github.com/rigplan/rigplan",
                "issue-url", "https://github.com/rigplan/rigplan/issues",
                "license-type", GTK_LICENSE_GPL_3_0,
                "developers", developers,
                /* TRANSLATORS: your name(s), one per line */
                "translator-credits", _("translator-credits"),
                NULL);
  if (notes != NULL)
    {
      adw_about_window_set_release_notes (ADW_ABOUT_WINDOW (about), notes);
      if (version != NULL)
        adw_about_window_set_release_notes_version (ADW_ABOUT_WINDOW (about), version);
    }
  if (parent != NULL)
    {
      gtk_window_set_transient_for (GTK_WINDOW (about), parent);
      gtk_window_set_modal (GTK_WINDOW (about), TRUE);
    }
  return about;
}

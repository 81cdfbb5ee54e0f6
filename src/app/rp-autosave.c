/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-autosave.c: unsaved changes kept on disk, offered back after a crash */

#include "config.h"

#include "rp-autosave.h"

#include "rp-app-util.h"
#include "rp-file.h"
#include "rp-window.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Idle time after the last change before the document is written: short
 * enough that a crash loses seconds of work, long enough that typing a
 * number is one write.  RIGPLAN_AUTOSAVE_MS overrides it (tests). */
static const guint default_delay_ms = 2000;
/* An autosave's two files are written a millisecond apart; one alone for
 * longer than this was left by a Rigplan killed between the two. */
static const gint64 orphan_after_s = 60;

enum
{
  SIGNAL_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- private structs ------------------------------------------------ */

struct _RpAutosave
{
  GObject parent_instance;

  /* borrowed */
  RpScenarioDocument *document;

  /* owned */
  char               *path;
  char               *info_path;

  /* state */
  guint               timeout_id;
  gboolean            written;
  gboolean            failing;          /* the last write failed, and it was said */
};

G_DEFINE_FINAL_TYPE (RpAutosave, rp_autosave, G_TYPE_OBJECT)

static guint serial = 0;

/* ---- helpers -------------------------------------------------------- */

static guint
delay_ms (void)
{
  const char *env = g_getenv ("RIGPLAN_AUTOSAVE_MS");
  guint64 ms = 0;

  if (env != NULL && g_ascii_string_to_unsigned (env, 10, 1, 600000, &ms, NULL))
    return (guint) ms;
  return default_delay_ms;
}

static void
remove_files (RpAutosave *self)
{
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  if (!self->written)
    return;
  g_unlink (self->info_path);
  g_unlink (self->path);
  self->written = FALSE;
}

static char *
info_text (RpAutosave *self)
{
  g_autoptr(GKeyFile) info = g_key_file_new ();
  GFile *file = rp_scenario_document_get_file (self->document);
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *when = g_date_time_format_iso8601 (now);

  g_key_file_set_int64 (info, "Autosave", "Pid", getpid ());
  g_key_file_set_string (info, "Autosave", "Host", g_get_host_name ());
  g_key_file_set_string (info, "Autosave", "Saved", when);
  if (file != NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_key_file_set_string (info, "Autosave", "File", uri);
    }
  return g_key_file_to_data (info, NULL, NULL);
}

/* Both files through the atomic writer: a crash while writing leaves the
 * previous autosave, never half of one.  Small files, written on the
 * main loop: about a millisecond. */
static void
write_now (RpAutosave *self)
{
  g_autofree char *json = rp_scenario_to_json (rp_scenario_document_get_scenario (self->document));
  g_autofree char *info = info_text (self);
  g_autofree char *dir = g_path_get_dirname (self->path);
  g_autoptr(GError) error = NULL;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    g_set_error (&error, G_IO_ERROR, g_io_error_from_errno (errno), "%s: %s", dir,
                 g_strerror (errno));
  if (error != NULL ||
      !rp_file_write_atomic (self->path, json, strlen (json), &error) ||
      !rp_file_write_atomic (self->info_path, info, strlen (info), &error))
    {
      g_debug ("autosave to %s failed: %s", self->path, error->message);
      /* said once, not at every change: the user believes the work is
       * protected until told otherwise */
      if (!self->failing)
        {
          g_autofree char *message = NULL;

          self->failing = TRUE;
          /* TRANSLATORS: %s is the reason, e.g. "No space left on device" */
          message = g_strdup_printf (_("Unsaved changes are not being kept for recovery: %s. "
                                       "Save the scenario to keep them."), error->message);
          g_signal_emit (self, signals[SIGNAL_FAILED], 0, message);
        }
      return;
    }
  self->written = TRUE;
  self->failing = FALSE;
}

static gboolean
timeout_cb (gpointer user_data)
{
  RpAutosave *self = user_data;

  self->timeout_id = 0;
  if (rp_scenario_document_get_modified (self->document))
    write_now (self);
  return G_SOURCE_REMOVE;
}

static void
on_document_changed_cb (RpAutosave         *self,
                        GParamSpec         *pspec,
                        RpScenarioDocument *document)
{
  if (!rp_scenario_document_get_modified (document))
    {
      remove_files (self);
      return;
    }
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  self->timeout_id = g_timeout_add (delay_ms (), timeout_cb, self);
}

static gboolean
process_is_gone (gint64 pid)
{
  if (pid <= 0 || pid == getpid ())
    return pid != getpid ();
  return kill ((pid_t) pid, 0) != 0 && errno == ESRCH;
}

/* The PID an autosave's name starts with ("PID-N.rigplan"); 0 if none. */
static gint64
name_pid (const char *name)
{
  gint64 pid = g_ascii_strtoll (name, NULL, 10);

  return pid > 0 ? pid : 0;
}

/* A scenario without its info file, older than a minute and not of a
 * process alive here: what a Rigplan killed between the two writes left.
 * Offered with what it says; one that does not load is removed. */
static RpRecovered *
read_orphan (const char *dir,
             const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *stem = g_strndup (name, strlen (name) - strlen (".rigplan"));
  g_autofree char *info_path = g_strconcat (dir, G_DIR_SEPARATOR_S, stem, ".info", NULL);
  g_autoptr(RpRecovered) r = NULL;
  gint64 pid = name_pid (name);
  GStatBuf st;

  if (g_file_test (info_path, G_FILE_TEST_EXISTS) || g_lstat (path, &st) != 0 ||
      !S_ISREG (st.st_mode) || g_get_real_time () / G_USEC_PER_SEC - (gint64) st.st_mtime <
      orphan_after_s || (pid > 0 && !process_is_gone (pid)))
    return NULL;
  r = g_new0 (RpRecovered, 1);
  r->scenario = rp_scenario_load_file (path, NULL);
  if (r->scenario == NULL)
    {
      g_unlink (path);
      return NULL;
    }
  r->path = g_steal_pointer (&path);
  r->info_path = g_steal_pointer (&info_path);
  r->saved = g_date_time_new_from_unix_local ((gint64) st.st_mtime);
  return g_steal_pointer (&r);
}

static RpRecovered *
read_recovered (const char *dir,
                const char *info_name)
{
  g_autoptr(GKeyFile) info = g_key_file_new ();
  g_autofree char *info_path = g_build_filename (dir, info_name, NULL);
  g_autofree char *stem = g_strndup (info_name, strlen (info_name) - strlen (".info"));
  g_autofree char *path = g_strconcat (dir, G_DIR_SEPARATOR_S, stem, ".rigplan", NULL);
  g_autofree char *host = NULL;
  g_autofree char *uri = NULL;
  g_autofree char *when = NULL;
  g_autoptr(RpRecovered) r = NULL;

  if (!g_key_file_load_from_file (info, info_path, G_KEY_FILE_NONE, NULL))
    return NULL;
  host = g_key_file_get_string (info, "Autosave", "Host", NULL);
  if (g_strcmp0 (host, g_get_host_name ()) != 0 ||
      !process_is_gone (g_key_file_get_int64 (info, "Autosave", "Pid", NULL)))
    return NULL;
  r = g_new0 (RpRecovered, 1);
  r->scenario = rp_scenario_load_file (path, NULL);
  if (r->scenario == NULL)
    {
      /* an info file whose scenario is gone or broken, of a process that
       * is gone: nothing to offer, ever; removed, not kept for good */
      g_unlink (info_path);
      g_unlink (path);
      return NULL;
    }
  r->path = g_steal_pointer (&path);
  r->info_path = g_steal_pointer (&info_path);
  uri = g_key_file_get_string (info, "Autosave", "File", NULL);
  r->file = uri != NULL ? g_file_new_for_uri (uri) : NULL;
  when = g_key_file_get_string (info, "Autosave", "Saved", NULL);
  r->saved = when != NULL ? g_date_time_new_from_iso8601 (when, NULL) : NULL;
  return g_steal_pointer (&r);
}

static int
oldest_first (gconstpointer a,
              gconstpointer b)
{
  const RpRecovered *ra = *(RpRecovered *const *) a;
  const RpRecovered *rb = *(RpRecovered *const *) b;

  if (ra->saved == NULL || rb->saved == NULL)
    return (ra->saved == NULL) - (rb->saved == NULL);
  return g_date_time_compare (ra->saved, rb->saved);
}

/* ---- the offer ------------------------------------------------------ */

typedef struct
{
  GtkApplication *application;  /* may be NULL */
  RpCatalog      *catalog;
  GSettings      *settings;
  GtkWindow      *parent;       /* weak */
  GPtrArray      *found;
} Offer;

static void
offer_free (Offer *offer)
{
  g_clear_object (&offer->application);
  rp_catalog_unref (offer->catalog);
  g_clear_object (&offer->settings);
  g_clear_weak_pointer (&offer->parent);
  g_ptr_array_unref (offer->found);
  g_free (offer);
}

static void
restore (Offer       *offer,
         RpRecovered *r)
{
  RpWindow *window = NULL;
  RpScenarioDocument *doc;

  if (offer->parent != NULL && RP_IS_WINDOW (offer->parent) &&
      rp_window_is_pristine (RP_WINDOW (offer->parent)))
    window = RP_WINDOW (offer->parent);
  else
    window = rp_window_new (offer->application, offer->catalog, offer->settings);
  doc = rp_window_get_document (window);
  rp_scenario_document_set_scenario (doc, rp_scenario_copy (r->scenario), r->file);
  rp_scenario_document_set_modified (doc, TRUE);
  gtk_window_present (GTK_WINDOW (window));
}

/* AdwMessageDialog closes itself once answered. */
static void
on_offer_response_cb (AdwMessageDialog *dialog,
                      const char       *response,
                      gpointer          user_data)
{
  Offer *offer = user_data;
  gboolean restoring = g_str_equal (response, "restore");

  if (!restoring && !g_str_equal (response, "discard"))
    return;                     /* closed without an answer: ask next time */
  for (guint i = 0; i < offer->found->len; i++)
    {
      RpRecovered *r = g_ptr_array_index (offer->found, i);

      if (restoring)
        restore (offer, r);
      rp_recovered_discard (r);
    }
}

static char *
describe (GPtrArray *found)
{
  GString *text = g_string_new (_("Rigplan stopped before these changes were saved:"));

  for (guint i = 0; i < found->len; i++)
    {
      RpRecovered *r = g_ptr_array_index (found, i);
      const char *name = r->scenario->name != NULL && *r->scenario->name != '\0'
                         ? r->scenario->name : _("Untitled");
      g_autofree char *time = r->saved != NULL ? g_date_time_format (r->saved, "%x %X") : NULL;
      g_autofree char *where = r->file != NULL ? g_file_get_basename (r->file) : NULL;

      g_string_append_printf (text, "\n• %s", name);
      if (where != NULL)
        g_string_append_printf (text, " (%s)", where);
      else
        g_string_append_printf (text, " (%s)", _("never saved"));
      if (time != NULL)
        /* TRANSLATORS: when an unsaved scenario was last kept; %s is a time */
        g_string_append_printf (text, _(", kept at %s"), time);
    }
  return g_string_free (text, FALSE);
}

/* ---- vfunc overrides ------------------------------------------------ */

static void
rp_autosave_dispose (GObject *object)
{
  RpAutosave *self = RP_AUTOSAVE (object);

  /* an ordinary end: the window closed after the user saved or chose
   * to discard; nothing is left to recover */
  remove_files (self);
  G_OBJECT_CLASS (rp_autosave_parent_class)->dispose (object);
}

static void
rp_autosave_finalize (GObject *object)
{
  RpAutosave *self = RP_AUTOSAVE (object);

  g_free (self->path);
  g_free (self->info_path);
  G_OBJECT_CLASS (rp_autosave_parent_class)->finalize (object);
}

/* ---- class_init / init ---------------------------------------------- */

static void
rp_autosave_class_init (RpAutosaveClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = rp_autosave_dispose;
  object_class->finalize = rp_autosave_finalize;

  /**
   * RpAutosave::failed:
   * @message: a translated sentence: that the changes are not kept, why,
   *   and what to do
   *
   * A write failed (a full disk, a read-only state folder): emitted once,
   * and again only after a write has succeeded since.
   */
  signals[SIGNAL_FAILED] =
    g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
rp_autosave_init (RpAutosave *self)
{
  g_autofree char *dir = rp_autosave_dir ();
  g_autofree char *stem = g_strdup_printf ("%d-%u", (int) getpid (), ++serial);

  self->path = g_strconcat (dir, G_DIR_SEPARATOR_S, stem, ".rigplan", NULL);
  self->info_path = g_strconcat (dir, G_DIR_SEPARATOR_S, stem, ".info", NULL);
}

/* ---- public API ----------------------------------------------------- */

RpAutosave *
rp_autosave_new (RpScenarioDocument *document)
{
  RpAutosave *self;

  g_return_val_if_fail (RP_IS_SCENARIO_DOCUMENT (document), NULL);

  self = g_object_new (RP_TYPE_AUTOSAVE, NULL);
  self->document = document;
  g_signal_connect_object (document, "notify::estimate", G_CALLBACK (on_document_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "notify::modified", G_CALLBACK (on_document_changed_cb),
                           self, G_CONNECT_SWAPPED);
  return self;
}

const char *
rp_autosave_get_path (RpAutosave *self)
{
  g_return_val_if_fail (RP_IS_AUTOSAVE (self), NULL);
  return self->path;
}

void
rp_autosave_flush (RpAutosave *self)
{
  g_return_if_fail (RP_IS_AUTOSAVE (self));

  if (self->timeout_id != 0)
    {
      g_clear_handle_id (&self->timeout_id, g_source_remove);
      timeout_cb (self);
    }
}

char *
rp_autosave_dir (void)
{
  return g_build_filename (g_get_user_state_dir (), "rigplan", "autosave", NULL);
}

void
rp_recovered_free (RpRecovered *self)
{
  if (self == NULL)
    return;
  g_free (self->path);
  g_free (self->info_path);
  g_clear_pointer (&self->scenario, rp_scenario_free);
  g_clear_object (&self->file);
  g_clear_pointer (&self->saved, g_date_time_unref);
  g_free (self);
}

void
rp_recovered_discard (RpRecovered *self)
{
  g_return_if_fail (self != NULL);

  g_unlink (self->info_path);
  g_unlink (self->path);
}

GPtrArray *
rp_autosave_find (const char *dir)
{
  GPtrArray *found = g_ptr_array_new_with_free_func ((GDestroyNotify) rp_recovered_free);
  g_autoptr(GDir) d = NULL;
  const char *name;

  g_return_val_if_fail (dir != NULL, found);

  d = g_dir_open (dir, 0, NULL);
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      RpRecovered *r = NULL;

      if (g_str_has_suffix (name, ".info"))
        r = read_recovered (dir, name);
      else if (g_str_has_suffix (name, ".rigplan") && name[0] != '.')
        r = read_orphan (dir, name);
      if (r != NULL)
        g_ptr_array_add (found, r);
    }
  g_ptr_array_sort (found, oldest_first);
  return found;
}

GtkWidget *
rp_autosave_offer (GtkWindow      *parent,
                   GtkApplication *application,
                   RpCatalog      *catalog,
                   GSettings      *settings,
                   GPtrArray      *found)
{
  Offer *offer;
  GtkWidget *dialog;
  g_autofree char *text = NULL;

  g_return_val_if_fail (catalog != NULL, NULL);
  g_return_val_if_fail (found != NULL && found->len > 0, NULL);

  offer = g_new0 (Offer, 1);
  offer->application = application != NULL ? g_object_ref (application) : NULL;
  offer->catalog = rp_catalog_ref (catalog);
  offer->settings = settings != NULL ? g_object_ref (settings) : NULL;
  g_set_weak_pointer (&offer->parent, parent);
  offer->found = found;
  text = describe (found);
  dialog = adw_message_dialog_new (parent,
                                   g_dngettext (GETTEXT_PACKAGE,
                                                "Restore the unsaved scenario?",
                                                "Restore the unsaved scenarios?", found->len),
                                   text);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "discard", _("_Discard"),
                                    "restore", _("_Restore"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "restore",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "restore");
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  if (application != NULL)
    gtk_window_set_application (GTK_WINDOW (dialog), application);
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_offer_response_cb), offer,
                         (GClosureNotify) offer_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

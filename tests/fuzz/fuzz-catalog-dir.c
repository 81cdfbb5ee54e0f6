/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-catalog-dir.c: a user catalog directory of several files, beside
 * the bundled catalogs, must load whatever the files hold: each bad file
 * is a problem naming it, and every offer left names a GPU the catalog
 * has (references may cross files).
 *
 * The input is up to eight files, separated by a line "----"; each file
 * starts with a line holding its name (a–z, 0–9, ".", "_", "-", "#";
 * names starting with "." are hidden files, which must be skipped).
 *
 * The bundled side is tests/fuzz/catalog-base (three GPUs, offers and
 * models of the real catalogs, FUZZ_CATALOG_BASE): loading all of
 * data/catalogs for every input made the target six times slower. */

#include "config.h"

#include "rp-catalog.h"
#include "rp-error.h"

#include <glib/gstdio.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const guint8 *data,
                            size_t        size);

static const guint max_files = 8;
static const gsize max_name_chars = 40;
static const char separator[] = "\n----\n";

/* A directory for the process, emptied before each input. */
static const char *
user_dir (void)
{
  static char *dir = NULL;

  if (dir == NULL)
    {
      dir = g_dir_make_tmp ("rigplan-fuzz-XXXXXX", NULL);
      g_assert (dir != NULL);
      g_setenv ("RIGPLAN_USER_DATADIR", dir, TRUE);
      g_setenv ("RIGPLAN_DATADIR", FUZZ_CATALOG_BASE, TRUE);
    }
  return dir;
}

static void
empty_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_unlink (path);
    }
}

static char *
file_name (const char *line,
           gsize       len,
           guint       index)
{
  GString *name = g_string_new (NULL);

  for (gsize i = 0; i < len && name->len < max_name_chars; i++)
    if (g_ascii_isalnum (line[i]) || strchr ("._-#", line[i]) != NULL)
      g_string_append_c (name, g_ascii_tolower (line[i]));
  if (name->len == 0 || g_str_equal (name->str, ".") || g_str_equal (name->str, ".."))
    g_string_printf (name, "f%u.json", index);
  return g_string_free (name, FALSE);
}

/* Writes one "NAME\nCONTENTS" chunk into @dir. */
static void
write_chunk (const char *dir,
             const char *chunk,
             gsize       len,
             guint       index)
{
  const char *newline = memchr (chunk, '\n', len);
  gsize name_len = newline != NULL ? (gsize) (newline - chunk) : len;
  g_autofree char *name = file_name (chunk, name_len, index);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  const char *contents = newline != NULL ? newline + 1 : chunk + len;

  g_file_set_contents (path, contents, (gssize) (chunk + len - contents), NULL);
}

static void
check_catalog (const RpCatalog *catalog,
               GPtrArray       *problems,
               const char      *dir)
{
  for (guint i = 0; i < problems->len; i++)
    {
      const GError *problem = g_ptr_array_index (problems, i);

      g_assert (g_str_has_prefix (problem->message, dir));
      g_assert (strstr (problem->message, "/.") == NULL);   /* no hidden file read */
    }
  for (guint i = 0; i < rp_catalog_n_gpus (catalog); i++)
    {
      const RpGpu *gpu = rp_catalog_get_gpu (catalog, i);
      g_assert (rp_catalog_lookup_gpu (catalog, gpu->id) == gpu);
    }
  for (guint i = 0; i < rp_catalog_n_clouds (catalog); i++)
    {
      const RpCloudOffer *offer = rp_catalog_get_cloud (catalog, i);

      g_assert (rp_catalog_lookup_cloud (catalog, offer->id) == offer);
      g_assert (rp_catalog_lookup_gpu (catalog, offer->gpu) != NULL);
    }
  for (guint i = 0; i < rp_catalog_n_models (catalog); i++)
    {
      const RpModelPreset *model = rp_catalog_get_model (catalog, i);
      g_assert (rp_catalog_lookup_model (catalog, model->id) == model);
    }
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  const char *dir = user_dir ();
  const char *text = (const char *) data;
  const char *end = text + size;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(RpCatalog) catalog = NULL;
  g_autoptr(GError) error = NULL;

  empty_dir (dir);
  for (guint i = 0; i < max_files && text < end; i++)
    {
      const char *next = g_strstr_len (text, end - text, separator);
      const char *chunk_end = next != NULL ? next : end;

      write_chunk (dir, text, chunk_end - text, i);
      text = next != NULL ? next + strlen (separator) : end;
    }
  catalog = rp_catalog_load_default_full (&problems, &error);
  /* only the bundled directory can fail the load */
  g_assert (catalog != NULL);
  check_catalog (catalog, problems, dir);
  return 0;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-file-kind.c: what kind of file is already where Rigplan would write */

#include "config.h"

#include "rp-file-kind.h"

#include "rp-file.h"
#include "rp-import-private.h"
#include "rp-yaml-private.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* Configs and scenarios are at most this large (rp-import.c,
 * rp-scenario.h); a larger file is none of the kinds read as text. */
static const gsize max_sniff_bytes = 4 * 1024 * 1024;

/* ---- helpers -------------------------------------------------------- */

static RpFileKind
json_kind (const cJSON *root)
{
  const cJSON *format = cJSON_GetObjectItemCaseSensitive (root, "format");

  if (cJSON_IsString (format))
    {
      const char *name = format->valuestring;

      if (strcmp (name, "rigplan-scenario") == 0)
        return RP_FILE_KIND_SCENARIO;
      if (strcmp (name, "rigplan-compare") == 0)
        return RP_FILE_KIND_COMPARE_SET;
      if (strcmp (name, "rigplan-estimate") == 0)
        return RP_FILE_KIND_ESTIMATE_JSON;
      if (strcmp (name, "rigplan-comparison") == 0)
        return RP_FILE_KIND_COMPARISON_JSON;
      if (g_str_has_prefix (name, "rigplan-"))
        return RP_FILE_KIND_RIGPLAN_DATA;
    }
  if (rp_import_looks_like_hf (root))
    return RP_FILE_KIND_HF_CONFIG;
  if (rp_import_looks_like_deepspeed (root))
    return RP_FILE_KIND_DEEPSPEED_CONFIG;
  return RP_FILE_KIND_JSON;
}

/* A first line with a comma and none of JSON's or YAML's marks. */
static gboolean
looks_like_csv (const char *data,
                gsize       len)
{
  const char *end = memchr (data, '\n', len);
  gsize line = end != NULL ? (gsize) (end - data) : len;

  return memchr (data, ',', line) != NULL && memchr (data, '{', line) == NULL &&
         memchr (data, ':', line) == NULL;
}

/* ---- public API ----------------------------------------------------- */

RpFileKind
rp_file_kind_of_data (const char *data,
                      gsize       len)
{
  gsize head = MIN (len, 4096);
  const char *p = data;

  g_return_val_if_fail (data != NULL || len == 0, RP_FILE_KIND_NONE);

  if (len == 0)
    return RP_FILE_KIND_NONE;
  if (len >= 5 && memcmp (data, "%PDF-", 5) == 0)
    return RP_FILE_KIND_PDF;
  if (len >= 8 && memcmp (data, "\x89PNG\r\n\x1a\n", 8) == 0)
    return RP_FILE_KIND_PNG;
  if (memchr (data, '\0', MIN (len, 65536)) != NULL || !g_utf8_validate (data, (gssize) len, NULL))
    return RP_FILE_KIND_OTHER;
  if (g_strstr_len (data, (gssize) head, "<svg") != NULL)
    return RP_FILE_KIND_SVG;
  while (p < data + len && g_ascii_isspace (*p))
    p++;
  if (p < data + len && (*p == '{' || *p == '['))
    {
      g_autoptr(cJSON) root = rp_json_parse_full (data, len, 200000, NULL);

      return root != NULL ? json_kind (root) : RP_FILE_KIND_TEXT;
    }
  /* a script runs torchrun; a text that shows the command is not one */
  if (g_str_has_prefix (p, "#!") && rp_import_looks_like_torchrun (data))
    return RP_FILE_KIND_LAUNCH_SCRIPT;
  {
    g_autoptr(cJSON) root = rp_yaml_parse (data, len, NULL);

    if (root != NULL && rp_import_looks_like_accelerate (root))
      return RP_FILE_KIND_ACCELERATE_CONFIG;
    if (root != NULL && (rp_import_looks_like_axolotl (root) ||
                         rp_import_looks_like_torchtune (root)))
      return RP_FILE_KIND_TRAINING_CONFIG;
  }
  if (*p != '#' && looks_like_csv (p, len - (gsize) (p - data)))
    return RP_FILE_KIND_CSV;
  return RP_FILE_KIND_TEXT;
}

RpFileKind
rp_file_kind_sniff (const char *path)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  GStatBuf st;
  gsize len = 0;
  const char *data;

  g_return_val_if_fail (path != NULL, RP_FILE_KIND_NONE);

  if (g_stat (path, &st) != 0)
    return RP_FILE_KIND_NONE;
  if (!S_ISREG (st.st_mode))
    return RP_FILE_KIND_OTHER;
  if (st.st_size == 0)
    return RP_FILE_KIND_NONE;
  bytes = rp_file_read_bounded (path, max_sniff_bytes, &error);
  if (bytes == NULL)
    {
      /* too large for a config: the magic numbers still tell */
      char head[8];
      FILE *f = g_fopen (path, "rb");
      gsize n = f != NULL ? fread (head, 1, 8, f) : 0;

      if (f != NULL)
        fclose (f);
      if (n >= 5 && memcmp (head, "%PDF-", 5) == 0)
        return RP_FILE_KIND_PDF;
      if (n == 8 && memcmp (head, "\x89PNG\r\n\x1a\n", 8) == 0)
        return RP_FILE_KIND_PNG;
      return RP_FILE_KIND_OTHER;
    }
  data = g_bytes_get_data (bytes, &len);
  return rp_file_kind_of_data (data, len);
}

const char *
rp_file_kind_describe (RpFileKind kind)
{
  switch (kind)
    {
    case RP_FILE_KIND_NONE:
      return _("nothing");
    case RP_FILE_KIND_TEXT:
      return _("text");
    case RP_FILE_KIND_JSON:
      return _("JSON");
    case RP_FILE_KIND_SCENARIO:
      return _("a Rigplan scenario");
    case RP_FILE_KIND_COMPARE_SET:
      return _("a Rigplan comparison");
    case RP_FILE_KIND_ESTIMATE_JSON:
      return _("a Rigplan estimate (JSON)");
    case RP_FILE_KIND_COMPARISON_JSON:
      return _("a Rigplan comparison’s results (JSON)");
    case RP_FILE_KIND_RIGPLAN_DATA:
      return _("a Rigplan catalog");
    case RP_FILE_KIND_HF_CONFIG:
      return _("a Hugging Face model config");
    case RP_FILE_KIND_DEEPSPEED_CONFIG:
      return _("a DeepSpeed config");
    case RP_FILE_KIND_ACCELERATE_CONFIG:
      return _("an accelerate config");
    case RP_FILE_KIND_TRAINING_CONFIG:
      return _("a training config (axolotl or torchtune)");
    case RP_FILE_KIND_LAUNCH_SCRIPT:
      return _("a launch script");
    case RP_FILE_KIND_CSV:
      return _("a CSV table");
    case RP_FILE_KIND_PDF:
      return _("a PDF document");
    case RP_FILE_KIND_PNG:
      return _("a PNG image");
    case RP_FILE_KIND_SVG:
      return _("an SVG image");
    case RP_FILE_KIND_OTHER:
    case RP_N_FILE_KINDS:
    default:
      return _("a file of another kind");
    }
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-safetensors.c: counting a checkpoint's parameters from its headers
 *
 * Layout (github.com/huggingface/safetensors, README "Format"):
 *   8 bytes   N, unsigned little-endian
 *   N bytes   JSON: { "NAME": { "dtype": "BF16", "shape": [a, b],
 *                               "data_offsets": [begin, end] }, …,
 *                     "__metadata__": { … } }
 *   the rest  tensor data; offsets count from the end of the header. */

#include "config.h"

#include "rp-safetensors-private.h"

#include "rp-error.h"
#include "rp-json-private.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct
{
  const char *name;
  guint       bits;             /* per element */
} Dtype;

/* Every dtype of the format, with its width: enum Dtype and
 * Dtype::bitsize() in safetensors/src/tensor.rs (F4 and F6 are packed,
 * several to a byte).  Any other name is not a safetensors file. */
static const Dtype dtypes[] = {
  { "BOOL", 8 }, { "F4", 4 }, { "F6_E2M3", 6 }, { "F6_E3M2", 6 }, { "U8", 8 }, { "I8", 8 },
  { "F8_E5M2", 8 }, { "F8_E4M3", 8 }, { "F8_E8M0", 8 }, { "F8_E4M3FNUZ", 8 },
  { "F8_E5M2FNUZ", 8 }, { "I16", 16 }, { "U16", 16 }, { "F16", 16 }, { "BF16", 16 },
  { "I32", 32 }, { "U32", 32 }, { "F32", 32 }, { "C64", 64 }, { "F64", 64 }, { "I64", 64 },
  { "U64", 64 },
};

/* ---- helpers -------------------------------------------------------- */

/* The bits per element of @name; 0 when the format has no such dtype. */
static guint
dtype_bits (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (dtypes); i++)
    if (strcmp (dtypes[i].name, name) == 0)
      return dtypes[i].bits;
  return 0;
}

static gboolean
tensor_error (GError    **error,
              const char *path,
              const char *tensor,
              const char *what)
{
  rp_error_set_key (error, RP_ERROR_PARSE, tensor, "%s", what);
  g_prefix_error (error, "%s: ", path);
  return FALSE;
}

static gboolean
read_whole_number (const cJSON *item,
                   guint64     *out)
{
  /* 2⁵³: the largest whole number a JSON double holds exactly */
  if (!cJSON_IsNumber (item) || item->valuedouble < 0 ||
      item->valuedouble > 9007199254740992.0 ||
      item->valuedouble != (double) (guint64) item->valuedouble)
    return FALSE;
  *out = (guint64) item->valuedouble;
  return TRUE;
}

/* Elements of @shape, or FALSE when it is not a list of counts or the
 * product overflows. */
static gboolean
shape_elements (const cJSON *shape,
                guint64     *out)
{
  const cJSON *dim;
  guint64 n = 1;

  if (!cJSON_IsArray (shape))
    return FALSE;
  cJSON_ArrayForEach (dim, shape)
    {
      guint64 d = 0;

      if (!read_whole_number (dim, &d) || (d != 0 && n > G_MAXUINT64 / d))
        return FALSE;
      n *= d;
    }
  *out = n;
  return TRUE;
}

static gboolean
count_tensor (const char         *path,
              const cJSON        *tensor,
              guint64             data_len,
              const char         *exclude_prefix,
              RpSafetensorsCount *count,
              GError            **error)
{
  const cJSON *dtype = cJSON_GetObjectItemCaseSensitive (tensor, "dtype");
  const cJSON *offsets = cJSON_GetObjectItemCaseSensitive (tensor, "data_offsets");
  guint64 elements = 0, begin = 0, end = 0;
  guint bits;

  if (!cJSON_IsObject (tensor) || !cJSON_IsString (dtype))
    return tensor_error (error, path, tensor->string, _("expected a dtype"));
  if (!shape_elements (cJSON_GetObjectItemCaseSensitive (tensor, "shape"), &elements))
    return tensor_error (error, path, tensor->string, _("the shape is not a list of sizes"));
  if (cJSON_GetArraySize (offsets) != 2 ||
      !read_whole_number (cJSON_GetArrayItem (offsets, 0), &begin) ||
      !read_whole_number (cJSON_GetArrayItem (offsets, 1), &end) || begin > end ||
      end > data_len)
    return tensor_error (error, path, tensor->string,
                         _("data_offsets lie outside the file (is it truncated?)"));
  bits = dtype_bits (dtype->valuestring);
  if (bits == 0)
    {
      g_autofree char *what =
        /* TRANSLATORS: a tensor's dtype that the safetensors format does not have */
        g_strdup_printf (_("dtype “%s” is not one of the safetensors format (BF16, F16, F32, "
                           "F8_E4M3, I8, …): not a safetensors file, or a newer one"),
                         dtype->valuestring);

      return tensor_error (error, path, tensor->string, what);
    }
  /* packed dtypes fill whole bytes (safetensors' validate: MisalignedSlice) */
  if (elements > G_MAXUINT64 / bits || (elements * bits) % 8 != 0 ||
      end - begin != elements * bits / 8)
    return tensor_error (error, path, tensor->string,
                         _("the shape does not match the size of its data"));
  if (G_MAXUINT64 - count->params < elements)
    return tensor_error (error, path, tensor->string, _("too many parameters"));
  if (exclude_prefix != NULL && g_str_has_prefix (tensor->string, exclude_prefix))
    count->excluded_params += elements;
  else
    count->params += elements;
  count->data_bytes += end - begin;
  count->n_tensors++;
  return TRUE;
}

/* @path opened for reading if it is a regular file: a FIFO named like a
 * checkpoint must not block the import (O_NONBLOCK opens it at once),
 * nor a device feed it forever. */
static FILE *
open_regular (const char  *path,
              GError     **error)
{
  int fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0);
  GStatBuf st;
  FILE *file;
  int saved;

  if (fd < 0)
    {
      saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", path,
                   g_strerror (saved));
      return NULL;
    }
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      close (fd);
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   _("%s: not a regular file (a device, pipe or socket)"), path);
      return NULL;
    }
  fcntl (fd, F_SETFL, fcntl (fd, F_GETFL) & ~O_NONBLOCK);
  file = fdopen (fd, "rb");
  if (file == NULL)
    {
      saved = errno;
      close (fd);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", path,
                   g_strerror (saved));
    }
  return file;
}

/* Reads the header of the open @file: its length, bounded by the format's
 * limit and by the file's size, then that many bytes. */
static char *
read_header (FILE        *file,
             const char  *path,
             guint64     *header_len,
             guint64     *data_len,
             GError     **error)
{
  guint8 prefix[8];
  guint64 n = 0;
  GStatBuf st;
  g_autofree char *header = NULL;

  if (fstat (fileno (file), &st) != 0 || fread (prefix, 1, 8, file) != 8)
    {
      g_set_error (error, RP_ERROR, RP_ERROR_PARSE,
                   _("%s: too short to be a safetensors file"), path);
      return NULL;
    }
  for (int i = 7; i >= 0; i--)
    n = (n << 8) | prefix[i];
  if (n == 0 || n > RP_SAFETENSORS_MAX_HEADER_BYTES || n > (guint64) st.st_size - 8)
    {
      g_autofree char *len = g_strdup_printf ("%" G_GUINT64_FORMAT, n);

      g_set_error (error, RP_ERROR, RP_ERROR_PARSE,
                   _("%s: the header length %s is not possible in this file: not a "
                     "safetensors file, or truncated"), path, len);
      return NULL;
    }
  header = g_malloc (n);
  if (fread (header, 1, n, file) != n)
    {
      g_set_error (error, RP_ERROR, RP_ERROR_PARSE, _("%s: the header is cut short"), path);
      return NULL;
    }
  *header_len = n;
  *data_len = (guint64) st.st_size - 8 - n;
  return g_steal_pointer (&header);
}

/* ---- private API ---------------------------------------------------- */

gboolean
rp_safetensors_count_file (const char         *path,
                           const char         *exclude_prefix,
                           RpSafetensorsCount *count,
                           GError            **error)
{
  g_autofree char *header = NULL;
  g_autoptr(cJSON) root = NULL;
  guint64 header_len = 0, data_len = 0;
  const cJSON *tensor;
  FILE *file;

  g_return_val_if_fail (path != NULL && count != NULL, FALSE);

  file = open_regular (path, error);
  if (file == NULL)
    return FALSE;
  header = read_header (file, path, &header_len, &data_len, error);
  fclose (file);
  if (header == NULL)
    return FALSE;
  root = rp_json_parse (header, header_len, error);
  if (root == NULL || !cJSON_IsObject (root))
    {
      if (root != NULL)
        g_set_error (error, RP_ERROR, RP_ERROR_PARSE, _("expected a JSON object"));
      g_prefix_error (error, _("%s: header: "), path);
      return FALSE;
    }
  cJSON_ArrayForEach (tensor, root)
    if (strcmp (tensor->string, "__metadata__") != 0 &&
        !count_tensor (path, tensor, data_len, exclude_prefix, count, error))
      return FALSE;
  return TRUE;
}

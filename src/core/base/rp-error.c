/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-error.c: the RP_ERROR domain, an extended GError carrying its key */

#include "config.h"

#include "rp-error.h"

#include <stdarg.h>

typedef struct
{
  char *key;                    /* owned; NULL when the error has none */
  char *detail;                 /* owned; the problem without the key */
} RpErrorPrivate;

static void
rp_error_private_init (RpErrorPrivate *priv)
{
  priv->key = NULL;
  priv->detail = NULL;
}

static void
rp_error_private_copy (const RpErrorPrivate *src,
                       RpErrorPrivate       *dest)
{
  dest->key = g_strdup (src->key);
  dest->detail = g_strdup (src->detail);
}

static void
rp_error_private_clear (RpErrorPrivate *priv)
{
  g_clear_pointer (&priv->key, g_free);
  g_clear_pointer (&priv->detail, g_free);
}

G_DEFINE_EXTENDED_ERROR (RpError, rp_error)

void
rp_error_set_key (GError    **error,
                  RpError     code,
                  const char *key,
                  const char *format,
                  ...)
{
  g_autofree char *detail = NULL;
  RpErrorPrivate *priv;
  va_list args;

  g_return_if_fail (format != NULL);

  if (error == NULL)
    return;
  if (*error != NULL)
    {
      /* let GLib say that an error was overwritten */
      g_set_error_literal (error, RP_ERROR, code, format);
      return;
    }
  va_start (args, format);
  detail = g_strdup_vprintf (format, args);
  va_end (args);
  if (key != NULL)
    g_set_error (error, RP_ERROR, code, "%s: %s", key, detail);
  else
    g_set_error_literal (error, RP_ERROR, code, detail);
  priv = rp_error_get_private (*error);
  priv->key = g_strdup (key);
  priv->detail = g_steal_pointer (&detail);
}

const char *
rp_error_get_key (const GError *error)
{
  g_return_val_if_fail (error != NULL, NULL);

  if (error->domain != RP_ERROR)
    return NULL;
  return rp_error_get_private (error)->key;
}

const char *
rp_error_get_detail (const GError *error)
{
  const RpErrorPrivate *priv;

  g_return_val_if_fail (error != NULL, NULL);

  if (error->domain != RP_ERROR)
    return error->message;
  priv = rp_error_get_private (error);
  return priv->detail != NULL ? priv->detail : error->message;
}

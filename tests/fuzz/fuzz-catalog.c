/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-catalog.c: hostile catalog files must give an error, never a crash */

#include "config.h"

#include "rp-catalog.h"

int LLVMFuzzerTestOneInput (const guint8 *data,
                            size_t        size);

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(RpCatalog) catalog = rp_catalog_new_empty ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (data, size);
  g_autoptr(GError) error = NULL;

  if (!rp_catalog_load_bytes (catalog, bytes, "fuzz.json", &error))
    g_assert (error != NULL && g_str_has_prefix (error->message, "fuzz.json: "));
  return 0;
}

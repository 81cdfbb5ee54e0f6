/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-application.h: the single-instance application; owns the catalog
 * and the settings that every window receives */
#pragma once

#include <adwaita.h>

#include "rp-catalog.h"

G_BEGIN_DECLS

#define RP_TYPE_APPLICATION (rp_application_get_type ())

G_DECLARE_FINAL_TYPE (RpApplication, rp_application, RP, APPLICATION, AdwApplication)

/* What Help ▸ Help (F1) opens: the Mallard guide's first page. */
#define RP_APPLICATION_HELP_URI "help:rigplan"

RpApplication *rp_application_new          (void);
/* NULL until startup, or when the catalog could not be loaded. */
RpCatalog     *rp_application_get_catalog  (RpApplication *self);
/* NULL when the GSettings schema is not installed. */
GSettings     *rp_application_get_settings (RpApplication *self);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-scenario-form.h: the Model, Training, Hardware and Budget sections */
#pragma once

#include <gtk/gtk.h>

#include "rp-scenario-document.h"

G_BEGIN_DECLS

#define RP_TYPE_SCENARIO_FORM (rp_scenario_form_get_type ())

G_DECLARE_FINAL_TYPE (RpScenarioForm, rp_scenario_form, RP, SCENARIO_FORM, GtkWidget)

/* Binds the form to @document (once; the window owns both). */
void        rp_scenario_form_set_document    (RpScenarioForm *self,
                                              RpScenarioDocument *document);
/* The control that edits @property ("seq-len", "gpu", …), or NULL. */
GtkWidget  *rp_scenario_form_get_control     (RpScenarioForm *self,
                                              const char     *property);
/* The inline error shown beside @property's control, or NULL when none. */
const char *rp_scenario_form_get_field_error (RpScenarioForm *self,
                                              const char     *property);
/* Where the price in @property's row comes from ("From the catalog,
 * 2025-03-03", "Yours"), or NULL when the row shows none. */
const char *rp_scenario_form_get_field_origin (RpScenarioForm *self,
                                              const char     *property);
/* Whether the document's current error is shown next to a field. */
gboolean    rp_scenario_form_shows_error     (RpScenarioForm *self);

/* Seconds the fields an action changed stay highlighted. */
#define RP_SCENARIO_FORM_HIGHLIGHT_S 3

/* Highlights the controls of the fields in @changes (RpChange, from
 * rp_scenario_diff) for RP_SCENARIO_FORM_HIGHLIGHT_S seconds (style
 * class "changed"): what Apply Fix or "Use this machine" changed.
 * Returns how many controls it highlights. */
guint               rp_scenario_form_highlight   (RpScenarioForm     *self,
                                                  const GArray       *changes);

G_END_DECLS

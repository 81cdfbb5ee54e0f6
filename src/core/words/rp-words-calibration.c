/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-words-calibration.c: the sentences and labels about the user's
 * calibrations */

#include "config.h"

#include "rp-words-calibration.h"

#include "rp-format.h"
#include "rp-gettext.h"
#include "rp-scenario.h"
#include "rp-units.h"

#include <math.h>

/* ---- helpers -------------------------------------------------------- */

static char *
format_factor (double factor)
{
  g_autofree char *number = rp_units_format_number (factor, 2);

  /* TRANSLATORS: a factor, "× 0.82" */
  return g_strdup_printf (_("× %s"), number);
}

static char *
format_signed_bytes (double bytes)
{
  g_autofree char *size = rp_units_format_bytes (fabs (bytes));

  return g_strdup_printf ("%s%s", bytes < 0 ? "−" : "+", size);
}

/* ---- public API ----------------------------------------------------- */

char *
rp_words_calibration_stack (const RpCalibration *cal)
{
  g_return_val_if_fail (cal != NULL, NULL);

  /* TRANSLATORS: a training stack, then a precision: "Custom (plain PyTorch), BF16 mixed" */
  return g_strdup_printf (_("%s, %s"), rp_enum_info_get_label (&rp_framework_info, cal->framework),
                          rp_enum_info_get_label (&rp_precision_info, cal->precision));
}

char *
rp_words_calibrated (const RpCalibration *cal,
                     const RpGpu         *gpu)
{
  g_autofree char *stack = NULL;
  g_autofree char *utilization = NULL;
  g_autofree char *bandwidth = NULL;
  g_autofree char *activations = NULL;
  g_autofree char *overhead = NULL;

  g_return_val_if_fail (cal != NULL, NULL);

  stack = rp_words_calibration_stack (cal);
  utilization = format_factor (cal->utilization);
  bandwidth = format_factor (cal->bandwidth);
  activations = format_factor (cal->activations);
  overhead = format_signed_bytes (cal->overhead_bytes);
  /* TRANSLATORS: the date measured, the GPU, the stack and precision, then
   * the four corrections: "× 0.82", "× 0.9", "× 1.07", "+312 MiB" */
  return g_strdup_printf (_("Calibrated from your measurement of %s on the %s (%s): compute "
                            "efficiency %s, memory bandwidth %s, activations %s, overhead %s"),
                          cal->as_of, gpu != NULL ? gpu->name : cal->gpu,
                          stack, utilization, bandwidth, activations, overhead);
}

char *
rp_words_calibration_badge (const RpCalibration *cal)
{
  g_return_val_if_fail (cal != NULL, NULL);

  /* TRANSLATORS: the badge of a calibrated estimate, with the date measured */
  return g_strdup_printf (_("Calibrated %s"), cal->as_of);
}

char *
rp_words_calibration_not_applied (const RpScenario *scenario,
                                  const RpCatalog  *catalog,
                                  const RpEstimate *est)
{
  const RpCalibration *other;
  g_autofree char *theirs = NULL;
  g_autofree char *ours = NULL;

  g_return_val_if_fail (scenario != NULL && catalog != NULL && est != NULL, NULL);

  if (est->gpu == NULL)
    return NULL;
  other = rp_catalog_find_gpu_calibration (catalog, est->gpu->id);
  if (other == NULL)
    return NULL;
  theirs = rp_words_calibration_stack (other);
  ours = g_strdup_printf (_("%s, %s"),
                          rp_enum_info_get_label (&rp_framework_info,
                                                  scenario->training.framework),
                          rp_enum_info_get_label (&rp_precision_info,
                                                  scenario->training.precision));
  /* TRANSLATORS: the date measured, the GPU, the stack measured, the stack
   * of this scenario */
  return g_strdup_printf (_("Your measurement of %s calibrated the %s for %s; this scenario "
                            "uses %s, so the calibration is not applied"),
                          other->as_of, est->gpu->name, theirs, ours);
}

const char *
rp_words_calibration_part (RpCalibrationPart part)
{
  static const char *const labels[RP_N_CALIBRATION_PARTS] = {
    N_("Step"), N_("Forward and backward"), N_("Optimizer step"), N_("Weights"),
    N_("Gradients"), N_("Optimizer states"), N_("Activations"), N_("Peak allocated"),
    N_("Peak memory"), N_("Step, per layer"), N_("Peak memory, per layer"),
  };

  g_return_val_if_fail ((guint) part < RP_N_CALIBRATION_PARTS, "?");
  return rp_gettext_static (labels[part]);
}

char *
rp_words_calibration_value (RpCalibrationPart part,
                            double            value)
{
  if (!isfinite (value))
    return g_strdup ("—");
  if (rp_calibration_part_is_time (part))
    {
      g_autofree char *number = rp_units_format_number (value, value < 10 ? 3 : 1);

      /* TRANSLATORS: seconds */
      return g_strdup_printf (_("%s s"), number);
    }
  return rp_units_format_bytes (value);
}

char *
rp_words_calibration_compared (RpCalibrationPart part,
                               double            value,
                               double            measured)
{
  g_autofree char *text = rp_words_calibration_value (part, value);
  g_autofree char *error = NULL;

  if (!isfinite (value) || !isfinite (measured) || measured <= 0)
    return g_steal_pointer (&text);
  error = rp_words_calibration_error (value, measured);
  /* TRANSLATORS: a figure, then how far it is from the measured one: "0.082 s (−23 %)" */
  return g_strdup_printf (_("%s (%s)"), text, error);
}

char *
rp_words_calibration_error (double value,
                            double measured)
{
  double pct;
  g_autofree char *number = NULL;

  if (!isfinite (value) || !isfinite (measured) || measured <= 0)
    return g_strdup ("—");
  pct = 100 * (value / measured - 1);
  number = rp_units_format_percent (fabs (pct), fabs (pct) < 10 ? 1 : 0);
  return g_strdup_printf ("%s%s", pct < 0 ? "−" : "+", number);
}

char *
rp_words_measure_note (const RpMeasureNote *note)
{
  const char *why;

  g_return_val_if_fail (note != NULL && note->key != NULL, NULL);

  if (g_strcmp0 (note->code, "single-device") == 0)
    why = _("one device runs one micro-batch per step");
  else if (g_strcmp0 (note->code, "no-library") == 0)
    why = _("the library it needs is not installed there");
  else if (g_strcmp0 (note->code, "not-available") == 0)
    why = _("that PyTorch or device cannot run it");
  else if (g_strcmp0 (note->code, "approximated") == 0)
    why = _("approximated");
  else
    why = note->text != NULL ? note->text : "";
  if (note->asked != NULL && note->ran != NULL)
    /* TRANSLATORS: a scenario key, what ran, what the scenario asks, why */
    return g_strdup_printf (_("%s: %s ran instead of %s (%s)"), note->key, note->ran,
                            note->asked, why);
  return g_strdup_printf ("%s: %s", note->key, why);
}

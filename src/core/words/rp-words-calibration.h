/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-words-calibration.h: the sentences and labels about the user's
 * calibrations (rp-words-calibration.c) */
#pragma once

#include "rp-calibrate.h"
#include "rp-calibration.h"
#include "rp-estimate.h"

G_BEGIN_DECLS

/* "Calibrated from your measurement of 2026-12-01 on the NVIDIA GeForce
 * RTX 4090 (Custom (plain PyTorch), BF16 mixed): compute efficiency
 * × 0.82, memory bandwidth × 0.9, activations × 1.07, overhead +312
 * MiB."  @gpu (may be NULL: its id is said) is the calibrated GPU. */
char       *rp_words_calibrated              (const RpCalibration *cal,
                                              const RpGpu         *gpu);
/* "Calibrated 2026-12-01": the badge's text. */
char       *rp_words_calibration_badge       (const RpCalibration *cal);
/* "Your measurement of 2026-12-01 calibrated the RTX 4090 for … ; this
 * scenario uses …, so it is not applied." */
char       *rp_words_calibration_not_applied (const RpScenario    *scenario,
                                              const RpCatalog     *catalog,
                                              const RpEstimate    *est);
/* "Custom (plain PyTorch), BF16 mixed": the stack and precision. */
char       *rp_words_calibration_stack       (const RpCalibration *cal);
/* "Step", "Forward and backward", "Weights", …: a row's name. */
const char *rp_words_calibration_part        (RpCalibrationPart    part);
/* "0.412 s", "1.23 GiB"; "—" when unknown. */
char       *rp_words_calibration_value       (RpCalibrationPart    part,
                                              double               value);
/* "0.082 s (−23 %)": @value, and how far it is from @measured (only
 * @value's text when either is unknown). */
char       *rp_words_calibration_compared    (RpCalibrationPart    part,
                                              double               value,
                                              double               measured);
/* "+3.1 %", "−12 %": calibrated or predicted against measured; "—"
 * when either is unknown. */
char       *rp_words_calibration_error       (double               value,
                                              double               measured);

/* "training.zero_stage: 0 ran instead of 3 (one device runs one
 * micro-batch per step)": a setting the probe could not reproduce. */
char       *rp_words_measure_note            (const RpMeasureNote *note);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-calibrate-private.h: what rp-calibrate.c takes from
 * rp-calibrate-device.c */
#pragma once

#include "rp-calibrate.h"

G_BEGIN_DECLS

/* A device's memory is the catalog GPU's when it is within this share:
 * the runtime reports a little less than the nominal size (an 80 GB
 * A100 has 79.2 GiB; "GB" on datasheets may mean 10⁹ or 2³⁰ bytes). */
#define RP_CALIBRATE_MEMORY_TOLERANCE 0.15

/* "79.2 GiB" for messages (transfer full). */
char  *rp_calibrate_format_gib  (double               bytes);
/* "PyTorch 2.4.0, CUDA 12.4, driver 550.54" (transfer full). */
char  *rp_calibrate_software    (const RpMeasurement *m);

G_END_DECLS

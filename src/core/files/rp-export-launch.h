/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-export-launch.h: launch configs from a scenario
 *
 * A DeepSpeed config JSON, an accelerate config YAML, a torchrun launch
 * script and a short "how to run this plan" text, written from a
 * scenario (or a plan's candidate, which is one).  What a format cannot
 * carry is returned as notes, never dropped silently.  rp-import.h reads
 * each of the first three back to the same scenario fields. */
#pragma once

#include "rp-catalog.h"
#include "rp-scenario.h"

G_BEGIN_DECLS

typedef enum
{
  RP_LAUNCH_DEEPSPEED,
  RP_LAUNCH_ACCELERATE,
  RP_LAUNCH_TORCHRUN,
  RP_LAUNCH_HOWTO,
  RP_LAUNCH_PROBE,              /* what rigplan-probe reads (rp-measure.h) */
  RP_N_LAUNCH_FORMATS
} RpLaunchFormat;

/* "deepspeed", "accelerate", "torchrun", "howto", "probe". */
const char *rp_launch_format_to_string      (RpLaunchFormat     format);
gboolean    rp_launch_format_from_string    (const char        *name,
                                             RpLaunchFormat    *out);
/* The translated name people read: "DeepSpeed config". */
const char *rp_launch_format_get_label      (RpLaunchFormat     format);
/* The file name the other files refer to: "ds_config.json",
 * "accelerate.yaml", "run.sh", "how-to-run.txt". */
const char *rp_launch_format_file_name      (RpLaunchFormat     format);

/* The text of @format for @scenario (transfer full).  @catalog (may be
 * NULL) names the GPU in comments.  *@notes (may be NULL) receives what
 * the format cannot carry, one translated sentence each (transfer full,
 * NULL-terminated).  Error: a scenario that is not valid. */
char       *rp_launch_export                (const RpScenario  *scenario,
                                             RpCatalog         *catalog,
                                             RpLaunchFormat     format,
                                             char            ***notes,
                                             GError           **error);
/* The same, written to @path through a temporary file (never half a
 * file); the error names @path. */
gboolean    rp_launch_export_file           (const RpScenario  *scenario,
                                             RpCatalog         *catalog,
                                             RpLaunchFormat     format,
                                             const char        *path,
                                             char            ***notes,
                                             GError           **error);

G_END_DECLS

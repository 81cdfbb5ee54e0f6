/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-file-kind.h: what kind of file is already where Rigplan would write
 *
 * A write must not replace a file of another kind: a scenario with a
 * DeepSpeed config, a model's config.json with a scenario.  The kind is
 * read from the file's content (magic numbers, the "format" of Rigplan's
 * own JSON, and the signs the importers look for in configs), never from
 * its name, which is the very thing that may be wrong. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  RP_FILE_KIND_NONE,                    /* nothing there, or an empty file */
  RP_FILE_KIND_OTHER,                   /* binary, or too large to be one of the below */
  RP_FILE_KIND_TEXT,                    /* text of no kind below */
  RP_FILE_KIND_JSON,                    /* JSON of no kind below */
  RP_FILE_KIND_SCENARIO,                /* "format": "rigplan-scenario" */
  RP_FILE_KIND_COMPARE_SET,             /* "rigplan-compare" */
  RP_FILE_KIND_ESTIMATE_JSON,           /* "rigplan-estimate" */
  RP_FILE_KIND_COMPARISON_JSON,         /* "rigplan-comparison": compare --json */
  RP_FILE_KIND_RIGPLAN_DATA,            /* another "rigplan-…" format: a catalog */
  RP_FILE_KIND_HF_CONFIG,               /* a Hugging Face model's config.json */
  RP_FILE_KIND_DEEPSPEED_CONFIG,
  RP_FILE_KIND_ACCELERATE_CONFIG,
  RP_FILE_KIND_TRAINING_CONFIG,         /* axolotl, torchtune */
  RP_FILE_KIND_LAUNCH_SCRIPT,           /* a shell script that runs torchrun */
  RP_FILE_KIND_CSV,
  RP_FILE_KIND_PDF,
  RP_FILE_KIND_PNG,
  RP_FILE_KIND_SVG,
  RP_N_FILE_KINDS
} RpFileKind;

/* The kind of the file at @path (its links followed).  Reads at most the
 * size of a config (4 MiB); never blocks on a FIFO (not a regular file:
 * RP_FILE_KIND_OTHER). */
RpFileKind  rp_file_kind_sniff    (const char *path);
/* The kind of @len bytes of @data. */
RpFileKind  rp_file_kind_of_data  (const char *data,
                                   gsize       len);
/* "a Rigplan scenario", "a Hugging Face model config", …: translated, for
 * "FILE holds %s". */
const char *rp_file_kind_describe (RpFileKind  kind);

G_END_DECLS

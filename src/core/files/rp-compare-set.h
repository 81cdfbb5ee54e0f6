/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-compare-set.h: a saved comparison, the *.rigplan-compare file
 *
 *   { "format": "rigplan-compare", "version": 1, "name": "4090s or A100s",
 *     "scenarios": [
 *       { "file": "lora-llama3-8b-rtx4090.rigplan" },
 *       { "scenario": { "format": "rigplan-scenario", "version": 2, … } } ] }
 *
 * A scenario that has a file is referred to by its path relative to the
 * compare file ("file"), so edits to it show up the next time the
 * comparison opens, and a folder moved as a whole keeps working.  One
 * without a file (an unsaved scenario, a variant) is held inline
 * ("scenario"), complete.  Order is column order.
 *
 * A referred file that is missing or unreadable does not stop the rest:
 * its entry keeps its path and an error that names the compare file,
 * the entry, the path looked at and the problem; saving writes the
 * entry back as it was. */
#pragma once

#include "rp-scenario.h"

G_BEGIN_DECLS

#define RP_COMPARE_SET_VERSION 1
/* The most text (rp_scenario_get_text_bytes()) the scenarios of one
 * comparison hold together: with at most RP_COMPARE_MAX_SCENARIOS of them,
 * each bounded by its file's limits (rp-scenario.h), a comparison's
 * memory stays within tens of megabytes whatever its files hold. */
#define RP_COMPARE_SET_MAX_TEXT_BYTES (8 * 1024 * 1024)

typedef struct
{
  char        *path;            /* absolute; NULL: inline */
  RpScenario  *scenario;        /* NULL when the file could not be read */
  GError      *error;           /* why not; NULL otherwise */
} RpCompareEntry;

typedef struct _RpCompareSet RpCompareSet;

RpCompareSet         *rp_compare_set_new        (void);
void                  rp_compare_set_free       (RpCompareSet       *self);
const char           *rp_compare_set_get_name   (const RpCompareSet *self);
void                  rp_compare_set_set_name   (RpCompareSet       *self,
                                                 const char         *name);
guint                 rp_compare_set_get_n      (const RpCompareSet *self);
const RpCompareEntry *rp_compare_set_get        (const RpCompareSet *self,
                                                 guint               i);
/* Appends @scenario (copied), read from @path (absolute; NULL: held
 * inline). */
void                  rp_compare_set_add        (RpCompareSet       *self,
                                                 const RpScenario   *scenario,
                                                 const char         *path);
/* Appends an entry that could not be read (a missing file at @path,
 * absolute): kept so that saving writes it back.  @error is copied. */
void                  rp_compare_set_add_missing (RpCompareSet      *self,
                                                  const char        *path,
                                                  const GError      *error);
/* Adds @scenario's text to *@text_bytes, the count of a comparison, or
 * leaves it and returns FALSE with an error when that would pass
 * RP_COMPARE_SET_MAX_TEXT_BYTES.  A referred file past the budget is an
 * entry that could not be read; for rigplan-cli compare, a failure. */
gboolean              rp_compare_set_charge_text (gsize            *text_bytes,
                                                  const RpScenario *scenario,
                                                  GError          **error);
/* How many entries could not be read, and their errors joined by new
 * lines (transfer full; NULL when none). */
guint                 rp_compare_set_count_missing (const RpCompareSet *self,
                                                    char              **out_message);

/* Reads a compare file.  @base_dir resolves relative paths (the compare
 * file's folder).  Fails only when the compare file itself is bad; the
 * error names the JSON path. */
RpCompareSet         *rp_compare_set_load_data  (const char         *data,
                                                 gsize               len,
                                                 const char         *base_dir,
                                                 GError            **error);
RpCompareSet         *rp_compare_set_load_file  (const char         *path,
                                                 GError            **error);
/* The file's text, with paths relative to @base_dir.  Transfer full. */
char                 *rp_compare_set_to_json    (const RpCompareSet *self,
                                                 const char         *base_dir);
/* Writes through a temporary file and a rename: never half a file. */
gboolean              rp_compare_set_save_file  (const RpCompareSet *self,
                                                 const char         *path,
                                                 GError            **error);

/* @path relative to @base_dir ("../b/x.rigplan"); both absolute.
 * Transfer full. */
char                 *rp_compare_set_relative_path (const char      *path,
                                                    const char      *base_dir);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpCompareSet, rp_compare_set_free)

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-import.h: scenarios from the files people already have
 *
 * An import reads any number of files into one scenario:
 *   - a Hugging Face model: config.json, or the model's directory, whose
 *     model.safetensors.index.json and safetensors headers give the exact
 *     parameter count of the checkpoint;
 *   - training configs: DeepSpeed JSON, accelerate YAML, axolotl YAML,
 *     torchtune YAML, and the torchrun scripts Rigplan exports;
 *   - a *.rigplan scenario, which the other files then change.
 * Each value goes through the field table (rp-fields.h): a value out of
 * range is an error naming the file, the key in that file and the
 * scenario key.  What cannot be expressed is approximated and said, two
 * files that disagree are reported (the later file wins), keys that are
 * not understood are listed, and so are the fields no file sets.  The
 * report is also written to the scenario's "notes". */
#pragma once

#include "rp-catalog.h"
#include "rp-scenario.h"

G_BEGIN_DECLS

typedef enum
{
  RP_IMPORT_NOTE_SOURCE,        /* a file that was read, and as what */
  RP_IMPORT_NOTE_COUNT,         /* the parameter count and how it was checked */
  RP_IMPORT_NOTE_APPROXIMATED,  /* what Rigplan's model cannot express, and what stands in */
  RP_IMPORT_NOTE_CONFLICT,      /* two files disagree; which value was kept */
  RP_IMPORT_NOTE_DERIVED,       /* a value computed from several keys */
  RP_IMPORT_NOTE_IGNORED,       /* keys left to the trainer ("auto") or not understood */
  RP_IMPORT_NOTE_DEFAULT,       /* fields no file sets */
  RP_N_IMPORT_NOTES
} RpImportNoteKind;

typedef struct
{
  RpImportNoteKind  kind;
  char             *file;       /* owned; the file it is about, or NULL */
  char             *text;       /* owned; a translated sentence */
} RpImportNote;

typedef struct _RpImport RpImport;

/* @catalog (may be NULL) resolves model names ("base_model",
 * torchtune's model builder) to presets and checks the result. */
RpImport           *rp_import_new         (RpCatalog       *catalog);
void                rp_import_free        (RpImport        *self);
/* Reads one file or model directory, detecting what it is.  Errors name
 * the file, the key and the problem. */
gboolean            rp_import_add_path    (RpImport        *self,
                                           const char      *path,
                                           GError         **error);
/* The scenario (transfer full) of everything added, with its name and
 * notes; NULL and an error when nothing was added or the result is not a
 * valid scenario (the error names the key and the file that set it). */
RpScenario         *rp_import_finish      (RpImport        *self,
                                           GError         **error);
guint               rp_import_n_notes     (const RpImport  *self);
const RpImportNote *rp_import_get_note    (const RpImport  *self,
                                           guint            i);
/* Every note as text, one line each under headings (what the CLI prints,
 * what the window shows and what goes into the scenario's notes). */
char               *rp_import_dup_report  (const RpImport  *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RpImport, rp_import_free)

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-compare-document.h: a comparison: its columns, its file, its undo
 *
 * What the Compare window shows, without the window: the columns (each
 * a scenario, from a file, from an editor's document it follows, or a
 * variant that changes one field of another), the entries of a loaded
 * comparison that could not be read (kept to be saved back), the
 * *.rigplan-compare file and its name, whether it was modified, and the
 * steps to undo and redo.  Every change of the columns goes through it;
 * variants are edited with core's rp_scenario_edit(), as the form edits a
 * scenario.
 *
 * It emits "changed" (RpCompareChange flags: what changed) after every
 * change, and "notice" (a sentence for the view: a file that could not be
 * read, a comparison that is full, a value that is not valid). */
#pragma once

#include <gio/gio.h>

#include "rp-catalog.h"
#include "rp-fields.h"
#include "rp-scenario-document.h"
#include "rp-scenario.h"

G_BEGIN_DECLS

#define RP_TYPE_COMPARE_DOCUMENT (rp_compare_document_get_type ())

G_DECLARE_FINAL_TYPE (RpCompareDocument, rp_compare_document, RP, COMPARE_DOCUMENT, GObject)

/* What a "changed" signal says changed. */
typedef enum
{
  RP_COMPARE_CHANGE_COLUMNS = 1 << 0, /* columns added, removed, moved, a variant made, undo */
  RP_COMPARE_CHANGE_VALUES  = 1 << 1, /* a column's scenario (a variant's value, an editor) */
  RP_COMPARE_CHANGE_FILE    = 1 << 2, /* the file, the name or the modified flag */
} RpCompareChange;

/* The most changes a comparison can take back. */
#define RP_COMPARE_DOCUMENT_MAX_UNDO 100

RpCompareDocument  *rp_compare_document_new              (RpCatalog          *catalog);
RpCatalog          *rp_compare_document_get_catalog      (RpCompareDocument  *self);

/* ---- the columns ---- */
guint               rp_compare_document_get_n_columns    (RpCompareDocument  *self);
const RpScenario   *rp_compare_document_get_scenario     (RpCompareDocument  *self,
                                                          guint               column);
/* Where the column was read from (NULL: held inline when saved). */
GFile              *rp_compare_document_get_column_file  (RpCompareDocument  *self,
                                                          guint               column);
/* The field a variant column changes, or NULL. */
const RpField      *rp_compare_document_get_variant      (RpCompareDocument  *self,
                                                          guint               column);
/* The editor's document the column follows, or NULL.  Transfer full. */
RpScenarioDocument *rp_compare_document_dup_linked       (RpCompareDocument  *self,
                                                          guint               column);
/* Whether the column is saved as a reference to its file: it has one,
 * is not a variant and was not edited in its window since. */
gboolean            rp_compare_document_column_is_its_file (RpCompareDocument *self,
                                                          guint               column);

/* Adds a column (copied); FALSE, with a notice, when the comparison
 * holds RP_COMPARE_MAX_SHOWN already. */
gboolean            rp_compare_document_add_scenario     (RpCompareDocument  *self,
                                                          const RpScenario   *scenario,
                                                          GFile              *file);
/* Adds a column that follows @document (its edits and saves show here);
 * a document already followed is not added twice (TRUE). */
gboolean            rp_compare_document_add_document     (RpCompareDocument  *self,
                                                          RpScenarioDocument *document);
/* Makes @column follow @document (an editor opened from it). */
void                rp_compare_document_link             (RpCompareDocument  *self,
                                                          guint               column,
                                                          RpScenarioDocument *document);
void                rp_compare_document_remove_column    (RpCompareDocument  *self,
                                                          guint               column);
/* Swaps @column with its neighbour @delta away; nothing past the ends. */
void                rp_compare_document_move_column      (RpCompareDocument  *self,
                                                          guint               column,
                                                          int                 delta);

/* ---- variants ---- */
/* The fields a variant may change: the form's, but the name, the
 * model's architecture and free text (a GPU is picked from the catalog).
 * A static array of const RpField*. */
GPtrArray          *rp_compare_document_variant_fields   (void);
gboolean            rp_compare_document_is_variant_field (const RpField      *field);
/* @field's value in @scenario as the variant's head shows it (a GPU by
 * its name, a choice by its label, a number in the field's unit). */
char               *rp_compare_document_dup_variant_text (RpCompareDocument  *self,
                                                          const RpField      *field,
                                                          const RpScenario   *scenario);
/* A new column after @column, its scenario with @key to be changed.
 * FALSE when full (a notice) or @key cannot be varied. */
gboolean            rp_compare_document_duplicate_as_variant (RpCompareDocument *self,
                                                          guint               column,
                                                          const char         *key);
/* Sets the variant @column's value as a person types it ("2"; a GPU by
 * its id; a choice by its name; "true"/"false").  FALSE with @error (and
 * a notice) when it is not valid. */
gboolean            rp_compare_document_set_variant_value (RpCompareDocument *self,
                                                          guint               column,
                                                          const char         *text,
                                                          GError            **error);

/* ---- undo ---- */
/* Every change of the columns above is one step; opening a comparison
 * is not.  FALSE when there is nothing to undo or redo. */
gboolean            rp_compare_document_can_undo         (RpCompareDocument  *self);
gboolean            rp_compare_document_can_redo         (RpCompareDocument  *self);
gboolean            rp_compare_document_undo             (RpCompareDocument  *self);
gboolean            rp_compare_document_redo             (RpCompareDocument  *self);

/* ---- the file ---- */
GFile              *rp_compare_document_get_file         (RpCompareDocument  *self);
/* The comparison's name, or NULL. */
const char         *rp_compare_document_get_name         (RpCompareDocument  *self);
/* The name, else the file's name, else NULL. */
char               *rp_compare_document_dup_name         (RpCompareDocument  *self);
gboolean            rp_compare_document_get_modified     (RpCompareDocument  *self);
/* Whether closing loses something: modified, and a column (a variant, an
 * unsaved scenario) exists nowhere else. */
gboolean            rp_compare_document_needs_saving     (RpCompareDocument  *self);
/* Whether a read started by add_files is still running. */
gboolean            rp_compare_document_is_busy          (RpCompareDocument  *self);

/* Reads scenario files (*.rigplan) into columns, or a comparison
 * (*.rigplan-compare), in a thread.  Into an empty document, one
 * comparison is opened (its file, its name; not modified); else its
 * scenarios are added.  What could not be read becomes a notice: the
 * result is an error only when cancelled. */
void                rp_compare_document_add_files_async  (RpCompareDocument  *self,
                                                          GFile             **files,
                                                          guint               n_files,
                                                          GCancellable       *cancellable,
                                                          GAsyncReadyCallback callback,
                                                          gpointer            user_data);
/* @added (may be NULL): the scenario files that became columns, for the
 * recent files (transfer full, a GPtrArray of GFile). */
gboolean            rp_compare_document_add_files_finish (RpCompareDocument  *self,
                                                          GAsyncResult       *result,
                                                          GPtrArray         **added,
                                                          GError            **error);
/* Writes the comparison to @file through core's atomic writer; on
 * success it is the document's file and the document is not modified.
 * On failure the old file is left whole and nothing changes. */
void                rp_compare_document_save_async       (RpCompareDocument  *self,
                                                          GFile              *file,
                                                          GCancellable       *cancellable,
                                                          GAsyncReadyCallback callback,
                                                          gpointer            user_data);
gboolean            rp_compare_document_save_finish      (RpCompareDocument  *self,
                                                          GAsyncResult       *result,
                                                          GError            **error);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-yaml-private.h: YAML configs read into cJSON trees, for the importers
 *
 * libyaml parses; this turns the first document into the same cJSON tree
 * a JSON file gives, so that every importer reads one kind of tree and
 * names keys the same way. */
#pragma once

#include "rp-json-private.h"

G_BEGIN_DECLS

/* The limits of one file, checked as it is read (rp-yaml.c): values
 * (scalars, lists, mappings and keys, each use of an alias counted with
 * all it copies), levels of nesting, and uses of aliases.  The training
 * configs Rigplan imports hold a few hundred values; 20,000 keeps the
 * worst file's work under 0.1 s even under AddressSanitizer (fuzz-yaml's
 * budget of 1 s an input). */
#define RP_YAML_MAX_NODES   20000
#define RP_YAML_MAX_DEPTH   64
#define RP_YAML_MAX_ALIASES 10000

/* What a parse did, for the fuzz target's budget of work. */
typedef struct
{
  guint n_events;               /* libyaml events read */
  guint n_nodes;                /* values built, anchors' copies included */
  guint n_aliases;              /* uses of aliases */
} RpYamlStats;

/* Parses the first YAML document of @data.  Plain scalars become what
 * PyYAML (YAML 1.1) makes of them, because the tools that write these
 * files read them with PyYAML: null/~/empty → null, true/false/yes/no/
 * on/off → booleans, numbers → numbers; quoted scalars stay strings.
 * Mapping keys become strings.  Aliases are followed, within a budget of
 * nodes and depth, so that a small hostile file cannot expand into a
 * huge tree; the limits stop the reading as soon as they are passed,
 * before the rest of the file is looked at.  Errors say the line (and
 * for syntax, the column). */
cJSON *rp_yaml_parse      (const char  *data,
                           gsize        len,
                           GError     **error);
/* The same, saying in @stats (may be NULL) how much work it did. */
cJSON *rp_yaml_parse_full (const char  *data,
                           gsize        len,
                           RpYamlStats *stats,
                           GError     **error);

G_END_DECLS

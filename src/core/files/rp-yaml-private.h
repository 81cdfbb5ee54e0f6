/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-yaml-private.h: YAML configs read into cJSON trees, for the importers
 *
 * libyaml parses; this turns the first document into the same cJSON tree
 * a JSON file gives, so that every importer reads one kind of tree and
 * names keys the same way. */
#pragma once

#include "rp-json-private.h"

G_BEGIN_DECLS

/* Parses the first YAML document of @data.  Plain scalars become what
 * PyYAML (YAML 1.1) makes of them, because the tools that write these
 * files read them with PyYAML: null/~/empty → null, true/false/yes/no/
 * on/off → booleans, numbers → numbers; quoted scalars stay strings.
 * Mapping keys become strings.  Aliases are followed, within a budget of
 * nodes and depth, so that a small hostile file cannot expand into a
 * huge tree.  Errors say the line and column. */
cJSON *rp_yaml_parse (const char *data,
                      gsize       len,
                      GError    **error);

G_END_DECLS

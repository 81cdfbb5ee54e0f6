/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-cli-doc.h: the man pages and shell completions, written from the
 * tables of commands and options (rigplan-docgen, at build time) */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* rigplan-cli(1) and rigplan(1) in roff; @date is the page's date
 * ("2026-12-01"), or NULL for none.  Transfer full. */
char *rp_cli_doc_man_cli    (const char *date);
char *rp_cli_doc_man_app    (const char *date);
/* The completion script of @program ("rigplan-cli" or "rigplan") for
 * @shell ("bash", "zsh" or "fish"); NULL for another shell. */
char *rp_cli_doc_completion (const char *program,
                             const char *shell);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-constraints.h: judging every constraint a plan must meet
 *
 * After the models ran, each constraint of rp-results.h is judged with
 * what is needed and what the scenario has, and est->level is the worst
 * unmet one's severity: the run cannot happen (ERROR: the setup, the
 * memory), or it can at a cost (WARNING: tight memory, host RAM, the
 * deadline, the money, GPUs bought too small for the models of their
 * life, starving CPUs or storage). */
#pragma once

#include "rp-results.h"

G_BEGIN_DECLS

/* Fills est->constraints and est->level: numbers and codes only, the
 * sentences are rp_words_constraint()'s. */
void rp_constraints_judge (const RpScenario *scenario,
                           RpEstimate       *est);

G_END_DECLS

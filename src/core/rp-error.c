/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rp-error.c: the RP_ERROR domain */

#include "config.h"

#include "rp-error.h"

G_DEFINE_QUARK (rp-error-quark, rp_error)

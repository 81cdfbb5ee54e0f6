#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-rooms.py: a room of the core includes only the rooms above it.

    check-rooms.py SOURCE_ROOT

Prints TAP.  The rooms of src/core, lowest first, are base, fields,
market, models, explore, decide, words, files (docs/architecture.md); a
file may include headers of its own room and of the rooms before it.
The older includes that still point the other way are listed below, by
file and header: none may be added, and an entry whose include is gone is
reported so that the list can be shortened."""

import glob
import os
import re
import sys

root = sys.argv[1]
ROOMS = ["base", "fields", "market", "models", "explore", "decide", "words", "files"]
KNOWN = {
    ("fields/rp-scenario.c", "rp-results.h"),
    ("fields/rp-fields-private.h", "rp-results.h"),
    ("fields/rp-scenario-json.c", "rp-model-private.h"),
    ("market/rp-catalog.h", "rp-mfu.h"),
    ("market/rp-prices.h", "rp-results.h"),
    ("market/rp-catalog.c", "rp-mfu-private.h"),
    ("market/rp-catalog.c", "rp-model.h"),
    ("market/rp-catalog.c", "rp-model-private.h"),
    ("models/rp-cost-model.c", "rp-words.h"),
    ("models/rp-constraints.c", "rp-words.h"),
    ("models/rp-estimate.c", "rp-fix.h"),
    ("explore/rp-planner.c", "rp-words.h"),
    ("decide/rp-compare.c", "rp-words.h"),
    ("decide/rp-guide.c", "rp-words.h"),
}

core = os.path.join(root, "src", "core")
room_of = {}
for room in ROOMS:
    for header in glob.glob(os.path.join(core, room, "*.h")):
        room_of[os.path.basename(header)] = room

upward = set()
n_files = 0
for room in ROOMS:
    for path in sorted(glob.glob(os.path.join(core, room, "*.[ch]"))):
        n_files += 1
        with open(path, encoding="utf-8") as f:
            includes = re.findall(r'^#include\s+"([^"]+)"', f.read(), re.M)
        for header in includes:
            other = room_of.get(header)
            if other is not None and ROOMS.index(other) > ROOMS.index(room):
                upward.add((f"{room}/{os.path.basename(path)}", header))

n = 0
new = sorted(upward - KNOWN)
n += 1
print(("ok" if n_files > 50 else "not ok") + f" {n} {n_files} files in {len(ROOMS)} rooms")
n += 1
print(("ok" if not new else "not ok") + f" {n} no file includes a room below its own")
for file, header in new:
    print(f"# {file} includes {header} ({room_of[header]})")
for file, header in sorted(KNOWN - upward):
    print(f"# gone, remove from KNOWN: {file} includes {header}")
print(f"1..{n}")
sys.exit(1 if new or n_files <= 50 else 0)

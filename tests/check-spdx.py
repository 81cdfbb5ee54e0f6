#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-spdx.py: every source file says its licence.

    check-spdx.py SOURCE_ROOT

Prints TAP.  Every file people write by hand (C, Python, shell, meson,
GtkBuilder, CSS, XML, SVG, desktop and AppStream templates, debian/rules)
must carry an `SPDX-License-Identifier:` line in its first lines, naming
GPL-3.0-or-later, Rigplan's licence (COPYING), or CC0-1.0 for the
AppStream metadata, which must be CC0.  Data (JSON catalogs, scenarios,
fixtures, fuzz corpora), translations, images and generated files are not
checked: README.md says under which terms they come.  COPYING must be the
GPL version 3."""

import os
import sys

root = sys.argv[1]

# Names and suffixes of hand-written files.
SUFFIXES = (".c", ".h", ".py", ".sh", ".ui", ".css", ".xml", ".svg", ".in")
NAMES = {"meson.build", "meson_options.txt", "run", "rules"}
# Not sources: data, generated files, other tools' folders.
SKIP_DIRS = {".git", "subprojects", "docs", "po", ".flatpak-builder"}
SKIP_PREFIXES = ("tests/data/", "tests/fuzz/corpus-", "tests/fuzz/catalog-base/")
EXPECTED = {
    "data/io.github.rigplan.Rigplan.metainfo.xml.in": "CC0-1.0",
}
SKIP_FILES = {"po/POTFILES.in", "po/LINGUAS"}

n = 0
failed = 0


def report(ok, what, detail=""):
    global n, failed
    n += 1
    print(("ok" if ok else "not ok") + f" {n} {what}")
    if not ok:
        failed += 1
        if detail:
            print("# " + str(detail).replace("\n", "\n# "))


def is_build_dir(path):
    # a meson build folder, or debhelper's
    return (os.path.exists(os.path.join(path, "meson-private")) or
            os.path.basename(path).startswith("obj-"))


with open(os.path.join(root, "COPYING"), encoding="utf-8") as f:
    head = f.read(200)
report("GNU GENERAL PUBLIC LICENSE" in head and "Version 3, 29 June 2007" in head,
       "COPYING is the GNU GPL version 3")

missing = []
wrong = []
checked = 0
for dirpath, dirnames, filenames in os.walk(root):
    rel_dir = os.path.relpath(dirpath, root)
    dirnames[:] = sorted(d for d in dirnames
                         if d not in SKIP_DIRS and not is_build_dir(os.path.join(dirpath, d)))
    for name in sorted(filenames):
        rel = os.path.normpath(os.path.join(rel_dir, name)).replace(os.sep, "/")
        if rel in SKIP_FILES or rel.startswith(SKIP_PREFIXES):
            continue
        # debian/copyright says the licences there; debhelper writes the rest
        if rel.startswith("debian/") and rel != "debian/rules":
            continue
        if not (name.endswith(SUFFIXES) or name in NAMES):
            continue
        if name == "run" and rel != ".ci/run":
            continue
        if name == "rules" and rel != "debian/rules":
            continue
        checked += 1
        with open(os.path.join(dirpath, name), encoding="utf-8", errors="replace") as f:
            lines = [next(f, "") for _ in range(8)]
        tag = [l.split("SPDX-License-Identifier:", 1)[1].strip(" */->#\n")
               for l in lines if "SPDX-License-Identifier:" in l]
        if not tag:
            missing.append(rel)
        elif tag[0] != EXPECTED.get(rel, "GPL-3.0-or-later"):
            wrong.append(f"{rel}: {tag[0]}")

report(checked > 100, f"{checked} source files found")
report(not missing, "every source file has an SPDX-License-Identifier line", "\n".join(missing))
report(not wrong, "every SPDX line names the file's licence", "\n".join(wrong))
print(f"1..{n}")
sys.exit(1 if failed else 0)

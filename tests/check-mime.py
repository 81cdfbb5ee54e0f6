#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The MIME types and the desktop file agree: a database built from
data/*.mime.xml (update-mime-database, as a package installs it) maps
*.rigplan and *.rigplan-compare to their types, and the desktop file
says Rigplan opens both.  TAP output."""
import os
import shutil
import subprocess
import sys
import tempfile

src, desktop = sys.argv[1], sys.argv[2]
want = {"*.rigplan": "application/x-rigplan",
        "*.rigplan-compare": "application/x-rigplan-compare"}
tests = []

with tempfile.TemporaryDirectory() as tmp:
    packages = os.path.join(tmp, "packages")
    os.makedirs(packages)
    shutil.copy(os.path.join(src, "data", "io.github.rigplan.Rigplan.mime.xml"),
                os.path.join(packages, "io.github.rigplan.Rigplan.xml"))
    rc = subprocess.run(["update-mime-database", tmp], capture_output=True, text=True)
    tests.append(("update-mime-database accepts the XML", rc.returncode == 0, rc.stderr))
    globs = {}
    path = os.path.join(tmp, "globs2")
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            if line.startswith("#"):
                continue
            weight, mime, glob = line.strip().split(":", 2)[:3]
            globs[glob.split(":")[0]] = mime
    for glob, mime in want.items():
        tests.append((f"{glob} is {mime}", globs.get(glob) == mime, str(globs)))

mime_line = [l for l in open(desktop, encoding="utf-8") if l.startswith("MimeType=")]
types = mime_line[0].strip().split("=", 1)[1].split(";") if mime_line else []
for mime in want.values():
    tests.append((f"the desktop file opens {mime}", mime in types, str(types)))

print(f"1..{len(tests)}")
for i, (name, ok, why) in enumerate(tests, 1):
    print(f"{'ok' if ok else 'not ok'} {i} {name}")
    if not ok:
        print("# " + why.replace("\n", "\n# "))
sys.exit(0 if all(ok for _, ok, _ in tests) else 1)

#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-metainfo.py: what software centres read is true.

    check-metainfo.py METAINFO PROJECT_VERSION SOURCE_ROOT

Prints TAP.  The newest release is the project's version, each release
date is a real date no earlier than the first commit (when the tree is a
git checkout), the developer is given by id (not the deprecated
developer_name), and every screenshot has an English image and a Chinese
one whose files are in the repository."""

import datetime
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

path, version, root = sys.argv[1:4]
LANG = "{http://www.w3.org/XML/1998/namespace}lang"
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


component = ET.parse(path).getroot()
releases = component.findall("releases/release")
report(releases and releases[0].get("version") == version,
       f"the newest release is the project's version {version}",
       [r.get("version") for r in releases])
first_commit = None
if os.path.isdir(os.path.join(root, ".git")) or os.path.isfile(os.path.join(root, ".git")):
    r = subprocess.run(["git", "-C", root, "log", "--reverse", "--format=%ad", "--date=short"],
                       capture_output=True, text=True)
    if r.returncode == 0 and r.stdout:
        first_commit = r.stdout.split()[0]
for release in releases:
    date = release.get("date", "")
    try:
        datetime.date.fromisoformat(date)
        real = True
    except ValueError:
        real = False
    report(real and (first_commit is None or date >= first_commit),
           f"release {release.get('version')} is dated {date}, not before the first commit "
           f"({first_commit or 'no git history here'})")
developer = component.find("developer")
report(developer is not None and developer.get("id") and developer.findtext("name"),
       "the developer is given with an id and a name")
report(component.find("developer_name") is None, "no deprecated developer_name")
screenshots = component.findall("screenshots/screenshot")
report(len(screenshots) >= 1, f"{len(screenshots)} screenshots")
for i, shot in enumerate(screenshots):
    images = shot.findall("image")
    langs = {img.get(LANG) for img in images}
    report(None in langs and "zh_CN" in langs, f"screenshot {i + 1} in English and Chinese",
           langs)
    for img in images:
        m = re.search(r"/main/(.+)$", img.text or "")
        report(m is not None and os.path.isfile(os.path.join(root, m.group(1))),
               f"screenshot {i + 1}: {m.group(1) if m else img.text} is in the repository")
print(f"1..{n}")
sys.exit(1 if failed else 0)

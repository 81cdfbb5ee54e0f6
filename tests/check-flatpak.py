#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-flatpak.py: the Flatpak manifest is well formed.

    check-flatpak.py SOURCE_ROOT APP_ID

Prints TAP.  The manifest cannot be built here (no Flatpak runtime, no
network), so its structure is checked instead: the app id, runtime and
SDK of one GNOME branch, the installed command, a sandbox that asks for
no file system or network access (files come through the portal), cJSON
and libyaml as modules with https sources pinned by sha256, and Rigplan
itself built with meson from this tree, with options meson_options.txt
defines."""

import json
import os
import re
import sys

root, app_id = sys.argv[1:3]
manifest_dir = os.path.join(root, "build-aux", "flatpak")
path = os.path.join(manifest_dir, app_id + ".json")
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


try:
    with open(path, encoding="utf-8") as f:
        m = json.load(f)
    report(True, f"{os.path.relpath(path, root)} is JSON")
except (OSError, ValueError) as e:
    report(False, "the manifest is JSON", e)
    print(f"1..{n}")
    sys.exit(1)

report(m.get("id", m.get("app-id")) == app_id, f"its id is {app_id}")
report(m.get("runtime") == "org.gnome.Platform" and m.get("sdk") == "org.gnome.Sdk",
       "the GNOME runtime and SDK")
report(re.fullmatch(r"\d+", str(m.get("runtime-version", ""))) is not None
       and int(m["runtime-version"]) >= 47,
       f"a numbered GNOME branch with GTK 4.14 or later: {m.get('runtime-version')}")
report(m.get("command") == "rigplan", "the command is rigplan")
args = m.get("finish-args", [])
report({"--share=ipc", "--socket=wayland", "--socket=fallback-x11"} <= set(args),
       "it shows a window on Wayland and X11", args)
risky = [a for a in args if a.startswith(("--filesystem", "--share=network", "--device=all",
                                          "--talk-name=org.freedesktop.Flatpak"))]
report(not risky, "it asks for no file system, network or host access", risky)

modules = m.get("modules", [])
names = [mod.get("name") if isinstance(mod, dict) else mod for mod in modules]
for dep in ("cjson", "libyaml"):
    mod = next((x for x in modules if isinstance(x, dict) and x.get("name") == dep), None)
    sources = mod.get("sources", []) if mod else []
    pinned = sources and all(s.get("type") == "archive" and s.get("url", "").startswith("https://")
                             and re.fullmatch(r"[0-9a-f]{64}", s.get("sha256", ""))
                             for s in sources)
    report(mod is not None and mod.get("buildsystem") and pinned,
           f"{dep} is a module with https sources pinned by sha256", mod)
    report(mod is not None and names.index(dep) < names.index("rigplan")
           if "rigplan" in names and mod else False, f"{dep} is built before rigplan")

app = next((x for x in modules if isinstance(x, dict) and x.get("name") == "rigplan"), None)
report(app is not None and modules[-1] is app and app.get("buildsystem") == "meson",
       "rigplan is the last module, built with meson")
dirs = [s for s in (app or {}).get("sources", []) if s.get("type") == "dir"]
tree = os.path.normpath(os.path.join(manifest_dir, dirs[0]["path"])) if dirs else None
report(tree is not None and os.path.samefile(tree, root), "it builds this tree", tree)
with open(os.path.join(root, "meson_options.txt"), encoding="utf-8") as f:
    known = set(re.findall(r"option\('([^']+)'", f.read()))
used = [o[2:].split("=", 1)[0] for o in (app or {}).get("config-opts", []) if o.startswith("-D")]
unknown = [o for o in used if o not in known and o not in ("buildtype", "prefix", "libdir")]
report(used and not unknown, "its meson options exist in meson_options.txt", unknown)
print(f"1..{n}")
sys.exit(1 if failed else 0)

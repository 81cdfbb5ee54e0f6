#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs the README's `meson devenv -C build --workdir . rigplan-cli …` lines
with the built rigplan-cli, from the source root, and fails when one fails
(exit 3, estimated but a check not met, prints its answer: not a failure).
  check-readme.py SOURCE_ROOT"""
import os, re, shlex, subprocess, sys, tempfile

root = sys.argv[1]
cli = os.environ["RIGPLAN_CLI"]
prefix = "meson devenv -C build --workdir . rigplan-cli "
lines = [l.strip() for l in open(os.path.join(root, "README.md"), encoding="utf-8")
         if l.strip().startswith(prefix)]
print(f"1..{len(lines)}")
failed = 0
with tempfile.TemporaryDirectory() as tmp:
    for n, line in enumerate(lines, 1):
        args = [a.replace("/tmp/", tmp + "/") for a in shlex.split(line[len(prefix):])]
        r = subprocess.run([cli] + args, cwd=root, capture_output=True, text=True)
        ok = r.returncode in (0, 3) and r.stdout.strip() != ""
        print(("ok" if ok else "not ok") + f" {n} rigplan-cli {' '.join(args)}")
        if not ok:
            failed += 1
            print("# " + r.stderr.replace("\n", "\n# "))
if not lines:
    print("not ok 1 no README command found")
    failed = 1
sys.exit(1 if failed else 0)

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Counts meson test results as 'N passed, N failed[, N skipped]'.

TAP tests count per subtest; other tests count as one.  A test that
crashed or timed out after some 'ok' lines counts as one failure.
Reads one or more meson testlog.json files (JSON Lines).
"""
import json
import re
import sys

TAP = re.compile(r"^(not ok|ok)\b[^#]*(#\s*(SKIP|TODO)\b)?", re.I)


def count(path):
    passed = failed = skipped = 0
    try:
        lines = open(path, encoding="utf-8").read().splitlines()
    except FileNotFoundError:
        return 0, 1, 0
    for line in lines:
        if not line.strip():
            continue
        t = json.loads(line)
        result = t.get("result", "")
        p = f = s = 0
        for out in (t.get("stdout") or "").splitlines():
            m = TAP.match(out.strip())
            if not m:
                continue
            directive = (m.group(3) or "").upper()
            if directive == "SKIP":
                s += 1
            elif m.group(1) == "ok" or directive == "TODO":
                p += 1
            else:
                f += 1
        if p + f + s == 0:
            if result in ("OK", "EXPECTEDFAIL"):
                p = 1
            elif result == "SKIP":
                s = 1
            else:
                f = 1
        elif result not in ("OK", "EXPECTEDFAIL", "SKIP") and f == 0:
            f = 1
        passed += p
        failed += f
        skipped += s
    return passed, failed, skipped


def main():
    paths = sys.argv[1:] or ["build/meson-logs/testlog.json"]
    totals = [0, 0, 0]
    for path in paths:
        for i, n in enumerate(count(path)):
            totals[i] += n
    line = f"{totals[0]} passed, {totals[1]} failed"
    if totals[2]:
        line += f", {totals[2]} skipped"
    print(line)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""List the dated prices of the bundled catalogs by age, to see what to refresh.

Usage: python3 tools/catalog/price_ages.py [--today YYYY-MM-DD] [--stale] [DIR]

Reads clouds.json, purchases.json and regions.json in DIR (default
data/catalogs), prints one line per entry: age in months, as_of, file, id,
provider or GPU, currency and source kind, oldest first, then a count of
offers per currency and provider. --stale prints only entries older than six
months, as rigplan's rp_price_is_stale () counts them (30.436875-day months,
a partial date counted from its first day). Exit status 1 if any as_of
cannot be read, 0 otherwise.
"""
import datetime
import json
import os
import sys
from collections import Counter

DAYS_PER_MONTH = 365.2425 / 12
STALE_AFTER_MONTHS = 6
LISTS = {"clouds.json": "offers", "purchases.json": "prices", "regions.json": "regions"}


def parse_as_of(text):
    """YYYY, YYYY-MM or YYYY-MM-DD as a date (first day of a partial date)."""
    parts = text.split("-") if isinstance(text, str) else []
    if len(parts) not in (1, 2, 3) or [len(p) for p in parts] != [4, 2, 2][: len(parts)]:
        return None
    try:
        return datetime.date(*[int(p) for p in parts] + [1] * (3 - len(parts)))
    except ValueError:
        return None


def main(argv):
    today = datetime.date.today()
    only_stale = "--stale" in argv
    args = [a for a in argv if a != "--stale"]
    if "--today" in args:
        i = args.index("--today")
        today = parse_as_of(args[i + 1])
        del args[i : i + 2]
    here = os.path.dirname(os.path.abspath(__file__))
    folder = args[0] if args else os.path.join(here, "..", "..", "data", "catalogs")
    rows, bad, counts = [], 0, Counter()
    for name, key in LISTS.items():
        with open(os.path.join(folder, name), encoding="utf-8") as fh:
            entries = json.load(fh)[key]
        for e in entries:
            date = parse_as_of(e.get("as_of"))
            if date is None:
                print(f"UNREADABLE as_of {e.get('as_of')!r}: {name} {e['id']}")
                bad += 1
                continue
            if name == "clouds.json":
                counts[(e["currency"], e["provider"])] += 1
            months = (today - date).days / DAYS_PER_MONTH
            who = e.get("provider") or e.get("gpu") or e.get("name")
            rows.append((months, e["as_of"], name, e["id"], who, e.get("currency"),
                         e.get("source_kind")))
    for months, as_of, name, ident, who, cur, kind in sorted(rows, reverse=True):
        if only_stale and months <= STALE_AFTER_MONTHS:
            continue
        mark = "stale" if months > STALE_AFTER_MONTHS else ""
        print(f"{months:6.1f} {as_of:<10} {name:<15} {ident:<34} {who:<22} {cur:<4} "
              f"{kind or '?':<13} {mark}")
    print("\noffers per currency and provider:")
    for (cur, provider), n in sorted(counts.items()):
        print(f"  {cur} {provider:<22} {n}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-help.py: the user guide is valid Mallard in every language.

    check-help.py SOURCE_ROOT BUILD_HELP_DIR

Prints TAP.  `yelp-check validate` passes on the English pages
(help/C) and on each translation's pages as the build made them
(BUILD_HELP_DIR/LANG, from help/LANG/LANG.po by itstool); every
translation is complete (msgfmt: no untranslated or fuzzy message) and
holds every message of today's pages (itstool's template); the front
page is `index` (help:rigplan opens it) and every other page is linked
from it, so none is unreachable."""

import os
import re
import subprocess
import sys
import tempfile

ROOT, BUILT = sys.argv[1], sys.argv[2]
HELP = os.path.join(ROOT, 'help')
results = []


def check(name, ok, detail=''):
    results.append((name, ok, detail))


def run(argv):
    p = subprocess.run(argv, capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


pages = sorted(os.path.join(HELP, 'C', f) for f in os.listdir(os.path.join(HELP, 'C'))
               if f.endswith('.page'))
langs = [l.strip() for l in open(os.path.join(HELP, 'LINGUAS')) if l.strip()
         and not l.startswith('#')]

rc, out = run(['yelp-check', 'validate'] + pages)
check('yelp-check validate C', rc == 0 and out.strip() == '', out)

ids = {}
for p in pages:
    text = open(p, encoding='utf-8').read()
    m = re.search(r'<page[^>]*\sid="([^"]+)"', text)
    ids[os.path.basename(p)] = (m.group(1) if m else None, text)
check('front page id is index', ids.get('index.page', (None,))[0] == 'index')
for name, (pid, text) in ids.items():
    if pid == 'index':
        continue
    linked = re.search(r'<link type="guide" xref="index(#[^"]*)?"', text) is not None
    check('%s is linked from the front page' % name, linked)
    check('%s id matches its file' % name, pid == name[:-len('.page')], pid or '')

with tempfile.TemporaryDirectory() as tmp:
    pot = os.path.join(tmp, 'help.pot')
    rc, out = run(['itstool', '-o', pot] + pages)
    check('itstool makes the template', rc == 0, out)
    for lang in langs:
        po = os.path.join(HELP, lang, lang + '.po')
        rc, out = run(['msgfmt', '-c', '--statistics', '-o', os.devnull, po])
        complete = rc == 0 and 'untranslated' not in out and 'fuzzy' not in out
        check('%s.po is valid and complete' % lang, complete, out)
        rc, out = run(['msgcmp', '--use-untranslated', po, pot])
        check('%s.po holds every message of the pages' % lang, rc == 0, out)
        built = os.path.join(BUILT, lang)
        lpages = sorted(os.path.join(built, os.path.basename(p)) for p in pages)
        missing = [p for p in lpages if not os.path.exists(p)]
        check('%s pages are built' % lang, not missing, ' '.join(missing))
        if not missing:
            rc, out = run(['yelp-check', 'validate'] + lpages)
            check('yelp-check validate %s' % lang, rc == 0 and out.strip() == '', out)

print('1..%d' % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    print('%s %d - %s' % ('ok' if ok else 'not ok', i, name))
    if not ok and detail:
        for line in detail.strip().splitlines():
            print('# ' + line)
sys.exit(0 if all(ok for _, ok, _ in results) else 1)

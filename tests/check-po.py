#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-po.py: the translations are complete and cover every source.

    check-po.py SOURCE_ROOT LANG...

Prints TAP.  For each language, po/LANG.po must be valid (msgfmt -c),
have no untranslated and no fuzzy entries, and hold every message that
xgettext finds today in the files of po/POTFILES.in (the same keywords as
meson's glib preset), so a string added to the code without a
translation fails here rather than showing up in English.  Every .c,
.ui and .in file under src/, ui/ and data/ that marks a string for
translation, and every .desktop.in and .metainfo.xml.in, must be listed
in po/POTFILES.in. Needs the gettext tools (xgettext, msgfmt, msgattrib,
msgcmp)."""

import os
import re
import subprocess
import sys
import tempfile

# meson's i18n.gettext(preset: 'glib'), plus the -k_ meson always passes
XGETTEXT_ARGS = [
    '-k_', '--from-code=UTF-8', '--add-comments',
    '--keyword=_', '--keyword=N_', '--keyword=C_:1c,2', '--keyword=NC_:1c,2',
    '--keyword=g_dcgettext:2', '--keyword=g_dngettext:2,3', '--keyword=g_dpgettext2:2c,3',
    '--flag=N_:1:pass-c-format', '--flag=C_:2:pass-c-format', '--flag=NC_:2:pass-c-format',
    '--flag=g_dngettext:2:pass-c-format', '--flag=g_strdup_printf:1:c-format',
    '--flag=g_string_printf:2:c-format', '--flag=g_string_append_printf:2:c-format',
    '--flag=g_error_new:3:c-format', '--flag=g_set_error:4:c-format',
    '--flag=g_markup_printf_escaped:1:c-format', '--flag=g_log:3:c-format',
    '--flag=g_print:1:c-format', '--flag=g_printerr:1:c-format',
    '--flag=g_printf:1:c-format', '--flag=g_fprintf:2:c-format',
    '--flag=g_sprintf:2:c-format', '--flag=g_snprintf:3:c-format',
]

# A call of a gettext macro or function, not the end of another name.
MARKED = re.compile(r'(?<![A-Za-z0-9_])(?:_|N_|C_|NC_|ngettext|g_dngettext|g_dpgettext2)\s*\('
                    r'|translatable="yes"')
ALWAYS_TRANSLATED = ('.desktop.in', '.metainfo.xml.in', '.appdata.xml.in')

n_tests = 0
failed = False


def report(ok, name, details=''):
    global n_tests, failed
    n_tests += 1
    print(('ok' if ok else 'not ok') + ' %d - %s' % (n_tests, name))
    if not ok:
        failed = True
        for line in details.strip().splitlines():
            print('# ' + line)


def run(argv, **kwargs):
    return subprocess.run(argv, capture_output=True, text=True, **kwargs)


def entries(output):
    """msgids of a PO text, as 'ctx\\x04id' strings, header excluded."""
    found = []
    ctx = None
    for block in output.split('\n\n'):
        fields = {}
        key = None
        for line in block.splitlines():
            if line.startswith('#'):
                continue
            m = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+"(.*)"$', line)
            if m:
                key = m.group(1)
                fields[key] = m.group(2)
            elif key is not None and line.startswith('"'):
                fields[key] += line[1:-1]
        if fields.get('msgid'):
            ctx = fields.get('msgctxt')
            found.append((ctx + '\x04' if ctx is not None else '') + fields['msgid'])
    return found


def main():
    root = os.path.abspath(sys.argv[1])
    langs = sys.argv[2:]
    po_dir = os.path.join(root, 'po')

    with open(os.path.join(po_dir, 'POTFILES.in'), encoding='utf-8') as f:
        potfiles = [line.strip() for line in f
                    if line.strip() and not line.lstrip().startswith('#')]
    with open(os.path.join(po_dir, 'LINGUAS'), encoding='utf-8') as f:
        linguas = f.read().split()

    # POTFILES.in: no stale entries, no missing sources
    stale = [p for p in potfiles if not os.path.isfile(os.path.join(root, p))]
    report(not stale, 'every file in POTFILES.in exists',
           '\n'.join('missing: ' + p for p in stale))
    missing = []
    for top in ('src', 'ui', 'data'):
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames.sort()
            for name in sorted(filenames):
                rel = os.path.relpath(os.path.join(dirpath, name), root)
                if name.endswith(ALWAYS_TRANSLATED):
                    marked = True
                elif name.endswith(('.c', '.ui', '.in')):
                    with open(os.path.join(root, rel), encoding='utf-8', errors='replace') as f:
                        marked = MARKED.search(f.read()) is not None
                else:
                    marked = False
                if marked and rel not in potfiles:
                    missing.append(rel)
    report(not missing, 'every source with translatable strings is in POTFILES.in',
           '\n'.join('not in po/POTFILES.in: ' + p for p in missing))

    # the messages the sources hold today
    with tempfile.TemporaryDirectory() as tmp:
        pot = os.path.join(tmp, 'current.pot')
        listfile = os.path.join(tmp, 'POTFILES')
        with open(listfile, 'w', encoding='utf-8') as f:
            f.write('\n'.join(potfiles) + '\n')
        r = run(['xgettext', '--package-name=rigplan', '-D', root, '-f', listfile,
                 '-o', pot] + XGETTEXT_ARGS)
        report(r.returncode == 0, 'xgettext reads every file in POTFILES.in', r.stderr)
        current = entries(run(['msgcat', '--no-wrap', pot]).stdout) if r.returncode == 0 else []

        for lang in langs:
            po = os.path.join(po_dir, lang + '.po')
            report(lang in linguas, '%s is in po/LINGUAS' % lang)
            if not os.path.isfile(po):
                report(False, '%s.po exists' % lang)
                continue
            r = run(['msgfmt', '-c', '--statistics', '-o', os.devnull, po])
            report(r.returncode == 0, '%s.po passes msgfmt -c (%s)' % (lang, r.stderr.strip()),
                   r.stderr)
            r = run(['msgattrib', '--no-wrap', '--untranslated', '--no-obsolete', po])
            untranslated = entries(r.stdout)
            report(r.returncode == 0 and not untranslated,
                   '%s.po has no untranslated entries' % lang,
                   '\n'.join('untranslated: ' + m for m in untranslated))
            r = run(['msgattrib', '--no-wrap', '--only-fuzzy', '--no-obsolete', po])
            fuzzy = entries(r.stdout)
            report(r.returncode == 0 and not fuzzy, '%s.po has no fuzzy entries' % lang,
                   '\n'.join('fuzzy: ' + m for m in fuzzy))
            translated = set(entries(run(['msgattrib', '--no-wrap', '--translated',
                                          '--no-fuzzy', '--no-obsolete', po]).stdout))
            stale_po = [m for m in current if m not in translated]
            report(bool(current) and not stale_po,
                   '%s.po translates every message in the sources (%d)' % (lang, len(current)),
                   'run "ninja -C BUILD rigplan-update-po" and translate:\n' +
                   '\n'.join('not translated: ' + m.replace('\x04', ' | ') for m in stale_po))

    print('1..%d' % n_tests)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())

#!/usr/bin/env python3
"""Add msgid/msgstr pairs to a .po file, skipping ids it already has.

Usage: add-translations.py PO_FILE PAIRS_FILE
PAIRS_FILE holds lines "msgid<TAB>msgstr" (C escapes as in a .po file),
or "msgid<TAB>msgid_plural<TAB>msgstr" for a plural (one form, as in
Chinese).
New entries go before the obsolete ("#~") ones, and an obsolete entry
with the same id is dropped.  `ninja -C BUILD rigplan-update-po` then
refreshes the source references."""
import re
import sys

po_path, pairs_path = sys.argv[1], sys.argv[2]
po = open(po_path, encoding="utf-8").read()
cut = po.find("\n#~ ")
live, obsolete = (po, "") if cut < 0 else (po[:cut + 1], po[cut + 1:])
have = set(re.findall(r'^msgid "(.*)"$', live, re.M))
new = []
for line in open(pairs_path, encoding="utf-8"):
    line = line.rstrip("\n")
    if not line.strip():
        continue
    fields = line.split("\t")
    msgid, msgstr = fields[0], fields[-1]
    if msgid in have:
        continue
    have.add(msgid)
    if len(fields) == 3:
        new.append(f'msgid "{msgid}"\nmsgid_plural "{fields[1]}"\n'
                   f'msgstr[0] "{msgstr}"\n')
    else:
        new.append(f'msgid "{msgid}"\nmsgstr "{msgstr}"\n')
    # drop the obsolete entry of the same id (msgfmt rejects both)
    obsolete = re.sub(r'(?m)^(#~ msgctxt .*\n)?#~ msgid "' + re.escape(msgid) +
                      r'"\n(#~ msgstr .*\n)+\n?', "", obsolete)
live = live.rstrip("\n") + "\n\n" + "\n".join(new)
open(po_path, "w", encoding="utf-8").write(live + ("\n" + obsolete if obsolete else ""))
print(f"{len(new)} added")

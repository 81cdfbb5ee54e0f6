#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""bench-hostile.py: the worst known shapes of input of at most 4 MiB, each
run through rigplan-cli (estimate, import, compare, plan) under
/usr/bin/time -v.

Prints one JSON line per figure (build-aux/bench.sh collects them): for
each shape NAME, NAME_s (wall seconds) and NAME_rss_mb (peak resident
memory), and over_budget, how many took more than 1 s or 256 MB, the
budget a careful system tool keeps for an untrusted file.  A table goes
to stderr.  The tests check the limits that keep the shapes within it
(counts, depths and bytes, tests/test-hostile.c); this measures it.
Nothing here passes or fails.

    bench-hostile.py RIGPLAN_CLI [--timeout S] [--only NAME] [--keep DIR]
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

MIB = 1024 * 1024
LIMIT_BYTES = 4 * MIB          # the largest scenario or config Rigplan reads
BUDGET_S = 1.0
BUDGET_RSS_MB = 256

SCENARIO_HEAD = ('{"format": "rigplan-scenario", "version": 1, "name": "hostile",'
                 ' "model": {"preset": "gpt2"}, "hardware": {"gpu": "rtx-4090"},'
                 ' "training": {"dataset_tokens": 1e9}')


def fill(head, unit, tail, limit=LIMIT_BYTES):
    """head + unit repeated + tail, as long as fits in limit bytes."""
    n = (limit - len(head) - len(tail)) // len(unit)
    return head + unit * n + tail


def nested(open_, close, budget):
    n = budget // (len(open_) + len(close))
    return open_ * n + close * n


def shapes(work):
    """(name, command, files): the command's arguments after the CLI."""
    def write(name, text):
        path = os.path.join(work, name)
        with open(path, 'w', encoding='utf-8') as f:
            f.write(text)
        return path

    out = []
    # YAML (import): nesting as libyaml builds it, aliases, many keys
    out.append(('yaml-flow-nested-200k', ['import', write('flow-200k.yaml',
                'x: ' + nested('[', ']', 200 * 1024) + '\n')]))
    out.append(('yaml-flow-nested-4m', ['import', write('flow-4m.yaml',
                'x: ' + nested('[', ']', LIMIT_BYTES - 16) + '\n')]))
    out.append(('yaml-flow-maps-4m', ['import', write('maps-4m.yaml',
                'x: ' + nested('{a: ', '}', LIMIT_BYTES - 16) + '\n')]))
    depth = 1400     # block nesting: indentation grows with depth
    out.append(('yaml-block-nested', ['import', write('block.yaml',
                ''.join(' ' * i + 'a:\n' for i in range(depth)) + ' ' * depth + 'a: 1\n')]))
    out.append(('yaml-aliases-200k', ['import', write('aliases.yaml',
                'a: &a 1\nb: [' + '*a, ' * 200000 + '*a]\n')]))
    out.append(('yaml-aliases-block-200k', ['import', write('aliases-block.yaml',
                'a: &a {x: 1}\nb:\n' + '- *a\n' * 200000)]))
    n = 90000      # distinct anchors, then an alias of each
    out.append(('yaml-anchors-then-aliases', ['import', write('anchors-aliases.yaml',
                'a: [' + ', '.join('&a%d 1' % i for i in range(n)) + ']\nb: ['
                + ', '.join('*a%d' % i for i in range(n)) + ']\n')]))
    out.append(('yaml-aliases-4m', ['import', write('aliases-4m.yaml',
                fill('a: &a 1\nb: [', '*a, ', '*a]\n'))]))
    laughs = 'a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n'
    for i in range(1, 10):
        laughs += 'a%d: &a%d [%s]\n' % (i, i, ', '.join(['*a%d' % (i - 1)] * 9))
    out.append(('yaml-billion-laughs', ['import', write('laughs.yaml', laughs)]))
    out.append(('yaml-many-keys-4m', ['import', write('keys.yaml',
                ''.join('k%07d: 1\n' % i for i in range(LIMIT_BYTES // 12)))]))
    out.append(('yaml-many-anchors-4m', ['import', write('anchors.yaml',
                ''.join('k%07d: &a%07d 1\n' % (i, i) for i in range(LIMIT_BYTES // 22)))]))
    out.append(('yaml-long-scalar-4m', ['import', write('scalar.yaml',
                'base_model: ' + 'x' * (LIMIT_BYTES - 32) + '\n')]))
    # JSON configs (import)
    out.append(('hf-config-array-4m', ['import', write('config.json',
                fill('{"model_type": "llama", "x": [', '1,', '1]}'))]))
    # scenarios (estimate): unknown keys kept and written back
    array = write('array.rigplan', fill(SCENARIO_HEAD + ', "x": [', '1,', '1]}'))
    out.append(('scenario-unknown-array-4m', ['estimate', array]))
    out.append(('scenario-unknown-objects-4m', ['estimate', write('objects.rigplan',
                fill(SCENARIO_HEAD + ', "x": [', '{},', '{}]}'))]))
    keys = SCENARIO_HEAD + ''.join(', "k%07d": 1' % i for i in range(LIMIT_BYTES // 16)) + '}'
    out.append(('scenario-unknown-keys-4m', ['estimate', write('keys.rigplan', keys)]))
    out.append(('scenario-deep-unknown', ['estimate', write('deep.rigplan',
                SCENARIO_HEAD + ', "x": ' + nested('[', ']', 1998) + '}')]))
    out.append(('scenario-long-name-4m', ['estimate', write('name.rigplan',
                SCENARIO_HEAD.replace('"hostile"', '"' + 'n' * (LIMIT_BYTES - 400) + '"')
                + '}')]))
    # the largest scenario Rigplan accepts: every limit nearly reached
    # (1 KiB name, 64 KiB notes, 255 unknown keys of 9,945 values, 1 MiB
    # of unknown text); a plan copies it for each machine it tries
    members = ''.join(', "u%03d": [%s]' % (i, ','.join(['1'] * 38)) for i in range(255))
    text = 't' * (1024 * 1024 - 4 * 255 - 4096)
    full = write('full.rigplan', SCENARIO_HEAD.replace('"hostile"', '"' + 'n' * 1024 + '"')
                 + ', "notes": "' + 'o' * 65536 + '"' + members + ', "t": "' + text + '"}')
    out.append(('scenario-at-limits', ['estimate', full]))
    out.append(('scenario-at-limits-plan', ['plan', full]))
    fulls = []
    for i in range(26):
        path = os.path.join(work, 'full-%02d.rigplan' % i)
        shutil.copyfile(full, path)
        fulls.append(path)
    out.append(('compare-7-at-limits', ['compare'] + fulls[:7]))
    out.append(('compare-26-at-limits', ['compare'] + fulls))
    # compare: 26 files of the worst scenario, and a compare file inlining them
    copies = []
    for i in range(26):
        path = os.path.join(work, 'copy-%02d.rigplan' % i)
        shutil.copyfile(array, path)
        copies.append(path)
    out.append(('compare-26-unknown-arrays', ['compare'] + copies))
    inline = fill('{"format": "rigplan-compare", "version": 1, "scenarios": ['
                  '{"scenario": ' + SCENARIO_HEAD + ', "x": [', '1,', '1]}}, {"file": "'
                  + array + '"}]}', limit=16 * MIB)
    out.append(('compare-file-inline-16m', ['compare', write('set.rigplan-compare', inline)]))
    return out


def measure(cli, args, timeout):
    cmd = ['/usr/bin/time', '-v', 'timeout', str(timeout), cli] + args
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                       errors='replace')
    err = p.stderr
    wall = re.search(r'Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)',
                     err)
    rss = re.search(r'Maximum resident set size \(kbytes\): (\d+)', err)
    seconds = (int(wall.group(1) or 0) * 3600 + int(wall.group(2)) * 60 + float(wall.group(3))
               if wall else float('nan'))
    rss_mb = int(rss.group(1)) / 1024 if rss else float('nan')
    status = re.search(r'Exit status: (\d+)', err)
    rc = int(status.group(1)) if status else -1
    first = next((line for line in err.splitlines()
                  if line.startswith('rigplan-cli')), '')[:100]
    return seconds, rss_mb, rc, first


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('cli')
    ap.add_argument('--timeout', type=int, default=60)
    ap.add_argument('--only')
    ap.add_argument('--keep')
    a = ap.parse_args()
    work = a.keep or tempfile.mkdtemp(prefix='rigplan-bench-hostile-')
    os.makedirs(work, exist_ok=True)
    failed = 0
    try:
        for name, args in shapes(work):
            if a.only and not re.search(a.only, name):
                continue
            seconds, rss_mb, rc, first = measure(a.cli, args, a.timeout)
            over = seconds > BUDGET_S or rss_mb > BUDGET_RSS_MB or rc == 124
            failed += over
            figure(name + '_s', round(seconds, 3), 's')
            figure(name + '_rss_mb', round(rss_mb, 1), 'MB')
            print('%-28s %7.2f s %8.1f MB  exit %3d  %s%s' %
                  (name, seconds, rss_mb, rc, 'OVER BUDGET  ' if over else '', first),
                  file=sys.stderr, flush=True)
    finally:
        if not a.keep:
            shutil.rmtree(work, ignore_errors=True)
    figure('over_budget', failed, 'shapes')
    print('%d of the shapes over %.0f s or %d MB' % (failed, BUDGET_S, BUDGET_RSS_MB),
          file=sys.stderr)
    return 0


def figure(key, value, unit):
    print(json.dumps({'bench': 'hostile', 'figure': key.replace('-', '_'), 'value': value,
                      'unit': unit}), flush=True)


if __name__ == '__main__':
    sys.exit(main())

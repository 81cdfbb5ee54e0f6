#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Keeps core's rooms in order and its calls free of circles.

src/core is a set of rooms (folders), lowest first; work flows one way,
data first and words last.  This test reads the code itself:

1. includes: a file includes only headers of its own room or a lower one;
   no file in models/, figures/, explore/ or decide/ includes a words
   header (sentences are written when a front end shows results);
2. calls: the graph "this .c calls a function that .c defines" has no
   circle among the files of src/core.

Prints TAP.  Usage: check-rooms.py SRCDIR (the project's root)."""
import os
import re
import sys

ROOMS = ["base", "fields", "market", "models", "figures", "explore", "decide", "words",
         "files"]
NO_WORDS = {"models", "figures", "explore", "decide"}

top = sys.argv[1] if len(sys.argv) > 1 else "."
core = os.path.join(top, "src", "core")

files = {}      # relative path -> text
room_of = {}    # file name -> room
for room in ROOMS:
    folder = os.path.join(core, room)
    for name in sorted(os.listdir(folder)):
        if name.endswith((".c", ".h")):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                files[f"{room}/{name}"] = f.read()
            room_of[name] = room

strays = [n for n in os.listdir(core) if n.endswith((".c", ".h"))]
results = []


def check(ok, what, details):
    results.append((ok, what, details))


check(not strays, "every core file lives in a room", strays)

# 1. includes
wrong = []
for path, text in files.items():
    room = path.split("/")[0]
    for header in re.findall(r'^#include "(rp-[a-z0-9-]+\.h)"', text, re.M):
        target = room_of.get(header)
        if target is None:
            continue
        if ROOMS.index(target) > ROOMS.index(room):
            wrong.append(f"{path} includes {target}/{header}")
        if room in NO_WORDS and target == "words":
            wrong.append(f"{path} includes the words header {header}")
check(not wrong, "includes point to the same room or a lower one; no words below words",
      wrong)

# 2. calls: who defines each function (GNU style: the name starts a
# line, its return type on the line above; static ones stay in their file)
DEFINITION = re.compile(r"^(static )?[^\n]*\n([a-z_][a-z0-9_]*) \(", re.M)
defined = {}
for path, text in files.items():
    if path.endswith(".c"):
        for is_static, name in DEFINITION.findall(text):
            if not is_static:
                defined.setdefault(name, set()).add(path)


def strip(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r'"(\\.|[^"\\])*"', '""', text)


edges = {}
for path, text in files.items():
    if not path.endswith(".c"):
        continue
    body = strip(text)
    own = set(re.findall(r"^([a-z_][a-z0-9_]*) \(", text, re.M))
    callees = set()
    for name in set(re.findall(r"\b([a-z_][a-z0-9_]*)\s*\(", body)):
        if name in own:
            continue
        for target in defined.get(name, ()):
            if target != path:
                callees.add(target)
    edges[path] = callees

# Tarjan's strongly connected components
index, low, stack, on_stack, circles = {}, {}, [], set(), []
counter = [0]


def visit(v):
    index[v] = low[v] = counter[0]
    counter[0] += 1
    stack.append(v)
    on_stack.add(v)
    for w in edges.get(v, ()):
        if w not in index:
            visit(w)
            low[v] = min(low[v], low[w])
        elif w in on_stack:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        component = []
        while True:
            w = stack.pop()
            on_stack.discard(w)
            component.append(w)
            if w == v:
                break
        if len(component) > 1:
            circles.append(sorted(component))


sys.setrecursionlimit(10000)
for v in sorted(edges):
    if v not in index:
        visit(v)
check(not circles, "no call circle among core's files",
      [" -> ".join(c) for c in circles])

print(f"1..{len(results)}")
for i, (ok, what, details) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {i} - {what}")
    for d in details:
        print(f"# {d}")
sys.exit(0 if all(ok for ok, _, _ in results) else 1)

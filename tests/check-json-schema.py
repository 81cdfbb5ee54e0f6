#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-json-schema.py: the JSON Schema of *.rigplan files holds.

    check-json-schema.py SOURCE_ROOT

Prints TAP.  `rigplan-cli schema --json-schema` ($RIGPLAN_CLI) must be a
valid draft 2020-12 schema (Debian's python3-jsonschema checks it); every
scenario Rigplan ships or tests (data/examples, data/guide, the scenarios
inside *.rigplan-compare files, tests/data) must validate against it; and
for every field of the table a value out of its range or of the wrong
type must be refused by the schema and by rigplan-cli alike, so the two
cannot drift apart."""

import copy
import glob
import json
import os
import subprocess
import sys
import tempfile

root = sys.argv[1]
cli = os.environ["RIGPLAN_CLI"]

try:
    from jsonschema import Draft202012Validator
except ImportError:
    print("1..0 # SKIP python3-jsonschema is not installed (build-aux/setup-deps.sh installs it)")
    sys.exit(0)

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


def cli_json(*args):
    r = subprocess.run([cli, *args], capture_output=True, text=True, check=True)
    return json.loads(r.stdout)


schema = cli_json("schema", "--json-schema")
fields = cli_json("schema", "--json")["fields"]
try:
    Draft202012Validator.check_schema(schema)
    report(True, "the schema is a valid draft 2020-12 schema")
except Exception as e:  # jsonschema.SchemaError
    report(False, "the schema is a valid draft 2020-12 schema", e)
validator = Draft202012Validator(schema)


def problems(doc):
    return sorted(validator.iter_errors(doc), key=lambda e: list(e.path))


# Every scenario shipped or tested validates.
files = sorted(glob.glob(os.path.join(root, "data", "examples", "*.rigplan")) +
               glob.glob(os.path.join(root, "data", "guide", "*.rigplan")) +
               glob.glob(os.path.join(root, "tests", "data", "**", "*.rigplan"), recursive=True))
for path in files:
    with open(path, encoding="utf-8") as f:
        errors = problems(json.load(f))
    report(not errors, "valid: " + os.path.relpath(path, root),
           "\n".join(f"{'.'.join(map(str, e.path))}: {e.message}" for e in errors))
for path in sorted(glob.glob(os.path.join(root, "data", "examples", "*.rigplan-compare"))):
    with open(path, encoding="utf-8") as f:
        inline = [e["scenario"] for e in json.load(f).get("scenarios", []) if "scenario" in e]
    for i, doc in enumerate(inline):
        errors = problems(doc)
        report(not errors, f"valid: {os.path.relpath(path, root)} scenario {i}",
               "\n".join(e.message for e in errors))

# What rigplan-cli refuses, the schema refuses: one bad value per field.
base_path = os.path.join(root, "data", "examples", "lora-llama3-8b-rtx4090.rigplan")
with open(base_path, encoding="utf-8") as f:
    base = json.load(f)


def bad_values(field):
    kind = field["type"]
    if kind in ("uint", "uint64", "number"):
        values = [field["max"] * 2 + 1, "12"]
        if field["min"] > 0 and not field.get("nullable"):
            values.append(field["min"] - 0.5 if kind == "number" else 0)
        if kind != "number":
            values.append(1.5)
        return values
    if kind == "enum":
        return ["no-such-value", 3]
    if kind == "bool":
        return ["yes"]
    return [42]


def with_value(doc, key, value):
    doc = copy.deepcopy(doc)
    parts = key.split(".")
    target = doc
    for part in parts[:-1]:
        target = target.setdefault(part, {})
    target[parts[-1]] = value
    return doc


def rigplan_refuses(doc, tmp):
    path = os.path.join(tmp, "mutated.rigplan")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f)
    r = subprocess.run([cli, "estimate", path, "--json"], capture_output=True, text=True)
    return r.returncode == 1, r.stderr.strip()


with tempfile.TemporaryDirectory() as tmp:
    for field in fields:
        for value in bad_values(field):
            doc = with_value(base, field["key"], value)
            schema_refuses = bool(problems(doc))
            refused, message = rigplan_refuses(doc, tmp)
            report(schema_refuses and refused, f"refused by both: {field['key']} = {value!r}",
                   f"schema refuses: {schema_refuses}; rigplan-cli refuses: {refused} {message}")
    structural = [
        ("no format", {k: v for k, v in base.items() if k != "format"}),
        ("another format", dict(base, format="rigplan-compare")),
        ("a newer version", dict(base, version=schema["properties"]["version"]["maximum"] + 1)),
        ("no model", {k: v for k, v in base.items() if k != "model"}),
        ("a model without preset or architecture", dict(base, model={})),
        ("no GPU", dict(base, hardware={})),
    ]
    for what, doc in structural:
        schema_refuses = bool(problems(doc))
        refused, message = rigplan_refuses(doc, tmp)
        report(schema_refuses and refused, f"refused by both: {what}",
               f"schema refuses: {schema_refuses}; rigplan-cli refuses: {refused} {message}")
    # What Rigplan keeps, the schema allows: unknown keys, null where null is a value.
    extra = with_value(with_value(base, "x_tool.note", "kept"), "training.x_future", 1)
    report(not problems(extra), "allowed: unknown keys")

print(f"1..{n}")
sys.exit(1 if failed else 0)

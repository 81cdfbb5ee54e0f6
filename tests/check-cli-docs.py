#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check-cli-docs.py: the man pages and completions say what --help says.

    check-cli-docs.py SOURCE_ROOT BUILD_CLI_DIR [RIGPLAN_APP]

Prints TAP.  BUILD_CLI_DIR holds rigplan-cli.1, rigplan.1 and completions/
as the build wrote them (rigplan-docgen); $RIGPLAN_CLI is the built
rigplan-cli.  Checks that man renders the pages without a warning, that
every command and option of `rigplan-cli --help` and of each command's
--help is in rigplan-cli(1) and in each shell's completions, and what the
completions offer: commands, catalog names, options, option values, GPU
ids from the catalog (bash and fish run their scripts; zsh runs its
script against stand-ins of its completion functions)."""

import os
import re
import shutil
import subprocess
import sys

root = sys.argv[1]
build = sys.argv[2]
app = sys.argv[3] if len(sys.argv) > 3 else None
cli = os.environ["RIGPLAN_CLI"]
env = dict(os.environ, LC_ALL="C.UTF-8", LANGUAGE="C")
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


def skip(what, why):
    global n
    n += 1
    print(f"ok {n} {what} # SKIP {why}")


def run(args, **kw):
    kw.setdefault("env", env)
    return subprocess.run(args, capture_output=True, text=True, **kw)


def render(page):
    r = run(["man", "--warnings", "-E", "UTF-8", "-l", "-Tutf8", "-Z", page])
    report(r.returncode == 0 and r.stderr.strip() == "", f"man renders {os.path.basename(page)} "
           "without a warning", r.stderr)
    text = run(["man", "-l", page]).stdout
    # man hyphenates and spaces out words at line ends: join them again
    text = re.sub(r"‐\n\s*", "", text)
    text = re.sub(r"-\n\s+", "-", text)
    return re.sub(r"\s+", " ", text)


# The commands and their options, as --help prints them.
top = run([cli, "--help"]).stdout
commands = []
for line in top.split("Commands:")[1].split("\n\n")[0].splitlines():
    if line.startswith("  ") and not line.startswith("   "):
        commands.append(line.split()[0])
commands = list(dict.fromkeys(commands))
report(len(commands) >= 9, f"the top-level help lists commands: {' '.join(commands)}")
options = {}
for command in commands:
    text = run([cli, command, "--help"]).stdout
    options[command] = sorted(set(re.findall(r"^\s+(?:-\w, )?(--[a-z][a-z0-9-]*)", text, re.M))
                              - {"--help"})
# export --format has options of its own
text = run([cli, "export", "--format", "deepspeed", "--help"]).stdout
options["export"] = sorted(set(options["export"]) |
                           set(re.findall(r"^\s+(?:-\w, )?(--[a-z][a-z0-9-]*)", text, re.M))
                           - {"--help"})

# rigplan --version answers without a display
if app:
    r = run([app, "--version"], env=dict(env, DISPLAY="", WAYLAND_DISPLAY=""))
    report(r.returncode == 0 and re.fullmatch(r"rigplan \d+\.\d+\.\d+\n", r.stdout) is not None,
           "rigplan --version", r.stdout + r.stderr)

# rigplan-cli(1)
have_man = shutil.which("man") is not None
if have_man:
    page = render(os.path.join(build, "rigplan-cli.1"))
    missing = [c for c in commands if f" {c} " not in page]
    report(not missing, "rigplan-cli(1) has every command", missing)
    missing = [f"{c} {o}" for c in commands for o in options[c] if f"{o}" not in page]
    report(not missing, "rigplan-cli(1) has every option", missing)
    report("EXIT STATUS" in page and " 3 estimate only" in page,
           "rigplan-cli(1) states the exit statuses")
    if app:
        app_page = render(os.path.join(build, "rigplan.1"))
        app_options = set(re.findall(r"(--[a-z][a-z0-9-]*)", run([app, "--help"]).stdout))
        missing = [o for o in app_options - {"--help", "--help-all", "--help-gapplication"}
                   if o not in app_page]
        report(not missing, "rigplan(1) has every option of rigplan --help", missing)
else:
    skip("the man pages", "man is not installed")

completions = os.path.join(build, "completions")

# Every command and option is in each shell's script.
for name in ("rigplan-cli", "_rigplan-cli", "rigplan-cli.fish"):
    with open(os.path.join(completions, name), encoding="utf-8") as f:
        script = f.read()
    missing = [c for c in commands if c not in script]
    missing += [o for c in commands for o in options[c] if o.lstrip("-") not in script]
    report(not missing, f"{name} has every command and option", missing)

# bash: run the script on command lines.
BASH = r'''
source "$1"; shift
COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=()
_rigplan_cli
printf '%s\n' "${COMPREPLY[@]}"
'''


def bash(*words):
    r = run(["bash", "-c", BASH, "bash", os.path.join(completions, "rigplan-cli"), cli, *words])
    return r.stdout.split()


gpu_ids = run([cli, "catalog", "gpus", "--ids"]).stdout.split()
h100 = sorted(i for i in gpu_ids if i.startswith("h100"))
cases = [
    ("a command", ["cat"], ["catalog"]),
    ("a catalog", ["catalog", "re"], ["regions"]),
    ("an option", ["export", "x.rigplan", "--ch"], ["--chart"]),
    ("a chart", ["export", "x.rigplan", "--chart", "br"], ["break-even"]),
    ("a GPU id", ["plan", "x.rigplan", "--gpus", "h100"], h100),
    ("a GPU id after a comma", ["plan", "x.rigplan", "--gpus", "rtx-3090,h100"],
     [f"rtx-3090,{i}" for i in h100]),
    ("a GPU id after --gpus=", ["plan", "x.rigplan", "--gpus", "=", "h100"], h100),
    ("a currency", ["guide", "--currency", ""], ["CNY", "USD"]),
]
for what, words, expected in cases:
    got = sorted(bash(*words))
    report(got == sorted(expected) and got != [], f"bash completes {what}: {' '.join(words)}",
           f"got {got}, expected {sorted(expected)}")
examples = os.path.join(root, "data", "examples")
got = bash("estimate", os.path.relpath(examples) + "/lora-llama3")
report(any(g.endswith("lora-llama3-8b-rtx4090.rigplan") for g in got),
       "bash completes a scenario file", got)

# fish: its own completion engine, non-interactive.
if shutil.which("fish"):
    def fish(line):
        script = f"source {os.path.join(completions, 'rigplan-cli.fish')}; complete -C '{line}'"
        path = os.path.dirname(cli) + ":" + env["PATH"]
        r = subprocess.run(["fish", "--no-config", "-c", script], capture_output=True,
                           text=True, env=dict(env, PATH=path))
        return sorted(l.split("\t")[0] for l in r.stdout.splitlines())
    for what, line, expected in [
            ("a command", "rigplan-cli cat", ["catalog"]),
            ("a catalog", "rigplan-cli catalog re", ["regions"]),
            ("a GPU id", "rigplan-cli plan x.rigplan --gpus h100", h100),
            ("a GPU id after a comma", "rigplan-cli plan x.rigplan --gpus=rtx-3090,h100",
             [f"--gpus=rtx-3090,{i}" for i in h100]),
            ("a paper", "rigplan-cli compare a b --paper ", ["a4", "letter"])]:
        got = fish(line)
        report(got == sorted(expected), f"fish completes {what}: {line}",
               f"got {got}, expected {sorted(expected)}")
else:
    skip("fish completes", "fish is not installed")

# zsh: the script against stand-ins that print what they were given.
if shutil.which("zsh"):
    ZSH = r'''
_arguments () { print -rl -- "_arguments" "$@" }
_describe () { print -rl -- "_describe" "${(P)${@[-1]}[@]}" }
_values () { print -rl -- "_values" "$@" }
_call_program () { shift; "$@" }
_files () { print -r -- "_files $*" }
compadd () { print -r -- "compadd $*" }
source "$1"; shift
words=("$@"); CURRENT=$#words
_rigplan_cli
print -- "--- ids"
words=("$@"); _rigplan_cli_gpu_ids
'''

    def zsh(*words):
        r = subprocess.run(["zsh", "-f", "-c", ZSH, "zsh", os.path.join(completions,
                                                                          "_rigplan-cli"),
                            cli, *words], capture_output=True, text=True, env=env)
        return r.stdout, r.stderr
    out, err = zsh("")
    report(all(f"{c}:" in out for c in commands), "zsh describes every command", out + err)
    out, err = zsh("plan", "x.rigplan", "--gpus", "h1")
    spec = [l for l in out.splitlines() if l.startswith("--gpus=")]
    report(len(spec) == 1 and spec[0].endswith(":_rigplan_cli_gpu_ids"),
           "zsh completes --gpus with GPU ids", out + err)
    ids = out.split("--- ids")[1].splitlines()
    report(set(h100) <= set(ids) and "_values" in ids, "zsh's GPU ids come from the catalog",
           ids)
    out, err = zsh("catalog", "")
    report("1:catalog:(gpus clouds models purchases regions)" in out or
           re.search(r"1:catalog:\(gpus clouds models purchases regions[^)]*\)", out) is not None,
           "zsh completes the catalogs", out + err)
else:
    skip("zsh completes", "zsh is not installed")

# The scripts parse.
for shell, name in (("bash", "rigplan-cli"), ("zsh", "_rigplan-cli"), ("fish", "rigplan-cli.fish"),
                    ("bash", "rigplan"), ("zsh", "_rigplan"), ("fish", "rigplan.fish")):
    path = os.path.join(completions, name)
    if not os.path.exists(path):
        continue
    if shutil.which(shell) is None:
        skip(f"{name} parses", f"{shell} is not installed")
        continue
    r = run([shell, "-n", path])
    report(r.returncode == 0 and r.stderr == "", f"{shell} -n {name}", r.stderr)

print(f"1..{n}")
sys.exit(1 if failed else 0)

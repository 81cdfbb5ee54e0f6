#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The probe on this machine's CPU, then calibrate, then estimate.

1. rigplan-probe builds and steps every model family it knows (Llama- and
   GPT-2-style decoders, an MoE decoder, a BERT-style encoder, ViT and a
   torchvision CNN; LoRA, recomputation, the precisions and optimizers)
   and writes measurements with the keys docs/measure-format.md promises.
2. The issue's round trip: two configurations of a small decoder (4 × 128
   and 2 × 256 tokens) measured in one run, their steps taking turns and
   timed by the process's CPU time, so that a machine shared with other
   work slows both alike; `rigplan-cli calibrate` from the first; then
   `rigplan-cli estimate` reproduces the first's step and peak within 2 %
   and predicts the second's peak within 10 %.  The second's step is
   printed, not held: a CPU's step time is a timing of this machine, and
   timing lives in the benchmarks (bench/bench-probe.py), never in the
   suite.  On the 2-core Zen 5 machine of 2 December 2026 the second's
   step missed by -31 % to +18 % between runs of the same commit, while on
   the Xeon before it six runs gave -3.6 % to +6.0 %; the recorded Xeon
   measurements hold the calibration's transfer (tests/test-calibration.c).

Prints TAP.  Needs PyTorch for /usr/bin/python3 (Debian's python3-torch
and python3-torchvision): without it every check is skipped, loudly.
Usage: check-probe.py SOURCE_ROOT PROBE (rigplan-cli from $RIGPLAN_CLI)."""
import json
import os
import re
import subprocess
import sys
import tempfile
import time

root, probe = sys.argv[1], sys.argv[2]
cli = os.environ["RIGPLAN_CLI"]
data = os.path.join(root, "tests", "data", "probe")
FAMILIES = ["llama-lora", "gpt2-selective", "moe-mixed", "bert-qlora", "vit", "cnn"]
REQUIRED = ["format", "version", "device", "step_s", "peak_allocated_bytes",
            "peak_reserved_bytes", "software", "scenario", "ran", "not_reproduced"]
results = []
notes = []


def check(ok, what, details=""):
    results.append((bool(ok), what, details))


def run(args, env):
    started = time.perf_counter()
    r = subprocess.run(args, capture_output=True, text=True, env=env)
    return r, time.perf_counter() - started


# The manual page names every option --help does (no PyTorch needed).
helped = subprocess.run(["/usr/bin/python3", probe, "--help"], capture_output=True, text=True)
manual = open(os.path.join(root, "src", "probe", "rigplan-probe.1"), encoding="utf-8").read()
options = sorted(set(re.findall(r"(--[a-z][a-z-]*)", helped.stdout)) - {"--help"})
missing_options = [o for o in options if o.replace("-", "\\-") not in manual]

try:
    subprocess.run(["/usr/bin/python3", "-c", "import torch, torchvision"], check=True,
                   capture_output=True)
except (OSError, subprocess.CalledProcessError):
    print("1..1")
    print("%s 1 - rigplan-probe(1) names every option of --help %s" %
          ("ok" if helped.returncode == 0 and options and not missing_options else "not ok",
           missing_options))
    print("# SKIP the rest: PyTorch and torchvision are not installed for /usr/bin/python3 "
          "(build-aux/setup-deps.sh installs python3-torch and python3-torchvision)")
    sys.exit(0 if helped.returncode == 0 and options and not missing_options else 1)

check(helped.returncode == 0 and options and not missing_options,
      "rigplan-probe(1) names every option of --help", "missing: %s" % missing_options)

with tempfile.TemporaryDirectory() as tmp:
    env = dict(os.environ, RIGPLAN_USER_DATADIR=os.path.join(tmp, "user"))

    # 1. every family, one step each
    outs = [os.path.join(tmp, f + ".rigplan-measure") for f in FAMILIES]
    args = ["/usr/bin/python3", probe] + [os.path.join(data, f + ".json") for f in FAMILIES]
    for o in outs:
        args += ["-o", o]
    r, seconds = run(args + ["--device", "cpu", "--steps", "1", "--warmup", "0"], env)
    check(r.returncode == 0, "the probe steps every model family (%.1f s)" % seconds, r.stderr)
    for family, out in zip(FAMILIES, outs):
        try:
            m = json.load(open(out, encoding="utf-8"))
        except (OSError, ValueError) as e:
            check(False, family + ": a measurement", str(e))
            continue
        missing = [k for k in REQUIRED if k not in m]
        if "tokens_per_s" not in m and "samples_per_s" not in m:
            missing.append("tokens_per_s or samples_per_s")
        check(not missing and m["format"] == "rigplan-measure" and m["version"] == 1 and
              m["step_s"] > 0 and m["peak_reserved_bytes"] >= m["peak_allocated_bytes"] > 0,
              family + ": the measurement has every key", "missing: %s" % missing)
    try:
        bert = json.load(open(outs[FAMILIES.index("bert-qlora")], encoding="utf-8"))
        said = {n["key"] for n in bert["not_reproduced"]}
    except (OSError, ValueError, KeyError):
        said = set()
    check({"training.method", "training.optimizer"} <= said,
          "what the CPU cannot reproduce (QLoRA, 8-bit AdamW) is said", sorted(said))

    # 2. probe, calibrate, estimate
    a, b = os.path.join(data, "tiny-gpt-a.rigplan"), os.path.join(data, "tiny-gpt-b.rigplan")
    ma, mb = os.path.join(tmp, "a.rigplan-measure"), os.path.join(tmp, "b.rigplan-measure")
    r, seconds = run(["/usr/bin/python3", probe, a, b, "-o", ma, "-o", mb, "--device", "cpu",
                      "--interleave", "--clock", "process", "--steps", "8"], env)
    try:
        spreads = [json.load(open(m, encoding="utf-8"))["step_s_spread"] for m in (ma, mb)]
    except (OSError, ValueError, KeyError):
        spreads = []
    check(r.returncode == 0, "the probe measures two configurations in turn (%.1f s; steps "
          "disagreeing by %s)" % (seconds, ", ".join("%.1f %%" % (100 * s) for s in spreads)),
          r.stderr)
    calibrated = os.path.join(tmp, "a-calibrated.rigplan")
    r, _ = run([cli, "calibrate", a, ma, "-o", calibrated, "--json"], env)
    check(r.returncode == 0, "rigplan-cli calibrate stores the calibration", r.stderr)
    try:
        answer = json.loads(r.stdout)
        gpu = answer["gpu"]
    except (ValueError, KeyError):
        answer, gpu = {}, None
    check(gpu is not None and answer.get("gpu_added") == gpu,
          "the CPU, which the catalog lacks, is added to the user's GPUs", r.stdout[:400])

    def estimate(path):
        r, _ = run([cli, "estimate", path, "--json"], env)
        try:
            e = json.loads(r.stdout)
            return e["compute"]["step_s"], e["memory"]["total"], e.get("calibration")
        except (ValueError, KeyError, TypeError):
            return None, None, None

    def within(what, value, measured, tolerance):
        if value is None:
            check(False, what, "no estimate")
            return
        error = value / measured - 1
        check(abs(error) <= tolerance, "%s: %+.1f %% (at most %g %%)" % (what, 100 * error,
                                                                       100 * tolerance),
              "estimated %.6g, measured %.6g" % (value, measured))

    measured_a = json.load(open(ma, encoding="utf-8")) if os.path.exists(ma) else None
    measured_b = json.load(open(mb, encoding="utf-8")) if os.path.exists(mb) else None
    if measured_a and measured_b and gpu:
        step, peak, cal = estimate(calibrated)
        check(cal is not None, "the estimate says it is calibrated")
        within("measured configuration, step", step, measured_a["step_s"], 0.02)
        within("measured configuration, peak", peak,
               measured_a["peak_reserved_bytes"] + measured_a["device"]["context_bytes"], 0.02)
        other = json.load(open(b, encoding="utf-8"))
        other["hardware"]["gpu"] = gpu
        other_path = os.path.join(tmp, "b-on-device.rigplan")
        json.dump(other, open(other_path, "w", encoding="utf-8"))
        step, peak, cal = estimate(other_path)
        check(step is not None and step > 0, "the other micro batch and sequence length is "
              "estimated on the calibrated device")
        if step is not None and step > 0:
            notes.append("other micro batch and sequence length, step: %+.1f %% (a timing of "
                         "this CPU: printed, not held)" % (100 * (step / measured_b["step_s"] - 1)))
        within("other micro batch and sequence length, peak", peak,
               measured_b["peak_reserved_bytes"] + measured_b["device"]["context_bytes"], 0.10)
    else:
        check(False, "the round trip has its measurements and device")

    r, _ = run([cli, "calibrate", "--remove", calibrated], env)
    check(r.returncode == 0, "rigplan-cli calibrate --remove removes it in one action", r.stderr)
    step, peak, cal = estimate(calibrated)
    check(cal is None and step is not None, "without it the estimate is the models' own")

print("1..%d" % len(results))
for line in notes:
    print("# " + line)
for i, (ok, what, details) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, what))
    if details and not ok:
        for line in str(details).splitlines()[:20]:
            print("# " + line)
sys.exit(0 if all(ok for ok, _, _ in results) else 1)

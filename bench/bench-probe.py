#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""How well one CPU measurement calibrates another run on the same CPU.

rigplan-probe measures three configurations of a small decoder on this
machine's CPU, their steps taking turns (4 × 128, 2 × 256 and 8 × 128
tokens); `rigplan-cli calibrate` takes the first; `rigplan-cli estimate`
then predicts the other two on the calibrated device.  Prints one JSON
line per figure: the signed error of each predicted step and peak, in
percent, and the spread of each configuration's timed steps.

It is a benchmark, not a test: a CPU's step time depends on its caches and
on what else runs, and varies between runs of the same commit (on a
2-core Zen 5 machine, the 2 × 256 step from -31 % to +18 %).  Needs
PyTorch for /usr/bin/python3; without it, prints nothing and says why.
Usage: bench-probe.py RIGPLAN_CLI (run from the source root)."""
import json
import os
import subprocess
import sys
import tempfile

CONFIGS = [("a", 4, 128), ("b", 2, 256), ("c", 8, 128)]


def emit(figure, value, unit):
    print(json.dumps({"bench": "probe", "figure": figure, "value": round(value, 2),
                      "unit": unit}))


def write_config(tmp, name, micro_batch, seq_len):
    scenario = json.load(open("tests/data/probe/tiny-gpt-a.rigplan", encoding="utf-8"))
    scenario["training"].update(micro_batch=micro_batch, global_batch=micro_batch,
                                seq_len=seq_len)
    path = os.path.join(tmp, name + ".rigplan")
    json.dump(scenario, open(path, "w", encoding="utf-8"))
    return path


def estimate(cli, path, gpu, env):
    scenario = json.load(open(path, encoding="utf-8"))
    scenario["hardware"]["gpu"] = gpu
    json.dump(scenario, open(path, "w", encoding="utf-8"))
    out = subprocess.run([cli, "estimate", path, "--json"], capture_output=True, text=True,
                         env=env, check=True).stdout
    e = json.loads(out)
    return e["compute"]["step_s"], e["memory"]["total"]


def main():
    cli = os.path.abspath(sys.argv[1])
    try:
        subprocess.run(["/usr/bin/python3", "-c", "import torch"], check=True,
                       capture_output=True)
    except (OSError, subprocess.CalledProcessError):
        print("bench-probe: no PyTorch for /usr/bin/python3, nothing measured", file=sys.stderr)
        return 0
    with tempfile.TemporaryDirectory(prefix="rigplan-bench-probe-") as tmp:
        env = dict(os.environ, RIGPLAN_CLI=cli, RIGPLAN_USER_DATADIR=os.path.join(tmp, "user"))
        paths = [write_config(tmp, *c) for c in CONFIGS]
        measures = [p + "-measure" for p in paths]
        args = ["/usr/bin/python3", "src/probe/rigplan-probe.py", *paths]
        for m in measures:
            args += ["-o", m]
        subprocess.run(args + ["--device", "cpu", "--interleave", "--clock", "process",
                               "--steps", "8"], check=True, capture_output=True, env=env)
        calibrated = os.path.join(tmp, "a-calibrated.rigplan")
        answer = subprocess.run([cli, "calibrate", paths[0], measures[0], "-o", calibrated,
                                 "--json"], capture_output=True, text=True, env=env, check=True)
        gpu = json.loads(answer.stdout)["gpu"]
        for (name, micro_batch, seq_len), path, m in zip(CONFIGS, paths, measures):
            measured = json.load(open(m, encoding="utf-8"))
            tag = "%dx%d" % (micro_batch, seq_len)
            emit("step_spread_%s_pct" % tag, 100 * measured["step_s_spread"], "%")
            if name == "a":
                continue
            step, peak = estimate(cli, path, gpu, env)
            emit("transfer_step_%s_pct" % tag, 100 * (step / measured["step_s"] - 1), "%")
            peak_measured = measured["peak_reserved_bytes"] + measured["device"]["context_bytes"]
            emit("transfer_peak_%s_pct" % tag, 100 * (peak / peak_measured - 1), "%")
    return 0


if __name__ == "__main__":
    sys.exit(main())

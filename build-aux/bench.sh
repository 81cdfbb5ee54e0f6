#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Every benchmark, on a release build of its own, one JSON line per figure:
#   {"bench": NAME, "figure": KEY, "value": X, "unit": U}
#   build-aux/bench.sh [BUILD_DIR]      (default: build-bench)
# Timing lives here, never in the test suite: a busy machine stretches a
# wall-clock limit and fails everyone's CI.  The figures the project
# watches: estimate_us, estimate_fix_us, words_us (bench-core),
# planner_configs_per_s (bench-planner), startup_ms (bench-startup),
# redraw_ms (bench-ui), pdf_ms (bench-report), the CPU calibration's
# transfer (bench-probe.py), and for each hostile input
# shape its seconds and peak memory, with over_budget, how many took more
# than 1 s or 256 MB (bench-hostile.py).  Human-readable lines go to
# stderr; the exit status is 0 unless a benchmark could not run.
set -euo pipefail
top="$(cd "$(dirname "$0")/.." && pwd)"
cd "$top"

builddir="${1:-build-bench}"
if [ ! -f "$builddir/build.ninja" ]; then
  meson setup "$builddir" --buildtype=release >&2
fi
# the benchmarks and what they start, not the test programs
targets=$(sed -n "s/^ *bench_\([a-z]*\) = executable.*/bench\/bench-\1/p" bench/meson.build)
if [ -d "$builddir/src/app" ]; then
  targets="$targets src/app/rigplan data/gschemas.compiled"
fi
ninja -C "$builddir" src/cli/rigplan-cli $targets >&2

export RIGPLAN_DATADIR="$top/data/catalogs"
export RIGPLAN_EXAMPLES="$top/data/examples"
export RIGPLAN_USER_DATADIR="$builddir/bench/no-user-catalog"
export GSETTINGS_SCHEMA_DIR="$top/$builddir/data" GSETTINGS_BACKEND=memory
export GSK_RENDERER=cairo GTK_A11Y=none
export RIGPLAN_APP="$top/$builddir/src/app/rigplan"

status=0
run () {
  local out
  if out=$("$@" 2>/dev/null); then :; else
    echo "bench: $1 exited with $? (figures above the failure are kept)" >&2
  fi
  printf '%s\n' "$out" | grep '^{"bench"' || { echo "bench: $1 printed no figure" >&2; status=1; }
  printf '%s\n' "$out" | grep -v '^{"bench"' >&2 || true
}

for b in core planner memory time catalog prices compare report; do
  [ -x "$builddir/bench/bench-$b" ] && run "$builddir/bench/bench-$b"
done
# hostile inputs of at most 4 MiB through rigplan-cli, under /usr/bin/time -v
run /usr/bin/python3 bench/bench-hostile.py "$builddir/src/cli/rigplan-cli"
# a CPU calibration's transfer to other runs (rigplan-probe, needs PyTorch)
run /usr/bin/python3 bench/bench-probe.py "$builddir/src/cli/rigplan-cli"
if [ -x "$builddir/bench/bench-ui" ]; then
  display=(xvfb-run -a -s "-screen 0 1280x1024x24")
  [ -n "${DISPLAY:-}" ] && display=()
  run "${display[@]}" "$builddir/bench/bench-ui"
  run "${display[@]}" "$builddir/bench/bench-startup"
fi
exit "$status"

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what the app needs, builds the app and the CLI, and launches
# Rigplan from the build tree.
#   build-aux/run.sh [FILE.rigplan …]
# It installs packages (the `run` set of setup-deps.sh) and changes
# nothing else on the system; it builds no tests.  build-aux/test.sh is
# the whole suite.
set -euo pipefail
top="$(cd "$(dirname "$0")/.." && pwd)"
files=()
for f in "$@"; do
  case "$f" in
    /*) files+=("$f") ;;
    *) files+=("$PWD/$f") ;;
  esac
done
cd "$top"

build-aux/setup-deps.sh run
[ -f build/build.ninja ] || meson setup build
# The CLI, the translations and, with GTK, the app and its compiled
# settings schema: what `meson devenv` runs them with.
targets=(src/cli/rigplan-cli rigplan-gmo)
if grep -q '^build src/app/rigplan:' build/build.ninja; then
  targets+=(src/app/rigplan data/gschemas.compiled)
fi
ninja -C build "${targets[@]}"

if [ -x build/src/app/rigplan ]; then
  exec meson devenv -C build --workdir "$top" rigplan "${files[@]}"
fi
# Built without GTK: show what the estimator says about an example.
exec meson devenv -C build --workdir "$top" rigplan-cli estimate \
  "$top/data/examples/lora-llama3-8b-rtx4090.rigplan"

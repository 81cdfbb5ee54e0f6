#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Sets everything up and launches Rigplan from the build tree.
#   build-aux/run.sh [FILE.rigplan …]
set -euo pipefail
top="$(cd "$(dirname "$0")/.." && pwd)"
cd "$top"

build-aux/setup-deps.sh
[ -f build/build.ninja ] || meson setup build
ninja -C build

if [ -x build/src/app/rigplan ]; then
  exec meson devenv -C build rigplan "$@"
fi
# Built without GTK: show what the estimator says about an example.
exec meson devenv -C build rigplan-cli estimate \
  "$top/data/examples/lora-llama3-8b-rtx4090.rigplan"

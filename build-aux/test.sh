#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Sets everything up, builds and runs the whole test suite headless.
#   build-aux/test.sh [BUILD_DIR [MESON_SETUP_ARGS…]]
# Prints "N passed, N failed" last; exits non-zero when a test failed.
set -euo pipefail
top="$(cd "$(dirname "$0")/.." && pwd)"
cd "$top"

builddir="${1:-build}"
shift || true

build-aux/setup-deps.sh test
if [ ! -f "$builddir/build.ninja" ]; then
  meson setup "$builddir" "$@"
elif [ "$#" -gt 0 ]; then
  meson configure "$builddir" "$@"
fi
ninja -C "$builddir"

set +e
GSK_RENDERER=cairo dbus-run-session -- \
  xvfb-run -a -s "-screen 0 1280x1024x24" \
  meson test -C "$builddir" --print-errorlogs --num-processes 2 2> >(grep -v -e 'Failed to set fd limit' -e 'Activating service' >&2)
rc=$?
set -e
/usr/bin/python3 build-aux/test-summary.py "$builddir/meson-logs/testlog.json"
exit "$rc"

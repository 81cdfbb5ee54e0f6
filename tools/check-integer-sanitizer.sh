#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-integer-sanitizer.sh: builds core, the CLI and their tests with
# clang -fsanitize=integer and runs the core and cli suites; fails when
# any process reports an integer problem.  Run it before each release.
#
#   tools/check-integer-sanitizer.sh [BUILD_DIR]     (default build-intsan)
#
# -fsanitize=integer is more than undefined behaviour: besides signed
# overflow, shifts and division by zero it reports unsigned wrap-around
# and implicit conversions that change a value (clang's UndefinedBehavior
# Sanitizer manual, "Available checks").  Wrap-around that is meant is
# marked in our code with
# __attribute__ ((no_sanitize ("unsigned-integer-overflow"))) and a
# comment saying why (hash functions); wrap-around inside GLib macros
# that expand into our files is listed in tools/intsan.supp.
#
# Every process writes its reports to a file under BUILD_DIR/intsan-logs
# (UBSAN_OPTIONS log_path), so reports from rigplan-cli runs inside
# test-cli are caught too.  Needs clang (apt-get install clang).
set -euo pipefail
top="$(cd "$(dirname "$0")/.." && pwd)"
cd "$top"

builddir="${1:-build-intsan}"
logdir="$top/$builddir/intsan-logs"
flags="-fsanitize=integer -fno-omit-frame-pointer -g"

if [ ! -f "$builddir/build.ninja" ]; then
  CC=clang meson setup "$builddir" -Dgtk=disabled -Dbuildtype=debug \
    -Dc_args="$flags" -Dc_link_args="-fsanitize=integer"
fi
ninja -C "$builddir"

rm -rf "$logdir"
mkdir -p "$logdir"
set +e
UBSAN_OPTIONS="print_stacktrace=1:report_error_type=1:log_path=$logdir/report:suppressions=$top/tools/intsan.supp" \
  meson test -C "$builddir" --suite core --suite cli --print-errorlogs
rc=$?
set -e

reports=$(cat "$logdir"/report.* 2>/dev/null | grep -c 'runtime error' || true)
if [ "$reports" -gt 0 ]; then
  echo "integer sanitizer: $reports reports; the distinct places:"
  cat "$logdir"/report.* | grep 'runtime error' | sed 's/^.*\/src\//src\//; s/^.*\/tests\//tests\//' |
    sort | uniq -c | sort -rn
  exit 1
fi
if [ "$rc" -ne 0 ]; then
  echo "integer sanitizer: no reports, but the tests failed (exit $rc)"
  exit "$rc"
fi
echo "integer sanitizer: no reports"

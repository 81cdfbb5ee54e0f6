#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the Debian packages from a copy of the tree, checks them with
# lintian, installs them on this machine, runs what they installed, and
# removes them again.  CI's last step (.ci/run).
#   build-aux/check-deb.sh [LOG.json]
# Prints TAP; LOG.json gets one meson-style result per check, for
# build-aux/test-summary.py.  Needs root or sudo (apt-get, dpkg -i).
# The suite already ran in CI, so the package is built with nocheck.
set -uo pipefail
top="$(cd "$(dirname "$0")/.." && pwd)"
log="${1:-$top/build-deb/check-deb.json}"
mkdir -p "$(dirname "$log")"
: > "$log"

sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)

n=0
failed=0
check () {  # check NAME COMMAND…: one TAP line and one log line
  local name=$1 out rc
  shift
  n=$((n + 1))
  out=$("$@" 2>&1)
  rc=$?
  if [ $rc -eq 0 ]; then
    echo "ok $n $name"
  else
    echo "not ok $n $name"
    failed=$((failed + 1))
    printf '%s\n' "$out" | tail -30 | sed 's/^/# /'
  fi
  /usr/bin/python3 -c 'import json, sys
print(json.dumps({"name": "deb: " + sys.argv[1],
                  "result": "OK" if sys.argv[2] == "0" else "FAIL",
                  "returncode": int(sys.argv[2]), "stdout": ""}))' "$name" "$rc" >> "$log"
}

"$top/build-aux/setup-deps.sh" package || exit 1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
version=$(dpkg-parsechangelog -l "$top/debian/changelog" -S Version)
upstream=${version%-*}
src="$work/rigplan-$upstream"
mkdir "$src"
# What git tracks, and what is new but not ignored: the tree CI checks;
# from a tarball, the tree less its build folders.
if git -C "$top" rev-parse --git-dir >/dev/null 2>&1; then
  (cd "$top" && git ls-files -co --exclude-standard -z | tar --null -cf - -T -) | tar -xf - -C "$src"
else
  tar -C "$top" --exclude='./build' --exclude='./build-*' --exclude='./obj-*' \
    --exclude='./debian/tmp' --exclude='./debian/rigplan' --exclude='./debian/rigplan-cli' \
    -cf - . | tar -xf - -C "$src"
fi

build () {
  (cd "$src" && DEB_BUILD_OPTIONS="nocheck parallel=$(nproc)" \
     dpkg-buildpackage -us -uc -b)
}
check "dpkg-buildpackage -us -uc -b builds rigplan, rigplan-cli and rigplan-probe" build
changes=$(ls "$work"/rigplan_*_*.changes 2>/dev/null | head -1)
lint () {  # every tag goes to the log; only errors fail
  lintian --fail-on error --tag-display-limit 0 "$changes" > "$(dirname "$log")/lintian.txt" 2>&1
  local rc=$?
  cat "$(dirname "$log")/lintian.txt"
  return $rc
}
check "lintian reports no errors" lint
sed 's/^/# lintian: /' "$(dirname "$log")/lintian.txt"
install_debs () {
  "${sudo_cmd[@]}" dpkg -i "$work"/rigplan-cli_*.deb "$work"/rigplan_*.deb \
    "$work"/rigplan-probe_*.deb
}
check "dpkg -i installs the three packages" install_debs
check "rigplan-cli estimate runs an installed example" \
  rigplan-cli estimate /usr/share/rigplan/examples/full-finetune-llama2-7b-8xa100.rigplan
check "rigplan --version" sh -c 'rigplan --version | grep -qx "rigplan $0"' "$upstream"
check "man rigplan-cli, rigplan and rigplan-probe are installed" \
  man -w rigplan-cli rigplan rigplan-probe
check "rigplan-probe --help runs (without PyTorch too)" rigplan-probe --help
check "the completions are installed" test -f /usr/share/bash-completion/completions/rigplan-cli \
  -a -f /usr/share/zsh/vendor-completions/_rigplan-cli \
  -a -f /usr/share/fish/vendor_completions.d/rigplan-cli.fish
check "the D-Bus service, desktop file and metainfo are installed" test \
  -f /usr/share/dbus-1/services/io.github.rigplan.Rigplan.service \
  -a -f /usr/share/applications/io.github.rigplan.Rigplan.desktop \
  -a -f /usr/share/metainfo/io.github.rigplan.Rigplan.metainfo.xml
check "dpkg -r removes the three packages" "${sudo_cmd[@]}" dpkg -r rigplan-probe rigplan \
  rigplan-cli
echo "1..$n"
[ "$failed" -eq 0 ]

#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Screenshot of the real rigplan window (docs/screenshot-*.png).
# Run under Xvfb from the source root, after `ninja -C BUILD`:
#   xvfb-run -a -s "-screen 0 1600x1000x24" build-aux/screenshot.sh BUILD OUT.png WxH [FILE.rigplan]
# Language and style come from the environment (LANGUAGE=zh_CN; dark:
# ADW_DEBUG_COLOR_SCHEME=prefer-dark, as libadwaita follows the desktop);
# RIGPLAN_SHOT_WAIT: seconds before the shot (1.5), RIGPLAN_SHOT_KEYS: keys pressed first.
set -u
build=$1 out=$2 size=$3 file=${4:-}
width=${size%x*} height=${size#*x}
src=$(cd "$(dirname "$0")/.." && pwd)

GSK_RENDERER=cairo GTK_A11Y=none GSETTINGS_BACKEND=memory \
GSETTINGS_SCHEMA_DIR="$build/data" RIGPLAN_DATADIR="$src/data/catalogs" \
RIGPLAN_LOCALEDIR="$build/po" \
  "$build/src/app/rigplan" ${file:+"$file"} &
pid=$!
wid=""
for i in $(seq 100); do
  wid=$(xdotool search --onlyvisible --pid "$pid" 2>/dev/null | head -1)
  [ -n "$wid" ] && break
  sleep 0.1
done
# Never call import with an empty id: it waits for a click (PLATFORM.md P9).
[ -n "$wid" ] || { kill "$pid"; echo "no window" >&2; exit 1; }
xdotool windowsize "$wid" "$width" "$height"
sleep ${RIGPLAN_SHOT_WAIT:-1.5}
# RIGPLAN_SHOT_KEYS: keys to press first ("shift+ctrl+p": the Plan page)
if [ -n "${RIGPLAN_SHOT_KEYS:-}" ]; then
  xdotool key --window "$wid" $RIGPLAN_SHOT_KEYS
  sleep 1
fi
timeout 20 import -window "$wid" "$out"
rc=$?
kill "$pid"; wait "$pid" 2>/dev/null
exit $rc

#!/usr/bin/env bash
# Installs the Debian 12 packages Rigplan needs to build, test and run,
# when any is missing.  Safe to run again: it installs nothing then.
set -euo pipefail

packages=(
  # build
  meson ninja-build pkg-config gcc gettext libglib2.0-dev libgtk-4-dev libcjson-dev
  # YAML training configs (accelerate, axolotl, torchtune) for rigplan-cli import
  libyaml-dev
  # headless tests: display, session bus, accessibility bus
  xvfb xauth dbus-daemon at-spi2-core
  # desktop-file and AppStream validation
  desktop-file-utils appstream
  # fonts: Latin and Simplified Chinese (see shared/PLATFORM.md: wqy, not noto-cjk)
  fonts-dejavu-core fonts-wqy-microhei
  # looking at what we build: PDF to PNG, screenshots
  poppler-utils imagemagick xdotool
  # a comma-decimal locale for the locale-independence tests
  locales
  # rigplan-probe's test on the CPU: PyTorch and torchvision for /usr/bin/python3
  python3-torch python3-torchvision
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  sudo_cmd=(sudo)
fi

if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq \
    --no-install-recommends -o DPkg::Lock::Timeout=300 "${missing[@]}"
fi

# de_DE.UTF-8 writes "7,13": the scenario tests check files stay "7.13".
if ! locale -a 2>/dev/null | grep -qi '^de_DE\.utf-\?8$'; then
  if [ -f /etc/locale.gen ]; then
    "${sudo_cmd[@]}" sed -i 's/^# *de_DE.UTF-8 UTF-8/de_DE.UTF-8 UTF-8/' /etc/locale.gen
    "${sudo_cmd[@]}" locale-gen >/dev/null 2>&1 || echo "setup: locale-gen failed; one test will skip"
  fi
fi

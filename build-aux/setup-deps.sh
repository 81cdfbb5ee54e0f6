#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the Debian 12 packages Rigplan needs, when any is missing.
#   build-aux/setup-deps.sh [run|test|package]…
# run:     what building and running the app and the CLI needs (build-aux/run.sh)
# test:    run, and what the whole test suite needs, and a de_DE.UTF-8 locale
#          (build-aux/test.sh; the default)
# package: run, and what building and checking the .deb needs (.ci/run)
# Safe to run again: it installs nothing then.  Only `test` changes the
# system beyond packages (it generates the de_DE.UTF-8 locale).
set -euo pipefail

run_packages=(
  # build
  meson ninja-build pkg-config gcc gettext libglib2.0-dev libgtk-4-dev libcjson-dev
  # libadwaita 1.2: style manager, toasts, message dialogs, About window
  libadwaita-1-dev
  # YAML training configs (accelerate, axolotl, torchtune) for rigplan-cli import
  libyaml-dev
  # update-desktop-database: meson's gnome.post_install wants it to configure
  desktop-file-utils
  # the user guide's translated pages (help/, built with the window)
  itstool
  # fonts: Latin and Simplified Chinese (wqy renders Chinese in the window
  # and the PDF; noto-cjk picks Japanese glyph forms and is 56 MB)
  fonts-dejavu-core fonts-wqy-microhei
)
test_packages=(
  # headless tests: display, session bus, accessibility bus
  xvfb xauth dbus-daemon at-spi2-core
  # the desktop's color-scheme and high-contrast keys (test-ui-style)
  gsettings-desktop-schemas
  # desktop-file and AppStream validation; the user guide's Mallard (yelp-check)
  desktop-file-utils appstream yelp-tools
  # the JSON Schema of *.rigplan files, checked with a standard validator
  python3-jsonschema
  # the man pages rendered, the completions run in each shell
  man-db zsh fish bash-completion
  # looking at what we build: PDF to PNG, screenshots
  poppler-utils imagemagick xdotool
  # a comma-decimal locale for the locale-independence tests
  locales
  # rigplan-probe's test on the CPU: PyTorch and torchvision for /usr/bin/python3
  python3-torch python3-torchvision
)
package_packages=(
  # dpkg-buildpackage, debhelper's meson support, lintian; the completion
  # folders come from bash-completion.pc
  debhelper dpkg-dev fakeroot lintian bash-completion
  # what the package's own checks run
  desktop-file-utils appstream
)

profiles=("$@")
[ "${#profiles[@]}" -gt 0 ] || profiles=(test)
packages=("${run_packages[@]}")
want_locale=false
for profile in "${profiles[@]}"; do
  case "$profile" in
    run) ;;
    test) packages+=("${test_packages[@]}"); want_locale=true ;;
    package) packages+=("${package_packages[@]}") ;;
    *) echo "setup-deps: unknown profile $profile (run, test or package)" >&2; exit 2 ;;
  esac
done

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
if $want_locale && ! locale -a 2>/dev/null | grep -qi '^de_DE\.utf-\?8$'; then
  if [ -f /etc/locale.gen ]; then
    "${sudo_cmd[@]}" sed -i 's/^# *de_DE.UTF-8 UTF-8/de_DE.UTF-8 UTF-8/' /etc/locale.gen
    "${sudo_cmd[@]}" locale-gen >/dev/null 2>&1 || echo "setup: locale-gen failed; one test will skip"
  fi
fi

#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The sample PDF plans and page images in docs/report/, from the examples.
# Run from the source root after `ninja -C BUILD` (needs poppler-utils):
#   build-aux/report-samples.sh BUILD
# Rerun when the report or its translation changes, then look at the PNGs.
set -eu
build=$1
src=$(cd "$(dirname "$0")/.." && pwd)
out="$src/docs/report"
mkdir -p "$out"

plan () {   # plan EXAMPLE OUT.pdf [LANGUAGE]
  env ${3:+LANG=C.UTF-8 LC_ALL=C.UTF-8 LANGUAGE=$3} \
    RIGPLAN_DATADIR="$src/data/catalogs" RIGPLAN_LOCALEDIR="$build/po" \
    "$build/src/cli/rigplan-cli" export "$src/data/examples/$1.rigplan" -o "$2" --paper a4
}

page () {   # page PDF N OUT.png: page N at 80 dpi
  pdftoppm -r 80 -f "$2" -l "$2" -png -singlefile "$1" "${3%.png}"
}

plan lora-llama2-13b-rtx3090 "$out/plan-lora-llama2-13b-rtx3090.pdf"
plan full-finetune-llama2-7b-8xa100 "$out/plan-full-finetune-llama2-7b-8xa100-zh.pdf" zh_CN
RIGPLAN_DATADIR="$src/data/catalogs" RIGPLAN_LOCALEDIR="$build/po" \
  "$build/src/cli/rigplan-cli" compare "$src/data/examples/lora-llama3-8b-rtx4090.rigplan" \
  "$src/data/examples/lora-llama2-13b-rtx3090.rigplan" \
  "$src/data/examples/qlora-llama2-70b-a100.rigplan" -o "$out/compare-three-loras.pdf" --paper a4
page "$out/plan-lora-llama2-13b-rtx3090.pdf" 1 "$out/summary-en.png"
page "$out/compare-three-loras.pdf" 2 "$out/compare-results-en.png"
page "$out/plan-lora-llama2-13b-rtx3090.pdf" 7 "$out/cost-en.png"
page "$out/plan-full-finetune-llama2-7b-8xa100-zh.pdf" 1 "$out/summary-zh.png"

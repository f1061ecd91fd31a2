#!/usr/bin/env bash
# README's images, made by shotter from Examples so that they cannot drift from what shotter
# draws: a component cropped on a transparent background, a framed screen and a contact sheet.
#   bash scripts/readme-images.sh           # (re)write docs/images/*.png
#   bash scripts/readme-images.sh --check   # exit 1 when docs/images differ from a fresh render
# SHOTTER names the binary (default: .build/debug/shotter, built when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
shotter="${SHOTTER:-.build/debug/shotter}"
[ -x "$shotter" ] || swift build --product shotter >&2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$shotter" render Examples/Counter.jsonl --crop 14 --margin 12 --background transparent --scale 2 -o "$work/crop" >/dev/null
cp "$work/crop/Counter/003-tap-13.iphone15pro.large.light.png" "$work/counter-buttons.png"
"$shotter" render Examples/Settings.jsonl --frame --scale 1 -o "$work/frame" >/dev/null
cp "$work/frame/Settings/002-select-Settings.iphone15pro.large.light.png" "$work/settings-framed.png"
"$shotter" sheet Examples/Counter.jsonl --dynamic-type large,accessibility3 --scheme light,dark --frame --scale 1 \
    -o "$work/counter-sheet.png" >/dev/null

"$shotter" sheet Examples/Stats.jsonl --dynamic-type large,xxLarge,accessibility3 --scale 1 -o "$work/stats-sizes-sheet.png" >/dev/null

images=(counter-buttons.png settings-framed.png counter-sheet.png stats-sizes-sheet.png)
if [ "${1:-}" = "--check" ]; then
    status=0
    for image in "${images[@]}"; do
        cmp -s "$work/$image" "docs/images/$image" || { echo "docs/images/$image differs from shotter's render: run scripts/readme-images.sh" >&2; status=1; }
    done
    exit $status
fi
mkdir -p docs/images
for image in "${images[@]}"; do cp "$work/$image" "docs/images/$image"; echo "docs/images/$image"; done

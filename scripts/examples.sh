#!/usr/bin/env bash
# Installs what is missing, builds shotter, and renders every example in Examples/ to shots/
# at the Large and accessibility3 Dynamic Type sizes, in light and dark.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bin="$(swift build --show-bin-path)/shotter"
for stream in Examples/*.jsonl; do
    "$bin" render "$stream" -o shots --commit all --dynamic-type large,accessibility3 --scheme light,dark
done
echo "examples: rendered $(find shots -name '*.png' | wc -l) screenshots in shots/" >&2

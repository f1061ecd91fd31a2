#!/usr/bin/env bash
# PNG sizes and times for docs/performance.md ("PNG size"): every file decoded, encoded `fast`
# and `small` (twice: the two must be byte-identical), sizes and encoding times summed.
#   bash scripts/bench-png.sh [REV] [FILE.png...]
# REV (default: the work tree) is the revision of Sources/ImageDiff to measure, so the same
# command times an older encoder; FILEs default to shotter's own goldens (Goldens/Screenshots).
# ImageDiff is compiled alone with `swiftc -O`: no release build of the package is needed.
set -euo pipefail
cd "$(dirname "$0")/.."
rev=""
if [ $# -gt 0 ] && [[ "$1" != *.png ]]; then rev="$1"; shift; fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src"
if [ -n "$rev" ]; then
    for file in $(git ls-tree --name-only "$rev" Sources/ImageDiff/); do git show "$rev:$file" > "$work/src/$(basename "$file")"; done
else
    cp Sources/ImageDiff/*.swift "$work/src/"
fi
cp scripts/bench-png.swift "$work/src/main.swift"
swiftc -O -module-name ImageDiff -I Sources/CDeflate -ldeflate "$work"/src/*.swift -o "$work/bench-png" 2>&1 | { grep -E "error" || true; }
if [ $# -eq 0 ]; then
    mapfile -t files < <(find Goldens/Screenshots -name '*.png' | sort)
    set -- "${files[@]}"
fi
"$work/bench-png" "$@"

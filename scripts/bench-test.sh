#!/usr/bin/env bash
# Times `shotter test` per snapshot for docs/performance.md: a plan over every example at
# scale 3 (phone screens at 1179x2556), sizes large and accessibility3, both schemes: 100
# snapshots for 25 examples. Goldens are recorded first in a temporary directory, then every
# timed run passes. Prints wall and CPU time per snapshot and the load average.
#
#   scripts/bench-test.sh [RUNS]     (default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-5}"

swift build -c release --product shotter >/dev/null 2>&1 ||
    swift build -c release --product shotter # show the errors
SHOTTER="$(swift build -c release --show-bin-path)/shotter"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
ln -s "$(pwd)/Examples" "$WORK/Examples"
cat >"$WORK/shotter.json" <<'PLAN'
{
  "streams": ["Examples/*.jsonl"],
  "dynamicTypeSizes": ["large", "accessibility3"],
  "schemes": ["light", "dark"],
  "scale": 3,
  "goldens": "goldens"
}
PLAN
(cd "$WORK" && "$SHOTTER" test --record missing >/dev/null)
count="$(find "$WORK/goldens" -name '*.png' | wc -l)"
echo "shotter test, $count snapshots at scale 3, --jobs $(nproc) (default); load average $(cut -d' ' -f1-3 /proc/loadavg)"
for _ in $(seq "$RUNS"); do
    (cd "$WORK" && /usr/bin/time -f "%e %U %S" -o "$WORK/time" "$SHOTTER" test --record never >"$WORK/out")
    tail -1 "$WORK/out" | grep -q "^$count passed, 0 failed$" || { cat "$WORK/out"; exit 1; }
    read -r wall user sys <"$WORK/time"
    awk -v n="$count" -v w="$wall" -v u="$user" -v s="$sys" -v l="$(cut -d' ' -f1 /proc/loadavg)" \
        'BEGIN { printf "  %.1f ms wall per snapshot, %.1f ms CPU (user + sys), load %s\n", w * 1000 / n, (u + s) * 1000 / n, l }'
done

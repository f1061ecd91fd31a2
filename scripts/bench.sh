#!/usr/bin/env bash
# Render benchmarks for docs/performance.md: stage timings for a generated 1,000-element
# screen, then peak memory of `shotter render --commit all` over 50 and 500 commits.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh -c release
bin="$(swift build -c release --show-bin-path)"
echo "== stages (release, median of 15 runs)"
"$bin/shotter-bench" stages
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "== peak memory, shotter render --commit all --scale 1"
for n in 50 500; do
    "$bin/shotter-bench" stream "$n" "$work/s$n.jsonl"
    start=$(date +%s.%N)
    /usr/bin/time -f "%M" -o "$work/rss" "$bin/shotter" render "$work/s$n.jsonl" --commit all --scale 1 -o "$work/out$n" >/dev/null
    end=$(date +%s.%N)
    printf "%4d commits: peak RSS %6d KiB, %.1f s\n" "$n" "$(cat "$work/rss")" "$(echo "$end - $start" | bc)"
    rm -rf "$work/out$n"
done

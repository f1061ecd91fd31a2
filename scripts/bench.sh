#!/usr/bin/env bash
# Render benchmarks for docs/performance.md.
#   bash scripts/bench.sh          stage timings for a generated 1,000-element screen, then peak
#                                  memory of `shotter render --commit all` over 50 and 500 commits
#   bash scripts/bench.sh linear   the inputs that once took quadratic time (issue 9): a long CJK
#                                  paragraph, commit labels over many events, dense chart lines;
#                                  in-process times, then `shotter render` wall time and peak RSS
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-stages}"
case "$mode" in stages|linear) ;; *) echo "usage: scripts/bench.sh [stages|linear]" >&2; exit 2 ;; esac
bash scripts/setup.sh -c release
bin="$(swift build -c release --show-bin-path)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Wall time and peak RSS of one shotter command.
measure() {
    local label="$1"; shift
    local start end
    start=$(date +%s.%N)
    /usr/bin/time -f "%M" -o "$work/rss" "$@" >/dev/null
    end=$(date +%s.%N)
    printf "%-34s peak RSS %7d KiB, %5.1f s\n" "$label" "$(cat "$work/rss")" "$(echo "$end - $start" | bc)"
}

if [ "$mode" = linear ]; then
    echo "== linear costs (release, in-process, median of 3 runs; the chart's read is one run)"
    "$bin/shotter-bench" linear
    echo "== shotter render --scale 3 on the same streams"
    "$bin/shotter-bench" linear-streams "$work"
    measure "wrap.jsonl" "$bin/shotter" render "$work/wrap.jsonl" --scale 3 -o "$work/out"
    measure "labels.jsonl --commit last" "$bin/shotter" render "$work/labels.jsonl" --commit last --scale 3 -o "$work/out"
    measure "chart100k.jsonl" "$bin/shotter" render "$work/chart100k.jsonl" --scale 3 -o "$work/out"
    measure "chart1M.jsonl" "$bin/shotter" render "$work/chart1M.jsonl" --scale 3 -o "$work/out"
    exit 0
fi

echo "== stages (release, median of 15 runs)"
"$bin/shotter-bench" stages
echo "== peak memory, shotter render --commit all --scale 1"
for n in 50 500; do
    "$bin/shotter-bench" stream "$n" "$work/s$n.jsonl"
    start=$(date +%s.%N)
    /usr/bin/time -f "%M" -o "$work/rss" "$bin/shotter" render "$work/s$n.jsonl" --commit all --scale 1 -o "$work/out$n" >/dev/null
    end=$(date +%s.%N)
    printf "%4d commits: peak RSS %6d KiB, %.1f s\n" "$n" "$(cat "$work/rss")" "$(echo "$end - $start" | bc)"
    rm -rf "$work/out$n"
done

#!/usr/bin/env bash
# Render benchmarks for docs/performance.md.
#   bash scripts/bench.sh          stage timings for a generated 1,000-element screen, plain and with
#                                  100 shadowed boxes; whole-process
#                                  time of `shotter render` of a 1,394-element screen to a 3x PNG
#                                  against rsvg-convert rasterizing shotter's own SVG of it
#                                  (hyperfine, then 40 interleaved rounds for the verdict), with a
#                                  cross-check that both show the same image (exit 1 if not);
#                                  start-up cost of a one-text SVG render; then
#                                  peak memory of `shotter render --commit all` over 50 and 500 commits
#   bash scripts/bench.sh linear   the inputs that once took quadratic time (issue 9): a long CJK
#                                  paragraph, commit labels over many events, dense chart lines;
#                                  in-process times, then `shotter render` wall time and peak RSS
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-stages}"
case "$mode" in stages|linear) ;; *) echo "usage: scripts/bench.sh [stages|linear]" >&2; exit 2 ;; esac
bash scripts/setup.sh -c release
# The comparison's own tools.
tools=()
command -v hyperfine >/dev/null || tools+=(hyperfine)
command -v rsvg-convert >/dev/null || tools+=(librsvg2-bin)
if [ ${#tools[@]} -gt 0 ]; then
    sudo_cmd=""
    [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${tools[@]}" >/dev/null
fi
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
echo "== stages with 100 shadowed boxes (release, median of 15 runs)"
"$bin/shotter-bench" stages-shadows

echo "== whole process: shotter render (3x PNG) vs rsvg-convert -z 3 of shotter's SVG"
"$bin/shotter-bench" screen "$work/screen.jsonl"
"$bin/shotter" render "$work/screen.jsonl" --format png,svg -o "$work/ref" >/dev/null
svg="$work/ref/screen/001.iphone15pro.large.light.svg"
rsvg-convert -z 3 "$svg" -o "$work/rsvg.png"
# Cross-check: rsvg's rasterization of the SVG shows what shotter's PNG shows.
if ! "$bin/shotter" diff "$work/ref/screen/001.iphone15pro.large.light.png" "$work/rsvg.png" --max-diff-ratio 0.001; then
    echo "bench: cross-check failed: shotter's PNG and rsvg-convert's rendering of its SVG differ" >&2
    exit 1
fi
hyperfine -N --warmup 3 --runs 30 --export-json "$work/whole.json" \
    -n "shotter render" "$bin/shotter render $work/screen.jsonl -o $work/out" \
    -n "rsvg-convert" "rsvg-convert -z 3 $svg -o $work/rsvg.png"
python3 - "$work/whole.json" <<'PY'
import json, sys
runs = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
ours, rsvg = runs["shotter render"]["median"], runs["rsvg-convert"]["median"]
print(f"hyperfine medians: shotter render {ours * 1000:.1f} ms, rsvg-convert {rsvg * 1000:.1f} ms: ratio {ours / rsvg:.2f}")
PY
# The verdict: the two commands in turn, round after round, so that the VM's drifting speed
# (rsvg-convert's median moved by a fifth between two hyperfine runs a minute apart) falls on
# both alike; hyperfine times all of one command, then all of the other.
python3 scripts/interleave.py 40 "$bin/shotter render $work/screen.jsonl -o $work/out" \
    "rsvg-convert -z 3 $svg -o $work/rsvg.png" | tee "$work/interleaved.txt"
awk '/^median/ { m[n++] = $2 } END {
    r = m[0] / m[1]
    printf "interleaved medians (40 rounds): shotter render %.1f ms, rsvg-convert %.1f ms: ratio %.2f (target at most 0.5: %s)\n",
        m[0], m[1], r, (r <= 0.5 ? "met" : "NOT met") }' "$work/interleaved.txt"

echo "== start-up: a one-text screen to SVG (no raster, no PNG encode), against shotter --help"
printf '%s\n' '{"id":1,"kind":"text","op":"create","props":{"text":"Hello"}}' \
    '{"id":1,"index":0,"op":"insert","parent":0}' '{"op":"commit"}' > "$work/one.jsonl"
hyperfine -N --warmup 3 --runs 50 -n "render one text" "$bin/shotter render $work/one.jsonl --format svg -o $work/one" \
    -n "shotter --help" "$bin/shotter --help"

echo "== peak memory, shotter render --commit all --scale 1"
for n in 50 500; do
    "$bin/shotter-bench" stream "$n" "$work/s$n.jsonl"
    start=$(date +%s.%N)
    /usr/bin/time -f "%M" -o "$work/rss" "$bin/shotter" render "$work/s$n.jsonl" --commit all --scale 1 -o "$work/out$n" >/dev/null
    end=$(date +%s.%N)
    printf "%4d commits: peak RSS %6d KiB, %.1f s\n" "$n" "$(cat "$work/rss")" "$(echo "$end - $start" | bc)"
    rm -rf "$work/out$n"
done

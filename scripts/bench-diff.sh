#!/usr/bin/env bash
# Times shotter's image comparison against blazediff on two generated 1179x2556 screenshots,
# then checks that our differing-pixel counts equal the reference pixelmatch's (PyPI
# `pixelmatch`, a port of mapbox/pixelmatch) with includeAA false and true, on pixels read
# by scripts/pixelmatch-check.py, not by our decoder.
# Exits 1 if a count differs, 2 if the check cannot be made: it never passes unchecked.
#
#   scripts/bench-diff.sh [ROUNDS] [RUNS]
#
# Each of ROUNDS (default 5) rounds times RUNS (default 9) comparisons with each tool, one
# tool after the other, so that a busy machine slows both alike; medians are over all runs.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS="${1:-5}"
RUNS="${2:-9}"

python3 -c 'import pixelmatch, blazediff, numpy' 2>/dev/null ||
    python3 -m pip install --quiet pixelmatch==0.4.0 blazediff numpy

swift build -c release --product bench-diff >/dev/null 2>&1 ||
    swift build -c release --product bench-diff # show the errors
BENCH="$(swift build -c release --show-bin-path)/bench-diff"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
"$BENCH" generate "$WORK"

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) (2 cores)"
python3 - "$BENCH" "$WORK/a.png" "$WORK/b.png" "$ROUNDS" "$RUNS" "$WORK/counts" <<'EOF'
import os, statistics, subprocess, sys, time
from importlib.metadata import version
import blazediff

bench, path_a, path_b, counts_file = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[6]
rounds, runs = int(sys.argv[4]), int(sys.argv[5])

def blaze(antialiasing):
    # antialiasing=True detects and skips anti-aliased pixels: pixelmatch's includeAA=false.
    return blazediff.compare(path_a, path_b, None, threshold=0.1, antialiasing=antialiasing).diff_count

ours = {"compare": [], "compare-cpu": [], "decode-both": [], "pixelmatch": []}
counts = {}
theirs, theirs_cpu = [], []
for _ in range(rounds):
    output = subprocess.run([bench, "time", path_a, path_b, str(runs)], check=True, capture_output=True, text=True).stdout
    for line in output.splitlines():
        words = line.split()
        if words[0] == "ms":
            ours[words[1]] += map(float, words[2:])
        elif words[0] == "count":
            counts[words[1] == "includeAA=true"] = int(words[2])
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        blaze(True)
        theirs.append((time.perf_counter() - start) * 1000)
        theirs_cpu.append((time.process_time() - start_cpu) * 1000)

mine, reference = statistics.median(ours["compare"]), statistics.median(theirs)
print(f"images: 1179x2556, {os.path.getsize(path_a)} and {os.path.getsize(path_b)} bytes; "
      f"medians of {rounds * runs} runs each, threshold 0.1, anti-aliased pixels detected and skipped")
print(f"  ours (ImageComparison.compare: read + decode both + pixelmatch): {mine:.1f} ms")
print(f"    with whole images instead: decode both {statistics.median(ours['decode-both']):.1f} ms, "
      f"then pixelmatch {statistics.median(ours['pixelmatch']):.1f} ms")
print(f"  blazediff {version('blazediff')} (PyPI wheel, called in-process: read + decode both + diff): {reference:.1f} ms")
print(f"  ours / blazediff: {mine / reference:.2f}")
print(f"  CPU time of all threads: ours {statistics.median(ours['compare-cpu']):.1f} ms, "
      f"blazediff {statistics.median(theirs_cpu):.1f} ms")
print(f"  blazediff's counts: {blaze(True)} (includeAA false), {blaze(False)} (includeAA true)")
with open(counts_file, "w") as out:
    out.write(f"{counts[False]} {counts[True]}\n")
EOF
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) (2 cores)"

read -r count count_aa <"$WORK/counts"
python3 scripts/pixelmatch-check.py "$WORK/a.png" "$WORK/b.png" "$count" "$count_aa"

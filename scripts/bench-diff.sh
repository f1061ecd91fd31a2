#!/usr/bin/env bash
# Times shotter's image comparison against blazediff on two generated 1179x2556 screenshots,
# and checks that our differing-pixel counts equal the reference pixelmatch's (PyPI
# `pixelmatch`, a port of mapbox/pixelmatch) with includeAA false and true.
# Exits non-zero if the counts differ.
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
    python3 -m pip install --quiet pixelmatch blazediff numpy

swift build -c release --product bench-diff >/dev/null 2>&1 ||
    swift build -c release --product bench-diff # show the errors
BENCH="$(swift build -c release --show-bin-path)/bench-diff"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
"$BENCH" generate "$WORK"

python3 - "$BENCH" "$WORK/a.png" "$WORK/b.png" "$ROUNDS" "$RUNS" <<'EOF'
import os, statistics, struct, subprocess, sys, time, zlib
from importlib.metadata import version
import blazediff, numpy as np
from pixelmatch import pixelmatch

bench, path_a, path_b, rounds, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])

def blaze(antialiasing):
    # antialiasing=True detects and skips anti-aliased pixels: pixelmatch's includeAA=false.
    return blazediff.compare(path_a, path_b, None, threshold=0.1, antialiasing=antialiasing).diff_count

ours = {"compare": [], "decode-both": [], "pixelmatch": []}
counts = {}
theirs = []
for _ in range(rounds):
    output = subprocess.run([bench, "time", path_a, path_b, str(runs)], check=True, capture_output=True, text=True).stdout
    for line in output.splitlines():
        words = line.split()
        if words[0] == "ms":
            ours[words[1]] += map(float, words[2:])
        elif words[0] == "count":
            counts[words[1] == "includeAA=true"] = int(words[2])
    for _ in range(runs):
        start = time.perf_counter()
        blaze(True)
        theirs.append((time.perf_counter() - start) * 1000)

median = lambda values: f"{statistics.median(values):.1f} ms"
print(f"images: 1179x2556, {os.path.getsize(path_a)} and {os.path.getsize(path_b)} bytes; "
      f"medians of {rounds * runs} runs each, threshold 0.1, anti-aliased pixels detected and skipped")
print(f"  ours (ImageComparison.compare: read + decode both + pixelmatch, row by row): {median(ours['compare'])}")
print(f"    with whole images instead: decode both {median(ours['decode-both'])}, then pixelmatch {median(ours['pixelmatch'])}")
print(f"  blazediff {version('blazediff')} (PyPI wheel, called in-process: read + decode both + diff): {median(theirs)}")

def load(path):
    """Reads the PNGs our encoder writes (8-bit RGBA, filter Up on every row), independently of our decoder."""
    data, pos, idat = open(path, "rb").read(), 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", data[pos + 8:pos + 18])
            assert (depth, color) == (8, 6)
        elif kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    rows = np.frombuffer(zlib.decompress(idat), dtype=np.uint8).reshape(height, 1 + width * 4)
    assert (rows[:, 0] == 2).all(), "expected filter Up on every row"
    return width, height, np.cumsum(rows[:, 1:], axis=0, dtype=np.uint8).tobytes()

width, height, a = load(path_a)
_, _, b = load(path_b)
failed = False
print(f"differing pixels (reference: Python pixelmatch {version('pixelmatch')})")
print(f"  {'includeAA':<10} {'ours':>8} {'pixelmatch':>11} {'blazediff':>10}")
for include_aa in (False, True):
    reference = pixelmatch(a, b, width, height, threshold=0.1, includeAA=include_aa)
    mine = counts[include_aa]
    failed |= mine != reference
    print(f"  {str(include_aa).lower():<10} {mine:>8} {reference:>11} {blaze(not include_aa):>10}   "
          + ("same" if mine == reference else "MISMATCH"))
sys.exit(1 if failed else 0)
EOF

#!/usr/bin/env bash
# Times shotter's image comparison against blazediff on two generated 1179x2556 screenshots,
# and checks that our differing-pixel counts equal the reference pixelmatch's (PyPI
# `pixelmatch`, a port of mapbox/pixelmatch) with includeAA false and true.
# Exits non-zero if the counts differ.
#
#   scripts/bench-diff.sh [RUNS]     (default 21 timed runs of each tool)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-21}"

python3 -c 'import pixelmatch, blazediff, numpy' 2>/dev/null ||
    python3 -m pip install --quiet pixelmatch blazediff numpy

swift build -c release --product bench-diff >/dev/null 2>&1 ||
    swift build -c release --product bench-diff # show the errors
BENCH="$(swift build -c release --show-bin-path)/bench-diff"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
"$BENCH" generate "$WORK"
echo "images: $WORK/a.png, $WORK/b.png (1179x2556, $(wc -c <"$WORK/a.png") and $(wc -c <"$WORK/b.png") bytes)"

OURS="$("$BENCH" time "$WORK/a.png" "$WORK/b.png" "$RUNS")"
echo "$OURS" | head -1
OURS_AA_OFF="$(echo "$OURS" | awk '/^count includeAA=false/ {print $3}')"
OURS_AA_ON="$(echo "$OURS" | awk '/^count includeAA=true/ {print $3}')"

python3 - "$WORK/a.png" "$WORK/b.png" "$RUNS" "$OURS_AA_OFF" "$OURS_AA_ON" <<'EOF'
import statistics, struct, sys, time, zlib
from importlib.metadata import version
import blazediff, numpy as np
from pixelmatch import pixelmatch

path_a, path_b, runs, ours_off, ours_on = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])

def blaze(antialiasing):
    return blazediff.compare(path_a, path_b, None, threshold=0.1, antialiasing=antialiasing).diff_count

# blazediff's antialiasing=True detects and skips anti-aliased pixels: pixelmatch's includeAA=false.
times = []
for _ in range(runs):
    start = time.perf_counter()
    blaze(True)
    times.append((time.perf_counter() - start) * 1000)
print(f"blazediff {version('blazediff')}: {statistics.median(times):.1f} ms median of {runs} "
      f"(PyPI wheel, called in-process: read + decode both + diff, anti-aliasing detection on)")

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
print(f"differing pixels at threshold 0.1 (reference: Python pixelmatch {version('pixelmatch')})")
print(f"{'includeAA':<10} {'ours':>8} {'pixelmatch':>11} {'blazediff':>10}")
for include_aa, ours in ((False, ours_off), (True, ours_on)):
    start = time.perf_counter()
    reference = pixelmatch(a, b, width, height, threshold=0.1, includeAA=include_aa)
    seconds = time.perf_counter() - start
    other = blaze(not include_aa)
    verdict = "ok" if ours == reference else "MISMATCH"
    failed |= ours != reference
    print(f"{str(include_aa).lower():<10} {ours:>8} {reference:>11} {other:>10}   {verdict} "
          f"(Python pixelmatch took {seconds:.1f} s)")
sys.exit(1 if failed else 0)
EOF

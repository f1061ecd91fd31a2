#!/usr/bin/env python3
"""Expected pixelmatch counts for Tests/ImageDiffTests/CrossCheckTests.swift.

The test builds the same small images with the same integer-only generator (SplitMix64,
integer disc coverage), so the reference `pixelmatch` package (PyPI, a port of
mapbox/pixelmatch 5) can count them here. Run `pip install pixelmatch` and then
`python3 scripts/pixelmatch-crosscheck.py`; paste the printed counts and
CRC-32s of the default diff images into the test.
"""
import math
import zlib
from pixelmatch import pixelmatch

MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n


def solid(w, h, color):
    return bytearray(color * (w * h))


def disc(img, w, h, cx, cy, r, fg):
    """Anti-aliased disc; center and radius in 1/16 pixel, coverage ramps over one pixel."""
    for y in range(h):
        for x in range(w):
            dx, dy = x * 16 + 8 - cx, y * 16 + 8 - cy
            d = math.isqrt(dx * dx + dy * dy)
            cov = (r + 8 - d) * 255 // 16 if r + 8 > d else 0
            cov = min(cov, 255)
            if cov == 0:
                continue
            p = (y * w + x) * 4
            for c in range(3):
                img[p + c] = (fg[c] * cov + img[p + c] * (255 - cov) + 127) // 255


def rect(img, w, x0, y0, x1, y1, color):
    for y in range(y0, y1):
        for x in range(x0, x1):
            p = (y * w + x) * 4
            img[p:p + 4] = bytes(color)


def case_disc():
    w, h = 48, 40
    a, b = solid(w, h, (242, 242, 247, 255)), solid(w, h, (242, 242, 247, 255))
    disc(a, w, h, 20 * 16 + 5, 18 * 16 + 3, 11 * 16, (30, 120, 250))
    disc(b, w, h, 20 * 16 + 11, 18 * 16 + 3, 11 * 16, (30, 120, 250))
    rect(a, w, 4, 31, 13, 37, (200, 40, 40, 255))
    rect(b, w, 4, 31, 13, 37, (201, 41, 40, 255))  # under every threshold tested
    rect(a, w, 36, 2, 44, 9, (20, 20, 20, 255))
    rect(b, w, 37, 2, 45, 9, (20, 20, 20, 255))  # moved one pixel right
    rng = SplitMix64(7)
    for _ in range(3):
        p = rng.below(w * h) * 4
        b[p] = rng.below(256)
    return w, h, a, b


def case_text():
    w, h = 40, 32
    rng = SplitMix64(42)
    a = solid(w, h, (255, 255, 255, 255))
    for y in range(8, 20):
        for x in range(5, 35):
            if rng.below(4) == 0:
                v = rng.below(256)
                a[(y * w + x) * 4:(y * w + x) * 4 + 3] = bytes((v, v, v))
    for y in range(24, 32):
        for x in range(w):
            a[(y * w + x) * 4 + 3] = rng.below(256)
    b = bytearray(a)
    for i in range(w * h):
        if rng.below(20) == 0:
            p = i * 4 + rng.below(4)
            b[p] = (b[p] + 30 + rng.below(60)) % 256
    return w, h, a, b


def case_noise():
    w, h = 24, 24
    rng = SplitMix64(2024)
    a = bytearray(rng.below(256) for _ in range(w * h * 4))
    b = bytearray(a)
    for i in range(w * h):
        if rng.below(10) == 0:
            for c in range(4):
                b[i * 4 + c] = rng.below(256)
    return w, h, a, b


if __name__ == "__main__":
    thresholds = (0.05, 0.1, 0.2)
    for name, case in (("disc", case_disc), ("text", case_text), ("noise", case_noise)):
        w, h, a, b = case()
        counts = [pixelmatch(bytes(a), bytes(b), w, h, threshold=t, includeAA=aa)
                  for t in thresholds for aa in (False, True)]
        diff = bytearray(w * h * 4)
        pixelmatch(bytes(a), bytes(b), w, h, diff)
        print(f'"{name}": {counts},  // thresholds {thresholds} x includeAA (false, true)')
        print(f'    diff image CRC-32 (defaults): {zlib.crc32(diff):#010x}')

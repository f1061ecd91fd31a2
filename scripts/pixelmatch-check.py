#!/usr/bin/env python3
"""Checks shotter's differing-pixel counts for two PNGs against the reference pixelmatch.

    python3 scripts/pixelmatch-check.py A.png B.png COUNT COUNT_AA [THRESHOLD]

COUNT and COUNT_AA are shotter's counts with includeAA false and true (threshold 0.1 unless
given). The PNGs are read here with zlib and numpy, not with shotter's decoder, and counted
by the PyPI `pixelmatch` package (a port of mapbox/pixelmatch 5), so the check stays
independent of the code it checks. It reads every PNG shotter's encoder writes: 8-bit RGB or
RGBA, not interlaced, any row filters, the pixel data split over any number of IDAT chunks.

Exit status: 0 when both counts equal pixelmatch's, 1 when one differs, 2 when the check
cannot be made (a missing Python package, an unreadable or unsupported PNG, bad arguments):
a check that did not run must never look like one that passed.
"""
import struct
import sys
import zlib


class CannotCheck(Exception):
    pass


def unfilter(rows, bpp):
    """Undoes the PNG row filters in place; `rows` is height x (1 + row bytes), uint8."""
    import numpy as np

    height, stride = rows.shape[0], rows.shape[1] - 1
    previous = np.zeros(stride, dtype=np.uint8)
    for y in range(height):
        kind, row = rows[y, 0], rows[y, 1:]
        if kind == 0:
            pass
        elif kind == 1:  # Sub: running sums of the bytes bpp apart
            row[:] = np.cumsum(row.reshape(-1, bpp), axis=0, dtype=np.uint8).reshape(-1)
        elif kind == 2:  # Up
            row += previous
        elif kind in (3, 4):  # Average, Paeth: each byte depends on the one to its left
            up = previous.tolist()
            out = row.tolist()
            for i in range(stride):
                left = out[i - bpp] if i >= bpp else 0
                if kind == 3:
                    predictor = (left + up[i]) // 2
                else:
                    up_left = up[i - bpp] if i >= bpp else 0
                    p = left + up[i] - up_left
                    pa, pb, pc = abs(p - left), abs(p - up[i]), abs(p - up_left)
                    predictor = left if pa <= pb and pa <= pc else up[i] if pb <= pc else up_left
                out[i] = (out[i] + predictor) & 0xFF
            row[:] = out
        else:
            raise CannotCheck(f"unknown filter type {kind} in row {y}")
        previous = row
    return rows[:, 1:]


def read_png(path):
    """Returns (width, height, RGBA bytes) of an 8-bit RGB or RGBA, non-interlaced PNG."""
    import numpy as np

    try:
        data = open(path, "rb").read()
    except OSError as error:
        raise CannotCheck(f"cannot read {path}: {error.strerror}")
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise CannotCheck(f"{path}: not a PNG file")
    header, idat, pos = None, [], 8
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        pos += 12 + length
    if header is None or not idat:
        raise CannotCheck(f"{path}: no IHDR or no IDAT chunk")
    width, height, depth, color, _, _, interlace = header
    channels = {2: 3, 6: 4}.get(color)
    if depth != 8 or channels is None or interlace != 0:
        raise CannotCheck(f"{path}: unsupported PNG (bit depth {depth}, color type {color}, "
                          f"interlace {interlace}); expected 8-bit RGB or RGBA, not interlaced")
    try:
        raw = zlib.decompress(b"".join(idat))
    except zlib.error as error:
        raise CannotCheck(f"{path}: bad image data: {error}")
    stride = width * channels
    if len(raw) < height * (1 + stride):
        raise CannotCheck(f"{path}: image data ends early")
    rows = np.frombuffer(raw, dtype=np.uint8)[:height * (1 + stride)].reshape(height, 1 + stride).copy()
    pixels = unfilter(rows, channels).reshape(height, width, channels)
    if channels == 3:
        pixels = np.concatenate([pixels, np.full((height, width, 1), 255, dtype=np.uint8)], axis=2)
    return width, height, pixels.tobytes()


def main(argv):
    if len(argv) not in (5, 6):
        raise CannotCheck("usage: pixelmatch-check.py A.png B.png COUNT COUNT_AA [THRESHOLD]")
    try:
        ours = {False: int(argv[3]), True: int(argv[4])}
        threshold = float(argv[5]) if len(argv) == 6 else 0.1
    except ValueError:
        raise CannotCheck("COUNT, COUNT_AA and THRESHOLD must be numbers")
    try:
        from importlib.metadata import version
        from pixelmatch import pixelmatch
        import numpy  # noqa: F401 (read_png needs it)
    except ImportError as error:
        raise CannotCheck(f"{error.name} is not installed (python3 -m pip install pixelmatch==0.4.0 numpy)")
    width, height, a = read_png(argv[1])
    width_b, height_b, b = read_png(argv[2])
    if (width, height) != (width_b, height_b):
        raise CannotCheck(f"sizes differ: {width}x{height} and {width_b}x{height_b}")

    print(f"differing pixels, threshold {threshold} (reference: Python pixelmatch {version('pixelmatch')})")
    print(f"  {'includeAA':<10} {'ours':>8} {'pixelmatch':>11}")
    failed = False
    for include_aa in (False, True):
        reference = pixelmatch(a, b, width, height, threshold=threshold, includeAA=include_aa)
        failed |= ours[include_aa] != reference
        print(f"  {str(include_aa).lower():<10} {ours[include_aa]:>8} {reference:>11}   "
              + ("same" if ours[include_aa] == reference else "MISMATCH"))
    return 1 if failed else 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except CannotCheck as error:
        print(f"pixelmatch-check: cannot check: {error}", file=sys.stderr)
        sys.exit(2)

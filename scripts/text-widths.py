#!/usr/bin/env python3
"""Compares shotter's text widths with real iOS screenshots (issue 13, docs/decisions.md "Fonts").

    python3 scripts/text-widths.py [--ios-real DIR] [--shotter PATH] [--swift]

For each case of DIR (default: shared/ios-real next to the repository's folder; the list
below names its reference texts, their font and where on the row they sit), renders the case's stream with shotter at the screenshot's scale,
finds the same texts in both images and measures the ink width of every word and of the whole
line. Prints one row per word and line: case, iOS version, text, font size, iOS and shotter
widths in points and the difference in percent, then the median and largest absolute
difference of the words of the iOS 17 and 18 cases per font size (the iOS 26 and iOS 13 cases
are reported, not summarised: docs/decisions.md says why). `--swift` prints the iOS word widths
of every case as the Swift array `IOSTextWidthTests` checks the font model against.

Text is found without OCR: ink is a pixel darker and less saturated than the background;
a text's line is the next band of ink rows (below the previous text's, or the same band when
two texts share a row) that holds ink in the text's column range and splits into as many words
as the text has. Words are separated by ink gaps wider than about 0.2 em (`GAPS`). Edges are placed to a
fraction of a pixel from the ink coverage of the edge columns, so widths are good to about
0.1 pt at scale 3.

Exit status: 0 when the table was printed; 2 when it could not be made (no shotter binary, a
case or a text not found).
"""
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("pixelmatch_check", os.path.join(HERE, "pixelmatch-check.py"))
_pixelmatch_check = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_pixelmatch_check)

# (text, point size, weight, leftmost x, rightmost x) in points: where on its row a text is looked for.
WIDE = (0, 10_000)
# swift-snapshot-testing's device configurations (every case but a11y-list-sections) set the
# content size category to Medium: body text is 16 pt there, as the letters' heights confirm.
CASES = [
    # name, iOS version, reference image, shotter --device, --dynamic-type, texts, and options:
    # "colored" (text may be colored ink, not only gray), "stream" (instead of the case's own)
    ("a11y-list-sections", "17.5", "reference.png", "393x852@3", "large", [
        ("ACCOUNTS", 13, "regular", *WIDE), ("Checking", 17, "regular", *WIDE), ("Savings", 17, "regular", *WIDE),
        ("Tap an account to view details", 13, "regular", *WIDE), ("BILLS", 13, "regular", *WIDE),
        ("Electric", 17, "regular", *WIDE), ("Internet", 17, "regular", *WIDE), ("Due this month", 13, "regular", *WIDE)]),
    ("a11y-list-sections", "18.5", "reference-ios18.png", "402x874@3", "large", [
        ("ACCOUNTS", 13, "regular", *WIDE), ("Checking", 17, "regular", *WIDE), ("Savings", 17, "regular", *WIDE),
        ("Tap an account to view details", 13, "regular", *WIDE), ("BILLS", 13, "regular", *WIDE),
        ("Electric", 17, "regular", *WIDE), ("Internet", 17, "regular", *WIDE), ("Due this month", 13, "regular", *WIDE)]),
    ("hello-world", "17", "reference.png", "390x844@3", "medium", [("Hello, world!", 16, "regular", *WIDE)]),
    ("labeled-content", "18", "reference.png", "390x844@3", "medium", [
        ("Clean", 16, "regular", 0, 195), ("Code", 16, "regular", 195, 390)]),
    ("lazy-text", "18", "reference.png", "390x844@3", "medium", [
        ("A Handbook of Agile Software Craftsmanship", 16, "regular", *WIDE),
        ("by Robert C. Martin", 16, "regular", *WIDE), ("Clean Code", 16, "regular", *WIDE)]),
    ("pf-checked", "13", "reference.png", "320x568@2", "medium", [("Checked", 16, "regular", 136, 320)]),
    ("list-row", "26", "reference.png", "390x844@3", "medium", [
        ("San Francisco", 16, "regular", 0, 200), ("20 °C, Sunny", 16, "regular", 200, 390)]),
    ("list-header", "26", "reference.png", "390x844@3", "medium", [
        ("Create a new Account", 27, "bold", *WIDE)]),  # the body below wraps differently
    ("menu-picker", "26", "reference.png", "390x844@3", "medium", [("Clean Code", 16, "regular", 0, 250)]),
    # shotter draws these button rows in the accent color (iOS: primary, from `.tint(.primary)`
    # on the label): found as colored ink, left of the checkmarks. The header is left out: iOS
    # 26 no longer capitalizes it.
    ("inline-picker", "26", "reference.png", "390x844@3", "medium", [
        ("Option 1", 16, "regular", 0, 300), ("Option 2", 16, "regular", 0, 300)], {"colored": True}),
    # iOS puts LabeledContent's value under its label at accessibility sizes; the case's stream
    # keeps the row horizontal, so shotter wraps both texts. The stream with iOS's layout
    # (source.md, "stream-vertical.jsonl") is in the repository: it isolates the widths.
    ("list-row-xa3", "26", "reference.png", "390x844@3", "accessibility3", [
        ("San Francisco", 40, "regular", *WIDE), ("20 °C, Sunny", 40, "regular", *WIDE)],
     {"stream": os.path.join(HERE, "..", "Tests", "Fixtures", "ios-real", "list-row-xa3-vertical.jsonl")}),
]

# Word gaps tried, in em, until a line splits into as many words as its text: a space is
# about 0.25 em of ink gap, letters of capitals or with tracking up to about 0.18 em.
GAPS = (0.2, 0.24, 0.17, 0.28)

# The versions whose widths the font model is fitted to and checked against.
CALIBRATED = ("17", "18")


class CannotMeasure(Exception):
    pass


def load(path):
    width, height, data = _pixelmatch_check.read_png(path)
    return np.frombuffer(data, dtype=np.uint8).reshape(height, width, 4)[:, :, :3].astype(float)


def bands(image, scale, left, right, colored=False):
    """(top, bottom) pixel rows of each run of rows holding ink between `left` and `right` points
    (dark gray ink, or any dark ink when `colored`)."""
    part = image[:, int(left * scale):int(min(right * scale, image.shape[1]))]
    luminance = part.mean(axis=2)
    saturation = part.max(axis=2) - part.min(axis=2)
    rows = ((luminance < 170) & (colored | (saturation < 100))).any(axis=1)
    found, top = [], None
    for y, ink in enumerate(list(rows) + [False]):
        if ink and top is None:
            top = y
        elif not ink and top is not None:
            # Rows at the image's edges may be cut lines; bands under 6 pt are rules and borders.
            if top > 0 and y < image.shape[0] and y - top >= 6 * scale:
                found.append((top, y))
            top = None
    return found


def words(image, scale, band, left, right, size, gap_em):
    """Ink extents (x0, x1) in pixels, fractional, of the words of one band: runs of ink
    separated by gaps wider than `gap_em`."""
    top, bottom = band
    x0, x1 = int(left * scale), int(min(right * scale, image.shape[1]))
    margin = max(1, int(scale))
    part = image[max(0, top - margin):bottom + margin, x0:x1]
    luminance = part.mean(axis=2)
    background = luminance.max(axis=0)  # per column: tinted boxes and borders are background too
    darkest = luminance.min()
    coverage = np.clip((background - luminance) / np.maximum(1.0, background - darkest), 0, 1).max(axis=0)
    ink = np.where(coverage >= 0.5)[0]
    if len(ink) == 0:
        return []
    gap = gap_em * size * scale
    groups, start = [], ink[0]
    for a, b in zip(ink[:-1], ink[1:]):
        if b - a > gap:
            groups.append((start, a))
            start = b
    groups.append((start, ink[-1]))

    def spill(column):
        # A neighbour below the threshold still holds a sliver of the glyph.
        return coverage[column] if 0 <= column < len(coverage) and coverage[column] < 0.5 else 0

    return [(x0 + a + (1 - coverage[a]) - spill(a - 1), x0 + b + coverage[b] + spill(b + 1)) for a, b in groups]


def find(image, scale, text, size, left, right, after, colored):
    """The first band starting at or below row `after` (below it when `after` is negative:
    texts in the same columns take a band each) where `text` is, and its words' extents."""
    count = len(text.split())
    for band in bands(image, scale, left, right, colored):
        if band[0] < abs(after) or (after < 0 and band[0] == -after):
            continue
        for gap_em in GAPS:
            extents = words(image, scale, band, left, right, size, gap_em)
            if len(extents) == count:
                return band, extents
    return None, None


def measure(image, scale, texts, colored=False):
    """{text: [(word, width in points)] + [(text, line width)]} for the texts found in order."""
    found, after, columns = {}, 0, None
    for text, size, _, left, right in texts:
        same_columns = columns == (left, right)
        band, extents = find(image, scale, text, size, left, right, -after if same_columns else after, colored)
        if band is None:
            continue
        after, columns = band[0], (left, right)
        names = text.split()
        found[text] = [(w, (b - a) / scale) for w, (a, b) in zip(names, extents)]
        if len(names) > 1:
            found[text].append((text, (extents[-1][1] - extents[0][0]) / scale))
    return found


def render(shotter, stream, device, dynamic_type, out):
    result = subprocess.run([shotter, "render", stream, "-o", out, "--device", device,
                             "--dynamic-type", dynamic_type, "--format", "png"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise CannotMeasure(f"shotter render {stream}: {result.stderr.strip()}")
    return result.stdout.split()[-1]


def main(argv):
    ios_real = os.path.join(HERE, "..", "..", "shared", "ios-real")
    shotter = os.path.join(HERE, "..", ".build", "debug", "shotter")
    swift = "--swift" in argv
    if "--ios-real" in argv:
        ios_real = argv[argv.index("--ios-real") + 1]
    if "--shotter" in argv:
        shotter = argv[argv.index("--shotter") + 1]
    if not os.path.isdir(ios_real):
        raise CannotMeasure(f"no reference folder at {ios_real}: pass --ios-real DIR")
    if not os.access(shotter, os.X_OK):
        raise CannotMeasure(f"no shotter binary at {shotter}: run swift build")

    rows, swift_rows = [], []
    with tempfile.TemporaryDirectory() as out:
        for name, version, reference, device, dynamic_type, texts, *rest in CASES:
            options = rest[0] if rest else {}
            colored = options.get("colored", False)
            folder = os.path.join(ios_real, name)
            scale = float(device.split("@")[1])
            ios = measure(load(os.path.join(folder, reference)), scale, texts, colored)
            png = render(shotter, options.get("stream", os.path.join(folder, "stream.jsonl")), device, dynamic_type,
                         os.path.join(out, f"{name}-{version}"))
            ours = measure(load(png), scale, texts, colored)
            for text, size, weight, _, _ in texts:
                if text not in ios or text not in ours:
                    raise CannotMeasure(f"{name} (iOS {version}): {text!r} not found in the "
                                        f"{'iOS' if text not in ios else 'shotter'} image")
                for (word, a), (_, b) in zip(ios[text], ours[text]):
                    rows.append((name, version, word, size, weight, a, b, 100 * (b - a) / a))
                    if word in text.split():
                        swift_rows.append((name, version, word, size, weight, a))

    if swift:
        for name, version, word, size, weight, width in swift_rows:
            print(f'        .init(case: "{name}", iOS: "{version}", word: {json.dumps(word, ensure_ascii=False)}, '
                  f'size: {size}, weight: .{weight}, width: {width:.2f}),')
        return 0

    print("| case | iOS | text | size | iOS pt | shotter pt | difference |")
    print("|---|---|---|---|---|---|---|")
    for name, version, word, size, weight, a, b, diff in rows:
        style = f"{size:g}" + ("" if weight == "regular" else f" {weight}")
        print(f"| {name} | {version} | {word} | {style} | {a:.1f} | {b:.1f} | {diff:+.1f} % |")
    print()
    calibrated = [r for r in rows if r[1].split(".")[0] in CALIBRATED and " " not in r[2]]
    for size in sorted({r[3] for r in calibrated}):
        diffs = [abs(r[7]) for r in calibrated if r[3] == size]
        print(f"iOS 17/18 words at {size:g} pt: {len(diffs)}, median |difference| "
              f"{statistics.median(diffs):.1f} %, largest {max(diffs):.1f} %")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except CannotMeasure as error:
        print(f"text-widths: {error}", file=sys.stderr)
        sys.exit(2)

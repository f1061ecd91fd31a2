#!/usr/bin/env python3
"""Writes the picture fixtures: the test asset catalog (Tests/Fixtures/Test.xcassets) and the
example screens' catalog, photos and bitmaps (Examples/Assets, Examples/Images). Every file is
drawn here from code, so the repository holds no picture it cannot regenerate:
    python3 scripts/make-image-fixtures.py
It also writes the example streams of issue 12 (product page, photo editor, QR code, profile and
the multilingual Languages list), with the same stream writer.
The QR code of Examples/QRCode.jsonl needs `pip install qrcode` (only when regenerating it)."""
import base64, json, math, os, struct, zlib

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def png(width, height, pixel):
    """A PNG of width x height RGBA pixels, pixel(x, y) -> (r, g, b, a) bytes."""
    rows = b"".join(b"\0" + bytes(c for x in range(width) for c in pixel(x, y)) for y in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def solid(rgba):
    return lambda x, y: rgba


def write(path, data):
    path = os.path.join(ROOT, path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)


def contents(path, obj):
    write(os.path.join(path, "Contents.json"), json.dumps(obj, indent=2, sort_keys=True) + "\n")


INFO = {"author": "xcode", "version": 1}


def imageset(path, files):
    """files: [(filename, scale or None, bytes)]"""
    images = []
    for name, scale, data in files:
        entry = {"filename": name, "idiom": "universal"}
        if scale:
            entry["scale"] = scale
        images.append(entry)
        write(os.path.join(path, name), data)
    contents(path, {"images": images, "info": INFO})


def colorset(path, light, dark=None):
    def entry(c, appearance=None):
        e = {"color": {"color-space": "srgb", "components": c}, "idiom": "universal"}
        if appearance:
            e["appearances"] = [{"appearance": "luminosity", "value": appearance}]
        return e
    colors = [entry(light)] + ([entry(dark, "dark")] if dark else [])
    contents(path, {"colors": colors, "info": INFO})


def rgb(r, g, b, a="1.000"):
    return {"red": r, "green": g, "blue": b, "alpha": a}


def webp(width, height, color):
    """A lossless WebP of one color: every prefix code has a single symbol, so each pixel takes
    no bits and the stream is only the header and the codes (WebP lossless bitstream spec)."""
    bits = []
    def put(value, count):
        bits.extend((value >> i) & 1 for i in range(count))
    r, g, b, a = color
    put(width - 1, 14); put(height - 1, 14); put(1 if a < 255 else 0, 1); put(0, 3)  # size, alpha, version
    put(0, 1); put(0, 1); put(0, 1)  # no transform, no color cache, no meta prefix codes
    for symbol in (g, r, b, a, 0):  # green, red, blue, alpha, distance: simple codes of one 8-bit symbol
        put(1, 1); put(0, 1); put(1, 1); put(symbol, 8)
    data = bytes([0x2F]) + bytes(sum(bit << i for i, bit in enumerate(bits[j:j + 8])) for j in range(0, len(bits), 8))
    chunk = b"VP8L" + struct.pack("<I", len(data)) + data + (b"\0" if len(data) % 2 else b"")
    return b"RIFF" + struct.pack("<I", 4 + len(chunk)) + b"WEBP" + chunk


def pdf(width, height, content):
    """A one-page PDF of `width` x `height` points drawing `content` (PDF operators, y up)."""
    stream = content.encode()
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Contents 4 0 R /Resources << >> >>" % (width, height),
               b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream"]
    out = b"%PDF-1.4\n"
    offsets = []
    for i, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1) + b"".join(b"%010d 00000 n \n" % o for o in offsets)
    return out + b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)


def circle(cx, cy, r):
    """A circle as four Bezier curves, in PDF operators."""
    k = round(0.5523 * r, 3)
    points = [(r, 0), (r, k), (k, r), (0, r), (-k, r), (-r, k), (-r, 0), (-r, -k), (-k, -r), (0, -r), (k, -r), (r, -k), (r, 0)]
    xy = [f"{cx + dx:g} {cy + dy:g}" for dx, dy in points]
    return f"{xy[0]} m " + "".join(f"{xy[i]} {xy[i + 1]} {xy[i + 2]} c " for i in (1, 4, 7, 10))


def test_catalog():
    base = "Tests/Fixtures/Test.xcassets"
    contents(base, {"info": INFO})
    # 2x is chosen: 40 x 20 pixels are 20 x 10 points, blue.
    imageset(f"{base}/Logo.imageset", [("logo.png", "1x", png(20, 10, solid((255, 0, 0, 255)))),
                                        ("logo@2x.png", "2x", png(40, 20, solid((0, 0, 255, 255)))),
                                        ("logo@3x.png", "3x", png(60, 30, solid((0, 255, 0, 255))))])
    imageset(f"{base}/OnlyThree.imageset", [("three@3x.png", "3x", png(30, 30, solid((0, 128, 0, 255))))])
    imageset(f"{base}/Vector.imageset", [("vector.svg", None, b'<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20">'
                                           b'<rect width="30" height="20" fill="#ff8000"/></svg>\n')])
    # Left half red, top right quarter blue (PDF's y is up), bottom right empty.
    imageset(f"{base}/Doc.imageset", [("doc.pdf", None, pdf(50, 40, "1 0 0 rg 0 0 25 40 re f 0 0 1 rg 25 20 25 20 re f"))])
    imageset(f"{base}/Bad.imageset", [("bad.png", "1x", b"not a picture")])
    contents(f"{base}/Food", {"info": INFO, "properties": {"provides-namespace": True}})
    imageset(f"{base}/Food/Pizza.imageset", [("pizza.png", "1x", png(12, 8, solid((255, 160, 0, 255))))])
    colorset(f"{base}/Food/Sauce.colorset", rgb("0.800", "0.100", "0.100"))
    contents(f"{base}/Misc", {"info": INFO})
    imageset(f"{base}/Misc/Badge.imageset", [("badge.png", "1x", png(6, 6, solid((0, 0, 0, 255))))])
    write(f"{base}/Star.symbolset/star.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">'
          '<rect x="0" y="0" width="20" height="20" fill="#000"/></svg>\n')
    contents(f"{base}/Star.symbolset", {"info": INFO, "symbols": [{"filename": "star.svg", "idiom": "universal"}]})
    # Xcode's SF Symbols template: guides and one glyph per weight and scale; Regular-M is drawn.
    write(f"{base}/Drop.symbolset/drop.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="3300" height="2200">'
          '<g id="Guides"><path id="Baseline-M" d="M0 1000 H3300" stroke="#000"/></g><g id="Symbols">'
          '<g id="Ultralight-S"><rect x="100" y="100" width="80" height="80"/></g>'
          '<g id="Regular-M"><rect x="1000" y="600" width="100" height="50"/></g></g></svg>\n')
    contents(f"{base}/Drop.symbolset", {"info": INFO, "symbols": [{"filename": "drop.svg", "idiom": "universal"}]})
    colorset(f"{base}/Brand.colorset", rgb("0xC2", "0x10", "0x20"), rgb("0.439", "0.600", "1.000"))
    colorset(f"{base}/Ints.colorset", rgb("255", "128", "0", "0.500"))
    # An `imagedata` file only the WebP loader (webp-pixbuf-loader) decodes.
    write("Tests/Fixtures/solid.webp", webp(4, 2, (0, 128, 255, 255)))


def lerp(a, b, t):
    t = min(max(t, 0), 1)
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(len(a)))


def photo(x, y, w=160, h=120):
    """A small landscape: sky, sun, hills and a lake, to run Core Image steps on."""
    sky = lerp((70, 130, 210), (250, 200, 150), y / (h * 0.6))
    if (x - 112) ** 2 + (y - 34) ** 2 < 13 ** 2:
        return (255, 230, 120, 255)
    hill = h * 0.55 + 10 * math.sin(x / 17) + 6 * math.sin(x / 7 + 1)
    if y > h * 0.8:
        shade = 0.85 + 0.15 * math.sin(y * 1.3 + x / 9)
        return tuple(round(c * shade) for c in (50, 110, 170)) + (255,)
    if y > hill:
        return lerp((70, 140, 60), (30, 80, 40), (y - hill) / (h * 0.3)) + (255,)
    return sky + (255,)


def example_assets():
    base = "Examples/Assets/Shop.xcassets"
    contents(base, {"info": INFO})
    contents(f"{base}/Products", {"info": INFO, "properties": {"provides-namespace": True}})
    sneaker = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200" viewBox="0 0 300 200">'
        '<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#FDE8D8"/>'
        '<stop offset="1" stop-color="#F6C9A8"/></linearGradient></defs>'
        '<rect width="300" height="200" fill="url(#bg)"/>'
        '<ellipse cx="150" cy="160" rx="110" ry="12" fill="#000" fill-opacity="0.12"/>'
        '<path d="M50 150 C50 120 70 95 100 90 L150 80 C170 100 200 110 240 118 C262 122 268 140 262 152 Z" fill="#E4572E"/>'
        '<path d="M46 148 L266 150 L264 162 L48 162 Z" fill="#FFFFFF"/>'
        '<path d="M100 90 L150 80 L160 92 L108 104 Z" fill="#FFFFFF" fill-opacity="0.85"/>'
        '<path d="M120 100 L200 118 M115 110 L205 126" stroke="#FFFFFF" stroke-width="4" stroke-linecap="round"/>'
        '</svg>\n')
    imageset(f"{base}/Products/Sneaker.imageset", [("sneaker.svg", None, sneaker.encode())])
    def logo(x, y, n=64):
        d = math.hypot(x - n / 2 + 0.5, y - n / 2 + 0.5)
        if d > n / 2:
            return (0, 0, 0, 0)
        inner = abs(x - n / 2) < n * 0.12 or abs(y - n / 2) < n * 0.12
        return (255, 255, 255, 255) if inner and d < n * 0.33 else lerp((228, 87, 46), (190, 40, 80), y / n) + (255,)
    imageset(f"{base}/Logo.imageset", [("logo@2x.png", "2x", png(64, 64, logo))])
    # A vector PDF, as Xcode projects often keep their badges: a green seal with a white check.
    imageset(f"{base}/Recycled.imageset", [("recycled.pdf", None, pdf(28, 28, "0.18 0.62 0.36 rg " + circle(14, 14, 14) + "f "
                                                                      "1 1 1 RG 2.6 w 1 J 1 j 8 14.5 m 12.2 10 l 20 18.5 l S"))])
    write(f"{base}/Bag.symbolset/bag.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">'
          '<path d="M5 8 H19 L18 21 H6 Z" fill="#000"/><path d="M9 8 V6 A3 3 0 0 1 15 6 V8" fill="none" stroke="#000" '
          'stroke-width="2"/></svg>\n')
    contents(f"{base}/Bag.symbolset", {"info": INFO, "symbols": [{"filename": "bag.svg", "idiom": "universal"}]})
    colorset(f"{base}/Brand.colorset", rgb("0xE4", "0x57", "0x2E"), rgb("0xFF", "0x7A", "0x50"))
    colorset(f"{base}/CardBackground.colorset", rgb("0xFF", "0xF5", "0xEE"), rgb("0.170", "0.140", "0.130"))
    colorset(f"{base}/PriceTag.colorset", rgb("38", "110", "70"), rgb("120", "210", "150"))
    # The profile's AsyncImage, found by its URL's last path component in Examples/Images.
    def avatar(x, y, n=96):
        head = (x - 48) ** 2 + (y - 38) ** 2 < 17 ** 2
        body = (x - 48) ** 2 / 34 ** 2 + (y - 100) ** 2 / 36 ** 2 < 1
        return (250, 220, 190, 255) if head else (60, 90, 160, 255) if body else lerp((160, 200, 230), (120, 170, 210), y / n) + (255,)
    write("Examples/Images/avatar-42.png", png(96, 96, avatar))


class Stream:
    """Ops as a headless run prints them: one JSON object per line, keys sorted."""
    def __init__(self):
        self.lines, self.next = [], 1

    def op(self, **fields):
        self.lines.append(json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=False))

    def node(self, kind, props=None, children=()):
        id = self.next
        self.next += 1
        self.op(op="create", id=id, kind=kind, props=props or {})
        for i, child in enumerate(children):
            self.op(op="insert", parent=id, id=child, index=i)
        return id

    def styled(self, child, **style):
        return self.node("styled", {"style": style}, [child])

    def text(self, text, **style):
        t = self.node("text", {"text": text})
        return self.styled(t, **style) if style else t

    def screen(self, root, path):
        self.op(op="insert", parent=0, id=root, index=0)
        self.op(op="commit")
        write(path, "\n".join(self.lines) + "\n")


def vstack(s, children, spacing=8, alignment="center"):
    return s.node("vstack", {"alignment": alignment, "spacing": spacing}, children)


def hstack(s, children, spacing=8, alignment="center"):
    return s.node("hstack", {"alignment": alignment, "spacing": spacing}, children)


def navigation(s, title, content, mode="inline"):
    screen = s.node("navscreen", {"depth": 0, "displayMode": mode, "title": title}, [content])
    return s.node("navstack", {}, [screen])


FIT = {"contentMode": "fit", "ratio": None}
FILL = {"contentMode": "fill", "ratio": None}
PAD16 = {"bottom": 16, "leading": 16, "top": 16, "trailing": 16}


def product_page():
    """Catalog images (a namespaced SVG hero, a 2x PNG logo, a symbol set) and catalog colors."""
    s = Stream()
    hero = s.styled(s.node("image", {"name": "Products/Sneaker", "resizable": True}), aspectRatio=FIT)
    card = s.styled(s.styled(hero, padding=PAD16, frame={"maxWidth": "infinity"}),
                    background={"named": "CardBackground"}, cornerRadius=16)
    logo = s.styled(s.node("image", {"name": "Logo", "resizable": False}), frame={"width": 32, "height": 32})
    brand = hstack(s, [logo, s.text("Trailhead", font={"textStyle": "headline"}), s.node("spacer", {}),
                       s.text("$129", font={"textStyle": "title3", "weight": "bold"}, foreground={"named": "PriceTag"})])
    name = hstack(s, [s.text("Trail Runner 2", font={"textStyle": "title", "weight": "bold"}),
                      s.node("image", {"name": "Recycled", "resizable": False})])
    about = s.text("Light, grippy and ready for wet rock. Recycled mesh upper, a rock plate and a 6 mm drop.",
                   foreground={"name": "secondary"})
    label = hstack(s, [s.node("image", {"name": "Bag"}), s.node("text", {"text": "Add to Bag"})])
    button = s.node("button", {"role": None, "style": "automatic"},
                    [s.styled(label, frame={"maxWidth": "infinity"}, padding={"bottom": 14, "leading": 0, "top": 14, "trailing": 0},
                              background={"named": "Brand"}, cornerRadius=12, foreground={"name": "white"})])
    stack = s.styled(vstack(s, [card, brand, name, about, button], spacing=14, alignment="leading"), padding=PAD16)
    s.screen(navigation(s, "Shop", s.node("scrollview", {"axes": "vertical"}, [stack])), "Examples/ProductPage.jsonl")


def bitmap_image(s, source, steps, width=160, height=120, resizable=True):
    return s.node("image", {"bitmap": {"height": height, "source": source, "steps": steps, "width": width},
                            "height": height, "resizable": resizable, "width": width})


def photo_editor():
    """A photo sent once as an imagedata PNG, drawn through Core Image recipes."""
    s = Stream()
    s.op(op="imagedata", key="f5a1c0de2b7e9d001", width=160, height=120, mime="image/png",
         data=base64.b64encode(png(160, 120, photo)).decode())
    full = [{"op": "render", "x": 0, "y": 0, "width": 160, "height": 120}]
    edited = bitmap_image(s, "f5a1c0de2b7e9d001", [{"op": "sepiaTone", "intensity": 0.6},
                                                   {"op": "vignette", "intensity": 1.2, "radius": 1}] + full)
    main = s.styled(s.styled(edited, aspectRatio=FIT), cornerRadius=12)
    filters = [("Original", []), ("Blur", [{"op": "gaussianBlur", "radius": 4}]),
               ("Pixellate", [{"op": "pixellate", "center": [80, 60], "scale": 10}]),
               ("Crystal", [{"op": "crystallize", "center": [80, 60], "radius": 8}]),
               ("Edges", [{"op": "edges", "intensity": 4}]), ("Sharpen", [{"op": "unsharpMask", "radius": 2.5, "intensity": 1}])]
    cells = []
    for title, steps in filters:
        thumb = s.styled(s.styled(bitmap_image(s, "f5a1c0de2b7e9d001", steps + full), aspectRatio=FILL),
                         frame={"width": 96, "height": 72}, clipped=True, cornerRadius=8)
        cells.append(vstack(s, [thumb, s.text(title, font={"textStyle": "caption"})], spacing=4))
    rows = vstack(s, [hstack(s, cells[:3], spacing=12), hstack(s, cells[3:], spacing=12)], spacing=12)
    slider = hstack(s, [s.text("Intensity"), s.node("slider", {"labels": [], "max": 1, "min": 0, "step": None, "value": 0.6})])
    stack = s.styled(vstack(s, [main, slider, rows], spacing=16), padding=PAD16)
    s.screen(navigation(s, "Instafilter", s.node("scrollview", {"axes": "vertical"}, [stack])), "Examples/PhotoEditor.jsonl")


def qr_code():
    """Hot Prospects' QR code: a 27 x 27 gray pixel source drawn with interpolation none."""
    import qrcode
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=1)
    code.add_data("Anonymous\nyou@yoursite.com")
    code.make(fit=True)
    matrix = code.get_matrix()
    pixels = bytes(0 if dark else 255 for row in matrix for dark in row)
    n = len(matrix)
    s = Stream()
    s.op(op="imagedata", key="p0d565cf280fa70f5", width=n, height=n, format="gray", pixels=base64.b64encode(pixels).decode())
    image = s.node("image", {"bitmap": {"height": n, "source": "p0d565cf280fa70f5", "steps": [], "width": n},
                             "height": n, "interpolation": "none", "resizable": True, "width": n})
    qr = s.styled(s.styled(image, aspectRatio=FIT), frame={"width": 200, "height": 200})
    name = s.text("Anonymous", font={"textStyle": "title", "weight": "bold"})
    mail = s.text("you@yoursite.com", foreground={"name": "secondary"})
    stack = vstack(s, [name, mail, qr], spacing=12)
    s.screen(navigation(s, "Me", stack, mode="large"), "Examples/QRCode.jsonl")


def profile():
    """An AsyncImage whose URL resolves to Examples/Images/avatar-42.png through --images."""
    s = Stream()
    avatar = s.node("image", {"height": 96, "resizable": True, "url": "https://example.com/users/42/avatar-42.png", "width": 96})
    photo_ = s.styled(s.styled(avatar, aspectRatio=FILL), frame={"width": 120, "height": 120}, clipped=True, cornerRadius=60)
    cover = s.node("image", {"height": 200, "resizable": True, "url": "https://example.com/covers/unsent.jpg", "width": 390})
    banner = s.styled(cover, frame={"maxWidth": "infinity", "height": 120})
    name = s.text("Jordan Rivers", font={"textStyle": "title2", "weight": "bold"})
    handle = s.text("@jrivers · Portland", foreground={"name": "secondary"})
    bio = s.text("Trail runner, bread baker, occasional photographer.", multilineTextAlignment="center")
    stack = vstack(s, [banner, photo_, name, handle, s.styled(bio, padding={"bottom": 0, "leading": 24, "top": 0, "trailing": 24})],
                   spacing=10)
    s.screen(navigation(s, "Profile", s.node("scrollview", {"axes": "vertical"}, [stack])), "Examples/Profile.jsonl")


def languages():
    """A list of languages: each named in its own script beside its English name, over a phrase
    in it that wraps, mixes directions or has no spaces (issue 12, item 7)."""
    s = Stream()
    languages = [
        ("English", "English", "Hello, world! Pick the languages you read."),
        ("العربية", "Arabic", "مرحبا بالعالم! هذا نص عربي طويل يلتف على سطرين."),
        ("עברית", "Hebrew", "ברוכים הבאים ל-SwiftUI גרסה 17 עם טקסט דו-כיווני."),
        ("ไทย", "Thai", "ภาษาไทยไม่มีการเว้นวรรคระหว่างคำแต่ยังตัดบรรทัดได้"),
        ("हिन्दी", "Hindi", "नमस्ते दुनिया, यह देवनागरी में एक वाक्य है।"),
        ("한국어", "Korean", "안녕하세요, 세계!"),
        ("日本語", "Japanese", "こんにちは、世界！"),
        ("বাংলা", "Bengali", "ওহে বিশ্ব"),
        ("தமிழ்", "Tamil", "வணக்கம் உலகம்"),
        ("ქართული", "Georgian", "გამარჯობა, მსოფლიო"),
        ("Ελληνικά", "Greek", "Γειά σου Κόσμε"),
        ("Emoji", "Emoji", "Order #42: 3 × 🍩 = ١٢ درهم"),
    ]
    rows = []
    for i, (native, english, phrase) in enumerate(languages):
        title = hstack(s, [s.text(native, font={"textStyle": "headline"}), s.node("spacer", {}),
                           s.text(english, font={"textStyle": "subheadline"}, foreground={"name": "secondary"})])
        if i == 0:
            title = hstack(s, [title, s.styled(s.node("image", {"systemName": "checkmark"}), font={"textStyle": "body", "weight": "semibold"},
                                               foreground={"name": "accent"})], spacing=12)
        rows.append(vstack(s, [title, s.styled(s.text(phrase, font={"textStyle": "subheadline"}),
                                               frame={"alignment": "leading", "maxWidth": "infinity"})], spacing=2, alignment="leading"))
    section = s.node("section", {"footer": "Apps and websites will use the first language in this list that they support.",
                                 "header": "Preferred Languages"}, rows)
    lst = s.node("list", {"style": "insetGrouped"}, [section])
    s.screen(navigation(s, "Languages", lst, mode="large"), "Examples/Languages.jsonl")


if __name__ == "__main__":
    test_catalog()
    example_assets()
    product_page()
    photo_editor()
    qr_code()
    profile()
    languages()

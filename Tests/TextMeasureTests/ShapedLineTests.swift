import CCairo
import Testing
@testable import TextMeasure
import LayoutModel

/// Paint draws the lines layout measured, so drawing them reuses the glyph runs measuring
/// shaped (`PangoEngine.shapedLine`) instead of shaping each line again; the pixels are those
/// of shaping it afresh.
struct ShapedLineTests {
    let body = ResolvedFont(size: 17, lineHeight: 22)
    let title = ResolvedFont(size: 28, lineHeight: 34, weight: .bold)
    let texts = ["Donut Shop", "Glazed · 4 left", "Ünïcödé → ©", "Hello 世界 😀", "مرحبا بالعالم", "–"]

    /// Draws each line of `layouts` at 3x, one under the other, and returns the pixels.
    func pixels(of layouts: [(TextLayout, ResolvedFont)], painter: PangoTextPainter) throws -> [UInt8] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 900, 900)
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_scale(cr, 3, 3)
        var y = 0.0
        for (layout, font) in layouts {
            for line in layout.lines {
                try painter.draw(line.text, font: font, red: 0, green: 0, blue: 0, alpha: 1, lineBoxOrigin: Point(x: 2, y: y), in: cr)
                y += font.lineHeight
            }
        }
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        return Array(UnsafeBufferPointer(start: data, count: 900 * 900 * 4))
    }

    func measure(with measurer: PangoTextMeasurer) -> [(TextLayout, ResolvedFont)] {
        texts.flatMap { text in
            [(measurer.layout(text, font: body, width: 80, lineLimit: nil), body), (measurer.layout(text, font: title, width: nil, lineLimit: 1), title)]
        }
    }

    @Test func drawingMeasuredLinesShapesNothingAgain() throws {
        let measurer = try PangoTextMeasurer()
        let layouts = measure(with: measurer)
        #expect(layouts.map(\.0.lines.count).reduce(0, +) > texts.count * 2, "some texts wrap")
        let before = measurer.engine.shapedBytes
        _ = try pixels(of: layouts, painter: PangoTextPainter(measurer: measurer))
        #expect(measurer.engine.shapedBytes == before)
    }

    @Test func reusedRunsDrawThePixelsOfShapingAfresh() throws {
        let measurer = try PangoTextMeasurer()
        let layouts = measure(with: measurer)
        let reused = try pixels(of: layouts, painter: PangoTextPainter(measurer: measurer))
        // A painter whose engine has measured nothing shapes every line as it draws it.
        let fresh = try PangoTextPainter()
        let before = fresh.engine.shapedBytes
        let shapedNow = try pixels(of: layouts, painter: fresh)
        #expect(fresh.engine.shapedBytes > before)
        #expect(reused.contains { $0 != 0 })
        #expect(reused == shapedNow, "the pixels differ")
    }

    /// What the engine drew before lines were kept as Cairo glyphs: Pango's own calls on the
    /// scratch layout's runs, each outline run filled, bitmap runs shown.
    func drawnByPango(_ text: String, font: ResolvedFont, engine: TextMeasure.PangoEngine, in cr: OpaquePointer, x: Double, baseline: Double) {
        let layout = engine.setText(text, font: font)
        var runX = x
        var node = pango_layout_get_line_readonly(layout, 0)?.pointee.runs
        while let current = node {
            node = current.pointee.next
            guard let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
                  let glyphs = run.pointee.glyphs, let runFont = run.pointee.item?.pointee.analysis.font else { continue }
            cairo_move_to(cr, runX, baseline)
            if engine.isBitmapFont(runFont) {
                pango_cairo_show_glyph_string(cr, runFont, glyphs)
            } else {
                pango_cairo_glyph_string_path(cr, runFont, glyphs)
                cairo_fill(cr)
            }
            runX += Double(pango_glyph_string_get_width(glyphs)) / Double(PANGO_SCALE)
        }
    }

    /// The pixels of `draw` on a 900 x 300 surface at 3x, in a dark red.
    func image(_ draw: (OpaquePointer) throws -> Void) rethrows -> [UInt8] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 900, 300)
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_scale(cr, 3, 3)
        cairo_set_source_rgba(cr, 0.5, 0, 0, 1)
        try draw(cr)
        cairo_surface_flush(surface)
        return Array(UnsafeBufferPointer(start: cairo_image_surface_get_data(surface)!, count: 900 * 300 * 4))
    }

    /// Latin with kerning, marks placed above their base (y offsets), ideographs, emoji
    /// (bitmaps), right-to-left runs in visual order, a code point no font has (Pango's box),
    /// at an odd origin.
    @Test(arguments: ["AVATAR Wolf 1.5×", "e\u{301}a\u{308}\u{323} q\u{30C}", "Hello 世界 😀 🏳️‍🌈", "مرحبا بالعالم abc", "x\u{10FFFD}y"])
    func cairoGlyphsDrawWhatPangoDraws(_ text: String) throws {
        let engine = try PangoTextMeasurer().engine
        let font = ResolvedFont(size: 21, lineHeight: 26, weight: .semibold)
        let pango = image { drawnByPango(text, font: font, engine: engine, in: $0, x: 3.37, baseline: 40.71) }
        let ours = try image { try engine.draw(text, font: font, in: $0, x: 3.37, baseline: 40.71) }
        #expect(pango.contains { $0 != 0 })
        let differing = zip(ours, pango).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) of \(pango.count) bytes differ")
    }
}

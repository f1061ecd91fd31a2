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
        #expect(reused == shapedNow)
    }
}

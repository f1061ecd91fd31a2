import CCairo
import Foundation
import Testing
import LayoutModel
import TextMeasure

struct PangoTextPainterTests {
    let measurer: PangoTextMeasurer
    let painter: PangoTextPainter
    let body = ResolvedFont(size: 17, lineHeight: 22)

    init() throws {
        measurer = try PangoTextMeasurer()
        painter = PangoTextPainter(measurer: measurer)
    }

    struct Ink {
        /// Bounding box of the drawn pixels, in points.
        var box: Rect
        /// Whether any pixel has a hue (text is drawn black, so only color emoji do).
        var colored: Bool
        /// Whether the ink's top and bottom rows are inked across nine tenths of its width, as
        /// the frame of Pango's missing-glyph box is (glyphs of real scripts never are).
        var framed: Bool
    }

    /// Draws `text` black into a transparent 200 x 40 pt image at `scale`, its line box at (10, 5).
    func draw(_ text: String, font: ResolvedFont? = nil, scale: Double = 1) throws -> Ink {
        let (width, height) = (Int32(200 * scale), Int32(40 * scale))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)
        cairo_scale(cr, scale, scale)
        defer { cairo_destroy(cr) }
        try painter.draw(text, font: font ?? body, red: 0, green: 0, blue: 0, alpha: 1,
                     lineBoxOrigin: Point(x: 10, y: 5), in: cr!)
        cairo_surface_flush(surface)

        let data = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
        var colored = false
        for y in 0..<Int(height) {
            for x in 0..<Int(width) {
                let pixel = data + y * stride + x * 4  // B, G, R, A on little-endian machines
                guard pixel[3] > 0 else { continue }
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                if pixel[0] != pixel[1] || pixel[1] != pixel[2] { colored = true }
            }
        }
        func solidRow(_ y: Int) -> Bool {
            let inked = (minX...maxX).filter { data[y * stride + $0 * 4 + 3] > 0 }.count
            return Double(inked) >= 0.9 * Double(maxX - minX + 1)
        }
        let framed = maxX >= 0 && solidRow(minY) && solidRow(maxY)
        let box = maxX < 0 ? Rect.zero : Rect(x: Double(minX) / scale, y: Double(minY) / scale,
                                               width: Double(maxX - minX + 1) / scale,
                                               height: Double(maxY - minY + 1) / scale)
        return Ink(box: box, colored: colored, framed: framed)
    }

    @Test func baselineCentersTheFontBoxInTheLineBox() throws {
        // Inter (the Text cut, below 20 pt): ascent 1984/2048 em, descent 494/2048 em.
        let ascent = 17 * 1984.0 / 2048, descent = 17 * 494.0 / 2048
        #expect(abs(painter.baselineOffset(for: body) - ((22 - ascent - descent) / 2 + ascent)) < 0.01)
        #expect(painter.baselineOffset(for: body) == measurer.baselineOffset(for: body))
    }

    @Test func capitalsSitOnTheBaseline() throws {
        // At 4x so antialiased edge rows add at most a quarter point to the ink box.
        let ink = try draw("HH", scale: 4).box
        let baseline = 5 + painter.baselineOffset(for: body)
        #expect(abs(ink.maxY - baseline) < 1)
        // Inter's cap height is about 0.73 em.
        #expect(abs(ink.height - 0.73 * 17) < 1.5)
        #expect(ink.minX >= 10 && ink.minX < 13)
    }

    @Test func inkStaysInTheMeasuredBox() throws {
        let text = "Donut Shop"
        let width = measurer.layout(text, font: body, width: nil, lineLimit: nil).size.width
        let ink = try draw(text).box
        #expect(ink.minX >= 10 - 1)
        #expect(ink.maxX <= 10 + width + 1)
        #expect(ink.maxX >= 10 + width - 3)
        #expect(ink.minY >= 5 && ink.maxY <= 5 + 22)
    }

    @Test func scalesWithTheContext() throws {
        let one = try draw("Donut Shop").box
        let three = try draw("Donut Shop", scale: 3).box
        #expect(abs(three.minX - one.minX) < 1)
        #expect(abs(three.maxX - one.maxX) < 1)
        #expect(abs(three.maxY - one.maxY) < 1)
    }

    @Test func emojiAreDrawnInColorAtTheFontSize() throws {
        let ink = try draw("😀")
        #expect(ink.colored)
        #expect(ink.box.width > 12 && ink.box.width < 24)
        #expect(try !draw("Donut Shop").colored)
    }

    /// Each script draws glyphs, not boxes: the control (a script no pinned font has) draws
    /// boxes, so the check can fail. Each sample's ink stays in its measured width.
    @Test func everyScriptIsDrawnWithGlyphsInItsMeasuredWidth() throws {
        let missing = try draw(String(ScriptTests.unpinned.prefix(1)), scale: 4)
        #expect(missing.framed && missing.box.width > 5)
        for sample in ScriptTests.samples where sample.script != "Emoji" {
            let (script, text) = (sample.script, sample.text)
            let ink = try draw(text, scale: 4)
            #expect(!ink.framed, "\(script) drew a missing-glyph box")
            let width = measurer.layout(text, font: body, width: nil, lineLimit: nil).size.width
            #expect(ink.box.width > width / 2, "\(script)")
            #expect(ink.box.minX >= 10 - 1 && ink.box.maxX <= 10 + width + 1, "\(script): ink \(ink.box) measured \(width)")
        }
    }

    @Test func cjkIsDrawn() throws {
        #expect(try draw("こんにちは").box.width > 60)
    }

    @Test func roundedItalicIsSlanted() throws {
        let upright = try draw("l", font: ResolvedFont(size: 17, lineHeight: 22, design: .rounded)).box
        let italic = try draw("l", font: ResolvedFont(size: 17, lineHeight: 22, design: .rounded, italic: true)).box
        #expect(italic.width > upright.width + 1.5)
    }

    @Test func svgOutputHasGlyphOutlinesNotText() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("painter-\(UUID().uuidString).svg").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let surface = cairo_svg_surface_create(path, 200, 40)
        let cr = cairo_create(surface)
        try painter.draw("Donut Shop", font: body, red: 0, green: 0, blue: 0, alpha: 1, lineBoxOrigin: .zero, in: cr!)
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        // Glyphs are filled outlines: a path with curve commands, and no text elements.
        #expect(svg.contains("<path"))
        #expect(svg.contains(" C "))
        #expect(!svg.contains("<text"))
    }
}

import LayoutModel
internal import CCairo

/// A line whose font FreeType or Cairo cannot use (a size far beyond any screen's).
public struct TextDrawingError: Error, CustomStringConvertible, Equatable, Sendable {
    public var message: String
    public var description: String { message }
    public init(message: String) { self.message = message }
}

/// Draws lines laid out by `PangoTextMeasurer` into a Cairo context, with the same fonts,
/// tracking and unhinted metrics, so every line is drawn exactly as wide as it was measured.
///
/// Not thread-safe: a painter shares its measurer's Pango state, so use both on one thread.
public final class PangoTextPainter {
    let engine: PangoEngine

    /// Shares `measurer`'s font map and caches.
    public init(measurer: PangoTextMeasurer) {
        engine = measurer.engine
    }

    /// A painter with its own Pango state. Throws `FontFileError` when a font file is missing.
    public convenience init() throws {
        self.init(measurer: try PangoTextMeasurer())
    }

    /// Distance from the top of a line box to the baseline (see `PangoTextMeasurer`).
    public func baselineOffset(for font: ResolvedFont) -> Double {
        PangoTextMeasurer.baselineOffset(for: font, engine: engine)
    }

    /// Draws one already laid-out line (no wrapping) in the line box of height
    /// `font.lineHeight` whose top-left corner is `lineBoxOrigin`, the font's ascent + descent
    /// box centered vertically in it. `cr` is a `cairo_t *` on any surface at any scale; glyphs
    /// are drawn as unhinted outlines (color emoji as scaled bitmaps), so PNG and SVG agree.
    public func draw(_ text: String, font: ResolvedFont, red: Double, green: Double, blue: Double, alpha: Double,
                     lineBoxOrigin: Point, in cr: OpaquePointer) throws(TextDrawingError) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_set_source_rgba(cr, red, green, blue, alpha)
        try engine.draw(text, font: font, in: cr, x: lineBoxOrigin.x, baseline: lineBoxOrigin.y + baselineOffset(for: font))
    }
}

extension PangoTextPainter {
    /// The lines of `runs` (text and font, as painted) shaped and ready to be drawn on any
    /// thread (`PreparedLines`); nil when one has a glyph no font has.
    public func prepare(_ runs: [(text: String, font: ResolvedFont)]) -> PreparedLines? {
        engine.prepare(runs)
    }
}

/// Lines shaped by one painter, drawn without Pango (Cairo glyphs and scaled fonts, which are
/// safe to share), so that two threads can draw parts of one screen at once. Immutable.
public final class PreparedLines: @unchecked Sendable {
    struct Key: Hashable {
        var text: String
        var font: ResolvedFont
    }

    private let lines: [Key: ShapedLine]
    /// The distance from the top of a line box to the baseline, per font.
    private let baselines: [ResolvedFont: Double]

    init(lines: [Key: ShapedLine], baselines: [ResolvedFont: Double]) {
        self.lines = lines
        self.baselines = baselines
    }

    /// Draws a prepared line as `PangoTextPainter.draw` does; a line not prepared draws nothing.
    public func draw(_ text: String, font: ResolvedFont, red: Double, green: Double, blue: Double, alpha: Double,
                     lineBoxOrigin: Point, in cr: OpaquePointer) throws(TextDrawingError) {
        guard let line = lines[Key(text: text, font: font)], let baseline = baselines[font] else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_set_source_rgba(cr, red, green, blue, alpha)
        try line.draw(font: font, in: cr, x: lineBoxOrigin.x, baseline: lineBoxOrigin.y + baseline)
    }

    /// The box a prepared line's glyphs cover (their ink, unhinted) in the user space of its
    /// line box's `origin`, and whether they are all outlines (filled, not bitmaps shown);
    /// nil when the line is not prepared or its ink is unknown.
    public func ink(_ text: String, font: ResolvedFont, lineBoxOrigin origin: Point) -> (box: Rect, outlines: Bool)? {
        guard let line = lines[Key(text: text, font: font)], let baseline = baselines[font],
              let ink = line.inkBox else { return nil }
        return (Rect(x: origin.x + ink.x, y: origin.y + baseline + ink.y, width: ink.width, height: ink.height),
                !line.runs.contains { $0.bitmap })
    }
}

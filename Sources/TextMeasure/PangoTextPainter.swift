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

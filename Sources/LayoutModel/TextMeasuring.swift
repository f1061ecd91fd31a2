/// The seam between layout and real fonts. LayoutEngine only sees this protocol, so its
/// tests run with `FixedAdvanceMeasurer` and never depend on font files.

public enum TextAlignment: String, Sendable, Hashable, CaseIterable {
    case leading, center, trailing
}

/// One laid-out line: its text (with "…" appended when truncated) and its advance width.
public struct TextLine: Hashable, Sendable {
    public var text: String
    public var width: Double
    public init(text: String, width: Double) { self.text = text; self.width = width }
}

/// The result of laying out a text at one width.
public struct TextLayout: Hashable, Sendable {
    public var lines: [TextLine]
    /// Width = widest line, height = lines x line height.
    public var size: Size
    /// True when `lineLimit` (or a width too small for one character) cut text off.
    public var truncated: Bool
    public init(lines: [TextLine], size: Size, truncated: Bool) {
        self.lines = lines; self.size = size; self.truncated = truncated
    }
}

public protocol TextMeasuring: AnyObject {
    /// Lays `text` out in `font`.
    /// - `width`: nil lays out one line per hard line break; a number wraps greedily at word
    ///   boundaries (a word wider than the width overflows rather than breaks); 0 breaks
    ///   between characters.
    /// - `lineLimit`: at most this many lines; the last kept line ends in "…", fitted to `width`.
    func layout(_ text: String, font: ResolvedFont, width: Double?, lineLimit: Int?) -> TextLayout
}

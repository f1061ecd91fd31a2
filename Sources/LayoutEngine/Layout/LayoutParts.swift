import Drawing
import LayoutModel

/// One line of a text laid out during layout, at the point paint draws it.
public struct PlacedLine: Hashable, Sendable {
    public var text: String
    public var width: Double
    public var origin: Point
}

/// A text laid out once, during layout: its lines in place, its font, and whether an
/// ellipsis or a line limit cut it. Paint draws it as is, in a color of its choosing, so a
/// truncation is a layout decision that `shotter layout` shows.
public struct PlacedText: Hashable, Sendable {
    public var font: ResolvedFont
    public var lines: [PlacedLine]
    public var truncated: Bool
}

extension PlacedText {
    /// `laid`'s lines stacked from `top`, each placed in `width` from `x` by `alignment`
    /// (0 leading, 0.5 centered, 1 trailing).
    public init(_ laid: TextLayout, font: ResolvedFont, x: Double, width: Double, top: Double, alignment: Double = 0) {
        self.font = font
        self.truncated = laid.truncated
        self.lines = laid.lines.enumerated().map { i, line in
            PlacedLine(text: line.text, width: line.width,
                       origin: Point(x: x + (width - line.width) * alignment, y: top + Double(i) * font.lineHeight))
        }
    }
}

/// The typed parts a compound family records for one element during layout (a bar, a title,
/// the back button and the label chosen for it...). Paint reads them back as the family's own
/// type; `shotter layout` prints them as `chrome` rects and `labels`.
public protocol LayoutParts: Sendable {
    /// Named rects, printed as `chrome`.
    var chrome: [String: Rect] { get }
    /// Laid-out texts by name, printed as `labels` (lines and `truncated`).
    var labels: [String: PlacedText] { get }
    /// The parts in right-to-left layout: every rect and text line reflected (`LayoutPass`
    /// mirrors the whole result once it is laid out).
    func mirrored(_ mirror: HorizontalMirror) -> Self
}

extension HorizontalMirror {
    /// Each line keeps its text and width and moves to the other side, so natural (leading)
    /// alignment becomes right alignment.
    public func text(_ text: PlacedText) -> PlacedText {
        var t = text
        t.lines = text.lines.map { PlacedLine(text: $0.text, width: $0.width, origin: Point(x: width - $0.origin.x - $0.width, y: $0.origin.y)) }
        return t
    }
    public func text(_ text: PlacedText?) -> PlacedText? { text.map(self.text) }
}

extension LayoutParts {
    /// Most controls draw no text of their own (their labels are children).
    public var labels: [String: PlacedText] { [:] }
}

/// The one line of a field (text field, search field) or the wrapped text of a text editor,
/// laid out in the field's final frame (label `text`).
struct FieldTextParts: LayoutParts {
    var text: PlacedText
    var chrome: [String: Rect] { [:] }
    var labels: [String: PlacedText] { ["text": text] }
    func mirrored(_ m: HorizontalMirror) -> Self { Self(text: m.text(text)) }
}

extension LayoutPass {
    /// One line of `text`, truncated to `rect`'s width, placed in `rect` by `alignment` and
    /// vertically centered.
    func line(_ text: String, font: ResolvedFont, in rect: Rect, alignment: Double = 0) -> PlacedText {
        let laid = measurer.layout(text, font: font, width: max(0, rect.width), lineLimit: 1)
        return PlacedText(laid, font: font, x: rect.x, width: rect.width, top: rect.midY - font.lineHeight / 2, alignment: alignment)
    }

    /// Wrapped lines of `text` in `rect`'s width from its top, each aligned by `alignment`.
    func lines(_ text: String, font: ResolvedFont, in rect: Rect, alignment: Double) -> PlacedText {
        let laid = measurer.layout(text, font: font, width: max(0, rect.width), lineLimit: nil)
        return PlacedText(laid, font: font, x: rect.x, width: rect.width, top: rect.y, alignment: alignment)
    }
}

extension Painter {
    /// Draws a text laid out during layout, as it was laid out.
    public mutating func draw(_ text: PlacedText?, color: RGBA) {
        guard let text else { return }
        for line in text.lines {
            append(.text(TextRun(text: line.text, font: text.font, color: color, origin: line.origin, width: line.width)))
        }
    }
}

import Drawing
import LayoutModel

extension Pseudolanguage {
    /// `text` as Xcode's scheme pseudolanguage shows it (docs/decisions.md, "Pseudolanguages").
    /// Every string is transformed, numbers included; an empty string stays empty.
    public func transform(_ text: String) -> String {
        guard !text.isEmpty else { return text }
        switch self {
        case .double: return text + " " + text
        case .accented:
            let extra = Int((Double(text.count) * Self.accentedPadding).rounded(.up))
            return String(text.map { Self.accents[$0] ?? $0 }) + " " + String(Self.padding(extra))
        case .bounded: return "[# " + text + " #]"
        case .rtl: return Self.rightToLeftMark + text + Self.rightToLeftMark
        }
    }

    /// U+200F: makes the paragraph right to left (its neutral characters take that
    /// direction) without a glyph of its own.
    static let rightToLeftMark = "\u{200F}"

    /// How much longer the accented pseudolanguage makes a string: about 30 %, the room
    /// translations from English commonly need.
    static let accentedPadding = 0.3

    /// Latin letters and an accented form of about the same width (same base glyph).
    static let accents: [Character: Character] = {
        let plain = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        let accented = Array("ÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽåƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýž")
        return Dictionary(uniqueKeysWithValues: zip(plain, accented))
    }()

    /// `count` characters of accented filler words.
    static func padding(_ count: Int) -> Substring {
        let filler = "ţĥé ǫûîçķ ƀŕöŵñ ƒöẋ ĵûɱþš öṽéŕ ţĥé ļåžý ðöĝ "
        var text = ""
        while text.count < count { text += filler }
        return text.prefix(count)
    }
}

/// The measurer a pass lays texts out with when the environment transforms them: each string
/// in its pseudolanguage and each font under Bold Text before the real measurer sees them, so
/// the lines layout records (and paint draws, `shotter layout` prints, audits read) are the
/// transformed ones. The one place these axes reach text.
final class EnvironmentMeasurer: TextMeasuring {
    private let base: TextMeasuring
    private let pseudolanguage: Pseudolanguage?
    private let legibilityWeight: LegibilityWeight

    private init(base: TextMeasuring, pseudolanguage: Pseudolanguage?, legibilityWeight: LegibilityWeight) {
        self.base = base; self.pseudolanguage = pseudolanguage; self.legibilityWeight = legibilityWeight
    }

    /// `base` itself when `environment` transforms no text.
    static func wrapping(_ base: TextMeasuring, for environment: RenderEnvironment) -> TextMeasuring {
        guard environment.pseudolanguage != nil || environment.legibilityWeight == .bold else { return base }
        return EnvironmentMeasurer(base: base, pseudolanguage: environment.pseudolanguage, legibilityWeight: environment.legibilityWeight)
    }

    func layout(_ text: String, font: ResolvedFont, width: Double?, lineLimit: Int?) -> TextLayout {
        var laid = base.layout(pseudolanguage?.transform(text) ?? text, font: legibilityWeight.font(font), width: width, lineLimit: lineLimit)
        if pseudolanguage == .rtl {
            // Each line is drawn on its own: every one starts with the mark, so each is a
            // right-to-left paragraph (a wrapped line's neutral punctuation goes to its left).
            let mark = Pseudolanguage.rightToLeftMark
            for i in laid.lines.indices where !laid.lines[i].text.hasPrefix(mark) { laid.lines[i].text = mark + laid.lines[i].text }
        }
        return laid
    }
}

extension LegibilityWeight {
    /// `font` as texts are measured and drawn in under this setting: under Bold Text, marked
    /// to be drawn one weight heavier (`ResolvedFont.drawnWeight`).
    func font(_ font: ResolvedFont) -> ResolvedFont {
        var font = font
        if self == .bold { font.boldText = true }
        return font
    }

    /// `item` as drawn under this setting: under Bold Text, texts in their stepped weight (as
    /// layout measured them) and symbols with thicker strokes.
    func drawn(_ item: DisplayItem) -> DisplayItem {
        guard self == .bold else { return item }
        switch item {
        case .text(var run):
            run.font = font(run.font)
            return .text(run)
        case .symbol(let name, let rect, let color, let strokeWidth, let mirrored):
            return .symbol(name: name, rect: rect, color: color, strokeWidth: strokeWidth * SystemFontModel.boldTextStrokeScale,
                           mirrored: mirrored)
        default:
            return item
        }
    }
}

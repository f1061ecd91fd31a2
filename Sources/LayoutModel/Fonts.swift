/// The font model the protocol speaks: SwiftUI's weights, designs, text styles and
/// Dynamic Type sizes, plus the table that turns a text style into a point size and line height.

public enum FontWeight: String, CaseIterable, Sendable, Hashable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// CSS / OpenType weight class (100...900), which is how the pinned font files are chosen.
    public var numericWeight: Int {
        switch self {
        case .ultraLight: 100
        case .thin: 200
        case .light: 300
        case .regular: 400
        case .medium: 500
        case .semibold: 600
        case .bold: 700
        case .heavy: 800
        case .black: 900
        }
    }

    /// By case: the standard library's default for an enum with raw values hashes the string,
    /// and fonts are hashed for every text measured.
    public func hash(into hasher: inout Hasher) { hasher.combine(numericWeight) }
}

public enum FontDesign: String, CaseIterable, Sendable, Hashable {
    case `default`, serif, rounded, monospaced

    /// By case, as `FontWeight` is.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .default: hasher.combine(0)
        case .serif: hasher.combine(1)
        case .rounded: hasher.combine(2)
        case .monospaced: hasher.combine(3)
        }
    }
}

public enum TextStyle: String, CaseIterable, Sendable, Hashable {
    case largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption, caption2
}

public enum DynamicTypeSize: String, CaseIterable, Sendable, Hashable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5
}

/// A font fully resolved for one Dynamic Type size: what the measurer and the painter use.
public struct ResolvedFont: Hashable, Sendable {
    public var size: Double
    public var lineHeight: Double
    public var weight: FontWeight
    public var design: FontDesign
    public var italic: Bool
    /// iOS's Bold Text setting (`legibilityWeight == .bold`): the font is drawn one step
    /// heavier (`drawnWeight`); `weight` stays the weight the app asked for.
    public var boldText: Bool
    public init(size: Double, lineHeight: Double, weight: FontWeight = .regular,
                design: FontDesign = .default, italic: Bool = false, boldText: Bool = false) {
        self.size = size; self.lineHeight = lineHeight; self.weight = weight
        self.design = design; self.italic = italic; self.boldText = boldText
    }

    /// The weight measured and drawn: `weight`, stepped up under Bold Text.
    public var drawnWeight: FontWeight { boldText ? SystemFontModel.boldTextWeight(weight) : weight }

    /// The sizes Pango is asked for, in points. Blink (Chrome) clamps CSS font sizes to the same
    /// 10,000 px; past it FreeType fails and the letter spacing overflows Pango's units. Below
    /// a few thousandths of a point fallback fonts get negative sizes and invalid matrices.
    public static let sizeRange = 0.1...10_000.0

    /// `size` clamped to `sizeRange` (NaN as the smallest).
    public static func drawable(_ size: Double) -> Double {
        size.isNaN ? sizeRange.lowerBound : max(sizeRange.lowerBound, min(size, sizeRange.upperBound))
    }

    /// What the text engine lays out and draws with.
    public var drawableSize: Double { Self.drawable(size) }
}

/// How the default design stands in for SF Pro at each size: the one table behind every text
/// width (docs/decisions.md, "Fonts"). SF Pro is two optical sizes, Text below 20 pt and Display
/// from 20 pt, each drawn with the tracking Apple publishes for its size; shotter draws Inter's
/// matching cuts (Inter for Text, Inter Display for Display) with that same tracking, which
/// measures within a few percent of real iOS screenshots (`scripts/text-widths.py`).
/// Layout measures and paint draws through `ResolvedFont`, so both read this table.
public enum SystemFontModel {
    /// SF Pro's first Display size, in points.
    public static let displayFromSize = 20.0

    /// Apple's SF Pro tracking for iOS (Human Interface Guidelines, Typography, "Tracking
    /// values"): point size and tracking in 1/1000 em, sizes in increasing order.
    static let tracking: [(size: Double, thousandths: Double)] = [
        (6, 41), (7, 34), (8, 26), (9, 19), (10, 12), (11, 6), (12, 0), (13, -6), (14, -11), (15, -16),
        (16, -20), (17, -26), (18, -25), (19, -24), (20, -23), (21, -18), (22, -12), (23, -4), (24, 3),
        (25, 6), (26, 8), (27, 11), (28, 14), (29, 14), (30, 14), (31, 13), (32, 13), (33, 12), (34, 12),
        (35, 11), (36, 10), (37, 10), (38, 10), (39, 10), (40, 10), (41, 9), (42, 9), (43, 9), (44, 8),
        (45, 8), (46, 8), (47, 8), (48, 8), (49, 7), (50, 7), (51, 7), (52, 6), (53, 6), (54, 6),
        (56, 6), (58, 5), (60, 4), (62, 4), (64, 4), (66, 3), (68, 2), (70, 2), (72, 2), (76, 1),
        (80, 0), (84, 0), (88, 0), (92, 0), (96, 0),
    ]

    /// The weight iOS draws `weight` in under Bold Text (docs/decisions.md, "Bold Text"):
    /// regular to semibold and semibold to bold as the issue and iOS show; the lighter weights
    /// two classes up like regular, the heavier one class up like semibold, black stays black.
    public static func boldTextWeight(_ weight: FontWeight) -> FontWeight {
        switch weight {
        case .ultraLight: .light
        case .thin: .regular
        case .light: .medium
        case .regular: .semibold
        case .medium: .bold
        case .semibold: .bold
        case .bold: .heavy
        case .heavy, .black: .black
        }
    }

    /// How much thicker a symbol's stroke is drawn under Bold Text: SF Symbols follow the text
    /// weight, regular symbols drawing as semibold ones, whose strokes are about a quarter
    /// thicker (docs/decisions.md, "Bold Text").
    public static let boldTextStrokeScale = 1.25

    /// Tracking at `size` in em: the table's value, linear between its sizes, its first value
    /// below 6 pt and 0 above 96 pt.
    public static func trackingEm(atSize size: Double) -> Double {
        guard let first = tracking.first, size > first.size else { return (tracking.first?.thousandths ?? 0) / 1000 }
        guard let upper = tracking.firstIndex(where: { $0.size >= size }) else { return 0 }
        let (a, b) = (tracking[upper - 1], tracking[upper])
        return (a.thousandths + (b.thousandths - a.thousandths) * (size - a.size) / (b.size - a.size)) / 1000
    }
}

extension ResolvedFont {
    /// Whether the default design draws with its Display cut (Inter Display) rather than its
    /// Text cut (Inter): from `SystemFontModel.displayFromSize` up, like SF Pro.
    public var usesDisplayCut: Bool { drawableSize >= SystemFontModel.displayFromSize }

    /// Letter spacing in em: SF Pro's tracking for the size in the default design; the
    /// monospaced, serif and rounded designs draw untracked.
    public var trackingEm: Double { design == .default ? SystemFontModel.trackingEm(atSize: drawableSize) : 0 }
}

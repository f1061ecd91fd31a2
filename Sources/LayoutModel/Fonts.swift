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
}

public enum FontDesign: String, CaseIterable, Sendable, Hashable {
    case `default`, serif, rounded, monospaced
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
    public init(size: Double, lineHeight: Double, weight: FontWeight = .regular,
                design: FontDesign = .default, italic: Bool = false) {
        self.size = size; self.lineHeight = lineHeight; self.weight = weight
        self.design = design; self.italic = italic
    }

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

/// Apple's Dynamic Type table: point size of every text style at every content size category
/// (`shared/design/ios-metrics.md`), and line heights as the spec gives them (web-renderer.md,
/// "Fonts and Dynamic Type"): Large's from Apple's table, every other size round(size x 1.2).
public enum DynamicTypeTable {
    public struct Metrics: Hashable, Sendable {
        public var size: Double
        public var lineHeight: Double
    }

    /// Point sizes: rows in `DynamicTypeSize.allCases` order, columns in `TextStyle.allCases` order.
    private static let pointSizes: [[Double]] = [
        [31, 25, 19, 17, 14, 14, 13, 12, 12, 11, 11],
        [32, 26, 20, 18, 15, 15, 14, 13, 12, 11, 11],
        [33, 27, 21, 19, 16, 16, 15, 14, 12, 11, 11],
        [34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11],
        [36, 30, 24, 22, 19, 19, 18, 17, 15, 14, 13],
        [38, 32, 26, 24, 21, 21, 20, 19, 17, 16, 15],
        [40, 34, 28, 26, 23, 23, 22, 21, 19, 18, 17],
        [44, 38, 34, 31, 28, 28, 26, 25, 23, 22, 20],
        [48, 43, 39, 37, 33, 33, 32, 30, 27, 26, 24],
        [52, 48, 44, 43, 40, 40, 38, 36, 33, 32, 29],
        [56, 53, 50, 49, 47, 47, 44, 42, 38, 37, 34],
        [60, 58, 56, 55, 53, 53, 51, 49, 44, 43, 40],
    ]

    /// Line heights at Large, in `TextStyle.allCases` order.
    private static let largeLineHeights: [Double] = [41, 34, 28, 25, 22, 22, 21, 20, 18, 16, 13]

    public static func metrics(_ style: TextStyle, _ size: DynamicTypeSize) -> Metrics {
        let row = DynamicTypeSize.allCases.firstIndex(of: size)!
        let column = TextStyle.allCases.firstIndex(of: style)!
        let pointSize = pointSizes[row][column]
        let lineHeight = size == .large ? largeLineHeights[column] : lineHeight(forPointSize: pointSize)
        return Metrics(size: pointSize, lineHeight: lineHeight)
    }

    /// How much `style` grows at `size` relative to Large: what a fixed size with
    /// `relativeTo` is multiplied by.
    public static func scale(_ style: TextStyle, _ size: DynamicTypeSize) -> Double {
        metrics(style, size).size / metrics(style, .large).size
    }

    /// Line height of a font given by point size rather than text style, and of every text
    /// style at sizes other than Large: round(size x 1.2), the spec's rule (UIKit's own SF Pro
    /// line height is about 1.19 x size).
    public static func lineHeight(forPointSize size: Double) -> Double {
        (size * 1.2).rounded()
    }
}

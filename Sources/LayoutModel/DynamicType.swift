/// Apple's Dynamic Type table: point size and line height of every text style at every
/// content size category (iOS 17 values; `shared/design/ios-metrics.md`).
public enum DynamicTypeTable {
    public struct Metrics: Hashable, Sendable {
        public var size: Double
        public var lineHeight: Double
    }

    /// Rows in `DynamicTypeSize.allCases` order, columns in `TextStyle.allCases` order.
    private static let rows: [[(Double, Double)]] = [
        [(31, 38), (25, 31), (19, 24), (17, 22), (14, 19), (14, 19), (13, 18), (12, 16), (12, 16), (11, 13), (11, 13)],
        [(32, 39), (26, 32), (20, 25), (18, 23), (15, 20), (15, 20), (14, 19), (13, 18), (12, 16), (11, 13), (11, 13)],
        [(33, 40), (27, 33), (21, 26), (19, 24), (16, 21), (16, 21), (15, 20), (14, 19), (12, 16), (11, 13), (11, 13)],
        [(34, 41), (28, 34), (22, 28), (20, 25), (17, 22), (17, 22), (16, 21), (15, 20), (13, 18), (12, 16), (11, 13)],
        [(36, 43), (30, 37), (24, 30), (22, 28), (19, 24), (19, 24), (18, 23), (17, 22), (15, 20), (14, 19), (13, 18)],
        [(38, 46), (32, 39), (26, 32), (24, 30), (21, 26), (21, 26), (20, 25), (19, 24), (17, 22), (16, 21), (15, 20)],
        [(40, 48), (34, 41), (28, 34), (26, 32), (23, 29), (23, 29), (22, 28), (21, 28), (19, 24), (18, 23), (17, 22)],
        [(44, 52), (38, 46), (34, 41), (31, 38), (28, 34), (28, 34), (26, 32), (25, 31), (23, 29), (22, 28), (20, 25)],
        [(48, 57), (43, 51), (39, 47), (37, 44), (33, 40), (33, 40), (32, 39), (30, 37), (27, 33), (26, 32), (24, 30)],
        [(52, 61), (48, 57), (44, 52), (43, 51), (40, 48), (40, 48), (38, 46), (36, 43), (33, 40), (32, 39), (29, 35)],
        [(56, 66), (53, 62), (50, 59), (49, 58), (47, 56), (47, 56), (44, 52), (42, 50), (38, 46), (37, 44), (34, 41)],
        [(60, 70), (58, 68), (56, 66), (55, 65), (53, 62), (53, 62), (51, 60), (49, 58), (44, 52), (43, 51), (40, 48)],
    ]

    public static func metrics(_ style: TextStyle, _ size: DynamicTypeSize) -> Metrics {
        let row = DynamicTypeSize.allCases.firstIndex(of: size)!
        let column = TextStyle.allCases.firstIndex(of: style)!
        let (pointSize, lineHeight) = rows[row][column]
        return Metrics(size: pointSize, lineHeight: lineHeight)
    }

    /// How much `style` grows at `size` relative to Large: what a fixed size with
    /// `relativeTo` is multiplied by.
    public static func scale(_ style: TextStyle, _ size: DynamicTypeSize) -> Double {
        metrics(style, size).size / metrics(style, .large).size
    }

    /// Line height of a font given by point size rather than text style.
    /// SwiftUI uses the font's own leading; we use round(size x 1.2) as the browser renderer
    /// does, which matches the table within a point at text sizes (docs/decisions.md).
    public static func lineHeight(forPointSize size: Double) -> Double {
        (size * 1.2).rounded()
    }
}

import Testing
import LayoutModel

struct DynamicTypeTests {
    /// Columns of shared/design/ios-metrics.md, xSmall ... accessibility5: Apple's point sizes;
    /// line heights as the spec gives them, Large's from Apple's table (22, 41), every other
    /// size round(size x 1.2).
    static let body: [(Double, Double)] = [(14, 17), (15, 18), (16, 19), (17, 22), (19, 23), (21, 25), (23, 28),
                                           (28, 34), (33, 40), (40, 48), (47, 56), (53, 64)]
    static let largeTitle: [(Double, Double)] = [(31, 37), (32, 38), (33, 40), (34, 41), (36, 43), (38, 46), (40, 48),
                                                 (44, 53), (48, 58), (52, 62), (56, 67), (60, 72)]
    static let headlineLineHeights: [Double] = [17, 18, 19, 22, 23, 25, 28, 34, 40, 48, 56, 64]

    @Test func bodyAtAllTwelveSizes() {
        for (size, expected) in zip(DynamicTypeSize.allCases, Self.body) {
            let metrics = DynamicTypeTable.metrics(.body, size)
            #expect(metrics.size == expected.0, "\(size)")
            #expect(metrics.lineHeight == expected.1, "\(size)")
        }
    }

    @Test func largeTitleAtAllTwelveSizes() {
        for (size, expected) in zip(DynamicTypeSize.allCases, Self.largeTitle) {
            let metrics = DynamicTypeTable.metrics(.largeTitle, size)
            #expect(metrics.size == expected.0, "\(size)")
            #expect(metrics.lineHeight == expected.1, "\(size)")
        }
    }

    @Test func headlineLineHeights() {
        #expect(DynamicTypeSize.allCases.map { DynamicTypeTable.metrics(.headline, $0).lineHeight }
            == Self.headlineLineHeights)
    }

    @Test func largeColumnSpotChecks() {
        let sizes = TextStyle.allCases.map { DynamicTypeTable.metrics($0, .large).size }
        let lineHeights = TextStyle.allCases.map { DynamicTypeTable.metrics($0, .large).lineHeight }
        #expect(sizes == [34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11])
        #expect(lineHeights == [41, 34, 28, 25, 22, 22, 21, 20, 18, 16, 13])
        #expect(DynamicTypeTable.metrics(.caption2, .xSmall).size == 11)
        #expect(DynamicTypeTable.metrics(.subheadline, .xxxLarge).lineHeight == 25)
        #expect(DynamicTypeTable.metrics(.caption2, .accessibility3).lineHeight == 35)
        #expect(DynamicTypeTable.metrics(.footnote, .xSmall).lineHeight == 14)
    }

    @Test func scaleIsTheRatioToLarge() {
        #expect(DynamicTypeTable.scale(.body, .large) == 1)
        #expect(DynamicTypeTable.scale(.body, .xxxLarge) == 23.0 / 17.0)
        #expect(DynamicTypeTable.scale(.largeTitle, .accessibility5) == 60.0 / 34.0)
        #expect(DynamicTypeTable.scale(.caption2, .xSmall) == 1)
        #expect(DynamicTypeTable.scale(.footnote, .xSmall) == 12.0 / 13.0)
    }

    @Test func lineHeightForAPointSize() {
        #expect(DynamicTypeTable.lineHeight(forPointSize: 17) == 20)
        #expect(DynamicTypeTable.lineHeight(forPointSize: 10) == 12)
        #expect(DynamicTypeTable.lineHeight(forPointSize: 34) == 41)
    }

    /// Apple's SF Pro tracking (docs/decisions.md, "Fonts"): the table's values at its sizes,
    /// linear between them, clamped outside 6...96 pt.
    @Test func trackingFollowsApplesTable() {
        let expected: [(Double, Double)] = [(6, 0.041), (11, 0.006), (12, 0), (13, -0.006), (17, -0.026), (19, -0.024),
                                            (20, -0.023), (22, -0.012), (28, 0.014), (34, 0.012), (55, 0.006), (96, 0)]
        for (size, tracking) in expected {
            #expect(abs(SystemFontModel.trackingEm(atSize: size) - tracking) < 1e-12, "\(size)")
        }
        #expect(abs(SystemFontModel.trackingEm(atSize: 12.5) - -0.003) < 1e-12)
        #expect(SystemFontModel.trackingEm(atSize: 2) == 0.041)
        #expect(SystemFontModel.trackingEm(atSize: 500) == 0)
    }

    @Test func defaultDesignSwitchesCutAt20PointsAndOnlyItIsTracked() {
        #expect(!ResolvedFont(size: 19.5, lineHeight: 23).usesDisplayCut)
        #expect(ResolvedFont(size: 20, lineHeight: 24).usesDisplayCut)
        #expect(ResolvedFont(size: 17, lineHeight: 22).trackingEm == -0.026)
        for design in [FontDesign.monospaced, .serif, .rounded] {
            #expect(ResolvedFont(size: 17, lineHeight: 22, design: design).trackingEm == 0)
        }
    }
}

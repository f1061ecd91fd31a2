import Testing
import LayoutModel

struct DynamicTypeTests {
    /// Columns of shared/design/ios-metrics.md, xSmall ... accessibility5.
    static let body: [(Double, Double)] = [(14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29),
                                           (28, 34), (33, 40), (40, 48), (47, 56), (53, 62)]
    static let largeTitle: [(Double, Double)] = [(31, 38), (32, 39), (33, 40), (34, 41), (36, 43), (38, 46), (40, 48),
                                                 (44, 52), (48, 57), (52, 61), (56, 66), (60, 70)]
    static let headlineLineHeights: [Double] = [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62]

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
        #expect(DynamicTypeTable.metrics(.subheadline, .xxxLarge).lineHeight == 28)
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
}

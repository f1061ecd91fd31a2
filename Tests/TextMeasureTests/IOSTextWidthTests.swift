import Testing
@testable import TextMeasure
import LayoutModel

/// The font model (`SystemFontModel`) against real iOS 17 and 18 screenshots: the ink width of
/// each reference word as iOS drew it, measured by `scripts/text-widths.py` in
/// `shared/ios-real` (which also renders the cases and prints the full table, iOS 13 and 26
/// included), and the ink width Pango gives the same word in the font shotter resolves.
/// Issue 13's bar: at every size the references hold, the median difference is under 2 %
/// and none is over 6 % (docs/decisions.md, "Fonts").
struct IOSTextWidthTests {
    struct Reference: Sendable, CustomStringConvertible {
        var `case`: String
        var iOS: String
        var word: String
        var size: Double
        var weight: FontWeight
        /// Ink width in points in the iOS screenshot.
        var width: Double
        var description: String { "\(`case`) iOS \(iOS) \(word) \(size) pt" }
    }

    /// Printed by `python3 scripts/text-widths.py --swift`. The swift-snapshot-testing cases run
    /// at Dynamic Type Medium (body 16 pt); a11y-list-sections at Large.
    static let references: [Reference] = [
        .init(case: "a11y-list-sections", iOS: "17.5", word: "ACCOUNTS", size: 13, weight: .regular, width: 70.62),
        .init(case: "a11y-list-sections", iOS: "17.5", word: "Checking", size: 17, weight: .regular, width: 69.47),
        .init(case: "a11y-list-sections", iOS: "17.5", word: "Savings", size: 17, weight: .regular, width: 57.51),
        .init(case: "a11y-list-sections", iOS: "17.5", word: "Tap", size: 13, weight: .regular, width: 20.40),
        .init(case: "a11y-list-sections", iOS: "17.5", word: "an", size: 13, weight: .regular, width: 13.14),
        .init(case: "a11y-list-sections", iOS: "17.5", word: "account", size: 13, weight: .regular, width: 47.84),
        .init(case: "a11y-list-sections", iOS: "17.5", word: "to", size: 13, weight: .regular, width: 11.46),
        .init(case: "a11y-list-sections", iOS: "17.5", word: "view", size: 13, weight: .regular, width: 26.73),
        .init(case: "a11y-list-sections", iOS: "17.5", word: "details", size: 13, weight: .regular, width: 39.17),
        .init(case: "a11y-list-sections", iOS: "17.5", word: "BILLS", size: 13, weight: .regular, width: 32.71),
        .init(case: "a11y-list-sections", iOS: "17.5", word: "Electric", size: 17, weight: .regular, width: 54.39),
        .init(case: "a11y-list-sections", iOS: "17.5", word: "Internet", size: 17, weight: .regular, width: 57.06),
        .init(case: "a11y-list-sections", iOS: "17.5", word: "Due", size: 13, weight: .regular, width: 22.18),
        .init(case: "a11y-list-sections", iOS: "17.5", word: "this", size: 13, weight: .regular, width: 21.12),
        .init(case: "a11y-list-sections", iOS: "17.5", word: "month", size: 13, weight: .regular, width: 36.68),
        .init(case: "a11y-list-sections", iOS: "18.5", word: "ACCOUNTS", size: 13, weight: .regular, width: 70.71),
        .init(case: "a11y-list-sections", iOS: "18.5", word: "Checking", size: 17, weight: .regular, width: 69.61),
        .init(case: "a11y-list-sections", iOS: "18.5", word: "Savings", size: 17, weight: .regular, width: 57.66),
        .init(case: "a11y-list-sections", iOS: "18.5", word: "Tap", size: 13, weight: .regular, width: 20.30),
        .init(case: "a11y-list-sections", iOS: "18.5", word: "an", size: 13, weight: .regular, width: 12.99),
        .init(case: "a11y-list-sections", iOS: "18.5", word: "account", size: 13, weight: .regular, width: 47.81),
        .init(case: "a11y-list-sections", iOS: "18.5", word: "to", size: 13, weight: .regular, width: 11.28),
        .init(case: "a11y-list-sections", iOS: "18.5", word: "view", size: 13, weight: .regular, width: 26.65),
        .init(case: "a11y-list-sections", iOS: "18.5", word: "details", size: 13, weight: .regular, width: 39.08),
        .init(case: "a11y-list-sections", iOS: "18.5", word: "BILLS", size: 13, weight: .regular, width: 32.71),
        .init(case: "a11y-list-sections", iOS: "18.5", word: "Electric", size: 17, weight: .regular, width: 54.49),
        .init(case: "a11y-list-sections", iOS: "18.5", word: "Internet", size: 17, weight: .regular, width: 57.17),
        .init(case: "a11y-list-sections", iOS: "18.5", word: "Due", size: 13, weight: .regular, width: 22.24),
        .init(case: "a11y-list-sections", iOS: "18.5", word: "this", size: 13, weight: .regular, width: 21.06),
        .init(case: "a11y-list-sections", iOS: "18.5", word: "month", size: 13, weight: .regular, width: 36.67),
        .init(case: "hello-world", iOS: "17", word: "Hello,", size: 16, weight: .regular, width: 38.32),
        .init(case: "hello-world", iOS: "17", word: "world!", size: 16, weight: .regular, width: 42.95),
        .init(case: "labeled-content", iOS: "18", word: "Clean", size: 16, weight: .regular, width: 39.14),
        .init(case: "labeled-content", iOS: "18", word: "Code", size: 16, weight: .regular, width: 36.96),
        .init(case: "lazy-text", iOS: "18", word: "A", size: 16, weight: .regular, width: 9.58),
        .init(case: "lazy-text", iOS: "18", word: "Handbook", size: 16, weight: .regular, width: 73.45),
        .init(case: "lazy-text", iOS: "18", word: "of", size: 16, weight: .regular, width: 13.66),
        .init(case: "lazy-text", iOS: "18", word: "Agile", size: 16, weight: .regular, width: 34.36),
        .init(case: "lazy-text", iOS: "18", word: "Software", size: 16, weight: .regular, width: 63.36),
        .init(case: "lazy-text", iOS: "18", word: "Craftsmanship", size: 16, weight: .regular, width: 104.22),
        .init(case: "lazy-text", iOS: "18", word: "by", size: 16, weight: .regular, width: 15.72),
        .init(case: "lazy-text", iOS: "18", word: "Robert", size: 16, weight: .regular, width: 46.94),
        .init(case: "lazy-text", iOS: "18", word: "C.", size: 16, weight: .regular, width: 13.36),
        .init(case: "lazy-text", iOS: "18", word: "Martin", size: 16, weight: .regular, width: 44.04),
        .init(case: "lazy-text", iOS: "18", word: "Clean", size: 16, weight: .regular, width: 39.14),
        .init(case: "lazy-text", iOS: "18", word: "Code", size: 16, weight: .regular, width: 36.95),
    ]

    let measurer = try! PangoTextMeasurer()

    func difference(_ reference: Reference) -> Double {
        let font = ResolvedFont(size: reference.size, lineHeight: DynamicTypeTable.lineHeight(forPointSize: reference.size),
                                weight: reference.weight)
        return 100 * (measurer.engine.inkWidth(of: reference.word, font: font) - reference.width) / reference.width
    }

    @Test func noWordIsOffByMoreThanSixPercent() {
        for reference in Self.references {
            let difference = difference(reference)
            #expect(abs(difference) <= 6, "\(reference): \(difference) %")
        }
    }

    @Test func medianDifferenceIsUnderTwoPercentAtEverySize() {
        let sizes = Set(Self.references.map(\.size)).sorted()
        #expect(sizes == [13, 16, 17])
        for size in sizes {
            let differences = Self.references.filter { $0.size == size }.map { abs(difference($0)) }.sorted()
            let middle = differences.count / 2
            let median = differences.count % 2 == 1 ? differences[middle] : (differences[middle - 1] + differences[middle]) / 2
            #expect(median < 2, "\(size) pt: median \(median) %")
        }
    }
}

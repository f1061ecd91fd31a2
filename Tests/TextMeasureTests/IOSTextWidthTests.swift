import Testing
@testable import TextMeasure
import LayoutModel

/// The font model (`SystemFontModel`) against real iOS screenshots: the ink width of each
/// reference word as iOS drew it, measured by `scripts/text-widths.py` in `shared/ios-real`
/// (which also renders the cases and prints the full table), and the ink width Pango gives the
/// same word in the font shotter resolves. Issue 13's bar, for the iOS 17 and 18 words the
/// model is fitted to: at every size they hold, the median difference is under 2 % and none is
/// over 6 % (docs/decisions.md, "Fonts"). The iOS 13 and 26 words are not fitted to (iOS 26
/// changed its metrics); the 6 % bound on them guards against a model that drifts away.
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
    /// at Dynamic Type Medium (body 16 pt), list-row-xa3 at accessibility3 (body 40 pt, the
    /// Display cut); a11y-list-sections at Large.
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
        .init(case: "pf-checked", iOS: "13", word: "Checked", size: 16, weight: .regular, width: 61.97),
        .init(case: "list-row", iOS: "26", word: "San", size: 16, weight: .regular, width: 25.54),
        .init(case: "list-row", iOS: "26", word: "Francisco", size: 16, weight: .regular, width: 68.50),
        .init(case: "list-row", iOS: "26", word: "20", size: 16, weight: .regular, width: 17.12),
        .init(case: "list-row", iOS: "26", word: "°C,", size: 16, weight: .regular, width: 20.59),
        .init(case: "list-row", iOS: "26", word: "Sunny", size: 16, weight: .regular, width: 43.80),
        .init(case: "list-header", iOS: "26", word: "Create", size: 27, weight: .bold, width: 82.62),
        .init(case: "list-header", iOS: "26", word: "a", size: 27, weight: .bold, width: 12.84),
        .init(case: "list-header", iOS: "26", word: "new", size: 27, weight: .bold, width: 50.76),
        .init(case: "list-header", iOS: "26", word: "Account", size: 27, weight: .bold, width: 104.33),
        .init(case: "menu-picker", iOS: "26", word: "Clean", size: 16, weight: .regular, width: 39.14),
        .init(case: "menu-picker", iOS: "26", word: "Code", size: 16, weight: .regular, width: 36.95),
        .init(case: "inline-picker", iOS: "26", word: "Option", size: 16, weight: .regular, width: 46.80),
        .init(case: "inline-picker", iOS: "26", word: "1", size: 16, weight: .regular, width: 4.40),
        .init(case: "inline-picker", iOS: "26", word: "Option", size: 16, weight: .regular, width: 46.80),
        .init(case: "inline-picker", iOS: "26", word: "2", size: 16, weight: .regular, width: 7.32),
        .init(case: "list-row-xa3", iOS: "26", word: "San", size: 40, weight: .regular, width: 61.89),
        .init(case: "list-row-xa3", iOS: "26", word: "Francisco", size: 40, weight: .regular, width: 161.61),
        .init(case: "list-row-xa3", iOS: "26", word: "20", size: 40, weight: .regular, width: 43.35),
        .init(case: "list-row-xa3", iOS: "26", word: "°C,", size: 40, weight: .regular, width: 47.56),
        .init(case: "list-row-xa3", iOS: "26", word: "Sunny", size: 40, weight: .regular, width: 105.83),
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

    /// The versions the model is fitted to.
    static let calibrated = Self.references.filter { $0.iOS.hasPrefix("17") || $0.iOS.hasPrefix("18") }

    @Test func medianDifferenceIsUnderTwoPercentAtEverySize() {
        let sizes = Set(Self.calibrated.map(\.size)).sorted()
        #expect(sizes == [13, 16, 17])
        #expect(Self.calibrated.count == 46 && Self.references.count == 67)
        for size in sizes {
            let differences = Self.calibrated.filter { $0.size == size }.map { abs(difference($0)) }.sorted()
            let middle = differences.count / 2
            let median = differences.count % 2 == 1 ? differences[middle] : (differences[middle - 1] + differences[middle]) / 2
            #expect(median < 2, "\(size) pt: median \(median) %")
        }
    }
}

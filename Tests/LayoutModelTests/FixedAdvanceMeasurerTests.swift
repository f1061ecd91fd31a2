import Testing
import LayoutModel

/// The layout tests' fake: 10 pt font, 5 pt per character.
struct FixedAdvanceMeasurerTests {
    let measurer = FixedAdvanceMeasurer(advance: 0.5)
    let font = ResolvedFont(size: 10, lineHeight: 12)

    func texts(_ layout: TextLayout) -> [String] { layout.lines.map(\.text) }

    @Test func noWidthGivesOneLinePerHardBreak() {
        let layout = measurer.layout("ab cd\nefg", font: font, width: nil, lineLimit: nil)
        #expect(texts(layout) == ["ab cd", "efg"])
        #expect(layout.size == Size(width: 25, height: 24))
        #expect(!layout.truncated)
    }

    @Test func wrapsGreedilyAtSpaces() {
        let layout = measurer.layout("aaa bbb ccc dd", font: font, width: 40, lineLimit: nil)
        #expect(texts(layout) == ["aaa bbb", "ccc dd"])
        #expect(layout.lines.map(\.width) == [35, 30])
        #expect(layout.size == Size(width: 35, height: 24))
    }

    @Test func longWordOverflows() {
        let layout = measurer.layout("a abcdefghij b", font: font, width: 20, lineLimit: nil)
        #expect(texts(layout) == ["a", "abcdefghij", "b"])
        #expect(layout.size.width == 50)
    }

    @Test func zeroWidthBreaksPerCharacter() {
        let layout = measurer.layout("ab c", font: font, width: 0, lineLimit: nil)
        #expect(texts(layout) == ["a", "b", " ", "c"])
        #expect(layout.size == Size(width: 5, height: 48))
    }

    @Test func lineLimitEllipsizesToFitTheWidth() {
        let layout = measurer.layout("aaa bbb ccc", font: font, width: 35, lineLimit: 1)
        #expect(texts(layout) == ["aaa bb…"])
        #expect(layout.size == Size(width: 35, height: 12))
        #expect(layout.truncated)
    }

    @Test func aWordTooWideIsCutUnderALineLimit() {
        // 20 pt holds 4 characters of 5: "abc" and the ellipsis.
        let layout = measurer.layout("a abcdefghij", font: font, width: 20, lineLimit: 3)
        #expect(texts(layout) == ["a", "abc…"])
        #expect(layout.size.width == 20)
        #expect(layout.truncated)
    }

    @Test func lineLimitNotReachedKeepsEverything() {
        let layout = measurer.layout("aaa bbb", font: font, width: 20, lineLimit: 2)
        #expect(texts(layout) == ["aaa", "bbb"])
        #expect(!layout.truncated)
    }
}

import Testing
@testable import TextMeasure
import LayoutModel

/// Wrapping shapes a paragraph once and measures only the lines it keeps and the next longer
/// ones, so its work grows with the text, not with the text times the line length. It must
/// still choose the breaks of measuring every longer line in turn (`referenceWrap`).
struct LinearWrappingTests {
    let body = ResolvedFont(size: 17, lineHeight: 22)

    /// The greedy wrap as it was first written: every longer line measured until one does not fit.
    static func referenceWrap(_ paragraph: String, font: ResolvedFont, width: Double, engine: PangoEngine) -> [String] {
        let scalars = Array(paragraph.unicodeScalars)
        func text(_ start: Int, _ end: Int) -> String {
            trimmingTrailingWhitespace(String(String.UnicodeScalarView(scalars[start..<end])))
        }
        let breaks = engine.lineBreakOpportunities(in: paragraph, font: font)
        var lines: [String] = []
        var start = 0
        var next = 0
        while start < scalars.count {
            var end = breaks[next]
            var line = text(start, end)
            next += 1
            while next < breaks.count {
                let longer = text(start, breaks[next])
                guard line.isEmpty || engine.width(of: longer, font: font) <= width + PangoTextMeasurer.fitTolerance else { break }
                line = longer
                end = breaks[next]
                next += 1
            }
            lines.append(line)
            start = end
        }
        return lines.isEmpty ? [""] : lines
    }

    static let paragraphs = [
        "The quick brown fox jumps over the lazy dog, then naps under the old oak tree until dusk.",
        "Glazed, sprinkled, filled: twelve donuts for the price of ten — every Saturday morning!",
        "東京の朝はとても静かで、駅前の喫茶店では焼きたてのドーナツとコーヒーの香りが漂っています。",
        "Mixed 日本語 and English text, with numbers 12,345.67 and a URL https://example.com/a/b?c=d.",
        "   Leading spaces, double  spaces and trailing spaces   ",
        "\u{3000}\u{3000}全角スペース\u{3000}で始まる文\u{3000}\u{3000}です",
        "Cafe\u{301} na\u{308}ive cre\u{300}me bru\u{302}le\u{301}e, emoji 👍🏽 👨‍👩‍👧 and flags 🇫🇷🇯🇵 between words.",
        "مرحبا بالعالم، هذا نص عربي طويل بعض الشيء للاختبار mixed with English words.",
        "well-known, state-of-the-art, re-entry; a/b/c and (parenthesised) [bracketed] words.",
        "Supercalifragilisticexpialidocious antidisestablishmentarianism short",
    ]

    @Test(arguments: paragraphs)
    func breaksMatchMeasuringEveryLongerLine(_ paragraph: String) throws {
        let measurer = try PangoTextMeasurer()
        let reference = try PangoTextMeasurer()
        var widths: [Double] = [1, 20, 37.5, 60, 95, 140.25, 200, 333]
        widths.append(reference.engine.width(of: paragraph, font: body) / 2)
        for width in widths {
            let expected = Self.referenceWrap(paragraph, font: body, width: width, engine: reference.engine)
            let layout = measurer.layout(paragraph, font: body, width: width, lineLimit: nil)
            // The same breaks; a line may start with the mark that keeps its paragraph's direction.
            let marks: Set<Character> = ["\u{200E}", "\u{200F}"]
            #expect(layout.lines.map { String($0.text.drop { marks.contains($0) }) } == expected, "width \(width)")
            #expect(layout.lines.map(\.width) == layout.lines.map { reference.engine.width(of: $0.text, font: body) }, "width \(width)")
        }
    }

    /// 3,000 ideographs and kana at about 100 per line: every character is a break opportunity.
    /// Measuring every longer line shapes about 3,000 x 50 characters; shaping the paragraph
    /// once and about two lines per line (the one kept and the one a character longer) is
    /// under 4 x 3,000.
    @Test func aLongCJKParagraphIsShapedAFewTimesOver() throws {
        let measurer = try PangoTextMeasurer()
        let ideographs = Array("東京の朝はとても静かで駅前の喫茶店では焼きたてのドーナツとコーヒーの香りが漂っています")
        let paragraph = String((0..<3000).map { ideographs[$0 % ideographs.count] })
        let before = measurer.engine.shapedBytes
        let layout = measurer.layout(paragraph, font: body, width: 1700, lineLimit: nil)
        let shaped = measurer.engine.shapedBytes - before
        // Lines hold 101 to 103 characters: kana and kanji differ in width.
        let seven = Array(repeating: 102, count: 7)
        #expect(layout.lines.map(\.text.count) == [102, 101, 102, 102, 102, 103] + seven + [103] + seven + [103] + seven + [40])
        #expect(layout.lines.map(\.text).joined() == paragraph)
        let reference = try PangoTextMeasurer()
        #expect(layout.lines.map(\.text) == Self.referenceWrap(paragraph, font: body, width: 1700, engine: reference.engine))
        #expect(shaped <= 4 * paragraph.utf8.count, "shaped \(shaped) bytes of a \(paragraph.utf8.count)-byte paragraph")
    }

    /// A paragraph measured again at another width, after other texts, is not shaped again:
    /// its breaks, advances and the widths of the lines already measured are kept.
    @Test func aParagraphAtASecondWidthIsNotShapedAgain() throws {
        let measurer = try PangoTextMeasurer()
        let paragraph = "Glazed donuts, fresh every morning at the corner shop"
        let first = measurer.layout(paragraph, font: body, width: 2000, lineLimit: nil)
        _ = measurer.layout("Something else", font: body, width: 300, lineLimit: nil)
        let before = measurer.engine.shapedBytes
        let second = measurer.layout(paragraph, font: body, width: 1900, lineLimit: nil)
        #expect(measurer.engine.shapedBytes == before)
        #expect(first.lines == second.lines && first.lines.count == 1)
    }

    /// A line limit keeps the first lines of the same wrap, the last one ellipsized.
    @Test func aLineLimitTruncatesTheSameLines() throws {
        let measurer = try PangoTextMeasurer()
        let paragraph = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 200)
        let whole = measurer.layout(paragraph, font: body, width: 300, lineLimit: nil)
        let limited = measurer.layout(paragraph, font: body, width: 300, lineLimit: 3)
        #expect(limited.truncated)
        #expect(limited.lines.prefix(2) == whole.lines.prefix(2))
        #expect(limited.lines[2].text == "over the lazy dog. The quick brown f…")
        #expect(limited.lines[2].width <= 300)
    }

    /// A paragraph that fits its width is one line, found from its width alone: its breaks are
    /// never shaped for.
    @Test func aParagraphThatFitsIsNotShapedForItsBreaks() throws {
        let measurer = try PangoTextMeasurer()
        let paragraph = "Card 12: Glazed Donut"
        let ideal = measurer.layout(paragraph, font: body, width: nil, lineLimit: nil)
        _ = measurer.layout("Something else", font: body, width: nil, lineLimit: nil)
        let before = measurer.engine.shapedBytes
        let fitted = measurer.layout(paragraph, font: body, width: ideal.size.width + 10, lineLimit: nil)
        #expect(measurer.engine.shapedBytes == before)
        #expect(fitted.lines == ideal.lines)
    }

    /// A title measured whole, then its neighbour, then wrapped (what a stack asks of a card's
    /// title and time): the wrap finds the title still shaped in a scratch layout and shapes
    /// only its two lines (the whole title's width is known), not the title again for its breaks.
    @Test func aTextWrappedAfterItsNeighbourIsNotShapedAgain() throws {
        let measurer = try PangoTextMeasurer()
        let title = "Card 9: Glazed Donut"
        let ideal = measurer.layout(title, font: body, width: nil, lineLimit: nil)
        _ = measurer.layout("56 min ago", font: body, width: nil, lineLimit: nil)
        let before = measurer.engine.shapedBytes
        let wrapped = measurer.layout(title, font: body, width: ideal.size.width - 1, lineLimit: nil)
        #expect(wrapped.lines.map(\.text) == ["Card 9: Glazed", "Donut"])
        #expect(measurer.engine.shapedBytes - before == "Card 9: Glazed".utf8.count + "Donut".utf8.count,
                "shaped \(measurer.engine.shapedBytes - before) bytes")
    }

    /// Truncating looks for the longest prefix of the kept line from where the line's average
    /// character width puts it: the prefix bisection finds, from a few candidates measured.
    @Test(arguments: [40.0, 75, 120, 180, 260])
    func truncationMeasuresAFewCandidates(_ width: Double) throws {
        let measurer = try PangoTextMeasurer()
        let paragraph = "Fresh from the truck with sprinkles, chocolate drizzle and a pinch of salt"
        let wrapped = measurer.layout(paragraph, font: body, width: width, lineLimit: nil)
        let before = measurer.engine.shapedBytes
        let truncated = try #require(measurer.layout(paragraph, font: body, width: width, lineLimit: 1).lines.first)
        let shaped = measurer.engine.shapedBytes - before
        // The longest prefix of the first line plus "…" that fits, as bisection finds it.
        let reference = try PangoTextMeasurer()
        let characters = Array(try #require(wrapped.lines.first).text)
        var fitting = "…"
        for count in 1...characters.count {
            let candidate = trimmingTrailingWhitespace(String(characters[0..<count])) + "…"
            if reference.engine.width(of: candidate, font: body) <= width + PangoTextMeasurer.fitTolerance { fitting = candidate }
        }
        #expect(truncated.text == fitting, "width \(width)")
        // Only candidates are shaped (the wrap's lines are known), at most four.
        #expect(shaped <= 4 * (characters.count + 3), "shaped \(shaped) bytes at width \(width)")
    }
}

import Testing
@testable import TextMeasure
import LayoutModel

/// Every script is drawn with a pinned Noto face (never a missing-glyph box), shaped by Pango
/// and measured as it is drawn. The pixel checks are in `PangoTextPainterTests`.
struct ScriptTests {
    let measurer: PangoTextMeasurer
    let body = ResolvedFont(size: 17, lineHeight: 22)

    init() throws { measurer = try PangoTextMeasurer() }

    /// "Hello world" in each script, with its file, its width at 17 pt and its lines at 60 pt.
    struct Sample: Sendable, CustomTestStringConvertible {
        var script: String, text: String, file: String, width: Double, lines: Int
        var testDescription: String { script }
    }

    static let samples = [
        Sample(script: "Arabic", text: "مرحبا بالعالم", file: "noto/NotoSansArabic-Regular.ttf", width: 76.60, lines: 2),
        Sample(script: "Hebrew", text: "שלום עולם", file: "noto/NotoSansHebrew-Regular.ttf", width: 74.61, lines: 2),
        Sample(script: "Thai", text: "สวัสดีชาวโลก", file: "noto/NotoSansThai-Regular.ttf", width: 83.89, lines: 2),
        Sample(script: "Devanagari", text: "नमस्ते दुनिया", file: "noto/NotoSansDevanagari-Regular.ttf", width: 73.95, lines: 2),
        Sample(script: "Korean", text: "안녕하세요 세계", file: "noto/NotoSansCJK-Regular.ttc", width: 110.19, lines: 3),
        Sample(script: "Japanese", text: "こんにちは世界", file: "noto/NotoSansCJK-Regular.ttc", width: 116.35, lines: 3),
        Sample(script: "Bengali", text: "ওহে বিশ্ব", file: "noto/NotoSansBengali-Regular.ttf", width: 56.34, lines: 1),
        Sample(script: "Tamil", text: "வணக்கம் உலகம்", file: "noto/NotoSansTamil-Regular.ttf", width: 152.04, lines: 2),
        Sample(script: "Georgian", text: "გამარჯობა", file: "noto/NotoSansGeorgian-Regular.ttf", width: 91.61, lines: 1),
        Sample(script: "Armenian", text: "Բարեւ աշխարհ", file: "noto/NotoSansArmenian-Regular.ttf", width: 126.44, lines: 2),
        Sample(script: "Ethiopic", text: "ሰላም ዓለም", file: "noto/NotoSansEthiopic-Regular.ttf", width: 69.43, lines: 2),
        Sample(script: "Emoji", text: "👋🌍", file: "noto/NotoColorEmoji.ttf", width: 41.89, lines: 1),
    ]

    @Test(arguments: samples)
    func eachScriptHasItsPinnedFaceAndStableMeasures(sample: Sample) {
        let text = sample.text
        #expect(measurer.engine.unknownGlyphs(in: text, font: body) == 0)
        let files = Set(measurer.engine.visualRuns(of: text, font: body).map { $0.file ?? "" })
        #expect(files.count == 1 && files.first?.hasSuffix("/" + sample.file) == true, "\(files)")
        let line = measurer.layout(text, font: body, width: nil, lineLimit: nil)
        #expect(abs(line.size.width - sample.width) < 0.01, "\(line.size.width)")
        let wrapped = measurer.layout(text, font: body, width: 60, lineLimit: nil)
        #expect(wrapped.lines.count == sample.lines, "\(wrapped.lines.map(\.text))")
        // The spec's line heights: the Dynamic Type line height whatever the script.
        #expect(wrapped.size.height == Double(sample.lines) * body.lineHeight)
    }

    @Test func boldTextUsesTheScriptsBoldFace() {
        var bold = body
        bold.weight = .bold
        for (text, file) in [("مرحبا", "NotoSansArabic-Bold.ttf"), ("नमस्ते", "NotoSansDevanagari-Bold.ttf")] {
            #expect(measurer.engine.visualRuns(of: text, font: bold).map(\.file) == ["/usr/share/fonts/truetype/noto/" + file])
        }
        #expect(measurer.layout("مرحبا", font: bold, width: nil, lineLimit: nil).size.width
            > measurer.layout("مرحبا", font: body, width: nil, lineLimit: nil).size.width)
    }

    /// The control of the pixel test: Tifinagh is not pinned (fonts-noto-core ships it in
    /// Regular only), so it still has no glyphs.
    @Test func aScriptOutsideThePinnedFilesHasNoGlyphs() {
        #expect(measurer.engine.unknownGlyphs(in: ScriptTests.unpinned, font: body) == 3)
    }

    static let unpinned = "ⵜⵉⴼ"

    @Test func thaiBreaksBetweenWordsWithoutSpaces() {
        #expect(measurer.layout("สวัสดีชาวโลก", font: body, width: 60, lineLimit: nil).lines.map(\.text)
            == ["สวัสดี", "ชาวโลก"])
    }

    /// A right-to-left run inside left-to-right text keeps its place; a right-to-left
    /// paragraph puts its first word on the right.
    @Test func bidiRunsAreInVisualOrder() {
        let mixed = measurer.engine.visualRuns(of: "Hello שלום world", font: body)
        #expect(mixed.map(\.text) == ["Hello ", "שלום", " ", "world"])
        let hebrewFirst = measurer.engine.visualRuns(of: "שלום Hello עולם", font: body)
        #expect(hebrewFirst.map(\.text) == ["עולם", " ", "Hello", "שלום "])
        #expect(!measurer.engine.isRightToLeft("Hello שלום", font: body))
        #expect(measurer.engine.isRightToLeft("שלום Hello", font: body))
        #expect(!measurer.engine.isRightToLeft("123", font: body))
    }

    /// A wrapped line of a right-to-left paragraph that starts with a Latin word keeps the
    /// paragraph's direction (a leading RLM); lines already in it are unchanged.
    @Test func wrappedLinesKeepTheParagraphDirection() {
        let layout = measurer.layout("שלום עולם Hello world", font: body, width: 50, lineLimit: nil)
        #expect(layout.lines.map(\.text) == ["שלום", "עולם", "\u{200F}Hello", "\u{200F}world"])
        for line in layout.lines { #expect(measurer.engine.isRightToLeft(line.text, font: body)) }
        let ltr = measurer.layout("Hello world שלום עולם", font: body, width: 50, lineLimit: nil)
        #expect(ltr.lines.map(\.text) == ["Hello", "world", "\u{200E}שלום", "\u{200E}עולם"])
        // The mark has no glyph; the line is measured with it, as it is drawn, and differs from
        // the word alone only by the tracking Pango puts after the mark (-0.026 em at 17 pt, halved).
        #expect(layout.lines[2].width == measurer.layout("\u{200F}Hello", font: body, width: nil, lineLimit: nil).size.width)
        let word = measurer.layout("Hello", font: body, width: nil, lineLimit: nil).size.width
        #expect(abs(layout.lines[2].width - word) < 0.5)
    }

    /// The mark is part of the line while wrapping: at 11 pt (positive tracking, so a mark
    /// widens its line) no line of more than one word overflows its width, and a line limit
    /// cuts nothing that fits.
    @Test func markedLinesAreWrappedAsTheyAreMeasured() {
        let caption = ResolvedFont(size: 11, lineHeight: 13)
        let text = "שלום עולם Hello world again and again"
        var marked = 0
        for width in stride(from: 30.0, through: 120, by: 0.5) {
            let layout = measurer.layout(text, font: caption, width: width, lineLimit: nil)
            for line in layout.lines where line.text.contains(" ") {
                #expect(line.width <= width + PangoTextMeasurer.fitTolerance, "width \(width): \(line.text) is \(line.width)")
            }
            marked += layout.lines.filter { $0.text.hasPrefix("\u{200F}") }.count
            let limited = measurer.layout(text, font: caption, width: width, lineLimit: layout.lines.count)
            #expect(!limited.truncated && limited.lines == layout.lines, "width \(width)")
        }
        #expect(marked > 100)
    }

    @Test func mixedTextMeasuresAsItsRunsAreDrawn() {
        for text in ["Hello שלום world", "Price: ١٢٣ درهم", "OK नमस्ते 👋"] {
            #expect(measurer.engine.unknownGlyphs(in: text, font: body) == 0, "\(text)")
            let runs = measurer.engine.visualRuns(of: text, font: body)
            let sum = runs.map { measurer.engine.width(of: $0.text, font: body) }.reduce(0, +)
            let whole = measurer.layout(text, font: body, width: nil, lineLimit: nil).size.width
            // Runs measured alone differ only by the tracking Pango puts between them.
            #expect(abs(sum - whole) < 1.5, "\(text): \(sum) vs \(whole)")
        }
    }
}

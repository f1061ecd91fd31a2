import CCairo
import Testing
@testable import TextMeasure
import LayoutModel

/// Swift Testing runs tests in parallel and a measurer is for one thread, so every test
/// makes its own (the font configuration behind them is shared).
struct PangoTextMeasurerTests {
    let measurer: PangoTextMeasurer
    let body = ResolvedFont(size: 17, lineHeight: 22)

    init() throws { measurer = try PangoTextMeasurer() }

    func width(_ text: String, _ font: ResolvedFont? = nil) -> Double {
        measurer.layout(text, font: font ?? body, width: nil, lineLimit: nil).size.width
    }

    // MARK: Fonts

    @Test func pinnedFontsArePresent() throws {
        try PangoTextMeasurer.checkFonts()
        #expect(PangoTextMeasurer.fontPackages == ["fonts-inter", "fonts-noto-core", "fonts-quicksand",
                                                   "fonts-jetbrains-mono", "fonts-noto-cjk", "fonts-noto-color-emoji"])
    }

    @Test func missingFontFileNamesTheFileAndPackage() {
        let file = FontFile(path: "/nonexistent/Inter-Regular.otf", package: "fonts-inter", family: "Inter",
                            weight: 400, italic: false)
        #expect(throws: FontFileError.self) { try PinnedFontConfig(files: [file], rules: "<fontconfig/>") }
        do {
            _ = try PinnedFontConfig(files: [file], rules: "<fontconfig/>")
        } catch {
            #expect("\(error)" == "shotter: font file /nonexistent/Inter-Regular.otf is missing "
                + "(Debian package fonts-inter); run scripts/setup.sh")
        }
    }

    @Test func donutShopWidthIsSaneAndDeterministic() throws {
        let first = width("Donut Shop")
        #expect(first > 80 && first < 95)
        let other = try PangoTextMeasurer()
        #expect(other.layout("Donut Shop", font: body, width: nil, lineLimit: nil).size.width == first)
        #expect(measurer.layout("Donut Shop", font: body, width: nil, lineLimit: nil)
            == TextLayout(lines: [TextLine(text: "Donut Shop", width: first)], size: Size(width: first, height: 22),
                          truncated: false))
    }

    /// In one file and untracked (the default design changes cut and tracking with the size).
    @Test func widthScalesWithSize() {
        let mono = ResolvedFont(size: 17, lineHeight: 22, design: .monospaced)
        let large = ResolvedFont(size: 34, lineHeight: 41, design: .monospaced)
        #expect(abs(width("Donut Shop", large) - 2 * width("Donut Shop", mono)) < 0.01)
    }

    @Test func heavierWeightsAreWider() {
        var font = body
        let regular = width("Donut Shop", font)
        font.weight = .bold
        let bold = width("Donut Shop", font)
        font.weight = .black
        let black = width("Donut Shop", font)
        #expect(bold > regular)
        #expect(black > bold)
    }

    /// SF Pro's tracking reaches Pango: per character, 13 pt text is 6/1000 em tighter than
    /// 12 pt text (tracking 0), both in the Text cut; the monospaced design is untracked.
    @Test func trackingFollowsTheSizeTable() {
        func advanceEm(_ size: Double, _ design: FontDesign = .default) -> Double {
            let font = ResolvedFont(size: size, lineHeight: 20, design: design)
            return (width(String(repeating: "o", count: 11), font) - width("o", font)) / 10 / size
        }
        #expect(abs(advanceEm(13) - advanceEm(12) - (-0.006)) < 0.0001)
        #expect(abs(advanceEm(17) - advanceEm(12) - (-0.026)) < 0.0001)
        #expect(abs(advanceEm(17, .monospaced) - 0.6) < 0.0001)
    }

    /// The default design draws SF Pro Text sizes with Inter and Display sizes with Inter Display.
    @Test(arguments: [(19.9, "Inter-Regular.otf"), (20, "InterDisplay-Regular.otf"), (34, "InterDisplay-Regular.otf"), (11, "Inter-Regular.otf")])
    func defaultDesignSwitchesToTheDisplayCutAt20Points(size: Double, file: String) {
        let font = ResolvedFont(size: size, lineHeight: 24)
        #expect(measurer.fontFile(for: font) == "/usr/share/fonts/opentype/inter/" + file)
    }

    @Test(arguments: [
        (FontDesign.default, FontWeight.regular, false, "inter/Inter-Regular.otf"),
        (.default, .ultraLight, false, "inter/Inter-Thin.otf"),
        (.default, .semibold, true, "inter/Inter-SemiBoldItalic.otf"),
        (.default, .black, false, "inter/Inter-Black.otf"),
        (.monospaced, .regular, false, "jetbrains-mono/JetBrainsMono-Regular.ttf"),
        (.monospaced, .black, true, "jetbrains-mono/JetBrainsMono-ExtraBoldItalic.ttf"),
        (.serif, .regular, false, "noto/NotoSerif-Regular.ttf"),
        (.serif, .medium, false, "noto/NotoSerif-Regular.ttf"),
        (.serif, .semibold, false, "noto/NotoSerif-Bold.ttf"),
        (.serif, .bold, true, "noto/NotoSerif-BoldItalic.ttf"),
        (.rounded, .thin, false, "quicksand/Quicksand-Light.ttf"),
        (.rounded, .regular, true, "quicksand/Quicksand-Regular.ttf"),
        (.rounded, .medium, false, "quicksand/Quicksand-Medium.ttf"),
        (.rounded, .semibold, false, "quicksand/Quicksand-Bold.ttf"),
    ])
    func designAndWeightResolveToTheNearestPinnedFile(design: FontDesign, weight: FontWeight, italic: Bool,
                                                      file: String) {
        let font = ResolvedFont(size: 17, lineHeight: 22, weight: weight, design: design, italic: italic)
        #expect(measurer.fontFile(for: font) == "/usr/share/fonts/truetype/" + file
            || measurer.fontFile(for: font) == "/usr/share/fonts/opentype/" + file)
    }

    @Test func everyFontResolvesToItsTableFile() {
        for design in FontDesign.allCases {
            for weight in FontWeight.allCases {
                for italic in [false, true] {
                    let font = ResolvedFont(size: 17, lineHeight: 22, weight: weight, design: design, italic: italic)
                    #expect(measurer.fontFile(for: font) == FontFiles.file(for: font).path, "\(design) \(weight) \(italic)")
                }
            }
        }
    }

    @Test func monospacedDesignHasEqualAdvances() {
        let mono = ResolvedFont(size: 17, lineHeight: 22, design: .monospaced)
        #expect(width("iiii", mono) == width("WWWW", mono))
        #expect(abs(width("iiii", mono) - 4 * 0.6 * 17) < 0.01)
        #expect(width("iiii") < width("WWWW"))
    }

    @Test func designsMeasureDifferently() {
        let widths = FontDesign.allCases.map { width("Donut Shop", ResolvedFont(size: 17, lineHeight: 22, design: $0)) }
        #expect(Set(widths).count == FontDesign.allCases.count)
    }

    @Test func requestsForOtherFamiliesStayInsideThePinnedFiles() {
        let pinned = Set(FontFiles.all.map(\.path))
        for family in ["DejaVu Sans", "Liberation Serif", "Sans", "Monospace"] {
            let file = measurer.engine.fontFile(forDescription: "\(family) 17")
            #expect(file.map(pinned.contains) == true, "\(family) resolved to \(file ?? "nothing")")
        }
        #expect(measurer.engine.fontFile(forDescription: "DejaVu Sans 17")
            == "/usr/share/fonts/opentype/inter/Inter-Regular.otf")
    }

    /// Fonts are loaded in steps (the default design's files, every design's, then the
    /// fallbacks) only when a text needs them; text an earlier step covers must lay out
    /// exactly as it does with every pinned file loaded (and every fallback family named).
    @Test func textAnEarlierFontStepCoversIsTheSameWithEveryFile() throws {
        let defaultOnly = try FontFiles.config.get(), designs = try FontFiles.configWithDesigns.get()
        let fontsAll = PangoFonts(config: try FontFiles.configWithFallbacks.get(), withFallbacks: true)
        let steps = [(defaultOnly, PangoFonts(config: defaultOnly, withFallbacks: false)),
                     (designs, PangoFonts(config: designs, withFallbacks: false))]
        let texts = ["Donut Shop", "Ελληνικά кириллица", "½ ‰ → ← © ™ “quotes” — …", "0123456789 ăș éü ß"]
        var compared = 0
        for design in FontDesign.allCases {
            let font = ResolvedFont(size: 17, lineHeight: 22, weight: .semibold, design: design)
            for (config, fonts) in steps where design == .default || config === designs {
                for text in texts {
                    guard config.covers(text, families: FontFiles.designFamilies(of: design)) else { continue }
                    var step = PangoRectangle(), all = PangoRectangle()
                    pango_layout_get_extents(fonts.setText(text, font: font), nil, &step)
                    pango_layout_get_extents(fontsAll.setText(text, font: font), nil, &all)
                    #expect(step.width == all.width && step.height == all.height, "\(design) \(text)")
                    compared += 1
                }
            }
        }
        #expect(compared == texts.count * (FontDesign.allCases.count + 1))
        let families = FontFiles.designFamilies(of: .default)
        #expect(defaultOnly.covers("Donut Shop → ©", families: families))
        #expect(!defaultOnly.covers("Hello 世界", families: families))
        #expect(!designs.covers("Hello 世界", families: families))
        #expect(!designs.covers("😀", families: families))
        #expect(!designs.covers("─", families: families))
        #expect(designs.covers("─", families: FontFiles.designFamilies(of: .monospaced)), "JetBrains Mono draws box lines")
    }

    @Test func cjkAndEmojiMeasure() {
        let cjk = width("こんにちは")
        #expect(cjk > 5 * 17 * 0.9 && cjk < 5 * 17 * 1.05)
        let emoji = width("😀")
        #expect(emoji > 17 && emoji < 25)
        #expect(width("👨‍👩‍👧") == emoji)
    }

    // MARK: Lines

    @Test func noWidthGivesOneLinePerHardBreak() {
        let layout = measurer.layout("The quick brown fox\njumps\n", font: body, width: nil, lineLimit: nil)
        #expect(layout.lines.map(\.text) == ["The quick brown fox", "jumps", ""])
        #expect(layout.lines[2].width == 0)
        #expect(layout.size.width == width("The quick brown fox"))
        #expect(layout.size.height == 3 * 22)
    }

    @Test func wrapsASentenceGreedily() {
        let layout = measurer.layout("The quick brown fox jumps over the lazy dog", font: body, width: 100,
                                     lineLimit: nil)
        #expect(layout.lines.map(\.text) == ["The quick", "brown fox", "jumps over", "the lazy dog"])
        for line in layout.lines {
            #expect(line.width <= 100)
            #expect(line.width == width(line.text))
            // Greedy: the next word would not have fit.
        }
        #expect(width("The quick brown") > 100)
        #expect(layout.size == Size(width: layout.lines.map(\.width).max() ?? 0, height: 4 * 22))
        #expect(!layout.truncated)
    }

    @Test func aLongWordOverflowsOnItsOwnLine() {
        let word = "supercalifragilisticexpialidocious"
        let layout = measurer.layout("A \(word) word", font: body, width: 100, lineLimit: nil)
        #expect(layout.lines.map(\.text) == ["A", word, "word"])
        #expect(layout.size.width == width(word))
        #expect(layout.size.width > 100)
        #expect(layout.size.height == 3 * 22)
        for line in layout.lines where line.text != word { #expect(line.width <= 100) }
    }

    @Test func neverNarrowerThanTheLongestWord() {
        let text = "Tap to see nutrition information"
        let longest = width("nutrition")
        for proposal in [10.0, 50, 80, 120] {
            #expect(measurer.layout(text, font: body, width: proposal, lineLimit: nil).size.width >= longest)
        }
    }

    @Test func wrapsAtHyphensAndCJK() {
        let hyphenated = measurer.layout("well-known", font: body, width: width("well-") + 1, lineLimit: nil)
        #expect(hyphenated.lines.map(\.text) == ["well-", "known"])
        let cjk = measurer.layout("こんにちは", font: body, width: 40, lineLimit: nil)
        #expect(cjk.lines.map(\.text) == ["こん", "にち", "は"])
    }

    @Test func theExactWidthFitsItsOwnText() {
        let ideal = width("Donut Shop")
        #expect(measurer.layout("Donut Shop", font: body, width: ideal, lineLimit: nil).lines.count == 1)
        // As reported in 2-decimal layout records (rounded to the nearest hundredth).
        let rounded = (ideal * 100).rounded() / 100
        #expect(measurer.layout("Donut Shop", font: body, width: rounded, lineLimit: nil).lines.count == 1)
        #expect(measurer.layout("Donut Shop", font: body, width: ideal - 0.5, lineLimit: nil).lines.count == 2)
    }

    @Test func infiniteWidthIsNoWidth() {
        let layout = measurer.layout("The quick brown fox", font: body, width: .infinity, lineLimit: nil)
        #expect(layout.lines.map(\.text) == ["The quick brown fox"])
    }

    @Test func zeroWidthGivesOneGraphemePerLine() {
        let layout = measurer.layout("Cafe\u{301}👍🏽", font: body, width: 0, lineLimit: nil)
        #expect(layout.lines.map(\.text) == ["C", "a", "f", "e\u{301}", "👍🏽"])
        #expect(layout.size.width == layout.lines.map(\.width).max())
        #expect(layout.size.width == width("👍🏽"))
        #expect(layout.size.height == 5 * 22)
    }

    @Test func lineLimitOneEllipsizesToFitTheWidth() {
        let layout = measurer.layout("The quick brown fox jumps over the lazy dog", font: body, width: 100,
                                     lineLimit: 1)
        #expect(layout.truncated)
        #expect(layout.lines.count == 1)
        let line = layout.lines[0]
        #expect(line.text.hasSuffix("…"))
        #expect(line.text.hasPrefix("The quick"))
        #expect(line.width <= 100)
        #expect(line.width == width(line.text))
        #expect(layout.size == Size(width: line.width, height: 22))
    }

    @Test func lineLimitAppendsTheEllipsisToTheLastKeptLine() {
        let layout = measurer.layout("The quick brown fox jumps over the lazy dog", font: body, width: 100,
                                     lineLimit: 2)
        #expect(layout.truncated)
        #expect(layout.lines.map(\.text) == ["The quick", "brown fox…"])
        #expect(layout.size.height == 44)
    }

    @Test func lineLimitShortensALineUntilTheEllipsisFits() {
        let word = "Supercalifragilistic"
        let layout = measurer.layout("\(word) word", font: body, width: 100, lineLimit: 1)
        #expect(layout.truncated)
        let line = layout.lines[0]
        #expect(line.width <= 100)
        #expect(line.text.hasSuffix("…"))
        let kept = line.text.dropLast()
        #expect(word.hasPrefix(kept))
        // As long as fits: one more character would not.
        #expect(width(word.prefix(kept.count + 1) + "…") > 100)
    }

    @Test func aWordTooWideIsCutUnderALineLimit() {
        // The spec: never narrower than the longest word *unless lineLimit truncates*.
        let layout = measurer.layout("Supercalifragilistic", font: body, width: 100, lineLimit: 2)
        #expect(layout.truncated)
        #expect(layout.lines.count == 1)
        #expect(layout.lines[0].text.hasSuffix("…"))
        #expect(layout.lines[0].width <= 100)
        #expect(layout.size.width <= 100)
    }

    @Test func lineLimitWithoutWidthAppendsTheEllipsis() {
        let layout = measurer.layout("First line \nSecond line", font: body, width: nil, lineLimit: 1)
        #expect(layout.lines.map(\.text) == ["First line…"])
        #expect(layout.truncated)
    }

    @Test func lineLimitNotReachedIsNotTruncated() {
        let layout = measurer.layout("The quick brown fox", font: body, width: 100, lineLimit: 3)
        #expect(layout.lines.map(\.text) == ["The quick", "brown fox"])
        #expect(!layout.truncated)
        #expect(measurer.layout("Donut Shop", font: body, width: 100, lineLimit: 1).truncated == false)
    }

    @Test func nothingFitsButTheEllipsis() {
        let layout = measurer.layout("Hello world", font: body, width: 5, lineLimit: 1)
        #expect(layout.lines.map(\.text) == ["…"])
        #expect(layout.truncated)
    }

    @Test func heightIsLinesTimesLineHeight() {
        let caption = ResolvedFont(size: 12, lineHeight: 16)
        for proposal in [nil, 0, 30, 60, 1000] as [Double?] {
            let layout = measurer.layout("Small print that wraps\nover lines", font: caption, width: proposal,
                                         lineLimit: nil)
            #expect(layout.size.height == Double(layout.lines.count) * 16)
        }
    }
}

import Assets
import Drawing
import Foundation
import LayoutEngine
import LayoutModel
import TestSupport
import Testing

/// Issue 14's pseudolanguages, Bold Text and Increase Contrast, fake measurer: every character
/// is 0.5 em, so a 17 pt body character is 8.5 pt.
@Suite("Axes: pseudolanguages, Bold Text, Increase Contrast") struct AxesTests {
    static func environment(_ pseudolanguage: Pseudolanguage? = nil, weight: LegibilityWeight = .regular,
                            contrast: ColorSchemeContrast = .standard, scheme: ColorScheme = .light) -> RenderEnvironment {
        RenderEnvironment(device: Device.named("400x800@1")!, colorScheme: scheme, pseudolanguage: pseudolanguage,
                          legibilityWeight: weight, contrast: contrast)
    }

    @Test func eachPseudolanguageTransformsEveryStringNumbersIncluded() {
        #expect(Pseudolanguage.double.transform("Save") == "Save Save")
        #expect(Pseudolanguage.double.transform("42") == "42 42")
        // 5 characters and 30 % more: 2 of filler after a space.
        #expect(Pseudolanguage.accented.transform("Hello") == "Ĥéļļö ţĥ")
        #expect(Pseudolanguage.accented.transform("Total 12") == "Ţöţåļ 12 ţĥé")
        #expect(Pseudolanguage.bounded.transform("OK") == "[# OK #]")
        #expect(Pseudolanguage.rtl.transform("Hi") == "\u{200F}Hi\u{200F}")
        for pseudolanguage in Pseudolanguage.allCases { #expect(pseudolanguage.transform("") == "") }
    }

    @Test func doubleLengthTextsAreMeasuredTransformedAndWrapOrTruncate() throws {
        var b = StreamBuilder()
        let wrapped = b.text("Settings")
        let cut = b.text("Settings")
        let limited = b.styled(["lineLimit": .n(1)], cut)
        let stack = b.vstack(spacing: 0, [wrapped, limited])
        let framed = b.styled(["frame": .object(["width": .n(100)])], stack)
        let (plain, _) = try layOut(b, root: framed, environment: Self.environment())
        #expect(plain.texts[wrapped]?.lines.map(\.text) == ["Settings"])
        #expect(plain.frames[wrapped]?.size == Size(width: 68, height: 22))

        let (double, _) = try layOut(b, root: framed, environment: Self.environment(.double))
        // "Settings Settings" is 17 x 8.5 = 144.5 pt: two lines of 68 in 100 pt.
        #expect(double.texts[wrapped]?.lines.map(\.text) == ["Settings", "Settings"])
        // The 100 pt frame is centered on the 400 pt screen (x 150), the text in it: 150 + 16.
        #expect(double.frames[wrapped] == rect(166, 367, 68, 44))
        // One line: the first wrapped line and an ellipsis, 9 x 8.5 = 76.5, snapped to 77 at
        // x 150 + 11.75 = 161.
        #expect(double.texts[cut]?.lines.map(\.text) == ["Settings…"])
        #expect(double.texts[cut]?.truncated == true)
        #expect(double.frames[cut] == rect(161, 411, 77, 22))
    }

    @Test func everyLineOfAnRTLTextStartsWithTheMark() throws {
        var b = StreamBuilder()
        let t = b.text("Book the cabin.")
        let framed = b.styled(["frame": .object(["width": .n(100)])], t)
        let (layout, _) = try layOut(b, root: framed, environment: Self.environment(.rtl))
        #expect(layout.texts[t]?.lines.map(\.text) == ["\u{200F}Book the", "\u{200F}cabin.\u{200F}"])
        #expect(Self.environment(.rtl).layoutDirection == .ltr, "the options model sets the direction, not the environment")
    }

    @Test func boundedBracketsANavigationTitle() throws {
        var b = StreamBuilder()
        let row = b.text("Milk")
        let list = b.node("list", [:], [b.node("section", [:], [row])])
        let screen = b.node("navscreen", ["title": .s("Todos"), "displayMode": .s("inline")], [list])
        let stack = b.node("navstack", [:], [screen])
        let (layout, _) = try layOut(b, root: stack, environment: RenderEnvironment(pseudolanguage: .bounded))
        #expect(layout.labels[screen]?["title"]?.lines.map(\.text) == ["[# Todos #]"])
        #expect(layout.texts[row]?.lines.map(\.text) == ["[# Milk #]"])
        // 10 characters of 8.5 pt.
        #expect(layout.frames[row]?.width == 85)
    }

    @Test func boldTextStepsEveryWeightAsIOSDoes() {
        let stepped = FontWeight.allCases.map { SystemFontModel.boldTextWeight($0) }
        #expect(stepped == [.light, .regular, .medium, .semibold, .bold, .bold, .heavy, .black, .black])
        var font = ResolvedFont(size: 17, lineHeight: 22)
        #expect(font.drawnWeight == .regular)
        font.boldText = true
        #expect(font.drawnWeight == .semibold)
        #expect(font.weight == .regular)
    }

    @Test func boldTextReachesTheMeasurerAndThePainterWithThickerSymbols() throws {
        final class Recorder: TextMeasuring {
            var weights: [FontWeight] = []
            let base = FixedAdvanceMeasurer()
            func layout(_ text: String, font: ResolvedFont, width: Double?, lineLimit: Int?) -> TextLayout {
                weights.append(font.drawnWeight)
                return base.layout(text, font: font, width: width, lineLimit: lineLimit)
            }
        }
        var b = StreamBuilder()
        let t = b.text("Hi")
        let headline = b.styled(["font": .object(["textStyle": .s("headline")])], t)
        let symbol = b.node("image", ["systemName": .s("star")])
        let stack = b.vstack([headline, symbol])
        b.insert(stack, into: 0, at: 0)
        b.commit()
        var tree = ElementTree()
        try OpStream(file: "t.jsonl", bytes: Array(b.text.utf8)).replay { _, t in tree = t }
        let recorder = Recorder()
        let layout = LayoutPass.run(tree: tree, environment: Self.environment(weight: .bold), measurer: recorder)
        #expect(Set(recorder.weights) == [.bold], "headline's semibold measured as bold")
        let items = Painter.paint(tree: tree, layout: layout, diagnostics: Diagnostics(), screen: false).items
        let runs = items.compactMap { item -> TextRun? in if case .text(let run) = item { run } else { nil } }
        #expect(runs.map(\.font.drawnWeight) == [.bold])
        let strokes = items.compactMap { item -> Double? in if case .symbol(_, _, _, let w, _) = item { w } else { nil } }
        #expect(strokes == [2.5])
    }

    @Test func increasedContrastPicksTheHighContrastSystemColors() {
        let light = Palette(.light, contrast: .increased, catalog: .empty)
        let dark = Palette(.dark, contrast: .increased, catalog: .empty)
        #expect(light.accent == RGBA(hex: 0x0040DD) && dark.accent == RGBA(hex: 0x409CFF))
        #expect(light.red == RGBA(hex: 0xD70015) && dark.red == RGBA(hex: 0xFF6961))
        #expect(light.token("orange") == RGBA(hex: 0xC93400) && dark.token("green") == RGBA(hex: 0x30DB5B))
        // UIKit's high-contrast element colors (Flutter's CupertinoColors mirror them).
        #expect(light.separator == RGBA(rgb255: 60, 60, 67, 94.0 / 255) && dark.separator == RGBA(rgb255: 84, 84, 88, 173.0 / 255))
        #expect(light.secondaryLabel == RGBA(rgb255: 60, 60, 67, 173.0 / 255) && dark.tertiaryLabel == RGBA(rgb255: 235, 235, 245, 96.0 / 255))
        #expect(light.systemFill == RGBA(rgb255: 120, 120, 128, 71.0 / 255) && dark.opaqueSeparator == RGBA(hex: 0x38383A))
        #expect(dark.secondarySystemBackground == RGBA(hex: 0x242426))
        // Standard contrast is unchanged.
        #expect(Palette(.light).accent == RGBA(hex: 0x007AFF))
        // Materials halfway to opaque: the tab bar's 0.94 becomes 0.97.
        #expect(abs(light.barMaterial.a - 0.97) < 1e-9)
    }

    @Test func aPaintedButtonTakesTheHighContrastAccent() throws {
        var b = StreamBuilder()
        let label = b.text("Buy")
        let button = b.node("button", [:], [label])
        for (contrast, hex) in [(ColorSchemeContrast.standard, UInt32(0x007AFF)), (.increased, 0x0040DD)] {
            let (layout, tree) = try layOut(b, root: button, environment: Self.environment(contrast: contrast))
            let items = Painter.paint(tree: tree, layout: layout, diagnostics: Diagnostics()).items
            let colors = items.compactMap { item -> RGBA? in if case .text(let run) = item, run.text == "Buy" { run.color } else { nil } }
            #expect(colors == [RGBA(hex: hex)])
        }
    }

    @Test func aColorSetsHighContrastAppearancesAreUsedUnderIncreasedContrast() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("axes-\(UUID().uuidString).xcassets")
        let set = folder.appendingPathComponent("Brand.colorset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func color(_ hex: String, _ appearances: String) -> String {
            #"{"idiom":"universal",\#(appearances)"color":{"color-space":"srgb","components":{"red":"0x\#(hex)","green":"0x00","blue":"0x00","alpha":"1.000"}}}"#
        }
        let contents = #"{"colors":["# + [
            color("10", ""),
            color("20", #""appearances":[{"appearance":"luminosity","value":"dark"}],"#),
            color("30", #""appearances":[{"appearance":"contrast","value":"high"}],"#),
            color("40", #""appearances":[{"appearance":"luminosity","value":"dark"},{"appearance":"contrast","value":"high"}],"#),
        ].joined(separator: ",") + #"],"info":{"author":"xcode","version":1}}"#
        try contents.write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let catalog = try AssetCatalog.load([folder.path])
        var reds: [Double] = []
        for scheme in ColorScheme.allCases {
            for contrast in ColorSchemeContrast.allCases {
                let c = Palette(scheme, contrast: contrast, catalog: catalog).color(.named("Brand", opacity: 1), foreground: .black)
                reds.append((c.r * 255).rounded())
            }
        }
        #expect(reds == [0x10, 0x30, 0x20, 0x40])
    }
}

import Audit
import Drawing
import LayoutEngine
import LayoutModel
import TestSupport
import Testing

@Suite struct NonTextContrastTests {
    @Test func tintedControlsAndIconsThatNameAControlNeed3To1DefaultControlsAreThePlatforms() throws {
        var b = StreamBuilder()
        // Tinted yellow (1, 0.8, 0), on: the switch is the author's color.
        let yellowLabel = b.text("Yellow")
        let yellow = b.styled(["tint": .rgb(1, 0.8, 0)], b.node("toggle", ["isOn": .bool(true)], [yellowLabel]))
        // iOS's own green and off track (about 2.2:1 and 1.3:1 on white): the platform's.
        let defaultLabel = b.text("Default")
        let plain = b.node("toggle", ["isOn": .bool(true)], [defaultLabel])
        let offLabel = b.text("Off")
        let off = b.node("toggle", ["isOn": .bool(false)], [offLabel])
        // A slider tinted dark green (0, 0.5, 0): 5.17:1 on white.
        let slider = b.styled(["tint": .rgb(0, 0.5, 0)], b.node("slider", ["value": .n(0.5), "min": .n(0), "max": .n(1)]))
        // An icon-only button in gray 0.6, and the same gray beside a text (decorative).
        let icon = b.styled(["foreground": .rgb(0.6, 0.6, 0.6)], b.node("image", ["systemName": .s("trash")]))
        let trash = b.styled(["accessibilityLabel": .s("Delete")], b.node("button", ["style": .s("plain")], [icon]))
        let decoration = b.styled(["foreground": .rgb(0.6, 0.6, 0.6)], b.node("image", ["systemName": .s("star")]))
        let root = b.vstack(spacing: 20, [yellow, plain, off, slider, trash, decoration])
        let findings = try b.audit(root: root, sizes: [.large]).findings.filter { $0.check == .contrastNonText }
        #expect(findings.map(\.part) == ["switch", "icon"])
        #expect(findings.map(\.severity) == [.error, .error])
        // Yellow: 0.2126 + 0.7152 x ((0.8 + 0.055) / 1.055)^2.4 = 0.6445 -> 1.05 / 0.6945 = 1.512.
        // Gray 0.6: 0.3185 -> 1.05 / 0.3685 = 2.849.
        #expect(findings.map(\.measurement) == [Measurement(value: 1.51, threshold: 3, unit: ":1"),
                                                 Measurement(value: 2.84, threshold: 3, unit: ":1")])
        #expect(findings.first?.detail == "switch contrast 1.51:1 (needs 3:1) for #FFCC00")
    }

    @Test func aStandardFormOfDefaultControlsIsClean() throws {
        var b = StreamBuilder()
        let wifi = b.text("Wi-Fi"), bluetooth = b.text("Bluetooth")
        let on = b.node("toggle", ["isOn": .bool(true)], [wifi]), off = b.node("toggle", ["isOn": .bool(false)], [bluetooth])
        // (An empty field's placeholder, tertiary label at 1.73:1, is text: contrast.text.)
        let field = b.node("textfield", ["text": .s("Ada"), "placeholder": .s("Name"), "style": .s("roundedBorder"), "secure": .bool(false)])
        let slider = b.styled(["accessibilityLabel": .s("Volume")], b.node("slider", ["value": .n(0.3), "min": .n(0), "max": .n(1)]))
        let rows = [on, off, field, slider].map { b.node("listrow", [:], [$0]) }
        let form = b.node("list", ["style": .s("grouped")], rows)
        let result = try b.audit(root: form, sizes: [.large, .accessibility3], schemes: [.light, .dark])
        #expect(result.findings.map { "\($0.check.rawValue) \($0.element.description) \($0.detail)" } == [])
    }

    @Test func inDarkTheSameYellowSwitchPasses() throws {
        var b = StreamBuilder()
        let label = b.text("Yellow")
        let yellow = b.styled(["tint": .rgb(1, 0.8, 0)], b.node("toggle", ["isOn": .bool(true)], [label]))
        let findings = try b.audit(root: yellow, sizes: [.large], schemes: [.dark]).findings
        #expect(findings.filter { $0.check == .contrastNonText }.isEmpty)
    }
}

/// A sampler that answers from a fixed list, recording what it was asked.
final class FixedPixels: PixelSampler {
    let answer: [RGBA]
    private(set) var asked: [(index: Int, rect: Rect)] = []
    init(_ answer: [RGBA]) { self.answer = answer }
    func colors(of list: DisplayList, before index: Int, in rect: Rect) throws -> [RGBA] {
        asked.append((index, rect))
        return answer
    }
}

@Suite struct PixelContrastTests {
    static func overGradient() -> (StreamBuilder, root: Int, label: Int) {
        var b = StreamBuilder()
        let label = b.text("Sale")
        let gradient: JSON = .object(["linearGradient": .object(["stops": .array([.object(["color": .rgb(0, 0, 0)]),
                                                                                 .object(["color": .rgb(1, 1, 1)])])])])
        let root = b.styled(["foreground": .rgb(1, 1, 1), "background": gradient], label)
        return (b, root, label)
    }

    @Test func overAGradientTheWorstRenderedPixelUnderTheLinesIsTheRatio() throws {
        let (b, root, label) = Self.overGradient()
        // What the render pipeline would see under the line: mid gray 0.5 and a dark 0.2.
        let pixels = FixedPixels([RGBA(0.5, 0.5, 0.5), RGBA(0.2, 0.2, 0.2)])
        let finding = try #require(try b.audit(root: root, sizes: [.large], pixels: pixels).findings.first)
        #expect(finding.check == .contrastText && finding.review)
        // White over 0.5: L = ((0.5 + 0.055) / 1.055)^2.4 = 0.2140 -> 1.05 / 0.2640 = 3.977;
        // over 0.2 (L 0.0331) it would be 12.6: the worst is 3.97, a warning.
        #expect(finding.measurement == Measurement(value: 3.97, threshold: 4.5, unit: ":1"))
        #expect(finding.severity == .warning)
        // Asked once, for the one line of "Sale" (4 x 8.5 pt wide, 22 pt high), before its run.
        #expect(pixels.asked.map(\.rect.size) == [Size(width: 34, height: 22)])
        #expect(pixels.asked.first.map(\.rect.origin) == (try b.layout(root: root).placedText(of: label)?.lines.first?.origin))
    }

    @Test func overASolidFillNoPixelIsAsked() throws {
        var b = StreamBuilder()
        let label = b.text("Pay")
        let root = b.styled(["foreground": .rgb(1, 1, 1), "background": .rgb(0, 0.48, 1)], label)
        let pixels = FixedPixels([.black])
        let findings = try b.audit(root: root, sizes: [.large], pixels: pixels).findings
        #expect(findings.first?.measurement?.value == 4)
        #expect(pixels.asked.isEmpty)
    }
}

@Suite struct BarClippingTests {
    /// A tab whose content, 760 pt of color above a text, is centered in the 751 pt above the
    /// 49 pt tab bar: its top at -15.5 pt, snapped to -16 at 1x, puts the text's line
    /// (744 to 766 pt) 15 pt under the bar.
    static func tab(scrolls: Bool) -> (StreamBuilder, root: Int, text: Int) {
        var b = StreamBuilder()
        let filler = b.styled(["frame": .object(["height": .n(760)])], b.node("color", ["color": .rgb(0.9, 0.9, 0.9)]))
        let text = b.text("Hidden")
        var content = b.vstack(spacing: 0, [filler, text])
        if scrolls { content = b.node("scrollview", ["axes": .s("vertical")], [content]) }
        let tab = b.node("tab", ["title": .s("Home")], [content])
        let root = b.node("tabview", ["selected": .n(0)], [tab])
        return (b, root, text)
    }

    @Test func aTextUnderTheTabBarIsClippedByIt() throws {
        let (b, root, text) = Self.tab(scrolls: false)
        let findings = try b.audit(root: root, sizes: [.large]).findings.filter { $0.check == .textClipped }
        #expect(findings.map(\.element.id) == [text])
        #expect(findings.first?.measurement == Measurement(value: 15, threshold: 0.5, unit: "pt"))
        #expect(findings.first?.detail == "lines extend 15 pt past the tab bar of #\(root) tabview")
        #expect(findings.first?.frame == Rect(x: 0, y: 751, width: 400, height: 49))
    }

    @Test func aTextInAScrollViewScrollsClearOfTheTabBar() throws {
        let (b, root, _) = Self.tab(scrolls: true)
        #expect(try b.audit(root: root, sizes: [.large]).findings.filter { $0.check == .textClipped }.isEmpty)
    }
}

extension BarClippingTests {
    /// The same text in a sheet presented from the tab: the sheet is drawn over the tab bar,
    /// so its lines are not under it.
    @Test func aSheetIsDrawnOverTheBarsOfWhatPresentsIt() throws {
        var b = StreamBuilder()
        let filler = b.styled(["frame": .object(["height": .n(760)])], b.node("color", ["color": .rgb(0.9, 0.9, 0.9)]))
        let text = b.text("Shown")
        let sheet = b.node("sheet", ["detents": .array([.s("large")])], [b.vstack(spacing: 0, [filler, text])])
        let tab = b.node("tab", ["title": .s("Home")], [b.node("zstack", ["alignment": .s("center")], [b.text("Home"), sheet])])
        let root = b.node("tabview", ["selected": .n(0)], [tab])
        let layout = try b.layout(root: root)
        // The sheet's text does reach into the tab bar's rect...
        let line = try #require(layout.placedText(of: text)?.lines.first)
        #expect(line.origin.y + 22 > 751)
        // ...and is not clipped by it.
        #expect(try b.audit(root: root, sizes: [.large]).findings.filter { $0.check == .textClipped && $0.element.id == text }.isEmpty)
    }
}

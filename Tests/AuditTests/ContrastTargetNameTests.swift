import TestSupport
import Audit
import Drawing
import LayoutEngine
import LayoutModel
import Testing

@Suite struct ContrastTests {
    /// Hand-computed WCAG 2.x ratios: (L1 + 0.05) / (L2 + 0.05) with sRGB linearised.
    @Test func ratiosMatchHandComputedFigures() {
        #expect(WCAG.ratio(.black, .white) == 21)
        // #777777: 119/255 = 0.4667 -> ((0.4667 + 0.055) / 1.055)^2.4 = 0.1845 -> 1.05 / 0.2345.
        #expect(abs(WCAG.ratio(RGBA(hex: 0x777777), .white) - 4.478) < 0.001)
        // #999999: 0.6 -> 0.3185 -> 1.05 / 0.3685.
        #expect(abs(WCAG.ratio(RGBA(hex: 0x999999), .white) - 2.849) < 0.001)
        // iOS system blue on white, "nearly": 0.2064 (0.0722 x 1 + 0.7152 x 0.1946 + 0) -> 4.02.
        #expect(abs(WCAG.ratio(RGBA(hex: 0x007AFF), .white) - 4.02) < 0.005)
        // Black at 60% over white is #666666.
        #expect(WCAG.over(RGBA(0, 0, 0, 0.6), .white) == RGBA(0.4, 0.4, 0.4))
    }

    /// A text in gray `value` (streams carry two decimals, as a headless run prints them).
    static func gray(_ b: inout StreamBuilder, _ value: Double, _ text: String, font: [String: JSON] = [:]) -> Int {
        let t = b.text(text)
        var style: [String: JSON] = ["foreground": .rgb(value, value, value)]
        if !font.isEmpty { style["font"] = .object(font) }
        return b.styled(style, t)
    }

    @Test func normalTextUnder3IsAnErrorBetween3And4Point5AWarningLargeTextNeeds3() throws {
        var b = StreamBuilder()
        let nearly = Self.gray(&b, 0.47, "Nearly")
        let faint = Self.gray(&b, 0.6, "Faint")
        let large = Self.gray(&b, 0.47, "Large", font: ["textStyle": .s("title3")])
        let root = b.vstack(spacing: 8, [nearly, faint, large])
        let findings = try b.audit(root: root, sizes: [.large]).findings
        #expect(findings.map(\.check) == [.contrastText, .contrastText])
        #expect(findings.map(\.element.text) == ["Nearly", "Faint"])
        #expect(findings.map(\.severity) == [.warning, .error])
        // 0.47: ((0.47 + 0.055) / 1.055)^2.4 = 0.1873 -> 1.05 / 0.2373 = 4.42 (rounded down);
        // 0.6: 0.3185 -> 1.05 / 0.3685 = 2.849.
        #expect(findings.map(\.measurement) == [Measurement(value: 4.42, threshold: 4.5, unit: ":1"),
                                                 Measurement(value: 2.84, threshold: 4.5, unit: ":1")])
    }

    @Test func theBackdropIsWhatPaintDrewBeneathTheLine() throws {
        var b = StreamBuilder()
        let label = b.text("Pay")
        let root = b.styled(["foreground": .rgb(1, 1, 1), "background": .rgb(0, 0.48, 1), "padding": .object(["top": .n(8)])], label)
        let findings = try b.audit(root: root, sizes: [.large], schemes: [.light, .dark]).findings
        #expect(findings.map(\.check) == [.contrastText])
        // White on (0, 0.48, 1), about system blue: L = 0.0722 + 0.7152 x 0.196 = 0.2124 ->
        // 1.05 / 0.2624 = 4.0015.
        #expect(findings.first?.measurement?.value == 4)
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.occursAt.map(\.scheme) == [.light, .dark])
    }

    @Test func overAGradientTheWorstStopIsReportedForReview() throws {
        var b = StreamBuilder()
        let label = b.text("Sale")
        let gradient: JSON = .object(["linearGradient": .object(["stops": .array([.object(["color": .rgb(0, 0, 0)]),
                                                                                 .object(["color": .rgb(1, 1, 1)])])])])
        let root = b.styled(["foreground": .rgb(1, 1, 1), "background": gradient], label)
        let finding = try #require(try b.audit(root: root, sizes: [.large]).findings.first)
        #expect(finding.check == .contrastText && finding.review)
        #expect(finding.measurement?.value == 1)
    }

    @Test func disabledAndHiddenTextsAreSkipped() throws {
        var b = StreamBuilder()
        let disabled = b.styled(["disabled": .bool(true)], Self.gray(&b, 0.6, "Off"))
        let hidden = b.styled(["hidden": .bool(true)], Self.gray(&b, 0.6, "Gone"))
        let root = b.vstack(spacing: 0, [disabled, hidden])
        #expect(try b.audit(root: root, sizes: [.large]).findings.isEmpty)
    }
}

@Suite struct TargetAndNameTests {
    static func button(_ b: inout StreamBuilder, _ title: String) -> Int {
        let label = b.text(title)
        return b.node("button", ["style": .s("plain")], [label])
    }

    @Test func aLoneSmallButtonIsSpacedSoOnlyUnderTheHIGSize() throws {
        var b = StreamBuilder()
        let ok = Self.button(&b, "OK")
        let findings = try b.audit(root: ok, sizes: [.large]).findings
        #expect(findings.map(\.check) == [.targetSize])
        #expect(findings.first?.severity == .warning)
        // "OK": 2 x 8.5 pt wide, one 22 pt body line high.
        #expect(findings.first?.measurement == Measurement(value: 17, threshold: 44, unit: "pt"))
        #expect(findings.first?.detail == "target 17 x 22 pt, under 44 x 44 pt")
    }

    @Test func smallButtonsSideBySideFailWCAG258() throws {
        var b = StreamBuilder()
        let minus = Self.button(&b, "-"), plus = Self.button(&b, "+")
        let root = b.hstack(spacing: 0, [minus, plus])
        let findings = try b.audit(root: root, sizes: [.large]).findings.filter { $0.check == .targetSize }
        #expect(findings.map(\.element.id) == [minus, plus])
        #expect(findings.map(\.severity) == [.error, .error])
        // "-" is 8.5 pt wide, snapped to 9.
        #expect(findings.first?.measurement == Measurement(value: 9, threshold: 24, unit: "pt"))
    }

    @Test func aControlMostlyCoveredByWhatIsDrawnAboveItIsObscured() throws {
        var b = StreamBuilder()
        let label = b.text("OK")
        let roomy = b.styled(["frame": .object(["width": .n(44), "height": .n(44)])], label)
        let ok = b.node("button", ["style": .s("plain")], [roomy])
        let card = b.node("color", ["color": .rgb(1, 1, 1)])
        // A 40 pt card drawn over the top leading corner of the 44 pt button.
        let sized = b.styled(["frame": .object(["width": .n(40), "height": .n(40)])], card)
        let cover = b.node("zstack", ["alignment": .s("topLeading")], [ok, sized])
        let findings = try b.audit(root: cover, sizes: [.large]).findings
        #expect(findings.map(\.check) == [.targetObscured])
        #expect(findings.first?.element.id == ok && findings.first?.related?.id == card)
        // Sample points at 2.2 + 4.4 k pt: 9 of 10 in each direction fall under 40 pt.
        #expect(findings.first?.measurement == Measurement(value: 81, threshold: 50, unit: "%"))
    }

    @Test func anIconOnlyButtonHasNoNameAndASymbolNameIsNoName() throws {
        var b = StreamBuilder()
        let icon = b.node("image", ["systemName": .s("cart.badge.plus")])
        let iconOnly = b.node("button", ["style": .s("plain")], [icon])
        let icon2 = b.node("image", ["systemName": .s("cart.badge.plus")])
        let labelled = b.node("button", ["style": .s("plain")], [icon2])
        let named = b.styled(["accessibilityLabel": .s("Add to cart")], labelled)
        let icon3 = b.node("image", ["systemName": .s("cart.badge.plus")])
        let symbolic = b.node("button", ["style": .s("plain")], [icon3])
        let symbolName = b.styled(["accessibilityLabel": .s("cart.badge.plus")], symbolic)
        let root = b.vstack(spacing: 40, [iconOnly, named, symbolName])
        let findings = try b.audit(root: root, sizes: [.large]).findings.filter { $0.check.rawValue.hasPrefix("name.") }
        #expect(findings.map(\.check) == [.nameMissing, .nameSymbol])
        #expect(findings.map(\.element.id) == [iconOnly, symbolic])
        #expect(findings.first?.detail == "no accessible name (only the image \"cart.badge.plus\")")
        #expect(findings.first?.element.line == b.createLine(of: iconOnly))
    }

    @Test func cleanScreensHaveNoFinding() throws {
        // A counter with roomy buttons, a list of rows, a form of toggles.
        var b = StreamBuilder()
        let count = b.text("3")
        let less = b.text("Less"), more = b.text("More")
        let roomy = b.styled(["frame": .object(["minWidth": .n(44), "minHeight": .n(44)])], less)
        let roomy2 = b.styled(["frame": .object(["minWidth": .n(44), "minHeight": .n(44)])], more)
        let minus = b.node("button", ["style": .s("plain")], [roomy]), plus = b.node("button", ["style": .s("plain")], [roomy2])
        let counter = b.hstack(spacing: 16, [minus, count, plus])
        let wifi = b.text("Wi-Fi")
        let toggle = b.node("toggle", ["isOn": .bool(true)], [wifi])
        let row = b.node("listrow", [:], [toggle])
        let name = b.text("Name")
        let row2 = b.node("listrow", [:], [name])
        let list = b.node("list", [:], [row, row2])
        let root = b.vstack(spacing: 20, [counter, list])
        let result = try b.audit(root: root, sizes: [.xSmall, .large, .xxxLarge], schemes: [.light, .dark])
        #expect(result.findings.map { "\($0.check.rawValue) \($0.element.description) \($0.detail)" } == [])
        #expect(result.unmeasured == 0)
    }
}

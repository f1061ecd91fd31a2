import TestSupport
import Testing
import LayoutEngine
import LayoutModel

@Suite("Text and fonts") struct TextTests {
    @Test func textWrapsToTheProposedWidth() throws {
        var b = StreamBuilder()
        let t = b.text("The quick brown fox jumps")
        let framed = b.styled(["frame": .object(["width": .n(100)])], t)
        let (layout, _) = try layOut(b, root: framed, environment: plainScreen)
        // 100 pt = 11 characters of 8.5: "The quick", "brown fox", "jumps".
        #expect(layout.texts[t]?.lines.map(\.text) == ["The quick", "brown fox", "jumps"])
        #expect(layout.frames[t]?.height == 66)
    }

    @Test func lineLimitTruncatesWithAnEllipsis() throws {
        var b = StreamBuilder()
        let t = b.text("The quick brown fox jumps")
        let limited = b.styled(["lineLimit": .n(1)], t)
        let framed = b.styled(["frame": .object(["width": .n(100)])], limited)
        let (layout, _) = try layOut(b, root: framed, environment: plainScreen)
        #expect(layout.texts[t]?.lines.map(\.text) == ["The quick…"])
        #expect(layout.texts[t]?.truncated == true)
        #expect(layout.frames[t]?.height == 22)
    }

    @Test func fontFieldsChangeOnlyThemselves() throws {
        var b = StreamBuilder()
        let t = b.text("Hi")
        let bold = b.styled(["font": .object(["weight": .s("bold")])], t)
        let title = b.styled(["font": .object(["textStyle": .s("title"), "design": .s("serif")])], bold)
        let (layout, _) = try layOut(b, root: title, environment: plainScreen)
        #expect(layout.fonts[t] == ResolvedFont(size: 28, lineHeight: 34, weight: .bold, design: .serif))
    }

    @Test func headlineIsSemiboldUnlessAWeightIsGiven() throws {
        var b = StreamBuilder()
        let t = b.text("Hi"), u = b.text("Yo")
        let headline = b.styled(["font": .object(["textStyle": .s("headline")])], t)
        let light = b.styled(["font": .object(["textStyle": .s("headline"), "weight": .s("light")])], u)
        let stack = b.vstack([headline, light])
        let (layout, _) = try layOut(b, root: stack, environment: plainScreen)
        #expect(layout.fonts[t]?.weight == .semibold)
        #expect(layout.fonts[u]?.weight == .light)
    }

    @Test(arguments: DynamicTypeSize.allCases)
    func textStylesFollowTheDynamicTypeTable(size: DynamicTypeSize) throws {
        var b = StreamBuilder()
        let t = b.text("Hi")
        let styled = b.styled(["font": .object(["textStyle": .s("footnote")])], t)
        let (layout, _) = try layOut(b, root: styled, environment: RenderEnvironment(device: plainScreen.device, dynamicTypeSize: size))
        let expected = DynamicTypeTable.metrics(.footnote, size)
        #expect(layout.fonts[t]?.size == expected.size)
        #expect(layout.frames[t]?.height == expected.lineHeight)
    }

    @Test func fixedSizeDoesNotScaleButRelativeToDoes() throws {
        var b = StreamBuilder()
        let fixed = b.text("A"), relative = b.text("B")
        let a = b.styled(["font": .object(["size": .n(20)])], fixed)
        let r = b.styled(["font": .object(["size": .n(20), "relativeTo": .s("body")])], relative)
        let env = RenderEnvironment(device: plainScreen.device, dynamicTypeSize: .accessibility3)
        let stack = b.vstack([a, r])
        let (layout, _) = try layOut(b, root: stack, environment: env)
        #expect(layout.fonts[fixed]?.size == 20)
        #expect(layout.fonts[fixed]?.lineHeight == 24)
        // body grows from 17 to 40 at accessibility3.
        #expect(abs((layout.fonts[relative]?.size ?? 0) - 20 * 40 / 17) < 0.001)
    }

    @Test func aSqueezedHeightKeepsWholeLines() throws {
        var b = StreamBuilder()
        let t = b.text("one two three four five six seven")
        let framed = b.styled(["frame": .object(["width": .n(80), "height": .n(50)])], t)
        let (layout, _) = try layOut(b, root: framed, environment: plainScreen)
        #expect(layout.texts[t]?.lines.count == 2)
        #expect(layout.texts[t]?.truncated == true)
    }

    @Test func multilineAlignmentIsInheritedByTheText() throws {
        var b = StreamBuilder()
        let t = b.text("Hi")
        let centered = b.styled(["multilineTextAlignment": .s("center")], t)
        let (layout, _) = try layOut(b, root: centered, environment: plainScreen)
        #expect(layout.contexts[t]?.textAlignment == .center)
    }
}

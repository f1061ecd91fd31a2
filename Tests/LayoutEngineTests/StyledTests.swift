import TestSupport
import Testing
import LayoutEngine
import LayoutModel

@Suite("Styled: padding, frame, fixedSize") struct StyledTests {
    @Test func paddingInsetsTheChildAndAddsToTheSize() throws {
        var b = StreamBuilder()
        let t = b.text("Hello")
        let padded = b.styled(["padding": .object(["top": .n(10), "leading": .n(16), "bottom": .n(4), "trailing": .n(6)])], t)
        let (layout, _) = try layOut(b, root: padded, environment: plainScreen)
        // 42.5 + 22 = 64.5 wide, 22 + 14 = 36 tall, centered in 400 x 800.
        #expect(layout.frames[padded] == rect(167, 382, 65, 36))
        #expect(layout.frames[t] == rect(183, 392, 43, 22))
    }

    @Test func fixedFrameIsReportedAsIsAndAlignsTheChild() throws {
        var b = StreamBuilder()
        let t = b.text("Hi")
        let framed = b.styled(["frame": .object(["width": .n(200), "height": .n(100), "alignment": .s("topLeading")])], t)
        let (layout, _) = try layOut(b, root: framed, environment: plainScreen)
        #expect(layout.frames[framed] == rect(100, 350, 200, 100))
        #expect(layout.frames[t] == rect(100, 350, 17, 22))
    }

    @Test func maxWidthInfinityFillsTheProposal() throws {
        var b = StreamBuilder()
        let t = b.text("Hi")
        let framed = b.styled(["frame": .object(["maxWidth": .s("infinity"), "alignment": .s("trailing")])], t)
        let (layout, _) = try layOut(b, root: framed, environment: plainScreen)
        #expect(layout.frames[framed] == rect(0, 389, 400, 22))
        #expect(layout.frames[t] == rect(383, 389, 17, 22))
    }

    @Test func minWidthGrowsASmallChildButDoesNotFillTheProposal() throws {
        // SwiftUI: max(min, min(child, proposal)) = max(100, 17) = 100 (docs/decisions.md).
        var b = StreamBuilder()
        let framed = b.styled(["frame": .object(["minWidth": .n(100)])], b.text("Hi"))
        let (layout, _) = try layOut(b, root: framed, environment: plainScreen)
        #expect(layout.frames[framed]?.width == 100)
    }

    @Test func maxWidthCapsAWideChild() throws {
        var b = StreamBuilder()
        let t = b.text("one two three four five six")
        let framed = b.styled(["frame": .object(["maxWidth": .n(80)])], t)
        let (layout, _) = try layOut(b, root: framed, environment: plainScreen)
        #expect(layout.frames[framed]?.width == 80)
        // 80 pt holds 9 characters: "one two", "three", "four five", "six".
        #expect(layout.texts[t]?.lines.map(\.text) == ["one two", "three", "four five", "six"])
        #expect(layout.frames[t]?.height == 88)
    }

    @Test func fixedSizeKeepsTheIdealWidthBeyondTheProposal() throws {
        var b = StreamBuilder()
        let t = b.text("a long single line of text here")
        let fixed = b.styled(["fixedSize": .object(["horizontal": .bool(true), "vertical": .bool(false)])], t)
        let framed = b.styled(["frame": .object(["width": .n(50)])], fixed)
        let (layout, _) = try layOut(b, root: framed, environment: plainScreen)
        #expect(layout.texts[t]?.lines.count == 1)
        #expect(layout.frames[t]?.width == 264) // 31 characters x 8.5 = 263.5
        #expect(layout.frames[framed]?.width == 50)
    }

    @Test func buttonStylesAddPaddingWhenBordered() throws {
        var b = StreamBuilder()
        let plainLabel = b.text("Add"), borderedLabel = b.text("Add")
        let plain = b.node("button", ["style": .s("automatic")], [plainLabel])
        let bordered = b.node("button", ["style": .s("borderedProminent")], [borderedLabel])
        let stack = b.vstack(spacing: 0, [plain, bordered])
        let (layout, _) = try layOut(b, root: stack, environment: plainScreen)
        #expect(layout.frames[plain]?.size == Size(width: 26, height: 22))   // 25.5 rounds to 26
        #expect(layout.frames[bordered]?.size == Size(width: 54, height: 36)) // 25.5 + 28, 22 + 14
        #expect(layout.frames[borderedLabel]!.x - layout.frames[bordered]!.x == 14)
    }

    @Test func colorAndShapeFillTheProposalOrTenWhenUnspecified() throws {
        var b = StreamBuilder()
        let color = b.node("color", ["color": .object(["name": .s("accent")])])
        let fixed = b.styled(["fixedSize": .object(["horizontal": .bool(true), "vertical": .bool(true)])], color)
        let shape = b.node("shape", ["shape": .s("circle")])
        let stack = b.vstack(spacing: 0, [fixed, shape])
        let (layout, _) = try layOut(b, root: stack, environment: plainScreen)
        #expect(layout.frames[color]?.size == Size(width: 10, height: 10))
        #expect(layout.frames[shape]?.width == 400)
        #expect(layout.frames[shape]?.height == 790)
    }

    @Test func imageIsASquareOfTheLineHeight() throws {
        var b = StreamBuilder()
        let image = b.node("image", ["systemName": .s("star.fill")])
        let styled = b.styled(["font": .object(["textStyle": .s("largeTitle")])], image)
        let (layout, _) = try layOut(b, root: styled, environment: plainScreen)
        #expect(layout.frames[image]?.size == Size(width: 41, height: 41))
        let (large, _) = try layOut(b, root: styled, environment: RenderEnvironment(device: plainScreen.device, dynamicTypeSize: .accessibility5))
        // largeTitle at accessibility5: 60 pt, line height round(60 x 1.2).
        #expect(large.frames[image]?.size == Size(width: 72, height: 72))
    }

    @Test func unknownKindIsAFlexibleBox() throws {
        var b = StreamBuilder()
        let mystery = b.node("hologram", ["beam": .bool(true)])
        let framed = b.styled(["frame": .object(["width": .n(120), "height": .n(40)])], mystery)
        let (layout, tree) = try layOut(b, root: framed, environment: plainScreen)
        #expect(layout.frames[mystery] == rect(140, 380, 120, 40))
        #expect(tree.diagnostics.warnings == [#"unknown element kind "hologram": drawn as a placeholder"#])
    }
}

import TestSupport
import Testing
import LayoutEngine
import LayoutModel

@Suite("Stacks") struct StackTests {
    @Test func vstackStacksWithDefaultSpacingAndCentersInSafeArea() throws {
        var b = StreamBuilder()
        let a = b.text("Hello"), c = b.text("Hi")
        let stack = b.vstack([a, c])
        let (layout, _) = try layOut(b, root: stack)
        // 42.5 wide (rounded 43), 22 + 8 + 22 = 52 tall, centered in the 393 x 759 safe area at y 59.
        #expect(layout.frames[stack] == rect(175, 412, 43, 52))
        #expect(layout.frames[a] == rect(175, 412, 43, 22))
        // "Hi" is 17 wide, centered: 175.25 + 12.75 = 188 after flooring.
        #expect(layout.frames[c] == rect(188, 442, 17, 22))
    }

    @Test func vstackAlignmentLeadingAndCustomSpacing() throws {
        var b = StreamBuilder()
        let a = b.text("Hello"), c = b.text("Hi")
        let stack = b.vstack(spacing: 2, alignment: "leading", [a, c])
        let (layout, _) = try layOut(b, root: stack, environment: plainScreen)
        #expect(layout.frames[stack]?.height == 46)
        #expect(layout.frames[a]?.x == layout.frames[c]?.x)
        #expect(layout.frames[c]!.y - layout.frames[a]!.y == 24)
    }

    @Test func hstackSpacerPushesChildrenToEdges() throws {
        var b = StreamBuilder()
        let a = b.text("Left"), spacer = b.node("spacer"), c = b.text("Right")
        let stack = b.hstack([a, spacer, c])
        let (layout, _) = try layOut(b, root: stack, environment: plainScreen)
        #expect(layout.frames[stack] == rect(0, 389, 400, 22))
        #expect(layout.frames[a] == rect(0, 389, 34, 22))
        // 400 - 34 - 42.5 - 16 spacing = 307.5 for the spacer.
        #expect(layout.frames[spacer] == rect(42, 389, 308, 0) || layout.frames[spacer] == rect(42, 400, 308, 0))
        #expect(layout.frames[c] == rect(357, 389, 43, 22))
    }

    @Test func spacerMinLengthAndCrossAxisZero() throws {
        var b = StreamBuilder()
        let spacer = b.node("spacer", ["minLength": .n(30)])
        let a = b.text("A")
        let stack = b.vstack([a, spacer])
        let fixed = b.styled(["fixedSize": .object(["horizontal": .bool(true), "vertical": .bool(true)])], stack)
        let (layout, _) = try layOut(b, root: fixed, environment: plainScreen)
        #expect(layout.frames[spacer]?.height == 30)
        #expect(layout.frames[spacer]?.width == 0)
        #expect(layout.frames[stack]?.height == 60) // 22 + 8 + 30
    }

    @Test func leastFlexibleChildIsOfferedSpaceFirst() throws {
        // Two texts in 100 pt: the short one (20 wide at 0.5 em of 10 pt... body is 17 pt)
        var b = StreamBuilder()
        let short = b.text("Hi")                       // 17 wide, inflexible beyond that
        let long = b.text("one two three four five") // wraps
        let stack = b.hstack(spacing: 0, [long, short])
        let frame = b.styled(["frame": .object(["width": .n(120)])], stack)
        let (layout, _) = try layOut(b, root: frame, environment: plainScreen)
        #expect(layout.frames[short]?.width == 17)
        // The long text gets what is left: 120 - 17 = 103 -> lines of at most 12 characters (102 pt).
        #expect(layout.frames[long]!.width <= 103)
        #expect(layout.texts[long]?.lines.count == 3)
    }

    @Test func layoutPriorityWinsTheSpaceFirst() throws {
        var b = StreamBuilder()
        let low = b.text("aaaa aaaa aaaa aaaa")
        let high = b.text("bbbb bbbb bbbb bbbb")
        let prioritized = b.styled(["layoutPriority": .n(1)], high)
        let stack = b.hstack(spacing: 0, [low, prioritized])
        let frame = b.styled(["frame": .object(["width": .n(200)])], stack)
        let (layout, _) = try layOut(b, root: frame, environment: plainScreen)
        // The prioritized text gets 200 minus the other's minimum (one 4-letter word, 34 pt).
        #expect(layout.texts[high]?.lines.count == 1)
        #expect(layout.frames[high]?.width == 162)
        #expect(layout.texts[low]?.lines.count == 4)
    }

    @Test func zstackAlignsChildrenAndTakesTheUnion() throws {
        var b = StreamBuilder()
        let big = b.styled(["frame": .object(["width": .n(100), "height": .n(60)])], b.node("color", ["color": .object(["name": .s("accent")])]))
        let small = b.text("Hi")
        let z = b.node("zstack", ["alignment": .s("bottomTrailing")], [big, small])
        let (layout, _) = try layOut(b, root: z, environment: plainScreen)
        #expect(layout.frames[z] == rect(150, 370, 100, 60))
        #expect(layout.frames[small] == rect(233, 408, 17, 22))
    }

    @Test func dividerIsOnePointAcrossItsStack() throws {
        var b = StreamBuilder()
        let divider = b.node("divider")
        let v = b.vstack([b.text("A"), divider])
        let vertical = b.node("divider")
        let h = b.hstack([b.text("B"), vertical])
        let root = b.vstack([v, h])
        let (layout, _) = try layOut(b, root: root, environment: RenderEnvironment(device: Device.named("400x800@3")!))
        #expect(layout.frames[divider]?.height == 1)
        #expect(layout.frames[divider]?.width == 400)
        #expect(layout.frames[vertical]?.width == 1)
    }
}

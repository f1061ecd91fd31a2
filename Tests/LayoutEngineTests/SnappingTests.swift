import TestSupport
import Testing
import LayoutEngine
import LayoutModel

/// Device pixel snapping: origins floor and sizes round (the spec's numbers), except that a
/// frame ending where another begins ends at that origin's pixel, so siblings placed edge to
/// edge touch. 400 x 800 screen without safe areas, fake measurer (0.5 em per character).
@Suite("Pixel snapping") struct SnappingTests {
    /// A 50 pt wide color `height` tall.
    static func bar(_ b: inout StreamBuilder, height: Double) -> Int {
        b.styled(["frame": .object(["width": .n(50), "height": .n(height)])], b.node("color", ["color": .object(["name": .s("accent")])]))
    }

    @Test func aSpacingZeroVStackOfFractionalHeightsHasNoOverlap() throws {
        var b = StreamBuilder()
        let bars = (0..<3).map { _ in Self.bar(&b, height: 10.6) }
        let stack = b.vstack(spacing: 0, bars)
        let (layout, tree) = try layOut(b, root: stack, environment: plainScreen)
        // Placed at y 384.1, 394.7 and 405.3 (31.8 tall, centered). Rounding each height to 11
        // would make the first overlap the second (384 + 11 > 394); each now ends where the
        // next begins, and the last where the stack ends.
        #expect(layout.frames[stack] == rect(175, 384, 50, 32))
        #expect(bars.map { layout.frames[$0] } == [rect(175, 384, 50, 10), rect(175, 394, 50, 11), rect(175, 405, 50, 11)])
        // The wrapped color has its wrapper's edges, so it snaps the same.
        let colors = bars.compactMap { tree[$0]?.children.first }
        #expect(colors.map { layout.frames[$0] } == bars.map { layout.frames[$0] })
    }

    @Test func aSpacingZeroHStackOfFractionalWidthsHasNoGap() throws {
        var b = StreamBuilder()
        let texts = (0..<3).map { _ in b.text("abc") }
        let stack = b.hstack(spacing: 0, texts)
        let (layout, _) = try layOut(b, root: stack, environment: plainScreen)
        // Each "abc" is 25.5 wide, placed at x 161.75, 187.25 and 212.75 (76.5 wide, centered).
        #expect(layout.frames[stack] == rect(161, 389, 77, 22))
        #expect(texts.map { layout.frames[$0] } == [rect(161, 389, 26, 22), rect(187, 389, 25, 22), rect(212, 389, 26, 22)])
        for (a, c) in zip(texts, texts.dropFirst()) {
            #expect(layout.frames[a]?.maxX == layout.frames[c]?.minX)
        }
    }

    @Test func siblingsWithSpacingKeepTheSpecsOriginFloorAndSizeRound() throws {
        var b = StreamBuilder()
        let texts = (0..<3).map { _ in b.text("abc") }
        let stack = b.hstack(spacing: 8, texts)
        let (layout, _) = try layOut(b, root: stack, environment: plainScreen)
        // 92.5 wide from x 153.75: origins 153.75, 187.25, 220.75 floor; every 25.5 rounds to 26.
        #expect(layout.frames[stack] == rect(153, 389, 93, 22))
        #expect(texts.map { layout.frames[$0] } == [rect(153, 389, 26, 22), rect(187, 389, 26, 22), rect(220, 389, 26, 22)])
    }
}

import TestSupport
import Testing
import LayoutEngine
import LayoutModel

/// `ignoresSafeArea` on the iPhone 15 Pro: 393 x 852, safe area 59 top and 34 bottom.
@Suite("ignoresSafeArea") struct SafeAreaTests {
    private func colorFrame(_ ignores: JSON?) throws -> (Rect?, Rect?) {
        var b = StreamBuilder()
        let color = b.node("color", ["color": .object(["name": .s("accent")])])
        var style: [String: JSON] = [:]
        if let ignores { style["ignoresSafeArea"] = ignores }
        let styled = b.styled(style, color)
        let (layout, _) = try layOut(b, root: styled)
        return (layout.frames[styled], layout.frames[color])
    }

    @Test func withoutItAColorFillsTheSafeArea() throws {
        #expect(try colorFrame(nil).0 == rect(0, 59, 393, 759))
    }

    @Test func allEdgesFillTheScreenAndTheContentFollows() throws {
        let (box, color) = try colorFrame(.bool(true))
        #expect(box == rect(0, 0, 393, 852))
        #expect(color == rect(0, 0, 393, 852))
    }

    @Test func oneEdgeOrANamedSet() throws {
        #expect(try colorFrame(.s("bottom")).0 == rect(0, 59, 393, 793))
        #expect(try colorFrame(.s("top")).0 == rect(0, 0, 393, 818))
        #expect(try colorFrame(.array([.s("top"), .s("bottom")])).0 == rect(0, 0, 393, 852))
        #expect(try colorFrame(.object(["edges": .s("vertical")])).0 == rect(0, 0, 393, 852))
    }

    @Test func aBoxAwayFromTheEdgesDoesNotMove() throws {
        var b = StreamBuilder()
        let text = b.text("Hi")
        let styled = b.styled(["ignoresSafeArea": .bool(true)], text)
        let (layout, _) = try layOut(b, root: styled)
        // 17 x 22 centered in the safe area: nowhere near its edges.
        #expect(layout.frames[styled] == rect(188, 427, 17, 22))
    }

    @Test func anUnknownEdgeIsAnError() throws {
        var b = StreamBuilder()
        let styled = b.styled(["ignoresSafeArea": .s("sideways")], b.text("Hi"))
        #expect(throws: InputError.self) { try layOut(b, root: styled) }
    }
}

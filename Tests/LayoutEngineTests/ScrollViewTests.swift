import TestSupport
import Testing
import LayoutEngine
import LayoutModel

@Suite("ScrollView: offset 0, clipping, axes, refresh, content inset") struct ScrollViewTests {
    static func box(_ b: inout StreamBuilder, _ w: Double, _ h: Double) -> Int {
        let color = b.node("color", ["color": .object(["name": .s("red")])])
        return b.styled(["frame": .object(["width": .n(w), "height": .n(h)])], color)
    }

    @Test func verticalContentIsProposedTheWidthAndStartsAtTheTop() throws {
        var b = StreamBuilder()
        let content = Self.box(&b, 100, 2000)
        let scroll = b.node("scrollview", ["axes": .s("vertical")], [content])
        let (layout, tree) = try layOut(b, root: scroll, environment: plainScreen)
        #expect(layout.frames[scroll] == rect(0, 0, 400, 800))
        #expect(layout.frames[content] == rect(150, 0, 100, 2000))
        #expect(layout.chrome[scroll]?["content"] == rect(0, 0, 400, 2000))
        #expect(layout.chrome[scroll]?["bottomInset"] == nil)
        let items = Painter.paint(tree: tree, layout: layout, diagnostics: Diagnostics()).items
        let clip = try #require(items.firstIndex(of: .pushClip(.rect, rect(0, 0, 400, 800))))
        let fill = try #require(items.firstIndex(of: .fill(.rect, rect(150, 0, 100, 2000), .solid(Palette(.light).red))))
        let pop = try #require(items.lastIndex(of: .popClip))
        #expect(clip < fill && fill < pop)
    }

    @Test func textWrapsToTheScrollViewWidth() throws {
        var b = StreamBuilder()
        // 60 words of 5 characters: 42.5 wide each, 8.5 per space.
        let text = b.text(Array(repeating: "aaaaa", count: 60).joined(separator: " "))
        let scroll = b.node("scrollview", [:], [text])
        let (layout, _) = try layOut(b, root: scroll, environment: plainScreen)
        // 8 words per 400 pt line (8 x 42.5 + 7 x 8.5 = 399.5): 8 lines of 22, centered across.
        #expect(layout.frames[text] == rect(0, 0, 400, 176))
    }

    @Test func horizontalContentIsProposedTheHeightAndStartsAtTheLeadingEdge() throws {
        var b = StreamBuilder()
        let content = Self.box(&b, 1000, 50)
        let scroll = b.node("scrollview", ["axes": .s("horizontal")], [content])
        let (layout, _) = try layOut(b, root: scroll, environment: plainScreen)
        #expect(layout.frames[content] == rect(0, 375, 1000, 50))
        #expect(layout.chrome[scroll]?["content"] == rect(0, 0, 1000, 800))
    }

    @Test func bothAxesPlaceTheContentTopLeading() throws {
        var b = StreamBuilder()
        let content = Self.box(&b, 1000, 2000)
        let scroll = b.node("scrollview", ["axes": .s("both")], [content])
        let (layout, _) = try layOut(b, root: scroll, environment: plainScreen)
        #expect(layout.frames[content] == rect(0, 0, 1000, 2000))
    }

    @Test func refreshingShiftsTheContentBelowA40PointSpinnerRow() throws {
        var b = StreamBuilder()
        let content = Self.box(&b, 400, 100)
        let scroll = b.node("scrollview", ["refreshable": .bool(true), "refreshing": .bool(true)], [content])
        let (layout, _) = try layOut(b, root: scroll, environment: plainScreen)
        #expect(layout.frames[content] == rect(0, 40, 400, 100))
        #expect(layout.chrome[scroll]?["refresh"] == rect(0, 0, 400, 40))
    }

    @Test func inAScreenItRunsToTheBottomWithTheHomeIndicatorAsContentInset() throws {
        var b = StreamBuilder()
        let content = Self.box(&b, 393, 1000)
        let scroll = b.node("scrollview", [:], [content])
        let screen = b.node("navscreen", ["title": .s("Detail"), "displayMode": .s("inline")], [scroll])
        let stack = b.node("navstack", [:], [screen])
        let (layout, _) = try layOut(b, root: stack)
        #expect(layout.frames[scroll] == rect(0, 103, 393, 749))
        #expect(layout.frames[content] == rect(0, 103, 393, 1000))
        #expect(layout.chrome[scroll]?["content"] == rect(0, 103, 393, 1034))
        #expect(layout.chrome[scroll]?["bottomInset"] == rect(0, 818, 393, 34))
    }
}

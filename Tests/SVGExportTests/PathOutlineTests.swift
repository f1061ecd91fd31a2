import LayoutEngine
import SVGExport
import Drawing
import LayoutModel
import Testing

/// `ShapeOutline.path`: absolute moves, lines and cubic Béziers (chart marks and symbols).
@Suite struct PathOutlineTests {
    private let green = RGBA(0, 1, 0)
    private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
    private func image(_ items: [DisplayItem]) throws -> RenderedImage {
        try renderImage(DisplayList(size: Size(width: 100, height: 100), items: items), scale: 1, text: NoText())
    }

    @Test func closedLinePathFillsLikeTheRect() throws {
        let square: [PathElement] = [.move(p(20, 20)), .line(p(60, 20)), .line(p(60, 50)), .line(p(20, 50)), .close]
        let viaPath = try image([.fill(.path(square), .zero, .solid(green))])
        let viaRect = try image([.fill(.rect, rect(20, 20, 40, 30), .solid(green))])
        #expect(viaPath.rgba == viaRect.rgba)
        #expect(rgba(viaPath, 40, 35) == [0, 255, 0, 255])
    }

    @Test func cubicCurvesBulgeBeyondTheirChord() throws {
        // One Bézier from (10, 90) to (90, 90) with both control points at y = 10: its
        // midpoint is at y = 90 - 0.75 x 80 = 30, well above the straight chord.
        let arch: [PathElement] = [.move(p(10, 90)), .curve(p(10, 10), p(90, 10), to: p(90, 90)), .close]
        let img = try image([.fill(.path(arch), .zero, .solid(green))])
        #expect(rgba(img, 50, 35) == [0, 255, 0, 255])
        #expect(rgba(img, 50, 25) == [0, 0, 0, 0])
        #expect(rgba(img, 12, 20) == [0, 0, 0, 0])
    }

    @Test func strokedOpenPathAndLeadingLineAndNonFinitePoints() throws {
        // A path starting with a line starts at that point rather than at (0, 0).
        let img = try image([.stroke(.path([.line(p(0, 50)), .line(p(100, 50))]), .zero, .solid(green), lineWidth: 4, dash: [])])
        #expect(rgba(img, 50, 50) == [0, 255, 0, 255])
        #expect(rgba(img, 5, 5) == [0, 0, 0, 0])
        let broken = try image([.fill(.path([.move(p(0, 0)), .line(p(.nan, 50)), .line(p(0, 100)), .close]), .zero, .solid(green)),
                                .fill(.rect, rect(0, 0, 10, 10), .solid(green))])
        #expect(rgba(broken, 5, 5) == [0, 255, 0, 255], "a bad path leaves Cairo usable")
    }

    @Test func svgKeepsCurvesAsCubicCommands() throws {
        let arch: [PathElement] = [.move(p(10, 90)), .curve(p(10, 10), p(90, 10), to: p(90, 90)), .close]
        let svg = String(decoding: try renderSVG(DisplayList(size: Size(width: 100, height: 100),
                                                             items: [.fill(.path(arch), .zero, .solid(green))]), text: NoText()),
                         as: UTF8.self)
        #expect(svg.contains("M 10 90 C 10 10 90 10 90 90 Z"))
    }
}

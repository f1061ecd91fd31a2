import Drawing
import LayoutModel
import RenderPipeline
import Testing

/// What the audit's contrast reads over gradients and images: the pixels painted before a
/// text (`DisplayList.drawn(before:)`, rendered by `Screenshotter.colors`).
struct BackdropPixelsTests {
    static let gradient = Paint.linearGradient(stops: [GradientStop(color: .black, location: 0), GradientStop(color: .white, location: 1)],
                                               start: Point(x: 0, y: 0), end: Point(x: 100, y: 0))
    static let items: [DisplayItem] = [
        .fill(.rect, rect(0, 0, 100, 20), gradient),
        .pushGroup(opacity: 0.5),
        .fill(.rect, rect(0, 0, 50, 20), .solid(RGBA(1, 0, 0))),
        .text(TextRun(text: "A", font: ResolvedFont(size: 17, lineHeight: 22), color: .white, origin: Point(x: 0, y: 0), width: 10)),
        .popGroup,
        .fill(.rect, rect(0, 0, 100, 20), .solid(.black)),
    ]

    @Test func whatIsDrawnBeforeAnItemClosesTheLayersOpenThere() {
        let list = DisplayList(size: Size(width: 100, height: 20), items: Self.items, lines: [1, 2, 3, 3, 2, 4])
        let before = list.drawn(before: 3)
        #expect(before.items == Array(Self.items[0..<3]) + [.popGroup])
        #expect(before.lines == [1, 2, 3, 0])
    }

    @Test func theColorsBeneathATextAreRenderedPixelsOverWhite() throws {
        let list = DisplayList(size: Size(width: 100, height: 20), items: Self.items)
        let screenshotter = try Screenshotter()
        func channels(_ c: RGBA) -> [Int] { [c.r, c.g, c.b].map { Int(($0 * 255).rounded()) } }
        // x = 75: the gradient alone at 75.5 / 100 of the way, 193; the black drawn after the
        // text is not beneath it. One color per column, the same down the column.
        let gray = try screenshotter.colors(of: list, before: 3, in: rect(75, 0, 1, 10), scale: 1)
        #expect(gray.count == 1 && near(channels(gray[0]), [193, 193, 193]))
        // x = 25: red at half opacity over the gradient's 65: 160, 32, 32.
        let red = try screenshotter.colors(of: list, before: 3, in: rect(25, 0, 1, 10), scale: 1)
        #expect(red.count == 1 && near(channels(red[0]), [160, 32, 32]))
        // Across the whole width: a color per column at most, from black-ish red to near white.
        let all = try screenshotter.colors(of: list, before: 3, in: rect(0, 0, 100, 10), scale: 1)
        #expect(all.count > 50 && all.count <= 100)
    }
}

import Drawing
import ImageDiff
import LayoutModel
@testable import SVGExport
import Testing

/// The first screen's buffers are made on a spare core while it is laid out
/// (`PreparedCanvas`); drawing on them gives the pixels of drawing on fresh ones.
@Suite struct PreparedCanvasTests {
    /// A translucent background, so the canvas must start transparent, and a shape over it.
    let list = DisplayList(size: Size(width: 60, height: 40), items: [
        .fill(.rect, Rect(x: 0, y: 0, width: 60, height: 40), .solid(RGBA(0.2, 0.4, 0.6, 0.5))),
        .fill(.capsule, Rect(x: 5, y: 5, width: 50, height: 20), .solid(RGBA(1, 0, 0, 1))),
    ])

    @Test func aPreparedCanvasIsTakenOnceAndDrawsTheSamePixels() throws {
        let canvas = PreparedCanvas()
        canvas.prepare(PixelSize(width: 120, height: 80))
        #expect(canvas.take(120 * 79) == nil, "another size is not taken")
        let drawn = try renderImage(list, scale: 2, text: NoText(), canvas: canvas)
        #expect(canvas.take(120 * 80) == nil, "the drawing took it")
        let fresh = try renderImage(list, scale: 2, text: NoText(), canvas: PreparedCanvas())
        #expect(drawn.pixels == fresh.pixels)
        #expect(drawn.pixel(x: 60, y: 30) == (255, 0, 0, 255))
    }

    @Test func onlyTheFirstPreparationIsMade() throws {
        let canvas = PreparedCanvas()
        canvas.prepare(PixelSize(width: 10, height: 10))
        let first = try #require(canvas.take(100))
        #expect(first.allSatisfy { $0 == 0 })
        canvas.prepare(PixelSize(width: 10, height: 10))
        #expect(canvas.take(100) == nil)
    }
}

@testable import Audit
import Drawing
import LayoutModel
import Testing

@Suite struct BackdropTests {
    /// An affine effect (offset, rotation) is closed by the same `popTransform` as a scale: the
    /// walk must open it too, or its pop closes the scale around it and the item after lands
    /// unscaled, over a fill it is in fact far from.
    @Test func anAffineEffectClosesOnlyItself() {
        let black = RGBA.black
        let list = DisplayList(size: Size(width: 100, height: 100), items: [
            .pushTransform(scale: 2, center: Point(x: 0, y: 0)),
            .fill(.rect, Rect(x: 0, y: 0, width: 10, height: 10), .solid(black)), // lands on 0...20
            .pushAffine(.translation(1, 0)),
            .popTransform,
            .fill(.rect, Rect(x: 12, y: 12, width: 1, height: 1), .solid(black)), // the item, still scaled: at 24, 24
            .popTransform,
        ])
        #expect(list.backdrop(under: Point(x: 12, y: 12), item: 4).colors == [.white])
        #expect(list.backdrop(under: Point(x: 8, y: 8), item: 4).colors == [black])
    }

    /// A point inside an offset fill is over it; the same point without the offset is not.
    @Test func affineEffectsMoveWhatTheyHold() {
        let red = RGBA(1, 0, 0)
        let list = DisplayList(size: Size(width: 100, height: 100), items: [
            .pushAffine(.translation(50, 0)),
            .fill(.rect, Rect(x: 0, y: 0, width: 10, height: 10), .solid(red)),
            .popTransform,
            .fill(.rect, Rect(x: 55, y: 5, width: 1, height: 1), .solid(.white)),
        ])
        #expect(list.backdrop(under: Point(x: 55, y: 5), item: 3).colors == [red])
        #expect(list.backdrop(under: Point(x: 5, y: 5), item: 3).colors == [.white])
    }
}

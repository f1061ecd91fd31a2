import Drawing
import LayoutModel
@testable import SVGExport
import Testing

/// A cropped display list (`DisplayList.cropped(to:)`, what `--crop` and `shotter sheet`
/// draw) shows exactly what the whole list shows there, effects and pictures included: every
/// kind of item is moved with the others.
struct PlacementTests {
    @Test func aCropOfEffectsAndImagesMatchesTheWholeRender() throws {
        let fade = Paint.linearGradient(stops: [GradientStop(color: RGBA(0, 0, 0, 1), location: 0),
                                                GradientStop(color: RGBA(0, 0, 0, 0), location: 1)],
                                        start: Point(x: 30, y: 0), end: Point(x: 90, y: 0))
        let source = BitmapSource(key: "placement-checker", format: .gray, width: 2, height: 2, bytes: [0, 255, 255, 0])
        let checker = ImageItem(content: .bitmap(source, steps: [], width: 2, height: 2), rect: rect(62, 70, 16, 16))
        // The picture with a backdrop blur over it, then each effect layer in turn.
        let items: [DisplayItem] = [
            .fill(.rect, rect(0, 0, 60, 120), .solid(RGBA(1, 0, 0))),
            .fill(.rect, rect(60, 0, 60, 120), .solid(RGBA(0, 0, 1))),
            .image(checker),
            .backdropBlur(.rect, rect(50, 50, 20, 10), sigma: 3),
            .pushMask(fade, bounds: rect(30, 90, 60, 10), mode: .alpha), .fill(.rect, rect(30, 90, 60, 10), .solid(RGBA(1, 1, 1))), .popMask,
            .pushBlur(sigma: 2, bounds: rect(70, 30, 20, 20)), .fill(.rect, rect(75, 35, 10, 10), .solid(RGBA(1, 1, 0))), .popBlur,
            .pushShadow(Shadow(color: RGBA(0, 0, 0, 0.5), sigma: 3, offset: Point(x: 0, y: 4)), bounds: rect(30, 60, 20, 20)),
            .fill(.ellipse, rect(30, 60, 20, 20), .solid(RGBA(1, 1, 1))), .popShadow,
            .pushAffine(.about(Point(x: 40, y: 40), .rotation(degrees: 30))), .fill(.rect, rect(30, 35, 20, 10), .solid(RGBA(0, 1, 0))),
            .popTransform,
        ]
        let whole = try renderImage(DisplayList(size: Size(width: 120, height: 120), items: items), scale: 1, text: NoText())
        let crop = rect(17, 13, 90, 100)
        let cropped = try renderImage(DisplayList(size: Size(width: 120, height: 120), items: items).cropped(to: crop),
                                      scale: 1, text: NoText())
        #expect((cropped.width, cropped.height) == (90, 100))
        var worst = 0
        for y in 0..<100 {
            for x in 0..<90 {
                let a = cropped.pixels.pixel(x: x, y: y), b = whole.pixels.pixel(x: x + 17, y: y + 13)
                worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
            }
        }
        #expect(worst <= 2, "a cropped pixel differs by \(worst)")
        // The rotated bar is green at its center in both.
        #expect(cropped.pixels.pixel(x: 40 - 17, y: 40 - 13).g > 200)
    }
}

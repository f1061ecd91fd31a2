import Drawing
import LayoutModel
@testable import SVGExport
import Testing

/// Where `BandPlan` cuts a screen in two, and that the two bands draw its pixels.
@Suite struct BandPlanTests {
    /// Ink of every run: its line box (as tests without fonts have no glyphs).
    struct BoxText: PreparedTextDrawing {
        func draw(_ run: TextRun, in cr: OpaquePointer) throws {}
        func ink(of run: TextRun) -> (box: Rect, outlines: Bool)? {
            (Rect(x: run.origin.x, y: run.origin.y, width: run.width, height: run.font.lineHeight), true)
        }
    }

    /// 400 x 900 pt at 3x: 3.24 million pixels, 2,700 rows.
    let size = Size(width: 400, height: 900)
    let background = DisplayItem.fill(.rect, Rect(x: 0, y: 0, width: 400, height: 900), .solid(RGBA(1, 1, 1, 1)))
    let gradient = Paint.linearGradient(stops: [GradientStop(color: RGBA(1, 0, 0, 1), location: 0), GradientStop(color: RGBA(0, 0, 1, 1), location: 1)],
                                        start: Point(x: 0, y: 0), end: Point(x: 0, y: 1))

    func cut(_ items: [DisplayItem], text: any PreparedTextDrawing = BoxText()) -> BandPlan? {
        BandPlan(DisplayList(size: size, items: [background] + items), scale: 3, width: 1200, height: 2700, text: text)
    }

    @Test func plainShapesMayCrossTheMiddle() throws {
        let plan = try #require(cut([.fill(.roundedRect(cornerRadius: 8), Rect(x: 10, y: 400, width: 200, height: 100), .solid(RGBA(0, 0, 0, 1))),
                                      .stroke(.rect, Rect(x: 20, y: 300, width: 100, height: 300), .solid(RGBA(0, 0, 0, 1)), lineWidth: 2, dash: [])]))
        #expect(plan.boundary == 1350)
        #expect(plan.skip[0].allSatisfy { $0 == nil } && plan.skip[1].allSatisfy { $0 == nil })
    }

    @Test func aGradientAGroupAndAShadowAreNotCut() throws {
        // A gradient from 430 to 470 pt covers rows 1290 to 1410, 1288 to 1412 with the margin: the
        // cut nearest the middle (1350) that does not cross it is above row 1288.
        let gradientPlan = try #require(cut([.fill(.rect, Rect(x: 0, y: 430, width: 400, height: 40), gradient)]))
        #expect(gradientPlan.boundary == 1288)
        // A group over rows 1200 to 1500 and a shadow (sigma 4: 12 pt more) below it.
        let layered = try #require(cut([
            .pushGroup(opacity: 0.5), .fill(.rect, Rect(x: 0, y: 400, width: 400, height: 100), .solid(RGBA(0, 0, 0, 1))), .popGroup,
            .pushShadow(Shadow(color: RGBA(0, 0, 0, 0.3), sigma: 4, offset: Point(x: 0, y: 2)), bounds: Rect(x: 0, y: 500, width: 400, height: 20)),
            .fill(.rect, Rect(x: 0, y: 500, width: 400, height: 20), .solid(RGBA(0, 0, 0, 1))), .popShadow,
        ]))
        #expect(layered.boundary == 1198, "above the group: it covers rows 1198 to 1502, the shadow 1462 to 1610")
        // The group and the shadow draw nothing above the cut: the upper band skips them whole.
        #expect(layered.skip[0][1] == 4 && layered.skip[0][4] == 7)
        #expect(layered.skip[1][1] == nil && layered.skip[1][4] == nil)
    }

    @Test func aListThatCannotBeCutIsDrawnInOnePiece() {
        #expect(cut([.fill(.rect, Rect(x: 0, y: 0, width: 400, height: 900), gradient)]) == nil, "a gradient over the whole screen")
        #expect(cut([.pushGroup(opacity: 0.5)]) == nil, "a group never closed")
        #expect(cut([.pushClip(.rect, Rect(x: 0, y: 0, width: 10, height: 10)), .popGroup]) == nil, "a layer closed out of order")
        #expect(BandPlan(DisplayList(size: Size(width: 100, height: 100), items: [background]), scale: 3, width: 300, height: 300,
                         text: BoxText()) == nil, "too small to pay")
        struct NoInk: PreparedTextDrawing {
            func draw(_ run: TextRun, in cr: OpaquePointer) throws {}
            func ink(of run: TextRun) -> (box: Rect, outlines: Bool)? { nil }
        }
        let run = TextRun(text: "Hi", font: ResolvedFont(size: 17, lineHeight: 22), color: RGBA(0, 0, 0, 1), origin: Point(x: 0, y: 0), width: 20)
        #expect(cut([.text(run)], text: NoInk()) == nil, "text whose ink is unknown")
    }

    @Test func aTransformMovesWhatItHolds() throws {
        // A gradient from 440 to 460 pt scaled 2x about the middle covers 430 to 470 pt.
        let scaled = try #require(cut([.pushTransform(scale: 2, center: Point(x: 200, y: 450)),
                                        .fill(.rect, Rect(x: 0, y: 440, width: 400, height: 20), gradient), .popTransform]))
        #expect(scaled.boundary == 1288)
    }

    @Test func twoBandsDrawThePixelsOfOnePiece() throws {
        let list = DisplayList(size: size, items: [background,
            .fill(.ellipse, Rect(x: 13.3, y: 411.7, width: 240.2, height: 97.1), .solid(RGBA(0.9, 0.2, 0.1, 1))),
            .stroke(.capsule, Rect(x: 50.5, y: 380.25, width: 180, height: 160.5), .solid(RGBA(0, 0.4, 0.9, 0.7)), lineWidth: 3.3, dash: [4, 2]),
            .pushClip(.roundedRect(cornerRadius: 12), Rect(x: 100, y: 300, width: 250, height: 400)),
            .fill(.polygon([Point(x: 90, y: 320), Point(x: 380, y: 470), Point(x: 120, y: 610)], closed: true), Rect(x: 90, y: 320, width: 290, height: 290),
                  .solid(RGBA(0.1, 0.7, 0.3, 0.8))),
            .popClip,
            .pushGroup(opacity: 0.6), .fill(.rect, Rect(x: 0, y: 700, width: 400, height: 50), .solid(RGBA(0, 0, 0, 1))), .popGroup,
        ])
        let whole = try renderImage(list, scale: 3, text: Preparable(), canvas: PreparedCanvas())
        #expect(bandBoundary(list, scale: 3, text: Preparable()) == 1350)
        for banding in [Banding.oneThread, .twoThreads] {
            let bands = try renderImage(list, scale: 3, text: Preparable(), canvas: PreparedCanvas(), banding: banding)
            #expect(zip(whole.pixels.words, bands.pixels.words).filter { $0 != $1 }.count == 0, "\(banding)")
        }
    }

    /// A text drawer for lists without text that can be prepared (`NoText` cannot).
    struct Preparable: TextDrawing {
        func draw(_ run: TextRun, in cr: OpaquePointer) throws {}
        func prepared(_ runs: [TextRun]) -> (any PreparedTextDrawing)? { BoxText() }
    }
}

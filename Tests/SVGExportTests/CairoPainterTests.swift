import LayoutEngine
import SVGExport
import Drawing
import LayoutModel
import TextMeasure
import Testing

/// Pixel checks on small hand-built lists. Rects sit on whole pixels at scale 1, so interior
/// pixels are exact and only edges are antialiased.
@Suite struct CairoPainterTests {
    private func image(_ items: [DisplayItem], width: Double = 100, height: Double = 100,
                       scale: Double = 1) throws -> RenderedImage {
        try renderImage(DisplayList(size: Size(width: width, height: height), items: items),
                        scale: scale, text: NoText())
    }

    @Test func filledRectPaintsItsInteriorOnly() throws {
        let img = try image([.fill(.rect, rect(20, 20, 40, 30), .solid(red))])
        #expect(rgba(img, 40, 35) == [255, 0, 0, 255])
        #expect(rgba(img, 10, 10) == [0, 0, 0, 0])
        #expect(rgba(img, 60, 35) == [0, 0, 0, 0])
    }

    @Test func straightAlphaSurvivesPremultiplication() throws {
        let img = try image([.fill(.rect, rect(0, 0, 100, 100), .solid(RGBA(0.2, 0.4, 0.6, 0.5)))])
        #expect(near(rgba(img, 50, 50), [51, 102, 153, 128]))
    }

    @Test func roundedRectCornerIsTransparent() throws {
        let img = try image([.fill(.roundedRect(cornerRadius: 20), rect(10, 10, 80, 80), .solid(blue))])
        #expect(rgba(img, 11, 11) == [0, 0, 0, 0])
        #expect(rgba(img, 50, 11) == [0, 0, 255, 255])
        #expect(rgba(img, 50, 50) == [0, 0, 255, 255])
    }

    @Test func cornerRadiusIsClampedToHalfTheShortSide() throws {
        // Radius 100 on a 80x40 rect is a capsule: radius 20.
        let clamped = try image([.fill(.roundedRect(cornerRadius: 100), rect(10, 10, 80, 40), .solid(blue))])
        let capsule = try image([.fill(.capsule, rect(10, 10, 80, 40), .solid(blue))])
        #expect(clamped.rgba == capsule.rgba)
        #expect(rgba(capsule, 50, 30) == [0, 0, 255, 255])
        #expect(rgba(capsule, 11, 11) == [0, 0, 0, 0])
        #expect(rgba(capsule, 12, 30) == [0, 0, 255, 255])
    }

    @Test func zeroOrNegativeCornerRadiusIsASquareRect() throws {
        let square = try image([.fill(.rect, rect(10, 10, 80, 80), .solid(blue))])
        for radius in [0.0, -5, .nan] {
            let img = try image([.fill(.roundedRect(cornerRadius: radius), rect(10, 10, 80, 80), .solid(blue))])
            #expect(img.rgba == square.rgba, "radius \(radius)")
        }
    }

    @Test func topRoundedRectKeepsSquareBottomCorners() throws {
        let img = try image([.fill(.topRoundedRect(cornerRadius: 20), rect(10, 10, 80, 80), .solid(blue))])
        #expect(rgba(img, 11, 11) == [0, 0, 0, 0])
        #expect(rgba(img, 88, 11) == [0, 0, 0, 0])
        #expect(rgba(img, 11, 88) == [0, 0, 255, 255])
        #expect(rgba(img, 88, 88) == [0, 0, 255, 255])
    }

    @Test func ellipseFillsInsideItsRect() throws {
        let img = try image([.fill(.ellipse, rect(0, 25, 100, 50), .solid(green))])
        #expect(rgba(img, 50, 50) == [0, 255, 0, 255])
        #expect(rgba(img, 3, 27) == [0, 0, 0, 0])
        #expect(rgba(img, 50, 20) == [0, 0, 0, 0])
    }

    @Test func polygonUsesAbsolutePoints() throws {
        let triangle = ShapeOutline.polygon([Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 0, y: 100)], closed: true)
        let img = try image([.fill(triangle, .zero, .solid(red))])
        #expect(rgba(img, 20, 20) == [255, 0, 0, 255])
        #expect(rgba(img, 80, 80) == [0, 0, 0, 0])
    }

    @Test func strokeIsCenteredOnTheOutline() throws {
        let img = try image([.stroke(.rect, rect(20, 20, 60, 60), .solid(red), lineWidth: 4, dash: [])])
        #expect(rgba(img, 19, 50) == [255, 0, 0, 255]) // outside half
        #expect(rgba(img, 20, 50) == [255, 0, 0, 255]) // inside half
        #expect(rgba(img, 17, 50) == [0, 0, 0, 0])
        #expect(rgba(img, 23, 50) == [0, 0, 0, 0])
        #expect(rgba(img, 50, 50) == [0, 0, 0, 0])
    }

    @Test func dashedStrokeLeavesGaps() throws {
        let line = ShapeOutline.polygon([Point(x: 0, y: 50), Point(x: 100, y: 50)], closed: false)
        let img = try image([.stroke(line, .zero, .solid(red), lineWidth: 4, dash: [10, 10])])
        #expect(rgba(img, 5, 50) == [255, 0, 0, 255])
        #expect(rgba(img, 15, 50) == [0, 0, 0, 0])
        #expect(rgba(img, 25, 50) == [255, 0, 0, 255])
    }

    @Test func invalidDashDrawsSolidAndDoesNotBreakLaterItems() throws {
        let line = ShapeOutline.polygon([Point(x: 0, y: 50), Point(x: 100, y: 50)], closed: false)
        let img = try image([
            .stroke(line, .zero, .solid(red), lineWidth: 4, dash: [-1, 5]),
            .stroke(line, .zero, .solid(red), lineWidth: 4, dash: [0, 0]),
            .fill(.ellipse, rect(10, 10, 0, 20), .solid(red)),
            .fill(.rect, rect(.nan, 0, 10, 10), .solid(red)),
            .fill(.rect, rect(0, 0, 10, 10), .solid(RGBA(.nan, 2, -1, 1))),
            .fill(.rect, rect(80, 80, 10, 10), .solid(blue)),
        ])
        #expect(rgba(img, 15, 50) == [255, 0, 0, 255])
        #expect(rgba(img, 5, 5) == [0, 255, 0, 255])
        #expect(rgba(img, 85, 85) == [0, 0, 255, 255])
    }

    @Test func clipHidesWhatIsOutside() throws {
        let img = try image([
            .pushClip(.rect, rect(0, 0, 50, 100)),
            .fill(.rect, rect(0, 0, 100, 100), .solid(red)),
            .popClip,
            .fill(.rect, rect(60, 0, 10, 10), .solid(blue)),
        ])
        #expect(rgba(img, 25, 50) == [255, 0, 0, 255])
        #expect(rgba(img, 75, 50) == [0, 0, 0, 0])
        #expect(rgba(img, 65, 5) == [0, 0, 255, 255]) // the clip ended at popClip
    }

    /// Cairo's premultiplied pixels become straight RGBA two opaque pixels at a time; pairs
    /// with a translucent or clear pixel, and the odd last pixel, one at a time.
    @Test func pixelsComeOutStraightInEveryPositionOfARow() throws {
        let img = try image([
            .fill(.rect, rect(0, 0, 2, 1), .solid(RGBA(0.2, 0.4, 0.6))),
            .fill(.rect, rect(2, 0, 1, 1), .solid(RGBA(1, 0, 0, 0.5))),
            .fill(.rect, rect(3, 0, 1, 1), .solid(blue)),
            .fill(.rect, rect(4, 0, 1, 1), .solid(RGBA(0, 1, 0))),
        ], width: 5, height: 1)
        #expect((0..<5).map { rgba(img, $0, 0) } == [[51, 102, 153, 255], [51, 102, 153, 255], [255, 0, 0, 128],
                                                     [0, 0, 255, 255], [0, 255, 0, 255]])
        let clearThenOpaque = try image([.fill(.rect, rect(1, 0, 2, 1), .solid(blue))], width: 3, height: 1)
        #expect((0..<3).map { rgba(clearThenOpaque, $0, 0) } == [[0, 0, 0, 0], [0, 0, 255, 255], [0, 0, 255, 255]])
    }

    @Test func groupOpacityAppliesToTheGroupAsAWhole() throws {
        let img = try image([
            .pushGroup(opacity: 0.5),
            .fill(.rect, rect(0, 0, 60, 100), .solid(red)),
            .fill(.rect, rect(40, 0, 60, 100), .solid(red)),
            .popGroup,
        ])
        #expect(near(rgba(img, 20, 50), [255, 0, 0, 128]))
        // Where the two fills overlap the group is still half transparent, not 75 %.
        #expect(near(rgba(img, 50, 50), [255, 0, 0, 128]))
    }

    @Test func linearGradientReachesItsStopColors() throws {
        let stops = [GradientStop(color: red, location: 0), GradientStop(color: blue, location: 1)]
        let img = try image([.fill(.rect, rect(0, 0, 100, 100),
                                   .linearGradient(stops: stops, start: Point(x: 10, y: 0), end: Point(x: 90, y: 0)))])
        #expect(rgba(img, 2, 50) == [255, 0, 0, 255])
        #expect(rgba(img, 97, 50) == [0, 0, 255, 255])
        #expect(near(rgba(img, 50, 50), [128, 0, 128, 255], tolerance: 4))
    }

    @Test func gradientWithoutStopsPaintsNothingAndOneStopIsSolid() throws {
        let ends = (start: Point(x: 0, y: 0), end: Point(x: 100, y: 0))
        let empty = try image([.fill(.rect, rect(0, 0, 100, 100), .linearGradient(stops: [], start: ends.start, end: ends.end))])
        #expect(empty.rgba.allSatisfy { $0 == 0 })
        let single = try image([.fill(.rect, rect(0, 0, 100, 100),
                                      .linearGradient(stops: [GradientStop(color: red, location: 0.5)], start: ends.start, end: ends.end))])
        #expect(rgba(single, 5, 5) == [255, 0, 0, 255] && rgba(single, 95, 95) == [255, 0, 0, 255])
    }

    @Test func radialGradientRunsFromCenterOutward() throws {
        let stops = [GradientStop(color: red, location: 0), GradientStop(color: green, location: 1)]
        let img = try image([.fill(.rect, rect(0, 0, 100, 100),
                                   .radialGradient(stops: stops, center: Point(x: 50, y: 50), startRadius: 0, endRadius: 40))])
        #expect(near(rgba(img, 50, 50), [255, 0, 0, 255], tolerance: 8))
        #expect(rgba(img, 2, 2) == [0, 255, 0, 255])
    }

    @Test func unbalancedPushesAndPopsNeverBreakDrawing() throws {
        let img = try image([
            .popClip,
            .popGroup,
            .pushClip(.rect, rect(0, 0, 50, 100)),
            .pushGroup(opacity: 1),
            .popClip, // closes the group opened after the clip too
            .fill(.rect, rect(0, 0, 100, 10), .solid(red)),
            .pushGroup(opacity: 1),
            .pushClip(.rect, rect(0, 0, 10, 10)),
            .fill(.rect, rect(0, 90, 100, 10), .solid(blue)),
        ])
        #expect(rgba(img, 75, 5) == [255, 0, 0, 255])
        #expect(rgba(img, 5, 95) == [0, 0, 0, 0]) // clipped by the clip left open
        #expect(rgba(img, 75, 95) == [0, 0, 0, 0])
    }

    @Test func scaleMultipliesTheImageSize() throws {
        let img = try image([.fill(.rect, rect(10, 10, 10, 10), .solid(red))], width: 393, height: 852, scale: 3)
        #expect(img.width == 1179 && img.height == 2556)
        #expect(rgba(img, 45, 45) == [255, 0, 0, 255])
        #expect(rgba(img, 61, 45) == [0, 0, 0, 0])
    }

    @Test func invalidSizesThrow() {
        #expect(throws: RenderError.self) { try image([], width: 0, height: 10) }
        #expect(throws: RenderError.self) { try image([], width: 10, height: 10, scale: .nan) }
        #expect(throws: RenderError.self) {
            try renderSVG(DisplayList(size: Size(width: -1, height: 10)), text: NoText())
        }
    }

    @Test func textRunsGoThroughTheTextDrawer() throws {
        final class Recorder: TextDrawing {
            var runs: [TextRun] = []
            func draw(_ run: TextRun, in cr: OpaquePointer) { runs.append(run) }
        }
        let recorder = Recorder()
        let run = TextRun(text: "Hi", font: ResolvedFont(size: 17, lineHeight: 22), color: red,
                          origin: Point(x: 1, y: 2), width: 20)
        _ = try renderImage(DisplayList(size: Size(width: 10, height: 10), items: [.text(run)]),
                            scale: 2, text: recorder)
        #expect(recorder.runs == [run])
        let img = try renderImage(DisplayList(size: Size(width: 60, height: 30), items: [.text(run)]),
                                  scale: 1, text: SimplePangoText())
        #expect(img.rgba.contains { $0 != 0 })
    }

    /// A line that cannot be drawn stops the play with the stream line of the element that
    /// painted it (`DisplayList.lines`), which the commands turn into `FILE:LINE: draw: ...`.
    @Test func aTextThatCannotBeDrawnNamesItsElementsStreamLine() {
        struct Refusing: TextDrawing {
            func draw(_ run: TextRun, in cr: OpaquePointer) throws {
                if run.text == "Huge" { throw TextDrawingError(message: "font size 30000 pt cannot be drawn") }
            }
        }
        let font = ResolvedFont(size: 17, lineHeight: 22)
        let fine = TextRun(text: "Fine", font: font, color: red, origin: Point(x: 0, y: 0), width: 20)
        let huge = TextRun(text: "Huge", font: font, color: red, origin: Point(x: 0, y: 22), width: 20)
        let list = DisplayList(size: Size(width: 40, height: 50), items: [.text(fine), .text(huge)], lines: [2, 3])
        #expect(throws: DrawingError(line: 3, message: "text: font size 30000 pt cannot be drawn")) {
            try renderImage(list, scale: 1, text: Refusing())
        }
    }

    /// A screen's opaque background is drawn onto an uninitialized buffer; everything else
    /// onto a cleared one. Garbage is left where the image's buffer is likely to come from.
    @Test func anOpaqueBackgroundCoversWhatTheBufferHeldAndNothingElseSkipsClearing() throws {
        func dirtied<T>(_ pixels: Int, _ render: () throws -> T) rethrows -> T {
            var garbage = [UInt32](repeating: 0xDEAD_BEEF, count: pixels)
            garbage.withUnsafeMutableBufferPointer { _ = $0 }
            return try render()
        }
        let gray = RGBA(0.5, 0.5, 0.5)
        let screen = try dirtied(100 * 100) {
            try image([.fill(.rect, rect(0, 0, 100, 100), .solid(gray)),
                       .fill(.rect, rect(20, 20, 10, 10), .solid(RGBA(1, 0, 0, 0.5)))])
        }
        #expect(rgba(screen, 0, 0) == [128, 128, 128, 255])
        #expect(rgba(screen, 99, 99) == [128, 128, 128, 255])
        #expect(rgba(screen, 25, 25) == [192, 64, 64, 255])
        // A translucent background, and one that covers 252.5 of 253 columns, start cleared.
        let translucent = try dirtied(100 * 100) { try image([.fill(.rect, rect(0, 0, 100, 100), .solid(RGBA(0, 0, 1, 0.5)))]) }
        #expect(near(rgba(translucent, 50, 50), [0, 0, 255, 128]))
        let partial = try dirtied(253 * 128) {
            try image([.fill(.rect, rect(0, 0, 101, 51), .solid(gray))], width: 101, height: 51, scale: 2.5)
        }
        #expect(partial.width == 253)
        #expect(near(rgba(partial, 252, 60), [128, 128, 128, 128]))
        #expect(rgba(partial, 251, 60) == [128, 128, 128, 255])
    }
}

@Suite struct TransformTests {
    private func image(_ items: [DisplayItem]) throws -> RenderedImage {
        try renderImage(DisplayList(size: Size(width: 100, height: 100), items: items), scale: 1, text: NoText())
    }

    @Test func pushTransformScalesAboutItsCenterUntilPopTransform() throws {
        let img = try image([
            .pushTransform(scale: 0.5, center: Point(x: 50, y: 50)),
            .fill(.rect, rect(20, 20, 40, 40), .solid(red)), // drawn at (35, 35, 20, 20)
            .popTransform,
            .fill(.rect, rect(80, 80, 10, 10), .solid(blue)), // unscaled again
        ])
        #expect(rgba(img, 45, 45) == [255, 0, 0, 255])
        #expect(rgba(img, 36, 36) == [255, 0, 0, 255])
        #expect(rgba(img, 33, 33) == [0, 0, 0, 0])
        #expect(rgba(img, 57, 57) == [0, 0, 0, 0])
        #expect(rgba(img, 85, 85) == [0, 0, 255, 255])
    }

    @Test func degenerateOrUnbalancedTransformsDrawUnscaled() throws {
        let img = try image([
            .popTransform,
            .pushTransform(scale: 0, center: Point(x: 50, y: 50)),
            .fill(.rect, rect(0, 0, 10, 10), .solid(red)),
            .popTransform,
            .pushTransform(scale: .nan, center: Point(x: 0, y: 0)),
            .fill(.rect, rect(90, 90, 10, 10), .solid(blue)),
        ])
        #expect(rgba(img, 5, 5) == [255, 0, 0, 255])
        #expect(rgba(img, 95, 95) == [0, 0, 255, 255])
    }
}

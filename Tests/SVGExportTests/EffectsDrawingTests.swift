import Drawing
import LayoutModel
@testable import SVGExport
import Testing

/// Shadows, blurs, masks, transforms and material backdrops as the Cairo backend draws them,
/// in PNG and in SVG drawn by librsvg.
struct EffectsDrawingTests {
    let canvas = Size(width: 100, height: 100)

    func image(_ items: [DisplayItem], scale: Double = 1) throws -> RenderedImage {
        try renderImage(DisplayList(size: canvas, items: items), scale: scale, text: NoText())
    }

    /// Three box blurs give the Gaussian's spread: across a one-pixel column of 255 the middle
    /// row keeps the column's mass and has variance sigma².
    @Test(arguments: [1.0, 2.5, 6.0])
    func boxBlursApproximateTheGaussian(sigma: Double) {
        let size = 101
        var plane = [UInt8](repeating: 0, count: size * size)
        for y in 0..<size { plane[y * size + 50] = 255 }
        GaussianBlur.blur(&plane, width: size, height: size, sigma: sigma)
        let row = plane[(50 * size)..<(51 * size)].map(Double.init)
        let mass = row.reduce(0, +)
        let variance = row.enumerated().reduce(0.0) { $0 + $1.element * Double(($1.offset - 50) * ($1.offset - 50)) } / mass
        #expect(abs(mass - 255) < 255 * 0.08, "mass \(mass)")
        #expect(abs(variance.squareRoot() - sigma) < 0.15 * sigma + 0.2, "sigma \(variance.squareRoot())")
    }

    @Test func shadowDarkensBelowTheContentAndFadesOut() throws {
        let white = RGBA(1, 1, 1)
        let items: [DisplayItem] = [
            .fill(.rect, rect(0, 0, 100, 100), .solid(white)),
            .pushShadow(Shadow(color: RGBA(0, 0, 0, 0.5), sigma: 4, offset: Point(x: 0, y: 10)), bounds: rect(30, 30, 40, 40)),
            .fill(.rect, rect(30, 30, 40, 40), .solid(RGBA(1, 0, 0))),
            .popShadow,
        ]
        let png = try image(items)
        #expect(rgba(png, 50, 50) == [255, 0, 0, 255]) // the content on top
        let under = rgba(png, 50, 75)                    // 5 below the box, inside the moved shadow
        #expect(under[0] < 200 && under[0] > 128, "\(under)")
        #expect(near(rgba(png, 50, 95), [255, 255, 255, 255], tolerance: 3)) // 3 sigma past the shadow's edge
        #expect(rgba(png, 50, 20) == [255, 255, 255, 255]) // the shadow is moved down, not up
        // Symmetric left and right of the center.
        #expect(rgba(png, 25, 60) == rgba(png, 74, 60))
    }

    /// On a PNG a shadow is not painted under bands of opaque content (nor where it is
    /// transparent), which must leave the pixels of painting it all. A clip whose edges are not
    /// whole pixels turns the skipping off, so the two renders below take the two paths: inside
    /// that clip they must match exactly, over content with translucent and clear parts.
    @Test(arguments: [1.0, 3.0])
    func shadowSkippedUnderOpaqueContentLeavesThePixelsOfPaintingItAll(scale: Double) throws {
        let content: [DisplayItem] = [
            .fill(.rect, rect(0, 0, 100, 100), .solid(RGBA(0.9, 0.95, 1))),
            .pushShadow(Shadow(color: RGBA(0.1, 0, 0.3, 0.6), sigma: 4, offset: Point(x: 1.5, y: 4.25)), bounds: rect(20.5, 22, 55, 50)),
            .fill(.roundedRect(cornerRadius: 9), rect(20.5, 22, 55, 50), .solid(RGBA(1, 1, 1))),
            .fill(.rect, rect(30, 30, 20, 8), .solid(RGBA(0, 0.5, 0, 0.5))), // over the opaque card: still opaque
            .fill(.ellipse, rect(60, 50, 30, 30), .solid(RGBA(1, 0, 0, 0.4))), // translucent, half outside it
            .popShadow,
        ]
        let skipping = try image(content, scale: scale)
        let everything = try image([.pushClip(.rect, rect(0.5, 0.5, 99, 99))] + content + [.popClip], scale: scale)
        let inside = Int(scale)..<(skipping.width - Int(scale))
        for y in inside {
            for x in inside where skipping.pixel(x: x, y: y) != everything.pixel(x: x, y: y) {
                Issue.record("pixel (\(x), \(y)) at \(scale)x: \(skipping.pixel(x: x, y: y)) != \(everything.pixel(x: x, y: y))")
                return
            }
        }
        // The shadow is there: below the card, outside it.
        #expect(rgba(skipping, Int(48 * scale), Int(76 * scale))[0] < 200)
    }

    @Test func blurSpreadsTheContentAndKeepsItsColor() throws {
        let items: [DisplayItem] = [
            .pushBlur(sigma: 3, bounds: rect(40, 40, 20, 20)),
            .fill(.rect, rect(40, 40, 20, 20), .solid(RGBA(0, 0, 1))),
            .popBlur,
        ]
        let png = try image(items)
        #expect(rgba(png, 50, 50) == [0, 0, 255, 255])
        let edge = rgba(png, 40, 50)
        #expect(edge[2] == 255 && edge[3] > 100 && edge[3] < 160, "\(edge)") // half covered at the edge
        #expect(rgba(png, 33, 50)[3] > 0 && rgba(png, 33, 50)[3] < 20)
        #expect(rgba(png, 20, 50)[3] == 0)
    }

    /// A blur of any finite size draws (a fuzzed `blur` of 1.2e29 trapped converting its
    /// block size to an integer): so wide, the content spreads to nothing.
    @Test(arguments: [1e9, 1.2e29, 1e300])
    func aHugeBlurDrawsNothingVisible(_ sigma: Double) throws {
        let png = try image([
            .pushBlur(sigma: sigma, bounds: rect(40, 40, 20, 20)),
            .fill(.rect, rect(40, 40, 20, 20), .solid(RGBA(0, 0, 1))),
            .popBlur,
        ])
        #expect(rgba(png, 50, 50)[3] == 0)
        #expect(GaussianBlur.boxWidths(sigma: sigma) == GaussianBlur.boxWidths(sigma: GaussianBlur.maxSigma))
    }

    @Test func maskAndPaintThroughCombineContentWithAGradient() throws {
        let fade = Paint.linearGradient(stops: [GradientStop(color: RGBA(0, 0, 0, 1), location: 0),
                                                GradientStop(color: RGBA(0, 0, 0, 0), location: 1)],
                                        start: Point(x: 0, y: 0), end: Point(x: 100, y: 0))
        let masked = try image([.pushMask(fade, bounds: rect(0, 0, 100, 100), mode: .alpha),
                                .fill(.rect, rect(0, 0, 100, 100), .solid(RGBA(1, 0, 0))), .popMask])
        #expect(masked.pixel(x: 5, y: 50).a > 240 && masked.pixel(x: 95, y: 50).a < 15)
        #expect(abs(Int(masked.pixel(x: 50, y: 50).a) - 128) < 4)
        let ramp = Paint.linearGradient(stops: [GradientStop(color: RGBA(1, 0, 0), location: 0), GradientStop(color: RGBA(0, 0, 1), location: 1)],
                                        start: Point(x: 0, y: 0), end: Point(x: 100, y: 0))
        let through = try image([.pushMask(ramp, bounds: rect(0, 0, 100, 100), mode: .paintThrough),
                                 .fill(.rect, rect(10, 10, 80, 10), .solid(RGBA(0, 1, 0))), .popMask])
        #expect(rgba(through, 10, 15) == [249, 0, 6, 255] || near(rgba(through, 10, 15), [230, 0, 25, 255], tolerance: 25))
        #expect(near(rgba(through, 89, 15), [28, 0, 227, 255], tolerance: 6)) // the paint, not the content's green
        #expect(through.pixel(x: 50, y: 50).a == 0) // nothing outside the content
    }

    @Test func affineTransformRotatesAboutItsAnchor() throws {
        let quarter = AffineTransform.about(Point(x: 50, y: 50), .rotation(degrees: 90))
        let png = try image([.pushAffine(quarter), .fill(.rect, rect(10, 45, 30, 10), .solid(RGBA(0, 1, 0))), .popTransform])
        #expect(rgba(png, 50, 20) == [0, 255, 0, 255]) // the bar left of center now stands above it
        #expect(png.pixel(x: 20, y: 50).a == 0)
        let collapsed = try image([.pushAffine(.scale(0, 1)), .fill(.rect, rect(0, 0, 100, 100), .solid(red)), .popTransform])
        #expect(collapsed.rgba.allSatisfy { $0 == 0 }) // a flat projection draws nothing, without a Cairo error
        // Past 100 device pixels per point (nested transforms multiplied) nothing is drawn either.
        let elevenfold = AffineTransform.about(Point(x: 50, y: 50), .scale(11, 11))
        let grown = try image([.pushAffine(elevenfold), .pushAffine(elevenfold),
                               .fill(.ellipse, rect(45, 45, 10, 10), .solid(red)), .popTransform, .popTransform])
        #expect(grown.rgba.allSatisfy { $0 == 0 })
        let once = try image([.pushAffine(elevenfold), .fill(.ellipse, rect(45, 45, 10, 10), .solid(red)), .popTransform])
        #expect(rgba(once, 50, 50) == [255, 0, 0, 255])
    }

    @Test func backdropBlurSoftensWhatIsBehindOnlyInsideTheOutline() throws {
        let items: [DisplayItem] = [
            .fill(.rect, rect(0, 0, 50, 100), .solid(RGBA(1, 0, 0))),
            .fill(.rect, rect(50, 0, 50, 100), .solid(RGBA(0, 0, 1))),
            .backdropBlur(.rect, rect(20, 40, 60, 20), sigma: 6),
        ]
        let png = try image(items)
        let mixed = rgba(png, 50, 50)
        #expect(mixed[0] > 90 && mixed[2] > 90, "\(mixed)") // red and blue mixed at the seam
        #expect(rgba(png, 50, 30) == [0, 0, 255, 255] || rgba(png, 49, 30) == [255, 0, 0, 255]) // outside: untouched
        #expect(rgba(png, 49, 30) == [255, 0, 0, 255])
    }

    /// Shadows, blurs and backdrops are embedded in the SVG as images, masks as SVG masks and
    /// transforms as matrices: librsvg draws the SVG as the PNG at 1x, 2x and 3x.
    @Test(arguments: [1.0, 2.0, 3.0])
    func svgOfEffectsRendersLikeThePNG(scale: Double) throws {
        let fade = Paint.linearGradient(stops: [GradientStop(color: RGBA(0, 0, 0, 1), location: 0),
                                                GradientStop(color: RGBA(0, 0, 0, 0), location: 1)],
                                        start: Point(x: 0, y: 0), end: Point(x: 100, y: 0))
        let items: [DisplayItem] = [
            .fill(.rect, rect(0, 0, 100, 100), .solid(RGBA(1, 1, 1))),
            .fill(.rect, rect(0, 70, 50, 30), .solid(RGBA(1, 0.5, 0))),
            .pushAffine(.about(Point(x: 30, y: 25), .rotation(degrees: -12))),
            .pushShadow(Shadow(color: RGBA(0, 0, 0, 0.3), sigma: 3, offset: Point(x: 0, y: 3)), bounds: rect(10, 10, 40, 30)),
            .fill(.roundedRect(cornerRadius: 6), rect(10, 10, 40, 30), .solid(RGBA(0.2, 0.4, 1))),
            .popShadow,
            .popTransform,
            .pushBlur(sigma: 2, bounds: rect(60, 10, 30, 30)),
            .fill(.ellipse, rect(60, 10, 30, 30), .solid(RGBA(1, 0.2, 0.4))),
            .popBlur,
            .pushMask(fade, bounds: rect(10, 50, 80, 10), mode: .alpha),
            .fill(.rect, rect(10, 50, 80, 10), .solid(RGBA(0, 0.6, 0))),
            .popMask,
            .backdropBlur(.roundedRect(cornerRadius: 8), rect(20, 75, 60, 20), sigma: 5),
            .fill(.roundedRect(cornerRadius: 8), rect(20, 75, 60, 20), .solid(RGBA(1, 1, 1, 0.7))),
        ]
        let (worst, off, pixels, svg) = try svgDifference(DisplayList(size: canvas, items: items), scale: scale,
                                                          text: NoText(), tolerance: 8)
        #expect(off * 200 < pixels, "\(off) pixels differ by more than 8, worst by \(worst)")
        #expect(String(decoding: svg, as: UTF8.self).contains("<image"))
    }
}

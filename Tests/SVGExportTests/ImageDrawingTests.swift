import Drawing
import Foundation
import LayoutModel
@testable import SVGExport
import Testing

private let testCatalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Test.xcassets")

/// A 2 x 2 gray checker: black, white / white, black.
private let checker = BitmapSource(key: "p-checker", format: .gray, width: 2, height: 2, bytes: [0, 255, 255, 0])

@Suite struct ImageDrawingTests {
    private func image(_ items: [DisplayItem], scale: Double = 1) throws -> RenderedImage {
        try renderImage(DisplayList(size: Size(width: 60, height: 60), items: items), scale: scale, text: NoText())
    }

    @Test func aRasterFileFillsItsRect() throws {
        let file = testCatalog.appendingPathComponent("Logo.imageset/logo@2x.png").path
        let img = try image([.image(ImageItem(content: .file(path: file), rect: rect(10, 10, 20, 10)))], scale: 2)
        #expect(rgba(img, 30, 30) == [0, 0, 255, 255])
        #expect(rgba(img, 58, 38) == [0, 0, 255, 255])
        #expect(rgba(img, 61, 30) == [0, 0, 0, 0])
    }

    @Test func interpolationNoneKeepsEverySourcePixelASharpSquare() throws {
        let bitmap = ImageContent.bitmap(checker, steps: [], width: 2, height: 2)
        let sharp = try image([.image(ImageItem(content: bitmap, rect: rect(0, 0, 40, 40), smooth: false))])
        #expect(rgba(sharp, 19, 5) == [0, 0, 0, 255])
        #expect(rgba(sharp, 20, 5) == [255, 255, 255, 255])
        #expect(rgba(sharp, 20, 39) == [0, 0, 0, 255])
        let smooth = try image([.image(ImageItem(content: bitmap, rect: rect(0, 0, 40, 40)))])
        let blended = rgba(smooth, 19, 5)[0]
        #expect(blended > 40 && blended < 215)
    }

    @Test func aTemplateImageIsDrawnInItsColor() throws {
        let star = testCatalog.appendingPathComponent("Star.symbolset/star.svg").path
        let img = try image([.image(ImageItem(content: .file(path: star), rect: rect(10, 10, 20, 20), template: RGBA(1, 0, 0, 0.5)))])
        #expect(rgba(img, 20, 20) == [255, 0, 0, 128])
        #expect(rgba(img, 35, 20) == [0, 0, 0, 0])
    }

    /// Only the Regular-M glyph of an SF Symbols template is drawn (its 100 x 50 box fitted
    /// and centered), not the other weights or the guides.
    @Test func aSymbolTemplateDrawsItsRegularMediumGlyphFitted() throws {
        let drop = testCatalog.appendingPathComponent("Drop.symbolset/drop.svg").path
        let img = try image([.image(ImageItem(content: .file(path: drop), rect: rect(0, 0, 40, 40), template: RGBA(0, 0, 1)))])
        #expect(rgba(img, 2, 12) == [0, 0, 255, 255] && rgba(img, 37, 28) == [0, 0, 255, 255])
        #expect(rgba(img, 20, 8) == [0, 0, 0, 0] && rgba(img, 20, 32) == [0, 0, 0, 0])
        #expect(rgba(img, 50, 20) == [0, 0, 0, 0])
    }

    /// A PDF picture (left half red, top right quarter blue, bottom right empty; PDF's y is
    /// up) fills its rect upright, and stays vector paths in an SVG that librsvg draws alike.
    @Test func aPDFFileIsDrawnByPopplerUprightAndAsVectors() throws {
        let doc = testCatalog.appendingPathComponent("Doc.imageset/doc.pdf").path
        let list = DisplayList(size: Size(width: 60, height: 60), items: [.image(ImageItem(content: .file(path: doc), rect: rect(5, 10, 50, 40)))])
        let img = try renderImage(list, scale: 2, text: NoText())
        #expect(rgba(img, 20, 60) == [255, 0, 0, 255] && rgba(img, 58, 98) == [255, 0, 0, 255])
        #expect(rgba(img, 80, 30) == [0, 0, 255, 255] && rgba(img, 108, 58) == [0, 0, 255, 255])
        #expect(rgba(img, 80, 80) == [0, 0, 0, 0], "the bottom right quarter is empty")
        #expect(rgba(img, 4, 60) == [0, 0, 0, 0] && rgba(img, 80, 18) == [0, 0, 0, 0], "nothing outside the rect")
        let svg = try renderSVG(list, text: NoText())
        #expect(!String(decoding: svg, as: UTF8.self).contains("<image"))
        let raster = try #require(rasterizeSVG(svg, width: img.width, height: img.height, scale: 2))
        #expect(rgba(raster, 20, 60) == [255, 0, 0, 255] && rgba(raster, 80, 30) == [0, 0, 255, 255] && rgba(raster, 80, 80) == [0, 0, 0, 0])
    }

    @Test func anUndecodableFileDrawsThePlaceholderAndNothingBreaks() throws {
        let bad = testCatalog.appendingPathComponent("Bad.imageset/bad.png").path
        let img = try image([.image(ImageItem(content: .file(path: bad), rect: rect(0, 0, 60, 60))),
                             .fill(.rect, rect(50, 50, 10, 10), .solid(RGBA(0, 1, 0)))])
        #expect(rgba(img, 55, 55) == [0, 255, 0, 255])
        #expect(rgba(img, 30, 30) == [0, 0, 0, 0])
    }

    @Test func encodedSourcesDecodeThroughGdkPixbuf() throws {
        let bytes = try [UInt8](Data(contentsOf: testCatalog.appendingPathComponent("Food/Pizza.imageset/pizza.png")))
        let source = BitmapSource(key: "f-pizza", format: .file(mime: "image/png"), width: 12, height: 8, bytes: bytes)
        let img = try image([.image(ImageItem(content: .bitmap(source, steps: [], width: 12, height: 8), rect: rect(0, 0, 12, 8)))])
        #expect(rgba(img, 6, 4) == [255, 160, 0, 255])
    }

    /// WebP decodes through webp-pixbuf-loader's gdk-pixbuf loader (scripts/setup.sh installs it).
    @Test func webPSourcesDecodeThroughTheirLoader() throws {
        let url = testCatalog.deletingLastPathComponent().appendingPathComponent("solid.webp")
        let source = BitmapSource(key: "f-webp", format: .file(mime: "image/webp"), width: 4, height: 2,
                                  bytes: try [UInt8](Data(contentsOf: url)))
        let img = try image([.image(ImageItem(content: .bitmap(source, steps: [], width: 4, height: 2), rect: rect(0, 0, 40, 20)))])
        #expect(rgba(img, 20, 10) == [0, 128, 255, 255])
        #expect(rgba(img, 20, 30) == [0, 0, 0, 0])
    }

    /// librsvg draws the SVG like the PNG, the sharp bitmap included (its pixels are repeated
    /// in the SVG, which cannot ask for nearest-neighbour scaling).
    @Test func svgRendersImagesLikeThePNG() throws {
        let list = DisplayList(size: Size(width: 60, height: 60), items: [
            .image(ImageItem(content: .bitmap(checker, steps: [], width: 2, height: 2), rect: rect(0, 0, 40, 40), smooth: false)),
            .image(ImageItem(content: .file(path: testCatalog.appendingPathComponent("Vector.imageset/vector.svg").path),
                             rect: rect(40, 40, 20, 10))),
        ])
        let png = try renderImage(list, scale: 2, text: NoText())
        let svg = try renderSVG(list, text: NoText())
        #expect(String(decoding: svg, as: UTF8.self).contains("<image"))
        let raster = try #require(rasterizeSVG(svg, width: png.width, height: png.height, scale: 2))
        // `rgba` converts the whole image: once each, not per pixel.
        let (expected, drawn) = (png.rgba, raster.rgba)
        var off = 0
        for i in stride(from: 0, to: expected.count, by: 4) where (0..<4).contains(where: { abs(Int(expected[i + $0]) - Int(drawn[i + $0])) > 8 }) {
            off += 1
        }
        #expect(off * 100 < png.width * png.height, "\(off) pixels differ")
        // Sharp at the module edge: the last black and first white device pixels stay (nearly) pure.
        #expect(rgba(raster, 39, 10)[0] <= 4 && rgba(raster, 40, 10)[0] >= 251)
    }
}

@Suite struct ImageStepTests {
    private func raster(_ w: Int, _ h: Int, _ color: (Int, Int) -> SIMD4<Float>) -> Raster {
        Raster(width: w, height: h, pixels: (0..<h).flatMap { y in (0..<w).map { x in color(x, y) } })
    }

    @Test func sepiaToneMixesCoreImagesMatrixByIntensity() {
        let gray = raster(1, 1) { _, _ in SIMD4(0.5, 0.5, 0.5, 1) }
        let full = gray.applying(.sepiaTone(intensity: 1))[0, 0]
        #expect(abs(full.x - 0.6755) < 0.001 && abs(full.y - 0.6015) < 0.001 && abs(full.z - 0.4685) < 0.001)
        #expect(gray.applying(.sepiaTone(intensity: 0)) == gray)
    }

    @Test func gaussianBlurSpreadsAndFadesToClearAtTheEdges() {
        let dot = raster(21, 21) { x, y in x == 10 && y == 10 ? SIMD4(1, 1, 1, 1) : .zero }
        let blurred = dot.applying(.gaussianBlur(radius: 2))
        let total = blurred.pixels.reduce(Float(0)) { $0 + $1.w }
        #expect(abs(total - 1) < 0.01)
        #expect(blurred[10, 10].w < 0.1 && blurred[12, 10].w > 0.01)
        let opaque = raster(30, 30) { _, _ in SIMD4(1, 0, 0, 1) }.applying(.gaussianBlur(radius: 3))
        #expect(opaque[0, 0].w < 0.6 && opaque[15, 15].w > 0.99)
    }

    @Test func pixellateAveragesCellsOnAGridThroughTheCenter() {
        let ramp = raster(8, 8) { x, _ in SIMD4(Float(x) / 7, 0, 0, 1) }
        let cells = ramp.applying(.pixellate(center: Point(x: 4, y: 4), scale: 4))
        // Cells of 4 centered on x = 4: columns 2...5 form one cell, 0...1 and 6...7 are cut cells.
        #expect(cells[2, 0] == cells[5, 7] && abs(cells[3, 3].x - 0.5) < 0.001)
        #expect(cells[0, 0] == cells[1, 0] && cells[1, 0] != cells[2, 0])
    }

    @Test func cropKeepsTheRenderExtentInCoreImageCoordinates() {
        let rows = raster(4, 4) { _, y in SIMD4(Float(y) / 3, 0, 0, 1) }
        // y up: the bottom two rows of the picture are y 0...2 in Core Image.
        let bottom = rows.applying(.crop(Rect(x: 1, y: 0, width: 2, height: 2)))
        #expect(bottom.width == 2 && bottom.height == 2 && bottom[0, 0].x == Float(2) / 3 && bottom[1, 1].x == 1)
    }

    @Test func edgesFindTheBoundaryAndVignetteDarkensTheCorners() {
        let half = raster(6, 6) { x, _ in x < 3 ? SIMD4(0, 0, 0, 1) : SIMD4(1, 1, 1, 1) }
        let edges = half.applying(.edges(intensity: 1))
        #expect(edges[0, 3] == SIMD4(0, 0, 0, 1) && edges[2, 3].x > 0.9)
        let white = raster(9, 9) { _, _ in SIMD4(1, 1, 1, 1) }
        let vignette = white.applying(.vignette(intensity: 1, radius: 1))
        #expect(vignette[4, 4].x > 0.99 && abs(vignette[0, 0].x - 0.6) < 0.02)
        #expect(white.applying(.vignette(intensity: 0, radius: 1)) == white)
        #expect(white.applying(.crystallize(center: Point(x: 150, y: 150), radius: 3)) == white)
        #expect(white.applying(.unsharpMask(radius: 2.5, intensity: 0.5))[4, 4] == SIMD4(1, 1, 1, 1))
    }
}

/// Stream numbers at Double's limits (the fuzzer's 1e308) draw something or nothing, never trap.
@Suite struct ImageStepLimitTests {
    @Test func extremeStepValuesNeitherTrapNorLeaveNaN() throws {
        let source = BitmapSource(key: "p-limits", format: .gray, width: 2, height: 2, bytes: [0, 255, 255, 0])
        let far = Point(x: 1e308, y: -1e308)
        let steps: [[ImageStep]] = [
            [.crop(Rect(x: 0, y: -1e308, width: 2, height: 2))], [.crop(Rect(x: 0, y: 0, width: 1e308, height: 1e308))],
            [.pixellate(center: far, scale: 1e308)], [.pixellate(center: far, scale: 2)], [.crystallize(center: far, radius: 1e308)],
            [.crystallize(center: far, radius: 1)], [.gaussianBlur(radius: 1e308)], [.vignette(intensity: 1e308, radius: 1e-308)],
            [.edges(intensity: 1e308)], [.unsharpMask(radius: 1e308, intensity: -1e308)], [.sepiaTone(intensity: -1e308)],
        ]
        for recipe in steps {
            let item = ImageItem(content: .bitmap(source, steps: recipe, width: 2, height: 2), rect: rect(0, 0, 10, 10))
            let img = try renderImage(DisplayList(size: Size(width: 10, height: 10), items: [.image(item)]), scale: 1, text: NoText())
            #expect(img.width == 10, "\(recipe)")
        }
    }
}

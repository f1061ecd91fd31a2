import ImageDiff
import Testing

@Suite struct PixelmatchTests {
    let white: [UInt8] = [255, 255, 255, 255]
    let black: [UInt8] = [0, 0, 0, 255]

    /// 7x5: black on the left (x < 3), white on the right.
    func edge() -> RGBAImage {
        var image = solid(7, 5, white)
        for y in 0..<5 { for x in 0..<3 { image.set(x, y, black) } }
        return image
    }

    @Test func identicalImagesMatch() {
        let image = edge()
        var output: [UInt8]? = []
        #expect(pixelmatch(image, image, output: &output) == 0)
        // The whole diff image is the first image faded to gray.
        #expect(output?.count == 7 * 5 * 4)
        #expect(Array(output?[0..<4] ?? []) == [229, 229, 229, 255])
        #expect(Array(output?[24..<28] ?? []) == [255, 255, 255, 255])
    }

    @Test func onePixelChanged() {
        let a = solid(5, 5, white)
        var b = a
        b.set(2, 2, black)
        #expect(pixelmatch(a, b) == 1)
    }

    @Test func changeUnderThresholdIsIgnored() {
        let a = solid(4, 4, [200, 200, 200, 255])
        var b = a
        b.set(1, 1, [201, 201, 202, 255])
        #expect(pixelmatch(a, b) == 0)
        #expect(pixelmatch(a, b, options: DiffOptions(threshold: 0)) == 1)
    }

    @Test func antiAliasedEdgeIsDetected() {
        // Softening the edge column: every pixel of it sits between a flat dark and a flat
        // light area, which is what anti-aliasing looks like.
        let a = edge()
        var b = a
        for y in 0..<5 { b.set(3, y, [128, 128, 128, 255]) }
        #expect(pixelmatch(a, b) == 0)
        #expect(pixelmatch(a, b, options: DiffOptions(includeAA: true)) == 5)
    }

    @Test func diffImageColors() throws {
        let a = edge()
        var b = a
        b.set(3, 2, [128, 128, 128, 255]) // anti-aliasing: yellow
        b.set(5, 0, [255, 0, 255, 255])   // real change: red
        var output: [UInt8]? = []
        #expect(pixelmatch(a, b, output: &output) == 1)
        let diff = RGBAImage(width: 7, height: 5, pixels: try #require(output))
        #expect(diff.pixel(5, 0) == [255, 0, 0, 255])
        #expect(diff.pixel(3, 2) == [255, 255, 0, 255])
        // Unchanged: brightness blended with white at alpha 0.1 (black -> 229, white -> 255).
        #expect(diff.pixel(0, 0) == [229, 229, 229, 255])
        #expect(diff.pixel(6, 4) == [255, 255, 255, 255])

        var custom: [UInt8]? = []
        let options = DiffOptions(alpha: 0.5, aaColor: RGBColor(0, 0, 255), diffColor: RGBColor(0, 255, 0))
        _ = pixelmatch(a, b, options: options, output: &custom)
        let customDiff = RGBAImage(width: 7, height: 5, pixels: try #require(custom))
        #expect(customDiff.pixel(5, 0) == [0, 255, 0, 255])
        #expect(customDiff.pixel(3, 2) == [0, 0, 255, 255])
        #expect(customDiff.pixel(0, 0) == [127, 127, 127, 255])
    }

    @Test func diffMaskAndAlternativeColor() throws {
        let a = edge()
        var b = a
        b.set(3, 2, [128, 128, 128, 255]) // anti-aliasing: left out of a mask
        b.set(5, 0, [0, 0, 0, 255])       // darker in b: alternative color
        b.set(1, 4, [255, 255, 255, 255]) // lighter in b: diff color
        var output: [UInt8]? = []
        let options = DiffOptions(diffColorAlt: RGBColor(0, 255, 0), diffMask: true)
        #expect(pixelmatch(a, b, options: options, output: &output) == 2)
        let diff = RGBAImage(width: 7, height: 5, pixels: try #require(output))
        #expect(diff.pixel(5, 0) == [0, 255, 0, 255])
        #expect(diff.pixel(1, 4) == [255, 0, 0, 255])
        #expect(diff.pixel(3, 2) == [0, 0, 0, 0])
        #expect(diff.pixel(0, 0) == [0, 0, 0, 0])
    }

    @Test func transparentPixelsBlendWithWhite() {
        // Fully transparent black and opaque white look the same once blended onto white.
        let a = solid(3, 3, [0, 0, 0, 0])
        let b = solid(3, 3, white)
        #expect(pixelmatch(a, b, options: DiffOptions(threshold: 0)) == 0)
        #expect(pixelmatch(a, solid(3, 3, black)) == 9)
    }

    // MARK: - Comparison results

    @Test func sizeMismatchIsAResult() {
        let (result, diff) = ImageComparison.compare(solid(3, 2, white), solid(2, 3, white), writeDiffImage: true)
        #expect(result.sizeMismatch?.0 == PixelSize(width: 3, height: 2))
        #expect(result.sizeMismatch?.1 == PixelSize(width: 2, height: 3))
        #expect("\(result)" == "size mismatch 3x2 vs 2x3")
        #expect(result.differingPixels == 6 && result.ratio == 1)
        #expect(!result.passes(DiffTolerance(maxDiffPixels: 1000)))
        #expect(diff == nil)
    }

    @Test func tolerances() {
        let result = DiffResult(differingPixels: 50, totalPixels: 10_000)
        #expect(result.ratio == 0.005)
        #expect("\(result)" == "50 of 10000 pixels differ (0.5%)")
        #expect(!result.passes(.exact))
        #expect(!result.passes(DiffTolerance()))
        #expect(result.passes(DiffTolerance(maxDiffPixels: 50)))
        #expect(!result.passes(DiffTolerance(maxDiffPixels: 49)))
        #expect(result.passes(DiffTolerance(maxDiffRatio: 0.005)))
        #expect(!result.passes(DiffTolerance(maxDiffRatio: 0.004)))
        #expect(!result.passes(DiffTolerance(maxDiffPixels: 100, maxDiffRatio: 0.001)))
        #expect(result.passes(DiffTolerance(maxDiffPixels: 100, maxDiffRatio: 0.01)))
        #expect(DiffResult(differingPixels: 0, totalPixels: 4).passes(.exact))
    }

    @Test func comparePNGFiles() throws {
        let a = edge()
        var b = a
        b.set(5, 0, [255, 0, 255, 255])
        let (result, diffPNG) = try ImageComparison.compare(pngA: try a.pngData(), pngB: try b.pngData(),
                                                            writeDiffImage: true)
        #expect(result.differingPixels == 1 && result.totalPixels == 35)
        let diff = try PNGDecoder.decode(try #require(diffPNG))
        #expect(diff.pixel(5, 0) == [255, 0, 0, 255])
    }

    @Test func byteIdenticalFilesAreNotDecoded() throws {
        // A valid header over image data that cannot be inflated: decoding would throw.
        let png = pngSignature + chunk("IHDR", bigEndian(40) + bigEndian(30) + [8, 6, 0, 0, 0])
            + chunk("IDAT", [1, 2, 3]) + chunk("IEND", [])
        #expect(throws: PNGDecoder.Error.self) { try PNGDecoder.decode(png) }
        let (result, diffPNG) = try ImageComparison.compare(pngA: png, pngB: png, writeDiffImage: true)
        #expect(result.differingPixels == 0 && result.totalPixels == 1200)
        #expect(diffPNG == nil)
    }

    @Test func decodingErrorsSayWhichImage() throws {
        let good = try solid(2, 2, white).pngData()
        #expect(throws: ImageComparison.Error.cannotDecodeB(.notPNG)) {
            try ImageComparison.compare(pngA: good, pngB: [1, 2, 3])
        }
        #expect(throws: ImageComparison.Error.cannotDecodeA(.truncated)) {
            try ImageComparison.compare(pngA: Array(good.prefix(20)), pngB: good)
        }
        #expect("\(ImageComparison.Error.cannotDecodeB(.notPNG))" == "cannot read the second image: not a PNG file")
    }
}

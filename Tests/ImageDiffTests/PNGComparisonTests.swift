import ImageDiff
import Testing

/// `ImageComparison.compare(pngA:pngB:)` matches rows while it decodes them; it must give
/// exactly what `pixelmatch` gives on the whole decoded images.
@Suite struct PNGComparisonTests {
    /// Blocks of a few flat colors (so edges have flat neighbours, as anti-aliasing needs),
    /// and a second image with some pixels softened or recolored.
    static func blockyPair(_ width: Int, _ height: Int, seed: UInt64) -> (RGBAImage, RGBAImage) {
        var rng = SplitMix64(seed: seed)
        let colors: [[UInt8]] = [[255, 255, 255, 255], [20, 30, 40, 255], [0, 122, 255, 255], [250, 80, 60, 128]]
        let block = 1 + rng.below(4)
        var a = solid(width, height, colors[0])
        let palette = (0..<64).map { _ in colors[rng.below(colors.count)] }
        for y in 0..<height { for x in 0..<width { a.set(x, y, palette[(y / block * 8 + x / block) % 64]) } }
        var b = a
        for _ in 0..<max(1, width * height / 6) {
            let (x, y) = (rng.below(width), rng.below(height))
            b.set(x, y, rng.below(2) == 0 ? [128, 128, 128, 255] : colors[rng.below(colors.count)])
        }
        return (a, b)
    }

    static let optionSets = [
        DiffOptions(),
        DiffOptions(includeAA: true),
        DiffOptions(threshold: 0.3, diffColorAlt: RGBColor(0, 200, 0)),
        DiffOptions(diffMask: true),
    ]

    @Test(arguments: [(1, 1), (1, 7), (7, 1), (2, 3), (5, 4), (9, 9), (23, 17)])
    func comparingWhileDecodingEqualsPixelmatch(width: Int, height: Int) throws {
        for seed in UInt64(1)...6 {
            let (a, b) = Self.blockyPair(width, height, seed: seed)
            try expectSameAsPixelmatch(a, b)
        }
    }

    @Test(arguments: ["disc", "text", "noise"])
    func crossCheckScenesFromPNGFiles(name: String) throws {
        let (a, b) = CrossCheckTests.scene(name)
        try expectSameAsPixelmatch(a, b)
        let (result, _) = try ImageComparison.compare(pngA: try a.pngData(), pngB: try b.pngData())
        #expect(result.differingPixels == CrossCheckTests.expected[name]?.counts[2])
    }

    private func expectSameAsPixelmatch(_ a: RGBAImage, _ b: RGBAImage) throws {
        let pngA = try a.pngData(), pngB = try b.pngData()
        for options in Self.optionSets {
            var expectedDiff: [UInt8]? = []
            let expected = pixelmatch(a, b, options: options, output: &expectedDiff)
            let (result, diffPNG) = try ImageComparison.compare(pngA: pngA, pngB: pngB, options: options, writeDiffImage: true)
            #expect(result.differingPixels == expected)
            #expect(result.totalPixels == a.width * a.height)
            if pngA != pngB {
                #expect(try PNGDecoder.decode(try #require(diffPNG)).pixels == expectedDiff)
            }
            let (countOnly, noImage) = try ImageComparison.compare(pngA: pngA, pngB: pngB, options: options)
            #expect(countOnly.differingPixels == expected && noImage == nil)
        }
    }

    @Test func interlacedFilesAreComparedWhole() throws {
        let (a, b) = Self.blockyPair(13, 11, seed: 9)
        var interlaced = PNGBuilder(width: 13, height: 11, bitDepth: 8, colorType: 6)
        interlaced.samples = stride(from: 0, to: a.pixels.count, by: 4).map { a.pixels[$0..<$0 + 4].map(Int.init) }
        interlaced.interlaced = true
        var expectedDiff: [UInt8]? = []
        let expected = pixelmatch(a, b, output: &expectedDiff)
        let (result, diffPNG) = try ImageComparison.compare(pngA: interlaced.build(), pngB: try b.pngData(), writeDiffImage: true)
        #expect(result.differingPixels == expected)
        #expect(try PNGDecoder.decode(try #require(diffPNG)).pixels == expectedDiff)
    }

    @Test func sizeMismatchNeedsNoPixels() throws {
        // The second file's pixel data is broken: its size alone settles the comparison.
        let broken = pngSignature + chunk("IHDR", bigEndian(4) + bigEndian(3) + [8, 6, 0, 0, 0])
            + chunk("IDAT", [0x78, 0x01, 0xFF]) + chunk("IEND", [])
        let (result, diffPNG) = try ImageComparison.compare(pngA: try solid(3, 4, [0, 0, 0, 255]).pngData(), pngB: broken,
                                                            writeDiffImage: true)
        #expect("\(result)" == "size mismatch 3x4 vs 4x3")
        #expect(diffPNG == nil)
    }

    /// Damaged second files must give a result or an `ImageComparison.Error`, never a trap.
    @Test func fuzzSecondFile() throws {
        let (a, b) = Self.blockyPair(19, 14, seed: 3)
        let pngA = try a.pngData(), pngB = try b.pngData()
        var rng = SplitMix64(seed: 0xC0FFEE)
        for _ in 0..<1000 {
            var damaged = pngB
            for _ in 0...rng.below(3) where damaged.count > 9 {
                let position = 8 + rng.below(damaged.count - 8)
                if rng.below(4) == 0 { damaged.removeSubrange(position...) } else { damaged[position] = rng.byte() }
            }
            do {
                let (result, _) = try ImageComparison.compare(pngA: pngA, pngB: damaged, writeDiffImage: rng.below(2) == 0)
                #expect(result.differingPixels <= result.totalPixels)
            } catch let error as ImageComparison.Error {
                guard case .cannotDecodeB = error else { Issue.record("blamed the wrong file: \(error)"); continue }
            }
        }
    }

    @Test func errorsHalfwayNameTheImage() throws {
        var bad = PNGBuilder(width: 6, height: 9, bitDepth: 8, colorType: 6)
        bad.filter = { $0 == 6 ? 9 : 1 }
        let good = try RGBAImage(width: 6, height: 9, pixels: bad.expectedRGBA).pngData()
        #expect(throws: ImageComparison.Error.cannotDecodeB(.corrupt("unknown filter type 9"))) {
            try ImageComparison.compare(pngA: good, pngB: bad.build())
        }
        #expect(throws: ImageComparison.Error.cannotDecodeA(.corrupt("unknown filter type 9"))) {
            try ImageComparison.compare(pngA: bad.build(), pngB: good, writeDiffImage: true)
        }
    }

    @Test func aPNGHasExactlyThePixelsItDecodesTo() throws {
        let builder = PNGBuilder(width: 13, height: 11, bitDepth: 16, colorType: 6, seed: 5)
        var interlaced = builder
        interlaced.interlaced = true
        let pixels = builder.expectedRGBA
        for png in [builder.build(), interlaced.build(), try PNGEncoder.encode(rgba: pixels, width: 13, height: 11)] {
            #expect(ImageComparison.png(png, hasPixels: pixels, width: 13, height: 11))
            var changed = pixels
            changed[(10 * 13 + 12) * 4 + 3] ^= 1 // the last pixel's alpha
            #expect(!ImageComparison.png(png, hasPixels: changed, width: 13, height: 11))
            #expect(!ImageComparison.png(png, hasPixels: Array(pixels.prefix(13 * 10 * 4)), width: 13, height: 10))
        }
        let opaque = try solid(7, 3, [255, 255, 255, 255]).pngData()
        #expect(opaque[25] == 2, "written as RGB")
        #expect(ImageComparison.png(opaque, hasPixels: solid(7, 3, [255, 255, 255, 255]).pixels, width: 7, height: 3))
        #expect(!ImageComparison.png(Array(opaque.prefix(40)), hasPixels: solid(7, 3, [255, 255, 255, 255]).pixels, width: 7, height: 3))
    }
}

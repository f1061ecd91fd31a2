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

    /// Premultiplied words with every alpha (color at most alpha, as Cairo stores them).
    static func premultiplied(_ width: Int, _ height: Int, seed: UInt64, opaque: Bool) -> PremultipliedImage {
        var rng = SplitMix64(seed: seed)
        let words = (0..<width * height).map { _ -> UInt32 in
            let a = opaque ? 255 : UInt32(rng.next() % 256)
            let channels = (0..<3).map { _ in a == 0 ? 0 : UInt32(rng.next() % UInt64(a + 1)) }
            return a << 24 | channels[0] << 16 | channels[1] << 8 | channels[2]
        }
        return PremultipliedImage(width: width, height: height, words: words)
    }

    @Test func aPNGHasExactlyThePixelsItDecodesTo() throws {
        for opaque in [true, false] {
            let image = Self.premultiplied(13, 11, seed: 5, opaque: opaque)
            let straight = image.straightRGBA()
            var interlaced = PNGBuilder(width: 13, height: 11, bitDepth: 8, colorType: 6)
            interlaced.interlaced = true
            interlaced.samples = (0..<13 * 11).map { i in (0..<4).map { Int(straight[i * 4 + $0]) } }
            let written = try PNGEncoder.encode(image)
            #expect(written[25] == (opaque ? 2 : 6), "opaque renders are written as RGB")
            for png in [written, try PNGEncoder.encode(rgba: straight, width: 13, height: 11, level: 9), interlaced.build()] {
                #expect(ImageComparison.png(png, hasPixels: image))
                // One channel of one pixel, in the four-pixel groups and in the row's tail.
                for (x, channel) in [(0, 0), (5, 8), (11, 16), (12, 0), (12, 8), (12, 16)] {
                    var changed = image
                    changed.words[10 * 13 + x] ^= 1 << channel
                    #expect(!ImageComparison.png(png, hasPixels: changed), "pixel \(x), bit \(channel)")
                }
                #expect(!ImageComparison.png(png, hasPixels: PremultipliedImage(width: 13, height: 10, words: Array(image.words.prefix(130)))))
            }
            #expect(!ImageComparison.png(Array(written.prefix(40)), hasPixels: image))
        }
        // An opaque golden and a render with the same colors where one pixel is not opaque.
        var white = PremultipliedImage(width: 7, height: 3, words: Array(repeating: 0xFFFF_FFFF, count: 21))
        let golden = try PNGEncoder.encode(white)
        #expect(ImageComparison.png(golden, hasPixels: white))
        white.words[20] = 0xFEFE_FEFE
        #expect(!ImageComparison.png(golden, hasPixels: white))
    }

    /// Encoding a render as Cairo drew it writes the bytes of encoding its straight pixels.
    @Test func premultipliedRendersEncodeAsTheirStraightPixels() throws {
        for opaque in [true, false] {
            let image = Self.premultiplied(37, 9, seed: 11, opaque: opaque)
            #expect(try PNGEncoder.encode(image) == PNGEncoder.encode(rgba: image.straightRGBA(), width: 37, height: 9))
        }
    }

    /// Straight values divide alpha out, rounding to nearest; opaque and transparent pixels
    /// keep their bytes, and straight RGBA premultiplied again gives the words back.
    @Test func straightPixelsDivideAlphaOut() {
        let image = PremultipliedImage(width: 4, height: 1, words: [0xFF12_3456, 0x8040_2010, 0x0000_0000, 0x0101_0001])
        #expect(image.straightRGBA() == [0x12, 0x34, 0x56, 255, 0x80, 0x40, 0x20, 0x80, 0, 0, 0, 0, 255, 0, 255, 1])
        #expect(image.pixel(x: 1, y: 0) == (0x80, 0x40, 0x20, 0x80))
        #expect(!image.isOpaque)
        let random = Self.premultiplied(16, 16, seed: 3, opaque: false)
        #expect(PremultipliedImage(width: 16, height: 16, rgba: random.straightRGBA()) == random)
    }
}

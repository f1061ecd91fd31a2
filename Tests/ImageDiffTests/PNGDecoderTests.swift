import ImageDiff
import Testing

@Suite struct PNGDecoderTests {
    @Test(arguments: [(1, 1), (3, 7), (17, 5), (31, 33), (129, 2)])
    func encoderRoundTrip(width: Int, height: Int) throws {
        var rng = SplitMix64(seed: UInt64(width * 1000 + height))
        let pixels = (0..<width * height * 4).map { _ in rng.byte() }
        let png = try PNGEncoder.encode(rgba: pixels, width: width, height: height)
        let image = try PNGDecoder.decode(png, verifyCRC: true)
        #expect(image == RGBAImage(width: width, height: height, pixels: pixels))
    }

    static let formats: [(colorType: Int, bitDepth: Int)] = [
        (0, 1), (0, 2), (0, 4), (0, 8), (0, 16),
        (2, 8), (2, 16),
        (3, 1), (3, 2), (3, 4), (3, 8),
        (4, 8), (4, 16),
        (6, 8), (6, 16),
    ]

    @Test(arguments: formats, [false, true])
    func everyColorTypeAndDepth(format: (colorType: Int, bitDepth: Int), interlaced: Bool) throws {
        // 13x11 reaches every Adam7 pass; 1x1 and 3x2 leave some passes empty.
        for (width, height) in [(13, 11), (1, 1), (3, 2)] {
            var builder = PNGBuilder(width: width, height: height, bitDepth: format.bitDepth,
                                     colorType: format.colorType, seed: UInt64(format.colorType * 100 + format.bitDepth))
            builder.interlaced = interlaced
            let image = try PNGDecoder.decode(builder.build(), verifyCRC: true)
            #expect(image.width == width && image.height == height)
            #expect(image.pixels == builder.expectedRGBA, "type \(format.colorType) depth \(format.bitDepth) \(width)x\(height)")
        }
    }

    @Test(arguments: [UInt8(0), 1, 2, 3, 4])
    func eachFilterOnEveryRow(filter: UInt8) throws {
        for format in [(6, 8), (2, 16), (0, 2)] {
            var builder = PNGBuilder(width: 9, height: 6, bitDepth: format.1, colorType: format.0, seed: 9)
            builder.filter = { _ in filter }
            #expect(try PNGDecoder.decode(builder.build()).pixels == builder.expectedRGBA)
        }
    }

    @Test func paletteTransparency() throws {
        var builder = PNGBuilder(width: 8, height: 4, bitDepth: 4, colorType: 3, seed: 3)
        builder.transparency = [0, 128, 255] // shorter than the palette: the rest stay opaque
        let image = try PNGDecoder.decode(builder.build())
        #expect(image.pixels == builder.expectedRGBA)
        #expect(image.pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element == 128 })
    }

    @Test(arguments: [(0, 8), (0, 16), (0, 2), (2, 8), (2, 16)])
    func colorKeyTransparency(format: (Int, Int)) throws {
        var builder = PNGBuilder(width: 6, height: 5, bitDepth: format.1, colorType: format.0, seed: 5)
        let keyed = builder.samples[7]
        builder.samples[12] = keyed
        builder.transparency = keyed.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let image = try PNGDecoder.decode(builder.build(), verifyCRC: true)
        #expect(image.pixels == builder.expectedRGBA)
        #expect(image.pixel(1, 1)[3] == 0 && image.pixel(0, 2)[3] == 0)
    }

    @Test func paletteIndexPastTheEndIsOpaqueBlack() throws {
        var builder = PNGBuilder(width: 2, height: 1, bitDepth: 8, colorType: 3)
        builder.samples = [[1], [200]]
        let image = try PNGDecoder.decode(builder.build())
        #expect(image.pixel(0, 0) == Array(builder.palette[3..<6]) + [255])
        #expect(image.pixel(1, 0) == [0, 0, 0, 255])
    }

    @Test func sizeReadsOnlyTheHeader() throws {
        let png = PNGBuilder(width: 21, height: 4, bitDepth: 8, colorType: 6).build()
        #expect(try PNGDecoder.size(of: Array(png.prefix(33))) == PixelSize(width: 21, height: 4))
        #expect(throws: PNGDecoder.Error.notPNG) { try PNGDecoder.size(of: [1, 2, 3]) }
    }

    // MARK: - Bad input

    @Test func clearErrors() throws {
        let valid = PNGBuilder(width: 5, height: 5, bitDepth: 8, colorType: 2).build()
        #expect(throws: PNGDecoder.Error.notPNG) { try PNGDecoder.decode([]) }
        #expect(throws: PNGDecoder.Error.notPNG) { try PNGDecoder.decode(Array("GIF89a..".utf8)) }
        #expect(throws: PNGDecoder.Error.truncated) { try PNGDecoder.decode(pngSignature) }
        #expect(throws: PNGDecoder.Error.truncated) { try PNGDecoder.decode(Array(valid.prefix(40))) }
        #expect("\(PNGDecoder.Error.notPNG)" == "not a PNG file")
        #expect("\(PNGDecoder.Error.truncated)" == "truncated PNG")

        var badCRC = valid
        badCRC[30] ^= 0xFF // inside IHDR's CRC
        #expect(throws: PNGDecoder.Error.corrupt("CRC mismatch in IHDR chunk")) { try PNGDecoder.decode(badCRC, verifyCRC: true) }
        #expect(try PNGDecoder.decode(badCRC).width == 5) // checksums are not read by default

        let ihdr = { (depth: UInt8, type: UInt8, interlace: UInt8) in
            pngSignature + chunk("IHDR", bigEndian(4) + bigEndian(4) + [depth, type, 0, 0, interlace])
                + chunk("IDAT", zlibStored([0, 0, 0, 0, 0])) + chunk("IEND", [])
        }
        #expect(throws: PNGDecoder.Error.unsupported("color type 5")) { try PNGDecoder.decode(ihdr(8, 5, 0)) }
        #expect(throws: PNGDecoder.Error.unsupported("bit depth 16 with color type 3")) { try PNGDecoder.decode(ihdr(16, 3, 0)) }
        #expect(throws: PNGDecoder.Error.unsupported("interlace method 2")) { try PNGDecoder.decode(ihdr(8, 0, 2)) }
        #expect(throws: PNGDecoder.Error.corrupt("palette image without PLTE chunk")) { try PNGDecoder.decode(ihdr(8, 3, 0)) }

        var badFilter = PNGBuilder(width: 3, height: 3, bitDepth: 8, colorType: 0)
        badFilter.filter = { $0 == 2 ? 7 : 0 }
        #expect(throws: PNGDecoder.Error.corrupt("unknown filter type 7")) { try PNGDecoder.decode(badFilter.build()) }

        let cgbi = pngSignature + chunk("CgBI", [0, 0, 0, 0]) + Array(valid.dropFirst(8))
        #expect(throws: PNGDecoder.Error.unsupported("Apple CgBI (Xcode-optimized) PNG")) { try PNGDecoder.decode(cgbi) }
    }

    /// A 2x2 8-bit gray image whose zlib stream holds `rows` (filter byte + 2 samples each).
    static func gray2x2(rows: [UInt8]) -> [UInt8] {
        pngSignature + chunk("IHDR", bigEndian(2) + bigEndian(2) + [8, 0, 0, 0, 0])
            + chunk("IDAT", zlibStored(rows)) + chunk("IEND", [])
    }

    @Test func dataPastTheLastRowIsIgnoredAndMissingDataIsAnError() throws {
        let image = try PNGDecoder.decode(Self.gray2x2(rows: [0, 10, 20, 2, 1, 1] + [UInt8](repeating: 7, count: 5000)))
        #expect(image.pixels == [10, 10, 10, 255, 20, 20, 20, 255, 11, 11, 11, 255, 21, 21, 21, 255])
        #expect(throws: PNGDecoder.Error.corrupt("image data ends early")) {
            try PNGDecoder.decode(Self.gray2x2(rows: [0, 10, 20, 2, 1]))
        }
        var badHeader = Self.gray2x2(rows: [0, 10, 20, 2, 1, 1])
        badHeader[41] = 0x79 // the zlib header's CMF byte: compression method 9
        #expect(throws: PNGDecoder.Error.corrupt("bad zlib header")) { try PNGDecoder.decode(badHeader) }
    }

    @Test func hugeClaimedSizeFailsBeforeAllocating() throws {
        let png = pngSignature + chunk("IHDR", bigEndian(30000) + bigEndian(30000) + [8, 6, 0, 0, 0])
            + chunk("IDAT", zlibStored([0, 1, 2, 3])) + chunk("IEND", [])
        #expect(throws: PNGDecoder.Error.truncated) { try PNGDecoder.decode(png) }
    }

    @Test func everyTruncationThrows() throws {
        var builder = PNGBuilder(width: 7, height: 6, bitDepth: 8, colorType: 6)
        builder.interlaced = true
        for png in [builder.build(), try PNGEncoder.encode(rgba: builder.expectedRGBA, width: 7, height: 6)] {
            // Cutting IEND (12 bytes) and nothing else still leaves a complete image.
            for length in 0..<(png.count - 12) {
                #expect(throws: PNGDecoder.Error.self) { try PNGDecoder.decode(Array(png.prefix(length))) }
            }
        }
    }

    /// Random bytes and randomly damaged files must fail with a `PNGDecoder.Error` or decode;
    /// never trap. CRC checking is off so that damage reaches the inflater and the filters.
    @Test func fuzz() throws {
        var rng = SplitMix64(seed: 0xF022)
        var stored = PNGBuilder(width: 12, height: 9, bitDepth: 8, colorType: 6)
        stored.interlaced = true
        let seeds = [
            stored.build(),
            PNGBuilder(width: 16, height: 3, bitDepth: 2, colorType: 3).build(),
            try PNGEncoder.encode(rgba: stored.expectedRGBA, width: 12, height: 9),
        ]
        for iteration in 0..<3000 {
            var bytes: [UInt8]
            if iteration % 10 == 0 {
                bytes = pngSignature + (0..<rng.below(200)).map { _ in rng.byte() }
            } else {
                bytes = seeds[iteration % seeds.count]
                for _ in 0...rng.below(4) {
                    let position = rng.below(bytes.count)
                    switch rng.below(3) {
                    case 0: bytes[position] = rng.byte()
                    case 1: bytes[position] ^= 1 << UInt8(rng.below(8))
                    default: bytes.removeSubrange(position..<min(bytes.count, position + rng.below(8) + 1))
                    }
                }
            }
            do {
                let image = try PNGDecoder.decode(bytes)
                #expect(image.pixels.count == image.width * image.height * 4)
            } catch {
                // A PNGDecoder.Error (decode's typed throws): expected for most inputs.
            }
        }
    }
}

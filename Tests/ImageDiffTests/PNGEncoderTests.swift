@testable import ImageDiff
import CDeflate
import Testing

/// The encoder's Up filter subtracts four bytes at once; each byte must come out as the
/// byte-by-byte difference modulo 256, whatever the neighbouring bytes hold.
@Suite struct PNGEncoderFilterTests {
    @Test func bytewiseDifferenceSubtractsEachByteOnItsOwn() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt32 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt32(truncatingIfNeeded: state >> 32)
        }
        let edges: [UInt32] = [0, 0xFFFF_FFFF, 0x8080_8080, 0x7F7F_7F7F, 0x0100_0001, 0x00FF_00FF]
        var pairs = edges.flatMap { a in edges.map { (a, $0) } }
        for _ in 0..<10_000 { pairs.append((next(), next())) }
        for (a, b) in pairs {
            var expected: UInt32 = 0
            for shift in stride(from: 0, to: 32, by: 8) {
                let byte = UInt8(truncatingIfNeeded: a >> shift) &- UInt8(truncatingIfNeeded: b >> shift)
                expected |= UInt32(byte) << shift
            }
            #expect(PNGEncoder.bytewiseDifference(a, b) == expected, "\(a) - \(b)")
        }
    }

    /// A translucent image keeps its alpha channel and round-trips through the decoder.
    @Test func rgbaAndRGBImagesDecodeToTheirPixels() throws {
        let width = 5, height = 3
        var opaque: [UInt8] = []
        for i in 0..<width * height {
            opaque += [UInt8(i * 17 % 256), UInt8(255 - i), UInt8(i * 3), 255]
        }
        var translucent = opaque
        translucent[7] = 128
        for pixels in [opaque, translucent] {
            let png = try PNGEncoder.encode(rgba: pixels, width: width, height: height)
            #expect(png[25] == (pixels == opaque ? 2 : 6)) // IHDR color type: RGB or RGBA
            let image = try PNGDecoder.decode(png)
            #expect(image.pixels == pixels)
        }
    }
}

/// An image of `PNGEncoder.piecewisePixels` or more is deflated in pieces on parallel threads
/// (`RunLengthDeflate`, each piece ended on a byte): one valid zlib stream whose bytes never
/// vary, decoding to the image's pixels, opaque (from premultiplied words) and translucent alike.
@Suite struct PiecewiseEncodingTests {
    /// 1179 x 2556 (a phone screen at 3x, width not a multiple of four): bands of noise and
    /// flat color, so every piece has real work.
    static func screen(opaque: Bool) -> PremultipliedImage {
        let (width, height) = (1179, 2556)
        var state: UInt32 = 12345
        let words = (0..<width * height).map { i -> UInt32 in
            state = state &* 1_103_515_245 &+ 12345
            let alpha: UInt32 = opaque || i % 7 != 0 ? 0xFF : 0x40
            let color = (i / width) % 300 < 150 ? state >> 8 & 0x3F3F3F : 0x202020
            return alpha << 24 | (alpha == 0xFF ? color : color & 0x3F3F3F)
        }
        return PremultipliedImage(width: width, height: height, words: words)
    }

    @Test(arguments: [true, false])
    func largeImagesRoundTripAndAreDeterministic(opaque: Bool) throws {
        let image = Self.screen(opaque: opaque)
        #expect(image.width * image.height >= PNGEncoder.piecewisePixels)
        let png = try PNGEncoder.encode(image)
        #expect(try PNGEncoder.encode(image) == png)
        #expect(png[25] == (opaque ? 2 : 6))
        let decoded = try PNGDecoder.decode(png, verifyCRC: true)
        #expect(decoded.pixels == image.straightRGBA())
        // zlib's own check of the stream, Adler-32 included.
        var idat: [UInt8] = []
        var at = 8
        while at < png.count {
            let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            if png[at + 4..<at + 8].elementsEqual("IDAT".utf8) { idat += png[at + 8..<at + 8 + length] }
            at += length + 12
        }
        let lineBytes = image.width * (opaque ? 3 : 4) + 1
        var inflated = [UInt8](repeating: 0, count: lineBytes * image.height)
        var inflatedCount = UInt(inflated.count)
        #expect(uncompress(&inflated, &inflatedCount, idat, UInt(idat.count)) == Z_OK)
        #expect(inflatedCount == UInt(inflated.count))
    }

    /// Below the threshold the bytes are libdeflate's, as every golden was recorded.
    @Test func smallImagesKeepLibdeflatesBytes() throws {
        let (width, height) = (393, 852)
        let words = (0..<width * height).map { UInt32(0xFF00_0000) | UInt32($0 % 251) }
        let image = PremultipliedImage(width: width, height: height, words: words)
        let png = try PNGEncoder.encode(image)
        let compressor = try #require(libdeflate_alloc_compressor(2))
        defer { libdeflate_free_compressor(compressor) }
        var filtered: [UInt8] = []
        for y in 0..<height {
            filtered.append(2)
            for x in 0..<width {
                let above = y == 0 ? 0 : words[(y - 1) * width + x]
                let word = words[y * width + x]
                for shift in [16, 8, 0] as [UInt32] {
                    filtered.append(UInt8(truncatingIfNeeded: word >> shift) &- UInt8(truncatingIfNeeded: above >> shift))
                }
            }
        }
        var expected = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(compressor, filtered.count))
        expected.removeLast(expected.count - libdeflate_zlib_compress(compressor, filtered, filtered.count, &expected, expected.count))
        #expect(png == PNGEncoder.file(width: width, height: height, opaque: true, compressed: expected))
    }
}

/// `PremultipliedImage.isOpaque` reads words eight at a time: one translucent pixel anywhere,
/// the last of an odd count among them, makes the image translucent.
@Suite struct OpacityTests {
    @Test(arguments: [0, 7, 8, 1000, 1002])
    func oneTranslucentPixelAnywhere(_ index: Int) {
        var words = [UInt32](repeating: 0xFF12_3456, count: 1003)
        #expect(PremultipliedImage(width: 1003, height: 1, words: words).isOpaque)
        words[index] = 0xFE12_3456
        #expect(!PremultipliedImage(width: 1003, height: 1, words: words).isOpaque)
    }
}

/// Rows that repeat the row above are written as zeros without being filtered one pixel at a
/// time: the bytes are those of filtering them, below and above the piecewise size.
@Suite struct RepeatedRowTests {
    @Test(arguments: [(393, 852), (1179, 2556)])
    func repeatedRowsGiveTheFilteredBytes(_ size: (Int, Int)) throws {
        let (width, height) = size
        let words = (0..<width * height).map { i -> UInt32 in
            let (x, y) = (i % width, i / width)
            return 0xFF00_0000 | UInt32((y / 40) % 7 * 30) << 16 | UInt32(x % 13 * 19)
        }
        let image = PremultipliedImage(width: width, height: height, words: words)
        #expect(try PNGEncoder.encode(image) == PNGEncoder.encode(rgba: image.straightRGBA(), width: width, height: height))
    }
}

@testable import ImageDiff
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

@testable import ImageDiff
import Testing

/// `pngCompression: "small"`: every filter decodes back to the pixels, the bytes are the same
/// on every run, and the file is no larger than the fast encoder's.
@Suite struct PNGSmallestTests {
    /// A screen-like image: flat bands, a gradient, noise in one corner, translucent or not.
    func image(width: Int, height: Int, opaque: Bool) -> [UInt8] {
        var random = SplitMix64(seed: 7)
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                switch (x * 3 / width, y * 2 / height) {
                case (0, _): pixels += [242, 242, 247]
                case (1, 0): pixels += [UInt8(x * 255 / width), UInt8(y * 255 / height), 128]
                case (2, 1): pixels += [random.byte(), random.byte(), random.byte()]
                default: pixels += [UInt8(x % 7 * 30), 20, UInt8(y % 5 * 50)]
                }
                pixels.append(opaque ? 255 : UInt8((x + y) % 256))
            }
        }
        return pixels
    }

    @Test func smallestDecodesToThePixelsAndIsDeterministic() throws {
        for opaque in [true, false] {
            let pixels = image(width: 61, height: 40, opaque: opaque)
            let small = try PNGEncoder.encodeSmallest(rgba: pixels, width: 61, height: 40)
            #expect(try PNGDecoder.decode(small).pixels == pixels)
            #expect(try PNGEncoder.encodeSmallest(rgba: pixels, width: 61, height: 40) == small)
            let render = PremultipliedImage(width: 61, height: 40, rgba: pixels)
            #expect(try PNGCompression.small.encode(render)
                    == PixelStamp.stamped(PNGEncoder.encodeSmallest(rgba: render.straightRGBA(), width: 61, height: 40), from: render))
            #expect(try PNGCompression.fast.encode(render) == PixelStamp.stamped(PNGEncoder.encode(render), from: render))
            #expect(small.count < (try PNGEncoder.encode(rgba: pixels, width: 61, height: 40)).count)
        }
    }

    /// Ranking the filterings at the trial levels and compressing only the winners at level 12
    /// gives the file that level 12 of all three would: here as on shotter's goldens.
    @Test func trialWinnersAreAsSmallAsLevel12OfEveryFiltering() throws {
        for opaque in [true, false] {
            let (width, height) = (61, 40)
            let pixels = image(width: width, height: height, opaque: opaque)
            let channels = opaque ? 3 : 4
            var raw = [UInt8](repeating: 0, count: width * channels)
            for i in stride(from: 0, to: pixels.count, by: 4) { raw += pixels[i..<(i + channels)] }
            let sizes = try ([nil, .up, PNGEncoder.Filter.none] as [PNGEncoder.Filter?]).map {
                try PNGEncoder.compress(PNGEncoder.filter(raw, rowBytes: width * channels, height: height, bytesPerPixel: channels,
                                                          every: $0), level: 12).count
            }
            let small = try PNGEncoder.encodeSmallest(rgba: pixels, width: width, height: height)
            let header = 8 + 25 + 12 + 12  // signature, IHDR, IDAT's length, type and CRC, IEND
            #expect(small.count - header == sizes.min(), "opaque \(opaque): \(sizes)")
        }
    }

    /// Each filter alone round-trips, so the per-row choice cannot produce a wrong row.
    @Test func everyFilterRoundTrips() throws {
        let width = 13, height = 9
        let pixels = image(width: width, height: height, opaque: false)
        var raw = [UInt8](repeating: 0, count: width * 4)
        raw += pixels
        for filter in PNGEncoder.Filter.allCases {
            let rows = PNGEncoder.filter(raw, rowBytes: width * 4, height: height, bytesPerPixel: 4, every: filter)
            #expect(stride(from: 0, to: rows.count, by: width * 4 + 1).allSatisfy { rows[$0] == filter.rawValue })
            let png = PNGEncoder.file(width: width, height: height, opaque: false,
                                      compressed: try PNGEncoder.compress(rows, level: 12))
            #expect(try PNGDecoder.decode(png).pixels == pixels, "\(filter)")
        }
    }

    /// The Paeth predictor as the PNG specification defines it, ties to a, then b.
    @Test func paethPicksTheNearestNeighbour() {
        #expect(PNGEncoder.paeth(10, 20, 10) == 20)
        #expect(PNGEncoder.paeth(20, 10, 10) == 20)
        #expect(PNGEncoder.paeth(10, 10, 10) == 10)
        #expect(PNGEncoder.paeth(100, 50, 200) == 50)
    }
}

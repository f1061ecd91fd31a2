@testable import ImageDiff
import Testing

/// A stamp lets `shotter test` pass a render without decoding its golden, so it must prove
/// nothing more than the exact render it was made from.
@Suite struct PixelStampTests {
    /// The reference implementation's values (xxHash's test vectors and its README's example).
    @Test func xxh64MatchesTheReferenceValues() {
        func hash(_ text: String) -> UInt64 { Array(text.utf8).withUnsafeBytes { XXH64.hash($0) } }
        #expect(hash("") == 0xEF46_DB37_51D8_E999)
        #expect(hash("a") == 0xD24E_C4F1_A98C_6E5B)
        #expect(hash("abc") == 0x44BC_2CF5_AD77_0999)
        #expect(hash("Nobody inspects the spammish repetition") == 0xFBCE_A83C_8A37_8BF1)
    }

    /// A screen-like image: opaque bands, one pixel per row in a changing color.
    static func screen(_ width: Int, _ height: Int, tint: UInt32 = 0) -> PremultipliedImage {
        let words = (0..<width * height).map { i -> UInt32 in
            let (x, y) = (i % width, i / width)
            return x == y % width ? 0xFF00_0000 | UInt32(y * 7 % 256) << 8 | tint : 0xFFF2_F2F7 ^ UInt32(y / 5 % 2)
        }
        return PremultipliedImage(width: width, height: height, words: words)
    }

    @Test func aStampedGoldenProvesItsOwnRenderOnly() throws {
        let image = Self.screen(37, 53)
        let png = try PNGEncoder.encode(image)
        let stamped = PixelStamp.stamped(png, from: image)
        #expect(stamped.count == png.count + 12 + 17)
        #expect(PixelStamp.proves(stamped, holds: image))
        #expect(!PixelStamp.proves(png, holds: image), "no stamp, nothing proved")
        var changed = image
        changed.words[37 * 20 + 3] ^= 1
        #expect(!PixelStamp.proves(stamped, holds: changed), "one pixel's blue differs by one")
        let wider = Self.screen(53, 37)
        #expect(!PixelStamp.proves(PixelStamp.stamped(try PNGEncoder.encode(wider), from: wider), holds: image))
        // Readers skip the chunk: the stamped file decodes to the same pixels.
        #expect(try PNGDecoder.decode(stamped).pixels == image.straightRGBA())
        #expect(ImageComparison.png(stamped, hasPixels: image))
    }

    /// A file whose image data changed since it was stamped (re-encoded or edited by a tool
    /// that kept the chunk) proves nothing, even with its chunk CRCs fixed up.
    @Test func aStampOutlivingItsImageDataProvesNothing() throws {
        let image = Self.screen(16, 16)
        var stamped = PixelStamp.stamped(try PNGEncoder.encode(image), from: image)
        let chunks = try #require(PixelStamp.chunks(of: stamped))
        let idat = try #require(chunks.first { $0.type == "IDAT" })
        let original = try PNGEncoder.encode(rgba: image.straightRGBA(), width: 16, height: 16, level: 12)
        let otherData = try #require(PixelStamp.chunks(of: original)?.first { $0.type == "IDAT" }.map { Array(original[$0.data]) })
        #expect(otherData != Array(stamped[idat.data]), "level 12 compresses differently")
        stamped.replaceSubrange((idat.data.lowerBound - 8)..<(idat.data.upperBound + 4), with: chunk("IDAT", otherData))
        #expect(try PNGDecoder.decode(stamped).pixels == image.straightRGBA(), "still a valid file of the same pixels")
        #expect(!PixelStamp.proves(stamped, holds: image))
        #expect(ImageComparison.png(stamped, hasPixels: image), "checked the long way instead")
    }

    @Test func stampingIsDeterministicAndTranslucentRendersToo() throws {
        var image = Self.screen(9, 9)
        image.words[40] = 0x8040_2010
        let png = try PNGEncoder.encode(image)
        #expect(PixelStamp.stamped(png, from: image) == PixelStamp.stamped(png, from: image))
        #expect(PixelStamp.proves(PixelStamp.stamped(png, from: image), holds: image))
    }
}

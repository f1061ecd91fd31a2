/// A golden PNG's record of the exact render it was encoded from, so that `shotter test` can
/// tell a render is unchanged without decoding the golden (inflating and unfiltering 9 MB,
/// then comparing them with the render, was about a quarter of a snapshot's time at 3x).
///
/// The stamp is a private ancillary chunk, `shPX` (lowercase first letter: readers that do not
/// know it skip it; uppercase last letter: not safe to copy, so an editor that changes the
/// image drops it), placed before IEND and holding a version byte, the XXH64 of the render's
/// premultiplied words (as `PremultipliedImage` holds them, little-endian, row after row) and
/// the XXH64 of the file's IDAT data. A stamp proves a render only while that IDAT hash still
/// matches: a file re-encoded or edited by any other tool keeps its pixels checked the long
/// way. Equal hashes of 64 bits stand for equal pixels (docs/decisions.md, "Pixel stamps").
public enum PixelStamp {
    static let chunkType = "shPX"
    static let version: UInt8 = 1

    /// `png` (a file `PNGEncoder` wrote from `image`) with its stamp inserted before IEND.
    public static func stamped(_ png: [UInt8], from image: PremultipliedImage) -> [UInt8] {
        stamped(png, pixelHash: pixelHash(image))
    }

    /// `png` stamped with `pixelHash`, the `pixelHash(_:)` of the image it was encoded from.
    static func stamped(_ png: [UInt8], pixelHash: UInt64) -> [UInt8] {
        guard let chunks = chunks(of: png), let end = chunks.last(where: { $0.type == "IEND" }) else { return png }
        var data: [UInt8] = [version]
        data.appendBigEndian(pixelHash)
        data.appendBigEndian(dataHash(png, chunks))
        var out = Array(png[..<(end.data.lowerBound - 8)])
        out.appendChunk(chunkType, data)
        out += png[(end.data.lowerBound - 8)...]
        return out
    }

    /// Whether `png` carries a stamp, still matching its IDAT data, of exactly `image`'s words
    /// at `image`'s size. False for a file without one: compare its pixels instead.
    public static func proves(_ png: [UInt8], holds image: PremultipliedImage) -> Bool {
        guard let chunks = chunks(of: png),
              let header = chunks.first, header.type == "IHDR", header.data.count == 13,
              bigEndian32(png, header.data.lowerBound) == image.width,
              bigEndian32(png, header.data.lowerBound + 4) == image.height,
              let stamp = chunks.last(where: { $0.type == chunkType }), stamp.data.count == 17,
              png[stamp.data.lowerBound] == version,
              bigEndian64(png, stamp.data.lowerBound + 9) == dataHash(png, chunks) else { return false }
        return bigEndian64(png, stamp.data.lowerBound + 1) == pixelHash(image)
    }

    static func pixelHash(_ image: PremultipliedImage) -> UInt64 {
        image.words.withUnsafeBytes { XXH64.hash($0) }
    }

    /// The XXH64 of the IDAT chunks' data, one after the other.
    private static func dataHash(_ png: [UInt8], _ chunks: [Chunk]) -> UInt64 {
        let idats = chunks.filter { $0.type == "IDAT" }
        if idats.count == 1 { return png[idats[0].data].withUnsafeBytes { XXH64.hash($0) } }
        return idats.flatMap { png[$0.data] }.withUnsafeBytes { XXH64.hash($0) }
    }

    struct Chunk {
        var type: String
        var data: Range<Int>
    }

    /// The chunks of a PNG file in order, or nil when it is not one (CRCs are not checked:
    /// the stamp's own hash covers the image data).
    static func chunks(of png: [UInt8]) -> [Chunk]? {
        guard png.count >= 8, png[..<8].elementsEqual(PNGDecoder.signature) else { return nil }
        var chunks: [Chunk] = []
        var offset = 8
        while offset + 12 <= png.count {
            let length = bigEndian32(png, offset)
            let start = offset + 8
            guard length <= png.count - start - 4 else { return nil }
            let type = String(decoding: png[(offset + 4)..<start], as: UTF8.self)
            chunks.append(Chunk(type: type, data: start..<(start + length)))
            offset = start + length + 4
            if type == "IEND" { return chunks }
        }
        return nil
    }

    private static func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> Int {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func bigEndian64(_ bytes: [UInt8], _ offset: Int) -> UInt64 {
        bytes[offset..<(offset + 8)].reduce(0) { $0 << 8 | UInt64($1) }
    }
}

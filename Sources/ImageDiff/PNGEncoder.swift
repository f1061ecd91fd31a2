internal import CDeflate
internal import Dispatch
#if canImport(Glibc)
internal import Glibc
#endif

/// A PNG writer tuned for screenshots: 8-bit RGB when every pixel is opaque (a whole screen
/// always is: a quarter less data to deflate), RGBA otherwise; filter "Up" on every row;
/// libdeflate level 2: as fast as zlib's level 1 on screens and 15-20% smaller (libdeflate's
/// level 1 is a third slower here; docs/performance.md). Cairo's own writer (libpng defaults)
/// spends about 4x longer on a 1179x2556 screen. An image of `piecewisePixels` or more is
/// deflated in pieces on parallel threads by `RunLengthDeflate` instead. The bytes depend only
/// on the pixels (and the libdeflate version): no timestamps, no text chunks.
public enum PNGEncoder {
    public enum Error: Swift.Error, CustomStringConvertible {
        case compressionFailed
        public var description: String {
            switch self { case .compressionFailed: "libdeflate could not compress the image" }
        }
    }

    /// `rgba` is width x height x 4 bytes of straight (non-premultiplied) RGBA, rows top to bottom.
    public static func encode(rgba: [UInt8], width: Int, height: Int, level: Int32 = 2) throws -> [UInt8] {
        precondition(rgba.count == width * height * 4, "pixel buffer does not match the size")
        return try rgba.withUnsafeBytes { src in
            try encode(width: width, height: height, opaque: isOpaque(rgba), level: level) {
                src.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self)
            }
        }
    }

    /// A render as Cairo drew it. An opaque one (every screen) is written as RGB straight from
    /// the premultiplied words, which equal straight ones at alpha 255: the same bytes as
    /// `encode(rgba:)` of its straight pixels, without converting the image first.
    public static func encode(_ image: PremultipliedImage, level: Int32 = 2) throws -> [UInt8] {
        guard image.isOpaque else {
            return try encode(rgba: image.straightRGBA(), width: image.width, height: image.height, level: level)
        }
        let (width, height) = (image.width, image.height)
        // The first row's "above" is a row of zeros.
        let zeros = [UInt32](repeating: 0, count: width)
        return try image.words.withUnsafeBufferPointer { words in
            try zeros.withUnsafeBufferPointer { zeros in
                guard let base = words.baseAddress, let zeros = zeros.baseAddress else { throw Error.compressionFailed }
                return try compress(width: width, height: height, opaque: true, level: level) { rows, out in
                    for y in rows {
                        let start = (y - rows.lowerBound) * (width * 3 + 1)
                        out[start] = 2
                        let row = base + y * width, above = y == 0 ? zeros : base + (y - 1) * width
                        // Most rows of a screen repeat the one above: their difference is zeros.
                        if y > 0 && memcmp(row, above, width * 4) == 0 {
                            (out + start + 1).initialize(repeating: 0, count: width * 3)
                        } else {
                            Self.filterUp(row: row, above: above, count: width, into: UnsafeMutableRawPointer(out + start + 1))
                        }
                    }
                }
            }
        }
    }

    /// Writes one opaque row as RGB bytes minus the row above (filter Up), straight from
    /// premultiplied words, four pixels (twelve bytes, three words) at a time, and not a byte
    /// past the row: another thread may be filtering the next one.
    private static func filterUp(row: UnsafePointer<UInt32>, above: UnsafePointer<UInt32>, count: Int,
                                 into out: UnsafeMutableRawPointer) {
        var x = 0
        #if _endian(little)
        while x + 4 <= count {
            // The sixteen bytes of four pixels minus those above at once (a byte's difference
            // does not depend on where it is), then packed as RGB.
            let here = UnsafeRawPointer(row + x).loadUnaligned(as: SIMD16<UInt8>.self)
            let up = UnsafeRawPointer(above + x).loadUnaligned(as: SIMD16<UInt8>.self)
            let (d0, d1, d2) = PremultipliedImage.packedRGB(unsafeBitCast(here &- up, to: SIMD4<UInt32>.self))
            out.storeBytes(of: d0, toByteOffset: x * 3, as: UInt32.self)
            out.storeBytes(of: d1, toByteOffset: x * 3 + 4, as: UInt32.self)
            out.storeBytes(of: d2, toByteOffset: x * 3 + 8, as: UInt32.self)
            x += 4
        }
        #endif
        while x < count {
            let difference = bytewiseDifference(PremultipliedImage.rgbWord(row[x]), PremultipliedImage.rgbWord(above[x]))
            storeLowBytes(difference, count: 3, at: out + x * 3)
            x += 1
        }
    }

    /// `pixel(i)` is pixel `i` (row-major) as the little-endian word of its straight bytes
    /// r, g, b, a; `opaque` says whether every alpha is 255 (then RGB is written).
    private static func encode(width: Int, height: Int, opaque: Bool, level: Int32,
                               pixel: (Int) -> UInt32) throws -> [UInt8] {
        let channels = opaque ? 3 : 4
        let rowBytes = width * channels
        return try compress(width: width, height: height, opaque: opaque, level: level) { rows, dst in
            let out = UnsafeMutableRawPointer(dst)
            for y in rows {
                // Each row: filter byte 2 (Up), then the difference from the row above.
                var o = (y - rows.lowerBound) * (rowBytes + 1)
                dst[o] = 2
                o += 1
                var i = y * width
                for x in 0..<width {
                    let up = y == 0 ? 0 : pixel(i - width)
                    let difference = Self.bytewiseDifference(pixel(i), up)
                    // A pixel is written as four bytes, the last of them overwritten by the next
                    // pixel; the row's last pixel writes only its own bytes.
                    if x + 1 < width {
                        out.storeBytes(of: difference, toByteOffset: o, as: UInt32.self)
                    } else {
                        storeLowBytes(difference, count: channels, at: out + o)
                    }
                    o += channels; i += 1
                }
            }
        }
    }

    /// The low `count` bytes of `word`, little-endian, at `out`.
    @inline(__always)
    private static func storeLowBytes(_ word: UInt32, count: Int, at out: UnsafeMutableRawPointer) {
        for byte in 0..<count { out.storeBytes(of: UInt8(truncatingIfNeeded: word >> (8 * byte)), toByteOffset: byte, as: UInt8.self) }
    }

    /// Touches the row buffer an opaque `width` x `height` image below `piecewisePixels` is
    /// filtered into (a 2x screen's is 4 MB), so that encoding such an image finds it ready.
    /// For a core that is idle while the image is drawn. A larger image needs none.
    public static func prepareBuffers(width: Int, height: Int) {
        guard width * height < piecewisePixels else { return }
        BufferPool.shared.prepare((width * 3 + 1) * height)
    }

    /// Images of at least this many pixels (a phone screen at 3x has 3.0 million) are filtered
    /// and deflated in `pieceCount` pieces of rows at once, on as many threads as there are
    /// cores (`RunLengthDeflate`, docs/decisions.md). Smaller ones, every golden among them
    /// (the largest is an iPad at 1x, about a million), keep libdeflate's bytes.
    static let piecewisePixels = 2_000_000
    /// How many pieces a large image is deflated in: fixed, so the bytes never depend on the
    /// machine; four keep both cores busy when one piece's rows take longer.
    static let pieceCount = 4
    /// A piece's rows are filtered this many at a time into a buffer of its own and handed to
    /// its deflater: a 3x screen's 9 MB of filtered rows were 2,300 page faults.
    static let rowsAtATime = 16

    /// The PNG file of an image whose filtered rows (filter byte and row bytes each)
    /// `filterRows(rows, buffer)` writes one after the other from the start of the buffer it
    /// is given; `level` is libdeflate's, for an image below `piecewisePixels`.
    private static func compress(width: Int, height: Int, opaque: Bool, level: Int32,
                                 filterRows: (Range<Int>, UnsafeMutablePointer<UInt8>) -> Void) throws -> [UInt8] {
        let lineBytes = width * (opaque ? 3 : 4) + 1
        guard width * height >= piecewisePixels, height >= pieceCount else {
            let filteredCount = lineBytes * height
            let filteredBuffer = BufferPool.shared.take(filteredCount)
            defer { BufferPool.shared.give(filteredBuffer) }
            filterRows(0..<height, filteredBuffer.base)
            return file(width: width, height: height, opaque: opaque,
                        compressed: try deflate(filteredBuffer.base, count: filteredCount, level: level))
        }
        let pieces = (0..<pieceCount).map { i in (height * i / pieceCount)..<(height * (i + 1) / pieceCount) }
        var deflated = [Piece](repeating: ([], 1, 0), count: pieces.count)
        deflated.withUnsafeMutableBufferPointer { deflated in
            // Each thread filters and deflates its own rows into its own slot: a piece deflated
            // on its own (no match reaches into the piece before), ended on a byte or, for the
            // last, with the final block, with the Adler-32 of its bytes.
            nonisolated(unsafe) let slots = deflated
            withoutActuallyEscaping(filterRows) { filterRows in
                nonisolated(unsafe) let filterRows = filterRows
                DispatchQueue.concurrentPerform(iterations: pieces.count) { i in
                    let rows = pieces[i]
                    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: rowsAtATime * lineBytes)
                    defer { buffer.deallocate() }
                    var tokenizer = RunLengthDeflate.Tokenizer(capacity: rows.count * lineBytes)
                    var adler: UInt32 = 1
                    for start in stride(from: rows.lowerBound, to: rows.upperBound, by: rowsAtATime) {
                        let chunk = start..<min(start + rowsAtATime, rows.upperBound)
                        filterRows(chunk, buffer)
                        tokenizer.add(buffer, count: chunk.count * lineBytes)
                        adler = libdeflate_adler32(adler, buffer, chunk.count * lineBytes)
                    }
                    slots[i] = (RunLengthDeflate.compress(tokens: tokenizer.finish(), last: i == pieces.count - 1),
                                UInt(adler), rows.count * lineBytes)
                }
            }
        }
        return file(width: width, height: height, opaque: opaque, compressed: zlibStream(deflated))
    }

    /// Compresses `count` filtered bytes at `filtered` into a zlib stream (libdeflate).
    private static func deflate(_ filtered: UnsafePointer<UInt8>, count filteredCount: Int, level: Int32) throws -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(level) else { throw Error.compressionFailed }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, filteredCount)
        var failed = false
        let compressed = [UInt8](unsafeUninitializedCapacity: bound) { out, count in
            count = libdeflate_zlib_compress(compressor, filtered, filteredCount, out.baseAddress, bound)
            failed = count == 0
        }
        if failed { throw Error.compressionFailed }
        return compressed
    }

    /// A piece of a piecewise-deflated image: its raw deflate data, and the Adler-32 and count
    /// of the bytes it holds.
    typealias Piece = (deflated: [UInt8], adler: UInt, count: Int)

    /// The pieces as one zlib stream: header, the pieces in order, the Adler-32 of all the
    /// bytes (combined from the pieces').
    private static func zlibStream(_ pieces: [Piece]) -> [UInt8] {
        // Deflate with a 32 KiB window (0x78), level "fastest" (0x01: the pair a multiple of 31).
        var stream: [UInt8] = [0x78, 0x01]
        var adler: UInt = 1
        for piece in pieces {
            stream += piece.deflated
            adler = adler32_combine(adler, piece.adler, Int(piece.count))
        }
        stream.appendBigEndian(UInt32(adler))
        return stream
    }

    /// Whether every pixel's alpha is 255 (then the file is RGB).
    static func isOpaque(_ rgba: [UInt8]) -> Bool {
        rgba.withUnsafeBytes { p in
            // Little-endian: a pixel read as one UInt32 has its alpha in the high byte.
            stride(from: 0, to: p.count, by: 4).allSatisfy { p.loadUnaligned(fromByteOffset: $0, as: UInt32.self) >= 0xFF00_0000 }
        }
    }

    /// The PNG file around a compressed image stream: signature, IHDR, one IDAT, IEND.
    static func file(width: Int, height: Int, opaque: Bool, compressed: [UInt8]) -> [UInt8] {
        var png = PNGDecoder.signature
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        // 8 bits, RGB (2) or RGBA (6), deflate, adaptive filtering, no interlace.
        header += [8, opaque ? 2 : 6, 0, 0, 0]
        png.appendChunk("IHDR", header)
        png.appendChunk("IDAT", compressed)
        png.appendChunk("IEND", [])
        return png
    }

    /// Each byte of `a` minus the same byte of `b`, modulo 256, four at once (SWAR: the high
    /// bits are set aside so no borrow crosses into the next byte).
    @inline(__always)
    static func bytewiseDifference(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let high: UInt32 = 0x8080_8080
        return ((a | high) &- (b & ~high)) ^ ((a ^ ~b) & high)
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(value >> 24 & 0xFF)); append(UInt8(value >> 16 & 0xFF))
        append(UInt8(value >> 8 & 0xFF)); append(UInt8(value & 0xFF))
    }

    mutating func appendBigEndian(_ value: UInt64) {
        appendBigEndian(UInt32(value >> 32))
        appendBigEndian(UInt32(value & 0xFFFF_FFFF))
    }

    mutating func appendChunk(_ type: String, _ data: [UInt8]) {
        appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        var crc = libdeflate_crc32(0, typeBytes, typeBytes.count)
        crc = data.withUnsafeBufferPointer { libdeflate_crc32(crc, $0.baseAddress, data.count) }
        append(contentsOf: typeBytes)
        append(contentsOf: data)
        appendBigEndian(UInt32(crc))
    }
}

internal import CDeflate

/// A PNG writer tuned for screenshots: 8-bit RGB when every pixel is opaque (a whole screen
/// always is: a quarter less data to deflate), RGBA otherwise; filter "Up" on every row;
/// libdeflate level 2: as fast as zlib's level 1 on screens and 15-20% smaller (libdeflate's
/// level 1 is a third slower here; docs/performance.md). Cairo's own writer (libpng defaults)
/// spends about 4x longer on a 1179x2556 screen. The bytes depend only on the pixels (and the
/// libdeflate version): no timestamps, no text chunks.
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
        let rowBytes = width * 3
        let filteredCount = (rowBytes + 1) * height
        let filteredBuffer = BufferPool.shared.take(filteredCount + 1)
        defer { BufferPool.shared.give(filteredBuffer) }
        let dst = filteredBuffer.base
        let out = UnsafeMutableRawPointer(dst)
        // The first row's "above" is a row of zeros.
        let zeros = [UInt32](repeating: 0, count: width)
        image.words.withUnsafeBufferPointer { words in
            zeros.withUnsafeBufferPointer { zeros in
                guard let base = words.baseAddress, let zeros = zeros.baseAddress else { return }
                for y in 0..<height {
                    let start = y * (rowBytes + 1)
                    dst[start] = 2
                    Self.filterUp(row: base + y * width, above: y == 0 ? zeros : base + (y - 1) * width, count: width,
                                  into: out + start + 1)
                }
            }
        }
        return try deflate(dst, count: filteredCount, width: width, height: height, opaque: true, level: level)
    }

    /// Writes one opaque row as RGB bytes minus the row above (filter Up), straight from
    /// premultiplied words, four pixels (twelve bytes, three words) at a time. Writes one byte
    /// past the row, which the next row's filter byte (or the buffer's spare byte) takes.
    private static func filterUp(row: UnsafePointer<UInt32>, above: UnsafePointer<UInt32>, count: Int,
                                 into out: UnsafeMutableRawPointer) {
        var x = 0
        #if _endian(little)
        while x + 4 <= count {
            let (c0, c1, c2) = PremultipliedImage.packedRGB(row, at: x)
            let (u0, u1, u2) = PremultipliedImage.packedRGB(above, at: x)
            out.storeBytes(of: bytewiseDifference(c0, u0), toByteOffset: x * 3, as: UInt32.self)
            out.storeBytes(of: bytewiseDifference(c1, u1), toByteOffset: x * 3 + 4, as: UInt32.self)
            out.storeBytes(of: bytewiseDifference(c2, u2), toByteOffset: x * 3 + 8, as: UInt32.self)
            x += 4
        }
        #endif
        while x < count {
            out.storeBytes(of: bytewiseDifference(PremultipliedImage.rgbWord(row[x]), PremultipliedImage.rgbWord(above[x])),
                           toByteOffset: x * 3, as: UInt32.self)
            x += 1
        }
    }

    /// `pixel(i)` is pixel `i` (row-major) as the little-endian word of its straight bytes
    /// r, g, b, a; `opaque` says whether every alpha is 255 (then RGB is written).
    private static func encode(width: Int, height: Int, opaque: Bool, level: Int32,
                               pixel: (Int) -> UInt32) throws -> [UInt8] {
        let channels = opaque ? 3 : 4
        let rowBytes = width * channels
        // Each row: filter byte 2 (Up), then the difference from the row above.
        let filteredCount = (rowBytes + 1) * height
        // A pixel is written as four bytes, the last of them overwritten by the next pixel (or
        // the next row's filter byte): one byte of room past the end for the last pixel.
        let filteredBuffer = BufferPool.shared.take(filteredCount + 1)
        defer { BufferPool.shared.give(filteredBuffer) }
        let dst = filteredBuffer.base
        let out = UnsafeMutableRawPointer(dst)
        for y in 0..<height {
            var o = y * (rowBytes + 1)
            dst[o] = 2
            o += 1
            var i = y * width
            for _ in 0..<width {
                let up = y == 0 ? 0 : pixel(i - width)
                out.storeBytes(of: Self.bytewiseDifference(pixel(i), up), toByteOffset: o, as: UInt32.self)
                o += channels; i += 1
            }
        }
        return try deflate(dst, count: filteredCount, width: width, height: height, opaque: opaque, level: level)
    }

    /// Compresses `count` filtered bytes at `filtered` and wraps them in a PNG file.
    private static func deflate(_ filtered: UnsafePointer<UInt8>, count filteredCount: Int, width: Int, height: Int,
                                opaque: Bool, level: Int32) throws -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(level) else { throw Error.compressionFailed }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, filteredCount)
        var failed = false
        let compressed = [UInt8](unsafeUninitializedCapacity: bound) { out, count in
            count = libdeflate_zlib_compress(compressor, filtered, filteredCount, out.baseAddress, bound)
            failed = count == 0
        }
        if failed { throw Error.compressionFailed }
        return file(width: width, height: height, opaque: opaque, compressed: compressed)
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

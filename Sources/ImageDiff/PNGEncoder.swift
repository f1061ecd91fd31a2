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
        let opaque = isOpaque(rgba)
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
        rgba.withUnsafeBytes { src in
            for y in 0..<height {
                var o = y * (rowBytes + 1)
                dst[o] = 2
                o += 1
                var i = y * width * 4
                var above = i - width * 4
                for _ in 0..<width {
                    let pixel = src.loadUnaligned(fromByteOffset: i, as: UInt32.self)
                    let up = y == 0 ? 0 : src.loadUnaligned(fromByteOffset: above, as: UInt32.self)
                    out.storeBytes(of: Self.bytewiseDifference(pixel, up), toByteOffset: o, as: UInt32.self)
                    o += channels; i += 4; above += 4
                }
            }
        }
        guard let compressor = libdeflate_alloc_compressor(level) else { throw Error.compressionFailed }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, filteredCount)
        var failed = false
        let compressed = [UInt8](unsafeUninitializedCapacity: bound) { out, count in
            count = libdeflate_zlib_compress(compressor, dst, filteredCount, out.baseAddress, bound)
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
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
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

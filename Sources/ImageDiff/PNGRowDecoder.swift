internal import CDeflate

/// Decodes a PNG in two steps. `inflate()` inflates the whole pixel data at once with
/// libdeflate (several times faster than zlib's streaming) and undoes every row's filter in
/// place: the expensive part, which `ImageComparison` runs for both images at once on two
/// threads. Rows are then widened to 8-bit RGBA one at a time (`widen(row:into:)`), so a
/// comparison never holds either image as RGBA; `decodeImage()` widens them all. Loops run
/// over raw pointers: they touch every byte of a screenshot.
final class PNGRowDecoder {
    let header: PNGDecoder.Header
    /// The IDAT payloads, joined: libdeflate needs the whole stream in one buffer.
    private let compressed: [UInt8]
    private let verifyChecksum: Bool
    /// 256 RGBA entries from PLTE and tRNS. Indices past the palette read as opaque black,
    /// as browsers draw them, rather than failing the whole comparison.
    private let paletteRGBA: [UInt8]
    /// The one fully transparent color of a gray or RGB image (tRNS), at full sample precision.
    private let grayKey: Int?
    private let rgbKey: (r: Int, g: Int, b: Int)?
    /// Every row of every pass, each a filter byte then its samples; unfiltered by `inflate()`.
    private var rows: UnsafeMutablePointer<UInt8>? { buffer?.base }
    private var buffer: BufferPool.Buffer?

    init(_ bytes: [UInt8], verifyCRC: Bool) throws(PNGDecoder.Error) {
        let file = try PNGDecoder.parseChunks(bytes, verifyCRC: verifyCRC)
        header = file.header
        // Deflate cannot compress better than about 1032:1, so a header claiming far more pixels
        // than the data can hold is a truncated or forged file; say so before allocating.
        let compressedSize = file.imageData.reduce(0) { $0 + $1.count }
        guard header.filteredDataSize <= compressedSize * 1032 + 1024 else { throw PNGDecoder.Error.truncated }
        compressed = file.imageData.count == 1 ? Array(bytes[file.imageData[0]]) : file.imageData.flatMap { bytes[$0] }
        verifyChecksum = verifyCRC

        var table = [UInt8](repeating: 0, count: 256 * 4)
        for entry in 0..<256 { table[entry * 4 + 3] = 255 }
        for entry in 0..<min(file.palette.count / 3, 256) {
            table[entry * 4] = file.palette[entry * 3]
            table[entry * 4 + 1] = file.palette[entry * 3 + 1]
            table[entry * 4 + 2] = file.palette[entry * 3 + 2]
        }
        var grayKey: Int?
        var rgbKey: (Int, Int, Int)?
        if let alpha = file.transparency {
            func sample(_ index: Int) -> Int { Int(alpha[index * 2]) << 8 | Int(alpha[index * 2 + 1]) }
            switch header.colorType {
            case 3: for entry in 0..<min(alpha.count, 256) { table[entry * 4 + 3] = alpha[entry] }
            case 0 where alpha.count >= 2: grayKey = sample(0)
            case 2 where alpha.count >= 6: rgbKey = (sample(0), sample(1), sample(2))
            default: break // tRNS is not allowed with an alpha channel; ignore it.
            }
        }
        paletteRGBA = table
        self.grayKey = grayKey
        self.rgbKey = rgbKey
    }

    deinit { buffer.map(BufferPool.shared.give) }

    /// Inflates the pixel data and undoes every row's filter. Safe to call from another thread
    /// than the one reading rows, as long as it has returned before they are read.
    func inflate() throws(PNGDecoder.Error) {
        guard buffer == nil else { return }
        let size = header.filteredDataSize
        let buffer = BufferPool.shared.take(size), rows = buffer.base
        do throws(PNGDecoder.Error) {
            try Inflater.inflate(compressed, into: rows, count: size, verifyChecksum: verifyChecksum)
            var row = rows
            for pass in header.passes where !pass.isEmpty {
                let rowBytes = header.rowBytes(pass.width)
                for y in 0..<pass.height {
                    try Self.unfilter(row[0], row + 1, above: y == 0 ? nil : row - rowBytes, count: rowBytes,
                                      distance: header.filterDistance)
                    row += 1 + rowBytes
                }
            }
        } catch {
            BufferPool.shared.give(buffer)
            throw error
        }
        self.buffer = buffer
    }

    /// Row y of a non-interlaced image as stored, after `inflate()`: samples, filter undone.
    func storedRow(_ y: Int) -> UnsafePointer<UInt8> {
        guard let rows, !header.interlaced else { preconditionFailure("needs an inflated, non-interlaced image") }
        return UnsafePointer(rows + y * (1 + header.rowBytes(header.width)) + 1)
    }

    /// Whether rows are stored as 8-bit RGB with no transparent color, as the encoder writes
    /// opaque screens: then `storedRow` is the pixels' RGB bytes.
    var storesOpaqueRGB: Bool {
        header.colorType == 2 && header.bitDepth == 8 && rgbKey == nil && !header.interlaced
    }

    /// Writes row y of a non-interlaced image, after `inflate()`, as width x 4 bytes of RGBA.
    func widen(row y: Int, into out: UnsafeMutablePointer<UInt8>) {
        expand(UnsafeMutablePointer(mutating: storedRow(y)), pixels: header.width, into: out, step: 4)
    }

    /// Whether rows stored with the same bytes here and in `other` hold the same pixels: the
    /// same sample format and transparent color, and no palette (two files' may differ).
    func storesPixelsLike(_ other: PNGRowDecoder) -> Bool {
        header.colorType != 3 && header.colorType == other.header.colorType && header.bitDepth == other.header.bitDepth
            && grayKey == other.grayKey && rgbKey?.r == other.rgbKey?.r && rgbKey?.g == other.rgbKey?.g
            && rgbKey?.b == other.rgbKey?.b
    }

    /// The whole image, interlaced or not.
    func decodeImage() throws(PNGDecoder.Error) -> RGBAImage {
        try inflate()
        guard var row = rows else { preconditionFailure("inflate() sets rows") }
        // Every pixel is written: the Adam7 passes cover the image exactly.
        let pixels = [UInt8](unsafeUninitializedCapacity: header.width * header.height * 4) { out, count in
            count = out.count
            guard let base = out.baseAddress else { return }
            for pass in header.passes where !pass.isEmpty {
                let rowBytes = header.rowBytes(pass.width)
                for y in 0..<pass.height {
                    let first = base + ((pass.y0 + y * pass.dy) * header.width + pass.x0) * 4
                    expand(row + 1, pixels: pass.width, into: first, step: pass.dx * 4)
                    row += 1 + rowBytes
                }
            }
        }
        return RGBAImage(width: header.width, height: header.height, pixels: pixels)
    }

    /// Undoes one row's filter in place; `distance` is how far back "left" is, in bytes.
    static func unfilter(_ filter: UInt8, _ row: UnsafeMutablePointer<UInt8>, above: UnsafeMutablePointer<UInt8>?,
                         count: Int, distance: Int) throws(PNGDecoder.Error) {
        let lead = min(distance, count)
        switch filter {
        case 0: // None
            break
        case 1: // Sub
            for i in lead..<max(lead, count) { row[i] &+= row[i - distance] }
        case 2: // Up, 32 bytes at a time: nearly every row of our own screenshots
            guard let up = above else { break }
            var i = 0
            while i + 32 <= count {
                let sum = UnsafeRawPointer(row + i).loadUnaligned(as: SIMD32<UInt8>.self)
                    &+ UnsafeRawPointer(up + i).loadUnaligned(as: SIMD32<UInt8>.self)
                UnsafeMutableRawPointer(row + i).storeBytes(of: sum, as: SIMD32<UInt8>.self)
                i += 32
            }
            while i < count { row[i] &+= up[i]; i += 1 }
        case 3: // Average
            if let up = above {
                for i in 0..<lead { row[i] &+= up[i] >> 1 }
                for i in lead..<max(lead, count) {
                    row[i] &+= UInt8((UInt16(row[i - distance]) + UInt16(up[i])) >> 1)
                }
            } else {
                for i in lead..<max(lead, count) { row[i] &+= row[i - distance] >> 1 }
            }
        case 4: // Paeth; without a row above it reduces to Sub
            if let up = above {
                for i in 0..<lead { row[i] &+= up[i] }
                for i in lead..<max(lead, count) { row[i] &+= paeth(row[i - distance], up[i], up[i - distance]) }
            } else {
                for i in lead..<max(lead, count) { row[i] &+= row[i - distance] }
            }
        default:
            throw PNGDecoder.Error.corrupt("unknown filter type \(filter)")
        }
    }

    @inline(__always)
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let a = Int(a), b = Int(b), c = Int(c)
        let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c)
        if pa <= pb && pa <= pc { return UInt8(truncatingIfNeeded: a) }
        return UInt8(truncatingIfNeeded: pb <= pc ? b : c)
    }

    /// Widens one unfiltered row of `pixels` samples to RGBA, writing every `step` bytes.
    private func expand(_ row: UnsafeMutablePointer<UInt8>, pixels: Int, into first: UnsafeMutablePointer<UInt8>, step: Int) {
        var out = first
        switch (header.colorType, header.bitDepth) {
        case (6, 8):
            if step == 4 { out.update(from: row, count: pixels * 4); return }
            for x in 0..<pixels { (out + x * step).update(from: row + x * 4, count: 4) }
        case (6, 16):
            for x in 0..<pixels {
                let s = row + x * 8
                out[0] = s[0]; out[1] = s[2]; out[2] = s[4]; out[3] = s[6]
                out += step
            }
        case (2, 8) where rgbKey == nil && step == 4:
            // Opaque RGB, as our encoder writes screens: 4 pixels from three 32-bit loads
            // (r0 g0 b0 r1 | g1 b1 r2 g2 | b2 r3 g3 b3), then the rest one by one.
            let input = UnsafeRawPointer(row), output = UnsafeMutableRawPointer(out)
            let opaque: UInt32 = 0xFF00_0000
            var x = 0
            while x + 4 <= pixels {
                let w0 = UInt32(littleEndian: input.loadUnaligned(fromByteOffset: x * 3, as: UInt32.self))
                let w1 = UInt32(littleEndian: input.loadUnaligned(fromByteOffset: x * 3 + 4, as: UInt32.self))
                let w2 = UInt32(littleEndian: input.loadUnaligned(fromByteOffset: x * 3 + 8, as: UInt32.self))
                output.storeBytes(of: (w0 & 0xFF_FFFF | opaque).littleEndian, toByteOffset: x * 4, as: UInt32.self)
                output.storeBytes(of: (w0 >> 24 | (w1 & 0xFFFF) << 8 | opaque).littleEndian, toByteOffset: x * 4 + 4, as: UInt32.self)
                output.storeBytes(of: (w1 >> 16 | (w2 & 0xFF) << 16 | opaque).littleEndian, toByteOffset: x * 4 + 8, as: UInt32.self)
                output.storeBytes(of: (w2 >> 8 | opaque).littleEndian, toByteOffset: x * 4 + 12, as: UInt32.self)
                x += 4
            }
            for x in x..<pixels {
                let s = row + x * 3
                out[x * 4] = s[0]; out[x * 4 + 1] = s[1]; out[x * 4 + 2] = s[2]; out[x * 4 + 3] = 255
            }
        case (2, 8):
            for x in 0..<pixels {
                let s = row + x * 3
                out[0] = s[0]; out[1] = s[1]; out[2] = s[2]
                out[3] = isKey(Int(s[0]), Int(s[1]), Int(s[2])) ? 0 : 255
                out += step
            }
        case (2, 16):
            for x in 0..<pixels {
                let s = row + x * 6
                out[0] = s[0]; out[1] = s[2]; out[2] = s[4]
                out[3] = isKey(wide(s), wide(s + 2), wide(s + 4)) ? 0 : 255
                out += step
            }
        case (4, 8):
            for x in 0..<pixels {
                let s = row + x * 2
                out[0] = s[0]; out[1] = s[0]; out[2] = s[0]; out[3] = s[1]
                out += step
            }
        case (4, 16):
            for x in 0..<pixels {
                let s = row + x * 4
                out[0] = s[0]; out[1] = s[0]; out[2] = s[0]; out[3] = s[2]
                out += step
            }
        case (0, 16):
            for x in 0..<pixels {
                let s = row + x * 2
                out[0] = s[0]; out[1] = s[0]; out[2] = s[0]
                out[3] = wide(s) == grayKey ? 0 : 255
                out += step
            }
        case (0, let depth):
            // 1, 2, 4 or 8 bits: scale the sample range onto 0...255 (x255, x85, x17, x1).
            let scale = 255 / ((1 << depth) - 1)
            for x in 0..<pixels {
                let value = Self.sample(row, x, depth)
                let gray = UInt8(truncatingIfNeeded: value * scale)
                out[0] = gray; out[1] = gray; out[2] = gray
                out[3] = value == grayKey ? 0 : 255
                out += step
            }
        default: // palette, 1 to 8 bits
            let depth = header.bitDepth
            paletteRGBA.withUnsafeBufferPointer { table in
                for x in 0..<pixels {
                    let entry = Self.sample(row, x, depth) * 4
                    out[0] = table[entry]; out[1] = table[entry + 1]; out[2] = table[entry + 2]; out[3] = table[entry + 3]
                    out += step
                }
            }
        }
    }

    /// The `x`th sample of a row packed at `depth` bits (1, 2, 4 or 8), most significant bits first.
    @inline(__always)
    private static func sample(_ row: UnsafeMutablePointer<UInt8>, _ x: Int, _ depth: Int) -> Int {
        let bit = x * depth
        return (Int(row[bit >> 3]) >> (8 - depth - (bit & 7))) & ((1 << depth) - 1)
    }

    @inline(__always)
    private func wide(_ s: UnsafeMutablePointer<UInt8>) -> Int { Int(s[0]) << 8 | Int(s[1]) }

    @inline(__always)
    private func isKey(_ r: Int, _ g: Int, _ b: Int) -> Bool {
        guard let key = rgbKey else { return false }
        return key.r == r && key.g == g && key.b == b
    }
}

/// Whole-buffer inflation with libdeflate.
enum Inflater {
    /// Inflates the zlib stream `compressed` into exactly `count` bytes at `out`. Without
    /// `verifyChecksum` the Adler-32 at its end is not read, as most fast PNG readers do.
    /// Data past `count` bytes is ignored, as libpng does.
    static func inflate(_ compressed: [UInt8], into out: UnsafeMutablePointer<UInt8>, count: Int,
                        verifyChecksum: Bool) throws(PNGDecoder.Error) {
        guard compressed.count >= 2, compressed[0] & 0x0F == 8, compressed[1] & 0x20 == 0,
              (Int(compressed[0]) << 8 | Int(compressed[1])) % 31 == 0 else {
            throw PNGDecoder.Error.corrupt("bad zlib header")
        }
        guard let decompressor = libdeflate_alloc_decompressor() else {
            throw PNGDecoder.Error.unsupported("libdeflate could not start")
        }
        defer { libdeflate_free_decompressor(decompressor) }
        var (result, produced) = decompress(decompressor, compressed, into: out, capacity: count, verifyChecksum: verifyChecksum)
        if result == LIBDEFLATE_INSUFFICIENT_SPACE {
            // More data than the image needs: inflate all of it (bounded by deflate's best
            // ratio) and keep the first `count` bytes.
            let capacity = compressed.count * 1032 + 1024
            let all = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            defer { all.deallocate() }
            (result, produced) = decompress(decompressor, compressed, into: all, capacity: capacity, verifyChecksum: verifyChecksum)
            if result == LIBDEFLATE_SUCCESS { out.update(from: all, count: min(count, produced)) }
        }
        guard result == LIBDEFLATE_SUCCESS else { throw PNGDecoder.Error.corrupt("bad compressed image data") }
        guard produced >= count else { throw PNGDecoder.Error.corrupt("image data ends early") }
    }

    /// One libdeflate call: its result and how many bytes it wrote.
    private static func decompress(_ decompressor: OpaquePointer, _ compressed: [UInt8], into out: UnsafeMutablePointer<UInt8>,
                                   capacity: Int, verifyChecksum: Bool) -> (libdeflate_result, produced: Int) {
        compressed.withUnsafeBufferPointer { input in
            guard let base = input.baseAddress else { return (LIBDEFLATE_BAD_DATA, 0) }
            var produced = 0
            let result = verifyChecksum
                ? libdeflate_zlib_decompress(decompressor, base, input.count, out, capacity, &produced)
                : libdeflate_deflate_decompress(decompressor, base + 2, input.count - 2, out, capacity, &produced)
            return (result, produced)
        }
    }
}

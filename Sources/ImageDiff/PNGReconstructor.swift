/// Turns the inflated PNG stream into RGBA pixels: undoes the per-row filters, then widens
/// each row's samples to 8-bit RGBA. Works on raw pointers: these loops touch every byte of
/// a screenshot and dominate decoding time after zlib.
struct Reconstructor {
    let header: PNGDecoder.Header
    /// 256 RGBA entries from PLTE and tRNS. Indices past the palette read as opaque black,
    /// as browsers draw them, rather than failing the whole comparison.
    private let paletteRGBA: [UInt8]
    /// The one fully transparent color of a gray or RGB image (tRNS), at full sample precision.
    private let grayKey: Int?
    private let rgbKey: (r: Int, g: Int, b: Int)?

    init(header: PNGDecoder.Header, palette: [UInt8], transparency: [UInt8]?) {
        self.header = header
        var table = [UInt8](repeating: 0, count: 256 * 4)
        for entry in 0..<256 { table[entry * 4 + 3] = 255 }
        for entry in 0..<min(palette.count / 3, 256) {
            table[entry * 4] = palette[entry * 3]
            table[entry * 4 + 1] = palette[entry * 3 + 1]
            table[entry * 4 + 2] = palette[entry * 3 + 2]
        }
        var grayKey: Int?
        var rgbKey: (Int, Int, Int)?
        if let alpha = transparency {
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

    /// `raw` holds exactly `header.filteredDataSize()` bytes; `out` has room for width x height RGBA.
    func run(raw: UnsafeMutablePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) throws {
        let distance = header.filterDistance
        let outStride = header.width * 4
        // 8-bit RGBA rows already are output rows: unfilter straight into the image.
        let direct = !header.interlaced && header.colorType == 6 && header.bitDepth == 8
        var offset = 0
        for pass in header.passes where !pass.isEmpty {
            let rowBytes = header.rowBytes(pass.width)
            for y in 0..<pass.height {
                let filter = raw[offset]
                let source = raw + offset + 1
                if direct {
                    let row = out + y * outStride
                    try Self.unfilter(filter, source, into: row, above: y == 0 ? nil : row - outStride,
                                      count: rowBytes, distance: distance)
                } else {
                    try Self.unfilter(filter, source, into: source, above: y == 0 ? nil : source - (1 + rowBytes),
                                      count: rowBytes, distance: distance)
                    let first = out + ((pass.y0 + y * pass.dy) * header.width + pass.x0) * 4
                    expand(source, pixels: pass.width, into: first, step: pass.dx * 4)
                }
                offset += 1 + rowBytes
            }
        }
    }

    /// Undoes one row's filter. `destination` may be `source` itself (in-place): each byte is
    /// read before it is written, and the look-back only reads bytes already reconstructed.
    static func unfilter(_ filter: UInt8, _ source: UnsafeMutablePointer<UInt8>,
                         into destination: UnsafeMutablePointer<UInt8>, above: UnsafeMutablePointer<UInt8>?,
                         count: Int, distance: Int) throws {
        let src = source, dst = destination
        let lead = min(distance, count)
        switch filter {
        case 0: // None
            if src != dst { dst.update(from: src, count: count) }
        case 1: // Sub
            if src != dst { dst.update(from: src, count: lead) }
            for i in lead..<max(lead, count) { dst[i] = src[i] &+ dst[i - distance] }
        case 2: // Up
            if let up = above {
                for i in 0..<count { dst[i] = src[i] &+ up[i] }
            } else if src != dst {
                dst.update(from: src, count: count)
            }
        case 3: // Average
            if let up = above {
                for i in 0..<lead { dst[i] = src[i] &+ up[i] >> 1 }
                for i in lead..<max(lead, count) {
                    dst[i] = src[i] &+ UInt8((UInt16(dst[i - distance]) + UInt16(up[i])) >> 1)
                }
            } else {
                if src != dst { dst.update(from: src, count: lead) }
                for i in lead..<max(lead, count) { dst[i] = src[i] &+ dst[i - distance] >> 1 }
            }
        case 4: // Paeth; on the first row it reduces to Sub
            if let up = above {
                for i in 0..<lead { dst[i] = src[i] &+ up[i] }
                for i in lead..<max(lead, count) {
                    dst[i] = src[i] &+ paeth(dst[i - distance], up[i], up[i - distance])
                }
            } else {
                if src != dst { dst.update(from: src, count: lead) }
                for i in lead..<max(lead, count) { dst[i] = src[i] &+ dst[i - distance] }
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

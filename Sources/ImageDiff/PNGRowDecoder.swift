internal import CCairo

/// Decodes a PNG row by row: inflates each row straight into a small row buffer, undoes its
/// filter in place, then widens its samples to 8-bit RGBA. Only two rows are ever held, so
/// a comparison can decode two screenshots in step without materializing either, and each
/// row is unfiltered while it is still in cache. Loops run over raw pointers: they touch
/// every byte of a screenshot and dominate decoding time after zlib.
final class PNGRowDecoder {
    let header: PNGDecoder.Header
    private let inflater: RowInflater
    /// 256 RGBA entries from PLTE and tRNS. Indices past the palette read as opaque black,
    /// as browsers draw them, rather than failing the whole comparison.
    private let paletteRGBA: [UInt8]
    /// The one fully transparent color of a gray or RGB image (tRNS), at full sample precision.
    private let grayKey: Int?
    private let rgbKey: (r: Int, g: Int, b: Int)?
    /// Two rows (filter byte + samples): the one being decoded and the one above it.
    private let rowBuffers: UnsafeMutablePointer<UInt8>
    private var current: UnsafeMutablePointer<UInt8>
    private var previous: UnsafeMutablePointer<UInt8>
    private var rowsRead = 0

    init(_ bytes: [UInt8], verifyCRC: Bool) throws(PNGDecoder.Error) {
        let file = try PNGDecoder.parseChunks(bytes, verifyCRC: verifyCRC)
        header = file.header
        // Deflate cannot compress better than about 1032:1, so a header claiming far more pixels
        // than the data can hold is a truncated or forged file; say so before allocating.
        let compressedSize = file.imageData.reduce(0) { $0 + $1.count }
        guard header.filteredDataSize <= compressedSize * 1032 + 1024 else { throw PNGDecoder.Error.truncated }
        inflater = try RowInflater(bytes, chunks: file.imageData, verifyChecksum: verifyCRC)

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

        let rowCapacity = 1 + header.rowBytes(header.width)
        rowBuffers = .allocate(capacity: 2 * rowCapacity)
        current = rowBuffers
        previous = rowBuffers + rowCapacity
    }

    deinit { rowBuffers.deallocate() }

    /// Writes the next row of a non-interlaced image as width x 4 bytes of RGBA.
    func nextRow(into row: UnsafeMutablePointer<UInt8>) throws(PNGDecoder.Error) {
        precondition(!header.interlaced, "interlaced images are decoded whole")
        try readRow(bytes: header.rowBytes(header.width), first: rowsRead == 0)
        rowsRead += 1
        expand(current + 1, pixels: header.width, into: row, step: 4)
    }

    /// The whole image, interlaced or not.
    func decodeImage() throws(PNGDecoder.Error) -> RGBAImage {
        var failure: PNGDecoder.Error?
        let pixels = [UInt8](unsafeUninitializedCapacity: header.width * header.height * 4) { out, count in
            count = out.count
            guard let base = out.baseAddress else { return }
            do throws(PNGDecoder.Error) { try decodeImage(into: base) } catch { failure = error }
        }
        if let failure { throw failure }
        return RGBAImage(width: header.width, height: header.height, pixels: pixels)
    }

    /// Writes the whole image, interlaced or not, as width x height x 4 bytes of RGBA.
    private func decodeImage(into out: UnsafeMutablePointer<UInt8>) throws(PNGDecoder.Error) {
        if !header.interlaced && header.colorType == 6 && header.bitDepth == 8 {
            // 8-bit RGBA rows are already image rows: inflate and unfilter them in place there.
            let stride = header.width * 4
            for y in 0..<header.height {
                let row = out + y * stride
                try inflater.read(into: current, count: 1)
                try inflater.read(into: row, count: stride)
                try Self.unfilter(current[0], row, above: y == 0 ? nil : row - stride, count: stride, distance: 4)
            }
            return
        }
        for pass in header.passes where !pass.isEmpty {
            let rowBytes = header.rowBytes(pass.width)
            for y in 0..<pass.height {
                try readRow(bytes: rowBytes, first: y == 0)
                let first = out + ((pass.y0 + y * pass.dy) * header.width + pass.x0) * 4
                expand(current + 1, pixels: pass.width, into: first, step: pass.dx * 4)
            }
        }
    }

    /// Inflates the next row into `current` and undoes its filter; `first` is the top row of
    /// the image or of an Adam7 pass, which has no row above.
    private func readRow(bytes rowBytes: Int, first: Bool) throws(PNGDecoder.Error) {
        swap(&current, &previous)
        try inflater.read(into: current, count: 1 + rowBytes)
        try Self.unfilter(current[0], current + 1, above: first ? nil : previous + 1,
                          count: rowBytes, distance: header.filterDistance)
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
        case 2: // Up
            guard let up = above else { break }
            for i in 0..<count { row[i] &+= up[i] }
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

/// Feeds the IDAT payloads to zlib and hands out the inflated stream a row at a time.
/// It keeps its own copy of the payloads (a few hundred KB for a screenshot), joined.
final class RowInflater {
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private let input: UnsafeMutableBufferPointer<UInt8>

    /// `chunks` are the IDAT payload ranges in `file`. Without `verifyChecksum` zlib skips
    /// Adler-32, which alone costs a sixth of decoding a screenshot.
    init(_ file: [UInt8], chunks: [Range<Int>], verifyChecksum: Bool) throws(PNGDecoder.Error) {
        let total = chunks.reduce(0) { $0 + $1.count }
        input = .allocate(capacity: max(total, 1))
        var offset = 0
        for chunk in chunks {
            _ = UnsafeMutableBufferPointer(rebasing: input[offset..<offset + chunk.count]).initialize(from: file[chunk])
            offset += chunk.count
        }
        stream.initialize(to: z_stream())
        // If zlib fails here, deinit still runs: inflateEnd refuses the never-started stream harmlessly.
        guard total <= Int(UInt32.max) else { throw PNGDecoder.Error.unsupported("image data over 4 GiB") }
        guard inflateInit_(stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw PNGDecoder.Error.unsupported("zlib could not start")
        }
        if !verifyChecksum { inflateValidate(stream, 0) }
        stream.pointee.next_in = input.baseAddress
        stream.pointee.avail_in = uInt(total)
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
        input.deallocate()
    }

    /// Fills `buffer` with the next `count` bytes of the inflated stream.
    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(PNGDecoder.Error) {
        stream.pointee.next_out = buffer
        stream.pointee.avail_out = uInt(count)
        while stream.pointee.avail_out > 0 {
            switch CCairo.inflate(stream, Z_NO_FLUSH) {
            case Z_OK: continue
            case Z_STREAM_END:
                // Trailing data after the last row is ignored, as libpng does.
                if stream.pointee.avail_out > 0 { throw PNGDecoder.Error.corrupt("image data ends early") }
            case Z_BUF_ERROR: throw PNGDecoder.Error.truncated
            default: throw PNGDecoder.Error.corrupt("bad compressed image data")
            }
        }
    }
}

internal import CDeflate

/// How PNG files are compressed: the plan's `pngCompression`.
public enum PNGCompression: String, CaseIterable, Sendable {
    /// `PNGEncoder.encode`: filter Up on every row, libdeflate level 2 (artifacts, renders).
    case fast
    /// `PNGEncoder.encodeSmallest`: for goldens kept in a repository.
    case small

    /// A render as a PNG file: `fast` keeps `PNGEncoder.encode(_:)`'s path straight from the
    /// premultiplied words; `small` converts to straight RGBA first (its time is in deflate).
    public func encode(_ image: PremultipliedImage) throws -> [UInt8] {
        switch self {
        case .fast: try PNGEncoder.encode(image)
        case .small: try PNGEncoder.encodeSmallest(rgba: image.straightRGBA(), width: image.width, height: image.height)
        }
    }
}

extension PNGEncoder {
    /// The PNG filters by their type byte.
    enum Filter: UInt8, CaseIterable { case none = 0, sub, up, average, paeth }

    /// The smallest file this encoder makes, deterministically: the same pixels give the same
    /// bytes on every run and machine with the same libdeflate. The rows are filtered three
    /// ways (each row with the filter whose output has the smallest sum of absolute values, as
    /// libpng chooses; every row Up, as `encode` does; every row unfiltered), each compressed
    /// with libdeflate's strongest level (12), and the smallest stream kept (the first of
    /// equal sizes). About 200 times slower than `encode` (docs/performance.md): for goldens.
    public static func encodeSmallest(rgba: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        precondition(rgba.count == width * height * 4, "pixel buffer does not match the size")
        let opaque = isOpaque(rgba)
        let channels = opaque ? 3 : 4
        let rowBytes = width * channels
        // The image as PNG scanlines without filter bytes (RGB or RGBA), after a row of zeros:
        // what the first row is filtered against.
        var raw = [UInt8](repeating: 0, count: rowBytes * (height + 1))
        raw.withUnsafeMutableBufferPointer { out in
            rgba.withUnsafeBufferPointer { src in
                var o = rowBytes
                for i in stride(from: 0, to: src.count, by: 4) {
                    for c in 0..<channels { out[o + c] = src[i + c] }
                    o += channels
                }
            }
        }
        var best: [UInt8]?
        for choice in [nil, Filter.up, Filter.none] as [Filter?] {
            let filtered = filter(raw, rowBytes: rowBytes, height: height, bytesPerPixel: channels, every: choice)
            let compressed = try compress(filtered, level: 12)
            if best == nil || compressed.count < best!.count { best = compressed }
        }
        return file(width: width, height: height, opaque: opaque, compressed: best!)
    }

    /// A zlib stream of `data` at libdeflate's `level` (1 to 12).
    static func compress(_ data: [UInt8], level: Int32) throws -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(level) else { throw Error.compressionFailed }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, data.count)
        var failed = false
        let compressed = [UInt8](unsafeUninitializedCapacity: bound) { out, count in
            count = data.withUnsafeBufferPointer { libdeflate_zlib_compress(compressor, $0.baseAddress, data.count, out.baseAddress, bound) }
            failed = count == 0
        }
        if failed { throw Error.compressionFailed }
        return compressed
    }

    /// Scanlines with their filter bytes: every row with `every`, or when nil each row with
    /// the filter whose bytes, read as signed, have the smallest sum of absolute values.
    /// `raw` holds a row of zeros, then the image's rows.
    static func filter(_ raw: [UInt8], rowBytes: Int, height: Int, bytesPerPixel bpp: Int, every: Filter?) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        var candidate = [UInt8](repeating: 0, count: rowBytes)
        raw.withUnsafeBufferPointer { raw in
            for y in 0..<height {
                let above = raw[(y * rowBytes)..<((y + 1) * rowBytes)]
                let row = raw[((y + 1) * rowBytes)..<((y + 2) * rowBytes)]
                var chosen = every ?? .none
                if every == nil {
                    var bestSum = Int.max
                    for f in Filter.allCases {
                        apply(f, row, above, bpp, into: &candidate)
                        let sum = candidate.reduce(0) { $0 + Int($1 < 128 ? $1 : 255 - $1 + 1) }
                        if sum < bestSum { bestSum = sum; chosen = f }
                    }
                }
                apply(chosen, row, above, bpp, into: &candidate)
                let o = y * (rowBytes + 1)
                out[o] = chosen.rawValue
                for i in 0..<rowBytes { out[o + 1 + i] = candidate[i] }
            }
        }
        return out
    }

    /// One row filtered (PNG spec, section 9): `a` is the byte one pixel left, `b` the byte
    /// above, `c` the byte above and left (0 outside the image).
    static func apply(_ filter: Filter, _ row: Slice<UnsafeBufferPointer<UInt8>>, _ above: Slice<UnsafeBufferPointer<UInt8>>,
                      _ bpp: Int, into out: inout [UInt8]) {
        let (r, u) = (row.startIndex, above.startIndex)
        for i in 0..<row.count {
            let x = row[r + i]
            let a = i >= bpp ? row[r + i - bpp] : 0
            let b = above[u + i]
            let c = i >= bpp ? above[u + i - bpp] : 0
            switch filter {
            case .none: out[i] = x
            case .sub: out[i] = x &- a
            case .up: out[i] = x &- b
            case .average: out[i] = x &- UInt8((Int(a) + Int(b)) / 2)
            case .paeth: out[i] = x &- paeth(a, b, c)
            }
        }
    }

    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let (pa, pb, pc) = (abs(p - Int(a)), abs(p - Int(b)), abs(p - Int(c)))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}

internal import CDeflate
internal import Dispatch

/// How PNG files are compressed: the plan's `pngCompression`.
public enum PNGCompression: String, CaseIterable, Sendable {
    /// `PNGEncoder.encode`: filter Up on every row, libdeflate level 2 (artifacts, renders);
    /// `RunLengthDeflate` in pieces on parallel threads from `PNGEncoder.piecewisePixels` on.
    case fast
    /// `PNGEncoder.encodeSmallest`: for goldens kept in a repository.
    case small

    /// A render as a PNG file, with its pixel stamp (`PixelStamp`): every PNG shotter writes of
    /// a render comes from here. `fast` keeps `PNGEncoder.encode(_:)`'s path straight from the
    /// premultiplied words; `small` converts to straight RGBA first (its time is in deflate).
    /// A large image's pixel hash is worked out on another thread while it is encoded.
    public func encode(_ image: PremultipliedImage) throws -> [UInt8] {
        nonisolated(unsafe) var pixelHash: UInt64?
        let hashed = DispatchSemaphore(value: 0)
        let large = image.width * image.height >= PNGEncoder.piecewisePixels
        if large {
            DispatchQueue.global().async {
                pixelHash = PixelStamp.pixelHash(image)
                hashed.signal()
            }
        }
        let png = try {
            switch self {
            case .fast: try PNGEncoder.encode(image)
            case .small: try PNGEncoder.encodeSmallest(rgba: image.straightRGBA(), width: image.width, height: image.height)
            }
        }()
        if large { hashed.wait() }
        return PixelStamp.stamped(png, pixelHash: pixelHash ?? PixelStamp.pixelHash(image))
    }
}

extension PNGEncoder {
    /// The PNG filters by their type byte.
    enum Filter: UInt8, CaseIterable { case none = 0, sub, up, average, paeth }

    /// The smallest file this encoder makes, deterministically: the same pixels give the same
    /// bytes on every run and machine with the same libdeflate. The rows are filtered three
    /// ways (each row with the filter whose output has the smallest sum of absolute values, as
    /// libpng chooses; every row Up, as `encode` does; every row unfiltered). Compressing all
    /// three with libdeflate's strongest level (12, near-optimal parsing) and keeping the
    /// smallest is what costs: instead each is compressed at the fast trial levels, and only
    /// the winners of the trials (one filtering, or two where the levels disagree) at level 12,
    /// the smallest kept (the first of equal sizes). On shotter's goldens that gives the same
    /// bytes as level 12 of all three in well under half the time (docs/performance.md).
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
        let filterings = ([nil, Filter.up, Filter.none] as [Filter?]).map {
            filter(raw, rowBytes: rowBytes, height: height, bytesPerPixel: channels, every: $0)
        }
        var finalists = Set<Int>()
        for level in trialLevels {
            let sizes = try filterings.map { try compress($0, level: level).count }
            finalists.insert(sizes.indices.min { sizes[$0] < sizes[$1] }!)
        }
        var best: [UInt8]?
        for i in finalists.sorted() {
            let compressed = try compress(filterings[i], level: 12)
            if best == nil || compressed.count < best!.count { best = compressed }
        }
        return file(width: width, height: height, opaque: opaque, compressed: best!)
    }

    /// The libdeflate levels the filterings are ranked at, each a small part of level 12's
    /// time. Level 6 ranks most of shotter's goldens as level 12 does; where long runs repeat
    /// far apart (a QR code), level 9's deeper search ranks the unfiltered rows first as level
    /// 12 does, while level 6 does not.
    static let trialLevels: [Int32] = [6, 9]

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
    /// the filter whose bytes, read as signed, have the smallest sum of absolute values (the
    /// first of equal sums). `raw` holds a row of zeros, then the image's rows.
    static func filter(_ raw: [UInt8], rowBytes: Int, height: Int, bytesPerPixel bpp: Int, every: Filter?) -> [UInt8] {
        let candidates = every.map { [$0] } ?? Filter.allCases
        var out = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        // One filtered row per candidate filter.
        var scratch = [UInt8](repeating: 0, count: rowBytes * candidates.count)
        raw.withUnsafeBufferPointer { raw in
            out.withUnsafeMutableBufferPointer { out in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    guard let rawBase = raw.baseAddress, let outBase = out.baseAddress, let rows = scratch.baseAddress else { return }
                    for y in 0..<height {
                        let above = rawBase + y * rowBytes
                        var chosen = 0, bestSum = Int.max
                        for (k, f) in candidates.enumerated() {
                            apply(f, above + rowBytes, above, rowBytes, bpp, into: rows + k * rowBytes)
                            guard candidates.count > 1 else { break }
                            let sum = absoluteSum(rows + k * rowBytes, rowBytes)
                            if sum < bestSum { bestSum = sum; chosen = k }
                        }
                        let o = outBase + y * (rowBytes + 1)
                        o[0] = candidates[chosen].rawValue
                        (o + 1).update(from: rows + chosen * rowBytes, count: rowBytes)
                    }
                }
            }
        }
        return out
    }

    /// The bytes read as signed values, their absolute values summed.
    static func absoluteSum(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var sum = 0
        for i in 0..<count { sum += Int(Int8(bitPattern: bytes[i]).magnitude) }
        return sum
    }

    /// One row of `count` bytes filtered (PNG spec, section 9): `a` is the byte one pixel
    /// left, `b` the byte above, `c` the byte above and left (0 outside the image).
    static func apply(_ filter: Filter, _ row: UnsafePointer<UInt8>, _ above: UnsafePointer<UInt8>, _ count: Int,
                      _ bpp: Int, into out: UnsafeMutablePointer<UInt8>) {
        let first = min(bpp, count)
        switch filter {
        case .none:
            out.update(from: row, count: count)
        case .sub:
            out.update(from: row, count: first)
            for i in first..<count { out[i] = row[i] &- row[i - bpp] }
        case .up:
            for i in 0..<count { out[i] = row[i] &- above[i] }
        case .average:
            for i in 0..<first { out[i] = row[i] &- above[i] >> 1 }
            for i in first..<count { out[i] = row[i] &- UInt8((UInt16(row[i - bpp]) + UInt16(above[i])) >> 1) }
        case .paeth:
            // With a and c zero the predictor is b.
            for i in 0..<first { out[i] = row[i] &- above[i] }
            for i in first..<count { out[i] = row[i] &- paeth(row[i - bpp], above[i], above[i - bpp]) }
        }
    }

    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let (pa, pb, pc) = (abs(p - Int(a)), abs(p - Int(b)), abs(p - Int(c)))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}

internal import Dispatch
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// The outcome of comparing two images. Images of different sizes are a result too, not an
/// error: `sizeMismatch` is set and every pixel counts as differing, so no pixel or ratio
/// limit below 100% lets them pass.
public struct DiffResult: Sendable, CustomStringConvertible {
    public var differingPixels: Int
    public var totalPixels: Int
    /// Sizes of the first and the second image, when they differ.
    public var sizeMismatch: (PixelSize, PixelSize)?

    public init(differingPixels: Int, totalPixels: Int, sizeMismatch: (PixelSize, PixelSize)? = nil) {
        self.differingPixels = differingPixels
        self.totalPixels = totalPixels
        self.sizeMismatch = sizeMismatch
    }

    /// Differing pixels over all pixels, 0...1.
    public var ratio: Double { totalPixels == 0 ? 0 : Double(differingPixels) / Double(totalPixels) }

    public var description: String {
        if let (a, b) = sizeMismatch { return "size mismatch \(a) vs \(b)" }
        if differingPixels == 0 { return "identical (\(totalPixels) pixels)" }
        let percent = (ratio * 100_000).rounded() / 1000
        return "\(differingPixels) of \(totalPixels) pixels differ (\(percent)%)"
    }

    /// Whether the result is within `tolerance`.
    public func passes(_ tolerance: DiffTolerance) -> Bool { tolerance.accepts(self) }
}

/// How many differing pixels a comparison may have and still pass. With both limits set, both
/// must hold; with neither, only an exact match passes. A size mismatch never passes.
public struct DiffTolerance: Hashable, Sendable {
    public var maxDiffPixels: Int?
    /// 0...1, a fraction of all pixels.
    public var maxDiffRatio: Double?

    public init(maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil) {
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
    }

    public static let exact = DiffTolerance(maxDiffPixels: 0)

    public func accepts(_ result: DiffResult) -> Bool {
        guard result.sizeMismatch == nil else { return false }
        switch (maxDiffPixels, maxDiffRatio) {
        case (nil, nil): return result.differingPixels == 0
        case (let pixels, let ratio):
            if let pixels, result.differingPixels > pixels { return false }
            if let ratio, result.ratio > ratio { return false }
            return true
        }
    }
}

/// Image comparison as `shotter diff` and `shotter test` use it.
public enum ImageComparison {
    public enum Error: Swift.Error, CustomStringConvertible, Equatable {
        case cannotDecodeA(PNGDecoder.Error)
        case cannotDecodeB(PNGDecoder.Error)

        public var description: String {
            switch self {
            case .cannotDecodeA(let error): "cannot read the first image: \(error)"
            case .cannotDecodeB(let error): "cannot read the second image: \(error)"
            }
        }
    }

    /// Compares two PNG files. Byte-identical files match without being decoded (only their
    /// size is read), and files of different sizes without decoding their pixels.
    /// `diffPNG` is the pixelmatch diff image when `writeDiffImage` is set and there is
    /// something to show: not for byte-identical files nor for a size mismatch.
    ///
    /// Non-interlaced files (nearly all screenshots) are compared while they are decoded,
    /// a few rows at a time: neither image is ever held whole, which saves two 12 MB buffers
    /// per phone screen and the page faults of touching them, about half the time. Counts
    /// and diff image are exactly those of `pixelmatch` on the decoded images.
    ///
    /// - Throws: `ImageComparison.Error` for a file that cannot be decoded; `PNGEncoder.Error`
    ///   if the diff image cannot be encoded.
    public static func compare(pngA: [UInt8], pngB: [UInt8], options: DiffOptions = DiffOptions(),
                               writeDiffImage: Bool = false) throws -> (DiffResult, diffPNG: [UInt8]?) {
        if pngA.count == pngB.count && memcmp(pngA, pngB, pngA.count) == 0 {
            let size = try Result { () throws(PNGDecoder.Error) in try PNGDecoder.size(of: pngA) }
                .mapError(Error.cannotDecodeA).get()
            return (DiffResult(differingPixels: 0, totalPixels: size.width * size.height), nil)
        }
        let decoderA = try Result { () throws(PNGDecoder.Error) in try PNGRowDecoder(pngA, verifyCRC: false) }
            .mapError(Error.cannotDecodeA).get()
        let decoderB = try Result { () throws(PNGDecoder.Error) in try PNGRowDecoder(pngB, verifyCRC: false) }
            .mapError(Error.cannotDecodeB).get()
        let sizeA = decoderA.header.size, sizeB = decoderB.header.size
        guard sizeA == sizeB else { return (mismatch(sizeA, sizeB), nil) }

        try inflateBoth(decoderA, decoderB)
        if decoderA.header.interlaced || decoderB.header.interlaced {
            // Adam7 delivers rows out of order: decode both images whole.
            let imageA = try Result { () throws(PNGDecoder.Error) in try decoderA.decodeImage() }
                .mapError(Error.cannotDecodeA).get()
            let imageB = try Result { () throws(PNGDecoder.Error) in try decoderB.decodeImage() }
                .mapError(Error.cannotDecodeB).get()
            let (result, diffImage) = compare(imageA, imageB, options: options, writeDiffImage: writeDiffImage)
            return (result, try diffImage?.pngData())
        }
        return try compareRows(decoderA, decoderB, options: options, writeDiffImage: writeDiffImage)
    }

    /// Inflates and unfilters both images at once, one on each of two threads.
    private static func inflateBoth(_ decoderA: PNGRowDecoder, _ decoderB: PNGRowDecoder) throws(Error) {
        // Each thread touches only its own decoder and its own slot.
        nonisolated(unsafe) let decoders = [decoderA, decoderB]
        let failures = UnsafeMutableBufferPointer<PNGDecoder.Error?>.allocate(capacity: 2)
        failures.initialize(repeating: nil)
        defer { failures.deallocate() }
        nonisolated(unsafe) let slots = failures
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            do throws(PNGDecoder.Error) { try decoders[index].inflate() } catch { slots[index] = error }
        }
        if let failure = failures[0] { throw .cannotDecodeA(failure) }
        if let failure = failures[1] { throw .cannotDecodeB(failure) }
    }

    /// Matches the rows of two inflated images: the top half and the bottom half at once, on
    /// two threads.
    private static func compareRows(_ decoderA: PNGRowDecoder, _ decoderB: PNGRowDecoder, options: DiffOptions,
                                    writeDiffImage: Bool) throws -> (DiffResult, diffPNG: [UInt8]?) {
        let width = decoderA.header.width, height = decoderA.header.height
        var canvas = [UInt8](repeating: 0, count: writeDiffImage ? height * width * 4 : 0)
        let differing = canvas.withUnsafeMutableBufferPointer { canvas in
            // Each thread reads both decoders (no longer changing), writes only its own rows of
            // the diff image and its own count.
            nonisolated(unsafe) let decoders = (decoderA, decoderB)
            nonisolated(unsafe) let out = writeDiffImage ? canvas.baseAddress : nil
            let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: 2)
            defer { counts.deallocate() }
            nonisolated(unsafe) let slots = counts
            DispatchQueue.concurrentPerform(iterations: 2) { half in
                let rows = half == 0 ? 0..<height / 2 : height / 2..<height
                slots[half] = matchRows(rows, decoders.0, decoders.1, out: out, options: options)
            }
            return counts[0] + counts[1]
        }
        let result = DiffResult(differingPixels: differing, totalPixels: width * height)
        return (result, writeDiffImage ? try PNGEncoder.encode(rgba: canvas, width: width, height: height) : nil)
    }

    /// Counts the differing pixels of `rows` and draws them into `out` if set. Rows stored with
    /// the same bytes in both images (most of a screenshot) match without being widened to
    /// RGBA; around any other row, rows y - 2 to y + 2 are widened into rings of 8 rows (the
    /// anti-aliasing test looks two rows away) and matched by pixelmatch.
    private static func matchRows(_ rows: Range<Int>, _ decoderA: PNGRowDecoder, _ decoderB: PNGRowDecoder,
                                  out: UnsafeMutablePointer<UInt8>?, options: DiffOptions) -> Int {
        let width = decoderA.header.width, height = decoderA.header.height
        let ringRows = 8, rowBytes = width * 4
        let ringA = UnsafeMutablePointer<UInt8>.allocate(capacity: ringRows * rowBytes)
        let ringB = UnsafeMutablePointer<UInt8>.allocate(capacity: ringRows * rowBytes)
        defer { ringA.deallocate(); ringB.deallocate() }
        /// Which image row each ring slot holds, -1 for none yet.
        var ringHolds = [Int](repeating: -1, count: ringRows)
        let sameBytesSamePixels = out == nil && decoderA.storesPixelsLike(decoderB)
        let storedBytes = decoderA.header.rowBytes(width)
        let matcher = Matcher(a: ringA, b: ringB, rowMask: ringRows - 1, width: width, height: height,
                              out: out, options: options)
        var differing = 0
        for y in rows {
            if sameBytesSamePixels && memcmp(decoderA.storedRow(y), decoderB.storedRow(y), storedBytes) == 0 { continue }
            for neighbour in max(y - 2, 0)...min(y + 2, height - 1) where ringHolds[neighbour & (ringRows - 1)] != neighbour {
                let slot = neighbour & (ringRows - 1)
                decoderA.widen(row: neighbour, into: ringA + slot * rowBytes)
                decoderB.widen(row: neighbour, into: ringB + slot * rowBytes)
                ringHolds[slot] = neighbour
            }
            differing += matcher.matchRow(y)
        }
        return differing
    }

    /// Whether `png` decodes to exactly the pixels of a render as Cairo drew it: what
    /// `shotter test` asks of a golden before encoding a fresh render, which costs several
    /// times more than decoding the golden. False for a file that cannot be decoded. A golden
    /// stored as opaque RGB (every screen) is compared with the render's words as they are, so
    /// neither image is ever converted to RGBA; any other golden row by row as straight RGBA.
    public static func png(_ png: [UInt8], hasPixels image: PremultipliedImage) -> Bool {
        let (width, height) = (image.width, image.height)
        guard let decoder = try? PNGRowDecoder(png, verifyCRC: false),
              decoder.header.width == width, decoder.header.height == height,
              (try? decoder.inflate()) != nil else { return false }
        if decoder.header.interlaced { return (try? decoder.decodeImage().pixels) == image.straightRGBA() }
        let opaqueRGB = decoder.storesOpaqueRGB
        let golden = UnsafeMutablePointer<UInt8>.allocate(capacity: width * 4)
        let rendered = UnsafeMutableRawPointer.allocate(byteCount: width * 4, alignment: 4)
        defer { golden.deallocate(); rendered.deallocate() }
        return image.words.withUnsafeBufferPointer { words in
            guard let base = words.baseAddress else { return true }
            for y in 0..<height {
                let row = base + y * width
                if opaqueRGB {
                    guard PremultipliedImage.row(row, count: width, equalsRGB: decoder.storedRow(y)) else { return false }
                } else {
                    decoder.widen(row: y, into: golden)
                    PremultipliedImage.straightRow(row, count: width, into: rendered)
                    if memcmp(golden, rendered, width * 4) != 0 { return false }
                }
            }
            return true
        }
    }

    /// Every pixel counts as differing, so that no tolerance below 100% lets it pass.
    private static func mismatch(_ a: PixelSize, _ b: PixelSize) -> DiffResult {
        let pixels = max(a.width * a.height, b.width * b.height)
        return DiffResult(differingPixels: pixels, totalPixels: pixels, sizeMismatch: (a, b))
    }

    /// Compares two decoded images; a size mismatch is reported in the result.
    public static func compare(_ a: RGBAImage, _ b: RGBAImage, options: DiffOptions = DiffOptions(),
                               writeDiffImage: Bool = false) -> (DiffResult, diffImage: RGBAImage?) {
        guard a.size == b.size else { return (mismatch(a.size, b.size), nil) }
        var output: [UInt8]? = writeDiffImage ? [] : nil
        let count = pixelmatch(a, b, options: options, output: &output)
        let result = DiffResult(differingPixels: count, totalPixels: a.width * a.height)
        return (result, output.map { RGBAImage(width: a.width, height: a.height, pixels: $0) })
    }
}

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

        if decoderA.header.interlaced || decoderB.header.interlaced {
            // Adam7 delivers rows out of order: decode both images whole.
            let imageA = try Result { () throws(PNGDecoder.Error) in try decoderA.decodeImage() }
                .mapError(Error.cannotDecodeA).get()
            let imageB = try Result { () throws(PNGDecoder.Error) in try decoderB.decodeImage() }
                .mapError(Error.cannotDecodeB).get()
            let (result, diffImage) = compare(imageA, imageB, options: options, writeDiffImage: writeDiffImage)
            return (result, try diffImage?.pngData())
        }
        return try compareWhileDecoding(decoderA, decoderB, options: options, writeDiffImage: writeDiffImage)
    }

    /// Decodes both images row by row into rings of 8 rows and matches row y as soon as rows
    /// up to y + 2 are in (the anti-aliasing test looks two rows away).
    private static func compareWhileDecoding(_ decoderA: PNGRowDecoder, _ decoderB: PNGRowDecoder, options: DiffOptions,
                                             writeDiffImage: Bool) throws -> (DiffResult, diffPNG: [UInt8]?) {
        let width = decoderA.header.width, height = decoderA.header.height
        let ringRows = 8, rowBytes = width * 4
        let ringA = UnsafeMutablePointer<UInt8>.allocate(capacity: ringRows * rowBytes)
        let ringB = UnsafeMutablePointer<UInt8>.allocate(capacity: ringRows * rowBytes)
        defer { ringA.deallocate(); ringB.deallocate() }
        var canvas = [UInt8](repeating: 0, count: writeDiffImage ? height * rowBytes : 0)
        let differing = try canvas.withUnsafeMutableBufferPointer { out in
            let matcher = Matcher(a: ringA, b: ringB, rowMask: ringRows - 1, width: width, height: height,
                                  out: writeDiffImage ? out.baseAddress : nil, options: options)
            var decodedRows = 0, differing = 0
            for y in 0..<height {
                while decodedRows < min(y + 3, height) {
                    let slot = (decodedRows & (ringRows - 1)) * rowBytes
                    do throws(PNGDecoder.Error) { try decoderA.nextRow(into: ringA + slot) } catch { throw Error.cannotDecodeA(error) }
                    do throws(PNGDecoder.Error) { try decoderB.nextRow(into: ringB + slot) } catch { throw Error.cannotDecodeB(error) }
                    decodedRows += 1
                }
                differing += matcher.matchRow(y)
            }
            return differing
        }
        let result = DiffResult(differingPixels: differing, totalPixels: width * height)
        return (result, writeDiffImage ? try PNGEncoder.encode(rgba: canvas, width: width, height: height) : nil)
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

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
    /// size is read). `diffPNG` is the pixelmatch diff image when `writeDiffImage` is set and
    /// there is something to show: not for byte-identical files nor for a size mismatch.
    public static func compare(pngA: [UInt8], pngB: [UInt8], options: DiffOptions = DiffOptions(),
                               writeDiffImage: Bool = false) throws -> (DiffResult, diffPNG: [UInt8]?) {
        if pngA.count == pngB.count && memcmp(pngA, pngB, pngA.count) == 0 {
            let size: PixelSize
            do { size = try PNGDecoder.size(of: pngA) } catch let error as PNGDecoder.Error {
                throw Error.cannotDecodeA(error)
            }
            return (DiffResult(differingPixels: 0, totalPixels: size.width * size.height), nil)
        }
        let a: RGBAImage, b: RGBAImage
        do { a = try PNGDecoder.decode(pngA) } catch let error as PNGDecoder.Error { throw Error.cannotDecodeA(error) }
        do { b = try PNGDecoder.decode(pngB) } catch let error as PNGDecoder.Error { throw Error.cannotDecodeB(error) }
        let (result, diffImage) = compare(a, b, options: options, writeDiffImage: writeDiffImage)
        return (result, try diffImage?.pngData())
    }

    /// Compares two decoded images; a size mismatch is reported in the result.
    public static func compare(_ a: RGBAImage, _ b: RGBAImage, options: DiffOptions = DiffOptions(),
                               writeDiffImage: Bool = false) -> (DiffResult, diffImage: RGBAImage?) {
        guard a.size == b.size else {
            let pixels = max(a.width * a.height, b.width * b.height)
            return (DiffResult(differingPixels: pixels, totalPixels: pixels, sizeMismatch: (a.size, b.size)), nil)
        }
        var output: [UInt8]? = writeDiffImage ? [] : nil
        let count = pixelmatch(a, b, options: options, output: &output)
        let result = DiffResult(differingPixels: count, totalPixels: a.width * a.height)
        return (result, output.map { RGBAImage(width: a.width, height: a.height, pixels: $0) })
    }
}

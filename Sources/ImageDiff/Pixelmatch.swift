#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// An RGB color for marks in the diff image.
public struct RGBColor: Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) { self.r = r; self.g = g; self.b = b }
}

/// pixelmatch's options, with its defaults.
public struct DiffOptions: Hashable, Sendable {
    /// 0...1; the largest color distance still taken as "the same color", as a fraction of the
    /// largest possible one (it is squared against YIQ's maximum of 35215). Smaller is stricter.
    public var threshold: Double
    /// Count anti-aliased pixels as differences too. Off by default: edges that a renderer
    /// smooths slightly differently are not regressions.
    public var includeAA: Bool
    /// Opacity of the first image, drawn in gray, behind the marks of the diff image.
    public var alpha: Double
    /// Marks pixels that differ only by anti-aliasing.
    public var aaColor: RGBColor
    /// Marks differing pixels.
    public var diffColor: RGBColor
    /// If set, marks differing pixels that are darker in the second image (others get `diffColor`).
    public var diffColorAlt: RGBColor?
    /// Draw the marks (without anti-aliasing ones) on a transparent background instead of the gray image.
    public var diffMask: Bool

    public init(threshold: Double = 0.1, includeAA: Bool = false, alpha: Double = 0.1,
                aaColor: RGBColor = RGBColor(255, 255, 0), diffColor: RGBColor = RGBColor(255, 0, 0),
                diffColorAlt: RGBColor? = nil, diffMask: Bool = false) {
        self.threshold = threshold
        self.includeAA = includeAA
        self.alpha = alpha
        self.aaColor = aaColor
        self.diffColor = diffColor
        self.diffColorAlt = diffColorAlt
        self.diffMask = diffMask
    }
}

/// Counts the pixels that differ between two images of the same size, with pixelmatch's
/// algorithm (mapbox/pixelmatch 5.x, also ported to Python as `pixelmatch`): a perceptual YIQ
/// color distance, semi-transparent pixels blended onto white, and pixels that look like
/// anti-aliasing in either image left out unless `includeAA`. The counts are the same as the
/// reference implementation's: the floating-point arithmetic is done in the same order.
///
/// If `output` is non-nil it is replaced by the diff image (RGBA, same size): red for counted
/// pixels, yellow for anti-aliasing, and the first image faded to gray elsewhere.
///
/// - Precondition: `a` and `b` have the same size; `ImageComparison.compare` checks that first
///   and reports a mismatch as a failed comparison.
public func pixelmatch(_ a: RGBAImage, _ b: RGBAImage, options: DiffOptions = DiffOptions(),
                       output: inout [UInt8]?) -> Int {
    precondition(a.width == b.width && a.height == b.height, "pixelmatch needs images of the same size")
    let width = a.width, height = a.height
    let drawing = output != nil
    var canvas = [UInt8](repeating: 0, count: drawing ? width * height * 4 : 0)
    defer { if drawing { output = canvas } }

    return a.pixels.withUnsafeBufferPointer { bufferA in
        b.pixels.withUnsafeBufferPointer { bufferB in
            canvas.withUnsafeMutableBufferPointer { bufferOut in
                guard let imgA = bufferA.baseAddress, let imgB = bufferB.baseAddress else { return 0 }
                let matcher = Matcher(a: imgA, b: imgB, rowMask: Matcher.wholeImage, width: width, height: height,
                                      out: drawing ? bufferOut.baseAddress : nil, options: options)
                // Fast path: identical pixels, nothing to compare.
                if memcmp(imgA, imgB, width * height * 4) == 0 {
                    matcher.drawUnchanged()
                    return 0
                }
                return (0..<height).reduce(0) { $0 + matcher.matchRow($1) }
            }
        }
    }
}

/// `pixelmatch` without a diff image.
public func pixelmatch(_ a: RGBAImage, _ b: RGBAImage, options: DiffOptions = DiffOptions()) -> Int {
    var none: [UInt8]? = nil
    return pixelmatch(a, b, options: options, output: &none)
}

/// The pixelmatch loops, over raw pointers to both images and the optional diff canvas.
///
/// Row y of an input image starts at `base + (y & rowMask) * width * 4`: with `wholeImage`
/// that is the plain layout; with 7, a ring of the last 8 rows, which is all that row y
/// looks at (y - 2 ... y + 2), so two PNGs can be compared while they are being decoded.
/// The diff canvas `out` always holds the whole image.
struct Matcher {
    static let wholeImage = Int.max

    let a: UnsafePointer<UInt8>
    let b: UnsafePointer<UInt8>
    let rowMask: Int
    let width: Int
    let height: Int
    let out: UnsafeMutablePointer<UInt8>?
    let options: DiffOptions
    /// Maximum acceptable square distance between two colors; 35215 is the largest possible YIQ delta.
    private let maxDelta: Double
    /// Two opaque pixels whose channels differ by at most this much are within `maxDelta`
    /// without computing it: the YIQ delta is at most 1.1440 x the largest channel difference
    /// squared (1.15 leaves room for rounding). Most differing pixels of a screenshot are such.
    private let maxUncountedChannelStep: Int32
    private let drawGray: Bool

    init(a: UnsafePointer<UInt8>, b: UnsafePointer<UInt8>, rowMask: Int, width: Int, height: Int,
         out: UnsafeMutablePointer<UInt8>?, options: DiffOptions) {
        self.a = a; self.b = b; self.rowMask = rowMask
        self.width = width; self.height = height
        self.out = out; self.options = options
        maxDelta = 35215 * options.threshold * options.threshold
        let step = (maxDelta / 1.15).squareRoot()
        maxUncountedChannelStep = step >= 0 ? Int32(min(step, 255)) : -1 // -1: none (a NaN threshold)
        drawGray = out != nil && !options.diffMask
    }

    /// Counts the differing pixels of row y and draws the row of the diff image.
    func matchRow(_ y: Int) -> Int {
        let rowA = a + (y & rowMask) * width * 4, rowB = b + (y & rowMask) * width * 4
        // Without a diff image to draw, identical rows (most of a screenshot) need no look.
        if out == nil && memcmp(rowA, rowB, width * 4) == 0 { return 0 }
        let alt = options.diffColorAlt ?? options.diffColor
        var diff = 0
        var x = 0
        while x < width {
            // Without gray to draw, runs of 8 equal pixels are skipped at once.
            if !drawGray && x + 8 <= width && equalRuns(rowA + x * 4, rowB + x * 4) {
                x += 8
                continue
            }
            defer { x += 1 }
            let pixelA = rowA + x * 4, pixelB = rowB + x * 4
            let pos = (y * width + x) * 4
            if load(pixelA) == load(pixelB) {
                if drawGray { grayPixel(pos, pixelA) }
                continue
            }
            if pixelA[3] == 255 && pixelB[3] == 255 && isSmallStep(pixelA, pixelB) {
                if drawGray { grayPixel(pos, pixelA) }
                continue
            }
            // Squared YIQ distance, negative when the second image's pixel is darker.
            let delta = colorDelta(pixelA, pixelB, yOnly: false)
            if abs(delta) > maxDelta {
                if !options.includeAA && (antialiased(a, x, y, other: b) || antialiased(b, x, y, other: a)) {
                    // Anti-aliasing: drawn yellow, not counted, and left out of a mask.
                    if drawGray { draw(pos, options.aaColor) }
                } else {
                    if out != nil { draw(pos, delta < 0 ? alt : options.diffColor) }
                    diff += 1
                }
            } else if drawGray {
                grayPixel(pos, pixelA)
            }
        }
        return diff
    }

    /// Whether the 8 pixels (32 bytes) at `a` and `b` are equal.
    @inline(__always)
    func equalRuns(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>) -> Bool {
        let a = UnsafeRawPointer(a), b = UnsafeRawPointer(b)
        return a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
            && a.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            && a.loadUnaligned(fromByteOffset: 16, as: UInt64.self) == b.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
            && a.loadUnaligned(fromByteOffset: 24, as: UInt64.self) == b.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
    }

    /// Whether no color channel differs by more than `maxUncountedChannelStep`.
    @inline(__always)
    func isSmallStep(_ pixelA: UnsafePointer<UInt8>, _ pixelB: UnsafePointer<UInt8>) -> Bool {
        abs(Int32(pixelA[0]) - Int32(pixelB[0])) <= maxUncountedChannelStep
            && abs(Int32(pixelA[1]) - Int32(pixelB[1])) <= maxUncountedChannelStep
            && abs(Int32(pixelA[2]) - Int32(pixelB[2])) <= maxUncountedChannelStep
    }

    /// The diff image of identical inputs: the first image in gray (nothing for a mask).
    func drawUnchanged() {
        guard drawGray else { return }
        for y in 0..<height {
            for x in 0..<width { grayPixel((y * width + x) * 4, pixel(a, x, y)) }
        }
    }

    @inline(__always)
    func pixel(_ image: UnsafePointer<UInt8>, _ x: Int, _ y: Int) -> UnsafePointer<UInt8> {
        image + ((y & rowMask) * width + x) * 4
    }

    @inline(__always)
    func load(_ pixel: UnsafePointer<UInt8>) -> UInt32 { UnsafeRawPointer(pixel).loadUnaligned(as: UInt32.self) }

    /// Whether the pixel is likely part of anti-aliasing, after V. Vysniauskas, "Anti-aliased
    /// Pixel and Intensity Slope Detector" (2009): among its 8 neighbours it has both a darker
    /// and a brighter one, at most 2 equal ones, and the darkest or the brightest neighbour sits
    /// in a flat area (3+ equal neighbours) in both images.
    func antialiased(_ img: UnsafePointer<UInt8>, _ x1: Int, _ y1: Int, other img2: UnsafePointer<UInt8>) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let center = pixel(img, x1, y1)
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        var minDelta = 0.0, maxDelta = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        // Same visiting order as pixelmatch (x outer): it decides ties between equal deltas.
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                // Brightness delta between the center pixel and this neighbour.
                let delta = colorDelta(center, pixel(img, x, y), yOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minDelta {
                    minDelta = delta; minX = x; minY = y
                } else if delta > maxDelta {
                    maxDelta = delta; maxX = x; maxY = y
                }
            }
        }
        if minDelta == 0 || maxDelta == 0 { return false }
        return (hasManySiblings(img, minX, minY) && hasManySiblings(img2, minX, minY))
            || (hasManySiblings(img, maxX, maxY) && hasManySiblings(img2, maxX, maxY))
    }

    /// Whether the pixel has 3+ neighbours of exactly its color (image borders count as one).
    func hasManySiblings(_ img: UnsafePointer<UInt8>, _ x1: Int, _ y1: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let value = load(pixel(img, x1, y1))
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                if load(pixel(img, x, y)) == value { zeroes += 1 }
                if zeroes > 2 { return true }
            }
        }
        return false
    }

    @inline(__always)
    func draw(_ pos: Int, _ color: RGBColor) {
        guard let out else { return }
        out[pos] = color.r; out[pos + 1] = color.g; out[pos + 2] = color.b; out[pos + 3] = 255
    }

    /// The first image's brightness, blended with white by `alpha` x its own alpha.
    @inline(__always)
    func grayPixel(_ pos: Int, _ pixel: UnsafePointer<UInt8>) {
        guard let out else { return }
        let y = rgb2y(Double(pixel[0]), Double(pixel[1]), Double(pixel[2]))
        let value = byte(blend(y, options.alpha * Double(pixel[3]) / 255))
        out[pos] = value; out[pos + 1] = value; out[pos + 2] = value; out[pos + 3] = 255
    }
}

/// Color difference after Y. Kotsarenko and F. Ramos, "Measuring perceived color difference
/// using YIQ NTSC transmission color space in mobile applications" (2010). With `yOnly`, the
/// signed brightness difference; otherwise the squared distance, negated when the second pixel
/// is darker. Operations are in pixelmatch's order so that results match it bit for bit.
@inline(__always)
private func colorDelta(_ p1: UnsafePointer<UInt8>, _ p2: UnsafePointer<UInt8>, yOnly: Bool) -> Double {
    if p1[0] == p2[0] && p1[1] == p2[1] && p1[2] == p2[2] && p1[3] == p2[3] { return 0 }
    var r1 = Double(p1[0]), g1 = Double(p1[1]), b1 = Double(p1[2])
    var r2 = Double(p2[0]), g2 = Double(p2[1]), b2 = Double(p2[2])
    if p1[3] < 255 {
        let alpha = Double(p1[3]) / 255
        r1 = blend(r1, alpha); g1 = blend(g1, alpha); b1 = blend(b1, alpha)
    }
    if p2[3] < 255 {
        let alpha = Double(p2[3]) / 255
        r2 = blend(r2, alpha); g2 = blend(g2, alpha); b2 = blend(b2, alpha)
    }
    let y1 = rgb2y(r1, g1, b1), y2 = rgb2y(r2, g2, b2)
    let y = y1 - y2
    if yOnly { return y }
    let i = rgb2i(r1, g1, b1) - rgb2i(r2, g2, b2)
    let q = rgb2q(r1, g1, b1) - rgb2q(r2, g2, b2)
    let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    return y1 > y2 ? -delta : delta
}

@inline(__always) private func rgb2y(_ r: Double, _ g: Double, _ b: Double) -> Double {
    r * 0.29889531 + g * 0.58662247 + b * 0.11448223
}
@inline(__always) private func rgb2i(_ r: Double, _ g: Double, _ b: Double) -> Double {
    r * 0.59597799 - g * 0.27417610 - b * 0.32180189
}
@inline(__always) private func rgb2q(_ r: Double, _ g: Double, _ b: Double) -> Double {
    r * 0.21147017 - g * 0.52261711 + b * 0.31114694
}

/// Blends a semi-transparent color channel with white.
@inline(__always) private func blend(_ c: Double, _ a: Double) -> Double { 255 + (c - 255) * a }

/// Truncates like pixelmatch's typed-array store; clamps odd `alpha` options instead of trapping.
@inline(__always) private func byte(_ value: Double) -> UInt8 {
    value >= 255 ? 255 : value > 0 ? UInt8(value) : 0
}

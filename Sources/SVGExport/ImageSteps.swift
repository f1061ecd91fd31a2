import Drawing
import LayoutModel

/// A premultiplied RGBA raster, rows from the top, channels 0...1: what the Core Image steps
/// of a bitmap recipe work on (premultiplied, as Core Image works, so a blur fades to clear).
struct Raster: Equatable {
    var width: Int, height: Int
    var pixels: [SIMD4<Float>]

    init(width: Int, height: Int, pixels: [SIMD4<Float>]) {
        self.width = width; self.height = height; self.pixels = pixels
    }
    init(width: Int, height: Int) {
        self.init(width: width, height: height, pixels: Array(repeating: .zero, count: width * height))
    }

    subscript(x: Int, y: Int) -> SIMD4<Float> {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// The pixel at (x, y) with coordinates clamped to the raster.
    func clamped(_ x: Int, _ y: Int) -> SIMD4<Float> { self[min(max(x, 0), width - 1), min(max(y, 0), height - 1)] }

    /// Runs the steps in order (spec "Bitmaps and Core Image": the formulas approximate Core
    /// Image's, in source pixels with the origin at the bottom left).
    func applying(_ steps: [ImageStep]) -> Raster {
        steps.reduce(self) { $0.applying($1) }
    }

    func applying(_ step: ImageStep) -> Raster {
        guard width > 0, height > 0 else { return self }
        switch step {
        case .sepiaTone(let intensity): return sepia(Float(intensity))
        case .gaussianBlur(let radius): return blurred(sigma: radius)
        case .pixellate(let center, let scale): return pixellated(center: center, scale: scale)
        case .crystallize(let center, let radius): return crystallized(center: center, radius: radius)
        case .edges(let intensity): return edges(Float(intensity))
        case .unsharpMask(let radius, let intensity):
            let blur = blurred(sigma: radius), k = Float(intensity)
            return Raster(width: width, height: height, pixels: zip(pixels, blur.pixels).map { p, b in
                let sharp = p + (p - b) * k
                return SIMD4(simd_clamp(sharp.x, 0, p.w), simd_clamp(sharp.y, 0, p.w), simd_clamp(sharp.z, 0, p.w), p.w)
            })
        case .vignette(let intensity, let radius): return vignetted(Float(intensity), Float(radius))
        case .crop(let rect): return cropped(rect)
        }
    }

    /// Core Image's sepia matrix on the straight color, mixed with the original by intensity.
    private func sepia(_ intensity: Float) -> Raster {
        let k = simd_clamp(intensity, 0, 1)
        return Raster(width: width, height: height, pixels: pixels.map { p in
            guard p.w > 0 else { return p }
            let r = p.x / p.w, g = p.y / p.w, b = p.z / p.w
            let s = SIMD3<Float>(min(1, 0.393 * r + 0.769 * g + 0.189 * b), min(1, 0.349 * r + 0.686 * g + 0.168 * b),
                                 min(1, 0.272 * r + 0.534 * g + 0.131 * b))
            let mixed = SIMD3(r, g, b) * (1 - k) + s * k
            return SIMD4(mixed * p.w, p.w)
        })
    }

    /// A Gaussian of standard deviation `sigma` as three box blurs (the usual approximation),
    /// with clear beyond the edges.
    func blurred(sigma: Double) -> Raster {
        guard sigma.isFinite, sigma >= 0.5 else { return self }
        let sigma = min(sigma, Double(max(width, height)))
        // Box widths whose three passes have the Gaussian's variance.
        let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
        var lower = Int(ideal); if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let m = Int(((12 * sigma * sigma - 3 * Double(lower * lower) - 12 * Double(lower) - 9) / Double(-4 * lower - 4)).rounded())
        var out = self
        for pass in 0..<3 {
            let radius = ((pass < m ? lower : upper) - 1) / 2
            out = out.boxBlurred(radius: radius, horizontal: true).boxBlurred(radius: radius, horizontal: false)
        }
        return out
    }

    private func boxBlurred(radius: Int, horizontal: Bool) -> Raster {
        guard radius > 0 else { return self }
        var out = Raster(width: width, height: height)
        let (lines, length) = horizontal ? (height, width) : (width, height)
        let scale = 1 / Float(2 * radius + 1)
        for line in 0..<lines {
            func at(_ i: Int) -> SIMD4<Float> {
                guard i >= 0, i < length else { return .zero }
                return horizontal ? self[i, line] : self[line, i]
            }
            var sum = SIMD4<Float>.zero
            for i in -radius...radius { sum += at(i) }
            for i in 0..<length {
                let value = sum * scale
                if horizontal { out[i, line] = value } else { out[line, i] = value }
                sum += at(i + radius + 1) - at(i - radius)
            }
        }
        return out
    }

    /// Square cells of side `scale` on a grid through `center`, each the average of its pixels.
    private func pixellated(center: Point, scale: Double) -> Raster {
        let side = max(1, scale)
        let cx = center.x, cy = Double(height) - center.y
        func cell(_ v: Int, _ c: Double) -> Int { pixelIndex((Double(v) + 0.5 - c) / side + 0.5) }
        var sums: [SIMD2<Int>: (SIMD4<Float>, Float)] = [:]
        for y in 0..<height { for x in 0..<width {
            let key = SIMD2(cell(x, cx), cell(y, cy))
            let (sum, n) = sums[key] ?? (.zero, 0)
            sums[key] = (sum + self[x, y], n + 1)
        } }
        var out = Raster(width: width, height: height)
        for y in 0..<height { for x in 0..<width {
            let (sum, n) = sums[SIMD2(cell(x, cx), cell(y, cy))]!
            out[x, y] = sum / n
        } }
        return out
    }

    /// Voronoi cells around points jittered (deterministically) on a grid of `radius` spacing
    /// through `center`; each pixel takes the color at its nearest point.
    private func crystallized(center: Point, radius: Double) -> Raster {
        let side = max(1, radius)
        let cx = center.x, cy = Double(height) - center.y
        func seed(_ i: Int, _ j: Int) -> (Double, Double) {
            var h = UInt64(bitPattern: Int64(i)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: Int64(j)) &* 0xC2B2_AE3D_27D4_EB4F
            h ^= h >> 29; h = h &* 0xBF58_476D_1CE4_E5B9; h ^= h >> 32
            let jx = Double(h & 0xFFFF) / 65535, jy = Double((h >> 16) & 0xFFFF) / 65535
            return (cx + (Double(i) + jx) * side, cy + (Double(j) + jy) * side)
        }
        var out = Raster(width: width, height: height)
        for y in 0..<height { for x in 0..<width {
            let px = Double(x) + 0.5, py = Double(y) + 0.5
            let gi = pixelIndex((px - cx) / side), gj = pixelIndex((py - cy) / side)
            var best = (d: Double.infinity, x: 0.0, y: 0.0)
            for j in gj - 1...gj + 1 { for i in gi - 1...gi + 1 {
                let (sx, sy) = seed(i, j)
                let d = (sx - px) * (sx - px) + (sy - py) * (sy - py)
                if d < best.d { best = (d, sx, sy) }
            } }
            out[x, y] = clamped(pixelIndex(best.x), pixelIndex(best.y))
        } }
        return out
    }

    /// The Sobel gradient magnitude of each channel times `intensity`, on opaque black.
    private func edges(_ intensity: Float) -> Raster {
        var out = Raster(width: width, height: height)
        for y in 0..<height { for x in 0..<width {
            func p(_ dx: Int, _ dy: Int) -> SIMD4<Float> { clamped(x + dx, y + dy) }
            let gx = (p(1, -1) + 2 * p(1, 0) + p(1, 1)) - (p(-1, -1) + 2 * p(-1, 0) + p(-1, 1))
            let gy = (p(-1, 1) + 2 * p(0, 1) + p(1, 1)) - (p(-1, -1) + 2 * p(0, -1) + p(1, -1))
            let m = (gx * gx + gy * gy).squareRoot() * intensity
            out[x, y] = SIMD4(min(1, m.x), min(1, m.y), min(1, m.z), 1)
        } }
        return out
    }

    /// Darkens toward the corners, roughly as CIVignette: at distance d from the center (1 at a
    /// corner) the color is scaled by 1 − intensity · (d / radius)² / 2, so intensity 1 and
    /// radius 1 halve the corners and intensity 0 changes nothing.
    private func vignetted(_ intensity: Float, _ radius: Float) -> Raster {
        let half = SIMD2<Float>(Float(width), Float(height)) / 2
        let corner = (half * half).sum().squareRoot()
        let r = max(0.01, radius)
        var out = self
        for y in 0..<height { for x in 0..<width {
            let v = SIMD2<Float>(Float(x) + 0.5, Float(y) + 0.5) - half
            let d = (v * v).sum().squareRoot() / corner / r
            let fade = simd_clamp(1 - intensity * d * d / 2, 0, 1)
            let p = self[x, y]
            out[x, y] = SIMD4(p.x * fade, p.y * fade, p.z * fade, p.w)
        } }
        return out
    }

    /// The `render` extent, in Core Image coordinates (y up); outside the source is clear.
    private func cropped(_ rect: Rect) -> Raster {
        guard rect.width < 65_535.5, rect.height < 65_535.5 else { return Raster(width: 0, height: 0) }
        let w = Int(max(0, rect.width.rounded())), h = Int(max(0, rect.height.rounded()))
        guard w > 0, h > 0, w * h <= 16_777_216 else { return Raster(width: 0, height: 0) }
        let left = pixelIndex(rect.x), top = height - pixelIndex((rect.y + rect.height).rounded())
        var out = Raster(width: w, height: h)
        for y in 0..<h { for x in 0..<w {
            let sx = left + x, sy = top + y
            if sx >= 0, sx < width, sy >= 0, sy < height { out[x, y] = self[sx, sy] }
        } }
        return out
    }
}

private func simd_clamp(_ v: Float, _ lo: Float, _ hi: Float) -> Float { v.isNaN ? lo : min(max(v, lo), hi) }

/// `v` rounded down to a whole pixel, kept within ±10⁹ so that no stream value (a center at
/// 1e308, an extent past Double's range) can trap the conversion; far-off pixels stay far off.
func pixelIndex(_ v: Double) -> Int {
    v.isNaN ? 0 : Int(max(-1e9, min(v.rounded(.down), 1e9)))
}

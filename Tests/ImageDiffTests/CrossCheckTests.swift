import ImageDiff
import Testing

/// Our pixelmatch against the reference. The expected numbers were produced by
/// `python3 scripts/pixelmatch-crosscheck.py` with the PyPI `pixelmatch` 0.4.0 package
/// (a port of mapbox/pixelmatch 5), which builds the very same images with the same
/// integer-only generator as below and prints the counts and the CRC-32 of the diff image.
@Suite struct CrossCheckTests {
    static let thresholds = [0.05, 0.1, 0.2]

    /// Counts for thresholds 0.05, 0.1, 0.2, each with includeAA false then true; CRC-32 of the
    /// diff image with default options.
    static let expected: [String: (counts: [Int], diffCRC: UInt32)] = [
        "disc": ([15, 78, 15, 62, 15, 33], 0x4e5f_b1b0),
        "text": ([28, 43, 26, 40, 23, 36], 0x136d_72c7),
        "noise": ([53, 53, 48, 48, 33, 33], 0x0913_3189),
    ]

    @Test(arguments: ["disc", "text", "noise"])
    func countsMatchReferencePixelmatch(name: String) throws {
        let (a, b) = Self.scene(name)
        let reference = try #require(Self.expected[name])
        var counts: [Int] = []
        for threshold in Self.thresholds {
            for includeAA in [false, true] {
                counts.append(pixelmatch(a, b, options: DiffOptions(threshold: threshold, includeAA: includeAA)))
            }
        }
        #expect(counts == reference.counts)
        var output: [UInt8]? = []
        _ = pixelmatch(a, b, output: &output)
        #expect(crc32(try #require(output)) == reference.diffCRC)
    }

    // MARK: - The generator, line for line as in scripts/pixelmatch-crosscheck.py

    static func scene(_ name: String) -> (RGBAImage, RGBAImage) {
        switch name {
        case "disc": discScene()
        case "text": textScene()
        default: noiseScene()
        }
    }

    static func isqrt(_ n: Int) -> Int {
        var r = Int(Double(n).squareRoot())
        while r * r > n { r -= 1 }
        while (r + 1) * (r + 1) <= n { r += 1 }
        return r
    }

    /// Anti-aliased disc; center and radius in 1/16 pixel, coverage ramps over one pixel.
    static func disc(_ img: inout [UInt8], _ w: Int, _ h: Int, _ cx: Int, _ cy: Int, _ r: Int, _ fg: [Int]) {
        for y in 0..<h {
            for x in 0..<w {
                let dx = x * 16 + 8 - cx, dy = y * 16 + 8 - cy
                let d = isqrt(dx * dx + dy * dy)
                let coverage = min(r + 8 > d ? (r + 8 - d) * 255 / 16 : 0, 255)
                if coverage == 0 { continue }
                let p = (y * w + x) * 4
                for c in 0..<3 {
                    img[p + c] = UInt8((fg[c] * coverage + Int(img[p + c]) * (255 - coverage) + 127) / 255)
                }
            }
        }
    }

    static func rect(_ img: inout [UInt8], _ w: Int, _ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ color: [UInt8]) {
        for y in y0..<y1 { for x in x0..<x1 { img.replaceSubrange((y * w + x) * 4..<(y * w + x) * 4 + 4, with: color) } }
    }

    static func discScene() -> (RGBAImage, RGBAImage) {
        let (w, h) = (48, 40)
        var a = solid(w, h, [242, 242, 247, 255]).pixels, b = a
        disc(&a, w, h, 20 * 16 + 5, 18 * 16 + 3, 11 * 16, [30, 120, 250])
        disc(&b, w, h, 20 * 16 + 11, 18 * 16 + 3, 11 * 16, [30, 120, 250])
        rect(&a, w, 4, 31, 13, 37, [200, 40, 40, 255])
        rect(&b, w, 4, 31, 13, 37, [201, 41, 40, 255])
        rect(&a, w, 36, 2, 44, 9, [20, 20, 20, 255])
        rect(&b, w, 37, 2, 45, 9, [20, 20, 20, 255])
        var rng = SplitMix64(seed: 7)
        for _ in 0..<3 {
            let p = rng.below(w * h) * 4
            b[p] = rng.byte()
        }
        return (RGBAImage(width: w, height: h, pixels: a), RGBAImage(width: w, height: h, pixels: b))
    }

    static func textScene() -> (RGBAImage, RGBAImage) {
        let (w, h) = (40, 32)
        var rng = SplitMix64(seed: 42)
        var a = solid(w, h, [255, 255, 255, 255]).pixels
        for y in 8..<20 {
            for x in 5..<35 where rng.below(4) == 0 {
                let v = rng.byte()
                a.replaceSubrange((y * w + x) * 4..<(y * w + x) * 4 + 3, with: [v, v, v])
            }
        }
        for y in 24..<32 { for x in 0..<w { a[(y * w + x) * 4 + 3] = rng.byte() } }
        var b = a
        for i in 0..<w * h where rng.below(20) == 0 {
            let p = i * 4 + rng.below(4)
            b[p] = UInt8((Int(b[p]) + 30 + rng.below(60)) % 256)
        }
        return (RGBAImage(width: w, height: h, pixels: a), RGBAImage(width: w, height: h, pixels: b))
    }

    static func noiseScene() -> (RGBAImage, RGBAImage) {
        let (w, h) = (24, 24)
        var rng = SplitMix64(seed: 2024)
        let a = (0..<w * h * 4).map { _ in rng.byte() }
        var b = a
        for i in 0..<w * h where rng.below(10) == 0 {
            for c in 0..<4 { b[i * 4 + c] = rng.byte() }
        }
        return (RGBAImage(width: w, height: h, pixels: a), RGBAImage(width: w, height: h, pixels: b))
    }
}

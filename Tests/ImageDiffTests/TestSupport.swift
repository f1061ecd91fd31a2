import ImageDiff

/// SplitMix64: a tiny deterministic generator, easy to port to Python exactly.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func byte() -> UInt8 { UInt8(below(256)) }
}

/// CRC-32 (PNG, zlib), written out here so the tests do not lean on the code under test.
func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

func bigEndian(_ value: Int) -> [UInt8] {
    [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
}

func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    return bigEndian(data.count) + body + bigEndian(Int(crc32(body)))
}

/// A zlib stream of stored (uncompressed) deflate blocks: valid input for any inflater,
/// and needs no compressor in the tests.
func zlibStored(_ data: [UInt8], blockSize: Int = 40) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var start = 0
    repeat {
        let end = min(start + blockSize, data.count)
        let length = end - start
        out.append(end == data.count ? 1 : 0)
        out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8 & 0xFF)]
        out += data[start..<end]
        start = end
    } while start < data.count
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
    return out + bigEndian(Int(b << 16 | a))
}

let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

/// Builds PNG files of any color type, bit depth, filter and interlacing from per-pixel
/// samples, independently of the decoder, and says which RGBA pixels they must decode to.
struct PNGBuilder {
    var width: Int
    var height: Int
    var bitDepth: Int
    var colorType: Int
    var interlaced = false
    var palette: [UInt8] = []
    var transparency: [UInt8]?
    /// IDAT payloads are cut into chunks this long.
    var idatSize = 37
    /// Filter type of each row (counted over all passes).
    var filter: @Sendable (Int) -> UInt8 = { UInt8($0 % 5) }
    /// Samples of each pixel, row by row, one per channel, in 0..<(1 << bitDepth).
    var samples: [[Int]]

    init(width: Int, height: Int, bitDepth: Int, colorType: Int, seed: UInt64 = 1) {
        self.width = width; self.height = height; self.bitDepth = bitDepth; self.colorType = colorType
        var rng = SplitMix64(seed: seed)
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 4
        let limit = colorType == 3 ? min(1 << bitDepth, 6) : 1 << bitDepth
        samples = (0..<width * height).map { _ in (0..<channels).map { _ in rng.below(limit) } }
        if colorType == 3 { palette = (0..<18).map { _ in rng.byte() } }
    }

    var channels: Int { samples.first?.count ?? 1 }

    func build() -> [UInt8] {
        let ihdr = bigEndian(width) + bigEndian(height) + [UInt8(bitDepth), UInt8(colorType), 0, 0, interlaced ? 1 : 0]
        var png = pngSignature + chunk("IHDR", ihdr)
        if !palette.isEmpty { png += chunk("PLTE", palette) }
        if let transparency { png += chunk("tRNS", transparency) }
        png += chunk("tEXt", Array("Comment\u{0}ignored".utf8))
        let stream = zlibStored(filteredRows())
        var start = 0
        while start < stream.count {
            let end = min(start + idatSize, stream.count)
            png += chunk("IDAT", Array(stream[start..<end]))
            start = end
        }
        return png + chunk("IEND", [])
    }

    private func filteredRows() -> [UInt8] {
        let passes: [(Int, Int, Int, Int)] = interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        let bpp = max(1, channels * bitDepth / 8)
        var out: [UInt8] = []
        var rowNumber = 0
        for (x0, y0, dx, dy) in passes {
            let xs = Array(stride(from: x0, to: width, by: dx)), ys = Array(stride(from: y0, to: height, by: dy))
            if xs.isEmpty || ys.isEmpty { continue }
            var previous = [UInt8](repeating: 0, count: packRow(xs, ys[0]).count)
            for y in ys {
                let row = packRow(xs, y)
                let type = filter(rowNumber)
                rowNumber += 1
                out.append(type)
                for i in row.indices {
                    let left = i >= bpp ? Int(row[i - bpp]) : 0, up = Int(previous[i])
                    let upLeft = i >= bpp ? Int(previous[i - bpp]) : 0
                    let predictor: Int
                    switch type {
                    case 0: predictor = 0
                    case 1: predictor = left
                    case 2: predictor = up
                    case 3: predictor = (left + up) / 2
                    default:
                        let p = left + up - upLeft
                        let (pa, pb, pc) = (abs(p - left), abs(p - up), abs(p - upLeft))
                        predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft
                    }
                    out.append(UInt8((Int(row[i]) - predictor) & 0xFF))
                }
                previous = row
            }
        }
        return out
    }

    private func packRow(_ xs: [Int], _ y: Int) -> [UInt8] {
        let values = xs.flatMap { samples[y * width + $0] }
        switch bitDepth {
        case 16: return values.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case 8: return values.map { UInt8($0) }
        default:
            var row = [UInt8](repeating: 0, count: (values.count * bitDepth + 7) / 8)
            for (i, value) in values.enumerated() {
                let bit = i * bitDepth
                row[bit / 8] |= UInt8(value << (8 - bitDepth - bit % 8))
            }
            return row
        }
    }

    /// The RGBA pixels the file must decode to.
    var expectedRGBA: [UInt8] {
        let maxValue = (1 << bitDepth) - 1
        func to8(_ v: Int) -> UInt8 { UInt8(bitDepth == 16 ? v >> 8 : v * 255 / maxValue) }
        func key(_ i: Int) -> Int? {
            guard let t = transparency, t.count >= 2 * i + 2 else { return nil }
            return Int(t[2 * i]) << 8 | Int(t[2 * i + 1])
        }
        return samples.flatMap { s -> [UInt8] in
            switch colorType {
            case 0: return [to8(s[0]), to8(s[0]), to8(s[0]), s[0] == key(0) ? 0 : 255]
            case 2:
                let transparent = s[0] == key(0) && s[1] == key(1) && s[2] == key(2)
                return [to8(s[0]), to8(s[1]), to8(s[2]), transparent ? 0 : 255]
            case 3:
                let alpha = transparency.flatMap { s[0] < $0.count ? $0[s[0]] : nil } ?? 255
                return Array(palette[s[0] * 3..<s[0] * 3 + 3]) + [alpha]
            case 4: return [to8(s[0]), to8(s[0]), to8(s[0]), to8(s[1])]
            default: return s.map(to8)
            }
        }
    }
}

/// A w x h image filled with one color.
func solid(_ width: Int, _ height: Int, _ color: [UInt8]) -> RGBAImage {
    RGBAImage(width: width, height: height, pixels: Array((0..<width * height).map { _ in color }.joined()))
}

extension RGBAImage {
    func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(pixels[(y * width + x) * 4..<(y * width + x) * 4 + 4]) }
    mutating func set(_ x: Int, _ y: Int, _ color: [UInt8]) {
        pixels.replaceSubrange((y * width + x) * 4..<(y * width + x) * 4 + 4, with: color)
    }
}

/// Pixels as Cairo's ARGB32 image surfaces hold them: one native-endian 32-bit word per pixel,
/// alpha in the high byte, red, green and blue premultiplied by alpha, rows top to bottom.
/// A render stays in this form: an opaque screen is encoded (`PNGEncoder.encode(_:)`) or
/// checked against its golden (`ImageComparison.png(_:hasPixels:)`) straight from it, and only
/// a diff or a transparent PNG pays for converting every pixel to straight RGBA.
public struct PremultipliedImage: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var words: [UInt32]

    public init(width: Int, height: Int, words: [UInt32]) {
        precondition(words.count == width * height, "pixel buffer does not match the size")
        self.width = width; self.height = height; self.words = words
    }

    /// From straight RGBA bytes: exact for opaque and fully transparent pixels; the others
    /// round to the nearest premultiplied value, as Cairo stores them.
    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(rgba.count == width * height * 4, "pixel buffer does not match the size")
        let words = (0..<width * height).map { i -> UInt32 in
            let a = UInt32(rgba[i * 4 + 3])
            let channels = (0..<3).map { (UInt32(rgba[i * 4 + $0]) * a + 127) / 255 }
            return a << 24 | channels[0] << 16 | channels[1] << 8 | channels[2]
        }
        self.init(width: width, height: height, words: words)
    }

    /// Whether every pixel has alpha 255 (then premultiplied and straight values agree): the
    /// alphas of all words ANDed, eight words at a time.
    public var isOpaque: Bool {
        words.withUnsafeBufferPointer { words in
            guard let base = words.baseAddress else { return true }
            let raw = UnsafeRawPointer(base)
            var all: UInt64 = .max
            var i = 0
            while i + 8 <= words.count {
                all &= raw.loadUnaligned(fromByteOffset: i * 4, as: UInt64.self) & raw.loadUnaligned(fromByteOffset: i * 4 + 8, as: UInt64.self)
                    & raw.loadUnaligned(fromByteOffset: i * 4 + 16, as: UInt64.self) & raw.loadUnaligned(fromByteOffset: i * 4 + 24, as: UInt64.self)
                i += 8
            }
            while i < words.count { all &= UInt64(words[i]) | 0xFFFF_FFFF_0000_0000; i += 1 }
            let alphas: UInt64 = 0xFF00_0000_FF00_0000
            return all & alphas == alphas
        }
    }

    /// The pixel at column `x`, row `y`, straight.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let straight = Self.straight(words[y * width + x])
        return (UInt8(straight & 0xFF), UInt8(straight >> 8 & 0xFF), UInt8(straight >> 16 & 0xFF), UInt8(straight >> 24))
    }

    /// Straight RGBA bytes, width x height x 4.
    public func straightRGBA() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, count in
            count = width * height * 4
            guard let base = out.baseAddress else { return }
            words.withUnsafeBufferPointer { Self.straightRow($0.baseAddress!, count: $0.count, into: UnsafeMutableRawPointer(base)) }
        }
    }

    /// One pixel as straight RGBA in a little-endian word (r in the low byte). Rounds to nearest
    /// when dividing out alpha.
    @inline(__always)
    static func straight(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        var r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
        if a != 0xFF && a != 0 {
            r = (r * 255 + a / 2) / a
            g = (g * 255 + a / 2) / a
            b = (b * 255 + a / 2) / a
        }
        return r | g << 8 | b << 16 | a << 24
    }

    /// A word's red, green and blue as the little-endian word of the bytes r, g, b, 0
    /// (0xAARRGGBB byte-swapped and shifted): its straight RGB when it is opaque.
    @inline(__always)
    static func rgbWord(_ p: UInt32) -> UInt32 { (p.byteSwapped >> 8).littleEndian }

    /// The RGB bytes of the four pixels from `x`, twelve bytes as a PNG row of an opaque image
    /// stores them, in three little-endian words.
    @inline(__always)
    static func packedRGB(_ words: UnsafePointer<UInt32>, at x: Int) -> (UInt32, UInt32, UInt32) {
        packedRGB(SIMD4(words[x], words[x + 1], words[x + 2], words[x + 3]))
    }

    /// The RGB bytes of four words, as `packedRGB(_:at:)` gives them.
    @inline(__always)
    static func packedRGB(_ words: SIMD4<UInt32>) -> (UInt32, UInt32, UInt32) {
        let t0 = rgbWord(words[0]), t1 = rgbWord(words[1]), t2 = rgbWord(words[2]), t3 = rgbWord(words[3])
        return (t0 | t1 << 24, t1 >> 8 | t2 << 16, t2 >> 16 | t3 << 8)
    }

    /// Whether `count` words are all opaque with exactly the red, green and blue bytes at
    /// `rgb` (3 bytes a pixel, as a PNG row of an opaque image stores them). Four pixels at a
    /// time: their twelve bytes are three 32-bit words on both sides.
    static func row(_ words: UnsafePointer<UInt32>, count: Int, equalsRGB rgb: UnsafeRawPointer) -> Bool {
        var alphas: UInt32 = 0xFF00_0000
        var difference: UInt32 = 0
        var x = 0
        #if _endian(little)
        while x + 4 <= count {
            alphas &= words[x] & words[x + 1] & words[x + 2] & words[x + 3]
            let (c0, c1, c2) = packedRGB(words, at: x)
            let g0 = rgb.loadUnaligned(fromByteOffset: x * 3, as: UInt32.self)
            let g1 = rgb.loadUnaligned(fromByteOffset: x * 3 + 4, as: UInt32.self)
            let g2 = rgb.loadUnaligned(fromByteOffset: x * 3 + 8, as: UInt32.self)
            difference |= (c0 ^ g0) | (c1 ^ g1) | (c2 ^ g2)
            x += 4
        }
        #endif
        let bytes = rgb.assumingMemoryBound(to: UInt8.self)
        while x < count {
            let p = words[x]
            alphas &= p
            difference |= ((p >> 16 & 0xFF) ^ UInt32(bytes[x * 3])) | ((p >> 8 & 0xFF) ^ UInt32(bytes[x * 3 + 1]))
                | ((p & 0xFF) ^ UInt32(bytes[x * 3 + 2]))
            x += 1
        }
        return alphas == 0xFF00_0000 && difference == 0
    }

    /// Converts `count` words to straight RGBA bytes at `out`.
    static func straightRow(_ words: UnsafePointer<UInt32>, count: Int, into out: UnsafeMutableRawPointer) {
        var x = 0
        #if _endian(little)
        // Two opaque pixels at a time (nearly all of a screen). In memory each is b, g, r, a;
        // swapping b and r is all it takes.
        let alphas: UInt64 = 0xFF00_0000_FF00_0000
        while x + 2 <= count {
            let pair = UnsafeRawPointer(words + x).loadUnaligned(as: UInt64.self)
            if pair & alphas == alphas {
                let rgba = pair & 0xFF00_FF00_FF00_FF00 | pair >> 16 & 0x0000_00FF_0000_00FF
                    | pair << 16 & 0x00FF_0000_00FF_0000
                out.storeBytes(of: rgba, toByteOffset: x * 4, as: UInt64.self)
            } else {
                out.storeBytes(of: straight(words[x]).littleEndian, toByteOffset: x * 4, as: UInt32.self)
                out.storeBytes(of: straight(words[x + 1]).littleEndian, toByteOffset: x * 4 + 4, as: UInt32.self)
            }
            x += 2
        }
        #endif
        while x < count {
            out.storeBytes(of: straight(words[x]).littleEndian, toByteOffset: x * 4, as: UInt32.self)
            x += 1
        }
    }
}

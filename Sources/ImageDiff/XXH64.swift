/// XXH64 (Yann Collet's xxHash, 64-bit, seed 0; github.com/Cyan4973/xxHash, doc/xxhash_spec.md):
/// a non-cryptographic hash that reads 32 bytes a step, fast enough to hash a 3x screen
/// (12 MB) in about a millisecond. Its values are the reference implementation's, checked
/// against its published ones in PixelStampTests.
enum XXH64 {
    private static let p1: UInt64 = 0x9E37_79B1_85EB_CA87, p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let p3: UInt64 = 0x1656_67B1_9E37_79F9, p4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let p5: UInt64 = 0x27D4_EB2F_1656_67C5

    @inline(__always) private static func rotl(_ x: UInt64, _ r: UInt64) -> UInt64 { x << r | x >> (64 - r) }

    @inline(__always) private static func round(_ acc: UInt64, _ input: UInt64) -> UInt64 {
        rotl(acc &+ input &* p2, 31) &* p1
    }

    @inline(__always) private static func merge(_ acc: UInt64, _ lane: UInt64) -> UInt64 {
        (acc ^ round(0, lane)) &* p1 &+ p4
    }

    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let n = bytes.count
        guard let p = bytes.baseAddress, n > 0 else { return avalanche(p5) }
        func word(_ i: Int) -> UInt64 { p.loadUnaligned(fromByteOffset: i, as: UInt64.self).littleEndian }
        var i = 0
        var h: UInt64
        if n >= 32 {
            var v1 = p1 &+ p2, v2 = p2, v3: UInt64 = 0, v4 = 0 &- p1
            while i + 32 <= n {
                v1 = round(v1, word(i)); v2 = round(v2, word(i + 8))
                v3 = round(v3, word(i + 16)); v4 = round(v4, word(i + 24))
                i += 32
            }
            h = rotl(v1, 1) &+ rotl(v2, 7) &+ rotl(v3, 12) &+ rotl(v4, 18)
            h = merge(merge(merge(merge(h, v1), v2), v3), v4)
        } else {
            h = p5
        }
        return hashTail(h, p + i, n - i, total: n)
    }

    /// The last 0-31 bytes and the final avalanche.
    private static func hashTail(_ acc: UInt64, _ p: UnsafeRawPointer, _ count: Int, total: Int) -> UInt64 {
        var h = acc &+ UInt64(total)
        var i = 0
        while i + 8 <= count {
            h ^= round(0, p.loadUnaligned(fromByteOffset: i, as: UInt64.self).littleEndian)
            h = rotl(h, 27) &* p1 &+ p4
            i += 8
        }
        if i + 4 <= count {
            h ^= UInt64(p.loadUnaligned(fromByteOffset: i, as: UInt32.self).littleEndian) &* p1
            h = rotl(h, 23) &* p2 &+ p3
            i += 4
        }
        while i < count {
            h ^= UInt64(p.load(fromByteOffset: i, as: UInt8.self)) &* p5
            h = rotl(h, 11) &* p1
            i += 1
        }
        return avalanche(h)
    }

    private static func avalanche(_ acc: UInt64) -> UInt64 {
        var h = acc
        h ^= h >> 33; h = h &* p2
        h ^= h >> 29; h = h &* p3
        return h ^ h >> 32
    }
}

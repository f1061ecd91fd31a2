import CDeflate
import Testing
@testable import ImageDiff

extension RunLengthDeflate {
    /// The tokens of `count` bytes handed over at once.
    static func tokenize(_ bytes: UnsafePointer<UInt8>, count: Int) -> [UInt32] {
        var tokenizer = Tokenizer(capacity: count)
        tokenizer.add(bytes, count: count)
        return tokenizer.finish()
    }

    /// `compress(tokens:last:)` of `count` bytes.
    static func compress(_ bytes: UnsafePointer<UInt8>, count: Int, last: Bool) -> [UInt8] {
        compress(tokens: tokenize(bytes, count: count), last: last)
    }
}

/// `RunLengthDeflate` writes valid DEFLATE data (zlib inflates it back) for any bytes, and
/// pieces join into one stream.
@Suite struct RunLengthDeflateTests {
    /// `pieces` deflated one after the other into one raw stream, inflated by zlib.
    static func roundTrip(_ pieces: [[UInt8]]) -> [UInt8]? {
        var stream: [UInt8] = []
        for (i, piece) in pieces.enumerated() {
            stream += piece.withUnsafeBufferPointer { buffer in
                RunLengthDeflate.compress(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: piece.count, last: i == pieces.count - 1)
            }
        }
        let total = pieces.reduce(0) { $0 + $1.count }
        var out = [UInt8](repeating: 0, count: total + 1)
        var z = z_stream()
        guard inflateInit2_(&z, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&z) }
        let status = stream.withUnsafeMutableBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                z.next_in = input.baseAddress
                z.avail_in = UInt32(input.count)
                z.next_out = output.baseAddress
                z.avail_out = UInt32(output.count)
                return inflate(&z, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END, z.avail_in == 0 else { return nil }
        return Array(out.prefix(Int(z.total_out)))
    }

    static func random(_ count: Int, seed: UInt32, alphabet: UInt32 = 256) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8((state >> 16) % alphabet)
        }
    }

    @Test func runsOfEveryLengthAndLiterals() throws {
        var bytes: [UInt8] = []
        for length in 1...600 { bytes += [UInt8](repeating: UInt8(length % 3 == 0 ? 0 : length % 251), count: length) }
        #expect(Self.roundTrip([bytes]) == bytes)
        #expect(Self.roundTrip([Self.random(100_000, seed: 7)]) == Self.random(100_000, seed: 7))
        #expect(Self.roundTrip([[UInt8](repeating: 0, count: 1_000_003)]) == [UInt8](repeating: 0, count: 1_000_003))
        #expect(Self.roundTrip([[]]) == [])
        #expect(Self.roundTrip([[42]]) == [42])
    }

    @Test func piecesJoinIntoOneStream() throws {
        let pieces = [Self.random(5000, seed: 1, alphabet: 4), [UInt8](repeating: 0, count: 9000), [], Self.random(3, seed: 2)]
        #expect(Self.roundTrip(pieces) == pieces.flatMap { $0 })
    }

    /// Counts that grow like the Fibonacci numbers give Huffman codes far longer than DEFLATE's
    /// 15 bits: the lengths are folded under the limit and still make a complete code.
    /// Bytes handed to the tokenizer in parts (as a large image's rows are, a few at a time)
    /// give the tokens of all of them at once: a run across a cut is one run.
    @Test(arguments: [1, 7, 64, 3_538, 40_000])
    func partsGiveTheTokensOfTheWhole(_ partSize: Int) {
        // Long runs of zeros and of other bytes, cut anywhere, among random literals.
        var bytes: [UInt8] = []
        for i in 0..<60 {
            bytes += Self.random(37 + i * 11, seed: UInt32(i), alphabet: i % 3 == 0 ? 2 : 256)
            bytes += [UInt8](repeating: i % 2 == 0 ? 0 : UInt8(i), count: (i * 997) % 3_000)
        }
        let whole = bytes.withUnsafeBufferPointer { RunLengthDeflate.tokenize($0.baseAddress!, count: $0.count) }
        var tokenizer = RunLengthDeflate.Tokenizer(capacity: bytes.count)
        bytes.withUnsafeBufferPointer { buffer in
            for start in stride(from: 0, to: buffer.count, by: partSize) {
                tokenizer.add(buffer.baseAddress! + start, count: min(partSize, buffer.count - start))
            }
        }
        #expect(tokenizer.finish() == whole)
    }

    @Test func codeLengthsStayUnderTheLimit() throws {
        var counts = [Int](repeating: 0, count: 286)
        var (a, b) = (1, 1)
        for symbol in 0..<40 { counts[symbol] = a; (a, b) = (b, a + b) }
        let lengths = RunLengthDeflate.codeLengths(counts, limit: 15)
        #expect(lengths.max() == 15)
        #expect(lengths[0..<40].allSatisfy { $0 > 0 } && lengths[40...].allSatisfy { $0 == 0 })
        let kraft = lengths.filter { $0 > 0 }.reduce(0.0) { $0 + 1 / Double(1 << $1) }
        #expect(kraft == 1)
        var bytes: [UInt8] = []
        for symbol in 0..<27 { bytes += [UInt8](repeating: UInt8(symbol * 9 + 1), count: counts[symbol] % 50 + 1).flatMap { [$0, 0] } }
        #expect(Self.roundTrip([bytes]) == bytes)
    }

    @Test func theSameBytesGiveTheSameStream() {
        let bytes = Self.random(20_000, seed: 3, alphabet: 5)
        let once = bytes.withUnsafeBufferPointer { RunLengthDeflate.compress($0.baseAddress!, count: bytes.count, last: true) }
        let again = bytes.withUnsafeBufferPointer { RunLengthDeflate.compress($0.baseAddress!, count: bytes.count, last: true) }
        #expect(once == again)
    }
}

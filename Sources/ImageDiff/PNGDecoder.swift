internal import CDeflate

/// A PNG reader for reference screenshots, which may come from any tool (simulators, libpng,
/// browsers, image editors): every standard color type and bit depth, Adam7 interlacing,
/// any number of IDAT chunks. Everything is converted to 8-bit straight RGBA; 16-bit samples
/// keep their high byte. Ancillary chunks (gamma, color profiles, text) are ignored, so pixels
/// are compared as stored.
///
/// Malformed input throws `PNGDecoder.Error`; it never traps. A header that claims more pixels
/// than the compressed data could possibly hold is rejected before any large allocation.
public enum PNGDecoder {
    public enum Error: Swift.Error, CustomStringConvertible, Equatable {
        case notPNG
        case truncated
        case unsupported(String)
        case corrupt(String)

        public var description: String {
            switch self {
            case .notPNG: "not a PNG file"
            case .truncated: "truncated PNG"
            case .unsupported(let what): "unsupported PNG: \(what)"
            case .corrupt(let what): "corrupt PNG: \(what)"
            }
        }
    }

    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Decodes a whole PNG file. `verifyCRC` checks every chunk's CRC-32 and the pixel data's
    /// Adler-32; both are skipped by default for speed (Adler-32 alone costs a sixth of the
    /// decoding time of a screenshot), as most fast PNG readers do.
    public static func decode(_ bytes: [UInt8], verifyCRC: Bool = false) throws(PNGDecoder.Error) -> RGBAImage {
        try PNGRowDecoder(bytes, verifyCRC: verifyCRC).decodeImage()
    }

    /// Reads only the signature and IHDR: enough to report a size without decoding.
    public static func size(of bytes: [UInt8]) throws(PNGDecoder.Error) -> PixelSize {
        guard bytes.count >= 8, bytes[0..<8].elementsEqual(signature) else { throw Error.notPNG }
        guard bytes.count >= 33 else { throw Error.truncated }
        guard bytes.readUInt32(at: 8) == 13, bytes.readUInt32(at: 12) == ChunkType.IHDR else {
            throw Error.corrupt("IHDR chunk must come first")
        }
        return try Header(bytes[16..<29]).size
    }

    // MARK: - Chunks

    enum ChunkType {
        static let IHDR: UInt32 = 0x4948_4452
        static let PLTE: UInt32 = 0x504C_5445
        static let IDAT: UInt32 = 0x4944_4154
        static let IEND: UInt32 = 0x4945_4E44
        static let tRNS: UInt32 = 0x7452_4E53
        static let CgBI: UInt32 = 0x4367_4249

        static func name(_ type: UInt32) -> String {
            String(decoding: [24, 16, 8, 0].map { UInt8(type >> $0 & 0xFF) }, as: UTF8.self)
        }
    }

    struct ChunkSummary {
        var header: Header
        var palette: [UInt8] = []
        var transparency: [UInt8]?
        var imageData: [Range<Int>] = []
    }

    static func parseChunks(_ bytes: [UInt8], verifyCRC: Bool) throws(PNGDecoder.Error) -> ChunkSummary {
        guard bytes.count >= 8, bytes[0..<8].elementsEqual(signature) else { throw Error.notPNG }
        var summary: ChunkSummary?
        var position = 8
        // A file that ends cleanly after its last IDAT (no IEND) is accepted: the inflater
        // decides whether the pixel data is complete.
        chunks: while position < bytes.count {
            guard bytes.count - position >= 12 else { throw Error.truncated }
            let length = Int(bytes.readUInt32(at: position))
            let type = bytes.readUInt32(at: position + 4)
            let dataStart = position + 8
            guard length <= Int(Int32.max) else { throw Error.corrupt("chunk length \(length)") }
            guard bytes.count - dataStart >= length + 4 else { throw Error.truncated }
            guard [24, 16, 8, 0].allSatisfy({ isLetter(UInt8(type >> $0 & 0xFF)) }) else {
                throw Error.corrupt("invalid chunk type at offset \(position + 4)")
            }
            if verifyCRC {
                let stored = bytes.readUInt32(at: dataStart + length)
                let computed = bytes.withUnsafeBufferPointer { all in
                    libdeflate_crc32(0, all.baseAddress.map { $0 + position + 4 }, length + 4)
                }
                guard stored == UInt32(computed) else {
                    throw Error.corrupt("CRC mismatch in \(ChunkType.name(type)) chunk")
                }
            }
            let data = dataStart..<(dataStart + length)
            position = data.upperBound + 4

            guard var current = summary else {
                guard type == ChunkType.IHDR else {
                    if type == ChunkType.CgBI { throw Error.unsupported("Apple CgBI (Xcode-optimized) PNG") }
                    throw Error.corrupt("IHDR chunk must come first")
                }
                guard length == 13 else { throw Error.corrupt("IHDR length \(length)") }
                summary = ChunkSummary(header: try Header(bytes[data]))
                continue
            }
            switch type {
            case ChunkType.IDAT:
                current.imageData.append(data)
            case ChunkType.PLTE:
                guard length % 3 == 0, length > 0, length <= 768 else {
                    throw Error.corrupt("PLTE length \(length)")
                }
                current.palette = Array(bytes[data])
            case ChunkType.tRNS:
                current.transparency = Array(bytes[data])
            case ChunkType.IEND:
                summary = current
                break chunks
            case ChunkType.IHDR:
                throw Error.corrupt("second IHDR chunk")
            default:
                // Bit 5 of the first byte clear (an uppercase letter) marks a critical chunk:
                // one a decoder must understand to draw the image correctly.
                if type & 0x2000_0000 == 0 {
                    throw Error.unsupported("critical chunk \(ChunkType.name(type))")
                }
            }
            summary = current
        }
        guard let result = summary else { throw Error.truncated }
        guard !result.imageData.isEmpty else { throw Error.truncated }
        if result.header.colorType == 3, result.palette.isEmpty {
            throw Error.corrupt("palette image without PLTE chunk")
        }
        return result
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    // MARK: - Header

    struct Header {
        var width: Int
        var height: Int
        var bitDepth: Int
        var colorType: Int
        var interlaced: Bool

        init(_ data: ArraySlice<UInt8>) throws(PNGDecoder.Error) {
            let start = data.startIndex
            let bytes = Array(data)
            width = Int(bytes.readUInt32(at: 0))
            height = Int(bytes.readUInt32(at: 4))
            bitDepth = Int(data[start + 8])
            colorType = Int(data[start + 9])
            guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
                throw Error.corrupt("image size \(width)x\(height)")
            }
            let allowedDepths: [Int]
            switch colorType {
            case 0: allowedDepths = [1, 2, 4, 8, 16]
            case 3: allowedDepths = [1, 2, 4, 8]
            case 2, 4, 6: allowedDepths = [8, 16]
            default: throw Error.unsupported("color type \(colorType)")
            }
            guard allowedDepths.contains(bitDepth) else {
                throw Error.unsupported("bit depth \(bitDepth) with color type \(colorType)")
            }
            guard data[start + 10] == 0 else { throw Error.unsupported("compression method \(data[start + 10])") }
            guard data[start + 11] == 0 else { throw Error.unsupported("filter method \(data[start + 11])") }
            switch data[start + 12] {
            case 0: interlaced = false
            case 1: interlaced = true
            case let method: throw Error.unsupported("interlace method \(method)")
            }
            // 4 GiB of RGBA: far beyond any screen, and it keeps every size below in range.
            guard width * height <= 1 << 30 else { throw Error.unsupported("image size \(width)x\(height)") }
        }

        var size: PixelSize { PixelSize(width: width, height: height) }
        var channels: Int {
            switch colorType {
            case 2: 3
            case 4: 2
            case 6: 4
            default: 1 // gray, palette
            }
        }
        var bitsPerPixel: Int { channels * bitDepth }
        /// The byte distance the filters look back ("bpp" in the PNG spec).
        var filterDistance: Int { max(1, bitsPerPixel / 8) }
        func rowBytes(_ pixelsWide: Int) -> Int { (pixelsWide * bitsPerPixel + 7) / 8 }

        /// Sub-images in decoding order: the whole image, or the seven Adam7 passes.
        var passes: [Pass] {
            guard interlaced else { return [Pass(x0: 0, y0: 0, dx: 1, dy: 1, width: width, height: height)] }
            let adam7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            return adam7.map { x0, y0, dx, dy in
                Pass(x0: x0, y0: y0, dx: dx, dy: dy,
                     width: width > x0 ? (width - x0 + dx - 1) / dx : 0,
                     height: height > y0 ? (height - y0 + dy - 1) / dy : 0)
            }
        }

        /// Size of the inflated stream: every row of every non-empty pass, plus its filter byte.
        var filteredDataSize: Int {
            passes.reduce(0) { total, pass in pass.isEmpty ? total : total + pass.height * (1 + rowBytes(pass.width)) }
        }
    }

    struct Pass {
        var x0, y0, dx, dy, width, height: Int
        var isEmpty: Bool { width == 0 || height == 0 }
    }

}

extension Array where Element == UInt8 {
    /// Big-endian; the caller has checked that 4 bytes are there.
    func readUInt32(at offset: Int) -> UInt32 {
        UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8 | UInt32(self[offset + 3])
    }
}

internal import CCairo

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

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Decodes a whole PNG file. `verifyCRC` checks every chunk's checksum; it is off by default
    /// because zlib's own Adler-32 already guards the pixel data.
    public static func decode(_ bytes: [UInt8], verifyCRC: Bool = false) throws -> RGBAImage {
        let file = try parseChunks(bytes, verifyCRC: verifyCRC)
        let header = file.header
        let rawSize = try header.filteredDataSize()
        var raw = try bytes.withUnsafeBufferPointer { all in
            if file.imageData.count == 1, let range = file.imageData.first {
                return try inflate(UnsafeBufferPointer(rebasing: all[range]), outputSize: rawSize)
            }
            var joined: [UInt8] = []
            joined.reserveCapacity(file.imageData.reduce(0) { $0 + $1.count })
            for range in file.imageData { joined.append(contentsOf: all[range]) }
            return try joined.withUnsafeBufferPointer { try inflate($0, outputSize: rawSize) }
        }
        let reconstructor = Reconstructor(header: header, palette: file.palette, transparency: file.transparency)
        let pixels = try raw.withUnsafeMutableBufferPointer { rawBuffer in
            try [UInt8](unsafeUninitializedCapacity: header.width * header.height * 4) { out, count in
                count = out.count
                guard let outBase = out.baseAddress, let rawBase = rawBuffer.baseAddress else { return }
                try reconstructor.run(raw: rawBase, into: outBase)
            }
        }
        return RGBAImage(width: header.width, height: header.height, pixels: pixels)
    }

    /// Reads only the signature and IHDR: enough to report a size without decoding.
    public static func size(of bytes: [UInt8]) throws -> PixelSize {
        guard bytes.count >= 8, bytes[0..<8].elementsEqual(signature) else { throw Error.notPNG }
        guard bytes.count >= 33 else { throw Error.truncated }
        guard bytes.readUInt32(at: 8) == 13, bytes.readUInt32(at: 12) == ChunkType.IHDR else {
            throw Error.corrupt("IHDR chunk must come first")
        }
        let header = try Header(bytes[16..<29])
        return PixelSize(width: header.width, height: header.height)
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

    static func parseChunks(_ bytes: [UInt8], verifyCRC: Bool) throws -> ChunkSummary {
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
                    crc32(0, all.baseAddress.map { $0 + position + 4 }, uInt(length + 4))
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

        init(_ data: ArraySlice<UInt8>) throws {
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

        var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 4 }
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
        func filteredDataSize() throws -> Int {
            let size = passes.reduce(0) { total, pass in
                pass.isEmpty ? total : total + pass.height * (1 + rowBytes(pass.width))
            }
            guard size <= Int(UInt32.max) else { throw Error.unsupported("image size \(width)x\(height)") }
            return size
        }
    }

    struct Pass {
        var x0, y0, dx, dy, width, height: Int
        var isEmpty: Bool { width == 0 || height == 0 }
    }

    // MARK: - Inflate

    /// Inflates the whole zlib stream with one call into a buffer of the exact expected size.
    static func inflate(_ source: UnsafeBufferPointer<UInt8>, outputSize: Int) throws -> [UInt8] {
        // Deflate cannot compress better than about 1032:1, so a header claiming far more pixels
        // than the data can hold is a truncated or forged file; say so before allocating.
        guard outputSize <= source.count * 1032 + 1024 else { throw Error.truncated }
        guard source.count <= Int(UInt32.max) else { throw Error.unsupported("image data over 4 GiB") }
        return try [UInt8](unsafeUninitializedCapacity: outputSize) { out, count in
            count = outputSize
            var stream = z_stream()
            guard inflateInit_(&stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                throw Error.unsupported("zlib could not start")
            }
            defer { inflateEnd(&stream) }
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = uInt(source.count)
            stream.next_out = out.baseAddress
            stream.avail_out = uInt(outputSize)
            let status = CCairo.inflate(&stream, Z_FINISH)
            switch status {
            case Z_STREAM_END:
                guard stream.avail_out == 0 else { throw Error.corrupt("image data ends early") }
            case Z_OK, Z_BUF_ERROR:
                // Output full: any trailing data (or a missing checksum) is ignored, as libpng does.
                guard stream.avail_out == 0 else { throw Error.truncated }
            default:
                throw Error.corrupt("bad compressed image data")
            }
        }
    }
}

extension Array where Element == UInt8 {
    /// Big-endian; the caller has checked that 4 bytes are there.
    func readUInt32(at offset: Int) -> UInt32 {
        UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8 | UInt32(self[offset + 3])
    }
}

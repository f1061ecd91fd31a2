import Foundation
import LayoutModel

/// Image sizes read from file headers, so layout knows a picture's intrinsic size without
/// decoding it (decoding is the backend's job). Raster sizes are in pixels, vector sizes
/// (SVG user units, PDF points) in points.
public enum ImageHeader {
    public enum Format: String, Hashable, Sendable { case png, jpeg, gif, svg, pdf }

    /// The format a file's first bytes name, or nil.
    public static func format(of bytes: [UInt8]) -> Format? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8]) { return .jpeg }
        if bytes.starts(with: Array("GIF8".utf8)) { return .gif }
        if bytes.starts(with: Array("%PDF".utf8)) { return .pdf }
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        return head.contains("<svg") ? .svg : nil
    }

    /// The size of the image in `bytes`, or nil when the header is not one of the formats
    /// or is cut short.
    public static func size(of bytes: [UInt8]) -> Size? {
        switch format(of: bytes) {
        case .png: pngSize(bytes)
        case .jpeg: jpegSize(bytes)
        case .gif: bytes.count >= 10 ? Size(width: Double(le16(bytes, 6)), height: Double(le16(bytes, 8))) : nil
        case .svg: svgSize(String(decoding: bytes, as: UTF8.self))
        case .pdf: pdfSize(String(decoding: bytes.prefix(1 << 20), as: UTF8.self))
        case nil: nil
        }
    }

    private static func be16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    private static func le16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i + 1]) << 8 | Int(b[i]) }

    /// IHDR, the first chunk: width and height as big-endian 32-bit numbers at 16 and 20.
    private static func pngSize(_ b: [UInt8]) -> Size? {
        guard b.count >= 24 else { return nil }
        let w = be16(b, 16) << 16 | be16(b, 18), h = be16(b, 20) << 16 | be16(b, 22)
        return w > 0 && h > 0 ? Size(width: Double(w), height: Double(h)) : nil
    }

    /// The first start-of-frame marker (SOF0...SOF15 but DHT, JPG and DAC) holds the size.
    private static func jpegSize(_ b: [UInt8]) -> Size? {
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            if (0xD0...0xD9).contains(marker) || marker == 0x01 { i += 2; continue }
            let length = be16(b, i + 2)
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                let h = be16(b, i + 5), w = be16(b, i + 7)
                return w > 0 && h > 0 ? Size(width: Double(w), height: Double(h)) : nil
            }
            i += 2 + length
        }
        return nil
    }

    /// The root element's `width` and `height` (a number, px or pt), else its viewBox.
    static func svgSize(_ text: String) -> Size? {
        guard let open = text.range(of: "<svg") else { return nil }
        guard let close = text[open.upperBound...].firstIndex(of: ">") else { return nil }
        let tag = String(text[open.upperBound..<close])
        func attribute(_ name: String) -> String? {
            guard let regex = try? Regex("(?:^|\\s)\(name)\\s*=\\s*[\"']([^\"']*)[\"']"),
                  let match = tag.firstMatch(of: regex) else { return nil }
            return match.output[1].substring.map(String.init)
        }
        func length(_ name: String) -> Double? {
            guard let value = attribute(name), !value.hasSuffix("%") else { return nil }
            let number = value.prefix { $0.isNumber || $0 == "." }
            return Double(number).flatMap { $0 > 0 ? $0 : nil }
        }
        let box = attribute("viewBox")?.split { $0 == " " || $0 == "," }.compactMap { Double($0) }
        let boxSize = box.flatMap { $0.count == 4 && $0[2] > 0 && $0[3] > 0 ? Size(width: $0[2], height: $0[3]) : nil }
        switch (length("width"), length("height")) {
        case (let w?, let h?): return Size(width: w, height: h)
        case (let w?, nil): return boxSize.map { Size(width: w, height: w * $0.height / $0.width) }
        case (nil, let h?): return boxSize.map { Size(width: h * $0.width / $0.height, height: h) }
        case (nil, nil): return boxSize
        }
    }

    /// The first page's MediaBox.
    private static func pdfSize(_ text: String) -> Size? {
        guard let regex = try? Regex(#"/MediaBox\s*\[\s*([-0-9.]+)\s+([-0-9.]+)\s+([-0-9.]+)\s+([-0-9.]+)\s*\]"#),
              let m = text.firstMatch(of: regex) else { return nil }
        let v = (1...4).compactMap { m.output[$0].substring.flatMap { Double($0) } }
        guard v.count == 4, v[2] - v[0] > 0, v[3] - v[1] > 0 else { return nil }
        return Size(width: v[2] - v[0], height: v[3] - v[1])
    }
}

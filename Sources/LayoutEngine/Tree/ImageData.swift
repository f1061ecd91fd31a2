import Drawing
import Foundation

/// The `imagedata` op (spec "Bitmaps and Core Image"): a bitmap source, kept for the rest of
/// the run under its key.
enum ImageDataOp {
    /// The most pixels one source may have (the page's 16-million-pixel cap).
    static let maxPixels = 16_777_216

    static func decode(_ fields: JSON, fail: (String) -> InputError) throws(InputError) -> BitmapSource {
        guard case .object(let f) = fields else { throw fail("expected an object") }
        func string(_ key: String) throws(InputError) -> String? {
            guard let v = f[key], v != .null else { return nil }
            guard case .string(let s) = v else { throw fail("field \(MessageText.quoted(key)) must be a string, got \(v.typeName)") }
            return s
        }
        func dimension(_ key: String) throws(InputError) -> Int {
            guard case .number(let n)? = f[key], n == n.rounded(), n >= 1, n <= 65_535 else {
                throw fail("field \(MessageText.quoted(key)) must be a whole number of pixels from 1 to 65535")
            }
            return Int(n)
        }
        guard let key = try string("key") else { throw fail("missing field \"key\"") }
        let width = try dimension("width"), height = try dimension("height")
        guard width * height <= maxPixels else { throw fail("\(width)x\(height) pixels is more than \(maxPixels)") }
        func bytes(_ field: String) throws(InputError) -> [UInt8] {
            guard let text = try string(field) else { throw fail("missing field \(MessageText.quoted(field))") }
            guard let data = Data(base64Encoded: text) else { throw fail("field \(MessageText.quoted(field)) is not base64") }
            return [UInt8](data)
        }
        if let mime = try string("mime") {
            return BitmapSource(key: key, format: .file(mime: mime), width: width, height: height, bytes: try bytes("data"))
        }
        let format: BitmapSource.Format
        switch try string("format") {
        case "gray": format = .gray
        case "rgba": format = .rgba
        case let other: throw fail("field \"format\" must be \"gray\" or \"rgba\" (or give \"mime\"), got \(MessageText.quoted(other ?? "nothing"))")
        }
        let pixels = try bytes("pixels")
        let expected = width * height * (format == .gray ? 1 : 4)
        guard pixels.count == expected else {
            throw fail("\(width)x\(height) \(format == .gray ? "gray" : "rgba") pixels need \(expected) bytes, got \(pixels.count)")
        }
        return BitmapSource(key: key, format: format, width: width, height: height, bytes: pixels)
    }
}

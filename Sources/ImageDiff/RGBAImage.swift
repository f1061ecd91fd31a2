/// A decoded image: 8-bit straight (non-premultiplied) RGBA, rows top to bottom, no padding.
/// It is the one pixel format the comparison works on, whatever the PNG stored.
public struct RGBAImage: Hashable, Sendable {
    public var width: Int
    public var height: Int
    /// width x height x 4 bytes.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4,
                     "pixel buffer does not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// Encodes the image with `PNGEncoder` (8-bit RGBA).
    public func pngData() throws -> [UInt8] {
        try PNGEncoder.encode(rgba: pixels, width: width, height: height)
    }
}

/// An image's size in pixels; printed as "WxH".
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    public var description: String { "\(width)x\(height)" }
}

/// The memory budget for images: the most pixels one image may have, unless raised with
/// `--max-pixels`. The default, 16,777,216 (4096 x 4096), is Safari's canvas limit on iOS; an
/// RGBA image that size is 64 MB, and rendering or comparing holds a few of them. A 32767 x
/// 32767 canvas would need 10.3 GB and aborts under a memory cap.
public struct PixelLimit: Hashable, Sendable {
    public static let defaultMaxPixels = 16_777_216
    public var maxPixels: Int
    public init(maxPixels: Int = PixelLimit.defaultMaxPixels) { self.maxPixels = maxPixels }

    /// An image of `size` is over the limit.
    public struct Exceeded: Error, CustomStringConvertible, Equatable {
        public var size: PixelSize
        public var maxPixels: Int
        /// "the canvas", "the image".
        public var what: String
        public var description: String {
            "\(what) is \(size) pixels (\(size.width * size.height)); shotter handles at most \(maxPixels) pixels (raise it with --max-pixels N)"
        }
    }

    /// Throws before anything of that size is allocated.
    public func check(_ size: PixelSize, what: String) throws(Exceeded) {
        // Multiplied in Double: PNG headers allow sides up to 2^31 - 1.
        guard Double(size.width) * Double(size.height) <= Double(maxPixels) else {
            throw Exceeded(size: size, maxPixels: maxPixels, what: what)
        }
    }
}

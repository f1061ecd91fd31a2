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

import LayoutModel

/// A bitmap source as the `imagedata` op sends it: an image file's bytes (PNG, JPEG, GIF...)
/// or a small pixel buffer. Equal by `key`, the stream's content hash, so a display list that
/// holds one hashes and compares without touching the bytes.
public struct BitmapSource: Hashable, Sendable {
    public enum Format: Hashable, Sendable {
        /// Encoded file bytes with their media type.
        case file(mime: String)
        /// One byte per pixel, rows from the top.
        case gray
        /// Four bytes per pixel, straight alpha, rows from the top.
        case rgba
    }
    public var key: String
    public var format: Format
    /// Pixels as drawn (EXIF rotation applied).
    public var width: Int, height: Int
    public var bytes: [UInt8]
    public init(key: String, format: Format, width: Int, height: Int, bytes: [UInt8]) {
        self.key = key; self.format = format; self.width = width; self.height = height; self.bytes = bytes
    }
    public static func == (a: BitmapSource, b: BitmapSource) -> Bool { a.key == b.key }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// A Core Image step of a bitmap recipe (spec "Bitmaps and Core Image"). Coordinates and
/// lengths are in source pixels, origin at the bottom left, y up, as Core Image's.
public enum ImageStep: Hashable, Sendable {
    case sepiaTone(intensity: Double)
    case gaussianBlur(radius: Double)
    case pixellate(center: Point, scale: Double)
    case crystallize(center: Point, radius: Double)
    case edges(intensity: Double)
    case unsharpMask(radius: Double, intensity: Double)
    case vignette(intensity: Double, radius: Double)
    /// The recipe's `render` step: the extent to keep.
    case crop(Rect)
}

/// What an image item draws.
public enum ImageContent: Hashable, Sendable {
    /// A file on disk (a catalog image or a resolved remote image): PNG, JPEG, GIF, SVG.
    case file(path: String)
    /// A bitmap recipe: its source and the Core Image steps to run on it, drawn as a
    /// `width` × `height` pixel result.
    case bitmap(BitmapSource, steps: [ImageStep], width: Int, height: Int)
}

/// An image drawn to fill `rect` (fitting is layout's job: `aspectRatio`). `template` draws
/// the image's alpha in that color (catalog symbols); `smooth` false is `interpolation: none`,
/// every source pixel a sharp square.
public struct ImageItem: Hashable, Sendable {
    public var content: ImageContent
    public var rect: Rect
    public var smooth: Bool
    public var template: RGBA?
    public init(content: ImageContent, rect: Rect, smooth: Bool = true, template: RGBA? = nil) {
        self.content = content; self.rect = rect; self.smooth = smooth; self.template = template
    }
}

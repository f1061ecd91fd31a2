import LayoutModel

/// What a screenshot is made of, in screen points, with every color already resolved for the
/// color scheme. Built from a layout pass by `Painter`; executed by SVGExport's Cairo backend.
/// Keeping this list pure lets tests assert colors and geometry without rasterizing, and lets
/// audits (contrast, truncation, tap targets) read what was drawn.

/// Straight (non-premultiplied) sRGB color, components 0...1.
public struct RGBA: Hashable, Sendable, CustomStringConvertible {
    public var r: Double, g: Double, b: Double, a: Double
    public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }
    /// From 0...255 channels, as design tokens are written.
    public init(rgb255 r: Int, _ g: Int, _ b: Int, _ a: Double = 1) {
        let scale = 1.0 / 255
        self.init(Double(r) * scale, Double(g) * scale, Double(b) * scale, a)
    }
    public init(hex: UInt32, alpha: Double = 1) {
        let red = Int((hex >> 16) & 0xFF), green = Int((hex >> 8) & 0xFF), blue = Int(hex & 0xFF)
        self.init(rgb255: red, green, blue, alpha)
    }
    public func withAlpha(_ factor: Double) -> RGBA { RGBA(r, g, b, a * factor) }
    public static let clear = RGBA(0, 0, 0, 0)
    public static let black = RGBA(0, 0, 0)
    public static let white = RGBA(1, 1, 1)
    public static let magenta = RGBA(1, 0, 1)
    public var description: String {
        let c = [r, g, b].map { (channel: Double) -> String in
            let hex = String(Int((max(0, min(channel, 1)) * 255).rounded()), radix: 16, uppercase: true)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
        return a >= 1 ? "#\(c)" : "#\(c)@\(fmt(a))"
    }
}

public struct GradientStop: Hashable, Sendable {
    public var color: RGBA
    public var location: Double
    public init(color: RGBA, location: Double) { self.color = color; self.location = location }
}

/// How an area or a stroke is painted. Gradient geometry is in absolute screen points.
public enum Paint: Hashable, Sendable {
    case solid(RGBA)
    case linearGradient(stops: [GradientStop], start: Point, end: Point)
    case radialGradient(stops: [GradientStop], center: Point, startRadius: Double, endRadius: Double)

    /// A single color standing in for the paint where only one can be used (symbols, text).
    public var solidColor: RGBA {
        switch self {
        case .solid(let c): c
        case .linearGradient(let stops, _, _), .radialGradient(let stops, _, _, _): stops.first?.color ?? .clear
        }
    }
}

/// Outlines the painter fills, strokes or clips with.
public enum ShapeOutline: Hashable, Sendable {
    case rect
    /// Continuous-corner approximations are drawn as circular arcs of this radius.
    case roundedRect(cornerRadius: Double)
    /// Only the top corners rounded (sheet cards).
    case topRoundedRect(cornerRadius: Double)
    case ellipse
    case capsule
    /// A polyline or polygon in absolute points (symbols for the status bar, chevrons).
    case polygon([Point], closed: Bool)
    /// Moves, lines and cubic Béziers in absolute points (chart lines, areas, symbols).
    case path([PathElement])
}

/// One line of text placed on screen: `origin` is the top-left of its line box.
public struct TextRun: Hashable, Sendable {
    public var text: String
    public var font: ResolvedFont
    public var color: RGBA
    public var origin: Point
    public var width: Double
    public init(text: String, font: ResolvedFont, color: RGBA, origin: Point, width: Double) {
        self.text = text; self.font = font; self.color = color; self.origin = origin; self.width = width
    }
}

public enum DisplayItem: Hashable, Sendable {
    case fill(ShapeOutline, Rect, Paint)
    /// The stroke is centered on the outline of `rect`; insetting is done by the builder.
    case stroke(ShapeOutline, Rect, Paint, lineWidth: Double, dash: [Double])
    case text(TextRun)
    /// An icon-set glyph (a lucide file name, without ".svg") drawn into `rect` in `color`;
    /// `mirrored` flips it left to right in its rect (a directional symbol in right-to-left layout).
    case symbol(name: String, rect: Rect, color: RGBA, strokeWidth: Double, mirrored: Bool = false)
    /// A picture: a catalog or remote file, or a bitmap recipe (`Images.swift`).
    case image(ImageItem)
    /// A clip that lasts until the matching `popClip`.
    case pushClip(ShapeOutline, Rect)
    case popClip
    /// A transparency group composited with `opacity` at the matching `popGroup`.
    case pushGroup(opacity: Double)
    case popGroup
    /// Everything up to the matching `popTransform` is drawn scaled by `scale` about `center`
    /// (the presenting tree behind a large sheet).
    case pushTransform(scale: Double, center: Point)
    case popTransform
    // Visual effects (issue 12). Each layer covers `bounds`, the region (in the current user
    // space) its content is drawn in; an effect needs pixels only there.
    /// Everything up to the matching `popTransform` is drawn through `transform`
    /// (`offset`, `rotation`, `scale`, `rotation3D`).
    case pushAffine(AffineTransform)
    /// The content up to `popShadow`, with its shadow drawn under it.
    case pushShadow(Shadow, bounds: Rect)
    case popShadow
    /// The content up to `popBlur`, drawn with a Gaussian blur of standard deviation `sigma` points.
    case pushBlur(sigma: Double, bounds: Rect)
    case popBlur
    /// The content up to `popMask`, combined with `paint` over `bounds` as `mode` says.
    case pushMask(Paint, bounds: Rect, mode: MaskMode)
    case popMask
    /// A material's backdrop: what is painted so far inside the outline, blurred with standard
    /// deviation `sigma` points.
    case backdropBlur(ShapeOutline, Rect, sigma: Double)
}

public struct DisplayList: Hashable, Sendable {
    /// Canvas size in points; the backend multiplies by the output scale.
    public var size: Size
    public var items: [DisplayItem]
    /// For each item, the stream line of the element that drew it (0 for screen chrome such as
    /// the status bar), so a backend failure can be reported at that line. Empty for lists
    /// built by hand.
    public var lines: [Int]
    public init(size: Size, items: [DisplayItem] = [], lines: [Int] = []) {
        self.size = size; self.items = items; self.lines = lines
    }

    /// The stream line behind item `index`, or 0 when unknown.
    public func line(ofItem index: Int) -> Int { lines.indices.contains(index) ? lines[index] : 0 }

    /// Whether an item is a symbol or a picture, which librsvg and gdk-pixbuf draw.
    public var drawsPictures: Bool {
        items.contains { item in
            switch item {
            case .symbol, .image: true
            default: false
            }
        }
    }
}

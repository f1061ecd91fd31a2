import Drawing
import Foundation
import LayoutModel

/// WCAG 2.x contrast: relative luminance of sRGB colors and the ratio (L1 + 0.05) / (L2 + 0.05).
public enum WCAG {
    public static func luminance(_ c: RGBA) -> Double {
        func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b)
    }

    /// From 1 (same luminance) to 21 (black on white); the order of the colors does not matter.
    public static func ratio(_ a: RGBA, _ b: RGBA) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// `top` composited over the opaque `bottom` (source-over, straight alpha).
    public static func over(_ top: RGBA, _ bottom: RGBA) -> RGBA {
        let a = max(0, min(top.a, 1))
        return RGBA(top.r * a + bottom.r * (1 - a), top.g * a + bottom.g * (1 - a), top.b * a + bottom.b * (1 - a))
    }
}

/// Rendered pixels, for what the display list alone cannot say: the colors beneath a text
/// over a gradient, an image or a material. The render pipeline provides them; the Audit
/// module links no rasterizer.
public protocol PixelSampler {
    /// The distinct colors of the pixels painted inside `rect` (screen points) before item
    /// `index` of `list`, opaque (composited over white).
    func colors(of list: DisplayList, before index: Int, in rect: Rect) throws -> [RGBA]
}

/// What is painted beneath a point when a display-list item is drawn: every fill before it
/// whose outline (moved by the transforms around it, inside its clips) holds the point,
/// composited with its transparency groups' opacity, starting from opaque white.
struct Backdrop {
    /// One color for a solid backdrop; one per gradient stop combination beneath a gradient.
    var colors: [RGBA]
    /// A gradient, an image or a material lies beneath: `colors` are only the gradient's stops
    /// (an image and a blur are not in them), so the ratio is measured from rendered pixels
    /// when a `PixelSampler` is given, and the finding is marked for review.
    var review: Bool
    /// The product of the group opacities open around the item itself.
    var opacity: Double
    /// False when a path or polygon (a chart mark, a symbol) lies beneath: what it covers is
    /// not measured.
    var measurable: Bool
}

extension DisplayList {
    /// What a `pushTransform` or `pushAffine` applies to the items up to its `popTransform`.
    static func transform(openedBy item: DisplayItem) -> Drawing.AffineTransform {
        switch item {
        case .pushTransform(let scale, let center): .about(center, .scale(scale, scale))
        case .pushAffine(let affine): affine
        default: .identity
        }
    }

    func backdrop(under point: Point, item index: Int) -> Backdrop {
        var colors = [RGBA.white]
        var review = false, measurable = true
        var groups: [Double] = []
        // Scale effects and affine ones (offset, rotation, 3-D rotation drawn flat) alike: both
        // are closed by `popTransform`. A turned rect is taken as its bounding box.
        var transforms: [Drawing.AffineTransform] = []
        var clips: [(ShapeOutline, Rect)] = []
        func transformed(_ p: Point) -> Point { transforms.reversed().reduce(p) { $1.apply($0) } }
        func transformed(_ r: Rect) -> Rect { transforms.reduce(Drawing.AffineTransform.identity) { $0.after($1) }.boundingBox(of: r) }
        // Where the item lands (the transforms open around it) and the groups it is drawn in.
        for item in items[0...index] {
            switch item {
            case .pushGroup(let opacity): groups.append(opacity)
            case .popGroup: _ = groups.popLast()
            case .pushTransform, .pushAffine: transforms.append(Self.transform(openedBy: item))
            case .popTransform: _ = transforms.popLast()
            default: break
            }
        }
        let target = transformed(point), itemOpacity = groups.reduce(1, *)
        // Second walk: composite the fills beneath the landed point.
        groups = []; transforms = []; clips = []
        for item in items[0..<index] {
            switch item {
            case .pushGroup(let opacity): groups.append(opacity)
            case .popGroup: _ = groups.popLast()
            case .pushTransform, .pushAffine: transforms.append(Self.transform(openedBy: item))
            case .popTransform: _ = transforms.popLast()
            case .pushClip(let outline, let rect): clips.append((outline, transformed(rect)))
            case .popClip: _ = clips.popLast()
            case .fill(let outline, let rect, let paint):
                if case .polygon = outline, holds(transformed(rect), target) { measurable = false }
                if case .path = outline, holds(transformed(rect), target) { measurable = false }
                guard contains(outline, transformed(rect), target),
                      clips.allSatisfy({ contains($0.0, $0.1, target) }) else { continue }
                let opacity = groups.reduce(1, *)
                switch paint {
                case .solid(let color):
                    colors = colors.map { WCAG.over(color.withAlpha(opacity), $0) }
                case .linearGradient(let stops, _, _), .radialGradient(let stops, _, _, _):
                    review = true
                    let stopColors = stops.isEmpty ? [RGBA.clear] : stops.map(\.color)
                    colors = Array(Set(colors.flatMap { bottom in stopColors.map { WCAG.over($0.withAlpha(opacity), bottom) } }))
                        .sorted { ($0.r, $0.g, $0.b) < ($1.r, $1.g, $1.b) }
                }
            case .image(let image):
                if holds(transformed(image.rect), target), clips.allSatisfy({ contains($0.0, $0.1, target) }) { review = true }
            case .backdropBlur(let outline, let rect, _):
                if contains(outline, transformed(rect), target), clips.allSatisfy({ contains($0.0, $0.1, target) }) { review = true }
            default: break
            }
        }
        return Backdrop(colors: colors, review: review, opacity: itemOpacity, measurable: measurable)
    }

    /// Whether an outline holds a point; polygons and paths never do (see `measurable`).
    func contains(_ outline: ShapeOutline, _ rect: Rect, _ p: Point) -> Bool {
        guard holds(rect, p) else { return false }
        switch outline {
        case .rect, .roundedRect, .topRoundedRect, .capsule: return true
        case .ellipse:
            let dx = (p.x - rect.midX) / max(rect.width / 2, 1e-9), dy = (p.y - rect.midY) / max(rect.height / 2, 1e-9)
            return dx * dx + dy * dy <= 1
        case .polygon, .path: return false
        }
    }
}

import Foundation
import LayoutModel

/// A 2-D affine transform in screen points, as Cairo's matrix: a point (x, y) maps to
/// (a·x + c·y + tx, b·x + d·y + ty).
public struct AffineTransform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    public static func translation(_ x: Double, _ y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }
    /// Clockwise by `degrees` on screen (y points down).
    public static func rotation(degrees: Double) -> AffineTransform {
        let r = degrees * .pi / 180
        return AffineTransform(a: cos(r), b: sin(r), c: -sin(r), d: cos(r), tx: 0, ty: 0)
    }
    public static func scale(_ x: Double, _ y: Double) -> AffineTransform {
        AffineTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// This transform applied after `first`.
    public func after(_ first: AffineTransform) -> AffineTransform {
        AffineTransform(a: a * first.a + c * first.b, b: b * first.a + d * first.b,
                        c: a * first.c + c * first.d, d: b * first.c + d * first.d,
                        tx: a * first.tx + c * first.ty + tx, ty: b * first.tx + d * first.ty + ty)
    }

    /// `linear` (its translation ignored) applied about `anchor`.
    public static func about(_ anchor: Point, _ linear: AffineTransform) -> AffineTransform {
        translation(anchor.x, anchor.y).after(linear).after(translation(-anchor.x, -anchor.y))
    }

    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The axis-aligned box around `rect` once transformed.
    public func boundingBox(of rect: Rect) -> Rect {
        let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                       Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY)].map(apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        return Rect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
    }

    /// Finite and invertible: anything else draws nothing.
    public var isDrawable: Bool {
        [a, b, c, d, tx, ty].allSatisfy(\.isFinite) && abs(a * d - b * c) > 1e-9
    }
}

/// A drop shadow: a Gaussian blur (standard deviation `sigma` points) of the content's alpha,
/// tinted with `color`, drawn under the content moved by `offset`.
public struct Shadow: Hashable, Sendable {
    public var color: RGBA
    public var sigma: Double
    public var offset: Point
    public init(color: RGBA, sigma: Double, offset: Point) {
        self.color = color; self.sigma = sigma; self.offset = offset
    }
}

/// How a `pushMask` layer combines its content with its paint.
public enum MaskMode: Hashable, Sendable {
    /// `.mask`: the content shows where the paint is opaque (the paint's alpha masks it).
    case alpha
    /// A gradient foreground: the paint shows where the content is opaque (glyphs, outlines).
    case paintThrough
}

extension AffineTransform {
    /// The transform seen through `mirror` (right-to-left layout flips the coordinate space):
    /// offsets and anchors move to the other side and rotations turn the other way.
    public func mirrored(_ mirror: HorizontalMirror) -> AffineTransform {
        let w = mirror.width
        return AffineTransform(a: a, b: -b, c: -c, d: d, tx: w - a * w - tx, ty: ty + b * w)
    }
}

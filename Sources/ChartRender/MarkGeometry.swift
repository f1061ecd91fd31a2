import Foundation
import LayoutModel

/// Maps unit coordinates (0...1 of the plot, y top → bottom) to screen points.
public struct PlotMapping: Hashable, Sendable {
    public var plot: Rect
    /// Right-to-left layout: x runs from the plot's right edge.
    public var rightToLeft: Bool
    public init(plot: Rect, rightToLeft: Bool = false) { self.plot = plot; self.rightToLeft = rightToLeft }

    public func point(_ x: Double, _ y: Double) -> Point {
        Point(x: rightToLeft ? plot.maxX - x * plot.width : plot.minX + x * plot.width, y: plot.minY + y * plot.height)
    }

    /// The pixel rect of a unit rect; with `fixedWidth`, that wide and centered on its middle.
    public func rect(x0: Double, x1: Double, y0: Double, y1: Double, fixedWidth: Double? = nil) -> Rect {
        let a = point(min(x0, x1), min(y0, y1)), b = point(max(x0, x1), max(y0, y1))
        let left = min(a.x, b.x), width = abs(b.x - a.x)
        guard let fixedWidth else { return Rect(x: left, y: a.y, width: width, height: b.y - a.y) }
        return Rect(x: left + width / 2 - fixedWidth / 2, y: a.y, width: fixedWidth, height: b.y - a.y)
    }
}

/// Paths of line and area marks for each interpolation, in screen points.
public enum ChartPath {
    /// A line through `points`: straight segments, a Catmull-Rom spline (cubic Béziers) for
    /// `cardinal`, `catmullRom` and `monotone`, right-angle steps for the three step kinds.
    public static func line(_ points: [Point], _ interpolation: ChartInterpolation) -> [PathElement] {
        guard let first = points.first else { return [] }
        return [.move(first)] + segments(points, interpolation)
    }

    /// The region between the `top` and `bottom` curves (same x positions): along the top,
    /// down to the last bottom point, back along the bottom, closed.
    public static func area(top: [Point], bottom: [Point], _ interpolation: ChartInterpolation) -> [PathElement] {
        guard let first = top.first, let lastBottom = bottom.last else { return [] }
        let back = Array(bottom.reversed())
        return [.move(first)] + segments(top, interpolation) + [.line(lastBottom)] + segments(back, interpolation) + [.close]
    }

    /// A device pixel at the largest output scale (`--scale 8`), in points: detail finer than
    /// this is below a pixel at every scale shotter draws.
    public static let finestPixel = 1.0 / 8

    /// `points` with each run of consecutive points in one pixel column (x within the same
    /// `pixel`-wide column) cut to the run's first, lowest, highest and last points, in their
    /// order: the line still reaches the same heights in every column, and a dense series
    /// (100,000 points across a plot) draws a few points per column instead of thousands.
    /// Points at least a pixel apart horizontally are all kept. A line whose x goes back and
    /// forth is not shortened much: its runs are short.
    public static func simplified(_ points: [Point], pixel: Double = finestPixel) -> [Point] {
        var kept: [Point] = []
        var start = 0
        while start < points.count {
            let column = (points[start].x / pixel).rounded(.down)
            var end = start + 1, lowest = start, highest = start
            while end < points.count && (points[end].x / pixel).rounded(.down) == column {
                if points[end].y < points[lowest].y { lowest = end }
                if points[end].y > points[highest].y { highest = end }
                end += 1
            }
            var previous = -1
            for i in [start, min(lowest, highest), max(lowest, highest), end - 1] where i > previous {
                kept.append(points[i])
                previous = i
            }
            start = end
        }
        return kept
    }

    /// The elements after the move to `points[0]`.
    static func segments(_ points: [Point], _ interpolation: ChartInterpolation) -> [PathElement] {
        guard points.count > 1 else { return [] }
        var out: [PathElement] = []
        for i in 0..<(points.count - 1) {
            let p1 = points[i], p2 = points[i + 1]
            switch interpolation {
            case .linear:
                out.append(.line(p2))
            case .cardinal, .catmullRom, .monotone:
                // Uniform Catmull-Rom as Béziers; the end points stand in for missing neighbours.
                let p0 = points[max(0, i - 1)], p3 = points[min(points.count - 1, i + 2)]
                let c1 = Point(x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6)
                let c2 = Point(x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6)
                out.append(.curve(c1, c2, to: p2))
            case .stepStart:
                // The point starts its step: hold its value up to the next x.
                out += [.line(Point(x: p2.x, y: p1.y)), .line(p2)]
            case .stepEnd:
                // The point ends its step: jump at the previous x.
                out += [.line(Point(x: p1.x, y: p2.y)), .line(p2)]
            case .stepCenter:
                let mid = (p1.x + p2.x) / 2
                out += [.line(Point(x: mid, y: p1.y)), .line(Point(x: mid, y: p2.y)), .line(p2)]
            }
        }
        return out
    }
}

/// A symbol drawn as a path: filled (circle, square, triangle, diamond) or stroked lines
/// (cross, plus, asterisk) of `lineWidth`.
public struct SymbolGlyph: Hashable, Sendable {
    public var path: [PathElement]
    public var filled: Bool
    public var lineWidth: Double

    /// Every glyph fits the `size` x `size` square centered on `center`; the stroked ones
    /// reach its inscribed circle and are `size / 4` thick (2 px at the default 8).
    public init(_ symbol: ChartSymbol, center c: Point, size: Double) {
        let r = size / 2
        func p(_ dx: Double, _ dy: Double) -> Point { Point(x: c.x + dx, y: c.y + dy) }
        func polygon(_ points: [Point]) -> [PathElement] {
            guard let first = points.first else { return [] }
            return [.move(first)] + points.dropFirst().map { .line($0) } + [.close]
        }
        func spokes(_ angles: [Double]) -> [PathElement] {
            angles.flatMap { a -> [PathElement] in
                let dx = r * cos(a), dy = r * sin(a)
                return [.move(p(-dx, -dy)), .line(p(dx, dy))]
            }
        }
        lineWidth = size / 4
        switch symbol {
        case .circle:
            // Four quarter arcs; kappa places the control points of a circular Bézier arc.
            let k = 0.5522847498 * r
            path = [.move(p(r, 0)),
                    .curve(p(r, k), p(k, r), to: p(0, r)), .curve(p(-k, r), p(-r, k), to: p(-r, 0)),
                    .curve(p(-r, -k), p(-k, -r), to: p(0, -r)), .curve(p(k, -r), p(r, -k), to: p(r, 0)), .close]
            filled = true
        case .square:
            path = polygon([p(-r, -r), p(r, -r), p(r, r), p(-r, r)])
            filled = true
        case .triangle:
            path = polygon([p(0, -r), p(r, r), p(-r, r)])
            filled = true
        case .diamond:
            path = polygon([p(0, -r), p(r, 0), p(0, r), p(-r, 0)])
            filled = true
        case .cross:
            path = spokes([Double.pi / 4, 3 * Double.pi / 4])
            filled = false
        case .plus:
            path = spokes([0, Double.pi / 2])
            filled = false
        case .asterisk:
            path = spokes([Double.pi / 2, Double.pi / 6, -Double.pi / 6])
            filled = false
        }
    }
}

public enum AnnotationPlacement {
    /// The frame of an annotation of `size` against its mark's pixel rect `anchor`:
    /// `top` / `bottom` put it `spacing` above / below, `leading` / `trailing` beside,
    /// `overlay` on it. `horizontal` / `vertical` (0 leading/top, 0.5 center, 1 trailing/bottom)
    /// align it along the free axis the way a ZStack alignment does.
    public static func frame(size: Size, anchor r: Rect, position: AnnotationPosition,
                             horizontal: Double, vertical: Double, spacing: Double) -> Rect {
        let alignedX = r.minX + (r.width - size.width) * horizontal
        let alignedY = r.minY + (r.height - size.height) * vertical
        let origin: Point = switch position {
        case .top: Point(x: alignedX, y: r.minY - spacing - size.height)
        case .bottom: Point(x: alignedX, y: r.maxY + spacing)
        case .leading: Point(x: r.minX - spacing - size.width, y: alignedY)
        case .trailing: Point(x: r.maxX + spacing, y: alignedY)
        case .overlay: Point(x: alignedX, y: alignedY)
        }
        return Rect(origin: origin, size: size)
    }
}

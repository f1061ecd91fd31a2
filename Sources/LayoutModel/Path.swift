/// One step of a vector path in absolute screen points: what chart marks are drawn with, so
/// curves reach the PNG and the SVG as real cubic Béziers rather than flattened polylines.
public enum PathElement: Hashable, Sendable {
    case move(Point)
    case line(Point)
    /// A cubic Bézier from the current point through two control points to `to`.
    case curve(Point, Point, to: Point)
    case close

    /// Every point the element names (control points included).
    public var points: [Point] {
        switch self {
        case .move(let p), .line(let p): [p]
        case .curve(let c1, let c2, let p): [c1, c2, p]
        case .close: []
        }
    }
}

extension Array where Element == PathElement {
    /// The box around every point of the path, control points included (a Bézier lies inside
    /// its control polygon, so this contains the curve); nil for a path without points.
    public var bounds: Rect? {
        let all = flatMap(\.points)
        guard let first = all.first else { return nil }
        var (x0, y0, x1, y1) = (first.x, first.y, first.x, first.y)
        for p in all.dropFirst() {
            x0 = Swift.min(x0, p.x); y0 = Swift.min(y0, p.y)
            x1 = Swift.max(x1, p.x); y1 = Swift.max(y1, p.y)
        }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
